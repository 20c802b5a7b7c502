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
2. *damaged*: Julia stopped with an `ERROR:` while printing;
3. *optimized*: the body says so -- `φ (…)`/`π (…)` nodes, `invoke`
   statements, `%%x` arguments, an inlining tree beside the rails, `_2`
   argument names (no slots) -- or the command does: `@code_typed` and
   `code_typed(…)` print optimized code unless given `optimize=false`,
   `@code_warntype optimize=true` too.  Julia 1.0 and 1.1's
   `@code_warntype` printed optimized code with `Body::T` as its only
   header: a `Body::T` with no header and any sign of those versions (a
   line-number column, `(Base.f)(…)` callees, `$(QuoteNode(…))`) is
   optimized; without one, it is a paste whose header was cut (damaged).

`signature_hint(output, paste, signature)` -- for a bare `CodeInfo(`, in
order of trust: the command's call (`@code_lowered f(1, 2.0)`: the name and
the types of literal arguments; `code_typed(f, (Int, Float64); …)` and
`code_lowered(f, Tuple{Int})`: the types; `code_typed((T,)) do x …`: names
and types; `Meta.lower(…)`: top-level code, no arguments) with the
argument names of a definition of that function found in the transcript;
then `--signature 'f(x::Int64, y)'` when the command left a type unknown;
the name from the output's first line-info line (`@ REPL[3]:2 within
`summer``).  What is still unknown is left to `irc.ir.build` (the names read
but never assigned, typed from Julia's typed reads or `Any`).

Invariants: nothing here raises (a command irc cannot read gives no hint);
every refusal points inside the pasted text.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from irc.syntax import tree as S
from irc.syntax.paste import Command, Output, Paste, split_args


@dataclass(frozen=True, slots=True)
class Refusal:
    line: int
    col: int
    message: str
    code: str  # "optimized" | "unsupported" | "damaged"
    output: Output


ADVICE = "paste `@code_warntype f(…)` or `code_typed(f, (T…,); optimize=false)` instead"

# ---------------------------------------------------------------- the command

_MACRO = re.compile(r"(?:InteractiveUtils\.|Zygote\.|IRTools\.)?@(code_warntype|code_typed|code_lowered|code_ir|code_llvm|code_native"
                    r"|device_code_warntype|device_code_typed|lower)\b")
_FUNC = re.compile(r"(?:InteractiveUtils\.|Base\.|Meta\.)?\b(code_warntype|code_typed|code_lowered|code_ircode|code_llvm|code_native|lower)[\t ]*\(")
_OPTION = re.compile(r"^\s*(\w+)\s*=\s*(:?[\w.]+)\s+")


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
            if _matching(rest, 0) == len(rest):
                rest = inner.strip()
        return IRCommand(what, True, rest, optimize, None)
    open_at = m.end() - 1
    close = _matching(text, open_at)
    inner = text[open_at + 1:close - 1]
    flag = re.search(r"\boptimize\s*=\s*(\w+)", inner)
    optimize = None if flag is None else flag.group(1) != "false"
    after = text[close:]
    do = re.match(r"\s*do\b([^\n]*)", after)
    do_args = [a.strip() for a in do.group(1).split(",") if a.strip()] if do else None
    return IRCommand(what, False, inner, optimize, do_args)


def _matching(text: str, start: int) -> int:
    depth = 0
    i = start
    while i < len(text):
        ch = text[i]
        if ch == '"':
            j = i + 1
            while j < len(text) and text[j] != '"':
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
    return len(text)


def prints_optimized(c: IRCommand | None) -> bool:
    if c is None:
        return False
    if c.what == "code_typed":
        return c.optimize is not False
    if c.what == "code_warntype":
        return c.optimize is True
    return False


# ---------------------------------------------------------------- judging

_PRE_1_0 = [
    (re.compile(r"CodeInfo\(:\("), "Julia 0.6's `CodeInfo(:(begin …))`"),
    (re.compile(r"^\s*Variables:\s*$", re.M), "Julia 0.6/0.7's `Variables:`"),
    (re.compile(r"^\s*Body:\s*$", re.M), "Julia 0.6/0.7's `Body:`"),
    (re.compile(r"Core\.SSAValue\(\d+\) ="), "Julia 0.6's `Core.SSAValue(1) = …`"),
    (re.compile(r":\(\$\(Expr\(:lambda"), "Julia 0.x's `:lambda` form"),
]
_FORK = re.compile(r"\b(?:detach|reattach|sync) within\b")
_UNSUPPORTED_COMMANDS = {
    "code_ircode": "`Base.code_ircode` prints IRCode",
    "code_ir": "`@code_ir` (Zygote/IRTools) prints its own IR",
    "code_llvm": "`@code_llvm` prints LLVM IR",
    "code_native": "`@code_native` prints machine code",
}
_ERROR = re.compile(r"ERROR: ")
# signs of optimized code, each with its words
_PHI = re.compile(r"(?:=|[│└─┄]\s|^\s*)\s*([φπ]) \(")
_INVOKE = re.compile(r"(?:=|─|│|└──|^)[\t ]*(?:dynamic[\t ]+)?(invoke)[\t ]+(?=[^\s(=]|\()")
_ARG2 = re.compile(r"(?<![\w@#%.])(%%[A-Za-z_]\w*)")
_INLINING = re.compile(r"[│╻╷┃]*[╻╷┃][│╻╷┃]*[\t ]+[^\s│]")
_UNDERSCORE_ARG = re.compile(r"(?<![\w@#%.:\"'])(_\d+)(?![\w@#])")
# intrinsics that appear in typed code only once `+`, `*`, `<` … are inlined (`Base.not_int` is in every lowered loop)
_INLINED = re.compile(r"(?:Base|Core(?:\.Intrinsics)?)\.((?:add|sub|mul|sdiv|udiv|srem|urem|neg|slt|sle|ult|ule|eq|ne|and|or|xor|shl|lshr|ashr)_int"
                      r"|(?:add|sub|mul|div|neg|lt|le|eq|ne|fma|muladd)_float|sitofp|uitofp|fptosi|fptoui|fpext|fptrunc|zext_int|sext_int|trunc_int)\(")
_OLD_CALLEE = re.compile(r"\((?:Base|Core|Main)(?:\.\w+)*\)\(")
_QUOTENODE = re.compile(r"\$\(QuoteNode\(")


def _find(rx, lines: list[str], a: int, b: int, group: int = 1):
    for i in range(a, b):
        m = rx.search(lines[i])
        if m:
            return i, m.start(group) if group and m.lastindex else m.start()
    return None


def judge(paste: Paste) -> list[Refusal]:
    """One refusal per output irc does not read (see the module docstring)."""
    lines = paste.text.split("\n")
    out: list[Refusal] = []
    for o in paste.outputs:
        r = _judge(o, lines)
        if r is not None:
            out.append(r)
    return out


def _refuse(o: Output, at, code: str, message: str) -> Refusal:
    line, col = at
    return Refusal(line + 1, col + 1, message, code, o)


def _judge(o: Output, lines: list[str]) -> Refusal | None:
    a, b = o.first - 1, o.last
    if o.kind == "plain":
        return None
    start = (a, len(lines[a]) - len(lines[a].lstrip()))
    cmd = ir_command(o.command)
    text = "\n".join(lines[a:b])
    for rx, what in _PRE_1_0:
        m = rx.search(text)
        if m:
            return _refuse(o, start, "unsupported", f"{what}: output of Julia before 1.0 is not supported (irc reads Julia 1.0 to 1.12)")
    at = _find(_FORK, lines, a, b, 0)
    if at is not None:
        return _refuse(o, at, "unsupported", "`detach`/`reattach`/`sync within` are statements of a Julia fork (Tapir): not supported")
    if cmd is not None and cmd.what in _UNSUPPORTED_COMMANDS:
        where = (o.command.line - 1, o.command.col - 1) if o.command else start
        return _refuse(o, where, "unsupported", f"{_UNSUPPORTED_COMMANDS[cmd.what]}, which is not supported; {ADVICE}")
    at = _find(_ERROR, lines, a, b, 0)
    if at is not None:
        return _refuse(o, at, "damaged", "Julia stopped with an error while printing this output (`ERROR: …`): it has no body to read")
    why = _optimized_sign(o, lines, a, b)
    if why is not None and why[1].startswith("a `%%") and cmd is not None and cmd.optimize is False:
        return _refuse(o, why[0], "unsupported", "`%%x` arguments in unoptimized code are Julia 0.7's printing: "
                       "output of Julia before 1.0 is not supported (irc reads Julia 1.0 to 1.12)")
    if why is not None:
        at, words = why
        return _refuse(o, at, "optimized", f"optimized IR ({words}): irc reads unoptimized code; {ADVICE}")
    if prints_optimized(cmd):
        where = (o.command.line - 1, o.command.col - 1)
        how = f"`@{cmd.what}`" if cmd.macro else f"`{cmd.what}(…)`"
        if cmd.what == "code_typed":
            words = f"{how} without `optimize=false` prints optimized code"
        else:
            words = f"{how} with `optimize=true` prints optimized code"
        return _refuse(o, where, "optimized", f"optimized IR ({words}): irc reads unoptimized code; {ADVICE}")
    if o.kind == "body":
        return _refuse(o, start, "unsupported",
                       f"a body printed with no `CodeInfo(` or `MethodInstance for …` header is not a form irc reads; {ADVICE}")
    if o.kind == "warntype" and o.header == "Body":
        old = None
        for rx, words in ((_OLD_CALLEE, "`(Base.f)(…)` callees"), (_QUOTENODE, "`$(QuoteNode(…))`")):
            old = old or _find(rx, lines, a, b, 0) and (_find(rx, lines, a, b, 0), words)
        if old is not None:
            return _refuse(o, start, "optimized", "optimized IR (Julia 1.0 and 1.1 printed `@code_warntype` as optimized code "
                           f"with `Body::T` as its only header; {old[1]}): irc reads unoptimized code; {ADVICE}")
        return _refuse(o, start, "damaged", "`Body::T` with no `MethodInstance for …` or `Variables` header before it: "
                       "the header seems cut from the paste (Julia 1.2 and later print it; 1.0 and 1.1 printed optimized "
                       "code this way); paste the whole output")
    return None


