"""Builtins and intrinsics (Julia's tfuncs, base/compiler/tfuncs.jl) with constant folding."""
import pytest

from irc.lattice import typetable as T

from irc.lattice import subtype as ST
from irc.world.fold import fold_call
from irc.world.tfuncs import egal_tfunc, getfield_tfunc, tuple_tfunc, wrap_int
from irc.lattice.typelattice import BOOL, FALSE, TRUE, Const, PartialStruct, StructValue
from irc.lattice.types import BOTTOM, DataType, FunctionValue, ModuleValue, Sym, VarargType
from irc.lattice.typeprint import show
from irc.world.world import World

I, F, N = T.INT64, T.FLOAT64, T.NOTHING
UR = DataType(T.UNITRANGE_NAME, (I,))


@pytest.fixture(scope="module")
def world():
    return World.build([], prelude=False)


def call(world, module, name, *args):
    return world.call(Const(FunctionValue(module, name)), list(args), ("Main",))


# -- egal_tfunc
def test_egal():
    assert egal_tfunc(Const(1), Const(1)) == TRUE
    assert egal_tfunc(Const(1), Const(2)) == FALSE
    assert egal_tfunc(I, F) == FALSE  # disjoint types
    assert egal_tfunc(I, I) == BOOL
    assert egal_tfunc(Const(None), N) == TRUE  # singleton


def test_egal_condition_on_constant(world):
    r = call(world, ("Core",), "===", ST.union(N, T.tuple_type([I, I])), Const(None))
    assert r.rt == BOOL
    assert r.cond == (0, Const(None), T.tuple_type([I, I]))  # then: the constant; else: minus its singleton type
    r = call(world, ("Core",), "===", I, Const(1))
    assert r.cond == (0, Const(1), I)  # not a singleton: the else branch keeps Int64
    r = call(world, ("Base",), "!==", ST.union(N, I), Const(None))
    assert r.cond == (0, I, Const(None))


# -- isa_tfunc
def test_isa(world):
    r = call(world, ("Core",), "isa", ST.union(N, I), Const(I))
    assert r.rt == BOOL and r.cond == (0, I, N)
    assert call(world, ("Core",), "isa", I, Const(T.NUMBER)).rt == TRUE
    assert call(world, ("Core",), "isa", I, Const(F)).rt == FALSE
    assert call(world, ("Core",), "isa", T.NUMBER, Const(I)).rt == BOOL


def test_typeof_and_subtype(world):
    assert call(world, ("Core",), "typeof", I).rt == Const(I)
    assert call(world, ("Core",), "typeof", Const(1.0)).rt == Const(F)
    assert call(world, ("Core",), "typeof", Const(I)).rt == Const(T.DATATYPE)
    assert call(world, ("Core",), "<:", Const(I), Const(T.NUMBER)).rt == TRUE


# -- getfield_tfunc
def test_getfield():
    tt = T.tuple_type([I, F])
    assert getfield_tfunc(tt, Const(1)) == I
    assert getfield_tfunc(tt, Const(2)) == F
    assert getfield_tfunc(tt, Const(3)) == BOTTOM
    assert show(getfield_tfunc(tt, I)) == "Union{Float64, Int64}"
    assert getfield_tfunc(UR, Const(Sym("start"))) == I
    assert getfield_tfunc(UR, Const(Sym("nope"))) == BOTTOM
    ps = PartialStruct(UR, (Const(1), I))
    assert getfield_tfunc(ps, Const(1)) == Const(1)
    c = Const((Const(1), Const(2.5)))
    assert getfield_tfunc(c, Const(2)) == Const(2.5)
    assert getfield_tfunc(Const(ModuleValue(("Main",))), Const(Sym("x"))) == T.ANY
    assert getfield_tfunc(ST.union(T.tuple_type([I]), T.tuple_type([F])), Const(1)) == ST.union(I, F)



