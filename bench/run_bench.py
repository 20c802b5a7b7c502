"""irc benchmark harness: the three state stores on MTK-like functions (issue 5).

What it measures, all in one run so that ratios compare numbers taken side by
side on the same (noisy, 2-core) machine:

* **sweep** -- N in {10k, 50k, 100k, 200k} statements, 2000 locals, a diamond
  every 100 statements (bench/gen_mtk.py), each store (`stmt`, `block`,
  `live`).  `stmt` runs only while its predicted peak RSS and time fit (the
  prediction scales the previous size's measurement by statements x slots);
  a skipped cell says why.
* **(a)** 8k statements, 2k locals, diamond every 100: block vs stmt end to
  end and peak RSS, live vs block.
* **(b)** 100k and 200k straight-line statements with `block`, end to end, vs
  ONE Python regex pass `re.findall(r"%\\d+|\\w+", text)` over the same file
  (timed here, median of the same number of runs); the 200k / 100k ratio.
* **(c)** peak state cells against the bounds: block <= blocks x slots +
  slots, live <= sum(live-in) + slots, stmt ~ statements x slots
  (sum(live-in) comes from one untimed audit process per input).
* **parse-only throughput** on the 100k inputs: `irc.syntax.parser.parse_text` and
  `irc.build.build_program` in a fresh process, grammar built beforehand.

Method: every timed run is a fresh process ``python -m irc infer --state S
--stats FILE`` with stdout to /dev/null (fallback when the CLI has no
``--stats``: ``--api``, the same pipeline through ``irc.cli.driver``); its wall
time is taken around the process, its peak RSS from ``os.wait4`` (that child
only), its per-phase seconds, peak state cells and blocks visited from the
``--stats`` report.  Each input gets one untimed warm-up run per store whose
output is hashed: the stores must print identical text (spec §3.4).  Runs
interleave the stores (run 1 of every store, then run 2, ...).  Reported
figures are medians.

Outputs: markdown tables on stdout (also bench/out/results.md), raw data in
bench/out/results.json, and bench/out/perf.png (log-log time and memory
against N, one line per store); ``--docs`` copies the plot to docs/perf.png.
``--quick`` is a smoke test (small sizes, 2 runs).
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
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path

BENCH = Path(__file__).resolve().parent
ROOT = BENCH.parent
sys.path.insert(0, str(BENCH))
sys.path.insert(1, str(ROOT))
from timing import median, run_timed  # noqa: E402
from workloads import input_file  # noqa: E402

STORES = ("stmt", "block", "live")
PHASES = ("parse", "cfg", "infer", "print")
REGEX = re.compile(r"%\d+|\w+")


# ----------------------------------------------------------------- configuration


@dataclass(frozen=True, slots=True)
class Config:
    runs: int = 5
    large_runs: int = 0  # runs for inputs of 100k statements or more (0: same as runs)
    sizes: tuple[int, ...] = (10_000, 50_000, 100_000, 200_000)
    slots: int = 2_000
    diamond_every: int = 100
    seed: int = 1
    a_size: tuple[int, int, int] = (8_000, 2_000, 100)  # stmts, slots, diamond every
    b_sizes: tuple[int, int] = (100_000, 200_000)  # straight line
    stmt_max_cells: float = 2.5e8  # never run `stmt` above statements x slots
    mem_budget_mb: float = 0.0  # 0: half of MemAvailable
    run_budget_s: float = 240.0  # skip `stmt` when one run is predicted slower
    timeout_s: float = 900.0
    mode: str = "auto"  # cli | api | auto


QUICK = Config(runs=2, sizes=(2_000, 4_000), slots=200, a_size=(3_000, 500, 100), b_sizes=(5_000, 10_000),
               run_budget_s=60.0, timeout_s=300.0)


# ----------------------------------------------------------------- inputs


# ----------------------------------------------------------------- one process


@dataclass(slots=True)
class Run:
    wall: float
    rss_mb: float
    rc: int
    cpu: float = 0.0  # user + system seconds of the child
    phases: dict[str, float] = field(default_factory=dict)
    stats: dict[str, float] = field(default_factory=dict)
    stderr_tail: str = ""
    digest: str = ""


def child_env() -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    env["NO_COLOR"] = "1"
    # As installed code runs: byte-compiled modules are cached (the warm-up run writes them), not
    # recompiled by every process.
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    return env


def run_process(cmd: list[str], timeout: float, keep_stdout: Path | None = None) -> Run:
    """Run cmd in a fresh process; wall time, that child's peak RSS, stderr.

    Linux folds the high-water RSS of the address space a process had before
    `execve` into its `ru_maxrss`, and a forked child starts from its
    parent's: a child's figure is at least this harness's own peak.  The
    harness therefore never holds big data (inputs are generated and the
    regex pass is timed in child processes) and `report` states its own peak
    (`harness_rss_mb`), which must stay below every child's figure."""
    out = open(keep_stdout, "wb") if keep_stdout else subprocess.DEVNULL
    try:
        t = run_timed(cmd, ROOT, child_env(), timeout, out)
    finally:
        if keep_stdout:
            out.close()
    text = t.stderr.decode("utf-8", "replace")
    r = Run(t.wall, t.rss_mb, t.rc, t.cpu)
    r.phases, r.stats = parse_stats(text)
    r.stderr_tail = text[-2000:]
    if keep_stdout:
        h = hashlib.sha256()
        with open(keep_stdout, "rb") as fh:
            for chunk in iter(lambda: fh.read(1 << 20), b""):
                h.update(chunk)
        r.digest = h.hexdigest()
    return r


