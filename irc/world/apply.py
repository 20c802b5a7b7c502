"""Splatting: `Core._apply_iterate(iterate, f, xs…)`, as Julia 1.10's
`abstract_apply`, `precise_container_type` and `abstract_iteration`
(base/compiler/abstractinterpretation.jl) type it.

Algorithm:

1. A callee that is not a constant (nor `Type{T}`) and not of a concrete
   type gives `Any`.
2. Each splatted argument becomes a list of element types
   (`precise_container_type`): a constant tuple its constant elements, a
   `PartialStruct` its fields, a tuple type its parameters (a trailing
   `Vararg` kept), a union of tuples of one length the element-wise merge
   (other unions `Vararg{Any}`), a `NamedTuple` its values, an `Array` a
   `Vararg` of its element type, `Any` `Vararg{Any}`, anything else what
   the iteration protocol gives (`abstract_iteration`: `iterate(x)`, then
   `iterate(x, state)` unrolled while the result is a 2-tuple and cannot be
   `nothing`, then merged to a fixed point into one `Vararg`).  An element
   list holding `Union{}` (the splat throws) drops that combination.
3. When the union-split cost of the splatted arguments (Julia's
   `unionsplitcost`) is between 2 and 8 (`max_apply_union_enum`), each
   member of a union-typed argument is splatted on its own (members in
   Julia's union order).
4. The element lists are concatenated per combination; anything after a
   `Vararg` merges into it (`tuple_tail_elem`), and `f` is called on each
   resulting argument list (through `World.call`, a trailing `Vararg`
   included); the results merge with `tmerge`, and `Any` stops the walk.

Every merge is the rules version's `tmerge` (`tmerge_for(world.rules)`:
1.11's keeps unions 1.10 widens), as Julia's `abstract_apply` merges in its
own lattice.

The result keeps the callee's diagnostics and whether a generic function
was called (for `call_result_unused`); a refinement of the callee's
arguments is dropped (Julia calls with no argument expressions, `fargs =
nothing`).  Invariant: pure (all state is in the world's call memo).
"""
from __future__ import annotations

from irc.lattice import typetable as TT
from irc.lattice.subtype import issubtype, typeintersect
from irc.lattice.typelattice import ANY, Const, PartialStruct, StructValue, lattice_le, widenconst
from irc.lattice.typelimits import tmerge, tmerge_for
from irc.lattice.typeprint import sort_union_members
from irc.lattice.types import (
    BOTTOM, DataType, UnionType, VarargType, has_free_typevars, rewrap_unionall, unwrap_unionall,
)
from irc.world.dispatch import union_split_cost
from irc.world.tfuncs import CallResult, getfield_tfunc

MAX_APPLY_UNION_ENUM = 8
MAX_TUPLE_SPLAT = 32
VARARG_ANY = VarargType(ANY)
_TUPLE2 = TT.tuple_type([ANY, ANY])


def apply_iterate(args, world, module) -> CallResult:
    """`Core._apply_iterate(itf, f, xs…)` (see module doc)."""
    if len(args) < 2:
        return CallResult(BOTTOM)
    merge = tmerge_for(getattr(world, "rules", None))
    itf, f, xs = args[0], args[1], list(args[2:])
    if itf == BOTTOM or f == BOTTOM:
        return CallResult(BOTTOM)
    fw = widenconst(f)
    if type(f) is not Const and not (TT.isType(fw) and not has_free_typevars(fw)) and not TT.isconcrete(fw):
        return CallResult(ANY)
    split = 1 < union_split_cost([widenconst(x) for x in xs]) <= MAX_APPLY_UNION_ENUM
    ctypes = _argument_lists(itf, xs, split, world, module, merge)
    res = BOTTOM
    diags: list = []
    generic = gap = dynamic = False
    for ct in ctypes:
        r = world.call(f, ct, module)
        generic, gap, dynamic = generic or r.generic, gap or r.gap, dynamic or r.dynamic
        diags.extend(d for d in r.diagnostics if d not in diags)
        res = merge(res, r.rt)
        if res == ANY:
            break
    return CallResult(res, None, tuple(diags), dynamic, gap=gap, generic=generic)


