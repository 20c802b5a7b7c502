"""Parse `.ir` text into the surface syntax tree (`irc.syntax.tree`).

`parse_text(text, path)` runs three steps, each in its own module, plus a
fast path in front of the first, and a step before all:

-1. **Paste** (`irc.syntax.paste`, `irc.syntax.forms`): a paste's debris is
   blanked (positions kept), the outputs irc does not read are reported and
   blanked (one located error each); after the steps, each bare `CodeInfo(`
   gets the signature its command tells (`FunctionDef.hint`) and the
   paste's notes go to the functions they concern.

0. **Fast path** (`irc.syntax.fastpath`): the commonest body lines (rails,
   labels, assignments, calls, infix chains, gotos, returns) are parsed
   without Lark, building exactly the objects Lark would (the commonest of
   all kept as the record of their match, `fastpath.MatchedLine`: they read
   as those objects; with `matches=True`, the driver's way, as the match
   itself, `irc.syntax.matches`); the
   other lines go on, and Lark sees the text with the parsed lines blanked,
   lexing only the spans that hold the rest -- unless those are all
   comments, `end` and plain `function f(x::T, …)` headers
   (`irc.syntax.heads`), which are read without loading Lark at all.
1. **Lines** (`irc.syntax.lines`): the Lark LALR parser (grammar/irc.lark,
   built once per process by `irc.syntax.grammar`) reads the rest as a
   sequence of lines; its `SyntaxBuilder` transformer turns each line into
   one object (a `BodyLine`, a declaration, or a header marker).
2. **Recovery** (`irc.syntax.recovery`): a syntax error is recorded with
   the expected tokens named in words, the parser skips to the next line and
   resumes, so every bad line of a file is reported, one error per line.
3. **Items** (`irc.syntax.assemble`): the line objects of both paths,
   merged in line order (`merge_by_line`), are grouped into items: structs,
   functions with their headers, `CodeInfo(` wrapper and body lines.

A line that cannot stand where it is, right after a line that failed to
parse, belongs to the item that line would have started: it is counted in
that line's error, not reported again (`fold_cascades`: a mistyped header
is one error, not one per line of its function).

Invariants: `parse_text` never raises anything but `IrcError` (all errors of
the file at once, sorted by position); the result holds no Lark objects;
expression nesting deeper than `MAX_DEPTH` is rejected with a located error
(`irc.syntax.depth`), so later passes may recurse over expressions safely;
nothing here recurses over input size.
"""
from __future__ import annotations

import bisect
import difflib
import gc
from operator import attrgetter

from irc.errors import Diagnostic, IrcError, Span
from irc.syntax import cutoff, tree as S
from irc.syntax.assemble import MISPLACED, Assembler
from irc.syntax.depth import MAX_DEPTH, check_depth, expr_depth, long_lines
from irc.syntax.fastpath import split_fast
from irc.syntax.matches import split_matches
from irc.syntax.forms import PRE_1_0, judge, pre_1_0_form, signature_hint, title_return
from irc.syntax.heads import plain_lines
from irc.syntax.paste import Output, clean
from irc.syntax.recovery import ErrorList, multiline_types, parse_with_retries
from irc.syntax.unreadable import SEVERITY as UNREADABLE_SEVERITY, rewrite, unreadable_annotations


def read_source(path: str) -> str:
    """Read a file as UTF-8; undecodable bytes are a located `IrcError`."""
    try:
        with open(path, "rb") as fh:
            data = fh.read()
    except OSError as exc:
        raise IrcError([Diagnostic("error", f"cannot read file: {exc.strerror or exc}", Span(path, 1, 1), "io")]) from None
    return decode_source(data, path)


def decode_source(data: bytes, path: str) -> str:
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        before = data[: exc.start]
        line = before.count(b"\n") + 1
        line_start = before.rfind(b"\n") + 1
        col = len(before[line_start:].decode("utf-8", errors="replace")) + 1
        shown = data.decode("utf-8", errors="replace")
        raise IrcError(
            [Diagnostic("error", f"invalid UTF-8 byte 0x{data[exc.start]:02x} (files must be UTF-8)", Span(path, line, col), "encoding")],
            shown,
        ) from None
    if text.startswith("\ufeff"):
        text = text[1:]
    return text


