"""`irc infer --format json|jsonl`: inference results as data (spec §5.2).

One JSON document per run:

    {"functions": [{"name", "signature", "return_type",
                    "slots": [{"id", "name", "argument", "type", "flags", "flag_names"}],
                    "blocks": [{"id", "first", "last", "preds", "succs", "entry"}],
                    "statements": [{"id", "block", "label", "line", "text", "type", "julia_type",
                                    "source" (only "input": typed with Julia's printed type)}],
                    "diagnostics": [{"severity", "code", "message", "line", "column"}]}]}

Types are lattice elements printed exactly as Julia prints them
(`irc.typeprint.show`); `null` means unreached (statement type, block entry).
A statement's `text` is the statement as the text output prints it, without
rails, label and `::T` (`irc.output.text.statement_texts`: `x = f(y)`,
`goto #4 if not %5`, `Core.Const(:(…))` when unreached); `julia_type` is the
annotation found in the input (Julia's answer), reprinted canonically.  A block's `entry` lists the entry states of exactly the slots
live into the block, ordered by slot id: the set the text output's
`# entry #B:` comment lists (`irc.output.text.reached_live_in`, liveness
counting only reached reads, writes and edges), whose states every store
keeps exact (the set is a subset of the engine's liveness, which even the
`live` store holds).  `entry` is `null` for an unreached block and `[]` for
a reached block with no live slot.  The document is therefore byte-identical
whatever `--state`: every field is computed from `InferenceResult` fields
that agree across stores.

Invariants: the builder is a pure function of (Function, InferenceResult);
key order is fixed (so `json.dumps` output is deterministic); no field is
ever missing (absent values are `null` or `[]`).
"""
from __future__ import annotations

import json
from typing import Any

from irc.ir import model as ir
from irc.errors import Diagnostic
from irc.infer.flags import flag_names, undef_flags_note

def show(x: Any) -> str:
    from irc.lattice.typeprint import show as _show

    return _show(x)


def diagnostic_json(d: Diagnostic) -> dict:
    span = d.span
    return {
        "severity": d.severity,
        "code": d.code,
        "message": d.message,
        "line": span.line if span and span.line >= 1 else None,  # line 0: the whole file
        "column": span.col if span and span.line >= 1 else None,
    }


def entry_json(result: Any, b: int, live: frozenset[int], sh=None, cells: dict | None = None) -> list[dict] | None:
    """Block b's entry states for the slots in `live` (the slots live into b,
    `irc.output.text.reached_live_in`), by slot id; None when b is unreached.
    `cells` (id(state) -> (state, type text, undef)) memoises the states'
    texts across blocks, which share most states."""
    view = result.entry_view(b)
    if view is None:
        return None
    sh = sh or show
    if cells is None:
        cells = {}
    out = []
    for sid in sorted(live):
        vs = view.get(sid)
        if vs is None:  # every store keeps the live-in slots (see the module doc): never here
            out.append({"slot": sid, "type": None, "undef": None})
            continue
        hit = cells.get(id(vs))
        if hit is None:  # holding vs keeps its id from being reused
            hit = cells[id(vs)] = (vs, sh(vs.type), bool(vs.undef))
        out.append({"slot": sid, "type": hit[1], "undef": hit[2]})
    return out


