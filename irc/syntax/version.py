"""Which Julia's rules answer a paste: the version as a value, and its detection from the print form.

`JuliaVersion` is the rules version irc infers with: 1.10 (the default and
the reference), 1.11 or 1.12.  It is a frozen value passed down explicitly
(`World.build(rules=…)`, read as `world.rules`); each function whose rule
differs between versions asks it a named question (`rules.no_any_fallback`,
…) and branches there, nowhere else.  There is no global state: two
analyses with different versions can run in one process.

`detect(text) -> Detection`: what the print form shows, by markers only the
Julia versions of one band print (IRShow, `code_warntype`'s header):

| band | marker (the first found is the evidence) |
|---|---|
| (any) | irc's own output line `# answered with Julia 1.11's rules` (first: irc's output reads back with the rules that answered it) |
| 1.12 | statement markers (`=   dynamic …`, `builtin`, `intrinsic`), `globaldecl`, `Core.isdefinedglobal`, `latestworld`, the constant `Base.Pairs{Symbol, Union{}, Nothing, @NamedTuple{}}()` a keyword call passes (1.12's `pairs(nt) = Pairs{Symbol}(nt, nothing)`) |
| 1.11 | `@Kwargs{`, `Memory{T}` / `MemoryRef{T}` types, `%n = enter #B`, `#self#::Core.Const(Main.f)`, a function constant loaded into an SSA value first (`%1 = Main.sum::Core.Const(sum)`, not the constants `nothing`, `missing` that 1.10 loads so too: 1.11 lowering; before, only closure types, other types (`%1 = Main.Float64`, for `isa`) and non-constant globals were; a capitalised name is not the marker) |
| 1.9–1.10 | the `from` line's `@ Module file:line` |
| 1.6–1.8 | the `from` line's `in Module at file:line` |
| ≤ 1.5 | `Core.Compiler.Const(…, false)` |
| ≤ 1.6 | a `Variables` section (1.6 prints it with `Core.Const(f)`), unless below a Cthulhu view's title or method line (Cthulhu printed `Variables` on any Julia until 2022) |

Colour codes (`@code_warntype`'s ANSI escapes, which sit between a value and
its `::T`) are read through, as the parser reads them.

Bands are tried newest first (a newer marker decides: an older print form
may survive inside it, e.g. `@ Main` under 1.12); no marker: 1.10.  A band
older than 1.10 is answered with 1.10's rules (`Detection.note` says so).

Cost: at most `SCAN_LIMIT` characters from the start are searched, by
`str.find` of each marker's literal needles; only the lines holding one are
matched by a pattern, at most `CANDIDATES` per needle (a million-line input
costs what its first lines cost: about a millisecond).

Invariants: `detect` never raises; `JuliaVersion` values are the three
constants (`VERSIONS`), compared by identity or equality alike.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from irc.syntax.lazyre import lazy

SCAN_LIMIT = 1 << 18  # characters searched from the start of the text


@dataclass(frozen=True, slots=True)
class JuliaVersion:
    """The rules of one Julia minor version (1.10, 1.11, 1.12)."""

    minor: int

    @property
    def name(self) -> str:
        return f"1.{self.minor}"

    # ---- the questions the rules ask (each names the Julia change it stands for)
    @property
    def tmerge_v111(self) -> bool:
        """1.11 `typelimits.jl`: `issimpleenoughtype` counts `max(unionlen, abstract + 1)` and keeps a
        bare wrapper; `tmerge` takes `tmerge_fast_path`; `tmerge_types_slow` has no `Any` fallback."""
        return self.minor >= 11

    @property
    def stores_undef_flags(self) -> bool:
        """1.10 inference records `SLOT_USEDUNDEF`/`SLOT_STATICUNDEF` (`typeinf_local`); 1.11 does not."""
        return self.minor <= 10

    @property
    def intrinsic_throw_bottom(self) -> bool:
        """1.11 `intrinsic_exct` / `abstract_call_builtin`: a constant intrinsic call that throws is `Union{}`."""
        return self.minor >= 11

    @property
    def memory_arrays(self) -> bool:
        """1.11: `Array` is a struct over `Memory` (`ref::MemoryRef{T}`, `size::NTuple{N,Int}`)."""
        return self.minor >= 11

    @property
    def builtin_const_eval(self) -> bool:
        """1.12 `abstract_call_builtin` → `concrete_eval_eligible`: all-constant calls of pure builtins
        are evaluated; one that throws is `Union{}`."""
        return self.minor >= 12

    @property
    def latestworld_stops_inference(self) -> bool:
        """1.12 `abstract_eval_basic_statement` sets `saw_latestworld` at a `latestworld` statement; after it
        every global reads as `Any` and generic calls are not inferred (`irc.infer.latestworld`)."""
        return self.minor >= 12

    @property
    def pairs_namedtuple_nothing(self) -> bool:
        """1.12 iterators.jl `pairs(nt::NamedTuple) = Pairs{Symbol}(nt, nothing)` (1.10/1.11: `keys(nt)`):
        the `Pairs`' index is `Nothing`, so a keyword call with no keywords passes
        `Base.Pairs{Symbol, Union{}, Nothing, @NamedTuple{}}()`."""
        return self.minor >= 12

    @property
    def skips_throw_block_calls(self) -> bool:
        """1.10/1.11 `should_infer_this_call` (`unoptimize_throw_blocks`): a generic call in a throw block
        is `Any` once the function's effects so far are not total; 1.12 infers it (`irc.infer.throwblocks`)."""
        return self.minor <= 11

    @property
    def refines_condition_object(self) -> bool:
        """1.12 `typeinf_local` (`condition_object_change`): at `goto … if not b` where slot b holds a
        `Conditional` on another slot, b itself becomes that Conditional's one side in each branch."""
        return self.minor >= 12

    @property
    def isdefined_conditional(self) -> bool:
        """1.12 `abstract_eval_isdefined_expr`: `@isdefined x` on a maybe-undefined x is a `Conditional`
        (`isdefined=true`) that clears x's undef in the true branch (`conditional_change`)."""
        return self.minor >= 12

    @property
    def apply_type_union_split(self) -> bool:
        """1.12 `apply_type_tfunc`: union-typed parameters are split (`unionsplitcost`,
        `switchtupleunion`) and the applications joined (`tfuncs.apply_type_union_split`)."""
        return self.minor >= 12

    @property
    def gotoifnot_ssa_def_slot(self) -> bool:
        """1.11 `typeinf_local` (GotoIfNot): the condition's slot is found through `ssa_def_slot`, so
        `%k = x; goto #b if not %k` makes x `Const(true)`/`Const(false)` in the branches (1.10: only a bare slot)."""
        return self.minor >= 11

    @property
    def typeof_vararg_n(self) -> bool:
        """1.11 `typeof_concrete_vararg`: `typeof` of `Tuple{…, Vararg{T, N}}` with `N` a variable is
        `Type{Tuple{…, Vararg{T, N}}}` (1.10: `Type{<:Tuple{…}}`)."""
        return self.minor >= 11

    @property
    def empty_vararg_const(self) -> bool:
        """1.12 `most_general_argtypes` / `matching_cache_argtypes`: the vararg slot is `tuple_tfunc` of the
        trailing argument types, so one of no arguments is `Core.Const(())`; 1.10/1.11 `most_general_argtypes`
        give it `Tuple{}` when the signature has no trailing argument (inferenceresult.jl `vargtype = Tuple{}`)."""
        return self.minor >= 12

    @property
    def isdefined_type_fields(self) -> bool:
        """1.11 `isdefined_tfunc`: `isdefined(::Type{T}, f)` answers for `typeof(T)`'s fields
        (`isconstType`); 1.10 says `Bool`."""
        return self.minor >= 11

    @property
    def isdefined_partial_fields(self) -> bool:
        """1.12 `isdefined_tfunc`: a `PartialStruct`'s known fields are `Const(true)`; a type with no
        fields answers `Const(false)` for any name."""
        return self.minor >= 12

    @property
    def global_statements(self) -> bool:
        """1.12 lowering: `globaldecl`, `latestworld`, `Core.isdefinedglobal`, `Base.setglobal!`."""
        return self.minor >= 12

    @property
    def outlined_globalrefs(self) -> bool:
        """1.12 lowering outlines every GlobalRef into a statement of its own (#56746): a whole statement
        `:op` (an operator, module left out of the print) is the global `op` (`irc.ir.globalsym`)."""
        return self.minor >= 12


