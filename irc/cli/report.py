"""`irc report PATH… -o report.html`: a whole corpus as one HTML page.

Algorithm: expand the inputs as `irc infer` does (`batch.expand_inputs`:
files, directories, `-`; what a directory skipped is noted), analyse each with the same pipeline and options
(`driver.analyse`) and turn it into plain data (`report_file` ->
`irc.report.reportdata.FileReport`) -- in this process, in `--jobs N`
worker processes, or as tasks on a Dask cluster (`--scheduler`,
`irc.cli.cluster`), always collected in input order -- then render the page
(`irc.report.reporthtml.render_report`) and write it atomically
(`batch.write_output`; `-o -` writes to stdout).

A file that fails (unreadable, syntax or semantic errors) is listed in the
report with its located errors, as `irc infer` prints them; the others go
on.  stderr gets one closing line.  Exit status: 0; 1 when an input failed
(the report is written all the same) or the report could not be written;
2 for bad usage or a cluster that cannot be used.

Invariants: the page is a function of the inputs and options only, so any
way of running gives the same bytes; no partial file is ever left at `-o`.
"""
from __future__ import annotations

import sys
from dataclasses import dataclass
from typing import Any, Sequence, TextIO

from irc.cli.batch import (STDIN, Progress, destination_problem, expand_inputs, input_size, inputs_or_stdin,
                           julia_problem, read_input, run_options_error, run_tasks, skipped_notes, write_output)
from irc.cli.driver import Options, _gc_paused, analyse, deep_recursion
from irc.errors import IrcError, render
from irc.report.reportdata import FileReport, file_report


@dataclass(frozen=True, slots=True)
class ReportOptions:
    """How each file is analysed and kept (picklable: sent to workers)."""

    analysis: Options = Options()
    max_lines: int | None = 2000  # annotated IR lines kept per function


def report_file(path: str, text: str, opts: ReportOptions) -> FileReport:
    """Analyse one input and keep what the report shows (never raises)."""
    with _gc_paused(), deep_recursion():
        res = analyse(path, text, opts.analysis)
        if res.errors:
            return FileReport(path, errors=tuple(render(d, text) for d in res.errors))
        try:
            return file_report(path, res.results, opts.max_lines, res.world)
        except Exception as e:  # noqa: BLE001 - a rendering bug must not kill a corpus
            return FileReport(path, errors=(f"{path}:1:1: error: internal error: {type(e).__name__}: {e}",))


def report_work(task: tuple) -> FileReport:
    """The workers' function: `(path, text or None, ReportOptions)` -> FileReport."""
    path, text, opts = task
    shown = "<stdin>" if path == STDIN else path
    if text is None:
        try:
            text = read_input(path)
        except IrcError as e:
            return FileReport(shown, errors=tuple(render(d, e.source) for d in e.diagnostics))
    return report_file(shown, text, opts)


def _crashed(task: tuple, e: BaseException) -> FileReport:
    return FileReport(task[0], errors=(f"{task[0]}:1:1: error: the cluster could not run this input: "
                                       f"{type(e).__name__}: {e}",))


def report_main(paths: list[str], output: str, opts: ReportOptions, *, title: str = "irc report",
                jobs: int = 1, cluster: Any = None, stdout: TextIO | None = None,
                stderr: TextIO | None = None, progress: bool | None = None, globs: Sequence[str] = ()) -> int:
    """Run `irc report` (see the module doc); returns the exit status."""
    from irc import __version__
    from irc.report.reporthtml import ReportMeta, render_report

    stdout = stdout or sys.stdout
    stderr = stderr or sys.stderr
    inputs, skipped = expand_inputs(paths, globs)
    stderr.write(skipped_notes(skipped, globs))
    if not inputs:
        stderr.write("error: no input files (give files, directories holding .ir files, or - for stdin)\n")
        return 1
    settled: dict[int, FileReport] = {}  # inputs already answered here: unreadable standard input
    stdin_text = None
    if STDIN in inputs:
        try:
            stdin_text = read_input(STDIN)
        except IrcError as e:
            err = FileReport("<stdin>", errors=tuple(render(d, e.source) for d in e.diagnostics))
            settled = {i: err for i, p in enumerate(inputs) if p == STDIN}
    tasks = [(p, stdin_text if p == STDIN else None, opts) for i, p in enumerate(inputs) if i not in settled]
    results = iter(run_tasks(report_work, tasks, jobs, cluster, _crashed))
    files: list[FileReport] = []
    with Progress(len(inputs), sum(input_size(p) for p in inputs), enabled=progress) as bar:
        for i, p in enumerate(inputs):
            files.append(settled[i] if i in settled else next(results))
            bar.advance(p)
    a = opts.analysis
    options = " ".join(x for x in (f"--state {a.store}", "" if a.prelude else "--no-prelude",
                                   *(f"--prelude {p}" for p in a.extra_preludes)) if x)
    page = render_report(files, ReportMeta(title=title, version=__version__, options=options))
    status = 0
    if output == "-":
        stdout.write(page)
        stdout.flush()
    else:
        if not write_output(output, page, stderr):
            return 1
    failed = sum(fr.failed for fr in files)
    functions = sum(len(fr.functions) for fr in files)
    where = "" if output == "-" else f"{output}: "
    stderr.write(f"{where}{len(files)} input{'s' if len(files) != 1 else ''}, {functions} "
                 f"function{'s' if functions != 1 else ''}"
                 + (f", {failed} failed (listed in the report)\n" if failed else "\n"))
    if failed:
        status = 1
    return status


def cli_report(files: list[str], *, output: str, title: str = "irc report", state: str = "shared",
               no_prelude: bool = False, prelude: list[str] | None = None, max_lines: int = 2000,
               jobs: int = 1, scheduler: str | None = None, stdout: TextIO | None = None,
               stderr: TextIO | None = None, julia: str | None = None, globs: Sequence[str] = ()) -> int:
    """Validate `irc report`'s options and run it; returns the exit status (2: bad usage).
    `julia`: the rules version (None: each input's own, `irc.syntax.version`); `globs`: which
    files of a directory input to read (`batch.expand_inputs`)."""
    from irc.cli.cluster import run_with_cluster

    stderr = stderr or sys.stderr

    files = inputs_or_stdin(files)
    bad = run_options_error(files, state, jobs, scheduler) or julia_problem(julia) or (
        "--max-lines must be 0 or more" if max_lines < 0 else None)
    if bad:
        stderr.write(f"error: {bad}\n")
        return 2
    problem = None if output == "-" else destination_problem(output)
    if problem is not None:
        stderr.write(f"{output}: error: {problem}\n")
        return 2
    opts = ReportOptions(Options(store=state, prelude=not no_prelude, extra_preludes=tuple(prelude or ()),
                                 julia=julia),
                         max_lines=max_lines)
    return run_with_cluster(scheduler, lambda cluster: report_main(
        files, output, opts, title=title, jobs=jobs, cluster=cluster, stdout=stdout, stderr=stderr, globs=globs),
        stderr)
