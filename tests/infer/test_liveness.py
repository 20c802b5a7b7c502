"""Backward slot liveness (irc.liveness) on hand-built IR."""
from __future__ import annotations

from handbuilt_ir import A, ENTER, EXPR, GIN, GOTO, LEAVE, NEWVAR, RET, V, call, lit, mkfn, sl, ssa

from irc.syntax import tree as S
from irc.infer.liveness import bits_to_set, compute_live_in, expr_slot_reads, stmt_reads


def test_read_before_write_is_live_write_first_is_not():
    fn = mkfn([("n", "Int64")], ["x", "y"], [
        [A(3, lit(1)), V(call("rand")), GIN(ssa(2), 3)],
        [A(4, sl(3)), GOTO(4)],          # reads x, writes y
        [A(4, lit(2))],                  # writes y
        [RET(sl(4))],
    ])
    live = compute_live_in(fn)
    assert live[1] == frozenset()  # n never read; x written before read
    assert live[2] == {3}
    assert live[3] == frozenset()
    assert live[4] == {4}


def test_loop_carries_liveness_around_back_edge():
    fn = mkfn([], ["x"], [
        [A(2, lit(1))],
        [V(call("rand")), GIN(ssa(2), 4)],
        [A(2, call("add", sl(2), lit(1))), GOTO(2)],
        [RET(lit(0))],
    ])
    live = compute_live_in(fn)
    assert live[2] == {2} and live[3] == {2}
    assert live[4] == frozenset()


def test_same_statement_reads_before_write():
    fn = mkfn([], ["x"], [[A(2, call("add", sl(2), lit(1))), RET(lit(0))]])
    assert compute_live_in(fn)[1] == {2}


def test_isdefined_counts_and_newvar_kills():
    fn = mkfn([], ["x", "y"], [
        [V(EXPR("isdefined", S.Quote(sl(2)))), NEWVAR(3), V(EXPR("isdefined", S.Quote(sl(3)))), RET(lit(0))],
    ])
    assert compute_live_in(fn)[1] == {2}
    assert stmt_reads(fn.stmts[0]) == [(2, True)]


def test_catch_block_reads_are_live_into_enter_block():
    fn = mkfn([], ["x", "e"], [
        [A(2, lit(1)), ENTER(4)],
        [A(2, lit(2)), LEAVE(1)],
        [RET(lit(0))],
        [A(3, EXPR("the_exception")), RET(sl(2))],
    ])
    live = compute_live_in(fn)
    assert live[4] == {2}
    assert live[1] == frozenset()  # x written in block 1 before the enter
    # block 1 ends with enter; x is live out of it (into the catch block)
    assert 2 not in live[3]


def test_expr_slot_reads_order_and_quote():
    e = S.Call(sl(2), [sl(3), S.Quote(sl(4)), S.Call(S.Name(("f",)), [sl(5)])])
    assert list(expr_slot_reads(e)) == [(2, False), (3, False), (5, False)]


def test_bits_to_set():
    assert bits_to_set(0) == frozenset()
    assert bits_to_set(0b101001) == {0, 3, 5}
    assert bits_to_set(1 << 1000) == {1000}