V1_10 = JuliaVersion(10)
V1_11 = JuliaVersion(11)
V1_12 = JuliaVersion(12)
VERSIONS = {v.name: v for v in (V1_10, V1_11, V1_12)}
DEFAULT = V1_10


def parse_version(name: str) -> JuliaVersion:
    """`"1.11"` -> V1_11; `ValueError` naming the choices otherwise."""
    v = VERSIONS.get(name.strip())
    if v is None:
        raise ValueError(f"unknown Julia version {name!r}: choose one of {', '.join(VERSIONS)}")
    return v


@dataclass(frozen=True, slots=True)
class Detection:
    """The rules chosen for one input and why."""

    rules: JuliaVersion
    band: str  # the versions the print form shows ("1.12", "1.9–1.10", "≤ 1.5", …); "" when none
    evidence: str  # what decided, in words (a marker and its line, `--julia 1.11`, or "no version marker")
    chosen: bool = False  # `--julia` given

    @property
    def older(self) -> bool:
        """The paste was printed by a Julia older than 1.10 (answered with 1.10's rules)."""
        return self.band in _OLDER

    @property
    def note(self) -> str:
        """The sentence irc says about it ("" when there is nothing to say: 1.10 by default or 1.9–1.10)."""
        if self.chosen:
            shown = f"; the paste shows Julia {self.band}" if self.band and self.band != self.rules.name else ""
            return f"Julia {self.rules.name}'s rules (--julia){shown}"
        if self.older:
            return f"printed by Julia {self.band} ({self.evidence}): answered with Julia 1.10's rules"
        if self.rules is not DEFAULT:
            return f"printed by Julia {self.band} ({self.evidence}): answered with Julia {self.rules.name}'s rules"
        return ""

    def json(self) -> dict:
        return {"julia_version": self.rules.name, "julia_version_evidence": self.evidence}


