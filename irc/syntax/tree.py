"""The surface syntax tree: what `irc.parser` produces from `.ir` text.

One expression language serves values, types and declarations, as in Julia
itself: `Vector{Int64}` is a `Curly`, `Core.Const(1)` a `Call`, `x::T` a
`Typed`.  Nothing here is resolved: a bare `Name(("x",))` in a body may be a
slot or a global; `SSA.n` is the label as written (`%7` -> 7).  `irc.build`
resolves names to slots, labels to statement indices and checks the result;
the IR (`irc.ir`) reuses these expression nodes with `SSA.n` meaning the
statement index and slot references as `SlotRef` with `id` set.

Invariants: every node carries `line`/`col` (1-based) of its first character
(0 where a node is synthesised); nodes are plain mutable dataclasses with
`slots=True`; the tree holds no parser objects (Lark trees/tokens), so it can
be pickled and compared.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Union


# ---------------------------------------------------------------- expressions


@dataclass(slots=True)
class Lit:
    """A literal. `kind` is the Julia type name of the value: Int64, Int128,
    UInt8..UInt128, Float64, Float32, Float16, String, Char, Symbol, Bool,
    Nothing.  `value` is the Python value (int, float, str, bool, None); for
    Symbol the name without the colon; for Char the one-character string."""

    value: object
    kind: str
    text: str = ""  # the literal as written (kept so fmt can reprint it)
    line: int = 0
    col: int = 0


@dataclass(slots=True)
class Name:
    """A possibly qualified name: `x` -> ("x",); `Main.f` -> ("Main", "f");
    `Base.:+` -> ("Base", "+"); `Main.:(var"#8#9")` -> ("Main", "#8#9");
    `Main.##Sandbox#12.g` -> ("Main", "##Sandbox#12", "g")."""

    parts: tuple[str, ...]
    line: int = 0
    col: int = 0


@dataclass(slots=True)
class SlotRef:
    """An explicit slot: `@_3` (name None, id 3), `x@_5` (name "x", id 5),
    `_2` (id 2).  After `irc.build`, every slot read is a SlotRef with `id` set."""

    name: str | None
    id: int | None
    line: int = 0
    col: int = 0


@dataclass(slots=True)
class SSA:
    """`%N`.  In syntax, N is the label; in IR, the 1-based statement index."""

    n: int
    line: int = 0
    col: int = 0


@dataclass(slots=True)
class Call:
    """`f(a, b)` and every infix/prefix call form (`a + b`, `-x`, `x isa T`,
    `a === b`, `a:b`).  `infix` is the operator as printed ("+", "===",
    "isa", ":", "-" …) or None for the prefix-call form; `a * b * c` is one
    Call with three args and infix "*"."""

    func: "Expr"
    args: list["Expr"]
    infix: str | None = None
    line: int = 0
    col: int = 0


@dataclass(slots=True)
class Curly:
    """`T{P1, P2}`: a parametric type application."""

    head: "Expr"
    params: list["Expr"]
    line: int = 0
    col: int = 0


@dataclass(slots=True)
class TypeVarDecl:
    """`T`, `T<:Real`, `Int64<:T<:Real` in a `where`; or `T = Int64` binding a
    static parameter (then `value` is set)."""

    name: str
    lower: "Expr | None" = None
    upper: "Expr | None" = None
    value: "Expr | None" = None
    line: int = 0
    col: int = 0


@dataclass(slots=True)
class Where:
    """`body where {T<:Real, S}`."""

    body: "Expr"
    vars: list[TypeVarDecl]
    line: int = 0
    col: int = 0


@dataclass(slots=True)
class Typed:
    """`expr::T` inside an expression (a typed slot read `x::Int64`, a typed
    argument).  `Typed(Typed(x, T), T)` is what Julia 1.6 prints as `x::T::T`."""

    expr: "Expr"
    type: "Expr"
    line: int = 0
    col: int = 0


@dataclass(slots=True)
class ExprNode:
    """`$(Expr(:head, args…))` and the short forms `enter #B` etc. are
    statements (see below); this is the general form with an arbitrary head."""

    head: str
    args: list["Expr"]
    line: int = 0
    col: int = 0


@dataclass(slots=True)
class New:
    """`%new(T, a…)` or `$(Expr(:new, T, a…))`."""

    type: "Expr"
    args: list["Expr"]
    line: int = 0
    col: int = 0


@dataclass(slots=True)
class Quote:
    """`:(expr)` -- a quoted expression (`:(x)` in NewvarNode, `:(goto %8)`)."""

    expr: "Expr | Stmt"
    line: int = 0
    col: int = 0


@dataclass(slots=True)
class TupleLit:
    """`(a, b)` -- a tuple value, e.g. inside `Core.Const((1, 2))`."""

    items: list["Expr"]
    line: int = 0
    col: int = 0


@dataclass(slots=True)
class TypedVect:
    """`Any[a, b]` (elt set) or `[a, b]` (elt None) -- PartialStruct fields."""

    elt: "Expr | None"
    items: list["Expr"]
    line: int = 0
    col: int = 0


@dataclass(slots=True)
class Splat:
    """`x...` -- a vararg argument in a declaration (`::Any...`)."""

    expr: "Expr"
    line: int = 0
    col: int = 0


@dataclass(slots=True)
class BlockRef:
    """`#B` used as a value (inside `$(Expr(:enter, #B))`)."""

    n: int
    line: int = 0
    col: int = 0


Expr = Union[Lit, Name, SlotRef, SSA, Call, Curly, Where, Typed, ExprNode, New, Quote, TupleLit, TypedVect, Splat, BlockRef]


# ---------------------------------------------------------------- statements


@dataclass(slots=True)
class Assign:
    """`x = rhs` / `(x = rhs)`.  `target` is a Name (bare slot name) or SlotRef."""

    target: "Name | SlotRef"
    value: Expr
    line: int = 0
    col: int = 0


@dataclass(slots=True)
class ValueStmt:
    """A statement that is just an expression (`%3 = f(x)`, `f(x)`, `@_3`)."""

    value: Expr
    line: int = 0
    col: int = 0


@dataclass(slots=True)
class Goto:
    block: int
    line: int = 0
    col: int = 0


@dataclass(slots=True)
class GotoIfNot:
    cond: Expr
    block: int
    line: int = 0
    col: int = 0


@dataclass(slots=True)
class Return:
    value: Expr | None  # None for a bare `return` (returns nothing)
    line: int = 0
    col: int = 0


@dataclass(slots=True)
class Unreachable:
    line: int = 0
    col: int = 0


@dataclass(slots=True)
class NewvarNode:
    target: "Name | SlotRef"
    line: int = 0
    col: int = 0


@dataclass(slots=True)
class Enter:
    """`$(Expr(:enter, #B))` / `enter #B`: a try region with catch block B."""

    block: int
    line: int = 0
    col: int = 0


@dataclass(slots=True)
class Leave:
    """`$(Expr(:leave, n))` (count) or `$(Expr(:leave, %k, …))` (enter tokens)."""

    args: list[Expr]
    line: int = 0
    col: int = 0


@dataclass(slots=True)
class DeadStmt:
    """`Core.Const(:(…))` -- a statement Julia printed as dead; `inner` is what
    was quoted (an expression, or a statement such as `goto %8`)."""

    inner: "Expr | Stmt | None"
    line: int = 0
    col: int = 0


Stmt = Union[Assign, ValueStmt, Goto, GotoIfNot, Return, Unreachable, NewvarNode, Enter, Leave, DeadStmt]


@dataclass(slots=True)
class BodyLine:
    """One statement line of a body, with what the rail said about it."""

    stmt: Stmt
    header: int | None = None  # block number from `N ─` / `N ┄`, if the line starts one
    header_kind: str = ""  # "─", "┄", "-", "~" as printed ("" when no header, or a bare `N` header)
    label: int | None = None  # `%N =` label
    annotation: Expr | None = None  # trailing `::T` (Julia's answer)
    line: int = 0
    col: int = 0  # column of the statement itself
    marker: str = ""  # Julia 1.12's statement marker (`dynamic`, `builtin`, `intrinsic`, …), kept for printing


@dataclass(slots=True)
class LineInfo:
    """A line-info line (`@ file:12 within `f``), kept as a source location."""

    text: str
    line: int = 0


# ---------------------------------------------------------------- items


@dataclass(slots=True)
class ArgDecl:
    """One argument of a method declaration or function header:
    `x::T` (name, type), `::T` (no name), `x` (no type = Any), `::T...`."""

    name: str | None
    type: Expr | None
    vararg: bool = False
    line: int = 0
    col: int = 0


@dataclass(slots=True)
class Refinement:
    """`iff x isa T` / `implies x isa T` on a method declaration."""

    kind: str  # "iff" | "implies"
    arg: str
    type: Expr
    line: int = 0
    col: int = 0


@dataclass(slots=True)
class MethodDecl:
    """`declare [@foldable] Mod.f(args…)::R [where …] [iff|implies a isa T]`, or
    `declare @complete Mod.f(args…) [where …]` (`complete`, no result): every
    method the function has takes arguments of these types.  `params`: the
    `{…}` of `declare Mod.T{P…}(args…)::R`, a constructor called on an
    instance `T{…}` of the type (`Ref{Int64}(x)`).  `callable`: the `T` of
    `declare (::T)(args…)::R`, a method called on an instance of `T` (a
    callable object, a closure); `name` is then T's name."""

    name: Name
    args: list[ArgDecl]
    result: Expr | None
    where: list[TypeVarDecl] = field(default_factory=list)
    refinement: Refinement | None = None
    foldable: bool = False
    line: int = 0
    col: int = 0
    complete: bool = False
    params: list["Expr"] | None = None  # `declare Base.Ref{T}(…)`: a constructor of the type's instances
    callable: "Expr | None" = None  # `declare (::T)(…)`: a method of T's instances (a callable object)


