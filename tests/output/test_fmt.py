"""`irc fmt`: idempotent, and parse(fmt(x)) is the same program as parse(x)."""
from __future__ import annotations

from pathlib import Path

import pytest

from irc.ir.build import build_program
from irc.output.fmt import format_expr, format_program, format_text, layout_body, stmt_text
from irc.syntax.parser import parse_expr, parse_text

from conftest import CONFORMANCE, SAMPLES, sample_files
from frontdump import dump_program

INPUTS = sample_files() + (sorted(CONFORMANCE.rglob("*.ir")) if CONFORMANCE.is_dir() else [])


def program(text: str, path: str = "t.ir"):
    return build_program(parse_text(text, path))


@pytest.mark.parametrize("path", INPUTS, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_idempotent_and_equivalent(path: Path):
    text = path.read_text(encoding="utf-8")
    p1 = program(text, str(path))
    once = format_program(p1)
    p2 = program(once, str(path))
    assert dump_program(p2) == dump_program(p1)
    assert format_program(p2) == once


@pytest.mark.skipif(not CONFORMANCE.is_dir(), reason="conformance folder absent")
def test_julia_text_is_already_canonical():
    """Julia's own @code_warntype bodies come back unchanged (after the declarations)."""
    for name in ("03_factorial_loop_range.ir", "19_work1_args_v16_d.ir", "14_sin_int_deadbranch_typed_b.ir"):
        text = (CONFORMANCE / "declared" / name).read_text()
        out = format_text(text, name)
        body = [ln for ln in text.splitlines() if ln[:1] in ("1", "2", "3", "4", "│", "└")]
        assert all(ln in out.splitlines() for ln in body), name


def test_labels_are_renumbered_and_rails_aligned():
    out = format_text((SAMPLES / "syntax_handwritten.ir").read_text())
    assert "1 ─ %1 = n + 0\n│        k = %1\n└──      i = 0\n2 ┄ %4 = i < k\n" in out


@pytest.mark.parametrize("text", [
    "a * b * c", "(a + b) * c", "a - b - c", "a - (b - c)", "a + b + c", "(a + b) + c", "-x", "-(a + b)", "-(1)",
    "x isa T", "1:n", "a + 1:n", "(1:2):3", "a < b", "(a < b) === c", "!(a === b)", "x::Int64::Int64", "(a + b)::Int64",
    "Base.:+", "Base.:(:)", "Base.:(==)", 'Main.:(var"#8#9")', 'Main.var"##Sandbox#12".g', "@_3", "x@_5",
    "Core.Const(:(x))", "$(Expr(:enter, #4))", "%new(%3, x)", "(%1)(x)", "($(Expr(:static_parameter, 1)))(x)",
    "Vector{T} where T<:Real", "Tuple{Vararg{Int64}}", "Union{}", "Any[1, 2.0]", "(1,)", "()", "0x01", "1.0f0",
    "\"a\\tb\"", "'c'", ":sym", "nothing", "a ^ b ^ c", "(a ^ b) ^ c", "-x ^ 2",
    "a => b => c", "(a => b) => c", "x ≈ 1.0", "Base.:≈", "Base.:(=>)",
    "@NamedTuple{scale::Int64}", "@NamedTuple{a::Int64, b::Float64}", "@NamedTuple{}", "@NamedTuple{a, b::T} where T",
    'Vector{@NamedTuple{a::Vector{Int64}, var"#b"::Any}}', "typeof(+)", "Core.Const(*)", "typeof(Base.:+)", "(+)",
    "(+)(x, y)", "(+) === x", "Tuple{typeof(+), Int64}", "Any[+, -]", "(+,)", "(-, x)", "%new(T, +)", "typeof(<:)",
    "Base.Broadcast.Broadcasted{Base.Broadcast.DefaultArrayStyle{1}, Nothing, typeof(+), Tuple{Vector{Float64}, Int64}}",
])
def test_format_expr_round_trips(text):
    e = parse_expr(text)
    printed = format_expr(e)
    assert printed == text
    assert repr(parse_expr(printed)).replace(" ", "") != "" and format_expr(parse_expr(printed)) == printed


def test_layout_api_for_annotated_printing():
    (fn,) = program((SAMPLES / "syntax_warntype.ir").read_text()).functions
    texts = [stmt_text(st, fn) for st in fn.stmts]
    lines = layout_body(fn, texts, suffixes=["::T"] * len(texts), block_prefix={2: ["# entry #2"]})
    assert lines[0] == "1 ─      (y = Main.pos(x))::T"
    assert lines[1] == "│   %2 = (y * x)::Float64::T"
    assert "# entry #2" in lines and lines[lines.index("# entry #2") + 1].startswith("2 ─ ")
    assert lines[-1].startswith("└── ")


def test_mutated_inputs_never_crash_and_round_trip():
    """Random insertions into the samples: every input is either rejected with
    located errors or formats to text that parses back to the same program."""
    import random

    from irc.errors import IrcError

    rnd = random.Random(2026)
    texts = [p.read_text(encoding="utf-8") for p in sample_files()]
    pieces = ["(", ")", ",", "::Int64", "=", "%3", "#4", "@_3", "goto #2", "return", "\n", "x", "a + b", "a * b * c",
              "-", "!", " isa Int64", "1:n", "2 ─ ", "│   ", "(x = 1)", "Core.Const(:(x))", "$(Expr(:leave, 1))",
              "nothing", "0x01", "'c'", ":s", "x::T", "where T", "{", "}", "Any[", "]", "...", '"s"', "-1", "2.5",
              "^", "!==", "<:", 'Main.:(var"#1")', "\0", "≤", "x@_2"]
    accepted = 0
    for _ in range(300):
        t = rnd.choice(texts)
        for _ in range(rnd.randint(1, 3)):
            i = rnd.randrange(len(t) + 1)
            t = t[:i] + rnd.choice(pieces) + t[i:]
        try:
            p = program(t, "m.ir")
        except IrcError as e:
            assert e.diagnostics and all(d.span.line >= 1 and d.span.col >= 1 for d in e.diagnostics)
            continue
        accepted += 1
        out = format_program(p)
        assert dump_program(program(out, "m.ir")) == dump_program(p), t
    assert accepted > 50


def test_julia_1_10_forms_reprint_as_julia_prints_them():
    """`@NamedTuple{…}` annotations and operator values come back unchanged."""
    text = ("MethodInstance for apply2(::typeof(+), ::Int64)\n"
            "  from apply2(f, x) @ Main REPL[35]:1\n"
            "Arguments\n"
            "  #self#::Core.Const(apply2)\n"
            "  f::Core.Const(+)\n"
            "  x::Int64\n"
            "Body::@NamedTuple{a::Int64}\n"
            "1 ─ %1 = Core.tuple(x)::Tuple{Int64}\n"
            "│   %2 = Core.apply_type(Core.NamedTuple, (:a,))::Core.Const(NamedTuple{(:a,)})\n"
            "│   %3 = (%2)(%1)::@NamedTuple{a::Int64}\n"
            "└──      return %3\n")
    out = format_text(text, "t.ir")
    for line in text.splitlines()[2:]:
        assert line in out.splitlines(), line
    assert "MethodInstance for apply2(::typeof(+), ::Int64)" in out
    assert format_text(out, "t.ir") == out
