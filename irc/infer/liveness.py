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
goes through `_reads`, the general walk, and is checked afterwards.  A
function whose statements are an `irc.ir.body.Body` takes the column path
(`_collect_columns`): the same facts read from the operand tags, runs of
column statements in C-level passes, no statement object made; its reads
and `%n` are `Ragged.of_counts` (offsets made on first use).

Liveness is syntactic: unreached statements count too.  That only makes
more slots live, never fewer, and is independent of inference, so every
state store computes the same sets.

Invariant relied on by `irc.stores.LiveStore`: if slot `s` is live into a
successor `c` of block `b` and `b` does not write `s`, then `s` is live into
`b`.  Hence the engine's working table holds the correct state for every
slot live into any successor when it merges at the end of a block.
"""
from __future__ import annotations

import sys
from array import array
from bisect import bisect_left, bisect_right
from dataclasses import dataclass
from itertools import accumulate, chain, compress, repeat
from operator import lt, rshift

from irc.ir import model as ir
from irc.ir.body import ATOM, CALL2, CALL3, INFIX, SLOT_TAG, SSA_TAG, TREE, Body
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
    is false and they are empty.  A `Body` takes the column path
    (`_collect_columns`: the same facts, from the operand tags)."""
    if type(fn.stmts) is Body:
        return _collect_columns(fn, fn.stmts)
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


# ---------------------------------------------------------------- the column path (`irc.ir.body.Body`)
#
# A column statement is `VALUE`/`ASSIGN` with an atom or a call of atoms: its
# operands are the tags `f, a0, a1, a2` in that order, absent ones 0 -- the
# object walk's order too (`_reads`: the callee, then the arguments left to
# right).  A slot tag is a read (a callee slot besides is called), an `SSA`
# tag a `%n`; `slot[k]` is the write, after the reads.  Runs of column
# statements within a block are taken in bulk (C-level passes over slices of
# the columns: masks of the tags' kinds from their low bytes, per-statement
# counts as the digits of a big int, the reads and `%n` picked out by
# `compress`); short runs statement by statement; `TREE` statements by the
# object path's walk.

_BULK_MIN = 24  # shorter runs of column statements go statement by statement
_CHUNK = 1 << 13  # statements per bulk pass (bounds its temporaries: ~100 bytes a statement)
_LOW = 0  # the low byte of an `array('q')` item (little-endian: bulk passes only there)
_IS_SLOT = bytes(1 if b & 3 == SLOT_TAG else 0 for b in range(256))  # low byte -> a slot tag
_IS_SSA = bytes(1 if b & 3 == SSA_TAG else 0 for b in range(256))  # low byte -> `%n` (or absent: 0)
# shape -> has the operand (f, a0, a1, a2): a present `%n` tag is never 0
_HAS = (bytes(1 if INFIX <= b <= CALL3 else 0 for b in range(256)),
        bytes(1 if ATOM <= b <= CALL3 else 0 for b in range(256)),
        bytes(1 if b in (INFIX, CALL2, CALL3) else 0 for b in range(256)),
        bytes(1 if b == CALL3 else 0 for b in range(256)))


