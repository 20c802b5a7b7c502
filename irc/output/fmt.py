"""Canonical reprint of `.ir` files (`irc fmt`) and the reusable printing pieces.

`format_program(program)` reprints a built `ir.Program`: the declarations
in file order, then every function in the header form it came in (plain
`function … end`, `MethodInstance …`/`Arguments`/`Locals`/`Body::T`, or Julia
1.6's `Variables`; a `CodeInfo(` wrapper is kept), its body laid out with
Julia's rails and label column, labels renumbered to statement indices, and
Julia's annotations (`::T`, `Body::T`, `) => T`, section types) kept.

Reusable API (used by `irc.printer` for `irc infer`):

- `format_expr(expr, fn=None) -> str` -- Julia's printing of an expression:
  calls in infix/prefix form with Julia's precedence (`a * b * c`,
  `(a + b) * c`, `x isa T`, `1:n`, `-x`), qualified names (`Base.:+`,
  `Main.:(var"#8#9")`), `%N`, literals, `$(Expr(:head, …))`, `%new(…)`,
  `:(…)`, `@NamedTuple{a::T, b}`; an operator value prints bare as an item
  of a comma list (`typeof(+)`, `Core.Const(*)`) and `(+)` elsewhere.  Slots print by name; with `fn` a name shared by several slots
  prints `x@_N`, without `fn` a `SlotRef` carrying both name and id prints
  `x@_N` and one with only an id prints `@_N`.
- `ExprPrinter(fn).expr(e)` / `.expr_prec(e)` -- `format_expr(e, fn)` (and
  `_prec_of(e)`) for many expressions of one function: slot and name texts
  memoised, calls with leaf arguments printed without recursion, everything
  else by `format_expr` (so the text is always the same).
- `format_stmt(stmt, fn) -> str` -- one IR statement without rail, label or
  annotation (`(x = f(y))`, `goto #3 if not %2`, `return %5`, …); in a
  plain-form function without annotations assignments print bare (`x = …`),
  as `@code_lowered` does.
- `stmt_text(stmt, fn) -> str` -- the statement with Julia's annotation
  (`%2 = (y * x)::Float64` minus the label part).
- `layout_body(fn, texts, suffixes=None, block_prefix=None, labelled=None)
  -> list[str]` -- the rail/label layout: block header `N ─`/`N ┄` (┄ when
  the block has more than one predecessor, as Julia prints), `│`, `└──`,
  widths growing with the block count; a `%N = ` column as wide as the
  widest label; `texts[i]` (statement i+1) followed by `suffixes[i]` (e.g.
  `::Int64`); `block_prefix[b]` lines (comments) printed before block b.
  `iter_layout_runs(fn, texts, …)` gives the same lines as lists of a few
  thousand, reading `texts` (any iterable) as it goes, so the printer
  makes each statement's text when its line is made and never holds all
  the texts or lines (`iter_layout`: the lines one by one); `labelled` may
  be a set or a byte mask (`label_mask`).
- `labelled_stmts(fn) -> set[int]` -- statements that get a `%N =` label
  (value statements whose value some live statement uses, as Julia).
- `format_item(item) -> str`, `format_type_expr(expr)`, `format_text(text,
  path)`.

Invariants: the output parses back to an equivalent program (same slots,
statements, blocks, declarations -- labels become statement indices) and
formatting is idempotent: `fmt(fmt(x)) == fmt(x)`.  Printing recurses over
expressions, whose depth the parser bounds (`irc.parser.MAX_DEPTH`).
"""
from __future__ import annotations

import math
import re
from dataclasses import dataclass

from irc.ir import model as ir
from irc.syntax import tree as S
from irc.syntax.names import IDENT as _IDENT, format_name, julia_ident  # noqa: F401 (re-exported)
from irc.syntax.operators import PREC

# an operator that reads back as a value (the grammar's OPVALUE): bare in a
# comma list (`typeof(+)`, `Core.Const(*)`), `(+)` anywhere else
_OPVALUE = re.compile(r"<:|>:|\.\.|:|[-+*/\\^%&|<>=!~÷≤≥≠⊻∘∈∉⊆⊂⊇⊃⊊⊋∋∌≈≉≡≢⋅×±√∛¬∪∩⊗⊕]+")
_AT_NAMEDTUPLE = "@NamedTuple"

# binary operator precedence: the parser's own table (one definition)
_UNARY_PREC = 8
_POWER_PREC = 9


# ---------------------------------------------------------------- names


def _slot_text(e: S.SlotRef, fn: ir.Function | None) -> str:
    if e.id is None:
        return julia_ident(e.name or "?")
    if e.name is None:
        if fn is not None and 1 <= e.id <= len(fn.slots):
            nm = fn.slots[e.id - 1].name
            if not nm.startswith("@_"):
                return _slot_name(fn, e.id)
        return f"@_{e.id}"
    if fn is None or not (1 <= e.id <= len(fn.slots)) or fn.slots[e.id - 1].name != e.name:
        return f"{julia_ident(e.name)}@_{e.id}"
    return _slot_name(fn, e.id)


