"""`irc infer --plain` spells types as the Julia that printed the paste did (issue 28 item 3):
the print-form band (`Detection.band`) picks the style, not the rules version; the default
text keeps the canonical spelling.  The pastes are samples/real's verbatim ones."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from irc.cli.driver import analyse, plain_style
from irc.lattice.printstyle import CANONICAL, JULIA_1_5, JULIA_1_6
from irc.output.text import render_program
from irc.syntax.version import detect

from infer_runner import run_infer

REAL = Path(__file__).resolve().parents[2] / "samples" / "real"


def _infer(path: Path, **kw) -> str:
    kw.setdefault("no_prelude", False)  # the prelude: Base.getindex of a NamedTuple, as with `irc infer`
    code, out, err = run_infer([path], **kw)
    assert code == 0, err
    return out


def _slot_lines(text: str) -> list[str]:
    """The `  name::T` lines of a paste's `Variables` section (Julia's own slot types)."""
    out, on = [], False
    for line in text.splitlines():
        if line.strip() == "Variables":
            on = True
            continue
        if on and not line.startswith("  "):
            break
        if on:
            out.append(line)
    return out


def test_julia_1_5_paste_is_spelled_as_1_5_printed_it():
    path = REAL / "r161_namedtuple_getindex_f_bkamins.ir"
    plain = _infer(path, plain=True)
    for line in _slot_lines(path.read_text()):  # Julia's slot lines, verbatim
        assert line in plain.splitlines()
    assert "  #self#::Core.Compiler.Const(f, false)" in plain
    assert "Body::Union{Array{Bool,1}, Array{Float64,1}, Array{Int64,1}}" in plain
    assert "Core.Const(" not in plain and "Vector{" not in plain and "@NamedTuple" not in plain
    default = _infer(path)
    assert "Core.Compiler" not in default and "Array{Int64,1}" not in default
    assert "  nt::@NamedTuple{a::Vector{Int64}, b::Vector{Float64}, c::Vector{Bool}}" in default


def test_julia_1_5_constants_and_dead_code():
    path = REAL / "r078_juliannotes_instability_g_int.ir"
    plain = _infer(path, plain=True)
    assert "(@_4::Core.Compiler.Const(nothing, false) === nothing)::Core.Compiler.Const(true, false)" in plain
    assert "@_4::Union{Nothing, Tuple{Int64,Nothing}}" in plain  # a Union keeps its space, a Tuple has none
    assert "Core.Compiler.Const(:(goto %7), false)" in plain
    assert "Core.Compiler.Const(" not in _infer(path)


def test_julia_1_5_where_spelled_out():
    path = REAL / "r163_namedtuple_sum_h_bkamins.ir"
    want = "│   %2 = Core.apply_type(Core.NamedTuple, %1)::Core.Compiler.Const(NamedTuple{(:a, :b, :c),T} where T<:Tuple, false)"
    assert want in path.read_text().splitlines()  # Julia's own line
    assert want in _infer(path, plain=True).splitlines()
    assert "::Core.Const(NamedTuple{(:a, :b, :c)})" in _infer(path)


def test_julia_1_6_paste_spells_named_tuples_out():
    path = REAL / "r101_jfda_zh_mysum_tab_warntype_mangled.ir"
    assert detect(path.read_text()).band == "1.6–1.8"
    plain = _infer(path, plain=True)
    assert "MethodInstance for mysum(::NamedTuple{(:x,), Tuple{Vector{Int64}}})" in plain
    assert "  table::NamedTuple{(:x,), Tuple{Vector{Int64}}}" in plain
    assert "@NamedTuple" not in plain and "Core.Const(mysum)" in plain
    assert "  table::@NamedTuple{x::Vector{Int64}}" in _infer(path)


def test_julia_1_10_paste_keeps_the_macro(tmp_path):
    """The same paste with a 1.9–1.10 `from` line: `@NamedTuple{…}` under --plain too."""
    text = (REAL / "r101_jfda_zh_mysum_tab_warntype_mangled.ir").read_text()
    text = text.replace("in Main at REPL[32]:1", "@ Main REPL[32]:1")
    assert detect(text).band == "1.9–1.10"
    p = tmp_path / "p110.ir"
    p.write_text(text)
    plain = _infer(p, plain=True)
    assert "  table::@NamedTuple{x::Vector{Int64}}" in plain and "NamedTuple{(" not in plain


def test_julia_1_12_paste_keeps_its_markers():
    path = REAL / "r142_abap34_fastmath_loop_typed_unopt_jl112.ir"
    paste = path.read_text().splitlines()
    plain = _infer(path, plain=True).splitlines()
    marked = [l for l in paste if re.search(r"=\s+(dynamic|builtin|intrinsic) ", l)]
    assert len(marked) >= 5
    for line in marked:
        assert line in plain


def test_the_band_not_the_rules_picks_the_spelling():
    path = REAL / "r161_namedtuple_getindex_f_bkamins.ir"
    res = analyse(str(path), path.read_text())
    assert res.world.rules.name == "1.10" and plain_style(res.version) is JULIA_1_5
    plain = _infer(path, plain=True, julia="1.12")
    assert "  #self#::Core.Compiler.Const(f, false)" in plain  # --julia chooses the rules, not the spelling


@pytest.mark.parametrize("name", ["r078_juliannotes_instability_g_int", "r161_namedtuple_getindex_f_bkamins",
                                  "r097_ptnotes_s_vecvec_any_warntype", "r101_jfda_zh_mysum_tab_warntype_mangled"])
def test_plain_output_in_an_older_spelling_reads_back_to_the_same_answer(name, tmp_path):
    """The older spelling is irc input: read back, the default (canonical) text is the paste's."""
    path = REAL / f"{name}.ir"
    again = tmp_path / path.name
    again.write_text(_infer(path, plain=True))
    assert _infer(again) == _infer(path)


