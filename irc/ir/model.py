"""The IR: functions as statements, slots and basic blocks, names resolved.

`irc.build` turns a `syntax.FunctionDef` into an `ir.Function`; `irc.cfg`
fills `blocks`.  Expression operands reuse the `irc.syntax` node classes with
two resolutions applied:

- every slot read or write is a `SlotRef` whose `id` is the slot number
  (1-based, slot 1 is `#self#`); bare `Name`s that remain are globals;
- every `SSA.n` is a 1-based statement index (labels are gone).

Statements are numbered 1..len(stmts) in text order (Julia's statement
indices).  Blocks are numbered 1..len(blocks) in text order; `Block.first` /
`Block.last` are inclusive statement indices; `stmt_block[i]` is the block of
statement i (index 0 unused).  Block 0 is the virtual predecessor of catch
blocks (it appears in `preds`, never in `blocks`).

Invariants (checked by `irc.build`, relied on by inference): every `SSA.n`
names an existing statement; every jump or enter target is an existing
block; blocks partition the statements; the last statement of a block is a
terminator or falls through to the next block.
"""
from __future__ import annotations

import enum
from dataclasses import dataclass, field

from irc.syntax import tree as S
class Kind(enum.Enum):
    ASSIGN = "assign"  # slot = value
    VALUE = "value"  # value (Call, literal, SSA, slot read, ExprNode, New …)
    GOTO = "goto"  # target
    GOTOIFNOT = "gotoifnot"  # value (condition), target
    RETURN = "return"  # value (None: returns `nothing`)
    UNREACHABLE = "unreachable"
    NEWVAR = "newvar"  # slot
    ENTER = "enter"  # target = catch block
    LEAVE = "leave"  # args
    DEAD = "dead"  # Core.Const(:(…)) as printed by Julia; never reached


TERMINATORS = frozenset({Kind.GOTO, Kind.GOTOIFNOT, Kind.RETURN, Kind.UNREACHABLE, Kind.ENTER, Kind.LEAVE})


@dataclass(slots=True)
class Stmt:
    kind: Kind
    value: S.Expr | None = None
    slot: int | None = None  # ASSIGN / NEWVAR target slot id
    target: int | None = None  # GOTO / GOTOIFNOT / ENTER block number
    args: list[S.Expr] | tuple = field(default_factory=list)  # LEAVE operands (read-only; the builder gives most statements one shared `()`)
    label: int | None = None  # the `%N` label as written, if any
    annotation: S.Expr | None = None  # Julia's printed `::T`, if any
    line: int = 0
    col: int = 0


@dataclass(slots=True)
class Slot:
    id: int  # 1-based; 1 is #self#
    name: str  # as Julia prints it: "#self#", "x", "@_3" (unnamed), "#8"
    argument: bool
    declared: S.Expr | None = None  # argument type expression (arguments only)
    julia_type: S.Expr | None = None  # the type Julia printed in Arguments/Locals
    line: int = 0
    col: int = 0
    vararg: bool = False  # the method's `x...` argument: a tuple of the trailing arguments


@dataclass(slots=True)
class Block:
    id: int
    first: int  # first statement index (inclusive)
    last: int  # last statement index (inclusive)
    preds: list[int] = field(default_factory=list)  # 0 = virtual (catch entry)
    succs: list[int] = field(default_factory=list)


@dataclass(slots=True)
class Function:
    name: str  # bare name, e.g. "f", "work1!", "#8#9"
    module: tuple[str, ...]  # module path of the function, e.g. ("Main",)
    slots: list[Slot]  # slots[i] has id i + 1
    stmts: list[Stmt]  # stmts[i] is statement i + 1
    blocks: list[Block] = field(default_factory=list)  # blocks[i] has id i + 1
    stmt_block: list[int] = field(default_factory=list)  # statement index -> block id
    static_params: list[S.TypeVarDecl] = field(default_factory=list)
    julia_return: S.Expr | None = None  # Body::T / ) => T as printed
    form: str = "plain"  # syntax.FunctionDef.form
    source: S.FunctionDef | None = None  # the header as parsed, without its body lines (the IR holds the statements)
    line: int = 0
    notes: list = field(default_factory=list)  # errors.Diagnostic notes: what reading a paste assumed or repaired
    # irc.fmt's cache: (len(slots), names shared by several slots, {slot id: (name, printed name)}); printing reads it per slot reference
    dup_names_cache: tuple | None = field(default=None, compare=False, repr=False)

    @property
    def nargs(self) -> int:
        return sum(1 for s in self.slots if s.argument)

    def stmt(self, i: int) -> Stmt:
        """Statement by 1-based index."""
        return self.stmts[i - 1]

    def block(self, b: int) -> Block:
        return self.blocks[b - 1]


@dataclass(slots=True)
class Program:
    """One input file after building: declarations in order, functions."""

    path: str
    text: str
    items: list[S.Item]  # declarations (types, methods, consts, globals) as parsed
    functions: list[Function]
