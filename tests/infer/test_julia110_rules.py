"""Inference-level checks of the Julia 1.10 rules of docs/semantics.md §9 that
need the engine (statements, slots, branches): the `Core.ifelse` narrowing
(rule 2), folded Conditionals (rule 3), unused-call widening (rule 7), a
throwing fold ending the block (rule 6), `maybe_singleton_const` (rule 8),
the `isdefined` refinement (rule 9a), the same in every state store."""
from __future__ import annotations

import pytest

from irc.cli.driver import analyse_text
from irc.infer.stores import STORES
from irc.lattice import typelattice as L
from irc.lattice.typeprint import show


def infer(text: str, store: str = "block", prelude: bool = True):
    res = analyse_text(text, path="t.ir", store=store, prelude=prelude)
    assert not res.errors, [d.message for d in res.errors]
    return {fn.name: r for fn, r in res.results}


def types(r) -> list[str | None]:
    return [None if t is None else show(t) for t in r.ssa_types[1:]]


IFELSE = """
function pick(x::Union{Nothing, Int64})
1 ─ %1 = x isa Int64
│   %2 = Core.ifelse(%1, x, 0)
│   %3 = Core.ifelse(%1, 0.5, x)
└──      return %2
end

function stale(x::Union{Nothing, Int64})
1 ─ %1 = x isa Int64
│        x = nothing
│   %3 = Core.ifelse(%1, x, 0)
└──      return %3
end
"""


@pytest.mark.parametrize("store", STORES)
def test_ifelse_narrows_the_conditions_slot(store):
    rs = infer(IFELSE, store)
    assert types(rs["pick"])[1:3] == ["Int64", "Union{Nothing, Float64}"]
    # the slot was written after the test: the condition is a plain Bool there
    assert types(rs["stale"])[2] == "Union{Nothing, Int64}"


FOLDED = """
function fc(x::Union{Nothing, Int64})
1 ─ %1 = x isa Int64
└──      goto #3 if not %1
2 ─      b = x isa Int64
└──      goto #4
3 ─      b = x isa Int64
4 ┄      goto #6 if not b
5 ─      return x
6 ─      return 0
end

function two_slots(x::Int64, y::Int64)
1 ─ %1 = x === y
└──      return %1
end
"""


@pytest.mark.parametrize("store", STORES)
def test_folded_conditionals_merge_into_a_refinement(store):
    rs = infer(FOLDED, store)
    r = rs["fc"]
    assert types(r)[2] == "Core.Const(true)" and types(r)[4] == "Core.Const(false)"
    assert show(L.widenconst(r.return_type)) == "Int64"  # b refined x at block 4
    assert type(r.entry(4)[3].type) is L.Conditional
    # `x === y` on two slots: a Conditional on y with its own type in both branches ("narrow slightly")
    assert types(rs["two_slots"])[0] == "Bool"


UNUSED = """
declare Main.g(::Int64)::Int64
declare Main.boom(::Int64)::Union{}

function u(x::Int64)
1 ─      Main.g(x)
│        Core.tuple(x, 1)
│   %3 = Main.g(x)
│        y = Main.g(x)
│        Main.boom(x)
└──      return %3
end
"""


def test_unused_generic_calls_widen_and_print_without_a_type():
    from irc.output.text import render_program
    from irc.cli.driver import analyse_text as at

    r = infer(UNUSED)["u"]
    assert types(r)[:5] == ["Any", "Core.PartialStruct(Tuple{Int64, Int64}, Any[Int64, Core.Const(1)])",
                            "Int64", "Int64", "Union{}"]
    assert r.widened == frozenset({1})
    assert not [d for d in r.diagnostics if "instability" in d.message]
    res = at(UNUSED, path="t.ir")
    text = render_program(res.program, res.results)
    assert "\n1 ─     Main.g(x)\n" in text  # no `::Any`
    assert "Main.boom(x)::Union{}" in text


THROWS = """
function t(n::Int64)
1 ─      q = Main.div(1, 0)
│   %2 = q + n
└──      return %2
end
"""


def test_a_throwing_fold_ends_the_block():
    r = infer(THROWS)["t"]
    assert types(r) == ["Union{}", None, None]
    assert r.return_type == L.BOTTOM


SINGLETON = """
declare Main.unit()::Nothing
declare Main.kind()::Type{Int64}

function s()
1 ─ %1 = Main.unit()
│   %2 = Main.kind()
│   %3 = Core.tuple(%1, %2)
└──      return %3
end
"""


def test_maybe_singleton_const_on_call_results():
    r = infer(SINGLETON, prelude=False)["s"]
    assert types(r)[:3] == ["Core.Const(nothing)", "Core.Const(Int64)", "Core.Const((nothing, Int64))"]


ISDEF = """
function d(x::Union{Nothing, Some{Int64}})
1 ─ %1 = Core.isdefined(x, :value)
└──      goto #3 if not %1
2 ─      return x
3 ─      return 0
end
"""


