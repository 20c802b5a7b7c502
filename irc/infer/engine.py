"""The one inference engine: a worklist over basic blocks (spec §3.2).

In the spirit of mypyc's `run_analysis`, the engine is short and generic: it
is parametrised by a *transfer* (statement typing and the lattice
operations, `irc.transfer.Transfer`, or a toy one in tests) and a *state
store* (`irc.stores`: `stmt`, `block` or `live`).  It follows Julia 1.10's
`typeinf_local` (base/compiler/abstractinterpretation.jl).

Algorithm
---------
State: one entry table per reached block (in the store), one working table,
the SSA types `ssa[i]` (None = not reached), the return type.

1. Block 1's entry is the arguments `(argtype, defined)` and every other
   slot `(Union{}, undef)`; the worklist holds block 1.
2. Pop the lowest-numbered block (a heap with an in-queue bitmap), load its
   entry into the working table, and walk its statements:
   - the statement's fresh type `t` is merged into `ssa[i]`
     (`tmerge(old, t)` unless `t ⊑ old`); if `ssa[i]` changed, the blocks of
     the statement's reached users (precomputed) are queued -- only users in
     another block or not after i can need it (a later user in the same
     block is reached by the walk under way), so only those are listed
     (`liveness.Facts.users`: on a straight line, none);
   - on a block's first walk, a run of value statements `%i = f(a, b[, c])`
     (leaf operands, memo hits, no user to queue) is typed by the transfer
     at once (`Transfer.value_runner`): the same `ssa[i] = t` as below,
     without the per-statement dispatch (given the engine's Conditional
     holders and try regions -- `bind` -- it also takes plain assignments
     `x = %n` / `x = f(…)` while no Conditional is tracked, outside try
     regions: the same `working[x] = (t, defined)`);
   - a `Body` (`irc.ir.body`): a statement held in columns is typed by the
     transfer from its tags (`Transfer.column_typer`), with no statement
     object; a statement kept as an object (`trees`: every enter, leave,
     goto, return, NewvarNode, …), and a call the transfer must type on its
     object (None from the typer), take the object path -- the only
     statements materialised.  `try_handlers` and `replay` read the kind and
     slot columns likewise;
   - `x = rhs`: `x <- (ssa[i], defined)`; every slot holding a `Conditional`
     about `x` turns back into `Bool` (index slot -> holders, no table scan);
     `NewvarNode(x)`: `x <- (Union{}, undef)`; inside a try region both
     also merge the new state of `x` into the catch entry of every enclosing
     region (Julia 1.10's rule; `handlers`);
   - a statement typed `Union{}` ends the walk: no successor is updated;
   - `enter #c` merges the working table into `c`'s entry;
   - `goto #b if not c`: a constant condition takes one edge, a `Union{}`
     one none; a `Conditional` about slot `x` sends `x`'s else-type along
     the jump edge and its then-type along the fall-through (only when
     narrower than `x`'s current type); a plain slot condition becomes
     `Conditional(slot, true, false)`;
   - `return v` merges v's (widened) type into the return type;
   - at the end, the working table merges slot by slot into each
     successor's entry; a successor whose entry changed (on a slot live into
     it) is queued.
3. Stop when the worklist is empty.

Termination: entry states and SSA types only ever grow (every update is a
merge with the previous value, never an overwrite), and a block or user is
re-queued only when something it depends on strictly grew.  `tmerge`
bounds every chain of strict growth (unions are capped at a few members,
then widen to their wrapper type, tuples element-wise, and finally `Any`;
`Const` widens to its type; `undef` is one bit), so each slot and SSA value
can grow only finitely often, and the worklist empties.

Deliberate difference from Julia: a slot assigned at statement i takes
`ssa[i]` (the merge of every type `rhs` ever had), not the fresh type of the
current walk, and `Union{}` is tested on `ssa[i]`.  The two coincide when
statement typing is monotone; the merged form makes every update monotone
and makes replay (entry table + assignments with their inferred types, the
seed's idea) reproduce the engine's working table exactly, in all stores.
"""
from __future__ import annotations

