"""Many inputs, one run: input discovery, a process pool, atomic output files.

Algorithm:

- `collect_inputs` expands the command line: a file is taken as given, a
  directory contributes every `*.ir` file below it (recursively, sorted by
  path), `-` means standard input.  `expand_inputs` also returns the other
  files found in each directory, which the commands name in one note per
  directory on stderr (`skipped_note`: the count and the first five).  A path that does not exist is kept and
  reported as that input's error when it is processed, so one bad argument
  never stops the others.
- `run_pool` applies a picklable worker to every task, in a process pool when
  `jobs > 1` (in-process otherwise), and yields the outcomes **in input
  order** as they become available, so output is deterministic whatever the
  scheduling.  A worker that raises is turned into an error outcome by the
  caller's `on_crash`; the pool never dies on one file.  `run_tasks` is
  the same over a Dask cluster when one is given (`--scheduler`,
  `irc.cli.cluster`), each task carrying its input's text.
- `atomic_write` writes a whole file or nothing: the text goes to a
  temporary file in the destination's directory, is flushed and fsynced,
  then renamed over the destination (`os.replace`, atomic on POSIX).  On any
  failure the temporary file is removed and the destination is untouched.
- `Progress` shows a rich progress bar on stderr only when stderr is a
  terminal and the run is long (many inputs or a large total size); rich is
  imported lazily and is optional.

- `infer_main` is `irc infer` over many inputs (`cli_infer` validates the
  options first): each input goes through `irc.driver.process_file` (in the
  pool), its diagnostics go to stderr as soon as it is done, its output to
  stdout (text/jsonl as it comes; one JSON document at the end), to `-o
  FILE` (written once at the end) or to its own file in `--out-dir`.
  The annotated text comes as UTF-8 pieces (`RenderOptions.encoded`,
  `Outcome.encoded`: rendered whole first, so a printing error still
  leaves no output) and is written piece by piece (`write_pieces`: straight
  to stdout's binary buffer when it writes UTF-8; `atomic_write` of a
  list), never joined into one string.  A
  failed input prints its errors and writes nothing; the others go on.
  `--check` and `--warn-only` with `--format json|jsonl` print a report
  (`irc.diagnose.reports`) instead of text.  An input with no function is a
  warning about the whole file.  Exit status: 1 when an input failed,
  `--check` found a difference or `--strict` saw a warning (with `--quiet`
  one line says so); 2 for bad usage; else 0.

- Destinations are checked before any work (`destination_problem`: `-o`
  must not be a directory, `--out-dir` must not be a file, a missing path
  must not lie under a file) and every write reports its failure as
  `path: error: cannot write: …` (`write_output`), never a traceback.

Invariants: outcomes come back in input order; no partial output file is
ever left at a destination path.
"""
from __future__ import annotations

import dataclasses
import os
import re
import sys
import tempfile
from functools import partial
from pathlib import Path
from fnmatch import fnmatchcase
from typing import Any, Callable, Iterable, Iterator, Sequence, TextIO, TypeVar

STDIN = "-"

T = TypeVar("T")
R = TypeVar("R")


PASTE_SUFFIXES = (".txt", ".jl")
# a line that only Julia's printed IR starts with: a header, `CodeInfo(`, `Body::`, a block's first line
_JULIA_OUTPUT = r"^[ \t]*(?:MethodInstance for |CodeInfo\(|Body::|Variables$|\d+ [─┄] +(?:%\d+ +=|\S))"


def looks_like_julia_output(path: Path, limit: int = 1 << 18) -> bool:
    """Whether a `.txt`/`.jl` file in a directory input is a paste of Julia's output: one of its
    first `limit` bytes' lines starts as only printed IR does (`MethodInstance for`, `CodeInfo(`,
    `Body::`, `Variables`, a block header `1 ─ %1 = …`)."""
    try:
        with open(path, "rb") as f:
            head = f.read(limit).decode("utf-8", errors="replace")
    except OSError:
        return False
    return re.search(_JULIA_OUTPUT, head, re.M) is not None  # (re caches the compiled pattern)


