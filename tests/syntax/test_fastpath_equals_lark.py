"""The parser's shape fast path (`FastLine.shape_re` / `_shape`) builds what
Lark builds, line by line, on the shapes it takes and on near misses it must
leave to the general paths; `merge_by_line` and `Assembler.feed_all` keep order."""
from __future__ import annotations

import random

import pytest

from irc.syntax import fastpath as FP
from irc.syntax import parser as P
from irc.syntax.assemble import Assembler
from irc.syntax.recovery import ErrorList, parse_with_retries
from irc.syntax import tree as S
from irc.errors import IrcError

HEAD = "function f(a, b, x, du)\n"
TAIL = "└── return nothing\nend\n"


def outcome(text: str, fast: bool):
    try:
        return repr(P.parse_text(text, "t.ir", fast=fast).items)
    except IrcError as e:
        return "error: " + repr(e.diagnostics)


def assert_same(body: str):
    text = HEAD + body + TAIL
    assert outcome(text, True) == outcome(text, False), body


ATOMS = ["%1", "%12", "a", "x_1", "f!", "_", "_x", "_2", "nothing", "true", "false", "0", "7", "1.5", "2.0e-3", "1.5e3",
         "9223372036854775807", "9223372036854775808", "170141183460469231731687303715884105728", "end", "in", "isa",
         "return", "goto", "where", "Body", "x1", "١٢", "%١", "٣.٥"]
OPS = ["+", "-", "*", "/", "<", ">", "<=", ">=", "==", "!=", "===", "!=="]
CALLEES = ["f", "Base.getindex", "Base.setindex!", "Main.g", "Base.:*", "Base.:+", "Base.:-", "Base.:<=", "Base.:==",
           "Base.:===", "Base.:!==", "Core.:<", "nothing", "_3", "end", "Base.end", "in", "Base.:/"]
RAILS = ["", "│   ", "1 ─ ", "12 ┄ ", "3 ─── ", "└── ", "└ ", "  ", "\t"]
LABELS = ["", "%1 = ", "%23   = ", "%4=", "%5\t=\t"]
TARGETS = ["", "x = ", "x1 = ", "_x = ", "_2 = ", "_ = ", "nothing = ", "end = ", "y!=", "z =  "]


@pytest.mark.parametrize("line", [
    "│   %3 = Base.:*(%1, x)", "│   %3 = Base.:*(%1, x, 2)", "│   %3 = Base.:<=(a, b)", "│   %3 = Main.:+(1, 2)",
    "│   Base.setindex!(du, %3, 130)", "│   x1 = %3", "1 ─ %1 = Base.getindex(a, 1)", "│   %4 = %3 * 0.5",
    "│   %4 = %3 - t", "│   x = a + b + c", "│   x = f(a + b, c)", "│   x = f(a)", "│   x = f(a, b, c, x)",
    "│   x = Base.:!(a, b)", "│   x = Base.:(==)(a, b)", "│   %3 = Base.:*(%1, x)::Float64", "│   %3 = a + b # c",
    "│   %3 = a+b", "│   %3 = a +b", "│   x == y", "│   x = y == z", "│   %3 = Base.:*( %1 ,x )", "│   %3 = a + b\r",
    "│   %3 = Base.:*(%1, x)\r", "│   x@_2 = %3", "│   %3 = x@_2 * a", "│   %3 = 1_000 + a", "│   %3 = 0x10 + a",
    "│   %3 = 1.5f0 * a", "│   %3 = 1e5 * a", "│   %3 = Base.:*(%1, x", "│   %3 = Base.:*(%1)", "│   %3 = .a + b",
    "│   %3 = Base.:++(a, b)", "│   %3 = Base.:*=(a, b)", "│   %3 = Base. :*(a, b)", "│   end", "│   %3 = end",
    "│   %3 = Base.mul_float(%1, %2)::Float64", "│   %3 = a + b::Int64", "│   x = f(a, b)::Int64", "│   x = a::Int64",
    "│   %3 = a::Int64", "│   %3 = 1::Int64", "│   a::Float64", "│   %3 = a * b::T", "│   %3 = f(a, b)::nothing",
    "│   %3 = f(a, b)::where", "│   %3 = f(a, b)::Int64 ", "│   %3 = f(a, b)::Int64::Int64", "│   x = a == b::Bool",
    "│   %3 = f(end, a)", "│   %3 = end(a, b)", "│   %3 = ١٢ + %١", "│   x = f(٣.٥, %٣)", "%٣ = a", "│   %3 = return(a, b)", "│   return = a", "│   %3 = a + return",
    # Julia 1.12's markers, marker words as names, a space before a call, authors' comments
    "│   %4 =   dynamic (%3)(1, a)", "│   %7 =   builtin %6 === nothing", "│   %8 = intrinsic Base.not_int(%7)",
    "│          dynamic (a)(%6)", "│   dynamic = 3", "│   %3 = dynamic + 1", "│   %3 = dynamic(a)", "│   %3 = f (a)",
    "│   %3 = frobnicate (%2)(a)", "│   %3 = a + b #in red", "│   %3 = Base.f(a)::Int64   # <-- in red",
])
def test_shape_lines_match_lark(line: str):
    assert_same(line + "\n")


