"""The prelude's on-disk parse cache changes speed only, never results."""
from __future__ import annotations

import os
import pickle

import pytest

from irc.syntax import cache as parse_cache
from irc.errors import IrcError
from irc.syntax.parser import parse_text
from irc.world.world import PRELUDE_PATH, prelude_text


@pytest.fixture
def cache(tmp_path, monkeypatch):
    d = tmp_path / "cache"
    monkeypatch.setenv("IRC_CACHE_DIR", str(d))
    return d


def entries(d):
    return sorted(p for p in d.iterdir() if p.name.startswith("items-"))


def test_cached_items_equal_a_fresh_parse(cache):
    text, path = prelude_text(), str(PRELUDE_PATH)
    fresh = tuple(parse_text(text, path).items)
    first = parse_cache.parse_items(text, path)  # parses and writes
    assert len(entries(cache)) == 1
    second = parse_cache.parse_items(text, path)  # loads
    assert first == fresh and second == fresh
    assert second is not first


def test_entry_is_keyed_by_text_and_path(cache):
    a = parse_cache.parse_items("abstract type A end\n", "a.ir")
    b = parse_cache.parse_items("abstract type B end\n", "a.ir")
    c = parse_cache.parse_items("abstract type A end\n", "c.ir")
    assert len(entries(cache)) == 3
    assert a != b and a == c


def test_corrupt_entry_falls_back_to_parsing(cache):
    text = "abstract type A end\n"
    good = parse_cache.parse_items(text, "a.ir")
    [f] = entries(cache)
    f.write_bytes(b"not a pickle")
    assert parse_cache.parse_items(text, "a.ir") == good
    f.write_bytes(pickle.dumps(["a list, not a tuple"]))
    assert parse_cache.parse_items(text, "a.ir") == good


def test_errors_are_raised_and_not_cached(cache):
    with pytest.raises(IrcError):
        parse_cache.parse_items("abstract type end\n", "bad.ir")
    assert entries(cache) == []


def test_empty_setting_turns_the_cache_off(tmp_path, monkeypatch):
    monkeypatch.setenv("IRC_CACHE_DIR", "")
    assert parse_cache.cache_dir() is None
    assert parse_cache.parse_items("abstract type A end\n", "a.ir")


@pytest.mark.skipif(not hasattr(os, "getuid"), reason="POSIX permissions")
def test_shared_writable_directory_is_refused(tmp_path, monkeypatch):
    d = tmp_path / "shared"
    d.mkdir()
    d.chmod(0o777)
    monkeypatch.setenv("IRC_CACHE_DIR", str(d))
    assert parse_cache.cache_dir() is None
    parse_cache.parse_items("abstract type A end\n", "a.ir")
    assert list(d.iterdir()) == []


def test_new_directory_is_private(cache):
    parse_cache.parse_items("abstract type A end\n", "a.ir")
    assert cache.stat().st_mode & 0o777 == 0o700


def test_only_the_newest_entries_are_kept(cache, monkeypatch):
    monkeypatch.setattr(parse_cache, "MAX_ENTRIES", 3)
    for i in range(5):
        parse_cache.parse_items(f"abstract type A{i} end\n", "a.ir")
        newest = max(entries(cache), key=lambda p: p.stat().st_mtime_ns)
        os.utime(newest, ns=(i * 10**9, i * 10**9))  # distinct, increasing write times
    kept = entries(cache)
    assert len(kept) == 3
    # the three latest texts are still cached: loading them writes nothing new
    for i in (2, 3, 4):
        parse_cache.parse_items(f"abstract type A{i} end\n", "a.ir")
    assert entries(cache) == kept
