"""IR builder: slot numbering (spec §1.3), globals vs slots, labels, statement kinds."""
from __future__ import annotations

from pathlib import Path

import pytest

from irc.ir import model as ir
from irc.syntax import tree as S
from irc.ir.build import build_program
from irc.errors import IrcError
from irc.syntax.parser import parse_text

from conftest import CONFORMANCE, SAMPLES


def build(text: str) -> ir.Program:
    return build_program(parse_text(text, "t.ir"))


def sample(name: str) -> ir.Program:
    return build(Path(SAMPLES / name).read_text())


def slots(fn: ir.Function) -> list[tuple[int, str, bool]]:
    return [(s.id, s.name, s.argument) for s in fn.slots]


def test_plain_form_slots_by_first_appearance_with_pinned_ids():
    (fn,) = sample("syntax_plain_loop.ir").functions
    assert (fn.name, fn.module, fn.form) == ("f", ("Main",), "plain")
    assert slots(fn) == [(1, "#self#", True), (2, "n", True), (3, "@_3", False), (4, "x", False), (5, "i", False)]
    assert fn.slots[1].declared.parts == ("Int64",)
    assert fn.stmts[0].kind is ir.Kind.ASSIGN and fn.stmts[0].slot == 4
    assert fn.stmts[2].kind is ir.Kind.ASSIGN and fn.stmts[2].slot == 3


def test_warntype_slots_follow_sections_and_signature_seeds_arguments():
    (fn,) = sample("syntax_warntype.ir").functions
    assert slots(fn) == [(1, "#self#", True), (2, "x", True), (3, "y", False), (4, "z", False)]
    assert fn.slots[1].declared.parts == ("Float64",) and fn.slots[1].julia_type.parts == ("Float64",)
    assert fn.slots[2].declared is None and fn.slots[2].julia_type.head.parts == ("Union",)
    assert fn.julia_return.parts == ("Float64",)


def test_v16_variables_arguments_are_the_unassigned_leading_entries():
    (fn,) = sample("syntax_variables16.ir").functions
    assert (fn.name, fn.form) == ("sum_to", "variables")
    assert slots(fn) == [(1, "#self#", True), (2, "n", True), (3, "@_3", False), (4, "s", False), (5, "i", False)]
    assert fn.slots[1].declared.parts == ("Int64",)


@pytest.mark.skipif(not CONFORMANCE.is_dir(), reason="conformance folder absent")
def test_v16_conformance_all_arguments():
    text = (CONFORMANCE / "declared" / "23_calldouble_concrete_c.ir").read_text()
    (fn,) = build(text).functions
    assert fn.name == "calldouble" and [s.argument for s in fn.slots] == [True, True]


def test_globals_stay_names_and_slots_resolve():
    (fn,) = sample("syntax_declarations.ir").functions
    call = fn.stmts[0].value
    assert call.func.parts == ("Base", "getproperty")
    assert call.args[0] == S.SlotRef("p", 2, call.args[0].line, call.args[0].col)
    text = "function h(x)\n1 ─ %1 = Main.g(b, x)\n└── return %1\nend\n"
    (fn,) = build(text).functions
    b, x = fn.stmts[0].value.args
    assert isinstance(b, S.Name) and b.parts == ("b",)
    assert isinstance(x, S.SlotRef) and x.id == 2


def test_a_name_assigned_anywhere_is_a_slot_even_when_read_first():
    text = "function h(c)\n1 ─ goto #3 if not c\n2 ─ return y\n3 ─ y = 1\n└── goto #2\nend\n"
    (fn,) = build(text).functions
    assert slots(fn)[-1] == (3, "y", False)
    assert fn.stmts[1].value == S.SlotRef("y", 3, 3, 12)


def test_hand_written_labels_map_to_statement_indices():
    fn = sample("syntax_handwritten.ir").functions[0]
    assert fn.stmts[0].label == 100 and fn.stmts[1].value.n == 1
    assert fn.stmts[5].label == 42 and fn.stmts[6].value.n == 6
    assert fn.stmts[0].value.args[0].id == 2  # `_2` is the argument slot
    shadow = sample("syntax_handwritten.ir").functions[1]
    assert slots(shadow) == [(1, "#self#", True), (2, "n", True), (3, "n", False)]
    assert shadow.stmts[0].slot == 3 and shadow.stmts[0].value.id == 2


