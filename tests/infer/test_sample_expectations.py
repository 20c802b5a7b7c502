"""The sample corpus's hand checks, run against irc's `--format json` output.

Every `samples/*.ir` carries a comment block (at the top; for the parser's `syntax_*.ir`, at
the end, so their line numbers stay put) whose
`# expect …` lines state the answer derived by hand from Julia 1.10's rules (format in
docs/samples.md).  This module parses those lines into `Expectation`s and checks each one,
as its own test case, against the function objects of `irc infer --format json` (spec §5.2):
return types, slot types, exact slot flag sets, statement types (`unreached` = JSON null) and
diagnostics.  Types are compared as strings, exactly as irc prints them (Julia's printing).

The JSON is produced in-process through the same driver call the CLI makes
(`irc.driver.process_file` with `RenderOptions(format="json")`), once per sample; one test
runs `python -m irc infer --format json` as a subprocess and checks it prints the same
function objects, and `irc fmt` is run in-process (`irc.cli.run_command`) on every sample.

Invariants: a sample that fails to analyse fails every expectation of that sample with the
rendered errors; the set of `local variable …` warnings of a function must equal the expected
`diag:` lines that start with `local variable` (undefinedness warnings are part of the flag
hand check).
"""
from __future__ import annotations

import functools
import json
import re
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = ROOT / "samples"

EXPECT_RE = re.compile(r"^# expect(?:@(1\.1[0-2]))? (function|return|slot|flags|stmt|nodiag~|diag~|diag)(?: ([^:]*?))?: ?(.*)$")
UNDEF_PREFIX = "local variable"


@dataclass(frozen=True, slots=True)
class Expectation:
    sample: str      # file name
    function: str    # function name ("" = the file's first function)
    kind: str        # return | slot | flags | stmt | diag | diag~ | nodiag~ | undef-set
    key: str         # slot name / statement index / ""
    value: str       # expected text
    line: int        # line of the `# expect` comment
    julia: str = ""  # `# expect@1.11 …`: the answer under `--julia 1.11` (issue 28); "": the default

    @property
    def id(self) -> str:
        fn = self.function or "<first>"
        key = f" {self.key}" if self.key else ""
        at = f"@{self.julia}" if self.julia else ""
        return f"{self.sample}::{fn}::{self.kind}{at}{key}"


def sample_files() -> list[Path]:
    return sorted(SAMPLES.glob("*.ir"))


def parse_expectations(path: Path) -> list[Expectation]:
    """The `# expect` lines of one sample, plus one `undef-set` check per function section."""
    out: list[Expectation] = []
    function = ""
    undef: dict[str, list[str]] = {}
    for lineno, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        m = EXPECT_RE.match(line.rstrip())
        if not m:
            continue
        julia, kind, key, value = m.group(1) or "", m.group(2), (m.group(3) or "").strip(), m.group(4).strip()
        if kind == "function":
            function = value
            continue
        out.append(Expectation(path.name, function, kind, key, value, lineno, julia))
        if julia:
            continue
        undef.setdefault(function, [])
        if kind == "diag" and value.startswith(UNDEF_PREFIX):
            undef[function].append(value)
    for function, msgs in undef.items():
        out.append(Expectation(path.name, function, "undef-set", "", "\n".join(sorted(set(msgs))), 0))
    return out


@functools.cache
def run_infer(path: str, julia: str | None = None) -> tuple[dict | None, str]:
    """({"functions": [...]} or None, error text) for one sample, in-process; `julia`: `--julia`."""
    from irc.cli.driver import Options, RenderOptions, process_file

    out = process_file(path, Path(path).read_text(encoding="utf-8"),
                       RenderOptions(format="json", quiet=True, analysis=Options(julia=julia)))
    if out.errors or out.functions_json is None:
        return None, out.messages[:4000]
    # through a JSON round trip, as the CLI prints it
    return json.loads(json.dumps({"functions": out.functions_json})), ""


