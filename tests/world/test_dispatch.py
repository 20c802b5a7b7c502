"""World building, name resolution and method dispatch (spec §1.1, §1.2)."""
import pytest

from irc.syntax import tree as S
from irc.lattice import typetable as T
from irc.lattice import subtype as ST
from irc.errors import IrcError
from irc.lattice.typelattice import BOOL, Const, PartialStruct
from irc.syntax.parser import parse_expr, parse_text
from irc.lattice.subtype import issubtype
from irc.lattice.types import BOTTOM, DataType, FunctionValue, ModuleValue, Sym
from irc.lattice.typeprint import show
from irc.world.world import World

I, F, N, S_ = T.INT64, T.FLOAT64, T.NOTHING, T.STRING
M = ("Main",)

DECLS = """
abstract type Shape end
abstract type Shape2D <: Shape end
struct Point{T<:Real} <: Shape2D
    x::T
    y::T
end
mutable struct Counter
    n::Int64
end
const Main.c = 3
const Main.Vec = Vector{Float64}
global Main.n::Int64
declare Main.pos(::Float64)::Union{Float64, Int64}
declare Main.area(p::Point{T})::T where {T<:Real}
declare Main.log_all(::Any...)::Nothing
declare Main.zero_of(::Float64)::Core.Const(0.0)
declare Main.ispositive(a::Any)::Bool implies a isa Number
declare Main.h(::Int64)::Int64
declare Main.h(::Float64)::Float64
declare Main.h(::Number)::Number
declare Main.eq(::Any, ::Any)::Bool
declare Main.eq(::Int64, ::Int64)::Bool
declare Main.eq(::Float64, ::Int64)::Bool
declare Main.eq(::Int32, ::Int64)::Bool
declare Main.eq(::Nothing, ::Nothing)::Bool
declare Main.gen(::Any)::Any
declare Main.gen(::Int64)::Int64
declare Main.k(::Int64)::Int64
declare Main.k(::String)::String
declare Main.m(::Int64)::Int64
declare Main.m(::Float64)::Float64
declare Main.m(::String)::String
declare Main.m(::Char)::Char
declare @foldable Main.twice(::Int64)::Int64
declare Main.first2(::Vector{T}, ::Int64)::T where T
declare Main.same(::T, ::T)::T where T
declare Base.isnothing(x::Any)::Bool iff x isa Nothing
"""


@pytest.fixture(scope="module")
def world():
    return World.build(parse_text(DECLS, "decls.ir").items, prelude=False)


def call(world, name, *args):
    f = world.value_of(parse_expr(name), M)
    return world.call(f, [world.parse_type(a) if isinstance(a, str) else a for a in args], M,
                      callee=parse_expr(name))


def test_value_of_globals(world):
    assert world.value_of(parse_expr("Main.c"), M) == Const(3)
    assert world.value_of(parse_expr("Main.n"), M) == I
    assert world.value_of(parse_expr("Main.pos"), M) == Const(FunctionValue(("Main",), "pos"))
    assert world.value_of(parse_expr("Int64"), M) == Const(I)
    assert world.value_of(parse_expr("nothing"), M) == Const(None)
    assert world.value_of(parse_expr(":x"), M) == Const(Sym("x"))
    assert world.value_of(parse_expr("Main.Meta"), M) == Const(ModuleValue(("Base", "Meta")))
    diags = []
    assert world.value_of(parse_expr("Main.b"), M, diags) == T.ANY
    assert diags and "Main.b" in diags[0]


def test_name_resolution(world):
    assert world.value_of(parse_expr("Base.Math.sin"), M) == world.value_of(parse_expr("Base.sin"), M) \
        or world.resolve(("Base", "Math", "throw"), M)[0] == "builtin"
    assert world.resolve(("Main", "isnothing"), M)[1] == ("Base", "isnothing")  # Main.f falls back to Base.f
    assert world.resolve(("Main", "===",), M)[0] == "builtin"
    assert world.resolve(("Base", "Math", "MethodError"), M)[0] == "type"


def test_eval_type(world):
    assert show(world.parse_type("Point{Int64}")) == "Point{Int64}"
    assert show(world.parse_type("Main.Vec")) == "Vector{Float64}"
    assert world.parse_type("Union{}") == BOTTOM
    assert show(world.parse_type("Core.PartialStruct(UnitRange{Int64}, Any[Core.Const(1), Int64])")) == \
        "Core.PartialStruct(UnitRange{Int64}, Any[Core.Const(1), Int64])"
    assert show(world.parse_type("Vector{<:Real}")) == "Vector{<:Real}"
    assert show(world.parse_type("Tuple{Vararg{Int64}}")) == "Tuple{Vararg{Int64}}"
    assert show(world.parse_type("NTuple{3, Int64}")) == "Tuple{Int64, Int64, Int64}"
    assert issubtype(world.parse_type("Point{Int64}"), world.parse_type("Shape"))


