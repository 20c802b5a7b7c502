"""The builder's single incremental walk equals the two-walk rule it replaced.

`irc.build` resolves a body in one walk that numbers labels and locals as it
meets them, then checks the result against the slot rule (spec §1.3) and
walks again when the check fails (`_Walk.holds`).  The oracle here is the
rule computed the old way: a first walk collecting every bare name and every
explicit slot reference in text order, the slot table from those
(`_allocate`), then a walk over the final tables.  Both must give the same
slots, statements, blocks and diagnostics (text, location, order) on every
sample, conformance input, generated program, error case and a few hundred
mutants, and on hand-written inputs that force the second walk.
"""
from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

from irc.ir import model as ir, whole
from irc.syntax import tree as S
from irc.ir.build import _Builder
from irc.ir.slottable import _allocate, _assigned_names, _Walk
from irc.ir.signature import codeinfo_signature
from irc.errors import DiagnosticSink, IrcError
from irc.syntax.parser import parse_text

from conftest import CONFORMANCE, sample_files

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
import strategies as G  # noqa: E402
from error_cases import CASES  # noqa: E402


# ---------------------------------------------------------------- the oracle


def _collect(e, names: list, slots: list) -> None:
    """Single-part Names and SlotRefs of an expression, in text order."""
    t = type(e)
    if t is S.Name:
        if len(e.parts) == 1:
            names.append(e)
    elif t is S.SlotRef:
        slots.append(e)
    elif t is S.Call:
        _collect(e.func, names, slots)
        for a in e.args:
            _collect(a, names, slots)
    elif t is S.Typed:
        _collect(e.expr, names, slots)  # the type is not a value
    elif t is S.Curly:
        _collect(e.head, names, slots)
        for a in e.params:
            _collect(a, names, slots)
    elif t is S.ExprNode:
        for a in e.args:
            _collect(a, names, slots)
    elif t is S.New:
        _collect(e.type, names, slots)
        for a in e.args:
            _collect(a, names, slots)
    elif t is S.Quote or t is S.Splat:
        _collect(e.expr, names, slots)
    elif t is S.TupleLit or t is S.TypedVect:
        for a in e.items:
            _collect(a, names, slots)


def _operands(st) -> list:
    t = type(st)
    if t is S.Assign:
        return [st.target, st.value]
    if t is S.ValueStmt:
        return [st.value]
    if t is S.GotoIfNot:
        return [st.cond]
    if t is S.Return or t is S.DeadStmt:
        v = st.value if t is S.Return else st.inner
        return [] if v is None else [v]
    if t is S.NewvarNode:
        return [st.target]
    if t is S.Leave:
        return list(st.args)
    return []


def _order_and_pinned(fd: S.FunctionDef, header_names: dict) -> tuple[list, dict]:
    """Locals by first appearance (assigned bare names missing from the header) and pinned ids."""
    assigned = _assigned_names(fd.lines)
    order, seen, pinned = [], set(), {}
    for bl in fd.lines:
        names, slots = [], []
        for e in _operands(bl.stmt):
            _collect(e, names, slots)
        for node in slots:
            if node.id is not None:
                old = pinned.get(node.id)
                if old is None or (old[0] is None and node.name):
                    pinned[node.id] = (node.name, node.line, node.col)
        for node in names:
            nm = node.parts[0]
            if nm not in header_names and nm not in seen and nm in assigned:
                seen.add(nm)
                order.append((nm, node.line, node.col))
    return order, pinned


def oracle(fd: S.FunctionDef, sink: DiagnosticSink) -> ir.Function | None:
    """`_Builder.build` with the slot table and label map computed before a single fixed walk."""
    b = _Builder(fd, sink)
    if fd.form != "plain" and not b._numbered(fd.lines):  # Julia's numbering broken: one error, nothing built
        return None
    assigned = _assigned_names(fd.lines) if fd.form in ("variables", "codeinfo") else set()
    if fd.form == "codeinfo":
        b.codeinfo = codeinfo_signature(fd, assigned, b.sink.path)
    name, module = b._name_module()
    b._header_slots(assigned)
    if not fd.lines:
        b.error("function body is empty (expected at least one statement)", fd.line, max(fd.col, 1), "empty")
        return None
    order, pinned = _order_and_pinned(fd, b.by_name)
    slots, by_name, slot_errors = _allocate(b.slots, b.by_name, b.has_locals_section, order, pinned,
                                            gaps=fd.codeinfo)
    ssa: dict[int, int] = {}
    for i, bl in enumerate(fd.lines, 1):
        if bl.label is not None:
            ssa.setdefault(bl.label, i)
    walk = _Walk(slots, by_name, ssa, incremental=False)
    b._resolve_body(fd.lines, walk)
    for e in slot_errors:
        b.error(*e)
    for bl in walk.duplicates:
        b.error(f"duplicate label %{bl.label} (first used on statement {ssa[bl.label]})", bl.line, max(bl.col - 1, 1), "duplicate-label")
    for e in walk.errors:
        b.error(*e)
    b.slots, b.by_name = slots, by_name
    fn = ir.Function(name, module, slots, walk.stmts, static_params=list(fd.static_params), julia_return=fd.body_type,
                     form=fd.form, source=fd, line=fd.line)
    if (cut := whole.cut_off(fn)) is not None:  # a paste that ends before Julia's body does: its blocks would mislead
        b.error(*cut)
    else:
        b._blocks(fn, fd.lines, walk)
    return fn