def test_getfield_with_a_name_that_is_not_constant():
    """1.10 `_getfield_tfunc(::JLTypeLattice)`: a name that is not constant gives the tmerge of every
    field's type (one field: its type), `Union{}` unless `Int <: name || Symbol <: name` (a tuple's
    index must meet `Int`); `(::ConstsLattice)`: a constant object asks its type, not its values."""
    from irc.syntax.parser import parse_text
    world = World.build(parse_text("struct Foo{T}\n    a::T\n    b::Int64\nend\nstruct Box\n    v::Real\nend\n"
                                   "abstract type Opaque end\n", "decls.ir").items, prelude=False)
    foo = world.parse_type("Main.Foo{Float64}")
    assert show(getfield_tfunc(foo, T.SYMBOL)) == "Union{Float64, Int64}"  # h300's `getfield(x, f)`
    assert show(getfield_tfunc(foo, T.ANY)) == "Union{Float64, Int64}"
    assert show(getfield_tfunc(foo, world.parse_type("Integer"))) == "Union{Float64, Int64}"
    assert getfield_tfunc(foo, T.STRING) == BOTTOM
    assert getfield_tfunc(foo, world.parse_type("Int32")) == BOTTOM
    assert getfield_tfunc(foo, BOOL) == BOTTOM  # `Int <: Bool` fails too
    box = world.parse_type("Main.Box")
    assert show(getfield_tfunc(box, T.SYMBOL)) == "Real"  # `nf == 1`
    assert show(getfield_tfunc(Const(StructValue(box, (Const(1),)), box), T.SYMBOL)) == "Real"  # not Int64
    tt = T.tuple_type([I, F])
    assert getfield_tfunc(tt, T.SYMBOL) == BOTTOM  # `!hasintersect(widenconst(name), Int)`
    assert show(getfield_tfunc(Const((Const(1), Const(2.5))), I)) == "Union{Float64, Int64}"
    # a type irc does not know whole: unknown, not impossible
    assert getfield_tfunc(world.parse_type("Main.Opaque"), T.SYMBOL) == T.ANY  # abstract: `isabstracttype(s) && return Any`
    assert getfield_tfunc(world.parse_type("Main.Nope{Float64}"), T.STRING) == T.ANY  # a name irc does not know

def test_tuple_tfunc():
    assert tuple_tfunc([Const(1), Const(2)]) == Const((Const(1), Const(2)))
    assert show(tuple_tfunc([Const(1), I])) == "Core.PartialStruct(Tuple{Int64, Int64}, Any[Core.Const(1), Int64])"
    assert tuple_tfunc([I, F]) == T.tuple_type([I, F])
    # tuple_tfunc (1.10): a Type{T} element makes the tuple's parameter DataType, and a field
    # with only trivial constant information is kept widened
    assert show(tuple_tfunc([I, Const(F)])) == "Core.PartialStruct(Tuple{Int64, DataType}, Any[Int64, Type{Float64}])"


def test_throw_and_typeassert_and_ifelse(world):
    assert call(world, ("Core",), "throw", Const(1)).rt == BOTTOM
    assert call(world, ("Base",), "throw", I).rt == BOTTOM
    assert call(world, ("Core",), "typeassert", ST.union(I, N), Const(I)).rt == I
    assert call(world, ("Core",), "typeassert", F, Const(I)).rt == BOTTOM
    assert call(world, ("Core",), "ifelse", Const(True), Const(1), Const(2)).rt == Const(1)
    assert show(call(world, ("Core",), "ifelse", BOOL, Const(1), Const(2.0)).rt) == "Union{Float64, Int64}"


def test_apply_type_and_setfield(world):
    r = call(world, ("Core",), "apply_type", Const(T.BUILTIN_BINDINGS["Vector"]), Const(I))
    assert r.rt == Const(T.vector(I))
    ref = DataType(T.REFVALUE_NAME, (I,))
    assert call(world, ("Core",), "setfield!", ref, Const(Sym("x")), Const(3)).rt == Const(3)
    assert call(world, ("Core",), "setfield!", UR, Const(Sym("start")), Const(3)).rt == BOTTOM  # immutable
    assert call(world, ("Core",), "nfields", Const((Const(1), Const(2)))).rt == Const(2)


