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

**How (one walk, usually).**  Steps 2-3 need the whole body before the first
operand can be resolved (a name is a slot if assigned *anywhere*; pinned ids
anywhere shift the locals; `%N` may point forward).  Rather than collecting
that in a walk of its own, the body is walked once (`_Walk`, incremental):
labels are numbered at their statement, each new bare target name becomes
the next local when met, operands are resolved against the tables so far,
and the walk records what the rule depends on (explicit slot references,
names read while unknown, `%N` and `@_N` not yet defined).  The slot table
is then computed by the rule from those records (`_allocate`); when the
walk's tables equal the final ones and nothing it resolved could change
(`_Walk.holds` -- true for Julia's own output, where locals are assigned
before they are read), its result stands, else the body is walked again over
the final tables.  Errors are reported in the order of the rule's steps
(slots, labels, statements, blocks).  The per-statement objects (`ir.Stmt`,
copied `Call`s, `SlotRef`s for names; only where the statement is not
written as columns, see "The body as columns") are made with `object.__new__` and
every field set, which skips the dataclass `__init__` call (a third of their
cost); they equal what the constructors give.

**Packed lines.**  A body line the parser kept packed
(`irc.syntax.fastpath.PackedLine`: `[%N =] [x =] a | a op b | f(a, b[, c])`
with plain atoms, no `::T` inside the statement) is turned into its
`ir.Stmt` straight from the packed tuple: each operand is resolved as
`call`/`res` resolve the node it stands for, in the same order (callee
first), with the same records and errors, without building the syntax
node first.  Any other line, and a packed one with a `::T` inside, goes
the general way over the nodes (unpacked, not kept).  The two paths give
equal statements (tests/ir/test_packed_build_equals_general.py).

