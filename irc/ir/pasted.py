"""The methods a paste shows inferred: a function's `MethodInstance` signature and its `Body` type.

`@code_warntype f(x)` prints `MethodInstance for f(::Foo, ::Symbol)` and
`Body::T`: Julia's own answer for a call of `f` with exactly those argument
types.  When a file holds several functions, a call from one to another
(`Main.g(x)`, `Base.getproperty(x, :a)` for a pasted
`getproperty(::Foo, ::Symbol)` method) is typed from it as from a
declaration `declare f(::Foo, ::Symbol)::T` (an open one: other methods
may exist), unless the file declares that signature itself.

`pasted_methods(functions)` gives, in file order, `(MethodDecl, module)`
for each function that has such a header: the `warntype` form (a
MethodInstance line), a printed `Body::T`, a plain function name (not a
callable object `(::T)(…)` nor a type constructor), every argument typed,
no vararg argument and no static parameters (the signature would hold
free type variables).  `module` is the method's module (the `from … @ M`
line), where a bare name is looked up (`World.build(pasted=…)` names the
function: the module's own, else Base's or Core's that the module sees).
A file of one function gives none (nothing else calls it; the world stays
lazy).  Pure; the declarations share the header's nodes (never mutated).
"""
from __future__ import annotations

from irc.ir import model as ir
from irc.syntax import tree as S


def pasted_methods(functions: list[ir.Function]) -> tuple:
    """`(S.MethodDecl, module parts)` per function whose header shows Julia's inference (module doc)."""
    if len(functions) < 2:
        return ()
    out = []
    for fn in functions:
        fd = fn.source
        if fd is None or fd.form != "warntype" or fn.julia_return is None or fd.name is None:
            continue
        if fd.callable is not None or fd.callee is not None or fd.static_params or fn.static_params:
            continue
        params = fd.params
        if any(p.type is None or p.vararg for p in params) or any(s.vararg for s in fn.slots):
            continue
        args = [S.ArgDecl(None, p.type, False, p.line, p.col) for p in params]
        decl = S.MethodDecl(fd.name, args, fn.julia_return, line=fd.line, col=fd.col)
        out.append((decl, tuple(fn.module) or ("Main",)))
    return tuple(out)
