"""Located errors (spec §4): malformed inputs and their rendered messages, snapshot-tested.

Each case is a small input with one or more mistakes; the snapshot is exactly
what `irc` prints on stderr (`path:line:col: error: …`, the line, a caret).
"""
from __future__ import annotations

import pytest

from irc.ir.build import build_program
from irc.errors import IrcError, render_all
from irc.syntax.parser import parse_text

from conftest import stored_snapshots
from error_cases import CASES


def errors_of(text: str) -> str:
    try:
        build_program(parse_text(text, "bad.ir"))
    except IrcError as e:
        return render_all(e.diagnostics, e.source) + "\n"
    return "(no error)\n"


def test_there_are_enough_cases():
    assert len(CASES) >= 20


@pytest.mark.parametrize("name", sorted(CASES))
def test_error_message(name, text_snapshot):
    out = errors_of(CASES[name])
    assert out != "(no error)\n"
    assert "__ANON" not in out and "Traceback" not in out
    assert out.startswith("bad.ir:")
    assert out == text_snapshot


def test_every_snapshot_file_belongs_to_a_case():
    """No snapshot is left behind by a removed or renamed case (syrupy does not report it in the
    default command: tests/output/test_snapshots.py's test_every_snapshot_file_belongs_to_a_test)."""
    assert stored_snapshots("test_error_messages") == {f"test_error_message[{name}].txt" for name in CASES}


WRAPPED_NAME = ("Variables\n  #self#::Core.Const(f)\n  x@_2::Int64\n  x@_3::Float64\n\nBody::Float64\n"
                "1 ─      (x@_3 = Main.convert(Main.Float64, x@_\n{}\n└──      return x@_3\n")


@pytest.mark.parametrize("rest,broken", [
    ("2::Int64))", True),  # held-out h510: joined, `x@_2::Int64))` reads
    ("2 ::Int64) )", True),
    ("2::Int64 foo bar))", False),  # joined, the line still does not read: a real error, said as one
    ("2::Int64)", False),
])
def test_a_line_broken_after_its_last_token_is_one_error_when_joining_reads(rest, broken):
    """The wrap detector ("this line seems to go on at the start of line N") for an error at a line's
    last token (a page broke the line inside a name), only when the two lines joined read as one."""
    out = errors_of(WRAPPED_NAME.format(rest))
    assert ("seems to go on at the start of line 8" in out) == broken, out
    if broken:
        assert out.count(": error: ") == 1, out


SOSS = ("julia> @code_warntype logpdf(m(x=x),truth)\nVariables\n  #self#::Core.Compiler.Const(Distributions.logpdf, false)\n"
        "  m::Soss.JointDistribution{NamedTuple{(:x,),Tuple{Float64}},NamedTuple{(),T} where T<:Tuple,TypeEncoding(begin\n"
        "    x ~ Normal()\nend),TypeEncoding(Main)}\n  x::NamedTuple{(:x,),Tuple{Float64}}\n\nBody::Float64\n"
        "1 ─ %1 = Base.getproperty(m, :args)::NamedTuple{(:x,),Tuple{Float64}}\n└──      return 1.0\n")


def test_a_type_printed_over_several_lines_is_one_error_saying_so():
    """Soss's `TypeEncoding(begin … end)` inside a type (held-out h403, h811): the bracket open at the end
    of line 4 closes on line 6; one error at line 4 says the type spans lines, never "cut short"."""
    with pytest.raises(IrcError) as e:
        parse_text(SOSS, "t.ir")
    (d,) = e.value.diagnostics
    assert (d.span.line, d.span.col) == (4, 112), d
    assert "spans lines 4-6" in d.message and "over several lines" in d.message and "cut short" not in d.message


def test_a_line_cut_short_inside_a_bracket_stays_cut_short():
    text = SOSS.replace("    x ~ Normal()\nend),TypeEncoding(Main)}\n", "")  # never closed before `Body::`
    with pytest.raises(IrcError) as e:
        parse_text(text, "t.ir")
    assert any("cut short" in d.message for d in e.value.diagnostics)
    assert not any("spans lines" in d.message for d in e.value.diagnostics)


def test_a_bracket_closed_on_the_very_next_line_is_no_type_over_several_lines():
    """A page's wrap (`…bad_container(::Vector{Float64}` / `)`: r293) is not a package's `show`."""
    text = SOSS.replace("    x ~ Normal()\nend),TypeEncoding(Main)}\n", "Normal()),TypeEncoding(Main)}\n")
    with pytest.raises(IrcError) as e:
        parse_text(text, "t.ir")
    assert not any("spans lines" in d.message for d in e.value.diagnostics)


@pytest.mark.parametrize("line,said", [
    ("get(obj, l) = (2,)", True),  # Kaleido#27 (h123): the page kept the source line above the output
    ("Base.f(x::T) where T = x", True),
    ("  x = f(y)", False),  # a statement of irc's language: no definition
])
def test_a_one_line_definition_above_the_output_is_named_julia_source(line, said):
    out = errors_of(line + "\nMethodInstance for f(::Int64)\n  from f(x) @ Main REPL[1]:1\nArguments\n"
                    "  #self#::Core.Const(f)\n  x::Int64\nBody::Int64\n1 ─      return x\n")
    assert ("this line is Julia source (a one-line definition" in out) == said, out
