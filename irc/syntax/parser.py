"""Parse `.ir` text into the surface syntax tree (`irc.syntax`).

Algorithm, in three steps:

1. **Lines.**  The Lark LALR parser (grammar/irc.lark, built once per process
   by `irc.grammar_loader`) reads the file as a sequence of lines.  The
   `SyntaxBuilder` transformer runs inside the parser (no parse tree is
   built) and turns every line into one object: a `syntax.BodyLine`, a
   finished declaration (`MethodDecl`, `ConstDecl`, …) or a small marker for a
   header line (`function f(x)`, `MethodInstance for …`, `Arguments`,
   `Body::T`, `CodeInfo(`, `)`, `end`, …).  Infix chains are flat in the
   grammar; `_climb` applies Julia's precedence and associativity (`a * b * c`
   is one n-ary call, `a - b - c` nests to the left, comparisons bind
   loosest, `:` ranges between comparisons and `+`).  Before that, the fast
   path (`_FastLine`, at the end of this file) builds the same objects for
   the common body lines; Lark sees the text with those lines blanked and
   lexes only the spans of it that hold the other lines (`_blanked`).
2. **Recovery.**  A syntax error is recorded with the expected tokens named
   in words (`describe_expected`), the parser stacks are popped back to the
   start of the offending line, the lexer skips to the end of that line, and
   parsing resumes: every bad line of a file is reported, one error per line.
3. **Items.**  `_Assembler` walks the line objects with a small state machine
   and builds the multi-line items: struct bodies, both function headers
   (plain `function … end`, `MethodInstance`/`Arguments`/`Locals`/`Body`,
   Julia 1.6's single `Variables` section) with their `CodeInfo(` wrapper and
   body lines.  Misplaced lines are located errors.

Two forms Julia 1.10 prints get fixed nodes: `@NamedTuple{a::T, b}` is
`Curly(Name(("@NamedTuple",)), [Typed(Lit(:a), T), Lit(:b)])` -- field names
are Symbol literals, so no later pass mistakes them for slot reads;
`namedtuple_longhand` gives the type it denotes (irc.world evaluates that) --
and an operator as a value (`typeof(+)`, `Core.Const(*)`, `(+)`, only as a
whole item of a comma list or inside parentheses) is `Name(("+",))`, which
resolves like any bare name (Main, then Base, then Core).

Invariants: `parse_text` never raises anything but `IrcError` (all errors of
the file at once, sorted by position); the result holds no Lark objects;
expression nesting deeper than `MAX_DEPTH` is rejected with a located error,
so later passes may recurse over expressions safely; nothing here recurses
over input size.
"""
from __future__ import annotations

import bisect
import functools
import gc
import re
from dataclasses import dataclass, field
from operator import attrgetter

from lark import Token, Transformer
from lark.exceptions import UnexpectedCharacters, UnexpectedInput, UnexpectedToken

try:
    from lark import TextSlice  # lark >= 1.2: lex a part of a text, positions and lines as in the whole
except ImportError:  # pragma: no cover - older lark: the whole text is lexed
    TextSlice = None

from irc.syntax import tree as S
from irc.errors import Diagnostic, IrcError, Span

MAX_DEPTH = 128  # deepest expression nesting accepted (a line shorter than this cannot be deeper)
MAX_ERRORS = 100

# ---------------------------------------------------------------- operators

_NORMALIZE_OP = {"≤": "<=", "≥": ">=", "≠": "!=", "≡": "===", "≢": "!=="}

# precedence (higher binds tighter) following Julia's table
_PREC: dict[str, int] = {}
for _ops, _p in (
    (("=>",), 0),
    (("===", "!==", "==", "!=", "<", "<=", ">", ">=", "<:", ">:", "isa", "in", "∈", "∉", "⊆", "⊂", "⊇", "⊃", "∋", "∌",
      "≈", "≉", "≤", "≥", "≠", "≡", "≢"), 1),
    (("|>", "<|"), 2),
    ((":", ".."), 3),
    (("+", "-", "|", "⊻", "±"), 4),
    (("*", "/", "\\", "%", "&", "÷", "⋅", "×"), 5),
    (("//",), 6),
    (("<<", ">>", ">>>"), 7),
):
    for _o in _ops:
        _PREC[_o] = _p
_NARY = frozenset({"+", "*", ":"})  # `a + b + c` is one call (ranges a:s:b too)
_RIGHT = frozenset({"=>"})  # right associative: `a => b => c` is `a => (b => c)`


def normalize_op(op: str) -> str:
    """`≤ ≥ ≠` are `<= >= !=` (spec §1.2)."""
    return _NORMALIZE_OP.get(op, op)


# ---------------------------------------------------------------- error words

# What each terminal is called in messages.  String terminals not listed are
# shown quoted by their text (see `terminal_words`).
TERMINAL_WORDS: dict[str, str] = {
    "_NL": "end of line",
    "$END": "end of file",
    "NAME": "a name",
    "VARSTR": 'a var"…" name',
    "QOP": "an operator name such as ':+'",
    "SLOTAT": "a slot '@_N'",
    "HASHNUM": "a block number '#N'",
    "SSA": "an SSA value '%N'",
    "INT": "an integer",
    "HEXINT": "an integer",
    "FLOAT": "a number",
    "STRING": "a string",
    "CHAR": "a character",
    "SYMBOL": "a symbol",
    "BINOP": "an infix operator",
    "PREFIX": "a prefix operator",
    "LABEL": "a '%N =' label",
    "RAIL_HEAD": "a block header 'N ─'",
    "RAIL_MID": "a rail '│'",
    "RAIL_END": "a rail '└──'",
    "LINEINFO": "a line-info line",
    "MI": "'MethodInstance for'",
    "FROM_LINE": "a 'from' line",
    "SECTION": "a section header",
    "BODY": "'Body::'",
    "CODEINFO": "'CodeInfo('",
    "CODEINFO_CLOSE": "')' closing 'CodeInfo('",
    "EMPTY_TUPLE": "'()'",
    "VECT_OPEN": "'['",
    "DOLLAR_OPEN": "'$('",
    "NEW_OPEN": "'%new('",
    "QUOTE_OPEN": "':('",
    "AT_NAMEDTUPLE": "'@NamedTuple{'",
    "OPVALUE": "an operator as a value such as '(+)'",
    "COMMENT": "a comment",
    "WS": "a space",
    "JULIA_PROMPT": "a 'julia>' line",
}

_OPERAND_START = {"NAME", "VARSTR", "SSA", "SLOTAT", "HASHNUM", "INT", "HEXINT", "FLOAT", "STRING", "CHAR", "SYMBOL", "PREFIX",
                  "EMPTY_TUPLE", "VECT_OPEN", "DOLLAR_OPEN", "NEW_OPEN", "QUOTE_OPEN", "AT_NAMEDTUPLE", "OPVALUE"}
_OPERAND_START_STR = {"(", "[", "$(", "%new(", ":("}
_POSTFIX_STR = {"(", "{", "[", "...", "^", ".", "::", "where"}


def terminal_words(name: str, lark=None) -> str:
    """Words for one terminal: the table above, else the quoted literal."""
    if name in TERMINAL_WORDS:
        return TERMINAL_WORDS[name]
    text = _terminal_text(name, lark)
    if text is not None:
        return f"'{text}'"
    return name.lower().replace("_", " ")


def _terminal_text(name: str, lark) -> str | None:
    if lark is None:
        from irc.syntax.grammar import build_parser

        lark = build_parser()
    try:
        term = lark.get_terminal(name)
    except KeyError:
        return None
    if term.pattern.type == "str":
        return term.pattern.value
    return None


_CLOSERS = {")": "(", "]": "[", "}": "{"}


def _open_bracket(prefix: str) -> str | None:
    """The innermost bracket still open in `prefix` (strings skipped)."""
    stack: list[str] = []
    in_str = False
    esc = False
    for ch in prefix:
        if in_str:
            if esc:
                esc = False
            elif ch == "\\":
                esc = True
            elif ch == '"':
                in_str = False
            continue
        if ch == '"':
            in_str = True
        elif ch in "([{":
            stack.append(ch)
        elif ch in ")]}" and stack:
            stack.pop()
    return stack[-1] if stack else None


def filter_closers(expected: set[str], prefix: str, lark=None) -> set[str]:
    """LALR merges lookaheads of similar states, so an error state may list
    `)`, `]` and `}` at once; keep only the closer of the bracket actually
    open in the line before the error."""
    opener = _open_bracket(prefix)
    words = prefix.split()
    first = words[0] if words else ""
    out = set()
    for n in expected:
        t = _terminal_text(n, lark)
        if t in _CLOSERS and _CLOSERS[t] != opener:
            continue
        # lookaheads merged in from other kinds of lines (struct fields, refinements)
        if n in ("IFF", "IMPLIES") and first != "declare":
            continue
        if n in ("SEMI", "END") and first not in ("struct", "mutable", "abstract"):
            continue
        out.add(n)
    return out or expected


def describe_expected(expected: set[str], lark=None) -> str:
    """The expected-token set of an LALR state, in words."""
    if "RAIL_HEAD" in expected:
        return "a statement, '%N =' label or block header"
    if "LABEL" in expected and "RAIL_HEAD" not in expected:
        return "a statement or '%N =' label"
    texts = {n: _terminal_text(n, lark) for n in expected}
    parts: list[str] = []
    operand = bool(expected & _OPERAND_START) or any(texts[n] in _OPERAND_START_STR for n in expected)
    operator = "BINOP" in expected
    if operand:
        parts.append("an expression")
    rest = []
    for n in sorted(expected):
        if n in _OPERAND_START or n in ("BINOP", "_NL", "$END"):
            continue
        t = texts[n]
        if operand and t in _OPERAND_START_STR:
            continue
        if operator and t in _POSTFIX_STR:
            continue
        rest.append(terminal_words(n, lark))
    parts.extend(sorted(set(rest)))
    if operator:
        parts.append("an operator")
    if "_NL" in expected:
        parts.append("end of line")
    elif "$END" in expected:
        parts.append("end of file")
    if not parts:
        return "something else"
    if len(parts) == 1:
        return parts[0]
    return ", ".join(parts[:-1]) + " or " + parts[-1]


