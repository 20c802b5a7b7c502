"""Printing types and lattice elements exactly as Julia 1.10 prints them
(from `Main`, as `@code_warntype` shows them).

- `Core.Const(v)` shows `v` as Julia's `show` does: `1`, `1.0`, `1.0f0`,
  `0x01`, `false`, `:x`, `"s"`, `'c'`, `nothing`, `(1, 2)`, `1:3`, a
  function by its name (`f`, `sin`, `+`), a type by its printed form.
- `Core.PartialStruct(T, Any[f1, f2])`; a `Conditional` prints `Bool`.
- Unions list their members in Julia's `jl_type_union` order
  (`union_sort_cmp` in jltypes.c): singleton data types first, then bits
  types, then other data types, then non-data types (UnionAll, TypeVar);
  ties by `datatype_name_cmp`: module name, type name, number of parameters,
  then the first three parameters recursively.  Remaining ties are broken by
  the printed text so that printing is deterministic.
- `Array{T,1}` prints `Vector{T}`, `Array{T,2}` `Matrix{T}` (and the
  Abstract/Dense/Bit variants); `Tuple{Vararg{Any}}` prints `Tuple`; a tuple
  of more than 3 equal elements `NTuple{n, T}`; a `NamedTuple` prints
  `@NamedTuple{a::T, …}`; a `where` wrapper that only leaves trailing
  parameters free prints the applied prefix (`Vector`, `Array{Float64}`).
- Names from `Main`, `Base` and `Core` print bare unless Base/Core does not
  export them (`Base.RefValue`, `Core.Box`, `Base.OneTo`, a generated name:
  `Base.var"#86#87"{F}`, a closure type of Base's); names from other
  modules print qualified; names that are not identifiers print `var"…"`.

Other Julia versions' spellings (`irc infer --plain` of an older paste):
`show(x, style)` with a `PrintStyle` (`irc.lattice.printstyle`: `Core.Compiler.Const(1, false)`,
`Array{Int64,1}`, `NamedTuple{(:a,), Tuple{Int64}}`, `where` spelled out); without one (or
with the canonical one) the spelling above.  Each style's texts are memoised apart.

Invariant: `show` is total (never raises) and deterministic.
"""
from __future__ import annotations

import math
import re
import unicodedata
from functools import cmp_to_key, lru_cache

from irc.lattice import typetable as TT

from irc.lattice.layout import isbitstype, issingleton
from irc.lattice.printstyle import PrintStyle
from irc.lattice.types import (
    BOTTOM,
    DataType,
    FuncType,
    FunctionValue,
    IrrationalValue,
    JChar,
    ModuleValue,
    Sym,
    TypeVar,
    UnionAllType,
    UnionType,
    VarargType,
    is_type,
)

# `^[A-Za-z_\u00a1-\uffff][A-Za-z_0-9!\u00a1-\uffff]*$` written as the complements of those
# classes: the same strings (tests/lattice/test_typeprint_ident.py checks every code point),
# but compiled in 0.3 ms instead of 5 ms (`re` builds a 64k-entry charmap for `\u00a1-\uffff`).
_IDENT = re.compile(r"^[^\x00-@\[-^`{-\xa0\U00010000-\U0010ffff][^\x00- \"-/:-@\[-^`{-\xa0\U00010000-\U0010ffff]*$")
_IDENT_PLAIN = r"^[A-Za-z_\u00a1-\uffff][A-Za-z_0-9!\u00a1-\uffff]*$"  # the pattern it equals (tests)
_OPERATORS = frozenset("""+ - * / \\ ^ ÷ % & | ⊻ == != !== === < <= > >= ≤ ≥ ≠ ≡ ≢ << >> >>> : => // .. ∘ ! ~ √ ∈ ∉ ⊆ ⊇ ⊊ ⊋ ∪ ∩ <: >: |> <| -> ∋ ∌ ⋅ × ⊗""".split())

