"""A whole statement `:op`: the global `op` or the Symbol (`irc.ir.globalsym`).

The rule on its own (annotation first, then the version), the build (both
of the builder's paths, a slot named `op` keeping the Symbol), the printing
(`fmt.global_stmt_text`, Julia's `show_globalref` without the module) and
the typing through the driver in every state store."""
from __future__ import annotations

import pytest

from irc.cli.driver import Options, analyse
from irc.errors import DiagnosticSink
from irc.ir import model as ir
from irc.ir.build import _Builder, build_program
from irc.ir.globalsym import global_symbol, operator_symbol
from irc.output.fmt import format_stmt, global_stmt_text
from irc.output.jsondoc import function_json
from irc.syntax import tree as S
from irc.syntax.parser import parse_text
from irc.syntax.version import V1_10, V1_11, V1_12
from irc.world.world import World

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "infer"))
from test_column_build_equals_objects import _columns  # noqa: E402
from test_stores_agree import assert_same_output  # noqa: E402


def sym(name: str, text: str | None = None) -> S.Lit:
    return S.Lit(name, "Symbol", text if text is not None else ":" + name, 3, 9)


def const(arg) -> S.Call:
    return S.Call(S.Name(("Core", "Const")), [arg])


# ---------------------------------------------------------------- the rule


@pytest.mark.parametrize("op", ["+", ">", "==", "<=", "÷", "=>"])
def test_an_operator_symbol_is_the_global_under_outlined_printing(op):
    g = global_symbol(sym(op, f":({op})" if op in ("==", "=>") else None), None, True)
    assert g == S.Name((op,), 3, 9)
    assert global_symbol(sym(op), None, False) is None  # before 1.12: the Symbol, as irc always read it


def test_the_annotation_decides_in_every_version():
    assert global_symbol(sym(">"), const(S.Name((">",))), False) == S.Name((">",), 3, 9)  # Core.Const(>)
    assert global_symbol(sym("%"), const(S.Name(("rem",))), False) == S.Name(("%",), 3, 9)  # Main.:% is rem
    for says_symbol in (const(sym(">")), S.Name(("Symbol",)), S.Name(("Core", "Symbol"))):
        assert global_symbol(sym(">"), says_symbol, True) is None  # Core.Const(:>) / ::Symbol: the Symbol
    assert global_symbol(sym(">"), S.Name(("Any",)), True) == S.Name((">",), 3, 9)  # silent: the version's rule
    assert global_symbol(sym(">"), S.Name(("Any",)), False) is None


@pytest.mark.parametrize("lit", [sym("x"), sym("sin"), sym("in"), sym("isa"), sym("#f#1", 'Symbol("#f#1")'),
                                 S.Lit("+", "String", '"+"')])
def test_an_identifier_or_other_literal_is_never_the_global(lit):
    """`show_globalref` prints an identifier global bare (`sin`): `:sin` is only ever the Symbol."""
    assert operator_symbol(lit) is None
    assert global_symbol(lit, const(S.Name(("sin",))), True) is None


def test_the_version_question():
    assert (V1_10.outlined_globalrefs, V1_11.outlined_globalrefs, V1_12.outlined_globalrefs) == (False, False, True)


# ---------------------------------------------------------------- the build and the printing

BODY = """function f(a::Int64)
1 ─ %1 = :+
│   %2 = (%1)(a, 1)
│   %3 = :>::Core.Const(>)
│   %4 = :x
│   %5 = :<::Core.Const(:<)
└──      return %2
end
"""


def values(text: str, rules) -> list:
    (fn,) = build_program(parse_text(text, "t.ir"), rules=rules).functions
    return [st.value for st in fn.stmts[:5]], fn


