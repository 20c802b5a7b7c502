"""The column body (`irc.ir.body.Body`, issue 13 item 2) against the object IR.

- A `Body` gives back, statement by statement, the `Stmt` objects it was
  given (`from_stmts` then `materialize`), keeps a statement in columns only
  where that holds, and holds nearly every statement of a generated MTK
  program in columns;
- the whole pipeline on a `Body` equals the pipeline on the same statements
  as a plain list (the object paths every reader keeps): text in every
  mode, JSON, types, flags and diagnostics, in every store, on every sample
  (samples/ and samples/real), the conformance inputs and generated MTK
  programs straight and with diamonds (by default each input in one store,
  chosen by hash, and a quarter of samples/real; all of it under `--exhaustive`);
- the default `irc infer` path reads the columns: on a generated MTK
  program no stage makes a statement object (`Body._made` stays empty).
"""
from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from budget import not_real, spread
from conftest import CONFORMANCE, SAMPLES
from mtk_programs import mtk_text

from irc.cli import driver
from irc.ir import body as B
from irc.ir.model import Kind, Stmt
from irc.output.jsondoc import document, dumps, function_json
from irc.output.text import render_program
from irc.syntax import tree as S

INPUTS = [str(p) for p in sorted(SAMPLES.glob("**/*.ir")) + sorted(CONFORMANCE.glob("*/*.ir"))]
STORES = ["stmt", "block", "live", "shared"]
MTK = [(120, 0, 1), (300, 0, 2), (400, 40, 3), (250, 25, 4)]


def _read(path: str) -> str:
    with open(path, encoding="utf-8") as fh:
        return fh.read()


def _program(path: str, text: str):
    """The built program, or None for an input the builder rejects (error cases)."""
    try:
        return driver.build(driver.parse(path, text), consume=True)
    except Exception as e:  # noqa: BLE001 - the samples include inputs with located errors
        from irc.errors import IrcError

        if isinstance(e, IrcError):
            return None
        raise


def _as_lists(program):
    """The same program with every body as a plain list of its statements."""
    fns = [dataclasses.replace(fn, stmts=list(fn.stmts), dup_names_cache=None) for fn in program.functions]
    return dataclasses.replace(program, functions=fns)


def _run(program, store: str) -> list:
    """What a run shows: text in four modes, JSON, flags and diagnostics (each run builds its own world,
    whose types compare by identity of their type names: types are compared as printed)."""
    world = driver.make_world(program, driver.Options(store=store))
    results = driver.infer_program(program, world, store)
    out = [render_program(program, results), render_program(program, results, plain=True),
           render_program(program, results, entries="full"), render_program(program, results, colour=True),
           dumps(document([function_json(fn, r) for fn, r in results]))]
    for fn, r in results:
        out.append((fn.name, r.slot_flags, [(d.severity, d.message, d.code, d.span) for d in r.diagnostics]))
    return out


def _columns_equal_objects(path: str, text: str, stores=STORES) -> None:
    for store in stores:
        program = _program(path, text)
        if program is None:
            return
        on_columns = _run(program, store)
        assert _run(_as_lists(_program(path, text)), store) == on_columns, store



# ---------------------------------------------------------------- the body itself
@pytest.mark.parametrize("path", INPUTS, ids=lambda p: Path(p).name)
def test_body_gives_back_its_statements(path):
    program = _program(path, _read(path))
    if program is None:
        return
    for fn in program.functions:
        body = fn.stmts
        assert type(body) is B.Body
        stmts = list(body)
        assert len(stmts) == len(body)
        again = B.Body.from_stmts(stmts, body.slot_names)
        assert list(again) == stmts
        assert bytes(again.shape) == bytes(body.shape)
        for k, st in enumerate(stmts):
            assert body[k] is st  # one object per statement, on every access
            if body.shape[k] != B.TREE:
                assert again._make(k, again.shape[k]) == st
                assert body.kind(k) is st.kind