def _token_words(tok: Token) -> str:
    if tok.type == "_NL":
        return "end of line"
    if tok.type == "$END":
        return "end of file"
    text = str(tok)
    if len(text) > 30:
        text = text[:27] + "…"
    return f"'{text}'"


# ---------------------------------------------------------------- line markers


@dataclass(slots=True)
class _FuncHead:
    name: S.Name
    params: list[S.ArgDecl]
    where: list[S.TypeVarDecl]
    line: int
    col: int


@dataclass(slots=True)
class _MIHead:
    name: S.Name
    params: list[S.ArgDecl]
    where: list[S.TypeVarDecl]
    line: int
    col: int
    callable: S.Expr | None = None


@dataclass(slots=True)
class _From:
    text: str
    line: int
    col: int


@dataclass(slots=True)
class _Section:
    name: str  # Arguments | Locals | Variables | Static Parameters
    line: int
    col: int


@dataclass(slots=True)
class _BodyType:
    type: S.Expr
    line: int
    col: int


@dataclass(slots=True)
class _CodeInfoOpen:
    line: int
    col: int


@dataclass(slots=True)
class _CodeInfoClose:
    type: S.Expr | None
    line: int
    col: int


@dataclass(slots=True)
class _End:
    line: int
    col: int


@dataclass(slots=True)
class _StructHead:
    decl: S.StructDecl
    line: int
    col: int


class _LineError(Exception):
    """Raised by a transformer callback for a well-formed but invalid line."""

    def __init__(self, message: str, line: int, col: int):
        super().__init__(message)
        self.message = message
        self.line = line
        self.col = col


# ---------------------------------------------------------------- literals

_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", "0": "\0", "\\": "\\", '"': '"', "'": "'", "$": "$", "a": "\a", "b": "\b", "e": "\x1b", "f": "\f", "v": "\v"}
_ESC_RE = re.compile(r"\\(x[0-9a-fA-F]{1,2}|u[0-9a-fA-F]{1,4}|U[0-9a-fA-F]{1,8}|.)", re.S)


def _unescape(body: str) -> str:
    if "\\" not in body:
        return body

    def rep(m: re.Match) -> str:
        e = m.group(1)
        if e[0] in "xuU" and len(e) > 1:
            return chr(int(e[1:], 16))
        return _ESCAPES.get(e, e)

    return _ESC_RE.sub(rep, body)


def _int_kind(v: int) -> str:
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


def _slot_from_text(text: str, line: int, col: int) -> S.Expr:
    """`x@_5`, `_2`, plain names."""
    at = text.rfind("@_")
    if at > 0 and text[at + 2 :].isdigit():
        return S.SlotRef(text[:at], int(text[at + 2 :]), line, col)
    if len(text) > 1 and text[0] == "_" and text[1:].isdigit():
        return S.SlotRef(None, int(text[1:]), line, col)
    return S.Name((text,), line, col)


def _name_part(tok: Token) -> str:
    t = str(tok)
    ty = tok.type
    if ty == "VARSTR":
        end = t.rfind('"')
        inner = _unescape(t[4:end])
        return inner + t[end + 1 :]  # keep an `@_N` suffix
    if ty == "QOP":
        if t.startswith(":("):
            inner = t[2:-1]
            if inner.startswith('var"'):
                return _unescape(inner[4:-1])
            return normalize_op(inner)
        return normalize_op(t[1:])
    return t


# ---------------------------------------------------------------- precedence


def _climb(items: list) -> S.Expr:
    """Operands and operator tokens alternating -> one expression tree.

    Shunting-yard (iterative): left associative within a level, `+ * :`
    chains of the same operator become one n-ary call."""
    out: list = [items[0]]
    ops: list = []  # (prec, op, col)
    created: set[int] = set()

    def reduce_top() -> None:
        _, op, line, col = ops.pop()
        right = out.pop()
        left = out.pop()
        name = normalize_op(op)
        if name in _NARY and isinstance(left, S.Call) and id(left) in created and left.infix == name and (name != ":" or len(left.args) < 3):
            left.args.append(right)
            out.append(left)
            return
        node = S.Call(S.Name((name,), line, col), [left, right], name, getattr(left, "line", line), getattr(left, "col", col))
        created.add(id(node))
        out.append(node)

    for i in range(1, len(items), 2):
        tok = items[i]
        op = str(tok)
        prec = _PREC.get(op, 1)
        right = op in _RIGHT
        while ops and (ops[-1][0] > prec or (ops[-1][0] == prec and not right)):
            reduce_top()
        ops.append((prec, op, tok.line, tok.column))
        out.append(items[i + 1])
    while ops:
        reduce_top()
    return out[0]


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
    raise _LineError("expected a type variable (`T`, `T<:Real` or `T = Int64`)", line, col)


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
        raise _LineError("expected a type name", getattr(e, "line", 0), getattr(e, "col", 1))
    return e, params, sup


def _as_field(e) -> S.FieldDecl:
    typ = None
    if isinstance(e, S.Typed):
        e, typ = e.expr, e.type
    if isinstance(e, S.Name) and len(e.parts) == 1:
        return S.FieldDecl(e.parts[0], typ, e.line, e.col)
    raise _LineError("expected a field `name` or `name::Type`", getattr(e, "line", 0), getattr(e, "col", 1))


def _as_slot_target(tok: Token) -> S.Name | S.SlotRef:
    ty = tok.type
    if ty == "SLOTAT":
        return S.SlotRef(None, int(tok[2:]), tok.line, tok.column)
    text = _name_part(tok) if ty == "VARSTR" else str(tok)
    node = _slot_from_text(text, tok.line, tok.column)
    return node  # type: ignore[return-value]


def _is_name(e, *parts: str) -> bool:
    return isinstance(e, S.Name) and e.parts == parts


def _classify_value(value: S.Expr, line: int, col: int):
    """A value statement's expression -> the statement it stands for."""
    if isinstance(value, S.Call) and value.infix is None and len(value.args) == 1 and isinstance(value.args[0], S.Quote):
        f = value.func
        inner = value.args[0].expr
        if _is_name(f, "Core", "NewvarNode") and isinstance(inner, (S.Name, S.SlotRef)):
            if isinstance(inner, S.Name) and len(inner.parts) == 1:
                inner = _slot_from_text(inner.parts[0], inner.line, inner.col)
            if isinstance(inner, (S.Name, S.SlotRef)) and not (isinstance(inner, S.Name) and len(inner.parts) != 1):
                return S.NewvarNode(inner, line, col)
        if _is_name(f, "Core", "Const"):
            return S.DeadStmt(inner, line, col)
    if isinstance(value, S.ExprNode):
        if value.head == "enter" and len(value.args) >= 1 and isinstance(value.args[-1], S.BlockRef):
            return S.Enter(value.args[-1].n, line, col)
        if value.head == "leave":
            return S.Leave(list(value.args), line, col)
    return S.ValueStmt(value, line, col)


# ---------------------------------------------------------------- @NamedTuple

AT_NAMEDTUPLE = "@NamedTuple"
_FIELD_IDENT = re.compile(r"(?:[^\W\d]|#+[\w!])[\w#!]*")


def _field_lit(e) -> S.Lit | None:
    """A field name of `@NamedTuple{…}` as the Symbol it stands for (its
    `text` is the name as it reads back: `a`, `var"x@_5"`), or None."""
    if isinstance(e, S.Name) and len(e.parts) == 1:
        name = e.parts[0]
    elif isinstance(e, S.SlotRef):  # `_2`, `x@_5`: names a field all the same
        name = f"{e.name}@_{e.id}" if e.name is not None else f"_{e.id}"
    else:
        return None
    if _FIELD_IDENT.fullmatch(name) and "#" not in name:
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
            raise _LineError("expected a field `name` or `name::Type` in `@NamedTuple{…}`",
                             getattr(it, "line", tok.line), getattr(it, "col", tok.column))
        if lit.value in seen:
            raise _LineError(f"duplicate field name `{lit.text}` in `@NamedTuple{{…}}`", lit.line, lit.col)
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


