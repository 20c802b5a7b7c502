"""The slot table by the rule, and whether the first walk holds (else the second walk).

Steps 2-3 of `irc.ir.build` need the whole body before the first operand
can be resolved (a name is a slot if assigned *anywhere*; pinned ids
anywhere shift the locals; `%N` may point forward).  Rather than collecting
that in a walk of its own, the body is walked once (`irc.ir.walk`,
incremental): labels are numbered at their statement, each new bare target
name becomes the next local when met, operands are resolved against the
tables so far, and the walk records what the rule depends on (`_Walk`:
explicit slot references, names read while unknown, `%N` and `@_N` not yet
defined).  The slot table is then computed by the rule from those records
(`_true_order`, `_allocate`): the header's slots, then the locals in order
of first appearance (in `Locals`/`Variables` order where such a section
exists), `@_N`, `_N` and `x@_N` pinning slot N (locals allocated by first
appearance skip pinned numbers).  When the walk's tables equal the final
ones and nothing it resolved could change (`_Walk.holds` -- true for
Julia's own output, where locals are assigned before they are read), its
result stands, else the body is walked again over the final tables (the
second walk: `_Walk(..., incremental=False)`).

`_assigned_names` and `line_target` read what each line assigns (for the
`Variables` and `CodeInfo(` forms, whose arguments are the names never
assigned).  Pure functions but `_Walk`, which is the walk's own record.
"""
from __future__ import annotations

import re
from collections.abc import Sequence

from irc.ir import model as ir
from irc.ir.body import Body
from irc.syntax import tree as S
from irc.syntax.fastpath import MatchedLine, raw_stmt

class _Walk:
    """One walk over a body (`irc.ir.walk.BodyWalk._resolve_body`): its input tables and what it found.

    Incremental (the first walk): the slot table starts as the header's and
    each new bare target name becomes the next local as it is met; the label
    map starts empty and each label is numbered at its statement.  A name read
    before its first assignment is then resolved as a global, a pinned id may
    shift the locals, a `%N` may point forward: `holds` tells whether the
    output equals a walk over the final tables.  Otherwise (the second walk)
    the tables are final and are not extended.
    """

    def __init__(self, slots: list[ir.Slot], by_name: dict[str, int], ssa: dict[int, int], incremental: bool):
        self.incremental = incremental
        self.slots = list(slots)  # slots[i] has id i + 1
        self.by_name = dict(by_name)  # name -> slot id
        self.names = [""] + [s.name for s in slots]  # slot id -> name
        self.ssa = ssa  # label -> statement index (first use); see `labels`
        self.later_labels = None  # labels a split walk's child met, not yet in `ssa` (`irc.ir.split.apply`)
        # found by the walk, in text order
        self.stmts: list[ir.Stmt] | Body = []  # a `Body` filled by `BodyWalk._resolve_body` (a list on the objects path)
        self.errors: list[tuple] = []  # (message, line, col, code), in report order
        self.duplicates: list[S.BodyLine] = []  # lines repeating a label
        self.headers: dict[int, tuple[int, S.BodyLine]] = {}  # stmt index -> (header number, line)
        self.by_number: dict[int, int] = {}  # header number -> first stmt index
        self.controls: list[int] = []  # indices of terminators
        self.pinned: dict[int, tuple] = {}  # slot id -> (name or None, line, col): first (named) explicit reference
        self.unknown: dict[str, tuple[int, int, int]] = {}  # bare name read as no slot -> (stmt index, line, col) of its first read
        self.order: list[tuple[str, int, int]] = []  # locals numbered by the walk: (name, line, col) of the first assignment
        self.first_target: dict[str, int] = {}  # local name -> stmt index of its first assignment
        self.ssa_misses: list[int] = []  # %N not (yet) labelled
        self.slot_misses: list[int] = []  # @_N beyond the slots (numbered so far)

    def new_local(self, target: S.Name, here: int) -> int | None:
        """Number the next local for a bare target name missing from the table."""
        nm = target.parts[0]
        if nm in self.first_target:  # `@_…`-like names get a slot but no name lookup
            return None
        self.first_target[nm] = here
        self.order.append((nm, target.line, target.col))
        sid = len(self.slots) + 1
        self.slots.append(ir.Slot(sid, nm, False, None, None, target.line, target.col))
        self.names.append(nm)
        if nm.startswith("@_") or nm in self.by_name:
            return None
        self.by_name[nm] = sid
        return sid

    def labels(self) -> dict[int, int]:
        """The label map, every label met (`ssa` with `later_labels` added)."""
        if self.later_labels is not None:
            labs, idx = self.later_labels
            self.ssa.update(zip(labs, idx))
            self.later_labels = None
        return self.ssa

    def early(self) -> dict[str, tuple[int, int, int]]:
        """Locals read before their first assignment -> (stmt index, line, col) of the first read."""
        first = self.first_target
        return {nm: r for nm, r in self.unknown.items() if nm in first}

    def holds(self, slots: list[ir.Slot], by_name: dict[str, int]) -> bool:
        """Is this walk's output what a walk over the final tables would give?"""
        if not self.incremental:
            return True
        if self.slots != slots or self.by_name != by_name or self.early():
            return False
        ssa, n = self.labels() if self.ssa_misses else self.ssa, len(slots)
        return not any(k in ssa for k in self.ssa_misses) and not any(1 <= s <= n for s in self.slot_misses)


