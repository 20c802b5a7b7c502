"""Builtins and intrinsics (spec §1.2): Julia's tfuncs (base/compiler/tfuncs.jl)
with constant folding, and Julia-semantics arithmetic for `@foldable` methods.

Each builtin is a Python function `(args: list[Lattice], world) -> Lattice |
CallResult`.  The rules, with the Julia function each follows:

- `===` -- `egal_tfunc`: two constants fold; disjoint widened types give
  `Const(false)`; a slot compared with a constant gets a condition
  (abstractinterpretation.jl `abstract_call_builtin`): then-type the constant,
  else-type the slot's type minus the constant's type when that is a
  singleton.  `!==` is its negation (branches swapped).
- `isa` -- `isa_tfunc`: decided when `x ⊑ T` (true) or `x` is exact/disjoint
  (false); otherwise `Bool` with the condition `(x ∩ T, x \\ T)`.
- `typeof` -- `typeof_tfunc`; `<:` -- `subtype_tfunc`; `getfield` --
  `getfield_tfunc` (tuples, structs, Const/PartialStruct fields, constant
  names or indices; out of range: `Union{}`); `setfield!`, `isdefined`,
  `nfields`, `fieldtype`, `tuple` (Const / PartialStruct / Tuple type),
  `apply_type`, `typeassert`, `ifelse`, `throw` (`Union{}`), `sizeof`,
  `svec`, `Core.Box`, `arraylen`/`arrayref`/
  `arrayset`/`arraysize`.
- Intrinsics: integer ops wrap around at the argument's bit width (two's
  complement), float ops follow IEEE (Float32 rounded), comparisons give
  Bool, conversions take the target type as first argument.

Intrinsic folding computes on Python values (int/float/bool) and re-wraps
the result in the Julia type; an intrinsic that would throw is not folded
(its type stands, as Julia's `builtin_tfunction` does).  Folding of
`@foldable` declarations is `irc.world.fold`.  All functions are pure.
"""
from __future__ import annotations

import math
import operator
import struct
from dataclasses import dataclass

from irc.lattice import typetable as TT

from irc.lattice import subtype as ST
from irc.lattice.layout import issingleton
from irc.world.typetfuncs import (
    TYPE, hasuniquerep, apply_type_tfunc, instanceof, instanceof_tfunc, is_const_type, type_leq, isdefined_condition, isdefined_tfunc, nfields_tfunc, sizeof_tfunc,
    subtype_tfunc, typeof_tfunc, unknown_bare_name,
)
from irc.lattice.typelattice import ANY, BOOL, FALSE, TRUE, Conditional, Const, PartialStruct, StructValue, float32, has_nontrivial_const_info, lattice_getfield, singleton_instance, lattice_le, lattice_lt, lattice_nfields, tmeet, widenconditional, widenconst
from irc.lattice.typelimits import tmerge, tmerge_for
from irc.lattice.typeprint import sort_union_members
from irc.lattice.subtype import issubtype, typeintersect, typesubtract
from irc.lattice.typeprint import show
from irc.world.notes import always_throws, unknown_module_global
from irc.world import floatfold as FF
from irc.world.memorytfuncs import array_field
from irc.world.dispatch import _split as split_combinations  # `switchtupleunion` under `unionsplitcost`
from irc.lattice.types import (
    BOTTOM, DataType, FuncType, FunctionValue, ModuleValue, Sym, TypeVar, UnionAllType, UnionType,
    VarargType, has_free_typevars, is_type, rewrap_unionall, unwrap_unionall,
)


@dataclass(frozen=True, slots=True)
class CallResult:
    """The result of a call: `rt` its lattice element; `cond` = (0-based
    argument position, type when true, type when false) or None, and
    `cond_alts` further such triples tried in order when the argument of
    `cond` does not stand for a slot (`===` of two slots); `diagnostics`
    the `irc.world.notes.Note`s about it (unknown callee, no matching
    method, …); `dynamic` when Julia would dispatch it at run time; `info`
    what dispatch looked at (a `CallInfo`, for `irc explain --stmt`), None
    for builtins; `gap` when the result is `Any` for want of knowledge, not
    by Julia's rules (what `--use-printed-types` may fill in); `generic` is
    true when the call went through a generic function (method dispatch, a
    type's constructor, an unknown callee), as opposed to a builtin or
    intrinsic: Julia widens an unused generic call's result
    (`call_result_unused`), and its `cond` follows `from_interconditional`
    instead of the builtins' `abstract_call_builtin` rules."""

    rt: object
    cond: tuple | None = None
    diagnostics: tuple = ()
    dynamic: bool = False
    info: object = None
    gap: bool = False  # the result is Any for want of knowledge (an unknown callee, method or field)
    generic: bool = False
    cond_alts: tuple = ()


@dataclass(frozen=True, slots=True)
class CallInfo:
    """What typing a call of a declared function looked at (for `irc explain
    --stmt`): the function's qualified name, its declarations, whether they
    are all of its methods (`closed`), and the dispatch result."""

    qualname: str
    methods: tuple
    closed: bool
    dispatch: object


# ---------------------------------------------------------------- helpers


def _int_info(t):
    """(bits, signed) of an integer type, or None."""
    if type(t) is not DataType or not t.name.primitive_bits:
        return None
    if t == TT.BOOL:
        return (8, False)
    if issubtype(t, TT.SIGNED):
        return (t.name.primitive_bits, True)
    if issubtype(t, TT.UNSIGNED):
        return (t.name.primitive_bits, False)
    if t == TT.CHAR:
        return (32, False)
    return None


def wrap_int(v: int, t):
    """Two's-complement wrap of `v` to the integer type `t` (Bool: v & 1 as bool)."""
    if t == TT.BOOL:
        return bool(v & 1)
    info = _int_info(t)
    if info is None:
        return v
    bits, signed = info
    v &= (1 << bits) - 1
    if signed and v >= 1 << (bits - 1):
        v -= 1 << bits
    return v


def _round_float(v: float, t):
    if t == TT.FLOAT32:
        return float32(v)
    if t == TT.FLOAT16:
        try:
            return struct.unpack("<e", struct.pack("<e", v))[0]
        except OverflowError:
            return math.copysign(math.inf, v)
    return v


def make_const(v, t):
    """A Const of Python value `v` coerced to Julia type `t`."""
    if t == TT.BOOL:
        return Const(bool(v), TT.BOOL)
    if type(t) is DataType and t.name.primitive_bits and issubtype(t, TT.INTEGER):
        return Const(wrap_int(int(v), t), t)
    if type(t) is DataType and issubtype(t, TT.ABSTRACTFLOAT) and t.name.primitive_bits:
        return Const(_round_float(float(v), t), t)
    return Const(v, t)