# -- intrinsics: wrap-around, IEEE, comparisons, conversions
@pytest.mark.parametrize("module", [("Base",), ("Core",), ("Core", "Intrinsics")])
def test_intrinsics_fold(world, module):
    assert call(world, module, "add_int", Const(2**63 - 1), Const(1)).rt == Const(-2**63)
    assert call(world, module, "mul_int", Const(3), Const(4)).rt == Const(12)
    assert call(world, module, "sub_int", I, Const(1)).rt == I
    assert call(world, module, "slt_int", Const(1), Const(2)).rt == TRUE
    assert call(world, module, "not_int", Const(True, T.BOOL)).rt == FALSE
    assert call(world, module, "add_float", Const(0.1), Const(0.2)).rt == Const(0.1 + 0.2)
    assert call(world, module, "div_float", Const(1.0), Const(0.0)).rt == Const(float("inf"))
    assert call(world, module, "sitofp", Const(F), Const(3)).rt == Const(3.0)
    assert call(world, module, "fptosi", Const(I), Const(3.0)).rt == Const(3)
    assert call(world, module, "ult_int", Const(-1), Const(1)).rt == FALSE  # -1 is 0xff…ff unsigned
    assert call(world, module, "lshr_int", Const(-1), Const(60)).rt == Const(15)
    assert call(world, module, "ashr_int", Const(-16), Const(2)).rt == Const(-4)
    assert call(world, module, "trunc_int", Const(T.UINT8), Const(257)).rt == Const(1, T.UINT8)
    assert call(world, module, "sdiv_int", Const(1), Const(0)).rt == I  # would throw: not folded
    r = call(world, module, "checked_sadd_int", Const(2**63 - 1), Const(1)).rt
    assert r == Const((Const(-2**63), Const(True)), T.tuple_type([I, T.BOOL]))
    assert call(world, module, "arraylen", T.vector(I)).rt == I


def test_wrap_int():
    assert wrap_int(256, T.UINT8) == 0
    assert wrap_int(128, T.INT8) == -128
    assert wrap_int(3, T.BOOL) is True


# -- @foldable arithmetic with Julia semantics
def test_fold_call():
    assert fold_call("+", [Const(1), Const(2)], I) == Const(3)
    assert fold_call("*", [Const(2**62), Const(4)], I) == Const(0)  # Int64 wrap-around
    assert fold_call("/", [Const(1), Const(2)], F) == Const(0.5)
    assert fold_call("div", [Const(-7), Const(2)], I) == Const(-3)  # truncation
    assert fold_call("rem", [Const(-7), Const(2)], I) == Const(-1)
    assert fold_call("mod", [Const(-7), Const(2)], I) == Const(1)
    assert fold_call("<", [Const(1), Const(2.5)], T.BOOL) == TRUE
    assert fold_call("+", [Const(1), Const(2.0)], F) == Const(3.0)
    assert fold_call("^", [Const(2), Const(10)], I) == Const(1024)


def test_fold_that_throws_is_bottom():
    """Rule 6 (concrete_eval_call): Julia's evaluation throws -> Union{}; IEEE
    results Python refuses are Julia's values; what irc cannot fold is None."""
    throws = [("div", [Const(1), Const(0)], I), ("rem", [Const(1), Const(0)], I), ("mod", [Const(5), Const(0)], I),
              ("fld", [Const(1), Const(0)], I), ("div", [Const(-2**63), Const(-1)], I),
              ("^", [Const(2), Const(-1)], I), ("sqrt", [Const(-1.0)], F), ("log", [Const(-1.0)], F),
              ("acos", [Const(2.0)], F), ("sin", [Const(float("inf"))], F), ("^", [Const(-8.0), Const(0.5)], F),
              ("convert", [Const(T.INT8), Const(300)], T.INT8), ("convert", [Const(I), Const(1.5)], I)]
    for name, args, rt in throws:
        assert fold_call(name, args, rt) == BOTTOM, (name, args)
    assert fold_call("rem", [Const(-2**63), Const(-1)], I) == Const(0)  # rem by -1 does not throw
    assert fold_call("^", [Const(-1), Const(-3)], I) == Const(-1)
    assert fold_call("log", [Const(0.0)], F) == Const(float("-inf"))
    assert fold_call("exp", [Const(1000.0)], F) == Const(float("inf"))
    assert fold_call("^", [Const(0.0), Const(-1.0)], F) == Const(float("inf"))
    assert fold_call("rem", [Const(1.0), Const(0.0)], F) == Const(float("nan"))
    assert fold_call("sqrt", [Const(-0.0)], F) == Const(-0.0)
    assert fold_call("max", [Const(1.0), Const(float("nan"))], F) == Const(float("nan"))
    assert fold_call("min", [Const(0.0), Const(-0.0)], F) == Const(-0.0)
    assert fold_call("isless", [Const(-0.0), Const(0.0)], T.BOOL) == TRUE


