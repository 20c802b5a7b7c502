"""An independent oracle for SLOT_USEDUNDEF and the undefined-variable warnings.

The oracle works on the generated structural model (tests/strategies.py), not
on irc's IR, and shares no code with irc's inference.

Algorithm: it enumerates the paths of the program, quotiented by the only
state that matters -- the set of locals assigned so far -- i.e. it searches
the product graph (program point, assigned-set).  A path may

- continue through a statement (assignment adds the slot, `NewvarNode`
  removes it);
- jump to the catch block of every enclosing try region from *any* point of
  the region (the 1.10 rule: the state at every assignment/`NewvarNode` inside
  a try region flows to its catch, as does the state at the `enter`);
- take one edge of `goto #B if not true/false` and of `goto #B if not %k`
  where `%k = $(Expr(:isdefined, :(x)))` is constant (x assigned on every /
  no path reaching %k), both edges otherwise.

A read of a local that is unassigned on *every* path reaching the read has
type `Union{}` in Julia's inference: the statement throws and nothing after
it in the block is reached.  That is a property of the set of paths, so the
search is a least fixpoint: such reads (and the isdefined-dependent branches)
are re-examined whenever a new path state reaches them.  Loops need no
unrolling bound: the product graph is finite (2^|locals| states per point),
so the search visits every path's state at every point.

From the reached (point, state) pairs: a statement is reached iff some state
reaches it; a read of `x` "sees undef" iff some state reaching it lacks `x`;
the warning is "is not defined" if every state lacks `x`, "may be undefined"
otherwise.  Reads inside `$(Expr(:isdefined, …))` are not reads.

The generated programs (oracle_safe mode) keep every other source of
unreachability out (see tests/strategies.py), so the oracle's reached set must
equal irc's (statements with a type), not just its flags.
"""
from __future__ import annotations

import sys
from collections import defaultdict, deque
from dataclasses import dataclass
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
import strategies as G  # noqa: E402

SLOT_USEDUNDEF = 0x20
SLOT_STATICUNDEF = 0x01


@dataclass
class OracleResult:
    reached: set  # {(block, pos)}
    undef_reads: dict  # (block, pos) -> {slot: "may" | "not"}
    usedundef: set  # slot names

    def diagnostics(self) -> set:
        return {(pt, s, k) for pt, d in self.undef_reads.items() for s, k in d.items()}


def oracle(m: G.Model) -> OracleResult:
    # A name is a slot only if the function assigns it or NewvarNode's it
    # somewhere (irc.build, plain form); other bare names are globals.
    locals_ = {s.slot for blk in m.blocks for s in blk.stmts if s.op in ("assign", "newvar")} & set(m.locals)
    nb = len(m.blocks)
    states: dict = defaultdict(set)
    parked: dict = defaultdict(list)
    deps: dict = defaultdict(list)  # isdefined point -> terminator items depending on it
    work: deque = deque()

    def add(pt, sigma):
        if sigma in states[pt]:
            return
        states[pt].add(sigma)
        work.append((pt, sigma))
        work.extend(parked.pop(pt, ()))
        work.extend(deps.get(pt, ()))

    def fall(b, sigma):
        if b < nb:
            add((b + 1, 0), sigma)

    add((1, 0), frozenset())
    while work:
        item = work.popleft()
        (b, p), sigma = item
        blk = m.blocks[b - 1]
        for c in blk.handlers:
            add((c, 0), sigma)
        s = blk.stmts[p]
        killed = False
        for x in G.stmt_reads(s):
            if x in locals_ and not any(x in t for t in states[(b, p)]):
                killed = True
        if killed:
            parked[(b, p)].append(item)
            continue
        op = s.op
        if op == "assign":
            sigma = sigma | {s.slot} if s.slot in locals_ else sigma
        elif op == "newvar":
            sigma = sigma - {s.slot}
        if op == "goto":
            add((s.target, 0), sigma)
        elif op == "gotoifnot":
            e = s.expr
            take_fall = take_jump = True
            if e[0] == "lit":
                take_fall, take_jump = e[1] == "true", e[1] == "false"
            elif e[0] == "ssa":
                cb, cp = e[1]
                ce = m.blocks[cb - 1].stmts[cp].expr
                if ce[0] == "isdefined" and ce[1] in locals_:
                    if item not in deps[(cb, cp)]:
                        deps[(cb, cp)].append(item)
                    here = states[(cb, cp)]
                    if all(ce[1] in t for t in here):
                        take_jump = False
                    elif not any(ce[1] in t for t in here):
                        take_fall = False
            if take_fall:
                fall(b, sigma)
            if take_jump:
                add((s.target, 0), sigma)
        elif op in ("return", "unreachable"):
            pass
        elif op == "enter":
            fall(b, sigma)
            add((s.target, 0), sigma)
        elif op == "leave":
            fall(b, sigma)
        elif p + 1 < len(blk.stmts):
            add((b, p + 1), sigma)
        else:
            fall(b, sigma)

    reached = {pt for pt, ss in states.items() if ss}
    undef_reads: dict = {}
    used = set()
    for pt in reached:
        s = m.blocks[pt[0] - 1].stmts[pt[1]]
        here = states[pt]
        for x in G.stmt_reads(s):
            if x not in locals_:
                continue
            lacking = [t for t in here if x not in t]
            if lacking:
                undef_reads.setdefault(pt, {})[x] = "not" if len(lacking) == len(here) else "may"
                used.add(x)
    return OracleResult(reached, undef_reads, used)


