"""MTK scale benchmark (issue 13): a million statements, 20,000 locals, against one regex pass.

Workloads (bench/gen_mtk.py, seed 1):

* **W1** straight line, 1,000,000 statements, 20,000 locals, 80 % of them
  states and parameters loaded at the top, every operand drawn from *all*
  assigned locals (`--window 0`: locals are read throughout, as in MTK);
* **W2** the same with a diamond every 1,000 statements (about 3,000
  blocks): most locals are live across most block boundaries;
* **S100**, **S200** the first round's straight lines (100k / 200k
  statements, 2,000 locals, operands from a window of 64 recent locals).

`--scale K` divides W1's and W2's statements and locals by K (8 and 4 for
quick iterations; the tables in docs/performance.md are at scale 1).

For every workload, in rounds (round r runs everything once, so medians
compare numbers taken side by side; the versions and stores run in turn
first, in reversed order every other round: with an even number of rounds
none is always the one that runs right after another):

1. the **regex floor**: ONE `re.findall(r"%\\d+|\\w+", text)` over the
   file's text, in a child process (wall and CPU seconds);
2. for every version (this checkout, and with `--before DIR` another
   checkout of irc run from DIR) and every store: `python -m irc infer
   --state S --stats FILE > OUT` in a fresh process: wall time, the child's
   peak RSS (`os.wait4`), the `--stats` report (phase seconds, peak state
   cells), the output's size.

Then, once per (workload, version, store), a **phase child** runs the same
pipeline through `irc.cli.driver` (parsed and built as `irc infer`
does: body lines kept as their matches where the version can, consumed by
the build, a long body's walk split with a second process where the
version can) and `irc.output.text.render_program` with the output thrown away, reporting each phase's seconds and the process's
peak RSS (`ru_maxrss`) and current RSS after it: where the memory goes.
The stores of one version must print byte-identical output (checked by
hash on the first round).

Linux folds a parent's peak RSS into a forked child's `ru_maxrss`, so the
harness never holds an input or an output (inputs are generated, outputs
hashed and regex floors timed in child processes); its own peak is printed
beside the smallest child figure.

Usage: `python bench/scale_bench.py [--scale 1] [--runs 3] [--before DIR]
[--stores block,shared] [--only W1,W2,S100,S200] [--docs]`.  Writes
bench/out/scale.md, bench/out/scale.json and bench/out/scale.png (`--docs`
copies the plot to docs/scale.png).
"""
from __future__ import annotations

import argparse
import hashlib
import json
import os
import platform
import re
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

BENCH = Path(__file__).resolve().parent
ROOT = BENCH.parent
sys.path.insert(0, str(BENCH))
import run_bench  # noqa: E402  (the first rounds' harness: its plotting and git helpers)
from timing import median, ratio, run_timed  # noqa: E402
from workloads import WORKLOADS, workload_file as input_file  # noqa: E402

REGEX = run_bench.REGEX
PHASES = ("parse", "cfg", "liveness", "engine", "flags", "print")


# Targets of issue 13 (end to end / regex floor, peak RSS MiB, output / input).
TARGETS = {"W1": (8.0, 1024, None), "W2": (12.0, 1536, 2.0), "S100": (8.0, None, None)}


# ----------------------------------------------------------------- children


PHASE_CHILD = r"""
import json, os, resource, sys, time, gc
gc.disable()
path, store = sys.argv[1], sys.argv[2]
def peak():
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024.0
def now():
    with open("/proc/self/statm") as fh:
        return int(fh.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20
from irc.cli import driver
from irc.output.text import render_program
out = {}
t = time.perf_counter()
with open(path, encoding="utf-8") as fh:
    text = fh.read()
def mark(name, t0):
    out[name] = {"s": time.perf_counter() - t0, "peak_mb": peak(), "rss_mb": now()}
    return time.perf_counter()
t = mark("read", t)
with driver.deep_recursion():
    # as `irc infer` does (the body lines kept as their matches where this version can, then
    # consumed by the build; a long body's walk split with a second process where this version can)
    import inspect
    kw = {"matches": True} if "matches" in inspect.signature(driver.parse).parameters else {}
    src = driver.parse(path, text, **kw)
    t = mark("parse", t)
    kw = {}
    if "split_min" in inspect.signature(driver.build).parameters:
        from irc.ir.split import MIN_LINES
        kw = {"split_min": MIN_LINES}
    prog = driver.build(src, consume=True, **kw)
    del src
    t = mark("cfg", t)
    world = driver.make_world(prog, driver.Options(store=store))
    results = driver.infer_program(prog, world, store)
    t = mark("infer", t)
    st = results[0][1].stats
    out["stats"] = {k: v for k, v in st.items() if isinstance(v, (int, float)) and not isinstance(v, bool)}
    text_out = render_program(prog, results)
    n = len(text_out.encode("utf-8"))
    del text_out
    t = mark("print", t)
out["output_bytes"] = n
sys.stdout.write(json.dumps(out) + "\n")
sys.stdout.flush()
os._exit(0)
"""


