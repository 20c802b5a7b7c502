"""`irc infer --stats`: the run's figures as a report a person reads.

    stats (--state block): 1 file, 1 function
      17 statements, 4 blocks, 5 slots, 5 blocks visited, 25 peak state cells, 520 B of state
      time: parse 69.7 ms, cfg 412 µs, infer 69.1 ms (liveness 161 µs, engine 3.48 ms, flags 131 µs), print 1.01 ms

Algorithm: counts get thousands separators (`format_count`); sizes in bytes
(keys ending in `_bytes`) get the binary unit (B, KiB, MiB, GiB, TiB) that
puts them below 1000 (`format_size`); durations (the phase timings, and keys `seconds_NAME`, the
parts of the infer phase measured per function) get the unit that puts them
between 1 and 1000, µs, ms or s, and minutes past 60 s (`format_duration`).
Numbers in a unit keep three significant digits, trailing zeros dropped
(`1.5 ms`, `2.31 s`, `412 KiB`), so the report keeps every figure the run
measured, to the precision that means something for one run.

The `infer` phase includes building the world (reading the preludes); the
figures in parentheses after it are the per-function parts (liveness, the
engine's fixpoint, flags), summed over all functions.

Invariants: pure functions of their arguments; every numeric key of
`stats` appears in the report; a figure never prints in exponent notation.
"""
from __future__ import annotations

_COUNT_LABELS = (
    ("statements", "statements"), ("blocks", "blocks"), ("slots", "slots"),
    ("blocks_visited", "blocks visited"), ("peak_state_cells", "peak state cells"),
)
_SIZE_LABELS = (("state_bytes", "of state"),)
PHASES = ("parse", "cfg", "infer", "print")
_INFER_PARTS = ("liveness", "engine", "flags")  # `seconds_NAME` keys, in pipeline order


def _three(x: float) -> str:
    """`x` (>= 0) with three significant digits, trailing zeros dropped, never an exponent."""
    if x >= 99.95:
        return f"{x:.0f}"
    text = f"{x:.1f}" if x >= 9.995 else f"{x:.2f}"
    return text.rstrip("0").rstrip(".")


def format_count(n: float) -> str:
    """`1080` -> `1,080`; a non-integral count keeps three significant digits."""
    if isinstance(n, int) or float(n).is_integer():
        return f"{int(n):,}"
    return _three(n) if abs(n) < 1000 else f"{round(n):,}"


def format_size(nbytes: float) -> str:
    """`520` -> `520 B`, `421_888` -> `412 KiB`, `1_572_864` -> `1.5 MiB`."""
    if nbytes < 999.5:
        return f"{nbytes:.0f} B"
    value = float(nbytes)
    for unit in ("KiB", "MiB", "GiB", "TiB"):
        value /= 1024
        if value < 999.5 or unit == "TiB":
            return f"{_three(value)} {unit}"
    raise AssertionError("unreachable")  # pragma: no cover


def format_duration(seconds: float) -> str:
    """`0.00148` -> `1.48 ms`, `2.3111` -> `2.31 s`, `125.4` -> `2 min 05 s`."""
    if seconds <= 0:
        return "0 s"
    if seconds < 0.0009995:
        return f"{_three(seconds * 1e6)} µs"
    if seconds < 0.9995:
        return f"{_three(seconds * 1e3)} ms"
    if seconds < 59.95:
        return f"{_three(seconds)} s"
    minutes, secs = divmod(round(seconds), 60)
    return f"{minutes} min {secs:02d} s"


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'s' if n != 1 else ''}"


def format_stats(store: str, files: int, functions: int, stats: dict, timings: dict) -> str:
    """The `--stats` report for the whole run (see the module doc): `stats`
    holds the summed per-function figures, `timings` seconds per phase."""
    parts = [f"{format_count(stats[k])} {label}" for k, label in _COUNT_LABELS if k in stats]
    parts += [f"{format_size(stats[k])} {label}" for k, label in _SIZE_LABELS if k in stats]
    known = {k for k, _ in _COUNT_LABELS + _SIZE_LABELS}
    infer_parts = [p for p in _INFER_PARTS if f"seconds_{p}" in stats]
    infer_parts += sorted(k[len("seconds_"):] for k in stats
                          if k.startswith("seconds_") and k[len("seconds_"):] not in _INFER_PARTS)
    known.update(f"seconds_{p}" for p in infer_parts)
    for k, v in sorted(stats.items()):
        if k in known or isinstance(v, bool) or not isinstance(v, (int, float)):
            continue
        if k.endswith("_bytes"):
            parts.append(f"{format_size(v)} of {k[:-len('_bytes')].replace('_', ' ')}")
        else:
            parts.append(f"{format_count(v)} {k.replace('_', ' ')}")
    lines = [f"stats (--state {store}): {_plural(files, 'file')}, {_plural(functions, 'function')}"]
    if parts:
        lines.append("  " + ", ".join(parts))
    phases = []
    for ph in PHASES:
        text = f"{ph} {format_duration(timings.get(ph, 0.0))}"
        if ph == "infer" and infer_parts:
            text += " (" + ", ".join(f"{p} {format_duration(stats[f'seconds_{p}'])}" for p in infer_parts) + ")"
        phases.append(text)
    lines.append("  time: " + ", ".join(phases))
    return "\n".join(lines) + "\n"
