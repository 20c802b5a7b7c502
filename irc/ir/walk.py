"""The walk: a function body's lines turned into IR statements, operands resolved (spec §1.3).

`BodyWalk._resolve_body(lines, walk)` walks the body once, in order,
filling `walk` (`irc.ir.slottable._Walk`): each label numbered at its
statement, each new bare target name the next local when met (the first,
incremental walk; the second walk's tables are final), every operand
resolved against the tables so far -- a single-part name to its slot or
the global it stays (its first read recorded in `walk.unknown`), `%N` to the
statement it labels, `@_N`/`x@_N` to slot N (pinned) -- and every error
recorded in `walk.errors`, not reported.  Operand resolution is
`irc.ir.resolve` (closures over the walk's tables: `res` and `call` over
syntax nodes, `operand` over a packed atom, `matched_atom` and `text_tag`
over a match's texts); the loop below inlines their commonest cases.  The
per-statement objects (`ir.Stmt`, copied `Call`s, `SlotRef`s for names;
only where the statement is not written as columns, see "The body as
columns") are made with `object.__new__` and every field set, which skips
the dataclass `__init__` call (a third of their cost); they equal what the
constructors give.

**Packed lines.**  A body line the parser kept packed
(`irc.syntax.fastpath.PackedLine`: `[%N =] [x =] a | a op b | f(a, b[, c])`
with plain atoms, no `::T` inside the statement) is turned into its
`ir.Stmt` straight from the packed tuple: each operand is resolved as
`call`/`res` resolve the node it stands for, in the same order (callee
first), with the same records and errors, without building the syntax
node first.  Any other line, and a packed one with a `::T` inside, goes
the general way over the nodes (unpacked, not kept).  The two paths give
equal statements (tests/ir/test_packed_build_equals_general.py).

**Matched lines.**  Most packed lines come as `fastpath.MatchedLine`s:
the record of their `shape_re` match (`fastpath.match_record`: the texts
of the groups, the label's int, the columns), not yet packed.  Their
statement is made straight from the record, in one pass with the rest of
the walk: a slot name is resolved by one look-up of its text (`known`:
the slot names such a text can be, kept in step with `by_name`), a `%N`
defined before is an `SSA` without a detour, anything else goes as
`operand` resolves `pack_atom`'s value for it (`matched_atom`); a line
with a `::T` is packed (`fastpath.materialize`) and goes the packed way.
No field of the line is read (a duplicate label's error reads them, from
the record).  The three paths give equal statements (same tests).  In the
driver's parse (`parse_text(..., matches=True)`, `irc.syntax.matches`) such
a line comes as its `re.Match` itself: the walk reads the groups, the
label and the columns from the match (`m.start(k) - m.pos + 1`) exactly as
`match_record` would have put them, and its line from the source's
`LineIndex` (one more than the last match's when it starts right after
it); where a line object is needed (an error, `::T`, the `Variables` and
`CodeInfo` forms, statement markers) the match becomes the `MatchedLine`
the default parse makes (`LineIndex.line_object`).  A match's row leaves
its positions to the body (0 in `col` … `c2`; `Body.fill` reads them from
the source's `LineIndex` when a reader asks): the walk reads a column from
the match only where it records one (a name's first read, a slot's first
assignment) or makes the statement as objects.

**The body as columns** (`irc.ir.body`).  The statements go into the
function's `Body`, filled by the walk itself: a matched line's statement
is written as its row of columns straight from the record, with no
`ir.Stmt` nor node object (`tags`: one look-up gives the operand tag of a
slot name's, a global name's or a number's text, interned in the body on
its first read, with the same `unknown` record as the object way; a `%N`
numbered as written and defined before is `N << 2`); rows are collected
in a flat list and moved into the columns a slice of lines at a time (by
`struct`, one call per column).  A matched line the columns cannot hold
as the record stands (an operand `_x`, a `%N` not numbered before, the
label `%0`, a target that is no slot, an operator naming a slot) and every
other statement are made as objects as above and added by
`Body.append_stmt` (in columns if they give it back equal, else kept as
the object).  The column path takes the object way's steps in the same
order (callee, then operands; first reads, interning), so the body equals
`Body.from_stmts` of the statements the object way makes
(`_Builder(..., objects=True)`, kept for that comparison:
tests/ir/test_column_build_equals_objects.py).  The walk's body holds the
slot names it used (`_Walk.names`); `build` gives it the final ones,
equal where the walk holds.

**Split walk** (`build_program(..., split=Split(...))`, what `irc infer`
asks for when it runs its inputs in-process).  The first walk of a body of
`Split.min_lines` lines or more is shared with a forked child
(`irc.ir.split`): the child walks the later lines from the tables the
parent's lines will leave (their locals, listed before the fork; their
labels, looked up as read) and sends what its lines made; the parent walks
the earlier lines, checks what the child assumed and applies its part, or
walks the later lines itself.  Such a walk drops its lines after it, not
as it goes.  Same function as the one-process walk
(tests/ir/test_split_build.py).

Invariants: the syntax tree is not mutated (resolved expressions are fresh
nodes where anything changed); the three line paths and the split walk give
equal statements; errors are recorded in text order.
"""
from __future__ import annotations