def merge_by_line(a: list, b: list, a_lines=None) -> list:
    """Merge two lists of line objects, each sorted by line (no line is in
    both); `a_lines[k]` is the line of `a[k]` when given (`a` may hold
    matches, which have no `line`).  A few objects into many are inserted by
    bisection."""
    if not a:
        return b
    if not b:
        return a
    if len(b) * 16 < len(a):
        out = list(a)
        if a_lines is None:
            key = _line_of
            for obj in b:
                bisect.insort(out, obj, key=key)
        else:
            for obj in reversed(b):  # from the last: each insertion leaves the earlier positions as they are
                out.insert(bisect.bisect_right(a_lines, obj.line), obj)
        return out
    if a_lines is None:
        a_lines = list(map(_line_of, a))
    out = []
    i = j = 0
    while i < len(a) and j < len(b):
        if a_lines[i] <= b[j].line:
            out.append(a[i])
            i += 1
        else:
            out.append(b[j])
            j += 1
    out.extend(a[i:])
    out.extend(b[j:])
    return out


_line_of = attrgetter("line")


class no_gc:
    """Pause the cyclic garbage collector while building large acyclic trees
    (it would rescan the growing heap again and again); restores its state."""

    def __enter__(self):
        self.was = gc.isenabled()
        gc.disable()
        return self

    def __exit__(self, *exc):
        if self.was:
            gc.enable()
        return False


def parse_text(text: str, path: str, fast: bool = True, signature: str | None = None,
               matches: bool = False) -> S.SourceFile:
    """Parse a whole `.ir` file; raises `IrcError` with every error found.
    `fast=False` sends every line through Lark (tests compare both);
    `signature` (`f(x::Int64)`, the `--signature` option) is the signature
    of a bare `CodeInfo(` whose REPL line does not give one.  `matches=True`
    keeps the commonest body lines as their regex matches
    (`irc.syntax.matches`), for `irc.ir.build.build_program(...,
    consume=True)` to read next and nothing else: the functions' `lines`
    then hold `re.Match` objects besides line objects."""
    with no_gc():
        try:
            return _parse_text(text, path, fast, signature, matches)
        except IrcError as e:
            return _read_unreadable(e, text, path, fast, signature, matches)


def _read_unreadable(e: IrcError, text: str, path: str, fast: bool, signature: str | None,
                     matches: bool) -> S.SourceFile:
    """The lines that failed, again, with the annotations on them that are not Julia syntax (a
    package's own `show`, `irc.syntax.unreadable`) read as unknown types, each with a located
    warning; re-raises `e` when there are none, and the errors of the second reading (shown on
    the original text) when lines still fail."""
    bad = {d.span.line for d in e.diagnostics if d.code == "syntax" and d.span is not None}
    found = unreadable_annotations(_columns_kept(text), bad, parse_expr) if bad else []
    if not found:
        raise e
    try:
        sf = _parse_text(rewrite(text, found), path, fast, signature, matches)
    except IrcError as again:
        raise IrcError(again.diagnostics, text) from None
    sf.text = text
    fns = [it for it in sf.items if type(it) is S.FunctionDef]
    for u in found:
        fd = next((f for f in fns if f.line <= u.line <= max(f.end_line, f.line)), None)
        if fd is None:
            continue
        slot = section = None
        if u.kind == "stmt":
            for section, entries in (("Arguments", fd.arguments), ("Locals", fd.locals), ("Variables", fd.variables)):
                slot = next((_slot_name(v.name) for v in entries if v.line == u.line), None)
                if slot is not None:
                    break
            fd.unread_lines[u.line] = u.text
        if u.kind == "body":
            fd.body_type = None
            fd.unread_body = u.text
        fd.notes.append((u.line, u.start + 1, u.message(slot, section), UNREADABLE_SEVERITY))
    return sf


