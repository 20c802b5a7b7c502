"""`@code_warntype` colours for types, and the plain-text marks that carry the same news.

The rule is Julia's (stdlib/InteractiveUtils/src/codeview.jl,
`warntype_type_printer` and `is_expected_union`), applied to a lattice
element `x`:

- `x` is a `Union` that is *expected* -- fewer than 4 members, every member a
  dispatch element and not `Core.Box` -- : WARN (yellow);
- `x` is a type that is not a dispatch element, or is `Core.Box`: BAD (red);
- otherwise (a concrete type, `Union{}`, `Type{T}`, or a lattice element
  that is not a type: `Const`, `PartialStruct`, `Conditional`): GOOD (cyan).

A dispatch element is Julia's `isdispatchelem`: `Union{}`, a concrete data
type that is not a kind (`DataType`, `UnionAll`, `Union`, `TypeofBottom`),
or `Type{T}` without free type variables.  Red wins when nested: a union
with an abstract member, or a tuple with an abstract parameter, is not a
dispatch element, so the whole annotation is red.

Plain text keeps the information: `mark(level)` is `!` for BAD and `?` for
WARN, printed by the printer in a trailing comment (`# !`), so stripping the
ANSI codes from coloured output gives exactly the plain output.

Without colour, `capitals(text, t)` is what Julia prints for an emphasized type on an IO
without colour (`Base.emphasize`: `uppercase("::$T")`), used by `irc infer --plain` for a
paste printed so (`irc.lattice.printstyle`).

Colour is chosen once per run (`use_colour`): `--color always|never`, else
`NO_COLOR` (any non-empty value) turns it off, else on when stdout is a
terminal.

`segments` is `paint`'s inverse: it splits painted text back into runs of
(level, text), so another renderer (the HTML report) shows exactly the
colours of `--color always` without a second colour rule.

Invariants: `classify` is total and pure; `paint(s, level, False) == s`;
joining the texts of `segments(t)` gives `strip_ansi(t)`.
"""
from __future__ import annotations

import os
import re
from typing import Any, TextIO

from irc.lattice import types as T
GOOD, WARN, BAD = "good", "warn", "bad"

_CODES = {GOOD: "\x1b[36m", WARN: "\x1b[1m\x1b[33m", BAD: "\x1b[1m\x1b[31m", "comment": "\x1b[90m"}
_RESET = "\x1b[0m"
_ANSI = re.compile(r"\x1b\[[0-9;]*m")

def is_dispatch_elem(t: Any) -> bool:
    """Julia's `isdispatchelem` (from the type table)."""
    from irc.lattice.typetable import isdispatchelem

    return isdispatchelem(t)


def _is_box(t: Any) -> bool:
    from irc.lattice.typetable import BOX

    return t == BOX


def is_expected_union(u: T.UnionType) -> bool:
    members = T.union_members(u)
    return len(members) < 4 and all(is_dispatch_elem(m) and not _is_box(m) for m in members)


def classify(x: Any) -> str:
    """GOOD, WARN or BAD for a lattice element (see the module doc)."""
    if not T.is_type(x):
        return GOOD  # Const, PartialStruct, Conditional: Julia prints them cyan
    if type(x) is T.UnionType and x != T.BOTTOM and is_expected_union(x):
        return WARN
    if not is_dispatch_elem(x) or _is_box(x):
        return BAD
    return GOOD


def capitals(text: str, t: Any) -> str:
    """`Base.emphasize` on an IO without colour: an emphasized (WARN/BAD) `::T` printed as
    `uppercase("::$T")` -- unless T mentions a type irc does not know (opaque: whether Julia
    emphasized it is unknown, and its capitals, `F.VAR"#G#27"`, would not read back)."""
    unknown = any(type(x) is T.DataType and x.name.unknown for x in T.type_parts(t))
    return text if unknown else text.upper()


def mark(level: str) -> str:
    """The plain-text mark for a level: '!' (BAD), '?' (WARN), '' (GOOD)."""
    return {BAD: "!", WARN: "?"}.get(level, "")


def worst(levels: list[str]) -> str:
    if BAD in levels:
        return BAD
    if WARN in levels:
        return WARN
    return GOOD


def paint(text: str, level: str, colour: bool) -> str:
    """Wrap `text` in the ANSI colour of `level` (no-op without colour)."""
    if not colour or not text:
        return text
    return f"{_CODES[level]}{text}{_RESET}"


def strip_ansi(text: str) -> str:
    return _ANSI.sub("", text)


_LEVEL_OF = {code: level for level, code in _CODES.items()}
_CODE_RUN = re.compile(r"((?:\x1b\[[0-9;]*m)+)")


def segments(text: str) -> list[tuple[str | None, str]]:
    """Split text painted by `paint` into `(level, run)` pairs, `level` None
    for unpainted runs (GOOD, WARN, BAD or "comment" otherwise); an escape
    sequence `paint` never writes leaves the run unpainted."""
    out: list[tuple[str | None, str]] = []
    level: str | None = None
    for i, part in enumerate(_CODE_RUN.split(text)):
        if i % 2:  # an escape run: resets, then perhaps the start of a level
            while part.startswith(_RESET):
                part = part[len(_RESET):]
            level = _LEVEL_OF.get(part) if part else None
        elif part:
            out.append((level, part))
    return out


def use_colour(choice: str, stream: TextIO | None = None, environ: dict | None = None) -> bool:
    """Resolve `--color auto|always|never` (auto: a terminal and no NO_COLOR)."""
    if choice == "always":
        return True
    if choice == "never":
        return False
    env = os.environ if environ is None else environ
    if env.get("NO_COLOR"):
        return False
    try:
        return bool(stream is not None and stream.isatty())
    except (AttributeError, ValueError):
        return False