def test_struct_fields_and_getproperty(world):
    p = world.parse_type("Point{Float64}")
    assert ST.field_types(p) == (F, F)
    assert call(world, "Base.getproperty", p, Const(Sym("x"))).rt == F
    assert call(world, "Base.setproperty!", world.parse_type("Counter"), Const(Sym("n")), Const(2)).rt == Const(2)


def test_covering_most_specific(world):
    assert call(world, "Main.h", "Int64").rt == I
    assert call(world, "Main.h", "Float64").rt == F
    assert call(world, "Main.h", "Int32").rt == T.NUMBER


def test_where_binding_and_diagonal(world):
    assert call(world, "Main.area", "Point{Float64}").rt == F
    assert call(world, "Main.first2", "Vector{String}", "Int64").rt == S_
    assert call(world, "Main.same", "Int64", "Int64").rt == I
    assert call(world, "Main.same", "Int64", "Float64").rt == T.ANY  # diagonal T: may apply, unbound


def test_varargs(world):
    assert call(world, "Main.log_all").rt == N
    assert call(world, "Main.log_all", "Int64", "String", "Float64").rt == N


def test_union_split(world):
    assert show(call(world, "Main.k", "Union{Int64, String}").rt) == "Union{Int64, String}"
    # one member has no method: that branch throws, the rest stays
    assert call(world, "Main.k", "Union{Int64, Float64}").rt == I


def test_may_apply_limits(world):
    assert show(call(world, "Main.k", "Any").rt) == "Union{Int64, String}"  # 2 may apply: merged
    assert call(world, "Main.m", "Any").rt == T.ANY  # 4 may apply: Any


def test_no_method_and_unknown_callee(world):
    r = call(world, "Main.pos", "Int64")  # Main.pos is the file's own: closed world, the call throws
    (d,) = r.diagnostics
    assert r.rt == BOTTOM and d.code == "no-matching-method"
    assert d.message.startswith("no matching method found `Main.pos(::Int64)`")
    assert "Main.pos(::Float64)" in d.message  # what the file does declare
    r = call(world, "Main.g", "Int64")
    (d,) = r.diagnostics
    assert r.rt == T.ANY and d.code == "unknown-callee"
    assert d.message.startswith("unknown callee Main.g(::Int64)")
    assert d.declare == "declare Main.g(::Int64)" and d.declare + "::T" in d.message


def test_const_results_and_folding(world):
    assert call(world, "Main.zero_of", "Float64").rt == Const(0.0)
    assert call(world, "Main.twice", Const(4)).rt == I  # no fold rule for `twice`: declared type kept
    assert call(world, "Main.twice", "Int64").rt == I


def test_refinements(world):
    r = call(world, "Main.isnothing", "Union{Nothing, Int64}")
    assert r.rt == BOOL and r.cond == (0, N, I)  # iff: then x ∩ T, else x \ T
    r = call(world, "Main.ispositive", "Union{Nothing, Int64}")
    assert r.cond == (0, I, ST.union(N, I))  # implies: the false branch keeps x


def test_file_declaration_replaces_prelude():
    items = parse_text("declare Base.sin(::Float64)::Int64\n", "x.ir").items
    w = World.build(items)
    f = w.value_of(parse_expr("Base.sin"), M)
    assert w.call(f, [F], M).rt == I
    assert sum(1 for m in w.methods["Base.sin"] if m.sig == T.tuple_type([F])) == 1


def test_bad_declaration_raises():
    with pytest.raises(IrcError) as e:
        World.build(parse_text("declare Main.f(::Vector{Int64, 1, 2})::Int64\n", "bad.ir").items, prelude=False)
    assert "too many parameters" in str(e.value)


def test_unknown_type_in_a_declaration_is_kept_with_one_warning():
    """Spec §1.2 "Unknown types are kept": never an error, never silently Any."""
    w = World.build(parse_text("declare Main.f(::NoSuchType)::Int64\n"
                               "declare Main.f(::NoSuchType, ::NoSuchType)::NoSuchType\n", "x.ir").items)
    (d,) = w.notes_for(None)  # one warning per name per file
    assert d.code == "unknown-type" and "NoSuchType" in d.message and d.span.line == 1
    t = w.parse_type("NoSuchType")
    assert show(t) == "NoSuchType" and t != T.ANY
    assert call(w, "Main.f", t).rt == I
    assert show(call(w, "Main.f", t, t).rt) == "NoSuchType"


