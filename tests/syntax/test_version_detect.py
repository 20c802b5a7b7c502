"""The Julia version a paste shows (irc.syntax.version): one real paste per band,
the newest marker deciding, the bounded scan, `--julia` on every command."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from irc.syntax.version import SCAN_LIMIT, V1_10, V1_11, V1_12, choose, detect, parse_version

ROOT = Path(__file__).resolve().parents[2]
REAL = ROOT / "samples" / "real"

# one real paste per band (samples/real/index.json gives each one's version from its source)
BANDS = [
    ("r141_abap34_fastmath_loop_lowered_jl112.ir", "1.12", V1_12, "statement marker"),
    ("r062_issue62414_lower_getproperty_1_12_6.ir", "1.12", V1_12, "statement marker"),
    ("r089_scfp_jlfactorial_warntype.ir", "1.9–1.10", V1_10, "@ Module"),
    ("r045_issue49970_broadcast_materialize_any.ir", "1.9–1.10", V1_10, "@ Module"),
    ("r036_issue47089_keys_dict_string.ir", "1.6–1.8", V1_10, "in Module at"),
    ("r019_issue41211_throw_v1_7dev.ir", "1.6–1.8", V1_10, "in Module at"),
    ("r017_issue41211_throw_v1_5.ir", "≤ 1.5", V1_10, "Core.Compiler.Const"),
    ("r018_issue41211_throw_v1_6.ir", "≤ 1.6", V1_10, "Variables"),
    ("r001_perftips_pos_f.ir", "≤ 1.5", V1_10, "Core.Compiler.Const"),
    ("r148_introspection_notes_myloop_lowered_jl10.ir", "", V1_10, "no version marker"),
]


@pytest.mark.parametrize("name,band,rules,evidence", BANDS, ids=[b[0][:4] for b in BANDS])
def test_real_paste_band(name, band, rules, evidence):
    d = detect((REAL / name).read_text())
    assert (d.band, d.rules) == (band, rules)
    assert evidence in d.evidence
    index = {e["file"]: e["julia_version"] for e in json.loads((REAL / "index.json").read_text())}
    assert name in index  # a real sample, with its version from the source in the index


def test_colour_codes_do_not_hide_a_marker():
    """`@code_warntype`'s colours sit between a value and its `::T`: detection reads through them as
    the parser does, so a coloured paste and irc's uncoloured output of it get the same rules
    (r274, a 1.11.6 paste in colour)."""
    plain = "│   %1 = Main.size::Core.Const(size)\n"
    coloured = "│   %1 = Main.size\x1b[36m::Core.Const(size)\x1b[39m\n"
    assert detect(plain).band == detect(coloured).band == "1.11"
    d = detect((REAL / "r274_hlrs25_work_global_N_warntype.ir").read_text())
    assert "\x1b[" in (REAL / "r274_hlrs25_work_global_N_warntype.ir").read_text()
    assert d.band == "1.11" and d.rules is V1_11
    assert detect("\x1b[90m1 ─\x1b[39m %1 = 1\n").band == ""  # codes alone are no marker


def test_1_11_markers():
    for text, what in [("│   %3 = Core.kwcall(@Kwargs{a::Int64}, f)::Int64\n", "@Kwargs"),
                       ("  x::Memory{Int64}\n", "Memory"),
                       ("  r::MemoryRef{Float64}\n", "Memory"),
                       ("1 ─ %1 = enter #3\n", "enter #B")]:
        d = detect(text)
        assert d.band == "1.11" and d.rules is V1_11 and what in d.evidence, text


def test_1_12_markers_and_not_slots_named_like_them():
    for text in ["│   %8  = intrinsic Base.not_int(%7)::Bool\n", "│   %7  =   builtin (%6 === nothing)::Bool\n",
                 "│         $(Expr(:globaldecl, :x))\n", "│   %2 = Core.isdefinedglobal(Main, :x)\n",
                 "│         latestworld\n",
                 "│   %3 = Base.pairs(%2)::Core.Const(Base.Pairs{Symbol, Union{}, Nothing, @NamedTuple{}}())\n"]:
        assert detect(text).rules is V1_12, text
    assert detect("│   %3 = Base.pairs(%2)::Core.Const(Base.Pairs{Symbol, Union{}, Tuple{}, @NamedTuple{}}())\n").band == ""
    for text in ["│   %1 = dynamic + 1\n", "│         dynamic = 1\n", "│   %2 = builtin(x)\n"]:
        assert detect(text).band == "", text


def test_newest_marker_decides():
    text = "MethodInstance for f(::Int64)\n  from f(x) @ Main REPL[1]:1\n" + "│   %1 = x\n" * 3 + \
        "│   %7  =   builtin (%6 === nothing)::Bool\n"
    d = detect(text)
    assert d.band == "1.12" and d.evidence.endswith("line 6")


def test_scan_is_bounded():
    filler = "│   %1 = x\n" * (SCAN_LIMIT // 10 + 10)
    assert detect(filler + "  x::Memory{Int64}\n").band == ""
    assert detect("  x::Memory{Int64}\n" + filler).band == "1.11"


def test_choose_and_notes():
    old = (REAL / "r001_perftips_pos_f.ir").read_text()
    d = choose(old, None)
    assert d.older and "answered with Julia 1.10's rules" in d.note and "≤ 1.5" in d.note
    c = choose(old, "1.12")
    assert c.rules is V1_12 and c.chosen and c.json() == {"julia_version": "1.12", "julia_version_evidence": "--julia 1.12"}
    assert "the paste shows Julia ≤ 1.5" in c.note
    assert choose("function f()\nend\n", None).note == ""  # plain 1.10: nothing to say
    with pytest.raises(ValueError):
        parse_version("1.9")


def test_version_is_a_frozen_value():
    import dataclasses

    with pytest.raises(dataclasses.FrozenInstanceError):
        V1_11.minor = 12  # type: ignore[misc]
    assert V1_10.stores_undef_flags and not V1_11.stores_undef_flags
    assert not V1_10.tmerge_v111 and V1_11.tmerge_v111 and V1_12.tmerge_v111


def test_never_newer_than_the_index_band():
    """samples/real/index.json's `julia_version_band` (bench/julia_version_band.py: markers and the
    page's stated version): irc never answers a paste with rules newer than its band allows."""
    index = json.loads((REAL / "index.json").read_text())
    newer_ok = ("1.11", "1.12", "1.13")
    checked = 0
    for e in index:
        band = e.get("julia_version_band") or "unknown"
        if band in ("unknown", "conflicting"):
            continue
        d = detect((REAL / e["file"]).read_text())
        if d.rules is not V1_10:
            assert band.startswith(newer_ok), (e["file"], band, d.evidence)
        if d.rules is V1_12:
            assert band.startswith(("1.12", "1.13")), (e["file"], band, d.evidence)
        checked += 1
    assert checked > 150


