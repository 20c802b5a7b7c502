"""`irc infer` text output: the file annotated in `@code_warntype` layout (spec §5.1).

For one file the output is: the file's own declarations reprinted (types,
globals, methods, in file order), then for every function:

    MethodInstance for f(::Int64)
      from f(n) @ Main file.ir:3            (Julia's own `from` line when the input had one)
    Static Parameters                        (when the method has some)
      T = Int64
    Arguments
      #self#::Core.Const(f)  # (0x00)
      n::Int64  # SLOT_USED (0x08)
    Locals
      x::Int64  # SLOT_USED (0x08)
    Body::Int64
    # entry #1: n::Int64
    1 ─       (x = 1)::Core.Const(1)
    │   %2  = (1:n)::UnitRange{Int64}
    ...

Each slot line carries the slot's type and, after `# `, its flags by name
and in hex.  `Body::T` is the widened return type (Julia's `src.rettype`).
Every reached value or assignment statement is followed by `::T` (its
lattice element as Julia prints it), except an unused call whose result
inference widened to `Any` (`result.widened`, Julia's
`call_result_unused`), which `@code_warntype` prints without a type; `%N =` labels (statement numbers) go on
statements whose value a reached statement uses.  An unreached statement is
printed the way Julia prints dead code, `Core.Const(:(stmt))::Union{}`, with
jump targets written as statement numbers (`goto %8`), as Julia quotes a
dead `GotoNode`.

Round trip (`infer(infer(x)) == infer(x)`): everything printed is computed
from what is the same before and after printing.  Rails (`N ─` / `N ┄`,
`│`, `└──`, irc.fmt's `layout_body`) use the control flow of the *printed*
code (a dead terminator is no edge), as Julia computes them on the code it
prints.  The `# entry #B: …` comment before each block is about the slots
live into it counting only reached reads, writes and edges
(`reached_live_in`); these sets are subsets of the engine's liveness, so
every store (`--state live` included) holds their states and the text is
the same whatever `--state`.  By default (`entries="brief"`) it lists the
live slots whose entry state is not their listed type (Arguments/Locals),
defined -- narrowed, widened, constant or maybe undefined -- then how many
live slots it left out: `# entry #2: @_3::Tuple{Int64, Int64} (+2 live as
listed)`; `entries="full"` lists every live slot with its state (at MTK
scale that is 17,000 slots before each of 3,000 blocks).

Types that `@code_warntype` would colour yellow/red get a trailing
`# ?` / `# !` mark (irc.colour); with colour on, the same text gets ANSI
codes and nothing else, so stripping them gives the plain output.

Two views of the same listing (`irc infer --plain`, `--hide-stable`):
`plain` prints Julia's own layout, without the declarations, entry
comments, flag comments and marks irc adds (the lines are otherwise the
same); `hide_stable` keeps only the yellow/red statements with their
blocks' headers and terminators (`irc.output.stable`).  Without them the
output is unchanged.  `style` (`irc.lattice.printstyle`, what `irc infer
--plain` passes: the spelling of the Julia that printed the paste) spells
the types another Julia's way (`Core.Compiler.Const(1, false)`,
`Array{Int64,1}`, `NamedTuple{(:a,), Tuple{Int64}}`); None (the default)
prints the canonical spelling.

Cost: linear in the output (brief entry comments: in the slots whose states
change between consecutive entries, see `entry_comments`); `show` is memoised per render (by identity,
then value), since big functions repeat a few types in millions of cells,
and so are the entry comments' slot-state texts (by identity); statement
lines come from `irc.output.stmtlines` (the commonest statements -- `%n`,
slots, calls of names and operators on leaves -- each made with one
f-string, digits from tables, slot, callee and type texts memoised per
distinct one; the rails put on by one `str.join` a run), everything else
from the general path (`_stmt_text_fn`: one `irc.fmt.ExprPrinter` per
function), which the tests hold it equal to.  A function whose `stmts` is
a `Body` (`irc.ir.body`) is printed from its columns: the statement lines
(`stmtlines`), the label mask (`_column_label_mask`), the printed edges and
the entry comments' liveness (`_kind_at`, the `slot` column) make no
statement object (only `TREE` statements' own objects are read); the text
is the same as from `list(fn.stmts)`.
Memory: the text is made in pieces (`iter_program_text`: runs of a few
thousand lines; each statement's line is made when its run is; labels as a
byte mask, not a set), so printing a
function holds one piece of text at a time besides what it returns;
`render_program_utf8` keeps each piece UTF-8-encoded as soon as it is made
(the rails make a str 2 bytes a character, the UTF-8 about 1), which is
what `irc infer` writes.  `render_program` joins the pieces into one str.
With `fork_min` (what `irc infer` passes when it runs its inputs
in-process) the body of a function that long is made by two processes
(`irc.output.forked`: the runs from 55 % of the statements on in a forked
child, from the same tables, sent back as UTF-8 bytes); the bytes are the
same.

Invariants: the printer is a pure function of (Program, results, colour, style);
the output parses back (it is valid `.ir` input); slot names are unique in
the output (duplicates are written `x@_N`, as Julia does).
"""
from __future__ import annotations

import re
from itertools import chain, compress, islice, repeat
from operator import attrgetter, is_, not_
from typing import Any, Callable, Iterator

from irc.output import colour as C
from irc.ir import model as ir
from irc.ir.body import Body
from irc.syntax import tree as S
from irc.output.fmt import LAYOUT_RUN, ExprPrinter, _prec_of, _slot_name as fmt_slot_name, format_expr, format_item, format_name, format_stmt, global_stmt_text, iter_layout_runs
from irc.output.fmt import stmt_markers, with_marker
from irc.output.fmt import format_type_expr as fmt_type
from irc.lattice import typetable as TT
from irc.lattice.typelattice import widenconst
from irc.infer.liveness import LiveIn, bits_to_list, expr_ssa_refs, mark_refs, stmt_operands, stmt_reads
from irc.lattice.printstyle import PrintStyle
from irc.lattice.typeprint import show
from irc.output.reads import Retyper, stripped_stmt
from irc.output.stmtlines import iter_line_runs, iter_piece_runs, iter_tail_runs

# a Julia identifier as the printer tests it (fullmatch); written as complemented classes, which compile in
# well under a millisecond (the plain form builds a 64k-entry table at every start; tests check they agree)
_IDENT = re.compile(r"[^\x00-@\[-^`{-\xa0][^\x00- \"-/:-@\[-^`{-\xa0]*")
_IDENT_PLAIN = r"[A-Za-z_\u00a1-\U0010ffff][\w!\u00a1-\U0010ffff]*"  # the pattern it equals
_OPERATOR_NAME = re.compile(r"[-+*/\\^%&|<>=!~÷≤≥≠⊻∘∈∉⊆⊂⊇⊃∋∌≈≉≡≢⋅×±√∛¬∪∩⊗⊕:]+")


