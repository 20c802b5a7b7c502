"""Julia's inference lattice elements and their order (Julia 1.10 `typelattice.jl`, `typeutils.jl`).

Elements (`Lattice`): a type (`irc.lattice.types`), `Const(val, typ)`,
`PartialStruct(typ, fields)`, `Conditional(slot, then, else_)`.  Merging
them (`tmerge` and its limits) is `irc.lattice.typelimits`.

Rules and the Julia function each follows:

- `lattice_le` (⊑, typelattice.jl `⊑` of ConditionalsLattice /
  PartialsLattice / ConstsLattice): Conditionals compare branch-wise on the
  same slot (`issubconditional`) and are otherwise `Bool`; a PartialStruct is
  below its type and below another PartialStruct field-wise; a `Const` is
  below a type it is an instance of; a singleton type is below the `Const`
  of its instance; types use `<:`.
- `widenconst`: `Const(v)` -> `typeof(v)` (`Type{v}` for a type value),
  PartialStruct -> its type, Conditional -> `Bool`.

Invariants: every element is a frozen, hashable dataclass; `widenconst` of
any element is a type; the queries check identity/equality first and
dispatch on `type(x)`.
"""
from __future__ import annotations

import math
import struct
from dataclasses import dataclass, field

from irc.lattice import typetable as TT

from irc.lattice import subtype as ST
from irc.lattice.layout import issingleton
from irc.lattice.subtype import issubtype
from irc.lattice.types import (
    BOTTOM,
    DataType,
    FuncType,
    FunctionValue,
    IrrationalValue,
    JChar,
    ModuleValue,
    Sym,
    TypeVar,
    UnionAllType,
    UnionType,
    VarargType,
    has_free_typevars,
    is_type,
)


ANY = TT.ANY
BOOL = TT.BOOL


# ---------------------------------------------------------------- values


@dataclass(frozen=True, slots=True)
class StructValue:
    """A constant instance of a data type: `1:3` is
    `StructValue(UnitRange{Int64}, (Const(1), Const(3)))`."""

    typ: DataType
    fields: tuple


@dataclass(frozen=True, slots=True)
class OpaqueValue:
    """A constant irc cannot build, kept as Julia printed it: the instance
    `Thunk(var"#7#8"())` of types irc does not know is
    `OpaqueValue(("Thunk",), (Const(OpaqueValue(("#7#8",), ())),))`, the
    callee's name and its constant arguments; a callee with parameters is
    its type (`LogNormal{Float64}`), and `kwargs` the `name=value` pairs a
    package's `show` may print (`LogNormal{Float64}(μ=-0.22, σ=0.5)`).  It
    prints as Julia printed it; its type (the `Const`'s `typ`) is the callee
    when that is a type with every parameter given (show.jl `show_default`
    prints `typeof(x)` before the fields), else unknown (`Any`)."""

    callee: Any
    args: tuple
    kwargs: tuple = ()
    bare: bool = False  # printed as its bare name (`α`: `irc.ir.pasted.bare_values`), no parentheses


def _valkey(v):
    if type(v) is float:
        return ("f", struct.pack("<d", v))
    if type(v) is bool:
        return ("b", v)
    if type(v) is int:
        return ("i", v)
    if type(v) is tuple:
        return ("t", v)
    return (type(v).__name__, v)


def typeof_value(v):
    """The Julia type of a Python-represented value (default mapping)."""
    tv = type(v)
    if tv is bool:
        return TT.BOOL
    if tv is int:
        return TT.INT64
    if tv is float:
        return TT.FLOAT64
    if tv is str:
        return TT.STRING
    if v is None:
        return TT.NOTHING
    if tv is Sym:
        return TT.SYMBOL
    if tv is JChar:
        return TT.CHAR
    if tv is FunctionValue:
        return FuncType(v)
    if tv is ModuleValue:
        return TT.MODULE
    if tv is IrrationalValue:
        return DataType(TT.IRRATIONAL_NAME, (Sym(v.sym),))
    if tv is StructValue:
        return v.typ
    if tv is OpaqueValue:
        return TT.ANY
    if tv is tuple:
        return TT.tuple_type([widenconst(x) if isinstance(x, Const) else typeof_value(x) for x in v])
    if tv is UnionType:
        return TT.TYPEOFBOTTOM if not v.members else TT.UNION_KIND
    if tv is UnionAllType:
        return TT.UNIONALL
    if tv in (DataType, FuncType):
        return TT.DATATYPE
    if tv is TypeVar:
        return TT.TYPEVAR_T
    if tv is VarargType:
        return TT.TYPEOFVARARG
    return ANY


