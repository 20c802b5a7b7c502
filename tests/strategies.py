"""Generated valid irc programs: a structural model, its lowering, its printer.

Algorithm.  A program is generated in three steps, each on plain data:

1. a small *structured* tree (sequences of simple statements, if/else,
   while loops with `break`, try/catch with an early `return` through
   `$(Expr(:leave, n))`, and an irreducible two-entry cycle) is drawn from a
   `Chooser` (a thin interface over either a hypothesis `draw` or a
   `random.Random`, so the same generator feeds property tests and the long
   fuzzer);
2. the tree is lowered to a `Model`: basic blocks of statements (as data),
   each with its terminator and the stack of try regions (catch block ids)
   it lies in; blocks are then normalised so that a block starts exactly
   where IR-SPEC §2 starts one (a fall-through into a block that is neither a
   jump target nor an `enter` is merged into its predecessor, and empty
   blocks never exist);
3. `render(model)` prints it in Julia's layout (spec §1.3 plain form, rails
   `N ─`/`N ┄`/`│`/`└──`, `%N =` labels equal to statement indices).

Invariants of every model (checked by `validate`): blocks are non-empty;
every jump/enter target is a block; an `enter` is alone in its block; the
block after a `fall` is a jump target or an enter block; every `%k` operand
names an earlier statement of the same block; only builtins, intrinsics and
prelude arithmetic are called (no unknown callee).

`oracle_safe=True` restricts branch conditions to what the undefinedness
oracle (tests/infer/test_undef_oracle.py) models exactly: the literals
`true`/`false`, opaque booleans `Base.slt_int(n, k)`, a one-time test
`aI isa Int64` / `aI === nothing` per union argument (so no refinement ever
reaches `Union{}`), each Bool argument used at most once as a condition, and
`$(Expr(:isdefined, :(x)))` (whose constant value the oracle computes).  In
that mode no statement can be `Union{}` except a read of a slot that is
unassigned on every path -- which the oracle models too.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field

# ---------------------------------------------------------------- the model

LOCALS = ("x", "y", "z", "w")
UNION_ARGS = ("a1", "a2", "a3")
BOOL_ARGS = ("c1", "c2")
INT_ARG = "n"
ARGS: tuple[tuple[str, str], ...] = (
    ("a1", "Union{Nothing, Int64}"),
    ("a2", "Union{Nothing, Int64}"),
    ("a3", "Union{Nothing, Int64}"),
    ("c1", "Bool"),
    ("c2", "Bool"),
    ("n", "Int64"),
)

# Expressions are tuples:
#   ("lit", text)               literal as printed
#   ("slot", name)              slot read (argument or local)
#   ("ssa", (block, pos))       value of an earlier statement (resolved when printed)
#   ("call", fname, [args])     prefix call
#   ("infix", op, [a, b])       infix call (`n + 1`, `x === nothing`, `x isa Int64`)
#   ("isdefined", name)         $(Expr(:isdefined, :(name)))  -- not a read


@dataclass
class St:
    """One statement. op: assign | value | newvar | goto | gotoifnot | return |
    unreachable | enter | leave.  Terminators are the last statement of a block."""

    op: str
    slot: str | None = None  # assign / newvar target
    expr: tuple | None = None  # rhs / value / return value / condition
    target: int | None = None  # block id (goto / gotoifnot / enter); a Label while lowering
    n: int = 0  # leave count


TERMINATORS = frozenset({"goto", "gotoifnot", "return", "unreachable", "enter", "leave"})


@dataclass
class Blk:
    stmts: list[St]
    handlers: tuple[int, ...] = ()  # catch block ids of the enclosing try regions, innermost last


@dataclass
class Model:
    args: tuple[tuple[str, str], ...]
    locals: tuple[str, ...]
    blocks: list[Blk]  # block i + 1
    name: str = "f"

    # ---- derived facts (pure functions of the blocks)

    def falls_through(self, b: int) -> bool:
        """Does block b (1-based) continue into b + 1 (possibly among other edges)?"""
        last = self.blocks[b - 1].stmts[-1]
        return last.op not in ("goto", "return", "unreachable")

    def succs(self, b: int) -> list[int]:
        last = self.blocks[b - 1].stmts[-1]
        out: list[int] = []
        if last.op in ("goto", "gotoifnot", "enter"):
            out.append(last.target)
        if self.falls_through(b) and b < len(self.blocks):
            out.append(b + 1)
        return sorted(set(out))

    def preds(self, b: int) -> list[int]:
        ps = [p for p in range(1, len(self.blocks) + 1) if b in self.succs(p)]
        if any(blk.stmts[-1].op == "enter" and blk.stmts[-1].target == b for blk in self.blocks):
            ps = [0] + ps
        return ps

    def stmt_index(self) -> dict[tuple[int, int], int]:
        """(block, pos) -> 1-based global statement index."""
        idx: dict[tuple[int, int], int] = {}
        k = 0
        for b, blk in enumerate(self.blocks, 1):
            for p in range(len(blk.stmts)):
                k += 1
                idx[(b, p)] = k
        return idx

    def nstmts(self) -> int:
        return sum(len(b.stmts) for b in self.blocks)


def reads(e: tuple | None) -> list[str]:
    """Slot names read by an expression (reads inside isdefined do not count)."""
    if e is None:
        return []
    tag = e[0]
    if tag == "slot":
        return [e[1]]
    if tag in ("call", "infix"):
        out: list[str] = []
        for a in e[2]:
            out.extend(reads(a))
        return out
    return []


def stmt_reads(s: St) -> list[str]:
    return reads(s.expr)


# ---------------------------------------------------------------- choosers


class Chooser:
    """Randomness source: `int(lo, hi)` inclusive, `pick(seq)`, `chance(p_percent)`."""

    def int(self, lo: int, hi: int) -> int:  # pragma: no cover - interface
        raise NotImplementedError

    def pick(self, seq):
        return seq[self.int(0, len(seq) - 1)]

    def chance(self, percent: int) -> bool:
        return self.int(0, 99) < percent


class RandomChooser(Chooser):
    def __init__(self, rng: random.Random):
        self.rng = rng

    def int(self, lo: int, hi: int) -> int:
        return self.rng.randint(lo, hi)


class DrawChooser(Chooser):
    """Over a hypothesis `draw` (shrinks towards small choices)."""

    def __init__(self, draw):
        from hypothesis import strategies as st

        self.draw = draw
        self.st = st

    def int(self, lo: int, hi: int) -> int:
        return self.draw(self.st.integers(lo, hi))


# ---------------------------------------------------------------- structured tree

# Tree nodes (tuples):
#   ("simple", [St…])                 straight-line statements (with intra-sequence %k refs)
#   ("seq", [node…])
#   ("if", cond, then, else)          cond: ("cond", [prefix St…], value-expr)
#   ("while", cond, body)
#   ("break",)                        inside a while at the same try depth
#   ("try", body, catch, style)       style: "count" (`leave 1`) or "token" (`%e = enter`,
#                                     `leave %e`, catch reads `the_exception`, ends with `pop_exception`)
#   ("ret_in_try", expr)              leave every enclosing region, then return
#   ("irr", cond1, A, B, cond2)       two-entry cycle: goto #mid if not c1; head: A; mid: B; loop
#   ("return", expr)


@dataclass
class GenCtx:
    oracle_safe: bool
    budget: int  # remaining statement budget
    used_union: set = field(default_factory=set)
    used_bool: set = field(default_factory=set)


LITERALS = ("1", "2", "0", "-3", "1.5", '"s"', "nothing", "true", ":sym", "'c'", "0x01")


def _value_for_rhs(ch: Chooser, ctx: GenCtx, prior: int) -> tuple:
    """An rhs or value expression; `prior` = number of earlier value statements in this
    simple run (`("ssa_rel", k)` refers to one of them, resolved when lowered)."""
    r = ch.int(0, 11)
    slot_read = ("slot", ch.pick(LOCALS))
    if r <= 2:
        return ("lit", ch.pick(LITERALS))
    if r == 3:
        return slot_read
    if r == 4:
        return ("slot", ch.pick(UNION_ARGS + (INT_ARG,)))
    if r == 5:
        return ("call", "Core.tuple", [slot_read, ("lit", ch.pick(LITERALS))])
    if r == 6:
        return ("call", "Base.add_int", [("slot", INT_ARG), ("lit", str(ch.int(0, 9)))])
    if r == 7:
        return ("infix", "+", [("slot", INT_ARG), ("lit", str(ch.int(1, 9)))])
    if r == 8:
        return ("infix", "===", [slot_read, ("lit", "nothing")])
    if r == 9:
        return ("infix", "isa", [slot_read, ("lit", ch.pick(("Int64", "Nothing", "Float64")))])
    if r == 10 and prior > 0:
        return ("ssa_rel", ch.int(0, prior - 1))
    return ("call", "Base.slt_int", [("slot", INT_ARG), ("lit", str(ch.int(0, 5)))])


def _simple(ch: Chooser, ctx: GenCtx) -> tuple:
    k = ch.int(1, 4)
    sts: list[St] = []
    nvalues = 0
    for _ in range(k):
        ctx.budget -= 1
        r = ch.int(0, 9)
        if r <= 3:
            sts.append(St("assign", slot=ch.pick(LOCALS), expr=_value_for_rhs(ch, ctx, nvalues)))
        elif r <= 5:
            sts.append(St("value", expr=_value_for_rhs(ch, ctx, nvalues)))
            nvalues += 1
        elif r == 6 and ch.chance(50):
            sts.append(St("newvar", slot=ch.pick(LOCALS)))
        elif r == 6:
            sts.append(St("assign", slot=ch.pick(LOCALS), expr=("lit", ch.pick(LITERALS))))
        elif r == 7:
            sts.append(St("value", expr=("isdefined", ch.pick(LOCALS))))
            nvalues += 1
        else:
            sts.append(St("value", expr=("slot", ch.pick(LOCALS))))
            nvalues += 1
    return ("simple", sts)


def _cond(ch: Chooser, ctx: GenCtx) -> tuple:
    """A branch condition: ("cond", prefix statements, condition expression)."""
    r = ch.int(0, 9)
    if r <= 1:
        return ("cond", [], ("lit", ch.pick(("true", "false"))))
    if r <= 3:
        v = St("value", expr=("call", "Base.slt_int", [("slot", INT_ARG), ("lit", str(ch.int(0, 5)))]))
        return ("cond", [v], ("ssa_rel", 0))
    if r == 4:
        return ("cond", [St("value", expr=("isdefined", ch.pick(LOCALS)))], ("ssa_rel", 0))
    if r <= 6:
        free = [a for a in UNION_ARGS if a not in ctx.used_union] if ctx.oracle_safe else list(UNION_ARGS)
        if free:
            a = ch.pick(free)
            ctx.used_union.add(a)
            if ch.chance(50):
                test = ("infix", "isa", [("slot", a), ("lit", "Int64")])
            else:
                test = ("infix", "===", [("slot", a), ("lit", "nothing")])
            pre = [St("value", expr=test)]
            if ch.chance(30):
                pre.append(St("value", expr=("call", "Base.not_int", [("ssa_rel", 0)])))
                return ("cond", pre, ("ssa_rel", 1))
            return ("cond", pre, ("ssa_rel", 0))
    if r <= 8:
        free = [c for c in BOOL_ARGS if c not in ctx.used_bool] if ctx.oracle_safe else list(BOOL_ARGS)
        if free:
            c = ch.pick(free)
            ctx.used_bool.add(c)
            return ("cond", [], ("slot", c))
    if not ctx.oracle_safe:
        # refinements on locals, conditionals stored in slots, isdefined of slots
        r2 = ch.int(0, 3)
        x = ch.pick(LOCALS)
        if r2 == 3:
            test = ("infix", "isa", [("slot", ch.pick(UNION_ARGS)), ("lit", "Int64")])
            return ("cond", [St("assign", slot=x, expr=test)], ("slot", x))
        if r2 == 0:
            return ("cond", [St("value", expr=("infix", "isa", [("slot", x), ("lit", "Int64")]))], ("ssa_rel", 0))
        if r2 == 1:
            return ("cond", [St("value", expr=("infix", "===", [("slot", x), ("lit", "nothing")]))], ("ssa_rel", 0))
        return ("cond", [], ("slot", x))
    v = St("value", expr=("call", "Base.slt_int", [("slot", INT_ARG), ("lit", str(ch.int(0, 5)))]))
    return ("cond", [v], ("ssa_rel", 0))


def _ret_expr(ch: Chooser) -> tuple:
    r = ch.int(0, 3)
    if r == 0:
        return ("lit", ch.pick(("1", "nothing", "2.5")))
    if r == 1:
        return ("slot", INT_ARG)
    return ("slot", ch.pick(LOCALS))


def _node(ch: Chooser, ctx: GenCtx, depth: int, in_loop: int | None, try_depth: int) -> tuple:
    """in_loop: try depth at which the innermost loop sits (None outside loops)."""
    if depth <= 0 or ctx.budget <= 0:
        return _simple(ch, ctx)
    r = ch.int(0, 13)
    if r <= 2:
        return _simple(ch, ctx)
    if r <= 4:
        return ("if", _cond(ch, ctx), _seq(ch, ctx, depth - 1, in_loop, try_depth),
                _seq(ch, ctx, depth - 1, in_loop, try_depth) if ch.chance(60) else ("seq", []))
    if r <= 6:
        return ("while", _cond(ch, ctx), _seq(ch, ctx, depth - 1, try_depth, try_depth))
    if r == 7 and in_loop is not None and in_loop == try_depth:
        return ("break",)
    if r <= 9:
        return ("try", _seq(ch, ctx, depth - 1, in_loop, try_depth + 1), _seq(ch, ctx, depth - 1, in_loop, try_depth),
                "token" if ch.chance(40) else "count")
    if r == 10 and try_depth > 0:
        return ("ret_in_try", _ret_expr(ch))
    if r == 11:
        return ("irr", _cond(ch, ctx), _seq(ch, ctx, depth - 1, None, try_depth),
                _seq(ch, ctx, depth - 1, None, try_depth), _cond(ch, ctx))
    if r == 12:
        return ("return", _ret_expr(ch))
    return _simple(ch, ctx)


def _seq(ch: Chooser, ctx: GenCtx, depth: int, in_loop, try_depth: int) -> tuple:
    k = ch.int(1, 3)
    return ("seq", [_node(ch, ctx, depth, in_loop, try_depth) for _ in range(k)])


def gen_tree(ch: Chooser, oracle_safe: bool = True, depth: int = 3, budget: int = 30) -> tuple:
    ctx = GenCtx(oracle_safe=oracle_safe, budget=budget)
    # Assign some locals up front (each with probability 4/5) so that reads are
    # mostly of maybe-defined slots rather than throwing reads of never-assigned ones.
    pre = [St("assign", slot=x, expr=("lit", ch.pick(LITERALS))) for x in LOCALS if ch.chance(80)]
    body = _seq(ch, ctx, depth, None, 0)
    return ("seq", [("simple", pre), body, ("return", _ret_expr(ch))] if pre else [body, ("return", _ret_expr(ch))])


# ---------------------------------------------------------------- lowering


class Label:
    __slots__ = ("block",)

    def __init__(self):
        self.block: int | None = None


class _Lower:
    """Builds blocks in text order.  Blocks are drafts: stmts plus handler stack."""

    def __init__(self):
        self.blocks: list[Blk] = [Blk([], ())]
        self.open = True  # current (last) block may receive statements
        self.handlers: list[Label] = []  # catch labels of enclosing try regions
        self.enters: list[tuple[int, int] | None] = []  # position of each region's labelled enter

    # -- block management
    def _cur(self) -> Blk:
        if not self.open:
            self.blocks.append(Blk([], tuple(self.handlers)))
            self.open = True
        return self.blocks[-1]

    def emit(self, s: St) -> tuple[int, int]:
        blk = self._cur()
        blk.stmts.append(s)
        return (len(self.blocks), len(blk.stmts) - 1)

    def term(self, s: St) -> tuple[int, int]:
        pos = self.emit(s)
        self.open = False
        return pos

    def place(self, label: Label, handlers: list[Label] | None = None) -> None:
        hs = tuple(handlers if handlers is not None else self.handlers)
        if self.open and not self.blocks[-1].stmts:
            blk = self.blocks[-1]
            blk.handlers = hs
        else:
            self.blocks.append(Blk([], hs))
            self.open = True
        label.block = len(self.blocks)

    # -- statements
    def simple(self, sts: list[St]) -> list[tuple[int, int]]:
        """Emit statements, resolving ("ssa_rel", k) to the k-th value statement of this run."""
        values: list[tuple[int, int]] = []
        for s in sts:
            s2 = St(s.op, s.slot, _resolve(s.expr, values), s.target, s.n)
            pos = self.emit(s2)
            if s.op == "value":
                values.append(pos)
        return values

    def cond(self, c: tuple) -> tuple:
        _, pre, e = c
        values = self.simple(pre)
        return _resolve(e, values)

    def node(self, t: tuple, loop_exit: Label | None) -> None:
        tag = t[0]
        if tag == "simple":
            self.simple(t[1])
        elif tag == "seq":
            for c in t[1]:
                self.node(c, loop_exit)
        elif tag == "return":
            self.term(St("return", expr=t[1]))
        elif tag == "break":
            assert loop_exit is not None
            self.term(St("goto", target=loop_exit))
        elif tag == "if":
            l_else, l_join = Label(), Label()
            e = self.cond(t[1])
            self.term(St("gotoifnot", expr=e, target=l_else))
            self.node(t[2], loop_exit)
            self.term(St("goto", target=l_join))
            self.place(l_else)
            self.node(t[3], loop_exit)
            self.place(l_join)
        elif tag == "while":
            l_head, l_exit = Label(), Label()
            self.place(l_head)
            e = self.cond(t[1])
            self.term(St("gotoifnot", expr=e, target=l_exit))
            self.node(t[2], l_exit)
            self.term(St("goto", target=l_head))
            self.place(l_exit)
        elif tag == "try":
            l_catch, l_join = Label(), Label()
            outer = list(self.handlers)
            if self.open and self.blocks[-1].stmts:
                self.open = False  # the enter starts its own block (falls through into it)
            token = len(t) > 3 and t[3] == "token"
            epos = self.term(St("enter", target=l_catch, n=int(token)))
            self.handlers.append(l_catch)
            self.enters.append(epos if token else None)
            self.node(t[1], None)
            if token:
                self.term(St("leave", expr=("tokens", [("enterref", epos)])))
            else:
                self.term(St("leave", n=1))
            self.handlers.pop()
            self.enters.pop()
            self.term(St("goto", target=l_join))
            self.place(l_catch, outer)
            if token:
                exc = self.emit(St("value", expr=("expr", "the_exception", [])))
                self.emit(St("assign", slot="w", expr=("ssa", exc)))
            self.node(t[2], loop_exit)
            if token and self.open:
                self.emit(St("value", expr=("expr", "pop_exception", [("enterref", epos)])))
            self.place(l_join)
        elif tag == "ret_in_try":
            if self.enters and all(self.enters):
                self.term(St("leave", expr=("tokens", [("enterref", e) for e in self.enters])))
            else:
                self.term(St("leave", n=len(self.handlers)))
            saved = self.handlers
            self.handlers = []
            self.term(St("return", expr=t[1]))
            self.handlers = saved
        elif tag == "irr":
            l_head, l_mid, l_exit = Label(), Label(), Label()
            e = self.cond(t[1])
            self.term(St("gotoifnot", expr=e, target=l_mid))
            self.place(l_head)
            self.node(t[2], None)
            self.place(l_mid)
            self.node(t[3], None)
            e2 = self.cond(t[4])
            self.term(St("gotoifnot", expr=e2, target=l_exit))
            self.term(St("goto", target=l_head))
            self.place(l_exit)
        else:  # pragma: no cover
            raise ValueError(tag)


def _resolve(e, values):
    if e is None:
        return None
    if e[0] == "ssa_rel":
        return ("ssa", values[e[1]]) if e[1] < len(values) else ("lit", "1")
    if e[0] in ("call", "infix", "expr"):
        return (e[0], e[1], [_resolve(a, values) for a in e[2]])
    return e


def lower(tree: tuple, name: str = "f") -> Model:
    lw = _Lower()
    lw.node(tree, None)
    if lw.open:
        lw.term(St("return", expr=("lit", "nothing")))
    return _normalise(lw.blocks, name)


def _target_id(t) -> int:
    return t.block if isinstance(t, Label) else t


def _normalise(drafts: list[Blk], name: str) -> Model:
    """Resolve labels to block ids; merge blocks §2 would not start; renumber."""
    # Label -> draft index (0-based) and back-references to ids
    for d in drafts:
        for s in d.stmts:
            if s.target is not None:
                s.target = _target_id(s.target) - 1  # 0-based draft index
            if s.expr is not None:
                s.expr = _ssa_to_index(s.expr)
    # SSA refs are (draft, pos) with draft 1-based: convert to 0-based draft refs
    assert all(d.stmts for d in drafts), "empty block draft"
    targets = {s.target for d in drafts for s in d.stmts if s.target is not None}
    merged: list[list[int]] = []  # groups of draft indices
    for i, d in enumerate(drafts):
        starts = (
            i == 0
            or i in targets
            or d.stmts[0].op == "enter"
            or drafts[i - 1].stmts[-1].op in TERMINATORS
        )
        if starts:
            merged.append([i])
        else:
            merged[-1].append(i)
    new_id: dict[int, int] = {}
    pos_shift: dict[int, int] = {}
    blocks: list[Blk] = []
    for g, group in enumerate(merged, 1):
        stmts: list[St] = []
        for i in group:
            new_id[i] = g
            pos_shift[i] = len(stmts)
            stmts.extend(drafts[i].stmts)
        blocks.append(Blk(stmts, ()))
    for g, group in enumerate(merged, 1):
        blocks[g - 1].handlers = tuple(new_id[_target_id(h) - 1] for h in drafts[group[0]].handlers)
        for s in blocks[g - 1].stmts:
            if s.target is not None:
                s.target = new_id[s.target]
            if s.expr is not None:
                s.expr = _remap_ssa(s.expr, new_id, pos_shift)
    m = Model(ARGS, LOCALS, blocks, name)
    validate(m)
    return m


def _ssa_to_index(e):
    if e[0] in ("ssa", "enterref"):
        b, p = e[1]
        return (e[0] + "0", (b - 1, p))
    if e[0] in ("call", "infix", "expr"):
        return (e[0], e[1], [_ssa_to_index(a) for a in e[2]])
    if e[0] == "tokens":
        return ("tokens", [_ssa_to_index(a) for a in e[1]])
    return e


def _remap_ssa(e, new_id, pos_shift):
    if e[0] in ("ssa0", "enterref0"):
        d, p = e[1]
        return (e[0][:-1], (new_id[d], pos_shift[d] + p))
    if e[0] in ("call", "infix", "expr"):
        return (e[0], e[1], [_remap_ssa(a, new_id, pos_shift) for a in e[2]])
    if e[0] == "tokens":
        return ("tokens", [_remap_ssa(a, new_id, pos_shift) for a in e[1]])
    return e


def validate(m: Model) -> None:
    nb = len(m.blocks)
    targets = set()
    for b, blk in enumerate(m.blocks, 1):
        assert blk.stmts, f"block {b} empty"
        for p, s in enumerate(blk.stmts):
            if s.op in TERMINATORS:
                assert p == len(blk.stmts) - 1, f"terminator inside block {b}"
            if s.target is not None:
                assert 1 <= s.target <= nb, f"bad target {s.target}"
                targets.add(s.target)
            for ref in _ssas(s.expr):
                assert ref[0] == b and ref[1] < p, f"ssa {ref} not earlier in block {b}"
        if blk.stmts[0].op == "enter":
            assert len(blk.stmts) == 1
    for b in range(2, nb + 1):
        prev = m.blocks[b - 2].stmts[-1]
        if prev.op not in TERMINATORS:
            assert b in targets or m.blocks[b - 1].stmts[0].op == "enter", f"block {b} starts nowhere"
    assert m.blocks[-1].stmts[-1].op in ("goto", "return", "unreachable"), "last block falls off"


def _ssas(e) -> list[tuple[int, int]]:
    if e is None:
        return []
    if e[0] == "ssa":
        return [e[1]]
    if e[0] in ("call", "infix", "expr"):
        out = []
        for a in e[2]:
            out.extend(_ssas(a))
        return out
    return []  # ("enterref", …) may name an enter in another block


# ---------------------------------------------------------------- printing


def expr_text(e: tuple, idx: dict[tuple[int, int], int]) -> str:
    tag = e[0]
    if tag == "lit":
        return e[1]
    if tag == "slot":
        return e[1]
    if tag == "ssa":
        return f"%{idx[e[1]]}"
    if tag == "call":
        return f"{e[1]}({', '.join(expr_text(a, idx) for a in e[2])})"
    if tag == "infix":
        a, b = e[2]
        return f"{expr_text(a, idx)} {e[1]} {expr_text(b, idx)}"
    if tag == "isdefined":
        return f"$(Expr(:isdefined, :({e[1]})))"
    if tag == "enterref":
        return f"%{idx[e[1]]}"
    if tag == "expr":
        return f"$(Expr(:{', '.join([e[1]] + [expr_text(a, idx) for a in e[2]])}))"
    raise ValueError(tag)


def stmt_text(s: St, idx) -> str:
    op = s.op
    if op == "assign":
        return f"{s.slot} = {expr_text(s.expr, idx)}"
    if op == "value":
        return expr_text(s.expr, idx)
    if op == "newvar":
        return f"Core.NewvarNode(:({s.slot}))"
    if op == "goto":
        return f"goto #{s.target}"
    if op == "gotoifnot":
        return f"goto #{s.target} if not {expr_text(s.expr, idx)}"
    if op == "return":
        return "return" if s.expr is None else f"return {expr_text(s.expr, idx)}"
    if op == "unreachable":
        return "unreachable"
    if op == "enter":
        return f"$(Expr(:enter, #{s.target}))"
    if op == "leave":
        if s.expr is not None:  # ("tokens", [enterref…])
            return f"$(Expr(:leave, {', '.join(expr_text(a, idx) for a in s.expr[1])}))"
        return f"$(Expr(:leave, {s.n}))"
    raise ValueError(op)


def render(m: Model, ascii_rails: bool = False) -> str:
    """The model in Julia's plain-form layout; also returns line numbers via `render_lines`."""
    return "\n".join(render_lines(m, ascii_rails)[0]) + "\n"


