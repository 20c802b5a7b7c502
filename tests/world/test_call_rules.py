"""Julia 1.10's rules for calls (docs/semantics.md §9, issue 27's items, numbered 27.N as in the table): each
test states the rule on several inputs, from the Julia function it follows."""
import pytest

from irc.lattice import typetable as T
from irc.lattice.typelattice import Const, PartialStruct, StructValue
from irc.lattice.types import BOTTOM, DataType, Sym
from irc.lattice.typeprint import show
from irc.syntax.parser import parse_expr, parse_text
from irc.world.world import World

I, F, N = T.INT64, T.FLOAT64, T.NOTHING

STRUCTS = """\
struct Point
    x::Int64
    y::Int64
end
struct Box2{T}
    a::T
    b::Int64
end
struct Tagged
    val
    n::Int32
end
mutable struct Counter
    n::Int64
end
struct Named
    s::String
end
"""


@pytest.fixture(scope="module")
def world():
    return World.build(parse_text(STRUCTS, "structs.ir").items, prelude=False)


def ty(world, name):
    return world.parse_type(name)


def construct(world, tname, *args):
    return world.call(Const(ty(world, tname)), list(args), ("Main",)).rt


# -- rule 27.8: default constructors (concrete_eval_call / const_prop_call through `%new`)
def test_default_constructor_all_constant_is_evaluated(world):
    P = ty(world, "Point")
    assert construct(world, "Point", Const(1), Const(2)) == Const(StructValue(P, (Const(1), Const(2))), P)
    # the arguments are converted to the field types first (`convert(Int64, 1.0)` = 1)
    assert construct(world, "Point", Const(1.0), Const(2)) == Const(StructValue(P, (Const(1), Const(2))), P)
    # a conversion that throws InexactError makes the evaluation throw: Union{}
    assert construct(world, "Point", Const(1.5), Const(2)) == BOTTOM
    # a parametric struct: its parameter from the arguments, then evaluated
    B = ty(world, "Box2{Float64}")
    assert construct(world, "Box2", Const(1.0), Const(3)) == Const(StructValue(B, (Const(1.0), Const(3))), B)
    assert construct(world, "Box2{Float64}", Const(1), Const(3)) == Const(StructValue(B, (Const(1.0), Const(3))), B)


def test_default_constructor_partly_constant_is_a_partialstruct(world):
    P = ty(world, "Point")
    assert construct(world, "Point", I, Const(2)) == PartialStruct(P, (I, Const(2)))
    assert construct(world, "Point", F, Const(2)) == PartialStruct(P, (I, Const(2)))  # convert(Int64, ::Float64)
    B = ty(world, "Box2{Float64}")
    assert construct(world, "Box2", Const(1.0), I) == PartialStruct(B, (Const(1.0), I))


def test_default_constructor_without_constants_is_the_type(world):
    assert construct(world, "Point", I, I) == ty(world, "Point")
    assert construct(world, "Box2", F, I) == ty(world, "Box2{Float64}")


def test_mutable_or_unknown_conversion_is_the_type(world):
    # a mutable struct's allocation is not `:consistent`: never a constant
    assert construct(world, "Counter", Const(1)) == ty(world, "Counter")
    # convert(String, 1) is a conversion irc does not know: the type, not an evaluation
    assert construct(world, "Named", Const(1)) == ty(world, "Named")
    # a wrong number of arguments is not the default constructor
    assert construct(world, "Point", Const(1)) == ty(world, "Point")


# -- rule 27.9: NamedTuple{names}(t) is boot.jl's `splatnew` (abstract_eval_statement_expr, :splatnew)
def _nt(names, *fts):
    return DataType(T.NAMEDTUPLE_NAME, (tuple(Sym(n) for n in names), T.tuple_type(list(fts))))


def test_namedtuple_of_constant_tuple_is_constant(world):
    ab = Const(ty(world, "NamedTuple{(:a, :b)}"))
    t = _nt("ab", I, F)
    r = world.call(ab, [Const((Const(1), Const(2.0)), T.tuple_type([I, F]))], ("Main",)).rt
    assert r == Const(StructValue(t, (Const(1), Const(2.0))), t)
    assert show(r) == "Core.Const((a = 1, b = 2.0))"
    one = world.call(Const(ty(world, "NamedTuple{(:a,)}")), [Const((Const(1),), T.tuple_type([I]))], ("Main",)).rt
    assert show(one) == "Core.Const((a = 1,))"


