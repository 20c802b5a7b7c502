"""Termination bounds: adversarial lattices converge, and quickly.

Spec §3.1: every chain of merges is finite.  These programs try to build
infinite (or exponentially large) chains:

- a loop that grows a tuple every iteration (`t = Core.tuple(t, 1)`, and
  `t = Core.tuple(t, t)`, which doubles the type each time);
- a 1,000-diamond chain, each diamond assigning x another type on one arm and
  keeping it on the other (the join sees every type so far: unions must widen,
  not grow), and the same with x nested one tuple level deeper per diamond;
- a single join block with 1,000 predecessors, each assigning another type;
- 120-deep nested `PartialStruct`s built straight-line (`t = Core.tuple(t, n)`)
  and then inside a loop, read back with `Core.getfield` (deeper nests hit
  Python's recursion limit: pinned as bug reproducers in tests/robustness/test_fuzz.py).

Each must infer under a time limit (SIGALRM) and visit every block a bounded
number of times: `stats["blocks_visited"] / reached blocks` is recorded (see
docs/robustness.md) and asserted below a bound.  On a DAG the lowest-number-
first worklist visits each block exactly once.  No timing assertions.
"""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
import strategies as G  # noqa: E402
from strategies import St  # noqa: E402

LIMIT = 120.0
TYPES = ("1", "1.5", '"s"', ":sym", "'c'", "0x01", "nothing", "true", "1.0f0", "0x0001", "Core.tuple(n)", "Core.tuple(n, n)")


def _cond(i: int) -> tuple:
    return ("cond", [St("value", expr=("call", "Base.slt_int", [("slot", "n"), ("lit", str(i))]))], ("ssa_rel", 0))


def _assign(x: str, lit: str) -> St:
    if lit.startswith("Core.tuple("):
        inner = lit[len("Core.tuple("):-1].split(", ")
        return St("assign", slot=x, expr=("call", "Core.tuple", [("slot", a) for a in inner]))
    return St("assign", slot=x, expr=("lit", lit))


def _program(body: list, ret: tuple = ("slot", "x"), pre: list | None = None) -> str:
    tree = ("seq", [("simple", pre or [St("assign", slot="x", expr=("lit", "0"))]), *body, ("return", ret)])
    return G.render(G.lower(tree))


def tuple_loop(shape: str) -> str:
    rhs = {
        "t1": ("call", "Core.tuple", [("slot", "x"), ("lit", "1")]),
        "1t": ("call", "Core.tuple", [("lit", "1"), ("slot", "x")]),
        "tt": ("call", "Core.tuple", [("slot", "x"), ("slot", "x")]),
        "tn": ("call", "Core.tuple", [("slot", "x"), ("slot", "n")]),
    }[shape]
    return _program([("while", _cond(3), ("simple", [St("assign", slot="x", expr=rhs)]))])


def diamond_chain(k: int, nest: bool) -> str:
    body = []
    for i in range(k):
        # one arm assigns, the other keeps x: every type so far reaches the end
        if nest:
            arm = ("simple", [St("assign", slot="x", expr=("call", "Core.tuple", [("slot", "x"), ("lit", "1")]))])
        else:
            arm = ("simple", [_assign("x", TYPES[i % len(TYPES)])])
        body.append(("if", _cond(i), arm, ("seq", [])))
    return _program(body)


def wide_join(k: int) -> str:
    arms = [("if", _cond(i), ("seq", [("simple", [_assign("x", TYPES[i % len(TYPES)])]), ("break",)]), ("seq", []))
            for i in range(k)]
    return _program([("while", ("cond", [], ("lit", "true")), ("seq", arms))])


def nested_partial(depth: int, loop: bool) -> str:
    grow = [St("assign", slot="x", expr=("call", "Core.tuple", [("slot", "x"), ("slot", "n")])) for _ in range(depth)]
    unpack = [St("value", expr=("call", "Core.getfield", [("slot", "x"), ("lit", "1")]))]
    unpack.append(St("assign", slot="y", expr=("call", "Core.getfield", [("ssa_rel", 0), ("lit", "2")])))
    body = ("simple", grow + unpack)
    if loop:
        return _program([("while", _cond(1), body)], ret=("slot", "x"))
    return _program([body], ret=("slot", "x"))


def _run(text: str):
    program, results = G.with_time_limit(LIMIT, G.run_pipeline, text, "term.ir")
    from irc.output.text import render_program

    G.with_time_limit(LIMIT, render_program, program, results, colour=False)  # printing terminates too
    ((fn, res),) = results
    reached = sum(1 for b in fn.blocks if res.ssa_types[b.first] is not None)
    visited = res.stats["blocks_visited"]
    return fn, res, visited / max(reached, 1), reached


CASES = {
    "tuple_loop_t1": (lambda: tuple_loop("t1"), 8),
    "tuple_loop_1t": (lambda: tuple_loop("1t"), 8),
    "tuple_loop_tt": (lambda: tuple_loop("tt"), 8),
    "tuple_loop_tn": (lambda: tuple_loop("tn"), 8),
    "diamond_chain_1000": (lambda: diamond_chain(1000, False), 1),
    "diamond_chain_nest_1000": (lambda: diamond_chain(1000, True), 1),
    "wide_join_1000": (lambda: wide_join(1000), 3),
    "nested_partial_120": (lambda: nested_partial(120, False), 1),
    "nested_partial_loop_120": (lambda: nested_partial(120, True), 8),
}


@pytest.mark.parametrize("name", list(CASES))
def test_adversarial_lattice_converges(name, record_property):
    from irc.lattice.typeprint import show

    make, bound = CASES[name]
    fn, res, per_block, reached = _run(make())
    record_property("visits_per_block", per_block)
    rt = show(res.return_type)
    print(f"{name}: {len(fn.blocks)} blocks, {reached} reached, {res.stats['blocks_visited']} visits, "
          f"{per_block:.2f} per reached block, return type {len(rt)} chars: {rt[:80]}")
    assert reached >= 1
    assert per_block <= bound, f"{name}: {per_block:.2f} visits per block > {bound}"


def test_union_widening_keeps_unions_small():
    """After a 1,000-way diamond chain x's type is a small union or a widened type."""
    from irc.lattice.typeprint import show

    fn, res, _, _ = _run(diamond_chain(1000, False))
    x = next(s.id for s in fn.slots if s.name == "x")
    text = show(res.slot_types[x])
    assert text.count(",") <= 3 or text == "Any", text


def test_doubling_tuple_is_bounded():
    """`t = (t, t)` in a loop: the type must not double every iteration."""
    from irc.lattice.typeprint import show

    fn, res, _, _ = _run(tuple_loop("tt"))
    assert len(show(res.return_type)) < 2_000
