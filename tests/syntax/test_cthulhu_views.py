"""Cthulhu's views read like `@code_warntype` (issue 27 §3, item 4).

Cthulhu (`descend`, `ascend`, `descend_code_typed`) prints a title line
`│ ─ %-1  = invoke f(::T…)::R` above the code of the method shown -- its warn
view (`Variables`, `Body::T`, line-info lines) or its `optimize=false` view (a
typed `CodeInfo(`) -- and its menu below (`Select a call to descend into …`,
`Toggles: …`, ` • %1  = invoke getindex(…)`, `   ↩`).  The title is read as
a command (irc.syntax.paste): the code after it is an output, the menu is
debris.  The three pastes below are kept verbatim from public pages (each
with its source); each must read, as Julia printed it.
"""
from __future__ import annotations

import pytest

from irc.cli.driver import analyse
from irc.errors import render
from irc.lattice.typeprint import show
from irc.syntax.paste import clean

# SnoopCompile's documentation, `ascend` then "Browse typed code": Cthulhu's warn view (Julia 1.6-dev)
# https://github.com/timholy/SnoopCompile.jl/blob/037250f12eaa4eb9b3b5d3bef06673e9aa7affac/docs/src/snoopr.md
SNOOPR = """│ ─ %-1  = invoke callf(::Vector{AbstractFloat})::Int64
Variables
  #self#::Core.Const(callf, false)
  container::Vector{AbstractFloat}

Body::Int64
    @ /tmp/snoopr.jl:2 within `callf'
1 ─ %1 = Base.getindex(container, 1)::AbstractFloat
│   %2 = Main.f(%1)::Int64
└──      return %2

Select a call to descend into or ↩ to ascend. [q]uit. [b]ookmark.
Toggles: [o]ptimize, [w]arn, [d]ebuginfo, [s]yntax highlight for Source/LLVM/Native.
Show: [S]ource code, [A]ST, [L]LVM IR, [N]ative code
Advanced: dump [P]arams cache.

 • %1  = invoke getindex(::Vector{AbstractFloat},::Int64)::AbstractFloat
   %2  = call #f(::AbstractFloat)::Int64
   ↩
"""

