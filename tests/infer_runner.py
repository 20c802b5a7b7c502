"""`irc infer` in-process for the CLI tests: `run_infer` calls
`irc.cli.batch.cli_infer` (what the typer command delegates to) with StringIO
streams and no prelude unless asked; `text_and_json` gives one file's text output
and its JSON from one analysis; `write_progs` writes the small programs of
progs.py as files."""
from __future__ import annotations

import io
from pathlib import Path

from irc.cli import batch
from irc.cli.driver import FileResult, Options, Outcome, RenderOptions, process_file
from irc.output.jsondoc import function_json

from progs import ANNOTATED, BRANCH, LOOP, TRY


def run_infer(files, **kw) -> tuple[int, str, str]:
    """(exit status, stdout, stderr) of `irc infer FILES` with the options `kw`."""
    out, err = io.StringIO(), io.StringIO()
    kw.setdefault("no_prelude", True)
    code = batch.cli_infer([str(f) for f in files], stdout=out, stderr=err, **kw)
    return code, out.getvalue(), err.getvalue()


def text_and_json(path: str, text: str, analysis: Options) -> tuple[Outcome, FileResult, list | None]:
    """`process_file`'s text outcome for one file, the analysis it kept, and the JSON object of each
    function (what `--format json` prints of it; None when the file has errors) from that
    analysis: a check of both outputs at the cost of one run."""
    keep: list = []
    out = process_file(path, text, RenderOptions(format="text", analysis=analysis), keep)
    (res,) = keep
    return out, res, None if res.errors else [function_json(fn, r) for fn, r in res.results]


def write_progs(directory: Path) -> dict[str, Path]:
    """loop.ir, branch.ir, try.ir and annotated.ir in `directory`, by name."""
    paths = {}
    for name, text in (("loop", LOOP), ("branch", BRANCH), ("try", TRY), ("annotated", ANNOTATED)):
        p = directory / f"{name}.ir"
        p.write_text(text)
        paths[name] = p
    return paths
