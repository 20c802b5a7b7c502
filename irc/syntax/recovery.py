"""Step 2 of parsing: syntax errors in words, and recovery so every bad line is reported.

`parse_with_retries(text, errors)` runs the Lark LALR parser (built once per
process by `irc.syntax.grammar`, with `irc.syntax.lines.SyntaxBuilder`
inside it).  On a syntax error Lark calls `on_error`: the error is recorded
with the expected tokens named in words (`describe_expected`: never a
terminal's internal name such as `__ANON_3`), the parser stacks are popped
back to the start of the offending line, the lexer skips to the end of that
line, and parsing resumes.  A line the transformer rejects (`LineError`:
a line that parses but means nothing, such as assigning to a literal) is
reported and blanked, and the text parsed again.  At most `MAX_ERRORS`
errors are collected.

Invariants: one error per bad line; positions are the line and column in
the whole text even when only spans of it are lexed; nothing raises but
`IrcError` out of the callers.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from irc.errors import Diagnostic, Span
from irc.syntax import cutoff
from irc.syntax.added import MESSAGE, added_text
from irc.syntax.lazyre import lazy
from irc.syntax.lines import LineError

MAX_ERRORS = 100  # a file with more syntax errors than this reports the first hundred

# ---------------------------------------------------------------- error words

# What each terminal is called in messages.  String terminals not listed are
# shown quoted by their text (see `terminal_words`).
TERMINAL_WORDS: dict[str, str] = {
    "_NL": "end of line",
    "$END": "end of file",
    "NAME": "a name",
    "VARSTR": 'a var"…" name',
    "QOP": "an operator name such as ':+'",
    "SLOTAT": "a slot '@_N'",
    "HASHNUM": "a block number '#N'",
    "SSA": "an SSA value '%N'",
    "INT": "an integer",
    "HEXINT": "an integer",
    "FLOAT": "a number",
    "STRING": "a string",
    "CHAR": "a character",
    "SYMBOL": "a symbol",
    "BINOP": "an infix operator",
    "PREFIX": "a prefix operator",
    "LABEL": "a '%N =' label",
    "RAIL_HEAD": "a block header 'N ─'",
    "RAIL_MID": "a rail '│'",
    "RAIL_END": "a rail '└──'",
    "LINEINFO": "a line-info line",
    "MI": "'MethodInstance for'",
    "FROM_LINE": "a 'from' line",
    "SECTION": "a section header",
    "BODY": "'Body::'",
    "CODEINFO": "'CodeInfo('",
    "CODEINFO_CLOSE": "')' closing 'CodeInfo('",
    "EMPTY_TUPLE": "'()'",
    "VECT_OPEN": "'['",
    "DOLLAR_OPEN": "'$('",
    "NEW_OPEN": "'%new('",
    "QUOTE_OPEN": "':('",
    "AT_NAMEDTUPLE": "'@NamedTuple{'",
    "OPVALUE": "an operator as a value such as '(+)'",
    "COMMENT": "a comment",
    "WS": "a space",
    "JULIA_PROMPT": "a 'julia>' line",
    "_OPEN_CALL": "'('",
    "MARKER": "a statement marker such as 'dynamic'",
    "AUTHOR_COMMENT": "a comment",
}

_OPERAND_START = {"NAME", "VARSTR", "SSA", "SLOTAT", "HASHNUM", "INT", "HEXINT", "FLOAT", "STRING", "CHAR", "SYMBOL", "PREFIX",
                  "EMPTY_TUPLE", "VECT_OPEN", "DOLLAR_OPEN", "NEW_OPEN", "QUOTE_OPEN", "AT_NAMEDTUPLE", "OPVALUE"}
_OPERAND_START_STR = {"(", "[", "$(", "%new(", ":("}
_POSTFIX_STR = {"(", "{", "[", "...", "^", ".", "::", "where"}


def terminal_words(name: str, lark=None) -> str:
    """Words for one terminal: the table above, else the quoted literal."""
    if name in TERMINAL_WORDS:
        return TERMINAL_WORDS[name]
    text = _terminal_text(name, lark)
    if text is not None:
        return f"'{text}'"
    return name.lower().replace("_", " ")


def _terminal_text(name: str, lark) -> str | None:
    if name == "_OPEN_CALL":  # a regex (no space before it), but in words just `(`
        return "("
    if lark is None:
        from irc.syntax.grammar import build_parser

        lark = build_parser()
    try:
        term = lark.get_terminal(name)
    except KeyError:
        return None
    if term.pattern.type == "str":
        return term.pattern.value
    return None


_CLOSERS = {")": "(", "]": "[", "}": "{"}


def _brackets(text: str):
    """The brackets of `text` outside its strings, in order: (the bracket, its 1-based column)."""
    in_str = esc = False
    for k, ch in enumerate(text):
        if in_str:
            if esc:
                esc = False
            elif ch == "\\":
                esc = True
            elif ch == '"':
                in_str = False
        elif ch == '"':
            in_str = True
        elif ch in "([{)]}":
            yield ch, k + 1


def _open_brackets(prefix: str) -> list[tuple[str, int]]:
    """The brackets still open in `prefix` (strings skipped), innermost last, with their 1-based columns."""
    stack: list[tuple[str, int]] = []
    for ch, col in _brackets(prefix):
        if ch in "([{":
            stack.append((ch, col))
        elif stack:
            stack.pop()
    return stack


def _open_bracket(prefix: str) -> str | None:
    """The innermost bracket still open in `prefix` (strings skipped)."""
    stack = _open_brackets(prefix)
    return stack[-1][0] if stack else None


def filter_closers(expected: set[str], prefix: str, lark=None) -> set[str]:
    """LALR merges lookaheads of similar states, so an error state may list
    `)`, `]` and `}` at once; keep only the closer of the bracket actually
    open in the line before the error."""
    opener = _open_bracket(prefix)
    words = prefix.split()
    first = words[0] if words else ""
    out = set()
    for n in expected:
        t = _terminal_text(n, lark)
        if t in _CLOSERS and _CLOSERS[t] != opener:
            continue
        # lookaheads merged in from other kinds of lines (struct fields, refinements)
        if n in ("IFF", "IMPLIES") and first != "declare":
            continue
        if n in ("SEMI", "END") and first not in ("struct", "mutable", "abstract"):
            continue
        out.add(n)
    return out or expected


def describe_expected(expected: set[str], lark=None) -> str:
    """The expected-token set of an LALR state, in words."""
    if "RAIL_HEAD" in expected:
        return "a statement, '%N =' label or block header"
    if "LABEL" in expected and "RAIL_HEAD" not in expected:
        return "a statement or '%N =' label"
    texts = {n: _terminal_text(n, lark) for n in expected}
    parts: list[str] = []
    operand = bool(expected & _OPERAND_START) or any(texts[n] in _OPERAND_START_STR for n in expected)
    operator = "BINOP" in expected
    if operand:
        parts.append("an expression")
    rest = []
    for n in sorted(expected):
        if n in _OPERAND_START or n in ("BINOP", "_NL", "$END"):
            continue
        t = texts[n]
        if operand and t in _OPERAND_START_STR:
            continue
        if operator and t in _POSTFIX_STR:
            continue
        rest.append(terminal_words(n, lark))
    parts.extend(sorted(set(rest)))
    if operator:
        parts.append("an operator")
    if "_NL" in expected:
        parts.append("end of line")
    elif "$END" in expected:
        parts.append("end of file")
    if not parts:
        return "something else"
    if len(parts) == 1:
        return parts[0]
    return ", ".join(parts[:-1]) + " or " + parts[-1]


def _token_words(tok) -> str:
    if tok.type == "_NL":
        return "end of line"
    if tok.type == "$END":
        return "end of file"
    text = str(tok)
    if len(text) > 30:
        text = text[:27] + "…"
    return f"'{text}'"


_WORD_BEFORE_PAREN = lazy(r"(?:^|[\s=(,])((?:[^\W\d]|#)[\w#!.]*)[\t ]+$")
_STATEMENT_START = lazy(r"^[\t ]*(?:\d+[\t ]*[─┄~-]+|[│└|`]─*)?[\t ]*(?:%\d+[\t ]*=[\t ]*)?$")


# `get(obj, l) = (2,)`: a one-line method definition, Julia source a page kept above the output
_SOURCE_DEFINITION = lazy(r"^[\t ]*[A-Za-z_][\w.!]*(?:\{[^{}\n]*\})?\([^\n]*\)[\t ]*(?:where\b[^\n]*)?$")


def _special_message(ttype: str, text: str, prefix: str, expected: set, lark) -> str | None:
    """Three errors said in their own words: a word before a parenthesised
    call (`frobnicate (%3)(1, n)`: not one of Julia 1.12's statement markers,
    and a call has no space before its `(`), a one-line definition (Julia
    source above the output: `get(obj, l) = (2,)`), and a line that ends inside a
    bracket (cut short, as pages truncate a paste)."""
    if text == "(" and prefix[-1:] in (" ", "\t"):
        m = _WORD_BEFORE_PAREN.search(prefix)
        if m:
            word = m.group(1)
            if "." not in word and _STATEMENT_START.match(prefix[: m.start(1)]):
                return (f"`{word}` in front of a call is not a statement marker Julia prints (`dynamic`, `builtin`, "
                        f"`intrinsic`, `unknown`), and a call has no space before its `(`")
            return f"a call has no space before its `(` (`{word}(…)`, not `{word} (…)`)"
    if text == "=" and _SOURCE_DEFINITION.match(prefix):
        return (f"this line is Julia source (a one-line definition `{prefix.strip()} = …`), not what Julia printed: "
                "remove it (irc reads the output of `@code_warntype`, `code_typed(…; optimize=false)`, `@code_lowered`)")
    if ttype in ("_NL", "$END"):
        stack = _open_brackets(prefix)
        opener, col = stack[-1] if stack else ("", 0)
        closer = {"(": ")", "[": "]", "{": "}"}.get(opener)
        if closer and any(_terminal_text(n, lark) == closer for n in expected):
            return (f"the line ends inside the `{opener}` at column {col}, which is never closed (is the line cut short?); "
                    f"expected {describe_expected(expected, lark)}")
    return None


BROKEN = ("a page broke one line of Julia's output in two (a terminal's wrap, an output split into boxes); "
          "join them as Julia printed them")
# the start of a line of Julia's output or of irc's language: a rail, a label, a header word, a prompt, …
_LINE_START = lazy(r"[\t ]|\d+[\t ]*[─┄~-]|[│└┌╎|`]|%\d+[\t ]*=|(?:MethodInstance|from|Arguments|Locals|Variables|Body"
                   r"|CodeInfo|end|function|struct|mutable|abstract|declare|const|global)\b|julia>|[#)@$]|\d+-element|$")


def _next_line(text: str, line: int) -> str:
    """Line `line + 1` (1-based `line`) of the text, "" if there is none."""
    start = 0
    for _ in range(line):
        nl = text.find("\n", start)
        if nl < 0:
            return ""
        start = nl + 1
    end = text.find("\n", start)
    return text[start:] if end < 0 else text[start:end]


def _continues(line: str) -> bool:
    """Does a line look like the rest of the line before it: at column 1, not the start of any line irc reads?"""
    return not _LINE_START.match(line)


# a line that starts a line of Julia's output of its own (a rail, a label, a header word, a prompt): a type
# still open before it was cut, not printed over several lines
_OWN_LINE = lazy(r"[\t ]*(?:[│└┌├╎|`]|\d+[\t ]*[─┄~-]|%\d+[\t ]*=|(?:MethodInstance for|from|Arguments|Locals|Variables"
                 r"|Body|CodeInfo|Static Parameters)\b|julia>)")
MULTILINE_LIMIT = 200  # lines a type printed over several lines is looked for in


def _closes_later(line_text: str, whole: str, line: int) -> int | None:
    """The line (1-based) where the brackets left open at the end of line `line` (`line_text`) close,
    over the lines after it -- a type a package's `show` printed over several lines (`TypeEncoding(begin`
    … `end)`) -- or None: a bracket closed by another kind, a line that starts a line of Julia's output of
    its own (`│   %3 = …`, `Body::T`) or the text's end first (a line cut short)."""
    stack = [ch for ch, _ in _open_brackets(line_text)]
    if not stack:
        return None
    rest = whole.split("\n", line + MULTILINE_LIMIT)[line:line + MULTILINE_LIMIT]
    for k, text in enumerate(rest):
        if _OWN_LINE.match(text):
            return None
        for ch, _ in _brackets(text):
            if ch in "([{":
                stack.append(ch)
            else:
                if stack.pop() != _CLOSERS[ch]:
                    return None
                if not stack:
                    return line + k + 1
    return None


