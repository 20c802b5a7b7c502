"""An on-disk cache of parsed declaration files (the prelude).

Every `irc infer` run parses `irc/prelude.ir` (762 declarations, about
50 ms through Lark) before it looks at its input.  `parse_items(text, path)`
returns the parsed items from a pickle written by an earlier run when one
exists for exactly this input, else parses and writes that pickle.  Loading
the prelude's pickle costs about 10 ms.

Key: SHA-256 of the text, the path (spans name it), the Python version,
irc's version and the source of everything that decides what the parser
builds (grammar, `parser.py`, `syntax.py`).  A different parser therefore
never reads another's entries.

Where: `$IRC_CACHE_DIR` if set, else `$XDG_CACHE_HOME/irc` or
`~/.cache/irc`.  The directory is created private (0700) and used only when
it belongs to the current user and is not group/world-writable, so that no
other user can plant a pickle.  `IRC_CACHE_DIR=` (empty) turns the cache
off.  Writes go to a temporary file renamed into place (readers never see a
partial file); after a write, only the `MAX_ENTRIES` most recently written
entries are kept (every irc version or prelude file adds one; a read does
not refresh an entry, so a long-lived one is parsed again now and then);
any failure to read or write the cache falls back to parsing,
so the cache can only change speed, never results or errors (a file with
errors is never cached: `IrcError` propagates before anything is written).
"""
from __future__ import annotations

import functools
import hashlib
import os
import pickle
import stat
import sys
import tempfile
from pathlib import Path

_PKG = Path(__file__).resolve().parent
MAX_ENTRIES = 32


@functools.cache
def _parser_fingerprint() -> bytes:
    """Hash of what decides the parsed items' shape (computed once per process)."""
    from irc import __version__
    from irc.syntax.grammar import grammar_text

    h = hashlib.sha256()
    h.update(f"{sys.version_info[:3]}|{__version__}|".encode())
    h.update(grammar_text().encode("utf-8"))
    for path in sorted(_PKG.glob("*.py")):  # every module of the syntax stage
        try:
            h.update(path.name.encode() + path.read_bytes())
        except OSError:
            h.update(path.name.encode())
    return h.digest()


def cache_dir() -> Path | None:
    """The private cache directory, or None when caching is off or unsafe."""
    env = os.environ.get("IRC_CACHE_DIR")
    if env is not None:
        if not env:
            return None
        d = Path(env)
    else:
        base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
        d = Path(base) / "irc"
    try:
        d.mkdir(mode=0o700, parents=True, exist_ok=True)
        st = d.stat()
    except OSError:
        return None
    if hasattr(os, "getuid") and st.st_uid != os.getuid():
        return None
    if st.st_mode & (stat.S_IWGRP | stat.S_IWOTH):
        return None
    return d


def _key(text: str, path: str) -> str:
    h = hashlib.sha256(_parser_fingerprint())
    h.update(path.encode("utf-8", "surrogatepass") + b"\0")
    h.update(text.encode("utf-8", "surrogatepass"))
    return h.hexdigest()[:40]


def parse_items(text: str, path: str) -> tuple:
    """The items of a declarations file, parsed or loaded from the cache."""
    from irc.syntax.parser import parse_text

    d = cache_dir()
    if d is None:
        return tuple(parse_text(text, path).items)
    f = d / f"items-{_key(text, path)}.pickle"
    try:
        with open(f, "rb") as fh:
            items = pickle.load(fh)
        if type(items) is tuple:
            return items
    except Exception:  # noqa: BLE001 - missing, stale or corrupt entry: parse instead
        pass
    items = tuple(parse_text(text, path).items)
    _store(d, f, items)
    return items


def _store(d: Path, f: Path, items: tuple) -> None:
    store_pickle(f, items, "items-", MAX_ENTRIES)


def store_pickle(f: Path, obj, prefix: str, keep: int) -> None:
    """Write `obj` pickled to `f` (a `prefix…pickle` entry of the cache
    directory) atomically: a temporary file renamed into place, so readers
    never see a partial entry; then keep the `keep` most recently written
    `prefix*.pickle` entries.  Any failure leaves the cache as it was (an
    unwritable cache only costs speed)."""
    d = f.parent
    try:
        fd, tmp = tempfile.mkstemp(dir=d, prefix="." + prefix, suffix=".tmp")
        try:
            with os.fdopen(fd, "wb") as fh:
                pickle.dump(obj, fh, protocol=pickle.HIGHEST_PROTOCOL)
            os.replace(tmp, f)
        except BaseException:
            os.unlink(tmp)
            raise
        entries = sorted(d.glob(prefix + "*.pickle"), key=lambda p: p.stat().st_mtime_ns, reverse=True)
        for old in entries[keep:]:
            try:
                old.unlink()
            except OSError:
                pass
    except Exception:  # noqa: BLE001 - an unwritable cache only costs speed
        pass
