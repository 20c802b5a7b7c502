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
