"""The builder's packed-line path equals its general path.

`irc.ir.build` turns a packed body line (`fastpath.PackedLine`, the lines
`shape_re` takes) straight into its IR statement, without the syntax nodes.
Here every function is built twice: from the parsed lines as they are
(packed where the fast path packed them) and from the same lines unpacked
into plain `BodyLine`s (the general path over the nodes).  Slots,
statements (every node, field by field: positions included), blocks and
diagnostics (text, location, order) must be the same, on every sample,
conformance input, generated and MTK-like program, error case, mutant, and
the inputs that force the second walk."""
from __future__ import annotations

import dataclasses
import random
import sys
from pathlib import Path

import pytest

from irc.errors import DiagnosticSink, IrcError
from irc.ir.build import _Builder
from irc.syntax import fastpath as FP
from irc.syntax import tree as S
from irc.syntax.parser import parse_text

from test_one_walk_builder_equals_two_walks import CORPUS, SECOND_WALK

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
import strategies as G  # noqa: E402
from mtk_programs import mtk_text  # noqa: E402


def _unpacked(fd: S.FunctionDef) -> S.FunctionDef:
    return dataclasses.replace(fd, lines=[bl.unpacked() if type(bl) in (FP.PackedLine, FP.MatchedLine) else bl
                                          for bl in fd.lines])


def _materialized(fd: S.FunctionDef) -> S.FunctionDef:
    """`fd` with its matched lines packed (`fastpath.materialize`): the packed-tuple path of the builder."""
    return dataclasses.replace(fd, lines=[FP.materialize(bl) for bl in fd.lines])


def _held(bl) -> bool:
    """Is the line still held packed (its match, or its packed tuple)?"""
    return type(bl) is FP.MatchedLine or type(FP.raw_stmt(bl)) is tuple


def _build(fd: S.FunctionDef, text: str):
    sink = DiagnosticSink("t.ir", text)
    fn = _Builder(fd, sink).build()
    diags = [(d.severity, d.message, d.span.line, d.span.col, d.code) for d in sink.items]
    if fn is None:
        return None, diags
    return (fn.name, fn.module, fn.slots, fn.stmts, fn.blocks, fn.stmt_block, repr(fn.stmts)), diags


def _same(text: str) -> int:
    """Both builds of every function of `text`; how many lines were packed."""
    try:
        src = parse_text(text, "t.ir")
    except IrcError:
        return 0
    packed = 0
    again = parse_text(text, "t.ir").items  # the same functions, built from their packed tuples
    for it, it2 in zip(src.items, again):
        if type(it) is S.FunctionDef:
            n = sum(_held(bl) for bl in it.lines)
            general = _build(_unpacked(it), text)
            assert sum(_held(bl) for bl in it.lines) == n  # unpacking copies, it does not unpack
            matched = sum(type(bl) is FP.MatchedLine for bl in it.lines)
            untyped = sum(type(bl) is FP.MatchedLine and FP.raw_stmt(bl)[10] is None for bl in it.lines)
            assert _build(it, text) == general
            # building packs only the lines with a `::T` (they go the packed way); it reads no other field.
            # A paste whose `%N` labels break Julia's numbering is refused before its body is read:
            # then nothing is packed (and no line was read: the lines are as parsed)
            refused = any(d[4] == "damaged" and "numbers statements consecutively" in d[1] for d in general[1])
            # A bare `CodeInfo(` (no header) takes its arguments from the names its body reads
            # (irc.ir.signature.unassigned_reads): its lines are read for that, by design
            if it.form != "codeinfo":
                assert sum(type(bl) is FP.MatchedLine for bl in it.lines) == (matched if refused else untyped)
            tuples = _materialized(it2)
            assert sum(type(FP.raw_stmt(bl)) is tuple for bl in tuples.lines) >= matched
            assert _build(tuples, text) == general
            packed += n
    return packed


@pytest.mark.parametrize("name,text", CORPUS, ids=[n for n, _ in CORPUS])
def test_packed_build_equals_general_build_on_the_corpus(name, text):
    _same(text)


def test_packed_build_equals_general_build_on_mutants():
    packed = 0
    for name, text in CORPUS:
        rnd = random.Random(f"23:{name}")  # one stream per input: a new sample does not reshuffle the others' mutants
        for k in range(4):  # (more pastes are refused whole now -- numbering, cut-off, added text: four per input)
            mutant, _ = G.mutants(text, rnd, 1 + k % 3)
            packed += _same(mutant)
    assert packed > 1000


@pytest.mark.parametrize("name", sorted(SECOND_WALK))
def test_packed_build_equals_general_build_when_the_second_walk_is_needed(name):
    _same(SECOND_WALK[name])


@pytest.mark.parametrize("stmts,diamond_every,seed", [(2000, 0, 1), (2000, 100, 2), (500, 7, 3)])
def test_packed_build_equals_general_build_on_mtk_programs(stmts, diamond_every, seed):
    assert _same(mtk_text(stmts, diamond_every, seed)) > stmts // 2


F = "function f(c, u, du)\n"
TRICKY = {
    # operands and callees of every packed kind, read before and after their assignment
    "atoms": F + "1 ─ %1 = Base.getindex(u, 1)\n│        x = %1\n│   %3 = x * y\n│   %4 = f(_z, nothing, 1.5e3)\n"
                 "│   %5 = _g(x, true)\n│        y = %3 + 2\n│   %7 = Base.:*(%5, x, -1)\n│        Base.setindex!(du, %7, 1)\n"
                 "│   %9 = %7 === x\n│        z = c\n│   %11 = z(x, %9)\n│   %12 = x@_4 + @_3\n└──      return %12\nend\n",
    "undefined_and_forward_ssa": F + "1 ─ %1 = %9 + x\n│   %2 = f(%3, %2)\n│   %3 = %1\n│        x = %2\n└──      return %3\nend\n",
    "duplicate_and_hand_labels": F + "1 ─ %10 = c + 1\n│   %20 = %10 * c\n│   %10 = %20\n└──      return %20\nend\n",
    "typed_values": F + "1 ─ %1 = c * c::Float64\n│        x = f(c, c)::Int64\n│        y = c::Int64\n│   %4 = x::Int64\n"
                        "└──      return %4\nend\n",
    "slot_named_like_an_operator_callee": F + "1 ─      f = c\n│   %2 = f(c, u)\n│   %3 = Main.f(c, u)\n└──      return %2\nend\n",
}


@pytest.mark.parametrize("name", sorted(TRICKY))
def test_packed_build_equals_general_build_on_tricky_bodies(name):
    assert _same(TRICKY[name]) > 0