def _optimized_sign(o: Output, lines: list[str], a: int, b: int):
    """(position, words) of the first sign of optimized code in the output, or None."""
    at = _find(_PHI, lines, a, b)
    if at is not None:
        return at, f"a `{lines[at[0]][at[1]]}` node"
    at = _find(_INVOKE, lines, a, b)
    if at is not None:
        return at, "an `invoke` statement"
    at = _find(_ARG2, lines, a, b)
    if at is not None:
        return at, "a `%%x` argument"
    for i in range(a, b):
        s = lines[i]
        if ("╻" in s or "╷" in s or "┃" in s) and "@ " not in s:
            m = _INLINING.search(s)
            if m:
                return (i, m.start()), "an inlining tree beside the rails (Julia 1.0)"
    if o.kind == "warntype" and o.header == "Body":
        body_at = len(lines[a]) - len(lines[a].lstrip())
        for i in range(a + 1, b):
            s = lines[i]
            column = re.match(r"[\t ]*(?:│)?\d+[\t ]+\d+[\t ]+[─┄]", s) or re.match(r"[\t ]*│\d", s)
            # the column is blank when the code has no line numbers: the rails stand right of `Body::`
            blank_column = i == a + 1 and re.match(r"[\t ]*\d+[\t ]+[─┄]", s) and len(s) - len(s.lstrip()) > body_at
            if column or blank_column:
                return (i, 0), "Julia 1.0 and 1.1 printed `@code_warntype` as optimized code, with a line-number column"
    if o.kind == "codeinfo" and o.bare and o.command is None and re.match(r"[\t ]*\)[\t ]*=>", lines[b - 1]):  # typed, whoever printed it
        at = _find(_INLINED, lines, a, b)
        if at is not None:
            return at, f"a call of the intrinsic `{lines[at[0]][at[1]:].split('(')[0]}` in typed code: `+`, `*`, `<` … inlined"
    if o.kind in ("codeinfo", "warntype"):
        for i in range(a, b):
            s = lines[i]
            if "_" in s and not s.lstrip().startswith("@"):
                m = _UNDERSCORE_ARG.search(s.split("::", 1)[0] if "=" not in s else s)
                if m and not _in_string(s, m.start()):
                    return (i, m.start()), f"`{m.group(1)}`: arguments printed by position, with no slots"
    return None


