"""The nesting limit: expressions deeper than `MAX_DEPTH` are rejected with a located error.

Later passes recurse over expressions; bounding the depth here keeps them
within Python's default recursion limit.  `expr_depth` measures a tree
without recursion (an explicit stack) and stops counting past the limit;
only lines at least `MAX_DEPTH` characters long can hold such an
expression, so `long_lines` picks the few worth measuring.

Invariants: iterative (no recursion over input size); a pure function of
the items.
"""
from __future__ import annotations



from irc.syntax import tree as S
from irc.syntax.recovery import ErrorList

MAX_DEPTH = 128  # deepest expression nesting accepted (a line shorter than this cannot be deeper)


def _children(node) -> list:
    """Sub-expressions of a syntax node (for the iterative depth check)."""
    if isinstance(node, S.Call):
        return [node.func, *node.args]
    if isinstance(node, S.Curly):
        return [node.head, *node.params]
    if isinstance(node, S.Where):
        out = [node.body]
        for v in node.vars:
            out.extend(x for x in (v.lower, v.upper, v.value) if x is not None)
        return out
    if isinstance(node, S.Typed):
        return [node.expr, node.type]
    if isinstance(node, (S.ExprNode,)):
        return list(node.args)
    if isinstance(node, S.New):
        return [node.type, *node.args]
    if isinstance(node, S.Quote):
        return [node.expr]
    if isinstance(node, S.TupleLit):
        return list(node.items)
    if isinstance(node, S.TypedVect):
        return ([node.elt] if node.elt is not None else []) + list(node.items)
    if isinstance(node, S.Splat):
        return [node.expr]
    return []


def _stmt_exprs(stmt) -> list:
    if isinstance(stmt, (S.Assign,)):
        return [stmt.value]
    if isinstance(stmt, S.ValueStmt):
        return [stmt.value]
    if isinstance(stmt, S.GotoIfNot):
        return [stmt.cond]
    if isinstance(stmt, S.Return):
        return [stmt.value] if stmt.value is not None else []
    if isinstance(stmt, S.Leave):
        return list(stmt.args)
    if isinstance(stmt, S.DeadStmt):
        return [stmt.inner] if stmt.inner is not None else []
    return []


def expr_depth(root, limit: int = MAX_DEPTH) -> int:
    """Nesting depth of an expression, computed without recursion; stops
    counting once past `limit`."""
    best = 0
    stack = [(root, 1)]
    while stack:
        node, d = stack.pop()
        if d > best:
            best = d
            if best > limit:
                return best
        for ch in _children(node):
            if ch is not None and not isinstance(ch, (S.Lit, S.Name, S.SSA, S.SlotRef, S.BlockRef)):
                stack.append((ch, d + 1))
    return best


def _item_exprs(item) -> list:
    if isinstance(item, S.BodyLine):
        return _stmt_exprs(item.stmt) + ([item.annotation] if item.annotation is not None else [])
    if isinstance(item, S.MethodDecl):
        return [a.type for a in item.args if a.type is not None] + ([item.result] if item.result is not None else [])
    if isinstance(item, S.ConstDecl):
        return [item.value]
    if isinstance(item, S.FunctionDef):
        return [p.type for p in item.params if p.type is not None] + ([item.body_type] if item.body_type is not None else [])
    return []


def long_lines(lines: list[str], threshold: int = MAX_DEPTH) -> set[int]:
    """Numbers of the lines at least `threshold` characters long."""
    if not lines or max(map(len, lines)) < threshold:
        return set()
    return {i for i, ln in enumerate(lines, 1) if len(ln) >= threshold}


def check_depth(items, long: set[int], errors: ErrorList) -> None:
    """Reject expressions nested deeper than MAX_DEPTH (only the `long`
    lines can hold one)."""
    if not long:
        return
    objs: list = []
    for it in items:
        objs.append(it)
        if isinstance(it, S.FunctionDef):
            objs.extend(it.lines)
    for obj in objs:
        if getattr(obj, "line", 0) not in long:
            continue
        for e in _item_exprs(obj):
            if e is not None and expr_depth(e) > MAX_DEPTH:
                errors.add(f"expression nested too deeply (more than {MAX_DEPTH} levels)", obj.line, getattr(obj, "col", 1))
                break
