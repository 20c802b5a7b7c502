"""`python -m irc` (and the `irc` script, via `run`) runs the CLI.

The cyclic garbage collector is off for the whole process: irc is a
short-lived process, everything it builds is freed by reference counting
(`tests/test_no_cycles.py` keeps the IR free of reference cycles), so the
collections that the imports of typer, pydantic and lark would trigger only
cost start-up time (~15 ms a run).  `irc.cli.main` itself leaves the
collector as it found it, for callers that run it in-process.
"""
import gc


def run() -> None:
    """Process entry point: the CLI with the cyclic collector off."""
    gc.disable()
    from .cli import main

    main()


if __name__ == "__main__":
    run()
