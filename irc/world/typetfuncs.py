"""The builtins that answer questions about types and layouts: Julia 1.10's
`typeof_tfunc`, `apply_type_tfunc`, `nfields_tfunc`, `sizeof_tfunc`,
`isdefined_tfunc`, `subtype_tfunc` (`<:`) and their helper `instanceof_tfunc`
(base/compiler/tfuncs.jl), ported line by line over irc's types.

- `typeof`: a `Const` folds; `Type{T}` gives the kind of `T` when `T` has a
  unique representation (`hasuniquerep`), a concrete type itself, `Any`
  `DataType`, another data type `Type{<:T}` (a tuple concrete but for its
  `Vararg` length `Type{Tuple{…, Vararg{T, N}}} where N`), a union the
  union of its members' answers, a `where` over a non-abstract type
  `Type{T{…}} where …`; anything else `DataType`.
- `apply_type`: the head must be a constant type; every parameter known
  (a `Const` type, TypeVar or valid parameter value, or `Type{T}`) folds to
  `Const(head{…})`; a non-constant `Type{X} where vars` parameter puts `X`
  in and its variables outside (one named like a variable already gathered
  renamed apart, `T1`: `rename_unionall`; under more than 3 `where`s, the
  wrapper of `X`'s type instead: `unionall_depth`), giving
  `Type{head{…, X, …}} where vars`; any other uncertain parameter becomes a
  fresh variable `_A`, `_B`, … (its upper bound kept only for a
  NamedTuple's types), giving `Type{head{…, _A, …}} where _A`; in a `Tuple`
  head an uncertain parameter is its upper bound (the last one `Vararg` when
  unbounded) and the answer `Type{<:Tuple{…}}`.  `Union{…}` has rules of its own.
- `<:`: `Const(true)` when the right operand is exact and the left a
  subtype, `Const(false)` when the left is exact or they do not intersect
  (`Type{<:Signed} <: Integer` is `Const(true)`); else `Bool`.
- `nfields`: a constant for every non-abstract data type with known fields
  (concrete or not), a tuple's parameter count unless it is a vararg tuple;
  a union merges its members' answers (`Int64` if one is); else `Int64`.
- `sizeof`: the layout size (`irc.lattice.layout`) of a constant's type, of
  `T` for `Type{T}`, of a concrete value type; a union merges its members;
  `Int64` where Julia's `Core.sizeof` would throw or the type is unknown.
- `isdefined`: for a non-abstract data type and a constant field name or
  index: `Const(true)` for a field every constructor initialises,
  `Const(false)` for a field that does not exist, `Const(true)` for an
  isbits field; a union merges its members; else `Bool`.  irc assumes the
  default constructors (every field initialised) for declared structs;
  Julia's `Core.Box` and `Base.RefValue` leave their field uninitialised.

Invariants: pure functions of their arguments; union members are visited in
Julia's union order (`irc.lattice.typeprint.sort_union_members`), so merges
are deterministic.
"""
from __future__ import annotations

from irc.lattice import subtype as ST
from irc.lattice import typetable as TT
from irc.lattice.layout import isbitstype, sizeof_type
from irc.lattice.subtype import issubtype, typeintersect
from irc.lattice.typelattice import (
    ANY, BOOL, FALSE, TRUE, Conditional, Const, PartialStruct, StructValue, hasuniquerep, typeof_value, widenconst,
)
from irc.lattice.typelimits import tmerge
from irc.lattice.typeprint import sort_union_members
from irc.lattice.types import (
    BOTTOM, DataType, FuncType, FunctionValue, IrrationalValue, JChar, ModuleValue, Sym, TypeVar, UnionAllType,
    UnionType, VarargType, has_free_typevars, is_type, rewrap_unionall, unwrap_unionall,
)

TYPE = TT.wrapper(TT.TYPE_NAME)  # `Type` (`Type{T} where T`)
_TVARNAMES = tuple("_" + chr(c) for c in range(ord("A"), ord("Z") + 1))


# ---------------------------------------------------------------- helpers


