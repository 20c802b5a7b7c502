"""Types, the built-in table and subtyping (subtype.c rules), intersection
and subtraction (typeutils.jl `typesubtract`)."""
from irc.lattice import typetable as T
from irc.lattice import subtype as ST
from irc.lattice import layout as LAY
from irc.lattice.subtype import issubtype, match_signature, typeintersect, typesubtract
from irc.lattice.types import BOTTOM, DataType, FuncType, FunctionValue, TypeVar, UnionAllType, VarargType
from irc.lattice.typeprint import show

I, F, S, N = T.INT64, T.FLOAT64, T.STRING, T.NOTHING
B = T.BUILTIN_BINDINGS


def ur(t):
    return DataType(T.UNITRANGE_NAME, (t,))


def test_number_tower():
    assert issubtype(I, T.SIGNED) and issubtype(T.SIGNED, T.INTEGER)
    assert issubtype(T.INTEGER, T.REAL) and issubtype(T.REAL, T.NUMBER)
    assert issubtype(T.BOOL, T.INTEGER) and not issubtype(T.BOOL, T.SIGNED)
    assert issubtype(T.UINT8, T.UNSIGNED) and issubtype(F, T.ABSTRACTFLOAT)
    assert not issubtype(T.NUMBER, I)
    assert issubtype(I, T.ANY) and issubtype(BOTTOM, I)


def test_range_hierarchy_and_aliases():
    assert B["Vector"] == UnionAllType(B["Vector"].var, DataType(T.ARRAY_NAME, (B["Vector"].var, 1)))
    assert issubtype(ur(I), ST.apply_type(B["AbstractUnitRange"], [I]))
    assert issubtype(ur(I), ST.apply_type(B["OrdinalRange"], [I, I]))
    assert issubtype(ur(I), ST.apply_type(B["AbstractVector"], [I]))
    assert issubtype(ur(I), B["AbstractArray"])
    assert not issubtype(ur(I), ST.apply_type(B["AbstractVector"], [F]))
    assert ST.apply_type(B["Vector"], [I]) == T.vector(I)
    assert show(ST.apply_type(B["Matrix"], [F])) == "Matrix{Float64}"
    assert B["Int"] == I and B["UInt"] == T.UINT64


def test_invariance_and_where():
    assert not issubtype(T.vector(I), T.vector(T.NUMBER))
    v = TypeVar("T", None, T.NUMBER)
    vec_num = UnionAllType(v, DataType(T.ARRAY_NAME, (v, 1)))  # Vector{<:Number}
    assert issubtype(T.vector(I), vec_num)
    assert not issubtype(T.vector(S), vec_num)
    assert issubtype(T.vector(I), B["Vector"]) and not issubtype(T.matrix(I), B["Vector"])


def test_tuples_covariant_and_vararg():
    tt = T.tuple_type
    assert issubtype(tt([I, F]), tt([T.NUMBER, T.REAL]))
    assert issubtype(tt([I, I, I]), tt([VarargType(I)]))
    assert issubtype(tt([]), tt([VarargType(I)]))
    assert not issubtype(tt([]), tt([I, VarargType(I)]))
    assert issubtype(tt([VarargType(I)]), tt([VarargType(T.INTEGER)]))
    assert not issubtype(tt([VarargType(I)]), tt([I, VarargType(I)]))
    assert T.tuple_type([VarargType(I, 3)]) == tt([I, I, I])
    assert issubtype(tt([I, I]), T.TUPLE_ANY)


def test_unions_both_sides():
    u = ST.union(N, I)
    assert issubtype(I, u) and issubtype(u, ST.union(N, T.NUMBER))
    assert not issubtype(u, T.NUMBER)
    assert ST.union(I, T.INTEGER) == T.INTEGER  # jl_type_union drops redundant members
    assert ST.union(I) == I and ST.union() == BOTTOM


def test_type_kinds():
    assert issubtype(T.type_of_type(I), T.DATATYPE)
    assert issubtype(T.type_of_type(I), B["Type"])
    assert issubtype(T.DATATYPE, B["Type"])
    assert not issubtype(T.type_of_type(I), T.type_of_type(T.NUMBER))
    assert issubtype(T.type_of_type(ST.union(I, N)), T.UNION_KIND)


def test_function_singletons():
    f = FuncType(FunctionValue(("Main",), "f"))
    assert issubtype(f, T.FUNCTION) and LAY.issingleton(f) and T.isconcrete(f)
    assert not issubtype(f, FuncType(FunctionValue(("Main",), "g")))


