"""Cthulhu's call menu below a pasted view: the argument types of each call it lists.

`descend` prints, below the code it shows, a menu of the calls it can descend into, one per line:

    Select a call to descend into or ↩ to ascend. [q]uit. [b]ookmark.
    …
     • %1  = getindex(::Base.RefValue{Int64})::Int64
       %2  = sin(::Int64)::Float64
       ↩

Each entry names a statement (`%1`) and the types of its call's arguments as Julia inferred them --
what the code view does not print for an argument that is a global (`Base.getindex(Main.globalvar)`).
`menu_argtypes(text) -> {statement number: (argument type text, …)}` reads the entries after the
menu's `Select a call to descend into` line; an entry whose arguments are not all `::T` (a constant
printed as a value, a splat) or whose brackets do not close is left out.  The reader's own pass
blanks the menu as debris (`irc.syntax.paste`); only `irc stubs` reads it, as evidence for the
globals it proposes.

Cost: one scan for the menu's first line, then the lines after it.  Pure function, no state.
"""
from __future__ import annotations

import re

_MENU = "Select a call to descend into"
_ENTRY = re.compile(r"^\s*(?:•\s*)?%(\d+)\s+=\s+(.*)$")


def menu_argtypes(text: str) -> dict[int, tuple[str, ...]]:
    """{n: argument type texts} for the menu entries `%n = f(::A, ::B)::R` (see the module doc)."""
    at = text.find(_MENU)
    if at < 0:
        return {}
    out: dict[int, tuple[str, ...]] = {}
    for line in text[at:].splitlines()[1:]:
        m = _ENTRY.match(line)
        if m is None:
            continue
        args = _call_arguments(m.group(2))
        if args is not None and all(a.startswith("::") and len(a) > 2 for a in args):
            out.setdefault(int(m.group(1)), tuple(a[2:].strip() for a in args))
    return out


def _call_arguments(call: str) -> list[str] | None:
    """The top-level comma-separated items of the first parenthesised group of `f(…)::R`, or None
    when there is none or its brackets do not close."""
    start = call.find("(")
    if start <= 0:
        return None
    depth, items, begin = 0, [], start + 1
    for i in range(start, len(call)):
        c = call[i]
        if c in "({[":
            depth += 1
        elif c in ")}]":
            depth -= 1
            if depth == 0:
                last = call[begin:i].strip()
                if last:
                    items.append(last)
                return items
        elif c == "," and depth == 1:
            items.append(call[begin:i].strip())
            begin = i + 1
    return None
