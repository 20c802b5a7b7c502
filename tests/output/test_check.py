"""`--check` / `--exact` (irc.check): Julia's annotations against irc's answers."""
from __future__ import annotations

from irc.output.check import Mismatch, check_function
from irc.cli.driver import analyse_text

from progs import ANNOTATED, LOOP


def report(text: str, exact: bool):
    res = analyse_text(text, path="t.ir", prelude=False)
    assert not res.errors, [d.message for d in res.errors]
    (fn, r), = res.results
    return check_function(fn, r, res.world, exact=exact, path="t.ir")


def test_widened_comparison_finds_the_wrong_local():
    rep = report(ANNOTATED, exact=False)
    # #self#, v, w, Body, three statements: only w (Julia "printed" Float64) differs
    assert rep.summary() == "6 agree, 1 differ"
    (m,) = rep.mismatches
    assert m.what == "slot w" and m.ours == "Int64" and m.julia == "Float64"
    assert (m.line, m.col) == (7, 6)  # `  w::Float64`: where Julia's type starts
    assert m.render() == "t.ir:7:6: slot w inferred Int64, Julia printed Float64"


def test_exact_comparison_sees_constants():
    rep = report(ANNOTATED, exact=True)
    assert rep.differ == 2
    m = [x for x in rep.mismatches if x.what == "%3"][0]
    assert m.ours == "Core.Const(true)" and m.julia == "Bool"
    assert (m.line, m.col) == (11, 21)  # `│   %3 = (1 === 1)::Bool`


def test_no_annotations_nothing_to_compare():
    rep = report(LOOP, exact=False)
    assert (rep.agree, rep.differ) == (0, 0)


def test_mismatch_render_format():
    m = Mismatch(14, "%7", "Tuple{Int64, Int64}", "Union{Nothing, Tuple{Int64, Int64}}", "f.ir", 22)
    assert m.render() == "f.ir:14:22: %7 inferred Tuple{Int64, Int64}, Julia printed Union{Nothing, Tuple{Int64, Int64}}"