def test_diagonal_rule_and_binding():
    v = TypeVar("T", None, T.NUMBER)
    sig = UnionAllType(v, T.tuple_type([v, v]))
    assert match_signature(T.tuple_type([I, I]), sig) == {v: I}
    assert match_signature(T.tuple_type([I, F]), sig) is None
    w = TypeVar("T")
    gsig = UnionAllType(w, T.tuple_type([DataType(T.ARRAY_NAME, (w, 1)), I]))
    assert match_signature(T.tuple_type([T.vector(F), I]), gsig) == {w: F}


def test_a_variable_bounded_by_a_where_type_or_a_union_keeps_its_binding():
    # `convert(::Type{T}, ::Any) where {T<:Array}` on `Matrix{Float64}` binds T to it (the bound check
    # against `Array{T, N} where {T, N}`, or a union, works on copies of the bindings: the binding must
    # land in the ones kept), as `promote_type(::Type{Bool}, ::Type{T}) where {T<:Number}` does
    m = DataType(T.ARRAY_NAME, (F, 2))
    for ub, arg in ((B["Array"], m), (ST.union(I, F), I), (ST.union(T.vector(I), m), m)):
        v = TypeVar("T", None, ub)
        sig = UnionAllType(v, T.tuple_type([T.type_of_type(v), T.ANY]))
        assert match_signature(T.tuple_type([T.type_of_type(arg), T.ANY]), sig) == {v: arg}
        cov = UnionAllType(v, T.tuple_type([v]))  # a covariant occurrence: the lower bound
        assert match_signature(T.tuple_type([arg]), cov) == {v: arg}
    v = TypeVar("T", None, B["Array"])
    assert match_signature(T.tuple_type([T.type_of_type(I), T.ANY]),
                           UnionAllType(v, T.tuple_type([T.type_of_type(v), T.ANY]))) is None


def test_static_parameter_values_follow_jl_subtype_env():
    """subtype.c v1.10.0: `match.sparams` of a variable seen only covariantly is its lower bound
    when `is_leaf_bound`, else a variable below it; an invariant occurrence gives the value;
    `match_signature` (the plain bindings) is unchanged."""
    w = TypeVar("T")
    sig = UnionAllType(w, T.tuple_type([w]))
    vsig = UnionAllType(w, T.tuple_type([DataType(T.ARRAY_NAME, (w, 1))]))
    assert ST.match_static_parameters(T.tuple_type([I]), sig) == {w: I}
    assert ST.match_static_parameters(T.tuple_type([T.REAL]), sig) == {w: TypeVar("T", None, T.REAL)}
    assert ST.match_static_parameters(T.tuple_type([T.ANY]), sig) == {w: TypeVar("T")}
    assert ST.match_static_parameters(T.tuple_type([B["Vector"]]), sig) == {w: TypeVar("T", None, B["Vector"])}
    assert ST.match_static_parameters(T.tuple_type([T.vector(T.REAL)]), vsig) == {w: T.REAL}
    assert match_signature(T.tuple_type([T.REAL]), sig) == {w: T.REAL}
    assert ST.is_leaf_bound(BOTTOM) and ST.is_leaf_bound(T.type_of_type(T.REAL)) and ST.is_leaf_bound(3)
    assert ST.is_leaf_bound(T.tuple_type([I, F])) and not ST.is_leaf_bound(T.tuple_type([T.REAL]))
    assert not ST.is_leaf_bound(T.ANY) and not ST.is_leaf_bound(T.FUNCTION)
    assert not ST.is_leaf_bound(ST.union(I, F)) and not ST.is_leaf_bound(B["Vector"])


def test_concrete_bits_singleton():
    assert T.isconcrete(I) and LAY.isbitstype(I) and not LAY.issingleton(I)
    assert LAY.issingleton(N) and LAY.isbitstype(T.tuple_type([I, I]))
    assert T.isconcrete(T.vector(T.ANY)) and not LAY.isbitstype(T.vector(I))
    assert not T.isconcrete(T.NUMBER) and not T.isconcrete(T.tuple_type([T.ANY]))
    assert not T.isconcrete(T.type_of_type(I)) and T.isdispatchelem(T.type_of_type(I))
    assert not T.isdispatchelem(T.DATATYPE)  # kinds are not dispatch elements
    assert not LAY.isbitstype(S) and not LAY.issingleton(S)


def test_fields():
    assert T.field_names(ur(I)) == ("start", "stop")
    assert ST.field_types(ur(I)) == (I, I)
    pair = DataType(T.PAIR_NAME, (I, S))
    assert ST.field_types(pair) == (I, S)
    assert ST.field_types(DataType(T.REFVALUE_NAME, (F,))) == (F,)
    assert T.field_names(T.BOX) == ("contents",)


