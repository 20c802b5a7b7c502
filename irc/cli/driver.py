"""The pipeline as pure functions: text -> syntax -> IR + CFG -> world -> results.

    analyse(path, text, options) -> FileResult

runs, in order and timing each phase:

1. parse  -- `irc.parser.parse_text` (syntax tree, its commonest body lines
   kept as their regex matches, `irc.syntax.matches`; syntax errors raise
   `IrcError` with every error found);
2. cfg    -- `irc.build.build_program` (slots, labels, semantic checks) and
   `irc.cfg.compute_blocks` for every function;
3. infer  -- `irc.world.World.build` over the file's declarations (plus the
   prelude and extra preludes), then `irc.infer.infer_function` per function
   with the chosen state store.

The print phase belongs to the caller (it is timed there and added to
`FileResult.timings["print"]`).

`process_file` (analyse + render of one file) runs with Python's cyclic
garbage collector paused (`_gc_paused`, restored on exit, also on error):
the pipeline builds millions of small objects that all live until the file
is rendered, and the collector's repeated scans of them cost about a third
of the CPU time on a 100k-statement function while finding nothing.
Reference counting still frees everything acyclic at once; cyclic garbage
made meanwhile is collected after the file.

Types nest as deep as programs build them (a 300-deep tuple from `x = (x, n)`
in straight-line code), and comparing, merging and printing them recurses
once per level; `deep_recursion()` raises Python's recursion limit for the
duration of `analyse` and `process_file` only and restores it afterwards
(no module of irc changes it at import).

Invariants: nothing here prints or exits; every user error becomes
`FileResult.errors` (located `Diagnostic`s) instead of an exception, so one
bad file never stops a batch; results are in the file's function order.
"""
from __future__ import annotations

import gc
import sys
import time
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from irc.ir import model as ir
from irc.errors import Diagnostic, IrcError, Span, file_span

STORES = ("stmt", "block", "live", "shared")


@dataclass(frozen=True, slots=True)
class Options:
    store: str = "shared"
    prelude: bool = True
    extra_preludes: tuple[str, ...] = ()  # paths of extra prelude files
    # a call irc cannot type takes the type Julia printed (`--use-printed-types`); "all": every call does
    use_printed: bool | str = False
    signature: str | None = None  # `--signature`: of a bare `CodeInfo(` the paste gives none for
    # a body of at least this many lines is built by two processes (`irc.ir.split`; the same IR);
    # 0: never (`irc infer` sets it when it runs its inputs in-process)
    split_min: int = 0
    julia: str | None = None  # `--julia 1.10|1.11|1.12`; None: the version the paste shows (`irc.syntax.version`)


@dataclass(slots=True)
class FileResult:
    path: str
    text: str
    program: ir.Program | None = None
    world: Any = None
    results: list[tuple[ir.Function, Any]] = field(default_factory=list)
    errors: list[Diagnostic] = field(default_factory=list)
    version: Any = None  # `irc.syntax.version.Detection`: the rules used and why
    timings: dict[str, float] = field(default_factory=lambda: {"parse": 0.0, "cfg": 0.0, "infer": 0.0, "print": 0.0})

    @property
    def ok(self) -> bool:
        return not self.errors

    @property
    def warnings(self) -> list[Diagnostic]:
        return [d for _, r in self.results for d in r.diagnostics if d.severity == "warning"]


def parse(path: str, text: str, signature: str | None = None, matches: bool = False):
    """Text -> `syntax.SourceFile` (raises IrcError).  `matches`: the body
    lines `irc.syntax.matches` takes are kept as their regex matches, for a
    `build(..., consume=True)` next (see `parse_text`)."""
    from irc.syntax.parser import parse_text

    return parse_text(text, path, signature=signature, matches=matches)


def build(source, consume: bool = False, split_min: int = 0, rules: Any = None) -> ir.Program:
    """Syntax -> `ir.Program` with blocks computed (raises IrcError).  With
    `consume`, `source`'s packed body lines are dropped as they become IR
    (`irc.ir.build`, "Consumed lines"): for a caller that drops `source` next.
    `split_min` > 0: a body of at least that many lines is built by two
    processes (`irc.ir.split`).  `rules`: the `JuliaVersion` read with (None: 1.10)."""
    from irc.ir.build import build_program
    from irc.ir.split import Split

    split = Split(split_min) if split_min > 0 else None
    return build_program(source, consume=consume, split=split, rules=rules)  # (the builder fills each function's blocks)


