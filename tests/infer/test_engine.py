"""The engine on hand-built IR with a small fake world on the real lattice.

`mkfn` builds an `ir.Function` from explicit blocks (so these tests depend
only on irc.ir and the lattice), `FakeWorld` types a handful of callees
(`isa`, `===`, `not_int`, `rand`, `add`, `pos`, `thrower`, `unknown`) the
way the real world does (CallResult with a `cond` for isa/===).  The helpers are in
tests/handbuilt_ir.py; text-level tests through the parser and the real
world are in tests/infer/test_stores_agree.py.
"""
from __future__ import annotations

from handbuilt_ir import *  # noqa: F401,F403 - the IR builders and the fake world


import pytest

from irc.ir import model as ir
from irc.lattice import typelattice as L
from irc.lattice import typelimits as LIM
from irc.syntax import tree as S
from irc.lattice import subtype as ST
from irc.infer.engine import try_handlers
from irc.infer.flags import SLOT_ASSIGNEDONCE, SLOT_CALLED, SLOT_STATICUNDEF, SLOT_USED, SLOT_USEDUNDEF
from irc.infer.analysis import infer_function
from irc.infer.stores import VarState
from irc.lattice.subtype import issubtype

# ---------------------------------------------------------------- tests

def test_straight_line_constants_and_return():
    fn = mkfn([("n", "Int64")], ["x"], [[A(3, lit(1)), V(call("add", sl(3), sl(2))), RET(ssa(2))]])
    r = infer_all(fn)
    assert r.ssa_types[1] == L.Const(1)
    assert r.ssa_types[2] == INT
    assert r.ssa_types[3] == L.ANY  # return yields no value
    assert r.return_type == INT
    assert r.slot_types[3] == INT  # widened
    assert r.slot_types[2] == INT
    assert r.slot_flags[3] == SLOT_USED | SLOT_ASSIGNEDONCE


def test_loop_widens_const_to_type():
    # x = 1; while rand(); x = x + 1; end; return x
    fn = mkfn([], ["x"], [
        [A(2, lit(1))],
        [V(call("rand")), GIN(ssa(2), 4)],
        [A(2, call("add", sl(2), lit(1))), GOTO(2)],
        [RET(sl(2))],
    ])
    r = infer_all(fn)
    assert r.return_type == INT
    assert r.entry(2)[2] == VarState(INT, False)
    assert r.ssa_types[4] == INT


def test_isa_refines_both_edges_and_slot_types():
    # x::Union{Int, Nothing}; if x isa Int64: return x else return 0
    fn = mkfn([("x", "IntOrNothing")], [], [
        [V(call("isa", sl(2), tname("Int64"))), GIN(ssa(1), 3)],
        [RET(sl(2))],
        [V(sl(2)), RET(lit(0))],
    ])
    r = infer_all(fn)
    assert isinstance(r.ssa_types[1], L.Conditional)
    assert r.entry(2)[2].type == INT
    assert r.entry(3)[2].type == NOTHING
    assert r.ssa_types[4] == NOTHING
    assert r.return_type == INT


def test_ssa_copy_conditional_and_stale_copy():
    # %1 = x ; %2 = %1 === nothing ; %3 = not_int(%2) ; goto #3 if not %3 ; refines x through the copy
    fn = mkfn([("x", "IntOrNothing")], [], [
        [V(sl(2)), V(call("===", ssa(1), lit(None))), V(call("not_int", ssa(2))), GIN(ssa(3), 3)],
        [RET(sl(2))],
        [RET(lit(0))],
    ])
    r = infer_all(fn)
    assert r.entry(2)[2].type == INT
    # the same with x reassigned between the copy and the test: no refinement
    fn2 = mkfn([("x", "IntOrNothing")], ["y"], [
        [V(sl(2)), A(3, lit(1)), V(call("===", ssa(1), lit(None))), GIN(ssa(3), 3)],
        [RET(sl(2))],
        [RET(lit(0))],
    ])
    r2 = infer_all(fn2)
    assert isinstance(r2.ssa_types[3], L.Conditional)  # y is not x: still refines
    fn3 = mkfn([("x", "IntOrNothing")], [], [
        [V(sl(2)), A(2, call("pos")), V(call("===", ssa(1), lit(None))), GIN(ssa(3), 3)],
        [RET(sl(2))],
        [RET(lit(0))],
    ])
    r3 = infer_all(fn3)
    assert r3.ssa_types[3] == BOOL
    assert r3.entry(2)[2].type == ST.union(INT, F64)