def _num(c):
    """Python number of a numeric Const (Bool as int), or None."""
    if type(c) is not Const:
        return None
    v = c.val
    if type(v) in (bool, int, float):
        return v
    return None


def _ints_unsigned(c):
    v = c.val
    info = _int_info(c.typ)
    if info is None:
        return int(v)
    bits, _ = info
    return int(v) & ((1 << bits) - 1)


# ---------------------------------------------------------------- builtins


def tf_egal(args, world):
    if len(args) != 2:
        return BOTTOM
    x, y = args
    rt = egal_tfunc(x, y)
    if rt != BOOL and rt != TRUE and rt != FALSE:
        return rt
    # abstract_call_builtin: a comparison with a constant refines the other
    # side; otherwise a slot's own type, one branch impossible when folded
    # ("narrow the lattice slightly"); the second argument first
    alts = []
    if type(x) is Const:
        alts.append(_egal_cond(rt, y, x, 1))
    elif type(y) is Const:
        alts.append(_egal_cond(rt, x, y, 0))
    for pos, a in ((1, y), (0, x)):
        alts.append((pos, BOTTOM if rt == FALSE else a, BOTTOM if rt == TRUE else a))
    return CallResult(rt, alts[0], cond_alts=tuple(alts[1:]))


def _egal_cond(rt, xt, c, pos):
    """Julia's `egal_condition(c, xt, rt)`: `xt` compared with the constant `c`."""
    then_t, else_t = c, xt
    if rt == FALSE:
        then_t = BOTTOM
    elif rt == TRUE:
        else_t = BOTTOM
    elif is_type(else_t) and issingleton(c.typ) and not is_type(c.val):
        else_t = typesubtract(else_t, c.typ)
    return (pos, then_t, else_t)


def egal_tfunc(x, y):
    """Julia's `egal_tfunc`."""
    if type(x) is Const and type(y) is Const:
        return Const(x == y)
    if type(x) is Const and issingleton(x.typ) and widenconst(y) == x.typ and not is_type(x.val):
        return TRUE
    if type(y) is Const and issingleton(y.typ) and widenconst(x) == y.typ and not is_type(y.val):
        return TRUE
    wx, wy = widenconst(x), widenconst(y)
    if typeintersect(wx, wy) == BOTTOM:
        return FALSE
    return BOOL


def tf_notegal(args, world):
    """`!==` is exactly a negated `===` (abstract_call_known): branches swapped."""
    r = tf_egal(args, world)
    if not isinstance(r, CallResult):
        return r
    rt = r.rt
    if rt == TRUE:
        rt = FALSE
    elif rt == FALSE:
        rt = TRUE
    alts = tuple((p, b, a) for p, a, b in (r.cond,) + r.cond_alts)
    return CallResult(rt, alts[0], cond_alts=tuple(alts[1:]))


def tf_isa(args, world):
    if len(args) != 2:
        return BOTTOM
    v, tt = args
    t, exact = instanceof(tt)
    w = widenconst(v)
    rt = BOOL
    if t == BOTTOM and exact:
        rt = FALSE
    elif not has_free_typevars(t):
        if lattice_le(v, t):
            if exact:
                rt = TRUE
        elif unknown_bare_name(t):
            # a name irc does not know may be an alias (`const T = Union{Int, Real}`) or a global that
            # is no type at all: whether `x::Float64` is one is unknown, never `false` (h805, h806); the
            # branches narrow as for the type of that name (`x::Union{Nothing, Foo}` is `Foo` where the
            # test holds), a value irc finds disjoint from it keeping its own type there
            then_t = typeintersect(w, t)
            return CallResult(BOOL, (0, w if then_t == BOTTOM else then_t, typesubtract(w, t)))
        elif type(v) is Const or TT.isdispatchelem(w) or typeintersect(w, t) == BOTTOM:
            rt = FALSE
    # Julia's `isa_condition`: a folded test keeps its Conditional, one branch impossible
    cond = None
    if rt == TRUE:
        cond = (0, v, BOTTOM)
    elif rt == FALSE:
        cond = (0, BOTTOM, v)
    elif exact and type(t) is not TypeVar and not has_free_typevars(t):
        then_t = typeintersect(w, t)
        if TT.iskind(t) and then_t != BOTTOM:
            then_t = t  # typeintersect may not narrow a Type-type
        cond = (0, then_t, typesubtract(w, t))
    return CallResult(rt, cond)


def tf_typeof(args, world):
    if len(args) != 1:
        return BOTTOM
    rules = getattr(world, "rules", None)
    return typeof_tfunc(args[0], rules is not None and rules.typeof_vararg_n)


def tf_subtype(args, world):
    if len(args) != 2:
        return BOTTOM
    return subtype_tfunc(*args)


def _field_index(s, name):
    """1-based field index for a Const name/index argument, or None."""
    if type(name) is not Const:
        return None
    v = name.val
    if type(v) is int and not isinstance(v, bool):
        return v
    if type(v) is Sym:
        names = TT.field_names(s)
        if names is None:
            return None
        if v.name in names:
            return names.index(v.name) + 1
        return -1
    return None


