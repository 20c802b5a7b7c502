"""Building what pastes hold: a bare `CodeInfo(` (its signature from the
REPL line, the names read but never assigned and Julia's typed reads, with
one note), Julia's `%N` numbering (a missing line is one error), Variables
headers of closures and callable objects, unused slots of a CodeInfo."""
from __future__ import annotations

import pytest

from irc.errors import IrcError
from irc.ir.build import build_program
from irc.syntax.parser import parse_text


def build(text: str, signature: str | None = None):
    return build_program(parse_text(text, "t.ir", signature=signature))


def sig(fn) -> list[tuple[str, str | None]]:
    from irc.output.fmt import format_expr

    return [(s.name, format_expr(s.declared) if s.declared is not None else None) for s in fn.slots if s.argument]


def test_arguments_are_the_names_read_but_never_assigned():
    (fn,) = build("CodeInfo(\n1 ─      z = x * y\n│   %2 = z + w\n└──      return %2\n)\n").functions
    assert fn.name == "codeinfo@t.ir" and fn.form == "codeinfo"
    assert sig(fn) == [("#self#", None), ("x", None), ("y", None), ("w", None)]
    (note,) = fn.notes
    assert note.severity == "note" and "names read but never assigned" in note.message and "--signature" in note.message


def test_an_unnamed_codeinfo_is_named_after_its_file_and_repl_line():
    body = "CodeInfo(\n1 ─ %1 = x + y\n└──      return %1\n)\n"
    assert build_program(parse_text(body, "dir/r134.ir")).functions[0].name == "codeinfo@r134.ir"
    assert build_program(parse_text(body, "<stdin>")).functions[0].name == "codeinfo@stdin"
    # a REPL command that names no function: its line tells the CodeInfos of one transcript apart
    text = "julia> @code_lowered a + b\n" + body + "\njulia> @code_lowered c + d\n" + body
    assert [fn.name for fn in build(text).functions] == ["codeinfo@t.ir:1", "codeinfo@t.ir:7"]
    assert all("does not name the function" in fn.notes[0].message for fn in build(text).functions)


def test_typed_reads_of_the_first_block_type_the_arguments():
    text = ("CodeInfo(\n1 ─ %1 = list::Vector{Float64}\n│        (n@_5 = n@_2)::Int64\n│   %3 = (x isa Main.Int)::Bool\n"
            "└──      goto #3 if not %3\n2 ─      return x::Int64\n3 ─      return %1\n) => Any\n")
    (fn,) = build(text).functions
    assert sig(fn) == [("#self#", None), ("n", "Int64"), ("list", "Vector{Float64}"), ("x", None)]
    assert "type of `n`, `list` from Julia's typed reads" in fn.notes[0].message  # not x: narrowed in block 2


def test_the_repl_line_gives_name_and_types():
    text = "julia> @code_lowered f(1, 2.0)\nCodeInfo(\n1 ─ %1 = b * a\n└──      return %1\n)\n"
    (fn,) = build(text).functions
    assert fn.name == "f" and sig(fn)[1:] == [("b", "Int64"), ("a", "Float64")]
    assert "from the REPL line 1" in fn.notes[0].message


def test_top_level_code_has_no_arguments():
    (fn,) = build("julia> Meta.lower(Main, :(sin(x)))\n:($(Expr(:thunk, CodeInfo(\n1 ─ %1 = sin(x)\n└──      return %1\n))))\n").functions
    assert fn.name == "top-level scope" and fn.nargs == 1 and not fn.notes
    assert fn.stmts[0].value.args[0].parts == ("x",)  # a global, not a slot


def test_signature_option():
    text = "CodeInfo(\n1 ─ %1 = x * y\n└──      return %1\n)\n"
    (fn,) = build(text, "g(x::Int64, y::Float64)").functions
    assert fn.name == "g" and sig(fn)[1:] == [("x", "Int64"), ("y", "Float64")]
    assert "from --signature" in fn.notes[0].message and "give `--signature" not in fn.notes[0].message


def test_unused_slots_of_a_codeinfo_leave_gaps():
    text = "julia> @code_lowered f()\nCodeInfo(\n1 ─      @_2 = 1\n│        Core.NewvarNode(:(y@_5))\n└──      return @_2\n)\n"
    (fn,) = build(text).functions
    assert [s.name for s in fn.slots] == ["#self#", "@_2", "@_3", "@_4", "y"]
    with pytest.raises(IrcError):  # a hand-written function still has no slot 5 out of nowhere
        build("function f()\n1 ─      @_2 = 1\n│        Core.NewvarNode(:(y@_5))\n└──      return @_2\nend\n")


