"""Step 1 of parsing: each line of the input becomes one object.

`SyntaxBuilder` holds the Lark callbacks that run inside the LALR parser (no
parse tree is built; `irc.syntax.grammar` mixes it with lark's `Transformer`,
and this module imports no Lark, so the fast paths that call some of the
callbacks load none): every line becomes a `tree.BodyLine`, a finished
declaration (`MethodDecl`, `ConstDecl`, …) or a small marker for a header
line (`function f(x)`, `MethodInstance for …`, `Arguments`, `Body::T`,
`CodeInfo(`, `)`, `end`, …), which `irc.syntax.assemble` then groups into
items.  Literals are decoded here (`0x01` is a `UInt8`, `1.0f0` a
`Float32`, escapes in strings and chars); infix chains are handed to
`irc.syntax.operators.climb`.

Two forms Julia 1.10 prints get fixed nodes: `@NamedTuple{a::T, b}` is
`Curly(Name(("@NamedTuple",)), [Typed(Lit(:a), T), Lit(:b)])` -- field names
are Symbol literals, so no later pass mistakes them for slot reads;
`namedtuple_longhand` gives the type it denotes (irc.world evaluates that) --
and an operator as a value (`typeof(+)`, `Core.Const(*)`, `(+)`, only as a
whole item of a comma list or inside parentheses) is `Name(("+",))`, which
resolves like any bare name (Main, then Base, then Core).

Invariants: the transformer is stateless (one instance serves every parse);
a line that parses but cannot mean anything raises `LineError` with its
position (reported by `irc.syntax.recovery`); no Lark object survives into
the result.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from irc.syntax import tree as S
from irc.syntax.identchars import CHAR_EXTRA, START_EXTRA
from irc.syntax.lazyre import lazy
from irc.syntax.operators import climb, normalize_op

@dataclass(slots=True)
class FuncHead:
    name: S.Name
    params: list[S.ArgDecl]
    where: list[S.TypeVarDecl]
    line: int
    col: int


@dataclass(slots=True)
class MIHead:
    name: S.Name
    params: list[S.ArgDecl]
    where: list[S.TypeVarDecl]
    line: int
    col: int
    callable: S.Expr | None = None
    callee: S.Expr | None = None  # a callee that is not a plain name: `(SVector)`, `Tuple{Int64, Int64}`
    callee_parens: bool = False  # printed in parentheses (`(ODEFunction{true})(…)`: a UnionAll, show.jl)


@dataclass(slots=True)
class FromLine:
    text: str
    line: int
    col: int


@dataclass(slots=True)
class SectionLine:
    name: str  # Arguments | Locals | Variables | Static Parameters
    line: int
    col: int


@dataclass(slots=True)
class BodyTypeLine:
    type: S.Expr
    line: int
    col: int


@dataclass(slots=True)
class CodeInfoOpen:
    line: int
    col: int


@dataclass(slots=True)
class CodeInfoClose:
    type: S.Expr | None
    line: int
    col: int


@dataclass(slots=True)
class EndLine:
    line: int
    col: int


@dataclass(slots=True)
class EllipsisLine:
    """`...` alone on a line: inside a struct body, fields the declaration does not list."""

    line: int
    col: int


@dataclass(slots=True)
class StructHead:
    decl: S.StructDecl
    line: int
    col: int


class LineError(Exception):
    """Raised by a transformer callback for a well-formed but invalid line."""

    def __init__(self, message: str, line: int, col: int):
        super().__init__(message)
        self.message = message
        self.line = line
        self.col = col


# ---------------------------------------------------------------- literals


_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", "0": "\0", "\\": "\\", '"': '"', "'": "'", "$": "$", "a": "\a", "b": "\b", "e": "\x1b", "f": "\f", "v": "\v"}
_ESC_RE = re.compile(r"\\(x[0-9a-fA-F]{1,2}|u[0-9a-fA-F]{1,4}|U[0-9a-fA-F]{1,8}|.)", re.S)


def unescape(body: str) -> str:
    if "\\" not in body:
        return body

    def rep(m: re.Match) -> str:
        e = m.group(1)
        if e[0] in "xuU" and len(e) > 1:
            return chr(int(e[1:], 16))
        return _ESCAPES.get(e, e)

    return _ESC_RE.sub(rep, body)


def int_kind(v: int) -> str:
    if -(2**63) <= v < 2**63:
        return "Int64"
    if -(2**127) <= v < 2**127:
        return "Int128"
    return "BigInt"


def _unsigned_kind(text: str) -> tuple[int, str]:
    digits = text[2:].replace("_", "")
    base = {"x": 16, "b": 2, "o": 8}[text[1]]
    value = int(digits or "0", base)
    bits = {16: 4, 2: 1, 8: 3}[base] * len(digits)
    if base == 8:
        bits = max(value.bit_length(), 1)
    for size in (8, 16, 32, 64, 128):
        if bits <= size:
            return value, f"UInt{size}"
    return value, "BigInt"


def slot_from_text(text: str, line: int, col: int) -> S.Expr:
    """`x@_5`, `_2`, plain names."""
    at = text.rfind("@_")
    if at > 0 and text[at + 2 :].isdigit():
        return S.SlotRef(text[:at], int(text[at + 2 :]), line, col)
    if len(text) > 1 and text[0] == "_" and text[1:].isdigit():
        return S.SlotRef(None, int(text[1:]), line, col)
    return S.Name((text,), line, col)


def _name_part(tok) -> str:
    t = str(tok)
    ty = tok.type
    if ty == "VARSTR":
        end = t.rfind('"')
        inner = unescape(t[4:end])
        return inner + t[end + 1 :]  # keep an `@_N` suffix
    if ty == "QOP":
        if t.startswith(":("):
            inner = t[2:-1]
            if inner.startswith('var"'):
                return unescape(inner[4:-1])
            return normalize_op(inner)
        if t.startswith(':var"'):  # `Main.:var"'"`: a name that is no identifier, as Julia shows it qualified
            return unescape(t[5:-1])
        return normalize_op(t[1:])
    return t


# ---------------------------------------------------------------- precedence


def _to_tvar(e, where_line: int = 0) -> S.TypeVarDecl:
    """A `where` variable from its expression form."""
    if isinstance(e, S.TypeVarDecl):
        return e
    if isinstance(e, S.Name) and len(e.parts) == 1:
        return S.TypeVarDecl(e.parts[0], line=e.line, col=e.col)
    if isinstance(e, S.Call) and e.infix in ("<:", ">:") and len(e.args) == 2:
        a, b = e.args
        if isinstance(a, S.Name) and len(a.parts) == 1:
            if e.infix == "<:":
                return S.TypeVarDecl(a.parts[0], upper=b, line=a.line, col=a.col)
            return S.TypeVarDecl(a.parts[0], lower=b, line=a.line, col=a.col)
        if e.infix == "<:" and isinstance(a, S.Call) and a.infix == "<:" and len(a.args) == 2:
            lo, v = a.args
            if isinstance(v, S.Name) and len(v.parts) == 1:
                return S.TypeVarDecl(v.parts[0], lower=lo, upper=b, line=v.line, col=v.col)
    line = getattr(e, "line", where_line)
    col = getattr(e, "col", 1)
    raise LineError("expected a type variable (`T`, `T<:Real` or `T = Int64`)", line, col)


def _as_type_head(e) -> tuple[S.Name, list[S.TypeVarDecl], S.Expr | None]:
    """`Name{T<:Real} <: Super` -> (name, params, supertype)."""
    sup = None
    if isinstance(e, S.Call) and e.infix == "<:" and len(e.args) == 2:
        e, sup = e.args
    params: list[S.TypeVarDecl] = []
    if isinstance(e, S.Curly):
        params = [_to_tvar(p) for p in e.params]
        e = e.head
    if isinstance(e, S.SlotRef) and e.name is not None:  # never meaningful, but keep the text
        e = S.Name((f"{e.name}@_{e.id}",), e.line, e.col)
    if not isinstance(e, S.Name):
        raise LineError("expected a type name", getattr(e, "line", 0), getattr(e, "col", 1))
    return e, params, sup


def _as_field(e) -> S.FieldDecl:
    typ = None
    if isinstance(e, S.Typed):
        e, typ = e.expr, e.type
    if isinstance(e, S.Name) and len(e.parts) == 1:
        return S.FieldDecl(e.parts[0], typ, e.line, e.col)
    raise LineError("expected a field `name` or `name::Type`", getattr(e, "line", 0), getattr(e, "col", 1))


def _as_slot_target(tok) -> S.Name | S.SlotRef:
    ty = tok.type
    if ty == "SLOTAT":
        return S.SlotRef(None, int(tok[2:]), tok.line, tok.column)
    text = _name_part(tok) if ty == "VARSTR" else str(tok)
    node = slot_from_text(text, tok.line, tok.column)
    return node  # type: ignore[return-value]


def _is_name(e, *parts: str) -> bool:
    return isinstance(e, S.Name) and e.parts == parts


def classify_value(value: S.Expr, line: int, col: int):
    """A value statement's expression -> the statement it stands for."""
    if isinstance(value, S.Call) and value.infix is None and len(value.args) == 1 and isinstance(value.args[0], S.Quote):
        f = value.func
        inner = value.args[0].expr
        if _is_name(f, "Core", "NewvarNode") and isinstance(inner, (S.Name, S.SlotRef)):
            if isinstance(inner, S.Name) and len(inner.parts) == 1:
                inner = slot_from_text(inner.parts[0], inner.line, inner.col)
            if isinstance(inner, (S.Name, S.SlotRef)) and not (isinstance(inner, S.Name) and len(inner.parts) != 1):
                return S.NewvarNode(inner, line, col)
        if _is_name(f, "Core", "Const"):
            return S.DeadStmt(inner, line, col)
    if (isinstance(value, S.Call) and value.infix is None and len(value.args) == 2 and isinstance(value.args[0], S.Quote)
            and _is_name(value.func, "Core", "Compiler", "Const") and isinstance(value.args[1], S.Lit) and value.args[1].value is False):
        return S.DeadStmt(value.args[0].expr, line, col)  # Julia ≤ 1.5: `Core.Compiler.Const(:(return %2), false)`
    if isinstance(value, S.ExprNode):
        if value.head == "enter" and len(value.args) >= 1 and isinstance(value.args[-1], S.BlockRef):
            return S.Enter(value.args[-1].n, line, col)
        if value.head == "leave":
            return S.Leave(list(value.args), line, col)
    return S.ValueStmt(value, line, col)


