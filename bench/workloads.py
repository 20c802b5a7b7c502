"""The benchmark workloads and their input files, generated once by bench/gen_mtk.py.

`generate_file(path, stmts, slots, every, seed, extra)` writes one MTK-like
function (`bench/gen_mtk.py`'s text: `--stmts`, `--slots`,
`--diamond-every`, `--seed`, then `extra` generator arguments) in a child
process: a child's `ru_maxrss` on Linux is at least its parent's peak at
fork, so the harness must not grow by building a million-statement text
(`bench/timing.py`).

`input_file(out, …)` is that file under `out/inputs/`, named by every
parameter (or `stem`), reused while the generator's source is unchanged (a
`.gen` stamp holds its hash; a changed generator regenerates).

`Workload` and `WORKLOADS` are the MTK-scale workloads of issue 13
(docs/performance.md): **W1** straight line, 1,000,000 statements, 20,000
locals, 80 % loaded at the top, operands from all assigned locals; **W2**
the same with a diamond every 1,000 statements; **S100**, **S200** the
first round's straight lines (operands from a window of 64).  `Workload.at(K)`
divides the statements and locals of the scaled ones by K;
`workload_file(out, w)` is its input file.

Invariant: the same parameters give the same file (the generator is
deterministic in them), so a reused file equals a regenerated one.
"""
from __future__ import annotations

import hashlib
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

BENCH = Path(__file__).resolve().parent
GENERATOR = BENCH / "gen_mtk.py"


def generate_file(path: Path, stmts: int, slots: int, every: int, seed: int = 1, extra: tuple[str, ...] = ()) -> None:
    """Write the function to `path`, generated in a child process (see the module doc)."""
    subprocess.run([sys.executable, str(GENERATOR), "--stmts", str(stmts), "--slots", str(slots),
                    "--diamond-every", str(every), "--seed", str(seed), *extra, "-o", str(path)], check=True)


def input_file(out: Path, stmts: int, slots: int, every: int, seed: int, extra: tuple[str, ...] = (),
               stem: str = "") -> Path:
    """Generate (or reuse) the input; the name carries every parameter (`stem` when given, for
    `extra` generator arguments)."""
    path = out / "inputs" / f"{stem or f'mtk_n{stmts}_s{slots}_k{every}_seed{seed}'}.ir"
    stamp = path.with_suffix(".gen")  # the generator's source hash: regenerate when it changed
    version = hashlib.sha256(GENERATOR.read_bytes()).hexdigest()[:16]
    if not path.exists() or not stamp.exists() or stamp.read_text() != version:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(".tmp")
        generate_file(tmp, stmts, slots, every, seed, extra)
        tmp.replace(path)
        stamp.write_text(version)
    return path


@dataclass(frozen=True, slots=True)
class Workload:
    name: str
    stmts: int
    slots: int
    every: int
    window: int = 64
    loaded: float = 0.0
    scaled: bool = True  # divided by --scale

    def at(self, scale: int) -> "Workload":
        if not self.scaled or scale == 1:
            return self
        return Workload(self.name, self.stmts // scale, self.slots // scale, self.every, self.window, self.loaded,
                        self.scaled)

    @property
    def stem(self) -> str:
        return f"{self.name}_n{self.stmts}_s{self.slots}_k{self.every}_w{self.window}_l{self.loaded:g}"


WORKLOADS = (
    Workload("W1", 1_000_000, 20_000, 0, window=0, loaded=0.8),
    Workload("W2", 1_000_000, 20_000, 1_000, window=0, loaded=0.8),
    Workload("S100", 100_000, 2_000, 0, scaled=False),
    Workload("S200", 200_000, 2_000, 0, scaled=False),
)


def workload_file(out: Path, w: Workload) -> Path:
    """The input file of workload `w` (generated once, see `input_file`)."""
    return input_file(out, w.stmts, w.slots, w.every, 1, ("--window", str(w.window), "--loaded", str(w.loaded)),
                      w.stem)
