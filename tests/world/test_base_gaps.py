"""Base methods and rules the prelude lacked on real outputs (issue 27 §2): each test states the rule
on several inputs, from the Julia 1.10 Base source it follows."""
import pytest

from irc.lattice import typetable as T
from irc.lattice.typelattice import Const, widenconst
from irc.lattice.types import BOTTOM, Sym
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
def test_pairs_of_a_named_tuple_by_version():
    """iterators.jl `pairs(nt::NamedTuple)`: `Pairs{Symbol}(nt, keys(nt))` in 1.10 and 1.11,
    `Pairs{Symbol}(nt, nothing)` in 1.12 (a Julia 1.12 keyword call's `Base.pairs(%2)`, h803)."""
    from irc.syntax.version import V1_11, V1_12

    for rules, itr in ((None, "Tuple{}"), (V1_11, "Tuple{}"), (V1_12, "Nothing")):
        w = World.build(parse_text(DECLS, "decls.ir").items, prelude=True, rules=rules)
        empty = call(w, "Core.NamedTuple")
        assert show(call(w, "Base.pairs", empty)) == \
            f"Core.Const(Base.Pairs{{Symbol, Union{{}}, {itr}, @NamedTuple{{}}}}())"
        nt = "@NamedTuple{a::Int64, b::Int64}"
        want = "Nothing" if rules is V1_12 else "Tuple{Symbol, Symbol}"
        assert show(call(w, "Base.pairs", nt)) == f"Base.Pairs{{Symbol, Int64, {want}, {nt}}}"


def test_a_number_types_constructor_on_an_argument_that_is_no_leaf_is_any(world):
    """`Float64(x::Any)`: more than `max_methods` (3) constructors may apply, so Julia's
    `abstract_call_gf_by_type` answers `Any` (a Julia 1.12 `Dates.tons`, h847); a concrete
    argument or a small union of them picks one method per case."""
    assert show(call(world, "Base.Float64", "Any")) == "Any"
    assert show(call(world, "Base.Int64", "Real")) == "Any"
    assert show(call(world, "Base.Float64", "Int64")) == "Float64"
    assert show(call(world, "Base.Float64", "Union{Float32, Int64}")) == "Float64"
    assert show(call(world, "Base.Float64", Const(2))) == "Core.Const(2.0)"


def test_map_and_collect_of_a_generator_are_arrays_of_the_calls_concrete_type(world):
    """abstractarray.jl `map(f, A::AbstractArray) = collect_similar(A, Generator(f, A))`, array.jl
    `collect(itr::Generator)`: `Array{T, N}` for `f(::eltype)` concrete `T` (`_collect`'s
    destination is `typeof(v1)`'s); a call irc cannot type, or a non-concrete one, is not guessed."""
    sqrt_, string_ = fn(world, "Base.sqrt"), fn(world, "Base.string")
    assert show(call(world, "Base.map", sqrt_, "Vector{Float64}")) == "Vector{Float64}"
    assert show(call(world, "Base.map", string_, "UnitRange{Int64}")) == "Vector{String}"
    assert show(call(world, "Base.collect", "Base.Generator{Matrix{Int64}, typeof(abs)}")) == "Matrix{Int64}"
    assert show(call(world, "Base.collect_similar", "Matrix{Int64}", "Base.Generator{Matrix{Int64}, typeof(abs)}")) \
        == "Matrix{Int64}"
    assert show(call(world, "Base.collect", "Base.Generator{UnitRange{Int64}, typeof(sin)}")) == "Vector{Float64}"
    assert show(call(world, "Base.map", sqrt_, "Vector{Any}")) == "Any"  # `sqrt(::Any)`: not concrete
    # an array like the container, whatever the element type (`_similar_for` is `similar(c, T, axs)`)
    assert show(call(world, "Base.collect_similar", "Vector{Any}", "Base.Generator{Vector{Any}, typeof(sqrt)}")) \
        == "Array"


def test_a_call_of_some_vector_type_is_a_vector(world):
    """The manual's `Vector{rand(Bool) ? Int64 : Float64}(undef, n)` (h952, h953): `rand(Bool)` is a
    `Bool` (Random's `SamplerType{Bool}`); the applied type is `Type{Vector{_A}} where _A`, whose call
    dispatches to boot.jl's `Array{T, 1}(::UndefInitializer, m::Int)` with `T` unknown: `Vector`."""
    assert show(call(world, "Base.rand", Const(T.BOOL))) == "Bool"
    assert show(call(world, "Base.rand", Const(T.FLOAT32))) == "Float32"
    some = world.parse_type("Type{Vector{_A}} where _A")
    undef = world.value_of(parse_expr("Main.undef"), M)
    r = world.call(some, [undef, T.INT64], M)
    assert show(r.rt) == "Vector" and r.dynamic  # `Vector{_A} where _A`, as Julia prints it; a run-time dispatch
    some2 = world.parse_type("Type{Matrix{_A}} where _A")
    assert show(world.call(some2, [undef, T.INT64, T.INT64], M).rt) == "Matrix"


def test_a_sets_methods_are_its_dicts(world):
    """set.jl 1.10: `push!(s::Set, x) = (s.dict[x] = nothing; s)`, `length(s::Set) = length(s.dict)`,
    `iterate(s::Set, i...) = iterate(KeySet(s.dict), i...)`, `Set(itr)` of an array is a `Set` of its
    element type (h661-h663's `push!(kmers, …)` on a `Set{Mer{…}}`)."""
    assert show(call(world, "Base.push!", "Set{Int64}", T.FLOAT64)) == "Set{Int64}"
    assert show(call(world, "Base.length", "Set{String}")) == "Int64"
    assert show(call(world, "Base.iterate", "Set{String}")) == "Union{Nothing, Tuple{String, Int64}}"
    assert show(call(world, "Base.Set", "Vector{Symbol}")) == "Set{Symbol}"
    assert show(call(world, "Base.collect", "Set{Char}")) == "Vector{Char}"
    assert show(call(world, "Base.in", T.INT64, "Set{Int64}")) == "Bool"


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


# -- abstractdict.jl `keys(a::AbstractDict) = KeySet(a)`, `values(a) = ValueIterator(a)`;
#    abstractarray.jl `keys(a::AbstractVector) = LinearIndices(a)`, indices.jl `first(::LinearIndices{1})`;
#    array.jl `findfirst(testf::Function, A::Union{AbstractArray, AbstractString}) = findnext(testf, A, first(keys(A)))`
def test_keys_of_a_dict_and_of_a_vector(world):
    assert show(call(world, "Base.keys", "Dict{String, Int64}")) == "Base.KeySet{String, Dict{String, Int64}}"
    assert show(call(world, "Base.keys", "Dict{Symbol, Vector{Float64}}")) \
        == "Base.KeySet{Symbol, Dict{Symbol, Vector{Float64}}}"
    assert show(call(world, "Base.values", "Dict{String, Int64}")) == "Base.ValueIterator{Dict{String, Int64}}"
    assert show(call(world, "Base.collect", call(world, "Base.keys", "Dict{String, Int64}"))) == "Vector{String}"
    li = call(world, "Base.keys", "Vector{Any}")
    assert show(li) == "LinearIndices{1, Tuple{Base.OneTo{Int64}}}"
    assert call(world, "Base.first", li) == Const(1)
    assert show(call(world, "Base.last", li)) == "Int64"
    # LinearIndices is an AbstractArray{Int64, 1}: its declared bound holds
    assert show(world.parse_type("LinearIndices{1, Tuple{Base.OneTo{Int64}}}")) == show(li)