def _columns_kept(text: str) -> str:
    """The paste as the reader sees its lines (`paste.clean`: a script's `# ` prefixes, prompts and
    quotes blanked) when that keeps every line's length, so an extent found on it is one on `text`
    (a paste kept in comments has Julia's lines after `#`); else `text` itself."""
    seen = clean(text).text
    a, b = seen.split("\n"), text.split("\n")
    if len(a) == len(b) and all(len(x) == len(y) for x, y in zip(a, b)):
        return seen
    return text


def _slot_name(name) -> str:
    """A section entry's name as printed: `x`, `x@_5`, `@_3`."""
    if type(name) is S.SlotRef:
        return f"{name.name or ''}@_{name.id}" if name.id is not None else str(name.name)
    return ".".join(name.parts)


def _parse_text(text: str, path: str, fast: bool, signature: str | None = None,
                matches: bool = False) -> S.SourceFile:
    errors = ErrorList(path)
    original = text
    paste = clean(text)
    if paste.is_paste:
        text = _refuse(paste, errors)
    if "\0" in text:
        fast = False
    lines = text.split("\n")
    long = long_lines(lines)
    index = numbers = None
    if fast and matches:
        fast_lines, numbers, index, rest, spans = split_matches(text, lines)
    elif fast:
        fast_lines, rest, spans = split_fast(lines)
    else:
        fast_lines, rest, spans = [], text, None
    bare = frozenset(o.first for o in paste.outputs if o.kind == "codeinfo" and not o.wrapped)
    asm = Assembler(errors, index, cutoff.end_position(lines), _word_cut(lines, text), bare)
    slow_lines = plain_lines(rest, spans) if fast else None  # comments, `end`, plain headers: no Lark
    if slow_lines is None:
        slow_lines = parse_with_retries(rest, errors, spans=spans, full=text) or []
    asm.feed_all(merge_by_line(fast_lines, slow_lines, numbers))
    items = asm.finish()
    if any(type(o) is S.BodyLine and o.marker for o in slow_lines):  # markers come from Lark only
        for it in items:
            if type(it) is S.FunctionDef:
                it.has_markers = any(getattr(bl, "marker", "") for bl in it.lines)  # (a match has none)
    check_depth(items, long, errors)
    has_codeinfo = any(type(it) is S.FunctionDef and it.form == "codeinfo" for it in items)
    if paste.from_lines:  # a `from` line's colour codes removed, not left as the blanks the reader saw
        for it in items:
            if type(it) is S.FunctionDef and it.from_text in paste.from_lines:
                it.from_text = paste.from_lines[it.from_text]
    for it in items:
        if type(it) is S.FunctionDef and it.callable is not None and it.from_text:
            it.from_callable = _from_callable(it.from_text)
    if has_codeinfo or paste.units or paste.jet:
        _attach(paste, items, parse_signature(signature) if signature else None, errors, original)
    if signature is not None and not has_codeinfo:
        _unused_signature(items)
    if errors.items:
        errors.items = multiline_types(_cut_header(errors.items, lines, text), original)
        errors.items.sort(key=lambda d: (d.span.line, d.span.col) if d.span else (0, 0))
        raise IrcError(fold_cascades(_dedupe(errors.items), asm.starts, lines), text)
    return S.SourceFile(path, text, items, index)


def _from_callable(from_text: str) -> S.Expr | None:
    """The type of a callable-object method's object from its `from` line, `(j::Zygote.Pullback{T})(Δ)
    where T @ Zygote …` -> `Zygote.Pullback{T}` (the text up to the `)` closing the first group, after
    its first `::` at depth 0), or None where the line has no such group or the text is no type."""
    if not from_text.startswith("("):
        return None
    depth, sep = 0, -1
    for i, c in enumerate(from_text):
        if c in "({[":
            depth += 1
        elif c in ")}]":
            depth -= 1
            if depth == 0:
                if sep < 0 or from_text[i + 1:i + 2] != "(":
                    return None
                try:
                    return parse_expr(from_text[sep + 2:i].strip())
                except IrcError:
                    return None
        elif c == ":" and depth == 1 and sep < 0 and from_text[i + 1:i + 2] == ":":
            sep = i
    return None


