"""The driver's parse (`irc.syntax.matches`) equals the default one.

`split_matches` keeps the lines `accept_re` takes as their regex matches,
made on the file's text; `split_fast` keeps the same lines as `MatchedLine`s.
Here: `accept_re` takes exactly the lines `shape_re` matches and
`fastpath.accepts` takes, with the same groups; the two splits give the same
lines (a match read through `LineIndex.line_object`), line numbers, text for
Lark and spans; `parse_text(..., matches=True)` gives the same items and the
same errors as `parse_text` -- on every sample, conformance input,
generated program, error case, mutant, and lines with a keyword in every
place a name stands.
"""
from __future__ import annotations

import random
import re
import sys
from pathlib import Path

import pytest

from irc.errors import IrcError
from irc.syntax import fastpath as FP
from irc.syntax import matches as M
from irc.syntax import tree as S
from irc.syntax.parser import parse_text

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "ir"))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
import strategies as G  # noqa: E402
from test_one_walk_builder_equals_two_walks import CORPUS  # noqa: E402

_WORDS = sorted(FP._NOT_TARGETS) + ["_1", "_12", "_x", "end!", "endx", "xend", "Base.end", "goto1", "nothing2"]
# a word in each place a name stands, and beside it
KEYWORD_LINES = [line for w in _WORDS for line in (
    f"│   %3 = {w}", f"│        {w} = x", f"│        {w} = f(x, y)", f"│   %3 = {w}(x, y)", f"│   %3 = {w}(x, y, z)",
    f"│   %3 = f({w}, y)", f"│   %3 = f(x, {w})", f"│   %3 = f(x, y, {w})", f"│   %3 = {w} + x", f"│   %3 = x * {w}",
    f"│   %3 = x::{w}", f"│        y = {w}::Float64", f"1 ─ %1 = {w}.:+(x, y)", f"│        x = {w}.f(x, y)",
    f"{w}", f"{w} = 1", f"  {w}(a, b)", f"│   %3 = {w} == x", f"│        x = y = {w}")]


def _lines_of(texts) -> list[str]:
    out: list[str] = []
    for t in texts:
        out += t.split("\n")
    return out


ALL_LINES = _lines_of(t for _, t in CORPUS) + KEYWORD_LINES


def _plain(x):
    """A line object as a plain `BodyLine` where it stands for one."""
    return x.unpacked() if type(x) in (FP.MatchedLine, FP.PackedLine) else x


def test_accept_re_takes_the_lines_split_fast_keeps_as_matched_lines():
    shape, accept = FP.fast_line_parser().shape_re.match, M.accept_re().match
    taken = refused = 0
    for line in ALL_LINES:
        m, a = shape(line), accept(line)
        if m is not None and FP.accepts(m.groups()):
            assert a is not None, line
            assert a.groups() == m.groups() and a.regs == m.regs, line
            taken += 1
        else:
            assert a is None, line
            refused += m is not None
    assert taken > 2000 and refused > 500  # both sides are exercised


def test_a_match_on_the_text_reads_as_one_on_the_line():
    """`match_record` of a match made on the file's text (from the line's
    offset, to its end or to the next line's start: `split_matches`'
    window, its newline included) equals the line's own; lines ending in
    `\r` or blanks too."""
    lines = ALL_LINES + [line + end for line in ALL_LINES[::7] for end in ("\r", " ", " \r", "\t")]
    text = "\n".join(lines)
    accept = M.accept_re().match
    pos = 0
    seen = 0
    for line in text.split("\n"):
        b = accept(line)
        for stop in (pos + len(line), pos + len(line) + 1):  # without and with its newline
            a = accept(text, pos, stop)
            assert (a is None) == (b is None), line
            if a is not None:
                assert FP.match_record(a) == FP.match_record(b), line
                assert [(s - pos, e - pos) if s >= 0 else (s, e) for s, e in a.regs] == list(b.regs), line
                seen += 1
        pos += len(line) + 1
    assert seen > 4000


