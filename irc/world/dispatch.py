"""Method dispatch over declarations (spec §1.2), following Julia's
`abstract_call_gf_by_type` on declared signatures.

Algorithm for a call with argument lattice elements `args`:

1. Covering: the declarations whose signature covers `Tuple{widenconst.(args)…}`
   (`match_static_parameters`, which also binds `where` variables as Julia's
   method match does: a variable seen only covariantly whose bound is no
   leaf stays a variable below it, `variable_bindings`), for a call
   that is not union-split (2.).  If any, the most
   specific one (its signature below every other covering one; among
   ambiguous ones the last declared) gives the result, with its `iff` /
   `implies` refinement turned into `cond`.  As in Julia's method matching
   (`ml_matches`: methods in specificity order up to the first that covers),
   strictly more specific declarations that apply to part of the argument
   types are merged in too (then no `cond`; more than 3 in all -> `Any`):
   `==(::Any, ::Int64)` with a generic `==(::Any, ::Any)` is `Any`, as Julia
   infers it.
2. Union splitting (Julia's `find_matching_methods`), first: when `1 <
   union_split_cost(args) <= MAX_UNION_SPLIT` (4) -- the product of the union
   sizes with the largest counted as at most 2 (`unionsplitcost`) -- even
   when one declaration covers the union whole, each
   combination (members in Julia's union order, the first argument varying
   fastest: `switchtupleunion`) is dispatched (covering as in 1., else
   may-apply) and the results merged with `tmerge` in that order; a
   combination with more than 3 methods makes the call `Any`; a combination
   no declaration can take contributes nothing (it throws).  The cases'
   refinements merge per argument (`_SplitConditions`, Julia's
   `conditional_argtype` and `conditionals`).
   Open lists (below) give `Any` where a combination is not covered.
3. May-apply: the declarations whose signature intersects the argument
   tuple; more than `MAX_MAY_APPLY` (3) -> `Any`, else their results merged.

Open and closed worlds (spec §1.2).  A *closed* method list is all of the
function's methods (a function the file itself declares): a combination no
declaration can take contributes `Union{}` (it throws), and none applicable
at all is `no_method` with `Union{}` -- unless `open_no_method` (a package's
function the file declares methods of: it may have others), where those are
`Any` with a gap.  An *open* list is a slice of Julia's
method table (the prelude, a `--prelude` file): where no declaration covers
the argument types, a method irc does not know may apply, so an uncovered
union-split combination, a may-apply merge and "none applicable" all give
`Any` (`no_method` is still set when no known declaration applies, and
`missing` lists the argument-type tuples irc lacks a declaration for --
those no known declaration applies to, and the exact ones, whose method
Julia would know, that no declaration covers -- so the caller can name
them).  A function marked `declare @complete` (its Base methods all
copied) is open only inside its domain: arguments outside it have no method
(`Union{}`), and where its declarations take every argument the domain
allows (`_domain_covered`) the call is answered as over a closed list.

`DispatchResult.dynamic` marks a call Julia would dispatch at run time:
two or more known declarations may apply and the argument types are not
concrete, nor a union Julia splits into concrete ones (`_static`).
`considered`/`applied` (and `split`) say what was looked at, for
`irc explain --stmt`.

A `@foldable` declaration called with all-Const arguments folds to a Const
(`irc.world.fold.fold_call`), or to `Union{}` when Julia's evaluation
throws.  Invariant: pure; results depend only on the method list, `closed`
and the arguments.
"""
from __future__ import annotations

from dataclasses import dataclass
from itertools import product

from irc.lattice import typetable as TT
from irc.lattice.typelattice import ANY, Const, widenconst
from irc.lattice.typelimits import tmerge
from irc.lattice.subtype import (
    issubtype, match_signature, match_static_parameters, subst, typeintersect, typesubtract, union,
)
from irc.lattice.typeprint import sort_union_members
from irc.lattice.types import (
    BOTTOM, DataType, FunctionValue, TypeName, TypeVar, UnionAllType, UnionType, VarargType, is_type, rewrap_unionall,
    union_members, unwrap_unionall,
)

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
    own: bool = False  # declared by the input file itself (not the prelude or a --prelude file)


