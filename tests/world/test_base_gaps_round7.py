"""Prelude round 7 (issue 27): what user code calls most that the prelude lacked -- small integers' `sum`,
`zip` loops, the `mapreduce` family on a function's result, array and string utilities, LinearAlgebra's
solve.  Each test states the rule on several inputs, from the Julia 1.10 Base source it follows (reduce.jl,
iterators.jl, array.jl, sort.jl, set.jl, strings/util.jl, intfuncs.jl, LinearAlgebra)."""
import pytest

from irc.lattice.typelattice import Const
from prelude_calls import call, fn, prelude_world, shown


@pytest.fixture(scope="module")
def world():
    return prelude_world()


# -- reduce.jl `add_sum(x::SmallSigned, y::SmallSigned) = Int(x) + Int(y)`: a small integer's sum is an Int64
@pytest.mark.parametrize("arr, total", [
    ("Vector{Int32}", "Int64"), ("Vector{Int8}", "Int64"), ("Matrix{Int16}", "Int64"), ("Vector{UInt8}", "UInt64"),
    ("Vector{Int64}", "Int64"), ("Vector{Float32}", "Float32"), ("Vector{Bool}", "Int64"),
])
def test_sum_and_prod_widen_small_integers(world, arr, total):
    assert shown(world, "Base.sum", arr) == total
    if arr != "Vector{Bool}":
        assert shown(world, "Base.prod", arr) == total


# -- reduce.jl: `sum(f, A) = mapreduce(f, add_sum, A)`, `maximum(f, A)` (`max`), `sum(g::Generator)`,
#    `reduce(op, A) = mapreduce(identity, op, A)`, `accumulate(op, A)`; `_any`/`_all` give `Bool` of a `Bool`
def test_the_mapreduce_family_follows_the_functions_result(world):
    assert shown(world, "Base.sum", fn(world, "Base.abs2"), "Vector{Float64}") == "Float64"
    assert shown(world, "Base.sum", fn(world, "Base.abs"), "Vector{Int32}") == "Int64"  # add_sum of Int32
    assert shown(world, "Base.sum", fn(world, "Base.iseven"), "UnitRange{Int64}") == "Int64"  # of Bools
    assert shown(world, "Base.maximum", fn(world, "Base.abs"), "Vector{Float64}") == "Float64"
    assert shown(world, "Base.sum", "Base.Generator{UnitRange{Int64}, typeof(abs2)}") == "Int64"
    assert shown(world, "Base.reduce", fn(world, "Base.:+"), "Vector{Int32}") == "Int32"  # `+`, no add_sum
    assert shown(world, "Base.foldl", fn(world, "Base.:*"), "UnitRange{Int64}") == "Int64"
    assert shown(world, "Base.mapreduce", fn(world, "Base.abs"), fn(world, "Base.max"), "Vector{Float64}") == "Float64"
    assert shown(world, "Base.accumulate", fn(world, "Base.:+"), "Vector{Int64}") == "Vector{Int64}"
    assert shown(world, "Base.any", fn(world, "Base.iseven"), "Vector{Int64}") == "Bool"
    assert shown(world, "Base.all", fn(world, "Base.isnan"), "Vector{Float64}") == "Bool"
    # an element type irc cannot reduce over stays a gap, with its note
    r = world.call(fn(world, "Base.reduce"), [fn(world, "Base.:+"), world.parse_type("Vector{Any}")], ("Main",))
    assert shown(world, "Base.reduce", fn(world, "Base.:+"), "Vector{Any}") == "Any" and r.gap and r.diagnostics


# -- iterators.jl `zip(a...) = Zip(a)`, `iterate(z::Zip)` (`_zip_iterate_all`): the elements and states paired
def test_a_zip_loop_pairs_its_iterators_elements_and_states(world):
    z = call(world, "Base.zip", "Vector{Int64}", "Vector{Float64}")
    assert str(shown(world, "Base.zip", "Vector{Int64}", "Vector{Float64}")) == \
        "Base.Iterators.Zip{Tuple{Vector{Int64}, Vector{Float64}}}"
    assert shown(world, "Base.iterate", z) == "Union{Nothing, Tuple{Tuple{Int64, Float64}, Tuple{Int64, Int64}}}"
    z2 = call(world, "Base.zip", "UnitRange{Int64}", "Vector{String}")
    assert shown(world, "Base.iterate", z2, "Tuple{Int64, Int64}") == \
        "Union{Nothing, Tuple{Tuple{Int64, String}, Tuple{Int64, Int64}}}"


