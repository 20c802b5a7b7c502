"""Parser: grammar checks, every sample, expression forms, robustness, fast path == Lark."""
from __future__ import annotations

import time
from pathlib import Path

import pytest

from irc.syntax import tree as S
from irc.errors import IrcError
from irc.syntax.grammar import build_parser, grammar_path, make_lark
from irc.syntax.depth import MAX_DEPTH
from irc.syntax.parser import parse_expr, parse_text, read_source
from irc.syntax.recovery import terminal_words

from conftest import CONFORMANCE, sample_files

SYNTAX = [p for p in sample_files() if p.name.startswith("syntax_")]
ALL_INPUTS = sample_files() + (sorted(CONFORMANCE.rglob("*.ir")) if CONFORMANCE.is_dir() else [])


def test_grammar_is_lalr_without_conflicts_or_collisions():
    make_lark(strict=True)  # raises on shift/reduce conflicts and regex collisions


def test_parser_is_built_once():
    assert build_parser() is build_parser()
    assert grammar_path().endswith("irc.lark")


def test_every_terminal_has_words():
    lark = build_parser()
    for term in lark.terminals:
        words = terminal_words(term.name, lark)
        assert "__" not in words and "ANON" not in words, (term.name, words)
        assert words != term.name


def test_there_are_syntax_samples():
    assert len(SYNTAX) >= 10


@pytest.mark.parametrize("path", ALL_INPUTS, ids=lambda p: p.name)
def test_fast_path_builds_what_lark_builds(path: Path):
    text = path.read_text(encoding="utf-8")
    fast = parse_text(text, str(path))
    slow = parse_text(text, str(path), fast=False)
    assert repr(fast.items) == repr(slow.items)
    assert fast.items


def items_of(name: str):
    return parse_text((Path(__file__).resolve().parents[2] / "samples" / name).read_text(), name).items


def test_declarations_sample():
    items = items_of("syntax_declarations.ir")
    kinds = [type(i).__name__ for i in items]
    assert kinds.count("AbstractTypeDecl") == 3 and kinds.count("StructDecl") == 5
    assert kinds.count("ConstDecl") == 2 and kinds.count("GlobalDecl") == 2 and kinds.count("FunctionDef") == 1
    point = next(i for i in items if isinstance(i, S.StructDecl) and i.name.parts == ("Point",))
    assert [p.name for p in point.params] == ["T"] and point.params[0].upper == S.Name(("Real",), 7, 17)
    assert point.supertype.parts == ("Shape2D",) and [f.name for f in point.fields] == ["x", "y"]
    counter = next(i for i in items if isinstance(i, S.StructDecl) and i.name.parts == ("Counter",))
    assert counter.mutable and counter.fields[1].type is None
    pair = next(i for i in items if isinstance(i, S.StructDecl) and i.name.parts == ("Pair2",))
    assert [f.name for f in pair.fields] == ["a", "b"]
    closure = next(i for i in items if isinstance(i, S.StructDecl) and i.name.parts == ("#8#9",) or
                   isinstance(i, S.StructDecl) and i.name.parts == ("#10#11",))
    assert closure.supertype.parts == ("Function",)
    decls = [i for i in items if isinstance(i, S.MethodDecl)]
    names = [d.name.parts for d in decls]
    assert ("Base", "+") in names and ("Base", ":") in names and ("Base", "==") in names and ("Base", "<=") in names
    plus = decls[0]
    assert plus.foldable and [a.type.parts for a in plus.args] == [("Int64",), ("Int64",)]
    getindex = next(d for d in decls if d.name.parts == ("Base", "getindex"))
    assert [v.name for v in getindex.where] == ["T"] and getindex.result.parts == ("T",)
    area = next(d for d in decls if d.name.parts == ("Main", "area"))
    assert area.args[0].name == "p" and area.where[0].upper.parts == ("Real",)
    log_all = next(d for d in decls if d.name.parts == ("Main", "log_all"))
    assert log_all.args[0].vararg and log_all.args[0].type.parts == ("Any",)
    isn = next(d for d in decls if d.name.parts == ("Base", "isnothing"))
    assert (isn.refinement.kind, isn.refinement.arg, isn.refinement.type.parts) == ("iff", "x", ("Nothing",))
    ispos = next(d for d in decls if d.name.parts == ("Main", "ispositive"))
    assert ispos.refinement.kind == "implies"
    pair_of = next(d for d in decls if d.name.parts == ("Main", "pair_of"))
    assert isinstance(pair_of.result, S.Call) and isinstance(pair_of.result.args[1], S.TypedVect)
    kind_of = next(d for d in decls if d.name.parts == ("Main", "kind_of"))
    assert kind_of.result.params[0].infix == "<:" and len(kind_of.result.params[0].args) == 1


