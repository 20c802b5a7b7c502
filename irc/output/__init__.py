"""Stage 6, output: what the user reads, from the IR and the inference results.

`text` prints the annotated IR in `@code_warntype` layout (with `colour`'s
three-tier rule; `stable` picks the lines `--hide-stable` keeps;
`stmtlines` and `forked` its fast paths), `jsondoc` the JSON document,
`cfgview` draws the control-flow graph, `fmt` reprints the input
canonically, `stats` formats `--stats`.  What explains or checks the
answers is `irc.diagnose`; the HTML page is `irc.report`.  Every function
here is pure: it renders, it does not infer.

Public names: `render_program`, `function_json`, `document`, `dumps`,
`format_program` (each module imported on first use of its name).
"""
_PUBLIC = {  # name -> the module defining it, imported on first use (`irc infer` prints text without the rest)
    "format_program": "irc.output.fmt",
    "document": "irc.output.jsondoc", "dumps": "irc.output.jsondoc", "function_json": "irc.output.jsondoc",
    "render_program": "irc.output.text",
}

__all__ = ["document", "dumps", "format_program", "function_json", "render_program"]


def __getattr__(name: str):
    module = _PUBLIC.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    import importlib

    return getattr(importlib.import_module(module), name)
