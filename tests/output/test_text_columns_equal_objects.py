"""The text printer's column path equals its object path, and makes no statement object.

When `fn.stmts` is a `Body` (`irc.ir.body`), `irc.output.stmtlines` makes a
statement's line from its columns (shape, slot, callee and operand tags: a
callee's and an operand's text once per distinct tag, `%n` from the digit
tables) and `irc.output.text`'s per-statement walks (the label mask, the
printed edges, the entry comments' liveness, the markers) read the columns
too; `TREE` statements and plain lists take the object path.  Here the same
function is printed both ways -- as built, then with `fn.stmts` given as
`list(fn.stmts)` (and `fmt`'s per-function `dup_names_cache` reset) -- and
the texts must be equal, in every output mode and with every state store,
on every sample (`samples/real` included), the conformance inputs,
generated MTK-like programs with and without diamonds, random programs
(hypothesis: dead code, loops, try/catch) and synthetic bodies of every
column shape (duplicate slot names, qualified and operator callees,
literals of each kind, negative numbers, `%N` labels other than their
index, operands beyond the digit tables); and printing a `Body` leaves
`fn.stmts._made` empty (no statement materialised by the printer).  By
default each sample of the every-store check runs in one store (by hash),
and the 12,500-statement program without diamonds and two of the three MTK
programs run only under `--exhaustive`."""
from __future__ import annotations

import dataclasses
import random
import sys
from pathlib import Path

import pytest
from conftest import CONFORMANCE, sample_files
from hypothesis import HealthCheck, given, settings

from budget import EXHAUSTIVE, examples, spread
from test_streamed_text import GENERATED, _gen_mtk

from irc.cli.driver import Options, analyse
from irc.ir import model as ir
from irc.ir.body import CALL1, CALL3, INFIX, TREE, Body
from irc.output import colour as C
from irc.output import fmt, stmtlines
from irc.output import text as printer
from irc.syntax import tree as S

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
import strategies as G  # noqa: E402
from mtk_programs import mtk_text  # noqa: E402

INPUTS = sample_files() + (sorted(CONFORMANCE.glob("*/*.ir")) if CONFORMANCE.is_dir() else [])
MODES = [dict(), dict(colour=True), dict(plain=True), dict(hide_stable=True), dict(entries="full"),
         dict(colour=True, plain=True, hide_stable=True, entries="full")]


def _big(diamonds: int = 300) -> tuple[str, str]:
    g = _gen_mtk()
    return f"big{diamonds}.ir", g.generate(g.GenParams(12_500, 300, diamonds, seed=7, window=0, loaded=0.8)).text


def _as_list(fn: ir.Function) -> None:
    fn.stmts = list(fn.stmts)
    fn.dup_names_cache = None  # `fmt` caches slot texts per function


def _prints(program, results, mode) -> list:
    """What the printer makes of `program` in `mode`: the whole text, each
    body's lines and pieces (small runs: runs cut anywhere)."""
    out = [printer.render_program(program, results, **mode)]
    for fn, r in results:
        out.append(printer.body_lines(fn, r, **mode))
        if not mode.get("hide_stable"):
            for run in (7, 1):
                out.append(list(printer.iter_body_pieces(fn, r, mode.get("colour", False), mode.get("plain", False),
                                                         mode.get("entries", "brief"), run)))
    return out


def _check(program, results, modes=MODES) -> int:
    """Columns and objects print the same in every mode; the column prints
    make no statement object.  The number of functions whose body is a `Body`."""
    bodies = [fn for fn, _ in results if type(fn.stmts) is Body]
    for fn in bodies:
        fn.stmts._made.clear()  # what earlier stages made
    cols = [_prints(program, results, mode) for mode in modes]
    for fn in bodies:
        assert fn.stmts._made == {}, fn.name
    for fn, _ in results:
        _as_list(fn)
    objs = [_prints(program, results, mode) for mode in modes]
    for mode, c, o in zip(modes, cols, objs):
        assert c == o, mode
    return len(bodies)


