"""Julia's printing of the values pastes hold (issue 11, item 4): operator
functions by their own names, `Colon()`, intrinsics and Base submodule
functions qualified, module constants and their properties, `typeof(f)` of
a function irc does not know, Julia ≤ 1.5's all-capitals types, old
spellings of the same types."""
from __future__ import annotations

import pytest

from irc.cli.driver import analyse_text
from irc.lattice.typeprint import show
from irc.world.world import World


@pytest.fixture(scope="module")
def world():
    return World.build([])


@pytest.mark.parametrize("text,shown", [
    ("Core.Const(%)", "Core.Const(rem)"), ("Core.Const(rem)", "Core.Const(rem)"), ("Core.Const(÷)", "Core.Const(div)"),
    ("Core.Const(⊻)", "Core.Const(xor)"), ("Core.Const(Colon())", "Core.Const(Colon())"), ("typeof(:)", "Colon"),
    ("typeof(%)", "typeof(rem)"), ("Core.Const(Core.Intrinsics.add_int)", "Core.Const(Core.Intrinsics.add_int)"),
    ("Core.Const(Base.add_int)", "Core.Const(Core.Intrinsics.add_int)"), ("Core.Const(Base.Math.sin)", "Core.Const(sin)"),
    ("Core.Const(Base)", "Core.Const(Base)"), ("Core.Const(Base.FastMath)", "Core.Const(Base.FastMath)"),
    ("Core.Const(Base.FastMath.sin_fast)", "Core.Const(Base.FastMath.sin_fast)"),
    ("Core.Const(hey)", "Core.Const(hey)"),
    ("Base.Broadcast.Broadcasted{Base.Broadcast.DefaultArrayStyle{1}, Nothing, typeof(hey), Tuple{Vector{Float64}}}",
     "Base.Broadcast.Broadcasted{Base.Broadcast.DefaultArrayStyle{1}, Nothing, typeof(hey), Tuple{Vector{Float64}}}"),
    ("UNION{FLOAT64, INT64}", "Union{Float64, Int64}"), ("CORE.BOX", "Core.Box"), ("ANY", "Any"),
    ("TUPLE{VARARG{T, 4}} where T", "NTuple{4, T} where T"), ("ARRAY{T,1} where T", "Vector"),
    ("Array{Int64,1}", "Vector{Int64}"), ("NamedTuple{(:x,),Tuple{Int64}}", "@NamedTuple{x::Int64}"),
])
def test_printed_as_julia_prints(world, text, shown):
    assert show(world.parse_type(text)) == shown


@pytest.mark.parametrize("text,typ", [
    ('Core.Const(Thunk(var"#7#8"()))', "Any"), ('Core.Const(var"#1#2"())', "Any"), ("Core.Const(Foo(1, :a))", "Any"),
    # a package's `show` (Distributions): a parametric callee, `name=value` items; the callee with every
    # parameter given is the instance's type (show.jl `show_default` prints `typeof(x)`)
    ("Core.Const(LogNormal{Float64}(μ=-0.2231435513142097, σ=0.5))", "LogNormal{Float64}"),
    ('Core.Const(Zygote.var"#1630#back#159"{typeof(identity)}(identity))', 'Zygote.var"#1630#back#159"{typeof(identity)}'),
    # a closure type of Base's is never exported: shown qualified (show.jl `show_type_name`; Zygote#1206, h1300)
    ('Core.Const(Base.var"#86#87"{var"#1#2"}(var"#1#2"()))', 'Base.var"#86#87"{var"#1#2"}'),
])
def test_an_instance_of_an_unknown_type_is_kept_as_printed(world, text, typ):
    from irc.lattice.typelattice import widenconst

    v = world.parse_type(text)
    assert show(v) == text and show(widenconst(v)) == typ


def test_capitals_that_name_nothing_stay_unknown(world):
    """Only a capitals spelling of a type irc knows is folded to it; any other
    stays the unknown (opaque) type it names, as written."""
    t = world.parse_type("FROBNICATE{INT64}")
    assert t.name.unknown and show(t) == "FROBNICATE{Int64}"


