"""Forms of Julia's printing the grammar reads: 1.12 statement markers (kept
and reprinted, never a call of a global named `dynamic`), authors' comments,
`where` in printed types, MethodInstance heads, operator symbols."""
from __future__ import annotations

import pytest

from irc.errors import IrcError
from irc.output.fmt import format_text
from irc.syntax import tree as S
from irc.syntax.parser import parse_text


def body(*lines: str) -> str:
    return "function f(n::Int64, g)\n" + "\n".join(lines) + "\n└──      return nothing\nend\n"


def stmt_of(line: str):
    (fd,) = parse_text(body(line), "t.ir").items
    return fd.lines[0]


@pytest.mark.parametrize("line,marker,text", [
    ("1 ─ %4 =   dynamic (%3)(1, n)", "dynamic", "(%3)(1, n)"),
    ("1 ─ %7 =   builtin %6 === nothing", "builtin", "%6 === nothing"),
    ("1 ─ %8 = intrinsic Base.not_int(%7)", "intrinsic", "Base.not_int(%7)"),
    ("1 ─        dynamic (g)(%6)", "dynamic", "g(%6)"),  # `g` is a slot once built: then it prints `(g)`
    ("1 ─ %2 = dynamic builtin Core._apply_iterate(Base.iterate, g, %1)", "dynamic builtin",
     "Core._apply_iterate(Base.iterate, g, %1)"),
    ("1 ─ %3 =   unknown (%9)(n)", "unknown", "(%9)(n)"),
    ("1 ─ %3 =   dynamic -%2", "dynamic", "-%2"),
])
def test_markers_are_read_and_kept(line, marker, text):
    from irc.output.fmt import format_expr

    bl = stmt_of(line)
    assert bl.marker == marker
    assert isinstance(bl.stmt, S.ValueStmt) and format_expr(bl.stmt.value) == text


def test_markers_are_reprinted_in_julias_field():
    src = body("1 ─ %1 = Main.:(:)", "│   %2 =   dynamic (%1)(1, n)", "│   %3 =   builtin %2 === nothing",
               "│   %4 = intrinsic Base.not_int(%3)", "│          dynamic (g)(%2)", "└──      goto #2 if not %4", "2 ─      nothing")
    out = format_text(src)
    assert "│   %2 =   dynamic (%1)(1, n)\n" in out
    assert "│   %3 =   builtin %2 === nothing\n" in out
    assert "│   %4 = intrinsic Base.not_int(%3)\n" in out
    assert "│          dynamic (g)(%2)\n" in out
    assert format_text(out) == out


@pytest.mark.parametrize("line,kind", [
    ("1 ─      dynamic = 1", S.Assign), ("1 ─ %2 = dynamic + 1", S.ValueStmt), ("1 ─ %2 = dynamic(n)", S.ValueStmt),
    ("1 ─ %2 = builtin::Int64", S.ValueStmt), ("1 ─      dynamic", S.ValueStmt),
])
def test_marker_words_stay_names_elsewhere(line, kind):
    bl = stmt_of(line)
    assert bl.marker == "" and isinstance(bl.stmt, kind)


@pytest.mark.parametrize("line,words", [
    ("1 ─ %4 = frobnicate (%3)(1, n)", "`frobnicate` in front of a call is not a statement marker"),
    ("1 ─ %4 = Main.g (n)", "a call has no space before its `(`"),
    ("1 ─      goto #2 if not dynamic", None),
])
def test_an_unknown_word_before_a_call_is_an_error(line, words):
    if words is None:
        parse_text(body(line, "2 ─      nothing"), "t.ir")
        return
    with pytest.raises(IrcError) as e:
        parse_text(body(line), "t.ir")
    assert words in e.value.diagnostics[0].message


def test_a_marker_before_a_goto_is_an_error():
    with pytest.raises(IrcError) as e:
        parse_text(body("1 ─   dynamic goto #2", "2 ─      nothing"), "t.ir")
    assert "belongs in front of a call" in e.value.diagnostics[0].message


def test_authors_comments_after_a_statement_or_type():
    text = ("Variables\n  #self#::Core.Compiler.Const(f, false)\n  x::Float64\n\n"
            "Body::Union{Float64, Int64} #THIS IS NORMALLY IN RED\n"
            "1 ─ %1 = (x > 0)::Bool   # <-- in red\n└──      goto #3 if not %1\n2 ─      return x #in blue\n3 ─      return 0\n")
    (fd,) = parse_text(text, "t.ir").items
    assert [type(bl.stmt).__name__ for bl in fd.lines] == ["ValueStmt", "GotoIfNot", "Return", "Return"]
    assert fd.variables[0].name.parts == ("#self#",)  # a name where one may stand, a comment where none can


def test_where_in_printed_types():
    text = ("MethodInstance for length(::Tuple{Vararg{T, 4}} where T)\n  from length(t::Tuple) @ Base tuple.jl:26\n"
            "Arguments\n  #self#::Core.Const(length)\n  t::Tuple{Vararg{T, 4}} where T\nLocals\n  y::Any\n"
            "Body::Base.KeySet{String, _A} where _A<:(AbstractDict{String})\n"
            "1 ─ %1 = Base.nfields(t)::Base.KeySet{String, _A} where _A\n"
            "│        (y = %1)::Vector{T} where T\n└──      return %1\n")
    (fd,) = parse_text(text, "t.ir").items
    assert isinstance(fd.params[0].type, S.Where)
    assert isinstance(fd.arguments[1].type, S.Where) and isinstance(fd.body_type, S.Where)
    assert isinstance(fd.lines[0].annotation, S.Where) and isinstance(fd.lines[1].annotation, S.Where)
    assert format_text(format_text(text)) == format_text(text)


