"""Annotations a package's `show` printed that are not Julia syntax (irc.syntax.unreadable)."""
from __future__ import annotations

import pytest

from irc.api import analyse
from irc.errors import IrcError
from irc.syntax import tree as S
from irc.syntax.parser import parse_expr, parse_text
from irc.syntax.unreadable import annotation_extents, rewrite, unreadable_annotations

UNITFUL = "Quantity{Float64, 𝐈 𝚯⁻³ᐟ², Unitful.FreeUnits{(A, K⁻³ᐟ²), 𝐈 𝚯⁻³ᐟ², nothing}}"


def paste(arg: str = UNITFUL, stmt: str = "%2 = (%1)()::Core.Const((@lens _.b))", body: str = "Any") -> str:
    return (f"MethodInstance for f(::{arg}, ::Int64)\n"
            "  from f(A, n) @ Main REPL[3]:1\n"
            "Arguments\n"
            "  #self#::Core.Const(f)\n"
            f"  A::{arg}\n"
            "  n::Int64\n"
            f"Body::{body}\n"
            "1 ─ %1 = Core.apply_type(Setfield.PropertyLens, :b)::Core.Const(Setfield.PropertyLens{:b})\n"
            f"│   {stmt}\n"
            "│   %3 = (n + 1)::Int64\n"
            "└──      return %3\n")


def _fn(sf: S.SourceFile) -> S.FunctionDef:
    (fd,) = [it for it in sf.items if type(it) is S.FunctionDef]
    return fd


# ------------------------------------------------------------------ extents


@pytest.mark.parametrize("line, kind, text", [
    ("│   %2 = (%1)()::Core.Const((@lens _.b))", "stmt", "Core.Const((@lens _.b))"),
    ("  A::" + UNITFUL + "  ", "stmt", UNITFUL),
    ("Body::Tuple{𝐋^-3/2}", "body", "Tuple{𝐋^-3/2}"),
    ("│   %1 = Main.:*::Core.Const(*)", "stmt", "Core.Const(*)"),
    ('│   %1 = f("::(")::Core.Const(:?)', "stmt", "Core.Const(:?)"),  # (a `::` or bracket in a string is not one)
])
def test_the_extent_runs_to_the_end_of_the_line(line, kind, text):
    (u,) = annotation_extents(line, 1, slot=line.startswith("  A::"))
    assert (u.kind, u.text) == (kind, text)
    assert line[u.start:u.end] == text


def test_a_methodinstance_argument_runs_to_its_comma_or_parenthesis():
    line = f"MethodInstance for f(::{UNITFUL}, ::Int64, ::Tuple{{Int64, Int64}})"
    assert [u.text for u in annotation_extents(line, 1)] == [UNITFUL, "Int64", "Tuple{Int64, Int64}"]


def test_a_callables_type_before_the_call_runs_to_its_parenthesis():
    """Zygote's pullback `show`s as `∂(λ)`: `MethodInstance for (::typeof(∂(λ)))(::Tuple{…})` (h516)."""
    line = "MethodInstance for (::typeof(∂(λ)))(::Tuple{Int64}, ::Int64)"
    us = annotation_extents(line, 1)
    assert [u.text for u in us] == ["typeof(∂(λ))", "Tuple{Int64}", "Int64"]
    assert line[us[0].start:us[0].end] == "typeof(∂(λ))"
    assert not any(u.text.startswith("typeof(∂") for u in annotation_extents("MethodInstance for (::typeof(∂(λ)])(::Int64)", 1))


def test_a_paste_kept_in_comments_reads_its_unreadable_annotations():
    """A script keeps Julia's output after `# ` (irc.syntax.paste): the extents are found on the lines
    as the reader sees them, the columns unchanged."""
    text = "".join("# " + ln + "\n" for ln in paste().splitlines())
    fd = _fn(parse_text(text, "c.ir"))
    assert fd.signature.args[0].parts == ("Any",)
    notes = {(line, col) for line, col, _msg, _sev in fd.notes}
    assert {(1, 26), (5, 8), (9, 20)} <= notes, notes


@pytest.mark.parametrize("line", [
    "│   %2 = (%1)(::Core.Const((@lens _.b))",  # the `::` is inside an unclosed bracket
    "│   %2 = (%1)()::Core.Const((@lens _.b)",  # the annotation leaves a bracket open
    "│   %2 = (%1)())::Core.Const(1)",  # a closer with nothing open before it
    '│   %2 = (%1)()::Core.Const(@lens _["a)',  # a string left open
    f"MethodInstance for f(::{UNITFUL}, ::Quantity{{Int64, 𝐋, Un",  # a terminal wrapped the line
])
def test_no_extent_when_brackets_do_not_balance(line):
    assert annotation_extents(line, 1) == []


def test_only_annotations_that_are_not_expressions_are_unreadable():
    text = "Arguments\n  x::Vector{Int64}\n  A::" + UNITFUL + "\n"
    found = unreadable_annotations(text, {2, 3}, parse_expr)
    assert [u.line for u in found] == [3]
    assert unreadable_annotations(text, {2}, parse_expr) == []  # (only the lines that failed are asked)


@pytest.mark.parametrize("text", [
    "struct P\n  A::" + UNITFUL + "\nend\n",  # a struct's field: irc's own language
    "declare Main.g(::Vector{T})::T where 3\n",  # a declaration
    "  A::" + UNITFUL + "\n",  # a `name::` line under no section header
    "Arguments\n  x::Int64\nstruct P\n  A::" + UNITFUL + "\nend\n",
])
def test_only_julias_annotated_lines_have_annotations(text):
    lines = range(1, text.count("\n") + 1)
    assert unreadable_annotations(text, lines, parse_expr) == []