def test_module_constants_and_their_properties():
    text = ("function f(x::Int64)\n1 ─ %1 = Main.Base\n│   %2 = Base.getproperty(%1, :FastMath)\n"
            "│   %3 = Base.getproperty(%2, :sin_fast)\n│   %4 = Main.:%\n│   %5 = Main.:(:)\n│   %6 = (%4)(x, 2)\n"
            "└──      return %6\nend\n")
    res = analyse_text(text)
    assert not res.errors
    (_, r), = res.results
    assert [show(t) for t in r.ssa_types[1:6]] == [
        "Core.Const(Base)", "Core.Const(Base.FastMath)", "Core.Const(Base.FastMath.sin_fast)", "Core.Const(rem)",
        "Core.Const(Colon())"]
    assert show(r.ssa_types[6]) == "Int64"  # `%` still dispatches as `rem` does


def test_a_constant_argument_of_an_unknown_function_is_kept():
    text = ("MethodInstance for foo(::typeof(hey))\n  from foo(f) @ Main none:1\nArguments\n  #self#::Core.Const(foo)\n"
            "  f::Core.Const(hey)\nBody::Any\n1 ─ %1 = Base.vect(1.0, 2.0)::Vector{Float64}\n"
            "│   %2 = Base.broadcasted(f, %1)::Base.Broadcast.Broadcasted{Base.Broadcast.DefaultArrayStyle{1}, Nothing, "
            "typeof(hey), Tuple{Vector{Float64}}}\n└──      return %2\n")
    (_, r), = analyse_text(text).results
    assert show(r.slot_types[2]) == "Core.Const(hey)"
    assert show(r.ssa_types[2]) == ("Base.Broadcast.Broadcasted{Base.Broadcast.DefaultArrayStyle{1}, Nothing, typeof(hey), "
                                    "Tuple{Vector{Float64}}}")


def test_chained_where_clauses_nest_the_last_outermost(world):
    """`A where T where N` is `(A where T) where N` (Julia's parser), that is `A where {N, T}`:
    the last clause of a chain is the outermost variable, the first inside braces."""
    t = world.parse_type
    assert t("Array{T,N} where N where T") == t("Array{T,N} where {T,N}")
    assert t("Array{T,N} where T where N") == t("Array{T,N} where {N,T}")
    assert show(t("Array{T,N} where N where T")) == "Array"
    # NTuple{N, T} is `where {N, T}`; show.jl's make_typealias gives a tuple type no alias
    assert show(t("Tuple{Vararg{T,N}} where T where N")) == "Tuple{Vararg{T, N}} where {N, T}"
    assert show(t("NTuple")) == "Tuple{Vararg{T, N}} where {N, T}"
    assert t("Tuple{Vararg{T,N}} where T where N").var.name == "N"
    nested = t("Vector{S} where S<:T where T<:Real")  # T's scope holds S's bound
    assert nested.var.name == "T" and nested.body.var.ub == nested.var
    assert t("Pair{A, B} where {A<:Int64} where B").var.name == "B"


def test_a_bare_vararg_is_the_vararg_of_any(world):
    """A bare `Vararg` read in a type (`Tuple{Int64, Vararg}`, as typelimits.jl's last-resort
    widening makes it) is the Vararg of `Any`, never an unknown type named Vararg."""
    from irc.lattice.subtype import issubtype
    from irc.lattice.types import VarargType

    t = world.parse_type
    for text in ("Tuple{Int64, Vararg}", "Tuple{Int64, Core.Vararg}"):
        a, b = t(text), t("Tuple{Int64, Vararg{Any}}")
        assert issubtype(a, b) and issubtype(b, a)  # one type (printed as written: `bare`)
        assert type(a.params[1]) is VarargType and a.params[1].T == b.params[1].T and a.params[1].bare
    assert show(t("Tuple{Vararg}")) == "Tuple"
    assert show(t("Tuple{Int64, Vararg}")) == "Tuple{Int64, Vararg}"
    assert show(t("Tuple{Int64, Vararg{Float64}}")) == "Tuple{Int64, Vararg{Float64}}"