def test_a_cthulhu_views_variables_section_says_no_version():
    """Cthulhu's warn view printed `Variables` on Julia 1.7 and 1.8 too (held-out h311, a 1.8-dev view):
    below its title it is no evidence of Julia <= 1.6; a plain `Variables` paste still is."""
    view = ("(::var\"#27#28\")() in Main at none:2\nVariables\n  #self#::Core.Const(var\"#27#28\"())\n\n"
            "│ ─ %-1  = invoke #27()::Core.Const(479001600)\n1 ─ %1 = Main.g(12)::Core.Const(479001600)\n└──      return %1\n")
    assert detect(view).band == ""
    assert detect(view.replace("│ ─ %-1  = invoke #27()", "Body")).band == "≤ 1.6"


def test_irc_output_line_names_the_rules_first():
    """`irc infer`'s output of an answer with 1.11's or 1.12's rules starts `# answered with Julia
    1.1x's rules` (irc.output.text.rules_line): read first, whatever else the text shows."""
    for v, rules in (("1.11", V1_11), ("1.12", V1_12), ("1.10", V1_10)):
        d = detect(f"# answered with Julia {v}'s rules\nMethodInstance for f()\n  from f() @ Main REPL[1]:1\n"
                   "│   %7  =   builtin (%6 === nothing)::Bool\n")
        assert d.rules is rules and d.band == v and "line 1" in d.evidence
    assert detect("# answered with Julia 1.9's rules\n").band == ""  # no version irc answers with


def test_a_constant_loaded_into_an_ssa_value_is_no_1_11_marker():
    # `%1 = Main.nothing::Core.Const(nothing)` (1.10 lowers `return nothing` so too); a function is the marker
    assert detect("1 ─ %1 = Main.nothing::Core.Const(nothing)\n└──      return %1\n").band == ""
    assert detect("1 ─ %1 = Main.missing::Core.Const(missing)\n").band == ""
    assert detect("1 ─ %1 = Main.sum::Core.Const(sum)\n").rules is V1_11