def test_header_forms():
    (wt,) = [i for i in items_of("syntax_warntype.ir") if isinstance(i, S.FunctionDef)]
    assert wt.form == "warntype" and wt.name.parts == ("g",) and wt.from_text.startswith("g(x) @ Main")
    assert [e.name.parts[0] for e in wt.arguments] == ["#self#", "x"] and len(wt.locals) == 2
    assert wt.signature.args[0].parts == ("Float64",) and wt.body_type.parts == ("Float64",)
    (v16,) = [i for i in items_of("syntax_variables16.ir") if isinstance(i, S.FunctionDef)]
    assert v16.form == "variables" and v16.name is None and len(v16.variables) == 5
    typed_read = v16.lines[6]
    assert isinstance(typed_read.stmt.value, S.Typed) and typed_read.annotation is not None
    ci = [i for i in items_of("syntax_codeinfo.ir") if isinstance(i, S.FunctionDef)]
    assert [f.codeinfo for f in ci] == [True, True, True]
    assert ci[0].body_type.parts == ("Int64",) and ci[1].body_type is None and ci[2].form == "warntype"
    (li,) = [i for i in items_of("syntax_lineinfo.ir") if isinstance(i, S.FunctionDef)]
    assert [x.text for x in li.line_infos] == ["@ none:2 within `clamp0'", "@ none:3 within `clamp0`", "@ none:4 within `clamp0`"]
    (sp, sp2) = [i for i in items_of("syntax_static_params.ir") if isinstance(i, S.FunctionDef)]
    assert [(v.name, v.value.parts) for v in sp.static_params] == [("T", ("Int64",))]
    assert [(v.name, v.value.parts) for v in sp2.static_params] == [("T", ("Int64",))]


def test_rails_ascii_and_unicode():
    (f,) = [i for i in items_of("syntax_ascii_rails.ir") if isinstance(i, S.FunctionDef)]
    assert [(ln.header, ln.header_kind) for ln in f.lines] == [(1, "-"), (None, ""), (2, "-"), (None, ""), (3, "~")]


def test_statement_forms():
    (f, g) = [i for i in items_of("syntax_try.ir") if isinstance(i, S.FunctionDef)]
    kinds = [type(ln.stmt).__name__ for ln in f.lines]
    assert kinds == ["Assign", "Enter", "ValueStmt", "Assign", "Leave", "Goto", "Assign", "Assign", "ValueStmt", "Return"]
    assert f.lines[1].label == 2 and f.lines[1].stmt.block == 5
    assert isinstance(f.lines[6].stmt.value, S.ExprNode) and f.lines[6].stmt.value.head == "the_exception"
    assert isinstance(g.lines[0].stmt, S.Enter) and g.lines[0].stmt.block == 4
    (d,) = [i for i in items_of("syntax_dead.ir") if isinstance(i, S.FunctionDef)]
    dead = [ln.stmt for ln in d.lines if isinstance(ln.stmt, S.DeadStmt)]
    assert len(dead) == 4 and dead[3].inner.head == "goto" and dead[3].inner.args[0].n == 8
    (m, n) = [i for i in items_of("syntax_newvar.ir") if isinstance(i, S.FunctionDef)]
    assert isinstance(m.lines[0].stmt, S.NewvarNode) and m.lines[0].stmt.target.parts == ("y",)
    assert isinstance(m.lines[-1].stmt, S.Return) and m.lines[-1].stmt.value is None
    assert isinstance(n.lines[-1].stmt, S.Unreachable)