def test_namedtuple_of_partialstruct_is_partialstruct(world):
    ab = Const(ty(world, "NamedTuple{(:a, :b)}"))
    ps = PartialStruct(T.tuple_type([I, I]), (Const(1), I))
    assert world.call(ab, [ps], ("Main",)).rt == PartialStruct(_nt("ab", I, I), (Const(1), I))
    # NamedTuple{names, T}(args::T): the same splatnew over the given T
    abt = Const(_nt("ab", I, I))
    assert world.call(abt, [ps], ("Main",)).rt == PartialStruct(_nt("ab", I, I), (Const(1), I))


def test_namedtuple_without_constants_or_mismatched_is_the_type(world):
    ab = Const(ty(world, "NamedTuple{(:a, :b)}"))
    assert world.call(ab, [T.tuple_type([I, F])], ("Main",)).rt == _nt("ab", I, F)
    # a tuple of another length is not splatnew's case
    assert world.call(ab, [Const((Const(1),), T.tuple_type([I]))], ("Main",)).rt == ab.val


def test_namedtuple_value_printing():
    t = _nt("ab", I, T.ANY)  # a field value not of exactly its field type: the type applied to the tuple
    # (show.jl `show_at_namedtuple` leaves out a field's `::Any`)
    assert show(Const(StructValue(t, (Const(1), Const(2))), t)) == "Core.Const(@NamedTuple{a::Int64, b}((1, 2)))"
    e = _nt("")
    assert show(Const(StructValue(e, ()), e)) == "Core.Const(NamedTuple())"


def test_namedtuple_value_reads_back(world):
    """What `show` prints, `Core.Const(…)` reads back (the fixed point of the output)."""
    for text in ("(a = 1, b = 2.0)", "(a = 1,)", "NamedTuple()", "@NamedTuple{a}((1,))", "(x = :s, y = (1, 2))"):
        v = world.value_of_const(parse_expr(text), None, ("Main",))
        assert type(v) is Const and type(v.val) is StructValue, text
        assert show(v) == "Core.Const(" + text + ")"
    v = world.value_of_const(parse_expr("(a = 1, b = 2.0)"), None, ("Main",))
    assert v.typ == _nt("ab", I, F) and v.val.fields == (Const(1), Const(2.0))


# -- rule 27.10: indexed_iterate keeps the state constant (tuple.jl's @inline methods, const-propagated)
@pytest.fixture(scope="module")
def base():
    return World.build([])


def _ii(base, *args):
    from irc.lattice.types import FunctionValue

    return base.call(Const(FunctionValue(("Base",), "indexed_iterate")), list(args), ("Main",)).rt


def test_indexed_iterate_state_is_constant(base):
    va = base.parse_type("Tuple{Vararg{Int64}}")
    for arr, elem in (("Vector{Float64}", F), ("Matrix{Int64}", I), ("Vector{Union{Nothing, Int64}}", base.parse_type("Union{Nothing, Int64}"))):
        a = base.parse_type(arr)
        assert _ii(base, a, Const(1)) == PartialStruct(T.tuple_type([elem, I]), (elem, Const(2))), arr
        assert _ii(base, a, Const(2), Const(2)) == PartialStruct(T.tuple_type([elem, I]), (elem, Const(3))), arr
    assert _ii(base, va, Const(1)) == PartialStruct(T.tuple_type([I, I]), (I, Const(2)))
    assert _ii(base, va, Const(3), Const(3)) == PartialStruct(T.tuple_type([I, I]), (I, Const(4)))
    fixed = T.tuple_type([I, F])
    assert _ii(base, fixed, Const(2), Const(2)) == PartialStruct(T.tuple_type([F, I]), (F, Const(3)))
    assert _ii(base, fixed, Const(3), Const(3)) == BOTTOM  # getfield out of bounds throws


