"""Printing in another Julia's spelling (issue 28 item 3): `show(x, style)` with the `PrintStyle`
of a print-form band (`irc.lattice.printstyle`).  The ≤ 1.5 and 1.6–1.8 texts are verbatim
from pastes of samples/real (named beside them) or, where marked, from a Discourse quote."""
from __future__ import annotations

import pytest

from irc.lattice import typetable as T
from irc.lattice.printstyle import CANONICAL, JULIA_1_5, JULIA_1_6, PrintStyle, style_for_band
from irc.lattice.typelattice import Conditional, Const, PartialStruct
from irc.lattice.types import DataType, Sym
from irc.lattice.typeprint import show
from irc.world.world import World


@pytest.fixture(scope="module")
def world():
    return World.build([])


# Julia ≤ 1.5's own text: it reads back and prints the same in the ≤ 1.5 style
V15 = [
    "NamedTuple{(:a, :b, :c),Tuple{Array{Int64,1},Array{Float64,1},Array{Bool,1}}}",  # r161
    "Array{Array{T,1} where T,1}",  # r097
    "Union{Nothing, Tuple{Array{T,1} where T,Int64}}",  # r097: a Union keeps its space
    "Array{T,1} where T",  # r097
    "Tuple{Vararg{T,N}} where T where N",  # r049
    "IndexSet{1,IndexT,DataT} where DataT<:Tuple where IndexT<:Index",  # r081
    "SArray{Tuple{3,3},Float64,2,L} where L",  # r180
    "Tuple{Vararg{Union{Array{Float64,2}, LinearAlgebra.QRCompactWYQ{Float64,Array{Float64,2}}},N} where N}",  # r022
    "Base.Broadcast.Broadcasted{Base.Broadcast.Style{Tuple},Nothing,typeof(ind),Tuple{Tuple{Pair{Index{Int64},Int64}}}}",  # r081
    "Core.Compiler.Const(NamedTuple{(:a, :b, :c),T} where T<:Tuple, false)",  # r163
    "Core.Compiler.PartialStruct(UnitRange{Int64}, Any[Core.Compiler.Const(1, false), Int64])",  # r104
    "Core.Compiler.Const(f, false)", "Core.Compiler.Const(nothing, false)", "Core.Compiler.Const((:a, :b, :c), false)",
    "Array{Array{#s1,1} where #s1<:Number,1}",  # Discourse (Julia 0.6): `Vector{Vector{<:Number}}`
    "Array", "Array{Float64,N} where N", "BitArray{1}", "Base.GenericIOBuffer{Array{UInt8,1}}", "Dict{Symbol,Any}",
    "NTuple{4,Int64}", "Tuple{Int64,Vararg{Any,N} where N}", "Type{Array{Int64,1}}",
]

# Julia 1.6–1.8's own text, read back and printed in the 1.6 style
V16 = [
    "NamedTuple{(:x,), Tuple{Vector{Int64}}}",  # r101
    "Base.KeySet{String, _A} where _A<:(AbstractDict{String})",  # r036
    "Core.PartialStruct(UnitRange{Int64}, Any[Core.Const(1), Int64])", "Core.Const(mysum)",
    "Tuple{Vararg{Int64}}",  # r124 (1.7 and 1.8: what the band prints)
    "Core.Const(NamedTuple{(:a,)})", "NamedTuple{(), Tuple{}}", "Vector{<:Real}", "Matrix{Float64}", "Vector",
]


@pytest.mark.parametrize("text", V15)
def test_julia_1_5_text_prints_back_the_same(world, text):
    assert show(world.parse_type(text), JULIA_1_5) == text


@pytest.mark.parametrize("text", V16)
def test_julia_1_6_text_prints_back_the_same(world, text):
    assert show(world.parse_type(text), JULIA_1_6) == text


