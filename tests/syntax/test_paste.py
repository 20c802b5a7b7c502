"""irc.syntax.paste: debris around Julia's output becomes blanks, every
position kept; irc.syntax.forms: which outputs are refused and why, and the
signature of a bare `CodeInfo(`."""
from __future__ import annotations

from pathlib import Path

import pytest

from irc.errors import IrcError
from irc.syntax.forms import ir_command, judge, literal_type, signature_hint
from irc.syntax.paste import Command, Output, clean, definitions_in, looks_pasted, split_args, unfinished
from irc.syntax.parser import parse_expr, parse_text
from irc.syntax import tree as S

ROOT = Path(__file__).resolve().parents[2]
REAL = sorted((ROOT / "samples" / "real").glob("*.ir"))
OWN = sorted((ROOT / "samples").glob("*.ir"))


def shape(text: str) -> list[int]:
    return [len(s) for s in text.split("\n")]


@pytest.mark.parametrize("path", REAL, ids=lambda p: p.name[:4])
def test_positions_are_kept(path):
    text = path.read_text(encoding="utf-8")
    p = clean(text)
    assert shape(p.text) == shape(text)
    for o in p.outputs:
        assert 1 <= o.first <= o.last <= len(shape(text))


@pytest.mark.parametrize("path", OWN, ids=lambda p: p.name)
def test_hand_written_files_are_not_touched(path):
    text = path.read_text(encoding="utf-8")
    p = clean(text)
    # a prompt line is debris (the grammar ignores it too); nothing else of irc's own language is
    expected = [" " * len(s) if s.lstrip().startswith("julia>") else s for s in text.split("\n")]
    assert p.text.split("\n") == expected
    assert not p.notes


def test_a_plain_function_file_is_no_paste():
    body = "".join(f"│   %{k} = %{k - 1} + 1\n" for k in range(2, 50))
    text = "function f(x::Int64)\n1 ─ %1 = x + 1\n" + body + "└──      return %49\nend\n"
    assert not looks_pasted(text)
    assert clean(text).text is text


def lines_of(text: str) -> list[str]:
    return [s.rstrip() for s in clean(text).text.split("\n")]


def test_prompt_continuation_and_other_outputs_are_blanked():
    text = ("julia> function f(x)\n"
            "           y = x + 1\n"
            "       end\n"
            "f (generic function with 1 method)\n"
            "\n"
            "julia> @code_lowered f(1)\n"
            "1-element Vector{Core.CodeInfo}:\n"
            " CodeInfo(\n"
            "1 ─ %1 = x + 1\n"
            "└──      return %1\n"
            ")\n"
            "\n"
            "julia> versioninfo()\n"
            "Julia Version 1.10.0\n")
    got = lines_of(text)
    assert got[:8] == ["", "", "", "", "", "", "", " CodeInfo("]
    assert got[8:11] == ["1 ─ %1 = x + 1", "└──      return %1", ")"]
    assert got[11:] == ["", "", "", ""]
    p = clean(text)
    assert [(o.kind, o.first, o.last) for o in p.outputs] == [("codeinfo", 8, 11)]
    assert p.outputs[0].command.text == "@code_lowered f(1)"
    assert p.definitions == {"f": [[("x", None)]]}


def test_a_markdown_fence():
    text = "```julia-repl\njulia> @code_lowered f(1)\nCodeInfo(\n1 ─      return 1\n)\n```\n"
    assert lines_of(text) == ["", "", "CodeInfo(", "1 ─      return 1", ")", "", ""]


def test_a_vector_header_without_a_prompt():
    text = "1-element Vector{Core.CodeInfo}:\n CodeInfo(\n1 ─      return 1\n)\n"
    assert lines_of(text)[:2] == ["", " CodeInfo("]
    text = "x\n2-element Vector{Core.CodeInfo}:\n CodeInfo(\n1 ─      return 1\n)\n"
    assert lines_of(text)[:3] == ["x", "", " CodeInfo("]


@pytest.mark.parametrize("title", [
    "PTX CompilerJob of kernel kernel(CuDeviceVector{Float32, 1}) for sm_75",  # CUDA.@device_code_warntype
    "GCN CompilerJob of kernel vadd!(ROCDeviceVector{Float32, 1}) for gfx90a",  # AMDGPU
    "// PTX CompilerJob of kernel broadcast(CUDA.CuKernelContext) for sm_75",  # @device_code_ptx's form
])
def test_gpucompilers_title_above_an_output_is_debris(title):
    body = ("MethodInstance for kernel(::Int64)\n  from kernel(a) @ Main REPL[3]:1\nArguments\n"
            "  #self#::Core.Const(kernel)\n  a::Int64\nBody::Nothing\n1 ─      return Main.nothing\n")
    text = title + "\n\n" + body
    p = clean(text)
    assert p.text.split("\n")[0] == " " * len(title) and p.text.endswith(body)
    assert [(o.kind, o.first) for o in p.outputs] == [("warntype", 3)]
    (fd,) = parse_text(text, "t.ir").items
    assert fd.form == "warntype" and len(fd.lines) == 1


