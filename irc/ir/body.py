"""A function body as columns: one entry per statement, objects only where a statement needs them.

`Function.stmts` is a `Body` when the builder made the function (tests and
hand-built functions may still give a plain list of `Stmt`; every reader
accepts both).  A `Body` is a read-only sequence of `ir.Stmt`: `body[k]`
(0-based, as in a list: statement k + 1), slices and iteration give `Stmt`
objects equal to the ones the builder used to keep, made on first access
and kept (`materialize`: the same object on every access, as a list's), so
a reader that is not hot pays about what building them cost.  The hot
readers (liveness, the transfer, flags, the printer) read the columns
instead and make no statement object.

**Columns** (index k = statement k + 1; `array` / `bytearray`, no object
per statement):

- `shape[k]`: `TREE` (the statement is the `Stmt` object `trees[k]`), or
  the value's shape: `ATOM` (`a`), `INFIX` (`a op b`: a `Call` with
  `infix` set, two arguments), `CALL1` / `CALL2` / `CALL3` (`f(a)`,
  `f(a, b)`, `f(a, b, c)`: a prefix `Call`);
- `slot[k]`: the assigned slot id, 0 for none (`Kind.ASSIGN` iff not 0;
  otherwise `Kind.VALUE`); `label[k]`: the `%N` label as written, 0 for none;
- `line[k]`, `col[k]`: the statement's `line`/`col`; `vcol[k]`: the value's
  column (the `Call`'s, or the atom's);
- `f[k]`, `fc[k]`: the callee (the operator for `INFIX`) as an operand tag
  and its column; `a0[k]`, `a1[k]`, `a2[k]` and `c0[k]`, `c1[k]`, `c2[k]`:
  the operands in order as tags (0 where absent) and their columns.

**Positions made on demand.**  A row the builder wrote from a line kept as
its regex match (`irc.syntax.matches`) leaves its positions (`col`,
`vcol`, `fc`, `c0`-`c2`) at 0: `positions` (the source's
`matches.LineIndex`) gives them from the statement's line when a reader
asks (`fill`, `position`; `materialize` fills first; `filled` fills every
row).  The hot readers (liveness, the engine's value runner, the printer)
read no position.

**Operand tags** (ints): `n << 2 | SSA` for `%n` (a 1-based statement
index), `s << 2 | SLOT` for slot s (a `SlotRef` whose `name` is the slot's
printed name), `k << 2 | LIT` for `lits[k]`, `k << 2 | NAME` for
`names[k]` (a global name).  `lits` and `names` hold one node per distinct
literal / name in the function (interned: `Body.lit_tag`, `Body.name_tag`),
with the position of its first use; a materialised statement gets copies
placed at its own columns.  A reader that keys a memo by node identity sees
one object per distinct literal or name.

**Invariants.**  A statement is held in columns only if `materialize`
gives back an equal `Stmt` (kind `VALUE`/`ASSIGN`, no annotation, no
`args`, no `target`, value an atom or a `Call` whose callee and 1-3
arguments are atoms; an atom being an `SSA`, a `SlotRef` with the slot's
own name, a `Lit` or a `Name`) -- `append_stmt` checks exactly that and
keeps anything else in `trees`.  The body is not changed after the builder
made it.
"""
from __future__ import annotations

from array import array
from collections.abc import Sequence

from irc.ir.model import Kind, Stmt
from irc.syntax.tree import SSA, Call, Lit, Name, SlotRef

# value shapes
TREE, ATOM, INFIX, CALL1, CALL2, CALL3 = 0, 1, 2, 3, 4, 5
# operand tag kinds (tag & 3)
SSA_TAG, SLOT_TAG, LIT_TAG, NAME_TAG = 0, 1, 2, 3

_new = object.__new__
_VALUE, _ASSIGN = Kind.VALUE, Kind.ASSIGN