def test_findfirst_over_vectors_and_strings(world):
    isodd = fn(world, "Base.isodd")
    for v in ("Vector{Any}", "Vector{Int64}", "Vector{String}"):
        assert show(call(world, "Base.findfirst", isodd, v)) == "Union{Nothing, Int64}"
        assert show(call(world, "Base.findnext", isodd, v, I)) == "Union{Nothing, Int64}"
    assert show(call(world, "Base.findfirst", "Vector{Bool}")) == "Union{Nothing, Int64}"
    assert show(call(world, "Base.findfirst", isodd, T.STRING)) == "Union{Nothing, Int64}"
    # a Matrix's keys are CartesianIndices: not declared, so not answered as a Vector's
    assert call(world, "Base.findfirst", isodd, "Matrix{Int64}") == T.ANY


# -- namedtuple.jl `getindex(t::NamedTuple, i::Int) = getfield(t, i)`, `getindex(t::NamedTuple, i::Symbol)`
def test_namedtuple_getindex_is_getfield(world):
    nt = "@NamedTuple{a::Vector{Int64}, b::Vector{Float64}, c::Vector{Bool}}"
    assert show(call(world, "Base.getindex", nt, Const(Sym("b")))) == "Vector{Float64}"
    assert show(call(world, "Base.getindex", nt, Const(1))) == "Vector{Int64}"
    # an unknown index: the tmerge of the field types (1.10's: three concrete members stay a union)
    assert show(call(world, "Base.getindex", nt, I)) == "Union{Vector{Bool}, Vector{Float64}, Vector{Int64}}"
    assert show(call(world, "Base.getindex", "@NamedTuple{a::Int64, b::Int64}", T.SYMBOL)) == "Int64"
    assert call(world, "Base.getindex", nt, Const(Sym("z"))) == BOTTOM  # no such field: getfield throws


# -- strings/unicode.jl: `lowercase`/`uppercase` have two methods each in Julia 1.10 (`@complete`)
def test_lowercase_of_any_merges_its_two_methods(world):
    assert show(call(world, "Base.lowercase", T.ANY)) == "Union{AbstractChar, String}"
    assert show(call(world, "Base.uppercase", T.ANY)) == "Union{AbstractChar, String}"
    assert call(world, "Base.lowercase", T.CHAR) == T.CHAR
    assert call(world, "Base.lowercase", "SubString{String}") == T.STRING
    r = world.call(fn(world, "Base.lowercase"), [I], M, callee=parse_expr("Base.lowercase"))
    assert r.rt == BOTTOM and any("no matching method" in d.message for d in r.diagnostics)


DOMAIN = """\
declare @complete Main.g(::Union{Int64, Float64, String})
declare Main.g(::Int64)::Int64
declare Main.g(::Float64)::Float64
declare @complete Main.h(::Union{Int64, Float64, String})
declare Main.h(::Int64)::Int64
declare Main.h(::Float64)::Float64
declare Main.h(::String)::String
declare @complete Main.k(::Union{Int64, Float64, String, Char})
declare Main.k(::Int64)::Int64
declare Main.k(::Float64)::Float64
declare Main.k(::String)::String
declare Main.k(::Char)::Char
"""


def test_declarations_covering_a_complete_domain_answer_a_wider_argument():
    """`dispatch._domain_covered`: with `@complete`, declarations that take every argument the domain
    allows are all of Julia's methods there: an `Any` argument is their merge when at most
    `max_methods` (3) apply (Julia's `find_matching_methods`), else Any; a domain the declarations
    do not cover stays open (Any)."""
    w = World.build([], prelude=False, extra_preludes=[parse_text(DOMAIN, "domain.ir")])
    assert call(w, "Main.g", T.ANY) == T.ANY  # String has no declaration: a method irc does not know
    assert show(call(w, "Main.h", T.ANY)) == "Union{Float64, Int64, String}"
    assert show(call(w, "Main.h", "Union{Int64, Float64}")) == "Union{Float64, Int64}"
    assert show(call(w, "Main.h", "Real")) == "Union{Float64, Int64}"  # Real meets the domain in two types
    assert show(call(w, "Main.g", "Real")) == "Union{Float64, Int64}"  # ... both covered, though String is not
    assert call(w, "Main.k", T.ANY) == T.ANY  # four methods: more than max_methods
    assert call(w, "Main.h", "Vector{Int64}") == BOTTOM  # outside the domain: no method


# -- boot.jl 1.10: `function kwcall end` (keyword sorters, one per keyword method), `kwfunc(f) = kwcall`
KW = """\
declare @foldable Main.g(::Int64)::Int64
declare Main.g(::Float64)::Float64
"""


def test_keyword_call_is_typed_by_the_files_own_declaration_widened():
    w = World.build(parse_text(KW, "kw.ir").items, prelude=True)
    kwcall, g = fn(w, "Core.kwcall"), fn(w, "Main.g")
    nt = w.parse_type("@NamedTuple{scale::Int64}")
    r = w.call(kwcall, [nt, g, Const(2)], M)
    assert r.rt == I and not r.gap  # `g(2)` folds, but the keywords may change the value: widened
    assert w.call(kwcall, [nt, g, F], M).rt == F
    # through `Core.kwfunc(g)`, Julia <= 1.8's spelling
    kwf = w.call(fn(w, "Core.kwfunc"), [g], M).rt
    assert kwf == Const(kwcall.val) and show(kwf) == "Core.Const(Core.kwcall)"
    assert w.call(kwf, [nt, g, I], M).rt == I


def test_keyword_call_of_a_function_irc_only_partly_knows_is_any_with_a_note(world):
    """`sum(A; dims=1)` is a Matrix, `sum(A)` a Float64: the prelude's positional declarations do not say
    what a keyword call returns."""
    kwcall = fn(world, "Core.kwcall")
    nt = world.parse_type("@NamedTuple{dims::Int64}")
    r = world.call(kwcall, [nt, fn(world, "Base.sum"), world.parse_type("Matrix{Float64}")], M)
    assert r.rt == T.ANY and r.gap
    assert [d.code for d in r.diagnostics] == ["unknown-method"]
    assert r.diagnostics[0].declare == \
        "declare Core.kwcall(::@NamedTuple{dims::Int64}, ::typeof(sum), ::Matrix{Float64})"
    # a function irc has no declaration of at all: the same
    r2 = world.call(kwcall, [nt, fn(world, "Main.nowhere"), I], M)
    assert r2.rt == T.ANY and [d.code for d in r2.diagnostics] == ["unknown-method"]


# -- number.jl: `iterate(x::Number) = (x, nothing)`, `iterate(x::Number, ::Any) = nothing`
def test_a_number_iterates_once_over_itself(world):
    assert show(call(world, "Base.iterate", I)) == "Tuple{Int64, Nothing}"
    assert show(call(world, "Base.iterate", F)) == "Tuple{Float64, Nothing}"
    assert show(call(world, "Base.iterate", "Real")) == "Tuple{Real, Nothing}"
    assert call(world, "Base.iterate", F, Const(None)) == T.NOTHING  # printed Core.Const(nothing), a singleton
    assert call(world, "Base.iterate", I, T.ANY) == T.NOTHING
    # not a number: not these methods (a String iterates its characters)
    assert show(call(world, "Base.iterate", T.STRING)) == "Union{Nothing, Tuple{Char, Int64}}"