def test_show_output_above_an_output_is_debris():
    """`@show zero(2.3)` prints `zero(2.3) = 0.0` above `@code_warntype`'s output (QuantEcon's "The Need for Speed",
    h1143, h1555): a call whose arguments hold a literal is no method definition, so the line is debris; a one-line
    definition (`f(x) = 2x`) is not (it stays an error: Julia source)."""
    body = ("MethodInstance for f(::Float64)\n  from f(x) @ Main In[18]:5\nArguments\n  #self#::Core.Const(f)\n"
            "  x::Float64\nBody::Float64\n1 ─      return x\n")
    shows = "zero(2.3) = 0.0\nzero(4) = 0\nzero(2.0 + 3im) = 0.0 + 0.0im\nget(d, :a) = 1\n"
    p = clean(shows + body)
    assert p.text.split("\n")[:4] == [" " * len(s) for s in shows.split("\n")[:4]] and p.text.endswith(body)
    (fd,) = parse_text(shows + body, "t.ir").items
    assert fd.form == "warntype"
    for source in ("f(x) = 2x\n", "g(x, y::Int) = x + y\n", "h(a) = f(1)\n"):
        assert clean(source + body).text.startswith(source.rstrip("\n")), source


def test_julia_10s_cursor_drawn_rail_is_debris():
    """Julia 1.0's `@code_lowered` in a terminal draws its right-hand `│` rail first, at column 77, then returns to
    column 1 (`ESC[77G│ESC[1G`) for the line-number column and the statement (a notebook kept the escapes, h1506):
    the rail is blanked with its escapes and the line reads as the plain 1.0 layout does."""
    rail = "\x1b[90m\x1b[77G│\x1b[1G\x1b[39m\x1b[90m"
    text = ("CodeInfo(\n"
            f"{rail}2 \x1b[39m1 ─ %1  = (Main.eltype)(A)\n"
            f"{rail}  \x1b[39m│         acc = (Main.zero)(%1)\n"
            f"{rail}3 \x1b[39m└──       return acc\n"
            ")\n")
    p = clean(text)
    assert "│ " not in p.text.split("\n")[1][:12]  # the rail drawn first is gone from the line's start
    (fd,) = parse_text(text, "t.ir").items
    assert fd.form == "codeinfo"


# JET's CHANGELOG (v0.8), verbatim: https://github.com/aviatesk/JET.jl/blob/14a60904ff6e3e42a30adac5db31a65d5f60308a/CHANGELOG.md
JET_REPORT = """julia> report_call((Int,)) do x
           local y
           return sin(y) # `y` is not defined here
       end
═════ 1 possible error found ═════
┌ (::var"#8#9")(x::Int64) @ Main ./REPL[7]:3
│ local variable `y` is not defined: y
└────────────────────
"""


@pytest.mark.parametrize("text,line", [(JET_REPORT, 5), (JET_REPORT.split("\n", 4)[4], 1),
                                       ("julia> report_call(f, (Int,))\nNo errors detected\n", 2)])
def test_a_jet_report_is_told_what_to_paste(text, line):
    from irc.errors import IrcError

    with pytest.raises(IrcError) as e:
        parse_text(text, "t.ir")
    (d,) = e.value.diagnostics
    assert d.message == "a JET report, not IR: paste `@code_warntype …` instead" and (d.span.line, d.span.col) == (line, 1)


def test_a_jet_report_beside_an_output_is_debris():
    body = ("julia> @code_warntype g(1)\nMethodInstance for g(::Int64)\n  from g(x) @ Main REPL[1]:1\nArguments\n"
            "  #self#::Core.Const(g)\n  x::Int64\nBody::Int64\n1 ─      return x\n")
    (fd,) = parse_text(JET_REPORT + "\n" + body, "t.ir").items
    assert fd.form == "warntype" and len(fd.lines) == 1


def test_a_struct_after_a_prompt_stays_whole():
    text = "julia> using InteractiveUtils\n\nstruct P\n    x::Int64\nend\nmutable struct Q; n::Int64; end\n"
    assert lines_of(text)[2:6] == ["struct P", "    x::Int64", "end", "mutable struct Q; n::Int64; end"]


