"""What a user hits at the command line (issue 16, item 8), each pinned:
errors that name and quote the right file, destinations that cannot be
written, readable `--stats`, plain flags in `--help` and `-h`, `--check`
lines an editor can jump to, `--check`/`--warn-only` as JSON, why
`--strict --quiet` fails, skipped files in a directory, a file with no
function, `--plain` and `--hide-stable`.

Most cases call `irc.cli.batch.cli_infer` in-process with StringIO streams;
the help and wiring cases run the typer app.
"""
from __future__ import annotations

import io
import json
import os
from pathlib import Path

import pytest

from irc.cli import batch
from irc.errors import Diagnostic, Span, file_span, render, with_context
from irc.output.jsondoc import diagnostic_json

from infer_runner import run_infer, write_progs
from progs import ANNOTATED, LOOP

ROOT = Path(__file__).resolve().parents[2]


run = run_infer


@pytest.fixture
def progs(tmp_path):
    return write_progs(tmp_path)


# ---------------------------------------------------------------- errors in the right file


def test_whole_file_diagnostic_renders_without_a_line():
    d = Diagnostic("error", "cannot read prelude: No such file or directory", file_span("p.ir"), "io")
    assert render(d, "function f()\n") == "p.ir: error: cannot read prelude: No such file or directory"
    assert diagnostic_json(d)["line"] is None and diagnostic_json(d)["column"] is None


def test_with_context_quotes_the_diagnostics_own_file():
    d = Diagnostic("error", "bad", Span("p.ir", 2, 3))
    (got,) = with_context([d], "first\nsecond line\n")
    assert render(got, "an input's first line\nan input's second line\n") == \
        "p.ir:2:3: error: bad\n  second line\n    ^"


def test_missing_prelude_names_it_and_quotes_no_input_line(progs):
    code, out, err = run([progs["loop"]], prelude=["/nonexistent/decls.ir"])
    assert code == 1 and out == ""
    assert err.splitlines()[0] == "/nonexistent/decls.ir: error: cannot read prelude: No such file or directory"
    assert "declare" not in err  # the input's line 1 is not shown


def test_prelude_syntax_error_quotes_the_prelude(progs, tmp_path):
    bad = tmp_path / "decls.ir"
    bad.write_text("# my declarations\ndeclare foo(::Int64\n")
    code, _, err = run([progs["loop"]], prelude=[str(bad)])
    lines = err.splitlines()
    assert code == 1 and lines[0].startswith(f"{bad}:2:") and lines[1] == "  declare foo(::Int64"
    assert "Base.:(:)" not in err  # LOOP's first line


def test_prelude_with_invalid_utf8_quotes_the_prelude(progs, tmp_path):
    bad = tmp_path / "decls.ir"
    bad.write_bytes(b"declare Main.g(::Int64)::Int64\n\xff\n")
    code, _, err = run([progs["loop"]], prelude=[str(bad)])
    assert code == 1 and err.startswith(f"{bad}:2:1: error: invalid UTF-8 byte 0xff")
    assert "Traceback" not in err and "internal error" not in err


# ---------------------------------------------------------------- destinations


def test_out_dir_that_is_a_file(progs, tmp_path):
    f = tmp_path / "taken"
    f.write_text("mine\n")
    code, out, err = run([progs["loop"]], out_dir=str(f))
    assert code == 2 and out == ""
    assert err == f"{f}: error: --out-dir needs a directory, and this is a file\n"
    assert f.read_text() == "mine\n"


def test_output_that_is_a_directory(progs, tmp_path):
    d = tmp_path / "dir"
    d.mkdir()
    code, out, err = run([progs["loop"]], output=str(d))
    assert code == 2 and err == f"{d}: error: this is a directory; give a file name\n"
    assert os.listdir(d) == []  # no temporary file left behind


def test_output_under_a_file(progs, tmp_path):
    f = tmp_path / "taken"
    f.write_text("")
    code, _, err = run([progs["loop"]], output=str(f / "x.txt"))
    assert code == 2 and err == f"{f / 'x.txt'}: error: cannot create it: {f} is not a directory\n"


