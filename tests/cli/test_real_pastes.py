"""The corpus of real Julia outputs (samples/real, 332 pastes kept verbatim
with their REPL, notebook and page surroundings) reads or is refused exactly
as samples/real/index.json says for each file (`expect`):

- `reads`: the whole pipeline runs with no error (warnings and notes allowed)
  and finds at least one function;
- `refused-optimized` / `refused-unsupported` / `refused-damaged`: exactly
  `errors` errors (one per refused output), each located inside the file and
  naming the reason -- "optimized IR", "not supported", or the entry's
  `error` words for a damaged paste, whose `damage` says what the page did.
"""
from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from irc.cli.batch import cli_infer
from irc.cli.driver import analyse
from irc.errors import render

REAL = Path(__file__).resolve().parents[2] / "samples" / "real"
ENTRIES = json.loads((REAL / "index.json").read_text(encoding="utf-8"))
REASON = {"refused-optimized": "optimized IR", "refused-unsupported": "not supported"}
EXPECTS = {"reads", "refused-optimized", "refused-unsupported", "refused-damaged"}


def test_index_covers_every_paste_once():
    files = sorted(p.name for p in REAL.glob("*.ir"))
    assert sorted(e["file"] for e in ENTRIES) == files
    for e in ENTRIES:
        assert e["expect"] in EXPECTS, e["file"]
        assert ("errors" in e) == (e["expect"] != "reads"), e["file"]
        assert ("damage" in e) == ("error" in e) == (e["expect"] == "refused-damaged"), e["file"]


@pytest.mark.parametrize("entry", ENTRIES, ids=lambda e: e["file"][:4])
def test_paste_reads_or_is_refused_as_indexed(entry):
    path = REAL / entry["file"]
    text = path.read_text(encoding="utf-8")
    res = analyse(str(path), text)
    shown = "".join(render(d, text) + "\n" for d in res.errors)
    if entry["expect"] == "reads":
        assert not res.errors, shown
        assert res.results
        return
    assert len(res.errors) == entry["errors"], shown
    words = REASON.get(entry["expect"]) or entry["error"]
    nlines = text.count("\n") + 1
    for d in res.errors:
        assert d.severity == "error" and d.span is not None, shown
        assert 1 <= d.span.line <= nlines and d.span.col >= 1, shown
        assert words in d.message, shown
        assert render(d, text).startswith(f"{path}:{d.span.line}:{d.span.col}: error: ")


@pytest.mark.parametrize("name,status", [("r141_abap34_fastmath_loop_lowered_jl112.ir", 0),
                                         ("r041_blog_invalidations_applyf_any_unionsplit.ir", 1)])
def test_exit_status(name, status):
    out, err = io.StringIO(), io.StringIO()
    assert cli_infer([str(REAL / name)], color="never", stdout=out, stderr=err) == status
    assert ("optimized IR" in err.getvalue()) == (status == 1)
    assert "Traceback" not in err.getvalue()


def test_signature_option(tmp_path):
    from irc.cli.app import render_fmt
    from irc.cli.loading import run_command

    path = tmp_path / "bare.ir"
    path.write_text("    CodeInfo(\n    1 ─ %1 = x * y\n    └──      return %1\n    )\n", encoding="utf-8")
    out, err = io.StringIO(), io.StringIO()
    assert cli_infer([str(path)], color="never", stdout=out, stderr=err, signature="g(x::Int64, y::Float64)") == 0
    assert "MethodInstance for g(::Int64, ::Float64)" in out.getvalue() and "Body::Float64" in out.getvalue()
    out = io.StringIO()
    assert run_command([str(path)], render_fmt, stdout=out, stderr=io.StringIO(), signature="g(x::Int64, y)") == 0
    assert out.getvalue().startswith("function g(x::Int64, y)\nCodeInfo(\n")
    err = io.StringIO()
    assert cli_infer([str(path)], stdout=io.StringIO(), stderr=err, signature="g(x::") == 1
    assert err.getvalue().startswith("--signature:1:")


READS = [e for e in ENTRIES if e["expect"] == "reads"]


@pytest.mark.parametrize("entry", READS, ids=lambda e: e["file"][:4])
def test_infer_output_reads_back_to_itself(entry, tmp_path):
    """`irc infer`'s annotated output of a real paste is itself an input irc reads, to the same output
    (the header it prints, `MethodInstance for f(::Any)` above `ȳ::Core.Const(Thunk(var"#9#10"()))`,
    must not lose what the paste said)."""
    out = io.StringIO()
    assert cli_infer([str(REAL / entry["file"])], color="never", stdout=out, stderr=io.StringIO(), quiet=True) == 0
    again = tmp_path / entry["file"]
    again.write_text(out.getvalue(), encoding="utf-8")
    out2, err2 = io.StringIO(), io.StringIO()
    assert cli_infer([str(again)], color="never", stdout=out2, stderr=err2, quiet=True) == 0, err2.getvalue()
    assert out2.getvalue() == out.getvalue()
