"""Cthulhu's call menu read for the argument types of the calls it lists (`irc.diagnose.cthulhu_menu`),
and `irc stubs` proposing a global's type from it (h310, Cthulhu#195)."""
from __future__ import annotations

import io

from irc.cli.batch import cli_infer
from irc.cli.commands import stubs_main
from irc.cli.driver import Options
from irc.diagnose.cthulhu_menu import menu_argtypes

PASTE = """julia> descend(; optimize=false) do
           a = sin(globalvar[])
           return a
       end
│ ─ %-1  = invoke #3()::Float64
1 ─ %1 = Base.getindex(Main.globalvar)::Int64
│        (a = Main.sin(%1))::Float64
└──      return a
Select a call to descend into or ↩ to ascend. [q]uit. [b]ookmark.
Toggles: [o]ptimize, [w]arn, [h]ide type-stable statements, [d]ebuginfo.
 • %1  = getindex(::Base.RefValue{Int64})::Int64
   %2  = sin(::Int64)::Float64
   %3  = g(1, ::Int64)::Int64
   %4  = h(::Dict{Int64, Tuple{Int64, Int64}}, ::Int64)::Int64
   ↩
"""


def test_the_menu_gives_each_listed_call_its_argument_types():
    got = menu_argtypes(PASTE)
    assert got[1] == ("Base.RefValue{Int64}",) and got[2] == ("Int64",)
    assert got[4] == ("Dict{Int64, Tuple{Int64, Int64}}", "Int64")  # commas inside brackets stay
    assert 3 not in got  # an argument printed as a value, not `::T`
    assert menu_argtypes(PASTE.split("Select")[0]) == {}  # no menu, nothing


def test_stubs_type_a_global_the_menu_shows_and_irc_then_infers_the_view(tmp_path):
    src = tmp_path / "p.ir"
    src.write_text(PASTE, encoding="utf-8")
    dest = tmp_path / "stubs.ir"
    assert stubs_main([str(src)], Options(), output=str(dest), stdout=io.StringIO(), stderr=io.StringIO()) == 0
    text = dest.read_text(encoding="utf-8")
    assert "global globalvar::Base.RefValue{Int64}" in text and "call menu" in text, text
    out = io.StringIO()
    cli_infer([str(src)], stdout=out, stderr=io.StringIO(), color="never", prelude=[str(dest)])
    assert "%1 = Base.getindex(Main.globalvar)::Int64" in out.getvalue(), out.getvalue()
    assert "(a = Main.sin(%1))::Float64" in out.getvalue()
