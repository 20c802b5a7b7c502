"""Stage 6, output: what the user reads, from the IR and the inference results.

`text` prints the annotated IR in `@code_warntype` layout (with `colour`'s
three-tier rule; `stable` picks the lines `--hide-stable` keeps), `jsondoc`
the JSON document, `check` compares irc's answers with the types Julia
printed in the input (`reports`: that comparison and the diagnostics as
JSON), `explain` says why a slot has its type, `cfgview` draws the
control-flow graph, `fmt` reprints the input canonically, `stats` formats
`--stats`.  Every function here is pure: it renders, it does not
infer.

Public names: `render_program`, `function_json`, `document`, `dumps`,
`check_function`, `explain_slot`, `format_program`.
"""
from irc.output.check import check_function
from irc.output.explain import explain_slot
from irc.output.fmt import format_program
from irc.output.jsondoc import document, dumps, function_json
from irc.output.text import render_program

__all__ = ["check_function", "document", "dumps", "explain_slot", "format_program", "function_json",
           "render_program"]
