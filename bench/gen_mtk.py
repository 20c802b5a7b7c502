"""Deterministic generator of ModelingToolkit-like functions in irc's plain input form.

Why: the machine-generated right-hand sides that MTK emits (tens to hundreds of
thousands of statements, thousands of named locals, few branches) are the
workload irc's state stores are built for.  This module writes such a function
as Julia prints lowered IR, so the benchmark feeds irc what Julia would.

Shape of the output (``function f(du, u, p, t) … end``, spec §1.3 plain form):

* **Loads** at the top: ``%k = Base.getindex(u, i)`` then ``x12 = %k`` for the
  state locals (about S/10), then the same from ``p`` for parameters (S/20).
* **Chains**: ``%k = x3 * x40``, ``%k+1 = %k - 0.5``, … the last operation
  going straight into a slot assignment (``x57 = %k+1 + x9``, as lowering
  does) or into ``Base.setindex!(du, %k+1, i)``.  Operands are a state or
  parameter local (30 %), a recently assigned local (a window of 64, so slot
  liveness is partial), ``t`` or a float literal.  Each of the S named locals
  is first assigned once, the first assignments spread evenly over the body;
  some chains reassign an existing local.
* **Diamonds** every K statements (K = 0: straight line):
  ``%c = Base.:<(xa, xb)``, ``goto #E if not %c``, a then-block assigning
  m ∈ {1,2,3} locals and jumping to the join, an else-block assigning the same
  locals, and the join block (printed ``┄``: two predecessors).
* ``return nothing`` is the last statement.

Invariants (checked by tests/robustness/test_bench_generator.py):

* exactly ``stmts`` statements; ``%N`` labels equal statement indices and are
  printed only on statements whose value is used (as Julia prints CodeInfo);
* exactly ``slots`` named locals ``x1 … xS``, each assigned before it is read
  on every path (no maybe-undefined reads);
* every block starts with its header ``B ─`` (``B ┄`` for joins), numbered in
  text order; the last line of a multi-line block carries ``└──``;
* the same arguments give byte-identical text (``random.Random(seed)``, no
  other source of randomness).

CLI: ``python bench/gen_mtk.py --stmts 100000 --slots 2000 --diamond-every 100
--seed 1 -o f.ir``.
"""
from __future__ import annotations

import argparse
import random
import sys
from dataclasses import dataclass, field
from pathlib import Path

HEADER = "function {name}(du::Vector{{Float64}}, u::Vector{{Float64}}, p::Vector{{Float64}}, t::Float64)"
ARGUMENTS = ("du", "u", "p", "t")
RECENT_WINDOW = 64
OPS = ("*", "+", "-")
LITERALS = ("0.5", "2.0", "1.5", "0.25", "3.0")


@dataclass(frozen=True, slots=True)
class GenParams:
    """What to generate.  ``diamond_every = 0`` means straight-line code."""

    stmts: int
    slots: int
    diamond_every: int = 100
    seed: int = 1
    chain: int = 6  # mean number of operations per chain
    name: str = "f"
    window: int = RECENT_WINDOW  # operands come from the last `window` assigned locals (0: all of them)
    loaded: float = 0.0  # fraction of the locals loaded from u and p at the top (0: 10 % states, 5 % params)


@dataclass(slots=True)
class _Line:
    code: str
    label: bool = False  # prints `%i = ` (its value is used)
    starts_block: bool = False
    join: bool = False  # block header printed `┄`


@dataclass(slots=True)
class Generated:
    """The generated function: its text and the facts the generator knows."""

    params: GenParams
    text: str
    n_stmts: int
    n_blocks: int
    n_diamonds: int
    locals: list[str]
    block_starts: list[int] = field(default_factory=list)  # 1-based first statement of each block

    @property
    def n_slots(self) -> int:
        """Slots as irc numbers them: #self#, the four arguments, the locals."""
        return 1 + len(ARGUMENTS) + len(self.locals)


