"""`irc stubs` proposes what a paste proves (issue 27 §4, the declared corpus): a `struct` for
an unknown type whose fields Julia typed, `const` / `global` for a global Julia printed on its
own, the listed type of a slot as the result of an untyped assignment when that type is
concrete -- and nothing where the paste does not prove it.  Each rule: a paste that proves it,
one that does not, and (where it applies) irc with the proposal reaching Julia's answer."""
from __future__ import annotations

import io
import re

import pytest

from irc.cli.batch import cli_infer
from irc.cli.commands import stubs_main
from irc.cli.driver import Options
from irc.syntax.parser import parse_text


def stubs(tmp_path, paste: str, every: bool = True, extra: str | None = None) -> str:
    src = tmp_path / "p.ir"
    src.write_text(paste, encoding="utf-8")
    options = Options()
    if extra is not None:
        (tmp_path / "extra.ir").write_text(extra, encoding="utf-8")
        options = Options(extra_preludes=(str(tmp_path / "extra.ir"),))
    dest = tmp_path / "stubs.ir"
    code = stubs_main([str(src)], options, output=str(dest), stdout=io.StringIO(), stderr=io.StringIO(),
                      every=every)
    assert code == 0
    text = dest.read_text(encoding="utf-8")
    parse_text(text, str(dest))  # valid irc input
    return text


def infer_with(tmp_path, stubs_text: str) -> str:
    dest = tmp_path / "declared.ir"
    dest.write_text(stubs_text, encoding="utf-8")
    out, err = io.StringIO(), io.StringIO()
    cli_infer([str(tmp_path / "p.ir")], stdout=out, stderr=err, color="never", prelude=[str(dest)])
    return out.getvalue()


def proposed_and_answered(tmp_path, paste: str, declaration: str, answered: str) -> str:
    """`irc stubs --all` of `paste` holds `declaration`, and irc with the stubs prints `answered`."""
    text = stubs(tmp_path, paste)
    assert declaration in text, text
    out = infer_with(tmp_path, text)
    assert answered in out, out
    return out


def warntype(arg: str, body: list[str], ret: str, locals_: str = "") -> str:
    lines = [f"MethodInstance for f(::{arg.split('::', 1)[1]})", "  from f(b) @ Main REPL[1]:1", "Arguments", "  #self#::Core.Const(f)",
             f"  {arg}"]
    if locals_:
        lines += ["Locals", f"  {locals_}"]
    lines.append(f"Body::{ret}")
    for k, b in enumerate(body):
        rail = "1 ─ " if k == 0 else ("└── " if k == len(body) - 1 else "│   ")
        lines.append(rail + b)
    return "\n".join(lines) + "\n"


FIELDS = warntype("b::MyT", ["%1 = Base.getproperty(b, :x)::Float64", "%2 = Core.getfield(b, :n)::Number",
                             "%3 = Main.g(%1, %2)::Float64", "     return %3"], "Float64")


def test_a_struct_with_the_fields_julia_typed_on_reads_of_an_argument(tmp_path):
    text = stubs(tmp_path, FIELDS)
    assert re.search(r"\nstruct MyT  # the fields the paste reads, as Julia typed them.*\n    n::Number\n"
                     r"    x::Float64\n    \.\.\.\nend\n", text), text  # `...`: fields the paste does not show
    assert "abstract type MyT" not in text
    out = infer_with(tmp_path, text)
    assert "%1 = Base.getproperty(b, :x)::Float64" in out and "%2 = Core.getfield(b, :n)::Number" in out
    # without the struct (the old `abstract type`) the reads are Any
    out = infer_with(tmp_path, text.replace("struct MyT", "abstract type MyT end\nstruct Unused"))
    assert "%1 = Base.getproperty(b, :x)::Any" in out


def test_fields_julia_printed_only_as_any_keep_the_abstract_type(tmp_path):
    paste = FIELDS.replace("::Float64\n│   %2", "::Any\n│   %2").replace("::Number", "::Any")
    text = stubs(tmp_path, paste)
    assert "abstract type MyT end  # fields read: n (Julia printed Any in MyT), x (Julia printed Any in MyT); " \
           "not proposed as a struct: Julia printed every field read as Any" in text
    assert "struct MyT" not in text
    # one field more than Any proves a concrete type: the Any field is declared Any
    text = stubs(tmp_path, FIELDS.replace("::Number", "::Any"))
    assert "    n::Any\n    x::Float64\n    ...\nend" in text


def test_a_parametric_type_declares_a_field_typed_as_one_parameter_with_it(tmp_path):
    """`MyT{Float64}`: `x` printed Float64 is the parameter (`x::T1`), `n` printed Number is no
    parameter (`n::Number`); irc with the proposal answers the reads as Julia printed them."""
    paste = FIELDS.replace("b::MyT", "b::MyT{Float64}").replace("f(::MyT)", "f(::MyT{Float64})")
    text = stubs(tmp_path, paste)
    assert re.search(r"\nstruct MyT\{T1\}  # the fields the paste reads.*one parameter of every instance read"
                     r".*\n    n::Number\n    x::T1\n    \.\.\.\nend\n", text), text
    out = infer_with(tmp_path, text)
    assert "%1 = Base.getproperty(b, :x)::Float64" in out and "%2 = Core.getfield(b, :n)::Number" in out


def test_a_field_that_could_follow_two_parameters_is_declared_with_its_printed_type(tmp_path):
    """`MyT{Float64, Float64}`: `x` printed Float64 may be `T1` or `T2`; declared `Float64` with
    a comment saying so (it answers every read the paste shows as Julia did)."""
    paste = FIELDS.replace("b::MyT", "b::MyT{Float64, Float64}").replace("f(::MyT)", "f(::MyT{Float64, Float64})")
    text = stubs(tmp_path, paste)
    assert "abstract type MyT" not in text
    assert re.search(r"\nstruct MyT\{T1, T2\}  # .*\n    n::Number\n    x::Float64  # Julia printed it in every read; "
                     r"it may be `T1` or `T2`: the reads do not say\n    \.\.\.\nend\n", text), text
    out = infer_with(tmp_path, text)
    assert "%1 = Base.getproperty(b, :x)::Float64" in out and "%2 = Core.getfield(b, :n)::Number" in out
    # two printed types that follow no one parameter: no struct
    paste2 = paste.replace("Core.getfield(b, :n)::Number", "Core.getfield(b, :x)::Int64")
    text = stubs(tmp_path, paste2)
    assert "abstract type MyT{T1, T2} end  # fields read:" in text and "struct MyT" not in text


def test_a_field_read_with_no_printed_type_is_declared_any_or_with_the_local_it_is_stored_in(tmp_path):
    """A struct needs every field the paste reads (one it lacks makes the read throw: a false
    `Union{}`): a read printed with no type gives the field `Any` -- or, stored straight into a
    local Julia listed, that local's type, a bound of the field's."""
    paste = warntype("b::MyT", ["%1 = Base.getproperty(b, :x)::Float64", "     (y = Base.getproperty(b, :n))",
                                "     (z = Base.getproperty(b, :m))", "%4 = Main.g(%1, y, z)::Float64",
                                "     return %4"], "Float64", locals_="y::Union{Int64, Float64}")
    text = stubs(tmp_path, paste)
    assert re.search(r"\nstruct MyT  # .*\n    x::Float64\n    m::Any  # no read in the paste shows its type: fill it in\n"
                     r"    n::Union\{Float64, Int64\}  # a bound: the type Julia listed for the local", text), text
    out = infer_with(tmp_path, text)
    assert "(y = Base.getproperty(b, :n))::Union{Float64, Int64}" in out
    assert "(z = Base.getproperty(b, :m))::Any" in out and "Union{}" not in out


