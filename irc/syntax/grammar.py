"""Find grammar/irc.lark and build the Lark parser once per process.

Lookup order: the installed package resource `irc.grammar/irc.lark` (the
wheel ships the checkout's top-level `grammar/` folder as package
`irc.grammar`, see pyproject.toml), then the checkout's `grammar/irc.lark`
next to the `irc/` package.

Invariants: `grammar_text()` and `build_parser()` are cached (functools.cache),
so the LALR tables are computed once per process; the parser is built with
`parser="lalr"` and the transformer from `irc.parser` wired in, so parsing
builds syntax nodes directly and never a parse tree.  The transformer is
stateless, so sharing one parser between calls is safe.  The process-wide
parser uses Lark's table cache (a file in the temp directory) so that
short-lived processes (the CLI, worker pools) start fast.
"""
from __future__ import annotations

import functools
from importlib import resources
from pathlib import Path

from irc.syntax.identchars import expand

GRAMMAR_NAME = "irc.lark"


def grammar_path() -> str:
    """A human-readable location of the grammar in use (for messages)."""
    try:
        res = resources.files("irc.grammar") / GRAMMAR_NAME
        if res.is_file():
            return str(res)
    except (ModuleNotFoundError, FileNotFoundError, TypeError):
        pass
    return str(Path(__file__).resolve().parents[2] / "grammar" / GRAMMAR_NAME)


@functools.cache
def grammar_text() -> str:
    """The grammar source (package resource first, checkout fallback), its identifier-character
    placeholders filled in (`irc.syntax.identchars.expand`)."""
    return expand(_grammar_file_text())


def _grammar_file_text() -> str:
    try:
        res = resources.files("irc.grammar") / GRAMMAR_NAME
        if res.is_file():
            return res.read_text(encoding="utf-8")
    except (ModuleNotFoundError, FileNotFoundError, TypeError):
        pass
    path = Path(__file__).resolve().parents[2] / "grammar" / GRAMMAR_NAME
    return path.read_text(encoding="utf-8")


def make_lark(strict: bool = False, transformer=None, cache: bool = False):
    """Build a fresh Lark LALR parser (tests use strict=True to check the grammar).

    `cache=True` lets Lark keep the LALR tables in a file under the system
    temp directory, keyed by a hash of the grammar, the options and Lark's
    version (about 30x faster start-up; a stale or unreadable cache is
    ignored by Lark).  Lark is imported here, on first use: a file the fast
    paths read whole never loads it (~0.15 s of start-up)."""
    from lark import Lark

    return Lark(
        grammar_text(),
        parser="lalr",
        lexer="contextual",
        start=["start", "expr_start"],
        maybe_placeholders=True,
        strict=strict,
        transformer=transformer,
        cache=cache,
    )


@functools.cache
def build_parser():
    """The process-wide parser with irc.parser's transformer built in (the
    `SyntaxBuilder` callbacks as a lark `Transformer`)."""
    from lark import Transformer

    from irc.syntax.lines import SyntaxBuilder

    class LarkSyntaxBuilder(SyntaxBuilder, Transformer):
        pass

    return make_lark(transformer=LarkSyntaxBuilder(), cache=True)
