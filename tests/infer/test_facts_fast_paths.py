"""Issue 13's inference fast paths give exactly what the general paths give,
over every sample, every conformance input and random programs:

- `liveness.collect_facts` (one pass, flat `Ragged` lists): its reads, `%n`
  and called slots equal the general `_reads` walk of every statement; its
  `dead` / `write_pcs` / `newvars` equal scans of the statements; its
  per-block `(use, defs, writes)` equal `block_use_def` / `block_writes`;
  its `users` equal `engine.ssa_users` restricted to the users the engine
  can queue (another block, or not after the value);
- `used_values` from the flat `%n` list equals its statement-by-statement form;
- `flags.syntactic_flags` with the facts (dead statements and slot writers
  only) equals the full re-walk; `_slot_types` over `write_pcs` equals it
  over every statement;
- inference with all of that equals inference without (the engine given no
  `users`, flags given no facts), and `Transfer.eval_call`'s unrolled
  two-operand path equals its general loop: SSA types, return type, slot
  types, flags, diagnostics and the printed text, in every store (each input in one store by
  default, chosen by hash; all four under `--exhaustive`).
"""
from __future__ import annotations

import os
from array import array

import pytest
from hypothesis import HealthCheck, given, settings

from budget import examples, spread

from conftest import CONFORMANCE, sample_files
from handbuilt_ir import W
from test_stores_agree import infer_every_store, programs

from irc.cli.driver import Options, analyse
from irc.infer import analysis as infer
from irc.infer import engine, flags, liveness, transfer
from irc.infer.ragged import Ragged
from irc.ir.model import Kind
from irc.output.text import render_program
from result_text import result_types

INPUTS = [str(p) for p in sample_files() + sorted(CONFORMANCE.glob("*/*.ir"))]


def _general_facts(fn):
    reads, ssas, called = [[]], [[]], set()
    for st in fn.stmts:
        r, q = [], []
        if st.kind is not Kind.DEAD:
            for e in liveness.stmt_operands(st):
                liveness._reads(e, False, r, q, called, [])
        reads.append(r)
        ssas.append(q)
    return reads, ssas, called


def check_facts(fn) -> None:
    f = liveness.collect_facts(fn)
    reads, ssas, called = _general_facts(fn)
    assert f.reads == reads and f.ssas == ssas and f.called == called
    assert [list(r) for r in f.reads] == reads and len(f.ssas) == len(ssas)
    stmts = list(enumerate(fn.stmts, 1))
    assert f.dead == [i for i, st in stmts if st.kind is Kind.DEAD]
    assert list(f.write_pcs) == [i for i, st in stmts if st.kind in (Kind.ASSIGN, Kind.NEWVAR)
                                 and st.slot is not None]
    assert f.newvars == [i for i, st in stmts if st.kind is Kind.NEWVAR]
    for i in range(1, len(fn.stmts) + 1):
        if i not in f.partial:
            st = fn.stmts[i - 1]
            full = [] if st.kind is Kind.DEAD else \
                [r for e in liveness.stmt_operands(st) for r in liveness.expr_ssa_refs(e)]
            assert sorted(f.ssas[i]) == sorted(full)
    assert f.per_block == bool(fn.blocks)
    if f.per_block:
        sb = fn.stmt_block
        every = engine.ssa_users(fn, ssas)
        assert [list(u) for u in f.users] == [
            [r for r in us if sb[r] != sb[n] or r <= n] for n, us in enumerate(every)]
        writes = liveness.block_writes(fn)
        for b, (u, d, w) in zip(fn.blocks, f.blocks, strict=True):
            assert (liveness._bits(u), liveness._bits(d)) == liveness.block_use_def(fn, b)
            assert w == writes[b.id]
        assert liveness.compute_liveness(fn, f.reads, f.blocks).bits == liveness.live_in_bits(fn)
    assert liveness.used_values(fn, f.ssas, f.partial, f.dead) == liveness.used_values(fn)
    assert flags.syntactic_flags(fn, f.reads, f.called, f) == flags.syntactic_flags(fn)


