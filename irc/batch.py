"""Many inputs, one run: input discovery, a process pool, atomic output files.

Algorithm:

- `collect_inputs` expands the command line: a file is taken as given, a
  directory contributes every `*.ir` file below it (recursively, sorted by
  path), `-` means standard input.  A path that does not exist is kept and
  reported as that input's error when it is processed, so one bad argument
  never stops the others.
- `run_pool` applies a picklable worker to every task, in a process pool when
  `jobs > 1` (in-process otherwise), and yields the outcomes **in input
  order** as they become available, so output is deterministic whatever the
  scheduling.  A worker that raises is turned into an error outcome by the
  caller's `on_crash`; the pool never dies on one file.
- `atomic_write` writes a whole file or nothing: the text goes to a
  temporary file in the destination's directory, is flushed and fsynced,
  then renamed over the destination (`os.replace`, atomic on POSIX).  On any
  failure the temporary file is removed and the destination is untouched.
- `Progress` shows a rich progress bar on stderr only when stderr is a
  terminal and the run is long (many inputs or a large total size); rich is
  imported lazily and is optional.

Invariants: outcomes come back in input order; no partial output file is
ever left at a destination path.
"""
from __future__ import annotations

import os
import sys
import tempfile
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Callable, Iterable, Iterator, TypeVar

STDIN = "-"

T = TypeVar("T")
R = TypeVar("R")


def collect_inputs(paths: Iterable[str]) -> list[str]:
    """Expand files, directories (every `*.ir` below, sorted) and `-`."""
    out: list[str] = []
    for p in paths:
        if p == STDIN:
            out.append(p)
            continue
        path = Path(p)
        if path.is_dir():
            out.extend(str(f) for f in sorted(path.rglob("*.ir")) if f.is_file())
        else:
            out.append(p)
    return out


def output_name(input_path: str, suffix: str) -> str:
    """File name for one input's output in `--out-dir`: `x.ir` -> `x<suffix>`."""
    if input_path == STDIN:
        return "stdin" + suffix
    name = Path(input_path).name
    if name.endswith(".ir"):
        name = name[: -len(".ir")]
    return name + suffix


def output_paths(inputs: list[str], out_dir: str, suffix: str) -> list[str]:
    """One distinct output path per input under `out_dir`.

    Inputs with the same file name (from different folders) get `-2`, `-3`
    … appended in input order, so no output overwrites another.
    """
    seen: dict[str, int] = {}
    result = []
    for p in inputs:
        name = output_name(p, suffix)
        n = seen.get(name, 0) + 1
        seen[name] = n
        if n > 1:
            stem = name[: -len(suffix)] if suffix and name.endswith(suffix) else name
            name = f"{stem}-{n}{suffix}"
        result.append(os.path.join(out_dir, name))
    return result


def atomic_write(path: str, text: str) -> None:
    """Write `text` to `path` whole or not at all (temp file + fsync + rename)."""
    directory = os.path.dirname(os.path.abspath(path)) or "."
    os.makedirs(directory, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix="." + os.path.basename(path) + ".", suffix=".tmp", dir=directory)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def read_input(path: str) -> str:
    """The text of one input (`-` reads standard input).  Raises OSError/UnicodeError."""
    if path == STDIN:
        return sys.stdin.read()
    with open(path, encoding="utf-8") as fh:
        return fh.read()


def run_pool(worker: Callable[[T], R], tasks: list[T], jobs: int) -> Iterator[R]:
    """Apply `worker` to every task; yield results in task order.

    `jobs <= 1` or a single task runs in-process (no pickling, no fork cost).
    Tasks and results must be picklable when `jobs > 1`.  Standard input is
    read by the caller before tasks are built, so workers never touch it.
    """
    if jobs <= 1 or len(tasks) <= 1:
        for t in tasks:
            yield worker(t)
        return
    with ProcessPoolExecutor(max_workers=min(jobs, len(tasks))) as pool:
        yield from pool.map(worker, tasks, chunksize=1)


class Progress:
    """A progress bar on stderr for long runs on a terminal; a no-op otherwise.

    "Long" means at least `min_files` inputs or `min_bytes` of input in total.
    rich is imported only when the bar is actually shown.
    """

    def __init__(self, total: int, total_bytes: int, enabled: bool | None = None,
                 min_files: int = 8, min_bytes: int = 2_000_000):
        if enabled is None:
            enabled = sys.stderr.isatty() and (total >= min_files or total_bytes >= min_bytes)
        self._bar = None
        self._task = None
        if enabled and total > 0:
            try:
                from rich.console import Console
                from rich.progress import BarColumn, MofNCompleteColumn, Progress as RichProgress, TextColumn, TimeElapsedColumn
            except ImportError:  # rich is optional
                return
            self._bar = RichProgress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                                     TimeElapsedColumn(), console=Console(stderr=True), transient=True)
            self._task = self._bar.add_task("irc infer", total=total)

    def __enter__(self) -> "Progress":
        if self._bar is not None:
            self._bar.start()
        return self

    def advance(self, label: str = "") -> None:
        if self._bar is not None:
            self._bar.update(self._task, advance=1, description=label[-40:] or "irc infer")

    def __exit__(self, *exc) -> None:
        if self._bar is not None:
            self._bar.stop()


def input_size(path: str) -> int:
    try:
        return 0 if path == STDIN else os.path.getsize(path)
    except OSError:
        return 0
