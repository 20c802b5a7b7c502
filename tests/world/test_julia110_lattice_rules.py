"""Issue 27's lattice rules at the tfunc level (docs/semantics.md §9, rows 27.x):
each test names the Julia 1.10 function (base/compiler/, v1.10.0) whose rule it pins
and checks several inputs, not only the sample's."""
from irc.lattice import subtype as ST
from irc.lattice import typetable as T
from irc.lattice.typelattice import (
    BOOL, FALSE, TRUE, Conditional, Const, PartialStruct, StructValue, has_nontrivial_const_info, hasuniquerep,
    lattice_getfield,
)
from irc.lattice.typeprint import show
from irc.lattice.types import BOTTOM, DataType, Sym, VarargType
from irc.world.tfuncs import compilerbarrier_tfunc, fieldtype_tfunc, new_struct, getfield_tfunc, tf_fieldtype, tf_typeassert, tmeet_partials, tuple_tfunc
from irc.world.typetfuncs import instanceof_tfunc, subtype_tfunc, type_leq

I, F, S, N = T.INT64, T.FLOAT64, T.STRING, T.NOTHING
tt = T.tuple_type
UR = DataType(T.UNITRANGE_NAME, (I,))


# -- 27.3: typeassert_tfunc = tmeet(𝕃, v, t); tmeet(::PartialsLattice) meets a tuple
#    PartialStruct field by field and rebuilds it with tuple_tfunc
def test_typeassert_meets_partial_tuple_field_by_field():
    v = tuple_tfunc([Const(1), ST.union(N, I)])
    assert type(v) is PartialStruct

    def ta(t):
        return show(tf_typeassert([v, Const(t)], None))

    assert ta(tt([I, I])) == "Core.PartialStruct(Tuple{Int64, Int64}, Any[Core.Const(1), Int64])"
    assert ta(tt([T.INTEGER, T.INTEGER])) == "Core.PartialStruct(Tuple{Int64, Int64}, Any[Core.Const(1), Int64])"
    assert ta(tt([I, N])) == "Core.PartialStruct(Tuple{Int64, Nothing}, Any[Core.Const(1), Nothing])"
    # the field types of a union of tuples merge (getfield_tfunc on the union)
    assert ta(ST.union(tt([I, I]), tt([I, F]))) == "Core.PartialStruct(Tuple{Int64, Int64}, Any[Core.Const(1), Int64])"
    # already below t: v itself (`ti === widev`); t === Any: v
    assert tf_typeassert([v, Const(T.TUPLE_ANY)], None) == v
    assert tf_typeassert([v, Const(T.ANY)], None) == v
    # a field meeting Union{} (1 is not a Float64; String meets nothing) makes it Union{}
    assert tf_typeassert([v, Const(tt([F, I]))], None) == BOTTOM
    assert tf_typeassert([v, Const(tt([I, S]))], None) == BOTTOM


def test_tmeet_partials_other_elements():
    # a Vararg field is kept as is (`isvarargtype(vfi)`: not narrowed), the others meet
    va = PartialStruct(tt([ST.union(I, F), VarargType(ST.union(I, N))]),
                       (ST.union(I, F), VarargType(ST.union(I, N))))
    r = tmeet_partials(va, tt([I, VarargType(I)]))
    assert r == tt([I, VarargType(ST.union(I, N))]), show(r)
    # a non-tuple PartialStruct widens to the type meet
    ps = PartialStruct(UR, (Const(1), I))
    assert tmeet_partials(ps, UR) == ps
    assert tmeet_partials(ps, T.ABSTRACTSTRING) == BOTTOM
    # Consts, Conditionals, types: the consts/conditionals lattices' tmeet
    assert tmeet_partials(Const(1), T.INTEGER) == Const(1)
    assert tmeet_partials(Const(1), F) == BOTTOM
    c = Conditional(2, I, N)
    assert tmeet_partials(c, BOOL) == c and tmeet_partials(c, I) == BOTTOM
    assert tmeet_partials(ST.union(N, I), I) == I