# ---------------------------------------------------------------- names


def julia_name(name: str) -> str:
    """A bare name as Julia writes it: identifiers as is, others `var"…"`."""
    if _IDENT.fullmatch(name) and name not in ("end", "function", "where", "true", "false"):
        return name
    return 'var"' + name.replace("\\", "\\\\").replace('"', '\\"') + '"'


def slot_display_names(fn: ir.Function) -> dict[int, str]:
    """Slot id -> name as printed (irc.fmt's rule): `@_N` for unnamed, `x@_N`
    for a name several slots share, as Julia does; the body uses the same."""
    return {s.id: _slot_name(fn, s.id) for s in fn.slots}


def _slot_name(fn: ir.Function, sid: int | None) -> str:
    return fmt_slot_name(fn, sid) if sid is not None else "?"


def function_title(fn: ir.Function) -> str:
    """`f`, `Base.Math.sin`, `var"#8#9"`: the function as the MethodInstance line names it
    (Julia omits `Main.`)."""
    parts = (fn.name,) if fn.module in ((), ("Main",)) else (*fn.module, fn.name)
    if len(parts) == 1 and _OPERATOR_NAME.fullmatch(fn.name):  # `+(::Int64, ::Int64)`, as Julia prints it
        return fn.name
    return format_name(parts)


def signature_head(fn: ir.Function) -> str:
    """What the MethodInstance line calls, as the paste printed it: `f`, a callable object's
    `(::var"#5#6")`, a type's `(ODEFunction{true})` / `Vector{Int64}` (show.jl
    `show_signature_function`), else `function_title`."""
    src = fn.source
    if src is not None and src.callable is not None:
        return f"(::{fmt_type(src.callable)})"
    if src is not None and src.callee is not None:
        c = fmt_type(src.callee)
        return c if type(src.callee) is S.Curly and not src.callee_parens else f"({c})"
    return function_title(fn)


def signature(fn: ir.Function, result: Any, style: PrintStyle | None = None) -> str:
    """`f(::Int64, ::Float64)`: the method instance's signature (types spelled in `style`)."""
    args = []
    for s in fn.slots[1:]:
        if not s.argument:
            continue
        t = widenconst(result.slot_types[s.id])
        if s.vararg and TT.is_tuple(t):  # the vararg slot's tuple: the trailing arguments, as Julia prints them
            args.extend(f"::{show(p, style)}" for p in t.params)
        else:
            args.append(f"::{show(t, style)}")
    return f"{signature_head(fn)}({', '.join(args)})"


def printed_return_type(result: Any) -> Any:
    """The return type as Julia prints it: `Body::T` is `src.rettype`, which
    Julia's `finish` sets to `widenconst(bestguess)` (so never a `Const`)."""
    return widenconst(result.return_type)


def annotation_of(st: ir.Stmt) -> S.Expr | None:
    """Julia's printed type for a statement: its `::T`, or a typed slot read's `T`."""
    if st.annotation is not None:
        return st.annotation
    v = st.value
    if st.kind is ir.Kind.VALUE and isinstance(v, S.Typed) and isinstance(_strip_typed(v.expr), S.SlotRef):
        return v.type
    return None


def _strip_typed(e: Any) -> Any:
    while isinstance(e, S.Typed):
        e = e.expr
    return e


def format_type_expr(expr: S.Expr) -> str:
    """A type expression as written in the input, reprinted canonically."""
    return fmt_type(expr)


def flags_text(bits: int, rules: Any = None) -> str:
    """A slot's flag comment; under a version that stores no undefinedness flags, saying they are irc's."""
    from irc.infer.flags import flag_names, undef_flags_note

    names = flag_names(bits)
    hexa = f"(0x{bits:02x})"
    text = f"{' | '.join(names)} {hexa}" if names else hexa
    note = undef_flags_note(bits, rules)
    return f"{text} -- {note}" if note else text


# ---------------------------------------------------------------- statement text

_NO_VALUE_HEADS = frozenset({"meta", "code_coverage_effect", "inbounds", "loopinfo", "aliasscope",
                             "popaliasscope", "pop_exception", "gc_preserve_end", "leave", "line"})


def _expr(e: S.Expr, fn: ir.Function) -> str:
    """An IR expression as text (irc.fmt), slots named as the Locals list them."""
    return format_expr(e, fn)


def _needs_parens(e: Any) -> bool:
    """Would a trailing `::T` bind to part of `e`?  (Julia parenthesises these.)"""
    t = type(e)
    if t is S.Lit and isinstance(e.value, (int, float)) and not isinstance(e.value, bool):
        return (e.text or str(e.value)).startswith("-")
    return _prec_of(e) < 100 or t is S.Typed


def _strip_typed_slot(e: Any) -> Any:
    """`@_3::T` (Julia's typed slot read) -> `@_3`: the type printed is irc's own."""
    if isinstance(e, S.Typed) and isinstance(_strip_typed(e.expr), S.SlotRef):
        return _strip_typed(e.expr)
    return e


def _has_value(st: ir.Stmt) -> bool:
    """Does the statement print a `::T` (a value or an assignment)?"""
    if st.kind is ir.Kind.ASSIGN:
        return True
    if st.kind is not ir.Kind.VALUE:
        return False
    v = st.value
    return not (isinstance(v, S.ExprNode) and v.head in _NO_VALUE_HEADS)


def prints_type(st: ir.Stmt, i: int, result: Any) -> bool:
    """Does reached statement i print a `::T`?  A value or an assignment does,
    except an unused call inference widened (`result.widened`)."""
    return _has_value(st) and i not in getattr(result, "widened", ())


def _live_text(fn: ir.Function, st: ir.Stmt, has_value: bool | None = None) -> str:
    """A reached statement as `@code_warntype` prints it, without label or
    type (`has_value`: `_has_value(st)` when the caller knows it)."""
    k = st.kind
    if k is ir.Kind.ASSIGN:
        return f"({_slot_name(fn, st.slot)} = {_expr(_strip_typed_slot(st.value), fn)})"
    if k is ir.Kind.VALUE:
        v = _strip_typed_slot(st.value)
        g = global_stmt_text(v)  # `:op`, the global (`fmt.global_stmt_text`)
        if g is not None:
            return g
        text = _expr(v, fn)
        if has_value is None:
            has_value = _has_value(st)
        return f"({text})" if has_value and _needs_parens(v) else text
    return format_stmt(st, fn)


