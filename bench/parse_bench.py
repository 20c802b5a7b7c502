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

from irc.ir.build import build_program  # noqa: E402
from irc.syntax.parser import parse_text  # noqa: E402


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
    parse_text("", "<warm-up>")  # build the Lark tables outside the timing
    walls, cpus, parse_cpu = [], [], []
    program = None
    for _ in range(args.runs):
        program = None  # free the previous run's trees outside the timing
        w0, c0 = time.perf_counter(), time.process_time()
        source = parse_text(text, "<bench>")
        c1 = time.process_time()
        program = build_program(source)
        walls.append(time.perf_counter() - w0)
        cpus.append(time.process_time() - c0)
        parse_cpu.append(c1 - c0)
    fn = program.functions[0]
    assert len(fn.stmts) == args.n, len(fn.stmts)
    wall, cpu, pcpu = statistics.median(walls), statistics.median(cpus), statistics.median(parse_cpu)
    n = len(fn.stmts)
    print(f"statements: {n}  slots: {len(fn.slots)}  blocks: {len(fn.blocks)}")
    print(f"parse+build median of {args.runs}: wall {wall:.3f} s -> {n / wall:,.0f} statements/s; "
          f"CPU {cpu:.3f} s -> {n / cpu:,.0f} statements/s (parse alone {n / pcpu:,.0f}/s CPU)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
