"""A package's function the file declares methods of is merged over those declarations like the
file's own, but no applicable declaration is `Any` with a note -- never `Union{}`: the package may
have methods the file does not show (h404, h611: a keyword body stubbed with Julia 1.4's
`Pairs{Union{}, …}` spelling, called with 1.10's `Pairs{Symbol, …}`).  Main's own stay closed."""
from __future__ import annotations

from irc.cli.driver import Options, analyse
from irc.lattice.typeprint import show

TEXT = """
declare {mod}.g(::Int64)::Float64

function f(x::Int64, s::String)
1 ─ %1 = {mod}.g(x)
│   %2 = {mod}.g(s)
│   %3 = Core.tuple(%1, %2)
└──      return %3
end
"""


def run(mod: str):
    r = analyse("t.ir", TEXT.format(mod=mod), Options())
    assert not r.errors, r.errors
    (fn, res), = r.results
    return res


def test_a_package_function_with_no_applicable_declaration_is_any_with_a_note():
    res = run("MyPkg")
    assert show(res.ssa_types[1]) == "Float64"  # the declaration answers where it applies
    assert show(res.ssa_types[2]) == "Any"
    codes = [d.code for d in res.diagnostics]
    assert "unknown-method" in codes and "no-matching-method" not in codes, codes


def test_mains_own_function_stays_closed():
    res = run("Main")
    assert show(res.ssa_types[2]) == "Union{}"
    assert "no-matching-method" in [d.code for d in res.diagnostics]
