"""Open world for what irc only partly knows, closed world for the file's own
functions (spec §1.2, docs/semantics.md §10), on calls taken from real Julia
outputs (samples/real): a gap in irc's knowledge is `Any` and a note, never
`Union{}`."""
import pytest

from irc.lattice import typetable as T
from irc.lattice.typelattice import Const
from irc.lattice.typeprint import show
from irc.lattice.types import BOTTOM, FunctionValue, Sym
from irc.syntax import tree as S
from irc.syntax.parser import parse_expr, parse_text
from irc.world.world import World

M = ("Main",)


@pytest.fixture(scope="module")
def world():
    return World.build([])


def call(w, name, *args):
    f = w.value_of(parse_expr(name), M)
    return w.call(f, [w.parse_type(a) if isinstance(a, str) else a for a in args], M,
                  callee=S.Name(tuple(name.split("."))))


@pytest.mark.parametrize("name,args", [
    ("Base.prod", ["UnitRange{Int64}"]),  # the prelude has prod(::Array) only
    ("Base.sum", ["Set{Int64}"]),
    ("Base.first", ["Dict{Int64, Int64}"]),
])
def test_prelude_function_without_an_applicable_method_is_any_with_a_note(world, name, args):
    r = call(world, name, *args)
    assert r.rt == T.ANY and r.rt != BOTTOM
    (n,) = r.diagnostics
    assert n.code == "unknown-method" and n.severity == "note"
    assert n.declare == f"declare {name}({', '.join('::' + a for a in args)})"
    assert n.declare + "::T" in n.message
    assert r.gap  # what --use-printed-types may fill in


@pytest.mark.parametrize("name,args,julia", [
    ("Base.eltype", ["Vector{Int64}"], "Type{Int64}"),  # issue 12: a whole loop's expectations lost to Union{}
    ("Base.sum", ["Vector{Any}"], "Any"),
    # range.jl `first(r::OneTo{T}) = oneunit(T)`: folded for Int64 (held-out h021 prints `Const(1)`)
    ("Base.first", ["Base.OneTo{Int64}"], "Core.Const(1)"),
    ("Base.first", ["Base.OneTo{Int32}"], "Int32"),
])
def test_the_issues_gaps_are_in_the_grown_prelude(world, name, args, julia):
    r = call(world, name, *args)
    assert show(r.rt) == julia and not r.diagnostics


@pytest.mark.parametrize("name,args", [
    ("Base.literal_pow", [Const(FunctionValue(("Base",), "^")), "Any", "Val{2}"]),  # Julia: Any
    ("Base.eachindex", ["Any"]),  # Julia: Any (not Base.OneTo{Int64})
])
def test_open_candidate_merging_with_non_concrete_arguments_is_any(world, name, args):
    assert call(world, name, *args).rt == T.ANY


def test_a_covering_prelude_declaration_still_answers(world):
    assert show(call(world, "Base.iterate", "UnitRange{Int64}").rt) == "Union{Nothing, Tuple{Int64, Int64}}"
    assert call(world, "Base.:+", "Int64", "Int64").rt == T.INT64


def test_open_union_split_case_without_a_declaration_is_any(world):
    # `/(::Nothing, ::Int64)`: irc knows no declaration, and `/` has no `@complete` domain: Julia's
    # method table might have one (`+`'s domain says it has none: tests/world/test_call_rules.py)
    r = call(world, "Base.:/", "Union{Nothing, Int64}", "Int64")
    assert r.rt == T.ANY
    assert any(n.code == "unknown-method" and "Base.:/(::Nothing, ::Int64)" in n.message for n in r.diagnostics)


FILE = """
declare Main.halve(::Int64)::Int64
declare Main.halve(::Float64)::Float64
declare Main.k(::Int64)::Int64
declare Main.k(::String)::String
"""


def test_the_files_own_functions_keep_the_closed_world():
    w = World.build(parse_text(FILE, "f.ir").items)
    assert "Main.halve" in w.closed
    r = call(w, "Main.halve", "String")
    (n,) = r.diagnostics
    assert r.rt == BOTTOM and n.code == "no-matching-method"
    assert n.message.startswith("no matching method found `Main.halve(::String)`")
    # union split: the String case throws, the rest stays; JET's "for k of n union split cases"
    r = call(w, "Main.halve", "Union{Int64, String}")
    assert r.rt == T.INT64 and "for 1 of 2 union split cases" in r.diagnostics[0].message
    assert show(call(w, "Main.k", "Any").rt) == "Union{Int64, String}"  # may-apply merge, as Julia


def test_a_prelude_file_is_open_too(tmp_path):
    p = tmp_path / "decls.ir"
    p.write_text(FILE, encoding="utf-8")
    w = World.build([], extra_preludes=[str(p)])
    assert "Main.halve" not in w.closed
    r = call(w, "Main.halve", "String")
    assert r.rt == T.ANY and r.diagnostics[0].code == "unknown-method"


def test_base_functions_are_never_closed_even_when_the_file_declares_them():
    w = World.build(parse_text("declare Base.frobnicate(::Int64)::Int64\n", "f.ir").items)
    assert call(w, "Base.frobnicate", "String").rt == T.ANY


def test_a_declared_constructor_that_does_not_apply_falls_back_to_the_type(world):
    # the prelude declares `Dict()`; `Dict{String, Int64}()`-style calls with other
    # arguments are the type's own constructor, never Union{}
    r = world.call(Const(T.wrapper(T.DICT_NAME)), [T.INT64, T.INT64], M)
    assert r.rt != BOTTOM


# ---------------------------------------------------------------- fields


def test_reflection_fields_from_a_real_paste(world):
    """samples/real/r067: `x.name` on `x::DataType` is `Core.TypeName` (and the
    wrapper a `Type`), not Union{}."""
    r = call(world, "Base.getproperty", "DataType", Const(Sym("name")))
    assert show(r.rt) == "Core.TypeName" and not r.diagnostics
    r = call(world, "Base.getproperty", "Core.TypeName", Const(Sym("wrapper")))
    assert show(r.rt) == "Type"
    assert show(call(world, "Base.getproperty", "UnionAll", Const(Sym("var"))).rt) == "TypeVar"
    assert show(call(world, "Base.getproperty", "Method", Const(Sym("sig"))).rt) == "Type"
    # a field irc was not told about, on a type irc did not get from the file: unknown, not missing
    r = call(world, "Base.getproperty", "DataType", Const(Sym("not_listed")))
    assert r.rt == T.ANY and r.gap
    # a type object's fields are its kind's
    assert show(call(world, "Base.getproperty", Const(T.INT64), Const(Sym("name"))).rt) == "Core.TypeName"


def test_a_missing_field_of_a_declared_struct_always_throws():
    w = World.build(parse_text("struct P\n    x::Int64\nend\n", "f.ir").items)
    p = w.parse_type("P")
    assert call(w, "Base.getproperty", p, Const(Sym("x"))).rt == T.INT64
    r = call(w, "Base.getproperty", p, Const(Sym("y")))
    (n,) = r.diagnostics
    assert r.rt == BOTTOM and n.code == "always-throws" and "type P has no field `y`" in n.message
    r = call(w, "Core.setfield!", p, Const(Sym("x")), T.INT64)
    assert r.rt == BOTTOM and r.diagnostics[0].code == "always-throws"
