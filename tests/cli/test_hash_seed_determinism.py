"""Union splitting, splatting and union printing visit union members in
Julia's sorted order, never in hash order: `irc infer` prints the same bytes
whatever `PYTHONHASHSEED` (Python's string hashes) and whatever the addresses
the interpreter hands out (which `TypeName` identity hashes depend on)."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = ["union_split_cost.ir", "union_split_limit.ir", "apply_iterate_splat.ir", "singleton_union_order.ir"]


def _infer(seed: str, fmt: str) -> str:
    env = dict(os.environ, PYTHONHASHSEED=seed, IRC_CACHE_DIR="")  # no prelude pickle: every run parses alike
    proc = subprocess.run(
        [sys.executable, "-m", "irc", "infer", "--format", fmt, *(f"samples/{s}" for s in SAMPLES)],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=300,
    )
    assert proc.returncode in (0, 1), proc.stderr[:2000]
    return proc.stdout + proc.stderr


@pytest.mark.parametrize("fmt", ["text", "json"])
def test_output_does_not_depend_on_the_hash_seed(fmt):
    a, b = _infer("1", fmt), _infer("4242", fmt)
    assert "Union{Float64, Int64, String}" in a if fmt == "text" else '"return_type"' in a
    assert a == b