def is_const_type(x) -> bool:
    return type(x) is Const and is_type(x.val)


def instanceof(x):
    """Julia's `instanceof_tfunc`, reduced: (type denoted, exact?) for a type
    argument; `(Any, False)` when nothing is known (irc's callers check
    `hasintersect(x, Type)` themselves where Julia answers `Union{}`)."""
    if type(x) is Const:
        if is_type(x.val):
            return x.val, True
        return BOTTOM, True
    t = widenconst(x)
    if TT.isType(t):
        p = t.params[0]
        return p, not has_free_typevars(p)
    u = unwrap_unionall(t)
    if type(u) is DataType and u.name is TT.TYPE_NAME:
        p = u.params[0]
        if type(p) is TypeVar:
            return (p.ub or ANY), False
    if type(t) is UnionType and all(TT.isType(m) for m in t.members):
        return ST.union(*(m.params[0] for m in t.members)), False
    return ANY, False


def instanceof_tfunc(x):
    """Julia 1.10's `instanceof_tfunc` (tfuncs.jl) in full: `(T, isexact,
    isconcrete, istype)` for a type argument -- a constant type exactly;
    `Type{T}` exact when `T` has no free variables; a `where` over `Type{…}`
    rewrapped (`T where T<:S` normalises to `S`, as `jl_type_unionall`
    does) and intersected with the wrapper of its data type; a union of
    type arguments the union of their answers (exact only when one member
    is a type); `Union{}` for what cannot be a type; `Any` otherwise."""
    if type(x) is Const:
        v = x.val
        if is_type(v):
            return v, True, TT.isconcrete(v), True
        return BOTTOM, True, False, False  # runtime throws on non-Type
    t = widenconst(x)
    if t == BOTTOM:
        return BOTTOM, True, True, False
    if t == TT.TYPEOFBOTTOM or not _may_be_type(t):
        return BOTTOM, True, False, False
    if TT.isType(t):
        tp = t.params[0]
        return tp, not has_free_typevars(tp), TT.isconcrete(tp), True
    if type(t) is UnionAllType:
        inner = unwrap_unionall(t)
        ti, isexact, isconcrete, istype = instanceof_tfunc(inner)
        tr = _rewrap_normalised(ti, t)
        if type(ti) is DataType and ti.name is not TT.TUPLE_NAME and not has_free_typevars(tr):
            # "a real instance must be within the declared bounds of the type"
            tr = typeintersect(tr, TT.wrapper(ti.name))
            isconcrete = not ti.name.abstract
            if tr == BOTTOM:
                isexact = True
        return tr, isexact, isconcrete, istype
    if type(t) is UnionType:
        answers = [instanceof_tfunc(m) for m in sort_union_members(t.members)]
        isconcrete = all(a[2] for a in answers)
        istype = all(a[3] for a in answers)
        inhabited = [a for a in answers if a[0] != BOTTOM]
        if len(inhabited) <= 1:  # `ta === Union{} && return tb, isexact_b, …`
            a = inhabited[0] if inhabited else answers[-1]
            return a[0], a[1], isconcrete, istype
        return ST.union(*(a[0] for a in inhabited)), False, isconcrete, istype
    return ANY, False, False, False


def _rewrap_normalised(t, wrapper):
    """`rewrap_unionall(t, wrapper)` where `T where T<:S` is `S` (the bound
    can only mention outer variables, which the rewrap adds back)."""
    w = wrapper
    while type(t) is TypeVar and type(w) is UnionAllType:
        if w.var == t:
            t = t.ub if t.ub is not None else ANY
            break
        w = w.body
    return rewrap_unionall(t, wrapper)


