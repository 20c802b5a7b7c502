"""An argument's seed when a header declares its type and `Arguments` prints
one too (irc.infer.transfer `_printed_seed`): Julia prints in `Arguments` the
argtypes inference started from (`most_general_argtypes`), so an element
strictly below the declared type seeds the slot; one not below it (an edit)
leaves the declared type.  This is what makes `irc infer`'s own output read
back to the same output (tests/cli/test_real_pastes.py, the round trip)."""
from __future__ import annotations

import pytest

from irc.cli.driver import analyse_text
from irc.lattice import typelattice as L
from irc.lattice import typetable as TT


def seed(declared: str, printed: str):
    text = (f"MethodInstance for g(::{declared})\n  from g(y) @ Main REPL[1]:1\nArguments\n  #self#::Core.Const(g)\n"
            f"  y::{printed}\nBody::Any\n1 ─      return y\n")
    res = analyse_text(text)
    assert not res.errors
    ((_fn, r),) = res.results
    return r.slot_types[2]


def test_a_constant_of_an_unknown_type_under_any_seeds_the_slot():
    t = seed("Any", 'Core.Const(Thunk(var"#9#10"()))')
    assert type(t) is L.Const and "Thunk" in repr(t.val)


@pytest.mark.parametrize("declared,printed,expected", [
    ("Integer", "Int64", TT.INT64),  # printed below declared: the printed type
    ("Int64", "Core.Const(3)", L.Const(3)),  # a constant of the declared type
    ("Int64", "Int64", TT.INT64),  # the usual case: the same
    ("Int64", "Float64", TT.INT64),  # not below (an edit): the declared type stands
    ("Int64", "Integer", TT.INT64),  # above: the declared type stands
])
def test_the_printed_type_seeds_only_when_strictly_below(declared, printed, expected):
    assert seed(declared, printed) == expected