def render_lines(m: Model, ascii_rails: bool = False) -> tuple[list[str], dict[tuple[int, int], int]]:
    """Lines of the printed function and (block, pos) -> 1-based line number."""
    idx = m.stmt_index()
    nst = m.nstmts()
    lw = len(str(nst))
    nb = len(m.blocks)
    bw = len(str(nb))
    head = ", ".join(f"{a}::{t}" for a, t in m.args)
    lines = [f"function {m.name}({head})"]
    where: dict[tuple[int, int], int] = {}
    dash, dots, bar, end = ("-", "~", "|", "`--") if ascii_rails else ("─", "┄", "│", "└──")
    npreds = [0] * (nb + 2)
    for b in range(1, nb + 1):
        for t in m.succs(b):
            npreds[t] += 1
        last = m.blocks[b - 1].stmts[-1]
        if last.op == "enter":
            npreds[last.target] += 1  # the virtual predecessor 0 of a catch block
    for b, blk in enumerate(m.blocks, 1):
        kind = dots if npreds[b] > 1 else dash  # Julia: more than one predecessor -> ┄
        pad = bw - len(str(b))
        for p, s in enumerate(blk.stmts):
            if p == 0:
                rail = f"{b} {kind}" + ("-" if ascii_rails else "─") * pad
            elif p == len(blk.stmts) - 1:
                rail = end + ("-" if ascii_rails else "─") * (bw - 1)
            else:
                rail = bar + " " * (bw + 1)
            i = idx[(b, p)]
            if s.op == "value" or (s.op == "enter" and s.n):
                lab = f"%{i}".ljust(lw + 1) + " = "
            else:
                lab = " " * (lw + 4)
            lines.append(f"{rail} {lab}{stmt_text(s, idx)}".rstrip())
            where[(b, p)] = len(lines)
    lines.append("end")
    return lines, where


