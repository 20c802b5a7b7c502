"""`irc.output.stmtlines` (the body's lines made in one pass, each with one
f-string, digits from tables, rails put on by `str.join`) gives exactly the
lines of the general composition -- `fmt.iter_layout_runs` over the
general path's statement texts (`text._iter_stmt_texts`) -- on every
sample, the conformance inputs and generated MTK-like programs (more than
10,000 statements: ten-thousands digits, runs cut at powers of ten), in
every mode, and on synthetic bodies of every leaf and callee shape."""
from __future__ import annotations

import random
from pathlib import Path

import pytest
from budget import spread
from conftest import CONFORMANCE, sample_files
from test_streamed_text import GENERATED, _gen_mtk

from irc.cli.driver import Options, analyse
from irc.ir import model as ir
from irc.output import colour as C
from irc.output import fmt, stmtlines
from irc.output import text as printer
from irc.syntax import tree as S
from irc.syntax.operators import PREC

INPUTS = sample_files() + (sorted(CONFORMANCE.glob("*/*.ir")) if CONFORMANCE.is_dir() else [])
MODES = [dict(), dict(colour=True), dict(plain=True), dict(hide_stable=True), dict(entries="full"),
         dict(colour=True, plain=True, hide_stable=True)]


def _big() -> tuple[str, str]:
    g = _gen_mtk()
    return "big.ir", g.generate(g.GenParams(12_500, 300, 0, seed=7, window=0, loaded=0.8)).text


def _reference_body(fn, r, colour=False, plain=False, hide_stable=False, entries="brief") -> list[str]:
    """The body as the printer made it before `stmtlines`: texts, then the layout."""
    names = printer.slot_display_names(fn)
    shows = printer._Shows()
    prefix = None
    if not plain:
        comments = printer.entry_comments(fn, r, names, printer.reached_live_in(fn, r), shows, entries)
        prefix = {b: [C.paint(t, "comment", colour)] for b, t in comments.items()}
    unstable = set() if hide_stable else None
    texts = printer._iter_stmt_texts(fn, r, names, shows, colour, marks=not plain, unstable=unstable)
    lines = []
    for run in fmt.iter_layout_runs(fn, texts, block_prefix=prefix, labelled=printer._label_mask(fn, r, printer.used_ssa(fn, r)),
                                    pred_counts=printer.printed_pred_counts(fn, r)):
        lines += run
    if hide_stable:
        from irc.output.stable import keep_unstable

        lines = keep_unstable(fn, lines, unstable, prefix_lines=0 if plain else 1)
    return lines


def _check_program(res) -> None:
    for mode in MODES:
        for fn, r in res.results:
            want = _reference_body(fn, r, **mode)
            assert printer.body_lines(fn, r, **mode) == want, mode
            if not mode.get("hide_stable"):
                for run in (4096, 7, 1):
                    pieces = list(printer.iter_body_pieces(fn, r, mode.get("colour", False), mode.get("plain", False),
                                                           mode.get("entries", "brief"), run))
                    assert all(n <= run and text.count("\n") == n - 1 for text, n in pieces if n)
                    assert "\n".join(t for t, n in pieces if n) == "\n".join(want), (mode, run)


