"""The body's statement lines in one pass, each built with one f-string.

`irc.output.text` used to make a body in two stages -- a generator of
statement texts (`_iter_plain_stmt_texts`: one `ExprPrinter.expr_prec` call
and a few intermediate strings a statement) read by `fmt.iter_layout_runs`,
which added the rail and the `%N = ` column.  At a million statements the
cost is CPython's per string and per call: an int turned into digits costs
as much as a short line, and every intermediate string (`%5`, `%5 = `,
`%5 + x`, the rail widening an ASCII line to two bytes a character) as much
again.  Here:

- `iter_tail_runs` walks the blocks in runs of consecutive statements
  (at most `run`, never across a multiple of 10,000 or a power of ten, so a
  run's labels share their leading digits and their padding) and makes each
  statement's *tail* -- the line without its rail: `%N = `/blank column,
  statement text, `::T  # mark` suffix -- with one f-string for the
  commonest statements: a reached `VALUE`/`ASSIGN` whose value is `%n`, a
  slot, or a call of a name or an infix operator (one that needs no
  parentheses around leaves, `fmt._infix_sep`) on leaves (`%n`, slots,
  literals, names).  Digits come from tables made once per function
  (`_Digits`: 0-9999 plain and zero-padded, `%q` for the ten-thousands), so
  no int is converted per statement; slot texts, callee texts and suffixes
  are memoised per distinct slot, callee and type (`ExprPrinter`'s tables,
  the caller's `suffix`).  Everything else -- dead code, terminators,
  `$(Expr(...))`, nested calls, a type taken from the input -- is the
  general path's text (`general(i, stmt)`), after the same column.
- `iter_line_runs` puts the rails on (lists of lines, as
  `fmt.iter_layout_runs` gives them); `iter_piece_runs` joins each run's
  tails into one piece with `"\\n" + rail` as the separator, so the rail's
  two-byte characters are copied by `str.join`, once per run, not per line.

A tail is `.rstrip()`-ed as the layout strips a line, except where it ends
with a `::T` suffix that ends with no space or with `)` (then stripping is
a no-op); an empty tail makes its line the rail stripped (`iter_piece_runs`
then builds that run's lines one by one).

Invariants: the lines are exactly those of `fmt.iter_layout_runs(fn,
general texts, block_prefix, labelled, pred_counts)` (`iter_line_runs`:
the same lines; `iter_piece_runs`: the same text), tested on every sample,
conformance input and generated program in every mode; `unstable` receives
the statements the general path reports; memo tables are per function.
"""
from __future__ import annotations

from typing import Any, Callable, Iterator

from irc.ir import model as ir
from irc.output.fmt import LAYOUT_RUN, ExprPrinter, _infix_sep, format_lit, rail
from irc.syntax import tree as S

_Call, _Name, _SlotRef, _SSA, _Lit = S.Call, S.Name, S.SlotRef, S.SSA, S.Lit
_NOHIT = (object(), None)  # a slot memo miss: its name equals no name


