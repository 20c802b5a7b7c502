"""The `irc` command line (typer): `infer`, `fmt`, `cfg`, `explain`, `--version`.

Each command parses its options and hands the work to one function below
it: `irc.cli.batch.cli_infer` (infer), `irc.cli.loading.run_command` with a
renderer from `irc.output` (fmt, cfg), `irc.cli.commands` (explain, cfg with
states).  `main` runs the app and turns any escaping exception into one
`irc: internal error: …` line (never a traceback).
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

app = typer.Typer(
    add_completion=False,
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    help="irc: parse, analyse and print Julia's lowered IR (.ir files).",
)


def _version(value: bool) -> None:
    if value:
        typer.echo(f"irc {__version__}")
        raise typer.Exit(0)


@app.callback()
def _root(
    version: Optional[bool] = typer.Option(None, "--version", callback=_version, is_eager=True, help="Print the version and exit."),
) -> None:
    """irc: parse, analyse and print Julia's lowered IR (.ir files)."""


FILES = typer.Argument(None, help="Files, directories (every .ir below) or - for stdin.", show_default=False)


@app.command("fmt")
def fmt_cmd(files: Optional[List[str]] = FILES) -> None:
    """Reprint the input canonically (renumbered labels, aligned rails)."""
    raise typer.Exit(run_command(list(files or []), render_fmt))


@app.command("cfg")
def cfg_cmd(
    files: Optional[List[str]] = FILES,
    dot: bool = typer.Option(False, "--dot", help="Graphviz output."),
    states: bool = typer.Option(False, "--states", help="Infer, and label each block with its entry state (Graphviz)."),
    format: Optional[str] = typer.Option(None, "--format", help="Render with Graphviz's dot: svg or png (implies --states)."),
    output: Optional[str] = typer.Option(None, "-o", "--output", help="Write the output to FILE (atomically).", metavar="FILE"),
    no_prelude: bool = typer.Option(False, "--no-prelude", help="With --states: no shipped Base declarations."),
) -> None:
    """Print the basic blocks and their edges."""
    if states or format is not None or output is not None:
        from irc.cli.commands import cfg_main

        raise typer.Exit(cfg_main(list(files or []), fmt=format, output=output, prelude=not no_prelude))
    raise typer.Exit(run_command(list(files or []), render_dot if dot else render_cfg))


@app.command("infer")
def infer_cmd(
    ctx: typer.Context,
    files: Optional[List[str]] = FILES,
    format: str = typer.Option("text", "--format", "-f", help="Output: text (annotated IR), json (one document) or jsonl (one function per line)."),
    state: str = typer.Option("shared", "--state", help="How entry states are kept: stmt, block, live or shared (same output)."),
    stats: bool = typer.Option(False, "--stats", help="Print statements, blocks, slots, visits, state cells/bytes and seconds per phase on stderr."),
    check: bool = typer.Option(False, "--check", help="Compare with the types Julia printed in the input; exit 1 if any differ."),
    exact: bool = typer.Option(False, "--exact", help="With --check: compare lattice elements (Core.Const…), not widened types."),
    no_prelude: bool = typer.Option(False, "--no-prelude", help="Do not load the shipped declarations of Base methods."),
    prelude: Optional[List[str]] = typer.Option(None, "--prelude", help="Add declarations from FILE (repeatable).", metavar="FILE"),
    color: str = typer.Option("auto", "--color", help="Colour types like @code_warntype: auto (terminal, no NO_COLOR), always, never."),
    output: Optional[str] = typer.Option(None, "-o", "--output", help="Write the output to FILE (atomically) instead of stdout.", metavar="FILE"),
    out_dir: Optional[str] = typer.Option(None, "--out-dir", help="Write one output file per input into DIR (atomically).", metavar="DIR"),
    jobs: int = typer.Option(1, "--jobs", "-j", help="Infer files in N worker processes (output order is input order).", metavar="N"),
    warn_only: bool = typer.Option(False, "--warn-only", help="Print only the diagnostics, not the annotated IR."),
    quiet: bool = typer.Option(False, "--quiet", "-q", help="Do not print warnings (errors are always printed)."),
    strict: bool = typer.Option(False, "--strict", help="Exit 1 when there are warnings."),
    entries: str = typer.Option("brief", "--entries", help="Entry comments: brief (slots whose entry state is not their listed type, defined) or full (every live slot)."),
) -> None:
    """Infer types and print the annotated IR (@code_warntype layout)."""
    from irc.cli.batch import cli_infer

    raise typer.Exit(cli_infer(list(files or []), format=format, state=state, stats=stats, check=check,
                               exact=exact, no_prelude=no_prelude, prelude=list(prelude or []), color=color,
                               output=output, out_dir=out_dir, jobs=jobs, warn_only=warn_only, quiet=quiet,
                               strict=strict, keep=(ctx.obj or {}).get("keep"), entries=entries))


@app.command("explain")
def explain_cmd(
    file: str = typer.Argument(..., help="The .ir file (or - for stdin).", show_default=False),
    slot: str = typer.Option(..., "--slot", help="The slot to explain, as printed (x, @_3, x@_5).", show_default=False),
    function: Optional[str] = typer.Option(None, "--function", help="The function holding the slot (needed when several do)."),
    state: str = typer.Option("shared", "--state", help="How entry states are kept: stmt, block, live or shared."),
    no_prelude: bool = typer.Option(False, "--no-prelude", help="Do not load the shipped declarations of Base methods."),
    prelude: Optional[List[str]] = typer.Option(None, "--prelude", help="Add declarations from FILE (repeatable).", metavar="FILE"),
) -> None:
    """Why a slot has its type: entry states, merges, refinements and assignments, with lines."""
    from irc.cli.driver import STORES, Options
    from irc.cli.commands import explain_main

    if state not in STORES:
        sys.stderr.write(f"error: --state must be one of {', '.join(STORES)} (got {state!r})\n")
        raise typer.Exit(2)
    opts = Options(store=state, prelude=not no_prelude, extra_preludes=tuple(prelude or ()))
    raise typer.Exit(explain_main(file, slot, function, opts))


def main(argv: list[str] | None = None, keep: list | None = None) -> None:
    """Run the CLI (the `irc` script and `python -m irc` call it through
    `irc.__main__.run`); exits with the command's status.  `keep`: where
    `irc infer` leaves its last analysis instead of freeing it
    (`driver.process_file`)."""
    from irc.cli.driver import deep_recursion

    try:
        with deep_recursion():
            app(args=argv, prog_name="irc", standalone_mode=True, obj={"keep": keep})
    except SystemExit:
        raise
    except KeyboardInterrupt:
        sys.stderr.write("interrupted\n")
        raise SystemExit(130)
    except BaseException as e:  # never a traceback
        sys.stderr.write(f"irc: internal error: {type(e).__name__}: {e}\n")
        raise SystemExit(2)


if __name__ == "__main__":  # pragma: no cover
    main()