import heapq
from operator import attrgetter
from dataclasses import dataclass, field

from irc.ir import model as ir
from irc.ir.body import Body
from irc.syntax import tree as S
from irc.infer.liveness import expr_ssa_refs, stmt_operands
from irc.infer.stores import VarState

K = ir.Kind


@dataclass(slots=True)
class EngineResult:
    ssa: list  # 1-based; None = unreached
    return_type: object
    blocks_visited: int = 0
    reached_blocks: list[bool] = field(default_factory=list)


def ssa_users(fn: ir.Function, ssas: list | None = None) -> list[list[int]]:
    """users[n] = statements that read %n (precomputed once); `ssas[i]` (from
    `liveness.stmt_facts`) are the `%n` statement i mentions."""
    n = len(fn.stmts)
    users: list[list[int]] = [[] for _ in range(n + 1)]
    if ssas is None:
        ssas = [()] + [[r for e in stmt_operands(st) for r in expr_ssa_refs(e)] for st in fn.stmts]
    for i in range(1, n + 1):
        for r in ssas[i]:
            if 0 < r <= n:
                u = users[r]
                if not u or u[-1] != i:  # i only grows: a repeat is the last entry
                    u.append(i)
    return users


def try_handlers(fn: ir.Function) -> list[int]:
    """handler[i] = the enter statement of the innermost try region holding
    statement i (0 = none); for an enter statement, its enclosing region.

    Forward propagation over the CFG from block 1 (Julia's
    `compute_trycatch`): after an enter `e` the next block is in region `e`,
    the catch block is in `e`'s enclosing region; `leave n` pops n regions,
    `leave %k…` pops to outside the outermost listed enter.  The first
    region found for a block wins (balanced input never disagrees).

    Julia 1.10 puts a catch block's first statement in the catch's own
    region (`handler_at[l] = pc`), and its lowering starts every catch block
    with `$(Expr(:leave, 1))`, which pops that region; 1.11 puts the catch
    block in the enclosing region and prints no such leave.  Both forms give
    the same regions here: a `leave n` that is the first statement of a
    catch block pops `n - 1` (it leaves the catch's own region, which irc
    never entered)."""
    stmts = fn.stmts
    n = len(stmts)
    handler = [0] * (n + 1)
    nb = len(fn.blocks)
    region_in: list[int | None] = [None] * (nb + 1)
    # a `Body` keeps every enter and leave as an object (`trees`); its columns are values and assignments
    objects = stmts.trees.values() if type(stmts) is Body else stmts
    kind_at = stmts.kind if type(stmts) is Body else (lambda k: stmts[k].kind)
    if nb == 0 or K.ENTER not in map(attrgetter("kind"), objects):
        return handler  # no try region (without an enter, a leave pops nothing)
    region_in[1] = 0
    work = [1]
    ENTER, LEAVE = K.ENTER, K.LEAVE
    catch_first = {fn.blocks[st.target - 1].first for st in objects
                   if st.kind is ENTER and st.target is not None and 1 <= st.target <= nb}
    while work:
        b = work.pop()
        blk = fn.blocks[b - 1]
        cur = region_in[b]
        for i in range(blk.first, blk.last + 1):
            handler[i] = cur
            kind = kind_at(i - 1)
            if kind is ENTER:
                tgt = stmts[i - 1].target
                if tgt is not None and 1 <= tgt <= nb and region_in[tgt] is None:
                    region_in[tgt] = cur
                    work.append(tgt)
                cur = i
            elif kind is LEAVE:
                cur = _leave(fn, handler, cur, stmts[i - 1], i in catch_first)
        for s in blk.succs:
            if 1 <= s <= nb and region_in[s] is None:
                if blk.last <= n and kind_at(blk.last - 1) is ENTER and s == stmts[blk.last - 1].target:
                    continue  # catch block: assigned above
                region_in[s] = cur
                work.append(s)
    return handler


