"""A body printed by two processes (`irc.output.forked`) gives the same bytes as one.

The parts of `text.body_pieces_maker` for any partition of the statements,
in order, are the whole body's pieces; `render_program_utf8` with
`fork_min` (the second part made by a forked child) equals it without, on
the samples, the conformance inputs and generated programs with and without
diamonds, in every text mode; a child that fails is replaced by the parent
making its part; a generator closed early leaves no child behind; a process
with a second thread does not fork; and `irc infer` forks for a large body
when it runs its input in-process, and prints the same bytes to a file and
to stdout."""
from __future__ import annotations

import io
import os
import random
import threading

import pytest
from conftest import CONFORMANCE, sample_files
from test_streamed_text import GENERATED, _gen_mtk

from irc.cli import batch
from irc.cli.driver import analyse
from irc.ir.split import MIN_LINES
from irc.output import forked
from irc.output import text as printer

INPUTS = sample_files()[::4] + (sorted(CONFORMANCE.glob("*/*.ir"))[::3] if CONFORMANCE.is_dir() else [])
MODES = [dict(), dict(colour=True), dict(plain=True), dict(entries="full")]


def _big(diamonds: int) -> tuple[str, str]:
    g = _gen_mtk()
    return f"big{diamonds}.ir", g.generate(g.GenParams(6_000, 200, diamonds, seed=5, window=0, loaded=0.8)).text


PROGRAMS = GENERATED + [_big(0), _big(40)]


def _bytes(res, fork_min: int, **mode) -> bytes:
    return b"".join(printer.render_program_utf8(res.program, res.results, fork_min=fork_min, **mode))


@pytest.mark.parametrize("name,text", PROGRAMS, ids=lambda x: x if x.endswith(".ir") else "")
def test_parts_of_a_partition_give_the_whole_body(name, text):
    res = analyse(name, text)
    assert not res.errors
    rng = random.Random(len(text))
    for fn, r in res.results:
        make = printer.body_pieces_maker(fn, r, run=64)
        whole = list(make(None))
        assert whole == list(printer.iter_body_pieces(fn, r, run=64))
        n = len(fn.stmts)
        for _ in range(6):
            cuts = sorted(rng.sample(range(1, n + 2), min(3, n)))
            bounds = [0, *cuts, n + 2]
            parts = [p for lo, hi in zip(bounds, bounds[1:]) for p in make((lo, hi))]
            assert parts == whole


@pytest.mark.parametrize("name,text", PROGRAMS, ids=lambda x: x if x.endswith(".ir") else "")
def test_two_processes_print_the_same_bytes_in_every_mode(name, text):
    res = analyse(name, text)
    for mode in MODES:
        assert _bytes(res, 1, **mode) == _bytes(res, 0, **mode), mode