class SyntaxBuilder(Transformer):
    """Lark callbacks, one per grammar rule (see grammar/irc.lark).  Stateless."""

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
            return _slot_from_text(text, line, col)
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
        return S.Lit(v, _int_kind(v), str(t), t.line, t.column)

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
        return S.Lit(_unescape(str(t)[1:-1]), "String", str(t), t.line, t.column)

    def char_lit(self, c):
        t = c[0]
        v = _unescape(str(t)[1:-1])
        return S.Lit(v, "Char", str(t), t.line, t.column)

    def symbol_lit(self, c):
        t = c[0]
        text = str(t)
        name = _unescape(text[5:-1]) if text.startswith(':var"') else text[1:]
        return S.Lit(name, "Symbol", text, t.line, t.column)

    def paren(self, c):
        return c[0]

    def tuple0(self, c):
        t = c[0]
        return S.TupleLit([], t.line, t.column)

    def tuple(self, c):
        items = [c[0]] + (c[1] or [])
        return S.TupleLit(items, getattr(c[0], "line", 0), max(getattr(c[0], "col", 1) - 1, 1))

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
            kind = _int_kind(v) if isinstance(v, int) else operand.kind
            return S.Lit(v, kind, "-" + operand.text, tok.line, tok.column)
        return S.Call(S.Name((op,), tok.line, tok.column), [operand], op, tok.line, tok.column)

    def chain(self, c):
        return _climb(c)

    def args(self, c):
        return [x for x in c if x is not None]

    # ---- where
    def expr(self, c):
        body = c[0]
        tvars: list[S.TypeVarDecl] = []
        for w in c[1:]:
            if isinstance(w, list):
                tvars.extend(_to_tvar(v) for v in w)
            else:
                tvars.append(_to_tvar(w))
        return S.Where(body, tvars, getattr(body, "line", 0), getattr(body, "col", 0))

    def wbraces(self, c):
        return [_to_tvar(x) for x in c if x is not None]

    def wbind(self, c):
        tok, value = c
        return S.TypeVarDecl(str(tok), value=value, line=tok.line, col=tok.column)

    def where_clauses(self, c):
        out: list[S.TypeVarDecl] = []
        for w in c:
            if isinstance(w, list):
                out.extend(w)
            elif w is not None:
                out.append(_to_tvar(w))
        return out

    # ---- statements: each returns (stmt, annotation)
    def target(self, c):
        t = c[0]
        if isinstance(t, Token):
            return _as_slot_target(t)
        if isinstance(t, (S.Name, S.SlotRef)):
            return t  # a slot name, `x@_N`, `_N`, or a qualified global (`Main.x = v`)
        raise _LineError("cannot assign to a literal", getattr(t, "line", 0), getattr(t, "col", 1))

    def value_stmt(self, c):
        value = c[0]
        annot = None
        if isinstance(value, S.Typed):
            annot = value.type
            value = value.expr
        line, col = getattr(value, "line", 0), getattr(value, "col", 0)
        return _classify_value(value, line, col), annot

    def assign_stmt(self, c):
        target, value = c
        return S.Assign(target, value, target.line, target.col), None

    def assign_paren(self, c):
        target, value, annot = c
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
        rail, label, (stmt, annot) = c
        header = None
        kind = ""
        if rail is not None and rail.type == "RAIL_HEAD":
            text = str(rail)
            num = text.split()[0]
            header = int(num)
            kind = text[len(num) :].strip()[0]
        lab = None
        if label is not None:
            lab = int(str(label)[1:].split("=")[0].strip())
        return S.BodyLine(stmt, header, kind, lab, annot, stmt.line, stmt.col)

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
        t, typ = c
        if isinstance(typ, S.Splat):
            return S.ArgDecl(_name_part(t), typ.expr, True, t.line, t.column)
        return S.ArgDecl(_name_part(t), typ, False, t.line, t.column)

    def arg_anon(self, c):
        typ = c[0]
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
        foldable, name, args, result, where, refinement = c
        name = self._fname(name)
        return S.MethodDecl(name, args or [], result, where or [], refinement, foldable is not None, name.line, 1)

    def refinement(self, c):
        kw, arg, typ = c
        return S.Refinement(str(kw), str(arg), typ, kw.line, kw.column)

    def abstract_line(self, c):
        chain = c[0]
        name, params, sup = _as_type_head(chain)
        return S.AbstractTypeDecl(name, params, sup, name.line, 1)

    def struct_rest(self, c):
        fields = [x for x in c if x is not None and not isinstance(x, Token)]
        has_end = any(isinstance(x, Token) and x.type == "END" for x in c)
        return fields, has_end

    def struct_line(self, c):
        mutable, chain, (fields, has_end) = c
        name, params, sup = _as_type_head(chain)
        decl = S.StructDecl(name, params, sup, [_as_field(f) for f in fields], mutable is not None, name.line, 1)
        if has_end:
            return decl
        return _StructHead(decl, name.line, 1)

    def end_line(self, c):
        t = c[0]
        return _End(t.line, t.column)

    def const_line(self, c):
        name, value = c
        name = self._fname(name)
        if not isinstance(name, S.Name):
            raise _LineError("expected a global name", name.line, name.col)
        return S.ConstDecl(name, value, name.line, 1)

    def global_line(self, c):
        name, typ = c
        name = self._fname(name)
        if not isinstance(name, S.Name):
            raise _LineError("expected a global name", name.line, name.col)
        return S.GlobalDecl(name, typ, name.line, 1)

    def function_line(self, c):
        name, args, where = c
        name = self._fname(name)
        return _FuncHead(name, args or [], where or [], name.line, 1)

    def mi_line(self, c):
        kw, name, args, where = c
        name = self._fname(name)
        return _MIHead(name, args or [], where or [], kw.line, kw.column)

    def mi_callable(self, c):
        kw, typ, args, where = c
        head = typ.head if isinstance(typ, S.Curly) else typ
        if isinstance(head, S.Name):
            name = S.Name((head.parts[-1],), kw.line, kw.column)
        else:
            name = S.Name(("#callable#",), kw.line, kw.column)
        return _MIHead(name, args or [], where or [], kw.line, kw.column, typ)

    def from_line(self, c):
        t = c[0]
        return _From(str(t)[4:].strip(), t.line, t.column)

    def section_line(self, c):
        t = c[0]
        return _Section(str(t), t.line, t.column)

    def body_type_line(self, c):
        t, typ = c
        return _BodyType(typ, t.line, t.column)

    def codeinfo_open(self, c):
        t = c[0]
        return _CodeInfoOpen(t.line, t.column)

    def codeinfo_close(self, c):
        t, typ = c
        return _CodeInfoClose(typ, t.line, t.column)

    def lineinfo_line(self, c):
        t = c[0]
        text = str(t)
        at = text.index("@")
        return S.LineInfo(text[at:].rstrip(), t.line)


# ---------------------------------------------------------------- assembly


@dataclass(slots=True)
class _Errors:
    path: str
    items: list[Diagnostic] = field(default_factory=list)

    def add(self, message: str, line: int, col: int, code: str = "syntax") -> None:
        self.items.append(Diagnostic("error", message, Span(self.path, line, max(col, 1)), code))


