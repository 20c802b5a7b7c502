"""`irc infer --compare-versions`: each input analysed under every version's rules, compared.

`compare_inputs(inputs, options, fmt)` takes the inputs already read (`(path, text)`; `cli_infer`
reads and validates, `irc.cli.batch`), runs `irc.cli.driver.analyse` once per version
(`Options.julia`), turns each run into the JSON function objects and hands them to
`irc.output.compare`; it returns the output (text: the tables then one summary line; JSON: one
document) and the rendered errors of the inputs that failed (left out of the comparison).

Pure apart from the analyses it runs; imports only the driver and the renderers.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any

from irc.cli.driver import analyse
from irc.errors import render_all


def compare_inputs(inputs: list[tuple[str, str]], options: Any, fmt: str = "text") -> tuple[str, str]:
    """(output, error messages) for `inputs` (see module doc)."""
    from irc.output.compare import VERSIONS, compare, render_text, summary, summary_line
    from irc.output.jsondoc import dumps, function_json

    files, everything, text, errors = [], [], [], []
    for path, source in inputs:
        docs = {}
        for v in VERSIONS:
            res = analyse(path, source, replace(options, julia=v))
            if res.errors:
                errors.append(render_all(res.errors, source) + "\n")
                break
            docs[v] = [function_json(fn, r) for fn, r in res.results]
        else:
            found = compare(docs)
            everything.extend(found)
            files.append({"path": path, "functions": found})
            text.append(render_text(path, found))
    if fmt == "text":
        return "".join(text) + summary_line(everything) + "\n", "".join(errors)
    return dumps({"julia_versions": list(VERSIONS), "files": files, "summary": summary(everything),
                  "summary_line": summary_line(everything)}), "".join(errors)
