"""`Ragged`: one short list per statement, stored flat.

A million statements with one or two operands each would be a million
small Python lists (56 bytes plus 8 per slot of spare capacity each, and a
pass of the allocator per list); here they are one list of items and one
`array('q')` of offsets: 8 bytes per item and 8 per statement.

Invariant: `start` is non-decreasing, `len(start) == len(self) + 1`, and
the items of entry `i` are `values[start[i]:start[i + 1]]`.  `r[i]` builds
that slice (a fresh list: readers may keep it); iteration yields the
entries in order; equality compares the entries with any sequence of
sequences (so `Ragged == [[…], […]]` holds when the contents agree).
Read-only once built (nothing here mutates it).

`Ragged.of_counts(values, counts)` takes the entries' lengths instead (one
byte each, `counts[i]` for entry i): `start` is their running sum, made on
its first use -- a reader of `values` alone (most, on a large function)
never pays for a million offsets.
"""
from __future__ import annotations

from array import array
from itertools import accumulate, islice


class Ragged:
    __slots__ = ("values", "_start", "_counts")
    __hash__ = None  # compared by value

    def __init__(self, values: list, start: array):
        self.values = values
        self._start = start
        self._counts = None

    @classmethod
    def of_counts(cls, values: list, counts: bytes | bytearray) -> "Ragged":
        """The entries of lengths `counts` (one byte each), in order, flat in `values`."""
        r = cls.__new__(cls)
        r.values = values
        r._start = None
        r._counts = counts
        return r

    @property
    def start(self) -> array:
        s = self._start
        if s is None:
            s = self._start = array("q", accumulate(self._counts, initial=0))
            self._counts = None
        return s

    def __len__(self) -> int:
        c = self._counts
        return len(c) if c is not None else len(self._start) - 1

    def __getitem__(self, i: int) -> list:
        s = self._start
        if s is None:
            s = self.start
        if i < 0:
            i += len(s) - 1
        if not 0 <= i < len(s) - 1:
            raise IndexError(i)
        return self.values[s[i]:s[i + 1]]

    def __iter__(self):
        s = self.start
        return map(self.values.__getitem__, map(slice, s, islice(s, 1, None)))

    def __eq__(self, other) -> bool:
        if isinstance(other, Ragged):
            return self.start == other.start and self.values == other.values
        try:
            if len(other) != len(self):
                return False
            return all(list(a) == list(b) for a, b in zip(self, other))
        except TypeError:
            return NotImplemented

    def __repr__(self) -> str:
        return f"Ragged({[list(x) for x in self]!r})"