def function_json(fn: ir.Function, result: Any) -> dict:
    """The §5.2 object for one inferred function."""
    from irc.output.text import (_Shows, annotation_of, printed_return_type, reached_live_in, signature,
                                 slot_display_names, statement_texts)

    names = slot_display_names(fn)
    live_in = reached_live_in(fn, result)
    show = _Shows().show
    cells: dict = {}
    slots = []
    rules = getattr(result, "rules", None)
    for s in fn.slots:
        bits = int(result.slot_flags[s.id])
        slots.append({
            "id": s.id,
            "name": names[s.id],
            "argument": s.argument,
            "type": show(result.slot_types[s.id]),
            "flags": bits,
            "flag_names": flag_names(bits),
        })
        note = undef_flags_note(bits, rules)  # only under 1.11+ (`--julia`): the 1.10 document is unchanged
        if note:
            slots[-1]["flags_note"] = note
    blocks = [{
        "id": b.id,
        "first": b.first,
        "last": b.last,
        "preds": list(b.preds),
        "succs": list(b.succs),
        "entry": entry_json(result, b.id, live_in[b.id], show, cells),
    } for b in fn.blocks]
    statements = []
    texts = statement_texts(fn, result)
    taken = getattr(result, "from_input", frozenset())
    for i, st in enumerate(fn.stmts, start=1):
        t = result.ssa_types[i]
        ann = annotation_of(st)
        statements.append({
            "id": i,
            "block": fn.stmt_block[i],
            "label": st.label,
            "line": st.line,
            "text": texts[i - 1],
            "type": None if t is None else show(t),
            "julia_type": None if ann is None else format_annotation(ann),
        })
        if i in taken:  # `--use-printed-types`: Julia's printed type, where irc cannot type the call
            statements[-1]["source"] = "input"
    return {
        "name": fn.name,
        "signature": signature(fn, result),
        "return_type": show(printed_return_type(result)),
        "slots": slots,
        "blocks": blocks,
        "statements": statements,
        "diagnostics": [diagnostic_json(d) for d in result.diagnostics],
    }


def format_annotation(expr: Any) -> str:
    from irc.output.text import format_type_expr

    return format_type_expr(expr)


def document(functions: list[dict], version: dict | None = None) -> dict:
    """The JSON document; `version`: `julia_version` and `julia_version_evidence`, first (the CLI's)."""
    return {**version, "functions": functions} if version else {"functions": functions}


# `json.dumps` with these options builds a new encoder per call; the text of
# `encode` is the same (an encoder holds only its options)
_COMPACT = json.JSONEncoder(ensure_ascii=False, separators=(", ", ": "))
_LINE = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"))


def _compact(x: Any) -> str:
    return _COMPACT.encode(x)


def _function_text(f: dict, indent: str) -> str:
    """One function object: scalar keys on the first line, then each list with
    one element per line (readable, diffable, and encoded by json's C encoder)."""
    scal = [f"{_compact(k)}: {_compact(v)}" for k, v in f.items() if not isinstance(v, list)]
    lines = [indent + "{" + ", ".join(scal)]
    for k, v in f.items():
        if not isinstance(v, list):
            continue
        if not v:
            lines[-1] += ","
            lines.append(f"{indent} {_compact(k)}: []")
            continue
        lines[-1] += ","
        lines.append(f"{indent} {_compact(k)}: [")
        body = [f"{indent}  {_compact(x)}" for x in v]
        lines.append(",\n".join(body) + "]")
    return "\n".join(lines) + "}"


def _scalars(doc: dict, lists: int) -> bool:
    """All values but the last `lists` are scalars (the version keys before `functions`)."""
    return all(not isinstance(v, (list, dict)) for v in list(doc.values())[:-lists])


def dumps(doc: Any) -> str:
    """The JSON document as text, newline-terminated: one slot, block,
    statement or diagnostic per line (deterministic key order as built)."""
    if isinstance(doc, dict) and list(doc)[-1:] == ["functions"] and _scalars(doc, 1):
        fs = doc["functions"]
        head = "".join(f"{_compact(k)}: {_compact(v)}, " for k, v in doc.items() if k != "functions")
        if not fs:
            return "{" + head + '"functions": []}\n'
        return "{" + head + '"functions": [\n' + ",\n".join(_function_text(f, "") for f in fs) + "]}\n"
    if isinstance(doc, dict) and list(doc) == ["files"]:
        parts = []
        for entry in doc["files"]:
            fs = entry.get("functions") or []
            more = "".join(f"{_compact(k)}: {_compact(v)}, " for k, v in entry.items()
                           if k not in ("path", "errors", "functions"))  # `julia_version`, its evidence
            head = "{" + f'"path": {_compact(entry["path"])}, "errors": {_compact(entry.get("errors") or [])}, ' + more
            if fs:
                parts.append(head + '"functions": [\n' + ",\n".join(_function_text(f, " ") for f in fs) + "]}")
            else:
                parts.append(head + '"functions": []}')
        return '{"files": [\n' + ",\n".join(parts) + "]}\n"
    return json.dumps(doc, ensure_ascii=False, indent=1) + "\n"


def dumps_line(obj: Any) -> str:
    """One compact JSON line (for `--format jsonl`)."""
    return _LINE.encode(obj) + "\n"
