"""`--format json` (irc.jsonout): the §5.2 schema, nulls for unreached, modes agree."""
from __future__ import annotations

import json

import pytest

from irc.cli.driver import analyse_text
from irc.infer.flags import FLAG_NAMES, flag_names
from irc.output.jsondoc import document, dumps, function_json

from conftest import sample_files
from progs import ANNOTATED, BRANCH, LOOP, TRY

FUNC_KEYS = ["name", "signature", "return_type", "slots", "blocks", "statements", "diagnostics"]


def doc_for(text: str, store: str = "block") -> dict:
    res = analyse_text(text, path="t.ir", store=store, prelude=False)
    assert not res.errors, [d.message for d in res.errors]
    return json.loads(dumps(document([function_json(fn, r) for fn, r in res.results])))


def test_schema_keys_and_types():
    d = doc_for(LOOP)
    assert list(d) == ["functions"]
    f = d["functions"][0]
    assert list(f) == FUNC_KEYS
    assert f["name"] == "prodto" and f["signature"] == "prodto(::Int64)" and f["return_type"] == "Int64"
    s = f["slots"][0]
    assert list(s) == ["id", "name", "argument", "type", "flags", "flag_names"]
    assert s == {**s, "id": 1, "name": "#self#", "argument": True, "type": "Core.Const(prodto)"}
    b = f["blocks"][0]
    assert list(b) == ["id", "first", "last", "preds", "succs", "entry"]
    assert (b["id"], b["first"], b["last"], b["succs"]) == (1, 1, 6, [2, 4])
    assert all(list(e) == ["slot", "type", "undef"] for e in b["entry"])
    st = f["statements"][1]
    assert list(st) == ["id", "block", "label", "line", "text", "type", "julia_type"]
    assert st["text"] == "1:n"
    assert st["id"] == 2 and st["label"] == 2 and st["type"] == "Core.PartialStruct(UnitRange{Int64}, Any[Core.Const(1), Int64])" and st["julia_type"] is None


def test_flags_consistent_with_names():
    for f in doc_for(LOOP)["functions"]:
        for s in f["slots"]:
            assert flag_names(s["flags"]) == s["flag_names"]
    assert flag_names(0x29) == ["SLOT_USED", "SLOT_USEDUNDEF", "SLOT_STATICUNDEF"]
    assert sum(bit for bit, _ in FLAG_NAMES) == 0x79


def test_unreached_is_null():
    f = doc_for(BRANCH)["functions"][0]
    b4 = f["blocks"][3]
    assert b4["entry"] is None
    assert [s["type"] for s in f["statements"] if s["block"] == 4] == [None]
    assert any(d["code"] for d in f["diagnostics"])  # the maybe-undefined read of y


def test_julia_types_from_annotations():
    f = doc_for(ANNOTATED)["functions"][0]
    assert [s["julia_type"] for s in f["statements"]] == ["Int64", "Int64", "Bool", None]


def json_text(text: str, store: str) -> str:
    res = analyse_text(text, path="t.ir", store=store, prelude=False)
    return dumps(document([function_json(fn, r) for fn, r in res.results]))


@pytest.mark.parametrize("text", [LOOP, BRANCH, TRY, ANNOTATED])
def test_byte_identical_across_stores(text):
    docs = {m: json_text(text, m) for m in ("stmt", "block", "live", "shared")}
    assert docs["stmt"] == docs["block"] == docs["live"] == docs["shared"]


@pytest.mark.parametrize("text", [LOOP, BRANCH, TRY, ANNOTATED])
def test_entry_lists_the_live_in_slots_of_the_text_output(text):
    """`entry` holds exactly the slots the `# entry #B:` comment lists, with the same states."""
    import re

    from irc.output.text import render_program

    res = analyse_text(text, path="t.ir", store="block", prelude=False)
    printed = render_program(res.program, res.results, entries="full")
    comments = dict(re.findall(r"^# entry #(\d+): (.*)$", printed, re.M))
    f = json.loads(json_text(text, "block"))["functions"][0]
    names = {s["id"]: s["name"] for s in f["slots"]}
    for b in f["blocks"]:
        shown = comments[str(b["id"])]
        if b["entry"] is None:
            assert shown == "unreached"
        elif not b["entry"]:
            assert shown == "(no live slots)"
        else:
            assert shown == ", ".join(f"{names[e['slot']]}::{e['type']}" + (" (undef)" if e["undef"] else "")
                                      for e in b["entry"])


@pytest.mark.parametrize("store", ["stmt", "block", "live", "shared"])
def test_entry_leaves_out_slots_not_live_into_the_block(store):
    """In LOOP (slots #self# 1, n 2, @_3 3, acc 4, k 5) only `n` is live into
    block 1 and `n` is dead after it; `k` is written before every read.  The
    full tables of `block`/`stmt` hold the other slots too (some stale): not listed."""
    f = doc_for(LOOP, store)["functions"][0]
    entries = {b["id"]: [(e["slot"], e["type"], e["undef"]) for e in b["entry"]] for b in f["blocks"]}
    loop_carried = [(3, "Tuple{Int64, Int64}", False), (4, "Int64", False)]
    assert entries == {1: [(2, "Int64", False)], 2: loop_carried, 3: loop_carried, 4: [(4, "Int64", False)]}


def _body_lines(printed: str) -> list[list[str]]:
    """Each function's statement lines of a text output (comments and headers dropped)."""
    out: list[list[str]] = []
    body = False
    for line in printed.splitlines():
        if line.startswith("MethodInstance for "):
            out.append([])
            body = False
        elif line.startswith("Body::"):
            body = True
        elif body and line and not line.startswith("#"):
            out[-1].append(line)
    return out


@pytest.mark.parametrize("sample", sample_files(), ids=lambda p: p.stem)
def test_statement_text_is_the_printed_statement(sample):
    """`text` is what the text output prints for the statement, without label and `::T`."""
    from irc.cli.driver import analyse
    from irc.output.text import render_program

    res = analyse(str(sample), sample.read_text())
    assert not res.errors
    lines = _body_lines(render_program(res.program, res.results))
    for (fn, r), flines in zip(res.results, lines):
        stmts = function_json(fn, r)["statements"]
        assert len(stmts) == len(flines)
        for st, line in zip(stmts, flines):
            text = st["text"]
            typed = [f"{text}::{st['type'] or 'Union{}'}", f"({text})::{st['type'] or 'Union{}'}"]
            assert any(f" {t}" in line and line.split(f" {t}")[1] in ("", "  # ?", "  # !") for t in typed) \
                or line.endswith(" " + text), (line, text)


def test_statement_text_examples():
    f = doc_for(BRANCH)["functions"][0]
    texts = [s["text"] for s in f["statements"]]
    assert texts[:3] == ["x isa Int64", "goto #3 if not %1", "y = x"]
    assert "Core.Const(:(return %5))" in texts  # unreached: Julia's dead-code form