def test_typeintersect():
    u = ST.union(N, I)
    assert typeintersect(u, N) == N
    assert typeintersect(T.ANY, I) == I
    assert typeintersect(ST.union(I, S), T.NUMBER) == I
    assert typeintersect(I, F) == BOTTOM
    assert typeintersect(T.NUMBER, T.ABSTRACTSTRING) == BOTTOM
    assert typeintersect(T.tuple_type([T.ANY, I]), T.tuple_type([F, T.REAL])) == T.tuple_type([F, I])


def test_typesubtract():
    assert typesubtract(ST.union(N, I), N) == I
    assert typesubtract(I, T.NUMBER) == BOTTOM
    assert typesubtract(T.NUMBER, I) == T.NUMBER
    assert typesubtract(T.tuple_type([ST.union(N, I), I]), T.tuple_type([N, I])) == T.tuple_type([I, I])


def test_tuple_of_union_is_union_of_tuples():
    tt = T.tuple_type
    assert issubtype(tt([ST.union(I, F)]), ST.union(tt([I]), tt([F])))
    assert not issubtype(tt([ST.union(I, S)]), ST.union(tt([I]), tt([F])))


def test_tuple_with_bottom_is_bottom():
    assert T.tuple_type([I, BOTTOM]) == BOTTOM
    assert T.tuple_type([VarargType(BOTTOM)]) == T.EMPTY_TUPLE


def test_where_variables_do_not_capture():
    v = TypeVar("T")
    sig = UnionAllType(v, T.tuple_type([DataType(T.ARRAY_NAME, (v, 1))]))
    # Vector = Array{T,1} where T: no single T covers every element type (Julia: false)
    assert match_signature(T.tuple_type([B["Vector"]]), sig) is None
    assert issubtype(B["Vector"], B["AbstractVector"])
    assert match_signature(T.tuple_type([T.vector(I)]), sig) == {v: I}


def test_layout_sizes_and_zero_size_singletons():
    """Rule 8 (docs/semantics.md §9): x86_64 layout as `jl_compute_field_offsets`;
    a concrete immutable type of size 0 is a singleton (`Tuple{Nothing}`), sorted
    first in a union, and its instance is a constant."""
    from irc.lattice.typelattice import Const, maybe_singleton_const, singleton_instance
    from irc.lattice.types import TypeName

    I, N = T.INT64, T.NOTHING
    tn = T.tuple_type([N])
    assert LAY.issingleton(tn) and LAY.datatype_layout(tn) == (0, 1)
    assert not LAY.issingleton(T.tuple_type([I])) and LAY.isbitstype(T.tuple_type([I, T.INT8]))
    assert LAY.datatype_layout(T.tuple_type([T.INT8, I])) == (16, 8)  # padding after the Int8
    assert LAY.datatype_layout(T.tuple_type([T.INT8, T.INT16])) == (4, 2)
    assert LAY.datatype_layout(T.INT128) == (16, 8)  # MAX_ALIGN = 8 on x86_64 (1.10)
    # an inline isbits union field: the largest member plus a selector byte
    tname = TypeName(("Main",), "M", (), T.ANY)
    tname.set_fields(("x",), (ST.union(N, T.INT8),))
    maybe8 = DataType(tname, ())
    assert LAY.datatype_layout(maybe8) == (2, 1) and LAY.isbitstype(maybe8) and not LAY.issingleton(maybe8)
    # a non-isbits field is a pointer; mutable and opaque types are never inline
    assert LAY.datatype_layout(T.tuple_type([I, T.STRING])) == (16, 8) and not LAY.isbitstype(T.tuple_type([T.STRING]))
    assert LAY.datatype_layout(T.STRING) is None and LAY.datatype_layout(T.NUMBER) is None
    assert show(ST.union(T.tuple_type([I]), tn)) == "Union{Tuple{Nothing}, Tuple{Int64}}"
    assert singleton_instance(tn) == Const((Const(None),), tn)
    assert maybe_singleton_const(N) == Const(None) and maybe_singleton_const(T.type_of_type(I)) == Const(I)


def test_a_union_inside_a_nested_tuple_distributes():
    """Tuples are covariant at every depth: `Tuple{Int64, Tuple{Union{Int64,
    Float64}}}` is the union of its two splits (found by the intersect /
    subtract soundness property), and not below a union missing one."""
    tt = T.tuple_type
    a = tt([I, tt([ST.union(I, F)])])
    both = ST.union(tt([I, tt([I])]), tt([I, tt([F])]))
    assert issubtype(a, both)
    assert not issubtype(a, ST.union(tt([I, tt([I])]), tt([I, tt([T.STRING])])))
    assert issubtype(tt([tt([ST.union(I, F)])]), ST.union(tt([tt([I])]), tt([tt([F])])))