# ---------------------------------------------------------------- entry points


def gen_model(ch: Chooser, oracle_safe: bool = True, depth: int = 3, budget: int = 30, name: str = "f") -> Model:
    return lower(gen_tree(ch, oracle_safe, depth, budget), name)


def random_model(seed: int, oracle_safe: bool = False, depth: int = 3, budget: int = 30) -> Model:
    return gen_model(RandomChooser(random.Random(seed)), oracle_safe, depth, budget)


def models(oracle_safe: bool = True, depth: int = 3, budget: int = 30):
    """Hypothesis strategy of `Model`s."""
    from hypothesis import strategies as st

    @st.composite
    def _m(draw):
        return gen_model(DrawChooser(draw), oracle_safe, depth, budget)

    return _m()


def programs(oracle_safe: bool = False, depth: int = 3, budget: int = 30):
    """Hypothesis strategy of printed program texts."""
    return models(oracle_safe, depth, budget).map(render)


if __name__ == "__main__":  # print a few samples: python tests/strategies.py [seed]
    import sys

    seed = int(sys.argv[1]) if len(sys.argv) > 1 else 0
    print(render(random_model(seed)))


# ---------------------------------------------------------------- pipeline harness
#
# The pipeline run piece by piece (not via irc.driver.analyse, which turns any
# exception into an "internal error" diagnostic and so would hide crashes):
# an `IrcError` is a user error and must be located; anything else is a bug.