def test_conditional_in_slot_and_invalidation():
    # b = x isa Int64; goto if not b refines x
    fn = mkfn([("x", "IntOrNothing")], ["b"], [
        [A(3, call("isa", sl(2), tname("Int64"))), GIN(sl(3), 3)],
        [RET(sl(2))],
        [RET(lit(0))],
    ])
    r = infer_all(fn)
    assert r.entry(2)[2].type == INT
    assert isinstance(r.entry(2)[3].type, L.Conditional)  # b holds the Conditional (not refined itself)
    assert r.slot_types[3] == BOOL
    # x reassigned after b = x isa Int64: b is Bool again, no refinement of x
    fn2 = mkfn([("x", "IntOrNothing")], ["b"], [
        [A(3, call("isa", sl(2), tname("Int64"))), A(2, lit(None)), GIN(sl(3), 3)],
        [RET(sl(2))],
        [RET(lit(0))],
    ])
    r2 = infer_all(fn2)
    assert r2.state_before(3)[3].type == BOOL
    assert r2.entry(2)[2].type == L.Const(None)


def test_constant_condition_takes_one_edge_and_not_int_swaps():
    fn = mkfn([("x", "IntOrNothing")], [], [
        [V(call("===", lit(1), lit(2))), GIN(ssa(1), 3)],
        [RET(lit(1))],
        [V(call("isa", sl(2), tname("Int64"))), V(call("not_int", ssa(4))), GIN(ssa(5), 5)],
        [RET(sl(2))],
        [RET(sl(2))],
    ])
    r = infer_all(fn)
    assert r.ssa_types[1] == L.FALSE
    assert r.ssa_types[3] is None and r.entry(2) is None  # dead block
    assert r.entry(4)[2].type == NOTHING  # not_int swapped then/else
    assert r.entry(5)[2].type == INT


def test_bottom_ends_block_and_bottom_condition():
    fn = mkfn([], ["x"], [
        [V(call("rand")), GIN(ssa(1), 3)],
        [V(call("thrower")), A(2, lit(1)), RET(sl(2))],
        [GIN(call("thrower"), 5)],
        [RET(lit(1))],
        [RET(lit(2))],
    ])
    r = infer_all(fn)
    assert r.ssa_types[3] == L.BOTTOM
    assert r.ssa_types[4] is None and r.ssa_types[5] is None
    assert r.ssa_types[6] == L.BOTTOM  # a Union{} condition ends the block
    assert r.entry(4) is None and r.entry(5) is None
    assert r.return_type == L.BOTTOM
    assert r.slot_types[2] == L.BOTTOM  # assignment never reached


def test_maybe_undef_and_not_defined_diagnostics():
    fn = mkfn([], ["y", "z"], [
        [V(call("rand")), GIN(ssa(1), 3)],
        [A(2, lit(1))],
        [V(sl(2)), V(call("add", sl(3), lit(1))), RET(ssa(4))],
    ])
    r = infer_all(fn)
    msgs = [(d.message, d.span.line, d.code) for d in r.diagnostics]
    assert ("local variable `y` may be undefined", 5, "maybe-undef") in msgs
    assert ("local variable `z` is not defined", 6, "undef") in msgs
    assert r.slot_flags[2] & (SLOT_USEDUNDEF | SLOT_STATICUNDEF) == SLOT_USEDUNDEF | SLOT_STATICUNDEF
    assert r.ssa_types[5] == L.BOTTOM  # reading a never-assigned slot is Union{}
    assert r.slot_flags[3] & SLOT_USEDUNDEF


def test_defined_on_every_path_no_diagnostic_and_isdefined():
    fn = mkfn([], ["y"], [
        [V(EXPR("isdefined", S.Quote(sl(2)))), V(call("rand")), GIN(ssa(2), 3)],
        [A(2, lit(1)), GOTO(4)],
        [A(2, lit(2))],
        [V(EXPR("isdefined", S.Quote(sl(2)))), RET(sl(2))],
    ])
    r = infer_all(fn)
    assert r.ssa_types[1] == L.FALSE
    assert r.ssa_types[7] == L.TRUE
    assert not r.diagnostics
    assert r.slot_flags[2] & SLOT_USEDUNDEF == 0
    assert r.return_type == INT


def test_isdefined_maybe_and_not_counted_as_undef_read():
    fn = mkfn([], ["y"], [
        [V(call("rand")), GIN(ssa(1), 3)],
        [A(2, lit(1))],
        [V(EXPR("isdefined", S.Quote(sl(2)))), RET(ssa(4))],
    ])
    r = infer_all(fn)
    assert r.ssa_types[4] == BOOL
    assert r.slot_flags[2] == SLOT_USED | SLOT_ASSIGNEDONCE
    assert not [d for d in r.diagnostics if "undefined" in d.message]