def flat(e) -> str:
    """A compact prefix rendering of an expression, for asserting structure."""
    if isinstance(e, S.Call):
        f = e.infix if e.infix else flat(e.func)
        return f"({f} " + " ".join(flat(a) for a in e.args) + ")"
    if isinstance(e, S.Name):
        return ".".join(e.parts)
    if isinstance(e, S.Lit):
        return f"{e.kind}:{e.value!r}"
    if isinstance(e, S.SSA):
        return f"%{e.n}"
    if isinstance(e, S.SlotRef):
        return f"slot({e.name},{e.id})"
    if isinstance(e, S.Typed):
        return f"(:: {flat(e.expr)} {flat(e.type)})"
    if isinstance(e, S.Curly):
        return f"{{{flat(e.head)} " + " ".join(flat(a) for a in e.params) + "}"
    if isinstance(e, S.Where):
        return f"(where {flat(e.body)} " + " ".join(v.name for v in e.vars) + ")"
    if isinstance(e, S.ExprNode):
        return f"$({e.head} " + " ".join(flat(a) for a in e.args) + ")"
    if isinstance(e, S.BlockRef):
        return f"#{e.n}"
    return type(e).__name__


@pytest.mark.parametrize("text,expected", [
    ("a * b * c", "(* a b c)"),
    ("a + b * c", "(+ a (* b c))"),
    ("a - b - c", "(- (- a b) c)"),
    ("a + b + c - d", "(- (+ a b c) d)"),
    ("(a + b) * c", "(* (+ a b) c)"),
    ("a === b", "(=== a b)"),
    ("x isa T", "(isa x T)"),
    ("1:n", "(: Int64:1 n)"),
    ("a:s:b", "(: a s b)"),
    ("a + 1:n", "(: (+ a Int64:1) n)"),
    ("a < b", "(< a b)"),
    ("a ≤ b", "(<= a b)"),
    ("a ≠ b", "(!= a b)"),
    ("-x", "(- x)"),
    ("-1", "Int64:-1"),
    ("- 1", "(- Int64:1)"),
    ("!x", "(! x)"),
    ("-x ^ 2", "(- (^ x Int64:2))"),
    ("2 ^ -1", "(^ Int64:2 Int64:-1)"),
    ("x::Int64::Int64", "(:: (:: x Int64) Int64)"),
    ("@_3", "slot(None,3)"),
    ("x@_5", "slot(x,5)"),
    ("_2", "slot(None,2)"),
    ("#self#", "#self#"),
    ("#8", "#8"),
    ('var"#5#6"', "#5#6"),
    ('Main.:(var"#8#9")', "Main.#8#9"),
    ('Main.:var"\'"', "Main.'"),  # Julia 1.10 shows the adjoint qualified so (h505)
    ('M.:var"a b"', "M.a b"),
    ("Main.##Sandbox#12.g", "Main.##Sandbox#12.g"),
    ("Base.:+", "Base.+"),
    ("Base.:(:)", "Base.:"),
    ("Base.:(==)", "Base.=="),
    ("0x01", "UInt8:1"),
    ("0x0001", "UInt16:1"),
    ("1.0f0", "Float32:1.0"),
    ("2.5e-3", "Float64:0.0025"),
    ("9223372036854775808", "Int128:9223372036854775808"),
    ('"a\\"b"', "String:'a\"b'"),
    ("'c'", "Char:'c'"),
    (":sym", "Symbol:'sym'"),
    ("nothing", "Nothing:None"),
    ("true", "Bool:True"),
    ("Vector{T} where T<:Real", "(where {Vector T} T)"),
    ("Union{Nothing, Int64}", "{Union Nothing Int64}"),
    ("Union{}", "{Union }"),
    ("typeof(Main.f)", "(typeof Main.f)"),
    ("Core.Const(1)", "(Core.Const Int64:1)"),
    ("Tuple{Vararg{Int64}}", "{Tuple {Vararg Int64}}"),
    ("(%1)(x)", "(%1 x)"),
    ("$(Expr(:static_parameter, 1))", "$(static_parameter Int64:1)"),
    ("$(Expr(:enter, #4))", "$(enter #4)"),
    # Julia 1.10's NamedTuple types: field names are Symbols, a bare name has type Any
    ("@NamedTuple{scale::Int64}", "{@NamedTuple (:: Symbol:'scale' Int64)}"),
    ("@NamedTuple{a::Int64, b::Float64}", "{@NamedTuple (:: Symbol:'a' Int64) (:: Symbol:'b' Float64)}"),
    ("@NamedTuple{}", "{@NamedTuple }"),
    ("@NamedTuple{a, b::Vector{T}} where T", "(where {@NamedTuple Symbol:'a' (:: Symbol:'b' {Vector T})} T)"),
    ("Vector{@NamedTuple{a::Int64}}", "{Vector {@NamedTuple (:: Symbol:'a' Int64)}}"),
    ("@NamedTuple{_2, x@_5}", "{@NamedTuple Symbol:'_2' Symbol:'x@_5'}"),
    # operators as values, as Julia prints a function inside parentheses/braces/brackets
    ("typeof(+)", "(typeof +)"),
    ("Core.Const(+)", "(Core.Const +)"),
    ("Core.Const(*)", "(Core.Const *)"),
    ("typeof(Base.:+)", "(typeof Base.+)"),
    ("(+)", "+"),
    ("(+)(x, y)", "(+ x y)"),
    ("(+) === x", "(=== + x)"),
    ("f(-, x)", "(f - x)"),
    ("typeof(^)", "(typeof ^)"),
    ("typeof(<:)", "(typeof <:)"),
    ("typeof(===)", "(typeof ===)"),
    ("typeof(!)", "(typeof !)"),
    ("typeof(≤)", "(typeof <=)"),
    ("typeof(∘)", "(typeof ∘)"),
    ("Tuple{typeof(+), Int64}", "{Tuple (typeof +) Int64}"),
    ("Any[+, *]", "TypedVect"),
    ("(+, 1)", "TupleLit"),
    ("Base.Broadcast.Broadcasted{Base.Broadcast.DefaultArrayStyle{1}, Nothing, typeof(+), Tuple{Vector{Float64}, Int64}}",
     "{Base.Broadcast.Broadcasted {Base.Broadcast.DefaultArrayStyle Int64:1} Nothing (typeof +) {Tuple {Vector Float64} Int64}}"),
    # …and operators keep their meaning elsewhere
    ("Vector{<:Real}", "{Vector (<: Real)}"),
    ("f(-x, !y)", "(f (- x) (! y))"),
    ("x - -1", "(- x Int64:-1)"),
    ("a - (-b)", "(- a (- b))"),
])
def test_expressions(text, expected):
    assert flat(parse_expr(text)) == expected


