"""Prelude, LinearAlgebra (issue 27): `x'`, `transpose`, the products of vectors, matrices and their adjoints,
`dot` and `norm` (Julia 1.10's stdlib/LinearAlgebra: adjtrans.jl, matmul.jl, generic.jl).  Each test states the
rule on several element types; a type the declarations do not cover stays open (`Any`), never `Union{}`."""
import pytest

from irc.lattice.subtype import issubtype
from irc.lattice.typelattice import Const
from irc.lattice.types import Sym
from irc.lattice.typeprint import show
from irc.syntax.parser import parse_expr
from irc.world.tfuncs import getfield_tfunc
from prelude_calls import fn, prelude_world, shown

ADJ, TR = "LinearAlgebra.Adjoint", "LinearAlgebra.Transpose"
# element types whose `x*y + x*y` (matmul.jl `matprod`) and `s += dot(x, y)` stay `T`
ELTS = ["Int64", "Int32", "UInt8", "Float64", "Float32", "Float16"]


@pytest.fixture(scope="module")
def world():
    return prelude_world()


def test_var_quote_is_adjoint_from_any_module(world):
    # operators.jl `const var"'" = adjoint`: the same function, printed `adjoint`, read through Main or a
    # Pluto workspace module (h681)
    assert show(fn(world, "Main.:var\"'\"")) == "Core.Const(adjoint)"
    assert fn(world, "Main.:var\"'\"") == fn(world, "Base.adjoint")
    assert show(world.value_of(parse_expr("Main.var\"workspace#3\".:var\"'\""), ("Main", "workspace#3"))) \
        == "Core.Const(adjoint)"


@pytest.mark.parametrize("elt", ELTS + ["ComplexF64", "Bool"])
def test_adjoint_and_transpose_wrap_a_vector_or_matrix(world, elt):
    # adjtrans.jl `Adjoint(A) = Adjoint{Base.promote_op(adjoint,eltype(A)),typeof(A)}(A)`: a real or complex
    # element type stays (number.jl `adjoint(x::Number) = conj(x)`, `transpose(x::Number) = x`)
    for arr in (f"Vector{{{elt}}}", f"Matrix{{{elt}}}"):
        assert shown(world, "Base.adjoint", arr) == f"{ADJ}{{{elt}, {arr}}}"
        assert shown(world, "Base.transpose", arr) == f"{TR}{{{elt}, {arr}}}"
        # `adjoint(A::Adjoint) = A.parent`, `transpose(A::Transpose) = A.parent`
        assert shown(world, "Base.adjoint", f"{ADJ}{{{elt}, {arr}}}") == arr
        assert shown(world, "Base.transpose", f"{TR}{{{elt}, {arr}}}") == arr


def test_the_wrappers_are_matrices_with_a_parent(world):
    # adjtrans.jl `struct Adjoint{T,S} <: AbstractMatrix{T}; parent::S; end` (Transpose likewise)
    for w in (ADJ, TR):
        t = world.parse_type(f"{w}{{Float64, Vector{{Float64}}}}")
        assert issubtype(t, world.parse_type("AbstractMatrix{Float64}"))
        assert not issubtype(t, world.parse_type("AbstractVector{Float64}"))
        assert show(getfield_tfunc(t, Const(Sym("parent")))) == "Vector{Float64}"


@pytest.mark.parametrize("elt", ELTS)
def test_products_keep_the_element_type(world, elt):
    v, m = f"Vector{{{elt}}}", f"Matrix{{{elt}}}"
    for w in (ADJ, TR):
        row = f"{w}{{{elt}, {v}}}"
        assert shown(world, "Base.:*", row, v) == elt                      # the dot product
        assert shown(world, "Base.:*", v, row) == m                        # the outer product
        assert shown(world, "Base.:*", row, m) == row                      # (A'*x')'
        assert shown(world, "Base.:*", f"{w}{{{elt}, {m}}}", v) == v       # promote_op(matprod, T, T)
        assert shown(world, "Base.:*", f"{w}{{{elt}, {m}}}", m) == m
        assert shown(world, "Base.:*", m, f"{w}{{{elt}, {m}}}") == m
    assert shown(world, "Base.:*", m, v) == v
    assert shown(world, "Base.:*", m, m) == m
    assert shown(world, "LinearAlgebra.dot", v, v) == elt


@pytest.mark.parametrize("a, b", [("Float64", "Int64"), ("Int64", "Float64")])
def test_a_float64_int64_mix_is_float64(world, a, b):
    for w in (ADJ, TR):
        assert shown(world, "Base.:*", f"{w}{{{a}, Vector{{{a}}}}}", f"Vector{{{b}}}") == "Float64"
        assert shown(world, "Base.:*", f"Vector{{{a}}}", f"{w}{{{b}, Vector{{{b}}}}}") == "Matrix{Float64}"
    assert shown(world, "Base.:*", f"Matrix{{{a}}}", f"Vector{{{b}}}") == "Vector{Float64}"
    assert shown(world, "Base.:*", f"Matrix{{{a}}}", f"Matrix{{{b}}}") == "Matrix{Float64}"
    assert shown(world, "LinearAlgebra.dot", f"Vector{{{a}}}", f"Vector{{{b}}}") == "Float64"


@pytest.mark.parametrize("arr, norm", [
    ("Vector{Float64}", "Float64"), ("Matrix{Float64}", "Float64"), ("Vector{Float32}", "Float32"),
    ("Vector{Int64}", "Float64"), ("Matrix{Int32}", "Float64"), ("Vector{UInt8}", "Float64"),
])
def test_norm_is_a_float_of_the_element_type(world, arr, norm):
    # generic.jl `norm(itr, p::Real=2)`, `norm(x::Number, p::Real=2) = abs(float(x))`
    assert shown(world, "LinearAlgebra.norm", arr) == norm


def test_an_element_type_the_prelude_does_not_cover_is_open_not_bottom(world):
    # Bool: `true + true` is an Int64 (matprod, `s += …`), which no declaration says; Vector{Any} likewise
    for args in ((f"{ADJ}{{Bool, Vector{{Bool}}}}", "Vector{Bool}"), ("Matrix{Any}", "Vector{Any}"),
                 (f"{ADJ}{{Float64, Vector{{Float64}}}}", f"{ADJ}{{Float64, Vector{{Float64}}}}")):
        assert shown(world, "Base.:*", *args) == "Any"
    assert shown(world, "LinearAlgebra.norm", "Vector{Bool}") == "Any"