def test_type_callee_constructs(world):
    assert call(world, "Base.Math.MethodError", Const(FunctionValue(("Base",), "sin")), "Tuple{Int64}").rt \
        == T.METHODERROR
    assert show(call(world, "Main.Point", "Int64", "Int64").rt) == "Point{Int64}"


def test_not_a_function_callee(world):
    assert world.call(Const(3), [I], M).rt == T.ANY
    assert world.call(T.ANY, [I], M, callee=S.SSA(1)).rt == T.ANY


def test_more_specific_partial_matches_join_a_covering_fallback(world):
    """ml_matches: a covering fallback does not hide more specific methods that may apply."""
    assert call(world, "Main.eq", "Int64", "Int64").rt == BOOL  # the specific method covers
    assert call(world, "Main.eq", "Any", "Int64").rt == T.ANY  # fallback + 3 more specific: > 3
    assert call(world, "Main.eq", "Union{Nothing, Int64}", "Nothing").rt == BOOL
    assert call(world, "Main.gen", "Any").rt == T.ANY
    assert call(world, "Main.gen", "Int64").rt == I


def test_self_value():
    w = World.build(parse_text('struct var"#3#4" <: Function\n    x::Core.Box\nend\n'
                               "declare Main.f(::Int64)::Int64\n", "c.ir").items, prelude=False)
    assert show(w.self_value(M, "#3#4")) == 'var"#3#4"'  # a closure: an instance of its type
    assert show(w.self_value(M, "f")) == "Core.Const(f)"
    assert show(w.self_value(M, "never_declared")) == "Core.Const(never_declared)"


def test_indexed_iterate_and_convert_constprop():
    w = World.build([])
    f = w.value_of(parse_expr("Base.indexed_iterate"), M)
    t = T.tuple_type([I, F])
    assert show(w.call(f, [t, Const(1)], M).rt) == "Core.PartialStruct(Tuple{Int64, Int64}, Any[Int64, Core.Const(2)])"
    assert show(w.call(f, [t, Const(2), Const(2)], M).rt) == \
        "Core.PartialStruct(Tuple{Float64, Int64}, Any[Float64, Core.Const(3)])"
    assert show(w.call(f, [t, I], M).rt) == "Tuple{Any, Int64}"
    conv = w.value_of(parse_expr("Base.convert"), M)
    assert w.call(conv, [Const(F), Const(2)], M).rt == Const(2.0)
    assert w.call(conv, [Const(I), Const(2.5)], M).rt == BOTTOM  # InexactError: the fold throws (rule 6)


def test_a_heterogeneous_tuple_is_no_ntuple():
    """Julia's diagonal rule: `Tuple{Int64, Float64}` is not below `NTuple{N, T}`, so the prelude's
    `NTuple` methods do not apply to part of it (no unbound `T` leaks into the result)."""
    w = World.build([])
    f = w.value_of(parse_expr("Base.indexed_iterate"), M)
    assert show(w.call(f, [T.tuple_type([I, I]), I], M).rt) == "Tuple{Int64, Int64}"
    assert show(w.call(f, [T.tuple_type([I, F]), I], M).rt) == "Tuple{Any, Int64}"
    it = w.value_of(parse_expr("Base.iterate"), M)
    assert show(w.call(it, [T.tuple_type([I, F])], M).rt) == "Union{Nothing, Tuple{Any, Int64}}"


def test_a_nested_broadcast_takes_its_own_style_and_element_type():
    """`max.(1 .+ 3, 5)` (samples/real/r064): Julia's `BroadcastStyle(::Type{<:Broadcasted{S}}) = S()`
    and `combine_eltypes` through the inner broadcast; a 0-dimensional one materializes to its element."""
    w = World.build([])
    bcast = w.value_of(parse_expr("Base.broadcasted"), M)
    mat = w.value_of(parse_expr("Base.materialize"), M)
    plus, mx = w.value_of(parse_expr("Main.:+"), M), w.value_of(parse_expr("Main.max"), M)
    inner = w.call(bcast, [plus, I, I], M).rt
    outer = w.call(bcast, [mx, inner, I], M).rt
    assert show(outer) == ("Base.Broadcast.Broadcasted{Base.Broadcast.DefaultArrayStyle{0}, Nothing, typeof(max), "
                           "Tuple{Base.Broadcast.Broadcasted{Base.Broadcast.DefaultArrayStyle{0}, Nothing, typeof(+), "
                           "Tuple{Int64, Int64}}, Int64}}")
    assert show(w.call(mat, [outer], M).rt) == "Int64"
    arr = w.call(bcast, [mx, inner, w.parse_type("Vector{Float64}")], M).rt
    assert show(arr).startswith("Base.Broadcast.Broadcasted{Base.Broadcast.DefaultArrayStyle{1}, Nothing, typeof(max)")
    assert show(w.call(mat, [arr], M).rt) == "Vector{Float64}"


