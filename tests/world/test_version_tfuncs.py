"""The tfunc rules that differ by Julia version (issue 28): 1.11's throwing constant intrinsic is
`Union{}` (tfuncs.jl `builtin_tfunction`, `catch ex … return Bottom`); 1.12 evaluates all-constant
calls of pure builtins, a throw being `Union{}` (Compiler/src/tfuncs.jl at v1.12.0)."""
from __future__ import annotations

from dataclasses import dataclass

import pytest

from irc.lattice import typetable as TT
from irc.lattice.typelattice import Const
from irc.lattice.types import BOTTOM, DataType
from irc.syntax.version import V1_10, V1_11, V1_12, JuliaVersion
from irc.world import tfuncs as BI
from irc.world.consteval import EVALUATED, const_eval, throws


@dataclass(frozen=True)
class _W:  # the one thing an intrinsic tfunc reads from the world here
    rules: JuliaVersion


I = TT.INT64


@pytest.mark.parametrize("name", ["sdiv_int", "srem_int", "udiv_int", "urem_int"])
def test_intrinsic_division_by_zero(name):
    tf = BI.lookup(BI.builtin_value(name))
    args = [Const(7), Const(0)]
    assert tf(args, _W(V1_10)) == I  # 1.10: the intrinsic's type
    assert tf(args, _W(V1_11)) is BOTTOM and tf(args, _W(V1_12)) is BOTTOM
    assert tf([Const(7), Const(2)], _W(V1_11)) == tf([Const(7), Const(2)], _W(V1_10)) != I  # folds alike
    assert tf([Const(7), I], _W(V1_11)) == I  # not all constant: no evaluation


def test_builtin_throws_rule():
    assert throws("sizeof", [TT.INTEGER]) and throws("sizeof", [TT.NUMBER])
    assert not throws("sizeof", [I]) and not throws("sizeof", [1])
    assert throws("<:", [1, I]) and not throws("<:", [I, TT.INTEGER])
    assert throws("isa", [1, 2]) and not throws("isa", [1, I])
    assert throws("ifelse", [1, 2, 3]) and not throws("ifelse", [True, 2, 3])


def test_const_eval_needs_constants_and_an_evaluated_builtin():
    t_integer = DataType(TT.TYPE_NAME, (TT.INTEGER,))  # Type{Integer}: the constant Integer
    assert const_eval("sizeof", [t_integer], I) is BOTTOM
    assert const_eval("sizeof", [Const(TT.INTEGER)], I) is BOTTOM
    assert const_eval("sizeof", [I], I) == I  # an Int64 value, not a constant
    assert const_eval("getfield", [Const(1), Const(2)], I) == I  # getfield is not consistent: not evaluated
    assert "getfield" not in EVALUATED and {"sizeof", "<:", "isa", "===", "typeof"} <= EVALUATED
