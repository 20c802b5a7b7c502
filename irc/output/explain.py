"""`irc explain FILE --slot x`: why a slot has its type, from the engine's own states.

No second inference: everything comes from one `InferenceResult` --
`entry(b)` (the block-entry tables the engine kept), `state_before(i)` (the
replay of a block from its entry, spec §3.2) and `ssa_types`.

For the chosen slot, in block order over reached blocks:

- the state at the block's entry, with the exit state of every reached
  predecessor when they differ from it: a *merge* (several predecessors,
  the entry is their join: "widened" when the entry is strictly above one
  of them), or a *refinement* (the entry is strictly narrower than what the
  predecessor's last statement left: a branch condition narrowed it);
- every assignment to the slot (`x = rhs` gives the type of rhs) and every
  `NewvarNode` (undefined again), with its line and whether it widened,
  narrowed or kept the slot's type;
- the final answer: the slot type (`Locals`) and flags.

Entries where the slot is neither changed nor live are summarised, not
listed, so the explanation stays short on long functions.

Invariants: a pure function of (Function, InferenceResult, slot); lines
refer to the input file.
"""
from __future__ import annotations

from typing import Any

from irc.ir import model as ir
def _show(x: Any) -> str:
    from irc.lattice.typeprint import show

    return show(x)


def _le(a: Any, b: Any) -> bool:
    from irc.lattice.typelattice import lattice_le

    return lattice_le(a, b)


def _state_text(vs: Any) -> str:
    if vs is None:
        return "(not kept: dead here)"
    return _show(vs.type) + (" (undef)" if vs.undef else "")


def _compare(old: Any, new: Any) -> str:
    """How the slot's type moved from state `old` to `new`: 'widened', 'narrowed',
    'same type' or 'new type' (incomparable); definedness is reported apart."""
    if old is None or new is None:
        return "new type"
    if old.type == new.type:
        return "same type"
    up, down = _le(old.type, new.type), _le(new.type, old.type)
    if up and not down:
        return "widened"
    if down and not up:
        return "narrowed"
    return "same type" if up and down else "new type"


def _after(fn: ir.Function, result: Any, i: int, sid: int) -> Any:
    """Slot `sid`'s state after statement i (replay one more step)."""
    before = result.state_before(i)
    if before is None:
        return None
    st = fn.stmt(i)
    if st.kind is ir.Kind.ASSIGN and st.slot == sid and result.ssa_types[i] is not None:
        return _VS(result.ssa_types[i], False)
    if st.kind is ir.Kind.NEWVAR and st.slot == sid:
        from irc.lattice.typelattice import BOTTOM

        return _VS(BOTTOM, True)
    return before.get(sid)


class _VS:
    __slots__ = ("type", "undef")

    def __init__(self, t: Any, undef: bool):
        self.type, self.undef = t, undef


def find_slot(fn: ir.Function, name: str) -> ir.Slot | None:
    from irc.output.text import slot_display_names

    names = slot_display_names(fn)
    for s in fn.slots:
        if names[s.id] == name:
            return s
    matches = [s for s in fn.slots if s.name == name]
    if len(matches) == 1:
        return matches[0]
    if name.startswith(("@_", "_")) and name.lstrip("@_").isdigit():
        k = int(name.lstrip("@_"))
        return fn.slots[k - 1] if 0 < k <= len(fn.slots) else None
    return None


