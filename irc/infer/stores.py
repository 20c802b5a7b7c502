"""The four state stores behind the one engine (spec §3.4).

A *table* maps slot ids to `VarState(type, undef)`.  The engine keeps one
*working* table (a list indexed by slot id, index 0 unused) and asks its
store for the entry table of each block it walks and to merge the working
table into successor entries.  The four stores differ only in what they
keep:

- `StmtStore` (`stmt`, Julia before 1.9): one full table per statement,
  overwritten by the engine as it walks (`record`); a block's entry table is
  the table of its first statement.  O(statements x slots) cells.
- `BlockStore` (`block`, Julia 1.9/1.10): one full table per block
  entry.  O(blocks x slots).
- `LiveStore` (`live`): per block entry, only the slots live into that
  block (`irc.liveness`), as a list aligned with the block's sorted live-in
  slot ids.  O(sum of live-in).
- `SharedStore` (`shared`, default): one full table per block entry, as a version
  of a persistent vector (`irc.infer.pvec`) that shares every unchanged
  part with the version it was made from.  A block whose walk writes k
  slots costs O(k) new cells for its successors' entries, and a join
  costs O(slots that differ between the two versions); see the class.

Merging (Julia's `stupdate!`/`smerge`/`schanged`): per slot, when the new
state is not below the old (`new.type ⊑ old.type` and `new.undef <= old.undef`),
the entry becomes `(tmerge(old.type, new.type), old.undef | new.undef)`.
A merge reports *changed* only when a slot **live into the target block**
changed -- in every store, so all four queue exactly the same blocks and
produce identical results by construction.  (Block, stmt and shared stores
still write the dead slots, all three the same values; they are never read
by anything the text output prints: the printer shows live-in slots only.)
Live-in sets come as `irc.infer.liveness.LiveIn` bitsets.

`merge_slot` is the try/catch propagation of one assignment (Julia's
`stupdate1!`): it also turns every `Conditional` about that slot held in the
catch entry back into `Bool`, through a per-entry index of the slots that
hold a `Conditional` (no scan of the whole table).
"""
from __future__ import annotations

import sys
from bisect import bisect_left
from typing import Callable, NamedTuple

from irc.infer.liveness import LiveIn, bits_to_list
from irc.infer.pvec import Shape


class VarState(NamedTuple):
    """A slot's state: its lattice element and whether it may be undefined."""

    type: object
    undef: bool


class Ops(NamedTuple):
    """The lattice operations a store needs (supplied by the transfer)."""

    tmerge: Callable[[object, object], object]
    le: Callable[[object, object], bool]
    cond_slot: Callable[[object], int | None]  # slot a Conditional is about, else None
    widen_cond: Callable[[object], object]


def smerge(ops: Ops, old: VarState, new: VarState) -> VarState | None:
    """The merged state, or None when `new` adds nothing to `old`."""
    if new is old or new == old:
        return None
    ot, nt = old.type, new.type
    undef = old.undef or new.undef
    if nt is ot or nt == ot:
        if undef == old.undef:
            return None
        return VarState(ot, undef)
    if ops.le(nt, ot):
        if undef == old.undef:
            return None
        return VarState(ot, undef)
    return VarState(ops.tmerge(ot, nt), undef)


def merge_pairs(ops: Ops, pairs, cond: set, live: int) -> tuple[dict, bool]:
    """`smerge` of each `(slot, old, new)`: the merged states that changed
    (slot -> state), and whether one of them is live (bit set in `live`);
    `cond` (the entry's slots holding a Conditional) is updated as it goes."""
    cs = ops.cond_slot
    changes = {}
    changed = False
    for s, old, new in pairs:
        if new is old:
            continue
        m = smerge(ops, old, new)
        if m is None:
            continue
        changes[s] = m
        if cs(m.type) is not None:
            cond.add(s)
        else:
            cond.discard(s)
        if not changed and (live >> s) & 1:
            changed = True
    return changes, changed


