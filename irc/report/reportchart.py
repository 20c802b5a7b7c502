"""The report's pictures, as inline SVG (no script, no external resource).

- `scatter_svg`: one dot per function, statements on a log scale (x)
  against the share of its typed statements that are not concrete (y), dot
  coloured by the worst colour among its statements (`@code_warntype`'s red
  / yellow / cyan); each dot links to the function's annotated IR and says
  what it is in a tooltip (`<title>`).  Big unstable functions stand out at
  the top right, which a table sorted by one column cannot show.  Past
  `max_points` functions only the worst `max_points` are drawn, and the
  caption says so.
- `where_svg`: where in the corpus the non-concrete statements are: one
  stacked bar (red, then yellow) per directory -- per file when every input
  is in one directory -- for the `top` groups that have the most.

Paths are shown without `prefix` (the directory every input shares).

Invariants: pure functions of the report data; every text is escaped; the
output is deterministic (no randomness, no clock), with fixed sizes.
"""
from __future__ import annotations

import math
import posixpath
from html import escape

from irc.output import colour as C
from irc.report.reportdata import FileReport, FunctionReport, severity_key

WIDTH, HEIGHT = 600, 300
LEFT, RIGHT, TOP, BOTTOM = 56, 16, 16, 40


def worst_level(f: FunctionReport) -> str:
    return C.BAD if f.bad else C.WARN if f.warn else C.GOOD


def _share(f: FunctionReport) -> float:
    return f.non_concrete / f.typed if f.typed else 0.0


def scatter_svg(files: list[FileReport], max_points: int = 5000, prefix: str = "") -> tuple[str, str]:
    """(svg, caption) of the instability scatter (see the module doc)."""
    rows = [(i, j, f) for i, fr in enumerate(files) for j, f in enumerate(fr.functions)]
    shown = rows
    if len(rows) > max_points:
        shown = sorted(rows, key=lambda r: tuple(-x for x in severity_key(r[2])) + (r[0], r[1]))[:max_points]
        shown.sort(key=lambda r: (r[0], r[1]))
    top = max((f.statements for _, _, f in rows), default=1)
    decades = max(1, math.ceil(math.log10(max(top, 10))))
    pw, ph = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def x(n: int) -> float:
        return LEFT + pw * math.log10(max(n, 1)) / decades

    def y(share: float) -> float:
        return TOP + ph * (1.0 - share)

    out = [f'<svg xmlns="http://www.w3.org/2000/svg" class="chart" id="scatter" viewBox="0 0 {WIDTH} {HEIGHT}" '
           f'width="{WIDTH}" height="{HEIGHT}" role="img" aria-labelledby="scatter-title">',
           '<title id="scatter-title">Functions: size against share of non-concrete statements</title>']
    for k in range(0, 5):  # horizontal grid, 0 % .. 100 %
        yy = y(k / 4)
        out.append(f'<line class="grid" x1="{LEFT}" y1="{yy:.1f}" x2="{LEFT + pw}" y2="{yy:.1f}"/>')
        out.append(f'<text class="tick" x="{LEFT - 6}" y="{yy + 4:.1f}" text-anchor="end">{k * 25}%</text>')
    for d in range(0, decades + 1):
        xx = LEFT + pw * d / decades
        label = _count_label(10 ** d)
        out.append(f'<line class="grid" x1="{xx:.1f}" y1="{TOP}" x2="{xx:.1f}" y2="{TOP + ph}"/>')
        out.append(f'<text class="tick" x="{xx:.1f}" y="{TOP + ph + 16}" text-anchor="middle">{label}</text>')
    out.append(f'<text class="axis" x="{LEFT + pw / 2:.1f}" y="{HEIGHT - 4}" text-anchor="middle">statements (log scale)</text>')
    out.append(f'<text class="axis" transform="translate(12 {TOP + ph / 2:.1f}) rotate(-90)" text-anchor="middle">'
               'non-concrete share</text>')
    # draw the worst last, so it stays on top
    order = {C.GOOD: 0, C.WARN: 1, C.BAD: 2}
    for i, j, f in sorted(shown, key=lambda r: order[worst_level(r[2])]):
        tip = (f"{files[i].path[len(prefix):]}: {f.name} — {f.statements} statements, {f.non_concrete} of {f.typed} typed "
               f"non-concrete ({f.bad} red, {f.warn} yellow)")
        out.append(f'<a href="#f{i}-{j}"><circle class="dot {worst_level(f)}" cx="{x(f.statements):.1f}" '
                   f'cy="{y(_share(f)):.1f}" r="4"><title>{escape(tip)}</title></circle></a>')
    out.append("</svg>")
    caption = ("Each dot is a function: further right is bigger, higher has a larger share of statements "
               "whose type is not concrete; red dots have an abstract type somewhere (Any, large unions), "
               "yellow ones only small unions. Click a dot for its annotated IR.")
    if len(shown) < len(rows):
        caption += f" Showing the {len(shown):,} worst of {len(rows):,} functions."
    return "\n".join(out), caption