def test_indexed_iterate_unknown_index_is_the_declared_type(base):
    v = base.parse_type("Vector{Float64}")
    assert _ii(base, v, I) == T.tuple_type([F, I])
    assert _ii(base, v, I, I) == T.tuple_type([F, I])


# -- rule 27.12: getproperty on a union is split per member (find_matching_methods, tmerge)
def _getprop(w, x, name):
    from irc.lattice.types import FunctionValue

    return w.call(Const(FunctionValue(("Base",), "getproperty")), [x, Const(Sym(name))], ("Main",))


def test_getproperty_union_split(world):
    U = lambda text: ty(world, text)  # noqa: E731
    r = _getprop(world, U("Union{Nothing, Box2{Float64}}"), "a")
    assert r.rt == F and not r.diagnostics  # Nothing has no field: its case throws, silently
    assert _getprop(world, U("Union{Point, Box2{Float64}}"), "b").rt == I  # Point has no b
    assert _getprop(world, U("Union{Point, Tagged}"), "n").rt == T.INT32  # only Tagged has n
    assert _getprop(world, U("Union{Point, Box2{Int32}}"), "x").rt == I
    assert _getprop(world, U("Union{Box2{Int32}, Box2{Float64}}"), "a").rt == U("Union{Float64, Int32}")
    # every member throws: the call throws, and says so
    r = _getprop(world, U("Union{Nothing, Point}"), "zz")
    assert r.rt == BOTTOM and any(d.code == "always-throws" for d in r.diagnostics)


def test_getproperty_union_split_keeps_gaps(world):
    # a member irc cannot type (an abstract type's field) keeps the answer open: Any, not one member's type
    assert _getprop(world, ty(world, "Union{Nothing, Number}"), "a").rt == T.ANY


# -- rule 27.13: getindex of a tuple is getfield_tfunc (tuple.jl getindex(t::Tuple, i::Int), const-propagated)
def _getindex(w, *args):
    from irc.lattice.types import FunctionValue

    return w.call(Const(FunctionValue(("Base",), "getindex")), list(args), ("Main",)).rt


def test_tuple_getindex_constant_index(base):
    t = base.parse_type("Tuple{Int64, Float64, String}")
    assert [_getindex(base, t, Const(k)) for k in (1, 2, 3)] == [I, F, T.STRING]  # not one memoised answer
    assert _getindex(base, t, Const(4)) == BOTTOM and _getindex(base, t, Const(0)) == BOTTOM
    c = Const((Const(1), Const(2.5)), T.tuple_type([I, F]))
    assert _getindex(base, c, Const(2)) == Const(2.5)
    ps = PartialStruct(T.tuple_type([I, F]), (I, Const(2.5)))
    assert _getindex(base, ps, Const(2)) == Const(2.5) and _getindex(base, ps, Const(1)) == I


def test_tuple_getindex_unknown_index_merges_elements(base):
    assert _getindex(base, base.parse_type("Tuple{Int64, Float64, String}"), I) == \
        base.parse_type("Union{Float64, Int64, String}")
    assert _getindex(base, base.parse_type("Tuple{Int64, Vararg{Float64}}"), I) == base.parse_type("Union{Float64, Int64}")
    assert _getindex(base, base.parse_type("NTuple{3, Int64}"), I) == I
    # not a tuple, or not an Int64 index: the declarations answer as before
    assert _getindex(base, base.parse_type("Vector{Float64}"), Const(1)) == F


# -- rule 27.14: Core.invoke uses the method its signature names (abstract_invoke, findsup)
INVOKE_DECLS = """\
declare Main.h(::Number)::String
declare Main.h(::Int64)::Int64
declare Main.h(::Vector{T})::T where T
declare Main.h(::AbstractVector{T})::Tuple{T} where T
"""


@pytest.fixture(scope="module")
def hworld():
    return World.build(parse_text(INVOKE_DECLS, "h.ir").items, prelude=False)


def _invoke(w, f, types, *args):
    from irc.lattice.types import FunctionValue

    return w.call(Const(FunctionValue(("Core",), "invoke")),
                  [Const(FunctionValue(("Main",), f)), Const(w.parse_type(types))] + list(args), ("Main",)).rt


