"""The plainest lines around a body, read without Lark: comments, `end`, `function f(x::T, …)`.

A generated function (ModelingToolkit output, `bench/gen_mtk.py`) is a
comment, a header `function f(du::Vector{Float64}, u::Vector{Float64}, …)`,
body lines the fast path reads (`irc.syntax.fastpath`) and `end`.  Loading
Lark and its parser tables for those three lines costs ~0.15 s a run, more
than parsing 10,000 body lines.  `plain_lines` reads the lines the fast path
left when every one of them is

- blank or a whole-line comment (`#` or `##…` then a blank, Lark's
  `COMMENT`; Lark ignores both -- `#x` may be a name, and is refused),
- `end` (an `EndLine`), or
- `function NAME(ARGS)` with NAME a plain or qualified ASCII name and each
  argument `x` or `x::T`, T a plain or qualified name with optional
  `{P, …}` parameters (types of the same form, or decimal integers; `{}`), the
  only blanks one space after `function` and after each comma (what Julia
  prints): a `FuncHead`;

and builds exactly the objects Lark's `SyntaxBuilder` callbacks build for
them (same nodes, positions, 1-based columns).  If any line is anything
else it returns None and the caller parses all of them with Lark, as
before: this module only ever takes lines whose reading is certain.
`tests/syntax/test_plain_lines.py` compares it with Lark on every sample
and on generated variants.
"""
from __future__ import annotations

import re

from irc.syntax import tree as S
from irc.syntax.fastpath import _NOT_TARGETS
from irc.syntax.lines import EndLine, FuncHead, int_kind, slot_from_text

_NAME = r"[A-Za-z_][A-Za-z_0-9!]*"
_HEADER = re.compile(rf"function ({_NAME}(?:\.{_NAME})*)\((.*)\)\r?")
_END = re.compile(r"[ \t]*end[ \t]*\r?")
_COMMENT = re.compile(r"[ \t]*(?:#+(?:[ \t][^\n]*)?)?\r?")  # Lark's COMMENT: `#`s then a blank (`#x` may be a name)
_TOKEN = re.compile(rf"({_NAME})|(\d+)|(, |::|[{{}},.])")
# names Lark reads as something else than a plain name here: the fast path's keywords and literals
# (`fastpath._NOT_TARGETS`), and the words of `goto … if not` and `%new(`
_NOT_NAMES = _NOT_TARGETS | {"if", "not", "new"}


class _Refuse(Exception):
    """Not a line this module reads: Lark reads it."""


def plain_lines(text: str, spans: list[tuple[int, int]] | None) -> list | None:
    """The line objects of the lines `spans` hold in `text` (the text the
    fast path left for Lark, see `fastpath.blanked`), or None if any line is
    not one of the forms above."""
    if spans is None:
        return None
    out: list = []
    for a, b in spans:
        line = text.count("\n", 0, a) + 1
        for raw in text[a:b].split("\n"):
            obj = _read(raw, line)
            if obj is False:
                return None
            if obj is not None:
                out.append(obj)
            line += 1
    return out


def _read(raw: str, line: int):
    """The object of one line, None for a blank or comment line, False to refuse."""
    if _COMMENT.fullmatch(raw):
        return None
    m = _END.fullmatch(raw)
    if m is not None:
        return EndLine(line, raw.index("e") + 1)
    m = _HEADER.fullmatch(raw)
    if m is None:
        return False
    try:
        name = _name(m.group(1), line, m.start(1) + 1)
        params = _params(m.group(2), line, m.start(2) + 1)
    except _Refuse:
        return False
    return FuncHead(name, params, [], name.line, 1)


def _name(text: str, line: int, col: int) -> S.Name:
    parts = tuple(text.split("."))
    if any(p in _NOT_NAMES for p in parts):
        raise _Refuse
    if len(parts) == 1:
        node = slot_from_text(text, line, col)
        if type(node) is not S.Name:  # `_2`: a slot reference (its own rules)
            raise _Refuse
        return node
    return S.Name(parts, line, col)


def _tokens(text: str, col: int) -> list[tuple[str, str, int]]:
    """(kind, text, column) for NAME, INT and punctuation; anything else refuses."""
    out = []
    pos = 0
    while pos < len(text):
        m = _TOKEN.match(text, pos)
        if m is None:
            raise _Refuse
        kind = "NAME" if m.group(1) else "INT" if m.group(2) else m.group(3)
        out.append((kind, m.group(), col + pos))
        pos = m.end()
    out.append(("EOL", "", col + pos))
    return out


def _params(text: str, line: int, col: int) -> list[S.ArgDecl]:
    if text == "":
        return []
    toks = _tokens(text, col)
    k = 0
    params = []
    while True:
        kind, word, c = toks[k]
        if kind != "NAME" or word in _NOT_NAMES or type(slot_from_text(word, line, c)) is not S.Name:
            raise _Refuse
        k += 1
        typ = None
        if toks[k][0] == "::":
            typ, k = _type(toks, k + 1, line)
        params.append(S.ArgDecl(word, typ, False, line, c))
        if toks[k][0] == "EOL":
            return params
        if toks[k][0] != ", ":
            raise _Refuse
        k += 1


def _type(toks: list, k: int, line: int):
    """A type `A.B{P, …}` from token k: (node, next k)."""
    kind, word, c = toks[k]
    if kind == "INT":
        if len(word) > 1 and word[0] == "0":
            raise _Refuse
        v = int(word)
        return S.Lit(v, int_kind(v), word, line, c), k + 1
    if kind != "NAME":
        raise _Refuse
    parts = [word]
    k += 1
    while toks[k][0] == "." and toks[k + 1][0] == "NAME":
        parts.append(toks[k + 1][1])
        k += 2
    head = _name(".".join(parts), line, c)
    if toks[k][0] != "{":
        return head, k
    params = []
    k += 1
    if toks[k][0] == "}":  # `Tuple{}`
        return S.Curly(head, params, head.line, head.col), k + 1
    while True:
        p, k = _type(toks, k, line)
        params.append(p)
        if toks[k][0] == "}":
            return S.Curly(head, params, head.line, head.col), k + 1
        if toks[k][0] != ", ":
            raise _Refuse
        k += 1
