"""A whole statement `:op`: the global `op` (a GlobalRef) or the Symbol `:op` (a QuoteNode).

Julia prints a `GlobalRef(M, :op)` as `M.:op` (`Base.show_globalref`,
base/show.jl): the module, then the name, with a colon when it is no
identifier (`quoted = !isidentifier(name)`), in parentheses for the
`quoted_syms` (`:(==)`).  Pastes print it with the module left out where it
is the printing context's (`Meta.lower(@__MODULE__, …)` and
`@code_warntype` in doctests: `%1 = :+`, `%3 = sin`, `%1 = :>::Core.Const(>)`,
doc/src/base/reflection.md and stdlib/Test/src/Test.jl at v1.12.0).  A
`QuoteNode(:op)` prints as `:op` too (`show_unquoted(::QuoteNode)` ->
`show_unquoted_quote_expr`), so for an operator name the two print alike;
for an identifier they do not (the global prints bare, `sin`; the Symbol
`:sin`), and a bare name is already read as the global.

`global_symbol(lit, annotation, outlined)` decides for a VALUE statement
that is a Symbol literal whose name is an operator (no identifier):

1. Julia's printed annotation says which it is, in any version:
   `::Core.Const(op)` (a constant that is no Symbol: a function) -> the
   global; `::Core.Const(:op)` or `::Symbol` -> the Symbol.
2. Otherwise `outlined` (Julia 1.12's lowering outlines every GlobalRef into
   a statement of its own, #56746 "Fully outline all GlobalRefs", so a call
   through an operator reads it from such a statement) -> the global.
3. Otherwise the Symbol (what irc has always read; before 1.12 lowering
   puts an operator in the call itself: `a > 1`).

The global is the bare `Name((op,))`, resolved as any bare name (its slot,
or the global of the method's module); the walk keeps the Symbol when a slot
is named `op` (a method argument `+`), since then Julia's `+` is that slot.
Pure function, no state.
"""
from __future__ import annotations

from irc.syntax import tree as S
from irc.syntax.names import IDENT, OPERATOR

_CONST = ("Core", "Const")
_SYMBOL_TYPES = (("Symbol",), ("Core", "Symbol"))


def operator_symbol(lit: S.Lit) -> str | None:
    """The name of a Symbol literal written `:op` / `:(op)` whose name is an operator, else None."""
    if lit.kind != "Symbol" or not isinstance(lit.value, str):
        return None
    name = lit.value
    if not lit.text.startswith(":") or IDENT.fullmatch(name) or not OPERATOR.fullmatch(name):
        return None
    return name


def _annotation_says(annotation) -> bool | None:
    """True: the annotation types a global function (`Core.Const(op)`); False: a Symbol; None: silent."""
    if annotation is None:
        return None
    t = type(annotation)
    if t is S.Name:
        return False if annotation.parts in _SYMBOL_TYPES else None
    if t is S.Call and type(annotation.func) is S.Name and annotation.func.parts == _CONST and len(annotation.args) == 1:
        arg = annotation.args[0]
        return not (type(arg) is S.Lit and arg.kind == "Symbol")
    return None


def global_symbol(lit: S.Lit, annotation, outlined: bool) -> S.Name | None:
    """The global a VALUE statement `lit` (`:op`) stands for, or None when it is the Symbol (see the module doc)."""
    name = operator_symbol(lit)
    if name is None:
        return None
    says = _annotation_says(annotation)
    if says is False or (says is None and not outlined):
        return None
    return S.Name((name,), lit.line, lit.col)