def test_comments_and_prompts():
    text = "## a comment\njulia> f(1)\n# another\nglobal Main.x::Int64  # trailing\n#\n"
    (g,) = parse_text(text, "c.ir").items
    assert isinstance(g, S.GlobalDecl) and g.name.parts == ("Main", "x")


def test_empty_file_has_no_items():
    assert parse_text("", "e.ir").items == []
    assert parse_text("\n\n# only a comment\n", "e.ir").items == []


def test_nul_bytes_are_a_located_error():
    with pytest.raises(IrcError) as ei:
        parse_text("function f(x)\n1 ─ %1 = x\0\n└── return %1\nend\n", "n.ir")
    (d,) = ei.value.diagnostics
    assert (d.span.line, d.span.col) == (2, 11) and "NUL" in d.message


def test_non_utf8_file(tmp_path):
    p = tmp_path / "bad.ir"
    p.write_bytes(b"global Main.x\nconst Main.y = \xff\n")
    with pytest.raises(IrcError) as ei:
        read_source(str(p))
    (d,) = ei.value.diagnostics
    assert (d.span.line, d.span.col) == (2, 16) and "UTF-8" in d.message


def test_deep_nesting_is_an_error_not_a_crash():
    depth = 20_000
    text = "function f(x)\n1 ─ %1 = " + "g(" * depth + "x" + ")" * depth + "\n└── return %1\nend\n"
    with pytest.raises(IrcError) as ei:
        parse_text(text, "deep.ir")
    assert any(f"more than {MAX_DEPTH}" in d.message for d in ei.value.diagnostics)
    chain = "function f(x)\n1 ─ %1 = x" + " - x" * depth + "\n└── return %1\nend\n"
    with pytest.raises(IrcError):
        parse_text(chain, "chain.ir")
    with pytest.raises(IrcError):
        parse_expr("Vector{" * depth + "x" + "}" * depth)
    assert isinstance(parse_expr("(" * depth + "x" + ")" * depth), S.Name)  # parentheses add no depth


