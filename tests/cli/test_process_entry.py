"""The process entry (`irc.__main__.run`): keeps the last analysis, exits with
`os._exit` after flushing -- and still delivers every byte and status."""
from __future__ import annotations

import importlib.util
import io
import os
import subprocess
import sys
from pathlib import Path

import pytest

from irc.cli import driver
from irc.__main__ import _exit_status
from irc.cli.batch import cli_infer

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = ROOT / "samples" / "union_accumulator.ir"
OTHER = ROOT / "samples" / "any_argument_dispatch.ir"


def gen_program(tmp_path: Path) -> Path:
    gen = sys.modules.get("gen_mtk")
    if gen is None:
        spec = importlib.util.spec_from_file_location("gen_mtk", ROOT / "bench" / "gen_mtk.py")
        gen = importlib.util.module_from_spec(spec)
        sys.modules["gen_mtk"] = gen
        spec.loader.exec_module(gen)
    p = tmp_path / "big.ir"
    p.write_text(gen.generate(gen.GenParams(3_000, 200, 100, seed=2)).text, encoding="utf-8")
    return p


def in_process(*args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    files = [a for a in args if not a.startswith("-")]
    code = cli_infer(files, stdout=out, stderr=err, stats=False)
    return code, out.getvalue(), err.getvalue()


def irc(*args: str) -> subprocess.CompletedProcess:
    """`python -m irc ARGS` with buffered stdout (so a missing flush before `os._exit` would lose output)."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONUNBUFFERED"}
    return subprocess.run([sys.executable, "-m", "irc", *args], capture_output=True, text=True, timeout=300, env=env)


def test_keep_holds_the_last_inputs_analysis():
    keep: list = []
    code = cli_infer([str(SAMPLE), str(OTHER)], stdout=io.StringIO(), stderr=io.StringIO(), keep=keep)
    assert code == 0
    [res] = keep
    assert isinstance(res, driver.FileResult) and res.path == str(OTHER) and res.program is not None


def test_keep_is_not_used_by_worker_processes():
    keep: list = []
    code = cli_infer([str(SAMPLE), str(OTHER)], jobs=2, stdout=io.StringIO(), stderr=io.StringIO(), keep=keep)
    assert code == 0 and keep == []


def test_large_output_through_a_pipe_is_complete(tmp_path):
    big = gen_program(tmp_path)
    code, out, err = in_process(str(big))
    p = irc("infer", str(big))
    assert p.returncode == code == 0
    assert len(out) > 100_000 and p.stdout == out


def test_output_file_is_complete(tmp_path):
    big = gen_program(tmp_path)
    dest = tmp_path / "out.typed.ir"
    p = irc("infer", str(big), "-o", str(dest))
    assert p.returncode == 0 and p.stdout == ""
    assert dest.read_text(encoding="utf-8") == in_process(str(big))[1]


@pytest.mark.parametrize("args, status", [
    (["infer", str(SAMPLE)], 0),
    (["infer", "/nonexistent/x.ir"], 1),
    (["infer", "--state", "bogus", str(SAMPLE)], 2),
    (["infer", "--no-such-option"], 2),
    (["--version"], 0),
])
def test_exit_statuses(args, status):
    p = irc(*args)
    assert p.returncode == status
    if status:
        assert p.stderr.strip() and "Traceback" not in p.stderr


def test_exit_status_of_system_exit_codes(capsys):
    assert _exit_status(None) == 0 and _exit_status(3) == 3 and _exit_status(256 + 2) == 2
    assert _exit_status("bad things") == 1
    assert capsys.readouterr().err == "bad things\n"
