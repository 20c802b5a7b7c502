"""The report's table of functions: one row per function, worst first.

Columns: rank (the default order, `reportdata.worst_first`), file,
function, statements, return type, non-concrete statements, flags (the
locals that may be undefined), diagnostics, and -- only when some input
carries Julia's types (a `@code_warntype` paste) -- "Julia vs irc": how
many of Julia's printed types irc agrees with (`12/14`, `irc infer
--check`), keyed by the number of disagreements (a function with nothing
to compare keys -1, below full agreement).  Every cell carries its sort key
in `data-key` and every header says whether its column sorts as a number
(`data-type="num"`) or as text, so the page's script sorts any column
without reading the cells' text.  The return type's key puts red types
first, then yellow, then concrete ones, alphabetically within each.

Invariants: pure (data in, HTML out); the rows come out in `worst_first`
order, so the page shows the default order without running a script;
every text is escaped.
"""
from __future__ import annotations

from html import escape

from irc.output import colour as C
from irc.report.reportdata import CATEGORIES, FileReport, FunctionReport, worst_first

COLUMNS = (
    ("rank", "#", "num", "Default order: worst first"),
    ("file", "File", "text", "Input file"),
    ("function", "Function", "text", "The method instance"),
    ("statements", "Statements", "num", "Statements in the function"),
    ("return", "Return type", "text", "Body::T (red first when sorted ascending)"),
    ("nonconcrete", "Non-concrete", "num", "Reached statements whose type is not concrete (red + yellow)"),
    ("flags", "Flags", "num", "Locals flagged SLOT_USEDUNDEF: they may be undefined where read"),
    ("diagnostics", "Diagnostics", "num", "Warnings inference reported"),
)

#: shown when some input carries Julia's types (see the module doc)
JULIA_COLUMN = ("julia", "Julia vs irc", "num",
                "Julia's printed types irc agrees with (irc infer --check); sorts by the disagreements")

_LEVEL_RANK = {C.BAD: "0", C.WARN: "1", C.GOOD: "2"}
_SHORT = {"any": "Any", "undef": "undef", "dispatch": "dispatch", "callee": "callee", "other": "other"}


def _cell(key: str | int, html: str, cls: str = "") -> str:
    c = f' class="{cls}"' if cls else ""
    return f'<td data-key="{escape(str(key))}"{c}>{html}</td>'


def diagnostic_counts(f: FunctionReport) -> list[tuple[str, int]]:
    """(category, count) in display order, non-zero only."""
    counts: dict[str, int] = {}
    for d in f.diagnostics:
        counts[d.category] = counts.get(d.category, 0) + 1
    return [(c, counts[c]) for c, _ in CATEGORIES if counts.get(c)]


def julia_cell(f: FunctionReport) -> str:
    """The "Julia vs irc" cell: `agree/compared`, red when some differ; `–` when nothing was compared."""
    if not f.julia_compared:
        return _cell(-1, '<span class="comment">–</span>', "num")
    cls = "differ" if f.julia_differ else "agree"  # not `bad`/`good`: those count statements
    return _cell(f.julia_differ, f'<span class="{cls}" title="{f.julia_differ} differ">'
                                 f'{f.julia_agree}/{f.julia_compared}</span>', "num julia")


def row_html(rank: int, path: str, anchor: str, f: FunctionReport, prefix: str = "", julia: bool = False) -> str:
    """One row; `path` is shown without `prefix` (the part every input shares); `julia`: with the
    "Julia vs irc" cell."""
    share = f" ({100 * f.non_concrete / f.typed:.0f}%)" if f.typed else ""
    nonconc = (f'<span class="bad">{f.bad}</span> + <span class="warn">{f.warn}</span>'
               f' of {f.typed}{share}') if f.non_concrete else f"0 of {f.typed}"
    flags = ("may be undefined: " + ", ".join(f"<code>{escape(s)}</code>" for s in f.undef_slots)) if f.undef_slots else ""
    chips = " ".join(f'<span class="chip cat-{c}">{n} {_SHORT.get(c, c)}</span>' for c, n in diagnostic_counts(f))
    cells = [
        _cell(rank, str(rank)),
        _cell(path, escape(path[len(prefix):]).replace("/", "/<wbr>"), "path"),
        _cell(f.name, f'<a href="#{anchor}" title="{escape(f.signature)}">{escape(f.name)}</a>'),
        _cell(f.statements, f"{f.statements:,}", "num"),
        _cell(_LEVEL_RANK[f.return_level] + f.return_type,
              f'<code class="{f.return_level}">{escape(f.return_type)}</code>'),
        _cell(f.non_concrete, nonconc, "num"),
        _cell(len(f.undef_slots), flags),
        _cell(len(f.diagnostics), f"{len(f.diagnostics)} {chips}".strip(), "num"),
    ]
    if julia:
        cells.append(julia_cell(f))
    return f'<tr data-fn="{anchor}">' + "".join(cells) + "</tr>"


def has_julia_types(files: list[FileReport]) -> bool:
    """Whether some function was compared with types Julia printed (the "Julia vs irc" column shows)."""
    return any(f.julia_compared for fr in files for f in fr.functions)


def table_html(files: list[FileReport], prefix: str = "") -> str:
    """The whole table (see the module doc); paths shown without `prefix`."""
    julia = has_julia_types(files)
    columns = COLUMNS + (JULIA_COLUMN,) if julia else COLUMNS
    head = "".join(
        f'<th scope="col" data-col="{k}" data-type="{typ}" aria-sort="{"ascending" if name == "rank" else "none"}">'
        f'<button type="button" title="{escape(tip)}">{escape(label)}</button></th>'
        for k, (name, label, typ, tip) in enumerate(columns))
    rows = [row_html(n, files[i].path, f"f{i}-{j}", f, prefix, julia)
            for n, (i, j, f) in enumerate(worst_first(files), start=1)]
    return ('<table id="functions-table" class="sortable">\n<thead><tr>' + head + "</tr></thead>\n<tbody>\n"
            + "\n".join(rows) + "\n</tbody>\n</table>")
