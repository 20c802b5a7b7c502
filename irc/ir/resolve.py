"""Operand resolution for the walk (`irc.ir.walk`): one set of closures over a walk's tables.

`resolvers(walk, name_tag, lit_tag)` gives the functions the walk resolves
operands and targets with, all reading and extending `walk`'s tables (its
slot table, label map and records: `irc.ir.slottable._Walk`) and the
text-keyed tables they share with the walk's loop (`known`, `parts_of`,
`tags`, `op_tags`):

- over syntax nodes: `res` (any expression; a copy sharing unchanged
  nodes) and `call` (a `Call`, the commonest value, its leaf operands
  inline), with `slot_ref` (`@_N`/`x@_N`, pinning slot N: `pin`), `ssa_ref`
  (`%N` to the statement it labels) and `name_ref` (a bare name to its slot,
  or the global it stays, its first read recorded in `walk.unknown`);
- `target_slot` (the slot an assignment or `NewvarNode` writes; in the
  incremental walk a new bare name becomes the next local: `add_local`);
- over a packed atom: `operand` (`fastpath.pack_atom`'s value, without
  building the node); over a match's texts: `matched_atom` and `text_tag`
  (a text's operand tag in the body's columns).

Every error is recorded in `walk.errors` (not reported).  Resolution never
mutates the syntax tree.  The closures are the walk's hot path (a call per
operand at a million statements): locals and closure cells, no attribute
look-ups.  `relabel` switches the label look-up (a split walk's child);
`close` breaks the `res`/`call` reference cycle once the walk is done.
"""
from __future__ import annotations

from typing import Callable, NamedTuple

from irc.ir.body import SLOT_TAG
from irc.ir.slottable import _Walk
from irc.syntax import tree as S
from irc.syntax.fastpath import _ATOM_WORDS as ATOM_WORDS, _atom_node as atom_node, qualified_parts as _qualified_parts


class Resolvers(NamedTuple):
    """What `resolvers` gives: the shared tables, then the functions (see the module doc)."""

    known: dict  # a slot name's text -> its id (the names `pack_atom` makes a `parts` tuple of)
    parts_of: dict  # a global name's text -> its shared `parts`
    tags: dict  # an atom's text -> its operand tag in the body's columns
    op_tags: dict  # an infix operator's text -> its tag, while it names no slot
    pin: Callable
    slot_ref: Callable
    ssa_ref: Callable
    name_ref: Callable
    call: Callable
    res: Callable
    target_slot: Callable
    add_local: Callable
    operand: Callable
    matched_atom: Callable
    text_tag: Callable
    relabel: Callable
    close: Callable


