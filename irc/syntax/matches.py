"""Body lines kept as their regex match: the parse of a body the builder consumes next.

`split_matches(text, lines)` is `fastpath.split_fast` for the driver, which
builds the IR right after parsing and drops the syntax tree
(`build_program(..., consume=True)`).  A line `accept_re` takes is kept as
its `re.Match` object and nothing else: no record, no line object, no
Python code run for it (a slice of lines that all match is appended
whole).  The match is made on the file's text between the line's offsets
(`pattern.match(text, start, stop)`), so it holds the text, not a string
of its own.  `irc.ir.build` reads the groups and the columns from the match
as it writes the statement's row (its "Matched lines").  Every other line
is parsed as `split_fast` parses it.

`accept_re` is `shape_re` with `fastpath.accepts`' checks as lookaheads
(`fastpath.shape_pattern(guarded=True)`): a keyword where a name stands,
or a target that is no name, refuses the line.  So it matches exactly the
lines `split_fast` keeps as `MatchedLine`s, with the same groups: on a line
`accepts` takes, the lookaheads hold along `shape_re`'s own match; on a line
it declines, the refused group has no other way through the pattern (an
optional target or operand left out leaves text the rest cannot match).
tests/syntax/test_matches.py checks this on every sample line and on
keyword lines.

Windows: line k is matched on `text[starts[k]:starts[k + 1]]`, its
newline included (one array of offsets, not two): `accept_re` ends in
`$`, which matches just before a newline that ends the window as at the
window's end, and nothing else in the pattern takes a newline (no `.`, no
whitespace class outside a lookahead that refuses a non-space), so each line matches
with the same groups and spans as on the window without its newline
(tests/syntax/test_matches.py checks it on every sample line).

Line numbers: a match knows its offset (`m.pos`); `LineIndex` holds the
offsets where lines start (and where a line after the last would start)
and gives a match's line by bisection (`line`).
`LineIndex.line_object(m)` is the `MatchedLine` `split_fast` makes of the
same line, for the readers that take line objects (the assembler outside a
body, the builder's errors and rarer paths); `LineIndex.positions` matches
a line again on the same window.

Invariants: `done` is in line order, as `split_fast`'s; `numbers[k]` is the
line of `done[k]`; a match's columns count from its line's start
(`m.start(k) - m.pos`).
"""
from __future__ import annotations

import functools
import re
from array import array
from bisect import bisect_right
from itertools import accumulate, repeat

from irc.syntax.fastpath import MatchedLine, _new, _set_stmt, blanked, fast_line_parser, match_record, shape_pattern

Match = re.Match
_CHUNK = 1 << 15  # lines matched per slice (the slice's matches are appended whole when all lines match)


@functools.cache
def accept_re() -> re.Pattern:
    """`shape_re` refusing what `fastpath.accepts` refuses (see the module docstring)."""
    return re.compile(shape_pattern(guarded=True))


class LineIndex:
    """The offsets where the file's lines start (index k: line k + 1; one
    more entry: where a line after the last would start) in `text`: the line of a match (`line`), the `MatchedLine` of a match
    (`line_object`), the positions of a line's statement (`positions`)."""

    __slots__ = ("starts", "text")

    def __init__(self, starts: array, text: str):
        self.starts = starts
        self.text = text

    def positions(self, line: int) -> tuple[int, int, int, int, int, int]:
        """The positions `irc.ir.body.Body` keeps for the statement of the
        line `accept_re` takes at `line`: (col, the value's col, the
        callee's or operator's col or 0, the operands' cols or 0), as the
        builder writes them from `match_record`'s columns."""
        r = match_record(accept_re().match(self.text, self.starts[line - 1], self.starts[line]))  # (the window)
        tc, c4, c5, c6, c7, c8, c9, c10 = r[11:19]
        if c7 is not None:  # f(x, y[, z])
            vcol, fc, cs = c7, c7, (c8, c9, c10 or 0)
        else:  # a, or a op b
            vcol, fc, cs = c4, c5 or 0, (c4, c6 or 0, 0)
        return (vcol if tc is None else tc, vcol, fc, *cs)

    def line(self, m: Match) -> int:
        return bisect_right(self.starts, m.pos)

    def at(self, offset: int) -> int:
        """The line holding the text's offset `offset`."""
        return bisect_right(self.starts, offset)

    def line_of(self, obj) -> int:
        """The line of a match or of a line object."""
        return bisect_right(self.starts, obj.pos) if type(obj) is Match else obj.line

    def line_object(self, m: Match) -> MatchedLine:
        """The `MatchedLine` `split_fast` makes of the line `m` matched."""
        obj = _new(MatchedLine)
        _set_stmt(obj, match_record(m))
        obj.line = bisect_right(self.starts, m.pos)
        return obj


def split_matches(text: str, lines: list[str]) -> tuple[list, array, LineIndex, str, list]:
    """`split_fast(lines)` with the lines `accept_re` takes kept as their
    matches (`lines` is `text.split("\\n")`): the line objects and matches,
    their line numbers, the `LineIndex` of `text`, the text left for Lark
    and its spans (`fastpath.blanked`)."""
    fast = fast_line_parser()
    fast.parts.clear()  # as split_fast: per-file tables of the lines `parse_rest` builds
    fast.atoms.clear()
    fast.labels.clear()
    match = accept_re().match
    rest = fast.parse_rest
    # where each line starts, and one more entry: where a line after the last would start (one pass)
    starts = array("q", accumulate(map((1).__add__, map(len, lines)), initial=0))
    done: list = []
    numbers = array("i")
    declined: list[int] = []
    n = len(lines)
    for lo in range(0, n, _CHUNK):
        hi = min(lo + _CHUNK, n)
        ms = list(map(match, repeat(text, hi - lo), starts[lo:hi], starts[lo + 1:hi + 1]))  # (see "Windows")
        if all(ms):  # (a match object is true)
            done += ms
            numbers.extend(range(lo + 1, hi + 1))
            continue
        for k, m in enumerate(ms, lo):
            if m is None:
                m = rest(lines[k], k + 1)
                if m is None:
                    declined.append(k)
                    continue
            done.append(m)
            numbers.append(k + 1)
    fast.labels.clear()
    fast.texts.clear()
    return (done, numbers, LineIndex(starts, text), *blanked(lines, declined))