_NOT_EXPORTED = frozenset({
    ("Base", "RefValue"), ("Core", "Box"), ("Core", "Const"), ("Core", "Builtin"), ("Core", "IntrinsicFunction"),
    ("Core", "SimpleVector"), ("Core", "TypeName"), ("Core", "TypeofBottom"), ("Core", "TypeofVararg"),
    ("Base", "OneTo"), ("Base", "Generator"), ("Base", "GenericIOBuffer"), ("Core", "MethodInstance"),
    ("Core", "MethodTable"), ("Base", "KeySet"), ("Base", "ValueIterator"), ("Base", "Pairs"), ("Base", "SkipMissing"),
    ("Base", "Slice"),  # indices.jl, not in exports.jl: printed `Base.Slice{Base.OneTo{Int64}}`
    ("Base", "TwicePrecision"),  # twiceprecision.jl: a float range's `Base.TwicePrecision{Float64}`
    ("Base", "Fix1"), ("Base", "Fix2"),  # operators.jl, not in exports.jl: `==(x)` is a `Base.Fix2{typeof(==), T}`
})


def show(x, style: PrintStyle | None = None) -> str:
    """Print a lattice element or type exactly as Julia does (as Julia of `style` does: module doc)."""
    from irc.lattice.typelattice import Conditional, Const, PartialStruct, widenconditional

    if style is not None and not style.canonical:
        return _show_styled(x, style)
    tx = type(x)
    if tx is Conditional:  # as Julia prints it (`widenslotwrapper`): Const(true/false) when folded, else Bool
        x = widenconditional(x)
        tx = type(x)
    if tx is Const:
        return "Core.Const(" + show_value(x.val, x.typ) + ")"
    if tx is PartialStruct:
        return "Core.PartialStruct(" + show_type(x.typ) + ", Any[" + ", ".join(show(f) for f in x.fields) + "])"
    if tx is Conditional:
        return "Bool"
    return show_type(x)


def _show_styled(x, style: PrintStyle) -> str:
    """`show` in another Julia's spelling (`style` not canonical)."""
    from irc.lattice.typelattice import Conditional, Const, PartialStruct, widenconditional

    tx = type(x)
    if tx is Conditional:
        x = widenconditional(x)
        tx = type(x)
    if tx is Const:
        if style.compiler_const:  # ≤ 1.5: `Core.Compiler.Const(val, actual)`
            return "Core.Compiler.Const(" + show_value(x.val, x.typ, style) + ", false)"
        return "Core.Const(" + show_value(x.val, x.typ, style) + ")"
    if tx is PartialStruct:
        head = "Core.Compiler.PartialStruct(" if style.compiler_const else "Core.PartialStruct("
        return head + _show_type(x.typ, style) + ", Any[" + ", ".join(_show_styled(f, style) for f in x.fields) + "])"
    if tx is Conditional:
        return "Bool"
    return _show_type(x, style)


# ---------------------------------------------------------------- names


# src/flisp/julia_extensions.c `is_wc_cat_id_start` / `jl_id_char`: beyond the Basic Multilingual
# Plane (which `_IDENT` admits whole, as Julia's `isidentifier` does for the characters a type name holds)
# a character starts an identifier when it is a letter, a letter-like number or a currency/other symbol
# (`𝐈`, `𝚯`: mathematical alphanumerics, Unitful's dimensions), and continues one as a mark, digit,
# connector or modifier too
_ASTRAL_START = frozenset({"Lu", "Ll", "Lt", "Lm", "Lo", "Nl", "Sc", "So"})
_ASTRAL_CONT = _ASTRAL_START | {"Mn", "Mc", "Nd", "Pc", "Sk", "Me", "No"}


def is_identifier(name: str) -> bool:
    """Whether Julia prints `name` bare (else `var"…"`)."""
    if _IDENT.match(name):
        return True
    if not any(ord(c) > 0xFFFF for c in name):
        return False
    stand_in = []
    for i, c in enumerate(name):
        if ord(c) <= 0xFFFF:
            stand_in.append(c)
            continue
        cat = unicodedata.category(c)
        if cat in _ASTRAL_START:
            stand_in.append("a")
        elif i and cat in _ASTRAL_CONT:
            stand_in.append("0")
        else:
            return False
    return bool(_IDENT.match("".join(stand_in)))


def _ident(name: str) -> str:
    if is_identifier(name) or name in _OPERATORS:
        return name
    return 'var"' + name + '"'


_EXPORTED_FROM_SUBMODULES = frozenset({("Base", "GMP", "BigInt"), ("Base", "MPFR", "BigFloat")})


