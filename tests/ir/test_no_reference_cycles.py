"""Processing a file leaves no cyclic garbage behind.

irc pauses the cyclic collector while it works (`driver._gc_paused`).  If the
IR it builds sits in (or hangs off) a reference cycle, reference counting
cannot free it and the first collection after the pause walks every object
of the program: 0.4 s on a 100k-statement function, paid inside
`process_file` but outside every phase timer (a closure cycle in the builder
did exactly that).  So: with the collector off, process a program, drop the
result, and the collector must find (next to) nothing.
"""
from __future__ import annotations

import gc
import importlib.util
import sys
from pathlib import Path

import pytest

from budget import spread

from irc.cli import driver
ROOT = Path(__file__).resolve().parents[2]
_spec = importlib.util.spec_from_file_location("gen_mtk", ROOT / "bench" / "gen_mtk.py")
gen_mtk = importlib.util.module_from_spec(_spec)
sys.modules.setdefault("gen_mtk", gen_mtk)
_spec.loader.exec_module(gen_mtk)

PROGRAM = gen_mtk.generate(gen_mtk.GenParams(3_000, 200, 100, seed=2)).text
BROKEN = "function f(x)\n1 ─ %1 = g(%7)\n│        return %1\nend\n"
SAMPLE = (ROOT / "samples" / "union_accumulator.ir").read_text(encoding="utf-8")


def garbage_after(text: str, opts: driver.RenderOptions) -> int:
    """Unreachable objects the collector finds after one `process_file` (warm process)."""
    driver.process_file("warm.ir", text, opts)  # first-use imports and caches are not the point
    gc.collect()
    was = gc.isenabled()
    gc.disable()
    try:
        out = driver.process_file("x.ir", text, opts)
        assert out.errors == (text is BROKEN)
        del out
        return gc.collect()
    finally:
        if was:
            gc.enable()


# each format in one store by default (by hash), in every store under --exhaustive
@pytest.mark.parametrize("fmt,store", spread(["text", "json"], ["stmt", "block", "live", "shared"]))
def test_generated_program_is_freed_by_reference_counting(store, fmt):
    opts = driver.RenderOptions(format=fmt, analysis=driver.Options(store=store))
    assert garbage_after(PROGRAM, opts) < 20  # a cycle holding the IR leaves ~8 objects per statement


@pytest.mark.parametrize("text", [SAMPLE, BROKEN], ids=["sample", "errors"])
def test_sample_and_errors_leave_no_cycles(text):
    assert garbage_after(text, driver.RenderOptions()) < 20


def test_process_entry_runs_without_the_cyclic_collector(tmp_path):
    """`python -m irc` / the `irc` script turn the collector off (start-up cost);
    in-process callers of `irc.cli.main` keep theirs."""
    import subprocess

    code = ("import gc, sys\nimport irc.cli.app as C\nreal = C.main\n"
            "def spy(argv=None, keep=None):\n    print('collector on:', gc.isenabled(), file=sys.stderr)\n"
            "    real(argv, keep)\n"
            "C.main = spy\nfrom irc.__main__ import run\nsys.argv = ['irc', 'infer', sys.argv[1]]\nrun()\n")
    p = subprocess.run([sys.executable, "-c", code, str(ROOT / "samples" / "union_accumulator.ir")],
                       capture_output=True, text=True, timeout=120)
    assert p.returncode == 0 and "MethodInstance" in p.stdout
    assert p.stderr.splitlines()[0] == "collector on: False"

    from irc.cli.app import main

    assert gc.isenabled()
    with pytest.raises(SystemExit):
        main(["infer", str(ROOT / "samples" / "union_accumulator.ir")])
    assert gc.isenabled()


def test_the_ir_keeps_no_body_line_of_the_syntax_tree():
    """After building, the syntax tree's body lines can go: the IR's functions keep their
    headers (`fn.source`) without them, so what the IR does not share is freed before inference."""
    from irc.syntax import tree as S

    source = driver.parse("g.ir", PROGRAM)
    (fd,) = [it for it in source.items if isinstance(it, S.FunctionDef)]
    assert len(fd.lines) > 2_000
    program = driver.build(source)
    (fn,) = program.functions
    assert fn.source.lines == [] and fn.source.name == fd.name and fn.source.line == fd.line
    assert len(fd.lines) > 2_000  # the parsed tree itself is not changed
    refs = {id(x) for x in gc.get_referents(*gc.get_referents(fn))}
    assert not any(id(bl) in refs for bl in fd.lines[:50])


def test_fast_path_names_share_their_parts():
    """Every occurrence of a name in the fast path's lines shares one `parts` tuple (millions of
    operands name a few thousand locals)."""
    from irc.syntax import tree as S

    source = driver.parse("g.ir", PROGRAM)
    (fd,) = [it for it in source.items if isinstance(it, S.FunctionDef)]
    by_text: dict = {}
    for bl in fd.lines:
        st = bl.stmt
        if not isinstance(st, (S.Assign, S.ValueStmt)):
            continue
        nodes = [st.target] if isinstance(st, S.Assign) else []
        v = st.value
        nodes += [v.func, *v.args] if isinstance(v, S.Call) else [v]
        for x in nodes:
            if isinstance(x, S.Name):
                by_text.setdefault(x.parts, set()).add(id(x.parts))
    assert len(by_text) > 100
    assert all(len(ids) == 1 for ids in by_text.values())