class _Builder:
    def __init__(self, params: GenParams) -> None:
        self.p = params
        self.rng = random.Random(params.seed)
        self.lines: list[_Line] = []
        self.defined: list[str] = []  # locals assigned so far, in order
        self.long_lived: list[str] = []  # states and parameters
        self.n_blocks = 1
        self.n_diamonds = 0

    # -- emission -------------------------------------------------------
    @property
    def pos(self) -> int:
        """Index the next statement will get (1-based)."""
        return len(self.lines) + 1

    def value(self, expr: str) -> str:
        self.lines.append(_Line(expr, label=True))
        return f"%{len(self.lines)}"

    def assign(self, slot: str, expr: str) -> None:
        self.lines.append(_Line(f"{slot} = {expr}"))

    def effect(self, expr: str) -> None:
        self.lines.append(_Line(expr))

    # -- operands ---------------------------------------------------------
    def operand(self) -> str:
        r = self.rng.random()
        if r < 0.30 and self.long_lived:
            return self.rng.choice(self.long_lived)
        if r < 0.34:
            return "t"
        if r < 0.40:
            return self.rng.choice(LITERALS)
        return self.recent()

    def recent(self) -> str:
        """A local from the window of recently assigned ones (all assigned ones with window 0)."""
        w = self.p.window
        return self.rng.choice(self.defined[-w:] if w else self.defined)

    def local_operand(self) -> str:
        """A defined local (never a literal, so no call folds to a constant)."""
        if self.rng.random() < 0.5 and self.long_lived:
            return self.rng.choice(self.long_lived)
        return self.recent()

    def binop(self, a: str, b: str) -> str:
        op = self.rng.choice(OPS)
        if self.rng.random() < 0.1:
            return f"Base.:{op}({a}, {b})"
        return f"{a} {op} {b}"

    def chain(self, n_ops: int) -> str:
        """Emit n_ops - 1 value statements; return the last operation's expression."""
        acc = self.local_operand()
        for _ in range(n_ops - 1):
            acc = self.value(self.binop(acc, self.operand()))
        return self.binop(acc, self.operand())


def _local_name(i: int) -> str:
    return f"x{i}"