def _dead_text(fn: ir.Function, st: ir.Stmt, style: PrintStyle | None = None) -> str:
    """An unreached statement as Julia prints dead code: `Core.Const(:(stmt))`,
    jump targets as the statement numbers they jump to (a quoted `GotoNode`);
    with a ≤ 1.5 `style`, `Core.Compiler.Const(:(stmt), false)`."""
    text = _dead_text_110(fn, st)
    if style is not None and style.compiler_const and text.startswith("Core.Const(") and text.endswith(")"):
        return "Core.Compiler.Const(" + text[len("Core.Const("):-1] + ", false)"
    return text


def _dead_text_110(fn: ir.Function, st: ir.Stmt) -> str:
    k = st.kind
    if k is ir.Kind.DEAD:
        if isinstance(st.value, S.Name) and st.value.parts == ("unreachable",):
            return "Core.Const(:(unreachable))"  # a quoted statement keyword, not a name
        return format_stmt(st, fn)  # already dead in the input: as it came
    st = stripped_stmt(st)  # no state, no type: Julia prints dead code untyped
    if k is ir.Kind.ASSIGN:
        inner = f"{_slot_name(fn, st.slot)} = {_expr(_strip_typed_slot(st.value), fn)}"
    elif k is ir.Kind.VALUE:
        inner = _expr(_strip_typed_slot(st.value), fn)
    elif k is ir.Kind.GOTO:
        inner = f"goto %{fn.block(st.target).first}"
    elif k is ir.Kind.GOTOIFNOT:
        inner = f"goto %{fn.block(st.target).first} if not {_expr(st.value, fn)}"
    else:
        inner = format_stmt(st, fn)
    return f"Core.Const(:({inner}))"


# ---------------------------------------------------------------- body layout


def used_ssa(fn: ir.Function, result: Any) -> set[int]:
    """Statement indices whose value a reached statement uses (they get a `%N =` label).

    As in Julia, where unreached statements have become `Core.Const(:(…))`
    and a use inside a quoted dead statement is no use.  With inference's
    per-statement `%n` lists, the reached ones are gathered in one C-level
    pass (`compress` by a reached mask; when every statement is reached and
    none is partial, straight from the flat list of a `Ragged`); the
    `ssas_partial` statements, whose lists leave some `%n` out, are walked in
    full."""
    shared = getattr(result, "stmt_ssas", None)  # computed once by inference
    types = result.ssa_types
    stmts = fn.stmts
    if shared is None:
        used: set[int] = set()
        for i, st in enumerate(stmts, start=1):
            if types[i] is not None:
                for e in stmt_operands(st):
                    used.update(expr_ssa_refs(e))
        return used
    partial = getattr(result, "ssas_partial", ())
    mask = [t is not None for t in types]  # index 0 (no statement) is None: False
    for i in partial:
        mask[i] = False
    flat = getattr(shared, "values", None)  # a `Ragged`: its items flat, entry 0 empty
    if flat is not None and all(islice(mask, 1, None)):  # every statement reached, none partial
        used = set(flat)
    else:
        used = set(chain.from_iterable(compress(shared, mask)))
    for i in partial:
        if types[i] is not None:
            for e in stmt_operands(stmts[i - 1]):
                used.update(expr_ssa_refs(e))
    return used


def printed_succs(fn: ir.Function, result: Any) -> dict[int, list[int]]:
    """Successors of each block in the code as printed (a dead terminator is no edge).

    Julia computes the rails of what it prints on that code, where an
    unreached `goto` has become `Core.Const(:(goto %N))`; computing them the
    same way makes the printed text a fixed point of `irc infer`.
    """
    nb = len(fn.blocks)
    out: dict[int, list[int]] = {}
    stmts = fn.stmts
    for b in fn.blocks:
        k = _kind_at(stmts, b.last)
        live = result.ssa_types[b.last] is not None and k is not ir.Kind.DEAD
        nxt = [b.id + 1] if b.id < nb else []
        if not live:
            s = nxt
        elif k is ir.Kind.GOTO:
            s = [fn.stmt(b.last).target]
        elif k in (ir.Kind.GOTOIFNOT, ir.Kind.ENTER):
            s = nxt + [fn.stmt(b.last).target]
        elif k in (ir.Kind.RETURN, ir.Kind.UNREACHABLE):
            s = []
        else:
            s = nxt
        out[b.id] = list(dict.fromkeys(s))
    return out


def printed_pred_counts(fn: ir.Function, result: Any) -> dict[int, int]:
    """Predecessor counts in the printed code (they choose `─` or `┄`)."""
    counts = {b.id: 0 for b in fn.blocks}
    for ss in printed_succs(fn, result).values():
        for c in ss:
            if c in counts:
                counts[c] += 1
    stmts = fn.stmts
    for b in fn.blocks:  # a catch block of a reached enter has the virtual predecessor 0
        if _kind_at(stmts, b.last) is ir.Kind.ENTER and result.ssa_types[b.last] is not None:
            target = fn.stmt(b.last).target
            if target in counts:
                counts[target] += 1
    return counts


