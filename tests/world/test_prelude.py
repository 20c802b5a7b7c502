"""The shipped prelude: it parses, is large enough, and answers every Base
callee the conformance cases need with Julia's printed result."""
import re
from pathlib import Path

import pytest

from conftest import CONFORMANCE
from irc.syntax import tree as S
from irc.lattice.typelattice import PartialStruct, widenconst
from irc.syntax.parser import parse_text
from irc.lattice.typeprint import show
from irc.world.world import PRELUDE_PATH, World

M = ("Main",)


@pytest.fixture(scope="module")
def world():
    return World.build([])


def test_prelude_parses_with_many_declarations():
    items = parse_text(PRELUDE_PATH.read_text(encoding="utf-8"), str(PRELUDE_PATH)).items
    decls = [it for it in items if isinstance(it, S.MethodDecl)]
    assert len(decls) >= 200
    assert any(d.foldable for d in decls)
    names = {".".join(d.name.parts) for d in decls}
    for needed in ["Base.+", "Base.*", "Base.:", "Base.iterate", "Base.getindex", "Base.setindex!",
                   "Base.length", "Base.zero", "Base.one", "Base.sqrt", "Base.sin", "Base.convert",
                   "Base.isnothing", "Base.println", "Base.string", "Base.push!", "Base.zeros"]:
        assert needed in names, needed


def test_prelude_answers(world):
    def call(name, *types):
        f = world.value_of(S.Name(tuple(x.lstrip(":") for x in name.split("."))), M)
        return world.call(f, [world.parse_type(t) for t in types], M).rt

    assert show(call("Base.iterate", "UnitRange{Int64}")) == "Union{Nothing, Tuple{Int64, Int64}}"
    assert show(call("Base.length", "Vector{Float64}")) == "Int64"
    assert show(call("Main.one", "Int64")) == "Core.Const(1)"
    assert show(call("Base.getindex", "Vector{String}", "Int64")) == "String"
    assert show(call("Base.push!", "Vector{Int64}", "Int64")) == "Vector{Int64}"
    assert show(call("Base.:+", "Bool", "Bool")) == "Int64"
    assert show(call("Base.:/", "Int64", "Int64")) == "Float64"
    assert show(call("Base.sqrt", "Float64")) == "Float64"
    assert show(call("Base.println", "String", "Int64")) == "Nothing"


def _needed_signatures():
    """`#   Name(::T…)::R` lines under "needed from irc's prelude" in the cases."""
    out = []
    if not CONFORMANCE.is_dir():
        return out
    for p in sorted((CONFORMANCE / "prelude").glob("*.ir")):
        take = False
        for line in p.read_text(encoding="utf-8").splitlines():
            if line.startswith("# needed from irc's prelude"):
                take = True
                continue
            if take and line.startswith("#   "):
                out.append((p.name, line[4:].strip()))
            elif take:
                take = False
    return out


@pytest.mark.skipif(not CONFORMANCE.is_dir(), reason="shared conformance cases absent")
def test_conformance_prelude_signatures(world):
    """World.call on each Base callee signature the cases list gives Julia's answer
    (PartialStruct answers, which need constant arguments, compared widened)."""
    sigs = _needed_signatures()
    assert len(sigs) >= 20
    bad = []
    for case, text in sigs:
        decl = parse_text("declare " + text + "\n", case).items[0]
        f = world.value_of(decl.name, M)
        args = [world.eval_type(a.type, {}, M) for a in decl.args]
        r = world.call(f, args, M, callee=decl.name)
        want = world.eval_type(decl.result, {}, M)
        got = r.rt
        if type(want) is PartialStruct:
            want, got = widenconst(want), widenconst(got)
        if show(got) != show(want) or r.diagnostics:
            bad.append(f"{case}: {text} -> {show(got)} {r.diagnostics}")
        if decl.refinement is not None:
            assert r.cond is not None, text
    assert not bad, "\n".join(bad)


def _user_functions(text: str) -> set:
    names = set()
    for m in re.finditer(r"^#\s+(?:function|macro)\s+([A-Za-z_][\w!]*)", text, re.M):
        names.add(m.group(1))
    for m in re.finditer(r"^#\s+([A-Za-z_][\w!]*)\(.*\)\s*=", text, re.M):
        names.add(m.group(1))
    for m in re.finditer(r"^#\s+#?\s*([A-Za-z_][\w!]*) \(defined in", text, re.M):
        names.add(m.group(1))
    return names


