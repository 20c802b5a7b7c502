"""Calls in throw blocks (issue 28): Julia 1.10/1.11 `should_infer_this_call` leaves a generic call
there `Any` once the function's effects so far are not total; 1.12 infers it
(`irc.infer.throwblocks`, docs/semantics.md §11)."""
from __future__ import annotations

import pytest

from irc.cli.driver import Options, analyse
from irc.infer import throwblocks as TB
from irc.infer.stores import STORES
from irc.ir import model as ir
from irc.lattice.typeprint import show
from irc.world.tfuncs import CallInfo, CallResult

K = ir.Kind


def run(text: str, julia: str | None = None, store: str = "shared"):
    r = analyse("t.ir", text, Options(julia=julia, store=store))
    assert not r.errors, r.errors
    return {fn.name: res for fn, res in r.results}


def ty(res, i: int) -> str | None:
    t = res.ssa_types[i]
    return None if t is None else show(t)


# ---- find_throw_blocks (utilities.jl), on rows (kind, target, call, value)
def _throw_call():
    return ("throw", [])


def test_throw_blocks_follow_julias_backward_rule():
    is_throw = lambda call: call[0] == "throw"  # noqa: E731
    rows = [
        (K.VALUE, None, ("lt", []), None),   # 1  %1 = x < 0
        (K.GOTOIFNOT, 3, None, None),        # 2  goto #3 if not %1   (one successor returns)
        (K.VALUE, None, ("make", []), None), # 3  block 2: %3 = DomainError(x)
        (K.VALUE, None, _throw_call(), None),  # 4  throw(%3)
        (K.RETURN, None, None, None),        # 5  block 3: return x
    ]
    first = [0, 1, 3, 5]
    assert TB.throw_blocks(rows, first, [0] * 6, is_throw) == {3, 4}
    # inside a try region the throw is no throw block (`handler_at[i] != 0`)
    assert TB.throw_blocks(rows, first, [0, 0, 0, 2, 2, 0], is_throw) == set()
    # a conditional jump joins when both successors are throw blocks; a goto when its target is
    rows2 = [
        (K.GOTOIFNOT, 3, None, None),        # 1  goto #3 if not c
        (K.GOTO, 3, None, None),             # 2  block 2: goto #3
        (K.VALUE, None, _throw_call(), None),  # 3  block 3: throw
    ]
    assert TB.throw_blocks(rows2, [0, 1, 2, 3], [0] * 4, is_throw) == {1, 2, 3}
    # `return` and `unreachable` never are
    rows3 = [(K.VALUE, None, ("f", []), None), (K.UNREACHABLE, None, None, None)]
    assert TB.throw_blocks(rows3, [0, 1], [0] * 3, is_throw) == set()


# ---- the effects that decide (`should_infer_for_effects`)
def test_builtin_effects_follow_julias_lists():
    for name in ("getfield", "tuple", "===", "isa", "typeassert", "apply_type", "arraysize"):
        assert TB.builtin_total(name, False), name
    for name in ("setfield!", "arrayset", "setglobal!", "_apply_iterate", "invoke", "modifyfield!"):
        assert not TB.builtin_total(name, False), name
    assert TB.builtin_total("add_int", False) and not TB.builtin_total("pointerset", False)
    # 1.11 also asks `consistent`: a fast-math or volatile intrinsic is not
    assert TB.builtin_total("add_float_fast", False) and not TB.builtin_total("add_float_fast", True)
    assert TB.builtin_total("pointerref", False) is True and not TB.builtin_total("pointerref", True)


class _M:
    def __init__(self, foldable):
        self.foldable = foldable


class _D:
    def __init__(self, applied):
        self.applied = applied


def test_generic_call_effects_as_far_as_irc_can_tell():
    def res(*foldable, **kw):
        info = CallInfo("Base.f", (), False, _D(tuple(_M(f) for f in foldable)))
        return CallResult(kw.pop("rt", None), info=info, generic=True, **kw)

    assert TB.generic_total(res(True, True), "f!")  # `@foldable` methods: total, whatever the name
    assert TB.generic_total(res(True, False), "size")  # irc cannot tell: taken as total
    assert not TB.generic_total(res(True, False), "push!")  # mutates an argument: not effect_free
    assert not TB.generic_total(res(dynamic=True), "f")  # run-time dispatch: Julia's effects unknown too
    note = object()
    assert not TB.generic_total(res(diagnostics=(note,)), "f")  # no method: Julia's `Effects()`
    assert TB.generic_total(res(diagnostics=(note,), gap=True), "f")  # a gap in irc's knowledge
    assert TB.generic_total(CallResult(None, generic=True), "")  # a constructor irc types without methods
    assert TB.generic_total(None, "f")
    # Base's string builders and printers loop or write to a stream; a Main function of that name is unknown
    assert not TB.generic_total(res(True, False), "string", ("Base",))
    assert not TB.generic_total(res(True, False), "println", ("Base",))
    assert TB.generic_total(res(True, False), "string", ("Main",))


LOOP_THEN_THROW = """
function f(n::Int64)
1 ─      i = 0
2 ┄ %2 = i < n
└──      goto #4 if not %2
3 ─      i = i + 1
└──      goto #2
4 ─ %6 = Main.BoundsError(i)
│        Main.throw(%6)
└──      return i
end
"""

