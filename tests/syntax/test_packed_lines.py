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
    packed = [o for o in objs if type(o) is FP.MatchedLine]
    assert len(packed) > len(objs) // 2
    lines = text.split("\n")
    for o in packed:
        assert type(FP.raw_stmt(o)) is tuple and len(FP.raw_stmt(o)) == 20  # nothing read yet: the record of its match
        built = fast._shape(fast.shape_re.match(lines[o.line - 1]), o.line)
        assert type(built) is S.BodyLine
        assert o == built and built == o and not (o != built)
        assert repr(o) == repr(built)
        assert o.unpacked() == built and type(o.unpacked()) is S.BodyLine
        assert type(o) is FP.MatchedLine  # comparing does not pack it for good
        assert o.annotation == built.annotation and type(o) is FP.PackedLine  # reading a field packs it in place
        assert o == built
        assert type(FP.raw_stmt(o)) is tuple  # comparing does not unpack for good
        assert o.stmt == built.stmt and FP.raw_stmt(o) is o.stmt  # reading the statement unpacks it
    o = next(o for o in _split(text) if type(o) is FP.MatchedLine)
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
    assert type(o) is FP.MatchedLine
    assert o == lark and lark == o
    for c in (copy.copy(o), copy.deepcopy(o), pickle.loads(pickle.dumps(o))):
        assert type(c) is S.BodyLine and c == lark
    assert o.stmt == lark.stmt and o.annotation == lark.annotation
    assert P.parse_text(text, "t.ir").items[0].lines[0] == lark


def test_parsed_functions_hold_packed_lines_and_equal_lark():
    text = mtk_text(400, 40, 8)
    fast = P.parse_text(text, "t.ir")
    slow = P.parse_text(text, "t.ir", fast=False)
    assert any(type(bl) is FP.MatchedLine for bl in fast.items[0].lines)
    assert fast.items == slow.items
    assert repr(fast.items) == repr(slow.items)


def test_split_fast_holds_exactly_the_lines_pack_accepts():
    """`split_fast` keeps a line as its match (`MatchedLine`) exactly when
    `_pack` takes it (`accepts` on the groups: no keyword where a name
    stands, a target that is a name)."""
    fast = FP.fast_line_parser()
    held = declined = 0
    for line in LINES + ["│   %3 = f(end, x)", "│   nothing = x", "│   _3 = x", "│   x = a::end", "│   %2 = goto",
                         "│   %2 = a + return", "│   return(a, b)", "│   Base.end(a, b)", "│   %4 = x::Int64"]:
        m = fast.shape_re.match(line)
        if m is None:
            continue
        took = fast._pack(m, 7) is not None
        assert FP.accepts(m.groups()) == took, line
        objs = FP.split_fast(["", line])[0]
        assert (len(objs) == 1 and type(objs[0]) is FP.MatchedLine) == took, line
        if took:  # the record `split_fast` makes inline is `match_record`'s
            assert FP.raw_stmt(objs[0]) == FP.match_record(m), line
        held += took
        declined += not took
    assert held > 1000 and declined >= 5


def test_a_matched_line_reads_its_fields_as_its_packed_line():
    """`label`, `header`, `header_kind`, `col`, `marker` come from the
    match without packing; every other field packs the line in place."""
    text = HEAD + mtk_text(300, 20, 4).split("\n", 2)[2] + "\n2 ┄ %9 = x * a::Float64\n3 ─ x = f(a, b, 2)::Int64\n"
    lines = text.split("\n")
    fast = FP.fast_line_parser()
    objs = [o for o in _split(text) if type(o) is FP.MatchedLine]
    assert len(objs) > 100
    for o in objs:
        p = fast._pack(fast.shape_re.match(lines[o.line - 1]), o.line)
        for f in ("label", "header", "header_kind", "col", "marker", "line"):
            assert getattr(o, f) == getattr(p, f), (f, o.line)
        assert type(o) is FP.MatchedLine
        assert o.annotation == p.annotation and type(o) is FP.PackedLine
        assert o == p and FP.raw_stmt(o) == FP.raw_stmt(p)
        assert o == p.unpacked() and repr(o) == repr(p)
    o = next(o for o in _split(text) if type(o) is FP.MatchedLine)
    o.label = 99  # a write packs it too
    assert type(o) is FP.PackedLine and o.label == 99
