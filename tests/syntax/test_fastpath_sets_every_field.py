"""`FastLine._shape` builds its hottest nodes field by field (`object.__new__`
and slot stores, bypassing the dataclass `__init__`).  That is only right
while the node classes have exactly the fields it sets: pin them here, so a
new field fails this test rather than leaving an attribute unset."""
from __future__ import annotations

import dataclasses

import pytest

from irc.syntax import fastpath as FP
from irc.syntax import parser as P
from irc.syntax import tree as S
SET_BY_SHAPE = {
    S.SSA: ("n", "line", "col"),
    S.Name: ("parts", "line", "col"),
    S.Call: ("func", "args", "infix", "line", "col"),
    S.ValueStmt: ("value", "line", "col"),
    S.BodyLine: ("stmt", "header", "header_kind", "label", "annotation", "line", "col", "marker"),
}


@pytest.mark.parametrize("cls", list(SET_BY_SHAPE), ids=lambda c: c.__name__)
def test_field_lists_are_those_shape_sets(cls):
    assert tuple(f.name for f in dataclasses.fields(cls)) == SET_BY_SHAPE[cls]
    assert cls.__slots__ == SET_BY_SHAPE[cls]


def _slots_all_set(obj, seen: set[int]) -> None:
    if id(obj) in seen or not dataclasses.is_dataclass(obj):
        return
    seen.add(id(obj))
    for name in type(obj).__slots__:
        value = getattr(obj, name)  # AttributeError if `_shape` left a slot unset
        for v in value if isinstance(value, (list, tuple)) else (value,):
            _slots_all_set(v, seen)


@pytest.mark.parametrize("line", ["│   %3 = %1 + x", "1 ─ %3 = %1 * %2", "│   x = %1 - y::Float64", "│   %3 = a * b::T",
                                  "│   Base.setindex!(du, %3, 130)", "2 ┄ x1 = %3", "│   %4 = %3 * 0.5", "│   a::Float64",
                                  "│   %3 = Base.:*(%1, x)::Float64", "└── %9 = x@_2 * a"])
def test_shape_nodes_have_every_field_and_match_lark(line: str):
    fast = FP.fast_line_parser()
    m = fast.shape_re.match(line)
    obj = fast._shape(m, 2) if m is not None else None
    text = "function f(a, b, x, y, du)\n" + line + "\n└── return nothing\nend\n"
    lark = P.parse_text(text, "t.ir", fast=False).items[0].lines[0]
    if obj is not None:
        _slots_all_set(obj, set())
        assert obj == lark
    assert P.parse_text(text, "t.ir").items[0].lines[0] == lark
