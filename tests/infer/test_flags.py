"""Slot flags, slot types and undefinedness diagnostics (irc.flags)."""
from __future__ import annotations

from handbuilt_ir import (A, EXPR, GIN, GOTO, NEWVAR, RET, V, W, call, infer_all, lit, mkfn, sl, ssa)

from irc.lattice import typelattice as L
from irc.syntax import tree as S
from irc.lattice import typetable as TT
from irc.lattice import subtype as ST
from irc.infer.flags import (SLOT_ASSIGNEDONCE, SLOT_CALLED, SLOT_STATICUNDEF, SLOT_USED, SLOT_USEDUNDEF, flag_names,
                       syntactic_flags)

UNDEF = SLOT_USEDUNDEF | SLOT_STATICUNDEF


def test_syntactic_flags():
    fn = mkfn([("g", "Any")], ["x", "y", "z"], [[
        A(3, lit(1)),
        A(4, lit(1)), A(4, lit(2)),
        V(EXPR("call", sl(2), sl(3))),
        V(EXPR("isdefined", S.Quote(sl(5)))),
        RET(lit(0)),
    ]])
    f = syntactic_flags(fn)
    assert f[2] == SLOT_USED | SLOT_CALLED
    assert f[3] == SLOT_USED | SLOT_ASSIGNEDONCE
    assert f[4] == 0  # assigned twice, never read
    assert f[5] == SLOT_USED  # an isdefined operand is a use
    assert f[1] == 0


def test_read_in_unreached_block_does_not_set_usedundef():
    fn = mkfn([], ["y"], [
        [V(call("===", lit(1), lit(2))), GIN(ssa(1), 3)],
        [V(sl(2)), RET(lit(0))],  # dead: y would be undefined here
        [A(2, lit(1)), RET(sl(2))],
    ])
    r = infer_all(fn)
    assert r.ssa_types[3] is None
    assert r.slot_flags[2] == SLOT_USED | SLOT_ASSIGNEDONCE
    assert not r.diagnostics


def test_maybe_undef_in_loop_and_flags_names():
    # while rand(); if rand(); y = 1; end; use y; end
    fn = mkfn([], ["y"], [
        [V(call("rand")), GIN(ssa(1), 5)],
        [V(call("rand")), GIN(ssa(3), 4)],
        [A(2, lit(1))],
        [V(call("add", sl(2), lit(1))), GOTO(1)],
        [RET(lit(0))],
    ])
    r = infer_all(fn)
    assert r.slot_flags[2] == SLOT_USED | SLOT_ASSIGNEDONCE | UNDEF
    assert flag_names(r.slot_flags[2]) == ["SLOT_USED", "SLOT_ASSIGNEDONCE", "SLOT_USEDUNDEF", "SLOT_STATICUNDEF"]
    [d] = r.diagnostics
    assert d.message == "local variable `y` may be undefined" and d.severity == "warning"
    assert d.span.line == fn.stmts[5].line  # the read `add(y, 1)`


def test_slot_types_merge_widened_assignments_and_arguments():
    fn = mkfn([("x", "IntOrNothing")], ["y", "b"], [
        [V(call("rand")), GIN(ssa(1), 3)],
        [A(3, lit(1)), A(4, call("isa", sl(2), S.Name(("Int64",)))), GOTO(4)],
        [A(3, call("tofloat")), A(2, lit(None))],
        [RET(sl(3))],
    ])
    r = infer_all(fn)
    assert r.slot_types[3] == ST.union(TT.INT64, TT.FLOAT64)
    assert r.slot_types[4] == TT.BOOL  # a Conditional widens to Bool
    assert r.slot_types[2] == ST.union(TT.INT64, TT.NOTHING)  # argtype merged with Nothing
    assert r.slot_types[1] == r.entry(1)[1].type  # #self#: its argument type


def test_newvar_then_read_on_every_path_is_not_defined():
    fn = mkfn([], ["y"], [[A(2, lit(1)), NEWVAR(2), V(sl(2)), RET(lit(0))]])
    r = infer_all(fn)
    assert r.ssa_types[3] == L.BOTTOM
    assert r.ssa_types[4] is None
    assert [d.message for d in r.diagnostics] == ["local variable `y` is not defined"]
    assert r.slot_flags[2] & UNDEF == UNDEF