def test_a_paste_without_a_marker_prints_canonically():
    assert plain_style(detect("Body::Int64\n1 ─      return 1\n")) is CANONICAL
    assert plain_style(None) is None
    assert plain_style(detect("  from f(x) in Main at REPL[1]:1\n")) is JULIA_1_6


def test_render_program_without_a_style_is_the_default(tmp_path):
    path = REAL / "r161_namedtuple_getindex_f_bkamins.ir"
    res = analyse(str(path), path.read_text())
    plain = render_program(res.program, res.results, plain=True)
    assert plain == render_program(res.program, res.results, plain=True, style=CANONICAL)
    assert "Core.Const(f)" in plain
    styled = render_program(res.program, res.results, plain=True, style=JULIA_1_5)
    assert styled.replace("Core.Compiler.Const(f, false)", "Core.Const(f)") != plain  # types differ too


def test_plain_spelling_is_the_same_whatever_the_state_store():
    from irc.cli.driver import STORES

    path = REAL / "r097_ptnotes_s_vecvec_any_warntype.ir"
    outs = {store: _infer(path, plain=True, state=store) for store in STORES}
    assert len(set(outs.values())) == 1, sorted(outs)
    assert "  element::Array{T,1} where T" in next(iter(outs.values())).splitlines()


@pytest.mark.parametrize("name", ["r163_namedtuple_sum_h_bkamins", "r195_bkamins_typestable2020_nt_sum_h"])
def test_check_equates_the_spelled_out_where_with_the_collapsed_one(name):
    """Julia ≤ 1.5's `Core.Compiler.Const(NamedTuple{(:a, :b, :c),T} where T<:Tuple, false)` is irc's
    `Core.Const(NamedTuple{(:a, :b, :c)})`: `--check` agrees on every annotation of these pastes."""
    code, out, err = run_infer([REAL / f"{name}.ir"], check=True, no_prelude=False)
    assert code == 0, out + err
    assert re.search(r"\b\d+ agree, 0 differ", out), out


def test_plain_output_read_again_keeps_a_1_6_spelling_but_not_a_1_5_one(tmp_path):
    """A 1.6–1.8 paste's own `from … in Main at` line comes back and keeps its band; a ≤ 1.5 paste
    gets irc's 1.9-style `from` line, whose band wins: the second run spells the same answers the
    default way (docs/cli.md, `--plain`)."""
    old16 = REAL / "r101_jfda_zh_mysum_tab_warntype_mangled.ir"
    again = tmp_path / old16.name
    again.write_text(_infer(old16, plain=True))
    assert _infer(again, plain=True) == _infer(old16, plain=True)
    old15 = REAL / "r161_namedtuple_getindex_f_bkamins.ir"
    again = tmp_path / old15.name
    again.write_text(_infer(old15, plain=True))
    second = _infer(again, plain=True)
    assert "Core.Compiler.Const" not in second and "Array{" not in second
    assert "  nt::@NamedTuple{a::Vector{Int64}, b::Vector{Float64}, c::Vector{Bool}}" in second.splitlines()


def test_a_paste_printed_without_colour_gets_its_emphasized_types_in_capitals(tmp_path):
    """`code_warntype` without colour prints a yellow/red type as `uppercase("::$T")`
    (`Base.emphasize`): `--plain` without colour answers such a paste the same way -- the
    concrete (cyan) types, constants and colour output untouched -- and reads back to the same
    answer."""
    path = REAL / "r061_perftips_pos_f_v1_6.ir"
    paste = path.read_text()
    assert plain_style(detect(paste), paste).capitals and not plain_style(detect(paste), "Body::Any\n").capitals
    plain = _infer(path, plain=True)
    assert "Body::ANY" in plain and "  y::ANY" in plain and "  x::Float64" in plain
    assert "#self#::Core.Const(f)" in plain  # a constant is no type: never emphasized
    assert "::ANY" not in _infer(path) and "::ANY" not in _infer(path, plain=True, color="always")
    again = tmp_path / path.name
    again.write_text(plain)
    assert _infer(again) == _infer(path)
    # a type irc does not know keeps its spelling (Julia may not have emphasized it; `F.VAR"#G#27"`
    # would not read back), the known ones are in capitals
    path = REAL / "r136_franklin_closure_counter_box_uppercase.ir"
    plain = _infer(path, plain=True)
    assert '  #self#::f.var"#g#27"' in plain and "Body::ANY" in plain
    again.write_text(plain)
    assert _infer(again).split("\n", 2)[2] == _infer(path).split("\n", 2)[2]  # (the header names the file)