def test_no_struct_where_the_paste_does_not_prove_the_fields(tmp_path):
    cases = {
        # a type variable bounded by it: it has subtypes
        "bounds a type variable by it": FIELDS.replace("%3 = Main.g(%1, %2)::Float64",
                                                       "%3 = Main.g(%1, %2)::Type{<:MyT}"),
        # a store: mutability and declared types unknown
        "stores into its fields": FIELDS.replace("%3 = Main.g(%1, %2)::Float64",
                                                 "%3 = Base.setproperty!(b, :x, 1.0)::Float64"),
        # a field named by position
        "by position or by a computed name": FIELDS.replace("Core.getfield(b, :n)", "Core.getfield(b, 2)"),
        # a read Julia printed Union{}: no such field
        "the access throws": FIELDS.replace("::Number", "::Union{}"),
    }
    for why, paste in cases.items():
        text = stubs(tmp_path, paste)
        assert "struct MyT" not in text, (why, text)
        assert re.search(r"abstract type MyT end  # fields read: .*; not proposed as a struct: .*" + re.escape(why),
                         text), (why, text)


def test_a_type_the_paste_constructs_is_a_struct_with_fields_it_does_not_list(tmp_path):
    """A call of the type (`Main.MyT(%1, %2)::MyT`): the number and order of its fields are
    unknown, which `...` says (docs/language.md §2), so the fields the paste reads are still
    proposed; irc with the struct types the call as the type (never a `PartialStruct` matching
    the arguments to the listed fields by position) and the reads as Julia printed them."""
    paste = FIELDS.replace("%3 = Main.g(%1, %2)::Float64", "%3 = Main.MyT(%1, %2)::MyT").replace(
        "Body::Float64", "Body::MyT")
    text = stubs(tmp_path, paste)
    assert re.search(r"struct MyT  # .*\n    n::Number\n    x::Float64\n    \.\.\.\nend", text), text
    out = infer_with(tmp_path, text)
    for line in ("%1 = Base.getproperty(b, :x)::Float64", "%2 = Core.getfield(b, :n)::Number",
                 "%3 = Main.MyT(%1, %2)::MyT"):
        assert line in out, out


def test_a_read_of_a_local_does_not_prove_the_field_type(tmp_path):
    # a local may hold a constant or a PartialStruct of the type (Julia lists locals widened): a
    # narrower field type than the declared one
    paste = warntype("a::Int64", ["     (b = Main.make(a))", "%2 = Base.getproperty(b, :x)::Float64",
                                  "     return %2"], "Float64", locals_="b::MyT")
    text = stubs(tmp_path, paste)
    assert "struct MyT" not in text
    assert "not proposed as a struct: no read of `x` shows its declared type" in text


def test_two_printed_types_for_one_field_give_no_struct(tmp_path):
    paste = warntype("b::MyT", ["%1 = Base.getproperty(b, :x)::Float64", "%2 = Base.getproperty(b, :x)::Int64",
                                "     return %2"], "Int64")
    text = stubs(tmp_path, paste)
    assert "not proposed as a struct: Julia printed different types for `x`: Float64, Int64" in text


def test_a_declared_getproperty_method_means_no_struct(tmp_path):
    # (MyT stays unknown: the extra file declares only the method)
    text = stubs(tmp_path, FIELDS, extra="declare Base.getproperty(::MyT, ::Symbol)::Float64\n")
    assert "struct MyT" not in text
    assert "not proposed as a struct: a declared `getproperty` method answers its field reads" in text


def test_a_closure_read_through_self_is_a_function_struct(tmp_path):
    paste = ('MethodInstance for (::var"#g#3")()\n  from (::var"#g#3")() @ Main REPL[1]:2\nArguments\n'
             '  #self#::var"#g#3"\nBody::Any\n'
             '1 ─ %1 = Core.getfield(#self#, :count)::Core.Box\n└──      return %1\n')
    text = stubs(tmp_path, paste)
    assert 'struct var"#g#3" <: Function  # a closure\'s type: the captured variables the paste reads' in text
    assert "    count::Core.Box\nend" in text


def test_a_parametric_closure_read_through_self_declares_its_parameters(tmp_path):
    """`#self#::var"#f#1"{Foo, Vector{Int64}}` (h307): the struct has the parameters Julia printed
    (julia-syntax.scm `type-for-closure-parameterized`), the field typed as one of them is declared
    with it, and irc with the proposal answers the read as Julia printed it, never the variable."""
    paste = ('Variables\n  #self#::var"#f#1"{Foo, Vector{Int64}}\n  x::Vector{Int64}\n\nBody::Vector{Int64}\n'
             '1 ─ %1 = Core.getfield(#self#, :b)::Vector{Int64}\n└──      return %1\n')
    text = stubs(tmp_path, paste)
    assert 'struct var"#f#1"{T1, T2} <: Function  # a closure\'s type' in text, text
    assert "    b::T2\nend" in text
    out = infer_with(tmp_path, text)
    assert "%1 = Core.getfield(#self#, :b)::Vector{Int64}" in out, out
    assert "Body::Vector{Int64}" in out


_STRUCT = re.compile(r"^(?:mutable )?struct ([^\s{]+|var\"[^\"]+\")(?:\{([^}]*)\})?[^\n]*\n((?:    .*\n)*?)end$", re.M)


def unbound_type_variables(text: str) -> list[str]:
    """The `Tk` names a proposed struct's fields use that its own parameters do not bind."""
    bad = []
    for name, params, body in _STRUCT.findall(text):
        bound = {p.strip().split("<:")[0].strip() for p in params.split(",")} if params else set()
        for line in body.splitlines():
            if "::" in line and not line.lstrip().startswith("#"):
                ftype = line.split("::", 1)[1].split("#", 1)[0]
                bad += [f"{name}: {v}" for v in re.findall(r"\bT\d+\b", ftype) if v not in bound]
    return bad


def test_no_proposed_struct_uses_a_type_variable_it_does_not_bind(tmp_path):
    """The class of h307-h309: a field declared `b::T2` in a struct without `{T1, T2}` is an unknown
    type `T2` that leaks into irc's answers.  Every struct `irc stubs` proposes from a parametric
    type -- a closure's read through `#self#`, one built by `%new`, a plain struct's -- binds the
    variables its fields use."""
    pastes = [
        ('Variables\n  #self#::var"#f#1"{Foo, Vector{Int64}}\n  x::Vector{Int64}\n\nBody::Any\n'
         '1 ─ %1 = Core.getfield(#self#, :b)::Vector{Int64}\n│   %2 = Core.getfield(#self#, :T)::Foo\n'
         '└──      return %1\n'),
        FIELDS.replace("b::MyT", "b::MyT{Float64}").replace("f(::MyT)", "f(::MyT{Float64})"),
    ]
    for k, paste in enumerate(pastes):
        d = tmp_path / str(k)
        d.mkdir()
        text = stubs(d, paste)
        assert "struct" in text
        assert unbound_type_variables(text) == [], text
    assert unbound_type_variables('struct var"#f#1" <: Function\n    b::T2\nend') == ['var"#f#1": T2']


def test_a_return_type_call_declares_the_call_it_asks_about(tmp_path):
    """`Base._return_type(f, Tuple{A})::Core.Const(Int64)` with `f` unknown (h318): Julia inferred
    `f(::A)` as Int64, so `--all` declares `f`'s method, not `return_type`, which irc types by
    Julia's `return_type_tfunc`; with the proposal irc gives Julia's constant."""
    paste = ("MethodInstance for g(::typeof(cnt), ::Tuple{Vector{A}})\n  from g(f, args) @ Main REPL[1]:1\nArguments\n"
             "  #self#::Core.Const(g)\n  f::Core.Const(cnt)\n  args::Tuple{Vector{A}}\nBody::Type{Int64}\n"
             "1 ─ %1 = Base._return_type::Core.Const(Core.Compiler.return_type)\n"
             "│   %2 = Base.Broadcast.eltypes(args)::Core.Const(Tuple{A})\n"
             "│   %3 = (%1)(f, %2)::Core.Const(Int64)\n└──      return %3\n")
    text = stubs(tmp_path, paste)
    assert "declare Main.cnt(::A)::Int64" in text, text
    assert "return_type(" not in text.split("Julia printed")[0]
    out = infer_with(tmp_path, text)
    assert "%3 = (%1)(f, %2)::Core.Const(Int64)" in out, out