def test_columns_refuse_what_they_cannot_give_back():
    names = [None, "#self#", "x", "y"]
    body = B.Body(names)
    ok = Stmt(Kind.ASSIGN, S.Call(S.Name(("Base", "*"), 3, 9), [S.SlotRef("x", 2, 3, 18), S.Lit(2.0, "Float64", "2.0", 3, 21)],
                                  None, 3, 9), 3, None, (), 4, None, 3, 5)
    refused = [
        Stmt(Kind.VALUE, S.SlotRef("z", 2, 3, 5), None, None, (), None, None, 3, 5),  # a name that is not the slot's
        Stmt(Kind.VALUE, S.SSA(2, 3, 5), None, None, (), None, S.Name(("Int64",), 3, 9), 3, 5),  # an annotation
        Stmt(Kind.VALUE, S.Call(S.Name(("f",), 3, 5), [S.SSA(1, 3, 7)] * 4, None, 3, 5), None, None, (), None, None, 3, 5),
        Stmt(Kind.VALUE, S.Call(S.Name(("+",), 3, 5), [S.SSA(1, 3, 7)], "+", 3, 5), None, None, (), None, None, 3, 5),
        Stmt(Kind.RETURN, S.SSA(1, 3, 12), None, None, (), None, None, 3, 5),
        Stmt(Kind.VALUE, S.SSA(1, 4, 5), None, None, (), None, None, 3, 5),  # an operand on another line
        Stmt(Kind.VALUE, S.Call(S.Call(S.Name(("g",), 3, 5), [], None, 3, 5), [S.SSA(1, 3, 9)], None, 3, 5), None, None,
             (), None, None, 3, 5),
        Stmt(Kind.VALUE, S.SSA(1, 3, 5), None, None, [], None, None, 3, 5),  # args as a list: kept as written
    ]
    body.append_stmt(ok)
    for st in refused:
        body.append_stmt(st)
    assert body.shape[0] == B.CALL2 and body.f[0] & 3 == B.NAME_TAG and body.a0[0] == 2 << 2 | B.SLOT_TAG
    assert body.a1[0] & 3 == B.LIT_TAG and body.slot[0] == 3 and body.label[0] == 4
    assert list(body.shape[1:]) == [B.TREE] * len(refused)
    assert list(body) == [ok, *refused]
    assert body[1] is refused[0] and body[-1] is refused[-1]
    assert body == [ok, *refused] and [ok, *refused] == body
    with pytest.raises(IndexError):
        body[len(refused) + 1]


def test_literals_and_names_are_interned_once_per_function():
    text = mtk_text(300, 0, 5)
    program = _program("<mtk>", text)
    (fn,) = program.functions
    body = fn.stmts
    lits = [(x.kind, x.text) for x in body.lits]
    assert len(lits) == len(set(lits))
    assert len({x.parts for x in body.names}) == len(body.names)
    share = sum(1 for s in body.shape if s != B.TREE) / len(body)
    assert share > 0.95, share  # nearly every statement of MTK output is in columns


# ---------------------------------------------------------------- the pipeline on columns = on objects
# each input in one store by default (samples/real: one input in four), all under --exhaustive
@pytest.mark.parametrize("path,store", spread(INPUTS, STORES, ids=lambda p: Path(p).name, every=4, always=not_real))
def test_pipeline_on_columns_equals_pipeline_on_objects(path, store):
    _columns_equal_objects(path, _read(path), [store])


@pytest.mark.parametrize("stmts,diamond_every,seed,store", spread(MTK, STORES, ids=lambda c: "-".join(map(str, c))))
def test_mtk_pipeline_on_columns_equals_pipeline_on_objects(stmts, diamond_every, seed, store):
    _columns_equal_objects("<mtk>", mtk_text(stmts, diamond_every, seed), [store])


# ---------------------------------------------------------------- the default path reads columns
@pytest.mark.parametrize("stmts,diamond_every,seed", MTK)
@pytest.mark.parametrize("store", STORES)
def test_default_path_makes_no_statement_object(stmts, diamond_every, seed, store):
    """`irc infer`'s stages (build, cfg, liveness, engine, flags, text) on MTK
    output read the columns: the body makes no `Stmt` for a column statement."""
    from irc.cli.driver import Options, analyse

    res = analyse("<mtk>", mtk_text(stmts, diamond_every, seed), Options(store=store))
    assert not res.errors
    render_program(res.program, res.results)
    (fn,) = res.program.functions
    made = sorted(fn.stmts._made)
    assert made == [], f"{len(made)} statements made, first {made[:5]}"
