"""The signature of a bare `CodeInfo(` (form "codeinfo"): its name and arguments.

Julia prints `@code_lowered f(1, 2.0)` and `code_typed(…; optimize=false)`
as a `CodeInfo(` … `)` with no header: no name, no argument list.
`irc.syntax.forms` reads what the paste tells (`fd.hint`: the REPL line's
call, a definition in the transcript, `--signature`); `codeinfo_signature`
completes it from the body, in this order:

1. top-level code (`Meta.lower`) has no arguments;
2. the number of arguments is the hint's, else that of the names read but
   never assigned (lowering never assigns an argument: it copies it to a new
   slot) -- bare names in order of first appearance, `x@_2`/`@_2` at their
   pinned position;
3. each argument's name is the hint's, else the next such name, else
   unnamed (`@_N`); its type is the hint's, else Julia's typed read of it in
   the first block (`%2 = x::Vector{Float64}`, `x::Int64 < n` -- in the
   first block, before any branch could narrow it), else `Any`.

A function the paste does not name is named after where it was pasted:
`codeinfo@FILE:LINE` with the line of the REPL command that printed it,
else `codeinfo@FILE` (the file's base name; `codeinfo@stdin` for standard
input).  Whatever came from step 2 or 3 rather than from the paste's own
words, and where the rest came from, is said in one note.

Invariants: argument slots are 2..n+1 in order; nothing is invented that
the paste contradicts (a pinned `x@_2` stays slot 2); the syntax tree is
not changed.
"""
from __future__ import annotations

import os
import re

from irc.syntax import tree as S

_IDENT = re.compile(r"(?:[^\W\d]|#+[\w!])[\w#!]*")


def unassigned_reads(lines: list[S.BodyLine], assigned: set) -> list[tuple[str | None, int | None, int, int]]:
    """(name, pinned id, line, col) of each slot-like name read but never
    assigned, in order of first appearance (`x`, `x@_2`, `@_2`)."""
    out: list[tuple[str | None, int | None, int, int]] = []
    seen: set = set()

    def visit(e) -> None:
        t = type(e)
        if t is S.Name:
            if len(e.parts) == 1:
                nm = e.parts[0]
                if nm not in assigned and nm not in seen and _IDENT.fullmatch(nm) and nm != "#self#":
                    seen.add(nm)
                    out.append((nm, None, e.line, e.col))
        elif t is S.SlotRef:
            if e.id is not None and e.id not in assigned and ("@", e.id) not in seen:
                seen.add(("@", e.id))
                out.append((e.name, e.id, e.line, e.col))
        elif t is S.Call:
            if e.infix is None:
                visit(e.func)
            for a in e.args:
                visit(a)
        elif t is S.Typed:
            visit(e.expr)
        elif t is S.ExprNode:
            if e.head != "$":  # `$(QuoteNode(Float64))`: a quoted value, no reads
                for a in e.args:
                    visit(a)
        elif t is S.New:
            visit(e.type)
            for a in e.args:
                visit(a)
        elif t in (S.TupleLit, S.TypedVect):
            for a in e.items:
                visit(a)
        elif t is S.Splat:
            visit(e.expr)

    for bl in lines:
        st = bl.stmt
        ts = type(st)
        if ts is S.Assign or ts is S.ValueStmt:
            visit(st.value)
        elif ts is S.GotoIfNot:
            visit(st.cond)
        elif ts is S.Return and st.value is not None:
            visit(st.value)
        elif ts is S.Leave:
            for a in st.args:
                visit(a)
    return out


