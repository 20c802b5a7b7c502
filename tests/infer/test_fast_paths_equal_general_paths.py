"""The inference phase's fast paths give exactly what the general paths give,
over every sample and every conformance input:

- `liveness.stmt_facts` (leaf arguments of `f(…)` read in line) equals the
  general `_reads` walk of each statement's operands;
- `flags.syntactic_flags` from the shared reads equals the full re-walk;
- `liveness.block_use_def` on shared reads equals it on recomputed reads, and
  so do the per-block sets `stmt_facts` gathers in its one pass (with
  `block_writes`);
- inference with the transfer's per-function call memo equals inference
  with the memo disabled (every call goes to the world), in every store:
  SSA types, return type, slot types, flags and diagnostics;
- the world's dispatch memo (per method list and widened argument types)
  changes nothing: inference with it equals inference without it;
- `flags.analyse` replaying only the blocks where a read can see an
  undefined state equals it replaying every block, in every store (each input
  in one store by default, in all four under `--exhaustive`; also on
  random programs: tests/infer/test_stores_agree.py).
"""
from __future__ import annotations

from conftest import CONFORMANCE, sample_files
import functools
import os

import pytest

from budget import spread
from irc.infer import flags, liveness, transfer
from irc.infer import analysis as infer
from irc.cli.driver import analyse
from irc.ir.model import Kind
from irc.output.text import render_program
from result_text import result_types

INPUTS = [str(p) for p in sample_files() + sorted(CONFORMANCE.glob("*/*.ir"))]
STORES = ["stmt", "block", "live", "shared"]
# each input in one store by default (by hash; every store gets a share), in all four under --exhaustive
BY_STORE = spread(INPUTS, STORES, ids=lambda p: os.path.basename(p)[:-3])


def _results(path, store="block"):
    with open(path, encoding="utf-8") as fh:
        res = analyse(path, fh.read(), infer_options(store))
    # every sample and conformance input reads; an error here (an internal one
    # included: a broken stand-in for Transfer) must fail, never skip
    assert not res.errors, [d.message for d in res.errors]
    return res


def infer_options(store):
    from irc.cli.driver import Options

    return Options(store=store)


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


@pytest.mark.parametrize("path", INPUTS, ids=lambda p: os.path.basename(p)[:-3])
def test_stmt_facts_and_flags_fast_paths(path):
    for fn, _ in _results(path).results:
        reads, ssas, called = liveness.stmt_facts(fn, set())
        # empty lists are one shared `()` (read-only): compare the contents
        assert ([list(r) for r in reads], [list(q) for q in ssas], called) == _general_facts(fn)
        assert [list(r) for r in reads] == liveness.all_stmt_reads(fn)
        assert flags.syntactic_flags(fn, reads, called) == flags.syntactic_flags(fn)
        for b in fn.blocks:
            assert liveness.block_use_def(fn, b, reads) == liveness.block_use_def(fn, b)
        # the per-block facts gathered in the same pass: block_use_def's sets, block_writes' lists
        per_block: list = []
        assert liveness.stmt_facts(fn, set(), per_block)[:2] == (reads, ssas)
        writes = liveness.block_writes(fn)
        for b, (u, d, w) in zip(fn.blocks, per_block, strict=True):
            assert (liveness._bits(u), liveness._bits(d)) == liveness.block_use_def(fn, b)
            assert w == writes[b.id]
        assert liveness.compute_liveness(fn, reads, per_block).bits == liveness.live_in_bits(fn)


class _Unmemoised(transfer.Transfer):
    """The transfer with its call memo never keeping an entry."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._calls = _Forgetful()


class _Forgetful(dict):
    def __setitem__(self, key, value):
        pass


@functools.lru_cache(maxsize=None)
def _plain_summary(path, store="block"):
    """`_summary` of the run with every fast path on, once per input and store for this module's tests
    (computed by the first test that asks, before it patches anything)."""
    return _summary(_results(path, store))


def _summary(res):
    """What a run computed, as text (two runs build two worlds, whose types
    compare by identity of their type names)."""
    out = [render_program(res.program, res.results)]
    for fn, r in res.results:
        out.append(repr((fn.name, *result_types(r), r.slot_flags,
                         [(d.severity, d.message, d.code, d.span) for d in r.diagnostics])))
    return out


@pytest.mark.parametrize("path,store", BY_STORE)
def test_call_memo_changes_nothing(path, store, monkeypatch):
    memo = _plain_summary(path, store)
    monkeypatch.setattr(infer, "Transfer", _Unmemoised)
    assert _summary(_results(path, store)) == memo


def _replay_everything(monkeypatch):
    """`flags.analyse` without liveness's `use` sets: every reached block is replayed."""
    real = infer.analyse

    def full(*args, **kw):
        kw.pop("live", None)
        return real(*args[:8], **kw)

    monkeypatch.setattr(infer, "analyse", full)


@pytest.mark.parametrize("path,store", BY_STORE)
def test_flags_replay_only_where_reads_can_see_undef(path, store, monkeypatch):
    fast = _plain_summary(path, store)
    _replay_everything(monkeypatch)
    assert _summary(_results(path, store)) == fast


@pytest.mark.parametrize("path", INPUTS, ids=lambda p: os.path.basename(p)[:-3])
def test_dispatch_memo_changes_nothing(path, monkeypatch):
    memo = _plain_summary(path)
    from irc.world import world as W

    real_init = W.World.__init__

    def init(self, *a, **kw):
        real_init(self, *a, **kw)
        self._dispatch_memo = _Forgetful()

    monkeypatch.setattr(W.World, "__init__", init)
    assert _summary(_results(path)) == memo