_OLDER = ("1.6–1.8", "≤ 1.6", "≤ 1.5")

# (band, rules, [(needles, line pattern, what it is)]) newest first: a candidate is found by
# `str.find` of a needle (C speed), then its line is checked by the pattern
_MARKERS = (
    ("1.12", V1_12, (
        ((" dynamic ", " builtin ", " intrinsic "),
         lazy(r"(?:=|^[│└┌├┄─\d \t]*[│└┌├┄─])[ \t]+(?:dynamic|builtin|intrinsic)[ \t]+(?=[%(@\w$:])"),
         "a 1.12 statement marker"),
        (("globaldecl",), lazy(r"\$\(Expr\(:globaldecl\b|(?:=|[│└─┄]\s)\s*globaldecl[ \t(]"), "`globaldecl`"),
        (("isdefinedglobal",), lazy(r"Core\.isdefinedglobal\b"), "`Core.isdefinedglobal`"),
        (("latestworld",), lazy(r"\$\(Expr\(:latestworld\)\)|[│└─┄]\s+latestworld\s*$"), "`latestworld`"),
        (("Pairs{Symbol, ",), lazy(r"Pairs\{Symbol, (?:[^{},]|\{(?:[^{}]|\{[^{}]*\})*\})*, Nothing, @NamedTuple\{"),
         "`Base.Pairs{Symbol, V, Nothing, @NamedTuple{…}}` (1.12's `pairs(nt) = Pairs{Symbol}(nt, nothing)`, "
         "a keyword call's; 1.10/1.11 index by `keys(nt)`)"),
    )),
    ("1.11", V1_11, (
        (("@Kwargs{",), lazy(r"@Kwargs\{"), "`@Kwargs{…}`"),
        (("Memory{", "MemoryRef{"), lazy(r"(?<!\w)Memory(?:Ref)?\{"), "a `Memory`/`MemoryRef` type"),
        (("enter #",), lazy(r"%\d+\s*=\s*enter\s+#\d+"), "`%n = enter #B`"),
        (("#self#::Core.Const(Main.",), lazy(r"#self#::Core\.Const\(Main\.[^\s.()\"]+\)"),
         "`#self#::Core.Const(Main.f)` (a function of Main itself; one of a submodule was qualified before)"),
        (("::Core.Const(",), lazy(r"%\d+\s*=\s*Main\.(?!(?:nothing|missing)::)([a-z_]\w*)::Core\.Const\(\1\)"),
         "a function constant loaded into an SSA value (`%1 = Main.f::Core.Const(f)`)"),
    )),
    ("1.9–1.10", V1_10, (
        (("from ",), lazy(r"^[ \t]*from \S.* @ [\w.]+ \S"), "the `from … @ Module file:line` header"),
    )),
    ("1.6–1.8", V1_10, (
        (("from ",), lazy(r"^[ \t]*from \S.* in [\w.]+(?:\.var\"[^\"\n]*\")?(?: at \S|[ \t]*$)"),
         "the `from … in Module at file:line` header"),
    )),
    ("≤ 1.5", V1_10, (
        (("Core.Compiler.Const(",), lazy(r"Core\.Compiler\.Const\(.*, (?:false|true)\)"),
         "`Core.Compiler.Const(…, false)`"),
    )),
    ("≤ 1.6", V1_10, (
        (("Variables",), lazy(r"^[ \t]*Variables[ \t]*$"), "a `Variables` section"),
    )),
)
CANDIDATES = 256  # lines checked per needle at most (a needle common in the text costs no more)


