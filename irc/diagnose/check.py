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
    why: str = ""  # the likely cause in words ("" if irc cannot tell)
    explain: str = ""  # the `irc explain` command that shows how irc got its answer

    def render(self) -> str:
        """`path:line:col: %7 inferred T, Julia printed U` (an editor jumps to Julia's annotation)."""
        return f"{self.path}:{self.line}:{self.col}: {self.what} inferred {self.ours}, Julia printed {self.julia}"

    def render_with_why(self) -> str:
        """`render()`, then on a line of its own `  why: CAUSE; see irc explain …` (`  see: …`
        when irc cannot tell the cause)."""
        if self.why:
            return self.render() + f"\n  why: {self.why}" + (f"; see {self.explain}" if self.explain else "")
        return self.render() + (f"\n  see: {self.explain}" if self.explain else "")

    def as_json(self) -> dict:
        return {"line": self.line, "column": self.col, "what": self.what, "inferred": self.ours,
                "julia": self.julia, "why": self.why or None, "explain": self.explain or None}


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


def check_summary(agree: int, differ: int, from_input: int, read: int, unread: int) -> str:
    """The last line of a `--check` run over `read` inputs that were read and `unread` that were not:
    `summary_line`, saying when nothing was compared and why (no input read; no type Julia printed),
    and how many inputs were not checked."""
    if read == 0 and unread:
        what = "the input" if unread == 1 else f"any of the {unread} inputs"
        return f"not checked: irc could not read {what} (see the errors above)"
    line = summary_line(agree, differ, from_input)
    if agree + differ + from_input == 0:
        line += (": nothing to compare, the input carries no type Julia printed (`@code_lowered` or a "
                 "hand-written file)" if read == 1 else ": nothing to compare, no input carries a type Julia printed")
    if unread:
        line += f"; {unread} of {read + unread} inputs not checked (irc could not read {'it' if unread == 1 else 'them'})"
    return line


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


_LACKING = {"unknown-callee": "irc has no declaration of this callee (`irc stubs` writes one)",
            "unknown-method": "irc knows no method of this function for these argument types (`irc stubs` writes one)",
            "unknown-global": "a global irc does not know (declare it)",
            "unknown-type": "a type irc does not know (declare it)"}


def _why(ev: _Evaluator, ours: Any, julia_expr: S.Expr, codes: set[str]) -> str:
    """The likely cause of one disagreement, in words, when irc can tell: a declaration it lacks
    (a diagnostic at that line says so), an answer wider than Julia's (a constant or a refinement
    irc did not make), or narrower (a widening limit, or another Julia's rules); "" otherwise."""
    from irc.lattice.subtype import issubtype

    cause = next((_LACKING[c] for c in _LACKING if c in codes), "")
    julia = ev.eval(julia_expr)
    if not cause and _widened_text(ev, julia_expr) == _show(_widen(ours)):
        cause = "the same type, but Julia knew the value (a constant irc did not propagate)"
    if not cause and julia is not None:
        a, b = _widen(ours), _widen(julia)
        try:
            if a == b:
                cause = "the same type, but Julia knew the value (a constant irc did not propagate)"
            elif issubtype(b, a):
                cause = "irc's answer is wider: a constant, a method or a branch refinement irc did not use"
            elif issubtype(a, b):
                cause = ("irc's answer is narrower: Julia widened (a union or tuple limit) or printed "
                         "another version's answer")
        except Exception:  # noqa: BLE001 - a type irc cannot relate: no cause given
            pass
    return cause


def _compare(ev: _Evaluator, ours: Any, julia_expr: S.Expr, exact: bool) -> tuple[bool, str, str]:
    """(agree, our text, Julia's text) for one annotation."""
    from irc.lattice.typelattice import ANY
    from irc.output.text import format_type_expr

    julia_text = format_type_expr(julia_expr)
    ours_text = _show(ours)
    if ours_text == julia_text:  # printed identically: agree in both modes
        return True, ours_text, julia_text
    julia = ev.eval(julia_expr)
    if julia is None or (_widen(julia) == ANY and julia_text not in ("Any", "Core.Any")):
        # the world cannot evaluate it (e.g. a constant of a function it does not know, an instance
        # `Core.Const(AssertionError("…"))`): compare text, Julia's widened too where the text shows how
        widened = _show(_widen(ours))
        return (not exact and widened in (julia_text, _widened_text(ev, julia_expr))), ours_text, julia_text
    if exact:
        return _show(ours) == _show(julia), ours_text, _show(julia)
    return _show(_widen(ours)) == _show(_widen(julia)), ours_text, julia_text


