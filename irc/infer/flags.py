"""Slot flags, slot types and diagnostics, from the fixpoint by replay (spec §3.3, §6).

Syntactic flags (from the statements alone, as Julia's lowering sets them):
`SLOT_USED` (0x08) the slot is read anywhere, `isdefined` operands and dead
statements included; `SLOT_ASSIGNEDONCE` (0x10) exactly one assignment
statement; `SLOT_CALLED` (0x40) the slot is the callee of a call.

Inference flags: `SLOT_USEDUNDEF | SLOT_STATICUNDEF` (0x20 | 0x01) when some
**reached** read sees `undef` in the recovered state.  Reads inside
`$(Expr(:isdefined, …))` do not count (they cannot throw; Julia <= 1.10 set
the flag there, a known defect -- spec §3.3).

The recovered state is `irc.engine.replay` from each reached block's entry
(the seed's idea: nothing per statement is stored, except by the `stmt`
store).  Call diagnostics (`unknown callee …`, `no method matching …`)
come from the transfer, which keeps those of each block's last walk (the
one that saw the final types), once per statement.

Slot types are Julia's `record_slot_assign!`: arguments start at their
argument type, other slots at `Union{}`; every reached assignment merges
in the widened type of its right-hand side.

With the statements' facts (`liveness.Facts`), the syntactic flags walk
only the dead statements (the others' reads and callees are in the facts)
and count assignments over the slot writers, slot types visit the slot
writers only, and `%i is Any` is found with C-level passes over `ssa` (the
statements whose unused call was widened to `Any` left out in C too):
O(statements) in C, O(writers + dead + Any-typed and not widened) in
Python.  On an `irc.ir.body.Body` these read the columns (a column
statement assigns iff `slot[k]`, reads its slot operand tags, calls a slot
`f` tag, is a value statement iff not an assignment, is placed at
`line[k]`, `col[k]`) and make no statement object; trees as above.

Diagnostics about a missing declaration (`ONCE_CODES`) are reported once per
function, at their first statement, naming the other lines (`once_per_cause`).

Diagnostics (JET's words): ``local variable `x` may be undefined`` for a
reached read where `x` is undefined on some path, ``local variable `x` is not
defined`` where it is undefined on every path (`(Union{}, undef)`);
`type instability: %i is Any` for a reached value statement typed `Any`.
"""
from __future__ import annotations

from collections import Counter
from itertools import chain, compress, filterfalse, repeat
from operator import itemgetter, not_, sub

from irc.ir import model as ir
from irc.ir.body import SLOT_TAG, TREE, Body
from irc.lattice import typelattice as L
from irc.syntax import tree as S
from irc.infer.engine import replay
from irc.errors import Diagnostic, Span
from irc.infer.liveness import expr_slot_reads, stmt_reads
from irc.infer.ragged import Ragged
from irc.infer.transfer import NO_VALUE_HEADS

K = ir.Kind

# Codes of the diagnostics that name why a call's result is `Any` (or `Union{}`):
# a statement with one of them gets no `type instability` report besides.
CAUSE_CODES = frozenset({"unknown-callee", "unknown-method", "runtime-dispatch", "no-matching-method",
                         "always-throws", "unknown-global"})

SLOT_STATICUNDEF = 0x01
SLOT_USED = 0x08
SLOT_ASSIGNEDONCE = 0x10
SLOT_USEDUNDEF = 0x20
SLOT_CALLED = 0x40

FLAG_NAMES = (
    (SLOT_USED, "SLOT_USED"),
    (SLOT_ASSIGNEDONCE, "SLOT_ASSIGNEDONCE"),
    (SLOT_USEDUNDEF, "SLOT_USEDUNDEF"),
    (SLOT_STATICUNDEF, "SLOT_STATICUNDEF"),
    (SLOT_CALLED, "SLOT_CALLED"),
)


