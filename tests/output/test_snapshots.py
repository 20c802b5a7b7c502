"""Snapshot corpus: for every samples/*.ir, the text output, the JSON output and
a coloured rendering are stored under snapshots/test_snapshots/ (one plain-text
file each; re-bless with `--snapshot-update` and read the diff), and the text
output is a fixed point of `irc infer`.
"""
from __future__ import annotations

import functools
import json

import pytest

from conftest import ROOT, SNAPSHOTS, sample_files, stored_snapshots
from irc.cli.driver import analyse
from irc.output.jsondoc import document, dumps, function_json
from irc.output.text import render_program

SAMPLES = sample_files()
IDS = [p.stem for p in SAMPLES]


@functools.lru_cache(maxsize=None)  # text in, text out: test_text's output is test_fixed_point's first run
def _infer(path: str, text: str, colour: bool = False) -> str:
    res = analyse(path, text)
    assert not res.errors, [d.message for d in res.errors]
    return render_program(res.program, res.results, colour=colour)


def _rel(p) -> str:
    return f"samples/{p.name}"


@pytest.mark.parametrize("sample", SAMPLES, ids=IDS)
def test_text(sample, text_snapshot):
    assert _infer(_rel(sample), sample.read_text()) == text_snapshot


@pytest.mark.parametrize("sample", SAMPLES, ids=IDS)
def test_json(sample, text_snapshot):
    res = analyse(_rel(sample), sample.read_text())
    assert not res.errors, [d.message for d in res.errors]
    text = dumps(document([function_json(fn, r) for fn, r in res.results]))
    json.loads(text)
    assert text == text_snapshot


@pytest.mark.parametrize("sample", SAMPLES, ids=IDS)
def test_fixed_point(sample):
    once = _infer(_rel(sample), sample.read_text())
    assert _infer("again.ir", once) == once


COLOUR = [s for s in SAMPLES if s.stem in ("union_accumulator", "isa_chain_refine", "undef_one_path", "try_nested")]


@pytest.mark.parametrize("sample", COLOUR, ids=lambda s: s.stem)
def test_colour(sample, text_snapshot):
    assert _infer(_rel(sample), sample.read_text(), colour=True) == text_snapshot


def test_every_snapshot_file_belongs_to_a_test():
    """No snapshot is left behind by a removed or renamed sample.  syrupy reports an unused
    snapshot only when every collected test ran, so never in the default command (its
    `-m "not exhaustive"` deselects cases) nor in one worker of `pytest -n`: checked here."""
    want = {f"{test}[{stem}].txt" for test in ("test_text", "test_json") for stem in IDS}
    want |= {f"test_colour[{s.stem}].txt" for s in COLOUR}
    assert stored_snapshots("test_snapshots") == want


def test_every_snapshot_folder_belongs_to_a_test_module():
    modules = {p.stem for p in (ROOT / "tests").rglob("test_*.py")}
    assert {p.name for p in SNAPSHOTS.iterdir()} <= modules