def _collect_columns(fn: ir.Function, body: Body) -> Facts:
    """`collect_facts` of a `Body` (see above): equal facts, the same shared
    `(slot, False)` pairs, no statement object made."""
    per_block = _contiguous(fn)
    nstmts = len(body)
    rv: list = []
    qv: list = []
    rc = bytearray(1)  # per statement, its number of reads (entry 0: no statement); `Ragged.of_counts`
    qc = bytearray(1)
    big: dict = {}  # (0 reads / 1 `%n`, statement) -> a count over 255 (a tree's; 0 in rc / qc)
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
    pairs: dict[int, tuple[int, bool]] = {s: (s, False) for s in range(1, len(body.slot_names))}
    # slot tag -> its shared pair: a list indexed by the tag (half the time of a dict's look-up a read)
    tagpair: list = [None] * (len(body.slot_names) << 2)
    for s, p in pairs.items():
        tagpair[s << 2 | SLOT_TAG] = p
    SHAPE, SLOT, F, A0, A1, A2 = body.shape, body.slot, body.f, body.a0, body.a1, body.a2
    cols = (F, A0, A1, A2)
    # their bytes (the bulk passes read them as little-endian 64-bit lanes)
    raw = [memoryview(c).cast("B") for c in cols] \
        if _BULK_MIN <= nstmts < 1 << 28 and sys.byteorder == "little" else None
    forward = None  # a `_Forward`, made on first use
    trees = body.trees
    tree_ks = sorted(trees)

    def tree(st, i: int, first: int, u: set, d: set, w: list) -> None:
        """One statement kept as its object: the object path's step."""
        kind = st.kind
        if kind is DEAD:
            dead.append(i)
            rc.append(0)
            qc.append(0)
            return
        v = st.value
        r0, q0 = len(rv), len(qv)
        if v is not None:
            _reads(v, False, rv, qv, called, sk)
        for e in st.args:
            _reads(e, False, rv, qv, called, sk)
        for j in range(r0, len(rv)):
            sid, isdef = rv[j]
            if not isdef and sid in pairs:
                rv[j] = pairs[sid]
            if sid not in d:
                u.add(sid)
        if per_block:
            for n in qv[q0:]:
                if (n < first or n >= i) and 0 < n <= nstmts:
                    _add_user(users, n, i)
        if sk:
            partial.add(i)
            sk.clear()
        for which, counts, c in ((0, rc, len(rv) - r0), (1, qc, len(qv) - q0)):
            if c > 255:
                big[which, i] = c
                c = 0
            counts.append(c)
        if kind is VALUE:
            return
        if (kind is ASSIGN or kind is NEWVAR) and st.slot is not None:
            d.add(st.slot)
            w.append(st.slot)
            write_pcs.append(i)
        if kind is NEWVAR:
            newvars.append(i)

    def small(lo: int, hi: int, first: int, u: set, d: set, w: list) -> None:
        """Column statements lo + 1 .. hi one by one."""
        rv_append, qv_append, rc_append, qc_append = rv.append, qv.append, rc.append, qc.append
        for k in range(lo, hi):
            i = k + 1
            ft = F[k]
            r0, q0 = len(rv), len(qv)
            for tag in (ft, A0[k], A1[k], A2[k]):
                if not tag:
                    continue
                kd = tag & 3
                if kd == SLOT_TAG:
                    rv_append(tagpair[tag])
                    sid = tag >> 2
                    if sid not in d:
                        u.add(sid)
                elif kd == SSA_TAG:
                    n = tag >> 2
                    qv_append(n)
                    if (n < first or n >= i) and per_block and n <= nstmts:
                        _add_user(users, n, i)
            if ft & 3 == SLOT_TAG:
                called.add(ft >> 2)
            rc_append(len(rv) - r0)
            qc_append(len(qv) - q0)
            s = SLOT[k]
            if s:
                d.add(s)
                w.append(s)
                write_pcs.append(i)

    def bulk(lo: int, hi: int, first: int, u: set, d: set, w: list) -> None:
        """Column statements lo + 1 .. hi in C-level passes (see above)."""
        n = hi - lo
        shp = SHAPE[lo:hi]
        act = []  # the operand columns with a read or a `%n` here: (column, read mask, `%n` mask)
        rcount = qcount = 0  # per statement, as the base-256 digits of an int (at most 4 each: no carry)
        hits: list = []  # (statement, column, n): a `%n` whose user the engine may queue
        for c in range(4):
            col = cols[c]
            cb = raw[c][lo * 8:hi * 8].tobytes()
            low = cb[_LOW::8]
            rm = low.translate(_IS_SLOT)
            r_ = int.from_bytes(rm, "little")
            q_ = int.from_bytes(low.translate(_IS_SSA), "little") & int.from_bytes(shp.translate(_HAS[c]), "little")
            if not (r_ or q_):
                continue
            qm = q_.to_bytes(n, "little")
            act.append((col, rm, qm))
            rcount += r_
            qcount += q_
            if c == 0 and r_:  # a callee slot
                called.update(map(rshift, compress(F[lo:hi], rm), repeat(2)))
            if q_ and per_block:  # a `%n` at or after its user (its lane, or some other operand's)
                nonlocal forward
                if forward is None:
                    forward = _Forward(min(_CHUNK, nstmts))
                for j in forward.lanes(cb, n, lo):
                    i = lo + 1 + j
                    tag = col[lo + j]
                    x = tag >> 2
                    if tag & 3 == SSA_TAG and x >= i and x <= nstmts:
                        hits.append((i, c, x))
        rcb = rcount.to_bytes(n, "little")
        qcb = qcount.to_bytes(n, "little")
        rc.extend(rcb)
        qc.extend(qcb)
        ws = SLOT[lo:hi]
        wslots = list(compress(ws, ws))
        wpcs = list(compress(range(lo + 1, hi + 1), ws))
        m = len(act)
        if m:
            tags = [0] * (m * n)  # the operand tags interleaved: statement-major, then in order f, a0, a1, a2
            rmask = bytearray(m * n)
            qmask = bytearray(m * n)
            for j, (col, rm, qm) in enumerate(act):
                tags[j::m] = col[lo:hi]
                rmask[j::m] = rm
                qmask[j::m] = qm
            if qcount:
                qn = list(map(rshift, compress(tags, qmask), repeat(2)))
                qv.extend(qn)
                if per_block and first > 1 and min(qn) < first:  # a `%n` from an earlier block
                    ends = list(accumulate(qcb))  # the `%n` of statements lo + 1 .. lo + 1 + j: ends[j]
                    for p in compress(range(len(qn)), map(lt, qn, repeat(first))):
                        x = qn[p]
                        if x > 0:
                            hits.append((lo + 1 + bisect_right(ends, p), -1, x))
            if rcount:
                rt = list(compress(tags, rmask))
                rv.extend(map(tagpair.__getitem__, rt))
                # the slots read before any write in the block: not written before, and not written here
                # or first read no later than first written (a statement reads before it writes)
                fresh = set(map(rshift, set(rt), repeat(2))) - d
                if wslots:
                    late = fresh.intersection(wslots)
                    fresh -= late
                    if late:  # written here: read no later than first written?
                        fw = dict(zip(reversed(wslots), reversed(wpcs)))  # slot -> its first writer
                        upto, end, seen = lo, 0, set()  # `seen`: the reads of statements lo + 1 .. upto
                        for q, sid in sorted([(fw[sid], sid) for sid in late]):
                            if q > upto:
                                e = end + sum(rcb[upto - lo:q - lo])
                                seen.update(rt[end:e])
                                end, upto = e, q
                            if sid << 2 | SLOT_TAG in seen:
                                u.add(sid)
                u |= fresh
        if hits:
            for i, _, x in sorted(hits):
                _add_user(users, x, i)
        d.update(wslots)
        w.extend(wslots)
        write_pcs.extend(wpcs)

    spans = [(b.first, b.last) for b in fn.blocks] if per_block else [(1, nstmts)]
    for first, last in spans:
        u: set[int] = set()
        d: set[int] = set()
        w: list[int] = []
        k = first - 1  # next statement (0-based)
        t = bisect_left(tree_ks, k)
        while k < last:
            stop = tree_ks[t] if t < len(tree_ks) and tree_ks[t] < last else last  # the run of columns [k, stop)
            while k < stop:
                hi = min(stop, k + _CHUNK)
                if hi - k >= _BULK_MIN and raw is not None:
                    bulk(k, hi, first, u, d, w)
                else:
                    small(k, hi, first, u, d, w)
                k = hi
            if k < last:  # a tree
                tree(trees[k], k + 1, first, u, d, w)
                k += 1
                t += 1
        if per_block:
            blocks.append((u, d, w))
    if big:  # a tree with over 255 reads or `%n`: offsets now
        rcl, qcl = list(rc), list(qc)
        for (which, i), c in big.items():
            (rcl, qcl)[which][i] = c
        reads = Ragged(rv, array("q", accumulate(rcl, initial=0)))
        ssas = Ragged(qv, array("q", accumulate(qcl, initial=0)))
    else:
        reads, ssas = Ragged.of_counts(rv, rc), Ragged.of_counts(qv, qc)
    return Facts(reads, ssas, called, partial, per_block, blocks, users, write_pcs, newvars, dead)