def test_newvar_makes_undefined_in_loop():
    fn = mkfn([], ["y"], [
        [A(2, lit(1))],
        [NEWVAR(2), V(call("rand")), GIN(ssa(3), 4)],
        [A(2, lit(2)), GOTO(2)],
        [RET(sl(2))],
    ])
    r = infer_all(fn)
    assert r.ssa_types[2] == L.ANY
    assert r.entry(4)[2] == VarState(L.BOTTOM, True)
    assert any(d.message == "local variable `y` is not defined" for d in r.diagnostics)


def test_try_catch_propagates_assignments_to_catch_entry():
    # 1: x = 1; enter #4 ; 2: x = 2.0-ish; x = pos(); leave; 3: goto 5 ; 4 (catch): return x ; 5: return x
    fn = mkfn([], ["x"], [
        [A(2, lit(1)), ENTER(4)],
        [A(2, call("tofloat")), NEWVAR(2), A(2, lit(5)), LEAVE(1)],
        [GOTO(5)],
        [V(EXPR("the_exception")), RET(sl(2))],
        [RET(sl(2))],
    ])
    r = infer_all(fn)
    e4 = r.entry(4)[2]
    assert e4.undef  # the NewvarNode inside the region reached the catch entry
    assert e4.type == LIM.tmerge(LIM.tmerge(L.Const(1), F64), L.Const(5))
    assert r.ssa_types[8] == L.ANY
    assert r.entry(5)[2] == VarState(L.Const(5), False)
    assert try_handlers(fn)[3] == 2 and try_handlers(fn)[8] == 0


def test_nested_try_regions_and_catch_in_enclosing_region():
    # outer enter #6 ; inner enter #4 ; assignment in inner region reaches both catches
    fn = mkfn([], ["x"], [
        [A(2, lit(1)), ENTER(6)],            # 1
        [ENTER(4)],                          # 2 (region outer)
        [A(2, call("tofloat")), LEAVE(2)],   # 3 (region inner)
        [A(2, lit(None)), LEAVE(1)],         # 4 catch of inner: in outer region
        [RET(sl(2))],                        # 5
        [RET(sl(2))],                        # 6 catch of outer
    ])
    h = try_handlers(fn)
    assert h[3] == 2 and h[4] == 3  # stmt 4 (x = tofloat) is in the inner region (enter at stmt 3)
    assert h[6] == 2  # the inner catch block is in the outer region
    r = infer_all(fn)
    assert r.entry(4)[2].type == ST.union(INT, F64) or r.entry(4)[2].type == LIM.tmerge(L.Const(1), F64)
    assert issubtype(NOTHING, L.widenconst(r.entry(6)[2].type))
    assert issubtype(F64, L.widenconst(r.entry(6)[2].type))


def test_static_parameter_and_unknown_head():
    fn = mkfn([], [], [[V(EXPR("static_parameter", lit(1))), V(EXPR("static_parameter", lit(2))),
                        V(EXPR("frobnicate", lit(1))), RET(ssa(1))]], sparams=[("T", tname("Int64")), ("S", None)])
    r = infer_all(fn)
    assert r.ssa_types[1] == L.Const(INT)
    assert r.ssa_types[2] == L.ANY
    assert r.ssa_types[3] == L.ANY
    assert any(d.code == "unknown-head" for d in r.diagnostics)


def test_no_value_statements_are_any_and_unknown_callee_diagnostic():
    fn = mkfn([], [], [[V(EXPR("meta", S.Quote(S.Name(("inline",))))), V(call("mystery", lit(1))), RET(ssa(2))]])
    r = infer_all(fn)
    assert r.ssa_types[1] == L.ANY
    # one diagnostic per cause: the unknown callee says why %2 is Any, no `type instability` besides
    assert [(d.code, d.span.line) for d in r.diagnostics] == [("unknown-callee", fn.stmts[1].line)]


def test_called_flag_and_assignedonce():
    fn = mkfn([("g", "Any")], ["x"], [[A(3, lit(1)), A(3, lit(2)), V(S.Call(sl(2), [sl(3)])), RET(ssa(3))]])
    r = infer_all(fn)
    assert r.slot_flags[2] & SLOT_CALLED
    assert not r.slot_flags[3] & SLOT_ASSIGNEDONCE