def _leave(fn: ir.Function, handler: list[int], cur: int, st: ir.Stmt, opens_catch: bool = False) -> int:
    """The region after `st` (a leave) in region `cur`; `opens_catch`: st is
    the first statement of a catch block (1.10's `leave 1` there)."""
    tokens: list[int] = []
    count = None
    for a in st.args:
        x = a.expr if type(a) is S.Quote else a
        if type(x) is S.SSA:
            tokens.append(x.n)
        elif type(x) is S.Lit and isinstance(x.value, int) and not isinstance(x.value, bool):
            count = x.value
    if tokens:
        chain = []
        c = cur
        while c:
            chain.append(c)
            c = handler[c]
        hit = [c for c in chain if c in tokens]
        if hit:
            return handler[hit[-1]]
        count = len(tokens)
    if count is None:
        count = 1
    if opens_catch:
        count -= 1
    for _ in range(count):
        if cur == 0:
            break
        cur = handler[cur]
    return cur


def run(fn: ir.Function, tr, store, live_in, initial: list, ssas=None, users: list | None = None) -> EngineResult:
    """Run the worklist to a fixpoint.  `tr` is the transfer (see
    irc.transfer.Transfer for the interface), `store` an irc.stores store,
    `initial` block 1's entry table (list indexed by slot id).  `users`:
    `liveness.Facts.users` (each `%n`'s users outside its block or not
    after it: the only ones whose block is ever queued, below), else
    `ssa_users(fn, ssas)`.  A transfer with `value_runner` types runs of
    plain value calls itself (see there); on a `Body`, one with
    `column_typer` types the statements held in columns."""
    stmts = fn.stmts
    nstmts = len(stmts)
    blocks = fn.blocks
    nb = len(blocks)
    stmt_block = fn.stmt_block
    ssa: list = [None] * (nstmts + 1)
    if users is None:
        users = ssa_users(fn, ssas)
    handlers = try_handlers(fn)
    BOTTOM = tr.BOTTOM
    ANY = tr.ANY
    tmerge = tr.tmerge
    le = tr.le
    cond_parts = tr.cond_parts
    widen_cond = tr.widen_cond
    rettype = BOTTOM
    visited = 0
    reached = [False] * (nb + 1)
    if nb == 0:
        return EngineResult(ssa, rettype, 0, reached)

    queued = bytearray(nb + 2)
    heap: list[int] = []

    def push(b: int) -> None:
        if 1 <= b <= nb and not queued[b]:
            queued[b] = 1
            heapq.heappush(heap, b)

    valid_slots = range(1, len(initial))
    store.init_entry(1, initial)
    push(1)
    working = list(initial)
    holders: dict[int, set[int]] = {}
    eval_value, eval_stmt = tr.eval_value, tr.eval_stmt
    eval_call = tr.eval_call
    # a call statement goes straight to eval_call (what eval_value / eval_stmt do for
    # it), unless the transfer intercepts those two (`Transfer.use_printed`)
    CALL = S.Call if not getattr(tr, "intercepts", False) else None
    used = getattr(tr, "used", None)  # `%pc` mentioned somewhere: an unused value call is widened
    if used is None:  # (`call_result_unused`); a transfer without it widens nothing
        used = bytearray(b"\x01") * (len(fn.stmts) + 1)
    record_table = store.record if store.keeps_stmt_tables else None
    touch = store.touch  # writes to working other than the block's assignments (see stores.SharedStore)
    BOTTOM_T = type(BOTTOM)  # only an element of BOTTOM's class can equal it (lattice classes compare class first)
    new_state = tuple.__new__  # VarState(t, u) without the NamedTuple's Python-level __new__
    ASSIGN, VALUE = K.ASSIGN, K.VALUE
    # `cond_parts(t) is not None` as one class test when the transfer names its Conditional class
    COND = getattr(tr, "cond_type", None)
    # runs of plain value calls typed by the transfer at once (`Transfer.value_runner`), when the
    # engine calls eval_call directly and keeps no per-statement tables; on a block's first walk only
    runner = getattr(tr, "value_runner", None)
    value_run = runner() if runner is not None and CALL is not None and record_table is None else None
    bind = getattr(value_run, "bind", None)  # a runner that also takes plain assignments (see there)
    if bind is not None:
        bind(holders, handlers)
    # a `Body`: a statement held in columns is typed from them by the transfer (`Transfer.column_typer`;
    # None: the transfer cannot, and the statement is materialised for the object path below)
    typer = getattr(tr, "column_typer", None)
    col_type = typer() if typer is not None and type(stmts) is Body else None
    col_shape = stmts.shape if col_type is not None else None
    col_slot = stmts.slot if col_type is not None else None
    kind_at = stmts.kind if type(stmts) is Body else (lambda k: stmts[k].kind)

    def record(pc: int, t, cur_b: int):
        """Merge the fresh type t into ssa[pc]; queue the reached users' blocks if it grew."""
        old = ssa[pc]
        if old is None:
            new = t
        elif t is old or t == old or le(t, old):
            return old
        else:
            new = tmerge(old, t)
            if new == old:
                return old
        ssa[pc] = new
        for r in users[pc]:
            if ssa[r] is not None:
                ub = stmt_block[r]
                if ub != cur_b or r <= pc:
                    push(ub)
        return new

    def catch_propagate(pc: int, s: int, vs: VarState) -> None:
        h = handlers[pc]
        while h:
            c = stmts[h - 1].target
            if c is not None and store.merge_slot(c, s, vs):
                push(c)
            h = handlers[h]

    def assign(s: int, vs: VarState) -> None:
        if s is None or not 0 < s < len(working):
            return  # not a slot of this function (the builder should have refused it)
        hs = holders.pop(s, None)
        if hs:
            for h in hs:
                cur = working[h]
                if cond_parts(cur.type) is not None and cond_parts(cur.type)[0] == s:
                    working[h] = VarState(widen_cond(cur.type), cur.undef)
                    touch(h)
        working[s] = vs
        cp = cond_parts(vs.type)
        if cp is not None:
            holders.setdefault(cp[0], set()).add(s)

    while heap:
        b = heapq.heappop(heap)
        queued[b] = 0
        visited += 1
        # a block's first walk: its statements are not typed yet (a later walk re-types them one by one)
        run_values = value_run if not reached[b] else None
        reached[b] = True
        blk = blocks[b - 1]
        store.load(b, working)
        tr.clear_diags(blk.first, blk.last)
        holders.clear()
        for s in store.cond_slots(b):
            cp = cond_parts(working[s].type)
            if cp is not None:
                holders.setdefault(cp[0], set()).add(s)
        nextbb = b + 1  # fall-through target (None: the walk ended)
        last = blk.last
        pc = blk.first - 1
        tried = 0  # the statement value_run last stopped at (it would stop there again)
        while pc < last:
            pc += 1
            if run_values is not None and pc != tried:
                pc = tried = run_values(pc, last, working, ssa, users)
                if pc > last:
                    break
            if record_table is not None:
                record_table(pc, working)
            if col_shape is not None and col_shape[pc - 1]:  # held in columns: a value or an assignment
                s = col_slot[pc - 1]
                kind = ASSIGN if s else VALUE
                t = col_type(pc, working, ssa)
                if t is None:  # a call the transfer types on its statement object
                    st = stmts[pc - 1]
                    v = st.value
                    if CALL is not None:
                        t = eval_call(pc, v.func, v.args, working, ssa, kind is VALUE and not used[pc])
                    elif kind is ASSIGN:
                        t = eval_value(pc, v, working, ssa)
                    else:
                        t = eval_stmt(pc, st, working, ssa)
                kind_ok = True
            else:
                st = stmts[pc - 1]
                kind = st.kind
                kind_ok = kind is ASSIGN or kind is VALUE
                if kind_ok:
                    v = st.value
                    if type(v) is CALL:  # what eval_value / eval_stmt do for a call
                        t = eval_call(pc, v.func, v.args, working, ssa, kind is VALUE and not used[pc])
                    elif kind is ASSIGN:
                        t = eval_value(pc, v, working, ssa)
                    else:
                        t = eval_stmt(pc, st, working, ssa)
                        if t is None:  # a value statement that yields no value
                            ssa[pc] = ANY
                            continue
                    s = st.slot
            if kind_ok:
                if ssa[pc] is None:  # first reached: `record` without a merge, in line
                    ssa[pc] = t
                    for r in users[pc]:
                        if ssa[r] is not None and (stmt_block[r] != b or r <= pc):
                            push(stmt_block[r])
                else:
                    t = record(pc, t, b)
                if type(t) is BOTTOM_T and t == BOTTOM:
                    nextbb = None
                    break
                if kind is VALUE:
                    continue
                vs = new_state(VarState, (t, False))
                if holders or (type(t) is COND if COND is not None else cond_parts(t) is not None) \
                        or s not in valid_slots:
                    assign(s, vs)
                else:  # assign's common case: no Conditional to track
                    working[s] = vs
                if handlers[pc] and s in valid_slots:
                    catch_propagate(pc, s, vs)
            elif kind is K.NEWVAR:
                vs = VarState(BOTTOM, True)
                assign(st.slot, vs)
                if handlers[pc] and st.slot in valid_slots:
                    catch_propagate(pc, st.slot, vs)
                ssa[pc] = ANY
            elif kind is K.GOTO:
                ssa[pc] = ANY
                nextbb = st.target
                break
            elif kind is K.GOTOIFNOT:
                nextbb = _branch(tr, store, working, pc, st, b, ssa, push, holders)
                break
            elif kind is K.RETURN:
                rt = tr.eval_return(pc, st, working, ssa)
                ssa[pc] = ANY
                if rt is not rettype and not le(rt, rettype):
                    rettype = tmerge(rettype, rt)
                nextbb = None
                break
            elif kind is K.UNREACHABLE:
                ssa[pc] = ANY
                nextbb = None
                break
            elif kind is K.ENTER:
                ssa[pc] = ANY
                c = st.target
                if c is not None and 1 <= c <= nb and store.merge(c, working, None, holders):
                    push(c)
                # falls through to the next block
            elif kind is K.LEAVE:
                ssa[pc] = ANY
            elif kind is K.DEAD:
                continue  # Julia printed it dead; it stays dead (no type, no effect)
        if nextbb is not None and kind_at(blk.last - 1) is K.DEAD and nextbb == b + 1:
            # a block ending in a statement Julia printed dead: follow the CFG's edges
            for s in blk.succs:
                if 1 <= s <= nb and store.merge(s, working, None, holders):
                    push(s)
        elif nextbb is not None and 1 <= nextbb <= nb:
            if store.merge(nextbb, working, None, holders):
                push(nextbb)
    return EngineResult(ssa, rettype, visited, reached)