def subtype_tfunc(a, b):
    """Julia 1.10's `subtype_tfunc` (tfuncs.jl), the builtin `<:`: with the
    operands' `instanceof_tfunc`, `a <: b` is `Const(true)` when `b` is exact
    (or `a` is `Union{}`), `Const(false)` when it fails and `a` is exact or
    the two do not intersect; else `Bool`.  So `typeof(x::Signed) <: Integer`
    (`Type{<:Signed}`) is `Const(true)`, `… <: AbstractString` `Const(false)`."""
    ta, exact_a = instanceof_tfunc(a)[:2]
    tb, exact_b = instanceof_tfunc(b)[:2]
    if not has_free_typevars(ta) and not has_free_typevars(tb):
        if issubtype(ta, tb):
            if exact_b or ta == BOTTOM:
                return TRUE
        elif unknown_bare_name(ta) or unknown_bare_name(tb):
            return BOOL  # a name irc does not know may be an alias: not provably false
        elif exact_a or (tb != BOTTOM and typeintersect(ta, tb) == BOTTOM):
            return FALSE
    return BOOL


def unknown_bare_name(t) -> bool:
    """A bare name irc does not know (`TypeName.unknown`: neither declared nor built in; no
    parameters): it may be an alias (`const T = Union{Int, Real}`) or a global that is no type."""
    return type(t) is DataType and t.name.unknown and not t.params


def type_leq(t):
    """`Type{<:t}`."""
    v = TypeVar("#s1", None, t)  # `Type{<:t}` in the compiler's source: a generated name, printed in place
    return UnionAllType(v, TT.type_of_type(v))


def isconst_type(t) -> bool:
    """Julia's `isconstType`: `Type{T}` with `T` a type without free variables."""
    return TT.isType(t) and is_type(t.params[0]) and type(t.params[0]) is not TypeVar \
        and not has_free_typevars(t.params[0])


def _may_be_type(t) -> bool:
    """`hasintersect(t, Type)`: might a value of type `t` be a type object?"""
    return t != BOTTOM and typeintersect(t, TYPE) != BOTTOM


def _merge(xs):
    r = BOTTOM
    for x in xs:
        r = tmerge(r, x)
    return r


# ---------------------------------------------------------------- typeof


def typeof_tfunc(x, vararg_n: bool = False):
    """Julia's `typeof_tfunc` (see module doc).  `vararg_n` (1.11, tfuncs.jl
    `typeof_concrete_vararg`): a tuple concrete but for a `Vararg{T, N}` whose
    `N` is a variable is `Type{Tuple{…, Vararg{T, N}}}` with that very `N`
    (1.10: only an unbound `N` counts, so it is `Type{<:Tuple{…}}`)."""
    if type(x) is Const:
        return Const(typeof_value(x.val) if is_type(x.val) else x.typ)
    t = widenconst(x)
    tt = type(t)
    if TT.isType(t):
        p = t.params[0]
        if hasuniquerep(p):
            return Const(typeof_value(p))
    elif tt is DataType or tt is FuncType:
        if TT.isconcrete(t):
            return Const(t)
        if t == ANY:
            return TT.DATATYPE
        if t.name is TT.TUPLE_NAME:
            r = _typeof_concrete_vararg(t, vararg_n)
            if r is not None:
                return r
        return type_leq(t)
    elif tt is UnionType:
        return ST.union(*(widenconst(_typeof_member(m, vararg_n)) for m in sort_union_members(t.members)))
    elif tt is UnionAllType:
        u = unwrap_unionall(t)
        if type(u) is DataType and not u.name.abstract:
            if u.name is TT.TUPLE_NAME:
                r = _typeof_concrete_vararg(u, vararg_n)
                if r is not None:
                    return rewrap_unionall(r, t)
            else:
                return rewrap_unionall(TT.type_of_type(u), t)
        return rewrap_unionall(widenconst(typeof_tfunc(u, vararg_n)), t)
    return TT.DATATYPE


def _typeof_member(t, vararg_n: bool = False):
    if type(t) is TypeVar:
        return _typeof_member(t.ub, vararg_n) if t.ub is not None and t.ub != ANY else TT.DATATYPE
    return typeof_tfunc(t, vararg_n)


