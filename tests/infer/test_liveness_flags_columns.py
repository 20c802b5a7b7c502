"""Liveness's and flags' column paths (a `Function` whose `stmts` is an
`irc.ir.body.Body`) give exactly what their object paths give (the same
function with `stmts` a plain list of the same statements), and make no
statement object:

- `liveness.collect_facts`: every field of `Facts` (reads and `%n` per
  statement, in order; called, partial, per-block use/defs/writes, users,
  write_pcs, newvars, dead), whatever the run length the bulk passes take
  (`_BULK_MIN`, `_CHUNK`); each `(slot, False)` read one shared pair per slot;
- `liveness.used_values` (from the facts and statement by statement);
- `flags.syntactic_flags` (with the facts, with reads only, with nothing)
  and `flags._slot_types`;
- inference and the printed text, in every store;

over every sample, the conformance inputs, generated ModelingToolkit-like
programs (with and without diamonds) and hypothesis programs (made into
columns where their statements allow).  By default a quarter of samples/real
(by hash) and each MTK program in one store; all under `--exhaustive`.  On a generated program, liveness
and flags leave `Body._made` empty.
"""
from __future__ import annotations

import copy
import dataclasses
import os

import pytest
from hypothesis import HealthCheck, given, settings

from budget import examples, not_real, spread, thin

from conftest import CONFORMANCE, SAMPLES
from handbuilt_ir import W
from mtk_programs import mtk_text
from test_stores_agree import programs

from irc.cli.driver import Options, analyse
from irc.infer import analysis as infer
from irc.infer import flags, liveness
from irc.ir import cfg
from irc.ir.body import Body
from irc.lattice.typeprint import show
from irc.output.text import render_program
from irc.syntax import tree as S

INPUTS = [str(p) for p in sorted(SAMPLES.rglob("*.ir")) + sorted(CONFORMANCE.glob("*/*.ir"))]
CASES = thin(INPUTS, 4, ids=lambda p: os.path.relpath(p, SAMPLES.parent)[:-3], always=not_real)
FIELDS = ("called", "partial", "per_block", "blocks", "users", "write_pcs", "newvars", "dead")
# (_BULK_MIN, _CHUNK): the default; every run in bulk, in short chunks; every run statement by statement
MODES = [(liveness._BULK_MIN, liveness._CHUNK), (1, 5), (10**9, liveness._CHUNK)]


def as_list(fn):
    """The same function with its statements as a plain list (the object paths)."""
    g = dataclasses.replace(fn, stmts=list(fn.stmts))
    fn.stmts._made.clear()
    return g


def _ragged_eq(a, b) -> bool:
    return list(a.start) == list(b.start) and a.values == b.values


def check_facts(fn) -> None:
    assert type(fn.stmts) is Body
    g = as_list(fn)
    want = liveness.collect_facts(g)
    for bulk_min, chunk in MODES:
        liveness._BULK_MIN, liveness._CHUNK = bulk_min, chunk
        try:
            got = liveness.collect_facts(fn)
        finally:
            liveness._BULK_MIN, liveness._CHUNK = MODES[0]
        assert _ragged_eq(got.reads, want.reads) and _ragged_eq(got.ssas, want.ssas)
        assert got.reads == want.reads and len(got.ssas) == len(want.ssas) == len(fn.stmts) + 1
        for f in FIELDS:
            assert getattr(got, f) == getattr(want, f), f
        assert type(got.write_pcs) is type(want.write_pcs)
        shared: dict = {}
        for p in got.reads.values:
            if not p[1]:
                assert shared.setdefault(p[0], p) is p  # one `(slot, False)` object per slot
        assert not fn.stmts._made
        assert liveness.used_values(fn, got.ssas, got.partial, got.dead) == \
            liveness.used_values(g, want.ssas, want.partial, want.dead)
    assert liveness.used_values(fn) == liveness.used_values(g)
    assert liveness.used_values(fn, got.ssas, got.partial) == liveness.used_values(g, want.ssas, want.partial)
    assert flags.syntactic_flags(fn, got.reads, got.called, got) == flags.syntactic_flags(g, want.reads, want.called,
                                                                                         want)
    assert flags.syntactic_flags(fn) == flags.syntactic_flags(g)
    assert flags.syntactic_flags(fn, got.reads) == flags.syntactic_flags(g, want.reads)
    assert flags.syntactic_flags(fn, None, got.called) == flags.syntactic_flags(g, None, want.called)
    assert flags.syntactic_flags(fn, got.reads, got.called) == flags.syntactic_flags(g, want.reads, want.called)
    assert not fn.stmts._made
    if want.per_block:
        assert liveness.compute_liveness(fn, got.reads, got.blocks).bits == \
            liveness.compute_liveness(g, want.reads, want.blocks).bits