def test_a_return_type_call_of_an_unknown_global_declares_that_function(tmp_path):
    """`Base._return_type(only_ints, Tuple{Int})::Core.Const(Int64)` where `only_ints` is a global irc
    does not know (`Any`, Cthulhu#240, h982): Julia printed a type for the call, so the global is a
    function it knew; `--all` declares its methods with Julia's answers (`Union{}`: no method), and irc
    with the proposal gives both constants and their tuple."""
    paste = ("MethodInstance for g()\n  from g() @ Main REPL[1]:1\nArguments\n  #self#::Core.Const(g)\n"
             "Locals\n  t2::Type{Union{}}\n  t1::Type{Int64}\nBody::Tuple{DataType, Core.TypeofBottom}\n"
             "1 ─ %1 = Base._return_type::Core.Const(Core.Compiler.return_type)\n"
             "│   %2 = Core.apply_type(Main.Tuple, Main.Int)::Core.Const(Tuple{Int64})\n"
             "│        (t1 = (%1)(Main.only_ints, %2))::Core.Const(Int64)\n"
             "│   %4 = Core.apply_type(Main.Tuple, Main.Float64)::Core.Const(Tuple{Float64})\n"
             "│        (t2 = (%1)(Main.only_ints, %4))::Core.Const(Union{})\n"
             "│   %6 = Core.tuple(t1, t2)::Core.Const((Int64, Union{}))\n"
             "└──      return %6\n")
    text = stubs(tmp_path, paste)
    for line in ("declare Main.only_ints(::Int64)::Int64", "declare Main.only_ints(::Float64)::Union{}"):
        assert line in text, text
    out = infer_with(tmp_path, text)
    for line in ("(t1 = (%1)(Main.only_ints, %2))::Core.Const(Int64)",
                 "(t2 = (%1)(Main.only_ints, %4))::Core.Const(Union{})",
                 "%6 = Core.tuple(t1, t2)::Core.Const((Int64, Union{}))"):
        assert line in out, out



def test_a_call_of_a_closure_instance_declares_a_method_of_its_type(tmp_path):
    """`(%4)()::Int64` with `%4 = bar::var"#bar#67"` (h227): irc built the closure from a type it
    did not know (`Any`), so the callee's type is the one Julia printed; `--all` declares
    `(::var"#bar#67")()` with Julia's type, and irc with the proposal gives it."""
    paste = ('MethodInstance for foo()\n  from foo() @ Main REPL[1]:1\nArguments\n  #self#::Core.Const(foo)\n'
             'Locals\n  bar::var"#bar#67"\nBody::Int64\n'
             '1 ─ %1 = Main.:(var"#bar#67")::Core.Const(var"#bar#67")\n'
             '│         (bar = %new(%1, 3))\n'
             '│   %3 = bar::var"#bar#67"\n'
             '│   %4 = (%3)()::Int64\n'
             '└──      return %4\n')
    out = proposed_and_answered(tmp_path, paste, 'declare (::var"#bar#67")()::Int64', "%4 = (%3)()::Int64")
    assert "Body::Int64" in out


def test_a_call_of_self_that_is_a_type_declares_that_types_constructor(tmp_path):
    """`(#self#)(sys, …)::ODEFunction{true}` in `(ODEFunction{iip})(sys) where iip`, `#self#::Type{ODEFunction{true}}`
    (ModelingToolkit#1697, h808): the callee is the type the slot holds, so `--all` declares that type's
    constructor with Julia's result, and irc with the proposal gives it."""
    paste = ('MethodInstance for (ODEFunction{true})(::ODESystem)\n'
             '  from (ODEFunction{iip})(sys::ODESystem) where iip @ Main REPL[1]:1\n'
             'Static Parameters\n  iip = true\nArguments\n  #self#::Type{ODEFunction{true}}\n  sys::ODESystem\n'
             'Body::ODEFunction{true}\n'
             '1 ─ %1 = (#self#)(sys, Main.nothing)::ODEFunction{true}\n'
             '└──      return %1\n')
    proposed_and_answered(tmp_path, paste, "declare ODEFunction{true}(::ODESystem, ::Nothing)::ODEFunction{true}",
                          "%1 = (#self#)(sys, Main.nothing)::ODEFunction{true}")


def test_a_call_of_self_that_is_an_unknown_unapplied_type_declares_its_constructor(tmp_path):
    """`(#self#)(coeffs, :x)::Polynomial{Int64}` with `#self#::Type{Polynomial}`, a type irc does not know
    (Polynomials#389, h1302): `--all` declares `Polynomial`'s constructor with Julia's result -- the
    stubs' `abstract type Polynomial{T1}` alone makes the call `Any` -- and irc with it gives that."""
    paste = ('MethodInstance for Polynomial(::Vector{Int64})\n'
             '  from Polynomial(coeffs::AbstractVector{T}) where T in Polynomials at ~/src/abstract.jl:86\n'
             'Static Parameters\n  T = Int64\nArguments\n  #self#::Type{Polynomial}\n  coeffs::Vector{Int64}\n'
             'Body::Polynomial{Int64}\n'
             '1 ─ %1 = (#self#)(coeffs, :x)::Polynomial{Int64}\n'
             '└──      return %1\n')
    proposed_and_answered(tmp_path, paste, "declare Polynomial(::Vector{Int64}, ::Symbol)::Polynomial{Int64}",
                          "%1 = (#self#)(coeffs, :x)::Polynomial{Int64}")


def test_an_unknown_type_spelled_bare_and_with_its_module_is_declared_once(tmp_path):
    """`#self#::Type{Polynomial}` and `Core.apply_type(Polynomials.Polynomial, …)` in a method `in
    Polynomials` (h1303) name one type: one `abstract type` line, and the call of the applied type is
    declared as its constructor (two types made the printed result no instance of the callee)."""
    paste = ('MethodInstance for Polynomial(::Vector{Int64})\n'
             '  from Polynomial(coeffs::AbstractVector{T}) where T in Polynomials at ~/src/abstract.jl:86\n'
             'Static Parameters\n  T = Int64\nArguments\n  #self#::Type{Polynomial}\n  coeffs::Vector{Int64}\n'
             'Body::Polynomial{Int64, :x}\n'
             '1 ─ %1 = Core.apply_type(Polynomials.Polynomial, $(Expr(:static_parameter, 1)), :x)'
             '::Core.Const(Polynomial{Int64, :x})\n'
             '│   %2 = (%1)(coeffs)::Polynomial{Int64, :x}\n'
             '└──      return %2\n')
    out = proposed_and_answered(tmp_path, paste, "declare Polynomial{Int64, :x}(::Vector{Int64})::Polynomial{Int64, :x}",
                                "%2 = (%1)(coeffs)::Polynomial{Int64, :x}")
    text = stubs(tmp_path, paste)
    assert re.findall(r"^abstract type .*$", text, re.M) == ["abstract type Polynomial{T1, T2} end"], text
    assert "Body::Polynomial{Int64, :x}" in out