def _branch(tr, store, working: list, pc: int, st: ir.Stmt, b: int, ssa: list, push, holders) -> int | None:
    """`goto #t if not c` at the end of block b: update the jump edge here,
    return the fall-through block (None when the walk ends)."""
    condt = tr.eval_cond(pc, st, working, ssa)
    if condt == tr.BOTTOM:
        ssa[pc] = tr.BOTTOM
        return None
    ssa[pc] = tr.ANY
    condval = tr.const_bool(condt)
    if condval is True:
        return b + 1
    target = st.target
    if target == b + 1:  # one successor
        return b + 1
    if condval is False:
        if store.merge(target, working, None, holders):
            push(target)
        return None
    cp = tr.cond_parts(condt)
    if cp is not None:
        slot, then_t, else_t = cp
        old = working[slot]
        # 1.12: `@isdefined x` clears x's undef in the true branch (`conditional_change`'s `newundef`)
        defined = getattr(tr, "cond_isdefined", None) is not None and tr.cond_isdefined(condt)
        # 1.12: the slot holding the condition is refined too (`condition_object_change`)
        obj = tr.cond_object(pc, st, condt) if getattr(tr, "cond_object", None) is not None else None
        kept = working[obj] if obj is not None else None
        if obj is not None:  # the false edge sees b as the false side (restored below)
            working[obj] = VarState(type(condt)(slot, tr.BOTTOM, else_t), kept.undef)
            holders.setdefault(slot, set()).add(obj)
            store.touch(obj)
        if else_t is not old.type and tr.le(else_t, old.type) and else_t != old.type:
            changed = store.merge(target, working, (slot, VarState(else_t, old.undef)), holders)
        else:
            changed = store.merge(target, working, None, holders)
        if obj is not None:
            working[obj] = VarState(type(condt)(slot, then_t, tr.BOTTOM), kept.undef)
            store.touch(obj)
        if then_t is not old.type and tr.le(then_t, old.type) and then_t != old.type:
            working[slot] = VarState(then_t, False if defined else old.undef)
            store.touch(slot)
        elif defined and old.undef:
            working[slot] = VarState(old.type, False)
            store.touch(slot)
    else:
        changed = store.merge(target, working, None, holders)
    if changed:
        push(target)
    return b + 1


