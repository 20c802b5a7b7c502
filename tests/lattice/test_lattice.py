"""The inference lattice: each test names the Julia 1.10 function whose rule it pins
(base/compiler/typelattice.jl, typelimits.jl, typeutils.jl)."""
from irc.lattice import typetable as T
from irc.lattice import subtype as ST
from irc.lattice.typelattice import ANY, BOOL, FALSE, TRUE, Conditional, Const, PartialStruct, lattice_le, tmeet, widenconst
from irc.lattice.typelimits import issimpleenoughtype, tmerge, tuplemerge, union_count_abstract, unioncomplexity
from irc.lattice.types import BOTTOM, DataType, FuncType, FunctionValue, VarargType
from irc.lattice.typeprint import show

I, F, S, C, N = T.INT64, T.FLOAT64, T.STRING, T.CHAR, T.NOTHING
tt = T.tuple_type
UR = DataType(T.UNITRANGE_NAME, (I,))


def merge(*xs):
    r = xs[0]
    for x in xs[1:]:
        r = tmerge(r, x)
    return r


# -- tmerge(::JLTypeLattice): "it's always ok to form a Union of two concrete types"
def test_concrete_pair_forms_union():
    assert show(merge(F, I)) == "Union{Float64, Int64}"
    assert show(merge(tt([I]), tt([F]))) == "Union{Tuple{Float64}, Tuple{Int64}}"
    assert show(merge(N, tt([I, I]))) == "Union{Nothing, Tuple{Int64, Int64}}"
    assert show(merge(T.type_of_type(I), T.type_of_type(F))) == "Union{Type{Float64}, Type{Int64}}"


# -- tmerge_types_slow + issimpleenoughtype: MAX_TYPEUNION_LENGTH = 3
def test_union_length_limit():
    assert show(merge(F, I, S)) == "Union{Float64, Int64, String}"
    assert merge(F, I, S, C) == ANY  # 4 unrelated names: "finally, just return the widest possible type"


# -- union_count_abstract: abstract members count twice
def test_abstract_counts_twice():
    assert union_count_abstract(ST.union(N, T.NUMBER)) == 1
    assert issimpleenoughtype(ST.union(N, T.NUMBER))
    assert not issimpleenoughtype(ST.union(N, I, T.ABSTRACTSTRING))
    assert merge(ST.union(N, T.NUMBER), S) == ANY


# -- unioncomplexity (typeutils.jl 1.10): Union(a, b) = c(a) + c(b) + 1; tuples take the max
def test_unioncomplexity():
    assert unioncomplexity(I) == 0
    assert unioncomplexity(ST.union(I, F)) == 1
    assert unioncomplexity(ST.union(I, F, S)) == 2
    assert unioncomplexity(tt([ST.union(I, F), ST.union(I, F, S)])) == 2


# -- tmerge_types_slow: same-TypeName tuples merge element-wise via tuplemerge
def test_tuples_merge_elementwise_past_limit():
    r = merge(tt([I]), tt([F]), tt([S]), tt([C]))
    assert show(r) == "Tuple{Any}"
    assert show(tuplemerge(tt([I]), tt([F]))) == "Tuple{Union{Float64, Int64}}"


# -- tuplemerge: different lengths give Tuple{Vararg{tail}}
def test_tuplemerge_length_mismatch():
    assert show(tuplemerge(tt([I]), tt([I, I]))) == "Tuple{Vararg{Int64}}"
    assert show(tuplemerge(tt([I]), tt([I, S]))) == "Tuple"  # no common element type


# -- tmerge_types_slow: same-name data types merge into their wrapper, keeping equal parameters
def test_same_name_wrapper_merge():
    r = merge(T.vector(I), T.vector(F), T.vector(S), T.vector(C))
    assert show(r) == "Vector"  # Array{T, 1} where T: the equal parameter 1 is kept
    d = lambda k, v: DataType(T.DICT_NAME, (k, v))  # noqa: E731
    r = merge(d(T.SYMBOL, I), d(T.SYMBOL, F), d(T.SYMBOL, S), d(T.SYMBOL, C))
    assert show(r) == "Dict{Symbol}"  # Julia prints `Dict{Symbol, V} where V` so
    # wrapper merge and tuplemerge both happen, but the result (Tuple{Union{…}} and Vector
    # each count twice) is still not simple enough: tuples widen to Tuple{Any}, then Any
    assert merge(T.vector(I), T.vector(F), tt([I]), tt([F])) == ANY


# -- tmerge(::ConstsLattice): Const(a) ⊔ Const(b) widens; tmerge_fast_path: Const(1) ⊔ Int64 = Int64
def test_consts():
    assert merge(Const(1), Const(2)) == I
    assert merge(Const(1), I) == I and merge(I, Const(1)) == I
    assert merge(Const(1), Const(1)) == Const(1)
    assert show(merge(Const(1.0), Const(3))) == "Union{Float64, Int64}"
    assert merge(Const(None), N) == N or merge(Const(None), N) == Const(None)


# -- tmerge_partial_struct: field-wise, refinement kept only where both sides agree
def test_partial_structs():
    a = PartialStruct(UR, (Const(1), I))
    assert merge(a, a) == a
    assert merge(a, PartialStruct(UR, (Const(2), I))) == UR
    assert merge(a, UR) == UR
    # Consts of the same tuple type recover a PartialStruct of the agreeing fields
    r = merge(Const((Const(1), Const(2))), Const((Const(1), Const(3))))
    assert show(r) == "Core.PartialStruct(Tuple{Int64, Int64}, Any[Core.Const(1), Int64])"