def test_a_broadcast_to_bools_materializes_a_bitarray(world):
    """broadcast.jl: `copy(bc)` allocates `similar(bc, ElType)`, and
    `similar(::Broadcasted{DefaultArrayStyle{N}}, ::Type{Bool}, dims)` is a `BitArray`: `x .> y`
    is a `BitVector` (its `sum` an `Int64`: `add_sum` of Bools), `x .+ y` a `Vector{Float64}`."""
    vf = world.parse_type("Vector{Float64}")
    for op, shown in ((">", "BitVector"), ("+", "Vector{Float64}"), ("==", "BitVector"), ("*", "Vector{Float64}")):
        bc = world.call(fn(world, "Base.broadcasted"), [fn(world, f"Base.:({op})"), vf, F], M).rt
        assert show(world.call(fn(world, "Base.materialize"), [bc], M).rt) == shown, op
    m = world.parse_type("Matrix{Int64}")
    bc = world.call(fn(world, "Base.broadcasted"), [fn(world, "Base.:(<)"), m, I], M).rt
    assert show(world.call(fn(world, "Base.materialize"), [bc], M).rt) == "BitMatrix"
    assert world.call(fn(world, "Base.sum"), [world.parse_type("BitVector")], M).rt == I


def test_a_keyword_methods_checks_are_evaluated_on_constants(world):
    """A keyword method's lowering checks its keywords: `keys(nt::NamedTuple{names}) = names` is
    `Core.Const(names)`, `diff_names` of two constant tuples of Symbols is evaluated, and
    `isempty(t::Tuple) = t === ()` of a tuple of known length is a constant (namedtuple.jl,
    tuple.jl): the `kwerr` branch is dead, as Julia prints it."""
    nt = world.parse_type("@NamedTuple{x::Int64, y::Float64}")
    keys = world.call(fn(world, "Base.keys"), [nt], M).rt
    assert show(keys) == "Core.Const((:x, :y))"
    given = world.parse_type("Core.Const((:x,))")
    left = world.call(fn(world, "Base.diff_names"), [keys, given], M).rt
    assert show(left) == "Core.Const((:y,))"
    assert show(world.call(fn(world, "Base.isempty"), [left], M).rt) == "Core.Const(false)"
    none = world.call(fn(world, "Base.diff_names"), [given, given], M).rt
    assert show(world.call(fn(world, "Base.isempty"), [none], M).rt) == "Core.Const(true)"
    assert show(world.call(fn(world, "Base.keys"), [world.parse_type("NamedTuple")], M).rt) == "Tuple{Vararg{Symbol}}"


def test_a_keyword_sorters_haskey_structdiff_and_isempty_are_evaluated_on_known_names(world):
    """The keyword sorter's other checks (`#f##kw` in Julia <= 1.8, a `Core.kwcall` method in 1.9+;
    physics215's `raisetop_param`, h966): namedtuple.jl `haskey(nt::NamedTuple, key) = isdefined(nt, key)`
    is a constant for a named tuple of known names; `structdiff(a::NamedTuple{an}, ::Type{NamedTuple{bn}})`
    keeps `a`'s other fields with their types, the constant `NamedTuple()` when none is left, and
    `isempty` of its `pairs` (abstractdict.jl `length(t) == 0`, iterators.jl `length(v::Pairs)`) follows."""
    nt = world.parse_type("@NamedTuple{pow::Int64, scale::Float64}")
    haskey = fn(world, "Base.haskey")
    assert show(world.call(haskey, [nt, Const(Sym("pow"))], M).rt) == "Core.Const(true)"
    assert show(world.call(haskey, [nt, Const(Sym("other"))], M).rt) == "Core.Const(false)"
    assert show(world.call(haskey, [nt, Const(2)], M).rt) == "Core.Const(true)"
    assert show(world.call(haskey, [nt, Const(3)], M).rt) == "Core.Const(false)"
    assert show(world.call(haskey, [nt, world.parse_type("Symbol")], M).rt) == "Bool"
    assert show(world.call(haskey, [world.parse_type("NamedTuple"), Const(Sym("pow"))], M).rt) == "Bool"
    sd = fn(world, "Base.structdiff")
    pow = world.parse_type("Core.Const(NamedTuple{(:pow,)})")
    rest = world.call(sd, [nt, pow], M).rt
    assert show(rest) == "@NamedTuple{scale::Float64}"
    both = world.parse_type("Core.Const(NamedTuple{(:pow, :scale)})")
    none = world.call(sd, [nt, both], M).rt
    assert show(none) == "Core.Const(NamedTuple())"
    empty_pairs = world.call(fn(world, "Base.pairs"), [none], M).rt
    assert show(world.call(fn(world, "Base.isempty"), [empty_pairs], M).rt) == "Core.Const(true)"
    some = world.call(fn(world, "Base.pairs"), [world.parse_type("@NamedTuple{a::Int64, b::Int64}")], M).rt
    assert show(world.call(fn(world, "Base.isempty"), [some], M).rt) == "Core.Const(false)"
    assert show(world.call(sd, [world.parse_type("NamedTuple"), pow], M).rt) == "NamedTuple"


def test_eltype_collect_and_pairs_of_tuples_join_their_element_types(world):
    """tuple.jl `eltype(::Type{T}) where T<:Tuple = _compute_eltype(T)` (`promote_typejoin` of the element
    types, a constant: the function is total), of an instance its type's; namedtuple.jl `nteltype`; array.jl
    `collect` of a tuple a `Vector` of it; iterators.jl `pairs(nt) = Pairs{Symbol}(nt, keys(nt))`, whose
    value type is `eltype(nt)`: a keyword splat of an `Int64` and a `Float64` is a `Pairs{Symbol, Real, …}`."""
    et = fn(world, "Base.eltype")
    for t, e in (("Tuple{Int64, Float64}", "Real"), ("Core.Const((1, 2.0))", "Real"), ("Tuple{Int64, Int64}", "Int64"),
                 ("Core.Const(Tuple{Int64, Nothing})", "Union{Nothing, Int64}"), ("@NamedTuple{a::Int64, b::Float64}", "Real"),
                 ("Tuple{}", "Union{}")):
        assert show(world.call(et, [world.parse_type(t)], M).rt) == f"Core.Const({e})", t
    assert show(world.call(et, [world.parse_type("Vector{Int64}")], M).rt) == "Type{Int64}"  # the array methods stay
    assert show(world.call(fn(world, "Base.collect"), [world.parse_type("Tuple{Int64, Float64}")], M).rt) == "Vector{Real}"
    pairs = world.call(fn(world, "Base.pairs"), [world.parse_type("@NamedTuple{a::Int64, b::Float64}")], M).rt
    assert show(pairs) == "Base.Pairs{Symbol, Real, Tuple{Symbol, Symbol}, @NamedTuple{a::Int64, b::Float64}}"
    pairs = world.call(fn(world, "Base.pairs"), [world.parse_type("@NamedTuple{a::Int64, b::String}")], M).rt
    assert show(pairs) == "Base.Pairs{Symbol, Any, Tuple{Symbol, Symbol}, @NamedTuple{a::Int64, b::String}}"
    ptj = fn(world, "Base.promote_typejoin")
    assert show(world.call(ptj, [Const(T.INT64), Const(T.FLOAT64)], M).rt) == "Core.Const(Real)"
    ptu = fn(world, "Base.Broadcast.promote_typejoin_union")  # broadcast.jl's `using .Base: promote_typejoin_union`
    u = world.parse_type("Core.Const(Union{Nothing, Int64, Float64})")
    assert show(world.call(ptu, [u], M).rt) == "Core.Const(Union{Nothing, Real})"
    assert show(world.call(ptu, [Const(T.INT64)], M).rt) == "Core.Const(Int64)"


