"""Builtins and intrinsics (Julia's tfuncs, base/compiler/tfuncs.jl) with constant folding."""
import pytest

from irc.lattice import typetable as T

from irc.lattice import subtype as ST
from irc.world.fold import fold_call
from irc.world.tfuncs import egal_tfunc, getfield_tfunc, tuple_tfunc, wrap_int
from irc.lattice.typelattice import BOOL, FALSE, TRUE, Const, PartialStruct, StructValue
from irc.lattice.types import BOTTOM, DataType, FunctionValue, ModuleValue, Sym
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

    from irc.world.tfuncs import BUILTINS, INTRINSICS
    from lattice_strategies import elements

    w = World.build([])
    funcs = ([Const(FunctionValue(("Core",), n)) for n in BUILTINS]
             + [Const(FunctionValue(("Core", "Intrinsics"), n)) for n in INTRINSICS]
             + [Const(FunctionValue(tuple(q.split(".")[:-1]), q.split(".")[-1])) for q in sorted(w.methods)][:400]
             + [Const(T.INT64), Const(T.BUILTIN_BINDINGS["UnitRange"]), T.ANY, Const(1)])

    @settings(max_examples=400, deadline=None)
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