def test_a_closures_printed_instance_and_its_field_reads_prove_its_struct(tmp_path):
    """`#self#::Core.Compiler.Const(M.var"#deriv#31"{F}(f), false)` (a closure's default `show` lists its captured
    values in field order) and `Core.getfield(#self#, :f)::…(f's value)` (ForwardDiff2#14, h1301): the field read is
    the one whose printed value the read printed, so `--all` proposes the closure's struct, and irc with it reads
    the constant's field as Julia did."""
    paste = ('Variables\n'
             '  #self#::Core.Compiler.Const(M.var"#deriv#31"{M.var"#deriv#31"{typeof(+)}}(M.var"#deriv#31"{typeof(+)}(+)), false)\n'
             '  arg::Int64\n\nBody::Any\n'
             '1 ─ %1 = Core.getfield(#self#, :f)::Core.Compiler.Const(M.var"#deriv#31"{typeof(+)}(+), false)\n'
             '│   %2 = Core.typeof(%1)::Core.Compiler.Const(M.var"#deriv#31"{typeof(+)}, false)\n'
             '│   %3 = M.dualrun(%2, arg)::Any\n'
             '└──      return %3\n')
    out = proposed_and_answered(tmp_path, paste, 'struct M.:(var"#deriv#31"){T1} <: Function',
                                '%2 = Core.typeof(%1)::Core.Const(M.var"#deriv#31"{typeof(+)})')
    assert '%1 = Core.getfield(#self#, :f)::Core.Const(M.var"#deriv#31"{typeof(+)}(+))' in out
    text = stubs(tmp_path, paste)
    assert re.search(r'struct M\.:\(var"#deriv#31"\)\{T1\} <: Function .*\n    f::T1\nend', text), text


def test_a_closure_field_read_whose_value_is_not_unique_proves_no_struct(tmp_path):
    """Two captured values printed alike (`var"#3#4"{Int64, Int64}(2, 2)`): the read of `:a` cannot be placed,
    so no struct is proposed from it."""
    paste = ('Variables\n  #self#::Core.Const(var"#3#4"{Int64, Int64}(2, 2))\n  x::Int64\n\nBody::Int64\n'
             '1 ─ %1 = Core.getfield(#self#, :a)::Core.Const(2)\n'
             '│   %2 = (x + %1)::Int64\n'
             '└──      return %2\n')
    assert 'struct var"#3#4"' not in stubs(tmp_path, paste)


@pytest.mark.parametrize("printed,line", [
    ("Bool", "global Main.Test.T  # no constant type"),
    ("Core.Const(true)", "# const Main.Test.T = …  # an alias irc cannot name"),
])
def test_an_isa_test_of_a_known_concrete_value_proves_the_name_no_declared_type(tmp_path, printed, line):
    """`(x isa Main.Test.T)::Bool` with `x::Float64` (julia ArrayLayouts#238, h805): Julia folds the test
    for any constant type, so `T` is a non-constant global; `::Core.Const(true)` (h806): `T` holds
    `Float64`, an alias no declared type can be. No `abstract type T` line (irc would fold `false`)."""
    paste = ("MethodInstance for Main.Test.f(::Float64)\n  from f(x) @ Main.Test REPL[1]:3\nArguments\n"
             "  #self#::Core.Const(Main.Test.f)\n  x::Float64\nBody::Union{Float64, Int64}\n"
             f"1 ─ %1 = (x isa Main.Test.T)::{printed}\n└──      goto #3 if not %1\n2 ─      return 2.0\n"
             "3 ─      return 1\n")
    text = stubs(tmp_path, paste)
    assert line in text, text
    assert "abstract type Main.Test.T" not in text
    out = infer_with(tmp_path, text)
    assert "%1 = (x isa Main.Test.T)::Bool" in out and "Body::Union{Float64, Int64}" in out, out


def globals_paste(ann: str, name: str = "Main.var") -> str:
    return warntype("x::Int64", ["%1 = Main.:+::Core.Const(+)", f"%2 = {name}::{ann}", "%3 = (%1)(%2, x)::Int64",
                                 "     return %3"], "Int64")


def test_a_global_julia_printed_as_a_constant_is_a_const(tmp_path):
    text = stubs(tmp_path, globals_paste("Core.Const(10)"))
    assert re.search(r"\nconst var = 10  # .*p.ir:\d+\n", text), text
    # `--all` takes the global's type: the call it feeds is declared with it
    assert "declare Base.:+(::Int64, ::Int64)::Int64" in text
    out = infer_with(tmp_path, text)
    assert "%2 = Main.var::Core.Const(10)" in out and "Body::Int64" in out
    text = stubs(tmp_path, globals_paste('Core.Const("a\\"b")'))
    assert 'const var = "a\\"b"' in text
    text = stubs(tmp_path, globals_paste("Core.Compiler.Const(2.5, false)"))  # Julia <= 1.5
    assert "const var = 2.5" in text


def test_a_global_julia_printed_with_a_type_is_a_typed_global(tmp_path):
    text = stubs(tmp_path, globals_paste("Int64", "Main.N"))
    assert re.search(r"\nglobal N::Int64  # .*p.ir:\d+\n", text), text
    out = infer_with(tmp_path, text)
    assert "%2 = Main.N::Int64" in out
    # a constant irc cannot write as a literal: the type
    text = stubs(tmp_path, globals_paste("Core.Const(1:3)"))
    assert "global var::UnitRange{Int64}" in text


def test_no_global_line_where_julia_printed_nothing_to_use(tmp_path):
    for ann, name in [("Any", "Main.var"), ("Core.Const(Main.var)", "Main.var"),
                      ('Core.Const(var"#5#6")', 'Main.:(var"#5#6")')]:
        text = stubs(tmp_path, globals_paste(ann, name))
        assert "const var" not in text and "global " not in text, (ann, text)
        assert "# globals irc does not know" not in text


UNTYPED_ASSIGNS = """MethodInstance for f(::Float64)
  from f(x) @ Main REPL[1]:1
Arguments
  #self#::Core.Const(f)
  x::Float64
Locals
  y::Float64
  z::Union{Float64, Int64}
Body::Float64
1 ─      (y = Main.pos(x))
│        (y = Main.neg(y))
│        (z = Main.up(x))
│        (z = Main.down(y))
│   %5 = Main.sin(y)::Float64
└──      return %5
"""


def test_an_untyped_assignment_takes_a_concrete_listed_type(tmp_path):
    # y is assigned twice and listed Float64, a concrete type: each value stored has it
    # (record_slot_assign!); z's listed type is a union: which member each call gives is unknown,
    # so the union is only a bound on each, and said to be one
    text = stubs(tmp_path, UNTYPED_ASSIGNS)
    assert re.search(r"declare Main.pos\(::Float64\)::Float64  # .*; the type Julia listed for `y`, a concrete "
                     r"type: every value stored there has it", text), text
    assert "declare Main.neg(::Float64)::Float64" in text
    for f in ("up", "down"):
        assert re.search(r"declare Main\." + f + r"\(::Float64\)::Union\{Float64, Int64\}  # .*; the type Julia "
                         r"listed for `z`, a bound", text), text


ISA_UNKNOWN = """MethodInstance for f(::Foo)
  from f(b) @ Main REPL[1]:1
Arguments
  #self#::Core.Const(f)
  b::Foo
Body::Union{Float64, Int64}
1 ─ %1 = (b isa Main.Bar)::Bool
└──      goto #3 if not %1
2 ─ %3 = Main.g(b::Bar)::Float64
└──      return %3
3 ─      return 1
"""


def test_an_isa_julia_printed_bool_proves_a_subtype(tmp_path):
    # isa_tfunc: Const(true) when Foo <: Bar, Const(false) when they do not intersect (single
    # inheritance: neither below the other); a printed Bool proves Bar <: Foo, Foo abstract
    text = stubs(tmp_path, ISA_UNKNOWN)
    assert "abstract type Bar <: Foo end  # the paste tests a `Foo` with `isa` against it and Julia printed Bool" \
        in text, text
    assert "\nabstract type Foo end\n" in text
    out = infer_with(tmp_path, text)
    assert "%1 = (b isa Main.Bar)::Bool" in out
    # without the relation irc would know Foo and Bar as unrelated declared types: `false`
    out = infer_with(tmp_path, text.replace("abstract type Bar <: Foo end", "abstract type Bar end"))
    assert "%1 = (b isa Main.Bar)::Core.Const(false)" in out
    # Julia's Const(false) proves nothing of the kind
    text = stubs(tmp_path, ISA_UNKNOWN.replace("::Bool", "::Core.Const(false)").replace(
        "Body::Union{Float64, Int64}", "Body::Int64"))
    assert "<: Foo" not in text