def matches_glob(relative: str, globs: Sequence[str]) -> bool:
    """Whether a file's path relative to a directory input (`/`-separated) matches one of `globs`:
    shell wildcards (`*`, `?`, `[abc]`), case-sensitive, `*` crossing `/` (so `*.txt` takes the
    `.txt` files at every depth and `week3/*` everything under `week3/`)."""
    return any(fnmatchcase(relative, g) for g in globs)


def expand_inputs(paths: Iterable[str], globs: Sequence[str] = ()) -> tuple[list[str], list[tuple[str, list[str]]]]:
    """Expand files, directories (every `*.ir` below, and every `.txt`/`.jl` file that looks like
    Julia's output, `looks_like_julia_output`; with `globs` (`--glob`), instead, every file below
    whose relative path matches one, `matches_glob`, whatever it holds; sorted) and `-`; also
    return, per directory that held other files, those files (paths relative
    to the directory, sorted): what the run skipped.  A file named on the command line is taken
    as given, `globs` or not."""
    out: list[str] = []
    skipped: list[tuple[str, list[str]]] = []
    for p in paths:
        if p == STDIN:
            out.append(p)
            continue
        path = Path(p)
        if path.is_dir():
            others = []
            for f in sorted(path.rglob("*")):
                if not f.is_file():
                    continue
                if (matches_glob(f.relative_to(path).as_posix(), globs) if globs else
                        f.name.endswith(".ir") or (f.suffix in PASTE_SUFFIXES and looks_like_julia_output(f))):
                    out.append(str(f))
                else:
                    others.append(str(f.relative_to(path)))
            if others:
                skipped.append((p, others))
        else:
            out.append(p)
    return out, skipped


def collect_inputs(paths: Iterable[str], globs: Sequence[str] = ()) -> list[str]:
    """Expand files, directories (`expand_inputs`) and `-`."""
    return expand_inputs(paths, globs)[0]


def skipped_note(directory: str, names: list[str], shown: int = 5, globs: Sequence[str] = ()) -> str:
    """One line saying what a directory input skipped (neither `.ir` files nor pastes; with
    `globs`, the files that match none)."""
    listed = ", ".join(names[:shown]) + (f" and {len(names) - shown} more" if len(names) > shown else "")
    files = "file" if len(names) == 1 else "files"
    what = ("matching no --glob (" + ", ".join(globs) + ")" if globs else
            "neither .ir nor a .txt/.jl paste of Julia's output")
    return f"{directory}: note: skipped {len(names)} {files} {what}: {listed}\n"


def skipped_notes(skipped: list[tuple[str, list[str]]], globs: Sequence[str] = ()) -> str:
    """`skipped_note` of every directory that skipped files, in order."""
    return "".join(skipped_note(d, names, globs=globs) for d, names in skipped)


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


def atomic_write(path: str, text: str | bytes | list[str | bytes]) -> None:
    """Write `text` (str, bytes, or a list of str and UTF-8 bytes pieces, in
    order) to `path` whole or not at all (temp file + fsync + rename)."""
    directory = os.path.dirname(os.path.abspath(path)) or "."
    os.makedirs(directory, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix="." + os.path.basename(path) + ".", suffix=".tmp", dir=directory)
    try:
        os.fchmod(fd, _file_mode(path))
        if isinstance(text, list):  # pieces: each written as it comes, str as UTF-8
            with os.fdopen(fd, "wb") as fh:
                for piece in text:
                    fh.write(piece.encode("utf-8") if isinstance(piece, str) else piece)
                fh.flush()
                os.fsync(fh.fileno())
            os.replace(tmp, path)
            return
        binary = isinstance(text, (bytes, bytearray))
        with (os.fdopen(fd, "wb") if binary else os.fdopen(fd, "w", encoding="utf-8", newline="\n")) as fh:
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