def _count_label(n: int) -> str:
    for div, suffix in ((1_000_000, "M"), (1_000, "k")):
        if n >= div:
            return f"{n // div}{suffix}"
    return str(n)


def group_of(path: str, by_directory: bool) -> str:
    return (posixpath.dirname(path.replace("\\", "/")) or ".") if by_directory else path


def where_svg(files: list[FileReport], top: int = 15, prefix: str = "") -> tuple[str, str] | None:
    """(svg, caption) of the bar chart of non-concrete statements per group
    (see the module doc); None when every typed statement is concrete."""
    by_dir = len({group_of(fr.path[len(prefix):], True) for fr in files}) > 1
    groups: dict[str, list[int]] = {}
    for fr in files:
        g = groups.setdefault(group_of(fr.path[len(prefix):], by_dir), [0, 0])
        for f in fr.functions:
            g[0] += f.bad
            g[1] += f.warn
    ranked = sorted(((b + w, name, b, w) for name, (b, w) in groups.items() if b + w), key=lambda r: (-r[0], r[1]))
    if not ranked:
        return None
    ranked = ranked[:top]
    bar_h, gap, label_w = 18, 6, 210
    height = TOP + len(ranked) * (bar_h + gap) + 24
    most = ranked[0][0]
    pw = WIDTH - label_w - RIGHT - 60
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" class="chart" id="where" viewBox="0 0 {WIDTH} {height}" '
           f'width="{WIDTH}" height="{height}" role="img" aria-labelledby="where-title">',
           f'<title id="where-title">Non-concrete statements per {"directory" if by_dir else "file"}</title>']
    for k, (total, name, b, w) in enumerate(ranked):
        yy = TOP + k * (bar_h + gap)
        shown = name if len(name) <= 32 else "…" + name[-31:]
        out.append(f'<text class="label" x="{label_w - 8}" y="{yy + 13}" text-anchor="end">'
                   f'<title>{escape(name)}</title>{escape(shown)}</text>')
        xb = label_w
        for cls, n in ((C.BAD, b), (C.WARN, w)):
            if n:
                wd = max(1.0, pw * n / most)
                out.append(f'<rect class="bar {cls}" x="{xb:.1f}" y="{yy}" width="{wd:.1f}" height="{bar_h}">'
                           f'<title>{escape(name)}: {n:,} {"red" if cls == C.BAD else "yellow"}</title></rect>')
                xb += wd
        out.append(f'<text class="value" x="{xb + 6:.1f}" y="{yy + 13}">{total:,}</text>')
    out.append("</svg>")
    what = "directory" if by_dir else "file"
    caption = (f"Where the non-concrete statements are, per {what} ({len(ranked)} with the most): "
               "red is abstract (Any, large unions), yellow small unions of concrete types.")
    return "\n".join(out), caption