def _slot_name(fn: ir.Function, sid: int) -> str:
    """A slot's name as printed in `fn`'s body (duplicates as `x@_N`);
    memoised per function and slot (keyed by the slot's current name)."""
    if not (1 <= sid <= len(fn.slots)):
        return f"@_{sid}"
    nm = fn.slots[sid - 1].name
    dup = _duplicates(fn)
    memo = fn.dup_names_cache[2]  # sid -> (name, text): at most one entry per slot
    hit = memo.get(sid)
    if hit is not None and hit[0] is nm:
        return hit[1]
    if nm.startswith("@_"):
        text = f"@_{sid}"
    elif nm in dup:
        text = f"{_slot_ident(nm)}@_{sid}"
    else:
        text = _slot_ident(nm)
    memo[sid] = (nm, text)
    return text


# words irc's reader reserves that Julia allows as a local's name: Julia prints such a slot bare
# (`sourceinfo_slotnames` prints the name's string), and the reader reads it back bare there
_PLAIN_LOCAL_WORDS = frozenset({"in", "isa", "type", "mutable", "abstract"})


def _slot_ident(nm: str) -> str:
    return nm if nm in _PLAIN_LOCAL_WORDS else julia_ident(nm)


def _duplicates(fn: ir.Function) -> set[str]:
    cached = fn.dup_names_cache  # computed once per function, not once per slot reference
    if cached is not None and cached[0] == len(fn.slots):
        return cached[1]
    seen: set[str] = set()
    dup: set[str] = set()
    for s in fn.slots:
        if s.name in seen:
            dup.add(s.name)
        seen.add(s.name)
    fn.dup_names_cache = (len(fn.slots), dup, {})
    return dup


# ---------------------------------------------------------------- literals


def _string_lit(s: str, quote: str = '"') -> str:
    out = []
    for ch in s:
        if ch == "\\":
            out.append("\\\\")
        elif ch == quote:
            out.append("\\" + quote)
        elif ch == "$" and quote == '"':
            out.append("\\$")
        elif ch == "\n":
            out.append("\\n")
        elif ch == "\t":
            out.append("\\t")
        elif ch == "\r":
            out.append("\\r")
        elif ord(ch) < 32 or ord(ch) == 127:
            out.append(f"\\x{ord(ch):02x}")
        else:
            out.append(ch)
    return quote + "".join(out) + quote


def format_lit(e: S.Lit) -> str:
    if e.text:
        return e.text
    v, k = e.value, e.kind
    if k == "Nothing":
        return "nothing"
    if k == "Bool":
        return "true" if v else "false"
    if k == "String":
        return _string_lit(str(v))
    if k == "Char":
        return _string_lit(str(v), "'")
    if k == "Symbol":
        s = str(v)
        return ":" + s if _IDENT.fullmatch(s) else ':var"' + s + '"'
    if k in ("Float64", "Float32", "Float16") and isinstance(v, float):
        if math.isinf(v):
            return ("-" if v < 0 else "") + ("Inf" if k == "Float64" else "Inf32")
        if math.isnan(v):
            return "NaN" if k == "Float64" else "NaN32"
        r = repr(v)
        if k == "Float32":
            r = r.replace("e", "f") if "e" in r else r + "f0"
        return r
    if k.startswith("UInt") and isinstance(v, int):
        digits = {"UInt8": 2, "UInt16": 4, "UInt32": 8, "UInt64": 16, "UInt128": 32}.get(k, 2)
        return f"0x{v:0{digits}x}"
    return str(v)


# ---------------------------------------------------------------- expressions


def _is_infix(e) -> bool:
    return type(e) is S.Call and e.infix is not None and isinstance(e.func, S.Name) and len(e.func.parts) == 1


@dataclass(frozen=True, slots=True)
class PrintedType:
    """A type already printed (`show` of a lattice element): the printer puts irc's own type of a
    typed slot read in place of Julia's (`irc.output.reads`).  Atomic, except a `where` form."""

    text: str


def _prec_of(e) -> int:
    """Binding strength of an expression as printed (higher = tighter)."""
    t = type(e)
    if t is S.Call and _is_infix(e):
        if len(e.args) == 1:
            return _UNARY_PREC
        if e.infix == "^":
            return _POWER_PREC
        return PREC.get(e.infix, 1)
    if t is S.Where or (t is PrintedType and " where " in e.text):
        return -1
    if t is S.Lit and isinstance(e.value, (int, float)) and not isinstance(e.value, bool) and format_lit(e).startswith("-"):
        return _UNARY_PREC
    return 100


