"""Statement and expression typing on top of `irc.world` (the engine's transfer).

Julia's `abstract_eval_statement` / `abstract_eval_value` /
`abstract_eval_basic_statement` (base/compiler/abstractinterpretation.jl),
on the text IR:

- `%n` -> `ssa[n]` (`Union{}` while unreached, Julia's NOT_FOUND);
  a slot -> its state's type; literals and globals -> `world.value_of`;
  `x::T` in value position -> `x` (the annotation is Julia's answer).
- calls (nested calls typed recursively): callee and arguments first; any
  `Union{}` operand makes the call `Union{}`; `Base.not_int(c)` / `!c` of a
  `Conditional` swaps its branches; otherwise `world.call`, whose
  `CallResult.cond = (argument position, then, else)` becomes a
  `Conditional` on the slot at that position -- a slot, or `%k` where
  `%k = x` copies slot `x` and no statement between `%k` and the use
  assigns `x`, or `%k` a call that a later `x = %k` copies with no other
  write to `x` before the use (Julia's `ssa_def_slot`, with its #45499
  branch).  `Conditional` arguments are passed
  to the world widened to `Bool`.
- `$(Expr(:head, …))`: `isdefined` (`Const(false)` for `(Union{}, undef)`,
  `Const(true)` when defined, else `Bool`), `static_parameter` (the k-th
  binding as a constant, `Any` when unbound), `the_exception` (`Any`),
  `boundscheck` (`Bool`), `foreigncall` (its declared return type),
  `new`/`splatnew` (the world's allocation typing), `throw_undef_if_not`
  (`Union{}` on a false condition), `call`/`invoke` (as calls); heads that
  yield no value (`meta`, `leave`, `pop_exception`, `code_coverage_effect`,
  …) give `None` at statement level (the engine records `Any`); unknown
  heads are `Any` with a diagnostic.

The transfer also carries the lattice operations the engine and stores use
(`tmerge`, `⊑`, `Conditional` access), so the engine itself knows nothing of
Julia's types.  Diagnostics are kept per statement in `diags` (pc -> list
of (code, message)); the engine clears a block's entries before each walk
of it, so what remains comes from each block's last walk, which saw the
final types (a later change would have queued the block again).

Values of literals and global names are memoised (the world is fixed for
the whole inference), and so are calls, per function, by (callee name,
identities of f and the argument elements): the same call on the same
elements gives the same type; what depends on the statement (diagnostics,
a Conditional on an argument's slot) is applied per statement.  The
commonest call, two operands each a `%n`, slot or literal, reads them in
line and returns a memo hit without building the argument list (the
general loop's cases in the same order: tested equal to it).

On a `Body` (`irc.ir.body`) the engine's statements held in columns are
typed from their operand tags (`column_typer`, `value_runner` on the
columns): operand types straight from the tags (`%n`, a slot's state, a
literal's or name's memo entry kept per `lits` / `names` index), the same
memo keys, entries and diagnostics as the object path, which is taken (the
statement materialised) only where a call's type depends on the statement
(tested equal to the object path: tests/infer/test_engine_columns.py).
"""
from __future__ import annotations

import bisect

from irc.ir import model as ir
from irc.ir.body import ATOM, CALL1, CALL3, INFIX, NAME_TAG, SLOT_TAG, SSA_TAG, TREE, Body
from irc.lattice import typelattice as L
from irc.lattice import typelimits as LIM
from irc.syntax import tree as S
from irc.lattice import typetable as TT
from irc.lattice.types import DataType, FunctionValue, VarargType, has_free_typevars, is_type
from irc.infer.closures import closure_sparams
from irc.infer.sparams import printed_sparams
from irc.infer.liveness import used_values
from irc.lattice.typeprint import show
from irc.syntax.names import format_name
from irc.world.notes import argument_text
from irc.world.tfuncs import tmeet_partials
from irc.errors import Diagnostic, Span
from irc.infer.stores import Ops, VarState

K = ir.Kind

NO_VALUE_HEADS = frozenset({
    "meta", "inbounds", "loopinfo", "code_coverage_effect", "leave", "pop_exception", "enter",
    "line", "aliasscope", "popaliasscope", "gc_preserve_end", "undefcheck", "global", "const",
    "latestworld", "thunk",
})
NOT_FUNCS = frozenset({("Base", "not_int"), ("Core", "Intrinsics", "not_int"), ("Core", "not_int"),
                       ("not_int",), ("Base", "!"), ("!",), ("Main", "!")})


_SSA, _SlotRef, _Call, _Name, _Lit, _Typed = S.SSA, S.SlotRef, S.Call, S.Name, S.Lit, S.Typed
_IFELSE = object()  # memo marker: `Core.ifelse` on a Conditional, typed per statement
# builtins that take a type, and the 0-based position of it
_TYPE_ARG = {"isa": 1, "typeassert": 1, "apply_type": 0}
_Cond, _Union = L.Conditional, type(L.BOTTOM)
# `x == Union{}` is `type(x) is _Union and not x.members`: every lattice class
# compares its own class first, so only an empty union equals Union{}.
_LEAF = frozenset({_SSA, _SlotRef, _Lit})  # operands `eval_call` reads in line (no `_TYPE_ARG` name)
_EXACT_KEYED = frozenset({int, bool, str})  # literal values whose `==` is exact (no 0.0 == -0.0, nan)


def _lit_key(e) -> tuple:
    """`_value`'s memo key of a literal: `(kind, type, value)` for the
    exactly-comparable ints, bools, strings and floats other than zeros and
    NaN, else `(kind, repr)`."""
    v = e.value
    tv = type(v)
    # a float other than a zero or NaN is as exact as an int (equal values, equal reprs)
    return (e.kind, tv, v) if tv in _EXACT_KEYED or (tv is float and v == v and v != 0.0) else (e.kind, repr(v))


def _unwrap(e):
    while type(e) is S.Typed:
        e = e.expr
    return e



def const_of_name(ann) -> bool:
    """Whether a printed type is `Core.Const(M.x)` (`Core.Compiler.Const(M.x, false)`): Julia
    printed a global as itself -- a function or a type, which `irc stubs` names as such."""
    return (type(ann) is S.Call and type(ann.func) is S.Name and ann.func.parts[-1] == "Const" and bool(ann.args)
            and type(ann.args[0]) is S.Name)

