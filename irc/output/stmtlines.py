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
- When `fn.stmts` is a `Body` (`irc.ir.body`) the same lines come from its
  columns, with no statement object (`_column_tail_runs`): a statement's
  shape and slot choose the f-string, its callee tag the head, separator
  and parentheses (`_callee_entry`, once per distinct callee, infix and
  prefix apart), its operand tags the texts (`%n` from the digit tables;
  a slot, literal or name `_operand_text`, once per distinct tag); `TREE`
  statements take the general path with their objects, and the few column
  statements the object path sends there (unreached, `special`, a literal
  or name as the whole value, a literal callee, an operator whose leaves
  may need parentheses) with a `Stmt` made for the call and not kept
  (`Body.peek`).  A list of statements takes the object path
  (`_object_tail_runs`); both walk the same runs (`_spans`).
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
the statements the general path reports; memo tables are per function; the
column path's lines equal the object path's on the same statements (tests
print each function both ways) and it keeps no statement object (a
`Body`'s `_made` is unchanged).
"""
from __future__ import annotations

from functools import partial
from typing import Any, Callable, Iterator

from irc.ir import model as ir
from irc.ir.body import ATOM as _ATOM, CALL1 as _CALL1, CALL3 as _CALL3, INFIX as _INFIX, LIT_TAG as _LIT_TAG
from irc.ir.body import NAME_TAG as _NAME_TAG, SLOT_TAG as _SLOT_TAG, Body
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
                   run: int = LAYOUT_RUN, part: tuple[int, int] | None = None) -> Iterator[tuple[Any, list[str]]]:
    """(None, prefix lines) before a block that has them, then (block, lo, hi),
    tails of statements lo .. hi - 1) for each run (see the module doc).
    `types[i]`: statement i's type (None: unreached); `suffix(t)` -> (t,
    `::T  # mark`, level, whether a line may end with it unstripped);
    `labelled`: the label mask; `widened`: `result.widened`; `special`:
    statements that always take the general path (types from the input,
    Julia 1.12 markers); `unstable` receives the statements whose level is
    not `good`.  A `Body` is read from its columns (`_column_tail_runs`), a
    list of statements from its objects (`_object_tail_runs`).  `part`
    (start, stop): only the runs that begin at a statement in start ..
    stop - 1, and the prefix lines of the blocks that begin there (the runs
    are cut where they are cut for the whole body, so the parts of a
    partition, in order, give the whole body's runs)."""
    tail_runs = _column_tail_runs if type(fn.stmts) is Body else _object_tail_runs
    return tail_runs(fn, types, xp, names, general, suffix, labelled, block_prefix, widened, special, unstable, good,
                     run, part)


def _spans(fn: ir.Function, mask: bytearray, block_prefix: dict[int, list[str]] | None, run: int,
           dg: _Digits, part: tuple[int, int] | None = None) -> Iterator[tuple[Any, Any, Any, Any]]:
    """The runs of `iter_tail_runs`: (None, prefix lines, None, None) before a
    block that has them, else ((block, lo, hi), the label's leading part
    (`%` and the ten-thousands), its digits for lo .. hi - 1, the padding and
    ` = ` after them)."""
    top = mask.rfind(1)
    width = len(str(top)) if top > 0 else 0
    plain, padded, pct = dg.plain, dg.padded, dg.pct
    start, stop = part if part is not None else (0, len(mask) + 1)
    for b in fn.blocks:
        first, last = b.first, b.last
        if not start <= first < stop:
            if first >= stop:
                return
            if last < start:
                continue
        elif block_prefix and b.id in block_prefix:
            yield None, block_prefix[b.id], None, None
        if last < first:  # an empty block prints no line
            continue
        lo = first
        while lo <= last:
            nd = len(str(lo))
            q = lo // 10_000
            hi = min(last + 1, lo + run, 10 ** nd, (q + 1) * 10_000)  # the run: lo .. hi - 1
            if not start <= lo < stop:  # (another part's run)
                if lo >= stop:
                    return
                lo = hi
                continue
            if q:
                la, digits = pct[q], padded[lo - q * 10_000:hi - q * 10_000]
            else:
                la, digits = "%", plain[lo:hi] if hi <= len(plain) else list(map(str, range(lo, hi)))
            yield (b, lo, hi), la, digits, " " * (width - nd) + " = "
            lo = hi


def _blank(mask: bytearray) -> str:
    """The label column of a statement without a label."""
    top = mask.rfind(1)
    return " " * (len(str(top)) + 4) if top > 0 else "    "


class _TagTexts(dict):
    """Operand tag -> its text, made on first use (`make(tag)`)."""

    __slots__ = ("make",)

    def __init__(self, make: Callable[[int], Any]) -> None:
        super().__init__()
        self.make = make

    def __missing__(self, tag: int) -> Any:
        v = self[tag] = self.make(tag)
        return v


def _column_tail_runs(fn: ir.Function, types: list, xp: ExprPrinter, names: dict[int, str],
                      general: Callable[[int, ir.Stmt], str], suffix: Callable[[Any], tuple[Any, str, str, bool]],
                      mask: bytearray, block_prefix: dict[int, list[str]] | None, widened: Any, special: Any,
                      unstable: set[int] | None, good: str, run: int,
                      part: tuple[int, int] | None = None) -> Iterator[tuple[Any, list[str]]]:
    """`iter_tail_runs` on a `Body`'s columns: a column statement's tail from
    its shape, its callee's entry (`_callee_entry`, one per distinct callee
    tag) and its operands' texts (`%n` from the digit tables, others one per
    distinct tag, `_operand_text`), the object path's f-strings; `TREE`
    statements (their objects), unreached ones, `special` ones and the few
    column shapes the object path sends to the general path (a literal or
    name as the whole value, a literal callee, an operator that may need
    parentheses) take the general path, a column statement as `Body.peek`
    gives it (made afresh, not kept): no statement object is kept."""
    body = fn.stmts
    SHAPE, SLOT, F, A0, A1, A2 = body.shape, body.slot, body.f, body.a0, body.a1, body.a2
    trees, peek = body.trees, body.peek
    ATOM, INFIX, CALL1, CALL3, SLOT_TAG = _ATOM, _INFIX, _CALL1, _CALL3, _SLOT_TAG
    dg = _Digits(len(body))
    plain, padded, pct, limit = dg.plain, dg.padded, dg.pct, dg.limit
    blank = _blank(mask)
    bare = _TagTexts(partial(_operand_text, body, xp, False))  # as an operand of an infix operator
    item = _TagTexts(partial(_operand_text, body, xp, True))  # as an argument of a prefix call
    infix = _TagTexts(partial(_callee_entry, body, xp, bare, item, True))  # operator tag -> entry or None
    prefix = _TagTexts(partial(_callee_entry, body, xp, bare, item, False))  # callee tag -> entry or None
    tgts = [names.get(s) for s in range(max(SLOT, default=0) + 1)]  # slot id -> its printed name
    ntgts = len(tgts)
    last_t = None
    sfx, clean, mark = "", False, False  # the last type's suffix, whether a line may end with it, unstable
    for key, la, digits, lc in _spans(fn, mask, block_prefix, run, dg, part):
        if key is None:  # a block's prefix lines
            yield None, la
            continue
        _, lo, hi = key
        j, h = lo - 1, hi - 1
        tails: list[str] = []
        append = tails.append
        for i, sh, sid, ft, a0, a1, t, m, lb in zip(range(lo, hi), SHAPE[j:h], SLOT[j:h], F[j:h], A0[j:h], A1[j:h],
                                                   types[lo:hi], mask[lo:hi], digits):
            if m:
                l0, l1, l2 = la, lb, lc
            else:
                l0, l1, l2 = blank, "", ""
            if t is None or not sh or (special and i in special):
                append(f"{l0}{l1}{l2}{general(i, trees[i - 1] if not sh else peek(i - 1))}".rstrip())
                continue
            if sh == ATOM:  # `%n` or a slot; a literal or a name: the general path
                vh = vc = ah = ac = sep = x1 = y1 = ""
                if not a0 & 3:
                    n = a0 >> 2
                    if n >= limit:
                        x0, y0 = "%", str(n)
                    elif n < 10_000:
                        x0 = "%"
                        y0 = plain[n]
                    else:
                        x0 = pct[n // 10_000]
                        y0 = padded[n % 10_000]
                elif a0 & 3 == SLOT_TAG:
                    x0 = ""
                    y0 = bare[a0]
                else:
                    append(f"{l0}{l1}{l2}{general(i, peek(i - 1))}".rstrip())
                    continue
            else:
                cal = infix[ft] if sh == INFIX else prefix[ft]
                if cal is None:
                    append(f"{l0}{l1}{l2}{general(i, peek(i - 1))}".rstrip())
                    continue
                vh, vc, ah, ac, sep, ot = cal
                if a0 & 3:
                    x0 = ""
                    y0 = ot[a0]
                else:
                    n = a0 >> 2
                    if n >= limit:
                        x0, y0 = "%", str(n)
                    elif n < 10_000:
                        x0 = "%"
                        y0 = plain[n]
                    else:
                        x0 = pct[n // 10_000]
                        y0 = padded[n % 10_000]
                if sh == CALL1:
                    sep = x1 = y1 = ""
                else:
                    if a1 & 3:
                        x1 = ""
                        y1 = ot[a1]
                    else:
                        n = a1 >> 2
                        if n >= limit:
                            x1, y1 = "%", str(n)
                        elif n < 10_000:
                            x1 = "%"
                            y1 = plain[n]
                        else:
                            x1 = pct[n // 10_000]
                            y1 = padded[n % 10_000]
                    if sh == CALL3:  # (the third operand's column is read only here)
                        a2 = A2[i - 1]
                        if a2 & 3:
                            y1 = f"{y1}{sep}{ot[a2]}"
                        else:
                            n = a2 >> 2
                            if n >= limit:
                                y1 = f"{y1}{sep}%{n}"
                            elif n < 10_000:
                                y1 = f"{y1}{sep}%{plain[n]}"
                            else:
                                y1 = f"{y1}{sep}{pct[n // 10_000]}{padded[n % 10_000]}"
            if sid:
                tgt = tgts[sid] if sid < ntgts else None
                if tgt is None:
                    append(f"{l0}{l1}{l2}{general(i, peek(i - 1))}".rstrip())
                    continue
                if t is not last_t:
                    last_t = t
                    _, sfx, level, clean = suffix(t)
                    mark = unstable is not None and level != good
                line = f"{l0}{l1}{l2}({tgt} = {ah}{x0}{y0}{sep}{x1}{y1}{ac}){sfx}"
            elif widened and i in widened:  # an unused call Julia widened: no type
                line = f"{l0}{l1}{l2}{ah}{x0}{y0}{sep}{x1}{y1}{ac}"
                append(line if ac else line.rstrip())
                continue
            else:
                if t is not last_t:
                    last_t = t
                    _, sfx, level, clean = suffix(t)
                    mark = unstable is not None and level != good
                line = f"{l0}{l1}{l2}{vh}{x0}{y0}{sep}{x1}{y1}{vc}{sfx}"
            if mark:
                unstable.add(i)
            append(line if clean else line.rstrip())
        yield key, tails


def _operand_text(body: Body, xp: ExprPrinter, item: bool, tag: int) -> str:
    """The text of a slot, literal or name operand (`item`: as an argument of
    a prefix call), as the object path prints it."""
    a = body.atom(tag, 0, 0)
    kind = tag & 3
    if kind == _SLOT_TAG:
        return xp.slot_text(a)[1]
    if kind == _LIT_TAG:
        return a.text or format_lit(a)
    return xp._leaf(a, item)[0]


def _callee_entry(body: Body, xp: ExprPrinter, bare: _TagTexts, item: _TagTexts, infix: bool, key: int):
    """(value's head, its close, an assigned value's head, its close, the
    separator of the arguments, their texts) of a callee tag (`infix`: an
    infix operator's), as the object path makes them; None for a callee the
    object path sends to the general path (a literal; an operator whose
    leaves may need parentheses)."""
    if infix:
        sep = _infix_sep(body.names[key >> 2].parts[0])
        return ("(", ")", "", "", sep, bare) if sep else None
    kind = key & 3
    if kind == _LIT_TAG:
        return None
    hd = xp._leaf(body.atom(key, 0, 0), False)[0]
    if kind != _NAME_TAG:  # a slot or `%n`: `(f)(x)`
        hd = "(" + hd + ")"
    return hd + "(", ")", hd + "(", ")", ", ", item


def _object_tail_runs(fn: ir.Function, types: list, xp: ExprPrinter, names: dict[int, str],
                      general: Callable[[int, ir.Stmt], str], suffix: Callable[[Any], tuple[Any, str, str, bool]],
                      labelled: bytearray, block_prefix: dict[int, list[str]] | None, widened: Any, special: Any,
                      unstable: set[int] | None, good: str, run: int,
                      part: tuple[int, int] | None = None) -> Iterator[tuple[Any, list[str]]]:
    """`iter_tail_runs` on a list of statements (their objects)."""
    K = ir.Kind
    VALUE, ASSIGN = K.VALUE, K.ASSIGN
    Call, Name, SlotRef, SSA, Lit = _Call, _Name, _SlotRef, _SSA, _Lit
    stmts = fn.stmts
    mask = labelled
    blank = _blank(mask)
    dg = _Digits(len(stmts))
    plain, padded, pct, limit = dg.plain, dg.padded, dg.pct, dg.limit
    sm = xp._slots.get
    leaf = xp._leaf
    slot_text = xp.slot_text
    nohit = _NOHIT
    shapes: dict = {}  # callee key -> (head, open, close, separator) or None (the general path)
    last_t = last_hit = None
    for key, la, digits, lc in _spans(fn, mask, block_prefix, run, dg, part):
        if key is None:  # a block's prefix lines
            yield None, la
            continue
        _, lo, hi = key
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
        yield key, tails


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