@pytest.mark.skipif(not CONFORMANCE.is_dir(), reason="shared conformance cases absent")
def test_no_unknown_callee_in_conformance_prelude_cases():
    """Inferring every prelude-variant case reports no unknown callee except the
    functions the case's own Julia source defines (and does not declare)."""
    from irc.cli.driver import analyse_text

    bad = []
    cases = sorted((CONFORMANCE / "prelude").glob("*.ir"))
    allowed = set()
    for p in cases:
        allowed |= _user_functions(p.read_text(encoding="utf-8"))
    for p in cases:
        text = p.read_text(encoding="utf-8")
        res = analyse_text(text, str(p))
        assert not res.errors, (p.name, [d.message for d in res.errors])
        for _, r in res.results:
            for d in r.diagnostics:
                m = re.match(r"unknown callee (?:[\w#.]+\.)?([^.(]+)\(", d.message)
                if m and m.group(1) not in allowed:
                    bad.append(f"{p.name}: {d.message}")
    assert not bad, "\n".join(bad)


def test_a_number_iterates_once(world):
    """number.jl: `iterate(x::Number) = (x, nothing)`, `iterate(x::Number, ::Any) = nothing`;
    on a constant number the call is evaluated (`concrete_eval_eligible`)."""
    from irc.lattice.typelattice import Const
    f = world.value_of(S.Name(("Base", "iterate")), M)

    def call(*args):
        return show(world.call(f, [world.parse_type(a) if isinstance(a, str) else a for a in args], M).rt)

    assert call("Int64") == "Tuple{Int64, Nothing}"
    assert call("Float32") == "Tuple{Float32, Nothing}"
    assert call("Complex{Float64}") == "Tuple{ComplexF64, Nothing}"  # show.jl prints the exported alias
    assert call("Float64", "Nothing") == "Nothing"  # printed Core.Const(nothing) (maybe_singleton_const)
    assert call("Int64", "Int64") == "Nothing"
    assert call(Const(3)) == "Core.Const((3, nothing))"
    assert call(Const(2.5)) == "Core.Const((2.5, nothing))"
    assert call("UnitRange{Int64}") == "Union{Nothing, Tuple{Int64, Int64}}"  # a range is no number


def test_a_files_own_base_declaration_is_refined_by_the_preludes_constant_never_contradicted():
    """`irc stubs --all` widens Julia's printed result to a type (`simd_outer_range(::UnitRange{Int64})::UnitRange{
    Int64}` where Julia printed `Core.Const(0:0)`); the prelude's method from Base's source (`simd_outer_range(r) =
    0:0`) refines such a declaration to the constant, and never turns it into another type (h675).  (A declaration
    with the prelude method's own signature replaces it: nothing is left to refine with.)"""
    from irc.lattice.typeprint import show
    from irc.lattice.typelattice import Const
    from irc.syntax.parser import parse_expr, parse_text
    from irc.world.world import World

    M = ("Main",)
    w = World.build(parse_text("declare Base.SimdLoop.simd_outer_range(::UnitRange{Int64})::UnitRange{Int64}\n"
                               "declare Base.:+(::Int64, ::Int64)::Int64\n", "d.ir").items)
    r = w.call(w.value_of(parse_expr("Base.simd_outer_range"), M), [w.parse_type("UnitRange{Int64}")], M).rt
    assert show(r) == "Core.Const(0:0)"
    plus = w.value_of(parse_expr("Base.:+"), M)
    assert show(w.call(plus, [Const(1), Const(2)], M).rt) == "Int64"  # the prelude's `+(::Int64, ::Int64)` replaced
    other = World.build(parse_text("declare Base.SimdLoop.simd_outer_range(::UnitRange{Int64})::Int64\n", "d.ir").items)
    r = other.call(other.value_of(parse_expr("Base.simd_outer_range"), M), [other.parse_type("UnitRange{Int64}")], M).rt
    assert show(r) == "Int64"  # the file's answer stands where the prelude's constant is no refinement of it
