"""Round 4 of issue 13: two inference fast paths give exactly what the
general paths give.

- `Transfer.value_runner` (the engine's walk over a run of plain value calls
  `%i = f(a, b[, c])`, done by the transfer at once on a block's first
  walk) against the engine's statement-by-statement walk (the transfer
  without `value_runner`);
- the world's call memo keyed by widened argument types (`World._widened_key`:
  a declared function's dispatch that cannot fold constants) against the
  world without it (every call on new constants dispatched again).

Both over every sample and conformance input in every store (by default each input
in one store, chosen by hash; all four under `--exhaustive`) (SSA types,
return type, slot types, flags, diagnostics, the printed text and JSON),
random programs (hypothesis) and ModelingToolkit-like programs from the
benchmark generator, straight and with diamonds.
"""
from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, given, settings

from budget import examples, spread

from conftest import CONFORMANCE, sample_files
from handbuilt_ir import W
from mtk_programs import mtk_text
from test_stores_agree import infer_every_store, programs

from irc.cli.driver import Options, analyse
from irc.infer import transfer
from irc.lattice import typelattice as L
from irc.lattice import typetable as TT
from irc.output.jsondoc import document, dumps, function_json
from irc.output.text import render_program
from result_text import result_types
from irc.syntax import tree as S
from irc.world import world as Wd

INPUTS = [str(p) for p in sample_files() + sorted(CONFORMANCE.glob("*/*.ir"))]
STORES = ["stmt", "block", "live", "shared"]


def _analyse(path, text, store):
    res = analyse(path, text, Options(store=store))
    assert not res.errors, [d.message for d in res.errors]
    return res


def _summary(res):
    """What a run computed, as text (two runs build two worlds, whose types
    compare by identity of their type names)."""
    out = [render_program(res.program, res.results),
           dumps(document([function_json(fn, r) for fn, r in res.results]))]
    for fn, r in res.results:
        out.append(repr((fn.name, *result_types(r), r.slot_flags, sorted(r.widened),
                         [(d.severity, d.message, d.code, d.span) for d in r.diagnostics])))
    return out


def _no_runner(monkeypatch):
    monkeypatch.delattr(transfer.Transfer, "value_runner")


def _no_widened_memo(monkeypatch):
    monkeypatch.setattr(Wd.World, "_widened_key", lambda self, f, args, key: None)


def _read(path):
    with open(path, encoding="utf-8") as fh:
        return fh.read()


@pytest.mark.parametrize("path,store", spread(INPUTS, STORES, ids=lambda p: os.path.basename(p)[:-3]))
def test_value_runner_equals_statement_walk(path, store, monkeypatch):
    text = _read(path)
    fast = _summary(_analyse(path, text, store))
    _no_runner(monkeypatch)
    assert _summary(_analyse(path, text, store)) == fast


@pytest.mark.parametrize("path", INPUTS, ids=lambda p: os.path.basename(p)[:-3])
def test_widened_call_memo_changes_nothing(path, monkeypatch):
    text = _read(path)
    fast = _summary(_analyse(path, text, "shared"))
    _no_widened_memo(monkeypatch)
    assert _summary(_analyse(path, text, "shared")) == fast


@pytest.mark.parametrize("stmts,diamond_every,seed,store", spread([(400, 0, 1), (600, 0, 7), (900, 60, 3), (1200, 25, 11)],
                                                                  STORES, ids=lambda c: "-".join(map(str, c))))
def test_mtk_programs_fast_paths_equal_general(stmts, diamond_every, seed, store, monkeypatch):
    text = mtk_text(stmts, diamond_every, seed)
    fast = _summary(_analyse("<mtk>", text, store))
    _no_runner(monkeypatch)
    assert _summary(_analyse("<mtk>", text, store)) == fast
    _no_widened_memo(monkeypatch)
    assert _summary(_analyse("<mtk>", text, store)) == fast


def _compare(fast, slow):
    for s, r in fast.items():
        o = slow[s]
        assert (r.ssa_types, r.return_type, r.slot_types, r.slot_flags, r.widened) == \
            (o.ssa_types, o.return_type, o.slot_types, o.slot_flags, o.widened), s
        assert [(d.message, d.code, d.span) for d in r.diagnostics] == \
            [(d.message, d.code, d.span) for d in o.diagnostics], s


@settings(max_examples=examples(150), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(programs())
def test_random_programs_value_runner_equals_statement_walk(fn):
    fast = infer_every_store(fn, W)
    runner = transfer.Transfer.value_runner
    del transfer.Transfer.value_runner
    try:
        slow = infer_every_store(fn, W)
    finally:
        transfer.Transfer.value_runner = runner
    _compare(fast, slow)


def test_runner_types_runs_and_stops_where_the_engine_must_act():
    """The runner is really used on a straight line (most statements typed by
    it), and not on a block's later walks or where a call's memo entry
    depends on the statement."""
    text = mtk_text(300, 0, 5)
    res = _analyse("<mtk>", text, "shared")
    fn, r = res.results[0]
    seen = []
    real = transfer.Transfer.value_runner

    def counting(self):
        run = real(self)

        def wrapped(pc, last, table, ssa, users):
            out = run(pc, last, table, ssa, users)
            seen.append(out - pc)
            return out
        return wrapped

    transfer.Transfer.value_runner = counting
    try:
        again = _analyse("<mtk>", text, "shared")
    finally:
        transfer.Transfer.value_runner = real
    assert _summary(again) == _summary(res)
    assert sum(seen) > len(fn.stmts) // 2


# ------------------------------------------------------------ the world's widened memo


def _world():
    return Wd.World.build([])


def _fn(w, *parts):
    return w.value_of(S.Name(parts), ("Main",))


def test_widened_memo_answers_a_declared_method_on_new_constants():
    w = _world()
    getindex = _fn(w, "Base", "getindex")
    arr = w.eval_type(S.Curly(S.Name(("Vector",)), [S.Name(("Float64",))]), {})
    r1 = w.call(getindex, [arr, L.Const(1)])
    r2 = w.call(getindex, [arr, L.Const(2)])
    assert r1 is r2  # dispatched once
    fresh = _world()
    assert repr(fresh.call(_fn(fresh, "Base", "getindex"), [arr, L.Const(2)])) == repr(r2)


def test_widened_key_refuses_what_may_fold_or_read_constants():
    w = _world()
    plus = _fn(w, "Base", "+")
    fl = TT.FLOAT64
    key = (plus, (), (), None)
    assert w._methods_of(plus.val)[1] is not None
    # a non-constant argument: dispatch reads widened types only
    assert w._widened_key(plus, [fl, L.Const(2.5)], key) is not None
    # all arguments constant: a @foldable declaration may fold them (and does)
    assert w._widened_key(plus, [L.Const(1.5), L.Const(2.5)], key) is None
    assert w.call(plus, [L.Const(1.5), L.Const(2.5)]).rt == L.Const(4.0)
    assert w.call(plus, [fl, L.Const(2.5)]).rt == fl
    # a Conditional or PartialStruct argument, a builtin, a function read by its constants, a non-function: never
    assert w._widened_key(plus, [L.Conditional(1, L.Const(True), L.Const(False)), fl], key) is None
    assert w._widened_key(_fn(w, "Core", "tuple"), [fl, L.Const(1)], key) is None
    assert w._widened_key(_fn(w, "Base", "getproperty"), [fl, L.Const(1)], key) is None
    assert w._widened_key(_fn(w, "Base", "indexed_iterate"), [fl, L.Const(1)], key) is None
    assert w._widened_key(fl, [fl, L.Const(1)], key) is None
