"""The `irc infer` / `irc explain` / `irc cfg --states` command line, end to end.

Most cases call `irc.batch.cli_infer` in-process (what the typer command
delegates to) with StringIO streams; a few run `python -m irc` to check the
wiring, exit codes and that no traceback ever reaches the user.
"""
from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from irc.output import colour
from irc.cli.commands import explain_main
from irc.cli.driver import Options

from infer_runner import run_infer, write_progs
from irc_inprocess import run_irc
from progs import LOOP

ROOT = Path(__file__).resolve().parents[2]
BROKEN = "function bad(x::Int64)\n1 ─ %1 = (x +\n└── return %1\nend\n"


run = run_infer


@pytest.fixture
def progs(tmp_path):
    return write_progs(tmp_path)


def test_text_to_stdout(progs):
    code, out, err = run([progs["loop"]])
    assert code == 0
    assert "MethodInstance for prodto(::Int64)" in out
    assert "\x1b[" not in out  # not a terminal: no colour


def test_json_single_file_is_the_spec_document(progs):
    code, out, _ = run([progs["loop"]], format="json")
    assert code == 0
    doc = json.loads(out)
    # the spec's document, with the rules version used and why first (issue 28)
    assert list(doc) == ["julia_version", "julia_version_evidence", "functions"]
    assert doc["functions"][0]["name"] == "prodto"
    assert doc["julia_version"] == "1.10" and doc["julia_version_evidence"] == "no version marker"


def test_json_several_files_and_a_failing_one(progs, tmp_path):
    bad = tmp_path / "bad.ir"
    bad.write_text(BROKEN)
    code, out, err = run([progs["loop"], bad, progs["try"]], format="json")
    assert code == 1  # one input failed
    doc = json.loads(out)
    assert [f["path"] for f in doc["files"]] == [str(progs["loop"]), str(bad), str(progs["try"])]
    assert doc["files"][1]["functions"] == [] and doc["files"][1]["errors"][0]["severity"] == "error"
    assert doc["files"][2]["functions"][0]["name"] == "guarded"  # the bad file did not stop the others
    assert f"{bad}:2:" in err and "1 of 3 inputs failed" in err


def test_jsonl(progs):
    code, out, _ = run([progs["loop"], progs["try"]], format="jsonl")
    lines = [json.loads(l) for l in out.splitlines()]
    assert code == 0 and [(l["file"], l["name"]) for l in lines] == [(str(progs["loop"]), "prodto"),
                                                                      (str(progs["try"]), "guarded")]


def test_directory_input_sorted(progs, tmp_path):
    code, out, _ = run([tmp_path], format="jsonl")
    assert [json.loads(l)["name"] for l in out.splitlines()] == ["twice", "pick", "prodto", "guarded"]


def test_check_exit_status_and_summary(progs):
    code, out, _ = run([progs["annotated"]], check=True)
    assert code == 1
    assert out.splitlines()[-1] == "6 agree, 1 differ"
    assert out.splitlines()[0] == f"{progs['annotated']}:7:6: slot w inferred Int64, Julia printed Float64"
    code, out, _ = run([progs["annotated"]], check=True, exact=True)
    assert code == 1 and out.splitlines()[-1] == "5 agree, 2 differ"
    code, out, _ = run([progs["loop"]], check=True)  # issue 31 §3: nothing compared says why
    assert code == 0 and out == ("0 agree, 0 differ: nothing to compare, the input carries no type Julia printed "
                                 "(`@code_lowered` or a hand-written file)\n")


def test_check_on_inputs_that_could_not_be_read_says_not_checked(progs, tmp_path):
    bad = tmp_path / "bad.ir"
    bad.write_text("CodeInfo(\n1 ─ %1 = φ (#2 => 1)::Int64\n└──      return %1\n) => Int64\n")
    code, out, err = run([bad], check=True)
    assert code == 1 and out == "not checked: irc could not read the input (see the errors above)\n"
    assert "optimized IR" in err
    code, out, _ = run([bad, bad], check=True)
    assert out == "not checked: irc could not read any of the 2 inputs (see the errors above)\n"
    code, out, _ = run([progs["annotated"], bad], check=True)
    assert code == 1 and out.splitlines()[-1] == "6 agree, 1 differ; 1 of 2 inputs not checked (irc could not read it)"