def destination_problem(path: str, directory: bool = False) -> str | None:
    """Why `path` cannot be an output file (`directory`: an output directory),
    or None: an existing directory where a file is wanted or the reverse, or a
    missing path under an ancestor that is a file."""
    full = os.path.abspath(path)
    if os.path.exists(full):
        if directory and not os.path.isdir(full):
            return "--out-dir needs a directory, and this is a file"
        if not directory and os.path.isdir(full):
            return "this is a directory; give a file name"
        return None
    parent = os.path.dirname(full)
    while parent != os.path.dirname(parent) and not os.path.exists(parent):
        parent = os.path.dirname(parent)
    if not os.path.isdir(parent):
        return f"cannot create it: {parent} is not a directory"
    return None


def write_output(path: str, text: str | bytes | list[str | bytes], stderr: TextIO) -> bool:
    """`atomic_write`, reporting a failure as `path: error: cannot write: …`
    on stderr instead of raising; True when the file was written."""
    try:
        atomic_write(path, text)
    except OSError as e:
        stderr.write(f"{path}: error: cannot write: {e.strerror or e}\n")
        return False
    return True


def _utf8_buffer(stream: Any) -> Any:
    """The binary buffer under a text stream that writes UTF-8 with `\n`
    line ends (so bytes written there are what writing their text would
    give), or None."""
    import codecs

    buffer, encoding = getattr(stream, "buffer", None), getattr(stream, "encoding", None)
    if buffer is None or not isinstance(encoding, str) or os.linesep != "\n":
        return None
    try:
        return buffer if codecs.lookup(encoding).name == "utf-8" else None
    except LookupError:
        return None


def write_pieces(stream: TextIO, pieces: Iterable[str | bytes]) -> None:
    """Write pieces of output, in order, to a text stream and flush it: str
    as text, UTF-8 bytes (`Outcome.encoded`) straight to the stream's binary
    buffer when it writes UTF-8 (`_utf8_buffer`), else decoded; so the
    annotated text is never one str, nor encoded again, on its way out."""
    raw = _utf8_buffer(stream)
    text_pending = False
    for p in pieces:
        if isinstance(p, str):
            if p:
                stream.write(p)
                text_pending = True
        elif raw is not None:
            if text_pending:  # what the text layer holds goes first
                stream.flush()
                text_pending = False
            raw.write(p)
        else:
            stream.write(p.decode("utf-8"))
    stream.flush()


def _pieces(oc: Any) -> list[str | bytes]:
    """What one outcome prints: its UTF-8 pieces (`Outcome.encoded`), else its text."""
    return oc.encoded if oc.encoded is not None else [oc.output]


def _file_mode(path: str) -> int:
    """The mode a new file would get (0o666 minus the umask), or the existing file's mode."""
    try:
        return os.stat(path).st_mode & 0o7777
    except OSError:
        mask = os.umask(0)
        os.umask(mask)
        return 0o666 & ~mask


def read_input(path: str, stdin=None) -> str:
    """The text of one input (`-` reads standard input, or `stdin` when given) as
    UTF-8 (a BOM dropped).

    Raises `IrcError` with a located diagnostic for an unreadable file, a
    directory, or undecodable bytes (irc.parser's reader), so every command
    reports them alike."""
    from irc.errors import Diagnostic, IrcError, Span
    from irc.syntax.parser import decode_source, read_source

    if path == STDIN:
        stream = stdin if stdin is not None else sys.stdin
        data = stream.buffer.read() if hasattr(stream, "buffer") else stream.read()
        return data if isinstance(data, str) else decode_source(data, "<stdin>")
    if Path(path).is_dir():
        raise IrcError([Diagnostic("error", "is a directory with no .ir files", Span(path, 1, 1), "io")])
    return read_source(path)


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
    from concurrent.futures import ProcessPoolExecutor  # only here: its import costs ~10 ms a run

    with ProcessPoolExecutor(max_workers=min(jobs, len(tasks))) as pool:
        yield from pool.map(worker, tasks, chunksize=1)


