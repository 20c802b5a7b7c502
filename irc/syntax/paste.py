"""Step 0 of parsing: what a REPL, notebook or web page puts around Julia's output becomes blanks.

People paste Julia's output with its surroundings: `julia>` prompts with the
command that printed it (and the command's continuation lines), the output
of other commands (`f (generic function with 1 method)`, `4-element
Vector{UInt8}:`, stack traces), vector headers (`1-element
Vector{Core.CodeInfo}:`), notebook colour escapes (`\\e[36m`), string
wrappers (`\"\"\"Output`), `>>> ` prefixes, text around `CodeInfo(`
(`:($(Expr(:thunk, CodeInfo(` … `))))`, `childstate.src = CodeInfo(`), Julia
1.0's line-number column and right-hand `│` rail, the rails of debuginfo
nesting (`2 ──│ %4 = …`, `│   └`), and Julia source pasted without a prompt.
`clean(text)` returns a `Paste`: the same text with every character of that
debris replaced by a space, and what the debris said -- for each printed
output (an `Output`: its kind, first and last line) the `Command` that
printed it, and the argument names of the functions the transcript defines.

**Positions map back by identity.**  Debris is blanked character for
character and never removed, so the cleaned text has the same lines and
every line the same length: a line and column in the cleaned text is that
line and column in the paste.  Three repairs of text a web page damaged
change characters in place, keeping lengths, each with a note: a mangled
block header `2 ...` reads `2 ┄┄┄`, `goto # 2` reads `goto  #2`, and an
all-uppercase annotation (Julia ≤ 1.5 without colour) gets its `WHERE`
back as `where`.

**What is debris.**  A *unit* is a prompt (`julia> …`, a shell `$ …`, or a
bare `@code_warntype …` line) with its continuation lines (while the Julia
code so far is unfinished: open brackets or blocks, `# comment` only) and
the lines after it up to the next unit.  In a unit, the command lines are
debris; in the lines after them, the printed outputs are kept (found by
their first line: `MethodInstance for`, `Variables`, `Body::`, `CodeInfo(`)
and so are irc declarations (`declare`, `struct`, …); everything else is
debris.  Outside units (a hand-written file, or text before the first
prompt) only what is debris by its shape is blanked: vector headers,
string wrappers, escapes, prefixes, and a Julia `function … end` whose body
is not IR (no `1 ─` rails).  A file with none of these marks is returned as
it came, after one regular-expression search.

Invariants: `clean` never raises; `Paste.text` has exactly the lines and
line lengths of the input; an output's `first`/`last` are 1-based line
numbers of the cleaned text; nothing here knows about blocks or types.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

# ---------------------------------------------------------------- what the paste holds


@dataclass(frozen=True, slots=True)
class Command:
    """The Julia command that printed an output: `@code_lowered f(1, 2.0)`,
    `code_typed(f, (Int,); optimize=false)`, `Meta.lower(…)`, …"""

    text: str  # the whole command, continuation lines joined with "\\n" (prompt removed)
    line: int  # 1-based line of the prompt (or of the bare command)
    col: int  # 1-based column where the command starts


@dataclass(slots=True)
class Output:
    """One printed output in the paste."""

    kind: str  # "codeinfo" | "warntype" (MethodInstance / Variables / bare Body::) | "body" (rails, no header) | "plain"
    first: int  # 1-based line of its first line (`CodeInfo(`, `MethodInstance for …`, …)
    last: int  # 1-based line of its last line
    command: Command | None = None
    closed: bool = True  # a `CodeInfo(` found its `)`
    bare: bool = True  # a `CodeInfo(` with no header before it (no `function …`, `MethodInstance`, `Body::`)
    header: str = ""  # warntype: "MethodInstance" | "Variables" | "Body"


@dataclass(slots=True)
class Paste:
    text: str  # the cleaned text (same lines, same lengths)
    outputs: list[Output] = field(default_factory=list)
    definitions: dict[str, list[list[tuple[str | None, str | None]]]] = field(default_factory=dict)  # name -> (arg name, type text) per method
    notes: list[tuple[int, int, str]] = field(default_factory=list)  # (line, col, message)
    is_paste: bool = False  # the text had marks of a paste (else it came back unchanged)
    units: int = 0  # prompts, shell lines and bare commands found


# ---------------------------------------------------------------- line shapes

# A paste has one of these somewhere; a file without any is returned as it came.
_MAYBE_PASTE = re.compile(
    r"julia>|\x1b\[|CodeInfo\(|^[\t ]*(?:@code_|@device_code_|\$ |>>> |\"\"\"|\d+-element |Variables|MethodInstance for|Body::?|function )"
    r"|^[\t ]*\d+[\t ]+\d+[\t ]+[─┄]|│[\t ]*$|goto # \d|^[\t ]*\d+ \.\.\. ", re.M)

_ANSI = re.compile(r"\x1b\[[0-9;]*[A-Za-z]")
_PROMPT = re.compile(r"^([\t ]*)julia>(?:[\t ]|$)")
_SHELL = re.compile(r"^([\t ]*)\$[\t ]+\S")
_BARE_COMMAND = re.compile(r"^([\t ]*)(?:[\w.]+[\t ]*=[\t ]*)?(?:InteractiveUtils\.)?(?:@(?:device_)?code_\w+\b|code_(?:warntype|typed|lowered)[\t ]*\()")
_CHEVRON = re.compile(r"^([\t ]*)>>>(?: |$)")
_VECTOR_HEADER = re.compile(r"^[\t ]*\d+-element (?:Vector|Array)\{[^\n]*\}:[\t ]*$")
_STRING_WRAPPER = re.compile(r'^[\t ]*"""\w*[\t ]*$')
_CODEINFO_OPEN = re.compile(r"CodeInfo\([\t ]*$")
_CODEINFO_CLOSE = re.compile(r"^([\t ]*)\)([\t ]*\))*[\t ]*(?:=>.*)?$")
_MI = re.compile(r"^[\t ]*MethodInstance for\b")
_VARIABLES = re.compile(r"^[\t ]*Variables:?[\t ]*$")
_BODY = re.compile(r"^[\t ]*Body[\t ]*::")
_BODY_PRE1 = re.compile(r"^[\t ]*Body:[\t ]*$")
_SECTION_LINE = re.compile(r"^[\t ]*(?:from\b|Arguments|Locals|Static Parameters|Variables)")
# a line of a printed body: a block header, a rail, a line-info line, a mangled header
_BODY_LINE = re.compile(r"^[\t ]*(?:\d+[\t ]+)?(?:\d+[\t ]*(?:[─┄~-]|\.\.\.)|[│└┌╎╻┃╷|`]|@[\t ])")
_IRC_ITEM = re.compile(r"^[\t ]*(?:declare|struct|mutable[\t ]+struct|abstract[\t ]+type|const|global)\b")
_FUNCTION_HEAD = re.compile(r"^[\t ]*function[\t ]+[^\s(]+[\t ]*\(")
_ERROR_LINE = re.compile(r"ERROR: ")
# Julia 1.0's line-number column before the rails (`2 1 ─ %1 = …`, `3 │   %2 = …`)
_LINE_COLUMN = re.compile(r"^([\t ]*)(\d+)([\t ]+)(?=\d+[\t ]+[─┄]|[│└])")
# the right-hand rail of Julia 1.0 (`… │`) after two or more spaces; an inlining tree (`│╻╷ sqrt`) stays (optimized)
_RIGHT_RAIL = re.compile(r"(?<=\S)[\t ]{2,}│[\t ]*$")
# rails of debuginfo nesting after the line's own rail (`2 ──│ %4 = …`, `│   │       x = %4`)
_NESTED_RAIL = re.compile(r"^([\t ]*(?:\d+[\t ]*[─┄]+|[│└]─*)[\t ]*)([│└][\t ]*)+(?=[^\s@┌]|$)")
_ONLY_RAILS = re.compile(r"^[\t ]*[│└┌][\t │└]*$")
_MANGLED_HEADER = re.compile(r"^([\t ]*\d+[\t ]+)\.\.\.(?=[\t ])")
_MANGLED_GOTO = re.compile(r"goto # (\d+)")
_UPPER_WHERE = re.compile(r"::([^a-z\n]*[A-Z][^a-z\n]*)$")