@dataclass(frozen=True, slots=True)
class Const:
    """`Core.Const(val)`: `typ` is the Julia type of `val` (inferred from the
    Python value when omitted: bool->Bool, int->Int64, float->Float64,
    str->String, None->nothing).  Tuple values are Python tuples of `Const`."""

    val: object
    typ: object = None
    _h: int = field(default=0, compare=False, repr=False)

    def __post_init__(self) -> None:
        if self.typ is None:
            object.__setattr__(self, "typ", typeof_value(self.val))
        object.__setattr__(self, "_h", hash((self.typ, _valkey(self.val))))

    def __hash__(self) -> int:
        return self._h

    def __eq__(self, other) -> bool:
        if self is other:
            return True
        return (type(other) is Const and self._h == other._h and self.typ == other.typ
                and _valkey(self.val) == _valkey(other.val))

    def __ne__(self, other) -> bool:
        return not self.__eq__(other)


@dataclass(frozen=True, slots=True)
class PartialStruct:
    """`Core.PartialStruct(typ, Any[fields…])`: an instance of the concrete
    `typ` whose fields are known more precisely than declared."""

    typ: object
    fields: tuple
    _h: int = field(default=0, compare=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_h", hash(("PS", self.typ, self.fields)))

    def __hash__(self) -> int:
        return self._h

    def __eq__(self, other) -> bool:
        if self is other:
            return True
        return (type(other) is PartialStruct and self._h == other._h and self.typ == other.typ
                and self.fields == other.fields)

    def __ne__(self, other) -> bool:
        return not self.__eq__(other)


@dataclass(frozen=True, slots=True)
class Conditional:
    """A `Bool` that, when true, means slot `slot` has type `then`, and when
    false, type `else_`.  Prints as `Bool`.  `isdefined` (Julia 1.12): it is
    `@isdefined slot`, so the true branch also clears the slot's undef."""

    slot: int
    then: object
    else_: object
    isdefined: bool = False


TRUE = Const(True)
FALSE = Const(False)


# ---------------------------------------------------------------- widening


SCALAR_VALUE_TYPES = frozenset({int, float, bool, str, Sym, JChar, type(None)})


def widenconst(x):
    """Julia's `widenconst`."""
    tx = type(x)
    if tx is Const:
        v = x.val
        if type(v) in SCALAR_VALUE_TYPES:
            return x.typ
        if is_type(v):
            return TT.type_of_type(v)
        return x.typ
    if tx is PartialStruct:
        return x.typ
    if tx is Conditional:
        return BOOL
    return x


def widenconditional(x):
    """Julia's `widenconditional`."""
    if type(x) is Conditional:
        if x.then == BOTTOM:
            return FALSE
        if x.else_ == BOTTOM:
            return TRUE
        return BOOL
    return x


def maybe_extract_const_bool(x):
    if type(x) is Const and type(x.val) is bool:
        return x.val
    if type(x) is Conditional:
        if x.then == BOTTOM and x.else_ == BOTTOM:
            return None
        if x.then == BOTTOM:
            return False
        if x.else_ == BOTTOM:
            return True
    return None


# mathconstants.jl: the `Irrational{sym}` constants Base defines, by symbol, with their `Float64` values
IRRATIONAL_VALUES = {"π": math.pi, "ℯ": math.e, "γ": 0.5772156649015329, "φ": 1.618033988749895,
                     "catalan": 0.915965594177219}


def singleton_instance(t):
    """The `Const` of the instance of a singleton type, else None: a zero-size
    tuple or struct holds the instances of its (zero-size) field types."""
    if type(t) is FuncType:
        return Const(t.func, t)
    if type(t) is DataType and issingleton(t):
        if t == TT.NOTHING:
            return Const(None)
        if t.name is TT.IRRATIONAL_NAME and t.params and type(t.params[0]) is Sym \
                and t.params[0].name in IRRATIONAL_VALUES:  # `Irrational{:π}()` is `π`, as Julia shows it
            return Const(IrrationalValue(t.params[0].name, IRRATIONAL_VALUES[t.params[0].name]), t)
        fields = tuple(singleton_instance(f) for f in _singleton_field_types(t))
        if any(f is None for f in fields):
            return None
        if t.name is TT.TUPLE_NAME:
            return Const(fields, t)
        return Const(StructValue(t, fields), t)
    return None


def _singleton_field_types(t: DataType) -> tuple:
    if t.name is TT.TUPLE_NAME:
        return t.params
    if t.name is TT.NAMEDTUPLE_NAME:
        return t.params[1].params if len(t.params) == 2 and TT.is_tuple(t.params[1]) else ()
    return ST.field_types(t)


def maybe_singleton_const(t):
    """Julia's `maybe_singleton_const` (utilities.jl), applied to the result of
    every `Expr` statement: a singleton type is the `Const` of its instance,
    `Type{T}` (T without free variables) is `Const(T)`."""
    if type(t) is DataType:
        inst = singleton_instance(t)
        if inst is not None:
            return inst
        if t.name is TT.TYPE_NAME and is_type(t.params[0]) and type(t.params[0]) is not TypeVar \
                and not has_free_typevars(t.params[0]):
            return Const(t.params[0])
    elif type(t) is FuncType:
        return Const(t.func, t)
    return t


def const_isa(c: Const, t) -> bool:
    """`isa(c.val, t)`."""
    v = c.val
    if is_type(v):
        return issubtype(TT.type_of_type(v), t)
    return issubtype(c.typ, t)


def has_nontrivial_const_info(x) -> bool:
    """Julia 1.10's `has_nontrivial_extended_info` (abstractlattice.jl): a
    PartialStruct, or a Const that is not a singleton's instance and not a
    type with a unique representation (`Const(Vector)` and
    `Const(Union{Nothing, Int64})` carry more than `Type{…}` does;
    `Const(Int64)` does not)."""
    if type(x) is PartialStruct:
        return True
    if type(x) is Conditional:
        return True
    if type(x) is not Const:
        return False
    v = x.val
    if is_type(v):
        return not hasuniquerep(v)
    return not issingleton(x.typ)


def hasuniquerep(t) -> bool:
    """Julia's `hasuniquerep` (typeutils.jl)."""
    if t == TT.TYPEOFBOTTOM:
        return False
    if t == BOTTOM:
        return True
    if type(t) is TypeVar:
        return False
    if not is_type(t):
        return True  # non-types are compared by egal
    if TT.isconcrete(t):
        return True
    if type(t) is DataType and t.name is not TT.TUPLE_NAME:
        return all(hasuniquerep(p) for p in t.params)
    return False


# ---------------------------------------------------------------- fields of lattice elements


def lattice_nfields(x):
    """Julia's `nfields_tfunc` on a lattice element: an int, or None when unknown."""
    tx = type(x)
    if tx is Const:
        v = x.val
        if type(v) is tuple:
            return len(v)
        if type(v) is StructValue:
            return len(v.fields)
        if is_type(v) or isinstance(v, (FunctionValue, ModuleValue)):
            return None
        return 0
    if tx is PartialStruct:
        return len(x.fields)
    t = widenconst(x)
    if type(t) is DataType and TT.isconcrete(t):
        names = TT.field_names(t)
        return len(names) if names is not None else 0
    return None


def lattice_getfield(x, i: int):
    """Julia's `getfield_tfunc(x, Const(i))` for a 1-based index (Any when unknown)."""
    tx = type(x)
    if tx is Const:
        v = x.val
        if type(v) is tuple and 1 <= i <= len(v):
            return v[i - 1]
        if type(v) is StructValue and 1 <= i <= len(v.fields):
            return v.fields[i - 1]
        return BOTTOM
    if tx is PartialStruct:
        if 1 <= i <= len(x.fields):
            f = x.fields[i - 1]
            return f.T if type(f) is VarargType else f
        x = x.typ  # past the fields: the type's answer (a trailing Vararg's element)
    t = widenconst(x)
    if type(t) is DataType and t.name is TT.TUPLE_NAME:
        ps = t.params
        if ps and type(ps[-1]) is VarargType and i >= len(ps):
            return ps[-1].T  # `fld >= nf && isvarargtype(ftypes[nf])`
        return ps[i - 1] if 1 <= i <= len(ps) else BOTTOM
    fts = ST.field_types(t) if type(t) is DataType else ()
    if 1 <= i <= len(fts):
        return fts[i - 1]
    return BOTTOM if tx is PartialStruct else ANY


# ---------------------------------------------------------------- ⊑


def lattice_le(a, b) -> bool:
    """`a ⊑ b` in Julia's inference lattice."""
    if a is b:
        return True
    ta, tb = type(a), type(b)
    if tb is DataType:
        if ta is DataType:
            return a == b or issubtype(a, b)
        if ta is Const and a.typ is b:
            return True
    if ta is Conditional:
        if tb is Conditional:
            return (a.slot == b.slot and lattice_le(a.then, b.then) and lattice_le(a.else_, b.else_))
        if tb is Const and type(b.val) is bool:
            return maybe_extract_const_bool(a) is b.val
        a, ta = BOOL, DataType
    elif tb is Conditional:
        if ta is Const and type(a.val) is bool:
            # irc's one departure from Julia's ⊑ (which puts nothing but Union{} below a
            # Conditional): Const(true) is below Conditional(slot, Any, Union{}), as
            # tmerge(::ConditionalsLattice) reads it, so that tmerge stays an upper bound
            return (b.else_ == ANY) if not a.val else (b.then == ANY)
        return a == BOTTOM
    if ta is PartialStruct:
        if tb is PartialStruct:
            if len(a.fields) != len(b.fields) or not issubtype(a.typ, b.typ):
                return False
            return all(lattice_le(x, y) for x, y in zip(a.fields, b.fields))
        if tb is Const:
            return False
        return issubtype(a.typ, b)
    if tb is PartialStruct:
        if ta is Const:
            n = lattice_nfields(a)
            if n != len(b.fields) or not issubtype(widenconst(a), b.typ):
                return False
            return all(lattice_le(lattice_getfield(a, i + 1), f) for i, f in enumerate(b.fields))
        return a == BOTTOM
    if ta is Const:
        if tb is Const:
            return a == b
        return const_isa(a, b)
    if tb is Const:
        if a == BOTTOM:
            return True
        inst = singleton_instance(a)
        return inst is not None and inst == b
    return issubtype(a, b)


def tmeet(v, t):
    """Julia's `tmeet(𝕃, v, t::Type)`: the lattice element `v` narrowed to the
    type `t` (a Conditional is kept when `Bool <: t`, a Const when its value
    is a `t`, a PartialStruct when its type is below `t`; otherwise the type
    intersection, which is sound for the PartialStruct field-wise case too)."""
    tv = type(v)
    if tv is Conditional:
        return v if issubtype(BOOL, t) else BOTTOM
    if tv is Const:
        if not has_free_typevars(t) and not const_isa(v, t):
            return BOTTOM
        return v
    if tv is PartialStruct:
        if has_free_typevars(t) or issubtype(v.typ, t):
            return v
        return ST.typeintersect(v.typ, t)
    return ST.typeintersect(v, t)


def is_lattice_equal(a, b) -> bool:
    """Julia's `is_lattice_equal`."""
    if a is b or a == b:
        return True
    return lattice_le(a, b) and lattice_le(b, a)


def lattice_lt(a, b) -> bool:
    """`a ⋤ b`: strictly below."""
    return lattice_le(a, b) and not lattice_le(b, a)


# ---------------------------------------------------------------- union limits (typelimits.jl / typeutils.jl)


def const_value_type(x):
    """Alias of `widenconst` for Const (kept for readability at call sites)."""
    return widenconst(x)


def is_const(x) -> bool:
    return type(x) is Const


def float32(v: float) -> float:
    """Round a Python float to Float32 precision (nearest, ties to even);
    a value past Float32's range is `±Inf32`, as Julia's `Float32(x)`."""
    if math.isnan(v) or math.isinf(v):
        return v
    try:
        return struct.unpack("<f", struct.pack("<f", v))[0]
    except OverflowError:
        return math.copysign(math.inf, v)