@pytest.mark.parametrize("rules", [None, V1_10, V1_11, V1_12])
def test_build_resolves_the_statement_once(rules):
    vals, fn = values(BODY, rules)
    outlined = rules is V1_12
    assert (type(vals[0]) is S.Name) is outlined
    assert type(vals[2]) is S.Name and vals[2].parts == (">",)  # the annotation: every version
    assert type(vals[3]) is S.Lit and type(vals[4]) is S.Lit  # `:x`, `:<::Core.Const(:<)`: Symbols
    # printed back as written
    assert [format_stmt(st, fn) for st in fn.stmts[:5]] == [":+", "(%1)(a, 1)", ":>", ":x", ":<"]


def test_a_slot_named_like_the_operator_keeps_the_symbol():
    text = ("MethodInstance for g(::Int64)\n  from g(x) @ Main REPL[1]:1\nArguments\n  #self#::Core.Const(g)\n"
            "  x::Int64\nLocals\n  var\"+\"::Int64\nBody::Int64\n1 ─ %1 = :+\n│   %2 = :-\n"
            "│   %3 = :+::Core.Const(+)\n└──      return %1\n\n")
    (fn,) = build_program(parse_text(text, "t.ir"), rules=V1_12).functions
    vals = [st.value for st in fn.stmts[:3]]
    assert type(vals[0]) is S.Lit and type(vals[2]) is S.Lit  # `+` is the local: `:+` is not Main's `+`
    assert vals[1] == S.Name(("-",), vals[1].line, vals[1].col)  # no slot `-`: the global


def test_column_path_equals_object_path_with_outlined_globals():
    src = parse_text(BODY, "t.ir")
    built = []
    for objects in (True, False):
        (fd,) = [it for it in src.items if type(it) is S.FunctionDef]
        fn = _Builder(fd, DiagnosticSink("t.ir", BODY), objects=objects, outlined=True).build()
        built.append((list(fn.stmts), _columns(fn.stmts.filled())))
    assert built[0] == built[1]


@pytest.mark.parametrize("op,text", [("+", ":+"), ("==", ":(==)"), ("=>", ":(=>)"), (">=", ":>=")])
def test_global_stmt_text_is_show_globalref_without_the_module(op, text):
    assert global_stmt_text(S.Name((op,))) == text
    st = ir.Stmt(ir.Kind.VALUE, S.Name((op,)))
    assert format_stmt(st, None) == text


def test_global_stmt_text_leaves_other_values():
    assert global_stmt_text(S.Name(("sin",))) is None
    assert global_stmt_text(S.Name(("Main", "+"))) is None
    assert global_stmt_text(S.Lit("+", "Symbol", ":+")) is None


# ---------------------------------------------------------------- typing, every store


@pytest.mark.parametrize("julia,first,call", [("1.12", "Core.Const(+)", "Int64"), ("1.10", "Core.Const(:+)", "Any")])
def test_the_call_through_the_global_is_typed(julia, first, call):
    res = analyse("t.ir", BODY, Options(julia=julia))
    assert not res.errors
    ((fn, r),) = res.results
    doc = function_json(fn, r)
    assert [s["type"] for s in doc["statements"][:5]] == [first, call, "Core.Const(>)", "Core.Const(:x)", "Core.Const(:<)"]


@pytest.mark.parametrize("rules", [V1_10, V1_12])
def test_every_store_gives_the_same_output(rules):
    program = build_program(parse_text(BODY, "t.ir"), rules=rules)
    assert_same_output(program, World.build(program.items, rules=rules))


def test_explain_says_the_statement_is_the_global(tmp_path):
    import io

    from irc.cli.commands import explain_main

    p = tmp_path / "t.ir"
    p.write_text(BODY)
    out = io.StringIO()
    assert explain_main(str(p), None, None, Options(julia="1.12"), out, io.StringIO(), stmt="%1") == 0
    assert ":+: the global `+` of the method's module" in out.getvalue()
    out = io.StringIO()
    assert explain_main(str(p), None, None, Options(julia="1.10"), out, io.StringIO(), stmt="%1") == 0
    assert "the global" not in out.getvalue()  # the Symbol under 1.10