def _widened_text(ev: _Evaluator, e: S.Expr) -> str | None:
    """The widened type of an annotation the world cannot evaluate, as text, where its form tells:
    `Core.Const(T(…))` (an instance built by a call: its type is `T`), `Core.PartialStruct(T, …)`."""
    from irc.output.text import format_type_expr

    if type(e) is not S.Call or type(e.func) is not S.Name or not e.args:
        return None
    head = e.func.parts[-1]
    inner = e.args[0]
    if head == "Const" and type(inner) is S.Call:
        t = ev.eval(inner.func)
        return _show(t.val) if t is not None and hasattr(t, "val") else format_type_expr(inner.func)
    if head == "PartialStruct":
        t = ev.eval(inner)
        return _show(_widen(t)) if t is not None else format_type_expr(inner)
    return None


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
    before = result.state_reader()  # one replay per block: the statements come in order
    for i, st in enumerate(fn.stmts, start=1):
        ann = annotation_of(st)
        reads, n_taken = _inline_reads(result, before, i, st, names, ann)
        found.extend(reads)
        rep.from_input += n_taken
        if ann is None:
            continue
        if i in taken:  # Julia's own answer, used as irc's: not a comparison
            rep.from_input += 1
            continue
        t = result.ssa_types[i]
        what = f"%{st.label}" if st.label is not None else f"statement {i}"
        found.append((st.line, what, BOTTOM if t is None else t, ann))
    found.sort(key=lambda f: f[0])
    codes: dict[int, set[str]] = {}
    for d in result.diagnostics:
        if d.span is not None:
            codes.setdefault(d.span.line, set()).add(d.code)
    for line, what, ours, julia_expr in found:
        ok, ours_text, julia_text = _compare(ev, ours, julia_expr, exact)
        if ok:
            rep.agree += 1
        else:
            if getattr(julia_expr, "line", 0) == line:
                col = getattr(julia_expr, "col", 0) or 1
            else:
                col = 1
            explain = (f"irc explain {path or 'FILE'} --function {fn.name} "
                       + (f"--slot {what[5:]}" if what.startswith("slot ") else
                          f"--slot {what.split(' read in ')[0]}" if " read in statement " in what else
                          "--stmt " + (what if what.startswith("%") else what.split()[-1]) if what != "return type"
                          else f"--stmt {_last_return(fn)}"))
            why = _why(ev, ours, julia_expr, codes.get(line, set()))
            rep.mismatches.append(Mismatch(line, what, ours_text, julia_text, path, col, why, explain))
    return rep


def _inline_reads(result: Any, before: Any, i: int, st: ir.Stmt, names: dict, ann: Any) -> tuple[list, int]:
    """The typed slot reads Julia printed inside statement `i` (`return x::Float64`,
    `(x::Int64 + 1)`, `(@_2::Core.Const((1, 1)) === nothing)`): (line, what, irc's type of the
    slot there -- `before(i)`'s, the state the text output prints there, `irc.output.reads` -- and
    Julia's type) each, compared like statement types; and how many of them irc took from the
    input (`--use-printed-types`: neither agreement nor difference).  A whole statement that is a
    typed read (`%7 = @_3::T`) is the statement's own annotation, not counted again; an unreached
    statement has none to compare."""
    from irc.output.reads import typed_reads

    if result.ssa_types[i] is None or st.value is None:
        return [], 0
    found = typed_reads(st.value)
    if not found:
        return [], 0
    out: list = []
    taken = getattr(result, "reads_from_input", frozenset())
    n_taken = 0
    state = None
    for node, slot in found:
        if slot.id is None or (node is st.value and ann is node.type):
            continue
        if (i, slot.id) in taken:
            n_taken += 1
            continue
        if state is None:
            state = before(i) or {}
        vs = state.get(slot.id)
        if vs is not None:
            out.append((getattr(node.type, "line", 0) or st.line, f"{names[slot.id]} read in statement {i}",
                        vs.type, node.type))
    return out, n_taken


def _last_return(fn: ir.Function) -> str:
    """The last `return` statement of `fn`, as `--stmt` takes it."""
    k = next((i for i in range(len(fn.stmts), 0, -1) if fn.stmt(i).kind is ir.Kind.RETURN), len(fn.stmts))
    return str(k)
