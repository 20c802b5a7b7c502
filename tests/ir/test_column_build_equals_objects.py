"""The builder's column path equals its object path.

`irc.ir.build` writes a matched body line (`fastpath.MatchedLine`, the
commonest) straight into the function's `Body` as a row of columns, with no
`ir.Stmt` nor node object; every other statement goes to the body through
`Body.append_stmt`.  The object path (`_Builder(..., objects=True)`) makes
an `ir.Stmt` per statement and converts the list at the end
(`Body.from_stmts`), as the builder did before.  Here every function is
built both ways, from two parses of the same text, keeping and consuming
its lines: slots, statements (every node, field by field: positions
included), the columns themselves (shapes, tags, positions, trees, the
interned literals and names with their positions), blocks and diagnostics
(text, location, order) must be the same -- on every sample (`samples/**`),
conformance input, generated program, error case, mutant, MTK-like
program, tricky body and the inputs that force the second walk.  The
column path is also run on the driver's parse, where the commonest lines
come as their regex matches (`parse_text(..., matches=True)`,
`irc.syntax.matches`): the same again."""
from __future__ import annotations

import dataclasses
import random
import sys
from pathlib import Path

import pytest

from irc.errors import DiagnosticSink, IrcError
from irc.ir.body import TREE, Body
from irc.ir.build import _Builder
from irc.syntax import fastpath as FP
from irc.syntax import tree as S
from irc.syntax.parser import parse_text

from conftest import CONFORMANCE, SAMPLES
from test_one_walk_builder_equals_two_walks import CORPUS, SECOND_WALK
from test_packed_build_equals_general import TRICKY

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
import strategies as G  # noqa: E402
from mtk_programs import mtk_text  # noqa: E402

_COLUMNS = ("shape", "slot", "label", "line", "col", "vcol", "f", "fc", "a0", "a1", "a2", "c0", "c1", "c2")


def _columns(body: Body) -> tuple:
    """Everything a `Body` holds but its cache of made statements."""
    return (tuple(tuple(getattr(body, c)) for c in _COLUMNS), sorted(body.trees), [body.trees[k] for k in sorted(body.trees)],
            [(x.value, type(x.value), x.kind, x.text, x.line, x.col) for x in body.lits],
            [(x.parts, x.line, x.col) for x in body.names], list(body.slot_names))


def _plain(bl):
    """A kept body line as a plain `BodyLine` (two `MatchedLine`s do not compare equal)."""
    return bl.unpacked() if type(bl) in (FP.MatchedLine, FP.PackedLine) else bl


def build_one(fd: S.FunctionDef, text: str, consume: bool, **builder) -> tuple:
    """One function of `text` built (`_Builder(fd, …, consume, **builder)`): the function (None if it
    was not built) and its diagnostics (severity, message, line, column, code), in order."""
    sink = DiagnosticSink("t.ir", text)
    fn = _Builder(fd, sink, consume, **builder).build()
    return fn, [(d.severity, d.message, d.span.line, d.span.col, d.code) for d in sink.items]


def _parse(text: str, matches: bool = False) -> S.SourceFile | None:
    try:
        return parse_text(text, "t.ir", matches=matches)
    except IrcError:
        return None


def _lines(src: S.SourceFile | None) -> list:
    """The body lines of each function of a parse (to check that a build keeping them left them as they were)."""
    return [] if src is None else [list(it.lines) for it in src.items if type(it) is S.FunctionDef]


def _unchanged(src: S.SourceFile | None, before: list) -> bool:
    after = _lines(src)
    return len(after) == len(before) and all(len(a) == len(b) and all(x is y for x, y in zip(a, b))
                                             for a, b in zip(after, before))


def _builds(text: str, objects: bool, consume: bool, matches: bool = False,
            src: S.SourceFile | None = None) -> tuple[list, int]:
    """Every function of `text` built (from `src`, a parse of it, else a parse of its own)."""
    if src is None:
        src = _parse(text, matches)
    if src is None:
        return [], 0
    out, columns = [], 0
    for it in src.items:
        if type(it) is S.FunctionDef:
            fn, diags = build_one(it, text, consume, objects=objects, index=src.line_index)
            if fn is None:
                out.append((None, diags))
                continue
            body = fn.stmts
            assert type(body) is Body
            cols = _columns(body.filled())  # before anything is materialised (positions a row left: from the source)
            columns += sum(1 for s in body.shape if s != TREE)
            if not objects:
                assert not body._made  # the column path made no statement object
            stmts = list(body)
            assert _columns(Body.from_stmts(stmts, body.slot_names)) == cols  # the body of its own statements
            source = dataclasses.replace(fn.source, lines=[_plain(bl) for bl in fn.source.lines])
            out.append(((fn.name, fn.module, fn.slots, stmts, fn.blocks, fn.stmt_block, source, repr(body), cols),
                        diags))
    return out, columns


