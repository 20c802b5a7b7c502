"""Stage 9, command line: the pipeline as commands.

`driver` runs the stages for one input (read, parse, build, world, infer,
render; timed per phase), `batch` handles many inputs (files, folders,
stdin, worker processes, atomic output files), `loading` reads inputs for
the commands that do not infer, `commands` holds `irc explain` and
`irc cfg --states`, `typer_app` is the typer application and `app.main`
runs a command line (a plain `irc infer` read by `argv` without typer).

Public names: `main`, `analyse`, `Options`.
"""
from irc.cli.app import main
from irc.cli.driver import Options, analyse

__all__ = ["Options", "analyse", "main"]
