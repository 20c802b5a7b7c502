"""The commands that infer and then render something other than annotated IR:
`irc explain` (why a slot or a statement has its type), `irc stubs` (the
declarations irc lacked, as a file to edit) and `irc cfg --states/--format`
(the CFG labelled with entry states, as Graphviz text, svg or png).

Each is a function of the parsed options returning the exit status: reads
its inputs (`irc.cli.batch`), runs the pipeline (`irc.cli.driver.analyse`),
renders with `irc.diagnose.explain` / `irc.output.cfgview`, and reports every
error located on stderr (never a traceback).
"""
from __future__ import annotations

import sys
from dataclasses import replace
from typing import Any, Sequence

from irc.cli.batch import destination_problem, expand_inputs, read_input, skipped_notes, write_output
from irc.cli.driver import Options, analyse
from irc.errors import IrcError, render_all
from irc.output.cfgview import graphviz_render, program_dot
from irc.diagnose.explain import explain_slot, find_slot, slots_named


def explain_main(path: str, slot: str | None, function: str | None, options: Any,
                 stdout: Any = None, stderr: Any = None, stmt: str | None = None) -> int:
    """`irc explain FILE --slot x | --stmt %N [--function f]`; returns the exit status."""
    stdout = stdout or sys.stdout
    stderr = stderr or sys.stderr
    try:
        text = read_input(path)
    except IrcError as e:
        stderr.write(render_all(e.diagnostics, e.source) + "\n")
        return 1
    res = analyse(path, text, options)
    if res.errors:
        stderr.write(render_all(res.errors, text) + "\n")
        return 1
    cands = [(fn, r) for fn, r in res.results if function is None or fn.name == function]
    if not cands:
        have = ", ".join(fn.name for fn, _ in res.results) or "none"
        stderr.write(f"error: no function {function!r} in {path} (functions: {have})\n")
        return 1
    if stmt is not None:
        return _explain_statement(path, stmt, function, cands, res, stdout, stderr)
    found = [(fn, r, find_slot(fn, slot)) for fn, r in cands]
    found = [(fn, r, s) for fn, r, s in found if s is not None]
    if not found:
        named = [f"{n} (in {fn.name})" if len(cands) > 1 else n for fn, _ in cands for n in slots_named(fn, slot)]
        if named:
            stderr.write(f"error: several slots are named {slot!r}: {', '.join(named)}; give one of them, "
                         f"e.g. --slot {named[0].split(' ')[0]}\n")
            return 1
        stderr.write(f"error: no slot {slot!r} in {'function ' + function if function else path}\n")
        return 1
    if len(found) > 1 and function is None:
        names = ", ".join(fn.name for fn, _, _ in found)
        stderr.write(f"error: slot {slot!r} exists in several functions ({names}); choose one with --function\n")
        return 1
    fn, r, s = found[0]
    stdout.write(explain_slot(fn, r, s))
    return 0


class _analysed:
    """Each input that reads and analyses without errors, as a `FileResult`;
    the others' errors go to `stderr` and set `status` to 1."""

    def __init__(self, inputs: list[str], options: Any, stderr: Any):
        self.inputs, self.options, self.stderr, self.status = inputs, options, stderr, 0

    def __iter__(self):
        for path in self.inputs:
            try:
                text = read_input(path)
            except IrcError as e:
                self.stderr.write(render_all(e.diagnostics, e.source) + "\n")
                self.status = 1
                continue
            res = analyse(path, text, self.options)
            if res.errors:
                self.stderr.write(render_all(res.errors, text) + "\n")
                self.status = 1
                continue
            yield res


def _explain_statement(path: str, stmt: str, function: str | None, cands: list, res: Any, stdout: Any,
                       stderr: Any) -> int:
    from irc.diagnose.explain_stmt import explain_stmt, find_stmt

    if len(cands) > 1:
        names = ", ".join(fn.name for fn, _ in cands)
        stderr.write(f"error: {path} has several functions ({names}); choose one with --function\n")
        return 1
    fn, r = cands[0]
    i = find_stmt(fn, stmt)
    if i is None:
        stderr.write(f"error: no statement {stmt!r} in function {fn.name} (give %N as printed, or N)\n")
        return 1
    stdout.write(explain_stmt(fn, r, res.world, i, [g for g, _ in res.results]))
    return 0