def run_tasks(worker: Callable[[T], R], tasks: list[T], jobs: int = 1, cluster: Any = None,
              on_error: Callable[[T, BaseException], R] | None = None) -> Iterator[R]:
    """`run_pool`, or with `cluster` (`irc.cli.cluster.Cluster`) the same on a
    Dask cluster: each task `(path, text, …)` gets its input's text here
    first (`with_text`), since workers share no filesystem with us."""
    if cluster is None:
        return run_pool(worker, tasks, jobs)
    return cluster.map(worker, (with_text(t, worker) for t in tasks), on_error or _crashed, len(tasks))


def with_text(task: tuple, worker: Callable[[tuple], Any]) -> Any:
    """`task` with its input read (`read_input`) into its text field; an input
    that cannot be read is settled here, by `worker` itself, which reports it
    exactly as in a local run (`cluster.Done`)."""
    from irc.cli.cluster import Done
    from irc.errors import IrcError

    path, text = task[0], task[1]
    if text is not None:
        return task
    try:
        return (path, read_input(path), *task[2:])
    except IrcError:
        return Done(worker(task))


def _crashed(task: tuple, e: BaseException) -> Any:
    """A task the cluster could not run, as that input's error outcome."""
    from irc.cli.driver import Outcome

    msg = f"{task[0]}:1:1: error: the cluster could not run this input: {type(e).__name__}: {e}\n"
    return Outcome(task[0], messages=msg, errors=1)


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

    def write(self, text: str, stream: TextIO) -> None:
        """Messages during the run: above the bar when it is shown, else to `stream`."""
        if self._bar is not None:
            self._bar.console.print(text, end="", markup=False, highlight=False, soft_wrap=True)
        else:
            stream.write(text)
            stream.flush()

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


# ---------------------------------------------------------------- `irc infer` over many files


def _work(task: tuple, keep: list | None = None) -> Any:
    """Pool worker: read one input (unless its text came with the task) and process it
    (`keep`: see `driver.process_file`; in-process runs only)."""
    from irc.cli.driver import Outcome, process_file
    from irc.errors import IrcError, render

    path, text, opts = task
    if text is None:
        try:
            text = read_input(path)
        except IrcError as e:
            from irc.output.jsondoc import diagnostic_json

            return Outcome(path, messages="".join(render(d, e.source) + "\n" for d in e.diagnostics),
                           errors=len(e.diagnostics), error_json=[diagnostic_json(d) for d in e.diagnostics])
    return process_file("<stdin>" if path == STDIN else path, text, opts, keep)


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'s' if n != 1 else ''}"


def warnings_summary(warnings: int, warned_functions: int, file_warnings: int) -> str:
    """`3 warnings in 2 functions`; warnings about a whole file (no function in
    it) are counted apart: `2 warnings: 1 in 1 function, 1 file with no function`."""
    if not file_warnings:
        return f"{_plural(warnings, 'warning')} in {_plural(warned_functions, 'function')}"
    parts = []
    if warnings > file_warnings:
        parts.append(f"{warnings - file_warnings} in {_plural(warned_functions, 'function')}")
    parts.append(f"{_plural(file_warnings, 'file')} with no function")
    return f"{_plural(warnings, 'warning')}: " + ", ".join(parts)


def _report_entry(oc: Any, check: bool) -> dict:
    """One input's object in a `--check`/`--warn-only` JSON report (a failed input: its errors)."""
    from irc.diagnose.reports import check_entry, warnings_entry

    entry = oc.report_json or (check_entry(oc.path) if check else warnings_entry(oc.path))
    return {**entry, "errors": oc.error_json}


