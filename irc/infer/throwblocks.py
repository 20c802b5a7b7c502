"""Calls in throw blocks that Julia 1.10 and 1.11 do not infer (`should_infer_this_call`).

`skipped_calls(fn, world, rules, handlers, phase1) -> frozenset of pcs`:
the statements whose generic call inference leaves `Any`, decided after a
first inference run (`analysis.Phase1`: which statements were reached, and
the world's answer for a call on that run's argument types); the caller
infers again with them `Any` (`Transfer.skip_calls`).  Skipping changes only
the throw blocks' own statements and the slots they assign (a throw block
leads only to its `throw`), so the first run's answers before them stand.

Julia 1.10/1.11 (`InferenceParams.unoptimize_throw_blocks`, default true):
`InferenceState` marks the statements of throw blocks
(`mark_throw_blocks!` / `find_throw_blocks`, utilities.jl), and
`abstract_call_gf_by_type` (abstractinterpretation.jl) returns `Any` without
looking at methods for a call at such a statement unless
`should_infer_for_effects(sv)` (inferencestate.jl): the function's effects
so far (`sv.ipo_effects`, merged as statements are inferred) are still
`terminates` and `effect_free` (1.11: and `consistent` is not
`ALWAYS_FALSE`).  A skipped call's own effects are unknown, so every later
throw-block call is skipped too.  Julia 1.12 removed the rule (it infers
them).  Builtin calls are never skipped (`abstract_call_builtin`).

`find_throw_blocks`, statement by statement from the last: a `throw(…)` call
outside a try region (`handler_at[i] == 0`) is one (1.10 `is_throw_call`:
the callee is a global that is `Core.throw`; 1.11 also `(%k)(…)` where `%k`
is that global); a non-control statement is one when the next is; a `goto`
when its target is; a `goto … if not` when both successors are; `return`
and `unreachable` never are.

The effects so far, as far as irc can know them, in statement order over
the statements the first run reached (Julia's first pass takes blocks lowest
first; a backedge comes after its loop's body):

- a backedge (`goto #b` / `goto #b if not` to a block that starts at or
  before it) clears `terminates` (`handle_control_backedge!`);
- a builtin keeps `terminates`; it is `effect_free` when Julia lists it in
  `_EFFECT_FREE_BUILTINS` or `_PURE_BUILTINS` (`builtin_effects`), and for
  1.11 `consistent` unless listed in neither `_CONSISTENT_BUILTINS` nor
  the field/array/memory readers; an intrinsic is total except `pointerset`
  (and, for 1.11, `_INCONSISTENT_INTRINSICS`); `Core._apply_iterate` and
  the other builtins that call a function are as that call: unknown;
- a generic call (`generic_total`, on the first run's argument types) is
  total when every method that may apply is `@foldable`; not total when
  Julia dispatches it at run time or finds no method (Julia's own effects
  are unknown there) or its name ends in `!` (it mutates an argument) or
  it is one of Base's string-building or printing functions (they loop or
  write to a stream: `NOT_TOTAL_BASE`);
  otherwise irc cannot tell and takes it as total (docs/decisions.md: Julia
  finds `size(A) == size(B)` total before `@assert`'s constructor, r217,
  r274; `string(…)` is not, r052);
- `foreigncall` is unknown; for 1.11 a read of a non-constant global clears
  `consistent` (`abstract_eval_global`); other values are total.

Approximations (docs/decisions.md): statements are taken in index order,
and a block walked again after a backedge is not re-decided (its calls
after the backedge would be skipped the second time).

Cost: nothing when the rules have no such rule or no name is `throw` (a look
at the function's distinct names); else a pass from the last statement and
one from the first, asking the world about the generic calls only while the
effects are still total (one replay of each block they are in).
"""
from __future__ import annotations

from irc.ir import model as ir
from irc.ir.body import ATOM, CALL1, CALL2, INFIX, LIT_TAG, NAME_TAG, SSA_TAG, TREE, Body
from irc.syntax import tree as S

K = ir.Kind

