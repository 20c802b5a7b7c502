"""The inference phase's fast paths give exactly what the general paths give,
over every sample and every conformance input:

- `liveness.stmt_facts` (leaf arguments of `f(…)` read in line) equals the
  general `_reads` walk of each statement's operands;
- `flags.syntactic_flags` from the shared reads equals the full re-walk;
- `liveness.block_use_def` on shared reads equals it on recomputed reads;
- inference with the transfer's per-function call memo equals inference
  with the memo disabled (every call goes to the world), in every store:
  SSA types, return type, slot types, flags and diagnostics.
"""
from __future__ import annotations

from conftest import CONFORMANCE, sample_files
import os

import pytest

from irc.infer import flags, liveness, transfer
from irc.infer import analysis as infer
from irc.cli.driver import analyse
from irc.ir.model import Kind
from irc.output.text import render_program

INPUTS = [str(p) for p in sample_files() + sorted(CONFORMANCE.glob("*/*.ir"))]


def _results(path, store="block"):
    with open(path, encoding="utf-8") as fh:
        res = analyse(path, fh.read(), infer_options(store))
    if res.errors:
        pytest.skip("the front end rejects this input")
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
        assert (reads, ssas, called) == _general_facts(fn)
        assert reads == liveness.all_stmt_reads(fn)
        assert flags.syntactic_flags(fn, reads, called) == flags.syntactic_flags(fn)
        for b in fn.blocks:
            assert liveness.block_use_def(fn, b, reads) == liveness.block_use_def(fn, b)


class _Unmemoised(transfer.Transfer):
    """The transfer with its call memo never keeping an entry."""

    def __init__(self, fn, world):
        super().__init__(fn, world)
        self._calls = _Forgetful()


class _Forgetful(dict):
    def __setitem__(self, key, value):
        pass


def _summary(res):
    """What a run computed, as text (two runs build two worlds, whose types
    compare by identity of their type names)."""
    out = [render_program(res.program, res.results)]
    for fn, r in res.results:
        out.append(repr((fn.name, r.ssa_types, r.return_type, r.slot_types, r.slot_flags,
                         [(d.severity, d.message, d.code, d.span) for d in r.diagnostics])))
    return out


@pytest.mark.parametrize("store", ["stmt", "block", "live", "shared"])
@pytest.mark.parametrize("path", INPUTS, ids=lambda p: os.path.basename(p)[:-3])
def test_call_memo_changes_nothing(path, store, monkeypatch):
    memo = _summary(_results(path, store))
    monkeypatch.setattr(infer, "Transfer", _Unmemoised)
    assert _summary(_results(path, store)) == memo