# SnoopCompile's documentation, `ascend(itrig)` with the call chain above the view (Julia 1.6)
# https://github.com/timholy/SnoopCompile.jl/blob/150415d8afedbf742fb6aee0e25270ff457225d3/docs/src/snoopi_deep_analysis.md
SNOOPI_DEEP = """julia> ascend(itrig)
Choose a call for analysis (q to quit):
     combine_eltypes(::Type, ::Tuple{Vector{Any}})
 >     copy at ./broadcast.jl:905 => materialize at ./broadcast.jl:883 => contain_list(::Vector{Any}) at /pathto/SnoopCompile/examples/OptimizeMe.jl:20
         main() at /pathto/SnoopCompile/examples/OptimizeMe.jl:44
           eval(::Module, ::Any) at ./boot.jl:360
             eval_user_input(::Any, ::REPL.REPLBackend) at /pathto/julia/usr/share/julia/stdlib/v1.6/REPL/src/REPL.jl:139
               repl_backend_loop(::REPL.REPLBackend) at /pathto/julia/usr/share/julia/stdlib/v1.6/REPL/src/REPL.jl:200
                 start_repl_backend(::REPL.REPLBackend, ::Any) at /pathto/julia/usr/share/julia/stdlib/v1.6/REPL/src/REPL.jl:185
                   #run_repl#42(::Bool, ::typeof(REPL.run_repl), ::REPL.AbstractREPL, ::Any) at /pathto/julia/usr/share/julia/stdlib/v1.6/REPL/src/REPL.jl:317
                     run_repl(::REPL.AbstractREPL, ::Any) at /pathto/julia/usr/share/julia/stdlib/v1.6/REPL/src/REPL.jl:305
v                      (::Base.var"#872#874"{Bool, Bool, Bool})(::Module) at ./client.jl:387

│ ─ %-1  = invoke contain_list(::Vector{Any})::Union{Missing, Regex, String}
Variables
  #self#::Core.Const(Main.OptimizeMe.contain_list)
  list::Vector{Any}
  cs::Union{Vector{_A} where _A, BitVector}

Body::Union{Missing, Regex, String}
    @ /pathto/SnoopCompile/examples/OptimizeMe.jl:20 within `contain_list'
1 ─ %1 = Base.broadcasted(Main.OptimizeMe.Container, list)::Core.PartialStruct(Base.Broadcast.Broadcasted{Base.Broadcast.DefaultArrayStyle{1}, Nothing, Type{Main.OptimizeMe.Container}, Tuple{Vector{Any}}}, Any[Core.Const(Main.OptimizeMe.Container), Tuple{Vector{Any}}, Core.Const(nothing)])
│        (cs = Base.materialize(%1))
│   @ /pathto/SnoopCompile/examples/OptimizeMe.jl:21 within `contain_list'
│   %3 = Core._apply_iterate(Base.iterate, Main.OptimizeMe.concat_string, cs)::Union{Missing, Regex, String}
└──      return %3

Select a call to descend into or ↩ to ascend. [q]uit. [b]ookmark.
Toggles: [o]ptimize, [w]arn, [v]erbose printing for warntype code, [d]ebuginfo, [s]yntax highlight for Source/LLVM/Native.
Show: [S]ource code, [A]ST, [L]LVM IR, [N]ative code
Actions: [E]dit source code, [R]evise and redisplay
Advanced: dump [P]arams cache.
 • %1  = call broadcasted(::Type{Main.OptimizeMe.Container},::Vector{Any})
   %2  = call materialize(::Base.Broadcast.Broadcasted{Base.Broadcast.DefaultArrayStyle{1}, Nothing, Type{Main.OptimizeMe.Container}, Tuple{Vector{Any}}})::Union{Vector{_A} where _A, BitVector}
   %3  = call concat_string(::Main.OptimizeMe.Container,::Main.OptimizeMe.Container)::Union{Missing, Regex, String}
   ↩
"""

# Cthulhu's `optimize=false` view of a callee after `descend_code_typed` (Julia 1.6-dev), a blog post
# https://github.com/aviatesk/aviatesk-zenn-content/blob/296732710ac3b12789dc85c8fa25cb404016bb31/articles/juliatypeinference20200927aviatesk.md
ZENN = """julia> using Cthulhu

julia> descend_code_typed(Tuple{}) do
           s = 0.
           for i in 1:100000
               a = rand((1, '1', "one"))
               s += foo(a)
           end
           s
       end
...
%2  = invoke Colon(::Int64,::Int64)::Core.Const(1:100000)
%3  = invoke iterate(::UnitRange{Int64})::Core.Const((1, 1))
%11  = invoke rand(::Tuple{Int64, Char, String})::Union{Char, Int64, String}
• %13  = invoke foo(::Union{Char, Int64, String})::Union{Float64, Int64}
%14  = call #+(::Float64,::Union{Float64, Int64})::Float64
%15  = invoke iterate(::UnitRange{Int64},::Int64)::Union{Nothing, Tuple{Int64, Int64}}
↩

│ ─ %-1  = invoke foo(::Union{Char, Int64, String})::Union{Float64, Int64}
CodeInfo(
 @ none:2 within 'foo'
1 ─ %1 = (a isa Main.Int)::Bool
└──      goto #3 if not %1
└
 @ none:3 within 'foo'
2 ─ %3 = Main.sin(a::Int64)::Float64
└──      return %3
└
 @ none:5 within 'foo'
3 ─      return 0
)
...
"""


def read(text: str):
    res = analyse("t.ir", text)
    assert not res.errors, "".join(render(d, text) + "\n" for d in res.errors)
    (fn,) = res.program.functions
    return fn


