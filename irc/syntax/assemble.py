"""Step 3 of parsing: line objects are grouped into items.

`Assembler` walks the line objects of `irc.syntax.lines` in order with a
small state machine and builds the multi-line items: struct bodies, both
function headers (plain `function … end`; `MethodInstance` / `from` /
`Arguments` / `Locals` / `Body`; Julia 1.6's single `Variables` section)
with their `CodeInfo(` wrapper and their body lines, and a bare `CodeInfo(`
… `)` with no header (form "codeinfo"), and a body printed with no
`CodeInfo(` at all where the paste says it is one (Cthulhu's typed view:
`bare_bodies`, the lines where each starts, also form "codeinfo").  A line in a place where it cannot
stand is a located error in the shared `ErrorList` (code `MISPLACED`);
`starts` records where each item began.

A body line may come as its regex match (`irc.syntax.matches`, the
driver's parse): inside a function body it is appended as it is, anywhere
else it is first made the `MatchedLine` it stands for (`LineIndex`).

Invariants: every line object ends in exactly one item or one error; item
order is text order.
"""
from __future__ import annotations

import re
from itertools import compress, count
from operator import not_

from irc.syntax import cutoff, tree as S
from irc.syntax.lines import BodyTypeLine, CodeInfoClose, CodeInfoOpen, EllipsisLine, EndLine, FromLine, FuncHead, MIHead, SectionLine, StructHead
from irc.syntax.fastpath import MatchedLine, PackedLine
from irc.syntax.recovery import ErrorList

# The code of the errors for a line standing where no item can hold it (a
# `from` line, a section, a statement with no function open): after a header
# line that failed to parse they are its function's lines, not new mistakes
# (`parser.fold_cascades` folds them into the header's error).
MISPLACED = "misplaced"
_Match = re.Match
_BODY_TYPES = frozenset((MatchedLine, PackedLine, S.BodyLine, _Match))  # the types of body lines


class _BareBody:
    """Where a body printed with no `CodeInfo(` starts (an item start, for `Assembler._start_item`)."""

    __slots__ = ("line", "col")

    def __init__(self, line: int):
        self.line, self.col = line, 1