def test_namedtuple_construction():
    w = World.build([], prelude=False)
    ap = w.value_of(parse_expr("Core.apply_type"), M)
    names = Const((Const(Sym("scale")),))
    nt = w.call(ap, [w.value_of(parse_expr("Core.NamedTuple"), M), names], M).rt
    assert show(nt) == "Core.Const(NamedTuple{(:scale,)})"
    r = w.call(nt, [T.tuple_type([I])], M).rt
    assert show(r) == "@NamedTuple{scale::Int64}"


def test_vect_promotion_and_ref_dict_constructors():
    from irc.world.world import promote_numeric

    assert promote_numeric([I, F, I]) == F
    assert promote_numeric([T.BOOL, I]) == I
    assert promote_numeric([T.INT32, I]) == I
    assert promote_numeric([T.FLOAT32, I]) == T.FLOAT32
    assert promote_numeric([I, S_]) is None
    w = World.build([])
    vect = w.value_of(parse_expr("Base.vect"), M)
    assert show(w.call(vect, [Const(1), Const(2.5), I], M).rt) == "Vector{Float64}"
    assert show(w.call(vect, [I, S_], M).rt) == "Vector{Any}"
    ref = w.value_of(parse_expr("Main.Ref"), M)
    assert show(w.call(ref, [Const(0)], M).rt) == "Base.RefValue{Int64}"
    dict_t = w.parse_type("Dict{String, Int64}")
    assert show(w.call(Const(dict_t), [], M).rt) == "Dict{String, Int64}"


# -- rule 1 (docs/semantics.md §9): Julia's unionsplitcost
def test_union_split_cost_counts_the_largest_union_as_two():
    from irc.world.dispatch import union_split_cost

    u5 = ST.union(T.INT8, T.INT16, T.INT32, I, T.UINT8)
    assert union_split_cost([u5]) == 2
    assert union_split_cost([ST.union(N, I), ST.union(I, F, S_)]) == 4
    assert union_split_cost([ST.union(I, F, S_), ST.union(I, F, S_)]) == 6
    assert union_split_cost([I, F]) == 1


SPLIT = """
declare Main.g(::Int8)::String
declare Main.g(::Int16)::String
declare Main.g(::Int32)::String
declare Main.g(::Int64)::String
declare Main.g(::UInt8)::String
declare Main.h(::Nothing, ::Any)::Int64
declare Main.h(::Int64, ::Int64)::Int64
declare Main.h(::Int64, ::Float64)::Int64
declare Main.h(::Int64, ::String)::Int64
declare Main.k(::Int64)::Int64
declare Main.k(::Float64)::Float64
declare Main.k(::Nothing)::String
declare Main.k(::String)::Char
"""


def test_union_split_by_cost():
    w = World.build(parse_text(SPLIT, "split.ir").items, prelude=False)
    g, h, k = (w.value_of(parse_expr(f"Main.{n}"), M) for n in "ghk")
    u5 = ST.union(T.INT8, T.INT16, T.INT32, I, T.UINT8)
    assert w.call(g, [u5], M).rt == S_  # cost 2: five signatures, one method each
    assert w.call(h, [ST.union(N, I), ST.union(I, F, S_)], M).rt == I  # cost 4: six signatures
    # the merge follows Julia's order (Float64, Int64, Nothing, String): the fourth member widens to Any
    assert w.call(k, [ST.union(I, F, N, S_)], M).rt == T.ANY


def test_union_split_is_deterministic_in_member_order():
    """The split visits members in Julia's union order whatever their hash order."""
    from irc.world.dispatch import _split

    combos = _split([ST.union(N, I), ST.union(S_, F, I)])
    assert [[show(t) for t in c] for c in combos] == [
        ["Nothing", "Float64"], ["Int64", "Float64"], ["Nothing", "Int64"], ["Int64", "Int64"],
        ["Nothing", "String"], ["Int64", "String"]]


PROPERTY_DECLS = """
abstract type Shape end
struct Crate{T} <: Shape
    w::T
end
struct Plain
    a::Int64
end
declare Base.getproperty(::Any, ::Symbol)::Any
declare Base.getproperty(::Shape, ::Symbol)::Int64
declare Base.getproperty(::Type{Plain}, ::Symbol)::String
declare Base.getproperty(::Crate{Int32}, ::Symbol)::Char
declare Base.setproperty!(::Crate, ::Symbol, ::Any)::Nothing
"""


