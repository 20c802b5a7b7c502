"""`irc report` as a command: options, exit status, stdin, `-o -`, atomic output."""
from __future__ import annotations

from types import SimpleNamespace

from conftest import ROOT
from irc_inprocess import run_irc

SAMPLE = str(ROOT / "samples" / "undef_one_path.ir")


def irc(*args, stdin: str = ""):
    """`irc ARGS` run in this process (`run_irc`: the exit status `python -m irc` ends with; the process
    entry itself is tested in tests/cli/test_process_entry.py), as `returncode`, `stdout`, `stderr`."""
    code, out, err = run_irc(list(args), stdin=stdin)
    return SimpleNamespace(returncode=code, stdout=out, stderr=err)


def test_report_writes_the_page_and_says_so(tmp_path):
    out = tmp_path / "r.html"
    p = irc("report", SAMPLE, "-o", str(out), "--title", "My package")
    assert p.returncode == 0, p.stderr
    assert p.stderr == f"{out}: 1 input, 1 function\n"
    page = out.read_text(encoding="utf-8")
    assert page.startswith("<!DOCTYPE html>") and "<title>My package</title>" in page
    assert [f.name for f in tmp_path.iterdir()] == ["r.html"]  # no temporary file left


def test_report_to_stdout_and_from_stdin():
    p = irc("report", "-", "-o", "-", stdin=(ROOT / "samples" / "undef_one_path.ir").read_text())
    assert p.returncode == 0, p.stderr
    assert p.stdout.startswith("<!DOCTYPE html>") and "&lt;stdin&gt;" in p.stdout
    assert "maybe_y" in p.stdout


def test_failed_inputs_exit_1_with_the_report_written(tmp_path):
    bad = tmp_path / "bad.ir"
    bad.write_text("function f(\n")
    out = tmp_path / "r.html"
    p = irc("report", SAMPLE, str(bad), str(tmp_path / "missing.ir"), "-o", str(out))
    assert p.returncode == 1
    assert "2 failed (listed in the report)" in p.stderr and "Traceback" not in p.stderr
    page = out.read_text(encoding="utf-8")
    assert "bad.ir:" in page and "missing.ir" in page and "maybe_y" in page


def test_bad_usage_exits_2(tmp_path):
    for args, words in ((["report", SAMPLE], "-o"),
                        (["report", SAMPLE, "-o", "x.html", "--state", "nope"], "--state"),
                        (["report", SAMPLE, "-o", "x.html", "--jobs", "0"], "--jobs"),
                        (["report", SAMPLE, "-o", "x.html", "--max-lines", "-1"], "--max-lines"),
                        (["report", "-o", "x.html"], "no input files")):
        p = irc(*args)
        assert p.returncode == 2, (args, p.stderr)
        assert words in p.stderr and "Traceback" not in p.stderr


def test_max_lines_cuts_the_ir_and_says_how_much(tmp_path):
    full, cut = tmp_path / "full.html", tmp_path / "cut.html"
    assert irc("report", SAMPLE, "-o", str(full)).returncode == 0
    assert irc("report", SAMPLE, "-o", str(cut), "--max-lines", "5").returncode == 0
    text = cut.read_text(encoding="utf-8")
    assert "more lines" in text and "more lines" not in full.read_text(encoding="utf-8")
    assert text.count('<span class="line') == 6  # 5 lines and the note


def test_state_stores_give_the_same_report(tmp_path):
    pages = []
    for store in ("stmt", "block", "live"):
        out = tmp_path / f"{store}.html"
        samples = [str(p) for p in sorted((ROOT / "samples").glob("*.ir"))]  # all read (samples/real has refusals)
        assert irc("report", *samples, "-o", str(out), "--state", store).returncode == 0
        pages.append(out.read_text(encoding="utf-8").replace(f"--state {store}", "--state X"))
    assert pages[0] == pages[1] == pages[2]