class _Base:
    name = ""
    keeps_stmt_tables = False  # does `record` do anything? (the engine skips the call when not)
    cheap_diffs = False  # is `changed_slots` O(slots that differ)?  (else O(slots) or O(live) per call)

    def __init__(self, nslots: int, block_first: list[int], live_in: LiveIn, ops: Ops):
        self.nslots = nslots
        self.block_first = block_first  # block id -> first statement (index 0 unused)
        self.live_in = live_in
        self.live_bits = live_in.bits  # block id -> live-in bitset
        self.ops = ops
        nb = len(block_first) - 1
        self.cond: list[set[int] | None] = [None] * (nb + 1)  # per entry: slots (live: positions) holding a Conditional

    def cond_slots(self, b: int):
        """Slots of entry b that hold a Conditional."""
        return self.cond[b] or ()

    def record(self, pc: int, working: list) -> None:  # only the stmt store keeps per-statement tables
        pass

    def stmt_table(self, pc: int):
        return None

    def touch(self, s: int) -> None:
        """The engine wrote working[s] outside the block's assignments (a
        widened Conditional holder, a branch refinement); only `shared` cares."""

    def changed_slots(self, a: int | None, b: int):
        """Slots whose states may differ between the entries of blocks a and b
        (a superset; every slot of b's entry when a is None)."""
        return range(1, self.nslots + 1)


def _candidates(table: list, hint) -> list[int]:
    """Slots of the working table that may hold a Conditional: all of them
    without a hint, else the engine's holder index (slot -> holders)."""
    if hint is None:
        return range(1, len(table))
    out: set[int] = set()
    for hs in hint.values():
        out |= hs
    return out


class ListView:
    """Read-only mapping view of a list-backed entry table (slot id -> VarState)."""

    __slots__ = ("E", "n")

    def __init__(self, E: list, n: int):
        self.E, self.n = E, n

    def __getitem__(self, s):
        if type(s) is int and 0 < s <= self.n:
            return self.E[s]
        raise KeyError(s)

    def get(self, s, default=None):
        if type(s) is int and 0 < s <= self.n:
            return self.E[s]
        return default

    def __contains__(self, s) -> bool:
        return type(s) is int and 0 < s <= self.n

    def items(self):
        E = self.E
        return ((s, E[s]) for s in range(1, self.n + 1))


class LiveView:
    """Read-only mapping view of a live entry (sorted slot ids + aligned states)."""

    __slots__ = ("order", "E")

    def __init__(self, order: tuple, E: list):
        self.order, self.E = order, E

    def get(self, s, default=None):
        order = self.order
        i = bisect_left(order, s)
        if i < len(order) and order[i] == s:
            return self.E[i]
        return default

    def __getitem__(self, s):
        v = self.get(s)
        if v is None:
            raise KeyError(s)
        return v

    def __contains__(self, s) -> bool:
        return self.get(s) is not None

    def items(self):
        return zip(self.order, self.E)


