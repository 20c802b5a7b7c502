"""The Julia version band a real paste's print form shows (issue 27 §4, issue 28 §5).

`band(text, form, stated)` derives the band from the paste itself, so that
samples/real/index.json's `julia_version_band` is computed, never typed by hand:

- every marker in MARKERS that matches the paste bounds the Julia minor version
  (`1.lo` .. `1.hi`, both inclusive; 0.x counts as minor 0); the bounds of all
  markers found are intersected;
- a version the page states (index.json `julia_version_stated`, e.g. "1.12.6")
  names the band when the markers allow it (the page's own word wins, its markers
  are still listed); when they do not, the output came from another Julia than
  the page names (an old cell kept in a re-run notebook): `conflicting`;
- the interval is named by the band it lies in (BANDS: `<=1.5`, `1.6-1.8`,
  `1.9-1.10`, `1.11`, `1.12`, `1.13+`), or `1.lo-1.hi` when the markers only
  bound it more loosely (e.g. `1.6-1.10`), `unknown` when no marker matched,
  and `conflicting` when the markers exclude each other (a page that edited an
  old output by hand, r003).

Markers are facts about how Julia printed IR, each with the Julia change behind it:
the `Variables` section (1.7 printed `MethodInstance for` + `Arguments`/`Locals`),
`Core.Compiler.Const(f, false)` (≤1.5; 1.6 prints `Core.Const(f)`), type parameters
without a space after the comma (`Tuple{Int64,Int64}`, ≤1.5; 1.6's show adds it),
the method location `in Main at REPL[1]:1` (≤1.8) vs `@ Main REPL[1]:1` (#45069,
1.9), `Vector{T}` for `Array{T,1}` (1.6), `@NamedTuple{…}` printing (1.10), a global callee loaded into an SSA value
first (`%1 = Main.f`, then `(%1)(x)`; 1.11 lowering) or any function constant so loaded
(`%1 = Main.sum::Core.Const(sum)`; before 1.11 only closure types and non-constant globals
were), `Main.`-qualified `#self#`
constants of a function of Main itself (1.11; a function of a submodule was
qualified before), `Memory{T}` / `MemoryRef` / `@Kwargs{…}` (1.11), Julia 1.12's
statement markers (`builtin`, `intrinsic`, `dynamic`, and `invoke` aligned in their column)
and closure names (`#f##2`: src/ast.c names them `$method##$counter` from 1.12), `globaldecl`,
`Core.isdefinedglobal` (1.12); and the other direction: a user call printed with
its global callee inline (`Main.f(x)`) or a user-written operator infix as an
SSA value (`%2 = (a + b)::T`), ≤1.10 -- but only in a paste without a global loaded into
an SSA value, since 1.11 still prints some operators infix (`(s = %4 + %5)` for `s += x`,
`(%2 == 0.0)`) (unoptimized forms only: optimized IR always calls globals inline), `Base.arrayref`/`arraylen` (builtins
removed in 1.11).  Pure: no I/O, no state.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

MAX_MINOR = 99
UNOPTIMIZED = ("code_warntype", "code_typed_unoptimized", "code_lowered")


@dataclass(frozen=True, slots=True)
class Marker:
    """A print form: the regex that finds it, the minor versions that print it, and why."""

    name: str
    pattern: str
    lo: int
    hi: int
    forms: tuple[str, ...] = ()  # only these forms (empty: every form)


INFIX = Marker("a user-written operator printed infix as an SSA value (`%2 = (a + b)::T`)",
       r"%\d+\s+=\s+\((?:%\d+|[\w@#]+)(?:::[^\s()]+)? (?:[-+*/^<>]|<=|>=|==|!=) (?:%\d+|[\w@#.]+)(?:::[^\s()]+)?\)::",
       0, 10, UNOPTIMIZED)


MARKERS: tuple[Marker, ...] = (
    Marker("`Variables` section", r"(?m)^\s*Variables:?\s*$", 0, 6),
    Marker("`Core.Compiler.Const(x, false)`", r"Core\.Compiler\.Const\(", 0, 5),
    Marker("type parameters without a space after the comma", r"\b[A-Z]\w*\{[^{}\s]*[\w}],[A-Z]", 0, 5),
    Marker("`Core.Const(x)`", r"Core\.Const\(", 6, MAX_MINOR),
    Marker("`from f(x) in Main at file:line`", r"(?m)^\s*from .* in \S+ at \S+:\d+\s*$", 7, 8),
    Marker("`MethodInstance for` header", r"(?m)^\s*MethodInstance for ", 7, MAX_MINOR, ("code_warntype",)),
    Marker("`from f(x) @ Main file:line`", r"(?m)^\s*from .* @ \S+ \S+:\d+\s*$", 9, MAX_MINOR),
    Marker("`@NamedTuple{…}` printing", r"@NamedTuple\{", 10, MAX_MINOR),
    Marker("a global callee loaded into an SSA value (`%1 = Main.f`, `(%1)(…)`)", r"", 11, MAX_MINOR, UNOPTIMIZED),
    Marker("a function constant loaded into an SSA value (`%1 = Main.sum::Core.Const(sum)`)",
           r"(?m)%\d+\s+=\s+(?:Main|Base)(?:\.[A-Za-z_][\w!]*)*\.(?::\S+|[a-z_][\w!]*)::Core\.Const\((?!var\")[^A-Z\s][^\s]*\)\s*$",
           11, MAX_MINOR, UNOPTIMIZED),
    Marker("`#self#::Core.Const(Main.f)`", r"#self#::Core\.Const\(Main\.[A-Za-z_][\w!]*\)", 11, MAX_MINOR),
    Marker("`Memory{T}` / `MemoryRef`", r"\b(?:Generic)?Memory(?:Ref)?\{|\bmemoryref(?:get|new)?\(", 11, MAX_MINOR),
    Marker("`@Kwargs{…}` printing", r"@Kwargs\{", 11, MAX_MINOR),
    Marker("`enter #N` statement", r"(?m)(?:=|─|│|┄)\s+enter #\d+\s*$", 11, MAX_MINOR),
    Marker("1.12 statement markers (`builtin`, `intrinsic`, `dynamic`)",
           r"(?m)^\S*\s*(?:[│└┌├]|\d+\s*[─┄])[─\s]*%\d+\s+=\s+(?:builtin|intrinsic|dynamic)\s", 12, MAX_MINOR),
    Marker("`invoke` right-aligned in 1.12's statement-marker column (`%2 =    invoke f(x)`)",
           r"%\d+\s+=\s{2,}invoke\s", 12, MAX_MINOR),
    Marker("1.12's closure names (`var\"#f##2#f##3\"`)", r"#[A-Za-z_][\w!]*##\d+", 12, MAX_MINOR),
    Marker("`globaldecl`", r"\bglobaldecl\b", 12, MAX_MINOR),
    Marker("`Core.isdefinedglobal`", r"Core\.isdefinedglobal\(", 12, MAX_MINOR),
    Marker("a user call with its global callee inline (`Main.f(x)`)", r"(?:=|─|│|┄)\s+(?:\(?\w+ = )?Main\.[A-Za-z_][\w!]*\(",
           0, 10, UNOPTIMIZED),
    INFIX,
    Marker("`Vector{T}` / `Matrix{T}` printing", r"\b(?:Vector|Matrix)\{", 6, MAX_MINOR),
    Marker("`Base.arrayref` / `arraylen` builtins", r"\bBase\.(?:arrayref|arrayset|arraylen|arraysize)\(", 0, 10),
)

BANDS = ((0, 5, "<=1.5"), (6, 8, "1.6-1.8"), (9, 10, "1.9-1.10"), (11, 11, "1.11"), (12, 12, "1.12"),
         (13, MAX_MINOR, "1.13+"))

_GLOBAL_LOAD = re.compile(r"(?m)%(\d+)\s+=\s+(?:(?:Main|Base|Core)(?:\.(?:[A-Za-z_][\w!]*|:\S+|var\"[^\"]*\"))+"
                          r"|:[^\s:(][^\s:]*)(?:::\S.*)?$")  # `Main.f`, `Base.:+`, or an operator of the module itself (`:>`)


def _global_load_called(text: str) -> bool:
    """`%N = Main.f` (a bare global, nothing else on the line) and later `(%N)(`."""
    return any(re.search(rf"\(%{m.group(1)}\)\(", text[m.end():]) for m in _GLOBAL_LOAD.finditer(text))


_PROMPT = re.compile(r"(?m)^\s*julia>.*$")
_ANSI = re.compile(r"\x1b\[[0-9;]*m")


def markers_found(text: str, form: str) -> list[Marker]:
    """The markers of MARKERS in the paste's output (the `julia>` command lines are the user's input; a notebook's colour codes are dropped)."""
    text = _PROMPT.sub("", _ANSI.sub("", text))
    found = []
    for m in MARKERS:
        if m.forms and form not in m.forms:
            continue
        hit = _global_load_called(text) if not m.pattern else re.search(m.pattern, text) is not None
        if hit:
            found.append(m)
    if any(not m.pattern for m in found):  # 1.11+ still prints some operators infix (`(%2 == 0.0)`, `s = %4 + %5`)
        found = [m for m in found if m is not INFIX]
    return found