@pytest.mark.parametrize("callee, args, result", [
    ("Base.popfirst!", ["Vector{Int64}"], "Int64"),
    ("Base.insert!", ["Vector{Float64}", "Int64", "Float64"], "Vector{Float64}"),
    ("Base.deleteat!", ["Vector{String}", "Int64"], "Vector{String}"),
    ("Base.sort", ["Vector{Float64}"], "Vector{Float64}"),
    ("Base.sort!", ["Vector{Int64}"], "Vector{Int64}"),
    ("Base.reverse", ["Vector{Int64}"], "Vector{Int64}"),
    ("Base.unique", ["Vector{Int64}"], "Vector{Int64}"),
    ("Base.unique", ["Matrix{Float64}"], "Vector{Float64}"),
    ("Base.findmax", ["Vector{Float64}"], "Tuple{Float64, Int64}"),
    ("Base.argmin", ["Vector{Int64}"], "Int64"),
    ("Base.extrema", ["Vector{Float64}"], "Tuple{Float64, Float64}"),
    ("Base.cumsum", ["Vector{Int64}"], "Vector{Int64}"),
    ("Base.reshape", ["Vector{Float64}", "Int64", "Int64"], "Matrix{Float64}"),
    ("Base.vec", ["Matrix{Int64}"], "Vector{Int64}"),
    ("Base.ones", [Const("Float32"), "Int64"], "Vector{Float32}"),
    ("Base.clamp", ["Float64", "Float64", "Float64"], "Float64"),
    ("Base.merge", ["Dict{String, Int64}", "Dict{String, Int64}"], "Dict{String, Int64}"),
    ("Base.split", ["String"], "Vector{SubString{String}}"),
    ("Base.strip", ["String"], "SubString{String}"),
    ("Base.replace", ["String", "Pair{String, String}"], "String"),
    ("Base.repeat", ["String", "Int64"], "String"),
    ("Base.gcd", ["Int64", "Int64"], "Int64"),
    ("Base.factorial", ["Int64"], "Int64"),
    ("Base.digits", ["Int64"], "Vector{Int64}"),
    ("Base.rand", ["UnitRange{Int64}"], "Int64"),
    ("Base.maximum", ["Tuple{Int64, Int64, Int64}"], "Int64"),
    ("Base.:\\", ["Matrix{Float64}", "Vector{Float64}"], "Vector{Float64}"),
    ("Base.inv", ["Matrix{Float64}"], "Matrix{Float64}"),
])
def test_array_string_and_integer_utilities(world, callee, args, result):
    args = [world.parse_type(f"Core.Const({a.val})") if isinstance(a, Const) else a for a in args]
    assert shown(world, callee, *args) == result


def test_julia_13s_apply_is_the_apply_iterate_it_became(world):
    """Julia <= 1.3 printed a splat as `Core._apply(f, xs...)`, which 1.4 renamed `Core._apply_iterate(iterate, f,
    xs...)` (1.10 has no `_apply`): `+(x::Number, y::Number) = +(promote(x, y)...)` of a Float64 and an Int64 is
    the `+` of two Float64s (lungben's notebook, h1516)."""
    app = fn(world, "Core._apply")
    tup = world.parse_type("Tuple{Float64, Float64}")
    assert shown(world, app, fn(world, "Base.:+"), tup) == "Float64"
    assert shown(world, app, fn(world, "Base.:*"), world.parse_type("Tuple{Int64, Int64}")) == "Int64"


@pytest.mark.parametrize("op", ["Base.:%", "Base.rem", "Base.mod"])
def test_rem_and_mod_of_a_float_and_an_int_promote(world, op):
    """promotion.jl `rem(x::Real, y::Real) = rem(promote(x, y)...)` (`%` is `rem`), `mod` likewise (h1510)."""
    assert shown(world, op, "Float64", "Int64") == "Float64"
    assert shown(world, op, "Int64", "Float64") == "Float64"


@pytest.mark.parametrize("elt", ["Float32", "Int32", "Int8", "UInt64", "ComplexF64", "Float64", "Int64"])
def test_array_plus_and_minus_keep_a_bit_element_type(world, elt):
    """arraymath.jl `+(A::Array, Bs::Array...)` broadcasts `+`: a bit integer's or IEEE float's (or their complex
    numbers') `+` keeps its type (`Int8 + Int8` is an `Int8`), so two arrays of it give one (h1653: `W * x + b`
    of `Float32`s)."""
    for op in ("Base.:+", "Base.:-"):
        assert shown(world, op, f"Vector{{{elt}}}", f"Vector{{{elt}}}") == f"Vector{{{elt}}}"
        assert shown(world, op, f"Matrix{{{elt}}}", f"Matrix{{{elt}}}") == f"Matrix{{{elt}}}"


def test_sortperm_of_a_vector_is_its_indices(world):
    """sort.jl `sortperm(A::AbstractArray; …)` sorts `copymutable(LinearIndices(A))`: a vector's `Vector{Int64}`
    (h1650)."""
    assert shown(world, "Base.sortperm", "Vector{Float32}") == "Vector{Int64}"
    assert shown(world, "Base.sortperm", "Vector{String}") == "Vector{Int64}"


@pytest.mark.parametrize("arg, result", [("Float64", "Float64"), ("Float32", "Float32"), ("Int64", "Float64")])
def test_deg2rad_and_rad2deg_keep_a_float_and_float_an_integer(world, arg, result):
    """math.jl `deg2rad(z::AbstractFloat) = z * (oftype(z, pi) / 180)`, `deg2rad(z::Real) = deg2rad(float(z))`
    (h1752's notebook calls it), `rad2deg` alike."""
    assert shown(world, "Base.deg2rad", arg) == result
    assert shown(world, "Base.rad2deg", arg) == result