@pytest.mark.parametrize("line", ["Arguments#self#::Core.Const(f)", "Locals#x::Int64", "Variables#y", "Static#z = 1",
                                  "Arguments # c", "Body#x::Int64", "end#x = 1", "from#x = 1"])
def test_section_words_before_a_hash_match_lark(line: str):
    assert_same(line + "\n")
    assert_same("│   " + line + "\n")


def random_line(rng: random.Random) -> str:
    def atom() -> str:
        return rng.choice(ATOMS)

    kind = rng.randrange(3)
    if kind == 0:
        rhs = atom()
    elif kind == 1:
        rhs = f"{atom()}{rng.choice([' ', '  ', chr(9)])}{rng.choice(OPS)} {atom()}"
    else:
        args = [atom() for _ in range(rng.choice([1, 2, 2, 3, 3, 4]))]
        rhs = f"{rng.choice(CALLEES)}({rng.choice([', ', ',', ' , ']).join(args)})"
    annot = rng.choice(["", "", "::Float64", "::Int64", "::nothing", "::end", "::_2", "::Base.Int", ":: Int64", "::x::Int64"])
    return rng.choice(RAILS) + rng.choice(LABELS) + rng.choice(TARGETS) + rhs + annot + rng.choice(["", " ", "\r"])


@pytest.mark.parametrize("seed", range(8))
def test_random_shape_lines_match_lark(seed: int):
    rng = random.Random(seed)
    for _ in range(60):
        assert_same(random_line(rng) + "\n")


def test_shape_lines_in_one_long_body_match_lark():
    rng = random.Random(99)
    good = []
    while len(good) < 400:
        line = random_line(rng)
        if not outcome(HEAD + line + "\n" + TAIL, False).startswith("error"):
            good.append(line)
    body = "".join(line + "\n" for line in good)
    assert_same(body)


def test_shape_path_takes_the_common_lines():
    fast = FP.fast_line_parser()
    for line in ["│   %3 = Base.:*(%1, x)", "│   x1 = %3", "│   %4 = %3 * 0.5", "1 ─ %1 = Base.getindex(a, 1)",
                 "│   Base.setindex!(du, %3, 130)", "│   %5 = Base.mul_float(%3, %4)::Float64", "│   %6 = %5 + x::Float64"]:
        m = fast.shape_re.match(line)
        assert m is not None and fast._shape(m, 1) is not None, line


def test_merge_keeps_line_order():
    rng = random.Random(5)
    for n_a, n_b in [(0, 3), (3, 0), (100, 2), (100, 50), (5, 5), (1000, 1)]:
        lines = rng.sample(range(1, 5 * (n_a + n_b) + 2), n_a + n_b)
        a = sorted(lines[:n_a])
        b = sorted(lines[n_a:])
        merged = P.merge_by_line([S.LineInfo("", n) for n in a], [S.LineInfo("", n) for n in b])
        assert [o.line for o in merged] == sorted(lines)


