"""The `irc` command line as a typer application: `infer`, `report`, `fmt`, `cfg`, `explain`, `stubs`, `--version`.

Each command parses its options and hands the work to one function below
it: `irc.cli.batch.cli_infer` (infer), `irc.cli.report.cli_report`
(report), `irc.cli.loading.run_command` with a renderer from `irc.output`
(fmt, cfg), `irc.cli.commands` (explain, stubs, cfg with states).
`irc.cli.app.main` runs the app (or, for a plain `irc infer`, reads the
command line without it: `irc.cli.argv`) and turns any escaping exception
into one `irc: internal error: …` line (never a traceback).

Every command is declared with `cls=IrcCommand` (the app's group is an
`IrcGroup`): their help shows boolean options as bare flags, and `-h` is
`--help` everywhere (tests/cli/test_user_facing_messages.py checks every
registered command).
"""
from __future__ import annotations

import sys
from typing import List, Optional

import typer

from irc import __version__
from irc.cli.loading import Loaded, run_command


def render_fmt(item: Loaded) -> str:
    from irc.output.fmt import format_program

    assert item.program is not None
    return format_program(item.program)


def render_cfg(item: Loaded) -> str:
    from irc.output.cfgview import render_cfg as cfg_text

    assert item.program is not None
    return cfg_text(item.program, item.path)


def render_dot(item: Loaded) -> str:
    from irc.output.cfgview import render_dot as cfg_dot

    assert item.program is not None
    return cfg_dot(item.program)


# ---------------------------------------------------------------- typer app


class _FlagsShownAsFlags:
    """Help lists a boolean option as a bare flag (`--check`), not with typer
    0.29's `<bool>` type column: a flag's metavar is set empty (it takes no
    value, so parsing is unchanged).  Mixed into the app's group and every
    command class."""

    def get_params(self, ctx):
        params = super().get_params(ctx)
        for p in params:
            if getattr(p, "is_flag", False) and p.metavar is None:
                p.metavar = ""
        return params


class IrcGroup(_FlagsShownAsFlags, typer.core.TyperGroup):
    """The class of the `irc` app (`typer.Typer(cls=IrcGroup)`).  A first word that is no
    command but an existing path (`irc f.ir`) is answered with the command meant:
    `irc infer f.ir`."""

    def resolve_command(self, ctx, args):
        import os

        if args and args[0] not in self.commands and not args[0].startswith("-") and os.path.exists(args[0]):
            ctx.fail(f"{args[0]!r} is an input, not a command: to infer its types, irc infer {' '.join(args)}")
        return super().resolve_command(ctx, args)


class IrcCommand(_FlagsShownAsFlags, typer.core.TyperCommand):
    """The class of every `irc` command (`@app.command(..., cls=IrcCommand)`)."""


app = typer.Typer(
    cls=IrcGroup,
    add_completion=False,
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    context_settings={"help_option_names": ["-h", "--help"]},  # inherited by every command
    help="irc: paste what Julia printed (@code_warntype, @code_lowered, code_typed(optimize=false)) into a file, and irc infers every statement's type with Julia's rules: irc infer FILE.",
)


def _version(value: bool) -> None:
    if value:
        typer.echo(f"irc {__version__}")
        raise typer.Exit(0)


@app.callback()
def _root(
    version: Optional[bool] = typer.Option(None, "--version", callback=_version, is_eager=True, help="Print the version and exit."),
) -> None:
    """irc: paste what Julia printed (@code_warntype, @code_lowered, code_typed(optimize=false)) into a
    file, and irc infers every statement's type with Julia's rules: irc infer FILE."""


FILES = typer.Argument(None, help="Files, directories (every .ir below, and .txt/.jl pastes of Julia's output; or the files --glob names) or - for stdin; none: a paste piped in.", show_default=False)
GLOB = typer.Option(None, "--glob", metavar="PATTERN",
                    help="Read the files of a directory input whose path below it matches PATTERN (shell wildcards, "
                         "* crossing /: '*.log', 'week3/*'), whatever they hold, instead of its .ir files and "
                         ".txt/.jl pastes (repeatable; files named on the command line are read as given).")
