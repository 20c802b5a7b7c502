"""Input discovery, ordered pool, atomic writes (irc.batch)."""
from __future__ import annotations

import os

import pytest

from irc.cli import batch
def _square(x: int) -> int:
    return x * x


def test_collect_inputs_expands_directories_sorted(tmp_path):
    (tmp_path / "b").mkdir()
    (tmp_path / "b" / "z.ir").write_text("")
    (tmp_path / "b" / "a.ir").write_text("")
    (tmp_path / "b" / "notes.txt").write_text("")
    (tmp_path / "c.ir").write_text("")
    got = batch.collect_inputs([str(tmp_path / "c.ir"), str(tmp_path / "b"), "-", str(tmp_path / "missing.ir")])
    assert got == [str(tmp_path / "c.ir"), str(tmp_path / "b" / "a.ir"), str(tmp_path / "b" / "z.ir"), "-",
                   str(tmp_path / "missing.ir")]


def test_output_paths_never_collide(tmp_path):
    got = batch.output_paths(["x/a.ir", "y/a.ir", "b.ir", "-"], "out", ".json")
    assert got == ["out/a.json", "out/a-2.json", "out/b.json", "out/stdin.json"]
    assert len(set(got)) == len(got)


def test_atomic_write_replaces_whole_file(tmp_path):
    p = tmp_path / "sub" / "o.txt"
    batch.atomic_write(str(p), "first\n")
    batch.atomic_write(str(p), "second\n")
    assert p.read_text() == "second\n"
    assert [f.name for f in p.parent.iterdir()] == ["o.txt"]  # no temp file left behind


def test_atomic_write_failure_leaves_old_content(tmp_path):
    p = tmp_path / "o.txt"
    p.write_text("old\n")

    with pytest.raises(TypeError):
        batch.atomic_write(str(p), 12345)  # type: ignore[arg-type] - write() refuses an int
    assert p.read_text() == "old\n"
    assert os.listdir(tmp_path) == ["o.txt"]


@pytest.mark.parametrize("jobs", [1, 2])
def test_run_pool_keeps_input_order(jobs):
    assert list(batch.run_pool(_square, list(range(7)), jobs)) == [x * x for x in range(7)]


def test_progress_disabled_off_terminal():
    with batch.Progress(total=100, total_bytes=10**9) as p:  # stderr is captured by pytest: no bar
        p.advance("x")
    assert p._bar is None


def test_atomic_write_gives_a_normal_file_mode(tmp_path):
    p = tmp_path / "new.txt"
    batch.atomic_write(str(p), "x")
    mask = os.umask(0)
    os.umask(mask)
    assert p.stat().st_mode & 0o777 == 0o666 & ~mask