def test_a_declared_getproperty_wins_over_the_field_access():
    """A declaration for the receiver's type (instance, abstract supertype, type object) that may
    apply answers the access; the default `getfield` only when none does (never `Union{}` for a
    field the struct lacks while a declaration may apply)."""
    w = World.build(parse_text(PROPERTY_DECLS, "p.ir").items, prelude=False)
    sym = Const(Sym("nofield"))
    # through an abstract supertype, for a field the struct lacks and one it has
    assert call(w, "Base.getproperty", "Crate{Float64}", sym).rt == I
    assert call(w, "Base.getproperty", "Crate{Float64}", Const(Sym("w"))).rt == I
    # the more specific declaration of two
    assert call(w, "Base.getproperty", "Crate{Int32}", sym).rt == T.CHAR
    # a type object: the declaration for `Type{Plain}`, not the fields of its kind
    assert call(w, "Base.getproperty", Const(w.parse_type("Plain")), sym).rt == S_
    # no specific declaration: the default field access (a missing field throws)
    assert call(w, "Base.getproperty", "Plain", Const(Sym("a"))).rt == I
    assert call(w, "Base.getproperty", "Plain", sym).rt == BOTTOM
    # setproperty! too
    assert call(w, "Base.setproperty!", "Crate{Float64}", sym, I).rt == N


def _range(tname, *vals):
    from irc.lattice.typelattice import StructValue
    from irc.lattice.types import DataType as DT

    names = {"UnitRange": (T.UNITRANGE_NAME, (I,)), "OneTo": (T.ONETO_NAME, (I,)),
             "StepRange": (T.STEPRANGE_NAME, (I, I))}
    tn, ps = names[tname]
    t = DT(tn, ps)
    return Const(StructValue(t, tuple(Const(v) for v in vals)), t)


@pytest.mark.parametrize(("r", "state", "want"), [
    (("UnitRange", 1, 10), None, "Core.Const((1, 1))"),
    (("UnitRange", 1, 0), None, "Core.Const(nothing)"),  # empty
    (("UnitRange", 1, 10), 3, "Core.Const((4, 4))"),
    (("UnitRange", 1, 10), 10, "Core.Const(nothing)"),  # `i == last(r)`
    (("UnitRange", 1, 10), I, "Union{Nothing, Tuple{Int64, Int64}}"),  # a state that is not constant
    (("OneTo", 3), None, "Core.Const((1, 1))"),
    (("OneTo", 0), None, "Core.Const(nothing)"),
    (("StepRange", 1, 2, 9), None, "Core.Const((1, 1))"),
    (("StepRange", 1, 2, 9), 7, "Core.Const((9, 9))"),
    (("StepRange", 1, 2, 9), 9, "Core.Const(nothing)"),
    (("StepRange", 10, -1, 1), None, "Core.Const((10, 10))"),
    (("StepRange", 1, -1, 10), None, "Core.Const(nothing)"),  # empty: the step goes away from stop
])
def test_iterate_of_a_constant_range_is_concrete_evaluated(r, state, want):
    """range.jl: `iterate(r::OrdinalRange) = isempty(r) ? nothing : (first(r), first(r))`,
    `iterate(r, i) = i == last(r) ? nothing : (i + step(r), i + step(r))`; Julia evaluates them
    on constant arguments (`concrete_eval_eligible`), not on a non-constant state."""
    w = World.build((), prelude=True)
    args = [_range(*r)] + ([] if state is None else [state if not isinstance(state, int) else Const(state)])
    assert show(call(w, "Base.iterate", *args).rt) == want


@pytest.mark.parametrize(("tup", "i", "want"), [
    ("Tuple{Float64, String}", 1, "Float64"),
    ("Tuple{Float64, String}", 2, "String"),
    ("Tuple{Float64, String}", 3, "Union{}"),  # out of bounds: the call throws
    ("Tuple{Vararg{Int64}}", 1, "Int64"),
    ("Tuple{Float64, String}", None, "Union{Float64, String}"),  # an Int64 index: getfield_tfunc's union (27.13)
])
def test_getindex_of_a_tuple_by_a_constant_is_its_element(tup, i, want):
    """tuple.jl `getindex(t::Tuple, i::Int) = getfield(t, i, $(Expr(:boundscheck)))`: with a
    constant index, constant propagation gives getfield_tfunc's element; one method, so never a
    runtime dispatch."""
    w = World.build((), prelude=True)
    r = call(w, "Base.getindex", tup, I if i is None else Const(i))
    assert show(r.rt) == want
    if i is not None:
        assert not r.dynamic