def test_a_proposed_struct_keeps_the_supertype_the_paste_proves(tmp_path):
    reader = ("MethodInstance for g(::Bar)\n  from g(b) @ Main REPL[2]:1\nArguments\n  #self#::Core.Const(g)\n"
              "  b::Bar\nBody::Float64\n1 ─ %1 = Base.getproperty(b, :x)::Float64\n└──      return %1\n")
    text = stubs(tmp_path, ISA_UNKNOWN + "\n" + reader)
    assert re.search(r"\nstruct Bar <: Foo  # the fields the paste reads.*\n    x::Float64\n    \.\.\.\nend\n", text), text
    assert "\nabstract type Foo end\n" in text


def test_a_main_function_type_in_another_modules_declaration_is_qualified(tmp_path):
    # the declaration's argument types are read in its function's module: `typeof(onset)` there would be
    # another module's `onset`; a real paste (`FieldProperties.propconvert(p, …)` with `p` Main's `onset`)
    paste = ("julia> @code_warntype onset(te)\nVariables\n"
             "  p::Core.Compiler.Const(onset (generic function with 3 methods), false)\n  x::Int64\n\n"
             "Body::Int64\n1 ─ %1 = FieldProperties.propconvert(p, x)::Int64\n└──      return %1\n")
    text = stubs(tmp_path, paste)
    assert "declare FieldProperties.propconvert(::typeof(Main.onset), ::Int64)::Int64" in text, text
    # inside a type's parameters too (a Turing model: `DynamicPPL.inargnames(vn, __model__::Model{typeof(f), …})`)
    paste = ("julia> @code_warntype onset(te)\nVariables\n"
             "  p::Core.Compiler.Const(onset (generic function with 3 methods), false)\n  x::Int64\n\n"
             "Body::Int64\n1 ─ %1 = Core.tuple(p, x)::Tuple{typeof(onset), Int64}\n"
             "│   %2 = FieldProperties.propconvert(%1)::Int64\n└──      return %2\n")
    text = stubs(tmp_path, paste)
    assert "declare FieldProperties.propconvert(::Tuple{typeof(Main.onset), Int64})::Int64" in text, text


PARTLY_TYPED_READS = """MethodInstance for run(::Model{Int64})
  from run(m) @ Main REPL[1]:1
Arguments
  #self#::Core.Const(run)
  m::Model{Int64}
Locals
  w::Any
Body::Any
1 ─ %1 = Base.getproperty(m, :flag)::Bool
│        (w = Base.getproperty(m, :weights))
└──      return w
"""


def test_a_field_read_that_shows_no_type_is_a_field_any_never_a_missing_one(tmp_path):
    # a real paste (JuliaBUGS' BUGSModel) read some fields into untyped slot assignments: a struct of the
    # typed ones alone would make the other reads throw (`Union{}` for the rest of the function); the
    # struct declares them `Any` (the local is listed `Any`: no bound) and every read is typed
    text = stubs(tmp_path, PARTLY_TYPED_READS)
    assert "abstract type Model" not in text, text
    assert re.search(r"struct Model\{T1\}  # .*\n    flag::Bool\n    weights::Any  # no read in the paste shows "
                     r"its type", text), text
    out = infer_with(tmp_path, text)
    assert "(w = Base.getproperty(m, :weights))::Any" in out and "Union{}" not in out


def test_a_call_of_a_type_instance_is_declared_as_its_constructor(tmp_path):
    """`(%2)(x)` with `%2::Core.Const(VarName{:y})` (DynamicPPL): irc's own rule for a type it does
    not know answers `VarName{:y}`; Julia printed its constructor's result, so `--all` declares
    `VarName{:y}(::Float64)` with it, and irc with the declaration answers as Julia did."""
    paste = warntype("x::Float64", ["%1 = Core.apply_type(Main.VarName, :y)::Core.Const(VarName{:y})",
                                    "%2 = (%1)(x)::VarName{:y, Float64}", "     return %2"], "VarName{:y, Float64}")
    text = stubs(tmp_path, paste)
    assert "declare VarName{:y}(::Float64)::VarName{:y, Float64}" in text, text
    out = infer_with(tmp_path, text)
    assert "%2 = (%1)(x)::VarName{:y, Float64}" in out, out


def test_a_splatted_call_is_declared_as_the_call_it_makes(tmp_path):
    """`Core._apply_iterate(Base.iterate, Main.g, %1, args)` Julia typed: `--all` declares `g` on
    the splatted arguments when they are one list (Zygote's `withjacobian(f, args...)`; a list
    of unknown length ends in a `Vararg`), and irc with it types the splat as Julia did."""
    paste = warntype("b::Tuple{Float64}", ["%1 = Core.tuple(1)::Core.Const((1,))",
                                           "%2 = Core._apply_iterate(Base.iterate, Main.g, %1, b)::Float64",
                                           "     return %2"], "Float64")
    text = stubs(tmp_path, paste)
    assert "declare Main.g(::Int64, ::Float64)::Float64" in text, text
    out = infer_with(tmp_path, text)
    assert "%2 = Core._apply_iterate(Base.iterate, Main.g, %1, b)::Float64" in out, out
    # a splat of unknown length is the call Julia's `abstract_apply` makes, with a trailing
    # `Vararg` of the element type (`precise_container_type`)
    text = stubs(tmp_path, paste.replace("b::Tuple{Float64}", "b::Vector{Float64}").replace("(::Tuple{Float64})",
                                                                                            "(::Vector{Float64})"))
    assert "declare Main.g(::Int64, ::Vararg{Float64})::Float64" in text, text
    out = infer_with(tmp_path, text)
    assert "%2 = Core._apply_iterate(Base.iterate, Main.g, %1, b)::Float64" in out, out
    # a union the splat splits (Julia calls `g` once per member, and prints the merge) declares `g`
    # on the unsplit arguments, which hold every member's (a union of tuples of two lengths splats as
    # `Vararg{Any}`), as a plain call on a union argument is declared with the union (h230's
    # `concat_string(cs...)`, `cs::Union{Vector{_A} where _A, BitVector}`); irc with it types the splat
    text = stubs(tmp_path, paste.replace("b::Tuple{Float64}", "b::Union{Tuple{Float64}, Vector{Int64}}").replace(
        "(::Tuple{Float64})", "(::Union{Tuple{Float64}, Vector{Int64}})"))
    assert "declare Main.g(::Int64, ::Vararg{Any})::Float64" in text, text
    out = infer_with(tmp_path, text)
    assert "%2 = Core._apply_iterate(Base.iterate, Main.g, %1, b)::Float64" in out, out
    # the callee read into an SSA value first (`%2 = Main.:(var"#g#1")::Core.Const(…)`: a keyword body
    # called with a vararg, Julia 1.12's DynamicPPL docs, h1100) is that global, declared alike
    ssa = paste.replace("%2 = Core._apply_iterate(Base.iterate, Main.g, %1, b)",
                        '%2 = Main.:(var"#g#1")::Core.Const(Main.var"#g#1")\n│   %3 = Core._apply_iterate(Base.iterate, %2, %1, b)')
    text = stubs(tmp_path, ssa.replace("return %2", "return %3"))
    assert 'declare Main.:(var"#g#1")(::Int64, ::Float64)::Float64' in text, text



def test_fields_read_only_into_listed_locals_give_a_struct_of_those_bounds(tmp_path):
    """`(sc = Base.getproperty(%1, :sc))` with `sc::SimplicialComplex` listed (GitHub issue 52020's
    `SRMonom`): every field read is stored into a local Julia listed, so the struct is proposed
    with those types (bounds, the comments say); irc with it types the reads, never `Union{}`."""
    paste = warntype("b::MyT", ["     (sc = Base.getproperty(b, :sc))", "%2 = Main.g(sc)::Float64",
                                "     return %2"], "Float64", locals_="sc::Other")
    text = stubs(tmp_path, paste)
    assert re.search(r"\nstruct MyT  # .*\n    sc::Other  # a bound: the type Julia listed", text), text
    out = infer_with(tmp_path, text)
    assert "(sc = Base.getproperty(b, :sc))::Other" in out and "Union{}" not in out, out