def getfield_tfunc(x, name, merge=tmerge):
    """Julia's `getfield_tfunc` (reduced).  `merge`: the rules version's `tmerge` for the
    answers it merges (a field name that is not constant, a union; 1.10's by default)."""
    tx = type(x)
    if tx is Conditional:
        x = BOOL
        tx = DataType
    if tx is Const:
        v = x.val
        if type(v) is ModuleValue:
            return ANY
        if type(v) in (tuple, StructValue):
            s = widenconst(x)
            i = _field_index(s, name)
            if i is None:  # `_getfield_tfunc(::ConstsLattice)`: a name that is not constant asks the type
                return getfield_tfunc(s, name, merge)
            if i < 1 or i > (lattice_nfields(x) or 0):
                return BOTTOM
            return lattice_getfield(x, i)
        if is_type(v):  # a field of a type object: of its kind (`DataType`, `UnionAll`, `Union`)
            return getfield_tfunc(typeof_tfunc(x).val, name, merge)
        x = widenconst(x)
        tx = type(x)
    if tx is PartialStruct:
        i = _field_index(x.typ, name)
        if i is None:
            return getfield_tfunc(x.typ, name, merge)
        if 1 <= i <= len(x.fields):
            return lattice_getfield(x, i)
        x = x.typ  # `_getfield_tfunc(::PartialsLattice)`: past the fields, the type answers
    s = x
    if s == ANY or s == TT.MODULE:
        return ANY
    if type(s) is UnionType:
        return _merge_all([getfield_tfunc(m, name, merge) for m in sort_union_members(s.members)], merge)
    if type(s) is UnionAllType:
        s = unwrap_unionall(s)
        if type(s) is not DataType:
            return ANY
        r = getfield_tfunc(s, name, merge)
        return ANY if (is_type(r) and has_free_typevars(r)) else r
    if type(s) is not DataType:
        return ANY
    if s.name.abstract:
        return ANY
    fts = ST.field_types(s)
    if _no_field_name(s, name):
        return BOTTOM
    if TT.is_tuple(s):
        if TT.is_vatuple(s):
            # `fld >= nf && isvarargtype(ftypes[nf])` gives the Vararg's element, `fld < 1`
            # Union{}, a constant that is not an Int Union{}; an unknown index merges all
            if type(name) is Const:
                v = name.val
                if type(v) is not int:
                    return BOTTOM
                nf = len(s.params)
                if v >= nf:
                    return s.params[-1].T
                return s.params[v - 1] if v >= 1 else BOTTOM
            return _merge_all([p.T if type(p) is VarargType else p for p in s.params], merge)
    names = TT.field_names(s)
    if names is None:
        return ANY
    complete = fields_complete(s)
    i = _field_index(s, name)
    if i is None:
        if not fts:
            return BOTTOM if complete else ANY
        if type(name) is Const:
            return BOTTOM
        return _merge_all(list(fts), merge) if complete else ANY
    if i < 1 or i > len(fts):
        return BOTTOM if complete else ANY  # a field irc was not told about is unknown, not missing
    return fts[i - 1]


def _no_field_name(s, name) -> bool:
    """Can no value of `name`'s type name a field of the data type `s`?  1.10 `_getfield_tfunc
    (::JLTypeLattice)`: a tuple's index must meet `Int` (`!hasintersect(widenconst(name), Int)`:
    `Bottom`); a name that is not constant must be able to be any `Int` or any `Symbol` (`!(Int <:
    name || Symbol <: name)`: `Bottom`; a `Conditional` too) -- `getfield(x, s::String)`,
    `getfield(x, i::Int32)` throw.  Only for a type irc knows whole (its fields are Julia's)."""
    if not (TT.is_tuple(s) or fields_complete(s)):
        return False
    if type(name) is Conditional:
        return True
    w = widenconst(name)
    if TT.is_tuple(s) and typeintersect(w, TT.INT64) == BOTTOM:
        return True
    return type(name) is not Const and not (issubtype(TT.INT64, w) or issubtype(TT.SYMBOL, w))


def fields_complete(s) -> bool:
    """Does irc know every field of data type `s`?  Declared structs, tuples and
    the built-in types the table describes whole, yes; a name irc does not know
    and the built-in types with hidden contents (`DataType`, `Method`, …: the
    table lists the fields it knows), no."""
    return not (s.name.opaque or s.name.unknown)


def missing_field_note(x, name):
    """The `always-throws` note for a constant field name the declared type of
    `x` does not have, else None."""
    s = widenconst(x)
    u = unwrap_unionall(s)
    if type(u) is not DataType or TT.is_tuple(u) or not fields_complete(u) or u.name.abstract:
        return None
    i = _field_index(u, name)
    if i == -1 and type(name.val) is Sym:
        return always_throws(f"type {show(u)} has no field `{name.val.name}`: the access throws")
    return None


def _merge_all(ts, merge=tmerge):
    r = BOTTOM
    for t in ts:
        r = merge(r, t)
    return r


def module_global(args, world):
    """`getfield(M, :x)` / `getglobal(M, :x)` with both constant (1.10 `getfield_tfunc` and
    `getglobal_tfunc` → `abstract_eval_global`; 1.12 `argtypes_are_actually_getglobal` →
    `abstract_eval_getglobal`): the global's own type -- `Const` of a constant, a typed global's
    type, else `Any` (a global irc does not know: `Any` and a note); a constant module with a
    constant that is no Symbol: `Union{}`.  None when the arguments are not both constant."""
    if len(args) < 2 or type(args[0]) is not Const or type(args[0].val) is not ModuleValue or type(args[1]) is not Const:
        return None
    sym = args[1].val
    if type(sym) is not Sym:
        return CallResult(BOTTOM)
    path = args[0].val.path
    msgs: list[str] = []
    value_of = getattr(world, "value_of", None)
    if value_of is None:
        return CallResult(ANY)
    from irc.syntax.tree import Name  # (the world resolves names; this module takes no syntax otherwise)

    t = value_of(Name(tuple(path) + (sym.name,)), tuple(path), msgs)
    if msgs:
        return CallResult(ANY, None, (unknown_module_global(tuple(path) + (sym.name,)),), gap=True)
    return CallResult(t)


def tf_getglobal(args, world):
    if len(args) < 2 or len(args) > 3:
        return BOTTOM
    r = module_global(args, world)
    if r is not None:
        return r
    if typeintersect(widenconst(args[0]), TT.MODULE) == BOTTOM or typeintersect(widenconst(args[1]), TT.SYMBOL) == BOTTOM:
        return BOTTOM
    return ANY


def tf_getfield(args, world):
    if len(args) < 2 or len(args) > 4:
        return BOTTOM
    r = module_global(args, world)
    if r is not None:
        return r
    rules = getattr(world, "rules", None)
    if rules is not None and rules.memory_arrays:  # 1.11: Array's fields `ref`, `size`
        r = array_field(args[0], args[1])
        if r is not None:
            return r
    return getfield_call(args[0], args[1], tmerge_for(rules))


def getfield_call(x, name, merge=tmerge) -> CallResult:
    """`getfield(x, name)` with the `always-throws` note when the field does not exist
    (`merge`: the rules version's `tmerge`)."""
    rt = getfield_tfunc(x, name, merge)
    if rt == BOTTOM and type(name) is Const:
        note = missing_field_note(x, name)
        if note is not None:
            return CallResult(rt, None, (note,))
    if rt == ANY:
        u = unwrap_unionall(widenconst(x))
        if type(u) is DataType and not fields_complete(u) and not TT.is_tuple(u):
            i = _field_index(u, name)
            if i is None or not 1 <= i <= len(ST.field_types(u)):
                return CallResult(rt, gap=True)  # a field of a type irc does not know whole
    return CallResult(rt)