def _with_where(typ, where):
    """`T` and the variables of a `where` after it -> `T where {…}` (as is without)."""
    if not where:
        return typ
    return S.Where(typ, list(where), getattr(typ, "line", 0), getattr(typ, "col", 0))


def _plain_text(e, depth: int = 0) -> str | None:
    """The text of a name, call or curly expression as written (`typeof(∂(λ))`), or None."""
    if depth > 8:
        return None
    if isinstance(e, S.Name):
        return ".".join(e.parts)
    if isinstance(e, (S.Call, S.Curly)):
        head = e.func if isinstance(e, S.Call) else e.head
        items = e.args if isinstance(e, S.Call) else e.params
        parts = [_plain_text(x, depth + 1) for x in [head] + list(items)]
        if any(p is None for p in parts):
            return None
        o, c = ("(", ")") if isinstance(e, S.Call) else ("{", "}")
        return parts[0] + o + ", ".join(parts[1:]) + c
    return None


def _head_name(e) -> S.Name | None:
    while type(e) in (S.Curly, S.Where):
        e = e.head if type(e) is S.Curly else e.body
    return e if type(e) is S.Name else None


# ---------------------------------------------------------------- @NamedTuple

AT_NAMEDTUPLE = "@NamedTuple"
_FIELD_IDENT = lazy(rf"(?:[^\W\d]|[{START_EXTRA}]|#+[\w!])[\w#!{CHAR_EXTRA}]*")


