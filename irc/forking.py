"""Work done by a forked child, its result sent back as bytes.

Used where one large job splits into a part for this process and a part
for a second one (the builder's split walk, `irc.ir.split`; the printer's
second half, `irc.output.forked`).

Algorithm.  `fork()` makes a pipe and a file held in memory (`memfd`,
else an unlinked temporary file) and forks: the parent gets the `Child`,
the child its `Sender`, and the child goes on from there (the builder's
child walks on in the same function).  `Sender.send(data)` writes the
bytes to the file, then the byte count (8 bytes little-endian; all ones
for None: "make this part yourself") to the pipe, and ends the child with
`os._exit` (no clean-up of the parent's state: no stdio buffer flushed
twice, no `atexit` handler run); `Sender.fail()` ends it with a non-zero
status.  The child never waits for the parent to read: a pipe's buffer
holds 64 KiB, so the bytes of a large part would otherwise cross only once
the parent is done with its own part.  `start(work)` is `fork()` with a
child that sends `work()`'s bytes (a failure if it raises).  The parent
goes on with its own part, then `Child.receive()` waits for the count,
reads the bytes and reaps the child: None if the child failed, declined,
or wrote fewer bytes than announced.  `Child.discard()` kills and reaps a
child whose part is no longer wanted.

Invariants.  Nothing the child does reaches the parent except the bytes;
the child only reads what the parent made before the fork (shared
copy-on-write).  The file and the pipe are closed on every path.  Forking
is declined where it is unsafe or useless (`can_fork`): no `os.fork`, more
than one thread in the process (a lock another thread holds would stay
held in the child), or fewer than two CPUs.
"""
from __future__ import annotations

import os
import signal
import tempfile
import threading
from dataclasses import dataclass
from typing import Callable, NoReturn

_DECLINED = (1 << 64) - 1  # the count of a child that declined


def can_fork() -> bool:
    """Whether a second process may do part of the work here (see the module doc)."""
    if not hasattr(os, "fork") or threading.active_count() != 1:
        return False
    cpus = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
    return cpus >= 2


@dataclass(frozen=True, slots=True)
class Child:
    """A forked child, the read end of its pipe and the file of its bytes."""

    pid: int
    fd: int
    data_fd: int

    def receive(self) -> bytes | None:
        """The child's bytes, or None if it failed or declined; the child is reaped."""
        try:
            with os.fdopen(self.fd, "rb") as fh:
                head = fh.read(8)
            _, status = os.waitpid(self.pid, 0)
            size = int.from_bytes(head, "little") if len(head) == 8 else _DECLINED
            if status != 0 or size == _DECLINED or os.fstat(self.data_fd).st_size != size:
                return None
            return os.pread(self.data_fd, size, 0) if size else b""
        finally:
            os.close(self.data_fd)

    def discard(self) -> None:
        """Stop and reap a child whose part is not wanted."""
        try:
            os.kill(self.pid, signal.SIGKILL)
        except OSError:
            pass
        for fd in (self.fd, self.data_fd):
            try:
                os.close(fd)
            except OSError:
                pass
        try:
            os.waitpid(self.pid, 0)
        except OSError:
            pass


@dataclass(frozen=True, slots=True)
class Sender:
    """The child's ends of the pipe and the file.  Its methods end the process."""

    fd: int
    data_fd: int

    def send(self, data: bytes | list[bytes] | None) -> NoReturn:
        """Send `data` (pieces sent as one, in order; None: decline) and end the child."""
        status = 1
        try:
            size = _DECLINED
            if data is not None:
                size = 0
                for piece in [data] if type(data) is bytes else data:
                    view = memoryview(piece)
                    while view:
                        k = os.write(self.data_fd, view)
                        view = view[k:]
                        size += k
            os.write(self.fd, size.to_bytes(8, "little"))
            status = 0
        finally:
            os._exit(status)

    @staticmethod
    def fail() -> NoReturn:
        """End the child with a failure (the parent does its part itself)."""
        os._exit(1)


def _memory_file() -> int:
    """A file for the child's bytes: in memory where the system has `memfd_create`."""
    if hasattr(os, "memfd_create"):
        try:
            return os.memfd_create("irc-part", os.MFD_CLOEXEC)
        except OSError:
            pass
    fh = tempfile.TemporaryFile()
    fd = os.dup(fh.fileno())
    fh.close()
    return fd


def fork() -> Child | Sender | None:
    """Fork with a pipe and a file from the child to the parent: the `Child`
    in the parent, the child's `Sender` in the child (which must end by
    `send` or `fail`), None if no child could be made."""
    if not hasattr(os, "fork"):
        return None
    try:
        data_fd = _memory_file()
    except OSError:
        return None
    try:
        r, w = os.pipe()
    except OSError:
        os.close(data_fd)
        return None
    try:
        pid = os.fork()
    except OSError:
        for fd in (r, w, data_fd):
            os.close(fd)
        return None
    if pid == 0:
        os.close(r)
        return Sender(w, data_fd)
    os.close(w)
    return Child(pid, r, data_fd)


def start(work: Callable[[], bytes | list[bytes] | None]) -> Child | None:
    """Fork a child that sends `work()`'s bytes; None if no child could be made."""
    forked = fork()
    if type(forked) is Sender:  # the child: never returns
        try:
            data = work()
        except BaseException:  # noqa: BLE001 - the parent makes this part itself
            forked.fail()
        forked.send(data)
    return forked