class _ListStore(_Base):
    """Entry tables as lists indexed by slot id (index 0 unused)."""

    def _get(self, b: int) -> list | None:
        raise NotImplementedError

    def _set(self, b: int, table: list) -> None:
        raise NotImplementedError

    def has_entry(self, b: int) -> bool:
        return self._get(b) is not None

    def init_entry(self, b: int, table: list, hint=None) -> None:
        E = list(table)
        self._set(b, E)
        cs = self.ops.cond_slot
        self.cond[b] = {s for s in _candidates(E, hint) if E[s] is not None and cs(E[s].type) is not None}

    def load(self, b: int, working: list) -> None:
        working[:] = self._get(b)

    def merge(self, b: int, working: list, override: tuple[int, VarState] | None = None, hint=None) -> bool:
        E = self._get(b)
        if E is None:
            self.init_entry(b, working, hint)
            if override is not None:
                s, vs = override
                self._get(b)[s] = vs
                self._note(b, s, vs)
            return True
        pairs = zip(range(1, self.nslots + 1), E[1:], working[1:])
        if override is not None:
            ov_slot, ov = override
            pairs = ((s, old, ov if s == ov_slot else new) for s, old, new in pairs)
        changes, changed = merge_pairs(self.ops, pairs, self.cond[b], self.live_bits[b])
        for s, m in changes.items():
            E[s] = m
        return changed

    def _note(self, b: int, s: int, vs: VarState) -> None:
        if self.ops.cond_slot(vs.type) is not None:
            self.cond[b].add(s)
        else:
            self.cond[b].discard(s)

    def merge_slot(self, b: int, s: int, vs: VarState) -> bool:
        """Try/catch propagation of one slot (Julia's `stupdate1!`)."""
        E = self._get(b)
        if E is None:
            return False
        ops = self.ops
        live = self.live_bits[b]
        cond = self.cond[b]
        changed = False
        if cond:
            for h in [h for h in cond if ops.cond_slot(E[h].type) == s]:
                old = E[h]
                E[h] = VarState(ops.widen_cond(old.type), old.undef)
                cond.discard(h)
                if (live >> h) & 1:
                    changed = True
        m = smerge(ops, E[s], vs)
        if m is not None:
            E[s] = m
            self._note(b, s, m)
            if (live >> s) & 1:
                changed = True
        return changed

    def view(self, b: int):
        E = self._get(b)
        return None if E is None else ListView(E, self.nslots)

    entry_view = view  # a full table: a view, not a dict of every slot

    def entry(self, b: int) -> dict | None:
        E = self._get(b)
        if E is None:
            return None
        return {s: E[s] for s in range(1, self.nslots + 1)}

    def changed_slots(self, a: int | None, b: int):
        A, B = (self._get(a) if a is not None else None), self._get(b)
        if A is None or B is None:
            return range(1, self.nslots + 1)
        return [s for s, x, y in zip(range(1, self.nslots + 1), A[1:], B[1:]) if x is not y]


class BlockStore(_ListStore):
    name = "block"

    def __init__(self, nslots, block_first, live_in, ops):
        super().__init__(nslots, block_first, live_in, ops)
        self.tables: list[list | None] = [None] * len(block_first)

    def _get(self, b):
        return self.tables[b]

    def _set(self, b, table):
        self.tables[b] = table

    def cells(self) -> int:
        return sum(self.nslots for t in self.tables if t is not None)

    def nbytes(self) -> int:
        return sum(sys.getsizeof(t) for t in self.tables if t is not None)


class StmtStore(_ListStore):
    """Pre-1.9: a full table before every statement; entries are the tables
    of blocks' first statements, the others are copies of the working table
    taken as the engine walks."""

    name = "stmt"
    keeps_stmt_tables = True

    def __init__(self, nslots, block_first, live_in, ops, nstmts: int):
        super().__init__(nslots, block_first, live_in, ops)
        self.tables: list[list | None] = [None] * (nstmts + 1)
        self.is_first = bytearray(nstmts + 2)
        for b in range(1, len(block_first)):
            self.is_first[block_first[b]] = 1

    def _get(self, b):
        return self.tables[self.block_first[b]]

    def _set(self, b, table):
        self.tables[self.block_first[b]] = table

    def record(self, pc: int, working: list) -> None:
        if not self.is_first[pc]:
            self.tables[pc] = working[:]

    def stmt_table(self, pc: int):
        t = self.tables[pc]
        if t is None:
            return None
        return {s: t[s] for s in range(1, self.nslots + 1)}

    def cells(self) -> int:
        return sum(self.nslots for t in self.tables if t is not None)

    def nbytes(self) -> int:
        return sum(sys.getsizeof(t) for t in self.tables if t is not None)


