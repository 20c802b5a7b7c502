"""Basic blocks and edges, as Julia's `compute_basic_blocks` (spec §2).

A block starts at statement 1, at every jump target (catch blocks of
`enter` included), at every `enter`, and after every `goto`, `goto … if not`,
`return`, `unreachable`, `enter` and `leave`.  Successors: `goto #B` -> [B];
`goto #B if not c` -> [next, B], or [next] when B is the next block (Julia
treats it as a no-op); `enter #B` -> [next, B] and the catch block B also gets
the virtual predecessor 0; `return`/`unreachable` -> []; anything else falls
through to the next block.  `preds` are sorted (0 first).

Block numbers in `goto #B` are the numbers of the text's block headers.  The
builder (`irc.build`) checks that the headers agree with the rule above and
stores the partition in `fn.blocks` (first/last only); `compute_blocks` then
keeps that partition and fills `stmt_block`, `preds` and `succs` (reading
a `Body`'s kinds without making its statements: only a jump is made).  Called on
a function without blocks, it derives the partition from the statements
alone (starts at 1, at enters and after terminators -- targets are block
numbers of that same partition).

Invariants after `compute_blocks(fn)`: blocks partition 1..n in order,
`fn.stmt_block[i]` is the block of statement i (index 0 unused), every
`succs` entry is a block id in 1..len(blocks), edges are symmetric.
"""
from __future__ import annotations

from irc.ir import model as ir
from irc.ir.body import is_body

_JUMPS = frozenset({ir.Kind.GOTO, ir.Kind.GOTOIFNOT, ir.Kind.ENTER})  # the terminators whose `target` is read
_ENDS_BLOCK = frozenset({ir.Kind.GOTO, ir.Kind.GOTOIFNOT, ir.Kind.RETURN, ir.Kind.UNREACHABLE, ir.Kind.ENTER, ir.Kind.LEAVE})


def block_starts_from_stmts(stmts: list[ir.Stmt]) -> list[int]:
    """Statement indices that start a block by the statement kinds alone
    (1, every enter, after every terminator); jump targets are not included
    (they name blocks, not statements)."""
    n = len(stmts)
    starts = {1} if n else set()
    for i, st in enumerate(stmts, 1):
        k = st.kind
        if k is ir.Kind.ENTER:
            starts.add(i)
        if k in _ENDS_BLOCK and i < n:
            starts.add(i + 1)
    return sorted(starts)


def partition(fn: ir.Function, starts: list[int]) -> None:
    """Set `fn.blocks` to the blocks beginning at `starts` (sorted, first is 1)."""
    n = len(fn.stmts)
    blocks = []
    for k, s in enumerate(starts):
        last = starts[k + 1] - 1 if k + 1 < len(starts) else n
        blocks.append(ir.Block(k + 1, s, last))
    fn.blocks = blocks


def compute_blocks(fn: ir.Function) -> None:
    """Fill `fn.blocks`, `fn.stmt_block`, preds and succs (see module doc)."""
    if not fn.blocks:
        partition(fn, block_starts_from_stmts(fn.stmts))
    blocks = fn.blocks
    nb = len(blocks)
    stmt_block = [0] * (len(fn.stmts) + 1)
    for b in blocks:
        b.preds = []
        b.succs = []
        if b.last >= b.first:
            stmt_block[b.first:b.last + 1] = [b.id] * (b.last - b.first + 1)
    fn.stmt_block = stmt_block
    stmts = fn.stmts
    kind_of = stmts.kind if is_body(stmts) else (lambda k: stmts[k].kind)  # (a `Body`: no statement made)
    for b in blocks:
        num = b.id
        kind = kind_of(b.last - 1) if b.last >= b.first else None
        term = stmts[b.last - 1] if kind in _JUMPS else None
        succs: list[int] = []
        if kind is ir.Kind.RETURN or kind is ir.Kind.UNREACHABLE:
            pass
        elif kind is ir.Kind.GOTO:
            if 1 <= term.target <= nb:
                succs.append(term.target)
        else:
            if num + 1 <= nb:
                succs.append(num + 1)
            if kind is ir.Kind.GOTOIFNOT:
                if term.target != num + 1 and 1 <= term.target <= nb:
                    succs.append(term.target)
            elif kind is ir.Kind.ENTER:
                if 1 <= term.target <= nb:
                    if term.target not in succs:
                        succs.append(term.target)
                    blocks[term.target - 1].preds.append(0)
        b.succs = succs
        for s in succs:
            blocks[s - 1].preds.append(num)
    for b in blocks:
        b.preds = sorted(set(b.preds)) if len(b.preds) > 1 else b.preds


def enter_targets(fn: ir.Function) -> list[int]:
    """Catch blocks (targets of `enter`), in statement order."""
    return [st.target for st in fn.stmts if st.kind is ir.Kind.ENTER and st.target is not None]
