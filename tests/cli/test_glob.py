"""`--glob PATTERN` (issue 31 §4): which files of a directory input to read, by their path below
it (shell wildcards, `*` crossing `/`, case-sensitive), whatever they hold, instead of the
default (`.ir` files and `.txt`/`.jl` files that look like Julia's output); repeatable; a file
named on the command line is read as given.  The same in `infer`, `report`, `fmt`, `cfg` and
`stubs`, through the typer application and `irc infer`'s fast argv path alike."""
from __future__ import annotations

import io
from pathlib import Path

import pytest

from irc.cli import argv as FP
from irc.cli import batch

ROOT = Path(__file__).resolve().parents[2]
PASTE = (ROOT / "samples" / "union_accumulator.ir").read_text(encoding="utf-8")
SMALL = """MethodInstance for f(::Int64)
  from f(x) @ Main REPL[1]:1
Arguments
  #self#::Core.Const(f)
  x::Int64
Body::Int64
1 ─     return x
"""


@pytest.fixture
def folder(tmp_path):
    """a.ir (IR), week3/b.log and week3/deep/c.LOG (pastes under an unusual name), notes.txt
    (prose), week3/d.ir (IR)."""
    for name, text in (("a.ir", PASTE), ("week3/b.log", SMALL), ("week3/deep/c.LOG", SMALL),
                       ("notes.txt", "why is this slow?\n"), ("week3/d.ir", SMALL)):
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text, encoding="utf-8")
    return tmp_path


def _rel(paths, root):
    return [Path(p).relative_to(root).as_posix() for p in paths]


def test_matching_is_on_the_path_below_the_directory():
    assert batch.matches_glob("b.log", ["*.log"]) and batch.matches_glob("week3/deep/b.log", ["*.log"])
    assert batch.matches_glob("week3/deep/b.log", ["week3/*"]) and not batch.matches_glob("x/b.log", ["week3/*"])
    assert not batch.matches_glob("c.LOG", ["*.log"])  # case-sensitive, on every platform
    assert batch.matches_glob("c.LOG", ["*.log", "*.LOG"]) and not batch.matches_glob("c.txt", [])


def test_glob_replaces_the_default_selection(folder):
    inputs, skipped = batch.expand_inputs([str(folder)])
    assert _rel(inputs, folder) == ["a.ir", "week3/d.ir"]  # the default: .ir files (notes.txt is prose)
    inputs, skipped = batch.expand_inputs([str(folder)], ["*.log"])
    assert _rel(inputs, folder) == ["week3/b.log"]
    assert skipped == [(str(folder), ["a.ir", "notes.txt", "week3/d.ir", "week3/deep/c.LOG"])]
    inputs, _ = batch.expand_inputs([str(folder)], ["week3/*", "*.ir"])  # repeated: any of them, each file once
    assert _rel(inputs, folder) == ["a.ir", "week3/b.log", "week3/d.ir", "week3/deep/c.LOG"]
    named = str(folder / "notes.txt")  # a file named on the command line is read as given
    assert batch.expand_inputs([named], ["*.log"])[0] == [named]


def test_skipped_note_names_the_patterns(folder):
    out, err = io.StringIO(), io.StringIO()
    assert batch.cli_infer([str(folder)], glob=["*.log"], stdout=out, stderr=err) == 0
    assert err.getvalue().splitlines()[0] == (
        f"{folder}: note: skipped 4 files matching no --glob (*.log): a.ir, notes.txt, week3/d.ir, week3/deep/c.LOG")
    assert out.getvalue().startswith("MethodInstance for f(::Int64)")


def test_nothing_matching_is_no_input(folder):
    out, err = io.StringIO(), io.StringIO()
    assert batch.cli_infer([str(folder)], glob=["*.nothing"], stdout=out, stderr=err) == 1
    assert out.getvalue() == "" and "error: no input files" in err.getvalue()


def test_a_globbed_file_that_is_not_julias_output_is_an_error_of_that_file(folder):
    out, err = io.StringIO(), io.StringIO()
    assert batch.cli_infer([str(folder)], glob=["*.txt", "*.log"], stdout=out, stderr=err) == 1
    assert f"{folder / 'notes.txt'}:1:" in err.getvalue() and "MethodInstance for f(::Int64)" in out.getvalue()


@pytest.mark.parametrize("command", ["infer", "fmt", "cfg", "stubs"])
def test_every_command_takes_glob(folder, command):
    from typer.testing import CliRunner

    from irc.cli.app import app

    res = CliRunner().invoke(app, [command, "--glob", "week3/*.log", "--glob", "*.LOG", str(folder)])
    assert res.exit_code == 0, res.output
    assert "skipped 3 files matching no --glob (week3/*.log, *.LOG)" in res.output
    if command in ("infer", "fmt"):
        assert res.output.count("MethodInstance for f(::Int64)") == 2


def test_report_takes_glob(folder, tmp_path):
    from irc.cli.report import cli_report

    page, err = tmp_path / "r.html", io.StringIO()
    assert cli_report([str(folder)], output=str(page), globs=["*.log"], stderr=err) == 0
    html = page.read_text(encoding="utf-8")
    assert "b.log" in html and "a.ir" not in html


def test_the_fast_argv_path_reads_glob_like_typer():
    files, kw = FP.infer_call(["infer", "--glob", "*.txt", "d", "--glob", "x/*"], environ={})
    assert files == ["d"] and kw["glob"] == ["*.txt", "x/*"] and kw["prelude"] == []
    assert FP.infer_call(["infer", "d"], environ={})[1]["glob"] == []
    assert FP.infer_call(["infer", "--glob"], environ={}) is None  # a missing value: typer's to answer


def test_help_and_docs_describe_glob():
    from typer.testing import CliRunner

    from irc.cli.app import app

    out = CliRunner().invoke(app, ["infer", "-h"], env={"COLUMNS": "200"}).output
    assert "--glob" in out and "PATTERN" in out
    cli = (ROOT / "docs" / "cli.md").read_text(encoding="utf-8")
    assert "--glob PATTERN" in cli
