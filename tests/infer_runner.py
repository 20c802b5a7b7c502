"""`irc infer` in-process for the CLI tests: `run_infer` calls
`irc.cli.batch.cli_infer` (what the typer command delegates to) with StringIO
streams and no prelude unless asked; `write_progs` writes the small programs
of progs.py as files."""
from __future__ import annotations

import io
from pathlib import Path

from irc.cli import batch

from progs import ANNOTATED, BRANCH, LOOP, TRY


def run_infer(files, **kw) -> tuple[int, str, str]:
    """(exit status, stdout, stderr) of `irc infer FILES` with the options `kw`."""
    out, err = io.StringIO(), io.StringIO()
    kw.setdefault("no_prelude", True)
    code = batch.cli_infer([str(f) for f in files], stdout=out, stderr=err, **kw)
    return code, out.getvalue(), err.getvalue()


def write_progs(directory: Path) -> dict[str, Path]:
    """loop.ir, branch.ir, try.ir and annotated.ir in `directory`, by name."""
    paths = {}
    for name, text in (("loop", LOOP), ("branch", BRANCH), ("try", TRY), ("annotated", ANNOTATED)):
        p = directory / f"{name}.ir"
        p.write_text(text)
        paths[name] = p
    return paths
