"""`irc explain FILE --stmt %N`: why a statement has its type, as Cthulhu's
`descend` answers "why is this `Any`".

From one `InferenceResult` (no second inference of the function): the
statement's state (`state_before`, the replay of its block) and the final
SSA types give the callee and argument types; the call is typed again by
the world on those types (the world memoises: the same answer inference
had), and its `CallInfo` tells what dispatch looked at:

- a builtin or intrinsic: typed by irc's tfunc (constant folding when every
  argument is a constant and the result is one);
- a declared function: its declarations, which covered the argument types
  or may apply, the union-split cases (each dispatched on its own), whether
  a `@foldable` declaration folded the constants, and the world rule that
  applied (closed: the file declares every method; open: the prelude or a
  `--prelude` file knows some of them);
- no declaration at all: the `declare` line that would answer it;
- a callee that is not a constant: dispatched at run time;
- the diagnostics inference made at the statement; where the callee is a
  function of the same file, how to follow it there.

`find_stmt(fn, text)` reads `%N` (the label as written in the input, else
the N-th statement) or `N`.  Invariant: pure function of (Function,
InferenceResult, World, the file's functions); lines refer to the input.
"""
from __future__ import annotations

from itertools import product
from typing import Any

from irc.ir import model as ir
from irc.lattice.typelattice import Conditional, Const, widenconst
from irc.lattice.typeprint import show
from irc.lattice import typetable as TT
from irc.lattice.subtype import match_signature
from irc.lattice.types import BOTTOM, FunctionValue, union_members, unwrap_unionall
from irc.output.fmt import format_expr, global_stmt_text
from irc.output.text import format_type_expr
from irc.syntax import tree as S
from irc.world.dispatch import MAX_UNION_SPLIT, dispatch, may_apply
from irc.world.notes import argument_text, declaration_name


def find_stmt(fn: ir.Function, text: str) -> int | None:
    """The statement index `%N` / `N` names in `fn`, or None."""
    t = text.strip()
    labelled = t.startswith("%")
    t = t.lstrip("%")
    if not t.isdigit():
        return None
    n = int(t)
    if labelled:
        for i, st in enumerate(fn.stmts, start=1):
            if st.label == n:
                return i
    return n if 1 <= n <= len(fn.stmts) else None


def explain_stmt(fn: ir.Function, result: Any, world: Any, i: int, functions: list[ir.Function] = ()) -> str:
    """The explanation text (see the module doc)."""
    st = fn.stmt(i)
    t = result.ssa_types[i]
    head = (f"%{st.label} (statement {i}, line {st.line})" if st.label is not None
            else f"statement {i} (line {st.line})") + f" in {fn.name}: "
    if t is None:
        return head + "never reached\n" + _why_unreached(fn, result, i)
    out = [head + show(t) + ("  (taken from the input: --use-printed-types)" if i in result.from_input else "")]
    call = _call_of(st)
    if call is None:
        out.extend(_explain_other(fn, result, world, i, st))
    else:
        out.extend(_explain_call(fn, result, world, i, call, functions))
    diags = [d for d in result.diagnostics if d.span is not None and d.span.line == st.line]
    if diags:
        out.append("  diagnostics here:")
        out.extend(f"    {d.severity}: {d.message}" for d in diags)
    return "\n".join(out) + "\n"


