"""The @code_warntype colour rule (irc.colour), on real types from the type table.

The expected levels are Julia's own (stdlib/InteractiveUtils test suite,
`is_expected_union` cases, and `warntype_type_printer`).
"""
from __future__ import annotations

import io

import pytest

from irc.output import colour as C
from irc.lattice import typetable as TT
from irc.lattice import subtype as ST
from irc.lattice.types import BOTTOM, DataType, UnionType, VarargType


def U(*ts):
    return ST.union(*ts)


def Tup(*ps):
    return TT.tuple_type(list(ps))


CHAR = TT.CHAR
INT, UINT, UINT8, F64 = TT.INT64, TT.UINT64, TT.UINT8, TT.FLOAT64


@pytest.mark.parametrize("t", [
    lambda: U(INT, UINT),
    lambda: U(TT.NOTHING, TT.vector(Tup(TT.STRING, Tup(CHAR, CHAR)))),
    lambda: U(CHAR, UINT8, UINT),
    lambda: U(Tup(INT, INT), Tup(CHAR, INT), TT.NOTHING),
    lambda: U(TT.MISSING, TT.NOTHING),
])
def test_expected_unions_are_yellow(t):
    u = t()
    assert isinstance(u, UnionType)
    assert C.is_expected_union(u)
    assert C.classify(u) == C.WARN


@pytest.mark.parametrize("t", [
    lambda: U(TT.NOTHING, DataType(TT.TUPLE_NAME, (VarargType(CHAR, None),))),  # Tuple{Vararg{Char}}
    lambda: U(INT, Tup(TT.ANY, INT)),
    lambda: U(INT, F64, UINT8, CHAR),  # four members: too many
    lambda: U(INT, TT.BOX),
])
def test_unexpected_unions_are_red(t):
    u = t()
    assert isinstance(u, UnionType)
    assert not C.is_expected_union(u)
    assert C.classify(u) == C.BAD


@pytest.mark.parametrize("t, level", [
    (lambda: INT, C.GOOD),
    (lambda: TT.vector(TT.ANY), C.GOOD),  # concrete container of Any: Julia prints it cyan
    (lambda: BOTTOM, C.GOOD),
    (lambda: TT.type_of_type(INT), C.GOOD),  # Type{Int64}
    (lambda: TT.ANY, C.BAD),
    (lambda: TT.REAL, C.BAD),
    (lambda: Tup(TT.ANY, INT), C.BAD),  # red wins when nested
    (lambda: TT.DATATYPE, C.BAD),  # a kind
    (lambda: TT.BOX, C.BAD),
    (lambda: TT.BUILTIN_BINDINGS["Vector"], C.BAD),  # UnionAll
])
def test_types(t, level):
    assert C.classify(t()) == level


def test_lattice_elements_that_are_not_types_are_cyan():
    from irc.lattice.typelattice import Conditional, Const, PartialStruct

    assert C.classify(Const(1)) == C.GOOD
    assert C.classify(PartialStruct(Tup(TT.ANY, INT), (TT.ANY, INT))) == C.GOOD  # as Julia: not a Type
    assert C.classify(Conditional(2, INT, TT.NOTHING)) == C.GOOD


def test_paint_and_strip_round_trip():
    s = "::Union{Nothing, Int64}"
    painted = C.paint(s, C.WARN, True)
    assert painted != s and "\x1b[" in painted
    assert C.strip_ansi(painted) == s
    assert C.paint(s, C.BAD, False) == s
    assert C.mark(C.BAD) == "!" and C.mark(C.WARN) == "?" and C.mark(C.GOOD) == ""


class _Tty(io.StringIO):
    def isatty(self):
        return True


def test_use_colour_rules():
    assert C.use_colour("always", io.StringIO(), {"NO_COLOR": "1"})
    assert not C.use_colour("never", _Tty(), {})
    assert C.use_colour("auto", _Tty(), {})
    assert not C.use_colour("auto", _Tty(), {"NO_COLOR": "1"})
    assert not C.use_colour("auto", io.StringIO(), {})
