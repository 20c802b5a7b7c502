"""The builder's first walk in two processes: a forked child walks the body's later lines.

`irc.ir.walk.BodyWalk._resolve_body` walks a body's lines in order; with
a `Split` and a body of `Split.min_lines` lines or more it forks
(`irc.forking`) before it reads any line:

* the **parent** first lists the locals its own lines (0 .. h - 1, `h`
  `SHARE` of the lines) will number, in order (`locals_before`: the
  bare names they assign first; read before the fork, as the child would
  otherwise copy every page of those lines' matches);
* the **child** takes those locals as numbered (the same ids the parent
  will give them) and walks the lines from `h` to the end, exactly as the
  one-process walk would, rows and objects alike.  A label of the parent's
  lines it reads is looked up lazily (`lazy_labels`): `%N` is taken to be
  statement N when line N carries label N, and recorded.  It sends back
  what its lines made (`child_part` -> `Part`): the body's columns (a
  column of zeros as nothing), its statements kept as objects, and every
  table entry (names and literals interned, names first read as globals,
  locals first assigned, labels, block headers, pinned slots, errors,
  terminators, misses, the lines made as objects);
* meanwhile the parent walks its own lines, then applies the child's part
  (`apply`) after them, or walks the child's lines itself if the part
  cannot be applied or none came.

**Why the result is the one-process walk's.**  A line's effect on the
walk depends on the tables only through the slot names (a bare name is a
slot once a line assigned it), the label map, the first reads and pinned
references recorded so far, and the indexes the body interns names and
literals at.  `apply` checks what the child assumed and corrects the rest:

- the parent's locals are the ones the child took (`assumed_locals`
  equals the names of the parent's `_Walk.order`), so every slot id the
  child used is the parent's; its own locals are numbered again in its
  order (`new_local`, as the walk does) and get the same ids;
- every label the child took as its line's own number is so in the
  parent's label map (no earlier line repeats it), no label the child met
  missing is in the parent's map, and no label of the child's lines is one
  of the parent's (the one-process walk's duplicate: the child declines
  when its own lines repeat one);
- the names and literals the child interned are interned again in the
  child's order after the parent's (an entry the parent has keeps the
  parent's index and position), and the child's tags are rewritten through
  that map (`SSA` and slot tags are unchanged); a name's or literal's tag
  is found by its low byte, in C, so only the columns and rows holding one
  are rewritten;
- first reads, block headers and pinned references are added after the
  parent's in the child's order, an entry the parent has winning (a pinned
  slot: the first named reference wins over an unnamed one, as in the
  walk); errors, terminators and misses follow the parent's.

Labels the child met are kept beside the label map (`_Walk.later_labels`)
and added to it only when something reads it (`_Walk.labels`: a second
walk, a duplicate's error, a missing label's check).  While the child
lives the parent drops no line (a freed line would copy its page); it
drops them after the walk as the one-process walk would have (all but
those made as objects, a match among them packed as the walk packs it).
The split walk and the one-process walk give equal functions: slots,
statements, the columns as written, interned tables, blocks, diagnostics
(tests/ir/test_split_build.py).
"""
from __future__ import annotations

import pickle
import re
import sys
from array import array
from dataclasses import dataclass
from itertools import repeat

from irc.ir.body import LIT_TAG, NAME_TAG

SHARE = 0.58  # of the lines walked by the parent (the child also sends its part; the parent then applies it)
MIN_LINES = 250_000  # `irc infer`, running its inputs in-process, splits the walk of a longer body (200k: no gain)

_Match = re.Match
_COLUMNS = ("slot", "label", "line", "col", "vcol", "f", "fc", "a0", "a1", "a2", "c0", "c1", "c2")
_TAG_COLUMNS = ("f", "a0", "a1", "a2")
_LOW = 0 if sys.byteorder == "little" else 7  # the byte of an `array("q")` item that holds its lowest bits
_NAME_OR_LIT = bytes(int(b & 2 != 0) for b in range(256))  # a tag's low byte -> 1 for NAME_TAG / LIT_TAG


@dataclass(frozen=True, slots=True)
class Split:
    """When and where to split the first walk of a body.

    `min_lines`: bodies of at least this many lines are split; `at`: the
    first line (0-based) the child walks (None: `SHARE` of the lines); `fork`:
    None forks where `irc.forking.can_fork` allows, True wherever `os.fork`
    exists (tests)."""

    min_lines: int = MIN_LINES
    at: int | None = None
    fork: bool | None = None

    def point(self, n: int) -> int | None:
        """The child's first line for a body of `n` lines, or None: no split."""
        if n < max(self.min_lines, 2):
            return None
        h = self.at if self.at is not None else int(n * SHARE)
        return h if 0 < h < n else None


