"""The library API: one paste in, every answer irc gives about it out.

    analyse(text, options=Options(), path="paste.ir") -> Result
    explain(text, function, name, options=Options()) -> str

One analysis (`irc.cli.driver.analyse`: parse, build, world, inference; every
user error a located `Diagnostic`, every internal one too), then the renderers
the commands use on it: the annotated IR as `irc infer` prints it
(`irc.output.text.render_program`), the same in `@code_warntype` colours as
HTML (`irc report`'s function sections, `irc.report.reporthtml.function_html`),
the JSON document (`irc infer --format json`), the diagnostics as `irc infer`
prints them on stderr (located, with the source line and caret), `--check`'s
agreement with the types Julia printed, and `irc stubs`' declarations.
`explain` is `irc explain` on one statement (`%N`) or slot (as printed) of the
paste's `function`-th function (the page's click).

Pure: no typer, no process fork (the driver's `split_min` stays 0), no file
read or written except the prelude's on-disk cache (`irc.syntax.cache`, which
falls back to parsing when it cannot write), nothing printed.  This is what the
playground page (`irc playground`) runs in the browser on Pyodide.

Invariants: `analyse` never raises for any text (an internal error becomes one
located error in `Result.errors`); `Result` is plain data (`as_dict` gives
JSON-ready values); the same text and options give the same Result.
"""
from __future__ import annotations

from dataclasses import asdict, dataclass

from irc.cli.driver import Options, analyse as _analyse, answered_rules, file_diagnostics

__all__ = ["MAX_LINES", "Options", "Result", "analyse", "explain"]

MAX_LINES = 200_000  # the playground's limit (`analyse(…, max_lines=MAX_LINES)`): beyond it a tab would freeze


@dataclass(frozen=True, slots=True)
class Result:
    ok: bool  # the paste was read (no errors); the other fields are then filled
    julia: str  # the rules used ("1.10", "1.11", "1.12")
    julia_evidence: str  # why those rules (a marker and its line, `--julia`, "no version marker")
    functions: int
    text: str = ""  # the annotated IR, as `irc infer` prints it (no colour codes)
    html: str = ""  # the same in @code_warntype colours: `irc report`'s function sections
    json: str = ""  # `irc infer --format json`'s document
    errors: tuple[str, ...] = ()  # located errors, as `irc infer` prints them (source line, caret)
    diagnostics: tuple[str, ...] = ()  # warnings and notes, as `irc infer` prints them
    check: str = ""  # `--check`'s summary line (`N agree, M differ`, or why nothing was compared)
    mismatches: tuple[str, ...] = ()  # `--check`'s disagreements, each with its why
    stubs: str = ""  # `irc stubs`: the declarations irc lacked, a file to edit

    def as_dict(self) -> dict:
        return asdict(self)


def analyse(text: str, options: Options = Options(), path: str = "paste.ir", max_lines: int | None = None) -> Result:
    """Every answer about `text` (see the module doc); `max_lines`: a longer text is refused
    with one error saying so, unread."""
    if max_lines is not None and text.count("\n") >= max_lines:
        n = text.count("\n") + (not text.endswith("\n"))
        return Result(False, options.julia or "", "", 0,
                      errors=(f"{path}: error: {n:,} lines: more than the {max_lines:,} this page reads "
                              f"(run `irc infer` on it instead)",))
    res = _analyse(path, text, Options(**{**asdict(options), "split_min": 0}))
    version = res.version.json() if res.version is not None else {}
    julia, evidence = version.get("julia_version", options.julia or ""), version.get("julia_version_evidence", "")
    try:
        return _render(res, julia, evidence)
    except Exception as e:  # noqa: BLE001 - a renderer's bug is one located error, never a traceback
        from irc.cli.driver import _internal_error
        from irc.errors import render

        return Result(False, julia, evidence, 0, errors=(render(_internal_error(path, e), text),))


def _render(res, julia: str, evidence: str) -> Result:
    from irc.errors import render

    path, text = res.path, res.text
    if res.errors:
        return Result(False, julia, evidence, 0, errors=tuple(render(d, text) for d in res.errors))
    from irc.diagnose.check import check_summary
    from irc.diagnose.stubs import Stubs, collect, render as render_stubs
    from irc.output.jsondoc import document, dumps, function_json
    from irc.output.text import render_program
    from irc.report.reportdata import file_report
    from irc.report.reporthtml import function_html

    said, whole = file_diagnostics(res)
    report = file_report(path, res.results, world=res.world)  # (with `--check`'s comparison per function)
    html = "\n".join(function_html(path, f"f{j}", f) for j, f in enumerate(report.functions))
    agree = sum(f.julia_agree for f in report.functions)
    differ = sum(f.julia_differ for f in report.functions)
    stubs = Stubs()
    collect(res, stubs)
    return Result(
        True, julia, evidence, len(res.results),
        text=render_program(res.program, res.results, rules=answered_rules(res.version)),
        html=html,
        json=dumps(document([function_json(fn, r) for fn, r in res.results], res.version.json())),
        diagnostics=tuple(render(d, text) for d in said + whole),
        check=check_summary(agree, differ, 0, 1, 0),
        mismatches=tuple(m for f in report.functions for m in f.julia_mismatches),
        stubs=render_stubs(stubs))


def explain(text: str, function: int, name: str, options: Options = Options(), path: str = "paste.ir") -> str:
    """Why `name` -- a statement `%N` or a slot as printed (`x`, `@_3`, `x@_5`) -- of the paste's
    `function`-th function (0-based, in the paste's order) has its type: `irc explain --stmt`'s or
    `--slot`'s text; "" when the paste is refused or names no such function, statement or slot."""
    from irc.diagnose.explain import explain_slot, find_slot
    from irc.diagnose.explain_stmt import explain_stmt, find_stmt

    res = _analyse(path, text, Options(**{**asdict(options), "split_min": 0}))
    if res.errors or not 0 <= function < len(res.results):
        return ""
    fn, r = res.results[function]
    try:
        if name.startswith("%"):
            i = find_stmt(fn, name)
            return "" if i is None else explain_stmt(fn, r, res.world, i, [g for g, _ in res.results])
        slot = find_slot(fn, name)
        return "" if slot is None else explain_slot(fn, r, slot)
    except Exception as e:  # noqa: BLE001 - a bug is a sentence on the page, never a traceback
        return f"internal error: {type(e).__name__}: {e}\n"
