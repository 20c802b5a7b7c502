"""One diagnostic per cause, with its fix; what JET reports that irc can see
(docs/semantics.md §10).  Inputs are real pastes (samples/real) or their shapes."""
import re

from conftest import ROOT, sample_files
from irc.cli.driver import analyse_text

REAL = ROOT / "samples" / "real"


def diags(text: str, path: str = "x.ir"):
    res = analyse_text(text, path)
    assert not res.errors, res.errors
    return [d for _, r in res.results for d in r.diagnostics]


UNKNOWN_CALLEE = """function f(x, y)
1 ─ %1 = Main.g(x, y)
│   %2 = Main.g(x, y)
└──      return %1
end
"""


def test_an_unknown_callee_is_one_warning_naming_the_declare_line():
    """Issue 12: three warnings (`non-constant global Main.g`, `unknown callee`,
    `type instability`) for one cause, and no word on the fix."""
    ds = diags(UNKNOWN_CALLEE)
    assert [d.code for d in ds] == ["unknown-callee"]
    (d,) = ds
    assert d.message.startswith("unknown callee Main.g(::Any, ::Any)")
    assert "`declare Main.g(::Any, ::Any)::T`" in d.message
    assert d.span.line == 2 and "(also at line 3)" in d.message


def test_runtime_dispatch_in_jets_words():
    text = ("declare Main.h(::Int64)::Int64\ndeclare Main.h(::Float64)::Float64\n"
            "function f(x)\n1 ─ %1 = Main.h(x)\n└──      return %1\nend\n"
            "function g(c::Union{Int64, Float64}, k)\n1 ─ %1 = Main.h(c)\n│   %2 = (k)(c)\n└──      return %1\nend\n")
    ds = diags(text)
    msgs = [(d.code, d.message) for d in ds]
    # non-concrete argument, two declarations may apply: dispatched at run time
    assert ("runtime-dispatch", "runtime dispatch detected: Main.h(x::Any)::Union{Float64, Int64}") in msgs
    # a union Julia splits into concrete cases is static; a callee that is not constant is not
    assert not any(m.startswith("runtime dispatch detected: Main.h(c::") for _, m in msgs)
    assert ("runtime-dispatch", "runtime dispatch detected: k::Any(c::Union{Float64, Int64})::Any") in msgs
    # the statement's Any is explained by the dispatch report: no `type instability` besides
    assert not any(c == "type-instability" for c, _ in msgs)


def test_an_unknown_global_says_how_to_declare_it():
    """samples/real/r176: `Main.constant_global_variable * x` with the const not shown."""
    text = (REAL / "r176_const_global_fixed_indented_talk.ir").read_text(encoding="utf-8")
    (d,) = diags(text)
    assert d.code == "unknown-global"
    assert "`const Main.constant_global_variable = value`" in d.message


def test_a_duplicate_struct_definition_is_reported():
    same = "struct P\n    x::Int64\nend\n"
    other = "struct P\n    x::Float64\nend\n"
    fn = "function f(p::P)\n1 ─      return p\nend\n"
    (d,) = diags(same + same + fn)
    assert d.code == "duplicate-definition" and d.severity == "note" and d.span.line == 4
    (d,) = diags(same + other + fn)
    assert d.code == "duplicate-definition" and d.severity == "warning"
    assert "invalid redefinition of constant Main.P" in d.message


def _documented_codes() -> set:
    text = (ROOT / "docs" / "semantics.md").read_text(encoding="utf-8")
    table = text[text.index("### Diagnostic codes"):]
    return set(re.findall(r"`([a-z][a-z-]+)`", "\n".join(l.split("|")[1] for l in table.splitlines()
                                                            if l.startswith("| `"))))


def test_every_code_irc_reports_is_documented():
    """The HTML report groups by code: every code made on the samples, the real
    pastes that read, and the inputs above is in docs/semantics.md §10."""
    documented = _documented_codes()
    assert {"unknown-callee", "unknown-method", "unknown-type", "no-matching-method", "runtime-dispatch",
            "maybe-undef", "undef", "always-throws", "duplicate-definition"} <= documented
    seen = set()
    inputs = [p.read_text(encoding="utf-8") for p in sample_files() + sorted(REAL.glob("*.ir"))]
    for text in inputs + [UNKNOWN_CALLEE]:
        res = analyse_text(text, "x.ir")
        seen |= {d.code for d in res.errors}
        seen |= {d.code for _, r in res.results for d in r.diagnostics}
    assert seen - documented == set()
    assert len(seen) >= 10