def explain_slot(fn: ir.Function, result: Any, slot: ir.Slot) -> str:
    """The explanation text (see the module doc)."""
    from irc.output.fmt import format_expr
    from irc.output.jsondoc import flag_names
    from irc.output.text import slot_display_names

    name = slot_display_names(fn)[slot.id]
    sid = slot.id
    out = [f"slot {name} (slot {sid}{', argument' if slot.argument else ''}) in {fn.name}: "
           f"{_show(result.slot_types[sid])}"]
    bits = int(result.slot_flags[sid])
    out.append(f"  flags: {' | '.join(flag_names(bits)) or 'none'} (0x{bits:02x})")
    quiet = 0
    for b in fn.blocks:
        entry = result.entry(b.id)
        if entry is None:
            out.append(f"  entry #{b.id}: unreached")
            continue
        vs = entry.get(sid)
        live = sid in result.live_in[b.id]
        notes = []
        reached_preds = [p for p in b.preds if p > 0 and result.entry(p) is not None]
        exits = [(p, _after(fn, result, fn.block(p).last, sid)) for p in reached_preds]
        differs = any(e is not None and vs is not None and (e.type != vs.type or e.undef != vs.undef)
                      for _, e in exits)
        if differs and len(exits) > 1:
            parts = ", ".join(f"#{p}: {_state_text(e)}" for p, e in exits)
            notes.append(f"merge of {parts}")
        elif differs:
            (p, e), = exits
            how = _compare(e, vs)
            if how == "narrowed":
                last = fn.stmt(fn.block(p).last)
                notes.append(f"narrowed from {_state_text(e)} by the branch at line {last.line} (from #{p})")
            else:
                notes.append(f"from #{p}: {_state_text(e)} ({how})")
        if 0 in b.preds:
            notes.append("catch entry: also merges the slot's state after every assignment in the try region")
        assigns = [i for i in range(b.first, b.last + 1)
                   if fn.stmt(i).slot == sid and fn.stmt(i).kind in (ir.Kind.ASSIGN, ir.Kind.NEWVAR)]
        if not notes and not assigns and b.id != 1:
            quiet += 1
            continue
        out.append(f"  entry #{b.id}: {_state_text(vs)}{'' if live else '  (not live here)'}")
        for n in notes:
            out.append(f"      {n}")
        for i in assigns:
            st = fn.stmt(i)
            if result.ssa_types[i] is None:
                out.append(f"    line {st.line}: statement {i} never reached")
                continue
            before = result.state_before(i)
            old = before.get(sid) if before is not None else None
            new = _after(fn, result, i, sid)
            if st.kind is ir.Kind.NEWVAR:
                out.append(f"    line {st.line}: Core.NewvarNode(:({name})) -> undefined again "
                           f"(was {_state_text(old)})")
                continue
            how = _compare(old, new)
            defined = ", now defined" if old is not None and old.undef else ""
            out.append(f"    line {st.line}: {name} = {format_expr(st.value, fn)}  ->  {_state_text(new)}"
                       f" ({how}{defined}; was {_state_text(old)})")
    if quiet:
        out.append(f"  ({quiet} more reached block{'s' if quiet != 1 else ''} where {name} does not change)")
    return "\n".join(out) + "\n"


# ---------------------------------------------------------------- command entry points


def explain_main(path: str, slot: str, function: str | None, options: Any,
                 stdout: Any = None, stderr: Any = None) -> int:
    """`irc explain FILE --slot x [--function f]`; returns the exit status."""
    import sys

    from irc.cli.batch import read_input
    from irc.cli.driver import analyse
    from irc.errors import IrcError, render_all

    stdout = stdout or sys.stdout
    stderr = stderr or sys.stderr
    try:
        text = read_input(path)
    except IrcError as e:
        stderr.write(render_all(e.diagnostics, e.source) + "\n")
        return 1
    res = analyse(path, text, options)
    if res.errors:
        stderr.write(render_all(res.errors, text) + "\n")
        return 1
    cands = [(fn, r) for fn, r in res.results if function is None or fn.name == function]
    if not cands:
        have = ", ".join(fn.name for fn, _ in res.results) or "none"
        stderr.write(f"error: no function {function!r} in {path} (functions: {have})\n")
        return 1
    found = [(fn, r, find_slot(fn, slot)) for fn, r in cands]
    found = [(fn, r, s) for fn, r, s in found if s is not None]
    if not found:
        stderr.write(f"error: no slot {slot!r} in {'function ' + function if function else path}\n")
        return 1
    if len(found) > 1 and function is None:
        names = ", ".join(fn.name for fn, _, _ in found)
        stderr.write(f"error: slot {slot!r} exists in several functions ({names}); choose one with --function\n")
        return 1
    fn, r, s = found[0]
    stdout.write(explain_slot(fn, r, s))
    return 0


