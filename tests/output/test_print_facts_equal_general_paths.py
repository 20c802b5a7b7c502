"""The printer's fast paths for `used_ssa` (a C-level gather of inference's
per-statement `%n` lists) and `reached_live_in` (the engine's `live_in` when
every statement is reached and the printed edges are the CFG's) give exactly
what the general walks give, on every sample and conformance input, in the
block, live and shared stores (by default each input in one of them, chosen by
hash; all three under `--exhaustive`)."""
from __future__ import annotations

from conftest import CONFORMANCE, sample_files
import os

import pytest

from budget import spread
from irc.output import text as printer
from irc.cli.driver import analyse

INPUTS = [str(p) for p in sample_files() + sorted(CONFORMANCE.glob("*/*.ir"))]


def _general(r, monkeypatch):
    saved = r.stmt_ssas
    r.stmt_ssas = None
    try:
        used = printer.used_ssa(r.fn, r)
    finally:
        r.stmt_ssas = saved
    with monkeypatch.context() as m:
        m.setattr(printer, "_all_reached_as_engine", lambda fn, result: False)
        live = printer.reached_live_in(r.fn, r)
    return used, live


@pytest.mark.parametrize("path,store", spread(INPUTS, ["block", "live", "shared"], ids=lambda p: os.path.basename(p)[:-3]))
def test_fast_paths_equal_the_general_walks(path, store, monkeypatch):
    from irc.cli.driver import Options

    with open(path, encoding="utf-8") as fh:
        res = analyse(path, fh.read(), Options(store=store))
    if res.errors:
        pytest.skip("the front end rejects this input")
    for fn, r in res.results:
        assert (printer.used_ssa(fn, r), printer.reached_live_in(fn, r)) == _general(r, monkeypatch)


def test_fast_path_is_taken_on_straight_code_and_not_on_dead_code():
    taken = {}
    for path in INPUTS:
        with open(path, encoding="utf-8") as fh:
            res = analyse(path, fh.read())
        for fn, r in res.results:
            taken.setdefault(printer._all_reached_as_engine(fn, r), 0)
            taken[printer._all_reached_as_engine(fn, r)] += 1
    assert taken.get(True) and taken.get(False)