_STAT_WORDS = {
    "statements": "statements", "blocks": "blocks", "slots": "slots", "blocks visited": "blocks_visited",
    "peak state cells": "peak_state_cells", "bytes of state": "state_bytes",
}
_SECONDS = {"µs": 1e-6, "ms": 1e-3, "s": 1.0}
_BYTES = {"B": 1, "KiB": 1024, "MiB": 1024 ** 2, "GiB": 1024 ** 3, "TiB": 1024 ** 4}


def _duration(text: str) -> float:
    """`412 µs`, `3.48 ms`, `2.31 s`, `2 min 05 s` (irc.output.stats.format_duration) -> seconds."""
    m = re.fullmatch(r"(\d+) min (\d+) s", text)
    if m:
        return 60 * int(m[1]) + int(m[2])
    value, unit = text.split()
    return float(value) * _SECONDS[unit]


def parse_stats(text: str) -> tuple[dict[str, float], dict[str, float]]:
    """Read the `--stats` report (or the --api child's JSON line) from stderr."""
    phases: dict[str, float] = {}
    stats: dict[str, float] = {}
    for line in text.splitlines():
        line = line.strip()
        if line.startswith("{\"bench\":"):
            d = json.loads(line)["bench"]
            return d["phases"], d["stats"]
        if line.startswith("seconds:"):  # the report before readable units
            for name, val in re.findall(r"(\w+) ([0-9.]+)", line[len("seconds:"):]):
                phases[name] = float(val)
            continue
        if line.startswith("time:"):  # `time: parse 69.7 ms, …, infer 1.07 s (liveness …), print 54 ms`
            for name, val in re.findall(r"(\w+) ((?:\d+ min \d+ s)|(?:[0-9.]+ (?:µs|ms|s)))\b",
                                        line[len("time:"):]):
                phases[name] = _duration(val)
            continue
        for part in line.split(", "):
            m = re.fullmatch(r"([0-9][0-9,]*(?:\.[0-9]+)?) ([a-z][a-z ]*)", part.strip())
            if m and m[2] in _STAT_WORDS:
                stats[_STAT_WORDS[m[2]]] = float(m[1].replace(",", ""))
            m = re.fullmatch(r"([0-9.]+) (B|KiB|MiB|GiB|TiB) of state", part.strip())
            if m:
                stats["state_bytes"] = float(m[1]) * _BYTES[m[2]]
    return phases, stats


def api_child(store: str, path: str) -> int:
    """`--child`: the pipeline through irc.cli.driver, printing --stats as one JSON line on stderr."""
    from irc.cli import driver
    text = Path(path).read_text(encoding="utf-8")
    opts = driver.RenderOptions(analysis=driver.Options(store=store))
    oc = driver.process_file(path, text, opts)
    sys.stdout.write(oc.output)
    if oc.errors:
        sys.stderr.write(oc.messages)
        return 1
    stats = {k: v for k, v in oc.stats.items() if isinstance(v, (int, float))}
    sys.stderr.write(json.dumps({"bench": {"phases": oc.timings, "stats": stats}}) + "\n")
    return 0


def parse_child(path: str, runs: int) -> int:
    """`--parse-child`: parse-only throughput (parse_text, build_program), grammar built first."""
    from irc.syntax.parser import parse_text

    try:
        from irc.cli.driver import build
    except ImportError:
        build = None
    t0 = time.perf_counter()
    parse_text("function g(x::Int64)\n1 ─     return x\nend\n", "<warm>")
    first = time.perf_counter() - t0  # builds the Lark grammar
    text = Path(path).read_text(encoding="utf-8")
    parse_s, build_s = [], []
    for _ in range(runs):
        t0 = time.perf_counter()
        src = parse_text(text, path)
        t1 = time.perf_counter()
        if build is not None:
            try:
                build(src)
            except Exception as e:  # noqa: BLE001 - a missing or failing build step: parse numbers only
                print(f"build failed: {type(e).__name__}: {e}", file=sys.stderr)
                build = None
        t2 = time.perf_counter()
        parse_s.append(t1 - t0)
        build_s.append(t2 - t1 if build is not None else float("nan"))
        del src
    print(json.dumps({"parse": parse_s, "build": build_s, "first_parse": first}))
    return 0


