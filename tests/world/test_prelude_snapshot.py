"""A world built on the shipped prelude's snapshot (`irc.world.world._prelude_snapshot`,
`World._build_on`: what `World.build` does when the program declares something) equals
the world built in full, and says so only when it can:

- the program's answers (text, JSON, diagnostics, `--check`, stubs: `irc.api.analyse`) and
  the world itself (its functions in order, every method, its types, modules, domains and
  closed functions) are the same with the snapshot and without it, for programs that declare
  types, constants, globals and methods beside the prelude's, that add a method to a
  prelude function or replace one of its methods, and that rebind a name the prelude's
  declarations read (its own struct, `AbstractVector`, `Int64` in `Main`); on the samples
  that declare something (a quarter by default, each in one Julia version; all of them in
  every version under `--exhaustive`); and for the same declarations read from an extra
  prelude (`--prelude`);
- a program that rebinds a name the prelude's evaluation looked at is built in full
  (`_build_on` gives None), any other is not;
- a build never changes the snapshot (a replaced prelude method is back in the next world).
"""
from __future__ import annotations

import pytest

from budget import spread
from conftest import sample_files

from irc.api import Options, analyse
from irc.syntax.parser import parse_text
from irc.syntax.version import V1_10, V1_11, V1_12
from irc.world import world as Wm
from irc.world.world import World

F = ("function f(x::Int64)\nCodeInfo(\n1 ─ %1 = Base.sin(x)::Float64\n│   %2 = (%1 + x)::Float64\n"
     "│   %3 = Base.length(x)::Int64\n└──      return %2\n) => Float64\nend\n")

PROGRAMS = {
    "struct_and_method": "struct Foo\n    a::Int64\nend\ndeclare Base.length(::Foo)::Int64\n" + F,
    "const_global_module": "const Main.SCALE = 3\nglobal Main.counter::Int64\nstruct M.Inner.Bar end\n"
                           "declare M.g(::Int64)::Float64\n" + F,
    "replaces_a_prelude_method": "declare Base.length(::OffsetVector{T, Vector{T}})::Int32 where T\n" + F,
    "complete_domain": "declare @complete Main.h(::Int64)\ndeclare Main.h(::Int64)::Int64\n" + F,
    "own_offsetvector": "struct OffsetVector{T}\n    x::T\nend\n" + F,
    "main_abstractvector": "abstract type AbstractVector{T} end\n" + F,
    "main_int64": "const Main.Int64 = Int32\n" + F,
    "bad_declaration": "declare Base.length(::NoSuchThing{1, 2})::Int64\nstruct Foo <: Int64 end\n" + F,
}
REBINDS = {"own_offsetvector", "main_abstractvector", "main_int64"}
VERSIONS = {"1.10": V1_10, "1.11": V1_11, "1.12": V1_12}


def _declaring_samples() -> list[str]:
    out = []
    for p in sample_files():
        items = parse_text(p.read_text(encoding="utf-8"), str(p)).items
        if any(type(it).__name__ != "FunctionDef" for it in items):
            out.append(str(p))
    return out


def _full(monkeypatch):
    monkeypatch.setattr(Wm, "_prelude_snapshot", lambda *a: None)


def _world(w: World) -> tuple:
    def fields(m):  # a method as comparable text (the prelude's struct is a TypeName of each world)
        return repr((m.func, m.sig, m.result, m.result_expr, m.vars, m.refinement, m.foldable, m.origin, m.line, m.own))

    return ({q: [fields(m) for m in ms] for q, ms in w.methods.items()}, list(w.methods),
            {k: repr(v) for k, v in w.types.items()}, list(w.types), repr(w.consts), repr(w.globals),
            sorted(w.modules), repr(w.domains), sorted(w.closed), repr(w.errors), repr(w._notes),
            sorted(w.unknown_types))


