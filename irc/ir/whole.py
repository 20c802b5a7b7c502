"""Is a printed body whole?  Julia ends every body with a terminator.

Lowering ends a method body with `return` (Julia's `lower`: every path out
of a function is a `return`), and the printers (`@code_warntype`,
`code_typed(…; optimize=false)`, `@code_lowered`) print every statement, so
the last line of a body Julia printed is a `return`, a `goto`, an
`unreachable` (1.10+), or one of the dead statements Julia ≤ 1.9 prints as
`Core.Const(:(return %5))`.  A pasted body whose last statement is none of
these was cut off (mid-block or between blocks: a page, a terminal's
scroll-back, a hand that copied too little), and reading it would infer a
function Julia never had -- one that "falls off" its end.

One exception keeps this from a false alarm: a last call that Julia typed
`::Union{}` (it never returns: a `throw`, an `error`) may be followed by
nothing in a printer that drops dead code.

`cut_off(fn)` gives the located error for a pasted function (`fn.form` is
not "plain": a hand-written `function … end` is the user's own and may end
anywhere) or None.  Constant time: it looks at the last statement only.
"""
from __future__ import annotations

from irc.ir import model as ir
from irc.syntax import cutoff, tree as S

_ENDS = frozenset({ir.Kind.RETURN, ir.Kind.GOTO, ir.Kind.UNREACHABLE, ir.Kind.DEAD})


def _never_returns(annotation: S.Expr | None) -> bool:
    """`::Union{}` as printed."""
    return type(annotation) is S.Curly and type(annotation.head) is S.Name and annotation.head.parts == ("Union",) \
        and not annotation.params


def cut_off(fn: ir.Function) -> tuple[str, int, int, str] | None:
    """(message, line, column, code) when a pasted body does not end as Julia ends one."""
    if fn.form == "plain" or not fn.stmts:
        return None
    body = fn.stmts
    peek = getattr(body, "peek", None)  # a column body: look without keeping a statement object
    last = peek(len(body) - 1) if peek is not None else body[-1]
    if last.kind in _ENDS or last.kind is ir.Kind.VALUE and _never_returns(last.annotation):
        return None
    return (cutoff.message(last.line, f"with {_what(last)}, and Julia ends every body with `return` (or `goto`, "
                           "`unreachable`)"), last.line, max(last.col, 1), cutoff.CODE)


def _what(st: ir.Stmt) -> str:
    if st.kind is ir.Kind.GOTOIFNOT:
        return "a conditional `goto … if not`, which falls through"
    if st.kind is ir.Kind.ASSIGN:
        return "an assignment"
    return "a statement that goes on to the next"