def test_statement_kinds():
    f, g = sample("syntax_try.ir").functions
    assert [st.kind.name for st in f.stmts] == ["ASSIGN", "ENTER", "VALUE", "ASSIGN", "LEAVE", "GOTO", "ASSIGN", "ASSIGN",
                                                "VALUE", "RETURN"]
    assert f.stmts[1].target == 5 and f.stmts[4].args[0].n == 2
    (d,) = sample("syntax_dead.ir").functions
    assert [st.kind.name for st in d.stmts].count("DEAD") == 4
    m, n = sample("syntax_newvar.ir").functions
    assert m.stmts[0].kind is ir.Kind.NEWVAR and m.stmts[0].slot == 3
    assert m.stmts[-1].kind is ir.Kind.RETURN and m.stmts[-1].value is None
    assert n.stmts[-1].kind is ir.Kind.UNREACHABLE


def test_static_parameters():
    p = sample("syntax_static_params.ir")
    for fn in p.functions:
        assert [(v.name, v.value.parts) for v in fn.static_params] == [("T", ("Int64",))]


def test_declarations_pass_through():
    p = sample("syntax_declarations.ir")
    assert len(p.functions) == 1 and not any(isinstance(i, S.FunctionDef) for i in p.items)
    assert sum(isinstance(i, S.MethodDecl) for i in p.items) == 14


def test_build_does_not_mutate_the_syntax_tree():
    text = (SAMPLES / "syntax_handwritten.ir").read_text()
    src = parse_text(text, "h.ir")
    before = repr(src.items)
    build_program(src)
    assert repr(src.items) == before


def test_semantic_errors_are_all_reported():
    text = ("function h(x)\n1 ─ %1 = f(%9)\n│   %1 = g(x)\n└── goto #7\n2 ─ return @_8\nend\n"
            "function k(y)\n1 ─ return %3\nend\n")
    with pytest.raises(IrcError) as ei:
        build(text)
    msgs = [(d.span.line, d.code) for d in ei.value.diagnostics]
    assert msgs == [(2, "undefined-ssa"), (3, "duplicate-label"), (4, "missing-block"), (5, "unknown-slot"),
                    (8, "undefined-ssa")]


def test_global_assignment_is_a_value_statement():
    text = "function h(v)\n1 ─      Main.counter = v\n│   %2 = (Main.total = 1)::Int64\n└──      return %2\nend\n"
    (fn,) = build(text).functions
    st = fn.stmts[0]
    assert st.kind is ir.Kind.VALUE and st.value.head == "="
    assert st.value.args[0].parts == ("Main", "counter") and st.value.args[1].id == 2
    assert fn.stmts[1].annotation.parts == ("Int64",)
    assert [s.name for s in fn.slots] == ["#self#", "v"]  # a global target makes no slot


def test_from_line_vararg_is_read_from_the_argument_list():
    """The `from` line's argument list is its last parenthesised group before ` where`/` in`:
    a callable object's method has two groups (`(::Type{SA})(x...)`)."""
    from irc.ir.header import _from_is_vararg

    assert _from_is_vararg("second(x, ys...) @ Main REPL[2]:1")
    assert _from_is_vararg("(::Type{SA})(x...) where SA<:StaticArray @ StaticArrays ~/src/convert.jl:160")
    assert _from_is_vararg("f(xs::Int64...) where T in Main at REPL[5]:1")
    assert _from_is_vararg("(f::Foo)(a, b...) @ Main REPL[1]:1")
    assert not _from_is_vararg("(::Type{SA})(x) where SA<:StaticArray @ StaticArrays ~/src/convert.jl:160")
    assert not _from_is_vararg("g(x) in Main at REPL[5]:1")
    assert not _from_is_vararg("h(x::Vararg) where T @ Main (f(y...)) :1")  # a group after ` @ ` is the file's
    # keyword arguments after `;` are no positional vararg (Parameters.jl's `A(pp::A; kws...)`, h803)
    assert not _from_is_vararg("A(pp::A; kws...) @ Main ~/Parameters.jl/src/Parameters.jl:571")
    assert not _from_is_vararg("h(x; k=1) in Main at REPL[5]:1")
    assert _from_is_vararg("g(x, ys...; k...) @ Main REPL[2]:1")
