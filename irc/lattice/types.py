"""Julia types as frozen dataclasses.

The type language (Julia's `jltypes.c` model, reduced to what inference on
text needs):

- `DataType(name, params)` -- a data type applied to parameters: `Int64`,
  `Vector{Int64}` (= `Array{Int64, 1}`), `Tuple{Int64, Vararg{Float64}}`,
  `Type{Int64}`.  The `TypeName` holds the definition (module, parameters as
  `TypeVar`s, supertype and field types written over those variables,
  abstract/mutable/primitive).
- `FuncType(func)` -- `typeof(f)`, the singleton type of a function value.
- `UnionType(members)` -- a flat set of non-union members; `BOTTOM` is the
  empty union `Union{}`.  Member order never matters (printing sorts them).
- `UnionAllType(var, body)` -- `body where var`; `TypeVar(name, lb, ub)`.
- `VarargType(T, N)` -- only as the last parameter of a `Tuple`.

Julia values that appear in constants and type parameters: Python `int`,
`float`, `str`, `bool`, `None` (nothing) together with an explicit Julia
type (see `irc.lattice.Const`), and the value classes `Sym` (Symbol),
`JChar` (Char), `FunctionValue` (a generic function), `ModuleValue`,
`IrrationalValue` (`pi`, `ℯ`).

Invariants:
- Every class here is a frozen, slotted dataclass; `DataType` and
  `UnionType` cache their hash (computed once in `__post_init__`), so
  hashing and equality of deep types are cheap on the hot paths.
- `TypeName` compares by identity: a built-in name is created once by
  `irc.typetable`; a user struct gets its own `TypeName` per `World`, so two
  worlds never confuse their structs (memo caches keyed by types are safe).
- Constructors here do not normalise; use `irc.typetable.union`,
  `tuple_type`, `apply_type` to build canonical types (flattened unions
  without redundant members, expanded `Vararg{T, 3}`).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Union as _U



# ---------------------------------------------------------------- values


@dataclass(frozen=True, slots=True)
class Sym:
    """A Julia `Symbol` value (`:x`)."""

    name: str


@dataclass(frozen=True, slots=True)
class JChar:
    """A Julia `Char` value (`'a'`)."""

    ch: str


@dataclass(frozen=True, slots=True)
class FunctionValue:
    """A generic function, named by its module path and name (`Main.f`,
    `Base.+`).  `typeof(f)` is `FuncType(f)`."""

    module: tuple[str, ...]
    name: str

    @property
    def qualname(self) -> str:
        return ".".join(self.module + (self.name,))


@dataclass(frozen=True, slots=True)
class ModuleValue:
    """A module value (`Main`, `Base.Math`)."""

    path: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class IrrationalValue:
    """An `Irrational{sym}` constant (`pi` prints `π`)."""

    sym: str
    value: float


# ---------------------------------------------------------------- types


@dataclass(frozen=True, slots=True, eq=False)
class TypeName:
    """The definition of a (possibly parametric) data type.

    Compared by identity.  `params` are the declared `TypeVar`s; `super` and
    `fieldtypes` are written over them.  `fieldtypes` may be filled after
    construction (recursive structs), via `set_fields` only while building a
    table."""

    module: tuple[str, ...]
    name: str
    params: tuple["TypeVar", ...] = ()
    super: "Type | None" = None
    abstract: bool = False
    mutable: bool = False
    primitive_bits: int = 0  # > 0 for primitive types (Int64: 64)
    opaque: bool = False  # hidden contents (String, Symbol, Array, Module): not bits, not a singleton
    fieldnames: tuple[str, ...] = ()
    fieldtypes: tuple["Type", ...] = ()
    # A name irc does not know (neither declared nor built in): kept as written,
    # any number of parameters, supertype `Any`, never concrete; its relations to
    # other types are unknown (subtyping only by structure with itself).
    unknown: bool = False
    # Defined by a `struct`/`abstract type` declaration: its field list is complete
    # (a missing field throws).  Built-in names with hidden contents are not.
    declared: bool = False
    # A declaration that names no supertype (`abstract type SMatrix{T1, T2, T3} end`, as `irc
    # stubs` writes a type it knows only by name): `Any` for subtyping, but where irc would
    # conclude that no method takes it (`declare @complete`), the type may well be a
    # `Number` or an array, so it is never outside.
    super_unstated: bool = False

    def set_fields(self, names: tuple[str, ...], types: tuple["Type", ...]) -> None:
        object.__setattr__(self, "fieldnames", tuple(names))
        object.__setattr__(self, "fieldtypes", tuple(types))

    def set_super(self, sup: "Type") -> None:
        object.__setattr__(self, "super", sup)

    @property
    def qualname(self) -> str:
        return ".".join(self.module + (self.name,))

    def __repr__(self) -> str:
        return f"TypeName({self.qualname})"


@dataclass(frozen=True, slots=True)
class TypeVar:
    """A type variable `lb <: name <: ub` (defaults `Union{}` and `Any`)."""

    name: str
    lb: "Type | None" = None  # None means Union{}
    ub: "Type | None" = None  # None means Any


def _value_kinds(params: tuple) -> tuple:
    """Where a parameter is a value Python equates with one of another Julia type (`true == 1 == 1.0`
    in Python; `Val{true}`, `Val{1}` and `Val{1.0}` are three types in Julia): its position and Python
    type, tuples of values looked into; `()` for the common case of none."""
    kinds = ()
    for i, p in enumerate(params):
        tp = type(p)
        if tp is bool or tp is float:
            kinds += ((i, tp),)
        elif tp is tuple:
            inner = _value_kinds(p)
            if inner:
                kinds += ((i, inner),)
    return kinds


@dataclass(frozen=True, slots=True)
class DataType:
    name: TypeName
    params: tuple = ()
    _h: int = field(default=0, compare=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_h", hash((id(self.name), self.params)))

    def __hash__(self) -> int:
        return self._h

    def __eq__(self, other) -> bool:
        # `Val{true}` and `Val{1}` hash alike (Python's `hash(True) == hash(1)`) and are told apart
        # here, only when everything else is equal (`_value_kinds`): nothing is paid on construction
        if self is other:
            return True
        return (
            type(other) is DataType
            and self._h == other._h
            and self.name is other.name
            and self.params == other.params
            and _value_kinds(self.params) == _value_kinds(other.params)
        )

    def __ne__(self, other) -> bool:
        return not self.__eq__(other)


@dataclass(frozen=True, slots=True)
class FuncType:
    """`typeof(f)`: the singleton type of the function value `func`."""

    func: FunctionValue


@dataclass(frozen=True, slots=True)
class UnionType:
    members: frozenset
    _h: int = field(default=0, compare=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_h", hash(("U", self.members)))

    def __hash__(self) -> int:
        return self._h

    def __eq__(self, other) -> bool:
        if self is other:
            return True
        return type(other) is UnionType and self._h == other._h and self.members == other.members

    def __ne__(self, other) -> bool:
        return not self.__eq__(other)


@dataclass(frozen=True, slots=True)
class UnionAllType:
    var: TypeVar
    body: "Type"


@dataclass(frozen=True, slots=True)
class VarargType:
    """`Vararg{T}` (N None) or `Vararg{T, N}` (N an int or a TypeVar).  `bare`: Julia's
    `Vararg` with no `T` defined (written bare, or made so by typelimits.jl's last-resort
    tuple widening), which equals `Vararg{Any}` but prints `Vararg` (show.jl prints `{T}` only
    when `T` is defined).  It is part of equality, so that no memo keyed by types (`show`'s)
    gives one the other's printing; the two are still each other's subtype."""

    T: "Type"
    N: "int | TypeVar | None" = None
    bare: bool = False


Type = _U[DataType, FuncType, UnionType, UnionAllType, TypeVar, VarargType]

BOTTOM = UnionType(frozenset())


def is_type(x) -> bool:
    """True when `x` is a type object of this module (not a lattice wrapper)."""
    return isinstance(x, (DataType, FuncType, UnionType, UnionAllType, TypeVar, VarargType))


def union_members(t) -> tuple:
    """The members of a union (`t` itself when it is not a union)."""
    if type(t) is UnionType:
        return tuple(t.members)
    return (t,)


@lru_cache(maxsize=1 << 14)
def structural_key(t) -> tuple:
    """A sort key for types that is the same in every run (no hashes, no
    addresses): for iterating a union's members deterministically where
    Julia's printed order is not needed."""
    tt = type(t)
    if tt is DataType:
        return (0, t.name.module, t.name.name, tuple(structural_key(p) for p in t.params))
    if tt is FuncType:
        return (1, t.func.module, t.func.name)
    if tt is UnionType:
        return (2, tuple(sorted(structural_key(m) for m in t.members)))
    if tt is UnionAllType:
        return (3, structural_key(t.var), structural_key(t.body))
    if tt is TypeVar:
        return (4, t.name, structural_key(t.lb) if t.lb is not None else (),
                structural_key(t.ub) if t.ub is not None else ())
    if tt is VarargType:
        return (5, structural_key(t.T), structural_key(t.N) if t.N is not None else ())
    if tt is tuple:
        return (6, tuple(structural_key(x) for x in t))
    return (7, tt.__name__, repr(t))


def unwrap_unionall(t):
    while type(t) is UnionAllType:
        t = t.body
    return t


def rewrap_unionall(t, wrapper):
    """Rewrap `t` in the `where` variables of `wrapper` that `t` still uses."""
    vars_ = []
    w = wrapper
    while type(w) is UnionAllType:
        vars_.append(w.var)
        w = w.body
    for v in reversed(vars_):
        if has_typevar(t, v):
            t = UnionAllType(v, t)
    return t


def has_typevar(t, v: TypeVar) -> bool:
    """Does `t` mention the type variable `v` (free)?"""
    tt = type(t)
    if tt is TypeVar:
        return t == v
    if tt is DataType:
        return any(has_typevar(p, v) for p in t.params)
    if tt is UnionType:
        return any(has_typevar(m, v) for m in t.members)
    if tt is UnionAllType:
        if t.var == v:
            return False
        return has_typevar(t.body, v) or (t.var.ub is not None and has_typevar(t.var.ub, v))
    if tt is VarargType:
        return has_typevar(t.T, v) or (type(t.N) is TypeVar and t.N == v)
    if tt is tuple:
        return any(has_typevar(p, v) for p in t)
    return False


def type_parts(t, depth: int = 0):
    """Every type inside `t`, itself first: a data type's parameters, a union's members, a
    `where`'s body and its variable's bounds, a `Vararg`'s element, a tuple of types' items
    (a function's singleton type, a type variable and a plain value end the walk).  64 deep
    at most."""
    if depth > 64:
        return
    yield t
    tt = type(t)
    if tt is DataType:
        kids = t.params
    elif tt is UnionType:
        kids = t.members
    elif tt is UnionAllType:
        kids = (t.body, t.var.lb, t.var.ub)
    elif tt is VarargType:
        kids = (t.T,)
    elif tt is tuple:
        kids = t
    else:
        return
    for k in kids:
        if k is not None:
            yield from type_parts(k, depth + 1)


def has_free_typevars(t, bound: frozenset = frozenset()) -> bool:
    tt = type(t)
    if tt is TypeVar:
        return t not in bound
    if tt is DataType:
        return any(has_free_typevars(p, bound) for p in t.params)
    if tt is UnionType:
        return any(has_free_typevars(m, bound) for m in t.members)
    if tt is UnionAllType:
        return has_free_typevars(t.body, bound | {t.var})
    if tt is VarargType:
        return has_free_typevars(t.T, bound) or (type(t.N) is TypeVar and t.N not in bound)
    return False
