"""A moderately large input in CI: correctness only, no timing assertions.

A 20,000-statement MTK-like function (bench/gen_mtk.py: loads, arithmetic
chains over 2,000 named Float64 locals, a diamond every 100 statements) is
inferred; the generator knows the answers:

- the CFG has the generated blocks, and every statement is reached;
- every local is `Float64` (assigned only Float64 arithmetic), defined before
  every read: no SLOT_USEDUNDEF flag, no undefined-variable warning;
- the return type is `Nothing`;
- a 4,000-statement variant prints identical text in all three stores.

bench/large_1m.py runs the same shape at 1,000,000 statements.
"""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
import strategies as G  # noqa: E402

gen_mtk = pytest.importorskip("gen_mtk")


def _gen(stmts: int, slots: int, every: int = 100):
    return gen_mtk.generate(gen_mtk.GenParams(stmts=stmts, slots=slots, diamond_every=every, seed=3))


def test_20k_statements_inferred_correctly():
    from irc.lattice.typeprint import show

    g = _gen(20_000, 2_000)
    program, results = G.with_time_limit(600, G.run_pipeline, g.text, "large.ir")
    ((fn, res),) = results
    assert len(fn.stmts) == g.n_stmts == 20_000
    assert len(fn.blocks) == g.n_blocks
    assert [b.first for b in fn.blocks] == g.block_starts
    assert all(res.ssa_types[i] is not None for i in range(1, len(fn.stmts) + 1))
    by_name = {s.name: s for s in fn.slots}
    assert set(g.locals) <= set(by_name)
    bad_types = {x: show(res.slot_types[by_name[x].id]) for x in g.locals
                 if show(res.slot_types[by_name[x].id]) != "Float64"}
    assert not bad_types, dict(list(bad_types.items())[:5])
    flagged = [x for x in g.locals if res.slot_flags[by_name[x].id] & 0x21]
    assert not flagged
    assert not [d for d in res.diagnostics if "undefined" in d.message or "not defined" in d.message]
    assert show(res.return_type) in ("Nothing", "Core.Const(nothing)")


def test_every_store_agrees_on_a_4k_function():
    g = _gen(4_000, 600, every=50)
    outs = {s: G.with_time_limit(600, G.infer_text, g.text, "large.ir", s) for s in ("stmt", "block", "live", "shared")}
    assert outs["stmt"] == outs["block"] == outs["live"] == outs["shared"]