def _answers(text: str, julia: str, monkeypatch, full: bool) -> dict:
    if full:
        _full(monkeypatch)
    try:
        return analyse(text, Options(julia=julia), path="p.ir").as_dict()
    finally:
        monkeypatch.undo()


@pytest.mark.parametrize("julia", sorted(VERSIONS))
@pytest.mark.parametrize("name", sorted(PROGRAMS))
def test_programs_answer_the_same_with_the_snapshot_and_without(name, julia, monkeypatch):
    text = PROGRAMS[name]
    assert _answers(text, julia, monkeypatch, False) == _answers(text, julia, monkeypatch, True)


@pytest.mark.parametrize("name", sorted(PROGRAMS))
def test_the_same_declarations_in_an_extra_prelude_answer_the_same_with_the_snapshot_and_without(name, tmp_path,
                                                                                                   monkeypatch):
    declarations, program = PROGRAMS[name][:-len(F)], F
    extra = tmp_path / "extra.ir"
    extra.write_text(declarations, encoding="utf-8")
    answers = []
    for full in (False, True):
        if full:
            _full(monkeypatch)
        answers.append(analyse(program, Options(extra_preludes=(str(extra),)), path="p.ir").as_dict())
        monkeypatch.undo()
    assert answers[0] == answers[1]


@pytest.mark.parametrize("name", sorted(PROGRAMS))
def test_the_world_is_the_same_with_the_snapshot_and_without(name, monkeypatch):
    items = parse_text(PROGRAMS[name], "p.ir").items
    worlds = []
    for full in (False, True):
        if full:
            _full(monkeypatch)
        try:
            worlds.append(_world(World.build(items, path="p.ir")))
        except Exception as e:  # noqa: BLE001 - the same refusal both ways
            worlds.append(repr(e))
        monkeypatch.undo()
    assert worlds[0] == worlds[1]


# a quarter of the samples by default, each in one version (by hash); every sample in every version under --exhaustive
@pytest.mark.parametrize("path,julia", spread(_declaring_samples(), sorted(VERSIONS), ids=lambda p: p.rsplit("/", 1)[-1],
                                              every=4, always=lambda p: False))
def test_declaring_samples_answer_the_same_with_the_snapshot_and_without(path, julia, monkeypatch):
    with open(path, encoding="utf-8") as fh:
        text = fh.read()
    assert _answers(text, julia, monkeypatch, False) == _answers(text, julia, monkeypatch, True)


def test_only_a_program_that_rebinds_a_name_the_prelude_read_is_built_in_full():
    for julia, rules in VERSIONS.items():
        snap = Wm._prelude_snapshot(Wm.prelude_text(), str(Wm.PRELUDE_PATH), rules)
        assert snap is not None and "Main.OffsetVector" in snap.probes, julia
        for name, text in PROGRAMS.items():
            if name == "bad_declaration":
                continue
            w = World._build_on(snap, [("p.ir", tuple(parse_text(text, "p.ir").items), True)], {}, text, rules, ())
            assert (w is None) == (name in REBINDS), (julia, name)


def test_a_build_never_changes_the_snapshot():
    text = PROGRAMS["replaces_a_prelude_method"]
    snap = Wm._prelude_snapshot(Wm.prelude_text(), str(Wm.PRELUDE_PATH), V1_10)
    before = {q: list(ms) for q, ms in snap.methods.items()}, dict(snap.types), dict(snap.memo), set(snap.modules)
    replaced = World.build(parse_text(text, "p.ir").items)
    plain = World.build(parse_text(PROGRAMS["struct_and_method"], "p.ir").items)
    assert ({q: list(ms) for q, ms in snap.methods.items()}, dict(snap.types), dict(snap.memo), set(snap.modules)) == before
    mine = [m for m in replaced.methods["Base.length"] if m.own]
    assert len(mine) == 1 and mine[0] not in plain.methods["Base.length"]
    assert [m for m in plain.methods["Base.length"] if not m.own] == list(snap.methods["Base.length"])
