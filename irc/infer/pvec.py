"""Persistent vectors: fixed-length tables whose versions share structure.

A table of `n` cells is a tree of Python lists: leaves hold up to 32 cells,
each inner node up to 32 children, `depth` levels in all (the least depth
with 32**depth >= n; one level, a single leaf, for n <= 32).  Cell `i`
lives in leaf `i >> 5`, at position `i & 31`; the leaf's position in its
parent is `(i >> 5) & 31`, and so on up to the root (Bagwell's array-mapped
trie, as in Clojure's persistent vectors, without the tail).

Invariant (what makes versions safe to share): **a node reachable from a
published root is never mutated**.  `assign` copies the leaves it changes
and every node on their paths to the root (path copying) and returns a new
root; every other node is shared, by reference, with the old version.  So
a version that changes `k` cells costs O(k * depth * 32) new cells at worst
and usually far less (changes in one leaf share its copy).

Consequences the state store relies on (`irc.infer.stores.SharedStore`):

- two versions derived from a common one differ only inside nodes that are
  not the same object, so `diff(a, b)` walks only those (identity tests on
  the way down: a shared subtree is skipped whole) and costs
  O(cells that may differ * depth), not O(n);
- `diff` reports every position whose cells are not the *same object*: a
  superset of the positions whose values differ, never a subset.

Every function takes a `Shape` (n, depth, shifts), built once per table size.
"""
from __future__ import annotations

import sys
from itertools import chain

BITS = 5
WIDTH = 1 << BITS
MASK = WIDTH - 1


class Shape:
    """Size and depth of the tables of one function (all versions share it)."""

    __slots__ = ("n", "depth", "shifts")

    def __init__(self, n: int):
        depth, cap = 1, WIDTH
        while cap < n:
            cap <<= BITS
            depth += 1
        self.n = n
        self.depth = depth
        self.shifts = tuple(range(BITS * (depth - 1), -1, -BITS))  # root first

    # ------------------------------------------------------------ building and reading

    def build(self, flat: list) -> list:
        """A fresh version holding `flat` (n cells)."""
        assert len(flat) == self.n
        level = [flat[i:i + WIDTH] for i in range(0, self.n, WIDTH)] or [[]]
        for _ in range(self.depth - 1):
            level = [level[i:i + WIDTH] for i in range(0, len(level), WIDTH)]
        return level[0]

    def get(self, root: list, i: int):
        node = root
        for sh in self.shifts:
            node = node[(i >> sh) & MASK]
        return node

    def flatten(self, root: list) -> list:
        level = [root]
        for _ in range(self.depth - 1):
            level = list(chain.from_iterable(level))
        return list(chain.from_iterable(level))

    def _node(self, root: list, level: int, k: int) -> list:
        """The node number k of `level` (0: leaves) in version `root`."""
        node = root
        for l in range(self.depth - 1, level, -1):
            node = node[(k >> (BITS * (l - 1 - level))) & MASK]
        return node

    # ------------------------------------------------------------ versions

    def assign(self, root: list, changes: dict) -> list:
        """A new version: `root` with cell i set to v for every i: v in changes
        (copies the changed leaves and their paths; shares everything else)."""
        if not changes:
            return root
        level: dict[int, list] = {}
        get = level.get
        node_at = self._node
        for i, v in changes.items():
            k = i >> BITS
            leaf = get(k)
            if leaf is None:
                leaf = level[k] = node_at(root, 0, k)[:]
            leaf[i & MASK] = v
        for lv in range(1, self.depth):
            up: dict[int, list] = {}
            for k, node in level.items():
                pk = k >> BITS
                parent = up.get(pk)
                if parent is None:
                    parent = up[pk] = node_at(root, lv, pk)[:]
                parent[k & MASK] = node
            level = up
        return level[0]

    def diff(self, a: list, b: list) -> list[tuple[int, object, object]]:
        """`(i, a[i], b[i])` for every position whose cells are not the same
        object (any order); subtrees shared by `a` and `b` are skipped."""
        out: list = []
        if a is b:
            return out
        stack = [(a, b, 0, self.depth - 1)]
        pop, push = stack.pop, stack.append
        append = out.append
        while stack:
            x, y, k, lv = pop()
            base = k << BITS
            if lv == 0:
                for p, u, v in zip(range(WIDTH), x, y):
                    if u is not v:
                        append((base | p, u, v))
            else:
                for p, cx, cy in zip(range(WIDTH), x, y):
                    if cx is not cy:
                        push((cx, cy, base | p, lv - 1))
        return out

    # ------------------------------------------------------------ accounting

    def count(self, roots, skip_first: bool = False) -> tuple[int, int]:
        """(cells, bytes) of the distinct nodes reachable from `roots` (a node
        shared by several versions counts once).  `skip_first`: cell 0 of
        each distinct leaf holding it is not counted (tables indexed from 1)."""
        seen: set[int] = set()
        cells = size = 0
        stack = [(r, self.depth - 1, True) for r in roots if r is not None]
        while stack:
            node, lv, first = stack.pop()
            if id(node) in seen:
                continue
            seen.add(id(node))
            size += sys.getsizeof(node)
            if lv:
                cells += len(node)
                stack.extend((c, lv - 1, first and p == 0) for p, c in enumerate(node))
            else:
                cells += len(node) - (1 if skip_first and first else 0)
        return cells, size