def test_invoke_takes_the_named_method(hworld):
    v = hworld.parse_type("Vector{Float64}")
    assert _invoke(hworld, "h", "Tuple{Number}", I) == T.STRING  # not h(::Int64), which dispatch picks
    assert _invoke(hworld, "h", "Tuple{Int64}", I) == I
    assert _invoke(hworld, "h", "Tuple{Real}", Const(1)) == T.STRING  # the most specific covering Real: h(::Number)
    assert _invoke(hworld, "h", "Tuple{AbstractVector{Float64}}", v) == T.tuple_type([F])
    assert _invoke(hworld, "h", "Tuple{Vector{Float64}}", v) == F


def test_invoke_bindings_come_from_the_arguments(hworld):
    # T of h(::AbstractVector{T}) is bound by typeintersect(types, argument types)
    assert _invoke(hworld, "h", "Tuple{AbstractVector{Int64}}", hworld.parse_type("Vector{Int64}")) == T.tuple_type([I])


def test_invoke_throws_or_is_unknown(hworld):
    assert _invoke(hworld, "h", "Tuple{Float64}", I) == BOTTOM  # the argument is no Float64
    assert _invoke(hworld, "h", "Tuple{Any}", I) == T.ANY  # no declaration covers Tuple{Any}
    assert _invoke(hworld, "nosuch", "Tuple{Int64}", I) == T.ANY
    from irc.lattice.types import FunctionValue
    # types not known exactly: Any; not a tuple type: Union{}
    assert hworld.call(Const(FunctionValue(("Core",), "invoke")), [Const(FunctionValue(("Main",), "h")), T.DATATYPE, I],
                       ("Main",)).rt == T.ANY
    assert _invoke(hworld, "h", "Int64", I) == BOTTOM


# -- rule 27.15: a union argument is split even when one declaration covers it (find_matching_methods)
SPLIT_DECLS = """\
declare Main.wrap(x::T)::Vector{T} where T
declare Main.two(::Any, ::T)::T where T
declare Main.isnum(x::Any)::Bool iff x isa Number
declare Main.big(x::Any)::Bool
"""


@pytest.fixture(scope="module")
def sworld():
    return World.build(parse_text(SPLIT_DECLS, "split.ir").items, prelude=False)


def _c(w, f, *args):
    from irc.lattice.types import FunctionValue

    return w.call(Const(FunctionValue(("Main",), f)), list(args), ("Main",))


def test_split_although_covered(sworld):
    U = sworld.parse_type
    assert _c(sworld, "wrap", U("Union{Nothing, Int64}")).rt == U("Union{Vector{Int64}, Vector{Nothing}}")
    assert _c(sworld, "wrap", U("Union{Float64, Int64}")).rt == U("Union{Vector{Float64}, Vector{Int64}}")
    # a second union argument: cost 4, still split, members merged in the split's order
    assert _c(sworld, "two", U("Union{Nothing, Int64}"), U("Union{Float64, String}")).rt == U("Union{Float64, String}")
    # a 4-member union costs 2 too: split, each case Vector{case}; tmerge widens four Vectors to `Vector`
    assert _c(sworld, "wrap", U("Union{Nothing, Int64, Float64, String}")).rt == U("Vector")
    # cost 8 > 4 (Union{A, B} x Union{C, D} x Union{E, F}): not split, the covering declaration answers
    assert _c(sworld, "two", U("Union{Nothing, Int64}"), U("Union{Nothing, Int32}")).rt == U("Union{Nothing, Int32}")


def test_split_keeps_the_refinement(sworld):
    U = sworld.parse_type
    r = _c(sworld, "isnum", U("Union{Nothing, Int64}"))
    assert r.rt == T.BOOL and r.cond == (0, I, N)
    r = _c(sworld, "isnum", U("Union{Float64, Int64}"))  # every case is a Number: no else branch
    assert r.cond == (0, U("Union{Float64, Int64}"), BOTTOM)
    assert _c(sworld, "big", U("Union{Nothing, Int64}")).cond is None  # no refinement declared, none made