def test_prelude_gaps_from_real_output():
    """Declarations and rules read from Base 1.10: `identity.(1:3)` is a DefaultArrayStyle{1}
    broadcast materialized to a Vector (a range is an AbstractVector; the operators with
    range methods in broadcast.jl are left alone), `lowercase` of a Char is a Char and of a
    String a String (of `::Any`, either: Julia 1.10 has those two methods only, `@complete`, so
    Union{AbstractChar, String}, as Julia printed it in samples/real/r325)."""
    w = World.build((), prelude=True)
    idf = w.value_of(parse_expr("Base.identity"), M)
    r = w.parse_type("UnitRange{Int64}")
    bc = call(w, "Base.broadcasted", idf, r).rt
    assert show(bc) == ("Base.Broadcast.Broadcasted{Base.Broadcast.DefaultArrayStyle{1}, Nothing, "
                        "typeof(identity), Tuple{UnitRange{Int64}}}")
    assert show(call(w, "Base.materialize", bc).rt) == "Vector{Int64}"
    plus = w.value_of(parse_expr("Base.:+"), M)
    assert "Broadcasted" not in show(call(w, "Base.broadcasted", plus, r).rt)  # `+` has a range method
    assert call(w, "Base.lowercase", T.CHAR).rt == T.CHAR
    assert call(w, "Base.uppercase", "SubString{String}").rt == S_
    assert show(call(w, "Base.lowercase", T.ANY).rt) == "Union{AbstractChar, String}"


# -- rule 27.W: a `where` of an argument's type lifts out of the argument tuple (Julia's
#    `jl_subtype`: `Tuple{Vector} <: Tuple{Array{T, N}} where {T, N}`, tuples are covariant)
def test_a_unionall_argument_is_covered_by_a_where_declaration():
    from irc.syntax import tree as S
    from irc.world.world import World

    w = World.build([])

    def call(f, *ts):
        fn = w.value_of(S.Name(tuple(f.split("."))), ("Main",))
        return w.call(fn, [w.parse_type(t) for t in ts], ("Main",))

    r = call("Base.iterate", "Vector")  # iterate(::Array{T, N}) where {T, N}: T unknown, its bound Any
    assert show(r.rt) == "Union{Nothing, Tuple{Any, Int64}}" and not r.dynamic
    assert show(call("Base.iterate", "Vector", "Int64").rt) == "Union{Nothing, Tuple{Any, Int64}}"
    assert show(call("Base.iterate", "Vector{<:Real}").rt) == "Union{Nothing, Tuple{Real, Int64}}"
    assert show(call("Base.getindex", "Vector{<:Real}", "Int64").rt) == "Real"
    assert show(call("Base.push!", "Vector", "Int64").rt) == "Vector"  # invariant place: the where again
    assert show(call("Base.iterate", "Vector{Float64}").rt) == "Union{Nothing, Tuple{Float64, Int64}}"


def test_skolems_map_back_by_variance():
    from irc.lattice.types import TypeVar, UnionAllType
    from irc.world.dispatch import _skolemized, _unskolem

    s = TypeVar("S", None, T.REAL)
    at = T.tuple_type([UnionAllType(s, DataType(T.ARRAY_NAME, (s, 1))), T.INT64])
    sat, skolems = _skolemized(at)
    (tn, v), = skolems.items()
    sk = DataType(tn, ())
    assert v == s and sat.params[0] == DataType(T.ARRAY_NAME, (sk, 1))
    assert _unskolem(T.tuple_type([sk, T.INT64]), skolems) == T.tuple_type([T.REAL, T.INT64])
    assert _unskolem(DataType(T.ARRAY_NAME, (sk, 1)), skolems) == UnionAllType(s, DataType(T.ARRAY_NAME, (s, 1)))
    assert _skolemized(T.tuple_type([T.INT64])) is None  # nothing to lift
    low = TypeVar("L", T.INT64, None)
    assert _skolemized(T.tuple_type([UnionAllType(low, DataType(T.ARRAY_NAME, (low, 1)))])) is None  # a lower bound


def test_a_static_parameter_bound_to_a_where_type_is_a_variable_below_it():
    """`jl_type_intersection_env` leaves `I` of `f(::I) where I` a variable when the argument is a
    `where` type (`Vector{S}` with S free has no one value), and inference reads it as the variable
    (`sptypes_from_meth_instance`): in an invariant place the result keeps `I<:Vector{<:Real}`
    (`Enumerate{I} where I<:(Vector{<:Real})`); in a covariant one it is the bound.  So is any
    lower bound that is no leaf (subtype.c v1.10.0 `subtype_unionall`: `is_leaf_bound(vb.lb) ?
    vb.lb : jl_new_typevar(name, Bottom, vb.lb)`): an abstract type (`AbstractVector{Float64}`)
    too; an invariant occurrence (`Vector{T}`) gives the one value."""
    w = World.build(parse_text("struct Wrap{I}\n    itr::I\nend\n"
                               "declare Main.wrap(::I)::Wrap{I} where I\n"
                               "declare Main.pair1(::T)::Tuple{T, Int64} where T\n"
                               "declare Main.eltypeof(::Vector{T})::Type{T} where T\n", "d.ir").items, prelude=False)
    assert show(call(w, "Main.wrap", "Vector{<:Real}").rt) == "Wrap{I} where I<:(Vector{<:Real})"
    assert show(call(w, "Main.wrap", "Vector{Float64}").rt) == "Wrap{Vector{Float64}}"
    assert show(call(w, "Main.wrap", "AbstractVector{Float64}").rt) == "Wrap{I} where I<:AbstractVector{Float64}"
    assert show(call(w, "Main.wrap", "Vector").rt) == "Wrap{I} where I<:(Vector)"  # show.jl `show_bound`
    assert show(call(w, "Main.pair1", "Vector{<:Real}").rt) == "Tuple{Vector{<:Real}, Int64}"