def test_escapes_prefixes_and_wrappers():
    text = ('"""Output\n'
            ">>> Variables\n"
            "      #self#::Core.Compiler.Const(f, false)\n"
            "\n"
            "    Body\x1b[91m\x1b[1m::Int64\x1b[22m\x1b[39m\n"
            "    \x1b[90m1 ─\x1b[39m      return 1\n"
            '"""\n')
    got = lines_of(text)
    assert got[0] == "" and got[-2] == ""
    assert got[1] == "    Variables"
    assert got[4] == "    Body" + " " * 9 + "::Int64"
    assert got[5] == "         1 ─" + " " * 5 + "      return 1"


def test_codeinfo_wrappers_and_julia_1_0_columns():
    text = ("julia> Meta.lower(Main, :(1 + 2))\n"
            ":($(Expr(:thunk, CodeInfo(\n"
            "2 1 ─ %1 = 1 + 2                │\n"
            "3 │        return %1             │\n"
            "))))\n")
    got = lines_of(text)
    assert got[1] == " " * len(":($(Expr(:thunk, ") + "CodeInfo("
    assert got[2] == "  1 ─ %1 = 1 + 2"
    assert got[3] == "  │        return %1"
    assert got[4] == ")"


def test_debuginfo_nesting_rails():
    text = ("x = CodeInfo(\n"
            "1 ──│ %1 = Main.f()\n"
            "│   │       y = %1\n"
            "│   └\n"
            "└───       return y\n"
            ")\n")
    got = lines_of(text)
    assert got[0] == "    CodeInfo("
    assert got[1] == "1 ──  %1 = Main.f()"
    assert got[2] == "│           y = %1"
    assert got[3] == ""


def test_repairs_are_noted():
    text = ("MethodInstance for f(::Int64)\n  from f(x) @ Main none:1\nArguments\n  #self#::Core.Const(f)\n  x::Int64\n"
            "Body::Int64\n1 ─      goto #2\n2 ... %2 = x\n└──      goto # 3\n3 ─      return x\n")
    p = clean(text)
    got = p.text.split("\n")
    assert got[7] == "2 ┄┄┄ %2 = x" and got[8] == "└──      goto  #3"
    assert [(line, col) for line, col, _ in p.notes] == [(8, 3), (9, 10)]


def test_a_goto_a_page_linked_to_an_issue_is_repaired_with_a_note():
    """GitHub renders `#3` as a link to issue 3 and a copy keeps `MantisFEM/Mantis.jl#3` (h409)."""
    text = ("MethodInstance for f(::Bool)\n  from f(x) @ Main none:1\nArguments\n  #self#::Core.Const(f)\n  x::Bool\n"
            "Body::Int64\n1 ─      goto MantisFEM/Mantis.jl#3 if not x\n2 ─      return 1\n3 ─      return 2\n")
    p = clean(text)
    got = p.text.split("\n")
    assert got[6] == "1 ─      goto " + " " * len("MantisFEM/Mantis.jl") + "#3 if not x"
    assert [(line, col) for line, col, _ in p.notes] == [(7, 15)]
    assert "a link to an issue" in p.notes[0][2]
    assert clean(text.replace("MantisFEM/Mantis.jl#3", "#3")).notes == []


def test_a_books_callout_marker_in_the_margin_is_blanked_with_a_note():
    """`➊ Body::Float64`, the other lines indented to make room (a Chinese book's callout, h220)."""
    text = ("   julia> @code_warntype f(1)\n   MethodInstance for f(::Int64)\n     from f(x) in Main at REPL[5]:1\n"
            "   Arguments\n     #self#::Core.Const(f)\n     x::Int64\n➊ Body::Int64\n   1 ─      return x\n")
    p = clean(text)
    assert p.text.split("\n")[6] == "  Body::Int64"
    assert [(line, col) for line, col, _ in p.notes] == [(7, 1)] and "callout marker `➊`" in p.notes[0][2]
    assert clean("① not an output line\n").notes == []  # a marker before other text is not touched
    (fd,) = parse_text(text, "t.ir").items  # and the output reads
    assert fd.body_type is not None


def test_uppercase_where_reads_as_where():
    text = "Variables\n  #self#::Core.Const(f)\n  t::TUPLE{VARARG{T, 4}} WHERE T\n\nBody::Int64\n1 ─      return 4\n"
    assert clean(text).text.split("\n")[2] == "  t::TUPLE{VARARG{T, 4}} where T"