def detect_mode(requested: str) -> str:
    if requested != "auto":
        return requested
    try:
        h = subprocess.run([sys.executable, "-m", "irc", "infer", "--help"], capture_output=True, text=True,
                           cwd=ROOT, env=child_env(), timeout=120)
    except (OSError, subprocess.TimeoutExpired):
        return "api"
    return "cli" if h.returncode == 0 and "--stats" in h.stdout and "--state" in h.stdout else "api"


def irc_cmd(mode: str, store: str, path: Path) -> list[str]:
    if mode == "cli":
        return [sys.executable, "-m", "irc", "infer", "--state", store, "--stats", str(path)]
    return [sys.executable, str(Path(__file__).resolve()), "--child", store, str(path)]


# ----------------------------------------------------------------- measuring


@dataclass(slots=True)
class Cell:
    """One (input, store): its runs and medians, or why it was skipped."""

    input: str
    stmts: int
    slots_arg: int
    every: int
    store: str
    runs: list[Run] = field(default_factory=list)
    skipped: str = ""
    error: str = ""
    digest: str = ""

    def median(self, f) -> float:
        return median(f(r) for r in self.runs)

    @property
    def wall(self) -> float:
        return self.median(lambda r: r.wall)

    @property
    def cpu(self) -> float:
        return self.median(lambda r: r.cpu)

    @property
    def rss(self) -> float:
        return self.median(lambda r: r.rss_mb)

    def phase(self, ph: str) -> float:
        return self.median(lambda r: r.phases.get(ph, float("nan")))

    def stat(self, k: str) -> float:
        return self.median(lambda r: r.stats.get(k, float("nan")))


def mem_budget_mb(cfg: Config) -> float:
    if cfg.mem_budget_mb:
        return cfg.mem_budget_mb
    try:
        for line in Path("/proc/meminfo").read_text().splitlines():
            if line.startswith("MemAvailable:"):
                return int(line.split()[1]) / 1024 / 2
    except OSError:
        pass
    return 4096.0


def log(msg: str) -> None:
    print(msg, file=sys.stderr, flush=True)


def measure(cells: list[Cell], paths: dict[str, Path], cfg: Config, mode: str, out: Path, between=None) -> None:
    """Warm-up (hashed output) then cfg.runs interleaved timed runs for every non-skipped cell."""
    scratch = out / "scratch"
    scratch.mkdir(parents=True, exist_ok=True)
    live = [c for c in cells if not c.skipped]
    for c in live:
        dest = scratch / f"{Path(c.input).stem}.{c.store}.out"
        log(f"  warm-up {Path(c.input).name} --state {c.store}")
        r = run_process(irc_cmd(mode, c.store, paths[c.input]), cfg.timeout_s, keep_stdout=dest)
        dest.unlink(missing_ok=True)
        if r.rc != 0:
            c.error = f"exit {r.rc}: {r.stderr_tail.strip()[-800:]}"
            log(f"    FAILED: {c.error}")
            continue
        c.digest = r.digest
    n_runs = cfg.runs
    if cfg.large_runs and live and max(c.stmts for c in live) >= 100_000:
        n_runs = cfg.large_runs
    for i in range(n_runs):
        for c in live:
            if c.error:
                continue
            r = run_process(irc_cmd(mode, c.store, paths[c.input]), cfg.timeout_s)
            if r.rc != 0:
                c.error = f"exit {r.rc}: {r.stderr_tail.strip()[-800:]}"
                continue
            c.runs.append(r)
            log(f"  run {i + 1}/{n_runs} {Path(c.input).name} {c.store}: {r.wall:.2f}s {r.rss_mb:.0f}MB "
                + " ".join(f"{k}={v:.2f}" for k, v in r.phases.items()))
        if between is not None:
            between()


def regex_child(path: str) -> int:
    """`--regex-child FILE`: ONE regex pass over the file text; prints wall and CPU seconds (JSON)."""
    t0 = time.perf_counter()
    text = Path(path).read_text(encoding="utf-8")
    t1, c1 = time.perf_counter(), time.process_time()
    n = len(REGEX.findall(text))
    t2, c2 = time.perf_counter(), time.process_time()
    print(json.dumps({"findall": t2 - t1, "findall_cpu": c2 - c1, "read_and_findall": t2 - t0, "tokens": n}))
    return 0


