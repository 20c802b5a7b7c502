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

What else the printed types prove about names: `bare_values` (a constant printed as a bare
name that is no function) and `printed_functions` (a name printed as `typeof(name)`: a function);
`method_modules`, the modules the `from` lines name.
"""
from __future__ import annotations

import re

from irc.ir import model as ir
from irc.ir.body import Body
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


def bare_values(functions: list[ir.Function], text: str = "") -> frozenset[str]:
    """The bare names a paste prints as a constant (`%36 = (%35)()::Core.Const(α)`) and never
    shows as a function: not a function's own name (`MethodInstance for f`, `#self#::Core.Const(f)`,
    `f (generic function with 2 methods)`), not a callee (`f(x)`, `Main.f(x)`), not read as a global
    (`Main.f`, `:(Base.f)`), not printed as `typeof(f)`.

    Julia's `show` prints a constant function as its binding's name (base/show.jl `show_function`;
    at v1.11.0 qualified, `Main.f`, unless the function's module is the active one or it is exported
    from Base or Core), but any value a package's `show` prints as a bare name prints the same way:
    DynamicPPL's `VarName{:α, typeof(identity)}()` prints `α`.  A name with no such evidence is
    such a value (`World.value_of_const`: a constant of unknown type, never Main's function).
    Pure: reads the functions' statements and printed types and the paste's text."""
    printed: list = []
    for fn in functions:
        printed += [s.julia_type for s in fn.slots if s.julia_type is not None]
        printed += [st.annotation for st in _trees(fn) if st.annotation is not None]
    candidates = set()
    for e in printed:
        for c in nodes(e):
            if type(c) is S.Call and type(c.func) is S.Name and c.func.parts[-1] == "Const" and c.args:
                candidates.update(_bare_items(c.args[0]))
    if not candidates:
        return frozenset()
    shown: set[str] = set()
    for fn in functions:
        shown.add(fn.name)
        if fn.source is not None and type(fn.source.name) is S.Name:
            shown.add(fn.source.name.parts[-1])
        for s in fn.slots:
            if s.name == "#self#" and s.julia_type is not None:
                shown.update(x.parts[-1] for x in nodes(s.julia_type) if type(x) is S.Name)
        if isinstance(fn.stmts, Body):  # a statement held in columns reads globals only from `names`
            shown.update(x.parts[-1] for x in fn.stmts.names)
        for st in _trees(fn):
            for x in nodes(st.value):
                if type(x) is S.Name and len(x.parts) > 1:
                    shown.add(x.parts[-1])  # a global read: `Main.f`, `:(Base.pointerref)`
                elif type(x) is S.Call and type(x.func) is S.Name:
                    shown.add(x.func.parts[-1])  # a callee
        shown.update(x.parts[-1] for x in _typeof_args(fn))
    for n in list(candidates):
        if f"{n} (generic function with " in text:
            shown.add(n)
    return frozenset(candidates - shown)


def printed_functions(functions: list[ir.Function]) -> frozenset[tuple[str, ...]]:
    """The qualified names the paste prints as `typeof(name)` in a type Julia printed (a slot's,
    a statement's, `Body::`): each is a generic function of its module, so a read of that global
    is `Core.Const(name)` (`World.value_of`), not an unknown global.

    Julia prints `typeof(f)` for a type only when it is a function's singleton type: base/show.jl
    `show_type_name` prints `typeof(` when `is_global_function(tn, tn.mt.name)` -- the method
    table's name is a binding of the type's module whose value is an instance of the (concrete)
    type -- and the module prefix unless the name is visible from the active module (Main).  So a
    bare `typeof(h)` names `Main.h` (a Base or Core export resolves before this is asked), a
    qualified `typeof(M.h)` names `M.h`.  Pure: reads the functions' printed types."""
    out = set()
    for fn in functions:
        for x in _typeof_args(fn):
            out.add(tuple(x.parts) if len(x.parts) > 1 else ("Main",) + tuple(x.parts))
    return frozenset(out)


_MODULE_PART = r'(?:var"[^"\n]*"|[^\s."@]+)'
_FROM_MODULE = re.compile(rf'(?: in | @ )({_MODULE_PART}(?:\.{_MODULE_PART})*)(?= at |\s|$)')


def method_modules(functions: list[ir.Function]) -> frozenset[tuple[str, ...]]:
    """The modules other than `Main` whose methods the paste shows: each function's `from` line names
    its method's module (`from f(x) in Polynomials at …`, Julia <= 1.8; `from f(x) @ Polynomials
    file:line`, 1.9+; the line's last such group), which the `MethodInstance` line leaves out for a
    name `Main` sees.  The code of such a method names the module's bindings qualified
    (`Polynomials.Polynomial`) where the printed types name them bare (`World._unknown_same_type`)."""
    out = set()
    for fn in functions:
        text = fn.source.from_text if fn.source is not None else ""
        found = _FROM_MODULE.findall(text) if text else []
        if found:
            parts = tuple(re.findall(_MODULE_PART, found[-1]))
            if parts and parts != ("Main",):
                out.add(parts)
    return frozenset(out)


def _typeof_args(fn: ir.Function):
    """The names `x` of every `typeof(x)` in the types `fn` was printed with."""
    for e in [s.julia_type for s in fn.slots] + [st.annotation for st in _trees(fn)] + [fn.julia_return]:
        for x in nodes(e):
            if type(x) is S.Call and type(x.func) is S.Name and x.func.parts[-1] == "typeof" and x.args \
                    and type(x.args[0]) is S.Name:
                yield x.args[0]


def _trees(fn: ir.Function):
    """The statements a body keeps as objects (every one with a printed type, `irc.ir.body`:
    a column statement has none), without making the others."""
    if isinstance(fn.stmts, Body):
        return [fn.stmts.trees[k] for k in sorted(fn.stmts.trees)]
    return fn.stmts


def _bare_items(e, depth: int = 0):
    """The bare lowercase names a constant's text is, or holds as a tuple's items (`α`,
    `(LogNormal{Float64}(…), α)`): the ones irc read as Main's functions (`World.value_of_const`);
    a capitalised name is a type's, a name inside a type or a call's head is no value."""
    if depth > 64:
        return
    if type(e) is S.Name and len(e.parts) == 1 and e.parts[0][:1] and (e.parts[0][0].islower() or e.parts[0][0] == "_"):
        yield e.parts[0]
    elif type(e) is S.TupleLit:
        for x in e.items:
            yield from _bare_items(x, depth + 1)


def nodes(e, depth: int = 0):
    """Every node of a parsed expression, outermost first."""
    if depth > 64 or e is None:
        return
    yield e
    for f in getattr(type(e), "__dataclass_fields__", ()):
        x = getattr(e, f)
        for y in (x if type(x) in (list, tuple) else (x,)):
            if hasattr(type(y), "__dataclass_fields__"):
                yield from nodes(y, depth + 1)


def bare_value_types(functions: list[ir.Function], names: frozenset[str]) -> dict:
    """For each of `names` (`bare_values`) whose type the paste proves, that type as printed:
    a slot assigned once, listed `T`, read as `Core.Const(α)` (`%39 = vn#462::Core.Const(α)`,
    `vn#462::VarName{:α, typeof(identity)}`) -- Julia lists a slot as the merge of the widened
    types stored there (`record_slot_assign!`), and the one value stored is the constant `α`, so
    `T` is `typeof(α)`.  A name two slots give two printed types is left out.  Used where irc
    takes Julia's printed types (`irc stubs --all`), which declares it `global α::T`."""
    out: dict = {}
    clash: set = set()
    for fn in functions:
        assigns: dict[int, int] = {}
        body = fn.stmts
        for k in range(len(body)):
            if isinstance(body, Body) and k not in body.trees:
                sid = body.slot[k]  # (a column statement: `Kind.ASSIGN` iff its slot is not 0)
            else:
                st = body.trees[k] if isinstance(body, Body) else body[k]
                sid = st.slot if st.kind is ir.Kind.ASSIGN and st.slot is not None else 0
            if sid:
                assigns[sid] = assigns.get(sid, 0) + 1
        for st in _trees(fn):
            x = st.value
            while type(x) is S.Typed:
                x = x.expr
            ann = st.annotation
            if type(x) is not S.SlotRef or type(ann) is not S.Call or type(ann.func) is not S.Name \
                    or ann.func.parts[-1] != "Const" or len(ann.args) != 1 or type(ann.args[0]) is not S.Name:
                continue
            name = ann.args[0].parts[-1]
            if len(ann.args[0].parts) != 1 or name not in names or not (1 <= x.id <= len(fn.slots)):
                continue
            slot = fn.slots[x.id - 1]
            if slot.argument or slot.julia_type is None or assigns.get(x.id, 0) != 1:
                continue
            if name in out and out[name][0] != slot.julia_type:
                clash.add(name)
            out.setdefault(name, (slot.julia_type, slot.name, st.line))
    return {n: v for n, v in out.items() if n not in clash}