def test_a_persons_note_after_the_type_is_not_an_unreadable_type():
    text = "│   %1 = (x + 1)::Int64   <-- why is this a Union??\n"
    assert unreadable_annotations(text, {1}, parse_expr) == []


def test_rewrite_keeps_every_line_length():
    text = paste()
    found = unreadable_annotations(text, range(1, 20), parse_expr)
    assert {u.kind for u in found} == {"arg", "stmt"}
    out = rewrite(text, found)
    assert [len(s) for s in out.split("\n")] == [len(s) for s in text.split("\n")]


# ------------------------------------------------------------------ the paste reads


def test_a_paste_with_package_shows_reads_with_located_warnings():
    sf = parse_text(paste(body=UNITFUL), "p.ir")
    fd = _fn(sf)
    assert sf.text == paste(body=UNITFUL)  # (messages show the paste as it was)
    assert fd.body_type is None
    assert fd.signature.args[0].parts == ("Any",)
    a = next(v for v in fd.arguments if getattr(v.name, "parts", None) == ("A",))
    assert a.type is None  # (a slot with no type is Any)
    notes = {(line, col): (msg, sev) for line, col, msg, sev in fd.notes}
    assert set(notes) == {(1, 24), (5, 6), (7, 7), (9, 18)}
    assert all(sev == "warning" and "could not read the type" in msg for msg, sev in notes.values())
    assert "the argument is taken as Any" in notes[1, 24][0]
    assert "the argument `A` is taken as Any" in notes[5, 6][0]
    assert "return type is not compared" in notes[7, 7][0]
    assert "statement's printed type is not compared" in notes[9, 18][0]


def test_a_local_is_inferred_and_its_printed_type_not_compared():
    text = paste().replace("Body::Any", "Locals\n  l::Core.Const((@lens _.b))\nBody::Any")
    notes = {line: msg for line, _, msg, _ in _fn(parse_text(text, "p.ir")).notes}
    assert "`l`'s printed type is not compared" in notes[8] and "taken as Any" not in notes[8]


def test_a_variables_entry_may_be_either():
    text = ("Variables\n  #self#::Core.Const(f)\n  A::" + UNITFUL + "\n\nBody::Any\n"
            "1 ─ %1 = (A + 1)::Any\n└──      return %1\n")
    (fd,) = parse_text(text, "p.ir").items
    ((line, _, msg, _),) = fd.notes
    assert line == 3 and "`A`'s printed type is not compared" in msg and "if it is an argument, it is taken as Any" in msg


def test_inference_goes_on_with_the_unknown_types():
    res = analyse(paste(), path="p.ir")
    assert res.ok and res.functions == 1
    warnings = [d for d in res.diagnostics if "could not read the type" in d]
    assert len(warnings) == 3 and all(": warning: " in d for d in warnings)
    assert "MethodInstance for f(::Any, ::Int64)" in res.text
    assert "%3 = (n + 1)::Int64" in res.text


# ------------------------------------------------------------------ never a silent misreading


def test_a_statement_broken_elsewhere_is_still_a_located_error():
    text = paste(stmt="%2 = (%1)(, )::Core.Const((@lens _.b))")
    with pytest.raises(IrcError) as e:
        parse_text(text, "p.ir")
    lines = {d.span.line for d in e.value.diagnostics if d.severity == "error"}
    assert lines == {9}
    assert e.value.source == text  # (the error shows the paste's own line, not the rewritten one)


def test_an_unreadable_annotation_with_an_unbalanced_bracket_is_still_an_error():
    with pytest.raises(IrcError) as e:
        parse_text(paste(stmt="%2 = (%1)()::Core.Const((@lens _.b)"), "p.ir")
    assert {d.span.line for d in e.value.diagnostics} == {9}


def test_a_wrapped_methodinstance_line_is_still_refused():
    text = paste().replace(f"::{UNITFUL}, ::Int64)", f"::{UNITFUL}, ::Quantity{{Int64, 𝐋, Un\nitful.FreeUnits}})", 1)
    with pytest.raises(IrcError) as e:
        parse_text(text, "p.ir")
    assert any(d.span.line == 1 and d.code == "syntax" for d in e.value.diagnostics)


def test_a_readable_paste_is_not_touched():
    sf = parse_text(paste(arg="Int64", stmt="%2 = (%1)()::Setfield.PropertyLens{:b}"), "p.ir")
    assert _fn(sf).notes == []


def test_fmt_prints_an_unreadable_annotation_back_as_the_paste_printed_it():
    """`irc fmt` never rewrites what Julia printed: an annotation irc could not read comes back verbatim
    (an Arguments entry's, `Body::`'s, a statement's), so its output reads back to the same program."""
    from irc.output.fmt import format_text
    text = paste(body=UNITFUL)
    out = format_text(text, "p.ir")
    assert f"  A::{UNITFUL}\n" in out and f"Body::{UNITFUL}\n" in out, out
    assert "(%1)()::Core.Const((@lens _.b))\n" in out, out
    assert format_text(out, "p.ir") == out
    assert _fn(parse_text(out, "p.ir")).unread_lines == {5: UNITFUL, 9: "Core.Const((@lens _.b))"}
