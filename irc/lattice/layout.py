"""Memory layout of Julia data types (x86_64), and the queries that depend on it:
`datatype_layout`, `isbitstype`, `issingleton`.

Algorithm (Julia 1.10 `src/datatype.c`, `jl_compute_field_offsets` and
`jl_new_primitivetype`, with `MAX_ALIGN = 8`):

- A primitive type of `n` bytes has size `n` and alignment
  `min(next_pow2(n), 8)`.
- A struct, `Tuple` or `NamedTuple` lays its fields out in order: a field
  whose type is a concrete immutable type with a layout is stored inline
  (its own size and alignment); a field whose type is a `Union` of
  pointer-free inline types (isbits members, zero-size singletons included)
  is stored inline as the largest member plus one selector byte, aligned as
  the most aligned member; any other field is a pointer (8 bytes, aligned
  8).  Each field starts at the next multiple of its alignment; the size is
  rounded up to the largest alignment.  Mutable structs have a layout of
  their own (`Core.sizeof(Base.RefValue{Int64})` is 8) but are never
  stored inline.
- Opaque types (`String`, `Symbol`, `Array`, `Module`, `SimpleVector`, the
  kinds, …), abstract and non-concrete types have no fixed layout: `None`.

`issingleton` is `jl_is_datatype_make_singleton`: a concrete, immutable,
non-opaque, non-primitive type of size 0 (`Nothing`, `Tuple{}`,
`Tuple{Nothing}`, `Val{1}`, a struct whose fields all have size 0), or a
function's type.  `isbitstype` is Julia's: concrete, immutable, and no
pointer anywhere in the layout (inline isbits unions count as pointer-free).

Invariants: pure and memoised; a type nested in itself (a recursive
struct) has no inline layout (the recursion guard answers `None`).
"""
from __future__ import annotations

from functools import lru_cache

from irc.lattice import typetable as TT
from irc.lattice.subtype import field_types
from irc.lattice.types import DataType, FuncType, UnionType

MAX_ALIGN = 8
POINTER = (8, 8)


def _align_up(x: int, a: int) -> int:
    return (x + a - 1) // a * a


def _next_pow2(n: int) -> int:
    p = 1
    while p < n:
        p <<= 1
    return p


def _fields(t: DataType):
    """The field types of a concrete data type, or None when it has none to lay out."""
    tn = t.name
    if tn is TT.TUPLE_NAME:
        return t.params
    if tn is TT.NAMEDTUPLE_NAME:
        if len(t.params) == 2 and TT.is_tuple(t.params[1]):
            return t.params[1].params
        return None
    return field_types(t) if tn.fieldtypes else ()


@lru_cache(maxsize=1 << 14)
def datatype_layout(t, _depth: int = 0):
    """(size, alignment) in bytes of an instance of the concrete type `t`, or
    None when it has no fixed layout (see module doc)."""
    if type(t) is FuncType:
        return (0, 1)
    if type(t) is not DataType or not TT.isconcrete(t) or _depth > 64:
        return None
    tn = t.name
    if tn.opaque:
        return None
    if tn.primitive_bits:
        n = max(1, tn.primitive_bits // 8)
        return (n, min(_next_pow2(n), MAX_ALIGN))
    fts = _fields(t)
    if fts is None:
        return None
    off, al = 0, 1
    for F in fts:
        fsz, fal = _inline(F, _depth + 1) or POINTER
        off = _align_up(off, fal) + fsz
        al = max(al, fal)
    return (_align_up(off, al), al)


def _inline(F, depth: int):
    """(size, alignment) of a field of type F stored inline, or None (a pointer)."""
    if type(F) is UnionType:
        if not F.members:
            return None
        sizes = []
        for m in F.members:
            if not isbitstype(m):
                return None
            lay = datatype_layout(m, depth)
            if lay is None:
                return None
            sizes.append(lay)
        return (max(s for s, _ in sizes) + 1, max(a for _, a in sizes))
    if type(F) is FuncType:
        return (0, 1)
    if type(F) is not DataType or not TT.isconcrete(F) or F.name.mutable:
        return None
    return datatype_layout(F, depth)


def sizeof_type(t) -> int | None:
    """`Core.sizeof(t)` for a type object `t`, or None when it throws."""
    lay = datatype_layout(t)
    return None if lay is None else lay[0]


def _immutable_name(t):
    """The TypeName of a concrete, immutable, non-opaque data type, else None."""
    if type(t) is not DataType or not TT.isconcrete(t):
        return None
    tn = t.name
    return None if tn.mutable or tn.opaque else tn


@lru_cache(maxsize=1 << 16)
def isbitstype(t) -> bool:
    """Julia's `isbitstype`: concrete, immutable, no references."""
    if type(t) is FuncType:
        return True
    tn = _immutable_name(t)
    if tn is None:
        return False
    if tn.primitive_bits:
        return True
    fts = _fields(t)
    if fts is None:
        return False
    for F in fts:
        if type(F) is UnionType:
            if not F.members or not all(isbitstype(m) for m in F.members):
                return False
        elif not isbitstype(F):
            return False
    return True


@lru_cache(maxsize=1 << 16)
def issingleton(t) -> bool:
    """Julia's `issingletontype` (`jl_is_datatype_make_singleton`): see module doc."""
    if type(t) is FuncType:
        return True
    tn = _immutable_name(t)
    if tn is None or tn.primitive_bits:
        return False
    lay = datatype_layout(t)
    return lay is not None and lay[0] == 0
