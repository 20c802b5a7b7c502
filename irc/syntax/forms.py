"""What each pasted output is: a form irc reads, or one it refuses -- and the signature of a bare `CodeInfo(`.

`irc.syntax.paste` finds the outputs of a paste and the command that
printed each; this module judges them and names what a bare `CodeInfo(`
is a method of.  Two jobs, one per function:

`judge(paste) -> list[Refusal]` -- one refusal per output irc does not
read, with the line and column to point at and a message that says why and
what to paste instead; the caller blanks the refused output (so it causes no
further errors) and reports the refusal.  In order:

1. *not supported*: Julia before 1.0 (`CodeInfo(:(begin`, `Variables:`,
   `Body:` then `begin`, `Core.SSAValue(1) =`, `:($(Expr(:lambda`), forks
   (Tapir's `detach within`), and other printers (`Base.code_ircode`,
   `Zygote.@code_ir`, a body printed with no header at all);
2. *damaged*: an author's `...` where Julia printed lines (among the
   header's entries, in the body, in place of the header before `Body::T`
   or of the body after it: `Paste.elided` holds those blanked as debris;
   one after a whole output is not judged; one error per command); a
   header word after other text on its line where the output lacks it
   (`Paste.midline`: a page joined lines, a book's `➊` marker); Julia
   stopped with an `ERROR:` while printing;
3. *optimized*: the body says so -- `φ (…)`/`π (…)` nodes, `invoke`
   statements, `%%x` arguments, an inlining tree beside the rails, `_2`
   argument names (no slots; but an output that stores a slot `_2 = …` is
   unoptimized code whose slots Julia printed by number) -- or the command does: `@code_typed` and
   `code_typed(…)` print optimized code unless given `optimize=false`,
   `@code_warntype optimize=true` too.  Julia 1.0 and 1.1's
   `@code_warntype` printed optimized code with `Body::T` as its only
   header: a `Body::T` with no header and any sign of those versions (a
   line-number column, `(Base.f)(…)` callees, `$(QuoteNode(…))`) is
   optimized; without one, it is a paste whose header was cut (damaged).
   A bare typed `CodeInfo(` with no command at all is optimized when it
   calls arithmetic intrinsics (`Base.mul_int(x, x)`: `*` inlined).

Each sign is looked for with one regular-expression search over the
output's span of the text, after a literal test where one applies, so a
large output costs a few scans.

`signature_hint(output, paste, signature)` -- for a bare `CodeInfo(`, in
order of trust: the command's call (`@code_lowered f(1, 2.0)`: the name and
the types of literal arguments; `code_typed(f, (Int, Float64); …)` and
`code_lowered(f, Tuple{Int})`: the types; `code_typed((T,)) do x …`: names
and types; `Meta.lower(…)`: top-level code, no arguments) with the
argument names of a definition of that function found in the transcript;
then `--signature 'f(x::Int64, y)'` when the command left a type unknown;
the name from the output's first line-info line (`@ REPL[3]:2 within
`summer``).  What is still unknown is left to `irc.ir.signature` (the names
read but never assigned, typed from Julia's typed reads or `Any`).

Invariants: nothing here raises (a command irc cannot read gives no hint);
every refusal points inside the pasted text.
"""
from __future__ import annotations

import bisect
import re
from dataclasses import dataclass

from irc.syntax import tree as S
from irc.syntax.lazyre import lazy
from irc.syntax.paste import NUMBERED_SLOT_STORE, Command, Output, Paste, matching, split_args


@dataclass(frozen=True, slots=True)
class Refusal:
    line: int
    col: int
    message: str
    code: str  # "optimized" | "unsupported" | "damaged"
    output: Output
    said: bool = True  # False: blanked like the others, its cause already said (one error per abridged paste)


ADVICE = "paste `@code_warntype f(…)` or `code_typed(f, (T…,); optimize=false)` instead"

# ---------------------------------------------------------------- the command

_MACRO = lazy(r"(?:InteractiveUtils\.|Zygote\.|IRTools\.)?@(code_warntype|code_typed|code_lowered|code_ir|code_llvm|code_native"
                    r"|device_code_warntype|device_code_typed|lower)\b")
_FUNC = lazy(r"(?:InteractiveUtils\.|Base\.|Meta\.)?\b(code_warntype|code_typed|code_lowered|code_ircode|code_llvm|code_native|lower)[\t ]*\(")
_OPTION = lazy(r"^\s*(\w+)\s*=\s*(:?[\w.]+)\s+")


