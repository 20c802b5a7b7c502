"""The CLI's world evaluates the shipped prelude's methods on first use
(`World.build(…, lazy=True)`, `irc.cli.driver.make_world`); that equals
evaluating them all at build time:

- the eager prelude-only world has no errors, notes or unknown type names,
  and evaluating its declarations makes no call (so the order they are
  evaluated in cannot matter);
- every function's forced methods equal the eager ones (signature, result,
  variables, refinement, origin, line, own), forced one by one in the
  prelude's order, in reverse and in a shuffled order;
- laziness is used only when the program declares nothing and no extra
  prelude is given;
- whole analyses print the same text and JSON (every store) either way, on
  every sample, every conformance input and generated ModelingToolkit-like
  programs.
"""
from __future__ import annotations

import random

import pytest

from budget import spread
from conftest import CONFORMANCE, sample_files
from infer_runner import text_and_json
from mtk_programs import mtk_text

from irc.cli import driver
from irc.cli.driver import Options
from irc.syntax.parser import parse_text
from irc.world import world as Wm
from irc.world.world import World

STORES = ("stmt", "block", "live", "shared")
INPUTS = [str(p) for p in sample_files() + sorted(CONFORMANCE.glob("*/*.ir"))]


def _fields(m):
    """A method as comparable text (each world has its own `TypeName` for the prelude's struct)."""
    return repr((m.func, m.sig, m.result, m.result_expr, m.vars, m.refinement, m.foldable, m.origin, m.line, m.own))


def test_the_eager_prelude_world_is_clean_and_makes_no_call(monkeypatch):
    calls = []
    real = World.call
    monkeypatch.setattr(World, "call", lambda self, *a, **k: calls.append(a) or real(self, *a, **k))
    w = World.build((), lazy=False)
    assert w.errors == [] and w._notes == [] and w.unknown_types == {} and calls == []
    assert w._pending == {}


@pytest.mark.parametrize("order", ["prelude", "reverse", "shuffled"])
def test_forced_methods_equal_the_eager_ones(order):
    eager = World.build((), lazy=False)
    lazy = World.build((), lazy=True)
    assert list(lazy.methods) == list(eager.methods)  # every function named, in the same order
    assert lazy.modules == eager.modules and lazy.closed == eager.closed
    assert {k: repr(v) for k, v in lazy.types.items()} == {k: repr(v) for k, v in eager.types.items()}
    names = list(lazy._pending)
    assert names and set(names) <= set(eager.methods)
    if order == "reverse":
        names.reverse()
    elif order == "shuffled":
        random.Random(7).shuffle(names)
    for q in names:
        if q in lazy._pending:
            lazy._force(q)
        assert [_fields(m) for m in lazy.methods[q]] == [_fields(m) for m in eager.methods[q]], q
    assert lazy._pending == {} and lazy.errors == [] and lazy._notes == []
    assert {q: [_fields(m) for m in ms] for q, ms in lazy.methods.items()} == \
        {q: [_fields(m) for m in ms] for q, ms in eager.methods.items()}


def test_lazy_only_when_the_program_declares_nothing(tmp_path):
    fn = "function f(x::Int64)\n1 ─ %1 = x + 1\n└──      return %1\nend\n"
    plain = parse_text(fn, "a.ir").items
    assert World.build(plain, lazy=True)._pending
    assert not World.build(plain, lazy=False)._pending
    assert not World.build(plain, prelude=False, lazy=True)._pending
    extra = tmp_path / "p.ir"
    extra.write_text("declare Main.g(::Int64)::Int64\n")
    assert not World.build(plain, extra_preludes=(str(extra),), lazy=True)._pending
    for decl in ("declare Main.g(::Int64)::Int64\n", "struct S\n    a::Int64\nend\n", "abstract type A end\n",
                 "const K = 1\n"):
        items = parse_text(decl + fn, "b.ir").items
        assert not World.build(items, lazy=True)._pending, decl


def _outputs(path: str, text: str, lazy: bool, monkeypatch, stores=STORES) -> list:
    real = Wm.World.build.__func__

    def build(cls, *a, **k):
        k["lazy"] = lazy
        return real(cls, *a, **k)

    monkeypatch.setattr(Wm.World, "build", classmethod(build))
    out = []
    for store in stores:
        o, _, functions_json = text_and_json(path, text, Options(store=store))
        stats = {k: v for k, v in o.stats.items() if not k.startswith("seconds")}  # times differ
        out.append((o.output, functions_json, o.messages, o.errors, o.warnings, stats))
    monkeypatch.undo()
    return out


# each input in one store by default (by hash), in every store under --exhaustive
@pytest.mark.parametrize("path,store", spread(INPUTS, STORES, ids=lambda p: p.rsplit("/", 2)[-1] if "/" in p else p))
def test_whole_runs_print_the_same(path, store, monkeypatch):
    with open(path, encoding="utf-8") as fh:
        text = fh.read()
    assert _outputs(path, text, True, monkeypatch, (store,)) == _outputs(path, text, False, monkeypatch, (store,))


