"""Hand-built IR for tests of the inference stage, independent of the parser and the real world.

`mkfn` builds an `ir.Function` from explicit blocks of statements (`A` assign,
`V` value, `GOTO`, `GIN` goto-if-not, `RET`, `NEWVAR`, `ENTER`, `LEAVE`,
`EXPR` for other heads); `FakeWorld` types a handful of callees (`isa`,
`===`, `not_int`, `rand`, `add`, `pos`, `thrower`, `tofloat`, and anything
else as an unknown callee) the way the real world does; `infer_all` infers
in every store and checks that they agree.
"""
from __future__ import annotations

from typing import NamedTuple


from irc.ir import model as ir
from irc.lattice import typelattice as L
from irc.syntax import tree as S
from irc.lattice import typetable as TT
from irc.lattice import subtype as ST
from irc.infer.analysis import infer_function
from irc.infer.stores import STORES
from irc.lattice.subtype import issubtype, typeintersect, typesubtract
from irc.lattice.types import FunctionValue
from irc.world.notes import Note

K = ir.Kind
INT, F64, BOOL, NOTHING = TT.INT64, TT.FLOAT64, TT.BOOL, TT.NOTHING


# ---------------------------------------------------------------- IR helpers

def sl(i: int) -> S.SlotRef:
    return S.SlotRef(None, i)


def ssa(n: int) -> S.SSA:
    return S.SSA(n)


def lit(v) -> S.Lit:
    kind = {bool: "Bool", int: "Int64", float: "Float64", type(None): "Nothing"}[type(v)]
    return S.Lit(v, kind, repr(v))


def call(f: str, *args) -> S.Call:
    return S.Call(S.Name(("Main", f)), list(args))


def tname(n: str) -> S.Name:
    return S.Name((n,))


def A(slot, e):
    return ir.Stmt(K.ASSIGN, value=e, slot=slot)


def V(e):
    return ir.Stmt(K.VALUE, value=e)


def GOTO(b):
    return ir.Stmt(K.GOTO, target=b)


def GIN(c, b):
    return ir.Stmt(K.GOTOIFNOT, value=c, target=b)


def RET(e=None):
    return ir.Stmt(K.RETURN, value=e)


def NEWVAR(s):
    return ir.Stmt(K.NEWVAR, slot=s)


def ENTER(b):
    return ir.Stmt(K.ENTER, target=b)


def LEAVE(n=1):
    return ir.Stmt(K.LEAVE, args=[lit(n)])


def EXPR(head, *args):
    return S.ExprNode(head, list(args))


def mkfn(args: list[tuple[str, str]], locals_: list[str], blocks: list[list[ir.Stmt]], sparams=()) -> ir.Function:
    """Slots: #self#, args (name, type name), locals; blocks given explicitly."""
    slots = [ir.Slot(1, "#self#", True)]
    for name, t in args:
        slots.append(ir.Slot(len(slots) + 1, name, True, declared=tname(t)))
    for name in locals_:
        slots.append(ir.Slot(len(slots) + 1, name, False))
    stmts, blks, stmt_block = [], [], [0]
    line = 1
    for bi, body in enumerate(blocks, start=1):
        first = len(stmts) + 1
        for st in body:
            line += 1
            st.line, st.col = line, 5
            stmts.append(st)
            stmt_block.append(bi)
        blks.append(ir.Block(bi, first, len(stmts)))
    nb = len(blks)
    for b in blks:
        last = stmts[b.last - 1]
        if last.kind is K.GOTO:
            b.succs = [last.target]
        elif last.kind is K.GOTOIFNOT:
            b.succs = [b.id + 1] if last.target == b.id + 1 else [b.id + 1, last.target]
        elif last.kind in (K.RETURN, K.UNREACHABLE):
            b.succs = []
        elif last.kind is K.ENTER:
            b.succs = [b.id + 1, last.target]
        else:
            b.succs = [b.id + 1] if b.id < nb else []
    for b in blks:
        for s in b.succs:
            blks[s - 1].preds.append(b.id)
    for st in stmts:
        if st.kind is K.ENTER:
            blks[st.target - 1].preds.insert(0, 0)
    return ir.Function("f", ("Main",), slots, stmts, blks, stmt_block,
                       static_params=[S.TypeVarDecl(n, value=v) for n, v in sparams])


# ---------------------------------------------------------------- fake world

class CallResult(NamedTuple):
    rt: object
    cond: tuple | None
    diagnostics: tuple  # irc.world.notes.Note
    dynamic: bool = False
    info: object = None
    gap: bool = False
    generic: bool = False
    cond_alts: tuple = ()


TYPES = {"Int64": INT, "Float64": F64, "Bool": BOOL, "Nothing": NOTHING, "Any": L.ANY,
         "IntOrNothing": ST.union(INT, NOTHING), "IntOrFloat": ST.union(INT, F64)}


class FakeWorld:
    def eval_type(self, e, sparams=None, module=("Main",)):
        return TYPES[e.parts[-1]]

    def value_of(self, e, module, diags=None):
        if type(e) is S.Lit:
            return L.Const(e.value)
        name = e.parts[-1]
        if name in TYPES:
            return L.Const(TYPES[name])
        return L.Const(FunctionValue(tuple(e.parts[:-1]) or ("Main",), name))

    def call(self, f, args, module, callee=None):
        name = f.val.name if type(f) is L.Const and isinstance(f.val, FunctionValue) else "?"
        w = [L.widenconst(a) for a in args]
        if name == "isa":
            T = args[1].val
            if issubtype(w[0], T):
                return CallResult(L.TRUE, None, ())
            if typeintersect(w[0], T) == L.BOTTOM:
                return CallResult(L.FALSE, None, ())
            return CallResult(BOOL, (0, typeintersect(w[0], T), typesubtract(w[0], T)), ())
        if name == "===":
            a, b = args
            if type(a) is L.Const and type(b) is L.Const:
                return CallResult(L.Const(a == b), None, ())
            if type(b) is L.Const and b.val is None:
                return CallResult(BOOL, (0, b, typesubtract(w[0], NOTHING)), ())
            return CallResult(BOOL, None, ())
        if name == "not_int":
            if type(args[0]) is L.Const:
                return CallResult(L.Const(not args[0].val), None, ())
            return CallResult(BOOL, None, ())
        if name == "rand":
            return CallResult(BOOL, None, ())
        if name == "add":
            if all(type(a) is L.Const and type(a.val) is int for a in args):
                return CallResult(L.Const(sum(a.val for a in args)), None, ())
            return CallResult(INT, None, ())
        if name == "pos":
            return CallResult(ST.union(INT, F64), None, ())
        if name == "thrower":
            return CallResult(L.BOTTOM, None, ())
        if name == "tofloat":
            return CallResult(F64, None, ())
        return CallResult(L.ANY, None, (Note("unknown-callee", f"unknown callee Main.{name}(...)"),))


W = FakeWorld()


def infer_all(fn):
    """Infer in every store; assert the results agree; return the block one."""
    res = {s: infer_function(fn, W, store=s) for s in STORES}
    base = res["block"]
    for s, r in res.items():
        assert r.ssa_types == base.ssa_types, s
        assert r.return_type == base.return_type, s
        assert r.slot_types == base.slot_types, s
        assert r.slot_flags == base.slot_flags, s
        assert r.diagnostics == base.diagnostics, s
        for b in range(1, len(fn.blocks) + 1):
            eb, er = base.entry(b), r.entry(b)
            assert (eb is None) == (er is None)
            if eb is not None:
                assert {k: eb[k] for k in base.live_in[b]} == {k: er[k] for k in base.live_in[b]}
    return base


