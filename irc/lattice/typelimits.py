"""Merging lattice elements, with Julia's limits (Julia 1.10 `typelimits.jl`).

- `tmerge`: `tmerge(::ConditionalsLattice)` (same-slot Conditionals merge
  their branch types, a Const(true/false) joins as a Conditional, else
  `Bool`), then `tmerge_fast_path` (⊑ plus `issimplertype`),
  `tmerge_partial_struct` (field-wise, keeps a field only when it is
  lattice-equal on both sides, else the declared field type intersected
  with the fields' common wrapper; no refinement left -> the type), Const
  widening (`tmerge(::ConstsLattice)`), then `tmerge(::JLTypeLattice)`: two
  concrete types or `Type{T}`s form a Union, otherwise `tmerge_types_slow`:
  the flat union if `issimpleenoughtype` (`unionlen + union_count_abstract
  <= MAX_TYPEUNION_LENGTH` and `unioncomplexity <=
  MAX_TYPEUNION_COMPLEXITY`), else same-TypeName members merge (tuples by
  `tuplemerge`, other names into their wrapper keeping equal parameters),
  then every tuple's union parameters widen to `Any` (union-free ones
  stay), and finally `Any`.  A type below the other merges into it with no
  simplicity check (`typea <: typeb && return typeb`).
  Union members are visited in Julia's union order
  (`irc.lattice.typeprint.sort_union_members`).

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

Performance: `tmerge` checks identity/equality first and dispatches on
`type(x)`; the slow type merge and the queries are memoised (all elements
are immutable and hash-cached).
"""
from __future__ import annotations

from functools import lru_cache

from irc.lattice import typetable as TT

from irc.lattice import subtype as ST
from irc.lattice.subtype import issubtype, typeintersect
from irc.lattice.types import (
    BOTTOM,
    DataType,
    FuncType,
    TypeVar,
    UnionAllType,
    UnionType,
    VarargType,
    is_type,
    rewrap_unionall,
    has_free_typevars,
    unwrap_unionall,
)

from irc.lattice.typelattice import (
    ANY, BOOL, SCALAR_VALUE_TYPES, Conditional, Const, PartialStruct, has_nontrivial_const_info, is_lattice_equal,
    lattice_getfield, lattice_le, lattice_lt, lattice_nfields, maybe_extract_const_bool, widenconditional, widenconst,
)
from irc.lattice.typeprint import sort_union_members

MAX_TYPEUNION_COMPLEXITY = 3
MAX_TYPEUNION_LENGTH = 3


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
        fts = ST.field_types(aty)
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
            if a.typ == b.typ and type(a.val) in SCALAR_VALUE_TYPES and type(b.val) in SCALAR_VALUE_TYPES:
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
    fts = ST.field_types(aty)
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
        return ST.union(a, b)
    # tmerge_fast_path (issimplertype of a type is issimpleenoughtype), then
    # tmerge(::JLTypeLattice)'s `typea <: typeb && return typeb; typeb <: typea
    # && return typea`, with no simplicity check: a subtype of a non-simple
    # union merges into it
    suba = issubtype(a, b)
    if suba and issimpleenoughtype(b):
        return b
    subb = issubtype(b, a)
    if suba and subb:
        return a
    if subb and issimpleenoughtype(a):
        return a
    if suba:
        return b
    if subb:
        return a
    return _tmerge_types_slow(a, b)


def _uniontypes(t, out: list) -> None:
    if type(t) is UnionType:
        out.extend(_sorted_members(t))
    else:
        out.append(t)


def _sorted_members(t: UnionType) -> list:
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
    u = ST.union(*types)
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
    u = ST.union(*types)
    if issimpleenoughtype(u):
        return u
    # "widen Tuple{..., Union{lots of stuff}...} to Tuple{..., Any, ...}": every
    # tuple member keeps its union-free parameters, another becomes `Any` (a
    # Vararg of a union `Vararg`); the union is checked once, after all of them
    widened = False
    for i in range(n):
        if names[i] is TT.TUPLE_NAME:
            types[i] = _widen_tuple_unions(types[i])
            widened = True
    if widened:
        u = ST.union(*types)
        if issimpleenoughtype(u):
            return u
    return ANY


def _widen_tuple_unions(ti):
    """`tmerge_types_slow`'s last-resort step for one tuple `ti` (1.10):
    `p[j] = unioncomplexity(ui) == 0 ? ui : isvarargtype(ui) ? Vararg : Any`,
    rewrapped in `ti`'s `where`s."""
    w = unwrap_unionall(ti)
    if type(w) is not DataType:
        return ti
    ps = []
    for p in w.params:
        if unioncomplexity(p) == 0:
            ps.append(p)
        elif type(p) is VarargType:
            ps.append(VarargType(ANY))
        else:
            ps.append(ANY)
    return rewrap_unionall(TT.tuple_type(ps), ti)


def _has_free(p) -> bool:
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
        ui = ST.union(ap[i], bp[i])
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


