"""Methods of callable objects (rule 27.2.AB): `declare (::T)(args…)::R` is a method whose
signature is `Tuple{T, args…}`, and a call whose callee is an instance of `T` is dispatched on
`(callee, args…)` (abstractinterpretation.jl v1.10.0 `abstract_call_unknown` ->
`abstract_call_gf_by_type`).  A concrete declared type with no such method: `Any`, a gap, with
the declaration to add; a type meeting `Builtin`, or not a data type: irc's plain `Any`."""
import pytest

from irc.lattice import typetable as T
from irc.lattice.typelattice import Const
from irc.lattice.typeprint import show
from irc.output.fmt import format_item
from irc.syntax.parser import parse_text
from irc.world.world import World

M = ("Main",)
DECLS = """\
struct Poly <: Function
    c::Float64
end
struct Scale{T<:Real}
    k::T
end
struct Bare
end
struct Quiet
    a::Int64
end
declare (::Poly)(::Float64)::Float64
declare (::Poly)(::Float64, ::Float64)::Tuple{Float64, Float64}
declare (::Scale{T})(::T)::T where T<:Real
declare (::Bare)()::Core.Const(7)
"""


@pytest.fixture(scope="module")
def world():
    return World.build(parse_text(DECLS, "decls.ir").items, prelude=True)


def call(world, callee, *args):
    f = world.parse_type(callee) if isinstance(callee, str) else callee
    return world.call(f, [world.parse_type(a) for a in args], M)


def test_the_declaration_reads_back_as_written():
    items = parse_text(DECLS, "decls.ir").items
    lines = [format_item(it) for it in items if type(it).__name__ == "MethodDecl"]
    assert lines == ["declare (::Poly)(::Float64)::Float64\n",
                     "declare (::Poly)(::Float64, ::Float64)::Tuple{Float64, Float64}\n",
                     "declare (::Scale{T})(::T)::T where T<:Real\n", "declare (::Bare)()::Core.Const(7)\n"]


def test_an_instance_call_is_dispatched_on_the_instance_and_the_arguments(world):
    assert call(world, "Poly", "Float64").rt == T.FLOAT64
    assert show(call(world, "Poly", "Float64", "Float64").rt) == "Tuple{Float64, Float64}"
    assert call(world, "Scale{Int64}", "Int64").rt == T.INT64  # the parameter binds from the instance
    assert call(world, "Scale{Float64}", "Float64").rt == T.FLOAT64


def test_a_constant_instance_is_called_the_same_way(world):
    from irc.lattice.typelattice import singleton_instance

    inst = singleton_instance(world.parse_type("Bare"))  # `Bare()`: a singleton, a constant instance
    assert type(inst) is Const
    assert world.call(inst, [], M).rt == Const(7)


def test_an_undeclared_method_of_a_type_with_some_is_any_with_a_note(world):
    r = call(world, "Poly", "Int64")
    assert r.rt == T.ANY and r.gap
    assert any("declare (::Poly)(::Int64)::T" in n.message for n in r.diagnostics)
    r2 = call(world, "Scale{Int64}", "Float64")  # T binds Int64 from the instance: Float64 is no T
    assert r2.rt == T.ANY


def test_a_concrete_declared_type_without_methods_is_an_unknown_callee(world):
    r = call(world, "Quiet", "Int64")
    assert r.rt == T.ANY and r.gap
    assert [n.code for n in r.diagnostics] == ["unknown-callee"]
    assert "declare (::Quiet)(::Int64)::T" in r.diagnostics[0].message


@pytest.mark.parametrize("callee", ["Function", "Any", "Core.IntrinsicFunction"])
def test_a_callee_type_meeting_builtin_is_left_any_without_a_rule(world, callee):
    r = call(world, callee, "Int64")
    assert r.rt == T.ANY and not r.diagnostics