@pytest.mark.parametrize("head,name,callee", [
    ("MethodInstance for +(::Int64)", ("+",), None),
    ("MethodInstance for Tuple{Int64, Int64}(::Vector{Int64})", ("Tuple",), "Tuple{Int64, Int64}"),
    ("MethodInstance for (SVector)(::Int64)", ("SVector",), "SVector"),
])
def test_methodinstance_heads(head, name, callee):
    from irc.output.fmt import format_expr

    text = head + "\n  from f(x) @ Main none:1\nArguments\n  #self#::Core.Const(f)\n  x::Int64\nBody::Int64\n1 ─      return 1\n"
    (fd,) = parse_text(text, "t.ir").items
    assert fd.name.parts == name
    assert (format_expr(fd.callee) if fd.callee is not None else None) == callee
    assert format_text(text).startswith(head + "\n")


def test_operator_symbols_and_dead_statements_of_julia_1_5():
    text = ("Variables\n  #self#::Core.Compiler.Const(f, false)\n\nBody::Union{}\n"
            "1 ─ %1 = :+::Core.Const(:+)\n│        Main.throw(%1)\n└──      Core.Compiler.Const(:(return %2), false)\n")
    (fd,) = parse_text(text, "t.ir").items
    assert fd.lines[0].stmt.value.value == "+"
    assert isinstance(fd.lines[2].stmt, S.DeadStmt)



@pytest.mark.parametrize("sym", ["?", ".+", "∪", "→", "<=", "√"])
def test_an_operator_symbol_is_a_type_parameter(sym):
    """Julia prints a Symbol that is an operator as `:op` (`show_sym`): Unitful's
    `Gain{LogInfo{:Decibel, 10, 10}, :?, Int64}` holds `:?`."""
    from irc.output.fmt import format_expr

    bl = stmt_of(f"1 ─ %1 = Main.g(n)::Tuple{{Val{{:{sym}}}, Int64}}")
    assert format_expr(bl.annotation) == f"Tuple{{Val{{:{sym}}}, Int64}}"

# ---- a book's typesetting of the rails: `--` ends a block, a bare number starts one
_TYPESET = """julia> @code_warntype safe_divide(1, 2)
MethodInstance for safe_divide(::Int64, ::Int64)
  from safe_divide(a, b) in Main at REPL[7]:1
Arguments
  #self#::Core.Const(safe_divide)
  a::Int64
  b::Int64
Body::Union{Float64, Int64}
1 {h} %1 = (b == 0)::Bool
|   %2 = (b + 1)::Int64
--      goto #3 if not %1
2 {h}      return 0
3 {h} %5 = (a / b)::Float64
--      return %5
"""


@pytest.mark.parametrize("h", ["-", " "])  # `1 - %1 = …` and the bare `1   %1 = …`
def test_typeset_rails_read_every_block(h):
    from irc.ir.build import build_function

    (fd,) = parse_text(_TYPESET.replace("{h}", h), "t.ir").items
    headers = [bl.header for bl in fd.lines if bl.header is not None]
    assert headers == [1, 2, 3]
    assert len(fd.lines) == 6
    f = build_function(fd)
    assert [(b.first, b.last) for b in f.blocks] == [(1, 3), (4, 4), (5, 6)]


@pytest.mark.parametrize("line,kind", [
    ("1 isa Int64", S.ValueStmt),  # an infix word after a number: an expression, not a header
    ("1 in g", S.ValueStmt),
    ("1 + n", S.ValueStmt),
])
def test_a_number_starting_an_expression_is_no_header(line, kind):
    bl = stmt_of(line)
    assert bl.header is None and isinstance(bl.stmt, kind)


def test_a_bare_number_header_is_read_as_a_header():
    bl = stmt_of("1   %1 = n + 1")
    assert bl.header == 1 and bl.label == 1 and bl.header_kind == ""


def test_chained_where_binds_the_later_clause_outside():
    """`B where T where N` is `(B where T) where N` (Julia's parse; 1.6 printed `NTuple{N}` so): the
    later clause is the outer variable, as the first of `where {N, T}`; a bound may name an outer one."""
    from irc.lattice.typeprint import show_type
    from irc.world.world import World
    w = World.build([])
    chained = w.parse_type("Tuple{Vararg{T,N}} where T where N")
    assert chained.var.name == "N" and chained.body.var.name == "T"
    assert show_type(chained) == show_type(w.parse_type("Tuple{Vararg{T,N}} where {N,T}"))
    assert show_type(w.parse_type("Vector{T} where T<:S where S<:Real")) == "Vector{T} where {S<:Real, T<:S}"
    (fd,) = parse_text("function f(x::T, y::S) where S where T\n1 ─ return x\nend\n", "t.ir").items
    assert [v.name for v in fd.static_params] == ["T", "S"]