# -- rule 27.19: NTuple{N, T} / Vararg{T} bind T against Tuple{Vararg{Int64}} (jl_subtype)
def test_vararg_tuple_binds_ntuple_element(sworld):
    from irc.lattice.subtype import match_signature

    U = sworld.parse_type
    sig = U("Tuple{NTuple{N, T}} where {N, T}")
    N_, T_ = sig.var, sig.body.var
    assert match_signature(U("Tuple{Tuple{Vararg{Int64}}}"), sig) == {T_: I}  # N left free: every length
    assert match_signature(U("Tuple{NTuple{3, Float64}}"), sig) == {N_: 3, T_: F}
    va = U("Tuple{Vararg{T}} where T")  # `f(xs::Vararg{T})` called with a splat of unknown length
    assert match_signature(U("Tuple{Vararg{Float64}}"), va) == {va.var: F}
    # a length the left does not fix cannot meet a fixed one, nor one bound by another argument
    assert match_signature(U("Tuple{Tuple{Vararg{Int64}}}"), U("Tuple{NTuple{3, T}} where T")) is None
    assert match_signature(U("Tuple{NTuple{2, Int64}, Tuple{Vararg{Int64}}}"),
                           U("Tuple{NTuple{N, T}, NTuple{N, T}} where {N, T}")) is None
    # extra fixed elements before the Vararg must be of T
    assert match_signature(U("Tuple{Tuple{Int64, Vararg{Int64}}}"), sig) == {T_: I}
    assert match_signature(U("Tuple{Tuple{Float64, Vararg{Int64}}}"), sig) is None


def test_vararg_tuple_call_has_no_leaked_variable(sworld):
    w = World.build(parse_text("declare Main.firstpair(::NTuple{N, T})::Tuple{T, Int64} where {N, T}\n", "n.ir").items,
                    prelude=False)
    r = _c(w, "firstpair", w.parse_type("Tuple{Vararg{Int64}}"))
    assert r.rt == T.tuple_type([I, I]) and not r.dynamic and not r.diagnostics


# -- rule 27.20: `declare @complete`: a case outside every method's domain has no method
COMPLETE_DECLS = """\
declare @complete Base.sin(::Union{Number, Missing, AbstractMatrix})
declare @foldable Base.sin(::Float64)::Float64
declare Base.sin(::Int64)::Float64
declare Base.tan(::Float64)::Float64
declare @complete Base.pick(::Union{Int64, String}, ::Any)
declare Base.pick(::Int64, ::Any)::Int64
"""


@pytest.fixture(scope="module")
def cworld():
    return World.build(parse_text(COMPLETE_DECLS, "c.ir").items, prelude=False)


def _f(w, module, name, *args):
    from irc.lattice.types import FunctionValue

    return w.call(Const(FunctionValue(module, name)), list(args), ("Main",))


def test_complete_domain_drops_cases_without_method(cworld):
    U = cworld.parse_type
    r = _f(cworld, ("Base",), "sin", U("Union{Float64, Int64, String}"))
    assert r.rt == F and [d.code for d in r.diagnostics] == ["no-matching-method"]
    assert _f(cworld, ("Base",), "sin", U("Union{Nothing, Float64}")).rt == F
    assert _f(cworld, ("Base",), "sin", T.STRING).rt == BOTTOM
    assert _f(cworld, ("Base",), "sin", U("Vector{Int64}")).rt == BOTTOM  # a vector is no matrix
    assert _f(cworld, ("Base",), "pick", T.STRING, I).rt == T.ANY  # in the domain, no declaration: open
    assert _f(cworld, ("Base",), "pick", F, I).rt == BOTTOM  # outside it (Base's functions are never closed)
    assert _f(cworld, ("Base",), "pick", U("Union{Float64, Int64}"), I).rt == I


def test_complete_domain_keeps_the_open_world_inside(cworld):
    U = cworld.parse_type
    # inside the domain but not covered: a method irc does not know may apply
    r = _f(cworld, ("Base",), "sin", T.FLOAT32)
    assert r.rt == T.ANY and [d.code for d in r.diagnostics] == ["unknown-method"]
    assert _f(cworld, ("Base",), "sin", U("Union{Float32, String}")).rt == T.ANY  # a gap stays a gap
    assert _f(cworld, ("Base",), "sin", T.ANY).rt == T.ANY
    # an unknown type meets every abstract type: never concluded to have no method
    assert _f(cworld, ("Base",), "sin", U("SMatrix{3, 3, Float64}")).rt == T.ANY
    # no `@complete` line: open world everywhere
    r = _f(cworld, ("Base",), "tan", T.STRING)
    assert r.rt == T.ANY and [d.code for d in r.diagnostics] == ["unknown-method"]


