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

The walks: `collect_facts` visits every statement once and keeps what the
later passes need (`Facts`): reads and `%n` per statement as flat `Ragged`
lists (8 bytes an item and 8 a statement, not a list object per
statement), per-block use/defs/writes, the users of each `%n` the engine
may queue, the dead, slot-writing and NewvarNode statements.  Call
arguments that are `%n`, slots or literals are read in line; anything else
goes through `_reads`, the general walk, and is checked afterwards.

Liveness is syntactic: unreached statements count too.  That only makes
more slots live, never fewer, and is independent of inference, so every
state store computes the same sets.

Invariant relied on by `irc.stores.LiveStore`: if slot `s` is live into a
successor `c` of block `b` and `b` does not write `s`, then `s` is live into
`b`.  Hence the engine's working table holds the correct state for every
slot live into any successor when it merges at the end of a block.
"""
from __future__ import annotations

from array import array
from dataclasses import dataclass
from itertools import chain

from irc.ir import model as ir
from irc.infer.ragged import Ragged
from irc.syntax import tree as S
ISDEFINED_HEADS = frozenset({"isdefined"})


def expr_slot_reads(e: object, in_isdefined: bool = False) -> list[tuple[int, bool]]:
    """`(slot id, inside isdefined)` for every slot an expression reads, in
    evaluation order (left to right, callee first)."""
    out: list[tuple[int, bool]] = []
    _reads(e, in_isdefined, out)
    return out


_NONE: tuple = ()  # the shared empty list of reads / `%n` (statements with none: most of a large body)
_SKIP_HEADS = frozenset({"meta", "inbounds", "loopinfo", "line"})
_SlotRef, _Call, _Typed, _ExprNode, _Quote = S.SlotRef, S.Call, S.Typed, S.ExprNode, S.Quote
_SSA, _Lit, _Name = S.SSA, S.Lit, S.Name


def _reads(e: object, isdef: bool, out: list, ssas: list | None = None, called: set | None = None,
           skipped: list | None = None) -> None:
    """Append the reads of `e` to `out`; with `ssas`/`called`, also the `%n`
    it mentions and the slots it calls (one traversal for all three); with
    `skipped`, the `Expr` nodes whose operands were not all walked (heads in
    `_SKIP_HEADS`, the name of `throw_undef_if_not`)."""
    stack = [e]
    pop, push, extend = stack.pop, stack.append, stack.extend
    while stack:
        x = pop()
        t = type(x)
        if t is _SSA:
            if ssas is not None:
                ssas.append(x.n)
        elif t is _Lit or t is _Name:
            continue
        elif t is _SlotRef:
            if x.id is not None:
                out.append((x.id, isdef))
        elif t is _Call:
            extend(reversed(x.args))
            f = x.func
            push(f)
            if called is not None:
                while type(f) is _Typed:
                    f = f.expr
                if type(f) is _SlotRef and f.id is not None:
                    called.add(f.id)
        elif t is _Typed:
            push(x.expr)
        elif t is _ExprNode:
            h = x.head
            if h == "isdefined":
                if not isdef:
                    for a in x.args:  # rare: a nested walk in isdefined mode
                        _reads(a, True, out, ssas, called, skipped)
                    continue
                extend(reversed(x.args))
            elif h == "throw_undef_if_not":
                # `:v` is a name, not a read; the condition is
                extend(reversed(x.args[1:]))
                if skipped is not None:
                    skipped.append(x)
            elif h not in _SKIP_HEADS:
                extend(reversed(x.args))
                if h == "call" and called is not None and x.args:
                    f = x.args[0]
                    while type(f) is _Typed:
                        f = f.expr
                    if type(f) is _SlotRef and f.id is not None:
                        called.add(f.id)
            elif skipped is not None:
                skipped.append(x)
        elif t is _Quote:
            # a quoted slot is only a read as the operand of isdefined
            q = x.expr
            if isdef and type(q) is _SlotRef:
                push(q)
            elif type(q) is _SSA and ssas is not None:
                ssas.append(q.n)
        elif t is S.New:
            extend(reversed(x.args))
            push(x.type)
        elif t is S.TupleLit or t is S.TypedVect:
            extend(reversed(x.items))
        elif t is S.Splat:
            push(x.expr)
        elif t is S.Curly:
            extend(reversed(x.params))
            push(x.head)
        elif t is S.Where:
            push(x.body)


@dataclass(slots=True)
class Facts:
    """What one pass over a function's statements finds (`collect_facts`).

    `reads[i]`: the `(slot, inside isdefined)` reads of statement i, in
    evaluation order (`stmt_reads`; a `(slot, False)` pair is one shared
    tuple per slot); `ssas[i]`: the `%n` it mentions -- both `Ragged`,
    1-based (entry 0 empty), empty for dead statements; `called`: slots
    called anywhere (not in dead statements); `partial`: the statements
    whose `%n` list leaves out an operand of a skipped `Expr` head (for
    every other statement `ssas[i]` equals the `expr_ssa_refs` of its
    `stmt_operands`, as a multiset).  With blocks (`per_block`):
    `blocks[b - 1] = (use, defs, writes)` as `block_use_def` (sets) and
    `block_writes` (a list) compute them; `users[n]` the statements that
    mention `%n` (ascending, once each) and lie in another block than
    statement n or not after it -- the only users whose block the engine
    ever queues (`engine.ssa_users` filtered; the rest are `()`);
    `write_pcs` the statements that write a slot (assignments and
    NewvarNodes with a slot), ascending; `newvars` the NewvarNode
    statements; `dead` the DEAD statements."""
    reads: Ragged
    ssas: Ragged
    called: set
    partial: set
    per_block: bool
    blocks: list
    users: list
    write_pcs: array
    newvars: list
    dead: list


def _contiguous(fn: ir.Function) -> bool:
    """Do fn's blocks partition its statements in order (what `irc.ir.cfg` builds)?"""
    nxt = 1
    for b in fn.blocks:
        if b.first != nxt or b.last < b.first - 1:
            return False
        nxt = b.last + 1
    return nxt == len(fn.stmts) + 1 and bool(fn.blocks)