@pytest.mark.parametrize("stmts, diamond_every, seed", [(600, 0, 1), (900, 150, 2), (1200, 100, 3)])
def test_generated_programs_print_the_same(stmts, diamond_every, seed, monkeypatch):
    text = mtk_text(stmts, diamond_every, seed)
    assert _outputs("g.ir", text, True, monkeypatch) == _outputs("g.ir", text, False, monkeypatch)


def test_the_cli_builds_lazily():
    program = driver.build(driver.parse("a.ir", "function f(x::Int64)\n1 ─ %1 = x + 1\n└──      return %1\nend\n"))
    assert driver.make_world(program, Options())._pending


# ---------------------------------------------------------------- the prelude's index, cached on disk


def _lazy_methods(w):
    for q in list(w._pending):
        w._force(q)
    return {q: [_fields(m) for m in ms] for q, ms in w.methods.items()}


def test_the_index_is_the_prelude_grouped_per_function():
    import pickle

    from irc.syntax.cache import parse_items
    from irc.world.preludeindex import build_index, prelude_index

    text, path = Wm.prelude_text(), str(Wm.PRELUDE_PATH)
    items = parse_items(text, path)
    other, names, blobs = build_index(items)
    decls = [it for it in items if type(it).__name__ == "MethodDecl"]
    assert len(names) == len(decls) == 1201 and len(other) == len(items) - len(decls)
    # a constructor of a type's instances (`declare Base.Ref{T}(…)`) is its own function, `Base.Ref{}`;
    # a method of a type's instances (`declare (::T)(…)`) too, `T()`
    assert [tuple(d.name.parts[:-1]) + (d.name.parts[-1] + ("{}" if d.params is not None else
                                                           "()" if d.callable is not None else ""),)
            for d in decls] == list(names)
    assert ("Base", "Ref{}") in names and ("Base", "Ref") in names
    regrouped = [d for q in blobs for d in pickle.loads(blobs[q])]
    assert sorted(map(repr, regrouped)) == sorted(map(repr, decls))
    # the cached index (maybe written by an earlier run, from items parsed or
    # unpickled then) holds the same declarations; its pickles' bytes may
    # differ where objects were shared differently, so compare what they hold
    c_other, c_names, c_blobs = prelude_index(text, path)
    assert list(map(repr, c_other)) == list(map(repr, other)) and c_names == names
    assert c_blobs.keys() == blobs.keys()
    assert all(repr(pickle.loads(c_blobs[q])) == repr(pickle.loads(blobs[q])) for q in blobs)


@pytest.mark.parametrize("state", ["miss", "hit", "corrupt", "off", "unwritable"])
def test_a_world_from_the_index_equals_the_eager_one_however_the_cache_is(state, tmp_path, monkeypatch):
    from irc.world import preludeindex as P

    cache = tmp_path / "cache"
    monkeypatch.setenv("IRC_CACHE_DIR", "" if state == "off" else str(cache))
    P.prelude_index.cache_clear()
    if state in ("hit", "corrupt"):
        World.build((), lazy=True)  # writes the entry
        P.prelude_index.cache_clear()
        [entry] = cache.glob(P.PREFIX + "*.pickle")
        if state == "corrupt":
            entry.write_bytes(b"not a pickle")
    if state == "unwritable":
        cache.mkdir(mode=0o700)
        import tempfile

        def denied(*a, **k):
            raise OSError(13, "denied")

        monkeypatch.setattr(tempfile, "mkstemp", denied)
    try:
        lazy = World.build((), lazy=True)
        assert lazy._pending
        assert _lazy_methods(lazy) == {q: [_fields(m) for m in ms] for q, ms in World.build(()).methods.items()}
    finally:
        P.prelude_index.cache_clear()
    if state in ("miss", "corrupt"):
        assert len(list(cache.glob(P.PREFIX + "*.pickle"))) == 1  # written (again)
    if state == "unwritable":
        assert not list(cache.glob(P.PREFIX + "*.pickle"))


def test_old_index_entries_are_pruned(tmp_path, monkeypatch):
    from irc.world import preludeindex as P

    monkeypatch.setenv("IRC_CACHE_DIR", str(tmp_path))
    for i in range(P.MAX_ENTRIES + 3):
        (tmp_path / f"{P.PREFIX}old{i:02d}.pickle").write_bytes(b"x")
    P.prelude_index.cache_clear()
    try:
        P.prelude_index(Wm.prelude_text(), str(Wm.PRELUDE_PATH))
    finally:
        P.prelude_index.cache_clear()
    assert len(list(tmp_path.glob(P.PREFIX + "*.pickle"))) == P.MAX_ENTRIES
