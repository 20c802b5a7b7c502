"""Names as they can be written back: the one spelling rule for identifiers
and qualified names that both the printers (`irc.output.fmt`) and the
messages suggesting declarations (`irc.world`) use.

`julia_ident(name)` gives an identifier (Julia's generated `#…` names
included) as is and anything else as `var"…"`; `format_name(parts)` a
qualified name as a declaration or reference reads it back:
`("Base", "+")` -> `Base.:+`, `("Base", "==")` -> `Base.:(==)`,
`("Main", "#8#9")` -> `Main.:(var"#8#9")`.

Invariant: what these print parses back (grammar `irc.lark`) to the same
parts.  Pure functions, no state.
"""
from __future__ import annotations

import re

from irc.syntax.identchars import CHAR_EXTRA, START_EXTRA
from irc.syntax.lazyre import lazy

IDENT = lazy(rf"#+[\w!][\w#!]*(?:-[\w!]+)+#[\w#!]*|(?:[^\W\d]|[{START_EXTRA}]|#+[\w!])[\w#!{CHAR_EXTRA}]*")  # (grammar NAME)
OPERATOR = re.compile(r"[-+*/\\^%&|<>=!~÷≤≥≠⊻∘∈∉⊆⊂⊇⊃∋∌≈≉≡≢⋅×±√¬:.]+|isa|in")
KEYWORDS = frozenset({"end", "function", "where", "true", "false", "nothing", "struct", "mutable", "abstract", "const",
                      "global", "declare", "goto", "return", "if", "for", "isa", "in", "enter", "unreachable", "begin",
                      "let", "quote", "do", "while", "try", "catch", "finally", "else", "elseif", "module", "using",
                      "import", "export", "macro", "type"})


def julia_ident(name: str) -> str:
    """A name as it can be read back: identifiers (Julia's generated `#…`
    names included) as is, anything else `var"…"`."""
    if IDENT.fullmatch(name) and name not in KEYWORDS:
        return name
    if name.endswith("...") and IDENT.fullmatch(name[:-3]) and name[:-3] not in KEYWORDS:
        return name  # Julia 1.12's keyword slot `kw...`, printed so (read back before `::T` or ` = `)
    return 'var"' + name.replace("\\", "\\\\").replace('"', '\\"') + '"'


def format_name(parts: tuple[str, ...]) -> str:
    """`("Base", "+")` -> `Base.:+`; `("Main", "#8#9")` -> `Main.:(var"#8#9")`."""
    if not parts:
        return ""
    first = parts[0]
    if "#" in first and first != "#self#":
        out = ['var"' + first + '"']  # a generated global (closure type, …)
    else:
        out = [julia_ident(first) if not (len(parts) == 1 and first in ("nothing", "true", "false")) else first]
    last = len(parts) - 1
    for k, p in enumerate(parts[1:], 1):
        if k == last and "#" in p:
            out.append('.:(var"' + p.replace("\\", "\\\\").replace('"', '\\"') + '")')
        elif "#" in p:  # a module named so (Pluto's `Main.var"workspace#4"`), as Julia prints it
            out.append('.var"' + p.replace("\\", "\\\\").replace('"', '\\"') + '"')
        elif IDENT.fullmatch(p) and p not in ("end",):
            out.append("." + p)
        elif OPERATOR.fullmatch(p):
            if "=" in p or ":" in p or "." in p or p in ("isa", "in"):
                out.append(".:(" + p + ")")
            else:
                out.append(".:" + p)
        else:
            out.append('.:(var"' + p.replace("\\", "\\\\").replace('"', '\\"') + '")')
    return "".join(out)


def is_generated_name(name: str) -> bool:
    """Julia's generated names (`#18#19`, `#usevar#3`): a closure's type (or a keyword
    method's body function), never a global the user wrote."""
    return name.startswith("#") and name.count("#") >= 2 and name.rsplit("#", 1)[1].isdigit()