@dataclass(frozen=True, slots=True)
class IRCommand:
    """The part of a command that printed IR: which reflection function, and how called."""

    what: str  # code_warntype | code_typed | code_lowered | code_ircode | code_ir | lower | …
    macro: bool  # `@code_typed f(x)` (True) or `code_typed(f, types)` (False)
    rest: str  # macro: the call after the options; function: the text inside the parentheses
    optimize: bool | None  # an explicit `optimize=` flag
    do_args: list[str] | None  # `… do x, n`: the do-block's argument names


def ir_command(cmd: Command | None) -> IRCommand | None:
    """The last reflection call in a command, or None."""
    if cmd is None:
        return None
    text = cmd.text
    best = None
    for rx, macro in ((_MACRO, True), (_FUNC, False)):
        for m in rx.finditer(text):
            if best is None or m.start() > best[0].start():
                best = (m, macro)
    if best is None:
        return None
    m, macro = best
    what = m.group(1)
    if what.startswith("device_"):
        what = what[len("device_"):]
    if macro:
        rest = text[m.end():]
        rest = re.split(r"\n|(?<!\S)#(?!\w)|;(?=\s*(?:#|$))", rest, maxsplit=1)[0].strip()
        optimize = None
        while True:
            o = _OPTION.match(rest + " ")
            if o is None or o.group(1) not in ("optimize", "debuginfo", "interp", "world", "raise", "warn"):
                break
            if o.group(1) == "optimize":
                optimize = o.group(2) != "false"
            rest = (rest + " ")[o.end():].strip()
        if rest.startswith("(") and rest.endswith(")") and what != "lower":  # `@code_warntype(f(x))`
            inner = rest[1:-1]
            if matching(rest, 0) == len(rest):
                rest = inner.strip()
        return IRCommand(what, True, rest, optimize, None)
    open_at = m.end() - 1
    close = matching(text, open_at)
    inner = text[open_at + 1:close - 1]
    flag = re.search(r"\boptimize\s*=\s*(\w+)", inner)
    optimize = None if flag is None else flag.group(1) != "false"
    after = text[close:]
    do = re.match(r"\s*do\b([^\n]*)", after)
    do_args = [a.strip() for a in do.group(1).split(",") if a.strip()] if do else None
    return IRCommand(what, False, inner, optimize, do_args)


def prints_optimized(c: IRCommand | None) -> bool:
    if c is None:
        return False
    if c.what == "code_typed":
        return c.optimize is not False
    if c.what == "code_warntype":
        return c.optimize is True
    return False


# ---------------------------------------------------------------- judging

_PRE_1_0 = [  # (pattern, words, a literal it needs)
    (re.compile(r"CodeInfo\(:\("), "Julia 0.6's `CodeInfo(:(begin …))`", "CodeInfo(:("),
    (re.compile(r"^[\t ]*Variables:[\t ]*$", re.M), "Julia 0.6/0.7's `Variables:`", "Variables:"),
    (re.compile(r"^[\t ]*Body:[\t ]*$", re.M), "Julia 0.6/0.7's `Body:`", "Body:"),
    (re.compile(r"Core\.SSAValue\(\d+\) ="), "Julia 0.6's `Core.SSAValue(1) = …`", "SSAValue("),
    (re.compile(r":\(\$\(Expr\(:lambda"), "Julia 0.x's `:lambda` form", ":lambda"),
]
PRE_1_0 = "output of Julia before 1.0 is not supported (irc reads Julia 1.0 to 1.12)"
# forms only Julia before 1.0 printed, looked for in a paste where irc found no output it reads (the header a
# page dropped, or kept as comments): (pattern, words); a line's `#` comment prefix is allowed
_PRE_1_0_FORMS = [
    (r"^[\t ]*(?:#[\t ]*)?(Variables:)[\t ]*$", "Julia 0.6/0.7's `Variables:`"),
    (r"^[\t ]*(?:#[\t ]*)?(Body:)[\t ]*$", "Julia 0.6/0.7's `Body:`"),
    (r"(?<![\w.])((?:Core\.)?SSAValue\(\d+\))", "Julia 0.5/0.6's `SSAValue(1)`"),
    (r"(?<![\w.])(GenSym\(\d+\))", "Julia 0.4's `GenSym(0)`"),
    (r"(?<![\w@#])(_var\d+)\b", "Julia 0.4/0.5's `_var0`"),
    (r"(?<![\w@])(#temp#)", "Julia 0.5/0.6's `#temp#`"),
    (r"(?<![\w.])(top\([A-Za-z_]\w*\))", "Julia 0.4/0.5's `top(f)`"),
    (r"^[\t ]*(?:#[\t ]*)?(end::)\S", "Julia 0.6 and before's `begin … end::T` body"),
    (r"(:\(\$\(Expr\(:)", "Julia 0.x's `:($(Expr(:…)))` heads"),
]
_PRE_1_0_ANY = lazy("|".join(f"(?:{rx})" for rx, _ in _PRE_1_0_FORMS), re.M)
_PROMPT_LINE = lazy(r"^[\t ]*julia>")