@dataclass(slots=True)
class AbstractTypeDecl:
    """`abstract type Name{T} <: Super end`."""

    name: Name
    params: list[TypeVarDecl]
    supertype: Expr | None
    line: int = 0
    col: int = 0


@dataclass(slots=True)
class FieldDecl:
    name: str
    type: Expr | None  # None = Any
    line: int = 0
    col: int = 0


@dataclass(slots=True)
class StructDecl:
    """`[mutable] struct Name{T<:Real} <: Super; fields…; end`."""

    name: Name
    params: list[TypeVarDecl]
    supertype: Expr | None
    fields: list[FieldDecl]
    mutable: bool = False
    line: int = 0
    col: int = 0
    more: bool = False  # a `...` line: the type has fields the declaration does not list


@dataclass(slots=True)
class ConstDecl:
    """`const Main.c = 3`."""

    name: Name
    value: Expr
    line: int = 0
    col: int = 0


@dataclass(slots=True)
class GlobalDecl:
    """`global Main.n::Int64`."""

    name: Name
    type: Expr | None
    line: int = 0
    col: int = 0


@dataclass(slots=True)
class VarEntry:
    """An entry of `Arguments` / `Locals` / `Variables`: a name (as printed,
    e.g. `#self#`, `@_3`, `x@_5`) and Julia's type for it."""

    name: "Name | SlotRef"
    type: Expr | None
    line: int = 0
    col: int = 0