class LiveStore(_Base):
    """Entry tables holding only the slots live into the block: a list of
    VarStates aligned with the block's sorted live-in slot ids (`order[b]`,
    liveness metadata shared by every walk), so a cell costs one pointer."""

    name = "live"

    def __init__(self, nslots, block_first, live_in, ops):
        super().__init__(nslots, block_first, live_in, ops)
        self.tables: list[list | None] = [None] * len(block_first)
        self.order: list[tuple[int, ...]] = [tuple(bits_to_list(x)) for x in live_in.bits]

    def has_entry(self, b: int) -> bool:
        return self.tables[b] is not None

    def cond_slots(self, b: int):
        order = self.order[b]
        return [order[i] for i in self.cond[b] or ()]

    def init_entry(self, b: int, table: list, hint=None) -> None:
        order = self.order[b]
        E = [table[s] for s in order]
        self.tables[b] = E
        cs = self.ops.cond_slot
        if hint is None:
            self.cond[b] = {i for i, vs in enumerate(E) if cs(vs.type) is not None}  # positions
        else:
            pos = {s: i for i, s in enumerate(order)} if len(order) < 64 else None
            cond = set()
            for s in _candidates(table, hint):
                i = pos.get(s) if pos is not None else _index(order, s)
                if i is not None and cs(E[i].type) is not None:
                    cond.add(i)
            self.cond[b] = cond

    def load(self, b: int, working: list) -> None:
        for s, vs in zip(self.order[b], self.tables[b]):
            working[s] = vs

    def merge(self, b: int, working: list, override: tuple[int, VarState] | None = None, hint=None) -> bool:
        E = self.tables[b]
        order = self.order[b]
        if E is None:
            self.init_entry(b, working, hint)
            if override is not None:
                s, vs = override
                i = _index(order, s)
                if i is not None:
                    self.tables[b][i] = vs
                    self._note(b, i, vs)
            return True
        ops = self.ops
        new = [working[s] for s in order]
        if override is not None:
            i = _index(order, override[0])
            if i is not None:
                new[i] = override[1]
        # positions, not slots (cond holds positions); every slot here is live: any change counts
        changes, changed = merge_pairs(ops, zip(range(len(order)), E, new), self.cond[b], -1)
        for i, m in changes.items():
            E[i] = m
        return changed

    def _note(self, b: int, i: int, vs: VarState) -> None:
        if self.ops.cond_slot(vs.type) is not None:
            self.cond[b].add(i)
        else:
            self.cond[b].discard(i)

    def merge_slot(self, b: int, s: int, vs: VarState) -> bool:
        E = self.tables[b]
        if E is None:
            return False
        ops = self.ops
        cond = self.cond[b]
        changed = False
        if cond:
            for i in [i for i in cond if ops.cond_slot(E[i].type) == s]:
                old = E[i]
                E[i] = VarState(ops.widen_cond(old.type), old.undef)
                cond.discard(i)
                changed = True
        i = _index(self.order[b], s)
        if i is None:
            return changed
        m = smerge(ops, E[i], vs)
        if m is not None:
            E[i] = m
            self._note(b, i, m)
            changed = True
        return changed

    def view(self, b: int):
        E = self.tables[b]
        return None if E is None else LiveView(self.order[b], E)

    def entry(self, b: int) -> dict | None:
        E = self.tables[b]
        return None if E is None else dict(zip(self.order[b], E))

    entry_view = entry  # only the live slots: a small dict beats a bisect per lookup

    def changed_slots(self, a: int | None, b: int):
        return self.order[b]

    def cells(self) -> int:
        return sum(len(t) for t in self.tables if t is not None)

    def nbytes(self) -> int:
        return sum(sys.getsizeof(t) for t in self.tables if t is not None)


class TreeView:
    """Read-only mapping view of a shared entry (a persistent-vector version)."""

    __slots__ = ("root", "shape")

    def __init__(self, root: list, shape: Shape):
        self.root, self.shape = root, shape

    def get(self, s, default=None):
        if type(s) is int and 0 < s < self.shape.n:
            return self.shape.get(self.root, s)
        return default

    def __getitem__(self, s):
        if type(s) is int and 0 < s < self.shape.n:
            return self.shape.get(self.root, s)
        raise KeyError(s)

    def __contains__(self, s) -> bool:
        return type(s) is int and 0 < s < self.shape.n

    def items(self):
        flat = self.shape.flatten(self.root)
        return ((s, flat[s]) for s in range(1, self.shape.n))