class _Digits:
    """Decimal digits without converting ints: `plain[k]` is `str(k)` and
    `padded[k]` `f"{k:04}"` (k < 10,000), `pct[q]` is `"%" + str(q)` (`"%"`
    for q = 0), for numbers up to `top`; `%n` is `pct[n // 10000]` then
    `padded[n % 10000]` (or `plain[n]` below 10,000)."""

    __slots__ = ("plain", "padded", "pct", "limit")

    def __init__(self, top: int) -> None:
        self.plain = list(map(str, range(min(top + 1, 10_000))))
        self.padded = [f"{k:04}" for k in range(10_000)] if top >= 10_000 else []
        self.pct = ["%"] + ["%" + str(q) for q in range(1, top // 10_000 + 1)]
        self.limit = 10_000 * len(self.pct) if top >= 10_000 else len(self.plain)  # numbers below it have digits here


def iter_tail_runs(fn: ir.Function, types: list, xp: ExprPrinter, names: dict[int, str],
                   general: Callable[[int, ir.Stmt], str], suffix: Callable[[Any], tuple[Any, str, str, bool]],
                   labelled: bytearray, block_prefix: dict[int, list[str]] | None = None, widened: Any = (),
                   special: Any = (), unstable: set[int] | None = None, good: str = "",
                   run: int = LAYOUT_RUN) -> Iterator[tuple[Any, list[str]]]:
    """(None, prefix lines) before a block that has them, then (block, lo, hi),
    tails of statements lo .. hi - 1) for each run (see the module doc).
    `types[i]`: statement i's type (None: unreached); `suffix(t)` -> (t,
    `::T  # mark`, level, whether a line may end with it unstripped);
    `labelled`: the label mask; `widened`: `result.widened`; `special`:
    statements that always take the general path (types from the input,
    Julia 1.12 markers); `unstable` receives the statements whose level is
    not `good`."""
    K = ir.Kind
    VALUE, ASSIGN = K.VALUE, K.ASSIGN
    Call, Name, SlotRef, SSA, Lit = _Call, _Name, _SlotRef, _SSA, _Lit
    stmts = fn.stmts
    mask = labelled
    top = mask.rfind(1)
    width = len(str(top)) if top > 0 else 0
    blank = " " * (width + 4) if width else "    "
    dg = _Digits(len(stmts))
    plain, padded, pct, limit = dg.plain, dg.padded, dg.pct, dg.limit
    sm = xp._slots.get
    leaf = xp._leaf
    slot_text = xp.slot_text
    nohit = _NOHIT
    shapes: dict = {}  # callee key -> (head, open, close, separator) or None (the general path)
    last_t = last_hit = None
    for b in fn.blocks:
        if block_prefix and b.id in block_prefix:
            yield None, block_prefix[b.id]
        first, last = b.first, b.last
        if last < first:  # an empty block prints no line
            continue
        lo = first
        while lo <= last:
            nd = len(str(lo))
            q = lo // 10_000
            hi = min(last + 1, lo + run, 10 ** nd, (q + 1) * 10_000)  # the run: lo .. hi - 1
            if q:
                la, digits = pct[q], padded[lo - q * 10_000:hi - q * 10_000]
            else:
                la, digits = "%", plain[lo:hi] if hi <= len(plain) else list(map(str, range(lo, hi)))
            lc = " " * (width - nd) + " = "
            tails: list[str] = []
            append = tails.append
            for i, st, t, m, lb in zip(range(lo, hi), stmts[lo - 1:hi - 1], types[lo:hi], mask[lo:hi], digits):
                if m:
                    l0, l1, l2 = la, lb, lc
                else:
                    l0, l1, l2 = blank, "", ""
                k = st.kind
                if t is None or (k is not VALUE and k is not ASSIGN) or (special and i in special):
                    append(f"{l0}{l1}{l2}{general(i, st)}".rstrip())
                    continue
                v = st.value
                tv = type(v)
                if tv is Call:
                    f = v.func
                    tf = type(f)
                    args = v.args
                    if v.infix is not None and tf is Name and len(f.parts) == 1:  # infix (`fmt._is_infix`)
                        shape = shapes.get(v.infix, nohit)
                        if shape is nohit:
                            sep = _infix_sep(v.infix)  # leaves need no parentheses around them
                            shape = shapes[v.infix] = ("", "", "", sep) if sep else None
                        if shape is None or len(args) < 2:
                            append(f"{l0}{l1}{l2}{general(i, st)}".rstrip())
                            continue
                    elif tf is Name:
                        shape = shapes.get(f.parts)
                        if shape is None:
                            shape = shapes[f.parts] = (leaf(f, False)[0], "(", ")", ", ")
                    elif tf is SlotRef or tf is SSA:
                        shape = ("(" + leaf(f, False)[0] + ")", "(", ")", ", ")
                    else:
                        append(f"{l0}{l1}{l2}{general(i, st)}".rstrip())
                        continue
                    hd, o, c, sep = shape
                    item = o != ""
                    if len(args) == 2:
                        a, a1 = args
                        ta = type(a)
                        if ta is SSA:
                            n = a.n
                            if 10_000 <= n < limit:
                                x0, y0 = pct[n // 10_000], padded[n % 10_000]
                            elif 0 <= n < 10_000 and n < limit:
                                x0, y0 = "%", plain[n]
                            else:
                                x0, y0 = "%", str(n)
                        elif ta is SlotRef:
                            hit = sm(a.id, nohit)
                            x0, y0 = "", hit[1] if hit[0] == a.name else slot_text(a)[1]
                        elif ta is Lit:
                            x0, y0 = "", a.text or format_lit(a)
                        else:
                            hit = leaf(a, item)
                            if hit is None:
                                append(f"{l0}{l1}{l2}{general(i, st)}".rstrip())
                                continue
                            x0, y0 = "", hit[0]
                        ta = type(a1)
                        if ta is SSA:
                            n = a1.n
                            if 10_000 <= n < limit:
                                x1, y1 = pct[n // 10_000], padded[n % 10_000]
                            elif 0 <= n < 10_000 and n < limit:
                                x1, y1 = "%", plain[n]
                            else:
                                x1, y1 = "%", str(n)
                        elif ta is SlotRef:
                            hit = sm(a1.id, nohit)
                            x1, y1 = "", hit[1] if hit[0] == a1.name else slot_text(a1)[1]
                        elif ta is Lit:
                            x1, y1 = "", a1.text or format_lit(a1)
                        else:
                            hit = leaf(a1, item)
                            if hit is None:
                                append(f"{l0}{l1}{l2}{general(i, st)}".rstrip())
                                continue
                            x1, y1 = "", hit[0]
                    else:
                        texts = []
                        for a in args:  # the leaves' texts (as `ExprPrinter.expr_prec`)
                            ta = type(a)
                            if ta is SSA:
                                texts.append(f"%{a.n}")
                            elif ta is SlotRef:
                                hit = sm(a.id, nohit)
                                texts.append(hit[1] if hit[0] == a.name else slot_text(a)[1])
                            elif ta is Lit:
                                texts.append(a.text or format_lit(a))
                            else:
                                hit = leaf(a, item)
                                if hit is None:
                                    texts = None
                                    break
                                texts.append(hit[0])
                        if texts is None:
                            append(f"{l0}{l1}{l2}{general(i, st)}".rstrip())
                            continue
                        x0, y0, x1, y1 = sep.join(texts), "", "", ""
                        sep = ""
                    po = "("
                elif tv is SSA:
                    n = v.n
                    hd = o = c = po = sep = x1 = y1 = ""
                    x0, y0 = "%", str(n)
                elif tv is SlotRef:
                    hit = sm(v.id, nohit)
                    hd = o = c = po = sep = x1 = y1 = x0 = ""
                    y0 = hit[1] if hit[0] == v.name else slot_text(v)[1]
                else:
                    append(f"{l0}{l1}{l2}{general(i, st)}".rstrip())
                    continue
                if k is ASSIGN:
                    tgt = names.get(st.slot)
                    if tgt is None:
                        append(f"{l0}{l1}{l2}{general(i, st)}".rstrip())
                        continue
                    if t is not last_t:
                        last_hit = suffix(t)
                        last_t = t
                    line = f"{l0}{l1}{l2}({tgt} = {hd}{o}{x0}{y0}{sep}{x1}{y1}{c}){last_hit[1]}"
                elif widened and i in widened:  # an unused call Julia widened: no type
                    line = f"{l0}{l1}{l2}{hd}{o}{x0}{y0}{sep}{x1}{y1}{c}"
                    append(line if c else line.rstrip())
                    continue
                else:
                    if t is not last_t:
                        last_hit = suffix(t)
                        last_t = t
                    line = f"{l0}{l1}{l2}{hd}{po}{x0}{y0}{sep}{x1}{y1}{')' if po else ''}{last_hit[1]}"
                if unstable is not None and last_hit[2] != good:
                    unstable.add(i)
                append(line if last_hit[3] else line.rstrip())
            yield (b, lo, hi), tails
            lo = hi


def _rails(fn: ir.Function, b: ir.Block, pred_counts: dict[int, int] | None) -> tuple[str, str, str]:
    first, last = b.first, b.last
    return (rail(fn, first, pred_counts), rail(fn, first + 1, pred_counts) if last > first + 1 else "",
            rail(fn, last, pred_counts) if last > first else "")


def _lines(first: int, last: int, lo: int, hi: int, rails: tuple[str, str, str], tails: list[str]) -> list[str]:
    head, middle, bottom = rails
    out = [middle + t if t else middle.rstrip() for t in tails]
    if lo == first:
        out[0] = head + tails[0] if tails[0] else head.rstrip()
    if hi == last + 1 and last > first:
        out[-1] = bottom + tails[-1] if tails[-1] else bottom.rstrip()
    return out


def iter_line_runs(fn: ir.Function, pred_counts: dict[int, int] | None, tail_runs) -> Iterator[list[str]]:
    """The body's lines in runs (`iter_tail_runs` with the rails on): the
    lines of `fmt.iter_layout_runs`."""
    rails = None
    for key, tails in tail_runs:
        if key is None:
            yield tails
            continue
        b, lo, hi = key
        if lo == b.first or rails is None or rails[0] is not b:
            rails = (b, _rails(fn, b, pred_counts))
        yield _lines(b.first, b.last, lo, hi, rails[1], tails)


def iter_piece_runs(fn: ir.Function, pred_counts: dict[int, int] | None, tail_runs) -> Iterator[tuple[str, int]]:
    """(text, number of lines) for each run of `iter_line_runs`: its lines
    joined by newlines, without a final one; the rails of a run's middle
    lines are put on by `str.join`."""
    rails = None
    for key, tails in tail_runs:
        if key is None:
            yield "\n".join(tails), len(tails)
            continue
        b, lo, hi = key
        first, last = b.first, b.last
        if lo == first or rails is None or rails[0] is not b:
            rails = (b, _rails(fn, b, pred_counts))
        head, middle, bottom = rails[1]
        if "" in tails:  # a line that is its rail stripped: line by line
            yield "\n".join(_lines(first, last, lo, hi, rails[1], tails)), len(tails)
            continue
        parts = []
        s, e = 0, len(tails)
        if lo == first:
            parts.append(head + tails[0])
            s = 1
        end = hi == last + 1 and last > first
        if end:
            e -= 1
        if s < e:
            parts.append(middle + ("\n" + middle).join(tails[s:e]))
        if end:
            parts.append(bottom + tails[-1])
        yield "\n".join(parts), len(tails)