def test_vararg_of_any_prints_its_parameter_unless_bare(world):
    """show.jl prints `Vararg{T}` when `T` is defined: inference's `Vararg{Any}` (`tuple_tail_elem`,
    `tuplemerge`) keeps `{Any}`; only the bare `Vararg` (written so, or typelimits.jl's
    `isvarargtype(ui) ? Vararg : Any`) prints bare.  The two are one type."""
    from irc.lattice import typetable as TT
    from irc.lattice.types import VarargType

    t = world.parse_type
    made = TT.tuple_type([TT.INT64, VarargType(TT.ANY)])
    assert show(made) == "Tuple{Int64, Vararg{Any}}" == show(t("Tuple{Int64, Vararg{Any}}"))
    from irc.lattice.subtype import issubtype

    bare = t("Tuple{Int64, Vararg}")
    assert issubtype(made, bare) and issubtype(bare, made)  # one type, two printings
    assert show(bare) == "Tuple{Int64, Vararg}" and show(made) == "Tuple{Int64, Vararg{Any}}"  # whatever the order
    assert t("Tuple{Vararg}") == TT.TUPLE_ANY
    assert show(TT.tuple_type([TT.INT64, VarargType(TT.ANY, bare=True)])) == "Tuple{Int64, Vararg}"


def test_capitals_of_a_name_the_paste_spells_are_that_name():
    """`code_warntype` without colour prints an emphasized type as `uppercase("::$T")`
    (`Base.emphasize`), a `Core.PartialStruct(…)` or the header as Julia wrote them: a capital
    name the paste spells once in mixed case is that name -- one type, not two."""
    from irc.world.world import World

    src = "%4 = f(%3)::Core.PartialStruct(Tuple{AbstractPPL.VarName, Int64}, Any[AbstractPPL.VarName, Core.Const(3)])\n"
    w = World.build([], source=src)
    t = w.parse_type("UNION{NOTHING, TUPLE{INT64, ABSTRACTPPL.VARNAME}}")
    assert show(t) == "Union{Nothing, Tuple{Int64, AbstractPPL.VarName}}"
    assert w.parse_type("ABSTRACTPPL.VARNAME") is w.parse_type("AbstractPPL.VarName") or \
        w.parse_type("ABSTRACTPPL.VARNAME") == w.parse_type("AbstractPPL.VarName")
    # two mixed-case spellings match: no guess, the capitals stay the name as written
    w2 = World.build([], source=src + "x::Abstractppl.Varname\n")
    assert show(w2.parse_type("ABSTRACTPPL.VARNAME")) == "ABSTRACTPPL.VARNAME"


def test_the_capitals_index_holds_every_dotted_suffix():
    from irc.syntax.capitals import spelled_names, spelling

    index = spelled_names("x::Main.Pkg.MyType; y::ALLCAPS; z = Other.Mytype")
    assert spelling(index, ("PKG", "MYTYPE")) == ("Pkg", "MyType")
    assert spelling(index, ("MAIN", "PKG", "MYTYPE")) == ("Main", "Pkg", "MyType")
    assert spelling(index, ("MYTYPE",)) is None  # `MyType` and `Mytype`: two spellings, no guess
    assert spelling(index, ("ALLCAPS",)) is None  # a capital name spells nothing
    assert spelling(index, ("NOPE",)) is None


def test_keyword_items_read_only_as_call_arguments(world):
    """`name=value` is read in a call's arguments (a constant's display), as Julia's `Expr(:kw)`;
    a call cut short still says what it expected, as before."""
    from irc.errors import IrcError
    from irc.syntax.parser import parse_expr

    v = world.parse_type("Core.Const((LogNormal{Float64}(μ=0.0, σ=1.0), 2))")
    assert show(v) == "Core.Const((LogNormal{Float64}(μ=0.0, σ=1.0), 2))"
    e = parse_expr("f(a, b=1)")
    assert type(e.args[1]).__name__ == "ExprNode" and e.args[1].head == "kw"
    with pytest.raises(IrcError) as err:
        parse_expr("Main.g(x")
    assert "expected ')' or ','" in str(err.value)


