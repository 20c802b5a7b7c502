"""bench/julia_version_band.py: the Julia version band a paste's print form shows, and
samples/real/index.json carrying exactly the derived bands (never typed by hand)."""
from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
_spec = importlib.util.spec_from_file_location("julia_version_band", ROOT / "bench" / "julia_version_band.py")
jvb = importlib.util.module_from_spec(_spec)
sys.modules["julia_version_band"] = jvb
_spec.loader.exec_module(jvb)

V15 = """julia> @code_warntype f(1)
Variables
  #self#::Core.Compiler.Const(f, false)
  x::Tuple{Int64,Int64}

Body::Int64
1 ─ %1 = Main.g(x)::Int64
└──      return %1
"""
V16 = V15.replace("Core.Compiler.Const(f, false)", "Core.Const(f)").replace("Int64,Int64", "Int64, Int64")
V18 = """MethodInstance for f(::Int64)
  from f(x) in Main at REPL[1]:1
Arguments
  #self#::Core.Const(f)
  x::Int64
Body::Int64
1 ─ %1 = (x + 1)::Int64
└──      return %1
"""
V110 = V18.replace("in Main at REPL[1]:1", "@ Main REPL[1]:1")
V111 = """MethodInstance for f(::Int64)
  from f(x) @ Main REPL[1]:1
Arguments
  #self#::Core.Const(Main.f)
  x::Int64
Body::Int64
1 ─ %1 = Main.:+::Core.Const(+)
│   %2 = (%1)(x, 1)::Int64
└──      return %2
"""
V112 = """CodeInfo(
1 ─ %1 =   builtin Core.tuple(x)::Tuple{Int64}
│   %2 = intrinsic Base.add_int(x, 1)::Int64
└──      return %2
) => Int64
"""


@pytest.mark.parametrize("text,form,want", [
    (V15, "code_warntype", "<=1.5"),
    (V16, "code_warntype", "1.6-1.8"),
    (V18, "code_warntype", "1.6-1.8"),
    (V110, "code_warntype", "1.9-1.10"),
    (V111, "code_warntype", "1.11+"),
    (V112, "code_typed_unoptimized", "1.12+"),
    (V111.replace("Main.:+", ":+").replace("Main.f)", "f)"), "code_warntype", "1.11+"),
    ("CodeInfo(\n1 ─ %1 = Base.arraylen(x)\n└──      return %1\n)\n", "code_typed_optimized", "<=1.10"),
    ("MethodInstance for f(; kw...)\nBody::@Kwargs{a::Int64}\n", "code_warntype", "1.11+"),
    ("CodeInfo(\n1 ─ %1 = %new(var\"#bar##2#bar##3\"{Int64}, x)::var\"#bar##2#bar##3\"{Int64}\n"
     "│   %2 =    invoke %1(x::Int64)::Int64\n└──      return %2\n) => Int64\n", "code_typed_optimized", "1.12+"),
    ("CodeInfo(\n1 ─ %1 = invoke Main.f(x::Int64)::Int64\n│   %2 = %new(var\"##dotfunction#230#1\")\n└──      return %1\n)\n",
     "code_typed_optimized", "unknown"),
    ("CodeInfo(\n1 ─      return 1\n)\n", "code_lowered", "unknown"),
    ("CodeInfo(\n1 ─ %1 = Main.sum::Core.Const(sum)\n│   %2 = Base.broadcasted(%1, x)::Any\n└──      return %2\n) => Any\n",
     "code_typed_unoptimized", "1.11+"),
    ("CodeInfo(\n1 ─ %1 = Main.:(var\"#f#7\")::Core.Const(var\"#f#7\")\n│   %2 = Main.c::Any\n└──      return %2\n) => Any\n",
     "code_typed_unoptimized", "1.6+"),
])
def test_band_from_markers(text, form, want):
    assert jvb.band(text, form)[0] == want


def test_markers_exclude_each_other():
    b, ev = jvb.band(V15 + V111, "code_warntype")
    assert b == "conflicting" and "Core.Compiler.Const" in ev


def test_a_submodule_function_is_qualified_in_every_version():
    text = V18.replace("Core.Const(f)", "Core.Const(Main.O.f)")
    assert jvb.band(text, "code_warntype")[0] == "1.6-1.8"
    assert jvb.band(V18.replace("Core.Const(f)", "Core.Const(Main.f)"), "code_warntype")[0] == "conflicting"


def test_the_command_line_is_input_not_output():
    text = "julia> code_typed(f, (Tuple{Int,Int},); optimize=false)\nCodeInfo(\n1 ─      return 1\n) => Int64\n"
    assert jvb.band(text, "code_typed_unoptimized")[0] == "unknown"


def test_inline_global_call_only_dates_unoptimized_forms():
    text = "CodeInfo(\n1 ─ %1 = Main.f(x)::Int64\n└──      return %1\n) => Int64\n"
    assert jvb.band(text, "code_typed_unoptimized")[0] == "<=1.10"
    assert jvb.band(text, "code_typed_optimized")[0] == "unknown"


@pytest.mark.parametrize("stated,want", [("1.12.6", "1.12"), ("0.6", "<=1.5"), ("1.14-DEV", "1.13+"),
                                         ("1.9.0-rc1", "1.9-1.10"), ("1.7.0-DEV", "1.6-1.8"), ("1.11.5", "1.11")])
def test_the_page_statement_wins(stated, want):
    b, ev = jvb.band("julia> @code_lowered f(1)\nCodeInfo(\n1 ─      return 1\n)\n", "code_lowered", stated)
    assert b == want and stated in ev
    b, ev = jvb.band(V16, "code_warntype", "1.6.1")
    assert b == "1.6-1.8" and "Variables" in ev


def test_a_statement_the_markers_exclude_is_a_conflict():
    b, ev = jvb.band(V15, "code_warntype", "1.8.0")
    assert b == "conflicting" and "states Julia 1.8.0" in ev


def test_minor_of_rejects_non_versions():
    with pytest.raises(ValueError):
        jvb.minor_of("nightly")


def test_index_bands_are_derived():
    """index.json holds the bands the function derives now (regenerate: python bench/julia_version_band.py)."""
    real = ROOT / "samples" / "real"
    entries = json.loads((real / "index.json").read_text(encoding="utf-8"))
    derived = jvb.tag_entries(entries, lambda f: (real / f).read_text(encoding="utf-8"))
    stale = [e["file"] for e, d in zip(entries, derived)
             if (e.get("julia_version_band"), e.get("julia_version_band_evidence"))
             != (d["julia_version_band"], d["julia_version_band_evidence"])]
    assert not stale, f"stale bands {stale[:5]}: run python bench/julia_version_band.py"
