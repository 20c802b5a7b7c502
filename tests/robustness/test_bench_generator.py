"""The benchmark generator (bench/gen_mtk.py) writes well-formed, deterministic IR.

The checks re-derive everything from the text with an independent reader (regexes,
a CFG per spec §2 and a must-be-defined dataflow), so a generator bug cannot hide
behind the generator's own bookkeeping.  No timing here.
"""
from __future__ import annotations

import importlib.util
import re
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings

from budget import examples
from hypothesis import strategies as st

ROOT = Path(__file__).resolve().parents[2]
_spec = importlib.util.spec_from_file_location("gen_mtk", ROOT / "bench" / "gen_mtk.py")
gen_mtk = importlib.util.module_from_spec(_spec)
sys.modules["gen_mtk"] = gen_mtk
_spec.loader.exec_module(gen_mtk)

LINE = re.compile(
    r"^(?P<rail>\s*(?P<block>\d+) (?P<kind>[─┄]) |│\s+|└─+ )(?:%(?P<label>\d+)\s+= |\s*)(?P<code>\S.*)$"
)
LOCAL = re.compile(r"\bx\d+\b")
GOTO = re.compile(r"^goto #(\d+)(?: if not %(\d+))?$")


def body_lines(text: str) -> list[str]:
    lines = text.splitlines()
    start = next(i for i, ln in enumerate(lines) if ln.startswith("function "))
    assert lines[-1] == "end"
    return lines[start + 1 : -1]


def read(text: str):
    """Statements (label, code, rail) and blocks [(first, last, header kind)] read from the text."""
    stmts, blocks = [], []
    for i, ln in enumerate(body_lines(text), 1):
        m = LINE.match(ln)
        assert m, f"line {i} does not look like a Julia body line: {ln!r}"
        if m["block"]:
            assert int(m["block"]) == len(blocks) + 1, f"block header out of order at line {i}"
            blocks.append([i, i, m["kind"]])
        else:
            assert blocks, "first statement must carry header 1"
            blocks[-1][1] = i
        stmts.append((m["label"], m["code"], m["rail"]))
    return stmts, blocks


def successors(stmts, blocks) -> dict[int, list[int]]:
    succ = {}
    for b, (first, last, _) in enumerate(blocks, 1):
        code = stmts[last - 1][1]
        g = GOTO.match(code)
        if code.startswith("return"):
            succ[b] = []
        elif g and g[2] is None:
            succ[b] = [int(g[1])]
        elif g:
            succ[b] = sorted({b + 1, int(g[1])})
        else:
            succ[b] = [b + 1]
    return succ


def check_well_formed(g) -> None:
    p = g.params
    stmts, blocks = read(g.text)
    assert len(stmts) == p.stmts == g.n_stmts
    assert len(blocks) == g.n_blocks
    assert stmts[-1][1] == "return nothing"

    # %N labels equal statement indices; printed exactly on used values; uses refer backwards.
    used = set()
    for i, (label, code, _) in enumerate(stmts, 1):
        if label is not None:
            assert int(label) == i
        for ref in re.findall(r"%(\d+)", code):
            k = int(ref)
            assert k < i and stmts[k - 1][0] is not None, f"statement {i} uses %{k}"
            used.add(k)
    assert used == {i for i, s in enumerate(stmts, 1) if s[0] is not None}

    # Blocks are where spec §2 puts them: after every terminator, at every jump target.
    succ = successors(stmts, blocks)
    firsts = {first for first, _, _ in blocks}
    targets = {t for ss in succ.values() for t in ss}
    for i, (_, code, _) in enumerate(stmts[:-1], 1):
        if GOTO.match(code) or code.startswith("return"):
            assert i + 1 in firsts, f"statement after terminator {i} starts no block"
    for t in targets:
        assert 1 <= t <= len(blocks)
    for b, (first, last, _) in enumerate(blocks, 1):
        for i in range(first, last):
            assert not GOTO.match(stmts[i - 1][1]), "goto in the middle of a block"
        if last > first:
            assert stmts[last - 1][2].startswith("└"), f"block {b} last line has no └── rail"
    preds = {b: [a for a in succ if b in succ[a]] for b in range(1, len(blocks) + 1)}
    for b, (_, _, kind) in enumerate(blocks, 1):
        assert kind == ("┄" if len(preds[b]) > 1 else "─"), f"block {b} header {kind} with preds {preds[b]}"
    assert sum(1 for b in preds if len(preds[b]) == 2) == g.n_diamonds

    # Exactly the S locals; every read of a local is defined on every path (must-defined dataflow).
    assigned = {m for _, code, _ in stmts for m in re.findall(r"^(x\d+) = ", code)}
    assert assigned == {f"x{i}" for i in range(1, p.slots + 1)} == set(g.locals)
    entry = must_defined_at_entry(stmts, blocks, preds, frozenset(assigned))
    for b, (first, last, _) in enumerate(blocks, 1):
        defined = set(entry[b])
        for i in range(first, last + 1):
            lhs, rhs = split_assignment(stmts[i - 1][1])
            for name in LOCAL.findall(rhs):
                assert name in defined, f"statement {i} reads {name}, which may be undefined"
            if lhs:
                defined.add(lhs)