def _dot_escape(s: str) -> str:
    return s.replace('"', '\\"')


def cfg_dot(fn: ir.Function, result: Any, prefix: str = "") -> list[str]:
    """Graphviz lines (a `subgraph cluster_…`) for one function: a node per
    block with its entry state (live slots, as in `irc infer`'s comments) and
    statement range; unreached blocks dashed; catch edges dashed."""
    from irc.output.text import reached_live_in, slot_display_names
    from irc.lattice.typeprint import show

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


def cfg_main(paths: list[str], fmt: str | None = None, output: str | None = None, prelude: bool = True,
             stdout: Any = None, stderr: Any = None) -> int:
    """`irc cfg --states [--format svg|png] [-o FILE]`; returns the exit status."""
    import sys

    from irc.cli.batch import atomic_write, collect_inputs, read_input
    from irc.cli.driver import Options, analyse
    from irc.errors import IrcError, render_all

    stdout = stdout or sys.stdout
    stderr = stderr or sys.stderr
    if fmt not in (None, "dot", "svg", "png"):
        stderr.write(f"error: --format must be dot, svg or png (got {fmt!r})\n")
        return 2
    inputs = collect_inputs(paths)
    if not inputs:
        stderr.write("error: no input files\n")
        return 2
    if fmt in ("svg", "png") and len(inputs) != 1:
        stderr.write(f"error: --format {fmt} renders one input at a time (got {len(inputs)})\n")
        return 2
    if fmt == "png" and output is None and getattr(stdout, "isatty", lambda: False)():
        stderr.write("error: --format png writes binary data: give -o FILE\n")
        return 2
    status, chunks = 0, []
    for path in inputs:
        try:
            text = read_input(path)
        except IrcError as e:
            stderr.write(render_all(e.diagnostics, e.source) + "\n")
            status = 1
            continue
        res = analyse(path, text, Options(prelude=prelude))
        if res.errors:
            stderr.write(render_all(res.errors, text) + "\n")
            status = 1
            continue
        chunks.append(program_dot(path, res.results))
    dot_text = "".join(chunks)
    if fmt in ("svg", "png"):
        if not chunks:
            return status
        try:
            data = graphviz_render(dot_text, fmt)
        except RuntimeError as e:
            stderr.write(f"error: {e}\n")
            return 1
        if output is not None:
            atomic_write(output, data)
        else:
            stdout.flush()
            if hasattr(stdout, "buffer"):
                stdout.buffer.write(data)
                stdout.buffer.flush()
            else:  # a text stream (tests): svg is text
                stdout.write(data.decode("utf-8", "replace"))
        return status
    if output is not None:
        atomic_write(output, dot_text)
    else:
        stdout.write(dot_text)
    return status


def graphviz_render(dot_text: str, fmt: str) -> bytes:
    """Render Graphviz text with the `dot` program; raises RuntimeError when it is missing."""
    import shutil
    import subprocess

    exe = shutil.which("dot")
    if exe is None:
        raise RuntimeError(f"--format {fmt} needs Graphviz's `dot` program, which is not on PATH "
                           "(install graphviz, or use --dot for the Graphviz text)")
    proc = subprocess.run([exe, f"-T{fmt}"], input=dot_text.encode("utf-8"), capture_output=True, timeout=120)
    if proc.returncode != 0:
        raise RuntimeError(f"dot failed: {proc.stderr.decode('utf-8', 'replace').strip()}")
    return proc.stdout
