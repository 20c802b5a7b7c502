"""Annotations a package's `show` printed in a form that is not Julia syntax: read the rest of the line.

Julia prints a type annotation with the `show` methods of the packages whose
types it names, and some of those print text that is not Julia type syntax:
Unitful's dimensions in a type parameter (`Quantity{Float64, 𝐋^-3/2, …}`,
`𝐈 𝚯⁻³ᐟ²`, a `:?` symbol), Setfield's lenses inside a constant
(`Core.Const((@lens _.b), false)`).  Such an annotation must not stop the
whole paste: irc cannot know the type, so it reads it as unknown.

`unreadable_annotations(text, bad_lines, parse_expr)` is asked only about the
lines where parsing failed (`bad_lines`, 1-based); for each it finds the
annotation extents (`annotation_extents`) and returns an `Unreadable` for each
extent whose text is not an expression (`parse_expr` raises) and holds no
text a person added (`irc.syntax.added`: `::Int64   <-- why?` stays that
error):

- a statement line (`│   %2 = (%1)()::T`: a rail or a label first) or a slot
  line of Arguments / Locals / Variables (`A::T`, below the section's header
  with only slot lines between; not a struct's field, not a declaration:
  those are irc's own language and their errors stand): the annotation runs from the first `::` outside
  brackets and strings to the end of the line.  Its replacement is blanks
  (the `::` too): a statement with no printed type has no answer of Julia to
  compare with; a slot with no type is `Any`.
- a `Body::T` line: the extent runs to the end of the line; it reads as
  `Body::Any` and the parser's caller drops Julia's return type
  (`FunctionDef.body_type = None`, nothing to compare with).
- a `MethodInstance for f(::T, …)` line: each argument's `::T`, up to the
  next `,` or the closing `)` at the same bracket depth, and a callable's
  `(::T)` before the call (`(::typeof(∂(λ)))(…)`) up to its `)`; it reads `::Any`.

An extent is only ever within one line, and only when the brackets of the
line before it, and of the extent itself, balance (an extent that closes a
bracket it did not open, or leaves one open, is not one: the line is broken
in some other way, and its syntax error stands).  After the replacement the
caller parses the text again: a line broken elsewhere still fails there, so
nothing is silently misread.  Replacements keep every line's length, so
positions are unchanged.

Invariants: pure functions; never raises; an `Unreadable` describes exactly
the characters it blanks or replaces.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from irc.errors import IrcError
from irc.syntax.added import added_text
from irc.syntax.paste import outside_strings

_OPEN = {"(": ")", "[": "]", "{": "}"}
_CLOSE = {")", "]", "}"}
_BODY = re.compile(r"^[\t ]*Body[\t ]*::")
_MI = re.compile(r"^[\t ]*MethodInstance for ")
# a statement line as Julia prints it: a rail (`│`, `└──`, `N ─`, ASCII `|`, `N -`) or a label `%N =`
_STMT = re.compile(r"^[\t ]*(?:[│└├┌┃╻|`]|\d+[\t ]*[─┄~-]|%\d+[\t ]*=)")
_SECTION = re.compile(r"^[\t ]*(?:Arguments|Locals|Variables)[\t ]*$")
_SLOT = re.compile(r"^[\t ]+[^\s:]+[\t ]*::")  # `  x::T`, `  x@_3::T`, `  #self#::T`

SEVERITY = "warning"


@dataclass(frozen=True, slots=True)
class Unreadable:
    """An annotation irc cannot read: its text occupies columns `start`..`end`
    (0-based, end exclusive) of line `line` (1-based); `colons` is the column
    of its `::`; `kind` is "stmt" (a statement or slot line), "body" or "arg"."""

    line: int
    colons: int
    start: int
    end: int
    kind: str
    text: str

    def replaced(self, s: str) -> str:
        """Line `s` with this annotation replaced (same length)."""
        if self.kind == "stmt":
            return s[: self.colons] + " " * (self.end - self.colons) + s[self.end:]
        width = self.end - self.start
        return s[: self.start] + "Any" + " " * (width - 3) + s[self.end:]

    def message(self, slot: str | None = None, section: str | None = None) -> str:
        """The warning; `slot` and `section` (`Arguments`, `Locals`, `Variables`) for a slot line."""
        shown = self.text if len(self.text) <= 60 else self.text[:57] + "…"
        head = (f"irc could not read the type `{shown}` as Julia syntax (a package's own `show` printed it so): ")
        if self.kind == "arg":
            return head + ("the argument is taken as Any; no declaration can give it (irc reads declarations as "
                           "Julia syntax), so what depends on it may be Any")
        if self.kind == "body":
            return head + "Julia's return type is not compared with irc's"
        as_any = ("is taken as Any; no declaration can give its type (irc reads declarations as Julia syntax), "
                  "so what depends on it may be Any")
        if slot is not None and section == "Arguments":
            return head + f"the argument `{slot}` {as_any}"
        if slot is not None and section == "Locals":
            return head + f"`{slot}`'s printed type is not compared with irc's"
        if slot is not None:  # (Variables: arguments and locals in one list)
            return head + f"`{slot}`'s printed type is not compared with irc's; if it is an argument, it {as_any}"
        return head + "this statement's printed type is not compared with irc's"


def _scan(s: str, start: int):
    """Yield (index, char, depth before it) of the characters of `s` from
    `start` outside strings (`irc.syntax.paste.outside_strings`); depth counts
    open brackets, -1 ends (a closer with nothing open, or a mismatched one:
    the line is not balanced)."""
    stack: list[str] = []
    for i, c in outside_strings(s, start):
        yield i, c, len(stack)
        if c in _OPEN:
            stack.append(_OPEN[c])
        elif c in _CLOSE:
            if not stack or stack.pop() != c:
                yield i, c, -1
                return


def _balanced(s: str) -> bool:
    """Do the brackets of `s` close in order, and its strings too (an even number of `"`)?"""
    if s.replace('\\"', "").count('"') % 2:
        return False
    depth = 0
    for _, c, d in _scan(s, 0):
        if d < 0:
            return False
        depth = d + (1 if c in _OPEN else -1 if c in _CLOSE else 0)
    return depth == 0


def annotation_extents(s: str, line: int, slot: bool = False) -> list[Unreadable]:
    """The annotations of line `s` (any text, readable or not), as described above; a line
    that is none of Julia's annotated lines (`_STMT`, `Body::`, `MethodInstance for`, or a
    slot line: `slot`, said by the caller, which knows the line's section) has none."""
    if _MI.match(s):
        return _arg_extents(s, line)
    body = _BODY.match(s)
    if body:
        colons = body.end() - 2
        return _to_end(s, line, colons, "body")
    if not slot and not _STMT.match(s):
        return []
    for i, c, d in _scan(s, 0):
        if d < 0:
            return []
        if d == 0 and c == ":" and s.startswith("::", i):
            return _to_end(s, line, i, "stmt")
    return []