def test_vect_of_one_non_leaf_type_leaves_its_element_type_a_variable(world):
    """array.jl `vect(X::T...) where T`: `T` is a `Vararg`'s variable, diagonal, so arguments of one
    abstract or `where` type give it no one value (`match_static_parameters`): `[x]` with
    `x::MPolyElem_dec{S, S1} where {S, S1}` is `Vector{_A} where _A` (Oscar#572, h1304), never
    `Vector{MPolyElem_dec}`; a leaf type is the element type (`Vector{Int64}`), mixed types promote."""
    vect = fn(world, "Base.vect")
    for arg in ("AbstractFloat", "Vector{T} where T", "Real"):
        rt = world.call(vect, [world.parse_type(arg)], M).rt
        assert show(rt) == "Vector", arg
    assert show(world.call(vect, [I, I], M).rt) == "Vector{Int64}"
    assert show(world.call(vect, [I, F], M).rt) == "Vector{Float64}"


def test_a_files_own_vect_declaration_wins_over_the_promotion_rule():
    """`declare Base.vect(::MPolyElem_dec)::Vector` (what `irc stubs --all` writes from Julia's printed
    type) answers the call: irc's own promotion rule models Base's methods, not the file's."""
    w = World.build(parse_text("abstract type MPolyElem_dec{T1, T2} end\n"
                               "declare Base.vect(::MPolyElem_dec)::Vector{Int32}\n", "d.ir").items)
    rt = w.call(w.value_of(parse_expr("Base.vect"), M), [w.parse_type("MPolyElem_dec{Int64, Int64}")], M).rt
    assert show(rt) == "Vector{Int32}"


def test_fix1_and_fix2_call_their_function_with_the_fixed_argument(world):
    """operators.jl: `==(x) = Fix2(==, x)` (and `<`, `in`, `isequal`, …), `Fix2(f, x)` a `Base.Fix2{typeof(f),
    typeof(x)}` (`Type{T}` for a type), `(f::Fix2)(y) = f.f(y, f.x)`, `(f::Fix1)(y) = f.f(f.x, y)`: `map(Base.Fix2(
    getindex, i), vv)` is a `Vector{Float64}` (SciMLStyle#34, h500), `findfirst(==(x), v)` an index or
    `nothing`; reduce.jl `count(f, itr)` an `Int64`."""
    vv, v = world.parse_type("Vector{Vector{Float64}}"), world.parse_type("Vector{Int64}")
    fix = world.call(fn(world, "Base.Fix2"), [fn(world, "Base.getindex"), I], M).rt
    assert show(fix) == "Base.Fix2{typeof(getindex), Int64}"
    assert show(world.call(fix, [world.parse_type("Vector{Float64}")], M).rt) == "Float64"
    assert show(world.call(fn(world, "Base.map"), [fix, vv], M).rt) == "Vector{Float64}"
    eq = world.call(fn(world, "Base.:(==)"), [Const(3)], M).rt
    assert show(eq) == "Base.Fix2{typeof(==), Int64}"
    assert show(world.call(eq, [F], M).rt) == "Bool"
    assert show(world.call(fn(world, "Base.findfirst"), [eq, v], M).rt) == "Union{Nothing, Int64}"
    assert show(world.call(fn(world, "Base.count"), [eq, v], M).rt) == "Int64"
    ty = world.call(fn(world, "Base.Fix2"), [fn(world, "Base.convert"), Const(T.FLOAT64)], M).rt
    assert show(ty) == "Base.Fix2{typeof(convert), Type{Float64}}"
    fix1 = world.call(fn(world, "Base.Fix1"), [fn(world, "Base.:-"), Const(1.0)], M).rt
    assert show(world.call(fix1, [I], M).rt) == "Float64"


def test_a_tuple_indexed_by_a_range_is_a_tuple_of_its_element_type(world):
    """tuple.jl: `getindex(t::Tuple, r::AbstractArray{<:Any,1}) = (eltype(t)[t[ri] for ri in r]...,)`:
    a tuple of unknown length (`Tuple` of a `Tuple`, the julia_book's slice; `Tuple{Vararg{T}}` of an
    `NTuple{N, T}`)."""
    r = world.parse_type("UnitRange{Int64}")
    get = fn(world, "Base.getindex")
    assert show(world.call(get, [world.parse_type("Tuple"), r], M).rt) == "Tuple"
    assert show(world.call(get, [world.parse_type("NTuple{3, Float64}"), r], M).rt) == "Tuple{Vararg{Float64}}"


def test_enumerate_iterates_as_its_inner_iterator(world):
    """iterators.jl: `iterate(e::Enumerate, state=(1,))` pairs the inner `iterate(e.itr, …)`'s
    element and state with an `Int64` index; `e.itr` of an `Enumerate{I} where I<:(Vector{<:Real})`
    is below the bound (its element `Real`); an inner iterator irc cannot iterate leaves `Any`."""
    it = fn(world, "Base.iterate")
    en = fn(world, "Base.enumerate")
    for inner, shown in (("Vector{Float64}", "Tuple{Tuple{Int64, Float64}, Tuple{Int64, Int64}}"),
                         ("Vector{<:Real}", "Tuple{Tuple{Int64, Real}, Tuple{Int64, Int64}}"),
                         ("String", "Tuple{Tuple{Int64, Char}, Tuple{Int64, Int64}}"),
                         ("UnitRange{Int64}", "Tuple{Tuple{Int64, Int64}, Tuple{Int64, Int64}}")):
        e = world.call(en, [world.parse_type(inner)], M).rt
        assert show(world.call(it, [e], M).rt) == f"Union{{Nothing, {shown}}}", inner
        st = world.parse_type("Tuple{Int64, Int64}")
        assert show(world.call(it, [e, st], M).rt) == f"Union{{Nothing, {shown}}}", inner
    e = world.call(en, [world.parse_type("X")], M).rt
    assert show(world.call(it, [e], M).rt) == "Any"


def test_held_out_gaps_round_3(world):
    """tuple.jl `map(f, t::Tuple…)` is the tuple of `f` on each index (to the shortest; an `f` irc cannot
    type is `Any` there); iterators.jl `pairs(NamedTuple())` is a constant; missing.jl `sum` over a
    `SkipMissing` reduces the non-missing elements and `missing + 1` is `missing`; broadcast.jl's
    `broadcastable` wraps a type in a `RefValue{Type{T}}` and a `Ref` broadcasts as a scalar;
    abstractarray.jl `axes(::Array, d)` / range.jl `first(::OneTo{Int64})`; array.jl `filter`."""
    sin, plus = fn(world, "Base.sin"), fn(world, "Base.:+")
    m = fn(world, "Base.map")
    assert show(call(world, "Base.map", sin, "Tuple{Int64, Float64}")) == "Tuple{Float64, Float64}"
    assert show(call(world, "Base.map", plus, "Tuple{Int64, Int64}", "Tuple{Float64, Int64, Int64}")) \
        == "Tuple{Float64, Int64}"
    assert show(world.call(m, [plus, Const((Const(1), Const(2))), Const((Const(3), Const(4)))], M).rt) \
        == "Core.Const((4, 6))"
    assert show(call(world, "Base.map", fn(world, "Base.deepcopy"), "Tuple{Int64, Int64}")) == "Tuple{Any, Any}"
    assert show(call(world, "Base.map", fn(world, "Main.splitsum"), "Tuple{Int64}")) == "Union{}"  # no method
    empty = call(world, "Core.NamedTuple")
    assert show(call(world, "Base.pairs", empty)) == "Core.Const(Base.Pairs{Symbol, Union{}, Tuple{}, @NamedTuple{}}())"
    sm = "Base.SkipMissing{Vector{Union{Missing, Int64}}}"
    assert show(call(world, "Base.sum", sm)) == "Int64"
    assert show(call(world, "Base.sum", sin, sm)) == "Float64"
    assert show(call(world, "Base.sum", "Base.SkipMissing{Vector{Union{Missing, Int32}}}")) == "Int64"
    assert show(call(world, "Base.:+", "Union{Missing, Int64}", I)) == "Union{Missing, Int64}"
    bc = call(world, "Base.broadcasted", fn(world, "Base.convert"), "Type{Float32}", "Matrix{Float64}")
    assert show(bc) == BC + "{Base.Broadcast.DefaultArrayStyle{2}, Nothing, typeof(convert), " \
        "Tuple{Base.RefValue{Type{Float32}}, Matrix{Float64}}}"
    assert show(call(world, "Base.materialize", bc)) == "Matrix{Float32}"
    bc = call(world, "Base.broadcasted", plus, "Base.RefValue{Int64}", "Vector{Float64}")
    assert show(call(world, "Base.materialize", bc)) == "Vector{Float64}"
    ax = call(world, "Base.axes", "Matrix{Float64}", I)
    assert show(ax) == "Base.OneTo{Int64}" and show(call(world, "Base.first", ax)) == "Core.Const(1)"
    assert show(call(world, "Base.filter", sin, "Vector{Int64}")) == "Vector{Int64}"


