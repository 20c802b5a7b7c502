"""Prelude round 6 (issue 27, held-out batch 6): `@simd` loops, `promote_type`, an Array sliced with `:`,
`Vector`/`Matrix(undef, …)`, `convert` to an Array.  Each test states the rule on several inputs, from the
Julia 1.10 Base source it follows (simdloop.jl, promotion.jl, multidimensional.jl, baseext.jl, array.jl)."""
import pytest

from irc.lattice import typetable as T
from irc.lattice.typelattice import Const
from irc.lattice.typeprint import show
from prelude_calls import call, fn, prelude_world, shown

I = T.INT64


@pytest.fixture(scope="module")
def world():
    return prelude_world()


# -- simdloop.jl: `@simd for i in r` calls `Base.simd_outer_range(r)` (`= 0:0`, a constant), then
#    `simd_inner_length(r, j) = length(r)` and `simd_index(r, j, i) = r[i+firstindex(r)]`; Base's names
#    are Base.SimdLoop's functions, as Julia prints them
def test_simd_names_are_base_simdloop_functions(world):
    for name in ("simd_outer_range", "simd_inner_length", "simd_index"):
        assert show(fn(world, "Base." + name)) == f"Core.Const(Base.SimdLoop.{name})"
        assert fn(world, "Base." + name) == fn(world, "Base.SimdLoop." + name)


@pytest.mark.parametrize("r, elt", [
    ("UnitRange{Int64}", "Int64"), ("Base.OneTo{Int64}", "Int64"), ("StepRange{Int64, Int64}", "Int64"),
    ("Vector{Float64}", "Float64"), ("Matrix{Int32}", "Int32"),
    ("StepRangeLen{Float64, Base.TwicePrecision{Float64}, Base.TwicePrecision{Float64}, Int64}", "Float64"),
])
def test_simd_loop_functions_on_ranges_and_arrays(world, r, elt):
    outer = call(world, "Base.simd_outer_range", r)
    assert show(outer) == "Core.Const(0:0)"
    # iterating the constant folds: the outer loop runs once, `iterate(0:0, 0)` is `nothing`
    assert show(call(world, "Base.iterate", outer)) == "Core.Const((0, 0))"
    assert show(call(world, "Base.iterate", outer, Const(0))) == "Core.Const(nothing)"
    assert shown(world, "Base.simd_inner_length", r, Const(0)) == "Int64"
    assert shown(world, "Base.simd_index", r, Const(0), I) == elt


def test_simd_loop_functions_are_not_declared_on_types_irc_does_not_know(world):
    # multidimensional.jl has its own methods for CartesianIndices (`simd_outer_range(iter) =
    # CartesianIndices(tail(iter.indices))`): an unknown type is not answered `0:0`
    assert call(world, "Base.simd_outer_range", "CartesianIndices{2, Tuple{Base.OneTo{Int64}, Base.OneTo{Int64}}}") \
        == T.ANY


# -- promotion.jl `promote_type(::Type{T}, ::Type{T}) where {T} = T`; float.jl / int.jl / bool.jl
#    `promote_rule`s: a float over the integers, the wider float, Int64 over the smaller integers, Bool under
#    any number; a union argument is split
@pytest.mark.parametrize("a, b, want", [
    ("Float64", "Float64", "Float64"), ("Float64", "Int64", "Float64"), ("Int64", "Float64", "Float64"),
    ("Float32", "Float64", "Float64"), ("Float32", "Int64", "Float32"), ("UInt8", "Float32", "Float32"),
    ("Int64", "Int32", "Int64"), ("UInt16", "Int64", "Int64"), ("Bool", "Int32", "Int32"),
    ("Float16", "Bool", "Float16"), ("Vector{Int64}", "Vector{Int64}", "Vector{Int64}"),
])
def test_promote_type_of_two_types(world, a, b, want):
    # `Type{T}` of a concrete T, the singleton the statement prints as `Core.Const(T)`
    assert call(world, "Base.promote_type", Const(world.parse_type(a)), Const(world.parse_type(b))) \
        == T.type_of_type(world.parse_type(want))


def test_promote_type_of_a_union_is_split(world):
    assert call(world, "Base.promote_type", Const(T.FLOAT64), "Union{Type{Float64}, Type{Int64}}") \
        == T.type_of_type(T.FLOAT64)
    # a pair no declaration answers stays open: Any, never a guess
    assert call(world, "Base.promote_type", Const(T.INT64), Const(world.parse_type("UInt64"))) == T.ANY


