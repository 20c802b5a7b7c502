"""`irc infer --check [--exact]`: compare inferred types with Julia's own (spec §5.4).

The input may carry Julia's answers: statement annotations (`%7 = f(x)::T`,
`(x = 1)::T`, a typed slot read `%7 = @_3::T`), slot types in
`Arguments`/`Locals`/`Variables`, and the return type (`Body::T`,
`) => T`).  For each one present, the annotation is evaluated in the file's
world (`World.eval_type`, so `Core.Const(1)`, `Core.PartialStruct(...)` and
aliases mean what they mean to inference) and compared with irc's answer:

- widened (default): `show(widenconst(ours)) == show(widenconst(julia))`;
- `--exact`: `show(ours) == show(julia)` (lattice elements as Julia prints
  them, so a `Conditional` compares as the `Bool` Julia prints).

Comparing printed forms makes the comparison canonical (union member order
is fixed by the printer).  An annotation the world cannot evaluate is
compared as canonical text.  An unreached statement counts as `Union{}`,
which is what Julia prints for dead code (`Core.Const(:(…))::Union{}`).

Each disagreement is located at Julia's annotation (`path:line:col:`, the
column where the printed type starts), so an editor can jump to it.

Statements whose type irc took from the input (`--use-printed-types`) are
counted apart (`from_input`), never as agreement.

Invariants: pure functions of (Function, InferenceResult, World); the result
lists disagreements in source order; `agree + differ + from_input` equals
the number of annotations found.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from irc.ir import model as ir
from irc.syntax import tree as S
@dataclass(frozen=True, slots=True)
class Mismatch:
    line: int
    what: str  # "%7", "slot x", "return type", "statement 5"
    ours: str
    julia: str
    path: str = ""
    col: int = 1  # where Julia's annotation starts

    def render(self) -> str:
        """`path:line:col: %7 inferred T, Julia printed U` (an editor jumps to Julia's annotation)."""
        return f"{self.path}:{self.line}:{self.col}: {self.what} inferred {self.ours}, Julia printed {self.julia}"

    def as_json(self) -> dict:
        return {"line": self.line, "column": self.col, "what": self.what, "inferred": self.ours,
                "julia": self.julia}


@dataclass(slots=True)
class CheckReport:
    agree: int = 0
    mismatches: list[Mismatch] = field(default_factory=list)
    from_input: int = 0  # statements typed with Julia's own answer: neither agree nor differ

    @property
    def differ(self) -> int:
        return len(self.mismatches)

    def add(self, other: "CheckReport") -> None:
        self.agree += other.agree
        self.mismatches.extend(other.mismatches)
        self.from_input += other.from_input

    def summary(self) -> str:
        return summary_line(self.agree, self.differ, self.from_input)


def summary_line(agree: int, differ: int, from_input: int = 0) -> str:
    """`N agree, M differ` (`, K from input` when `--use-printed-types` took Julia's answers)."""
    return f"{agree} agree, {differ} differ" + (f", {from_input} from input" if from_input else "")


def run_summary(agree: int, differ: int, from_input: int, unread: int, inputs: int) -> str:
    """`--check`'s last line for a run: `summary_line`, and what was not checked -- an input irc could
    not read (a located error said why) is "not checked", never counted as `0 agree, 0 differ`."""
    if inputs and unread == inputs:
        what = "the input" if inputs == 1 else f"any of the {inputs} inputs"
        return f"not checked: irc could not read {what} (see the errors)"
    line = summary_line(agree, differ, from_input)
    return line + (f"; {unread} of {inputs} inputs not checked (irc could not read them)" if unread else "")


def _show(x: Any) -> str:
    from irc.lattice.typeprint import show

    return show(x)


def _widen(x: Any) -> Any:
    from irc.lattice.typelattice import widenconst

    return widenconst(x)


class _Evaluator:
    """Evaluates Julia's annotations in one function's context, with text fallback."""

    def __init__(self, world: Any, fn: ir.Function):
        self.world = world
        self.module = tuple(fn.module) or ("Main",)
        self.sparams: dict[str, Any] = {}
        for tv in fn.static_params:
            if tv.value is not None:
                try:
                    self.sparams[tv.name] = world.eval_type(tv.value)
                except Exception:  # noqa: BLE001 - an unbound parameter just stays unbound
                    pass

    def eval(self, expr: S.Expr) -> Any | None:
        try:
            return self.world.eval_type(expr, self.sparams, self.module)
        except Exception:  # noqa: BLE001 - fall back to a text comparison
            return None


def _compare(ev: _Evaluator, ours: Any, julia_expr: S.Expr, exact: bool) -> tuple[bool, str, str]:
    """(agree, our text, Julia's text) for one annotation."""
    from irc.lattice.typelattice import ANY
    from irc.output.text import format_type_expr

    julia_text = format_type_expr(julia_expr)
    ours_text = _show(ours)
    if ours_text == julia_text:  # printed identically: agree in both modes
        return True, ours_text, julia_text
    julia = ev.eval(julia_expr)
    if julia is None or (julia == ANY and julia_text not in ("Any", "Core.Any")):
        # the world cannot evaluate it (e.g. a constant of a function it does not know): compare text
        widened = _show(_widen(ours))
        return (not exact and widened == julia_text), ours_text, julia_text
    if exact:
        return _show(ours) == _show(julia), ours_text, _show(julia)
    return _show(_widen(ours)) == _show(_widen(julia)), ours_text, julia_text


def check_function(fn: ir.Function, result: Any, world: Any, exact: bool = False, path: str = "") -> CheckReport:
    """Compare every annotation of `fn` with `result`; disagreements in source
    order, located in `path` at Julia's annotation."""
    from irc.lattice.typelattice import BOTTOM
    from irc.output.text import annotation_of, printed_return_type, slot_display_names

    ev = _Evaluator(world, fn)
    rep = CheckReport()
    found: list[tuple[int, str, Any, S.Expr]] = []
    names = slot_display_names(fn)
    for s in fn.slots:
        if s.julia_type is not None:
            found.append((s.line, f"slot {names[s.id]}", result.slot_types[s.id], s.julia_type))
    if fn.julia_return is not None:
        line = getattr(fn.julia_return, "line", 0) or fn.line
        found.append((line, "return type", printed_return_type(result), fn.julia_return))
    taken = getattr(result, "from_input", frozenset())
    for i, st in enumerate(fn.stmts, start=1):
        ann = annotation_of(st)
        if ann is None:
            continue
        if i in taken:  # Julia's own answer, used as irc's: not a comparison
            rep.from_input += 1
            continue
        t = result.ssa_types[i]
        what = f"%{st.label}" if st.label is not None else f"statement {i}"
        found.append((st.line, what, BOTTOM if t is None else t, ann))
    found.sort(key=lambda f: f[0])
    for line, what, ours, julia_expr in found:
        ok, ours_text, julia_text = _compare(ev, ours, julia_expr, exact)
        if ok:
            rep.agree += 1
        else:
            if getattr(julia_expr, "line", 0) == line:
                col = getattr(julia_expr, "col", 0) or 1
            else:
                col = 1
            rep.mismatches.append(Mismatch(line, what, ours_text, julia_text, path, col))
    return rep