def _typeof_concrete_vararg(t: DataType, vararg_n: bool = False):
    """`Type{Tuple{A…, Vararg{T, N}}} where N` for a tuple concrete but for its length; with
    `vararg_n` (1.11) a `Vararg{T, N}` whose `N` is a variable keeps it: `Type{Tuple{A…, Vararg{T, N}}}`."""
    ps = t.params
    for i, p in enumerate(ps):
        if i == len(ps) - 1 and type(p) is VarargType:
            if p.N is None and TT.isconcrete(p.T):
                n = TypeVar("N")
                return UnionAllType(n, TT.type_of_type(DataType(TT.TUPLE_NAME, ps[:-1] + (VarargType(p.T, n),))))
            if vararg_n and type(p.N) is TypeVar and TT.isconcrete(p.T):
                return TT.type_of_type(t)
        elif not TT.isconcrete(p):
            break
    return None


# ---------------------------------------------------------------- apply_type


def _valid_tparam(v) -> bool:
    """Julia's `valid_tparam`: isbits values, symbols, and tuples of them."""
    tv = type(v)
    if tv is tuple:
        return all(_valid_tparam(x.val if type(x) is Const else x) for x in v)
    if tv in (int, float, bool, Sym, JChar, FunctionValue, IrrationalValue) or v is None:
        return True
    if tv is StructValue:
        return isbitstype(v.typ)
    return False


def _param_value(v):
    """A constant as a type parameter: tuples of constants become tuples of
    values (`NamedTuple{(:a, :b)}`)."""
    if type(v) is tuple:
        return tuple(_param_value(x.val if type(x) is Const else x) for x in v)
    return v


def apply_type_tfunc(args):
    """Julia's `apply_type_tfunc` (see module doc); `args` = head, parameters."""
    if not args:
        return BOTTOM
    head = args[0]
    hw = widenconst(head)
    if type(head) is Const:
        headtype = head.val
    elif isconst_type(hw):
        headtype = hw.params[0]
    else:
        return ANY
    ps = list(args[1:])
    if ps and type(ps[-1]) is VarargType:
        return TYPE
    if not is_type(headtype):
        return BOTTOM
    if headtype == TT.UNION_KIND:
        return _apply_union(ps)
    istuple = headtype == TT.TUPLE_ANY
    if type(headtype) is DataType and headtype.name.unknown and not headtype.params:
        return _apply_unknown(headtype, ps)
    if not istuple and type(headtype) is not UnionAllType:
        return BOTTOM
    largs = len(ps)
    outervars: list = []
    nvars, ua = 0, headtype
    while type(ua) is UnionAllType:
        nvars += 1
        if nvars > largs:
            outervars.append(ua.var)
        ua = ua.body
    if largs > nvars and type(headtype) is UnionAllType:
        return BOTTOM  # too many parameters
    outer_start = len(outervars)  # 0-based: the variables made below are wrapped
    uw = unwrap_unionall(headtype)
    uncertain = False
    canconst = True
    tparams: list = []
    names = 0
    ua = headtype
    for i, ai in enumerate(ps):
        if type(ai) is Conditional:
            ai = BOOL
        if TT.isType(ai):
            p = ai.params[0]
            canconst = canconst and not has_free_typevars(p)
            tparams.append(p)
        elif type(ai) is Const and (is_type(ai.val) or _valid_tparam(ai.val)):
            tparams.append(_param_value(ai.val))
        else:
            uncertain = True
            unw = unwrap_unionall(ai) if is_type(ai) else ai
            is_t = TT.isType(unw)
            if is_t:
                ub = rewrap_unionall(unw.params[0], ai)
            if not istuple and _unionall_depth(ai) > 3:
                # more than 3 unknown parameters from one argument: the wrapper type instead
                inner = unwrap_unionall(unw.params[0]) if is_t else None
                if type(inner) is DataType and inner.name is not TT.TUPLE_NAME:
                    w = TT.wrapper(inner.name)
                    unw = TT.type_of_type(unwrap_unionall(w))
                    ai = ub = _rewrap_all(unw, w)
                else:
                    is_t = False
                    ai = unw = ub = ANY
            elif not is_t:
                aw = widenconst(ai)
                ub = instanceof(ai)[0] if is_type(aw) and issubtype(aw, TYPE) else ANY
            if istuple:
                tparams.append(VarargType(ANY) if i == largs - 1 and ub == ANY else ub)
            elif is_t:
                ai, unw = _renamed_apart(ai, unw, outervars)
                tparams.append(unw.params[0])
                a = ai
                while type(a) is UnionAllType:
                    outervars.append(a.var)
                    a = a.body
            else:
                keep = (type(uw) is DataType and uw.name is TT.NAMEDTUPLE_NAME and type(ua) is UnionAllType
                        and len(uw.params) == 2 and uw.params[1] == ua.var
                        and (type(uw.params[0]) is tuple or (i == 1 and tparams and type(tparams[0]) is tuple)))
                if not keep:
                    ub = ANY
                name = _TVARNAMES[names] if names < len(_TVARNAMES) else "_Z"
                names += 1
                v = TypeVar(name, None, None if ub == ANY else ub)
                tparams.append(v)
                outervars.append(v)
        if type(ua) is UnionAllType:
            ua = ua.body
    try:
        appl = ST.apply_type(headtype, tparams)
    except Exception:  # noqa: BLE001 - a parameter the type does not take: the call throws
        if not uncertain:
            return BOTTOM
        canconst = False
        outervars, outer_start = [], 0
        appl = headtype
        for _ in range(largs):
            if type(appl) is UnionAllType:
                outervars.append(appl.var)
                appl = appl.body
    if not uncertain and canconst:
        return Const(appl)
    if istuple:
        return type_leq(appl)
    ans = TT.type_of_type(appl)
    for v in reversed(outervars[outer_start:]):
        ans = UnionAllType(v, ans)
    return ans


