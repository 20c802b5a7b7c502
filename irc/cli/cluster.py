"""`--scheduler tcp://HOST:PORT`: run each input as a task on a Dask cluster.

Algorithm: `run_with_cluster(address, run, stderr)` connects a
`distributed.Client` to a running scheduler, checks that every worker can
import irc at this very version (`irc.__version__`; a worker without irc or
with another version would give other answers), waits a little for a first
worker when none is connected yet, then calls `run(cluster)` and closes the
client.  `Cluster.map(worker, tasks, on_error, total)` is the cluster's
`run_pool`: it submits `worker` over the tasks -- each task carries the
input's text, read where the command runs, so workers need no shared
filesystem -- in chunks of consecutive tasks (`chunk_size`: up to
`MAX_CHUNK` inputs or `CHUNK_BYTES` of text per Dask task, fewer when the
corpus is small, so every worker still gets several chunks; the scheduler's
cost is per Dask task, and a corpus of small files would otherwise be bound
by it), keeping at most `window` chunks in flight (a few per worker thread:
a million inputs are never all in memory or all on the scheduler at once),
and yields the results **in task order**, so the output is byte-identical
to a local run.  A task given as `Done(result)` was settled
locally (an unreadable input: the worker's own error report, made here) and
is passed through in its place.  A chunk the cluster could not run (a
worker died, a result that would not travel) becomes `on_error(task, exc)`
for each of its inputs; the other inputs go on.

Results come back to the command, which writes the outputs (atomically,
`batch.atomic_write`) where it runs.

Invariants: `distributed` is imported only here and only when a scheduler
is given (`irc infer` without `--scheduler` imports nothing of Dask);
results are yielded exactly once per task, in task order; the client is
closed on every exit path.
"""
from __future__ import annotations

import sys
from collections import deque
from dataclasses import dataclass
from typing import Any, Callable, Iterable, Iterator, TextIO

#: tasks in flight per worker thread (keeps every worker busy while the
#: command waits for the result that comes next in input order)
IN_FLIGHT_PER_THREAD = 4
MIN_WINDOW = 16
MAX_WINDOW = 1024  # chunks in flight at most, however big the cluster (bounds the memory held here)
MAX_CHUNK = 32  # inputs per Dask task at most
CHUNK_BYTES = 1 << 20  # input text per Dask task at most (a bigger input goes alone)
CHUNKS_PER_THREAD = 8  # a small corpus is cut so that each worker thread gets about this many chunks
CONNECT_TIMEOUT = 10  # seconds to reach the scheduler
WORKER_WAIT = 30  # seconds to wait for a first worker when none is connected


class ClusterError(Exception):
    """The cluster cannot be used (no `distributed`, unreachable, no worker,
    workers without this irc); the message says why in words."""


@dataclass(frozen=True, slots=True)
class Done:
    """A task already settled where the command runs; `result` is yielded as is."""

    result: Any


def irc_version() -> str:
    """Run on each worker: the irc version it imports (fails where irc is missing)."""
    from irc import __version__

    return __version__