@pytest.mark.parametrize("path", INPUTS, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_columns_print_as_objects_on_every_input(path):
    res = analyse(str(path), path.read_text(encoding="utf-8"))
    if res.errors:
        pytest.skip("the front end rejects this input")
    _check(res.program, res.results)


@pytest.mark.parametrize("path,store", spread(sample_files()[::3] + [Path("gen.ir")], ["block", "live", "shared", "stmt"],
                                               ids=lambda p: p.stem))
def test_columns_print_as_objects_with_every_store(path, store):
    text = GENERATED[2][1] if path.name == "gen.ir" else path.read_text(encoding="utf-8")
    res = analyse(str(path), text, Options(store=store))
    if not res.errors:
        _check(res.program, res.results, MODES[:3])


def _exhaustive(case: tuple[str, str]):
    return pytest.param(*case, id=case[0], marks=EXHAUSTIVE)


@pytest.mark.parametrize("name,text", GENERATED + [_exhaustive(_big(0)), _big(300)] + [
    (f"mtk{n}.ir", mtk_text(n, every, seed)) if n == 900 else _exhaustive((f"mtk{n}.ir", mtk_text(n, every, seed)))
    for n, every, seed in ((400, 0, 1), (900, 60, 3), (1200, 25, 11))],
    ids=lambda x: x if x.endswith(".ir") else "")
def test_columns_print_as_objects_on_generated_programs(name, text):
    res = analyse(name, text)
    assert not res.errors
    assert _check(res.program, res.results) == len(res.results)


@settings(max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(G.programs())
def test_columns_print_as_objects_on_random_programs(text):
    res = analyse("gen.ir", text)
    if not res.errors:
        _check(res.program, res.results, MODES[:2] + MODES[3:4])


def test_the_printer_makes_no_statement_on_a_generated_mtk_program():
    """After inference, rendering a generated MTK program (diamonds: joins,
    conditional jumps, fall-through block ends) in every mode materialises
    no statement: `fn.stmts._made` stays empty."""
    name, text = _big(300)
    for store in ("default", "block", "shared"):
        res = analyse(name, text, Options() if store == "default" else Options(store=store))
        fn, r = res.results[0]
        assert type(fn.stmts) is Body and len(fn.stmts) == 12_500
        fn.stmts._made.clear()
        for mode in MODES:
            printer.render_program_utf8(res.program, res.results, **mode)
            assert fn.stmts._made == {}, (store, mode)


# ---------------------------------------------------------------- synthetic bodies

_NAMES = [("x",), ("+",), (":",), ("*",), ("Base", "+"), ("Base", "*"), ("Main", "#8#9"), ("end",), ("Core", "tuple"),
          ("Base", "getindex"), ("isa",), ("==",), ("<:",)]
_LITS = [S.Lit(-1, "Int64", "-1"), S.Lit(-1, "Int64"), S.Lit(2, "Int64", "2"), S.Lit(-0.5, "Float64", "-0.5"),
         S.Lit(-0.5, "Float64"), S.Lit(1.5, "Float64", "1.5"), S.Lit(True, "Bool", "true"), S.Lit(False, "Bool"),
         S.Lit("s\"q", "String"), S.Lit("a b", "Symbol"), S.Lit("x", "Symbol", ":x"), S.Lit(None, "Nothing", "nothing"),
         S.Lit(255, "UInt8"), S.Lit(1.0, "Float64", "1.0 "), S.Lit("c", "Char"), S.Lit(2.5, "Float32"),
         S.Lit(float("inf"), "Float64"), S.Lit(float("-inf"), "Float32"), S.Lit(float("nan"), "Float64")]
_OPS = ["+", "-", "*", "/", "^", "=>", ":", "..", "isa", "<:", "===", "==", "<", "&", "|", "\\", "÷", "∘", "%"]


def _leaf(rng: random.Random, fn: ir.Function, n: int):
    roll = rng.random()
    if roll < 0.3:
        return S.SSA(rng.choice((1, 2, 9, 10, 99, 100, 9_999, 10_000, 12_345, n, n + 1, 10**9)))
    if roll < 0.6:
        sid = rng.randrange(1, len(fn.slots) + 1)
        name = fn.slots[sid - 1].name if rng.random() < 0.9 else "other"  # another name: a tree
        return S.SlotRef(name, sid)
    if roll < 0.8:
        return rng.choice(_LITS)
    return S.Name(rng.choice(_NAMES))


def _synthetic_value(rng: random.Random, fn: ir.Function, n: int):
    roll = rng.random()
    if roll < 0.15:
        return _leaf(rng, fn, n)
    if roll < 0.18:  # nested: a tree
        return S.Call(S.Name(("f",)), [S.Call(S.Name(("g",)), [S.SSA(1)]), S.Typed(S.SSA(2), S.Name(("Int64",)))])
    nargs = rng.choice((1, 2, 2, 2, 3, 3, 4))  # 4 arguments: a tree
    args = [_leaf(rng, fn, n) for _ in range(nargs)]
    if roll < 0.55:
        op = rng.choice(_OPS)
        return S.Call(S.Name((op,)), args, op)  # infix; 1 or 3 operands: a tree
    others = [S.SlotRef(fn.slots[3].name, 4), S.SSA(5), S.SSA(12_000), S.Lit(1, "Int64", "1"),
              S.Curly(S.Name(("Vector",)), [S.Name(("Int64",))])]
    callee = rng.choice([S.Name(p) for p in _NAMES] + others)
    return S.Call(callee, args)


def _placed(e, line: int, col: int = 5):
    """A copy of `e` on `line` (leaves and calls; a statement is held in
    columns only if its nodes are on its line)."""
    if type(e) is S.Call:
        return S.Call(_placed(e.func, line, col), [_placed(a, line, col + 4 + 3 * k) for k, a in enumerate(e.args)],
                      e.infix, line, col)
    if type(e) in (S.SSA, S.Lit, S.Name, S.SlotRef):
        return dataclasses.replace(e, line=line, col=col)
    return e


def _synthetic(fn: ir.Function, rng: random.Random) -> Body:
    """`fn`'s body with its value and assignment statements replaced by
    random ones of every column shape (and trees among them), random labels;
    some slots renamed to share a name (printed `x@_N`)."""
    for sid in (6, 7, 8):
        fn.slots[sid - 1].name = fn.slots[4].name
    fn.dup_names_cache = None
    K = ir.Kind
    old = list(fn.stmts)
    n = len(old)
    new = []
    for i, st in enumerate(old, start=1):
        if st.kind in (K.VALUE, K.ASSIGN) and i < n - 1:
            v = _placed(_synthetic_value(rng, fn, n), st.line)
            label = rng.choice((None, i, i + 3, 1))
            if rng.random() < 0.3:
                st = ir.Stmt(K.ASSIGN, v, slot=rng.randrange(1, len(fn.slots) + 1), label=label, args=(), line=st.line,
                             col=st.col)
            else:
                st = ir.Stmt(K.VALUE, v, label=label, args=(), line=st.line, col=st.col)
        new.append(st)
    return Body.from_stmts(new, [None] + [s.name for s in fn.slots])


def test_synthetic_column_shapes_print_as_objects():
    name, text = _big(300)
    res = analyse(name, text)
    fn, r = res.results[0]
    rng = random.Random(21)
    body = fn.stmts = _synthetic(fn, rng)
    shapes = set(body.shape)
    assert {TREE, INFIX, CALL1, CALL3} <= shapes and len(body.trees) > 100
    n = len(body)
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
        prefix = {b.id: [f"# before {b.id}"] for b in fn.blocks[::3]}
        got = {}
        for path in ("columns", "objects"):
            if path == "objects":
                _as_list(fn)
            else:
                body._made.clear()  # what the last objects pass made
            for run in (4096, 3):
                xp = fmt.ExprPrinter(fn)
                unstable: set[int] = set()
                one, suffix = printer._stmt_text_fn(fn, r, names, printer._Shows(), colour, True, unstable, xp)
                tails = stmtlines.iter_tail_runs(fn, types, xp, names, one, suffix, labelled, prefix, r.widened,
                                                 r.from_input, unstable, C.GOOD, run)
                lines = [line for run_lines in stmtlines.iter_line_runs(fn, pc, tails) for line in run_lines]
                got.setdefault(run, []).append((lines, unstable))
            if path == "columns":
                assert body._made == {}
        fn.stmts = body
        fn.dup_names_cache = None
        for run, (cols, objs) in got.items():
            assert cols[0] == objs[0], run
            assert cols[1] == objs[1], run
    for mode in MODES:  # the whole body: label mask, edges, entry comments from the columns too
        body._made.clear()
        cols = printer.body_lines(fn, r, **mode)
        assert body._made == {}
        _as_list(fn)
        assert cols == printer.body_lines(fn, r, **mode), mode
        fn.stmts = body
        fn.dup_names_cache = None


def test_label_mask_from_columns_equals_objects():
    """`_label_mask` on a `Body` (kinds from the `shape` and `slot` columns) equals the
    object path: used numbers out of range, unreached statements, assignments
    and trees of every kind."""
    name, text = GENERATED[1]
    res = analyse(name, text)
    fn, r = res.results[0]
    rng = random.Random(3)
    body = fn.stmts = _synthetic(fn, rng)
    n = len(body)
    kinds = {st.kind for st in body.trees.values()}
    assert ir.Kind.GOTOIFNOT in kinds and ir.Kind.VALUE in kinds
    for trial in range(20):
        used = {rng.randrange(-3, n + 5) for _ in range(rng.randrange(0, 2 * n))}
        r2 = type("R", (), {})()
        r2.ssa_types = [None] + [None if rng.random() < 0.1 * (trial % 3) else t for t in r.ssa_types[1:]]
        fn.stmts = body
        body._made.clear()
        got = printer._label_mask(fn, r2, used)
        assert body._made == {}
        fn.stmts = list(body)
        assert got == printer._label_mask(fn, r2, used)
    fn.stmts = body
    assert printer._label_mask(fn, r2, set()) == bytearray(n + 1)


@pytest.mark.parametrize("name,text", GENERATED + [_big(0), _big(300)] + [
    (str(p), p.read_text(encoding="utf-8")) for p in sample_files()[::2]], ids=lambda x: x if x.endswith(".ir") else "")
def test_flat_label_mask_equals_the_set_way(name, text):
    """`_flat_label_mask` (C-level passes over the flat `%n` list and the
    `slot` column) equals `_label_mask` of `used_ssa` wherever it answers; it
    answers on the generated programs (every statement reached), and leaves
    a function with an unreached statement or a list of statements to the set way."""
    res = analyse(name, text)
    if res.errors:
        pytest.skip("the front end rejects this input")
    for fn, r in res.results:
        got = printer._flat_label_mask(fn, r)
        if got is not None:
            assert got == printer._label_mask(fn, r, printer.used_ssa(fn, r))
        elif "generated" in name or name.startswith(("gen", "big")):
            pytest.fail("the flat way declined a generated program")
        if type(fn.stmts) is Body and len(fn.stmts) > 1:
            r2 = dataclasses.replace(r, ssa_types=list(r.ssa_types))
            r2.ssa_types[len(fn.stmts)] = None  # the last statement unreached
            assert printer._flat_label_mask(fn, r2) is None
            stmts, fn.stmts = fn.stmts, list(fn.stmts)
            assert printer._flat_label_mask(fn, r) is None
            fn.stmts = stmts