# -- 27.4: subtype_tfunc (`<:`) with instanceof_tfunc: decided answers fold for inexact operands
def test_instanceof_tfunc():
    assert instanceof_tfunc(Const(I))[:2] == (I, True)
    assert instanceof_tfunc(T.type_of_type(I))[:2] == (I, True)
    # `T where T<:Signed` normalises to Signed (jl_type_unionall); not exact
    assert instanceof_tfunc(type_leq(T.SIGNED))[:2] == (T.SIGNED, False)
    assert instanceof_tfunc(T.DATATYPE)[:2] == (T.ANY, False)
    assert instanceof_tfunc(I)[:2] == (BOTTOM, True)  # no Int64 value is a type
    u = ST.union(T.type_of_type(I), T.type_of_type(F))
    assert instanceof_tfunc(u)[:2] == (ST.union(I, F), False)
    # a union whose other member cannot be a type: the one type member's answer, exact
    assert instanceof_tfunc(ST.union(T.type_of_type(I), N))[:2] == (I, True)


def test_subtype_tfunc_folds_decided_inexact_operands():
    sig = type_leq(T.SIGNED)  # typeof(x::Signed)
    assert subtype_tfunc(sig, Const(T.INTEGER)) == TRUE  # b exact, Signed <: Integer
    assert subtype_tfunc(sig, Const(T.ANY)) == TRUE
    assert subtype_tfunc(sig, Const(T.ABSTRACTSTRING)) == FALSE  # no intersection
    assert subtype_tfunc(sig, Const(F)) == FALSE
    assert subtype_tfunc(sig, Const(I)) == BOOL  # Int64 <: Signed: may or may not be
    assert subtype_tfunc(Const(T.INTEGER), sig) == FALSE  # a exact and not below Signed
    assert subtype_tfunc(Const(I), sig) == BOOL  # b inexact: Int64 <: T for T = Int64, not Int32
    assert subtype_tfunc(Const(I), Const(T.INTEGER)) == TRUE
    assert subtype_tfunc(Const(I), Const(F)) == FALSE
    assert subtype_tfunc(T.DATATYPE, Const(T.ANY)) == TRUE
    assert subtype_tfunc(T.DATATYPE, Const(I)) == BOOL
    assert subtype_tfunc(ST.union(T.type_of_type(I), T.type_of_type(T.INT32)), Const(T.SIGNED)) == TRUE
    assert subtype_tfunc(ST.union(T.type_of_type(I), T.type_of_type(F)), Const(T.SIGNED)) == BOOL


# -- 27.5: _getfield_tfunc on a vararg tuple: `fld >= nf && isvarargtype(ftypes[nf])` is the
#    Vararg's element, `fld < 1` Union{}; a PartialStruct past its fields asks its type
def test_getfield_vararg_tuple():
    t = tt([I, VarargType(F)])
    got = {k: getfield_tfunc(t, Const(k)) for k in (-1, 0, 1, 2, 3, 10)}
    assert got == {-1: BOTTOM, 0: BOTTOM, 1: I, 2: F, 3: F, 10: F}
    assert getfield_tfunc(t, Const(True)) == BOTTOM  # a Bool is not an Int index
    assert getfield_tfunc(t, I) == ST.union(I, F)  # unknown index: every field merges
    only = tt([VarargType(S)])
    assert [getfield_tfunc(only, Const(k)) for k in (0, 1, 5)] == [BOTTOM, S, S]
    assert getfield_tfunc(tt([I, S, VarargType(N)]), Const(2)) == S
    ps = PartialStruct(t, (Const(1), VarargType(F)))
    assert [getfield_tfunc(ps, Const(k)) for k in (0, 1, 2, 3)] == [BOTTOM, Const(1), F, F]
    # lattice_getfield (the same query inside tmerge/issimplertype) agrees
    assert [lattice_getfield(x, k) for x in (t, ps) for k in (0, 1, 2, 3)] == \
        [BOTTOM, I, F, F, BOTTOM, Const(1), F, F]
    assert lattice_getfield(tt([I, I]), 3) == BOTTOM