def _functions(path):
    """The built functions of an input (none when it does not build: an error case, optimized IR)."""
    with open(path, encoding="utf-8") as fh:
        text = fh.read()
    res = analyse(path, text, Options(store="block"))
    if res.program is None or res.errors:
        return None
    return res.program


def _mtk(stmts, diamond_every, seed, store="shared"):
    res = analyse("<mtk>", mtk_text(stmts, diamond_every, seed), Options(store=store))
    assert not res.errors, [d.message for d in res.errors]
    return res


def _summary(program, results):
    out = [render_program(program, results)]
    for fn, r in results:
        # types as Julia shows them (two worlds: the program's own types are two objects; a union's repr may
        # list its members in another order)
        out.append((fn.name, [None if t is None else show(t) for t in r.ssa_types], show(r.return_type),
                    r.live_in.bits, {s: show(t) for s, t in r.slot_types.items()}, r.slot_flags,
                    [(d.severity, d.message, d.code, d.span) for d in r.diagnostics]))
    return out


def _infer_both(program, store):
    """Inference and printing of `program` as built (columns) and with every body a list."""
    listed = copy.copy(program)
    listed.functions = [as_list(fn) for fn in program.functions]
    cols = [(fn, infer.infer_function(fn, _world(program), store)) for fn in program.functions]
    objs = [(fn, infer.infer_function(fn, _world(listed), store)) for fn in listed.functions]
    return _summary(program, cols), _summary(listed, objs)


def _world(program):
    from irc.cli import driver
    return driver.make_world(program, Options())


MTK = [(120, 0, 1), (400, 0, 2), (400, 25, 3), (900, 60, 4), (300, 7, 5)]


@pytest.mark.parametrize("path", CASES)
def test_facts_columns_equal_objects_on_inputs(path):
    program = _functions(path)
    for fn in program.functions if program is not None else ():
        if type(fn.stmts) is Body:
            check_facts(fn)


@pytest.mark.parametrize("stmts,diamond_every,seed", MTK)
def test_facts_columns_equal_objects_on_mtk(stmts, diamond_every, seed):
    for fn in _mtk(stmts, diamond_every, seed).program.functions:
        assert type(fn.stmts) is Body and len(fn.stmts.trees) < len(fn.stmts)
        check_facts(fn)


def _columns(fn):
    """`fn` (a hypothesis program) with its statements in a `Body`: operands
    placed on their statement's line, slot references named as their slots,
    so that plain statements go into columns."""
    fn = copy.deepcopy(fn)
    names = {s.id: s.name for s in fn.slots}

    def place(e, line):
        if type(e) is S.SlotRef:
            e.name = names.get(e.id, e.name)
        if type(e) in (S.SlotRef, S.SSA, S.Lit, S.Name):
            e.line = line

    for st in fn.stmts:
        if st.args == []:
            st.args = ()
        v = st.value
        if type(v) is S.Call:
            v.line = st.line
            for e in (v.func, *v.args):
                place(e, st.line)
        elif v is not None:
            place(v, st.line)
    slot_names = [None] * (max(names, default=0) + 1)
    for sid, name in names.items():
        slot_names[sid] = name
    fn.stmts = Body.from_stmts(fn.stmts, slot_names)
    return fn