def _qualify(module: tuple[str, ...], name: str) -> str:
    if not module or module[0] == "Main" and len(module) == 1:
        return _ident(name)
    if module in (("Base",), ("Core",)):
        if (module[0], name) in _NOT_EXPORTED or name.startswith("#"):  # a generated name is never exported
            # (`Base.var"#86#87"{F}`: a closure type of Base's, show.jl `show_type_name` qualifies it)
            return module[0] + "." + _ident(name)
        return _ident(name)
    if module + (name,) in _EXPORTED_FROM_SUBMODULES:
        return _ident(name)
    return ".".join(_ident(m) for m in module) + "." + _ident(name)


# Base's operators bound to functions of another name (`const % = rem`): Julia prints the function's own name
FUNCTION_ALIASES = {"%": "rem", "÷": "div", "⊻": "xor", "√": "sqrt", "∛": "cbrt", "∈": "in", "≡": "===", "≢": "!==",
                    "⊆": "issubset", "∪": "union", "∩": "intersect", "≤": "<=", "≥": ">=", "≠": "!="}


_CORE_NOT_EXPORTED = frozenset({"kwcall"})  # Core functions Main does not see unqualified (`Core.Const(Core.kwcall)`)


def show_function(f: FunctionValue) -> str:
    """A function value as Julia's `show` prints it: its own name (`rem` for
    `%`, `Colon()` for `:` -- an instance of `Colon`), qualified when Base
    does not export it to Main: intrinsics (`Core.Intrinsics.add_int`), a
    Base submodule's function other than `Base.Math`'s
    (`Base.FastMath.sin_fast`), a function of a module inside Main."""
    module, name = f.module, f.name
    if module == ("Core",) and name in _CORE_NOT_EXPORTED:
        return "Core." + name
    if len(module) == 1 and module[0] in ("Main", "Base", "Core"):
        name = FUNCTION_ALIASES.get(name, name)
        return "Colon()" if name == ":" else _ident(name)
    if module == ("Base", "Math"):  # Base re-exports Math's functions
        return _ident(name)
    return ".".join(_ident(m) for m in module) + "." + _ident(name)  # `Main.var"workspace#4".double`


# ---------------------------------------------------------------- types


@lru_cache(maxsize=1 << 15, typed=True)
def show_type(t) -> str:
    """A type as Julia 1.10 prints it (memoised by the type alone: the commonest call)."""
    return _show_type(t, None)


@lru_cache(maxsize=1 << 15, typed=True)
def _show_type(t, style: PrintStyle | None) -> str:
    """`show_type` in `style` (None: canonical), memoised per (type, style); recursion calls it
    directly (a nesting level costs the frames it always cost: deep types print at the same depth)."""
    tt = type(t)
    if tt is DataType:
        return _show_datatype(t, style)
    if tt is UnionType:
        if not t.members:
            return "Union{}"
        return "Union{" + ", ".join(_show_type(m, style) for m in sort_union_members(t.members)) + "}"
    if tt is FuncType:
        if t.func.name == ":" and len(t.func.module) == 1:
            return "Colon"  # `(:)` is the instance `Colon()`
        return "typeof(" + show_function(t.func) + ")"
    if tt is UnionAllType:
        return _show_unionall(t, style)
    if tt is TypeVar:
        return _ident(t.name) if style is None or style.quoted_tvars else t.name
    if tt is VarargType:
        sep = ", " if style is None else style.param_sep
        if t.N is None:
            if style is not None and not style.collapse_where:  # ≤ 1.5: `Vararg{T,N} where N`
                return "Vararg{" + _show_type(t.T, style) + sep + "N} where N"
            if t.bare:  # no `T` defined (show.jl prints `{T}` only when it is)
                return "Vararg"
            return "Vararg{" + _show_type(t.T, style) + "}"
        return "Vararg{" + _show_type(t.T, style) + sep + _show_param(t.N, style) + "}"
    if not is_type(t):  # a value where a type was expected (a bug upstream): Julia's `show` of it, never a repr
        return show_value(t, None, style)
    return str(t)


def _show_param(p, style: PrintStyle | None = None) -> str:
    if is_type(p):
        return _show_type(p, style)
    if type(p) is TypeVar:
        return p.name
    from irc.lattice.typelattice import typeof_value

    return show_value(p, typeof_value(p), style)