@pytest.mark.parametrize("arg, wrapped, paired", [
    ("Any", "Wrap", "Tuple{Any, Int64}"),  # no bound: `Any` to the body, a fresh `_A` where applied
    ("Real", "Wrap{I} where I<:Real", "Tuple{Real, Int64}"),
    ("Tuple{Real, Int64}", "Wrap{I} where I<:Tuple{Real, Int64}", "Tuple{Tuple{Real, Int64}, Int64}"),
    # leaves: the one value, as before
    ("Int64", "Wrap{Int64}", "Tuple{Int64, Int64}"),
    ("Vector{Real}", "Wrap{Vector{Real}}", "Tuple{Vector{Real}, Int64}"),
    ("Type{Int64}", "Wrap{Type{Int64}}", None),
    ("Shape", "Wrap{Shape}", "Tuple{Shape, Int64}"),  # a declared `abstract type` (how stubs write a name)
    ("Main.NotDeclared", "Wrap{NotDeclared}", "Tuple{NotDeclared, Int64}"),  # unknown: a leaf
])
def test_a_static_parameter_matched_only_covariantly_to_a_non_leaf_type_is_a_variable(arg, wrapped, paired):
    """subtype.c v1.10.0 `subtype_unionall` ("fill variable values into `envout`"): a variable seen
    only in covariant places takes its lower bound as its value only when `is_leaf_bound` (a concrete
    type, `Type{…}`); else it is `TypeVar(name, Union{}, lb)`, which inferencestate.jl
    `sptypes_from_meth_instance` reads as `Type{I} where I<:lb`, or as `Any` when `lb` is `Any` --
    and `apply_type_tfunc` then makes a fresh `_A` of it (Julia's own test/compiler/inference.jl:
    `code_typed(T10207, (Int,Any))[1].second == T10207{Int,T} where T`)."""
    w = World.build(parse_text("abstract type Shape end\nstruct Wrap{I}\n    itr::I\nend\n"
                               "declare Main.wrap(::I)::Wrap{I} where I\n"
                               "declare Main.pair1(::T)::Tuple{T, Int64} where T\n", "d.ir").items, prelude=False)
    assert show(call(w, "Main.wrap", arg).rt) == wrapped
    if paired is not None:
        assert show(call(w, "Main.pair1", arg).rt) == paired


def test_an_unbound_static_parameter_is_a_fresh_variable_named_as_apply_type_names_it():
    """`Base.Generator(f, x::Any)` is `Generator{_A, typeof(f)} where _A` (Julia 1.5 printed it
    so for h655; 1.10's rule is the same): `I`'s value is an unbounded variable, `Any` to the body
    (`sptypes_from_meth_instance`), and `new{I,F}` names its fresh variable `_A`
    (`apply_type_tfunc`'s `_tvarnames`); two such are `_A`, `_B` in the parameters' order; an
    invariant occurrence binds the one value even when it is a `where` type (`Ref{T}` given
    `Ref{Vector}`: `T = Vector`)."""
    w = World.build(parse_text("struct G2{I, F}\n    f::F\n    iter::I\nend\n"
                               "struct Two{A, B}\n    a::A\n    b::B\nend\n"
                               "declare Main.two(::A, ::B)::Two{A, B} where {A, B}\n"
                               "declare Main.inref(::Ref{T})::Two{T, T} where T\n", "d.ir").items, prelude=False)
    assert show(call(w, "Main.G2", "Int64", "Any").rt) == "G2{_A, Int64} where _A"
    assert show(call(w, "Main.G2", "Int64", "Float64").rt) == "G2{Float64, Int64}"
    assert show(call(w, "Main.two", "Any", "Any").rt) == "Two"
    assert show(call(w, "Main.two", "Any", "Int64").rt) == "Two{_A, Int64} where _A"
    assert show(call(w, "Main.two", "Real", "Any").rt) == "Two{A, _A} where {A<:Real, _A}"
    assert show(call(w, "Main.inref", "Ref{Vector}").rt) == "Two{Vector, Vector}"


