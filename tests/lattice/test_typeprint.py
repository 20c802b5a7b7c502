"""Printing exactly as Julia 1.10 prints (show.jl; union order from jltypes.c union_sort_cmp)."""
import re

import pytest

from conftest import CONFORMANCE
from irc.lattice import typetable as T
from irc.lattice import subtype as ST
from irc.lattice.typelattice import Conditional, Const, PartialStruct, StructValue
from irc.lattice.types import BOTTOM, DataType, FuncType, FunctionValue, JChar, Sym, TypeVar, UnionAllType, VarargType
from irc.lattice.typeprint import show, show_float

I, F, S, N = T.INT64, T.FLOAT64, T.STRING, T.NOTHING
UR = DataType(T.UNITRANGE_NAME, (I,))


@pytest.mark.parametrize("x,text", [
    (Const(1), "Core.Const(1)"),
    (Const(False), "Core.Const(false)"),
    (Const(1.0), "Core.Const(1.0)"),
    (Const(Sym("x")), "Core.Const(:x)"),
    (Const("s"), 'Core.Const("s")'),
    (Const("a\"b\n"), 'Core.Const("a\\"b\\n")'),
    (Const(JChar("c")), "Core.Const('c')"),
    (Const(None), "Core.Const(nothing)"),
    (Const(FunctionValue(("Main",), "f")), "Core.Const(f)"),
    (Const(FunctionValue(("Base",), "sin")), "Core.Const(sin)"),
    (Const(FunctionValue(("Base",), "+")), "Core.Const(+)"),
    (Const(1, T.UINT8), "Core.Const(0x01)"),
    (Const(1, T.UINT64), "Core.Const(0x0000000000000001)"),
    (Const(-3, T.INT8), "Core.Const(-3)"),
    (Const(1.5, T.FLOAT32), "Core.Const(1.5f0)"),
    (Const((Const(1), Const(2))), "Core.Const((1, 2))"),
    (Const((Const(1),)), "Core.Const((1,))"),
    (Const(I), "Core.Const(Int64)"),
    (Const(StructValue(UR, (Const(1), Const(3)))), "Core.Const(1:3)"),
    (PartialStruct(UR, (Const(1), I)), "Core.PartialStruct(UnitRange{Int64}, Any[Core.Const(1), Int64])"),
    (Conditional(2, I, N), "Bool"),
])
def test_lattice_elements(x, text):
    assert show(x) == text


@pytest.mark.parametrize("t,text", [
    (ST.union(N, T.tuple_type([I, I])), "Union{Nothing, Tuple{Int64, Int64}}"),
    (ST.union(I, F), "Union{Float64, Int64}"),
    (ST.union(S, I, N), "Union{Nothing, Int64, String}"),  # singleton, bits, other
    (ST.union(T.MISSING, N), "Union{Missing, Nothing}"),  # module Base < Core
    (ST.union(T.NUMBER, N), "Union{Nothing, Number}"),
    (T.vector(I), "Vector{Int64}"),
    (T.matrix(F), "Matrix{Float64}"),
    (DataType(T.ARRAY_NAME, (I, 3)), "Array{Int64, 3}"),
    (T.type_of_type(I), "Type{Int64}"),
    (FuncType(FunctionValue(("Main",), "f")), "typeof(f)"),
    (FuncType(FunctionValue(("Base",), "sin")), "typeof(sin)"),
    (T.tuple_type([VarargType(I)]), "Tuple{Vararg{Int64}}"),
    (T.tuple_type([I, VarargType(F)]), "Tuple{Int64, Vararg{Float64}}"),
    (T.tuple_type([I, I, I, I]), "NTuple{4, Int64}"),
    (T.tuple_type([I, I, I]), "Tuple{Int64, Int64, Int64}"),
    (T.TUPLE_ANY, "Tuple"),
    (T.EMPTY_TUPLE, "Tuple{}"),
    (BOTTOM, "Union{}"),
    (T.BUILTIN_BINDINGS["Vector"], "Vector"),
    (ST.apply_type(T.BUILTIN_BINDINGS["Array"], [F]), "Array{Float64}"),
    (ST.apply_type(T.BUILTIN_BINDINGS["AbstractVector"], [I]), "AbstractVector{Int64}"),
    (DataType(T.REFVALUE_NAME, (I,)), "Base.RefValue{Int64}"),
    (T.BOX, "Core.Box"),
    (DataType(T.NAMEDTUPLE_NAME, ((Sym("a"), Sym("b")), T.tuple_type([I, F]))), "@NamedTuple{a::Int64, b::Float64}"),
    (DataType(T.PAIR_NAME, (I, S)), "Pair{Int64, String}"),
])
def test_types(t, text):
    assert show(t) == text