import re
from struct import Struct

from irc import forking
from irc.ir import split as two
from irc.ir.body import ATOM, Body, CALL2, CALL3, INFIX
from irc.ir import model as ir
from irc.ir.slottable import _Walk, line_target
from irc.syntax import tree as S
from irc.ir.resolve import resolvers
from irc.ir.globalsym import global_symbol
from irc.syntax.fastpath import MatchedLine, match_record, materialize, qualified_parts as _qualified_parts, raw_stmt, \
    unpack_stmt

# the packed operands of a `PackedLine` by form (`fastpath.PackedLine`) after its operator or callee,
# in the order `call` resolves them: the value; both operands; the arguments (two, or three)
_PACKED_OPERANDS = ((4,), (4, 8), (6, 8))
_PACKED_CALL3 = (6, 8, 10)
# the same for a matched line (`fastpath.MatchedLine`): (argument index, index of its text in the record,
# i.e. `shape_re` group k + 1) of its operands: `a`; `a`, `b`; `x`, `y`; `x`, `y`, `z`
_MATCHED_VALUE, _MATCHED_INFIX = ((0, 3),), ((0, 3), (1, 5))
_MATCHED_CALL2, _MATCHED_CALL3 = ((0, 7), (1, 8)), ((0, 7), (1, 8), (2, 9))

_Match = re.Match  # a body line kept as its regex match (`irc.syntax.matches`)
_CHUNK = 1 << 15  # lines per slice of the walk (`BodyWalk._resolve_body`: rows are moved to the columns per slice)