def pre_1_0_form(text: str) -> tuple[int, int, str] | None:
    """(line, col, words) of the first form in `text` that only Julia before 1.0 printed (not on a
    `julia>` line), or None: the likely cause of a paste where irc found no output it reads."""
    for m in _PRE_1_0_ANY.finditer(text):
        start = text.rfind("\n", 0, m.start()) + 1
        if _PROMPT_LINE.match(text, start):
            continue
        k = next(i for i in range(1, len(_PRE_1_0_FORMS) + 1) if m.group(i) is not None)
        return text.count("\n", 0, m.start()) + 1, m.start(k) - start + 1, _PRE_1_0_FORMS[k - 1][1]
    return None
_FORK = lazy(r"\b(?:detach|reattach|sync) within\b")
_UNSUPPORTED_COMMANDS = {
    "code_ircode": "`Base.code_ircode` prints IRCode",
    "code_ir": "`@code_ir` (Zygote/IRTools) prints its own IR",
    "code_llvm": "`@code_llvm` prints LLVM IR",
    "code_native": "`@code_native` prints machine code",
}
_ERROR = lazy(r"ERROR: ")
# signs of optimized code (group 1: where to point)
_PHI = lazy(r"(?:=|[│└─┄]|^)[\t ]*([φπ]) \(", re.M)
_INVOKE = lazy(r"(?:=|[─│└┄]|^)[\t ]*(?:dynamic[\t ]+)?(invoke)[\t ]+(?=[^\s=])", re.M)
_ARG2 = lazy(r"(?<![\w@#%.])(%%[A-Za-z_]\w*)")
_INLINING = lazy(r"^(?=[^\n@]*[╻╷┃])[^\n]*?(│?[│╻╷┃]*[╻╷┃][│╻╷┃]*)[\t ]+[^\s│]", re.M)  # an inlining tree beside the rails
_UNDERSCORE_ARG = lazy(r"_\d+(?![\w@#])")  # `_2`, unless part of a name (checked by hand: a fast scan for `_`)
# a statement storing a slot printed by number, `_2 = …` / `(_2 = …)`: unoptimized code with no slot names
_SLOT_STORE = lazy(NUMBERED_SLOT_STORE, re.M)
_NAME_CHARS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_@#%.:\"'!")
_LINE_COLUMN_1_0 = lazy(r"^[\t ]*(?:│)?(\d+)[\t ]+\d+[\t ]+[─┄]|^[\t ]*(│)\d", re.M)
# intrinsics that appear in typed code only once `+`, `*`, `<` … are inlined (`Base.not_int` is in every lowered loop)
_INLINED = lazy(r"(?:Base|Core(?:\.Intrinsics)?)\.((?:add|sub|mul|sdiv|udiv|srem|urem|neg|slt|sle|ult|ule|eq|ne|and|or"
                      r"|xor|shl|lshr|ashr)_int|(?:add|sub|mul|div|neg|lt|le|eq|ne|fma|muladd)_float|sitofp|uitofp|fptosi"
                      r"|fptoui|fpext|fptrunc|zext_int|sext_int|trunc_int)\(")
_OLD_CALLEE = lazy(r"\((?:Base|Core|Main)(?:\.\w+)*\)\(")
_QUOTENODE = lazy(r"\$\(QuoteNode\(")
# array primitives with a literal bounds-check flag: what `getindex`/`setindex!`/`length` become once
# inlined (Julia <= 1.10's optimizer); lowering never writes them
_INLINED_ARRAY = lazy(r"(?:Base|Core)\.(arrayref|arrayset|arraysize|arraylen)\((?:true|false)?")
_TYPED_CLOSE = lazy(r"^[\t ]*\)[\t ]*=>", re.M)