@dataclass(slots=True)
class Part:
    """What the child's lines made (lines `start` .. the end, 0-based), and what it assumed."""

    start: int
    assumed_locals: list[str]  # the locals the child took the parent's lines to number, in order
    assumed_labels: list[int]  # the labels of the parent's lines the child took as numbered as written
    columns: dict[str, tuple[int, int] | None]  # column -> (offset, length) of its bytes after the header; None: zeros
    trees: dict[int, object]  # the body's statements kept as objects, by index in the child's body
    names: list[tuple]  # (parts, line, col) interned, in order
    lits: list  # the `Lit` nodes interned, in order
    unknown: list[tuple[str, tuple]]  # names first read as globals -> (stmt index, line, col)
    locals: list[tuple]  # (name, line, col, stmt index, the child's slot id) of its first assignments
    labels: tuple[int, int] | None  # (offset, count) of the labels' and then their stmt indexes' bytes (array q)
    headers: list[tuple[int, int, object]]  # (stmt index, header number, the line if not a match)
    by_number: list[tuple[int, int]]  # (header number, stmt index), in order
    pinned: dict[int, tuple]  # as `_Walk.pinned`
    errors: list[tuple]
    controls: list[int]
    ssa_misses: list[int]
    slot_misses: list[int]
    others: list[int]  # the lines (0-based) made as objects (a one-process walk keeps them: `Consumed lines`)


def locals_before(lines: list, h: int, by_name: dict, target_of) -> list[str]:
    """The locals a walk numbers in lines 0 .. h - 1: the bare names they
    assign that `by_name` lacks, in order of first assignment
    (`target_of(line)`: its bare target name, or anything else)."""
    head = lines[:h]
    try:
        targets = list(map(_Match.group, head, repeat(3)))  # every line a match (the driver's parse)
    except TypeError:
        targets = [t if type(t) is str else None for t in map(target_of, head)]
    return [nm for nm in dict.fromkeys(targets) if nm is not None and nm not in by_name]


def lazy_labels(get, lines: list, h: int, assumed: list):
    """The child's `ssa.get`: a label of the parent's lines (1 .. h) is
    taken to map to itself when its line carries it (`assumed` records it
    for `apply` to check: only if no earlier line repeats it is it so);
    any other label the child has not met is missing (the walk records it
    in `ssa_misses`, which `apply` checks against the parent's labels)."""

    def lookup(n):
        v = get(n)
        if v is None and 0 < n <= h:
            bl = lines[n - 1]
            if type(bl) is _Match:
                g = bl.group(2)
                lab = int(g) if g is not None else None
            else:
                lab = bl.label
            if lab == n:
                assumed.append(n)
                return n
        return v

    return lookup


def child_part(walk, body, start: int, assumed_locals: list[str], assumed_labels: list[int],
               others: list[int]) -> list[bytes] | None:
    """The child's `Part` as the pieces to send (the size of the pickled
    `Part`, the `Part`, then the columns' bytes); None (decline) if a label
    repeats (the walk's `duplicates`: left to the parent).  `others`: the
    lines (0-based) the child made as objects."""
    if walk.duplicates:
        return None
    by_name, first = walk.by_name, walk.first_target
    chunks = [bytes(body.shape)]
    columns: dict[str, tuple[int, int] | None] = {}
    offset = len(chunks[0])
    for c in _COLUMNS:
        raw = getattr(body, c).tobytes()
        if raw.count(0) == len(raw):  # (a column of positions a match's row leaves to `Body.fill`)
            columns[c] = None
        else:
            chunks.append(raw)
            columns[c] = (offset, len(raw))
            offset += len(raw)
    ssa = walk.ssa
    if ssa:
        labels = (offset, len(ssa))
        chunks += [array("q", ssa.keys()).tobytes(), array("q", ssa.values()).tobytes()]
    else:
        labels = None
    part = Part(
        start=start, assumed_locals=assumed_locals, assumed_labels=assumed_labels, columns=columns,
        trees=body.trees, names=[(nm.parts, nm.line, nm.col) for nm in body.names], lits=body.lits,
        unknown=list(walk.unknown.items()),
        locals=[(nm, line, col, first[nm], by_name[nm]) for nm, line, col in walk.order],
        labels=labels, headers=[(i, h, None if type(bl) is _Match else bl) for i, (h, bl) in walk.headers.items()],
        by_number=list(walk.by_number.items()), pinned=walk.pinned, errors=walk.errors, controls=walk.controls,
        ssa_misses=walk.ssa_misses, slot_misses=walk.slot_misses, others=others)
    head = pickle.dumps(part, protocol=pickle.HIGHEST_PROTOCOL)
    return [len(head).to_bytes(8, "little"), head, *chunks]