def _in_string(s: str, k: int) -> bool:
    return s[:k].count('"') % 2 == 1


# ---------------------------------------------------------------- signatures of bare CodeInfo

_WITHIN = re.compile(r"@ [^\n]*? within `([^`']+)['`]")
_LIT_INT = re.compile(r"-?\d[\d_]*")
_LIT_FLOAT = re.compile(r"-?(?:\d[\d_]*\.\d*|\.\d+)(?:e[-+]?\d+)?|-?\d[\d_]*e[-+]?\d+")
_LIT_FLOAT32 = re.compile(r"-?(?:\d[\d_]*\.?\d*|\.\d+)f[-+]?\d+")
_TYPE_LIKE = re.compile(r"[A-Z][\w.]*(?:\{.*\})?")
_BINARY = re.compile(r"^(\S+)\s+(\+|-|\*|/|\^|%|÷|<|>|<=|>=|==|===|!=|!==|&|\|)\s+(\S+)$")


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
    if a.startswith("[") and a.endswith("]") and _matching(a, 0) == len(a):
        items = split_args(a[1:-1])
        kinds = {literal_type(x) for x in items}
        if items and len(kinds) == 1 and kinds <= {"Int64", "Float64", "Bool", "String"}:
            return f"Vector{{{kinds.pop()}}}"
        return None
    if a.startswith("(") and a.endswith(")") and _matching(a, 0) == len(a) and "," in a:
        items = split_args(a[1:-1])
        kinds = [literal_type(x) for x in items]
        if items and all(kinds):
            return "Tuple{" + ", ".join(kinds) + "}"  # type: ignore[arg-type]
        return None
    if _TYPE_LIKE.fullmatch(a) and ("{" not in a or _matching(a, a.index("{")) == len(a)):
        return f"Type{{{a}}}"
    return None


