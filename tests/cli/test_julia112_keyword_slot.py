"""Julia 1.12's keyword method as `@code_warntype` prints it (h1100, DynamicPPL's docs): the keyword
splat slot is named `kw...` (a `Locals` entry `kw...::T`, an assignment `(kw... = …)`, typed reads),
the vararg slot of no arguments is `Core.Const(())`, and `Base.Pairs{Symbol, V, Nothing, …}` shows
1.12's `pairs(nt) = Pairs{Symbol}(nt, nothing)`."""
from __future__ import annotations

import io

from irc.cli.driver import Options, analyse
from irc.cli.batch import cli_infer
from irc.lattice.typeprint import show

PASTE = """MethodInstance for Core.kwcall(::@NamedTuple{y::Int64}, ::typeof(Main.g), ::Int64)
  from kwcall(::NamedTuple, ::typeof(Main.g), x, ix...) @ Main REPL[1]:1
Arguments
  _::Core.Const(Core.kwcall)
  @_2::@NamedTuple{y::Int64}
  @_3::Core.Const(Main.g)
  x::Int64
  ix::Core.Const(())
Locals
  kw...::Base.Pairs{Symbol, Int64, Nothing, @NamedTuple{y::Int64}}
Body::Tuple{Base.Pairs{Symbol, Int64, Nothing, @NamedTuple{y::Int64}}, Int64}
1 ─      (kw... = Base.pairs(@_2))
│   %2 = kw...::Base.Pairs{Symbol, Int64, Nothing, @NamedTuple{y::Int64}}
│   %3 = Core.tuple(kw..., x)::Tuple{Base.Pairs{Symbol, Int64, Nothing, @NamedTuple{y::Int64}}, Int64}
└──      return %3
"""


def test_the_keyword_slot_named_with_dots_is_read_and_printed_as_julia_prints_it(tmp_path):
    r = analyse("t.ir", PASTE, Options())
    assert not r.errors, r.errors
    (fn, res), = r.results
    names = [s.name for s in fn.slots]
    assert "kw..." in names and "kw" not in names
    kw = names.index("kw...") + 1
    assert res.ssa_types[3] is not None and show(res.ssa_types[3]).startswith("Tuple{Base.Pairs{Symbol")
    # a bare `kw...` argument is the slot, not a splat of a global `kw`
    from irc.syntax import tree as S

    arg = fn.stmt(3).value.args[0]
    assert type(arg) is S.SlotRef and arg.id == kw, arg
    assert not [d for d in res.diagnostics if d.code == "unknown-global"]
    src = tmp_path / "t.ir"
    src.write_text(PASTE, encoding="utf-8")
    out = io.StringIO()
    cli_infer([str(src)], stdout=out, stderr=io.StringIO(), color="never")
    text = out.getvalue()
    assert "  kw...::Base.Pairs{Symbol, Int64, Nothing, @NamedTuple{y::Int64}}" in text, text
    assert "(kw... = Base.pairs(@_2))" in text and 'var"kw..."' not in text


def test_an_empty_vararg_is_a_constant_in_112_and_a_type_before():
    """inferenceresult.jl: 1.10/1.11 `most_general_argtypes` give a vararg of no arguments `Tuple{}`;
    1.12 builds it with `tuple_tfunc`, `Core.Const(())`; the `Pairs{…, Nothing, …}` type marks 1.12."""
    r = analyse("t.ir", PASTE, Options())
    (fn, res), = r.results
    assert r.version.rules.name == "1.12"
    ix = [s.id for s in fn.slots if s.name == "ix"][0]
    assert show(res.slot_types[ix]) == "Core.Const(())"
    old = analyse("t.ir", PASTE, Options(julia="1.10"))
    (fn, res), = old.results
    assert show(res.slot_types[ix]) == "Tuple{}"
