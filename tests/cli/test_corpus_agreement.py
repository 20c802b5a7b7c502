"""Agreement with Julia over the real-paste corpus may not fall (issue 11, item 5).

samples/real/cases/{declared,prelude} hold a conformance case (NAME.ir beside
NAME.expect.json, the shared conformance format) for every typed paste of
samples/real and every lowered one whose typed pair answers it; the
expectations are Julia's printed types, written by bench/make_corpus_cases.py.
Here every case is run in-process as `irc infer --format json` runs it and
compared with the shared runner's rules (copied in the script):

- every case reads (no errors);
- per variant, the expectations agreeing are at least the floor recorded in
  samples/real/cases/floor.json (count and share);
- the committed cases are what the script writes now (no hand edits, no stale
  expectations);
- the copied comparison agrees with the shared runner's where that is at hand.
"""
from __future__ import annotations

import functools
import importlib.util
import json
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
_spec = importlib.util.spec_from_file_location("make_corpus_cases", ROOT / "bench" / "make_corpus_cases.py")
mcc = importlib.util.module_from_spec(_spec)
sys.modules["make_corpus_cases"] = mcc
_spec.loader.exec_module(mcc)

CASES = ROOT / "samples" / "real" / "cases"
FLOOR = json.loads((CASES / "floor.json").read_text(encoding="utf-8"))
REMEASURE = ("re-measure with `python bench/make_corpus_cases.py --measure -v` (every disagreement); "
             "when the change is right, record it with `--measure --write-floor` and update docs/samples.md")


@functools.lru_cache(maxsize=None)
def measured(variant: str) -> dict:
    return mcc.measure(variant, CASES)


def test_both_variants_hold_the_same_cases():
    names = {v: sorted(p.name for p in (CASES / v).glob("*")) for v in mcc.VARIANTS}
    assert names["declared"] == names["prelude"] and names["declared"]
    for p in (CASES / "declared").glob("*.expect.json"):
        assert p.read_text(encoding="utf-8") == (CASES / "prelude" / p.name).read_text(encoding="utf-8"), p.name


@pytest.mark.parametrize("variant", mcc.VARIANTS)
def test_every_case_reads(variant):
    m = measured(variant)
    assert m["cases"] > 0
    assert not m["errors"], f"cases with errors: {m['errors']}: " + "; ".join(
        m["problems"][n][0] for n in m["errors"])


@pytest.mark.parametrize("variant", mcc.VARIANTS)
def test_agreement_does_not_fall(variant):
    m, floor = measured(variant), FLOOR[variant]
    share = 100.0 * m["agree"] / m["total"]
    assert m["agree"] >= floor["agree"] and share >= floor["percent"], (
        f"{variant}: expectations agreeing {m['agree']}/{m['total']} ({share:.1f}%) fell below the floor "
        f"{floor['agree']}/{floor['total']} ({floor['percent']}%); " + REMEASURE)


def test_cases_are_what_the_script_writes(tmp_path):
    """Regenerating gives the committed files byte for byte (expectations come from the pastes only)."""
    mcc.make(tmp_path, verbose=False)
    for v in mcc.VARIANTS:
        new = {p.name: p.read_bytes() for p in (tmp_path / v).iterdir()}
        old = {p.name: p.read_bytes() for p in (CASES / v).iterdir()}
        assert sorted(new) == sorted(old), f"{v}: regenerate with `python bench/make_corpus_cases.py`"
        stale = [n for n in new if new[n] != old[n]]
        assert not stale, f"{v}: stale cases {stale[:5]}: regenerate with `python bench/make_corpus_cases.py`"
    assert (tmp_path / "summary.json").read_bytes() == (CASES / "summary.json").read_bytes()


def test_comparison_can_disagree():
    func = {"name": "f", "return_type": "Int64",
            "slots": [{"id": 2, "name": "x", "type": "Core.Const(1)"}],
            "statements": [{"id": 1, "type": "Union{Int64, Float64}"}, {"id": 2, "type": None}]}
    agree, total, problems = mcc.compare_function(func, {
        "function": "f", "return_type": "Main.Int64", "slots": {"x": "Int64", "@_2": "Float64"},
        "statements": {"1": "Union{Float64, Int64}", "2": "Bool"}})
    assert (agree, total) == (3, 5) and len(problems) == 2, problems
    assert mcc.compare_function(None, {"return_type": "Int64", "statements": {"1": "Int64"}})[:2] == (0, 2)


# the shared suite sits beside the clone (../shared), or beside the folder of worktrees
SHARED_RUNNER = next((p for p in (ROOT.parent / "shared" / "tools" / "conformance.py",
                                  ROOT.parent.parent / "shared" / "tools" / "conformance.py") if p.exists()),
                     ROOT.parent / "shared" / "tools" / "conformance.py")


