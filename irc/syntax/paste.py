"""Step 0 of parsing: what a REPL, notebook or web page puts around Julia's output becomes blanks.

People paste Julia's output with its surroundings: `julia>` prompts with the
command that printed it (and the command's continuation lines), the output
of other commands (`f (generic function with 1 method)`, `4-element
Vector{UInt8}:`, stack traces), vector headers (`1-element
Vector{Core.CodeInfo}:`), GPUCompiler's `PTX CompilerJob of …` title, Cthulhu's title
(`│ ─ %-1  = invoke f(::T)::R`, read as a command; below a `Variables`
section it stands where `Body::R` does and reads so; a body right below it
is its typed view, a `CodeInfo(` printed bare) and menu, the method line
Cthulhu printed above `Variables` (`f(x) in Main at REPL[2]:1`, a command), a JET report (`═════ 1 possible
error found ═════` and its frame tree), notebook colour escapes (`\\e[36m`), string
wrappers (`\"\"\"Output`), `>>> ` prefixes, text around `CodeInfo(`
(`:($(Expr(:thunk, CodeInfo(` … `))))`, `childstate.src = CodeInfo(`), Julia
1.0's line-number column and right-hand `│` rail, the rails of debuginfo
nesting (`2 ──│ %4 = …`, `│   └`), and Julia source pasted without a prompt.
`clean(text)` returns a `Paste`: the same text with every character of that
debris replaced by a space, and what the debris said -- for each printed
output (an `Output`: its kind, first and last line) the `Command` that
printed it, and the arguments of the functions the transcript defines.

**Positions map back by identity.**  Debris is blanked character for
character and never removed, so the cleaned text has the same lines and
every line the same length: a line and column in the cleaned text is that
line and column in the paste.  Five repairs of text a web page damaged
change characters in place, keeping lengths, each with a note: a mangled
block header `2 ...` reads `2 ┄┄┄`, `goto # 2` reads `goto  #2`, a
`goto owner/repo#3` (GitHub's issue link text) reads `goto #3` padded, a
book's callout marker in a line's margin (`➊ Body::Float64`) is blanked, and an
all-capitals annotation (Julia ≤ 1.5 without colour) gets its `WHERE`
back as `where` (the capitalised names themselves are read by irc.world).

**What is debris.**  A *unit* is a prompt (`julia> …`, a shell `$ …`, or a
bare `@code_warntype …` line) with its continuation lines (while the Julia
code so far is unfinished: open brackets or blocks, or only a comment) and
the lines after it up to the next unit.  In a unit, the command lines are
debris; after them, the printed outputs are kept (found by their first
line: `MethodInstance for`, `Variables`, `Body::`, `CodeInfo(`) and so are
irc declarations (`declare`, `struct … end`, …) and comments; everything
else is debris (a `...` line among it is remembered, `Paste.elided`, for
irc.syntax.forms to judge).
Outside units (a hand-written file, or text before the first prompt) only
what is debris by its shape is blanked: vector headers, string wrappers,
escapes, prefixes, and -- before a prompt -- a Julia `function … end` whose
body is not IR.  Inside an output, Julia 1.0's columns and the debuginfo
nesting rails are blanked.

**Cost.**  A text with none of the marks of a paste is returned as it came
after one regular-expression search (a plain `function … end` file is not a
paste).  Otherwise lines are visited only where a regular expression over
the whole text found something: prompts, output starts, the end of an
output's body, the lines a repair applies to.

Invariants: `clean` never raises; `Paste.text` has exactly the lines and
line lengths of the input; an output's `first`/`last` are 1-based line
numbers; nothing here knows about blocks or types.
"""
from __future__ import annotations

import bisect
import re
from dataclasses import dataclass, field
from itertools import accumulate

from irc.syntax.added import added_text
from irc.syntax.identchars import CHAR_EXTRA, START_EXTRA
from irc.syntax.lazyre import lazy

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

    kind: str  # "codeinfo" | "warntype" | "body" (rails with no header) | "plain" (irc's `function … end`)
    first: int  # 1-based line of its first line (`CodeInfo(`, `MethodInstance for …`, …)
    last: int  # 1-based line of its last line
    command: Command | None = None
    closed: bool = True  # a `CodeInfo(` found its `)`
    header: str = ""  # warntype: "MethodInstance" | "Variables" | "Body"
    bare: bool = True  # a `CodeInfo(` with no header before it (no `function …`, `MethodInstance`, `Body::`)
    wrapped: bool = True  # codeinfo: a `CodeInfo(` line opens it (False: Cthulhu's typed view, the body alone)


Arg = tuple  # (argument name or None, declared type text or None)


@dataclass(slots=True)
class Paste:
    text: str  # the cleaned text (same lines, same lengths)
    offsets: list[int] | None = None  # offsets[i]: where line i (0-based) starts; None when not a paste
    outputs: list[Output] = field(default_factory=list)
    definitions: dict[str, list[list[Arg]]] = field(default_factory=dict)  # function name -> arguments, per method
    notes: list[tuple[int, int, str]] = field(default_factory=list)  # (line, col, message)
    is_paste: bool = False  # the text had marks of a paste (else it came back unchanged)
    units: int = 0  # prompts, shell lines and bare commands found
    jet: tuple[int, int] | None = None  # (line, col) of a JET report's banner (`═════ 1 possible error found ═════`)
    elided: list[tuple[int, int]] = field(default_factory=list)  # (line, col) of each `...` line blanked in a unit
    # (line, col of the text before, col of the header word, the word, the text before) of each line blanked in a
    # unit that holds `MethodInstance for` or `Body::` after other text (a page joined lines, a book's marker)
    midline: list[tuple[int, int, int, str, str]] = field(default_factory=list)
    # a `from` line whose colour codes were blanked: its text after `from` as read (blanks where the codes
    # stood) -> the same text with the codes removed, as Julia's output shows it without colour
    from_lines: dict[str, str] = field(default_factory=dict)


# ---------------------------------------------------------------- line shapes