def test_constructors_and_new(world):
    assert world.call(Const(F), [Const(1)], ("Main",)).rt == Const(1.0)
    assert world.call(Const(I), [Const(1.5)], ("Main",)).rt == BOTTOM  # InexactError: the call throws
    assert world.call(Const(T.INT8), [Const(300)], ("Main",)).rt == BOTTOM
    assert world.call(Const(T.INT8), [Const(-3)], ("Main",)).rt == Const(-3, T.INT8)
    assert world.call(Const(T.METHODERROR), [I, I], ("Main",)).rt == T.METHODERROR
    assert world.call(Const(T.BUILTIN_BINDINGS["UnitRange"]), [I, I], ("Main",)).rt == UR
    assert world.new(Const(UR), [Const(1), I]) == PartialStruct(UR, (Const(1), I))
    assert world.new(Const(UR), [Const(1), Const(2)]) == Const(StructValue(UR, (Const(1), Const(2))), UR)
    assert world.new(Const(UR), [I, I]) == UR


def test_apply_iterate_splats_known_tuples():
    w = World.build([])
    it = Const(FunctionValue(("Base",), "iterate"))
    plus = Const(FunctionValue(("Base",), "+"))
    r = call(w, ("Core",), "_apply_iterate", it, plus, Const((Const(1), Const(2))))
    assert r.rt == Const(3)  # +(1, 2) folds
    r = call(w, ("Core",), "_apply_iterate", it, plus, T.tuple_type([I, F]))
    assert r.rt == F
    assert call(w, ("Core",), "_apply_iterate", it, plus, T.vector(I)).rt == T.ANY


def test_call_never_raises_on_any_arguments():
    """Every builtin, intrinsic and prelude function accepts any lattice arguments
    without raising (an internal error would stop the whole file)."""
    from hypothesis import given, settings, strategies as st

    from budget import examples

    from irc.world.tfuncs import BUILTINS, INTRINSICS
    from lattice_strategies import elements

    w = World.build([])
    funcs = ([Const(FunctionValue(("Core",), n)) for n in BUILTINS]
             + [Const(FunctionValue(("Core", "Intrinsics"), n)) for n in INTRINSICS]
             + [Const(FunctionValue(tuple(q.split(".")[:-1]), q.split(".")[-1])) for q in sorted(w.methods)][:400]
             + [Const(T.INT64), Const(T.BUILTIN_BINDINGS["UnitRange"]), T.ANY, Const(1)])

    @settings(max_examples=examples(400), deadline=None)
    @given(st.sampled_from(funcs), st.lists(elements, max_size=4))
    def run(f, args):
        r = w.call(f, args, ("Main",))
        assert r.rt is not None

    run()


def test_get_binding_type():
    from irc.syntax.parser import parse_text

    w = World.build(parse_text("global Main.counter::Int64\n", "g.ir").items, prelude=False)
    m = Const(ModuleValue(("Main",)))
    assert call(w, ("Core",), "get_binding_type", m, Const(Sym("counter"))).rt == Const(I)
    assert call(w, ("Core",), "get_binding_type", m, Const(Sym("other"))).rt == Const(T.ANY)


# -- Julia 1.10 rules of issue 15 (docs/semantics.md §9)
def test_folded_isa_and_egal_keep_a_condition(world):
    """Rule 3: a test that folds still refines its argument (one branch Union{})."""
    r = call(world, ("Core",), "isa", I, Const(I))
    assert r.rt == TRUE and r.cond == (0, I, BOTTOM)
    r = call(world, ("Core",), "===", I, Const(None))
    assert r.rt == FALSE and r.cond == (0, BOTTOM, I)
    r = call(world, ("Core",), "===", ST.union(N, I), ST.union(N, I))  # slot === slot: the second one first
    assert r.rt == BOOL and r.cond[0] == 1 and r.cond_alts[-1] == (0, ST.union(N, I), ST.union(N, I))
    r = call(world, ("Base",), "!==", I, Const(None))
    assert r.rt == TRUE and r.cond == (0, I, BOTTOM)