def regex_once(path: Path, acc: dict[str, list]) -> None:
    """ONE regex pass over the file text, timed in a child process (keeps this process small)."""
    p = subprocess.run([sys.executable, str(Path(__file__).resolve()), "--regex-child", str(path)],
                       capture_output=True, text=True, check=True)
    d = json.loads(p.stdout)
    for k in ("findall", "findall_cpu", "read_and_findall"):
        acc.setdefault(k, []).append(d[k])
    acc["tokens"] = [d["tokens"]]


def regex_summary(acc: dict[str, list]) -> dict[str, float]:
    return {"findall_s": median(acc["findall"]), "findall_cpu_s": median(acc["findall_cpu"]),
            "read_and_findall_s": median(acc["read_and_findall"]), "tokens": acc["tokens"][0],
            "samples": acc}


def audit(path: Path, timeout: float) -> dict:
    """Untimed: blocks, slots and sum(live-in) of the input, from irc's own liveness."""
    code = (
        "import json,sys\n"
        "from irc.syntax.parser import parse_text\n"
        "from irc.cli.driver import build\n"
        "from irc.infer.liveness import compute_live_in\n"
        "p=sys.argv[1]; prog=build(parse_text(open(p,encoding='utf-8').read(),p)); fn=prog.functions[0]\n"
        "live=compute_live_in(fn)\n"
        "print(json.dumps({'stmts':len(fn.stmts),'blocks':len(fn.blocks),'slots':len(fn.slots),"
        "'sum_live_in':sum(len(s) for s in live[1:]),'max_live_in':max(len(s) for s in live[1:])}))\n"
    )
    try:
        r = subprocess.run([sys.executable, "-c", code, str(path)], capture_output=True, text=True, cwd=ROOT,
                           env=child_env(), timeout=timeout)
    except subprocess.TimeoutExpired:
        return {"error": "timeout"}
    if r.returncode != 0:
        return {"error": r.stderr.strip()[-800:]}
    return json.loads(r.stdout)


def parse_throughput(path: Path, runs: int, timeout: float) -> dict:
    try:
        r = subprocess.run([sys.executable, str(Path(__file__).resolve()), "--parse-child", str(path), str(runs)],
                           capture_output=True, text=True, cwd=ROOT, env=child_env(), timeout=timeout)
    except subprocess.TimeoutExpired:
        return {"error": "timeout"}
    if r.returncode != 0:
        return {"error": r.stderr.strip()[-800:]}
    d = json.loads(r.stdout.strip().splitlines()[-1])
    return {"parse_s": median(d["parse"]), "build_s": median(d["build"]),
            "first_parse_s": d["first_parse"], "runs": d}


def startup_cost(runs: int, mode: str) -> float:
    """Median wall of `python -m irc --version` (api mode: importing the pipeline): fixed cost, no work."""
    if mode == "cli":
        cmd = [sys.executable, "-m", "irc", "--version"]
    else:
        cmd = [sys.executable, "-c", "import irc.driver, irc.parser, irc.build, irc.world, irc.infer, irc.printer"]
    rs = [run_process(cmd, 60) for _ in range(runs)]
    if any(r.rc != 0 for r in rs):
        return float("nan")
    return median(r.wall for r in rs)


# ----------------------------------------------------------------- reporting


def fmt_s(x: float) -> str:
    if x != x:
        return "–"
    return f"{x:.3f}" if x < 10 else f"{x:.1f}"


def fmt_n(x: float) -> str:
    return "–" if x != x else f"{int(x):,}"


def ratio(a: float, b: float) -> float:
    return a / b if b and a == a and b == b else float("nan")


def fmt_r(x: float) -> str:
    return "–" if x != x else f"{x:.2f}"


def cell_table(cells: list[Cell]) -> list[str]:
    rows = ["| N | store | runs | parse s | cfg s | infer s | print s | end to end s | peak RSS MB "
            "| CPU s | peak state cells | blocks visited | bytes of state |",
            "|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"]
    for c in cells:
        if c.skipped or c.error or not c.runs:
            why = c.skipped or ("error: " + c.error.splitlines()[0][:120] if c.error else "no runs")
            rows.append(f"| {c.stmts:,} | {c.store} | 0 | {why} ||||||||||")
            continue
        rows.append(
            f"| {c.stmts:,} | {c.store} | {len(c.runs)} | " + " | ".join(fmt_s(c.phase(p)) for p in PHASES)
            + f" | {fmt_s(c.wall)} | {c.rss:.0f} | {fmt_s(c.cpu)} | {fmt_n(c.stat('peak_state_cells'))} "
            f"| {fmt_n(c.stat('blocks_visited'))} | {fmt_n(c.stat('state_bytes'))} |")
    return rows


