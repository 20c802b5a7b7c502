"""How one Julia version spells types and lattice elements: a `PrintStyle` per print-form band.

irc's default text prints one canonical spelling (Julia 1.10's, `irc.lattice.typeprint`).
`irc infer --plain` prints what the Julia that made the paste would have printed, so its
spellings follow the band the paste's print form shows (`irc.syntax.version.detect`'s
`Detection.band`), not the rules version: a paste printed by Julia 1.5 is answered with
1.10's rules but, under `--plain`, spelled the way 1.5 spelled it.

| band | constants | arrays | parameter lists | named tuples | `where` |
|---|---|---|---|---|---|
| ≤ 1.5 | `Core.Compiler.Const(1, false)`, `Core.Compiler.PartialStruct(…)` | `Array{Int64,1}` | `Tuple{Int64,Float64}` (`Union{A, B}` keeps its space) | `NamedTuple{(:a,),Tuple{Int64}}` | spelled out, one clause a variable, innermost first: `Array{T,1} where T`, `Tuple{Vararg{T,N}} where T where N`, `Tuple{Vararg{Int64,N} where N}`, `Array{#s1,1} where #s1<:Real` |
| 1.6–1.8, ≤ 1.6 | `Core.Const(1)` | `Vector{Int64}` | `Tuple{Int64, Float64}` | `NamedTuple{(:a,), Tuple{Int64}}` | collapsed (`Vector`, `NamedTuple{(:a,)}`) |
| 1.9–1.10, 1.11, 1.12, none | the canonical spelling: `@NamedTuple{a::Int64}` | | | | |

Sources: Julia's `base/show.jl` before 1.6 (checked at v1.3.0-rc1: `show_datatype` puts `','`
between parameters and prints `NTuple{4,Int64}`; `show(::Type)` of a `Union` puts `', '`; of a
`UnionAll`, its wrapper by name (`print_without_params`), else the body then ` where ` and the
variable, written by `write(io, tv.name)`; `Core.Compiler.Const` has the field `actual`, which
the default `show` prints), and the verbatim pastes of `samples/real` for what changed since
(1.6: type aliases `Vector{T}`, collapsed `where` wrappers, `, ` between parameters, `Const` in
`Core` printing its value alone; 1.10: `@NamedTuple{…}`): e.g.
`nt::NamedTuple{(:a, :b, :c),Tuple{Array{Int64,1},Array{Float64,1},Array{Bool,1}}}`,
`x::Array{Array{T,1} where T,1}`, `Tuple{Vararg{Union{…},N} where N}` from 1.5 and earlier;
`NamedTuple{(:x,), Tuple{Vector{Int64}}}` from 1.6–1.8.  A band that cannot tell 1.9 from
1.10 prints 1.10's `@NamedTuple`; the 1.6–1.8 band prints 1.7's `Vararg{Int64}` (1.6 wrote
`Vararg{Int64, N} where N`).  Not followed: a `where` variable renamed when its name is taken
(`T1`), a constant's `actual` field when it is `true` (irc always prints `false`).

Independent of the band, `capitals`: `code_warntype` prints a type it emphasizes (Julia's
`warntype_type_printer`: yellow or red, `irc.output.colour`) with `Base.emphasize`, which on an
IO without colour prints `uppercase("::$T")` (base/show.jl, every version): a paste printed so
(`Body::ANY`, `y::UNION{FLOAT64, INT64}`; `shows_capitals`) is answered the same way by `--plain`
when irc prints without colour.

Invariants: `PrintStyle` is a frozen, hashable value, passed explicitly (no global state);
`style_for_band` is total (an unknown band gets the canonical style); `CANONICAL.canonical`
is true and the printer given it prints exactly what it prints given no style.
"""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class PrintStyle:
    """The spellings one Julia version's `show` uses where they differ from Julia 1.10's."""

    name: str  # the versions it stands for ("≤ 1.5", "1.6–1.9", "1.10+")
    compiler_const: bool = False  # `Core.Compiler.Const(v, false)` / `Core.Compiler.PartialStruct(…)` (≤ 1.5)
    param_sep: str = ", "  # between a type's parameters ("," before 1.6); a Union's members keep ", "
    array_aliases: bool = True  # `Vector{T}`, `Matrix{T}`, `BitVector`, `IOBuffer` (1.6+)
    namedtuple_macro: bool = True  # `@NamedTuple{a::T}` (1.10+), else `NamedTuple{(:a,), Tuple{T}}`
    collapse_where: bool = True  # `Vector`, `NamedTuple{(:a,)}`, `Vector{<:Real}`, `where {A, B}` (1.6+)
    quoted_tvars: bool = True  # a type variable named `#s1` prints `var"#s1"` (1.6+), else as is
    capitals: bool = False  # an emphasized (yellow/red) `::T` as `uppercase("::$T")`: printed without colour

    @property
    def canonical(self) -> bool:
        """Spells everything as Julia 1.10 does (the printer's own spelling)."""
        return (not self.compiler_const and self.param_sep == ", " and self.array_aliases
                and self.namedtuple_macro and self.collapse_where and self.quoted_tvars and not self.capitals)


CANONICAL = PrintStyle("1.10+")
JULIA_1_6 = PrintStyle("1.6–1.9", namedtuple_macro=False)
JULIA_1_5 = PrintStyle("≤ 1.5", compiler_const=True, param_sep=",", array_aliases=False, namedtuple_macro=False,
                       collapse_where=False, quoted_tvars=False)

_BY_BAND = {"≤ 1.5": JULIA_1_5, "≤ 1.6": JULIA_1_6, "1.6–1.8": JULIA_1_6}


def style_for_band(band: str) -> PrintStyle:
    """The style of a detected print-form band (`Detection.band`); the canonical one for the
    1.9–1.10, 1.11 and 1.12 bands and for a paste with no version marker ("")."""
    return _BY_BAND.get(band, CANONICAL)


_CAPITAL_TYPE = r"::[^a-z\n]*[A-Z]{2}[^a-z\n]*$"


def shows_capitals(text: str) -> bool:
    """Whether a paste shows an emphasized type in capitals: a line ending in a type annotation
    with no lower-case letter and two capitals in a row (`Body::ANY`, `::UNION{NOTHING, INT64}`;
    a concrete type, never emphasized, has a lower-case letter in every name Julia prints)."""
    import re

    return re.search(_CAPITAL_TYPE, text, re.M) is not None