def test_where_printing():
    g = TypeVar("#s1", None, T.REAL)
    t = UnionAllType(g, DataType(T.ARRAY_NAME, (g, 1)))
    assert show(t) == "Vector{<:Real}"  # show.jl: a once-used, upper-bounded generated variable prints in place
    v = TypeVar("T", None, T.REAL)  # show.jl `isgensym`: a named variable is never elided
    assert show(UnionAllType(v, DataType(T.ARRAY_NAME, (v, 1)))) == "Vector{T} where T<:Real"
    a = TypeVar("_A", None, UnionAllType(TypeVar("V"), DataType(T.DICT_NAME, (T.STRING, TypeVar("V")))))
    assert show(UnionAllType(a, DataType(T.ARRAY_NAME, (a, 1)))) == "Vector{_A} where _A<:(Dict{String})"
    s = TypeVar("S")
    b = TypeVar("T", None, UnionAllType(s, DataType(T.ARRAY_NAME, (s, 1))))
    assert show(UnionAllType(b, DataType(T.ARRAY_NAME, (b, 1)))) == "Vector{T} where T<:(Vector)"  # no wrapper: parens
    w = TypeVar("T", None, T.REAL)
    d = UnionAllType(w, DataType(T.DICT_NAME, (w, w)))
    assert show(d) == "Dict{T, T} where T<:Real"


def test_array_alias_only_for_a_bare_or_closed_parameter():
    """show.jl `make_typealias`: `Vector{P}` only when `P` is a `where` variable or mentions none; a
    parameter that contains a variable prints by the type's own name (the manual's
    `Array{Array{T, 1}, 1} where T` prints `Array{Vector{T}, 1} where T`)."""
    t = TypeVar("T")
    assert show(UnionAllType(t, DataType(T.ARRAY_NAME, (DataType(T.ARRAY_NAME, (t, 1)), 1)))) \
        == "Array{Vector{T}, 1} where T"
    u = ST.union(T.MISSING, t)
    r = TypeVar("T", None, T.REAL)
    assert show(UnionAllType(r, DataType(T.ARRAY_NAME, (DataType(T.COMPLEX_NAME, (r,)), 2)))) \
        == "Array{Complex{T}, 2} where T<:Real"
    # a bare variable, or a parameter with none, keeps the alias
    assert show(UnionAllType(r, DataType(T.ARRAY_NAME, (r, 1)))) == "Vector{T} where T<:Real"
    inner = UnionAllType(t, DataType(T.ARRAY_NAME, (t, 1)))
    assert show(DataType(T.ARRAY_NAME, (inner, 1))) == "Vector{Vector}"
    assert show(DataType(T.ARRAY_NAME, (DataType(T.ARRAY_NAME, (I, 1)), 1))) == "Vector{Vector{Int64}}"
    assert show(UnionAllType(t, DataType(T.ARRAY_NAME, (u, 1)))) == "Array{Union{Missing, T}, 1} where T"


@pytest.mark.parametrize("v,text", [
    (1.0, "1.0"), (0.1, "0.1"), (100000.0, "100000.0"), (1e6, "1.0e6"), (1234567.0, "1.234567e6"),
    (1e-4, "0.0001"), (1e-5, "1.0e-5"), (-0.0, "-0.0"), (float("inf"), "Inf"), (float("nan"), "NaN"),
    (3.14, "3.14"), (2.5e-10, "2.5e-10"),
])
def test_floats(v, text):
    assert show_float(v) == text


def _conformance_unions():
    if not CONFORMANCE.is_dir():
        return []
    found = set()
    for p in CONFORMANCE.glob("*/*.ir"):
        in_source = False  # skip the `# julia source:` comment block (written by people, not printed)
        for line in p.read_text().splitlines():
            if line.startswith("# julia source:"):
                in_source = True
                continue
            if in_source and line.startswith("#   "):
                continue
            in_source = False
            for m in re.finditer(r"Union\{[^{}]*(?:\{[^{}]*\}[^{}]*)*\}", line):
                if m.group(0) != "Union{}" and not re.search(r",\S", m.group(0)):  # prose such as `Union{Float64,Int64}`
                    found.add(m.group(0))
    return sorted(found)


@pytest.mark.skipif(not CONFORMANCE.is_dir(), reason="shared conformance cases absent")
def test_union_order_matches_conformance():
    """Every union Julia printed in the conformance cases is printed back the same,
    whatever the order its members are given in."""
    names = {"Nothing": N, "Int64": I, "Float64": F, "String": S, "Missing": T.MISSING}

    def parse(text):
        if text.startswith("Tuple{"):
            return T.tuple_type([parse(x.strip()) for x in text[6:-1].split(",")])
        return names.get(text) or T.BUILTIN_BINDINGS[text]

    unions = _conformance_unions()
    assert unions
    for text in unions:
        inner = text[len("Union{"):-1]
        parts, depth, cur = [], 0, ""
        for ch in inner:
            if ch == "," and depth == 0:
                parts.append(cur.strip())
                cur = ""
                continue
            depth += ch == "{"
            depth -= ch == "}"
            cur += ch
        parts.append(cur.strip())
        members = [parse(p) for p in parts]
        assert show(ST.union(*reversed(members))) == text
        assert show(ST.union(*members)) == text


def test_named_tuple_types_parameter_is_bounded_by_tuple():
    """boot.jl `NamedTuple{names, T<:Tuple}`: the wrapper's `T` has Julia's bound, so Julia's
    spelled-out `NamedTuple{(:a, :b), T} where T<:Tuple` (what ≤ 1.5 printed) is irc's
    `NamedTuple{(:a, :b)}` and prints so."""
    from irc.world.world import World

    assert T.NAMEDTUPLE_NAME.params[1].ub == T.TUPLE_ANY
    w = World.build([])
    spelled = w.parse_type("NamedTuple{(:a, :b), T} where T<:Tuple")
    assert show(spelled) == "NamedTuple{(:a, :b)}"
    assert spelled == w.parse_type("NamedTuple{(:a, :b)}")