# A paste has one of these somewhere; a text without any is returned as it came.  They are at line
# starts, and a line of a body starts with a rail or a block number: only lines starting otherwise are read.
# (`\d+-`: `1-element Vector{…}:`; `│ ─ %-1`: Cthulhu's title line, a rail that starts no body)
_OTHER_LINE_START = re.compile(r"\n[\t ]*(?:[^\s│└┌\d#%]|\d+-|│[\t ]*─[\t ]*%-1\b)")
_PASTE_CANDIDATE = lazy(r"[\t ]*(?:[^\s│└┌\d#%]|\d+-|│[\t ]*─[\t ]*%-1\b)")
_PASTE_LINE = re.compile(r"[\t ]*(?:julia>|\$[\t ]|>>>|\"\"\"|```|\d+-element |Variables|MethodInstance for|Body[\t ]*:|@(?:device_)?code_"
                         r"|═+[\t ]*\d+ possible errors? found|(?://[\t ]*)?(?:[\w-]+[\t ]+)?CompilerJob of |│[\t ]*─[\t ]*%-1[\t ]*=[\t ]*invoke\b"
                         r"|[^\n]*CodeInfo\(|[^\n]*code_(?:warntype|typed|lowered)[\t ]*\()")


# `@show zero(2.3)` prints `zero(2.3) = 0.0` (a cell's output above `@code_warntype`'s, QuantEcon's "The Need for
# Speed"): a call whose arguments hold a literal cannot be a one-line method definition (a parameter is a name)
_SHOW_CALL = lazy(r"^[\t ]*[A-Za-z_][\w.!]*\((.*)\)[\t ]*=[\t ]*\S[^\n]*$")
_LITERAL_ARG = lazy(r"^[\t ]*(?:[-+]?\d|\"|'|:[A-Za-z_])")


def _is_show_output(s: str) -> bool:
    """Is the line `@show` output, `f(2.3) = 0.0`: a call with a literal argument, `=`, a value?"""
    m = _SHOW_CALL.match(s) if "(" in s and "=" in s else None
    if m is None or "==" in s or "=>" in s:
        return False
    args, depth, start = [], 0, 0
    text = m.group(1)
    for j, ch in enumerate(text):
        if ch in "([{":
            depth += 1
        elif ch in ")]}":
            depth -= 1
            if depth < 0:
                return False  # `f(x) = g(1)`: the `(…)` matched is not the call's
        elif ch == "," and depth == 0:
            args.append(text[start:j])
            start = j + 1
    args.append(text[start:])
    return depth == 0 and any(_LITERAL_ARG.match(a) for a in args)


def looks_pasted(text: str) -> bool:
    """Has the text any mark of a paste (see `_PASTE_LINE`; escapes anywhere)?"""
    if "\x1b" in text or _PASTE_LINE.match(text):
        return True
    return any(_PASTE_LINE.match(text, m.start() + 1) for m in _OTHER_LINE_START.finditer(text))


# a colour code; `\ufffd[36m`: one whose ESC a page stored as U+FFFD (the replacement character)
_ANSI = lazy(r"[\x1b\ufffd]\[[0-9;]*[A-Za-z]")
# text a terminal draws at a column and then returns from (`ESC[77G│ESC[1G`: Julia 1.0's right-hand `│` rail
# written before the line it ends): out of the line's reading order, blanked with its escapes
_CURSOR_RAIL = lazy(r"[\x1b\ufffd]\[\d+G[^\x1b\ufffd\n]*[\x1b\ufffd]\[1G")
_FROM = lazy(r"^[\t ]*from[\t ]")  # `  from f(x) @ Main REPL[1]:1`, the line below `MethodInstance for`
_CHEVRON = lazy(r"^([\t ]*)>>>(?= |$)", re.M)
_PROMPT = lazy(r"^([\t ]*)julia>(?:[\t ]|$)")
_SHELL = lazy(r"^([\t ]*)\$[\t ]+\S")
_BARE_COMMAND = lazy(r"^([\t ]*)(?:[\w.]+[\t ]*=[\t ]*)?(?:InteractiveUtils\.)?(?:@(?:device_)?code_\w+\b"
                           r"|code_(?:warntype|typed|lowered)[\t ]*\()")
# Cthulhu's title of the method shown (`descend`, `ascend`, any view): `│ ─ %-1  = invoke callf(::Vector{Int64})::Int64`.
# It is read as a command: the menu Cthulhu prints below the code (`Select a call to descend into …`,
# `Toggles: …`, ` • %1  = invoke getindex(…)`, `   ↩`) is then debris, as another command's output would be.
_CTHULHU = lazy(r"^[\t ]*│[\t ]*─[\t ]*%-1[\t ]*=[\t ]*invoke\b")
# a statement storing a slot Julia printed by number, `_2 = …` (no slot names: unoptimized code)
NUMBERED_SLOT_STORE = r"^[\t ]*(?:\d+[\t ]+)?(?:[│└├┌─┄]+[\t ]*)?\(?(_\d+)[\t ]*=(?![=>])"
_NUMBERED_SLOT_STORE = lazy(NUMBERED_SLOT_STORE)
# JET's report (`@report_call`, `@report_opt`): a banner, then a tree of frames `┌ f(x) @ Main REPL[1]:2`, `│┌ …`.
# Debris like any other command's output; a paste holding nothing else is told what to paste instead.
_JET_BANNER = lazy(r"^[\t ]*(?:═+[\t ]*(?:\d+ possible errors? found|No errors detected)[\t ]*═*|No errors detected)[\t ]*$")
_JET_TREE = lazy(r"^[\t ]*[┌│└]")
_VECTOR_HEADER = lazy(r"^[\t ]*\d+-element (?:Vector|Array)\{[^\n]*\}:[\t ]*$")
# GPUCompiler's title above each output of `@device_code_warntype` (CUDA, AMDGPU, …): `PTX CompilerJob of
# kernel kernel(CuDeviceVector{Float32, 1}) for sm_75` (`// ` before it in `@device_code_ptx`)
_COMPILER_JOB = lazy(r"^[\t ]*(?://[\t ]*)?(?:[\w-]+[\t ]+)?CompilerJob of [^\n]*$")
_STRING_WRAPPER = lazy(r'^[\t ]*(?:"""|```)[\w+-]*[\t ]*$')  # `"""Output` … `"""`, a Markdown fence
_CODEINFO_OPEN = lazy(r"CodeInfo\((?:[\t ]*$|:\()")
_CODEINFO_CLOSE = lazy(r"^[\t ]*\)[\t )]*(?:=>.*)?$")
_MI = lazy(r"^[\t ]*MethodInstance for\b")
_VARIABLES = lazy(r"^[\t ]*Variables:?[\t ]*$")
_BODY = lazy(r"^[\t ]*Body(?:[\t ]*::|:[\t ]*$|ERROR)")
_SECTION_LINE = lazy(r"^[\t ]*(?:from\b|Arguments|Locals|Static Parameters)|^[\t ]|^\S+::")
# a line of a printed body: block header, rail, line-info, mangled header; `\n` before a line that cannot be one
# (a book's typesetting: `--` ending a block, a bare number `2   %7 = …` starting one)
_BODY_LINE_FULL = lazy(r"[\t ]*(?:\d+[\t ]+)?(?:\d+[\t ]*(?:[─┄~-]|\.\.\.)|[│└┌╎╻┃╷|`]|@[\t ]|--+[\t ]"
                       r"|\d+[\t ][\t ]+(?=%\d|@|\(|(?!(?:isa|in|where)(?![\w!]))[A-Za-z_]))")