def check_preludes(paths: tuple[str, ...]) -> tuple[str, ...]:
    """Extra prelude files must be readable: an unreadable one is an error
    about that file (`PATH: error: cannot read prelude: …`, no source line)."""
    for p in paths:
        try:
            with open(p, "rb") as fh:
                fh.read(1)
        except OSError as e:
            raise IrcError([Diagnostic("error", f"cannot read prelude: {e.strerror or e}", file_span(p), "io")]) from None
    return tuple(paths)


def make_world(program: ir.Program, options: Options, rules: Any = None):
    """The world of `program`'s declarations and of the methods its functions show inferred
    (`irc.ir.pasted`); `rules`: the `JuliaVersion` (None: 1.10)."""
    from irc.ir.pasted import bare_value_types, bare_values, method_modules, pasted_methods, printed_functions
    from irc.world.world import World

    extra = check_preludes(options.extra_preludes)
    bare = bare_values(program.functions, program.text)
    # (the types the paste proves for them: only where irc takes Julia's printed types, `--all`)
    proved = bare_value_types(program.functions, bare) if bare and options.use_printed == "all" else None
    return World.build(program.items, prelude=options.prelude, extra_preludes=extra, path=program.path,
                       source=program.text, lazy=True,  # the prelude's methods evaluated as calls need them
                       rules=rules, pasted=pasted_methods(program.functions), bare_values=bare, bare_types=proved,
                       printed_functions=printed_functions(program.functions),
                       method_modules=method_modules(program.functions))


def infer_program(program: ir.Program, world: Any, store: str,
                  use_printed: bool | str = False) -> list[tuple[ir.Function, Any]]:
    from irc.infer.analysis import infer_function

    return [(fn, infer_function(fn, world, store=store, path=program.path, use_printed=use_printed))
            for fn in program.functions]


def _internal_error(path: str, e: BaseException) -> Diagnostic:
    return Diagnostic("error", f"internal error: {type(e).__name__}: {e}", Span(path, 1, 1), "internal")


def analyse(path: str, text: str, options: Options = Options()) -> FileResult:
    """Run parse -> build/cfg -> world -> inference on one file's text."""
    with deep_recursion():
        return _analyse(path, text, options)


def _analyse(path: str, text: str, options: Options) -> FileResult:
    res = FileResult(path, text)
    phase, start = "parse", time.perf_counter()

    def next_phase(name: str) -> None:
        nonlocal phase, start
        now = time.perf_counter()
        res.timings[phase] += now - start
        phase, start = name, now

    try:
        from irc.syntax.version import choose

        res.version = choose(text, options.julia)  # (a bounded scan of the first lines)
        source = parse(path, text, options.signature, matches=True)
        next_phase("cfg")
        res.program = build(source, consume=True, split_min=options.split_min, rules=res.version.rules)  # (reuses the lines' memory)
        del source  # the syntax tree: what the IR does not share is freed before inference
        next_phase("infer")
        res.world = make_world(res.program, options, res.version.rules)
        res.results = infer_program(res.program, res.world, options.store, options.use_printed)
    except IrcError as e:
        res.errors = list(e.diagnostics) or [Diagnostic("error", str(e), Span(path, 1, 1))]
    except Exception as e:  # noqa: BLE001 - a bug in one phase must not kill a batch
        res.errors = [_internal_error(path, e)]
    next_phase(phase)
    return res


def analyse_text(text: str, path: str = "<input>", store: str = "shared", prelude: bool = True) -> FileResult:
    """Convenience for tests and the REPL."""
    return analyse(path, text, Options(store=store, prelude=prelude))


# ---------------------------------------------------------------- one file, rendered


