"""Typed slot reads inside statements, printed with irc's own type of the slot there.

Julia prints a slot read as `x::T` when the slot's state at the read is narrower than the
slot's listed type (1.10's `visit_slot_load!`, base/compiler/typeinfer.jl: the read becomes a
`TypedSlot(id, vt)` when `!(slottypes[id] ⊑ vt)`, `vt = widenconditional(ignorelimited(s.typ))`,
so a constant shows: `(@_2::Core.Const((1, 1)) === nothing)`).  Copied through, Julia's `T`
would sit in irc's output under irc's `Body::…` (`Body::Union{Float64, Int64}` above
`return x::Float64`); so every typed slot read the input carries is printed with irc's state
of the slot before the statement (`x::U`, `U` shown as statement types are), and `--check`
compares Julia's `T` with that same state (`irc.diagnose.check`).

- `Retyper(fn, result, show).live(i, e)`: `e` itself when it holds no typed slot read, else a
  copy where each read `x::T` (and Julia 1.6's `x::T::T`) is `x::U` (`fmt.PrintedType`), or
  `x::T` as Julia printed it where irc took that type from the input (`--use-printed-types`:
  `result.reads_from_input`; the statement is marked `# from input`).  A slot irc has no
  state of there prints bare, never with Julia's type.  The whole value of a statement
  (`%7 = @_3::T`) is the statement's own annotation: the callers strip it first and print the
  statement type.
- `stripped(e)`: the reads without types, for unreached statements (Julia prints dead code as
  the untyped statement, `Core.Const(:(return x))`).

The walk descends where liveness finds reads (`irc.infer.liveness._reads`: calls, `Expr`
arguments, `%new`, tuples, vectors, splats, curly forms, `where` bodies), never into quoted
code.  States come from `InferenceResult.state_reader` (a replay from the block's entry, one
pass over a block while statements are asked in order), so the text is the same in every
state store and the cost is linear in the body; statements without a typed read cost one
walk of their value (the common ones -- leaves and calls of leaves -- are the fast path's,
`irc.output.stmtlines`, and never come here).
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any, Callable

from irc.ir import model as ir
from irc.output.fmt import PrintedType
from irc.syntax import tree as S

_Typed, _SlotRef = S.Typed, S.SlotRef
_LEAVES = (S.SSA, S.SlotRef, S.Lit, S.Name, S.Quote, S.BlockRef)


def _slot_of(e: S.Typed) -> S.SlotRef | None:
    """The slot a typed read `x::T` (or `x::T::T`) reads; None when `e` types something else."""
    inner = e.expr
    while type(inner) is _Typed:
        inner = inner.expr
    return inner if type(inner) is _SlotRef else None


# the fields holding operands, per node type (where liveness finds reads, `liveness._reads`):
# (fields of one expression, fields of a list of them)
_OPERANDS: dict[type, tuple[tuple[str, ...], tuple[str, ...]]] = {
    S.Call: (("func",), ("args",)), S.ExprNode: ((), ("args",)), S.New: (("type",), ("args",)),
    S.TupleLit: ((), ("items",)), S.TypedVect: ((), ("items",)), S.Splat: (("expr",), ()),
    S.Curly: (("head",), ("params",)), S.Where: (("body",), ()), S.Typed: (("expr",), ())}


def _rewrite(e: Any, leaf: Callable[[S.Typed, S.SlotRef], Any]) -> Any:
    """`e` with each typed slot read replaced by `leaf(read, slot)`; `e` itself when it holds none."""
    t = type(e)
    if t in _LEAVES:
        return e
    if t is _Typed:
        slot = _slot_of(e)
        if slot is not None:
            return leaf(e, slot)
    fields = _OPERANDS.get(t)
    if fields is None:
        return e
    changed: dict = {}
    for name in fields[0]:
        x = getattr(e, name)
        y = _rewrite(x, leaf)
        if y is not x:
            changed[name] = y
    for name in fields[1]:
        x = getattr(e, name)
        y = _rewrite_all(x, leaf)
        if y is not x:
            changed[name] = y
    return replace(e, **changed) if changed else e


def _rewrite_all(es: list, leaf: Callable) -> list:
    """The list itself when no element changes, else a new list."""
    out = None
    for k, a in enumerate(es):
        b = _rewrite(a, leaf)
        if b is not a and out is None:
            out = list(es[:k])
        if out is not None:
            out.append(b)
    return es if out is None else out


def typed_reads(e: Any) -> list[tuple[S.Typed, S.SlotRef]]:
    """The typed slot reads in `e` (each as (the `x::T` node, the slot)), in printing order: the
    ones `Retyper` retypes (`--check` compares them, `irc.diagnose.check`)."""
    out: list = []

    def leaf(node: S.Typed, slot: S.SlotRef) -> Any:
        out.append((node, slot))
        return node

    _rewrite(e, leaf)
    return out


def _bare(e: S.Typed, slot: S.SlotRef) -> S.SlotRef:
    return slot


def stripped(e: Any) -> Any:
    """`e` with its typed slot reads untyped (`x::T` -> `x`)."""
    return _rewrite(e, _bare)


def stripped_stmt(st: ir.Stmt) -> ir.Stmt:
    """`st` with the typed slot reads of its value untyped (the statement itself when none)."""
    v = stripped(st.value) if st.value is not None else None
    return st if v is st.value else replace(st, value=v)


class Retyper:
    """Typed slot reads of reached statements, retyped with irc's state (see the module doc).
    Ask statements in ascending order for one replay per block."""

    __slots__ = ("_before", "_show", "_taken")

    def __init__(self, result: Any, show: Callable[[Any], str]) -> None:
        reader = getattr(result, "state_reader", None)
        self._before = reader() if reader is not None else None
        self._show = show
        self._taken = getattr(result, "reads_from_input", frozenset())

    def live(self, i: int, e: Any) -> Any:
        """`e` (part of reached statement i) with irc's types on its typed slot reads."""
        if type(e) in _LEAVES:
            return e
        state: list = []  # the state before i, looked up at the first read

        def leaf(node: S.Typed, slot: S.SlotRef) -> Any:
            if self._taken and (i, slot.id) in self._taken:  # irc used Julia's type here
                return node if node.expr is slot else S.Typed(slot, node.type, node.line, node.col)
            if not state:
                state.append(self._before(i) if self._before is not None else None)
            table = state[0]
            vs = table.get(slot.id) if table is not None and slot.id is not None else None
            if vs is None:
                return slot
            return S.Typed(slot, PrintedType(self._show(vs.type)), node.line, node.col)

        return _rewrite(e, leaf)

    def live_stmt(self, i: int, st: ir.Stmt) -> ir.Stmt:
        """`st` (reached statement i) with its value retyped (the statement itself when unchanged)."""
        v = self.live(i, st.value) if st.value is not None else None
        return st if v is st.value else replace(st, value=v)