def test_a_name_julia_printed_as_a_constant_of_itself_is_a_function(tmp_path):
    """`%1 = M.f::Core.Const(M.f)` where irc knows no `M.f`: only a `const` binding reads as
    `Core.Const` and a value printed as its own name that heads no type is a function, so the
    stubs declare it open (`(::Any...)::Any`) even where no call of it shows a type (its result
    stored in a slot assigned twice, or the function only passed on); irc with the declaration
    reads the name as Julia did instead of a non-constant global (`Any`)."""
    paste = warntype("b::Int64", ["%1 = BangBang.setindex!!::Core.Const(BangBang.setindex!!)",
                                  "(y = (%1)(b, 1))", "(y = 2)", "%4 = Main.foo::Core.Const(foo)",
                                  "%5 = Base.map(%4, y)::Any", "     return %5"], "Any", "y::Any")
    text = stubs(tmp_path, paste)
    assert "declare BangBang.setindex!!(::Any...)::Any" in text, text
    assert "declare Main.foo(::Any...)::Any" in text, text
    out = infer_with(tmp_path, text)
    assert "%1 = BangBang.setindex!!::Core.Const(BangBang.setindex!!)" in out, out
    assert "%4 = Main.foo::Core.Const(foo)" in out, out
    # a name that heads a printed type is a type, never declared as a function
    typed = warntype("b::Int64", ["%1 = Main.Foo::Core.Const(Foo)", "%2 = Core.apply_type(%1, Int64)::Type{Foo{Int64}}",
                                  "     return %2"], "Type{Foo{Int64}}")
    assert "declare Main.Foo(" not in stubs(tmp_path, typed)
    # a capitalised name is a function only where the paste calls it or prints `typeof(Name)`
    caps = warntype("b::Int64", ["%1 = Main.Act::Core.Const(Act)", "%2 = Main.Bar::Core.Const(Bar)",
                                 "%3 = Main.g(%1, %2)::Main.W{typeof(Act)}", "     return %3"], "Main.W{typeof(Act)}")
    text = stubs(tmp_path, caps)
    assert "declare Main.Act(::Any...)::Any" in text and "declare Main.Bar(" not in text, text


def test_typeof_printed_as_a_constant_proves_a_concrete_struct(tmp_path):
    """`Core.typeof(sc)::Core.Const(SimplicialComplex)` (a closure capturing `sc`): `typeof_tfunc`
    gives a constant only for a concrete type, so the stub is `struct SimplicialComplex` with
    `...` (fields the paste does not show), not an abstract type -- even where irc's own answer
    before it knew (`Type{<:SimplicialComplex}`) bounds a variable by it -- and irc with it
    answers `Core.Const(SimplicialComplex)` as Julia did, never a singleton's constant."""
    paste = warntype("b::Main.Complex2", ["%1 = Core.typeof(b)::Core.Const(Complex2)",
                                          "%2 = Core.tuple(%1, b)::Tuple{DataType, Complex2}", "     return %2"],
                     "Tuple{DataType, Complex2}")
    text = stubs(tmp_path, paste)
    assert re.search(r"struct Complex2  # concrete: .*\n    \.\.\.\nend", text), text
    out = infer_with(tmp_path, text)
    assert "%1 = Core.typeof(b)::Core.Const(Complex2)" in out, out
    assert "b::Complex2" in out, out
    # a type Julia printed `Type{<:T}` for stays abstract
    loose = paste.replace("::Core.Const(Complex2)", "::Type{<:Complex2}")
    assert "abstract type Complex2 end" in stubs(tmp_path, loose)


def test_a_call_of_a_type_julia_printed_as_applied_declares_its_constructor(tmp_path):
    """`%3 = Core.apply_type(%1, 50, Float64)::Core.Const(MVector{50, Float64})` of a type irc does
    not know (so irc cannot apply it), then `(output = (%3)(undef))` with `output` listed once:
    the callee is the constant Julia printed, and `--all` declares its constructor."""
    paste = warntype("b::Int64", ["%1 = Main.MVector::Core.Const(MVector)",
                                  "%2 = Main.undef::Core.Const(UndefInitializer())",
                                  "%3 = Core.apply_type(%1, 50, Main.Float64)::Core.Const(MVector{50, Float64})",
                                  "(output = (%3)(%2))", "%5 = output::MVector{50, Float64}", "     return %5"],
                     "MVector{50, Float64}", "output::MVector{50, Float64}")
    text = stubs(tmp_path, paste)
    assert "declare MVector{50, Float64}(::UndefInitializer)::MVector{50, Float64}" in text, text
    out = infer_with(tmp_path, text)
    assert "Body::MVector{50, Float64}" in out, out


@pytest.mark.parametrize("inst, typ, struct", [("Ctx()", "Ctx", "struct Ctx end  # Julia printed its instance `Ctx()`"),
                                               ("Ctx{4}()", "Ctx{4}",
                                                "struct Ctx{T1} end  # Julia printed its instance `Ctx{…}()`")])
def test_an_instance_printed_as_a_call_with_no_arguments_is_a_field_less_struct(tmp_path, inst, typ, struct):
    """`ctx::Core.Const(Ctx())` (DynamicPPL's `DefaultContext()`): the default `show` prints an
    instance as its type and its fields in parentheses, so `Ctx()` is the instance of a struct
    with no fields -- a singleton, whose tuple `tuple_tfunc` makes a constant.  A parametric one
    (`foo::Core.Compiler.Const(Foo{4}(), false)`, julia#35949) prints its parameters: `struct Ctx{T1} end`."""
    paste = warntype(f"ctx::Core.Const({inst})", [f"%1 = Core.tuple(ctx)::Core.Const(({inst},))", "     return %1"],
                     f"Tuple{{{typ}}}").replace(f"for f(::Core.Const({inst}))", f"for f(::{typ})")
    text = stubs(tmp_path, paste)
    assert "\n" + struct in text, text
    assert "abstract type Ctx" not in text
    out = infer_with(tmp_path, text)
    assert f"%1 = Core.tuple(ctx)::Core.Const(({inst},))" in out, out
    if inst != "Ctx()":
        return
    # an opaque (abstract) Ctx leaves the tuple a type, as before
    out = infer_with(tmp_path, text.replace("struct Ctx end", "abstract type Ctx end"))
    assert "%1 = Core.tuple(ctx)::Tuple{Ctx}" in out, out
    # a type the paste reads a field of is not field-less: no proposal from the instance
    paste = warntype("ctx::Core.Const(Ctx())", ["%1 = Base.getproperty(ctx, :x)::Any", "     return %1"], "Any")
    assert "struct Ctx end" not in stubs(tmp_path, paste)



KWCALL_UNTYPED = """MethodInstance for f(::Float64, ::Float64)
  from f(a, u) @ Main REPL[1]:1
Arguments
  #self#::Core.Const(f)
  a::Float64
  u::Float64
Locals
  d::Vector{Float64}
Body::Vector{Float64}
1 ─ %1 = (:upper,)::Core.Const((:upper,))
│   %2 = Core.apply_type(Core.NamedTuple, %1)::Core.Const(NamedTuple{(:upper,)})
│   %3 = Core.tuple(u)::Tuple{Float64}
│   %4 = (%2)(%3)::@NamedTuple{upper::Float64}
│        (d = Core.kwcall(%4, Main.censored, a))
│   %6 = d::Vector{Float64}
└──      return %6
"""


