"""Julia's identifier characters (src/flisp/julia_extensions.c v1.10.0 `is_wc_cat_id_start`,
`jl_id_char`): names such as `∇f`, `x̂`, `f′` read (Pluto's `Main.var"workspace#3".∇f(…)`, h684),
operators never join a name, and the generated classes irc.syntax.identchars keeps are the ones
its predicates give."""
import unicodedata

import pytest

from irc.syntax import identchars as IC
from irc.syntax.names import IDENT, julia_ident
from irc.syntax.parser import parse_expr, parse_text

NAMES = ["∇f", "x̂", "f′", "∂x", "∑x", "x⁺", "a∇", "∞", "°C", "€", "δ²", "ȳ", "α₁", "x‴"]
NOT_NAMES = ["x∈y", "a≤b", "√x", "a×b", "f∘g", "x→y", "a⋅b", "±x"]


@pytest.mark.parametrize("name", NAMES)
def test_julia_names_read_as_one_name_and_print_bare(name):
    e = parse_expr(f"Main.{name}")
    assert e.parts == ("Main", name)
    assert julia_ident(name) == name
    text = f"function g({name}::Int64)\n1 ─ %1 = Main.h({name})\n└──      return %1\nend\n"
    (fn,) = parse_text(text, "n.ir").items
    assert fn.params[0].name == name
    assert fn.lines[0].stmt.value.args[0].parts == (name,)


@pytest.mark.parametrize("text", NOT_NAMES)
def test_operators_never_join_a_name(text):
    assert not IDENT.fullmatch(text)


def test_predicates_follow_julia():
    for c in "∂∅∆∇∎∏∀∃∄∐∑∞∟∫∳⊤⊥⋀⋃♯⨀⁺₎∠℘℮𝛁𝟎$"[:-1]:
        assert IC.is_id_start(c), c
    for c in "∈≤√×∘⋅±¬→↦⟶⊆≈":
        assert not IC.is_id_start(c) and not IC.is_id_char(c), c
    for c in "\u0302′″‴⁗²₁":  # a combining mark, primes, other numbers: continue a name, never start one
        assert IC.is_id_char(c) and not IC.is_id_start(c), c


def _members(body: str) -> set[int]:
    import re

    out: set[int] = set()
    for a, b in re.findall(r"\\[uU]([0-9a-f]+)(?:-\\[uU]([0-9a-f]+))?", body):
        out.update(range(int(a, 16), int(b or a, 16) + 1))
    return out


def test_the_kept_classes_are_the_predicates_classes():
    kept = (_members(IC.START_EXTRA), _members(IC.CHAR_EXTRA))
    if unicodedata.unidata_version == IC.UNICODE_VERSION:
        assert (IC.START_EXTRA, IC.CHAR_EXTRA) == IC.computed_classes()
    else:  # another Unicode: what was computed still qualifies (a category never leaves these)
        now = tuple(_members(b) for b in IC.computed_classes())
        assert kept[0] <= now[0] and kept[1] <= now[1]
    assert ord("∇") in kept[0] and ord("∈") not in kept[0] | kept[1]