# -- multidimensional.jl `_getindex(l, A, I::Union{Real, AbstractArray}...)` fills `similar(A, index_shape(I...))`:
#    an Int index drops its dimension, `:` or an index vector keeps one; all Ints are the element; setindex! is A
@pytest.mark.parametrize("arr, idx, want", [
    ("Matrix{Float64}", (":", "Int64"), "Vector{Float64}"),
    ("Matrix{Float64}", ("Int64", ":"), "Vector{Float64}"),
    ("Matrix{Float64}", (":", ":"), "Matrix{Float64}"),
    ("Matrix{Float64}", (":", "UnitRange{Int64}"), "Matrix{Float64}"),
    ("Matrix{Float64}", ("UnitRange{Int64}", "Int64"), "Vector{Float64}"),
    ("Matrix{Int64}", ("Vector{Int64}", "StepRange{Int64, Int64}"), "Matrix{Int64}"),
    ("Matrix{Int64}", (":",), "Vector{Int64}"),
    ("Array{Bool, 3}", (":", "Int64", "Int64"), "Vector{Bool}"),
    ("Array{Bool, 3}", ("Int64", ":", "Base.OneTo{Int64}"), "Matrix{Bool}"),
    ("Array{Bool, 3}", (":", ":", ":"), "Array{Bool, 3}"),
    ("Array{Bool, 3}", ("Int64", "Int64", "Int64"), "Bool"),
])
def test_getindex_with_colons_and_ranges(world, arr, idx, want):
    colon = fn(world, "Base.:(:)")
    args = [colon if i == ":" else i for i in idx]
    assert shown(world, "Base.getindex", arr, *args) == want
    assert shown(world, "Base.setindex!", arr, "Float64", *args) == arr


def test_getindex_with_an_index_no_declaration_takes_stays_open(world):
    assert call(world, "Base.getindex", "Matrix{Float64}", fn(world, "Base.:(:)"), "Float64") == T.ANY
    assert call(world, "Base.getindex", "Matrix{Float64}", "Any", "Int64") == T.ANY


# -- baseext.jl `Vector(::UndefInitializer, m::Integer) = Vector{Any}(undef, Int(m))`, `Matrix(::UndefInitializer,
#    m::Integer, n::Integer) = Matrix{Any}(…)`: the UnionAlls' own methods; a typed one stays its type
def test_vector_and_matrix_of_undef_without_an_element_type_hold_any(world):
    undef = fn(world, "Base.undef")
    assert shown(world, Const(T.BUILTIN_BINDINGS["Matrix"]), undef, I, I) == "Matrix{Any}"
    assert shown(world, Const(T.BUILTIN_BINDINGS["Vector"]), undef, "Int32") == "Vector{Any}"
    for typ, args, want in (("Matrix{Float64}", (I, I), "Matrix{Float64}"), ("Vector{Int64}", (I,), "Vector{Int64}"),
                            ("Array{Float64, 3}", (I, I, I), "Array{Float64, 3}")):
        assert shown(world, Const(world.parse_type(typ)), undef, *args) == want


# -- a return type annotation lowers to `convert(T, x)`: every `convert` method a `Type{T}`, `T<:Array`,
#    meets returns T (boot.jl `convert(::Type{T}, x::T)`, abstractarray.jl `convert(::Type{T}, a::T) where
#    {T<:AbstractArray}`, array.jl `convert(::Type{T}, a::AbstractArray) where {T<:Array} = … T(a)::T`)
@pytest.mark.parametrize("target, arg", [
    ("Matrix{Float64}", "Any"), ("Matrix{Float64}", "Matrix{Float64}"), ("Vector{Float64}", "Vector{Int64}"),
    ("Array{Int64, 3}", "AbstractArray"), ("Vector{Any}", "Any"),
])
def test_convert_to_an_array_is_the_array_type(world, target, arg):
    t = world.parse_type(target)
    assert call(world, "Base.convert", Const(t), arg) == t
    # through a module of the paste's (h680: `Base.convert(%1, Main.var"workspace#3".MyModule2.A)`)
    assert call(world, "Base.convert", Const(t), fn(world, "Main.g")) == t