def _explain_other(fn: ir.Function, result: Any, world: Any, i: int, st: ir.Stmt) -> list[str]:
    """A statement that is no call: a jump, a return, an assignment or a value that is a slot
    read, a `%k` copy or a literal -- what it does and where its type comes from."""
    K = ir.Kind
    if st.kind is K.GOTO:
        return [f"  goto #{st.target}: an unconditional jump to block #{st.target}; a jump has no value "
                "(Julia types it Any)"]
    if st.kind is K.GOTOIFNOT:
        cond = _value_type(fn, result, world, i, st.value)
        lines = [f"  goto #{st.target} if not {format_expr(st.value, fn)}: a branch on a condition of type "
                 f"{show(cond)}; false jumps to block #{st.target}, true falls through to the next block"]
        lines += _origin(fn, result, world, i, st.value)
        if type(cond) is Const and type(cond.val) is bool:
            lines.append(f"  the condition is the constant {str(cond.val).lower()}: only the "
                         f"{'fall-through' if cond.val else 'jump'} is reached")
        elif type(cond) is Conditional:
            lines.append("  the condition narrows a slot in each branch (a Conditional): see --slot for its states")
        return lines
    if st.kind is K.RETURN:
        if st.value is None:
            return ["  return: returns nothing (Nothing)"]
        rt = _value_type(fn, result, world, i, st.value)
        lines = [f"  return {format_expr(st.value, fn)}: returns {show(rt)}; Body:: is the merge of every "
                 f"reached return, widened: {show(widenconst(result.return_type))}"]
        return lines + _origin(fn, result, world, i, st.value)
    if st.kind is K.NEWVAR:
        name = fn.slots[st.slot - 1].name if st.slot else "?"
        return [f"  NewvarNode: slot {name} is undefined from here on (a marker with no value; Julia types it Any)"]
    if st.kind is K.ASSIGN:
        name = fn.slots[st.slot - 1].name if st.slot else "?"
        return ([f"  an assignment to slot {name}: its type is the value's; see --slot {name} for the slot's states"]
                + _origin(fn, result, world, i, st.value))
    if st.kind is K.UNREACHABLE:
        return ["  unreachable: Julia's marker for a point that is never reached (Union{})"]
    if st.kind in (K.ENTER, K.LEAVE):
        return [f"  {st.kind.name.lower()}: a try/catch region marker (no value)"]
    if st.value is None:
        return [f"  {st.kind.name.lower()}: no value"]
    g = global_stmt_text(st.value) if st.kind is K.VALUE else None
    if g is not None:  # `:+` read as the global (irc.ir.globalsym)
        return [f"  {g}: the global `{st.value.parts[0]}` of the method's module, as Julia prints a GlobalRef "
                "without its module (Julia 1.12's rules or an annotation Core.Const(op): docs/semantics.md §11)"]
    return _origin(fn, result, world, i, st.value) or [f"  {format_expr(st.value, fn)}: an expression irc types "
                                                       "by its own rule (no call to dispatch)"]


def _value_type(fn: ir.Function, result: Any, world: Any, i: int, v: Any) -> Any:
    from irc.infer.transfer import Transfer

    return Transfer(fn, world).eval_value(i, v, result.state_before(i) or {}, result.ssa_types)


def _origin(fn: ir.Function, result: Any, world: Any, i: int, v: Any) -> list[str]:
    """Where a value's type comes from: a slot read, a `%k`, a literal (nothing for other values)."""
    while type(v) is S.Typed:
        v = v.expr
    if type(v) is S.SlotRef and v.id:
        name = fn.slots[v.id - 1].name
        return [f"  a read of slot {name}: its state here is {show(_value_type(fn, result, world, i, v))}; "
                f"see --slot {name} for how it got there"]
    if type(v) is S.SSA:
        k = v.n
        if 1 <= k <= len(fn.stmts):
            src = fn.stmt(k)
            where = f"%{src.label}" if src.label is not None else f"statement {k}"
            t = result.ssa_types[k]
            return [f"  its value is {where} (statement {k}, line {src.line}): "
                    f"{'never reached' if t is None else show(t)}; see --stmt {where}"]
    if type(v) is S.Lit:
        return [f"  a literal: {show(_value_type(fn, result, world, i, v))}"]
    return []


def _why_unreached(fn: ir.Function, result: Any, i: int) -> str:
    b = fn.stmt_block[i]
    blk = fn.block(b)
    before = [k for k in range(blk.first, i) if result.ssa_types[k] is not None]
    if before and result.ssa_types[before[-1]] == BOTTOM:
        k = before[-1]
        return f"  statement {k} (line {fn.stmt(k).line}) before it in block #{b} is Union{{}}: it never returns\n"
    if result.entry(b) is None:
        return f"  its block #{b} is never entered (no reached predecessor takes an edge to it)\n"
    return ""


def _call_of(st: ir.Stmt):
    v = st.value
    while type(v) is S.Typed:
        v = v.expr
    if type(v) is S.Call:
        return v.func, v.args
    if type(v) is S.ExprNode and v.head == "call" and v.args:
        return v.args[0], v.args[1:]
    if type(v) is S.ExprNode and v.head == "invoke" and len(v.args) >= 2:
        return v.args[1], v.args[2:]
    return None


