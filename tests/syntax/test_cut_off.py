"""A paste cut off (issue 31 §3, issue 27 §3) says "the paste seems cut off after line N",
located at the cut with the source line and a caret, exit status 1 -- never a list of the
grammar's expected tokens -- wherever it was cut: inside a statement, inside a bracket, after
`goto #`, mid-word, in the header, after `Body::T`, between blocks, before a jump's target
block, inside `CodeInfo(` (a bare `return` is no cut: Julia <= 1.5 printed `return nothing` so) (irc.syntax.cutoff).  Errors that are not cuts
keep their own words: a broken line in the middle, the user's own declarations."""
from __future__ import annotations

import io
from pathlib import Path

import pytest

from irc.cli import batch
from irc.cli.driver import analyse
from irc.errors import render

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = (ROOT / "samples" / "union_accumulator.ir").read_text(encoding="utf-8")


def _upto(marker: str, text: str = SAMPLE, after: str = "Body::") -> str:
    """`text` up to and including the first `marker` after `after`."""
    i = text.index(marker, text.index(after))
    return text[: i + len(marker)]


def _only_error(text: str):
    res = analyse("cut.ir", text)
    assert res.errors, "a cut paste must be refused"
    (d,) = res.errors
    return d


CUTS = [  # (the paste up to …, what the message says it ends in)
    (_upto("goto #"), "in the middle of a statement"),
    (_upto("goto #4 i"), "in the middle of a statement"),
    (_upto("(@_3 = Base.iterate(v"), "inside the `(` opened at column 30"),
    (_upto("%10 = (0.5 * "), "inside the `(` opened at column 11"),
    (_upto("%10 ="), "in the middle of a statement"),
    (_upto("│         (@"), "inside the `(` opened at column 11"),
    (_upto("%9  = s::Union{F"), "inside the `{` opened at column 19"),
    (_upto("goto #4 if not %4") + "\n", "with a conditional `goto … if not`"),  # between blocks
    (_upto("(s = %9 + %10)") + "\n", "with an assignment"),  # inside a block
    (_upto("3 ─       goto #2") + "\n", "after block #3, before block #4"),  # a jump past the last block
    (_upto("Body::Union{Float64, Int64}", after="MethodInstance for half_sum") + "\n",
     "after the header, before the body's first statement"),
    (_upto("  x::Int64", after="MethodInstance for half_sum") + "\n",
     "in the function's header, before `Body::T` and the body"),
    (_upto("  @_3::Union{Nothing, Tuple{Int64", after="MethodInstance for half_sum"), "inside the `{`"),
    (_upto("Argu", after="MethodInstance for half_sum"), "in the middle of a header line"),
    (_upto("\n\nM", after="declare"), "in the middle of a header line"),  # inside the word `MethodInstance`
    ("julia> @code_lowered f(1)\nCodeInfo(\n1 ─ %1 = 1\n└──      return %1\n",
     "inside the `CodeInfo(` of line 2, before its closing `)`"),
]


@pytest.mark.parametrize("text,where", CUTS, ids=lambda v: repr(v[-24:]) if isinstance(v, str) else None)
def test_a_cut_paste_says_where_it_was_cut(text, where):
    d = _only_error(text)
    last = len(text.rstrip().split("\n"))
    assert d.code == "cut-off" and d.message.startswith(f"the paste seems cut off after line {last}: it ends ")
    assert where in d.message and "expected" not in d.message.split(where)[0]
    assert d.span.line == last  # located at the cut: its line, the caret under it
    shown = render(d, text).splitlines()
    assert shown[0].startswith(f"cut.ir:{last}:{d.span.col}: error: the paste seems cut off")
    assert shown[1].strip() == text.rstrip().split("\n")[-1].strip() and shown[2].strip() == "^"


def test_the_command_exits_1_and_writes_nothing(tmp_path):
    p = tmp_path / "cut.ir"
    p.write_text(_upto("(@_3 = Base.iterate(v"), encoding="utf-8")
    out, err = io.StringIO(), io.StringIO()
    assert batch.cli_infer([str(p)], stdout=out, stderr=err) == 1
    assert out.getvalue() == ""
    assert f"{p}:47:32: error: the paste seems cut off after line 47" in err.getvalue()


@pytest.mark.parametrize("name,after", [("union_accumulator", "Body::"), ("v16_variables", "Body::"),
                                        ("real/r004_issue48596_lower_slotflags", "CodeInfo(")])
def test_every_cut_inside_a_body_is_said_to_be_a_cut(name, after):
    """The class, not the cases: the paste cut at every character from its body's start on."""
    text = (ROOT / "samples" / f"{name}.ir").read_text(encoding="utf-8")
    start = text.index("\n", text.rindex(after)) + 2
    whole = text.rstrip()
    for k in range(start, len(whole) - 1):
        cut = text[:k]
        res = analyse("cut.ir", cut)
        if not res.errors:  # only a cut after a whole function (the last line, less its last characters), or
            # one that leaves a bare `return` (Julia <= 1.5's print of `return nothing`: a whole body too)
            assert k >= len(whole) - 3 or cut.endswith(" return"), repr(cut[-30:])
            continue
        assert any(d.code == "cut-off" for d in res.errors), (repr(cut[-40:]), [d.message for d in res.errors])


@pytest.mark.parametrize("text,words", [
    # a broken line in the middle is that line's error, with what was expected
    (SAMPLE.replace("%10 = (0.5 * x)::Float64", "%10 = (0.5 * x"), "which is never closed (is the line cut short?)"),
    (SAMPLE.replace("goto #4 if not %4", "goto #"), "unexpected end of line; expected"),
    # the last line complete, with a wrong word: its own message
    (_upto("4 ┄       return s") + " garbage\n", "text added to Julia's output"),
    (_upto("4 ┄       return s") + " )\n", "unexpected ')'"),
    # the user's own declaration at the end
    ("declare Main.g(x::Int64)::Bool iff x\n", "expected 'isa'"),
])
def test_errors_that_are_not_cuts_keep_their_words(text, words):
    res = analyse("bad.ir", text)
    assert res.errors and not any(d.code == "cut-off" for d in res.errors)
    assert any(words in d.message for d in res.errors), [d.message for d in res.errors]