class _Assembler:
    """Line objects -> items (state machine; see the module docstring)."""

    def __init__(self, errors: _Errors):
        self.err = errors
        self.items: list[S.Item] = []
        self.fn: S.FunctionDef | None = None
        self.fn_state = ""  # plain: "body"; warntype: "from", "sections", "body"
        self.section = ""
        self.in_codeinfo = False
        self.codeinfo_closed = False
        self.struct: S.StructDecl | None = None

    # -- helpers
    def _close_fn(self) -> None:
        fn = self.fn
        if fn is None:
            return
        if fn.form == "plain":
            self.err.add(f"function `{'.'.join(fn.name.parts) if fn.name else '?'}` has no `end`", fn.line, 1)
        elif self.in_codeinfo:
            self.err.add("`CodeInfo(` is never closed by `)`", fn.line, 1)
        self.fn = None

    def _finish_fn(self, end_line: int) -> None:
        fn = self.fn
        assert fn is not None
        fn.end_line = end_line
        self.items.append(fn)
        self.fn = None
        self.in_codeinfo = False
        self.codeinfo_closed = False

    def _end_warntype(self) -> None:
        """A warntype/variables function ends where the next item begins."""
        if self.fn is not None and self.fn.form != "plain":
            if self.in_codeinfo:
                self.err.add("`CodeInfo(` is never closed by `)`", self.fn.line, 1)
            if self.fn_state != "body" and not self.fn.lines:
                self.err.add("expected `Body::T` and the function body", self.fn.line, 1)
            last = self.fn.lines[-1].line if self.fn.lines else self.fn.line
            self._finish_fn(last)

    def _start_item(self, obj) -> None:
        if self.struct is not None:
            self.err.add(f"struct `{'.'.join(self.struct.name.parts)}` has no `end`", self.struct.line, 1)
            self.items.append(self.struct)
            self.struct = None
        if self.fn is not None:
            if self.fn.form == "plain":
                self.err.add(f"expected `end` of function `{'.'.join(self.fn.name.parts) if self.fn.name else ''}` before this line", obj.line, getattr(obj, "col", 1))
                self._finish_fn(obj.line)
            else:
                self._end_warntype()

    def feed_all(self, objs: list) -> None:
        """`feed` every object; runs of body lines inside a function body
        (the common case) are appended without the per-object dispatch."""
        i = 0
        n = len(objs)
        BodyLine = S.BodyLine
        while i < n:
            fn = self.fn
            if fn is not None and self.fn_state == "body" and not self.codeinfo_closed and self.struct is None:
                append = fn.lines.append
                while i < n and type(objs[i]) is BodyLine:
                    append(objs[i])
                    i += 1
                if i == n:
                    break
            self.feed(objs[i])
            i += 1

    def feed(self, obj) -> None:
        if type(obj) is S.BodyLine and self.fn is not None and self.fn_state == "body" and not self.codeinfo_closed \
                and self.struct is None:
            self.fn.lines.append(obj)  # the common case, first
            return
        # struct bodies
        if self.struct is not None:
            if isinstance(obj, _End):
                self.items.append(self.struct)
                self.struct = None
                return
            if isinstance(obj, S.BodyLine) and obj.header is None and obj.label is None and isinstance(obj.stmt, S.ValueStmt):
                value = obj.stmt.value
                if isinstance(value, S.SlotRef) or not (isinstance(value, S.Name) and len(value.parts) == 1):
                    self.err.add("expected a field `name::Type` or `end`", obj.line, obj.col)
                    return
                self.struct.fields.append(S.FieldDecl(value.parts[0], obj.annotation, obj.line, obj.col))
                return
            if isinstance(obj, S.BodyLine):
                self.err.add("expected a field `name::Type` or `end`", obj.line, obj.col)
                return
            if isinstance(obj, S.LineInfo):
                return
        if isinstance(obj, (S.MethodDecl, S.AbstractTypeDecl, S.StructDecl, S.ConstDecl, S.GlobalDecl)):
            self._start_item(obj)
            self.items.append(obj)
            return
        if isinstance(obj, _StructHead):
            self._start_item(obj)
            self.struct = obj.decl
            return
        if isinstance(obj, _FuncHead):
            self._start_item(obj)
            static = [v for v in obj.where]
            self.fn = S.FunctionDef("plain", obj.name, params=obj.params, static_params=static, line=obj.line, col=obj.col)
            self.fn_state = "body"
            self.in_codeinfo = False
            self.codeinfo_closed = False
            return
        if isinstance(obj, _MIHead):
            self._start_item(obj)
            sig = S.Call(obj.name, [p.type if p.type is not None else S.Name(("Any",)) for p in obj.params], None, obj.name.line, obj.name.col)
            self.fn = S.FunctionDef("warntype", obj.name, params=obj.params, signature=sig, static_params=list(obj.where), line=obj.line, col=obj.col,
                                    callable=obj.callable)
            self.fn_state = "from"
            self.section = ""
            self.in_codeinfo = False
            self.codeinfo_closed = False
            return
        if isinstance(obj, _From):
            if self.fn is not None and self.fn.form == "warntype" and self.fn_state == "from":
                self.fn.from_text = obj.text
                self.fn_state = "sections"
                return
            self.err.add("a `from` line belongs right after `MethodInstance for …`", obj.line, obj.col)
            return
        if isinstance(obj, _Section):
            if obj.name == "Variables" and (self.fn is None or self.fn_state == "body" or self.fn.form == "plain"):
                self._start_item(obj)
                self.fn = S.FunctionDef("variables", None, line=obj.line, col=obj.col)
                self.fn_state = "sections"
                self.section = "Variables"
                return
            if self.fn is not None and self.fn.form != "plain" and self.fn_state in ("from", "sections"):
                if obj.name == "Variables" or (self.fn.form == "variables" and obj.name in ("Arguments", "Locals")):
                    self.err.add(f"unexpected `{obj.name}` section here", obj.line, obj.col)
                    return
                self.fn_state = "sections"
                self.section = obj.name
                return
            self.err.add(f"a `{obj.name}` section belongs to a `MethodInstance for …` header", obj.line, obj.col)
            return
        if isinstance(obj, _BodyType):
            if self.fn is not None and self.fn.form != "plain" and self.fn_state in ("from", "sections"):
                self.fn.body_type = obj.type
                self.fn_state = "body"
                return
            if self.fn is not None and self.fn.form == "plain" and not self.fn.lines and self.fn.body_type is None:
                self.fn.body_type = obj.type
                return
            self.err.add("`Body::T` belongs after the header sections of a function", obj.line, obj.col)
            return
        if isinstance(obj, _CodeInfoOpen):
            if self.fn is not None and self.fn.form != "plain" and self.fn_state == "sections":
                self.fn_state = "body"
            if self.fn is not None and self.fn_state == "body" and not self.fn.lines and not self.in_codeinfo and not self.fn.codeinfo:
                self.fn.codeinfo = True
                self.in_codeinfo = True
                return
            self.err.add("`CodeInfo(` belongs right after a function header", obj.line, obj.col)
            return
        if isinstance(obj, _CodeInfoClose):
            if self.fn is not None and self.in_codeinfo:
                self.in_codeinfo = False
                self.codeinfo_closed = True
                if obj.type is not None:
                    self.fn.body_type = obj.type
                if self.fn.form != "plain":
                    self._finish_fn(obj.line)
                return
            self.err.add("unexpected `)`: no `CodeInfo(` is open", obj.line, obj.col)
            return
        if isinstance(obj, _End):
            if self.fn is not None and self.fn.form == "plain":
                if self.in_codeinfo:
                    self.err.add("expected `)` closing `CodeInfo(` before `end`", obj.line, obj.col)
                self._finish_fn(obj.line)
                return
            self.err.add("unexpected `end`", obj.line, obj.col)
            return
        if isinstance(obj, S.LineInfo):
            if self.fn is not None:
                self.fn.line_infos.append(obj)
            return
        if isinstance(obj, S.BodyLine):
            fn = self.fn
            if fn is None:
                self.err.add("statement outside a function (expected `function f(…)`, `MethodInstance for …` or a declaration)", obj.line, obj.col)
                return
            if fn.form != "plain" and self.fn_state in ("from", "sections"):
                self._section_entry(obj)
                return
            if self.codeinfo_closed:
                self.err.add("statement after the closing `)` of `CodeInfo(`", obj.line, obj.col)
                return
            fn.lines.append(obj)
            return
        raise AssertionError(f"unknown line object {obj!r}")  # pragma: no cover

    def _section_entry(self, obj: S.BodyLine) -> None:
        fn = self.fn
        assert fn is not None
        if self.fn_state == "from":
            self.err.add("expected a `from …` line or a section header", obj.line, obj.col)
            return
        if obj.header is not None or obj.label is not None:
            self.err.add("expected `Body::T` before the function body", obj.line, obj.col)
            return
        stmt = obj.stmt
        if self.section == "Static Parameters":
            if isinstance(stmt, S.Assign) and isinstance(stmt.target, S.Name):
                fn.static_params.append(S.TypeVarDecl(stmt.target.parts[0], value=stmt.value, line=obj.line, col=obj.col))
                return
            if isinstance(stmt, S.ValueStmt) and isinstance(stmt.value, S.Name) and len(stmt.value.parts) == 1:
                fn.static_params.append(S.TypeVarDecl(stmt.value.parts[0], line=obj.line, col=obj.col))
                return
            self.err.add("expected a static parameter `T = Type`", obj.line, obj.col)
            return
        if not isinstance(stmt, S.ValueStmt) or not isinstance(stmt.value, (S.Name, S.SlotRef)) or (isinstance(stmt.value, S.Name) and len(stmt.value.parts) != 1):
            self.err.add(f"expected a `name::Type` entry in the `{self.section or 'Arguments'}` section", obj.line, obj.col)
            return
        entry = S.VarEntry(stmt.value, obj.annotation, obj.line, obj.col)
        if self.section == "Locals":
            fn.locals.append(entry)
        elif self.section == "Variables":
            fn.variables.append(entry)
        elif self.section == "Arguments":
            fn.arguments.append(entry)
        else:
            self.err.add("expected a section header (`Arguments`, `Locals`) or `Body::T`", obj.line, obj.col)

    def finish(self) -> list[S.Item]:
        if self.struct is not None:
            self.err.add(f"struct `{'.'.join(self.struct.name.parts)}` has no `end`", self.struct.line, 1)
            self.items.append(self.struct)
            self.struct = None
        if self.fn is not None:
            if self.fn.form == "plain":
                name = ".".join(self.fn.name.parts) if self.fn.name else ""
                self.err.add(f"function `{name}` has no `end`", self.fn.line, self.fn.col)
                self._finish_fn(self.fn.lines[-1].line if self.fn.lines else self.fn.line)
            else:
                self._end_warntype()
        return self.items


# ---------------------------------------------------------------- depth check


def _children(node) -> list:
    """Sub-expressions of a syntax node (for the iterative depth check)."""
    if isinstance(node, S.Call):
        return [node.func, *node.args]
    if isinstance(node, S.Curly):
        return [node.head, *node.params]
    if isinstance(node, S.Where):
        out = [node.body]
        for v in node.vars:
            out.extend(x for x in (v.lower, v.upper, v.value) if x is not None)
        return out
    if isinstance(node, S.Typed):
        return [node.expr, node.type]
    if isinstance(node, (S.ExprNode,)):
        return list(node.args)
    if isinstance(node, S.New):
        return [node.type, *node.args]
    if isinstance(node, S.Quote):
        return [node.expr]
    if isinstance(node, S.TupleLit):
        return list(node.items)
    if isinstance(node, S.TypedVect):
        return ([node.elt] if node.elt is not None else []) + list(node.items)
    if isinstance(node, S.Splat):
        return [node.expr]
    return []


def _stmt_exprs(stmt) -> list:
    if isinstance(stmt, (S.Assign,)):
        return [stmt.value]
    if isinstance(stmt, S.ValueStmt):
        return [stmt.value]
    if isinstance(stmt, S.GotoIfNot):
        return [stmt.cond]
    if isinstance(stmt, S.Return):
        return [stmt.value] if stmt.value is not None else []
    if isinstance(stmt, S.Leave):
        return list(stmt.args)
    if isinstance(stmt, S.DeadStmt):
        return [stmt.inner] if stmt.inner is not None else []
    return []


def expr_depth(root, limit: int = MAX_DEPTH) -> int:
    """Nesting depth of an expression, computed without recursion; stops
    counting once past `limit`."""
    best = 0
    stack = [(root, 1)]
    while stack:
        node, d = stack.pop()
        if d > best:
            best = d
            if best > limit:
                return best
        for ch in _children(node):
            if ch is not None and not isinstance(ch, (S.Lit, S.Name, S.SSA, S.SlotRef, S.BlockRef)):
                stack.append((ch, d + 1))
    return best


def _item_exprs(item) -> list:
    if isinstance(item, S.BodyLine):
        return _stmt_exprs(item.stmt) + ([item.annotation] if item.annotation is not None else [])
    if isinstance(item, S.MethodDecl):
        return [a.type for a in item.args if a.type is not None] + [item.result]
    if isinstance(item, S.ConstDecl):
        return [item.value]
    if isinstance(item, S.FunctionDef):
        return [p.type for p in item.params if p.type is not None] + ([item.body_type] if item.body_type is not None else [])
    return []


