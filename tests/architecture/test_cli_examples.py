"""docs/cli.md's example outputs are irc's current output, so they cannot drift.

An output block in docs/cli.md that shows what a command prints is preceded by a marker
line naming the command and the stream:

    <!-- output of: irc infer --plain samples/union_accumulator.ir -->
    <!-- stderr of: irc infer --warn-only samples/undef_one_path.ir -->

The command runs from the repository root (in-process, as `irc …` would; colours off) and the block
must match what it printed.  A line `…` in a block stands for lines left out: the text
before the first `…` is the start of the output, the text after the last `…` its end, and
each part between them appears, in order, in between.  After a deliberate change of output,
re-bless the blocks and read the diff like code:

    IRC_BLESS_DOCS=1 python -m pytest tests/architecture/test_cli_examples.py && git diff docs/cli.md

(re-blessing keeps each block's shape: as many lines before and after each `…`).
"""
from __future__ import annotations

import os
import re
import shlex
from pathlib import Path

import pytest

from irc_inprocess import run_irc

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "cli.md"
MARKER = re.compile(r"^<!-- (output|stderr) of: (irc [^>]*?) -->\n```\n(.*?)```\n", re.M | re.S)
ELISION = "…"


def examples(text: str) -> list[re.Match]:
    return list(MARKER.finditer(text))


def run(command: str, stream: str) -> str:
    """What `command` prints on `stream`, run in-process (tests/irc_inprocess.py: what a command
    prints does not depend on the process it runs in; `python -m irc` is tested in tests/cli/)."""
    _, out, err = run_irc(shlex.split(command)[1:], env={"NO_COLOR": "1", "COLUMNS": "100"})
    return out if stream == "output" else err


def parts(block: str) -> list[list[str]]:
    out: list[list[str]] = [[]]
    for line in block.splitlines():
        if line.strip() == ELISION:
            out.append([])
        else:
            out[-1].append(line)
    return out


def matches(block: str, output: str) -> bool:
    """Whether `output` is what `block` shows (`…` lines standing for lines left out)."""
    got, want = output.splitlines(), parts(block)
    if len(want) == 1:
        return got == want[0]
    head, *middle, tail = want
    if got[:len(head)] != head or (tail and got[len(got) - len(tail):] != tail) or len(head) + len(tail) > len(got):
        return False
    pos, end = len(head), len(got) - len(tail)
    for part in middle:
        while pos + len(part) <= end and got[pos:pos + len(part)] != part:
            pos += 1
        if pos + len(part) > end:
            return False
        pos += len(part)
    return True


def reblessed(block: str, output: str) -> str:
    """`block` redrawn from `output`, keeping its shape (lines before and after each `…`)."""
    got, want = output.splitlines(), parts(block)
    if len(want) == 1:
        return output if output.endswith("\n") or not output else output + "\n"
    head, *middle, tail = want
    lines = got[:len(head)]
    pos = len(head)
    for part in middle:  # a middle part is kept where it still appears, else dropped
        for k in range(pos, len(got) - len(part) + 1):
            if got[k:k + len(part)] == part:
                lines += [ELISION] + part
                pos = k + len(part)
                break
    lines += [ELISION] + (got[len(got) - len(tail):] if tail else [])
    return "\n".join(lines) + "\n"


def test_elision_rules():
    out = "a\nb\nc\nd\ne\n"
    assert matches("a\nb\nc\nd\ne\n", out) and not matches("a\nb\n", out)
    assert matches("a\n…\n", out) and matches("a\n…\nc\n…\ne\n", out) and matches("…\nd\ne\n", out)
    assert not matches("a\n…\nx\n…\n", out) and not matches("b\n…\n", out) and not matches("…\nd\n", out)
    assert not matches("a\nb\nc\n…\nc\nd\ne\n", out)  # parts may not overlap
    assert reblessed("x\n…\ny\n", out) == "a\n…\ne\n" and reblessed("old\n", out) == out


def test_the_doc_has_examples():
    assert len(examples(DOC.read_text(encoding="utf-8"))) >= 8


@pytest.mark.parametrize("k", range(len(examples(DOC.read_text(encoding="utf-8")))))
def test_example_output_is_current(k):
    text = DOC.read_text(encoding="utf-8")
    m = examples(text)[k]
    stream, command, block = m.group(1), m.group(2), m.group(3)
    output = run(command, stream)
    if os.environ.get("IRC_BLESS_DOCS") and not matches(block, output):
        new = reblessed(block, output)
        DOC.write_text(text[:m.start(3)] + new + text[m.end(3):], encoding="utf-8")
        return
    assert matches(block, output), (
        f"docs/cli.md's example of `{command}` ({stream}) is not its output now; if the change is meant, "
        f"re-bless: IRC_BLESS_DOCS=1 python -m pytest {Path(__file__).relative_to(ROOT)} && git diff docs/cli.md\n"
        f"--- now:\n{output}")