# -- 27.6: fieldtype_tfunc / _fieldtype_tfunc: an unknown index merges each field's answer
def test_fieldtype_unknown_index_is_a_union_of_type_types():
    t = Const(tt([I, F]))
    assert show(fieldtype_tfunc(t, I)) == "Union{Type{Float64}, Type{Int64}}"
    assert show(fieldtype_tfunc(t, T.SYMBOL)) == "Union{Type{Float64}, Type{Int64}}"
    assert fieldtype_tfunc(t, F) == BOTTOM  # neither Int nor Symbol fits a Float64 index
    assert fieldtype_tfunc(Const(tt([I, I])), I) == Const(I)  # one answer: no union
    assert [fieldtype_tfunc(t, Const(k)) for k in (0, 1, 2, 3)] == [BOTTOM, Const(I), Const(F), BOTTOM]
    assert fieldtype_tfunc(Const(tt([I, VarargType(F)])), Const(7)) == Const(F)
    # a field without a unique representation is Type{T}, never Const
    assert show(fieldtype_tfunc(Const(tt([ST.union(I, N), T.INTEGER])), I)) == \
        "Union{Type{Integer}, Type{Union{Nothing, Int64}}}"
    assert fieldtype_tfunc(Const(tt([T.vector(I)])), Const(1)) == Const(T.vector(I))  # concrete: unique


def test_fieldtype_inexact_and_unknown_type_arguments():
    # Type{<:Tuple{Integer, String}}: not exact, and in a Tuple a field is Type{<:T}
    s0 = type_leq(tt([T.INTEGER, S]))
    assert show(fieldtype_tfunc(s0, Const(1))) == "Type{<:Integer}"
    assert show(fieldtype_tfunc(s0, Const(2))) == "Type{<:String}"
    assert fieldtype_tfunc(s0, Const(3)) == BOTTOM
    for unknown in (T.DATATYPE, T.ANY, T.UNIONALL):
        assert fieldtype_tfunc(unknown, Const(1)) == T.ANY
    assert fieldtype_tfunc(Const(1), Const(1)) == BOTTOM  # not a type: fieldtype throws
    # a union type argument, all exact: Const of the union of the answers
    assert fieldtype_tfunc(Const(ST.union(tt([I]), tt([F]))), Const(1)) == Const(ST.union(I, F))
    # a struct's declared field, exact (no free variables) even through Type{<:…}
    ur = DataType(T.UNITRANGE_NAME, (I,))
    assert fieldtype_tfunc(Const(ur), I) == Const(I)
    assert fieldtype_tfunc(type_leq(ur), Const(1)) == Const(I)
    assert tf_fieldtype([Const(tt([I, F])), I], None) == ST.union(T.type_of_type(I), T.type_of_type(F))


# -- subtyping a kind against a bounded Type{<:T} (jl_subtype): no kind is below it
def test_kind_below_type_only_when_unbounded():
    assert ST.issubtype(T.DATATYPE, T.wrapper(T.TYPE_NAME))
    assert ST.issubtype(T.UNIONALL, type_leq(T.ANY))
    assert not ST.issubtype(T.DATATYPE, type_leq(I))
    assert not ST.issubtype(T.DATATYPE, type_leq(T.INTEGER))
    assert not ST.issubtype(T.UNIONALL, type_leq(tt([I, F])))


