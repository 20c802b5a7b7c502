"""`irc.syntax.heads.plain_lines` reads comments, `end` and plain headers exactly as Lark does, and
refuses everything else; a file the fast paths read whole loads no Lark (once the shipped prelude's
parse is cached)."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from conftest import CONFORMANCE, ROOT, SAMPLES
from mtk_programs import mtk_text

from irc.syntax.fastpath import split_fast
from irc.syntax.heads import plain_lines
from irc.syntax.recovery import ErrorList, parse_with_retries

INPUTS = [str(p) for p in sorted(SAMPLES.glob("**/*.ir")) + sorted(CONFORMANCE.glob("*/*.ir"))]


def _both(text: str):
    """(plain_lines' objects, Lark's objects) for the lines the fast path leaves."""
    _, rest, spans = split_fast(text.split("\n"))
    errors = ErrorList("<t>")
    return plain_lines(rest, spans), parse_with_retries(rest, errors, spans=spans), errors.items


@pytest.mark.parametrize("path", INPUTS, ids=lambda p: Path(p).name)
def test_plain_lines_equal_lark_on_every_input(path):
    with open(path, encoding="utf-8") as fh:
        mine, lark, errors = _both(fh.read())
    if mine is not None:
        assert not errors and mine == lark


ACCEPTED = [
    "function f(du::Vector{Float64}, u::Vector{Float64}, p::Vector{Float64}, t::Float64)",
    "function f()",
    "function f(x)",
    "function f(x, y::Int64)",
    "function Main.g!(a::Base.Vector{Main.Foo}, b::SVector{3, Float64}, c::Dict{Symbol, Vector{Int64}})",
    "function f(x::Array{Float64, 2})",
    "function f(x::Tuple{})",
    "function f(x::Tuple{Tuple{}, Int64})",
    "  end",
    "end",
    "end\r",
    "# a comment",
    "## two hashes and a comment",
    "#",
    "    # indented comment",
    "",
]

REFUSED = [
    "function f(x...)",
    "function f(::Int64)",
    "function f(x::T) where T",
    "function f(x::Vector{T} where T)",
    "function f(x,y)",  # no blank after the comma: Lark's own reading
    "function f( x)",
    "function f(x :: Int64)",
    "function f(x::Union{Int64,Float64})",
    "function f(x::Val{:a})",
    "function f(x::Val{-1})",
    "function f(x::Val{01})",
    "function f(_2::Int64)",
    "function f(x@_2::Int64)",
    "function Base.:+(x::Int64)",
    "function f(nothing::Int64)",
    "function f(x::Vector{Float64}) # trailing comment",
    "function  f(x)",
    "function f (x)",
    "#self#",
    "#= block =#",
    "end # done",
    "julia> function f(x)",
    "function f(x::Base.:+)",
]


@pytest.mark.parametrize("line", ACCEPTED)
def test_plain_lines_read_what_lark_reads(line):
    text = f"# head\n{line}\n"
    mine, lark, errors = _both(text)
    assert mine is not None, line
    assert not errors and mine == lark


@pytest.mark.parametrize("line", REFUSED)
def test_plain_lines_refuse_anything_else(line):
    text = f"{line}\n"
    _, rest, spans = split_fast(text.split("\n"))
    assert plain_lines(rest, spans) is None, line


def test_one_refused_line_sends_every_line_to_lark():
    text = "function f(x::Int64)\n%1 = x + 1\nreturn %1\nend\nfunction g(x...)\n1 ─ return x\nend\n"
    _, rest, spans = split_fast(text.split("\n"))
    assert plain_lines(rest, spans) is None


def test_a_generated_program_loads_no_lark(tmp_path):
    path = tmp_path / "mtk.ir"
    path.write_text(mtk_text(300, 30, 1), encoding="utf-8")
    code = ("import sys\nfrom irc.cli.app import main\nsys.argv[0] = 'irc'\n"
            "try:\n    main()\nexcept SystemExit as e:\n    assert not e.code, e.code\n"
            "assert 'lark' not in sys.modules, 'lark was imported'\n")
    warm = subprocess.run([sys.executable, "-m", "irc", "infer", str(path)], capture_output=True, text=True, cwd=ROOT)
    assert warm.returncode == 0, warm.stderr  # the shipped prelude is parsed (with Lark) once per cache
    run = subprocess.run([sys.executable, "-c", code, "infer", str(path)], capture_output=True, text=True, cwd=ROOT)
    assert run.returncode == 0, run.stderr
    assert "MethodInstance for f(" in run.stdout and "::Float64" in run.stdout