def _blank(s: str) -> str:
    return " " * len(s)


# ---------------------------------------------------------------- Julia code, roughly


_KW_OPEN = frozenset({"function", "begin", "do", "let", "if", "for", "while", "quote", "struct", "module", "baremodule",
                      "try", "macro"})
_TOKENS = re.compile(r'"""(?:[^"\\]|\\.|"(?!""))*(?:"""|$)|"(?:[^"\\\n]|\\.)*"?|#=.*?=#|#[^\n]*'
                     r"|(?<![\w)\]}'])'(?:[^'\\\n]|\\.)+'|[A-Za-z_][\w!]*|[()\[\]{}]", re.S)


def unfinished(code: str) -> bool:
    """Is this Julia code unfinished (an open bracket or block, or nothing
    but comments) -- so the REPL would read the next line as its continuation?
    Inside brackets `x[end]`/`x[begin]` are indices, `for` makes a
    comprehension or generator and an `if` after it a filter: none opens a block."""
    stack: list[list] = []  # [bracket, a `for` seen inside it]
    blocks = 0
    prev = ""
    seen_code = False
    for m in _TOKENS.finditer(code):
        tok = m.group()
        c = tok[0]
        if c == "#":
            continue
        seen_code = True
        if c in "([{":
            stack.append([c, False])
        elif c in ")]}":
            if stack:
                stack.pop()
        elif c in "\"'":
            pass
        elif tok == "end" or tok == "begin":
            if stack and stack[-1][0] == "[":
                pass
            elif tok == "end":
                blocks -= 1
            else:
                blocks += 1
        elif tok == "for" and stack:
            stack[-1][1] = True
        elif tok == "if" and stack and stack[-1][1]:
            pass
        elif tok in _KW_OPEN:
            blocks += 1
        elif tok == "type" and prev in ("abstract", "primitive"):
            blocks += 1
        prev = tok
    return bool(stack) or blocks > 0 or not seen_code