class _Block:
    """One output in the paste's text, searched whole (one regular
    expression per question, whatever the output's size, after a literal
    test where one applies); positions as (0-based line, col)."""

    def __init__(self, o: Output, paste: Paste):
        offs = paste.offsets
        self.text = paste.text
        self.offsets = offs
        self.first = o.first - 1
        self.start = offs[self.first]
        self.end = offs[o.last] - 1 if o.last < len(offs) else len(self.text)

    def has(self, literal: str) -> bool:
        return self.text.find(literal, self.start, self.end) >= 0

    def line(self, i: int) -> str:
        end = self.offsets[i + 1] - 1 if i + 1 < len(self.offsets) else len(self.text)
        return self.text[self.offsets[i]:end]

    def at(self, pos: int) -> tuple[int, int]:
        i = bisect.bisect_right(self.offsets, pos) - 1
        return i, pos - self.offsets[i]

    def find(self, rx: re.Pattern, group: int = 0, literal: str | None = None):
        """(match, position of `group`) of the first match, or None."""
        if literal is not None and not self.has(literal):
            return None
        m = rx.search(self.text, self.start, self.end)
        if m is None:
            return None
        return m, self.at(m.start(group) if m.lastindex and group else m.start())


def judge(paste: Paste) -> list[Refusal]:
    """One refusal per output irc does not read (see the module docstring)."""
    out: list[Refusal] = []
    for o in paste.outputs:
        if o.kind == "plain":
            continue
        block = _Block(o, paste)
        r = _abridged(o, block, paste.elided)
        if r is not None and any(q.message.startswith(ABRIDGED[:20]) and q.output.command == o.command for q in out):
            r = Refusal(r.line, r.col, r.message, r.code, o, said=False)  # the same command's paste: said once
        r = r or _joined(o, block, paste.midline) or _judge(o, block)
        if r is not None:
            out.append(r)
    return out


_ELLIPSIS = lazy(r"^([\t ]*)(?:\.\.\.|…|⋮)[\t ]*$", re.M)
ABRIDGED = ("the paste is abridged: `...` stands for lines its author left out ({}); irc reads Julia's whole "
            "output, so paste it unabridged")


def _abridged(o: Output, block: _Block, elided: list[tuple[int, int]]) -> Refusal | None:
    """An author's `...` where Julia's output has lines: inside the output (a header section's entries, the
    body), before a `Body::T` whose header it replaced, or right after a header whose body it replaced.
    (After a complete output it stands for what followed it, a menu or other output: not judged.  A body with
    no header at all is refused for that, first.)"""
    if o.kind == "body":
        return None
    hit = block.find(_ELLIPSIS) if block.has("...") or block.has("…") or block.has("⋮") else None
    if hit:
        line = hit[1][0]
        text = block.line(line)
        where = "in the body" if o.kind != "warntype" or _body_line(o, block) < line else "in the function's header"
        return Refusal(line + 1, len(text) - len(text.lstrip()) + 1, ABRIDGED.format(where), "damaged", o)
    low = o.command.line if o.command is not None else 0
    if o.kind == "warntype" and o.header == "Body":
        for line, col in elided:
            if low < line < o.first:
                return Refusal(line, col, ABRIDGED.format("the function's header, before `Body::T`"), "damaged", o)
    header_only = o.kind == "warntype" and _body_line(o, block) >= o.last - 1  # no statement after the header
    if header_only or not _ENDS_WHOLE.search(block.line(o.last - 1)):  # (or a body with no last `return`)
        for line, col in elided:
            if line > o.last and all(not block.line(k).strip() for k in range(o.last, line - 1)):
                where = ("in the body" if not header_only else "the body" if _body_line(o, block) < o.last
                         else "in the function's header")
                return Refusal(line, col, ABRIDGED.format(where), "damaged", o)
    return None


# the last line of a whole output: its body's terminator, or the `)` closing `CodeInfo(`
_ENDS_WHOLE = lazy(r"(?:\b(?:return|goto|unreachable)\b[^\n]*|^[\t ]*\)[^\n]*)$")


JOINED = ("`{}` is not at the start of its line: the text before it (`{}`) is not Julia's output (a page joined "
          "lines or added a marker), so irc reads no {} here; put `{}` at the start of a line, as Julia prints it")