def regex_child(path: str) -> int:
    """`--regex-child FILE`: ONE regex pass over the file's text; wall and CPU seconds as JSON."""
    text = Path(path).read_text(encoding="utf-8")
    t1, c1 = time.perf_counter(), time.process_time()
    n = len(REGEX.findall(text))
    t2, c2 = time.perf_counter(), time.process_time()
    print(json.dumps({"wall": t2 - t1, "cpu": c2 - c1, "tokens": n}))
    return 0


def child_env(root: Path) -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(root)
    env["NO_COLOR"] = "1"
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # as installed code runs: byte code cached
    return env


@dataclass(slots=True)
class Proc:
    wall: float
    cpu: float
    rss_mb: float
    rc: int
    stdout: bytes
    stderr: str


def run(cmd: list[str], root: Path, timeout: float, stdout_path: Path | None = None) -> Proc:
    """A fresh process: wall, CPU and that child's peak RSS (os.wait4)."""
    with tempfile.TemporaryFile() as cap:
        out = open(stdout_path, "wb") if stdout_path else cap
        try:
            t = run_timed(cmd, root, child_env(root), timeout, out)
        finally:
            if stdout_path:
                out.close()
        cap.seek(0)
        return Proc(t.wall, t.cpu, t.rss_mb, t.rc, cap.read(), t.stderr.decode("utf-8", "replace"))


_UNIT = {"s": 1.0, "ms": 1e-3, "µs": 1e-6, "ns": 1e-9}


def parse_stats(text: str) -> dict[str, float]:
    """Numbers of the `--stats` report: `N words` items and the phase times,
    in either layout: `seconds: parse 0.58, …` (older irc) or `time: parse
    482 ms, cfg …, infer 618 ms (liveness 96.2 ms, engine 361 ms, flags 69.2
    ms), print 350 ms` (seconds)."""
    out: dict[str, float] = {}
    for line in text.splitlines():
        line = line.strip()
        if line.startswith("seconds:"):
            for name, val in re.findall(r"(\w+) ([0-9.]+)", line[len("seconds:"):]):
                out[name] = float(val)
            continue
        if line.startswith("time:"):
            for name, val, unit in re.findall(r"(\w+) ([0-9.,]+) (s|ms|µs|ns)\b", line[len("time:"):]):
                out[name] = float(val.replace(",", "")) * _UNIT[unit]
            continue
        for part in line.split(", "):
            m = re.fullmatch(r"([0-9][0-9,]*(?:\.[0-9]+)?) ([a-z][a-z ]*)", part.strip())
            if m:
                key = m[2].replace(" ", "_")
                if key.startswith("seconds_"):
                    key = key[len("seconds_"):]
                out[key] = float(m[1].replace(",", ""))
    return out


# ----------------------------------------------------------------- measuring


@dataclass(slots=True)
class Cell:
    workload: str
    version: str
    store: str
    runs: list[dict] = field(default_factory=list)
    phase: dict = field(default_factory=dict)
    digest: str = ""
    error: str = ""

    def med(self, key: str) -> float:
        return median(r[key] for r in self.runs if key in r)


def log(msg: str) -> None:
    print(msg, file=sys.stderr, flush=True)


