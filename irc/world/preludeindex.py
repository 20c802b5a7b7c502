"""The shipped prelude for the lazy world: its declarations grouped per function.

A lazy world (`World.build(…, lazy=True)`) evaluates a prelude function's
method declarations only when a call needs them, so it does not need their
syntax trees either: unpickling the ~780 parsed declarations costs more
than building the rest of the world.  `prelude_index(text, path)` returns

- `items`: the prelude's items that are not method declarations (types),
- `names`: the name (`S.Name.parts`) of every method declaration, in order,
- `blobs`: function (`Base.+`) -> its declarations, in order, as one pickle
  (`pickle.loads` gives the tuple of `S.MethodDecl`s; `World._force`).

It is cached on disk beside the parse cache (`irc.syntax.cache`: the same
private directory, the same key -- text, path, Python and irc versions, the
parser's sources -- and this module's own source, as `index-<key>-<hash>.pickle`), written atomically and pruned
to the `MAX_ENTRIES` newest; on a miss or any failure it is made from the
parsed items (`irc.syntax.cache.parse_items`), so the cache changes speed,
never results.  tests/cli/test_lazy_prelude_world.py checks a world built
from it against the eager one.
"""
from __future__ import annotations

import functools
import pickle

from irc.syntax import tree as S
from irc.syntax import cache as C

MAX_ENTRIES = 8
PREFIX = "index-"


def build_index(items) -> tuple:
    """`(items, names, blobs)` (module doc) from a prelude's parsed items."""
    other = []
    names = []
    groups: dict[str, list] = {}
    for it in items:
        if not isinstance(it, S.MethodDecl):
            other.append(it)
            continue
        parts = tuple(it.name.parts)
        if it.params is not None:  # `declare Base.Ref{T}(…)`: the constructor of instances, its own list `Base.Ref{}`
            parts = parts[:-1] + (parts[-1] + "{}",)
        elif it.callable is not None:  # `declare (::T)(…)`: a method of T's instances, its own list `T()`
            parts = parts[:-1] + (parts[-1] + "()",)
        names.append(parts)
        q = ".".join(("Main",) + parts if len(parts) == 1 else parts)
        groups.setdefault(q, []).append(it)
    blobs = {q: pickle.dumps(tuple(its), protocol=pickle.HIGHEST_PROTOCOL) for q, its in groups.items()}
    return tuple(other), tuple(names), blobs


@functools.lru_cache(maxsize=4)
def prelude_index(text: str, path: str) -> tuple:
    """The index of prelude `text` (module doc), from the cache when it has it
    (once per process: it is never mutated)."""
    d = C.cache_dir()
    f = None
    if d is not None:
        f = d / f"{PREFIX}{C._key(text, path)}-{_own_fingerprint()}.pickle"
        try:
            with open(f, "rb") as fh:
                index = pickle.load(fh)
            if type(index) is tuple and len(index) == 3:
                return index
        except Exception:  # noqa: BLE001 - missing, stale or corrupt entry: made again
            pass
    index = build_index(C.parse_items(text, path))
    if f is not None:
        _store(f, index)
    return index


@functools.lru_cache(maxsize=1)
def _own_fingerprint() -> str:
    """A hash of this module's source: how an index is grouped is part of its cache key."""
    import hashlib
    from pathlib import Path

    return hashlib.sha256(Path(__file__).read_bytes()).hexdigest()[:12]


def _store(f, index: tuple) -> None:
    C.store_pickle(f, index, PREFIX, MAX_ENTRIES)