def test_a_function_base_exports_is_a_function_in_every_module():
    """base/exports.jl: every module sees Base's exported functions (`using Base`); one the
    prelude declares no method of is still that function (its constant; a call of it has no
    known method), unless the module declares its own."""
    from irc.lattice.typelattice import ANY

    w = World.build(parse_text("declare Main.circshift(::Int64)::Int64\n", "d.ir").items, prelude=False)
    for name in ("Main.deepcopy", "MyPkg.deepcopy", "deepcopy", "Base.deepcopy"):
        v = w.value_of(parse_expr(name), ("MyPkg",))
        assert v == Const(FunctionValue(("Base",), "deepcopy")), name
    assert show(w.value_of(parse_expr("MyPkg.enumerate"), M)) == "Core.Const(enumerate)"
    assert w.value_of(parse_expr("Main.circshift"), M) == Const(FunctionValue(("Main",), "circshift"))  # its own
    assert call(w, "Main.deepcopy", "Int64").rt == ANY  # no method known: open world
    assert w.value_of(parse_expr("Main.notabasename"), M) == ANY  # an unknown global stays one


def test_a_property_of_a_type_object_whose_type_is_a_variable_is_any():
    """`getproperty(x::Type, f::Symbol) = getfield(x, f)`; 1.10 `_getfield_tfunc`: of `Type{T} where
    T<:Function` (`typeof(f::Function)`) `T` is no data type (`isTypeDataType`), so the object's
    type stays the abstract `Type`: `Any` (Julia's `ismutable(::Function)`); of a constant type
    object, its kind's field."""
    from irc.lattice.typelattice import ANY

    w = World.build([], prelude=True)
    sym = Const(Sym("name"))
    assert call(w, "Base.getproperty", "Type{<:Function}", sym).rt == ANY
    assert show(call(w, "Base.getproperty", Const(T.FLOAT64), sym).rt) == "Core.TypeName"


def test_a_constructor_declared_for_a_types_instances():
    """`declare Base.Ref{T}(::Any)::Base.RefValue{T} where T` (refpointer.jl: `Ref{T}(x) where {T} =
    RefValue{T}(x)`) answers a call of the instance `Ref{U}`: the type is the call's first argument,
    `Type{Ref{T}}`; the bare `Ref(x)` keeps its own declaration."""
    w = World.build(parse_text("abstract type Vec{N, T} end\nstruct SVec{N, T} <: Vec{N, T}\n    data::NTuple{N, T}\nend\n"
                               "declare Main.Vec{N, T}(::Vector{T})::SVec{N, T} where {N, T}\n", "d.ir").items,
                    prelude=True)
    ref = w.parse_type("Ref{Union{Missing, Int64}}")
    assert show(w.call(Const(ref), [I], M).rt) == "Base.RefValue{Union{Missing, Int64}}"
    assert show(call(w, "Main.Ref", "Int64").rt) == "Base.RefValue{Int64}"
    vec = w.parse_type("Vec{3, Float64}")
    assert show(w.call(Const(vec), [w.parse_type("Vector{Float64}")], M).rt) == "SVec{3, Float64}"
    with pytest.raises(IrcError):
        World.build(parse_text("declare Main.g(::Int64)::Int64\ndeclare Main.g{T}(::Any)::Int64 where T\n", "d.ir").items,
                    prelude=False)  # `g` is a function, no type


def test_a_struct_with_fields_it_does_not_list():
    """`...` in a struct body (docs/language.md §2): the type is concrete and no singleton (every
    value a constant would be wrong), a field it lists has its type, one it does not list is
    unknown (`Any`, never "no such field": `Union{}`), and its field count is unknown."""
    from irc.lattice.typelattice import singleton_instance

    w = World.build(parse_text("struct Opq\n    a::Int64\n    ...\nend\nstruct Bare\n    ...\nend\nstruct Empty\nend\n",
                               "d.ir").items, prelude=False)
    opq, bare, empty = w.parse_type("Opq"), w.parse_type("Bare"), w.parse_type("Empty")
    assert T.isconcrete(opq) and T.isconcrete(bare)
    assert singleton_instance(bare) is None and singleton_instance(empty) is not None
    assert call(w, "Base.getfield", opq, Const(Sym("a"))).rt == I
    assert call(w, "Base.getfield", opq, Const(Sym("b"))).rt == T.ANY
    assert call(w, "Base.getfield", empty, Const(Sym("b"))).rt == BOTTOM
    assert call(w, "Core.nfields", opq).rt == I
    assert call(w, "Core.nfields", empty).rt == Const(0)
