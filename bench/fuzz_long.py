"""Long-running mutation fuzzer: tests/robustness/test_fuzz.py's loop, for N minutes.

Each case takes a seed program (a sample under samples/, or a freshly
generated valid program from tests/strategies.py, rich or oracle-safe mode,
1 in 4 with deeper nesting, 3 in 10 replaced by irc's own `infer` output
for it: the @code_warntype form with entry comments and dead statements),
applies 1-4 random mutations
(`strategies.mutate`), and runs parse -> build -> infer -> print in-process
under a per-case time limit; every 50th case also goes through the CLI in a
subprocess (exit 0/1, no traceback, located error on exit 1).  Unmutated
generated programs are run too (they must be accepted: "rejected" counts
valid programs irc refused).

Outcome counts are printed every minute and at the end; every bug (a
traceback, an unlocated or internal error, a time-out, a CLI crash, a
rejected valid program) is saved to --out with its mutation history,
deduplicated by the first line of its error.  Stops by itself after
--minutes.  Every 100 cases a known-good program is checked first; while it
fails (the shared working tree is mid-edit) the fuzzer waits (`paused_s`).

Usage: `nohup python bench/fuzz_long.py --minutes 25 --out /tmp/irc-fuzz > fuzz.log 2>&1 &`

`--atheris` runs a coverage-guided libFuzzer loop instead (atheris is not a
project dependency: `pip install --target /tmp/athlib atheris` and
`PYTHONPATH=/tmp/athlib`); seeds are the samples and generated programs,
the property is the same (`strategies.classify` never reports a bug).
"""
from __future__ import annotations

import argparse
import collections
import random
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT))
import strategies as G  # noqa: E402

LOCATED = re.compile(r"^[^\n]*:\d+:\d+: error: \S", re.M)


def cli_check(data: bytes, tmp: Path) -> str | None:
    p = tmp / "case.ir"
    p.write_bytes(data)
    try:
        r = subprocess.run([sys.executable, "-m", "irc", "infer", str(p)], capture_output=True, timeout=120, cwd=ROOT)
    except subprocess.TimeoutExpired:
        return "CLI timeout"
    err = r.stderr.decode("utf-8", "replace")
    if "Traceback" in err or "Traceback" in r.stdout.decode("utf-8", "replace"):
        return "CLI traceback: " + err.strip().splitlines()[-1][:200]
    if r.returncode not in (0, 1):
        return f"CLI exit {r.returncode}: {err[-200:]}"
    if r.returncode == 1 and not LOCATED.search(err):
        return f"CLI exit 1 without a located error: {err[:200]!r}"
    return None