@pytest.mark.parametrize("path", INPUTS, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_two_processes_print_the_same_bytes_on_the_inputs(path):
    res = analyse(str(path), path.read_text(encoding="utf-8"))
    if res.errors:
        pytest.skip("the front end rejects this input")
    assert _bytes(res, 1) == _bytes(res, 0)


def _pieces(res, fork):
    fn, r = res.results[0]
    make = printer.body_pieces_maker(fn, r)
    return list(forked.split_pieces(make, len(fn.stmts), fork=fork)), list(make(None))


def test_the_child_sends_the_second_part_as_bytes():
    res = analyse(*PROGRAMS[-1])
    got, whole = _pieces(res, True)
    assert [type(p) for p, _ in got].count(bytes) == 1
    assert type(got[-1][0]) is bytes and got[-1][1] > 0
    joined = "".join(p.decode() if type(p) is bytes else p + "\n" for p, _ in got)
    assert joined == "".join(p + "\n" for p, _ in whole)
    assert sum(n for _, n in got) == sum(n for _, n in whole)


def test_a_failing_child_is_replaced_by_the_parent(monkeypatch):
    res = analyse(*PROGRAMS[-1])
    fn, r = res.results[0]
    real = printer.body_pieces_maker(fn, r)
    parent = os.getpid()

    def make(part):
        if os.getpid() != parent:
            raise RuntimeError("the child fails")
        return real(part)

    got = list(forked.split_pieces(make, len(fn.stmts), fork=True))
    assert all(type(p) is str for p, _ in got)
    assert got == list(real(None))


def test_closing_early_leaves_no_child(monkeypatch):
    res = analyse(*PROGRAMS[-1])
    fn, r = res.results[0]
    started = []
    real = forked._start

    def start(make, part):
        child = real(make, part)
        started.append(child)
        return child

    monkeypatch.setattr(forked, "_start", start)
    gen = forked.split_pieces(printer.body_pieces_maker(fn, r), len(fn.stmts), fork=True)
    next(gen)
    gen.close()
    child, = started
    with pytest.raises(ChildProcessError):  # reaped already: no longer this process's child
        os.waitpid(child.pid, os.WNOHANG)
    with pytest.raises(OSError):  # the pipe's read end is closed
        os.fstat(child.fd)
    with pytest.raises(OSError):  # and the file of the child's bytes
        os.fstat(child.data_fd)


def test_no_fork_with_a_second_thread():
    stop = threading.Event()
    t = threading.Thread(target=stop.wait)
    t.start()
    try:
        assert not forked.can_fork()
        res = analyse(*PROGRAMS[-1])
        got, whole = _pieces(res, None)
        assert got == whole
    finally:
        stop.set()
        t.join()


@pytest.mark.parametrize("dest", ["file", "stdout"])
def test_irc_infer_forks_for_a_large_body(dest, tmp_path, monkeypatch):
    name, text = PROGRAMS[-1]
    src = tmp_path / name
    src.write_text(text, encoding="utf-8")
    expected = _bytes(analyse(str(src), text), 0)
    calls = []
    real = forked.split_pieces

    def spy(make, n, fork=None):
        calls.append(n)
        return real(make, n, fork=True)

    monkeypatch.setattr(forked, "split_pieces", spy)
    monkeypatch.setattr(forked, "FORK_MIN", 1_000)
    out = tmp_path / "out.ir"
    stdout = io.TextIOWrapper(io.BytesIO(), encoding="utf-8")
    kw = dict(output=str(out)) if dest == "file" else {}
    assert batch.cli_infer([str(src)], stdout=stdout, stderr=io.StringIO(), color="never", **kw) == 0
    stdout.flush()
    got = out.read_bytes() if dest == "file" else stdout.buffer.getvalue()
    assert calls and calls[0] > 1_000
    assert got == expected


def test_worker_processes_do_not_fork(tmp_path, monkeypatch):
    """With `--jobs 2` and two inputs the bodies are built and printed by the workers, one process each;
    with one input, in `irc infer`'s process, a long body is built (`irc.ir.split`) and printed by two."""
    files = []
    for name, text in PROGRAMS[:2]:
        p = tmp_path / name
        p.write_text(text, encoding="utf-8")
        files.append(str(p))
    seen = []
    real = batch.run_tasks

    def spy(worker, tasks, jobs=1, cluster=None):
        seen.extend((t[2].fork_min, t[2].analysis.split_min) for t in tasks)
        return real(worker, tasks, 1, cluster)  # (in this process: the options are what a worker would get)

    monkeypatch.setattr(batch, "run_tasks", spy)
    assert batch.cli_infer(files, jobs=2, out_dir=str(tmp_path / "o"), stdout=io.StringIO(), stderr=io.StringIO(),
                           color="never") == 0
    assert seen == [(0, 0), (0, 0)]
    seen.clear()
    assert batch.cli_infer(files[:1], jobs=2, out_dir=str(tmp_path / "p"), stdout=io.StringIO(),
                           stderr=io.StringIO(), color="never") == 0
    assert seen == [(forked.FORK_MIN, MIN_LINES)]  # one input runs in this process whatever `--jobs`