def _argument_lists(itf, xs, split: bool, world, module, merge) -> list[list]:
    """The argument lists `f` is called with (module doc, 2.-4.): one per combination of the
    union-split members, each the concatenated element lists, anything after the first
    `Vararg` merged into it; a combination whose splat throws is dropped."""
    ctypes: list[list] = [[]]
    for x in xs:
        new: list[list] = []
        for ti in (_members(x) if split else [x]):
            if type(ti) is VarargType:
                cti = precise_container_type(itf, ti.T, world, module)
                argt = cti[-1].T if cti and type(cti[-1]) is VarargType else (cti[-1] if cti else BOTTOM)
                for e in cti[:-1]:
                    argt = merge(argt, e)
                cti = [VarargType(argt)]
            else:
                cti = precise_container_type(itf, ti, world, module)
            if any(e == BOTTOM for e in cti):
                continue  # this splat throws
            for ct in ctypes:
                if ct and type(ct[-1]) is VarargType:
                    new.append(ct[:-1] + [tuple_tail_elem(ct[-1].T, cti, merge)])
                else:
                    new.append(ct + cti)
        ctypes = new
    out = []
    for ct in ctypes:
        for i, e in enumerate(ct[:-1]):  # truncate at the first Vararg
            if type(e) is VarargType:
                ct = ct[:i] + [tuple_tail_elem(e.T, ct[i + 1:], merge)]
                break
        out.append(ct)
    return out


def splatted_args(args, world, module) -> list | None:
    """The one argument list `Core._apply_iterate(itf, f, xs…)` calls `f` with (module doc, 2.
    to 4.: a splat of unknown length gives a trailing `Vararg{E}`, the signature Julia's
    `abstract_apply` calls `f` with), or None when it is not one list (a splat of a `Vararg`
    argument, a splat that throws): what `irc stubs --all` declares `f` with.  A splat Julia
    splits per union member (3.) gives the list of the unsplit arguments, which holds every
    member's (`Union{BitVector, Vector}` splats as `Vararg{Any}`: h230's `concat_string(cs...)`)."""
    if len(args) < 2:
        return None
    itf, xs = args[0], list(args[2:])
    if any(type(x) is VarargType for x in xs):
        return None
    lists = _argument_lists(itf, xs, False, world, module, tmerge_for(getattr(world, "rules", None)))
    return lists[0] if len(lists) == 1 else None


def _members(x):
    """Julia's `uniontypes`: a union's members in union order, else `[x]`."""
    return sort_union_members(x.members) if type(x) is UnionType and x.members else [x]


def tuple_tail_elem(init, cts, merge=tmerge) -> VarargType:
    """Julia's `tuple_tail_elem`: one `Vararg` of the widened merge of `init`
    and every element (unwrapping `Vararg`s)."""
    t = init
    for x in cts:
        t = merge(t, x.T if type(x) is VarargType else x)
    return VarargType(widenconst(t))