class _Forward:
    """Finds, in a column of n tags (statements lo + 1 .., its items' bytes:
    one little-endian 64-bit lane each), the lanes j whose tag is at least
    that of `%i`, i = lo + 1 + j: every `%n` operand with n >= i, and maybe
    some other operands (a caller checks).  Big-int arithmetic: a lane (a
    tag, below 2^62) plus a guard bit (63) minus the lane's `%i` tag never
    borrows from the next lane, and keeps its guard bit exactly when it does
    not go below zero.  Made once per function for runs of at most `size`
    statements."""

    __slots__ = ("ones", "ramp")

    def __init__(self, size: int):
        self.ones = int.from_bytes(_ONE64 * size, "little")  # 1 in every lane
        ramp, ones, m = 0, 1, 1  # j in lane j, by doubling
        while m < size:
            ramp += (ramp + m * ones) << (64 * m)
            ones += ones << (64 * m)
            m *= 2
        self.ramp = ramp

    def lanes(self, tags: bytes, n: int, lo: int) -> list[int]:
        full = (1 << (64 * n)) - 1
        ones = self.ones & full
        g = ones << 63
        h = (int.from_bytes(tags, "little") + g - 4 * ((lo + 1) * ones + (self.ramp & full))) & g
        return [p >> 6 for p in bits_to_list(h)] if h else []