def run_pipeline(text: str, path: str = "gen.ir", store: str = "block", prelude: bool = True):
    """parse -> build/cfg -> world -> infer.  Returns (program, results); raises IrcError."""
    from irc.cli import driver
    with driver.deep_recursion():
        source = driver.parse(path, text)
        program = driver.build(source)
        world = driver.make_world(program, driver.Options(store=store, prelude=prelude))
        results = driver.infer_program(program, world, store)
    return program, results


def infer_text(text: str, path: str = "gen.ir", store: str = "block", prelude: bool = True) -> str:
    """What `irc infer` prints for `text` (text format, no colour)."""
    from irc.output.text import render_program

    from irc.cli.driver import deep_recursion

    program, results = run_pipeline(text, path, store, prelude)
    with deep_recursion():
        return render_program(program, results, colour=False)


LOCATED = r"^(?P<path>[^\n:]+):(?P<line>\d+):(?P<col>\d+): error: \S"


def check_located(err, path: str) -> str | None:
    """None if every diagnostic of IrcError `err` is a located error; else what is wrong."""
    import re

    from irc.errors import render

    if not err.diagnostics:
        return "IrcError without diagnostics"
    for d in err.diagnostics:
        if d.severity != "error":
            return f"non-error diagnostic in IrcError: {d}"
        if d.span is None or d.span.line < 1 or d.span.col < 1:
            return f"unlocated diagnostic: {d}"
        if d.code == "internal" or d.message.startswith("internal error"):
            return f"internal error: {d.message}"
        text = render(d, err.source)
        if not re.match(LOCATED, text) or not text.startswith(f"{path}:"):
            return f"bad rendering: {text[:200]!r}"
        if "__ANON" in d.message or "Traceback" in d.message:
            return f"leaky message: {d.message[:200]!r}"
    return None


