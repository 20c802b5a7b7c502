"""Method dispatch over declarations (spec §1.2), following Julia's
`abstract_call_gf_by_type` on declared signatures.

Algorithm for a call with argument lattice elements `args`:

1. Covering: the declarations whose signature covers `Tuple{widenconst.(args)…}`
   (`match_signature`, which also binds `where` variables).  If any, the most
   specific one (its signature below every other covering one; among
   ambiguous ones the last declared) gives the result, with its `iff` /
   `implies` refinement turned into `cond`.  A signature that covers a
   union-typed argument whole is used as is.  As in Julia's method matching
   (`ml_matches`: methods in specificity order up to the first that covers),
   strictly more specific declarations that apply to part of the argument
   types are merged in too (then no `cond`; more than 3 in all -> `Any`):
   `==(::Any, ::Int64)` with a generic `==(::Any, ::Any)` is `Any`, as Julia
   infers it.
2. Union splitting: if some argument is a union and the product of member
   counts is at most `MAX_UNION_SPLIT` (4), each combination is dispatched
   (covering, else may-apply) and the results merged with `tmerge`; a
   combination no declaration can take contributes `Union{}` (it throws).
3. May-apply: the declarations whose signature intersects the argument
   tuple; none -> `Union{}` (MethodError), more than `MAX_MAY_APPLY` (3) ->
   `Any`, else their results merged.

A `@foldable` declaration called with all-Const arguments folds to a Const
(`irc.builtins.fold_call`).  Invariant: pure; results depend only on the
method list and the arguments.
"""
from __future__ import annotations

from dataclasses import dataclass
from itertools import product

from irc.lattice import typetable as TT
from irc.lattice.typelattice import ANY, Const, widenconst
from irc.lattice.typelimits import tmerge
from irc.lattice.subtype import issubtype, match_signature, typeintersect, typesubtract
from irc.lattice.types import BOTTOM, FunctionValue, TypeVar, UnionType, VarargType, rewrap_unionall, union_members, unwrap_unionall

MAX_UNION_SPLIT = 4
MAX_MAY_APPLY = 3


@dataclass(frozen=True, slots=True, eq=False)
class Method:
    """A declared method.  `sig` is `Tuple{arg types…}` wrapped in the
    declaration's `where` variables; `result` the result lattice element when
    it does not depend on `where` variables (else None and `result_expr` is
    evaluated with the bindings); `refinement` = (argument index, "iff" |
    "implies", type)."""

    func: FunctionValue
    sig: object
    result: object
    result_expr: object
    vars: tuple
    refinement: tuple | None
    foldable: bool
    origin: str = ""
    line: int = 0


@dataclass(frozen=True, slots=True)
class DispatchResult:
    rt: object
    cond: tuple | None = None
    no_method: bool = False


def _covering(methods, at):
    cov = []
    for m in methods:
        b = match_signature(at, m.sig)
        if b is not None:
            cov.append((m, b))
    if not cov:
        return None
    if len(cov) == 1:
        return cov[0]
    best = []
    for m, b in cov:
        dominated = False
        for n, _ in cov:
            if n is not m and issubtype(n.sig, m.sig) and not issubtype(m.sig, n.sig):
                dominated = True
                break
        if not dominated:
            best.append((m, b))
    return best[-1] if best else cov[-1]


def _may_apply(methods, at):
    out = []
    for m in methods:
        s = unwrap_unionall(m.sig)
        if _may_intersect(at, s, m.sig):
            out.append(m)
    return out


def _may_intersect(at, body, sig) -> bool:
    if body is sig:
        return typeintersect(at, sig) != BOTTOM
    # where-variables: position by position, each parameter wrapped in the
    # signature's variables (an over-approximation: it ignores that a variable
    # must take one value across positions)
    if not TT.is_tuple(at) or not TT.is_tuple(body):
        return True
    ap, bp = list(at.params), list(body.params)
    bva = bool(bp) and type(bp[-1]) is VarargType
    if TT.is_vatuple(at):
        return True
    if bva:
        if len(ap) < len(bp) - 1:
            return False
        bp = bp[:-1] + [bp[-1].T] * (len(ap) - len(bp) + 1)
    elif len(ap) != len(bp):
        return False
    for x, p in zip(ap, bp):
        if typeintersect(x, rewrap_unionall(p, sig)) == BOTTOM:
            return False
    return True