@pytest.mark.parametrize("code,more", [
    ("function f(x)", True), ("function f(x)\n  x\nend", False), ("f(x) = x", False), ("g(", True),
    ("# just a comment", True), ("x[end]", False), ("[i for i in 1:3 if isodd(i)]", False),
    ("(Meta.@lower function f()\n local y\n", True), ("code_typed() do\n    f(1)\nend |> only", False),
    ('s = "function"', False), ("abstract type A end", False), ("quote\n x\n", True),
])
def test_unfinished(code, more):
    assert unfinished(code) is more


def test_definitions_and_arguments():
    assert definitions_in("@noinline pos(x) = x < 0 ? 0 : x;") == [("pos", [("x", None)])]
    assert definitions_in("function f(c, x::Int=1, ::Float64, ys...; k=2)") == \
        [("f", [("c", None), ("x", "Int"), (None, "Float64"), ("ys", None)])]
    assert definitions_in("f(::NTuple{N}) where {N} = N") == [("f", [(None, "NTuple{N}")])]
    assert definitions_in("@code_warntype f(3.2)") == []
    assert split_args('1, "a,b", (2, 3); k = 1') == ["1", '"a,b"', "(2, 3)"]


# ---------------------------------------------------------------- forms


def cmd(text: str):
    return ir_command(Command(text, 1, 8))


def test_commands():
    c = cmd("@code_typed optimize = false debuginfo=:source f(1, 2.0)")
    assert (c.what, c.macro, c.rest, c.optimize) == ("code_typed", True, "f(1, 2.0)", False)
    c = cmd("code_typed((Float64, Int); optimize=false) do x, n\n    x + n\nend |> only")
    assert (c.what, c.macro, c.optimize, c.do_args) == ("code_typed", False, False, ["x", "n"])
    assert cmd("using LinearAlgebra; foo(x) = (x...,); @code_warntype foo(qr(rand(3,3))) # master").rest == "foo(qr(rand(3,3)))"
    assert cmd("(ir, rt) = only(Base.code_ircode(foo, (Float64,)))").what == "code_ircode"
    assert cmd("x = 1") is None


@pytest.mark.parametrize("arg,typ", [
    ("1", "Int64"), ("-3", "Int64"), ("2.0", "Float64"), ("1e-3", "Float64"), ("1f0", "Float32"), ("0x01", "UInt8"),
    ('"s"', "String"), ("'c'", "Char"), ("true", "Bool"), (":a", "Symbol"), ("nothing", "Nothing"),
    ("1:10", "UnitRange{Int64}"), ("[1, 2, 3]", "Vector{Int64}"), ("(1, 2.0)", "Tuple{Int64, Float64}"),
    ("Int", "Type{Int}"), ("x", None), ("rand(3)", None), ("[1, 2.0]", None),
])
def test_literal_types(arg, typ):
    assert literal_type(arg) == typ


def refusals(text: str) -> list[tuple[int, int, str, str]]:
    return [(r.line, r.col, r.code, r.message) for r in judge(clean(text))]


CODEINFO = "CodeInfo(\n1 ─ %1 = x + 1\n└──      return %1\n) => Int64\n"