def test_a_missing_line_is_one_error():
    text = ("Variables\n  #self#::Core.Const(f)\n  x::Int64\n\nBody::Int64\n1 ─ %1 = x + 1\n└──      goto #2 if not true\n"
            "│        (y = %3)\n│   %5 = y + 1\n└──      return %5\n")
    with pytest.raises(IrcError) as e:
        build(text)
    (d,) = e.value.diagnostics
    assert d.span.line == 9 and "`%5` is statement 4 here: a line seems missing before this one" in d.message


_VARS = "Variables\n  #self#::Core.Const(f)\n  x::Int64\n\nBody::Int64\n"


def test_the_first_label_off_its_index_is_a_missing_line():
    """Julia numbers from 1: a paste whose first line was lost (`1 ─ %2 = …`) is damaged, not hand-written."""
    with pytest.raises(IrcError) as e:
        build(_VARS + "1 ─ %2 = x + 1\n│   %3 = %2 + 1\n└──      return %3\n")
    (d,) = e.value.diagnostics
    assert d.span.line == 6 and "`%2` is statement 1 here: a line seems missing" in d.message


def test_statements_printed_without_a_label_still_count():
    """Julia ≤ 1.5, a statement without a value, an assignment: no `%N`, but a number all the same."""
    (fn,) = build(_VARS + "1 ─      (y = x)\n│        Main.println(y)\n│   %3 = y + 1\n└──      return %3\n").functions
    assert len(fn.stmts) == 4


@pytest.mark.parametrize("body,line,what", [
    ("1 ─ %1 = x + 1\n│   %2 = %1 > 0\n", 7, "a statement that goes on"),  # cut inside block 1
    ("1 ─ %1 = x > 0\n└──      goto #3 if not %1\n2 ─      return 1\n3 ─      (y = x)\n", 9, "an assignment"),
    ("1 ─ %1 = x > 0\n└──      goto #2 if not %1\n", 7, "falls through"),  # cut between blocks
])
def test_a_body_that_does_not_end_as_julia_ends_one_is_cut_off(body, line, what):
    with pytest.raises(IrcError) as e:
        build(_VARS + body)
    (d,) = e.value.diagnostics
    assert d.span.line == line and f"the paste seems cut off after line {line}" in d.message and what in d.message


@pytest.mark.parametrize("last", ["└──      return %1", "└──      goto #1", "└──      unreachable",
                                  "└──      Core.Const(:(return %1))::Union{}", "│   %2 = Main.error(\"x\")::Union{}"])
def test_a_body_ends_with_a_terminator_a_dead_return_or_a_call_that_never_returns(last):
    (fn,) = build(_VARS + "1 ─ %1 = x + 1\n" + last + "\n").functions
    assert fn.stmts


def test_a_hand_written_function_may_end_anywhere():
    (fn,) = build("function f(x::Int64)\n1 ─ %1 = x + 1\nend\n").functions
    assert len(fn.stmts) == 1


def test_hand_written_labels_need_only_be_unique():
    (fn,) = build("function f(x::Int64)\n1 ─ %10 = x + 1\n└──       return %10\nend\n").functions
    assert len(fn.stmts) == 2


@pytest.mark.parametrize("self_line,name", [
    ("#self#::var\"#double_it_pullback#8\"", "#double_it_pullback#8"),
    ("#self#::f.var\"#g#27\"", "#g#27"),
    ("#self#::Core.Const(var\"#1#2\"())", "#1#2"),
    ("#self#::Core.Compiler.Const(var\"##dotfunction#282#116\"(), false)", "##dotfunction#282#116"),
    # a closure with captures, printed with them (ForwardDiff2#14, h1301)
    ('#self#::Core.Compiler.Const(M.var"#deriv#31"{M.var"#deriv#31"{typeof(+)}}(M.var"#deriv#31"{typeof(+)}(+)), false)',
     "#deriv#31"),
    ("a::Dense{typeof(identity), Vector{Float32}}", "Dense"),
])
def test_variables_of_closures_and_callable_objects(self_line, name):
    text = f"Variables\n  {self_line}\n  x::Int64\n\nBody::Int64\n1 ─      return x\n"
    (fn,) = build(text).functions
    assert fn.name == name and fn.nargs == 2
