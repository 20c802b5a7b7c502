"""Julia's infix operators as irc reads them: precedence, associativity, n-ary chains.

`PREC` is Julia's precedence table (higher binds tighter) for the operators
the printed IR uses; `climb` turns a flat chain `operand op operand op …`
(as the grammar and the fast path read it) into calls by precedence
climbing: `a * b * c` is one n-ary call `*(a, b, c)` (`+`, `*` and `:`
chains, as Julia parses them), `a - b - c` nests to the left, `=>` to the
right, comparisons bind loosest.  `normalize_op` spells `≤ ≥ ≠ ≡ ≢` as
`<= >= != === !==`.

Invariants: pure functions; the table is built once at import and never
changed.
"""
from __future__ import annotations

from irc.syntax import tree as S

NORMALIZE_OP = {"≤": "<=", "≥": ">=", "≠": "!=", "≡": "===", "≢": "!=="}

# precedence (higher binds tighter) following Julia's table
PREC: dict[str, int] = {}
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
        PREC[_o] = _p
NARY = frozenset({"+", "*", ":"})  # `a + b + c` is one call (ranges a:s:b too)
RIGHT = frozenset({"=>"})  # right associative: `a => b => c` is `a => (b => c)`


def normalize_op(op: str) -> str:
    """`≤ ≥ ≠` are `<= >= !=` (spec §1.2)."""
    return NORMALIZE_OP.get(op, op)


def climb(items: list) -> S.Expr:
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
        if name in NARY and isinstance(left, S.Call) and id(left) in created and left.infix == name and (name != ":" or len(left.args) < 3):
            left.args.append(right)
            out.append(left)
            return
        node = S.Call(S.Name((name,), line, col), [left, right], name, getattr(left, "line", line), getattr(left, "col", col))
        created.add(id(node))
        out.append(node)

    for i in range(1, len(items), 2):
        tok = items[i]
        op = str(tok)
        prec = PREC.get(op, 1)
        right = op in RIGHT
        while ops and (ops[-1][0] > prec or (ops[-1][0] == prec and not right)):
            reduce_top()
        ops.append((prec, op, tok.line, tok.column))
        out.append(items[i + 1])
    while ops:
        reduce_top()
    return out[0]