# base/compiler/tfuncs.jl, 1.10 and 1.11: `_EFFECT_FREE_BUILTINS` ∪ `_PURE_BUILTINS`
EFFECT_FREE_BUILTINS = frozenset({
    "fieldtype", "apply_type", "isa", "UnionAll", "getfield", "arrayref", "arraysize", "const_arrayref",
    "memoryrefnew", "memoryrefoffset", "memoryrefget", "memoryref_isassigned", "isdefined", "sizeof",
    "ifelse", "_typevar", "<:", "typeassert", "throw", "getglobal", "compilerbarrier",
    "tuple", "svec", "===", "typeof", "nfields",
})
# 1.11 `builtin_effects`: `consistent` is not ALWAYS_FALSE for `_CONSISTENT_BUILTINS` and for the
# readers with their own rule (`getfield_effects`, `isdefined_effects`, the array/memory readers, `_typevar`)
CONSISTENT_BUILTINS = frozenset({
    "tuple", "svec", "===", "typeof", "nfields", "fieldtype", "apply_type", "isa", "UnionAll", "sizeof",
    "ifelse", "<:", "typeassert", "throw", "setfield!", "donotdelete",
    "getfield", "isdefined", "arrayref", "arrayset", "arraysize", "const_arrayref", "_typevar",
    "memoryrefnew", "memoryrefoffset", "memoryrefget", "memoryref_isassigned", "memoryrefset!",
})
# builtins whose effects are those of the function they call (unknown to irc)
CALLING_BUILTINS = frozenset({"_apply_iterate", "_apply", "_apply_pure", "invoke", "_call_latest",
                              "_call_in_world", "invokelatest", "applicable", "finalizer", "modifyfield!",
                              "_call_in_world_total", "invoke_in_world"})
INCONSISTENT_INTRINSICS = ("pointerref", "sqrt_llvm_fast", "have_fma", "cglobal")  # and every `*_fast`

_GENERIC, _BUILTIN, _THROW = 0, 1, 2
_SLOT = S.Lit(None, "Nothing", "nothing")  # a column row's slot operand: only its being no global matters


def _unwrap(e):
    while type(e) is S.Typed:
        e = e.expr
    return e


class _Callees:
    """What a call's callee is (generic, a builtin, `Core.throw`) and its effects, from the world's names."""

    def __init__(self, fn: ir.Function, rows: list, world, v111: bool):
        self.rows, self.world, self.v111 = rows, world, v111
        self.module = fn.module
        self._memo: dict = {}

    def resolve(self, e):
        """(kind, builtin name or function value or None) of the callee expression `e`."""
        e = _unwrap(e)
        if type(e) is S.SSA and self.v111 and 1 <= e.n <= len(self.rows):
            kind, _, call, val = self.rows[e.n - 1]  # 1.11 lowering: `%1 = Main.throw`, then `(%1)(%4)`
            if kind is K.VALUE and call is None:
                e = _unwrap(val)
        if type(e) is not S.Name:
            return (_GENERIC, None)
        key = e.parts
        hit = self._memo.get(key)
        if hit is None:
            hit = self._memo[key] = self._resolve(e.parts)
        return hit

    def _resolve(self, parts):
        resolve = getattr(self.world, "resolve", None)
        try:
            r = resolve(parts, self.module) if resolve is not None else None
        except Exception:  # noqa: BLE001 - a name irc cannot resolve is an unknown callee
            r = None
        if r is None:
            return (_GENERIC, None)
        kind, _, obj = r
        if kind == "builtin":
            name = getattr(obj, "name", "")
            return (_THROW if name == "throw" else _BUILTIN, name)
        if kind == "function":
            builtin = self.world.builtin_of(obj)
            if builtin is not None:
                return (_THROW if builtin == "throw" else _BUILTIN, builtin)
            return (_GENERIC, obj)
        return (_GENERIC, None)

    def global_read_total(self, e) -> bool:
        """1.11: a read of a non-constant global is not `consistent`."""
        if not self.v111 or type(e) is not S.Name:
            return True
        try:
            r = self.world.resolve(e.parts, self.module)
        except Exception:  # noqa: BLE001
            return True
        return r is None or r[0] != "global"