def format_expr(e, fn: ir.Function | None = None) -> str:
    """Julia's printing of an expression (see the module docstring)."""
    t = type(e)
    if t is S.Name:
        if len(e.parts) == 1 and _OPVALUE.fullmatch(e.parts[0]):
            return "(" + e.parts[0] + ")"
        return format_name(e.parts)
    if t is S.SSA:
        return f"%{e.n}"
    if t is S.SlotRef:
        return _slot_text(e, fn)
    if t is S.Lit:
        return format_lit(e)
    if t is S.Call:
        return _format_call(e, fn)
    if t is S.Curly:
        if type(e.head) is S.Name and e.head.parts == (_AT_NAMEDTUPLE,):
            return _AT_NAMEDTUPLE + "{" + ", ".join(_namedtuple_field(p, fn) for p in e.params) + "}"
        return _callee(e.head, fn) + "{" + _items(e.params, fn) + "}"
    if t is S.Typed:
        inner = format_expr(e.expr, fn)
        if _prec_of(e.expr) < 100:
            inner = f"({inner})"
        return f"{inner}::{_tight(e.type, fn)}"
    if t is S.Where:
        body = format_expr(e.body, fn)
        if type(e.body) is S.Where:
            body = f"({body})"
        return f"{body} where " + format_where(e.vars, fn)
    if t is S.ExprNode:
        return _format_exprnode(e, fn)
    if t is S.New:
        return "%new(" + _items([e.type, *e.args], fn) + ")"
    if t is S.Quote:
        return ":(" + _quoted(e.expr, fn) + ")"
    if t is S.TupleLit:
        if len(e.items) == 1:
            return "(" + _item(e.items[0], fn) + ",)"
        return "(" + _items(e.items, fn) + ")"
    if t is S.TypedVect:
        head = _callee(e.elt, fn) if e.elt is not None else ""
        return head + "[" + _items(e.items, fn) + "]"
    if t is S.Splat:
        return _tight(e.expr, fn) + "..."
    if t is S.BlockRef:
        return f"#{e.n}"
    if t is S.TypeVarDecl:
        return format_tvar(e, fn)
    if t is PrintedType:
        return e.text
    raise TypeError(f"cannot format {e!r}")


def _item(e, fn) -> str:
    """One element of a comma list (call arguments, type parameters, tuple
    and vector items): an operator prints bare there, as Julia prints it."""
    if type(e) is S.Name and len(e.parts) == 1 and _OPVALUE.fullmatch(e.parts[0]):
        return e.parts[0]
    return format_expr(e, fn)


def _items(es, fn) -> str:
    return ", ".join(_item(a, fn) for a in es)


def _namedtuple_field(p, fn) -> str:
    """`a::T` or `a` (type Any) inside `@NamedTuple{…}`; the name is a Symbol literal."""
    if type(p) is S.Typed and type(p.expr) is S.Lit and p.expr.kind == "Symbol":
        return _field_ident(str(p.expr.value)) + "::" + _tight(p.type, fn)
    if type(p) is S.Lit and p.kind == "Symbol":
        return _field_ident(str(p.value))
    return format_expr(p, fn)


def _field_ident(name: str) -> str:
    """A field name as Julia's `show_sym` prints it (`#` names are not identifiers there)."""
    if "#" in name:
        return 'var"' + name.replace("\\", "\\\\").replace('"', '\\"') + '"'
    return julia_ident(name)


def _tight(e, fn) -> str:
    """An operand of a postfix form (`::T`, `...`): parenthesised unless atomic."""
    s = format_expr(e, fn)
    if _prec_of(e) < 100 or type(e) is S.Typed:
        return f"({s})"
    return s


def _callee(f, fn) -> str:
    """The callee of a prefix call, parenthesised as Base's `show_call` does:
    a name (Symbol or GlobalRef) or a curly prints bare; anything else -- a
    slot (`(f)(x)`), `%1`, a call -- in parentheses."""
    s = format_expr(f, fn)
    if type(f) in (S.Name, S.Curly) and not _is_infix(f):
        return s
    return f"({s})"


def _format_call(e: S.Call, fn) -> str:
    if _is_infix(e):
        op = e.infix
        args = e.args
        if len(args) == 1:
            a = args[0]
            s = format_expr(a, fn)
            if _prec_of(a) < _POWER_PREC or (type(a) is S.Lit and isinstance(a.value, (int, float)) and not isinstance(a.value, bool)):
                s = f"({s})"
            return f"{op}{s}"
        if op == "^" and len(args) == 2:
            left = format_expr(args[0], fn)
            if _prec_of(args[0]) <= _POWER_PREC:
                left = f"({left})"
            right = format_expr(args[1], fn)
            if _prec_of(args[1]) < _UNARY_PREC:
                right = f"({right})"
            return f"{left} ^ {right}"
        p = PREC.get(op, 1)
        parts = []
        for k, a in enumerate(args):
            s = format_expr(a, fn)
            ap = _prec_of(a)
            if op == "=>":  # right associative
                need = ap <= p if k == 0 else ap < p
            else:
                need = ap < p if k == 0 else ap <= p
            if p == 1 and ap == 1:
                need = True
            if op in ("+", "*", ":") and _is_infix(a) and a.infix == op and len(a.args) > 1:
                need = True  # `(a + b) + c` is not the n-ary `a + b + c`
            if need:
                s = f"({s})"
            parts.append(s)
        sep = op if op in (":", "..") else f" {op} "
        return sep.join(parts)
    return _callee(e.func, fn) + "(" + _items(e.args, fn) + ")"


def _format_exprnode(e: S.ExprNode, fn) -> str:
    if e.head == "=" and len(e.args) == 2 and type(e.args[0]) is S.Name:  # a global assignment
        return f"({format_expr(e.args[0], fn)} = {format_expr(e.args[1], fn)})"
    if e.head == "$" and len(e.args) == 1:
        return "$(" + format_expr(e.args[0], fn) + ")"
    args = "".join(", " + _item(a, fn) for a in e.args)
    return f"$(Expr(:{e.head}{args}))"


