"""Julia 1.12's Conditionals (issue 28): the slot holding a branch's condition is refined in each
branch (`condition_object_change`), and `@isdefined x` is a Conditional that clears x's undef in
the true branch (`abstract_eval_isdefined_expr`, `conditional_change`); 1.10 and 1.11 do neither."""
from __future__ import annotations

import pytest

from irc.cli.driver import Options, analyse
from irc.infer.stores import STORES, VarState
from irc.infer.transfer import Transfer
from irc.lattice import typelattice as L
from irc.lattice import typetable as TT
from irc.lattice.typeprint import show
from irc.syntax import tree as S


def run(text: str, julia: str, store: str = "shared"):
    r = analyse("t.ir", text, Options(julia=julia, store=store))
    assert not r.errors, r.errors
    return {fn.name: res for fn, res in r.results}


def ty(res, i: int) -> str:
    return show(res.ssa_types[i])


PAIR = """
function pair(x::Union{Int64, String})
1 ─      b = x isa Main.Int64
└──      goto #3 if not b
2 ─ %3 = Core.tuple(b)
└──      return %3
3 ─ %5 = Core.tuple(b)
└──      return %5
end
"""

# the condition a copy of the slot (`ssa_def_slot` follows `%2 = b`)
PAIR_COPY = """
function pair(x::Union{Int64, String})
1 ─      b = x isa Main.Int64
│   %2 = b
└──      goto #3 if not %2
2 ─ %4 = Core.tuple(b)
└──      return %4
3 ─ %6 = Core.tuple(b)
└──      return %6
end
"""

# a Bool slot that holds no Conditional: refined by its own Conditional in every version
PLAIN_BOOL = """
function plain(b::Bool)
1 ─      goto #3 if not b
2 ─ %2 = Core.tuple(b)
└──      return %2
3 ─ %4 = Core.tuple(b)
└──      return %4
end
"""

MAYBE = """
function maybe(c::Bool)
1 ─      Core.NewvarNode(:(y))
└──      goto #3 if not c
2 ─      y = 1
3 ┄ %4 = $(Expr(:isdefined, :(y)))
└──      goto #5 if not %4
4 ─ %6 = y
└──      return %6
5 ─      return 0
end
"""


@pytest.mark.parametrize("store", STORES)
def test_the_condition_slot_is_refined_in_each_branch_from_1_12(store):
    for text, then_pc, else_pc in ((PAIR, 3, 5), (PAIR_COPY, 4, 6)):
        for v in ("1.10", "1.11"):
            res = run(text, v, store)["pair"]
            assert (ty(res, then_pc), ty(res, else_pc)) == ("Tuple{Bool}", "Tuple{Bool}"), v
        res = run(text, "1.12", store)["pair"]
        assert (ty(res, then_pc), ty(res, else_pc)) == ("Core.Const((true,))", "Core.Const((false,))")
        assert show(res.return_type) == "Tuple{Bool}"
    for v in ("1.10", "1.12"):  # a plain Bool slot: its own refinement, the same in every version
        res = run(PLAIN_BOOL, v, store)["plain"]
        assert (ty(res, 2), ty(res, 4)) == ("Core.Const((true,))", "Core.Const((false,))")


@pytest.mark.parametrize("store", STORES)
def test_isdefined_clears_undef_in_the_true_branch_from_1_12(store):
    for v, warned in (("1.10", True), ("1.11", True), ("1.12", False)):
        res = run(MAYBE, v, store)["maybe"]
        msgs = [d.message for d in res.diagnostics]
        assert ("local variable `y` may be undefined" in msgs) is warned, v
        assert ty(res, 6) == "Core.Const(1)"


def _transfer(julia: str):
    r = analyse("t.ir", MAYBE, Options(julia=julia))
    fn, res = r.results[0]
    return fn, Transfer(fn, r.world)


def test_isdefined_expr_rule():
    for v in ("1.10", "1.12"):
        fn, tr = _transfer(v)
        y = next(s.id for s in fn.slots if s.name == "y")
        isdef = S.ExprNode("isdefined", [S.Quote(S.SlotRef("y", y))])
        table = tr.initial_table(len(fn.slots))
        assert tr.eval_exprnode(1, isdef, table, [None] * 10) == L.Const(False)  # never assigned
        table[y] = VarState(TT.INT64, False)
        assert tr.eval_exprnode(1, isdef, table, [None] * 10) == L.Const(True)
        table[y] = VarState(TT.INT64, True)
        got = tr.eval_exprnode(1, isdef, table, [None] * 10)
        if v == "1.12":
            assert got == L.Conditional(y, TT.INT64, TT.INT64, True) and tr.cond_isdefined(got)
        else:
            assert got == TT.BOOL


def test_condition_object_rule():
    r = analyse("t.ir", PAIR, Options(julia="1.12"))
    fn, _ = r.results[0]
    tr = Transfer(fn, r.world)
    b = next(s.id for s in fn.slots if s.name == "b")
    x = next(s.id for s in fn.slots if s.name == "x")
    goto = fn.stmts[1]
    assert tr.cond_object(2, goto, L.Conditional(x, TT.INT64, TT.STRING)) == b
    assert tr.cond_object(2, goto, L.Conditional(b, L.TRUE, L.FALSE)) is None  # about b itself
    assert tr.cond_object(2, goto, TT.BOOL) is None  # no Conditional
    r11 = analyse("t.ir", PAIR, Options(julia="1.11"))
    fn11, _ = r11.results[0]
    assert Transfer(fn11, r11.world).cond_object(2, fn11.stmts[1], L.Conditional(x, TT.INT64, TT.STRING)) is None