def test_cfg_output_that_is_a_directory(progs, tmp_path):
    from irc.cli.commands import cfg_main

    d = tmp_path / "dir"
    d.mkdir()
    err = io.StringIO()
    code = cfg_main([str(progs["loop"])], output=str(d), prelude=False, stdout=io.StringIO(), stderr=err)
    assert code == 2 and err.getvalue() == f"{d}: error: this is a directory; give a file name\n"
    assert os.listdir(d) == []


def test_a_failing_write_is_reported_and_counted(progs, tmp_path, monkeypatch):
    def refuse(path, text):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(batch, "atomic_write", refuse)
    code, _, err = run([progs["loop"], progs["try"]], out_dir=str(tmp_path / "out"))
    assert code == 1
    assert f"{tmp_path / 'out' / 'loop.typed.ir'}: error: cannot write: Permission denied" in err
    assert "2 of 2 inputs failed" in err
    code, _, err = run([progs["loop"]], output=str(tmp_path / "all.txt"))
    assert code == 1 and f"{tmp_path / 'all.txt'}: error: cannot write: Permission denied\n" in err


def test_cli_destination_errors_are_not_internal_errors(progs, tmp_path):
    from typer.testing import CliRunner

    from irc.cli.app import app

    f = tmp_path / "taken"
    f.write_text("")
    d = tmp_path / "dir"
    d.mkdir()
    for args in (["infer", "--no-prelude", "--out-dir", str(f), str(progs["loop"])],
                 ["cfg", "-o", str(d), str(progs["loop"])]):
        r = CliRunner().invoke(app, args)
        assert r.exit_code == 2 and "internal error" not in r.output and ": error: " in r.output, args


# ---------------------------------------------------------------- help


def _commands():
    import typer

    from irc.cli.app import app

    return app, sorted(typer.main.get_command(app).commands)


@pytest.mark.parametrize("words", [[]] + [[c] for c in _commands()[1]], ids=lambda w: " ".join(w) or "irc")
def test_help_shows_flags_as_flags_and_h_is_help(words):
    from typer.testing import CliRunner

    app = _commands()[0]
    long = CliRunner().invoke(app, [*words, "--help"], env={"COLUMNS": "120"})
    short = CliRunner().invoke(app, [*words, "-h"], env={"COLUMNS": "120"})
    assert long.exit_code == 0 and short.exit_code == 0, short.output
    assert short.output == long.output
    assert "<bool>" not in long.output
    assert "-h" in long.output and "Usage: " in long.output


def test_infer_help_lists_its_flags_bare():
    import re

    from typer.testing import CliRunner

    app = _commands()[0]
    text = CliRunner().invoke(app, ["infer", "--help"], env={"COLUMNS": "200"}).output
    for flag in ("--check", "--exact", "--stats", "--no-prelude", "--warn-only", "--strict"):
        row = next(l for l in text.splitlines() if re.search(rf"{flag}\s", l))
        assert re.search(rf"{flag}\s{{2,}}[A-Z][a-z]", row), row  # the flag, then its help: no type column
    assert re.search(r"--format\s+-f\s+FORMAT\s", text)


# ---------------------------------------------------------------- --check


def test_check_lines_carry_path_line_col(progs, tmp_path):
    other = tmp_path / "other.ir"
    other.write_text(ANNOTATED.replace("Body::Int64", "Body::Float64"))
    code, out, _ = run([progs["annotated"], other], check=True)
    assert code == 1
    assert out.splitlines() == [
        f"{progs['annotated']}:7:6: slot w inferred Int64, Julia printed Float64",
        f"  see: irc explain {progs['annotated']} --function twice --slot w",
        f"{other}:7:6: slot w inferred Int64, Julia printed Float64",
        f"  see: irc explain {other} --function twice --slot w",
        f"{other}:8:7: return type inferred Int64, Julia printed Float64",
        f"  see: irc explain {other} --function twice --stmt 4",
        "11 agree, 3 differ",
    ]