class Timeout(Exception):
    pass


def with_time_limit(seconds: float, fn, *args, **kw):
    """Run fn(*args) in this (main) thread with a limit of `seconds` of CPU time (user + system,
    SIGPROF); raises Timeout.  CPU time, not wall time: a loop that never ends spends CPU, and a
    case is not called a hang because other processes (pytest -n's other worker, other jobs on
    the machine) share the cores -- under load 8 a 5 s case once took 20 s of wall time."""
    import signal

    def _alarm(signum, frame):
        raise Timeout(f"no result after {seconds}s of CPU time")

    old = signal.signal(signal.SIGPROF, _alarm)
    signal.setitimer(signal.ITIMER_PROF, seconds)
    try:
        return fn(*args, **kw)
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)
        signal.signal(signal.SIGPROF, old)


def classify(text: str, path: str = "fuzz.ir", seconds: float = 10.0, printing: bool = True) -> tuple[str, str]:
    """Run the in-process pipeline (and the printer) on `text`.

    Returns ("ok" | "error" | "bug", detail): "error" is a properly located user
    error; "bug" is a traceback, an unlocated/internal error or a time-out."""
    import traceback

    from irc.errors import IrcError

    def go():
        program, results = run_pipeline(text, path)
        if printing:
            from irc.output.text import render_program

            render_program(program, results, colour=False)

    try:
        with_time_limit(seconds, go)
        return "ok", ""
    except IrcError as e:
        bad = check_located(e, path)
        return ("bug", bad) if bad else ("error", e.diagnostics[0].message)
    except Timeout as e:
        return "bug", f"timeout: {e}"
    except RecursionError:
        return "bug", "RecursionError"
    except Exception as e:  # noqa: BLE001
        tb = traceback.format_exc(limit=-3)
        return "bug", f"{type(e).__name__}: {e}\n{tb}"


