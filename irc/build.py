"""Syntax -> IR: slot numbering, label resolution, block checks (spec §1.3, §2, §4).

For each `syntax.FunctionDef`:

1. **Name and module** from the header (`function Main.f(…)`, the
   `MethodInstance` signature, or Julia 1.6's `#self#::Core.Const(f)`).
2. **Slots.**  Slot 1 is `#self#`, then the arguments (plain header params;
   `Arguments` entries; for 1.6 `Variables`, the leading entries the body
   never assigns), then the locals: in `Locals`/`Variables` order where such a
   section exists, else in order of first appearance in the body.  `@_N`,
   `_N` and `x@_N` pin slot N (locals allocated by first appearance skip
   pinned numbers).  A bare name in the body is a slot if it is an argument
   or local name, or is assigned anywhere in the body (or named by a
   `NewvarNode`); otherwise it is a global `Name`.  `Slot.declared` is the
   argument type from the header / MethodInstance signature (else the
   `Arguments`/`Variables` type), `Slot.julia_type` the printed section type.
3. **Statements.**  Labels map to statement indices (`%N` in Julia's text is
   already the index; hand-written labels need only be unique); every `%N`
   operand is rewritten to the index of the statement labelled N.
   `Core.Const(:(…))` lines are DEAD statements (their quoted operands keep
   Julia's numbering and are not checked).
4. **Blocks.**  The statements' own rule (`irc.cfg`: 1, enters, after
   terminators, jump targets) must find a text header at every block start;
   a header elsewhere splits a block; header numbers must equal their block's
   position; jump/enter targets must exist.  The resulting partition is
   stored in `fn.blocks` and `irc.cfg.compute_blocks` fills the edges.

Every problem in the file is collected and raised at once as `IrcError`
(same located format as syntax errors).  The syntax tree is not mutated:
resolved expressions are fresh nodes where anything changed.
"""
from __future__ import annotations

from . import cfg
from . import ir
from . import syntax as S
from .errors import DiagnosticSink, IrcError


def build_program(source: S.SourceFile) -> ir.Program:
    """All functions of a parsed file, with every semantic error reported."""
    from .parser import no_gc

    with no_gc():
        sink = DiagnosticSink(source.path, source.text)
        items: list[S.Item] = []
        functions: list[ir.Function] = []
        for it in source.items:
            if isinstance(it, S.FunctionDef):
                fn = _Builder(it, sink).build()
                if fn is not None:
                    functions.append(fn)
            else:
                items.append(it)
        sink.items.sort(key=lambda d: (d.span.line, d.span.col) if d.span else (0, 0))
        sink.raise_if_errors()
        return ir.Program(source.path, source.text, items, functions)


def build_function(fd: S.FunctionDef, path: str = "<input>", text: str = "") -> ir.Function:
    """One function (raises IrcError with all of its errors)."""
    sink = DiagnosticSink(path, text)
    fn = _Builder(fd, sink).build()
    sink.raise_if_errors()
    assert fn is not None
    return fn


_TERMINATOR_WORDS = {
    ir.Kind.GOTO: "a goto",
    ir.Kind.GOTOIFNOT: "a conditional goto",
    ir.Kind.RETURN: "a return",
    ir.Kind.UNREACHABLE: "unreachable",
    ir.Kind.ENTER: "an enter",
    ir.Kind.LEAVE: "a leave",
}


def _single(e) -> str | None:
    if isinstance(e, S.Name) and len(e.parts) == 1:
        return e.parts[0]
    return None


