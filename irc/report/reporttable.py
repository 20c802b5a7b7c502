"""The report's table of functions: one row per function, worst first.

Columns: rank (the default order, `reportdata.worst_first`), file,
function, statements, return type, non-concrete statements, flags (the
locals that may be undefined), diagnostics.  Every cell carries its sort key
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


def row_html(rank: int, path: str, anchor: str, f: FunctionReport, prefix: str = "") -> str:
    """One row; `path` is shown without `prefix` (the part every input shares)."""
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
    return f'<tr data-fn="{anchor}">' + "".join(cells) + "</tr>"


def table_html(files: list[FileReport], prefix: str = "") -> str:
    """The whole table (see the module doc); paths shown without `prefix`."""
    head = "".join(
        f'<th scope="col" data-col="{k}" data-type="{typ}" aria-sort="{"ascending" if name == "rank" else "none"}">'
        f'<button type="button" title="{escape(tip)}">{escape(label)}</button></th>'
        for k, (name, label, typ, tip) in enumerate(COLUMNS))
    rows = [row_html(n, files[i].path, f"f{i}-{j}", f, prefix)
            for n, (i, j, f) in enumerate(worst_first(files), start=1)]
    return ('<table id="functions-table" class="sortable">\n<thead><tr>' + head + "</tr></thead>\n<tbody>\n"
            + "\n".join(rows) + "\n</tbody>\n</table>")