def minor_of(stated: str) -> int:
    """'1.12.6' -> 12, '0.6' -> 0 (every 0.x is before 1.0), '1.14-DEV' -> 14."""
    m = re.match(r"\s*(\d+)\.(\d+)", stated)
    if not m:
        raise ValueError(f"not a Julia version: {stated!r}")
    return int(m.group(2)) if int(m.group(1)) >= 1 else 0


def name_of(lo: int, hi: int) -> str:
    for blo, bhi, name in BANDS:
        if blo <= lo and hi <= bhi:
            return name
    if hi >= MAX_MINOR:
        return f"1.{lo}+"
    return f"<=1.{hi}" if lo == 0 else f"1.{lo}-1.{hi}"


def band(text: str, form: str, stated: str | None = None) -> tuple[str, str]:
    """(band, evidence) of one paste: see the module docstring."""
    found = markers_found(text, form)
    listed = "; ".join(m.name for m in found)
    lo = max((m.lo for m in found), default=0)
    hi = min((m.hi for m in found), default=MAX_MINOR)
    bounds = "; ".join(f"{m.name} (1.{m.lo}-1.{m.hi})" for m in found)
    if lo > hi:
        return "conflicting", "markers exclude each other: " + bounds
    if stated:
        v = minor_of(stated)
        if not lo <= v <= hi:  # the output came from another Julia than the one the page names
            return "conflicting", f"the page states Julia {stated}, but the markers say: {bounds}"
        return name_of(v, v), f"the page states Julia {stated}" + (f" (markers: {listed})" if listed else "")
    if not found:
        return "unknown", "no version marker in the paste"
    return name_of(lo, hi), listed


