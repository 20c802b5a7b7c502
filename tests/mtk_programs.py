"""Small ModelingToolkit-like programs from the benchmark generator
(bench/gen_mtk.py), for tests of the paths built for that scale."""
from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _gen_mtk():
    mod = sys.modules.get("gen_mtk_programs")
    if mod is None:
        spec = importlib.util.spec_from_file_location("gen_mtk_programs", ROOT / "bench" / "gen_mtk.py")
        mod = importlib.util.module_from_spec(spec)
        sys.modules["gen_mtk_programs"] = mod
        spec.loader.exec_module(mod)
    return mod


def mtk_text(stmts: int, diamond_every: int, seed: int) -> str:
    """A generated function: `stmts` statements, locals read throughout
    (`--window 0 --loaded 0.8`, as W1/W2), a diamond every `diamond_every`."""
    g = _gen_mtk()
    return g.generate(g.GenParams(stmts=stmts, slots=max(stmts // 50, 10), diamond_every=diamond_every, seed=seed,
                                  window=0, loaded=0.8)).text