def test_apply_type_with_an_unknown_parameter(world):
    """Rule 5: `apply_type_tfunc` makes a fresh variable for an uncertain parameter."""
    vec = T.BUILTIN_BINDINGS["Vector"]
    assert show(call(world, ("Core",), "apply_type", Const(vec), T.DATATYPE).rt) == "Type{Vector{_A}} where _A"
    assert show(call(world, ("Core",), "apply_type", Const(T.BUILTIN_BINDINGS["Dict"]), T.DATATYPE, T.DATATYPE).rt) \
        == "Type{Dict{_A, _B}} where {_A, _B}"
    assert show(call(world, ("Core",), "apply_type", Const(T.TUPLE_ANY), T.ANY).rt) == "Type{<:Tuple}"
    assert call(world, ("Core",), "apply_type", Const(vec), Const(I)).rt == Const(T.vector(I))
    assert call(world, ("Core",), "apply_type", Const(I), Const(I)).rt == BOTTOM  # not parametric: throws
    assert call(world, ("Core",), "apply_type", Const(T.UNION_KIND)).rt == Const(BOTTOM)


def test_apply_type_keeps_a_where_argument_s_variables_renamed_apart_and_limits_their_depth(world):
    """tfuncs.jl v1.10.0 `apply_type_tfunc`: a non-constant `Type{X} where vars` parameter puts X
    itself in the type and its variables outside (`Set{Mer{…, _A}}`, never a fresh `_A` for the
    whole: Julia <= 1.9's answer); a variable named like one already gathered is renamed apart
    (`rename_unionall`); an argument under more than 3 `where`s is its type's wrapper (and a
    non-data type `Any`: a fresh `_A`) -- the three asserts of Julia's test/compiler/inference.jl
    (#49167) up to the names of the variables."""
    from irc.lattice.types import TypeVar, UnionAllType

    ap = lambda *xs: show(call(world, ("Core",), "apply_type", *xs).rt)  # noqa: E731
    A = TypeVar("_A")
    vec_a = UnionAllType(A, T.type_of_type(T.vector(A)))  # Type{Vector{_A}} where _A
    pair, val, st = T.BUILTIN_BINDINGS["Pair"], T.BUILTIN_BINDINGS["Val"], T.BUILTIN_BINDINGS["Set"]
    assert ap(Const(st), vec_a) == "Type{Set{Vector{_A}}} where _A"
    assert ap(Const(pair), vec_a, vec_a) == "Type{Pair{Vector{_A}, Vector{_A1}}} where {_A, _A1}"
    assert ap(Const(st), T.ANY) == "Type{Set{_A}} where _A"  # not a type: a fresh variable
    vs = [TypeVar(n) for n in "ABCDE"]
    deep = DataType(pair.body.body.name, (vs[0], vs[1]))
    for v in vs[2:]:
        deep = DataType(deep.name, (deep, v))
    deep_t = T.type_of_type(deep)
    for v in reversed(vs):
        deep_t = UnionAllType(v, deep_t)
    assert ap(Const(val), deep_t) == "Type{Val{Pair{A, B}}} where {A, B}"
    union_t = T.type_of_type(ST.union(I, deep))  # Type{Union{Int64, Pair{…}}} where {A, B, C, D, E}
    for v in reversed(vs):
        union_t = UnionAllType(v, union_t)
    assert ap(Const(val), union_t) == "Type{Val{_A}} where _A"
    one = UnionAllType(vs[0], UnionAllType(vs[1], T.type_of_type(DataType(deep.name, (vs[0], vs[1])))))
    assert ap(Const(pair), one, deep_t) == "Type{Pair{Pair{A, B}, Pair{A1, B1}}} where {A, B, A1, B1}"
    assert ap(Const(st), T.type_of_type(I)) == "Core.Const(Set{Int64})"  # exact arguments: unchanged