def split_assignment(code: str) -> tuple[str | None, str]:
    m = re.match(r"^(x\d+) = (.*)$", code)
    return (m[1], m[2]) if m else (None, code)


def must_defined_at_entry(stmts, blocks, preds, universe: frozenset) -> dict[int, frozenset]:
    """Locals assigned on every path to each block's entry (forward, intersection, greatest fixpoint)."""
    gen = {}
    for b, (first, last, _) in enumerate(blocks, 1):
        gen[b] = frozenset(lhs for i in range(first, last + 1) if (lhs := split_assignment(stmts[i - 1][1])[0]))
    entry = {b: universe for b in preds}
    entry[1] = frozenset()
    changed = True
    while changed:
        changed = False
        for b in range(2, len(blocks) + 1):
            new = frozenset.intersection(*(entry[a] | gen[a] for a in preds[b])) if preds[b] else universe
            if new != entry[b]:
                entry[b], changed = new, True
    return entry


CONFIGS = [
    gen_mtk.GenParams(60, 12, 10, seed=1),
    gen_mtk.GenParams(3_000, 200, 100, seed=2),
    gen_mtk.GenParams(3_000, 200, 0, seed=3),
    gen_mtk.GenParams(8_000, 2_000, 100, seed=1),
    gen_mtk.GenParams(2_306, 2_000, 5, seed=4),  # the smallest size that fits 2000 locals
    # issue 13's shapes: most locals loaded at the top, operands from every assigned local
    gen_mtk.GenParams(3_000, 200, 0, seed=5, window=0, loaded=0.8),
    gen_mtk.GenParams(6_000, 400, 100, seed=6, window=0, loaded=0.8),
]


@pytest.mark.parametrize("params", CONFIGS, ids=lambda p: f"{p.stmts}x{p.slots}k{p.diamond_every}")
def test_well_formed(params):
    check_well_formed(gen_mtk.generate(params))


def test_deterministic_and_seeded():
    p = gen_mtk.GenParams(2_000, 100, 50, seed=7)
    a, b = gen_mtk.generate(p), gen_mtk.generate(p)
    assert a.text == b.text
    c = gen_mtk.generate(gen_mtk.GenParams(2_000, 100, 50, seed=8))
    assert c.text != a.text
    check_well_formed(c)


def test_straight_line_has_one_block_and_diamonds_are_spaced():
    assert gen_mtk.generate(gen_mtk.GenParams(5_000, 300, 0)).n_blocks == 1
    g = gen_mtk.generate(gen_mtk.GenParams(20_000, 300, 100))
    _, blocks = read(g.text)
    joins = [first for first, _, kind in blocks if kind == "┄"]
    # one diamond per 100 statements once the loads at the top are done
    assert len(joins) == g.n_diamonds and g.n_diamonds >= (20_000 - 2 * 45) // 100 - 2
    stmts, _ = read(g.text)
    conds = [i for i, (_, code, _) in enumerate(stmts, 1) if code.startswith("Base.:<(")]
    assert len(conds) == g.n_diamonds and all(i % 100 == 0 for i in conds)


