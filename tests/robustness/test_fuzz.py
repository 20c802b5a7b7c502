"""Mutation fuzzing: nothing a user can type crashes irc (spec §4).

Inputs: every sample under samples/ plus generated programs
(tests/strategies.py).  Each is mutated (tokens and lines deleted, duplicated,
swapped; bits flipped; truncated; Unicode, NUL and syntax fragments
inserted; numbers changed -- see `strategies.mutate`) and run through
parse -> build/cfg -> world -> infer -> print in-process, under a per-case
time limit (SIGALRM).  The outcome must be either success or an `IrcError`
whose every diagnostic is a located error rendered `path:line:col: error: …`
(`strategies.check_located`).  A few mutants also go through the CLI (the
files in-process through `run_irc`, standard input in a subprocess): exit
status 0 or 1, never a traceback, and on 1 a located error on stderr.

Bounded for CI (fixed seeds, a few hundred cases); bench/fuzz_long.py runs
the same loop for minutes.  Regressions found by fuzzing are pinned at the
bottom as explicit inputs.
"""
from __future__ import annotations

import random
import re
import subprocess
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
import strategies as G  # noqa: E402
from budget import examples  # noqa: E402
from conftest import ROOT, sample_files  # noqa: E402
from irc_inprocess import run_irc  # noqa: E402

PER_CASE_SECONDS = 20.0
MUTANTS_PER_SAMPLE = 12
GENERATED = 12
MUTANTS_PER_GENERATED = 12


def seeds_corpus() -> list[tuple[str, str]]:
    out = [(p.name, p.read_text(encoding="utf-8")) for p in sample_files()]
    for i in range(GENERATED):
        out.append((f"gen{i}", G.render(G.random_model(1000 + i, oracle_safe=bool(i % 2)))))
    for i in range(3):  # irc's own output (warntype form, entry comments, dead statements)
        out.append((f"gen-inferred{i}", G.infer_text(G.render(G.random_model(2000 + i)))))
    return out


def _fuzz(name: str, text: str, n: int, seed: int) -> list[str]:
    rnd = random.Random(seed)
    bugs = []
    for k in range(n):
        mutant, descs = G.mutants(text, rnd, 1 + k % 3)
        kind, detail = G.classify(mutant, "fuzz.ir", PER_CASE_SECONDS)
        if kind == "bug":
            bugs.append(f"{name} mutant {k} ({'; '.join(descs)}): {detail}\n--- input ---\n{mutant[:2000]}")
    return bugs


def test_unmutated_corpus_is_accepted():
    """The seeds themselves are valid programs: the pipeline accepts them."""
    bad = []
    for name, text in seeds_corpus():
        kind, detail = G.classify(text, "seed.ir", PER_CASE_SECONDS)
        if kind != "ok":
            bad.append(f"{name}: {kind}: {detail}")
    assert not bad, "\n\n".join(bad)


@pytest.mark.parametrize("idx", range(4))
def test_mutants_never_crash(idx):
    corpus = seeds_corpus()
    bugs = []
    for j, (name, text) in enumerate(corpus):
        if j % 4 != idx:
            continue
        # mutants per seed: the full count under the ci/exhaustive profiles, a share under dev (tests/budget.py)
        n = examples(MUTANTS_PER_SAMPLE if not name.startswith("gen") else MUTANTS_PER_GENERATED)
        bugs.extend(_fuzz(name, text, n, seed=j * 7919 + idx))
    assert not bugs, f"{len(bugs)} crashing inputs:\n\n" + "\n\n".join(bugs[:5])


LOCATED_LINE = re.compile(r"^[^\n]*:\d+:\d+: error: \S", re.M)


def run_cli(args: list[str], data: bytes | None = None, timeout: float = 60.0):
    return subprocess.run([sys.executable, "-m", "irc", *args], input=data, capture_output=True,
                          timeout=timeout, cwd=ROOT)


