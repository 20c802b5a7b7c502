"""The engine and the transfer read a `Body`'s columns (`Transfer.column_typer`,
`Transfer.value_runner` on a `Body`, the engine's walk, `try_handlers`,
`replay`) and give exactly what their object path gives: the same function
with `fn.stmts` given as `list(fn.stmts)` (the statements the `Body`
materialises, so node identities agree where a reader keeps nodes: call
notes, `calls_at`).

Compared: SSA types, return type, slot types and flags, diagnostics,
`widened`, `from_input`, the transfer's call notes (`irc stubs`), `calls_at`
and `from_slot` (`irc stubs --all`), the printed text and JSON, and the
`irc stubs` file -- over every sample (samples/real included), the
conformance inputs, generated MTK programs with and without diamonds,
random programs (hypothesis), in every store, with and without
`use_printed` (by default each input in one of these variants, chosen by hash,
and a quarter of samples/real; every variant of every input under `--exhaustive`).  And the engine makes no statement object on a generated MTK
program (`Body._made` stays empty through the engine)."""
from __future__ import annotations

import copy
import os

import pytest
from hypothesis import HealthCheck, given, settings

from budget import examples, not_real, spread

from conftest import CONFORMANCE, SAMPLES
from handbuilt_ir import W
from mtk_programs import mtk_text
from test_stores_agree import programs

from irc.cli import driver
from irc.cli.driver import FileResult, Options
from irc.infer import analysis, liveness
from irc.infer.analysis import infer_function
from irc.infer.engine import replay, try_handlers
from irc.ir.body import Body
from irc.output.jsondoc import document, dumps, function_json
from irc.diagnose.stubs import Stubs, collect, render
from irc.output.text import render_program

STORES = ["stmt", "block", "live", "shared"]
INPUTS = [str(p) for p in sorted(SAMPLES.rglob("*.ir"))] + \
    [str(p) for p in (sorted(CONFORMANCE.glob("*/*.ir")) if CONFORMANCE.is_dir() else [])]


def _read(path):
    with open(path, encoding="utf-8") as fh:
        return fh.read()


def _programs(path, text):
    """The program twice (two builds of one parse): as built (`Body`), and with
    each function's statements as a list of the `Body`'s own statements."""
    with driver.deep_recursion():
        try:
            source = driver.parse(path, text)
            cols = driver.build(source)
            objs = driver.build(source)
        except Exception:  # noqa: BLE001 - an input irc refuses: nothing to compare
            return None
    for a, b in zip(cols.functions, objs.functions):
        if type(a.stmts) is Body:
            b.stmts = list(a.stmts)  # the same objects a materialised statement of `a` is
    return cols, objs


def _infer(prog, store, use_printed):
    options = Options(store=store, use_printed=use_printed)
    with driver.deep_recursion():
        world = driver.make_world(prog, options)
        results = driver.infer_program(prog, world, store, use_printed)
    return FileResult(prog.path, prog.text, prog, world, results)


def _canon(x) -> str:
    """`repr` with the members of every frozenset sorted: two worlds' types hash
    apart, so a union's members iterate in an order that differs between two
    runs whatever the paths (the printed text and JSON are compared as they are)."""
    return _sorted_sets(repr(x))


def _sorted_sets(text: str) -> str:
    head = "frozenset({"
    i = text.find(head)
    if i < 0:
        return text
    j = i + len(head)
    depth, k, parts, start = 0, j, [], j
    while k < len(text):
        c = text[k]
        if c in "([{":
            depth += 1
        elif c in ")]}":
            if depth == 0:
                break
            depth -= 1
        elif c == "," and depth == 0:
            parts.append(text[start:k].strip())
            start = k + 1
        elif c in "'\"":  # skip a string literal
            q = c
            k += 1
            while k < len(text) and text[k] != q:
                k += 2 if text[k] == "\\" else 1
        k += 1
    parts.append(text[start:k].strip())
    members = sorted(_sorted_sets(m) for m in parts if m)
    return text[:i] + head + ", ".join(members) + _sorted_sets(text[k:])


def _node(fn, pc, e, attr):
    """How a node the transfer kept relates to statement pc: the statement's own (by identity) or not."""
    st = fn.stmt(pc)
    v = getattr(st, "value", None)
    return getattr(v, attr, None) is e, _canon(e)


def _summary(res, stubs=True):
    out = [render_program(res.program, res.results),
           dumps(document([function_json(fn, r) for fn, r in res.results]))]
    for fn, r in res.results:
        tr = r._transfer
        out.append(_canon((fn.name, r.ssa_types, r.return_type, r.slot_types, r.slot_flags, sorted(r.widened),
                         sorted(r.from_input), [(d.severity, d.message, d.code, d.span) for d in r.diagnostics])))
        out.append(_canon((sorted(tr.widened), sorted(tr.from_input.items()), sorted(tr._gaps), sorted(tr.diags.items()))))
        out.append(_canon(sorted((pc, [(_node(fn, pc, args, "args"), _canon(note), whole) for args, note, whole in notes])
                               for pc, notes in tr.call_notes.items())))
        calls_at = getattr(tr, "calls_at", None)
        if calls_at is not None:
            out.append(_canon(sorted((pc, _node(fn, pc, func, "func"), _canon(f), _canon(ats), _canon(jt))
                                   for pc, (func, f, ats, jt) in calls_at.items())))
            out.append(repr(sorted(tr.from_slot)))
    if stubs:
        s = Stubs()
        collect(res, s)
        out.append(render(s))
    return out


