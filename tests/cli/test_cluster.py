"""`--scheduler`: the same run on a Dask cluster of two worker processes
gives byte-identical outputs; without `--scheduler` nothing of Dask is
imported; a cluster that cannot be used is a clear error, not a traceback."""
from __future__ import annotations

import io
import subprocess
import sys

import pytest

from conftest import ROOT
from report_corpus import make_corpus

from irc.cli.batch import cli_infer, collect_inputs
from irc.cli.report import cli_report

NO_DASK = """
import sys
{body}
loaded = sorted(m for m in sys.modules if m.split('.')[0] in ('dask', 'distributed'))
print(loaded)
"""


@pytest.mark.parametrize("body", [
    "import irc.cli.app",
    "from irc.cli.app import main\n"
    "try:\n    main(['infer', '--format', 'jsonl', {sample!r}])\nexcept SystemExit:\n    pass",
    "from irc.cli.app import main\n"
    "try:\n    main(['report', '-o', {out!r}, {sample!r}])\nexcept SystemExit:\n    pass",
])
def test_no_dask_without_scheduler(body, tmp_path):
    code = NO_DASK.format(body=body.format(sample=str(ROOT / "samples" / "union_accumulator.ir"),
                                           out=str(tmp_path / "r.html")))
    p = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert p.returncode == 0, p.stderr
    assert p.stdout.splitlines()[-1] == "[]", p.stdout[-500:]


def test_scheduler_and_jobs_exclude_each_other():
    err = io.StringIO()
    assert cli_infer(["x.ir"], jobs=2, scheduler="tcp://127.0.0.1:1", stderr=err) == 2
    assert "--scheduler" in err.getvalue()
    err = io.StringIO()
    assert cli_report(["x.ir"], output="r.html", jobs=2, scheduler="tcp://127.0.0.1:1", stderr=err) == 2


def test_unreachable_scheduler_is_a_clear_error(tmp_path, monkeypatch):
    pytest.importorskip("distributed", reason="the cluster extra (julia-irc[cluster]) is not installed")
    import socket

    from irc.cli import cluster

    monkeypatch.setattr(cluster, "CONNECT_TIMEOUT", 1)
    with socket.socket() as s:  # a port nobody listens on
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    err = io.StringIO()
    code = cli_infer([str(ROOT / "samples" / "union_accumulator.ir")], out_dir=str(tmp_path / "o"),
                     scheduler=f"tcp://127.0.0.1:{port}", stderr=err)
    assert code == 2
    assert err.getvalue().startswith(f"error: cannot reach the Dask scheduler at tcp://127.0.0.1:{port}")
    assert not (tmp_path / "o").exists()


def test_missing_distributed_says_which_extra(monkeypatch):
    monkeypatch.setitem(sys.modules, "distributed", None)  # `import distributed` now fails
    err = io.StringIO()
    assert cli_report(["x.ir"], output="r.html", scheduler="tcp://127.0.0.1:1", stderr=err) == 2
    assert "pip install 'julia-irc[cluster]'" in err.getvalue()


@pytest.fixture(scope="module")
def cluster():
    distributed = pytest.importorskip("distributed", reason="the cluster extra (julia-irc[cluster]) is not installed")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0",
                                  host="127.0.0.1") as lc:
        yield lc.scheduler_address


@pytest.fixture(scope="module")
def corpus(tmp_path_factory):
    return make_corpus(tmp_path_factory.mktemp("corpus"))


def _tree(d):
    return {p.relative_to(d).as_posix(): p.read_bytes() for p in sorted(d.rglob("*")) if p.is_file()}


def _run_infer(corpus, **kw):
    out, err = io.StringIO(), io.StringIO()
    code = cli_infer(corpus, stdout=out, stderr=err, **kw)
    return code, out.getvalue(), err.getvalue()


