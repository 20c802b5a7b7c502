"""Hypothesis properties of the lattice: ⊑ is reflexive and transitive, tmerge
is an upper bound of both arguments and commutative, and every chain of merges
reaches a fixed point within the bound stated in irc.lattice's docstring."""
from hypothesis import given, settings, strategies as st

from irc.lattice import typetable as T

from irc.lattice import subtype as ST
from irc.lattice.typelattice import Conditional, Const, PartialStruct, lattice_le, widenconst
from irc.lattice.typelimits import tmerge
from irc.lattice.types import BOTTOM, DataType, VarargType

LEAVES = [T.INT64, T.FLOAT64, T.STRING, T.NOTHING, T.BOOL, T.CHAR, T.NUMBER, T.REAL, T.INTEGER,
          T.ABSTRACTSTRING, T.ANY, BOTTOM, T.SYMBOL, T.MISSING, T.UINT8]
UR = DataType(T.UNITRANGE_NAME, (T.INT64,))

leaf = st.sampled_from(LEAVES)


def _types():
    return st.recursive(
        leaf,
        lambda inner: st.one_of(
            st.lists(inner, min_size=0, max_size=3).map(lambda ps: T.tuple_type(ps)),
            inner.map(lambda t: T.tuple_type([VarargType(t)]) if t != BOTTOM else t),
            st.lists(inner, min_size=2, max_size=3).map(lambda ms: ST.union(*ms)),
            st.sampled_from([T.INT64, T.FLOAT64, T.STRING, T.ANY]).map(T.vector),
        ),
        max_leaves=6,
    )


types = _types()
consts = st.one_of(
    st.integers(-3, 3).map(Const),
    st.sampled_from([0.0, 1.5, -2.0]).map(Const),
    st.booleans().map(Const),
    st.sampled_from(["a", "b"]).map(Const),
    st.tuples(st.integers(0, 2), st.integers(0, 2)).map(lambda p: Const((Const(p[0]), Const(p[1])))),
)
partials = st.one_of(
    st.integers(0, 2).map(lambda i: PartialStruct(UR, (Const(i), T.INT64))),
    st.integers(0, 2).map(lambda i: PartialStruct(UR, (T.INT64, Const(i)))),
)
conds = st.tuples(st.sampled_from([2, 3]), leaf, leaf).map(lambda c: Conditional(*c))
elements = st.one_of(types, consts, partials, conds)

SETTINGS = settings(max_examples=300, deadline=None)


@SETTINGS
@given(elements)
def test_le_reflexive(a):
    assert lattice_le(a, a)


@SETTINGS
@given(elements, elements, elements)
def test_le_transitive(a, b, c):
    if lattice_le(a, b) and lattice_le(b, c):
        assert lattice_le(a, c)


@SETTINGS
@given(elements, elements)
def test_tmerge_upper_bound(a, b):
    m = tmerge(a, b)
    assert lattice_le(a, m), (a, b, m)
    assert lattice_le(b, m), (a, b, m)


@SETTINGS
@given(elements, elements)
def test_tmerge_commutative(a, b):
    m1, m2 = tmerge(a, b), tmerge(b, a)
    assert lattice_le(m1, m2) and lattice_le(m2, m1), (a, b, m1, m2)


@SETTINGS
@given(elements, elements)
def test_widenconst_is_above(a, b):
    assert lattice_le(a, widenconst(a))


@settings(max_examples=150, deadline=None)
@given(st.lists(elements, min_size=1, max_size=40))
def test_merge_chains_reach_fixed_point(xs):
    """Merging a stream of elements into an accumulator changes it a bounded
    number of times (the docstring bound, with nesting depth ≤ 3 here)."""
    acc = xs[0]
    changes = 0
    for x in xs[1:]:
        new = tmerge(acc, x)
        assert lattice_le(acc, new)
        if new != acc:
            changes += 1
        acc = new
    assert changes <= 4 * (3 + 1) * 3 + 8
    # the accumulator is a fixed point for everything merged into it
    for x in xs:
        assert lattice_le(x, acc)


@SETTINGS
@given(types, types, types)
def test_subtype_reflexive_transitive(a, b, c):
    from irc.lattice.subtype import issubtype

    assert issubtype(a, a)
    if issubtype(a, b) and issubtype(b, c):
        assert issubtype(a, c), (a, b, c)


@SETTINGS
@given(types, types)
def test_intersect_and_subtract_are_sound(a, b):
    """typeintersect(a, b) ⊆ a and ⊇ nothing it should keep: what is in a and b is in it;
    typesubtract(a, b) ⊆ a and, with the intersection, covers a."""
    from irc.lattice.subtype import issubtype, typeintersect, typesubtract

    i = typeintersect(a, b)
    d = typesubtract(a, b)
    if issubtype(a, b):
        assert issubtype(a, i)
    assert issubtype(d, a)
    assert issubtype(a, ST.union(i, d)), (a, b, i, d)


@SETTINGS
@given(st.lists(leaf, min_size=2, max_size=4), st.randoms())
def test_union_printing_ignores_member_order(ms, rnd):
    from irc.lattice.typeprint import show

    shuffled = list(ms)
    rnd.shuffle(shuffled)
    assert show(ST.union(*ms)) == show(ST.union(*shuffled))
