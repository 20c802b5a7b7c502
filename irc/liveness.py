"""Backward slot liveness over the CFG, and the syntactic walks it rests on.

A slot is **live into** a block when, on some path from the block's entry,
it is read before it is written.  Reads are every `SlotRef` evaluated by a
statement -- including the operand of `$(Expr(:isdefined, :(x)))`, which
observes the slot's definedness -- and the condition of a `goto … if not`.
Writes are assignments `x = …` and `NewvarNode(x)` (both replace the slot's
whole state).  A statement's reads happen before its write (`x = x + 1`
reads `x`).

Algorithm: per block, `use` (read before any write in the block) and `defs`
(written in the block), as Python-int bitsets; then the classic backward
fixpoint `live_in[b] = use[b] | (live_out[b] & ~defs[b])`,
`live_out[b] = OR live_in[s] for s in succs[b]` with a worklist of
predecessors.  Bitsets grow monotonically and are bounded by the slot count,
so the fixpoint terminates.  Catch blocks are ordinary successors of their
enter block (spec §2), so a slot read in a catch block is live into the
enter block and, through it, into the try region's entry: this is exactly
what the engine's catch-entry merges need (spec §3.4).

Liveness is syntactic: unreached statements count too.  That only makes
more slots live, never fewer, and is independent of inference, so every
state store computes the same sets.

Invariant relied on by `irc.stores.LiveStore`: if slot `s` is live into a
successor `c` of block `b` and `b` does not write `s`, then `s` is live into
`b`.  Hence the engine's working table holds the correct state for every
slot live into any successor when it merges at the end of a block.
"""
from __future__ import annotations

from typing import Iterator

from . import ir
from . import syntax as S

ISDEFINED_HEADS = frozenset({"isdefined"})


def expr_slot_reads(e: object, in_isdefined: bool = False) -> Iterator[tuple[int, bool]]:
    """Yield `(slot id, inside isdefined)` for every slot an expression reads,
    in evaluation order (left to right, callee first)."""
    stack = [(e, in_isdefined)]
    out: list[tuple[int, bool]] = []
    while stack:
        x, isdef = stack.pop()
        t = type(x)
        if t is S.SlotRef:
            if x.id is not None:
                out.append((x.id, isdef))
        elif t is S.Call:
            stack.extend((a, isdef) for a in reversed(x.args))
            stack.append((x.func, isdef))
        elif t is S.Typed:
            stack.append((x.expr, isdef))
        elif t is S.ExprNode:
            if x.head == "isdefined":
                stack.extend((a, True) for a in reversed(x.args))
            elif x.head in ("throw_undef_if_not", "meta", "inbounds", "loopinfo", "line"):
                # `:v` in throw_undef_if_not is a name, not a read; the condition is.
                if x.head == "throw_undef_if_not" and len(x.args) > 1:
                    stack.extend((a, isdef) for a in reversed(x.args[1:]))
            else:
                stack.extend((a, isdef) for a in reversed(x.args))
        elif t is S.Quote:
            # A quoted slot is only a read as the operand of isdefined.
            if isdef and type(x.expr) is S.SlotRef:
                stack.append((x.expr, isdef))
        elif t is S.New:
            stack.extend((a, isdef) for a in reversed(x.args))
            stack.append((x.type, isdef))
        elif t is S.TupleLit or t is S.TypedVect:
            stack.extend((a, isdef) for a in reversed(x.items))
        elif t is S.Splat:
            stack.append((x.expr, isdef))
        elif t is S.Curly:
            stack.extend((a, isdef) for a in reversed(x.params))
            stack.append((x.head, isdef))
        elif t is S.Where:
            stack.append((x.body, isdef))
    return iter(out)