def called_slots(e, out: set[int]) -> None:
    """Slots used as the callee of a call anywhere inside `e`."""
    stack = [e]
    while stack:
        x = stack.pop()
        t = type(x)
        if t is S.Call:
            f = x.func
            while type(f) is S.Typed:
                f = f.expr
            if type(f) is S.SlotRef and f.id is not None:
                out.add(f.id)
            stack.append(x.func)
            stack.extend(x.args)
        elif t is S.ExprNode:
            if x.head == "call" and x.args:
                f = x.args[0]
                while type(f) is S.Typed:
                    f = f.expr
                if type(f) is S.SlotRef and f.id is not None:
                    out.add(f.id)
            stack.extend(x.args)
        elif t is S.Typed:
            stack.append(x.expr)
        elif t is S.New:
            stack.extend(x.args)
        elif t is S.TupleLit or t is S.TypedVect:
            stack.extend(x.items)
        elif t is S.Splat:
            stack.append(x.expr)


def syntactic_flags(fn: ir.Function, reads=None, called_live: set | None = None, facts=None) -> dict[int, int]:
    """Syntactic flags; `reads`/`called_live` (from `liveness.stmt_facts`)
    save re-walking the statements that are not dead; with `facts`
    (`liveness.Facts`, whose `reads` and `called` these are) besides, only
    the dead statements and the slot writers (`write_pcs`) are visited."""
    flags = {s.id: 0 for s in fn.slots}
    assigns: dict[int, int] = {}
    called: set[int] = set()
    shared = reads is not None and called_live is not None  # only dead statements need a walk
    ASSIGN, DEAD = K.ASSIGN, K.DEAD
    stmts = fn.stmts
    body = stmts if type(stmts) is Body else None
    if shared and facts is not None:
        if body is not None:  # the column statements' assignments, counted in C; the trees' one by one
            # over the writers in C: a column writer assigns `slot[k]`; a tree (slot[k] 0) is one below
            assigns = Counter(filter(None, map(body.slot.__getitem__, map(sub, facts.write_pcs, repeat(1)))))
            for st in body.trees.values():  # (every assignment is a writer: in `write_pcs`)
                if st.kind is ASSIGN and st.slot is not None:
                    assigns[st.slot] = assigns.get(st.slot, 0) + 1
        else:
            for i in facts.write_pcs:
                st = stmts[i - 1]
                if st.kind is ASSIGN:
                    assigns[st.slot] = assigns.get(st.slot, 0) + 1
        walk = [stmts[i - 1] for i in facts.dead]
    elif body is not None:  # every statement: the column ones from their tags, the trees below
        _column_flags(body, flags, assigns, called, reads is None, called_live is None)
        walk = [body.trees[k] for k in sorted(body.trees)]
    else:
        walk = stmts
    for st in walk:
        kind = st.kind
        if kind is ASSIGN and st.slot is not None:
            assigns[st.slot] = assigns.get(st.slot, 0) + 1
        if shared and kind is not DEAD:
            continue
        exprs = []
        if st.value is not None:
            exprs.append(st.value)
        exprs.extend(st.args)
        v = st.value
        if kind is K.DEAD and type(v) is S.ExprNode and v.head == "=" and len(v.args) == 2 \
                and type(v.args[0]) is S.SlotRef:
            # a dead `Core.Const(:(x = rhs))` is still an assignment to x, syntactically
            # (as the unreached `x = rhs` it prints; keeps `irc infer` output a fixed point)
            assigns[v.args[0].id] = assigns.get(v.args[0].id, 0) + 1
            exprs = [v.args[1]]
        for e in exprs:
            try:
                if reads is None or kind is K.DEAD:
                    for s, _ in expr_slot_reads(e):
                        if s in flags:
                            flags[s] |= SLOT_USED
                if called_live is None or kind is K.DEAD:
                    called_slots(e, called)
            except (AttributeError, TypeError):  # a dead statement may hold syntax-level nodes
                pass
    if reads is not None:  # every slot read by a statement that is not dead
        flat = reads.values if isinstance(reads, Ragged) else chain.from_iterable(reads)
        for s in set(map(itemgetter(0), flat)):
            if s in flags:
                flags[s] |= SLOT_USED
    if called_live is not None:
        called |= called_live
    for s, n in assigns.items():
        if n == 1 and s in flags:
            flags[s] |= SLOT_ASSIGNEDONCE
    for s in called:
        if s in flags:
            flags[s] |= SLOT_CALLED
    return flags


