"""Static parameters a paste shows only where the body reads them.

`printed_sparams(world, fn) -> list`: the values of the static parameters of
a function whose header binds none (no `Static Parameters` section, as Julia
<= 1.5's `Variables` form and `code_typed(…; optimize=false)` print it, and
not a closure, whose parameters `closures.closure_sparams` reads), from the
statements that read one on their own: `%4 = $(Expr(:static_parameter, 1))`
printed `::Core.Const(T)` (`::Core.Compiler.Const(T, false)`).  Julia's
`abstract_eval_statement_expr` answers `:static_parameter` with
`sptypes[n]`, the MethodInstance's binding -- an input of inference, as the
`Arguments` types are, printed as the constant type it is bound to.  The
list holds one entry per parameter up to the largest read, None where no
such read shows it (a parameter bound to no single type prints `Type{T}`
or a `where` type there, and stays unbound: `Any`).

Cost: a pass over the statements kept as objects (a `Body`'s trees: an
annotated statement is one), only for a function without static parameters.
"""
from __future__ import annotations

from typing import Any

from irc.ir import model as ir
from irc.ir.body import Body
from irc.lattice.typelattice import Const
from irc.lattice.types import has_free_typevars, is_type
from irc.syntax import tree as S


def printed_sparams(world: Any, fn: ir.Function) -> list:
    """The static parameters Julia printed at their reads (see the module doc); `[]` for none."""
    stmts = fn.stmts
    found: dict[int, Any] = {}
    for st in (stmts.trees.values() if type(stmts) is Body else stmts):
        v = st.value
        if st.kind is not ir.Kind.VALUE or type(v) is not S.ExprNode or v.head != "static_parameter" \
                or st.annotation is None or not v.args or type(v.args[0]) is not S.Lit:
            continue
        k = v.args[0].value
        if not isinstance(k, int) or isinstance(k, bool) or k < 1 or k in found:
            continue
        try:
            t = world.eval_type(st.annotation, {}, fn.module)
        except Exception:  # noqa: BLE001 - an annotation irc cannot read shows nothing
            continue
        if type(t) is Const and is_type(t.val) and not has_free_typevars(t.val):
            found[k] = t.val
    if not found:
        return []
    return [found.get(k) for k in range(1, max(found) + 1)]