def _unionall_depth(t) -> int:
    """typeutils.jl `unionall_depth`: how many `where`s wrap `t`."""
    n = 0
    while type(t) is UnionAllType:
        n += 1
        t = t.body
    return n


def _rewrap_all(t, w):
    """`t` wrapped in every `where` of `w` (Julia's `rewrap_unionall`)."""
    vs = []
    while type(w) is UnionAllType:
        vs.append(w.var)
        w = w.body
    for v in reversed(vs):
        t = UnionAllType(v, t)
    return t


def _renamed_apart(ai, unw, outervars):
    """`apply_type_tfunc`'s "make sure vars introduced here are unique" (`rename_unionall`):
    a `where` variable of `ai` named like one already gathered gets a name of its own -- the
    one Julia's `show` then prints for it, the name and a counter (`_A1`), so that
    `Pair{Vector{_A}, Vector{_A1}}` keeps two variables apart."""
    taken = {v.name for v in outervars}
    vs, a = [], ai
    while type(a) is UnionAllType:
        vs.append(a.var)
        a = a.body
    if not any(v.name in taken for v in vs):
        return ai, unw
    env = {}
    for v in vs:
        if v.name in taken:
            k = 1
            while f"{v.name}{k}" in taken or any(f"{v.name}{k}" == x.name for x in vs):
                k += 1
            nv = TypeVar(f"{v.name}{k}", v.lb, v.ub)
            taken.add(nv.name)
            env[v] = nv
    body = ST.subst(a, env)
    out = body
    for v in reversed(vs):
        out = UnionAllType(env.get(v, v), out)
    return out, body


def _apply_unknown(headtype, ps):
    """`T{ps…}` for an opaque type `T` irc does not know (its arity and
    bounds unknown, so any parameters are taken): `Const(T{…})` when every
    parameter is known, else `Type{T{_A, …}} where {_A, …}` with a fresh
    variable for each unknown parameter -- never `Union{}` (irc cannot tell
    that the call throws)."""
    params: list = []
    fresh: list = []
    for ai in ps:
        if type(ai) is Conditional:
            ai = BOOL
        if TT.isType(ai) and not has_free_typevars(ai.params[0]):
            params.append(ai.params[0])
        elif type(ai) is Const and (is_type(ai.val) or _valid_tparam(ai.val)):
            params.append(_param_value(ai.val))
        else:
            v = TypeVar(_TVARNAMES[len(fresh)] if len(fresh) < len(_TVARNAMES) else "_Z", None, None)
            fresh.append(v)
            params.append(v)
    applied = DataType(headtype.name, tuple(params))
    if not fresh:
        return Const(applied)
    ans = TT.type_of_type(applied)
    for v in reversed(fresh):
        ans = UnionAllType(v, ans)
    return ans