def test_megabyte_line():
    args = ", ".join(["x_long_name"] * 80_000)
    text = f"function f(x_long_name)\n1 ─ %1 = Core.tuple({args})\n└── return %1\nend\n"
    assert len(text) > 1_000_000
    (fn,) = parse_text(text, "wide.ir").items
    assert len(fn.lines[0].stmt.value.args) == 80_000
    with pytest.raises(IrcError) as ei:
        parse_text("x" * 1_000_000 + " )\n", "junk.ir")
    assert len(ei.value.diagnostics) == 1


def test_several_errors_are_all_reported():
    text = "declare f(\nfunction g(x)\n1 ─ %1 = (x +\n│   %2 = x ++ )\n└── return %1\nend\nstruct\n"
    with pytest.raises(IrcError) as ei:
        parse_text(text, "many.ir")
    assert [d.span.line for d in ei.value.diagnostics] == [1, 3, 4, 7]


@pytest.mark.parametrize("o1", ["+", "-", "*", "/", "<", "===", "<=", "!=", "isa", ":", "^"])
@pytest.mark.parametrize("o2", ["+", "-", "*", "/", "<", "===", "!=="])
def test_fast_path_precedence_matches_lark(o1, o2):
    text = f"function f(a, b, c)\n1 ─ %1 = a {o1} b {o2} c\n│   x = Main.g(a {o2} b, c {o1} a)\n└── return %1\nend\n"
    assert repr(parse_text(text, "t.ir").items) == repr(parse_text(text, "t.ir", fast=False).items)


def test_fast_path_on_machine_generated_code():
    import importlib.util

    root = Path(__file__).resolve().parents[2]
    spec = importlib.util.spec_from_file_location("parse_bench", root / "bench" / "parse_bench.py")
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    text = bench.generate(2000)
    assert repr(parse_text(text, "b.ir").items) == repr(parse_text(text, "b.ir", fast=False).items)


def test_a_dotted_namedtuple_field_name_is_one_symbol():
    """Julia prints a field's Symbol as it is (`print(io, sym)`): JuliaBUGS' `beta.c::Int64` is the
    field `Symbol("beta.c")`, printed back the same way."""
    from irc.lattice.typeprint import show
    from irc.world.world import World

    t = World.build([]).parse_type("@NamedTuple{alpha::Vector{Float64}, beta.c::Int64, Main.a}")
    assert [n.name for n in t.params[0]] == ["alpha", "beta.c", "Main.a"]
    assert show(t) == "@NamedTuple{alpha::Vector{Float64}, beta.c::Int64, Main.a}"


@pytest.mark.parametrize("text,message", [
    ("@NamedTuple{a::Int64, a::Float64}", "duplicate field name `a`"),
    ("@NamedTuple{1}", "expected a field `name` or `name::Type`"),
    ("x + +", "expected an expression"),
    ("@NamedTuple", "unexpected character '@'"),
    ("@Foo{a}", "unexpected character '@'"),
])
def test_new_forms_reject_what_julia_does_not_print(text, message):
    with pytest.raises(IrcError) as ei:
        parse_expr(text)
    assert message in str(ei.value)


def test_operator_values_only_as_list_items():
    """A bare operator is a value only as a whole item of a comma list or
    inside parentheses; elsewhere `+` and `-` stay prefix/infix operators."""
    text = "function f(x)\n1 ─ %1 = x ++ )\n│   %2 = x + +\n└── return %1\nend\n"
    with pytest.raises(IrcError) as ei:
        parse_text(text, "ops.ir")
    assert [(d.span.line, d.message) for d in ei.value.diagnostics] == [
        (2, "unexpected ')'; expected an expression"), (3, "unexpected end of line; expected an expression")]