def reached_live_in(fn: ir.Function, result: Any) -> LiveIn:
    """Slots live into each block counting only what inference reached.

    The engine's liveness (`result.live_in`) is syntactic: it follows every
    edge and every read, unreached ones included, and the printed code has
    different unreached edges (a dead `goto` falls through), so it would not
    survive a round trip.  Here reads, writes and edges of unreached
    statements do not count; the reached code is the same before and after
    printing, so the entry comments are a fixed point.  The sets are subsets
    of `result.live_in` (fewer reads and edges, and a reached block's writes
    are all counted), so every store (`live` included) holds their states.
    Bitsets (`LiveIn`: `live[b]` reads as a frozenset, `live.bits[b]` is the int).
    """
    if _all_reached_as_engine(fn, result):
        live = result.live_in
        return live if isinstance(live, LiveIn) else LiveIn([_bits(x) for x in live])
    nb = len(fn.blocks)
    types = result.ssa_types
    use = [0] * (nb + 1)
    defs = [0] * (nb + 1)
    succs: list[list[int]] = [[] for _ in range(nb + 1)]
    printed = printed_succs(fn, result)
    shared = getattr(result, "stmt_reads", None)  # computed once by inference (same as stmt_reads)
    stmts, K = fn.stmts, ir.Kind
    DEAD, ASSIGN, NEWVAR = K.DEAD, K.ASSIGN, K.NEWVAR
    body = stmts if type(stmts) is Body else None  # a column statement is a reached VALUE or ASSIGN, or unreached
    for b in fn.blocks:
        u: set[int] = set()  # sets while scanning: cheaper than growing wide ints per read
        d: set[int] = set()
        for i in range(b.first, b.last + 1):
            if body is not None and body.shape[i - 1]:
                if types[i] is None:
                    break
                for sid, _ in (shared[i] if shared is not None else stmt_reads(body.peek(i - 1))):
                    if sid not in d:
                        u.add(sid)
                if body.slot[i - 1]:
                    d.add(body.slot[i - 1])
                continue
            st = stmts[i - 1]
            k = st.kind
            if types[i] is None or k is DEAD:
                break
            for sid, _ in (shared[i] if shared is not None else stmt_reads(st)):
                if sid not in d:
                    u.add(sid)
            if (k is ASSIGN or k is NEWVAR) and st.slot is not None:  # `stmt_write(st)`, inline
                d.add(st.slot)
        use[b.id], defs[b.id] = _bits(u), _bits(d)
        if types[b.last] is not None and _kind_at(stmts, b.last) is not ir.Kind.DEAD:
            succs[b.id] = printed[b.id]
    live = [0] * (nb + 1)
    changed = True
    while changed:  # backward fixpoint, last block first; monotone, bounded by the slot count
        changed = False
        for b in range(nb, 0, -1):
            out = 0
            for c in succs[b]:
                out |= live[c]
            new = use[b] | (out & ~defs[b])
            if new != live[b]:
                live[b], changed = new, True
    mask = ((1 << (len(fn.slots) + 1)) - 1) & ~1  # valid slot ids only
    return LiveIn([x & mask for x in live])


def _all_typed(types: list) -> bool:
    """Is every statement reached (`types[i]` not None for i >= 1)?  A C-level scan."""
    return not any(map(is_, islice(types, 1, None), repeat(None)))


def _all_reached_as_engine(fn: ir.Function, result: Any) -> bool:
    """Is `reached_live_in` the engine's `result.live_in`?  It is when every
    statement is reached and none is DEAD (every read and write counts) and
    the printed edges are the CFG's (both are then the least fixpoint of the
    same equations over the same reads, `result.stmt_reads`)."""
    if getattr(result, "stmt_reads", None) is None:
        return False
    if not _all_typed(result.ssa_types):
        return False
    stmts = fn.stmts
    if type(stmts) is Body:  # a column statement is a VALUE or an ASSIGN
        if any(st.kind is ir.Kind.DEAD for st in stmts.trees.values()):
            return False
    elif ir.Kind.DEAD in map(_KIND, stmts):  # a C-level scan by identity (hashing a Kind calls Python)
        return False
    printed = printed_succs(fn, result)
    return all(set(printed[b.id]) == set(b.succs) for b in fn.blocks)


_KIND = attrgetter("kind")


def _kind_at(stmts: Any, i: int) -> ir.Kind:
    """Statement i's kind (1-based), from a `Body`'s columns without making the statement."""
    return stmts.kind(i - 1) if type(stmts) is Body else stmts[i - 1].kind


def _bits(ids: set[int]) -> int:
    out = 0
    for s in ids:
        out |= 1 << s
    return out


class _Shows:
    """Per-render memo of `show` and `classify`.  Big functions repeat a few
    lattice elements millions of times (entry states), mostly as the very
    same objects: the memo is keyed by identity first (cheap), then by value
    (lattice elements are hashable); it holds the objects, so ids stay valid.
    `states` memoises entry-comment texts (`::T (undef)`) of slot states by
    identity: blocks share most of their states."""

    __slots__ = ("by_id", "text", "level", "states", "style")

    def __init__(self, style: PrintStyle | None = None) -> None:
        self.style = None if style is None or style.canonical else style  # the spelling (`irc infer --plain`)
        self.by_id: dict[int, tuple[Any, str]] = {}
        self.states: dict[int, tuple[Any, str]] = {}
        self.text: dict = {}
        self.level: dict = {}

    def show(self, x: Any) -> str:
        hit = self.by_id.get(id(x))
        if hit is not None:
            return hit[1]
        try:
            t = self.text.get(x)
            if t is None:
                t = self.text[x] = show(x, self.style)
        except TypeError:  # an unhashable element: no value memo
            t = show(x, self.style)
        self.by_id[id(x)] = (x, t)
        return t

    def classify(self, x: Any) -> str:
        try:
            v = self.level.get(x)
            if v is None:
                v = self.level[x] = C.classify(x)
            return v
        except TypeError:
            return C.classify(x)


ENTRIES = ("brief", "full")


def _state_text(vs: Any, sh, by_id: dict) -> str:
    """`::T` or `::T (undef)` of a slot state, memoised by identity (blocks share most states)."""
    hit = by_id.get(id(vs))
    if hit is None:  # holding vs keeps its id from being reused
        hit = by_id[id(vs)] = (vs, "::" + sh(vs.type) + (" (undef)" if vs.undef else ""))
    return hit[1]


def entry_comments(fn: ir.Function, result: Any, names: dict[int, str], live: LiveIn,
                   shows: _Shows | None = None, entries: str = "brief") -> dict[int, str]:
    """The `# entry #B: …` comment of every block (see the module doc).

    `full`: every slot live into the block (`live`, `reached_live_in`) with
    its entry state.  `brief` (the default): only the *informative* ones --
    a slot whose entry state is not "defined, of the type listed for it
    under Arguments/Locals" (`result.slot_types`, compared as printed: a
    `Conditional` prints as `Bool`) -- then how many live slots are left
    out: `# entry #4: x::Int64, y::Union{} (undef) (+12 live as listed)`, or
    `# entry #4: (12 live as listed)`.

    Cost of `brief`: the informative slots are kept as a bitset across the
    reached blocks in order, recomputed only at the slots whose states may
    differ from the previous reached entry (`result.entry_changes`: for
    `shared` the persistent vectors' diff, O(slots that differ)); a block
    then costs a few word-level operations on bitsets plus its own text."""
    sh = shows.show if shows is not None else show
    by_id: dict = shows.states if shows is not None else {}
    out: dict[int, str] = {}
    full = entries == "full"
    listed = result.slot_types
    texts: dict[int, str] = {}

    def listed_text(s: int, t) -> str:
        x = texts.get(s)
        if x is None:
            x = texts[s] = sh(t)
        return x

    informative = 0  # bitset over slots, for the previous reached entry
    prev = None
    for blk in fn.blocks:
        b = blk.id
        entry = result.entry_view(b)
        if entry is None:
            out[b] = f"# entry #{b}: unreached"
            continue
        bits = live.bits[b]
        if not full:
            get = entry.get
            for s in result.entry_changes(prev, b):
                vs = get(s)
                if vs is None:
                    continue
                t = listed.get(s)
                if vs.undef or not (vs.type is t or sh(vs.type) == listed_text(s, t)):
                    informative |= 1 << s
                elif (informative >> s) & 1:
                    informative ^= 1 << s
            prev = b
        if not bits:
            out[b] = f"# entry #{b}: (no live slots)"
            continue
        shown = bits if full else bits & informative
        parts = []
        for sid in bits_to_list(shown):
            vs = entry.get(sid)
            if vs is None:
                parts.append(f"{names.get(sid, f'@_{sid}')}::?")
            else:
                parts.append(names[sid] + _state_text(vs, sh, by_id))
        rest = bits.bit_count() - len(parts)
        if rest:
            parts.append(f"(+{rest:,} live as listed)" if parts else f"({rest:,} live as listed)")
            text = " ".join((", ".join(parts[:-1]), parts[-1])) if len(parts) > 1 else parts[0]
        else:
            text = ", ".join(parts)
        out[b] = f"# entry #{b}: {text}"
    return out