def dispatch(methods, args, eval_result, fold, memo: dict | None = None) -> DispatchResult:
    """Dispatch `args` over `methods` (see module doc).  `eval_result(m,
    bindings)` gives a method's result; `fold(m, args, rt)` may fold it.

    `memo` (the world's, one per world) keeps, per (method list, widened
    argument tuple), the covering method with its bindings and the more
    specific ones that may also apply: they depend on the widened types
    alone, so `getindex(u, 1)`, `getindex(u, 2)`, … (constant indices: a new
    call for the caller's memo each) match signatures once."""
    wargs = [widenconst(a) for a in args]
    at = TT.tuple_type(wargs)
    hit = memo.get((id(methods), at)) if memo is not None else None
    if hit is None:
        c = _covering(methods, at)
        extra = None
        if c is not None:
            m = c[0]
            # Julia's method matching also takes the more specific declarations that
            # apply to part of the argument types (a covering fallback does not hide them)
            extra = [n for n in methods if n is not m and issubtype(n.sig, m.sig)
                     and not issubtype(m.sig, n.sig) and _may_intersect(at, unwrap_unionall(n.sig), n.sig)]
        if memo is not None:
            memo[(id(methods), at)] = (methods, c, extra)  # holding methods keeps its id from being reused
    else:
        _, c, extra = hit
    if c is not None:
        m, b = c
        rt = _finish(m, b, args, eval_result, fold)
        if not extra:
            return DispatchResult(rt, _refine(m, wargs))
        if len(extra) + 1 > MAX_MAY_APPLY:
            return DispatchResult(ANY)
        for n in extra:
            rt = tmerge(rt, eval_result(n, _loose_bindings(at, n)))
        return DispatchResult(rt)
    combos = _split(wargs)
    if combos is not None:
        rt = BOTTOM
        applicable = False
        for combo in combos:
            ct = TT.tuple_type(combo)
            c = _covering(methods, ct)
            if c is not None:
                applicable = True
                m, b = c
                sub_args = [a if widenconst(a) == w else w for a, w in zip(args, combo)]
                rt = tmerge(rt, _finish(m, b, sub_args, eval_result, fold))
                continue
            may = _may_apply(methods, ct)
            if not may:
                continue
            applicable = True
            if len(may) > MAX_MAY_APPLY:
                return DispatchResult(ANY)
            for m in may:
                rt = tmerge(rt, eval_result(m, _loose_bindings(ct, m)))
        if not applicable:
            return DispatchResult(BOTTOM, None, True)
        return DispatchResult(rt)
    may = _may_apply(methods, at)
    if not may:
        return DispatchResult(BOTTOM, None, True)
    if len(may) > MAX_MAY_APPLY:
        return DispatchResult(ANY)
    rt = BOTTOM
    for m in may:
        rt = tmerge(rt, eval_result(m, _loose_bindings(at, m)))
    return DispatchResult(rt)


def _finish(m, bindings, args, eval_result, fold):
    rt = eval_result(m, bindings)
    if m.foldable and args and all(type(a) is Const for a in args):
        r = fold(m, args, rt)
        if r is not None:
            return r
    return rt


def _loose_bindings(at, m) -> dict:
    """Bindings of `m`'s where-variables from the part of `at` it can take."""
    if type(m.sig).__name__ != "UnionAllType":
        return {}
    try:
        inter = typeintersect(at, m.sig)
    except Exception:  # noqa: BLE001
        return {}
    if inter == BOTTOM:
        return {}
    b = match_signature(inter, m.sig)
    return b or {}


def _split(wargs):
    if not any(type(w) is UnionType for w in wargs):
        return None
    n = 1
    for w in wargs:
        n *= len(union_members(w))
        if n > MAX_UNION_SPLIT:
            return None
    return [list(c) for c in product(*(union_members(w) for w in wargs))]


def _refine(m: Method, wargs):
    if m.refinement is None:
        return None
    i, kind, t = m.refinement
    if not 0 <= i < len(wargs):
        return None
    cur = wargs[i]
    then_t = typeintersect(cur, t)
    else_t = typesubtract(cur, t) if kind == "iff" else cur
    return (i, then_t, else_t)


def unbound_defaults(m: Method) -> dict:
    """Each where-variable of `m` mapped to its upper bound (for unbound results)."""
    out = {}
    for v in m.vars:
        if isinstance(v, TypeVar):
            out[v] = v.ub if v.ub is not None else ANY
    return out