def infer_main(paths: list[str], opts: Any, *, jobs: int = 1, output: str | None = None,
               out_dir: str | None = None, stats: bool = False, strict: bool = False,
               stdout: TextIO | None = None, stderr: TextIO | None = None,
               progress: bool | None = None, keep: list | None = None, cluster: Any = None,
               globs: Sequence[str] = ()) -> int:
    """Run `irc infer` over `paths` (`globs`: which files of a directory, `expand_inputs`);
    returns the exit status (0 ok, 1 some input failed).

    Outputs come in input order.  With `output`, everything stdout would get
    is written atomically to that file at the end; with `out_dir`, each
    input gets its own file (written atomically as soon as it is done); a
    failed input writes no file.  `keep`: the last input's analysis is left
    there when the inputs run in this process (`driver.process_file`).
    `cluster`: run the inputs there (`irc.cli.cluster`) instead of `jobs` processes.
    """
    if opts.format != "text":  # JSON output or reports (the text path imports neither)
        from irc.output.jsondoc import document, dumps, dumps_line
        from irc.diagnose.reports import dumps_report, report_document
    if opts.check:
        from irc.diagnose.check import check_summary

    stdout = stdout or sys.stdout
    stderr = stderr or sys.stderr
    inputs, skipped = expand_inputs(paths, globs)
    if not opts.quiet:
        stderr.write(skipped_notes(skipped, globs))
    if not inputs:
        stderr.write("error: no input files (give files, directories holding .ir files, or - for stdin, or pipe a paste in)\n")
        return 1
    if output is not None and any(p != STDIN and os.path.exists(p) and os.path.exists(output)
                                  and os.path.samefile(p, output) for p in inputs):
        stderr.write(f"error: -o {output} is one of the inputs; refusing to overwrite it\n")
        return 2
    stdin_text = None
    if STDIN in inputs:
        from irc.errors import IrcError, render

        try:
            stdin_text = read_input(STDIN)
        except IrcError as e:
            stderr.write("".join(render(d, e.source) + "\n" for d in e.diagnostics))
            stdin_text = ""
    in_process = (jobs <= 1 or len(inputs) <= 1) and cluster is None
    if in_process:  # (no worker processes: a huge body may be built, and printed, by two)
        from irc.ir.split import MIN_LINES

        opts = dataclasses.replace(opts, analysis=dataclasses.replace(opts.analysis, split_min=MIN_LINES))
    if in_process and opts.encoded and opts.format == "text":
        from irc.output.forked import FORK_MIN

        opts = dataclasses.replace(opts, fork_min=FORK_MIN)
    tasks = [(p, stdin_text if p == STDIN else None, opts) for p in inputs]
    many = len(inputs) > 1
    report = opts.format != "text" and (opts.check or opts.warn_only)  # a JSON report, no IR
    suffix = {"text": ".typed.ir", "json": ".json", "jsonl": ".jsonl"}[opts.format]
    if opts.check:
        suffix = ".check" + (".txt" if opts.format == "text" else suffix)
    elif report:
        suffix = ".diagnostics" + suffix
    dests = output_paths(inputs, out_dir, suffix) if out_dir else [None] * len(inputs)
    collected: list[str | bytes] = []  # stdout's pieces when they must be held back (-o, json)
    json_files: list[dict] = []
    failed = failed_inputs = warnings = warned_functions = file_warnings = functions = agree = differ = from_input = 0
    total_stats: dict = {}
    timings: dict = {}
    emitted_text = False

    def emit(*pieces: str | bytes) -> None:
        if output is None and opts.format != "json":
            write_pieces(stdout, pieces)
        else:
            collected.extend(pieces)

    total_bytes = sum(input_size(p) for p in inputs)
    with Progress(len(inputs), total_bytes, enabled=progress) as bar:
        worker = partial(_work, keep=keep) if keep is not None and in_process else _work
        for task, dest, oc in zip(tasks, dests, run_tasks(worker, tasks, jobs, cluster)):
            path = oc.path
            bar.advance(path)
            if oc.messages:
                bar.write(oc.messages, stderr)
            failed += oc.errors > 0
            failed_inputs += oc.errors > 0
            warnings += oc.warnings
            warned_functions += oc.warned_functions
            file_warnings += oc.file_warnings
            functions += oc.functions
            agree += oc.check_agree
            differ += oc.check_differ
            from_input += oc.check_input
            for k, v in oc.stats.items():
                total_stats[k] = max(total_stats.get(k, 0), v) if k.startswith("peak") else total_stats.get(k, 0) + v
            for k, v in oc.timings.items():
                timings[k] = timings.get(k, 0.0) + v
            if report:
                entry = _report_entry(oc, opts.check)
                text = dumps_line(entry) if opts.format == "jsonl" else dumps_report(report_document([entry], opts.check))
                if dest is not None:
                    if not oc.errors:
                        failed += not write_output(dest, text, stderr)
                elif opts.format == "jsonl":
                    emit(text)
                else:
                    json_files.append(entry)
                continue
            if opts.format == "json" and not opts.check and not opts.warn_only:
                entry = {"path": path, **oc.version_json, "functions": oc.functions_json or [],
                         "errors": oc.error_json}
                json_files.append(entry)
                if dest is not None and not oc.errors:
                    failed += not write_output(dest, dumps(document(entry["functions"], oc.version_json)), stderr)
                continue
            body = _pieces(oc)
            if dest is not None:
                if not oc.errors:
                    summary = check_summary(oc.check_agree, oc.check_differ, oc.check_input, 1, 0) + "\n" if opts.check else ""
                    failed += not write_output(dest, [*body, summary], stderr)
                continue
            if many and opts.format == "text" and not opts.check and any(body):
                body = [("\n" if emitted_text else "") + f"# file: {path}\n", *body]
                emitted_text = True
            emit(*body)

    if report and opts.format == "json" and out_dir is None:
        emit(dumps_report(report_document(json_files, opts.check)))
    elif opts.format == "json" and not opts.check and not opts.warn_only and out_dir is None:
        if many:
            emit(dumps({"files": json_files}))
        elif json_files and not json_files[0]["errors"]:
            emit(dumps(document(json_files[0]["functions"], {k: json_files[0][k] for k in VERSION_KEYS
                                                             if k in json_files[0]})))
    if opts.check and out_dir is None and not report:
        emit(check_summary(agree, differ, from_input, len(inputs) - failed_inputs, failed_inputs) + "\n")
    if output is not None:
        failed += not write_output(output, collected, stderr)
    elif collected:
        write_pieces(stdout, collected)

    if stats:
        from irc.output.stats import format_stats

        stderr.write(format_stats(opts.analysis.store, len(inputs), functions, total_stats, timings))
    if warnings and not opts.quiet:
        stderr.write(warnings_summary(warnings, warned_functions, file_warnings) + "\n")
    elif warnings and strict:  # the warnings were not shown: say why the run fails
        stderr.write(f"--strict: {_plural(warnings, 'warning')} (not shown: --quiet) make this run fail\n")
    if failed:
        stderr.write(f"{failed} of {len(inputs)} input{'s' if len(inputs) != 1 else ''} failed\n")
    elif many and not opts.quiet:
        stderr.write(f"{len(inputs)} inputs, {functions} function{'s' if functions != 1 else ''}: all inferred\n")
    bad = failed > 0 or (opts.check and differ > 0) or (strict and warnings > 0)
    return 1 if bad else 0