def tf_setfield(args, world):
    if len(args) < 3:
        return BOTTOM
    s = widenconst(args[0])
    if type(s) is DataType and TT.isconcrete(s) and not s.name.mutable and s.name is not TT.ANY_NAME:
        # setfield! on an immutable struct throws
        return CallResult(BOTTOM, None, (always_throws(f"setfield!: immutable struct of type {show(s)} "
                                                       f"cannot be changed: the call throws"),))
    ft = getfield_tfunc(s, args[1])
    if ft == BOTTOM:
        note = missing_field_note(s, args[1]) if type(args[1]) is Const else None
        return CallResult(BOTTOM, None, (note,) if note is not None else ())
    v = args[2]
    if is_type(ft) and not lattice_le(v, ft) and typeintersect(widenconst(v), ft) == BOTTOM:
        return BOTTOM
    return v


def tf_isdefined(args, world):
    if len(args) < 2:
        return BOTTOM
    rules = getattr(world, "rules", None)
    type_fields = rules is not None and rules.isdefined_type_fields  # 1.11: `Type{T}` by typeof(T)'s fields
    partial = rules is not None and rules.isdefined_partial_fields  # 1.12: a PartialStruct's known fields
    rt = isdefined_tfunc(args[0], args[1], type_fields, partial)
    if rt == BOOL or type(rt) is Const:
        c = isdefined_condition(args[0], args[1], type_fields, partial)
        if c is not None:
            return CallResult(rt, (0, c[0], c[1]))
    return rt


def tf_nfields(args, world):
    if len(args) != 1:
        return BOTTOM
    return nfields_tfunc(args[0])


def tf_fieldtype(args, world):
    if len(args) < 2 or len(args) > 3:
        return BOTTOM
    rt = fieldtype_tfunc(args[0], args[1])
    if rt == ANY:
        u = unwrap_unionall(instanceof_tfunc(args[0])[0])
        if type(u) is DataType and not TT.is_tuple(u) and not u.name.abstract and not fields_complete(u):
            return CallResult(rt, gap=True)
    return rt


def fieldtype_tfunc(s0, name):
    """Julia 1.10's `fieldtype_tfunc` (tfuncs.jl): `Any` for an unknown
    type argument (`Any`, `Type`, `DataType`, `UnionAll`), `Union{}` for a
    constant that is not a type; a union of type arguments merges its
    members' answers; else `_fieldtype_tfunc` of `instanceof_tfunc`."""
    if s0 == BOTTOM:
        return BOTTOM
    if s0 == ANY or s0 == TYPE or lattice_le(TT.DATATYPE, s0) or lattice_le(TT.UNIONALL, s0):
        return ANY  # "one of the fields could still be a TypeVar which is not a Type"
    if type(s0) is Const and not (is_type(s0.val) and type(s0.val) not in (TypeVar, VarargType)):
        return BOTTOM
    if type(s0) is Conditional or s0 == TT.type_of_type(BOTTOM):
        return BOTTOM
    if is_type(s0) and type(unwrap_unionall(s0)) is UnionType:
        su = unwrap_unionall(s0)
        return _merge_all([fieldtype_tfunc(rewrap_unionall(m, s0), name) for m in sort_union_members(su.members)])
    s, exact = instanceof_tfunc(s0)[:2]
    if s == BOTTOM:
        return BOTTOM
    return _fieldtype_tfunc(s, name, exact)


def _fieldtype_tfunc(s, name, exact: bool):
    """Julia 1.10's `_fieldtype_tfunc`: a field's type as `Const(T)` when it
    is exact and has a unique representation, `Type{T}` when exact, else
    `Type{<:T}` (`Any` for a tuple's `Any`); an unknown index merges every
    field's answer (`Union{Type{A}, Type{B}}`, never `Const(Union{A, B})`:
    no field has that type); a union type argument combines its members'
    answers (`Const(Union{…})` only when all are exact)."""
    exact = exact and not has_free_typevars(s)
    u = unwrap_unionall(s)
    if type(u) is UnionType:
        ms = sort_union_members(u.members)
        ta0 = _fieldtype_tfunc(rewrap_unionall(ms[0], s), name, exact)
        rest = ms[1] if len(ms) == 2 else ST.union(*ms[1:])
        tb0 = _fieldtype_tfunc(rewrap_unionall(rest, s), name, exact)
        if lattice_le(ta0, tb0):
            return tb0
        if lattice_le(tb0, ta0):
            return ta0
        ta, exacta, _, istypea = instanceof_tfunc(ta0)
        tb, exactb, _, istypeb = instanceof_tfunc(tb0)
        if exact and exacta and exactb:
            return Const(ST.union(ta, tb))
        if istypea and istypeb:
            return type_leq(ST.union(ta, tb))
        return ANY
    if type(u) is not DataType:
        return ANY
    if u.name.abstract:
        if exact:
            return BOTTOM  # abstract types have no fields
        if TT.isType(u) and not has_free_typevars(u.params[0]):
            return BOTTOM
        return ANY
    is_tuple = u.name is TT.TUPLE_NAME
    if u.name is TT.NAMEDTUPLE_NAME and not TT.isconcrete(u):
        return ST.union(TYPE, TT.TYPEVAR_T)
    if not is_tuple and not fields_complete(u):
        return ANY  # a type irc does not know whole (tf_fieldtype notes the gap)
    ftypes = list(u.params) if is_tuple else list(ST.field_types(u))
    if not ftypes:
        return BOTTOM
    if type(name) is not Const:
        nt = widenconst(name)
        if not (issubtype(TT.INT64, nt) or issubtype(TT.SYMBOL, nt)):
            return BOTTOM
        r = BOTTOM
        for ft in ftypes:
            r = tmerge(r, _field_type_answer(ft.T if type(ft) is VarargType else ft, s, exact, is_tuple))
            if r == ANY:
                break
        return r
    fld = name.val
    if type(fld) is Sym:
        names = TT.field_names(u)
        fld = names.index(fld.name) + 1 if names is not None and fld.name in names else 0
    if type(fld) is not int:
        return BOTTOM
    nf = len(ftypes)
    if is_tuple and fld >= nf and type(ftypes[-1]) is VarargType:
        ft = ftypes[-1].T
    elif fld < 1 or fld > nf:
        return BOTTOM
    else:
        ft = ftypes[fld - 1]
    return _field_type_answer(ft, s, exact, is_tuple)