_ONE64 = (1).to_bytes(8, "little")


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


def mark_refs(refs: list[int], n: int, size: int) -> bytearray:
    """`size` bytes, 1 at each `r` of `refs` with 0 < r <= n (C-level stores,
    no set, when every `r` is in range: the common case)."""
    used = bytearray(size)
    if refs and 0 < min(refs) and max(refs) <= n:
        any(map(used.__setitem__, refs, repeat(1)))
    else:
        for r in refs:
            if 0 < r <= n:
                used[r] = 1
    return used


def used_values(fn: ir.Function, ssas=None, partial=(), dead=None) -> bytearray:
    """used[i] = 1 when some statement mentions `%i` -- dead statements
    included, whose quoted operands keep Julia's numbering (Julia's
    `find_ssavalue_uses` scans the whole code).  `ssas`/`partial` from
    `stmt_facts` save walking the statements that are not dead; with
    `dead` (`Facts.dead`) besides and `ssas` a `Ragged`, only the dead and
    partial statements are walked (the rest is one pass over the flat
    `%n` list)."""
    n = len(fn.stmts)
    stmts = fn.stmts
    if dead is not None and isinstance(ssas, Ragged):
        used = mark_refs(ssas.values, n, n + 2)
        # a partial statement's list is a sub-multiset of its full one: mark the full one too
        for i in chain(partial, dead):
            for r in _all_ssa_refs(stmts[i - 1]):
                if 0 < r <= n:
                    used[r] = 1
        return used
    used = bytearray(n + 2)
    DEAD = ir.Kind.DEAD
    if type(stmts) is Body:  # a column statement's `%n` are its SSA operand tags; a tree's as below
        body = stmts
        shape, trees = body.shape, body.trees
        for k, tags in enumerate(zip(body.f, body.a0, body.a1, body.a2)):
            if shape[k] == TREE:
                st = trees[k]
                i = k + 1
                refs = ssas[i] if ssas is not None and st.kind is not DEAD and i not in partial else _all_ssa_refs(st)
            else:
                refs = [t >> 2 for t in tags if t and t & 3 == SSA_TAG]
            for r in refs:
                if 0 < r <= n:
                    used[r] = 1
        return used
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
