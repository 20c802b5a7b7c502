"""Hypothesis strategies for lattice elements: types (nested tuples, unions, vectors),
`Const`s, `PartialStruct`s and `Conditional`s."""
from hypothesis import strategies as st

from irc.lattice import typetable as T

from irc.lattice import subtype as ST
from irc.lattice.typelattice import Conditional, Const, PartialStruct
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
