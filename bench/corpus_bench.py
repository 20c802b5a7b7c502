"""Corpus throughput: `irc infer` and `irc report` over a few thousand files,
with `--jobs 1`, `--jobs 2` and a local Dask cluster of two worker processes.

The corpus (written to bench/out/corpus/, deterministic):

* real outputs: every `samples/*.ir` and the conformance files
  (`../shared/conformance/*/*.ir`, Julia 1.10's own `@code_warntype` text);
* generated functions, one per file as a per-method dump gives them:
  `tests/strategies.py`'s random programs (loops, branches, try/catch,
  unions, maybe-undefined locals; seeds 0..N-1) and a few ModelingToolkit-like
  functions from `bench/gen_mtk.py` (500 to 3,000 statements).

Each configuration runs `python -m irc …` in a fresh process (best of
`--runs`, wall clock), output to a file.  For the cluster, the scheduler runs
in this process and the workers are two processes (`LocalCluster(n_workers=2,
threads_per_worker=1, processes=True)`), started before the clock; the CPU
seconds of the irc client process (the one that reads inputs, ships them and
writes outputs) and of this process (the scheduler) are measured too: they
are what limits a cluster with many workers.  The outputs of every
configuration are compared byte for byte.

    python bench/corpus_bench.py                 # 2,050 files, 2 runs each (~6 min on 2 cores)
    python bench/corpus_bench.py --generated 300 --runs 1   # a quick look

Writes a markdown table to stdout and raw figures to bench/out/corpus.json.
"""
from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "bench" / "out"
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT / "bench"))