def _typed(text: str, t: Any, colour: bool, shows: _Shows | None = None) -> tuple[str, str]:
    """`text::T` (the `::T` painted) and the colour level of T."""
    if shows is None:
        level, shown = C.classify(t), show(t)
    else:
        level, shown = shows.classify(t), shows.show(t)
        if not colour and level != C.GOOD and shows.style is not None and shows.style.capitals:
            return text + C.capitals("::" + shown, t), level  # `Base.emphasize` on an IO without colour
    return text + C.paint("::" + shown, level, colour), level


def _with_mark(line: str, level: str, colour: bool, extra: str = "") -> str:
    """Append the plain-text mark of `level` (and `extra`) as a trailing comment."""
    m = C.mark(level)
    bits = " ".join(x for x in (m, extra) if x)
    if not bits:
        return line
    return line + "  " + C.paint("# " + bits, "comment", colour)


def body_lines(fn: ir.Function, result: Any, colour: bool = False, plain: bool = False,
               hide_stable: bool = False, entries: str = "brief", style: PrintStyle | None = None) -> list[str]:
    """The annotated body: entry comments, rails, labels, statements, types
    (irc.fmt's layout).  `plain`: no entry comments and no `# ?`/`# !` marks;
    `hide_stable`: only what `irc.output.stable` keeps; `entries`: brief or
    full entry comments (`entry_comments`); `style`: the types' spelling
    (`irc.lattice.printstyle`, None: canonical).  The runs of `iter_body_runs`, as one list."""
    out: list[str] = []
    for run in iter_body_runs(fn, result, colour, plain, hide_stable, entries, style):
        out += run
    return out


def iter_body_runs(fn: ir.Function, result: Any, colour: bool = False, plain: bool = False,
                   hide_stable: bool = False, entries: str = "brief",
                   style: PrintStyle | None = None) -> Iterator[list[str]]:
    """`body_lines` a run of lines at a time: each statement's line is made
    when its run is (`irc.output.stmtlines`), so the lines are never all
    alive at once (`hide_stable` needs the whole listing first and makes one
    run of what it keeps)."""
    unstable: set[int] | None = set() if hide_stable else None
    tails, pred_counts = _tail_runs(fn, result, colour, plain, entries, unstable, style=style)
    runs = iter_line_runs(fn, pred_counts, tails)
    if unstable is None:
        return runs
    from irc.output.stable import keep_unstable

    lines: list[str] = []
    for run in runs:
        lines += run
    return iter([keep_unstable(fn, lines, unstable, prefix_lines=0 if plain else 1)])


def iter_body_pieces(fn: ir.Function, result: Any, colour: bool = False, plain: bool = False,
                     entries: str = "brief", run: int = LAYOUT_RUN,
                     style: PrintStyle | None = None) -> Iterator[tuple[str, int]]:
    """The text of `body_lines` (without `hide_stable`) as (piece, number of
    lines) pairs, each piece at most `run` lines joined by newlines (no final
    one): `stmtlines.iter_piece_runs`, which puts the rails on with one
    `str.join` a run."""
    return body_pieces_maker(fn, result, colour, plain, entries, run, style)(None)


def body_pieces_maker(fn: ir.Function, result: Any, colour: bool = False, plain: bool = False,
                      entries: str = "brief", run: int = LAYOUT_RUN,
                      style: PrintStyle | None = None) -> Callable[[tuple[int, int] | None],
                                                                   Iterator[tuple[str, int]]]:
    """`iter_body_pieces` made in two steps: what every statement's line
    needs (names, label mask, entry comments, the printer) now, then, per
    call, the pieces of a part of the body (`part` = (start, stop): the runs
    that begin at a statement in start .. stop - 1, see
    `stmtlines.iter_tail_runs`; None: all).  The parts of a partition, in
    order, give `iter_body_pieces`' pieces (`irc.output.forked` prints one
    part in a second process)."""
    make, pred_counts = _tail_maker(fn, result, colour, plain, entries, None, run, style)
    return lambda part: iter_piece_runs(fn, pred_counts, make(part))


def _tail_runs(fn: ir.Function, result: Any, colour: bool, plain: bool, entries: str,
               unstable: set[int] | None, run: int = LAYOUT_RUN,
               style: PrintStyle | None = None) -> tuple[Iterator, dict[int, int]]:
    """`stmtlines.iter_tail_runs` for the body (entry comments before the
    blocks unless `plain`), and the printed predecessor counts (the rails).
    Statements with Julia 1.12 markers or a type taken from the input take
    the general path (`_stmt_text_fn`, markers added)."""
    make, pred_counts = _tail_maker(fn, result, colour, plain, entries, unstable, run, style)
    return make(None), pred_counts


def _tail_maker(fn: ir.Function, result: Any, colour: bool, plain: bool, entries: str,
                unstable: set[int] | None, run: int = LAYOUT_RUN,
                style: PrintStyle | None = None) -> tuple[Callable, dict[int, int]]:
    """`_tail_runs` with the tails as a function of the part (see `body_pieces_maker`)."""
    names = slot_display_names(fn)
    shows = _Shows(style)
    if plain:
        prefix = None
    else:
        comments = entry_comments(fn, result, names, reached_live_in(fn, result), shows, entries)
        prefix = {b: [C.paint(text, "comment", colour)] for b, text in comments.items()}
    labelled = _flat_label_mask(fn, result)
    if labelled is None:
        labelled = _label_mask(fn, result, used_ssa(fn, result))  # (the set, tens of bytes per use, is dropped)
    xp = ExprPrinter(fn)
    one, suffix = _stmt_text_fn(fn, result, names, shows, colour, not plain, unstable, xp)
    types = result.ssa_types
    special = getattr(result, "from_input", frozenset())
    general = one
    markers = {i: m for i, m in stmt_markers(fn).items() if types[i] is not None and _kind_at(fn.stmts, i) is ir.Kind.VALUE}
    if markers:
        special = set(special) | set(markers)

        def general(i: int, st: ir.Stmt) -> str:
            m = markers.get(i)
            return one(i, st) if m is None else with_marker(one(i, st), m)
    widened = getattr(result, "widened", ())

    def make(part: tuple[int, int] | None) -> Iterator:
        return iter_tail_runs(fn, types, xp, names, general, suffix, labelled, prefix, widened, special, unstable,
                              C.GOOD, run, part)

    return make, printed_pred_counts(fn, result)


