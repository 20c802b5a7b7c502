"""A consuming build (`build_program(source, consume=True)`, the driver's way)
equals a build that keeps the body lines.

The consuming walk drops each packed line from `fd.lines` once its IR
statement is made; a second walk, or a block error naming a dropped line,
re-derives the line from the text (`_Builder._line_reader`).  Here every function
is built both ways from two parses of the same text: slots, statements
(every node, field by field), blocks and diagnostics must be the same, on
every sample, mutant, MTK-like program, tricky body and second-walk input."""
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
from test_packed_build_equals_general import TRICKY

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
import strategies as G  # noqa: E402
from mtk_programs import mtk_text  # noqa: E402


def _builds(text: str, consume: bool) -> tuple[list, int]:
    try:
        src = parse_text(text, "t.ir")
    except IrcError:
        return [], 0
    out, dropped = [], 0
    for it in src.items:
        if type(it) is S.FunctionDef:
            sink = DiagnosticSink("t.ir", text)
            fn = _Builder(it, sink, consume).build()
            diags = [(d.severity, d.message, d.span.line, d.span.col, d.code) for d in sink.items]
            dropped += sum(bl is None for bl in it.lines)
            if fn is None:
                out.append((None, diags))
            else:
                # a kept line compared by what it says (two `MatchedLine`s of equal text do not compare
                # equal; a body with 1.12 statement markers keeps them: `_Builder.consume`)
                source = dataclasses.replace(fn.source, lines=[
                    bl.unpacked() if type(bl) in (FP.MatchedLine, FP.PackedLine) else bl for bl in fn.source.lines])
                out.append(((fn.name, fn.module, fn.slots, fn.stmts, fn.blocks, fn.stmt_block, source,
                             repr(fn.stmts)), diags))
    return out, dropped


def _same(text: str) -> int:
    """Both builds of every function of `text`; how many lines the consuming one dropped."""
    kept, none = _builds(text, False)
    assert none == 0
    consumed, dropped = _builds(text, True)
    assert consumed == kept
    return dropped


@pytest.mark.parametrize("name,text", CORPUS, ids=[n for n, _ in CORPUS])
def test_consumed_build_equals_kept_build_on_the_corpus(name, text):
    _same(text)


def test_consumed_build_equals_kept_build_on_mutants():
    rnd = random.Random(29)
    for name, text in CORPUS:
        for k in range(2):
            mutant, _ = G.mutants(text, rnd, 1 + k % 3)
            _same(mutant)


@pytest.mark.parametrize("name", sorted(SECOND_WALK))
def test_consumed_build_equals_kept_build_when_the_second_walk_is_needed(name):
    _same(SECOND_WALK[name])


@pytest.mark.parametrize("name", sorted(TRICKY))
def test_consumed_build_equals_kept_build_on_tricky_bodies(name):
    _same(TRICKY[name])


@pytest.mark.parametrize("stmts,diamond_every,seed", [(2000, 0, 1), (2000, 100, 2), (500, 7, 3)])
def test_consumed_build_drops_the_packed_lines_of_mtk_programs(stmts, diamond_every, seed):
    assert _same(mtk_text(stmts, diamond_every, seed)) > stmts // 2


def test_a_second_walk_and_a_block_error_re_derive_dropped_lines():
    # `x` read before its assignment forces the second walk; the line after `goto` lacks its header
    text = ("function f(c)\n1 ─ %1 = x + c\n│        x = %1\n│   %3 = c * c\n│        goto #2\n"
            "│   %5 = %3 + 1\n2 ─      return %3\nend\n")
    kept, _ = _builds(text, False)
    assert any(d[4] == "missing-header" for d in kept[0][1])
    assert _same(text) > 0
    src = parse_text(text, "t.ir")
    (fd,) = [it for it in src.items if type(it) is S.FunctionDef]
    assert sum(type(bl) is FP.MatchedLine for bl in fd.lines) >= 3