class Assembler:
    """Line objects -> items (state machine; see the module docstring)."""

    def __init__(self, errors: ErrorList, index=None, end: tuple[int, int] | None = None, word_cut: bool = False,
                 bare_bodies: frozenset[int] = frozenset()):
        self.err = errors
        self.bare_bodies = bare_bodies  # lines where a body with no `CodeInfo(` starts a function of its own
        self.end = end  # (line, column) just after the text's last character (`cutoff.end_position`), if known
        self.word_cut = word_cut  # the text's last line stops inside a header word (`cutoff.cut_header_word`)
        self.index = index  # the `matches.LineIndex` of the matches among the objects (None: there are none)
        self.items: list[S.Item] = []
        self.fn: S.FunctionDef | None = None
        self.fn_state = ""  # plain: "body"; warntype: "from", "sections", "body"
        self.section = ""
        self.in_codeinfo = False
        self.codeinfo_closed = False
        self.struct: S.StructDecl | None = None
        self.starts: list[int] = []  # lines where an item (declaration, struct, function) starts

    # -- helpers
    def _close_fn(self) -> None:
        fn = self.fn
        if fn is None:
            return
        if fn.form == "plain":
            self.err.add(f"function `{'.'.join(fn.name.parts) if fn.name else '?'}` has no `end`", fn.line, 1)
        elif self.in_codeinfo:
            self.err.add("`CodeInfo(` is never closed by `)`", fn.line, 1)
        self.fn = None

    def _finish_fn(self, end_line: int) -> None:
        fn = self.fn
        assert fn is not None
        fn.end_line = end_line
        self.items.append(fn)
        self.fn = None
        self.in_codeinfo = False
        self.codeinfo_closed = False

    def _end_warntype(self, at_end: bool = False) -> None:
        """A warntype/variables function ends where the next item begins (`at_end`: where the text
        does, so what it lacks was cut off: `irc.syntax.cutoff`)."""
        if self.fn is not None and self.fn.form != "plain":
            headless = self.fn_state != "body" and not self.fn.lines
            cut = at_end and self.end is not None and (headless or self.in_codeinfo)
            if cut:  # not when a line after the header's start is wrong (that is the cause), unless the
                # last line is a header word cut short (`parser._cut_header` says that one cut)
                after = [d for d in self.err.items if d.span is not None and d.span.line > self.fn.line]
                said = [d for d in after if d.code == cutoff.CODE]  # the last line's own error says it
                cut = not any(d.span.line < self.end[0] for d in after) and (self.word_cut or len(said) == len(after))
            if cut:
                if not self.word_cut and not said:
                    where = ("in the function's header, before `Body::T` and the body" if headless else
                             f"inside the `CodeInfo(` of line {self.fn.line}, before its closing `)`")
                    self.err.add(cutoff.message(self.end[0], where), *self.end, cutoff.CODE)
            else:
                if self.in_codeinfo:
                    self.err.add("`CodeInfo(` is never closed by `)`", self.fn.line, 1)
                if headless:
                    self.err.add("expected `Body::T` and the function body", self.fn.line, 1)
            last = self._last_line()
            self._finish_fn(last)

    def _last_line(self) -> int:
        """The line of the open function's last body line (its header's if none)."""
        lines = self.fn.lines
        if not lines:
            return self.fn.line
        last = lines[-1]
        return self.index.line_of(last) if type(last) is _Match else last.line

    def _start_item(self, obj) -> None:
        self.starts.append(obj.line)
        if self.struct is not None:
            self.err.add(f"struct `{'.'.join(self.struct.name.parts)}` has no `end`", self.struct.line, 1)
            self.items.append(self.struct)
            self.struct = None
        if self.fn is not None:
            if self.fn.form == "plain":
                self.err.add(f"expected `end` of function `{'.'.join(self.fn.name.parts) if self.fn.name else ''}` before this line", obj.line, getattr(obj, "col", 1))
                self._finish_fn(obj.line)
            else:
                self._end_warntype()

    def feed_all(self, objs: list) -> None:
        """`feed` every object; runs of body lines inside a function body
        (the common case) are appended whole (a slice), without the
        per-object dispatch: the other objects are found in one pass."""
        if self.bare_bodies:  # (rare) a body line may start a function: every object is looked at
            for obj in objs:
                self.feed(obj)
            return
        others = list(compress(count(), map(not_, map(_BODY_TYPES.__contains__, map(type, objs)))))  # ascending
        others.append(len(objs))
        i = 0
        for stop in others:
            while i < stop:  # objs[i:stop] are body lines
                fn = self.fn
                if fn is not None and self.fn_state == "body" and not self.codeinfo_closed and self.struct is None:
                    fn.lines.extend(objs[i:stop])  # appending a body line changes no state
                    i = stop
                    break
                self.feed(objs[i])
                i += 1
            if i < len(objs):
                self.feed(objs[i])  # not a body line
                i += 1

    def feed(self, obj) -> None:
        if self.bare_bodies and type(obj) in _BODY_TYPES:
            line = self.index.line_of(obj) if type(obj) is _Match else obj.line
            if line in self.bare_bodies and (self.fn is None or self.fn.line != line):
                self._start_item(_BareBody(line))
                self.fn = S.FunctionDef("codeinfo", None, codeinfo=True, line=line, col=1)
                self.fn_state = "body"
                self.in_codeinfo = False
                self.codeinfo_closed = False
        if type(obj) is _Match:
            if self.fn is not None and self.fn_state == "body" and not self.codeinfo_closed and self.struct is None:
                self.fn.lines.append(obj)
                return
            obj = self.index.line_object(obj)  # anywhere else: the line object it stands for
        if (type(obj) is MatchedLine or type(obj) is PackedLine or type(obj) is S.BodyLine) and self.fn is not None and self.fn_state == "body" and not self.codeinfo_closed \
                and self.struct is None:
            self.fn.lines.append(obj)  # the common case, first
            return
        # struct bodies
        if self.struct is not None:
            if isinstance(obj, EndLine):
                self.items.append(self.struct)
                self.struct = None
                return
            if isinstance(obj, EllipsisLine):
                self.struct.more = True
                return
            if isinstance(obj, S.BodyLine) and obj.header is None and obj.label is None and isinstance(obj.stmt, S.ValueStmt):
                value = obj.stmt.value
                if isinstance(value, S.SlotRef) or not (isinstance(value, S.Name) and len(value.parts) == 1):
                    self.err.add("expected a field `name::Type` or `end`", obj.line, obj.col)
                    return
                self.struct.fields.append(S.FieldDecl(value.parts[0], obj.annotation, obj.line, obj.col))
                return
            if isinstance(obj, S.BodyLine):
                self.err.add("expected a field `name::Type` or `end`", obj.line, obj.col)
                return
            if isinstance(obj, S.LineInfo):
                return
        if isinstance(obj, (S.MethodDecl, S.AbstractTypeDecl, S.StructDecl, S.ConstDecl, S.GlobalDecl)):
            self._start_item(obj)
            self.items.append(obj)
            return
        if isinstance(obj, StructHead):
            self._start_item(obj)
            self.struct = obj.decl
            return
        if isinstance(obj, FuncHead):
            self._start_item(obj)
            static = [v for v in obj.where]
            self.fn = S.FunctionDef("plain", obj.name, params=obj.params, static_params=static, line=obj.line, col=obj.col)
            self.fn_state = "body"
            self.in_codeinfo = False
            self.codeinfo_closed = False
            return
        if isinstance(obj, MIHead):
            self._start_item(obj)
            sig = S.Call(obj.name, [p.type if p.type is not None else S.Name(("Any",)) for p in obj.params], None, obj.name.line, obj.name.col)
            self.fn = S.FunctionDef("warntype", obj.name, params=obj.params, signature=sig, static_params=list(obj.where), line=obj.line, col=obj.col,
                                    callable=obj.callable, callee=obj.callee, callee_parens=obj.callee_parens)
            self.fn_state = "from"
            self.section = ""
            self.in_codeinfo = False
            self.codeinfo_closed = False
            return
        if isinstance(obj, FromLine):
            if self.fn is not None and self.fn.form == "warntype" and self.fn_state == "from":
                self.fn.from_text = obj.text
                self.fn_state = "sections"
                return
            self.err.add("a `from` line belongs right after `MethodInstance for …`", obj.line, obj.col, MISPLACED)
            return
        if isinstance(obj, SectionLine):
            if obj.name == "Variables" and (self.fn is None or self.fn_state == "body" or self.fn.form == "plain"):
                self._start_item(obj)
                self.fn = S.FunctionDef("variables", None, line=obj.line, col=obj.col)
                self.fn_state = "sections"
                self.section = "Variables"
                return
            if self.fn is not None and self.fn.form != "plain" and self.fn_state in ("from", "sections"):
                if obj.name == "Variables" or (self.fn.form == "variables" and obj.name in ("Arguments", "Locals")):
                    self.err.add(f"unexpected `{obj.name}` section here", obj.line, obj.col)
                    return
                self.fn_state = "sections"
                self.section = obj.name
                return
            self.err.add(f"a `{obj.name}` section belongs to a `MethodInstance for …` header", obj.line, obj.col, MISPLACED)
            return
        if isinstance(obj, BodyTypeLine):
            if self.fn is not None and self.fn.form != "plain" and self.fn_state in ("from", "sections"):
                self.fn.body_type = obj.type
                self.fn_state = "body"
                return
            if self.fn is not None and self.fn.form == "plain" and not self.fn.lines and self.fn.body_type is None:
                self.fn.body_type = obj.type
                return
            self.err.add("`Body::T` belongs after the header sections of a function", obj.line, obj.col, MISPLACED)
            return
        if isinstance(obj, CodeInfoOpen):
            if self.fn is not None and self.fn.form != "plain" and self.fn_state == "sections":
                self.fn_state = "body"
            if self.fn is not None and self.fn_state == "body" and not self.fn.lines and not self.in_codeinfo and not self.fn.codeinfo:
                self.fn.codeinfo = True
                self.in_codeinfo = True
                return
            if self.fn is None or (self.fn.form != "plain" and not self.in_codeinfo):
                # a bare `CodeInfo(`, as `@code_lowered` and `code_typed` print it: a function of its own
                self._start_item(obj)
                self.fn = S.FunctionDef("codeinfo", None, codeinfo=True, line=obj.line, col=obj.col)
                self.fn_state = "body"
                self.in_codeinfo = True
                self.codeinfo_closed = False
                return
            self.err.add("`CodeInfo(` belongs right after a function header", obj.line, obj.col, MISPLACED)
            return
        if isinstance(obj, CodeInfoClose):
            if self.fn is not None and self.in_codeinfo:
                self.in_codeinfo = False
                self.codeinfo_closed = True
                if obj.type is not None:
                    self.fn.body_type = obj.type
                if self.fn.form != "plain":
                    self._finish_fn(obj.line)
                return
            self.err.add("unexpected `)`: no `CodeInfo(` is open", obj.line, obj.col, MISPLACED)
            return
        if isinstance(obj, EllipsisLine):
            self.err.add("`...` alone on a line belongs in a struct body (fields the declaration does not list)",
                         obj.line, obj.col, MISPLACED)
            return
        if isinstance(obj, EndLine):
            if self.fn is not None and self.fn.form == "plain":
                if self.in_codeinfo:
                    self.err.add("expected `)` closing `CodeInfo(` before `end`", obj.line, obj.col)
                self._finish_fn(obj.line)
                return
            self.err.add("unexpected `end`", obj.line, obj.col, MISPLACED)
            return
        if isinstance(obj, S.LineInfo):
            if self.fn is not None:
                self.fn.line_infos.append(obj)
            return
        if isinstance(obj, S.BodyLine):
            fn = self.fn
            if fn is None:
                self.err.add("statement outside a function (expected `function f(…)`, `MethodInstance for …` or a declaration)", obj.line, obj.col, MISPLACED)
                return
            if fn.form != "plain" and self.fn_state in ("from", "sections"):
                self._section_entry(obj)
                return
            if self.codeinfo_closed:
                self.err.add("statement after the closing `)` of `CodeInfo(`", obj.line, obj.col)
                return
            fn.lines.append(obj)
            return
        raise AssertionError(f"unknown line object {obj!r}")  # pragma: no cover

    def _section_entry(self, obj: S.BodyLine) -> None:
        fn = self.fn
        assert fn is not None
        if self.fn_state == "from":
            self.err.add("expected a `from …` line or a section header", obj.line, obj.col)
            return
        if obj.header is not None or obj.label is not None:
            self.err.add("expected `Body::T` before the function body", obj.line, obj.col)
            return
        stmt = obj.stmt
        if self.section == "Static Parameters":
            if isinstance(stmt, S.Assign) and isinstance(stmt.target, S.Name):
                fn.static_params.append(S.TypeVarDecl(stmt.target.parts[0], value=stmt.value, line=obj.line, col=obj.col))
                return
            if isinstance(stmt, S.ValueStmt) and isinstance(stmt.value, S.Name) and len(stmt.value.parts) == 1:
                fn.static_params.append(S.TypeVarDecl(stmt.value.parts[0], line=obj.line, col=obj.col))
                return
            self.err.add("expected a static parameter `T = Type`", obj.line, obj.col)
            return
        if not isinstance(stmt, S.ValueStmt) or not isinstance(stmt.value, (S.Name, S.SlotRef)) or (isinstance(stmt.value, S.Name) and len(stmt.value.parts) != 1):
            self.err.add(f"expected a `name::Type` entry in the `{self.section or 'Arguments'}` section", obj.line, obj.col)
            return
        entry = S.VarEntry(stmt.value, obj.annotation, obj.line, obj.col)
        if self.section == "Locals":
            fn.locals.append(entry)
        elif self.section == "Variables":
            fn.variables.append(entry)
        elif self.section == "Arguments":
            fn.arguments.append(entry)
        else:
            self.err.add("expected a section header (`Arguments`, `Locals`) or `Body::T`", obj.line, obj.col)

    def finish(self) -> list[S.Item]:
        if self.struct is not None:
            self.err.add(f"struct `{'.'.join(self.struct.name.parts)}` has no `end`", self.struct.line, 1)
            self.items.append(self.struct)
            self.struct = None
        if self.fn is not None:
            if self.fn.form == "plain":
                name = ".".join(self.fn.name.parts) if self.fn.name else ""
                self.err.add(f"function `{name}` has no `end`", self.fn.line, self.fn.col)
                self._finish_fn(self._last_line())
            else:
                self._end_warntype(at_end=True)
        return self.items


# ---------------------------------------------------------------- depth check