# ---------------------------------------------------------------- driver


def read_source(path: str) -> str:
    """Read a file as UTF-8; undecodable bytes are a located `IrcError`."""
    try:
        with open(path, "rb") as fh:
            data = fh.read()
    except OSError as exc:
        raise IrcError([Diagnostic("error", f"cannot read file: {exc.strerror or exc}", Span(path, 1, 1), "io")]) from None
    return decode_source(data, path)


def decode_source(data: bytes, path: str) -> str:
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        before = data[: exc.start]
        line = before.count(b"\n") + 1
        line_start = before.rfind(b"\n") + 1
        col = len(before[line_start:].decode("utf-8", errors="replace")) + 1
        shown = data.decode("utf-8", errors="replace")
        raise IrcError(
            [Diagnostic("error", f"invalid UTF-8 byte 0x{data[exc.start]:02x} (files must be UTF-8)", Span(path, line, col), "encoding")],
            shown,
        ) from None
    if text.startswith("\ufeff"):
        text = text[1:]
    return text


def _blank_line(text: str, line: int) -> str:
    """Replace line `line` (1-based) by spaces of the same length."""
    start = 0
    for _ in range(line - 1):
        nxt = text.find("\n", start)
        if nxt < 0:
            return text
        start = nxt + 1
    end = text.find("\n", start)
    if end < 0:
        end = len(text)
    return text[:start] + " " * (end - start) + text[end:]


def _parse_lines(text: str, errors: _Errors, start: str = "start", spans=None):
    """Run the LALR parser with line-level recovery; returns the start value.
    `spans` (start rule only): parse just these (start, end) offsets of the
    text, each a run of whole lines, and concatenate the line objects."""
    from irc.syntax.grammar import build_parser

    lark = build_parser()
    errored_lines: set[int] = set()

    def on_error(e: UnexpectedInput) -> bool:
        if len(errors.items) >= MAX_ERRORS:
            return False
        ip = e.interactive_parser
        pstate = ip.parser_state
        lexstate = ip.lexer_thread.state
        src = text
        if isinstance(e, UnexpectedToken):
            tok = e.token
            line, col = tok.line or 1, tok.column or 1
            if tok.type == "_NL" and pstate.value_stack and isinstance(pstate.value_stack[-1], Token) and pstate.value_stack[-1].type == "_NL":
                return True  # the newline ending a line we are skipping
            if tok.type == "$END":
                line, col = _end_position(src)
            if line not in errored_lines:
                errored_lines.add(line)
                start_of_line = src.rfind("\n", 0, tok.start_pos if tok.start_pos is not None else 0) + 1
                prefix = src[start_of_line : tok.start_pos] if tok.start_pos is not None else ""
                exp = filter_closers(set(e.expected), prefix, lark)
                errors.add(f"unexpected {_token_words(tok)}; expected {describe_expected(exp, lark)}", line, col)
            skip = tok.type not in ("_NL", "$END")
        else:
            assert isinstance(e, UnexpectedCharacters)
            line, col = e.line, e.column
            ch = src[e.pos_in_stream] if e.pos_in_stream < len(src) else ""
            if line not in errored_lines:
                errored_lines.add(line)
                what = "NUL byte" if ch == "\0" else f"character {ch!r}"
                allowed = getattr(e, "allowed", None) or set()
                if allowed:
                    start_of_line = src.rfind("\n", 0, e.pos_in_stream) + 1
                    allowed = filter_closers(set(allowed), src[start_of_line : e.pos_in_stream], lark)
                exp = f"; expected {describe_expected(set(allowed), lark)}" if allowed else ""
                errors.add(f"unexpected {what}{exp}", line, col)
            skip = True
        # pop back to the start of the line
        vs, ss = pstate.value_stack, pstate.state_stack
        while vs and not (isinstance(vs[-1], Token) and vs[-1].type == "_NL"):
            vs.pop()
            ss.pop()
        if skip:
            pos = lexstate.line_ctr.char_pos
            nl = src.find("\n", pos)
            if nl < 0:
                nl = len(src)
            if nl > pos:
                lexstate.line_ctr.feed(src[pos:nl])
        return True

    if spans is None or TextSlice is None:
        return lark.parse(text, start=start, on_error=on_error)
    out = []
    for a, b in spans:
        out.extend(lark.parse(TextSlice(text, a, b), start=start, on_error=on_error))
    return out


def _end_position(text: str) -> tuple[int, int]:
    lines = text.split("\n")
    return len(lines), len(lines[-1]) + 1


def _parse_with_retries(text: str, errors: _Errors, start: str = "start", spans=None):
    """Parse; a line a callback rejects (`_LineError`) is reported and blanked
    (blanking keeps offsets, so `spans` stay valid)."""
    work = text
    for _ in range(MAX_ERRORS):
        try:
            return _parse_lines(work, errors, start, spans)
        except _LineError as exc:
            errors.add(exc.message, exc.line, exc.col)
            if exc.line < 1:
                return None
            work = _blank_line(work, exc.line)
        except UnexpectedInput:
            return None  # error limit reached; what was found is reported
    return None


@functools.cache
def _fast() -> "_FastLine":
    return _FastLine()


def _split_fast(lines: list[str]) -> tuple[list, str, list]:
    """Body lines the fast path parses, the rest of the text for Lark
    (parsed lines blanked, so line numbers stay) and the spans of it that
    hold the lines left (see `_blanked`)."""
    fast = _fast()
    shape = fast.shape_re.match
    build = fast._shape
    rest = fast.parse_rest
    done = []
    append = done.append
    declined = []
    for lineno, m in enumerate(map(shape, lines), 1):
        if m is not None:
            obj = build(m, lineno)
            if obj is not None:
                append(obj)
                continue
        obj = rest(lines[lineno - 1], lineno)
        if obj is None:
            declined.append(lineno - 1)
        else:
            append(obj)
    return (done, *_blanked(lines, declined))


_SPAN_GAP = 64  # kept lines at most this far apart share one span


def _blanked(lines: list[str], keep: list[int]) -> tuple[str, list]:
    """The lines joined by newlines, all but those at the (ascending)
    indexes `keep` blanked; and (start, end) offsets covering the kept lines,
    each span whole lines with the newline after its last one, so Lark need
    not lex the long blank runs between them."""
    parts = []
    spans: list[list[int]] = []
    prev = 0
    pos = 0  # offset of line `prev`
    for i in keep:
        pos += i - prev
        n = len(lines[i])
        end = pos + n + 1
        if spans and i - prev <= _SPAN_GAP:
            spans[-1][1] = end
        else:
            spans.append([pos, end])
        parts.append("\n" * (i - prev))
        parts.append(lines[i])
        pos += n
        prev = i
    parts.append("\n" * (len(lines) - 1 - prev))
    text = "".join(parts)
    if spans and spans[-1][1] > len(text):
        spans[-1][1] = len(text)  # the last line has no newline
    return text, [tuple(sp) for sp in spans]


def _merge(a: list, b: list) -> list:
    """Merge two lists of line objects, each sorted by line (no line is in
    both).  A few objects into many are inserted by bisection."""
    if not a:
        return b
    if not b:
        return a
    if len(b) * 16 < len(a):
        out = list(a)
        key = _line_of
        for obj in b:
            bisect.insort(out, obj, key=key)
        return out
    out = []
    i = j = 0
    while i < len(a) and j < len(b):
        if a[i].line <= b[j].line:
            out.append(a[i])
            i += 1
        else:
            out.append(b[j])
            j += 1
    out.extend(a[i:])
    out.extend(b[j:])
    return out


_line_of = attrgetter("line")


class no_gc:
    """Pause the cyclic garbage collector while building large acyclic trees
    (it would rescan the growing heap again and again); restores its state."""

    def __enter__(self):
        self.was = gc.isenabled()
        gc.disable()
        return self

    def __exit__(self, *exc):
        if self.was:
            gc.enable()
        return False


def parse_text(text: str, path: str, fast: bool = True) -> S.SourceFile:
    """Parse a whole `.ir` file; raises `IrcError` with every error found.
    `fast=False` sends every line through Lark (tests compare both)."""
    with no_gc():
        return _parse_text(text, path, fast)


def _parse_text(text: str, path: str, fast: bool) -> S.SourceFile:
    errors = _Errors(path)
    if "\0" in text:
        fast = False
    lines = text.split("\n")
    long = _long_lines(lines)
    if fast:
        fast_lines, rest, spans = _split_fast(lines)
    else:
        fast_lines, rest, spans = [], text, None
    asm = _Assembler(errors)
    asm.feed_all(_merge(fast_lines, _parse_with_retries(rest, errors, spans=spans) or []))
    items = asm.finish()
    _check_depth(items, long, errors)
    if errors.items:
        errors.items.sort(key=lambda d: (d.span.line, d.span.col) if d.span else (0, 0))
        raise IrcError(_dedupe(errors.items), text)
    return S.SourceFile(path, text, items)


def _dedupe(diags: list[Diagnostic]) -> list[Diagnostic]:
    seen = set()
    out = []
    for d in diags:
        key = (d.span, d.message)
        if key not in seen:
            seen.add(key)
            out.append(d)
    return out


def _long_lines(lines: list[str], threshold: int = MAX_DEPTH) -> set[int]:
    """Numbers of the lines at least `threshold` characters long."""
    if not lines or max(map(len, lines)) < threshold:
        return set()
    return {i for i, ln in enumerate(lines, 1) if len(ln) >= threshold}


