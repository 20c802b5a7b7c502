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