def _check(path, text, stores=STORES, printed=(False,)):
    progs = _programs(path, text)
    if progs is None:
        return
    cols, objs = progs
    for use_printed in printed:
        for store in stores:
            try:
                want = _summary(_infer(objs, store, use_printed))
            except Exception as e:  # noqa: BLE001 - the object path fails: the column path must fail alike
                with pytest.raises(type(e)):
                    _summary(_infer(cols, store, use_printed))
                continue
            assert _summary(_infer(cols, store, use_printed)) == want, (store, use_printed)


# (store, use_printed): every store as printed by irc, and two stores with the printed types used
VARIANTS = [(s, False) for s in STORES] + [(s, p) for p in (True, "all") for s in ("shared", "stmt")]


@pytest.mark.parametrize("path,variant", spread(
    INPUTS, VARIANTS, every=4, always=not_real,
    ids=lambda p: os.path.relpath(p, SAMPLES) if p.startswith(str(SAMPLES)) else os.path.basename(p)))
def test_columns_equal_objects_on_inputs(path, variant):
    store, use_printed = variant
    _check(path, _read(path), (store,), (use_printed,))


@pytest.mark.parametrize("stmts,diamond_every,seed,store", spread(
    [(400, 0, 1), (700, 0, 9), (900, 60, 3), (1200, 25, 11), (1500, 10, 4)], STORES, ids=lambda c: "-".join(map(str, c))))
def test_columns_equal_objects_on_mtk_programs(stmts, diamond_every, seed, store):
    text = mtk_text(stmts, diamond_every, seed)
    _check("<mtk>", text, (store,), (False, True))


def _as_body(fn):
    g = copy.copy(fn)
    g.stmts = Body.from_stmts(fn.stmts, [None] + [s.name for s in fn.slots])
    return g


def _compare(a, b):
    for s in STORES:
        r, o = a[s], b[s]
        assert (r.ssa_types, r.return_type, r.slot_types, r.slot_flags, r.widened, r.from_input) == \
            (o.ssa_types, o.return_type, o.slot_types, o.slot_flags, o.widened, o.from_input), s
        assert [(d.message, d.code, d.span) for d in r.diagnostics] == \
            [(d.message, d.code, d.span) for d in o.diagnostics], s
        for i in range(1, len(r.fn.stmts) + 1):
            assert r.replayed_state_before(i) == o.replayed_state_before(i), (s, i)


@settings(max_examples=examples(150), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(programs())
def test_random_programs_columns_equal_objects(fn):
    analysis._ensure_cfg(fn)
    body_fn = _as_body(fn)
    assert type(body_fn.stmts) is Body
    objects = {s: infer_function(fn, W, store=s) for s in STORES}
    columns = {s: infer_function(body_fn, W, store=s) for s in STORES}
    _compare(columns, objects)
    assert try_handlers(body_fn) == try_handlers(fn)


@pytest.mark.parametrize("diamond_every", [0, 30])
@pytest.mark.parametrize("store", STORES)
def test_engine_makes_no_statement_object(store, diamond_every, monkeypatch):
    """After liveness (another stage, which may still materialise), the
    engine and the transfer make no `Stmt`: `_made` stays empty."""
    text = mtk_text(1500, diamond_every, 5)
    with driver.deep_recursion():
        prog = driver.build(driver.parse("<mtk>", text))
    fn, = prog.functions
    assert type(fn.stmts) is Body
    real = liveness.compute_liveness
    seen = []

    def compute_then_forget(fn_, *a, **k):
        out = real(fn_, *a, **k)
        fn_.stmts._made.clear()  # what the stages before the engine made
        return out

    def run_then_look(*a, **k):
        out = real_run(*a, **k)
        seen.append(len(fn.stmts._made))
        return out

    real_run = analysis.run
    monkeypatch.setattr(analysis, "compute_liveness", compute_then_forget)
    monkeypatch.setattr(analysis, "run", run_then_look)
    world = driver.make_world(prog, Options(store=store))
    r = infer_function(fn, world, store=store)
    assert seen == [0]
    assert r.return_type is not None
    # and the column path was really taken: replay reads the columns too
    made = fn.stmts._made
    made.clear()
    b = fn.blocks[-1]
    view = r._store.view(len(fn.blocks))
    if view is not None:
        for _pc, _table in replay(fn, view, r._store.cond_slots(len(fn.blocks)), r.ssa_types, b.first, b.last,
                                  r._transfer):
            pass
    assert not made
