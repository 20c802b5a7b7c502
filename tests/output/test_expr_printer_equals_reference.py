"""irc.fmt's `ExprPrinter` (the printer's memoised fast path) prints exactly
what `format_expr` prints, and `printer._stmt_texts` exactly what
`_live_text` (of the statement with its typed slot reads retyped, `irc.output.reads`) /
`_dead_text` and the `::T` suffixes give, on every sample, every conformance input
and hand-made corner cases (negative literals, operators as values,
non-name callees, every infix operator class)."""
from __future__ import annotations

import dataclasses

import pytest
from conftest import CONFORMANCE, sample_files

from irc.ir import model as ir
from irc.output import text as printer
from irc.syntax import tree as S
from irc.cli.driver import analyse
from irc.output.fmt import ExprPrinter, _prec_of, format_expr, stmt_markers, with_marker
from irc.output.reads import Retyper
from irc.lattice.typeprint import show
from irc.syntax.operators import PREC

INPUTS = sample_files() + (sorted(CONFORMANCE.glob("*/*.ir")) if CONFORMANCE.is_dir() else [])


def _subexprs(e):
    """`e` and every expression node inside it."""
    if isinstance(e, list):
        for x in e:
            yield from _subexprs(x)
        return
    if not dataclasses.is_dataclass(e) or isinstance(e, ir.Stmt):
        return
    yield e
    for f in dataclasses.fields(e):
        v = getattr(e, f.name)
        if dataclasses.is_dataclass(v) or isinstance(v, list):
            yield from _subexprs(v)


def _check(e, fn) -> None:
    if isinstance(e, S.TypeVarDecl):
        return  # not an expression of its own
    assert ExprPrinter(fn).expr_prec(e) == (format_expr(e, fn), _prec_of(e)), e
    assert ExprPrinter(fn).expr(e) == format_expr(e, fn), e


def _reference_texts(fn, r, colour):
    """Statement texts with their `::T` suffixes, and labels, as `body_lines`
    computed them statement by statement."""
    used = printer.used_ssa(fn, r)
    reads = Retyper(r, show)  # typed slot reads print irc's state (irc.output.reads)
    markers = stmt_markers(fn)
    texts, labelled = [], set()
    for i, st in enumerate(fn.stmts, start=1):
        t = r.ssa_types[i]
        if t is None or st.kind is ir.Kind.DEAD:
            texts.append(printer._dead_text(fn, st) + printer.C.paint("::Union{}", printer.C.GOOD, colour))
            continue
        hv = printer.prints_type(st, i, r)
        text = printer._live_text(fn, reads.live_stmt(i, st), hv)
        if i in markers and st.kind is ir.Kind.VALUE:  # Julia 1.12's statement marker (`  dynamic `)
            text = with_marker(text, markers[i])
        if hv:
            typed, level = printer._typed("", t, colour)
            text += printer._with_mark(typed, level, colour)
        texts.append(text)
        if i in used and st.kind in (ir.Kind.VALUE, ir.Kind.ENTER):
            labelled.add(i)
    return texts, labelled


@pytest.mark.parametrize("path", INPUTS, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_fast_path_prints_what_the_general_path_prints(path):
    res = analyse(str(path), path.read_text(encoding="utf-8"))
    if res.errors:
        pytest.skip("the front end rejects this input")
    for fn, r in res.results:
        for st in fn.stmts:
            for e in _subexprs([st.value, *st.args]):
                _check(e, fn)
                _check(e, None)
        names = printer.slot_display_names(fn)
        for colour in (False, True):
            got = printer._stmt_texts(fn, r, names, printer.used_ssa(fn, r), printer._Shows(), colour)
            assert got == _reference_texts(fn, r, colour)


def _lit(v, kind, text=""):
    return S.Lit(v, kind, text)


LEAVES = [
    S.SSA(3), S.SlotRef(None, 2), S.SlotRef("x", 2), S.SlotRef("y", 2), S.SlotRef("z", None), S.SlotRef(None, 99),
    S.Name(("x",)), S.Name(("+",)), S.Name((":",)), S.Name(("Base", "+")), S.Name(("Main", "#8#9")),
    S.Name(("#8#9",)), S.Name(("nothing",)), S.Name(("end",)),
    _lit(-1, "Int64", "-1"), _lit(-1, "Int64"), _lit(2, "Int64"), _lit(-0.5, "Float64"), _lit(float("-inf"), "Float64"),
    _lit(True, "Bool"), _lit("s", "String"), _lit("a b", "Symbol"), _lit(None, "Nothing"), _lit(255, "UInt8"),
]


def _fn():
    slots = [ir.Slot(1, "#self#", argument=True), ir.Slot(2, "x", argument=True), ir.Slot(3, "x", argument=False)]
    return ir.Function("f", ("Main",), slots, [])


@pytest.mark.parametrize("op", sorted({*PREC, "^", "=>", ":", "..", "→", "√", "-", "isa", "<:"}))
def test_infix_operators_with_leaf_operands(op):
    fn = _fn()
    for a in LEAVES:
        _check(S.Call(S.Name((op,)), [a], infix=op), fn)
        for b in LEAVES[::3]:
            _check(S.Call(S.Name((op,)), [a, b], infix=op), fn)
            _check(S.Call(S.Name((op,)), [b, a, S.SSA(1)], infix=op), fn)
        _check(S.Call(S.Name(("Base", op)), [a, a], infix=op), fn)  # not `_is_infix`: prefix form


def test_prefix_calls_with_every_callee_and_leaf_argument():
    fn = _fn()
    callees = LEAVES + [S.Curly(S.Name(("Vector",)), [S.Name(("Int64",))]), S.Call(S.Name(("g",)), []),
                        S.Typed(S.SlotRef(None, 2), S.Name(("Int64",)))]
    for f in callees:
        _check(S.Call(f, []), fn)
        _check(S.Call(f, list(LEAVES)), fn)
        _check(S.Call(f, [S.Call(S.Name(("g",)), [S.SSA(1)])]), fn)  # a nested call: the general path
    for leaf in LEAVES:
        _check(leaf, fn)
        _check(leaf, None)


def test_one_printer_keeps_its_memos_apart():
    """Slot references sharing an id but not a name, and the same name as an
    expression, a callee and a list item, through one printer."""
    fn = _fn()
    xp = ExprPrinter(fn)
    exprs = [S.Call(S.Name(("g",)), [a, b]) for a in LEAVES for b in LEAVES[::2]]
    exprs += [S.Call(S.Name(("+",)), [a, S.SlotRef(n, 2)], infix="+") for a in LEAVES for n in ("x", None, "q")]
    exprs += [S.Call(a, [a]) for a in LEAVES] + LEAVES
    for e in exprs * 2:
        assert xp.expr_prec(e) == (format_expr(e, fn), _prec_of(e)), e
        assert xp.expr(e) == format_expr(e, fn), e
