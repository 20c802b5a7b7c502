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


def stubs_all_of(text: str, tmp_path) -> tuple[object, str]:
    """`irc stubs --all` of a paste written to p.ir: (the paste's path, the stubs' text, in stubs.ir)."""
    src, dest = tmp_path / "p.ir", tmp_path / "stubs.ir"
    src.write_text(text, encoding="utf-8")
    stubs_main([str(src)], Options(), output=str(dest), stdout=io.StringIO(), stderr=io.StringIO(), every=True)
    return src, dest.read_text(encoding="utf-8")


def test_stubs_are_valid_input_and_bring_julias_answers(tmp_path):
    code, text, dest = stubs_of([GAPS], tmp_path)
    assert code == 0
    parse_text(text, str(dest))  # valid irc input
    assert "declare Base.prod(::UnitRange{Int64})::Int64" in text
    assert "declare Base.getindex(::SVector{3, Float64}, ::Int64)::Float64" in text
    assert "declare Main.helper(::Any)::Float64" in text
    assert "abstract type SVector{T1, T2} end" in text
    before = agreement(GAPS)
    after = agreement(GAPS, [dest])
    assert before[1] > 0 and after == (before[0] + before[1], 0)


def test_stubs_over_real_pastes_are_valid_and_never_lower_agreement(tmp_path):
    paths = [REAL / n for n in REAL_GAPS]
    code, text, dest = stubs_of(paths, tmp_path)
    assert code == 0
    parse_text(text, str(dest))
    assert "declare Distributions._mixpdf1(" in text  # a package function, result Julia's `Any`
    before = [agreement(p) for p in paths]
    after = [agreement(p, [dest]) for p in paths]
    assert all(a[0] >= b[0] and a[1] <= b[1] for a, b in zip(after, before))


def sandbox_mysum(tmp_path):
    """samples/real/r134 (a Franklin sandbox's `code_typed(optimize=false)`): its
    CodeInfo under the plain header of the call it shows (`mysum(V::Vector{Int64})`)."""
    body = (REAL / "r134_ulgperf_mysum_typed_unopt_int.ir").read_text(encoding="utf-8").split(") => Int64")[0]
    path = tmp_path / "mysum.ir"
    path.write_text("function Main.FD_SANDBOX_1113260776286120926.mysum(V::Vector{Int64})\n" + body
                    + ") => Int64\nend\n", encoding="utf-8")
    return path


def test_the_issues_lost_loop_is_back(tmp_path):
    """Issue 12: `eltype(::Vector{Int64})` had no applicable prelude method, so
    Union{}, and the whole loop's expectations were lost."""
    path = sandbox_mysum(tmp_path)
    assert agreement(path) == (21, 0)


def test_stubs_without_any_prelude_bring_a_real_paste_to_julias_answers(tmp_path):
    path = sandbox_mysum(tmp_path)
    dest = tmp_path / "stubs.ir"
    code = stubs_main([str(path)], Options(prelude=False), output=str(dest), stdout=io.StringIO(),
                      stderr=io.StringIO())
    assert code == 0
    text = dest.read_text(encoding="utf-8")
    assert "eltype(::Vector{Int64})::Type{Int64}" in text  # Julia's Core.Const(Int64), widened
    _, before, _ = infer([str(path)], check=True, no_prelude=True)
    _, after, _ = infer([str(path)], check=True, no_prelude=True, prelude=[str(dest)])
    b = int(re.search(r"(\d+) agree", before).group(1))
    assert b < 21 and after.strip().endswith("21 agree, 0 differ")


def test_stubs_say_where_julia_printed_no_type(tmp_path):
    text = ("function f(x::Int64)\n1 ─ %1 = Main.g(x)\n│   %2 = Main.h(Main.k(x))::Float64\n"
            "└──      return %2\nend\n")
    src = tmp_path / "p.ir"
    src.write_text(text, encoding="utf-8")
    _, stubs, _ = stubs_of([src], tmp_path)
    assert re.search(r"declare Main.g\(::Int64\)::Any  # .*p.ir:2; Julia printed no type", stubs)
    assert "declare Main.h(::Any)::Float64" in stubs
    assert re.search(r"declare Main.k\(::Int64\)::Any  # .*Julia printed no type", stubs)  # nested call