def test_slots_and_line_info_still_lex_next_to_at_namedtuple():
    text = ("function f(x)\n"
            "    @ none:1 within `f`\n"
            "1 ─       @_3 = x\n"
            "│   %2 = Core.typeassert(@_3, @NamedTuple{x::Int64})::@NamedTuple{x::Int64}\n"
            "└──       return x@_2\n"
            "end\n")
    (fn,) = parse_text(text, "at.ir").items
    assert [x.text for x in fn.line_infos] == ["@ none:1 within `f`"]
    assert fn.lines[0].stmt.target == S.SlotRef(None, 3, 3, 11)
    call = fn.lines[1].stmt.value
    assert flat(call) == "(Core.typeassert slot(None,3) {@NamedTuple (:: Symbol:'x' Int64)})"
    assert flat(fn.lines[1].annotation) == "{@NamedTuple (:: Symbol:'x' Int64)}"
    assert fn.lines[2].stmt.value == S.SlotRef("x", 2, 5, 18)


def test_namedtuple_field_is_not_a_slot_read():
    """`x` in `@NamedTuple{x::Int64}` names a field: it is no use of slot `x`."""
    from irc.ir.build import build_program

    text = ("function f(x::Int64)\n"
            "1 ─ %1 = Core.tuple(x)\n"
            "│   %2 = Core.apply_type(Core.NamedTuple, (:x,))\n"
            "│   %3 = Core.typeassert(%1, @NamedTuple{x::Int64})\n"
            "└──      return %3\n"
            "end\n")
    (fn,) = build_program(parse_text(text, "nt.ir")).functions
    param = fn.stmts[2].value.args[1].params[0]
    assert isinstance(param.expr, S.Lit) and param.expr.value == "x"


@pytest.mark.parametrize("text", [
    "@NamedTuple{scale::Int64}", "@NamedTuple{a::Int64, b::Float64}", "@NamedTuple{}", "@NamedTuple{a, b::String}",
    "Vector{@NamedTuple{a::Int64}}", "typeof(+)", "typeof(*)", "typeof(^)", "typeof(===)", "typeof(<:)",
    "Core.Const(+)", "Core.Const(==)", "Tuple{typeof(+), Int64}",
])
def test_new_forms_evaluate_to_what_typeprint_prints(text):
    """The parsed form evaluates (irc.world) to the type that irc.typeprint
    prints as the same text, so `irc infer` output reads back (fixed point)."""
    from irc.lattice.typeprint import show
    from irc.world.world import World

    world = World.build([])
    shown = show(world.parse_type(text))
    assert shown == text  # (show.jl's `show_at_namedtuple` leaves out `::Any`, as typeprint does)
    assert world.parse_type("NamedTuple{(:a, :b), Tuple{Int64, Float64}}") == world.parse_type("@NamedTuple{a::Int64, b::Float64}")
    assert world.parse_type("typeof(+)") == world.parse_type("typeof(Base.:+)")


@pytest.mark.parametrize("line", [
    "%4 = (%2)(%3)::@NamedTuple{scale::Int64}",
    "%4 = Core.typeassert(%3, @NamedTuple{a::Int64, b})",
    "%4 = Base.broadcasted(Main.:+, x, 1)::Base.Broadcast.Broadcasted{Nothing, typeof(+), Tuple{Int64}}",
    "%4 = Main.apply2(+, x)", "%4 = (+)(x, x)", "%4 = Main.apply2(-, x)", "%4 = Core.tuple(*, x, -x, - x)",
    "%4 = Core.tuple(x, +)", "%4 = (+, x)", "%4 = Any[+]", "%4 = f(-(x), !x)",
])
def test_fast_path_declines_or_agrees_on_new_forms(line):
    text = f"function f(x)\n1 ─ {line}\n└── return %4\nend\n"
    assert repr(parse_text(text, "t.ir").items) == repr(parse_text(text, "t.ir", fast=False).items)