# -- tmerge(::ConditionalsLattice)
def test_conditionals():
    a = Conditional(2, I, N)
    b = Conditional(2, F, N)
    r = merge(a, b)
    assert r == Conditional(2, ST.union(I, F), N)
    assert merge(a, Conditional(3, I, N)) == BOOL  # different slots: Bool
    assert merge(a, TRUE) == Conditional(2, ANY, N)  # Const(true) joins as Conditional(slot, Any, Union{})
    assert merge(a, BOTTOM) == a
    assert show(merge(a, I)) == "Union{Bool, Int64}"
    assert show(a) == "Bool"


# -- ⊑ (typelattice.jl)
def test_lattice_le():
    assert lattice_le(Const(1), I) and not lattice_le(I, Const(1))
    assert lattice_le(Const(1), T.NUMBER) and not lattice_le(Const(1), F)
    assert lattice_le(N, Const(None)) and lattice_le(Const(None), N)  # singleton instance
    ps = PartialStruct(UR, (Const(1), I))
    assert lattice_le(ps, UR) and not lattice_le(UR, ps)
    assert lattice_le(PartialStruct(UR, (Const(1), Const(3))), ps)
    assert lattice_le(Conditional(2, I, N), BOOL)
    assert lattice_le(Conditional(2, I, N), Conditional(2, T.NUMBER, N))
    assert not lattice_le(BOOL, Conditional(2, I, N))
    assert lattice_le(Const(I), T.type_of_type(I)) and lattice_le(Const(I), T.DATATYPE)
    f = FunctionValue(("Main",), "f")
    assert lattice_le(Const(f), FuncType(f)) and lattice_le(FuncType(f), Const(f))


def test_widenconst():
    assert widenconst(Const(1)) == I
    assert widenconst(Const(I)) == T.type_of_type(I)
    assert widenconst(PartialStruct(UR, (Const(1), I))) == UR
    assert widenconst(Conditional(2, I, N)) == BOOL
    assert widenconst(Const(True)) == T.BOOL and Const(True) != Const(1)
    assert Const(0.0) != Const(-0.0) and Const(float("nan")) == Const(float("nan"))


def test_folded_conditionals_keep_their_slot():
    """Rule 3 (typelattice.jl, typelimits.jl 1.10): a Conditional with an impossible
    branch is not folded; two of them on one slot merge branch-wise into a real
    Conditional, and only `Union{}` is below a Conditional."""
    yes, no = Conditional(2, I, BOTTOM), Conditional(2, BOTTOM, N)
    assert merge(yes, no) == Conditional(2, I, N)
    assert merge(yes, yes) == yes and merge(yes, Conditional(3, I, BOTTOM)) == TRUE
    assert merge(yes, Conditional(3, BOTTOM, I)) == BOOL
    assert not lattice_le(TRUE, yes) and lattice_le(BOTTOM, yes) and not lattice_le(I, yes)
    assert lattice_le(yes, TRUE) and lattice_le(no, FALSE) and not lattice_le(yes, FALSE)
    assert show(yes) == "Core.Const(true)" and show(no) == "Core.Const(false)" and show(merge(yes, no)) == "Bool"


def test_tmeet():
    """Julia's `tmeet(v, t::Type)` (rule 2)."""
    assert tmeet(ST.union(N, I), I) == I
    assert tmeet(Const(1), I) == Const(1) and tmeet(Const(1), F) == BOTTOM
    assert tmeet(Conditional(2, I, N), T.INTEGER) == Conditional(2, I, N)  # Bool <: Integer
    assert tmeet(Conditional(2, I, N), F) == BOTTOM


def test_vararg_tuple_merge_terminates():
    x = tt([I])
    for n in range(2, 12):
        x = tmerge(x, tt([I] * n))
    assert show(x) == "Tuple{Vararg{Int64}}" or issimpleenoughtype(x)
    assert tmerge(x, tt([VarargType(I)])) in (x, tt([VarargType(I)]))


# -- tmerge(::JLTypeLattice): `typea <: typeb && return typeb` has no simplicity check
#    (issue 27, rule 1; 1.10 typelimits.jl): a subtype of a non-simple union merges into it
def test_subtype_of_non_simple_union_merges_into_it():
    u4 = ST.union(N, I, F, S)  # unionlen 4 > MAX_TYPEUNION_LENGTH: not simple enough
    assert not issimpleenoughtype(u4)
    for small in (I, S, ST.union(I, F), Const(1), Const("s"), ST.union(N, I, F)):
        assert tmerge(small, u4) == u4 and tmerge(u4, small) == u4, show(small)
    big = ST.union(T.REAL, S, N)  # abstract member counts twice: not simple either
    assert not issimpleenoughtype(big)
    assert tmerge(F, big) == big and tmerge(big, T.INTEGER) == big
    # unrelated types still go through tmerge_types_slow's limit
    assert tmerge(C, u4) == ANY


# -- tmerge_types_slow's last resort (issue 27, rule 2): each Tuple member keeps its
#    parameters of unioncomplexity 0 and widens the others to Any (a Vararg to Vararg)
def test_last_resort_tuple_widening_keeps_union_free_parameters():
    u4 = ST.union(I, F, S, C)
    assert show(tmerge(N, tt([I, u4]))) == "Union{Nothing, Tuple{Int64, Any}}"
    assert show(tmerge(tt([u4, S, I]), N)) == "Union{Nothing, Tuple{Any, String, Int64}}"
    assert show(tmerge(N, tt([I, VarargType(u4)]))) == "Union{Nothing, Tuple{Int64, Vararg}}"
    # a Vararg of a union-free type is kept as is
    assert show(tmerge(N, tt([u4, VarargType(I)]))) == "Union{Nothing, Tuple{Any, Vararg{Int64}}}"
    # still too complex after widening (abstract members count twice): Any
    assert tmerge(ST.union(N, T.MISSING), tt([I, ST.union(I, F)])) == ANY
