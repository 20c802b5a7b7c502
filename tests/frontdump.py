"""A structural dump of a built program, for comparing parses (no positions, no labels)."""
from __future__ import annotations

import dataclasses

from irc.ir import model as ir
def strip(e):
    if e is None or isinstance(e, (str, int, float, bool)):
        return e
    if isinstance(e, list):
        return [strip(x) for x in e]
    if isinstance(e, tuple):
        return tuple(strip(x) for x in e)
    if isinstance(e, ir.Kind):
        return e.name
    if dataclasses.is_dataclass(e):
        skip = ("line", "col", "text", "end_line", "label", "source")
        return (type(e).__name__,) + tuple(strip(getattr(e, f.name)) for f in dataclasses.fields(e) if f.name not in skip)
    return e


def dump_program(p: ir.Program) -> list:
    out: list = [strip(it) for it in p.items]
    for fn in p.functions:
        out.append((
            fn.name, fn.module, fn.form,
            [(s.id, s.name, s.argument, strip(s.declared), strip(s.julia_type)) for s in fn.slots],
            [(st.kind.name, st.slot, st.target, strip(st.value), strip(st.args), strip(st.annotation)) for st in fn.stmts],
            [(b.id, b.first, b.last, b.preds, b.succs) for b in fn.blocks],
            strip(fn.static_params), strip(fn.julia_return),
        ))
    return out