def file_digest(path: Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for chunk in iter(lambda: fh.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def cli_run(cell: Cell, path: Path, root: Path, scratch: Path, timeout: float, first: bool) -> None:
    dest = scratch / f"{path.stem}.{cell.version}.{cell.store}.out"
    p = run([sys.executable, "-m", "irc", "infer", "--state", cell.store, "--stats", str(path)], root, timeout, dest)
    if p.rc != 0:
        cell.error = f"exit {p.rc}: {p.stderr.strip()[-600:]}"
        dest.unlink(missing_ok=True)
        return
    r = {"wall": p.wall, "cpu": p.cpu, "rss_mb": p.rss_mb, "output_bytes": dest.stat().st_size}
    r.update(parse_stats(p.stderr))
    if first:
        cell.digest = file_digest(dest)
    dest.unlink(missing_ok=True)
    cell.runs.append(r)
    log(f"    {cell.workload} {cell.version} {cell.store}: {p.wall:.2f} s, {p.rss_mb:.0f} MiB")


def phase_run(cell: Cell, path: Path, root: Path, timeout: float) -> None:
    p = run([sys.executable, "-c", PHASE_CHILD, str(path), cell.store], root, timeout)
    if p.rc != 0:
        cell.phase = {"error": p.stderr.strip()[-600:]}
        return
    cell.phase = json.loads(p.stdout.decode().strip().splitlines()[-1])
    cell.phase["rss_mb"] = p.rss_mb


def regex_run(path: Path, acc: list) -> None:
    p = subprocess.run([sys.executable, str(Path(__file__).resolve()), "--regex-child", str(path)],
                       capture_output=True, text=True, check=True)
    acc.append(json.loads(p.stdout))


# ----------------------------------------------------------------- reporting


def fmt(x: float, nd: int = 2) -> str:
    return "–" if x != x else f"{x:,.{nd}f}"


def fmt_i(x: float) -> str:
    return "–" if x != x else f"{int(x):,}"


def report(res: dict) -> str:
    md = [f"# irc at MTK scale (scale 1/{res['scale']}, {res['runs']} rounds, medians)", "",
          f"machine: {res['machine']}; commit {res['commit']}"
          + (f"; before: {res['before']}" if res.get("before") else ""), "",
          f"load average at start {res['load_start']}, at end {res['load_end']}; harness peak RSS "
          f"{res['harness_rss_mb']:.0f} MiB (smallest child {res['smallest_child_mb']:.0f} MiB); "
          f"{res['total_s']:.0f} s in all", ""]
    same = res["identical"]
    md += ["Stores of one version printed byte-identical output on every workload: "
           + ("yes" if all(same.values()) else "**NO**: " + ", ".join(k for k, v in same.items() if not v)), ""]
    md += ["## End to end", "",
           "| workload | statements | locals | blocks | version | store | end to end s | regex floor s "
           "| / floor | CPU / floor CPU | peak RSS MiB | output / input | peak state cells |",
           "|---|---:|---:|---:|---|---|---:|---:|---:|---:|---:|---:|---:|"]
    for c in res["cells"]:
        w = res["workloads"][c.workload]
        fl = res["floor"][c.workload]
        if c.error or not c.runs:
            md.append(f"| {c.workload} | {w['stmts']:,} | {w['slots']:,} | – | {c.version} | {c.store} "
                      f"| error: {c.error[:120]} |||||||")
            continue
        md.append(f"| {c.workload} | {w['stmts']:,} | {w['slots']:,} | {fmt_i(c.med('blocks'))} | {c.version} "
                  f"| {c.store} | {fmt(c.med('wall'))} | {fmt(fl['wall'], 3)} | {fmt(ratio(c.med('wall'), fl['wall']), 1)}x "
                  f"| {fmt(ratio(c.med('cpu'), fl['cpu']), 1)}x | {fmt(c.med('rss_mb'), 0)} "
                  f"| {fmt(ratio(c.med('output_bytes'), w['input_bytes']))} | {fmt_i(c.med('peak_state_cells'))} |")
    md += ["", "## Per phase (seconds: `--stats` medians; RSS: the phase child, MiB after the phase)", "",
           "| workload | version | store | " + " | ".join(f"{p} s" for p in PHASES)
           + " | RSS parse | RSS cfg | RSS infer | RSS print | peak |",
           "|---|---|---|" + "---:|" * (len(PHASES) + 5)]
    for c in res["cells"]:
        if c.error or not c.runs:
            continue
        ph = c.phase
        rss = [fmt(ph.get(p, {}).get("rss_mb", float("nan")), 0) for p in ("parse", "cfg", "infer", "print")]
        md.append(f"| {c.workload} | {c.version} | {c.store} | " + " | ".join(fmt(c.med(p)) for p in PHASES)
                  + " | " + " | ".join(rss) + f" | {fmt(ph.get('rss_mb', float('nan')), 0)} |")
    md += ["", "## Targets (this checkout, each store)", "",
           "| target | store | value | |", "|---|---|---:|---|"]
    for store, cells in res["target_cells"].items():
        for name, (tr, tm, to) in TARGETS.items():
            c = cells.get(name)
            if c is None or not c.runs:
                continue
            fl = res["floor"][name]
            r = ratio(c.med("wall"), fl["wall"])
            md.append(f"| {name}: end to end / regex floor ≤ {tr:g}x | {store} | {r:.1f}x "
                      f"| {'holds' if r <= tr else '**fails**'} |")
            rc = ratio(c.med("cpu"), fl["cpu"])
            md.append(f"| {name}: CPU / regex floor CPU ≤ {tr:g}x | {store} | {rc:.1f}x "
                      f"| {'holds' if rc <= tr else '**fails**'} |")
            if tm:
                m = c.med("rss_mb")
                md.append(f"| {name}: peak RSS ≤ {tm:,} MiB | {store} | {m:,.0f} MiB | {'holds' if m <= tm else '**fails**'} |")
            if to:
                o = ratio(c.med("output_bytes"), res["workloads"][name]["input_bytes"])
                md.append(f"| {name}: text output ≤ {to:g}x input | {store} | {o:.2f}x "
                          f"| {'holds' if o <= to else '**fails**'} |")
        a, b = cells.get("S100"), cells.get("S200")
        if a and b and a.runs and b.runs:
            r = ratio(b.med("wall"), a.med("wall"))
            md.append(f"| S200 / S100 end to end ≤ 2.1 | {store} | {r:.2f} | {'holds' if r <= 2.1 else '**fails**'} |")
    md.append("")
    return "\n".join(md)


def plot(res: dict, path: Path) -> bool:
    plt = run_bench.pyplot()
    if plt is None:
        return False
    cells = [c for c in res["cells"] if c.runs]
    if not cells:
        return False
    labels = [f"{c.workload} {c.version} {c.store}" for c in cells]
    fig, (ax1, ax2) = plt.subplots(1, 2, figsize=(14, 0.45 * len(cells) + 1.8))
    left = [0.0] * len(cells)
    for p in PHASES:
        vals = [c.med(p) if c.med(p) == c.med(p) else 0.0 for c in cells]
        ax1.barh(labels, vals, left=left, label=p)
        left = [a + b for a, b in zip(left, vals)]
    goals = [res["floor"][c.workload]["wall"] * TARGETS.get(c.workload, (8.0,))[0] for c in cells]
    ax1.scatter(goals, labels, marker="|", s=300, color="k", label="target (8x or 12x the regex floor)")
    ax1.set_xlabel("seconds (median, per phase)")
    ax1.set_title("time per phase")
    ax1.legend(fontsize=8, loc="lower right")
    ax1.invert_yaxis()
    ax2.barh(labels, [c.med("rss_mb") for c in cells], color="tab:gray")
    ax2.set_xlabel("MiB (median)")
    ax2.set_title("peak RSS of the process")
    ax2.axvline(1024, color="k", ls=":", lw=1)
    ax2.invert_yaxis()
    ax2.set_yticklabels([])
    fig.suptitle(f"irc infer at MTK scale (scale 1/{res['scale']})")
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)
    return True


def load() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["--regex-child"]:
        return regex_child(argv[1])
    if argv[:1] == ["--replot"]:  # --replot RESULTS.json OUT.png: the plot again from a run's JSON
        res = json.loads(Path(argv[1]).read_text(encoding="utf-8"))
        res["cells"] = [Cell(c["workload"], c["version"], c["store"], c["runs"], c["phase"]) for c in res["cells"]]
        return 0 if plot(res, Path(argv[2])) else 1
    ap = argparse.ArgumentParser(description="irc at MTK scale (see the module docstring).")
    ap.add_argument("--scale", type=int, default=1, help="divide W1/W2 statements and locals by this")
    ap.add_argument("--runs", type=int, default=3, help="rounds (timed runs per cell)")
    ap.add_argument("--stores", default="", help="stores of this checkout (default: block and its default; "
                                                 "`-`: none, only the --before checkout)")
    ap.add_argument("--before", help="another checkout of irc, run side by side as version `before`")
    ap.add_argument("--before-stores", default="block", help="stores of the --before checkout")
    ap.add_argument("--only", default="W1,W2,S100,S200", help="workloads")
    ap.add_argument("--no-phases", action="store_true", help="skip the per-phase RSS children")
    ap.add_argument("--timeout", type=float, default=1800.0)
    ap.add_argument("--out", default=str(BENCH / "out"))
    ap.add_argument("--docs", action="store_true", help="copy the plot to docs/scale.png")
    args = ap.parse_args(argv)
    out = Path(args.out)
    scratch = out / "scratch"
    scratch.mkdir(parents=True, exist_ok=True)
    sys.path.insert(0, str(ROOT))
    from irc.cli.driver import Options

    default = Options().store
    stores = [s for s in (args.stores.split(",") if args.stores else dict.fromkeys(["block", default])) if s]
    versions: list[tuple[str, Path, list[str]]] = [("after" if args.before else "this", ROOT, stores)]
    if args.stores == "-":
        versions = []
    if args.before:
        versions.insert(0, ("before", Path(args.before).resolve(), args.before_stores.split(",")))
    names = args.only.split(",")
    wls = [w.at(args.scale) for w in WORKLOADS if w.name in names]
    paths = {w.name: input_file(out, w) for w in wls}
    res: dict = {"scale": args.scale, "runs": args.runs, "commit": run_bench.git_commit(), "before": args.before,
                 "machine": f"{platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}",
                 "load_start": load(), "workloads": {}, "floor": {}, "cells": [], "default_cell": {}}
    for w in wls:
        res["workloads"][w.name] = {"stmts": w.stmts, "slots": w.slots, "every": w.every,
                                    "input_bytes": paths[w.name].stat().st_size}
    cells = [Cell(w.name, v, s) for w in wls for v, _, ss in versions for s in ss]
    roots = {v: r for v, r, _ in versions}
    floors: dict[str, list] = {w.name: [] for w in wls}
    t0 = time.perf_counter()
    for i in range(args.runs):
        log(f"round {i + 1}/{args.runs} (load {load()})")
        for w in wls:
            regex_run(paths[w.name], floors[w.name])
            # the versions in turn first: a run right after another (a large process just ended) is often slower
            for c in cells if i % 2 == 0 else cells[::-1]:
                if c.workload == w.name and not c.error:
                    cli_run(c, paths[w.name], roots[c.version], scratch, args.timeout, first=i == 0)
    if not args.no_phases:
        log("phase children")
        for c in cells:
            if not c.error:
                phase_run(c, paths[c.workload], roots[c.version], args.timeout)
    for w in wls:
        fl = floors[w.name]
        res["floor"][w.name] = {"wall": median(f["wall"] for f in fl), "cpu": median(f["cpu"] for f in fl)}
    res["identical"] = {}
    for w in wls:
        for v, _, _ in versions:
            ds = {c.digest for c in cells if c.workload == w.name and c.version == v and c.digest}
            res["identical"][f"{w.name} {v}"] = len(ds) <= 1
    res["cells"] = cells
    mine = versions[-1][0] if versions else ""
    res["target_cells"] = {}
    for c in cells:
        if c.version == mine:
            res["target_cells"].setdefault(c.store, {})[c.workload] = c
        if c.version == mine and c.store == default:
            res["default_cell"][c.workload] = c
    res["total_s"] = time.perf_counter() - t0
    res["load_end"] = load()
    res["harness_rss_mb"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024.0
    res["smallest_child_mb"] = min((c.med("rss_mb") for c in cells if c.runs), default=float("nan"))
    md = report(res)
    print(md)
    (out / "scale.md").write_text(md + "\n", encoding="utf-8")
    serial = dict(res)
    serial["cells"] = [{"workload": c.workload, "version": c.version, "store": c.store, "runs": c.runs,
                        "phase": c.phase, "error": c.error} for c in cells]
    serial["default_cell"] = sorted(res["default_cell"])
    serial["target_cells"] = sorted(res["target_cells"])
    (out / "scale.json").write_text(json.dumps(serial, indent=1, default=str) + "\n", encoding="utf-8")
    png = out / "scale.png"
    if plot(res, png) and args.docs:
        shutil.copyfile(png, ROOT / "docs" / "scale.png")
    log(f"wrote {out / 'scale.md'}, {out / 'scale.json'}, {png}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