def _show_datatype(t: DataType, style: PrintStyle | None = None) -> str:
    tn = t.name
    ps = t.params
    sep = ", " if style is None else style.param_sep
    if tn is TT.TUPLE_NAME:
        if len(ps) == 1 and type(ps[0]) is VarargType and ps[0].N is None and ps[0].T == TT.ANY:
            return "Tuple"
        if len(ps) > 3 and type(ps[0]) is not VarargType and all(p == ps[0] for p in ps):
            return "NTuple{" + str(len(ps)) + sep + _show_type(ps[0], style) + "}"
        return "Tuple{" + sep.join(_show_param(p, style) for p in ps) + "}"
    if tn is TT.NAMEDTUPLE_NAME and len(ps) == 2 and type(ps[0]) is tuple and TT.is_tuple(ps[1]) \
            and not TT.is_vatuple(ps[1]) and len(ps[1].params) == len(ps[0]) \
            and (style is None or style.namedtuple_macro):
        # show.jl `show_at_namedtuple`: `print(io, sym)`, then `::T` unless T is `Any`
        items = [_field_name(n) + ("" if ft == TT.ANY else "::" + _show_type(ft, style))
                 for n, ft in zip(ps[0], ps[1].params)]
        return "@NamedTuple{" + ", ".join(items) + "}"
    if style is None or style.array_aliases:
        if tn is TT.GENERICIOBUFFER_NAME and ps == (TT.vector(TT.UINT8),):
            return "IOBuffer"
        if tn is TT.COMPLEX_NAME and len(ps) == 1:
            for short, f in TT.COMPLEX_ALIASES.items():
                if ps[0] == f:
                    return short
        aliases = TT.PRINT_ALIASES.get(tn)
        if aliases and len(ps) == 2 and type(ps[1]) is int and ps[1] in aliases and _alias_binds(ps[0]):
            return aliases[ps[1]] + "{" + _show_param(ps[0], style) + "}"
        if aliases and tn is TT.BITARRAY_NAME and len(ps) == 1 and type(ps[0]) is int and ps[0] in aliases:
            return aliases[ps[0]]
    name = _qualify(tn.module, tn.name)
    if not ps:
        return name
    return name + "{" + sep.join(_show_param(p, style) for p in ps) + "}"


def _show_unionall(t: UnionAllType, style: PrintStyle | None = None) -> str:
    if style is not None and not style.collapse_where:
        # ≤ 1.5 show.jl `show(io, x::UnionAll)`: a type's own wrapper by its name, else the body
        # then ` where var`, one clause a variable (`Tuple{Vararg{T,N}} where T where N`)
        if _print_without_params(t):
            body = t
            while type(body) is UnionAllType:
                body = body.body
            return _qualify(body.name.module, body.name.name)
        return _show_type(t.body, style) + " where " + _show_tvar(t.var, style)
    # `NTuple` itself has no short form: show.jl's `make_typealias` returns nothing for a
    # tuple type (`x <: Tuple && return nothing`), so it prints `Tuple{Vararg{T, N}} where {N, T}`.
    vars_ = []
    body = t
    while type(body) is UnionAllType:
        vars_.append(body.var)
        body = body.body
    if type(body) is DataType and body.params:
        tn = body.name
        ps = body.params
        decl_all = tn.params
        name = None
        aliases = TT.PRINT_ALIASES.get(tn) if style is None or style.array_aliases else None
        if aliases and len(ps) == 2 and type(ps[1]) is int and ps[1] in aliases:
            name = aliases[ps[1]]
            ps = ps[:1]
            decl_all = tn.params[:1]
        if not decl_all and getattr(tn, "unknown", False):
            # a type irc does not know has as many parameters as the paste uses, unbounded (its wrapper,
            # `var"#1#2"{_A} where _A`, prints as its name, as show.jl `print_without_params` does)
            decl_all = tuple(TypeVar("_", None, None) for _ in ps)
        k = len(vars_)
        # Trailing parameters exactly the where-variables, in order, with the declared bounds.
        if tn is not TT.TUPLE_NAME and k <= len(ps) and tuple(ps[len(ps) - k:]) == tuple(vars_):
            decl = decl_all[len(ps) - k:] if len(decl_all) == len(ps) else ()
            if len(decl) == k and all(_same_bounds(v, d) for v, d in zip(vars_, decl)):
                lead = ps[: len(ps) - k]
                if not any(_mentions_any(p, vars_) for p in lead):
                    if name is None:
                        name = _qualify(tn.module, tn.name)
                    if not lead:
                        return name
                    return name + "{" + (", " if style is None else style.param_sep).join(_show_param(p, style) for p in lead) + "}"
    # `Vector{<:Real}`: a variable of a generated name (`#s1`, show.jl `isgensym`: what
    # `Vector{<:Real}` makes), used once, directly as a parameter, with only an upper bound
    # prints in place (show.jl show_typeparams); the rest print as `where`
    # (`KeySet{String, _A} where _A<:(AbstractDict{String})`: `_A` is no generated name).
    inline = set()
    if type(body) is DataType and body.name is not TT.TUPLE_NAME:
        for v in vars_:
            if "#" in v.name and (v.lb is None or v.lb == BOTTOM) and v.ub is not None and v.ub != TT.ANY \
                    and sum(1 for p in body.params if p == v) == 1 \
                    and not any(p != v and _mentions_any(p, [v]) for p in body.params):
                inline.add(v)
    if inline:
        head = _show_datatype_inline(body, inline, style)
        vars_ = [v for v in vars_ if v not in inline]
        if not vars_:
            return head
    else:
        head = _show_type(body, style)
    vs = [_show_tvar(v, style) for v in vars_]
    if len(vs) == 1:
        return head + " where " + vs[0]
    return head + " where {" + ", ".join(vs) + "}"