def _column_flags(body: Body, flags: dict, assigns: dict, called: set, want_used: bool, want_called: bool) -> None:
    """`syntactic_flags`' walk over a `Body`'s column statements (not its
    trees): a column statement's reads are its slot operand tags, its
    callee slot (a slot `f` tag) is called, `slot[k]` is an assignment."""
    for s, c in Counter(filter(None, body.slot)).items():
        assigns[s] = assigns.get(s, 0) + c
    tags: set[int] = set()
    if want_used:
        for col in (body.f, body.a0, body.a1, body.a2):
            tags.update(col)
        for t in tags:
            if t & 3 == SLOT_TAG and t >> 2 in flags:
                flags[t >> 2] |= SLOT_USED
    if want_called:
        called.update(t >> 2 for t in set(body.f) if t & 3 == SLOT_TAG)


def flag_names(bits: int) -> list[str]:
    return [name for bit, name in FLAG_NAMES if bits & bit]


def undef_flags_note(bits: int, rules) -> str:
    """What to say beside `SLOT_USEDUNDEF`/`SLOT_STATICUNDEF` under a version whose inference does not
    store them ("" otherwise): 1.10's `type_annotate!` sets both (typeinfer.jl); from 1.11 nothing in
    inference does (only optimize.jl reads them), so the flags are irc's undefinedness analysis."""
    if rules is None or rules.stores_undef_flags or not bits & (SLOT_USEDUNDEF | SLOT_STATICUNDEF):
        return ""
    return f"irc's undefinedness analysis; Julia {rules.name} stores no SLOT_USEDUNDEF/SLOT_STATICUNDEF"


