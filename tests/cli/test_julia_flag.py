"""`--julia 1.10|1.11|1.12` on every command that infers (infer -- both the argv fast path and typer --,
report, explain, stubs, cfg --states): accepted, passed down to the world, refused when unknown."""
from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from irc.cli.argv import infer_call
from irc.cli.driver import Options, analyse
from irc.cli.typer_app import app

from infer_runner import run_infer

PASTE = ("MethodInstance for f(::Int64)\n  from f(x) in Main at REPL[1]:1\nArguments\n  #self#::Core.Const(f)\n"
         "  x::Int64\nBody::Int64\n1 ─ %1 = (x + 1)::Int64\n└──      return %1\n")


@pytest.fixture
def paste(tmp_path):
    p = tmp_path / "p.ir"
    p.write_text(PASTE)
    return p


def test_analysis_carries_the_version():
    assert analyse("p.ir", PASTE).world.rules.name == "1.10"
    res = analyse("p.ir", PASTE, Options(julia="1.12"))
    assert res.world.rules.name == "1.12" and res.version.evidence == "--julia 1.12"


def test_argv_fast_path_reads_julia():
    files, kw = infer_call(["infer", "--julia", "1.11", "a.ir"])
    assert files == ["a.ir"] and kw["julia"] == "1.11"
    assert infer_call(["infer", "a.ir"])[1]["julia"] is None


@pytest.mark.parametrize("version", ["1.10", "1.11", "1.12"])
def test_infer_json_says_the_version(paste, version):
    code, out, err = run_infer([str(paste)], format="json", julia=version)
    assert code == 0
    doc = json.loads(out)
    assert doc["julia_version"] == version and doc["julia_version_evidence"] == f"--julia {version}"
    assert "the paste shows Julia 1.6–1.8" in err


def test_infer_default_notes_the_older_paste(paste):
    code, out, err = run_infer([str(paste)], format="json")
    assert code == 0 and json.loads(out)["julia_version"] == "1.10"
    assert "printed by Julia 1.6–1.8" in err and "answered with Julia 1.10's rules" in err
    code, _, err = run_infer([str(paste)], quiet=True)
    assert code == 0 and err == ""


def test_infer_refuses_an_unknown_version(paste):
    code, out, err = run_infer([str(paste)], julia="1.9")
    assert code == 2 and out == "" and "--julia must be one of 1.10, 1.11, 1.12 (got '1.9')" in err


@pytest.mark.parametrize("argv", [
    ["infer", "--julia", "1.11"], ["explain", "--slot", "x", "--julia", "1.11"], ["stubs", "--julia", "1.11"],
    ["cfg", "--states", "--julia", "1.11"], ["report", "-o", "-", "--julia", "1.11"],
])
def test_every_command_takes_julia(paste, argv):
    runner = CliRunner()
    res = runner.invoke(app, [*argv, str(paste)])
    assert res.exit_code == 0, res.output
    bad = runner.invoke(app, [*[a if a != "1.11" else "2.0" for a in argv], str(paste)])
    assert bad.exit_code == 2 and "1.10, 1.11, 1.12" in bad.output


@pytest.mark.parametrize("version", ["1.10", "1.11", "1.12"])
def test_the_text_output_names_the_rules_and_reads_back_with_them(paste, tmp_path, version):
    """An answer with 1.11's or 1.12's rules starts `# answered with Julia 1.1x's rules`, so the output
    reads back (without `--julia`) with the rules that answered it, to the same text; 1.10's, the
    default, names none; `--plain` (Julia's own layout) never does."""
    code, out, _ = run_infer([str(paste)], julia=version, quiet=True)
    assert code == 0
    assert out.startswith(f"# answered with Julia {version}'s rules\n") == (version != "1.10")
    again = tmp_path / "again.ir"
    again.write_text(out)
    code, out2, _ = run_infer([str(again)], quiet=True)
    assert code == 0 and out2 == out
    code, plain, _ = run_infer([str(paste)], julia=version, plain=True, quiet=True)
    assert code == 0 and not plain.startswith("#")