def _label_mask(fn: ir.Function, result: Any, used: set[int]) -> bytearray:
    """The statements printed with a `%N =` label, as a mask (`mask[i]`, see
    `fmt.iter_layout_runs`): those `used` (`used_ssa`) that are reached
    values or `enter`s (what `_stmt_texts` reports)."""
    types = result.ssa_types
    stmts = fn.stmts
    n = len(stmts)
    VALUE, ENTER = ir.Kind.VALUE, ir.Kind.ENTER
    if type(stmts) is Body:
        return _column_label_mask(stmts, types, used)
    mask = bytearray(n + 1)
    for i in used:
        if 1 <= i <= n and types[i] is not None:
            k = stmts[i - 1].kind
            if k is VALUE or k is ENTER:
                mask[i] = 1
    return mask


def _column_label_mask(body: Body, types: list, used: set[int]) -> bytearray:
    """`_label_mask` of a `Body`: a column statement is a value iff it
    assigns no slot (`slot` 0); a tree's kind is read from its object."""
    n = len(body)
    shape, slot, trees = body.shape, body.slot, body.trees
    VALUE, ENTER = ir.Kind.VALUE, ir.Kind.ENTER
    mask = bytearray(n + 1)
    for i in used:
        if 1 <= i <= n and types[i] is not None:
            if shape[i - 1]:
                if not slot[i - 1]:
                    mask[i] = 1
            else:
                k = trees[i - 1].kind
                if k is VALUE or k is ENTER:
                    mask[i] = 1
    return mask


def _flat_label_mask(fn: ir.Function, result: Any) -> bytearray | None:
    """`_label_mask(fn, result, used_ssa(fn, result))` in C-level passes
    over a `Body`'s columns when every statement is reached and none is
    partial (so every `%n` of inference's flat list is a use): a byte per
    `%n` used, ANDed with a byte per value statement (a column statement
    that assigns no slot; a tree by its kind).  None otherwise (the set
    way)."""
    body = fn.stmts
    shared = getattr(result, "stmt_ssas", None)
    flat = getattr(shared, "values", None)
    if type(body) is not Body or flat is None or getattr(result, "ssas_partial", ()):
        return None
    types = result.ssa_types
    n = len(body)
    if len(types) != n + 1 or not _all_typed(types):  # (a statement not reached)
        return None
    used = mark_refs(flat, n, n + 1)
    value = bytearray(1)
    value += bytes(map(not_, body.slot))  # a column statement is a value iff it assigns no slot
    VALUE, ENTER = ir.Kind.VALUE, ir.Kind.ENTER
    for k, st in body.trees.items():
        value[k + 1] = st.kind is VALUE or st.kind is ENTER
    return bytearray((int.from_bytes(used, "little") & int.from_bytes(value, "little")).to_bytes(n + 1, "little"))


def _labelled(fn: ir.Function, result: Any, used: set[int]) -> set[int]:
    """`_label_mask` as a set of statement numbers."""
    mask = _label_mask(fn, result, used)
    return {i for i in range(1, len(mask)) if mask[i]}


def _stmt_texts(fn: ir.Function, result: Any, names: dict[int, str], used: set[int], shows: _Shows,
                colour: bool, marks: bool = True, unstable: set[int] | None = None) -> tuple[list[str], set[int]]:
    """Each statement's text (`_live_text` / `_dead_text`) followed by its
    `::T  # mark` suffix (`marks=False`: `::T` only), and the statements that
    get a `%N =` label (`_labelled`); `unstable`, when given, receives the
    statements whose type is coloured yellow or red.  `_iter_stmt_texts`, as
    a list."""
    return list(_iter_stmt_texts(fn, result, names, shows, colour, marks, unstable)), _labelled(fn, result, used)


def _iter_stmt_texts(fn: ir.Function, result: Any, names: dict[int, str], shows: _Shows,
                     colour: bool, marks: bool = True, unstable: set[int] | None = None) -> Iterator[str]:
    """`_stmt_texts`' texts one by one, in statement order (`unstable` is
    complete once the iterator is exhausted), with Julia 1.12's statement
    markers (`stmt_markers`) on the reached value statements."""
    texts = _iter_plain_stmt_texts(fn, result, names, shows, colour, marks, unstable)
    types = result.ssa_types
    markers = {i: m for i, m in stmt_markers(fn).items() if types[i] is not None and _kind_at(fn.stmts, i) is ir.Kind.VALUE}
    if not markers:
        return texts
    return (with_marker(t, markers[i]) if i in markers else t for i, t in enumerate(texts, start=1))


def _iter_plain_stmt_texts(fn: ir.Function, result: Any, names: dict[int, str], shows: _Shows,
                           colour: bool, marks: bool = True, unstable: set[int] | None = None) -> Iterator[str]:
    """The statement texts without markers, in order (`_stmt_text_fn`'s
    texts: the general path, which `irc.output.stmtlines` equals)."""
    one = _stmt_text_fn(fn, result, names, shows, colour, marks, unstable)[0]
    for i, st in enumerate(fn.stmts, start=1):
        yield one(i, st)