_NOT_BODY_LINE = lazy(r"\n(?![\t ]*(?:\d|[│└┌╎╻┃╷|`@]|--))")
_HEADERLESS_BODY = lazy(r"^[\t ]*(?:\d+[\t ]+)?\d+[\t ]*[─┄]")
_ELLIPSIS_LINE = lazy(r"^[\t ]*(?:\.\.\.|…|⋮)[\t ]*$")  # a line an author wrote for the lines left out
_MIDLINE_HEADER = lazy(r"^[\t ]*(\S[^\n]*?)[\t ]+(MethodInstance[\t ]+for(?=[\t ])|Body[\t ]*::)")
_COMMENT_LINE = lazy(r"[\t ]*#+(?:[\t ]|$)")
_IRC_ITEM = lazy(r"^[\t ]*(?:declare|struct|mutable[\t ]+struct|abstract[\t ]+type|const|global)\b")
_STRUCT_HEAD = lazy(r"^[\t ]*(?:mutable[\t ]+)?struct\b(?!.*\bend[\t ]*(?:#.*)?$)")
_FUNCTION_HEAD = lazy(r"^[\t ]*function[\t ]+[^\s(]+[\t ]*\(")
_IR_AFTER_HEAD = lazy(r"[\t ]*(?:\d+[\t ]+(?:\d+[\t ]+)?[─┄~-]|Body\b|CodeInfo\(|#|[│└]|end\b)")
# inside outputs
_LINE_COLUMN = lazy(r"[\t ]*(\d+)[\t ]+(?=\d+[\t ]+[─┄]|[│└])")  # Julia 1.0: `2 1 ─ …`, `3 │   …`
_LINE_COLUMN_SIGN = lazy(r"[\t ]*\d+[\t ]+\d+[\t ]+[─┄]")
_RIGHT_RAIL = lazy(r"(?<=\S)[\t ]{2,}│[\t ]*$")  # Julia 1.0's right-hand `│` (an inlining tree stays: optimized)
_NESTED_RAIL = lazy(r"([\t ]*(?:\d+[\t ]*[─┄]+|[│└]─*)[\t ]*)((?:[│└][\t ]*)+)(?=[^\s@┌])")
_ONLY_RAILS = lazy(r"[\t ]*[│└][\t │└]*$")  # `│   └`: a debuginfo scope closing
_MANGLED_HEADER = lazy(r"([\t ]*\d+[\t ]+)\.\.\.(?=[\t ])")
_MANGLED_GOTO = lazy(r"goto # (\d+)")
# a book's callout marker in the left margin of a line (`➊ Body::Float64`; the other lines indented to make room)
_CALLOUT = lazy(r"^[\t ]*([\u2460-\u2473\u2776-\u2793])[\t ]")
_CALLOUT_ANY = lazy(r"^[\t ]*[\u2460-\u2473\u2776-\u2793][\t ]", re.M)
# what follows a callout marker on a line of Julia's output: a header word, a rail, a block number, a slot entry
_OUTPUT_LINE = lazy(r"[\t ]*(?:Body::|MethodInstance for|Arguments|Locals|Variables|CodeInfo\(|[│└┌|]|\d+[\t ]*[─┄-]|--"
                    r"|[#@\w]+::|%\d+)")
# `goto MantisFEM/Mantis.jl#3`: GitHub turned `#3` into a reference to issue 3 of a repository and a copy kept
# the link's text (`owner/repo#N`)
_LINKED_GOTO = lazy(r"goto ([A-Za-z0-9][\w.-]*/[\w.-]+)#(\d+)\b")
_UPPER_WHERE = lazy(r"::[^a-z]*[A-Z][^a-z]*\bWHERE\b[^a-z]*$")
# Julia <= 1.5 may show a function constant the way the REPL displays it:
# `Core.Compiler.Const(onset (generic function with 3 methods), false)`: the name is the value
_FUNCTION_DISPLAY = lazy(r"[\w!#\"?]( \(generic function with \d+ methods?\))")


def _blank(s: str) -> str:
    return " " * len(s)


# ---------------------------------------------------------------- Julia code, roughly


_KW_OPEN = frozenset({"function", "begin", "do", "let", "if", "for", "while", "quote", "struct", "module", "baremodule",
                      "try", "macro"})
