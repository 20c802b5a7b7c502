"""`--scheduler tcp://HOST:PORT`: run each input as a task on a Dask cluster.

Algorithm: `run_with_cluster(address, run, stderr)` connects a
`distributed.Client` to a running scheduler, checks that every worker can
import irc at this very version (`irc.__version__`; a worker without irc or
with another version would give other answers), waits a little for a first
worker when none is connected yet, then calls `run(cluster)` and closes the
client.  `Cluster.map(worker, tasks, on_error)` is the cluster's
`run_pool`: it submits `worker(task)` for each task -- the task carries the
input's text, read where the command runs, so workers need no shared
filesystem -- keeping at most `window` tasks in flight (a few per worker
thread: a million inputs are never all in memory or all on the scheduler at
once), and yields the results **in task order**, so the output is
byte-identical to a local run.  A task given as `Done(result)` was settled
locally (an unreadable input: the worker's own error report, made here) and
is passed through in its place.  A task the cluster could not run (a
worker died, a result that would not travel) becomes `on_error(task, exc)`,
an error for that input only; the other inputs go on.

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
        return max(MIN_WINDOW, IN_FLIGHT_PER_THREAD * self.threads)

    def map(self, worker: Callable[[Any], Any], tasks: Iterable[Any],
            on_error: Callable[[Any, BaseException], Any]) -> Iterator[Any]:
        """`worker(task)` on the cluster for every task; results in task order (see the module doc)."""
        pending: deque = deque()
        it = iter(tasks)
        exhausted = False

        def refill() -> None:
            nonlocal exhausted
            while not exhausted and len(pending) < self.window:
                try:
                    task = next(it)
                except StopIteration:
                    exhausted = True
                    return
                fut = None if isinstance(task, Done) else self.client.submit(worker, task, pure=False)
                pending.append((task, fut))

        refill()
        while pending:
            task, fut = pending.popleft()
            if fut is None:
                result = task.result
            else:
                try:
                    result = fut.result()
                except Exception as e:  # noqa: BLE001 - one input's failure is that input's error
                    result = on_error(task, e)
                finally:
                    fut.release()
            refill()
            yield result


def connect(address: str, connect_timeout: float | None = None, worker_wait: float | None = None) -> Cluster:
    """A `Cluster` on the scheduler at `address`, checked (see the module doc);
    raises `ClusterError`.  Timeouts default to `CONNECT_TIMEOUT` and `WORKER_WAIT`."""
    connect_timeout = CONNECT_TIMEOUT if connect_timeout is None else connect_timeout
    worker_wait = WORKER_WAIT if worker_wait is None else worker_wait
    try:
        from distributed import Client
    except ImportError as e:
        raise ClusterError(f"--scheduler needs Dask's distributed package ({e}); "
                           "install it with: pip install 'irc[cluster]'") from e
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
