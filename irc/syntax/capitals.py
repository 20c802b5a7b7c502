"""Names a paste spells in mixed case, for reading the capitals of a colourless `code_warntype`.

Julia's `code_warntype` prints a type it emphasizes -- one that is not a dispatch element
(`Union{…}`, an abstract type, `Any`, `Core.Box`) -- with `Base.emphasize`, which on an IO
without colour prints `uppercase("::$T")` (base/show.jl; InteractiveUtils'
`warntype_type_printer`, 1.0-1.12): `::UNION{NOTHING, ABSTRACTPPL.VARNAME}`.  A package's name
in capitals (`ABSTRACTPPL.VARNAME`) names nothing irc knows; the same paste usually spells it
elsewhere as Julia wrote it (`Core.PartialStruct(Tuple{AbstractPPL.VarName, …})`: a `Const` or
`PartialStruct` is no type, so Julia does not emphasize it, nor the `MethodInstance` header).

`spelled_names(text)`: every dotted name of `text` with a lower-case letter, indexed by its
lower-cased spelling, with each of its dotted suffixes (`AbstractPPL.VarName`, `VarName`).
`spelling(index, parts)`: the one name of the index that an all-capitals name matches, or None
when none or several do (a capital name is read as written then: never a guess).  Pure
functions; the caller keeps the index (the world builds it on the first capital name it meets).
"""
from __future__ import annotations

import re

_NAME = re.compile(r"(?:[^\W\d]|#+[\w!])[\w#!]*(?:\.(?:[^\W\d]|#+[\w!])[\w#!]*)*")


def spelled_names(text: str) -> dict[str, frozenset[str]]:
    """Lower-cased dotted name (and each dotted suffix) -> the mixed-case spellings in `text`."""
    index: dict[str, set[str]] = {}
    for name in set(_NAME.findall(text)):
        if name.upper() == name:  # no lower-case letter: itself a capital (or a name without letters)
            continue
        parts = name.split(".")
        for k in range(len(parts)):
            q = ".".join(parts[k:])
            if q.upper() != q:
                index.setdefault(q.lower(), set()).add(q)
    return {k: frozenset(v) for k, v in index.items()}


def spelling(index: dict[str, frozenset[str]], parts: tuple[str, ...]) -> tuple[str, ...] | None:
    """The mixed-case name `parts` (all capitals) stands for, if exactly one name of `index` does."""
    hits = index.get(".".join(parts).lower())
    if hits is None or len(hits) != 1:
        return None
    out = tuple(next(iter(hits)).split("."))
    return out if len(out) == len(parts) else None
