"""Two inference runs compared as text: they build two worlds, whose types
compare by the identity of their type names, and a union's `repr` follows the
hash order of its member set (which differs between two builds of the same
declared structs), so types are compared through `show` (a union's members in
Julia's order)."""
from __future__ import annotations

from irc.lattice.typeprint import show


def result_types(r) -> tuple:
    """(statement types, return type, slot types) of a function's result, as text."""
    return ([None if t is None else show(t) for t in r.ssa_types], show(r.return_type),
            [None if t is None else show(t) for t in r.slot_types])