ENDS_INSIDE = "the line ends inside the `"
MULTILINE = ("the type Julia printed here spans lines {}-{} (the `{}` at column {} closes on line {}): a package's `show` "
             "printed it over several lines (an expression inside a type, such as `TypeEncoding(begin … end)`), which "
             "irc does not read; irc reads a type printed on one line")
# the errors a type printed over several lines causes besides its own: its section seen as ending there, the
# `Body::T` after it as a header cut
_CASCADES = ("expected `Body::T` and the function body", "`Body::T` with no `MethodInstance for …`")


def multiline_types(diags: list, text: str) -> list:
    """`diags` with each "the line ends inside the `(`" error whose brackets close on a later line of the
    paste's `text`, with a whole line between (a type a package's `show` printed over several lines) said so, and the errors it
    causes (on the lines it spans, its section's and the `Body::T` after it as a header cut) dropped."""
    lines = None
    spans = []
    for d in diags:
        if d.code == "syntax" and d.span is not None and d.message.startswith(ENDS_INSIDE):
            if lines is None:
                lines = text.split("\n")
            if d.span.line <= len(lines):
                upto = lines[d.span.line - 1][:d.span.col - 1]
                closes = _closes_later(upto, text, d.span.line)
                # a whole line inside the type (an expression's lines); closed on the very next line, it is a
                # line a page wrapped (`f(::Vector{Float64}` / `)`), said as its own error
                if closes is not None and closes >= d.span.line + 2:
                    spans.append((d, closes, _open_brackets(upto)[-1]))
    if not spans:
        return diags
    drop = set()  # the cascades: the nearest section error before each type, the nearest header cut after it
    for first, closes, _ in spans:
        before = [d for d in diags if d.message.startswith(_CASCADES[0]) and d.span and d.span.line < first.span.line]
        after = [d for d in diags if d.message.startswith(_CASCADES[1]) and d.span and d.span.line > closes]
        if before:
            drop.add(id(max(before, key=lambda d: d.span.line)))
        if after:
            drop.add(id(min(after, key=lambda d: d.span.line)))
    out = []
    for d in diags:
        hit = next((x for x in spans if x[0] is d), None)
        if hit is not None:
            _, closes, (opener, col) = hit
            out.append(type(d)(d.severity, MULTILINE.format(d.span.line, closes, opener, col, closes), d.span, d.code,
                               d.context))
            continue
        line = d.span.line if d.span is not None else 0
        if any(x[0].span.line < line <= x[1] for x in spans):
            continue
        if id(d) in drop:
            continue
        out.append(d)
    return out