@dataclass(frozen=True, slots=True)
class DispatchResult:
    rt: object
    cond: tuple | None = None
    no_method: bool = False
    dynamic: bool = False  # two or more known declarations may apply, no union split
    considered: int = 0  # how many declarations were looked at
    applied: tuple = ()  # the declarations that gave the result (or part of it)
    split: int = 0  # union-split combinations (0: no split)
    open_gap: bool = False  # part of the answer is `Any` for methods irc does not know
    missing: tuple = ()  # argument-type tuples (split combinations) no known declaration takes
    thrown: tuple = ()  # of an open list, those outside the function's `@complete` domain: no method


def _covering(methods, at):
    cov = []
    for m in methods:
        b = match_static_parameters(at, m.sig)
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
        if type(p) is TypeVar:  # `::T where T<:Number`: the values of T are those below its bound
            p = p.ub
        if typeintersect(x, rewrap_unionall(p, sig)) == BOTTOM:
            return False
    return True


def dispatch(methods, args, eval_result, fold, closed: bool = True, memo: dict | None = None,
             merge=tmerge, domain=None, open_no_method: bool = False) -> DispatchResult:
    """Dispatch `args` over `methods` (see module doc).  `eval_result(m,
    bindings)` gives a method's result; `fold(m, args, rt)` may fold it;
    `closed`: `methods` are all the function's methods (else a slice);
    `domain`: the signatures of the function's `declare @complete` lines
    (every method it has takes arguments of one of them), or None;
    `open_no_method`: a closed list that may still lack a method (a package's
    function the file declares): where no declaration may apply the answer is
    `Any` with a gap, as in an open list, never `Union{}`.

    `merge`: the rules version's `tmerge` (`typelimits.tmerge_for`; 1.10's by default).

    `memo` (the world's, one per world) keeps, per (method list, widened
    argument tuple), the covering method with its bindings and the more
    specific ones that may also apply (`_matches`): they depend on the
    widened types alone, so `getindex(u, 1)`, `getindex(u, 2)`, … (constant
    indices: a new call for the caller's memo each) match signatures once."""
    wargs = [widenconst(a) for a in args]
    at = TT.tuple_type(wargs)
    n = len(methods)
    combos = _split(wargs)
    if combos is None:
        r = _covered(methods, at, args, wargs, eval_result, fold, memo, merge)
        if r is not None:
            return r
    else:
        rt = BOTTOM
        applicable = False
        gap = False
        used: list = []
        missing: list = []
        conds = _SplitConditions(wargs, merge)
        thrown: list = []
        for combo in combos:
            ct = TT.tuple_type(combo)
            sub_args = [a if widenconst(a) == w else w for a, w in zip(args, combo)]
            r = _covered(methods, ct, sub_args, combo, eval_result, fold, memo, merge)
            if r is not None:
                if _too_many(r):
                    return DispatchResult(ANY, considered=n, applied=tuple(dict.fromkeys(used + list(r.applied))),
                                          split=len(combos))
                applicable = True
                used.extend(r.applied)
                rt = merge(rt, r.rt)
                conds.add(r.rt, r.cond, combo)
                continue
            may = _may_apply(methods, ct)
            if not closed and not may and _outside(domain, ct):  # no method at all: it throws
                thrown.append(tuple(combo))
                continue
            if not closed and not _domain_covered(may, ct, domain):
                # an uncovered combination may meet a method irc does not know
                gap = True
                if not may or all(_exact(t) for t in combo):
                    missing.append(tuple(combo))
                continue
            if not may:  # this combination throws a MethodError (or, `open_no_method`, meets one irc lacks)
                missing.append(tuple(combo))
                gap = gap or open_no_method
                continue
            applicable = True
            used.extend(may)
            if len(may) > MAX_MAY_APPLY:
                return DispatchResult(ANY, considered=n, applied=tuple(used), split=len(combos))
            for m in may:
                mrt = eval_result(m, _loose_bindings(ct, m))
                rt = merge(rt, mrt)
                conds.add(mrt, None, combo)
        if gap:
            return DispatchResult(ANY, None, not used, considered=n, applied=tuple(dict.fromkeys(used)),
                                  split=len(combos), open_gap=True, missing=tuple(missing))
        if not applicable:
            return DispatchResult(BOTTOM, None, True, considered=n, split=len(combos), missing=tuple(missing),
                                  thrown=tuple(thrown))
        return DispatchResult(rt, conds.cond(rt), considered=n, applied=tuple(dict.fromkeys(used)), split=len(combos),
                              missing=tuple(missing), thrown=tuple(thrown))
    may = _may_apply(methods, at)
    if not closed and _outside(domain, at):  # (`_may_apply` over-approximates where-variables)
        return DispatchResult(BOTTOM, None, True, considered=n, thrown=(tuple(wargs),))
    if not may:
        shut = closed and not open_no_method
        return DispatchResult(BOTTOM if shut else ANY, None, True, considered=n, open_gap=not shut,
                              missing=(tuple(wargs),))
    static = _static(wargs)
    dynamic = len(may) >= 2 and not static
    if not closed and not _domain_covered(may, at, domain):
        # no known declaration covers: one irc does not know may apply
        return DispatchResult(ANY, dynamic=dynamic, considered=n, open_gap=True,
                              missing=(tuple(wargs),) if static else ())
    if len(may) > MAX_MAY_APPLY:
        return DispatchResult(ANY, dynamic=dynamic, considered=n, applied=tuple(may))
    rt = BOTTOM
    for m in may:
        rt = merge(rt, eval_result(m, _loose_bindings(at, m)))
    return DispatchResult(rt, dynamic=dynamic, considered=n, applied=tuple(may))