def builtin_total(name: str, v111: bool) -> bool:
    """Does a call of this builtin or intrinsic keep the effects total (`builtin_effects`,
    `intrinsic_effects`: `terminates` always; `effect_free`; for 1.11 `consistent` too)?"""
    if name in CALLING_BUILTINS:
        return False
    if name in _INTRINSICS:
        if name == "pointerset":
            return False
        return not (v111 and (name in INCONSISTENT_INTRINSICS or name.endswith("_fast")))
    if name not in EFFECT_FREE_BUILTINS:
        return False
    return not v111 or name in CONSISTENT_BUILTINS


# Base functions whose every method loops over its arguments or writes to a stream (strings.jl
# `string(xs...) = print_to_string(xs...)`: a `for` loop over an IOBuffer; io.jl / show.jl): Julia's
# effect analysis proves no loop `terminates` and no stream write `effect_free`, so after one of
# them a throw block's calls are not inferred (r052 on 1.11.5: `string(…)` before an error's constructor)
NOT_TOTAL_BASE = frozenset({
    "string", "repr", "sprint", "print_to_string", "print", "println", "show", "display", "write", "join",
})


def generic_total(res, name: str = "", module: tuple = ()) -> bool:
    """Are a generic call's effects total as far as irc can tell (`res`: the world's answer on the
    first run's argument types, `name` and `module`: the function's)?

    - every method that may apply is `@foldable`: total;
    - Julia dispatches it at run time (`res.dynamic`) or finds no method (a note without a gap):
      Julia's own effects are unknown there (`Effects()`): not total;
    - the function's name ends in `!` (Julia's convention for one that mutates an argument):
      not `effect_free`;
    - one of Base's string-building or printing functions (`NOT_TOTAL_BASE`): its methods loop or
      write to a stream, so not total;
    - else irc cannot tell (it knows the method by its declared result, or not at all) and takes
      it as total, as Julia finds most methods called before a guard (`size`, `==`, `length`) to
      be (docs/decisions.md)."""
    if res is None:
        return True  # (no answer from the first run: nothing known against it)
    if not res.generic:
        return True  # (a builtin reached through a function value: its tfunc's call)
    info = getattr(res, "info", None)
    applied = getattr(getattr(info, "dispatch", None), "applied", ())
    if applied and all(m.foldable for m in applied):
        return True
    if res.dynamic or (res.diagnostics and not res.gap):
        return False
    if module == ("Base",) and name in NOT_TOTAL_BASE:
        return False
    return not name.endswith("!")


def _intrinsics() -> frozenset:
    from irc.world.tfuncs import INTRINSICS
    return frozenset(INTRINSICS)


_INTRINSICS = _intrinsics()


def _rows(fn: ir.Function):
    """Per statement (1-based order): (kind, target, call or None, value atom or node or None), where
    `call` is (callee node, argument nodes); a `Body`'s column rows are read without a statement object."""
    stmts = fn.stmts
    if type(stmts) is not Body:
        for st in stmts:
            yield _row_of(st)
        return
    shape, slot, f, a0, a1, a2, trees = stmts.shape, stmts.slot, stmts.f, stmts.a0, stmts.a1, stmts.a2, stmts.trees
    names, lits = stmts.names, stmts.lits

    def node(tag):
        kind, n = tag & 3, tag >> 2
        if kind == NAME_TAG:
            return names[n]
        if kind == SSA_TAG:
            return S.SSA(n)
        if kind == LIT_TAG:
            return lits[n]
        return _SLOT  # a slot (no global read)

    for k in range(len(shape)):
        sh = shape[k]
        if sh == TREE:
            yield _row_of(trees[k])
            continue
        kind = K.ASSIGN if slot[k] else K.VALUE
        if sh == ATOM:
            yield (kind, None, None, node(a0[k]))
            continue
        nargs = 2 if sh == INFIX or sh == CALL2 else 1 if sh == CALL1 else 3
        args = [node(t) for t in (a0[k], a1[k], a2[k])[:nargs]]
        yield (kind, None, (node(f[k]), args), None)