def test_a_where_type_is_below_itself_renamed_and_left_variables_do_not_escape():
    """subtype.c opens a left `where` before the right one inside it, so the right variable may
    be the left one: `(Ref{T} where T) <: (Ref{S} where S)` (S = T), also as a bound
    (`Generator{I, F} where F<:(C{T} where T)` below the same with `_A`).  A right variable
    opened outside the left one may not take it: `Tuple{Ref{T} where T} <: Tuple{Ref{S}} where S`
    is false (no one `S` is every `T`)."""
    ref = T.REFVALUE_NAME
    t, s, a = TypeVar("T"), TypeVar("S"), TypeVar("_A")
    assert issubtype(UnionAllType(t, DataType(ref, (t,))), UnionAllType(s, DataType(ref, (s,))))
    assert issubtype(UnionAllType(t, T.vector(t)), UnionAllType(s, T.vector(s)))
    inner = T.tuple_type([UnionAllType(t, DataType(ref, (t,)))])
    assert not issubtype(inner, UnionAllType(s, T.tuple_type([DataType(ref, (s,))])))
    assert match_signature(inner, UnionAllType(s, T.tuple_type([DataType(ref, (s,))]))) is None
    # a bound that is a `where` type, renamed: the variable ranges over the same set
    f1, f2 = TypeVar("F", None, UnionAllType(t, DataType(ref, (t,)))), TypeVar("F", None, UnionAllType(a, DataType(ref, (a,))))
    g1 = UnionAllType(f1, DataType(T.GENERATOR_NAME, (ur(I), f1)))
    g2 = UnionAllType(f2, DataType(T.GENERATOR_NAME, (ur(I), f2)))
    assert issubtype(g1, g2) and issubtype(g2, g1)
    assert match_signature(T.tuple_type([g1]), T.tuple_type([g2])) == {}
    # a narrower bound is still below, a wider one not
    f3 = TypeVar("F", None, DataType(ref, (I,)))
    g3 = UnionAllType(f3, DataType(T.GENERATOR_NAME, (ur(I), f3)))
    assert issubtype(g3, g2) and not issubtype(g2, g3)


def test_value_parameters_of_different_julia_types_are_different_types():
    """`Val{true}`, `Val{1}` and `Val{1.0}` are three types in Julia, though Python equates `True`,
    `1` and `1.0` (h1047: irc printed `Val{1}` for Julia's `Val{true}`, a type made first and found
    equal); equal, hashed and printed apart, inside tuples of values too."""
    from irc.lattice import typetable as TT
    from irc.lattice.typeprint import show
    from irc.lattice.types import DataType, TypeName, TypeVar

    val = TypeName(("Base",), "Val", (TypeVar("T"),))
    one, true, onef = DataType(val, (1,)), DataType(val, (True,)), DataType(val, (1.0,))
    assert len({one, true, onef}) == 3
    assert one != true and true != onef and one != onef
    assert [show(t) for t in (one, true, onef)] == ["Val{1}", "Val{true}", "Val{1.0}"]
    assert DataType(val, ((1, True),)) != DataType(val, ((True, 1),))
    assert DataType(val, (1,)) == one and hash(DataType(val, (True,))) == hash(true)
    assert TT.tuple_type([true, one]) != TT.tuple_type([one, one])


def test_two_signatures_with_variables_of_one_name_compare_without_error():
    """`Tuple{F, Type{T}} where {F, T}` against `Tuple{F, T} where {F, T}` (two declarations' own
    variables, equal by name: `Base.Fix2(::F, ::Type{T})` and `Base.Fix2(::F, ::T)`): a left variable met
    as a right one's key reads that binding's value (`_Bind.value`, which a refactor had left outside its
    class, so the comparison raised)."""
    from irc.lattice import typetable as T
    from irc.lattice.subtype import issubtype
    from irc.lattice.types import DataType, TypeVar, UnionAllType

    def sig(second_is_type):
        f, t = TypeVar("F"), TypeVar("T")
        second = DataType(T.TYPE_NAME, (t,)) if second_is_type else t
        return UnionAllType(f, UnionAllType(t, T.tuple_type([f, second])))

    narrow, wide = sig(True), sig(False)
    assert issubtype(narrow, wide)
    assert not issubtype(wide, narrow)