def test_state_before_replay_matches_stmt_store():
    fn = mkfn([("x", "IntOrNothing")], ["b", "y"], [
        [A(3, call("isa", sl(2), tname("Int64"))), A(4, lit(1)), V(call("rand")), GIN(ssa(3), 3)],
        [A(4, call("pos")), A(2, lit(None))],
        [V(call("add", sl(4), lit(1))), RET(sl(3))],
    ])
    rs = infer_function(fn, W, store="stmt")
    for i in range(1, len(fn.stmts) + 1):
        assert rs.state_before(i) == rs.replayed_state_before(i)
    rl = infer_function(fn, W, store="live")
    for i in range(1, len(fn.stmts) + 1):
        live = rl.state_before(i)
        full = rs.state_before(i)
        assert {k: full[k] for k in live} == live


def test_unknown_store_rejected():
    fn = mkfn([], [], [[RET(lit(1))]])
    with pytest.raises(ValueError):
        infer_function(fn, W, store="nope")


def test_bool_slot_condition_refines_the_slot_itself():
    fn = mkfn([], ["b"], [
        [A(2, call("rand")), GIN(sl(2), 3)],
        [RET(sl(2))],
        [RET(sl(2))],
    ])
    r = infer_all(fn)
    assert r.entry(2)[2] == VarState(L.TRUE, False)
    assert r.entry(3)[2] == VarState(L.FALSE, False)
    assert r.return_type == BOOL


def test_ssa_growth_requeues_users_in_other_blocks():
    # %2 (in the loop body) is used after the loop: it grows Const(1) -> Int64
    fn = mkfn([], ["x"], [
        [A(2, lit(1))],
        [V(sl(2)), V(call("rand")), GIN(ssa(3), 4)],
        [A(2, call("add", sl(2), lit(1))), GOTO(2)],
        [RET(ssa(2))],
    ])
    r = infer_all(fn)
    assert r.ssa_types[2] == INT
    assert r.return_type == INT


def test_singleton_argument_is_a_constant():
    fn = mkfn([("x", "Nothing"), ("n", "Int64")], [], [[RET(sl(2))]])
    r = infer_all(fn)
    assert r.entry(1)[2].type == L.Const(None)
    assert r.slot_types[2] == L.Const(None)
    assert r.slot_types[3] == INT
    assert r.return_type == L.Const(None)


def test_catch_block_leading_leave_110():
    """Rule 9b: Julia 1.10 lowering starts each catch block with `leave 1`, which
    pops the catch's own region (1.10 `compute_trycatch`: `handler_at[l] = pc`);
    the rest of an inner catch stays in the outer region, so its assignments
    reach the outer catch (issue #42022's layout)."""
    fn = mkfn([], ["x"], [
        [A(2, lit(1)), ENTER(7)],             # 1, 2: outer, catch #7
        [ENTER(4)],                           # 3: inner (region 2), catch #4
        [A(2, lit(2)), LEAVE(2)],             # 4, 5 (region 3)
        [LEAVE(1)],                           # 6: inner catch, 1.10's leading leave
        [A(2, lit(None)), LEAVE(1)],          # 7, 8: still in the outer region
        [RET(sl(2))],                         # 9
        [LEAVE(1)],                           # 10: outer catch, leading leave
        [RET(sl(2))],                         # 11
    ])
    h = try_handlers(fn)
    assert h[4] == 3 and h[6] == 2 and h[7] == 2  # the leading leave pops nothing
    assert h[9] == 0 and h[10] == 0 and h[11] == 0
    r = infer_all(fn)
    assert issubtype(NOTHING, L.widenconst(r.entry(7)[2].type))  # x = nothing in the inner catch reached it


def test_try_handlers_leave_by_token():
    # 1.11 style: `$(Expr(:leave, %2))` names the (outer) enter statement and leaves both regions
    fn = mkfn([], ["x"], [
        [A(2, lit(1))],                                   # 1
        [ENTER(7)],                                       # 2: outer, catch #7
        [ENTER(6)],                                       # 3: inner (region 2), catch #6
        [A(2, lit(2)), ir.Stmt(K.LEAVE, args=[ssa(2)])],  # 4, 5 (region 3)
        [RET(sl(2))],                                     # 6: after the leave
        [RET(sl(2))],                                     # 7: inner catch
        [RET(sl(2))],                                     # 8: outer catch
    ])
    h = try_handlers(fn)
    assert h[3] == 2 and h[4] == 3 and h[5] == 3
    assert h[6] == 0  # left both regions
    assert h[7] == 2  # the inner catch block is in the outer region
    assert h[8] == 0
    r = infer_all(fn)
    both = LIM.tmerge(L.Const(1), L.Const(2))
    assert r.entry(6)[2].type == both
    assert r.entry(7)[2].type == both  # the assignment also reached the enclosing catch
    assert r.entry(5)[2].type == L.Const(2)