def piped_stdin(stream: Any = None, wait: float = 0.5) -> bool:
    """Whether standard input carries a paste: a redirected file that is not empty
    (`irc infer < f.ir`), or a pipe with bytes in it within `wait` seconds (`pbpaste | irc infer`;
    counted without reading them, `FIONREAD`).  A terminal, `/dev/null` (a character device), an
    empty file, a pipe closed empty or still empty after `wait` (a harness's open stdin: never a
    hang), a closed stream or pytest's stand-in (no descriptor) carry none; `-` reads stdin whatever
    it is."""
    import select
    import stat

    stream = sys.stdin if stream is None else stream
    try:
        if stream is None or stream.isatty():
            return False
        fd = stream.fileno()
        st = os.fstat(fd)
        if stat.S_ISREG(st.st_mode):
            return st.st_size > 0
        if not stat.S_ISFIFO(st.st_mode) or not select.select([fd], [], [], wait)[0]:
            return False
        import fcntl
        import struct
        import termios

        waiting = struct.unpack("i", fcntl.ioctl(fd, termios.FIONREAD, b"\0\0\0\0"))[0]
    except (AttributeError, OSError, ValueError, ImportError):
        return False
    return waiting > 0  # readable with nothing waiting: the writer closed it empty


def inputs_or_stdin(files: list[str] | None) -> list[str]:
    """The inputs given, else `-` when a paste is piped into standard input (`piped_stdin`)."""
    return list(files) if files else ([STDIN] if piped_stdin() else [])