def analyse(fn: ir.Function, ssa: list, store, tr, argtypes: dict[int, object], path: str = "",
            stmt_reads_of=None, called: set | None = None, live=None, facts=None):
    """(slot_types, slot_flags, diagnostics) for one inferred function.

    `store` is the state store after the fixpoint (`view(b)`, `cond_slots(b)`,
    `changed_slots(a, b)`).  With `live` (`liveness.LiveIn` with `use`), a
    block is replayed only when one of its reads can see an undefined state:
    a slot it reads before writing (`live.use[b]`) is undefined at its entry,
    or it holds a NewvarNode (assignments define, a widened `Conditional`
    keeps its slot's flag).  Which entry slots are undefined is kept as a
    bitset across the reached blocks in order, updated at the slots whose
    states may differ from the previous reached entry (`changed_slots`), so
    a large function with no undefined reads costs O(statements + changes).
    Diagnostics come out in statement order; per statement: reads, then the
    call diagnostics of the engine's last walk, then type instability.
    `facts` (`liveness.Facts`, whose `reads` and `called` are the two
    above): the syntactic flags, slot types and NewvarNode blocks visit
    only the statements they are about."""
    flags = syntactic_flags(fn, stmt_reads_of, called, facts)
    names = {s.id: s.name for s in fn.slots}
    bottom = tr.BOTTOM
    anyt = tr.ANY

    slot_types = _slot_types(fn, ssa, tr, argtypes, facts.write_pcs if facts is not None else None)

    stmts = fn.stmts
    use = getattr(live, "use", None)
    newvar_blocks = set()
    if use is not None:
        NEWVAR = K.NEWVAR
        stmt_block = fn.stmt_block
        if facts is not None:
            newvar_blocks = {stmt_block[i] for i in facts.newvars}
        else:
            newvar_blocks = {stmt_block[i] for i, st in enumerate(stmts, 1) if st.kind is NEWVAR}
    read_diags: dict[int, list[Diagnostic]] = {}
    spans: dict[int, Span] = {}

    body = stmts if type(stmts) is Body else None

    def span_of(pc: int) -> Span:
        sp = spans.get(pc)
        if sp is None:
            if body is not None and body.shape[pc - 1] != TREE:
                sp = spans[pc] = Span(path, *body.position(pc - 1))
            else:
                st = stmts[pc - 1]
                sp = spans[pc] = Span(path, st.line, st.col)
        return sp

    def value_stmt(pc: int) -> bool:
        """`stmts[pc - 1]` is a value statement with a value (a column one: slot[k] is 0)."""
        if body is not None and body.shape[pc - 1] != TREE:
            return not body.slot[pc - 1]
        st = stmts[pc - 1]
        return st.kind is VALUE and _has_value(st)

    undef = 0  # bitset: slots undefined at the previous reached entry
    prev = None
    for blk in fn.blocks:
        b = blk.id
        view = store.view(b)
        if view is None:
            continue
        view_get = view.get
        if use is not None:
            for s in store.changed_slots(prev, b):
                vs = view_get(s)
                if vs is not None and vs.undef:
                    undef |= 1 << s
                elif (undef >> s) & 1:
                    undef ^= 1 << s
            prev = b
            if not (use[b] & undef) and b not in newvar_blocks:
                continue  # no read in b can see an undefined state
        for pc, table in replay(fn, view, store.cond_slots(b), ssa, blk.first, blk.last, tr):
            if ssa[pc] is None:
                continue
            reads = stmt_reads_of[pc] if stmt_reads_of is not None else stmt_reads(stmts[pc - 1])
            if not reads:
                continue
            seen: set[int] | None = None  # slots warned about (once per statement)
            local_get = table.local.get  # `table.get`, in line
            for s, in_isdefined in reads:
                if in_isdefined:
                    continue
                vs = local_get(s)
                if vs is None:
                    vs = view_get(s)
                if vs is None or not vs.undef:
                    continue
                if seen is None:
                    seen = set()
                elif s in seen:
                    continue
                seen.add(s)
                if s in flags:
                    flags[s] |= SLOT_USEDUNDEF | SLOT_STATICUNDEF
                name = names.get(s, f"_{s}")
                if vs.type == bottom:
                    d = Diagnostic("warning", f"local variable `{name}` is not defined", span_of(pc), "undef")
                else:
                    d = Diagnostic("warning", f"local variable `{name}` may be undefined", span_of(pc), "maybe-undef")
                read_diags.setdefault(pc, []).append(d)

    # call diagnostics of the engine's last walks, and `%i is Any` for reached value statements
    tdiags = tr.diags
    # the distinct objects of ssa equal to Any (C-level passes; most statements' types are shared)
    is_any = {i for i, t in dict(zip(map(id, ssa), ssa)).items() if t is not None and t == anyt}
    VALUE = K.VALUE
    widened = tr.widened  # an unused call Julia widens to Any: code_warntype prints no type there
    # (a widened statement is never reported unstable: left out here, in C, before any per-statement test)
    unstable = []
    if is_any:
        anys = list(filterfalse(widened.__contains__,
                                compress(range(len(ssa)), map(is_any.__contains__, map(id, ssa)))))
        if anys and anys[0] == 0:  # index 0: no statement
            del anys[0]
        if body is not None:  # in C: a column statement is a value statement iff slot[k] is 0 (a tree's too)
            unstable = list(compress(anys, map(not_, map(body.slot.__getitem__, map(sub, anys, repeat(1))))))
            no = [k + 1 for k, st in body.trees.items() if not (st.kind is VALUE and _has_value(st))]
            if no:
                unstable = list(filterfalse(set(no).__contains__, unstable))
        else:
            unstable = [pc for pc in anys if value_stmt(pc)]
    pcs = set(read_diags)
    pcs.update(pc for pc in tdiags if tdiags[pc] and ssa[pc] is not None)
    pcs.update(unstable)
    skipped = getattr(tr, "skipped", ())  # throw-block calls Julia does not infer (`Transfer.skip_calls`)
    pcs.update(skipped)
    latest = getattr(tr, "latest", ())  # 1.12: after `latestworld` (`Transfer.after_latestworld`)
    unstable_set = set(unstable)
    diags: list[Diagnostic] = []
    for pc in sorted(pcs):
        ds = read_diags.get(pc)
        if ds:
            diags.extend(ds)
        caused = False  # the statement's Any already has its cause reported
        if ssa[pc] is not None:
            for severity, code, msg in tdiags.get(pc, ()):
                diags.append(Diagnostic(severity, msg, span_of(pc), code))
                caused = caused or code in CAUSE_CODES
        if pc in skipped and ssa[pc] is not None:  # (Julia prints it `Any` too: no instability to report)
            diags.append(Diagnostic("note", skipped_note(getattr(tr.rules, "name", "1.10")), span_of(pc),
                                    "throw-block"))
        elif pc in latest and pc in unstable_set:
            diags.append(Diagnostic("note", LATESTWORLD_NOTE, span_of(pc), "latestworld"))
        elif pc in unstable_set and not caused and pc not in widened:
            diags.append(Diagnostic("warning", f"type instability: %{pc} is Any", span_of(pc), "type-instability"))
    return slot_types, flags, once_per_cause(diags)


