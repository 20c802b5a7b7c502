"""`--check` / `--exact` (irc.check): Julia's annotations against irc's answers."""
from __future__ import annotations

from irc.diagnose.check import Mismatch, check_function
from irc.cli.driver import analyse_text

from progs import ANNOTATED, LOOP


def report(text: str, exact: bool):
    res = analyse_text(text, path="t.ir", prelude=False)
    assert not res.errors, [d.message for d in res.errors]
    (fn, r), = res.results
    return check_function(fn, r, res.world, exact=exact, path="t.ir")


def test_widened_comparison_finds_the_wrong_local():
    rep = report(ANNOTATED, exact=False)
    # #self#, v, w, Body, three statements: only w (Julia "printed" Float64) differs
    assert rep.summary() == "6 agree, 1 differ"
    (m,) = rep.mismatches
    assert m.what == "slot w" and m.ours == "Int64" and m.julia == "Float64"
    assert (m.line, m.col) == (7, 6)  # `  w::Float64`: where Julia's type starts
    assert m.render() == "t.ir:7:6: slot w inferred Int64, Julia printed Float64"


def test_exact_comparison_sees_constants():
    rep = report(ANNOTATED, exact=True)
    assert rep.differ == 2
    m = [x for x in rep.mismatches if x.what == "%3"][0]
    assert m.ours == "Core.Const(true)" and m.julia == "Bool"
    assert (m.line, m.col) == (11, 21)  # `│   %3 = (1 === 1)::Bool`


def test_no_annotations_nothing_to_compare():
    rep = report(LOOP, exact=False)
    assert (rep.agree, rep.differ) == (0, 0)


def test_mismatch_render_format():
    m = Mismatch(14, "%7", "Tuple{Int64, Int64}", "Union{Nothing, Tuple{Int64, Int64}}", "f.ir", 22)
    assert m.render() == "f.ir:14:22: %7 inferred Tuple{Int64, Int64}, Julia printed Union{Nothing, Tuple{Int64, Int64}}"


UNUSED_WARNTYPE = """
declare Main.g(::Int64)::Int64

MethodInstance for u(::Int64)
  from u(x) @ Main REPL[1]:1
Arguments
  #self#::Core.Const(u)
  x::Int64
Body::Int64
1 ─      Main.g(x)
│   %2 = Main.g(x)::Int64
└──      return %2
"""

UNUSED_CODE_TYPED = """
declare Main.g(::Int64)::Int64

function u(x::Int64)
CodeInfo(
1 ─      Main.g(x)::Any
│   %2 = Main.g(x)::Int64
└──      return %2
) => Int64
end
"""


def test_unused_call_julia_printed_without_a_type_is_not_counted():
    """Rule 7: `@code_warntype` prints an unused call with no type: nothing to
    compare there; `code_typed(optimize=false)` prints `::Any`, which is irc's
    (widened) answer too."""
    rep = report(UNUSED_WARNTYPE, exact=True)
    assert rep.summary() == "4 agree, 0 differ"  # #self#, x, Body, %2
    rep = report(UNUSED_CODE_TYPED, exact=True)
    assert rep.summary() == "3 agree, 0 differ"  # Body, both statements


VAL_CONSTS = {
    # Julia 1.10: `Core.Const(Val{2}())`, the instance of a singleton parametric type
    "new": ("Arguments\n  #self#::Core.Const(f)\nBody::Val{2}\n"
            "1 ─ %1 = Core.apply_type(Base.Val, 2)::Core.Const(Val{2})\n"
            "│   %2 = (%1)()::Core.Const(Val{2}())\n└──      return %2\n"),
    # Julia <= 1.5: `Core.Compiler.Const(Val{2}(), false)` (its second field is not part of the element)
    "old": ("Variables\n  #self#::Core.Compiler.Const(f, false)\n\nBody::Val{2}\n"
            "1 ─ %1 = Core.apply_type(Base.Val, 2)::Core.Compiler.Const(Val{2}, false)\n"
            "│   %2 = (%1)()::Core.Compiler.Const(Val{2}(), false)\n└──      return %2\n"),
}


def test_const_val_instance_prints_and_checks_as_julia_prints_it():
    from irc.lattice.typeprint import show
    for form, body in VAL_CONSTS.items():
        text = "julia> @code_warntype f()\nMethodInstance for f()\n  from f() in Main at REPL[1]:1\n" + body \
            if form == "new" else "julia> @code_warntype f()\n" + body
        res = analyse_text(text, path="t.ir", prelude=True)
        assert not res.errors, [d.message for d in res.errors]
        (fn, r), = res.results
        assert show(r.ssa_types[2]) == "Core.Const(Val{2}())"
        for exact in (False, True):
            rep = check_function(fn, r, res.world, exact=exact, path="t.ir")
            assert rep.differ == 0 and rep.agree == 4, (form, exact, rep.mismatches)


INSTANCES = """\
function f(a::Int64)
1 ─ %1 = Core.AssertionError("size(A) == size(B)")::Core.Const(AssertionError("size(A) == size(B)"))
│   %2 = Main.g(a)::Core.Const(Main.Pt(1, 2))
└──      return %1
end
"""


def test_an_instance_julia_printed_as_a_constant_is_compared_widened():
    """Issue 31 §1: `%1 inferred AssertionError, Julia printed Core.Const(AssertionError("…"))` is an
    agreement (both sides widened); an instance of a type irc does not know, where irc has Any, is not."""
    rep = report(INSTANCES, exact=False)
    assert [m.what for m in rep.mismatches] == ["%2"], [m.render() for m in rep.mismatches]
    assert rep.mismatches[0].ours == "Any" and rep.mismatches[0].julia == "Core.Const(Main.Pt(1, 2))"
    exact = report(INSTANCES, exact=True)
    assert "%1" in [m.what for m in exact.mismatches]  # --exact compares the lattice elements


INLINE = """\
MethodInstance for f(::Int64)
  from f(x) @ Main REPL[1]:1
Arguments
  #self#::Core.Const(f)
  x::Int64
Locals
  y::Union{Float64, Int64}
Body::Union{Float64, Int64}
1 ─      (y = x)
│   %2 = (x::Int64 > 1)::Bool
└──      goto #3 if not %2
2 ─      (y = 1.5)
3 ┄      return y::String
"""


def test_inline_typed_slot_reads_are_compared_like_statements():
    """Issue 31 §1: a typed slot read inside a statement (`return y::String`, `(x::Int64 > 1)`) is
    one of Julia's answers: --check compares it with irc's state of the slot there."""
    res = analyse_text(INLINE, path="t.ir", prelude=True)
    (fn, r), = res.results
    rep = check_function(fn, r, res.world, path="t.ir")
    assert [m.render() for m in rep.mismatches] == [
        "t.ir:13:20: y read in statement 5 inferred Union{Float64, Int64}, Julia printed String"]
    assert rep.mismatches[0].explain.endswith("--slot y")
    assert rep.agree == 6  # #self#, x, y, Body, %2, and the read x::Int64 inside %2
    fixed = analyse_text(INLINE.replace("return y::String", "return y::Union{Float64, Int64}"), path="t.ir")
    (fn, r), = fixed.results
    assert check_function(fn, r, fixed.world, path="t.ir").differ == 0