def _field_type_answer(ft, s, exact: bool, is_tuple: bool):
    """One field type `ft` of `s` as `_fieldtype_tfunc` answers it."""
    if not is_type(ft):
        return Const(ft)
    exactft = exact or (not has_free_typevars(ft) and not is_tuple)
    ft = rewrap_unionall(ft, s)
    if exactft:
        return Const(ft) if hasuniquerep(ft) else TT.type_of_type(ft)
    if is_tuple and ft == ANY:
        return ANY  # "Tuple{:x} is possible"
    return type_leq(ft)


def tuple_tfunc(args):
    """Julia's `tuple_tfunc` (tfuncs.jl 1.10): Const when every element is a
    Const; otherwise the Tuple type of the widened elements, where a
    `Type{T}` element becomes `typeof(T)` when `T` has a unique
    representation, else `Type` (no runtime tuple has a `Type{…}` element
    type), another element that may be a type `Union{x, Type}`, and a
    PartialStruct over the given elements when any of them carries more
    than its type.  A trailing `Vararg` (a splat of unknown length) stays the
    tuple's `Vararg`; `Vararg{Union{}}` is dropped."""
    args = [widenconditional(a) if type(a) is Conditional else a for a in args]
    if args and type(args[-1]) is VarargType and args[-1].T == BOTTOM:
        args.pop()
    if all(type(a) is Const for a in args):
        return Const(tuple(args), TT.tuple_type([a.typ for a in args]))
    params = []
    fields = []
    anyinfo = False
    for a in args:
        if type(a) is VarargType:
            fields.append(a)
            params.append(a)
            continue
        if has_nontrivial_const_info(a):
            anyinfo = True
            fields.append(a)  # kept as is
            params.append(a.typ if type(a) is Const else widenconst(a))  # `typeof(x.val)`: Const(Vector) -> UnionAll
            continue
        x = widenconst(a)
        fields.append(x)  # trivial information: the field is the widened type (Const(Float64) -> Type{Float64})
        if TT.isType(x):
            anyinfo = True
            p = x.params[0]
            params.append(_kind_of_value(p) if hasuniquerep(p) or p == BOTTOM else TYPE)
        elif TT.iskind(x) or x == BOTTOM:
            params.append(x)
        elif TT.isType(unwrap_unionall(x)):
            params.append(TYPE)  # `Type{…} where …` is a Type: Union{x, Type} = Type
        elif typeintersect(x, TYPE) != BOTTOM:
            params.append(ST.union(x, TYPE))
        else:
            params.append(x)
    typ = TT.tuple_type(params)
    if typ == BOTTOM:
        return BOTTOM
    inst = singleton_instance(typ)
    if inst is not None:
        return inst
    if anyinfo:
        return PartialStruct(typ, tuple(fields))
    return typ


def _kind_of_value(t):
    if type(t) is UnionType:
        return TT.TYPEOFBOTTOM if not t.members else TT.UNION_KIND
    if type(t) is UnionAllType:
        return TT.UNIONALL
    return TT.DATATYPE


def tf_tuple(args, world):
    return tuple_tfunc(list(args))


def tf_apply_type(args, world):
    rules = getattr(world, "rules", None)
    if rules is not None and rules.apply_type_union_split:
        split = apply_type_union_split(list(args))
        if split is not None:
            return split
    return apply_type_tfunc(list(args))


def apply_type_union_split(args):
    """Julia 1.12's `apply_type_tfunc` (Compiler/src/tfuncs.jl): when `1 < unionsplitcost(argtypes)
    <= max_union_splitting` and the head is not `Union`, each combination of the union arguments'
    members (`switchtupleunion`) is applied on its own and the results (widened) joined.  None when
    the rule does not apply (the unsplit answer stands)."""
    if len(args) < 2:
        return None
    head = args[0]
    if type(head) is Const and head.val == TT.UNION_KIND:
        return None
    hw = widenconst(head)
    if type(head) is not Const and not (TT.isType(hw) and not has_free_typevars(hw)):
        return None  # (no constant head: `Any` either way)
    if TT.isType(hw) and hw.params[0] == TT.UNION_KIND:
        return None
    if any(type(a) is VarargType for a in args):
        return None
    # only arguments that are unions split (the native lattice has no extended union split:
    # a `Const` or `PartialStruct` is kept), so the cost is dispatch's on the arguments as given
    combos = split_combinations(args)
    if combos is None:
        return None
    return ST.union(*(widenconst(apply_type_tfunc(c)) for c in combos))


def tf_typeassert(args, world):
    """Julia's `typeassert_tfunc`: `t === Any && return v; tmeet(𝕃, v, t)`."""
    if len(args) != 2:
        return BOTTOM
    v, tt = args
    t, exact = instanceof(tt)
    if t == ANY:
        return v
    met = tmeet_partials(v, t)
    if met == BOTTOM and unknown_bare_name(t):
        return v  # (a name irc does not know, perhaps an alias: the meet is unknown, never `Union{}`)
    return met


def tmeet_partials(v, t):
    """Julia 1.10's `tmeet(::PartialsLattice, v, t::Type)` (typelattice.jl):
    a PartialStruct of a tuple type not already below `t` meets field by
    field -- field `i` with `widenconst(getfield_tfunc(t, Const(i)))`, a
    `Vararg` field kept, a `Union{}` field making the whole `Union{}` -- and
    is rebuilt by `tuple_tfunc`; a non-tuple PartialStruct widens to its
    type; other elements go to `lattice.typelattice.tmeet` (Conditionals,
    Consts, types).  It lives here because it calls `tuple_tfunc`."""
    if type(v) is not PartialStruct or has_free_typevars(t):
        return tmeet(v, t)
    widev = v.typ
    ti = typeintersect(widev, t)
    if ti == widev:
        return v
    if ti == BOTTOM:
        return BOTTOM  # valid_as_lattice(ti) || return Bottom
    if not TT.is_tuple(unwrap_unionall(widev)):
        return ti  # `v = widev`, then the type lattice's meet
    fields = []
    for i, f in enumerate(v.fields, 1):
        if type(f) is VarargType:
            fields.append(f)
            continue
        nf = tmeet_partials(f, widenconst(getfield_tfunc(t, Const(i))))
        if nf == BOTTOM:
            return BOTTOM
        fields.append(nf)
    return tuple_tfunc(fields)