@dataclass(frozen=True, slots=True)
class RenderOptions:
    """What `irc infer` prints for each file (picklable: sent to pool workers)."""

    format: str = "text"  # text | json | jsonl
    check: bool = False
    exact: bool = False
    colour: bool = False
    warn_only: bool = False  # print diagnostics only, no annotated IR
    quiet: bool = False  # no warnings on stderr (errors still)
    plain: bool = False  # text: Julia's layout, without irc's comments
    hide_stable: bool = False  # text: leave out type-stable statements
    entries: str = "brief"  # entry comments: brief (informative slots) or full (every live slot)
    analysis: Options = Options()
    # text output as UTF-8 pieces (`Outcome.encoded`) instead of one str (`Outcome.output`): the CLI's way
    encoded: bool = False
    # with `encoded`: a body of at least this many statements is printed by two processes
    # (`irc.output.forked`; the same bytes); 0: never (`irc infer` sets it when it runs inputs in-process)
    fork_min: int = 0


@dataclass(slots=True)
class Outcome:
    """What one file produced: plain data, so it crosses process boundaries."""

    path: str
    output: str = ""  # this file's part of stdout (text, or jsonl lines)
    # with `RenderOptions.encoded`, the annotated text instead, as UTF-8 pieces of whole lines
    # (`irc.output.text.render_program_utf8`; `output` is then "")
    encoded: list[bytes] | None = None
    functions_json: list | None = None  # --format json: the function objects
    messages: str = ""  # rendered errors/warnings for stderr
    error_json: list = field(default_factory=list)  # the errors as §5.2 diagnostic objects
    report_json: dict | None = None  # --check / --warn-only with --format json|jsonl: this file's object
    errors: int = 0
    warnings: int = 0
    warned_functions: int = 0
    file_warnings: int = 0  # warnings about the whole file (no function in it)
    functions: int = 0
    check_agree: int = 0
    check_differ: int = 0
    check_input: int = 0  # statements typed from Julia's printed type (counted apart)
    stats: dict = field(default_factory=dict)
    timings: dict = field(default_factory=dict)
    version_json: dict = field(default_factory=dict)  # `julia_version`, `julia_version_evidence`


def plain_style(version: Any, text: str = "") -> Any:
    """The spelling `irc infer --plain` prints a file's types in: that of the Julia whose print
    form the paste shows (`Detection.band`, not the rules version: a Julia 1.5 paste answered
    with 1.10's rules is spelled as 1.5 spelled it; `irc.lattice.printstyle`), with emphasized
    types in capitals when the paste `text` shows them so (printed without colour); None
    (canonical) when nothing was detected."""
    from dataclasses import replace

    from irc.lattice.printstyle import CANONICAL, shows_capitals, style_for_band

    style = style_for_band(version.band) if version is not None else None
    if text and shows_capitals(text):
        style = replace(style or CANONICAL, capitals=True)
    return style


def answered_rules(version: Any) -> str | None:
    """The rules version to name at the top of the text output (`irc.output.text.rules_line`): the
    one that answered, when it is not 1.10's; None otherwise."""
    from irc.syntax.version import DEFAULT

    return version.rules.name if version is not None and version.rules is not DEFAULT else None


def version_note(path: str, version: Any) -> Diagnostic | None:
    """The file's note about the rules used (`Detection.note`), or None when there is nothing to say."""
    note = version.note if version is not None else ""
    return Diagnostic("note", note, file_span(path), "julia-version") if note else None


def file_diagnostics(res: FileResult) -> tuple[list[Diagnostic], list[Diagnostic]]:
    """What an analysed file says besides its output, in the order `irc infer` prints it:
    (its version note and every function's diagnostics; the warnings about the whole file --
    "no function in this file" when it has none)."""
    vnote = version_note(res.path, res.version)
    said = ([vnote] if vnote is not None else []) + [d for _, r in res.results for d in r.diagnostics]
    whole = [] if res.results else [Diagnostic("warning", "no function in this file", file_span(res.path), "no-function")]
    return said, whole


def _sum_stats(results: list[tuple[ir.Function, Any]]) -> dict:
    """Add up numeric per-function stats; `peak*` figures take the maximum."""
    total: dict = {}
    for _, r in results:
        for k, v in (getattr(r, "stats", None) or {}).items():
            if isinstance(v, bool) or not isinstance(v, (int, float)):
                continue
            if k.startswith("peak"):
                total[k] = max(total.get(k, 0), v)
            else:
                total[k] = total.get(k, 0) + v
    return total