def _line_column(stmts) -> Sequence[int]:
    """The statements' source lines, index k for statement k + 1 (a `Body`'s `line` column)."""
    if type(stmts) is Body:
        return stmts.line
    return [st.line for st in stmts]


def _assigned_names(lines: list[S.BodyLine]) -> set:
    """Names and pinned ids assigned (or NewvarNode'd) anywhere in the body."""
    out: set = set()
    for bl in lines:
        t = line_target(bl)
        if t is None:
            continue
        if type(t) is str:
            out.add(t)
        elif isinstance(t, S.SlotRef):
            out.add(t.id)
            if t.name:
                out.add(("named", t.name, t.id))
    return out


def line_target(bl) -> str | S.SlotRef | None:
    """What a body line assigns (or NewvarNode's): a bare name, a `SlotRef`, or None."""
    if type(bl) is re.Match:
        return bl.group(3)
    st = raw_stmt(bl)
    if type(bl) is MatchedLine:  # its target is a plain name or none
        return st[2]
    if type(st) is tuple:  # a packed line (fastpath.PackedLine): its target is a plain name or none
        return st[1][0] if st[1] is not None else None
    t = st.target if isinstance(st, (S.Assign, S.NewvarNode)) else None
    if isinstance(t, S.SlotRef):
        return t
    if isinstance(t, S.Name) and len(t.parts) == 1:
        return t.parts[0]
    return None


def _true_order(guess: list[tuple[str, int, int]], first_target: dict[str, int], early: dict) -> list[tuple[str, int, int]]:
    """Locals by first appearance: the guess (by first assignment) corrected by
    the reads that came before their name's first assignment.  An assignment
    comes first on its own statement; reads keep their text order."""
    if not early:
        return guess
    rank = {nm: k for k, nm in enumerate(early)}

    def key(entry):
        nm = entry[0]
        return (early[nm][0], rank[nm]) if nm in early else (first_target[nm], -1)

    return [(nm, *early[nm][1:]) if nm in early else (nm, line, col) for nm, line, col in sorted(guess, key=key)]


def _allocate(header: list[ir.Slot], header_names: dict[str, int], has_locals_section: bool,
              order: list[tuple[str, int, int]], pinned: dict[int, tuple], gaps: bool = False) -> tuple[list[ir.Slot], dict[str, int], list[tuple]]:
    """The slot table: header slots, then the body's locals (`order`: assigned
    names missing from the header, by first appearance) and pinned ids.
    Returns (slots, by_name, errors); errors are (message, line, col, code).
    `gaps`: Julia's own printing of a `CodeInfo(`, whose unused slots never
    show, so a pinned `@_8` past the slots seen is slot 8 all the same
    (the slots between are unnamed)."""
    slots = list(header)
    by_name = dict(header_names)
    errors: list[tuple] = []
    nknown = len(slots)
    if has_locals_section:
        # appended locals (assigned names missing from the section)
        for nm, line, col in order:
            sid = len(slots) + 1
            slots.append(ir.Slot(sid, nm, False, None, None, line, col))
            if not nm.startswith("@_") and nm not in by_name:
                by_name[nm] = sid
        for sid, (nm, line, col) in sorted(pinned.items()):
            if sid < 1 or sid > len(slots):
                shown = f"{nm}@_{sid}" if nm else f"@_{sid}"
                errors.append((f"slot `{shown}` is neither an argument nor a local (the function has {len(slots)} slots)", line, col, "unknown-slot"))
        return slots, by_name, errors
    # plain form without a Locals section: pinned ids are reserved
    reserved = {s for s in pinned if s > nknown}
    limit = nknown + len(order) + len(reserved)
    if gaps and reserved:
        limit = max(limit, max(reserved))
    slots_by_id: dict[int, tuple[str, int, int]] = {}
    for sid in reserved:
        nm, line, col = pinned[sid]
        slots_by_id[sid] = (nm or f"@_{sid}", line, col)
    nxt = nknown + 1
    for nm, line, col in order:
        while nxt in reserved:
            nxt += 1
        slots_by_id[nxt] = (nm, line, col)
        nxt += 1
    bad = [sid for sid in pinned if sid < 1] + [sid for sid in reserved if sid > limit]
    for sid in sorted(bad):
        nm, line, col = pinned[sid]
        shown = f"{nm}@_{sid}" if nm else f"@_{sid}"
        errors.append((f"slot `{shown}` is neither an argument nor a local (the function has {limit} slots)", line, col, "unknown-slot"))
    for sid in range(nknown + 1, limit + 1):
        if sid in slots_by_id:
            nm, line, col = slots_by_id[sid]
        else:
            nm, line, col = f"@_{sid}", 0, 0
        slots.append(ir.Slot(sid, nm, False, None, None, line, col))
        if not nm.startswith("@_") and nm not in by_name and sid not in reserved:
            by_name[nm] = sid
    return slots, by_name, errors