def test_a_function_type_printed_bare_in_a_base_or_core_method_is_mains():
    """Julia prints names as Main sees them: `Core.kwcall(::@NamedTuple{x::Int64}, ::typeof(foo))`
    (a keyword call of Main's `foo`, the julia_book's kwcall page) names Main's `foo`, so a
    declaration of Main's `var"#foo#54"(::Int64, ::typeof(foo))` takes that argument."""
    from irc.cli.driver import analyse

    paste = ("declare Main.:(var\"#foo#54\")(::Int64, ::typeof(foo))::Int64\n\n"
             "MethodInstance for Core.kwcall(::@NamedTuple{x::Int64}, ::typeof(foo))\n"
             "  from kwcall(::NamedTuple, ::typeof(foo)) @ Main REPL[1]:1\nArguments\n  _::Core.Const(Core.kwcall)\n"
             "  @_2::@NamedTuple{x::Int64}\n  @_3::Core.Const(Main.foo)\nBody::Int64\n"
             "1 ─ %1 = Core.getfield(@_2, :x)::Int64\n│   %2 = Main.:(var\"#foo#54\")::Core.Const(Main.var\"#foo#54\")\n"
             "│   %3 = (%2)(%1, @_3)::Int64\n└──      return %3\n")
    res = analyse("p.ir", paste)
    fn, r = res.results[0]
    assert show(r.slot_types[3]) == "Core.Const(foo)" and show(r.ssa_types[3]) == "Int64"


def test_a_closure_type_name_is_a_type_and_new_of_its_unionall_is_an_instance_of_it():
    """`Main.:(var"#122#123")` (a closure's type, `#N#M`) read on its own is that type, opaque until
    declared; `%new(Core.apply_type(T, typeof(y)))` of a non-constant parameter is an instance of
    `T{_A} where _A` (Julia's `abstract_eval_new` through `instanceof_tfunc`), which prints as
    the type's name (its wrapper: show.jl `print_without_params`); `var"#f#3"` stays a name."""
    from irc.cli.driver import analyse

    paste = ("function f(y::Union{Float64, Int64})\n1 ─ %1 = Main.:(var\"#122#123\")\n│   %2 = Core.typeof(y)\n"
             "│   %3 = Core.apply_type(%1, %2)\n│   %4 = %new(%3, y)\n└──      return %4\nend\n")
    res = analyse("p.ir", paste)
    fn, r = res.results[0]
    assert show(r.ssa_types[1]) == 'Core.Const(var"#122#123")'
    assert show(r.ssa_types[4]) == 'var"#122#123"'


def test_a_field_of_a_named_tuple_of_unknown_types_is_its_bound_or_any():
    """`_getfield_tfunc` of a named tuple whose types are a variable: `:grad` of
    `NamedTuple{(:val, :grad), _A} where _A<:Tuple{Any, Tuple{Any}}` is `Tuple{Any}` (Zygote's
    `jacobian`), of `NamedTuple{(:a, :b)}` `Any` -- never a false `Union{}`; a name it lacks throws."""
    from irc.cli.driver import analyse

    paste = ("function f(x::NamedTuple{(:a, :b)}, y::NamedTuple{(:val, :grad), _A} where _A<:Tuple{Any, Tuple{Any}})\n"
             "1 ─ %1 = Base.getproperty(x, :a)\n│   %2 = Base.getproperty(y, :grad)\n│   %3 = Core.tuple(%1, %2)\n"
             "└──      return %3\nend\n")
    fn, r = analyse("p.ir", paste).results[0]
    assert show(r.ssa_types[1]) == "Any" and show(r.ssa_types[2]) == "Tuple{Any}"


