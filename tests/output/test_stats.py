"""`--stats` formatting (irc.output.stats): readable units, every figure kept."""
from __future__ import annotations

import re

import pytest

from irc.output.stats import format_count, format_duration, format_size, format_stats


@pytest.mark.parametrize("seconds, text", [
    (0.0, "0 s"),
    (0.000000412, "0.41 µs"),
    (0.000131255, "131 µs"),
    (0.000999, "999 µs"),
    (0.0009996, "1 ms"),  # rounds up into the next unit, never `1000 µs`
    (0.001479920000065249, "1.48 ms"),
    (0.0015, "1.5 ms"),
    (0.0697, "69.7 ms"),
    (0.054, "54 ms"),
    (0.9999, "1 s"),
    (2.3111, "2.31 s"),
    (59.99, "1 min 00 s"),
    (125.4, "2 min 05 s"),
])
def test_durations(seconds, text):
    assert format_duration(seconds) == text


@pytest.mark.parametrize("nbytes, text", [
    (0, "0 B"), (520, "520 B"), (999, "999 B"), (1000, "0.98 KiB"), (1024, "1 KiB"), (1080, "1.05 KiB"),
    (421_888, "412 KiB"), (1_048_000, "1 MiB"), (1_023_500, "0.98 MiB"), (1_572_864, "1.5 MiB"), (3 * 1024 ** 3, "3 GiB"),
])
def test_sizes(nbytes, text):
    assert format_size(nbytes) == text


def test_counts():
    assert [format_count(n) for n in (0, 7, 1080, 1_234_567, 2.5)] == ["0", "7", "1,080", "1,234,567", "2.5"]


def test_report_keeps_every_figure_readably():
    stats = {"statements": 2000, "blocks": 665, "slots": 6, "blocks_visited": 665, "peak_state_cells": 12006,
             "state_bytes": 229_376, "seconds_liveness": 0.00311, "seconds_engine": 0.0075,
             "seconds_flags": 0.003141, "widenings": 3}
    timings = {"parse": 0.0309, "cfg": 0.00499, "infer": 0.0517, "print": 0.00889}
    assert format_stats("stmt", 1, 1, stats, timings) == (
        "stats (--state stmt): 1 file, 1 function\n"
        "  2,000 statements, 665 blocks, 6 slots, 665 blocks visited, 12,006 peak state cells, 224 KiB of state,"
        " 3 widenings\n"
        "  time: parse 30.9 ms, cfg 4.99 ms, infer 51.7 ms (liveness 3.11 ms, engine 7.5 ms, flags 3.14 ms),"
        " print 8.89 ms\n")


def test_report_never_prints_raw_floats():
    stats = {"statements": 3, "state_bytes": 520, "seconds_engine": 0.001479920000065249}
    text = format_stats("block", 2, 3, stats, {"parse": 1e-7, "infer": 1234.5})
    assert not re.search(r"\d\.\d{4,}|e-\d", text), text
    assert text.splitlines()[0] == "stats (--state block): 2 files, 3 functions"
    assert "infer 20 min 34 s (engine 1.48 ms)" in text and "cfg 0 s" in text