class BodyWalk:
    """The walk of `_Builder` (see the module doc)."""

    # ------------------------------------------------------------ statements
    def _resolve_body(self, lines: list[S.BodyLine], walk: _Walk) -> None:
        """One walk over the body filling `walk` (see `_Walk`): the IR
        statements (`walk.stmts`: a `Body` written as it goes, see "The body
        as columns"; a list of `ir.Stmt` on the objects path), every operand
        resolved against `walk`'s slot table and label map; errors are
        recorded there, not reported."""
        controls, unknown = walk.controls, walk.unknown
        names = walk.names
        sid_of = walk.by_name.get
        ssa = walk.ssa
        ssa_get, ssa_setdefault = ssa.get, ssa.setdefault
        Name, SSA, SlotRef, Call, Lit = S.Name, S.SSA, S.SlotRef, S.Call, S.Lit
        outlined = self.outlined  # Julia 1.12's printing: a whole statement `:op` is the global (`irc.ir.globalsym`)
        new_obj = object.__new__  # see `call`: the hot copies set every field of the slotted dataclass

        # The column path (not `self.objects`): a matched line's row goes straight into the body
        # (`irc.ir.body`), its operands as tags.  `tags` gives the tag of an atom's text in one look-up:
        # a slot name's (as `known`, kept in step with it by `target_slot`), a global name's or a
        # number's once met here (`text_tag`: a global's first read is in `unknown` then).
        # A row is added as its 14 values to `rows` (one call, not one per column); `flush` moves them into
        # the columns every `_CHUNK` lines and before any other statement (which `append_stmt` adds).
        columns = not self.objects
        rows: list[int] = []
        others: list[int] = []  # the lines of the slice not written as rows (index in `lines`)
        row = rows.extend
        if columns:
            body = walk.stmts = Body(walk.names)  # `names` grows with the locals; final names: `build`
            body.positions = self.index  # a match's row leaves its positions to the source (`Body.fill`)
            name_tag, lit_tag = body.name_tag, body.lit_tag
            cols = (body.slot, body.label, body.line, body.col, body.vcol, body.f, body.fc, body.a0, body.a1, body.a2,
                    body.c0, body.c1, body.c2)
            append_stmt = body.append_stmt

            def flush() -> None:
                """The rows so far into the columns (each column's values packed by `struct` in one call:
                half the cost of `array.extend`, which converts item by item; a column of zeros -- the
                positions of rows from matches, left to `Body.fill` -- as zero bytes)."""
                n = len(rows) // 14
                body.shape.extend(bytes(rows[0::14]))
                for k, c in enumerate(cols, 1):
                    vals = rows[k::14]
                    if any(vals):
                        c.frombytes(Struct(f"{n}{c.typecode}").pack(*vals))
                    else:
                        c.frombytes(bytes(n * c.itemsize))
                rows.clear()

            def append(st: ir.Stmt) -> None:
                """Any other statement: in columns if they give it back equal (`Body.append_stmt`)."""
                if rows:
                    flush()
                append_stmt(st)
        else:
            walk.stmts = []
            append = walk.stmts.append
            name_tag = lit_tag = None
        R = resolvers(walk, name_tag, lit_tag)  # operand resolution (`irc.ir.resolve`)
        known, parts_of, tags, op_tags = R.known, R.parts_of, R.tags, R.op_tags
        known_get, tags_get, op_tags_get = known.get, tags.get, op_tags.get
        call, res, target_slot, add_local, operand, matched_atom, text_tag = (
            R.call, R.res, R.target_slot, R.add_local, R.operand, R.matched_atom, R.text_tag)

        K = ir.Kind
        VALUE, ASSIGN = K.VALUE, K.ASSIGN
        Stmt = ir.Stmt
        ValueStmt, Assign = S.ValueStmt, S.Assign
        headers, by_number, duplicates = walk.headers, walk.by_number, walk.duplicates
        raw = raw_stmt
        consume = self.consume
        Matched, Match = MatchedLine, _Match
        qualified = _qualified_parts
        index = self.index
        line_at = index.at if index is not None else None
        line_starts = index.starts if index is not None else None
        mln = 0  # the last match's line (the next line starts at `line_starts[mln]`)
        # A long body's first walk in two processes (`irc.ir.split`): a forked child walks the lines from
        # `h` on while this process walks those before, then adds what the child's lines made.
        n_lines = len(lines)
        h = self.split.point(n_lines) if self.split is not None and walk.incremental and columns else None
        forked = None
        if h is not None and (self.split.fork or (self.split.fork is None and forking.can_fork())):
            # (the parent's lines' locals, before the fork: read in the child, each match's page would be copied)
            assumed_locals = two.locals_before(lines, h, walk.by_name, line_target)
            forked = forking.fork()
        in_child = type(forked) is forking.Sender
        start, stop = (h, n_lines) if in_child else (0, h if forked is not None else n_lines)
        split_walk = forked is not None
        if split_walk:  # the lines are dropped after the walk, not while the child shares their pages
            consume = False
        try:
            if in_child:  # the parent's lines: their locals numbered as the parent will, their labels looked up
                for nm in assumed_locals:
                    add_local(Name((nm,), 0, 0), 0)
                walk.order.clear()
                walk.first_target.clear()
                assumed_labels: list[int] = []
                ssa_get = two.lazy_labels(ssa_get, lines, h, assumed_labels)
                R.relabel(ssa_get)
            while True:
                for lo in range(start, stop, _CHUNK):  # (a slice at a time: `rows` stays small)
                    hi = min(lo + _CHUNK, stop)
                    for i, bl in enumerate(lines[lo:hi], lo + 1):
                        tb = type(bl)
                        if tb is Match or tb is Matched:  # the IR statement straight from the line's match (record)
                            if tb is Match:  # the match itself (`irc.syntax.matches`): what `match_record` would hold
                                rh, lab, target, a, op, b, callee, x, y, z, typ = r = bl.groups()
                                p = bl.pos
                                mln = ln = mln + 1 if line_starts[mln] == p else line_at(p)
                                if typ is None:
                                    if lab is not None:
                                        lab = int(lab)
                                    # A row's positions are left to the body (0: `Body.fill` reads them from the
                                    # source when asked); a column needed here is read from the match (`bl.start`).
                                    col = c4 = c5 = c6 = c7 = c8 = c9 = c10 = 0
                            else:
                                r = raw(bl)  # `fastpath.match_record`: the groups of `shape_re`, then the columns
                                rh, lab, target, a, op, b, callee, x, y, z, typ, col, c4, c5, c6, c7, c8, c9, c10, c11 = r
                                ln = bl.line
                            if typ is None:  # (a `::T` goes the packed way, below)
                                rowed = columns  # written as a row (see below)?
                                if lab is not None:
                                    if lab == i:
                                        lab = i  # one int object for the label, its `ssa` entry and its `%N` operands
                                    elif not lab:  # `%0`: no label in columns
                                        rowed = False
                                    if ssa_setdefault(lab, i) != i:
                                        duplicates.append(bl if tb is Matched else index.line_object(bl))
                                if rh is not None:
                                    hdr = int(rh.split()[0])
                                    headers[i] = (hdr, bl if tb is Matched else index.line_object(bl))
                                    by_number.setdefault(hdr, i)
                                if target is None:
                                    sid = None
                                else:
                                    sid = sid_of(target)
                                    if sid is None:
                                        sid = target_slot(Name(parts_of.get(target) or parts_of.setdefault(target, (target,)),
                                                               ln, col or bl.start(3) - bl.pos + 1), i)
                                        if sid is None:  # (an error: no slot)
                                            rowed = False
                                # The row in columns: the callee / operator first, then the operands, as `call`
                                # resolves them (same records, same order of first reads and interning); a
                                # statement the columns cannot hold (an operand `_x`, a `%N` not numbered before,
                                # the label `%0`, a target that is no slot, an operator naming a slot) goes the
                                # object way below from where it stood (what it did so far, it does again alike).
                                if rowed:
                                    if a is None:  # f(x, y[, z])
                                        ft = tags_get(callee)
                                        if ft is None:
                                            ft = text_tag(callee, ln, c7 or bl.start(7) - bl.pos + 1, i)
                                        if ft is not None:
                                            if x[0] == "%":
                                                n = int(x[1:])
                                                t0 = n << 2 if ssa_get(n) == n < i else None
                                            else:
                                                t0 = tags_get(x)
                                                if t0 is None:
                                                    t0 = text_tag(x, ln, c8 or bl.start(8) - bl.pos + 1, i)
                                            if t0 is not None:
                                                if y[0] == "%":
                                                    n = int(y[1:])
                                                    t1 = n << 2 if ssa_get(n) == n < i else None
                                                else:
                                                    t1 = tags_get(y)
                                                    if t1 is None:
                                                        t1 = text_tag(y, ln, c9 or bl.start(9) - bl.pos + 1, i)
                                                if t1 is not None:
                                                    if z is None:
                                                        shape, t2, c2 = CALL2, 0, 0
                                                    else:
                                                        shape, c2 = CALL3, c10
                                                        if z[0] == "%":
                                                            n = int(z[1:])
                                                            t2 = n << 2 if ssa_get(n) == n < i else None
                                                        else:
                                                            t2 = tags_get(z)
                                                            if t2 is None:
                                                                t2 = text_tag(z, ln, c10 or bl.start(10) - bl.pos + 1, i)
                                                    if t2 is not None:
                                                        row((shape, sid or 0, lab or 0, ln, c7 if target is None else col, c7,
                                                             ft, c7, t0, t1, t2, c8, c9, c2))
                                                        continue  # (the line is dropped with its slice)
                                    elif op is None:  # a
                                        if a[0] == "%":
                                            n = int(a[1:])
                                            t0 = n << 2 if ssa_get(n) == n < i else None
                                        else:
                                            t0 = tags_get(a)
                                            if t0 is None:
                                                t0 = text_tag(a, ln, c4 or bl.start(4) - bl.pos + 1, i)
                                        if t0 is not None:
                                            row((ATOM, sid or 0, lab or 0, ln, c4 if target is None else col, c4,
                                                 0, 0, t0, 0, 0, c4, 0, 0))
                                            continue  # (the line is dropped with its slice)
                                    else:  # a op b: the operator first (a global name; one naming a slot: the object way)
                                        ft = op_tags_get(op)
                                        if ft is None and op not in known:
                                            fc = c5 or bl.start(5) - bl.pos + 1
                                            if op not in unknown:
                                                unknown[op] = (i, ln, fc)
                                            ft = op_tags[op] = name_tag(parts_of.get(op) or parts_of.setdefault(op, (op,)), ln,
                                                                        fc)
                                        if ft is not None:
                                            if a[0] == "%":
                                                n = int(a[1:])
                                                t0 = n << 2 if ssa_get(n) == n < i else None
                                            else:
                                                t0 = tags_get(a)
                                                if t0 is None:
                                                    t0 = text_tag(a, ln, c4 or bl.start(4) - bl.pos + 1, i)
                                            if t0 is not None:
                                                if b[0] == "%":
                                                    n = int(b[1:])
                                                    t1 = n << 2 if ssa_get(n) == n < i else None
                                                else:
                                                    t1 = tags_get(b)
                                                    if t1 is None:
                                                        t1 = text_tag(b, ln, c6 or bl.start(6) - bl.pos + 1, i)
                                                if t1 is not None:
                                                    row((INFIX, sid or 0, lab or 0, ln, c4 if target is None else col, c4,
                                                         ft, c5, t0, t1, 0, c4, c6, 0))
                                                    continue  # (the line is dropped with its slice)
                                kind = VALUE if target is None else ASSIGN
                                if tb is Match:  # its record (`match_record`): the groups, then the columns
                                    r = match_record(bl)
                                    col, c4, c5, c6, c7, c8, c9, c10 = r[11:19]
                                # the callee / operator first, then the operands, as `call` resolves them
                                if a is None:  # f(x, y[, z])
                                    vcol = c7
                                    if "." in callee:
                                        f = new_obj(Name)
                                        f.parts = parts_of.get(callee) or parts_of.setdefault(callee, qualified(callee))
                                        f.line = ln
                                        f.col = vcol
                                    else:
                                        sid_a = known_get(callee)
                                        if sid_a is not None:
                                            f = new_obj(SlotRef)
                                            f.name = names[sid_a]
                                            f.id = sid_a
                                            f.line = ln
                                            f.col = vcol
                                        else:
                                            f = matched_atom(callee, ln, vcol, i)
                                    ks = _MATCHED_CALL2 if z is None else _MATCHED_CALL3
                                else:
                                    vcol = c4
                                    if op is not None:  # a op b: the operator is a name (`(op,)`), maybe a slot
                                        fcol = c5
                                        sid_a = known_get(op)
                                        if sid_a is not None:
                                            f = new_obj(SlotRef)
                                            f.name = names[sid_a]
                                            f.id = sid_a
                                        else:
                                            if op not in unknown:
                                                unknown[op] = (i, ln, fcol)
                                            f = new_obj(Name)
                                            f.parts = parts_of.get(op) or parts_of.setdefault(op, (op,))
                                        f.line = ln
                                        f.col = fcol
                                        ks = _MATCHED_INFIX
                                    else:
                                        ks = _MATCHED_VALUE
                                args = [None] * len(ks)  # exactly its length (as `vals[:]` below)
                                for j, k in ks:
                                    t = r[k]
                                    if t[0] == "%":
                                        n = int(t[1:])
                                        if (v := ssa_get(n)) == n < i:  # `%N` numbered as written, defined before
                                            node = new_obj(SSA)
                                            node.n = v  # the statement's index: one int object (see the label)
                                            node.line = ln
                                            node.col = r[k + 9]
                                            args[j] = node
                                        else:
                                            args[j] = operand(n, ln, r[k + 9], i)
                                        continue
                                    v = known_get(t)
                                    if v is not None:  # a slot
                                        node = new_obj(SlotRef)  # SlotRef(names[v], v, ln, col)
                                        node.name = names[v]
                                        node.id = v
                                        node.line = ln
                                        node.col = r[k + 9]
                                        args[j] = node
                                    else:
                                        args[j] = matched_atom(t, ln, r[k + 9], i)
                                if ks is _MATCHED_VALUE:
                                    v = args[0]
                                else:
                                    v = new_obj(Call)  # Call(callee, args, infix, ln, col)
                                    v.func = f
                                    v.args = args
                                    v.infix = op
                                    v.line = ln
                                    v.col = vcol
                                s = new_obj(Stmt)
                                s.kind = kind
                                s.value = v
                                s.slot = sid
                                s.target = None
                                s.args = ()
                                s.label = lab
                                s.annotation = None
                                s.line = ln
                                s.col = vcol if target is None else col
                                append(s)
                                if consume:
                                    lines[i - 1] = None
                                continue
                            if tb is Match:  # its `PackedLine`, in `lines` for what reads the line again
                                bl = lines[i - 1] = materialize(index.line_object(bl))
                            else:
                                bl = materialize(bl)  # its `PackedLine`
                        if columns:
                            others.append(i - 1)
                        label = bl.label
                        if label is not None and ssa_setdefault(label, i) != i:  # numbered before the statement's operands
                            duplicates.append(bl)
                        if bl.header is not None:
                            headers[i] = (bl.header, bl)
                            by_number.setdefault(bl.header, i)
                        st = raw(bl)
                        if type(st) is tuple:  # a packed line (fastpath.PackedLine): its IR statement without syntax nodes
                            ln = bl.line
                            if st[3] is None:
                                tparts = st[1]
                                if tparts is None:
                                    kind, sid = VALUE, None
                                else:
                                    kind = ASSIGN
                                    sid = sid_of(tparts[0])
                                    if sid is None:
                                        sid = target_slot(Name(tparts, ln, st[2]), i)
                                # the operands in `call`'s order (the callee first), each as `operand` resolves it,
                                # with its commonest cases inline: `%N` defined before, plain names
                                form = st[0]
                                if form:
                                    k = 6 if form == 1 else 4  # the operator / the callee
                                    f = st[k]
                                    if type(f) is tuple:  # a name, maybe qualified: `operand`'s case inline
                                        fcol = st[k + 1]
                                        if len(f) == 1:
                                            nm = f[0]
                                            sid_a = sid_of(nm)
                                            if sid_a is not None:
                                                node = new_obj(SlotRef)
                                                node.name = names[sid_a]
                                                node.id = sid_a
                                                node.line = ln
                                                node.col = fcol
                                                f = node
                                            elif nm not in unknown:
                                                unknown[nm] = (i, ln, fcol)
                                        if type(f) is tuple:
                                            node = new_obj(Name)
                                            node.parts = f
                                            node.line = ln
                                            node.col = fcol
                                            f = node
                                    else:
                                        f = operand(f, ln, st[k + 1], i)
                                vals = []
                                for k in _PACKED_OPERANDS[form] if len(st) < 12 else _PACKED_CALL3:
                                    a = st[k]
                                    ta = type(a)
                                    if ta is int:
                                        if ssa_get(a) == a < i:
                                            node = new_obj(SSA)
                                            node.n = a
                                            node.line = ln
                                            node.col = st[k + 1]
                                            vals.append(node)
                                            continue
                                    elif ta is tuple:  # `operand`'s case inline (an operand is never qualified)
                                        nm = a[0]
                                        sid_a = sid_of(nm)
                                        if sid_a is not None:
                                            node = new_obj(SlotRef)  # SlotRef(names[sid_a], sid_a, ln, col)
                                            node.name = names[sid_a]
                                            node.id = sid_a
                                            node.line = ln
                                            node.col = st[k + 1]
                                            vals.append(node)
                                            continue
                                        if nm not in unknown:
                                            unknown[nm] = (i, ln, st[k + 1])
                                        node = new_obj(Name)
                                        node.parts = a
                                        node.line = ln
                                        node.col = st[k + 1]
                                        vals.append(node)
                                        continue
                                    vals.append(operand(a, ln, st[k + 1], i))
                                if form == 0:
                                    v = vals[0]
                                else:
                                    v = new_obj(Call)  # Call(callee, args, infix, ln, col)
                                    v.func = f
                                    v.args = vals[:]  # exactly its length (appends leave room for 4: 16 B a call at scale)
                                    v.infix = st[6][0] if form == 1 else None
                                    v.line = ln
                                    v.col = st[5]
                                s = new_obj(Stmt)
                                s.kind = kind
                                s.value = v
                                s.slot = sid
                                s.target = None
                                s.args = ()
                                s.label = label
                                s.annotation = bl.annotation
                                s.line = ln
                                s.col = bl.col
                                append(s)
                                if consume:
                                    lines[i - 1] = None
                                continue
                            st = unpack_stmt(st, ln)  # `x = v::T`, `a op b::T`: the general path, on the nodes
                        t = type(st)
                        if t is ValueStmt:
                            kind, sid = VALUE, None
                            if type(st.value) is Lit and st.value.kind == "Symbol":  # `:op`: the global `op`? (`globalsym`)
                                g = global_symbol(st.value, bl.annotation, outlined)
                                if g is not None and sid_of(g.parts[0]) is None:
                                    st = ValueStmt(g, st.line, st.col)
                        elif t is Assign:
                            target = st.target
                            if type(target) is Name and len(target.parts) > 1:
                                # `Main.x = v`: a global assignment; its value is v's (Julia's Expr(:(=), GlobalRef, v))
                                node = S.ExprNode("=", [target, res(st.value, i)], st.line, st.col)
                                append(Stmt(VALUE, node, None, None, [], label, bl.annotation, bl.line, bl.col))
                                continue
                            kind = ASSIGN
                            sid = sid_of(target.parts[0]) if type(target) is Name else None
                            if sid is None:
                                sid = target_slot(target, i)
                        else:
                            s = _other_stmt(bl, st, i, res, target_slot)
                            append(s)
                            if s.kind in ir.TERMINATORS:
                                controls.append(i)
                            continue
                        v = st.value
                        tv = type(v)
                        if tv is Call:
                            v = call(v, i, True)
                        elif tv is not SSA or not ssa_get(v.n) == v.n < i:  # `%k` numbered as written, defined before: itself
                            v = res(v, i)
                        s = new_obj(Stmt)  # Stmt(kind, v, sid, None, (), label, bl.annotation, bl.line, bl.col) without the __init__ call
                        s.kind = kind
                        s.value = v
                        s.slot = sid
                        s.target = None
                        s.args = ()  # no operands besides the value: one shared empty tuple, not a list per statement
                        s.label = label
                        s.annotation = bl.annotation
                        s.line = bl.line
                        s.col = bl.col
                        append(s)
                    if rows:
                        flush()
                    if columns and consume:  # the matched lines of the slice are dropped (not the lines `others` lists)
                        kept = [(k, lines[k]) for k in others]
                        lines[lo:hi] = [None] * (hi - lo)
                        for k, bl in kept:
                            lines[k] = bl
                        del kept
                    if not split_walk:
                        others.clear()
                if in_child:  # never returns
                    forked.send(two.child_part(walk, body, h, assumed_locals, assumed_labels, others))
                if forked is None:
                    break
                data = forked.receive()
                forked = None
                theirs = None if data is None else two.apply(
                    data, walk, body, lines, lambda nm, line, col, here: add_local(Name((nm,), line, col), here), index)
                if theirs is None:
                    start, stop = h, n_lines  # (the child failed or declined: the lines from `h` here)
                    continue
                for k in theirs:  # (the child's lines made as objects, as its walk left them: a match packed)
                    if type(lines[k]) is Match:
                        lines[k] = materialize(index.line_object(lines[k]))
                others += theirs
                break
        except BaseException:
            if in_child:
                forking.Sender.fail()
            if forked is not None:
                forked.discard()
            raise
        if split_walk and self.consume:  # as a one-process walk leaves them: only the lines made as objects
            kept = [(k, lines[k]) for k in others]
            lines[:] = [None] * n_lines
            for k, bl in kept:
                lines[k] = bl
            del kept
        # `res` and `call` refer to each other through their closure cells: a reference cycle that
        # holds `walk` and with it the whole body.  Clearing the cells lets reference counting free
        # the IR when the caller drops it (else only the cyclic GC can: ~0.4 s per 100k statements).
        R.close()  # (the `res`/`call` cycle: see `Resolvers.close`)
        del res, call, R


