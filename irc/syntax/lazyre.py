"""Regular expressions compiled on first use.

`lazy(pattern, flags)` stands for `re.compile(pattern, flags)`: the first
attribute read (`.search`, `.finditer`, `.pattern`, …) compiles the pattern
and keeps that attribute on the object, so later reads are plain instance
attribute reads (no `__getattr__` call, no re-compilation).  A module whose
patterns serve only unusual inputs (REPL pastes, `code_typed` dumps, error
hints) declares them this way, so a run that never needs them does not
compile them (`re` compiles each in 0.05-0.5 ms; start-up, see
docs/performance.md).

Invariant: a `LazyPattern` behaves as its compiled pattern for every
attribute read; it is not a `re.Pattern` (pass `.search` etc., or the
object to code that only reads attributes).
"""
from __future__ import annotations

import re


class LazyPattern:
    """`re.compile(pattern, flags)`, compiled on the first attribute read."""

    def __init__(self, pattern: str, flags: int = 0) -> None:
        self._source = (pattern, flags)
        self._compiled: re.Pattern | None = None

    def __getattr__(self, name: str):
        # Only reached for attributes not yet on the instance.
        if name.startswith("__"):
            raise AttributeError(name)
        compiled = self._compiled
        if compiled is None:
            compiled = self._compiled = re.compile(*self._source)
        value = getattr(compiled, name)
        setattr(self, name, value)
        return value

    def __repr__(self) -> str:
        return f"lazy({self._source[0]!r}, {self._source[1]!r})"


def lazy(pattern: str, flags: int = 0) -> LazyPattern:
    """A pattern compiled when first used (see the module docstring)."""
    return LazyPattern(pattern, flags)
