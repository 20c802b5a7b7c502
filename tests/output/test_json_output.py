"""`--format json` (irc.jsonout): the §5.2 schema, nulls for unreached, modes agree."""
from __future__ import annotations

import json

import pytest

from irc.cli.driver import analyse_text
from irc.infer.flags import FLAG_NAMES, flag_names
from irc.output.jsondoc import document, dumps, function_json

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
    assert list(st) == ["id", "block", "label", "line", "type", "julia_type"]
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


@pytest.mark.parametrize("text", [LOOP, BRANCH, TRY, ANNOTATED])
def test_identical_across_modes_except_live_entries(text):
    docs = {m: doc_for(text, m) for m in ("stmt", "block", "live", "shared")}
    assert docs["stmt"] == docs["block"] == docs["shared"]
    for d in docs.values():
        for f in d["functions"]:
            for b in f["blocks"]:
                b["entry"] = None if b["entry"] is None else "kept"
    assert docs["live"] == docs["block"]