@pytest.mark.parametrize("text,line,col,code,words", [
    ("julia> @code_typed f(1)\n" + CODEINFO, 1, 8, "optimized", "`@code_typed` without `optimize=false`"),
    ("julia> code_typed(f, (Int,))\n" + CODEINFO, 1, 8, "optimized", "`code_typed(…)` without `optimize=false`"),
    ("julia> @code_warntype optimize=true f(1)\nMethodInstance for f(::Int64)\n  from f(x) @ Main none:1\nArguments\n"
     "  #self#::Core.Const(f)\n  x::Int64\nBody::Int64\n1 ─      return 2\n", 1, 8, "optimized", "with `optimize=true`"),
    ("CodeInfo(\n1 ─ %1 = φ (#2 => 1)::Int64\n└──      return %1\n) => Int64\n", 2, 10, "optimized", "a `φ` node"),
    ("CodeInfo(\n1 ─ %1 =    invoke Main.g(_2::Int64)::Int64\n└──      return %1\n) => Int64\n", 2, 13, "optimized",
     "an `invoke` statement"),
    ("CodeInfo(\n1 ─ %1 = Main.g(_2)::Int64\n└──      return %1\n) => Int64\n", 2, 17, "optimized", "`_2`"),
    ("CodeInfo(\n1 ─ %1 = Base.mul_int(x, x)::Int64\n└──      return %1\n) => Int64\n", 2, 15, "optimized", "`mul_int`"),
    # issue 31 §3: what only inlining writes, with no command line to say how the code was printed
    ("CodeInfo(\n1 ─ %1 = Base.arrayref(true, v, 1)::Int64\n└──      return %1\n) => Int64\n", 2, 15, "optimized",
     "`arrayref`, what `getindex`"),
    ("MethodInstance for g(::Vector{Int64})\n  from g(v) @ Main REPL[1]:1\nArguments\n  #self#::Core.Const(g)\n"
     "  v::Vector{Int64}\nBody::Int64\n1 ─ %1 = Base.arraylen(v)::Int64\n└──      return %1\n", 7, 15, "optimized",
     "`arraylen`"),
    ("Body::Float64\n2 1 ─ %1 = (Base.sitofp)(Float64, x)::Float64\n  └──      return %1\n", 2, 1, "optimized",
     "line-number column"),
    ("Body::Float64\n1 ─ %1 = (x + 1)::Float64\n└──      return %1\n", 1, 1, "damaged", "header seems cut"),
    ("julia> Zygote.@code_ir foo(1)\n1 1 ─ %1 = (Main.bar)(_2)::Any\n  └──      return %1\n", 1, 8, "unsupported",
     "`@code_ir`"),
    ("julia> @code_lowered fib(10)\nCodeInfo(\n1 ─      detach within %1, reattach to #2\n2 ─      return 1\n)\n", 3, 10,
     "unsupported", "Tapir"),
    ("Variables:\n  x::Int64\n\nBody:\n  begin\n    return x\n  end::Int64\n", 1, 1, "unsupported", "before 1.0"),
])
def test_refusals(text, line, col, code, words):
    (got,) = refusals(text)
    assert got[:3] == (line, col, code) and words in got[3], got


@pytest.mark.parametrize("text,line,col,words", [
    # held-out h850: Julia 0.6's `@code_warntype` with its `Variables:`/`Body:` header dropped by the page
    ("julia> @code_warntype reverse((1, 2, 3))\nSSAValue(1) = (Core.getfield)(t::Tuple{Int64,Int64},2)::Int64\n"
     "return (Core.tuple)(SSAValue(1))::Tuple{Int64}\n", 2, 1, "`SSAValue(1)`"),
    # held-out h853: Julia 0.5's, kept as `# ` comments below the command
    ("  @code_warntype h1()\n  #  ...\n  #  begin \n  #    SSAValue(0) = Main.x\n  #    return (SSAValue(0) + 1)::Any\n"
     "  #  end::Any\n", 4, 8, "`SSAValue(1)`"),
    ("julia> @code_warntype f(1)\n  begin\n    return x\n  end::Int64\n", 4, 3, "`begin … end::T`"),
    ("julia> @code_warntype f(1)\n  begin  # line 2:\n    #temp#@_3 = 1\n  end::Int64\n", 3, 5, "`#temp#`"),
    ("julia> @code_warntype f(1)\n  begin\n    GenSym(0) = (top(getfield))(x,1)\n  end::Int64\n", 3, 5, "`GenSym(0)`"),
])
def test_a_pre_1_0_paste_with_no_header_names_its_julia(text, line, col, words):
    """A paste of Julia 0.x's output whose header the page dropped: the error points at the first
    form only Julia before 1.0 printed, and says so, in place of "no output irc reads" at 1:1."""
    with pytest.raises(IrcError) as e:
        parse_text(text, "t.ir")
    (d,) = e.value.diagnostics
    assert (d.span.line, d.span.col) == (line, col), d
    assert words in d.message and "output of Julia before 1.0 is not supported" in d.message, d.message


def test_a_paste_with_no_output_and_no_old_form_keeps_its_message():
    with pytest.raises(IrcError) as e:
        parse_text("julia> @code_warntype f(1)\nhello world\n", "t.ir")
    assert e.value.diagnostics[0].message.startswith("no output irc reads in this paste: expected")


HEADER = ("julia> @code_warntype f(1)\nMethodInstance for f(::Int64)\n  from f(x) @ Main REPL[1]:1\nArguments\n"
          "  #self#::Core.Const(f)\n  x::Int64\n")
BODY = "Body::Int64\n1 ─ %1 = (x + 1)::Int64\n└──      return %1\n"