def _field_lit(e) -> S.Lit | None:
    """A field name of `@NamedTuple{…}` as the Symbol it stands for (its
    `text` is the name as it reads back: `a`, `var"x@_5"`), or None."""
    if isinstance(e, S.Name) and len(e.parts) == 1:
        name = e.parts[0]
    elif isinstance(e, S.Name) and all(_FIELD_IDENT.fullmatch(p) for p in e.parts):
        name = ".".join(e.parts)  # `beta.c::Int64`: Julia prints a field's Symbol as it is (`print(io, sym)`)
    elif isinstance(e, S.SlotRef):  # `_2`, `x@_5`: names a field all the same
        name = f"{e.name}@_{e.id}" if e.name is not None else f"_{e.id}"
    else:
        return None
    if (_FIELD_IDENT.fullmatch(name) or all(_FIELD_IDENT.fullmatch(p) for p in name.split("."))) and "#" not in name:
        text = name
    else:
        text = 'var"' + name.replace("\\", "\\\\").replace('"', '\\"') + '"'
    return S.Lit(name, "Symbol", text, e.line, e.col)


def _namedtuple_fields(items: list, tok) -> list:
    """`a::T` -> `Typed(Lit(:a), T)`, a bare `a` (type Any, as Julia 1.10
    prints it) -> `Lit(:a)`.  Field names are Symbols, never variables: a
    field named like a slot is not a read of that slot."""
    out: list = []
    seen: set[str] = set()
    for it in items:
        if isinstance(it, S.Typed):
            lit = _field_lit(it.expr)
            node = S.Typed(lit, it.type, it.line, it.col) if lit is not None else None
        else:
            lit = node = _field_lit(it)
        if lit is None or node is None:
            raise LineError("expected a field `name` or `name::Type` in `@NamedTuple{…}`",
                             getattr(it, "line", tok.line), getattr(it, "col", tok.column))
        if lit.value in seen:
            raise LineError(f"duplicate field name `{lit.text}` in `@NamedTuple{{…}}`", lit.line, lit.col)
        seen.add(lit.value)  # type: ignore[arg-type]
        out.append(node)
    return out