def test_typeof_follows_typeof_tfunc(world):
    """Rule 5: `typeof(::Any)` is `DataType`; non-abstract `where`s and length-only vararg tuples."""
    ty = lambda x: show(call(world, ("Core",), "typeof", x).rt)  # noqa: E731
    assert ty(T.ANY) == "DataType"
    assert ty(T.INTEGER) == "Type{<:Integer}"
    assert ty(T.BUILTIN_BINDINGS["Vector"]) == "Type{Vector{T}} where T"
    assert ty(T.tuple_type([I, VarargType(I)])) == "Type{Tuple{Int64, Vararg{Int64, N}}} where N"
    assert ty(Const(BOTTOM)) == "Core.Const(Core.TypeofBottom)"
    assert ty(T.type_of_type(BOTTOM)) == "Core.Const(Core.TypeofBottom)"
    assert ty(ST.union(I, N)) == "Union{Type{Int64}, Type{Nothing}}"


def test_nfields_and_sizeof_from_the_layout(world):
    """Rule 5: `nfields` is a constant for non-abstract tuples and structs,
    `sizeof` the x86_64 layout size."""
    nf = lambda x: call(world, ("Core",), "nfields", x).rt  # noqa: E731
    sz = lambda x: call(world, ("Core",), "sizeof", x).rt  # noqa: E731
    assert nf(T.tuple_type([T.INTEGER, T.INTEGER])) == Const(2)
    assert nf(ST.union(T.tuple_type([I]), T.tuple_type([I, I]))) == I
    assert nf(T.REAL) == I and nf(Const(FunctionValue(("Base",), "sin"))) == Const(0)
    assert sz(T.INT16) == Const(2) and sz(Const(T.INT16)) == Const(2)
    assert sz(Const(T.tuple_type([I, I]))) == Const(16) and sz(T.tuple_type([T.INT8, I])) == Const(16)
    assert sz(Const(T.tuple_type([N]))) == Const(0) and sz(Const("abc")) == Const(3)
    assert sz(T.STRING) == I and sz(Const(T.NUMBER)) == I


def test_isdefined_on_a_union_refines(world):
    """Rule 9a: `Core.isdefined` on a union-typed argument forms a condition
    from the members `isdefined_tfunc` answers true / false for."""
    some = DataType(T.SOME_NAME, (I,))
    r = call(world, ("Core",), "isdefined", ST.union(N, some), Const(Sym("value")))
    assert r.rt == BOOL and r.cond == (0, some, N)
    assert call(world, ("Core",), "isdefined", some, Const(Sym("value"))).rt == TRUE
    assert call(world, ("Core",), "isdefined", some, Const(Sym("nope"))).rt == FALSE
    assert call(world, ("Core",), "isdefined", T.BOX, Const(Sym("contents"))).rt == BOOL  # Core.Box() leaves it


def test_apply_iterate_splats_iterables():
    """Rule 4: arrays splat as `Vararg{eltype}`, other iterables through the
    iteration protocol, unions of tuples split."""
    w = World.build([])
    it = Const(FunctionValue(("Base",), "iterate"))
    tup = Const(FunctionValue(("Core",), "tuple"))
    r = call(w, ("Core",), "_apply_iterate", it, tup, T.vector(I))
    assert show(r.rt) == "Tuple{Vararg{Int64}}"
    assert show(call(w, ("Core",), "_apply_iterate", it, tup, T.STRING).rt) == "Tuple{Vararg{Char}}"
    assert show(call(w, ("Core",), "_apply_iterate", it, tup, Const((Const(1),)), T.vector(F)).rt) \
        == "Core.PartialStruct(Tuple{Int64, Vararg{Float64}}, Any[Core.Const(1), Vararg{Float64}])"
    u = ST.union(T.tuple_type([I]), T.tuple_type([I, F]))
    r = call(w, ("Core",), "_apply_iterate", it, tup, u)  # split: two calls, merged
    assert show(r.rt) == "Union{Tuple{Int64}, Tuple{Int64, Float64}}"
    assert call(w, ("Core",), "_apply_iterate", it, T.ANY, T.vector(I)).rt == T.ANY  # unknown callee type