def test_too_few_statements_is_an_error():
    with pytest.raises(ValueError, match="need at least"):
        gen_mtk.generate(gen_mtk.GenParams(1_000, 2_000, 0))


@settings(max_examples=examples(40), deadline=None)
@given(
    slots=st.integers(1, 40),
    extra=st.integers(0, 300),
    k=st.integers(0, 30),
    seed=st.integers(0, 10_000),
    chain=st.integers(1, 8),
    window=st.sampled_from([64, 0, 3]),
    loaded=st.sampled_from([0.0, 0.8, 1.0, 0.01]),
)
def test_well_formed_any_parameters(slots, extra, k, seed, chain, window, loaded):
    p = gen_mtk.GenParams(1, slots, k, seed, chain, window=window, loaded=loaded)
    n_loaded = sum(gen_mtk.loaded_counts(p))
    if not loaded:  # the default rule, spelled out
        assert n_loaded == max(1, slots // 10) + min(slots - max(1, slots // 10), slots // 20)
    minimum = 2 * n_loaded + (slots - n_loaded) + 1
    check_well_formed(gen_mtk.generate(gen_mtk.GenParams(minimum + extra, slots, k, seed, chain, window=window,
                                                         loaded=loaded)))


def test_read_throughout_keeps_most_locals_live():
    """`--window 0 --loaded 0.8` (issue 13's W2 shape): most locals are live into most blocks,
    by irc's own liveness; the first round's shape (a window of 64) keeps few live."""
    from irc.cli.driver import build, parse
    from irc.infer.liveness import compute_live_in

    def mean_live(params) -> float:
        (fn,) = build(parse("gen.ir", gen_mtk.generate(params).text)).functions
        live = compute_live_in(fn)
        return sum(len(x) for x in live[2:]) / (len(live) - 2) / len(fn.slots)

    assert mean_live(gen_mtk.GenParams(40_000, 400, 500, seed=1, window=0, loaded=0.8)) > 0.7
    assert mean_live(gen_mtk.GenParams(40_000, 400, 500, seed=1)) < 0.3


def test_cli_writes_the_same_text(tmp_path):
    out = tmp_path / "f.ir"
    cmd = [sys.executable, str(ROOT / "bench" / "gen_mtk.py"), "--stmts", "500", "--slots", "40",
           "--diamond-every", "25", "--seed", "3", "-o", str(out)]
    subprocess.run(cmd, check=True)
    assert out.read_text(encoding="utf-8") == gen_mtk.generate(gen_mtk.GenParams(500, 40, 25, 3)).text
    subprocess.run(cmd + ["--window", "0", "--loaded", "0.8"], check=True)
    assert out.read_text(encoding="utf-8") == gen_mtk.generate(
        gen_mtk.GenParams(500, 40, 25, 3, window=0, loaded=0.8)).text
    bad = subprocess.run(cmd[:2] + ["--stmts", "10", "--slots", "40"], capture_output=True, text=True)
    assert bad.returncode == 2 and "need at least" in bad.stderr


@pytest.mark.parametrize("params", CONFIGS[:3], ids=lambda p: f"{p.stmts}x{p.slots}k{p.diamond_every}")
def test_irc_reads_it_as_generated(params):
    """irc's own parser and CFG see the statements, blocks, joins and slots the generator made."""
    from irc.cli.driver import build, parse

    g = gen_mtk.generate(params)
    program = build(parse("gen.ir", g.text))
    (fn,) = program.functions
    assert len(fn.stmts) == g.n_stmts
    assert [b.first for b in fn.blocks] == g.block_starts
    assert [s.name for s in fn.slots] == ["#self#", "du", "u", "p", "t", *g.locals]
    _, blocks = read(g.text)
    assert [len(b.preds) > 1 for b in fn.blocks] == [kind == "┄" for _, _, kind in blocks]
