"""Stage 7, diagnose: why irc answered what it did, and what it lacked.

`check` compares irc's answers with the types Julia printed in the input
(`--check`); `reports` writes that comparison and the diagnostics as JSON /
JSON Lines documents (`--check`, `--warn-only` with `--format json`);
`explain` says why a slot has its type and `explain_stmt` what a statement's
call saw (its callee, argument types, the declarations considered: `irc
explain`); `stubs` lists the declarations irc lacked, with results from
Julia's printed types (`irc stubs`).  Above `output` (they reuse its
printers) and below `cli`.  Pure: they read the IR and the inference
results, they do not infer (but `explain_stmt` re-types one call).

Public names: `check_function`, `explain_slot` (each module imported on
first use of its name).
"""
_PUBLIC = {  # name -> the module defining it, imported on first use
    "check_function": "irc.diagnose.check", "explain_slot": "irc.diagnose.explain",
}

__all__ = ["check_function", "explain_slot"]


def __getattr__(name: str):
    module = _PUBLIC.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    import importlib

    return getattr(importlib.import_module(module), name)