def verdict(ok: bool | None) -> str:
    return "n/a" if ok is None else ("**holds**" if ok else "**fails**")


def report(res: dict, cfg: Config) -> str:
    sweep: list[Cell] = res["sweep"]
    a: list[Cell] = res["a"]
    b: list[Cell] = res["b"]
    runs = f"{cfg.runs} runs" + (f" ({cfg.large_runs} from 100k statements)" if cfg.large_runs else "")
    md = [f"# irc benchmark ({'quick' if res['quick'] else 'full'}, {runs}, medians)", "",
          f"machine: {res['machine']}; mode: `{res['mode']}`; commit {res['commit']}; "
          f"interpreter + CLI start-up ({'`python -m irc --version`' if res['mode'] == 'cli' else 'imports'}): "
          f"{fmt_s(res['startup_s'])} s", ""]
    same = res["identical_output"]
    md += [f"Stores printed identical output on every input: {'yes' if all(same.values()) else 'NO: ' + str(same)}",
           ""]
    h = res.get("harness_rss_mb", 0.0)
    low = min((c.rss for c in sweep + a + b if c.runs), default=float("inf"))
    md += [f"Peak RSS of the harness itself: {h:.0f} MB (a child's reported peak is at least this: see "
           f"`run_process`); smallest child figure {low:.0f} MB: "
           + ("children's figures are their own." if h < low else "**some children's figures may be the harness's.**"),
           ""]

    md += [f"## Sweep: {cfg.slots:,} locals, a diamond every {cfg.diamond_every} statements", ""]
    md += cell_table(sweep) + [""]

    by = {(c.stmts, c.store): c for c in a}
    blk, stm, liv = (by.get((cfg.a_size[0], s)) for s in ("block", "stmt", "live"))
    t_speed = ratio(stm.wall, blk.wall) if stm and blk else float("nan")
    c_speed = ratio(stm.cpu, blk.cpu) if stm and blk else float("nan")
    lcpu = ratio(liv.cpu, blk.cpu) if liv and blk else float("nan")
    m_ratio = ratio(blk.rss, stm.rss) if stm and blk else float("nan")
    lt = ratio(liv.wall, blk.wall) if liv and blk else float("nan")
    lm = ratio(liv.rss, blk.rss) if liv and blk else float("nan")
    lc = ratio(liv.stat("peak_state_cells"), blk.stat("peak_state_cells")) if liv and blk else float("nan")
    n_a, s_a, k_a = cfg.a_size
    md += [f"## (a) {n_a:,} statements, {s_a:,} locals, a diamond every {k_a}", ""]
    md += cell_table(a) + [""]
    md += ["| measure | value | target | |", "|---|---:|---|---|",
           f"| stmt / block end-to-end time | {fmt_r(t_speed)}x | block ≥ 4x faster | {verdict(t_speed >= 4 if t_speed == t_speed else None)} |",
           f"| stmt / block CPU time (user + sys) | {fmt_r(c_speed)}x | (same, less noisy) | {verdict(c_speed >= 4 if c_speed == c_speed else None)} |",
           f"| block / stmt peak RSS | {fmt_r(m_ratio)} | ≤ 0.5 | {verdict(m_ratio <= 0.5 if m_ratio == m_ratio else None)} |",
           f"| live / block end-to-end time | {fmt_r(lt)} | ≤ 1.2 | {verdict(lt <= 1.2 if lt == lt else None)} |",
           f"| live / block CPU time | {fmt_r(lcpu)} | ≤ 1.2 | {verdict(lcpu <= 1.2 if lcpu == lcpu else None)} |",
           f"| live / block peak RSS | {fmt_r(lm)} | ≤ 1.2 | {verdict(lm <= 1.2 if lm == lm else None)} |",
           f"| live / block peak state cells | {fmt_r(lc)} | ≤ 1 | {verdict(lc <= 1 if lc == lc else None)} |", ""]

    n1, n2 = cfg.b_sizes
    by = {c.stmts: c for c in b}
    rx = res["regex"]
    md += [f"## (b) straight line ({cfg.slots:,} locals), `block`, end to end vs one regex pass", ""]
    md += cell_table(b) + [""]
    md += ["| N | irc end to end s | irc CPU s | irc phases sum s | regex findall s | regex CPU s | read + findall s "
           "| end to end / findall | CPU / regex CPU | phases sum / findall |",
           "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"]
    ratios = {}
    for n in (n1, n2):
        c = by.get(n)
        r = rx.get(str(n), {})
        if not c or not c.runs:
            md.append(f"| {n:,} | – | – | – | {fmt_s(r.get('findall_s', float('nan')))} | – | – | – | – | – |")
            continue
        phs = sum(c.phase(p) for p in PHASES)
        ratios[n] = ratio(c.wall, r["findall_s"])
        md.append(f"| {n:,} | {fmt_s(c.wall)} | {fmt_s(c.cpu)} | {fmt_s(phs)} | {r['findall_s']:.3f} "
                  f"| {r['findall_cpu_s']:.3f} | {r['read_and_findall_s']:.3f} | {fmt_r(ratios[n])}x "
                  f"| {fmt_r(ratio(c.cpu, r['findall_cpu_s']))}x | {fmt_r(ratio(phs, r['findall_s']))}x |")
    md.append("")
    c1, c2 = by.get(n1), by.get(n2)
    scale = ratio(c2.wall, c1.wall) if c1 and c2 and c1.runs and c2.runs else float("nan")
    scale_cpu = ratio(c2.cpu, c1.cpu) if c1 and c2 and c1.runs and c2.runs else float("nan")
    cpu100 = ratio(c1.cpu, rx.get(str(n1), {}).get("findall_cpu_s", float("nan"))) if c1 and c1.runs else float("nan")
    r100 = ratios.get(n1, float("nan"))
    sw = {(c.stmts, c.store): c for c in sweep}
    md += ["| measure | value | target | |", "|---|---:|---|---|",
           f"| {n1 // 1000}k straight line: block end to end / regex pass | {fmt_r(r100)}x | ≤ 20x (aim 8x) "
           f"| {verdict(r100 <= 20 if r100 == r100 else None)} |",
           f"| {n1 // 1000}k straight line: block CPU / regex pass CPU | {fmt_r(cpu100)}x | ≤ 20x (aim 8x) "
           f"| {verdict(cpu100 <= 20 if cpu100 == cpu100 else None)} |",
           f"| straight line: {n2 // 1000}k cost / {n1 // 1000}k cost (end to end) | {fmt_r(scale)} | ≤ 2.3 "
           f"| {verdict(scale <= 2.3 if scale == scale else None)} |",
           f"| straight line: {n2 // 1000}k cost / {n1 // 1000}k cost (CPU) | {fmt_r(scale_cpu)} | ≤ 2.3 "
           f"| {verdict(scale_cpu <= 2.3 if scale_cpu == scale_cpu else None)} |"]
    for store in ("block", "live"):
        x, y = sw.get((n1, store)), sw.get((n2, store))
        if x and y and x.runs and y.runs:
            s = ratio(y.wall, x.wall)
            sc = ratio(y.cpu, x.cpu)
            md.append(f"| sweep `{store}`: {n2 // 1000}k / {n1 // 1000}k end to end | {fmt_r(s)} | ≤ 2.3 "
                      f"| {verdict(s <= 2.3)} |")
            md.append(f"| sweep `{store}`: {n2 // 1000}k / {n1 // 1000}k CPU | {fmt_r(sc)} | ≤ 2.3 "
                      f"| {verdict(sc <= 2.3)} |")
    md.append("")

    md += ["## (c) peak state cells against the bounds", "",
           "| input | store | peak state cells | bound | cells / bound | bound formula |",
           "|---|---|---:|---:|---:|---|"]
    for c in sweep + a + b:
        if not c.runs:
            continue
        au = res["audit"].get(c.input, {})
        if "blocks" not in au:
            continue
        cells_ = c.stat("peak_state_cells")
        if c.store == "block":
            bound, formula = au["blocks"] * au["slots"] + au["slots"], "blocks × slots + slots"
        elif c.store == "live":
            bound, formula = au["sum_live_in"] + au["slots"], "Σ live-in + slots"
        else:
            bound, formula = au["stmts"] * au["slots"], "≈ statements × slots"
        r = ratio(cells_, bound)
        ok = (r <= 1.0) if c.store != "stmt" else (0.9 <= r <= 1.1)
        md.append(f"| {Path(c.input).stem} | {c.store} | {fmt_n(cells_)} | {bound:,} | {fmt_r(r)} {'✓' if ok else '✗'} "
                  f"| {formula} |")
    md.append("")

    md += ["## Parse-only throughput (fresh process, grammar built first)", "",
           "| input | statements | parse_text s | statements/s | build_program + cfg s | first parse in a process (grammar build) s |",
           "|---|---:|---:|---:|---:|---:|"]
    for name, d in res["parse_only"].items():
        if "error" in d:
            md.append(f"| {name} | – | error: {d['error'][:100]} | – | – |")
            continue
        n = d["stmts"]
        md.append(f"| {name} | {n:,} | {d['parse_s']:.3f} | {n / d['parse_s']:,.0f} | {fmt_s(d['build_s'])} "
                  f"| {fmt_s(d.get('first_parse_s', float('nan')))} |")
    md.append("")
    return "\n".join(md)


