"""The commands that infer and then render something other than annotated IR:
`irc explain` (why a slot has its type) and `irc cfg --states/--format`
(the CFG labelled with entry states, as Graphviz text, svg or png).

Each is a function of the parsed options returning the exit status: reads
its inputs (`irc.cli.batch`), runs the pipeline (`irc.cli.driver.analyse`),
renders with `irc.output.explain` / `irc.output.cfgview`, and reports every
error located on stderr (never a traceback).
"""
from __future__ import annotations

import sys
from typing import Any

from irc.cli.batch import destination_problem, expand_inputs, read_input, skipped_note, write_output
from irc.cli.driver import Options, analyse
from irc.errors import IrcError, render_all
from irc.output.cfgview import graphviz_render, program_dot
from irc.output.explain import explain_slot, find_slot


def explain_main(path: str, slot: str, function: str | None, options: Any,
                 stdout: Any = None, stderr: Any = None) -> int:
    """`irc explain FILE --slot x [--function f]`; returns the exit status."""
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
    found = [(fn, r, find_slot(fn, slot)) for fn, r in cands]
    found = [(fn, r, s) for fn, r, s in found if s is not None]
    if not found:
        stderr.write(f"error: no slot {slot!r} in {'function ' + function if function else path}\n")
        return 1
    if len(found) > 1 and function is None:
        names = ", ".join(fn.name for fn, _, _ in found)
        stderr.write(f"error: slot {slot!r} exists in several functions ({names}); choose one with --function\n")
        return 1
    fn, r, s = found[0]
    stdout.write(explain_slot(fn, r, s))
    return 0


def cfg_main(paths: list[str], fmt: str | None = None, output: str | None = None, prelude: bool = True,
             stdout: Any = None, stderr: Any = None) -> int:
    """`irc cfg --states [--format svg|png] [-o FILE]`; returns the exit status."""
    stdout = stdout or sys.stdout
    stderr = stderr or sys.stderr
    if fmt not in (None, "dot", "svg", "png"):
        stderr.write(f"error: --format must be dot, svg or png (got {fmt!r})\n")
        return 2
    problem = None if output is None else destination_problem(output)
    if problem is not None:
        stderr.write(f"{output}: error: {problem}\n")
        return 2
    inputs, skipped = expand_inputs(paths)
    stderr.write("".join(skipped_note(d, names) for d, names in skipped))
    if not inputs:
        stderr.write("error: no input files\n")
        return 2
    if fmt in ("svg", "png") and len(inputs) != 1:
        stderr.write(f"error: --format {fmt} renders one input at a time (got {len(inputs)})\n")
        return 2
    if fmt == "png" and output is None and getattr(stdout, "isatty", lambda: False)():
        stderr.write("error: --format png writes binary data: give -o FILE\n")
        return 2
    status, chunks = 0, []
    for path in inputs:
        try:
            text = read_input(path)
        except IrcError as e:
            stderr.write(render_all(e.diagnostics, e.source) + "\n")
            status = 1
            continue
        res = analyse(path, text, Options(prelude=prelude))
        if res.errors:
            stderr.write(render_all(res.errors, text) + "\n")
            status = 1
            continue
        chunks.append(program_dot(path, res.results))
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