def _to_end(s: str, line: int, colons: int, kind: str) -> list[Unreadable]:
    start = colons + 2
    while start < len(s) and s[start] in " \t":
        start += 1
    end = len(s.rstrip())
    text = s[start:end]
    if not text or not _balanced(text) or not _balanced(s[:colons]):
        return []
    return [Unreadable(line, colons, start, end, kind, text)]


_CALLABLE = re.compile(r"^[\t ]*MethodInstance for \(::")


def _arg_extents(s: str, line: int) -> list[Unreadable]:
    """Each `::T` argument of a MethodInstance line's call, up to `,` or `)` at the call's depth; and a
    callable's `(::T)` before the call (`MethodInstance for (::typeof(∂(λ)))(…)`), up to its `)`."""
    out: list[Unreadable] = []
    m = _CALLABLE.match(s)
    if m is not None:
        begin, start = m.end() - 2, m.end()
        close = next((i for i, c, d in _scan(s, start) if d < 0), None)  # the `)` that closes `(::`
        text = s[start:close].strip() if close is not None and s[close] == ")" else ""
        if text and _balanced(text):
            lead = len(s[start:close]) - len(s[start:close].lstrip())
            out.append(Unreadable(line, begin, start + lead, start + lead + len(text), "arg", text))
    begin = None  # index of the current argument's `::`
    call = None  # depth of the call's arguments (inside its `(`)
    for i, c, d in _scan(s, 0):
        if d < 0:
            return []  # (a line that does not balance: none of it is trusted)
        if call is None:
            if c == "(" and d == 0 and i > 0 and s[i - 1] not in " \t":
                call = 1
            continue
        if d == call and begin is None and c == ":" and s.startswith("::", i) and (i == 0 or s[i - 1] != ":"):
            begin = i
        elif d == call and c in ",)" and begin is not None:
            start = begin + 2
            text = s[start:i].strip()
            if text and _balanced(text):
                lead = len(s[start:i]) - len(s[start:i].lstrip())
                out.append(Unreadable(line, begin, start + lead, start + lead + len(text), "arg", text))
            begin = None
            if c == ")":
                call = -2  # (the call is over; nothing after it is an argument)
    return out if call == -2 else []


def unreadable_annotations(text: str, bad_lines, parse_expr) -> list[Unreadable]:
    """The annotations on lines `bad_lines` (1-based) whose text `parse_expr` cannot read."""
    lines = text.split("\n")
    out: list[Unreadable] = []
    for ln in sorted(set(bad_lines)):
        if not 0 < ln <= len(lines):
            continue
        for u in annotation_extents(lines[ln - 1], ln, _in_section(lines, ln - 1)):
            if added_text(u.text) is not None:
                continue  # (a person's note after the type, `::Int64   <-- why?`: irc.syntax.added says so)
            try:
                parse_expr(u.text)
            except IrcError:
                out.append(u)
    return out


def _in_section(lines: list[str], i: int) -> bool:
    """Is line i (0-based) a slot line of an Arguments / Locals / Variables section: a `name::`
    line with only such lines (or blank ones) between it and the section's header?  (A struct's
    field `x::T` and a declaration are irc's own language: their errors stand.)"""
    if not _SLOT.match(lines[i]):
        return False
    for k in range(i - 1, -1, -1):
        s = lines[k]
        if _SECTION.match(s):
            return True
        if s.strip() and not _SLOT.match(s):
            return False
    return False


def rewrite(text: str, found: list[Unreadable]) -> str:
    """`text` with each unreadable annotation replaced; every line keeps its length."""
    if not found:
        return text
    lines = text.split("\n")
    for u in sorted(found, key=lambda u: (u.line, -u.start)):  # from the right: earlier columns stay valid
        lines[u.line - 1] = u.replaced(lines[u.line - 1])
    return "\n".join(lines)
