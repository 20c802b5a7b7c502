"""A large body printed by two processes: the last 45 % of its runs in a forked child.

Algorithm.  `split_pieces(make, n)` takes `text.body_pieces_maker`'s
`make(part)` (everything the lines need is computed before the fork, so the
child shares it copy-on-write) and the body's number of statements `n`:

1. fork (`irc.forking.start`); the child makes the pieces of the runs
   that begin at statement `mid = 11 n / 20 + 1` or later (45 % of the
   lines: a line of the second part costs it more, as it joins and encodes
   them too; `irc infer`'s print phase on W1 measured slower at 52.5/47.5
   and at 60/40), joins them into whole lines (each ending in its
   newline), encodes them as UTF-8 and sends them back: the line count
   (8 bytes, little-endian), then the bytes;
2. meanwhile the parent yields the pieces of the runs that begin before
   `mid`;
3. the parent then reads the child's bytes and yields them as one piece
   `(bytes, lines)`; if anything went wrong (no fork, the child failed,
   fewer bytes than announced) it makes the second part itself.

Invariants.  The two parts are `stmtlines.iter_tail_runs`' runs for a
partition of the statements, cut where the whole body's runs are cut, so
their lines in order are the whole body's lines: the output is the same
bytes with and without a second process (tests/output/test_forked.py).
A generator closed early kills and reaps its child.  Forking is declined
where `irc.forking.can_fork` says it is unsafe or useless.
"""
from __future__ import annotations

from typing import Callable, Iterator

from irc.forking import Child, can_fork, start

FORK_MIN = 50_000  # statements: `irc infer`, running its inputs in-process, prints a longer body with two processes
Part = tuple[int, int] | None
Pieces = Iterator[tuple[str, int]]


def split_pieces(make: Callable[[Part], Pieces], n: int, fork: bool | None = None) -> Iterator[tuple[str | bytes, int]]:
    """`make(None)`'s pieces, the runs from statement `mid` on as one
    `(bytes, lines)` piece made by a forked child (see the module doc).
    `fork`: None asks `can_fork()`; True forks wherever `os.fork` exists
    (tests); False never."""
    mid = n * 11 // 20 + 1  # (the child's part costs more a line: longer numbers, and it joins and encodes)
    first, second = (0, mid), (mid, n + 2)
    if fork is None:
        fork = can_fork()
    child = _start(make, second) if fork else None
    if child is None:
        yield from make(None)
        return
    done = False
    try:
        yield from make(first)
        data = child.receive()
        done = True
    finally:
        if not done:  # closed early or failed: the child is no longer wanted
            child.discard()
    if data is None:  # the child failed: the second part here
        yield from make(second)
    else:
        yield data[8:], int.from_bytes(data[:8], "little")


def _start(make: Callable[[Part], Pieces], part: Part) -> Child | None:
    """Fork a child that sends `make(part)`'s lines (the line count, 8 bytes, then the lines)."""

    def work() -> bytes:
        texts, lines = [], 0
        for text, k in make(part):
            if k:
                texts.append(text)
                lines += k
        texts.append("")  # the last line's newline
        return lines.to_bytes(8, "little") + ("\n".join(texts).encode() if lines else b"")

    return start(work)