def _apply_union(ps):
    """`Union{ps…}` (apply_type_tfunc's `headtype === Union` branch)."""
    if not ps:
        return Const(BOTTOM)
    has_non_type = False
    for ai in ps:
        if type(ai) is Const:
            if not is_type(ai.val):
                return BOTTOM
            if type(ai.val) is TypeVar:
                has_non_type = True
        elif not TT.isType(ai):
            w = widenconst(ai)
            if not is_type(ai) or _may_be_type(w) or typeintersect(w, TT.TYPEVAR_T) != BOTTOM:
                has_non_type = True
            else:
                return BOTTOM
    if len(ps) == 1:
        w = widenconst(ps[0])
        return ST.union(typeintersect(w, TYPE), typeintersect(w, TT.TYPEVAR_T))
    if has_non_type:
        return TYPE
    allconst = True
    members = []
    for ai in ps:
        if TT.isType(ai):
            allconst = allconst and hasuniquerep(ai.params[0])
            members.append(ai.params[0])
        else:
            members.append(ai.val)
    ty = ST.union(*members)
    return Const(ty) if allconst else TT.type_of_type(ty)


# ---------------------------------------------------------------- nfields


# opaque types Julia gives no fields (1.10): the rest of the opaque ones have fields irc does not know
_NO_FIELDS = frozenset({"Core.String", "Core.Symbol", "Core.Array", "Core.Module", "Core.SimpleVector"})


def _declared_nfields(t: DataType):
    """The field count of a non-abstract, non-tuple data type, or None when irc does not know it."""
    tn = t.name
    if tn.opaque and tn.declared:
        return None  # a struct declared with `...`: fields it does not list
    if tn.fieldnames or tn.primitive_bits or not tn.opaque:
        return len(tn.fieldnames)
    return 0 if tn.qualname in _NO_FIELDS else None


def nfields_tfunc(x):
    """Julia's `nfields_tfunc` (see module doc)."""
    if type(x) is Const:
        v = x.val
        if type(v) is tuple:
            return Const(len(v))
        if type(v) is StructValue:
            return Const(len(v.fields))
        if type(v) is UnionType:
            return Const(2) if v.members else TT.INT64
        if type(v) is UnionAllType:
            return Const(2)
        if is_type(v):
            return TT.INT64  # the fields of a DataType object: not modelled
        if type(v) in (int, float, bool, str, Sym, JChar, FunctionValue, ModuleValue) or v is None:
            return Const(0)
        x = widenconst(x)
    if type(x) is Conditional:
        return Const(0)
    xt = widenconst(x)
    u = unwrap_unionall(xt)
    if isconst_type(u):
        return nfields_tfunc(Const(u.params[0]))
    if type(u) is FuncType:
        return Const(0)
    if type(u) is DataType and not u.name.abstract:
        if u.name is TT.TUPLE_NAME:
            return TT.INT64 if TT.is_vatuple(u) else Const(len(u.params))
        if u.name is TT.NAMEDTUPLE_NAME:
            if len(u.params) != 2:
                return TT.INT64
            if type(u.params[0]) is tuple:
                return Const(len(u.params[0]))
            return nfields_tfunc(rewrap_unionall(u.params[1], xt))
        n = _declared_nfields(u)
        return TT.INT64 if n is None else Const(n)
    if type(u) is UnionType:
        out = BOTTOM
        for m in sort_union_members(u.members):
            r = nfields_tfunc(m.ub if type(m) is TypeVar and m.ub is not None else m)
            if r == TT.INT64:
                return TT.INT64
            out = tmerge(out, r)
        return out
    return TT.INT64


