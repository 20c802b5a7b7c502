"""Timing helpers shared by the bench scripts: one child process timed, medians and ratios.

`run_timed(cmd, …)` starts `cmd` in a fresh process and waits for it with
`os.wait4`, so the figures are that child's alone: wall seconds (around the
process), CPU seconds (user + system) and peak RSS (`ru_maxrss`, MiB).  A
`timeout` kills the child (its exit status then says so).  Linux folds a
parent's peak RSS into a forked child's `ru_maxrss`: a harness that wants
honest child figures must not hold big data itself (generate inputs in a
child: `bench/workloads.py`).

`median(values)` is the median, NaN when there are none (a cell that did not
run prints `–`, never raises); `ratio(a, b)` is a / b, NaN when b is 0 or
NaN.  Pure functions, no state.
"""
from __future__ import annotations

import math
import os
import statistics
import subprocess
import tempfile
import threading
import time
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

NAN = float("nan")


@dataclass(frozen=True, slots=True)
class Timed:
    """One child process: wall and CPU seconds, peak RSS in MiB, exit status, its stderr."""

    wall: float
    cpu: float
    rss_mb: float
    rc: int
    stderr: bytes


def run_timed(cmd: list[str], cwd: Path, env: dict[str, str] | None = None, timeout: float | None = None,
              stdout=subprocess.DEVNULL) -> Timed:
    """Run `cmd` in a fresh process (stdout to `stdout`: a file object or DEVNULL; stderr kept) and time it."""
    with tempfile.TemporaryFile() as err:
        t0 = time.perf_counter()
        p = subprocess.Popen(cmd, stdout=stdout, stderr=err, cwd=cwd, env=env)
        killer = threading.Timer(timeout, p.kill) if timeout is not None else None
        if killer is not None:
            killer.start()
        try:
            _, status, ru = os.wait4(p.pid, 0)
        finally:
            if killer is not None:
                killer.cancel()
        wall = time.perf_counter() - t0
        p.returncode = os.waitstatus_to_exitcode(status)
        err.seek(0)
        return Timed(wall, ru.ru_utime + ru.ru_stime, ru.ru_maxrss / 1024.0, p.returncode, err.read())


def median(values: Iterable[float]) -> float:
    """The median of `values`; NaN when there are none."""
    vals = list(values)
    return statistics.median(vals) if vals else NAN


def ratio(a: float, b: float) -> float:
    """a / b; NaN when b is 0 or NaN."""
    return a / b if b and not math.isnan(b) else NAN