def test_the_warn_view_reads_and_the_menu_is_debris():
    fn = read(SNOOPR)
    assert fn.name == "callf" and fn.form == "variables"
    assert [(s.name, s.argument) for s in fn.slots] == [("#self#", True), ("container", True)]
    assert len(fn.stmts) == 3 and [(b.first, b.last) for b in fn.blocks] == [(1, 3)]
    cleaned = clean(SNOOPR).text.split("\n")
    assert not cleaned[0].strip()  # the title
    assert all(not s.strip() for s in cleaned[11:])  # the menu, the call list and `↩`


def test_the_warn_view_below_an_ascend_tree_reads():
    fn = read(SNOOPI_DEEP)
    assert fn.name == "contain_list" and [s.name for s in fn.slots] == ["#self#", "list", "cs"]
    assert len(fn.stmts) == 4  # the two line-info lines are no statements


def test_the_unoptimized_codeinfo_view_reads():
    fn = read(ZENN)
    assert fn.form == "codeinfo" and [s.name for s in fn.slots] == ["#self#", "a"]
    assert [(b.first, b.last) for b in fn.blocks] == [(1, 2), (3, 4), (5, 5)]


@pytest.mark.parametrize("body,words", [
    ("CodeInfo(\n1 ─ %1 = invoke Main.g(_2::Int64)::Int64\n└──      return %1\n) => Int64\n", "optimized IR"),
])
def test_the_title_does_not_make_optimized_code_readable(body, words):
    text = "│ ─ %-1  = invoke f(::Int64)::Int64\n" + body
    res = analyse("t.ir", text)
    assert res.errors and words in res.errors[0].message


def test_the_title_gives_a_bare_codeinfo_its_signature():
    """`descend(…; optimize=false)` prints the title above a bare `CodeInfo(`: its name and
    argument types are the method's signature (zenn.dev/aviatesk, Julia 1.6-dev; h229)."""
    paste = ("│ ─ %-1  = invoke foo(::Union{Char, Int64, String})::Union{Float64, Int64}\nCodeInfo(\n"
             "1 ─ %1 = (a isa Main.Int)::Bool\n└──      goto #3 if not %1\n2 ─ %3 = Main.sin(a::Int64)::Float64\n"
             "└──      return %3\n3 ─      return 0\n)\n")
    res = analyse("p.ir", paste)
    fn, r = res.results[0]
    assert fn.name == "foo" and [s.name for s in fn.slots[:2]] == ["#self#", "a"]
    assert str(r.slot_types[2]) and "Union" in repr(r.slot_types[2])


def test_the_older_typed_view_title_stands_for_body():
    """Cthulhu's typed view as its test ground truths print it: `Variables`, then
    `∘ ─ %0 = invoke foo(::Int64,::Int64)::Any` where `Body::Any` stands (h212)."""
    paste = ("Variables\n  #self#::Core.Const(Main.anonymous.foo)\n  x::Int64\n  y::Int64\n\n"
             "∘ ─ %0 = invoke foo(::Int64,::Int64)::Any\n1 ─ %1 = (x + y)::Int64\n└──      return %1\n")
    p = clean(paste)
    assert any("read Cthulhu's `∘ ─ %0 = invoke f(…)::R` line as `Body::R`" in n[2] for n in p.notes)
    res = analyse("p.ir", paste)
    fn, r = res.results[0]
    assert fn.julia_return is not None and len(fn.stmts) == 2


# Cthulhu's warn view of its 2021-2022 versions (Julia 1.7/1.8): the method (`show(io, ::Method)`) above
# `Variables`, then the `%-1` title where `Body::T` stands, then the code and the menu
WARN_METHOD_LINE = """julia> descend(twice, Tuple{Int64})
twice(x) in Main at REPL[2]:1
Variables
  #self#::Core.Const(twice)
  x::Int64

│ ─ %-1  = invoke twice(::Int64)::Int64
    @ REPL[2]:1 within `twice`
1 ─ %1 = (2 * x)::Int64
└──      return %1
Select a call to descend into or ↩ to ascend. [q]uit. [b]ookmark.
Toggles: [o]ptimize, [w]arn, [h]ide type-stable statements, [d]ebuginfo, [s]yntax highlight for Source/LLVM/Native.
Show: [S]ource code, [A]ST, [T]yped code, [L]LVM IR, [N]ative code
Advanced: dump [P]arams cache.
 • %1  = call *(::Int64,::Int64)::Int64
   ↩
"""