def collect_facts(fn: ir.Function) -> Facts:
    """One pass over every statement (see `Facts`).  Dead statements
    evaluate nothing (their calls still count as syntactic `SLOT_CALLED`,
    see irc.flags).  Per-block facts (`blocks`, `users`) need the CFG
    (blocks partitioning the statements in order); without it `per_block`
    is false and they are empty."""
    per_block = _contiguous(fn)
    nstmts = len(fn.stmts)
    rv: list = []  # every read, flat
    qv: list = []  # every `%n`, flat
    rs = array("q", (0, 0))  # entry 0: no statement
    qs = array("q", (0, 0))
    rs_append, qs_append = rs.append, qs.append
    called: set[int] = set()
    partial: set[int] = set()
    sk: list = []
    blocks: list = []
    users: list = [_NONE] * (nstmts + 1) if per_block else []
    write_pcs = array("q")
    newvars: list[int] = []
    dead: list[int] = []
    K = ir.Kind
    DEAD, ASSIGN, NEWVAR, VALUE = K.DEAD, K.ASSIGN, K.NEWVAR, K.VALUE
    pairs: dict[int, tuple[int, bool]] = {}  # one `(slot, False)` per slot, shared by every read of it
    pair = pairs.get
    rv_append, qv_append = rv.append, qv.append
    stmts = fn.stmts
    spans = [(b.first, b.last) for b in fn.blocks] if per_block else [(1, nstmts)]
    for first, last in spans:
        u: set[int] = set()
        d: set[int] = set()
        w: list[int] = []
        for i, st in enumerate(stmts[first - 1:last], first):
            kind = st.kind
            if kind is DEAD:
                dead.append(i)
                rs_append(len(rv))
                qs_append(len(qv))
                continue
            v = st.value
            tv = type(v)
            slow = False  # some operand went through `_reads`: its reads and `%n` from r0/q0 on are checked below
            if tv is _SSA:
                n = v.n
                qv_append(n)
                if (n < first or n >= i) and per_block and 0 < n <= nstmts:
                    _add_user(users, n, i)
            elif tv is _Call and type(v.func) is _Name:  # `f(a, b)`: no read in f, one walk per argument
                for a in v.args:
                    ta = type(a)
                    if ta is _SSA:
                        n = a.n
                        qv_append(n)
                        if (n < first or n >= i) and per_block and 0 < n <= nstmts:
                            _add_user(users, n, i)
                    elif ta is _SlotRef:
                        sid = a.id
                        if sid is not None:
                            rv_append(pair(sid) or pairs.setdefault(sid, (sid, False)))
                            if sid not in d:
                                u.add(sid)
                    elif ta is not _Lit and ta is not _Name:
                        if not slow:  # (what was read in line before is checked twice: harmless)
                            slow, r0, q0 = True, len(rv), len(qv)
                        _reads(a, False, rv, qv, called, sk)
            elif v is not None:
                slow, r0, q0 = True, len(rv), len(qv)
                _reads(v, False, rv, qv, called, sk)
            if st.args:
                if not slow:
                    slow, r0, q0 = True, len(rv), len(qv)
                for e in st.args:
                    _reads(e, False, rv, qv, called, sk)
            if slow:
                for sid, _ in rv[r0:]:
                    if sid not in d:
                        u.add(sid)
                if per_block:
                    for n in qv[q0:]:
                        if (n < first or n >= i) and 0 < n <= nstmts:
                            _add_user(users, n, i)
                if sk:
                    partial.add(i)
                    sk.clear()
            rs_append(len(rv))
            qs_append(len(qv))
            if kind is VALUE:  # most statements
                continue
            if (kind is ASSIGN or kind is NEWVAR) and st.slot is not None:
                d.add(st.slot)
                w.append(st.slot)
                write_pcs.append(i)
            if kind is NEWVAR:
                newvars.append(i)
        if per_block:
            blocks.append((u, d, w))
    return Facts(Ragged(rv, rs), Ragged(qv, qs), called, partial, per_block, blocks, users, write_pcs, newvars,
                 dead)