def _split_both(text: str):
    lines = text.split("\n")
    old = FP.split_fast(lines)
    done, numbers, index, rest, spans = M.split_matches(text, lines)
    return old, (done, numbers, index, rest, spans)


def _same_split(text: str) -> int:
    (old_done, old_rest, old_spans), (done, numbers, index, rest, spans) = _split_both(text)
    assert (rest, spans) == (old_rest, old_spans)
    assert len(done) == len(old_done) == len(numbers)
    kept = 0
    for new, old, ln in zip(done, old_done, numbers):
        if type(new) is re.Match:
            assert type(old) is FP.MatchedLine
            obj = index.line_object(new)
            assert FP.raw_stmt(obj) == FP.raw_stmt(old) and obj.line == old.line == ln == index.line(new)
            kept += 1
        else:
            assert type(old) is not FP.MatchedLine
            assert _plain(new) == _plain(old) and new.line == ln
    return kept


@pytest.mark.parametrize("name,text", CORPUS, ids=[n for n, _ in CORPUS])
def test_split_matches_equals_split_fast(name, text):
    _same_split(text)


def test_split_matches_equals_split_fast_on_keyword_lines_and_in_small_slices(monkeypatch):
    body = "function f(x, y, z)\n" + "\n".join(KEYWORD_LINES) + "\nend\n"
    assert _same_split(body) > 50
    for chunk in (1, 3, 64):
        monkeypatch.setattr(M, "_CHUNK", chunk)
        assert _same_split(body) > 50
        for _, text in CORPUS[:40]:
            _same_split(text)


def _parse(text: str, matches: bool):
    try:
        src = parse_text(text, "t.ir", matches=matches)
    except IrcError as e:
        return "error", [(d.severity, d.message, d.span.line if d.span else 0, d.span.col if d.span else 0, d.code)
                         for d in e.diagnostics]
    if matches:
        for it in src.items:
            if type(it) is S.FunctionDef:
                it.lines = [src.line_index.line_object(x) if type(x) is re.Match else x for x in it.lines]
    return "ok", [_items(it) for it in src.items]


def _items(it):
    if type(it) is S.FunctionDef:
        return (it.form, it.name, it.line, it.end_line, [_plain(x) for x in it.lines])
    return it


def _same_parse(text: str) -> None:
    assert _parse(text, True) == _parse(text, False)


@pytest.mark.parametrize("name,text", CORPUS, ids=[n for n, _ in CORPUS])
def test_parse_with_matches_equals_parse(name, text):
    _same_parse(text)


def test_parse_with_matches_equals_parse_on_mutants_and_misplaced_lines():
    rnd = random.Random(17)
    for _, text in CORPUS:
        for k in range(2):
            _same_parse(G.mutants(text, rnd, 1 + k % 3)[0])
    # a matching line outside any function, inside a struct, after a header that failed, at the end
    for text in ("x = f(a, b)\nfunction f(x)\n1 ─ %1 = x + 1\n└──      return %1\nend\n",
                 "struct S\n  a\n  b = c\nend\n",
                 "functio f(x)\n1 ─ %1 = x + 1\n│   %2 = f(%1, x)\n└──      return %2\nend\n",
                 "function f(x)\n1 ─ %1 = x + 1\n│   %2 = f(%1, x)\n",
                 "MethodInstance for f(::Int64)\n  from f(x) @ Main REPL[1]:1\nArguments\n  x::Int64\n%1 = x + 1\n"):
        _same_parse(text)


def test_the_driver_keeps_the_commonest_lines_as_matches():
    from irc.cli import driver

    text = "function f(x)\n1 ─ %1 = x + 1\n│   %2 = Base.f(%1, x)\n│        y = %2\n└──      return y\nend\n"
    src = driver.parse("t.ir", text, matches=True)
    (fd,) = src.items
    assert [type(x) is re.Match for x in fd.lines] == [True, True, True, False]
    assert [src.line_index.line_of(x) for x in fd.lines] == [2, 3, 4, 5]