def tf_ifelse(args, world):
    if len(args) != 3:
        return BOTTOM
    c = args[0]
    if type(c) is Const and type(c.val) is bool:
        return args[1] if c.val else args[2]
    if not issubtype(widenconst(c), TT.BOOL) and typeintersect(widenconst(c), TT.BOOL) == BOTTOM:
        return BOTTOM
    return tmerge_for(getattr(world, "rules", None))(args[1], args[2])  # the version's (tfuncs.jl ifelse_tfunc)


def tf_throw(args, world):
    return BOTTOM


def tf_sizeof(args, world):
    if len(args) != 1:
        return BOTTOM
    return sizeof_tfunc(args[0])


def tf_apply_iterate(args, world):
    """`Core._apply_iterate` is typed by `irc.world.apply` (the world calls it
    with the caller's module); without a world nothing is known."""
    return ANY


def tf_svec(args, world):
    return TT.SIMPLEVECTOR


def tf_any(args, world):
    return ANY


def tf_nothing(args, world):
    return TT.NOTHING


def tf_box(args, world):
    return TT.BOX


def tf_arraylen(args, world):
    return TT.INT64


def tf_arrayref(args, world):
    if len(args) < 3:
        return BOTTOM
    a = widenconst(args[1])
    u = unwrap_unionall(a)
    if type(u) is DataType and u.name is TT.ARRAY_NAME and u.params and is_type(u.params[0]) \
            and not has_free_typevars(u.params[0]):
        return u.params[0]
    return ANY


def tf_arrayset(args, world):
    if len(args) < 4:
        return BOTTOM
    return args[1]


def new_struct(T: DataType, args):
    """`%new(T, args…)` for a concrete immutable struct `T` (Julia 1.10's
    `abstract_eval_statement_expr`, `:new` with `isconcretedispatch(t)`):
    each argument meets its declared field type (`tmeet`; `Union{}` there
    means the allocation throws); all fields given and all `Const` -> a
    constant struct; else a PartialStruct only when some field is refined
    -- non-trivial information (`has_nontrivial_extended_info`) or strictly
    below the declared type (`⋤`) -- else `T` itself."""
    fts = ST.field_types(T)
    if not fts or len(args) != len(fts) or not fields_complete(T):
        return T  # a partially initialised struct (or one irc does not know whole): no refinement
    ats = []
    anyrefine = False
    for a, ft in zip(args, fts):
        at = tmeet_partials(a, ft)
        if at == BOTTOM:
            return BOTTOM
        if not anyrefine:
            anyrefine = has_nontrivial_const_info(at) or lattice_lt(at, ft)
        ats.append(at)
    if all(type(a) is Const for a in ats):
        return Const(StructValue(T, tuple(ats)), T)
    if anyrefine:
        return PartialStruct(T, tuple(ats))
    return T


def tf_compilerbarrier(args, world):
    if len(args) != 2:
        return BOTTOM
    return compilerbarrier_tfunc(args[0], args[1])


def compilerbarrier_tfunc(setting, val):
    """Julia 1.10's `compilerbarrier_tfunc`: `:type` hides everything
    (`Any`), `:const` widens to the type, `:conditional` widens a
    Conditional to `Bool`; another symbol throws (`Union{}`); a setting not
    known as a constant symbol is the strongest barrier, `Any`."""
    if type(setting) is not Const or type(setting.val) is not Sym:
        return ANY
    name = setting.val.name
    if name == "const":
        return widenconst(val)
    if name == "conditional":
        return widenconditional(val)
    if name == "type":
        return ANY
    return BOTTOM


def tf_expr(args, world):
    return TT.EXPR


def tf_typevar(args, world):
    return TT.TYPEVAR_T


# ---------------------------------------------------------------- intrinsics


def _first_type(args):
    return widenconst(args[0]) if args else ANY


def _binop_int(fn):
    def tf(args, world):
        if len(args) != 2:
            return BOTTOM
        t = _first_type(args)
        a, b = args
        if type(a) is Const and type(b) is Const and _num(a) is not None and _num(b) is not None:
            try:
                r = fn(int(a.val), int(b.val), a, b)
            except ZeroDivisionError:  # Julia throws DivideError
                return intrinsic_thrown(world, t)
            except (ValueError, OverflowError):
                return t
            if r is None:
                return t
            return make_const(r, t)
        return t
    return tf


def intrinsic_thrown(world, t):
    """A pure intrinsic on constants that throws: 1.10's `builtin_tfunction` swallows the error and
    keeps the intrinsic's type `t`; 1.11's (tfuncs.jl, `catch ex ... return Bottom`) answers `Union{}`."""
    rules = getattr(world, "rules", None)
    return BOTTOM if rules is not None and rules.intrinsic_throw_bottom else t


def _sdiv(a, b, ca, cb):
    if b == 0:
        raise ZeroDivisionError
    q = abs(a) // abs(b)
    return q if (a >= 0) == (b >= 0) else -q


def _srem(a, b, ca, cb):
    if b == 0:
        raise ZeroDivisionError
    return a - b * _sdiv(a, b, ca, cb)


def _udiv(a, b, ca, cb):
    ua, ub = _ints_unsigned(ca), _ints_unsigned(cb)
    if ub == 0:
        raise ZeroDivisionError
    return ua // ub


def _urem(a, b, ca, cb):
    ua, ub = _ints_unsigned(ca), _ints_unsigned(cb)
    if ub == 0:
        raise ZeroDivisionError
    return ua % ub


def _bits_of(c):
    info = _int_info(c.typ)
    return info[0] if info else 64


def _shl(a, b, ca, cb):
    ub = _ints_unsigned(cb)
    return 0 if ub >= _bits_of(ca) else a << ub


def _lshr(a, b, ca, cb):
    ub = _ints_unsigned(cb)
    return 0 if ub >= _bits_of(ca) else _ints_unsigned(ca) >> ub


def _ashr(a, b, ca, cb):
    ub = _ints_unsigned(cb)
    bits = _bits_of(ca)
    sa = wrap_int(_ints_unsigned(ca), _signed_of(bits))
    return sa >> min(ub, bits - 1)


def _signed_of(bits):
    return {8: TT.INT8, 16: TT.INT16, 32: TT.INT32, 64: TT.INT64, 128: TT.INT128}.get(bits, TT.INT64)


def _cmp_int(op, unsigned=False):
    def tf(args, world):
        if len(args) != 2:
            return BOTTOM
        a, b = args
        if type(a) is Const and type(b) is Const and _num(a) is not None and _num(b) is not None:
            if unsigned:
                return Const(bool(op(_ints_unsigned(a), _ints_unsigned(b))))
            return Const(bool(op(int(a.val), int(b.val))))
        return BOOL
    return tf


