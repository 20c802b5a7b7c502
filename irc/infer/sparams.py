"""Static parameters a paste shows only where the body reads them.

`printed_sparams(world, fn) -> (list, dict)`: the values of the static parameters of
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
or a `where` type there, and stays unbound: `Any`).  A parameter read nowhere on its own but
called as a constructor, `($(Expr(:static_parameter, 1)))(Base.Math.pi)::Core.Const(3.14…)`, is the
one concrete number type every such call's printed result has (`called_sparams`: a type called on a
value gives an instance of it; the caller says so in a note); anything else leaves it unbound.

Cost: a pass over the statements kept as objects (a `Body`'s trees: an
annotated statement is one), only for a function without static parameters.
"""
from __future__ import annotations

from typing import Any

from irc.ir import model as ir
from irc.ir.body import Body
from irc.lattice import typetable as TT
from irc.lattice.subtype import issubtype
from irc.lattice.typelattice import Const, widenconst
from irc.lattice.types import DataType, has_free_typevars, is_type
from irc.syntax import tree as S


def printed_sparams(world: Any, fn: ir.Function) -> tuple[list, dict]:
    """The static parameters Julia printed at their reads (see the module doc), `[]` for none, and
    those only its constructor calls bind, {n: (T, line)}, for the caller's note."""
    found = read_sparams(world, fn)
    called = {k: v for k, v in called_sparams(world, fn).items() if k not in found}
    for k, (t, _line) in called.items():
        found[k] = t
    if not found:
        return [], {}
    return [found.get(k) for k in range(1, max(found) + 1)], called


def called_sparams(world: Any, fn: ir.Function) -> dict:
    """Static parameters a paste binds nowhere but calls as a number type's constructor:
    `($(Expr(:static_parameter, 1)))(Base.Math.pi)::Core.Const(3.141592653589793)` (Base's
    `cos(x::T) where T<:Union{Float32, Float64}` as Julia <= 1.6's `Variables` form prints it, h976).
    A call of a type on a value gives an instance of that type (a constructor; `T(x)::T` for Base's
    number types), so where every printed result of a call of parameter `n` is of one concrete
    number type `X` with no parameters (`Float64`), `n` is `X`: {n: (X, the first such line)}.
    Nothing for a parameter called with results of another kind (`Foo{Vector{Int64}}`: a type's
    wrapper may make a more specific type) or of two types, or read on its own (`read_sparams`)."""
    seen: dict[int, tuple] = {}
    bad: set[int] = set()
    stmts = fn.stmts
    for st in (stmts.trees.values() if type(stmts) is Body else stmts):
        v = st.value
        while type(v) is S.Typed:
            v = v.expr
        if type(v) is not S.Call or type(v.func) is not S.ExprNode or v.func.head != "static_parameter":
            continue
        a = v.func.args[0] if v.func.args else None
        k = a.value if type(a) is S.Lit else None
        if not isinstance(k, int) or isinstance(k, bool) or k < 1:
            continue
        t = None
        if st.annotation is not None:
            try:
                t = widenconst(world.eval_type(st.annotation, {}, fn.module))
            except Exception:  # noqa: BLE001 - an annotation irc cannot read is no evidence
                t = None
        if type(t) is not DataType or t.params or not issubtype(t, TT.NUMBER) or not TT.isconcrete(t):
            bad.add(k)
            continue
        if k in seen and seen[k][0] != t:
            bad.add(k)
        seen.setdefault(k, (t, st.line))
    return {k: v for k, v in seen.items() if k not in bad}


def read_sparams(world: Any, fn: ir.Function) -> dict:
    """{n: T} for `$(Expr(:static_parameter, n))` printed on its own as `::Core.Const(T)`."""
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
    return found