@pytest.mark.parametrize("text,line,col,where", [
    ("julia> @code_warntype f(1)\n...\nLocals\n  y::Int64\n" + BODY, 2, 1, "the function's header, before `Body::T`"),
    (HEADER + "Body::Int64\n...\n", 8, 1, "the body"),
    (HEADER + "Body::Int64\n\n  …\n", 9, 3, "the body"),
    (HEADER.replace("  x::Int64\n", "  ...\n") + BODY, 6, 3, "in the function's header"),
    (HEADER + "Body::Int64\n1 ─ %1 = (x + 1)::Int64\n...\n└──      return %1\n", 9, 1, "in the body"),
    (HEADER + "Body::Int64\n1 ─ %1 = (x + 1)::Int64\n...\n", 9, 1, "in the body"),
    ("julia> @code_lowered f(1)\nCodeInfo(\n1 ─ %1 = x + 1\n  ...\n└──      return %1\n)\n", 4, 3, "in the body"),
])
def test_an_authors_ellipsis_where_output_lines_stand_is_located(text, line, col, where):
    """Author-abridged pastes (held-out h214, h215, h371): the refusal points at the `...` and says why."""
    (got,) = refusals(text)
    assert got[:3] == (line, col, "damaged") and "abridged" in got[3] and f"({where})" in got[3], got


@pytest.mark.parametrize("text,line,col,word", [
    ("julia> f(x) = x + 1\nf (generic function with 1 method) julia> @code_warntype f(1) MethodInstance for f(::Int64)\n"
     "from f(x) @ Main REPL[4]:1\nArguments\n#self#::Core.Const(f)\nx::Int64\n" + BODY, 2, 63, "MethodInstance for"),
    (HEADER + "see Body::Int64\n1 - %1 = (x + 1)::Int64\n--      return %1\n", 7, 1, "Body::T"),
])
def test_a_header_word_after_other_text_is_located(text, line, col, word):
    """A page that joined lines (held-out h104) or put words before a header word: the header word is
    there, not at a line's start; the error points at it, never "the header seems cut".  (A book's
    callout marker in the margin, h220, is read: `test_a_books_callout_marker…`.)"""
    (got,) = refusals(text)
    assert got[:3] == (line, col, "damaged") and f"`{word}` is not at the start of its line" in got[3], got


def test_a_header_word_after_other_text_next_to_a_whole_output_is_not_judged():
    assert refusals(HEADER + BODY + "note: Body::Int64 is what we want\n") == []


@pytest.mark.parametrize("text", [
    HEADER + BODY + "...\n",  # after a complete output: the lines that followed it (a menu, other output)
    "julia> g()\n...\n" + HEADER + BODY,  # before a whole output, in another command's unit
])
def test_an_ellipsis_next_to_a_whole_output_is_not_judged(text):
    assert refusals(text) == []


def test_a_body_with_no_header_is_refused_for_that_before_any_ellipsis():
    (got,) = refusals("julia> g(1)\n1 ─ %1 = (x + 1)::Int64\n...\n")
    assert got[2] == "unsupported" and "no `CodeInfo(` or `MethodInstance for …` header" in got[3]


@pytest.mark.parametrize("text", [
    "julia> @code_typed optimize=false f(1)\n" + CODEINFO,
    "julia> code_typed(f, (Int,); optimize=false)\n" + CODEINFO,
    "julia> @code_lowered f(1)\nCodeInfo(\n1 ─ %1 = Base.mul_int(x, x)\n└──      return %1\n)\n",
    "function f(x::Int64)\nCodeInfo(\n1 ─ %1 = Base.mul_int(x, x)::Int64\n└──      return %1\n) => Int64\nend\n",
    "julia> @code_lowered f(1)\nCodeInfo(\n1 ─ %1 = Main.invoke(Main.g, Tuple{Int64}, x)\n└──      return %1\n)\n",
])
def test_unoptimized_is_not_refused(text):
    assert refusals(text) == []


def hint(text: str, signature: S.FunctionDef | None = None) -> S.SignatureHint:
    p = clean(text)
    (o,) = [o for o in p.outputs if o.kind == "codeinfo"]
    return signature_hint(o, p, parse_expr, signature)


def args(h: S.SignatureHint):
    from irc.output.fmt import format_expr

    return [(a.name, format_expr(a.type) if a.type is not None else None) for a in h.args]


BODY = "CodeInfo(\n1 ─ %1 = x * y\n└──      return %1\n)\n"


def test_hint_from_a_macro_call_and_a_definition():
    h = hint("julia> f(a, b) = a * b\n\njulia> @code_lowered f(1, 2.0)\n" + BODY)
    assert h.name == ("f",) and args(h) == [("a", "Int64"), ("b", "Float64")] and h.origin == "the REPL line 3"