UNTYPED_ASSIGNMENTS = """julia> @code_warntype f(3.2)
Variables
  #self#::Core.Compiler.Const(f, false)
  x::Float64
  y::Union{Float64, Int64}
  z::Union{Float64, Int64}

Body::Float64
1 ─      (y = Main.pos(x))
│        (z = Main.neg(x))
│        (z = Main.neg(y))
│   %4 = Main.sin(x)::Float64
└──      return %4
"""


def test_stubs_all_takes_the_listed_type_of_a_slot_assigned_once(tmp_path):
    # Julia <= 1.5 prints `(y = Main.pos(x))` untyped: `--all` takes y's listed type (its only
    # assignment) and says so; z is assigned twice with a union listed: that union bounds each
    # call of neg (irc cannot type them), and the line says it is a bound
    src, text = stubs_all_of(UNTYPED_ASSIGNMENTS, tmp_path)
    assert re.search(r"declare Main.pos\(::Float64\)::Union\{Float64, Int64\}  # .*p.ir:9; "
                     r"the type Julia listed for `y`, which this call alone assigns", text)
    for arg in ("Float64", "Union{Float64, Int64}"):
        assert re.search(r"declare Main.neg\(::" + re.escape(arg) + r"\)::Union\{Float64, Int64\}  # .*; the type "
                         r"Julia listed for `z`, a bound: the merge of every value stored there", text), text
    assert "declare Base.sin(::Float64)::Float64  # " in text and "listed" not in text.split("Base.sin")[1].split("\n")[0]
    # without --all the listed type is not evidence: pos is a gap to fill in
    _, plain, _ = stubs_of([src], tmp_path)
    assert re.search(r"declare Main.pos\(::Float64\)::Any  # .*Julia printed no type", plain)


CONSTANT_GLOBALS = """julia> @code_warntype h(1, 2)
Variables
  #self#::Core.Compiler.Const(h, false)
  a::Int64
  b::Int64
  #18::var"#18#19"{Int64,Int64}

Body::Tuple{Int64}
1 ─ %1 = Main.:(var"#18#19")::Core.Compiler.Const(var"#18#19", false)
│   %2 = Core.typeof(a)::Core.Compiler.Const(Int64, false)
│   %3 = Core.typeof(b)::Core.Compiler.Const(Int64, false)
│   %4 = Core.apply_type(%1, %2, %3)::Core.Compiler.Const(var"#18#19"{Int64,Int64}, false)
│        (#18 = %new(%4, a, b))
│   %6 = Pkg.getperm::Core.Compiler.Const(Pkg.getperm, false)
│   %7 = (%6)(a)::Tuple{Int64}
│   %8 = Pkg.Other::Core.Compiler.Const(Pkg.Other, false)
└──      return %7
"""