@pytest.mark.parametrize("path", INPUTS, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_lines_equal_the_general_layout_on_every_input(path):
    res = analyse(str(path), path.read_text(encoding="utf-8"))
    if res.errors:
        pytest.skip("the front end rejects this input")
    _check_program(res)


# every third sample in every store (by default each of them in one store, by hash)
@pytest.mark.parametrize("path,store", spread(sample_files()[::3], ["block", "live", "shared", "stmt"], ids=lambda p: p.stem))
def test_lines_equal_the_general_layout_with_every_store(path, store):
    res = analyse(str(path), path.read_text(encoding="utf-8"), Options(store=store))
    if not res.errors:
        _check_program(res)


@pytest.mark.parametrize("name,text", GENERATED + [_big()], ids=lambda x: x if x.endswith(".ir") else "")
def test_lines_equal_the_general_layout_on_generated_programs(name, text):
    res = analyse(name, text)
    assert not res.errors
    _check_program(res)


# ---------------------------------------------------------------- synthetic bodies

_LEAVES = [
    S.SSA(3), S.SSA(0), S.SSA(-4), S.SSA(9_999), S.SSA(10_000), S.SSA(12_345), S.SSA(10**9),
    S.SlotRef(None, 2), S.SlotRef("x", 2), S.SlotRef("y", 2), S.SlotRef("z", None), S.SlotRef(None, 99),
    S.SlotRef("x", 3), S.SlotRef("w", 4),
    S.Name(("x",)), S.Name(("+",)), S.Name((":",)), S.Name(("Base", "+")), S.Name(("Main", "#8#9")), S.Name(("end",)),
    S.Lit(-1, "Int64", "-1"), S.Lit(-1, "Int64"), S.Lit(2, "Int64"), S.Lit(-0.5, "Float64"), S.Lit(True, "Bool"),
    S.Lit("s", "String"), S.Lit("a b", "Symbol"), S.Lit(None, "Nothing"), S.Lit(255, "UInt8"), S.Lit(1.0, "Float64", "1.0 "),
]
_OPS = sorted({*PREC, "^", "=>", ":", "..", "-", "isa", "<:"})
_CALLEES = [S.Name(("f",)), S.Name(("Base", "getindex")), S.Name(("+",)), S.Name(("Base", "+")), S.SlotRef("w", 4),
            S.SSA(5), S.Curly(S.Name(("Vector",)), [S.Name(("Int64",))])]


def _value(rng: random.Random):
    roll = rng.random()
    if roll < 0.1:
        return rng.choice(_LEAVES)
    if roll < 0.15:  # a nested call or a typed operand: the general path
        return S.Call(S.Name(("f",)), [S.Call(S.Name(("g",)), [S.SSA(1)]), S.Typed(S.SSA(2), S.Name(("Int64",)))])
    args = [rng.choice(_LEAVES) for _ in range(rng.choice((0, 1, 2, 2, 2, 2, 3, 4)))]
    if roll < 0.6:
        op = rng.choice(_OPS)
        return S.Call(S.Name((op,)), args, op)
    return S.Call(rng.choice(_CALLEES), args)


def test_synthetic_statements_of_every_shape():
    """A generated body's statements replaced by calls of every callee on
    every leaf (`%n` beyond the tables, negative, slots named otherwise,
    operators, literals with a trailing space, nested calls), with random
    labels, unused results and types taken from the input."""
    name, text = _big()
    res = analyse(name, text)
    fn, r = res.results[0]
    fn.stmts = list(fn.stmts)  # statements changed in place: a list (a `Body` is not changed after it is built)
    rng = random.Random(13)
    K = ir.Kind
    n = len(fn.stmts)
    for i, st in enumerate(fn.stmts, start=1):
        if st.kind in (K.VALUE, K.ASSIGN) and i < n - 1:
            st.value = _value(rng)
            if rng.random() < 0.2:
                st.kind, st.slot = K.ASSIGN, rng.choice((2, 3, 4, 10, None))
            elif st.kind is K.ASSIGN:
                st.kind, st.slot = K.VALUE, None
    r.widened = {i for i in range(1, n + 1) if rng.random() < 0.1}
    r.from_input = frozenset(i for i in range(1, n + 1) if rng.random() < 0.02)
    types = r.ssa_types
    for i in range(1, n + 1):
        if rng.random() < 0.01:
            types[i] = None
    names = printer.slot_display_names(fn)
    for colour in (False, True):
        labelled = bytearray(rng.random() < 0.6 for _ in range(n + 1))
        labelled[0] = 0
        pc = printer.printed_pred_counts(fn, r)
        for run in (4096, 3):
            xp = fmt.ExprPrinter(fn)
            u_fast: set[int] = set()
            one, suffix = printer._stmt_text_fn(fn, r, names, printer._Shows(), colour, True, u_fast, xp)
            tails = stmtlines.iter_tail_runs(fn, types, xp, names, one, suffix, labelled, None, r.widened,
                                             r.from_input, u_fast, C.GOOD, run)
            got = [line for lines in stmtlines.iter_line_runs(fn, pc, tails) for line in lines]
            u_ref: set[int] = set()
            texts = printer._iter_plain_stmt_texts(fn, r, names, printer._Shows(), colour, True, u_ref)
            want = [line for lines in fmt.iter_layout_runs(fn, texts, labelled=labelled, pred_counts=pc) for line in lines]
            assert got == want
            assert u_fast == u_ref


def test_pieces_put_rails_on_as_lines_do():
    """`iter_piece_runs` joins what `iter_line_runs` lists, blank tails (a
    line that is its rail, stripped) included."""
    name, text = GENERATED[1]
    res = analyse(name, text)
    fn, r = res.results[0]
    pc = printer.printed_pred_counts(fn, r)
    rng = random.Random(5)
    runs = []
    for b in fn.blocks:
        runs.append((None, [f"# before {b.id}"]))
        lo = b.first
        while lo <= b.last:
            hi = min(b.last + 1, lo + rng.randint(1, 4))
            runs.append(((b, lo, hi), [rng.choice(("", "x", "%1 = y::T", "  z")) for _ in range(lo, hi)]))
            lo = hi
    lines = list(stmtlines.iter_line_runs(fn, pc, iter(runs)))
    pieces = list(stmtlines.iter_piece_runs(fn, pc, iter(runs)))
    assert [("\n".join(ls), len(ls)) for ls in lines] == pieces
    ref = {i: fmt.rail(fn, i, pc) for i in range(1, len(fn.stmts) + 1)}
    for (key, tails), ls in zip(runs, lines):
        if key is not None:
            b, lo, hi = key
            assert ls == [(ref[i] + t).rstrip() for i, t in zip(range(lo, hi), tails)]


@pytest.mark.parametrize("top", [0, 1, 9, 10, 9_999, 10_000, 10_001, 99_999, 123_456])
def test_digit_tables_spell_every_number(top):
    d = stmtlines._Digits(top)
    assert d.limit > top
    for n in {*range(0, min(top + 1, 30)), *range(max(0, top - 30), top + 1), 9_999, 10_000, 10_009, 20_000}:
        if n < d.limit:
            text = d.pct[n // 10_000] + d.padded[n % 10_000] if n >= 10_000 else "%" + d.plain[n]
            assert text == "%" + str(n)