# -- strings/io.jl `string(xs...) = print_to_string(xs...)`; strings/basic.jl `string(s::AbstractString) = s`;
#    substring.jl `string(a::String)`; io.jl `string(a::Symbol)`; intfuncs.jl `string(n::Integer; …)`,
#    `string(b::Bool)`: an argument that is not concrete meets more of them than `max_methods` (3)
def test_string_of_an_argument_of_unknown_type_is_any_and_of_a_concrete_one_a_string(world):
    assert call(world, "Base.string", T.ANY) == T.ANY  # h356: `string(doubled::Any)::Any`
    assert show(call(world, "Base.string", F)) == "String"  # only `string(xs...)` applies
    assert show(call(world, "Base.string", I)) == "String"  # `string(n::Integer)`
    assert show(call(world, "Base.string", "SubString{String}")) == "SubString{String}"  # `string(s) = s`
    assert show(call(world, "Base.string", "Symbol")) == "String"
    assert show(call(world, "Base.string", T.ANY, T.ANY)) == "String"  # two arguments: `string(xs...)` alone


# -- missing.jl (1.10 l. 74-76) `==(::Missing, ::Any) = missing` (and its mirror and `(::Missing, ::Missing)`),
#    promotion.jl `==(x::Number, y::Number)`, Base.jl `==(x, y) = x === y`
def test_equality_with_missing_is_missing_and_with_an_unknown_argument_any(world):
    assert call(world, "Base.:(==)", T.ANY, "UInt8") == T.ANY  # h122: `(%6 == 0x02)::Any`
    assert show(call(world, "Base.:(==)", "Missing", I)) == "Missing"
    assert show(call(world, "Base.:(==)", I, "Missing")) == "Missing"
    assert show(call(world, "Base.:(==)", "Union{Missing, Int64}", I)) == "Union{Missing, Bool}"
    assert show(call(world, "Base.:(==)", I, I)) == "Bool"
    assert show(call(world, "Base.:(==)", "Int8", F)) == "Bool"  # `==(x::Number, y::Number)`
    assert show(call(world, "Base.:(==)", "Vector{Int64}", "Vector{Int64}")) == "Bool"  # the fallback
# -- arraymath.jl: `+(A::Array, Bs::Array...)`, `-(A::AbstractArray, B::AbstractArray)` broadcast the
#    operator, so two arrays of a closed element type give an array of it, of their dimension (h307)
@pytest.mark.parametrize("op", ["Base.:+", "Base.:-"])
@pytest.mark.parametrize("elt", ["Int64", "Float64"])
def test_elementwise_sum_of_two_arrays_keeps_their_element_type(world, op, elt):
    assert show(call(world, op, f"Vector{{{elt}}}", f"Vector{{{elt}}}")) == f"Vector{{{elt}}}"
    assert show(call(world, op, f"Matrix{{{elt}}}", f"Matrix{{{elt}}}")) == f"Matrix{{{elt}}}"


def test_held_out_gaps_round_4(world):
    """number.jl `zero(x::Number) = oftype(x, 0)`, `zero(::Type{T}) = convert(T, 0)` (`one` likewise)
    fold for every bit integer and float type; range.jl `+(r1::OrdinalRange, r2::OrdinalRange)` is a
    `StepRangeLen` whose step (`oneunit + oneunit`) and offset are constants; arraymath.jl `+(::Array,
    ::Array...)`; multidimensional.jl indexing by ranges has one dimension per range; iterators.jl
    `filter(flt, itr) = Filter(flt, itr)`."""
    for t, z, o in [("Int32", "0", "1"), ("Int8", "0", "1"), ("Int128", "0", "1"), ("UInt16", "0x0000", "0x0001"),
                    ("UInt64", "0x0000000000000000", "0x0000000000000001"), ("Float16", "Float16(0.0)", "Float16(1.0)")]:
        for arg in (t, f"Type{{{t}}}"):
            zr, on = call(world, "Base.zero", arg), call(world, "Base.one", arg)
            assert show(zr) == f"Core.Const({z})" and show(zr.typ) == t, (t, arg)
            assert show(on) == f"Core.Const({o})" and show(on.typ) == t, (t, arg)
    r = call(world, "Base.:+", "UnitRange{Int64}", "UnitRange{Int64}")
    assert show(r) == "Core.PartialStruct(StepRangeLen{Int64, Int64, Int64, Int64}, Any[Int64, Core.Const(2), Int64, Core.Const(1)])"
    r = call(world, "Base.:-", "UnitRange{Int64}", "UnitRange{Int64}")
    assert show(r) == "Core.PartialStruct(StepRangeLen{Int64, Int64, Int64, Int64}, Any[Int64, Core.Const(0), Int64, Core.Const(1)])"
    assert show(call(world, "Base.:+", "Vector{Int64}", "Vector{Int64}")) == "Vector{Int64}"
    assert show(call(world, "Base.:-", "Matrix{Int64}", "Matrix{Int64}")) == "Matrix{Int64}"
    ur = "UnitRange{Int64}"
    assert show(call(world, "Base.getindex", "Array{Int16, 3}", ur, ur, ur)) == "Array{Int16, 3}"
    assert show(call(world, "Base.getindex", "Array{Int16, 3}", ur, ur)) == "Matrix{Int16}"
    assert show(call(world, "Base.getindex", "Matrix{Float64}", ur)) == "Vector{Float64}"
    assert show(call(world, "Base.getindex", "Vector{Float64}", ur, ur)) == "Matrix{Float64}"
    flt = call(world, "Base.Iterators.filter", fn(world, "Base.isodd"), "Tuple{Int64, Int64}")
    assert show(flt) == "Base.Iterators.Filter{typeof(isodd), Tuple{Int64, Int64}}"