def resolvers(walk: _Walk, name_tag=None, lit_tag=None) -> Resolvers:
    """The resolvers of one walk over `walk`'s tables (see the module doc);
    `name_tag`/`lit_tag` are the body's (the column path; None: the objects path)."""
    errors, pinned, unknown = walk.errors, walk.pinned, walk.unknown
    err = errors.append
    incremental = walk.incremental
    names = walk.names
    sid_of = walk.by_name.get
    ssa_get = walk.ssa.get
    pinned_get = pinned.get
    Name, SSA, SlotRef, Call, Lit = S.Name, S.SSA, S.SlotRef, S.Call, S.Lit
    new_obj = object.__new__  # see `call`: the hot copies set every field of the slotted dataclass
    qualified = _qualified_parts

    def pin(e) -> None:
        old = pinned_get(e.id)
        if old is None or (old[0] is None and e.name):
            pinned[e.id] = (e.name, e.line, e.col)

    def slot_ref(e, here: int, strict: bool):
        """An explicit `@_N` / `x@_N` (its id is not None)."""
        pin(e)
        sid = e.id
        if 1 <= sid < len(names):
            sname = names[sid]
            if e.name is not None and e.name != sname and not sname.startswith("@_"):
                if strict:
                    err((f"`{e.name}@_{sid}` refers to slot {sid}, which is named `{sname}`", e.line, e.col, "unknown-slot"))
                return e
            nm = e.name if e.name is not None else (None if sname.startswith("@_") else sname)
            return e if nm == e.name else SlotRef(nm, sid, e.line, e.col)
        walk.slot_misses.append(sid)
        return e

    def ssa_ref(e, here: int, strict: bool):
        idx = ssa_get(e.n)
        if idx is None:
            walk.ssa_misses.append(e.n)
            if strict:
                err((f"undefined SSA value %{e.n}", e.line, e.col, "undefined-ssa"))
            return e
        if strict and idx >= here:
            err((f"%{e.n} is used before its definition (statement {idx})" if idx > here else f"%{e.n} refers to its own statement",
                 e.line, e.col, "undefined-ssa"))
        return e if idx == e.n else SSA(idx, e.line, e.col)

    def name_ref(e, here: int):
        """A single-part name: its slot, or the global it stays."""
        nm = e.parts[0]
        sid = sid_of(nm)
        if sid is None:
            if nm not in unknown:
                unknown[nm] = (here, e.line, e.col)
            return e
        return SlotRef(names[sid], sid, e.line, e.col)

    def call(e, here: int, strict: bool):
        """`res` of a Call (the most common statement value), with the leaf
        operands -- literals, SSA values already numbered, names -- inline."""
        f = e.func
        if type(f) is not Name:
            f2 = res(f, here, strict)
        elif len(f.parts) == 1:  # operators are globals, a slot may be called
            f2 = f
            nm = f.parts[0]
            sid = sid_of(nm)
            if sid is not None:
                f2 = SlotRef(names[sid], sid, f.line, f.col)
            elif nm not in unknown:
                unknown[nm] = (here, f.line, f.col)
        else:
            f2 = f
        args = e.args
        new = None
        for k, a in enumerate(args):
            ta = type(a)
            if ta is Lit:
                continue
            if ta is SSA:
                n = a.n
                if ssa_get(n) == n < here:  # numbered as written, defined before
                    continue
                a2 = ssa_ref(a, here, strict)
            elif ta is Name:  # name_ref inline
                if len(a.parts) != 1:
                    continue
                nm = a.parts[0]
                sid = sid_of(nm)
                if sid is None:
                    if nm not in unknown:
                        unknown[nm] = (here, a.line, a.col)
                    continue
                a2 = new_obj(SlotRef)  # SlotRef(names[sid], sid, a.line, a.col) without the __init__ call
                a2.name = names[sid]
                a2.id = sid
                a2.line = a.line
                a2.col = a.col
            else:
                a2 = res(a, here, strict)
            if a2 is not a:
                if new is None:
                    new = list(args)
                new[k] = a2
        if new is None:
            if f2 is f:
                return e
            new = list(args)
        c = new_obj(Call)  # Call(f2, new, e.infix, e.line, e.col) without the __init__ call
        c.func = f2
        c.args = new
        c.infix = e.infix
        c.line = e.line
        c.col = e.col
        return c

    def res(e, here: int, strict: bool = True):
        """A copy of `e` resolved (shares unchanged nodes; the syntax tree is not mutated)."""
        t = type(e)
        if t is Call:
            return call(e, here, strict)
        if t is SSA:
            return ssa_ref(e, here, strict)
        if t is Name:
            return name_ref(e, here) if len(e.parts) == 1 else e
        if t is SlotRef:
            return e if e.id is None else slot_ref(e, here, strict)
        if t is Lit or t is S.BlockRef or t is S.Where:
            return e
        if t is S.Typed:
            x = res(e.expr, here, strict)
            return e if x is e.expr else S.Typed(x, e.type, e.line, e.col)
        if t is S.Curly:
            h = res(e.head, here, strict)
            return S.Curly(h, [res(a, here, strict) for a in e.params], e.line, e.col)
        if t is S.ExprNode:
            return S.ExprNode(e.head, [res(a, here, strict) for a in e.args], e.line, e.col)
        if t is S.New:
            ty = res(e.type, here, strict)
            return S.New(ty, [res(a, here, strict) for a in e.args], e.line, e.col)
        if t is S.Quote:
            return S.Quote(res(e.expr, here, strict), e.line, e.col)
        if t is S.TupleLit:
            return S.TupleLit([res(a, here, strict) for a in e.items], e.line, e.col)
        if t is S.TypedVect:
            return S.TypedVect(e.elt, [res(a, here, strict) for a in e.items], e.line, e.col)
        if t is S.Splat:
            x = e.expr
            if type(x) is Name and len(x.parts) == 1 and sid_of(x.parts[0] + "...") is not None:
                # Julia 1.12's keyword slot `kw...` read bare (`f(kw..., x)`): the slot, not a splat of `kw`
                sid = sid_of(x.parts[0] + "...")
                return SlotRef(names[sid], sid, e.line, e.col)
            return S.Splat(res(x, here, strict), e.line, e.col)
        return e

    def target_slot(target, here: int) -> int | None:
        """The slot an assignment / NewvarNode writes (None: an error was recorded)."""
        if type(target) is Name and len(target.parts) == 1:
            sid = sid_of(target.parts[0])
            if sid is None and incremental:
                sid = add_local(target, here)
        elif type(target) is SlotRef:
            sid = target.id
            if sid is not None:
                pin(target)
                if 1 <= sid < len(names):
                    sname = names[sid]
                    if target.name is not None and target.name != sname and not sname.startswith("@_"):
                        err((f"`{target.name}@_{sid}` refers to slot {sid}, which is named `{sname}`",
                             target.line, target.col, "unknown-slot"))
                    return sid
                walk.slot_misses.append(sid)
            shown = f"{target.name}@_{sid}" if target.name else f"@_{sid}"
            err((f"slot `{shown}` is neither an argument nor a local", target.line, target.col, "unknown-slot"))
            return None
        else:
            sid = None
        if sid is None:
            err(("assignment target is not a slot", getattr(target, "line", 0), getattr(target, "col", 1), "unknown-slot"))
        return sid

    def add_local(target, here: int) -> int | None:
        """`walk.new_local` for an assigned bare name, in `known` and `tags` too (see there)."""
        sid = walk.new_local(target, here)
        if sid is not None:
            nm = target.parts[0]
            if nm[0] != "_" and nm not in ATOM_WORDS:
                known[nm] = sid
                tags[nm] = sid << 2 | SLOT_TAG
                op_tags.pop(nm, None)  # (a `var"+"` assigned: `+` no longer a global operator)
        return sid

    def operand(v, ln: int, col: int, here: int):
        """A packed atom (`fastpath.pack_atom`) resolved: what `call`
        gives for the node `_atom_node` builds from it, without building it."""
        tv = type(v)
        if tv is int:  # %N
            node = new_obj(SSA)
            node.n = v
            node.line = ln
            node.col = col
            if ssa_get(v) == v < here:
                return node
            return ssa_ref(node, here, True)
        if tv is tuple:  # a plain name (a callee may be qualified)
            if len(v) == 1:
                nm = v[0]
                sid = sid_of(nm)
                if sid is not None:
                    node = new_obj(SlotRef)  # SlotRef(names[sid], sid, ln, col)
                    node.name = names[sid]
                    node.id = sid
                    node.line = ln
                    node.col = col
                    return node
                if nm not in unknown:
                    unknown[nm] = (here, ln, col)
            node = new_obj(Name)
            node.parts = v
            node.line = ln
            node.col = col
            return node
        return res(atom_node(v, ln, col, {}), here)

    # Matched lines (`fastpath.MatchedLine`): `known` resolves the text of a plain atom of `shape_re`
    # that names a slot in one look-up: a slot name -> its id (the names `pack_atom` makes a `parts`
    # tuple of: not `_…`, `nothing`, `true`, `false`; kept in step with `by_name` by `target_slot`).
    known = {nm: sid for nm, sid in walk.by_name.items() if nm[:1] != "_" and nm not in ATOM_WORDS}
    parts_of: dict[str, tuple] = {}  # a global name's text -> its shared `parts` (as the parser's `parts`)
    lits: dict[str, tuple] = {}  # a number's text -> (value, kind, text) of its `Lit`

    def matched_atom(a: str, ln: int, col: int, here: int):
        """A `shape_re` atom's text `known` does not resolve: what
        `operand` gives for `pack_atom(a)` (a `%N` not numbered before,
        a global, a number, `_x` …)."""
        c = a[0]
        if c == "%":
            return operand(int(a[1:]), ln, col, here)
        if "A" <= c <= "z" and c != "_" and a not in ATOM_WORDS:  # a global name
            if a not in unknown:
                unknown[a] = (here, ln, col)
            node = new_obj(Name)
            node.parts = parts_of.get(a) or parts_of.setdefault(a, (a,))
            node.line = ln
            node.col = col
            return node
        lit = lits.get(a)
        if lit is None:
            node = atom_node(a, ln, col, {})
            if type(node) is not Lit:
                return res(node, here)
            lits[a] = (node.value, node.kind, a)
            return node
        node = new_obj(Lit)  # Lit(value, kind, text, ln, col)
        node.value, node.kind, node.text = lit
        node.line = ln
        node.col = col
        return node

    tags = {nm: sid << 2 | SLOT_TAG for nm, sid in known.items()}
    op_tags: dict[str, int] = {}  # an infix operator's text -> its tag, while it names no slot

    def text_tag(t: str, ln: int, col: int, here: int):
        """The tag of a `shape_re` atom's text (not `%N`) that `tags` does
        not hold, entered there: what `matched_atom` resolves it to, as
        `Body.append_stmt` tags that node.  None for a text whose
        statement goes the object path (`_x`: a slot or a name by rules
        of its own)."""
        c = t[0]
        if "A" <= c <= "z":
            if c == "_":
                return None
            if "." in t:  # a qualified callee (not a read of a name: not in `unknown`)
                tag = name_tag(parts_of.get(t) or parts_of.setdefault(t, qualified(t)), ln, col)
            elif t in ATOM_WORDS:  # `nothing`, `true`, `false`
                node = atom_node(t, ln, col, {})
                if type(node) is not Lit:
                    return None
                tag = lit_tag(node)
            else:  # a global name, read here first
                if t not in unknown:
                    unknown[t] = (here, ln, col)
                tag = name_tag(parts_of.get(t) or parts_of.setdefault(t, (t,)), ln, col)
        else:  # a number
            node = atom_node(t, ln, col, {})
            if type(node) is not Lit:
                return None
            tag = lit_tag(node)
        tags[t] = tag
        return tag

    def relabel(get) -> None:
        """Labels looked up through `get` from now on (a split walk's child: `irc.ir.split.lazy_labels`)."""
        nonlocal ssa_get
        ssa_get = get

    def close() -> None:
        """`res` and `call` refer to each other through their closure cells: a reference cycle that
        holds `walk` and with it the whole body.  Clearing the cells lets reference counting free
        the IR when the caller drops it (else only the cyclic GC can: ~0.4 s per 100k statements)."""
        nonlocal res, call
        res = call = None

    return Resolvers(known, parts_of, tags, op_tags, pin, slot_ref, ssa_ref, name_ref, call, res, target_slot,
                     add_local, operand, matched_atom, text_tag, relabel, close)