def _quoted(inner, fn) -> str:
    """The text inside `:(…)`; statement forms come as ExprNodes."""
    if isinstance(inner, S.ExprNode):
        a = inner.args
        if inner.head == "goto" and len(a) == 1:
            return f"goto {format_expr(a[0], fn)}"
        if inner.head == "gotoifnot" and len(a) == 2:
            return f"goto {format_expr(a[1], fn)} if not {format_expr(a[0], fn)}"
        if inner.head == "return":
            return "return" + (f" {format_expr(a[0], fn)}" if a else "")
        if inner.head == "=" and len(a) == 2:
            return f"{format_expr(a[0], fn)} = {format_expr(a[1], fn)}"
    return format_expr(inner, fn)


def format_tvar(v: S.TypeVarDecl, fn=None) -> str:
    if v.value is not None:
        return f"{v.name} = {format_expr(v.value, fn)}"
    s = v.name
    if v.lower is not None and v.upper is not None:
        return f"{format_expr(v.lower, fn)}<:{s}<:{format_expr(v.upper, fn)}"
    if v.upper is not None:
        return f"{s}<:{format_expr(v.upper, fn)}"
    if v.lower is not None:
        return f"{s}>:{format_expr(v.lower, fn)}"
    return s


def format_where(vars: list[S.TypeVarDecl], fn=None) -> str:
    if len(vars) == 1 and vars[0].value is None and vars[0].lower is None:
        return format_tvar(vars[0], fn)
    return "{" + ", ".join(format_tvar(v, fn) for v in vars) + "}"


def format_type_expr(expr) -> str:
    return format_expr(expr)


# ---------------------------------------------------------------- memoised printing of one function's expressions


class ExprPrinter:
    """`format_expr(e, fn)` for the expressions of one function, faster.

    Leaves (`%N`, slots, names, literals) are the bulk of a body: slot and
    name texts are memoised per printer (one per render: `fn`'s slots do not
    change while it is printed), and a call whose arguments are all leaves --
    `f(x, %3, 1)`, `%2 * x` -- is formatted in one step, with the same
    parenthesising rules as `_format_call`.  Anything else (nested calls,
    unary and `^` operators, other node types) goes to `format_expr`, so the
    text is always exactly `format_expr(e, fn)`; `expr_prec` also gives
    `_prec_of(e)`."""

    __slots__ = ("fn", "_slots", "_names", "_ops")

    def __init__(self, fn: ir.Function | None) -> None:
        self.fn = fn
        self._slots: dict = {}  # id -> (name, text) of the last slot reference with that id
        self._names: dict = {}  # parts -> (text as an expression, text as a comma-list item)
        self._ops: dict = {}  # infix operator -> (`_infix_sep(op)`, its precedence)

    def _leaf(self, a, item: bool):
        """(text, prec) of a leaf (as a list item when `item`), or None."""
        t = type(a)
        if t is S.SSA:
            return f"%{a.n}", 100
        if t is S.SlotRef:
            hit = self._slots.get(a.id)
            if hit is None or hit[0] != a.name:  # one entry per id: (name, text)
                hit = self.slot_text(a)
            return hit[1], 100
        if t is S.Name:
            pair = self._names.get(a.parts)
            if pair is None:
                pair = self._names[a.parts] = (format_expr(a), _item(a, None))
            return pair[1 if item else 0], 100
        if t is S.Lit:
            s = format_lit(a)
            v = a.value
            neg = isinstance(v, (int, float)) and not isinstance(v, bool) and s.startswith("-")
            return s, (_UNARY_PREC if neg else 100)
        return None

    def slot_text(self, a: S.SlotRef) -> tuple:
        """(a.name, its text) for slot reference `a`, memoised as the entry for `a.id`."""
        hit = self._slots[a.id] = (a.name, _slot_text(a, self.fn))
        return hit

    def expr(self, e) -> str:
        """`format_expr(e, self.fn)`."""
        return self.expr_prec(e)[0]

    def expr_prec(self, e) -> tuple[str, int]:
        """(`format_expr(e, self.fn)`, `_prec_of(e)`)."""
        if type(e) is _SSA:  # the commonest leaf, without a `_leaf` call
            return f"%{e.n}", 100
        if type(e) is not _Call:
            hit = self._leaf(e, False)
            return hit if hit is not None else (format_expr(e, self.fn), _prec_of(e))
        # a call whose arguments are all leaves, in one step; else the general path
        f = e.func
        op = e.infix
        if op is not None and type(f) is _Name and len(f.parts) == 1:  # infix (`_is_infix`)
            sp = self._ops.get(op)
            if sp is None:
                sp = self._ops[op] = (_infix_sep(op), PREC.get(op, 1))
            sep = sp[0]
            if not sep or len(e.args) < 2:
                return format_expr(e, self.fn), _prec_of(e)
            item = False
        elif type(f) is _Name:
            pair = self._names.get(f.parts)
            head = pair[0] if pair is not None else self._leaf(f, False)[0]
            item = True
        elif type(f) is _SlotRef or type(f) is _SSA:
            head = "(" + self._leaf(f, False)[0] + ")"
            item = True
        else:
            return format_expr(e, self.fn), _prec_of(e)
        slots = self._slots
        texts = []
        for a in e.args:  # the leaves' texts, the common ones inline (as `_leaf`)
            t = type(a)
            if t is _SSA:
                texts.append(f"%{a.n}")
            elif t is _SlotRef:
                hit = slots.get(a.id)
                if hit is None or hit[0] != a.name:
                    hit = self.slot_text(a)
                texts.append(hit[1])
            elif t is _Lit:  # its precedence does not matter here
                texts.append(a.text or format_lit(a))
            else:
                hit = self._leaf(a, item)
                if hit is None:
                    return format_expr(e, self.fn), _prec_of(e)
                texts.append(hit[0])
        if item:
            return head + "(" + ", ".join(texts) + ")", 100
        return sep.join(texts), sp[1]


