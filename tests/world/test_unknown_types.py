"""Unknown types are kept, not erased; names resolve as a user means them
(spec §1.1, §1.2; docs/semantics.md §10).  The inputs are the shapes of real
pastes (samples/real): package types in signatures, a struct the paste does
not show, Weave and Pluto sandboxes."""
import pytest

from irc.cli.driver import analyse_text
from irc.lattice import typetable as T
from irc.lattice.subtype import issubtype, typeintersect
from irc.lattice.typelattice import BOOL, Const, widenconst
from irc.lattice.typeprint import show
from irc.lattice.types import BOTTOM
from irc.output.text import render_program
from irc.syntax.parser import parse_expr, parse_text
from irc.world.world import World

M = ("Main",)


@pytest.fixture(scope="module")
def world():
    return World.build(parse_text("declare Main.takes(::SMatrix{3, 3, Float64})::Float64\n"
                                  "declare Main.takes(::Any)::Int64\n", "x.ir").items)


def test_a_package_type_in_a_declaration_is_kept_as_written(world):
    t = world.parse_type("SMatrix{3, 3, Float64}")
    assert show(t) == "SMatrix{3, 3, Float64}"
    assert show(world.parse_type("CuDeviceVector{Int32, 1}")) == "CuDeviceVector{Int32, 1}"
    assert show(world.parse_type("StaticArrays.SVector{3, Float64}")) == "StaticArrays.SVector{3, Float64}"
    f = world.value_of(parse_expr("Main.takes"), M)
    assert world.call(f, [t], M).rt == T.FLOAT64  # dispatch by structure on itself


def test_unknown_types_subtype_by_structure_and_meet_conservatively(world):
    a = world.parse_type("SMatrix{3, 3, Float64}")
    b = world.parse_type("SMatrix{3, 3, Float64}")
    c = world.parse_type("SMatrix{2, 2, Float64}")
    assert a == b and issubtype(a, b) and issubtype(a, T.ANY)
    assert not issubtype(a, c) and not issubtype(a, T.wrapper(T.ABSTRACTARRAY_NAME))
    assert not issubtype(T.INT64, a)
    assert not T.isconcrete(a)  # it may be abstract
    # its relations to abstract types are unknown: the meet is never empty ...
    assert typeintersect(a, T.wrapper(T.ABSTRACTARRAY_NAME)) == a
    assert typeintersect(a, T.NUMBER) == a
    # ... but a known concrete type or a known non-abstract name is something else
    assert typeintersect(a, T.INT64) == BOTTOM
    assert typeintersect(a, T.wrapper(T.ARRAY_NAME)) == BOTTOM
    isa = world.value_of(parse_expr("Core.isa"), M)
    assert world.call(isa, [a, Const(T.wrapper(T.ABSTRACTARRAY_NAME))], M).rt == BOOL  # not Const(false)
    assert world.call(isa, [a, Const(T.INT64)], M).rt == Const(False)


def test_a_bare_unknown_name_as_a_type_argument_is_never_provably_false():
    """`x isa Main.Test.T` with `T` a global the paste does not show (`const T = Union{Int, Real}`, or
    no constant at all: julia ArrayLayouts#238, h805/h806): `isa`, `<:` and `typeassert` answer what
    they cannot refute -- `Bool`, the value's own type -- never `Const(false)` or `Union{}`."""
    res = analyse_text("function f(x::Float64)\n"
                       "1 ─ %1 = Core.isa(x, Main.Test.T)\n"
                       "│   %2 = Main.Float64 <: Main.Test.T\n"
                       "│   %3 = Core.typeassert(x, Main.Test.T)\n"
                       "└──      return %3\nend\n", "x.ir")
    (fn, r), = res.results
    assert [show(r.ssa_types[i]) for i in (1, 2, 3)] == ["Bool", "Bool", "Float64"]
    assert show(r.return_type) == "Float64"
    # the branches still narrow as for a type of that name (a package's `Foo` the paste prints)
    res = analyse_text("function g(x::Union{Nothing, Foo})\n1 ─ %1 = x isa Main.Foo\n└──      goto #3 if not %1\n"
                       "2 ─ %3 = x\n└──      return %3\n3 ─ %5 = x\n└──      return %5\nend\n", "x.ir")
    (fn, r), = res.results
    assert [show(r.ssa_types[i]) for i in (1, 3, 5)] == ["Bool", "Foo", "Nothing"]
    res = analyse_text("function h(x::Union{Nothing, Foo})\n1 ─ %1 = Core.typeassert(x, Main.Foo)\n"
                       "└──      return %1\nend\n", "x.ir")
    assert show(res.results[0][1].ssa_types[1]) == "Foo"  # the meet, where irc finds one
    # a printed type with parameters is a type of that name: still disjoint from a known concrete type
    w = World.build(parse_text("", "x.ir").items)
    a = w.parse_type("SMatrix{3, 3, Float64}")
    isa = w.value_of(parse_expr("Core.isa"), M)
    assert w.call(isa, [a, Const(T.INT64)], M).rt == Const(False)