class SharedStore(_Base):
    """Full entry tables as versions of one persistent vector (`irc.infer.pvec`).

    Bookkeeping: `cur` is a version and `dirty` (the slots the walked block's
    statements write, `liveness.block_writes`) plus `extra` (slots the engine
    `touch`ed) are slots.  **Invariant: `working[s] is cur[s]` for every slot
    s outside dirty and extra.**  It holds after `load` (working is patched
    at every slot where the old and new versions differ and at the old
    dirty slots), and the engine writes working only at its block's
    assignments and NewvarNodes (dirty) or through `touch` (extra).

    - `load(b)`: patch working from `cur` to `roots[b]` at
      `diff(cur, roots[b])` and the dirty slots: O(slots that differ).
    - end of a walk: the version equal to working is
      `assign(cur, {s: working[s] for s in dirty + extra})`, made once (then
      `cur` is that version and dirty is empty): O(k) for k writes.
    - `merge(c)` into a block with no entry: the entry *is* that version
      (shared, not copied; a successor reached by both edges of a branch
      shares it too).  Into an existing entry E: only the slots in
      `diff(E, end)` can differ (every other slot holds the same object in
      both), so `smerge` runs on those alone and the new entry is
      `assign(E, merged)`: O(slots that differ).

    Why replay and every answer stay exact: each entry holds, slot by slot,
    the same values as `BlockStore`'s table would (the same `smerge` on the
    same pairs; a slot left out of the diff holds the same object on both
    sides, where `smerge` changes nothing), and a merge reports a change on
    the same live-in slots, so the engine queues the same blocks in the same
    order.  Replay reads the entries through views (`TreeView`); an entry
    is never mutated once stored (pvec's invariant), so a view stays the
    entry it was taken from."""

    name = "shared"
    cheap_diffs = True

    def __init__(self, nslots, block_first, live_in, ops, writes: list[list[int]]):
        super().__init__(nslots, block_first, live_in, ops)
        self.shape = Shape(nslots + 1)
        self.roots: list[list | None] = [None] * len(block_first)
        self.writes = writes
        self.cur: list | None = None  # the version working holds outside dirty and extra
        self.dirty: list[int] = []
        self.extra: list[int] = []
        self._counted: tuple | None = None  # (the roots, (cells, bytes))
        self.small = self.shape.depth == 1  # one leaf: versions are plain lists

    def has_entry(self, b: int) -> bool:
        return self.roots[b] is not None

    def init_entry(self, b: int, table: list, hint=None) -> None:
        self.roots[b] = self.shape.build(list(table))
        cs = self.ops.cond_slot
        self.cond[b] = {s for s in _candidates(table, hint) if table[s] is not None and cs(table[s].type) is not None}

    def touch(self, s: int) -> None:
        self.extra.append(s)

    def load(self, b: int, working: list) -> None:
        R = self.roots[b]
        cur = self.cur
        if cur is None:
            working[:] = self.shape.flatten(R)
        else:
            for s, _, v in self.shape.diff(cur, R):
                working[s] = v
            if self.dirty or self.extra:
                get = self.shape.get
                n = self.shape.n
                for s in self.dirty:
                    if 0 < s < n:
                        working[s] = get(R, s)
                for s in self.extra:
                    if 0 < s < n:
                        working[s] = get(R, s)
        self.cur = R
        self.dirty = self.writes[b]
        self.extra = []

    def _end(self, working: list) -> list:
        """The version equal to working (see the class doc)."""
        if self.small:
            if self.dirty or self.extra:  # one leaf: a copy is cheaper than finding the changes
                self.cur = working[:]
                self.dirty = []
                self.extra = []
            return self.cur
        if self.dirty or self.extra:
            cur = self.cur
            get = self.shape.get
            n = self.shape.n
            changes = {}
            for s in self.dirty:
                if 0 < s < n and s not in changes:
                    v = working[s]
                    if v is not get(cur, s):
                        changes[s] = v
            for s in self.extra:
                if 0 < s < n and s not in changes:
                    v = working[s]
                    if v is not get(cur, s):
                        changes[s] = v
            self.cur = self.shape.assign(cur, changes)
            self.dirty = []
            self.extra = []
        return self.cur

    def merge(self, b: int, working: list, override: tuple[int, VarState] | None = None, hint=None) -> bool:
        end = self._end(working)
        E = self.roots[b]
        ops = self.ops
        cs = ops.cond_slot
        if E is None:
            cond = {s for s in _candidates(working, hint) if working[s] is not None and cs(working[s].type) is not None}
            if override is not None:
                s, vs = override
                if 0 < s < self.shape.n:
                    end = self.shape.assign(end, {s: vs})
                    if cs(vs.type) is not None:
                        cond.add(s)
                    else:
                        cond.discard(s)
            self.roots[b] = end
            self.cond[b] = cond
            return True
        live = self.live_bits[b]
        cond = self.cond[b]
        pairs = self.shape.diff(E, end)
        if override is not None:
            ov_slot, ov = override
            pairs = [(s, old, ov if s == ov_slot else new) for s, old, new in pairs]
            if 0 < ov_slot < self.shape.n and all(s != ov_slot for s, _, _ in pairs):
                pairs.append((ov_slot, self.shape.get(E, ov_slot), ov))
        changes, changed = merge_pairs(ops, pairs, cond, live)
        if changes:
            self.roots[b] = self.shape.assign(E, changes)
        return changed

    def merge_slot(self, b: int, s: int, vs: VarState) -> bool:
        """Try/catch propagation of one slot (Julia's `stupdate1!`)."""
        E = self.roots[b]
        if E is None:
            return False
        ops = self.ops
        get = self.shape.get
        live = self.live_bits[b]
        cond = self.cond[b]
        changes = {}
        changed = False
        if cond:
            for h in [h for h in cond if ops.cond_slot(get(E, h).type) == s]:
                old = get(E, h)
                changes[h] = VarState(ops.widen_cond(old.type), old.undef)
                cond.discard(h)
                if (live >> h) & 1:
                    changed = True
        if 0 < s < self.shape.n:
            m = smerge(ops, changes.get(s) or get(E, s), vs)
            if m is not None:
                changes[s] = m
                if ops.cond_slot(m.type) is not None:
                    cond.add(s)
                else:
                    cond.discard(s)
                if (live >> s) & 1:
                    changed = True
        if changes:
            self.roots[b] = self.shape.assign(E, changes)
        return changed

    def view(self, b: int):
        R = self.roots[b]
        return None if R is None else TreeView(R, self.shape)

    entry_view = view

    def entry(self, b: int) -> dict | None:
        R = self.roots[b]
        if R is None:
            return None
        flat = self.shape.flatten(R)
        return {s: flat[s] for s in range(1, self.nslots + 1)}

    def changed_slots(self, a: int | None, b: int):
        A, B = (self.roots[a] if a is not None else None), self.roots[b]
        if A is None or B is None:
            return range(1, self.nslots + 1)
        return [s for s, _, _ in self.shape.diff(A, B)]

    def cells(self) -> int:
        """Cells of the distinct nodes of every entry (shared nodes once; the
        unused slot 0, like the other stores, not counted)."""
        return self._count()[0]

    def nbytes(self) -> int:
        return self._count()[1]

    def _count(self) -> tuple[int, int]:
        c = self._counted  # the same versions: the same count (stats ask twice)
        if c is None or len(c[0]) != len(self.roots) or any(a is not b for a, b in zip(c[0], self.roots)):
            c = self._counted = (list(self.roots), self.shape.count(self.roots, skip_first=True))
        return c[1]


def _index(order: tuple, s: int) -> int | None:
    i = bisect_left(order, s)
    if i < len(order) and order[i] == s:
        return i
    return None


STORES = ("stmt", "block", "live", "shared")


def make_store(kind: str, nslots: int, block_first: list[int], live_in: LiveIn, ops: Ops, nstmts: int,
               writes: list[list[int]] | None = None):
    """A store of `kind`; `writes` (`liveness.block_writes`) is required by `shared`."""
    if kind == "shared":
        return SharedStore(nslots, block_first, live_in, ops, writes)
    if kind == "block":
        return BlockStore(nslots, block_first, live_in, ops)
    if kind == "live":
        return LiveStore(nslots, block_first, live_in, ops)
    if kind == "stmt":
        return StmtStore(nslots, block_first, live_in, ops, nstmts)
    raise ValueError(f"unknown state store {kind!r} (expected one of {', '.join(STORES)})")