def test_check_of_an_input_irc_could_not_read_says_not_checked(progs, tmp_path):
    """Issue 31 §3: never `0 agree, 0 differ` for an input that was not read."""
    bad = tmp_path / "bad.ir"
    bad.write_text("function f(x::Int64)\n1 ─ %1 = x +\n└──      return %1\nend\n", encoding="utf-8")
    code, out, err = run([bad], check=True)
    assert code == 1 and out == "not checked: irc could not read the input (see the errors above)\n"
    assert f"{bad}:2:" in err
    code, out, _ = run([bad, progs["annotated"]], check=True)
    assert code == 1 and out.splitlines()[-1] == "6 agree, 1 differ; 1 of 2 inputs not checked (irc could not read it)"
    code, out, _ = run([bad, bad], check=True)
    assert out.splitlines()[-1] == "not checked: irc could not read any of the 2 inputs (see the errors above)"


def test_warnings_quiet_strict(progs):
    code, out, err = run([progs["branch"]])
    assert code == 0
    assert "warning: local variable `y` may be undefined" in err
    assert f"{progs['branch']}:" in err and err.rstrip().endswith("1 warning in 1 function")
    code, out, err = run([progs["branch"]], quiet=True)
    assert code == 0 and "warning" not in err
    code, out, err = run([progs["branch"]], strict=True)
    assert code == 1
    code, out, err = run([progs["branch"]], warn_only=True)
    assert out == "" and "may be undefined" in err


def test_stats_on_stderr(progs):
    code, out, err = run([progs["loop"]], stats=True, state="live")
    assert code == 0
    assert "stats (--state live): 1 file, 1 function" in err
    for word in ("statements", "blocks", "slots", "blocks visited", "peak state cells", " of state",
                 "time: parse ", "cfg", "infer", "engine", "print"):
        assert word in err


def test_output_file_is_written_whole(progs, tmp_path):
    dest = tmp_path / "out" / "all.txt"
    code, out, _ = run([progs["loop"], progs["try"]], output=str(dest))
    assert code == 0 and out == ""
    text = dest.read_text()
    assert text.startswith(f"# file: {progs['loop']}\n") and "MethodInstance for guarded(::Int64)" in text


def test_out_dir_one_file_per_input_and_none_for_failures(progs, tmp_path):
    bad = tmp_path / "bad.ir"
    bad.write_text(BROKEN)
    out_dir = tmp_path / "results"
    code, out, err = run([progs["loop"], bad], out_dir=str(out_dir), format="json")
    assert code == 1
    assert sorted(os.listdir(out_dir)) == ["loop.json"]
    assert json.loads((out_dir / "loop.json").read_text())["functions"][0]["name"] == "prodto"


def test_jobs_give_the_same_output_in_order(progs):
    files = [progs[k] for k in ("loop", "branch", "try", "annotated")]
    one = run(files, jobs=1)
    two = run(files, jobs=2)
    assert one[:2] == two[:2]


def test_stdin(progs, monkeypatch):
    monkeypatch.setattr(sys, "stdin", io.StringIO(LOOP))
    code, out, _ = run(["-"], format="json")
    assert code == 0 and json.loads(out)["functions"][0]["name"] == "prodto"


def test_usage_errors(progs):
    assert run([progs["loop"]], format="xml")[0] == 2
    assert run([progs["loop"]], state="fast")[0] == 2
    assert run([progs["loop"]], output="a", out_dir="b")[0] == 2
    assert run([progs["loop"]], exact=True)[0] == 2
    assert run([], )[0] == 2


def test_missing_file_is_reported_not_raised(tmp_path, progs):
    code, out, err = run([tmp_path / "nope.ir", progs["loop"]])
    assert code == 1
    assert "cannot read" in err and "MethodInstance for prodto" in out


def test_colour_always(progs):
    code, out, _ = run([progs["branch"]], color="always")
    assert "\x1b[" in out
    assert colour.strip_ansi(out) == run([progs["branch"]], color="never")[1]