SIGNATURE = typer.Option(None, "--signature", metavar="'f(x::T, …)'",
                         help="Signature of a pasted CodeInfo( whose REPL line does not give one.")


def _julia(value: Optional[str]) -> Optional[str]:
    from irc.cli.batch import julia_problem

    problem = julia_problem(value)
    if problem:
        raise typer.BadParameter(problem.removeprefix("--julia "))
    return value


JULIA = typer.Option(None, "--julia", metavar="1.10|1.11|1.12", callback=_julia,
                     help="Answer with this Julia version's inference rules (default: the version the paste's "
                          "print form shows, else 1.10; older than 1.10 is answered with 1.10's).")
SCHEDULER = typer.Option(None, "--scheduler", help="Run each file as a task on the Dask cluster at ADDRESS "
                         "(tcp://HOST:PORT; needs the \\[cluster] extra: pip install 'julia-irc\\[cluster]').", metavar="ADDRESS")


@app.command("fmt", cls=IrcCommand)
def fmt_cmd(files: Optional[List[str]] = FILES, signature: Optional[str] = SIGNATURE,
            glob: Optional[List[str]] = GLOB) -> None:
    """Reprint the input canonically (renumbered labels, aligned rails)."""
    raise typer.Exit(run_command(list(files or []), render_fmt, signature=signature, globs=tuple(glob or ())))


@app.command("cfg", cls=IrcCommand)
def cfg_cmd(
    files: Optional[List[str]] = FILES,
    dot: bool = typer.Option(False, "--dot", help="Graphviz output."),
    states: bool = typer.Option(False, "--states", help="Infer, and label each block with its entry state (Graphviz)."),
    format: Optional[str] = typer.Option(None, "--format", metavar="svg|png", help="Render with Graphviz's dot: svg or png (implies --states)."),
    output: Optional[str] = typer.Option(None, "-o", "--output", help="Write the output to FILE (atomically).", metavar="FILE"),
    no_prelude: bool = typer.Option(False, "--no-prelude", help="With --states: no shipped Base declarations."),
    julia: Optional[str] = JULIA,
    glob: Optional[List[str]] = GLOB,
) -> None:
    """Print the basic blocks and their edges (with --states, their entry states under --julia's rules)."""
    if states or format is not None or output is not None:
        from irc.cli.commands import cfg_main

        raise typer.Exit(cfg_main(list(files or []), fmt=format, output=output, prelude=not no_prelude,
                                  julia=julia, globs=tuple(glob or ())))
    raise typer.Exit(run_command(list(files or []), render_dot if dot else render_cfg, globs=tuple(glob or ())))


