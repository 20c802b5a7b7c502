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