def loaded_counts(params: GenParams) -> tuple[int, int]:
    """(states, parameters) loaded into named locals at the top."""
    s = params.slots
    if params.loaded > 0:
        n = max(1, min(s, round(s * params.loaded)))
        n_states = max(1, (2 * n) // 3)
        return n_states, n - n_states
    n_states = max(1, s // 10)
    return n_states, min(s - n_states, max(0, s // 20))


def generate(params: GenParams) -> Generated:
    """Build the function described by ``params`` (deterministic in ``params``)."""
    n, s = params.stmts, params.slots
    if s < 1:
        raise ValueError("--slots must be at least 1")
    n_states, n_params = loaded_counts(params)
    n_loaded = n_states + n_params
    minimum = 2 * n_loaded + (s - n_loaded) + 1
    if n < minimum:
        raise ValueError(f"{s} locals need at least {minimum} statements (got --stmts {n})")
    if params.diamond_every < 0:
        raise ValueError("--diamond-every must be >= 0")
    if params.window < 0 or not 0 <= params.loaded <= 1:
        raise ValueError("--window must be >= 0 and --loaded in [0, 1]")

    b = _Builder(params)
    rng = b.rng
    starts: dict[int, bool] = {1: False}  # statement index -> is join
    body_end = n - 1  # the last statement is `return nothing`
    next_local = 1

    def fresh() -> str:
        nonlocal next_local
        name = _local_name(next_local)
        next_local += 1
        return name

    # Loads of states and parameters.
    for i in range(n_loaded):
        src, idx = ("u", i + 1) if i < n_states else ("p", i - n_states + 1)
        k = b.value(f"Base.getindex({src}, {idx})")
        name = fresh()
        b.assign(name, k)
        b.defined.append(name)
        b.long_lived.append(name)

    # The body: chains, stores, reassignments and diamonds.
    to_assign = s - n_loaded
    span_start = b.pos
    span = max(1, int((body_end - span_start) * 0.9))
    next_diamond = params.diamond_every if params.diamond_every else None
    if next_diamond is not None:
        while next_diamond < b.pos:
            next_diamond += params.diamond_every
    store_index = 0

    while b.pos <= body_end:
        remaining = body_end - b.pos + 1
        pending = s - next_local + 1  # locals still to assign (1 statement each, minimum)
        slack = remaining - pending
        # A diamond when its statement position has come.
        if next_diamond is not None and b.pos >= next_diamond:
            m = rng.randint(1, 3)
            size = 2 * m + 3
            with_fresh = bool(pending) and remaining - size >= pending - 1
            if with_fresh or remaining - size >= pending:
                # A fresh local is first assigned on both sides: defined after the join.
                targets = [fresh()] if with_fresh else []
                m = min(m, len(targets) + len(set(b.defined)))
                while len(targets) < m:
                    cand = b.local_operand()
                    if cand not in targets:
                        targets.append(cand)
                start_block = b.n_blocks
                then_b, else_b, join_b = start_block + 1, start_block + 2, start_block + 3
                c = b.value(f"Base.:<({b.local_operand()}, {b.local_operand()})")
                b.effect(f"goto #{else_b} if not {c}")
                starts[b.pos] = False
                for t in targets:
                    b.assign(t, b.binop(b.local_operand(), b.operand()))
                b.effect(f"goto #{join_b}")
                starts[b.pos] = False
                for t in targets:
                    b.assign(t, b.binop(b.local_operand(), b.operand()))
                starts[b.pos] = True
                b.n_blocks += 3
                b.n_diamonds += 1
                for t in targets:
                    if t not in b.defined:
                        b.defined.append(t)
                next_diamond += params.diamond_every
                continue
            next_diamond += params.diamond_every  # no room: skip this one
        limit = remaining
        if next_diamond is not None:
            limit = min(limit, max(1, next_diamond - b.pos))
        due = pending and (b.pos - span_start) * (s - n_loaded) >= (s - n_loaded - pending) * span
        if pending and (due or slack <= 0):
            # Chains no longer than the statements left per pending local allow.
            upper = max(1, min(2 * params.chain - 1, 2 * (remaining // pending) - 2))
            n_ops = min(rng.randint(1, upper), max(1, slack + 1), limit)
            expr = b.chain(n_ops)
            name = fresh()
            b.assign(name, expr)
            b.defined.append(name)
            continue
        budget = min(slack, limit)
        if budget <= 1:
            # One statement: store a local into du.
            store_index += 1
            b.effect(f"Base.setindex!(du, {b.local_operand()}, {(store_index - 1) % n_states + 1})")
            continue
        if rng.random() < 0.2:
            n_ops = min(rng.randint(1, 2 * params.chain - 1), budget)
            b.assign(b.local_operand(), b.chain(n_ops))
            continue
        n_ops = min(rng.randint(1, 2 * params.chain - 1), budget - 1)
        v = b.value(b.chain(n_ops))
        store_index += 1
        b.effect(f"Base.setindex!(du, {v}, {(store_index - 1) % n_states + 1})")

    b.effect("return nothing")
    assert len(b.lines) == n, (len(b.lines), n)
    assert next_local == s + 1, (next_local, s)
    for i, join in starts.items():
        b.lines[i - 1].starts_block = True
        b.lines[i - 1].join = join
    text = _render(params, b.lines)
    return Generated(
        params=params,
        text=text,
        n_stmts=n,
        n_blocks=len(starts),
        n_diamonds=b.n_diamonds,
        locals=[_local_name(i) for i in range(1, s + 1)],
        block_starts=sorted(starts),
    )


def _render(params: GenParams, lines: list[_Line]) -> str:
    """Julia's CodeInfo layout: block rails, a `%N = ` column padded to the widest label."""
    n_blocks = sum(1 for ln in lines if ln.starts_block)
    w = len(str(n_blocks))
    labels = [i for i, ln in enumerate(lines, 1) if ln.label]
    lw = len(f"%{max(labels)}") if labels else 0
    middle = "│" + " " * (w + 2)
    last = "└" + "─" * (w + 1) + " "
    blank = " " * (lw + 3) if lw else ""
    out = [
        f"# generated by bench/gen_mtk.py --stmts {params.stmts} --slots {params.slots} "
        f"--diamond-every {params.diamond_every} --seed {params.seed} --chain {params.chain}"
        + (f" --window {params.window}" if params.window != RECENT_WINDOW else "")
        + (f" --loaded {params.loaded:g}" if params.loaded else ""),
        HEADER.format(name=params.name),
    ]
    block = 0
    for i, ln in enumerate(lines, 1):
        if ln.starts_block:
            block += 1
            rail = f"{block:>{w}} {'┄' if ln.join else '─'} "
        elif i == len(lines) or lines[i].starts_block:
            rail = last
        else:
            rail = middle
        col = f"%{i}".ljust(lw) + " = " if ln.label else blank
        out.append(f"{rail}{col}{ln.code}")
    out.append("end")
    return "\n".join(out) + "\n"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--stmts", type=int, default=10_000, help="number of statements")
    ap.add_argument("--slots", type=int, default=2_000, help="number of named locals")
    ap.add_argument("--diamond-every", type=int, default=100, help="a diamond every K statements (0: none)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--chain", type=int, default=6, help="mean operations per arithmetic chain")
    ap.add_argument("--name", default="f", help="function name")
    ap.add_argument("--window", type=int, default=RECENT_WINDOW,
                    help="operands from the last W assigned locals (0: from all of them: read throughout)")
    ap.add_argument("--loaded", type=float, default=0.0,
                    help="fraction of the locals loaded from u and p at the top (0: 10%% states, 5%% parameters)")
    ap.add_argument("-o", "--output", help="output file (default: stdout)")
    args = ap.parse_args(argv)
    try:
        g = generate(GenParams(args.stmts, args.slots, args.diamond_every, args.seed, args.chain, args.name,
                               args.window, args.loaded))
    except ValueError as e:
        print(f"gen_mtk: error: {e}", file=sys.stderr)
        return 2
    if args.output:
        Path(args.output).write_text(g.text, encoding="utf-8")
    else:
        sys.stdout.write(g.text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