class Body(Sequence):
    """The statements of one function as columns (see the module docstring)."""

    __slots__ = ("shape", "slot", "label", "line", "col", "vcol", "f", "fc", "a0", "a1", "a2", "c0", "c1", "c2",
                 "trees", "lits", "names", "slot_names", "positions", "_lit_index", "_name_index", "_made")

    def __init__(self, slot_names: list[str | None]):
        self.shape = bytearray()
        self.slot = array("i")
        self.label = array("i")
        self.line = array("i")
        self.col = array("i")
        self.vcol = array("i")
        self.f = array("q")
        self.fc = array("i")
        self.a0 = array("q")
        self.a1 = array("q")
        self.a2 = array("q")
        self.c0 = array("i")
        self.c1 = array("i")
        self.c2 = array("i")
        self.trees: dict[int, Stmt] = {}  # k -> the statement, for shape TREE
        self.lits: list[Lit] = []
        self.names: list[Name] = []
        # slot id -> the slot's printed name (index 0 unused); a SlotRef in columns carries it
        self.slot_names = slot_names
        self.positions = None  # where rows with `col` 0 have their positions (see "Positions made on demand")
        self._lit_index: dict = {}
        self._name_index: dict = {}
        self._made: dict[int, Stmt] = {}  # k -> the `Stmt` made for a column statement (see `materialize`)

    # ------------------------------------------------------------ filling
    def lit_tag(self, node: Lit) -> int:
        """The tag of a literal equal to `node` (position aside), interning it."""
        v = node.value
        key = (node.kind, node.text, type(v), repr(v))
        k = self._lit_index.get(key)
        if k is None:
            k = self._lit_index[key] = len(self.lits)
            self.lits.append(node)
        return k << 2 | LIT_TAG

    def name_tag(self, parts: tuple, line: int, col: int) -> int:
        """The tag of the global name `parts`, interning it (a new entry keeps `line`, `col`)."""
        k = self._name_index.get(parts)
        if k is None:
            k = self._name_index[parts] = len(self.names)
            self.names.append(Name(parts, line, col))
        return k << 2 | NAME_TAG

    def _atom_tag(self, e) -> int | None:
        t = type(e)
        if t is SSA:
            n = e.n
            return n << 2 if type(n) is int and n > 0 else None
        if t is SlotRef:
            sid = e.id
            if type(sid) is int and 0 < sid < len(self.slot_names) and e.name == self.slot_names[sid] and e.name is not None:
                return sid << 2 | SLOT_TAG
            return None
        if t is Lit:
            return self.lit_tag(e)
        if t is Name and type(e.parts) is tuple:
            return self.name_tag(e.parts, e.line, e.col)
        return None

    def append_tree(self, st: Stmt) -> None:
        """Append a statement kept as its object."""
        k = len(self.shape)
        self.trees[k] = st
        self._row(TREE, 0, 0, st.line, st.col, 0, 0, 0, 0, 0, 0, 0, 0, 0)

    def append_stmt(self, st: Stmt) -> None:
        """Append `st`: in columns if they give it back equal (see the invariants), else as a tree."""
        row = self._columns_of(st)
        if row is None:
            self.append_tree(st)
        else:
            self._row(*row)

    def _columns_of(self, st: Stmt):
        if type(st) is not Stmt:
            return None
        kind = st.kind
        if kind is _VALUE:
            sid = 0
            if st.slot is not None:
                return None
        elif kind is _ASSIGN:
            sid = st.slot
            if type(sid) is not int or sid <= 0:
                return None
        else:
            return None
        # (`args` exactly `()`: a list `[]` would materialise as `()`, equal but not as written)
        if st.annotation is not None or st.target is not None or type(st.args) is not tuple or st.args \
                or type(st.line) is not int or type(st.col) is not int:
            return None
        lab = st.label
        if lab is None:
            lab = 0
        elif type(lab) is not int or lab <= 0:
            return None
        v = st.value
        tv = type(v)
        if tv is Call:
            args = v.args
            if type(args) is not list or not 1 <= len(args) <= 3 or type(v.line) is not int or type(v.col) is not int:
                return None
            infix = v.infix
            if infix is not None:
                func = v.func
                if len(args) != 2 or type(func) is not Name or func.parts != (infix,):
                    return None
                shape = INFIX
            else:
                shape = CALL1 - 1 + len(args)
            tags = []
            for e in (v.func, *args):
                if not _plain_position(e):
                    return None
                tag = self._atom_tag(e)
                if tag is None:
                    return None
                tags.append(tag)
            ft, *ats = tags
            ats += [0] * (3 - len(ats))
            cs = [a.col for a in args] + [0] * (3 - len(args))
            if any(a.line != st.line for a in args) or v.func.line != st.line or v.line != st.line:
                return None
            return (shape, sid, lab, st.line, st.col, v.col, ft, v.func.col, ats[0], ats[1], ats[2], cs[0], cs[1], cs[2])
        if not _plain_position(v) or v.line != st.line:
            return None
        tag = self._atom_tag(v)
        if tag is None:
            return None
        return (ATOM, sid, lab, st.line, st.col, v.col, 0, 0, tag, 0, 0, v.col, 0, 0)

    def _row(self, shape, sid, lab, line, col, vcol, f, fc, a0, a1, a2, c0, c1, c2) -> None:
        self.shape.append(shape)
        self.slot.append(sid)
        self.label.append(lab)
        self.line.append(line)
        self.col.append(col)
        self.vcol.append(vcol)
        self.f.append(f)
        self.fc.append(fc)
        self.a0.append(a0)
        self.a1.append(a1)
        self.a2.append(a2)
        self.c0.append(c0)
        self.c1.append(c1)
        self.c2.append(c2)

    @classmethod
    def from_stmts(cls, stmts, slot_names: list[str | None]) -> "Body":
        """A body holding `stmts` (each in columns where they give it back equal)."""
        body = cls(slot_names)
        for st in stmts:
            body.append_stmt(st)
        return body

    # ------------------------------------------------------------ reading
    def fill(self, k: int) -> None:
        """Statement k + 1's positions, made from the source if the row left them (`col` 0)."""
        if not self.col[k] and self.positions is not None and self.shape[k] != TREE:
            self.col[k], self.vcol[k], self.fc[k], self.c0[k], self.c1[k], self.c2[k] = \
                self.positions.positions(self.line[k])

    def filled(self) -> "Body":
        """This body with every row's positions made (see "Positions made on demand")."""
        if self.positions is not None:
            for k in range(len(self.shape)):
                self.fill(k)
        return self

    def position(self, k: int) -> tuple[int, int]:
        """(line, col) of statement k + 1."""
        if self.shape[k] == TREE:
            st = self.trees[k]
            return st.line, st.col
        self.fill(k)
        return self.line[k], self.col[k]

    def atom(self, tag: int, line: int, col: int):
        """The operand node of `tag`, placed at (line, col) (a fresh node)."""
        kind = tag & 3
        if kind == SSA_TAG:
            node = _new(SSA)
            node.n = tag >> 2
        elif kind == SLOT_TAG:
            sid = tag >> 2
            node = _new(SlotRef)
            node.name = self.slot_names[sid]
            node.id = sid
        elif kind == LIT_TAG:
            lit = self.lits[tag >> 2]
            node = _new(Lit)
            node.value, node.kind, node.text = lit.value, lit.kind, lit.text
        else:
            node = _new(Name)
            node.parts = self.names[tag >> 2].parts
        node.line = line
        node.col = col
        return node

    def materialize(self, k: int) -> Stmt:
        """Statement k + 1 as a `Stmt`: made from the columns on its first
        access and kept, so every access gives the same object (readers
        compare nodes by identity: a call note's arguments, memo keys)."""
        shape = self.shape[k]
        if shape == TREE:
            return self.trees[k]
        s = self._made.get(k)
        if s is None:
            s = self._made[k] = self._make(k, shape)
        return s

    def peek(self, k: int) -> Stmt:
        """`self[k]` without keeping it: the kept `Stmt` if there is one, else
        one made afresh (for a reader that needs a few statements' objects
        only while it reads them: the printer's general path)."""
        shape = self.shape[k]
        if shape == TREE:
            return self.trees[k]
        s = self._made.get(k)
        return s if s is not None else self._make(k, shape)

    def _make(self, k: int, shape: int) -> Stmt:
        self.fill(k)
        ln = self.line[k]
        atom = self.atom
        if shape == ATOM:
            v = atom(self.a0[k], ln, self.c0[k])
        else:
            args = [atom(self.a0[k], ln, self.c0[k])]
            if shape != CALL1:
                args.append(atom(self.a1[k], ln, self.c1[k]))
                if shape == CALL3:
                    args.append(atom(self.a2[k], ln, self.c2[k]))
            func = atom(self.f[k], ln, self.fc[k])
            v = _new(Call)
            v.func = func
            v.args = args
            v.infix = func.parts[0] if shape == INFIX else None
            v.line = ln
            v.col = self.vcol[k]
        sid = self.slot[k]
        lab = self.label[k]
        s = _new(Stmt)
        s.kind = _ASSIGN if sid else _VALUE
        s.value = v
        s.slot = sid if sid else None
        s.target = None
        s.args = ()
        s.label = lab if lab else None
        s.annotation = None
        s.line = ln
        s.col = self.col[k]
        return s

    def kind(self, k: int) -> Kind:
        """`self[k].kind` without making the statement."""
        if self.shape[k] == TREE:
            return self.trees[k].kind
        return _ASSIGN if self.slot[k] else _VALUE

    def __len__(self) -> int:
        return len(self.shape)

    def __getitem__(self, k):
        if type(k) is slice:
            return [self.materialize(j) for j in range(*k.indices(len(self.shape)))]
        n = len(self.shape)
        if k < 0:
            k += n
        if not 0 <= k < n:
            raise IndexError("statement index out of range")
        return self.materialize(k)

    def __iter__(self):
        return map(self.materialize, range(len(self.shape)))

    def __eq__(self, other) -> bool:
        if isinstance(other, (Body, list, tuple)):
            return len(self) == len(other) and all(a == b for a, b in zip(self, other))
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"Body({len(self)} statements, {len(self.trees)} as trees)"


def _plain_position(e) -> bool:
    return type(e.line) is int and type(e.col) is int


def is_body(stmts) -> bool:
    """Are these statements a `Body` (so the column paths apply)?"""
    return type(stmts) is Body
