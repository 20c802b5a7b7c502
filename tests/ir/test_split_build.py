"""A body's first walk shared with a forked child (`irc.ir.split`) builds what one process builds.

Every function is built from the driver's parse (`parse_text(...,
matches=True)`), lines kept and consumed, once by one process and once
split at several lines (`Split(at=h, fork=True)`: the child walks the
lines from `h` on): name, slots, statements, the body's columns as the
walk wrote them (shapes, tags, positions, trees, interned literals and
names), blocks and diagnostics (text, location, order) must be the same --
on every sample and conformance input, the builder's corpus (generated
programs, error cases), the inputs that force the second walk, tricky
bodies and edge cases split at every line, mutants, and MTK-like programs.
The child's part must be taken where the split is exact (counted), and
declined where it cannot be (a label repeated across the split, a label
the child cannot know, a forward `%N`); a child that fails or no fork at
all gives the same function; no child or file descriptor is left behind.  (That `irc
infer` splits only when it runs its inputs in-process:
tests/output/test_forked.py, with the printer's fork.)"""
from __future__ import annotations

import os
import random
import sys
from pathlib import Path

import pytest

from budget import EXHAUSTIVE, kept, thin
from irc import forking
from irc.cli import driver
from irc.errors import IrcError
from irc.ir import split as two
from irc.ir.body import Body
from irc.output import text as printer
from irc.syntax import tree as S
from irc.syntax.parser import parse_text

from test_column_build_equals_objects import EDGES, SAMPLES_AND_CONFORMANCE, _columns, build_one
from test_one_walk_builder_equals_two_walks import CORPUS, SECOND_WALK
from test_packed_build_equals_general import TRICKY

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
import strategies as G  # noqa: E402
from mtk_programs import mtk_text  # noqa: E402


@pytest.fixture
def outcomes(monkeypatch):
    """What became of each child's part: True (applied), False (declined by `apply`), None (no part came)."""
    seen: list = []
    real_apply, real_receive = two.apply, forking.Child.receive

    def apply(*a, **k):
        theirs = real_apply(*a, **k)
        seen.append(theirs is not None)
        return theirs

    def receive(self):
        data = real_receive(self)
        if data is None:
            seen.append(None)
        return data

    monkeypatch.setattr(two, "apply", apply)
    monkeypatch.setattr(forking.Child, "receive", receive)
    return seen


def _functions(text: str, consume: bool, at: int | None) -> list | None:
    """Each function of `text` (driver's parse) built with the walk split at line `at` (None: one process)."""
    try:
        src = parse_text(text, "t.ir", matches=True)
    except IrcError:
        return None
    out = []
    for it in src.items:
        if type(it) is not S.FunctionDef:
            continue
        split = None if at is None or not 0 < at < len(it.lines) else two.Split(1, at=at, fork=True)
        fn, diags = build_one(it, text, consume, index=src.line_index, split=split)
        if fn is None:
            out.append((None, diags))
            continue
        body = fn.stmts
        assert type(body) is Body
        cols = _columns(body)  # as the walk wrote them (positions a row left to the source still 0)
        out.append(((fn.name, fn.module, fn.slots, cols, list(body.filled()), fn.blocks, fn.stmt_block), diags))
    return out


def _lengths(text: str) -> list[int]:
    try:
        src = parse_text(text, "t.ir", matches=True)
    except IrcError:
        return []
    return [len(it.lines) for it in src.items if type(it) is S.FunctionDef]


def _same(text: str, points) -> int:
    """`text` built split at each of `points(n)` (n: the longest body's lines) equals it built by one process,
    lines kept and consumed; how many splits were made."""
    lengths = _lengths(text)
    if not lengths:
        return 0
    splits = 0
    for consume in (False, True):
        whole = _functions(text, consume, None)
        for at in points(max(lengths)):
            if any(0 < at < n for n in lengths):
                assert _functions(text, consume, at) == whole, (consume, at)
                splits += 1
    return splits