def pyplot():
    """matplotlib's pyplot with the file-only backend, or None (and a note) when it is not installed."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        log("matplotlib not installed: no plot (pip install '.[bench]')")
        return None
    return plt


def plot(res: dict, path: Path) -> bool:
    plt = pyplot()
    if plt is None:
        return False
    from matplotlib.ticker import FuncFormatter

    fig, (ax1, ax2, ax3) = plt.subplots(1, 3, figsize=(15, 4.4))
    for store, style in zip(STORES, ("o-", "s-", "^-")):
        cs = [c for c in res["sweep"] if c.store == store and c.runs]
        if not cs:
            continue
        xs = [c.stmts for c in cs]
        ax1.plot(xs, [c.wall for c in cs], style, label=store)
        ax2.plot(xs, [c.rss for c in cs], style, label=store)
        ax3.plot(xs, [c.stat("peak_state_cells") for c in cs], style, label=store)
    plain = FuncFormatter(lambda v, _: f"{v:,.0f}" if v >= 1 else f"{v:g}")
    for ax, title, unit in ((ax1, "end-to-end time", "seconds (median)"), (ax2, "peak RSS", "MB (median)"),
                            (ax3, "peak state cells", "cells")):
        ax.set_xscale("log")
        ax.set_yscale("log")
        ax.xaxis.set_major_formatter(plain)
        if ax is not ax3:
            ax.yaxis.set_major_formatter(plain)
            ax.yaxis.set_minor_formatter(FuncFormatter(lambda v, _: ""))
        ax.set_xlabel("statements")
        ax.set_ylabel(unit)
        ax.set_title(title)
        ax.grid(True, which="both", alpha=0.3)
        if ax.get_legend_handles_labels()[0]:
            ax.legend()
    cfg = res["config"]
    fig.suptitle(f"irc infer --state S: {cfg['slots']} locals, diamond every {cfg['diamond_every']} statements")
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return True


# ----------------------------------------------------------------- main


def git_commit() -> str:
    """HEAD, plus the modified files under irc/ when the working tree is dirty (they are what runs)."""
    try:
        head = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True, cwd=ROOT,
                              timeout=10).stdout.strip() or "?"
        dirty = subprocess.run(["git", "status", "--short", "--", "irc", "grammar"], capture_output=True, text=True,
                               cwd=ROOT, timeout=10).stdout.split("\n")
    except (OSError, subprocess.TimeoutExpired):
        return "?"
    files = [ln[3:] for ln in dirty if ln.strip()]
    return head + (f" + uncommitted changes in {', '.join(files)}" if files else "")


def plan_stmt_skips(sweep: list[Cell], cfg: Config) -> None:
    """Static part of the `stmt` skip rule: statements x slots above the cap."""
    for c in sweep:
        if c.store == "stmt" and c.stmts * (c.slots_arg + 5) > cfg.stmt_max_cells:
            c.skipped = (f"skipped: {c.stmts:,} × {c.slots_arg + 5:,} = {c.stmts * (c.slots_arg + 5):.2g} cells "
                         f"> cap {cfg.stmt_max_cells:.2g}")


def predict_skip(prev: Cell, nxt: Cell, cfg: Config) -> str:
    """Dynamic part: scale the previous size's RSS and time by the cell count."""
    if not prev.runs:
        return ""
    f = nxt.stmts / prev.stmts
    rss, wall = prev.rss * f, prev.wall * f
    if rss > mem_budget_mb(cfg):
        return f"skipped: predicted peak RSS {rss:,.0f} MB > budget {mem_budget_mb(cfg):,.0f} MB"
    if wall > cfg.run_budget_s:
        return f"skipped: predicted {wall:,.0f} s per run > budget {cfg.run_budget_s:.0f} s"
    return ""


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["--child"]:
        return api_child(argv[1], argv[2])
    if argv[:1] == ["--regex-child"]:
        return regex_child(argv[1])
    if argv[:1] == ["--parse-child"]:
        return parse_child(argv[1], int(argv[2]))
    ap = argparse.ArgumentParser(description="Benchmark irc's state stores (see bench/README.md).")
    ap.add_argument("--quick", action="store_true", help="small sizes, 2 runs (smoke test)")
    ap.add_argument("--runs", type=int, help="timed runs per cell (default 5)")
    ap.add_argument("--large-runs", type=int, help="timed runs for inputs of 100k statements or more")
    ap.add_argument("--sizes", help="comma-separated statement counts for the sweep")
    ap.add_argument("--mode", choices=("auto", "cli", "api"), default="auto",
                    help="cli: python -m irc infer --stats; api: irc.driver in a fresh process")
    ap.add_argument("--only", help="comma-separated parts to run: sweep,a,b,parse (default all)")
    ap.add_argument("--out", default=str(BENCH / "out"), help="output directory (default bench/out)")
    ap.add_argument("--docs", action="store_true", help="copy the plot to docs/perf.png")
    args = ap.parse_args(argv)

    cfg = QUICK if args.quick else Config()
    over = {}
    if args.runs:
        over["runs"] = args.runs
    if args.large_runs:
        over["large_runs"] = args.large_runs
    if args.sizes:
        over["sizes"] = tuple(int(s) for s in args.sizes.split(","))
    over["mode"] = args.mode
    cfg = Config(**{**asdict(cfg), **over})
    parts = set((args.only or "sweep,a,b,parse").split(","))
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)

    mode = detect_mode(cfg.mode)
    log(f"mode: {mode} ({'python -m irc infer --state S --stats' if mode == 'cli' else 'irc.driver via --child'})")

    paths: dict[str, Path] = {}

    def cells_for(n: int, slots: int, every: int, stores=STORES) -> list[Cell]:
        p = input_file(out, n, slots, every, cfg.seed)
        paths[str(p)] = p
        return [Cell(str(p), n, slots, every, s) for s in stores]

    sweep = [c for n in cfg.sizes for c in cells_for(n, cfg.slots, cfg.diamond_every)] if "sweep" in parts else []
    a = cells_for(*cfg.a_size) if "a" in parts else []
    b = [c for n in cfg.b_sizes for c in cells_for(n, cfg.slots, 0, ("block",))] if "b" in parts else []
    plan_stmt_skips(sweep, cfg)

    res: dict = {"quick": args.quick, "mode": mode, "commit": git_commit(), "config": asdict(cfg),
                 "machine": f"{platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}, "
                            f"{platform.system()} {platform.release()}",
                 "sweep": sweep, "a": a, "b": b, "regex": {}, "audit": {}, "parse_only": {}}
    t_start = time.perf_counter()
    res["startup_s"] = startup_cost(cfg.runs, mode)

    log("(a)")
    measure(a, paths, cfg, mode, out)
    log("(b)")
    rx_acc: dict[int, dict[str, list]] = {n: {} for n in cfg.b_sizes}

    def regex_round() -> None:  # timed between the rounds of irc runs: side by side
        for n in cfg.b_sizes:
            regex_once(input_file(out, n, cfg.slots, 0, cfg.seed), rx_acc[n])

    measure(b, paths, cfg, mode, out, between=regex_round if "b" in parts else None)
    for n in cfg.b_sizes if "b" in parts else ():
        if rx_acc[n]:
            res["regex"][str(n)] = regex_summary(rx_acc[n])
    log("sweep")
    for n in cfg.sizes if "sweep" in parts else ():
        cur = [c for c in sweep if c.stmts == n]
        prev_stmt = [c for c in sweep if c.store == "stmt" and c.stmts < n and c.runs]
        for c in cur:
            if c.store == "stmt" and not c.skipped and prev_stmt:
                c.skipped = predict_skip(prev_stmt[-1], c, cfg)
        measure(cur, paths, cfg, mode, out)

    log("audit (sum of live-in) and parse-only throughput")
    for p in sorted({c.input for c in sweep + a + b}):
        res["audit"][p] = audit(Path(p), cfg.timeout_s)
    if "parse" in parts:
        for n, every in ((cfg.b_sizes[0], 0), (cfg.b_sizes[0], cfg.diamond_every)):
            p = input_file(out, n, cfg.slots, every, cfg.seed)
            d = parse_throughput(p, cfg.runs, cfg.timeout_s)
            d["stmts"] = n
            res["parse_only"][p.stem] = d

    groups: dict[str, set[str]] = {}
    for c in sweep + a + b:
        if c.digest:
            groups.setdefault(c.input, set()).add(c.digest)
    res["identical_output"] = {Path(k).stem: len(v) == 1 for k, v in groups.items()}
    res["total_s"] = time.perf_counter() - t_start
    res["harness_rss_mb"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024.0

    md = report(res, cfg)
    print(md)
    (out / "results.md").write_text(md + "\n", encoding="utf-8")
    serial = dict(res)
    for key in ("sweep", "a", "b"):
        serial[key] = [dict(asdict(c), median_wall=c.wall, median_rss_mb=c.rss,
                            median_phases={p: c.phase(p) for p in PHASES}) for c in res[key]]
    (out / "results.json").write_text(json.dumps(serial, indent=1, default=str) + "\n", encoding="utf-8")
    png = out / "perf.png"
    if plot(res, png) and args.docs:
        shutil.copyfile(png, ROOT / "docs" / "perf.png")
    log(f"wrote {out / 'results.md'}, {out / 'results.json'}, {png} in {res['total_s']:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
