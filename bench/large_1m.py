"""Large-input benchmark: a 1,000,000-statement function through `irc infer`.

What it does:

1. generates a straight-line MTK-like function (bench/gen_mtk.py,
   `--diamond-every 0`) of N statements and S named locals into a temp file;
2. runs `python -m irc infer FILE --stats --state STORE` in a child process
   (stdout to /dev/null), measures wall time and the child's peak RSS
   (`os.wait4` rusage, `ru_maxrss`), and keeps the `--stats` report;
3. with `--scaling`, repeats at N/8, N/4, N/2 so time per statement can be
   compared (quadratic string handling shows as a growing ns/statement);
4. checks that the input file is opened exactly once (a Python audit hook in
   the child counts `open` events on the path);
   `--mode pipeline` runs parse+build+infer only (irc.cli.driver.analyse, no
   printing) in the child instead of the CLI;
5. with `--profile K`, profiles an in-process run at K statements and prints
   the top functions by cumulative time.

Usage: `python bench/large_1m.py [--stmts 1000000] [--slots 20000]
[--stores block,live] [--scaling] [--profile 100000]`.  The 4 GiB peak-RSS
budget is asserted (exit 1 if exceeded).  Figures go in docs/robustness.md.
"""
from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

BENCH = Path(__file__).resolve().parent
ROOT = BENCH.parent
sys.path.insert(0, str(BENCH))
from timing import run_timed  # noqa: E402
from workloads import generate_file  # noqa: E402

BUDGET = 4 * 1024**3

# Runs irc's CLI in the child with an audit hook counting opens of the input.
CHILD = r"""
import sys
path = sys.argv[1]
opens = 0
def hook(event, args):
    global opens
    if event == "open" and args and str(args[0]) == path:
        opens += 1
sys.addaudithook(hook)
sys.argv = ["irc"] + sys.argv[2:]
from irc.cli.app import main
try:
    main()
except SystemExit as e:
    code = e.code
else:
    code = 0
sys.stderr.write(f"\nAUDIT opens={opens}\n")
sys.exit(code if isinstance(code, int) else 1)
"""


def generate(stmts: int, slots: int, path: Path) -> float:
    """Write the straight-line input (bench/workloads.py, in a child process); its seconds."""
    t0 = time.perf_counter()
    generate_file(path, stmts, slots, 0, 1)
    return time.perf_counter() - t0


# Runs parse -> build -> infer (no printing) in the child: irc.cli.driver.analyse.
CHILD_PIPELINE = r"""
import sys, time
from irc.cli.driver import Options, _sum_stats, analyse
path, store = sys.argv[1], sys.argv[2]
with open(path, encoding="utf-8") as fh:
    text = fh.read()
res = analyse(path, text, Options(store=store))
if res.errors:
    sys.stderr.write(str(res.errors[:3]) + "\n")
    sys.exit(1)
st = _sum_stats(res.results)
sys.stderr.write(", ".join(f"{k} {v:,}" for k, v in st.items() if k != "seconds") + "\n")
sys.stderr.write("seconds: " + ", ".join(f"{k} {v:.1f}" for k, v in res.timings.items()) + "\n")
sys.stderr.write("AUDIT opens=1\n")
"""


def run_child(path: Path, store: str, mode: str = "cli") -> dict:
    if mode == "cli":
        args = [sys.executable, "-c", CHILD, str(path), "infer", str(path), "--stats", "--state", store]
    else:
        args = [sys.executable, "-c", CHILD_PIPELINE, str(path), store]
    p = run_timed(args, ROOT)
    stderr = p.stderr.decode("utf-8", "replace")
    opens = None
    for line in stderr.splitlines():
        if line.startswith("AUDIT opens="):
            opens = int(line.split("=")[1])
    return {
        "store": store,
        "exit": p.rc,
        "wall_s": p.wall,
        "peak_rss": p.rss_mb * 1024 * 1024,
        "opens": opens,
        "stats": "\n".join(ln for ln in stderr.splitlines() if not ln.startswith("AUDIT")).strip()[-1500:],
    }


def profile(stmts: int, slots: int, top: int = 25) -> None:
    import cProfile
    import io
    import pstats

    sys.path.insert(0, str(ROOT))
    with tempfile.TemporaryDirectory() as d:
        path = Path(d) / "prof.ir"
        generate(stmts, slots, path)
        text = path.read_text(encoding="utf-8")
        from irc.cli.driver import analyse
        from irc.output.text import render_program

        pr = cProfile.Profile()
        pr.enable()
        res = analyse(str(path), text)
        render_program(res.program, res.results, colour=False)
        pr.disable()
        s = io.StringIO()
        pstats.Stats(pr, stream=s).sort_stats("cumulative").print_stats(top)
        print(s.getvalue())
        s = io.StringIO()
        pstats.Stats(pr, stream=s).sort_stats("tottime").print_stats(top)
        print(s.getvalue())


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--stmts", type=int, default=1_000_000)
    ap.add_argument("--slots", type=int, default=20_000)
    ap.add_argument("--stores", default="block,live")
    ap.add_argument("--scaling", action="store_true", help="also run at N/8, N/4, N/2")
    ap.add_argument("--profile", type=int, default=0, help="profile an in-process run at this many statements")
    ap.add_argument("--mode", default="cli", choices=("cli", "pipeline"),
                    help="cli: `irc infer` with printing; pipeline: parse+build+infer only (irc.cli.driver.analyse)")
    args = ap.parse_args(argv)
    if args.profile:
        profile(args.profile, max(1, args.slots * args.profile // args.stmts))
        return 0
    sizes = [args.stmts]
    if args.scaling:
        sizes = [args.stmts // 8, args.stmts // 4, args.stmts // 2, args.stmts]
    ok = True
    print(f"{'stmts':>9} {'slots':>6} {'store':>6} {'gen s':>6} {'MiB in':>7} {'wall s':>8} {'us/stmt':>8} "
          f"{'peak RSS MiB':>12} {'opens':>5} exit")
    with tempfile.TemporaryDirectory() as d:
        for n in sizes:
            slots = max(1, args.slots * n // args.stmts)
            path = Path(d) / f"large_{n}.ir"
            gen_s = generate(n, slots, path)
            size = path.stat().st_size
            for store in args.stores.split(","):
                r = run_child(path, store, args.mode)
                ok &= r["exit"] == 0 and r["peak_rss"] < BUDGET and r["opens"] == 1
                print(f"{n:>9} {slots:>6} {store:>6} {gen_s:>6.1f} {size / 2**20:>7.1f} {r['wall_s']:>8.1f} "
                      f"{r['wall_s'] / n * 1e6:>8.1f} {r['peak_rss'] / 2**20:>12.0f} {r['opens']!s:>5} {r['exit']}",
                      flush=True)
                if r["exit"] != 0 or n == sizes[-1]:
                    print("   ", r["stats"].replace("\n", "\n    "), flush=True)
    print("OK (peak RSS under 4 GiB, input opened once)" if ok else "FAILED")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
