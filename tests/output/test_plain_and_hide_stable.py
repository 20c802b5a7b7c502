"""`--plain` (Julia's own layout) and `--hide-stable` (irc.output.stable) of the text output."""
from __future__ import annotations

import re

import pytest

from conftest import sample_files
from irc.cli.driver import analyse
from irc.output.colour import strip_ansi
from irc.output.text import declaration_text, render_program

SAMPLES = sample_files()
MARKED = re.compile(r"  # [?!]( |$)")


def _result(sample):
    res = analyse(f"samples/{sample.name}", sample.read_text())
    assert not res.errors
    return res


@pytest.mark.parametrize("sample", SAMPLES, ids=lambda p: p.stem)
def test_plain_is_the_full_output_without_irc_comments(sample):
    res = _result(sample)
    full = render_program(res.program, res.results).splitlines()
    plain = render_program(res.program, res.results, plain=True)
    assert "# " not in plain.replace("#self#", "")  # no entry comments, flags or marks
    assert "declare " not in plain
    expected = [re.sub(r"  # .*$", "", l) for l in full if not l.startswith("# entry #")]
    decls = declaration_text(res.program)
    if decls:
        expected = expected[len(decls.splitlines()) + 1:]  # the declarations and their blank line
    assert plain.splitlines() == expected
    coloured = render_program(res.program, res.results, colour=True, plain=True)
    assert strip_ansi(coloured) == plain


@pytest.mark.parametrize("sample", SAMPLES, ids=lambda p: p.stem)
def test_plain_is_input_and_a_fixed_point_with_its_declarations(sample):
    """Julia's layout is irc input; the declarations left out, put back in front, give the same text."""
    res = _result(sample)
    plain = render_program(res.program, res.results, plain=True)
    decls = declaration_text(res.program)
    again = analyse("again.ir", (decls + "\n" if decls else "") + plain)
    assert not again.errors, again.errors[0].message
    assert render_program(again.program, again.results, plain=True) == plain


def _body(lines: list[str]) -> list[str]:
    body, on = [], False
    for l in lines:
        if l.startswith("MethodInstance for "):
            on = False
        if on:
            body.append(l)
        if l.startswith("Body::"):
            on = True
    return body


def _is_subsequence(small: list[str], big: list[str]) -> bool:
    it = iter(big)
    return all(any(x == y for y in it) for x in small)


@pytest.mark.parametrize("sample", SAMPLES, ids=lambda p: p.stem)
def test_hide_stable_keeps_unstable_statements_with_their_block_context(sample):
    res = _result(sample)
    full = render_program(res.program, res.results).splitlines()
    hidden = render_program(res.program, res.results, hide_stable=True).splitlines()
    assert _is_subsequence(hidden, full)
    header = [l for l in full if l not in _body(full)]
    assert [l for l in hidden if l not in _body(hidden)] == header  # the header, whole
    fbody, hbody = _body(full), _body(hidden)
    unstable = [l for l in fbody if MARKED.search(l) and not l.startswith("#")]
    assert _is_subsequence(unstable, hbody) and len([l for l in hbody if l in unstable]) >= len(unstable)
    blocks: list[list[str]] = []
    for l in hbody:
        if not l or l.startswith("# entry"):
            continue
        # a kept statement is unstable, or its block's header line, or its terminator
        assert MARKED.search(l) or re.match(r"\d+ [─┄]", l) or l.startswith("└"), l
        if re.match(r"\d+ [─┄]", l):
            blocks.append([])
        blocks[-1].append(l)
    for b in blocks:  # every kept block shows its header and, when it has more lines, its terminator
        assert len(b) == 1 or b[-1].startswith("└"), b


def test_hide_stable_exact_on_union_accumulator():
    sample = next(s for s in SAMPLES if s.stem == "union_accumulator")
    res = _result(sample)
    text = render_program(res.program, res.results, hide_stable=True, entries="full")
    assert _body(text.splitlines()) == [
        "# entry #1: v::Vector{Int64}",
        "1 ─       (s = 0)::Core.Const(0)",
        "│         (@_3 = Base.iterate(v))::Union{Nothing, Tuple{Int64, Int64}}  # ?",
        "└──       goto #4 if not %4",
        "# entry #2: v::Vector{Int64}, @_3::Tuple{Int64, Int64}, s::Union{Float64, Int64}",
        "2 ┄ %6  = @_3::Tuple{Int64, Int64}",
        "│   %9  = s::Union{Float64, Int64}  # ?",
        "│         (@_3 = Base.iterate(v, %8))::Union{Nothing, Tuple{Int64, Int64}}  # ?",
        "└──       goto #4 if not %14",
    ]  # blocks 3 (`goto #2`) and 4 (`return s`) hold nothing unstable
    plain = render_program(res.program, res.results, hide_stable=True, plain=True)
    assert _body(plain.splitlines()) == [l.split("  # ")[0] for l in _body(text.splitlines())
                                         if not l.startswith("# entry")]


def test_hide_stable_on_a_stable_function_keeps_the_header_only():
    from irc.cli.driver import analyse_text

    res = analyse_text("function inc(x::Int64)\n1 ─ %1 = Base.add_int(x, 1)\n└──      return %1\nend\n",
                       prelude=False)
    assert not res.errors
    full = render_program(res.program, res.results)
    text = render_program(res.program, res.results, hide_stable=True, entries="full")
    assert text == full[: full.index("# entry #1")]  # the header, down to `Body::Int64`
    assert text.splitlines()[-1] == "Body::Int64"