def test_stubs_declare_the_names_julia_printed_as_constants(tmp_path):
    # a constant name irc does not know: a type when the paste applies it or prints it with
    # parameters, a function when the paste calls it (`--all` declares that call); one the
    # paste does neither with and that is capitalised (Pkg.Other, a type by Julia's convention)
    # is left alone; a lowercase one is a function (test_stubs_proposals.py)
    src = tmp_path / "p.ir"
    src.write_text(CONSTANT_GLOBALS, encoding="utf-8")
    dest = tmp_path / "stubs.ir"
    stubs_main([str(src)], Options(), output=str(dest), stdout=io.StringIO(), stderr=io.StringIO(), every=True)
    text = dest.read_text(encoding="utf-8")
    # the paste's `%new(%4, a, b)` shows it is a closure's type: a struct with the captured fields
    assert 'struct var"#18#19"{T1, T2} <: Function' in text and "    a::T1\n    b::T2\nend" in text
    assert re.search(r"declare Pkg.getperm\(::Int64\)::Tuple\{Int64\}  # .*p.ir:15; the callee is %6", text)
    assert "Pkg.Other" not in text
    _, out, _ = infer([str(src)], prelude=[str(dest)])
    for line in ('%1 = Main.:(var"#18#19")::Core.Const(var"#18#19")',
                 '%4 = Core.apply_type(%1, %2, %3)::Core.Const(var"#18#19"{Int64, Int64})',
                 '#18::var"#18#19"{Int64, Int64}', "%6 = Pkg.getperm::Core.Const(Pkg.getperm)",
                 "%7 = (%6)(a)::Tuple{Int64}"):
        assert line in out, (line, out)
    _, plain, _ = stubs_of([src], tmp_path)
    assert 'struct var"#18#19"{T1, T2} <: Function' in plain


def test_use_printed_types_marks_and_counts_apart():
    code, out, _ = infer([str(GAPS)], check=True, use_printed=True)
    assert out.strip().endswith("5 agree, 0 differ, 3 from input")
    _, text, _ = infer([str(GAPS)], use_printed=True)
    assert "%1 = Base.getindex(s, 1)::Float64  # from input" in text
    assert "%4 = (%2 * %3)::Float64\n" in text  # inferred by irc from the taken types
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
    code, text = explain(GAPS, "%3")
    assert code == 0
    assert text.startswith("%3 (statement 3, line 37) in scale: Any")
    assert "call: Main.prod(r::UnitRange{Int64})" in text
    assert "open world" in text and "Base.prod(::Array{T, N})::T at prelude.ir" in text
    assert "[not applicable]" in text
    assert "`declare Base.prod(::UnitRange{Int64})::T`" in text


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
    from irc_inprocess import run_irc  # the command in this process: its exit status and stderr

    code, _, err = run_irc(args, cwd=ROOT)
    assert code == 2 and "--slot NAME or --stmt %N" in err


@pytest.mark.parametrize("path", [GAPS, REAL / "r192_dist_tpoint_param_fields_myst.ir"])
def test_use_printed_types_same_in_every_store(path):
    from irc.cli.driver import analyse
    from irc.infer.stores import STORES
    from irc.lattice.typeprint import show

    text = path.read_text(encoding="utf-8")
    got = {}
    for store in STORES:
        res = analyse(str(path), text, Options(store=store, use_printed=True))
        (fn, r), = res.results
        shown = [None if t is None else show(t) for t in r.ssa_types]  # each world has its own names
        got[store] = (shown, {k: show(t) for k, t in r.slot_types.items()}, show(r.return_type), r.from_input,
                      [(d.code, d.message, d.span) for d in r.diagnostics])
    assert got["stmt"] == got["block"] == got["live"]
    assert got["block"][3]  # some statement did take Julia's type


def test_generated_names_are_closure_types_never_constants():
    from irc.syntax.names import is_generated_name

    assert all(map(is_generated_name, ["#18#19", "#usevar#3", "#f#5"]))
    assert not any(map(is_generated_name, ["#self#", "x", "#18", "Main", "#a#b"]))


