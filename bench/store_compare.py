"""Which state store should be the default?  `block` against `shared` (and any other) at every size.

The stores differ only in inference (liveness, engine, flags) and in what
the printer's entry comments read, so this measures exactly that part, in
process, with CPU time (`time.process_time`, less sensitive to other
processes than wall time): for each input, R rounds, each round inferring
and printing every function once per store (stores interleaved), after a
parse and build shared by all stores.  Also per input and store: the peak
state cells (`--stats`) and the peak RSS of a fresh `python -m irc infer`
process (one run each, after the rounds).

Inputs: every sample and real paste irc reads (together, as "small files"),
the first round's 100k / 200k straight lines, and issue 13's W1 / W2 shapes
at `--scale` (default 4: 250k statements, 5,000 locals).

Usage: `python bench/store_compare.py [--rounds 7] [--scale 4] [--stores block,shared]`.
"""
from __future__ import annotations

import argparse
import gc
import os
import subprocess
import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parent
ROOT = BENCH.parent
sys.path.insert(0, str(BENCH))
sys.path.insert(1, str(ROOT))
from timing import median, ratio, run_timed  # noqa: E402
from workloads import WORKLOADS, workload_file  # noqa: E402

CHILD = r"""
import json, sys, time, gc
gc.disable()
from pathlib import Path
from irc.cli import driver
from irc.infer.analysis import infer_function
from irc.output.text import render_program
stores, rounds = sys.argv[1].split(","), int(sys.argv[2])
paths = sys.argv[3:]
progs = []
for p in paths:
    r = driver.analyse(p, Path(p).read_text(encoding="utf-8"))
    if not r.errors:
        progs.append(r)
acc = {s: [] for s in stores}
cells = {}
with driver.deep_recursion():
    for _ in range(rounds):
        for s in stores:
            c = time.process_time()
            for r in progs:
                res = [(fn, infer_function(fn, r.world, store=s)) for fn in r.program.functions]
                render_program(r.program, res)
                cells[s] = max([cells.get(s, 0)] + [x.stats["peak_state_cells"] for _, x in res])
                del res
            acc[s].append(time.process_time() - c)
print(json.dumps({"cpu": acc, "cells": cells, "files": len(progs)}))
"""


def cli_rss(path: Path, store: str) -> float:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    return run_timed([sys.executable, "-m", "irc", "infer", "--state", store, str(path)], ROOT, env).rss_mb


def main() -> int:
    import json

    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rounds", type=int, default=7)
    ap.add_argument("--scale", type=int, default=4)
    ap.add_argument("--stores", default="block,shared")
    ap.add_argument("--out", default=str(BENCH / "out"))
    args = ap.parse_args()
    out = Path(args.out)
    small = [str(p) for p in sorted((ROOT / "samples").glob("*.ir")) + sorted((ROOT / "samples" / "real").glob("*.ir"))]
    inputs = [("small files", small, None)]
    for w in WORKLOADS:
        p = workload_file(out, w.at(args.scale))
        inputs.append((f"{w.name} ({w.at(args.scale).stmts:,} statements)", [str(p)], p))
    stores = args.stores.split(",")
    load = " ".join(f"{x:.2f}" for x in os.getloadavg())
    rows = []
    for name, paths, one in inputs:
        print(f"{name} ...", file=sys.stderr, flush=True)
        env = dict(os.environ, PYTHONPATH=str(ROOT))
        r = subprocess.run([sys.executable, "-c", CHILD, args.stores, str(args.rounds), *paths], capture_output=True,
                           text=True, cwd=ROOT, env=env, check=True)
        d = json.loads(r.stdout.strip().splitlines()[-1])
        rss = {s: cli_rss(one, s) for s in stores} if one is not None else {}
        rows.append((name, d, rss))
    base = stores[0]
    print(f"# State stores compared ({args.rounds} rounds, CPU medians; load at start {load}, at end "
          + " ".join(f"{x:.2f}" for x in os.getloadavg()) + ")\n")
    print("| input | store | inference + print CPU s | vs " + base + " | peak state cells | vs " + base
          + " | peak RSS MiB (CLI) | vs " + base + " |")
    print("|---|---|---:|---:|---:|---:|---:|---:|")
    for name, d, rss in rows:
        med = {s: median(d["cpu"][s]) for s in stores}
        for s in stores:
            m = rss.get(s, float("nan"))
            print(f"| {name} | {s} | {med[s]:.3f} | {ratio(med[s], med[base]):.2f} | {d['cells'][s]:,} "
                  f"| {d['cells'][s] / max(1, d['cells'][base]):.2f} | {m:,.0f} "
                  f"| {ratio(m, rss[base]) if rss else float('nan'):.2f} |")
    return 0


if __name__ == "__main__":
    gc.collect()
    sys.exit(main())