def test_an_untyped_keyword_call_is_declared_as_its_kwcall_method(tmp_path):
    """`(d = Core.kwcall(kws, Main.censored, a))`, printed untyped (as Julia 1.6+ prints an
    assignment), of a function whose keyword body is not in the input: irc leaves it `Any`
    (`World._keyword_call`); `d`'s listed type is what this call alone stores, so `--all` declares
    the `Core.kwcall` method, and irc with it answers as Julia did (h218's `censored(d; upper=…)`)."""
    text = stubs(tmp_path, KWCALL_UNTYPED)
    # (`Main.censored`, a global irc does not know, is `Any` as irc inferred it)
    assert re.search(r"declare Core.kwcall\(::@NamedTuple\{upper::Float64\}, ::Any, ::Float64\)"
                     r"::Vector\{Float64\}  # .*the type Julia listed for `d`, which this call alone assigns", text), text
    out = infer_with(tmp_path, text)
    assert "%6 = d::Vector{Float64}" in out, out
    out = infer_with(tmp_path, "")
    assert "%6 = d::Any" in out, out


def test_a_kwcall_declaration_leaves_other_keyword_calls_to_the_rule(tmp_path):
    """A `Core.kwcall` declaration for one function does not hide the rule for another's keyword
    call: `censored`, declared by the input itself, still answers `Core.kwcall(kws, censored, a)`
    with its positional declaration's type (`World._keyword_call`)."""
    own = "declare Main.censored(::Float64)::Vector{Float64}\n"
    other = "declare Core.kwcall(::@NamedTuple{upper::Float64}, ::typeof(Main.other), ::Float64)::Int64\n"
    for decls in (own, own + other):
        src = tmp_path / "p.ir"
        src.write_text(decls + KWCALL_UNTYPED, encoding="utf-8")
        out, err = io.StringIO(), io.StringIO()
        cli_infer([str(src)], stdout=out, stderr=err, color="never")
        assert "%6 = d::Vector{Float64}" in out.getvalue(), out.getvalue()


def test_a_bare_value_the_paste_types_is_declared_and_a_call_with_no_arguments_keeps_its_constant(tmp_path):
    """`%2 = (%1)()::Core.Const(α)` with `α` never shown as a function (DynamicPPL's `VarName`
    prints so, h218): the slot `vn`, assigned once and read as `Core.Const(α)`, is listed
    `VarName{:α, typeof(identity)}`, so `--all` declares `global α::…` and the calls take α with
    that type (not `typeof(Main.α)`); the call with no arguments keeps Julia's constant."""
    from tests.world.test_julia_printing import BARE_VALUE

    text = stubs(tmp_path, BARE_VALUE)
    assert re.search(r"\nglobal α::VarName\{:α, typeof\(identity\)\}  # .*not a global: the value Julia printed as "
                     r"`α`.*stored once in `vn`", text), text
    assert "declare VarName{:α}()::Core.Const(α)" in text, text
    assert "declare DynamicPPL.resolve_varnames(::VarName{:α, typeof(identity)}, ::Float64)" in text, text
    assert "Main.α" not in text
    out = infer_with(tmp_path, text)
    assert "%2 = (%1)()::Core.Const(α)" in out, out
    assert "%4 = vn::VarName{:α, typeof(identity)}" in out, out
    # without the global line the value's type is unknown (`Any`): the declared call does not cover it
    out = infer_with(tmp_path, re.sub(r"\nglobal α::[^\n]*", "", text))
    assert "%2 = (%1)()::Core.Const(α)" in out and "%4 = vn::Any" in out, out


def test_a_type_used_only_in_a_where_bound_gets_its_parameters(tmp_path):
    """`PlusOperator{_A, _C} where {_A, _C<:Operator{_A}}`: `Operator` appears only in a bound,
    with one parameter; its stub has it (`Operator{T1}`), else the declarations file would not
    read (too many parameters for type Operator)."""
    ann = "PlusOperator{_A, _C} where {_A, _C<:Operator{_A}}"
    paste = warntype("b::Int64", [f"%1 = Main.g(b)::{ann}", "     return %1"], ann)
    text = stubs(tmp_path, paste)
    assert "abstract type Operator{T1} end" in text, text
    out = infer_with(tmp_path, text)
    assert f"Body::{ann}" in out, out


def test_an_unknown_type_only_julia_printed_is_proposed_with_its_parameters(tmp_path):
    """An unknown type the paste names only in Julia's answers (`::StructArray{…, N, C, I} where …`,
    irc's own answer being `Any`: h119) is proposed with as many parameters as Julia used, so the
    declarations file reads Julia's types back (a `StructArray` of none could not)."""
    paste = warntype("b::MyT", ["%1 = Main.g(b)::Wrap{Int64, N} where N", "%2 = Main.h(b)::Other",
                                "     return %1"], "Wrap{Int64, N} where N")
    text = stubs(tmp_path, paste, every=False)
    assert "abstract type Wrap{T1, T2} end" in text, text
    assert "abstract type Other end" in text, text


SINGLETON_ARGS = """\
MethodInstance for f(::Val{5}, ::Float64)
  from f(x, y) @ Main REPL[2]:1
Arguments
  #self#::Core.Const(f)
  x::Core.Const(Val{5}())
  y::Float64
Body::Float64
1 ─ %1 = Main.buildt(x)::Core.Const((1, 2, 3, 4, 5))
│   %2 = Main.sum(%1)::Core.Const(15)
│   %3 = Main.scale(x, y)::Float64
│   %4 = Main.width(Int64)::Core.Const(8)
│   %5 = Main.h(%2, %3, %4)::Float64
└──      return %5
"""


def test_a_call_on_arguments_of_one_value_keeps_julias_constant(tmp_path):
    """A `--all` declaration widens Julia's constant (it is for any argument of its types) -- except
    where every argument's type has one value (a singleton `Val{5}`, a `Type{Int64}`): that
    signature holds only the constants inference was given, so the constant is its result (h410's
    `buildt(::Val{5})::Core.Const((1, 2, 3, 4, 5))`); one argument of a wider type widens it."""
    text = stubs(tmp_path, SINGLETON_ARGS)
    assert "declare Main.buildt(::Val{5})::Core.Const((1, 2, 3, 4, 5))" in text, text
    assert "declare Main.width(::Type{Int64})::Core.Const(8)" in text, text
    assert "declare Main.scale(::Val{5}, ::Float64)::Float64" in text, text
    out = infer_with(tmp_path, text)
    assert "%1 = Main.buildt(x)::Core.Const((1, 2, 3, 4, 5))" in out, out
    assert "%4 = Main.width(Int64)::Core.Const(8)" in out, out


ZYGOTE_PULLBACK = (
    "MethodInstance for (::typeof(∂(λ)))(::Int64)\n"
    "  from (j::Zygote.Pullback{T})(Δ) where T @ Zygote ~/.julia/packages/Zygote/src/compiler/interface2.jl:43\n"
    "Static Parameters\n  T = Tuple{Zygote.Back{typeof(identity)}}\n"
    "Arguments\n  #self#::typeof(∂(λ))\n  Δ::Int64\n"
    "Body::Float64\n"
    "1 ─ %1 = Base.getfield(#self#, :t)::Tuple{Zygote.Back{typeof(identity)}}\n"
    "│   %2 = Base.getindex(%1, 1)::Core.Const(Zygote.Back{typeof(identity)}(identity))\n"
    "│   %3 = (%2)(Δ)::Float64\n"
    "└──      return %3\n")


