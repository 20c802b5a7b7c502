"""Reading inputs for the commands that do not infer (`irc fmt`, `irc cfg`).

- `load_programs(paths)` -- yields one `Loaded(path, text, program,
  diagnostics)` per input (files as given, directories contribute every
  `*.ir` below them and a note naming the files they skipped, `-` is
  standard input): parsed and built (`program` set) or the located errors
  (`diagnostics`);
- `run_command(paths, render)` -- loads every input, renders each program
  with `render(loaded) -> str`, writes all output at once at the end (whole
  or not at all), errors on stderr; exit status 0, 1 on input errors, 2 on an
  internal error (`path: internal error: …`, never a traceback).

Invariants: no input makes this print a Python traceback; stdout receives
complete per-file texts only; every input is processed even when an earlier
one fails.
"""
from __future__ import annotations

import sys
from dataclasses import dataclass, field
from typing import Callable, Iterator, Sequence

from irc.cli.batch import STDIN, expand_inputs, read_input, skipped_notes
from irc.errors import Diagnostic, IrcError, render
from irc.ir import model as ir
from irc.ir.build import build_program
from irc.syntax.parser import parse_text


@dataclass(slots=True)
class Loaded:
    path: str
    text: str = ""
    program: ir.Program | None = None
    diagnostics: list[Diagnostic] = field(default_factory=list)
    internal: str | None = None  # an unexpected exception, as text


def load_one(path: str, stdin=None, signature: str | None = None) -> Loaded:
    """Read, parse and build one input (`signature`: `--signature`)."""
    shown = "<stdin>" if path == STDIN else path
    item = Loaded(shown)
    try:
        item.text = read_input(path, stdin)
        item.program = build_program(parse_text(item.text, shown, signature=signature))
    except IrcError as e:
        item.diagnostics = list(e.diagnostics)
        if e.source:
            item.text = e.source
    except RecursionError:
        item.internal = "input nested too deeply"
    except Exception as e:  # an irc bug: reported, never a traceback
        item.internal = f"{type(e).__name__}: {e}"
    return item


def load_programs(paths: list[str], stdin=None, stderr=None, signature: str | None = None,
                  globs: Sequence[str] = ()) -> Iterator[Loaded]:
    """One `Loaded` per input (see `expand_inputs`; `globs`: `--glob`), in order; what a
    directory skipped is noted on `stderr` when given."""
    inputs, skipped = expand_inputs(paths, globs)
    if stderr is not None:
        stderr.write(skipped_notes(skipped, globs))
    for p in inputs:
        yield load_one(p, stdin, signature)


def report(item: Loaded, stderr) -> None:
    """Errors of one input on stderr, rendered with their source lines."""
    for d in item.diagnostics:
        stderr.write(render(d, item.text) + "\n")
    if item.internal is not None:
        stderr.write(f"{item.path}: internal error: {item.internal}\n")


def run_command(paths: list[str], render_fn: Callable[[Loaded], str], stdout=None, stderr=None, stdin=None,
                signature: str | None = None, globs: Sequence[str] = ()) -> int:
    """Load every input, render the good ones, write stdout once (see module doc)."""
    stdout = stdout or sys.stdout
    stderr = stderr or sys.stderr
    if not paths:
        stderr.write("error: no input files (give files, directories holding .ir files, or - for stdin)\n")
        return 2
    chunks: list[str] = []
    status = 0
    for item in load_programs(paths, stdin, stderr, signature, globs):
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