def test_hint_from_a_type_tuple_and_a_do_block():
    assert args(hint("julia> code_lowered(f, (Int, Vector{Float64}))\n" + BODY)) == [(None, "Int"), (None, "Vector{Float64}")]
    assert args(hint("julia> code_lowered(f, Tuple{Int})\n" + BODY)) == [(None, "Int")]
    h = hint("julia> code_typed((Float64, Int); optimize=false) do x, y\n           x * y\n       end\n" + BODY)
    assert args(h) == [("x", "Float64"), ("y", "Int")]


def test_hint_of_top_level_code_and_from_line_info():
    assert hint("julia> Meta.lower(Main, :(x * y))\n" + BODY).thunk
    h = hint("CodeInfo(\n    @ REPL[3]:2 within `summer`\n1 ─      return x\n)\n")
    assert h.name == ("summer",) and h.args is None


def test_signature_option_fills_what_the_repl_leaves_open():
    from irc.syntax.parser import parse_signature

    sig = parse_signature("g(x::Int64, y::Float64)")
    h = hint("julia> @code_lowered f(a, b)\n" + BODY, sig)
    assert h.name == ("g",) and args(h) == [("x", "Int64"), ("y", "Float64")] and h.origin == "--signature"
    h = hint("julia> @code_lowered f(1, 2)\n" + BODY, sig)  # the REPL line is complete: it wins
    assert h.name == ("f",) and args(h) == [(None, "Int64"), (None, "Int64")]


def test_a_bad_signature_is_a_located_error():
    from irc.errors import IrcError
    from irc.syntax.parser import parse_signature

    with pytest.raises(IrcError) as e:
        parse_signature("f(x::Int64, y::")
    (d,) = e.value.diagnostics
    assert d.span.path == "--signature" and d.span.line == 1 and d.context == "f(x::Int64, y::"


def test_output_kinds():
    p = clean("julia> @code_warntype f(1)\nVariables\n  #self#::Core.Const(f)\n  x::Int64\n\nBody::Int64\n"
              "1 ─      return x\n\njulia> 1 + 1\n2\n")
    assert [(o.kind, o.header, o.first, o.last) for o in p.outputs] == [("warntype", "Variables", 2, 7)]
    assert p.text.split("\n")[8:10] == ["            ", " "]
    assert isinstance(p.outputs[0], Output)


@pytest.mark.parametrize("path", REAL[:40], ids=lambda p: p.name[:4])
def test_windows_line_ends_read_alike(path):
    from irc.cli.driver import analyse

    text = path.read_text(encoding="utf-8")
    crlf = text.replace("\n", "\r\n")
    a, b = analyse("t.ir", text), analyse("t.ir", crlf)
    assert [d.message for d in a.errors] == [d.message for d in b.errors]
    assert len(a.results) == len(b.results)


def test_julia_15_function_display_inside_a_type_reads_as_the_function():
    """Julia <= 1.5 may print a function constant as the REPL displays it:
    `Core.Compiler.Const(onset (generic function with 3 methods), false)` (a real paste)."""
    from irc.cli.driver import Options, analyse
    from irc.lattice.typeprint import show

    src = ("julia> @code_warntype onset(rand(2,2))\nVariables\n"
           "  #self#::Core.Compiler.Const(onset (generic function with 3 methods), false)\n"
           "  x::Array{Float64,2}\n\nBody::Int64\n1 ─ %1 = Main.axes(x, 1)::Base.OneTo{Int64}\n"
           "│   %2 = Main.first(%1)::Core.Compiler.Const(1, false)\n└──      return %2\n")
    res = analyse("old.ir", src, Options())
    assert not res.errors, [d.message for d in res.errors]
    ((fn, r),) = res.results
    assert show(r.slot_types[1]) == "Core.Const(onset)"


def test_a_paste_kept_as_comments_reads_with_a_note():
    """Julia's output pasted into a script as comments, every line (a real paste): the `#` and the
    space after it are blanked (columns kept) and the paste read, with a note; a file of comments
    that hold no paste stays a file with no function."""
    from irc.cli.driver import Options, analyse
    from irc.syntax.paste import uncommented

    src = ("# julia> @code_warntype get_non_const()\n# MethodInstance for get_non_const()\n"
           "#   from get_non_const() @ Main ~/x.jl:5\n# Arguments\n#   #self#::Core.Const(Main.get_non_const)\n"
           "# Body::Any\n# 1 ─ %1 = Main.:*::Core.Const(*)\n# │   %2 = Main.NON_CONST_GLOBAL::Any\n"
           "# │   %3 = (%1)(%2, 2)::Any\n# └──      return %3\n")
    res = analyse("c.ir", src, Options())
    assert not res.errors and len(res.results) == 1
    (fn, r), = res.results
    assert any("inside `# ` comments" in d.message for d in r.diagnostics)
    assert uncommented("# just a note\n# and another\n") is None
    assert uncommented("# MethodInstance for f()\nBody::Any\n") is None  # not every line a comment