def _joined(o: Output, block: _Block, midline: list) -> Refusal | None:
    """A header word that did not start its line (`Paste.midline`) where this output lacks it: `MethodInstance
    for` before a `Body::T` with no header, `Body::` right after a header with no `Body::T`."""
    low = o.command.line if o.command is not None else 0
    for line, col_text, col_word, word, before in midline:
        word = "MethodInstance for" if word.startswith("MethodInstance") else "Body::T"
        cut = before if len(before) <= 40 else before[:37] + "…"
        if word == "MethodInstance for" and o.kind == "warntype" and o.header == "Body" and low < line < o.first:
            return Refusal(line, col_word, JOINED.format(word, cut, "header", word), "damaged", o)
        if (word == "Body::T" and o.kind == "warntype" and _body_line(o, block) >= o.last and line > o.last
                and all(not block.line(k).strip() for k in range(o.last, line - 1))):
            return Refusal(line, col_text, JOINED.format(word, cut, "`Body::T` line", word), "damaged", o)
    return None


def _body_line(o: Output, block: _Block) -> int:
    """The 0-based line of the output's `Body` line (its last line + 1 if it has none)."""
    return next((k for k in range(o.first - 1, o.last) if _BODY_LINE.match(block.line(k))), o.last)


_BODY_LINE = lazy(r"^[\t ]*Body\b")


def _judge(o: Output, block: _Block) -> Refusal | None:
    first = block.line(o.first - 1)
    start = (o.first - 1, len(first) - len(first.lstrip()))
    cmd = ir_command(o.command)
    where_cmd = (o.command.line - 1, o.command.col - 1) if o.command is not None else start

    def refuse(at, code: str, message: str) -> Refusal:
        return Refusal(at[0] + 1, at[1] + 1, message, code, o)

    for rx, what, literal in _PRE_1_0:
        if block.find(rx, 0, literal):
            return refuse(start, "unsupported", f"{what}: {PRE_1_0}")
    hit = block.find(_FORK, 0, " within")
    if hit:
        return refuse(hit[1], "unsupported", "`detach`/`reattach`/`sync within` are statements of a Julia fork (Tapir): not supported")
    if cmd is not None and cmd.what in _UNSUPPORTED_COMMANDS:
        return refuse(where_cmd, "unsupported", f"{_UNSUPPORTED_COMMANDS[cmd.what]}, which is not supported; {ADVICE}")
    hit = block.find(_ERROR, 0, "ERROR: ")
    if hit:
        return refuse(hit[1], "damaged", "Julia stopped with an error while printing this output (`ERROR: …`): it has no body to read")
    why = _optimized_sign(o, block, cmd)
    if why is not None:
        at, words = why
        if words.startswith("a `%%") and cmd is not None and cmd.optimize is False:
            return refuse(at, "unsupported", f"`%%x` arguments in unoptimized code are Julia 0.7's printing: {PRE_1_0}")
        return refuse(at, "optimized", f"optimized IR ({words}): irc reads unoptimized code; {ADVICE}")
    if prints_optimized(cmd):
        how = f"`@{cmd.what}`" if cmd.macro else f"`{cmd.what}(…)`"
        flag = "without `optimize=false`" if cmd.what == "code_typed" else "with `optimize=true`"
        return refuse(where_cmd, "optimized", f"optimized IR ({how} {flag} prints optimized code): irc reads unoptimized code; {ADVICE}")
    if o.kind == "body":
        return refuse(start, "unsupported",
                      f"a body printed with no `CodeInfo(` or `MethodInstance for …` header is not a form irc reads; {ADVICE}")
    if o.kind == "warntype" and o.header == "Body":
        for rx, words in ((_OLD_CALLEE, "`(Base.f)(…)` callees"), (_QUOTENODE, "`$(QuoteNode(…))`")):
            if block.find(rx):
                return refuse(start, "optimized", "optimized IR (Julia 1.0 and 1.1 printed `@code_warntype` as optimized "
                              f"code with `Body::T` as its only header; {words}): irc reads unoptimized code; {ADVICE}")
        if _header_sections_above(block, o.first - 1):
            return None  # the header is there but mistyped: the parser reports that line, once
        return refuse(start, "damaged", "`Body::T` with no `MethodInstance for …` or `Variables` header before it: "
                      "the header seems cut from the paste (Julia 1.2 and later print it; 1.0 and 1.1 printed optimized "
                      "code this way); paste the whole output")
    return None


