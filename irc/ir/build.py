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

**Where.**  This module drives the steps for each function (`_Builder.build`)
and checks the blocks (step 4); the header's name and slots are
`irc.ir.header`, the walk over the body that makes the statements and
resolves their operands `irc.ir.walk`, the slot table by the rule and the
decision to walk again `irc.ir.slottable`, a bare `CodeInfo(`'s signature
`irc.ir.signature`, a long body's walk in two processes `irc.ir.split`.

**How (one walk, usually).**  Steps 2-3 need the whole body before the
first operand can be resolved; the body is walked once, incrementally
(`irc.ir.walk`), the slot table is computed by the rule from what the walk
recorded, and the body is walked a second time only when the first walk's
result could differ (`irc.ir.slottable`).  Errors are reported in the order
of the rule's steps (slots, labels, statements, blocks).

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
"""
from __future__ import annotations

import re
from dataclasses import replace

from irc.ir import cfg, split as two, whole
from irc.ir.body import Body
from irc.ir import model as ir
from irc.ir.header import HeaderSlots
from irc.ir.slottable import _allocate, _assigned_names, _line_column, _true_order, _Walk
from irc.ir.walk import BodyWalk
from irc.syntax import cutoff, tree as S
from irc.errors import Diagnostic, DiagnosticSink, IrcError, Span
from irc.ir.signature import codeinfo_signature


def build_program(source: S.SourceFile, consume: bool = False, split: two.Split | None = None,
                  rules=None) -> ir.Program:
    """All functions of a parsed file, with every semantic error reported.
    With `consume`, the functions' packed body lines are dropped from
    `source` as they are turned into IR (see "Consumed lines" above): the
    caller must not read `source`'s body lines afterwards.  With `split`, a
    long body's first walk is shared with a forked child (`irc.ir.split`;
    the same IR).  `rules`: the Julia version read with (`irc.syntax.version`;
    None: 1.10), for what its printing means (`irc.ir.globalsym`)."""
    from irc.syntax.parser import no_gc

    outlined = rules is not None and rules.outlined_globalrefs

    with no_gc():
        sink = DiagnosticSink(source.path, source.text)
        items: list[S.Item] = []
        functions: list[ir.Function] = []
        last = source.items[-1] if source.items else None
        for it in source.items:
            if isinstance(it, S.FunctionDef):
                b = _Builder(it, sink, consume, index=source.line_index, split=split, outlined=outlined)
                b.text_at_end = source.text if it is last else None
                fn = b.build()
                if fn is not None:
                    functions.append(fn)
            else:
                items.append(it)
        sink.items = _after_the_cut(sink.items)
        sink.items.sort(key=lambda d: (d.span.line, d.span.col) if d.span else (0, 0))
        sink.raise_if_errors()
        return ir.Program(source.path, source.text, items, functions)


def _text_end(text: str) -> tuple[int, int]:
    """(line, column just after the last character) of the text's last line that is not blank:
    where a paste cut off ends (`cutoff.end_position`, without splitting a large text)."""
    k = len(text)
    while k and text[k - 1].isspace():  # (no copy of a large text)
        k -= 1
    nl = text.rfind("\n", 0, k)
    return text.count("\n", 0, k) + 1, k - nl


def _after_the_cut(items: list[Diagnostic]) -> list[Diagnostic]:
    """Without the errors a cut caused besides saying so: those located at or after the line a
    `cut-off` error names (`%3` read by a label cut short, a jump past the blocks the paste kept)."""
    cuts = [d.span.line for d in items if d.code == cutoff.CODE and d.span is not None]
    if not cuts:
        return items
    at = min(cuts)
    return [d for d in items if d.code == cutoff.CODE or d.span is None or d.span.line < at]


def build_function(fd: S.FunctionDef, path: str = "<input>", text: str = "", rules=None) -> ir.Function:
    """One function (raises IrcError with all of its errors); `rules` as `build_program`'s."""
    sink = DiagnosticSink(path, text)
    fn = _Builder(fd, sink, outlined=rules is not None and rules.outlined_globalrefs).build()
    sink.raise_if_errors()
    assert fn is not None
    return fn



_Match = re.Match  # a body line kept as its regex match (`irc.syntax.matches`)