@app.command("infer", cls=IrcCommand)
def infer_cmd(
    ctx: typer.Context,
    files: Optional[List[str]] = FILES,
    format: str = typer.Option("text", "--format", "-f", metavar="FORMAT", help="Output: text (annotated IR), json (one document) or jsonl (one function per line)."),
    state: str = typer.Option("shared", "--state", metavar="STORE", help="How entry states are kept: stmt, block, live or shared (never changes the output).", rich_help_panel="Advanced"),
    stats: bool = typer.Option(False, "--stats", help="Print counts (statements, blocks, slots, visits, state cells), the state's size and the time of each phase on stderr."),
    check: bool = typer.Option(False, "--check", help="Compare with the types Julia printed in the input (path:line:col: lines, or JSON with --format json); exit 1 if any differ."),
    exact: bool = typer.Option(False, "--exact", help="With --check: compare lattice elements (Core.Const…), not widened types."),
    no_prelude: bool = typer.Option(False, "--no-prelude", help="Do not load the shipped declarations of Base methods."),
    prelude: Optional[List[str]] = typer.Option(None, "--prelude", help="Add declarations from FILE (repeatable).", metavar="FILE"),
    color: str = typer.Option("auto", "--color", metavar="WHEN", help="Colour types like @code_warntype: auto (terminal, no NO_COLOR), always, never."),
    output: Optional[str] = typer.Option(None, "-o", "--output", help="Write the output to FILE (atomically) instead of stdout.", metavar="FILE"),
    out_dir: Optional[str] = typer.Option(None, "--out-dir", help="Write one output file per input into DIR (atomically).", metavar="DIR"),
    jobs: int = typer.Option(1, "--jobs", "-j", help="Infer files in N worker processes (output order is input order).", metavar="N"),
    warn_only: bool = typer.Option(False, "--warn-only", help="Print only the diagnostics, not the annotated IR (with --format json: as one JSON document)."),
    quiet: bool = typer.Option(False, "--quiet", "-q", help="Do not print warnings or notes (errors are always printed)."),
    strict: bool = typer.Option(False, "--strict", help="Exit 1 when there are warnings (a file with no function is one)."),
    plain: bool = typer.Option(False, "--plain", help="Julia's own @code_warntype layout: no declarations, entry comments, flag comments or # ?/# ! marks; types spelled as the paste's Julia printed them (Array{Int64,1} for a 1.5 paste)."),
    hide_stable: bool = typer.Option(False, "--hide-stable", help="Leave out type-stable statements: keep the yellow/red ones with their blocks' headers and terminators."),
    use_printed: bool = typer.Option(False, "--use-printed-types", help="Where irc cannot type a call, take the type Julia printed on that line (marked `# from input`; --check counts it apart)."),
    signature: Optional[str] = SIGNATURE,
    scheduler: Optional[str] = SCHEDULER,
    entries: str = typer.Option("brief", "--entries", metavar="WHICH", help="Entry comments: brief (slots whose entry state is not their listed type, defined) or full (every live slot)."),
    julia: Optional[str] = JULIA,
    compare_versions: bool = typer.Option(False, "--compare-versions", help="Infer with Julia 1.10, 1.11 and 1.12's rules and print, side by side, the statements whose answer differs, then a summary line (text or --format json)."),
    glob: Optional[List[str]] = GLOB,
) -> None:
    """Infer types and print the annotated IR (@code_warntype layout)."""
    replay = (ctx.obj or {}).get("replay")
    if replay is not None:  # what escaped the same call made without typer (`irc.cli.app.main`)
        raise replay
    from irc.cli.batch import cli_infer

    raise typer.Exit(cli_infer(list(files or []), format=format, state=state, stats=stats, check=check,
                               exact=exact, no_prelude=no_prelude, prelude=list(prelude or []), color=color,
                               output=output, out_dir=out_dir, jobs=jobs, warn_only=warn_only, quiet=quiet,
                               strict=strict, plain=plain, hide_stable=hide_stable,
                               keep=(ctx.obj or {}).get("keep"), use_printed=use_printed, signature=signature,
                               scheduler=scheduler, entries=entries, julia=julia,
                               compare_versions=compare_versions, glob=list(glob or [])))


@app.command("report", cls=IrcCommand)
def report_cmd(
    files: Optional[List[str]] = FILES,
    output: str = typer.Option(..., "-o", "--output", help="The HTML file to write (atomically); - for stdout.", metavar="FILE"),
    title: str = typer.Option("irc report", "--title", help="The page's title."),
    state: str = typer.Option("shared", "--state", metavar="STORE", help="How entry states are kept: stmt, block, live or shared (never changes the report).", rich_help_panel="Advanced"),
    no_prelude: bool = typer.Option(False, "--no-prelude", help="Do not load the shipped declarations of Base methods."),
    prelude: Optional[List[str]] = typer.Option(None, "--prelude", help="Add declarations from FILE (repeatable).", metavar="FILE"),
    max_lines: int = typer.Option(2000, "--max-lines", help="Annotated IR lines kept per function (0: none).", metavar="N"),
    jobs: int = typer.Option(1, "--jobs", "-j", help="Analyse files in N worker processes.", metavar="N"),
    scheduler: Optional[str] = SCHEDULER,
    julia: Optional[str] = JULIA,
    glob: Optional[List[str]] = GLOB,
) -> None:
    """Analyse a corpus and write one self-contained HTML report (summary, chart, sortable table, annotated IR)."""
    from irc.cli.report import cli_report

    raise typer.Exit(cli_report(list(files or []), output=output, title=title, state=state,
                                no_prelude=no_prelude, prelude=list(prelude or []), max_lines=max_lines,
                                jobs=jobs, scheduler=scheduler, julia=julia, globs=tuple(glob or ())))