def _unop_int(fn):
    def tf(args, world):
        if len(args) != 1:
            return BOTTOM
        a = args[0]
        t = widenconst(a)
        if type(a) is Const and _num(a) is not None:
            return make_const(fn(a), t)
        return t
    return tf


def _not_int(c):
    if c.typ == TT.BOOL:
        return not c.val
    return ~int(c.val)


def _binop_float(fn):
    def tf(args, world):
        if len(args) != 2:
            return BOTTOM
        t = _first_type(args)
        a, b = args
        if type(a) is Const and type(b) is Const and type(a.val) is float and type(b.val) is float:
            try:
                return make_const(fn(a.val, b.val), t)
            except (ZeroDivisionError, ValueError, OverflowError):
                return t
        return t
    return tf


def _fdiv(x, y):
    if y == 0:
        if x == 0 or math.isnan(x):
            return math.nan
        return math.copysign(math.inf, x) * math.copysign(1.0, y)
    return x / y


def _frem(x, y):
    if y == 0 or math.isinf(x):
        return math.nan
    return math.fmod(x, y)


def _cmp_float(op):
    def tf(args, world):
        if len(args) != 2:
            return BOTTOM
        a, b = args
        if type(a) is Const and type(b) is Const and type(a.val) is float and type(b.val) is float:
            return Const(bool(op(a.val, b.val)))
        return BOOL
    return tf


def _unop_float(fn):
    def tf(args, world):
        if len(args) != 1:
            return BOTTOM
        a = args[0]
        t = widenconst(a)
        if type(a) is Const and type(a.val) is float:
            try:
                return make_const(fn(a.val), t)
            except (ValueError, OverflowError):
                return t
        return t
    return tf


def _ternop_float(fn):
    """`fma_float`/`muladd_float`: folded on three constant floats of a
    Float16/32/64 type by `fn(a, b, c, format)` (irc.world.floatfold)."""
    def tf(args, world):
        if len(args) != 3:
            return BOTTOM
        t = _first_type(args)
        fmt = FF.float_format(t)
        if fmt is not None and all(type(a) is Const and type(a.val) is float for a in args):
            return make_const(fn(args[0].val, args[1].val, args[2].val, fmt), t)
        return t
    return tf


def _convert(kind):
    """Conversion intrinsics: first argument is the target type."""
    def tf(args, world):
        if len(args) != 2:
            return BOTTOM
        t, exact = instanceof(args[0])
        if not exact or not is_type(t) or has_free_typevars(t):
            return ANY
        x = args[1]
        if type(x) is Const and _num(x) is not None:
            v = x.val
            try:
                if kind in ("sitofp", "uitofp"):
                    vv = _ints_unsigned(x) if kind == "uitofp" else int(v)
                    fmt = FF.float_format(t)
                    return make_const(FF.int_to_float(vv, fmt) if fmt is not None else float(vv), t)
                if kind in ("fptosi", "fptoui"):
                    info = _int_info(t)
                    n = FF.float_to_int(float(v), info[0], kind == "fptosi") if info is not None else None
                    return t if n is None else make_const(n, t)  # out of range: LLVM's poison
                if kind in ("fpext", "fptrunc"):
                    return make_const(float(v), t)
                if kind in ("zext_int", "trunc_int"):
                    return make_const(_ints_unsigned(x), t)
                if kind == "sext_int":
                    return make_const(int(v), t)
                if kind == "bitcast":
                    return _bitcast(x, t)
            except (ValueError, OverflowError):
                return t
        return t
    return tf


def _bitcast(x, t):
    src = x.typ
    if _int_info(src) and _int_info(t):
        return make_const(_ints_unsigned(x), t)
    if src == TT.FLOAT64 and t in (TT.INT64, TT.UINT64):
        return make_const(struct.unpack("<q", struct.pack("<d", x.val))[0], t)
    if t == TT.FLOAT64 and src in (TT.INT64, TT.UINT64):
        return Const(struct.unpack("<d", struct.pack("<Q", _ints_unsigned(x)))[0], TT.FLOAT64)
    return t


def _checked(op):
    def tf(args, world):
        if len(args) != 2:
            return BOTTOM
        t = _first_type(args)
        a, b = args
        rt = TT.tuple_type([t, TT.BOOL])
        if type(a) is Const and type(b) is Const and _num(a) is not None and _num(b) is not None:
            info = _int_info(t)
            if info is None:
                return rt
            bits, signed = info
            if signed:
                x, y = int(a.val), int(b.val)
                lo, hi = -(1 << (bits - 1)), (1 << (bits - 1)) - 1
            else:
                x, y = _ints_unsigned(a), _ints_unsigned(b)
                lo, hi = 0, (1 << bits) - 1
            try:
                r = op(x, y)
            except ZeroDivisionError:
                return rt
            return Const((make_const(r, t), Const(not (lo <= r <= hi))), rt)
        return rt
    return tf


def _bool_type(args, world):
    return BOOL


def _same_type(args, world):
    return widenconst(args[0]) if args else BOTTOM


def _int_type(args, world):
    return widenconst(args[0]) if args else BOTTOM