def test_check_as_json_document(progs, tmp_path):
    missing = tmp_path / "missing.ir"
    code, out, err = run([progs["annotated"], progs["loop"], missing], check=True, format="json")
    assert code == 1
    doc = json.loads(out)
    assert list(doc) == ["files", "summary"] and doc["summary"] == {"agree": 6, "differ": 1}
    first, loop, bad = doc["files"]
    assert first == {"path": str(progs["annotated"]), "errors": [], "agree": 6, "differ": 1, "mismatches": [
        {"line": 7, "column": 6, "what": "slot w", "inferred": "Int64", "julia": "Float64", "why": None,
         "explain": f"irc explain {progs['annotated']} --function twice --slot w"}]}
    assert loop["mismatches"] == [] and (loop["agree"], loop["differ"]) == (0, 0)
    assert bad["errors"][0]["severity"] == "error" and bad["mismatches"] == []
    assert "agree," not in out  # no text summary mixed in


def test_check_as_jsonl_and_in_out_dir(progs, tmp_path):
    code, out, _ = run([progs["annotated"], progs["loop"]], check=True, format="jsonl")
    lines = [json.loads(l) for l in out.splitlines()]
    assert code == 1 and [(l["path"], l["differ"]) for l in lines] == [(str(progs["annotated"]), 1),
                                                                         (str(progs["loop"]), 0)]
    d = tmp_path / "out"
    code, out, _ = run([progs["annotated"]], check=True, format="json", out_dir=str(d))
    assert code == 1 and out == "" and os.listdir(d) == ["annotated.check.json"]
    assert json.loads((d / "annotated.check.json").read_text())["summary"] == {"agree": 6, "differ": 1}


def test_warn_only_as_json_document(progs, tmp_path):
    empty = tmp_path / "empty.ir"
    empty.write_text("")
    code, out, err = run([progs["branch"], progs["loop"], empty], warn_only=True, format="json", quiet=True)
    assert code == 0 and err == ""
    doc = json.loads(out)
    assert doc["summary"] == {"errors": 0, "warnings": 2}
    branch, loop, nothing = doc["files"]
    (w,) = branch["warnings"]
    assert w["function"] == "pick" and w["code"] == "maybe-undef" and w["line"] == 6
    assert loop == {"path": str(progs["loop"]), "errors": [], "warnings": []}
    assert nothing["warnings"] == [{"function": None, "severity": "warning", "code": "no-function",
                                    "message": "no function in this file", "line": None, "column": None}]
    code, out, _ = run([progs["branch"]], warn_only=True, format="jsonl")
    assert json.loads(out)["warnings"][0]["message"] == "local variable `y` may be undefined"


# ---------------------------------------------------------------- warnings and exit status


def test_strict_quiet_says_why_it_fails(progs):
    code, out, err = run([progs["branch"]], strict=True, quiet=True)
    assert code == 1 and "may be undefined" not in err
    assert err == "--strict: 1 warning (not shown: --quiet) make this run fail\n"
    code, _, err = run([progs["loop"]], strict=True, quiet=True)
    assert code == 0 and err == ""


@pytest.mark.parametrize("text", ["", "# only a comment\n",
                                  "declare Main.f(::Int64)::Int64\nstruct P\n    x::Int64\nend\n"])
def test_no_function_is_a_warning(tmp_path, text):
    p = tmp_path / "nothing.ir"
    p.write_text(text)
    code, out, err = run([p])
    assert code == 0  # a warning: warnings change the exit status only with --strict
    assert err == f"{p}: warning: no function in this file\n1 warning: 1 file with no function\n"
    assert run([p], strict=True)[0] == 1
    assert run([p], quiet=True)[2] == ""


def test_warnings_summary_counts_files_apart():
    assert batch.warnings_summary(3, 2, 0) == "3 warnings in 2 functions"
    assert batch.warnings_summary(1, 1, 0) == "1 warning in 1 function"
    assert batch.warnings_summary(2, 1, 1) == "2 warnings: 1 in 1 function, 1 file with no function"
    assert batch.warnings_summary(2, 0, 2) == "2 warnings: 2 files with no function"