def test_a_number_of_a_type_without_literals_is_a_constant_in_a_declaration(world):
    """`Core.Const(Int32(0))` in a declaration is the constant (Julia shows it `Core.Const(0)`), read
    with no call; a value the type cannot hold exactly is left to the call (`InexactError`)."""
    for text, shown, t in [("Core.Const(Int32(0))", "Core.Const(0)", "Int32"),
                           ("Core.Const(UInt16(1))", "Core.Const(0x0001)", "UInt16"),
                           ("Core.Const(Float16(0.5))", "Core.Const(Float16(0.5))", "Float16")]:
        c = world.parse_type(text)
        assert type(c) is Const and show(c) == shown and show(c.typ) == t
    assert world._number_literal(parse_expr("Int8(300)"), M) is None
    assert world._number_literal(parse_expr("Int32(1.5)"), M) is None


def test_power_by_squaring_has_the_type_of_x_times_x(world):
    """intfuncs.jl `power_by_squaring(x_, p::Integer)` multiplies `to_power_type(x_)` (`x_ * x_`'s type)
    by itself; a loop, so constant arguments are not folded (h511: `Base.power_by_squaring(x, n)::Int64`)."""
    assert show(call(world, "Base.power_by_squaring", I, I)) == "Int64"
    assert show(call(world, "Base.power_by_squaring", F, I)) == "Float64"
    assert show(call(world, "Base.power_by_squaring", "Core.Const(3)", "Core.Const(2)")) == "Int64"


# -- operators.jl: `|>(x, f) = f(x)`: the pipe's result is the call of its right operand on its left one,
#    constants included; a callee irc does not know stays unknown (Any with its note), never Union{}
def test_pipe_is_the_call_of_its_right_operand(world):
    assert call(world, "Base.:|>", "X", fn(world, "Main.splitsum")) == I
    assert call(world, "Base.:|>", Const(2), fn(world, "Base.iszero")) == Const(False)
    assert call(world, "Base.:|>", "Float64", fn(world, "Base.iszero")) == T.BOOL
    for arg in ("Float64", Const(2.0)):
        assert call(world, "Base.:|>", arg, fn(world, "Base.string")) == call(world, "Base.string", arg)
    r = world.call(fn(world, "Base.:|>"), [I, world.value_of(parse_expr("Main.nothere"), M)], M)
    assert r.rt == T.ANY


# -- range.jl: `const (:) = Colon()`: the type `Colon` a declaration names is `typeof(:)`, so a
#    method on `::Colon` takes `Base.:(:)`, the same binding read through any module (`Statistics.:(:)`,
#    a lowered keyword body's argument); never a MethodError (`Union{}`)
def test_colon_is_the_type_of_the_function_colon():
    w = World.build(parse_text("declare Main.g(::Colon)::Int64\ndeclare Main.g(::Any)::Float64\n", "d.ir").items,
                    prelude=True)
    colon = w.parse_type("Colon")
    assert show(colon) == "Colon" and colon == w.parse_type("Base.Colon")
    for name in ("Base.:(:)", "Main.:(:)", "Statistics.:(:)"):
        v = w.value_of(parse_expr(name), M)
        assert v == Const(w.value_of(parse_expr("Base.:(:)"), M).val), name
        assert call(w, "Main.g", v) == I, name
    assert call(w, "Main.g", "Colon") == I
    assert call(w, "Main.g", "Int64") == F


# -- issue 27, prelude round 5

SUB = "SubArray"
SLICE = "Base.Slice{Base.OneTo{Int64}}"


def test_a_view_is_a_subarray_with_julias_fast_linear_flag_and_constant_stride(world):
    """subarray.jl `SubArray(IndexStyle(viewindexing(I), …), parent, I, …)`: a range alone, a Slice then a scalar
    or a range, a range then scalars are `IndexLinear` (`L` true, `stride1` the constant 1 unless a scalar comes
    first: `s*length(inds[1])`); two ranges are `IndexCartesian` (`L` false, offset and stride the constants 0)."""
    v = call(world, "Base.view", "Vector{Float64}", "UnitRange{Int64}")
    assert type(v).__name__ == "PartialStruct"
    assert show(v) == ("Core.PartialStruct(SubArray{Float64, 1, Vector{Float64}, Tuple{UnitRange{Int64}}, true}, "
                       "Any[Vector{Float64}, Tuple{UnitRange{Int64}}, Int64, Core.Const(1)])")  # h012
    # one index reshapes a Matrix to a Vector (`_maybe_reshape_parent`)
    assert show(call(world, "Base.view", "Matrix{Int64}", "UnitRange{Int64}")).startswith(
        "Core.PartialStruct(SubArray{Int64, 1, Vector{Int64}, Tuple{UnitRange{Int64}}, true}")
    colon = fn(world, "Base.:(:)")  # `(:)` is `Colon()`, to_indices makes it a Slice
    assert show(call(world, "Base.view", "Matrix{Bool}", colon, I)) == (
        f"Core.PartialStruct({SUB}{{Bool, 1, Matrix{{Bool}}, Tuple{{{SLICE}, Int64}}, true}}, "
        f"Any[Matrix{{Bool}}, Tuple{{{SLICE}, Int64}}, Int64, Core.Const(1)])")
    # a scalar first: the stride is the first dimension's length, not a constant
    assert show(call(world, "Base.view", "Matrix{Bool}", I, colon)) == \
        f"{SUB}{{Bool, 1, Matrix{{Bool}}, Tuple{{Int64, {SLICE}}}, true}}"
    assert show(call(world, "Base.view", "Matrix{Int8}", "UnitRange{Int64}", "UnitRange{Int64}")).endswith(
        ", false}, Any[Matrix{Int8}, Tuple{UnitRange{Int64}, UnitRange{Int64}}, Core.Const(0), Core.Const(0)])")


def test_vcat_and_hcat_of_numbers_and_vectors_promote_the_element_types(world):
    """abstractarray.jl `vcat(X::Number...)` a `Vector{promote_typeof(X...)}`, `vcat(A::Union{AbstractArray,
    Number}...)` a `Vector{promote_eltypeof(A...)}`; `hcat` a `Matrix`."""
    assert show(call(world, "Base.vcat", F, "Vector{Float64}")) == "Vector{Float64}"  # h218
    assert show(call(world, "Base.vcat", I, F)) == "Vector{Float64}"
    assert show(call(world, "Base.vcat", "Int32", "Vector{Int64}", "Vector{Int8}")) == "Vector{Int64}"
    assert show(call(world, "Base.vcat", "Vector{String}", "Vector{String}")) == "Vector{String}"
    assert show(call(world, "Base.hcat", I, "Vector{Float64}")) == "Matrix{Float64}"
    # a promotion irc does not compute keeps the declaration's `Vector`, never a wrong element type
    assert show(call(world, "Base.vcat", "Vector{String}", "Vector{Float64}")) == "Vector"


def test_sum_and_prod_of_a_number_widen_small_integers(world):
    """reduce.jl `mapreduce(f, op, a::Number) = mapreduce_first(f, op, a)`: `reduce_first(add_sum, x)` is `x`,
    `Int(x)` of a Bool (`reduce_first(::typeof(+), x::Bool)`) or a small signed integer, `UInt(x)` of a small
    unsigned one; `mul_prod` the same but a Bool stays a Bool."""
    for f, arg, t in [("sum", F, "Float64"), ("sum", "Int32", "Int64"), ("sum", "UInt8", "UInt64"),
                      ("sum", "Bool", "Int64"), ("sum", "Float32", "Float32"), ("prod", "Int16", "Int64"),
                      ("prod", "Bool", "Bool"), ("prod", I, "Int64")]:
        assert show(call(world, "Base." + f, arg)) == t, (f, arg)