def run_options_error(files: list[str], state: str, jobs: int, scheduler: str | None) -> str | None:
    """What is wrong with the options every analysing command shares
    (inputs, `--state`, `--jobs`, `--scheduler`), in words; None if nothing."""
    from irc.cli.driver import STORES

    if state not in STORES:
        return f"--state must be one of {', '.join(STORES)} (got {state!r})"
    if jobs < 1:
        return "--jobs must be at least 1"
    if scheduler is not None and jobs > 1:
        return "give --jobs N or --scheduler ADDRESS, not both (the cluster's workers are the jobs)"
    if not files:
        return "no input files (give files, directories holding .ir files, or - for stdin, or pipe a paste in)"
    return None


FORMATS = ("text", "json", "jsonl")
COLOR_CHOICES = ("auto", "always", "never")
ENTRIES = ("brief", "full")  # irc.output.text.ENTRIES (not imported: the CLI starts without the printer)


VERSION_KEYS = ("julia_version", "julia_version_evidence")


def _compare_versions(files: list[str], options: Any, fmt: str, output: str | None, stdout: TextIO,
                      stderr: TextIO, globs: Sequence[str] = ()) -> int:
    """`--compare-versions` (`irc.cli.compare`): read the inputs, compare, write; the exit status."""
    from irc.cli.compare import compare_inputs
    from irc.errors import IrcError, render_all

    if output is not None and destination_problem(output) is not None:
        stderr.write(f"{output}: error: {destination_problem(output)}\n")
        return 2
    paths, skipped = expand_inputs(files, globs)
    stderr.write(skipped_notes(skipped, globs))
    if not paths:
        stderr.write("error: no input files\n")
        return 2
    inputs, status = [], 0
    for path in paths:
        try:
            inputs.append((path, read_input(path)))
        except IrcError as e:
            stderr.write(render_all(e.diagnostics, e.source) + "\n")
            status = 1
    body, errors = compare_inputs(inputs, options, fmt)
    stderr.write(errors)
    status = status or int(bool(errors))
    if output is not None:
        return status if write_output(output, body, stderr) else 1
    stdout.write(body)
    return status


def julia_problem(julia: str | None) -> str | None:
    """`--julia`'s value in words when it names no version irc has rules for, else None."""
    from irc.syntax.version import VERSIONS

    if julia is None or julia in VERSIONS:
        return None
    return f"--julia must be one of {', '.join(VERSIONS)} (got {julia!r})"


