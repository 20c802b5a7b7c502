"""`irc infer`'s command line read without typer, for the common case.

Start-up, not parsing, dominates a short `irc infer FILE`: importing typer
(and, from typer 0.29 on, pydantic) and building a pydantic TypeAdapter per
option costs more than inferring a small file.  `infer_call(args)` reads the
arguments of a plain `infer` invocation straight into `cli_infer`'s keyword
arguments -- exactly what `irc.cli.typer_app.infer_cmd` would pass -- and
returns None for anything else; the caller (`irc.cli.app.main`) then runs
the typer application as before.

Accepted (everything else is None, i.e. typer's): `args[0] == "infer"`, then
tokens that are each

- a positional argument (an input): a token not starting with `-`, or `-`
  itself (stdin);
- a flag of `FLAGS`, written exactly as declared (no `--x=`, no bundled
  short flags), at most once;
- an option of `VALUES` followed by its value as a separate token that does
  not start with `-`, at most once (`--prelude` and `--glob`, repeatable, any
  number of times, in order); `--jobs`'s value only as a plain decimal number.

Never accepted: `--help`/`-h`, `--`, `--version`, an unknown or misspelt
option, a missing value, shell completion (`_IRC_COMPLETE` set).  For
the accepted arguments click parses the same tokens the same way and typer
converts each value to itself (strings) or its `int` (`--jobs`), with the
declared defaults for what is absent; tests/cli/test_argv_fast_path.py
checks the tables against the typer command and the result against what
typer passes on many command lines.

Pure: reads only its argument and (for completion) the environment.
"""
from __future__ import annotations

import os
from typing import Any

# option spelling -> cli_infer keyword (flags: set True when present)
FLAGS = {
    "--stats": "stats", "--check": "check", "--exact": "exact", "--no-prelude": "no_prelude",
    "--warn-only": "warn_only", "--quiet": "quiet", "-q": "quiet", "--strict": "strict", "--plain": "plain",
    "--hide-stable": "hide_stable", "--use-printed-types": "use_printed", "--compare-versions": "compare_versions",
}
# option spelling -> cli_infer keyword (options taking one value)
VALUES = {
    "--format": "format", "-f": "format", "--state": "state", "--prelude": "prelude", "--color": "color",
    "-o": "output", "--output": "output", "--out-dir": "out_dir", "--jobs": "jobs", "-j": "jobs",
    "--signature": "signature", "--scheduler": "scheduler", "--entries": "entries", "--julia": "julia",
    "--glob": "glob",
}
REPEATABLE = frozenset({"prelude", "glob"})
INTEGER = frozenset({"jobs"})

# what typer passes when an option is absent (`infer_cmd`'s defaults, as `cli_infer` receives them)
DEFAULTS: dict[str, Any] = {
    "format": "text", "state": "shared", "stats": False, "check": False, "exact": False, "no_prelude": False,
    "prelude": [], "color": "auto", "output": None, "out_dir": None, "jobs": 1, "warn_only": False,
    "quiet": False, "strict": False, "plain": False, "hide_stable": False, "use_printed": False,
    "signature": None, "scheduler": None, "entries": "brief", "julia": None, "compare_versions": False,
    "glob": [],
}

COMPLETE_VAR = "_IRC_COMPLETE"  # typer's shell-completion switch for prog_name "irc"


def _plain_int(text: str) -> bool:
    """A decimal number whose `int` every converter agrees on (no sign, blank, `_` or leading zero)."""
    return text.isascii() and text.isdigit() and len(text) <= 9 and (text == "0" or text[0] != "0")


def infer_call(args: list[str], environ: Any = None) -> tuple[list[str], dict[str, Any]] | None:
    """`(files, keywords)` for `cli_infer(files, **keywords)` when `args` (the
    command line after the program name) is a plain `irc infer …` (module
    doc); None when typer must read it."""
    environ = os.environ if environ is None else environ
    if not args or args[0] != "infer" or environ.get(COMPLETE_VAR):
        return None
    files: list[str] = []
    seen: dict[str, Any] = {}
    lists: dict[str, list[str]] = {k: [] for k in REPEATABLE}
    n = len(args)
    i = 1
    while i < n:
        tok = args[i]
        i += 1
        if tok[:1] != "-" or tok == "-":
            files.append(tok)
            continue
        key = FLAGS.get(tok)
        if key is not None:
            if key in seen:
                return None
            seen[key] = True
            continue
        key = VALUES.get(tok)
        if key is None or i >= n:
            return None
        value = args[i]
        i += 1
        if value[:1] == "-":
            return None
        if key in REPEATABLE:
            lists[key].append(value)
            continue
        if key in seen:
            return None
        if key in INTEGER:
            if not _plain_int(value):
                return None
            seen[key] = int(value)
        else:
            seen[key] = value
    kw = dict(DEFAULTS)
    kw.update(seen)
    kw.update(lists)
    return files, kw