# ---------------------------------------------------------------- directories


def test_directory_names_what_it_skipped(progs, tmp_path):
    for name in ("README.md", "notes.txt", "sub/a.jl", "sub/b.json", "sub/c.log", "z.ir.bak"):
        (tmp_path / name).parent.mkdir(exist_ok=True)
        (tmp_path / name).write_text("not IR\n")
    code, out, err = run([tmp_path], format="jsonl")
    assert code == 0 and len(out.splitlines()) == 4  # the four .ir files, nothing else read
    assert err.splitlines()[0] == (f"{tmp_path}: note: skipped 6 files neither .ir nor a .txt/.jl paste of Julia's output: "
                                   "README.md, notes.txt, sub/a.jl, sub/b.json, sub/c.log and 1 more")
    assert run([tmp_path], quiet=True)[2] == ""


def test_directory_note_in_fmt_and_cfg(tmp_path):
    from irc.cli.app import render_cfg
    from irc.cli.loading import run_command

    (tmp_path / "f.ir").write_text(LOOP)
    (tmp_path / "README").write_text("")
    err = io.StringIO()
    assert run_command([str(tmp_path)], render_cfg, stdout=io.StringIO(), stderr=err) == 0
    assert err.getvalue() == f"{tmp_path}: note: skipped 1 file neither .ir nor a .txt/.jl paste of Julia's output: README\n"


def test_directory_with_only_ir_files_says_nothing(progs, tmp_path):
    code, _, err = run([tmp_path], format="jsonl")
    assert code == 0 and "note" not in err


# ---------------------------------------------------------------- --plain, --hide-stable


def test_plain_and_hide_stable_from_the_command_line(progs):
    code, full, _ = run([progs["loop"]])
    code_p, plain, _ = run([progs["loop"]], plain=True)
    assert code == code_p == 0 and "# entry" in full and "# entry" not in plain and "declare" not in plain
    assert "  @_3::Union{Nothing, Tuple{Int64, Int64}}\n" in plain  # no flags, no mark
    code, hidden, _ = run([progs["loop"]], hide_stable=True)
    assert code == 0 and len(hidden.splitlines()) < len(full.splitlines())
    assert "(@_3 = Base.iterate(%2))::Union{Nothing, Tuple{Int64, Int64}}  # ?" in hidden
    assert "(acc = acc * k)::Int64" not in hidden  # stable, and neither header nor terminator


@pytest.mark.parametrize("kw", [{"format": "json"}, {"format": "jsonl"}, {"check": True}, {"warn_only": True}])
@pytest.mark.parametrize("shape", ["plain", "hide_stable"])
def test_plain_and_hide_stable_only_shape_text(progs, kw, shape):
    code, out, err = run([progs["loop"]], **{shape: True}, **kw)
    assert code == 2 and out == "" and "shape the annotated IR text" in err


# ---------------------------------------------------------------- finding your way (issue 31, §4)


def test_help_says_first_that_you_paste_julias_output():
    from typer.testing import CliRunner

    app = _commands()[0]
    out = CliRunner().invoke(app, ["-h"], env={"COLUMNS": "200"}).output
    first = next(line.strip() for line in out.splitlines() if line.strip() and not line.strip().startswith("Usage"))
    assert first.startswith("irc: paste what Julia printed") and "irc infer FILE" in first, first


def test_a_file_given_as_the_command_suggests_irc_infer(progs):
    from typer.testing import CliRunner

    app = _commands()[0]
    r = CliRunner().invoke(app, [str(progs["loop"])], env={"COLUMNS": "300"})
    assert r.exit_code == 2 and "internal error" not in r.output
    assert f"irc infer {progs['loop']}" in " ".join(r.output.split()), r.output
    r = CliRunner().invoke(app, ["no-such-command-or-file"])
    assert r.exit_code == 2 and "irc infer" not in r.output  # not a path: typer's own "No such command"