# a Turing model's `@code_warntype` (Julia 1.11, h218): DynamicPPL's `VarName{:α, typeof(identity)}()`
# prints `α`; Main's functions print qualified there (`#self#::Core.Const(Main.model)`)
BARE_VALUE = ("MethodInstance for model(::Float64)\n  from model(x) @ Main In[1]:1\nArguments\n"
              "  #self#::Core.Const(Main.model)\n  x::Float64\nLocals\n  vn::VarName{:α, typeof(identity)}\n"
              "Body::Float64\n"
              "1 ─ %1 = Core.apply_type(VarName, :α)::Core.Const(VarName{:α})\n"
              "│   %2 = (%1)()::Core.Const(α)\n"
              "│        (vn = (DynamicPPL.resolve_varnames)(%2, x))\n"
              "│   %4 = vn::Core.Const(α)\n"
              "│   %5 = Core.tuple(%4, Main.g)::Tuple{VarName{:α, typeof(identity)}, typeof(g)}\n"
              "│   %6 = Main.h(x)::Core.Const(h)\n"
              "└──      return x\n")


def test_a_bare_name_the_paste_never_shows_as_a_function_is_a_value_of_unknown_type():
    """`Core.Const(α)` of a name the paste never calls, reads as a global or prints as `typeof(α)`
    is a value a package's `show` prints bare, kept as printed, of unknown type (`Any`) -- not
    Main's function `α`; `g` (printed `typeof(g)`), `h` (called), `model` (the function itself)
    are functions as before."""
    from irc.cli.driver import Options, analyse
    from irc.ir.pasted import bare_value_types, bare_values
    from irc.lattice.typelattice import widenconst

    res = analyse("p.ir", BARE_VALUE)
    assert not res.errors
    fns = res.program.functions
    assert bare_values(fns, BARE_VALUE) == frozenset({"α"})
    # (`h`, printed `Core.Const(h)` too, is called: a function; `VarName` heads a type: no value)
    # `f (generic function with 2 methods)` (Julia <= 1.5's display) shows a function too
    assert bare_values(fns, BARE_VALUE + "\nα (generic function with 2 methods)\n") == frozenset()
    v = res.world.parse_type("Core.Const(α)")
    assert show(v) == "Core.Const(α)" and show(widenconst(v)) == "Any"
    v = res.world.parse_type("Core.Const((1, α))")
    assert show(v) == "Core.Const((1, α))" and show(widenconst(v)) == "Tuple{Int64, Any}"
    # where irc takes Julia's printed types (`irc stubs --all`), the listed slot read as Const(α) proves its type
    assert {n: v[1] for n, v in bare_value_types(fns, frozenset({"α"})).items()} == {"α": "vn"}
    res = analyse("p.ir", BARE_VALUE, Options(use_printed="all"))
    v = res.world.parse_type("Core.Const(α)")
    assert show(v) == "Core.Const(α)" and show(widenconst(v)) == "VarName{:α, typeof(identity)}"
    # a name called somewhere in the paste is a function, as before
    called = BARE_VALUE.replace("%6 = Main.h(x)::Core.Const(h)", "%6 = Main.α(x)::Float64")
    res = analyse("p.ir", called)
    assert bare_values(res.program.functions, called) == frozenset()
    assert show(widenconst(res.world.parse_type("Core.Const(α)"))) == "typeof(α)"


