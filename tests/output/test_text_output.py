"""Text output (irc.printer): layout, dead code, entry comments, fixed point, modes, colour."""
from __future__ import annotations

import re

import pytest

from irc.output import colour as C
from irc.cli.driver import analyse_text
from irc.output.text import julia_name, render_program, slot_display_names

from progs import ANNOTATED, BRANCH, LOOP, TRY

PROGS = {"loop": LOOP, "branch": BRANCH, "try": TRY, "annotated": ANNOTATED}


def infer(text: str, store: str = "block", colour: bool = False, path: str = "t.ir") -> str:
    res = analyse_text(text, path=path, store=store, prelude=False)
    assert not res.errors, [d.message for d in res.errors]
    return render_program(res.program, res.results, colour=colour)


@pytest.mark.parametrize("name", sorted(PROGS))
def test_fixed_point(name):
    once = infer(PROGS[name])
    assert infer(once) == once


@pytest.mark.parametrize("name", sorted(PROGS))
def test_same_text_whatever_the_state_store(name):
    outs = {s: infer(PROGS[name], store=s) for s in ("stmt", "block", "live", "shared")}
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
    # entry comments before each block, live slots only
    assert "# entry #1: n::Int64" in lines
    assert any(l.startswith("# entry #2: ") and "@_3::" in l for l in lines)
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
    out = infer(BRANCH)
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