def _show_datatype_inline(body: DataType, inline, style: PrintStyle | None = None) -> str:
    tn = body.name
    ps = list(body.params)
    shown = ["<:" + _show_type(p.ub, style) if p in inline else _show_param(p, style) for p in ps]
    aliases = TT.PRINT_ALIASES.get(tn) if style is None or style.array_aliases else None
    if aliases and len(ps) == 2 and type(ps[1]) is int and ps[1] in aliases:
        return aliases[ps[1]] + "{" + shown[0] + "}"
    return _qualify(tn.module, tn.name) + "{" + (", " if style is None else style.param_sep).join(shown) + "}"


def _alias_binds(p) -> bool:
    """show.jl `make_typealias` finds `Vector{P}` for `Array{P, 1}` only when `P` is a variable of an
    enclosing `where` or mentions none: for a `P` that only contains one (`Array{Vector{T}, 1} where T`,
    the manual's example; `Array{Dual{Tag, Float64, _A1}, 1}` inside `where {_A, _A1}`), the
    intersection with the alias gives `P` wrapped in its own `where` (`alias{env...}` is not `x`), so
    Julia prints the type by its own name."""
    from irc.lattice.types import has_free_typevars

    return type(p) is TypeVar or not is_type(p) or not has_free_typevars(p)


def _same_bounds(v: TypeVar, d: TypeVar) -> bool:
    return (v.ub or TT.ANY) == (d.ub or TT.ANY) and (v.lb or BOTTOM) == (d.lb or BOTTOM)


def _mentions_any(p, vars_) -> bool:
    from irc.lattice.types import has_typevar

    return any(has_typevar(p, v) for v in vars_) if is_type(p) else False


def _show_tvar(v: TypeVar, style: PrintStyle | None = None) -> str:
    lb = v.lb if v.lb is not None and v.lb != BOTTOM else None
    ub = v.ub if v.ub is not None and v.ub != TT.ANY else None
    # show.jl `show_unquoted(io, tv.name)`: `var"#s1"`, as inside the braces (≤ 1.5 wrote the name as is)
    name = _ident(v.name) if style is None or style.quoted_tvars else v.name
    if lb is not None and ub is not None:
        return _show_bound(lb, style) + "<:" + name + "<:" + _show_bound(ub, style)
    if ub is not None:
        return name + "<:" + _show_bound(ub, style)
    if lb is not None:
        return name + ">:" + _show_bound(lb, style)
    return name


def _show_bound(b, style: PrintStyle | None = None) -> str:
    """show.jl `show(io, tv::TypeVar)`'s `show_bound`: a `UnionAll` bound is parenthesised
    unless it is a type's own wrapper (`print_without_params`): `_A<:(AbstractDict{String})`,
    `T<:(Vector)`, but `T<:AbstractArray`."""
    shown = _show_type(b, style)
    return shown if type(b) is not UnionAllType or _print_without_params(b) else "(" + shown + ")"


