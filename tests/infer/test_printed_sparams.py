"""Static parameters read from the body where the header binds none (`irc.infer.sparams`):
Julia <= 1.5's `Variables` form prints no `Static Parameters` section, but a statement
`$(Expr(:static_parameter, 1))` prints the binding (h661-h663: BioSequences' `Mer{…, 3}`)."""
from __future__ import annotations

from irc.cli.driver import Options, analyse
from irc.lattice.typeprint import show

PASTE = """Variables
  #self#::Core.Compiler.Const(f, false)
  #unused#::Core.Compiler.Const(Int64, false)
  s::Set{Int64}

Body::Set{Int64}
1 ─ %1 = Core.apply_type(Main.Set, $(Expr(:static_parameter, 1)))::Core.Compiler.Const(Set{Int64}, false)
│        (s = (%1)())
│   %3 = $(Expr(:static_parameter, 1))::Core.Compiler.Const(Int64, false)
└──      return s
"""


def run(text: str):
    r = analyse("t.ir", text, Options())
    assert not r.errors, r.errors
    (fn, res), = r.results
    return res


def test_a_static_parameter_printed_at_its_read_binds_every_read():
    res = run(PASTE)
    assert show(res.ssa_types[1]) == "Core.Const(Set{Int64})"  # the read inside `apply_type` too
    assert show(res.ssa_types[3]) == "Core.Const(Int64)"
    assert show(res.return_type) == "Set{Int64}"


def test_without_a_printed_binding_the_parameter_stays_unknown():
    res = run(PASTE.replace("│   %3 = $(Expr(:static_parameter, 1))::Core.Compiler.Const(Int64, false)\n",
                            "│   %3 = $(Expr(:static_parameter, 1))::Type{T} where T\n"))
    assert show(res.ssa_types[3]) == "Any" and show(res.return_type) == "Set"  # some `Set{_A}`


COS = """Variables
  #self#::Core.Const(cos)
  x::Float64

Body::Float64
1 ─ %1 = ($(Expr(:static_parameter, 1)))(Base.Math.pi)::Core.Const(3.141592653589793)
│   %2 = (%1 / 4)::Core.Const(0.7853981633974483)
│   %3 = (x < %2)::Bool
└──      goto #3 if not %3
2 ─ %5 = ($(Expr(:static_parameter, 1)))(1.0)::Core.Const(1.0)
└──      return %5
3 ─ %7 = Base.Math.eps($(Expr(:static_parameter, 1)))::Core.Const(2.220446049250313e-16)
└──      return %7
"""


def test_a_static_parameter_called_as_a_number_type_is_that_type():
    """Base's `cos(x::T) where T<:Union{Float32, Float64}` as Julia <= 1.6 prints it (h976): no
    binding is printed, but every call of the parameter gives a `Float64`, so the parameter is
    `Float64` (a type called on a value gives an instance of it), said in a note; `Float64(π)` is
    irrationals.jl's constant."""
    r = analyse("t.ir", COS, Options())
    (fn, res), = r.results
    assert show(res.ssa_types[1]) == "Core.Const(3.141592653589793)"
    assert show(res.ssa_types[2]) == "Core.Const(0.7853981633974483)"
    assert show(res.ssa_types[5]) == "Core.Const(1.0)"
    assert show(res.ssa_types[7]) == "Core.Const(2.220446049250313e-16)"
    notes = [d.message for d in res.diagnostics if d.code == "paste" and "static parameter 1" in d.message]
    assert len(notes) == 1 and "`Float64`" in notes[0]


def test_a_static_parameter_called_with_results_of_two_types_or_a_wrapper_stays_unbound():
    """Only one concrete number type with no parameters binds: calls that give `Float64` and
    `Int64`, or a parametric instance (`Foo{Vector{Int64}}`: the parameter may be the wrapper
    `Foo`, h309), leave it unbound (`Any`), with no note."""
    two = COS.replace("($(Expr(:static_parameter, 1)))(1.0)::Core.Const(1.0)",
                      "($(Expr(:static_parameter, 1)))(1)::Core.Const(1)")
    for text in (two, COS.replace("::Core.Const(3.141592653589793)", "::Foo{Vector{Int64}}")):
        r = analyse("t.ir", text, Options())
        (fn, res), = r.results
        assert show(res.ssa_types[1]) in ("Any", "Foo{Vector{Int64}}") and show(res.ssa_types[5]) == "Any"
        assert not [d for d in res.diagnostics if d.code == "paste" and "static parameter" in d.message]
