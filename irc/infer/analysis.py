"""`infer_function(fn, world, store=...) -> InferenceResult`: the inference entry point.

Pipeline for one function: one pass over the statements for their
syntactic facts (`liveness.collect_facts`: reads, `%n`, per-block
use/defs/writes, the users of each `%n` the engine may queue, dead and
slot-writing statements -- shared by liveness, the engine, flags and the
printer), backward slot liveness (`irc.liveness`, computed
in every mode: the printer lists live-in slots whatever the store), the
transfer over the world (`irc.transfer`), the chosen state store
(`irc.stores`), the worklist engine to a fixpoint (`irc.engine.run`), then
flags, slot types and diagnostics by replay (`irc.flags`).  The diagnostics
start with the world's own warnings that belong to this function
(`World.notes_for`: unknown type names met first while inferring it,
duplicate definitions and the declarations' names for the first function) and those about the
function's header (an argument type irc cannot evaluate).

Invariant: every field of the result except `stats` (and entry slots not
live into their block) is identical whatever the store -- tested by
tests/infer/test_stores_agree.py.
"""
from __future__ import annotations

import gc
import time
from dataclasses import dataclass, field

from irc.ir import model as ir
from irc.syntax import tree as S
from irc.infer.engine import replay, run, try_handlers
from irc.infer.flags import analyse
from irc.infer.liveness import LiveIn, block_writes, collect_facts, compute_liveness, used_values
from irc.infer.stores import STORES, make_store
from irc.infer.latestworld import after_latestworld
from irc.infer.throwblocks import skipped_calls
from irc.infer.transfer import Transfer


@dataclass
class InferenceResult:
    fn: ir.Function
    store: str
    ssa_types: list  # 1-based; None = unreached
    return_type: object
    live_in: LiveIn  # block id -> live-in slots (bitsets; `live_in[b]` is a frozenset)
    slot_types: dict  # slot id -> lattice element
    slot_flags: dict  # slot id -> int
    diagnostics: list
    stats: dict = field(default_factory=dict)
    _store: object = None
    _transfer: object = None
    # per statement (1-based) `(slot, in isdefined)` reads, and the `%n` it mentions (`liveness.Facts`:
    # `Ragged` sequences, `r[i]` a fresh list)
    stmt_reads: object = None
    stmt_ssas: object = None
    ssas_partial: frozenset = frozenset()  # statements whose stmt_ssas leaves some `%n` out
    widened: frozenset = frozenset()  # unused generic calls widened to Any (Julia's `call_result_unused`)
    from_input: frozenset = frozenset()  # statements typed with Julia's printed type (`use_printed`)
    reads_from_input: frozenset = frozenset()  # (pc, slot): typed slot reads that took Julia's type (`use_printed`)

    @property
    def rules(self):
        """The Julia version inferred with (`irc.syntax.version.JuliaVersion`; None: a world without one, 1.10)."""
        return getattr(self._transfer, "rules", None)

    def entry(self, b: int) -> dict | None:
        """Entry table of block b (slot id -> VarState); None when unreached.
        `live` lists only the slots live into b."""
        return self._store.entry(b)

    def entry_view(self, b: int):
        """Read-only mapping view of block b's entry table (`get`, `items`,
        `in`; None when unreached): no copy of the table, for readers that
        look up a few slots."""
        return self._store.entry_view(b)

    def entry_changes(self, a: int | None, b: int):
        """Slots whose entry states may differ between blocks a and b (a
        superset; every slot of b's entry when a is None).  `shared`: the
        persistent vectors' diff, O(slots that differ)."""
        return self._store.changed_slots(a, b)

    def state_before(self, i: int) -> dict | None:
        """The state before statement i (slot id -> VarState; None when
        unreached).  `stmt` reads its stored table; the other stores replay
        the block from its entry (the seed's idea).  `live` knows only the
        slots live into the block and those written since."""
        if not 1 <= i <= len(self.fn.stmts):
            raise IndexError(i)
        if self.ssa_types[i] is None:
            return None
        t = self._store.stmt_table(i)
        if t is not None:
            return t
        return self.replayed_state_before(i)

    def state_reader(self):
        """`before(i)`: the state before statement i (a read-only mapping, valid until the next
        call; None when unreached), by replay whatever the store -- the same answer in every
        store.  A block is replayed once while its statements are asked in ascending order (a
        printer's order), so asking every statement costs one pass over the body; asking out of
        order replays the block again (correct, slower)."""
        fn, ssa, store, tr = self.fn, self.ssa_types, self._store, self._transfer
        cur: list = [0, None, 0, None]  # block replayed, its generator, the pc its table is before, the table

        def before(i: int):
            if not 1 <= i <= len(fn.stmts):
                raise IndexError(i)
            if ssa[i] is None:
                return None
            b = fn.stmt_block[i]
            if cur[0] == b and cur[2] == i:
                return cur[3]
            if cur[0] != b or cur[2] > i:
                view = store.view(b)
                if view is None:
                    return None
                blk = fn.block(b)
                cur[:] = [b, replay(fn, view, store.cond_slots(b), ssa, blk.first, blk.last, tr), 0, None]
            for pc, table in cur[1]:
                if pc == i:
                    cur[2], cur[3] = pc, table
                    return table
            cur[0] = 0  # the replay stopped early (an assignment of Union{}): nothing after it
            return None

        return before

    def replayed_state_before(self, i: int) -> dict | None:
        """Always by replay, whatever the store (tests compare the two)."""
        if self.ssa_types[i] is None:
            return None
        b = self.fn.stmt_block[i]
        view = self._store.view(b)
        if view is None:
            return None
        first = self.fn.block(b).first
        for pc, table in replay(self.fn, view, self._store.cond_slots(b), self.ssa_types, first, i,
                                self._transfer):
            if pc == i:
                return table.to_dict()
        return None


