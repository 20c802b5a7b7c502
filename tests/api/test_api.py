"""`irc.api.analyse`: the one function the playground page runs.

docs/api.md's example is run as a doctest; the Result agrees with what the
commands print for the same input (`irc infer`, `--check`, `irc stubs`, the
errors on stderr), so the page cannot say something the CLI does not.
"""
from __future__ import annotations

import doctest
import os
import re
from pathlib import Path

import pytest

from irc.api import MAX_LINES, Options, analyse
from irc_inprocess import run_irc

ROOT = Path(__file__).resolve().parents[2]


def run_cli(*args: str) -> tuple[int, str, str]:
    """`irc ARGS` from the repository root, in this process (`run_irc`: what the command prints and the exit
    status `python -m irc` ends with; the process entry is tested in tests/cli/test_process_entry.py)."""
    return run_irc(list(args), cwd=ROOT)


def test_the_example_in_docs_api_md_runs():
    text = (ROOT / "docs" / "api.md").read_text(encoding="utf-8")
    block = re.search(r"```python\n(.*?)```", text, re.S).group(1)
    test = doctest.DocTestParser().get_doctest(block, {}, "docs/api.md", "docs/api.md", 0)
    here = os.getcwd()
    os.chdir(ROOT)
    try:
        runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
        runner.run(test, out=lambda s: pytest.fail(s))
    finally:
        os.chdir(here)
    assert runner.summarize(verbose=False).attempted >= 6


@pytest.mark.parametrize("sample", ["union_accumulator", "union_split_call", "prelude_gaps"])
def test_the_result_is_what_the_commands_print(sample):
    path = f"samples/{sample}.ir"
    text = (ROOT / path).read_text(encoding="utf-8")
    r = analyse(text, path=path)
    _, infer_out, infer_err = run_cli("infer", path)
    _, check_out, _ = run_cli("infer", "--check", path)
    _, stubs_out, _ = run_cli("stubs", path)
    assert r.ok and r.functions >= 1
    assert r.text == infer_out
    assert infer_err.startswith("".join(d + "\n" for d in r.diagnostics))  # (then the count line)
    assert len(r.diagnostics) == infer_err.count(": warning: ") + infer_err.count(": note: ")
    assert r.check == check_out.splitlines()[-1]
    assert r.stubs == stubs_out
    assert r.json.startswith("{") and '"functions"' in r.json


def test_the_html_is_the_reports_coloured_ir():
    text = (ROOT / "samples" / "union_split_call.ir").read_text(encoding="utf-8")
    r = analyse(text)
    assert r.html.count('<details class="fn"') == r.functions
    assert re.search(r'<span class="(warn|bad)">', r.html)
    unpainted = re.sub(r"<[^>]+>", "", r.html)
    assert "MethodInstance for" in unpainted


def test_a_refused_paste_gives_located_errors_and_no_output():
    r = analyse("function f(x)\n1 ─ %1 = x +\n", path="p.ir")
    assert not r.ok and r.text == r.html == r.stubs == ""
    assert any(e.startswith("p.ir:2:13: error:") and e.endswith("^") for e in r.errors)


@pytest.mark.parametrize("text", ["", "\x00\x01", "end end end", "%1 = ::::", "function\n" * 50, "1 ─ " * 1000])
def test_any_text_gives_a_result_never_an_exception(text):
    r = analyse(text)
    assert r.ok or all(": error: " in e for e in r.errors)


def test_over_the_line_limit_is_refused_unread():
    r = analyse("# x\n" * (MAX_LINES + 1), max_lines=MAX_LINES)
    assert not r.ok and len(r.errors) == 1 and "200,000" in r.errors[0] and "200,001 lines" in r.errors[0]


def test_julia_option_chooses_the_rules():
    text = (ROOT / "samples" / "union_accumulator.ir").read_text(encoding="utf-8")
    assert analyse(text, Options(julia="1.12")).julia == "1.12"
    assert analyse(text).julia_evidence


def test_explain_is_irc_explains_text():
    from irc.api import explain

    path = "samples/union_split_call.ir"
    text = (ROOT / path).read_text(encoding="utf-8")
    _, stmt_out, _ = run_cli("explain", path, "--stmt", "%1", "--function", "split_demo")
    _, slot_out, _ = run_cli("explain", path, "--slot", "v", "--function", "split_demo")
    assert explain(text, 0, "%1", path=path) == stmt_out and stmt_out.startswith("statement 1")
    assert explain(text, 0, "v", path=path) == slot_out and slot_out.startswith("slot v")
    assert explain(text, 0, "Main") == explain(text, 99, "v") == explain("function", 0, "%1") == ""
