"""`irc infer`'s command line read without typer (`irc.cli.argv`, used by
`irc.cli.app.main`) equals the typer application's reading of it.

- the fast path's tables are the `infer` command's options (spellings,
  flags, the repeatable and integer ones, defaults);
- on every command line it accepts -- hand-picked ones and generated ones --
  it calls `cli_infer` with exactly the arguments typer's `infer_cmd` passes;
- what it refuses still runs (the typer application answers it);
- an exception escaping `cli_infer` ends the process as under typer
  (status and stderr);
- a plain `irc infer FILE` imports neither typer nor pydantic, nor the
  modules only other options need.
"""
from __future__ import annotations

import inspect
import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from budget import examples

from irc.cli import app as A
from irc.cli import argv as FP
from irc.cli import batch

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = ROOT / "samples" / "union_accumulator.ir"


def _infer_command():
    import typer

    from irc.cli.typer_app import app

    return typer.main.get_command(app).commands["infer"]


def test_tables_are_the_infer_commands_options():
    import typer

    cmd = _infer_command()
    spellings = {}
    for p in cmd.params:
        if p.param_type_name != "option":
            continue
        for o in (*p.opts, *p.secondary_opts):
            spellings[o] = p
    spellings = {o: p for o, p in spellings.items() if o not in ("-h", "--help")}
    assert set(spellings) == set(FP.FLAGS) | set(FP.VALUES)
    assert not set(FP.FLAGS) & set(FP.VALUES)
    for o, p in spellings.items():
        if p.is_flag:
            assert FP.FLAGS[o] == p.name and not p.secondary_opts, o
        else:
            assert FP.VALUES[o] == p.name, o
            assert (p.name in FP.REPEATABLE) == bool(p.multiple), o
            assert p.nargs == 1, o
    names = {p.name for p in cmd.params if p.param_type_name == "option"} - {"help"}
    assert names == set(FP.DEFAULTS)
    from typing import get_type_hints

    from irc.cli.typer_app import infer_cmd

    hints = get_type_hints(infer_cmd)
    assert {n for n, t in hints.items() if t is int} == set(FP.INTEGER)
    for name, param in inspect.signature(infer_cmd).parameters.items():
        if name in FP.DEFAULTS:
            default = param.default.default
            assert FP.DEFAULTS[name] == (list(default or []) if name in FP.REPEATABLE else default), name
    [files] = [p for p in cmd.params if p.param_type_name == "argument"]
    assert files.name == "files" and files.nargs == -1 and not files.required
    assert typer  # imported for the command


def _typer_call(args: list[str], monkeypatch) -> tuple[int, tuple | None]:
    """(exit status, (files, keywords) typer's infer_cmd passed to cli_infer or None)."""
    from irc.cli.typer_app import app

    seen = []

    def fake(files, **kw):
        seen.append((files, kw))
        return 0

    monkeypatch.setattr(batch, "cli_infer", fake)
    try:
        app(args=list(args), prog_name="irc", standalone_mode=True, obj={"keep": None})
        code = 0
    except SystemExit as e:
        code = e.code if isinstance(e.code, int) else 1
    return code, (seen[0] if seen else None)


def _fast_call(args: list[str]):
    call = FP.infer_call(list(args), environ={})
    if call is None:
        return None
    files, kw = call
    return files, {**kw, "keep": None}


HAND = [
    ["infer"],
    ["infer", "a.ir"],
    ["infer", "a.ir", "b.ir", "-"],
    ["infer", "-"],
    ["infer", "", "a.ir"],
    ["infer", "--stats", "a.ir"],
    ["infer", "a.ir", "--stats", "--check", "--exact", "-q", "--strict"],
    ["infer", "--format", "json", "a.ir"],
    ["infer", "-f", "jsonl", "a.ir"],
    ["infer", "-f", "nonsense", "a.ir"],
    ["infer", "--state", "stmt", "--color", "always", "--entries", "full", "a.ir"],
    ["infer", "-j", "3", "a.ir", "b.ir"],
    ["infer", "--jobs", "0", "a.ir"],
    ["infer", "--jobs", "12", "a.ir"],
    ["infer", "--prelude", "p1.ir", "--prelude", "p2.ir", "a.ir", "--prelude", "p3.ir"],
    ["infer", "--no-prelude", "--warn-only", "--plain", "--hide-stable", "--use-printed-types", "a.ir"],
    ["infer", "-o", "out.txt", "a.ir"],
    ["infer", "--output", "out.txt", "--signature", "f(x::Int64)", "a.ir"],
    ["infer", "--out-dir", "d", "--scheduler", "tcp://h:1", "a.ir"],
    # refused by the fast path (typer reads them)
    ["infer", "--format=json", "a.ir"],
    ["infer", "-fjson", "a.ir"],
    ["infer", "-qj", "2", "a.ir"],
    ["infer", "--", "a.ir"],
    ["infer", "--stats", "--stats", "a.ir"],
    ["infer", "--state", "stmt", "--state", "block", "a.ir"],
    ["infer", "--jobs", "007", "a.ir"],
    ["infer", "--jobs", "-1", "a.ir"],
    ["infer", "--jobs", "x", "a.ir"],
    ["infer", "--jobs", " 3", "a.ir"],
    ["infer", "-o", "-", "a.ir"],
    ["infer", "--format"],
    ["infer", "--unknown", "a.ir"],
    ["infer", "--stat", "a.ir"],
    ["--version"],
    ["fmt", "a.ir"],
]


@pytest.mark.parametrize("args", HAND, ids=lambda a: " ".join(a) or "none")
def test_fast_path_passes_what_typer_passes(args, monkeypatch):
    fast = _fast_call(args)
    if fast is None:
        return  # typer reads it (the general path; tests/cli pins its messages)
    code, typed = _typer_call(args, monkeypatch)
    assert code == 0 and typed == fast