def _explain_call(fn, result, world, i, call, functions) -> list[str]:
    from irc.infer.transfer import Transfer

    func, args = call
    table = result.state_before(i) or {}
    tr = Transfer(fn, world)  # a fresh one: the result's own keeps its diagnostics
    f = tr.eval_value(i, func, table, result.ssa_types)
    argtypes = [tr.eval_value(i, a, table, result.ssa_types) for a in args]
    wargs = [tr.BOOL if type(a) is Conditional else a for a in argtypes]  # as inference passes them
    shown_args = ", ".join(format_expr(a, fn) + ("" if type(a) is S.Lit else f"::{show(t)}")
                           for a, t in zip(args, argtypes))
    out = [f"  call: {format_expr(func, fn)}({shown_args})"]
    callee = func
    while type(callee) is S.Typed:
        callee = callee.expr
    res = world.call(f, wargs, fn.module, callee=callee if type(callee) is S.Name else None)
    fv = f.val if type(f) is Const and type(f.val) is FunctionValue else None
    info = getattr(res, "info", None)
    if type(f) is not Const:
        out.append(f"  callee: {show(f)}, not a constant: Julia dispatches the call at run time")
    elif info is None and fv is not None and not res.diagnostics:
        out.append(f"  callee: {declaration_name(fv)}, a builtin typed by irc's own rule (Julia's tfunc)")
        if all(type(a) is Const for a in argtypes) and type(res.rt) is Const:
            out.append("  constant folding: every argument is a constant, and so is the result")
    elif info is not None:
        out.extend(_explain_dispatch(world, info, argtypes, wargs))
    elif fv is None:
        out.append(f"  callee: {show(f)} (a type: the call constructs an instance)")
    for d in res.diagnostics:
        if d.declare is not None:
            out.append(f"  irc has no declaration for this call: `{d.declare}::T` (T: what Julia infers) "
                       f"would answer it")
    if i in getattr(result._transfer, "skipped", ()):  # `irc.infer.throwblocks`
        rules = getattr(result.rules, "name", "1.10")
        out.append(f"  result: Any -- not inferred: the call is in a throw block and the function's effects "
                   f"before it are not known to be total, so Julia {rules} does not look at its methods "
                   f"(`should_infer_this_call`; with them it would be {show(res.rt)})")
    else:
        out.append(f"  result: {show(res.rt)}")
    target = fv.name if fv is not None else None
    body = [g for g in functions if target is not None and g.name == target and g is not fn]
    if body:
        g = body[0]
        out.append(f"  the callee's body is in this file: function {g.name} (line {g.line}); follow it with "
                   f"`irc explain FILE --function {g.name} --stmt %N`")
    return out


def _explain_dispatch(world, info, argtypes, wargs) -> list[str]:
    res = info.dispatch
    n = len(info.methods)
    semi = info.closed and info.qualname in getattr(world, "open_no_method", ())
    rule = ("declared by the file for a package: irc merges those declarations, and none applicable is Any "
            "(a method the file does not show may apply)" if semi else
            "closed world: the file declares every method of it, so none applicable means a MethodError"
            if info.closed else
            "open world: irc knows some of its methods (prelude, --prelude files), not all of Julia's")
    out = [f"  callee: {info.qualname}, {n} declaration{'s' if n != 1 else ''} known ({rule})"]
    applied = set(map(id, res.applied))
    at = TT.tuple_type(wargs)
    for m in info.methods:
        if id(m) in applied:
            mark = "applied"
        elif match_signature(at, m.sig) is not None:
            mark = "covers, less specific"
        elif may_apply(at, m):
            mark = "may apply"
        else:
            mark = "not applicable"
        out.append(f"    {_method_text(m)}  [{mark}]")
    if res.split:
        out.append(f"  union split: {res.split} cases, each dispatched on its own:")
        for combo in _combos(wargs):
            r = dispatch(info.methods, list(combo), world._eval_result, world._fold, info.closed,
                         open_no_method=semi)
            used = ", ".join(_method_text(m) for m in r.applied) or "no declaration"
            out.append(f"    ({argument_text(combo)}) -> {show(r.rt)}  by {used}")
    if res.open_gap:
        out.append("  no known declaration covers these argument types: a method irc does not know may apply, "
                   "so the result is Any")
    if res.no_method and info.closed and not semi:
        out.append("  no declaration applies: the call throws a MethodError (Union{})")
    if res.dynamic:
        out.append("  two or more declarations may apply to non-concrete arguments: runtime dispatch")
    folded = [m for m in res.applied if m.foldable]
    if folded and argtypes and all(type(a) is Const for a in argtypes):
        out.append(f"  constant folding: {_method_text(folded[0])} is @foldable and every argument is a constant")
    return out


def _combos(wargs):
    ms = [union_members(w) for w in wargs]
    total = 1
    for m in ms:
        total *= len(m)
    if total > 64:
        return []
    return list(product(*ms))[: max(MAX_UNION_SPLIT, 16)]


def _method_text(m) -> str:
    params = unwrap_unionall(m.sig).params
    result = show(m.result) if m.result is not None else format_type_expr(m.result_expr)
    where = f"{m.origin.rsplit('/', 1)[-1]}:{m.line}" if m.origin else ""
    return f"{declaration_name(m.func)}({argument_text(params)})::{result}" + (f" at {where}" if where else "")
