"""A large body printed by two processes: the last 45 % of its runs in a forked child.

Algorithm.  `split_pieces(make, n)` takes `text.body_pieces_maker`'s
`make(part)` (everything the lines need is computed before the fork, so the
child shares it copy-on-write) and the body's number of statements `n`:

1. fork; the child makes the pieces of the runs that begin at statement
   `mid = 11 n / 20 + 1` or later (45 % of the lines: a line of the second
   part costs it more, as it joins and encodes them too; `irc infer`'s
   print phase on W1 measured slower at 52.5/47.5 and at 60/40), joins them into whole lines (each ending in
   its newline), encodes them as UTF-8 and sends them through a pipe:
   a header (the byte count and the line count, 8 bytes each,
   little-endian), then the bytes; then it ends with `os._exit` (no
   clean-up of the parent's state: no stdio buffer flushed twice, no
   `atexit` handler run);
2. meanwhile the parent yields the pieces of the runs that begin before
   `mid`;
3. the parent then reads the child's bytes and yields them as one piece
   `(bytes, lines)`; if anything went wrong (no fork, the child failed,
   fewer bytes than announced) it makes the second part itself.

Invariants.  The two parts are `stmtlines.iter_tail_runs`' runs for a
partition of the statements, cut where the whole body's runs are cut, so
their lines in order are the whole body's lines: the output is the same
bytes with and without a second process (tests/output/test_forked.py).
The child only reads what the parent made; nothing it does reaches the
parent except the bytes.  A generator closed early kills and reaps its
child.  Forking is declined where it is unsafe or useless: no `os.fork`,
more than one thread in the process (a lock another thread holds would
stay held in the child), or fewer than two CPUs.
"""
from __future__ import annotations

import os
import signal
import threading
from typing import Callable, Iterator

FORK_MIN = 50_000  # statements: `irc infer`, running its inputs in-process, prints a longer body with two processes
Part = tuple[int, int] | None
Pieces = Iterator[tuple[str, int]]


def can_fork() -> bool:
    """Whether `split_pieces` may fork here (see the module doc)."""
    if not hasattr(os, "fork") or threading.active_count() != 1:
        return False
    cpus = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
    return cpus >= 2


def split_pieces(make: Callable[[Part], Pieces], n: int, fork: bool | None = None) -> Iterator[tuple[str | bytes, int]]:
    """`make(None)`'s pieces, the runs from statement `mid` on as one
    `(bytes, lines)` piece made by a forked child (see the module doc).
    `fork`: None asks `can_fork()`; True forks wherever `os.fork` exists
    (tests); False never."""
    mid = n * 11 // 20 + 1  # (the child's part costs more a line: longer numbers, and it joins and encodes)
    first, second = (0, mid), (mid, n + 2)
    if fork is None:
        fork = can_fork()
    child = _start(make, second) if fork and hasattr(os, "fork") else None
    if child is None:
        yield from make(None)
        return
    pid, fd = child
    done = False
    try:
        yield from make(first)
        data = _receive(fd, pid)
        done = True
    finally:
        if not done:  # closed early or failed: the child is no longer wanted
            _discard(fd, pid)
    if data is None:  # the child failed: the second part here
        yield from make(second)
    else:
        yield data


def _start(make: Callable[[Part], Pieces], part: Part) -> tuple[int, int] | None:
    """Fork a child that sends `make(part)`'s lines; (pid, read end) or None."""
    try:
        r, w = os.pipe()
    except OSError:
        return None
    try:
        pid = os.fork()
    except OSError:
        os.close(r)
        os.close(w)
        return None
    if pid == 0:  # the child: never returns
        status = 1
        try:
            os.close(r)
            texts, lines = [], 0
            for text, k in make(part):
                if k:
                    texts.append(text)
                    lines += k
            texts.append("")  # the last line's newline
            data = "\n".join(texts).encode() if lines else b""
            with os.fdopen(w, "wb") as fh:
                fh.write(len(data).to_bytes(8, "little") + lines.to_bytes(8, "little"))
                fh.write(data)
            status = 0
        except BaseException:  # noqa: BLE001 - the parent makes this part itself
            pass
        finally:
            os._exit(status)
    os.close(w)
    return pid, r


def _receive(fd: int, pid: int) -> tuple[bytes, int] | None:
    """The child's (bytes, lines), or None if it failed; the child is reaped."""
    with os.fdopen(fd, "rb") as fh:
        head = fh.read(16)
        data = fh.read()
    _, status = os.waitpid(pid, 0)
    if status != 0 or len(head) != 16 or int.from_bytes(head[:8], "little") != len(data):
        return None
    return data, int.from_bytes(head[8:], "little")


def _discard(fd: int, pid: int) -> None:
    """Stop and reap a child whose part is not wanted."""
    try:
        os.kill(pid, signal.SIGKILL)
    except OSError:
        pass
    try:
        os.close(fd)
    except OSError:
        pass
    try:
        os.waitpid(pid, 0)
    except OSError:
        pass