def _check_depth(items, long: set[int], errors: _Errors) -> None:
    """Reject expressions nested deeper than MAX_DEPTH (only the `long`
    lines can hold one)."""
    if not long:
        return
    objs: list = []
    for it in items:
        objs.append(it)
        if isinstance(it, S.FunctionDef):
            objs.extend(it.lines)
    for obj in objs:
        if getattr(obj, "line", 0) not in long:
            continue
        for e in _item_exprs(obj):
            if e is not None and expr_depth(e) > MAX_DEPTH:
                errors.add(f"expression nested too deeply (more than {MAX_DEPTH} levels)", obj.line, getattr(obj, "col", 1))
                break


def parse_expr(text: str, path: str = "<expr>") -> S.Expr:
    """Parse one expression (a type, a value); raises `IrcError`."""
    errors = _Errors(path)
    value = _parse_with_retries(text, errors, start="expr_start")
    if value is not None and not errors.items and expr_depth(value) > MAX_DEPTH:
        errors.add(f"expression nested too deeply (more than {MAX_DEPTH} levels)", 1, 1)
    if errors.items or value is None:
        if not errors.items:
            errors.add("expected an expression", 1, 1)
        raise IrcError(errors.items, text)
    return value


def parse_file(path: str) -> S.SourceFile:
    """`read_source` + `parse_text`."""
    return parse_text(read_source(path), path)


# ---------------------------------------------------------------- fast path
#
# Lark's LALR parser runs at roughly 100k tokens/s in CPython, too slow for
# machine-generated bodies of 10^5 statements.  `_FastLine` parses the common
# body lines (rails, labels, assignments, calls, infix chains, gotos,
# returns) directly with the grammar's own terminal regexes and the same node
# builders; any line it is not sure about -- keywords, quotes, `$(`,
# `where`, brackets, errors -- it declines (returns None) and the line goes
# to Lark.  So the grammar stays the one definition of the language: the fast
# path accepts a subset and must build exactly what Lark builds (tested on
# every sample line by tests/test_parser.py).
#
# Three tiers, cheapest first, each declining to the next: `shape_re` takes
# the commonest machine-generated lines whole (one match, nodes built from
# its groups by `_shape`), `simple_re` plain infix chains and calls (one
# token scan, `_simple`), and `_line` the general Pratt parser.  The plain
# tokens of the first two are subsets of grammar terminals (`_PLAIN_ATOMS`,
# checked by tests/test_perf_parse_shapes.py, which also compares all three
# tiers with Lark line by line).

def _terminal_regex(name: str) -> str:
    from irc.syntax.grammar import grammar_text

    m = re.search(r"^%s(?:\.\d+)?: /(.*)/$" % name, grammar_text(), re.M)
    assert m, name
    return m.group(1)


_LINE_START_REJECT = re.compile(
    r"[\t ]*(?:$|#|julia>|\)|@[\t ]|[┌└│╎╻┃╷|][\t ]*@[\t ]|(?:function|struct|mutable|abstract|const|global|declare|end|"
    r"MethodInstance|from|Body|CodeInfo)(?![\w#!])|(?:Arguments|Locals|Variables|Static)(?![\w!]))"
)  # a section word before `#` is a SECTION token (grammar: followed by end of line or a comment)
# The plain tokens of the simple paths, each a subset of a grammar terminal
# (tests/test_perf_parse_shapes.py checks that): ASCII names, `%N`, decimal
# numbers, ASCII operators (`:op` is then a QOP).
_PLAIN_NAME = r"[A-Za-z_][A-Za-z_0-9!]*+"  # possessive: what follows a name is never a name character
_PLAIN_ATOMS = ((r"%\d+", "SSA"), (_PLAIN_NAME, "NAME"), (r"\d+\.\d+(?:e[-+]?\d+)?", "FLOAT"), (r"\d+", "INT"))
_PLAIN_OP = r"===|!==|==|!=|<=|>=|[-+*/<>]"
_SIMPLE_SPLIT = re.compile(r"[^\s(),]+|[(),]").findall
_SIMPLE_NOT_NAMES = frozenset({"goto", "return", "unreachable", "enter", "function", "struct", "mutable", "abstract",
                               "const", "global", "declare", "end", "isa", "in", "where", "Arguments", "Locals",
                               "Variables", "Static", "Body", "CodeInfo", "MethodInstance", "from", "julia"})
# `nothing = x` is an error ("cannot assign to a literal"): Lark reports it
_NOT_TARGETS = _SIMPLE_NOT_NAMES | {"nothing", "true", "false"}
_STMT_KEYWORDS = frozenset({"goto", "return", "unreachable", "enter", "function", "struct", "mutable", "abstract",
                            "const", "global", "declare", "end"})