def test_a_commented_paste_below_declarations_and_a_comment_header_reads():
    """The run of comment lines from the paste's first line is read; a comment header before it
    and declarations around it stay as they are."""
    from irc.cli.driver import Options, analyse

    src = ("# case: a header\n# more header\n\ndeclare Main.g(::Int64)::Float64\n\n"
           "# julia> @code_warntype f(1)\n# MethodInstance for f(::Int64)\n#   from f(x) @ Main REPL[1]:1\n"
           "# Arguments\n#   #self#::Core.Const(f)\n#   x::Int64\n# Body::Float64\n"
           "# 1 ─ %1 = Main.g(x)::Float64\n# └──      return %1\n")
    res = analyse("c2.ir", src, Options())
    assert not res.errors, [d.message for d in res.errors]
    (fn, r), = res.results
    assert str(r.ssa_types[1]) == str(r.return_type) and "Float64" in repr(r.return_type)


def test_page_debris_around_julia_output_is_read_with_a_note():
    """What pages do to Julia's output: escape its quotes (Pluto's export, `var\\"workspace#4\\"`),
    store a colour code's ESC as U+FFFD (`\\ufffd[36m`), quote it in Markdown (`> MethodInstance
    for …`), print a closure's type in capitals (`VAR"#1#2"`, `Base.emphasize` without colour)."""
    from irc.cli.driver import analyse

    base = ("MethodInstance for Main.var\"workspace#4\".double(::Float64)\n"
            "  from double(x::Float64) @ Main.var\"workspace#4\" nb.jl:1\nArguments\n"
            "  #self#::Core.Const(Main.var\"workspace#4\".double)\n  x::Float64\nBody::Float64\n"
            "1 ─ %1 = (2 * x)::Float64\n└──      return %1\n")
    variants = {
        "escaped": base.replace('"', '\\"'),
        "replacement ESC": base.replace("::Float64\n1", "\ufffd[36m::Float64\ufffd[39m\n1"),
        "markdown quote": "> " + base,
        "markdown quote, every line": "".join("> " + ln + "\n" for ln in base.splitlines()),
    }
    for what, text in variants.items():
        res = analyse("p.ir", text)
        assert not res.errors if hasattr(res, "errors") else True, what
        fn, r = res.results[0]
        assert fn.name.endswith("double") and str(r.ssa_types[1]).find("Float64") >= 0, what
    res = analyse("p.ir", "Variables\n  #self#::Core.Const(f)\n  x::Int64\n  #1::VAR\"#1#2\"\n\nBody::ANY\n"
                          "1 ─ %1 = #1::VAR\"#1#2\"\n└──      return %1\n")
    fn, r = res.results[0]
    assert "#1#2" in repr(r.ssa_types[1])


COLOURED_FROM = ("MethodInstance for f(::Vector{Float64}, ::Int64)\n"
                 "  from f(\x1b[90mx\x1b[39m::\x1b[1mVector\x1b[22m, \x1b[90mn\x1b[39m)\x1b[90m @\x1b[39m "
                 "\x1b[90mMain\x1b[39m \x1b[90m\x1b[4mREPL[1]:1\x1b[24m\x1b[39m\n"
                 "Arguments\n  #self#\x1b[36m::Core.Const(f)\x1b[39m\n  x\x1b[36m::Vector{Float64}\x1b[39m\n"
                 "  n\x1b[36m::Int64\x1b[39m\nBody\x1b[36m::Int64\x1b[39m\n\x1b[90m1 ─\x1b[39m      return n\n")


def test_a_coloured_from_line_reads_without_the_blanks_its_codes_left():
    """The reader blanks colour codes in place (positions kept); the `from` line it keeps as text
    (printed back by `irc infer`) is the line without them, as Julia shows it without colour."""
    (fd,) = [it for it in parse_text(COLOURED_FROM, "c.ir").items if type(it) is S.FunctionDef]
    assert fd.from_text == "f(x::Vector, n) @ Main REPL[1]:1"
    plain = COLOURED_FROM.replace("\x1b[90m", "").replace("\x1b[39m", "").replace("\x1b[1m", "") \
        .replace("\x1b[22m", "").replace("\x1b[4m", "").replace("\x1b[24m", "").replace("\x1b[36m", "")
    (fd2,) = [it for it in parse_text(plain, "c.ir").items if type(it) is S.FunctionDef]
    assert fd2.from_text == fd.from_text