def invoke_method(methods, types, args, eval_result, fold):
    """`Core.invoke(f, types, args…)` over declarations (Julia's
    `abstract_invoke`): the method is the one `types` names -- `findsup`, the
    most specific declaration whose signature covers `types` (`_covering`)
    -- whatever the arguments' own types would pick; its result is evaluated
    with the bindings of `typeintersect(types, argument types)` (and folded
    like any call).  `Union{}` when the arguments are not of `types` (the
    invoke throws); None when no declaration covers `types` (Julia: `Any`)."""
    at = TT.tuple_type([widenconst(a) for a in args])
    nargtype = typeintersect(types, at)
    if nargtype == BOTTOM:
        return BOTTOM
    c = _covering(methods, types)
    if c is None:
        return None
    m = c[0]
    b = match_static_parameters(nargtype, m.sig)
    return _finish(m, variable_bindings(b if b is not None else c[1]), args, eval_result, fold)


class _SplitConditions:
    """The refinement a union-split call gives its arguments (Julia's
    `abstract_call_gf_by_type`: per argument, the `tmerge` over the split's
    cases of `conditional_argtype` -- the case's own refinement of that
    argument, else the case's type for it, with the branch a constant
    `true`/`false` result rules out made `Union{}`; a case that throws adds
    nothing).  `cond(rt)`: for a `Bool` result, the first argument one of
    whose branches is strictly narrower than its type, as the
    `(position, then, else)` of a declaration's refinement (whose rules
    `from_interconditional` then applies), else None.  `merge`: the rules
    version's `tmerge`, as for the results."""

    __slots__ = ("wargs", "then", "else_", "merge")

    def __init__(self, wargs, merge=tmerge):
        self.wargs = wargs
        self.merge = merge
        self.then = [BOTTOM] * len(wargs)
        self.else_ = [BOTTOM] * len(wargs)

    def add(self, rt, cond, combo) -> None:
        if rt == BOTTOM:
            return
        condval = rt.val if type(rt) is Const and type(rt.val) is bool else None
        for i, w in enumerate(combo):
            if cond is not None and cond[0] == i:
                then_t, else_t = cond[1], cond[2]
            else:
                then_t = else_t = w
            if condval is True:
                else_t = BOTTOM
            elif condval is False:
                then_t = BOTTOM
            self.then[i] = self.merge(self.then[i], then_t)
            self.else_[i] = self.merge(self.else_[i], else_t)

    def cond(self, rt):
        if rt == BOTTOM or not issubtype(widenconst(rt), TT.BOOL):
            return None
        for i, w in enumerate(self.wargs):
            t, e = widenconst(self.then[i]), widenconst(self.else_[i])
            if (t != w and issubtype(t, w)) or (e != w and issubtype(e, w)):
                return (i, self.then[i], self.else_[i])
        return None