class Phase1:
    """What the first run knows, for `throwblocks.skipped_calls`: whether statement i was reached, and the
    `CallResult` of the call there on the argument types of that run (the state before i by `replay`,
    one block's replay kept while the questions move forward through it)."""

    def __init__(self, fn: ir.Function, tr, st, ssa: list):
        self.fn, self.tr, self.st, self.ssa = fn, tr, st, ssa
        self._block, self._walk = 0, None

    def reached(self, i: int) -> bool:
        return self.ssa[i] is not None

    def call(self, i: int):
        """The world's answer for statement i's call (None when not reached or no call)."""
        fn, tr, ssa = self.fn, self.tr, self.ssa
        if ssa[i] is None:
            return None
        b = fn.stmt_block[i]
        if b != self._block or self._walk is None:
            view = self.st.view(b)
            if view is None:
                return None
            self._block = b
            self._walk = replay(fn, view, self.st.cond_slots(b), ssa, fn.block(b).first, fn.block(b).last, tr)
        for pc, table in self._walk:
            if pc == i:
                v = fn.stmts[i - 1].value
                while type(v) is S.Typed:
                    v = v.expr
                if type(v) is not S.Call:
                    return None
                func, args = v.func, v.args
                f = tr.eval_value(i, func, table, ssa)
                argtypes = [tr.widen_cond(tr.eval_value(i, a, table, ssa)) for a in args]
                return tr.world.call(f, argtypes, tr.module, callee=func)
        self._walk = None
        return None


def _ensure_cfg(fn: ir.Function) -> None:
    if fn.blocks or not fn.stmts:
        return
    from irc.ir import cfg
    cfg.compute_blocks(fn)