def run_atheris(minutes: float, out: Path, per_case: float) -> int:
    import atheris  # noqa: PLC0415 - optional, not a project dependency

    with atheris.instrument_imports():
        import irc.build  # noqa: F401
        import irc.cfg  # noqa: F401
        import irc.infer  # noqa: F401
        import irc.syntax.parser  # noqa: F401
        import irc.output.text  # noqa: F401
        import irc.world  # noqa: F401
    corpus = out / "atheris_corpus"
    corpus.mkdir(parents=True, exist_ok=True)
    for p in sorted((ROOT / "samples").glob("*.ir")):
        (corpus / p.name).write_bytes(p.read_bytes())
    for i in range(50):
        (corpus / f"gen{i}.ir").write_text(G.render(G.random_model(i, oracle_safe=bool(i % 2))), encoding="utf-8")

    def one(data: bytes) -> None:
        text = data.decode("utf-8", errors="replace")
        kind, detail = G.classify(text, "fuzz.ir", per_case)
        if kind == "bug":
            raise AssertionError(detail)

    atheris.Setup([sys.argv[0], f"-max_total_time={int(minutes * 60)}", f"-artifact_prefix={out}/",
                   "-rss_limit_mb=4096", str(corpus)], one)
    atheris.Fuzz()
    return 0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--minutes", type=float, default=20.0)
    ap.add_argument("--seed", type=int, default=int(time.time()))
    ap.add_argument("--out", default="/tmp/irc-fuzz", help="directory for bug reproducers")
    ap.add_argument("--per-case", type=float, default=20.0, help="seconds per case before it counts as a hang")
    ap.add_argument("--atheris", action="store_true", help="coverage-guided (needs atheris on the path)")
    args = ap.parse_args(argv)
    rnd = random.Random(args.seed)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    if args.atheris:
        return run_atheris(args.minutes, out, args.per_case)
    samples = [(p.name, p.read_text(encoding="utf-8")) for p in sorted((ROOT / "samples").glob("*.ir"))]
    counts: collections.Counter = collections.Counter()
    seen: dict[str, int] = {}
    deadline = time.monotonic() + args.minutes * 60
    next_report = time.monotonic() + 60
    t_start = time.monotonic()
    print(f"fuzz_long: seed {args.seed}, {len(samples)} samples, {args.minutes} min, bugs -> {out}", flush=True)
    with tempfile.TemporaryDirectory() as td:
        tmp = Path(td)
        n = 0
        sentinel = G.render(G.random_model(7))
        while time.monotonic() < deadline:
            if n % 100 == 0:
                # The working tree is shared with people editing irc: if a known-good program
                # stops passing, the tree is mid-edit -- wait instead of counting garbage.
                while time.monotonic() < deadline and G.classify(sentinel, "sentinel.ir", args.per_case)[0] != "ok":
                    counts["paused_s"] += 10
                    time.sleep(10)
            n += 1
            if samples and rnd.random() < 0.5:
                name, seed_text = rnd.choice(samples)
            else:
                gseed = rnd.randrange(1 << 30)
                deep = rnd.random() < 0.25
                m = G.gen_model(G.RandomChooser(random.Random(gseed)), oracle_safe=rnd.random() < 0.3,
                                depth=4 if deep else 3, budget=60 if deep else 30)
                name, seed_text = f"gen{gseed}", G.render(m)
                if rnd.random() < 0.3:  # irc's own output: warntype form, entry comments, dead statements
                    try:
                        seed_text = G.with_time_limit(args.per_case, G.infer_text, seed_text, "gen.ir")
                        name += "-inferred"
                    except Exception as e:  # noqa: BLE001
                        counts["valid:bug"] += 1
                        (out / f"infer_failed_{n}.ir").write_text(f"# {e!r}\n{seed_text}", encoding="utf-8")
                        continue
                if rnd.random() < 0.1:  # the valid program itself
                    kind, detail = G.classify(seed_text, "fuzz.ir", args.per_case)
                    counts["valid:" + kind] += 1
                    if kind != "ok":
                        key = "rejected: " + detail.splitlines()[0][:120] if detail else kind
                        if key not in seen:
                            seen[key] = n
                            (out / f"rejected_{n}.ir").write_text(f"# {kind}: {detail}\n{seed_text}", encoding="utf-8")
                    continue
            mutant, descs = G.mutants(seed_text, rnd, rnd.randint(1, 4))
            kind, detail = G.classify(mutant, "fuzz.ir", args.per_case)
            counts[kind] += 1
            if kind == "bug":
                first = detail.splitlines()[0][:160] if detail else "?"
                key = re.sub(r"\d+", "N", first)
                counts["bug:" + key] += 1
                if key not in seen:
                    seen[key] = n
                    header = f"# from {name}: {'; '.join(descs)}\n# {detail.replace(chr(10), chr(10) + '# ')}\n"
                    (out / f"bug_{n}.ir").write_text(header + mutant, encoding="utf-8")
            if n % 50 == 0:
                problem = cli_check(mutant.encode("utf-8", "surrogatepass"), tmp)
                counts["cli_runs"] += 1
                if problem:
                    counts["cli_bug"] += 1
                    key = "cli: " + re.sub(r"\d+", "N", problem[:120])
                    if key not in seen:
                        seen[key] = n
                        (out / f"cli_bug_{n}.ir").write_text(f"# {problem}\n" + mutant, encoding="utf-8")
            if time.monotonic() >= next_report:
                next_report += 60
                el = time.monotonic() - t_start
                print(f"[{el / 60:5.1f} min] cases {n}: ok {counts['ok']}, error {counts['error']}, "
                      f"bug {counts['bug']}, cli {counts['cli_runs']} ({counts['cli_bug']} bad), "
                      f"valid ok {counts['valid:ok']}, distinct bugs {len(seen)}", flush=True)
    el = time.monotonic() - t_start
    print(f"\nfuzz_long finished: {n} cases in {el / 60:.1f} min ({n / el:.1f}/s)")
    for k, v in sorted(counts.items()):
        print(f"  {k}: {v}")
    print(f"distinct bugs: {len(seen)} (reproducers in {out})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