_TOKENS = lazy(r'"""(?:[^"\\]|\\.|"(?!""))*(?:"""|$)|"(?:[^"\\\n]|\\.)*"?|#=.*?=#|#[^\n]*'
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
        elif tok in ("end", "begin") and stack and stack[-1][0] == "[":
            pass
        elif tok == "end":
            blocks -= 1
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


def outside_strings(text: str, start: int = 0):
    """(index, character) of every character from `start` that is not inside a string literal."""
    i, n = start, len(text)
    while i < n:
        ch = text[i]
        if ch == '"':
            j = i + 1
            while j < n and text[j] != '"':
                j += 2 if text[j] == "\\" else 1
            i = j + 1
            continue
        yield i, ch
        i += 1


def matching(text: str, start: int) -> int:
    """Index just after the bracket closing the one opened at `start`
    (strings skipped); len(text) when it never closes."""
    depth = 0
    for i, ch in outside_strings(text, start):
        if ch in "([{":
            depth += 1
        elif ch in ")]}":
            depth -= 1
            if depth == 0:
                return i + 1
    return len(text)


def split_args(text: str) -> list[str]:
    """Top-level comma-separated parts of an argument list (keywords after `;` dropped)."""
    parts: list[str] = []
    depth = begin = 0
    for i, ch in outside_strings(text):
        if ch in "([{":
            depth += 1
        elif ch in ")]}":
            depth -= 1
        elif depth == 0 and ch in ",;":
            parts.append(text[begin:i].strip())
            if ch == ";":
                return [p for p in parts if p]
            begin = i + 1
    parts.append(text[begin:].strip())
    return [p for p in parts if p]


_DEF_FUNCTION = lazy(r"(?:^|[;\s])function[\t ]+(?:[\w.]+\.)?([^\s(.]+)[\t ]*\(")
_DEF_SHORT = lazy(r"(?:^|[;\n])[\t ]*(?:@\w+(?:\.\w+)*[\t ]+)*(?:[\w.]+\.)?([A-Za-z_][\w!]*)[\t ]*\("
                        r"(?=[^\n]*\)[\t ]*(?:where[^\n=]*)?=(?!=))")
_IDENT = lazy(rf"(?:[^\W\d]|[{START_EXTRA}])[\w!{CHAR_EXTRA}]*")


def _param(p: str) -> Arg:
    """`x::T = 1` -> (x, T); `::T` -> (None, T); `@nospecialize(A::AbstractArray)`
    -> (A, AbstractArray); `xs...` -> (xs, None): a vararg's type is not the argument's."""
    p = p.strip()
    m = re.match(r"@\w+\((.*)\)$", p)
    if m:
        p = m.group(1)
    p = re.split(r"(?<![=<>!])=(?!=)", p, maxsplit=1)[0].strip()
    if p.endswith("..."):
        name = p[:-3].split("::", 1)[0].strip()
        return (name if _IDENT.fullmatch(name) else None), None
    name, _, typ = p.partition("::")
    name = name.strip()
    return (name if _IDENT.fullmatch(name) else None), (typ.strip() or None)


def definitions_in(code: str) -> list[tuple[str, list[Arg]]]:
    """Function definitions in Julia code: (name, [(argument name, declared
    type text)]) for each `function f(a, b::T)` and `f(a, b) = …` (None for
    an unnamed or untyped argument)."""
    out = []
    for rx in (_DEF_FUNCTION, _DEF_SHORT):
        for m in rx.finditer(code):
            open_at = m.end() - 1
            close = matching(code, open_at)
            out.append((m.group(1), [_param(p) for p in split_args(code[open_at + 1:close - 1])]))
    return out


# ---------------------------------------------------------------- the cleaner


class _Cleaner:
    """One pass over one text (see the module docstring); `lines` is edited in place."""

    def __init__(self, text: str):
        self.changed = "\r\n" in text
        if self.changed:  # a Windows line end: the `\r` becomes a trailing space (lengths kept)
            text = text.replace("\r\n", " \n")
        self.text = text
        self.lines = text.split("\n")
        self.jet: tuple[int, int] | None = None
        self._offsets: list[int] | None = None
        self.outputs: list[Output] = []
        self.definitions: dict[str, list[list[Arg]]] = {}
        self.notes: list[tuple[int, int, str]] = []
        self.units: list[int] = []
        self.elided: list[tuple[int, int]] = []
        self.midline: list[tuple[int, int, int, str, str]] = []
        self.from_lines: dict[str, str] = {}

    # -- positions and edits (every edit keeps the line's length, so offsets never change)
    def offsets(self) -> list[int]:
        """offsets[i]: where line i starts (one C-level pass, on first use)."""
        if self._offsets is None:
            self._offsets = [0, *accumulate(len(s) + 1 for s in self.lines)][: len(self.lines)]
        return self._offsets

    def line_at(self, pos: int) -> int:
        """0-based line of a position."""
        return bisect.bisect_right(self.offsets(), pos) - 1

    def other_lines(self, a: int, b: int) -> list[int]:
        """Lines in [a, b) whose first non-blank character is not a rail, a
        block number or a comment: the only ones that can start an output,
        a unit, or be debris outside them."""
        offs = self.offsets()
        start = offs[a] - 1 if a > 0 else 0
        end = offs[b] if b < len(offs) else len(self.text)
        out = [a] if a < b and _PASTE_CANDIDATE.match(self.lines[a]) else []
        for m in _OTHER_LINE_START.finditer(self.text, start, end):
            i = self.line_at(m.start() + 1)
            if a <= i < b and (not out or out[-1] != i):
                out.append(i)
        return out

    def span(self, a: int, b: int) -> tuple[int, int]:
        """Offsets of lines [a, b) in the text."""
        offs = self.offsets()
        return offs[a], (offs[b] - 1 if b < len(offs) else len(self.text))

    def blank(self, i: int, start: int = 0, end: int | None = None) -> None:
        s = self.lines[i]
        end = len(s) if end is None else end
        if end > start and s[start:end].strip():
            self.lines[i] = s[:start] + " " * (end - start) + s[end:]
            self.changed = True

    def replace(self, i: int, start: int, end: int, new: str) -> None:
        s = self.lines[i]
        assert len(new) == end - start
        self.lines[i] = s[:start] + new + s[end:]
        self.changed = True

    def define(self, code: str) -> None:
        for name, args in definitions_in(code):
            self.definitions.setdefault(name, []).append(args)

    # -- the steps
    def run(self) -> None:
        text = self.text
        if "\x1b" in text or ">>>" in text or "\ufffd[" in text:
            for i, s in enumerate(self.lines):
                if "\x1b" in s or "\ufffd[" in s:
                    if "G" in s:  # Julia 1.0's right-hand rail drawn by moving the cursor: `ESC[77G│ESC[1G`
                        s = _CURSOR_RAIL.sub(lambda m: _blank(m.group()), s)
                    self.replace(i, 0, len(s), _ANSI.sub(lambda m: _blank(m.group()), s))
                    if _FROM.match(self.lines[i]):
                        self.from_lines[_FROM.sub("", self.lines[i]).strip()] = _FROM.sub("", _ANSI.sub("", s)).strip()
                    s = self.lines[i]
                if ">>>" in s:
                    m = _CHEVRON.match(s)
                    if m:
                        self.blank(i, m.end(1), m.end(1) + 3)
            self.text = "\n".join(self.lines)  # same offsets: edits keep lengths
        if '\\"' in text and _ESCAPED_QUOTES.search(text):
            # a page that escaped the quotes (Pluto's export: `Main.var\"workspace#4\".double`): Julia's `"`, on
            # each line with a `var\"` and no quote left bare (columns after it shift by one per quote)
            first = None
            for i, s in enumerate(self.lines):
                if _ESCAPED_QUOTES.search(s) and not _BARE_QUOTE.search(s):
                    u = s.replace('\\"', '"')
                    self.replace(i, 0, len(s), u + " " * (len(s) - len(u)))
                    first = i if first is None else first
            if first is not None:
                self.notes.append((first + 1, 1, 'read the page\'s escaped quotes `\\"` as `"`'))
                self.text = "\n".join(self.lines)
        if "> " in text and _QUOTED_START.search(text):
            # a Markdown quote (`> MethodInstance for …`, on the first line or on every line): the `>` is the page's
            for i, s in enumerate(self.lines):
                m = _QUOTE_MARK.match(s)
                if m:
                    self.blank(i, m.start(1), m.end(1))
            self.text = "\n".join(self.lines)
        if _CALLOUT_ANY.search(text):  # a book's callout marker in a line's margin: `➊ Body::Float64`
            for i, s in enumerate(self.lines):
                m = _CALLOUT.match(s)
                if m and _OUTPUT_LINE.match(s, m.end(1)):
                    self.replace(i, m.start(1), m.end(1), " ")
                    self.notes.append((i + 1, m.start(1) + 1, f"read past the callout marker `{m.group(1)}` a book "
                                       "set in the margin (not Julia's output)"))
            self.text = "\n".join(self.lines)
        if "∘" in text:  # Cthulhu's typed view: `∘ ─ %0 = invoke foo(::Int64,::Int64)::Any` stands for `Body::Any`
            for i, s in enumerate(self.lines):
                m = _CTHULHU_BODY.match(s) if "∘" in s else None
                if m:  # (same length: `Body` right before the `::R`, blanks before it)
                    at = m.start(2) - 2
                    self.replace(i, m.end(1), at, " " * (at - m.end(1) - 4) + "Body")
                    self.notes.append((i + 1, m.end(1) + 1, "read Cthulhu's `∘ ─ %0 = invoke f(…)::R` line as `Body::R`"))
            self.text = "\n".join(self.lines)
        if "%-1" in text and "Variables" in text:  # a Cthulhu title below `Variables`: where `Body::R` stands
            for i, s in enumerate(self.lines):
                m = _CTHULHU_TITLE_LINE.match(s) if "%-1" in s else None
                if m and self._below_variables(i):
                    at = m.start(2) - 2
                    self.replace(i, m.end(1), at, " " * (at - m.end(1) - 4) + "Body")
                    self.notes.append((i + 1, m.end(1) + 1, "read Cthulhu's `│ ─ %-1 = invoke f(…)::R` line below "
                                                            "`Variables` as `Body::R`"))
            self.text = "\n".join(self.lines)
        n = len(self.lines)
        self.candidates = self.other_lines(0, n)
        self.units = [i for i in self.candidates if self._is_unit(i)]
        bounds = self.units + [n]
        self.free_text(0, bounds[0])
        for k, a in enumerate(self.units):
            self.unit(a, bounds[k + 1])
        if self.changed:
            self.text = "\n".join(self.lines)
        for out in self.outputs:
            if out.kind != "plain":
                self.inside(out)

    def _is_unit(self, i: int) -> bool:
        s = self.lines[i]
        return bool(_PROMPT.match(s) or _SHELL.match(s) or _BARE_COMMAND.match(s) or _CTHULHU.match(s)
                    or (_METHOD_LINE.match(s) and self._variables_next(i)))

    def _variables_next(self, i: int) -> bool:
        """Is the next non-blank line after line i a `Variables` section title (a log record
        between them skipped: Cthulhu's `┌ Warning: couldn't retrieve source of …`)?"""
        k, n = i + 1, len(self.lines)
        while k < n:
            t = self.lines[k]
            if _LOG_OPEN.match(t):  # `┌ Warning: …`, its `│ …` lines, up to `└ @ Module file:line`
                k += 1
                while k < n and not _LOG_CLOSE.match(self.lines[k]) and _LOG_MIDDLE.match(self.lines[k]):
                    k += 1
                if k < n and _LOG_CLOSE.match(self.lines[k]):
                    k += 1
                    continue
                return False
            if t.strip():
                return bool(_VARIABLES.match(t))
            k += 1
        return False

    def _below_variables(self, i: int) -> bool:
        """Do the non-blank lines above line i run up, through `name::T` entries only, to a `Variables` title?"""
        for k in range(i - 1, -1, -1):
            t = self.lines[k]
            if not t.strip() or _VARIABLE_ENTRY.match(t):
                continue
            return bool(_VARIABLES.match(t))
        return False

    def free_text(self, a: int, b: int) -> None:
        """Text outside units: debris by its shape blanked, outputs recorded."""
        i = a
        lo = bisect.bisect_left(self.candidates, a)
        hi = bisect.bisect_left(self.candidates, b)
        for k in self.candidates[lo:hi]:
            if k < i:
                continue
            s = self.lines[k]
            if _VECTOR_HEADER.match(s) or _STRING_WRAPPER.match(s) or _COMPILER_JOB.match(s):
                self.blank(k)
                i = k + 1
            elif _is_show_output(s):
                self.blank(k)
                self.notes.append((k + 1, 1, f"read past `{s.strip()[:40]}`: `@show` output (a call with a literal "
                                             "argument is no method definition)"))
                i = k + 1
            elif _JET_BANNER.match(s):
                i = self.jet_report(k, b)
            elif _FUNCTION_HEAD.match(s):
                i = self.julia_source(k, b) if self.units and not self._ir_follows(k + 1, b) else k + 1
            else:
                start = self.output_start(k)
                i = self.output(k, b, start, None) + 1 if start is not None else k + 1

    def _ir_follows(self, i: int, b: int) -> bool:
        """Does a `function` header at line i-1 have an IR body (its next
        non-blank line a block header, `Body::`, `CodeInfo(`, a rail, `end`)?"""
        while i < b and not self.lines[i].strip():
            i += 1
        return i >= b or bool(_IR_AFTER_HEAD.match(self.lines[i]))

    def julia_source(self, i: int, b: int) -> int:
        """A Julia `function … end` pasted before a prompt: blanked (its
        arguments kept as a definition); returns the next line."""
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
        if _BODY.match(s):
            return "Body"
        if "CodeInfo(" in s and _CODEINFO_OPEN.search(s):
            return "CodeInfo"
        if ":($(Expr(:lambda" in s:
            return "lambda"
        return None

    def unit(self, a: int, b: int) -> None:
        """A prompt (or shell line, or bare command) with its continuation
        lines, then what was printed after it, up to line b."""
        s = self.lines[a]
        m = _PROMPT.match(s) or _SHELL.match(s)
        indent = len(s) - len(s.lstrip())
        col = m.end() if _PROMPT.match(s) else (s.index("$") + 1 if m else indent)
        col += len(s[col:]) - len(s[col:].lstrip())
        code = s[col:]
        j = a
        while j + 1 < b and unfinished(code):
            nxt = self.lines[j + 1]
            if self.output_start(j + 1) is not None:
                break
            if not code.split("#", 1)[0].strip() and len(nxt) - len(nxt.lstrip()) < indent + 7:
                break  # a comment alone: the REPL's continuation is indented by the prompt
            j += 1
            code += "\n" + nxt
        for k in range(a, j + 1):
            self.blank(k)
        self.define(code)
        cmd = Command(code, a + 1, col + 1)
        i = j + 1
        while i < b:
            s = self.lines[i]
            if self.output_start(i) is not None:
                i = self.output(i, b, self.output_start(i), cmd) + 1
            elif _COMMENT_LINE.match(s):  # irc comments too
                i += 1
            elif _IRC_ITEM.match(s):  # irc declarations after a prompt are kept, struct bodies whole
                i += 1
                if _STRUCT_HEAD.match(s):
                    while i < b and self.lines[i].strip() != "end" and not _PROMPT.match(self.lines[i]):
                        i += 1
                    i += 1
            elif _FUNCTION_HEAD.match(s) and self._ir_follows(i + 1, b):
                k = i
                while k + 1 < b and self.lines[k].strip() != "end":
                    k += 1
                self.outputs.append(Output("plain", i + 1, k + 1))
                i = k + 1
            elif _HEADERLESS_BODY.match(s):  # a body printed with no header (IRCode, Zygote IR, …)
                k = self._body_end(i + 1, b)
                if _CTHULHU.match(code):  # below Cthulhu's title: its typed view, a `CodeInfo(` printed bare
                    self.outputs.append(Output("codeinfo", i + 1, k, cmd, wrapped=False))
                    body = self.lines[i:k]
                    if any("::" in t for t in body):
                        how = "its typed view (`code_typed(…; optimize=false)` with no `CodeInfo(` around it)"
                    else:  # Cthulhu 1.7-DEV's `descend(…; optimize=false)` (Cthulhu#168): no types printed
                        how = "its unoptimized view, which Julia printed with no types (as `@code_lowered` prints)"
                    store = next((m for t in body if (m := _NUMBERED_SLOT_STORE.match(t))), None)
                    if store is not None:
                        how += (f"; its slots are printed by number with no names (`{store.group(1)}` is slot "
                                f"{store.group(1)[1:]})")
                    self.notes.append((i + 1, 1, "read the body below Cthulhu's title as " + how))
                else:
                    self.outputs.append(Output("body", i + 1, k, cmd))
                i = k
            elif _JET_BANNER.match(s):
                i = self.jet_report(i, b)
            else:
                if _ELLIPSIS_LINE.match(s):  # an author's `...`: where it stands is judged (irc.syntax.forms)
                    self.elided.append((i + 1, len(s) - len(s.lstrip()) + 1))
                elif ("MethodInstance" in s or "Body" in s) and (h := _MIDLINE_HEADER.match(s)):  # (judged too)
                    self.midline.append((i + 1, h.start(1) + 1, h.start(2) + 1, h.group(2), h.group(1)))
                self.blank(i)
                i += 1

    def jet_report(self, i: int, b: int) -> int:
        """A JET report from its banner at line i: blanked, its place kept; returns the next line."""
        s = self.lines[i]
        if self.jet is None:
            self.jet = (i + 1, len(s) - len(s.lstrip()) + 1)
        self.blank(i)
        i += 1
        while i < b and _JET_TREE.match(self.lines[i]):
            self.blank(i)
            i += 1
        return i

    def _body_end(self, i: int, b: int) -> int:
        """The first line in [i, b) that is not a body line (b if none)."""
        while i < b:
            start, end = self.span(i, b)
            m = _NOT_BODY_LINE.search(self.text, start - 1 if i else 0, end)
            if m is None:
                return b
            k = max(i, self.line_at(m.end()))
            if not _BODY_LINE_FULL.match(self.lines[k]) and not self._note_in_body(k, b):
                return k
            i = k + 1  # a digit that was a block number after all
        return b

    def _note_in_body(self, k: int, b: int) -> bool:
        """Is line k a person's note (`<------ here`, a sentence) with the body going on after it?
        It stays in the body, for the parser to say so (irc.syntax.added), not to cut the body short."""
        s = self.lines[k]
        return (k + 1 < b and added_text(s) == len(s) - len(s.lstrip()) and s.strip() != ""
                and bool(_BODY_LINE_FULL.match(self.lines[k + 1])))

    def output(self, i: int, b: int, start: str, cmd: Command | None) -> int:
        """Record the output starting at line i (before line b); returns its last line (0-based)."""
        lines = self.lines
        if start == "lambda":  # Julia 0.x: to the end of the unit (judged unsupported)
            last = self._last_text(i, b)
            self.outputs.append(Output("codeinfo", i + 1, last + 1, cmd, closed=False))
            return last
        if start == "CodeInfo":
            return self._codeinfo(i, b, cmd)
        j = i
        if start != "Body":  # header sections up to `Body::`
            j = i + 1
            while j < b:
                t = lines[j]
                if _BODY.match(t):
                    break
                if _MI.match(t) or _VARIABLES.match(t) or _PROMPT.match(t) or (t.strip() and not _SECTION_LINE.match(t)):
                    break
                j += 1
            if j >= b or not _BODY.match(lines[j]):
                last = self._last_text(i, j)
                self.outputs.append(Output("warntype", i + 1, last + 1, cmd, header=start))
                return last
        k = self._body_end(j + 1, b)
        self.outputs.append(Output("warntype", i + 1, k, cmd, header=start))
        return k - 1

    def _codeinfo(self, i: int, b: int, cmd: Command | None) -> int:
        lines = self.lines
        s = lines[i]
        at = s.index("CodeInfo(")
        prefix = s[:at]
        extra = prefix.count("(") - prefix.count(")")
        if prefix.strip():  # `:($(Expr(:thunk, CodeInfo(`, `x = CodeInfo(`
            self.blank(i, 0, at)
        k = i - 1
        while k >= 0 and not lines[k].strip():
            k -= 1
        bare = k < 0 or not (_FUNCTION_HEAD.match(lines[k]) or _BODY.match(lines[k]) or _MI.match(lines[k]))
        j = i + 1
        while j < b:
            t = lines[j]
            if _CODEINFO_CLOSE.match(t):
                if extra > 0:  # `))))`: the wrapper's closers after CodeInfo's own
                    close_at = t.index(")")
                    end = close_at + 1
                    n = extra
                    while end < len(t) and n > 0 and t[end] in ") \t":
                        n -= t[end] == ")"
                        end += 1
                    self.blank(j, close_at + 1, end)
                self.outputs.append(Output("codeinfo", i + 1, j + 1, cmd, bare=bare))
                return j
            if self.output_start(j) is not None or _PROMPT.match(t):
                break
            j += 1
        last = self._last_text(i, j)
        self.outputs.append(Output("codeinfo", i + 1, last + 1, cmd, closed=False, bare=bare))
        return last

    def _last_text(self, i: int, j: int) -> int:
        """The last non-blank line in [i, j) (i if none)."""
        last = j - 1
        while last > i and not self.lines[last].strip():
            last -= 1
        return max(last, i)

    def inside(self, out: Output) -> None:
        """Debris within one output: Julia 1.0's columns, nesting rails; repairs with notes.
        Each kind is looked for only where a cheap test on the output's text says it may be."""
        a, b = out.first - 1, out.last
        lines = self.lines
        start, end = self.span(a, b)
        text = self.text
        head = lines[a:min(b, a + 4)]
        if any(_LINE_COLUMN_SIGN.match(s) for s in head):  # Julia 1.0: `2 1 ─` on the first statement
            for i in range(a, b):
                m = _LINE_COLUMN.match(lines[i])
                if m:
                    self.blank(i, m.start(1), m.end(1))
        if any(_RIGHT_RAIL.search(s) for s in head):  # Julia 1.0's right-hand `│`
            for i in range(a, b):
                m = _RIGHT_RAIL.search(lines[i])
                if m:
                    self.blank(i, m.start(), m.end())
        if text.find("┌", start, end) >= 0 or text.find("└\n", start, end) >= 0:  # debuginfo scopes
            for i in range(a + 1, b):
                s = lines[i]
                if _ONLY_RAILS.match(s):
                    self.blank(i)
                    continue
                m = _NESTED_RAIL.match(s)
                if m:
                    self.blank(i, m.start(2), m.end(2))
        if text.find(" ... ", start, end) >= 0:
            for i in range(a, b):
                m = _MANGLED_HEADER.match(lines[i])
                if m:
                    self.replace(i, m.end(1), m.end(), "┄┄┄")
                    self.notes.append((i + 1, m.end(1) + 1, "read the damaged block header `…` as `┄` (a page replaced Julia's rail)"))
        pos = text.find("goto # ", start, end)
        while pos >= 0:
            i = self.line_at(pos)
            m = _MANGLED_GOTO.search(lines[i])
            if m:
                self.replace(i, m.start(), m.end(), "goto  #" + m.group(1))
                self.notes.append((i + 1, m.start() + 1, f"read the damaged `goto # {m.group(1)}` as `goto #{m.group(1)}`"))
            pos = text.find("goto # ", pos + 1, end)
        if text.find("/", start, end) >= 0:
            for i in range(a, b):
                for m in _LINKED_GOTO.finditer(lines[i]):
                    self.replace(i, m.start(1), m.end(1), " " * (m.end(1) - m.start(1)))
                    self.notes.append((i + 1, m.start(1) + 1, f"read `goto {m.group(1)}#{m.group(2)}` as "
                                       f"`goto #{m.group(2)}` (a page turned `#{m.group(2)}` into a link to an issue)"))
        pos = text.find(" (generic function with ", start, end)
        while pos >= 0:  # `f (generic function with 3 methods)`: the function `f` (Julia <= 1.5's display of it)
            i = self.line_at(pos)
            for m in _FUNCTION_DISPLAY.finditer(lines[i]):
                self.blank(i, m.start(1), m.end(1))
            pos = text.find(" (generic function with ", self.offsets()[i] + len(lines[i]), end)
        pos = text.find("WHERE", start, end)
        while pos >= 0:
            i = self.line_at(pos)
            s = lines[i]
            if _UPPER_WHERE.search(s):
                at = s.rfind("::", 0, s.rfind("WHERE"))
                self.replace(i, at, len(s), re.sub(r"\bWHERE\b", "where", s[at:]))
            pos = text.find("WHERE", self.offsets()[i] + len(s), end)


_QUOTED_START = lazy(r"^[\t ]*>[\t ]+(?:MethodInstance for |julia>|Variables\b|CodeInfo\()", re.M)
_QUOTE_MARK = lazy(r"^[\t ]*(>)(?=[\t ]|$)")
_ESCAPED_QUOTES = lazy(r'var\\"')
_BARE_QUOTE = lazy(r'(?<!\\)"')
# Cthulhu's typed view (its older versions, its test ground truths): the method's title where `Body::R` stands
_CTHULHU_BODY = lazy(r"^([\t ]*)∘[\t ]*─[\t ]*%0[\t ]*=[\t ]*invoke[\t ]+.*\)::(\S.*?)[\t ]*$")
# Cthulhu's title line of the method shown (the `%-1` pseudo-statement, its return type after the call), and
# in the warn view of its versions of 2021-2022 the method itself above `Variables` (`show(io, ::Method)`:
# `(::var"#27#28")() in Main at none:2`, Julia 1.9+ `f(x) @ Main REPL[1]:1`): a command, as the title is
_CTHULHU_TITLE_LINE = lazy(r"^([\t ]*)│[\t ]*─[\t ]*%-1[\t ]*=[\t ]*invoke[\t ]+.*\)::(\S.*?)[\t ]*$")
_METHOD_LINE = lazy(r"^[\t ]*\S[^\n]*\)[\t ]+(?:in[\t ]+[\w.]+[\t ]+at|@[\t ]+[\w.]+)[\t ]+\S+:\d+[\t ]*$")
_VARIABLE_ENTRY = lazy(r"^[\t ]+[^\s(:]+::\S")
# a record of Julia's logging (`@warn` … as `ConsoleLogger` prints it): `┌ Warning: message`, `│ …` lines,
# `└ @ Module file:line`; the first line names a level (Debug, Info, Warning, Error, or a custom one)
_LOG_OPEN = lazy(r"^[\t ]*┌ (?:Debug|Info|Warning|Error|[A-Z]\w*):[\t ]")
_LOG_MIDDLE = lazy(r"^[\t ]*│")
_LOG_CLOSE = lazy(r"^[\t ]*└ @ \S")
_COMMENT_MARK = lazy(r"^([\t ]*)# ?")
_COMMENTED_KEYS = ("julia>", "MethodInstance for", "Variables", "CodeInfo(", "@code_")
_COMMENTED_START_ANY = lazy(r"^[\t ]*#[\t ]*(?:julia>|MethodInstance for|Variables\b|CodeInfo\(|@code_)", re.M)
_IR_OUTSIDE = lazy(r"[\t ]*(?:[│└┌]|\d+[\t ]+[─┄]|function\b|MethodInstance for|Variables\b|Body\b|CodeInfo\()")


def uncommented(text: str) -> str | None:
    """A paste kept as comments in a script (`# julia> @code_warntype f()`, `# Body::Any`, every
    line of it): from its first line (a prompt, `MethodInstance for`, `Variables`, `CodeInfo(`)
    the run of comment (or blank) lines, each with its `#` (and one space after it) blanked,
    columns kept, when what is left looks pasted and no line outside the run is a body of its
    own (comment headers before it and declarations around it stay); else None."""
    if not any(k in text for k in _COMMENTED_KEYS):  # (substring scans: a large plain input costs ~nothing)
        return None
    m = _COMMENTED_START_ANY.search(text)
    if m is None:
        return None
    lines = text.split("\n")
    start = text.count("\n", 0, m.start())
    end = start
    while end < len(lines) and (not lines[end].strip() or lines[end].lstrip().startswith("#")):
        end += 1
    if any(_IR_OUTSIDE.match(ln) for ln in lines[:start] + lines[end:]):
        return None
    run = [_COMMENT_MARK.sub(lambda m: m.group(1) + " " * (len(m.group(0)) - len(m.group(1))), ln)
           for ln in lines[start:end]]
    out = "\n".join(lines[:start] + run + lines[end:])
    return out if looks_pasted(out) else None


def unquoted(text: str) -> str | None:
    """A paste quoted in Markdown on every line (`> MethodInstance for …`, `> 1 ─ %1 = …`): the `>`
    of each line blanked, columns kept, when what is left looks pasted; else None."""
    if "> " not in text or not _QUOTED_START.search(text):
        return None
    lines = [_QUOTE_MARK.sub(lambda m: " " * len(m.group(0)), ln) for ln in text.split("\n")]
    out = "\n".join(lines)
    return out if looks_pasted(out) else None


def clean(text: str) -> Paste:
    """The paste with its debris blanked (see the module docstring)."""
    commented = False
    if not looks_pasted(text):
        u = uncommented(text) or unquoted(text)
        if u is None:
            return Paste(text)
        text, commented = u, True
    c = _Cleaner(text)
    c.changed = c.changed or commented
    if commented:  # (said on the output's first line, where a function's notes are looked for)
        first = next((i for i, ln in enumerate(c.lines, start=1)
                      if ln.lstrip().startswith(("MethodInstance", "Variables", "CodeInfo(", "Body"))), 1)
        c.notes.append((first, 1, "read the paste inside `# ` comments (Julia's output pasted into a script)"
                        if "#" in text.split("\n")[first - 1][:1] or not _QUOTED_START.search(text) else
                        "read the paste inside a Markdown `> ` quote"))
    c.run()
    cleaned = "\n".join(c.lines) if c.changed else text  # (`c.changed`: CRLF, escapes, or debris)
    return Paste(cleaned, c.offsets(), c.outputs, c.definitions, c.notes, True, len(c.units), c.jet, c.elided, c.midline,
                 c.from_lines)
