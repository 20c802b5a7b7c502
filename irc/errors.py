"""Located diagnostics: one location type and one renderer for every message.

Every error or warning irc reports -- syntax errors from the parser, semantic
errors from the IR builder, warnings from inference -- is a `Diagnostic`
carrying a `Span`.  `render` formats all of them the same way:

    path:line:col: error: message
      <the source line>
      <caret under the column>

A diagnostic about a whole file (it cannot be read, it holds no function)
has a span with line 0: it renders as `path: error: message`, with no source
line.  A diagnostic located in another file than the input being reported
(a `--prelude` file) carries that file's line in `context` (`with_context`),
so it is never shown under a line of the input.

A source line holding colour escapes (a notebook's output) is shown without
them, the caret under the same character; the `line:col` is the file's.

Invariants: a `Span` is 1-based (line and column), or line 0 for the whole
file; `render` never raises, whatever the span (a line past the end of the
file renders without context).
Errors are data: the builder collects them in a list and raises `IrcError`
once, with all of them, so a file with several errors reports every one.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

_ANSI = re.compile(r"\x1b\[[0-9;]*[A-Za-z]")


@dataclass(frozen=True, slots=True)
class Span:
    """A place in a source file: 1-based line and column; `end_col` exclusive."""

    path: str
    line: int
    col: int
    end_col: int | None = None


@dataclass(frozen=True, slots=True)
class Diagnostic:
    severity: str  # "error" | "warning" | "note"
    message: str
    span: Span | None = None
    code: str = ""  # machine-readable kind, e.g. "syntax", "undefined-ssa", "maybe-undef"
    # The source line itself, for a diagnostic located in another file than the
    # input being reported (e.g. a `--prelude` file); None: look it up in the input.
    context: str | None = None


class IrcError(Exception):
    """Raised with every error found in one input; `diagnostics` holds them all."""

    def __init__(self, diagnostics: list[Diagnostic], source: str = ""):
        self.diagnostics = list(diagnostics)
        self.source = source
        super().__init__("\n".join(d.message for d in self.diagnostics))


def _line_text(source: str, line: int) -> str | None:
    if line < 1:
        return None
    lines = source.split("\n")
    if line > len(lines):
        return None
    return lines[line - 1].rstrip("\r")


def render(diag: Diagnostic, source: str = "") -> str:
    """Format one diagnostic with its source line and a caret (see module doc)."""
    span = diag.span
    if span is None:
        return f"{diag.severity}: {diag.message}"
    if span.line < 1:  # the whole file
        return f"{span.path}: {diag.severity}: {diag.message}"
    head = f"{span.path}:{span.line}:{span.col}: {diag.severity}: {diag.message}"
    text = diag.context if diag.context is not None else (_line_text(source, span.line) if source else None)
    if text is None:
        return head
    shown = text.replace("\t", " ")
    limit = 200
    col = max(span.col, 1)
    if "\x1b" in shown:  # a notebook's colour escapes: shown without them, the caret moved with the text
        kept = _ANSI.sub("", shown[: col - 1])
        col = len(kept) + 1
        shown = _ANSI.sub("", shown)
    if len(shown) > limit:  # keep a window around the caret for huge lines
        start = max(0, col - 1 - limit // 2)
        shown = ("…" if start else "") + shown[start : start + limit]
        col = col - start + (1 if start else 0)
    width = 1
    if span.end_col is not None and span.end_col > span.col:
        width = min(span.end_col - span.col, max(1, len(shown) - col + 1))
    caret = " " * (col - 1) + "^" + "~" * (width - 1)
    return f"{head}\n  {shown}\n  {caret}"


def file_span(path: str) -> Span:
    """The span of a diagnostic about the whole file (no line to show)."""
    return Span(path, 0, 0)


def with_context(diags: list[Diagnostic], source: str) -> list[Diagnostic]:
    """`diags`, located in the file whose text is `source`, with their source
    lines in `context` (those that have none), so that rendering them beside
    another file's text still quotes the right file."""
    out = []
    for d in diags:
        if d.context is None and d.span is not None and d.span.line >= 1:
            d = Diagnostic(d.severity, d.message, d.span, d.code, _line_text(source, d.span.line) or "")
        out.append(d)
    return out


def render_all(diags: list[Diagnostic], source: str = "") -> str:
    return "\n".join(render(d, source) for d in diags)


@dataclass(slots=True)
class DiagnosticSink:
    """Collects diagnostics for one input; `raise_if_errors` raises them all at once."""

    path: str
    source: str = ""
    items: list[Diagnostic] = field(default_factory=list)

    def error(self, message: str, line: int, col: int, end_col: int | None = None, code: str = "") -> None:
        self.items.append(Diagnostic("error", message, Span(self.path, line, col, end_col), code))

    def warning(self, message: str, line: int, col: int, end_col: int | None = None, code: str = "") -> None:
        self.items.append(Diagnostic("warning", message, Span(self.path, line, col, end_col), code))

    @property
    def errors(self) -> list[Diagnostic]:
        return [d for d in self.items if d.severity == "error"]

    def raise_if_errors(self) -> None:
        errs = self.errors
        if errs:
            raise IrcError(errs, self.source)
