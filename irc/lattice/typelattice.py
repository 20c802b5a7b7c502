"""Julia's inference lattice: `Const`, `PartialStruct`, `Conditional`, `⊑`,
`widenconst`, `tmerge` (Julia 1.10 `typelattice.jl`, `typelimits.jl`,
`typeutils.jl`).

Elements (`Lattice`): a type (`irc.types`), `Const(val, typ)`,
`PartialStruct(typ, fields)`, `Conditional(slot, then, else_)`.

Rules and the Julia function each follows:

- `lattice_le` (⊑, typelattice.jl `⊑` of ConditionalsLattice /
  PartialsLattice / ConstsLattice): Conditionals compare branch-wise on the
  same slot (`issubconditional`) and are otherwise `Bool`; a PartialStruct is
  below its type and below another PartialStruct field-wise; a `Const` is
  below a type it is an instance of; a singleton type is below the `Const`
  of its instance; types use `<:`.
- `widenconst`: `Const(v)` -> `typeof(v)` (`Type{v}` for a type value),
  PartialStruct -> its type, Conditional -> `Bool`.
- `tmerge` (typelimits.jl, 1.10): `tmerge(::ConditionalsLattice)` (same-slot
  Conditionals merge their branch types, a Const(true/false) joins as a
  Conditional, else `Bool`), then `tmerge_fast_path` (⊑ plus
  `issimplertype`), `tmerge_partial_struct` (field-wise, keeps a field
  only when it is lattice-equal on both sides, else the declared field type
  intersected with the fields' common wrapper; no refinement left -> the
  type), Const widening (`tmerge(::ConstsLattice)`), then
  `tmerge(::JLTypeLattice)`: two concrete types or `Type{T}`s form a Union,
  otherwise `tmerge_types_slow`: the flat union if `issimpleenoughtype`
  (`unionlen + union_count_abstract <= MAX_TYPEUNION_LENGTH` and
  `unioncomplexity <= MAX_TYPEUNION_COMPLEXITY`), else same-TypeName
  members merge (tuples by `tuplemerge`, other names into their wrapper
  keeping equal parameters), then tuples widen to `NTuple{n, Any}`/`Tuple`,
  and finally `Any`.

Termination (the bound on merge chains): a strictly ascending chain
x1 ⊏ x2 ⊏ … of `tmerge` results has length at most
`4 * (MAX_TYPEUNION_LENGTH + 1) * d + 8` where d is the nesting depth of the
types involved: a Conditional can only widen to Bool; a Const to its type;
a PartialStruct field can only widen (Const -> type -> declared field type,
never back) and the PartialStruct then to its type; a union's member count is
capped at MAX_TYPEUNION_LENGTH (past it members collapse into wrappers,
whose parameters only lose information, or into `Any`); tuple elements
merge under the same caps (or become `Vararg`/`Any`).  Every step strictly
loses precision on one of these finitely many dimensions.

Performance: `tmerge`, `lattice_le`, `widenconst` check identity/equality
first and dispatch on `type(x)`; the slow type merge and the queries are
memoised (all elements are immutable and hash-cached).
"""
from __future__ import annotations

import math
import struct
from dataclasses import dataclass, field
from functools import lru_cache

from irc.lattice import typetable as TT
from irc.lattice.subtype import issubtype, typeintersect
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
    is_type,
    rewrap_unionall,
    unwrap_unionall,
)

MAX_TYPEUNION_COMPLEXITY = 3
MAX_TYPEUNION_LENGTH = 3

ANY = TT.ANY
BOOL = TT.BOOL


# ---------------------------------------------------------------- values


