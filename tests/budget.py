"""How much of each test family the default command runs, and what `--exhaustive` adds.

Two knobs, both documented in docs/testing.md:

- `examples(n)`: the number of generated programs (hypothesis examples) a property test asks
  for.  `n` is the count of the `ci`/`exhaustive` profiles (the counts this suite always had);
  the `dev` profile, loaded by the default command, scales it by its `max_examples` over
  hypothesis's default of 100, never below `MIN_EXAMPLES`.  So each property still runs in
  the default command, on fewer programs.
- `thin(values, every)`: parameters for `pytest.mark.parametrize` (a tuple is one case of several
  arguments) where one value in `every`
  runs by default and the others carry the registered `exhaustive` marker (deselected by
  pyproject's `-m "not exhaustive"`, selected again by `--exhaustive`).  Which values stay is
  decided by a hash of each value's id, not by its position, so a new input does not
  reshuffle the others and a representative part of every folder stays in the default run.

- `spread(values, variants, every=, always=)`: the cross product of inputs and variants (stores, modes) as
  parameters, where each input runs by default in one variant (by hash of its id, so every
  variant is exercised on about an equal share of the inputs) and in the others under
  `exhaustive`.  Every input still runs by default (with `every`, one in `every` of those
  `always` does not keep); every variant still runs by default.

Invariant: no helper drops a case; the exhaustive run sees exactly the cases and counts
the suite had before this module existed.
"""
from __future__ import annotations

import math
import zlib
from collections.abc import Callable, Iterable
from typing import Any

import pytest
from hypothesis import settings

EXHAUSTIVE = pytest.mark.exhaustive
MIN_EXAMPLES = 5
FULL_EXAMPLES = 100  # hypothesis's default max_examples, the `ci` profile's


def examples(n: int) -> int:
    """`n` generated programs under the `ci`/`exhaustive` profiles, a share of them under `dev`."""
    scale = settings.default.max_examples / FULL_EXAMPLES
    return n if scale >= 1 else min(n, max(MIN_EXAMPLES, math.ceil(n * scale)))


def kept(ident: str, every: int) -> bool:
    """Whether the case named `ident` runs in the default command (one in `every`, by hash)."""
    return every <= 1 or zlib.crc32(ident.encode()) % every == 0


def thin(values: Iterable[Any], every: int, ids: Callable[[Any], str] = str,
         always: Callable[[Any], bool] = lambda v: False) -> list:
    """`values` as parameters, all but one in `every` (by hash of the id) marked `exhaustive`,
    except those `always` keeps in the default run."""
    return [pytest.param(*(v if isinstance(v, tuple) else (v,)), id=ids(v),
                         marks=() if always(v) or kept(ids(v), every) else EXHAUSTIVE) for v in values]


def not_real(path: Any) -> bool:
    """Whether `path` is outside samples/real/ (the real pastes, a corpus of hundreds: thinned)."""
    return "/samples/real/" not in str(path).replace("\\", "/")


def spread(values: Iterable[Any], variants: Iterable[Any], ids: Callable[[Any], str] = str,
           every: int = 1, always: Callable[[Any], bool] = lambda v: True) -> list:
    """Cases `(value, variant)` (a tuple value: `(*value, variant)`): each value by default in one
    variant (by hash), in the rest under exhaustive; with `every` > 1, a value `always` does not
    keep runs by default only if `kept` (one in `every`), else in no variant but under exhaustive."""
    variants = list(variants)
    out = []
    for v in values:
        pick = zlib.crc32(ids(v).encode()) % len(variants)
        if not (always(v) or kept(ids(v), every)):
            pick = -1
        args = v if isinstance(v, tuple) else (v,)
        out += [pytest.param(*args, w, id=f"{ids(v)}-{_name(w)}", marks=() if k == pick else EXHAUSTIVE)
                for k, w in enumerate(variants)]
    return out


def _name(variant: Any) -> str:
    return "-".join(map(str, variant)) if isinstance(variant, tuple) else str(variant)