def _same(text: str) -> int:
    """Every function of `text` built both ways (lines kept and consumed); how many statements are in columns.
    The object path and the column path each read a parse of their own; a path's build keeping the lines and
    then its build consuming them read one parse (the first leaves every line as it was: checked), the driver's
    parse (`matches=True`) one each (a build keeping its lines may turn matches into line objects)."""
    objects_src, columns_src = _parse(text), _parse(text)
    kept = _lines(objects_src), _lines(columns_src)
    old, n = _builds(text, True, False, src=objects_src)
    assert _unchanged(objects_src, kept[0])
    for consume in (False, True):
        new, m = _builds(text, False, consume, src=columns_src)
        assert new == old
        assert m == n
        assert consume or _unchanged(columns_src, kept[1])
        new, m = _builds(text, False, consume, matches=True)
        assert new == old
        assert m == n
    assert _builds(text, True, True, src=objects_src)[0] == old
    return n


def _samples() -> list[tuple[str, str]]:
    out = [(str(p.relative_to(SAMPLES)), p.read_text(encoding="utf-8")) for p in sorted(SAMPLES.glob("**/*.ir"))]
    if CONFORMANCE.is_dir():
        out += [(str(p.relative_to(CONFORMANCE)), p.read_text(encoding="utf-8")) for p in sorted(CONFORMANCE.glob("*/*.ir"))]
    return out


SAMPLES_AND_CONFORMANCE = _samples()


@pytest.mark.parametrize("name,text", SAMPLES_AND_CONFORMANCE, ids=[n for n, _ in SAMPLES_AND_CONFORMANCE])
def test_column_build_equals_object_build_on_samples_and_conformance(name, text):
    _same(text)


def test_the_samples_include_the_real_ones():
    assert sum(n.startswith("real/") for n, _ in SAMPLES_AND_CONFORMANCE) > 50


def test_column_build_equals_object_build_on_the_corpus():
    assert sum(_same(text) for _, text in CORPUS) > 1000  # generated programs and error cases among them


def test_column_build_equals_object_build_on_mutants():
    rnd = random.Random(41)
    columns = 0
    for name, text in CORPUS:
        for k in range(2):
            mutant, _ = G.mutants(text, rnd, 1 + k % 3)
            columns += _same(mutant)
    assert columns > 500


@pytest.mark.parametrize("name", sorted(SECOND_WALK))
def test_column_build_equals_object_build_when_the_second_walk_is_needed(name):
    _same(SECOND_WALK[name])


@pytest.mark.parametrize("name", sorted(TRICKY))
def test_column_build_equals_object_build_on_tricky_bodies(name):
    _same(TRICKY[name])


F = "function f(c, u, du)\n"
EDGES = {
    # an operator naming a slot (a tree: `Body` holds an infix call only with a global operator)
    "operator_slot": "MethodInstance for g(::Int64)\n  from g(x) @ Main REPL[1]:1\nArguments\n  #self#::Core.Const(g)\n"
                     "  x::Int64\nLocals\n  var\"+\"::Int64\nBody::Int64\n1 ─ %1 = x + x\n│   %2 = x * x\n"
                     "└──      return %2\n\n",
    # an operator read as a global, then assigned as a local (`var"+"`), then read again
    "operator_assigned": F + "1 ─ %1 = c + c\n│        var\"+\" = %1\n│   %3 = c + c\n│   %4 = c * %3\n"
                             "└──      return %4\nend\n",
    # a callee that is a slot; a qualified operator callee; an atom value; literals of every kind
    "callees_and_atoms": F + "1 ─      g = c\n│   %2 = g(c, u)\n│   %3 = Base.:*(%2, 2, 3.5)\n│        x = %3\n"
                             "│   %5 = f(nothing, true, false)\n│   %6 = %5\n│        y = 7\n│   %8 = y\n│   %9 = true(c, u)\n"
                             "│   %10 = _q(x, y)\n│   %11 = z * _w\n└──      return %8\nend\n",
    # `%N` not defined before (forward, own statement, never), `%0`, hand-numbered labels, a duplicate
    "ssa_edges": F + "1 ─ %1 = %2 + c\n│   %2 = f(%2, %9)\n│   %3 = %0\n│   %4 = g(%3, %1)\n└──      return %4\nend\n",
    "own_statement": F + "1 ─ %1 = f(%1, c)\n│   %2 = %2 + c\n│   %3 = %3\n│   %4 = g(c, u, %4)\n│   %5 = c * %5\n"
                         "│   %6 = h(%5, %6)\n└──      return %6\nend\n",
    "hand_labels": F + "1 ─ %10 = c + 1\n│   %20 = f(%10, c)\n│   %20 = %10\n│   %30 = %20 * %10\n└──      return %30\nend\n",
    "label_zero": F + "1 ─ %0 = c + 1\n│   %5 = f(%0, c)\n└──      return %5\nend\n",
    # a global read, then assigned (a local read before its assignment: the second walk), read again
    "global_then_local": F + "1 ─ %1 = z + c\n│   %2 = f(z, %1)\n│        z = %2\n│   %4 = z * z\n└──      return %4\nend\n",
    # a typed line among matched ones, blocks with dropped lines
    "typed_and_blocks": F + "1 ─ %1 = c * c::Float64\n│   %2 = %1 < c\n│        goto #3 if not %2\n2 ─ %4 = f(c, %1)\n"
                            "│        x = %4\n3 ┄ %6 = x + 1\n│   %7 = Base.getindex(u, %6)\n└──      return %7\nend\n",
    "missing_header_after_dropped_line": F + "1 ─ %1 = c * c\n│        goto #2 if not %1\n│   %3 = c + 1\n"
                                            "2 ─      return %3\nend\n",
}