def _first(head: str, needles, pattern) -> int:
    """The offset of the first line holding a needle that `pattern` finds, or -1."""
    best = -1
    for needle in needles:
        pos = head.find(needle)
        tries = 0
        while pos >= 0 and tries < CANDIDATES and (best < 0 or pos < best):
            start = head.rfind("\n", 0, pos) + 1
            end = head.find("\n", pos)
            line = head[start:end if end >= 0 else len(head)]
            if pattern.search(line):
                best = start if best < 0 else min(best, start)
                break
            tries += 1
            pos = head.find(needle, end) if end >= 0 else -1
    return best


# Cthulhu's title (`│ ─ %-1  = invoke f(…)::R`, the older `∘ ─ %0 = invoke …`)
_CTHULHU_VIEW = lazy(r"^[ \t]*(?:│[ \t]*─[ \t]*%-1|∘[ \t]*─[ \t]*%0)[ \t]*=[ \t]*invoke\b", re.M)
# Cthulhu's method line in Julia 1.9+'s form above its `Variables` (`(::var"#5#6")(v) @ Main REPL[15]:1`,
# perhaps with a log record between: `┌ Warning: couldn't retrieve source of …` … `└ @ TypedSyntax …`)
_CTHULHU_METHOD = lazy(r"^[ \t]*\S[^\n]*\)[ \t]+@[ \t]+[\w.]+[ \t]+\S+:\d+[ \t]*\n(?:[ \t]*[┌│└][^\n]*\n)*[ \t]*Variables[ \t]*$",
                       re.M)
# the first line of `irc infer`'s text output when the rules were not 1.10's (irc.output.text.rules_line)
_RULES_LINE = lazy(r"^# answered with Julia (1\.1[012])'s rules$", re.M)
_ANSI = lazy(r"\x1b\[[0-9;]*[A-Za-z]")  # a colour or style code (`@code_warntype`'s colours, as the parser drops them)


def detect(text: str, limit: int = SCAN_LIMIT) -> Detection:
    """The band the print form shows, newest first (module doc); colour codes are read through, as
    the parser reads them (`%1 = Main.f\x1b[36m::Core.Const(f)\x1b[39m` is the 1.11 marker)."""
    head = text[:limit] if len(text) > limit else text
    if "\x1b[" in head:
        head = _ANSI.sub("", head)
    m = _RULES_LINE.search(head) if "'s rules" in head else None
    if m is not None:  # irc's own output of an answer with these rules: read back with them
        return Detection(VERSIONS[m.group(1)], m.group(1),
                         f"irc's `# answered with Julia {m.group(1)}'s rules` at line {head.count(chr(10), 0, m.start()) + 1}")
    cthulhu = ("%-1" in head or "%0" in head) and _CTHULHU_VIEW.search(head) is not None \
        or " @ " in head and _CTHULHU_METHOD.search(head) is not None
    for band, rules, markers in _MARKERS:
        if band == "≤ 1.6" and cthulhu:
            continue  # Cthulhu's warn view printed `Variables` on Julia 1.7 and 1.8 too
        found = [(pos, what) for needles, pat, what in markers if (pos := _first(head, needles, pat)) >= 0]
        if found:
            pos, what = min(found)
            return Detection(rules, band, f"{what} at line {head.count(chr(10), 0, pos) + 1}")
    return Detection(DEFAULT, "", "no version marker")


def choose(text: str, flag: str | JuliaVersion | None) -> Detection:
    """`--julia` when given (the band still detected, for the note), else the detected version."""
    found = detect(text)
    if flag is None:
        return found
    rules = flag if isinstance(flag, JuliaVersion) else parse_version(flag)
    return Detection(rules, found.band, f"--julia {rules.name}", chosen=True)