SETFIELD_THEN_THROW = """
mutable struct Box
    x::Int64
end

function g(b::Box, v::Int64)
1 ─      Base.setfield!(b, :x, v)
│   %2 = v < 0
└──      goto #3 if not %2
2 ─ %4 = Main.BoundsError(v)
│        Main.throw(%4)
3 ┄      return v
end
"""

GLOBAL_THEN_THROW = """
global Main.N::Int64

function h(v::Int64)
1 ─ %1 = Main.N
│   %2 = v < %1
└──      goto #3 if not %2
2 ─ %4 = Main.BoundsError(v)
│        Main.throw(%4)
3 ┄      return v
end
"""


@pytest.mark.parametrize("text,name,pc,versions", [
    (LOOP_THEN_THROW, "f", 6, ("1.10", "1.11")),  # a backedge: `terminates` lost
    (SETFIELD_THEN_THROW, "g", 4, ("1.10", "1.11")),  # setfield! is not `effect_free`
    (GLOBAL_THEN_THROW, "h", 4, ("1.11",)),  # 1.11: a non-constant global read is inconsistent
])
def test_the_effects_so_far_decide(text, name, pc, versions):
    for v in ("1.10", "1.11", "1.12"):
        res = run(text, v)[name]
        if v in versions:
            assert ty(res, pc) == "Any", v
            assert pc in res._transfer.skipped
            assert any(d.code == "throw-block" and f"Julia {v}" in d.message for d in res.diagnostics)
        else:
            assert ty(res, pc) == "BoundsError", v
            assert not res._transfer.skipped


def test_the_first_generic_call_is_inferred_and_a_mutating_one_ends_the_total_effects():
    text = """
declare Main.msg!(::Int64)::String

function k(x::Int64)
1 ─ %1 = Main.msg!(x)
│   %2 = Main.ArgumentError(%1)
│   %3 = Main.ArgumentError(%1)
│   %4 = Core.tuple(%2, %3)
│        Main.throw(%4)
└──      return x
end
"""
    res = run(text, "1.10")["k"]
    assert [ty(res, i) for i in (1, 2, 3, 4)] == ["String", "Any", "Any", "Tuple{Any, Any}"]  # (a builtin: inferred)
    res = run(text, "1.12")["k"]
    assert [ty(res, i) for i in (1, 2, 3)] == ["String", "ArgumentError", "ArgumentError"]


def test_a_string_built_before_an_error_ends_the_total_effects():
    """`throw(AssertionError("x1=$x1"))`: `string` loops (strings.jl `print_to_string`), so Julia 1.10
    and 1.11 infer it but not the constructor after it (r052, Julia 1.11.5)."""
    text = """
function k(x1::Int64)
1 ─ %1 = Base.string("x1=", x1)
│   %2 = Main.AssertionError(%1)
│        Main.throw(%2)
└──      return x1
end
"""
    for v in ("1.10", "1.11"):
        res = run(text, v)["k"]
        assert [ty(res, i) for i in (1, 2)] == ["String", "Any"], v
    res = run(text, "1.12")["k"]
    assert [ty(res, i) for i in (1, 2)] == ["String", "AssertionError"]


def test_the_1_11_lowering_calls_throw_through_an_ssa_value():
    text = """
declare Main.msg!(::Int64)::String

function k(x::Int64)
1 ─ %1 = Main.throw
│   %2 = Main.ArgumentError
│   %3 = Main.msg!(x)
│   %4 = (%2)(%3)
│        (%1)(%4)
└──      return x
end
"""
    assert ty(run(text, "1.11")["k"], 4) == "Any"
    assert ty(run(text, "1.10")["k"], 4) == "ArgumentError"  # 1.10's is_throw_call takes a GlobalRef only
    assert ty(run(text, "1.12")["k"], 4) == "ArgumentError"


def test_a_skipped_call_changes_the_slots_it_assigns_and_every_store_agrees():
    text = LOOP_THEN_THROW.replace("4 ─ %6 = Main.BoundsError(i)\n│        Main.throw(%6)",
                                   "4 ─      e = Main.BoundsError(i)\n│        Main.throw(e)")
    outs = []
    for store in STORES:
        res = run(text, "1.10", store)["f"]
        outs.append((res.ssa_types, {k: show(v) for k, v in res.slot_types.items()}))
    assert all(o == outs[0] for o in outs)
    r12 = run(text, "1.12")["f"]
    e = next(s.id for s in r12.fn.slots if s.name == "e")
    assert outs[0][1][e] == "Any"  # the slot's type is the skipped call's
    assert show(r12.slot_types[e]) == "BoundsError"


def test_explain_says_why_a_throw_block_call_is_any():
    from pathlib import Path

    from irc.diagnose.explain_stmt import explain_stmt
    path = Path(__file__).resolve().parents[2] / "samples" / "versions_throw_block.ir"
    for julia, said in (("1.10", True), ("1.12", False)):
        r = analyse(str(path), path.read_text(), Options(julia=julia))
        fn, res = next((f, x) for f, x in r.results if f.name == "pushed")
        text = explain_stmt(fn, res, r.world, 4)
        assert ("result: Any -- not inferred: the call is in a throw block" in text) is said, text
        assert ("result: DomainError" in text) is not said
