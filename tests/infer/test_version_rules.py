"""The rules that differ between Julia 1.10, 1.11 and 1.12 (`--julia`, issue 28), each on its
own function, and through a sample where irc's output says so."""
from __future__ import annotations

import json
from pathlib import Path

from irc.cli.driver import Options, RenderOptions, analyse, process_file
from irc.infer.flags import SLOT_STATICUNDEF, SLOT_USED, SLOT_USEDUNDEF, undef_flags_note
from irc.output.text import render_program
from irc.syntax.version import V1_10, V1_11, V1_12

ROOT = Path(__file__).resolve().parents[2]
UNDEF = ROOT / "samples" / "undef_one_path.ir"


# ---- 1.11 inference stores no SLOT_USEDUNDEF / SLOT_STATICUNDEF (1.10: typeinfer.jl type_annotate!)
def test_undef_flags_note_rule():
    bits = SLOT_USED | SLOT_USEDUNDEF | SLOT_STATICUNDEF
    assert undef_flags_note(bits, V1_10) == "" and undef_flags_note(bits, None) == ""
    for v in (V1_11, V1_12):
        assert f"Julia {v.name} stores no SLOT_USEDUNDEF" in undef_flags_note(bits, v)
        assert undef_flags_note(SLOT_USED, v) == ""  # nothing to say without the undefinedness flags


def test_undef_flags_still_computed_and_marked_as_irc_s():
    text = UNDEF.read_text()
    r10 = analyse(str(UNDEF), text)
    r11 = analyse(str(UNDEF), text, Options(julia="1.11"))
    assert [r.slot_flags for _, r in r10.results] == [r.slot_flags for _, r in r11.results]
    t10, t11 = render_program(r10.program, r10.results), render_program(r11.program, r11.results)
    assert "stores no SLOT_USEDUNDEF" not in t10
    line = next(ln for ln in t11.splitlines() if "SLOT_USEDUNDEF" in ln)
    assert "irc's undefinedness analysis; Julia 1.11 stores no SLOT_USEDUNDEF/SLOT_STATICUNDEF" in line
    out = process_file(str(UNDEF), text, RenderOptions(format="json", quiet=True, analysis=Options(julia="1.11")))
    slots = json.loads(json.dumps(out.functions_json))[0]["slots"]
    noted = [s["name"] for s in slots if "flags_note" in s]
    assert noted == [s["name"] for s in slots if "SLOT_USEDUNDEF" in s["flag_names"]] and noted
    out10 = process_file(str(UNDEF), text, RenderOptions(format="json", quiet=True))
    assert all("flags_note" not in s for s in out10.functions_json[0]["slots"])


# ---- 1.12: `globaldecl` is Nothing (abstract_eval_statement_expr); `Core.isdefinedglobal` exists
GLOBALS = """function g(x::Int64)
1 ─      $(Expr(:globaldecl, :(Main.y)))
│   %2 = Core.isdefinedglobal(Main, :y)
└──      return %2
end
"""


def test_global_statements_by_version():
    for julia, decl, isdef, warned in (("1.10", "Any", "Any", True), ("1.11", "Any", "Any", True),
                                       ("1.12", "Core.Const(nothing)", "Bool", False)):
        res = analyse("g.ir", GLOBALS, Options(julia=julia))
        out = render_program(res.program, res.results)
        assert f"$(Expr(:globaldecl, :(Main.y)))::{decl}" in out, julia
        assert f"Core.isdefinedglobal(Main, :y)::{isdef}" in out, julia
        msgs = [d.message for _, r in res.results for d in r.diagnostics]
        assert any("unknown expression head :globaldecl" in m for m in msgs) is warned, julia


# ---- the world's own merges follow the version too (dispatch over a union split)
SPLIT = """declare Main.h(::Int64)::AbstractString
declare Main.h(::Float64)::Integer
function f(x::Union{Float64, Int64})
1 ─ %1 = Main.h(x)
└──      return %1
end
"""


def test_union_split_results_merge_with_the_version_s_tmerge():
    got = {}
    for julia in ("1.10", "1.11", "1.12"):
        res = analyse("s.ir", SPLIT, Options(julia=julia))
        got[julia] = render_program(res.program, res.results)
    assert "Main.h(x)::Any" in got["1.10"]
    assert "Main.h(x)::Union{AbstractString, Integer}" in got["1.11"]
    assert "Main.h(x)::Union{AbstractString, Integer}" in got["1.12"]