def _print_without_params(t: UnionAllType) -> bool:
    """show.jl `print_without_params`: `t` is its type name's wrapper (`Array`, not `Vector`)."""
    vars_ = []
    while type(t) is UnionAllType:
        vars_.append(t.var)
        t = t.body
    return type(t) is DataType and t.params == tuple(vars_) and len(t.name.params) == len(vars_) \
        and all(_same_bounds(v, d) for v, d in zip(vars_, t.name.params))


# ---------------------------------------------------------------- union order (jltypes.c)


def _is_dt(t) -> bool:
    return type(t) in (DataType, FuncType)


def _module_name(t) -> str:
    if type(t) is FuncType:
        m = t.func.module
    else:
        m = t.name.module
    return m[-1] if m else ""


def _typename_str(t) -> str:
    if type(t) is FuncType:
        return "#" + t.func.name
    return t.name.name


def _nparams(t) -> int:
    return 0 if type(t) is FuncType else len(t.params)


def _strcmp(a: str, b: str) -> int:
    ab, bb = a.encode(), b.encode()
    return -1 if ab < bb else (1 if ab > bb else 0)


def datatype_name_cmp(a, b) -> int:
    """jltypes.c `datatype_name_cmp`."""
    if not _is_dt(a):
        return 1 if _is_dt(b) else 0
    if not _is_dt(b):
        return -1
    c = _strcmp(_module_name(a), _module_name(b))
    if c:
        return c
    c = _strcmp(_typename_str(a), _typename_str(b))
    if c:
        return c
    na, nb = _nparams(a), _nparams(b)
    if na != nb:
        return -1 if na < nb else 1
    for i in range(min(3, na)):
        ap, bp = a.params[i], b.params[i]
        if ap == bp and type(ap) is type(bp):
            continue
        if _is_dt(ap) and _is_dt(bp):
            c = datatype_name_cmp(ap, bp)
            if c:
                return c
        elif type(ap) is UnionAllType and type(bp) is UnionAllType:
            from irc.lattice.types import unwrap_unionall

            c = datatype_name_cmp(unwrap_unionall(ap), unwrap_unionall(bp))
            if c:
                return c
        else:
            c = 0
    return 0


def union_sort_cmp(a, b) -> int:
    """jltypes.c `union_sort_cmp`."""
    if _is_dt(a):
        if not _is_dt(b):
            return -1
        sa, sb = issingleton(a), issingleton(b)
        if sa:
            return datatype_name_cmp(a, b) if sb else -1
        if sb:
            return 1
        ba, bb = isbitstype(a), isbitstype(b)
        if ba:
            return datatype_name_cmp(a, b) if bb else -1
        if bb:
            return 1
        return datatype_name_cmp(a, b)
    if _is_dt(b):
        return 1
    from irc.lattice.types import unwrap_unionall

    return datatype_name_cmp(unwrap_unionall(a), unwrap_unionall(b))


def _full_cmp(a, b) -> int:
    c = union_sort_cmp(a, b)
    if c:
        return c
    sa, sb = show_type(a), show_type(b)
    return -1 if sa < sb else (1 if sa > sb else 0)


def sort_union_members(members) -> list:
    """Union members in the order Julia prints them (memoised for a union's
    frozen member set)."""
    if type(members) is frozenset:
        return list(_sorted_members(members))
    return sorted(members, key=cmp_to_key(_full_cmp))


@lru_cache(maxsize=1 << 14)
def _sorted_members(members: frozenset) -> tuple:
    return tuple(sorted(members, key=cmp_to_key(_full_cmp)))


# ---------------------------------------------------------------- values


def show_float(v: float, bits: int = 64) -> str:
    """Julia's shortest float printing (`Base.Ryu.writeshortest`): plain
    notation when the decimal point falls within (-4, 6] of the digits,
    else `d.ddde±x` (`1.0e6`, `1.0e-5`); Float32 with an `f` exponent."""
    return _float_text(v, bits)