class _FastLine:
    """A tiny Pratt parser for one body line (see the comment above)."""

    def __init__(self) -> None:
        t = _terminal_regex
        self.head_re = re.compile(r"[\t ]*(?:(?P<RAIL_HEAD>%s)|(?P<RAIL_MID>%s)|(?P<RAIL_END>%s))?[\t ]*(?:(?P<LABEL>%s)[\t ]*)?"
                                  % (t("RAIL_HEAD"), t("RAIL_MID"), t("RAIL_END"), t("LABEL")))
        self.operand_re = re.compile(
            r"[\t ]*(?:(?P<HASHNUM>%s)|(?P<VARSTR>%s)|(?P<HEXINT>%s)|(?P<FLOAT>%s)|(?P<NAME>%s)|(?P<SSA>%s)(?!new\()|(?P<SLOTAT>%s)"
            r"|(?P<INT>%s)|(?P<STRING>%s)|(?P<SYMBOL>%s)|(?P<PREFIX>%s)|(?P<LPAR>\())"
            % (t("HASHNUM"), t("VARSTR"), t("HEXINT"), t("FLOAT"), t("NAME"), t("SSA"), t("SLOTAT"), t("INT"), t("STRING"),
               t("SYMBOL"), t("PREFIX"))
        )
        self.op_re = re.compile(
            r"[\t ]*(?:(?P<COMMENT>%s)|(?P<DCOLON>::)|(?P<ELLIPSIS>\.\.\.)|(?P<BINOP>%s)|(?P<P>[(){},^.=\[\]])|(?P<WHERE>where(?![\w#!]))|(?P<EOL>\r?$))"
            % (t("COMMENT"), t("BINOP"))
        )
        self.qpart_re = re.compile(r"(?:(?P<NAME>%s)|(?P<VARSTR>%s)|(?P<QOP>%s))" % (t("NAME"), t("VARSTR"), t("QOP")))
        self.hashnum_re = re.compile(r"[\t ]*(%s)" % t("HASHNUM"))
        self.word_re = re.compile(r"[\t ]*(%s)" % t("NAME"))
        self.b = SyntaxBuilder()
        # The simplest and commonest lines (machine-generated straight-line code):
        # [rail] [%N =] [name =] (callee(chain, …) | chain), a chain being plain
        # atoms (SSA, ASCII names, decimal numbers) joined by arithmetic and
        # comparison operators.  One regex checks the whole line; `_simple`
        # then builds the nodes from one token scan.
        atom = "(?:%s)" % "|".join(p for p, _ in _PLAIN_ATOMS)
        op = f"(?:{_PLAIN_OP})"
        chain = rf"{atom}(?:[ \t]+{op}[ \t]+{atom})*"
        callee = rf"{_PLAIN_NAME}(?:\.{_PLAIN_NAME})*"
        call = rf"{callee}\((?:[ \t]*{chain}(?:[ \t]*,[ \t]*{chain})*)?[ \t]*\)"
        self.simple_re = re.compile(
            rf"[ \t]*(?:(?P<RAIL_HEAD>{t('RAIL_HEAD')})|(?P<RAIL_MID>│)|(?P<RAIL_END>└─*))?[ \t]*"
            rf"(?:%(?P<label>\d+)[ \t]*=[ \t]*)?(?:(?P<target>[A-Za-z_][A-Za-z_0-9!]*)[ \t]*=[ \t]*(?!=))?"
            rf"(?P<rhs>{call}|{chain})[ \t]*\r?$"
        )
        # The commonest shapes of all, one regex with numbered groups so
        # `_shape` builds the nodes straight from them: [rail] [%N =] [name =]
        # then `a`, `a op b` or `callee(a, b[, c])` with plain atoms; a callee
        # may end in an operator name (`Base.:*`); then maybe `::T`, T a plain
        # name (`::Float64`, as Julia prints types).  Groups: 1 RAIL_HEAD,
        # 2 label, 3 target, 4 a, 5 op, 6 b, 7 callee, 8-10 arguments, 11 T.
        cap = rf"({atom})"
        qop = rf"(?:\.:(?:{_PLAIN_OP}))"
        self.shape_re = re.compile(
            rf"[ \t]*(?:({t('RAIL_HEAD')})|│|└─*)?[ \t]*"
            rf"(?:%(\d+)[ \t]*=[ \t]*)?(?:([A-Za-z_][A-Za-z_0-9!]*)[ \t]*=[ \t]*(?!=))?"
            rf"(?:{cap}(?:[ \t]+({op})[ \t]+{cap})?"
            rf"|({callee}{qop}?)\([ \t]*{cap}[ \t]*,[ \t]*{cap}(?:[ \t]*,[ \t]*{cap})?[ \t]*\))"
            rf"(?:::({_PLAIN_NAME}))?[ \t]*\r?$"
        )

    # A tiny token: (type, text, col) -- col 1-based.
    def parse(self, text: str, lineno: int):
        m = self.shape_re.match(text)
        if m is not None:
            out = self._shape(m, lineno)
            if out is not None:
                return out
        return self.parse_rest(text, lineno)

    def parse_rest(self, text: str, lineno: int):
        """`parse` for a line `shape_re` did not take."""
        m = self.simple_re.match(text)
        if m is not None:
            out = self._simple(m, text, lineno)
            if out is not None:
                return out
        if _LINE_START_REJECT.match(text):
            return None
        try:
            return self._line(text, lineno)
        except (_Decline, RecursionError):  # deep nesting: Lark parses it without recursion
            return None

    def _shape(self, m, ln: int):
        """Build a line `shape_re` accepted, straight from its groups (None:
        leave it to `parse_rest`).  Builds what `_simple` / `_line` build:
        `::T` binds tighter than an operator, and on a statement without a
        target it is the line's annotation.

        This runs once per line of a large body, so the nodes of the
        commonest lines (`%N` and plain-name atoms, the operator call, the
        statement and the line) are built field by field (`_new` and slot
        stores, a third cheaper than the dataclass `__init__` in CPython
        3.11; tests/test_perf_parse2_fields.py pins the field lists);
        atoms come from `_atom_node`, which does the same for `%N` and names."""
        rh, label, target, a, op, b, callee, x, y, z, typ = m.groups()
        start = m.start
        annot = None
        if typ is not None:
            annot = _atom_node(typ, ln, start(11) + 1)
            if annot is None:
                return None
        if a is None:
            value = self._shape_call(m, callee, x, y, z, ln)
            if value is None:
                return None
            col = value.col
        else:
            col = start(4) + 1
            value = _atom_node(a, ln, col)
            if value is None:
                return None
            if op is not None:
                bcol = start(6) + 1
                right = _atom_node(b, ln, bcol)
                if right is None:
                    return None
                if annot is not None:
                    right = S.Typed(right, annot, ln, bcol)
                    annot = None
                func = _new(_Name)
                func.parts = (op,)
                func.line = ln
                func.col = start(5) + 1
                call = _new(_Call)
                call.func = func
                call.args = [value, right]
                call.infix = op
                call.line = ln
                call.col = col
                value = call
        if target is None:
            stmt = _new(_ValueStmt)
            stmt.value = value
        else:
            if target in _NOT_TARGETS or (target[0] == "_" and target[1:].isdigit()):
                return None
            if annot is not None:
                value = S.Typed(value, annot, ln, col)
                annot = None
            col = start(3) + 1
            stmt = S.Assign(_Name((target,), ln, col), value, ln, col)
        stmt.line = ln
        stmt.col = col
        out = _new(_BodyLine)
        out.stmt = stmt
        if rh is None:
            out.header = None
            out.header_kind = ""
        else:
            num = rh.split()[0]
            out.header = int(num)
            out.header_kind = rh[len(num):].strip()[0]
        out.label = int(label) if label is not None else None
        out.annotation = annot
        out.line = ln
        out.col = col
        return out

    @staticmethod
    def _shape_call(m, callee: str, x: str, y: str, z: str | None, ln: int):
        """The `callee(x, y[, z])` value of a `shape_re` line (None: declined)."""
        start = m.start
        col = start(7) + 1
        if "." in callee:
            parts = callee.split(".")
            last = parts[-1]
            if last[0] == ":":
                parts[-1] = normalize_op(last[1:])
            func = _Name(tuple(parts), ln, col)
        else:
            func = _atom_node(callee, ln, col)
            if func is None:
                return None
        x = _atom_node(x, ln, start(8) + 1)
        y = _atom_node(y, ln, start(9) + 1)
        if x is None or y is None:
            return None
        if z is None:
            return _Call(func, [x, y], None, ln, col)
        z = _atom_node(z, ln, start(10) + 1)
        if z is None:
            return None
        return _Call(func, [x, y, z], None, ln, col)

    def _simple(self, m, text: str, ln: int):
        """Build a line the simple regex accepted (None: leave it to the general path).

        One pass over the tokens: operands and operators collect into `items`;
        `(`, `,`, `)` delimit the callee's arguments (the regex guarantees the
        shape, so no checks are needed here)."""
        target = m.group("target")
        if target is not None and (target in _NOT_TARGETS or (target[0] == "_" and target[1:].isdigit())):
            return None
        rs = m.start("rhs")
        pos = rs
        find = text.find
        items: list = []
        func = None
        args: list | None = None
        for tok in _SIMPLE_SPLIT(text, rs, m.end("rhs")):
            at = find(tok, pos)
            pos = at + len(tok)
            c = tok[0]
            if c == "%":
                items.append(S.SSA(int(tok[1:]), ln, at + 1))
            elif c.isalpha() or c == "_":
                if "." in tok:
                    items.append(S.Name(tuple(tok.split(".")), ln, at + 1))
                elif tok in _SIMPLE_NOT_NAMES:
                    return None
                elif tok == "nothing" or tok == "true" or tok == "false" or c == "_":
                    items.append(self.b.qualname([_Tok(tok, ln, at + 1, "NAME")]))
                else:
                    items.append(S.Name((tok,), ln, at + 1))
            elif c.isdigit():
                if "." in tok:
                    items.append(S.Lit(float(tok), "Float64", tok, ln, at + 1))
                else:
                    v = int(tok)
                    items.append(S.Lit(v, _int_kind(v), tok, ln, at + 1))
            elif c == "(":
                func = items[0]
                args = []
                items = []
            elif c == "," or c == ")":
                if items:
                    args.append(_finish_chain(items))  # type: ignore[union-attr]
                    items = []
            else:
                items.append(_Tok(tok, ln, at + 1))
        if func is not None:
            value = S.Call(func, args, None, func.line, func.col)
        else:
            value = _finish_chain(items)
        rh = m.group("RAIL_HEAD")
        header = None
        kind = ""
        if rh is not None:
            num = rh.split()[0]
            header = int(num)
            kind = rh[len(num):].strip()[0]
        label = m.group("label")
        lab = int(label) if label is not None else None
        if target is not None:
            col = m.start("target") + 1
            stmt = S.Assign(_slot_from_text(target, ln, col), value, ln, col)
        else:
            stmt = S.ValueStmt(value, value.line, value.col)
        return S.BodyLine(stmt, header, kind, lab, None, stmt.line, stmt.col)

    def _line(self, text: str, ln: int):
        m = self.head_re.match(text)
        pos = m.end()
        header = None
        kind = ""
        rh = m.group("RAIL_HEAD")
        if rh is not None:
            num = rh.split()[0]
            header = int(num)
            kind = rh[len(num):].strip()[0]
        label = m.group("LABEL")
        lab = int(label[1:].split("=")[0].strip()) if label is not None else None
        self.text = text
        self.ln = ln
        self._op_pos = -1
        self._op_m = None
        stmt, annot, pos = self._stmt(pos)
        om = self._op(pos)
        if om is None or om.lastgroup not in ("EOL", "COMMENT"):
            raise _Decline
        return S.BodyLine(stmt, header, kind, lab, annot, stmt.line, stmt.col)

    def _stmt(self, pos: int):
        text = self.text
        ln = self.ln
        wm = self.word_re.match(text, pos)
        if wm is not None:
            word = wm.group(1)
            col = wm.start(1) + 1
            if word in _STMT_KEYWORDS:
                p = wm.end()
                if word == "goto":
                    hm = self.hashnum_re.match(text, p)
                    if hm is None:
                        raise _Decline
                    block = int(hm.group(1)[1:])
                    p = hm.end()
                    w2 = self.word_re.match(text, p)
                    if w2 is not None and w2.group(1) == "if":
                        w3 = self.word_re.match(text, w2.end())
                        if w3 is None or w3.group(1) != "not":
                            raise _Decline
                        cond, p = self._expr(w3.end())
                        return S.GotoIfNot(cond, block, ln, col), None, p
                    return S.Goto(block, ln, col), None, p
                if word == "return":
                    om = self.op_re.match(text, p)
                    if om is not None and om.lastgroup in ("EOL", "COMMENT"):
                        return S.Return(None, ln, col), None, p
                    value, p = self._expr(p)
                    return S.Return(value, ln, col), None, p
                if word == "unreachable":
                    return S.Unreachable(ln, col), None, p
                if word == "enter":
                    hm = self.hashnum_re.match(text, p)
                    if hm is None:
                        raise _Decline
                    return S.Enter(int(hm.group(1)[1:]), ln, col), None, hm.end()
                raise _Decline
        # assignment `target = rhs` / `(target = rhs)[::T]`
        om = self.operand_re.match(text, pos)
        if om is None:
            raise _Decline
        g = om.lastgroup
        if g in ("NAME", "SLOTAT", "VARSTR", "HASHNUM"):
            after = self.op_re.match(text, om.end())
            if after is not None and after.lastgroup == "P" and after.group("P") == "=":
                target = self._target(g, om.group(g), om.start(g) + 1)
                value, p = self._expr(after.end())
                return S.Assign(target, value, target.line, target.col), None, p
        elif g == "LPAR":
            tm = self.operand_re.match(text, om.end())
            if tm is not None and tm.lastgroup in ("NAME", "SLOTAT", "VARSTR", "HASHNUM"):
                after = self.op_re.match(text, tm.end())
                if after is not None and after.lastgroup == "P" and after.group("P") == "=":
                    tg = tm.lastgroup
                    target = self._target(tg, tm.group(tg), tm.start(tg) + 1)
                    value, p = self._expr(after.end())
                    close = self.op_re.match(text, p)
                    if close is None or close.group("P") != ")":
                        raise _Decline
                    p = close.end()
                    annot = None
                    dc = self.op_re.match(text, p)
                    if dc is not None and dc.lastgroup == "DCOLON":
                        am = self.operand_re.match(text, dc.end())
                        if am is None or am.lastgroup == "PREFIX":
                            raise _Decline
                        annot, p = self._postfix(am)
                    return S.Assign(target, value, target.line, max(target.col - 1, 1)), annot, p
        value, p = self._expr(pos)
        annot = None
        if isinstance(value, S.Typed):
            annot = value.type
            value = value.expr
        return _classify_value(value, getattr(value, "line", 0), getattr(value, "col", 0)), annot, p

    def _target(self, g: str, text: str, col: int):
        if g == "NAME" and text in _NOT_TARGETS:
            raise _Decline
        if g == "SLOTAT":
            return S.SlotRef(None, int(text[2:]), self.ln, col)
        if g == "VARSTR":
            end = text.rfind('"')
            text = _unescape(text[4:end]) + text[end + 1:]
        return _slot_from_text(text, self.ln, col)

    def _op(self, pos: int):
        """op_re at pos, cached for the last position asked (callers ask twice)."""
        if pos == self._op_pos:
            return self._op_m
        m = self.op_re.match(self.text, pos)
        self._op_pos = pos
        self._op_m = m
        return m

    def _expr(self, pos: int):
        """chain: operand (BINOP operand)*; declines on `where`."""
        first, pos = self._operand(pos)
        items = None
        while True:
            om = self._op(pos)
            if om is None:
                raise _Decline
            g = om.lastgroup
            if g == "BINOP":
                if items is None:
                    items = [first]
                items.append(_Tok(om.group("BINOP"), self.ln, om.start("BINOP") + 1))
                operand, pos = self._operand(om.end())
                items.append(operand)
                continue
            if g == "WHERE":
                raise _Decline
            break
        if items is None:
            return first, pos
        return _climb(items), pos

    def _operand(self, pos: int):
        """operand: PREFIX operand | typed ["^" operand]; typed: postfix ("::" postfix)*."""
        om = self.operand_re.match(self.text, pos)
        if om is None:
            raise _Decline
        if om.lastgroup == "PREFIX":
            tok = _Tok(om.group("PREFIX"), self.ln, om.start("PREFIX") + 1)
            operand, p = self._operand(om.end())
            return self.b.prefix([tok, operand]), p
        value, p = self._postfix(om)
        while True:
            m = self._op(p)
            if m is None:
                raise _Decline
            g = m.lastgroup
            if g == "DCOLON":
                tm = self.operand_re.match(self.text, m.end())
                if tm is None or tm.lastgroup == "PREFIX":
                    raise _Decline
                typ, p = self._postfix(tm)
                value = S.Typed(value, typ, value.line, value.col)
                continue
            if g == "P" and m.group("P") == "^":
                rhs, p = self._operand(m.end())
                return self.b.power([value, rhs]), p
            return value, p

    def _postfix(self, om):
        """postfix: atom ("(" args ")" | "{" args "}" | "...")*, from an operand match."""
        value, p = self._atom(om)
        while True:
            m = self._op(p)
            if m is None:
                raise _Decline
            g = m.lastgroup
            if g == "ELLIPSIS":
                value = S.Splat(value, value.line, value.col)
                p = m.end()
                continue
            if g != "P":
                return value, p
            ch = m.group("P")
            if ch == "(":
                args, p = self._args(m.end(), ")")
                value = S.Call(value, args, None, value.line, value.col)
            elif ch == "{":
                args, p = self._args(m.end(), "}")
                value = S.Curly(value, args, value.line, value.col)
            elif ch == "[" or ch == ".":
                raise _Decline
            else:
                return value, p

    def _args(self, pos: int, close: str):
        m = self._op(pos)
        if m is not None and m.lastgroup == "P" and m.group("P") == close:
            return [], m.end()
        out = []
        while True:
            e, pos = self._expr(pos)
            out.append(e)
            m = self._op(pos)
            if m is None or m.lastgroup != "P":
                raise _Decline
            ch = m.group("P")
            if ch == close:
                return out, m.end()
            if ch != ",":
                raise _Decline
            pos = m.end()
            m2 = self._op(pos)
            if m2 is not None and m2.lastgroup == "P" and m2.group("P") == close:
                return out, m2.end()

    def _atom(self, om):
        text = self.text
        g = om.lastgroup
        s = om.group(g)
        col = om.start(g) + 1
        ln = self.ln
        p = om.end()
        if g == "NAME":
            if p < len(text) and text[p] == "." and not text.startswith("...", p):
                return self._qualname(_Tok(s, ln, col, g), p)
            if s == "nothing" or s == "true" or s == "false" or "@_" in s or s[0] == "_":
                return self.b.qualname([_Tok(s, ln, col, g)]), p
            return S.Name((s,), ln, col), p
        if g == "SSA":
            return S.SSA(int(s[1:]), ln, col), p
        if g == "INT":
            v = int(s.replace("_", ""))
            return S.Lit(v, _int_kind(v), s, ln, col), p
        if g == "VARSTR":
            return self._qualname(_Tok(s, ln, col, g), p)
        if g == "SLOTAT":
            return S.SlotRef(None, int(s[2:]), ln, col), p
        if g == "HASHNUM":
            return S.Name((s,), ln, col), p
        if g == "FLOAT":
            return self.b.float_lit([_Tok(s, ln, col)]), p
        if g == "HEXINT":
            return self.b.hex_lit([_Tok(s, ln, col)]), p
        if g == "STRING":
            return S.Lit(_unescape(s[1:-1]), "String", s, ln, col), p
        if g == "SYMBOL":
            return self.b.symbol_lit([_Tok(s, ln, col)]), p
        if g == "LPAR":
            m = self._op(p)
            if m is not None and m.lastgroup == "P" and m.group("P") == ")":
                return S.TupleLit([], ln, col), m.end()
            inner, p = self._expr(p)
            m = self._op(p)
            if m is None or m.lastgroup != "P":
                raise _Decline
            if m.group("P") == ")":
                return inner, m.end()
            if m.group("P") == ",":
                rest, p2 = self._args(m.end(), ")")
                return S.TupleLit([inner] + rest, getattr(inner, "line", 0), max(getattr(inner, "col", 1) - 1, 1)), p2
            raise _Decline
        raise _Decline

    def _qualname(self, first, p: int):
        text = self.text
        ln = self.ln
        parts = [first]
        while p < len(text) and text[p] == "." and not text.startswith("...", p):
            qm = self.qpart_re.match(text, p + 1)
            if qm is None:
                raise _Decline
            qg = qm.lastgroup
            parts.append(_Tok(qm.group(qg), ln, qm.start(qg) + 1, qg))
            p = qm.end()
        return self.b.qualname(parts), p


