"""Drawing the control-flow graph: `irc cfg` as text, as Graphviz, and with inferred entry states.

Three renderings of one `ir.Function`'s blocks (spec §2):

- `render_cfg` -- a line per block: statement range, predecessors (`entry`
  for the virtual predecessor 0 of a catch block) and successors;
- `render_dot` -- Graphviz, one digraph per function, catch entries dashed;
- `program_dot` / `cfg_dot` -- Graphviz labelled with each block's entry
  state from an `InferenceResult` (the slots live into the block, as in
  `irc infer`'s entry comments); unreached blocks dashed.

`graphviz_render` runs Graphviz's `dot` program for svg/png.

Invariants: pure functions of their arguments (no inference here); the
order of blocks and edges is the IR's, so the output is deterministic.
"""
from __future__ import annotations

import shutil
import subprocess
from typing import Any

from irc.ir import model as ir
from irc.lattice.typeprint import show
from irc.output.fmt import format_name
from irc.output.text import reached_live_in, slot_display_names


def _fn_title(fn: ir.Function) -> str:
    return format_name((*fn.module, fn.name))


def render_cfg(program: ir.Program, path: str) -> str:
    """Blocks with statement ranges, predecessors and successors."""
    out: list[str] = []
    for fn in program.functions:
        out.append(f"{path}: {_fn_title(fn)}: {len(fn.stmts)} statements, {len(fn.blocks)} blocks")
        for b in fn.blocks:
            preds = ", ".join("entry" if p == 0 else f"#{p}" for p in b.preds) or "-"
            succs = ", ".join(f"#{s}" for s in b.succs) or "-"
            rng = f"{b.first}" if b.first == b.last else f"{b.first}-{b.last}"
            out.append(f"  #{b.id}: stmts {rng}; preds {preds}; succs {succs}")
    return "\n".join(out) + "\n" if out else ""


def _dot_quote(s: str) -> str:
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


def render_dot(program: ir.Program) -> str:
    """Graphviz: one digraph per function; catch entries as dashed edges."""
    out: list[str] = []
    for fn in program.functions:
        title = _fn_title(fn)
        out.append(f"digraph {_dot_quote(title)} {{")
        out.append("  node [shape=box, fontname=monospace];")
        has_virtual = any(0 in b.preds for b in fn.blocks)
        if has_virtual:
            out.append('  b0 [label="exception", shape=ellipse, style=dashed];')
        for b in fn.blocks:
            rng = f"{b.first}" if b.first == b.last else f"{b.first}:{b.last}"
            out.append(f'  b{b.id} [label="#{b.id}\\n{rng}"];')
        for b in fn.blocks:
            for s in b.succs:
                out.append(f"  b{b.id} -> b{s};")
            if 0 in b.preds:
                out.append(f"  b0 -> b{b.id} [style=dashed];")
        out.append("}")
    return "\n".join(out) + "\n" if out else ""


def _dot_escape(s: str) -> str:
    return s.replace('"', '\\"')


def cfg_dot(fn: ir.Function, result: Any, prefix: str = "") -> list[str]:
    """Graphviz lines (a `subgraph cluster_…`) for one function: a node per
    block with its entry state (live slots, as in `irc infer`'s comments) and
    statement range; unreached blocks dashed; catch edges dashed."""
    names = slot_display_names(fn)
    live_in = reached_live_in(fn, result)
    p = prefix
    lines = [f'  subgraph "cluster_{_dot_escape(p + fn.name)}" {{', f'    label="{_dot_escape(fn.name)}";']
    for b in fn.blocks:
        entry = result.entry(b.id)
        head = f"#{b.id}  %{b.first}–%{b.last}"
        if entry is None:
            body = ["unreached"]
        else:
            body = [f"{names[s]}::{show(entry[s].type)}{' (undef)' if entry[s].undef else ''}"
                    for s in sorted(live_in[b.id]) if s in entry] or ["(no live slots)"]
        label = _dot_escape("\\l".join([head, *body]) + "\\l")
        style = ", style=dashed" if entry is None else ""
        lines.append(f'    "{p}b{b.id}" [label="{label}"{style}];')
    for b in fn.blocks:
        last = fn.stmt(b.last)
        for c in b.succs:
            attrs = ' [style=dashed, label="catch"]' if last.kind is ir.Kind.ENTER and c == last.target else ""
            lines.append(f'    "{p}b{b.id}" -> "{p}b{c}"{attrs};')
    lines.append("  }")
    return lines


def program_dot(title: str, results: list[tuple[ir.Function, Any]]) -> str:
    """One digraph for a file: a cluster per function."""
    lines = [f'digraph "{_dot_escape(title)}" {{', '  node [shape=box, fontname="monospace"];']
    for k, (fn, r) in enumerate(results, start=1):
        lines.extend(cfg_dot(fn, r, prefix=f"f{k}_"))
    lines.append("}")
    return "\n".join(lines) + "\n"


def graphviz_render(dot_text: str, fmt: str) -> bytes:
    """Render Graphviz text with the `dot` program; raises RuntimeError when it is missing."""
    exe = shutil.which("dot")
    if exe is None:
        raise RuntimeError(f"--format {fmt} needs Graphviz's `dot` program, which is not on PATH "
                           "(install graphviz, or use --dot for the Graphviz text)")
    proc = subprocess.run([exe, f"-T{fmt}"], input=dot_text.encode("utf-8"), capture_output=True, timeout=120)
    if proc.returncode != 0:
        raise RuntimeError(f"dot failed: {proc.stderr.decode('utf-8', 'replace').strip()}")
    return proc.stdout