def cli_infer(files: list[str], *, format: str = "text", state: str = "shared", stats: bool = False,
              check: bool = False, exact: bool = False, no_prelude: bool = False,
              prelude: list[str] | None = None, color: str = "auto", output: str | None = None,
              out_dir: str | None = None, jobs: int = 1, warn_only: bool = False, quiet: bool = False,
              strict: bool = False, plain: bool = False, hide_stable: bool = False,
              stdout: TextIO | None = None, stderr: TextIO | None = None, keep: list | None = None,
              use_printed: bool = False, signature: str | None = None, scheduler: str | None = None,
              entries: str = "brief", julia: str | None = None, compare_versions: bool = False,
              glob: list[str] | None = None) -> int:
    """Validate `irc infer`'s options and run it; returns the exit status (2: bad
    usage).  `scheduler`: a Dask scheduler's address (`irc.cli.cluster`); `julia`:
    the rules version (None: the one the paste shows); `glob`: which files of a directory
    input to read (`expand_inputs`)."""
    from irc.output.colour import use_colour
    from irc.cli.driver import Options, RenderOptions

    stdout = stdout or sys.stdout
    stderr = stderr or sys.stderr

    def usage(msg: str) -> int:
        stderr.write(f"error: {msg}\n")
        return 2

    if format not in FORMATS:
        return usage(f"--format must be one of {', '.join(FORMATS)} (got {format!r})")
    if color not in COLOR_CHOICES:
        return usage(f"--color must be one of {', '.join(COLOR_CHOICES)} (got {color!r})")
    if entries not in ENTRIES:
        return usage(f"--entries must be one of {', '.join(ENTRIES)} (got {entries!r})")
    if output is not None and out_dir is not None:
        return usage("give -o FILE or --out-dir DIR, not both")
    if exact and not check:
        return usage("--exact refines --check; give both")
    files = inputs_or_stdin(files)
    if julia_problem(julia):
        return usage(julia_problem(julia))
    if compare_versions:
        clash = [name for name, on in (("--julia", julia is not None), ("--check", check), ("--warn-only", warn_only),
                                       ("--plain", plain), ("--hide-stable", hide_stable), ("--out-dir", out_dir),
                                       ("--scheduler", scheduler), ("--format jsonl", format == "jsonl")) if on]
        if clash:
            return usage(f"--compare-versions runs every version and prints only where they differ; not with {clash[0]}")
        return _compare_versions(files, Options(store=state, prelude=not no_prelude, extra_preludes=tuple(prelude or ()),
                                                use_printed=use_printed, signature=signature),
                                 format, output, stdout, stderr, tuple(glob or ()))
    bad_run = run_options_error(files, state, jobs, scheduler)
    if bad_run:
        return usage(bad_run)
    shaping = [name for name, on in (("--plain", plain), ("--hide-stable", hide_stable)) if on]
    if shaping and (format != "text" or check or warn_only):
        other = "--check" if check else "--warn-only" if warn_only else f"--format {format}"
        return usage(f"{' and '.join(shaping)} shape the annotated IR text; not with {other}")
    for dest, is_dir in ((output, False), (out_dir, True)):
        problem = None if dest is None else destination_problem(dest, directory=is_dir)
        if problem is not None:
            stderr.write(f"{dest}: error: {problem}\n")
            return 2
    to_terminal = output is None and out_dir is None
    colour = format == "text" and not check and use_colour(color, stdout if to_terminal else None)
    if color == "always" and format == "text" and not check:
        colour = True
    opts = RenderOptions(format=format, check=check, exact=exact, colour=colour, warn_only=warn_only,
                         quiet=quiet, plain=plain, hide_stable=hide_stable, entries=entries, encoded=True,
                         analysis=Options(store=state, prelude=not no_prelude, extra_preludes=tuple(prelude or ()),
                                          use_printed=use_printed, signature=signature, julia=julia))
    def run(cluster: Any) -> int:
        return infer_main(files, opts, jobs=jobs, output=output, out_dir=out_dir, stats=stats, strict=strict,
                          stdout=stdout, stderr=stderr, keep=keep, cluster=cluster, globs=tuple(glob or ()))

    if scheduler is None:  # the common case: irc.cli.cluster (and its dataclasses) not imported
        return run(None)
    from irc.cli.cluster import run_with_cluster

    return run_with_cluster(scheduler, run, stderr)