@pytest.mark.skipif(not SHARED_RUNNER.exists(), reason="the shared conformance runner is not beside the repository")
def test_copied_comparison_matches_the_shared_runner():
    spec = importlib.util.spec_from_file_location("shared_conformance", SHARED_RUNNER)
    shared = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(shared)
    texts = set()
    for p in (CASES / "declared").glob("*.expect.json"):
        e = json.loads(p.read_text(encoding="utf-8"))
        texts.update([e.get("return_type")] + list((e.get("slots") or {}).values())
                     + list((e.get("statements") or {}).values()))
    texts.discard(None)
    for t in sorted(texts):
        for widen in (True, False):
            assert mcc.canon(t, widen) == shared.canon(t, widen), t


@pytest.mark.parametrize("problem,kind", [
    ("statement 3: Julia Int64, irc Any", "irc Any where Julia has a type"),
    ("return type: Julia ANY, irc Any", "the same type in capitals (`UNION{FLOAT64, INT64}`: code_warntype without colour)"),
    ("return type: Julia Any, irc Float64", "Julia Any where irc has a type"),
    ("slot y: Julia Union{Float64, Int64}, irc Float64", "the members of a Union differ"),
    ("statement 7: Julia None, irc Int64", "Julia printed the statement dead, irc reaches it"),
    ("statement 2: Julia Int64, irc None", "irc has no type (unreached, or no such slot/statement)"),
    ("statement 4: Julia Union{}, irc Int64", "one side Union{} (throws), the other a type"),
    ("statement 5: Julia Vector{Int64}, irc Tuple{Int64}", "another type"),
    ("function 'f' not in irc's output", "irc reported errors or lacks the function"),
])
def test_disagreements_are_classified_by_kind(problem, kind):
    assert mcc.cause(problem) == kind


def test_expectations_drop_a_notebooks_colour_codes():
    """A coloured notebook paste (r218, ANSI codes around each type) gives the types without the codes."""
    for p in (CASES / "declared").glob("*.expect.json"):
        assert "\x1b" not in p.read_text(encoding="utf-8"), p.name
    assert (CASES / "declared" / "r218_delft24_work_global_N_warntype.expect.json").exists()


def test_breakdown_covers_every_case_once():
    """Per band and per form, the cases and expectations add up to the variant's totals, and a case
    named NAME_K (the K-th function of a paste) is the paste NAME's."""
    entries = json.loads((ROOT / "samples" / "real" / "index.json").read_text(encoding="utf-8"))
    m = measured("declared")
    for field in ("julia_version_band", "form"):
        rows = mcc.breakdown(m, entries, field)
        assert sum(r[0] for r in rows.values()) == m["cases"]
        assert sum(r[1] for r in rows.values()) == m["agree"] and sum(r[2] for r in rows.values()) == m["total"]
    e = entries[0]
    assert mcc.paste_of(e["file"][:-3] + "_2", entries) is e
    with pytest.raises(KeyError):
        mcc.paste_of("no_such_paste_2", entries)


def test_capitalised_types_are_spelled_back_as_the_reader_reads_them():
    """An uncoloured `@code_warntype` prints the types it emphasizes in capitals (`Base.emphasize`);
    the expectation is the type Julia meant (the reader's `fold_case`: a known name, else one the
    paste spells in mixed case), a capital name that matches neither kept as written (as irc reads
    and prints it), a text that is not all capitals unchanged."""
    from irc.world.world import World
    w = World.build([])
    assert mcc.recase("UNION{FLOAT64, INT64}", w) == "Union{Float64, Int64}"
    assert mcc.recase("TUPLE{VARARG{T, 4}} WHERE T", w) == "Tuple{Vararg{T, 4}} where T"
    assert mcc.recase("CORE.BOX", w) == "Core.Box"
    assert mcc.recase("UNION{FLOAT64, MYTYPE}", w) == "Union{Float64, MYTYPE}"  # MYTYPE: unknown, as written
    assert mcc.recase("Union{Float64, INT64}", w) == "Union{Float64, INT64}"  # not the capitals form
    spelled = World.build([], source="%3 = f(x)::Core.PartialStruct(Tuple{Pkg.MyType, Int64}, Any[Pkg.MyType, 1])\n"
                                      "(total = 1)")
    assert mcc.recase("UNION{NOTHING, PKG.MYTYPE}", spelled) == "Union{Nothing, Pkg.MyType}"
    assert mcc.recase("NAMEDTUPLE{(:TOTAL,), <:TUPLE{ANY}}", spelled) == "NamedTuple{(:total,), <:Tuple{Any}}"