def _stmt_text_fn(fn: ir.Function, result: Any, names: dict[int, str], shows: _Shows, colour: bool,
                  marks: bool = True, unstable: set[int] | None = None,
                  xp: ExprPrinter | None = None) -> tuple[Callable[[int, ir.Stmt], str], Callable[[Any], tuple]]:
    """(`one(i, st)`: statement i's text without marker, `suffix(t)`).  The
    text comes from irc.fmt's `ExprPrinter` (the same text as `_live_text`,
    with slot and name texts memoised for the function) followed by its
    `::T  # mark` suffix; `unstable` receives i when T is coloured yellow or
    red.  `suffix(t)` -> (t, the suffix, its level, whether a line may end
    with it without `.rstrip()`), memoised per distinct type (by identity,
    holding t)."""
    K = ir.Kind
    ASSIGN, VALUE, DEAD = K.ASSIGN, K.VALUE, K.DEAD
    Typed, ExprNode, Lit, Name = S.Typed, S.ExprNode, S.Lit, S.Name
    types = result.ssa_types
    widened = getattr(result, "widened", ())
    xp = (xp if xp is not None else ExprPrinter(fn)).expr_prec
    dead_suffix = C.paint("::Union{}", C.GOOD, colour)
    suffix_of: dict[int, tuple[Any, str, str, bool]] = {}  # id(type) -> (type, its `::T  # mark` suffix, level, clean end)
    taken = getattr(result, "from_input", frozenset())
    reads = Retyper(result, shows.show)

    def suffix(t: Any) -> tuple[Any, str, str, bool]:
        hit = suffix_of.get(id(t))
        if hit is None:  # holding t keeps its id from being reused
            text, level = _typed("", t, colour, shows)
            if marks:
                text = _with_mark(text, level, colour)
            hit = suffix_of[id(t)] = (t, text, level, text[-1:] != "" and not text[-1].isspace())
        return hit

    def one(i: int, st: ir.Stmt) -> str:
        t = types[i]
        k = st.kind
        if t is None or k is DEAD:
            return _dead_text(fn, st, shows.style) + dead_suffix
        if k is not ASSIGN and k is not VALUE:
            return format_stmt(reads.live_stmt(i, st), fn)
        v = st.value
        if k is VALUE:
            if type(v) is ExprNode and v.head in _NO_VALUE_HEADS:  # `_has_value` is False
                return _live_text(fn, st, False)
            if widened and i in widened:  # an unused call Julia widened: `@code_warntype` prints no type
                return xp(reads.live(i, _strip_typed_slot(v) if type(v) is Typed else v))[0]
        if taken and i in taken:  # Julia's printed type, taken where irc cannot type the call
            text, level = _typed("", t, colour, shows)
            hit = (t, _with_mark(text, level, colour, "from input") if marks else text, level)
        else:
            hit = suffix(t)
        if unstable is not None and hit[2] != C.GOOD:
            unstable.add(i)
        v = reads.live(i, _strip_typed_slot(v) if type(v) is Typed else v)
        text, prec = xp(v)
        if text[:1] == "(" and k is VALUE and type(v) is Name and (g := global_stmt_text(v)) is not None:
            return g + hit[1]  # `:op`, the global (`fmt.global_stmt_text`)
        if k is ASSIGN:
            sid = st.slot
            target = names.get(sid) if sid is not None else None
            return f"({target if target is not None else _slot_name(fn, sid)} = {text}){hit[1]}"
        if _needs_parens(v) if type(v) is Lit else (prec < 100 or type(v) is Typed):
            return f"({text}){hit[1]}"
        return text + hit[1]

    return one, suffix


def statement_texts(fn: ir.Function, result: Any) -> list[str]:
    """Each statement as the body prints it, without rails, `%N =` label and
    `::T` (nor the parentheses that only bind the `::T`): `x = f(y)`,
    `@_3 === nothing`, `goto #4 if not %5`, and an unreached statement as
    Julia's dead code `Core.Const(:(…))` (JSON's `text`)."""
    K = ir.Kind
    names = slot_display_names(fn)
    xp = ExprPrinter(fn).expr_prec
    types = result.ssa_types
    reads = Retyper(result, _Shows().show)
    out: list[str] = []
    for i, st in enumerate(fn.stmts, start=1):
        k = st.kind
        if types[i] is None or k is K.DEAD:
            out.append(_dead_text(fn, st))
        elif k is K.ASSIGN:
            value = reads.live(i, _strip_typed_slot(st.value))
            out.append(f"{names.get(st.slot) or _slot_name(fn, st.slot)} = {xp(value)[0]}")
        elif k is K.VALUE:
            g = global_stmt_text(st.value)  # `:op`, the global (`fmt.global_stmt_text`)
            out.append(xp(reads.live(i, _strip_typed_slot(st.value)))[0] if g is None else g)
        else:
            out.append(format_stmt(reads.live_stmt(i, st), fn))
    return out


# ---------------------------------------------------------------- header and file


def _from_line(fn: ir.Function, path: str) -> str:
    src = fn.source
    given = (src.from_text or "").strip() if src is not None else ""
    if given:
        return "  " + (given if given.startswith("from ") else "from " + given)
    import os

    args = ", ".join(julia_name(s.name) + ("..." if s.vararg else "") for s in fn.slots[1:] if s.argument)
    mod = ".".join(fn.module) or "Main"
    where = os.path.basename(path) if path else "none"
    return f"  from {function_title(fn)}({args}) @ {mod} {where}:{fn.line}"


def _slot_line(name: str, t: Any, bits: int, colour: bool, shows: _Shows | None = None, plain: bool = False,
               rules: Any = None) -> str:
    text, level = _typed("  " + name, t, colour, shows)
    return text if plain else _with_mark(text, level, colour, flags_text(bits, rules))


def header_lines(fn: ir.Function, result: Any, path: str = "", colour: bool = False, plain: bool = False,
                 style: PrintStyle | None = None) -> list[str]:
    """`MethodInstance`, `from`, `Static Parameters` (as `print_warntype_mi`
    prints them), then `Arguments`, `Locals` and `Body` (`print_warntype_codeinfo`);
    `plain`: without the flag comments and `# ?`/`# !` marks; `style`: the types'
    spelling (`irc.lattice.printstyle`, None: canonical)."""
    names = slot_display_names(fn)
    out = [f"MethodInstance for {signature(fn, result, style)}", _from_line(fn, path)]
    if fn.static_params:
        out.append("Static Parameters")
        for tv in fn.static_params:
            if tv.value is not None:
                out.append(f"  {tv.name} = {format_type_expr(tv.value)}")
            elif tv.upper is not None:
                out.append(f"  {tv.name} <: {format_type_expr(tv.upper)}")
            else:
                out.append(f"  {tv.name} <: Any")
    out.append("Arguments")
    nargs = fn.nargs
    shows = _Shows(style)
    tails: dict = {}  # (id(type), flags) -> (type, the line after the name): a few distinct ones in 20,000 slots
    slot_types, slot_flags = result.slot_types, result.slot_flags
    rules = getattr(result, "rules", None)
    for s in fn.slots:
        if s.id == nargs + 1:
            out.append("Locals")
        t, bits = slot_types[s.id], int(slot_flags[s.id])
        hit = tails.get((id(t), bits))
        if hit is None:  # holding t keeps its id from being reused
            hit = tails[(id(t), bits)] = (t, _slot_line("", t, bits, colour, shows, plain, rules)[2:])
        out.append("  " + names[s.id] + hit[1])
    body, level = _typed("Body", printed_return_type(result), colour, shows)
    out.append(body if plain else _with_mark(body, level, colour))
    return out