# ---------------------------------------------------------------- the oracle on its own


def _A(x, v="1"):
    return G.St("assign", slot=x, expr=("lit", v))


def _R(x):
    return G.St("value", expr=("slot", x))


def _model(tree):
    return G.lower(("seq", [tree, ("return", ("lit", "nothing"))]))


def _pt_of(m, pred):
    return [(b, p) for b, blk in enumerate(m.blocks, 1) for p, s in enumerate(blk.stmts) if pred(s)]


def test_oracle_diamond_may_undef():
    t = ("seq", [("if", ("cond", [], ("slot", "c1")), ("simple", [_A("x")]), ("seq", [])), ("simple", [_R("x")])])
    m = _model(t)
    r = oracle(m)
    assert r.usedundef == {"x"}
    assert set(r.diagnostics()) == {(_pt_of(m, lambda s: s.op == "value")[0], "x", "may")}


def test_oracle_never_assigned_kills_rest_of_block():
    t = ("simple", [_R("x"), _A("y"), _R("y"), _A("x")])  # the (dead) assignment makes x a slot
    m = _model(t)
    r = oracle(m)
    (read_x,) = _pt_of(m, lambda s: s.expr == ("slot", "x"))
    assert r.undef_reads[read_x] == {"x": "not"}
    assert (read_x[0], read_x[1] + 1) not in r.reached  # after the throwing read
    assert r.usedundef == {"x"}


def test_oracle_newvar_in_loop_and_isdefined_is_not_a_read():
    t = ("while", ("cond", [], ("slot", "c1")),
         ("simple", [_A("x"), G.St("value", expr=("isdefined", "y")), G.St("newvar", slot="x")]))
    m = _model(t)
    r = oracle(m)
    assert r.usedundef == set()


def test_oracle_try_assignment_flows_to_catch():
    t = ("seq", [("simple", [_A("x")]),
                 ("try", ("simple", [G.St("newvar", slot="x"), _A("x")]), ("simple", [_R("x")]))])
    m = _model(t)
    r = oracle(m)
    assert r.usedundef == {"x"}  # the catch sees the state right after the NewvarNode
    t2 = ("seq", [("simple", [_A("x")]), ("try", ("simple", [_A("x", "2")]), ("simple", [_R("x")]))])
    assert oracle(_model(t2)).usedundef == set()