def namedtuple_longhand(e: S.Curly) -> S.Curly:
    """What the macro expands to: `@NamedTuple{a::A, b}` is
    `Core.NamedTuple{(:a, :b), Core.Tuple{A, Core.Any}}` (for evaluation)."""
    names: list = []
    types: list = []
    for p in e.params:
        if isinstance(p, S.Typed):
            names.append(p.expr)
            types.append(p.type)
        else:
            names.append(p)
            types.append(S.Name(("Core", "Any"), p.line, p.col))
    syms = [S.Lit(n.value, "Symbol", "", n.line, n.col) for n in names]
    return S.Curly(S.Name(("Core", "NamedTuple"), e.line, e.col),
                   [S.TupleLit(syms, e.line, e.col), S.Curly(S.Name(("Core", "Tuple"), e.line, e.col), types, e.line, e.col)],
                   e.line, e.col)


def is_at_namedtuple(e) -> bool:
    """`e` is the `@NamedTuple{…}` form (see `namedtuple_longhand`)."""
    return type(e) is S.Curly and type(e.head) is S.Name and e.head.parts == (AT_NAMEDTUPLE,)


# ---------------------------------------------------------------- transformer


def _lark_token():
    """lark's `Token` class.  Only the callbacks Lark alone calls test for
    it (when Lark runs, it is loaded); this module does not import Lark, so
    the fast path (`irc.syntax.fastpath`, which calls some of these
    callbacks) and a file it reads whole load no Lark at all."""
    from lark import Token

    return Token