def test_explain(progs):
    out, err = io.StringIO(), io.StringIO()
    code = explain_main(str(progs["branch"]), "y", None, Options(prelude=False), out, err)
    text = out.getvalue()
    assert code == 0, err.getvalue()
    assert text.startswith("slot y (slot 4) in pick: Int64")
    assert "SLOT_USEDUNDEF" in text
    assert "  entry #3: Int64 (undef)\n" in text
    assert "line 4: y = x  ->  Int64 (widened, now defined; was Union{} (undef))" in text
    assert "merge of #1: Union{} (undef), #2: Int64" in text
    code = explain_main(str(progs["branch"]), "nope", None, Options(prelude=False), io.StringIO(), err)
    assert code == 1


def _cli(*args, stdin=None):
    return subprocess.run([sys.executable, "-m", "irc", *args], cwd=ROOT, capture_output=True, text=True,
                          input=stdin, timeout=120)


def test_cli_wiring_end_to_end(progs, tmp_path):
    p = _cli("infer", "--no-prelude", "--format", "json", str(progs["loop"]))
    assert p.returncode == 0, p.stderr
    assert json.loads(p.stdout)["functions"][0]["return_type"] == "Int64"
    p = _cli("infer", "--no-prelude", "--check", "--exact", str(progs["annotated"]))
    assert p.returncode == 1 and p.stdout.endswith("5 agree, 2 differ\n")
    p = _cli("infer", "--format", "xml", str(progs["loop"]))
    assert p.returncode == 2 and "Traceback" not in p.stderr
    p = _cli("explain", "--no-prelude", str(progs["branch"]), "--slot", "y")
    assert p.returncode == 0 and "slot y" in p.stdout
    p = _cli("cfg", "--no-prelude", "--dot", "--states", str(progs["branch"]))
    assert p.returncode == 0 and p.stdout.startswith("digraph ") and "cluster_f1_pick" in p.stdout and "unreached" in p.stdout


def test_docs_cover_every_option():
    """docs/cli.md shows every command's every long option (matching --help)."""
    import typer

    from irc.cli.app import app

    doc = (ROOT / "docs" / "cli.md").read_text()
    group = typer.main.get_command(app)
    for name in ("infer", "report", "explain", "cfg", "fmt", "stubs"):
        assert f"irc {name}" in doc, name
        for param in group.commands[name].params:
            for opt in param.opts:
                if opt.startswith("--") and opt != "--help":
                    assert opt in doc, f"{name} {opt} missing from docs/cli.md"


def test_docs_examples_run(tmp_path):
    """Every self-contained `irc …` example line in docs/cli.md runs with the status it promises."""
    import re
    import shlex

    doc = (ROOT / "docs" / "cli.md").read_text()
    blocks = re.findall(r"```sh\n(.*?)```", doc, re.S)
    cmds = [l.split("#")[0].strip() for b in blocks for l in b.splitlines()]
    cmds = [c for c in cmds if c.startswith("irc ") and "|" not in c and ">" not in c
            and "my_decls" not in c and "dot" not in c.split()[1:2] and "--format svg" not in c
            and "out/" not in c and "-o " not in c]
    assert len(cmds) >= 10
    for c in cmds:  # in-process: the process entry is test_cli_wiring_end_to_end's and test_process_entry's
        code, _, err = run_irc(shlex.split(c)[1:])
        assert code in (0, 1), (c, err[-2000:])
        assert "Traceback" not in err, c


def test_output_never_overwrites_an_input(progs):
    before = progs["loop"].read_text()
    code, _, err = run([progs["loop"]], output=str(progs["loop"]))
    assert code == 2 and "refusing" in err and progs["loop"].read_text() == before


def test_explain_union_accumulator_names_both_assignments():
    """Issue 6's acceptance: the union of `s` comes from `s = 0` and `s = %9 + %10`."""
    out, err = io.StringIO(), io.StringIO()
    code = explain_main(str(ROOT / "samples" / "union_accumulator.ir"), "s", None, Options(), out, err)
    text = out.getvalue()
    assert code == 0, err.getvalue()
    assert text.startswith("slot s (slot 4) in half_sum: Union{Float64, Int64}")
    assert "line 46: s = 0  ->  Core.Const(0)" in text
    assert "line 56: s = %9 + %10  ->  Float64" in text
    assert "merge of #1: Core.Const(0), #3: Float64" in text


def _generated(k: int) -> str:
    """A small generated function; `k` varies its constants, branch and union."""
    return (
        f"function g{k}(x::Int64, c::Bool)\n"
        f"1 ─ %1 = Base.add_int(x, {k})\n"
        f"└──      goto #3 if not c\n"
        f"2 ─      y = %1\n"
        f"└──      goto #4\n"
        f"3 ─      y = {k}.5\n"
        f"4 ┄      return y\n"
        f"end\n"
    )