def test_prelude_arithmetic_domain_drops_pairs_without_method(base):
    """The prelude's `@complete` lines for +, - and * (Julia 1.10's methods take
    numbers, missing, arrays, chars, pointers; * also concatenates strings)."""
    U = base.parse_type
    plus, times = lambda *a: _f(base, ("Base",), "+", *a), lambda *a: _f(base, ("Base",), "*", *a)
    assert plus(F, U("Union{Nothing, Float64}")).rt == F  # Float64 + nothing: no method, the case drops
    assert _f(base, ("Base",), "-", U("Union{Float64, String}"), F).rt == F
    assert times(F, U("Union{Float64, Int64, String}")).rt == F  # Float64 * String: no method
    assert plus(F, T.STRING).rt == BOTTOM
    assert times(T.STRING, T.STRING).rt != BOTTOM  # concatenation: inside the domain
    assert plus(F, T.ANY).rt == T.ANY  # open
    assert plus(F, U("SMatrix{3, 3, Float64}")).rt == T.ANY  # a type irc does not know is never outside
    assert plus(T.NOTHING).rt != BOTTOM and plus(T.NOTHING, T.NOTHING, T.NOTHING).rt != BOTTOM  # other arities open


def test_complete_declaration_reads_and_prints():
    from irc.output.fmt import format_item

    items = parse_text("declare @complete Base.cos(::Union{Number, Missing}, ::T) where T<:Real\n", "d.ir").items
    (d,) = [it for it in items if type(it).__name__ == "MethodDecl"]
    assert d.complete and d.result is None and not d.foldable
    assert format_item(d) == "declare @complete Base.cos(::Union{Number, Missing}, ::T) where T<:Real\n"


# -- rule 27.2.I: `length` of a fixed-length tuple is constant (tuple.jl `length(t::Tuple) = nfields(t)`)
def test_tuple_length_is_nfields(base):
    from irc.lattice.types import FunctionValue

    def length(t):
        return base.call(Const(FunctionValue(("Base",), "length")), [base.parse_type(t) if isinstance(t, str) else t],
                         ("Main",)).rt

    assert length("NTuple{4, Int64}") == Const(4)
    assert length("Tuple{Int64, String}") == Const(2)
    assert length("Tuple{}") == Const(0)
    assert length(PartialStruct(T.tuple_type([I, I]), (I, Const(2)))) == Const(2)
    assert length("Tuple{Vararg{Int64}}") == I  # no fixed length: the declaration's Int64
    assert length("Tuple{Int64, Vararg{Int64}}") == I
    assert length("Vector{Int64}") == I  # no tuple


# -- rule 27.2.J: `Tuple(itr)` (tuple.jl `_totuple`)
def test_tuple_of_an_iterable(base):
    def tup(t):
        return show(base.call(Const(T.TUPLE_ANY), [base.parse_type(t) if isinstance(t, str) else t], ("Main",)).rt)

    assert tup("Vector{Float64}") == "Tuple{Vararg{Float64}}"  # (collect(itr)...,)
    assert tup("UnitRange{Int64}") == "Tuple{Vararg{Int64}}"
    assert tup("Base.Generator{UnitRange{Int64}, typeof(identity)}") == "Tuple{Vararg{Int64}}"  # (i for i in r)
    assert tup("String") == "Tuple{Vararg{Char}}"
    assert tup("Tuple{Int64, String}") == "Tuple{Int64, String}"  # a tuple is itself
    assert tup(Const((1, 2.5))) == "Core.Const((1, 2.5))"
    assert tup("Float64") == "Tuple{Float64}"  # `_totuple(::Type{Tuple}, x::Number) = (x,)`
    assert tup(Const(3)) == "Core.Const((3,))"
    assert tup("Union{Int64, Vector{Int64}}") == "Tuple{Vararg{Int64}}"  # split, merged
    assert tup("Any") == "Tuple"  # the elements of an unknown iterable are Any
    assert tup("Base.Generator{UnitRange{Int64}, typeof(sin)}") == "Tuple"  # f's results are not modelled