def _type_list(text: str) -> list[str] | None:
    """`(Int, Float64)`, `(Float64,)`, `Tuple{Int}`, `()` -> the type texts."""
    t = text.strip()
    if t.startswith("(") and t.endswith(")") and _matching(t, 0) == len(t):
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


def signature_hint(o: Output, paste: Paste, parse_expr, signature: S.FunctionDef | None = None,
                   lines: list[str] | None = None) -> S.SignatureHint:
    """What a bare `CodeInfo(` is a method of (see the module docstring).
    `parse_expr` reads a type's text (the parser's); `signature` is the
    `--signature` option, read as a function header."""
    lines = lines if lines is not None else paste.text.split("\n")
    _expr = _reader(parse_expr)
    cmd = ir_command(o.command)
    name: tuple[str, ...] | None = None
    args: list[S.ArgDecl] | None = None
    origin = ""
    if cmd is not None:
        origin = f"the REPL line {o.command.line}" if o.command else ""
        if cmd.what == "lower":
            return S.SignatureHint(("top-level scope",), [], origin, True)
        if cmd.macro:
            rest = cmd.rest
            m = re.match(r"((?:[A-Za-z_][\w!]*\.)*[A-Za-z_][\w!]*)\(", rest)
            end = _matching(rest, m.end() - 1) if m else 0
            if m and not re.match(r"\s*(?:\.|\[|\(|[-+*/^<>=!&|%÷]\S|\w)", rest[end:]):  # the call, maybe a comment after it
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
    if name is None:
        for i in range(o.first - 1, o.last):
            m = _WITHIN.search(lines[i])
            if m and m.group(1) not in ("none", "top-level scope", "unknown scope", "macro expansion"):
                name = tuple(m.group(1).split("."))
                break
    return S.SignatureHint(name, args, origin, False)


def _bare(name: str) -> str | None:
    n = name.split("::", 1)[0].strip()
    return n if re.fullmatch(r"[^\W\d][\w!]*", n) else None