def build_corpus(dest: Path, generated: int, mtk: int, conf: Path, extra_real: list[str]) -> dict:
    """Write the corpus; returns counts by part."""
    from gen_mtk import GenParams, generate
    from strategies import random_model, render

    if dest.exists():
        shutil.rmtree(dest)
    real = dest / "real"
    real.mkdir(parents=True)
    n_real = 0
    sources = sorted((ROOT / "samples").rglob("*.ir")) + sorted(conf.glob("*/*.ir"))
    for extra in extra_real:
        sources += sorted(Path(extra).rglob("*.ir"))
    for src in sources:
        sub = real / src.parent.name
        sub.mkdir(exist_ok=True)
        name = src.name
        while (sub / name).exists():  # same-named files from different folders
            name = "_" + name
        shutil.copy(src, sub / name)
        n_real += 1
    gen = dest / "generated"
    for i in range(generated):
        d = gen / f"g{i // 500:02d}"
        d.mkdir(parents=True, exist_ok=True)
        (d / f"f{i:05d}.ir").write_text(render(random_model(i)), encoding="utf-8")
    big = dest / "mtk"
    big.mkdir()
    for i in range(mtk):
        stmts = 500 + (2500 * i) // max(1, mtk - 1)
        g = generate(GenParams(stmts, max(20, stmts // 10), 50, i + 1, 6, f"rhs{i}"))
        (big / f"rhs{i:02d}.ir").write_text(g.text, encoding="utf-8")
    files = sorted(dest.rglob("*.ir"))
    return {"real": n_real, "generated": generated, "mtk": mtk, "files": len(files),
            "bytes": sum(f.stat().st_size for f in files),
            "lines": sum(f.read_text(encoding="utf-8").count("\n") for f in files)}


def run(args: list[str]) -> dict:
    """One `python -m irc` run: wall seconds and the client's CPU seconds."""
    before_children = resource.getrusage(resource.RUSAGE_CHILDREN)
    before_self = resource.getrusage(resource.RUSAGE_SELF)
    t0 = time.perf_counter()
    p = subprocess.run([sys.executable, "-m", "irc", *args], cwd=ROOT, capture_output=True, text=True)
    wall = time.perf_counter() - t0
    after_children = resource.getrusage(resource.RUSAGE_CHILDREN)
    after_self = resource.getrusage(resource.RUSAGE_SELF)
    if p.returncode not in (0, 1):
        raise SystemExit(f"irc {' '.join(args)} failed ({p.returncode}):\n{p.stderr[-3000:]}")
    cpu = lambda a, b: (b.ru_utime - a.ru_utime) + (b.ru_stime - a.ru_stime)  # noqa: E731
    return {"wall": wall, "client_cpu": cpu(before_children, after_children),
            "this_process_cpu": cpu(before_self, after_self), "status": p.returncode,
            "stderr_tail": p.stderr.strip().splitlines()[-1:] if p.stderr else []}


def _cpu_seconds() -> float:
    """Run on each worker: its process's CPU seconds so far."""
    import resource

    u = resource.getrusage(resource.RUSAGE_SELF)
    return u.ru_utime + u.ru_stime


def best(runs: int, args: list[str]) -> dict:
    results = [run(args) for _ in range(runs)]
    return min(results, key=lambda r: r["wall"])


def dask_overhead(tasks: int = 4000) -> dict:
    """Dask's own cost per task on this machine: empty tasks submitted and
    gathered one by one from this process (which also hosts the scheduler)."""
    from distributed import Client, LocalCluster

    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0",
                      host="127.0.0.1") as lc, Client(lc.scheduler_address) as client:
        client.gather(client.map(len, [[0]] * 100, pure=False))  # warm up
        u0, t0 = resource.getrusage(resource.RUSAGE_SELF), time.perf_counter()
        futs = client.map(len, [[i] for i in range(tasks)], pure=False)
        client.gather(futs)
        del futs
        wall = time.perf_counter() - t0
        u1 = resource.getrusage(resource.RUSAGE_SELF)
    cpu = (u1.ru_utime - u0.ru_utime) + (u1.ru_stime - u0.ru_stime)
    return {"tasks": tasks, "wall": wall, "cpu": cpu, "cpu_per_task_ms": 1000 * cpu / tasks}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--generated", type=int, default=1900, help="random generated functions (one per file)")
    ap.add_argument("--mtk", type=int, default=20, help="ModelingToolkit-like functions (500..3000 statements)")
    ap.add_argument("--runs", type=int, default=2)
    ap.add_argument("--conformance", type=Path, default=ROOT.parent / "shared" / "conformance",
                    help="the conformance folder (real @code_warntype outputs); default ../shared/conformance")
    ap.add_argument("--real", action="append", default=[], metavar="DIR",
                    help="more real outputs (every .ir below DIR; repeatable)")
    ap.add_argument("--no-report", action="store_true", help="time irc infer only")
    a = ap.parse_args(argv)

    corpus = OUT / "corpus"
    counts = build_corpus(corpus, a.generated, a.mtk, a.conformance, a.real)
    print(f"corpus: {counts['files']:,} files ({counts['real']} real, {counts['generated']} generated, "
          f"{counts['mtk']} MTK-like), {counts['lines']:,} lines, {counts['bytes'] / 1e6:.1f} MB", flush=True)
    res_dir = OUT / "corpus-out"
    if res_dir.exists():
        shutil.rmtree(res_dir)
    res_dir.mkdir(parents=True)

    from distributed import LocalCluster

    cmds = {"infer": lambda tag, extra: ["infer", "--format", "jsonl", "-o", str(res_dir / f"{tag}.jsonl"),
                                         *extra, str(corpus)]}
    if not a.no_report:
        cmds["report"] = lambda tag, extra: ["report", "-o", str(res_dir / f"{tag}.html"), *extra, str(corpus)]
    results: dict = {"corpus": counts, "runs": a.runs, "cpus": os.cpu_count(), "configs": {},
                     "load_before": os.getloadavg()}
    for cmd, make in cmds.items():
        for tag, extra in (("jobs1", ["--jobs", "1"]), ("jobs2", ["--jobs", "2"])):
            r = best(a.runs, make(f"{cmd}-{tag}", extra))
            results["configs"][f"{cmd} {tag}"] = r
            print(f"{cmd} {tag}: {r['wall']:.1f} s", flush=True)
        t0 = time.perf_counter()
        with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0",
                          host="127.0.0.1") as lc:
            startup = time.perf_counter() - t0
            from distributed import Client

            with Client(lc.scheduler_address) as probe:
                before = probe.run(_cpu_seconds)
                r = best(a.runs, make(f"{cmd}-cluster2", ["--scheduler", lc.scheduler_address]))
                after = probe.run(_cpu_seconds)
        r["cluster_startup"] = startup
        r["workers_cpu"] = sum(after[w] - before[w] for w in after) / a.runs
        results["configs"][f"{cmd} cluster2"] = r
        print(f"{cmd} cluster2: {r['wall']:.1f} s (cluster start {startup:.1f} s)", flush=True)
        ext = "jsonl" if cmd == "infer" else "html"
        outs = [(res_dir / f"{cmd}-{t}.{ext}").read_bytes() for t in ("jobs1", "jobs2", "cluster2")]
        results["configs"][f"{cmd} identical"] = outs[0] == outs[1] == outs[2]
        results[f"{cmd}_output_bytes"] = len(outs[0])
        if cmd == "infer":
            results["functions"] = outs[0].count(b"\n")

    results["dask_overhead"] = dask_overhead()
    o = results["dask_overhead"]
    print(f"dask: {o['tasks']:,} empty tasks in {o['wall']:.2f} s, scheduler+client CPU {o['cpu_per_task_ms']:.2f} ms a task",
          flush=True)
    n = counts["files"]
    print()
    print("| command | run | wall s | files/s | functions/s | irc process(es) CPU s | workers CPU s | scheduler CPU s |")
    print("|---|---|---:|---:|---:|---:|---:|---:|")
    for key, r in results["configs"].items():
        if key.endswith("identical"):
            continue
        cmd, tag = key.split()
        print(f"| {cmd} | {tag} | {r['wall']:.1f} | {n / r['wall']:.0f} | {results['functions'] / r['wall']:.0f} | "
              f"{r['client_cpu']:.1f} | {r.get('workers_cpu', 0):.1f} | {r['this_process_cpu']:.1f} |")
    print()
    for cmd in cmds:
        print(f"{cmd}: outputs byte-identical across the three runs: {results['configs'][f'{cmd} identical']}")
    results["load_after"] = os.getloadavg()
    print(f"load average before {results['load_before'][0]:.1f}, after {results['load_after'][0]:.1f} "
          f"(other processes share the {os.cpu_count()} cores)")
    (OUT / "corpus.json").write_text(json.dumps(results, indent=1), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
