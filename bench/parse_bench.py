"""Parse throughput on a machine-generated (ModelingToolkit-like) function.

Generates, in memory, one straight-line function of N statements (default
100,000) in the plain header form -- `%k = Base.getindex(u, i)`, arithmetic
chains into local slots `x_j = %a * %b + c`, calls on earlier SSA values --
then times parse-only work (`parse_text` + `build_program`, the CFG included)
and prints the median of 5 runs as statements per second.

Usage: python bench/parse_bench.py [N] [--runs R]
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from irc.build import build_program  # noqa: E402
from irc.parser import parse_text  # noqa: E402


def generate(n: int) -> str:
    """A plain-form function with exactly n statements (the last is the return)."""
    out = ["function mtk_rhs(du::Vector{Float64}, u::Vector{Float64}, p::Vector{Float64}, t::Float64)", "1 ─"[:0]]
    out.pop()
    lines = []
    k = 0
    nslots = 0
    while k < n - 1:
        k += 1
        m = k % 5
        if m == 1 or k < 3:
            lines.append(f"%{k} = Base.getindex(u, {k % 97 + 1})")
        elif m == 2:
            lines.append(f"%{k} = Base.getindex(p, {k % 13 + 1})")
        elif m == 3:
            nslots += 1
            lines.append(f"x_{nslots} = %{k - 2} * %{k - 1} + t")
        elif m == 4:
            lines.append(f"%{k} = Main.sin(x_{nslots})")
        else:
            lines.append(f"Base.setindex!(du, %{k - 1} * 2.0 - x_{nslots}, {k % 97 + 1})")
    lines.append("return du")
    body = ["1 ─ " + lines[0]] + ["│   " + ln for ln in lines[1:-1]] + ["└── " + lines[-1]]
    return "\n".join(out + body + ["end", ""])


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("n", nargs="?", type=int, default=100_000)
    ap.add_argument("--runs", type=int, default=5)
    args = ap.parse_args(argv)
    text = generate(args.n)
    times = []
    for _ in range(args.runs):
        t0 = time.perf_counter()
        program = build_program(parse_text(text, "<bench>"))
        times.append(time.perf_counter() - t0)
    fn = program.functions[0]
    assert len(fn.stmts) == args.n, len(fn.stmts)
    med = statistics.median(times)
    print(f"statements: {len(fn.stmts)}  slots: {len(fn.slots)}  blocks: {len(fn.blocks)}")
    print(f"parse+build median of {args.runs}: {med:.3f} s  ->  {len(fn.stmts) / med:,.0f} statements/s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