# Cthulhu's `optimize=false` view of the same versions: the title, then the typed body with no `CodeInfo(`
TYPED_NO_CODEINFO = """julia> half(x) = x / 2
half (generic function with 1 method)

julia> descend(half, Tuple{Int64}; optimize=false)
│ ─ %-1  = invoke half(::Int64)::Float64
    @ REPL[3]:1 within `half`
1 ─ %1 = (x / 2)::Float64
│        (y = %1)::Float64
└──      return y
Select a call to descend into or ↩ to ascend. [q]uit. [b]ookmark.
Toggles: [o]ptimize, [w]arn, [d]ebuginfo, [s]yntax highlight for Source/LLVM/Native.
 • %1  = call /(::Int64,::Int64)::Float64
   ↩
"""


def test_the_method_line_above_variables_is_a_command_and_the_title_stands_for_body():
    p = clean(WARN_METHOD_LINE)
    lines = p.text.split("\n")
    assert not lines[1].strip()  # the method line: a command (Cthulhu's `mi.def`)
    assert lines[6].strip() == "Body::Int64" and len(lines[6]) == len(WARN_METHOD_LINE.split("\n")[6])
    assert all(not s.strip() for s in lines[10:])  # the menu is debris
    assert any("below `Variables` as `Body::R`" in n[2] for n in p.notes)
    fn = read(WARN_METHOD_LINE)
    assert fn.name == "twice" and fn.form == "variables" and len(fn.stmts) == 2
    assert fn.julia_return.parts == ("Int64",)


def test_the_title_above_a_variables_section_stays_a_title():
    """The `%-1` line is `Body::T` only below `Variables` (through its `x::T` entries), never above it."""
    p = clean(SNOOPR)
    assert not any("below `Variables`" in n[2] for n in p.notes)
    assert "Body::Int64" in p.text.split("\n")[5]


def test_a_method_line_not_followed_by_variables_is_not_a_command():
    text = "[1] twice(x) in Main at REPL[2]:1\nfunction g(x::Int64)\n1 ─      return x\nend\n"
    res = analyse("t.ir", text)
    assert res.errors  # left as it is: an error where it stands, not blanked
    assert res.errors[0].span.line == 1


def test_a_body_below_the_title_is_read_as_a_bare_codeinfo():
    fn = read(TYPED_NO_CODEINFO)
    assert fn.form == "codeinfo" and fn.name == "half"
    assert [s.name for s in fn.slots] == ["#self#", "x", "y"]
    assert [(b.first, b.last) for b in fn.blocks] == [(1, 3)]
    assert fn.julia_return.parts == ("Float64",)  # the title's `::Float64`, located where the title has it
    title = TYPED_NO_CODEINFO.split("\n")[4]
    assert (fn.julia_return.line, fn.julia_return.col) == (5, title.index("Float64") + 1)
    assert any("typed view" in n[2] for n in clean(TYPED_NO_CODEINFO).notes)
    (_, r), = analyse("t.ir", TYPED_NO_CODEINFO).results
    assert "Int64" in repr(r.slot_types[2])  # x: the title's `half(::Int64)`
    assert r.return_type == r.slot_types[3] and "Float64" in repr(r.return_type)  # through the slot y


def test_a_body_with_no_title_and_no_header_stays_refused():
    text = "julia> g(1)\n1 ─ %1 = (x / 2)::Float64\n└──      return %1\n"
    res = analyse("t.ir", text)
    assert res.errors and "no `CodeInfo(` or `MethodInstance for …` header" in res.errors[0].message


def test_optimized_code_below_the_title_stays_refused():
    text = "│ ─ %-1  = invoke half(::Int64)::Float64\n1 ─ %1 = invoke Main.g(_2::Int64)::Float64\n└──      return %1\n"
    res = analyse("t.ir", text)
    assert res.errors and "optimized IR" in res.errors[0].message