class Cluster:
    """A connected client and the worker threads it saw at connection time."""

    def __init__(self, client: Any, threads: int):
        self.client = client
        self.threads = threads

    @property
    def window(self) -> int:
        return min(MAX_WINDOW, max(MIN_WINDOW, IN_FLIGHT_PER_THREAD * self.threads))

    def chunk_size(self, total: int | None) -> int:
        """Inputs per Dask task: `MAX_CHUNK`, fewer for a corpus too small to
        give each worker thread `CHUNKS_PER_THREAD` chunks of that size."""
        if total is None:
            return MAX_CHUNK
        return max(1, min(MAX_CHUNK, total // (CHUNKS_PER_THREAD * max(1, self.threads))))

    def map(self, worker: Callable[[Any], Any], tasks: Iterable[Any],
            on_error: Callable[[Any, BaseException], Any], total: int | None = None) -> Iterator[Any]:
        """`worker(task)` on the cluster for every task (`total`: how many, when
        known); results in task order (see the module doc)."""
        size = self.chunk_size(total)
        pending: deque = deque()  # (Done, None) or (chunk of tasks, future of their results)
        it = iter(tasks)
        exhausted = False

        def refill() -> None:
            nonlocal exhausted
            chunk: list = []
            text = 0
            while not exhausted and len(pending) < self.window:
                task = next(it, _END)
                if task is _END:
                    exhausted = True
                elif isinstance(task, Done):
                    submit(chunk)
                    chunk, text = [], 0
                    pending.append((task, None))
                    continue
                else:
                    chunk.append(task)
                    text += _text_size(task)
                    if len(chunk) < size and text < CHUNK_BYTES:
                        continue
                submit(chunk)
                chunk, text = [], 0
            submit(chunk)

        def submit(chunk: list) -> None:
            if chunk:
                pending.append((chunk, self.client.submit(run_chunk, worker, chunk, pure=False)))

        refill()
        while pending:
            item, fut = pending.popleft()
            if fut is None:
                results = [item.result]
            else:
                try:
                    results = fut.result()
                except Exception as e:  # noqa: BLE001 - a chunk's failure is its inputs' error
                    results = [on_error(task, e) for task in item]
                finally:
                    fut.release()
            refill()
            yield from results


_END = object()


def _text_size(task: Any) -> int:
    text = task[1] if isinstance(task, tuple) and len(task) > 1 else None
    return len(text) if isinstance(text, str) else 0


def run_chunk(worker: Callable[[Any], Any], chunk: list) -> list:
    """Run on a worker: `worker` over consecutive tasks, results in order."""
    return [worker(task) for task in chunk]


def connect(address: str, connect_timeout: float | None = None, worker_wait: float | None = None) -> Cluster:
    """A `Cluster` on the scheduler at `address`, checked (see the module doc);
    raises `ClusterError`.  Timeouts default to `CONNECT_TIMEOUT` and `WORKER_WAIT`."""
    connect_timeout = CONNECT_TIMEOUT if connect_timeout is None else connect_timeout
    worker_wait = WORKER_WAIT if worker_wait is None else worker_wait
    try:
        from distributed import Client
    except ImportError as e:
        raise ClusterError(f"--scheduler needs Dask's distributed package ({e}); "
                           "install it with: pip install 'julia-irc[cluster]'") from e
    try:
        client = Client(address, timeout=connect_timeout, set_as_default=False)
    except (OSError, TimeoutError, ValueError) as e:
        raise ClusterError(f"cannot reach the Dask scheduler at {address}: {e}") from e
    try:
        threads = sum(client.nthreads().values())
        if not threads:
            try:
                client.wait_for_workers(1, timeout=worker_wait)
            except (TimeoutError, OSError) as e:
                raise ClusterError(f"no worker is connected to the Dask scheduler at {address} "
                                   f"(waited {worker_wait:g} s)") from e
            threads = sum(client.nthreads().values())
        from irc import __version__

        try:
            versions = client.run(irc_version)
        except Exception as e:  # noqa: BLE001 - a worker that cannot import irc
            raise ClusterError(f"a worker of {address} cannot run irc ({type(e).__name__}: {e}); "
                               f"install irc {__version__} with its cluster extra on every worker") from e
        other = {w: v for w, v in versions.items() if v != __version__}
        if other:
            listed = ", ".join(f"{w} has {v}" for w, v in sorted(other.items()))
            raise ClusterError(f"workers must run irc {__version__}, as here: {listed}")
        return Cluster(client, threads)
    except BaseException:
        client.close()
        raise


def run_with_cluster(address: str | None, run: Callable[[Cluster | None], int], stderr: TextIO | None = None) -> int:
    """`run(None)` without an address; else `run(cluster)` on a connected,
    checked cluster, closed afterwards.  A cluster that cannot be used is
    reported on stderr with exit status 2 (nothing was analysed)."""
    if address is None:
        return run(None)
    stderr = stderr or sys.stderr
    try:
        cluster = connect(address)
    except ClusterError as e:
        stderr.write(f"error: {e}\n")
        return 2
    try:
        return run(cluster)
    finally:
        cluster.client.close()
