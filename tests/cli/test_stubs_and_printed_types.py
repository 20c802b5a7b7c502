"""`irc stubs`, `--use-printed-types` and `irc explain --stmt` (issue 12, items 5,
6, 8) on our sample and on real pastes (samples/real)."""
from __future__ import annotations

import io
import json
import re

import pytest

from conftest import ROOT
from irc.cli.batch import cli_infer
from irc.cli.commands import explain_main, stubs_main
from irc.cli.driver import Options
from irc.syntax.parser import parse_text

GAPS = ROOT / "samples" / "prelude_gaps.ir"
REAL = ROOT / "samples" / "real"
# real pastes (prelude mode: nothing declared) whose gaps stubs can fill from Julia's printed types
REAL_GAPS = ["r045_issue49970_broadcast_materialize_any.ir", "r120_geoparams_compute_density_bcast_warntype.ir",
             "r186_mixture_pdf_issue_jl110.ir"]


def infer(args: list[str], **kw) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = cli_infer(args, stdout=out, stderr=err, color="never", **kw)
    return code, out.getvalue(), err.getvalue()


def agreement(path, prelude=()) -> tuple[int, int]:
    _, out, _ = infer([str(path)], check=True, prelude=list(prelude))
    m = re.search(r"(\d+) agree, (\d+) differ", out)
    return int(m.group(1)), int(m.group(2))


def stubs_of(paths, tmp_path) -> tuple[int, str, object]:
    dest = tmp_path / "stubs.ir"
    out, err = io.StringIO(), io.StringIO()
    code = stubs_main([str(p) for p in paths], Options(), output=str(dest), stdout=out, stderr=err)
    return code, dest.read_text(encoding="utf-8"), dest


def test_stubs_are_valid_input_and_bring_julias_answers(tmp_path):
    code, text, dest = stubs_of([GAPS], tmp_path)
    assert code == 0
    parse_text(text, str(dest))  # valid irc input
    assert "declare Base.eltype(::Vector{Int64})::Type{Int64}" in text  # Julia's Core.Const(Int64), widened
    assert "declare Base.getindex(::SVector{3, Float64}, ::Int64)::Float64" in text
    assert "declare Main.helper(::Any)::Float64" in text
    assert "abstract type SVector{T1, T2} end" in text
    before = agreement(GAPS)
    after = agreement(GAPS, [dest])
    assert before[1] > 0 and after == (before[0] + before[1], 0)


def test_stubs_over_real_pastes_raise_agreement(tmp_path):
    paths = [REAL / n for n in REAL_GAPS]
    code, text, dest = stubs_of(paths, tmp_path)
    assert code == 0
    parse_text(text, str(dest))
    assert "declare Distributions._mixpdf1(" in text  # a package function, result Julia's `Any`
    before = [agreement(p) for p in paths]
    after = [agreement(p, [dest]) for p in paths]
    assert sum(a for a, _ in after) > sum(a for a, _ in before)
    assert all(a[1] <= b[1] for a, b in zip(after, before))


def test_stubs_say_where_julia_printed_no_type(tmp_path):
    text = ("function f(x::Int64)\n1 ─ %1 = Main.g(x)\n│   %2 = Main.h(Main.k(x))::Float64\n"
            "└──      return %2\nend\n")
    src = tmp_path / "p.ir"
    src.write_text(text, encoding="utf-8")
    _, stubs, _ = stubs_of([src], tmp_path)
    assert re.search(r"declare Main.g\(::Int64\)::Any  # .*p.ir:2; Julia printed no type", stubs)
    assert "declare Main.h(::Any)::Float64" in stubs
    assert re.search(r"declare Main.k\(::Int64\)::Any  # .*Julia printed no type", stubs)  # nested call


def test_use_printed_types_marks_and_counts_apart():
    code, out, _ = infer([str(GAPS)], check=True, use_printed=True)
    assert out.strip().endswith("5 agree, 0 differ, 3 from input")
    _, text, _ = infer([str(GAPS)], use_printed=True)
    assert "%1 = Main.eltype(v)::Core.Const(Int64)  # from input" in text
    assert "%4 = Main.convert(%1, %3)::Int64" in text  # inferred by irc from the taken types
    _, js, _ = infer([str(GAPS)], format="json", use_printed=True)
    stmts = json.loads(js)["functions"][0]["statements"]
    assert [s.get("source") for s in stmts] == ["input", "input", "input", None, None]
    _, plain, _ = infer([str(GAPS)], format="json")
    assert all("source" not in s for s in json.loads(plain)["functions"][0]["statements"])


def test_use_printed_types_on_a_real_paste():
    """samples/real/r192: `getproperty(p::TPoint{Int64}, :x)` on a struct the paste does not show."""
    path = REAL / "r192_dist_tpoint_param_fields_myst.ir"
    before = agreement(path)
    _, out, _ = infer([str(path)], check=True, use_printed=True)
    m = re.search(r"(\d+) agree, (\d+) differ, (\d+) from input", out)
    assert m and int(m.group(2)) == 0 and int(m.group(3)) == 2 and int(m.group(1)) > before[0]


def explain(path, stmt, function=None) -> tuple[int, str]:
    out, err = io.StringIO(), io.StringIO()
    code = explain_main(str(path), None, function, Options(), out, err, stmt=stmt)
    return code, out.getvalue() + err.getvalue()


def test_explain_stmt_names_the_missing_declaration():
    code, text = explain(GAPS, "%1")
    assert code == 0
    assert text.startswith("%1 (statement 1, line 35) in scale: Any")
    assert "call: Main.eltype(v::Vector{Int64})" in text
    assert "open world" in text and "[not applicable]" in text
    assert "`declare Base.eltype(::Vector{Int64})::T`" in text


def test_explain_stmt_union_split_and_following_the_callee(tmp_path):
    code, text = explain(ROOT / "samples" / "union_split_call.ir", "2", "split_demo")
    assert code == 0 and "union split: 2 cases" in text
    assert "(::Float64) -> Float64  by Main.halve(::Float64)::Float64" in text
    assert "closed world" in text
    src = tmp_path / "two.ir"
    src.write_text("declare Main.inner(::Int64)::Int64\n"
                   "function outer(x::Int64)\n1 ─ %1 = Main.inner(x)\n└──      return %1\nend\n"
                   "function inner(y::Int64)\n1 ─      return y\nend\n", encoding="utf-8")
    code, text = explain(src, "%1", "outer")
    assert code == 0 and "the callee's body is in this file: function inner (line 6)" in text


def test_explain_stmt_errors():
    code, text = explain(GAPS, "%9")
    assert code == 1 and "no statement '%9'" in text


@pytest.mark.parametrize("args", [["explain", str(GAPS)], ["explain", str(GAPS), "--slot", "v", "--stmt", "%1"]])
def test_explain_wants_one_of_slot_or_stmt(args):
    import subprocess
    import sys

    p = subprocess.run([sys.executable, "-m", "irc", *args], capture_output=True, text=True, cwd=ROOT)
    assert p.returncode == 2 and "--slot NAME or --stmt %N" in p.stderr
