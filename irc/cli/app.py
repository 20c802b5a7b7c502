"""The `irc` command line (typer): `fmt`, `cfg`, `infer`, `--version`.

Shared plumbing, reusable by every command:

- `expand_inputs(paths)` (`irc.batch.collect_inputs`) -- files as given,
  directories contribute every `*.ir` below them (sorted), `-` is standard input;
- `load_programs(paths)` -- yields one `Loaded(path, text, program,
  diagnostics)` per input: parsed and built (`program` set) or the located
  errors (`diagnostics`, rendered with `errors.render` by `report`);
- `run_command(paths, render)` -- loads every input, renders each program
  with `render(loaded) -> str`, writes all output at once at the end (whole
  or not at all), errors on stderr; exit status 0, 1 on input errors, 2 on an
  internal error (`path: internal error: …`, never a traceback).

Invariants: no command prints a Python traceback for any input; stdout
receives complete per-file texts only; every input is processed even when an
earlier one fails.
"""
from __future__ import annotations

import sys
from dataclasses import dataclass, field
from typing import Callable, Iterator, List, Optional

import typer

from irc import __version__
from irc.ir import model as ir
from irc.cli.batch import STDIN, read_input
from irc.cli.batch import collect_inputs as expand_inputs
from irc.errors import Diagnostic, IrcError, render


@dataclass(slots=True)
class Loaded:
    path: str
    text: str = ""
    program: ir.Program | None = None
    diagnostics: list[Diagnostic] = field(default_factory=list)
    internal: str | None = None  # an unexpected exception, as text


def load_one(path: str, stdin=None) -> Loaded:
    """Read, parse and build one input."""
    from irc.ir.build import build_program
    from irc.syntax.parser import parse_text

    shown = "<stdin>" if path == STDIN else path
    item = Loaded(shown)
    try:
        item.text = read_input(path, stdin)
        item.program = build_program(parse_text(item.text, shown))
    except IrcError as e:
        item.diagnostics = list(e.diagnostics)
        if e.source:
            item.text = e.source
    except RecursionError:
        item.internal = "input nested too deeply"
    except Exception as e:  # an irc bug: reported, never a traceback
        item.internal = f"{type(e).__name__}: {e}"
    return item


def load_programs(paths: list[str], stdin=None) -> Iterator[Loaded]:
    """One `Loaded` per input (see `expand_inputs`), in order."""
    inputs = expand_inputs(paths)
    for p in inputs:
        yield load_one(p, stdin)


def report(item: Loaded, stderr) -> None:
    """Errors of one input on stderr, rendered with their source lines."""
    for d in item.diagnostics:
        stderr.write(render(d, item.text) + "\n")
    if item.internal is not None:
        stderr.write(f"{item.path}: internal error: {item.internal}\n")


def run_command(paths: list[str], render_fn: Callable[[Loaded], str], stdout=None, stderr=None, stdin=None) -> int:
    """Load every input, render the good ones, write stdout once (see module doc)."""
    stdout = stdout or sys.stdout
    stderr = stderr or sys.stderr
    if not paths:
        stderr.write("error: no input files (give files, directories holding .ir files, or - for stdin)\n")
        return 2
    chunks: list[str] = []
    status = 0
    for item in load_programs(paths, stdin):
        if item.program is not None and item.internal is None:
            try:
                chunks.append(render_fn(item))
            except Exception as e:  # pragma: no cover - an irc bug
                item.internal = f"{type(e).__name__}: {e}"
        if item.diagnostics:
            status = max(status, 1)
        if item.internal is not None:
            status = 2
        report(item, stderr)
    text = "".join(chunks)
    if text:
        stdout.write(text)
        stdout.flush()
    return status


# ---------------------------------------------------------------- renderers


def render_fmt(item: Loaded) -> str:
    from irc.output.fmt import format_program

    assert item.program is not None
    return format_program(item.program)