# ---- the rules version's tmerge reaches splatting and a split call's refinements
# (abstractinterpretation.jl `abstract_apply` merges its cases in the version's lattice)
SPLAT_FOUR = """\
declare Main.g(::Int64)::Int64
declare Main.g(::Float64)::Float64
declare Main.g(::String)::String
declare Main.g(::Char)::Char

function h(t::Union{Tuple{Int64}, Tuple{Float64}, Tuple{String}, Tuple{Char}})
1 ─ %1 = Core._apply_iterate(Base.iterate, Main.g, t)
└──      return %1
end
"""


def _rt(text, julia=None):
    r = analyse("splat.ir", text, Options(julia=julia) if julia else Options())
    ((_, res),) = r.results
    from irc.lattice.typeprint import show

    return show(res.return_type)


def test_splat_merges_its_cases_with_the_versions_tmerge():
    assert _rt(SPLAT_FOUR) == "Any"  # 1.10: four unrelated members widen (tmerge_types_slow's Any fallback)
    assert _rt(SPLAT_FOUR, "1.11") == "Union{Char, Float64, Int64, String}"  # 1.11: no Any fallback
    assert _rt(SPLAT_FOUR, "1.12") == "Union{Char, Float64, Int64, String}"


def test_split_conditions_merge_with_the_versions_tmerge():
    from irc.lattice.typelimits import tmerge, tmerge_for
    from irc.world.dispatch import _SplitConditions

    assert _SplitConditions([]).merge is tmerge
    assert _SplitConditions([], tmerge_for(V1_11)).merge is tmerge_for(V1_11) is not tmerge


# ---- 1.12 `saw_latestworld` (abstractinterpretation.jl `abstract_eval_globalref`, `abstract_call_gf_by_type`)
LATEST_DIAMOND = """\
function k(x::Int64, c::Bool)
1 ─      goto #3 if not c
2 ─ %2 = Main.h(x)
│        $(Expr(:latestworld))
│   %4 = Base.:+(x, 1)
└──      goto #4
3 ─ %6 = Core.tuple(x, 2)
4 ┄ %7 = Core.tuple(x)
│   %8 = Base.:+(x, 3)
└──      return %8
end
"""


def _fn_and_ssa(text, julia):
    r = analyse("lw.ir", text, Options(julia=julia))
    ((fn, res),) = r.results
    return fn, res, r


def test_after_latestworld_flows_forward_over_the_cfg():
    from irc.infer.latestworld import after_latestworld

    fn, _, _ = _fn_and_ssa(LATEST_DIAMOND, "1.12")
    assert after_latestworld(fn, V1_12) == frozenset({4, 5, 7, 8, 9})  # its block's rest and the join block
    assert after_latestworld(fn, V1_10) == after_latestworld(fn, V1_11) == frozenset()
    assert after_latestworld(fn, None) == frozenset()


def test_globals_after_latestworld_are_any_under_1_12():
    from irc.lattice.typeprint import show

    _, res, r = _fn_and_ssa(LATEST_DIAMOND, "1.12")
    types = {pc: show(t) for pc, t in enumerate(res.ssa_types) if t is not None}
    assert types[4] == "Any" and types[7] == "Any" and types[8] == "Any"  # `Base.:+`, `Core.tuple`: globals
    assert types[6].startswith("Core.PartialStruct(Tuple{Int64, Int64}")  # the other branch never saw it
    assert show(res.return_type) == "Any"
    assert any("previously saw :latestworld" in d.message for d in res.diagnostics)
    _, res10, r10 = _fn_and_ssa(LATEST_DIAMOND, "1.10")
    assert show(res10.return_type) == "Int64" and show(res10.ssa_types[7]) == "Tuple{Int64}"
    assert not any("latestworld" in d.message for d in res10.diagnostics)


# ---- tfuncs merge in the version's lattice (1.11 tfuncs.jl: `tmerge(t, …)` is the JLTypeLattice's of that
# version): `getfield` with a field name that is not constant, `t[i]` of a tuple, `Core.ifelse`
FOUR_FIELDS = """\
function pick(t::Tuple{Int64, Float64, String, Char}, i::Int64, c::Bool, a::Int64, b::String)
1 ─ %1 = Core.getfield(t, i)
│   %2 = Base.getindex(t, i)
│   %3 = Core.ifelse(c, a, b)
│   %4 = Core.tuple(%1, %2, %3)
└──      return %4
end
"""


def test_tfunc_merges_follow_the_version():
    from irc.lattice.typeprint import show

    def types(julia):
        r = analyse("four.ir", FOUR_FIELDS, Options(julia=julia))
        ((_, res),) = r.results
        return [show(res.ssa_types[i]) for i in (1, 2, 3)]

    assert types("1.10") == ["Any", "Any", "Union{Int64, String}"]  # four unrelated members: Any
    want = "Union{Char, Float64, Int64, String}"
    assert types("1.11") == types("1.12") == [want, want, "Union{Int64, String}"]
