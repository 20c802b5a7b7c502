"""Stage 8, report: the `irc report` page, from the inputs' analyses.

`reportdata` turns one input's IR and inference results into plain,
picklable data (`FileReport`: summary counts, table rows, the annotated IR
as `irc infer --color always` prints it); `reporthtml` renders the
self-contained HTML page from those, with `reporttable` (the sortable table
of functions) and `reportchart` (the inline SVG charts).  Above `output`
(it reuses its text printer and colour rule); `irc.cli.report` runs the
inputs (here, `--jobs` or a cluster) and writes the page.  Pure: nothing here
infers or writes files.

Public names: `file_report`, `FileReport`, `render_report`, `ReportMeta`
(each module imported on first use of its name).
"""
_PUBLIC = {  # name -> the module defining it, imported on first use
    "FileReport": "irc.report.reportdata", "file_report": "irc.report.reportdata",
    "ReportMeta": "irc.report.reporthtml", "render_report": "irc.report.reporthtml",
}

__all__ = ["FileReport", "ReportMeta", "file_report", "render_report"]


def __getattr__(name: str):
    module = _PUBLIC.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    import importlib

    return getattr(importlib.import_module(module), name)