def test_a_callable_whose_printed_type_is_unreadable_takes_its_methods_type(tmp_path):
    """`#self#::typeof(∂(λ))` (Zygote's own `show` of a `Pullback`, h516): irc takes the type the
    `from (j::Zygote.Pullback{T})(Δ) where T` line names, with the `Static Parameters` binding `T`,
    and says so in a note; the field read and the tuple index then follow the declared struct."""
    decl = ("struct Zygote.Pullback{T}\n    t::T\nend\nabstract type Zygote.Back{F} end\n"
            "declare (::Zygote.Back{typeof(identity)})(::Int64)::Float64\n")
    (tmp_path / "p.ir").write_text(ZYGOTE_PULLBACK, encoding="utf-8")
    out = infer_with(tmp_path, decl)
    assert "#self#::Zygote.Pullback{Tuple{Zygote.Back{typeof(identity)}}}" in out, out
    assert "%1 = Base.getfield(#self#, :t)::Tuple{Zygote.Back{typeof(identity)}}" in out, out
    # a constant printed as `T(fields…)` with every parameter of `T` given is an instance of `T`
    assert "%3 = (%2)(Δ)::Float64" in out, out
    assert "Body::Float64" in out
    err = io.StringIO()
    cli_infer([str(tmp_path / "p.ir")], stdout=io.StringIO(), stderr=err, color="never")
    assert "irc takes `Zygote.Pullback{Tuple{Zygote.Back{typeof(identity)}}}`" in err.getvalue(), err.getvalue()


def test_a_callable_constant_printed_as_its_type_applied_declares_a_method_of_that_type(tmp_path):
    """`(%2)(Δ)` with `%2::Core.Const(Zygote.Back{typeof(identity)}(identity))`: the constant's type is
    `Zygote.Back{typeof(identity)}`, so `--all` declares a method of its instances with Julia's type."""
    text = stubs(tmp_path, ZYGOTE_PULLBACK)
    assert "declare (::Zygote.Back{typeof(identity)})(::Int64)::Float64" in text, text
    out = infer_with(tmp_path, text)
    assert "%3 = (%2)(Δ)::Float64" in out, out


QOBJ = ('MethodInstance for M.g(::Vector{Int64})\n  from g(dims) @ M REPL[1]:1\nArguments\n'
        '  #self#::Core.Const(M.g)\n  dims::Vector{Int64}\nBody::Tuple{Operator, Vector{Int64}}\n'
        '1 ─ %1 = M.Operator::Core.Const(Operator)\n'
        '│   %2 = (%1)()::Core.Const(Operator())\n'
        '│   %3 = Core.tuple(%2, dims)::Tuple{Operator, Vector{Int64}}\n'
        '│   %4 = M.Qobj::Core.Const(QuantumObject)\n'
        '│   %5 = (%4)(%3)::QuantumObject{Operator}\n'
        '└──      return %3\n')


def test_a_global_printed_as_a_type_of_another_name_is_an_alias(tmp_path):
    """`%4 = M.Qobj::Core.Const(QuantumObject)` (QuantumToolbox's docs, h1043): only a `const` binding
    reads as `Core.Const`, so the global is an alias of the type Julia printed: `const M.Qobj =
    QuantumObject`, and irc with the proposal reads the constant type."""
    text = stubs(tmp_path, QOBJ)
    assert "const M.Qobj = QuantumObject" in text, text
    out = infer_with(tmp_path, text)
    assert "%4 = M.Qobj::Core.Const(QuantumObject)" in out, out


def test_a_global_called_as_the_constructor_of_the_type_it_prints_is_that_type(tmp_path):
    """`%1 = M.Operator::Core.Const(Operator)`, `(%1)()::Core.Const(Operator())` (h1043, module `M`
    not `Main`): the global is the type `Operator` Julia printed, called as its constructor, so `--all`
    declares `Main.Operator()` (the printed name), never a function `M.Operator` that would hide the
    type; with the proposal the instance is a singleton's constant and the tuple `Tuple{Operator, …}`."""
    text = stubs(tmp_path, QOBJ)
    assert "declare M.Operator(" not in text, text
    assert "declare Main.Operator()::Core.Const(Operator())" in text, text
    out = infer_with(tmp_path, text)
    assert "%2 = (%1)()::Core.Const(Operator())" in out, out
    assert "%3 = Core.tuple(%2, dims)::Tuple{Operator, Vector{Int64}}" in out, out


def test_a_constant_array_global_is_proposed_as_a_global_of_its_type(tmp_path):
    """`%2 = Main.g::Core.Compiler.Const([0.5, 1.25, 3.0], false)` (Julia <= 1.5 read a `const` global
    array as a constant, h1142): `irc stubs` proposes `global g::Vector{Float64}` with a comment, so
    the loop over it infers; an array of mixed literals proposes nothing."""
    paste = ("Variables\n  #self#::Core.Compiler.Const(f, false)\n  s::Float64\n\nBody::Float64\n"
             "1 ─ %1 = Main.g::Core.Compiler.Const([0.5, 1.25, 3.0], false)\n"
             "│   %2 = Base.getindex(%1, 1)::Float64\n└──      return %2\n")
    text = stubs(tmp_path, paste, every=False)
    assert "global g::Vector{Float64}" in text and "constant array" in text, text
    mixed = stubs(tmp_path, paste.replace("[0.5, 1.25, 3.0]", "[0.5, 1, 3.0]"), every=False)
    assert "global g::" not in mixed, mixed


def test_a_called_argument_printed_as_a_bare_constant_name_declares_that_function(tmp_path):
    """`(g)(x)::Int64` with the argument `g::Core.Compiler.Const(k, false)` (a workshop's `f(g, x)`,
    h1155): `k` is a name Julia printed as a constant and the paste calls it, so `--all` declares
    `Main.k(::Int64)::Int64`, and with it irc types the call."""
    paste = ("Variables\n  #self#::Core.Compiler.Const(f, false)\n  g::Core.Compiler.Const(k, false)\n  x::Int64\n\n"
             "Body::Int64\n1 ─ %1 = (g)(x)::Int64\n│   %2 = (2 * %1)::Int64\n└──      return %2\n")
    text = stubs(tmp_path, paste)
    assert "declare Main.k(::Int64)::Int64" in text, text
    out = infer_with(tmp_path, text)
    assert "%1 = (g)(x)::Int64" in out and "Body::Int64" in out, out


def test_a_call_of_a_callable_or_nothing_is_the_callable_s(tmp_path):
    """`(%15)(x)::Real` with `%15::Union{Nothing, Mayer}` (CTDirect, h503): Julia splits the callee;
    `nothing` has no call method, so the call is the `Mayer` instance's: `--all` declares `(::Mayer)(…)`
    with Julia's type, and irc with it gives `Real` (the `Nothing` member throws)."""
    paste = ("MethodInstance for f(::Union{Nothing, Mayer}, ::Float64)\n  from f(m, x) @ Main REPL[1]:1\n"
             "Arguments\n  #self#::Core.Const(f)\n  m::Union{Nothing, Mayer}\n  x::Float64\nBody::Real\n"
             "1 ─ %1 = (m)(x)::Real\n└──      return %1\n")
    text = stubs(tmp_path, paste)
    assert "declare (::Mayer)(::Float64)::Real" in text, text
    out = infer_with(tmp_path, text)
    assert "%1 = (m)(x)::Real" in out and "Body::Real" in out, out
    # with no method of the callable's instances, the split call is a gap (`Any`), never `Union{}`
    out = infer_with(tmp_path, "abstract type Mayer end\n")
    assert "%1 = (m)(x)::Any" in out, out


def test_a_parametric_read_through_value_parameters_proves_a_field(tmp_path):
    """`getproperty(A, :offsets)::Tuple{Int64}` with the argument `A::OffsetArray{Float64, 1,
    Vector{Float64}}` (OffsetArrays#116, h617): an instance whose parameters are types or values (the
    `1`), with no variable, proves the field's type there as one of types alone does: a struct stub."""
    paste = warntype("A::OffsetArray{Float64, 1, Vector{Float64}}",
                     ["%1 = Base.getproperty(A, :offsets)::Tuple{Int64}", "%2 = Base.getindex(%1, 1)::Int64",
                      "     return %2"], "Int64")
    text = stubs(tmp_path, paste)
    assert "struct OffsetArray{T1, T2, T3}" in text and "    offsets::Tuple{Int64}" in text, text
    out = infer_with(tmp_path, text)
    assert "%1 = Base.getproperty(A, :offsets)::Tuple{Int64}" in out, out