# ---------------------------------------------------------------- mutations

import re as _re

_TOKEN = _re.compile(r"\s+|[A-Za-z_0-9@#!]+|%\d+|.", _re.S)
_NASTY = ["\x00", "\u200b", "\ufeff", "é", "∀", "𝔽", "\u202e", "─", "┄", "│", "└", "\t", "\r", "\\", '"', "'",
          "(", ")", "{", "}", "[", "]", "#", "%", "$", ":", "::", "=", "@", "#0", "%0", "%99999", "#99999",
          "9" * 40, "-", "end", "function", "goto", "Expr(", "Union{", "Core.Const(", "where", "\n"]


def mutate(text: str, rnd: random.Random) -> tuple[str, str]:
    """One random mutation of `text`: (new text, description)."""
    op = rnd.randrange(12)
    if not text:
        return rnd.choice(_NASTY), "insert into empty"
    if op <= 2:
        toks = _TOKEN.findall(text)
        i = rnd.randrange(len(toks))
        if op == 0:
            desc = f"delete token {toks[i]!r}"
            del toks[i]
        elif op == 1:
            desc = f"duplicate token {toks[i]!r}"
            toks.insert(i, toks[i])
        else:
            j = rnd.randrange(len(toks))
            desc = f"swap tokens {toks[i]!r} {toks[j]!r}"
            toks[i], toks[j] = toks[j], toks[i]
        return "".join(toks), desc
    if op <= 5:
        lines = text.split("\n")
        i = rnd.randrange(len(lines))
        if op == 3:
            desc = f"delete line {i + 1}"
            del lines[i]
        elif op == 4:
            desc = f"duplicate line {i + 1}"
            lines.insert(i, lines[i])
        else:
            j = rnd.randrange(len(lines))
            desc = f"swap lines {i + 1} {j + 1}"
            lines[i], lines[j] = lines[j], lines[i]
        return "\n".join(lines), desc
    if op == 6:
        data = bytearray(text.encode("utf-8"))
        i = rnd.randrange(len(data))
        data[i] ^= 1 << rnd.randrange(8)
        return data.decode("utf-8", errors="replace"), f"flip a bit of byte {i}"
    if op == 7:
        i = rnd.randrange(len(text) + 1)
        return text[:i], f"truncate at {i}"
    if op <= 9:
        i = rnd.randrange(len(text) + 1)
        s = rnd.choice(_NASTY)
        return text[:i] + s + text[i:], f"insert {s!r} at {i}"
    if op == 10:  # replace a number
        nums = list(_re.finditer(r"\d+", text))
        if nums:
            mt = rnd.choice(nums)
            v = rnd.choice(["0", "1", str(int(mt.group()) + 1), str(int(mt.group()) - 1), "99999", "-1"])
            return text[: mt.start()] + v + text[mt.end():], f"number {mt.group()} -> {v}"
    i, j = sorted(rnd.randrange(len(text) + 1) for _ in range(2))
    return text[:i] + text[j:], f"delete chars {i}:{j}"


def mutants(text: str, rnd: random.Random, k: int = 1) -> tuple[str, list[str]]:
    descs = []
    for _ in range(k):
        text, d = mutate(text, rnd)
        descs.append(d)
    return text, descs