@pytest.mark.parametrize("text,v15,v16,v110", [
    ("Core.Const(1)", "Core.Compiler.Const(1, false)", "Core.Const(1)", "Core.Const(1)"),
    ("Vector{Int64}", "Array{Int64,1}", "Vector{Int64}", "Vector{Int64}"),
    ("Matrix{Float64}", "Array{Float64,2}", "Matrix{Float64}", "Matrix{Float64}"),
    ("Tuple{Int64, Float64}", "Tuple{Int64,Float64}", "Tuple{Int64, Float64}", "Tuple{Int64, Float64}"),
    ("@NamedTuple{a::Int64, b::Float64}", "NamedTuple{(:a, :b),Tuple{Int64,Float64}}",
     "NamedTuple{(:a, :b), Tuple{Int64, Float64}}", "@NamedTuple{a::Int64, b::Float64}"),
    ("@NamedTuple{a::Int64}", "NamedTuple{(:a,),Tuple{Int64}}", "NamedTuple{(:a,), Tuple{Int64}}", "@NamedTuple{a::Int64}"),
    ("Vector", "Array{T,1} where T", "Vector", "Vector"),
    ("Vector{<:Real}", "Array{#s1,1} where #s1<:Real", "Vector{<:Real}", "Vector{<:Real}"),
    ("Dict{K, V} where {K, V<:Real}", "Dict{K,V} where V<:Real where K", "Dict{K, V} where {K, V<:Real}",
     "Dict{K, V} where {K, V<:Real}"),
    ("Tuple{Int64, Vararg{Float64}}", "Tuple{Int64,Vararg{Float64,N} where N}", "Tuple{Int64, Vararg{Float64}}",
     "Tuple{Int64, Vararg{Float64}}"),
    ("Union{Nothing, Vector{Int64}}", "Union{Nothing, Array{Int64,1}}", "Union{Nothing, Vector{Int64}}",
     "Union{Nothing, Vector{Int64}}"),
    ("Core.Const(Vector{Int64})", "Core.Compiler.Const(Array{Int64,1}, false)", "Core.Const(Vector{Int64})",
     "Core.Const(Vector{Int64})"),
    ("IOBuffer", "Base.GenericIOBuffer{Array{UInt8,1}}", "IOBuffer", "IOBuffer"),
])
def test_each_band_spells_the_same_type_its_way(world, text, v15, v16, v110):
    t = world.parse_type(text)
    assert (show(t, JULIA_1_5), show(t, JULIA_1_6), show(t, CANONICAL), show(t)) == (v15, v16, v110, v110)


def test_lattice_elements_in_the_1_5_style():
    nt = DataType(T.NAMEDTUPLE_NAME, ((Sym("a"),), T.tuple_type([T.vector(T.INT64)])))
    assert show(Const(nt), JULIA_1_5) == "Core.Compiler.Const(NamedTuple{(:a,),Tuple{Array{Int64,1}}}, false)"
    assert show(PartialStruct(T.tuple_type([T.INT64, T.INT64]), (Const(1), T.INT64)), JULIA_1_5) == \
        "Core.Compiler.PartialStruct(Tuple{Int64,Int64}, Any[Core.Compiler.Const(1, false), Int64])"
    assert show(Conditional(2, T.INT64, T.NOTHING), JULIA_1_5) == "Bool"


@pytest.mark.parametrize("band,style", [
    ("≤ 1.5", JULIA_1_5), ("≤ 1.6", JULIA_1_6), ("1.6–1.8", JULIA_1_6), ("1.9–1.10", CANONICAL),
    ("1.11", CANONICAL), ("1.12", CANONICAL), ("", CANONICAL), ("something else", CANONICAL),
])
def test_style_for_band(band, style):
    assert style_for_band(band) is style


def test_only_the_canonical_style_is_canonical():
    assert CANONICAL.canonical and not JULIA_1_6.canonical and not JULIA_1_5.canonical
    assert PrintStyle("x").canonical and not PrintStyle("x", param_sep=",").canonical
    assert len({CANONICAL, JULIA_1_6, JULIA_1_5}) == 3  # hashable values, as the memo needs


def test_a_style_does_not_change_the_canonical_memo(world):
    t = world.parse_type("Vector{Tuple{Int64, Float64}}")
    before = show(t)
    assert show(t, JULIA_1_5) == "Array{Tuple{Int64,Float64},1}"
    assert show(t) == before == "Vector{Tuple{Int64, Float64}}"