def _word_cut(lines: list[str], text: str) -> bool:
    """Does the text's last line, with no newline after it, stop inside a header word?"""
    return bool(lines) and not text.endswith("\n") and cutoff.cut_header_word(lines[-1])


def _cut_header(diags: list[Diagnostic], lines: list[str], text: str) -> list[Diagnostic]:
    """The errors of a last line that stops inside a header word (`MethodInstance f`, `  Argu`:
    `cutoff.cut_header_word`, no newline after it) said as one cut-off error."""
    if not _word_cut(lines, text):
        return diags
    n = len(lines)
    on_it = [d for d in diags if d.span is not None and d.span.line == n and d.code != cutoff.CODE]
    if not on_it:
        return diags
    end = cutoff.end_position(lines)
    return [d for d in diags if d not in on_it] + [
        Diagnostic("error", cutoff.message(n, "in the middle of a header line"), Span(on_it[0].span.path, *end),
                   cutoff.CODE)]


_ITEM_WORDS = ("MethodInstance", "function", "struct", "mutable", "abstract", "declare", "CodeInfo")


def fold_cascades(diags: list[Diagnostic], starts: list[int], lines: list[str] = ()) -> list[Diagnostic]:
    """One error per cause: the `misplaced` errors that follow a syntax error
    with no item starting in between are the lines of the item that line
    would have started (a mistyped `MethodInstance for …`, `function`,
    `struct`); they are dropped and counted in that one error instead, which
    names the header word the line's first word is a misspelling of.
    `diags` are sorted by position; `lines` are the file's lines."""
    out: list[Diagnostic] = []
    anchor = -1  # index in out of the syntax error the following lines belong to
    folded: dict[int, int] = {}
    for d in diags:
        line = d.span.line if d.span else 0
        if d.code == MISPLACED and anchor >= 0:
            a_line = out[anchor].span.line
            k = bisect.bisect_right(starts, a_line)
            if k >= len(starts) or starts[k] > line:  # no item began since the bad line
                folded[anchor] = folded.get(anchor, 0) + 1
                continue
        if d.code == "syntax":
            anchor = len(out)
        elif d.code != MISPLACED:
            anchor = -1
        out.append(d)
    for i, n in folded.items():
        d = out[i]
        line = d.span.line if d.span else 0
        words = lines[line - 1].split() if 0 < line <= len(lines) else []
        close = difflib.get_close_matches(words[0], _ITEM_WORDS, n=1, cutoff=0.75) if words else []
        hint = f"; did you mean `{close[0]}`?" if close and close[0] != words[0] else ""
        out[i] = Diagnostic(d.severity, f"{d.message}{hint} (the {n} line{'s' if n != 1 else ''} after it that "
                            f"belong here {'are' if n != 1 else 'is'} not checked)", d.span, d.code, d.context)
    return out


def _refuse(paste, errors: ErrorList) -> str:
    """Report every output irc does not read (irc.syntax.forms.judge) and
    blank it, so it causes no further errors; the text to parse."""
    refusals = judge(paste)
    if not refusals:
        return paste.text
    lines = paste.text.split("\n")
    for r in refusals:
        if r.said:
            errors.add(r.message, r.line, r.col, r.code)
        for i in range(r.output.first - 1, min(r.output.last, len(lines))):
            lines[i] = " " * len(lines[i])
    return "\n".join(lines)