# ---------------------------------------------------------------- sizeof


def _const_sizeof(v, typ=None):
    """Julia's `_const_sizeof`: `Core.sizeof(v)` as a constant (`typ` the type
    of the value `v`), `Int64` when it throws."""
    if type(v) is str:
        return Const(len(v.encode("utf-8")))
    if is_type(v):
        if type(v) is UnionType:
            return _union_sizeof(v) or TT.INT64
        n = sizeof_type(v)
    else:
        n = sizeof_type(typ if typ is not None else typeof_value(v))
    return TT.INT64 if n is None else Const(n)


def _union_sizeof(u: UnionType):
    """`Core.sizeof(Union{…})`: the largest member when the union is stored inline."""
    if not u.members or not all(isbitstype(m) for m in u.members):
        return None
    sizes = [sizeof_type(m) for m in u.members]
    return None if any(s is None for s in sizes) else Const(max(sizes))


def sizeof_tfunc(x):
    """Julia's `sizeof_tfunc` (see module doc)."""
    if type(x) is Const:
        return _const_sizeof(x.val, x.typ)
    if type(x) is Conditional:
        return Const(1)
    if isconst_type(x):
        return _const_sizeof(x.params[0])
    xw = widenconst(x)
    xu = unwrap_unionall(xw)
    if type(xu) is UnionType:
        return _merge(sizeof_tfunc(rewrap_unionall(m, xw)) for m in sort_union_members(xu.members))
    if _may_be_type(xw):
        t, exact = instanceof(x)
        t = unwrap_unionall(t)
        if exact and type(t) is UnionType:
            return _union_sizeof(t) or BOTTOM
        if type(t) is not DataType:
            return TT.INT64
        if TT.isconcrete(t) or t.name.primitive_bits:
            return _const_sizeof(t)
        return TT.INT64
    if xw != TT.DATATYPE and TT.isconcrete(xw) or type(xw) is DataType and xw.name.primitive_bits:
        return _const_sizeof(xw)
    return TT.INT64


# ---------------------------------------------------------------- isdefined


# built-in mutable types whose constructors leave fields undefined (Julia's `n_uninitialized`)
_UNINITIALIZED = {"Core.Box": 1, "Base.RefValue": 1}
_BUILTIN_NAMES = frozenset(TT.ALL_BUILTIN_NAMES)


def _min_initialized(t: DataType):
    """Julia's `datatype_min_ninitialized`, or None when irc does not know it
    (a built-in mutable type other than those listed)."""
    tn = t.name
    if tn is TT.TUPLE_NAME:
        return len(t.params) - 1 if TT.is_vatuple(t) else len(t.params)
    if tn is TT.NAMEDTUPLE_NAME:
        return len(t.params[0]) if len(t.params) == 2 and type(t.params[0]) is tuple else 0
    n = _declared_nfields(t)
    if n is None:
        return None
    if tn in _BUILTIN_NAMES and tn.mutable:
        k = _UNINITIALIZED.get(tn.qualname)
        return None if k is None else n - k
    return n


