"""Properties of generated valid programs (tests/strategies.py).

For every generated program (loops, irreducible cycles, diamonds, try/catch
nests with enter/leave, NewvarNode, isa / `=== nothing` / isdefined
conditions, constants, reassignments, reads of possibly-undefined locals):

- it parses and builds, and its CFG is the model's (block count);
- inference terminates (per-example time limit);
- the four state stores print byte-identical text (`--state stmt|block|live|shared`);
- the printed `irc infer` text is a fixed point: inferring it again prints it again;
- `irc fmt` is idempotent, and formatting does not change what inference prints.

Example counts are bounded (`settings(max_examples=…)`) so this file and
test_undef_oracle.py together stay well under two minutes on two cores.
"""
from __future__ import annotations

import sys
from pathlib import Path

from hypothesis import HealthCheck, given, settings

from budget import examples

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
import strategies as G  # noqa: E402

LIMIT = 30.0  # seconds per inference; a hang is a failure, not a slow test
SETTINGS = settings(max_examples=examples(60), deadline=None, suppress_health_check=list(HealthCheck))


def _infer(text: str, store: str = "block") -> str:
    return G.with_time_limit(LIMIT, G.infer_text, text, "gen.ir", store)


def _fmt(text: str) -> str:
    from irc.output.fmt import format_text  # canonical reprint (irc fmt)

    return G.with_time_limit(LIMIT, format_text, text, "gen.ir")


@SETTINGS
@given(G.models(oracle_safe=False))
def test_parses_builds_and_cfg_matches_the_model(m):
    text = G.render(m)
    program, results = G.with_time_limit(LIMIT, G.run_pipeline, text, "gen.ir")
    (fn,) = program.functions
    assert len(fn.stmts) == m.nstmts()
    assert [(b.first, b.last) for b in fn.blocks] == _model_spans(m)
    assert [sorted(b.succs) for b in fn.blocks] == [m.succs(b) for b in range(1, len(m.blocks) + 1)]
    assert [sorted(b.preds) for b in fn.blocks] == [m.preds(b) for b in range(1, len(m.blocks) + 1)]


def _model_spans(m: G.Model) -> list[tuple[int, int]]:
    out, k = [], 0
    for blk in m.blocks:
        out.append((k + 1, k + len(blk.stmts)))
        k += len(blk.stmts)
    return out


@SETTINGS
@given(G.models(oracle_safe=False))
def test_every_store_prints_identical_text(m):
    text = G.render(m)
    outs = {store: _infer(text, store) for store in ("stmt", "block", "live", "shared")}
    assert outs["stmt"] == outs["block"], "stmt vs block differ"
    assert outs["live"] == outs["block"], "live vs block differ"
    assert outs["shared"] == outs["block"], "shared vs block differ"


@SETTINGS
@given(G.models(oracle_safe=False))
def test_infer_output_is_a_fixed_point(m):
    once = _infer(G.render(m))
    twice = _infer(once)
    assert twice == once


@SETTINGS
@given(G.models(oracle_safe=False))
def test_fmt_is_idempotent_and_preserves_inference(m):
    text = G.render(m)
    f1 = _fmt(text)
    assert _fmt(f1) == f1
    assert _infer(f1) == _infer(text)


@settings(max_examples=examples(25), deadline=None, suppress_health_check=list(HealthCheck))
@given(G.models(oracle_safe=False))
def test_ascii_rails_read_the_same(m):
    """The ASCII rail variant (`N -`, `|`, `` `-- ``) is the same program."""
    assert _infer(G.render(m, ascii_rails=True)) == _infer(G.render(m))


# ---------------------------------------------------------------- regressions found by generation


def test_regression_two_digit_join_header_parses():
    """Julia pads block headers with `─` after the kind: with 10+ blocks a join
    prints `2 ┄─`.  The rail regex accepted `┄+` only (fixed in grammar/irc.lark)."""
    from irc.syntax.parser import parse_text

    lines = ["function f(n::Int64)"]
    lines.append("1 ── %1  = Base.slt_int(n, 1)")
    lines.append("└───       goto #3 if not %1")
    lines.append("2 ──       goto #3")
    lines.append("3 ┄─       goto #4")
    for b in range(4, 11):
        lines.append(f"{b} ──       goto #{b + 1}" if b < 10 else f"{b} ─       return n")
    lines.append("end")
    sf = parse_text("\n".join(lines) + "\n", "r.ir")
    body = sf.items[0].lines
    assert [ln.header for ln in body if ln.header] == list(range(1, 11))
    assert body[3].header_kind == "┄"


def _json(text: str, store: str) -> list:
    from irc.output.jsondoc import function_json

    program, results = G.with_time_limit(LIMIT, G.run_pipeline, text, "gen.ir", store)
    return [function_json(fn, r) for fn, r in results]


@settings(max_examples=examples(30), deadline=None, suppress_health_check=list(HealthCheck))
@given(G.models(oracle_safe=False))
def test_json_identical_across_stores(m):
    """§5.2: `--format json` is identical in all modes, except that `live` may
    list only the live slots in each block's `entry`."""
    text = G.render(m)
    stmt, block, live, shared = (_json(text, s) for s in ("stmt", "block", "live", "shared"))
    assert stmt == block == shared
    for fb, fl in zip(block, live):
        for bb, bl in zip(fb["blocks"], fl["blocks"]):
            eb, el = bb.pop("entry"), bl.pop("entry")
            assert (eb is None) == (el is None)
            if el is not None:
                full = {e["slot"]: e for e in eb}
                assert all(full[e["slot"]] == e for e in el), "a live entry differs from the full entry"
        assert fb == fl


def test_cli_state_flag_gives_identical_bytes(tmp_path):
    """The CLI path (`--state stmt|block|live|shared`) as well as the in-process one."""
    import subprocess

    from conftest import ROOT

    p = tmp_path / "g.ir"
    p.write_text(G.render(G.random_model(4242)), encoding="utf-8")
    outs = set()
    for store in ("stmt", "block", "live", "shared"):
        r = subprocess.run([sys.executable, "-m", "irc", "infer", "--state", store, "--color", "never", str(p)],
                           capture_output=True, cwd=ROOT, timeout=120)
        assert r.returncode == 0, r.stderr.decode()
        outs.add(r.stdout)
    assert len(outs) == 1