def conditional_change(tr, old: VarState, typ) -> VarState | None:
    """Julia's `conditional_change`: the refined state when `typ ⊑ old.type`."""
    if tr.le(typ, old.type) and typ != old.type:
        return VarState(typ, old.undef)
    return None


class Overlay:
    """The state before a statement during replay: the block's entry (a
    read-only view) overlaid with the slots written since."""

    __slots__ = ("base", "local")

    def __init__(self, base):
        self.base = base
        self.local: dict = {}

    def __getitem__(self, s):
        v = self.local.get(s)
        if v is None:
            return self.base[s]
        return v

    def get(self, s, default=None):
        v = self.local.get(s)
        if v is None:
            return self.base.get(s, default)
        return v

    def __contains__(self, s) -> bool:
        return s in self.local or s in self.base

    def to_dict(self) -> dict:
        d = dict(self.base.items())
        d.update(self.local)
        return d


def replay(fn: ir.Function, view, cond_slots, ssa: list, start: int, stop: int, tr):
    """The seed's recovery: yield `(pc, table)` for pc in start..stop, where
    `table` (an `Overlay`, updated in place: `to_dict()` to keep it) is the
    state before statement pc, rebuilt from the block's entry (`view`, with
    `cond_slots` the entry's slots holding a Conditional) by replaying
    assignments (with their inferred types `ssa[pc]`) and NewvarNodes --
    exactly the engine's working-table updates, including turning
    Conditionals about a reassigned slot back into Bool."""
    stmts = fn.stmts
    nslots = len(fn.slots)
    cond_parts = tr.cond_parts
    table = Overlay(view)
    local = table.local
    holders: dict[int, set[int]] = {}
    for s in cond_slots:
        vs = view.get(s)
        cp = cond_parts(vs.type) if vs is not None else None
        if cp is not None:
            holders.setdefault(cp[0], set()).add(s)
    bottom = tr.BOTTOM
    BOTTOM_T = type(bottom)  # as in `run`
    new_state = tuple.__new__
    ASSIGN, NEWVAR = K.ASSIGN, K.NEWVAR
    # a `Body`: a statement in columns is an assignment iff its slot column is set (no object made)
    col_shape = stmts.shape if type(stmts) is Body else None
    col_slot = stmts.slot if col_shape is not None else None
    for pc in range(start, stop + 1):
        yield pc, table
        if col_shape is not None and col_shape[pc - 1]:
            s = col_slot[pc - 1]
            if not s:
                continue
            kind = ASSIGN
        else:
            st = stmts[pc - 1]
            kind = st.kind
            s = st.slot
        if kind is ASSIGN:
            t = ssa[pc]
            if t is None or (type(t) is BOTTOM_T and t == bottom):
                return
            vs = new_state(VarState, (t, False))
        elif kind is NEWVAR:
            if ssa[pc] is None:
                return
            vs = VarState(bottom, True)
        else:
            continue
        if s is None or not 0 < s <= nslots:
            continue
        if holders:
            hs = holders.pop(s, None)
            if hs:
                for h in hs:
                    cur = table.get(h)
                    if cur is not None:
                        cp = cond_parts(cur.type)
                        if cp is not None and cp[0] == s:
                            local[h] = VarState(tr.widen_cond(cur.type), cur.undef)
        local[s] = vs
        cp = cond_parts(vs.type)
        if cp is not None:
            holders.setdefault(cp[0], set()).add(s)