def _shortest_digits(v: float, bits: int) -> tuple[str, int]:
    """(digits, exponent) with v = 0.d1d2… × 10^exponent, shortest round-trip."""
    import struct

    if bits == 64:
        r = repr(v)
    else:
        fmt = "<f" if bits == 32 else "<e"
        target = struct.pack(fmt, v)
        r = None
        for prec in range(1, 18):
            s = "%.*e" % (prec - 1, v)
            if struct.pack(fmt, float(s)) == target:
                r = s
                break
        if r is None:
            r = repr(v)
    r = r.lstrip("-")
    if "e" in r or "E" in r:
        mant, exp = r.lower().split("e")
        exp = int(exp)
    else:
        mant, exp = r, 0
    if "." in mant:
        ip, fp = mant.split(".")
    else:
        ip, fp = mant, ""
    digits = (ip + fp).lstrip("0")
    lead_zeros = len(ip + fp) - len((ip + fp).lstrip("0"))
    point = len(ip) + exp - lead_zeros  # position of decimal point relative to digits
    digits = digits.rstrip("0") or "0"
    return digits, point


def _format_shortest(v: float, bits: int) -> str:
    neg = math.copysign(1.0, v) < 0
    if v == 0:
        body = "0.0"
        e = None
    else:
        digits, pt = _shortest_digits(abs(v), bits)
        if -4 < pt <= 6:
            if pt <= 0:
                body = "0." + "0" * (-pt) + digits
            elif pt >= len(digits):
                body = digits + "0" * (pt - len(digits)) + ".0"
            else:
                body = digits[:pt] + "." + digits[pt:]
            e = None
        else:
            mant = digits[0] + "." + (digits[1:] or "0")
            e = pt - 1
            body = mant
    sign = "-" if neg else ""
    if bits == 64:
        return sign + body + ("" if e is None else "e" + str(e))
    if bits == 32:
        return sign + body + "f" + ("0" if e is None else str(e))
    return "Float16(" + sign + body + ("" if e is None else "e" + str(e)) + ")"


_ESC = {"\n": "\\n", "\t": "\\t", "\r": "\\r", "\\": "\\\\", '"': '\\"', "$": "\\$", "\0": "\\0",
        "\a": "\\a", "\b": "\\b", "\f": "\\f", "\v": "\\v", "\x1b": "\\e"}


def show_string(s: str) -> str:
    out = []
    for ch in s:
        if ch in _ESC:
            out.append(_ESC[ch])
        elif ord(ch) < 0x20 or ord(ch) == 0x7f:
            out.append("\\x%02x" % ord(ch))
        else:
            out.append(ch)
    return '"' + "".join(out) + '"'


def show_char(c: str) -> str:
    if c == "'":
        return "'\\''"
    if c in _ESC and c not in ('"', "$"):
        return "'" + _ESC[c] + "'"
    if ord(c) < 0x20:
        return "'\\x%02x'" % ord(c)
    return "'" + c + "'"


def show_symbol(name: str) -> str:
    if is_identifier(name) or name in _OPERATORS:
        return ":" + name
    return "Symbol(" + show_string(name) + ")"


_UHEX = {8: 2, 16: 4, 32: 8, 64: 16, 128: 32}