@pytest.mark.parametrize("name", sorted(EDGES))
def test_column_build_equals_object_build_on_edge_cases(name):
    assert _same(EDGES[name]) > 0


@pytest.mark.parametrize("stmts,diamond_every,seed", [(3000, 0, 1), (3000, 100, 2), (800, 7, 3), (2000, 0, 4),
                                                      (1500, 30, 5)])
def test_column_build_equals_object_build_on_mtk_programs(stmts, diamond_every, seed):
    assert _same(mtk_text(stmts, diamond_every, seed)) > stmts * 2 // 3


def test_the_builder_materialises_no_statement_of_an_mtk_program():
    text = mtk_text(5000, 50, 7)
    src = parse_text(text, "t.ir")
    (fd,) = [it for it in src.items if type(it) is S.FunctionDef]
    matched = sum(type(bl) is FP.MatchedLine for bl in fd.lines)
    sink = DiagnosticSink("t.ir", text)
    fn = _Builder(fd, sink, True).build()
    assert not sink.items
    body = fn.stmts
    assert type(body) is Body and not body._made
    assert sum(1 for s in body.shape if s != TREE) >= matched > 4000
    assert not any(type(bl) is FP.MatchedLine for bl in fd.lines)  # all consumed


def test_the_builder_reads_the_matches_of_an_mtk_program_without_a_line_object():
    """The driver's parse keeps the lines as matches; the builder writes them as rows and drops them."""
    import re

    text = mtk_text(5000, 50, 7)
    src = parse_text(text, "t.ir", matches=True)
    (fd,) = [it for it in src.items if type(it) is S.FunctionDef]
    matched = sum(type(bl) is re.Match for bl in fd.lines)
    assert not any(type(bl) is FP.MatchedLine for bl in fd.lines)
    sink = DiagnosticSink("t.ir", text)
    fn = _Builder(fd, sink, True, index=src.line_index).build()
    assert not sink.items
    body = fn.stmts
    assert type(body) is Body and not body._made
    assert sum(1 for s in body.shape if s != TREE) >= matched > 4000
    assert not any(type(bl) is re.Match for bl in fd.lines)  # all consumed
    left = [k for k in range(len(body)) if body.shape[k] != TREE and not body.col[k]]
    assert len(left) >= matched  # their positions are made on demand, from the source ...
    made = [body.position(k) for k in left[:50]]
    assert all(col > 0 for _, col in made) and not body._made  # ... without making a statement


@pytest.mark.parametrize("chunk", [1, 5, 64])
def test_column_build_equals_object_build_in_small_slices(chunk, monkeypatch):
    """The walk moves rows into the columns (and drops consumed lines) a slice of lines at a time."""
    import irc.ir.walk as B
    import irc.syntax.matches as M

    monkeypatch.setattr(B, "_CHUNK", chunk)
    monkeypatch.setattr(M, "_CHUNK", chunk)  # the parse's slices too (`matches=True`)
    assert _same(mtk_text(700, 9, 11)) > 400
    for name in sorted(EDGES):
        _same(EDGES[name])
    for name in sorted(SECOND_WALK):
        _same(SECOND_WALK[name])
    for name, text in CORPUS[::7]:
        _same(text)