def test_a_bitvector_bit_is_a_bool_and_setting_one_returns_the_array(world):
    assert show(call(world, "Base.getindex", "BitVector", I)) == "Bool"  # h218
    assert show(call(world, "Base.getindex", "BitMatrix", I)) == "Bool"
    assert show(call(world, "Base.setindex!", "BitVector", "Bool", I)) == "BitVector"


def test_a_rational_of_one_integer_type(world):
    """rational.jl `//(n::Integer, d::Integer) = Rational(n,d)`, `Rational(n::T, d::T) = Rational{T}(n, d)`."""
    assert show(call(world, "Base.://", I, I)) == "Rational{Int64}"  # h112
    assert show(call(world, "Base.://", "Int32", "Int32")) == "Rational{Int32}"
    assert show(call(world, "Base.:+", "Rational{Int64}", "Rational{Int64}")) == "Rational{Int64}"
    assert show(call(world, "Base.:/", "Rational{Int8}", "Rational{Int8}")) == "Rational{Int8}"


def test_in_by_the_generic_method_is_bool_only_when_equality_is(world):
    """operators.jl `function in(x, itr)`: `v = (y == x)`, `missing` seen answers `missing` unless a `true`
    comes; an unknown collection meets more than `max_methods` of Base's `in` methods: Any (h506's
    `Union{Missing, Bool}` is Julia 1.6 on a constant global irc cannot see)."""
    assert show(call(world, "Base.in", I, "Vector{Int64}")) == "Bool"
    assert show(call(world, "Base.in", I, "Vector{Any}")) == "Union{Missing, Bool}"
    assert show(call(world, "Base.in", I, "Vector{Union{Missing, Int64}}")) == "Union{Missing, Bool}"
    assert show(call(world, "Base.in", I, "Tuple{Int64, Int64}")) == "Bool"
    assert show(call(world, "Base.in", I, "UnitRange{Int64}")) == "Bool"
    assert show(call(world, "Base.in", I, "Any")) == "Any"
    assert show(call(world, "Base.:∈", I, "Vector{Any}")) == "Union{Missing, Bool}"  # `const ∈ = in`
    assert fn(world, "Base.:∈") == fn(world, "Base.in")


def test_not_equal_is_the_negation_of_equality(world):
    """operators.jl `!=(x, y) = !(x == y)`: `!` on `==`'s type; two unknown arguments: Any (`==` and `!`
    each meet more than `max_methods` methods)."""
    assert show(call(world, "Base.:(!=)", "String", "String")) == "Bool"
    assert show(call(world, "Base.:(!=)", "Any", "Any")) == "Any"
    assert show(call(world, "Base.:(!=)", "Core.Const(1)", "Core.Const(2)")) == "Core.Const(true)"


def test_isempty_of_a_named_tuple_is_a_constant(world):
    """namedtuple.jl `isempty(::NamedTuple{()}) = true`, `isempty(::NamedTuple) = false`; tuple.jl
    `isempty(t::Tuple) = t === ()` folded on a tuple of known length."""
    assert show(call(world, "Base.isempty", "@NamedTuple{}")) == "Core.Const(true)"
    assert show(call(world, "Base.isempty", "@NamedTuple{a::Int64}")) == "Core.Const(false)"
    assert show(call(world, "Base.isempty", "NamedTuple")) == "Bool"
    assert show(call(world, "Base.isempty", "Tuple{}")) == "Core.Const(true)"  # h204
    assert show(call(world, "Base.pairs", "@NamedTuple{}")) == \
        "Core.Const(Base.Pairs{Symbol, Union{}, Tuple{}, @NamedTuple{}}())"  # h111


def test_a_bare_where_variable_may_apply_only_below_its_bound(world):
    """`prod(::T) where {T<:Number}` cannot apply to a `UnitRange{Int64}` (`irc explain` lists it
    `not applicable`; dispatch.may_apply intersects a bare variable by its bound), but may to `Any`."""
    from irc.world.dispatch import may_apply
    ms = [m for m in world.methods[fn(world, "Base.prod").val.qualname] if show(m.sig).startswith("Tuple{T}")]
    assert len(ms) == 1
    assert not may_apply(T.tuple_type([world.parse_type("UnitRange{Int64}")]), ms[0])
    assert may_apply(T.tuple_type([T.ANY]), ms[0])
    assert may_apply(T.tuple_type([world.parse_type("Real")]), ms[0])


# -- broadcast.jl `Broadcasted{Style}(f::F, args::Args, …) where {…, Args<:Tuple}`: `Args` is matched only
#    covariantly, so arguments whose tuple is no leaf (`Vector`, a UnionAll) make it a variable below that
#    tuple (subtype.c `is_leaf_bound`; 27.2.AN), printed in place as Julia 1.11 prints it (h684)
def test_broadcast_over_an_argument_that_is_no_leaf_is_below_its_tuple(world):
    bc = call(world, "Base.broadcasted", fn(world, "Base.:*"), "Int64", "Vector")
    assert show(bc) == f"{BC}{{Base.Broadcast.DefaultArrayStyle{{1}}, Nothing, typeof(*), <:Tuple{{Int64, Vector}}}}"
    bc = call(world, "Base.broadcasted", fn(world, "Base.:*"), "Int64", "Vector{Float64}")  # a leaf: the tuple
    assert show(bc) == f"{BC}{{Base.Broadcast.DefaultArrayStyle{{1}}, Nothing, typeof(*), Tuple{{Int64, Vector{{Float64}}}}}}"
    bc = call(world, "Base.broadcasted", fn(world, "Base.:+"), "Matrix", "Float64")
    assert show(bc).endswith("DefaultArrayStyle{2}, Nothing, typeof(+), <:Tuple{Matrix, Float64}}")


# -- range.jl `OneTo(stop::T) = OneTo{T}(stop)`, inner `new(max(zero(T), stop))`, `show(io, r::OneTo) =
#    print(io, "Base.OneTo(", r.stop, ")")`: a constant bit integer gives the constant Julia evaluates
def test_oneto_of_a_constant_is_the_constant_range(world):
    for n, stop in ((1, 1), (5, 5), (-3, 0), (0, 0)):
        r = call(world, "Base.OneTo", Const(n))
        assert type(r) is Const and show(r) == f"Core.Const(Base.OneTo({stop}))"
    assert show(call(world, "Base.OneTo", "Int64")) == "Base.OneTo{Int64}"  # a value: the type
    r = call(world, "Base.OneTo", Const(2, T.INT32))
    assert show(widenconst(r)) == "Base.OneTo{Int32}" and type(r) is Const
    for b in (Const(True), "Bool"):  # `T === Bool && throwbool(stop)`: every Bool throws an ArgumentError
        assert call(world, "Base.OneTo", b) == BOTTOM


# -- range.jl / twiceprecision.jl: a float range is `StepRangeLen{T, TwicePrecision{T}, TwicePrecision{T}, Int64}`
FLOATRANGE = "StepRangeLen{Float64, Base.TwicePrecision{Float64}, Base.TwicePrecision{Float64}, Int64}"


@pytest.mark.parametrize("name,args", [
    ("Base.:(:)", ("Float64", "Float64")), ("Base.:(:)", ("Int64", "Float64")), ("Base.:(:)", ("Float64", "Int64")),
    ("Base.:(:)", ("Int64", "Float64", "Int64")), ("Base.:(:)", ("Float64", "Float64", "Float64")),
    ("Base.range", ("Int64", "Float64")), ("Base.range", ("Float64", "Float64")),
])
def test_a_float_range_is_a_steprangelen_of_twiceprecision(world, name, args):
    """`(:)(a::T, b::T) where {T<:AbstractFloat} = (:)(a, T(1), b)`, `floatrange` (twiceprecision.jl);
    `(:)(start::Real, stop::Real)` promotes; `range(start, stop) = start:stop` (h1001: `range(0, n)`)."""
    assert show(call(world, name, *args)) == FLOATRANGE