def _infix_sep(op: str) -> str:
    """How `_format_call` joins the operands of a binary or n-ary infix `op`
    whose operands are leaves, or "" when such an operand may need
    parentheses (`^`, or an operator binding as tightly as a negative literal)."""
    if op == "^" or PREC.get(op, 1) >= _UNARY_PREC:
        return ""
    # every leaf binds at least as tightly as `_UNARY_PREC`, more than `op`:
    # none needs parentheses (`_format_call`'s rule)
    return op if op in (":", "..") else f" {op} "


_Call, _Name, _SlotRef, _SSA, _Lit = S.Call, S.Name, S.SlotRef, S.SSA, S.Lit

# ---------------------------------------------------------------- statements


def _assign_bare(fn: ir.Function) -> bool:
    """Assignments print without parentheses in untyped plain-form bodies
    and bare `CodeInfo(`s (`@code_lowered`), with them otherwise
    (`@code_warntype`, `code_typed`)."""
    if fn.form not in ("plain", "codeinfo"):
        return False
    return not any(st.annotation is not None for st in fn.stmts) and fn.julia_return is None


_QUOTED_SYMS = frozenset({":", "::", ":=", "=", "==", "===", "=>"})  # base/show.jl `quoted_syms`


def global_stmt_text(v) -> str | None:
    """A whole statement that is a bare operator global (`irc.ir.globalsym`: `:op` read as the
    global), as Julia's `show_globalref` prints it with the module left out: `:+`, `:(==)`; else None."""
    if type(v) is not S.Name or len(v.parts) != 1:
        return None
    op = v.parts[0]
    if _IDENT.fullmatch(op) or not _OPVALUE.fullmatch(op):
        return None
    return f":({op})" if op in _QUOTED_SYMS else ":" + op


def format_stmt(st: ir.Stmt, fn: ir.Function) -> str:
    """One statement without rail, label or annotation (see module doc)."""
    K = ir.Kind
    k = st.kind
    if k is K.ASSIGN:
        text = f"{_slot_name(fn, st.slot) if st.slot else '?'} = {format_expr(st.value, fn)}"
        return text if _assign_bare(fn) and st.annotation is None else f"({text})"
    if k is K.VALUE:
        v = st.value
        if type(v) is S.ExprNode and v.head == "=" and len(v.args) == 2 and type(v.args[0]) is S.Name:
            text = f"{format_expr(v.args[0], fn)} = {format_expr(v.args[1], fn)}"
            return text if _assign_bare(fn) and st.annotation is None else f"({text})"
        g = global_stmt_text(v)
        return format_expr(v, fn) if g is None else g
    if k is K.GOTO:
        return f"goto #{st.target}"
    if k is K.GOTOIFNOT:
        return f"goto #{st.target} if not {format_expr(st.value, fn)}"
    if k is K.RETURN:
        return "return" if st.value is None else f"return {format_expr(st.value, fn)}"
    if k is K.UNREACHABLE:
        return "unreachable"
    if k is K.NEWVAR:
        return f"Core.NewvarNode(:({_slot_name(fn, st.slot) if st.slot else '?'}))"
    if k is K.ENTER:
        return f"$(Expr(:enter, #{st.target}))"
    if k is K.LEAVE:
        return "$(Expr(:leave" + "".join(", " + format_expr(a, fn) for a in st.args) + "))"
    if k is K.DEAD:
        return "Core.Const(:(" + (_quoted(st.value, fn) if st.value is not None else "nothing") + "))"
    raise ValueError(f"unknown statement kind {k}")


def stmt_markers(fn: ir.Function) -> dict[int, str]:
    """Statement index -> Julia 1.12's statement marker (`dynamic`,
    `builtin`, `intrinsic`, …) as the input had it (statements are the body
    lines of `fn.source`, one each, in order)."""
    fd = fn.source
    if fd is None or not fd.has_markers:
        return {}
    return {i: bl.marker for i, bl in enumerate(fd.lines, 1) if bl.marker}


def with_marker(text: str, marker: str) -> str:
    """`dynamic (%3)(1, n)`: the marker right-aligned in Julia's 9-column
    field (`  dynamic `, `intrinsic `), then the statement."""
    return f"{marker:>9} {text}"


def stmt_text(st: ir.Stmt, fn: ir.Function) -> str:
    """The statement with Julia's annotation as it came (`(y * x)::Float64`)."""
    core = format_stmt(st, fn)
    unread = fn.source.unread_lines.get(st.line) if st.annotation is None and fn.source is not None else None
    if st.annotation is None and unread is None:
        return core
    if st.kind is ir.Kind.VALUE and _prec_of(st.value) < 100:
        core = f"({core})"
    if unread is not None:  # a package's show irc could not read (`irc.syntax.unreadable`): as printed
        return f"{core}::{unread}"
    return f"{core}::{_tight(st.annotation, fn)}"