@dataclass(frozen=True, slots=True)
class StructValue:
    """A constant instance of a data type: `1:3` is
    `StructValue(UnitRange{Int64}, (Const(1), Const(3)))`."""

    typ: DataType
    fields: tuple


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
    false, type `else_`.  Prints as `Bool`."""

    slot: int
    then: object
    else_: object


TRUE = Const(True)
FALSE = Const(False)


def make_conditional(slot: int, then, else_):
    """A Conditional, folded to `Const(false)`/`Const(true)` when a branch is
    impossible (as Julia's `abstract_call` does for isa/=== conditions)."""
    if then == BOTTOM and else_ == BOTTOM:
        return BOTTOM
    if then == BOTTOM:
        return FALSE
    if else_ == BOTTOM:
        return TRUE
    return Conditional(slot, then, else_)


# ---------------------------------------------------------------- widening


_SCALARS = frozenset({int, float, bool, str, Sym, JChar, type(None)})


def widenconst(x):
    """Julia's `widenconst`."""
    tx = type(x)
    if tx is Const:
        v = x.val
        if type(v) in _SCALARS:
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


def singleton_instance(t):
    """The `Const` of the instance of a singleton type, else None."""
    if type(t) is FuncType:
        return Const(t.func, t)
    if type(t) is DataType and TT.issingleton(t):
        if t == TT.NOTHING:
            return Const(None)
        if t.name is TT.TUPLE_NAME:
            return Const((), t)
        return Const(StructValue(t, ()), t)
    return None


def const_isa(c: Const, t) -> bool:
    """`isa(c.val, t)`."""
    v = c.val
    if is_type(v):
        return issubtype(TT.type_of_type(v), t)
    return issubtype(c.typ, t)


def has_nontrivial_const_info(x) -> bool:
    """Julia's `has_nontrivial_const_info` (typeutils.jl)."""
    if type(x) is PartialStruct:
        return True
    if type(x) is Conditional:
        return True
    if type(x) is not Const:
        return False
    v = x.val
    if is_type(v):
        return False  # a type value has a unique representation (hasuniquerep)
    return not TT.issingleton(x.typ)


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
        return BOTTOM
    t = widenconst(x)
    fts = TT.field_types(t) if type(t) is DataType else ()
    if 1 <= i <= len(fts):
        return fts[i - 1]
    return ANY


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
            # as tmerge(::ConditionalsLattice) reads it: Const(true) is Conditional(slot, Any, Union{})
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


def is_lattice_equal(a, b) -> bool:
    """Julia's `is_lattice_equal`."""
    if a is b or a == b:
        return True
    return lattice_le(a, b) and lattice_le(b, a)


def lattice_lt(a, b) -> bool:
    """`a ⋤ b`: strictly below."""
    return lattice_le(a, b) and not lattice_le(b, a)


# ---------------------------------------------------------------- union limits (typelimits.jl / typeutils.jl)


def unionlen(t) -> int:
    return len(t.members) if type(t) is UnionType and t.members else 1


def union_count_abstract(t) -> int:
    """Julia's `union_count_abstract`: members that are not dispatch elements."""
    if type(t) is UnionType:
        return sum(0 if TT.isdispatchelem(m) else 1 for m in t.members)
    return 0 if TT.isdispatchelem(t) else 1


def unioncomplexity(t) -> int:
    """Julia's `unioncomplexity` (typeutils.jl, 1.10)."""
    tt = type(t)
    if tt is UnionType:
        if not t.members:
            return 0
        return sum(unioncomplexity(m) for m in t.members) + len(t.members) - 1
    if tt is DataType:
        if t.name is not TT.TUPLE_NAME:
            return 0
        c = 0
        for p in t.params:
            c = max(c, unioncomplexity(p))
        return c
    if tt is UnionAllType:
        ub = t.var.ub
        return max(unioncomplexity(t.body), unioncomplexity(ub) if ub is not None else 0)
    if tt is VarargType:
        return unioncomplexity(t.T)
    return 0


@lru_cache(maxsize=1 << 16)
def issimpleenoughtype(t) -> bool:
    """Julia's `issimpleenoughtype` (typelimits.jl)."""
    return (unionlen(t) + union_count_abstract(t) <= MAX_TYPEUNION_LENGTH
            and unioncomplexity(t) <= MAX_TYPEUNION_COMPLEXITY)


def issimplertype(a, b) -> bool:
    """Julia's `issimplertype(typea, typeb)` (assumes b ⊑ a)."""
    if a is b or a == b:
        return True
    ta = type(a)
    if ta is PartialStruct:
        aty = a.typ
        fts = TT.field_types(aty)
        for i, ai in enumerate(a.fields):
            if type(ai) is VarargType:
                ai = ai.T
            bi = fts[i] if i < len(fts) else ANY
            if is_lattice_equal(ai, bi):
                continue
            w = _typename_wrapper(widenconst(ai))
            if w is not None and is_lattice_equal(ai, w):
                continue
            bi = lattice_getfield(b, i + 1)
            if is_lattice_equal(ai, bi):
                continue
            return False
        return True
    if ta is Conditional:
        tb = type(b)
        if tb is Const:
            return True
        if tb is not Conditional or a.slot != b.slot:
            return False
        return issimplertype(a.then, b.then) and issimplertype(a.else_, b.else_)
    if ta is Const:
        return True
    return issimpleenoughtype(a)


def _typename_of(t):
    """Julia's `_typename` for a DataType (the TypeName), or None."""
    u = unwrap_unionall(t)
    if type(u) is DataType:
        return u.name
    if type(u) is FuncType:
        return u
    return None


def _typename_wrapper(t):
    tn = _typename_of(t)
    if tn is None:
        return None
    if type(tn) is FuncType:
        return tn
    return TT.wrapper(tn)


# ---------------------------------------------------------------- tmerge


def tmerge(a, b):
    """Julia's `tmerge(𝕃, a, b)` for the 1.10 inference lattice (see module doc)."""
    if a is b:
        return a
    ta, tb = type(a), type(b)
    # fast paths for the common cases (same results as the general rules below)
    if ta is DataType:
        if tb is DataType:
            return a if a == b else _tmerge_types(a, b)
        if tb is Const and b.typ == a and TT.isconcrete(a):
            return a  # tmerge_fast_path: Const(v) ⊑ typeof(v), which is simple enough
    elif ta is Const:
        if tb is DataType:
            if a.typ == b and TT.isconcrete(b):
                return b
        elif tb is Const:
            if a == b:
                return a
            if a.typ == b.typ and type(a.val) in _SCALARS and type(b.val) in _SCALARS:
                return a.typ  # no fields to keep (tmerge_partial_struct: nfields == 0): widen
    # ConditionalsLattice
    if ta is Conditional or tb is Conditional:
        if ta is Conditional and tb is Const and type(b.val) is bool:
            b = Conditional(a.slot, ANY, BOTTOM) if b.val else Conditional(a.slot, BOTTOM, ANY)
            tb = Conditional
        elif tb is Conditional and ta is Const and type(a.val) is bool:
            a = Conditional(b.slot, ANY, BOTTOM) if a.val else Conditional(b.slot, BOTTOM, ANY)
            ta = Conditional
        if ta is Conditional and tb is Conditional:
            if a.slot == b.slot:
                then = tmerge(a.then, b.then)
                else_ = tmerge(a.else_, b.else_)
                if then != else_:
                    return Conditional(a.slot, then, else_)
            va = maybe_extract_const_bool(a)
            if va is not None and va is maybe_extract_const_bool(b):
                return Const(va)
            return BOOL
        if ta is Conditional:
            if b == BOTTOM:
                return a
            a = widenconditional(a)
            ta = type(a)
        else:
            if a == BOTTOM:
                return b
            b = widenconditional(b)
            tb = type(b)
    # PartialsLattice: tmerge_fast_path
    if a == b:
        return a
    if a == BOTTOM:
        return b
    if b == BOTTOM:
        return a
    if ta in _TYPE_CLASSES and tb in _TYPE_CLASSES:
        return _tmerge_types(a, b)
    suba = lattice_le(a, b)
    if suba and issimplertype(b, a):
        return b
    subb = lattice_le(b, a)
    if suba and subb:
        return a
    if subb and issimplertype(a, b):
        return a
    acp = ta is PartialStruct or ta is Const
    bcp = tb is PartialStruct or tb is Const
    if acp and bcp:
        ps = _tmerge_partial_struct(a, b)
        if ps is not None:
            return ps
    # ConstsLattice / PartialsLattice widening
    return _tmerge_types(widenconst(a), widenconst(b))


_TYPE_CLASSES = frozenset({DataType, FuncType, UnionType, UnionAllType})


def _tmerge_partial_struct(a, b):
    """Julia's `tmerge_partial_struct` (typelimits.jl)."""
    aty = widenconst(a)
    bty = widenconst(b)
    if aty != bty:
        return None
    na = lattice_nfields(a)
    nb = lattice_nfields(b)
    if na is None or nb is None or na != nb or na == 0:
        return None
    fts = TT.field_types(aty)
    fields = []
    anyrefine = False
    for i in range(1, na + 1):
        ai = lattice_getfield(a, i)
        bi = lattice_getfield(b, i)
        ft = fts[i - 1] if i - 1 < len(fts) else ANY
        if is_lattice_equal(ai, bi) or is_lattice_equal(ai, ft):
            tyi = ai
        elif is_lattice_equal(bi, ft):
            tyi = bi
        else:
            tna = _typename_of(widenconst(ai))
            if tna is not None and tna == _typename_of(widenconst(bi)):
                w = tna if type(tna) is FuncType else TT.wrapper(tna)
                tyi = typeintersect(ft, w)
            else:
                tyi = ft
        fields.append(tyi)
        if not anyrefine:
            anyrefine = has_nontrivial_const_info(tyi) or lattice_lt(tyi, ft)
    if anyrefine:
        return PartialStruct(aty, tuple(fields))
    return None


@lru_cache(maxsize=1 << 16)
def _tmerge_types(a, b):
    """Julia's `tmerge(::JLTypeLattice, a, b)` (1.10)."""
    if a == b:
        return a
    if a == BOTTOM:
        return b
    if b == BOTTOM:
        return a
    act = TT.isconcrete(a)
    bct = TT.isconcrete(b)
    if (act or TT.isType(a)) and (bct or TT.isType(b)):
        return TT.union(a, b)
    # tmerge_fast_path over types
    suba = issubtype(a, b)
    if suba and issimpleenoughtype(b):
        return b
    subb = issubtype(b, a)
    if suba and subb:
        return a
    if subb and issimpleenoughtype(a):
        return a
    return _tmerge_types_slow(a, b)


def _uniontypes(t, out: list) -> None:
    if type(t) is UnionType:
        out.extend(_sorted_members(t))
    else:
        out.append(t)


def _sorted_members(t: UnionType) -> list:
    from irc.lattice.typeprint import sort_union_members

    return sort_union_members(t.members)


def _tmerge_types_slow(a, b):
    """Julia 1.10 `tmerge_types_slow` (typelimits.jl)."""
    types: list = []
    _uniontypes(a, types)
    _uniontypes(b, types)
    names: list = []
    for ti in types:
        uw = unwrap_unionall(ti)
        if type(uw) is FuncType:
            names.append(uw)
            continue
        if type(uw) is not DataType:
            return ANY
        if not issubtype(ti, TT.wrapper(uw.name)):
            return ANY
        names.append(uw.name)
    u = TT.union(*types)
    if issimpleenoughtype(u):
        return u
    n = len(types)
    ANYN = TT.ANY_NAME
    for i in range(n):
        ti = types[i]
        for j in range(i + 1, n):
            if names[i] is names[j] or (type(names[i]) is FuncType and names[i] == names[j]):
                tj = types[j]
                if issubtype(ti, tj):
                    types[i] = BOTTOM
                    names[i] = ANYN
                    break
                elif issubtype(tj, ti):
                    types[j] = BOTTOM
                    names[j] = ANYN
                else:
                    if names[i] is TT.TUPLE_NAME:
                        widen = tuplemerge(unwrap_unionall(ti), unwrap_unionall(tj))
                        widen = rewrap_unionall(rewrap_unionall(widen, ti), tj)
                    elif type(names[i]) is FuncType:
                        widen = ti
                    else:
                        tn = names[i]
                        ui, uj = unwrap_unionall(ti), unwrap_unionall(tj)
                        ps = []
                        for k, v in enumerate(tn.params):
                            pk = ui.params[k] if k < len(ui.params) else v
                            qk = uj.params[k] if k < len(uj.params) else v
                            if pk == qk and not _has_free(pk):
                                ps.append(pk)
                            else:
                                ps.append(v)
                        merged = DataType(tn, tuple(ps))
                        widen = rewrap_unionall(merged, TT.wrapper(tn))
                    types[i] = BOTTOM
                    names[i] = ANYN
                    types[j] = widen
                    break
    u = TT.union(*types)
    if issimpleenoughtype(u):
        return u
    for i in range(n):
        if names[i] is TT.TUPLE_NAME:
            w = unwrap_unionall(types[i])
            if type(w) is DataType and not TT.is_vatuple(w):
                w = TT.tuple_type([ANY] * len(w.params))
            else:
                w = TT.TUPLE_ANY
            types[i] = w
            u = TT.union(*types)
            if issimpleenoughtype(u):
                return u
            break
    return ANY


def _has_free(p) -> bool:
    from irc.lattice.types import has_free_typevars

    return is_type(p) and has_free_typevars(p)


def tuplemerge(a: DataType, b: DataType):
    """Julia's `tuplemerge` (typelimits.jl): element-wise union when lengths
    agree (elements too complex become `Any`), else `Tuple{Vararg{tail}}`."""
    ap, bp = a.params, b.params
    lar, lbr = len(ap), len(bp)
    va = lar > 0 and type(ap[-1]) is VarargType
    vb = lbr > 0 and type(bp[-1]) is VarargType
    if lar == lbr and not va and not vb:
        lt, vt = lar, False
    else:
        lt, vt = 0, True
    p = []
    for i in range(lt):
        ui = TT.union(ap[i], bp[i])
        p.append(ui if issimpleenoughtype(ui) else ANY)
    if vt:
        tail = BOTTOM
        for loop_b in (False, True):
            src = bp if loop_b else ap
            for i in range(lt, lbr if loop_b else lar):
                ti = src[i]
                if type(ti) is VarargType:
                    ti = ti.T
                while type(ti) is TypeVar:
                    ti = ti.ub if ti.ub is not None else ANY
                if not issubtype(ti, tail):
                    if issubtype(tail, ti):
                        tail = ti
                    else:
                        uw = unwrap_unionall(tail)
                        if type(uw) is DataType and issubtype(tail, TT.wrapper(uw.name)):
                            tail = TT.wrapper(uw.name)
                            if not issubtype(ti, tail):
                                uw = unwrap_unionall(ti)
                                if type(uw) is DataType and issubtype(ti, TT.wrapper(uw.name)):
                                    ti = TT.wrapper(uw.name)
                                    tail = ti if issubtype(tail, ti) else ANY
                                else:
                                    tail = ANY
                        else:
                            tail = ANY
                if tail == ANY:
                    return TT.TUPLE_ANY
        if not issimpleenoughtype(tail) or tail == ANY:
            if lt == 0:
                return TT.TUPLE_ANY
            p.append(VarargType(ANY))
        else:
            p.append(VarargType(tail))
    return TT.tuple_type(p)


# ---------------------------------------------------------------- conveniences


def const_value_type(x):
    """Alias of `widenconst` for Const (kept for readability at call sites)."""
    return widenconst(x)


def is_const(x) -> bool:
    return type(x) is Const


def float32(v: float) -> float:
    """Round a Python float to Float32 precision."""
    if math.isnan(v) or math.isinf(v):
        return v
    return struct.unpack("<f", struct.pack("<f", v))[0]