class _Builder:
    def __init__(self, fd: S.FunctionDef, sink: DiagnosticSink):
        self.fd = fd
        self.sink = sink
        self.slots: list[ir.Slot] = []
        self.by_name: dict[str, int] = {}
        self.has_locals_section = False
        self.ok = True

    def error(self, msg: str, line: int, col: int, code: str) -> None:
        self.sink.error(msg, line, max(col, 1), code=code)
        self.ok = False

    # ------------------------------------------------------------ header
    def _name_module(self) -> tuple[str, tuple[str, ...]]:
        fd = self.fd
        name = fd.name
        if fd.form == "variables":
            for e in fd.variables:
                if isinstance(e.name, S.Name) and e.name.parts == ("#self#",):
                    t = e.type
                    if isinstance(t, S.Call) and isinstance(t.func, S.Name) and t.func.parts in (("Core", "Const"), ("Const",)) and len(t.args) == 1:
                        arg = t.args[0]
                        if isinstance(arg, S.Name):
                            name = arg
                        elif isinstance(arg, S.SlotRef):
                            name = S.Name((f"{arg.name}@_{arg.id}" if arg.name else f"_{arg.id}",), arg.line, arg.col)
                    elif isinstance(t, S.Call) and isinstance(t.func, S.Name) and t.func.parts == ("typeof",) and len(t.args) == 1 and isinstance(t.args[0], S.Name):
                        name = t.args[0]
            if name is None:
                self.error("cannot tell the function's name: expected `#self#::Core.Const(f)` in `Variables`", fd.line, fd.col, "header")
                return "?", ("Main",)
        assert name is not None
        parts = name.parts
        if len(parts) == 1:
            return parts[0], ("Main",)
        return parts[-1], tuple(parts[:-1])

    def _add_slot(self, name: str, argument: bool, line: int, col: int, declared=None, julia_type=None) -> ir.Slot:
        sid = len(self.slots) + 1
        slot = ir.Slot(sid, name, argument, declared, julia_type, line, col)
        self.slots.append(slot)
        if not name.startswith("@_") and name not in self.by_name:
            self.by_name[name] = sid
        return slot

    def _entry_name(self, e: S.VarEntry) -> tuple[str, int | None]:
        """Printed name and pinned id of a section entry."""
        n = e.name
        if isinstance(n, S.SlotRef):
            if n.name is None:
                return f"@_{n.id}", n.id
            return n.name, n.id
        return n.parts[0], None

    def _header_slots(self) -> None:
        fd = self.fd
        if fd.form == "plain":
            self._add_slot("#self#", True, fd.line, fd.col)
            for p in fd.params:
                sid = len(self.slots) + 1
                self._add_slot(p.name if p.name else f"@_{sid}", True, p.line, p.col, declared=self._vararg_type(p))
            return
        if fd.form == "warntype":
            entries = fd.arguments
            sig_types = [self._vararg_type(p) for p in fd.params]
            if not entries:
                self._add_slot("#self#", True, fd.line, fd.col)
                for k, p in enumerate(fd.params):
                    sid = len(self.slots) + 1
                    self._add_slot(p.name if p.name else f"@_{sid}", True, p.line, p.col, declared=sig_types[k])
            else:
                for k, e in enumerate(entries):
                    name, pinned = self._entry_name(e)
                    sid = len(self.slots) + 1
                    if pinned is not None and pinned != sid:
                        self.error(f"`Arguments` entry `{name}@_{pinned}` is slot {sid}", e.line, e.col, "slot")
                    declared = sig_types[k - 1] if 1 <= k <= len(sig_types) else (None if k == 0 else e.type)
                    self._add_slot(name if name else f"@_{sid}", True, e.line, e.col, declared=declared, julia_type=e.type)
                if len(entries) - 1 != len(sig_types) and sig_types:
                    self.error(
                        f"`Arguments` lists {len(entries) - 1} arguments but the MethodInstance signature has {len(sig_types)}",
                        entries[0].line, entries[0].col, "header")
            self.has_locals_section = bool(fd.locals) or True
            for e in fd.locals:
                self._local_entry(e)
            return
        # Julia 1.6 `Variables`
        self.has_locals_section = True
        assigned = self._assigned_names()
        in_args = True
        for k, e in enumerate(fd.variables):
            name, pinned = self._entry_name(e)
            key = pinned if pinned is not None else name
            if k > 0 and (key in assigned or name in assigned):
                in_args = False
            if k == 0:
                in_args = True
            if in_args:
                sid = len(self.slots) + 1
                if pinned is not None and pinned != sid:
                    self.error(f"`Variables` entry `{name}` is slot {sid}, not {pinned}", e.line, e.col, "slot")
                self._add_slot(name, True, e.line, e.col, declared=(e.type if k > 0 else None), julia_type=e.type)
            else:
                self._local_entry(e)

    @staticmethod
    def _vararg_type(p: S.ArgDecl):
        if p.type is None:
            return None
        if p.vararg:
            return S.Curly(S.Name(("Vararg",)), [p.type], p.type.line if hasattr(p.type, "line") else 0, 0)
        return p.type

    def _local_entry(self, e: S.VarEntry) -> None:
        name, pinned = self._entry_name(e)
        sid = len(self.slots) + 1
        if pinned is not None and pinned != sid:
            self.error(f"local `{e.name.name if isinstance(e.name, S.SlotRef) and e.name.name else name}` is listed as slot {sid}, not {pinned}", e.line, e.col, "slot")
        self._add_slot(name, False, e.line, e.col, julia_type=e.type)

    def _assigned_names(self) -> set:
        """Names and pinned ids assigned (or NewvarNode'd) anywhere in the body."""
        out: set = set()
        for bl in self.fd.lines:
            st = bl.stmt
            t = st.target if isinstance(st, (S.Assign, S.NewvarNode)) else None
            if t is None:
                continue
            if isinstance(t, S.SlotRef):
                out.add(t.id)
                if t.name:
                    out.add(("named", t.name, t.id))
            elif isinstance(t, S.Name) and len(t.parts) == 1:
                out.add(t.parts[0])
        return out

    # ------------------------------------------------------------ body slots
    def _body_slots(self) -> None:
        """Locals by first appearance (bare assigned names) and pinned ids."""
        assigned = self._assigned_names()
        pinned: dict[int, tuple[str | None, int, int]] = {}
        order: list[tuple[str, int, int]] = []
        seen_names: set[str] = set()
        by_name = self.by_name
        for bl in self.fd.lines:
            names: list = []
            slots: list = []
            _collect_stmt(bl.stmt, names, slots)
            for node in slots:
                if node.id is not None:
                    old = pinned.get(node.id)
                    if old is None or (old[0] is None and node.name):
                        pinned[node.id] = (node.name, node.line, node.col)
            for node in names:
                nm = node.parts[0]
                if nm in by_name or nm in seen_names:
                    continue
                if nm in assigned:
                    seen_names.add(nm)
                    order.append((nm, node.line, node.col))
        nknown = len(self.slots)
        if self.has_locals_section:
            # appended locals (assigned names missing from the section)
            for nm, line, col in order:
                self._add_slot(nm, False, line, col)
            for sid, (nm, line, col) in sorted(pinned.items()):
                if sid < 1 or sid > len(self.slots):
                    shown = f"{nm}@_{sid}" if nm else f"@_{sid}"
                    self.error(f"slot `{shown}` is neither an argument nor a local (the function has {len(self.slots)} slots)", line, col, "unknown-slot")
            return
        # plain form without a Locals section: pinned ids are reserved
        total_new = len(order) + len([s for s in pinned if s > nknown])
        limit = nknown + total_new
        reserved = {s for s in pinned if s > nknown}
        slots_by_id: dict[int, tuple[str, int, int]] = {}
        for sid in reserved:
            nm, line, col = pinned[sid]
            slots_by_id[sid] = (nm or f"@_{sid}", line, col)
        nxt = nknown + 1
        for nm, line, col in order:
            while nxt in reserved:
                nxt += 1
            slots_by_id[nxt] = (nm, line, col)
            nxt += 1
        bad = [sid for sid in pinned if sid < 1] + [sid for sid in reserved if sid > limit]
        for sid in sorted(bad):
            nm, line, col = pinned[sid]
            shown = f"{nm}@_{sid}" if nm else f"@_{sid}"
            self.error(f"slot `{shown}` is neither an argument nor a local (the function has {limit} slots)", line, col, "unknown-slot")
        for sid in range(nknown + 1, limit + 1):
            if sid in slots_by_id:
                nm, line, col = slots_by_id[sid]
            else:
                nm, line, col = f"@_{sid}", 0, 0
            slot = ir.Slot(sid, nm, False, None, None, line, col)
            self.slots.append(slot)
            if not nm.startswith("@_") and nm not in self.by_name and sid not in reserved:
                self.by_name[nm] = sid

    # ------------------------------------------------------------ expressions
    def _resolve(self, e, ssa: dict[int, int], here: int, strict: bool = True):
        """A copy of `e` with slots and SSA indices resolved (shares unchanged nodes)."""
        t = type(e)
        if t is S.Name:
            if len(e.parts) == 1:
                sid = self.by_name.get(e.parts[0])
                if sid is not None:
                    return S.SlotRef(self.slots[sid - 1].name, sid, e.line, e.col)
            return e
        if t is S.SSA:
            idx = ssa.get(e.n)
            if idx is None:
                if strict:
                    self.error(f"undefined SSA value %{e.n}", e.line, e.col, "undefined-ssa")
                return e
            if strict and idx >= here:
                self.error(f"%{e.n} is used before its definition (statement {idx})" if idx > here else f"%{e.n} refers to its own statement", e.line, e.col, "undefined-ssa")
            return e if idx == e.n else S.SSA(idx, e.line, e.col)
        if t is S.SlotRef:
            if e.id is None:
                return e
            if 1 <= e.id <= len(self.slots):
                slot = self.slots[e.id - 1]
                if e.name is not None and e.name != slot.name and not slot.name.startswith("@_"):
                    if strict:
                        self.error(f"`{e.name}@_{e.id}` refers to slot {e.id}, which is named `{slot.name}`", e.line, e.col, "unknown-slot")
                    return e
                nm = e.name if e.name is not None else (None if slot.name.startswith("@_") else slot.name)
                return e if nm == e.name else S.SlotRef(nm, e.id, e.line, e.col)
            return e
        if t is S.Lit or t is S.BlockRef:
            return e
        if t is S.Call:
            f = e.func
            f2 = f if (type(f) is S.Name and len(f.parts) > 1) else self._resolve(f, ssa, here, strict)
            args = e.args
            new = None
            by_name = self.by_name
            for k, a in enumerate(args):
                ta = type(a)
                if ta is S.Lit:
                    continue
                if ta is S.SSA:  # inline the common leaves (speed)
                    idx = ssa.get(a.n)
                    if idx is not None and idx == a.n and idx < here:
                        continue
                    a2 = self._resolve(a, ssa, here, strict)
                elif ta is S.Name:
                    sid = by_name.get(a.parts[0]) if len(a.parts) == 1 else None
                    if sid is None:
                        continue
                    a2 = S.SlotRef(self.slots[sid - 1].name, sid, a.line, a.col)
                else:
                    a2 = self._resolve(a, ssa, here, strict)
                if a2 is not a:
                    if new is None:
                        new = list(args)
                    new[k] = a2
            if new is None and f2 is f:
                return e
            return S.Call(f2, new if new is not None else list(args), e.infix, e.line, e.col)
        if t is S.Typed:
            x = self._resolve(e.expr, ssa, here, strict)
            return e if x is e.expr else S.Typed(x, e.type, e.line, e.col)
        if t is S.Curly:
            h = self._resolve(e.head, ssa, here, strict)
            ps = [self._resolve(a, ssa, here, strict) for a in e.params]
            return S.Curly(h, ps, e.line, e.col)
        if t is S.ExprNode:
            return S.ExprNode(e.head, [self._resolve(a, ssa, here, strict) for a in e.args], e.line, e.col)
        if t is S.New:
            return S.New(self._resolve(e.type, ssa, here, strict), [self._resolve(a, ssa, here, strict) for a in e.args], e.line, e.col)
        if t is S.Quote:
            return S.Quote(self._resolve(e.expr, ssa, here, strict), e.line, e.col)
        if t is S.TupleLit:
            return S.TupleLit([self._resolve(a, ssa, here, strict) for a in e.items], e.line, e.col)
        if t is S.TypedVect:
            return S.TypedVect(e.elt, [self._resolve(a, ssa, here, strict) for a in e.items], e.line, e.col)
        if t is S.Splat:
            return S.Splat(self._resolve(e.expr, ssa, here, strict), e.line, e.col)
        if t is S.Where:
            return e
        return e

    def _target_slot(self, target) -> int | None:
        if isinstance(target, S.SlotRef):
            if target.id is not None and 1 <= target.id <= len(self.slots):
                slot = self.slots[target.id - 1]
                if target.name is not None and target.name != slot.name and not slot.name.startswith("@_"):
                    self.error(f"`{target.name}@_{target.id}` refers to slot {target.id}, which is named `{slot.name}`",
                               target.line, target.col, "unknown-slot")
                return target.id
            return None
        if isinstance(target, S.Name) and len(target.parts) == 1:
            return self.by_name.get(target.parts[0])
        return None

    # ------------------------------------------------------------ build
    def build(self) -> ir.Function | None:
        fd = self.fd
        name, module = self._name_module()
        self._header_slots()
        self._body_slots()
        lines = fd.lines
        if not lines:
            self.error("function body is empty (expected at least one statement)", fd.line, max(fd.col, 1), "empty")
            return None
        # labels -> statement indices
        ssa: dict[int, int] = {}
        for i, bl in enumerate(lines, 1):
            if bl.label is not None:
                if bl.label in ssa:
                    self.error(f"duplicate label %{bl.label} (first used on statement {ssa[bl.label]})", bl.line, max(bl.col - 1, 1), "duplicate-label")
                else:
                    ssa[bl.label] = i
        stmts: list[ir.Stmt] = []
        for i, bl in enumerate(lines, 1):
            stmts.append(self._stmt(bl, ssa, i))
        static = list(fd.static_params)
        fn = ir.Function(name, module, self.slots, stmts, static_params=static, julia_return=fd.body_type,
                         form=fd.form, source=fd, line=fd.line)
        self._blocks(fn, lines)
        return fn if self.ok else fn

    def _stmt(self, bl: S.BodyLine, ssa: dict[int, int], i: int) -> ir.Stmt:
        st = bl.stmt
        line, col = bl.line, bl.col
        K = ir.Kind
        t = type(st)
        if t is S.ValueStmt:
            return ir.Stmt(K.VALUE, self._resolve(st.value, ssa, i), None, None, [], bl.label, bl.annotation, line, col)
        if t is S.Assign and type(st.target) is S.Name and len(st.target.parts) > 1:
            # `Main.x = v`: a global assignment; its value is v's (Julia's Expr(:(=), GlobalRef, v))
            node = S.ExprNode("=", [st.target, self._resolve(st.value, ssa, i)], st.line, st.col)
            return ir.Stmt(K.VALUE, node, None, None, [], bl.label, bl.annotation, line, col)
        if t is S.Assign:
            sid = self._target_slot(st.target)
            if sid is None:
                self._bad_target(st.target)
            return ir.Stmt(K.ASSIGN, self._resolve(st.value, ssa, i), sid, None, [], bl.label, bl.annotation, line, col)
        common = dict(label=bl.label, annotation=bl.annotation, line=line, col=col)
        if isinstance(st, S.Goto):
            return ir.Stmt(K.GOTO, target=st.block, **common)
        if isinstance(st, S.GotoIfNot):
            return ir.Stmt(K.GOTOIFNOT, value=self._resolve(st.cond, ssa, i), target=st.block, **common)
        if isinstance(st, S.Return):
            v = self._resolve(st.value, ssa, i) if st.value is not None else None
            return ir.Stmt(K.RETURN, value=v, **common)
        if isinstance(st, S.Unreachable):
            return ir.Stmt(K.UNREACHABLE, **common)
        if isinstance(st, S.NewvarNode):
            sid = self._target_slot(st.target)
            if sid is None:
                self._bad_target(st.target)
            return ir.Stmt(K.NEWVAR, slot=sid, **common)
        if isinstance(st, S.Enter):
            return ir.Stmt(K.ENTER, target=st.block, **common)
        if isinstance(st, S.Leave):
            return ir.Stmt(K.LEAVE, args=[self._resolve(a, ssa, i) for a in st.args], **common)
        if isinstance(st, S.DeadStmt):
            inner = self._resolve(st.inner, ssa, i, strict=False) if st.inner is not None else None
            return ir.Stmt(K.DEAD, value=inner, **common)
        raise AssertionError(st)  # pragma: no cover

    def _bad_target(self, target) -> None:
        if isinstance(target, S.SlotRef):
            shown = f"{target.name}@_{target.id}" if target.name else f"@_{target.id}"
            self.error(f"slot `{shown}` is neither an argument nor a local", target.line, target.col, "unknown-slot")
        else:
            self.error("assignment target is not a slot", getattr(target, "line", 0), getattr(target, "col", 1), "unknown-slot")

    def _blocks(self, fn: ir.Function, lines: list[S.BodyLine]) -> None:
        n = len(fn.stmts)
        headers: dict[int, tuple[int, S.BodyLine]] = {}  # stmt index -> (number, line)
        by_number: dict[int, int] = {}
        for i, bl in enumerate(lines, 1):
            if bl.header is not None:
                headers[i] = (bl.header, bl)
                by_number.setdefault(bl.header, i)
        required: dict[int, str] = {1: "the first statement"}
        for i, st in enumerate(fn.stmts, 1):
            if st.kind in (ir.Kind.GOTO, ir.Kind.GOTOIFNOT, ir.Kind.ENTER):
                tgt = st.target
                if tgt not in by_number:
                    what = "enter" if st.kind is ir.Kind.ENTER else "jump"
                    self.error(f"{what} to block #{tgt}, which has no header `{tgt} ─`", st.line, st.col, "missing-block")
                else:
                    required.setdefault(by_number[tgt], f"a jump target (#{tgt})")
            if st.kind is ir.Kind.ENTER:
                required.setdefault(i, "an enter")
            if st.kind in ir.TERMINATORS and i < n:
                required.setdefault(i + 1, f"the statement after {_TERMINATOR_WORDS[st.kind]}")
        starts = sorted(set(required) | set(headers))
        position = {s: k + 1 for k, s in enumerate(starts)}
        for s in sorted(required):
            if s not in headers:
                k = position[s]
                bl = lines[s - 1]
                why = required[s]
                if why.startswith("the statement after"):
                    msg = f"statement after a terminator without a block header (expected `{k} ─` here: it starts block #{k})"
                else:
                    msg = f"missing block header `{k} ─`: {why} starts block #{k}"
                self.error(msg, bl.line, 1, "missing-header")
        for s, (num, bl) in headers.items():
            k = position[s]
            if num != k:
                self.error(f"block header says #{num} but this is block #{k}", bl.line, 1, "header-mismatch")
        cfg.partition(fn, starts)
        cfg.compute_blocks(fn)