def expr_ssa_refs(e: object) -> list[int]:
    """Every `%n` an expression mentions (statement indices)."""
    out: list[int] = []
    stack = [e]
    while stack:
        x = stack.pop()
        t = type(x)
        if t is S.SSA:
            out.append(x.n)
        elif t is S.Call:
            stack.extend(x.args)
            stack.append(x.func)
        elif t is S.Typed:
            stack.append(x.expr)
        elif t is S.ExprNode:
            stack.extend(x.args)
        elif t is S.Quote:
            if type(x.expr) is S.SSA:
                stack.append(x.expr)
        elif t is S.New:
            stack.extend(x.args)
            stack.append(x.type)
        elif t is S.TupleLit or t is S.TypedVect:
            stack.extend(x.items)
        elif t is S.Splat:
            stack.append(x.expr)
        elif t is S.Curly:
            stack.extend(x.params)
            stack.append(x.head)
        elif t is S.Where:
            stack.append(x.body)
    return out


def stmt_operands(st: ir.Stmt) -> list[object]:
    """The expressions a statement evaluates (DEAD statements evaluate nothing)."""
    k = st.kind
    if k is ir.Kind.DEAD:
        return []
    ops: list[object] = []
    if st.value is not None:
        ops.append(st.value)
    if st.args:
        ops.extend(st.args)
    return ops


def stmt_reads(st: ir.Stmt) -> list[tuple[int, bool]]:
    """`(slot, inside isdefined)` for every read the statement performs."""
    out: list[tuple[int, bool]] = []
    for e in stmt_operands(st):
        out.extend(expr_slot_reads(e))
    return out


def stmt_write(st: ir.Stmt) -> int | None:
    """The slot a statement writes (assignment or NewvarNode), if any."""
    if st.kind is ir.Kind.ASSIGN or st.kind is ir.Kind.NEWVAR:
        return st.slot
    return None


def all_stmt_reads(fn: ir.Function) -> list[list[tuple[int, bool]]]:
    """stmt_reads for every statement (index 0 unused): computed once, shared
    by liveness and flags."""
    return [[]] + [stmt_reads(st) for st in fn.stmts]


def block_use_def(fn: ir.Function, b: ir.Block, reads: list | None = None) -> tuple[int, int]:
    """(use, defs) bitsets of one block."""
    use = 0
    defs = 0
    stmts = fn.stmts
    for i in range(b.first, b.last + 1):
        st = stmts[i - 1]
        for s, _ in (reads[i] if reads is not None else stmt_reads(st)):
            bit = 1 << s
            if not defs & bit:
                use |= bit
        w = stmt_write(st)
        if w is not None:
            defs |= 1 << w
    return use, defs


def live_in_bits(fn: ir.Function, reads: list | None = None) -> list[int]:
    """live-in bitset per block (index 0 unused), see the module docstring."""
    nb = len(fn.blocks)
    use = [0] * (nb + 1)
    defs = [0] * (nb + 1)
    valid = ((1 << (len(fn.slots) + 1)) - 1) & ~1  # slot ids 1..n only
    for b in fn.blocks:
        u, d = block_use_def(fn, b, reads)
        use[b.id], defs[b.id] = u & valid, d & valid
    live = [0] * (nb + 1)
    preds: list[list[int]] = [[] for _ in range(nb + 1)]
    for b in fn.blocks:
        for s in b.succs:
            if 1 <= s <= nb:
                preds[s].append(b.id)
    work = list(range(1, nb + 1))  # popped from the end: last block first
    queued = bytearray(nb + 1)
    for b in work:
        queued[b] = 1
    while work:
        b = work.pop()
        queued[b] = 0
        out = 0
        for s in fn.blocks[b - 1].succs:
            if 1 <= s <= nb:
                out |= live[s]
        new = use[b] | (out & ~defs[b])
        if new != live[b]:
            live[b] = new
            for p in preds[b]:
                if not queued[p]:
                    queued[p] = 1
                    work.append(p)
    return live


def bits_to_set(bits: int) -> frozenset[int]:
    digits = bin(bits)[:1:-1]  # least significant bit first
    return frozenset(i for i, c in enumerate(digits) if c == "1")


def compute_live_in(fn: ir.Function, reads: list | None = None) -> list[frozenset[int]]:
    """live-in slot sets per block (index 0 is an empty set)."""
    return [bits_to_set(x) for x in live_in_bits(fn, reads)]