def _other_stmt(bl: S.BodyLine, st, i: int, res, target_slot) -> ir.Stmt:
    """Statements other than assignments and values (see `BodyWalk._resolve_body`)."""
    K = ir.Kind
    common = dict(label=bl.label, annotation=bl.annotation, line=bl.line, col=bl.col)
    t = type(st)
    if t is S.Goto:
        return ir.Stmt(K.GOTO, target=st.block, **common)
    if t is S.GotoIfNot:
        return ir.Stmt(K.GOTOIFNOT, value=res(st.cond, i), target=st.block, **common)
    if t is S.Return:
        v = res(st.value, i) if st.value is not None else None
        return ir.Stmt(K.RETURN, value=v, **common)
    if t is S.Unreachable:
        return ir.Stmt(K.UNREACHABLE, **common)
    if t is S.NewvarNode:
        return ir.Stmt(K.NEWVAR, slot=target_slot(st.target, i), **common)
    if t is S.Enter:
        return ir.Stmt(K.ENTER, target=st.block, **common)
    if t is S.Leave:
        return ir.Stmt(K.LEAVE, args=[res(a, i) for a in st.args], **common)
    if t is S.DeadStmt:
        inner = res(st.inner, i, False) if st.inner is not None else None
        return ir.Stmt(K.DEAD, value=inner, **common)
    raise AssertionError(st)  # pragma: no cover
