"""Text a person added to Julia's output: where it starts on a line that does not parse.

People annotate what they paste: `%4 = (a / b)::Float64   <-- why is this a
Union??`, a line `<------ here`, a sentence between two statements.  Julia
prints none of these, so on a line that failed to parse, `added_text(line)`
finds where such a note starts (0-based column), or None:

- an arrow pointing back at the code: `<--`, `<------`, `<==`, `←`, `⟵`
  (`<-` then a blank), standing after a blank or at the line's start -- no
  Julia operator is spelled so (`<=` and `<` are, hence two or more `-`/`=`
  or a blank after one `-`);
- prose: three or more words of letters (with `'`, `,`, `?`, `!`, `.`, `:`
  between and after them) up to the end of the line, either the whole line
  or after two blanks following code (`::Float64   why is this slow?`).

The caller (irc.syntax.recovery) says so at that column only when the parse
error is at or after it, so a note explains the error it caused and never
hides another.  One regular-expression search per failed line.
"""
from __future__ import annotations

from irc.syntax.lazyre import lazy

MESSAGE = "this looks like text added to Julia's output: remove it, or start it with `#`"

_ARROW = lazy(r"(?:^|(?<=[\t ]))(?:<(?:-{2,}|={2,}|-(?=[\t ]|$))|[←⟵⇐])")
_WORD = r"[A-Za-z][A-Za-z']*[,?!.:]*"
_PROSE = lazy(rf"(?:^[\t ]*|(?<=\S)[\t ]{{2,}})({_WORD}(?:[\t ]+{_WORD}){{2,}})[\t ]*$")


def added_text(line: str) -> int | None:
    """0-based column where a person's note starts on `line`, or None."""
    m = _ARROW.search(line)
    if m is not None:
        return m.start()
    m = _PROSE.search(line)
    if m is not None:
        return m.start(1)
    return None