def test_feed_all_is_feed_one_by_one():
    text = ("struct P\n    x::Int64\nend\n" + HEAD + "1 ─ %1 = a + b\n│   x = %1\n" + TAIL
            + "MethodInstance for g(::Int64)\n  from g(x) @ Main none:1\nArguments\n  #self#::Core.Const(g)\n  x::Int64\n"
            + "Body::Int64\n1 ─ %1 = x + 1\n└──      return %1\n")
    objs = parse_with_retries(text, ErrorList("t.ir"))
    one, many = Assembler(ErrorList("t.ir")), Assembler(ErrorList("t.ir"))
    for o in objs:
        one.feed(o)
    many.feed_all(objs)
    assert repr(one.finish()) == repr(many.finish()) and len(many.items) == 3


def grammar_terminal(name: str) -> str:
    return FP.terminal_regex(name)


@pytest.mark.parametrize("pattern,terminal", list(FP.PLAIN_ATOMS) + [(FP.PLAIN_OP, "BINOP"), (":(?:%s)" % FP.PLAIN_OP, "QOP")])
def test_plain_tokens_are_grammar_terminals(pattern: str, terminal: str):
    """Every token a simple path takes is one whole token of the grammar's terminal."""
    import re

    from hypothesis import given, settings, strategies as st

    from budget import examples

    term = re.compile(grammar_terminal(terminal))

    @settings(max_examples=examples(200), deadline=None)
    @given(st.from_regex(pattern, fullmatch=True))
    def check(tok: str):
        m = term.match(tok)
        assert m is not None and m.end() == len(tok), (tok, terminal)

    check()


def test_blanked_spans_cover_the_kept_lines():
    rng = random.Random(3)
    for trial in range(200):
        lines = [rng.choice(["", "ab", "x = 1", "  c"]) for _ in range(rng.randrange(1, 300))]
        keep = sorted(rng.sample(range(len(lines)), rng.randrange(0, min(len(lines), 8) + 1)))
        text, spans = FP.blanked(lines, keep)
        assert text == "\n".join(ln if i in keep else "" for i, ln in enumerate(lines))
        assert all(a < b for a, b in spans) and all(b1 < a2 for (_, b1), (a2, _) in zip(spans, spans[1:]))
        for i in keep:
            start = sum(len(lines[j]) for j in keep if j < i) + i
            assert any(a <= start and start + len(lines[i]) <= b for a, b in spans), (trial, i)
        for a, b in spans:
            assert a == 0 or text[a - 1] == "\n"
            assert b == len(text) or text[b - 1] == "\n"


@pytest.mark.parametrize("tail", ["", "\n", "\n\n   \n"])
def test_errors_far_apart_are_reported_as_lark_reports_them(tail: str):
    """Lark parses only spans of the text when most lines took the fast path;
    errors in and at the ends of the spans are the ones it finds in the whole."""
    filler = "".join(f"│   %{k} = %{k - 1} + a\n" for k in range(2, 200))
    bad = ["│   %1 = (a +", "│   x = f(a,", "struct", "│   %9 = a ++ )", "declare f(", "│   y = a + +", "  end",
           "│   nothing = a", "function g(x", "│   goto #2 if", "│   %7 = ∘ a"]
    rng = random.Random(len(tail))
    for _ in range(6):
        body = "function f(a)\n1 ─ %1 = a\n"
        for line in rng.sample(bad, 4):
            body += filler + line + "\n"
        text = body + filler + "└── return %1\nend" + tail
        text_cut = body + filler + rng.choice(bad)  # an error on the last line, no newline after it
        for t in (text, text_cut):
            assert outcome(t, True) == outcome(t, False)


def test_fast_path_agrees_with_lark_on_mutated_samples():
    """Broken and odd lines (tests/strategies.mutate) come out of the fast
    path exactly as out of Lark alone: the same items or the same errors."""
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    import strategies as G
    from conftest import sample_files

    rnd = random.Random(17)
    for path in sample_files():
        text = path.read_text(encoding="utf-8")
        if len(text) > 20000:
            continue
        for _ in range(4):
            mutant, desc = G.mutate(text, rnd)
            assert outcome(mutant, True) == outcome(mutant, False), (path.name, desc)