# -- 27.7: compilerbarrier_tfunc
def test_compilerbarrier_settings():
    def cb(setting, val):
        return compilerbarrier_tfunc(Const(Sym(setting)), val)

    c = Conditional(2, I, N)
    assert [cb("type", v) for v in (Const(1), I, c)] == [T.ANY] * 3
    assert [cb("const", v) for v in (Const(1), I, c)] == [I, I, BOOL]
    assert [cb("conditional", v) for v in (Const(1), I, c)] == [Const(1), I, BOOL]
    assert cb("other", Const(1)) == BOTTOM  # an unknown setting throws
    assert compilerbarrier_tfunc(T.SYMBOL, Const(1)) == T.ANY  # setting not a constant
    assert compilerbarrier_tfunc(Const(1), Const(1)) == T.ANY  # not a Symbol


# -- 27.16: has_nontrivial_extended_info(::ConstsLattice): a type constant without a unique
#    representation is non-trivial, so tuple_tfunc keeps it (parameter `typeof(x.val)`)
def test_type_constants_without_unique_representation_are_nontrivial():
    vec = T.wrapper(T.ARRAY_NAME)  # a UnionAll
    un = ST.union(N, I)
    for t, unique in ((I, True), (T.vector(I), True), (T.INTEGER, True), (vec, False), (un, False),
                      (tt([I, I]), True), (tt([T.INTEGER]), False), (type_leq(I), False)):
        assert hasuniquerep(t) is unique, show(t)
        assert has_nontrivial_const_info(Const(t)) is (not unique), show(t)
    assert not has_nontrivial_const_info(Const(None)) and has_nontrivial_const_info(Const(1))
    assert show(tuple_tfunc([Const(vec), I])) == "Core.PartialStruct(Tuple{UnionAll, Int64}, Any[Core.Const(Array), Int64])"
    assert show(tuple_tfunc([Const(T.VECTOR_WRAPPER), I])) == \
        "Core.PartialStruct(Tuple{UnionAll, Int64}, Any[Core.Const(Vector), Int64])"
    assert show(tuple_tfunc([Const(un), I])) == \
        "Core.PartialStruct(Tuple{Union, Int64}, Any[Core.Const(Union{Nothing, Int64}), Int64])"
    assert show(tuple_tfunc([Const(I), I])) == "Core.PartialStruct(Tuple{DataType, Int64}, Any[Type{Int64}, Int64])"
    assert show(tuple_tfunc([Const(tt([T.INTEGER])), I])) == \
        "Core.PartialStruct(Tuple{DataType, Int64}, Any[Core.Const(Tuple{Integer}), Int64])"


# -- 27.17: %new (abstract_eval_statement_expr, `:new`): PartialStruct only when a field is
#    refined (non-trivial info or strictly below the declared type); fields met with their types
def test_new_struct_refines_only_beyond_declared_types():
    def pair(a, b):
        return DataType(T.PAIR_NAME, (a, b))

    pin = pair(I, N)
    assert new_struct(pin, [I, Const(None)]) == pin  # Const(nothing) is trivial, not below Nothing
    assert new_struct(pin, [I, N]) == pin
    assert new_struct(pin, [Const(1), N]) == PartialStruct(pin, (Const(1), N))  # non-trivial Const
    assert new_struct(pin, [Const(1), Const(None)]) == Const(StructValue(pin, (Const(1), Const(None))), pin)
    pia = pair(I, T.ANY)
    assert new_struct(pia, [I, I]) == PartialStruct(pia, (I, I))  # Int64 ⋤ Any: type-level refinement
    assert new_struct(pia, [I, T.ANY]) == pia
    # a trivial type constant still refines a field declared `Any` (Const(Int64) ⋤ Any)
    assert new_struct(pia, [I, Const(I)]) == PartialStruct(pia, (I, Const(I)))
    # the argument meets the field type: a union narrows, a disjoint type throws
    piu = pair(I, ST.union(N, I))
    assert new_struct(piu, [I, ST.union(N, I)]) == piu
    assert new_struct(piu, [I, N]) == PartialStruct(piu, (I, N))
    assert new_struct(pin, [S, N]) == BOTTOM
    # a partially initialised struct: no refinement recorded
    assert new_struct(pia, [Const(1)]) == pia