class Transfer:
    def __init__(self, fn: ir.Function, world, used=None, path: str = ""):
        """`used[i]` is true when some statement (dead ones included) mentions
        `%i` (`liveness.used_values`; computed here when not given); `path`
        names the input in diagnostics."""
        self.fn = fn
        self.world = world
        self.path = path
        self.fn_diags: list = []  # about the header (an argument type irc cannot evaluate)
        self.module = fn.module
        self.BOTTOM = L.BOTTOM
        self.ANY = L.ANY
        self.BOOL = TT.BOOL
        self.rules = getattr(world, "rules", None)  # the Julia version (`irc.syntax.version`; None: 1.10)
        self.tmerge = LIM.tmerge_for(self.rules)
        self.le = L.lattice_le
        self.diags: dict[int, list[tuple[str, str, str]]] = {}  # pc -> (severity, code, message)
        self._vcache: dict = {}  # literals and other nodes -> (node, value, messages)
        self._names: dict = {}  # global name parts -> (node, value, messages)
        # Calls memoised for this function: a call's type depends only on (f,
        # callee name, argument elements) -- the world and module are fixed --
        # and, through diagnostics and Conditionals on an argument's slot, on
        # the statement (applied per statement by `_call_result`).  Keyed by
        # (callee name or node class, id(f), ids of the arguments): ints hash
        # fast, and the entry holds f and the arguments so no id is reused;
        # equal but distinct elements just miss here and hit the world's own
        # memo, which compares by equality.
        self._calls: dict = {}  # key -> `_call_entry`
        self.ops = Ops(self.tmerge, L.lattice_le, self.cond_slot, self.widen_cond)
        self.nothing = self._value(S.Lit(None, "Nothing", "nothing"))
        self.sparams = self._sparams()
        self._writes: dict[int, list[int]] | None = None  # see `writes`, built on first use
        self._copies: dict[int, list[tuple[int, int]]] | None = None  # see `copies`, built on first use
        self.used = used if used is not None else used_values(fn)
        self.widened: set[int] = set()  # statements whose unused generic call was widened to Any
        self.intercepts = False  # eval_value / eval_stmt wrapped (`use_printed`): the engine calls them
        self.printed_every = False  # `use_printed(every=True)`: every call statement may take Julia's type
        self._gaps: dict = {}  # pc -> the args of the last call there irc could not type
        # pc -> [(the call's argument nodes, Note, about its whole argument types)] for the
        # notes of each block's last walk (`irc stubs` writes their declare lines; the
        # argument nodes tell the statement's own call from a nested one)
        self.call_notes: dict[int, list] = {}
        self.from_input: dict[int, bool] = {}  # pc -> its type is Julia's printed one (`use_printed`)
        self.skipped: frozenset = frozenset()  # throw-block calls left `Any` (`skip_calls`)
        self.latest: frozenset = frozenset()  # statements after a 1.12 `latestworld` (`after_latestworld`)
        self.reads_from_input: set[tuple[int, int]] = set()  # (pc, slot): a typed read that took Julia's type

    # ------------------------------------------------------------ Julia's printed types
    def use_printed(self, every: bool = False) -> None:
        """Where the call a statement makes is one irc cannot type (an unknown
        callee or method, a field irc does not know), take the type Julia
        printed for that statement (spec §1.3, the one option that uses the
        input's answers); `from_input[pc]` marks those statements.  `every`:
        every call statement Julia printed a type for takes it, and `calls_at`
        records each one's callee and argument types (`irc stubs --all`
        declares them: the "declared mode" of a paste)."""
        plain_value, plain_stmt = self.eval_value, self.eval_stmt
        stmts = self.fn.stmts
        printed: dict = {}
        is_builtin = getattr(self.world, "is_builtin", lambda fv: False)

        def julia_type(pc: int, st):
            if pc not in printed:
                ann = st.annotation
                if ann is None and every:
                    ann = slot_listed(pc, st)
                    if ann is not None:
                        self.from_slot.add(pc)
                t = None
                if ann is not None:
                    try:
                        t = self.world.eval_type(ann, self.sparam_env(), self.module)
                    except Exception:  # noqa: BLE001 - an annotation irc cannot read is not used
                        t = None
                    if t is not None and not (is_type(t) or type(t) in (L.Const, L.PartialStruct)):
                        t = L.Const(t)
                printed[pc] = t
            return printed[pc]

        def slot_listed(pc: int, st):
            """Julia prints an assignment without a type (`(y = Main.pos(x))`, <= 1.5; a
            call assigned to a slot, 1.6-1.10): the slot's listed type (Variables/Locals)
            is the value's when this is the slot's only assignment, or when that type is
            concrete -- Julia lists a local's type as the `tmerge` of the widened types
            assigned to it (`record_slot_assign!`), so every value stored there that
            exists has that very type (`every` only; `from_slot` marks these statements).
            A slot assigned elsewhere too, listed with a type that is not concrete,
            bounds the value from above: that type is taken (better than `Any`, and
            sound: the value is one of the merged ones) and `slot_bound` marks it."""
            if st.kind is not K.ASSIGN or st.slot is None or not (1 <= st.slot <= len(self.fn.slots)):
                return None
            slot = self.fn.slots[st.slot - 1]
            if slot.argument or slot.julia_type is None:
                return None
            if assigns.get(st.slot, 0) != 1 and not concrete(slot.julia_type):
                if listed_any(slot.julia_type):
                    return None  # `Any` bounds nothing
                self.slot_bound.add(pc)  # the merge of every value stored there: a bound, not the type
            return slot.julia_type

        def listed_any(e) -> bool:
            try:
                return self.world.eval_type(e, self.sparam_env(), self.module) == self.ANY
            except Exception:  # noqa: BLE001 - an annotation irc cannot read bounds nothing
                return True

        def concrete(e) -> bool:
            try:
                t = self.world.eval_type(e, self.sparam_env(), self.module)
            except Exception:  # noqa: BLE001 - an annotation irc cannot read is not used
                return False
            return TT.isconcrete(t)

        assigns: dict[int, int] = {}
        if every:
            for s_ in stmts:
                if s_.kind is K.ASSIGN and s_.slot is not None:
                    assigns[s_.slot] = assigns.get(s_.slot, 0) + 1

        def taken(pc: int, st, v, t, table, ssa):
            if every:
                jt = julia_type(pc, st)
                if pc in self.slot_bound and not (self._gaps.get(pc) is v.args):
                    jt = None  # a bound only stands in for a call irc cannot type
                f = plain_value(pc, v.func, table, ssa) if jt is not None else None
                if type(f) is L.Const and type(f.val) is FunctionValue and is_builtin(f.val) \
                        and not (f.val.name == "kwcall" and f.val.module == ("Core",) and self._gaps.get(pc) is v.args):
                    # (a keyword call irc cannot type -- f's keyword body is not in the input -- is declared
                    # as the `Core.kwcall` method it calls: `World._keyword_call`)
                    if f.val.name == "_apply_iterate" and len(v.args) >= 2:  # the call of `f` it makes, declared
                        splatted_call(pc, v, [plain_value(pc, a, table, ssa) for a in v.args], jt)
                    jt = None  # a builtin is irc's own rule, as in Julia (its Conditionals included)
                elif type(t) is L.Conditional and L.widenconst(jt) == self.BOOL:
                    jt = None  # a declared `iff`/`implies` refinement: keep it
                if jt is not None:  # the callee and arguments as irc sees them here
                    self.calls_at[pc] = (v.func, f, [plain_value(pc, a, table, ssa) for a in v.args], jt)
            else:
                gap = self._gaps.get(pc)
                jt = julia_type(pc, st) if gap is not None and gap is v.args else None
            self.from_input[pc] = jt is not None or self.from_input.get(pc, False)  # (or a typed read's)
            return t if jt is None else jt

        def splatted_call(pc: int, v, argvals: list, jt) -> None:
            """`Core._apply_iterate(iterate, f, xs…)` Julia typed: the call of `f` on the splatted
            arguments, when they are one list of known length (`apply.splatted_args`), is the one
            `irc stubs --all` declares with Julia's type (a builtin `f` is irc's own rule)."""
            from irc.world.apply import splatted_args

            g = argvals[1]
            if type(g) is L.Const and (type(g.val) is not FunctionValue or is_builtin(g.val)):
                return
            if type(g) is not L.Const and type(_unwrap(v.args[1])) not in (S.Name, S.SSA):
                return  # (an unknown global, or `%k` that read one, names a function irc does not know)
            flat = splatted_args(argvals, self.world, self.module)
            if flat is not None:
                self.calls_at[pc] = (v.args[1], g, flat, jt)

        def typed_read(pc: int, e, t):
            """A typed slot read `x::T` (Julia's printed type of the slot at this
            read) where irc knows nothing of `x` (`Any`): T, marked as from the input."""
            if t != self.ANY or type(_unwrap(e.expr)) is not S.SlotRef:
                return t
            try:
                jt = self.world.eval_type(e.type, self.sparam_env(), self.module)
            except Exception:  # noqa: BLE001 - an annotation irc cannot read is not used
                return t
            if not is_type(jt) or jt == self.ANY:
                return t
            self.from_input[pc] = True
            self.reads_from_input.add((pc, _unwrap(e.expr).id))
            return jt

        def eval_value(pc: int, e, table, ssa):
            t = plain_value(pc, e, table, ssa)
            if type(e) is S.Typed:
                return typed_read(pc, e, t)
            st = stmts[pc - 1] if 1 <= pc <= len(stmts) else None
            if st is not None and e is st.value and st.kind is K.ASSIGN and type(e) is _Call:
                return taken(pc, st, e, t, table, ssa)
            return t

        def eval_stmt(pc: int, st, table, ssa):
            t = plain_stmt(pc, st, table, ssa)
            v = st.value
            if type(v) is _Call and t is not None:
                return taken(pc, st, v, t, table, ssa)
            if every and type(v) is S.Name and t == self.ANY and st.annotation is not None \
                    and not const_of_name(st.annotation):
                # a global irc does not know, printed on its own (`%2 = Main.N::Int64`): Julia's type,
                # so that the calls it feeds are declared with it (`irc stubs` proposes the global)
                jt = julia_type(pc, st)
                if jt is not None and jt != self.ANY:
                    self.from_input[pc] = True
                    return jt
            return t

        self.calls_at: dict = {}  # pc -> (callee node, callee, argument types, Julia's type), `every` only
        self.from_slot: set[int] = set()  # pcs whose Julia type is the assigned slot's listed type, `every` only
        self.slot_bound: set[int] = set()  # of those, the pcs where that type only bounds the value
        self.eval_value, self.eval_stmt = eval_value, eval_stmt
        self.intercepts = True  # the engine must call these two, not eval_call directly
        self.printed_every = every  # (the column path then leaves every statement to these two)

    def skip_calls(self, pcs: frozenset) -> None:
        """Julia 1.10/1.11's `should_infer_this_call`: the generic call at each
        statement of `pcs` (`irc.infer.throwblocks.skipped_calls`: a throw
        block once the function's effects are not total) is `Any`, its
        methods not looked at (`Union{}` only when the callee or an argument
        is: the call is never made).  The statements of such a function take
        the object path (no value runner, no column typer), so every call
        there goes through `eval_call`; `skipped` records them."""
        if not pcs:
            return
        self.skipped = pcs
        plain = self.eval_call
        BOTTOM, ANY = self.BOTTOM, self.ANY

        def eval_call(pc: int, func, args, table, ssa, unused: bool = False):
            if pc not in pcs:
                return plain(pc, func, args, table, ssa, unused)
            if self.eval_value(pc, func, table, ssa) == BOTTOM or \
                    any(self.eval_value(pc, a, table, ssa) == BOTTOM for a in args):
                return BOTTOM
            return ANY

        self.eval_call = eval_call
        self.value_runner = None  # (instance attributes: the engine finds none for this function)
        self.column_typer = None

    def after_latestworld(self, pcs: frozenset) -> None:
        """Julia 1.12's `saw_latestworld` at each statement of `pcs`
        (`irc.infer.latestworld`): every global reads as `Any`
        (`abstract_eval_globalref`), so a call through a global callee is
        `Any` (`Union{}` when an argument is: the call is never made).  Like
        `skip_calls`, such a function takes the object path; `latest`
        records the statements."""
        if not pcs:
            return
        self.latest = pcs
        plain_value, plain_call = self.eval_value, self.eval_call
        BOTTOM, ANY = self.BOTTOM, self.ANY

        def eval_value(pc: int, e, table, ssa):
            if pc in pcs and type(_unwrap(e)) is _Name:
                return ANY
            return plain_value(pc, e, table, ssa)

        def eval_call(pc: int, func, args, table, ssa, unused: bool = False):
            if pc not in pcs or type(_unwrap(func)) is not _Name:
                return plain_call(pc, func, args, table, ssa, unused)
            if any(self.eval_value(pc, a, table, ssa) == BOTTOM for a in args):
                return BOTTOM
            return ANY

        self.eval_value, self.eval_call = eval_value, eval_call
        self.value_runner = None
        self.column_typer = None

    @property
    def writes(self) -> dict[int, list[int]]:
        """slot -> sorted statement indices that write it (for `%k = x`
        copies); built on first use (only Conditionals need it)."""
        if self._writes is None:
            writes: dict[int, list[int]] = {}
            stmts = self.fn.stmts
            if type(stmts) is Body:  # the slot column, then the statements kept as objects
                for i, s in enumerate(stmts.slot, start=1):
                    if s:
                        writes.setdefault(s, []).append(i)
                touched = set()
                for k, st in sorted(stmts.trees.items()):
                    if (st.kind is K.ASSIGN or st.kind is K.NEWVAR) and st.slot is not None:
                        writes.setdefault(st.slot, []).append(k + 1)
                        touched.add(st.slot)
                for s in touched:
                    writes[s].sort()
            else:
                for i, st in enumerate(stmts, start=1):
                    if st.kind is K.ASSIGN or st.kind is K.NEWVAR:
                        if st.slot is not None:
                            writes.setdefault(st.slot, []).append(i)
            self._writes = writes
        return self._writes

    @property
    def copies(self) -> dict[int, list[tuple[int, int]]]:
        """`%n` -> the assignments `x = %n` in statement order, as (statement
        index, slot x) (Julia's #45499 pattern of `ssa_def_slot`); built on
        first use (only Conditionals need it)."""
        if self._copies is None:
            copies: dict[int, list[tuple[int, int]]] = {}
            stmts = self.fn.stmts
            if type(stmts) is Body:
                slots, shape, a0 = stmts.slot, stmts.shape, stmts.a0
                for k, s in enumerate(slots):
                    if s and shape[k] == ATOM and a0[k] & 3 == SSA_TAG:
                        copies.setdefault(a0[k] >> 2, []).append((k + 1, s))
                rows = sorted(stmts.trees.items())
            else:
                rows = enumerate(stmts)
            for k, st in rows:
                if st.kind is K.ASSIGN and st.slot is not None:
                    v = _unwrap(st.value)
                    if type(v) is S.SSA:
                        copies.setdefault(v.n, []).append((k + 1, st.slot))
            for v in copies.values():
                v.sort()
            self._copies = copies
        return self._copies

    # ------------------------------------------------------------ lattice ops
    cond_type = L.Conditional  # `cond_parts(t) is not None` exactly when `type(t) is cond_type`

    @staticmethod
    def cond_parts(t):
        if type(t) is L.Conditional:
            return (t.slot, t.then, t.else_)
        return None

    @staticmethod
    def cond_isdefined(t) -> bool:
        """Is `t` the Conditional of `@isdefined slot` (1.12: the true branch clears the slot's undef)?"""
        return type(t) is L.Conditional and t.isdefined

    def cond_object(self, pc: int, st, condt) -> int | None:
        """Julia 1.12's `condition_object_change`: the slot `b` the condition of
        `goto … if not c` at pc stands for (`ssa_def_slot`: `b` itself, or a
        `%k` copying it), when `condt` is a Conditional on another slot: in
        each branch `b` becomes that Conditional with the other side
        `Union{}` (`(b,)` is `Core.Const((true,))` inside `if b`).  None
        before 1.12, or when the Conditional is about `b` itself (its own
        refinement to `Const(true)`/`Const(false)` says the same)."""
        if self.rules is None or not self.rules.refines_condition_object or type(condt) is not L.Conditional:
            return None
        b = self.arg_slot(st.value, pc)
        if b is None or b == condt.slot or not 1 <= b <= len(self.fn.slots):
            return None
        return b

    @staticmethod
    def cond_slot(t):
        if type(t) is L.Conditional:
            return t.slot
        return None

    @staticmethod
    def widen_cond(t):
        return L.widenconditional(t)

    @staticmethod
    def const_bool(t):
        return L.maybe_extract_const_bool(t)

    # ------------------------------------------------------------ setup
    def _sparams(self) -> list:
        if not self.fn.static_params:
            # a closure's method: its static parameters are leading parameters of #self#'s type; else
            # those the body's reads show (`$(Expr(:static_parameter, 1))::Core.Const(T)`)
            got = closure_sparams(self.world, self.fn)
            if got:
                return got
            got, called = printed_sparams(self.world, self.fn)
            for k, (t, line) in sorted(called.items()):
                self.fn_diags.append(Diagnostic(
                    "note", f"static parameter {k} is bound nowhere in the paste: irc takes it to be "
                    f"`{show(t)}`, the type Julia's calls of it as a constructor give", Span(
                        self.path, line or self.fn.line or 1, 1), "paste"))
            return got
        out = []
        for tv in self.fn.static_params:
            if tv.value is None:
                out.append(None)
                continue
            try:
                out.append(self.world.eval_type(tv.value, {}))
            except Exception:  # noqa: BLE001 - a bad binding is unbound
                out.append(None)
        return out

    def sparam_env(self) -> dict:
        env = {}
        for tv, v in zip(self.fn.static_params, self.sparams):
            if v is not None:
                env[tv.name] = v
        return env

    def initial_table(self, nslots: int) -> list:
        """Block 1's entry: arguments (argtype, defined), others (Union{}, undef)."""
        table: list = [None] + [VarState(self.BOTTOM, True)] * nslots
        for s in self.fn.slots:
            if s.argument:
                table[s.id] = VarState(self.argtype(s), False)
        return table

    def argtype(self, slot: ir.Slot):
        fn = self.fn
        if slot.declared is not None:
            d = slot.declared
            try:
                if type(d) is S.Splat:
                    t = self.world.eval_type(
                        S.Curly(S.Name(("Core", "Tuple")), [S.Curly(S.Name(("Core", "Vararg")), [d.expr])]),
                        self.sparam_env(), fn.module)
                else:
                    t = self.world.eval_type(d, self.sparam_env(), fn.module)
                # the vararg slot is the tuple of the trailing arguments, never one of them
                # (`xs::Int64...`: Tuple{Vararg{Int64}}), and not made a constant (most_general_argtypes)
                if type(t) is VarargType:  # `xs::Int64...`, `xs::Vararg{Int64, 2}`
                    return TT.tuple_type([t])
                return self._vararg_tuple(t, self.rules) if slot.vararg else self._printed_seed(slot, self._const_arg(t))
            except Exception as ex:  # noqa: BLE001 - said once, never a silent rewrite
                line, col = getattr(d, "line", 0) or slot.line or fn.line, getattr(d, "col", 0) or slot.col or 1
                self.fn_diags.append(Diagnostic(
                    "warning", f"the type of argument `{slot.name}` cannot be evaluated ({ex}): "
                    f"inference takes it as Any", Span(self.path, line or 1, col), "bad-argument-type"))
                return self.ANY
        if slot.julia_type is not None:
            # `Arguments` types seed inference (spec §1.3): `#self#::var"#3#4"`
            # (a closure instance), `#self#::Core.Const(f)`
            try:
                t = self.world.eval_type(slot.julia_type, self.sparam_env(), fn.module)
                if not (is_type(t) or type(t) in (L.Const, L.PartialStruct)):
                    t = L.Const(t)
                if t != self.ANY:  # e.g. Core.Const(f) of the function being defined: not in the world
                    return t
            except Exception:  # noqa: BLE001 - fall back to the function value
                pass
        if slot.id == 1 and fn.source is not None and fn.source.callable is not None:
            # an instance of a callable type irc cannot evaluate (Zygote's `typeof(∂(λ))`): the method's own
            # type from its `from (j::Zygote.Pullback{T})(Δ) where T` line, with the printed static parameters
            own = self._from_callable_type(fn.source.from_callable)
            if own is not None:
                self.fn_diags.append(Diagnostic(
                    "note", f"the type of `{slot.name}` as printed cannot be evaluated (a package's own `show` of a "
                    f"callable type): irc takes `{show(own)}`, the method's own from its `from` line and static "
                    "parameters", Span(self.path, slot.line or fn.line or 1, slot.col or 1), "paste"))
                return own
            self.fn_diags.append(Diagnostic(
                "warning", f"the type of `{slot.name}` as printed cannot be evaluated (a package's own `show` of "
                "a callable type?): inference takes it as Any", Span(self.path, slot.line or fn.line or 1,
                                                                     slot.col or 1), "bad-argument-type"))
            return self.ANY
        if slot.id == 1:
            try:
                return self.world.self_value(tuple(fn.module), fn.name)
            except Exception:  # noqa: BLE001
                return self.ANY
        return self.ANY

    def _from_callable_type(self, expr):
        """The callable object's type a `from` line names (`Zygote.Pullback{T}`), evaluated with the
        static parameters the paste binds; None where there is none, it cannot be evaluated, or a
        variable is left free (a `T` the paste does not bind)."""
        if expr is None:
            return None
        try:
            t = self.world.eval_type(expr, self.sparam_env(), self.fn.module)
        except Exception:  # noqa: BLE001 - no type irc can use: the caller says so
            return None
        if type(t) is not DataType or has_free_typevars(t):
            return None
        return t

    def _printed_seed(self, slot: ir.Slot, t):
        """The argument's seed when a header declares its type (`MethodInstance
        for f(::Any)`) and `Arguments` prints one too: Julia prints there the
        argtypes inference started from (`most_general_argtypes`: what the
        declared type allows, made a constant where it is a singleton), so a
        printed element strictly below the declared type is the seed
        (`ȳ::Core.Const(Thunk(var"#9#10"()))` under `(::Any)`: an instance of a
        type irc does not know, which only the constant says).  A printed type
        not below the declared one (an edit) leaves the declared type."""
        if slot.julia_type is None:
            return t
        try:
            j = self.world.eval_type(slot.julia_type, self.sparam_env(), self.fn.module)
        except Exception:  # noqa: BLE001 - the declared type stands
            return t
        if not (is_type(j) or type(j) in (L.Const, L.PartialStruct)):
            j = L.Const(j)
        return j if L.lattice_lt(j, t) else t

    @classmethod
    def _vararg_tuple(cls, t, rules=None):
        """Julia's `most_general_argtypes` for the vararg slot: its elements, each a singleton's
        instance as a constant (`_const_arg`), through `tuple_tfunc` -- one of constants is their
        tuple; a vararg of no arguments is `Tuple{}` in 1.10/1.11 and `Core.Const(())` in 1.12
        (`ix::Core.Const(())`, h1100; `JuliaVersion.empty_vararg_const`); a tuple of unknown length
        (`Vararg`) stays the type."""
        if type(t) is not DataType or t.name is not TT.TUPLE_NAME or any(type(p) is VarargType for p in t.params):
            return t
        if not t.params and not (rules is not None and rules.empty_vararg_const):
            return t
        from irc.world.tfuncs import tuple_tfunc

        return tuple_tfunc([cls._const_arg(p) for p in t.params])

    @staticmethod
    def _const_arg(t):
        """Julia's `most_general_argtypes`: an argument of a singleton type is
        its instance as a constant (`::typeof(sin)` -> `Core.Const(sin)`), and
        `::Type{T}` is `Core.Const(T)`."""
        if is_type(t):
            inst = L.singleton_instance(t)
            if inst is not None:
                return inst
            if TT.isType(t) and is_type(t.params[0]) and not has_free_typevars(t.params[0]):
                return L.Const(t.params[0])
        return t

    # ------------------------------------------------------------ diagnostics
    def _diag(self, pc: int, code: str, message: str, severity: str = "warning") -> None:
        lst = self.diags.setdefault(pc, [])
        if (severity, code, message) not in lst:
            lst.append((severity, code, message))

    def clear_diags(self, first: int, last: int) -> None:
        for d in (self.diags, self.call_notes):
            if d:
                for pc in range(first, last + 1):
                    d.pop(pc, None)

    def _value(self, e, pc: int = 0, report: bool = True):
        """world.value_of, memoised (the world is fixed): global names by
        their parts, literals by kind and value (`(kind, type, value)` for
        the exactly-comparable ints, bools, strings and floats other than
        zeros and NaN, else `(kind, repr)`),
        other nodes by identity.  Its diagnostics (an unknown global) are
        re-emitted for the statement on every evaluation, unless `report` is
        false (a callee: an unknown name there is an unknown callee, one
        diagnostic made by the call)."""
        t = type(e)
        if t is _Name:
            c = self._names
            key = e.parts
        else:
            c = self._vcache
            if t is _Lit:
                key = _lit_key(e)
            else:
                key = id(e)
        hit = c.get(key)
        if hit is None or (type(key) is int and hit[0] is not e):
            msgs: list[str] = []
            v = self.world.value_of(e, self.module, msgs)
            if msgs and t is _Name and self._names_self(e.parts):
                v, msgs = L.Const(FunctionValue(tuple(self.module or ("Main",)), self.fn.name)), []
            hit = (e, v, tuple(msgs))  # holding e keeps its id from being reused
            c[key] = hit
        if hit[2] and report:
            for m in hit[2]:
                self._diag(pc, "unknown-global", m)
        return hit[1]

    def _names_self(self, parts) -> bool:
        """Does an unknown global name denote the function being inferred (a
        recursive call, the function passed to `broadcasted`)?  It exists."""
        module = tuple(self.module or ("Main",))
        return tuple(parts) in ((self.fn.name,), module + (self.fn.name,))

    # ------------------------------------------------------------ statements
    def eval_stmt(self, pc: int, st: ir.Stmt, table, ssa):
        """Type of a VALUE statement; None when it yields no value."""
        v = st.value
        if type(v) is S.ExprNode and v.head in NO_VALUE_HEADS:
            # still evaluate operands (diagnostics), but the statement has no value
            for a in v.args:
                if type(a) is not S.Quote:
                    self.eval_value(pc, a, table, ssa)
            return None
        if v is None:
            return None
        if type(v) is _Call:
            return self.eval_call(pc, v.func, v.args, table, ssa, not self.used[pc])
        if type(v) is S.ExprNode and v.head == "call" and v.args:
            return self.eval_call(pc, v.args[0], v.args[1:], table, ssa, not self.used[pc])
        return self.eval_value(pc, v, table, ssa)

    def eval_cond(self, pc: int, st: ir.Stmt, table, ssa):
        e = _unwrap(st.value)
        t = self.eval_value(pc, e, table, ssa)
        if type(t) is L.Conditional and type(e) is S.SSA:
            # a Conditional computed at %n goes stale if its slot is written between %n and here
            if self._written_between(t.slot, e.n, pc):
                t = self.BOOL
        if type(t) is L.Const or type(t) is L.Conditional or t == self.BOTTOM:
            return t
        if type(e) is S.SlotRef and e.id is not None:
            t = L.Conditional(e.id, L.Const(True), L.Const(False))
        elif type(e) is S.SSA and self.rules is not None and self.rules.gotoifnot_ssa_def_slot:
            slot = self.arg_slot(e, pc)  # 1.11: `%k = x; goto #b if not %k` refines x too (`ssa_def_slot`)
            if slot is not None:
                t = L.Conditional(slot, L.Const(True), L.Const(False))
        return t

    def eval_return(self, pc: int, st: ir.Stmt, table, ssa):
        if st.value is None:
            return self.nothing
        t = self.eval_value(pc, st.value, table, ssa)
        return self.widen_cond(t)

    # ------------------------------------------------------------ expressions
    def eval_value(self, pc: int, e, table, ssa):
        t = type(e)
        if t is _SSA:
            n = e.n
            if 1 <= n < len(ssa):
                v = ssa[n]
                return self.BOTTOM if v is None else v
            return self.BOTTOM
        if t is _SlotRef:
            try:
                vs = table[e.id]
            except (IndexError, KeyError, TypeError):
                vs = None
            if vs is None:  # not a slot of this function (the builder should have refused it)
                self._diag(pc, "bad-slot", f"no slot {e.id}")
                return self.ANY
            return vs.type
        if t is _Call:
            return self.eval_call(pc, e.func, e.args, table, ssa)
        if t is _Name or t is _Lit:
            return self._value(e, pc)
        if t is _Typed:
            return self.eval_value(pc, e.expr, table, ssa)
        if t is S.ExprNode:
            return self.eval_exprnode(pc, e, table, ssa)
        if t is S.New:
            return self.eval_new(pc, e.type, e.args, table, ssa)
        if t is S.Splat or t is S.BlockRef:
            return self.ANY
        if t is S.TupleLit:
            return self.eval_call(pc, S.Name(("Core", "tuple")), e.items, table, ssa)
        try:
            return self._value(e, pc)
        except Exception as ex:  # noqa: BLE001 - the world could not type it
            self._diag(pc, "unknown-value", f"cannot evaluate {ex}")
            return self.ANY

    def eval_call(self, pc: int, func, args, table, ssa, unused: bool = False):
        """A call's type at statement pc; `unused`: the call is statement pc's
        whole value and no statement mentions `%pc` (Julia's
        `call_result_unused`), so a generic call's result widens to `Any`."""
        if type(func) is _Name:  # the common case, `_value`'s memo read in line
            callee = func
            kp = func.parts
            hit = self._names.get(kp)
            f = hit[1] if hit is not None else self._value(func, pc, report=False)
        else:
            f = self.eval_value(pc, func, table, ssa)
            callee = _unwrap(func)
            kp = callee.parts if type(callee) is _Name else type(callee)
        nssa = len(ssa)
        if len(args) == 2 and type(args[0]) in _LEAF and type(args[1]) in _LEAF:
            # the commonest shape, `f(a, b)` with each a `%n`, slot or literal: the loop
            # below unrolled (same cases, same order); a memo hit whose type is the same
            # at every statement returns before the argument list is built
            a, b = args
            t = type(a)
            if t is _SSA:
                n = a.n
                v0 = ssa[n] if 1 <= n < nssa else None
                if v0 is None:
                    v0 = self.BOTTOM
            elif t is _SlotRef:
                try:
                    v0 = table[a.id].type
                except (IndexError, KeyError, TypeError, AttributeError):
                    v0 = self.eval_value(pc, a, table, ssa)
            else:
                v0 = self._value(a, pc)
            t = type(b)
            if t is _SSA:
                n = b.n
                v1 = ssa[n] if 1 <= n < nssa else None
                if v1 is None:
                    v1 = self.BOTTOM
            elif t is _SlotRef:
                try:
                    v1 = table[b.id].type
                except (IndexError, KeyError, TypeError, AttributeError):
                    v1 = self.eval_value(pc, b, table, ssa)
            else:
                v1 = self._value(b, pc)
            key = (kp, id(f), id(v0), id(v1))
            hit = self._calls.get(key)
            if hit is not None and hit[3] is not None and not unused:
                return hit[3]
            argtypes = [v0, v1]
            return self._call_hit(pc, func, f, callee, args, argtypes, key, hit, unused)
        # the arguments, left to right: `[eval_value(a) for a in args]` with `%n`,
        # slots and literals read in line (the same cases, in the same order, as
        # eval_value's); their ids complete the memo key
        argtypes = []
        append = argtypes.append
        for a in args:
            t = type(a)
            if t is _SSA:
                n = a.n
                v = ssa[n] if 1 <= n < nssa else None
                if v is None:
                    v = self.BOTTOM
            elif t is _SlotRef:
                try:
                    v = table[a.id].type
                except (IndexError, KeyError, TypeError, AttributeError):
                    v = self.eval_value(pc, a, table, ssa)
            elif t is _Lit:
                v = self._value(a, pc)
            elif t is _Name and len(argtypes) == _TYPE_ARG.get(callee.parts[-1] if type(callee) is _Name else ""):
                v = self._type_arg(pc, a)
            else:
                v = self.eval_value(pc, a, table, ssa)
            append(v)
        key = (kp, id(f), *map(id, argtypes))
        return self._call_hit(pc, func, f, callee, args, argtypes, key, self._calls.get(key), unused)

    def value_runner(self):
        """`run(pc, last, table, ssa, users) -> pc'`: the engine's walk over a
        run of plain value calls, done here at once.  From statement pc on
        (at most to `last`), while statement pc is a value statement `%pc =
        f(a, b[, c])` -- `f` a name, each operand a `%n` (`1 <= n <
        len(ssa)`), a slot the table has a state for, or a literal -- that
        is first reached (`ssa[pc]` None), has no user the engine would
        queue (`users[pc]` empty) and whose call has a memo entry that is the
        same at every statement and not `Union{}`: `ssa[pc]` = that type
        (`Any`, and pc widened, for an unused generic call, as `_call_hit`
        does).  Returns the first statement it did not do, which the engine
        takes the usual way (that fills `_calls` for the next time).

        This is exactly the engine's handling of such a statement (`eval_call`'s
        memo hit, then `ssa[pc] = t` with no user to queue and no `Union{}`
        to stop at), without its per-statement dispatch; its own memo is
        `_calls` keyed by (callee parts, ids of the operand types), each
        entry `(type, widen when unused, operand types…)` (held, so no id is
        reused), copied from `_calls` the first time a key is looked up.
        On a `Body`, read from its columns (`_column_runner`; that runner
        also has `bind(holders, handlers)`, after which it takes plain
        assignments as well)."""
        stmts = self.fn.stmts
        if type(stmts) is Body:
            return self._column_runner(stmts)
        memo: dict = {}
        get = memo.get
        BOTTOM, ANY = self.BOTTOM, self.ANY
        value = self._value
        widened_add = self.widened.add
        calls, names = self._calls, self._names
        used = self.used
        VALUE = K.VALUE
        SSA, SlotRef, Lit, Call, Name = _SSA, _SlotRef, _Lit, _Call, _Name
        errors = (IndexError, KeyError, TypeError, AttributeError)

        def fill(key, kp, vs):
            """The entry for `key` copied from `_calls` (None when it has none to copy)."""
            hit = names.get(kp)
            if hit is None:
                return None
            ent = calls.get((kp, id(hit[1]), *map(id, vs)))
            if ent is None or ent[3] is None or ent[3] == BOTTOM:
                return None
            res = ent[2]
            new = memo[key] = (ent[3], res is not None and res is not _IFELSE and res.generic, *vs)
            return new

        def run(pc: int, last: int, table, ssa, users) -> int:
            nssa = len(ssa)
            while pc <= last:
                st = stmts[pc - 1]
                if st.kind is not VALUE or ssa[pc] is not None or users[pc]:
                    return pc
                v = st.value
                if type(v) is not Call:
                    return pc
                func = v.func
                if type(func) is not Name:
                    return pc
                args = v.args
                na = len(args)
                if na != 2 and na != 3:
                    return pc
                a = args[0]
                t = type(a)
                if t is SSA:
                    n = a.n
                    if not 0 < n < nssa:
                        return pc
                    v0 = ssa[n]
                    if v0 is None:
                        v0 = BOTTOM
                elif t is SlotRef:
                    try:
                        v0 = table[a.id].type
                    except errors:
                        return pc
                elif t is Lit:
                    v0 = value(a, pc)
                else:
                    return pc
                a = args[1]
                t = type(a)
                if t is SSA:
                    n = a.n
                    if not 0 < n < nssa:
                        return pc
                    v1 = ssa[n]
                    if v1 is None:
                        v1 = BOTTOM
                elif t is SlotRef:
                    try:
                        v1 = table[a.id].type
                    except errors:
                        return pc
                elif t is Lit:
                    v1 = value(a, pc)
                else:
                    return pc
                if na == 2:
                    key = (func.parts, id(v0), id(v1))
                    hit = get(key)
                    if hit is None:
                        hit = fill(key, func.parts, (v0, v1))
                        if hit is None:
                            return pc
                else:
                    a = args[2]
                    t = type(a)
                    if t is SSA:
                        n = a.n
                        if not 0 < n < nssa:
                            return pc
                        v2 = ssa[n]
                        if v2 is None:
                            v2 = BOTTOM
                    elif t is SlotRef:
                        try:
                            v2 = table[a.id].type
                        except errors:
                            return pc
                    elif t is Lit:
                        v2 = value(a, pc)
                    else:
                        return pc
                    key = (func.parts, id(v0), id(v1), id(v2))
                    hit = get(key)
                    if hit is None:
                        hit = fill(key, func.parts, (v0, v1, v2))
                        if hit is None:
                            return pc
                if hit[1] and not used[pc]:
                    widened_add(pc)
                    ssa[pc] = ANY
                else:
                    ssa[pc] = hit[0]
                pc += 1
            return pc

        return run

    # ------------------------------------------------------------ the column path
    def _lit_entry(self, node):
        """`_value`'s memo entry `(node, value, messages)` of a literal (filled on first use)."""
        self._value(node, 0, report=False)
        return self._vcache[_lit_key(node)]

    def _name_entry(self, node, pc: int):
        """`_value`'s memo entry of a global name (filled on first use, with no diagnostic)."""
        hit = self._names.get(node.parts)
        if hit is None:
            self._value(node, pc, report=False)
            hit = self._names[node.parts]
        return hit

    def column_typer(self):
        """`typ(pc, table, ssa) -> type | None`: the type of statement pc of a
        `Body` held in columns (`shape[pc - 1] != TREE`), read from its tags
        with no statement object -- exactly what the engine's object path
        (`eval_call` for a call, `eval_value` / `eval_stmt` for an atom)
        gives it, with the same diagnostics, memo entries and `widened`; None
        when the statement needs that path (its call's memo entry depends on
        the statement: notes, a Conditional on an argument, `Core.ifelse`;
        or, with `use_printed`, a call irc could not type there before):
        nothing was recorded then that the object path would not record the
        same (a diagnostic repeated is the same entry), and the engine
        materialises the statement and takes it.  None instead of the
        function when `fn.stmts` is not a `Body`, or every call may take
        Julia's printed type (`use_printed(every=True)`: `calls_at` holds
        the statement's own nodes).

        Operands by tag: `%n` -> `ssa[n]` (`Union{}` while unreached or out
        of range), a slot -> its state's type, a literal or a global name ->
        `_value`'s memo entry, kept per `lits` / `names` index (its messages
        re-emitted at every statement, as `_value` does), a name where a
        builtin takes a type (`_TYPE_ARG`) -> `_type_arg` on a node placed
        at the operand.  The callee: a name's value (its entry, no
        diagnostic), else the operand's type; the memo key is `eval_call`'s
        (callee parts or node class, ids of f and the argument types), and a
        miss fills `_calls` as `_call_hit` does (the callee node passed to
        the world is the shared `names` node: the world reads a callee's
        parts only)."""
        body = self.fn.stmts
        if type(body) is not Body or self.printed_every or len(body.slot_names) != len(self.fn.slots) + 1:
            return None
        shape, slotc, fcol, fccol, line, colc = body.shape, body.slot, body.f, body.fc, body.line, body.col
        a0, a1, a2, c0, c1, c2 = body.a0, body.a1, body.a2, body.c0, body.c1, body.c2
        lits, names = body.lits, body.names
        atom = body.atom
        lit_ent: list = [None] * len(lits)
        name_ent: list = [None] * len(names)
        BOTTOM, ANY = self.BOTTOM, self.ANY
        calls = self._calls
        used = self.used
        widened_add = self.widened.add
        diag = self._diag
        lit_entry, name_entry = self._lit_entry, self._name_entry
        call_entry, type_arg = self._call_entry, self._type_arg
        intercepts = self.intercepts
        gaps, from_input = self._gaps, self.from_input
        node_class = (_SSA, _SlotRef, _Lit, _Name)  # by tag kind: a callee's memo key when not a name
        type_args = _TYPE_ARG

        def operand(tag: int, pc: int, table, ssa, k: int, col: int, typearg: bool):
            kind = tag & 3
            if kind == 0:  # %n
                n = tag >> 2
                if n < len(ssa):
                    v = ssa[n]
                    return BOTTOM if v is None else v
                return BOTTOM
            if kind == 1:  # a slot
                return table[tag >> 2].type
            if kind == 2:  # a literal
                j = tag >> 2
                ent = lit_ent[j]
                if ent is None:
                    ent = lit_ent[j] = lit_entry(lits[j])
            else:  # a global name
                if typearg:
                    return type_arg(pc, atom(tag, line[k], col))
                j = tag >> 2
                ent = name_ent[j]
                if ent is None:
                    ent = name_ent[j] = name_entry(names[j], pc)
            if ent[2]:
                for m in ent[2]:
                    diag(pc, "unknown-global", m)
            return ent[1]

        fill = body.fill  # (the positions a row left to the source: read here, where notes may cite them)

        def typ(pc: int, table, ssa):
            k = pc - 1
            sh = shape[k]
            if sh and not colc[k]:
                fill(k)
            if sh == ATOM:
                a = a0[k]
                if a & 3 == 0:  # `x = %n`, in line
                    n = a >> 2
                    v = ssa[n] if n < len(ssa) else None
                    return BOTTOM if v is None else v
                return operand(a, pc, table, ssa, k, c0[k], False)
            if intercepts and pc in gaps:
                return None  # `use_printed` may take Julia's type here (`taken`)
            ft = fcol[k]
            if ft & 3 == NAME_TAG:
                j = ft >> 2
                ent = name_ent[j]
                if ent is None:
                    ent = name_ent[j] = name_entry(names[j], pc)
                f = ent[1]
                kp = names[j].parts
                targ = type_args.get(kp[-1], -1)
            else:
                f = operand(ft, pc, table, ssa, k, fccol[k], False)
                kp = node_class[ft & 3]
                targ = -1
            v0 = operand(a0[k], pc, table, ssa, k, c0[k], targ == 0)
            if sh == CALL1:
                argtypes = [v0]
                key = (kp, id(f), id(v0))
            else:
                v1 = operand(a1[k], pc, table, ssa, k, c1[k], targ == 1)
                if sh == CALL3:
                    v2 = operand(a2[k], pc, table, ssa, k, c2[k], targ == 2)
                    argtypes = [v0, v1, v2]
                    key = (kp, id(f), id(v0), id(v1), id(v2))
                else:
                    argtypes = [v0, v1]
                    key = (kp, id(f), id(v0), id(v1))
            hit = calls.get(key)
            if hit is None:
                func = names[ft >> 2] if ft & 3 == NAME_TAG else atom(ft, line[k], fccol[k])
                hit = calls[key] = call_entry(func, f, func, argtypes)
            rt = hit[3]
            if rt is None:
                return None  # depends on the statement: the object path
            res = hit[2]
            if res is not None and res is not _IFELSE and res.generic and not slotc[k] and not used[pc] \
                    and rt != BOTTOM:
                widened_add(pc)
                rt = ANY
            if intercepts:
                from_input[pc] = False
            return rt

        return typ

    def _column_runner(self, body: Body):
        """`value_runner` on a `Body`: the same walk read from the columns
        (value statements of shape INFIX / CALL1..CALL3, callee tag a name,
        operand tags `%n`, slots or literals).  Its memo is keyed by (callee
        tag, ids of the operand types); a key it has not seen reads
        `_calls` (as `eval_call` would, filling it on a miss as `_call_hit`
        does) and stops at a statement whose entry depends on the statement
        or is `Union{}`, or whose literal's value has messages.

        Once bound to the engine's `holders` and `handlers` (`bind`), it also
        takes an assignment `x = %n` or `x = f(…)` (same operands) that is
        first reached with no user to queue, while `holders` is empty, outside
        any try region, to a slot of the function, its type neither `Union{}`
        nor a Conditional: `ssa[pc] = t`, `table[x] = (t, defined)` -- the
        engine's common case of an assignment, without its dispatch."""
        shape, slotc, fcol = body.shape, body.slot, body.f
        a0, a1, a2 = body.a0, body.a1, body.a2
        lits, names = body.lits, body.names
        litv: list = [None] * len(lits)  # a literal's value when `_value` reports nothing for it
        fvals: list = [None] * len(names)
        nslots1 = len(body.slot_names)
        memo: dict = {}
        get = memo.get
        BOTTOM, ANY = self.BOTTOM, self.ANY
        widened_add = self.widened.add
        calls = self._calls
        used = self.used
        lit_entry, name_entry, call_entry = self._lit_entry, self._name_entry, self._call_entry
        if nslots1 != len(self.fn.slots) + 1:
            return lambda pc, last, table, ssa, users: pc

        def lit(j: int):
            ent = lit_entry(lits[j])
            if ent[2]:
                return None  # the engine reports its messages
            v = litv[j] = ent[1]
            return v

        def fill(key, pc: int, vs: tuple):
            ft = key[0]
            if ft & 3 != NAME_TAG:
                return None  # a callee that is not a name: the engine's way
            j = ft >> 2
            f = fvals[j]
            if f is None:
                f = fvals[j] = name_entry(names[j], pc)[1]
            node = names[j]
            ckey = (node.parts, id(f), *map(id, vs))
            ent = calls.get(ckey)
            if ent is None:
                ent = calls[ckey] = call_entry(node, f, node, list(vs))
            rt = ent[3]
            if rt is None or rt == BOTTOM:
                return None
            res = ent[2]
            new = memo[key] = (rt, res is not None and res is not _IFELSE and res.generic, *vs)
            return new

        held = None  # the engine's Conditional holders and try regions (`bind`): assignments too
        regions = None
        new_state = tuple.__new__
        Cond, Union_ = _Cond, _Union

        def bind(holders: dict, handlers: list) -> None:
            """Take assignments `x = %n` / `x = f(…)` too: the engine's `holders`
            (slot -> the slots holding a Conditional about it; an assignment is
            the engine's while it is not empty) and `handlers` (try region of
            each statement; an assignment inside one is the engine's)."""
            nonlocal held, regions
            held, regions = holders, handlers

        def run(pc: int, last: int, table, ssa, users) -> int:
            nssa = len(ssa)
            if pc > last or len(table) != nslots1:
                return pc
            for pc in range(pc, last + 1):
                k = pc - 1
                sh = shape[k]
                sid = slotc[k]
                if ssa[pc] is not None or users[pc]:
                    return pc
                if sid:  # `x = …`: as the engine's common case (no Conditional to track, no try region)
                    if held is None or held or sid >= nslots1 or regions[pc]:
                        return pc
                    if sh == ATOM:
                        a = a0[k]
                        if a & 3:
                            return pc
                        n = a >> 2
                        if n >= nssa:
                            return pc
                        t = ssa[n]
                        if t is None or type(t) is Cond or (type(t) is Union_ and t == BOTTOM):
                            return pc
                        ssa[pc] = t
                        table[sid] = new_state(VarState, (t, False))
                        continue
                if sh < INFIX:
                    return pc
                a = a0[k]
                t = a & 3
                if t == 0:
                    n = a >> 2
                    if n >= nssa:
                        return pc
                    v0 = ssa[n]
                    if v0 is None:
                        v0 = BOTTOM
                elif t == 1:
                    v0 = table[a >> 2][0]
                elif t == 2:
                    v0 = litv[a >> 2]
                    if v0 is None:
                        v0 = lit(a >> 2)
                        if v0 is None:
                            return pc
                else:
                    return pc
                if sh == CALL1:
                    key = (fcol[k], id(v0))
                    hit = get(key)
                    if hit is None:
                        hit = fill(key, pc, (v0,))
                        if hit is None:
                            return pc
                else:
                    a = a1[k]
                    t = a & 3
                    if t == 0:
                        n = a >> 2
                        if n >= nssa:
                            return pc
                        v1 = ssa[n]
                        if v1 is None:
                            v1 = BOTTOM
                    elif t == 1:
                        v1 = table[a >> 2][0]
                    elif t == 2:
                        v1 = litv[a >> 2]
                        if v1 is None:
                            v1 = lit(a >> 2)
                            if v1 is None:
                                return pc
                    else:
                        return pc
                    if sh != CALL3:
                        key = (fcol[k], id(v0), id(v1))
                        hit = get(key)
                        if hit is None:
                            hit = fill(key, pc, (v0, v1))
                            if hit is None:
                                return pc
                    else:
                        a = a2[k]
                        t = a & 3
                        if t == 0:
                            n = a >> 2
                            if n >= nssa:
                                return pc
                            v2 = ssa[n]
                            if v2 is None:
                                v2 = BOTTOM
                        elif t == 1:
                            v2 = table[a >> 2][0]
                        elif t == 2:
                            v2 = litv[a >> 2]
                            if v2 is None:
                                v2 = lit(a >> 2)
                                if v2 is None:
                                    return pc
                        else:
                            return pc
                        key = (fcol[k], id(v0), id(v1), id(v2))
                        hit = get(key)
                        if hit is None:
                            hit = fill(key, pc, (v0, v1, v2))
                            if hit is None:
                                return pc
                if sid:
                    t = hit[0]
                    if type(t) is Cond:
                        return pc
                    ssa[pc] = t
                    table[sid] = new_state(VarState, (t, False))
                elif hit[1] and not used[pc]:
                    widened_add(pc)
                    ssa[pc] = ANY
                else:
                    ssa[pc] = hit[0]
            return last + 1

        run.bind = bind
        return run

    def _call_hit(self, pc: int, func, f, callee, args, argtypes, key, hit, unused: bool):
        """`eval_call` once its memo was read (`hit`: the entry at `key`, None
        on a miss, which fills it)."""
        if hit is None:
            hit = self._calls[key] = self._call_entry(func, f, callee, argtypes)
        rt = hit[3]
        if rt is None:  # the result depends on the statement
            res = hit[2]
            if res is _IFELSE:
                return self._ifelse(pc, args, argtypes)
            rt = self._call_result(pc, func, f, args, argtypes, res)
        if unused and hit[2] is not None and hit[2] is not _IFELSE and hit[2].generic and rt != self.BOTTOM:
            self.widened.add(pc)
            return self.ANY
        return rt

    def _call_text(self, func, f, args, argtypes, rt) -> str:
        """`Main.g(%2::Any, x::Int64)::Any`: a call as JET's reports print it."""
        def text(e, t):
            e = _unwrap(e)
            ty = "" if type(t) is L.Const else "::" + show(L.widenconst(t))
            if type(e) is _SSA:
                return f"%{e.n}{ty}"
            if type(e) is _SlotRef and e.id is not None and 1 <= e.id <= len(self.fn.slots):
                return f"{self.fn.slots[e.id - 1].name}{ty}"
            if type(e) is _Name:
                return format_name(e.parts) + ty
            if type(e) is _Lit and e.text:
                return e.text
            return ty or "::" + show(L.widenconst(t))
        callee = _unwrap(func)
        if type(callee) is _Name:
            head = callee.parts[0] if len(callee.parts) == 1 else format_name(callee.parts)
        else:
            head = text(callee, f)
        return f"{head}({', '.join(text(a, t) for a, t in zip(args, argtypes))})::{show(L.widenconst(rt))}"

    def _type_arg(self, pc: int, name):
        """A name where a builtin takes a type (`x isa T`, `typeassert(x, T)`,
        `apply_type(T, …)`): one irc does not know is a type it does not know
        (kept opaque, spec §1.2), not an unknown global; one that is a function
        only declarations make is the type behind it, if any (`World.type_behind`)."""
        resolve = getattr(self.world, "resolve", None)
        r = resolve(name.parts, self.module) if resolve is not None else None
        if resolve is not None and r is None:
            try:
                return L.Const(self.world.eval_type(name, {}, self.module))
            except Exception:  # noqa: BLE001 - not a type after all: an unknown global
                pass
        elif r is not None and r[0] == "function":
            # a function only declarations make, with a type of that name behind it
            # (`Main.##WeaveSandBox#1908.Float64`: the sandbox's binding of `Float64`)
            behind = self.world.type_behind(name.parts, self.module)
            if behind is not None:
                return L.Const(behind)
        return self._value(name, pc)

    def _call_entry(self, func, f, callee, argtypes) -> tuple:
        """The memo entry of a call (see `_calls` in __init__): `(f, argtypes,
        CallResult or None, result or None)`, the last when the call's type is
        the same at every statement (no diagnostics, no Conditional on an
        argument's slot): `Union{}` when f or an argument is, the swapped
        Conditional of `!c`, `Core.ifelse` on a Conditional (`_IFELSE`,
        typed per statement), else world.call on the arguments with
        Conditionals widened (`widenconditional`: a one-sided Conditional is
        the constant it stands for), the result through
        `maybe_singleton_const`."""
        bottom = self.BOTTOM
        if f == bottom or bottom in argtypes:
            return (f, argtypes, None, bottom)
        if len(argtypes) == 1 and type(argtypes[0]) is _Cond and self._is_not(func, f):
            c = argtypes[0]
            return (f, argtypes, None, _Cond(c.slot, c.else_, c.then))
        if len(argtypes) == 3 and type(argtypes[0]) is _Cond and self._is_builtin(f, "ifelse"):
            return (f, argtypes, _IFELSE, None)
        widen = L.widenconditional
        wargs = [widen(a) if type(a) is _Cond else a for a in argtypes]
        res = self.world.call(f, wargs, self.module, callee=callee)
        rt = res.rt
        if res.diagnostics or res.dynamic or res.gap or res.cond is not None:
            rt = None
        else:
            rt = L.maybe_singleton_const(rt)
        return (f, argtypes, res, rt)

    def _call_result(self, pc: int, func, f, args, argtypes, res):
        """A call's type at statement pc from its CallResult: its notes are
        emitted for pc (and a `runtime-dispatch` report, in JET's words, for
        a call Julia would dispatch at run time), and `cond` becomes a
        Conditional on the slot the argument stands for: for a builtin (`isa`,
        `===`, `isdefined`) whenever the result is `Bool` or a `Const` Bool,
        one branch `Union{}` when it folded (abstract_call_builtin); for a
        declaration's `iff`/`implies`, Julia's `from_interconditional`."""
        if res.gap:
            self._gaps[pc] = args  # this call's Any is a gap in irc's knowledge (`use_printed`)
        if res.diagnostics:
            for d in res.diagnostics:
                self._diag(pc, d.code, d.message, d.severity)
                if d.declare is not None:
                    notes = self.call_notes.setdefault(pc, [])
                    if all(n is not d for _, n, _ in notes):
                        # whole: the note is about the call's own argument types (not a split case)
                        whole = d.declare.endswith("(" + argument_text(argtypes) + ")")
                        notes.append((args, d, whole))
        elif getattr(res, "dynamic", False) and not any(d[1] == "unknown-global" for d in self.diags.get(pc, ())):
            # (an unknown global read here is the cause, already reported)
            self._diag(pc, "runtime-dispatch", "runtime dispatch detected: "
                       + self._call_text(func, f, args, argtypes, res.rt))
        rt = res.rt
        if res.cond is not None and (rt == self.BOOL or (type(rt) is L.Const and type(rt.val) is bool)):
            if res.generic:
                return self._interconditional(pc, args, argtypes, rt, res.cond)
            for pos, then_t, else_t in (res.cond,) + res.cond_alts:
                slot = self.arg_slot(args[pos], pc) if 0 <= pos < len(args) else None
                if slot is not None:
                    return L.Conditional(slot, then_t, else_t)
        return L.maybe_singleton_const(rt)

    def _interconditional(self, pc: int, args, argtypes, rt, cond):
        """Julia's `from_interconditional` for a declaration's refinement of
        argument `pos`: kept only when a branch is strictly narrower than the
        argument's type (a constant argument is not refined); a folded result
        makes the other branch `Union{}`; both branches `Union{}`: `Union{}`."""
        pos, new_then, new_else = cond
        if not 0 <= pos < len(args):
            return rt
        slot = self.arg_slot(args[pos], pc)
        old = argtypes[pos]
        if slot is None or not is_type(old):
            return rt
        condval = L.maybe_extract_const_bool(rt)
        then_t = self.BOTTOM if condval is False else new_then
        else_t = self.BOTTOM if condval is True else new_else
        if (condval is not False and L.lattice_lt(then_t, old)) or (condval is not True and L.lattice_lt(else_t, old)):
            if then_t == self.BOTTOM and else_t == self.BOTTOM:
                return self.BOTTOM
            return L.Conditional(slot, then_t, else_t)
        return rt

    def _ifelse(self, pc: int, args, argtypes):
        """`Core.ifelse(c, x, y)` with a Conditional `c` (abstract_call_builtin):
        a constant condition picks an arm; otherwise an arm that is the
        condition's slot narrows to the then/else type (⊑, else `tmeet`), and
        the arms merge.  A condition read from `%k` whose slot was written
        since is a plain `Bool` (as at `goto … if not`)."""
        c, tx, ty = argtypes
        e = _unwrap(args[0])
        if type(e) is S.SSA and self._written_between(c.slot, e.n, pc):
            return self.tmerge(tx, ty)
        w = L.widenconditional(c)
        if type(w) is L.Const:
            return tx if w.val else ty
        le = self.le
        if self.arg_slot(args[1], pc) == c.slot:
            tx = c.then if le(c.then, tx) else tmeet_partials(tx, L.widenconst(c.then))
        if self.arg_slot(args[2], pc) == c.slot:
            ty = c.else_ if le(c.else_, ty) else tmeet_partials(ty, L.widenconst(c.else_))
        return self.tmerge(tx, ty)

    def _is_builtin(self, f, name: str) -> bool:
        """Is f the builtin `name` (no declaration of its own answers it)?"""
        if type(f) is not L.Const or type(f.val) is not FunctionValue or f.val.name != name:
            return False
        builtin_of = getattr(self.world, "builtin_of", None)
        return builtin_of is not None and builtin_of(f.val) == name

    def _is_not(self, func, f) -> bool:
        e = _unwrap(func)
        if type(e) is S.Name and e.parts in NOT_FUNCS:
            return True
        if type(f) is L.Const:
            name = getattr(f.val, "name", None)
            if name in ("not_int", "!"):
                return True
        return False

    def arg_slot(self, e, pc: int) -> int | None:
        """Julia's `ssa_def_slot`: the slot an argument stands for, if any.

        A slot; `%k` whose chain of copies ends at slot `x` with no write to
        `x` between that `%k` and pc; or `%k` whose chain ends at any other
        statement `%init` (a call) that a later `x = %init` copies before pc
        (#45499: `%1 = f(); y = %1; %1 !== nothing` refines `y`), as
        `_copied_slot` reads it."""
        e = _unwrap(e)
        if type(e) is S.SlotRef:
            return e.id
        stmts = self.fn.stmts
        body = stmts if type(stmts) is Body else None
        seen = 0
        while type(e) is S.SSA and seen < 64:
            seen += 1
            n = e.n
            if not 1 <= n <= len(stmts):
                return None
            if body is not None and body.shape[n - 1] != TREE:  # in columns: `%n = x` is an ATOM value
                if body.slot[n - 1] or body.shape[n - 1] != ATOM:
                    return self._copied_slot(n, pc)  # an assignment, or a call (not a slot, not a `%k`)
                tag = body.a0[n - 1]
                kind = tag & 3
                if kind == SLOT_TAG:
                    sid = tag >> 2
                    return None if self._written_between(sid, n, pc) else sid
                if kind != SSA_TAG:
                    return self._copied_slot(n, pc)  # a literal or a global name
                e = S.SSA(tag >> 2)
                continue
            st = stmts[n - 1]
            inner = _unwrap(st.value) if st.kind is K.VALUE else None
            if type(inner) is S.SlotRef:
                if inner.id is None or self._written_between(inner.id, n, pc):
                    return None
                return inner.id
            if type(inner) is not S.SSA:
                return self._copied_slot(n, pc)
            e = inner
        return None

    def _copied_slot(self, init: int, pc: int) -> int | None:
        """The #45499 branch of `ssa_def_slot`: walking the assignments
        between `%init` and pc in order, `x = %init` makes `x` the answer,
        and any later assignment to the answer (another copy included)
        makes it none.  With the copies of `%init` in order, the answer is
        the last copy before pc, provided no copy's slot is written after
        it before the next copy (or pc)."""
        cs = self.copies.get(init)
        if not cs:
            return None
        arg = None
        for i, s in cs:
            if i >= pc:
                break
            if arg is not None and (arg[1] == s or self._written_between(arg[1], arg[0], i)):
                return None
            arg = (i, s)
        if arg is None or self._written_between(arg[1], arg[0], pc):
            return None
        return arg[1]

    def _written_between(self, slot: int, lo: int, hi: int) -> bool:
        """Is `slot` assigned by a statement strictly between lo and hi?"""
        w = self.writes.get(slot)
        if not w:
            return False
        k = bisect.bisect_right(w, lo)
        return k < len(w) and w[k] < hi

    def eval_new(self, pc: int, texpr, args, table, ssa):
        name = _unwrap(texpr)
        if type(name) is S.Name and self.world.resolve(name.parts, self.module) is None:
            # `%new(Main.:(var"#122#123"))`: `new` makes an instance of exactly its type, so a name irc
            # does not know is a type (opaque until declared: the world's `unknown-type` note), not `Any`
            try:
                tt = L.Const(self.world.eval_type(name, self.sparam_env(), self.module))
            except Exception:  # noqa: BLE001 - a name the world cannot take as a type: as any value
                tt = self.eval_value(pc, texpr, table, ssa)
        else:
            tt = self.eval_value(pc, texpr, table, ssa)
        argtypes = [self.eval_value(pc, a, table, ssa) for a in args]
        if tt == self.BOTTOM or any(a == self.BOTTOM for a in argtypes):
            return self.BOTTOM
        new = getattr(self.world, "new", None)
        if new is not None:
            return L.maybe_singleton_const(new(tt, [self.widen_cond(a) for a in argtypes]))
        if type(tt) is L.Const and is_type(tt.val):
            return tt.val
        return self.ANY

    def eval_exprnode(self, pc: int, e: S.ExprNode, table, ssa):
        h = e.head
        args = e.args
        if h == "isdefined":
            x = _unwrap(args[0]) if args else None
            if type(x) is S.Quote:
                x = _unwrap(x.expr)
            if type(x) is S.SlotRef and x.id is not None:
                vs = table[x.id]
                if vs.type == self.BOTTOM:
                    return L.Const(False)
                if not vs.undef:
                    return L.Const(True)
                if self.rules is not None and self.rules.isdefined_conditional:
                    # 1.12 `abstract_eval_isdefined_expr`: refines x's undef in the true branch
                    w = L.widenconditional(vs.type)
                    return L.Conditional(x.id, w, w, True)
            return self.BOOL
        if h == "static_parameter":
            k = args[0].value if args and type(args[0]) is S.Lit else None
            if isinstance(k, int) and 1 <= k <= len(self.sparams) and self.sparams[k - 1] is not None:
                return L.Const(self.sparams[k - 1])
            return self.ANY
        if h == "the_exception":
            return self.ANY
        if h == "=" and len(args) == 2:
            # a global assignment `Main.x = v`: its value (abstract_eval_basic_statement, `:(=)`)
            return self.eval_value(pc, args[1], table, ssa)
        if h == "boundscheck":
            return self.BOOL
        if h == "call" and args:
            return self.eval_call(pc, args[0], args[1:], table, ssa)
        if h == "invoke" and len(args) >= 2:
            return self.eval_call(pc, args[1], args[2:], table, ssa)
        if h in ("new", "splatnew") and args:
            return self.eval_new(pc, args[0], args[1:], table, ssa)
        if h == "foreigncall":
            for a in args[5:]:
                if type(a) is not S.Quote:
                    if self.eval_value(pc, a, table, ssa) == self.BOTTOM:
                        return self.BOTTOM
            if len(args) >= 2:
                try:
                    return L.maybe_singleton_const(self.world.eval_type(args[1], self.sparam_env()))
                except Exception:  # noqa: BLE001
                    return self.ANY
            return self.ANY
        if h == "throw_undef_if_not":
            if len(args) >= 2:
                c = self.eval_value(pc, args[1], table, ssa)
                if c == self.BOTTOM or self.const_bool(c) is False:
                    return self.BOTTOM
            return self.ANY
        if h == "copyast":
            return TT.EXPR
        if h in NO_VALUE_HEADS or h in ("method", "gc_preserve_begin", "cfunction", "opaque_closure",
                                        "isdefined_global"):
            return self.ANY
        if h == "globaldecl" and self.rules is not None and self.rules.global_statements:
            return self.nothing  # 1.12 `abstract_eval_statement_expr`: `:globaldecl` is Nothing
        self._diag(pc, "unknown-head", f"unknown expression head :{h}")
        return self.ANY