@dataclass(slots=True)
class SignatureHint:
    """What a bare `CodeInfo(` (one with no header) is a method of, as far as
    the paste tells (irc.syntax.forms): `name` (None: unknown), `args` (None:
    how many is unknown; an `ArgDecl` with no name or type leaves it to the
    body), where it came from (`origin`, for the note), whether the code
    is top-level (`Meta.lower`: no arguments, bare names are globals), and
    the line of the command (its REPL prompt) that printed it (`repl_line`;
    None: the paste shows none; it names an unnamed one, irc.ir.signature)."""

    name: tuple[str, ...] | None
    args: list[ArgDecl] | None
    origin: str = ""
    thunk: bool = False
    repl_line: int | None = None


@dataclass(slots=True)
class FunctionDef:
    """A function in either header form.

    `form` is "plain" (`function f(args) … end`), "warntype" (`MethodInstance
    for …` with Arguments/Locals), "variables" (Julia ≤ 1.6's single
    `Variables` section, no MethodInstance line), or "codeinfo" (a bare
    `CodeInfo(` … `)` with no header: `hint` says what the paste tells of its
    signature).  `name` is None for the 1.6
    form (the builder takes it from `#self#::Core.Const(f)`).

    - plain: `params` from the header; `static_params` from `where {T = Int64}`.
    - warntype: `signature` is the MethodInstance call `f(::Int64)`;
      `arguments`/`locals` list the sections; `static_params` from
      `Static Parameters`.
    - variables: `variables` holds the single section.
    `body_type` is `Body::T` or the `) => T` of a CodeInfo wrapper (Julia's
    answer); `lines` are the body lines in order, `line_infos` the line-info
    lines.
    """

    form: str
    name: Name | None
    params: list[ArgDecl] = field(default_factory=list)
    signature: Call | None = None
    from_text: str = ""
    arguments: list[VarEntry] = field(default_factory=list)
    locals: list[VarEntry] = field(default_factory=list)
    variables: list[VarEntry] = field(default_factory=list)
    static_params: list[TypeVarDecl] = field(default_factory=list)
    body_type: Expr | None = None
    codeinfo: bool = False  # body wrapped in CodeInfo( … )
    has_markers: bool = False  # some body line carries a Julia 1.12 statement marker (`BodyLine.marker`)
    hint: SignatureHint | None = None  # form "codeinfo": the signature the paste tells
    notes: list = field(default_factory=list)  # (line, col, message): what reading the paste assumed or repaired
    # annotations irc could not read as Julia syntax (`irc.syntax.unreadable`), kept verbatim for `irc fmt`:
    # `Body::`'s text, and a section entry's or a statement's by its source line
    unread_body: str | None = None
    unread_lines: dict = field(default_factory=dict)
    callable: Expr | None = None  # `T` of a callable-object method: `MethodInstance for (::T)(…)`
    # the method's own `T` from its `from (j::T)(…) where …` line, for a `callable` printed by a package's `show`
    # (`typeof(∂(λ))`): `Zygote.Pullback{T}`, its variables the `Static Parameters`
    from_callable: Expr | None = None
    callee: Expr | None = None  # a MethodInstance callee that is not a plain name: `(SVector)`, `Tuple{Int64, Int64}`
    callee_parens: bool = False  # the callee was printed in parentheses: `(ODEFunction{true})(…)`
    lines: list[BodyLine] = field(default_factory=list)
    line_infos: list[LineInfo] = field(default_factory=list)
    line: int = 0
    col: int = 0
    end_line: int = 0


Item = Union[MethodDecl, AbstractTypeDecl, StructDecl, ConstDecl, GlobalDecl, FunctionDef]


@dataclass(slots=True)
class SourceFile:
    """A parsed `.ir` file: its items in order, plus the text for messages.
    `line_index` (an `irc.syntax.matches.LineIndex`) is set when body lines
    are kept as their regex matches (`parse_text(..., matches=True)`)."""

    path: str
    text: str
    items: list[Item] = field(default_factory=list)
    line_index: Any = None
