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


# ---- 1.11: Array over Memory (irc.world.memorytfuncs)
def test_array_fields_and_memory_tfuncs():
    from irc.lattice.typeprint import show
    from irc.lattice.types import Sym
    from irc.world import memorytfuncs as M

    vec = DataType(TT.ARRAY_NAME, (I, 1))
    mat = DataType(TT.ARRAY_NAME, (TT.FLOAT64, 2))
    assert show(M.array_field(vec, Const(Sym("size")))) == "Tuple{Int64}"
    assert show(M.array_field(mat, Const(Sym("size")))) == "Tuple{Int64, Int64}"
    assert show(M.array_field(mat, Const(2))) == "Tuple{Int64, Int64}"
    assert show(M.array_field(vec, Const(Sym("ref")))) == "MemoryRef{Int64}"
    assert M.array_field(vec, Const(Sym("nope"))) is None and M.array_field(I, Const(1)) is None
    ref = M.memoryref_type(I)
    mem = DataType(TT.MEMORY_NAME, (TT.FLOAT64,))
    assert M.tf_memoryrefget([ref, Const(Sym("not_atomic")), Const(False)], None) == I
    assert M.tf_memoryrefget([TT.ANY, Const(Sym("not_atomic")), Const(False)], None) == TT.ANY  # unknown, not Union{}
    assert show(M.tf_memoryrefnew([mem], None)) == "MemoryRef{Float64}"
    assert M.tf_memoryrefnew([ref, Const(2), Const(True)], None) == ref
    assert M.tf_memoryrefset([ref, Const(3), Const(Sym("not_atomic")), Const(True)], None) == Const(3)


def test_which_array_builtins_exist_per_version():
    from irc.world.world import World
    from irc.lattice.types import FunctionValue

    for rules, has_memory in ((V1_10, False), (V1_11, True), (V1_12, True)):
        w = World.build((), prelude=False, rules=rules)
        assert (w._builtin_tfunc(FunctionValue(("Core",), "memoryrefget")) is not None) is has_memory
        assert (w._builtin_tfunc(FunctionValue(("Core",), "arrayref")) is None) is has_memory
        # getfield on an Array: 1.10 knows no fields (opaque), 1.11 reads `size`
        from irc.lattice.types import Sym
        r = w.call(Const(FunctionValue(("Core",), "getfield")), [DataType(TT.ARRAY_NAME, (I, 1)), Const(Sym("size"))])
        assert (r.rt == TT.tuple_type([I])) is has_memory


def test_a_builtin_of_another_version_is_an_unknown_callee_saying_so():
    from irc.cli.driver import Options, analyse

    text = "function a(v::Vector{Int64})\n1 ─ %1 = Core.arrayref(true, v, 1)\n└──      return %1\nend\n"
    r10 = analyse("a.ir", text)
    r11 = analyse("a.ir", text, Options(julia="1.11"))
    assert r10.results[0][1].return_type == I
    res = r11.results[0][1]
    assert res.return_type == TT.ANY  # unknown, not impossible
    msgs = [d.message for d in res.diagnostics]
    assert any("Core.arrayref is not a builtin of Julia 1.11" in m for m in msgs), msgs