def typed_reads(lines: list[S.BodyLine]) -> dict:
    """Julia's typed reads in the first block: name (or pinned id) -> type."""
    out: dict = {}

    def key(e):
        if type(e) is S.Name and len(e.parts) == 1:
            return e.parts[0]
        if type(e) is S.SlotRef and e.id is not None:
            return e.id
        return None

    def visit(e) -> None:
        t = type(e)
        if t is S.Typed:
            k = key(e.expr)
            if k is not None:
                out.setdefault(k, e.type)
            visit(e.expr)
        elif t is S.Call:
            for a in e.args:
                visit(a)

    for k, bl in enumerate(lines):
        if k and bl.header is not None:
            break
        st = bl.stmt
        if type(st) is S.ValueStmt:
            kk = key(st.value)
            if kk is not None and bl.annotation is not None:
                out.setdefault(kk, bl.annotation)
            visit(st.value)
        elif type(st) is S.Assign:
            kk = key(st.value)  # `(n@_5 = n@_2)::Int64`: the assignment's type is the read's
            if kk is not None and bl.annotation is not None:
                out.setdefault(kk, bl.annotation)
            visit(st.value)
        elif type(st) in (S.Goto, S.GotoIfNot, S.Return):
            break
    return out


def unnamed(path: str, repl_line: int | None) -> str:
    """The name of a `CodeInfo(` whose function the paste does not name:
    `codeinfo@` and the input's base name (`<stdin>` -> `stdin`), then
    `:LINE` when a REPL command on that line printed it."""
    where = os.path.basename(path).strip("<>") or "input"
    return f"codeinfo@{where}" if repl_line is None else f"codeinfo@{where}:{repl_line}"


def codeinfo_signature(fd: S.FunctionDef, assigned: set, path: str = "<input>"):
    """(name parts, [(name or None, pinned id or None, type expr or None, line, col)], note or None);
    `path` is the input's, for the name of an unnamed one (`unnamed`)."""
    hint = fd.hint or S.SignatureHint(None, None)
    name = hint.name or (unnamed(path, hint.repl_line),)
    if hint.thunk:
        return name, [], None
    reads = unassigned_reads(fd.lines, assigned)
    pinned = {sid: (nm, line, col) for nm, sid, line, col in reads if sid is not None and sid >= 2}
    bare = [(nm, line, col) for nm, sid, line, col in reads if sid is None]
    n = len(hint.args) if hint.args is not None else None
    if n is None:
        n = max([len(pinned) + len(bare)] + [sid - 1 for sid in pinned])
    hinted = list(hint.args or [])
    args: list[list] = []
    free = iter(bare)
    used_reads = False
    for k in range(n):
        sid = k + 2
        decl = hinted[k] if k < len(hinted) else S.ArgDecl(None, None)
        nm, line, col = decl.name, fd.line, fd.col
        if sid in pinned:
            pn, line, col = pinned[sid]
            nm = nm or pn
            used_reads = True
        elif nm is None:
            nxt = next(free, None)
            if nxt is not None:
                nm, line, col = nxt
                used_reads = True
        args.append([nm, sid if sid in pinned else None, decl.type, line, col])
    typed = typed_reads(fd.lines)
    untyped = []
    from_reads = []
    for a in args:
        if a[2] is None:
            t = typed.get(a[1]) if a[1] is not None else None
            t = t if t is not None else typed.get(a[0]) if a[0] is not None else None
            if t is not None:
                a[2] = t
                from_reads.append(a[0] or f"@_{a[1]}")
            else:
                untyped.append(a[0] or "?")
    return name, [tuple(a) for a in args], _note(hint, name, args, used_reads, from_reads, untyped)


def _note(hint: S.SignatureHint, name, args, used_reads: bool, from_reads: list, untyped: list) -> str:
    fname = ".".join(name)
    names = ", ".join(f"`{a[0] or f'@_{k + 2}'}`" for k, a in enumerate(args)) or "none"
    bits = []
    if hint.origin:
        bits.append(f"from {hint.origin}")
    if hint.name is None:
        bits.append("the paste does not name the function")  # the name is `unnamed`'s
    if used_reads:
        bits.append("arguments are the names read but never assigned")
    if from_reads:
        bits.append("type of " + ", ".join(f"`{x}`" for x in from_reads) + " from Julia's typed reads")
    if untyped:
        bits.append("type of " + ", ".join(f"`{x}`" for x in untyped) + " unknown (Any)")
    advice = ""
    if (untyped or hint.name is None or used_reads) and hint.origin != "--signature":
        advice = "; give `--signature 'f(x::T, …)'` to set it"
    return f"`CodeInfo(` with no header: read as a method of `{fname}` with arguments {names} ({'; '.join(bits)}){advice}"