def _optimized_sign(o: Output, block: _Block, cmd: IRCommand | None):
    """(position, words) of the first sign of optimized code in the output, or None."""
    for sym in ("φ", "π"):
        hit = block.find(_PHI, 1, sym + " (")
        if hit:
            return hit[1], f"a `{hit[0].group(1)}` node"
    hit = block.find(_INVOKE, 1, "invoke ")
    if hit:
        return hit[1], "an `invoke` statement"
    hit = block.find(_ARG2, 1, "%%")
    if hit:
        return hit[1], "a `%%x` argument"
    if block.has("╻") or block.has("╷") or block.has("┃"):
        hit = block.find(_INLINING, 1)
        if hit:
            return hit[1], "an inlining tree beside the rails (Julia 1.0)"
    if o.kind == "warntype" and o.header == "Body":
        hit = block.find(_LINE_COLUMN_1_0)
        body, first = block.line(block.first), block.line(block.first + 1) if o.last > o.first else ""
        # the column is blank when the code has no line numbers: the rails then stand right of `Body::`
        blank_column = re.match(r"[\t ]*\d+[\t ]+[─┄]", first) and len(first) - len(first.lstrip()) > len(body) - len(body.lstrip())
        if hit or blank_column:
            at = hit[1] if hit else (block.first + 1, 0)
            return at, "Julia 1.0 and 1.1 printed `@code_warntype` as optimized code, with a line-number column"
    hit = block.find(_INLINED_ARRAY, 1, "array") if cmd is None else None  # (a command says it better)
    if hit:
        return hit[1], f"`{hit[0].group(1)}`, what `getindex`/`setindex!`/`length` become once inlined"
    if o.kind == "codeinfo" and o.bare and o.command is None and block.find(_TYPED_CLOSE):
        hit = block.find(_INLINED, 1)  # typed code with no command to say how it was printed
        if hit:
            return hit[1], f"a call of the intrinsic `{hit[0].group(1)}` in typed code: `+`, `*`, `<` … inlined"
    if (o.kind == "warntype" or o.kind == "codeinfo" and o.bare) and not block.find(_SLOT_STORE, 1, "_"):
        # (a hand-written header may name slots `_2`; a store `_2 = …` is unoptimized code whose slots
        # Julia printed by number, no names: optimized IR has no slot stores -- `_2` reads as slot 2)
        for m in _UNDERSCORE_ARG.finditer(block.text, block.start, block.end):
            k = m.start()
            if k > 0 and block.text[k - 1] in _NAME_CHARS:
                continue  # part of a name (`x_2`, `@_2`, `%_2` …)
            line, col = block.at(k)
            s = block.line(line)
            if not s.lstrip().startswith("@") and s[:col].count('"') % 2 == 0 and "::" not in s[:col].split("=")[-1]:
                return (line, col), f"`{m.group(0)}`: arguments printed by position, with no slots"
    return None


# ---------------------------------------------------------------- signatures of bare CodeInfo

_WITHIN = lazy(r"@ [^\n]*? within `([^`']+)['`]")
_LIT_INT = lazy(r"-?\d[\d_]*")
_LIT_FLOAT = lazy(r"-?(?:\d[\d_]*\.\d*|\.\d+)(?:e[-+]?\d+)?|-?\d[\d_]*e[-+]?\d+")
_LIT_FLOAT32 = lazy(r"-?(?:\d[\d_]*\.?\d*|\.\d+)f[-+]?\d+")
_TYPE_LIKE = lazy(r"[A-Z][\w.]*(?:\{.*\})?")
_BINARY = lazy(r"^(\S+)\s+(\+|-|\*|/|\^|%|÷|<|>|<=|>=|==|===|!=|!==|&|\|)\s+(\S+)$")


