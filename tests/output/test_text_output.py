"""Text output (irc.printer): layout, dead code, entry comments, fixed point, modes, colour."""
from __future__ import annotations

import re

import pytest

from irc.output import colour as C
from irc.cli.driver import analyse_text
from irc.output.text import julia_name, render_program, slot_display_names

from progs import ANNOTATED, BRANCH, LOOP, TRY

PROGS = {"loop": LOOP, "branch": BRANCH, "try": TRY, "annotated": ANNOTATED}


def infer(text: str, store: str = "block", colour: bool = False, path: str = "t.ir", entries: str = "brief") -> str:
    res = analyse_text(text, path=path, store=store, prelude=False)
    assert not res.errors, [d.message for d in res.errors]
    return render_program(res.program, res.results, colour=colour, entries=entries)


@pytest.mark.parametrize("entries", ["brief", "full"])
@pytest.mark.parametrize("name", sorted(PROGS))
def test_fixed_point(name, entries):
    once = infer(PROGS[name], entries=entries)
    assert infer(once, entries=entries) == once


@pytest.mark.parametrize("entries", ["brief", "full"])
@pytest.mark.parametrize("name", sorted(PROGS))
def test_same_text_whatever_the_state_store(name, entries):
    outs = {s: infer(PROGS[name], store=s, entries=entries) for s in ("stmt", "block", "live", "shared")}
    assert outs["stmt"] == outs["block"] == outs["live"] == outs["shared"]


def test_layout_of_a_loop():
    out = infer(LOOP)
    lines = out.splitlines()
    # declarations first, reprinted
    assert lines[0].startswith("declare Base.:(:)(")
    i = lines.index("MethodInstance for prodto(::Int64)")
    assert lines[i + 1].startswith("  from prodto(n) @ Main t.ir:")
    assert lines[i + 2] == "Arguments"
    assert lines[i + 3].startswith("  #self#::Core.Const(prodto)  # ")
    assert lines[i + 4] == "  n::Int64  # SLOT_USED (0x08)"
    assert lines[i + 5] == "Locals"
    assert "  k::Int64  # SLOT_USED | SLOT_ASSIGNEDONCE (0x18)" in lines
    assert "Body::Int64" in lines
    # entry comments before each block: informative live slots, and how many others are live
    assert "# entry #1: (1 live as listed)" in lines
    assert any(l.startswith("# entry #2: ") and "@_3::" in l and l.endswith(" live as listed)") for l in lines)
    full = infer(LOOP, entries="full").splitlines()
    assert "# entry #1: n::Int64" in full  # every live slot
    assert "# entry #2: @_3::Tuple{Int64, Int64}, acc::Int64" in full
    # rails, labels and types
    assert "│   %2  = (1:n)::Core.PartialStruct(UnitRange{Int64}, Any[Core.Const(1), Int64])" in lines
    assert "└──       goto #4 if not %5" in lines
    assert "3 ─       goto #2" in lines
    assert "4 ┄       return acc" in lines
    assert any(re.fullmatch(r"1 ─       \(acc = 1\)::Core\.Const\(1\)", l) for l in lines)


def test_unstable_types_are_marked_in_plain_text():
    out = infer(BRANCH)
    # x::Union{Nothing, Int64} is a small union of concrete types: '?' mark
    assert re.search(r"^  x::Union\{Nothing, Int64\}  # \? ", out, re.M)
    assert "# !" not in out
    out = infer("function u(a::Any)\n1 ─ %1 = Core.tuple(a, a)\n└──      return %1\nend\n")
    assert "  a::Any  # ! SLOT_USED (0x08)" in out
    assert "Body::Tuple{Any, Any}  # !" in out  # red wins when nested
    assert "%1 = Core.tuple(a, a)::Tuple{Any, Any}  # !" in out


def test_dead_code_is_printed_as_julia_prints_it():
    out = infer(BRANCH)
    assert "Core.Const(:(return %5))::Union{}" in out
    assert "# entry #4: unreached" in out
    # block 5 is reached from #3 by the jump and from dead #4 by falling through: two preds
    assert re.search(r"^5 ┄ ", out, re.M)


def test_maybe_undefined_slot_shows_in_entry_comment_and_flags():
    for entries in ("brief", "full"):
        out = infer(BRANCH, entries=entries)
        assert re.search(r"^# entry #3: .*y::Int64 \(undef\)", out, re.M)
    assert re.search(r"^  y::Int64  # .*SLOT_USEDUNDEF \| SLOT_STATICUNDEF", out, re.M)


def test_colour_is_plain_text_plus_ansi():
    for text in PROGS.values():
        coloured = infer(text, colour=True)
        assert "\x1b[" in coloured
        assert C.strip_ansi(coloured) == infer(text)


def test_names():
    assert julia_name("f") == "f"
    assert julia_name("work1!") == "work1!"
    assert julia_name("#8#9") == 'var"#8#9"'
    res = analyse_text(LOOP, prelude=False)
    fn = res.results[0][0]
    names = slot_display_names(fn)
    assert names[1] == "#self#" and names[3] == "@_3"
    assert len(set(names.values())) == len(names)