def test_hand_picked_lines_cover_both_outcomes():
    accepted = [a for a in HAND if _fast_call(a) is not None]
    assert len(accepted) >= 15 and len(HAND) - len(accepted) >= 15


TOKENS = ["a.ir", "b.ir", "-", "", "x y.ir", "--stats", "--check", "--exact", "--no-prelude", "--warn-only",
          "--quiet", "-q", "--strict", "--plain", "--hide-stable", "--use-printed-types", "--format", "-f",
          "--state", "--prelude", "--color", "-o", "--output", "--out-dir", "--jobs", "-j", "--signature",
          "--scheduler", "--entries", "json", "text", "stmt", "never", "full", "2", "0", "10", "007", "-1", "--",
          "--format=json", "-qj", "--statz", "p.ir"]


@settings(max_examples=examples(300), deadline=None)
@given(st.lists(st.sampled_from(TOKENS), max_size=9))
def test_generated_command_lines(tokens):
    args = ["infer", *tokens]
    fast = _fast_call(args)
    if fast is None:
        return
    mp = pytest.MonkeyPatch()
    try:
        code, typed = _typer_call(args, mp)
    finally:
        mp.undo()
    assert code == 0 and typed == fast, args


def test_refusals_are_not_taken():
    assert FP.infer_call(["infer", "a.ir"], environ={"_IRC_COMPLETE": "bash_complete"}) is None
    assert FP.infer_call(["infer", "a.ir"], environ={"_IRC_COMPLETE": ""}) is not None
    for args in (["infer", "-h"], ["infer", "a.ir", "--help"], ["infer", "--version"], ["report", "a.ir"], []):
        assert FP.infer_call(args, environ={}) is None, args


# ---------------------------------------------------------------- the whole command, both ways


def _run(entry, args, capsys) -> tuple[int, str, str]:
    try:
        entry(args)
        code = 0
    except SystemExit as e:
        code = e.code
    out = capsys.readouterr()
    return code, out.out, out.err


@pytest.mark.parametrize("args", [
    ["infer", str(SAMPLE)],
    ["infer", "--stats", "--state", "block", str(SAMPLE)],
    ["infer", "-f", "json", str(SAMPLE)],
    ["infer", "--check", str(SAMPLE)],
    ["infer", "-f", "yaml", str(SAMPLE)],
    ["infer", "--exact", str(SAMPLE)],
    ["infer", "/nonexistent/x.ir"],
    ["infer"],
], ids=lambda a: " ".join(a[1:]).replace(str(ROOT), "") or "none")
def test_main_prints_what_the_typer_application_prints(args, capsys):
    assert FP.infer_call(args, environ={}) is not None
    fast = _run(lambda a: A.main(a), args, capsys)
    typed = _run(lambda a: A._run_typer(a, {"keep": None}), args, capsys)
    if "--stats" in args:  # times differ run to run
        fast = fast[:2] + ("\n".join(l for l in fast[2].splitlines() if "time:" not in l),)
        typed = typed[:2] + ("\n".join(l for l in typed[2].splitlines() if "time:" not in l),)
    assert fast == typed


@pytest.mark.parametrize("exc", [KeyboardInterrupt(), EOFError(), RuntimeError("boom"), BrokenPipeError(32, "pipe"),
                                 RecursionError("deep")], ids=lambda e: type(e).__name__)
def test_an_exception_ends_the_run_as_under_typer(exc, monkeypatch, capsys):
    def boom(files, **kw):
        raise exc

    monkeypatch.setattr(batch, "cli_infer", boom)
    args = ["infer", str(SAMPLE)]
    stdout, stderr = sys.stdout, sys.stderr
    try:
        fast = _run(lambda a: A.main(a), args, capsys)
        sys.stdout, sys.stderr = stdout, stderr  # typer may wrap them after a broken pipe
        typed = _run(lambda a: A._run_typer(a, {"keep": None}), args, capsys)
    finally:
        sys.stdout, sys.stderr = stdout, stderr
    assert fast == typed
    assert fast[0] != 0


def test_plain_infer_imports_neither_typer_nor_the_other_options_modules():
    code = ("import sys\nfrom irc.cli.app import main\n"
            "try:\n    main(['infer', sys.argv[1]])\nexcept SystemExit as e:\n    code = e.code\n"
            "print(code, ' '.join(sorted(sys.modules)), file=sys.stderr)\n")
    p = subprocess.run([sys.executable, "-c", code, str(SAMPLE)], capture_output=True, text=True, timeout=120)
    status, modules = p.stderr.strip().splitlines()[-1].split(" ", 1)
    modules = set(modules.split())
    assert status == "0" and "MethodInstance" in p.stdout
    lazy = {"typer", "click", "pydantic", "rich", "irc.cli.typer_app", "irc.cli.cluster", "irc.cli.loading",
            "irc.output.jsondoc", "irc.diagnose.reports", "irc.diagnose.check", "irc.diagnose.explain", "json"}
    assert not lazy & modules, sorted(lazy & modules)
    assert "irc.output.text" in modules  # it did print


def test_other_commands_and_help_still_run_the_typer_application():
    for args, status, needle in ((["infer", "--help"], 0, "Usage: irc infer"), (["--version"], 0, "irc "),
                                 (["infer", "--jobs", "x", str(SAMPLE)], 2, "--jobs")):
        p = subprocess.run([sys.executable, "-m", "irc", *args], capture_output=True, text=True, timeout=120,
                           env={**os.environ, "COLUMNS": "100"})
        assert p.returncode == status and needle in p.stdout + p.stderr, (args, p.stdout, p.stderr)