def parse_signature(signature: str) -> S.FunctionDef:
    """`f(x::Int64, ::Float64, y)` (the `--signature` option) read as a
    function header by the grammar; raises IrcError, located in the
    option's text, when it is not one."""
    text = f"function {signature.strip()}\n1 ─      return nothing\nend\n"
    try:
        items = parse_text(text, "--signature").items
    except IrcError as e:
        d = e.diagnostics[0]
        col = max(1, d.span.col - len("function ")) if d.span and d.span.line == 1 else 1
        raise IrcError([Diagnostic("error", f"--signature: {d.message}", Span("--signature", 1, col), "signature",
                                   signature)]) from None
    fd = items[0] if len(items) == 1 and type(items[0]) is S.FunctionDef else None
    if fd is None or fd.name is None:
        raise IrcError([Diagnostic("error", "--signature: expected a call such as `f(x::Int64, y::Float64)`",
                                   Span("--signature", 1, 1), "signature", signature)])
    return fd


def _attach(paste, items: list, signature: S.FunctionDef | None, errors: ErrorList,
            original: str | None = None) -> None:
    """Signature hints to bare `CodeInfo(`s, the paste's notes to the
    functions they concern; a transcript with nothing irc reads is an error
    (located at a form only Julia before 1.0 printed when `original`, the
    paste's text, shows one)."""
    outputs = {o.first: o for o in paste.outputs}
    fns = [it for it in items if type(it) is S.FunctionDef]
    for fd in fns:
        if fd.form == "codeinfo":
            o = outputs.get(fd.line) or Output("codeinfo", fd.line, max(fd.end_line, fd.line))
            fd.hint = signature_hint(o, paste, parse_expr, signature)
            if not o.wrapped and fd.body_type is None:  # Cthulhu's typed view: the title's `::R` stands for `=> R`
                fd.body_type = title_return(o, parse_expr)
    for line, col, message in paste.notes:
        for fd in fns:
            if fd.line <= line <= max(fd.end_line, fd.line):
                fd.notes.append((line, col, message))
                break
    if (paste.units or paste.jet) and not fns and not errors.items and not any(
            type(it) is not S.FunctionDef for it in items):
        if paste.jet is not None:
            errors.add("a JET report, not IR: paste `@code_warntype …` instead", *paste.jet, "paste")
            return
        old = pre_1_0_form(original) if original is not None else None
        if old is not None:  # Julia 0.x's output whose header the page dropped (or kept as comments)
            line, col, what = old
            errors.add(f"no output irc reads in this paste: {what}, with no header irc knows above it: {PRE_1_0}",
                       line, col, "unsupported")
            return
        errors.add("no output irc reads in this paste: expected what `@code_warntype`, `@code_lowered` or "
                   "`code_typed(…; optimize=false)` print (`MethodInstance for …`, `Variables`, `CodeInfo(`)", 1, 1, "paste")


def _unused_signature(items: list) -> None:
    """`--signature` given for a paste with no bare `CodeInfo(`: a note on its first function."""
    fd = next((it for it in items if type(it) is S.FunctionDef), None)
    if fd is not None:
        fd.notes.append((fd.line, 1, "--signature is not used: it is for a bare `CodeInfo(`, and this "
                                     "paste's functions have headers that give their signatures"))


def _dedupe(diags: list[Diagnostic]) -> list[Diagnostic]:
    seen = set()
    out = []
    for d in diags:
        key = (d.span, d.message)
        if key not in seen:
            seen.add(key)
            out.append(d)
    return out


def parse_expr(text: str, path: str = "<expr>") -> S.Expr:
    """Parse one expression (a type, a value); raises `IrcError`."""
    errors = ErrorList(path)
    value = parse_with_retries(text, errors, start="expr_start")
    if value is not None and not errors.items and expr_depth(value) > MAX_DEPTH:
        errors.add(f"expression nested too deeply (more than {MAX_DEPTH} levels)", 1, 1)
    if errors.items or value is None:
        if not errors.items:
            errors.add("expected an expression", 1, 1)
        raise IrcError(errors.items, text)
    return value


def parse_file(path: str) -> S.SourceFile:
    """`read_source` + `parse_text`."""
    return parse_text(read_source(path), path)