def stubs_main(paths: list[str], options: Any, output: str | None = None,
               stdout: Any = None, stderr: Any = None, every: bool = False, globs: Sequence[str] = ()) -> int:
    """`irc stubs FILE… [--all] [-o FILE]`: the declarations irc lacked for the
    inputs (`--all`: for every call Julia printed a type for), as one file to
    edit (`irc.diagnose.stubs`); returns the exit status (1 when an input had
    errors: its stubs are left out)."""
    if every:
        options = replace(options, use_printed="all")
    from irc.diagnose.stubs import Stubs, collect, render

    stdout = stdout or sys.stdout
    stderr = stderr or sys.stderr
    inputs = _inputs_and_destination(paths, output, stderr, globs)
    if inputs is None:
        return 2
    stubs = Stubs()
    analysed = _analysed(inputs, options, stderr)
    for res in analysed:
        collect(res, stubs)
    status = analysed.status
    body = render(stubs) if stubs.files else ""  # no input read: its errors are on stderr
    if output is not None:
        if not write_output(output, body, stderr):
            status = 1
    else:
        stdout.write(body)
    return status


def _inputs_and_destination(paths: list[str], output: str | None, stderr, globs: Sequence[str] = ()) -> list[str] | None:
    """The inputs (files, directories, `-`; what a directory skipped is noted
    on stderr), or None -- said on stderr -- when `-o` cannot be written or
    there is no input."""
    problem = None if output is None else destination_problem(output)
    if problem is not None:
        stderr.write(f"{output}: error: {problem}\n")
        return None
    inputs, skipped = expand_inputs(paths, globs)
    stderr.write(skipped_notes(skipped, globs))
    if not inputs:
        stderr.write("error: no input files\n")
        return None
    return inputs


def cfg_main(paths: list[str], fmt: str | None = None, output: str | None = None, prelude: bool = True,
             stdout: Any = None, stderr: Any = None, julia: str | None = None, globs: Sequence[str] = ()) -> int:
    """`irc cfg --states [--format svg|png] [-o FILE] [--julia V]`; returns the exit status."""
    stdout = stdout or sys.stdout
    stderr = stderr or sys.stderr
    if fmt not in (None, "dot", "svg", "png"):
        stderr.write(f"error: --format must be dot, svg or png (got {fmt!r})\n")
        return 2
    inputs = _inputs_and_destination(paths, output, stderr, globs)
    if inputs is None:
        return 2
    if fmt in ("svg", "png") and len(inputs) != 1:
        stderr.write(f"error: --format {fmt} renders one input at a time (got {len(inputs)})\n")
        return 2
    if fmt == "png" and output is None and getattr(stdout, "isatty", lambda: False)():
        stderr.write("error: --format png writes binary data: give -o FILE\n")
        return 2
    chunks = []
    analysed = _analysed(inputs, Options(prelude=prelude, julia=julia), stderr)
    for res in analysed:
        chunks.append(program_dot(res.path, res.results))
    status = analysed.status
    dot_text = "".join(chunks)
    if fmt in ("svg", "png"):
        if not chunks:
            return status
        try:
            data = graphviz_render(dot_text, fmt)
        except RuntimeError as e:
            stderr.write(f"error: {e}\n")
            return 1
        if output is not None:
            return status if write_output(output, data, stderr) else 1
        stdout.flush()
        if hasattr(stdout, "buffer"):
            stdout.buffer.write(data)
            stdout.buffer.flush()
        else:  # a text stream (tests): svg is text
            stdout.write(data.decode("utf-8", "replace"))
        return status
    if output is not None:
        return status if write_output(output, dot_text, stderr) else 1
    stdout.write(dot_text)
    return status