# ---------------------------------------------------------------- layout


def _walk_ssa(e, out: set[int]) -> None:
    t = type(e)
    if t is S.SSA:
        out.add(e.n)
        return
    if t is S.Call:
        _walk_ssa(e.func, out)
        for a in e.args:
            _walk_ssa(a, out)
    elif t is S.Typed:
        _walk_ssa(e.expr, out)
    elif t is S.ExprNode:
        for a in e.args:
            _walk_ssa(a, out)
    elif t is S.New:
        _walk_ssa(e.type, out)
        for a in e.args:
            _walk_ssa(a, out)
    elif t is S.Quote:
        _walk_ssa(e.expr, out)
    elif t is S.TupleLit:
        for a in e.items:
            _walk_ssa(a, out)
    elif t is S.TypedVect:
        for a in e.items:
            _walk_ssa(a, out)
    elif t is S.Curly:
        _walk_ssa(e.head, out)
        for a in e.params:
            _walk_ssa(a, out)
    elif t is S.Splat:
        _walk_ssa(e.expr, out)


def label_mask(labelled, n: int) -> bytearray:
    """`labelled` (statement numbers) as a mask of n + 1 bytes (`mask[i]` is
    1 for statement i, 1 <= i <= n; numbers outside that range are left out)."""
    mask = bytearray(n + 1)
    for i in labelled:
        if 1 <= i <= n:
            mask[i] = 1
    return mask


def labelled_stmts(fn: ir.Function) -> set[int]:
    """Statements printed with `%N =`: those whose value a (non-dead) statement uses."""
    used: set[int] = set()
    for st in fn.stmts:
        if st.kind is ir.Kind.DEAD:
            continue
        if st.value is not None:
            _walk_ssa(st.value, used)
        for a in st.args:
            _walk_ssa(a, used)
    n = len(fn.stmts)
    return {i for i in used if 1 <= i <= n and fn.stmts[i - 1].kind not in (ir.Kind.DEAD,)}


def rail(fn: ir.Function, i: int, pred_counts: dict[int, int] | None = None) -> str:
    """The rail text for statement i (header, middle or last line of its block)."""
    bw = len(str(len(fn.blocks)))
    b = fn.blocks[fn.stmt_block[i] - 1]
    if i == b.first:
        npreds = pred_counts[b.id] if pred_counts is not None else len(b.preds)
        ch = "┄" if npreds > 1 else "─"
        return f"{b.id} {ch}{'─' * (bw - len(str(b.id)))} "
    if i == b.last:
        return "└" + "─" * (1 + bw) + " "
    return "│  " + " " * bw


def layout_body(
    fn: ir.Function,
    texts: list[str],
    suffixes: list[str] | None = None,
    block_prefix: dict[int, list[str]] | None = None,
    labelled: set[int] | None = None,
    pred_counts: dict[int, int] | None = None,
    stmt_prefix: dict[int, list[str]] | None = None,
) -> list[str]:
    """Lines of a body in Julia's layout (see the module docstring).

    `texts[i-1]` is statement i's text, `suffixes[i-1]` what follows it;
    `block_prefix[b]` lines go before block b's header line, `stmt_prefix[i]`
    lines (e.g. line-info) before statement i; `labelled` (default
    `labelled_stmts(fn)`) selects the statements printed with `%N = `;
    `pred_counts` overrides the predecessor counts that choose `┄`.
    The lines of `iter_layout`, as a list."""
    if suffixes is not None:
        texts = [t + s for t, s in zip(texts, suffixes)]
    out: list[str] = []
    for run in iter_layout_runs(fn, texts, block_prefix, labelled, pred_counts, stmt_prefix):
        out += run
    return out


def iter_layout(
    fn: ir.Function,
    texts,
    block_prefix: dict[int, list[str]] | None = None,
    labelled: set[int] | None = None,
    pred_counts: dict[int, int] | None = None,
    stmt_prefix: dict[int, list[str]] | None = None,
):
    """`layout_body`'s lines one by one (the runs of `iter_layout_runs`)."""
    for run in iter_layout_runs(fn, texts, block_prefix, labelled, pred_counts, stmt_prefix):
        yield from run


LAYOUT_RUN = 4096  # statements per run of `iter_layout_runs`