def _broken_at_last_token(src: str, start_of_line: int, pos: int, whole: str, line: int, lark, start: str) -> str:
    """An error at the last token of a line (`… x@_` with `4::Int64))` on the next line: a page broke
    the line inside a name): the next line when it looks like the rest of this one (`_continues`)
    and the two joined read as one line, else ""."""
    end = _line_end(src, pos)
    rest = src[pos:end].rstrip()
    if not rest or any(c in rest for c in " \t") or not src[start_of_line:pos].strip():
        return ""
    nxt = _next_line(whole, line)
    if not nxt.strip() or not _continues(nxt):
        return ""
    try:
        lark.parse(src[start_of_line:end].rstrip() + nxt + "\n", start=start)
    except Exception:  # noqa: BLE001 - any failure: the two lines do not make one
        return ""
    return nxt


def _cut_message(prefix: str, line: int) -> str:
    """The cut-off message for a text that ends after `prefix` (the last line up to the cut)."""
    stack = _open_brackets(prefix)
    if stack:
        opener, col = stack[-1]
        where = f"inside the `{opener}` opened at column {col}"
    elif cutoff.is_statement_line(prefix):
        where = "in the middle of a statement"
    else:
        where = "in the middle of a line"
    return cutoff.message(line, where)


def _added_note(src: str, start_of_line: int, message: str, line: int, col: int) -> tuple[str, int, int]:
    """(message, line, col) of a syntax error, said as a person's note (`<-- why?`, a sentence) where
    the line holds one at or before the error (irc.syntax.added)."""
    end = src.find("\n", start_of_line)
    at = added_text(src[start_of_line:] if end < 0 else src[start_of_line:end])
    if at is not None and at + 1 <= col:
        return MESSAGE, line, at + 1
    return message, line, col