def find_function(doc: dict, name: str) -> dict:
    functions = doc.get("functions", [])
    assert functions, "irc printed no functions"
    if not name:
        return functions[0]
    for f in functions:
        if f.get("name") == name:
            return f
    raise AssertionError(f"no function {name!r}; irc printed {[f.get('name') for f in functions]}")


def find_slot(fn: dict, name: str) -> dict:
    slots = fn.get("slots", [])
    for s in slots:
        if s.get("name") == name:
            return s
    m = re.fullmatch(r"(?:.*)@_(\d+)", name)
    if m:
        for s in slots:
            if s.get("id") == int(m.group(1)):
                return s
    raise AssertionError(f"no slot {name!r}; slots are {[s.get('name') for s in slots]}")


def check(exp: Expectation, fn: dict) -> None:
    where = f"{exp.sample}:{exp.line}"
    if exp.kind == "return":
        got = fn["return_type"]
        assert got == exp.value, f"{where}: return type: irc {got!r}, expected {exp.value!r}"
    elif exp.kind == "slot":
        got = find_slot(fn, exp.key)["type"]
        assert got == exp.value, f"{where}: type of slot {exp.key}: irc {got!r}, expected {exp.value!r}"
    elif exp.kind == "flags":
        want = set() if exp.value == "none" else set(exp.value.split())
        got = set(find_slot(fn, exp.key)["flag_names"])
        assert got == want, f"{where}: flags of slot {exp.key}: irc {sorted(got)}, expected {sorted(want)}"
    elif exp.kind == "stmt":
        stmts = {s["id"]: s for s in fn.get("statements", [])}
        idx = int(exp.key)
        assert idx in stmts, f"{where}: no statement {idx}"
        want = None if exp.value == "unreached" else exp.value
        got = stmts[idx]["type"]
        assert got == want, f"{where}: type of statement {idx}: irc {got!r}, expected {want!r}"
    elif exp.kind == "diag":
        msgs = [d["message"] for d in fn.get("diagnostics", [])]
        assert exp.value in msgs, f"{where}: diagnostic {exp.value!r} missing; irc: {msgs}"
    elif exp.kind == "diag~":
        msgs = [d["message"] for d in fn.get("diagnostics", [])]
        assert any(exp.value in m for m in msgs), f"{where}: no diagnostic containing {exp.value!r}: {msgs}"
    elif exp.kind == "nodiag~":
        msgs = [d["message"] for d in fn.get("diagnostics", [])]
        bad = [m for m in msgs if exp.value in m]
        assert not bad, f"{where}: unexpected diagnostic containing {exp.value!r}: {bad}"
    elif exp.kind == "undef-set":
        got = {d["message"] for d in fn.get("diagnostics", []) if d["message"].startswith(UNDEF_PREFIX)}
        want = set(exp.value.split("\n")) if exp.value else set()
        assert got == want, f"{exp.sample}: undefinedness warnings of {exp.function or '<first>'}: irc {sorted(got)}, expected {sorted(want)}"
    else:  # pragma: no cover - the regex admits no other kind
        raise AssertionError(exp.kind)


ALL = [e for p in sample_files() for e in parse_expectations(p)]


def test_corpus_size_and_headers():
    """At least 32 samples, each with a header comment block and expectations."""
    files = sample_files()
    assert len(files) >= 32
    for p in files:
        first = p.read_text(encoding="utf-8").splitlines()[0]
        assert first.startswith(("# sample: ", "# syntax sample: ")), p.name
        assert any(e.sample == p.name and e.kind == "return" for e in ALL), f"{p.name} has no return expectation"


