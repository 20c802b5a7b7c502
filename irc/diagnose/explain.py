"""`irc explain FILE --slot x`: why a slot has its type, from the engine's own states.

No second inference: everything comes from one `InferenceResult` --
`entry(b)` (the block-entry tables the engine kept), `state_before(i)` (the
replay of a block from its entry, spec §3.2) and `ssa_types`.

For the chosen slot, in block order over reached blocks:

- the state at the block's entry, with the exit state of every reached
  predecessor when they differ from it: a *merge* (several predecessors,
  the entry is their join: "widened" when the entry is strictly above one
  of them), or a *refinement* (the entry is strictly narrower than what the
  predecessor's last statement left: a branch condition narrowed it);
- every assignment to the slot (`x = rhs` gives the type of rhs) and every
  `NewvarNode` (undefined again), with its line and whether it widened,
  narrowed or kept the slot's type;
- the final answer: the slot type (`Locals`) and flags.

Entries where the slot is neither changed nor live are summarised, not
listed, so the explanation stays short on long functions.

Invariants: a pure function of (Function, InferenceResult, slot); lines
refer to the input file.
"""
from __future__ import annotations

from typing import Any

from irc.ir import model as ir
def _show(x: Any) -> str:
    from irc.lattice.typeprint import show

    return show(x)


def _le(a: Any, b: Any) -> bool:
    from irc.lattice.typelattice import lattice_le

    return lattice_le(a, b)


def _state_text(vs: Any) -> str:
    if vs is None:
        return "(not kept: dead here)"
    return _show(vs.type) + (" (undef)" if vs.undef else "")


def _compare(old: Any, new: Any) -> str:
    """How the slot's type moved from state `old` to `new`: 'widened', 'narrowed',
    'same type' or 'new type' (incomparable); definedness is reported apart."""
    if old is None or new is None:
        return "new type"
    if old.type == new.type:
        return "same type"
    up, down = _le(old.type, new.type), _le(new.type, old.type)
    if up and not down:
        return "widened"
    if down and not up:
        return "narrowed"
    return "same type" if up and down else "new type"


def _after(fn: ir.Function, result: Any, i: int, sid: int) -> Any:
    """Slot `sid`'s state after statement i (replay one more step)."""
    before = result.state_before(i)
    if before is None:
        return None
    st = fn.stmt(i)
    if st.kind is ir.Kind.ASSIGN and st.slot == sid and result.ssa_types[i] is not None:
        return _VS(result.ssa_types[i], False)
    if st.kind is ir.Kind.NEWVAR and st.slot == sid:
        from irc.lattice.typelattice import BOTTOM

        return _VS(BOTTOM, True)
    return before.get(sid)


class _VS:
    __slots__ = ("type", "undef")

    def __init__(self, t: Any, undef: bool):
        self.type, self.undef = t, undef


def find_slot(fn: ir.Function, name: str) -> ir.Slot | None:
    from irc.output.text import slot_display_names

    names = slot_display_names(fn)
    for s in fn.slots:
        if names[s.id] == name:
            return s
    matches = [s for s in fn.slots if s.name == name]
    if len(matches) == 1:
        return matches[0]
    if name.startswith(("@_", "_")) and name.lstrip("@_").isdigit():
        k = int(name.lstrip("@_"))
        return fn.slots[k - 1] if 0 < k <= len(fn.slots) else None
    return None


def slots_named(fn: ir.Function, name: str) -> list[str]:
    """The display names (`x@_2`, `x@_3`) of `fn`'s slots whose name is `name`, when `find_slot`
    cannot choose among them."""
    from irc.output.text import slot_display_names

    names = slot_display_names(fn)
    return [names[s.id] for s in fn.slots if s.name == name or names[s.id].split("@")[0] == name]


def explain_slot(fn: ir.Function, result: Any, slot: ir.Slot) -> str:
    """The explanation text (see the module doc)."""
    from irc.output.fmt import format_expr
    from irc.infer.flags import flag_names
    from irc.output.text import slot_display_names

    name = slot_display_names(fn)[slot.id]
    sid = slot.id
    out = [f"slot {name} (slot {sid}{', argument' if slot.argument else ''}) in {fn.name}: "
           f"{_show(result.slot_types[sid])}"]
    bits = int(result.slot_flags[sid])
    out.append(f"  flags: {' | '.join(flag_names(bits)) or 'none'} (0x{bits:02x})")
    quiet = 0
    for b in fn.blocks:
        entry = result.entry(b.id)
        if entry is None:
            out.append(f"  entry #{b.id}: unreached")
            continue
        vs = entry.get(sid)
        live = result.live_in.has(b.id, sid)
        notes = []
        reached_preds = [p for p in b.preds if p > 0 and result.entry(p) is not None]
        exits = [(p, _after(fn, result, fn.block(p).last, sid)) for p in reached_preds]
        differs = any(e is not None and vs is not None and (e.type != vs.type or e.undef != vs.undef)
                      for _, e in exits)
        if differs and len(exits) > 1:
            parts = ", ".join(f"#{p}: {_state_text(e)}" for p, e in exits)
            notes.append(f"merge of {parts}")
        elif differs:
            (p, e), = exits
            how = _compare(e, vs)
            if how == "narrowed":
                last = fn.stmt(fn.block(p).last)
                notes.append(f"narrowed from {_state_text(e)} by the branch at line {last.line} (from #{p})")
            else:
                notes.append(f"from #{p}: {_state_text(e)} ({how})")
        if 0 in b.preds:
            notes.append("catch entry: also merges the slot's state after every assignment in the try region")
        assigns = [i for i in range(b.first, b.last + 1)
                   if fn.stmt(i).slot == sid and fn.stmt(i).kind in (ir.Kind.ASSIGN, ir.Kind.NEWVAR)]
        if not notes and not assigns and b.id != 1:
            quiet += 1
            continue
        out.append(f"  entry #{b.id}: {_state_text(vs)}{'' if live else '  (not live here)'}")
        for n in notes:
            out.append(f"      {n}")
        for i in assigns:
            st = fn.stmt(i)
            if result.ssa_types[i] is None:
                out.append(f"    line {st.line}: statement {i} never reached")
                continue
            before = result.state_before(i)
            old = before.get(sid) if before is not None else None
            new = _after(fn, result, i, sid)
            if st.kind is ir.Kind.NEWVAR:
                out.append(f"    line {st.line}: Core.NewvarNode(:({name})) -> undefined again "
                           f"(was {_state_text(old)})")
                continue
            how = _compare(old, new)
            defined = ", now defined" if old is not None and old.undef else ""
            out.append(f"    line {st.line}: {name} = {format_expr(st.value, fn)}  ->  {_state_text(new)}"
                       f" ({how}{defined}; was {_state_text(old)})")
    if quiet:
        out.append(f"  ({quiet} more reached block{'s' if quiet != 1 else ''} where {name} does not change)")
    return "\n".join(out) + "\n"


# ---------------------------------------------------------------- command entry points