def _outside(domain, at) -> bool:
    """Is the argument tuple `at` outside a `@complete` domain (no signature
    of it may take `at`: the function has no method for it)?  False without
    a domain (open world), and for an argument of a declared type whose
    supertype the declaration does not name (`TypeName.super_unstated`: it
    may be a `Number`, an array, …)."""
    if domain is None:
        return False
    if TT.is_tuple(at) and any(_supertype_unstated(p) for p in at.params):
        return False
    return not any(_may_intersect(at, unwrap_unionall(s), s) for s in domain)


def _supertype_unstated(t) -> bool:
    t = unwrap_unionall(t.T if type(t) is VarargType else t)
    if type(t) is UnionType:
        return any(_supertype_unstated(m) for m in t.members)
    return type(t) is DataType and t.name.super_unstated


def _domain_covered(may, at, domain) -> bool:
    """Do the declarations `may` take every argument tuple of `at` that the
    `@complete` domain allows (each combination of the unions of `at ∩ s`,
    for each domain signature `s`, covered by one of them)?  Then they are
    every method Julia may match (a function is marked `@complete` only with
    all of Base's methods copied), and the call is answered as over a closed
    list: `lowercase(::Any)` is the merge of `lowercase(::T) where
    {T<:AbstractChar}` and `lowercase(::AbstractString)`, as Julia's
    `find_matching_methods` finds those two methods (at most `max_methods`).
    False without a domain (open world) or for a `Vararg` tuple."""
    if domain is None or not TT.is_tuple(at) or TT.is_vatuple(at):
        return False
    met = False
    for s in domain:
        x = typeintersect(at, s)
        if x == BOTTOM:
            continue
        met = True
        if type(x) is not DataType or not TT.is_tuple(x) or TT.is_vatuple(x):
            return False
        members = [sort_union_members(p.members) if type(p) is UnionType else [p] for p in x.params]
        if any(len(m) > MAX_UNION_SPLIT for m in members):
            return False
        for combo in product(*members):
            ct = TT.tuple_type(list(combo))
            if not any(match_signature(ct, m.sig) is not None for m in may):
                return False
    return met


def _static(wargs) -> bool:
    """Can the call be dispatched when compiled: every argument a dispatch
    element (a concrete type, or a type irc does not know, which may be one),
    or a union Julia splits into such ones?"""
    combos = _split(wargs) if any(type(w) is UnionType for w in wargs) else [wargs]
    return combos is not None and all(_exact(t) for c in combos for t in c)


def _exact(t) -> bool:
    return TT.isdispatchelem(t) or type(t) is DataType and t.name.unknown


def _too_many(r) -> bool:
    """Did `_covered` give up (more than MAX_MAY_APPLY declarations matched)?"""
    return len(r.applied) > MAX_MAY_APPLY


def _matches(methods, at, memo: dict | None):
    """(the covering declaration with its bindings or None, the strictly more
    specific declarations that apply to part of `at`), memoised in `memo`
    per (method list, `at`)."""
    hit = memo.get((id(methods), at)) if memo is not None else None
    if hit is not None:
        return hit[1], hit[2]
    c = _covering(methods, at)
    extra = None
    if c is not None:
        m = c[0]
        # a concrete `at` is part of a signature only by being below it (its variables take one value
        # each: `Tuple{Int64, Float64}` is no `NTuple{N, T}`, Julia's diagonal rule), and then that
        # signature covers it: no partial match
        extra = [] if TT.isconcrete(at) else [
            x for x in methods if x is not m and issubtype(x.sig, m.sig)
            and not issubtype(m.sig, x.sig) and _may_intersect(at, unwrap_unionall(x.sig), x.sig)]
    if memo is not None:
        memo[(id(methods), at)] = (methods, c, extra)  # holding methods keeps its id from being reused
    return c, extra