def test_expectation_parser(tmp_path):
    """The header format round-trips: sections, keys, `none`, `unreached`, the undef set."""
    text = (
        "# sample: x\n# expect function: f\n# expect return: Union{Float64, Int64}\n"
        "# expect slot @_3: Union{Nothing, Tuple{Int64, Int64}}\n# expect flags y: none\n"
        "# expect stmt 4: unreached\n# expect diag: local variable `y` may be undefined\n"
        "# expect diag~: offset\n# expect nodiag~: unknown\n# expect function: g\n# expect return: Any\n"
    )
    p = tmp_path / "x.ir"
    p.write_text(text, encoding="utf-8")
    got = parse_expectations(p)
    kinds = [(e.function, e.kind, e.key, e.value) for e in got]
    assert ("f", "slot", "@_3", "Union{Nothing, Tuple{Int64, Int64}}") in kinds
    assert ("f", "flags", "y", "none") in kinds
    assert ("f", "stmt", "4", "unreached") in kinds
    assert ("f", "undef-set", "", "local variable `y` may be undefined") in kinds
    assert ("g", "undef-set", "", "") in kinds
    assert ("g", "return", "", "Any") in kinds
    assert ("f", "nodiag~", "", "unknown") in kinds
    p.write_text("# sample: x\n# expect return: Any\n# expect@1.11 return: Union{A, B, C, D}\n", encoding="utf-8")
    got = parse_expectations(p)
    assert [(e.kind, e.julia, e.value) for e in got if e.kind == "return"] == [
        ("return", "", "Any"), ("return", "1.11", "Union{A, B, C, D}")]


@pytest.mark.parametrize("path", sample_files(), ids=lambda p: p.name)
def test_sample_parses(path: Path):
    """`irc fmt` accepts every sample (valid Julia output must parse) and prints something."""
    import io

    from irc.cli.app import render_fmt
    from irc.cli.loading import run_command

    out, err = io.StringIO(), io.StringIO()
    status = run_command([str(path)], render_fmt, stdout=out, stderr=err)
    assert status == 0, err.getvalue()[:4000]
    assert "return" in out.getvalue()


def test_cli_json_matches_in_process():
    """The CLI's `infer --format json` prints the same function objects the tests check."""
    path = SAMPLES / "try_nested.ir"
    proc = subprocess.run(
        [sys.executable, "-m", "irc", "infer", "--format", "json", str(path)],
        cwd=ROOT, capture_output=True, text=True, timeout=300,
    )
    doc = json.loads(proc.stdout)
    mine, err = run_infer(str(path))
    assert mine is not None, err
    assert doc["functions"] == mine["functions"]


@pytest.mark.parametrize("exp", ALL, ids=lambda e: e.id)
def test_expectation(exp: Expectation):
    doc, err = run_infer(str(SAMPLES / exp.sample), exp.julia or None)
    assert doc is not None, f"irc infer failed on {exp.sample}:\n{err}"
    check(exp, find_function(doc, exp.function))


def test_long_sample_has_2000_statements():
    doc, err = run_infer(str(SAMPLES / "long_2000.ir"))
    assert doc is not None, err
    fn = find_function(doc, "long_2000")
    assert len(fn["statements"]) == 2000
    assert len(fn["blocks"]) == 665


def _essentials(doc: dict) -> list:
    """What must not depend on --state: everything but the per-block entry lists."""
    return [
        {k: v for k, v in f.items() if k != "blocks"} | {"edges": [(b["id"], b["preds"], b["succs"]) for b in f["blocks"]]}
        for f in doc["functions"]
    ]


@pytest.mark.parametrize("store", ["stmt", "live"])
@pytest.mark.parametrize("path", sample_files(), ids=lambda p: p.name)
def test_samples_same_answer_in_every_state_mode(path: Path, store: str):
    """spec §3.4: `--state stmt|live` give the block store's answers on every sample."""
    from irc.cli.driver import Options, RenderOptions, process_file

    base, err = run_infer(str(path))
    if base is None:
        pytest.skip(f"{path.name} does not analyse (reported by test_expectation): {err[:200]}")
    out = process_file(str(path), path.read_text(encoding="utf-8"),
                       RenderOptions(format="json", quiet=True, analysis=Options(store=store)))
    assert out.functions_json is not None, out.messages
    other = json.loads(json.dumps({"functions": out.functions_json}))
    assert _essentials(other) == _essentials(base)