@app.command("explain", cls=IrcCommand)
def explain_cmd(
    file: str = typer.Argument(..., help="The .ir file (or - for stdin).", show_default=False),
    slot: Optional[str] = typer.Option(None, "--slot", help="The slot to explain, as printed (x, @_3, x@_5).", show_default=False),
    stmt: Optional[str] = typer.Option(None, "--stmt", help="The statement to explain: %N as printed, or N: its callee, argument types, the methods considered.", show_default=False),
    function: Optional[str] = typer.Option(None, "--function", help="The function holding the slot or statement (needed when several do)."),
    state: str = typer.Option("shared", "--state", metavar="STORE", help="How entry states are kept: stmt, block, live or shared.", rich_help_panel="Advanced"),
    no_prelude: bool = typer.Option(False, "--no-prelude", help="Do not load the shipped declarations of Base methods."),
    prelude: Optional[List[str]] = typer.Option(None, "--prelude", help="Add declarations from FILE (repeatable).", metavar="FILE"),
    signature: Optional[str] = SIGNATURE,
    julia: Optional[str] = JULIA,
) -> None:
    """Why a slot (--slot) or a statement (--stmt) has its type: entry states, merges and assignments; or the call's callee, argument types and methods."""
    from irc.cli.driver import STORES, Options
    from irc.cli.commands import explain_main

    if state not in STORES:
        sys.stderr.write(f"error: --state must be one of {', '.join(STORES)} (got {state!r})\n")
        raise typer.Exit(2)
    if (slot is None) == (stmt is None):
        sys.stderr.write("error: give one of --slot NAME or --stmt %N\n")
        raise typer.Exit(2)
    opts = Options(store=state, prelude=not no_prelude, extra_preludes=tuple(prelude or ()), signature=signature,
                   julia=julia)
    raise typer.Exit(explain_main(file, slot, function, opts, stmt=stmt))


@app.command("stubs", cls=IrcCommand)
def stubs_cmd(
    files: Optional[List[str]] = FILES,
    output: Optional[str] = typer.Option(None, "-o", "--output", help="Write the declarations to FILE (atomically).", metavar="FILE"),
    no_prelude: bool = typer.Option(False, "--no-prelude", help="Do not load the shipped declarations of Base methods."),
    prelude: Optional[List[str]] = typer.Option(None, "--prelude", help="Add declarations from FILE (repeatable).", metavar="FILE"),
    every: bool = typer.Option(False, "--all", help="Declare every call Julia printed a type for (the paste's declared mode), not only those irc could not type."),
    signature: Optional[str] = SIGNATURE,
    julia: Optional[str] = JULIA,
    glob: Optional[List[str]] = GLOB,
) -> None:
    """Print a declarations file for what irc could not type: a `declare` line per call (result: the type Julia printed), a type line per unknown type."""
    from irc.cli.commands import stubs_main
    from irc.cli.driver import Options

    raise typer.Exit(stubs_main(list(files or []), Options(prelude=not no_prelude, extra_preludes=tuple(prelude or ()),
                                                           signature=signature, julia=julia),
                                      output=output, every=every, globs=tuple(glob or ())))


@app.command("playground", cls=IrcCommand)
def playground_cmd(
    output: str = typer.Option(..., "-o", "--output", help="The folder to write the site into (new, empty, or an earlier playground: replaced whole).", metavar="DIR"),
    pyodide: Optional[str] = typer.Option(None, "--pyodide", help="Pyodide's npm package: its folder ($IRC_PYODIDE by default, else web/node_modules/pyodide, which `npm ci --prefix web` makes in a checkout) or the .tgz `npm pack pyodide@0.29.3` writes.", metavar="PATH"),
    wheel: Optional[List[str]] = typer.Option(None, "--wheel", help="Use this wheel (irc's or lark's) instead of building irc's from the checkout / fetching lark's with pip (repeatable).", metavar="FILE"),
) -> None:
    """Write a self-contained static site that runs irc in the browser on Pyodide: paste, read the coloured answer (no server, no network at run time; docs/playground.md)."""
    from irc.cli.playground import playground_main

    raise typer.Exit(playground_main(output, pyodide, tuple(wheel or ())))