def _covered(methods, at, args, wargs, eval_result, fold, memo: dict | None = None, merge=tmerge):
    """The result when some declaration covers `at`: the most specific one,
    merged with the strictly more specific declarations that apply to part of
    `at` (Julia's method matching, `ml_matches`, lists methods in specificity
    order up to the first that covers, so a covering fallback does not hide
    them; then the call is dynamic unless the arguments are static); `Any`
    past MAX_MAY_APPLY (`_too_many`); None when none covers."""
    c, extra = _matches(methods, at, memo)
    if c is None:
        return _covered_lifted(methods, at, eval_result, memo)
    m, b = c
    n = len(methods)
    b = variable_bindings(b)
    rt = _finish(m, b, args, eval_result, fold)
    if not extra:
        return DispatchResult(rt, _refine(m, wargs), considered=n, applied=(m,))
    dynamic = not _static(wargs)
    if len(extra) + 1 > MAX_MAY_APPLY:
        return DispatchResult(ANY, dynamic=dynamic, considered=n, applied=(m, *extra))
    for x in extra:
        rt = merge(rt, eval_result(x, _loose_bindings(at, x)))
    return DispatchResult(rt, dynamic=dynamic, considered=n, applied=(m, *extra))


def _covered_lifted(methods, at, eval_result, memo):
    """A `where` of an argument's type lifted out of its tuple (`Tuple{Vector{S} where S}` is
    `Tuple{Vector{S}} where S`: tuples are covariant, so Julia's `jl_subtype` finds
    `Tuple{Vector} <: Tuple{Array{T, N}} where {T, N}`): each such variable becomes a fresh
    abstract type below its upper bound (a skolem), the call is matched on that, and the one
    covering declaration's result is mapped back (`_unskolem`: the variable's bound where the
    result is covariant, `Tuple{Any, Int64}` for `iterate(::Vector)`; the variable again,
    re-wrapped in its `where`, elsewhere).  None when nothing lifts or no single declaration
    covers (more specific partial matches: left to may-apply)."""
    lifted = _skolemized(at)
    if lifted is None:
        return None
    sat, skolems = lifted
    c, extra = _matches(methods, sat, memo)
    if c is None or extra:
        return None
    m, b = c
    rt = eval_result(m, b)
    if not is_type(rt):
        rt = widenconst(rt)
    return DispatchResult(_unskolem(rt, skolems), considered=len(methods), applied=(m,))


def _skolemized(at):
    """`at` with each argument's outer `where` variables replaced by skolems, and the map
    skolem name -> variable; None when no argument is a `UnionAll` or a variable has a lower
    bound or a bound that is no data type."""
    if type(at) is not DataType or any(type(p) is VarargType for p in at.params):
        return None
    skolems: dict = {}
    params = []
    for p in at.params:
        env = {}
        while type(p) is UnionAllType:
            v = p.var
            ub = v.ub if v.ub is not None else TT.ANY
            if (v.lb is not None and v.lb != BOTTOM) or type(ub) is not DataType:
                return None
            tn = TypeName(("Main",), "#skolem#" + v.name, (), ub, abstract=True)
            skolems[tn] = v
            env[v] = DataType(tn, ())
            p = p.body
        params.append(subst(p, env) if env else p)
    if not skolems:
        return None
    return TT.tuple_type(params), skolems


def _unskolem(t, skolems):
    """`t` with each skolem back as its variable: its upper bound in a covariant place (a tuple's
    element, a union's member, the whole), the variable elsewhere (then `t` is re-wrapped in
    its `where`)."""
    return _revar(t, lambda x: skolems.get(x.name) if type(x) is DataType else None)


