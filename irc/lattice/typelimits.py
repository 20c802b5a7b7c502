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


def issimplertype(a, b, v111: bool = False) -> bool:
    """Julia's `issimplertype(typea, typeb)` (assumes b ⊑ a); `v111`: 1.11's `issimpleenoughtype`."""
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
        return issimplertype(a.then, b.then, v111) and issimplertype(a.else_, b.else_, v111)
    if ta is Const:
        return True
    return issimpleenoughtype_v111(a) if v111 else issimpleenoughtype(a)


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


def tmerge(a, b, v111: bool = False):
    """Julia's `tmerge(𝕃, a, b)` for the 1.10 inference lattice (see module doc).
    `v111`: Julia 1.11's type limits (`tmerge_for`; the lattice layers are the same in 1.11)."""
    if a is b:
        return a
    ta, tb = type(a), type(b)
    # fast paths for the common cases (same results as the general rules below)
    if ta is DataType:
        if tb is DataType:
            return a if a == b else _tmerge_types(a, b, v111)
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
                then = tmerge(a.then, b.then, v111)
                else_ = tmerge(a.else_, b.else_, v111)
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
        return _tmerge_types(a, b, v111)
    suba = lattice_le(a, b)
    if suba and issimplertype(b, a, v111):
        return b
    subb = lattice_le(b, a)
    if suba and subb:
        return a
    if subb and issimplertype(a, b, v111):
        return a
    acp = ta is PartialStruct or ta is Const
    bcp = tb is PartialStruct or tb is Const
    if acp and bcp:
        ps = _tmerge_partial_struct(a, b)
        if ps is not None:
            return ps
    # ConstsLattice / PartialsLattice widening
    return _tmerge_types(widenconst(a), widenconst(b), v111)


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
def _tmerge_types(a, b, v111: bool = False):
    """Julia's `tmerge(::JLTypeLattice, a, b)` (1.10); `v111`: 1.11's, which takes
    `tmerge_fast_path` (⊑ with `issimplertype`: 1.11's `issimpleenoughtype`) and 1.11's
    `tmerge_types_slow`."""
    simple = issimpleenoughtype_v111 if v111 else issimpleenoughtype
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
    if suba and simple(b):
        return b
    subb = issubtype(b, a)
    if suba and subb:
        return a
    if subb and simple(a):
        return a
    if v111:  # 1.11: no bare `<:` shortcut (tmerge_fast_path only), then its tmerge_types_slow
        return _tmerge_types_slow_v111(a, b)
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


def _members_and_names(a, b):
    """`tmerge_types_slow`'s first step: the members of both sides (in union order) and each one's
    TypeName (a function's own type for a FuncType); None when one is not a well-formed data type."""
    types: list = []
    _uniontypes(a, types)
    _uniontypes(b, types)
    names: list = []
    for ti in types:
        uw = unwrap_unionall(ti)
        if type(uw) is FuncType:
            names.append(uw)
            continue
        if type(uw) is not DataType or not issubtype(ti, TT.wrapper(uw.name)):
            return None
        names.append(uw.name)
    return types, names


def _flat_union(a, b, simple):
    """The start both versions of `tmerge_types_slow` share: `Any` when the members cannot be
    named, the flat union when `simple` (the version's `issimpleenoughtype`) accepts it, else
    (types, names) of the members to merge."""
    members = _members_and_names(a, b)
    if members is None:
        return ANY
    types, names = members
    u = ST.union(*types)
    return u if simple(u) else (types, names)


def _tmerge_types_slow(a, b):
    """Julia 1.10 `tmerge_types_slow` (typelimits.jl)."""
    flat = _flat_union(a, b, issimpleenoughtype)
    if type(flat) is not tuple:
        return flat
    types, names = flat
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
            ps.append(VarargType(ANY, bare=True))  # `isvarargtype(ui) ? Vararg : Any`: the bare Vararg
        else:
            ps.append(ANY)
    return rewrap_unionall(TT.tuple_type(ps), ti)


def _has_free(p) -> bool:
    return is_type(p) and has_free_typevars(p)


def tuplemerge(a: DataType, b: DataType, simple=issimpleenoughtype):
    """Julia's `tuplemerge` (typelimits.jl): element-wise union when lengths
    agree (elements too complex become `Any`), else `Tuple{Vararg{tail}}`.
    `simple`: the version's `issimpleenoughtype` (1.11: `issimpleenoughtupleelem`)."""
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
        p.append(ui if simple(ui) else ANY)
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
        if not simple(tail) or tail == ANY:
            if lt == 0:
                return TT.TUPLE_ANY
            p.append(VarargType(ANY))
        else:
            p.append(VarargType(tail))
    return TT.tuple_type(p)


# ---------------------------------------------------------------- conveniences




def tmerge_for(rules):
    """The `tmerge` of a rules version (`irc.syntax.version.JuliaVersion`; None: 1.10)."""
    if rules is not None and rules.tmerge_v111:
        return _tmerge_v111
    return tmerge


def _tmerge_v111(a, b):
    return tmerge(a, b, True)


# ---------------------------------------------------------------- Julia 1.11's limits
# (typelimits.jl at v1.11.0; chosen by `tmerge_for(rules)` / `tmerge(…, v111=True)`, never by default)


