"""The `irc` command line: `main`, and the typer application on demand.

`main(argv, keep)` runs one command line.  A plain `irc infer …` (what
`irc.cli.argv.infer_call` accepts: inputs and well-formed options, no
`--help`) goes straight to `irc.cli.batch.cli_infer` with the keyword
arguments typer would have passed, so the run imports neither typer nor
pydantic and builds no option adapters (~0.2 s of a short run).  Anything
else -- other commands, `--help`, `--version`, a misspelt option, a bad
value -- runs the typer application (`irc.cli.typer_app`), which prints
every help text and usage error.  An exception escaping the fast call
(Ctrl-C, a broken pipe, an irc bug) is handed to the typer application
at the same point (`replay`), so its exit status and message are typer's
as before.  Either way an exception never becomes a traceback: it is one
`irc: internal error: …` line (exit status 2).

The typer application's names (`app`, `render_fmt`, `IrcCommand`, …) are
read through this module as before (`from irc.cli.app import app`); they
are imported on first use.
"""
from __future__ import annotations

import sys


def main(argv: list[str] | None = None, keep: list | None = None) -> None:
    """Run the CLI (the `irc` script and `python -m irc` call it through
    `irc.__main__.run`); exits with the command's status.  `keep`: where
    `irc infer` leaves its last analysis instead of freeing it
    (`driver.process_file`)."""
    from irc.cli.argv import infer_call
    from irc.cli.driver import deep_recursion

    args = sys.argv[1:] if argv is None else list(argv)
    call = infer_call(args)
    obj: dict = {"keep": keep}
    if call is not None:
        from irc.cli.batch import cli_infer

        files, kw = call
        try:
            with deep_recursion():
                code = cli_infer(files, keep=keep, **kw)
        except SystemExit:
            raise
        except BaseException as e:  # typer's handling of it, as if typer had made the call
            obj["replay"] = e
        else:
            raise SystemExit(code)
    _run_typer(args, obj)


def _run_typer(args: list[str], obj: dict) -> None:
    from irc.cli.driver import deep_recursion
    from irc.cli.typer_app import app

    try:
        with deep_recursion():
            app(args=args, prog_name="irc", standalone_mode=True, obj=obj)
    except SystemExit:
        raise
    except KeyboardInterrupt:
        sys.stderr.write("interrupted\n")
        raise SystemExit(130)
    except BaseException as e:  # never a traceback
        sys.stderr.write(f"irc: internal error: {type(e).__name__}: {e}\n")
        raise SystemExit(2)


def __getattr__(name: str):
    """`app`, `render_fmt`, … : the typer application's names, imported on first use."""
    if name.startswith("__"):
        raise AttributeError(name)
    from irc.cli import typer_app

    try:
        return getattr(typer_app, name)
    except AttributeError:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}") from None


if __name__ == "__main__":  # pragma: no cover
    main()
