"""The printer reuses per-statement facts inference computed once
(`InferenceResult.stmt_reads`, `stmt_ssas`, `ssas_partial`): what it prints
must be what it would compute on its own."""
from __future__ import annotations

from conftest import sample_files
import os

import pytest
from handbuilt_ir import EXPR, RET, V, call, lit, mkfn, ssa

from irc.output import text as printer
from irc.cli.driver import analyse
from irc.infer.analysis import infer_function
from irc.infer.liveness import expr_ssa_refs, stmt_facts, stmt_operands
from irc.world.world import World

SAMPLES = [str(p) for p in sample_files()]


def _recomputed(r, **fields):
    saved = {k: getattr(r, k) for k in fields}
    for k, v in fields.items():
        setattr(r, k, v)
    try:
        return printer.used_ssa(r.fn, r), printer.reached_live_in(r.fn, r)
    finally:
        for k, v in saved.items():
            setattr(r, k, v)


@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: os.path.basename(p)[:-3])
def test_shared_facts_give_what_the_printer_computes(path):
    with open(path, encoding="utf-8") as fh:
        res = analyse(path, fh.read())
    if res.errors:
        pytest.skip("the front end rejects this sample")
    for fn, r in res.results:
        assert r.stmt_reads is not None and r.stmt_ssas is not None
        shared = printer.used_ssa(fn, r), printer.reached_live_in(fn, r)
        assert shared == _recomputed(r, stmt_reads=None, stmt_ssas=None)


def test_skipped_heads_mark_the_statement_partial():
    # `%1` used only inside `$(Expr(:meta, %1))` and as `throw_undef_if_not`'s name
    fn = mkfn([], [], [[V(call("rand")), V(EXPR("meta", ssa(1))),
                        V(EXPR("throw_undef_if_not", ssa(1), lit(True))), V(call("rand")), RET(lit(0))]])
    partial: set[int] = set()
    _, ssas, _ = stmt_facts(fn, partial)
    assert partial == {2, 3}
    for i, st in enumerate(fn.stmts, 1):
        full = sorted(r for e in stmt_operands(st) for r in expr_ssa_refs(e))
        if i not in partial:
            assert sorted(ssas[i]) == full
    assert list(ssas[2]) == [] and expr_ssa_refs(fn.stmts[1].value) == [1]
    r = infer_function(fn, World.build([], prelude=False))
    assert r.ssas_partial == frozenset({2, 3})
    assert printer.used_ssa(fn, r) == _recomputed(r, stmt_ssas=None)[0] == {1}
    assert _recomputed(r, ssas_partial=frozenset())[0] == set()  # what ignoring `partial` would print