@settings(max_examples=examples(200), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(programs())
def test_facts_columns_equal_objects_on_random_programs(fn):
    fn = _columns(fn)
    check_facts(fn)


@settings(max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(programs())
def test_random_programs_infer_the_same_from_columns(fn):
    fn = _columns(fn)
    g = as_list(fn)
    for store in ("stmt", "block", "live", "shared"):
        a, b = infer.infer_function(fn, W, store), infer.infer_function(g, W, store)
        assert (a.ssa_types, a.return_type, a.live_in.bits, a.slot_types, a.slot_flags) == \
            (b.ssa_types, b.return_type, b.live_in.bits, b.slot_types, b.slot_flags), store
        assert [(d.message, d.code, d.span) for d in a.diagnostics] == \
            [(d.message, d.code, d.span) for d in b.diagnostics], store


def test_random_programs_have_column_statements():
    """The hypothesis programs above do exercise the column path."""
    seen = [0, 0]

    @settings(max_examples=40, deadline=None, database=None, derandomize=True)  # the same 40 programs each run
    @given(programs())
    def count(fn):
        body = _columns(fn).stmts
        seen[0] += len(body)
        seen[1] += len(body) - len(body.trees)

    count()
    assert seen[1] > seen[0] // 5


@pytest.mark.parametrize("stmts,diamond_every,seed,store", spread(MTK[:4], ["stmt", "block", "live", "shared"],
                                                                  ids=lambda c: "-".join(map(str, c))))
def test_mtk_inference_and_text_same_from_columns(stmts, diamond_every, seed, store):
    program = _mtk(stmts, diamond_every, seed, store).program
    cols, objs = _infer_both(program, store)
    assert cols == objs


@pytest.mark.parametrize("path", CASES)
def test_inputs_inference_and_text_same_from_columns(path):
    program = _functions(path)
    if program is None:
        return
    cols, objs = _infer_both(program, "shared")
    assert cols == objs


@pytest.mark.parametrize("diamond_every", [0, 40])
def test_liveness_and_flags_make_no_statement(diamond_every):
    """After inference (whose engine may still make statements), liveness and
    flags again over a generated program: no statement made."""
    res = _mtk(1500, diamond_every, 7)
    for fn, r in res.results:
        body = fn.stmts
        assert type(body) is Body and len(body.trees) < len(body) // 10
        if not fn.blocks:
            cfg.compute_blocks(fn)
        body._made.clear()
        facts = liveness.collect_facts(fn)
        live = liveness.compute_liveness(fn, facts.reads, facts.blocks)
        liveness.used_values(fn, facts.ssas, facts.partial, facts.dead)
        flags.syntactic_flags(fn, facts.reads, facts.called, facts)
        argtypes = {s.id: r.slot_types[s.id] for s in fn.slots if s.argument}
        flags._slot_types(fn, r.ssa_types, r._transfer, argtypes, facts.write_pcs)
        if not diamond_every:  # one block, nothing undefined: flags replay no block
            flags.analyse(fn, r.ssa_types, r._store, r._transfer, argtypes, "", facts.reads, facts.called,
                          live, facts)
        made = {k for k in body._made if body.shape[k] != 0}
        assert not made, sorted(made)[:10]


def _wide_program(width: int, run: int) -> str:
    """A function with a tree statement of `width` slot reads and `width` `%n`
    between runs of `run` column statements (and a callee slot).  Each run starts
    again from `%1`, not from the tuple before it: `add_float`'s type is its first
    argument's, so a run reading the tuple would nest tuples `width` wide three
    deep (a 240 MB `Body` line to print, which only cost time here)."""
    lines = ["function h(f, x::Float64)", "  1 ─ %1 = (f)(x)"]
    n = 1
    for _ in range(3):
        for i in range(run):
            lines.append(f"  │   %{n + 1} = Base.add_float({'%1' if i == 0 else f'%{n}'}, x)")
            n += 1
        args = ", ".join(["x"] * width + [f"%{n}"] * width)
        lines.append(f"  │   %{n + 1} = Core.tuple({args})")
        n += 1
    lines.append(f"  └──      return %{n - 1}")
    lines.append("end")
    return "\n".join(lines) + "\n"


# 256 and 255 are the edges of the one-byte operand count
@pytest.mark.parametrize("width,run", [(300, 40), (256, 3), (255, 30), (2, 70)])
def test_wide_tree_statements(width, run):
    res = analyse("<wide>", _wide_program(width, run), Options(store="shared"))
    assert not res.errors, [d.message for d in res.errors]
    (fn, r), = res.results
    assert type(fn.stmts) is Body and fn.stmts.trees
    check_facts(fn)
    cols, objs = _infer_both(res.program, "shared")
    assert cols == objs
    assert r.slot_flags[2] & flags.SLOT_CALLED


def test_ragged_of_counts():
    from irc.infer.ragged import Ragged

    r = Ragged.of_counts([1, 2, 3, 4], bytes([0, 2, 0, 2]))
    assert len(r) == 4 and r._start is None  # offsets not made yet
    assert r[1] == [1, 2] and r[-1] == [3, 4] and r[2] == [] and list(r) == [[], [1, 2], [], [3, 4]]
    assert list(r.start) == [0, 0, 2, 2, 4] and len(r) == 4
    assert r == Ragged([1, 2, 3, 4], r.start) and r == [[], [1, 2], (), [3, 4]]
    with pytest.raises(IndexError):
        Ragged.of_counts([], bytes([0]))[1]
