"""Julia 1.12's evaluation of all-constant builtin calls (`--julia 1.12`; never under 1.10/1.11).

Julia 1.12's `builtin_tfunction` (Compiler/src/tfuncs.jl at v1.12.0) calls the builtin itself
when every argument is a constant and the builtin is pure or consistent and effect-free
(`f in _PURE_BUILTINS || (f in _CONSISTENT_BUILTINS && f in _EFFECT_FREE_BUILTINS)`): the value
is the answer, and a call that throws (`catch ex … return Bottom`) is `Union{}`.  1.10 and 1.11
evaluate only intrinsics this way; their builtin tfuncs keep a widened type where the call
throws (`Core.sizeof(Integer)::Int64`, `(1 <: Int)::Bool`).

irc's tfuncs already fold the constant cases that succeed; `const_eval(name, args, rt)` adds
the throws they widen: `sizeof` of an abstract type, a non-empty `Union` or a `UnionAll` (no
definite size); `<:` or `isa` given a non-type where a type belongs (TypeError); `ifelse` with a
non-`Bool` condition (TypeError).  An unknown type (irc's opaque name) never counts as
throwing: unknown is not impossible.

Invariants: pure; returns `rt` unchanged unless every argument is a constant and the call
certainly throws.
"""
from __future__ import annotations

from irc.lattice import typetable as TT
from irc.lattice.typelattice import Const
from irc.lattice.types import BOTTOM, DataType, TypeVar, UnionAllType, UnionType, has_free_typevars, is_type

# the builtins 1.12 evaluates (`_PURE_BUILTINS` ∪ (`_CONSISTENT_BUILTINS` ∩ `_EFFECT_FREE_BUILTINS`)), by name
EVALUATED = frozenset({
    "tuple", "svec", "===", "typeof", "nfields", "fieldtype", "apply_type", "isa", "UnionAll", "sizeof",
    "ifelse", "<:", "typeassert", "throw", "throw_methoderror", "memoryrefnew", "memoryrefoffset",
    "_svec_len", "_svec_ref",
})

_NO_VALUE = object()


def _value(a):
    """The constant `a` stands for (a type for `Type{T}` of a closed `T`), or `_NO_VALUE`."""
    if type(a) is Const:
        return a.val
    if TT.isType(a):
        p = a.params[0]
        if is_type(p) and type(p) is not TypeVar and not has_free_typevars(p):
            return p
    return _NO_VALUE


def _no_definite_size(t) -> bool:
    if type(t) is UnionType:
        return bool(t.members)
    if type(t) is UnionAllType:
        return True
    return type(t) is DataType and t.name.abstract


def throws(name: str, vals: list) -> bool:
    """Does the builtin `name` certainly throw on these constant values?"""
    if name == "sizeof" and len(vals) == 1:
        return is_type(vals[0]) and _no_definite_size(vals[0])
    if name == "<:" and len(vals) == 2:
        return not (is_type(vals[0]) and is_type(vals[1]))
    if name == "isa" and len(vals) == 2:
        return not is_type(vals[1])
    if name == "ifelse" and len(vals) == 3:
        return type(vals[0]) is not bool
    return False


def const_eval(name: str, args, rt):
    """1.12: `rt` of an all-constant call of a builtin 1.12 evaluates, `Union{}` when it throws."""
    if name not in EVALUATED:
        return rt
    vals = [_value(a) for a in args]
    if any(v is _NO_VALUE for v in vals):
        return rt
    return BOTTOM if throws(name, vals) else rt