# -- getfield / getglobal of a module's global (tfuncs.jl `getfield_tfunc`, `getglobal_tfunc` →
#    abstractinterpretation.jl `abstract_eval_global`)
def test_getfield_and_getglobal_of_a_module_global():
    from irc.lattice.typeprint import show
    from irc.lattice.types import FunctionValue, ModuleValue, Sym

    w = World.build(parse_text("const Main.c = 3\nglobal Main.g::Float64\n", "g.ir").items)
    M = Const(ModuleValue(("Main",)))
    for name in ("getfield", "getglobal"):
        f = Const(FunctionValue(("Core",), name))
        assert w.call(f, [M, Const(Sym("c"))], ("Main",)).rt == Const(3)
        assert show(w.call(f, [M, Const(Sym("g"))], ("Main",)).rt) == "Float64"
        r = w.call(f, [M, Const(Sym("nosuch"))], ("Main",))  # unknown: Any and a note, never Union{}
        assert r.rt == T.ANY and [d.code for d in r.diagnostics] == ["unknown-global"]
        assert w.call(f, [M, Const(1)], ("Main",)).rt == BOTTOM  # a module has no field 1
    gg = Const(FunctionValue(("Core",), "getglobal"))
    assert w.call(gg, [T.MODULE, T.SYMBOL], ("Main",)).rt == T.ANY  # not constant: any global
    assert w.call(gg, [I, T.SYMBOL], ("Main",)).rt == BOTTOM  # no module


def test_a_type_declared_without_a_supertype_is_never_outside_a_domain():
    """`irc stubs` declares a package type it knows only by name as `abstract type SMatrix{T1, T2, T3} end`:
    it may be an array, so `SMatrix * SVector` is open (`Any` and a note), never `Union{}` (a real
    paste: Julia printed `Any`).  A stated supertype is taken at its word."""
    w = World.build(parse_text("abstract type SMatrix{T1, T2, T3} end\nstruct P\n    x::Int64\nend\n"
                               "abstract type Stated <: Any end\n", "s.ir").items)
    U = w.parse_type
    times = lambda *a: _f(w, ("Base",), "*", *a)  # noqa: E731
    assert times(U("SMatrix{3, 3, Float64}"), F).rt == T.ANY
    assert _f(w, ("Base",), "+", F, U("P")).rt == T.ANY
    assert _f(w, ("Base",), "+", F, U("Union{Nothing, P}")).rt == T.ANY  # the open case keeps the call open
    assert _f(w, ("Base",), "+", F, U("Stated")).rt == BOTTOM  # `<: Any` said: no method takes it
    assert _f(w, ("Base",), "+", F, T.NOTHING).rt == BOTTOM


def test_namedtuple_of_a_non_concrete_tuple_is_the_unionall():
    """boot.jl `NamedTuple{names}(args::Tuple) = NamedTuple{names, typeof(args)}(args)`: for a tuple
    type that is not concrete `typeof(args)` is `Type{<:T}` (typeof_tfunc), so apply_type gives
    `NamedTuple{names, <:T}` -- what Julia prints for `(a = x, b = y)` with `x::Any`."""
    from irc.cli.driver import Options, analyse
    from irc.lattice.typeprint import show

    src = ("function f(x, y::Int64)\n1 ─ %1 = Core.apply_type(Core.NamedTuple, (:a, :b))\n"
           "│   %2 = Core.tuple(x, y)\n│   %3 = (%1)(%2)\n│   %4 = Core.tuple(y, y)\n│   %5 = (%1)(%4)\n"
           "│   %6 = Core.tuple(%3, %5)\n└──      return %6\nend\n")
    ((_, r),) = analyse("nt.ir", src, Options()).results
    assert show(r.ssa_types[3]) == "NamedTuple{(:a, :b), <:Tuple{Any, Int64}}"
    assert show(r.ssa_types[5]) == "@NamedTuple{a::Int64, b::Int64}"