def test_one_warning_per_name_per_file():
    text = ("declare Main.f(::Foo)::Int64\ndeclare Main.g(::Foo{Int64}, ::Bar)::Foo\n"
            "function h(x::Foo, y::Vector{Bar})\n1 ─      return x\nend\n")
    res = analyse_text(text, "x.ir")
    assert not res.errors
    ws = [d for _, r in res.results for d in r.diagnostics if d.code == "unknown-type"]
    assert [(d.message.split("`")[1], d.span.line) for d in ws] == [("Foo", 1), ("Bar", 2)]
    assert "declare it" in ws[0].message


def test_a_header_keeps_the_users_signature():
    """Issue 12: `function f(x::Foo{Int64}, y::Bar)` silently became `f(::Any, ::Any)`."""
    res = analyse_text("function f(x::Foo{Int64}, y::Bar)\n1 ─      return y\nend\n", "x.ir")
    out = render_program(res.program, res.results)
    assert "MethodInstance for f(::Foo{Int64}, ::Bar)" in out
    assert "Body::Bar" in out


def test_an_argument_type_irc_cannot_evaluate_is_said_once_not_silently_any():
    res = analyse_text("function f(x::Vector{Int64, 1, 2})\n1 ─      return x\nend\n", "x.ir")
    (d,) = [d for _, r in res.results for d in r.diagnostics]
    assert d.code == "bad-argument-type" and "argument `x`" in d.message and d.span.line == 1


def test_a_struct_may_name_an_unknown_supertype():
    w = World.build(parse_text("struct MySolver <: AbstractSolver\n    n::Int64\nend\n", "x.ir").items)
    s, sup = w.parse_type("MySolver"), w.parse_type("AbstractSolver")
    assert issubtype(s, sup)


def test_isa_against_an_unknown_name_is_a_type_not_a_global():
    """samples/real/r103: `b isa Main.Bar1` with Bar1 not shown in the paste."""
    text = ("function g(b::Foo)\n1 ─ %1 = b isa Main.Bar1\n└──      return %1\nend\n")
    res = analyse_text(text, "x.ir")
    (fn, r), = res.results
    assert widenconst(r.ssa_types[1]) == BOOL  # not Const(false): Foo and Bar1 may be related
    codes = [d.code for d in r.diagnostics]
    assert "unknown-global" not in codes and codes.count("unknown-type") == 2


# ---------------------------------------------------------------- names


def test_a_file_type_answers_inside_a_base_declaration():
    """Issue 12: `declare Base.iterate(::Vector{Foo})` with `struct Foo` was fatal."""
    w = World.build(parse_text("struct Foo\n    a::Int64\nend\n"
                               "declare Base.iterate(::Vector{Foo})::Union{Nothing, Tuple{Foo, Int64}}\n",
                               "x.ir").items)
    assert not w.notes_for(None)  # Foo is known: no unknown-type warning
    f = w.value_of(parse_expr("Base.iterate"), M)
    r = w.call(f, [w.parse_type("Vector{Foo}")], M)
    assert show(r.rt) == "Union{Nothing, Tuple{Foo, Int64}}"