def iter_layout_runs(
    fn: ir.Function,
    texts,
    block_prefix: dict[int, list[str]] | None = None,
    labelled: set[int] | None = None,
    pred_counts: dict[int, int] | None = None,
    stmt_prefix: dict[int, list[str]] | None = None,
    run: int = LAYOUT_RUN,
):
    """`layout_body`'s lines as a sequence of lists ("runs", in order: about
    `run` statement lines at most, or a block's prefix lines), taking the
    statement texts from the iterable `texts` in statement order as it goes
    (statement i's text is the i-th item, read when statement i's line is
    made): a caller can produce the texts lazily, and no list of all the
    texts or all the lines need exist.  Empty blocks read no text.

    `labelled` may also be a `bytearray` mask (`mask[i]` is 1 when statement
    i gets a label, `len(mask) > len(fn.stmts)`): a million-statement body
    then needs a megabyte for it instead of a set of ints."""
    if labelled is None:
        labelled = labelled_stmts(fn)
    if isinstance(labelled, bytearray):
        mask = labelled
        top = mask.rfind(1)
        width = len(str(top)) if top > 0 else 0
    else:
        if labelled and min(labelled) >= 0:
            width = len(str(max(labelled)))  # the widest label, without a pass of str()
        else:
            width = max((len(str(i)) for i in labelled), default=0)
        mask = label_mask(labelled, len(fn.stmts))
    labelled = mask  # `labelled[i]`: a label on statement i (1 <= i <= n)
    blank = " " * (width + 4) if width else "    "
    texts = iter(texts)
    for b in fn.blocks:
        if block_prefix and b.id in block_prefix:
            yield block_prefix[b.id]
        first, last = b.first, b.last
        if last < first:  # an empty block prints no line
            continue
        head = rail(fn, first, pred_counts)  # `rail` per line, computed once per block
        middle = rail(fn, first + 1, pred_counts) if last > first + 1 else ""
        bottom = rail(fn, last, pred_counts) if last > first else ""
        if stmt_prefix:
            out = []
            for i, text in zip(range(first, last + 1), texts):
                if i in stmt_prefix:
                    out.extend(stmt_prefix[i])
                r = head if i == first else (bottom if i == last else middle)
                lab = "%" + str(i).ljust(width) + " = " if labelled[i] else blank
                out.append((r + lab + text).rstrip())
            yield out
            continue
        out = [(head + ("%" + str(first).ljust(width) + " = " if labelled[first] else blank) + next(texts)).rstrip()]
        lo = first + 1
        while lo < last:  # the middle lines, `run` at a time, in one comprehension each
            hi = min(last, lo + run)
            # `zip` stops at the end of the range before reading another text
            out += [(middle + ("%" + str(i).ljust(width) + " = " if labelled[i] else blank) + text).rstrip()
                    for i, text in zip(range(lo, hi), texts)]
            lo = hi
            if len(out) >= run:
                yield out
                out = []
        if last > first:
            out.append((bottom + ("%" + str(last).ljust(width) + " = " if labelled[last] else blank) + next(texts)).rstrip())
        yield out


# ---------------------------------------------------------------- items


def _argdecl(a: S.ArgDecl) -> str:
    s = julia_ident(a.name) if a.name else ""
    if a.type is not None:
        s += "::" + _tight(a.type, None)
    if a.vararg:
        s += "..."
    return s


def format_item(item) -> str:
    """A declaration (or a function's header, for FunctionDef) as one text block."""
    if isinstance(item, S.MethodDecl):
        s = "declare " + ("@foldable " if item.foldable else "") + ("@complete " if item.complete else "")
        head = f"(::{_tight(item.callable, None)})" if item.callable is not None else format_name(item.name.parts)
        s += head + "(" + ", ".join(_argdecl(a) for a in item.args) + ")"
        if item.result is not None:
            s += "::" + _tight(item.result, None)
        if item.where:
            s += " where " + format_where(item.where)
        if item.refinement is not None:
            r = item.refinement
            s += f" {r.kind} {julia_ident(r.arg)} isa {format_expr(r.type)}"
        return s + "\n"
    if isinstance(item, S.AbstractTypeDecl):
        return "abstract type " + _type_head(item.name, item.params, item.supertype) + " end\n"
    if isinstance(item, S.StructDecl):
        s = ("mutable " if item.mutable else "") + "struct " + _type_head(item.name, item.params, item.supertype) + "\n"
        for f in item.fields:
            s += "    " + julia_ident(f.name) + ("::" + _tight(f.type, None) if f.type is not None else "") + "\n"
        return s + ("    ...\n" if item.more else "") + "end\n"
    if isinstance(item, S.ConstDecl):
        return f"const {format_name(item.name.parts)} = {format_expr(item.value)}\n"
    if isinstance(item, S.GlobalDecl):
        return f"global {format_name(item.name.parts)}" + (f"::{_tight(item.type, None)}" if item.type is not None else "") + "\n"
    if isinstance(item, S.FunctionDef):
        return "\n".join(_header_lines(item)) + "\n"
    raise TypeError(f"cannot format item {item!r}")


def _type_head(name: S.Name, params: list[S.TypeVarDecl], sup) -> str:
    s = format_name(name.parts)
    if params:
        s += "{" + ", ".join(format_tvar(p) for p in params) + "}"
    if sup is not None:
        s += " <: " + format_expr(sup)
    return s


def _entry(e: S.VarEntry, unread: dict) -> str:
    n = e.name
    if isinstance(n, S.SlotRef):
        name = f"@_{n.id}" if n.name is None else f"{julia_ident(n.name)}@_{n.id}"
    else:
        name = julia_ident(n.parts[0]) if n.parts[0] != "#self#" else "#self#"
    if e.type is None and e.line in unread:  # a package's show irc could not read: back as printed
        return "  " + name + "::" + unread[e.line]
    return "  " + name + ("::" + _tight(e.type, None) if e.type is not None else "")


