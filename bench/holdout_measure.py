#!/usr/bin/env python3
"""Measure irc on held-out real Julia outputs (bench/holdout/), never used to tune it.

Run by hand from the repository root:

    python bench/holdout_measure.py        # agreement per variant
    python bench/holdout_measure.py -v     # ... and every disagreement, with its kind

Pastes are collected in batches (index field `batch`, 1 when absent), each measured untouched
when it was added; the agreement is printed per batch as well.

Algorithm: the cases are built in a temporary directory by `make_corpus_cases.make` itself (the
function that builds samples/real/cases), pointed at bench/holdout/index.json: each typed paste gives
one case per function with Julia's printed types as expectations, in a "declared" variant (every call
declared with the type Julia printed) and a "prelude" variant (only non-Base declarations); they are
measured with `make_corpus_cases.measure` (the shared runner's comparison).  A paste irc refuses to
read makes no case; it counts as 0 agreeing of its expectations, which (as irc cannot read it) are
counted on its text: the `Body::`/`) => ` line, each `name::T` line of an Arguments/Locals/Variables
section and each statement line ending in `::T` (an estimate, printed separately).
"""
from __future__ import annotations

import argparse
import json
import re
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))

import make_corpus_cases as mcc  # noqa: E402

HOLDOUT = ROOT / "bench" / "holdout"
LABEL = "bench/holdout"

_ANSI = re.compile(r"\x1b\[[0-9;]*m")
_SECTION = re.compile(r"^\s*(?:#\s*)?(Arguments|Locals|Variables|Static Parameters)\b")
_RAIL = re.compile(r"^\s*(?:#\s*)?(?:\d+\s*)?[│└┌├─┄╻┃\d ]*[│└─┄]\s")


def text_expectations(text: str) -> int:
    """How many printed types a paste holds, counted on its text (for a paste irc does not read)."""
    n, section = 0, False
    for raw in _ANSI.sub("", text).split("\n"):
        line = raw.rstrip()
        if _SECTION.match(line):
            section = not line.strip().lstrip("#").strip().startswith("Static Parameters")
            continue
        if re.match(r"^\s*(?:#\s*)?Body::", line) or re.match(r"^\s*\) => ", line):
            n, section = n + 1, False
            continue
        if section and re.match(r"^\s*(?:#\s*)?\s+\S+::\S", line):
            n += 1
            continue
        if _RAIL.match(line) and "::" in line:  # a statement Julia typed (or a typed slot read in it)
            n += 1
    return n


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("-v", "--verbose", action="store_true", help="print every disagreement")
    ap.add_argument("--keep", type=Path, default=None, help="write the cases here instead of a temporary directory")
    args = ap.parse_args(argv)
    entries = json.loads((HOLDOUT / "index.json").read_text(encoding="utf-8"))
    with tempfile.TemporaryDirectory() as tmp:
        out = args.keep or Path(tmp)
        summary = mcc.make(out_dir=out, verbose=False, src=HOLDOUT, label=LABEL)
        refused = {s["file"] for s in summary["skipped"] if s["reason"] == "does not read"}
        other_skips = [s for s in summary["skipped"] if s["reason"] != "does not read"]
        made = {mcc.paste_of(c, entries)["file"] for c in summary["cases_list"]}
        skipped = {s["file"].split(" ")[0] for s in summary["skipped"]}
        silent = {e["file"] for e in entries if e["file"] not in made and e["file"] not in skipped}
        for f in sorted(silent):  # read without an error, but no function came out (e.g. every line is a `#` comment)
            other_skips.append({"file": f, "reason": "irc read no function from it (counted as refused)"})
        refused |= silent
        refused_exp = {f: text_expectations((HOLDOUT / f).read_text(encoding="utf-8")) for f in sorted(refused)}
        sources = {e.get("url") or (e.get("repo"), e.get("path")) for e in entries}
        print(f"pastes: {len(entries)} ({len(sources)} distinct sources); "
              f"cases: {summary['cases']} per variant, {summary['expectations']} expectations; "
              f"refused by irc: {len(refused)} pastes (~{sum(refused_exp.values())} expectations counted on their text)")
        for f, n in refused_exp.items():
            print(f"  refused: {f} (~{n} expectations)")
        for s in other_skips:
            print(f"  skipped: {s['file']}: {s['reason']}")
        for v in mcc.VARIANTS:
            m = mcc.measure(v, cases=out)
            if args.verbose:
                for name, problems in m["problems"].items():
                    print(f"FAIL {v}/{name}")
                    for p in problems:
                        print(f"    [{mcc.cause(p)}] {p}")
            share = 100.0 * m["agree"] / m["total"] if m["total"] else 0.0
            total = m["total"] + sum(refused_exp.values())
            share_all = 100.0 * m["agree"] / total if total else 0.0
            print(f"{v}: expectations agreeing: {m['agree']}/{m['total']} ({share:.1f}%) over the pastes irc reads; "
                  f"{m['agree']}/{total} ({share_all:.1f}%) with refused pastes as 0; "
                  f"{m['passed']} cases passed, {m['cases'] - m['passed']} failed; errors: {len(m['errors'])}")
            for kind, n in mcc.causes(m).items():
                print(f"    {n:4d}  {kind}")
            batches: dict[str, list[int]] = {}
            for c, (a, t) in m["by_case"].items():
                b = batches.setdefault(str(mcc.paste_of(c, entries).get("batch", 1)), [0, 0])
                b[0], b[1] = b[0] + a, b[1] + t
            if len(batches) > 1:
                for b, (a, t) in sorted(batches.items()):
                    print(f"    batch {b}: {a}/{t} ({100.0 * a / t if t else 0.0:.1f}%)")
            fresh = [c for c in m["by_case"] if not mcc.paste_of(c, entries).get("overlap")]
            a, t = sum(m["by_case"][c][0] for c in fresh), sum(m["by_case"][c][1] for c in fresh)
            print(f"    without the pastes whose code samples/real already has (index `overlap`): {a}/{t}"
                  f" ({100.0 * a / t if t else 0.0:.1f}%) in {len(fresh)} cases")
            if args.verbose:
                for case, (a, t) in m["by_case"].items():
                    print(f"    {case}: {a}/{t}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