def infer_function(fn: ir.Function, world, store: str = "shared", path: str = "",
                   use_printed: bool | str = False) -> InferenceResult:
    """Infer one function.  The cyclic garbage collector is paused meanwhile
    (inference allocates many small acyclic objects; gen-2 collections over a
    large IR would dominate the run time) and restored afterwards.
    `use_printed`: a call irc cannot type takes the type Julia printed for its
    statement (`Transfer.use_printed`; those statements are `from_input`);
    `"all"`: every call statement Julia printed a type for does (`irc stubs
    --all`)."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        return _infer(fn, world, store, path, use_printed)
    finally:
        if enabled:
            gc.enable()


def _infer(fn: ir.Function, world, store: str, path: str, use_printed: bool | str = False) -> InferenceResult:
    if store not in STORES:
        raise ValueError(f"unknown state store {store!r} (expected one of {', '.join(STORES)})")
    _ensure_cfg(fn)
    t0 = time.perf_counter()
    facts = collect_facts(fn)  # one pass: reads, `%n`, per-block use/defs/writes, cross-block users
    reads, ssas, partial = facts.reads, facts.ssas, facts.partial
    blocks = facts.blocks if facts.per_block else None  # None: blocks not a partition (never from irc.ir.cfg)
    live = compute_liveness(fn, reads, blocks)
    t1 = time.perf_counter()
    used = used_values(fn, ssas, partial, facts.dead)

    def infer(skip: frozenset):
        tr = Transfer(fn, world, used, path)
        if use_printed:
            tr.use_printed(every=use_printed == "all")
        tr.skip_calls(skip)
        tr.after_latestworld(latest)
        st = make_store(store, nslots, block_first, live, tr.ops, len(fn.stmts),
                        (([[]] + [w for _, _, w in blocks]) if blocks is not None else block_writes(fn))
                        if store == "shared" else None)
        initial = tr.initial_table(nslots)
        return tr, st, initial, run(fn, tr, st, live, initial, ssas, facts.users if facts.per_block else None)

    nslots = len(fn.slots)
    block_first = [0] + [b.first for b in fn.blocks]
    latest = after_latestworld(fn, getattr(world, "rules", None))  # 1.12: nothing after it is inferred
    tr, st, initial, er = infer(frozenset())
    # Julia 1.10/1.11 leave calls in throw blocks uninferred once the effects are not total
    # (`irc.infer.throwblocks`); they change only the throw blocks' own types, so a second run
    # with them skipped is the answer (only for a function that has such calls)
    skip = skipped_calls(fn, world, tr.rules, try_handlers, Phase1(fn, tr, st, er.ssa))
    if skip:
        tr, st, initial, er = infer(skip)
    t2 = time.perf_counter()
    argtypes = {s.id: initial[s.id].type for s in fn.slots if s.argument}
    # the flags' skip-the-block test walks the slots that change between entries: worth it where the
    # store finds them in O(changes) (`shared`); the others replay every reached block
    slot_types, slot_flags, diags = analyse(fn, er.ssa, st, tr, argtypes, path, reads, facts.called,
                                            live if st.cheap_diffs else None, facts)
    own = getattr(world, "notes_for", None)
    diags = (own(fn) if own is not None else []) + tr.fn_diags + diags
    if fn.notes:  # what reading a paste assumed (irc.ir.build), first
        diags = list(fn.notes) + list(diags)
    t3 = time.perf_counter()
    cells = st.cells() + nslots  # entry/statement tables + the working table
    stats = {
        "store": store,
        "statements": len(fn.stmts),
        "blocks": len(fn.blocks),
        "slots": nslots,
        "blocks_visited": er.blocks_visited,
        "peak_state_cells": cells,
        "state_bytes": st.nbytes() + 8 * (nslots + 1) + 56,
        "seconds": {"liveness": t1 - t0, "infer": t2 - t1, "flags": t3 - t2},
        # the same, flat (numeric keys add up over functions in `--stats`)
        "seconds_liveness": t1 - t0,
        "seconds_engine": t2 - t1,
        "seconds_flags": t3 - t2,
    }
    return InferenceResult(fn, store, er.ssa, er.return_type, live, slot_types, slot_flags, diags, stats, st, tr, reads,
                           ssas, frozenset(partial), frozenset(tr.widened),
                           frozenset(pc for pc, v in tr.from_input.items() if v and er.ssa[pc] is not None),
                           frozenset(r for r in tr.reads_from_input if er.ssa[r[0]] is not None))
