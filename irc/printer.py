"""`irc infer` text output: the file annotated in `@code_warntype` layout (spec §5.1).

For one file the output is: the file's own declarations reprinted (types,
globals, methods, in file order), then for every function:

    MethodInstance for f(::Int64)
      from f(n) @ Main file.ir:3            (Julia's own `from` line when the input had one)
    Arguments
      #self#::Core.Const(f)  # (0x00)
      n::Int64  # SLOT_USED (0x08)
    Locals
      x::Int64  # SLOT_USED (0x08)
    Static Parameters                        (only when bound)
      T = Int64
    Body::Int64
    # entry #1: n::Int64
    1 ─       (x = 1)::Core.Const(1)
    │   %2  = (1:n)::UnitRange{Int64}
    ...

Each slot line carries the slot's type and, after `# `, its flags by name
and in hex.  Before each block's first line, a comment gives the block's
entry state for the slots live into it (`result.live_in`), so the text is
the same whatever `--state` kept.  Every value or assignment statement that
was reached is followed by `::T` (its lattice element as Julia prints it);
an unreached statement is printed the way Julia prints dead code,
`Core.Const(:(stmt))::Union{}`, with jump targets written as statement
numbers (`goto %8`), as Julia quotes a dead `GotoNode`.  Block rails
(`N ─` / `N ┄`, `│`, `└──`) are computed on the control flow of the
*printed* code (a dead terminator is no edge), exactly as Julia computes
them on the code it prints, so re-inferring the output prints the same
text: `infer(infer(x)) == infer(x)`.

Types that `@code_warntype` would colour yellow/red get a trailing
`# ?` / `# !` mark (irc.colour); with colour on, the same text gets ANSI
codes and nothing else, so stripping them gives the plain output.

Invariants: the printer is a pure function of (Program, results, colour);
the output parses back (it is valid `.ir` input); slot names are unique in
the output (duplicates are written `x@_N`, as Julia does).
"""
from __future__ import annotations

import re
from typing import Any

from . import colour as C
from . import ir
from . import syntax as S

_IDENT = re.compile(r"[A-Za-z_\u00a1-\U0010ffff][\w!\u00a1-\U0010ffff]*")


# ---------------------------------------------------------------- names


def julia_name(name: str) -> str:
    """A bare name as Julia writes it: identifiers as is, others `var"…"`."""
    if _IDENT.fullmatch(name) and name not in ("end", "function", "where", "true", "false"):
        return name
    return 'var"' + name.replace("\\", "\\\\").replace('"', '\\"') + '"'


def slot_display_names(fn: ir.Function) -> dict[int, str]:
    """Slot id -> name as printed: `@_N` for unnamed, `x@_N` for a name used twice."""
    counts: dict[str, int] = {}
    for s in fn.slots:
        counts[s.name] = counts.get(s.name, 0) + 1
    out = {}
    for s in fn.slots:
        name = s.name
        if not name or name.startswith("@_"):
            out[s.id] = f"@_{s.id}"
        elif counts[name] > 1 and not name.startswith("#self#"):
            base = name.split("@_")[0]
            out[s.id] = f"{base}@_{s.id}"
        else:
            out[s.id] = name
    return out


def function_title(fn: ir.Function) -> str:
    """`f`, `Base.Math.sin`, `var"#8#9"`: the function as the MethodInstance line names it."""
    name = julia_name(fn.name)
    if fn.module and fn.module != ("Main",):
        if not _IDENT.fullmatch(fn.name):
            name = ":(" + name + ")" if not name.startswith('var"') else name
        return ".".join(julia_name(m) if not m.startswith("#") else m for m in fn.module) + "." + name
    return name


def signature(fn: ir.Function, result: Any) -> str:
    """`f(::Int64, ::Float64)`: the method instance's signature."""
    from .lattice import widenconst
    from .typeprint import show

    args = [f"::{show(widenconst(result.slot_types[s.id]))}" for s in fn.slots[1:] if s.argument]
    return f"{function_title(fn)}({', '.join(args)})"


def annotation_of(st: ir.Stmt) -> S.Expr | None:
    """Julia's printed type for a statement: its `::T`, or a typed slot read's `T`."""
    if st.annotation is not None:
        return st.annotation
    v = st.value
    if st.kind is ir.Kind.VALUE and isinstance(v, S.Typed) and isinstance(_strip_typed(v.expr), S.SlotRef):
        return v.type
    return None


def _strip_typed(e: Any) -> Any:
    while isinstance(e, S.Typed):
        e = e.expr
    return e


def format_type_expr(expr: S.Expr) -> str:
    """A type expression as written in the input, reprinted canonically."""
    from .fmt import format_expr

    return format_expr(expr)


def flags_text(bits: int) -> str:
    from .jsonout import flag_names

    names = flag_names(bits)
    hexa = f"(0x{bits:02x})"
    return f"{' | '.join(names)} {hexa}" if names else hexa
