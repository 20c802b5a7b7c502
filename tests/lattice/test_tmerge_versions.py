"""Julia 1.11's type limits (typelimits.jl at v1.11.0) beside 1.10's: `issimpleenoughtype`,
`tname_intersect`, `tmerge_types_slow` without `Any`, the `tmerge_fast_path` over types, and
`tmerge_for` choosing by the rules version (1.10 unchanged)."""
from __future__ import annotations

import pytest

from irc.lattice import subtype as ST
from irc.lattice import typetable as T
from irc.lattice.typelattice import ANY, Conditional, Const
from irc.lattice.typelimits import (
    issimpleenoughtype, issimpleenoughtype_v111, tmerge, tmerge_for, tname_intersect, tuplemerge,
)
from irc.lattice.typeprint import show
from irc.lattice.types import BOTTOM, DataType
from irc.syntax.version import V1_10, V1_11, V1_12

I, F, S, C, N = T.INT64, T.FLOAT64, T.STRING, T.CHAR, T.NOTHING
ABSTRACTSTRING, INTEGER = T.ABSTRACTSTRING, T.INTEGER


def merge(rules, *xs):
    m = tmerge_for(rules)
    r = xs[0]
    for x in xs[1:]:
        r = m(r, x)
    return r


def test_tmerge_for_picks_by_version():
    assert tmerge_for(None) is tmerge and tmerge_for(V1_10) is tmerge
    assert tmerge_for(V1_11) is tmerge_for(V1_12) and tmerge_for(V1_11) is not tmerge


def test_issimpleenoughtype_counts_max_not_sum():
    u = ST.union(ABSTRACTSTRING, INTEGER)  # 2 members, both abstract
    assert not issimpleenoughtype(u)  # 1.10: 2 + 2 = 4 > 3
    assert issimpleenoughtype_v111(u)  # 1.11: max(2, 2 + 1) = 3
    u3 = ST.union(ABSTRACTSTRING, INTEGER, C)
    assert issimpleenoughtype_v111(u3) and not issimpleenoughtype(u3)  # max(3, 3) = 3; 1.10: 3 + 2
    u4 = ST.union(ABSTRACTSTRING, INTEGER, T.wrapper(T.ABSTRACTARRAY_NAME))
    assert not issimpleenoughtype_v111(u4)  # max(3, 3 + 1) = 4 > 3


def test_bare_wrapper_is_always_simple_in_111():
    vec = T.wrapper(T.ARRAY_NAME)
    assert issimpleenoughtype_v111(vec) and issimpleenoughtype_v111(ABSTRACTSTRING)


def test_tname_intersect():
    arr, absarr = T.ARRAY_NAME, T.ABSTRACTARRAY_NAME
    assert tname_intersect(arr, absarr) is absarr and tname_intersect(absarr, arr) is absarr
    assert tname_intersect(I.name, F.name) is None  # two concrete names: only when equal
    assert tname_intersect(I.name, I.name) is I.name
    assert tname_intersect(T.ANY_NAME, S.name) is T.ANY_NAME
    assert tname_intersect(ABSTRACTSTRING.name, INTEGER.name) is None  # unrelated abstract names
    assert tname_intersect(T.NUMBER.name, T.SIGNED.name) is T.NUMBER.name  # Signed <: Integer <: Real <: Number
    assert tname_intersect(T.SIGNED.name, T.NUMBER.name) is T.NUMBER.name


def test_no_any_fallback_in_111():
    assert merge(V1_10, F, I, S, C) == ANY
    assert show(merge(V1_11, F, I, S, C)) == "Union{Char, Float64, Int64, String}"
    five = merge(V1_11, F, I, S, C, N)
    assert show(five) == "Union{Nothing, Char, Float64, Int64, String}"


def test_abstract_pair_kept_in_111():
    assert merge(V1_10, ABSTRACTSTRING, INTEGER) == ANY
    assert show(merge(V1_11, ABSTRACTSTRING, INTEGER)) == "Union{AbstractString, Integer}"


def test_related_names_merge_through_their_common_ancestor():
    av_int = DataType(T.ABSTRACTARRAY_NAME, (I, 1))
    vec_f = DataType(T.ARRAY_NAME, (F, 1))
    got = merge(V1_11, F, I, av_int, vec_f)
    assert show(got) == "Union{Float64, Int64, AbstractVector}"
    assert merge(V1_10, F, I, av_int, vec_f) == ANY


def test_too_complex_member_widens_to_its_wrapper():
    # a same-name pair whose merge stays complex: Tuple{Union{…4…}} -> element-wise Any
    t1 = T.tuple_type([ST.union(I, F, S)])
    t2 = T.tuple_type([C])
    got = tuplemerge(t1, t2, issimpleenoughtype_v111)
    assert show(got) == "Tuple{Any}"


def test_fast_path_needs_simple_supertype():
    # a subtype merges into a simple supertype in both versions
    for v in (V1_10, V1_11):
        assert merge(v, I, T.NUMBER) == T.NUMBER


def test_lattice_layers_unchanged():
    c1, c2 = Conditional(2, I, BOTTOM), Conditional(2, F, BOTTOM)
    for v in (V1_10, V1_11):
        got = merge(v, c1, c2)
        assert type(got) is Conditional and show(got.then) == "Union{Float64, Int64}"
        assert merge(v, Const(1), Const(2)) == I
