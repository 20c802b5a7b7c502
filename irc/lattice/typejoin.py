"""`typejoin` and `promote_typejoin`: the closest common ancestor of two types, as base/promotion.jl
(v1.10.0) computes it, and the element type of a tuple type it gives (`eltype`).

Algorithm (promotion.jl `typejoin(a, b)`, case by case in Julia's order): a `TypeVar` joins by its
upper bound; a subtype joins to its supertype; a `UnionAll` keeps its variable around the join of
its body; a `Union` is the join of its members (folded from the last, as Julia's nested
`Union{A, Union{B, C}}` is); two tuple types join element by element (a shorter one's tail becomes
a `Vararg` of the longer one's remaining elements, `tailjoin`); a tuple and a non-tuple join to
`Any`; two other data types climb `b`'s supertypes until `a` is below `b`'s type name, then climb
`a` to that name and keep each parameter the two share, leaving the others free (`Vector{Int64}`
and `Vector{Float64}` join to `Vector`, i.e. `Array{T, 1} where T`); none in common: `Any`.
`promote_typejoin(a, b)` is `Union{a, b, typejoin(a', b')}` with `Nothing`/`Missing` taken out
of each first (`_promote_typesubtract`: `Union{Nothing, Int64}` and `Float64` give
`Union{Nothing, Real}`, since `Real` covers the other two).  `tuple_eltype(T)` is `_compute_eltype`
(tuple.jl): `promote_typejoin` folded over the element types, `Union{}` for `Tuple{}`, `Any` for
a type with free variables.

An unknown (opaque) type has no known supertype: it joins to `Any` with anything that is not
its supertype or subtype by structure -- an upper bound, never a wrong lower one.

Invariants: pure functions of their arguments; the result is a supertype of both arguments
(`issubtype(a, typejoin(a, b))`); total (never raises).
"""
from __future__ import annotations

from irc.lattice import typetable as TT
from irc.lattice.subtype import issubtype, subst, supertype, union
from irc.lattice.types import (BOTTOM, DataType, FuncType, TypeVar, UnionAllType, UnionType, VarargType,
                               has_free_typevars, has_typevar, union_members, unwrap_unionall)


def typejoin(a, b):
    """promotion.jl `typejoin(a, b)` (module doc)."""
    if type(a) is TypeVar:
        return typejoin(a.ub if a.ub is not None else TT.ANY, b)
    if type(b) is TypeVar:
        return typejoin(a, b.ub if b.ub is not None else TT.ANY)
    if issubtype(a, b):
        return b
    if issubtype(b, a):
        return a
    if type(a) is UnionAllType:
        return _rewrap(a.var, typejoin(a.body, b))
    if type(b) is UnionAllType:
        return _rewrap(b.var, typejoin(a, b.body))
    if type(a) is UnionType:
        return typejoin(_join_members(a), b)
    if type(b) is UnionType:
        return typejoin(a, _join_members(b))
    if type(a) is FuncType:
        a = supertype(a)
        return typejoin(a, b)
    if type(b) is FuncType:
        b = supertype(b)
        return typejoin(a, b)
    if type(a) is not DataType or type(b) is not DataType:
        return TT.ANY
    if TT.is_tuple(a):
        return _tuple_join(a, b) if TT.is_tuple(b) else TT.ANY
    if TT.is_tuple(b):
        return TT.ANY
    while b != TT.ANY and type(b) is DataType:
        if issubtype(a, TT.wrapper(b.name)):
            while a.name is not b.name:
                a = supertype(a)
                if type(a) is not DataType:
                    return TT.ANY
            return _join_params(a, b)
        b = supertype(b)
    return TT.ANY


def _join_members(u: UnionType):
    """`typejoin(u.a, u.b)` of Julia's nested union, its members in union order, folded from the last."""
    ms = list(union_members(u))
    r = ms[-1]
    for m in reversed(ms[:-1]):
        r = typejoin(m, r)
    return r


def _rewrap(v: TypeVar, body):
    """`UnionAll(v, body)`, or `body` when `v` does not occur in it (Julia's `UnionAll` constructor
    keeps it; irc's types drop an unused variable, as `show` prints them)."""
    return UnionAllType(v, body) if has_typevar(body, v) else body


def _join_params(a: DataType, b: DataType):
    """Two instances of one type name: the shared parameters kept, the others the name's own variables
    (Julia applies `a.name.wrapper` parameter by parameter, then rewraps the free ones)."""
    tn = a.name
    if tn is TT.TYPE_NAME:
        pa, pb = a.params[0], b.params[0]
        if _free_var(pa) or _free_var(pb):
            return TT.wrapper(tn)  # the special `Type{T}` supertype
    if not a.params:
        return a
    if len(a.params) != len(b.params) or len(tn.params) != len(a.params):
        return TT.wrapper(tn)
    env, free = {}, []
    for v, ai, bi in zip(tn.params, a.params, b.params):
        if ai == bi or (_is_typeish(ai) and _is_typeish(bi) and issubtype(ai, bi) and issubtype(bi, ai)):
            env[v] = ai
        else:
            free.append(v)
    body = subst(DataType(tn, tuple(tn.params)), env) if env else DataType(tn, tuple(tn.params))
    for v in reversed(free):
        body = UnionAllType(v, body)
    return body