def test_jobs_two_on_fifty_generated_files_with_one_broken(tmp_path):
    """Issue 6: a folder of 50 generated files, one broken; --jobs 2 equals --jobs 1."""
    folder = tmp_path / "many"
    folder.mkdir()
    for k in range(50):
        (folder / f"f{k:02d}.ir").write_text(BROKEN if k == 17 else _generated(k))
    results = {}
    for jobs in (1, 2):
        out_dir = tmp_path / f"out{jobs}"
        code, out, err = run([folder], jobs=jobs, out_dir=str(out_dir), format="json")
        assert code == 1  # some input failed
        assert f"{folder / 'f17.ir'}:2:" in err and "error:" in err and "Traceback" not in err
        names = sorted(os.listdir(out_dir))
        assert len(names) == 49 and "f17.json" not in names
        results[jobs] = {n: (out_dir / n).read_text() for n in names}
    assert results[1] == results[2]
    doc = json.loads(results[2]["f03.json"])
    assert doc["functions"][0]["return_type"] == "Union{Float64, Int64}"


def test_output_file_is_whole_or_untouched_when_the_run_is_killed(tmp_path):
    """Issue 6: -o FILE is written atomically; killing irc midway leaves the old file."""
    import signal
    import time

    lines = ["function big(x::Float64)", "1 ─      a1 = x"]
    for i in range(2, 20000):
        lines.append(f"│        a{i} = a{i - 1} + x")
    lines += ["└──      return a19999", "end"]
    src = tmp_path / "big.ir"
    src.write_text("\n".join(lines) + "\n")
    dest = tmp_path / "result.txt"
    full = _cli("infer", str(src), "-o", str(dest))
    assert full.returncode == 0, full.stderr
    complete = dest.read_text()
    assert complete.rstrip().endswith("return a19999")
    for delay in (0.3, 0.8, 1.5):
        dest.write_text("old\n")
        proc = subprocess.Popen([sys.executable, "-m", "irc", "infer", str(src), "-o", str(dest)], cwd=ROOT,
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        time.sleep(delay)
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=60)
        assert dest.read_text() in ("old\n", complete)


def _explain_stmt(sample: str, stmt: str) -> str:
    out, err = io.StringIO(), io.StringIO()
    assert explain_main(str(ROOT / "samples" / sample), None, None, Options(), out, err, stmt=stmt) == 0, err.getvalue()
    return out.getvalue()


def test_explain_stmt_on_a_jump_a_return_and_a_slot_read():
    """Issue 31 §2: a statement that is no call is explained, never 'not a call'."""
    for stmt in [str(k) for k in range(1, 18)]:
        assert "not a call" not in _explain_stmt("union_accumulator.ir", stmt)
    branch = _explain_stmt("union_accumulator.ir", "%5")
    assert "goto #4 if not %4: a branch on a condition of type Bool" in branch
    assert "its value is %4 (statement 4, line 49): Bool; see --stmt %4" in branch
    assert "goto #2: an unconditional jump" in _explain_stmt("union_accumulator.ir", "16")
    ret = _explain_stmt("union_accumulator.ir", "17")
    assert "return s: returns Union{Float64, Int64}" in ret and "a read of slot s" in ret and "see --slot s" in ret
    read = _explain_stmt("union_accumulator.ir", "%9")
    assert "a read of slot s: its state here is Union{Float64, Int64}" in read
    assert "a literal: Core.Const(0)" in _explain_stmt("union_accumulator.ir", "1")


def test_explain_slot_by_a_name_that_several_slots_share_lists_them():
    out, err = io.StringIO(), io.StringIO()
    assert explain_main(str(ROOT / "samples" / "loop_isa_refine.ir"), "x", None, Options(), out, err) == 1
    assert "several slots are named 'x': x@_2, x@_3; give one of them" in err.getvalue()
    out, err = io.StringIO(), io.StringIO()
    assert explain_main(str(ROOT / "samples" / "loop_isa_refine.ir"), "x@_3", None, Options(), out, err) == 0
    assert out.getvalue().startswith("slot x@_3 (slot 3)")
