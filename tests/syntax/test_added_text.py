"""A person's note in a paste (issue 31 §3): `<-- why is this a Union??`, an
arrow `<------`, a sentence between statements.  irc.syntax.added finds where
it starts; the syntax error it causes is said in those words at that column,
and a note between two statements does not cut the body short."""
from __future__ import annotations

import pytest

from irc.cli.driver import analyse
from irc.syntax.added import MESSAGE, added_text


@pytest.mark.parametrize("line,col", [
    ("1 ─ %1 = (x + 1)::Int64   <-- why is this a Union??", 26),
    ("<------ here", 0),
    ("   <== this one", 3),
    ("│   %2 = f(%1)::Any  ← red", 21),
    ("this is where it goes wrong", 0),
    ("│   %2 = f(%1)::Any   why is this slow?", 22),
])
def test_notes_are_found(line, col):
    assert added_text(line) == col


@pytest.mark.parametrize("line", [
    "│   %2 = (x <= y)::Bool", "│   %2 = (a < -1)::Bool", "└──      goto #3 if not %1", "└──      return x",
    "│   %3 = Base.not_int(%2)::Bool", "Body::Union{Float64, Int64}", "  from f(x) @ Main REPL[1]:1",
    "│   %2 = x isa Int64", "│        (s = %10 + %16)",
])
def test_julias_own_lines_are_no_notes(line):
    assert added_text(line) is None


HEAD = ("julia> @code_warntype g(1)\nMethodInstance for g(::Int64)\n  from g(x) @ Main REPL[1]:1\nArguments\n"
        "  #self#::Core.Const(g)\n  x::Int64\nBody::Int64\n")


@pytest.mark.parametrize("body,line,col", [
    ("1 ─ %1 = (x + 1)::Int64   <-- why is this a Union??\n└──      return %1\n", 8, 27),
    ("1 ─ %1 = (x + 1)::Int64\n<------ here\n└──      return %1\n", 9, 1),
    ("1 ─ %1 = (x + 1)::Int64\nthis is where it goes wrong\n└──      return %1\n", 9, 1),
])
def test_a_note_is_one_error_at_its_first_column(body, line, col):
    res = analyse("t.ir", HEAD + body)
    (d,) = res.errors
    assert d.message == MESSAGE and (d.span.line, d.span.col) == (line, col)


def test_a_note_after_the_error_leaves_the_error_alone():
    res = analyse("t.ir", HEAD + "1 ─ %1 = (x + ) <-- here\n└──      return %1\n")
    (d,) = res.errors
    assert d.message != MESSAGE and d.span.col < 17