def _free_var(p) -> bool:
    return type(p) is TypeVar and p.lb in (None, BOTTOM) and p.ub in (None, TT.ANY)


def _is_typeish(p) -> bool:
    return type(p) in (DataType, UnionType, UnionAllType, FuncType, TypeVar) or p is BOTTOM


def _full_va_len(ps) -> tuple[int, bool]:
    """`full_va_len`: the length counting a fixed `Vararg{T, N}` as N elements, and whether it is fixed."""
    if ps and type(ps[-1]) is VarargType:
        n = ps[-1].N
        if type(n) is int:
            return len(ps) - 1 + n, True
        return len(ps), False
    return len(ps), True


def _unwrapva(p):
    return p.T if type(p) is VarargType else p


def _tailjoin(ps, i: int):
    """`tailjoin(A, i)`: the join of the elements from the i-th (1-based) on."""
    if i > len(ps):
        return BOTTOM
    t = BOTTOM
    for p in ps[i - 1:]:
        t = typejoin(t, _unwrapva(p))
    return t


def _shorter_tail(sp, lsf: int, sfixed: bool, lp) -> tuple[list, int]:
    """The joined tuple's slots when the tuple of parameters `sp` (`lsf` elements, `sfixed`: no open
    `Vararg`) is the shorter: its open `Vararg` joins the longer one's rest, else one `Vararg` of that
    rest follows its elements; and how many leading slots join element by element."""
    if type(sp[-1]) is VarargType and not sfixed:
        c = [None] * lsf
        c[lsf - 1] = VarargType(typejoin(_unwrapva(sp[-1]), _tailjoin(lp, lsf)), None)
        return c, lsf - 1
    c = [None] * (lsf + 1)
    c[lsf] = VarargType(_tailjoin(lp, lsf + 1), None)
    return c, lsf


def _tuple_join(a: DataType, b: DataType):
    ap, bp = a.params, b.params
    lar, lbr = len(ap), len(bp)
    if lar == 0:
        return TT.tuple_type([VarargType(_tailjoin(bp, 1), None)])
    if lbr == 0:
        return TT.tuple_type([VarargType(_tailjoin(ap, 1), None)])
    laf, afixed = _full_va_len(ap)
    lbf, bfixed = _full_va_len(bp)
    if laf < lbf:
        c, n = _shorter_tail(ap, laf, afixed, bp)
    elif lbf < laf:
        c, n = _shorter_tail(bp, lbf, bfixed, ap)
    else:
        c = [None] * laf
        n = laf
    for i in range(n):
        ai, bi = ap[min(i, lar - 1)], bp[min(i, lbr - 1)]
        ci = typejoin(_unwrapva(ai), _unwrapva(bi))
        c[i] = VarargType(ci, None) if i == len(c) - 1 and (type(ai) is VarargType or type(bi) is VarargType) else ci
    return TT.tuple_type(c)


def _typesplit(a, b):
    """promotion.jl `typesplit(a, b)`: an upper bound on `a` with `b` removed."""
    if issubtype(a, b):
        return BOTTOM
    if type(a) is UnionType:
        return union(*(_typesplit(m, b) for m in union_members(a)))
    return a


def _promote_typesubtract(a):
    nothing, missing = TT.NOTHING, TT.MISSING
    if a == TT.ANY:
        return a
    both = union(nothing, missing)
    if issubtype(both, a):
        return _typesplit(a, both)
    if issubtype(nothing, a):
        return _typesplit(a, nothing)
    if issubtype(missing, a):
        return _typesplit(a, missing)
    return a


def promote_typejoin(a, b):
    """promotion.jl `promote_typejoin(a, b) = Union{a, b, typejoin(a', b')}` (module doc)."""
    c = typejoin(_promote_typesubtract(a), _promote_typesubtract(b))
    return union(a, b, c)


def tuple_eltype(t):
    """tuple.jl `_compute_eltype(t)` of a tuple type: `promote_typejoin` folded over its element types
    (`Union{}` for `Tuple{}`, `Any` with free type variables); None when `t` is no tuple type."""
    if has_free_typevars(t):
        return TT.ANY
    w = unwrap_unionall(t)
    if type(w) is UnionType:
        ms = union_members(w)
        r = tuple_eltype(ms[0])
        for m in ms[1:]:
            e = tuple_eltype(m)
            if r is None or e is None:
                return None
            r = promote_typejoin(r, e)
        return r
    if type(w) is not DataType or not TT.is_tuple(w):
        return None
    ps = w.params
    if not ps:
        return BOTTOM
    r = _unwrapva(ps[0])
    for p in ps[1:]:
        if r == TT.ANY:
            return r
        r = promote_typejoin(_unwrapva(p), r)
    return r