def test_capitals_are_never_restored_to_another_name():
    """A restoration is one of case, unambiguous: a capital name the paste writes where Julia
    never emphasizes (the `MethodInstance` header, a type with lower-case letters around it)
    is that name -- `X` is not the argument `x` (h401) -- and a slot's or field's name
    (`x::T` opening a line) is a variable, never the spelling of a type."""
    from irc.syntax.capitals import spelled_names, spelling
    from irc.world.world import World

    header = ("MethodInstance for f(::Tuple{X{UnitRange{Int64}}, Y{UnitRange{Int64}}}, ::Int64)\n"
              "  from f(x, y) @ Main REPL[1]:1\nArguments\n  #self#::Core.Const(f)\n"
              "  x::Tuple{X{UnitRange{Int64}}, Y{UnitRange{Int64}}}\n  y::Int64\nBody::ANY\n")
    w = World.build([], source=header)
    assert show(w.parse_type("Tuple{X{UnitRange{Int64}}, Y{UnitRange{Int64}}}")) == \
        "Tuple{X{UnitRange{Int64}}, Y{UnitRange{Int64}}}"
    assert spelling(spelled_names(header), ("X",)) is None
    # a slot's name alone offers no spelling, even with no capital `X` written anywhere
    assert spelling(spelled_names("  x::Int64\nBody::UNION{X, NOTHING}\n"), ("X",)) is None
    # a capital inside an emphasized annotation still finds the one mixed-case name
    assert spelling(spelled_names("%1 = Core.PartialStruct(Tuple{Pkg.Foo})\n%2 = g()::UNION{PKG.FOO, NOTHING}\n"),
                    ("PKG", "FOO")) == ("Pkg", "Foo")
    # a capital name the header writes is that name even when a known type matches it by case
    # (`VAL` is a package's type there, not Base's `Val`); in an emphasized annotation alone it is `Val`
    w = World.build([], source="MethodInstance for f(::Tuple{VAL{Int64}})\n")
    assert show(w.parse_type("VAL{Int64}")) == "VAL{Int64}"
    assert show(World.build([], source="Body::VAL{INT64}\n").parse_type("VAL{INT64}")) == "Val{Int64}"
    # the reader's `where` (Julia's `WHERE`) leaves an annotation emphasized; a slot's name written
    # as a symbol is spelled (`NAMEDTUPLE{(:LOGPRIOR,), …}` is `:logprior`'s)
    assert spelling(spelled_names('  v::VAR"#1#2"\n%1 = Main.:(var"#1#2")\n%2 = f()::TYPE{VAR"#1#2"{_A}} where _A\n'),
                    ("VAR",)) == ("var",)
    assert spelling(spelled_names("  logprior::ANY\n%1 = (:logprior,)::Core.Const((:logprior,))\n"),
                    ("LOGPRIOR",)) == ("logprior",)


@pytest.mark.parametrize("text, name, back", [
    ('Val{Symbol("yyyy-mm-dd")}', "yyyy-mm-dd", 'Val{Symbol("yyyy-mm-dd")}'),
    ('Val{Symbol("a b")}', "a b", 'Val{Symbol("a b")}'),
    ('Val{Core.Symbol("x y")}', "x y", 'Val{Symbol("x y")}'),
    ('Val{Symbol("ab")}', "ab", "Val{:ab}"),  # an identifier: Julia would have printed `:ab`
])
def test_a_symbol_type_parameter_written_as_a_call_is_the_symbol(world, text, name, back):
    """Julia shows a Symbol that is no identifier as `Symbol("…")` (base/show.jl
    `show_unquoted_quote_expr`): in a type's parameters it is the Symbol constant, the same
    one `:ab` denotes, never a call that leaves the type unknown (h431, h432)."""
    from irc.lattice.types import Sym

    t = world.parse_type(text)
    assert show(t) == back and t.params == (Sym(name),)


TYPEOF_READ = ("MethodInstance for f(::Vector{Float64})\n"
               "  from f(x) @ Main REPL[2]:1\n"
               "Arguments\n"
               "  #self#::Core.Const(f)\n"
               "  x::Vector{Float64}\n"
               "Body::Vector{Float64}\n"
               "1 ─ %1 = Base.broadcasted(Main.h, x)::Base.Broadcast.Broadcasted{Base.Broadcast.DefaultArrayStyle{1}, "
               "Nothing, typeof(h), Tuple{Vector{Float64}}}\n"
               "│   %2 = Core.tuple(Tools.k, Main.m)::Tuple{typeof(Tools.k), Any}\n"
               "│   %3 = Base.materialize(%1)::Vector{Float64}\n"
               "└──      return %3\n")


