"""Typed slot reads inside statements (`return x::Float64`, `(@_2::Core.Const((1, 1)) === nothing)`)
print irc's own state of the slot there, never Julia's `T` (irc.output.reads).

The rule, on every sample and the real pastes that carry such reads (thinned): each typed read
the text output and the JSON `text` show inside a reached statement is `name::show(state)`, the
state being the replayed state before the statement (the same in every store); unreached
statements show none; `--use-printed-types` keeps Julia's type only where irc took it (the line
marked `# from input`); `--check` compares Julia's type with the one printed.
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from budget import not_real, thin
from conftest import SAMPLES, sample_files

from irc.cli.driver import Options, analyse, analyse_text
from irc.diagnose.check import check_function
from irc.lattice.typeprint import show
from irc.output import fmt
from irc.output.reads import Retyper, stripped, typed_reads
from irc.output.text import render_program, slot_display_names, statement_texts
from irc.syntax import tree as S

# a body line whose statement reads a slot with a type (`return x::T`, `f(x::T)`, `(x::T === y)`)
_READ_LINE = re.compile(r"^\s*(?:[│└]|\d+\s*[─┄]).*?(?:return |goto #\d+ if not |[(,] ?|= |\s[=!]== )[@A-Za-z_][\w@#]*::\S")


def _with_reads() -> list[Path]:
    out = []
    for p in sorted((SAMPLES / "real").glob("*.ir")) + sample_files():
        if any(_READ_LINE.search(line) for line in p.read_text(encoding="utf-8").splitlines()):
            out.append(p)
    return out


INPUTS = _with_reads()


def _inline(fn, i):
    """The typed slot reads of statement i the printer retypes (the whole value of a value or
    assignment statement is the statement's own annotation: stripped, the statement type shown)."""
    st = fn.stmts[i - 1]
    v = st.value
    if v is None:
        return []
    if type(v) is S.Typed and st.kind.name in ("VALUE", "ASSIGN"):
        v = v.expr
        while type(v) is S.Typed:
            v = v.expr
    return typed_reads(v)


def test_the_inputs_hold_typed_reads():
    assert len(INPUTS) >= 20 and SAMPLES / "typed_reads_irc_types.ir" in INPUTS


@pytest.mark.parametrize("path", thin(INPUTS, 4, ids=lambda p: p.stem, always=not_real))
def test_every_typed_read_prints_ircs_state_there(path):
    res = analyse(str(path), path.read_text(encoding="utf-8"))
    if res.errors:
        assert path.parent.name == "real", res.errors  # a real paste irc refuses (cut off, optimized)
        pytest.skip("a paste irc refuses")
    text = render_program(res.program, res.results)
    seen = 0
    for fn, r in res.results:
        names = slot_display_names(fn)
        texts = statement_texts(fn, r)
        retyper = Retyper(r, show)
        for i in range(1, len(fn.stmts) + 1):
            reads = _inline(fn, i)
            if not reads:
                continue
            if r.ssa_types[i] is None:
                assert not any(f"{names[s.id]}::" in texts[i - 1] for _, s in reads), texts[i - 1]
                continue
            state = r.replayed_state_before(i)
            st = fn.stmts[i - 1]
            retyped = typed_reads(retyper.live(i, st.value))
            for node, slot in retyped:
                if (i, slot.id) in r.reads_from_input:
                    continue
                want = show(state[slot.id].type)
                assert type(node.type) is fmt.PrintedType and node.type.text == want, (i, names[slot.id])
                assert f"{names[slot.id]}::{want}" in texts[i - 1], (texts[i - 1], want)
                seen += 1
            assert texts[i - 1] in text or texts[i - 1].split(" = ", 1)[-1] in text
    if path.stem in ("typed_reads_irc_types", "typed_slot_read_printed"):  # (others may hold whole-statement reads only)
        assert seen


SPLIT = """MethodInstance for split_read(::Union{Float64, Int64})
  from split_read(x::Union{Float64, Int64}) @ Main REPL[1]:1
Arguments
  #self#::Core.Const(split_read)
  x::Union{Float64, Int64}
Body::Union{Float64, Int64}
1 ─ %1 = (x isa Main.Float64)::Bool
└──      goto #3 if not %1
2 ─      return x::String
3 ─ %4 = Main.identity(x::Float64)::Int64
└──      return %4
"""


def test_julias_type_of_a_read_is_never_printed():
    res = analyse_text(SPLIT)
    text = render_program(res.program, res.results)
    assert "return x::Float64\n" in text and "Main.identity(x::Int64)" in text
    assert "String" not in text and "x::Float64)" not in text
    doc = statement_texts(*res.results[0])
    assert doc[2] == "return x::Float64" and doc[3] == "Main.identity(x::Int64)"


def test_check_compares_the_read_with_the_printed_state():
    res = analyse_text(SPLIT)
    fn, r = res.results[0]
    rep = check_function(fn, r, res.world, path="p.ir")
    got = {(m.what, m.ours, m.julia) for m in rep.mismatches}
    assert ("x read in statement 3", "Float64", "String") in got
    assert ("x read in statement 4", "Int64", "Float64") in got
    assert ("x read in statement 3", "Float64", "Float64") not in got  # (an agreement is no mismatch)


DEAD = """MethodInstance for early(::Union{Float64, Int64})
  from early(x::Union{Float64, Int64}) @ Main REPL[1]:1
Arguments
  #self#::Core.Const(early)
  x::Union{Float64, Int64}
Body::Union{Float64, Int64}
1 ─      return x
2 ─      return x::String
3 ─ %3 = Main.identity(x::Float64)::Int64
└──      return %3
"""


def test_an_unreached_statement_prints_its_reads_untyped():
    """Julia prints dead code as the untyped statement; irc has no state there."""
    res = analyse_text(DEAD)
    assert not res.errors, res.errors
    out = render_program(res.program, res.results)
    assert "Core.Const(:(return x))::Union{}" in out
    assert "Core.Const(:(Main.identity(x)))::Union{}" in out
    assert "String" not in out and "x::Float64)" not in out
    texts = statement_texts(*res.results[0])
    assert "Core.Const(:(return x))" in texts and "Core.Const(:(Main.identity(x)))" in texts


def test_julia16_double_annotation_is_one_read():
    """Julia 1.6 prints `x::T::T`; irc prints the read once, with its own type."""
    res = analyse_text(SPLIT.replace("return x::String", "return x::String::String"))
    assert not res.errors
    out = render_program(res.program, res.results)
    assert "return x::Float64\n" in out and "String" not in out


def test_a_where_type_is_parenthesised_and_reads_back():
    slot = S.SlotRef("x", 2)
    e = S.Typed(slot, fmt.PrintedType("Vector{T} where T"))
    assert fmt.format_expr(S.Call(S.Name(("f",)), [e])) == "f(x@_2::(Vector{T} where T))"
    assert fmt.format_expr(S.Typed(slot, fmt.PrintedType("Int64"))) == "x@_2::Int64"


def test_stripped_and_unchanged_expressions_are_shared():
    """A value with no typed read is returned as is (no copy), so the common statement costs one walk."""
    e = S.Call(S.Name(("f",)), [S.SSA(1), S.Call(S.Name(("g",)), [S.SlotRef("x", 2)])])
    assert stripped(e) is e and typed_reads(e) == []
    t = S.Call(S.Name(("f",)), [S.SSA(1), S.Typed(S.SlotRef("x", 2), S.Name(("Int64",)))])
    s = stripped(t)
    assert s is not t and s.args[0] is t.args[0] and type(s.args[1]) is S.SlotRef
    assert type(t.args[1]) is S.Typed  # the input is not changed


@pytest.mark.parametrize("store", ["stmt", "block", "live", "shared"])
def test_typed_reads_print_the_same_in_every_store(store):
    base = analyse(str(SAMPLES / "typed_reads_irc_types.ir"), (SAMPLES / "typed_reads_irc_types.ir").read_text())
    res = analyse(str(SAMPLES / "typed_reads_irc_types.ir"), (SAMPLES / "typed_reads_irc_types.ir").read_text(),
                  Options(store=store))
    assert render_program(res.program, res.results) == render_program(base.program, base.results)
