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

A restoration is only ever one of case, and only an unambiguous one:
- a capital name the text also writes where Julia never emphasizes -- outside every `::T` whose
  text has no lower-case letter (the `MethodInstance for f(::Tuple{X{…}})` header, a call, a
  type with lower-case letters around it: `Tuple{X{UnitRange{Int64}}}`) -- is a name in its own
  right: its own spelling is in the index, so a second spelling makes the match ambiguous (`X`
  next to an argument `x` stays `X`);
- a variable is no type: a name the text declares as a slot or field (`x::T` opening a line,
  the `Arguments`/`Locals` of `code_warntype`, a struct's field) is offered as a spelling only
  where the text writes it as a symbol (`:logprior`, of `NAMEDTUPLE{(:LOGPRIOR,), …}`).
"""
from __future__ import annotations

import re

_NAME = re.compile(r"(?:[^\W\d]|#+[\w!])[\w#!]*(?:\.(?:[^\W\d]|#+[\w!])[\w#!]*)*")


_SLOT = re.compile(r"^[ \t│]*([^\W\d][\w!]*)::", re.M)
_OPEN, _CLOSE = "{([", "})]"
_WHERE = re.compile(r"\bwhere\b")


def _emphasizable(line: str) -> list[tuple[int, int]]:
    """The spans of `line` that may be an emphasized `::T`: each `::` with the type text after it
    (to its first closing bracket, comma or semicolon outside brackets, or the line's end) that
    has no lower-case letter but the keyword `where` -- `uppercase("::$T")` has none."""
    spans = []
    for m in re.finditer("::", line):
        depth, end = 0, len(line)
        for i in range(m.end(), len(line)):
            ch = line[i]
            if ch in _OPEN:
                depth += 1
            elif ch in _CLOSE:
                if depth == 0:
                    end = i
                    break
                depth -= 1
            elif ch in ",;" and depth == 0:
                end = i
                break
        text = _WHERE.sub("", line[m.end():end])  # the reader gives `WHERE` back as `where` (irc.syntax.paste)
        if text.upper() == text:
            spans.append((m.end(), end))
    return spans


def _suffixes(name: str):
    parts = name.split(".")
    return (".".join(parts[k:]) for k in range(len(parts)))


def spelled_names(text: str) -> dict[str, frozenset[str]]:
    """Lower-cased dotted name (and each dotted suffix) -> its spellings in `text`: the mixed-case
    ones, and a capital one written where Julia never emphasizes (module doc)."""
    index: dict[str, set[str]] = {}
    slots = set(_SLOT.findall(text))
    for line in text.splitlines():
        spans = None
        for m in _NAME.finditer(line):
            name = m.group()
            if name.upper() == name:  # no lower-case letter: a capital (or a name without letters)
                if name.lower() == name:
                    continue
                if spans is None:
                    spans = _emphasizable(line)
                if any(a <= m.start() and m.end() <= b for a, b in spans):
                    continue  # perhaps emphasized: the name it stands for is to be found
            elif name in slots and not (line[:m.start()].endswith(":") and not line[:m.start()].endswith("::")):
                continue  # a variable's name, not a type's (but `:logprior`, a symbol, is spelled)
            for q in _suffixes(name):
                if q.lower() != q or q.upper() != q:
                    index.setdefault(q.lower(), set()).add(q)
    return {k: frozenset(v) for k, v in index.items()}


def spelling(index: dict[str, frozenset[str]], parts: tuple[str, ...]) -> tuple[str, ...] | None:
    """The mixed-case name `parts` (all capitals) stands for, if exactly one name of `index` does
    and it is not `parts` itself (a capital name written as such elsewhere is that name)."""
    hits = index.get(".".join(parts).lower())
    if hits is None or len(hits) != 1:
        return None
    out = tuple(next(iter(hits)).split("."))
    return out if len(out) == len(parts) and out != tuple(parts) else None