LATESTWORLD_NOTE = ("not inferred: after `$(Expr(:latestworld))` Julia 1.12 reads every global as `Any` "
                    "(`abstract_eval_globalref`; \"Cannot infer call, because we previously saw :latestworld\")")


def skipped_note(version: str) -> str:
    """The note at a throw-block call left `Any` (`irc.infer.throwblocks`)."""
    return (f"not inferred: a call in a throw block, which Julia {version} leaves `Any` once the function's "
            f"effects so far are not known to be total (`should_infer_this_call`)")


# Diagnostics about a missing piece of knowledge: the same message at several
# statements is one cause (one declaration would answer all of them).
ONCE_CODES = frozenset({"unknown-callee", "unknown-method", "unknown-global", "latestworld"})


def once_per_cause(diags: list) -> list:
    """Keep the first of each `ONCE_CODES` message, naming the other lines where it recurs."""
    first: dict[tuple, int] = {}
    again: dict[int, list[int]] = {}
    out: list = []
    for d in diags:
        if d.code in ONCE_CODES:
            k = (d.code, d.message)
            i = first.get(k)
            if i is not None:
                if d.span is not None:
                    again[i].append(d.span.line)
                continue
            first[k] = len(out)
            again[len(out)] = []
        out.append(d)
    for i, lines in again.items():
        if lines:
            d = out[i]
            shown = ", ".join(str(n) for n in sorted(set(lines)))
            out[i] = Diagnostic(d.severity, f"{d.message} (also at line{'s' if len(set(lines)) > 1 else ''} "
                                f"{shown})", d.span, d.code, d.context)
    return out


def _slot_types(fn: ir.Function, ssa: list, tr, argtypes: dict[int, object], write_pcs=None) -> dict[int, object]:
    """Julia's `record_slot_assign!`: arguments start at their argument type,
    other slots at `Union{}`; every reached assignment merges in the widened
    type of its right-hand side.  `write_pcs` (`liveness.Facts`): the
    statements that write a slot, ascending (the only ones visited)."""
    bottom = tr.BOTTOM
    anyt = tr.ANY
    slot_types: dict[int, object] = {}
    for s in fn.slots:
        slot_types[s.id] = argtypes.get(s.id, bottom) if s.argument else bottom
    ASSIGN = K.ASSIGN
    widenconst = L.widenconst
    stmts = fn.stmts
    pcs = range(1, len(stmts) + 1) if write_pcs is None else write_pcs
    body = stmts if type(stmts) is Body else None
    if body is not None:  # a column statement: an assignment iff slot[k]
        slot, shape, trees = body.slot, body.shape, body.trees
    for pc in pcs:
        if body is not None and shape[pc - 1] != TREE:
            sid = slot[pc - 1]
            if not sid:
                continue
        else:
            st = stmts[pc - 1]
            if st.kind is not ASSIGN:
                continue
            sid = st.slot
        if ssa[pc] is not None and sid in slot_types:
            vt = widenconst(ssa[pc])
            cur = slot_types[sid]
            if vt is cur:  # what every branch below leaves unchanged
                continue
            if vt == bottom:
                continue
            if cur == bottom:
                slot_types[sid] = vt
            elif cur == anyt:
                pass
            else:
                slot_types[sid] = tr.tmerge(cur, vt)
    return slot_types


def _has_value(st: ir.Stmt) -> bool:
    """A value statement (`%i = …`) whose expression yields a value."""
    if st.kind is not K.VALUE or st.value is None:
        return False
    v = st.value
    return not (type(v) is S.ExprNode and v.head in NO_VALUE_HEADS)
