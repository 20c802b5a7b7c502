"""`irc infer --check` and `irc infer --warn-only` as data (`--format json|jsonl`).

With `--format json` the run prints one document, the same shape for one
input or many:

    --check      {"files": [{"path", "errors", "agree", "differ",
                             "mismatches": [{"line", "column", "what", "inferred", "julia", "why", "explain"}]}],
                  "summary": {"agree", "differ"}}
    --warn-only  {"files": [{"path", "errors",
                             "warnings": [{"function", "severity", "code", "message", "line", "column"}]}],
                  "summary": {"errors", "warnings"}}

`errors` are the input's errors as diagnostic objects (`jsondoc.diagnostic_json`;
a failed input has errors and nothing else to report); a warning names the
function it is in (`null` for a warning about the whole file) and has `line`
and `column` `null` when it is about the whole file.  `--format jsonl`
prints one file object per line (no summary).  `dumps_report` prints the
document one file per line, with each mismatch or warning on its own line.

Invariants: pure functions; key order is fixed; `summary` adds up the
files' figures.
"""
from __future__ import annotations

from typing import Any

import json

from irc.errors import Diagnostic
from irc.output.jsondoc import diagnostic_json

_COMPACT = json.JSONEncoder(ensure_ascii=False, separators=(", ", ": "))


def check_entry(path: str, report: Any = None, errors: list[dict] | None = None) -> dict:
    """One input's `--check` object; `report` is its `check.CheckReport` (None: none, it failed)."""
    mismatches = [m.as_json() for m in report.mismatches] if report is not None else []
    return {"path": path, "errors": list(errors or []), "agree": report.agree if report is not None else 0,
            "differ": len(mismatches), "mismatches": mismatches}


def warnings_entry(path: str, warnings: list[tuple[str | None, Diagnostic]] = (),
                   errors: list[dict] | None = None) -> dict:
    """One input's `--warn-only` object: `warnings` as (function name or None, diagnostic)."""
    return {"path": path, "errors": list(errors or []),
            "warnings": [{"function": name, **diagnostic_json(d)} for name, d in warnings]}


def report_document(entries: list[dict], check: bool) -> dict:
    """The run's document: every input's object, then the totals."""
    if check:
        summary = {"agree": sum(e["agree"] for e in entries), "differ": sum(e["differ"] for e in entries)}
    else:
        summary = {"errors": sum(len(e["errors"]) for e in entries),
                   "warnings": sum(len(e["warnings"]) for e in entries)}
    return {"files": entries, "summary": summary}


def dumps_report(doc: dict) -> str:
    """`report_document`'s document as text, newline-terminated: a file per
    line, each mismatch or warning on a line of its own (readable, diffable)."""
    enc = _COMPACT.encode
    files = []
    for entry in doc["files"]:
        items = next(k for k in ("mismatches", "warnings") if k in entry)
        head = ", ".join(f"{enc(k)}: {enc(v)}" for k, v in entry.items() if k != items)
        rows = ",\n".join("   " + enc(x) for x in entry[items])
        files.append(" {" + head + f", {enc(items)}: " + (f"[\n{rows}]}}" if rows else "[]}"))
    body = ",\n".join(files)
    return '{"files": [' + (f"\n{body}" if files else "") + f'],\n "summary": {enc(doc["summary"])}}}\n'