def _body_line(fd: S.FunctionDef) -> list[str]:
    """`Body::T`, or the annotation irc could not read, as printed."""
    if fd.body_type is not None:
        return ["Body::" + _tight(fd.body_type, None)]
    return ["Body::" + fd.unread_body] if fd.unread_body is not None else []


def _header_lines(fd: S.FunctionDef) -> list[str]:
    out: list[str] = []
    if fd.form == "plain":
        s = "function " + format_name(fd.name.parts) + "(" + ", ".join(_argdecl(p) for p in fd.params) + ")"
        if fd.static_params:
            s += " where " + format_where(fd.static_params)
        out.append(s)
        if fd.body_type is not None and not fd.codeinfo:
            out.append("Body::" + _tight(fd.body_type, None))
        return out
    if fd.form == "warntype":
        if fd.callable is not None:
            head = f"(::{format_expr(fd.callable)})"
        elif fd.callee is not None:
            head = format_expr(fd.callee) if type(fd.callee) is S.Curly and not fd.callee_parens \
                else f"({format_expr(fd.callee)})"
        elif len(fd.name.parts) == 1 and _OPVALUE.fullmatch(fd.name.parts[0]):
            head = fd.name.parts[0]  # `MethodInstance for +(::Int64, ::Int64)`, as Julia prints it
        else:
            head = format_name(fd.name.parts)
        sig = head + "(" + ", ".join(_argdecl(S.ArgDecl(None, p.type, p.vararg)) if p.type is not None else _argdecl(p) for p in fd.params) + ")"
        out.append("MethodInstance for " + sig)
        if fd.from_text:
            out.append("  from " + fd.from_text)
        if fd.arguments:
            out.append("Arguments")
            out.extend(_entry(e, fd.unread_lines) for e in fd.arguments)
        if fd.locals:
            out.append("Locals")
            out.extend(_entry(e, fd.unread_lines) for e in fd.locals)
        if fd.static_params:
            out.append("Static Parameters")
            out.extend("  " + format_tvar(v) for v in fd.static_params)
    else:
        out.append("Variables")
        out.extend(_entry(e, fd.unread_lines) for e in fd.variables)
        out.append("")
    out.extend(_body_line(fd))
    return out


def format_function(fn: ir.Function) -> str:
    """One function in its own header form with a canonical body."""
    fd = fn.source
    lines: list[str] = []
    if fd is None or fd.form == "codeinfo":  # built in code, or a bare `CodeInfo(`: the plain form, signature spelled out
        lines.extend(_header_lines(S.FunctionDef(
            "plain", S.Name((*fn.module, fn.name)) if fn.module != ("Main",) else S.Name((fn.name,)),
            params=[S.ArgDecl(s.name if not s.name.startswith("@_") else None, s.declared) for s in fn.slots[1:] if s.argument])))
        fd = fd or S.FunctionDef("plain", None)
    else:
        lines.extend(_header_lines(fd))
    texts = [stmt_text(st, fn) for st in fn.stmts]
    for i, m in stmt_markers(fn).items():
        texts[i - 1] = with_marker(texts[i - 1], m)
    stmt_prefix: dict[int, list[str]] = {}
    if fd.line_infos:
        k = 0
        infos = sorted(fd.line_infos, key=lambda li: li.line)
        for i, st in enumerate(fn.stmts, 1):
            while k < len(infos) and infos[k].line < st.line:
                stmt_prefix.setdefault(i, []).append("    " + infos[k].text)
                k += 1
    body = layout_body(fn, texts, stmt_prefix=stmt_prefix)
    if fd.codeinfo:
        lines.append("CodeInfo(")
        lines.extend(body)
        close = ")"
        if fd.body_type is not None:
            close += " => " + _tight(fd.body_type, None)
        lines.append(close)
    else:
        lines.extend(body)
    if fd.form in ("plain", "codeinfo"):
        lines.append("end")
    return "\n".join(lines) + "\n"


def format_program(program: ir.Program) -> str:
    """The whole file, canonically (declarations, then functions, in file order)."""
    fns = {id(fn.source): fn for fn in program.functions}
    chunks: list[str] = []
    prev_decl = False
    items = list(program.items)
    # keep the file order of declarations and functions
    order: list = []
    src_items = [fn.source for fn in program.functions]
    if all(s is not None for s in src_items):
        all_items = sorted([*items, *src_items], key=lambda it: getattr(it, "line", 0))
    else:
        all_items = items + [fn for fn in program.functions]
    for it in all_items:
        if isinstance(it, S.FunctionDef):
            fn = fns.get(id(it))
            if fn is None:
                continue
            chunks.append(("\n" if chunks else "") + format_function(fn))
            prev_decl = False
        elif isinstance(it, ir.Function):
            chunks.append(("\n" if chunks else "") + format_function(it))
            prev_decl = False
        else:
            text = format_item(it)
            multi = isinstance(it, S.StructDecl)
            if chunks and (not prev_decl or multi):
                text = "\n" + text
            chunks.append(text)
            prev_decl = not multi
    order.clear()
    return "".join(chunks)


def format_text(text: str, path: str = "<input>") -> str:
    """Parse, build and reprint (raises IrcError on bad input)."""
    from irc.ir.build import build_program
    from irc.syntax.parser import parse_text

    return format_program(build_program(parse_text(text, path)))
