"""`InferenceResult.state_reader()` (one replay per block while statements are asked in order,
what the printer and `--check` use for typed slot reads) gives exactly `replayed_state_before`
for every statement, in every store, in order, repeated, and out of order."""
from __future__ import annotations

import random

import pytest

from budget import spread
from conftest import sample_files

from irc.cli.driver import Options, analyse
from irc.infer.stores import STORES


def _as_dict(table):
    return table.to_dict() if hasattr(table, "to_dict") else table  # (an Overlay, or None / a dict)


@pytest.mark.parametrize("path, store", spread(sample_files(), STORES, ids=lambda p: p.stem))
def test_state_reader_equals_replay(path, store):
    res = analyse(str(path), path.read_text(encoding="utf-8"), Options(store=store))
    assert not res.errors
    for fn, r in res.results:
        n = len(fn.stmts)
        want = [None] + [r.replayed_state_before(i) for i in range(1, n + 1)]
        before = r.state_reader()
        for i in range(1, n + 1):  # in order, each asked twice
            assert _as_dict(before(i)) == want[i], i
            assert _as_dict(before(i)) == want[i], i
        order = list(range(1, n + 1))
        random.Random(n).shuffle(order)
        before = r.state_reader()
        for i in order:  # out of order: replays again, same answers
            assert _as_dict(before(i)) == want[i], i
        with pytest.raises(IndexError):
            before(n + 1)