def iter_function_runs(fn: ir.Function, result: Any, path: str = "", colour: bool = False, plain: bool = False,
                       hide_stable: bool = False, entries: str = "brief",
                       style: PrintStyle | None = None) -> Iterator[list[str]]:
    """The lines of `render_function` (without their newlines) in runs
    (lists), made as they are read: the header, then `iter_body_runs`."""
    yield header_lines(fn, result, path, colour, plain, style)
    yield from iter_body_runs(fn, result, colour, plain, hide_stable, entries, style)


def render_function(fn: ir.Function, result: Any, path: str = "", colour: bool = False, plain: bool = False,
                    hide_stable: bool = False, entries: str = "brief", style: PrintStyle | None = None) -> str:
    """One function in `@code_warntype` layout (see the module doc)."""
    runs = iter_function_runs(fn, result, path, colour, plain, hide_stable, entries, style)
    return "\n".join(chain.from_iterable(runs)) + "\n"


def declaration_text(program: ir.Program) -> str:
    """The file's own declarations, reprinted in file order."""
    items = [it for it in program.items if not isinstance(it, S.FunctionDef)]
    if not items:
        return ""
    return "".join(format_item(it).rstrip("\n") + "\n" for it in items)


CHUNK_LINES = 4096  # lines per piece of `iter_program_text`


def iter_program_text(program: ir.Program, results: list[tuple[ir.Function, Any]], colour: bool = False,
                      plain: bool = False, hide_stable: bool = False, entries: str = "brief",
                      chunk_lines: int = CHUNK_LINES, fork_min: int = 0,
                      style: PrintStyle | None = None, rules: str | None = None) -> Iterator[str | bytes]:
    """`render_program`'s text in pieces, in order: the declarations, then
    each function's lines in runs of at most `chunk_lines` lines, each run
    ending in its newline, and the blank line between parts as a piece of
    its own.  Lines are made as the pieces are read, so a caller that
    encodes or writes each piece before taking the next holds one piece of
    text at a time, never the whole output (`irc.cli.driver` keeps UTF-8
    pieces: the rails make a str 2 bytes a character).  `fork_min` > 0: the
    body of a function of at least that many statements (without
    `hide_stable`) is printed by two processes (`irc.output.forked`), its
    last runs coming as one piece of UTF-8 bytes (whole lines); the bytes
    are the same.  `style`: the types' spelling (`irc.lattice.printstyle`; None: canonical).
    `rules`: the Julia version whose rules answered, when not 1.10's (`rules_line` first)."""
    if chunk_lines < 1:
        raise ValueError("chunk_lines must be at least 1")
    if rules and not plain:
        yield rules_line(rules)
    decls = "" if plain else declaration_text(program)
    if decls:
        yield decls
    first = not decls
    for fn, r in results:
        if not first:
            yield "\n"
        first = False
        if hide_stable:  # the kept lines, in pieces of at most `chunk_lines`
            body = _line_pieces(iter_body_runs(fn, r, colour, plain, True, entries, style), chunk_lines)
        elif 0 < fork_min <= len(fn.stmts):
            from irc.output.forked import split_pieces

            make = body_pieces_maker(fn, r, colour, plain, entries, min(chunk_lines, LAYOUT_RUN), style)
            body = split_pieces(make, len(fn.stmts))
        else:
            body = iter_body_pieces(fn, r, colour, plain, entries, min(chunk_lines, LAYOUT_RUN), style)
        buf: list[str] = []  # texts of whole lines, `nbuf` lines in all
        nbuf = 0
        for text, n in chain(_line_pieces([header_lines(fn, r, program.path, colour, plain, style)], chunk_lines), body):
            if not n:
                continue
            if type(text) is bytes:  # whole lines from a second process (`fork_min`), each with its newline
                if buf:
                    buf.append("")
                    yield "\n".join(buf)
                    buf, nbuf = [], 0
                yield text
                continue
            if nbuf + n > chunk_lines and buf:
                buf.append("")  # the last line's newline
                yield "\n".join(buf)
                buf, nbuf = [], 0
            buf.append(text)
            nbuf += n
        if buf:
            buf.append("")
            yield "\n".join(buf)


def _line_pieces(runs: Any, size: int) -> Iterator[tuple[str, int]]:
    """Runs of lines as (text, number of lines) pieces of at most `size` lines."""
    for run in runs:
        for k in range(0, len(run), size):
            part = run[k:k + size]
            yield "\n".join(part), len(part)


def rules_line(rules: str) -> str:
    """The first line of the text output of an answer with Julia `rules`' rules other than 1.10's: a
    comment, which `irc.syntax.version.detect` reads first, so the output reads back with the rules
    that answered it (the canonical spelling alone may not show the version: `Core.Const(f)`)."""
    return f"# answered with Julia {rules}'s rules\n"


def render_program_utf8(program: ir.Program, results: list[tuple[ir.Function, Any]], colour: bool = False,
                        plain: bool = False, hide_stable: bool = False, entries: str = "brief",
                        fork_min: int = 0, style: PrintStyle | None = None, rules: str | None = None) -> list[bytes]:
    """`render_program(...).encode()` as a list of pieces (`iter_program_text`,
    each encoded as soon as it is made): about half the memory of the str,
    and no str of the whole output ever exists.  `fork_min`: see
    `iter_program_text` (the same bytes)."""
    return [piece if type(piece) is bytes else piece.encode()
            for piece in iter_program_text(program, results, colour, plain, hide_stable, entries, CHUNK_LINES,
                                           fork_min, style, rules)]


def render_program(program: ir.Program, results: list[tuple[ir.Function, Any]], colour: bool = False,
                   plain: bool = False, hide_stable: bool = False, entries: str = "brief",
                   style: PrintStyle | None = None, rules: str | None = None) -> str:
    """The whole file: declarations, then every function, separated by blank
    lines.  `plain`: Julia's own layout (no declarations, entry comments, flag
    comments or marks); `hide_stable`: type-stable statements left out
    (`irc.output.stable`); `entries`: `brief` or `full` entry comments
    (`entry_comments`); `style`: the types' spelling (`irc.lattice.printstyle`:
    `irc infer --plain` passes the paste's own Julia's; None: canonical).  The
    pieces of `iter_program_text`, joined."""
    return "".join(iter_program_text(program, results, colour, plain, hide_stable, entries, style=style, rules=rules))