def _add_user(users: list, n: int, i: int) -> None:
    u = users[n]
    if u is _NONE:
        users[n] = [i]
    elif u[-1] != i:  # i only grows: a repeat is the last entry
        u.append(i)


def stmt_facts(fn: ir.Function, partial: set[int] | None = None,
               blocks: list | None = None) -> tuple[Ragged, Ragged, set[int]]:
    """`collect_facts` in the older shape: (reads per statement, `%n`
    mentioned per statement, slots called anywhere); with `partial` (a
    set), adds the partial statements; with `blocks` (a list, the
    function's CFG computed), appends each block's `(use, defs, writes)`."""
    f = collect_facts(fn)
    if partial is not None:
        partial.update(f.partial)
    if blocks is not None:
        blocks.extend(f.blocks)
    return f.reads, f.ssas, f.called


def _all_ssa_refs(st: ir.Stmt) -> list[int]:
    """Every `%n` statement `st` mentions, a dead one's quoted operands included."""
    if st.kind is ir.Kind.DEAD:
        return expr_ssa_refs(st.value) if st.value is not None else []
    return [r for e in stmt_operands(st) for r in expr_ssa_refs(e)]


def used_values(fn: ir.Function, ssas=None, partial=(), dead=None) -> bytearray:
    """used[i] = 1 when some statement mentions `%i` -- dead statements
    included, whose quoted operands keep Julia's numbering (Julia's
    `find_ssavalue_uses` scans the whole code).  `ssas`/`partial` from
    `stmt_facts` save walking the statements that are not dead; with
    `dead` (`Facts.dead`) besides and `ssas` a `Ragged`, only the dead and
    partial statements are walked (the rest is one pass over the flat
    `%n` list)."""
    n = len(fn.stmts)
    used = bytearray(n + 2)
    stmts = fn.stmts
    if dead is not None and isinstance(ssas, Ragged):
        for r in ssas.values:
            if 0 < r <= n:
                used[r] = 1
        # a partial statement's list is a sub-multiset of its full one: mark the full one too
        for i in chain(partial, dead):
            for r in _all_ssa_refs(stmts[i - 1]):
                if 0 < r <= n:
                    used[r] = 1
        return used
    DEAD = ir.Kind.DEAD
    for i, st in enumerate(stmts, 1):
        refs = ssas[i] if ssas is not None and st.kind is not DEAD and i not in partial else _all_ssa_refs(st)
        for r in refs:
            if 0 < r <= n:
                used[r] = 1
    return used


def expr_ssa_refs(e: object) -> list[int]:
    """Every `%n` an expression mentions as a value (statement indices);
    the target of a quoted `goto %N` / `goto %N if not c` (a dead jump, as
    Julia prints a `GotoNode` in unreachable code) is a statement to jump
    to, not a use of `%N`'s value (Julia's `find_ssavalue_uses` skips it)."""
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
            h = x.head
            if h == "goto" or h == "gotoifnot":  # a dead `goto %N [if not c]`: %N is a target statement, not a value
                stack.extend(x.args[:-1])
            else:
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
    if st.kind is ir.Kind.DEAD:
        return out
    if st.value is not None:
        _reads(st.value, False, out)
    for e in st.args:
        _reads(e, False, out)
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
    """(use, defs) bitsets of one block (gathered as sets: one bit-or per slot, not per read)."""
    use: set[int] = set()
    defs: set[int] = set()
    stmts = fn.stmts
    ASSIGN, NEWVAR = ir.Kind.ASSIGN, ir.Kind.NEWVAR
    for i in range(b.first, b.last + 1):
        st = stmts[i - 1]
        for s, _ in (reads[i] if reads is not None else stmt_reads(st)):
            if s not in defs:
                use.add(s)
        k = st.kind
        if (k is ASSIGN or k is NEWVAR) and st.slot is not None:  # stmt_write
            defs.add(st.slot)
    return _bits(use), _bits(defs)


