"""Base methods and rules the prelude lacked on real outputs (issue 27 §2): each test states the rule
on several inputs, from the Julia 1.10 Base source it follows."""
import pytest

from irc.lattice import typetable as T
from irc.lattice.typelattice import Const
from irc.lattice.typeprint import show
from irc.syntax.parser import parse_expr, parse_text
from irc.world.world import World

I, F = T.INT64, T.FLOAT64
M = ("Main",)
BC = "Base.Broadcast.Broadcasted"
TUPLE_STYLE = "Base.Broadcast.Style{Tuple}"

DECLS = """\
abstract type X end
declare Main.splitsum(::X)::Int64
"""


@pytest.fixture(scope="module")
def world():
    return World.build(parse_text(DECLS, "decls.ir").items, prelude=True)


def fn(world, name):
    return world.value_of(parse_expr(name), M)


def call(world, name, *args):
    return world.call(fn(world, name), [world.parse_type(a) if isinstance(a, str) else a for a in args], M,
                      callee=parse_expr(name)).rt


# -- broadcast.jl: `BroadcastStyle(::Type{<:Tuple}) = Style{Tuple}()`, `result_style`'s precedence,
#    `copy(bc::Broadcasted{Style{Tuple}}) = ntuple(k -> _broadcast_getindex(bc, k), Val(N))`
def test_broadcast_over_a_tuple_has_the_tuple_style(world):
    bc = call(world, "Base.broadcasted", fn(world, "Main.splitsum"), "NTuple{4, X}")
    assert show(bc) == BC + "{" + TUPLE_STYLE + ", Nothing, typeof(splitsum), Tuple{NTuple{4, X}}}"
    # a number (DefaultArrayStyle{0}) loses to the tuple: `BroadcastStyle(::AbstractArrayStyle{0}, b::Style{Tuple}) = b`
    bc2 = call(world, "Base.broadcasted", fn(world, "Base.:+"), "Tuple{Int64, Int64}", I)
    assert show(bc2) == BC + "{" + TUPLE_STYLE + ", Nothing, typeof(+), Tuple{Tuple{Int64, Int64}, Int64}}"
    # an array wins over the tuple: `BroadcastStyle(a::AbstractArrayStyle, ::Style{Tuple}) = a`
    bc3 = call(world, "Base.broadcasted", fn(world, "Base.:+"), "Vector{Float64}", "Tuple{Int64, Int64}")
    assert show(bc3).startswith(BC + "{Base.Broadcast.DefaultArrayStyle{1}, Nothing, typeof(+)")


def test_materialize_of_a_tuple_broadcast_is_the_tuple_of_the_calls(world):
    f = fn(world, "Main.splitsum")
    assert show(call(world, "Base.materialize", call(world, "Base.broadcasted", f, "NTuple{4, X}"))) \
        == "NTuple{4, Int64}"
    # the element is read at an unknown index: the tmerge of the element types (`sin` on
    # Union{Int64, Float64} is Float64), a length-1 tuple or a number broadcast to the length
    sin, plus = fn(world, "Base.sin"), fn(world, "Base.:+")
    assert show(call(world, "Base.materialize", call(world, "Base.broadcasted", sin, "Tuple{Int64, Float64}"))) \
        == "Tuple{Float64, Float64}"
    bc = call(world, "Base.broadcasted", plus, "Tuple{Int64, Int64, Int64}", "Tuple{Int64}")
    assert show(call(world, "Base.materialize", bc)) == "Tuple{Int64, Int64, Int64}"
    # a nested tuple broadcast: its own length and element
    nested = call(world, "Base.broadcasted", fn(world, "Base.:*"), bc, F)
    assert show(call(world, "Base.materialize", nested)) == "Tuple{Float64, Float64, Float64}"
    # Julia's answer for `sum.(xs)`, xs::Tuple{Bool, Int64, Vector{Bool}, Vector{Int64}} (samples/real/r270):
    # the element Union{Bool, Int64, Vector} has no concrete `sum`: NTuple{4, Any}
    bcs = call(world, "Base.broadcasted", fn(world, "Base.sum"), "Tuple{Bool, Int64, Vector{Bool}, Vector{Int64}}")
    assert show(call(world, "Base.materialize", bcs)) == "NTuple{4, Any}"


def test_tuple_broadcast_of_unknown_or_mismatched_length_is_not_guessed(world):
    plus = fn(world, "Base.:+")
    unknown = call(world, "Base.broadcasted", plus, "Tuple{Vararg{Int64}}", I)
    assert show(unknown).startswith(BC + "{" + TUPLE_STYLE)
    assert call(world, "Base.materialize", unknown) == T.ANY
    mismatch = call(world, "Base.broadcasted", plus, "Tuple{Int64, Int64}", "Tuple{Int64, Int64, Int64}")
    assert call(world, "Base.materialize", mismatch) == T.ANY


def test_broadcasted_of_constants_is_a_constant(world):
    """`broadcasted(identity, 1:3)` is concrete-evaluated (samples/real/r223): printed as Julia's
    `show(::Broadcasted)` prints it, the style only when the axes are set; a constant tuple
    broadcast materializes to the constant tuple."""
    ident, plus = fn(world, "Base.identity"), fn(world, "Base.:+")
    r = world.call(fn(world, "Base.:(:)"), [Const(1), Const(3)], M).rt
    bc = call(world, "Base.broadcasted", ident, r)
    assert type(bc) is Const
    assert show(bc) == "Core.Const(Base.Broadcast.Broadcasted(identity, (1:3,)))"
    assert show(call(world, "Base.materialize", bc)) == "Vector{Int64}"
    t = Const((Const(1), Const(2)), T.tuple_type([I, I]))
    bct = call(world, "Base.broadcasted", plus, t, Const(3))
    assert show(bct) == "Core.Const(Base.Broadcast.Broadcasted(+, ((1, 2), 3)))"
    assert call(world, "Base.materialize", bct) == Const((Const(4), Const(5)), T.tuple_type([I, I]))
    # one argument not constant: the type
    assert show(call(world, "Base.broadcasted", plus, t, I)) \
        == BC + "{" + TUPLE_STYLE + ", Nothing, typeof(+), Tuple{Tuple{Int64, Int64}, Int64}}"
