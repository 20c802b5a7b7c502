"""Located errors (spec §4): malformed inputs and their rendered messages, snapshot-tested.

Each case is a small input with one or more mistakes; the snapshot is exactly
what `irc` prints on stderr (`path:line:col: error: …`, the line, a caret).
"""
from __future__ import annotations

import pytest

from irc.ir.build import build_program
from irc.errors import IrcError, render_all
from irc.syntax.parser import parse_text

from conftest import stored_snapshots
from error_cases import CASES


def errors_of(text: str) -> str:
    try:
        build_program(parse_text(text, "bad.ir"))
    except IrcError as e:
        return render_all(e.diagnostics, e.source) + "\n"
    return "(no error)\n"


def test_there_are_enough_cases():
    assert len(CASES) >= 20


@pytest.mark.parametrize("name", sorted(CASES))
def test_error_message(name, text_snapshot):
    out = errors_of(CASES[name])
    assert out != "(no error)\n"
    assert "__ANON" not in out and "Traceback" not in out
    assert out.startswith("bad.ir:")
    assert out == text_snapshot


def test_every_snapshot_file_belongs_to_a_case():
    """No snapshot is left behind by a removed or renamed case (syrupy does not report it in the
    default command: tests/output/test_snapshots.py's test_every_snapshot_file_belongs_to_a_test)."""
    assert stored_snapshots("test_error_messages") == {f"test_error_message[{name}].txt" for name in CASES}


WRAPPED_NAME = ("Variables\n  #self#::Core.Const(f)\n  x@_2::Int64\n  x@_3::Float64\n\nBody::Float64\n"
                "1 ─      (x@_3 = Main.convert(Main.Float64, x@_\n{}\n└──      return x@_3\n")


@pytest.mark.parametrize("rest,broken", [
    ("2::Int64))", True),  # held-out h510: joined, `x@_2::Int64))` reads
    ("2 ::Int64) )", True),
    ("2::Int64 foo bar))", False),  # joined, the line still does not read: a real error, said as one
    ("2::Int64)", False),
])
def test_a_line_broken_after_its_last_token_is_one_error_when_joining_reads(rest, broken):
    """The wrap detector ("this line seems to go on at the start of line N") for an error at a line's
    last token (a page broke the line inside a name), only when the two lines joined read as one."""
    out = errors_of(WRAPPED_NAME.format(rest))
    assert ("seems to go on at the start of line 8" in out) == broken, out
    if broken:
        assert out.count(": error: ") == 1, out
