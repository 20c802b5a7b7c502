"""Julia 1.11's arrays over memory (`--julia 1.11|1.12`; never under 1.10).

From 1.11, `Array` is a struct over `Memory` (boot.jl: `mutable struct Array{T,N} <:
DenseArray{T,N}; ref::MemoryRef{T}; size::NTuple{N,Int}; end`), and the `arrayref` family of
builtins is gone: arrays are read through `memoryrefget` and friends (base/compiler/tfuncs.jl at
v1.11.0).  The rules here, each after its Julia function:

- `getfield(a::Array{T,N}, :ref | 1)` is `MemoryRef{T}`, `:size | 2` is `NTuple{N, Int64}`
  (`getfield_tfunc` over Array's declared fields);
- `memoryrefget(ref, order, boundscheck)` is the element type (`memoryrefget_tfunc`,
  `memoryref_elemtype`); `memoryrefset!(ref, x, order, boundscheck)` is `x`
  (`memoryrefset!_tfunc`); `memoryref_isassigned` is `Bool`; `memoryrefoffset` is `Int64`;
  `memoryrefnew(mem::Memory{T})` is `MemoryRef{T}`, `memoryrefnew(ref, i[, boundscheck])` is
  `ref`'s type (`memoryref_tfunc`);
- under 1.10 the memory builtins do not exist, under 1.11 `arrayref`, `arrayset`, `arraysize`
  and `arraylen` do not (`World._builtin_tfunc` answers them as unknown callees: `Any`, a note);
  likewise 1.12's `Core.isdefinedglobal` (`Bool`) before 1.12 (`versioned_tfunc`).

A type argument irc cannot read (not a `MemoryRef{T}` / `Memory{T}` / `Array{T,N}` with a
closed `T`) gives `Any`, never `Union{}`.  All functions are pure.
"""
from __future__ import annotations

from irc.lattice import typetable as TT
from irc.lattice.typelattice import ANY, Const, widenconst
from irc.lattice.types import DataType, has_free_typevars, is_type, unwrap_unionall

ARRAY_BUILTINS = frozenset({"arrayref", "arrayset", "arraysize", "arraylen"})


def _param_of(x, name):
    """The closed first parameter of `x`'s type when it is `name{T, …}`, else None."""
    u = unwrap_unionall(widenconst(x))
    if type(u) is DataType and u.name is name and u.params and is_type(u.params[0]) \
            and not has_free_typevars(u.params[0]):
        return u
    return None


def memoryref_type(t):
    return DataType(TT.MEMORYREF_NAME, (t,))


def array_field(a, name):
    """1.11 `getfield(a, name)` of an `Array{T,N}`: `MemoryRef{T}`, `NTuple{N, Int64}`; None when not that."""
    if type(name) is not Const:
        return None
    u = _param_of(a, TT.ARRAY_NAME)
    if u is None:
        return None
    key = name.val.name if hasattr(name.val, "name") else name.val
    if key in ("ref", 1):
        return memoryref_type(u.params[0])
    if key in ("size", 2) and len(u.params) > 1 and type(u.params[1]) is int:
        return TT.tuple_type([TT.INT64] * u.params[1])
    return None


def tf_memoryrefget(args, world):
    if len(args) != 3:
        return ANY
    u = _param_of(args[0], TT.MEMORYREF_NAME)
    return u.params[0] if u is not None else ANY


def tf_memoryrefset(args, world):
    return args[1] if len(args) == 4 else ANY


def tf_memoryrefnew(args, world):
    if len(args) == 1:
        u = _param_of(args[0], TT.MEMORY_NAME)
        return memoryref_type(u.params[0]) if u is not None else ANY
    if len(args) in (2, 3):
        return widenconst(args[0])
    return ANY


TFUNCS = {
    "memoryrefget": tf_memoryrefget,
    "memoryrefset!": tf_memoryrefset,
    "memoryrefnew": tf_memoryrefnew,
    "memoryref_isassigned": lambda args, world: TT.BOOL,
    "memoryrefoffset": lambda args, world: TT.INT64,
}

# Builtins that exist from one version on: name -> (the `JuliaVersion` question, tfunc).
# 1.12's `Core.isdefinedglobal` (`abstract_eval_isdefinedglobal`) is `Bool` where irc cannot tell.
VERSIONED = {**{k: ("memory_arrays", f) for k, f in TFUNCS.items()},
             "isdefinedglobal": ("global_statements", lambda args, world: TT.BOOL)}
# Builtins gone from one version on: name -> the `JuliaVersion` question that removes them.
GONE = {k: "memory_arrays" for k in ARRAY_BUILTINS}


def versioned_tfunc(name: str, rules):
    """(known, tfunc): whether `name` is one of the version-dependent builtins, and its tfunc under
    `rules` (None when it does not exist in that version)."""
    v = VERSIONED.get(name)
    if v is not None:
        return True, (v[1] if getattr(rules, v[0]) else None)
    g = GONE.get(name)
    if g is not None and getattr(rules, g):
        return True, None
    return False, None