def _fn_title(fn: ir.Function) -> str:
    from irc.output.fmt import format_name

    return format_name((*fn.module, fn.name))


def render_cfg(item: Loaded) -> str:
    """Blocks with statement ranges, predecessors and successors."""
    assert item.program is not None
    out: list[str] = []
    for fn in item.program.functions:
        out.append(f"{item.path}: {_fn_title(fn)}: {len(fn.stmts)} statements, {len(fn.blocks)} blocks")
        for b in fn.blocks:
            preds = ", ".join("entry" if p == 0 else f"#{p}" for p in b.preds) or "-"
            succs = ", ".join(f"#{s}" for s in b.succs) or "-"
            rng = f"{b.first}" if b.first == b.last else f"{b.first}-{b.last}"
            out.append(f"  #{b.id}: stmts {rng}; preds {preds}; succs {succs}")
    return "\n".join(out) + "\n" if out else ""


def _dot_quote(s: str) -> str:
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


def render_dot(item: Loaded) -> str:
    """Graphviz: one digraph per function; catch entries as dashed edges."""
    assert item.program is not None
    out: list[str] = []
    for fn in item.program.functions:
        title = _fn_title(fn)
        out.append(f"digraph {_dot_quote(title)} {{")
        out.append("  node [shape=box, fontname=monospace];")
        has_virtual = any(0 in b.preds for b in fn.blocks)
        if has_virtual:
            out.append('  b0 [label="exception", shape=ellipse, style=dashed];')
        for b in fn.blocks:
            rng = f"{b.first}" if b.first == b.last else f"{b.first}:{b.last}"
            out.append(f'  b{b.id} [label="#{b.id}\\n{rng}"];')
        for b in fn.blocks:
            for s in b.succs:
                out.append(f"  b{b.id} -> b{s};")
            if 0 in b.preds:
                out.append(f"  b0 -> b{b.id} [style=dashed];")
        out.append("}")
    return "\n".join(out) + "\n" if out else ""


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
        from irc.output.explain import cfg_main

        raise typer.Exit(cfg_main(list(files or []), fmt=format, output=output, prelude=not no_prelude))
    raise typer.Exit(run_command(list(files or []), render_dot if dot else render_cfg))


@app.command("infer")
def infer_cmd(
    ctx: typer.Context,
    files: Optional[List[str]] = FILES,
    format: str = typer.Option("text", "--format", "-f", help="Output: text (annotated IR), json (one document) or jsonl (one function per line)."),
    state: str = typer.Option("block", "--state", help="How entry states are kept: stmt, block or live (same output)."),
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
) -> None:
    """Infer types and print the annotated IR (@code_warntype layout)."""
    from irc.cli.batch import cli_infer

    raise typer.Exit(cli_infer(list(files or []), format=format, state=state, stats=stats, check=check,
                               exact=exact, no_prelude=no_prelude, prelude=list(prelude or []), color=color,
                               output=output, out_dir=out_dir, jobs=jobs, warn_only=warn_only, quiet=quiet,
                               strict=strict, keep=(ctx.obj or {}).get("keep")))


@app.command("explain")
def explain_cmd(
    file: str = typer.Argument(..., help="The .ir file (or - for stdin).", show_default=False),
    slot: str = typer.Option(..., "--slot", help="The slot to explain, as printed (x, @_3, x@_5).", show_default=False),
    function: Optional[str] = typer.Option(None, "--function", help="The function holding the slot (needed when several do)."),
    state: str = typer.Option("block", "--state", help="How entry states are kept: stmt, block or live."),
    no_prelude: bool = typer.Option(False, "--no-prelude", help="Do not load the shipped declarations of Base methods."),
    prelude: Optional[List[str]] = typer.Option(None, "--prelude", help="Add declarations from FILE (repeatable).", metavar="FILE"),
) -> None:
    """Why a slot has its type: entry states, merges, refinements and assignments, with lines."""
    from irc.cli.driver import STORES, Options
    from irc.output.explain import explain_main

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
    try:
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
