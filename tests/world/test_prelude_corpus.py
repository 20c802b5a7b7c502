"""The prelude grown from real code (issue 12, item 9): on the corpus of real
Julia outputs (samples/real, and the shared prelude-mode conformance cases
when present), prelude mode agrees with declared mode on at least 95% of the
expectations.

Prelude mode: the paste as a new user gives it, nothing declared.  Declared
mode: the same paste with every call Julia printed a type for declared with
that type (`irc stubs --all`, loaded as a `--prelude` file) -- what irc
answers when it knows every callee as Julia did.  An expectation is a place
where Julia printed a type (a statement's `::T`, a slot in `Arguments` /
`Locals`, `Body::T`); the two modes agree on it when irc's answers, widened,
print the same.

Runs over whatever of the corpus reads today (the rest needs the parser work
of branch pastes11; re-run after the merge).  `bench/prelude_coverage.py`
lists the Base/Core calls behind the disagreements.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from conftest import CONFORMANCE, ROOT
from irc.cli.driver import Options, analyse
from irc.lattice.typelattice import widenconst
from irc.lattice.typeprint import show
from irc.output.stubs import Stubs, collect, render
from irc.output.text import annotation_of, printed_return_type

THRESHOLD = 0.95


def corpus() -> list[Path]:
    files = sorted((ROOT / "samples" / "real").glob("*.ir"))
    if (CONFORMANCE / "prelude").is_dir():
        files += sorted((CONFORMANCE / "prelude").glob("*.ir"))
    return files


def answers(res) -> dict:
    """(function index, place) -> irc's widened answer, for every place Julia printed a type."""
    out = {}
    for k, (fn, r) in enumerate(res.results):
        if fn.julia_return is not None:
            out[(k, "return")] = show(printed_return_type(r))
        for s in fn.slots:
            if s.julia_type is not None:
                out[(k, f"slot {s.id}")] = show(widenconst(r.slot_types[s.id]))
        for i, st in enumerate(fn.stmts, start=1):
            if annotation_of(st) is not None:
                t = r.ssa_types[i]
                out[(k, f"%{i}")] = "Union{}" if t is None else show(widenconst(t))
    return out


def modes(path: Path, tmp: Path):
    """(prelude-mode answers, declared-mode answers), or None when the file does not read."""
    text = path.read_text(encoding="utf-8")
    plain = analyse(str(path), text, Options())
    if plain.errors:
        return None
    every = analyse(str(path), text, Options(use_printed="all"))
    stubs = Stubs()
    collect(every, stubs)
    decls = tmp / (path.stem + ".declared.ir")
    decls.write_text(render(stubs), encoding="utf-8")
    declared = analyse(str(path), text, Options(extra_preludes=(str(decls),)))
    assert not declared.errors, declared.errors  # the declarations irc wrote read back
    return answers(plain), answers(declared)


def test_prelude_mode_agrees_with_declared_mode(tmp_path):
    total = agree = read = 0
    worst = []
    for path in corpus():
        m = modes(path, tmp_path)
        if m is None:
            continue
        read += 1
        plain, declared = m
        same = sum(1 for k, v in declared.items() if plain.get(k) == v)
        total += len(declared)
        agree += same
        if same < len(declared):
            worst.append((len(declared) - same, path.name))
    assert read >= 20, "too little of the corpus reads to measure"
    share = agree / total
    print(f"\nprelude mode agrees with declared mode on {agree}/{total} expectations ({share:.1%}) "
          f"of {read} readable inputs; most disagreements: {sorted(worst, reverse=True)[:5]}")
    assert share >= THRESHOLD, sorted(worst, reverse=True)


def test_declared_mode_reproduces_julia_on_a_real_paste(tmp_path):
    """The yardstick itself: declared mode gets Julia's answers where the paste
    shows a call irc's prelude cannot type (samples/real/r186, a package method)."""
    path = ROOT / "samples" / "real" / "r186_mixture_pdf_issue_jl110.ir"
    plain, declared = modes(path, tmp_path)
    assert declared[(0, "%1")] == "Any" and declared[(0, "return")] == "Any"
    assert plain == declared


@pytest.mark.parametrize("name", ["r089_scfp_jlfactorial_warntype.ir", "r106_hw_unstable_function_warntype_jl112.ir"])
def test_loops_over_base_calls_need_no_declarations(tmp_path, name):
    plain, declared = modes(ROOT / "samples" / "real" / name, tmp_path)
    assert plain == declared


def test_irc_never_claims_a_throw_where_julia_printed_a_type():
    """Issue 12's measurement: expectations where Julia printed a real type and
    irc said `Union{}` or unreached (a claim that the code throws)."""
    from irc.output.check import check_function

    claims, read = [], 0
    for path in corpus():
        res = analyse(str(path), path.read_text(encoding="utf-8"), Options())
        if res.errors:
            continue
        read += 1
        for fn, r in res.results:
            for m in check_function(fn, r, res.world).mismatches:
                if m.ours == "Union{}" and m.julia != "Union{}":
                    claims.append(f"{path.name}:{m.line}: {m.what} Julia {m.julia}")
    assert read >= 20
    assert claims == []
