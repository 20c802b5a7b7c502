"""Julia 1.12: what follows a `$(Expr(:latestworld))` statement is not inferred.

`after_latestworld(fn, rules) -> frozenset of pcs`: the statements that
come after a `latestworld` statement on some path, for rules that have the
rule (1.12), else the empty set (also, at no cost, when no statement is a
`latestworld`).  `Transfer.after_latestworld` then types them.

Julia 1.12 (Compiler/src/abstractinterpretation.jl at v1.12.0):
`abstract_eval_basic_statement` sets `currsaw_latestworld` at a
`latestworld` statement; the flag holds for the rest of the block and flows
into its successors (`update_bbstate!` ORs it into `bb_saw_latestworld`).
With it set, `abstract_eval_globalref` reads every global as `Any` (a
function's name included: `Core.tuple` is `Any` there), so a call through
a global callee is `Any` (`abstract_call_unknown`), and
`abstract_call_gf_by_type` gives up on any generic call ("Cannot infer
call, because we previously saw :latestworld").  Julia 1.10 and 1.11 have
no such statement in their lowering (irc reads it as a statement without a
value there).

Algorithm: a forward pass over the blocks in index order, repeated until
nothing changes: a block's entry flag is the OR of its predecessors' exit
flags; inside a block the flag turns on at its first `latestworld`.

Approximation (docs/decisions.md): the flag flows over every edge of the
CFG, where Julia's flows over the edges inference takes (a branch it proves
dead carries nothing); the two differ only for a block reached from a
`latestworld` solely through a dead edge.
"""
from __future__ import annotations

from irc.ir import model as ir
from irc.ir.body import Body
from irc.syntax import tree as S


def is_latestworld(st: ir.Stmt) -> bool:
    v = st.value
    return st.kind is ir.Kind.VALUE and type(v) is S.ExprNode and v.head == "latestworld"


def after_latestworld(fn: ir.Function, rules) -> frozenset[int]:
    """The 1-based statement indices after a `latestworld` on some path (see module doc)."""
    if rules is None or not rules.latestworld_stops_inference or not fn.stmts or not fn.blocks:
        return frozenset()
    stmts = fn.stmts
    if type(stmts) is Body:  # columns: a statement with an `Expr` node is kept as an object (`trees`)
        rows = ((k + 1, st) for k, st in stmts.trees.items())
    else:
        rows = enumerate(stmts, start=1)
    marks = [i for i, st in rows if is_latestworld(st)]
    if not marks:
        return frozenset()
    marked = set(marks)
    blocks = fn.blocks
    entry = {b.id: False for b in blocks}
    exit_: dict[int, bool] = {}
    changed = True
    while changed:
        changed = False
        for b in blocks:
            start = entry[b.id] or any(exit_.get(p, False) for p in b.preds if p)
            entry[b.id] = start
            out = start or any(b.first <= i <= b.last for i in marked)
            if exit_.get(b.id) != out:
                exit_[b.id] = out
                changed = True
    pcs: list[int] = []
    for b in blocks:
        on = entry[b.id]
        for i in range(b.first, b.last + 1):
            if on:
                pcs.append(i)
            if i in marked:
                on = True
    return frozenset(pcs)
