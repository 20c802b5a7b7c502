"""`irc infer --hide-stable`: the body without its type-stable statements
(Cthulhu's `[h]ide type-stable statements`).

A statement is *unstable* when it is reached and its type is one
`@code_warntype` paints yellow or red (`irc.output.colour.classify` is WARN
or BAD: a small union, an abstract type, `Any`, `Core.Box`); every other
statement (concrete types, constants, `Union{}` of dead code, statements
without a value) is *stable*.  What is kept, in the body's order:

- of a block holding at least one unstable statement: its entry comment
  (when the output has them), its first statement (the line with the
  block's header `N ─`), its unstable statements, and its last statement
  (the terminator, `└──`: where control goes next);
- of a block with none: nothing.

The header (`MethodInstance`, `Arguments`, `Locals`, `Body`) is kept whole.
The lines kept are those of the full listing, unchanged (labels, rails,
alignment), so a kept line reads as it does in the full output.  The
result is not valid input (statements are missing).

Algorithm: one pass over the blocks of `layout_body`'s lines (block b:
`prefix_lines` comment lines, then one line per statement), keeping the
lines chosen above.  Linear in the lines.
"""
from __future__ import annotations

from irc.ir import model as ir


def keep_unstable(fn: ir.Function, lines: list[str], unstable: set[int], prefix_lines: int = 1) -> list[str]:
    """The lines of `fn`'s body (`layout_body` with `prefix_lines` lines before
    every block) that `--hide-stable` keeps; `unstable`: the statement numbers
    whose type is yellow or red (see the module doc)."""
    out: list[str] = []
    k = 0
    for b in fn.blocks:
        first, last = b.first, b.last
        stmts = last - first + 1 if last >= first else 0
        if any(i in unstable for i in range(first, last + 1)):
            out.extend(lines[k : k + prefix_lines])
            base = k + prefix_lines - first
            out.extend(lines[base + i] for i in range(first, last + 1)
                       if i == first or i == last or i in unstable)
        k += prefix_lines + stmts
    if k != len(lines):
        raise ValueError(f"body of {fn.name}: {len(lines)} lines, expected {k}")
    return out