_DEF_FUNCTION = re.compile(r"(?:^|[;\s])function[\t ]+(?:[\w.]+\.)?([^\s(.]+)[\t ]*\(")
_DEF_SHORT = re.compile(r"(?:^|[;\n])[\t ]*(?:@\w+(?:\.\w+)*[\t ]+)*(?:[\w.]+\.)?([A-Za-z_][\w!]*)[\t ]*\((?=[^\n]*\)[\t ]*(?:where[^\n=]*)?=(?!=))")


def _balanced(text: str, start: int) -> int:
    """Index just after the bracket closing the one opened at `start`
    (strings skipped); len(text) when it never closes."""
    depth = 0
    i = start
    n = len(text)
    while i < n:
        ch = text[i]
        if ch == '"':
            j = i + 1
            while j < n and text[j] != '"':
                j += 2 if text[j] == "\\" else 1
            i = j + 1
            continue
        if ch in "([{":
            depth += 1
        elif ch in ")]}":
            depth -= 1
            if depth == 0:
                return i + 1
        i += 1
    return n


def split_args(text: str) -> list[str]:
    """Top-level comma-separated parts of an argument list (keywords after `;` dropped)."""
    parts: list[str] = []
    depth = 0
    cur: list[str] = []
    i = 0
    n = len(text)
    while i < n:
        ch = text[i]
        if ch == '"':
            j = i + 1
            while j < n and text[j] != '"':
                j += 2 if text[j] == "\\" else 1
            cur.append(text[i:j + 1])
            i = j + 1
            continue
        if ch in "([{":
            depth += 1
        elif ch in ")]}":
            depth -= 1
        elif depth == 0 and ch in ",;":
            parts.append("".join(cur).strip())
            cur = []
            if ch == ";":
                return [p for p in parts if p]
            i += 1
            continue
        cur.append(ch)
        i += 1
    last = "".join(cur).strip()
    if last:
        parts.append(last)
    return [p for p in parts if p]


def _param(p: str) -> tuple[str | None, str | None]:
    """`x::T = 1` -> (x, T); `::T` -> (None, T); `@nospecialize(A::AbstractArray)` -> (A, AbstractArray);
    `xs...` -> (xs, None) (a vararg's type is not the argument's: left unknown)."""
    p = p.strip()
    m = re.match(r"@\w+\((.*)\)$", p)
    if m:
        p = m.group(1)
    p = re.split(r"(?<![=<>!])=(?!=)", p, maxsplit=1)[0].strip()
    if p.endswith("..."):
        name = p[:-3].split("::", 1)[0].strip()
        return (name if re.fullmatch(r"[^\W\d][\w!]*", name) else None), None
    name, _, typ = p.partition("::")
    name = name.strip()
    return (name if re.fullmatch(r"[^\W\d][\w!]*", name) else None), (typ.strip() or None)