# ---------------------------------------------------------------- samples/real/index.json

def tag_entries(entries: list[dict], read) -> list[dict]:
    """Each entry with `julia_version_band` / `julia_version_band_evidence` derived from its paste
    (`read(file)` gives the text) and its `julia_version_stated`, if the page states one."""
    out = []
    for e in entries:
        b, ev = band(read(e["file"]), e["form"], e.get("julia_version_stated"))
        out.append({**e, "julia_version_band": b, "julia_version_band_evidence": ev})
    return out


def main(argv: list[str] | None = None) -> int:
    """Rewrite samples/real/index.json with every entry's band; `--check` only says whether it is current."""
    import argparse
    import json
    from collections import Counter
    from pathlib import Path

    ap = argparse.ArgumentParser(description=main.__doc__)
    ap.add_argument("--check", action="store_true")
    args = ap.parse_args(argv)
    real = Path(__file__).resolve().parent.parent / "samples" / "real"
    index = real / "index.json"
    old = index.read_text(encoding="utf-8")
    entries = tag_entries(json.loads(old), lambda f: (real / f).read_text(encoding="utf-8"))
    new = json.dumps(entries, indent=1, ensure_ascii=False)
    for name, n in sorted(Counter(e["julia_version_band"] for e in entries).items()):
        print(f"{name:12} {n}")
    if args.check:
        return 0 if new == old else 1
    index.write_text(new, encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