class SyntaxBuilder:
    """Lark callbacks, one per grammar rule (see grammar/irc.lark).  Stateless.
    A plain class: `irc.syntax.grammar.build_parser` mixes it with lark's
    `Transformer` when it builds the parser."""

    # ---- file
    def start(self, c):
        return [x for x in c if x is not None]

    def expr_start(self, c):
        return c[0]

    # ---- atoms
    def qualname(self, c):
        first = c[0]
        if len(c) == 1:
            text = _name_part(first)
            line, col = first.line, first.column
            if first.type == "NAME":
                if text == "nothing":
                    return S.Lit(None, "Nothing", "nothing", line, col)
                if text == "true":
                    return S.Lit(True, "Bool", "true", line, col)
                if text == "false":
                    return S.Lit(False, "Bool", "false", line, col)
            return slot_from_text(text, line, col)
        return S.Name(tuple(_name_part(t) for t in c), first.line, first.column)

    def ssa(self, c):
        t = c[0]
        return S.SSA(int(t[1:]), t.line, t.column)

    def slotat(self, c):
        t = c[0]
        return S.SlotRef(None, int(t[2:]), t.line, t.column)

    def hashname(self, c):
        t = c[0]
        return S.Name((str(t),), t.line, t.column)

    def int_lit(self, c):
        t = c[0]
        v = int(str(t).replace("_", ""))
        return S.Lit(v, int_kind(v), str(t), t.line, t.column)

    def hex_lit(self, c):
        t = c[0]
        v, kind = _unsigned_kind(str(t))
        return S.Lit(v, kind, str(t), t.line, t.column)

    def float_lit(self, c):
        t = c[0]
        text = str(t)
        clean = text.replace("_", "")
        if "f" in clean:
            return S.Lit(float(clean.replace("f", "e")), "Float32", text, t.line, t.column)
        return S.Lit(float(clean), "Float64", text, t.line, t.column)

    def string_lit(self, c):
        t = c[0]
        return S.Lit(unescape(str(t)[1:-1]), "String", str(t), t.line, t.column)

    def char_lit(self, c):
        t = c[0]
        v = unescape(str(t)[1:-1])
        return S.Lit(v, "Char", str(t), t.line, t.column)

    def symbol_lit(self, c):
        t = c[0]
        text = str(t)
        name = unescape(text[5:-1]) if text.startswith(':var"') else text[1:]
        return S.Lit(name, "Symbol", text, t.line, t.column)

    def paren(self, c):
        return c[0]

    def tuple0(self, c):
        t = c[0]
        return S.TupleLit([], t.line, t.column)

    def tuple(self, c):
        items = [c[0]] + (c[1] or [])
        return S.TupleLit(items, getattr(c[0], "line", 0), max(getattr(c[0], "col", 1) - 1, 1))

    def namedtuple_lit(self, c):
        """`(a = 1, b = 2)`, a named tuple as Julia shows it: the call
        `Core.NamedTuple{(:a, :b)}((1, 2))` it stands for."""
        items = [c[0]] + (c[1] or [])
        ln, col = items[0][0].line, max(items[0][0].col - 1, 1)
        names = [S.Lit(t.name if type(t) is S.SlotRef else t.parts[-1], "Symbol", "", t.line, t.col) for t, _ in items]
        head = S.Curly(S.Name(("Core", "NamedTuple"), ln, col), [S.TupleLit(names, ln, col)], ln, col)
        return S.Call(head, [S.TupleLit([v for _, v in items], ln, col)], None, ln, col)

    def kwitems(self, c):
        return [x for x in c if x is not None]

    def kwitem(self, c):
        target, value = c
        if type(target) is S.SlotRef and target.name is None:
            raise LineError("expected a field name before '='", target.line, target.col)
        return target, value

    def vect(self, c):
        t, items = c
        return S.TypedVect(None, items or [], t.line, t.column)

    def typedvect(self, c):
        head = c[0]
        return S.TypedVect(head, c[1] or [], getattr(head, "line", 0), getattr(head, "col", 0))

    def at_namedtuple(self, c):
        tok, items = c
        return S.Curly(S.Name((AT_NAMEDTUPLE,), tok.line, tok.column), _namedtuple_fields(items or [], tok),
                       tok.line, tok.column)

    def opvalue(self, c):
        t = c[0]
        return S.Name((normalize_op(str(t)),), t.line, t.column)

    def interp(self, c):
        tok, inner = c
        line, col = tok.line, tok.column + 2
        if (
            isinstance(inner, S.Call)
            and inner.infix is None
            and _is_name(inner.func, "Expr")
            and inner.args
            and isinstance(inner.args[0], S.Lit)
            and inner.args[0].kind == "Symbol"
        ):
            head = inner.args[0].value
            args = list(inner.args[1:])
            if head in ("enter", "leave", "pop_exception"):
                args = [self._blockref(a) if head == "enter" else a for a in args]
            if head == "new" and args:
                return S.New(args[0], args[1:], line, max(col - 2, 1))
            return S.ExprNode(head, args, line, max(col - 2, 1))
        return S.ExprNode("$", [inner], line, max(col - 2, 1))

    @staticmethod
    def _blockref(a):
        if isinstance(a, S.Name) and len(a.parts) == 1 and a.parts[0].startswith("#") and a.parts[0][1:].isdigit():
            return S.BlockRef(int(a.parts[0][1:]), a.line, a.col)
        return a

    def new(self, c):
        tok, args = c
        args = args or []
        if not args:
            return S.ExprNode("new", [], tok.line, tok.column)
        return S.New(args[0], args[1:], tok.line, tok.column)

    def quote(self, c):
        tok, inner = c
        return S.Quote(inner, tok.line, tok.column)

    def q_goto(self, c):
        t = c[1]
        target = S.SSA(int(t[1:]), t.line, t.column) if t.type == "SSA" else S.BlockRef(int(t[1:]), t.line, t.column)
        return S.ExprNode("goto", [target], c[0].line, c[0].column)

    def q_gotoifnot(self, c):
        t = c[1]
        target = S.SSA(int(t[1:]), t.line, t.column) if t.type == "SSA" else S.BlockRef(int(t[1:]), t.line, t.column)
        return S.ExprNode("gotoifnot", [c[2], target], c[0].line, c[0].column)

    def q_return(self, c):
        return S.ExprNode("return", [c[1]] if c[1] is not None else [], c[0].line, c[0].column)

    def q_assign(self, c):
        target, value = c
        return S.ExprNode("=", [target, value], getattr(target, "line", 0), getattr(target, "col", 0))

    # ---- postfix / operators
    def call(self, c):
        f = c[0]
        return S.Call(f, c[1] or [], None, getattr(f, "line", 0), getattr(f, "col", 0))

    def curly(self, c):
        h = c[0]
        return S.Curly(h, c[1] or [], getattr(h, "line", 0), getattr(h, "col", 0))

    def splat(self, c):
        e = c[0]
        return S.Splat(e, getattr(e, "line", 0), getattr(e, "col", 0))

    def typed(self, c):
        e = c[0]
        return S.Typed(e, c[1], getattr(e, "line", 0), getattr(e, "col", 0))

    def power(self, c):
        a, b = c
        return S.Call(S.Name(("^",)), [a, b], "^", getattr(a, "line", 0), getattr(a, "col", 0))

    def prefix(self, c):
        tok, operand = c
        op = str(tok)
        if (
            op == "-"
            and isinstance(operand, S.Lit)
            and operand.kind in ("Int64", "Int128", "BigInt", "Float64", "Float32")
            and operand.line == tok.line
            and operand.col == tok.column + 1
            and not operand.text.startswith("-")
        ):
            v = -operand.value  # type: ignore[operator]
            kind = int_kind(v) if isinstance(v, int) else operand.kind
            return S.Lit(v, kind, "-" + operand.text, tok.line, tok.column)
        return S.Call(S.Name((op,), tok.line, tok.column), [operand], op, tok.line, tok.column)

    def chain(self, c):
        return climb(c)

    def args(self, c):
        return [x for x in c if x is not None]

    callargs = args

    def kwarg(self, c):
        """`name=value` in a call: Julia's `Expr(:kw, name, value)` (a constant's display)."""
        tok, value = c
        return S.ExprNode("kw", [S.Name((str(tok)[:-1],), tok.line, tok.column), value], tok.line, tok.column)

    # ---- where
    def expr(self, c):
        body = c[0]
        vars_ = self.where_clauses(c[1:])
        if type(body) is S.Typed:
            # `x::T where S<:B` is how Julia prints a typed read whose type is a `where` type (a call's
            # argument `setindex!(output::MArray{S, Float64, 1} where S<:(Tuple{_A} where _A), v, i)`,
            # `return x::T where T`): the `where` belongs to the type, never a value's
            return S.Typed(body.expr, S.Where(body.type, vars_, getattr(body.type, "line", body.line),
                                              getattr(body.type, "col", body.col)), body.line, body.col)
        return S.Where(body, vars_, getattr(body, "line", 0), getattr(body, "col", 0))

    def wbraces(self, c):
        return [_to_tvar(x) for x in c if x is not None]

    def wbind(self, c):
        tok, value = c
        return S.TypeVarDecl(str(tok), value=value, line=tok.line, col=tok.column)

    def where_clauses(self, c):
        """The variables of `where` clauses, outermost first (`S.Where.vars`'s order): in a
        chain the last clause is the outermost (`A where T where N` is `(A where T) where N`,
        that is `A where {N, T}`), inside braces the first."""
        out: list[S.TypeVarDecl] = []
        for w in reversed(c):
            if isinstance(w, list):
                out.extend(_to_tvar(v) for v in w)
            elif w is not None:
                out.append(_to_tvar(w))
        return out

    # ---- statements: each returns (stmt, annotation)
    def target(self, c):
        t = c[0]
        if isinstance(t, _lark_token()):
            return _as_slot_target(t)
        if isinstance(t, (S.Name, S.SlotRef)):
            return t  # a slot name, `x@_N`, `_N`, or a qualified global (`Main.x = v`)
        raise LineError("cannot assign to a literal", getattr(t, "line", 0), getattr(t, "col", 1))

    def value_stmt(self, c):
        value = c[0]
        annot = None
        if type(value) is S.Where and type(value.body) is S.Typed:  # `x::T where T`: the annotation is `T where T`
            body = value.body
            value = S.Typed(body.expr, S.Where(body.type, value.vars, body.type.line if hasattr(body.type, "line") else value.line,
                                               getattr(body.type, "col", value.col)), body.line, body.col)
        if isinstance(value, S.Typed):
            annot = value.type
            value = value.expr
        line, col = getattr(value, "line", 0), getattr(value, "col", 0)
        return classify_value(value, line, col), annot

    def assign_stmt(self, c):
        target, value = c
        return S.Assign(target, value, target.line, target.col), None

    def assign_paren(self, c):
        target, value, annot, where = c
        annot = _with_where(annot, where) if annot is not None else None
        return S.Assign(target, value, target.line, max(target.col - 1, 1)), annot

    def goto_stmt(self, c):
        kw, t = c
        return S.Goto(int(t[1:]), kw.line, kw.column), None

    def gotoifnot_stmt(self, c):
        kw, t, cond = c
        return S.GotoIfNot(cond, int(t[1:]), kw.line, kw.column), None

    def return_stmt(self, c):
        kw, value = c
        return S.Return(value, kw.line, kw.column), None

    def unreachable_stmt(self, c):
        kw = c[0]
        return S.Unreachable(kw.line, kw.column), None

    def enter_stmt(self, c):
        kw, t = c
        return S.Enter(int(t[1:]), kw.line, kw.column), None

    def body_line(self, c):
        rail, label, marker, (stmt, annot) = c
        header = None
        kind = ""
        if rail is not None and rail.type == "RAIL_HEAD":
            text = str(rail)
            num = text.split()[0]
            header = int(num)
            kind = text[len(num) :].strip()[:1]
        lab = None
        if label is not None:
            lab = int(str(label)[1:].split("=")[0].strip())
        if marker is None:
            return S.BodyLine(stmt, header, kind, lab, annot, stmt.line, stmt.col)
        if type(stmt) is not S.ValueStmt:
            raise LineError(f"the statement marker `{' '.join(marker.split())}` belongs in front of a call", marker.line, marker.column)
        return S.BodyLine(stmt, header, kind, lab, annot, stmt.line, stmt.col, " ".join(marker.split()))

    # ---- item lines
    def argdecls(self, c):
        return [x for x in c if x is not None]

    def arg_name(self, c):
        t = c[0]
        return S.ArgDecl(_name_part(t), None, False, t.line, t.column)

    def arg_name_va(self, c):
        t = c[0]
        return S.ArgDecl(_name_part(t), None, True, t.line, t.column)

    def arg_typed(self, c):
        t, typ, where = c
        typ = _with_where(typ, where)
        if isinstance(typ, S.Splat):
            return S.ArgDecl(_name_part(t), typ.expr, True, t.line, t.column)
        return S.ArgDecl(_name_part(t), typ, False, t.line, t.column)

    def arg_anon(self, c):
        typ = _with_where(c[0], c[1])
        line, col = getattr(typ, "line", 0), max(getattr(typ, "col", 3) - 2, 1)
        if isinstance(typ, S.Splat):
            return S.ArgDecl(None, typ.expr, True, line, col)
        return S.ArgDecl(None, typ, False, line, col)

    @staticmethod
    def _fname(e) -> S.Name:
        if isinstance(e, S.SlotRef):
            text = f"{e.name}@_{e.id}" if e.name else f"_{e.id}"
            return S.Name((text,), e.line, e.col)
        if isinstance(e, S.Lit):
            return S.Name((e.text,), e.line, e.col)
        return e

    def declare_line(self, c):
        foldable, name, params, args, result, where, refinement = c
        name = self._fname(name)
        return S.MethodDecl(name, args or [], result, where or [], refinement, foldable is not None, name.line, 1,
                            params=params)

    def declare_callable(self, c):
        foldable, typ, args, result, where, refinement = c
        head = typ.head if isinstance(typ, S.Curly) else typ
        while isinstance(head, S.Curly):
            head = head.head
        if not isinstance(head, S.Name):
            raise LineError("expected a type in `declare (::T)(…)`", getattr(typ, "line", 0) or 1,
                            getattr(typ, "col", 0) or 1)
        return S.MethodDecl(head, args or [], result, where or [], refinement, foldable is not None, head.line, 1,
                            callable=typ)

    def typeparams(self, c):
        return c[0]

    def declare_complete(self, c):
        _, name, args, where = c
        name = self._fname(name)
        return S.MethodDecl(name, args or [], None, where or [], None, False, name.line, 1, complete=True)

    def refinement(self, c):
        kw, arg, typ = c
        return S.Refinement(str(kw), str(arg), typ, kw.line, kw.column)

    def abstract_line(self, c):
        chain = c[0]
        name, params, sup = _as_type_head(chain)
        return S.AbstractTypeDecl(name, params, sup, name.line, 1)

    def struct_rest(self, c):
        Token = _lark_token()
        fields = [x for x in c if x is not None and not isinstance(x, Token)]
        has_end = any(isinstance(x, Token) and x.type == "END" for x in c)
        return fields, has_end

    def struct_line(self, c):
        mutable, chain, (fields, has_end) = c
        name, params, sup = _as_type_head(chain)
        decl = S.StructDecl(name, params, sup, [_as_field(f) for f in fields], mutable is not None, name.line, 1)
        if has_end:
            return decl
        return StructHead(decl, name.line, 1)

    def end_line(self, c):
        t = c[0]
        return EndLine(t.line, t.column)

    def ellipsis_line(self, c):
        t = c[0]
        return EllipsisLine(t.line, t.column)

    def const_line(self, c):
        name, value = c
        name = self._fname(name)
        if not isinstance(name, S.Name):
            raise LineError("expected a global name", name.line, name.col)
        return S.ConstDecl(name, value, name.line, 1)

    def global_line(self, c):
        name, typ = c
        name = self._fname(name)
        if not isinstance(name, S.Name):
            raise LineError("expected a global name", name.line, name.col)
        return S.GlobalDecl(name, typ, name.line, 1)

    def function_line(self, c):
        name, args, where = c
        name = self._fname(name)
        return FuncHead(name, args or [], where or [], name.line, 1)

    def mi_head(self, c):
        head = c[0]
        if isinstance(head, _lark_token()):  # an operator
            return S.Name((normalize_op(str(head)),), head.line, head.column), None
        name = self._fname(head)
        if len(c) > 1 and c[1] is not None:
            return name, S.Curly(name, c[1], name.line, name.col)
        return name, None

    def mi_line(self, c):
        kw, (name, callee), args, where = c
        return MIHead(name, args or [], where or [], kw.line, kw.column, None, callee)

    def mi_paren(self, c):
        kw, typ, args, where = c
        name = _head_name(typ)
        if name is None:
            raise LineError("expected a function or type name in `MethodInstance for (…)(…)`", kw.line, kw.column)
        return MIHead(S.Name((name.parts[-1],), name.line, name.col), args or [], where or [], kw.line, kw.column, None, typ,
                      True)

    def mi_callable(self, c):
        kw, typ, args, where = c
        head = typ.head if isinstance(typ, S.Curly) else typ
        if isinstance(head, S.Name):
            name = S.Name((head.parts[-1],), kw.line, kw.column)
        else:  # `(::typeof(∂(λ)))(…)`, Zygote's own `show` of a Pullback: named by that text
            name = S.Name((_plain_text(typ) or "#callable#",), kw.line, kw.column)
        return MIHead(name, args or [], where or [], kw.line, kw.column, typ)

    def from_line(self, c):
        t = c[0]
        return FromLine(str(t)[4:].strip(), t.line, t.column)

    def section_line(self, c):
        t = c[0]
        return SectionLine(str(t), t.line, t.column)

    def body_type_line(self, c):
        t, typ, where = c
        return BodyTypeLine(_with_where(typ, where), t.line, t.column)

    def codeinfo_open(self, c):
        t = c[0]
        return CodeInfoOpen(t.line, t.column)

    def codeinfo_close(self, c):
        t, typ, where = c
        return CodeInfoClose(_with_where(typ, where) if typ is not None else None, t.line, t.column)

    def lineinfo_line(self, c):
        t = c[0]
        text = str(t)
        at = text.index("@")
        return S.LineInfo(text[at:].rstrip(), t.line)


# ---------------------------------------------------------------- assembly