def definitions_in(code: str) -> list[tuple[str, list[tuple[str | None, str | None]]]]:
    """Function definitions in Julia code: (name, [(argument name, declared
    type text)]) for each `function f(a, b::T)` and `f(a, b) = …` (None for
    an unnamed or untyped argument)."""
    out = []
    for rx in (_DEF_FUNCTION, _DEF_SHORT):
        for m in rx.finditer(code):
            open_at = m.end() - 1
            close = _balanced(code, open_at)
            out.append((m.group(1), [_param(p) for p in split_args(code[open_at + 1:close - 1])]))
    return out


# ---------------------------------------------------------------- the cleaner


class _Cleaner:
    def __init__(self, text: str):
        self.orig = text.split("\n")
        self.lines = list(self.orig)
        self.outputs: list[Output] = []
        self.definitions: dict[str, list[list[tuple[str | None, str | None]]]] = {}
        self.notes: list[tuple[int, int, str]] = []
        self.units = 0

    # -- editing (every edit keeps the line's length)
    def blank(self, i: int, start: int = 0, end: int | None = None) -> None:
        s = self.lines[i]
        end = len(s) if end is None else end
        if end > start:
            self.lines[i] = s[:start] + " " * (end - start) + s[end:]

    def define(self, code: str) -> None:
        for name, args in definitions_in(code):
            self.definitions.setdefault(name, []).append(args)

    # -- steps
    def run(self) -> None:
        self.characters()
        starts = self.unit_starts()
        self.units = len(starts)
        first = starts[0] if starts else len(self.lines)
        self.free_text(0, first)
        for k, s in enumerate(starts):
            end = starts[k + 1] if k + 1 < len(starts) else len(self.lines)
            self.unit(s, end)
        for out in self.outputs:
            self.inside(out)

    def characters(self) -> None:
        """Escapes and `>>> ` prefixes -> spaces (every line)."""
        lines = self.lines
        for i, s in enumerate(lines):
            if "\x1b" in s:
                s = lines[i] = _ANSI.sub(lambda m: _blank(m.group()), s)
            if ">>>" in s:
                m = _CHEVRON.match(s)
                if m:
                    at = len(m.group(1))
                    lines[i] = s[:at] + "   " + s[at + 3:]

    def unit_starts(self) -> list[int]:
        out = []
        for i, s in enumerate(self.lines):
            if _PROMPT.match(s) or _SHELL.match(s) or _BARE_COMMAND.match(s):
                out.append(i)
        return out

    def free_text(self, a: int, b: int) -> None:
        """Text outside units: only debris by its shape; outputs recorded."""
        i = a
        while i < b:
            s = self.lines[i]
            if _VECTOR_HEADER.match(s) or _STRING_WRAPPER.match(s):
                self.blank(i)
                i += 1
                continue
            if self.units and _FUNCTION_HEAD.match(s) and not self._ir_follows(i + 1, b):  # source before a prompt
                i = self.julia_source(i, b)
                continue
            start = self.output_start(i)
            if start is not None:
                i = self.output(i, b, start, None) + 1
                continue
            i += 1

    def _ir_follows(self, i: int, b: int) -> bool:
        """Does a plain `function` header at i-1 have an IR body (its next
        non-blank line a block header, `Body::` or `CodeInfo(`)?"""
        while i < b and not self.lines[i].strip():
            i += 1
        if i >= b:
            return True  # nothing follows: leave it to the parser
        s = self.lines[i].strip()
        return bool(re.match(r"(?:\d+[\t ]+[─┄~-]|\d+[\t ]+\d+[\t ]+[─┄]|Body\b|CodeInfo\(|#|[│└]|end\b)", s))

    def julia_source(self, i: int, b: int) -> int:
        """A Julia `function … end` pasted without a prompt: blank it (its
        argument names are kept as a definition); returns the next line."""
        j = i
        code = self.lines[i]
        while unfinished(code) and j + 1 < b:
            j += 1
            code += "\n" + self.lines[j]
        self.define(code)
        for k in range(i, j + 1):
            self.blank(k)
        return j + 1

    def output_start(self, i: int) -> str | None:
        s = self.lines[i]
        if _MI.match(s):
            return "MethodInstance"
        if _VARIABLES.match(s):
            return "Variables"
        if _BODY.match(s) or _BODY_PRE1.match(s) or s.lstrip().startswith("BodyERROR"):
            return "Body"
        if "CodeInfo(" in s and (_CODEINFO_OPEN.search(s) or re.search(r"CodeInfo\(:\(", s)):
            return "CodeInfo"
        if ":($(Expr(:lambda" in s:
            return "lambda"
        return None

    def unit(self, a: int, b: int) -> None:
        """A prompt (or shell line, or bare command) with its continuation
        lines, then what was printed after it, up to line b."""
        s = self.lines[a]
        m = _PROMPT.match(s) or _SHELL.match(s)
        if m is not None:
            col = m.end()
            if _SHELL.match(s) and not _PROMPT.match(s):
                col = s.index("$") + 1
                col += len(s[col:]) - len(s[col:].lstrip())
        else:
            col = len(s) - len(s.lstrip())
        indent = len(s) - len(s.lstrip())
        code = s[col:]
        j = a
        while j + 1 < b and unfinished(code):
            nxt = self.lines[j + 1]
            if self.output_start(j + 1) is not None:
                break
            if not code.split("#", 1)[0].strip():  # a comment alone: the REPL's next line is indented by the prompt
                if len(nxt) - len(nxt.lstrip()) < indent + 7:
                    break
            j += 1
            code += "\n" + nxt
        for k in range(a, j + 1):
            self.blank(k)
        self.define(code)
        cmd = Command(code, a + 1, col + 1)
        i = j + 1
        while i < b:
            start = self.output_start(i)
            if start is not None:
                i = self.output(i, b, start, cmd) + 1
                continue
            s = self.lines[i]
            if _IRC_ITEM.match(s):  # irc declarations after a prompt are kept, struct bodies whole
                i += 1
                if re.match(r"[\t ]*(?:mutable[\t ]+)?struct\b", s) and not re.search(r"\bend[\t ]*(?:#.*)?$", s):
                    while i < b and self.lines[i].strip() != "end" and not _PROMPT.match(self.lines[i]):
                        i += 1
                    i += 1
                continue
            if _FUNCTION_HEAD.match(s) and self._ir_follows(i + 1, b):
                i = self.plain(i, b)
                continue
            if re.match(r"[\t ]*(?:\d+[\t ]+)?\d+[\t ]*[─┄]", s):  # a body printed without a header (IRCode, Zygote IR, …)
                k = i + 1
                while k < b and _BODY_LINE.match(self.lines[k]):
                    k += 1
                self.outputs.append(Output("body", i + 1, k, cmd))
                i = k
                continue
            self.blank(i)
            i += 1

    def plain(self, i: int, b: int) -> int:
        """An irc `function … end` inside a unit: kept whole."""
        j = i
        while j + 1 < b and self.lines[j].strip() != "end":
            j += 1
        self.outputs.append(Output("plain", i + 1, j + 1))
        return j + 1

    def output(self, i: int, b: int, start: str, cmd: Command | None) -> int:
        """Record the output starting at line i (before line b); returns its last line index."""
        lines = self.lines
        if start == "lambda":  # Julia 0.x: to the end of the unit (judged unsupported)
            last = b - 1
            while last > i and not lines[last].strip():
                last -= 1
            self.outputs.append(Output("codeinfo", i + 1, last + 1, cmd, closed=False))
            return last
        if start == "CodeInfo":
            s = lines[i]
            at = s.index("CodeInfo(")
            k = i - 1
            while k >= 0 and not lines[k].strip():
                k -= 1
            bare = k < 0 or not (_FUNCTION_HEAD.match(lines[k]) or _BODY.match(lines[k]) or "MethodInstance" in lines[k])
            prefix = s[:at]
            extra = prefix.count("(") - prefix.count(")")
            if prefix.strip():
                self.blank(i, 0, at)
            j = i + 1
            while j < b:
                t = lines[j]
                m = _CODEINFO_CLOSE.match(t)
                if m:
                    if extra > 0:  # `))))` closing the wrapper too: keep the first
                        close_at = t.index(")")
                        k = close_at + 1
                        n = extra
                        while k < len(t) and n > 0 and t[k] in ") \t":
                            if t[k] == ")":
                                n -= 1
                            k += 1
                        self.blank(j, close_at + 1, k)
                    self.outputs.append(Output("codeinfo", i + 1, j + 1, cmd, bare=bare))
                    return j
                if self.output_start(j) is not None or _PROMPT.match(t):
                    break
                j += 1
            last = j - 1
            while last > i and not lines[last].strip():
                last -= 1
            self.outputs.append(Output("codeinfo", i + 1, last + 1, cmd, closed=False, bare=bare))
            return last
        # a warntype header: sections, then Body::, then body lines
        j = i
        if start != "Body":
            j = i + 1
            while j < b:
                t = lines[j]
                if t.lstrip().startswith("Body"):
                    break
                if _MI.match(t) or _VARIABLES.match(t) or _PROMPT.match(t):
                    return self._header_only(i, j, start, cmd)
                if t.strip() and not (_SECTION_LINE.match(t) or t[:1] in " \t" or re.match(r"\S+::", t)):
                    return self._header_only(i, j, start, cmd)
                j += 1
            if j >= b:
                return self._header_only(i, j, start, cmd)
        # j: the Body line; body lines follow
        k = j + 1
        while k < b and (_BODY_LINE.match(lines[k]) or _ONLY_RAILS.match(lines[k])):
            k += 1
        self.outputs.append(Output("warntype", i + 1, k, cmd, header=start))
        return k - 1

    def _header_only(self, i: int, j: int, start: str, cmd: Command | None) -> int:
        """A header that never reached `Body::` (Julia stopped, or a hand-written file): up to line j."""
        last = j - 1
        while last > i and not self.lines[last].strip():
            last -= 1
        self.outputs.append(Output("warntype", i + 1, last + 1, cmd, header=start))
        return last

    def inside(self, out: Output) -> None:
        """Debris within one output: Julia 1.0's columns, nesting rails, damage."""
        lines = self.lines
        a, b = out.first - 1, out.last
        if out.kind == "plain":
            return
        column = any(_LINE_COLUMN.match(lines[i]) and re.search(r"\d[\t ]+\d+[\t ]+[─┄]", lines[i][:12])
                     for i in range(a, b))
        for i in range(a, b):
            s = lines[i]
            if column:
                m = _LINE_COLUMN.match(s)
                if m:
                    self.blank(i, m.start(2), m.end(2))
                    s = lines[i]
            if "│" in s or "└" in s:
                if _ONLY_RAILS.match(s):  # `│   └`: a debuginfo scope closing
                    self.blank(i)
                    continue
                m = _RIGHT_RAIL.search(s)
                if m:
                    self.blank(i, m.start(), m.end())
                    s = lines[i]
                m = _NESTED_RAIL.match(s)
                if m:
                    self.blank(i, m.start(2), m.end(2))
                    s = lines[i]
            m = _MANGLED_HEADER.match(s)
            if m:
                lines[i] = s[: m.end(1)] + "┄┄┄" + s[m.end():]
                self.notes.append((i + 1, m.end(1) + 1, "read the damaged block header `…` as `┄` (a page replaced Julia's rail)"))
                s = lines[i]
            if "goto # " in s:
                m = _MANGLED_GOTO.search(s)
                if m:
                    lines[i] = s[: m.start()] + "goto  #" + m.group(1) + s[m.end():]
                    self.notes.append((i + 1, m.start() + 1, f"read `goto # {m.group(1)}` as `goto #{m.group(1)}`"))
                    s = lines[i]
            if "WHERE" in s:
                m = _UPPER_WHERE.search(s)
                if m:
                    lines[i] = s[: m.start(1)] + re.sub(r"\bWHERE\b", "where", m.group(1)) + s[m.end(1):]


def clean(text: str) -> Paste:
    """The paste with its debris blanked (see the module docstring)."""
    if not _MAYBE_PASTE.search(text):
        return Paste(text)
    c = _Cleaner(text)
    c.run()
    return Paste("\n".join(c.lines), c.outputs, c.definitions, c.notes, True, c.units)
