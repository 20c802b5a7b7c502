"""`irc fmt` / `irc cfg` / `--version` / stdin / directories / errors, end to end (whole commands in this
process through `run_irc`; the process entry is tests/cli/test_process_entry.py's)."""
from __future__ import annotations

import io
from pathlib import Path
from types import SimpleNamespace

import pytest

from irc import __version__
from irc.cli.app import render_cfg, render_dot, render_fmt
from irc.cli.loading import load_programs, run_command

from conftest import CONFORMANCE, ROOT, SAMPLES
from irc_inprocess import run_irc


def run(*args: str, stdin: str | None = None) -> SimpleNamespace:
    """`irc ARGS` from the repository root, in this process (`run_irc`: what the command prints and the exit
    status `python -m irc` ends with; the process entry is tested in tests/cli/test_process_entry.py)."""
    code, out, err = run_irc(list(args), stdin=stdin or "", cwd=ROOT)
    return SimpleNamespace(returncode=code, stdout=out, stderr=err)


def call(paths, render):
    out, err = io.StringIO(), io.StringIO()
    code = run_command([str(p) for p in paths], render, stdout=out, stderr=err)
    return code, out.getvalue(), err.getvalue()


def test_version_and_help():
    r = run("--version")
    assert r.returncode == 0 and r.stdout.strip() == f"irc {__version__}"
    r = run("--help")
    assert r.returncode == 0 and "fmt" in r.stdout and "cfg" in r.stdout and "infer" in r.stdout


@pytest.mark.skipif(not CONFORMANCE.is_dir(), reason="conformance folder absent (CI has it at ../shared)")
def test_fmt_accepts_every_conformance_input():
    files = sorted(CONFORMANCE.rglob("*.ir"))
    assert files
    for f in files:
        code, out, err = call([f], render_fmt)
        assert code == 0, (f, err)
        assert out and not err


def test_fmt_directory_stdin_and_several_files(tmp_path):
    a = (SAMPLES / "syntax_ascii_rails.ir").read_text()
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "b.ir").write_text(a)
    (tmp_path / "a.ir").write_text(a)
    (tmp_path / "notes.txt").write_text("ignored")
    code, out, err = call([tmp_path], render_fmt)
    assert code == 0 and out.count("function absval") == 2
    assert err == f"{tmp_path}: note: skipped 1 file neither .ir nor a .txt/.jl paste of Julia's output: notes.txt\n"  # ignored, and said so
    r = run("fmt", "-", stdin=a)
    assert r.returncode == 0 and r.stdout == out[: len(r.stdout)]
    r2 = run("fmt", "-", stdin=r.stdout)
    assert r2.stdout == r.stdout


def test_cfg_text_and_dot():
    code, out, err = call([SAMPLES / "syntax_try.ir"], render_cfg)
    assert code == 0
    assert "Main.guarded: 10 statements, 6 blocks" in out
    assert "  #2: stmts 2; preds #1; succs #3, #5" in out
    assert "  #5: stmts 7-9; preds entry, #2; succs #6" in out
    code, out, err = call([SAMPLES / "syntax_try.ir"], render_dot)
    assert out.startswith('digraph "Main.guarded" {') and "b2 -> b5;" in out and "b0 -> b5 [style=dashed];" in out
    r = run("cfg", "--dot", str(SAMPLES / "syntax_plain_loop.ir"))
    assert r.returncode == 0 and "b3 -> b2;" in r.stdout


def test_errors_exit_1_and_other_files_still_print(tmp_path):
    bad = tmp_path / "bad.ir"
    bad.write_text("function f(x)\n1 ─ %1 = (x +\n└── return %1\nend\n")
    good = SAMPLES / "syntax_ascii_rails.ir"
    r = run("fmt", str(bad), str(good))
    assert r.returncode == 1
    assert f"{bad}:2:14: error: unexpected end of line; expected an expression" in r.stderr
    assert "Traceback" not in r.stderr and "function absval" in r.stdout
    r = run("fmt", str(tmp_path / "missing.ir"))
    assert r.returncode == 1 and "cannot read file" in r.stderr


@pytest.mark.parametrize("data", [b"\xff\xfe\x00garbage", b"\x00" * 100, b"((((((((((", b"function\n" * 50,
                                  b"end end end", "1 ─ %1 = ☃(x)\n".encode()])
def test_garbage_never_crashes(tmp_path, data):
    p = tmp_path / "junk.ir"
    p.write_bytes(data)
    for render in (render_fmt, render_cfg, render_dot):
        code, out, err = call([p], render)
        assert code == 1, err
        assert "internal error" not in err and "error:" in err and not out


def test_garbage_through_the_real_command(tmp_path):
    p = tmp_path / "junk.ir"
    p.write_bytes(b"\xff\x00 function (((\n")
    r = run("cfg", str(p))
    assert r.returncode == 1 and "Traceback" not in r.stderr and "error:" in r.stderr


def test_load_programs_yields_programs_and_diagnostics(tmp_path):
    bad = tmp_path / "bad.ir"
    bad.write_text("end\n")
    items = list(load_programs([str(SAMPLES / "syntax_dead.ir"), str(bad)]))
    assert items[0].program is not None and not items[0].diagnostics
    assert items[1].program is None and items[1].diagnostics[0].span.line == 1


def test_no_inputs_is_a_usage_error():
    code, out, err = call([], render_fmt)
    assert code == 2 and "no input files" in err