WEAVE = """struct MyComplex
    re::Float64
    im::Float64
end

MethodInstance for Main.##WeaveSandBox#1908.absval(::Main.##WeaveSandBox#1908.MyComplex)
  from absval(z) @ Main.##WeaveSandBox#1908 none:1
Arguments
  #self#::Core.Const(Main.##WeaveSandBox#1908.absval)
  z::Main.##WeaveSandBox#1908.MyComplex
Body::Float64
1 ─ %1 = Base.getproperty(z, :re)::Float64
└──      return %1
"""


def test_a_sandbox_sees_the_files_unqualified_struct():
    """Issue 12: `Main.##WeaveSandBox#1908.MyComplex` with `struct MyComplex` was fatal."""
    res = analyse_text(WEAVE, "x.ir")
    assert not res.errors
    (fn, r), = res.results
    assert r.ssa_types[1] == T.FLOAT64 and r.diagnostics == []


def test_pluto_workspace_names_resolve_through_main():
    text = ('declare Main.helper(::Int64)::Float64\n'
            'function Main.var"workspace#12".f(x::Int64)\n1 ─ %1 = Main.var"workspace#12".helper(x)\n'
            '└──      return %1\nend\n')
    res = analyse_text(text, "x.ir")
    assert not res.errors, res.errors
    (fn, r), = res.results
    assert r.ssa_types[1] == T.FLOAT64


# ---- one type, two spellings: the module's code and Main's print (issue 27, batch 15: h1302/h1303)
_PKG_METHOD = """MethodInstance for Polynomial(::Vector{Int64})
  from Polynomial(coeffs::AbstractVector{var"#156#T"}) where var"#156#T" in Polynomials at ~/src/abstract.jl:86
Static Parameters
  #156#T = Int64
Arguments
  #self#::Type{Polynomial}
  coeffs::Vector{Int64}
Body::Polynomial{Int64, :x}
1 ─ %1 = Core.apply_type(Polynomials.Polynomial, $(Expr(:static_parameter, 1)), :x)::Core.Const(Polynomial{Int64, :x})
│   %2 = (%1)(coeffs)::Polynomial{Int64, :x}
└──      return %2
"""


def _unknown_names(text: str) -> list[str]:
    res = analyse_text(text, "p.ir")
    return sorted({".".join(tn.module + (tn.name,)) for tn in res.world.unknown_types.values()})


@pytest.mark.parametrize("header", [
    "  from Polynomial(coeffs::AbstractVector{var\"#156#T\"}) where var\"#156#T\" in Polynomials at ~/src/abstract.jl:86",
    "  from Polynomial(coeffs::AbstractVector{T}) where T @ Polynomials ~/src/abstract.jl:86",
])
def test_a_bare_unknown_type_and_the_methods_module_spelling_are_one_type(header):
    """Julia prints a type bare where `Main` sees it (`using Polynomials`) while the code of a method of
    module M names the binding `M.X` (a GlobalRef prints its module): under a `from … in M` (1.6-1.8) or
    `from … @ M` (1.9+) line, an unknown `X` and an unknown `M.X` are one type, whichever comes first."""
    text = _PKG_METHOD.replace(_PKG_METHOD.splitlines()[1], header)
    assert _unknown_names(text) == ["Main.Polynomial"]
    # the other order: the qualified spelling met first
    first = text.replace("  #self#::Type{Polynomial}", "  #self#::Type{Polynomials.Polynomial}")
    assert len(_unknown_names(first)) == 1


def test_a_qualified_unknown_type_of_another_module_stays_another_type():
    """Outside M, Julia prints `M.X` qualified only when `Main` does not see it as `X`: the user's own
    `Point` and `GeometryBasics.Point` are two types (the method is Main's)."""
    text = ("MethodInstance for f(::Point, ::GeometryBasics.Point)\n"
            "  from f(a, b) @ Main REPL[1]:1\nArguments\n  #self#::Core.Const(f)\n  a::Point\n"
            "  b::GeometryBasics.Point\nBody::Bool\n1 ─ %1 = (a === b)::Bool\n└──      return %1\n")
    assert _unknown_names(text) == ["GeometryBasics.Point", "Main.Point"]
    moved = text.replace("@ Main REPL", "@ Geo REPL")  # a method of another module: still two
    assert _unknown_names(moved) == ["GeometryBasics.Point", "Main.Point"]