@lru_cache(maxsize=1 << 16)
def issimpleenoughtype_v111(t) -> bool:
    """Julia 1.11 `issimpleenoughtype`: a bare wrapper (`Vector`, `AbstractString`) is always simple;
    else `max(unionlen, union_count_abstract + 1) <= MAX_TYPEUNION_LENGTH` and the complexity cap
    (1.10 adds the two counts: `Union{AbstractString, Integer}` is 4 there, 3 here)."""
    u = unwrap_unionall(t)
    if type(u) is DataType and u.name is not TT.TUPLE_NAME and TT.wrapper(u.name) == t:
        return True
    return (max(unionlen(t), union_count_abstract(t) + 1) <= MAX_TYPEUNION_LENGTH
            and unioncomplexity(t) <= MAX_TYPEUNION_COMPLEXITY)


def _super_name(n):
    """The TypeName (or FuncType) of `n`'s declared supertype; None above `Any`."""
    if type(n) is FuncType:
        return TT.FUNCTION.name
    if n is TT.ANY_NAME:
        return None
    s = n.super
    return s.name if type(s) is DataType else TT.ANY_NAME


def _is_abstract_name(n) -> bool:
    return type(n) is not FuncType and n.abstract


def tname_intersect(a, b):
    """Julia 1.11 `tname_intersect`: the one of two type names that is an ancestor of the other
    (walking declared supertypes), or None; two concrete names only when equal."""
    if a is b or (type(a) is FuncType and a == b):
        return a
    if not _is_abstract_name(a) and not _is_abstract_name(b):
        return None
    if a is TT.ANY_NAME:
        return a
    ha, x = 0, a
    while x is not TT.ANY_NAME and x is not None:
        ha += 1
        x = _super_name(x)
    hb, y = 0, b
    while y is not TT.ANY_NAME and y is not None:
        if y is a:
            return a
        hb += 1
        y = _super_name(y)
    x = a
    while ha > hb:
        x = _super_name(x)
        ha -= 1
    return b if x is b else None


def _up_to(t, name):
    """`t` (unwrapped) walked up its supertypes to the one named `name`."""
    while type(t) is FuncType or t.name is not name:
        t = ST.supertype(t)
    return t


def _tmerge_types_slow_v111(a, b):
    """Julia 1.11 `tmerge_types_slow`: the flat union when simple enough; else members whose names
    `tname_intersect` relates merge (tuples by `tuplemerge`, others into the common ancestor's
    wrapper keeping equal parameters); members still too complex widen to their wrapper (a tuple
    element-wise); no `Any` fallback: the union may keep any number of unrelated members."""
    flat = _flat_union(a, b, issimpleenoughtype_v111)
    if type(flat) is not tuple:
        return flat
    types, names = flat
    n = len(types)
    ANYN = TT.ANY_NAME
    simplify = [False] * n
    for i in range(n):
        if names[i] is ANYN:
            continue
        ti = types[i]
        for j in range(i + 1, n):
            if names[j] is ANYN:
                continue
            ij = tname_intersect(names[i], names[j])
            if ij is None:
                continue
            tj = types[j]
            if issubtype(ti, tj):
                types[i], names[i] = BOTTOM, ANYN
                simplify[i], simplify[j] = False, True
                break
            if issubtype(tj, ti):
                types[j], names[j] = BOTTOM, ANYN
                simplify[j], simplify[i] = False, True
                continue
            if ij is TT.TUPLE_NAME:
                widen = tuplemerge(unwrap_unionall(ti), unwrap_unionall(tj), issimpleenoughtype_v111)
                widen = rewrap_unionall(rewrap_unionall(widen, ti), tj)
                simplify[j] = False
            elif type(ij) is FuncType:
                widen = ti
                simplify[j] = False
            else:
                wr = TT.wrapper(ij)
                ui, uj = _up_to(unwrap_unionall(ti), ij), _up_to(unwrap_unionall(tj), ij)
                ps = []
                for k, v in enumerate(ij.params):
                    pk = ui.params[k] if k < len(ui.params) else v
                    qk = uj.params[k] if k < len(uj.params) else v
                    ps.append(pk if pk == qk and not _has_free(pk) else v)
                widen = rewrap_unionall(DataType(ij, tuple(ps)), wr)
                if not issubtype(widen, wr):
                    widen = wr
                simplify[j] = False  # `usep` is always true in 1.11.0
            types[i], names[i] = BOTTOM, ANYN
            simplify[i] = False
            types[j], names[j] = widen, ij
            break
    for i in range(n):
        if not simplify[i]:
            continue
        ti = types[i]
        if issimpleenoughtype_v111(ti):
            continue
        if names[i] is TT.TUPLE_NAME:
            w = unwrap_unionall(ti)
            ps = []
            for p in w.params:
                if type(p) is VarargType:
                    ps.append(p if issimpleenoughtype_v111(p.T) else VarargType(ANY, bare=True))
                else:
                    ps.append(p if issimpleenoughtype_v111(p) else ANY)
            types[i] = rewrap_unionall(TT.tuple_type(ps), ti)
        elif type(names[i]) is not FuncType:
            types[i] = TT.wrapper(names[i])
    return ST.union(*types)