def _outcome(build, text: str):
    try:
        src = parse_text(text, "t.ir")
    except IrcError:
        return None
    out = []
    for it in src.items:
        if isinstance(it, S.FunctionDef):
            sink = DiagnosticSink("t.ir", text)
            fn = build(it, sink)
            diags = [(d.message, d.span.line, d.span.col, d.code) for d in sink.items]
            if fn is None:
                out.append((None, diags))
            else:
                out.append(((fn.slots, fn.stmts, fn.blocks, fn.stmt_block), diags))
    return out


def _same(text: str) -> bool:
    new = _outcome(lambda fd, sink: _Builder(fd, sink).build(), text)
    old = _outcome(oracle, text)
    assert new == old
    return new is not None


# ---------------------------------------------------------------- corpus


def _corpus() -> list[tuple[str, str]]:
    out = [(p.name, p.read_text(encoding="utf-8")) for p in sample_files()]
    if CONFORMANCE.is_dir():
        out += [(p.name, p.read_text(encoding="utf-8")) for p in sorted(CONFORMANCE.glob("*/*.ir"))]
    out += [(f"gen{i}", G.render(G.random_model(3000 + i, oracle_safe=bool(i % 2)))) for i in range(8)]
    out += [(f"error-{k}", v) for k, v in CASES.items()]
    return out


CORPUS = _corpus()


@pytest.mark.parametrize("name,text", CORPUS, ids=[n for n, _ in CORPUS])
def test_walk_equals_the_rule_on_the_corpus(name, text):
    _same(text)


def test_walk_equals_the_rule_on_mutants():
    rnd = random.Random(5)
    built = 0
    for name, text in CORPUS:
        for k in range(3):
            mutant, _ = G.mutants(text, rnd, 1 + k % 3)
            built += _same(mutant)
    assert built > len(CORPUS)  # most mutants still parse


F = "function f(c)\n"
SECOND_WALK = {
    # b is read before a is assigned: b is slot 3, a slot 4
    "read_before_assignment": F + "1 ─ %1 = b\n│        a = 1\n│        b = 2\n└──      return %1\nend\n",
    "read_in_a_later_block": F + "1 ─      goto #3 if not c\n2 ─      return y\n3 ─      x = 1\n│        y = x\n└──      goto #2\nend\n",
    # @_4 is read only: it reserves slot 4, x becomes 5
    "pinned_read_only": F + "1 ─      x = 1\n│   %2 = @_4\n└──      return %2\nend\n",
    "pinned_beyond_the_slots": F + "1 ─      x = 1\n│   %2 = @_9\n└──      return %2\nend\n",
    "named_pinned_later": F + "1 ─ %1 = @_3\n│        y@_3 = 1\n└──      return %1\nend\n",
    "forward_ssa": F + "1 ─ %1 = Main.g(%2)\n│   %2 = c\n└──      return %1\nend\n",
    "forward_ssa_in_dead_code": F + "1 ─      Core.Const(:(Main.g(%2)))\n│   %2 = c\n└──      return %2\nend\n",
    "locals_section": "MethodInstance for g(::Int64)\n  from g(x) @ Main REPL[1]:1\nArguments\n  #self#::Core.Const(g)\n"
                      "  x::Int64\nLocals\n  y::Int64\nBody::Int64\n1 ─ %1 = z\n│        z = x\n│        y = @_7\n└──      return %1\n",
}


def test_a_label_is_numbered_before_its_own_operands():
    text = F + "1 ─ %1 = Main.g(%1)\n└──      return %1\nend\n"
    _same(text)
    with pytest.raises(IrcError, match="refers to its own statement"):
        parse_and_build(text)


@pytest.mark.parametrize("name", sorted(SECOND_WALK))
def test_walk_equals_the_rule_when_the_second_walk_is_needed(name, monkeypatch):
    walks = []
    real = _Builder._resolve_body
    monkeypatch.setattr(_Builder, "_resolve_body", lambda self, lines, walk: (walks.append(walk.incremental), real(self, lines, walk))[1])
    assert _same(SECOND_WALK[name])
    assert walks.count(True) == 1 and walks.count(False) == 2  # the build's second walk, and the oracle's


def test_a_read_before_the_assignment_numbers_the_local_first():
    (fn,) = parse_and_build(SECOND_WALK["read_before_assignment"])
    assert [(s.id, s.name) for s in fn.slots] == [(1, "#self#"), (2, "c"), (3, "b"), (4, "a")]
    assert fn.stmts[0].value == S.SlotRef("b", 3, 2, 10)


def test_a_pinned_read_reserves_its_slot():
    (fn,) = parse_and_build(SECOND_WALK["pinned_read_only"])
    assert [(s.id, s.name) for s in fn.slots] == [(1, "#self#"), (2, "c"), (3, "x"), (4, "@_4")]


def parse_and_build(text: str) -> list[ir.Function]:
    from irc.ir.build import build_program

    return build_program(parse_text(text, "t.ir")).functions
