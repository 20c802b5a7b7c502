"""`irc ARGS` run in the test process: `irc.cli.app.main` with standard input, output and error
redirected to strings, for tests of what a command prints and its exit status where the process
itself is not what is tested (its start-up costs ~0.3 s of CPU a run: `python -m irc` imports typer
and lark again each time).

The exit status is the one `python -m irc` ends with (`irc.__main__._exit_status` of the
`SystemExit` `main` raises).  Standard input is a `StringIO` (no descriptor: `piped_stdin` sees no
paste, as with a closed empty pipe); output goes to `StringIO`s, which are not terminals, so colour
is off as with `capture_output`.  `env` entries are set for the call and restored after it.  The
process entry (the collector off, `os._exit`, signals) is tested with a real process in
tests/cli/test_process_entry.py and tests/ir/test_no_reference_cycles.py.
"""
from __future__ import annotations

import contextlib
import io
import os
import sys
from collections.abc import Iterator, Mapping
from pathlib import Path

from irc.__main__ import _exit_status

ROOT = Path(__file__).resolve().parent.parent


@contextlib.contextmanager
def _environment(env: Mapping[str, str]) -> Iterator[None]:
    saved = {k: os.environ.get(k) for k in env}
    os.environ.update(env)
    try:
        yield
    finally:
        for k, v in saved.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v


@contextlib.contextmanager
def _cwd(path: Path) -> Iterator[None]:
    before = os.getcwd()
    os.chdir(path)
    try:
        yield
    finally:
        os.chdir(before)


def run_irc(args: list[str], stdin: str = "", env: Mapping[str, str] | None = None,
            cwd: Path = ROOT) -> tuple[int, str, str]:
    """(exit status, stdout, stderr) of `irc ARGS` run from `cwd` (the repository root)."""
    from irc.cli.app import main

    out, err = io.StringIO(), io.StringIO()
    saved_in = sys.stdin
    sys.stdin = io.StringIO(stdin)
    try:
        with _environment(env or {}), _cwd(cwd), contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                main(list(args))
                code = 0
            except SystemExit as e:
                code = _exit_status(e.code)
    finally:
        sys.stdin = saved_in
    return code, out.getvalue(), err.getvalue()