INTRINSICS = {
    "add_int": _binop_int(lambda a, b, ca, cb: a + b),
    "sub_int": _binop_int(lambda a, b, ca, cb: a - b),
    "mul_int": _binop_int(lambda a, b, ca, cb: a * b),
    "sdiv_int": _binop_int(_sdiv),
    "udiv_int": _binop_int(_udiv),
    "srem_int": _binop_int(_srem),
    "urem_int": _binop_int(_urem),
    "and_int": _binop_int(lambda a, b, ca, cb: a & b),
    "or_int": _binop_int(lambda a, b, ca, cb: a | b),
    "xor_int": _binop_int(lambda a, b, ca, cb: a ^ b),
    "shl_int": _binop_int(_shl),
    "lshr_int": _binop_int(_lshr),
    "ashr_int": _binop_int(_ashr),
    "flipsign_int": _binop_int(lambda a, b, ca, cb: -a if b < 0 else a),
    "neg_int": _unop_int(lambda c: -int(c.val)),
    "not_int": _unop_int(_not_int),
    "ctpop_int": _unop_int(lambda c: bin(_ints_unsigned(c)).count("1")),
    "ctlz_int": _unop_int(lambda c: _bits_of(c) - _ints_unsigned(c).bit_length()),
    "cttz_int": _unop_int(lambda c: (_ints_unsigned(c) & -_ints_unsigned(c)).bit_length() - 1
                          if _ints_unsigned(c) else _bits_of(c)),
    "bswap_int": _int_type,
    "bitreverse_int": _int_type,
    "slt_int": _cmp_int(operator.lt),
    "sle_int": _cmp_int(operator.le),
    "ult_int": _cmp_int(operator.lt, unsigned=True),
    "ule_int": _cmp_int(operator.le, unsigned=True),
    "eq_int": _cmp_int(operator.eq),
    "ne_int": _cmp_int(operator.ne),
    "add_float": _binop_float(operator.add),
    "sub_float": _binop_float(operator.sub),
    "mul_float": _binop_float(operator.mul),
    "div_float": _binop_float(_fdiv),
    "rem_float": _binop_float(_frem),
    "copysign_float": _binop_float(math.copysign),
    "add_float_fast": _binop_float(operator.add),
    "sub_float_fast": _binop_float(operator.sub),
    "mul_float_fast": _binop_float(operator.mul),
    "div_float_fast": _binop_float(_fdiv),
    "neg_float": _unop_float(lambda x: -x),
    "abs_float": _unop_float(abs),
    "sqrt_llvm": _unop_float(FF.llvm_sqrt),
    "sqrt_llvm_fast": _same_type,  # not folded: `is_pure_intrinsic_infer` (may differ at run time)
    "floor_llvm": _unop_float(FF.llvm_floor),
    "ceil_llvm": _unop_float(FF.llvm_ceil),
    "trunc_llvm": _unop_float(FF.llvm_trunc),
    "rint_llvm": _unop_float(FF.llvm_rint),
    "fma_float": _ternop_float(FF.fma),
    "muladd_float": _ternop_float(FF.muladd),
    "lt_float": _cmp_float(operator.lt),
    "le_float": _cmp_float(operator.le),
    "eq_float": _cmp_float(operator.eq),
    "ne_float": _cmp_float(operator.ne),
    "lt_float_fast": _cmp_float(operator.lt),
    "le_float_fast": _cmp_float(operator.le),
    "eq_float_fast": _cmp_float(operator.eq),
    "ne_float_fast": _cmp_float(operator.ne),
    "fpiseq": _cmp_float(FF.fpiseq),
    "sitofp": _convert("sitofp"),
    "uitofp": _convert("uitofp"),
    "fptosi": _convert("fptosi"),
    "fptoui": _convert("fptoui"),
    "fpext": _convert("fpext"),
    "fptrunc": _convert("fptrunc"),
    "zext_int": _convert("zext_int"),
    "sext_int": _convert("sext_int"),
    "trunc_int": _convert("trunc_int"),
    "bitcast": _convert("bitcast"),
    "checked_sadd_int": _checked(operator.add),
    "checked_ssub_int": _checked(operator.sub),
    "checked_smul_int": _checked(operator.mul),
    "checked_uadd_int": _checked(operator.add),
    "checked_usub_int": _checked(operator.sub),
    "checked_umul_int": _checked(operator.mul),
    "checked_sdiv_int": _binop_int(_sdiv),
    "checked_srem_int": _binop_int(_srem),
    "checked_udiv_int": _binop_int(_udiv),
    "checked_urem_int": _binop_int(_urem),
    "arraylen": tf_arraylen,
    "pointerref": tf_any,
    "pointerset": tf_any,
    "cglobal": tf_any,
    "llvmcall": tf_any,
    "have_fma": _bool_type,
}

BUILTINS = {
    "===": tf_egal,
    "!==": tf_notegal,
    "≡": tf_egal,
    "isa": tf_isa,
    "typeof": tf_typeof,
    "<:": tf_subtype,
    "getfield": tf_getfield,
    "setfield!": tf_setfield,
    "isdefined": tf_isdefined,
    "nfields": tf_nfields,
    "fieldtype": tf_fieldtype,
    "tuple": tf_tuple,
    "apply_type": tf_apply_type,
    "typeassert": tf_typeassert,
    "ifelse": tf_ifelse,
    "throw": tf_throw,
    "rethrow": tf_throw,
    "sizeof": tf_sizeof,
    "svec": tf_svec,
    "_apply_iterate": tf_apply_iterate,
    "_apply": tf_any,
    "_call_latest": tf_any,
    "invoke": tf_any,
    "invokelatest": tf_any,
    "kwcall": tf_any,
    "getglobal": tf_getglobal,
    "setglobal!": lambda args, world: args[2] if len(args) >= 3 else BOTTOM,
    "modifyfield!": tf_any,
    "swapfield!": tf_any,
    "replacefield!": tf_any,
    "arraysize": lambda args, world: TT.INT64,
    "arrayref": tf_arrayref,
    "const_arrayref": tf_arrayref,
    "arrayset": tf_arrayset,
    "finalizer": tf_nothing,
    "donotdelete": tf_nothing,
    "compilerbarrier": tf_compilerbarrier,
    "_expr": tf_expr,
    "_typevar": tf_typevar,
    "_svec_ref": tf_any,
    "Box": tf_box,
    "get_binding_type": lambda args, world: tf_get_binding_type(args, world),
}


def tf_get_binding_type(args, world):
    """`Core.get_binding_type(M, :x)` (1.10 lowering of global assignment): the
    declared type of the global `M.x` as a constant, `Any` for an untyped one."""
    if len(args) != 2:
        return BOTTOM
    m, s = args
    if type(m) is Const and type(m.val) is ModuleValue and type(s) is Const and type(s.val) is Sym:
        q = ".".join(m.val.path + (s.val.name,))
        t = getattr(world, "globals", {}).get(q) if world is not None else None
        return Const(t if t is not None else ANY)
    return TT.wrapper(TT.TYPE_NAME)

NOT_BUILTIN_IN_BASE = frozenset({"!==", "≡"})  # plain Base functions irc types as builtins


def lookup(fv: FunctionValue):
    """The tfunc for a builtin/intrinsic function value, or None."""
    if fv.module in (("Core", "Intrinsics"), ("Core",), ("Base",)):
        tf = INTRINSICS.get(fv.name)
        if tf is not None:
            return tf
        return BUILTINS.get(fv.name)
    return None


def builtin_value(name: str) -> FunctionValue | None:
    """The function value a builtin or intrinsic name denotes (`===` is `Core.===`)."""
    if name in INTRINSICS:
        return FunctionValue(("Core", "Intrinsics"), name)
    if name in BUILTINS:
        if name in NOT_BUILTIN_IN_BASE:
            return FunctionValue(("Base",), name)
        return FunctionValue(("Core",), name)
    return None