def _collect_stmt(st, names: list, slots: list) -> None:
    """Single-part Names and SlotRefs of a statement, in text order."""
    t = type(st)
    if t is S.Assign:
        _collect(st.target, names, slots)
        _collect(st.value, names, slots)
    elif t is S.ValueStmt:
        _collect(st.value, names, slots)
    elif t is S.GotoIfNot:
        _collect(st.cond, names, slots)
    elif t is S.Return:
        if st.value is not None:
            _collect(st.value, names, slots)
    elif t is S.NewvarNode:
        _collect(st.target, names, slots)
    elif t is S.Leave:
        for a in st.args:
            _collect(a, names, slots)
    elif t is S.DeadStmt:
        if st.inner is not None:
            _collect(st.inner, names, slots)


def _collect(e, names: list, slots: list) -> None:
    """Recursive over expressions (depth bounded by the parser)."""
    t = type(e)
    if t is S.Name:
        if len(e.parts) == 1:
            names.append(e)
    elif t is S.SlotRef:
        slots.append(e)
    elif t is S.Call:
        _collect(e.func, names, slots)
        for a in e.args:
            ta = type(a)
            if ta is S.SSA or ta is S.Lit:
                continue
            if ta is S.Name:
                if len(a.parts) == 1:
                    names.append(a)
                continue
            _collect(a, names, slots)
    elif t is S.SSA or t is S.Lit:
        return
    elif t is S.Typed:
        _collect(e.expr, names, slots)  # the type is not a value
    elif t is S.Curly:
        _collect(e.head, names, slots)
        for a in e.params:
            _collect(a, names, slots)
    elif t is S.ExprNode:
        for a in e.args:
            _collect(a, names, slots)
    elif t is S.New:
        _collect(e.type, names, slots)
        for a in e.args:
            _collect(a, names, slots)
    elif t is S.Quote or t is S.Splat:
        _collect(e.expr, names, slots)
    elif t is S.TupleLit:
        for a in e.items:
            _collect(a, names, slots)
    elif t is S.TypedVect:
        for a in e.items:
            _collect(a, names, slots)