def _revar(t, var_of):
    """`t` with each leaf that `var_of` maps to a variable replaced: by the variable's upper
    bound in a covariant place (the whole, a tuple's element, a union's member), else by the
    variable, `t` then re-wrapped in its `where` (`_unskolem`, `rewrap_free`)."""
    used: list = []

    def go(x, covariant):
        v = var_of(x)
        if v is not None:
            if covariant:
                return v.ub if v.ub is not None else TT.ANY
            used.append(v)
            return v
        tx = type(x)
        if tx is DataType:
            if not x.params:
                return x
            inner = x.name is TT.TUPLE_NAME
            return DataType(x.name, tuple(go(q, inner and covariant) if is_type(q) or type(q) is VarargType else q
                                          for q in x.params))
        if tx is UnionType:
            return union(*(go(q, covariant) for q in x.members))
        if tx is UnionAllType:
            return UnionAllType(x.var, go(x.body, covariant))
        if tx is VarargType:
            return VarargType(go(x.T, covariant), x.N)
        return x

    r = go(t, True)
    for v in dict.fromkeys(reversed(used)):
        r = UnionAllType(v, r)
    return r

def variable_bindings(bindings: dict) -> dict:
    """The static parameters as the method body sees them (`match_static_parameters` gave
    Julia's `match.sparams`): a value that stayed a variable below a bound (`I` of
    `enumerate(::I) where I` called with a `Vector{<:Real}`: `I<:(Vector{<:Real})`) is read as
    such, `Type{I} where I<:B` (inferencestate.jl v1.10.0 `sptypes_from_meth_instance`); one
    with no bound at all (the argument was `Any`) is plain `Any` to the body, so a type the
    body applies to it (`new{I,F}`) gets a fresh variable in its place, named `_A`, `_B`, … in
    order (tfuncs.jl `apply_type_tfunc`, `_tvarnames`): `Base.Generator(f, x::Any)` is
    `Generator{_A, typeof(f)} where _A`.  The result is then `rewrap_free`d."""
    out = bindings
    n = 0
    for v, x in bindings.items():
        if type(x) is TypeVar and x.ub is None and x.lb is None:
            if out is bindings:
                out = dict(bindings)
            out[v] = TypeVar(_TVARNAMES[n] if n < len(_TVARNAMES) else "_Z")
            n += 1
    return out


_TVARNAMES = tuple("_" + c for c in "ABCDEFGHIJKLMNOPQRSTUVWXYZ")


def rewrap_free(t, free: tuple):
    """The result with the variables of `variable_bindings`: one in a covariant place (the
    whole, a tuple's element, a union's member) is its bound; elsewhere the variable stays and
    the result is wrapped in its `where` (`Base.Iterators.Enumerate{I} where I<:(Vector{<:Real})`,
    as Julia prints `enumerate` of a `Vector{<:Real}`)."""
    if not is_type(t):
        return t
    return _revar(t, lambda x: x if type(x) is TypeVar and x in free else None)

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


def union_split_cost(wargs) -> int:
    """Julia's `unionsplitcost` (typeutils.jl): the product of the union sizes
    of the arguments, the largest union counted as at most 2 (a single
    5-member union costs 2; Union{A, B} x Union{C, D, E} costs 4)."""
    cost, largest = 1, 2
    for w in wargs:
        if type(w) is UnionType and len(w.members) > 1:
            n = len(w.members)
            if n > largest:
                largest, n = n, largest
            cost *= n
    return cost


def _split(wargs):
    """The argument combinations of a union split (Julia's `switchtupleunion`:
    each union's members in Julia's union order, the first argument varying
    fastest), or None when `1 < union_split_cost <= MAX_UNION_SPLIT` fails."""
    if not 1 < union_split_cost(wargs) <= MAX_UNION_SPLIT:
        return None
    members = [sort_union_members(w.members) if type(w) is UnionType else [w] for w in wargs]
    return [list(reversed(c)) for c in product(*reversed(members))]


def split_args(args):
    """The argument lists of a union split of `args` (lattice elements): each
    combination of `_split`, an argument kept as given where its widened type
    is the combination's; None when Julia does not split the call."""
    wargs = [widenconst(a) for a in args]
    if not any(type(w) is UnionType for w in wargs):
        return None
    combos = _split(wargs)
    if combos is None:
        return None
    return [[a if widenconst(a) == w else w for a, w in zip(args, combo)] for combo in combos]


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


def may_apply(at, m: Method) -> bool:
    """May declaration `m` apply to some arguments of the tuple type `at`?"""
    return _may_intersect(at, unwrap_unionall(m.sig), m.sig)