def precise_container_type(itf, typ, world, module) -> list:
    """The element types a splat of `typ` passes (see module doc)."""
    merge = tmerge_for(getattr(world, "rules", None))
    if type(typ) is PartialStruct:
        w = typ.typ
        if type(w) is DataType and w.name in (TT.TUPLE_NAME, TT.NAMEDTUPLE_NAME):
            return list(typ.fields)
    if type(typ) is Const:
        v = typ.val
        if type(v) is tuple:
            return [e if type(e) is Const else Const(e) for e in v]
        if type(v) is StructValue and type(v.typ) is DataType and v.typ.name is TT.NAMEDTUPLE_NAME:
            return list(v.fields)
    tti0 = widenconst(typ)
    tti = unwrap_unionall(tti0)
    if type(tti) is DataType and tti.name is TT.NAMEDTUPLE_NAME and len(tti.params) == 2:
        tti = unwrap_unionall(tti.params[1]) if type(tti.params[1]) is not tuple else tti.params[1]
        tti0 = rewrap_unionall(tti, tti0)
    if type(tti) is UnionType:
        utis = sort_union_members(tti.members)
        if any(not TT.is_tuple(t) or TT.is_vatuple(t) for t in utis):
            return [VARARG_ANY]
        n = len(utis[0].params)
        if any(len(t.params) != n for t in utis):
            return [VARARG_ANY]
        result = [BOTTOM] * n
        for t in utis:
            for j in range(n):
                result[j] = merge(result[j], rewrap_unionall(t.params[j], tti0))
        return result
    if is_subtype_of_tuple(tti0):
        if type(tti0) is DataType:
            return list(tti0.params)
        if type(tti) is not DataType:
            return [VARARG_ANY]
        elts = [rewrap_unionall(p.T if type(p) is VarargType else p, tti0) for p in tti.params]
        if tti.params and type(tti.params[-1]) is VarargType:
            last = elts.pop()
            if last != BOTTOM:
                elts.append(VarargType(last))
        return elts
    if tti0 == TT.SIMPLEVECTOR or tti0 == ANY:
        return [VARARG_ANY]
    if type(tti) is DataType and tti.name is TT.ARRAY_NAME:
        el = tti.params[0] if tti.params else ANY
        if type(tti0) is not DataType or has_free_typevars(el):
            el = ANY
        return [] if el == BOTTOM else [VarargType(el)]
    return abstract_iteration(itf, typ, world, module)


def is_subtype_of_tuple(t) -> bool:
    return t != BOTTOM and issubtype(t, TT.TUPLE_ANY)


def abstract_iteration(itf, itertype, world, module) -> list:
    """Julia's `abstract_iteration` (see module doc): the element types a
    `for` over `itertype` visits, `[Union{}]` when it cannot end or is not
    iterable."""
    if type(itf) is not Const:
        return [VARARG_ANY]
    merge = tmerge_for(getattr(world, "rules", None))
    r = world.call(itf, [itertype], module).rt
    if r == BOTTOM:
        return [BOTTOM]
    ret: list = []
    statetype = BOTTOM
    w = widenconst(r)
    while True:  # unroll while the iterator has a known length
        if w == TT.NOTHING:
            return ret
        if issubtype(TT.NOTHING, w) or len(ret) >= MAX_TUPLE_SPLAT:
            break
        if not TT.is_tuple(w) or TT.is_vatuple(w) or len(w.params) != 2:
            break
        nstate = getfield_tfunc(r, Const(2))
        if lattice_le(nstate, statetype):
            return [BOTTOM]  # no new state: the iterator does not end
        ret.append(getfield_tfunc(r, Const(1)))
        statetype = nstate
        r = world.call(itf, [itertype, statetype], module).rt
        w = widenconst(r)
    valtype = statetype = BOTTOM
    may_have_terminated = issubtype(TT.NOTHING, w)
    for _ in range(64):  # a fixed point of tmerge is reached well before (its chains are short)
        if valtype == ANY:
            break
        nounion = typeintersect(w, _TUPLE2)
        if nounion != BOTTOM and type(nounion) is not DataType:
            valtype = ANY
            break
        if nounion == BOTTOM or (issubtype(nounion.params[0], valtype) and issubtype(nounion.params[1], statetype)):
            if typeintersect(w, TT.NOTHING) == BOTTOM:
                if not may_have_terminated:
                    return [BOTTOM]
                valtype = BOTTOM
            break
        valtype = merge(valtype, nounion.params[0])
        statetype = merge(statetype, nounion.params[1])
        r = world.call(itf, [itertype, statetype], module).rt
        w = widenconst(r)
    else:
        valtype = ANY
    if valtype != BOTTOM:
        ret.append(VarargType(valtype))
    return ret