def _row_of(st: ir.Stmt):
    kind = st.kind
    if kind is K.VALUE or kind is K.ASSIGN:
        v = _unwrap(st.value) if st.value is not None else None
        if type(v) is S.Call:
            return (kind, None, (v.func, v.args), None)
        return (kind, None, None, v)
    return (kind, st.target, None, None)


def _mentions_throw(fn: ir.Function) -> bool:
    """Can a statement call `throw` (a cheap test before the passes): a global name ending in `throw`
    among a `Body`'s names, or as the callee or value of a statement kept as an object?"""
    stmts = fn.stmts
    if type(stmts) is Body:
        if any(n.parts[-1] == "throw" for n in stmts.names):
            return True
        stmts = stmts.trees.values()
    for st in stmts:
        if st.kind is K.VALUE and st.value is not None:
            v = _unwrap(st.value)
            f = _unwrap(v.func) if type(v) is S.Call else v  # (1.11: `%1 = Main.throw`, then `(%1)(…)`)
            if type(f) is S.Name and f.parts[-1] == "throw":
                return True
    return False


def throw_blocks(rows: list, first: list[int], handler: list[int], is_throw) -> set[int]:
    """Julia's `find_throw_blocks` over `_rows`: the statements that lead only to a `throw` outside a try
    region; `first[b]` is block b's first statement, `is_throw(call)` tests a call's callee."""
    out: set[int] = set()
    for i in range(len(rows), 0, -1):
        kind, target, call, _ = rows[i - 1]
        if kind is K.GOTOIFNOT:
            if i + 1 in out and target is not None and first[target] in out:
                out.add(i)
        elif kind is K.GOTO:
            if target is not None and first[target] in out:
                out.add(i)
        elif kind is K.RETURN or kind is K.UNREACHABLE:
            pass
        elif kind is K.VALUE and call is not None and is_throw(call):
            if handler[i] == 0:
                out.add(i)
        elif i + 1 in out:
            out.add(i)
    return out


def skipped_calls(fn: ir.Function, world, rules, handlers, phase1) -> frozenset[int]:
    """The statements whose generic call Julia (1.10, 1.11) leaves uninferred (`Any`); `handlers(fn)`
    gives each statement's try region (`engine.try_handlers`), asked only when `throw` is called;
    `phase1` what a run without skipping knows (`reached(i)`, `call(i)` -> the
    `CallResult` of statement i's call: `analysis.Phase1`)."""
    if rules is not None and not rules.skips_throw_block_calls:
        return frozenset()
    if not fn.stmts or not fn.blocks or not _mentions_throw(fn):
        return frozenset()
    rows = list(_rows(fn))
    callees = _Callees(fn, rows, world, rules is not None and rules.minor >= 11)

    def is_throw(call) -> bool:
        return callees.resolve(call[0])[0] is _THROW

    first = [0] + [b.first for b in fn.blocks]
    blocks = throw_blocks(rows, first, handlers(fn), is_throw)
    if not blocks:
        return frozenset()
    skipped: list[int] = []
    total = True
    for i, (kind, target, call, val) in enumerate(rows, start=1):
        if not phase1.reached(i):
            continue  # never inferred: no effects
        if kind is K.GOTO or kind is K.GOTOIFNOT:
            if target is not None and first[target] <= i:
                total = False  # a backedge: `terminates` is lost (`handle_control_backedge!`)
            continue
        if call is None:
            if type(val) is S.ExprNode and val.head == "foreigncall":
                total = False
            elif val is not None and not callees.global_read_total(val):
                total = False
            continue
        ckind, what = callees.resolve(call[0])
        if i in blocks and ckind is _GENERIC and not total:
            skipped.append(i)  # `should_infer_this_call` is false: `Any`, and unknown effects
            continue
        if not total:
            continue  # (nothing more to learn: only later throw-block calls matter, and they are skipped)
        if ckind is _GENERIC:
            total = generic_total(phase1.call(i), getattr(what, "name", "") or "", getattr(what, "module", ()) or ())
        else:
            total = builtin_total(what, callees.v111)
        if total and not all(callees.global_read_total(_unwrap(a)) for a in call[1]):
            total = False
    return frozenset(skipped)