def _results(path, store="block"):
    with open(path, encoding="utf-8") as fh:
        res = analyse(path, fh.read(), Options(store=store))
    assert not res.errors, [d.message for d in res.errors]
    return res


def _summary(res):
    """The results as text (types through `show`: tests/result_text.py)."""
    out = [render_program(res.program, res.results)]
    for fn, r in res.results:
        out.append(repr((fn.name, *result_types(r), r.slot_flags,
                         [(d.severity, d.message, d.code, d.span) for d in r.diagnostics])))
    return out


def _general_everywhere(monkeypatch):
    """Inference without the facts' fast paths: the engine computes every
    `%n`'s users itself, flags re-walk the statements, `eval_call` takes its
    general loop for every call."""
    run, fl = infer.run, infer.analyse
    monkeypatch.setattr(infer, "run", lambda *a: run(*a[:6]))
    monkeypatch.setattr(infer, "analyse", lambda *a: fl(*a[:9]))
    monkeypatch.setattr(transfer, "_LEAF", frozenset())


def test_ragged():
    r = Ragged([1, 2, 3, 4], array("q", [0, 0, 2, 2, 4]))
    assert len(r) == 4 and list(r) == [[], [1, 2], [], [3, 4]]
    assert r[1] == [1, 2] and r[-1] == [3, 4] and r[2] == []
    assert r == [[], [1, 2], (), [3, 4]] and r != [[], [1, 2], [], [3]]
    with pytest.raises(IndexError):
        r[4]
    r[1].append(9)  # a fresh list each time: the Ragged is unchanged
    assert r[1] == [1, 2]


@pytest.mark.parametrize("path", INPUTS, ids=lambda p: os.path.basename(p)[:-3])
def test_collect_facts_equals_general_walks(path):
    for fn, _ in _results(path).results:
        check_facts(fn)


@settings(max_examples=examples(200), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(programs())
def test_collect_facts_on_random_programs(fn):
    check_facts(fn)


@pytest.mark.parametrize("path,store", spread(INPUTS, ["stmt", "block", "live", "shared"],
                                               ids=lambda p: os.path.basename(p)[:-3]))
def test_inference_with_facts_equals_general(path, store, monkeypatch):
    fast = _summary(_results(path, store))
    _general_everywhere(monkeypatch)
    assert _summary(_results(path, store)) == fast


@settings(max_examples=examples(100), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(programs())
def test_random_programs_with_facts_equal_general(fn):
    fast = infer_every_store(fn, W)
    run, fl, leaf = infer.run, infer.analyse, transfer._LEAF
    infer.run, infer.analyse, transfer._LEAF = (lambda *a: run(*a[:6])), (lambda *a: fl(*a[:9])), frozenset()
    try:
        slow = infer_every_store(fn, W)
    finally:
        infer.run, infer.analyse, transfer._LEAF = run, fl, leaf
    for s, r in fast.items():
        o = slow[s]
        assert (r.ssa_types, r.return_type, r.slot_types, r.slot_flags) == \
            (o.ssa_types, o.return_type, o.slot_types, o.slot_flags), s
        assert [(d.message, d.code, d.span) for d in r.diagnostics] == \
            [(d.message, d.code, d.span) for d in o.diagnostics], s


def test_slot_types_over_writers_equal_every_statement():
    for path in INPUTS[:40]:
        for fn, r in _results(path).results:
            f = liveness.collect_facts(fn)
            argtypes = {s.id: r.slot_types[s.id] for s in fn.slots if s.argument}
            tr = r._transfer
            assert flags._slot_types(fn, r.ssa_types, tr, argtypes, f.write_pcs) == \
                flags._slot_types(fn, r.ssa_types, tr, argtypes)