# Cthulhu's warn view on Julia 1.10/1.11 (`@descend_code_warntype`, TypedSyntax unable to show the
# source): its method line in 1.9+'s `@` form, then a log record, then `Variables` (julia#52202, h702)
WARN_LOG_RECORD = """(::var"#5#6")(v) @ Main REPL[15]:1
┌ Warning: couldn't retrieve source of (::var"#5#6")(v) @ Main REPL[15]:1
└ @ TypedSyntax ~/.julia/packages/TypedSyntax/LVzdW/src/node.jl:36
Variables
  #self#::Core.Const(var"#5#6"())
  v::Vector{Float64}

Body::Float64
    @ REPL[15]:1 within `#5`
1 ─ %1 = Base.getindex(v, 1)::Float64
└──      return %1
"""


@pytest.mark.parametrize("record", ["", "┌ Warning: couldn't retrieve source\n│   of the method\n└ @ M f.jl:3\n",
                                    "┌ Info: one\n└ @ Main REPL[1]:1\n┌ Warning: two\n└ @ Main REPL[1]:2\n"])
def test_a_log_record_between_the_method_line_and_variables_is_debris(record):
    text = WARN_LOG_RECORD.replace(WARN_LOG_RECORD.split("\n", 1)[1].split("Variables")[0], record)
    p = clean(text)
    lines = p.text.split("\n")
    assert all(not s.strip() for s in lines[:1 + record.count("\n")])  # the method line and the record
    fn = read(text)
    assert fn.form == "variables" and fn.julia_return.parts == ("Float64",) and len(fn.stmts) == 2
    from irc.syntax.version import detect
    assert detect(text).band != "≤ 1.6"  # Cthulhu printed `Variables`: no version evidence


def test_a_log_record_that_never_closes_keeps_the_method_line():
    text = WARN_LOG_RECORD.replace("└ @ TypedSyntax ~/.julia/packages/TypedSyntax/LVzdW/src/node.jl:36\n", "")
    assert analyse("t.ir", text).errors


# Cthulhu 1.7-DEV's `descend(…; optimize=false)` (Cthulhu#168, h814): no types, and the slots printed by
# number because their names were missing -- a slot store `_2 = …`, which optimized IR never has
UNNAMED_SLOTS = """julia> descend((); optimize=false) do
           ary = [1,2,3]
           ary[1] + ary[3]
       end
│ ─ %-1  = invoke #15()::Int64
    @ REPL[8]:2 within `#15`
1 ─      _2 = Base.vect(1, 2, 3)
│   @ REPL[8]:3 within `#15`
│   %2 = Base.getindex(_2, 1)
│   %3 = Base.getindex(_2, 3)
│   %4 = %2 + %3
└──      return %4
"""


def test_a_view_storing_slots_printed_by_number_is_unoptimized_and_reads():
    res = analyse("t.ir", UNNAMED_SLOTS)
    assert not res.errors, [d.message for d in res.errors]
    (fn, r), = res.results
    assert [s.name for s in fn.slots] == ["#self#", "@_2"] and not fn.slots[1].argument
    assert show(r.slot_types[2]) == "Vector{Int64}" and show(r.return_type) == "Int64"
    assert any("printed by number" in n.message and "no types" in n.message for n in r.diagnostics)


@pytest.mark.parametrize("body", [
    "CodeInfo(\n1 ─      (_3 = _2)\n│   %2 = Main.g(_3)::Int64\n└──      return %2\n) => Int64\n",
    "CodeInfo(\n1 ─ %1 = _2 + 1\n│        _3 = %1\n└──      return _3\n)\n",
])
def test_a_slot_store_printed_by_number_is_not_optimized_ir(body):
    res = analyse("t.ir", "│ ─ %-1  = invoke f(::Int64)::Int64\n" + body)
    assert not any("optimized IR" in d.message for d in res.errors), [d.message for d in res.errors]