# ---------------------------------------------------------------- line markers


@dataclass(slots=True)
class ErrorList:
    path: str
    items: list[Diagnostic] = field(default_factory=list)

    def add(self, message: str, line: int, col: int, code: str = "syntax") -> None:
        self.items.append(Diagnostic("error", message, Span(self.path, line, max(col, 1)), code))


def _blank_line(text: str, line: int) -> str:
    """Replace line `line` (1-based) by spaces of the same length."""
    start = 0
    for _ in range(line - 1):
        nxt = text.find("\n", start)
        if nxt < 0:
            return text
        start = nxt + 1
    end = text.find("\n", start)
    if end < 0:
        end = len(text)
    return text[:start] + " " * (end - start) + text[end:]


def _line_end(text: str, pos: int | None) -> int:
    """The offset of the end of the line holding `pos`."""
    nl = text.find("\n", pos or 0)
    return len(text) if nl < 0 else nl


def _parse_lines(text: str, errors: ErrorList, start: str = "start", spans=None, full: str | None = None):
    """Run the LALR parser with line-level recovery; returns the start value.
    `spans` (start rule only): parse just these (start, end) offsets of the
    text, each a run of whole lines, and concatenate the line objects.  `full`: the whole text
    when `text` is what the fast path left (its own lines blanked), where a cut is judged
    (`irc.syntax.cutoff`: an error at the whole text's end)."""
    from lark import Token
    from lark.exceptions import UnexpectedCharacters, UnexpectedToken

    try:
        from lark import TextSlice  # lark >= 1.2: lex a part of a text, positions and lines as in the whole
    except ImportError:  # pragma: no cover - older lark: the whole text is lexed
        TextSlice = None

    from irc.syntax.grammar import build_parser

    lark = build_parser()
    errored_lines: set[int] = set()
    whole = text if full is None else full
    ends: list = []

    def last_line() -> int:
        """The whole text's last line that is not blank (computed once, when an error needs it)."""
        if not ends:
            ends.extend((whole.rstrip().count("\n") + 1, whole.rstrip(" \t\r").endswith("\n")))
        return ends[0]

    def ends_with_newline() -> bool:
        last_line()
        return ends[1]

    def on_error(e) -> bool:
        if len(errors.items) >= MAX_ERRORS:
            return False
        ip = e.interactive_parser
        pstate = ip.parser_state
        lexstate = ip.lexer_thread.state
        src = text
        if isinstance(e, UnexpectedToken):
            tok = e.token
            line, col = tok.line or 1, tok.column or 1
            if tok.type == "_NL" and pstate.value_stack and isinstance(pstate.value_stack[-1], Token) and pstate.value_stack[-1].type == "_NL":
                return True  # the newline ending a line we are skipping
            if tok.type == "$END":
                line, col = _end_position(src)
            if line not in errored_lines:
                errored_lines.add(line)
                start_of_line = src.rfind("\n", 0, tok.start_pos if tok.start_pos is not None else 0) + 1
                prefix = src[start_of_line : tok.start_pos] if tok.start_pos is not None else ""
                # at the end of the whole text (`full`: the fast path hands Lark only its other lines):
                # the end of the last line (a comment, `#`, may follow), or a word no newline follows
                end = (tok.line or 0) >= last_line() and (tok.type in ("_NL", "$END") or (
                    not ends_with_newline() and cutoff.at_end(src[:_line_end(src, tok.end_pos)], tok.end_pos, False)))
                if end and start == "start" and cutoff.pasted_line(prefix):
                    cut_line, cut_col = (line, col) if tok.type == "_NL" else _end_position(src)
                    if tok.type not in ("_NL", "$END"):  # a word cut short: the caret under it
                        cut_line, cut_col = line, col
                    errors.add(_cut_message(prefix, cut_line), cut_line, cut_col, cutoff.CODE)
                else:
                    exp = filter_closers(set(e.expected), prefix, lark)
                    special = _special_message(tok.type, str(tok), prefix, exp, lark)
                    msg = special or f"unexpected {_token_words(tok)}; expected {describe_expected(exp, lark)}"
                    nxt = _next_line(whole, line) if tok.type == "_NL" and prefix.strip() else ""
                    if not nxt and tok.type != "_NL" and tok.start_pos is not None:  # a name broken in two
                        nxt = _broken_at_last_token(src, start_of_line, tok.start_pos, whole, line, lark, start)
                    if nxt and _continues(nxt):  # the line goes on at the next one's start: one error for both
                        errored_lines.add(line + 1)
                        msg = f"this line seems to go on at the start of line {line + 1}: {BROKEN} (here: {msg})"
                    errors.add(*_added_note(src, start_of_line, msg, line, col))
            skip = tok.type not in ("_NL", "$END")
        else:
            assert isinstance(e, UnexpectedCharacters)
            line, col = e.line, e.column
            ch = src[e.pos_in_stream] if e.pos_in_stream < len(src) else ""
            start_of_line = src.rfind("\n", 0, e.pos_in_stream) + 1
            if line not in errored_lines and ch not in ("", "\0") and start == "start" and line >= last_line() \
                    and not ends_with_newline() and cutoff.pasted_line(src[start_of_line:e.pos_in_stream]) \
                    and cutoff.at_end(src[:_line_end(src, e.pos_in_stream)], cutoff.word_end(src, e.pos_in_stream), False):
                errored_lines.add(line)  # a token cut short at the very end (`(@`, `%`)
                errors.add(_cut_message(src[start_of_line : e.pos_in_stream], line), line, col, cutoff.CODE)
            if line not in errored_lines:
                errored_lines.add(line)
                what = "NUL byte" if ch == "\0" else f"character {ch!r}"
                allowed = getattr(e, "allowed", None) or set()
                if allowed:
                    start_of_line = src.rfind("\n", 0, e.pos_in_stream) + 1
                    allowed = filter_closers(set(allowed), src[start_of_line : e.pos_in_stream], lark)
                exp = f"; expected {describe_expected(set(allowed), lark)}" if allowed else ""
                start_of_line = src.rfind("\n", 0, e.pos_in_stream) + 1
                special = _special_message("", ch, src[start_of_line : e.pos_in_stream], set(allowed), lark)
                msg = special or f"unexpected {what}{exp}"
                if _broken_at_last_token(src, start_of_line, e.pos_in_stream, whole, line, lark, start):
                    errored_lines.add(line + 1)  # a name broken in two (`x@_` / `4::Int64`): one error for both
                    msg = f"this line seems to go on at the start of line {line + 1}: {BROKEN} (here: {msg})"
                errors.add(*_added_note(src, start_of_line, msg, line, col))
            skip = True
        # pop back to the start of the line
        vs, ss = pstate.value_stack, pstate.state_stack
        while vs and not (isinstance(vs[-1], Token) and vs[-1].type == "_NL"):
            vs.pop()
            ss.pop()
        if skip:
            pos = lexstate.line_ctr.char_pos
            nl = src.find("\n", pos)
            if nl < 0:
                nl = len(src)
            if nl > pos:
                lexstate.line_ctr.feed(src[pos:nl])
        return True

    if spans is None or TextSlice is None:
        return lark.parse(text, start=start, on_error=on_error)
    out = []
    for a, b in spans:
        out.extend(lark.parse(TextSlice(text, a, b), start=start, on_error=on_error))
    return out


def _end_position(text: str) -> tuple[int, int]:
    lines = text.split("\n")
    return len(lines), len(lines[-1]) + 1


def parse_with_retries(text: str, errors: ErrorList, start: str = "start", spans=None, full: str | None = None):
    """Parse; a line a callback rejects (`LineError`) is reported and blanked
    (blanking keeps offsets, so `spans` stay valid).  `full`: see `_parse_lines`."""
    from lark.exceptions import UnexpectedInput  # Lark is loaded only when a line needs it

    work = text
    for _ in range(MAX_ERRORS):
        try:
            return _parse_lines(work, errors, start, spans, full)
        except LineError as exc:
            errors.add(exc.message, exc.line, exc.col)
            if exc.line < 1:
                return None
            work = _blank_line(work, exc.line)
        except UnexpectedInput:
            return None  # error limit reached; what was found is reported
    return None