RECURSION_LIMIT = 12000  # deep enough for types nested a few hundred levels


@contextmanager
def deep_recursion(limit: int = RECURSION_LIMIT):
    """Raise the interpreter's recursion limit to at least `limit` for the
    block, then restore it (the pipeline recurses once per level of a type)."""
    old = sys.getrecursionlimit()
    if old < limit:
        sys.setrecursionlimit(limit)
    try:
        yield
    finally:
        sys.setrecursionlimit(old)


@contextmanager
def _gc_paused():
    """Pause the cyclic collector for one file; restore its previous state."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()


def process_file(path: str, text: str, opts: RenderOptions, keep: list | None = None) -> Outcome:
    """Analyse one file and render everything it prints (the pool's worker).

    With `keep`, the analysis (`FileResult`) is left in `keep` (replacing
    what an earlier call left there) instead of being freed on return: a
    process about to exit can then skip freeing it (see `irc.__main__`)."""
    with _gc_paused(), deep_recursion():
        return _process_file(path, text, opts, keep)


def _process_file(path: str, text: str, opts: RenderOptions, keep: list | None = None) -> Outcome:
    from irc.errors import render

    res = analyse(path, text, opts.analysis)
    if keep is not None:
        keep[:] = [res]
    out = Outcome(path)
    out.timings = dict(res.timings)
    if res.version is not None:
        out.version_json = res.version.json()
    if res.errors:
        from irc.output.jsondoc import diagnostic_json

        out.errors = len(res.errors)
        out.messages = "".join(render(d, text) + "\n" for d in res.errors)
        out.error_json = [diagnostic_json(d) for d in res.errors]
        return out
    out.functions = len(res.results)
    out.stats = _sum_stats(res.results)
    t0 = time.perf_counter()
    try:
        said, whole = file_diagnostics(res)  # (whole: empty, or only comments and declarations)
        warned = [(fn.name, d) for fn, r in res.results for d in r.diagnostics if d.severity == "warning"]
        warned += [(None, d) for d in whole]
        out.warned_functions = sum(any(d.severity == "warning" for d in r.diagnostics) for _, r in res.results)
        out.file_warnings = len(whole)
        out.warnings = len(warned)
        if not opts.quiet:
            out.messages = "".join(render(d, text) + "\n" for d in said + whole)
        if opts.check:
            from irc.diagnose.check import CheckReport, check_function

            rep = CheckReport()
            for fn, r in res.results:
                rep.add(check_function(fn, r, res.world, exact=opts.exact, path=path))
            out.check_agree, out.check_differ, out.check_input = rep.agree, rep.differ, rep.from_input
            if opts.format == "text":
                out.output = "".join(m.render_with_why() + "\n" for m in rep.mismatches)
            else:
                from irc.diagnose.reports import check_entry

                out.report_json = check_entry(path, rep)
        elif opts.warn_only:
            if opts.format != "text":
                from irc.diagnose.reports import warnings_entry

                out.report_json = warnings_entry(path, warned)
        elif opts.format == "text":
            from irc.output.text import render_program, render_program_utf8

            style = plain_style(res.version, res.program.text) if opts.plain else None
            rules = answered_rules(res.version)
            if opts.encoded:
                out.encoded = render_program_utf8(res.program, res.results, colour=opts.colour, plain=opts.plain,
                                                  hide_stable=opts.hide_stable, entries=opts.entries,
                                                  fork_min=opts.fork_min, style=style, rules=rules)
            else:
                out.output = render_program(res.program, res.results, colour=opts.colour, plain=opts.plain,
                                            hide_stable=opts.hide_stable, entries=opts.entries, style=style,
                                            rules=rules)
        else:
            from irc.output.jsondoc import dumps_line, function_json

            objs = [function_json(fn, r) for fn, r in res.results]
            if opts.format == "jsonl":
                out.output = "".join(dumps_line({"file": path, **out.version_json, **o}) for o in objs)
            else:
                out.functions_json = objs
    except Exception as e:  # noqa: BLE001 - a printing bug must not kill a batch
        out.errors += 1
        out.messages += render(_internal_error(path, e), text) + "\n"
        out.output, out.functions_json, out.encoded = "", None, None
    out.timings["print"] = time.perf_counter() - t0
    return out
