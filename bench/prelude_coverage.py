#!/usr/bin/env python3
"""Which Base/Core calls of real Julia outputs the shipped prelude does not answer.

The repeatable half of growing `irc/world/prelude.ir` from real code (issue 12,
item 9): for every input that reads, `irc stubs --all` declares each call Julia
printed a type for, with that type (argument types as irc sees them when it
takes every printed type); each Base/Core declaration is then asked of the
prelude alone.  A call the prelude answers with Julia's type (widened) is
covered; the others are listed, grouped by function, with irc's answer today
and where the evidence is:

    python bench/prelude_coverage.py                    # samples/real + samples/ + the shared prelude cases
    python bench/prelude_coverage.py samples/real/r0*.ir
    python bench/prelude_coverage.py --declare          # only the declare lines (to paste and generalise)

Julia's printed results are the evidence: write each prelude declaration as
general as the evidence supports (one method per argument-type pattern the
evidence shows, `where` variables where the results follow the arguments),
never a guess.  Inputs that do not read yet (`samples/real` needs the
pastes11 parser work) are counted and skipped.  Run by hand; not a test.
"""
from __future__ import annotations

import argparse
import sys
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from irc.cli.driver import Options, analyse  # noqa: E402
from irc.lattice.typelattice import widenconst  # noqa: E402
from irc.lattice.typeprint import show  # noqa: E402
from irc.diagnose.stubs import Stubs, collect  # noqa: E402
from irc.syntax.parser import parse_text  # noqa: E402
from irc.world.world import World  # noqa: E402

DEFAULT = [ROOT / "samples" / "real", ROOT / "samples", ROOT.parent / "shared" / "conformance" / "prelude"]


def inputs(paths: list[Path]) -> list[Path]:
    out: list[Path] = []
    for p in paths:
        if p.is_dir():
            out.extend(sorted(p.glob("*.ir")))
        elif p.exists():
            out.append(p)
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("paths", nargs="*", type=Path)
    ap.add_argument("--declare", action="store_true", help="print only the uncovered declare lines")
    args = ap.parse_args(argv)
    files = inputs(args.paths or DEFAULT)
    stubs, read, skipped = Stubs(), 0, 0
    for path in files:
        res = analyse(str(path), path.read_text(encoding="utf-8"), Options(use_printed="all"))
        if res.errors:
            skipped += 1
            continue
        read += 1
        collect(res, stubs)
    world = World.build([])
    missing: dict[str, list] = defaultdict(list)
    covered = 0
    for d in stubs.declarations.values():
        if not d.head.startswith(("declare Base.", "declare Core.")):
            continue
        item = parse_text(f"{d.head}::{d.result}\n", "<stub>").items[0]
        f = world.value_of(item.name, ("Main",))
        argtypes = [world.eval_type(a.type, {}, ("Main",)) for a in item.args]
        rt = world.call(f, argtypes, ("Main",), callee=item.name).rt
        got = show(widenconst(rt))
        if d.result in (got, show(rt)):  # Julia's type, or its constant (`Core.Const(true)`) exactly
            covered += 1
        else:
            missing[".".join(item.name.parts)].append((d, got))
    for name in sorted(missing):
        for d, got in missing[name]:
            if args.declare:
                print(f"{d.head}::{d.result}")
            else:
                print(f"{d.head}::{d.result}  # irc: {got}; {'; '.join([d.where] + d.comments)}")
    n = sum(len(v) for v in missing.values())
    print(f"# {read} inputs read ({skipped} do not read yet); Base/Core calls with Julia's type: "
          f"{covered + n}, covered by the prelude: {covered}, not covered: {n}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