def test_oracle_isdefined_constant_branch():
    # x is a slot never assigned before the test: isdefined is Const(false), the fall-through is dead
    t = ("seq", [("if", ("cond", [G.St("value", expr=("isdefined", "x"))], ("ssa_rel", 0)),
                      ("simple", [_R("y"), _A("y")]), ("seq", [])),
                 ("simple", [_A("x")])])
    m = _model(t)
    r = oracle(m)
    (read_y,) = _pt_of(m, lambda s: s.expr == ("slot", "y"))
    assert read_y not in r.reached
    assert r.usedundef == set()


def test_oracle_constant_condition():
    t = ("seq", [("if", ("cond", [], ("lit", "false")), ("simple", [_R("y")]), ("simple", [_R("z")])),
                 ("simple", [_A("y"), _A("z")])])
    m = _model(t)
    r = oracle(m)
    assert r.usedundef == {"z"}


# ---------------------------------------------------------------- irc against the oracle

import re  # noqa: E402

from hypothesis import HealthCheck, given, settings  # noqa: E402

from budget import examples  # noqa: E402

DIAG = re.compile(r"local variable `([^`]+)` (may be undefined|is not defined)")


def irc_view(m: G.Model, store: str = "block"):
    """Run irc on the printed model; return what the oracle predicts, in oracle terms."""
    text = G.render(m)
    _, where = G.render_lines(m)
    program, results = G.run_pipeline(text, "gen.ir", store)
    (fn, res) = results[0]
    idx = m.stmt_index()
    reached = {pt for pt, i in idx.items() if res.ssa_types[i] is not None}
    by_name = {s.name: s.id for s in fn.slots}
    used = {x for x in m.locals if x in by_name and res.slot_flags[by_name[x]] & SLOT_USEDUNDEF}
    static = {x for x in m.locals if x in by_name and res.slot_flags[by_name[x]] & SLOT_STATICUNDEF}
    line_pt = {ln: pt for pt, ln in where.items()}
    diags = set()
    for d in res.diagnostics:
        mt = DIAG.search(d.message)
        if mt and d.span is not None:
            diags.add((line_pt.get(d.span.line, d.span.line), mt.group(1), "may" if mt.group(2).startswith("may") else "not"))
    return text, reached, used, static, diags


def compare(m: G.Model, store: str = "block") -> list[str]:
    want = oracle(m)
    text, reached, used, static, diags = irc_view(m, store)
    idx = m.stmt_index()
    problems = []
    if reached != want.reached:
        extra = sorted(idx[p] for p in reached - want.reached)
        missing = sorted(idx[p] for p in want.reached - reached)
        problems.append(f"reached differs: irc-only statements {extra}, oracle-only statements {missing}")
    if used != want.usedundef:
        problems.append(f"SLOT_USEDUNDEF: irc {sorted(used)}, oracle {sorted(want.usedundef)}")
    if static != used:
        problems.append(f"SLOT_STATICUNDEF {sorted(static)} != SLOT_USEDUNDEF {sorted(used)}")
    if diags != want.diagnostics():
        problems.append(f"diagnostics: irc-only {sorted(diags - want.diagnostics())}, "
                        f"oracle-only {sorted(want.diagnostics() - diags)} (points are (block, pos))")
    if problems:
        problems.append("--- program ---\n" + text)
    return problems


@settings(max_examples=examples(150), deadline=None, suppress_health_check=list(HealthCheck))
@given(G.models(oracle_safe=True, depth=3, budget=24))
def test_irc_agrees_with_the_oracle(m):
    problems = compare(m)
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("seed", range(40))
def test_irc_agrees_with_the_oracle_seeded(seed):
    """Larger, fixed-seed programs (deeper nests than hypothesis shrinks towards)."""
    m = G.gen_model(G.RandomChooser(__import__("random").Random(seed)), oracle_safe=True, depth=4, budget=40)
    problems = compare(m, ("stmt", "block", "live", "shared")[seed % 4])
    assert not problems, "\n".join(problems)
