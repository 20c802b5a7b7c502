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


# ---- 1.12 `apply_type_tfunc`: union-typed parameters split (`unionsplitcost`, `switchtupleunion`)
def test_unionsplitcost_counts_the_longest_union_as_two():
    from irc.world.dispatch import union_split_cost
    U2 = BI.ST.union(TT.type_of_type(TT.INT64), TT.type_of_type(TT.FLOAT64))
    U3 = BI.ST.union(TT.type_of_type(TT.INT8), TT.type_of_type(TT.INT16), TT.type_of_type(TT.INT32))
    assert union_split_cost([Const(TT.VECTOR_WRAPPER), I]) == 1
    assert union_split_cost([Const(TT.VECTOR_WRAPPER), U3]) == 2  # one union: 2 whatever its length
    assert union_split_cost([Const(TT.VECTOR_WRAPPER), U2, U3]) == 4
    assert union_split_cost([Const(TT.VECTOR_WRAPPER), U3, U3]) == 6


def test_apply_type_splits_union_parameters_from_1_12():
    U2 = BI.ST.union(TT.type_of_type(TT.INT64), TT.type_of_type(TT.FLOAT64))
    U3 = BI.ST.union(TT.type_of_type(TT.INT8), TT.type_of_type(TT.INT16), TT.type_of_type(TT.INT32))
    pair = Const(TT.wrapper(TT.PAIR_NAME))
    vec = [Const(TT.VECTOR_WRAPPER), U2]
    split = BI.tf_apply_type(vec, _W(V1_12))
    assert split == BI.ST.union(TT.type_of_type(TT.vector(TT.INT64)), TT.type_of_type(TT.vector(TT.FLOAT64)))
    for v in (V1_10, V1_11):
        assert BI.tf_apply_type(vec, _W(v)) == BI.apply_type_tfunc(vec) != split
    # above `max_union_splitting` (4): not split
    assert BI.apply_type_union_split([Const(TT.VECTOR_WRAPPER), U3]) is not None
    assert BI.apply_type_union_split([pair, U3, U3]) is None
    from irc.lattice.typeprint import show
    six = BI.apply_type_union_split([pair, U2, U3])  # cost 4: every combination
    assert show(six) == ("Union{Type{Pair{Float64, Int16}}, Type{Pair{Float64, Int32}}, Type{Pair{Float64, Int8}}, "
                          "Type{Pair{Int64, Int16}}, Type{Pair{Int64, Int32}}, Type{Pair{Int64, Int8}}}")
    # a `Union` head is never split
    assert BI.apply_type_union_split([Const(TT.UNION_KIND), U2]) is None


# ---- `isdefined_tfunc`: 1.11 reads `Type{T}` as typeof(T); 1.12 knows a PartialStruct's fields
def test_isdefined_of_a_type_argument_from_1_11():
    from irc.lattice.types import Sym
    from irc.world.typetfuncs import isdefined_tfunc
    T = TT.type_of_type(TT.INT64)
    assert isdefined_tfunc(T, Const(Sym("nosuch"))) == TT.BOOL  # 1.10: any Type{T} is Bool
    assert isdefined_tfunc(T, Const(Sym("nosuch")), True) == Const(False)  # DataType has no such field
    assert isdefined_tfunc(T, Const(99), True) == Const(False)
    assert BI.tf_isdefined([T, Const(99)], _W(V1_10)) == TT.BOOL
    assert BI.tf_isdefined([T, Const(99)], _W(V1_11)) == Const(False)


def test_isdefined_of_partial_struct_fields_from_1_12():
    from irc.lattice.typelattice import ANY, PartialStruct
    from irc.lattice.types import Sym
    from irc.world.typetfuncs import isdefined_tfunc
    box = TT.BOX
    assert box.name.mutable
    p = PartialStruct(box, (Const(1),))  # `Core.Box`'s `contents` may be unset (datatype_min_ninitialized 0)
    assert isdefined_tfunc(p, Const(Sym("contents"))) == TT.BOOL
    assert isdefined_tfunc(p, Const(Sym("contents")), True, True) == Const(True)
    assert isdefined_tfunc(box, Const(Sym("contents")), True, True) == TT.BOOL  # only known fields
    # a type with no fields: no name is defined (`datatype_fieldcount(a1) === 0`)
    assert isdefined_tfunc(I, TT.SYMBOL) == TT.BOOL
    assert isdefined_tfunc(I, TT.SYMBOL, True, True) == Const(False)
    assert BI.tf_isdefined([I, TT.SYMBOL], _W(V1_12)) == Const(False)
    assert BI.tf_isdefined([I, TT.SYMBOL], _W(V1_11)) == TT.BOOL


# ---- 1.11 `typeof_concrete_vararg` keeps a variable `N` (tfuncs.jl at v1.11.0; 1.10 requires an unbound N)
def test_typeof_of_a_tuple_with_a_variable_vararg_length():
    from irc.lattice.typeprint import show
    from irc.lattice.types import TypeVar, UnionAllType, VarargType

    n = TypeVar("N")
    inner = DataType(TT.TUPLE_NAME, (I, VarargType(I, n)))  # `Tuple{Int64, Vararg{Int64, N}}`, N free
    tf = BI.lookup(BI.builtin_value("typeof"))
    assert show(tf([inner], _W(V1_10))) == "Type{<:Tuple{Int64, Vararg{Int64, N}}}"
    for v in (V1_11, V1_12):
        assert show(tf([inner], _W(v))) == "Type{Tuple{Int64, Vararg{Int64, N}}}"
    wrapped = UnionAllType(n, inner)  # the same with N bound outside: rewrapped
    assert show(tf([wrapped], _W(V1_11))) == "Type{Tuple{Int64, Vararg{Int64, N}}} where N"
    # an unbound length is the same under every version (`Type{Tuple{Int64, Vararg{Int64, N}}} where N`)
    free = DataType(TT.TUPLE_NAME, (I, VarargType(I, None)))
    assert show(tf([free], _W(V1_10))) == show(tf([free], _W(V1_11)))
