"""Packed body lines (`fastpath.PackedLine`) and the possessive `shape_re`.

`split_fast` keeps the lines `shape_re` takes packed, without syntax nodes;
everything that reads a line must still see exactly the `BodyLine` the fast
path built before (`FastLine._shape`, which Lark agrees with: see
test_fastpath_equals_lark.py).  And `shape_re`, rewritten with possessive
quantifiers, must take exactly the lines, with exactly the groups and spans,
of the plain pattern it replaced (kept here as the oracle)."""
from __future__ import annotations

import copy
import pickle
import random
import re
import sys
from pathlib import Path

import pytest

from irc.syntax import fastpath as FP
from irc.syntax import parser as P
from irc.syntax import tree as S
from irc.syntax.fastpath import PLAIN_ATOMS, PLAIN_OP, _PLAIN_NAME, terminal_regex as t

from conftest import CONFORMANCE, sample_files
from test_fastpath_equals_lark import HEAD, random_line

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from mtk_programs import mtk_text  # noqa: E402

def _plain_shape_re() -> re.Pattern:
    """`shape_re` as it was written before the possessive rewrite."""
    atom = "(?:%s)" % "|".join(p for p, _ in PLAIN_ATOMS)
    op = f"(?:{PLAIN_OP})"
    callee = rf"{_PLAIN_NAME}(?:\.{_PLAIN_NAME})*"
    cap = rf"({atom})"
    qop = rf"(?:\.:(?:{PLAIN_OP}))"
    return re.compile(
        rf"[ \t]*(?:({t('RAIL_HEAD')})|│|└─*)?[ \t]*"
        rf"(?:%(\d+)[ \t]*=[ \t]*)?(?:([A-Za-z_][A-Za-z_0-9!]*)[ \t]*=[ \t]*(?!=))?"
        rf"(?:{cap}(?:[ \t]+({op})[ \t]+{cap})?"
        rf"|({callee}{qop}?)\([ \t]*{cap}[ \t]*,[ \t]*{cap}(?:[ \t]*,[ \t]*{cap})?[ \t]*\))"
        rf"(?:::({_PLAIN_NAME}))?[ \t]*\r?$"
    )


def _corpus_lines() -> list[str]:
    lines: list[str] = []
    for p in sample_files():
        lines += p.read_text(encoding="utf-8").split("\n")
    if CONFORMANCE.is_dir():
        for p in sorted(CONFORMANCE.glob("*/*.ir")):
            lines += p.read_text(encoding="utf-8").split("\n")
    lines += mtk_text(3000, 100, 3).split("\n")
    rng = random.Random(41)
    lines += [random_line(rng) for _ in range(4000)]
    # near misses: every line cut short, and with a character spliced in
    for line in list(lines[:3000]):
        if len(line) > 3:
            k = rng.randrange(1, len(line))
            lines += [line[:k], line[:k] + rng.choice(" \t.=,()%:_1a") + line[k:]]
    return lines


LINES = _corpus_lines()


def test_shape_re_takes_the_lines_and_groups_of_the_plain_pattern():
    plain = _plain_shape_re()
    fast = FP.fast_line_parser().shape_re
    taken = 0
    for line in LINES:
        a, b = plain.match(line), fast.match(line)
        assert (a is None) == (b is None), line
        if a is not None:
            assert a.groups() == b.groups() and a.regs == b.regs, line
            taken += 1
    assert taken > len(LINES) // 4


def _split(text: str) -> list:
    lines = text.split("\n")
    return FP.split_fast(lines)[0]


def test_shape_lines_are_packed_and_equal_what_shape_builds():
    text = HEAD + mtk_text(600, 50, 5).split("\n", 2)[2]
    fast = FP.fast_line_parser()
    objs = _split(text)
    packed = [o for o in objs if type(o) is FP.PackedLine]
    assert len(packed) > len(objs) // 2
    lines = text.split("\n")
    for o in packed:
        assert type(FP.raw_stmt(o)) is tuple  # nothing read yet
        built = fast._shape(fast.shape_re.match(lines[o.line - 1]), o.line)
        assert type(built) is S.BodyLine
        assert o == built and built == o and not (o != built)
        assert repr(o) == repr(built)
        assert o.unpacked() == built and type(o.unpacked()) is S.BodyLine
        assert type(FP.raw_stmt(o)) is tuple  # comparing does not unpack for good
    o = packed[0]
    st = o.stmt
    assert st is o.stmt  # read once, then kept
    assert FP.raw_stmt(o) is st and o == o.unpacked()


@pytest.mark.parametrize("line", ["│   %3 = %1 + x", "1 ─ %3 = %1 * %2", "│   x = %1 - y::Float64", "│   %3 = a * b::T",
                                  "│   Base.setindex!(du, %3, 130)", "2 ┄ x1 = %3", "│   %4 = %3 * 0.5", "│   a::Float64",
                                  "│   %3 = Base.:*(%1, x)::Float64", "│   x = f(a, b, 2)::Int64", "│   x = a::Int64",
                                  "│   %3 = f(_x, nothing, 1.5e3)", "│   _y = true", "│   %3 = _f(a, b)", "└── %9 = x * a"])
def test_a_packed_line_reads_copies_and_pickles_as_its_body_line(line: str):
    text = "function f(a, b, x, y, du)\n" + line + "\n└── return nothing\nend\n"
    lark = P.parse_text(text, "t.ir", fast=False).items[0].lines[0]
    o = next(x for x in _split(text) if x.line == 2)
    assert type(o) is FP.PackedLine
    assert o == lark and lark == o
    for c in (copy.copy(o), copy.deepcopy(o), pickle.loads(pickle.dumps(o))):
        assert type(c) is S.BodyLine and c == lark
    assert o.stmt == lark.stmt and o.annotation == lark.annotation
    assert P.parse_text(text, "t.ir").items[0].lines[0] == lark


def test_parsed_functions_hold_packed_lines_and_equal_lark():
    text = mtk_text(400, 40, 8)
    fast = P.parse_text(text, "t.ir")
    slow = P.parse_text(text, "t.ir", fast=False)
    assert any(type(bl) is FP.PackedLine for bl in fast.items[0].lines)
    assert fast.items == slow.items
    assert repr(fast.items) == repr(slow.items)
