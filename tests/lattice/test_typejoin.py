"""`typejoin`, `promote_typejoin` and a tuple's `eltype` (base/promotion.jl, tuple.jl v1.10.0;
irc.lattice.typejoin): the answers Julia's docstrings and REPL give, and the defining property --
the join is a supertype of both -- on generated types."""
import pytest
from hypothesis import given, settings

from irc.lattice.subtype import issubtype
from irc.lattice.typejoin import promote_typejoin, tuple_eltype, typejoin
from irc.lattice.typeprint import show
from irc.syntax.parser import parse_text
from irc.world.world import World
from lattice_strategies import types


@pytest.fixture(scope="module")
def world():
    return World.build(parse_text("global Main.g\n", "x.ir").items)


@pytest.mark.parametrize("a, b, joined", [
    ("Int64", "Float64", "Real"),  # promotion.jl's docstring
    ("Int64", "ComplexF64", "Number"),
    ("Int64", "String", "Any"),
    ("Int64", "Int64", "Int64"),
    ("Int64", "Integer", "Integer"),
    ("Union{Int64, Float64}", "Int32", "Real"),
    ("Vector{Int64}", "Vector{Float64}", "Vector"),  # the shared parameter kept, the other free
    ("Vector{Int64}", "Matrix{Int64}", "Array{Int64}"),
    ("Dict{Int64, String}", "Dict{Int64, Int64}", "Dict{Int64}"),
    ("UnitRange{Int64}", "StepRange{Int64, Int64}", "OrdinalRange{Int64, Int64}"),
    ("Type{Int64}", "Type{Float64}", "Type"),
    ("typeof(sin)", "typeof(cos)", "Function"),
    ("Tuple{Int64}", "Tuple{Float64}", "Tuple{Real}"),
    ("Tuple{Int64, Int64}", "Tuple{Int64}", "Tuple{Int64, Vararg{Int64}}"),  # a shorter tuple's tail: a Vararg
    ("Tuple{}", "Tuple{Int64, Float64}", "Tuple{Vararg{Real}}"),
    ("Tuple{Int64, Vararg{Int64}}", "Tuple{Float64, Float64, Float64}", "Tuple{Real, Vararg{Real}}"),
    ("Tuple{Int64}", "Int64", "Any"),
])
def test_typejoin_is_julias(world, a, b, joined):
    ta, tb = world.parse_type(a), world.parse_type(b)
    assert show(typejoin(ta, tb)) == joined
    assert show(typejoin(tb, ta)) == joined


@pytest.mark.parametrize("a, b, joined", [
    ("Int64", "Float64", "Real"),  # promotion.jl's docstring
    ("Nothing", "Int64", "Union{Nothing, Int64}"),  # Nothing and Missing stay a union's members
    ("Union{Missing, Int64}", "Float64", "Union{Missing, Real}"),
    ("Int64", "Int64", "Int64"),
])
def test_promote_typejoin_keeps_nothing_and_missing_apart(world, a, b, joined):
    assert show(promote_typejoin(world.parse_type(a), world.parse_type(b))) == joined


@pytest.mark.parametrize("t, elt", [
    ("Tuple{Int64, Float64}", "Real"), ("Tuple{Int64, Int64}", "Int64"), ("Tuple{}", "Union{}"),
    ("Tuple{Int64, Nothing}", "Union{Nothing, Int64}"), ("Tuple{Int64, Missing, Float64}", "Union{Missing, Real}"),
    ("Tuple{Vector{Int64}, Vector{Float64}}", "Vector"), ("Tuple{Vararg{Int64}}", "Int64"), ("Tuple", "Any"),
])
def test_a_tuples_eltype_is_the_promote_typejoin_of_its_elements(world, t, elt):
    assert show(tuple_eltype(world.parse_type(t))) == elt


@settings(deadline=None)
@given(types, types)
def test_the_join_is_a_supertype_of_both(a, b):
    j = typejoin(a, b)
    assert issubtype(a, j) and issubtype(b, j), (show(a), show(b), show(j))
    p = promote_typejoin(a, b)
    assert issubtype(a, p) and issubtype(b, p), (show(a), show(b), show(p))