**Matched lines.**  Most packed lines come as `fastpath.MatchedLine`s:
the record of their `shape_re` match (`fastpath.match_record`: the texts
of the groups, the label's int, the columns), not yet packed.  Their
statement is made straight from the record, in one pass with the rest of
the walk: a slot name is resolved by one look-up of its text (`known`:
the slot names such a text can be, kept in step with `by_name`), a `%N`
defined before is an `SSA` without a detour, anything else goes as
`operand` resolves `pack_atom`'s value for it (`matched_atom`); a line
with a `::T` is packed (`fastpath.materialize`) and goes the packed way.
No field of the line is read (a duplicate label's error reads them, from
the record).  The three paths give equal statements (same tests).  In the
driver's parse (`parse_text(..., matches=True)`, `irc.syntax.matches`) such
a line comes as its `re.Match` itself: the walk reads the groups, the
label and the columns from the match (`m.start(k) - m.pos + 1`) exactly as
`match_record` would have put them, and its line from the source's
`LineIndex` (one more than the last match's when it starts right after
it); where a line object is needed (an error, `::T`, the `Variables` and
`CodeInfo` forms, statement markers) the match becomes the `MatchedLine`
the default parse makes (`LineIndex.line_object`).  A match's row leaves
its positions to the body (0 in `col` … `c2`; `Body.fill` reads them from
the source's `LineIndex` when a reader asks): the walk reads a column from
the match only where it records one (a name's first read, a slot's first
assignment) or makes the statement as objects.

**The body as columns** (`irc.ir.body`).  The statements go into the
function's `Body`, filled by the walk itself: a matched line's statement
is written as its row of columns straight from the record, with no
`ir.Stmt` nor node object (`tags`: one look-up gives the operand tag of a
slot name's, a global name's or a number's text, interned in the body on
its first read, with the same `unknown` record as the object way; a `%N`
numbered as written and defined before is `N << 2`); rows are collected
in a flat list and moved into the columns a slice of lines at a time (by
`struct`, one call per column).  A matched line the columns cannot hold
as the record stands (an operand `_x`, a `%N` not numbered before, the
label `%0`, a target that is no slot, an operator naming a slot) and every
other statement are made as objects as above and added by
`Body.append_stmt` (in columns if they give it back equal, else kept as
the object).  The column path takes the object way's steps in the same
order (callee, then operands; first reads, interning), so the body equals
`Body.from_stmts` of the statements the object way makes
(`_Builder(..., objects=True)`, kept for that comparison:
tests/ir/test_column_build_equals_objects.py).  The walk's body holds the
slot names it used (`_Walk.names`); `build` gives it the final ones,
equal where the walk holds.

**Consumed lines** (`build_program(source, consume=True)`, the driver's
way: it drops the syntax tree right after).  Each packed line is dropped
from `fd.lines` (the slot becomes `None`) as soon as the walk has made its
statement (a line written as a row: with the slice of lines it is in), so
the IR reuses the line's memory instead of adding to it (W1: ~400 MiB of
matched lines, freed while the IR is made, not after).  A
second walk, or a block error that names a dropped line, re-derives the
line (at the source line the body's `line` column gives) from the source
text (`_Builder._line_reader`: the same `shape_re` match and `_pack` the
parser used, so an equal line).  Bodies with statement markers
(kept for `irc fmt`) are never consumed.

**Split walk** (`build_program(..., split=Split(...))`, what `irc infer`
asks for when it runs its inputs in-process).  The first walk of a body of
`Split.min_lines` lines or more is shared with a forked child
(`irc.ir.split`): the child walks the later lines from the tables the
parent's lines will leave (their locals, listed before the fork; their
labels, looked up as read) and sends what its lines made; the parent walks
the earlier lines, checks what the child assumed and applies its part, or
walks the later lines itself.  Such a walk drops its lines after it, not
as it goes.  Same function as the one-process walk
(tests/ir/test_split_build.py).
"""
from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace
from struct import Struct

from irc import forking
from irc.ir import cfg, split as two
from irc.ir.body import ATOM, Body, CALL2, CALL3, INFIX, SLOT_TAG
from irc.ir import model as ir
from irc.syntax import tree as S
from irc.syntax.fastpath import _ATOM_WORDS as ATOM_WORDS, _atom_node as atom_node, MatchedLine, match_record, \
    materialize, qualified_parts as _qualified_parts, raw_stmt, unpack_stmt
from irc.errors import Diagnostic, DiagnosticSink, IrcError, Span
from irc.ir.signature import codeinfo_signature


def build_program(source: S.SourceFile, consume: bool = False, split: two.Split | None = None) -> ir.Program:
    """All functions of a parsed file, with every semantic error reported.
    With `consume`, the functions' packed body lines are dropped from
    `source` as they are turned into IR (see "Consumed lines" above): the
    caller must not read `source`'s body lines afterwards.  With `split`, a
    long body's first walk is shared with a forked child (`irc.ir.split`;
    the same IR)."""
    from irc.syntax.parser import no_gc

    with no_gc():
        sink = DiagnosticSink(source.path, source.text)
        items: list[S.Item] = []
        functions: list[ir.Function] = []
        for it in source.items:
            if isinstance(it, S.FunctionDef):
                fn = _Builder(it, sink, consume, index=source.line_index, split=split).build()
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


# the packed operands of a `PackedLine` by form (`fastpath.PackedLine`) after its operator or callee,
# in the order `call` resolves them: the value; both operands; the arguments (two, or three)
_PACKED_OPERANDS = ((4,), (4, 8), (6, 8))
_PACKED_CALL3 = (6, 8, 10)
# the same for a matched line (`fastpath.MatchedLine`): (argument index, index of its text in the record,
# i.e. `shape_re` group k + 1) of its operands: `a`; `a`, `b`; `x`, `y`; `x`, `y`, `z`
_MATCHED_VALUE, _MATCHED_INFIX = ((0, 3),), ((0, 3), (1, 5))
_MATCHED_CALL2, _MATCHED_CALL3 = ((0, 7), (1, 8)), ((0, 7), (1, 8), (2, 9))

_Match = re.Match  # a body line kept as its regex match (`irc.syntax.matches`)
_CHUNK = 1 << 15  # lines per slice of the walk (`_Builder._resolve_body`: rows are moved to the columns per slice)

_TERMINATOR_WORDS = {
    ir.Kind.GOTO: "a goto",
    ir.Kind.GOTOIFNOT: "a conditional goto",
    ir.Kind.RETURN: "a return",
    ir.Kind.UNREACHABLE: "unreachable",
    ir.Kind.ENTER: "an enter",
    ir.Kind.LEAVE: "a leave",
}


class _Builder:
    def __init__(self, fd: S.FunctionDef, sink: DiagnosticSink, consume: bool = False, objects: bool = False,
                 index=None, split: two.Split | None = None):
        self.fd = fd
        self.split = split  # a long body's first walk in two processes (`irc.ir.split`)
        self.consume = consume and not fd.has_markers  # drop packed lines once turned into IR
        # `objects`: the walk makes an `ir.Stmt` per statement and the body is converted at the end
        # (`Body.from_stmts`): the path the column path must equal (tests/ir/test_column_build_equals_objects.py)
        self.objects = objects
        self.index = index  # the `matches.LineIndex` of the body's matches (None: `fd.lines` holds none)
        self.sink = sink
        self.slots: list[ir.Slot] = []
        self.by_name: dict[str, int] = {}
        self.has_locals_section = False
        self.ok = True
        self.codeinfo: tuple = ((), [], None)  # form "codeinfo": irc.ir.signature.codeinfo_signature

    def error(self, msg: str, line: int, col: int, code: str) -> None:
        self.sink.error(msg, line, max(col, 1), code=code)
        self.ok = False

    # ------------------------------------------------------------ header
    def _name_module(self) -> tuple[str, tuple[str, ...]]:
        fd = self.fd
        name = fd.name
        if fd.form == "codeinfo":
            parts = self.codeinfo[0]
            return parts[-1], (tuple(parts[:-1]) or ("Main",))
        if fd.form == "variables":
            first = fd.variables[0] if fd.variables else None
            name = _self_name(first.type) if first is not None else None
            if name is not None and not _is_self(first) and not _visibly_callable(first.type):
                name = None  # `x::Int64` first: not the slot of a callable object, a header without `#self#`
            if name is None:
                self.error("cannot tell the function's name: expected `#self#::Core.Const(f)` (or the type of a callable "
                           "object) first in `Variables`", fd.line, fd.col, "header")
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

    def _header_slots(self, assigned: set) -> None:
        fd = self.fd
        if fd.form == "codeinfo":
            self._add_slot("#self#", True, fd.line, fd.col)
            for nm, pinned, typ, line, col in self.codeinfo[1]:
                sid = len(self.slots) + 1
                self._add_slot(nm if nm else f"@_{sid}", True, line, col, declared=typ)
            return
        if fd.form == "plain":
            self._add_slot("#self#", True, fd.line, fd.col)
            for p in fd.params:
                sid = len(self.slots) + 1
                slot = self._add_slot(p.name if p.name else f"@_{sid}", True, p.line, p.col,
                                      declared=self._vararg_type(p))
                # `xs::Int64...`, or `xs::Vararg{Int64, 2}` (the same method)
                slot.vararg = p.vararg or (type(p.type) is S.Curly and type(p.type.head) is S.Name
                                           and p.type.head.parts[-1] == "Vararg")
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
                # a vararg method (`from g(x, ys...)`): its last slot is the tuple of the trailing
                # signature types (`g(::Int64, ::Float64, ::String)`: `ys::Tuple{Float64, String}`)
                va = len(entries) > 1 and _from_is_vararg(fd.from_text)
                nfixed = len(entries) - 2 if va else len(entries) - 1
                for k, e in enumerate(entries):
                    name, pinned = self._entry_name(e)
                    sid = len(self.slots) + 1
                    if pinned is not None and pinned != sid:
                        self.error(f"`Arguments` entry `{name}@_{pinned}` is slot {sid}", e.line, e.col, "slot")
                    declared = sig_types[k - 1] if 1 <= k <= len(sig_types) else (None if k == 0 else e.type)
                    if va and k == len(entries) - 1 and len(sig_types) >= nfixed:
                        rest = sig_types[nfixed:]
                        declared = S.Curly(S.Name(("Core", "Tuple")), list(rest), e.line, e.col) \
                            if all(r is not None for r in rest) else e.type
                    slot = self._add_slot(name if name else f"@_{sid}", True, e.line, e.col, declared=declared,
                                          julia_type=e.type)
                    slot.vararg = va and k == len(entries) - 1
                if len(entries) - 1 != len(sig_types) and sig_types and not (va and len(sig_types) >= nfixed):
                    self.error(
                        f"`Arguments` lists {len(entries) - 1} arguments but the MethodInstance signature has {len(sig_types)}",
                        entries[0].line, entries[0].col, "header")
            self.has_locals_section = bool(fd.locals) or True
            for e in fd.locals:
                self._local_entry(e)
            return
        # Julia 1.6 `Variables`
        self.has_locals_section = True
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

    # ------------------------------------------------------------ build
    def build(self) -> ir.Function | None:
        fd = self.fd
        lines = fd.lines
        if self.index is not None and (fd.form in ("variables", "codeinfo") or fd.has_markers):
            # read line by line here (`_assigned_names`, `signature`, `fmt.stmt_markers`): as line objects
            line_object = self.index.line_object
            lines = fd.lines = [line_object(bl) if type(bl) is _Match else bl for bl in lines]
        if fd.form != "plain" and not self._numbered(lines):
            return None
        notes = [Diagnostic("note", m, Span(self.sink.path, line, col), "paste") for line, col, m in fd.notes]
        assigned = _assigned_names(lines) if fd.form in ("variables", "codeinfo") else set()
        if fd.form == "codeinfo":
            self.codeinfo = codeinfo_signature(fd, assigned)
            if self.codeinfo[2]:
                notes.append(Diagnostic("note", self.codeinfo[2], Span(self.sink.path, fd.line, fd.col), "signature"))
        name, module = self._name_module()
        self._header_slots(assigned)
        if not lines:
            self.error("function body is empty (expected at least one statement)", fd.line, max(fd.col, 1), "empty")
            return None
        header, header_names = self.slots, self.by_name
        # one walk that numbers labels and locals as it meets them ...
        walk = _Walk(header, header_names, {}, incremental=True)
        self._resolve_body(lines, walk)
        # ... then the slot table by the rule (§1.3) from what the walk saw
        order = _true_order(walk.order, walk.first_target, walk.early())
        slots, by_name, slot_errors = _allocate(header, header_names, self.has_locals_section, order, walk.pinned,
                                                gaps=fd.codeinfo)
        if not walk.holds(slots, by_name):  # a read before the first assignment, pinned ids, forward %N ...
            if self.consume:  # the lines the first walk dropped, again from the text
                again = self._line_reader()
                line_of = _line_column(walk.stmts)
                for k, bl in enumerate(lines):
                    if bl is None:
                        lines[k] = again(line_of[k])
                del again, line_of
            walk = _Walk(slots, by_name, walk.labels(), incremental=False)
            self._resolve_body(lines, walk)
        self.slots, self.by_name = slots, by_name
        for e in slot_errors:
            self.error(*e)
        ssa = walk.labels()
        for bl in walk.duplicates:
            self.error(f"duplicate label %{bl.label} (first used on statement {ssa[bl.label]})", bl.line, max(bl.col - 1, 1), "duplicate-label")
        for e in walk.errors:
            self.error(*e)
        static = list(fd.static_params)
        # the body lines are dropped from `source` (memory at scale) unless they carry Julia 1.12
        # statement markers, which `irc fmt` reprints from them (`fmt.stmt_markers`)
        slot_names = [None] + [sl.name for sl in slots]
        body = walk.stmts
        if type(body) is Body:  # filled by the walk (the tables it used are these: see `_Walk.holds`)
            body.slot_names = slot_names
        else:
            body = Body.from_stmts(body, slot_names)
        walk.stmts = None
        fn = ir.Function(name, module, slots, body, static_params=static, julia_return=fd.body_type,
                         form=fd.form, source=fd if fd.has_markers else replace(fd, lines=[]), line=fd.line,
                         notes=notes)
        self._blocks(fn, lines, walk)
        return fn

    def _line_reader(self):
        """`ln -> the packed body line at source line ln`, parsed again from
        the text as the parser did (`fastpath.split_fast`: the text split at
        newlines, `shape_re`, `_pack`): the lines a consuming walk dropped
        (see "Consumed lines").  One reader for many lines."""
        from irc.syntax.fastpath import fast_line_parser

        fast = fast_line_parser()
        text_lines = self.sink.source.split("\n")
        shape, pack = fast.shape_re.match, fast._pack

        def line(ln: int) -> S.BodyLine:
            m = shape(text_lines[ln - 1])
            bl = pack(m, ln) if m is not None else None
            assert bl is not None, f"line {ln} no longer reads as a packed line"
            return bl

        return line

    def _numbered(self, lines: list[S.BodyLine]) -> bool:
        """In Julia's own printing `%N` labels statement N: once the labels
        follow that numbering (the first one is its statement's index), a
        label off its index means a line is missing (or one too many) --
        one error for the function, which is then not built (every other
        error would be a consequence).  Labels numbered otherwise (written
        by hand) need only be unique."""
        julia = None
        for i, bl in enumerate(lines, 1):
            if type(bl) is _Match:
                lab = bl.group(2)
                if lab is None:
                    continue
                lab = int(lab)
                if julia and lab == i:
                    continue
                bl = self.index.line_object(bl)
            lab = bl.label
            if lab is None:
                continue
            if julia is None:
                julia = lab == i
            if julia and lab != i:
                if lab > i:
                    gap = lab - i
                    what = f"{'a line seems' if gap == 1 else f'{gap} lines seem'} missing before this one"
                else:
                    what = "a line seems repeated or added before this one"
                self.error(f"`%{lab}` is statement {i} here: {what} (Julia numbers statements consecutively)",
                           bl.line, max(bl.col - 1, 1), "damaged")
                return False
        return True

    # ------------------------------------------------------------ statements
    def _resolve_body(self, lines: list[S.BodyLine], walk: _Walk) -> None:
        """One walk over the body filling `walk` (see `_Walk`): the IR
        statements (`walk.stmts`: a `Body` written as it goes, see "The body
        as columns"; a list of `ir.Stmt` on the objects path), every operand
        resolved against `walk`'s slot table and label map; errors are
        recorded there, not reported."""
        errors, pinned, controls, unknown = walk.errors, walk.pinned, walk.controls, walk.unknown
        err = errors.append
        incremental = walk.incremental
        names = walk.names
        sid_of = walk.by_name.get
        ssa = walk.ssa
        ssa_get, ssa_setdefault = ssa.get, ssa.setdefault
        pinned_get = pinned.get
        Name, SSA, SlotRef, Call, Lit = S.Name, S.SSA, S.SlotRef, S.Call, S.Lit
        new_obj = object.__new__  # see `call`: the hot copies set every field of the slotted dataclass

        def pin(e) -> None:
            old = pinned_get(e.id)
            if old is None or (old[0] is None and e.name):
                pinned[e.id] = (e.name, e.line, e.col)

        def slot_ref(e, here: int, strict: bool):
            """An explicit `@_N` / `x@_N` (its id is not None)."""
            pin(e)
            sid = e.id
            if 1 <= sid < len(names):
                sname = names[sid]
                if e.name is not None and e.name != sname and not sname.startswith("@_"):
                    if strict:
                        err((f"`{e.name}@_{sid}` refers to slot {sid}, which is named `{sname}`", e.line, e.col, "unknown-slot"))
                    return e
                nm = e.name if e.name is not None else (None if sname.startswith("@_") else sname)
                return e if nm == e.name else SlotRef(nm, sid, e.line, e.col)
            walk.slot_misses.append(sid)
            return e

        def ssa_ref(e, here: int, strict: bool):
            idx = ssa_get(e.n)
            if idx is None:
                walk.ssa_misses.append(e.n)
                if strict:
                    err((f"undefined SSA value %{e.n}", e.line, e.col, "undefined-ssa"))
                return e
            if strict and idx >= here:
                err((f"%{e.n} is used before its definition (statement {idx})" if idx > here else f"%{e.n} refers to its own statement",
                     e.line, e.col, "undefined-ssa"))
            return e if idx == e.n else SSA(idx, e.line, e.col)

        def name_ref(e, here: int):
            """A single-part name: its slot, or the global it stays."""
            nm = e.parts[0]
            sid = sid_of(nm)
            if sid is None:
                if nm not in unknown:
                    unknown[nm] = (here, e.line, e.col)
                return e
            return SlotRef(names[sid], sid, e.line, e.col)

        def call(e, here: int, strict: bool):
            """`res` of a Call (the most common statement value), with the leaf
            operands -- literals, SSA values already numbered, names -- inline."""
            f = e.func
            if type(f) is not Name:
                f2 = res(f, here, strict)
            elif len(f.parts) == 1:  # operators are globals, a slot may be called
                f2 = f
                nm = f.parts[0]
                sid = sid_of(nm)
                if sid is not None:
                    f2 = SlotRef(names[sid], sid, f.line, f.col)
                elif nm not in unknown:
                    unknown[nm] = (here, f.line, f.col)
            else:
                f2 = f
            args = e.args
            new = None
            for k, a in enumerate(args):
                ta = type(a)
                if ta is Lit:
                    continue
                if ta is SSA:
                    n = a.n
                    if ssa_get(n) == n < here:  # numbered as written, defined before
                        continue
                    a2 = ssa_ref(a, here, strict)
                elif ta is Name:  # name_ref inline
                    if len(a.parts) != 1:
                        continue
                    nm = a.parts[0]
                    sid = sid_of(nm)
                    if sid is None:
                        if nm not in unknown:
                            unknown[nm] = (here, a.line, a.col)
                        continue
                    a2 = new_obj(SlotRef)  # SlotRef(names[sid], sid, a.line, a.col) without the __init__ call
                    a2.name = names[sid]
                    a2.id = sid
                    a2.line = a.line
                    a2.col = a.col
                else:
                    a2 = res(a, here, strict)
                if a2 is not a:
                    if new is None:
                        new = list(args)
                    new[k] = a2
            if new is None:
                if f2 is f:
                    return e
                new = list(args)
            c = new_obj(Call)  # Call(f2, new, e.infix, e.line, e.col) without the __init__ call
            c.func = f2
            c.args = new
            c.infix = e.infix
            c.line = e.line
            c.col = e.col
            return c

        def res(e, here: int, strict: bool = True):
            """A copy of `e` resolved (shares unchanged nodes; the syntax tree is not mutated)."""
            t = type(e)
            if t is Call:
                return call(e, here, strict)
            if t is SSA:
                return ssa_ref(e, here, strict)
            if t is Name:
                return name_ref(e, here) if len(e.parts) == 1 else e
            if t is SlotRef:
                return e if e.id is None else slot_ref(e, here, strict)
            if t is Lit or t is S.BlockRef or t is S.Where:
                return e
            if t is S.Typed:
                x = res(e.expr, here, strict)
                return e if x is e.expr else S.Typed(x, e.type, e.line, e.col)
            if t is S.Curly:
                h = res(e.head, here, strict)
                return S.Curly(h, [res(a, here, strict) for a in e.params], e.line, e.col)
            if t is S.ExprNode:
                return S.ExprNode(e.head, [res(a, here, strict) for a in e.args], e.line, e.col)
            if t is S.New:
                ty = res(e.type, here, strict)
                return S.New(ty, [res(a, here, strict) for a in e.args], e.line, e.col)
            if t is S.Quote:
                return S.Quote(res(e.expr, here, strict), e.line, e.col)
            if t is S.TupleLit:
                return S.TupleLit([res(a, here, strict) for a in e.items], e.line, e.col)
            if t is S.TypedVect:
                return S.TypedVect(e.elt, [res(a, here, strict) for a in e.items], e.line, e.col)
            if t is S.Splat:
                return S.Splat(res(e.expr, here, strict), e.line, e.col)
            return e

        def target_slot(target, here: int) -> int | None:
            """The slot an assignment / NewvarNode writes (None: an error was recorded)."""
            if type(target) is Name and len(target.parts) == 1:
                sid = sid_of(target.parts[0])
                if sid is None and incremental:
                    sid = add_local(target, here)
            elif type(target) is SlotRef:
                sid = target.id
                if sid is not None:
                    pin(target)
                    if 1 <= sid < len(names):
                        sname = names[sid]
                        if target.name is not None and target.name != sname and not sname.startswith("@_"):
                            err((f"`{target.name}@_{sid}` refers to slot {sid}, which is named `{sname}`",
                                 target.line, target.col, "unknown-slot"))
                        return sid
                    walk.slot_misses.append(sid)
                shown = f"{target.name}@_{sid}" if target.name else f"@_{sid}"
                err((f"slot `{shown}` is neither an argument nor a local", target.line, target.col, "unknown-slot"))
                return None
            else:
                sid = None
            if sid is None:
                err(("assignment target is not a slot", getattr(target, "line", 0), getattr(target, "col", 1), "unknown-slot"))
            return sid

        def add_local(target, here: int) -> int | None:
            """`walk.new_local` for an assigned bare name, in `known` and `tags` too (see there)."""
            sid = walk.new_local(target, here)
            if sid is not None:
                nm = target.parts[0]
                if nm[0] != "_" and nm not in ATOM_WORDS:
                    known[nm] = sid
                    tags[nm] = sid << 2 | SLOT_TAG
                    op_tags.pop(nm, None)  # (a `var"+"` assigned: `+` no longer a global operator)
            return sid

        def operand(v, ln: int, col: int, here: int):
            """A packed atom (`fastpath.pack_atom`) resolved: what `call`
            gives for the node `_atom_node` builds from it, without building it."""
            tv = type(v)
            if tv is int:  # %N
                node = new_obj(SSA)
                node.n = v
                node.line = ln
                node.col = col
                if ssa_get(v) == v < here:
                    return node
                return ssa_ref(node, here, True)
            if tv is tuple:  # a plain name (a callee may be qualified)
                if len(v) == 1:
                    nm = v[0]
                    sid = sid_of(nm)
                    if sid is not None:
                        node = new_obj(SlotRef)  # SlotRef(names[sid], sid, ln, col)
                        node.name = names[sid]
                        node.id = sid
                        node.line = ln
                        node.col = col
                        return node
                    if nm not in unknown:
                        unknown[nm] = (here, ln, col)
                node = new_obj(Name)
                node.parts = v
                node.line = ln
                node.col = col
                return node
            return res(atom_node(v, ln, col, {}), here)

        # Matched lines (`fastpath.MatchedLine`): `known` resolves the text of a plain atom of `shape_re`
        # that names a slot in one look-up: a slot name -> its id (the names `pack_atom` makes a `parts`
        # tuple of: not `_…`, `nothing`, `true`, `false`; kept in step with `by_name` by `target_slot`).
        known = {nm: sid for nm, sid in walk.by_name.items() if nm[:1] != "_" and nm not in ATOM_WORDS}
        known_get = known.get
        parts_of: dict[str, tuple] = {}  # a global name's text -> its shared `parts` (as the parser's `parts`)
        lits: dict[str, tuple] = {}  # a number's text -> (value, kind, text) of its `Lit`

        def matched_atom(a: str, ln: int, col: int, here: int):
            """A `shape_re` atom's text `known` does not resolve: what
            `operand` gives for `pack_atom(a)` (a `%N` not numbered before,
            a global, a number, `_x` …)."""
            c = a[0]
            if c == "%":
                return operand(int(a[1:]), ln, col, here)
            if "A" <= c <= "z" and c != "_" and a not in ATOM_WORDS:  # a global name
                if a not in unknown:
                    unknown[a] = (here, ln, col)
                node = new_obj(Name)
                node.parts = parts_of.get(a) or parts_of.setdefault(a, (a,))
                node.line = ln
                node.col = col
                return node
            lit = lits.get(a)
            if lit is None:
                node = atom_node(a, ln, col, {})
                if type(node) is not Lit:
                    return res(node, here)
                lits[a] = (node.value, node.kind, a)
                return node
            node = new_obj(Lit)  # Lit(value, kind, text, ln, col)
            node.value, node.kind, node.text = lit
            node.line = ln
            node.col = col
            return node

        # The column path (not `self.objects`): a matched line's row goes straight into the body
        # (`irc.ir.body`), its operands as tags.  `tags` gives the tag of an atom's text in one look-up:
        # a slot name's (as `known`, kept in step with it by `target_slot`), a global name's or a
        # number's once met here (`text_tag`: a global's first read is in `unknown` then).
        # A row is added as its 14 values to `rows` (one call, not one per column); `flush` moves them into
        # the columns every `_CHUNK` lines and before any other statement (which `append_stmt` adds).
        columns = not self.objects
        rows: list[int] = []
        others: list[int] = []  # the lines of the slice not written as rows (index in `lines`)
        row = rows.extend
        if columns:
            body = walk.stmts = Body(walk.names)  # `names` grows with the locals; final names: `build`
            body.positions = self.index  # a match's row leaves its positions to the source (`Body.fill`)
            name_tag, lit_tag = body.name_tag, body.lit_tag
            cols = (body.slot, body.label, body.line, body.col, body.vcol, body.f, body.fc, body.a0, body.a1, body.a2,
                    body.c0, body.c1, body.c2)
            append_stmt = body.append_stmt

            def flush() -> None:
                """The rows so far into the columns (each column's values packed by `struct` in one call:
                half the cost of `array.extend`, which converts item by item; a column of zeros -- the
                positions of rows from matches, left to `Body.fill` -- as zero bytes)."""
                n = len(rows) // 14
                body.shape.extend(bytes(rows[0::14]))
                for k, c in enumerate(cols, 1):
                    vals = rows[k::14]
                    if any(vals):
                        c.frombytes(Struct(f"{n}{c.typecode}").pack(*vals))
                    else:
                        c.frombytes(bytes(n * c.itemsize))
                rows.clear()

            def append(st: ir.Stmt) -> None:
                """Any other statement: in columns if they give it back equal (`Body.append_stmt`)."""
                if rows:
                    flush()
                append_stmt(st)
        else:
            walk.stmts = []
            append = walk.stmts.append
        tags = {nm: sid << 2 | SLOT_TAG for nm, sid in known.items()}
        tags_get = tags.get
        op_tags: dict[str, int] = {}  # an infix operator's text -> its tag, while it names no slot
        op_tags_get = op_tags.get

        def text_tag(t: str, ln: int, col: int, here: int):
            """The tag of a `shape_re` atom's text (not `%N`) that `tags` does
            not hold, entered there: what `matched_atom` resolves it to, as
            `Body.append_stmt` tags that node.  None for a text whose
            statement goes the object path (`_x`: a slot or a name by rules
            of its own)."""
            c = t[0]
            if "A" <= c <= "z":
                if c == "_":
                    return None
                if "." in t:  # a qualified callee (not a read of a name: not in `unknown`)
                    tag = name_tag(parts_of.get(t) or parts_of.setdefault(t, qualified(t)), ln, col)
                elif t in ATOM_WORDS:  # `nothing`, `true`, `false`
                    node = atom_node(t, ln, col, {})
                    if type(node) is not Lit:
                        return None
                    tag = lit_tag(node)
                else:  # a global name, read here first
                    if t not in unknown:
                        unknown[t] = (here, ln, col)
                    tag = name_tag(parts_of.get(t) or parts_of.setdefault(t, (t,)), ln, col)
            else:  # a number
                node = atom_node(t, ln, col, {})
                if type(node) is not Lit:
                    return None
                tag = lit_tag(node)
            tags[t] = tag
            return tag

        K = ir.Kind
        VALUE, ASSIGN = K.VALUE, K.ASSIGN
        Stmt = ir.Stmt
        ValueStmt, Assign = S.ValueStmt, S.Assign
        headers, by_number, duplicates = walk.headers, walk.by_number, walk.duplicates
        raw = raw_stmt
        consume = self.consume
        Matched, Match = MatchedLine, _Match
        qualified = _qualified_parts
        index = self.index
        line_at = index.at if index is not None else None
        line_starts = index.starts if index is not None else None
        mln = 0  # the last match's line (the next line starts at `line_starts[mln]`)
        # A long body's first walk in two processes (`irc.ir.split`): a forked child walks the lines from
        # `h` on while this process walks those before, then adds what the child's lines made.
        n_lines = len(lines)
        h = self.split.point(n_lines) if self.split is not None and walk.incremental and columns else None
        forked = None
        if h is not None and (self.split.fork or (self.split.fork is None and forking.can_fork())):
            # (the parent's lines' locals, before the fork: read in the child, each match's page would be copied)
            assumed_locals = two.locals_before(lines, h, walk.by_name, line_target)
            forked = forking.fork()
        in_child = type(forked) is forking.Sender
        start, stop = (h, n_lines) if in_child else (0, h if forked is not None else n_lines)
        split_walk = forked is not None
        if split_walk:  # the lines are dropped after the walk, not while the child shares their pages
            consume = False
        try:
            if in_child:  # the parent's lines: their locals numbered as the parent will, their labels looked up
                for nm in assumed_locals:
                    add_local(Name((nm,), 0, 0), 0)
                walk.order.clear()
                walk.first_target.clear()
                assumed_labels: list[int] = []
                ssa_get = two.lazy_labels(ssa_get, lines, h, assumed_labels)
            while True:
                for lo in range(start, stop, _CHUNK):  # (a slice at a time: `rows` stays small)
                    hi = min(lo + _CHUNK, stop)
                    for i, bl in enumerate(lines[lo:hi], lo + 1):
                        tb = type(bl)
                        if tb is Match or tb is Matched:  # the IR statement straight from the line's match (record)
                            if tb is Match:  # the match itself (`irc.syntax.matches`): what `match_record` would hold
                                rh, lab, target, a, op, b, callee, x, y, z, typ = r = bl.groups()
                                p = bl.pos
                                mln = ln = mln + 1 if line_starts[mln] == p else line_at(p)
                                if typ is None:
                                    if lab is not None:
                                        lab = int(lab)
                                    # A row's positions are left to the body (0: `Body.fill` reads them from the
                                    # source when asked); a column needed here is read from the match (`bl.start`).
                                    col = c4 = c5 = c6 = c7 = c8 = c9 = c10 = 0
                            else:
                                r = raw(bl)  # `fastpath.match_record`: the groups of `shape_re`, then the columns
                                rh, lab, target, a, op, b, callee, x, y, z, typ, col, c4, c5, c6, c7, c8, c9, c10, c11 = r
                                ln = bl.line
                            if typ is None:  # (a `::T` goes the packed way, below)
                                rowed = columns  # written as a row (see below)?
                                if lab is not None:
                                    if lab == i:
                                        lab = i  # one int object for the label, its `ssa` entry and its `%N` operands
                                    elif not lab:  # `%0`: no label in columns
                                        rowed = False
                                    if ssa_setdefault(lab, i) != i:
                                        duplicates.append(bl if tb is Matched else index.line_object(bl))
                                if rh is not None:
                                    hdr = int(rh.split()[0])
                                    headers[i] = (hdr, bl if tb is Matched else index.line_object(bl))
                                    by_number.setdefault(hdr, i)
                                if target is None:
                                    sid = None
                                else:
                                    sid = sid_of(target)
                                    if sid is None:
                                        sid = target_slot(Name(parts_of.get(target) or parts_of.setdefault(target, (target,)),
                                                               ln, col or bl.start(3) - bl.pos + 1), i)
                                        if sid is None:  # (an error: no slot)
                                            rowed = False
                                # The row in columns: the callee / operator first, then the operands, as `call`
                                # resolves them (same records, same order of first reads and interning); a
                                # statement the columns cannot hold (an operand `_x`, a `%N` not numbered before,
                                # the label `%0`, a target that is no slot, an operator naming a slot) goes the
                                # object way below from where it stood (what it did so far, it does again alike).
                                if rowed:
                                    if a is None:  # f(x, y[, z])
                                        ft = tags_get(callee)
                                        if ft is None:
                                            ft = text_tag(callee, ln, c7 or bl.start(7) - bl.pos + 1, i)
                                        if ft is not None:
                                            if x[0] == "%":
                                                n = int(x[1:])
                                                t0 = n << 2 if ssa_get(n) == n < i else None
                                            else:
                                                t0 = tags_get(x)
                                                if t0 is None:
                                                    t0 = text_tag(x, ln, c8 or bl.start(8) - bl.pos + 1, i)
                                            if t0 is not None:
                                                if y[0] == "%":
                                                    n = int(y[1:])
                                                    t1 = n << 2 if ssa_get(n) == n < i else None
                                                else:
                                                    t1 = tags_get(y)
                                                    if t1 is None:
                                                        t1 = text_tag(y, ln, c9 or bl.start(9) - bl.pos + 1, i)
                                                if t1 is not None:
                                                    if z is None:
                                                        shape, t2, c2 = CALL2, 0, 0
                                                    else:
                                                        shape, c2 = CALL3, c10
                                                        if z[0] == "%":
                                                            n = int(z[1:])
                                                            t2 = n << 2 if ssa_get(n) == n < i else None
                                                        else:
                                                            t2 = tags_get(z)
                                                            if t2 is None:
                                                                t2 = text_tag(z, ln, c10 or bl.start(10) - bl.pos + 1, i)
                                                    if t2 is not None:
                                                        row((shape, sid or 0, lab or 0, ln, c7 if target is None else col, c7,
                                                             ft, c7, t0, t1, t2, c8, c9, c2))
                                                        continue  # (the line is dropped with its slice)
                                    elif op is None:  # a
                                        if a[0] == "%":
                                            n = int(a[1:])
                                            t0 = n << 2 if ssa_get(n) == n < i else None
                                        else:
                                            t0 = tags_get(a)
                                            if t0 is None:
                                                t0 = text_tag(a, ln, c4 or bl.start(4) - bl.pos + 1, i)
                                        if t0 is not None:
                                            row((ATOM, sid or 0, lab or 0, ln, c4 if target is None else col, c4,
                                                 0, 0, t0, 0, 0, c4, 0, 0))
                                            continue  # (the line is dropped with its slice)
                                    else:  # a op b: the operator first (a global name; one naming a slot: the object way)
                                        ft = op_tags_get(op)
                                        if ft is None and op not in known:
                                            fc = c5 or bl.start(5) - bl.pos + 1
                                            if op not in unknown:
                                                unknown[op] = (i, ln, fc)
                                            ft = op_tags[op] = name_tag(parts_of.get(op) or parts_of.setdefault(op, (op,)), ln,
                                                                        fc)
                                        if ft is not None:
                                            if a[0] == "%":
                                                n = int(a[1:])
                                                t0 = n << 2 if ssa_get(n) == n < i else None
                                            else:
                                                t0 = tags_get(a)
                                                if t0 is None:
                                                    t0 = text_tag(a, ln, c4 or bl.start(4) - bl.pos + 1, i)
                                            if t0 is not None:
                                                if b[0] == "%":
                                                    n = int(b[1:])
                                                    t1 = n << 2 if ssa_get(n) == n < i else None
                                                else:
                                                    t1 = tags_get(b)
                                                    if t1 is None:
                                                        t1 = text_tag(b, ln, c6 or bl.start(6) - bl.pos + 1, i)
                                                if t1 is not None:
                                                    row((INFIX, sid or 0, lab or 0, ln, c4 if target is None else col, c4,
                                                         ft, c5, t0, t1, 0, c4, c6, 0))
                                                    continue  # (the line is dropped with its slice)
                                kind = VALUE if target is None else ASSIGN
                                if tb is Match:  # its record (`match_record`): the groups, then the columns
                                    r = match_record(bl)
                                    col, c4, c5, c6, c7, c8, c9, c10 = r[11:19]
                                # the callee / operator first, then the operands, as `call` resolves them
                                if a is None:  # f(x, y[, z])
                                    vcol = c7
                                    if "." in callee:
                                        f = new_obj(Name)
                                        f.parts = parts_of.get(callee) or parts_of.setdefault(callee, qualified(callee))
                                        f.line = ln
                                        f.col = vcol
                                    else:
                                        sid_a = known_get(callee)
                                        if sid_a is not None:
                                            f = new_obj(SlotRef)
                                            f.name = names[sid_a]
                                            f.id = sid_a
                                            f.line = ln
                                            f.col = vcol
                                        else:
                                            f = matched_atom(callee, ln, vcol, i)
                                    ks = _MATCHED_CALL2 if z is None else _MATCHED_CALL3
                                else:
                                    vcol = c4
                                    if op is not None:  # a op b: the operator is a name (`(op,)`), maybe a slot
                                        fcol = c5
                                        sid_a = known_get(op)
                                        if sid_a is not None:
                                            f = new_obj(SlotRef)
                                            f.name = names[sid_a]
                                            f.id = sid_a
                                        else:
                                            if op not in unknown:
                                                unknown[op] = (i, ln, fcol)
                                            f = new_obj(Name)
                                            f.parts = parts_of.get(op) or parts_of.setdefault(op, (op,))
                                        f.line = ln
                                        f.col = fcol
                                        ks = _MATCHED_INFIX
                                    else:
                                        ks = _MATCHED_VALUE
                                args = [None] * len(ks)  # exactly its length (as `vals[:]` below)
                                for j, k in ks:
                                    t = r[k]
                                    if t[0] == "%":
                                        n = int(t[1:])
                                        if (v := ssa_get(n)) == n < i:  # `%N` numbered as written, defined before
                                            node = new_obj(SSA)
                                            node.n = v  # the statement's index: one int object (see the label)
                                            node.line = ln
                                            node.col = r[k + 9]
                                            args[j] = node
                                        else:
                                            args[j] = operand(n, ln, r[k + 9], i)
                                        continue
                                    v = known_get(t)
                                    if v is not None:  # a slot
                                        node = new_obj(SlotRef)  # SlotRef(names[v], v, ln, col)
                                        node.name = names[v]
                                        node.id = v
                                        node.line = ln
                                        node.col = r[k + 9]
                                        args[j] = node
                                    else:
                                        args[j] = matched_atom(t, ln, r[k + 9], i)
                                if ks is _MATCHED_VALUE:
                                    v = args[0]
                                else:
                                    v = new_obj(Call)  # Call(callee, args, infix, ln, col)
                                    v.func = f
                                    v.args = args
                                    v.infix = op
                                    v.line = ln
                                    v.col = vcol
                                s = new_obj(Stmt)
                                s.kind = kind
                                s.value = v
                                s.slot = sid
                                s.target = None
                                s.args = ()
                                s.label = lab
                                s.annotation = None
                                s.line = ln
                                s.col = vcol if target is None else col
                                append(s)
                                if consume:
                                    lines[i - 1] = None
                                continue
                            if tb is Match:  # its `PackedLine`, in `lines` for what reads the line again
                                bl = lines[i - 1] = materialize(index.line_object(bl))
                            else:
                                bl = materialize(bl)  # its `PackedLine`
                        if columns:
                            others.append(i - 1)
                        label = bl.label
                        if label is not None and ssa_setdefault(label, i) != i:  # numbered before the statement's operands
                            duplicates.append(bl)
                        if bl.header is not None:
                            headers[i] = (bl.header, bl)
                            by_number.setdefault(bl.header, i)
                        st = raw(bl)
                        if type(st) is tuple:  # a packed line (fastpath.PackedLine): its IR statement without syntax nodes
                            ln = bl.line
                            if st[3] is None:
                                tparts = st[1]
                                if tparts is None:
                                    kind, sid = VALUE, None
                                else:
                                    kind = ASSIGN
                                    sid = sid_of(tparts[0])
                                    if sid is None:
                                        sid = target_slot(Name(tparts, ln, st[2]), i)
                                # the operands in `call`'s order (the callee first), each as `operand` resolves it,
                                # with its commonest cases inline: `%N` defined before, plain names
                                form = st[0]
                                if form:
                                    k = 6 if form == 1 else 4  # the operator / the callee
                                    f = st[k]
                                    if type(f) is tuple:  # a name, maybe qualified: `operand`'s case inline
                                        fcol = st[k + 1]
                                        if len(f) == 1:
                                            nm = f[0]
                                            sid_a = sid_of(nm)
                                            if sid_a is not None:
                                                node = new_obj(SlotRef)
                                                node.name = names[sid_a]
                                                node.id = sid_a
                                                node.line = ln
                                                node.col = fcol
                                                f = node
                                            elif nm not in unknown:
                                                unknown[nm] = (i, ln, fcol)
                                        if type(f) is tuple:
                                            node = new_obj(Name)
                                            node.parts = f
                                            node.line = ln
                                            node.col = fcol
                                            f = node
                                    else:
                                        f = operand(f, ln, st[k + 1], i)
                                vals = []
                                for k in _PACKED_OPERANDS[form] if len(st) < 12 else _PACKED_CALL3:
                                    a = st[k]
                                    ta = type(a)
                                    if ta is int:
                                        if ssa_get(a) == a < i:
                                            node = new_obj(SSA)
                                            node.n = a
                                            node.line = ln
                                            node.col = st[k + 1]
                                            vals.append(node)
                                            continue
                                    elif ta is tuple:  # `operand`'s case inline (an operand is never qualified)
                                        nm = a[0]
                                        sid_a = sid_of(nm)
                                        if sid_a is not None:
                                            node = new_obj(SlotRef)  # SlotRef(names[sid_a], sid_a, ln, col)
                                            node.name = names[sid_a]
                                            node.id = sid_a
                                            node.line = ln
                                            node.col = st[k + 1]
                                            vals.append(node)
                                            continue
                                        if nm not in unknown:
                                            unknown[nm] = (i, ln, st[k + 1])
                                        node = new_obj(Name)
                                        node.parts = a
                                        node.line = ln
                                        node.col = st[k + 1]
                                        vals.append(node)
                                        continue
                                    vals.append(operand(a, ln, st[k + 1], i))
                                if form == 0:
                                    v = vals[0]
                                else:
                                    v = new_obj(Call)  # Call(callee, args, infix, ln, col)
                                    v.func = f
                                    v.args = vals[:]  # exactly its length (appends leave room for 4: 16 B a call at scale)
                                    v.infix = st[6][0] if form == 1 else None
                                    v.line = ln
                                    v.col = st[5]
                                s = new_obj(Stmt)
                                s.kind = kind
                                s.value = v
                                s.slot = sid
                                s.target = None
                                s.args = ()
                                s.label = label
                                s.annotation = bl.annotation
                                s.line = ln
                                s.col = bl.col
                                append(s)
                                if consume:
                                    lines[i - 1] = None
                                continue
                            st = unpack_stmt(st, ln)  # `x = v::T`, `a op b::T`: the general path, on the nodes
                        t = type(st)
                        if t is ValueStmt:
                            kind, sid = VALUE, None
                        elif t is Assign:
                            target = st.target
                            if type(target) is Name and len(target.parts) > 1:
                                # `Main.x = v`: a global assignment; its value is v's (Julia's Expr(:(=), GlobalRef, v))
                                node = S.ExprNode("=", [target, res(st.value, i)], st.line, st.col)
                                append(Stmt(VALUE, node, None, None, [], label, bl.annotation, bl.line, bl.col))
                                continue
                            kind = ASSIGN
                            sid = sid_of(target.parts[0]) if type(target) is Name else None
                            if sid is None:
                                sid = target_slot(target, i)
                        else:
                            s = _other_stmt(bl, st, i, res, target_slot)
                            append(s)
                            if s.kind in ir.TERMINATORS:
                                controls.append(i)
                            continue
                        v = st.value
                        tv = type(v)
                        if tv is Call:
                            v = call(v, i, True)
                        elif tv is not SSA or not ssa_get(v.n) == v.n < i:  # `%k` numbered as written, defined before: itself
                            v = res(v, i)
                        s = new_obj(Stmt)  # Stmt(kind, v, sid, None, (), label, bl.annotation, bl.line, bl.col) without the __init__ call
                        s.kind = kind
                        s.value = v
                        s.slot = sid
                        s.target = None
                        s.args = ()  # no operands besides the value: one shared empty tuple, not a list per statement
                        s.label = label
                        s.annotation = bl.annotation
                        s.line = bl.line
                        s.col = bl.col
                        append(s)
                    if rows:
                        flush()
                    if columns and consume:  # the matched lines of the slice are dropped (not the lines `others` lists)
                        kept = [(k, lines[k]) for k in others]
                        lines[lo:hi] = [None] * (hi - lo)
                        for k, bl in kept:
                            lines[k] = bl
                        del kept
                    if not split_walk:
                        others.clear()
                if in_child:  # never returns
                    forked.send(two.child_part(walk, body, h, assumed_locals, assumed_labels, others))
                if forked is None:
                    break
                data = forked.receive()
                forked = None
                theirs = None if data is None else two.apply(
                    data, walk, body, lines, lambda nm, line, col, here: add_local(Name((nm,), line, col), here), index)
                if theirs is None:
                    start, stop = h, n_lines  # (the child failed or declined: the lines from `h` here)
                    continue
                for k in theirs:  # (the child's lines made as objects, as its walk left them: a match packed)
                    if type(lines[k]) is Match:
                        lines[k] = materialize(index.line_object(lines[k]))
                others += theirs
                break
        except BaseException:
            if in_child:
                forking.Sender.fail()
            if forked is not None:
                forked.discard()
            raise
        if split_walk and self.consume:  # as a one-process walk leaves them: only the lines made as objects
            kept = [(k, lines[k]) for k in others]
            lines[:] = [None] * n_lines
            for k, bl in kept:
                lines[k] = bl
            del kept
        # `res` and `call` refer to each other through their closure cells: a reference cycle that
        # holds `walk` and with it the whole body.  Clearing the cells lets reference counting free
        # the IR when the caller drops it (else only the cyclic GC can: ~0.4 s per 100k statements).
        del res, call

    # ------------------------------------------------------------ blocks
    def _blocks(self, fn: ir.Function, lines: list[S.BodyLine], walk: _Walk) -> None:
        """Check the text's block headers against the statements' own rule; partition."""
        n = len(fn.stmts)
        headers, by_number = walk.headers, walk.by_number
        required: dict[int, str] = {1: "the first statement"}
        for i in walk.controls:  # only terminators (goto, enter included) start blocks
            st = fn.stmts[i - 1]
            if st.kind in (ir.Kind.GOTO, ir.Kind.GOTOIFNOT, ir.Kind.ENTER):
                tgt = st.target
                if tgt not in by_number:
                    what = "enter" if st.kind is ir.Kind.ENTER else "jump"
                    self.error(f"{what} to block #{tgt}, which has no header `{tgt} ─`", st.line, st.col, "missing-block")
                else:
                    required.setdefault(by_number[tgt], f"a jump target (#{tgt})")
            if st.kind is ir.Kind.ENTER:
                required.setdefault(i, "an enter")
            if i < n:
                required.setdefault(i + 1, f"the statement after {_TERMINATOR_WORDS[st.kind]}")
        starts = sorted(set(required) | set(headers))
        position = {s: k + 1 for k, s in enumerate(starts)}
        again = None  # `_line_reader`, once a dropped line is needed
        for s in sorted(required):
            if s not in headers:
                k = position[s]
                bl = lines[s - 1]
                if type(bl) is _Match:
                    bl = self.index.line_object(bl)
                if bl is None:  # dropped by a consuming walk (see "Consumed lines")
                    if again is None:
                        again = self._line_reader()
                    bl = again(_line_column(fn.stmts)[s - 1])
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


_CONST_HEADS = (("Core", "Const"), ("Const",), ("Core", "Compiler", "Const"))


def _self_name(t) -> S.Name | None:
    """The function's name from the type Julia printed for slot 1 in
    `Variables`: `Core.Const(f)` / `Core.Compiler.Const(f, false)` -> f;
    `typeof(f)` -> f; `Core.Const(var"#1#2"())` (a closure instance) and a
    callable object's type (`var"#double_it_pullback#8"`, `f.var"#g#27"`,
    `Dense{…}`) -> the type's name."""
    if isinstance(t, S.Call) and isinstance(t.func, S.Name) and t.func.parts in _CONST_HEADS and t.args:
        arg = t.args[0]
        if isinstance(arg, S.Name):
            return arg
        if isinstance(arg, S.SlotRef):
            return S.Name((f"{arg.name}@_{arg.id}" if arg.name else f"_{arg.id}",), arg.line, arg.col)
        if isinstance(arg, S.Call) and not arg.args:
            return _type_name(arg.func)
        return None
    if isinstance(t, S.Call) and isinstance(t.func, S.Name) and t.func.parts == ("typeof",) and len(t.args) == 1 and isinstance(t.args[0], S.Name):
        return t.args[0]
    return _type_name(t)


def _is_self(e: S.VarEntry) -> bool:
    return isinstance(e.name, S.Name) and e.name.parts == ("#self#",)


def _visibly_callable(t) -> bool:
    """Does a first `Variables` entry not named `#self#` carry the type of a
    callable object (slot 1 of `(a::Dense)(x)`)?  Only when the type shows
    it: parametric (`Dense{…}`), qualified, a closure's (`var"#3#4"`), or a
    function's constant; a plain `x::Int64` is an argument of a header
    missing its `#self#`."""
    if isinstance(t, S.Call):
        return True
    if isinstance(t, (S.Curly, S.Where)):
        return True
    return isinstance(t, S.Name) and (len(t.parts) > 1 or "#" in t.parts[-1])


def _type_name(t) -> S.Name | None:
    while isinstance(t, (S.Curly, S.Where)):
        t = t.head if isinstance(t, S.Curly) else t.body
    if isinstance(t, S.Name):
        return S.Name((t.parts[-1],), t.line, t.col)
    return None


def _other_stmt(bl: S.BodyLine, st, i: int, res, target_slot) -> ir.Stmt:
    """Statements other than assignments and values (see `_Builder._resolve_body`)."""
    K = ir.Kind
    common = dict(label=bl.label, annotation=bl.annotation, line=bl.line, col=bl.col)
    t = type(st)
    if t is S.Goto:
        return ir.Stmt(K.GOTO, target=st.block, **common)
    if t is S.GotoIfNot:
        return ir.Stmt(K.GOTOIFNOT, value=res(st.cond, i), target=st.block, **common)
    if t is S.Return:
        v = res(st.value, i) if st.value is not None else None
        return ir.Stmt(K.RETURN, value=v, **common)
    if t is S.Unreachable:
        return ir.Stmt(K.UNREACHABLE, **common)
    if t is S.NewvarNode:
        return ir.Stmt(K.NEWVAR, slot=target_slot(st.target, i), **common)
    if t is S.Enter:
        return ir.Stmt(K.ENTER, target=st.block, **common)
    if t is S.Leave:
        return ir.Stmt(K.LEAVE, args=[res(a, i) for a in st.args], **common)
    if t is S.DeadStmt:
        inner = res(st.inner, i, False) if st.inner is not None else None
        return ir.Stmt(K.DEAD, value=inner, **common)
    raise AssertionError(st)  # pragma: no cover


# ---------------------------------------------------------------- the walk and the slot table


class _Walk:
    """One walk over a body (`_Builder._resolve_body`): its input tables and what it found.

    Incremental (the first walk): the slot table starts as the header's and
    each new bare target name becomes the next local as it is met; the label
    map starts empty and each label is numbered at its statement.  A name read
    before its first assignment is then resolved as a global, a pinned id may
    shift the locals, a `%N` may point forward: `holds` tells whether the
    output equals a walk over the final tables.  Otherwise (the second walk)
    the tables are final and are not extended.
    """

    def __init__(self, slots: list[ir.Slot], by_name: dict[str, int], ssa: dict[int, int], incremental: bool):
        self.incremental = incremental
        self.slots = list(slots)  # slots[i] has id i + 1
        self.by_name = dict(by_name)  # name -> slot id
        self.names = [""] + [s.name for s in slots]  # slot id -> name
        self.ssa = ssa  # label -> statement index (first use); see `labels`
        self.later_labels = None  # labels a split walk's child met, not yet in `ssa` (`irc.ir.split.apply`)
        # found by the walk, in text order
        self.stmts: list[ir.Stmt] | Body = []  # a `Body` filled by `_resolve_body` (a list on the objects path)
        self.errors: list[tuple] = []  # (message, line, col, code), in report order
        self.duplicates: list[S.BodyLine] = []  # lines repeating a label
        self.headers: dict[int, tuple[int, S.BodyLine]] = {}  # stmt index -> (header number, line)
        self.by_number: dict[int, int] = {}  # header number -> first stmt index
        self.controls: list[int] = []  # indices of terminators
        self.pinned: dict[int, tuple] = {}  # slot id -> (name or None, line, col): first (named) explicit reference
        self.unknown: dict[str, tuple[int, int, int]] = {}  # bare name read as no slot -> (stmt index, line, col) of its first read
        self.order: list[tuple[str, int, int]] = []  # locals numbered by the walk: (name, line, col) of the first assignment
        self.first_target: dict[str, int] = {}  # local name -> stmt index of its first assignment
        self.ssa_misses: list[int] = []  # %N not (yet) labelled
        self.slot_misses: list[int] = []  # @_N beyond the slots (numbered so far)

    def new_local(self, target: S.Name, here: int) -> int | None:
        """Number the next local for a bare target name missing from the table."""
        nm = target.parts[0]
        if nm in self.first_target:  # `@_…`-like names get a slot but no name lookup
            return None
        self.first_target[nm] = here
        self.order.append((nm, target.line, target.col))
        sid = len(self.slots) + 1
        self.slots.append(ir.Slot(sid, nm, False, None, None, target.line, target.col))
        self.names.append(nm)
        if nm.startswith("@_") or nm in self.by_name:
            return None
        self.by_name[nm] = sid
        return sid

    def labels(self) -> dict[int, int]:
        """The label map, every label met (`ssa` with `later_labels` added)."""
        if self.later_labels is not None:
            labs, idx = self.later_labels
            self.ssa.update(zip(labs, idx))
            self.later_labels = None
        return self.ssa

    def early(self) -> dict[str, tuple[int, int, int]]:
        """Locals read before their first assignment -> (stmt index, line, col) of the first read."""
        first = self.first_target
        return {nm: r for nm, r in self.unknown.items() if nm in first}

    def holds(self, slots: list[ir.Slot], by_name: dict[str, int]) -> bool:
        """Is this walk's output what a walk over the final tables would give?"""
        if not self.incremental:
            return True
        if self.slots != slots or self.by_name != by_name or self.early():
            return False
        ssa, n = self.labels() if self.ssa_misses else self.ssa, len(slots)
        return not any(k in ssa for k in self.ssa_misses) and not any(1 <= s <= n for s in self.slot_misses)


def _line_column(stmts) -> Sequence[int]:
    """The statements' source lines, index k for statement k + 1 (a `Body`'s `line` column)."""
    if type(stmts) is Body:
        return stmts.line
    return [st.line for st in stmts]


def _assigned_names(lines: list[S.BodyLine]) -> set:
    """Names and pinned ids assigned (or NewvarNode'd) anywhere in the body."""
    out: set = set()
    for bl in lines:
        t = line_target(bl)
        if t is None:
            continue
        if type(t) is str:
            out.add(t)
        elif isinstance(t, S.SlotRef):
            out.add(t.id)
            if t.name:
                out.add(("named", t.name, t.id))
    return out


def line_target(bl) -> str | S.SlotRef | None:
    """What a body line assigns (or NewvarNode's): a bare name, a `SlotRef`, or None."""
    if type(bl) is _Match:
        return bl.group(3)
    st = raw_stmt(bl)
    if type(bl) is MatchedLine:  # its target is a plain name or none
        return st[2]
    if type(st) is tuple:  # a packed line (fastpath.PackedLine): its target is a plain name or none
        return st[1][0] if st[1] is not None else None
    t = st.target if isinstance(st, (S.Assign, S.NewvarNode)) else None
    if isinstance(t, S.SlotRef):
        return t
    if isinstance(t, S.Name) and len(t.parts) == 1:
        return t.parts[0]
    return None


def _true_order(guess: list[tuple[str, int, int]], first_target: dict[str, int], early: dict) -> list[tuple[str, int, int]]:
    """Locals by first appearance: the guess (by first assignment) corrected by
    the reads that came before their name's first assignment.  An assignment
    comes first on its own statement; reads keep their text order."""
    if not early:
        return guess
    rank = {nm: k for k, nm in enumerate(early)}

    def key(entry):
        nm = entry[0]
        return (early[nm][0], rank[nm]) if nm in early else (first_target[nm], -1)

    return [(nm, *early[nm][1:]) if nm in early else (nm, line, col) for nm, line, col in sorted(guess, key=key)]


def _allocate(header: list[ir.Slot], header_names: dict[str, int], has_locals_section: bool,
              order: list[tuple[str, int, int]], pinned: dict[int, tuple], gaps: bool = False) -> tuple[list[ir.Slot], dict[str, int], list[tuple]]:
    """The slot table: header slots, then the body's locals (`order`: assigned
    names missing from the header, by first appearance) and pinned ids.
    Returns (slots, by_name, errors); errors are (message, line, col, code).
    `gaps`: Julia's own printing of a `CodeInfo(`, whose unused slots never
    show, so a pinned `@_8` past the slots seen is slot 8 all the same
    (the slots between are unnamed)."""
    slots = list(header)
    by_name = dict(header_names)
    errors: list[tuple] = []
    nknown = len(slots)
    if has_locals_section:
        # appended locals (assigned names missing from the section)
        for nm, line, col in order:
            sid = len(slots) + 1
            slots.append(ir.Slot(sid, nm, False, None, None, line, col))
            if not nm.startswith("@_") and nm not in by_name:
                by_name[nm] = sid
        for sid, (nm, line, col) in sorted(pinned.items()):
            if sid < 1 or sid > len(slots):
                shown = f"{nm}@_{sid}" if nm else f"@_{sid}"
                errors.append((f"slot `{shown}` is neither an argument nor a local (the function has {len(slots)} slots)", line, col, "unknown-slot"))
        return slots, by_name, errors
    # plain form without a Locals section: pinned ids are reserved
    reserved = {s for s in pinned if s > nknown}
    limit = nknown + len(order) + len(reserved)
    if gaps and reserved:
        limit = max(limit, max(reserved))
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
        errors.append((f"slot `{shown}` is neither an argument nor a local (the function has {limit} slots)", line, col, "unknown-slot"))
    for sid in range(nknown + 1, limit + 1):
        if sid in slots_by_id:
            nm, line, col = slots_by_id[sid]
        else:
            nm, line, col = f"@_{sid}", 0, 0
        slots.append(ir.Slot(sid, nm, False, None, None, line, col))
        if not nm.startswith("@_") and nm not in by_name and sid not in reserved:
            by_name[nm] = sid
    return slots, by_name, errors


def _from_is_vararg(from_text: str) -> bool:
    """Does the `from f(x, ys...) @ M file:line` line's method take a vararg
    last (`ys...`)?  Its argument list ends `...)` (or `...) where …`)."""
    head = from_text.split(" @ ", 1)[0].strip()
    depth, close = 0, -1
    for i, c in enumerate(head):
        if c in "({[":
            depth += 1
        elif c in ")}]":
            depth -= 1
            if depth == 0 and c == ")" and close < 0:
                close = i
    return close > 0 and head[:close].rstrip().endswith("...")