def test_out_dir_on_the_cluster_is_byte_identical(cluster, corpus, tmp_path):
    # every hand-written sample (all read; samples/real holds refused pastes); same-named inputs get -2 in both
    corpus = corpus + [str(p) for p in sorted((ROOT / "samples").glob("*.ir"))]
    local = _run_infer(corpus, out_dir=str(tmp_path / "local"))
    remote = _run_infer(corpus, out_dir=str(tmp_path / "remote"), scheduler=cluster)
    assert local[0] == remote[0] == 1  # broken.ir fails in both
    assert _tree(tmp_path / "local") == _tree(tmp_path / "remote")
    assert len(_tree(tmp_path / "remote")) == len(collect_inputs(corpus)) - 1  # all but broken.ir
    assert local[2] == remote[2]  # the same diagnostics, the failed file reported as locally
    assert "broken.ir:2:" in remote[2]


def test_jsonl_and_text_on_the_cluster_are_byte_identical(cluster, corpus):
    for fmt in ("jsonl", "text"):
        local = _run_infer(corpus, format=fmt)
        remote = _run_infer(corpus, format=fmt, scheduler=cluster)
        assert local == remote, fmt
        assert remote[1]


def test_stdin_and_unreadable_inputs_on_the_cluster(cluster, tmp_path, monkeypatch):
    (tmp_path / "bin.ir").write_bytes(b"\xff\xfe\x00bad")
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO((ROOT / "samples" / "never_defined.ir").read_bytes())))
    remote = _run_infer([str(tmp_path / "bin.ir"), str(tmp_path / "missing.ir"), "-"], format="jsonl",
                        scheduler=cluster)
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO((ROOT / "samples" / "never_defined.ir").read_bytes())))
    local = _run_infer([str(tmp_path / "bin.ir"), str(tmp_path / "missing.ir"), "-"], format="jsonl")
    assert local == remote
    assert "missing.ir" in remote[2] and '"file":"<stdin>"' in remote[1]


def test_report_on_the_cluster_is_byte_identical(cluster, corpus, tmp_path):
    err = io.StringIO()
    assert cli_report(corpus, output=str(tmp_path / "local.html"), stderr=err) == 1
    assert cli_report(corpus, output=str(tmp_path / "remote.html"), scheduler=cluster, stderr=err) == 1
    assert (tmp_path / "local.html").read_bytes() == (tmp_path / "remote.html").read_bytes()


class _Future:
    def __init__(self, fn, args):
        self.fn, self.args, self.released = fn, args, False

    def result(self):
        return self.fn(*self.args)

    def release(self):
        self.released = True


class _FakeClient:
    """Runs submitted functions when their result is asked for; records the chunks."""

    def __init__(self):
        self.chunks: list[list] = []

    def submit(self, fn, worker, chunk, pure=True):
        assert pure is False
        self.chunks.append(list(chunk))
        return _Future(fn, (worker, chunk))


def _double(task):
    if task[1] == "boom":
        raise RuntimeError("worker died")
    return task[0] * 2


def test_cluster_map_chunks_in_order_and_isolates_failures(monkeypatch):
    from irc.cli import cluster as C

    monkeypatch.setattr(C, "MAX_CHUNK", 4)
    monkeypatch.setattr(C, "CHUNK_BYTES", 10)
    client = _FakeClient()
    cl = C.Cluster(client, threads=1)
    tasks = [(i, "x") for i in range(10)] + [C.Done("local")] + [(10, "y" * 50), (11, "boom"), (12, "z")]
    got = list(cl.map(_double, tasks, on_error=lambda t, e: f"error {t[0]}: {e}"))
    assert got[:10] == [i * 2 for i in range(10)] and got[10] == "local"
    assert got[11:] == [20, "error 11: worker died", "error 12: worker died"]  # a chunk fails whole
    sizes = [len(c) for c in client.chunks]
    assert sizes[:3] == [4, 4, 2]  # MAX_CHUNK, then the chunk a Done cuts short
    assert client.chunks[3][0][0] == 10 and len(client.chunks[3]) == 1  # a text past CHUNK_BYTES goes alone


def test_chunks_are_small_for_a_small_corpus():
    from irc.cli.cluster import MAX_CHUNK, Cluster

    cl = Cluster(_FakeClient(), threads=2)
    assert cl.chunk_size(7) == 1
    assert 1 < cl.chunk_size(100) < MAX_CHUNK
    assert cl.chunk_size(10_000_000) == cl.chunk_size(None) == MAX_CHUNK
