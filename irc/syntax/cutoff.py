"""A paste cut off: the one message every check that finds one gives.

A page, a terminal's scroll-back or a hand that copied too little cuts a paste before Julia's
output ends: inside a statement (`goto #`, `%10 = (0.5 * `), inside a bracket (`Union{Nothing,
Tuple{Int64`), in the header (no `Body::T`, an unclosed `CodeInfo(`), or between statements and
blocks (a body whose last statement is no terminator, a jump past the last block).  Each is found
where it shows -- the parser's error recovery (`irc.syntax.recovery`: an error at the end of the
text), the assembler (`irc.syntax.assemble`: a header the text ends in), the builder
(`irc.ir.build`, `irc.ir.whole`: a body that ends unterminated or jumps past its last block) --
and all say `message(line, where)`: "the paste seems cut off after line N: it ends WHERE; paste
the whole output", code `cut-off`, located at the end of the text (the source line and a caret
under the cut), never a list of the grammar's expected tokens.

"At the end" (`at_end`): nothing but blanks follows the position; a token the parser did not
expect counts only when not even a newline follows it (a line that stops mid-word: `goto #4 i`),
so a wrong last word on a complete line keeps its own message.

Pure functions of their arguments.
"""
from __future__ import annotations

CODE = "cut-off"


def message(line: int, where: str) -> str:
    """The cut-off message: `where` says what the text ends in (`inside the `(` …`, `in the middle
    of a statement`, `in the function's header, before `Body::T``)."""
    return f"the paste seems cut off after line {line}: it ends {where}; paste the whole output"


def at_end(text: str, pos: int | None, newline_ok: bool = True) -> bool:
    """Whether only blanks follow offset `pos` in `text` (`newline_ok=False`: only spaces and tabs,
    no newline -- the line itself stops there)."""
    if pos is None:
        return False
    rest = text[pos:]
    return not rest.strip() if newline_ok else not rest.strip(" \t\r")


def word_end(text: str, pos: int) -> int:
    """The offset after the characters of a token cut short at `pos` (`@_`, `%1`, `Bas`): the
    character there and the name characters that follow."""
    k = pos + 1
    while k < len(text) and (text[k].isalnum() or text[k] in "_@%#!."):
        k += 1
    return k


# the words Julia's output starts its header lines with, and irc's items: a last line that stops
# inside one of them
HEADER_WORDS = ("MethodInstance for", "from", "Static Parameters", "Arguments", "Locals", "Variables", "Body::",
                "CodeInfo(", "declare", "function", "struct", "mutable struct", "abstract type")


def cut_header_word(line: str) -> bool:
    """Whether `line` (the text's last, with no newline after it) stops inside a header word:
    `M`, `  Argu`, `  from` -- a prefix of one of `HEADER_WORDS`."""
    s = line.strip()
    return bool(s) and any(w.startswith(s) for w in HEADER_WORDS)


_OWN_WORDS = frozenset({"declare", "struct", "mutable", "abstract", "primitive", "const", "function", "end"})


def pasted_line(line: str) -> bool:
    """Whether a line can be part of Julia's output (a paste that can be cut), not one of irc's own
    declarations (`declare …`, `struct …`, `function f(…)`: the user's text, whose errors keep their
    words)."""
    words = line.split(None, 1)
    return not words or words[0] not in _OWN_WORDS


def end_position(lines: list[str]) -> tuple[int, int]:
    """(line, column just after its last character) of the last line that is not blank (1, 1 when
    none): where a caret shows the cut."""
    for k in range(len(lines) - 1, -1, -1):
        s = lines[k].rstrip()
        if s:
            return k + 1, len(s) + 1
    return 1, 1


def is_statement_line(line: str) -> bool:
    """A body line (a rail `│`/`└`, a block header `N ─`, a label `%N =`) rather than a header line."""
    s = line.lstrip()
    return s[:1] in ("│", "└", "%", "|", "`") or (s[:1].isdigit() and any(c in s[:8] for c in "─┄-~"))
