"""`irc infer --compare-versions`: the statements whose answer differs between Julia 1.10, 1.11
and 1.12's rules, side by side (text, JSON), with one summary line (issue 28, item 3)."""
from __future__ import annotations

import json
from pathlib import Path

from irc.cli.argv import infer_call
from irc.output.compare import compare, summary_line

from infer_runner import run_infer

ROOT = Path(__file__).resolve().parents[2]
THROWS = ROOT / "samples" / "versions_const_throw.ir"
PLAIN = ROOT / "samples" / "union_accumulator.ir"


def test_text_lists_the_differing_statements_and_a_summary():
    code, out, err = run_infer([str(THROWS)], compare_versions=True)
    assert code == 0, err
    lines = out.splitlines()
    assert lines[0] == "# " + str(THROWS) + ": div0()"
    row = next(ln for ln in lines if "Core.Intrinsics.sdiv_int(1, 0)" in ln).split()
    assert row[-3:] == ["Int64", "Union{}", "Union{}"]
    row = next(ln for ln in lines if "Core.sizeof(Integer)" in ln).split()
    assert row[-3:] == ["Int64", "Int64", "Union{}"]
    assert "size_int()" not in out  # the same answer under every version: not listed
    assert lines[-1].startswith("6 statements differ in 3 functions (1.10 ≠ 1.11: 2, 1.11 ≠ 1.12: 4)")


def test_json_document():
    code, out, _ = run_infer([str(THROWS)], compare_versions=True, format="json")
    assert code == 0
    doc = json.loads(out)
    assert doc["julia_versions"] == ["1.10", "1.11", "1.12"]
    fns = {f["name"]: f for f in doc["files"][0]["functions"]}
    assert set(fns) == {"div0", "size_abstract", "subtype_value"}
    assert fns["subtype_value"]["return_type"] == {"1.10": "Bool", "1.11": "Bool", "1.12": "Union{}"}
    st = fns["subtype_value"]["statements"][0]
    assert (st["id"], st["1.10"], st["1.12"]) == (1, "Core.Const(true)", "Union{}")
    assert doc["summary"]["statements"] == 6 and doc["summary"]["functions"] == 3


def test_nothing_differs():
    code, out, _ = run_infer([str(PLAIN)], compare_versions=True)
    assert code == 0 and out == "no answer differs between Julia 1.10, 1.11, 1.12\n"


def test_compare_is_pure_over_documents():
    f = {"name": "f", "signature": "f()", "return_type": "Int64",
         "statements": [{"id": 1, "line": 3, "text": "g()", "type": "Int64"}]}
    g = {**f, "statements": [{"id": 1, "line": 3, "text": "g()", "type": None}]}
    got = compare({"1.10": [f], "1.11": [f], "1.12": [g]})
    assert got[0]["statements"][0]["1.12"] == "unreached" and got[0]["return_type"] is None
    assert summary_line(got) == "1 statement differs in 1 function (1.10 ≠ 1.11: 0, 1.11 ≠ 1.12: 1); 0 return types differ"


def test_refused_with_a_single_version_or_other_shapes():
    for kw in ({"julia": "1.11"}, {"check": True}, {"format": "jsonl"}, {"plain": True}):
        code, out, err = run_infer([str(THROWS)], compare_versions=True, **kw)
        assert code == 2 and out == "" and "--compare-versions" in err, kw


def test_argv_fast_path():
    files, kw = infer_call(["infer", "--compare-versions", "a.ir"])
    assert kw["compare_versions"] is True