def test_a_float_range_iterates_and_indexes_its_element_type(world):
    """`iterate(r::StepRangeLen, i::Integer=zero(length(r)))` gives `(r[i+1], i+1)`: the state is the
    range's length type; `getindex`, `first`, `last` the element type, `collect` a `Vector` of it; an
    integer range's iteration is untouched."""
    assert show(call(world, "Base.iterate", FLOATRANGE)) == "Union{Nothing, Tuple{Float64, Int64}}"
    assert show(call(world, "Base.iterate", FLOATRANGE, "Int64")) == "Union{Nothing, Tuple{Float64, Int64}}"
    assert show(call(world, "Base.getindex", FLOATRANGE, "Int64")) == "Float64"
    assert show(call(world, "Base.collect", FLOATRANGE)) == "Vector{Float64}"
    assert show(call(world, "Base.iterate", "UnitRange{Int64}")) == "Union{Nothing, Tuple{Int64, Int64}}"


def test_a_ccall_argument_already_of_its_type_converts_to_itself(world):
    """essentials.jl `cconvert(T::Type, x) = x isa T ? x : convert(T, x)`, `unsafe_convert(::Type{T},
    x::T) where {T} = x` (a `ccall`'s lowering, h968); another argument type is left open (`Any`)."""
    assert show(call(world, "Base.cconvert", "Type{Float64}", "Float64")) == "Float64"
    assert show(call(world, "Base.unsafe_convert", "Type{Float64}", "Float64")) == "Float64"
    assert show(call(world, "Base.cconvert", "Type{Float64}", "Int64")) == "Any"


def test_float_pow_helpers_of_base_math(world):
    """math.jl's `^(x::Float64, y::Float64)` as a course pastes it (h1004, Julia 1.8): `eps()` is
    `eps(Float64)`, `inv` folds a constant (`1/x`, `inv(0.0)` is `Inf`) and is a `Float64` otherwise,
    `unsafe_trunc(Int64, ::Float64)` an `Int64`, `pow_body` a `Float64`, `throw_exp_domainerror` throws."""
    assert show(call(world, "Base.eps")) == "Core.Const(2.220446049250313e-16)"
    assert show(call(world, "Base.inv", Const(2.220446049250313e-16))) == "Core.Const(4.503599627370496e15)"
    assert show(call(world, "Base.inv", Const(0.0))) == "Core.Const(Inf)"
    assert show(call(world, "Base.inv", Const(4))) == "Core.Const(0.25)"
    assert show(call(world, "Base.inv", "Float64")) == "Float64"
    assert show(call(world, "Base.unsafe_trunc", "Type{Int64}", "Float64")) == "Int64"
    assert show(call(world, "Base.Math.pow_body", "Float64", "Float64")) == "Float64"
    assert call(world, "Base.Math.throw_exp_domainerror", "Float64") == BOTTOM


def test_an_irrational_promotes_with_a_number_to_float64(world):
    """irrationals.jl `promote_rule(::Type{<:AbstractIrrational}, ::Type{T}) where {T<:Real} =
    promote_type(Float64, T)`: `promote(2, π)` is a pair of `Float64` (h969), either order."""
    pi = fn(world, "pi")
    assert show(call(world, "Base.promote", "Int64", pi)) == "Tuple{Float64, Float64}"
    assert show(call(world, "Base.promote", pi, "Float64")) == "Tuple{Float64, Float64}"


@pytest.mark.parametrize("name,args,result", [
    # arraymath.jl: a number times an array broadcasts it (h1146: `2 * x`), `/` of integers is a Float64
    ("Base.:*", ("Int64", "Vector{Int64}"), "Vector{Int64}"), ("Base.:*", ("Matrix{Float64}", "Float64"), "Matrix{Float64}"),
    ("Base.:*", ("Int64", "Vector{Float64}"), "Vector{Float64}"), ("Base.:*", ("Float64", "Vector{Int64}"), "Vector{Float64}"),
    ("Base.:/", ("Vector{Int64}", "Int64"), "Vector{Float64}"), ("Base.:+", ("Vector{Float64}", "Vector{Float64}"), "Vector{Float64}"),
    # char.jl: a character plus an integer is a character, two characters' difference an Int64 (h1162)
    ("Base.:+", ("Char", "Int64"), "Char"), ("Base.:+", ("Int64", "Char"), "Char"), ("Base.:-", ("Char", "Char"), "Int64"),
    # strings/basic.jl `^(s::AbstractString, r::Integer) = repeat(s, r)` through `literal_pow` (h1152)
    ("Base.literal_pow", ("typeof(^)", "String", "Val{2}"), "String"),
    # Random's `randn()`, threadingconstructs.jl `threadid()` (h1164, h1158)
    ("Base.randn", (), "Float64"), ("Base.randn", ("Int64",), "Vector{Float64}"), ("Base.Threads.threadid", (), "Int64"),
])
def test_base_methods_courses_paste(world, name, args, result):
    assert show(widenconst(call(world, name, *args))) == result


def test_the_trig_kernels_a_pasted_cos_calls(world):
    """special/trig.jl and rem_pio2.jl, what Base's `cos(x::Float64)` body calls (h976): the reduced
    argument is a `DoubleFloat64` in a tuple with the quadrant; the kernels give a Float64 on either;
    the domain errors always throw."""
    assert show(call(world, "Base.Math.rem_pio2_kernel", "Float64")) == "Tuple{Int64, Base.Math.DoubleFloat64}"
    assert show(call(world, "Base.Math.cos_kernel", "Base.Math.DoubleFloat64")) == "Float64"
    assert show(call(world, "Base.Math.sin_kernel", "Float64")) == "Float64"
    assert call(world, "Base.Math.cos_domain_error", "Float64") == BOTTOM


def test_eachindex_of_a_tuple_is_its_constant_range(world):
    """tuple.jl `eachindex(t::Tuple) = OneTo(length(t))` (h1243): a tuple of known length gives
    `Core.Const(Base.OneTo(n))`, one of unknown length a `Base.OneTo{Int64}`; an array keeps its method."""
    assert show(call(world, "Base.eachindex", "Tuple{Int64, Float64, Int64, Float32}")) == "Core.Const(Base.OneTo(4))"
    assert show(call(world, "Base.eachindex", "Tuple{Vararg{Int64}}")) == "Base.OneTo{Int64}"
    assert show(call(world, "Base.eachindex", "Vector{Float64}")) == "Base.OneTo{Int64}"


def test_eachindex_refines_a_declaration_of_the_file_s_own():
    """`irc stubs --all` declares Julia's printed `Core.Const(Base.OneTo(4))` widened; tuple.jl's one
    method refines it to the constant, and never contradicts a declared result it does not fit."""
    decls = "declare Base.eachindex(::Tuple{Int64, Float64})::Base.OneTo{Int64}\n"
    w = World.build(parse_text(decls, "decls.ir").items, prelude=True)
    assert show(call(w, "Base.eachindex", "Tuple{Int64, Float64}")) == "Core.Const(Base.OneTo(2))"
    w2 = World.build(parse_text("declare Base.eachindex(::Tuple{Int64, Float64})::Int64\n", "d.ir").items, prelude=True)
    assert show(call(w2, "Base.eachindex", "Tuple{Int64, Float64}")) == "Int64"