def apply(data: bytes, walk, body, lines: list, add_local, index) -> list[int] | None:
    """Add the child's part (`child_part`'s pieces, received as one) to the
    parent's walk and body after the parent's own lines: the lines the child
    made as objects, or None if the part cannot be applied (then nothing was
    changed).  `add_local(name, line, col, here)` numbers a new local as the
    walk does on its first assignment, returning its id; `index` is the
    source's `LineIndex` (a header's line object from its match)."""
    size = int.from_bytes(data[:8], "little")
    part: Part = pickle.loads(data[8:8 + size])
    view = memoryview(data)[8 + size:]
    labs, idx = array("q"), array("q")
    if part.labels is not None:
        at, k = part.labels
        labs.frombytes(view[at:at + 8 * k])
        idx.frombytes(view[at + 8 * k:at + 16 * k])
    ssa = walk.labels()
    if len(body.shape) != part.start or [nm for nm, _, _ in walk.order] != part.assumed_locals \
            or any(ssa.get(n) != n for n in part.assumed_labels) or not ssa.keys().isdisjoint(labs) \
            or any(n in ssa for n in part.ssa_misses):
        return None
    n = len(lines) - part.start  # the child's statements
    if any(where is not None and where[1] != n * getattr(body, c).itemsize for c, where in part.columns.items()) \
            or min((where[0] for where in part.columns.values() if where is not None), default=n) != n:
        return None
    tags: dict[int, int] = {}
    for k, (parts, line, col) in enumerate(part.names):
        tags[k << 2 | NAME_TAG] = body.name_tag(parts, line, col)
    for k, lit in enumerate(part.lits):
        tags[k << 2 | LIT_TAG] = body.lit_tag(lit)
    unknown = walk.unknown
    for nm, rec in part.unknown:
        if nm not in unknown:
            unknown[nm] = rec
    for nm, line, col, here, csid in part.locals:  # numbered as the child did: after the same locals
        if add_local(nm, line, col, here) != csid:
            raise AssertionError(f"local {nm!r} numbered apart from the child")  # pragma: no cover
    walk.later_labels = (labs, idx)  # (added to the label map only if read: `_Walk.labels`)
    for i, h, bl in part.headers:
        walk.headers[i] = (h, index.line_object(lines[i - 1]) if bl is None else bl)
    for h, i in part.by_number:
        walk.by_number.setdefault(h, i)
    pinned = walk.pinned
    for sid, rec in part.pinned.items():  # the first explicit reference, the first named one if any
        old = pinned.get(sid)
        if old is None or (old[0] is None and rec[0]):
            pinned[sid] = rec
    walk.errors += part.errors
    walk.controls += part.controls
    walk.ssa_misses += part.ssa_misses
    walk.slot_misses += part.slot_misses
    start = part.start
    body.trees.update((k + start, st) for k, st in part.trees.items())
    tags = {c: t for c, t in tags.items() if c != t}
    body.shape += view[:n]
    for c in _COLUMNS:
        col = getattr(body, c)
        where = part.columns[c]
        if where is None:
            col.frombytes(bytes(n * col.itemsize))
            continue
        raw = view[where[0]:where[0] + where[1]]
        if c not in _TAG_COLUMNS or not tags:
            col.frombytes(raw)
            continue
        # a name's or a literal's tag has bit 1 set (`body`): found by each tag's low byte, in C
        marks = bytes(raw[_LOW::col.itemsize]).translate(_NAME_OR_LIT)
        count = marks.count(1)
        base = len(col)
        col.frombytes(raw)
        if count * 4 > n:  # (most rows: one pass over the column)
            got = col[base:]
            del col[base:]
            col.extend(array(col.typecode, map(tags.get, got, got)))
        elif count:
            get = tags.get
            for m in re.finditer(b"\x01", marks):
                k = base + m.start()
                col[k] = get(col[k], col[k])
    return part.others