def test_cli_mutants_exit_1_with_located_errors(tmp_path):
    rnd = random.Random(7)
    text = G.render(G.random_model(77))
    cases: list[bytes] = [text.encode()]
    for _ in range(3):
        cases.append(G.mutants(text, rnd, 2)[0].encode("utf-8"))
    cases.append(text.encode()[: len(text) // 2] + b"\xff\xfe\x00" + text.encode()[len(text) // 2:])  # invalid UTF-8
    cases.append(b"")
    files = []
    for i, data in enumerate(cases):
        p = tmp_path / f"m{i}.ir"
        p.write_bytes(data)
        files.append(p)
    for p in files:  # in this process (`run_irc`: an uncaught exception would fail the test); stdin below in a process
        code, out, err = run_irc(["infer", str(p)])
        assert "Traceback" not in err and "Traceback" not in out, err
        assert code in (0, 1), (p.read_bytes()[:300], code, err)
        if code == 1:
            assert LOCATED_LINE.search(err), err
    # stdin, several files at once
    r = run_cli(["infer", "-"], data=cases[1])
    assert r.returncode in (0, 1) and b"Traceback" not in r.stderr


# ---------------------------------------------------------------- regressions found by fuzzing

def _deep_tuple(d: int) -> str:
    return f"function f(n::Int64)\n1 ─ %1 = {'Core.tuple(' * d}n{')' * d}\n└──      return %1\nend\n"


def _deep_tuple_loop(d: int) -> str:
    grow = "".join("│         x = Core.tuple(x, n)\n" for _ in range(d))
    return ("function f(n::Int64)\n1 ─       x = 0\n2 ┄ %2  = Base.slt_int(n, 1)\n└──       goto #4 if not %2\n"
            f"3 ─       x = Core.tuple(x, n)\n{grow}└──       goto #2\n4 ─       return x\nend\n")


REGRESSIONS: list[tuple[str, str]] = [
    # (description, input) -- each must give "ok" or a located error.
    ("irc/build.py accepts a read of slot 0 (`@_0`, `_0`, `x@_0`); the engine then crashes "
     "(AttributeError in transfer.eval_value)",
     "function f(n::Int64)\n1 ─ %1 = @_0\n└──      return %1\nend\n"),
    ("declaration errors from irc.world carry the path `<input>`, not the file's",
     "declare Base.div(::Int64, ::Int6goto4)::Int64\nfunction f(n::Int64)\n1 ─      return n\nend\n"),
    ("a 190-deep tuple (the parser allows 200 levels) overflows the recursion of irc.typeprint.show "
     "(4 frames per level)", _deep_tuple(190)),
    ("a 200-deep tuple grown in a loop overflows the recursion of lattice.tmerge / subtype._tuple_sub",
     _deep_tuple_loop(200)),
]


@pytest.mark.parametrize("desc,text", REGRESSIONS or [pytest.param("none", "", marks=pytest.mark.skip)])
def test_fuzz_regressions(desc, text):
    kind, detail = G.classify(text, "fuzz.ir", PER_CASE_SECONDS)
    assert kind != "bug", f"{desc}: {detail}"


def test_slot_zero_is_a_located_error():
    for v in ("@_0", "_0", "x@_0"):
        kind, detail = G.classify(f"function f(n::Int64)\n1 ─ %1 = {v}\n└──      return %1\nend\n", "s.ir")
        assert kind == "error", (v, kind, detail)


def test_prelude_error_shows_the_prelude_line(tmp_path):
    bad = tmp_path / "bad.ir"
    bad.write_text("declare Main.g(::Int64)::Flot64\n", encoding="utf-8")
    good = tmp_path / "good.ir"
    good.write_text("function f(n::Int64)\n1 ─ %1 = Main.g(n)\n└──      return %1\nend\n", encoding="utf-8")
    r = run_cli(["infer", "--prelude", str(bad), str(good)])
    err = r.stderr.decode()
    # an unknown type name is kept (spec §1.2): a warning, located in the prelude, with its line
    assert r.returncode == 0 and f"{bad}:1:26: warning: unknown type `Flot64`" in err
    assert "declare Main.g" in err and "function f" not in err, err
    bad.write_text("declare Main.g(::Int64)::Vector{Int64, 1, 2}\n", encoding="utf-8")
    r = run_cli(["infer", "--prelude", str(bad), str(good)])
    err = r.stderr.decode()
    assert r.returncode == 1 and f"{bad}:1:" in err and "error" in err
    assert "declare Main.g" in err and "function f" not in err, err


def test_time_limit_stops_a_loop_that_never_ends():
    """`classify`'s limit is CPU time (the process's, SIGPROF): a loop that never ends is stopped."""
    def spin():
        while True:
            pass

    with pytest.raises(G.Timeout, match="0.2s of CPU time"):
        G.with_time_limit(0.2, spin)
