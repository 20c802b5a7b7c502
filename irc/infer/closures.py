"""A closure method's static parameters, read from the type of its `#self#`.

Julia lowers a closure (src/julia-syntax.scm, `cl-convert`'s "local case - lift to a new
type at top level") to a struct `var"#f#1"{P...} <: Function` whose parameters `P` are
`closure-param-names` -- the enclosing method's static parameters the closure uses
(`capt-sp`, sorted) and the locals its signature uses (`sig-locals`) -- followed by one type
variable per captured variable that is not boxed, which is that field's type
(`type-for-closure-parameterized`).  The closure's method is declared on
`apply_type(var"#f#1", closure-param-syms...)` (`fix-function-arg-type`) with those as its
static parameters after its own `where` ones (`convert-lambda`: `(append (lam:sp lam)
capt-sp)`), so in its body `$(Expr(:static_parameter, k))` is the k-th parameter of
`#self#`'s type.

A paste shows the closure's type only as printed (`#self#::var"#f#1"{Foo, Vector{Int64}}`);
its declaration (written by the user or proposed by `irc stubs`) says which parameters are
field types.  `closure_sparams` binds the leading parameters no field is typed with, in order,
when the paste lists no static parameters of its own, `#self#`'s type is a declared struct
with a generated name below `Function`, and no `static_parameter` in the body is past them
(a closure with its own `where` parameters numbers those first: then nothing is bound and a
static parameter stays `Any`, never a wrong constant).  Julia 1.7 and later list a closure
method's static parameters (`Static Parameters`, captured ones included), so the rule fills in
what 1.6's `Variables` layout and bare `CodeInfo` leave out.  Limitation: a declaration that
types a field with a concrete type instead of its parameter makes that parameter look leading;
only a closure with its own `where` parameters and no captured ones could then read a field's
type for one of its own (irc cannot see a closure's `where` in a 1.6 paste).  Pure: reads the
function and the world.
"""
from __future__ import annotations

from typing import Any

from irc.ir import model as ir
from irc.ir.pasted import nodes
from irc.lattice.types import DataType, TypeVar
from irc.syntax import tree as S
from irc.syntax.names import is_generated_name


def closure_sparams(world: Any, fn: ir.Function) -> list:
    """The static parameters of closure method `fn` as types (`[]` when not a closure method
    whose parameters the declaration and the paste determine)."""
    if fn.static_params or not fn.slots:
        return []
    self_slot = fn.slots[0]
    if self_slot.id != 1 or self_slot.julia_type is None:
        return []
    try:
        t = world.eval_type(self_slot.julia_type, {}, fn.module)
    except Exception:  # noqa: BLE001 - an unreadable #self# type binds nothing
        return []
    if type(t) is not DataType or not t.name.declared or not is_generated_name(t.name.name):
        return []
    if not _below_function(t):
        return []
    tn = t.name
    field_vars = [ft for ft in tn.fieldtypes if type(ft) is TypeVar]
    lead = []
    for tv, p in zip(tn.params, t.params):
        if tv in field_vars:
            break
        lead.append(p)
    if not lead or _largest_sparam(fn) > len(lead):
        return []
    return lead


def _below_function(t: DataType) -> bool:
    sup, seen = t.name.super, 0
    while type(sup) is DataType and seen < 16:
        if sup.name.module == ("Core",) and sup.name.name == "Function":
            return True
        sup, seen = sup.name.super, seen + 1
    return False


def _largest_sparam(fn: ir.Function) -> int:
    """The largest k of a `$(Expr(:static_parameter, k))` in the body (0 when none)."""
    k = 0
    for st in fn.stmts:
        for e in nodes(st.value):
            if type(e) is S.ExprNode and e.head == "static_parameter" and e.args and type(e.args[0]) is S.Lit \
                    and isinstance(e.args[0].value, int):
                k = max(k, e.args[0].value)
    return k