@pytest.mark.parametrize("name, struct, fields", [
    ("r027_issue47539_lowered_box_usevar", 'struct var"#usevar#3" <: Function', ["    var::Core.Box"]),
    ("r080_juliannotes_closures_h", 'struct var"#18#19"{T1, T2} <: Function', ["    a::T1", "    b::T2"]),
])
def test_stubs_write_a_closures_struct_from_its_new(tmp_path, name, struct, fields):
    """Issue 31 §2: `%new(var"#18#19"{…}, a, b)` makes a closure: `irc stubs` proposes its struct
    with the captured variables as fields; no message suggests `const Main.:(var"#…") = value`."""
    src = ROOT / "samples" / "real" / f"{name}.ir"
    code, text, _ = stubs_of([src], tmp_path)
    assert code == 0 and struct in text and "\n".join(fields + ["end"]) in text, text
    assert "const Main" not in text
    code, out, err = infer([str(src)], warn_only=True)
    # `%new(var"#18#19"{…}, …)` makes an instance of that type: it is a type irc does not know (a struct to declare)
    assert "const Main.:(var" not in err and 'unknown type `var"#' in err and "struct var\"#" in err, err
    code, out, err = infer([str(src)], warn_only=True, prelude=[str(tmp_path / "stubs.ir")])
    assert "var\"#" not in err, err  # declared: nothing about the closure's type is unknown any more


def test_stubs_with_nothing_missing_say_so_and_name_the_kind_of_cause(tmp_path):
    code, text, _ = stubs_of([ROOT / "samples" / "union_accumulator.ir"], tmp_path)
    assert code == 0 and "# Nothing to declare: irc knew every callee and type" in text
    code, text, _ = stubs_of([ROOT / "samples" / "real" / "r018_issue41211_throw_v1_6.ir"], tmp_path)
    assert code == 0 and "yet 1 of its answers differs from the types Julia printed" in text
    assert "%1 inferred BoundsError, Julia printed Any" in text and "not a declaration but a rule" in text


def test_stubs_of_inputs_that_all_fail_print_no_header():
    out, err = io.StringIO(), io.StringIO()
    src = ROOT / "samples" / "real" / "r047_pr54544_ntuple_val_closure.ir"  # optimized: refused
    assert stubs_main([str(src)], Options(), stdout=out, stderr=err) == 1
    assert out.getvalue() == "" and "optimized IR" in err.getvalue()

def test_use_printed_types_takes_a_typed_slot_read_where_irc_has_any():
    """`x::Float64` is Julia's type of slot x at that read: by default irc keeps its own answer
    (Any after a gap) and prints it on the read; with --use-printed-types the read takes
    Float64 (printed as Julia's, the line marked `# from input`), and what irc computes from it
    (`x + 1`, the return) is Float64."""
    path = ROOT / "samples" / "typed_slot_read_printed.ir"
    _, text, _ = infer([str(path)])
    assert "Body::Any" in text and "%2 = (x::Any + 1)::Any" in text and "Float64 +" not in text
    _, text, _ = infer([str(path)], use_printed=True)
    assert "Body::Float64" in text and "%2 = (x::Float64 + 1)::Float64  # from input" in text
    # a typed read irc types itself is never replaced
    _, text, _ = infer([str(ROOT / "samples" / "vararg_slot_tuple.ir")], use_printed=True)
    assert "from input" not in text


UNUSED_CALL = """julia> @code_typed optimize=false gg()
CodeInfo(
1 ─ %1 = Main.string(1, "2")::String
│        Main.println(%1)::Any
│   %3 = Main.string(3, "4")::String
│   %4 = Main.println(%3)::Core.Const(nothing)
│        Main.other(%3)::Any
└──      return %4
) => Nothing
"""


def test_stubs_all_take_no_evidence_from_an_unused_calls_widened_any(tmp_path):
    # abstract_call_gf_by_type (abstractinterpretation.jl v1.10.0): `call_result_unused(si)` widens a call
    # statement whose value nothing reads to Any, so that Any is not the method's result: the used call
    # of the same signature gives it; a signature only called unused is one Julia printed no type for
    src, text = stubs_all_of(UNUSED_CALL, tmp_path)
    assert re.search(r"declare Base.println\(::String\)::Nothing  # .*p.ir:6\n", text), text
    assert re.search(r"declare Main.other\(::String\)::Any  # .*Julia printed no type", text), text
    _, out, _ = infer([str(src)], check=True, prelude=[str(tmp_path / "stubs.ir")])
    assert re.search(r"(\d+) agree, 0 differ", out), out