def test_entry_comment_slots_are_kept_by_every_store():
    """The printer's reached liveness is within the engine's liveness, so even
    `--state live` holds a state for every slot an entry comment lists."""
    from conftest import sample_files
    from irc.cli.driver import Options, analyse
    from irc.output.text import reached_live_in

    checked = 0
    for p in sample_files():
        res = analyse(str(p), p.read_text(), Options(store="live"))
        if res.errors:
            continue
        for fn, r in res.results:
            mine = reached_live_in(fn, r)
            for b in fn.blocks:
                assert mine[b.id] <= r.live_in[b.id], (p.name, fn.name, b.id)
                entry = r.entry(b.id)
                if entry is not None:
                    assert all(s in entry for s in mine[b.id])
                checked += 1
    assert checked > 100


_SLOT_LINE = re.compile(r"^  (\S+?)::(.*?)  # ")
_ENTRY = re.compile(r"^# entry #(\d+): (.*)$")
_REST = re.compile(r"^(?:(.*) )?\(\+?([0-9,]+) live as listed\)$")


def _split_parts(text: str) -> list[str]:
    """`a::T, b::U (undef)` -> ['a::T', 'b::U (undef)'] (commas inside braces and parentheses kept)."""
    parts, depth, cur = [], 0, ""
    for ch in text:
        if ch in "{([":
            depth += 1
        elif ch in "})]":
            depth -= 1
        if ch == "," and depth == 0:
            parts.append(cur.strip())
            cur = ""
        else:
            cur += ch
    if cur.strip():
        parts.append(cur.strip())
    return parts


def _entries_by_function(out: str) -> list[tuple[dict[str, str], dict[int, str]]]:
    """Per function: listed type text per slot name, entry comment text per block."""
    funcs = []
    for line in out.splitlines():
        if line.startswith("MethodInstance for "):
            funcs.append(({}, {}))
        elif funcs and (m := _SLOT_LINE.match(line)) and not funcs[-1][1]:
            funcs[-1][0][m[1]] = m[2]
        elif funcs and (m := _ENTRY.match(line)):
            funcs[-1][1][int(m[1])] = m[2]
    return funcs


def test_brief_entries_are_the_full_entries_not_at_their_listed_type():
    """On every sample: a brief comment lists exactly the slots of the full comment whose state
    is not `::T` with T the type listed under Arguments/Locals (undefined ones included), in the
    same order, then how many live slots it left out."""
    from conftest import sample_files
    from irc.cli.driver import analyse

    checked = 0
    for p in sample_files():
        res = analyse(str(p), p.read_text())
        if res.errors:
            continue
        brief = _entries_by_function(render_program(res.program, res.results))
        full = _entries_by_function(render_program(res.program, res.results, entries="full"))
        for (listed, eb), (_, ef) in zip(brief, full):
            assert eb.keys() == ef.keys()
            for b, text in ef.items():
                if text in ("unreached", "(no live slots)"):
                    assert eb[b] == text
                    continue
                parts = _split_parts(text)
                keep = [x for x in parts if x.split("::", 1)[1] != listed[x.split("::", 1)[0]]]
                m = _REST.match(eb[b])
                if len(keep) == len(parts):
                    assert m is None and eb[b] == text, (p.name, b)
                else:
                    assert m is not None, (p.name, b, eb[b])
                    assert _split_parts(m[1] or "") == keep, (p.name, b)
                    assert int(m[2].replace(",", "")) == len(parts) - len(keep), (p.name, b)
                checked += 1
    assert checked > 200


# A dead `goto %N` (how an unreached jump prints) names the statement it jumps
# to, not a use of `%N`'s value: found by the generated fixed-point test, where
# the unused `%2 = n + 1` printed without its label once, then the reprinted
# `Core.Const(:(goto %2))` made it "used" and typed the second time.
DEAD_JUMP_INTO_UNUSED = """function g(n::Int64)
1 ─      goto #3 if not true
2 ┄ %2 = n + 1
3 ┄      goto #5 if not false
4 ─      goto #2
5 ─      return 1
end
"""


@pytest.mark.parametrize("store", ["stmt", "block", "live", "shared"])
def test_a_dead_jumps_target_is_not_a_use_and_output_is_a_fixed_point(store):
    once = infer(DEAD_JUMP_INTO_UNUSED, store=store)
    assert "Core.Const(:(goto %2))::Union{}" in once
    assert re.search(r"^2 ─ +n \+ 1$", once, re.M), once  # unused: no label, no type, as the first time
    assert infer(once, store=store) == once


def test_a_dead_conditional_jumps_condition_is_a_use_its_target_is_not():
    from irc.cli.driver import build, parse
    from irc.infer.liveness import used_values

    text = """function g(n::Int64)
1 ─ %1 = n + 1
│   %2 = n + 2
└──      return 1
2 ─      Core.Const(:(goto %2 if not %1))
end
"""
    fn = build(parse("t.ir", text)).functions[0]
    used = used_values(fn)
    assert used[1] == 1 and used[2] == 0


def test_a_local_named_like_a_reserved_word_of_the_reader_prints_bare():
    """Julia prints slot names as their strings (`sourceinfo_slotnames`): a local named `in`
    (found in a real paste) is `in::Int64`, never `var"in"`; irc reads it back the same."""
    from irc.cli.driver import Options, analyse
    from irc.output.text import render_program

    src = ("function f(in::Int64, isa::Float64, type::Int64)\n1 ─ %1 = Core.tuple(in, isa, type)\n"
           "└──      return %1\nend\n")
    res = analyse("w.ir", src, Options())
    text = render_program(res.program, res.results)
    assert "  in::Int64" in text and "Core.tuple(in, isa, type)" in text and 'var"' not in text
    again = analyse("w2.ir", text, Options())
    assert not again.errors and render_program(again.program, again.results).endswith(text.split("Body::")[1])