def _some(n: int) -> list[int]:
    return sorted({1, n // 3, n // 2, n - 1} - {0})


def _every(n: int) -> range:
    return range(1, n)


# every third input; by default a third of those (by hash: each split forks a child)
@pytest.mark.parametrize("name,text", thin(SAMPLES_AND_CONFORMANCE[::3], 3, ids=lambda c: c[0]))
def test_split_build_equals_one_process_on_samples_and_conformance(name, text):
    _same(text, _some)


@pytest.mark.parametrize("share", [3, pytest.param(1, marks=EXHAUSTIVE)], ids=["third", "all"])
def test_split_build_equals_one_process_on_the_corpus(outcomes, share):
    """The corpus split in the middle; by default a third of it (by hash), the whole under --exhaustive
    (the counts of splits made and parts taken scale with the part)."""
    part = [(name, text) for name, text in CORPUS if kept(name, share)]
    assert sum(_same(text, lambda n: [n // 2]) for _, text in part) > 200 * len(part) // len(CORPUS)
    assert outcomes.count(True) > 150 * len(part) // len(CORPUS)


@pytest.mark.parametrize("name", sorted(SECOND_WALK))
def test_split_build_equals_one_process_when_the_second_walk_is_needed(name):
    assert _same(SECOND_WALK[name], _every) > 0


@pytest.mark.parametrize("name", sorted(TRICKY))
def test_split_build_equals_one_process_on_tricky_bodies_split_anywhere(name):
    assert _same(TRICKY[name], _every) > 0


@pytest.mark.parametrize("name", sorted(EDGES))
def test_split_build_equals_one_process_on_edge_cases_split_anywhere(name):
    assert _same(EDGES[name], _every) > 0


def test_split_build_equals_one_process_on_mutants():
    rnd = random.Random(13)
    splits = 0
    for name, text in CORPUS[::3]:
        mutant, _ = G.mutants(text, rnd, 2)
        splits += _same(mutant, lambda n: [rnd.randrange(1, n)] if n > 1 else [])
    assert splits > 30  # (a mutant that no longer parses gives none: 66 with the conformance inputs, 46 without)


@pytest.mark.parametrize("stmts,diamond_every,seed", [(3000, 0, 1), (3000, 100, 2), (800, 7, 3), (2000, 0, 4)])
def test_split_build_equals_one_process_on_mtk_programs(stmts, diamond_every, seed, outcomes):
    assert _same(mtk_text(stmts, diamond_every, seed), _some) > 0
    assert outcomes and all(outcomes)  # every part taken


F = "function f(c, u, du)\n"
DECLINED = {
    # `%2` labels a statement of the parent's lines and one of the child's: the one-process walk's duplicate
    "label_repeated_across": (F + "1 ─ %1 = c + 1\n│   %2 = f(%1, c)\n│   %3 = c * c\n│   %2 = g(%3, c)\n"
                              "└──      return %2\nend\n", 3),
    # hand-numbered labels: `%10` is no line's own number, so the child cannot know what it names
    "hand_labels_across": (F + "1 ─ %10 = c + 1\n│   %20 = f(%10, c)\n│   %30 = %20 * %10\n└──      return %30\nend\n", 2),
    # the child's line reads `%7`, the label of a statement of the parent's lines that is not statement 7
    "forward_read_of_a_parent_label": (F + "1 ─ %1 = c + 1\n│   %7 = f(%1, c)\n│   %3 = %7 * c\n└──      return %3\nend\n",
                                       2),
}


@pytest.mark.parametrize("name", sorted(DECLINED))
def test_a_part_the_split_cannot_express_is_declined_and_walked_here(name, outcomes):
    text, at = DECLINED[name]
    for consume in (False, True):
        assert _functions(text, consume, at) == _functions(text, consume, None)
    assert outcomes == [False, False]


def test_a_part_is_taken_where_labels_are_the_lines_own(outcomes):
    text = F + "1 ─ %1 = c + 1\n│   %2 = f(%1, c)\n│        x = %2\n│   %4 = x * %1\n└──      return %4\nend\n"
    for at in range(1, 5):
        assert _functions(text, True, at) == _functions(text, True, None)
    assert outcomes == [True] * 4


def test_a_failing_child_or_no_fork_gives_the_same_function(monkeypatch, outcomes):
    text = mtk_text(2000, 40, 9)

    def fails(*a, **k):
        raise RuntimeError("the child fails")

    whole = _functions(text, True, None)
    monkeypatch.setattr(two, "child_part", fails)
    assert _functions(text, True, 700) == whole
    assert outcomes == [None]
    monkeypatch.setattr(forking, "fork", lambda: None)
    assert _functions(text, True, 700) == whole
    assert outcomes == [None]  # (no child: nothing received)


def _open_fds() -> set[int]:
    return {int(k) for k in os.listdir("/proc/self/fd")} if os.path.isdir("/proc/self/fd") else set()


def test_no_child_nor_file_is_left_behind(outcomes, monkeypatch):
    text = mtk_text(3000, 0, 11)
    children = []
    real = forking.fork

    def fork():
        forked = real()
        if type(forked) is forking.Child:
            children.append(forked)
        return forked

    monkeypatch.setattr(forking, "fork", fork)
    before = _open_fds()
    for at in (500, 1500, 2500):
        _functions(text, True, at)
    assert outcomes == [True] * 3 and len(children) == 3
    for child in children:
        with pytest.raises(ChildProcessError):  # reaped: no longer this process's child
            os.waitpid(child.pid, os.WNOHANG)
    assert _open_fds() == before


def test_the_driver_splits_a_long_body_and_prints_the_same(outcomes, monkeypatch):
    monkeypatch.setattr(forking, "can_fork", lambda: True)  # (another test may have left a thread running)
    text = mtk_text(6000, 60, 12)
    whole = driver.analyse("t.ir", text)
    split = driver.analyse("t.ir", text, driver.Options(split_min=1000))
    assert not whole.errors and not split.errors
    assert outcomes == [True]
    assert printer.render_program(split.program, split.results) == printer.render_program(whole.program, whole.results)
    assert driver.analyse("t.ir", text, driver.Options(split_min=len(text))).ok and outcomes == [True]  # (not split)