def isdefined_tfunc(arg1, sym, type_fields: bool = False, partial_fields: bool = False):
    """Julia's `isdefined_tfunc` (see module doc).  `type_fields` (1.11, tfuncs.jl): a
    `Type{T}` argument (`isconstType`) is answered for `typeof(T)`'s fields, as a `Const(T)`
    is (1.10: `Bool`).  `partial_fields` (1.12, Compiler/src/tfuncs.jl): a `PartialStruct`'s
    known fields are defined (`Const(true)`), and a type with no fields has none whatever the
    name (`datatype_fieldcount(a1) === 0`: `Const(false)`)."""
    if type(arg1) is Const:
        arg1t = typeof_value(arg1.val) if is_type(arg1.val) else arg1.typ
    elif type_fields and isconst_type(arg1):
        arg1t = typeof_value(arg1.params[0])
    else:
        arg1t = widenconst(arg1)
    if TT.isType(arg1t):
        return BOOL
    a1 = unwrap_unionall(arg1t)
    if type(a1) is FuncType:  # a function's type has no fields
        if type(sym) is not Const:
            return BOOL
        return FALSE if type(sym.val) is Sym or type(sym.val) is int else BOTTOM
    if type(a1) is DataType and not a1.name.abstract:
        if a1 == TT.MODULE:
            if typeintersect(widenconst(sym), TT.SYMBOL) == BOTTOM:
                return BOTTOM
            return BOOL
        if type(sym) is not Const:
            if partial_fields and _fieldcount(a1) == 0:
                return FALSE
            return BOOL
        if a1.name not in (TT.TUPLE_NAME, TT.NAMEDTUPLE_NAME) and _declared_nfields(a1) is None:
            return BOOL  # a type whose fields irc does not know (`DataType`, `IOStream`, …)
        v = sym.val
        if type(v) is Sym:
            names = TT.field_names(a1)
            if names is None:
                return BOOL
            idx = names.index(v.name) + 1 if v.name in names else 0
        elif type(v) is int and not isinstance(v, bool):
            idx = v
        else:
            return BOTTOM
        mini = _min_initialized(a1)
        if mini is not None and 1 <= idx <= mini:
            return TRUE
        if a1.name is TT.NAMEDTUPLE_NAME:
            if TT.isconcrete(a1):
                return FALSE
            if len(a1.params) == 2 and type(a1.params[0]) is tuple:
                return Const(1 <= idx <= len(a1.params[0]))
            return BOOL
        nf = len(ST.field_types(a1)) if a1.name is TT.TUPLE_NAME else _declared_nfields(a1)
        if idx <= 0 or (not TT.is_vatuple(a1) and nf is not None and idx > nf):
            return FALSE
        if type(arg1) is Const and type(arg1.val) in (tuple, StructValue):
            return TRUE  # every field of a constant irc builds is defined
        if partial_fields and type(arg1) is PartialStruct and arg1.fields \
                and type(arg1.fields[-1]) is not VarargType and 1 <= idx <= len(arg1.fields):
            return TRUE
        if not TT.is_vatuple(a1) and nf is not None:
            fts = ST.field_types(a1)
            if idx <= len(fts) and type(fts[idx - 1]) is DataType and isbitstype(fts[idx - 1]):
                return TRUE
        return BOOL
    if type(a1) is UnionType:
        return _merge(isdefined_tfunc(rewrap_unionall(m, arg1t), sym, type_fields, partial_fields)
                      for m in sort_union_members(a1.members))
    return BOOL


def _fieldcount(t: DataType):
    """Julia's `datatype_fieldcount` where irc knows it (a tuple's length, unless a `Vararg`; a
    declared or built-in type's field count), else None."""
    if t.name is TT.TUPLE_NAME:
        return None if TT.is_vatuple(t) else len(t.params)
    if t.name is TT.NAMEDTUPLE_NAME:
        return len(t.params[0]) if len(t.params) == 2 and type(t.params[0]) is tuple else None
    return _declared_nfields(t)


def isdefined_condition(x, sym, type_fields: bool = False, partial_fields: bool = False):
    """`abstract_call_builtin`'s `isdefined` refinement of a union-typed
    argument: (then, else) from the members `isdefined_tfunc` answers true /
    false for (both for `Bool`), merged in Julia's union order; None when the
    argument is not a union type.  `type_fields`: as `isdefined_tfunc`'s (1.11)."""
    if type(x) is not UnionType or not x.members:
        return None
    then_t = else_t = BOTTOM
    for m in sort_union_members(x.members):
        c = isdefined_tfunc(m, sym, type_fields, partial_fields)
        if type(c) is Const:
            if c.val:
                then_t = tmerge(then_t, m)
            else:
                else_t = tmerge(else_t, m)
        else:
            then_t = tmerge(then_t, m)
            else_t = tmerge(else_t, m)
    return then_t, else_t