def test_statement_type_with_where_is_the_annotation():
    """Julia prints `::Type{Vector{T}} where T` after a statement (typeof of a
    non-concrete type, apply_type with an unknown parameter): the `where` is
    part of the printed type, on value statements and on typed assignments."""
    text = ("function f(v::Vector)\n"
            "1 ─      (a = Core.typeof(v))::Type{Vector{T}} where T\n"
            "│   %2 = Core.typeof(v)::Type{Vector{_A}} where _A\n"
            "└──      return %2\n"
            "end\n")
    (fn,) = parse_text(text, "w.ir").items
    assign, value = fn.lines[0], fn.lines[1]
    assert isinstance(assign.annotation, S.Where) and [v.name for v in assign.annotation.vars] == ["T"]
    assert isinstance(value.annotation, S.Where) and [v.name for v in value.annotation.vars] == ["_A"]
    assert isinstance(value.stmt.value, S.Call) and isinstance(assign.stmt.value, S.Call)


def test_an_ellipsis_line_marks_a_struct_with_fields_it_does_not_list():
    """`...` alone on a line of a struct body sets `StructDecl.more` (fields the declaration does
    not list, as `irc stubs` writes a type the paste proves concrete); elsewhere it is a located
    error, and `...` as a splat or a varargs declaration is unchanged."""
    from irc.output.fmt import format_item

    text = "struct P\n    a::Int64\n    ...  # more\nend\nstruct Q\nend\ndeclare Main.g(::Any...)::Any\n"
    items = parse_text(text, "e.ir").items
    p, q = items[0], items[1]
    assert p.more and [f.name for f in p.fields] == ["a"] and not q.more
    assert format_item(p) == "struct P\n    a::Int64\n    ...\nend\n"
    assert parse_text(format_item(p), "r.ir").items[0].more
    with pytest.raises(IrcError) as ei:
        parse_text("function f(x)\n1 ─ %1 = x\n    ...\n└──      return %1\nend\n", "m.ir")
    (d,) = ei.value.diagnostics
    assert (d.span.line, d.span.col) == (3, 5) and "struct body" in d.message
    splat = parse_text("function f(x)\n1 ─ %1 = Core._apply_iterate(Base.iterate, Main.g, x...)\n"
                       "└──      return %1\nend\n", "s.ir")
    assert splat.items[0].name.parts == ("f",)



def test_a_generated_name_may_hold_a_hyphen_between_its_hashes():
    """Julia 1.10's default constructors name their first argument `#ctor-self#` (julia-syntax.scm
    `ctor-sig`); a `-` elsewhere stays the operator."""
    assert parse_expr("#ctor-self#") == S.Name(("#ctor-self#",), 1, 1)
    typed = parse_expr("#ctor-self#::Type{P}")
    assert isinstance(typed, S.Typed) and typed.expr == S.Name(("#ctor-self#",), 1, 1)


@pytest.mark.parametrize("text", ["#self#-1", "a-b", "#a-b", "#a-b-c"])
def test_a_hyphen_outside_hashes_is_subtraction(text):
    e = parse_expr(text)
    assert isinstance(e, S.Call) and e.infix == "-"


def test_the_ctor_self_argument_reads_and_prints_back():
    from irc.syntax.names import julia_ident  # noqa: PLC0415

    src = (Path(__file__).resolve().parents[2] / "samples" / "syntax_ctor_self.ir").read_text(encoding="utf-8")
    (fn,) = [i for i in parse_text(src, "t.ir").items if isinstance(i, S.FunctionDef)]
    assert [e.name for e in fn.arguments][0] == S.Name(("#ctor-self#",), fn.arguments[0].line, 3)
    assert julia_ident("#ctor-self#") == "#ctor-self#"  # written back bare, as Julia prints it


@pytest.mark.parametrize("line,goes_on", [
    ("Vector{Int64})", True), ("::Core.Const(Int32))::Core.Const(UnitRange{Int32})", True), ("(r1 = Main.first(t))", True),
    ("  x::Int64", False), ("│   %2 = x", False), ("2 ─ %3 = y", False), ("Body::Int64", False), ("%3 = x", False),
    ("└──      return %1", False), ("julia> f(1)", False), ("", False), ("end", False), ("# a note", False),
])
def test_which_next_line_goes_on_with_a_broken_line(line, goes_on):
    from irc.syntax.recovery import _continues  # noqa: PLC0415

    assert _continues(line) is goes_on
