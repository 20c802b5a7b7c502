"""The facts `irc report` shows, as plain data: one `FileReport` per input.

Algorithm: for every inferred function (`function_report`) count the
statements, the reached statements that print a `::T` ("typed"), and how
`@code_warntype` would colour each typed statement's type
(`irc.output.colour.classify`: concrete / small union / abstract); list
the slots flagged `SLOT_USEDUNDEF` (Julia's "may be undefined" locals);
copy the diagnostics with their category (`category`, the one mapping from
a diagnostic `code` to what the summary counts); and keep the annotated IR
as `irc infer --color always` prints it (`irc.output.text`), one
`IRLine` per printed line, each body line carrying the input line of the
statement it prints, so the page can link diagnostics to it.  A file that
failed keeps its located errors, rendered as `irc infer` prints them.
When the input carries Julia's types (a `@code_warntype` paste), the
function also keeps `irc infer --check`'s comparison with them
(`irc.diagnose.check.check_function`, run once per function on the
inference result already computed): how many of Julia's printed types irc
agrees with, and each disagreement as `irc infer --check` prints it.

`summarise` adds the files up for the page's summary; `worst_first` is the
table's default order.

Invariants: everything here is picklable plain data (it crosses process and
machine boundaries: `--jobs`, `--scheduler`); building it is a pure function
of the IR and the inference results; the texts of a function's `IRLine`s,
ANSI codes stripped, are `irc infer`'s plain text for that function.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable

from irc.ir import model as ir
from irc.output import colour as C

# ---------------------------------------------------------------- categories

#: diagnostic code -> the summary's category; a code not listed is "other".
#: New codes (runtime dispatch reports, …) are one line here.
CATEGORY_OF_CODE = {
    "type-instability": "any",
    "maybe-undef": "undef",
    "undef": "undef",
    "runtime-dispatch": "dispatch",
    "unknown-callee": "callee",
}

#: the categories in display order, with the words the page uses
CATEGORIES = (
    ("any", "Any statements"),
    ("undef", "reads of maybe-undefined locals"),
    ("dispatch", "runtime dispatches"),
    ("callee", "unknown callees"),
    ("other", "other warnings"),
)


def category(code: str) -> str:
    """The summary category of a diagnostic code (see `CATEGORY_OF_CODE`)."""
    return CATEGORY_OF_CODE.get(code, "other")


# ---------------------------------------------------------------- data


@dataclass(frozen=True, slots=True)
class DiagnosticRow:
    severity: str
    code: str
    category: str
    message: str
    line: int | None
    column: int | None


@dataclass(frozen=True, slots=True)
class IRLine:
    """One printed line: `text` painted with `irc.output.colour` codes;
    `source_line` the input line of the statement it prints (None for
    header and entry-comment lines)."""

    text: str
    source_line: int | None = None


@dataclass(frozen=True, slots=True)
class FunctionReport:
    name: str  # as the MethodInstance line names it
    signature: str
    line: int  # the function's header line in the input
    return_type: str  # `Body::T`
    return_level: str  # GOOD, WARN or BAD
    statements: int
    typed: int  # reached statements printing `::T`
    warn: int  # typed statements painted yellow (small unions of concrete types)
    bad: int  # typed statements painted red (abstract, `Any`, large unions)
    undef_slots: tuple[str, ...]  # slots flagged SLOT_USEDUNDEF, as printed
    diagnostics: tuple[DiagnosticRow, ...]
    lines: tuple[IRLine, ...]  # the annotated IR (perhaps cut, see `omitted_lines`)
    omitted_lines: int = 0
    julia_agree: int = 0  # Julia's printed types irc agrees with (`irc infer --check`)
    julia_compared: int = 0  # Julia's printed types compared (agree + differ); 0: the input printed none
    julia_mismatches: tuple[str, ...] = ()  # the disagreements, as `irc infer --check` prints them (with why)

    @property
    def julia_differ(self) -> int:
        return self.julia_compared - self.julia_agree

    @property
    def non_concrete(self) -> int:
        return self.warn + self.bad

    @property
    def concrete(self) -> int:
        return self.typed - self.warn - self.bad


@dataclass(frozen=True, slots=True)
class FileReport:
    path: str
    functions: tuple[FunctionReport, ...] = ()
    errors: tuple[str, ...] = ()  # located errors, rendered as `irc infer` prints them

    @property
    def failed(self) -> bool:
        return bool(self.errors)


# ---------------------------------------------------------------- building


def _prints_type(st: ir.Stmt) -> bool:
    from irc.output.text import _has_value

    return _has_value(st)


def statement_levels(fn: ir.Function, result: Any) -> tuple[int, int, int]:
    """(typed, warn, bad): reached statements printing `::T`, and how many of
    them `@code_warntype` paints yellow and red."""
    typed = warn = bad = 0
    levels: dict[int, tuple[Any, str]] = {}  # id(type) -> (type, level): few distinct types
    for i, st in enumerate(fn.stmts, start=1):
        t = result.ssa_types[i]
        if t is None or st.kind is ir.Kind.DEAD or not _prints_type(st):
            continue
        typed += 1
        hit = levels.get(id(t))
        if hit is None:
            hit = levels[id(t)] = (t, C.classify(t))
        if hit[1] == C.WARN:
            warn += 1
        elif hit[1] == C.BAD:
            bad += 1
    return typed, warn, bad


def ir_lines(fn: ir.Function, result: Any, path: str) -> list[IRLine]:
    """The function as `irc infer --color always` prints it, line by line;
    body lines carry their statement's input line.  The body's layout is one
    entry comment per block, then one line per statement (`irc.output.fmt.
    layout_body`); if a body ever printed otherwise, its lines carry no
    input line rather than wrong ones."""
    from irc.output.text import body_lines, header_lines

    head = [IRLine(t) for t in header_lines(fn, result, path, colour=True)]
    body = body_lines(fn, result, colour=True)
    sources: list[int | None] = []
    for b in fn.blocks:
        sources.append(None)  # the `# entry #B` comment
        sources.extend(fn.stmt(i).line for i in range(b.first, b.last + 1))
    if len(sources) != len(body):
        sources = [None] * len(body)
    return head + [IRLine(t, s) for t, s in zip(body, sources)]


def function_report(fn: ir.Function, result: Any, path: str, max_lines: int | None = None,
                    world: Any = None) -> FunctionReport:
    """The report's facts about one inferred function (see the module doc);
    `max_lines` cuts the annotated IR (None: all of it); with the file's
    `world`, the comparison with the types Julia printed (none without)."""
    from irc.diagnose.check import check_function
    from irc.infer.flags import SLOT_USEDUNDEF
    from irc.lattice.typeprint import show
    from irc.output.text import function_title, printed_return_type, signature, slot_display_names

    typed, warn, bad = statement_levels(fn, result)
    names = slot_display_names(fn)
    undef = tuple(names[s.id] for s in fn.slots if int(result.slot_flags[s.id]) & SLOT_USEDUNDEF)
    diags = tuple(DiagnosticRow(d.severity, d.code, category(d.code), d.message,
                                d.span.line if d.span else None, d.span.col if d.span else None)
                  for d in result.diagnostics)
    lines = ir_lines(fn, result, path)
    omitted = 0
    if max_lines is not None and len(lines) > max_lines:
        omitted = len(lines) - max_lines
        lines = lines[:max_lines]
    rt = printed_return_type(result)
    agree = compared = 0
    mismatches: tuple[str, ...] = ()
    if world is not None:
        rep = check_function(fn, result, world, path=path)
        agree, compared = rep.agree, rep.agree + rep.differ
        mismatches = tuple(m.render_with_why() for m in rep.mismatches)
    return FunctionReport(
        name=function_title(fn), signature=signature(fn, result), line=fn.line,
        return_type=show(rt), return_level=C.classify(rt), statements=len(fn.stmts),
        typed=typed, warn=warn, bad=bad, undef_slots=undef, diagnostics=diags,
        lines=tuple(lines), omitted_lines=omitted, julia_agree=agree, julia_compared=compared,
        julia_mismatches=mismatches)


def file_report(path: str, results: list[tuple[ir.Function, Any]], max_lines: int | None = None,
                world: Any = None) -> FileReport:
    """`function_report` of each function; `world` (the file's) adds the comparison with Julia's types."""
    return FileReport(path, tuple(function_report(fn, r, path, max_lines, world) for fn, r in results))


# ---------------------------------------------------------------- corpus


@dataclass(frozen=True, slots=True)
class Summary:
    files: int
    failed_files: int
    functions: int
    statements: int
    typed: int
    concrete: int
    undef_locals: int  # slots flagged SLOT_USEDUNDEF, over all functions
    by_category: tuple[tuple[str, int], ...]  # (category, diagnostics) in CATEGORIES order
    errors: int  # located errors of the failed files
    julia_agree: int = 0  # over all functions: Julia's printed types irc agrees with
    julia_compared: int = 0  # ... and compared; 0: no input carries Julia's types

    @property
    def julia_share(self) -> float | None:
        return self.julia_agree / self.julia_compared if self.julia_compared else None

    @property
    def concrete_share(self) -> float | None:
        return self.concrete / self.typed if self.typed else None

    def count(self, cat: str) -> int:
        return dict(self.by_category).get(cat, 0)


def summarise(files: Iterable[FileReport]) -> Summary:
    files = list(files)
    fns = [f for fr in files for f in fr.functions]
    cats = {c: 0 for c, _ in CATEGORIES}
    for f in fns:
        for d in f.diagnostics:
            cats[d.category] = cats.get(d.category, 0) + 1
    return Summary(
        files=len(files), failed_files=sum(fr.failed for fr in files), functions=len(fns),
        statements=sum(f.statements for f in fns), typed=sum(f.typed for f in fns),
        concrete=sum(f.concrete for f in fns), undef_locals=sum(len(f.undef_slots) for f in fns),
        by_category=tuple(cats.items()), errors=sum(len(fr.errors) for fr in files),
        julia_agree=sum(f.julia_agree for f in fns), julia_compared=sum(f.julia_compared for f in fns))


def common_prefix(paths: Iterable[str]) -> str:
    """The directory part every path shares (`a/b/` of `a/b/x.ir` and
    `a/b/c/y.ir`), "" when there is none or only one path: the page shows
    paths without it, so that long absolute paths do not crowd the table."""
    paths = [p.replace("\\", "/") for p in paths]
    if len(paths) < 2:
        return ""
    first, last = min(paths), max(paths)
    n = 0
    while n < min(len(first), len(last)) and first[n] == last[n]:
        n += 1
    cut = first.rfind("/", 0, n + 1 if n < len(first) and first[n] == "/" else n)
    return first[: cut + 1] if cut >= 0 else ""


def severity_key(f: FunctionReport) -> tuple:
    """Bigger is worse: red statements, then yellow ones, then maybe-undefined
    locals, then diagnostics, then a non-concrete return type."""
    return (f.bad, f.warn, len(f.undef_slots), len(f.diagnostics), f.return_level != C.GOOD)


def worst_first(files: list[FileReport]) -> list[tuple[int, int, FunctionReport]]:
    """Every function as (file index, function index, report), worst first
    (`severity_key`, descending), ties in input order."""
    rows = [(i, j, f) for i, fr in enumerate(files) for j, f in enumerate(fr.functions)]
    return sorted(rows, key=lambda r: tuple(-x for x in severity_key(r[2])) + (r[0], r[1]))