def _bits(slots: set[int]) -> int:
    out = 0
    for s in slots:
        out |= 1 << s
    return out


def live_in_bits(fn: ir.Function, reads: list | None = None) -> list[int]:
    """live-in bitset per block (index 0 unused), see the module docstring."""
    return compute_liveness(fn, reads).bits


def compute_liveness(fn: ir.Function, reads: list | None = None, blocks: list | None = None) -> "LiveIn":
    """Live-in bitsets per block, with each block's `use` bitset (slots it
    reads before writing them) kept beside them (see the module docstring).
    `blocks`: the per-block `(use, defs, writes)` of `stmt_facts`, else
    `block_use_def` computes them."""
    nb = len(fn.blocks)
    use = [0] * (nb + 1)
    defs = [0] * (nb + 1)
    valid = ((1 << (len(fn.slots) + 1)) - 1) & ~1  # slot ids 1..n only
    for b in fn.blocks:
        if blocks is not None:
            u, d = _bits(blocks[b.id - 1][0]), _bits(blocks[b.id - 1][1])
        else:
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
    return LiveIn(live, use)


def bits_to_set(bits: int) -> frozenset[int]:
    return frozenset(bits_to_list(bits))


def bits_to_list(bits: int) -> list[int]:
    """The set bits of `bits`, ascending (one C-level scan of its binary text)."""
    digits = bin(bits)[:1:-1]  # least significant bit first
    out = []
    find = digits.find
    i = find("1")
    while i >= 0:
        out.append(i)
        i = find("1", i + 1)
    return out


def compute_live_in(fn: ir.Function, reads: list | None = None) -> list[frozenset[int]]:
    """live-in slot sets per block (index 0 is an empty set)."""
    return [bits_to_set(x) for x in live_in_bits(fn, reads)]


class LiveIn:
    """Live-in sets of a function's blocks, kept as bitsets (`bits[b]`, bit s =
    slot s; index 0 unused): O(blocks x slots / 64) words where frozensets
    would take O(sum of live-in) objects -- with 20,000 locals live across
    3,000 blocks, 60 million set entries.  Reads as a sequence of frozensets
    (`live[b]`, built on each access) for readers that want sets; `has(b, s)`
    tests one slot without building one.  Equality compares the live-in
    sets only."""

    __slots__ = ("bits", "use")
    __hash__ = None  # mutable-looking sequence semantics: compared by value

    def __init__(self, bits: list[int], use: list[int] | None = None):
        self.bits = bits
        self.use = use  # per block: slots read before written in it (None: not computed)

    def __len__(self) -> int:
        return len(self.bits)

    def __getitem__(self, b: int) -> frozenset[int]:
        return bits_to_set(self.bits[b])

    def __iter__(self):
        return (bits_to_set(x) for x in self.bits)

    def __eq__(self, other) -> bool:
        if isinstance(other, LiveIn):
            return self.bits == other.bits
        try:
            return len(other) == len(self.bits) and all(a == b for a, b in zip(self, other))
        except TypeError:
            return NotImplemented

    def has(self, b: int, s: int) -> bool:
        return bool((self.bits[b] >> s) & 1)

    def count(self, b: int) -> int:
        return self.bits[b].bit_count()


def block_writes(fn: ir.Function) -> list[list[int]]:
    """Per block (index 0 unused), the slots its statements write (assignments
    and NewvarNodes, in statement order, repeats kept): every slot of the
    working table the engine's walk of the block can change, but for the
    `Conditional` holders it widens and the slot a branch refines (the engine
    reports those to the store, `touch`)."""
    out: list[list[int]] = [[] for _ in range(len(fn.blocks) + 1)]
    stmt_block = fn.stmt_block
    ASSIGN, NEWVAR = ir.Kind.ASSIGN, ir.Kind.NEWVAR
    for i, st in enumerate(fn.stmts, 1):
        k = st.kind
        if (k is ASSIGN or k is NEWVAR) and st.slot is not None:
            out[stmt_block[i]].append(st.slot)
    return out