# the nodes `_shape` builds most, and how (see there)
_SSA, _Name, _Call, _ValueStmt, _BodyLine = S.SSA, S.Name, S.Call, S.ValueStmt, S.BodyLine
_new = object.__new__
_ATOM_WORDS = {w: None for w in _SIMPLE_NOT_NAMES}  # declined (None): keywords, sections …
_ATOM_WORDS.update(nothing=(None, "Nothing"), true=(True, "Bool"), false=(False, "Bool"))


def _atom_node(a: str, ln: int, col: int):
    """One plain atom of `shape_re` (`%N`, an ASCII name, a decimal number)
    -> its node, as `SyntaxBuilder` builds it; None for a keyword."""
    c = a[0]
    if c == "%":  # `%N` and plain names are most atoms of a large body: built field by field (see `_shape`)
        node = _new(_SSA)
        node.n = int(a[1:])
        node.line = ln
        node.col = col
        return node
    if not "A" <= c <= "z":  # a number: ASCII or other Unicode digits (`\d`)
        if "." in a:
            return S.Lit(float(a), "Float64", a, ln, col)
        v = int(a)
        return S.Lit(v, "Int64" if v < 9223372036854775808 else _int_kind(v), a, ln, col)
    if a in _ATOM_WORDS:
        lit = _ATOM_WORDS[a]
        return None if lit is None else S.Lit(lit[0], lit[1], a, ln, col)
    if c == "_":
        return _slot_from_text(a, ln, col)
    node = _new(_Name)
    node.parts = (a,)
    node.line = ln
    node.col = col
    return node


def _finish_chain(items: list):
    """Operands and operator tokens -> one expression (a lone operand as is)."""
    if len(items) == 1:
        return items[0]
    if len(items) == 3:
        first, tok, right = items
        name = _NORMALIZE_OP.get(tok, str(tok))
        return S.Call(S.Name((name,), tok.line, tok.column), [first, right], name, first.line, first.col)
    if len(items) == 5:  # `a op b op c`: two operators, decided here without the general climb
        a, t1, b, t2, c = items
        n1 = _NORMALIZE_OP.get(t1, str(t1))
        n2 = _NORMALIZE_OP.get(t2, str(t2))
        if _PREC.get(n2, 1) > _PREC.get(n1, 1):
            inner = S.Call(S.Name((n2,), t2.line, t2.column), [b, c], n2, b.line, b.col)
            return S.Call(S.Name((n1,), t1.line, t1.column), [a, inner], n1, a.line, a.col)
        if n1 == n2 and n1 in _NARY:
            return S.Call(S.Name((n1,), t1.line, t1.column), [a, b, c], n1, a.line, a.col)
        inner = S.Call(S.Name((n1,), t1.line, t1.column), [a, b], n1, a.line, a.col)
        return S.Call(S.Name((n2,), t2.line, t2.column), [inner, c], n2, a.line, a.col)
    return _climb(items)


class _Decline(Exception):
    """The fast path leaves this line to Lark."""


class _Tok(str):
    """Just enough of a lark Token for the SyntaxBuilder callbacks."""

    def __new__(cls, text: str, line: int, column: int, type: str = ""):
        self = str.__new__(cls, text)
        self.line = line
        self.column = column
        self.type = type
        return self