def literal_type(arg: str) -> str | None:
    """The type of a literal argument of a REPL call (`1` -> Int64), or None."""
    a = arg.strip()
    if _LIT_INT.fullmatch(a):
        return "Int64" if -(2**63) <= int(a.replace("_", "")) < 2**63 else "Int128"
    if _LIT_FLOAT32.fullmatch(a):
        return "Float32"
    if _LIT_FLOAT.fullmatch(a):
        return "Float64"
    if re.fullmatch(r"0x[\da-fA-F_]+", a):
        n = len(a[2:].replace("_", ""))
        return "UInt8" if n <= 2 else "UInt16" if n <= 4 else "UInt32" if n <= 8 else "UInt64" if n <= 16 else "UInt128"
    if re.fullmatch(r'"(?:[^"\\]|\\.)*"', a):
        return "String"
    if re.fullmatch(r"'(?:[^'\\]|\\.[^']*)'", a):
        return "Char"
    if a in ("true", "false"):
        return "Bool"
    if a == "nothing":
        return "Nothing"
    if a == "missing":
        return "Missing"
    if re.fullmatch(r":[A-Za-z_]\w*", a):
        return "Symbol"
    m = re.fullmatch(r"(-?\d[\d_]*):(-?\d[\d_]*)", a)
    if m:
        return "UnitRange{Int64}"
    if a.startswith("[") and a.endswith("]") and matching(a, 0) == len(a):
        items = split_args(a[1:-1])
        kinds = {literal_type(x) for x in items}
        if items and len(kinds) == 1 and kinds <= {"Int64", "Float64", "Bool", "String"}:
            return f"Vector{{{kinds.pop()}}}"
        return None
    if a.startswith("(") and a.endswith(")") and matching(a, 0) == len(a) and "," in a:
        items = split_args(a[1:-1])
        kinds = [literal_type(x) for x in items]
        if items and all(kinds):
            return "Tuple{" + ", ".join(kinds) + "}"  # type: ignore[arg-type]
        return None
    if _TYPE_LIKE.fullmatch(a) and ("{" not in a or matching(a, a.index("{")) == len(a)):
        return f"Type{{{a}}}"
    return None


def _type_list(text: str) -> list[str] | None:
    """`(Int, Float64)`, `(Float64,)`, `Tuple{Int}`, `()` -> the type texts."""
    t = text.strip()
    if t.startswith("(") and t.endswith(")") and matching(t, 0) == len(t):
        return split_args(t[1:-1])
    m = re.fullmatch(r"(?:Core\.)?Tuple\{(.*)\}", t, re.S)
    if m:
        return split_args(m.group(1))
    return None


def _reader(parse_expr):
    """`text -> expression or None` (a type irc cannot read is an unknown one)."""

    def read(text: str | None):
        if not text:
            return None
        try:
            return parse_expr(text.strip())
        except Exception:  # noqa: BLE001
            return None

    return read


def _name_parts(callee: str) -> tuple[str, ...] | None:
    callee = callee.strip()
    if re.fullmatch(r"(?:[A-Za-z_][\w!]*\.)*[A-Za-z_][\w!]*", callee):
        return tuple(callee.split("."))
    if re.fullmatch(r"[-+*/\\^%÷<>=!&|]+", callee):
        return (callee,)
    return None


def _names_for(paste: Paste, name: tuple[str, ...] | None, n: int) -> list[str | None]:
    """Argument names of a definition of `name` with n arguments in the transcript."""
    if name is not None:
        for args in paste.definitions.get(name[-1], []):
            if len(args) == n:
                return [nm for nm, _ in args]
    return [None] * n


# Cthulhu's title line, `│ ─ %-1  = invoke foo(::Union{Char, Int64, String})::Union{Float64, Int64}`: the
# method instance the view shows (name, argument types), read as a bare `CodeInfo(`'s signature
_CTHULHU_TITLE = re.compile(r"^[\t ]*│[\t ]*─[\t ]*%-1[\t ]*=[\t ]*invoke[\t ]+"
                            r"((?:[A-Za-z_][\w!]*\.)*(?:[A-Za-z_][\w!]*|var\"[^\"]+\"))\((.*)\)::")


_TITLE_RETURN = re.compile(r"^[\t ]*│[\t ]*─[\t ]*%-1[\t ]*=[\t ]*invoke[\t ]+.*\)::(\S.*?)[\t ]*$")


def title_return(o: Output, parse_expr):
    """The return type Cthulhu's title gives (`│ ─ %-1  = invoke f(…)::R`: R, Julia's answer), or None;
    its positions are the paste's (the title's line and columns), as every annotation's are."""
    m = _TITLE_RETURN.match(o.command.text) if o.command is not None else None
    if m is None:
        return None
    at = "\n" * (o.command.line - 1) + " " * (o.command.col - 1 + m.start(1))
    try:
        return parse_expr(at + m.group(1))
    except Exception:  # noqa: BLE001 - a type irc cannot read: no answer to compare with
        return None