def test_piped_stdin_is_a_paste_and_a_terminal_or_dev_null_is_not(tmp_path):
    import subprocess
    import sys

    full, empty = tmp_path / "full.ir", tmp_path / "empty.ir"
    full.write_text(LOOP)
    empty.write_text("")
    with open(full) as f:
        assert batch.piped_stdin(f)
    with open(empty) as f, open(os.devnull) as null:
        assert not batch.piped_stdin(f) and not batch.piped_stdin(null)
    assert not batch.piped_stdin(io.StringIO(LOOP))  # no descriptor: not a stream a user piped
    r, w = os.pipe()
    with os.fdopen(r) as rf, os.fdopen(w, "w") as wf:
        assert not batch.piped_stdin(rf, wait=0.05)  # an open pipe with nothing in it: no hang, no paste
        wf.write(LOOP)
        wf.flush()
        assert batch.piped_stdin(rf)
    r, w = os.pipe()
    os.close(w)
    with os.fdopen(r) as rf:
        assert not batch.piped_stdin(rf)  # closed empty
    cmd = [sys.executable, "-m", "irc", "infer", "--no-prelude"]
    with open(full) as f:
        piped = subprocess.run(cmd, stdin=f, capture_output=True, text=True, timeout=120)
    given = subprocess.run(cmd + [str(full)], stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=120)
    assert piped.returncode == given.returncode == 0, piped.stderr
    assert piped.stdout == given.stdout.replace("full.ir", "<stdin>")
    none = subprocess.run(cmd, stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=120)
    assert none.returncode == 2 and "no input files" in none.stderr and "pipe a paste in" in none.stderr


def test_signature_given_for_a_paste_with_headers_says_it_is_not_used(tmp_path):
    from irc.syntax.parser import parse_text

    text = (ROOT / "samples" / "union_accumulator.ir").read_text(encoding="utf-8")
    fd = [it for it in parse_text(text, "u.ir", signature="g(x::Int64)").items if hasattr(it, "notes")][0]
    assert any("--signature is not used" in m for _, _, m in fd.notes)
    fd = [it for it in parse_text(text, "u.ir").items if hasattr(it, "notes")][0]
    assert not any("--signature" in m for _, _, m in fd.notes)
    out, err = io.StringIO(), io.StringIO()
    assert batch.cli_infer([str(ROOT / "samples" / "union_accumulator.ir")], signature="g(x::Int64)",
                           stdout=out, stderr=err) == 0
    assert "note: --signature is not used" in err.getvalue()


@pytest.mark.parametrize("command", ["infer", "report"])
def test_state_is_advanced_and_scheduler_names_its_extra(command):
    from typer.testing import CliRunner

    out = CliRunner().invoke(_commands()[0], [command, "-h"], env={"COLUMNS": "200"}).output
    advanced = out[out.index("Advanced"):]
    assert "--state" in advanced and "--state" not in out[:out.index("Advanced")]
    assert "needs the [cluster] extra" in out


def test_directories_take_txt_and_jl_pastes_that_look_like_julias_output(tmp_path):
    """Issue 31 §4: a folder of pastes saved as .txt/.jl is read; other .txt/.jl files are skipped."""
    real = (ROOT / "samples" / "real" / "r080_juliannotes_closures_h.ir").read_text(encoding="utf-8")
    (tmp_path / "paste.txt").write_text(real)
    (tmp_path / "lowered.jl").write_text((ROOT / "samples" / "real" / "r027_issue47539_lowered_box_usevar.ir")
                                         .read_text(encoding="utf-8"))
    (tmp_path / "notes.txt").write_text("Body of the talk: why is this slow?\n")
    (tmp_path / "source.jl").write_text("function f(x)\n    return x + 1\nend\n")
    assert batch.looks_like_julia_output(tmp_path / "paste.txt")
    assert not batch.looks_like_julia_output(tmp_path / "source.jl")
    inputs, skipped = batch.expand_inputs([str(tmp_path)])
    assert inputs == [str(tmp_path / "lowered.jl"), str(tmp_path / "paste.txt")]
    assert skipped == [(str(tmp_path), ["notes.txt", "source.jl"])]
