"""`Core.Compiler.return_type` / `Base._return_type` (irc.world.returntype, rule 27.2.AC): Julia's
`return_type_tfunc` (base/compiler/tfuncs.jl v1.10.0) with the inner call typed by irc's own call
machinery.  Each branch of the tfunc on inputs that reach it; a call irc cannot type is `Type`
(Julia's UNKNOWN) with the call's note, never `Const(Any)`."""
import pytest

from irc.lattice import typetable as T
from irc.lattice.typelattice import Const
from irc.lattice.types import FunctionValue
from irc.lattice.typeprint import show
from irc.syntax.parser import parse_expr, parse_text
from irc.world.world import World

M = ("Main",)
DECLS = """\
declare Main.maybe(::Int64)::Union{Nothing, Int64}
declare Main.anyof(::Int64)::Any
declare Main.number(::Float64)::Number
"""


@pytest.fixture(scope="module")
def world():
    return World.build(parse_text(DECLS, "decls.ir").items, prelude=True)


def rt(world, *args, f="Base._return_type"):
    fv = world.value_of(parse_expr(f), M)
    vals = [world.value_of(parse_expr(a), M) if a[:1].islower() or a.startswith(("Base.", "Main.")) and "{" not in a
            else Const(world.parse_type(a)) for a in args]
    return world.call(fv, vals, M)


def test_base_return_type_is_the_compiler_function(world):
    assert show(world.value_of(parse_expr("Base._return_type"), M)) == "Core.Const(Core.Compiler.return_type)"


@pytest.mark.parametrize("f", ["Base._return_type", "Core.Compiler.return_type"])
def test_a_concrete_result_is_the_constant_type(world, f):
    assert rt(world, "Base.sin", "Tuple{Float64}", f=f).rt == Const(T.FLOAT64)
    assert rt(world, "Tuple{typeof(sin), Float64}", f=f).rt == Const(T.FLOAT64)  # the one-argument form


def test_a_constant_result_is_the_type_of_the_constant(world):
    assert rt(world, "Base.zero", "Tuple{Int64}").rt == Const(T.INT64)  # `zero(::Int64)` is `Core.Const(0)`


def test_a_non_concrete_result_of_exactly_known_arguments_is_a_constant_too(world):
    assert show(rt(world, "Main.maybe", "Tuple{Int64}").rt) == "Core.Const(Union{Nothing, Int64})"
    assert show(rt(world, "Main.number", "Tuple{Float64}").rt) == "Core.Const(Number)"
    assert show(rt(world, "Main.anyof", "Tuple{Int64}").rt) == "Core.Const(Any)"  # declared Any: Julia's Any


def test_a_tuple_type_that_is_bottom_or_empty_is_the_unknown_answer(world):
    # `Tuple{Union{}}` is `Union{}` (no DataType); `return_type(Tuple{})` calls `Union{}`, no callee
    assert show(rt(world, "Base.sin", "Tuple{Union{}}").rt) == "Type"
    assert show(rt(world, "Tuple{}").rt) == "Type"


@pytest.mark.parametrize("args", [("Base.sin", "Int64"), ("Base.sin",), ("Base.sin", "Tuple{Float64}", "Int64")])
def test_no_constant_tuple_type_is_the_unknown_answer(world, args):
    assert show(rt(world, *args).rt) == "Type"


def test_a_call_irc_cannot_type_is_type_with_its_note_never_const_any(world):
    fv = world.value_of(parse_expr("Base._return_type"), M)
    r = world.call(fv, [Const(FunctionValue(M, "nowhere")), Const(world.parse_type("Tuple{Int64}"))], M)
    assert show(r.rt) == "Type" and r.gap
    assert any("nowhere" in getattr(n, "message", str(n)) for n in r.diagnostics)