_TERMINATOR_WORDS = {
    ir.Kind.GOTO: "a goto",
    ir.Kind.GOTOIFNOT: "a conditional goto",
    ir.Kind.RETURN: "a return",
    ir.Kind.UNREACHABLE: "unreachable",
    ir.Kind.ENTER: "an enter",
    ir.Kind.LEAVE: "a leave",
}


class _Builder(HeaderSlots, BodyWalk):
    def __init__(self, fd: S.FunctionDef, sink: DiagnosticSink, consume: bool = False, objects: bool = False,
                 index=None, split: two.Split | None = None, outlined: bool = False):
        self.fd = fd
        # a whole statement `:op` is the global `op` unless annotated a Symbol (Julia 1.12: `irc.ir.globalsym`)
        self.outlined = outlined
        self.split = split  # a long body's first walk in two processes (`irc.ir.split`)
        self.consume = consume and not fd.has_markers  # drop packed lines once turned into IR
        # `objects`: the walk makes an `ir.Stmt` per statement and the body is converted at the end
        # (`Body.from_stmts`): the path the column path must equal (tests/ir/test_column_build_equals_objects.py)
        self.objects = objects
        self.index = index  # the `matches.LineIndex` of the body's matches (None: `fd.lines` holds none)
        self.text_at_end: str | None = None  # the file's text, when this is its last item (a cut shows at its end)
        self.sink = sink
        self.slots: list[ir.Slot] = []
        self.by_name: dict[str, int] = {}
        self.has_locals_section = False
        self.ok = True
        self.codeinfo: tuple = ((), [], None)  # form "codeinfo": irc.ir.signature.codeinfo_signature

    def error(self, msg: str, line: int, col: int, code: str) -> None:
        self.sink.error(msg, line, max(col, 1), code=code)
        self.ok = False

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
        notes = [Diagnostic(n[3] if len(n) > 3 else "note", n[2], Span(self.sink.path, n[0], n[1]), "paste")
                 for n in fd.notes]  # (line, col, message[, severity])
        assigned = _assigned_names(lines) if fd.form in ("variables", "codeinfo") else set()
        if fd.form == "codeinfo":
            self.codeinfo = codeinfo_signature(fd, assigned, self.sink.path)
            if self.codeinfo[2]:
                notes.append(Diagnostic("note", self.codeinfo[2], Span(self.sink.path, fd.line, fd.col), "signature"))
        name, module = self._name_module()
        self._header_slots(assigned)
        if not lines:
            if self.text_at_end is not None and fd.form != "plain":  # the text ends after the header
                end = _text_end(self.text_at_end)
                self.error(cutoff.message(end[0], "after the header, before the body's first statement"), *end,
                           cutoff.CODE)
            else:
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
        if (cut := whole.cut_off(fn)) is not None:
            self.error(*cut)  # a paste that ends before Julia's body does: its blocks would mislead
        else:
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
        """In Julia's own printing `%N` labels statement N (every version; a
        statement printed without `%N` still counts): in a paste a label off
        its index -- the first one too -- means a line is missing (or one too
        many): one error for the function, which is then not built (every
        other error would be a consequence).  Only a hand-written
        `function … end` (not checked here) may number labels otherwise."""
        for i, bl in enumerate(lines, 1):
            if type(bl) is _Match:
                lab = bl.group(2)
                if lab is None:
                    continue
                lab = int(lab)
                if lab == i:
                    continue
                bl = self.index.line_object(bl)
            lab = bl.label
            if lab is None:
                continue
            if lab != i:
                if lab > i:
                    gap = lab - i
                    what = f"{'a line seems' if gap == 1 else f'{gap} lines seem'} missing before this one"
                else:
                    what = "a line seems repeated or added before this one"
                self.error(f"`%{lab}` is statement {i} here: {what} (Julia numbers statements consecutively)",
                           bl.line, max(bl.col - 1, 1), "damaged")
                return False
        return True

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
                    if self.text_at_end is not None and fn.form != "plain" and by_number and tgt > max(by_number):
                        if self.ok is False and any(d.code == cutoff.CODE for d in self.sink.items):
                            continue  # (said once, at the first jump)
                        end = _text_end(self.text_at_end)
                        self.error(cutoff.message(end[0], f"after block #{max(by_number)}, before block #{tgt}, "
                                                  f"which line {st.line} jumps to"), *end, cutoff.CODE)
                    else:
                        self.error(f"{what} to block #{tgt}, which has no header `{tgt} ─`", st.line, st.col,
                                   "missing-block")
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