def show_value(v, typ=None, style: PrintStyle | None = None) -> str:
    """Julia's `show(v)` for a value whose Julia type is `typ` (types in it spelled in `style`)."""
    from irc.lattice.typelattice import Const, OpaqueValue, StructValue

    tv = type(v)
    if tv is Const:
        return show_value(v.val, v.typ, style)
    if v is None:
        return "nothing"
    if tv is bool:
        return "true" if v else "false"
    if tv is int:
        if typ is not None and type(typ) is DataType and typ.name.module == ("Core",) and typ.name.name.startswith("UInt"):
            bits = typ.name.primitive_bits
            return "0x" + format(v % (1 << bits), "0%dx" % _UHEX.get(bits, 16))
        return str(v)
    if tv is float:
        bits = 64
        if typ == TT.FLOAT32:
            bits = 32
        elif typ == TT.FLOAT16:
            bits = 16
        return _float_text(v, bits)
    if tv is str:
        return show_string(v)
    if tv is Sym:
        return show_symbol(v.name)
    if tv is JChar:
        return show_char(v.ch)
    if tv is FunctionValue:
        return show_function(v)
    if tv is ModuleValue:
        return ".".join(v.path)
    if tv is IrrationalValue:
        return v.sym
    if tv is tuple:
        items = [show_value(x, None, style) for x in v]
        if len(items) == 1:
            return "(" + items[0] + ",)"
        return "(" + ", ".join(items) + ")"
    if tv is OpaqueValue:
        head = ".".join(_ident(p) for p in v.callee) if type(v.callee) is tuple else show(v.callee, style)
        if v.bare:
            return head
        items = [show_value(a, None, style) for a in v.args]
        items += [f"{k}={show_value(a, None, style)}" for k, a in v.kwargs]
        return head + "(" + ", ".join(items) + ")"
    if tv is StructValue:
        t = v.typ
        if type(t) is DataType and t.name is TT.UNITRANGE_NAME and len(v.fields) == 2:
            return show_value(v.fields[0], None, style) + ":" + show_value(v.fields[1], None, style)
        if type(t) is DataType and t.name is TT.ONETO_NAME and len(v.fields) == 1:
            return "Base.OneTo(" + show_value(v.fields[0], None, style) + ")"  # range.jl `show(io, r::OneTo)`
        if type(t) is DataType and t.name is TT.PAIR_NAME and len(v.fields) == 2:
            return show_value(v.fields[0], None, style) + " => " + show_value(v.fields[1], None, style)
        if t == TT.MISSING:
            return "missing"
        if type(t) is DataType and t.name is TT.BROADCASTED_NAME and len(v.fields) == 4:
            # broadcast.jl's `show(io, bc::Broadcasted)`: `Broadcasted(f, args)`, the style
            # only when the axes are set (`bc.axes isa Tuple`)
            name = _qualify(t.name.module, t.name.name)
            bstyle = "" if v.fields[3] == Const(None) else "{" + _show_type(t.params[0], style) + "}"
            return name + bstyle + "(" + show_value(v.fields[1], None, style) + ", " + show_value(v.fields[2], None, style) + ")"
        if type(t) is DataType and t.name is TT.NAMEDTUPLE_NAME and len(t.params) == 2:
            return _show_namedtuple(t, v.fields, style)
        if type(t) is DataType and t.name.qualname == "Base.Pairs" and len(v.fields) == 2 \
                and (v.fields[1] == Const((), TT.tuple_type([])) or v.fields[1] == Const(None)):
            # abstractdict.jl's `show(io, t::AbstractDict)` of an empty dictionary: its type and `()`
            # (the keys `()`, or 1.12's `nothing` for a named tuple's own)
            return _show_type(t, style) + "()"
        return _show_type(t, style) + "(" + ", ".join(show_value(f, None, style) for f in v.fields) + ")"
    if is_type(v):
        return _show_type(v, style)
    return str(v)


_DOTTED_FIELD = re.compile(r"(?:[^\W\d]|#+[\w!])[\w#!]*(?:\.[^\W\d][\w#!]*)+")


def _field_name(n) -> str:
    """A `@NamedTuple` field name as Julia prints it (`print(io, sym)`): an identifier, or a
    dotted one (`beta.c`, JuliaBUGS' names), bare; anything else `var"…"`, which reads back."""
    name = n.name if type(n) is Sym else str(n)
    return name if _DOTTED_FIELD.fullmatch(name) else _ident(name)


def _show_namedtuple(t, fields, style: PrintStyle | None = None) -> str:
    """Julia's `show(::NamedTuple)` (namedtuple.jl): `(a = 1, b = 2)`, `(a = 1,)`,
    `NamedTuple()`; a value whose field is not of exactly its field type (a
    non-concrete field type) prints as the type applied to the tuple."""
    from irc.lattice.typelattice import Const

    names, fts = t.params[0], t.params[1].params
    if any(type(f) is not Const or f.typ != ft for f, ft in zip(fields, fts)):
        return _show_type(t, style) + "(" + show_value(tuple(fields), None, style) + ")"
    if not fields:
        return "NamedTuple()"
    items = [_ident(n.name if type(n) is Sym else str(n)) + " = " + show_value(f, None, style) for n, f in zip(names, fields)]
    return "(" + items[0] + ",)" if len(items) == 1 else "(" + ", ".join(items) + ")"


def _float_text(v: float, bits: int) -> str:
    if math.isnan(v):
        return {64: "NaN", 32: "NaN32", 16: "NaN16"}[bits]
    if math.isinf(v):
        s = {64: "Inf", 32: "Inf32", 16: "Inf16"}[bits]
        return ("-" + s) if v < 0 else s
    return _format_shortest(v, bits)