def test_a_global_printed_as_typeof_name_is_that_function():
    """Julia prints `typeof(h)` only for a function's singleton type (base/show.jl `show_type_name`,
    `is_global_function`), a bare name for Main's (visible from the active module), another
    module's qualified: the read `Main.h` is `Core.Const(h)` and `Tools.k` `Core.Const(Tools.k)`,
    with no unknown-global note; `Main.m`, never printed so, stays an unknown global (Any)."""
    from irc.ir.pasted import printed_functions

    res = analyse_text(TYPEOF_READ, path="p.ir")
    assert printed_functions(res.program.functions) == frozenset({("Main", "h"), ("Tools", "k")})
    msgs = [d.message for d in res.warnings]
    assert not any("unknown global Main.h" in m or "unknown global Tools.k" in m for m in msgs)
    assert any("unknown global Main.m" in m for m in msgs)
    fn, r = res.results[0]
    assert show(r.ssa_types[1]) == ("Base.Broadcast.Broadcasted{Base.Broadcast.DefaultArrayStyle{1}, Nothing, typeof(h), "
                                    "Tuple{Vector{Float64}}}")
    assert show(r.ssa_types[2]) == "Tuple{typeof(Tools.k), Any}"
    # the evidence is a printed type: without it, `Main.h` is an unknown global as before
    res = analyse_text(TYPEOF_READ.replace("typeof(h)", "Any"), path="p.ir")
    assert any("unknown global Main.h" in d.message for d in res.warnings)


def test_complex_aliases_read_and_print_as_julia_writes_them(world):
    # complex.jl `const ComplexF64 = Complex{Float64}` (and F32, F16): read as the type; Julia 1.6+'s
    # show prints the exported alias for it (`Vector{ComplexF64}`), 1.5 and earlier `Complex{Float64}`
    from irc.lattice.printstyle import JULIA_1_5

    for short, long in (("ComplexF64", "Complex{Float64}"), ("ComplexF32", "Complex{Float32}"),
                        ("ComplexF16", "Complex{Float16}")):
        t = world.parse_type(short)
        assert t == world.parse_type(long) and show(t) == short
        assert show(world.parse_type(f"Vector{{{short}}}")) == f"Vector{{{short}}}"
        assert show(t, JULIA_1_5) == long
    assert show(world.parse_type("Complex{Int64}")) == "Complex{Int64}"


def test_the_instance_of_an_irrational_type_is_the_constant_it_names(tmp_path):
    """`Irrational{:π}` is a singleton type whose instance Julia shows as `π` (mathconstants.jl): a
    `MethodInstance for ^(::Int64, ::Irrational{:π})` header types the argument `Core.Const(π)`, as the
    1.6 `Variables` line it was read from printed it, so irc's output reads back to itself (h969)."""
    import io

    from irc.cli.batch import cli_infer
    from irc.lattice import typetable as TT
    from irc.lattice.typelattice import singleton_instance
    from irc.lattice.types import DataType, Sym

    for sym, v in (("π", 3.141592653589793), ("ℯ", 2.718281828459045), ("γ", 0.5772156649015329)):
        c = singleton_instance(DataType(TT.IRRATIONAL_NAME, (Sym(sym),)))
        assert show(c) == f"Core.Const({sym})" and c.val.value == v
    paste = tmp_path / "p.ir"
    paste.write_text("Variables\n  #self#::Core.Const(^)\n  x::Int64\n  y::Core.Const(π)\n\nBody::Float64\n"
                     "1 ─ %1 = Base.promote(x, y)::Tuple{Float64, Float64}\n"
                     "│   %2 = Core._apply_iterate(Base.iterate, Base.:^, %1)::Float64\n└──      return %2\n",
                     encoding="utf-8")
    out = io.StringIO()
    assert cli_infer([str(paste)], color="never", stdout=out, stderr=io.StringIO(), quiet=True) == 0
    assert "y::Core.Const(π)" in out.getvalue()
    again = tmp_path / "again.ir"
    again.write_text(out.getvalue(), encoding="utf-8")
    out2 = io.StringIO()
    assert cli_infer([str(again)], color="never", stdout=out2, stderr=io.StringIO(), quiet=True) == 0
    assert out2.getvalue() == out.getvalue()