@pytest.mark.parametrize("store", STORES)
def test_isdefined_refines_a_union_slot(store):
    r = infer(ISDEF, store)["d"]
    assert show(r.entry(2)[2].type) == "Some{Int64}"
    assert show(L.widenconst(r.return_type)) == "Union{Some{Int64}, Int64}"


# Julia's `ssa_def_slot`, #45499 branch: `%init = f(); x = %init; … %init === nothing` refines x.
# Each body: the statements between `%1 = find(v)` and the test, then the slot the test refines
# (None: a plain Bool), as the walk of abstractinterpretation.jl's loop gives it.
COPY_CASES = [
    (["i = %1"], "i"),  # the lowering of `if (i = find(v)) !== nothing`
    (["i = %1", "i = j"], None),  # the copy is reassigned: `lhs === arg && return nothing`
    (["i = %1", "k = %1"], "k"),  # the last copy wins
    (["i = %1", "i = %1"], None),  # a second copy to the same slot is an assignment to arg
    (["i = j", "i = %1"], "i"),  # a write before the copy does not matter
    (["i = %1", "i = j", "k = %1"], None),  # arg was reassigned before the next copy
    (["i = %1", "k = j"], "i"),  # another slot's assignment does not matter
    (["%2 = %1", "i = %1"], "i"),  # the test reads %1 through a copy `%2 = %1` (see TEST below)
    ([], None),  # no copy at all
]


def _copy_fn(between: list[str], via_copy: bool) -> str:
    lines = ["1 ─ %1 = Main.find(v)"] + [("│   " if s.startswith("%") else "│        ") + s for s in between]
    n = len(lines) + 1
    tested = "%2" if via_copy else "%1"
    lines += [f"│   %{n} = {tested} === nothing", f"└──      goto #3 if not %{n}", "2 ─      return 1",
              "3 ─      return 0"]
    return ("declare Main.find(::Vector{Int64})::Union{Nothing, Int64}\n"
            "function g(v::Vector{Int64}, j::Union{Nothing, Int64})\n" + "\n".join(lines) + "\nend\n"), n


@pytest.mark.parametrize("store", STORES)
@pytest.mark.parametrize(("between", "slot"), COPY_CASES)
def test_ssa_def_slot_follows_a_copy_of_a_call(store, between, slot):
    text, n = _copy_fn(between, via_copy=bool(between) and between[0] == "%2 = %1")
    res = analyse_text(text, path="t.ir", store=store)
    assert not res.errors, [d.message for d in res.errors]
    (fn, r), = res.results
    t = r.ssa_types[n]
    if slot is None:
        assert t == L.Const(False) or show(t) == "Bool", show(t)
        assert not isinstance(t, L.Conditional)
    else:
        assert isinstance(t, L.Conditional), show(t)
        assert fn.slots[t.slot - 1].name == slot, t.slot
        assert show(t.then) == "Core.Const(nothing)" and show(t.else_) == "Int64"


def test_ssa_def_slot_copy_the_same_on_statement_objects():
    """The column path and the statement-object path of `Transfer.arg_slot` agree."""
    import dataclasses

    from irc.infer.transfer import Transfer
    from irc.syntax.tree import SSA

    for between, slot in COPY_CASES:
        text, n = _copy_fn(between, via_copy=bool(between) and between[0] == "%2 = %1")
        res = analyse_text(text, path="t.ir")
        (fn, _), = res.results
        world = res.world
        cols = Transfer(fn, world)
        objs = Transfer(dataclasses.replace(fn, stmts=list(fn.stmts)), world)
        tested = 2 if between and between[0] == "%2 = %1" else 1
        a, b = cols.arg_slot(SSA(tested), n), objs.arg_slot(SSA(tested), n)
        want = None if slot is None else [s.name for s in fn.slots].index(slot) + 1
        assert a == b == want, (between, a, b, want)


VARARGS = """
MethodInstance for g(::Int64, ::Float64, ::String)
  from g(x, ys...) @ Main REPL[1]:1
Arguments
  #self#::Core.Const(g)
  x::Int64
  ys::Tuple{Float64, String}
Body::Tuple{Float64, String}
1 ─      return ys

MethodInstance for none()
  from none(ys...) @ Main REPL[1]:1
Arguments
  #self#::Core.Const(none)
  ys::Tuple{}
Body::Tuple{}
1 ─      return ys

function h(xs::Int64...)
1 ─      return xs
end

function k(xs::Vararg{Int64, 2})
1 ─      return xs
end
"""


@pytest.mark.parametrize("store", STORES)
def test_a_vararg_slot_is_the_tuple_of_the_trailing_arguments(store):
    """inferenceresult.jl `most_general_argtypes`: the va slot's type is the tuple of the trailing
    argument types, never one of them (the MethodInstance lists them one by one)."""
    rs = infer(VARARGS, store)
    assert {n: show(r.return_type) for n, r in rs.items()} == {
        "g": "Tuple{Float64, String}", "none": "Tuple{}", "h": "Tuple{Vararg{Int64}}", "k": "Tuple{Int64, Int64}"}