def signature_hint(o: Output, paste: Paste, parse_expr, signature: S.FunctionDef | None = None) -> S.SignatureHint:
    """What a bare `CodeInfo(` is a method of (see the module docstring).
    `parse_expr` reads a type's text (the parser's); `signature` is the
    `--signature` option, read as a function header."""
    _expr = _reader(parse_expr)
    cmd = ir_command(o.command)
    name: tuple[str, ...] | None = None
    args: list[S.ArgDecl] | None = None
    origin = ""
    repl_line = o.command.line if o.command else None
    title = _CTHULHU_TITLE.match(o.command.text) if o.command is not None else None
    if title is not None:  # Cthulhu's title: the method instance shown, `foo(::Union{Char, Int64})`
        name = _name_parts(title.group(1))
        texts = split_args(title.group(2)) if title.group(2).strip() else []
        if all(t.strip().startswith("::") for t in texts):
            names = _names_for(paste, name, len(texts))
            args = [S.ArgDecl(nm, _expr(t.strip()[2:])) for nm, t in zip(names, texts)]
            origin = f"Cthulhu's title at line {o.command.line}"
        cmd = None
    if cmd is not None:
        origin = f"the REPL line {o.command.line}" if o.command else ""
        if cmd.what == "lower":
            return S.SignatureHint(("top-level scope",), [], origin, True, repl_line)
        if cmd.macro:
            rest = cmd.rest
            m = re.match(r"((?:[A-Za-z_][\w!]*\.)*[A-Za-z_][\w!]*)\(", rest)
            end = matching(rest, m.end() - 1) if m else 0
            after = re.sub(r"^\s+//\s+[A-Za-z].*", "", rest[end:])  # an author's `// comment` is no operator
            if m and not re.match(r"\s*(?:\.|\[|\(|[-+*/^<>=!&|%÷]\S|\w)", after):  # the call, maybe a comment after it
                name = _name_parts(m.group(1))
                texts = split_args(rest[m.end():end - 1])
                names = _names_for(paste, name, len(texts))
                args = [S.ArgDecl(nm, _expr(literal_type(t))) for nm, t in zip(names, texts)]
            else:
                b = _BINARY.match(rest)
                if b and literal_type(b.group(1)) and literal_type(b.group(3)):
                    name = (b.group(2),)
                    args = [S.ArgDecl(None, _expr(literal_type(b.group(1)))), S.ArgDecl(None, _expr(literal_type(b.group(3))))]
        else:
            parts = split_args(cmd.rest)
            parts = [p for p in parts if not re.match(r"\w+\s*=(?!=)", p)]
            if cmd.do_args is not None:
                types = _type_list(parts[0]) if parts else []
                n = len(cmd.do_args)
                if types is not None and len(types) != n:
                    types = None
                args = [S.ArgDecl(_bare(nm), _expr(types[k]) if types else None) for k, nm in enumerate(cmd.do_args)]
                name = ("#do#",)
            elif parts:
                name = _name_parts(parts[0])
                if len(parts) > 1:
                    types = _type_list(parts[1])
                    if types is not None:
                        names = _names_for(paste, name, len(types))
                        args = [S.ArgDecl(nm, _expr(t)) for nm, t in zip(names, types)]
                if args is None and name is not None:  # no types: Julia takes the method's own signature
                    defs = paste.definitions.get(name[-1], [])
                    if len(defs) == 1:
                        args = [S.ArgDecl(nm, _expr(t or "Any")) for nm, t in defs[0]]
                        origin += " and the method's definition"
    if (args is None or any(a.type is None for a in args)) and signature is not None:
        name, args, origin = signature.name.parts, list(signature.params), "--signature"
    if name is None and paste.offsets is not None:
        block = _Block(o, paste)
        for m in _WITHIN.finditer(block.text, block.start, block.end):
            if m.group(1) not in ("none", "top-level scope", "unknown scope", "macro expansion"):
                name = tuple(m.group(1).split("."))
                break
    return S.SignatureHint(name, args, origin, False, repl_line)


def _bare(name: str) -> str | None:
    n = name.split("::", 1)[0].strip()
    return n if re.fullmatch(r"[^\W\d][\w!]*", n) else None


_SECTION_LINE = lazy(r"^[\t ]*(?:Arguments|Locals|Variables|Static Parameters)[\t ]*$|^[\t ]+\S+::\S")


def _header_sections_above(block: _Block, i: int) -> bool:
    """Does the nearest non-blank line above line i (0-based) belong to a
    `@code_warntype` header (a section title, an `x::T` entry)?  Then the
    header is present but its first line did not read (a typo), which the
    parser reports; it is not a header cut from the paste."""
    for k in range(i - 1, -1, -1):
        text = block.line(k)
        if text.strip():
            return bool(_SECTION_LINE.match(text))
    return False
