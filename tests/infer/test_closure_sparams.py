"""A closure method's static parameters come from `#self#`'s type (irc.infer.closures, rule
27.2.AA): Julia lowers a closure to `struct var"#f#1"{sp..., field types...} <: Function`
(julia-syntax.scm `cl-convert`, `type-for-closure-parameterized`) and defines its method on
`var"#f#1"{sp...}`, its own `where` parameters numbered first (`convert-lambda`).  So with no
`Static Parameters` listed, `static_parameter k` is the k-th leading parameter no field is typed
with -- and nothing is bound where that could be wrong."""
from __future__ import annotations

import pytest

from irc.cli.driver import analyse_text
from irc.lattice import typelattice as L
from irc.lattice import typetable as TT


def first_stmt(decl: str, self_type: str, k: int = 1, listed: str = ""):
    text = (f"{decl}\n\nVariables\n  #self#::{self_type}\n  x::Int64\n\nBody::Any\n"
            f"1 ─ %1 = $(Expr(:static_parameter, {k}))\n└──      return %1\n")
    if listed:
        text = (f"{decl}\n\nMethodInstance for (::{self_type})(::Int64)\n  from (::{self_type})(x) @ Main REPL[1]:1\n"
                f"Static Parameters\n  {listed}\nArguments\n  #self#::{self_type}\n  x::Int64\nBody::Any\n"
                f"1 ─ %1 = $(Expr(:static_parameter, {k}))\n└──      return %1\n")
    res = analyse_text(text)
    assert not res.errors, res.errors
    ((_fn, r),) = res.results
    return r.ssa_types[1]


CLOSURE = 'struct var"#g#1"{T1, T2} <: Function\n    b::T2\nend'


def test_a_leading_parameter_no_field_is_typed_with_is_the_static_parameter():
    assert first_stmt(CLOSURE, 'var"#g#1"{Float64, Vector{Int64}}') == L.Const(TT.FLOAT64)


@pytest.mark.parametrize("decl,self_type,k", [
    (CLOSURE, 'var"#g#1"{Float64, Vector{Int64}}', 2),  # past the leading ones: the closure's own `where`
    ('struct var"#g#1"{T1, T2} <: Function\n    b::T1\n    c::T2\nend', 'var"#g#1"{Float64, Int64}', 1),  # all fields
    ('struct G{T1, T2} <: Function\n    b::T2\nend', "G{Float64, Vector{Int64}}", 1),  # not a closure's name
    ('struct var"#g#1"{T1, T2}\n    b::T2\nend', 'var"#g#1"{Float64, Vector{Int64}}', 1),  # not a Function
])
def test_nothing_is_bound_where_the_closure_rule_does_not_determine_it(decl, self_type, k):
    assert first_stmt(decl, self_type, k) == TT.ANY


def test_listed_static_parameters_are_taken_as_printed():
    assert first_stmt(CLOSURE, 'var"#g#1"{Float64, Vector{Int64}}', listed="T = Int64") == L.Const(TT.INT64)
