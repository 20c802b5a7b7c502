"""Subtyping (`<:`), `typeintersect` and `typesubtract` over `irc.lattice.types`, and the
type constructors and queries that depend on subtyping: `union` (Julia's
`jl_type_union`: flatten, drop `Union{}`, drop a member that is a subtype of
another member, one member -> that member), `apply_type` (`head{ps…}` for a
wrapper/TypeName, binding its `where` variables in order: `Array{Int64}`
keeps `N` free as a UnionAll), `subst` (substitute TypeVars), `supertype`,
`field_types`.  They recurse into each other (a union needs
`<:`, `<:` climbs supertypes, a supertype is instantiated by `subst`, which
rebuilds unions), so they live in one module.

Algorithm (a reduced form of Julia's `subtype.c`):

- `Union{}` is below everything, `Any` above everything; a union on the
  left needs every member below, a union on the right some member (tried in
  turn, each with its own copy of the variable environment).
- A `where` on the left is opened with its variable kept free (a free
  variable is below `b` when its upper bound is); a `where` on the right is
  existential: its variable gets a binding record in `env`.  A right
  variable opened inside a left one may be bound to it (Julia's `∀T ∃S`:
  `(Ref{T} where T) <: (Ref{S} where S)` with `S = T`, `subtype.c`'s
  environment order); one opened outside it may not (the left variable
  would escape its `where`).  Open left variables are kept in `env` under
  `_Left` keys, so each binding record knows the ones in scope when it was made.  An invariant
  occurrence (a parameter of a non-tuple type) fixes the variable exactly; a
  covariant occurrence (a tuple element) raises its lower bound (the union
  of what it was compared with).  On leaving the `where`, the bounds are
  checked and Julia's diagonal rule applied: a variable seen only in
  covariant positions, at least twice, must bind to a concrete type.  A
  method match's static parameters (`match_static_parameters`) are those
  bindings, but a variable seen only covariantly whose lower bound is no
  leaf (`is_leaf_bound`) is a variable below that bound (`jl_subtype_env`).
- Data types walk up the supertype chain of the left side to the right
  side's type name and then compare parameters invariantly; tuples compare
  covariantly, a trailing `Vararg{T}` matching any number of `T`s and a
  `Vararg{T, N}` binding `N` to the count.
- `Type{T}` is below `Type{S}` when T and S are equal types, and below the
  kind of `T` (`DataType`, `Union`, `UnionAll`, `TypeofBottom`); every
  kind is below `Type` (`Type{T} where T`).

`typeintersect` (sound over-approximation where exactness is not needed for
`isa`/`===` refinement): equal/sub cases exact, unions member-wise, tuples
element-wise, two unrelated data types with single inheritance are disjoint.
A name irc does not know (`TypeName.unknown`) is below only `Any` and
itself (by structure), is never concrete, and meets every non-concrete type
it is not provably below in itself (its relations are unknown, so the meet
is over-approximated, never `Union{}`), and no known non-abstract type.
`typesubtract` follows Julia's `typesubtract` (typeutils.jl): subtract
member-wise from unions; a tuple with exactly one narrowable element
narrows that element; otherwise the type is kept.

Invariants: pure functions; `issubtype`, `typeintersect` and `typesubtract`
are memoised on their (hash-cached, immutable) arguments.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from irc.lattice.types import (
    BOTTOM,
    DataType,
    FuncType,
    TypeVar,
    UnionAllType,
    UnionType,
    VarargType,
    TypeName,
    has_free_typevars,
    has_typevar,
    is_type,
    rewrap_unionall,
    structural_key,
    unwrap_unionall,
)
from irc.lattice import typetable as TT
class _Bind:
    __slots__ = ("var", "exact", "lb", "cov", "left")

    def __init__(self, var: TypeVar, left: frozenset = frozenset()):
        self.var = var
        self.exact = None  # bound exactly by an invariant occurrence
        self.lb = BOTTOM  # union of covariant lower bounds
        self.cov = 0  # number of covariant occurrences
        self.left = left  # the left variables open when it was made: it may be bound to them

    def copy(self) -> "_Bind":
        b = _Bind(self.var, self.left)
        b.exact, b.lb, b.cov = self.exact, self.lb, self.cov
        return b

    def value(self):
        return self.exact if self.exact is not None else self.lb


@dataclass(frozen=True, slots=True)
class _Left:
    """The `env` key of an open left variable (a TypeVar key is a right variable's)."""

    var: TypeVar

    def copy(self) -> "_Left":
        return self


def _open_left(env: dict) -> frozenset:
    return frozenset(k.var for k in env if type(k) is _Left)


def _copy_env(env: dict) -> dict:
    return {k: v.copy() for k, v in env.items()}


ANY = TT.ANY


@lru_cache(maxsize=1 << 18)
def issubtype(a, b) -> bool:
    """`a <: b`."""
    if a is b or a == b:
        return True
    return _sub(a, b, {})


def _in_order(members) -> list:
    return sorted(members, key=structural_key)


def _is_any(t) -> bool:
    return type(t) is DataType and t.name is TT.ANY_NAME


def _sub(a, b, env: dict) -> bool:
    if a is b:
        return True
    tb = type(b)
    if tb is DataType and b.name is TT.ANY_NAME:
        return True
    ta = type(a)
    if ta is UnionType and not a.members:
        return True
    if tb is TypeVar:
        bd = env.get(b)
        if bd is not None:
            return _bind_lower(bd, a, env)
        if ta is TypeVar and a == b:
            return True
        return b.lb is not None and _sub(a, b.lb, env)
    if ta is TypeVar:
        # a right variable met on the left (a bound being checked) reads its binding; an open left variable
        # of the same name (`T` of two declarations: TypeVars are equal by name) is itself, below its bound
        bd = env.get(a) if _Left(a) not in env else None
        if bd is not None:
            v = bd.value()
            if v is not a and v != a:
                return _sub(v, b, env)
        return _sub(a.ub if a.ub is not None else ANY, b, env)
    if ta is UnionType:
        if not env:
            return all(_sub(m, b, env) for m in a.members)
        return all(_sub(m, b, env) for m in _in_order(a.members))
    if ta is UnionAllType:
        var, body = a.var, a.body
        if var in env or _Left(var) in env:  # the name of a right or an open left one: rename it apart
            fresh = var
            while fresh in env or _Left(fresh) in env:
                fresh = TypeVar(fresh.name + "′", fresh.lb, fresh.ub)
            var, body = fresh, subst(body, {var: fresh})
        key = _Left(var)
        env[key] = key
        try:
            return _sub(body, b, env)
        finally:
            env.pop(key, None)
    if tb is UnionType:
        if not b.members:
            return False
        if ta is DataType and a.name is TT.TUPLE_NAME:
            split = _split_tuple(a)
            if split is not None:  # Tuple{Union{A, B}} is Union{Tuple{A}, Tuple{B}}
                return all(_sub(x, b, env) for x in split)
        if not env:
            return any(_sub(a, m, env) for m in b.members)
        for m in _in_order(b.members):  # the first that binds wins: the same one in every run
            e2 = _copy_env(env)
            if _sub(a, m, e2):
                env.clear()
                env.update(e2)
                return True
        return False
    if tb is UnionAllType:
        if ta in TT.KINDS and _is_any_type(b):
            return True  # every kind is a Type (`Type{T} where T`, T unbounded)
        e2 = _copy_env(env)
        bd = _Bind(b.var, _open_left(env))
        e2[b.var] = bd
        if not _sub(a, b.body, e2):
            return False
        if not _finish(bd, e2):
            return False
        del e2[b.var]
        env.clear()
        env.update(e2)
        return True
    if ta is VarargType or tb is VarargType:
        if ta is VarargType and tb is VarargType:
            return _sub(a.T, b.T, env)
        return False
    if ta is FuncType:
        if tb is FuncType:
            return a == b
        return _sub(TT.FUNCTION, b, env)
    if tb is FuncType:
        return False
    if ta is not DataType or tb is not DataType:
        return False
    an, bn = a.name, b.name
    if an is TT.TYPE_NAME:
        if bn is TT.TYPE_NAME:
            return _eq_param(a.params[0], b.params[0], env)
        if b in TT.KINDS:
            return _kind_of(a.params[0]) == b
        return False
    if bn is TT.TYPE_NAME:
        if a in TT.KINDS:  # a kind is below `Type{T}` only for an unbounded `T`
            p = b.params[0]
            return type(p) is TypeVar and p in env and p.lb in (None, BOTTOM) and p.ub in (None, TT.ANY)
        return False
    if an is TT.TUPLE_NAME or bn is TT.TUPLE_NAME:
        if an is TT.TUPLE_NAME and bn is TT.TUPLE_NAME:
            return _tuple_sub(a.params, b.params, env)
        return False
    x = a
    while x.name is not bn:
        if x.name is TT.ANY_NAME:
            return False
        x = supertype(x)
        if type(x) is not DataType:
            return False
    if x == b:
        return True
    if len(x.params) != len(b.params):
        return False
    for pa, pb in zip(x.params, b.params):
        if not _eq_param(pa, pb, env):
            return False
    return True


def _split_tuple(a: DataType, limit: int = 64):
    """The tuples a tuple type with union elements stands for, nested tuples
    included (`Tuple{Int64, Tuple{Union{A, B}}}` is `Union{Tuple{Int64,
    Tuple{A}}, Tuple{Int64, Tuple{B}}}`: tuples are covariant); None if no
    element splits, or past `limit` combinations."""
    ps = a.params
    if any(type(p) is VarargType for p in ps):
        return None
    choices = []
    n = 1
    for p in ps:
        ms = _element_choices(p, limit)
        if ms is None:
            return None
        n *= len(ms)
        if n > limit:
            return None
        choices.append(ms)
    if n == 1 and all(ms[0] is p for ms, p in zip(choices, ps)):
        return None
    out = [[]]
    for ms in choices:
        out = [o + [m] for o in out for m in ms]
    return [TT.tuple_type(o) for o in out]


def _element_choices(p, limit: int):
    """What a tuple element stands for when splitting: a union's members, a
    nested tuple's splits (each member likewise), else itself; None past `limit`."""
    members = list(p.members) if type(p) is UnionType else [p]
    out = []
    for m in members:
        if type(m) is DataType and m.name is TT.TUPLE_NAME:
            sub = _split_tuple(m, limit)
            out.extend(sub if sub is not None else [m])
        else:
            out.append(m)
        if len(out) > limit:
            return None
    return out


def _is_any_type(b) -> bool:
    """Is `b` `Type{T} where T` with `T` unbounded (all of `Type`)?  A
    bounded `Type{<:Integer}` or `Type{Vector{T}} where T` holds only some
    types, so no kind is below it."""
    u = unwrap_unionall(b)
    if type(u) is not DataType or u.name is not TT.TYPE_NAME:
        return False
    p = u.params[0]
    if type(p) is not TypeVar or p.lb not in (None, BOTTOM) or p.ub not in (None, TT.ANY):
        return False
    w = b
    while type(w) is UnionAllType:
        if w.var == p:
            return True
        w = w.body
    return False


def _kind_of(t):
    """`typeof(t)` for a type value `t`."""
    tt = type(t)
    if tt is UnionType:
        return TT.TYPEOFBOTTOM if not t.members else TT.UNION_KIND
    if tt is UnionAllType:
        return TT.UNIONALL
    if tt is TypeVar:
        return None
    return TT.DATATYPE


def _eq_param(pa, pb, env: dict) -> bool:
    """Invariant comparison of two type parameters."""
    if pa is pb:
        return True
    tpa, tpb = type(pa), type(pb)
    if tpb is TypeVar and pb in env:
        return _bind_exact(env[pb], pa, env)
    if tpa is TypeVar and pa in env:
        return _bind_exact(env[pa], pb, env)
    if is_type(pa) and is_type(pb):
        if not env and pa == pb:
            return True
        return _sub(pa, pb, env) and _sub(pb, pa, env)
    return tpa is tpb and pa == pb


def _bind_exact(bd: _Bind, t, env: dict) -> bool:
    if bd.exact is not None:
        if not (is_type(t) and is_type(bd.exact)):
            return type(t) is type(bd.exact) and t == bd.exact
        return t == bd.exact or (_sub(t, bd.exact, env) and _sub(bd.exact, t, env))
    v = bd.var
    if is_type(t):
        if has_free_typevars(t, frozenset(env) | bd.left):
            return False  # a left `where` variable opened inside the right one cannot escape into its value
        if v.ub is not None and not _sub(t, v.ub, env):
            return False
        if v.lb is not None and not _sub(v.lb, t, env):
            return False
        if bd.lb != BOTTOM and not _sub(bd.lb, t, env):
            return False
    elif v.ub is not None or v.lb is not None:
        return False
    # a bound check through a `where` or a union (`T<:Array`, `Array{T, N} where {T, N}`) may have replaced
    # env's bindings by copies (`_copy_env`): bind the one env holds now, or the binding is lost
    bd = env.get(v, bd)
    bd.exact = t
    return True


def _bind_lower(bd: _Bind, t, env: dict) -> bool:
    if bd.exact is not None:
        if not is_type(bd.exact):
            return False
        return _sub(t, bd.exact, env)
    if type(t) is VarargType:
        return False
    lb = union(bd.lb, t) if bd.lb != BOTTOM else t
    ub = bd.var.ub
    if ub is not None and not _sub(lb, ub, env):
        return False
    bd = env.get(bd.var, bd)  # the bound check may have copied env's bindings (`_bind_exact`)
    bd.lb = lb
    bd.cov += 1
    return True


def _finish(bd: _Bind, env: dict) -> bool:
    v = bd.var
    if bd.exact is None:
        if bd.cov >= 2 and bd.lb != BOTTOM and not TT.isconcrete(bd.lb):
            return False  # diagonal rule
        if v.lb is not None and not _sub(v.lb, bd.lb, env):
            return False
    return True


def _tuple_sub(ap: tuple, bp: tuple, env: dict) -> bool:
    na, nb = len(ap), len(bp)
    ava = na > 0 and type(ap[-1]) is VarargType
    bva = nb > 0 and type(bp[-1]) is VarargType
    if not bva:
        if ava or na != nb:
            return False
        for x, y in zip(ap, bp):
            if not _sub(x, y, env):
                return False
        return True
    bfix = nb - 1
    bv = bp[-1]
    if ava:
        afix = na - 1
        av = ap[-1]
        if afix < bfix:
            return False
        for i in range(bfix):
            if not _sub(ap[i], bp[i], env):
                return False
        for i in range(bfix, afix):
            if not _sub(ap[i], bv.T, env):
                return False
        if bv.N is not None:
            if type(bv.N) is TypeVar and bv.N in env and av.N is not None and afix == bfix:
                return _bind_exact(env[bv.N], av.N, env) and _sub(av.T, bv.T, env)
            if type(bv.N) is TypeVar and bv.N in env and av.N is None and env[bv.N].exact is None:
                # `Tuple{Vararg{Int64}} <: NTuple{N, T} where {N, T}`: every length has its N, so N
                # stays unbound (T binds as usual); a length variable bound elsewhere cannot take them all
                return _sub(av.T, bv.T, env)
            return False
        return _sub(av.T, bv.T, env)
    if na < bfix:
        return False
    for i in range(bfix):
        if not _sub(ap[i], bp[i], env):
            return False
    for i in range(bfix, na):
        if not _sub(ap[i], bv.T, env):
            return False
    n = bv.N
    if n is None:
        return True
    if type(n) is int:
        return na - bfix == n
    if type(n) is TypeVar and n in env:
        return _bind_exact(env[n], na - bfix, env)
    return False


def match_signature(args_tuple, sig) -> dict | None:
    """Match a `Tuple{…}` of argument types against a signature, which may be
    wrapped in `where`s.  Returns the bindings {TypeVar: value} when
    `args_tuple <: sig`, else None.  Unbound variables are absent."""
    return _match(args_tuple, sig, False)


def match_static_parameters(args_tuple, sig) -> dict | None:
    """`match_signature` giving each variable the value Julia's method match gives it
    (`match.sparams`, from `jl_subtype_env`'s environment, subtype.c v1.10.0
    `subtype_unionall`: "fill variable values into `envout`"): a variable seen only in
    covariant places (`x::T`, a tuple's element) whose lower bound is not a leaf
    (`is_leaf_bound`: an abstract type, `Any`, a `where` type, a union) has no one value and
    stays a variable below that bound, `TypeVar(T, Union{}, lb)`; an invariant occurrence
    (`Vector{T}`) or a leaf bound gives the value itself."""
    return _match(args_tuple, sig, True)


def is_leaf_bound(t) -> bool:
    """Julia's `is_leaf_bound` (subtype.c): `Union{}`, a concrete type, a `Type{…}`, or a
    value that is no type -- as far as irc knows: only what it knows is no leaf is none
    (`Any`, a built-in abstract type such as `Real` or `Function`, a `where` type, a
    union, a variable, a tuple with such an element, a type with a free variable).  A
    name irc does not know, or one a file declares (`abstract type Fix2{T1, T2} end` is
    how `irc stubs` writes a type known only by name), counts as a leaf: never a
    variable for want of knowledge."""
    if t == BOTTOM:
        return True
    tt = type(t)
    if tt is DataType:
        tn = t.name
        if tn is TT.TYPE_NAME:
            return True
        if tn is TT.TUPLE_NAME:
            return all(type(p) is not VarargType and is_leaf_bound(p) for p in t.params)
        if has_free_typevars(t):
            return False
        return not (tn.abstract and not tn.declared and not tn.unknown)
    return tt not in (UnionAllType, UnionType, TypeVar, VarargType)


def _match(args_tuple, sig, sparams: bool) -> dict | None:
    env: dict = {}
    vars_ = []
    s = sig
    while type(s) is UnionAllType:
        vars_.append(s.var)
        env[s.var] = _Bind(s.var)
        s = s.body
    if not _sub(args_tuple, s, env):
        return None
    out = {}
    for v in vars_:
        bd = env[v]
        if not _finish(bd, env):
            return None
        if bd.exact is not None:
            out[v] = bd.exact
        elif bd.cov:
            if not sparams or is_leaf_bound(bd.lb):
                out[v] = bd.lb
            else:
                out[v] = TypeVar(v.name, None, None if _is_any(bd.lb) else bd.lb)
    return out


# ---------------------------------------------------------------- intersection


@lru_cache(maxsize=1 << 16)
def typeintersect(a, b):
    """`typeintersect(a, b)`: exact for the cases refinement needs, otherwise
    a sound over-approximation (a type containing the true intersection)."""
    if a == b:
        return a
    if _is_any(a):
        return b
    if _is_any(b):
        return a
    if a == BOTTOM or b == BOTTOM:
        return BOTTOM
    if type(a) is UnionType:
        return union(*(typeintersect(m, b) for m in a.members))
    if type(b) is UnionType:
        return union(*(typeintersect(a, m) for m in b.members))
    if issubtype(a, b):
        return a
    if issubtype(b, a):
        return b
    ua, ub = unwrap_unionall(a), unwrap_unionall(b)
    if type(ua) is TypeVar or type(ub) is TypeVar:
        return b
    if type(ua) is FuncType or type(ub) is FuncType:
        return BOTTOM if (type(ua) is FuncType and type(ub) is FuncType) or TT.isconcrete(a) or TT.isconcrete(b) else b
    if type(ua) is not DataType or type(ub) is not DataType:
        return b
    # Type{T} against kinds
    if ua.name is TT.TYPE_NAME or ub.name is TT.TYPE_NAME:
        t, other = (a, ub) if ua.name is TT.TYPE_NAME else (b, ua)
        if other in TT.KINDS or (type(other) is DataType and other.name is TT.TYPE_NAME):
            if type(t) is DataType and type(other) is DataType and other.name is TT.TYPE_NAME and not has_free_typevars(t) and not has_free_typevars(other):
                return BOTTOM
            return t
        return BOTTOM if _disjoint_names(ua, ub) else t
    if ua.name is TT.TUPLE_NAME and ub.name is TT.TUPLE_NAME:
        if a is ua and b is ub:
            return _tuple_intersect(ua.params, ub.params)
        return b
    if TT.isconcrete(a) or TT.isconcrete(b):
        return BOTTOM
    if ua.name.unknown or ub.name.unknown:
        # a name irc does not know may be below any abstract type, and two such
        # names may be related: the unknown side over-approximates the meet.  A
        # known non-abstract name has no subtypes but its own: disjoint from it.
        known = ub if ua.name.unknown else ua
        if not known.name.unknown and not known.name.abstract:
            return BOTTOM
        return a if ua.name.unknown else b
    if ua.name is ub.name:
        if a is ua and b is ub:
            return BOTTOM  # invariant parameters differ
        # where-wrapped: a parameter that is a variable on either side is compatible;
        # other invariant parameters must be equal
        for pa, pb in zip(ua.params, ub.params):
            if type(pa) is TypeVar or type(pb) is TypeVar:
                continue
            if is_type(pa) and is_type(pb):
                if has_free_typevars(pa) or has_free_typevars(pb):
                    continue
                if not (issubtype(pa, pb) and issubtype(pb, pa)):
                    return BOTTOM
            elif type(pa) is not type(pb) or pa != pb:
                return BOTTOM
        return b if a is not ua else a
    if _disjoint_names(ua, ub):
        return BOTTOM
    return b if _name_below(ub, ua.name) else a


def _name_below(t: DataType, name) -> bool:
    x = t
    while True:
        if x.name is name:
            return True
        if x.name is TT.ANY_NAME:
            return False
        x = supertype(unwrap_unionall(x) if type(x) is not DataType else x)
        x = unwrap_unionall(x)
        if type(x) is not DataType:
            return False


def _disjoint_names(ua: DataType, ub: DataType) -> bool:
    """Single inheritance: unrelated type names have no common subtype."""
    return not (_name_below(ua, ub.name) or _name_below(ub, ua.name))


def _tuple_intersect(ap: tuple, bp: tuple):
    ava = bool(ap) and type(ap[-1]) is VarargType
    bva = bool(bp) and type(bp[-1]) is VarargType
    if ava and bva:
        n = max(len(ap), len(bp)) - 1
        ea = _expand(ap, n) + [VarargType(ap[-1].T)]
        eb = _expand(bp, n) + [VarargType(bp[-1].T)]
        out = []
        for x, y in zip(ea[:-1], eb[:-1]):
            t = typeintersect(x, y)
            if t == BOTTOM:
                return BOTTOM
            out.append(t)
        tail = typeintersect(ea[-1].T, eb[-1].T)
        out.append(VarargType(tail))
        return TT.tuple_type(out)
    if ava or bva:
        fixed, va = (bp, ap) if ava else (ap, bp)
        n = len(fixed)
        if len(va) - 1 > n:
            return BOTTOM
        ev = _expand(va, n)
        pa, pb = (ev, list(fixed)) if ava else (list(fixed), ev)
    else:
        if len(ap) != len(bp):
            return BOTTOM
        pa, pb = list(ap), list(bp)
    out = []
    for x, y in zip(pa, pb):
        t = typeintersect(x, y)
        if t == BOTTOM:
            return BOTTOM
        out.append(t)
    return TT.tuple_type(out)


def _expand(ps: tuple, n: int) -> list:
    fixed = list(ps[:-1])
    va = ps[-1]
    return fixed + [va.T] * (n - len(fixed))


# ---------------------------------------------------------------- subtraction


@lru_cache(maxsize=1 << 16)
def typesubtract(a, b):
    """Julia's `typesubtract(a, b)` (typeutils.jl): the part of `a` outside `b`."""
    if issubtype(a, b):
        return BOTTOM
    if type(a) is UnionType:
        return union(*(typesubtract(m, b) for m in a.members))
    if TT.is_tuple(a) and TT.is_tuple(b) and len(a.params) == len(b.params) and not TT.is_vatuple(a) and not TT.is_vatuple(b):
        # exactly one element not covered by b: narrow that element
        idx = -1
        for i, (x, y) in enumerate(zip(a.params, b.params)):
            if not issubtype(x, y):
                if idx >= 0:
                    return a
                idx = i
        if idx >= 0:
            ps = list(a.params)
            ps[idx] = typesubtract(ps[idx], b.params[idx])
            return TT.tuple_type(ps)
    return a


# ---------------------------------------------------------------- constructors that normalise
#
# `union` drops members that are subtypes of others (jl_type_union), so it
# needs `issubtype`; `subst` rebuilds unions; `supertype` and `field_types`
# instantiate a declaration by `subst`, and `issubtype` climbs supertypes.


def union(*ts):
    """`Union{ts…}` as Julia's `jl_type_union` normalises it."""
    flat: list = []
    for t in ts:
        if type(t) is UnionType:
            flat.extend(t.members)
        elif type(t) is UnionAllType and type(TT._body(t)) is UnionType:
            # flatten `Union{A{T}, B{T}} where T` into its members (flatten_type_union, widen=1)
            for m in TT._body(t).members:
                flat.append(_rewrap(m, t))
        else:
            flat.append(t)
    if not flat:
        return BOTTOM
    uniq = []
    seen = set()
    for t in flat:
        if t not in seen:
            seen.add(t)
            uniq.append(t)
    if len(uniq) == 1:
        return uniq[0]
    if TT.ANY in seen:
        return TT.ANY
    keep = []
    for i, t in enumerate(uniq):
        redundant = False
        for j, u in enumerate(uniq):
            if i != j and u is not None and issubtype(t, u) and not (issubtype(u, t) and j > i):
                redundant = True
                break
        if not redundant:
            keep.append(t)
    if len(keep) == 1:
        return keep[0]
    return UnionType(frozenset(keep))


def _rewrap(t, w):
    return rewrap_unionall(t, w)


def subst(t, env: dict):
    """Substitute the TypeVars in `env` (TypeVar -> type or value) inside `t`."""
    if not env:
        return t
    tt = type(t)
    if tt is TypeVar:
        return env.get(t, t)
    if tt is DataType:
        if not t.params:
            return t
        ps = tuple(subst(p, env) for p in t.params)
        if t.name is TT.TUPLE_NAME:
            return TT.tuple_type(ps)
        return DataType(t.name, ps)
    if tt is UnionType:
        return union(*(subst(m, env) for m in t.members))
    if tt is UnionAllType:
        if t.var in env:
            env = {k: v for k, v in env.items() if k != t.var}
        body = subst(t.body, env)
        return UnionAllType(t.var, body) if _mentions(body, t.var) else body
    if tt is VarargType:
        n = t.N
        if type(n) is TypeVar:
            n = env.get(n, n)
        return VarargType(subst(t.T, env), n)
    return t


def _mentions(t, v):
    return has_typevar(t, v)


def apply_type(head, params):
    """`head{params…}`: `head` a UnionAll wrapper, a TypeName, or `Tuple`/`Union`."""
    params = tuple(params)
    if head == TT.UNION_KIND:
        return union(*params)
    if isinstance(head, TypeName):
        head = TT.wrapper(head)
    if head == TT.TUPLE_ANY:
        return TT.tuple_type(params)
    if type(head) is DataType and head.name.unknown:
        return DataType(head.name, head.params + params)  # an unknown name takes its parameters as written
    t = head
    env = {}
    for p in params:
        if type(t) is not UnionAllType:
            raise TypeError("too many parameters for type")
        env[t.var] = p
        t = t.body
    res = subst(t, env)
    return res


@lru_cache(maxsize=1 << 16)
def supertype(t):
    """The declared supertype of a DataType with its parameters substituted."""
    if type(t) is FuncType:
        return TT.FUNCTION
    tn = t.name
    if tn is TT.ANY_NAME:
        return TT.ANY
    if tn.super is None:
        return TT.ANY
    if not tn.params:
        return tn.super
    env = {v: p for v, p in zip(tn.params, t.params)}
    return subst(tn.super, env)


@lru_cache(maxsize=1 << 16)
def field_types(t) -> tuple:
    """Field types of a data type with its parameters substituted (empty when unknown)."""
    if type(t) is not DataType:
        return ()
    tn = t.name
    if tn is TT.TUPLE_NAME:
        return tuple(p.T if type(p) is VarargType else p for p in t.params)
    if tn is TT.NAMEDTUPLE_NAME:
        if len(t.params) == 2 and TT.is_tuple(t.params[1]):
            return field_types(t.params[1])
        if len(t.params) == 2 and type(t.params[1]) is TypeVar and t.params[1].ub is not None \
                and TT.is_tuple(t.params[1].ub):
            # `NamedTuple{(:val, :grad), _A} where _A<:Tuple{Any, Tuple{Any}}`: each field is below the
            # bound's element (`_getfield_tfunc` of a non-concrete named tuple: `Tuple{Any}` for `:grad`)
            return field_types(t.params[1].ub)
        if len(t.params) == 2 and type(t.params[0]) is tuple:  # names known, types not: each field `Any`
            return tuple(TT.ANY for _ in t.params[0])
        return ()
    if not tn.fieldtypes:
        return ()
    if not tn.params:
        return tn.fieldtypes
    env = {v: p for v, p in zip(tn.params, t.params)}
    return tuple(subst(ft, env) for ft in tn.fieldtypes)


