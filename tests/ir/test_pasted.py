"""A function pasted with its MethodInstance signature and Body type answers the calls of the
file's other functions (`irc.ir.pasted`, `World._declare_pasted`; issue 27)."""
from __future__ import annotations

import pytest

from irc.cli.driver import Options, analyse
from irc.ir.build import build_program
from irc.ir.pasted import pasted_methods
from irc.output.jsondoc import function_json
from irc.syntax.parser import parse_text


def warntype(name: str, sig: str, args: str, body: str, stmts: str, module: str = "Main") -> str:
    """One `@code_warntype` print: `sig` the MethodInstance's argument types, `args` the Arguments lines."""
    return (f"MethodInstance for {name}({sig})\n  from {name}(x) @ {module} REPL[1]:1\nArguments\n"
            f"  #self#::Core.Const({name})\n{args}Body::{body}\n{stmts}\n")


G = warntype("g", "::Foo", "  x::Foo\n", "Int64", "1 ─ %1 = Base.getfield(x, :a)::Int64\n└──      return %1\n")


def caller(call: str, arg: str = "Foo") -> str:
    return warntype("h", f"::{arg}", f"  x::{arg}\n", "Any", f"1 ─ %1 = {call}::Any\n└──      return %1\n")


def types_of(text: str, fname: str = "h", **options) -> tuple[list[str], list[str]]:
    res = analyse("t.ir", text, Options(**options))
    assert not res.errors, res.errors
    for fn, r in res.results:
        if fn.name == fname:
            doc = function_json(fn, r)
            return [s["type"] for s in doc["statements"]], [d.message for d in r.diagnostics]
    raise AssertionError(fname)


def decls(text: str):
    return pasted_methods(build_program(parse_text(text, "t.ir")).functions)


# ---------------------------------------------------------------- which functions declare


def test_each_warntype_function_with_a_body_type_declares_its_signature():
    (d1, m1), (d2, m2) = decls(G + "\n" + caller("Main.g(x)"))
    assert (d1.name.parts, m1) == (("g",), ("Main",))
    assert [a.type.parts for a in d1.args] == [("Foo",)] and d1.result.parts == ("Int64",)
    assert d2.name.parts == ("h",)


def test_a_lone_function_declares_nothing():
    assert decls(G) == ()


@pytest.mark.parametrize("other", [
    "function k(x::Int64)\n1 ─      return x\nend\n",  # plain form: no Julia answer
    "CodeInfo(\n1 ─      return 1\n) => Int64\n",  # code_typed: no MethodInstance signature
    warntype("k", "::Int64, ::Int64", "  x::Int64\n  ys::Tuple{Int64}\n", "Int64",
             "1 ─      return x\n").replace("from k(x)", "from k(x, ys...)"),  # vararg
])
def test_functions_without_a_full_answer_declare_nothing(other):
    ds = decls(G + "\n" + other)
    assert [d.name.parts for d, _ in ds] == [("g",)]


# ---------------------------------------------------------------- calls typed from them


def test_a_call_of_a_pasted_function_is_its_body_type():
    assert types_of(G + "\n" + caller("Main.g(x)"))[0][0] == "Int64"
    assert types_of(G + "\n" + caller("g(x)"))[0][0] == "Int64"  # a bare name: the module's


def test_without_the_pasted_function_the_call_is_unknown():
    types, diags = types_of(caller("Main.g(x)") + "\n" + caller("Main.k(x)").replace("h(", "h2("))
    assert types[0] == "Any" and any("unknown callee Main.g" in m for m in diags)


def test_the_pasted_method_is_open_another_signature_is_unknown_not_impossible():
    types, _ = types_of(G + "\n" + caller("Main.g(x)", arg="Int64"))
    assert types[0] == "Any"  # not Union{}: g may have methods the file does not show


def test_the_files_own_declaration_of_the_signature_wins():
    text = "declare Main.g(::Foo)::Float64\n\n" + G + "\n" + caller("Main.g(x)")
    assert types_of(text)[0][0] == "Float64"


@pytest.mark.parametrize("prelude", [True, False])
def test_a_pasted_base_method_extends_base(prelude):
    """`getproperty(::Foo, ::Symbol)` pasted from `@ Main` is a method of Base.getproperty."""
    gp = warntype("getproperty", "::Foo, ::Symbol", "  x::Foo\n  s::Symbol\n", "Int64",
                  "1 ─ %1 = Base.getfield(x, :a)::Int64\n└──      return %1\n")
    text = "struct Foo\n    a::Int64\n    b::Float64\nend\n\n" + gp + "\n" + caller("Base.getproperty(x, :b)")
    assert types_of(text, prelude=prelude)[0][0] == "Int64"  # the pasted method, not the field's Float64
    alone = "struct Foo\n    a::Int64\n    b::Float64\nend\n\n" + caller("Base.getproperty(x, :b)")
    assert types_of(alone, prelude=prelude)[0][0] == "Float64"


def test_a_builtin_name_is_left_to_irc():
    bogus = warntype("getfield", "::Foo, ::Symbol", "  x::Foo\n  s::Symbol\n", "String",
                     "1 ─ %1 = Core.getfield(x, :a)::Int64\n└──      return %1\n")
    text = "struct Foo\n    a::Int64\nend\n\n" + bogus + "\n" + caller("Core.getfield(x, :a)")
    assert types_of(text)[0][0] == "Int64"  # the builtin's tfunc, not the pasted `String`
