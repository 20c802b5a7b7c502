#!/usr/bin/env python3
"""Turn the real Julia outputs of samples/real into conformance cases, and measure agreement.

Run by hand from the repository root (issue 11, item 5):

    python bench/make_corpus_cases.py              # regenerate samples/real/cases/, then measure
    python bench/make_corpus_cases.py --measure    # only measure (what tests/cli/test_corpus_agreement.py checks)
    python bench/make_corpus_cases.py --measure --write-floor   # ... and record the result as the new floor
    python bench/make_corpus_cases.py --measure --tables   # ... per version band / form, and disagreements by kind

What it writes, for every paste that samples/real/index.json says irc reads:

- a **typed** paste (`code_warntype`, `code_typed_unoptimized`) becomes one case per
  function whose expectations are Julia's printed types in the paste, sliced verbatim
  from its text (never irc's output): `return_type` from `Body::T` / `) => T`, `slots`
  from the Arguments/Locals (Variables) section, `statements` from each statement's
  `::T` (a typed slot read's `x::T` too; a type Julia <= 1.5 printed in capitals,
  `UNION{FLOAT64, INT64}`, spelled back as the reader reads it: `recase`); a statement Julia printed dead
  (`Core.Const(:(…))::Union{}`) is expected unreached (JSON `null`), as in the shared
  conformance cases.  A function with no printed type gets no case.
- a **lowered** paste (`code_lowered`, untyped) gets the answers of its typed partner
  (index.json `pair`, in either direction): same function name, and the statements
  correspond one for one (the same statements once Julia's `::T` annotations are taken
  off); otherwise it is skipped and counted.

Each case exists twice, in the layout of the shared conformance suite
(`NAME.ir` beside `NAME.expect.json`, the same expectations in both):

- `samples/real/cases/declared/NAME.ir`: the paste, after the declarations
  `irc stubs --all` writes for it (every call declared with the type Julia printed;
  for a lowered paste, those of its typed partner) -- the paste's "declared mode";
- `samples/real/cases/prelude/NAME.ir`: the paste after only the non-Base part of those
  declarations: functions of Main or of a package (not Base, not Core) and the types irc
  does not know.  A `Main.f` that the paste or its Julia source (index.json
  `julia_source`) does not define is kept as the user's unless `BASE_VIA_MAIN` lists it as
  a Base function reached through Main (then it is left to the shipped prelude).

`samples/real/cases/summary.json` records what was made and what was skipped (and why).
Agreement is computed in-process with the rules of the shared runner
(`tools/conformance.py` of the conformance suite, copied below: both sides widened,
union order, spacing and module prefixes ignored) and printed as
`expectations agreeing: N/M` per variant; `samples/real/cases/floor.json` holds the
floor the test asserts (`--write-floor` sets it to the measured counts).
"""
from __future__ import annotations

import argparse
from dataclasses import replace
import json
import math
import re
import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from irc.cli.driver import Options, RenderOptions, analyse, process_file  # noqa: E402
from irc.world.baseexports import BASE_EXPORTED_FUNCTIONS  # noqa: E402
from irc.ir import model as ir  # noqa: E402
from irc.diagnose.stubs import Stubs, collect, render  # noqa: E402
from irc.output.text import _live_text, annotation_of  # noqa: E402

REAL = ROOT / "samples" / "real"
CASES = REAL / "cases"
VARIANTS = ("declared", "prelude")
TYPED_FORMS = ("code_warntype", "code_typed_unoptimized")
LOWERED_FORMS = ("code_lowered",)
FLOOR = CASES / "floor.json"
SUMMARY = CASES / "summary.json"


# ---------------------------------------------------------------- Julia's printed types


_ANSI = re.compile(r"[\x1b\ufffd]\[[0-9;]*m")  # (ESC stored as U+FFFD by some pages)


def _raw(text_lines: list[str], expr) -> str:
    """The type Julia printed, verbatim: from where the parsed type starts to the end of its line,
    less a comment the page's author added (` # <-- in red`; Julia never prints ` # ` in a type),
    less a notebook's colour codes (`Matrix{Float64}\x1b[39m`: the colour, not the type) and less
    the REPL's display of a function constant that Julia <= 1.5 may print (`Core.Compiler.Const(onset
    (generic function with 3 methods), false)` is the function `onset`, as the reader reads it)."""
    line = text_lines[expr.line - 1]
    if 'var\\"' in line and not re.search(r'(?<!\\)"', line):  # a page that escaped the quotes, as the reader reads it
        line = line.replace('\\"', '"')
    raw = _ANSI.sub("", re.sub(r"\s+#\s.*$", "", line[expr.col - 1:])).rstrip()
    return _FUNCTION_DISPLAY.sub("", raw)


_FUNCTION_DISPLAY = re.compile(r" \(generic function with \d+ methods?\)")


_CAPITAL_NAME = re.compile(r"[A-Za-z_][\w#!]*(?:\.[A-Za-z_][\w#!]*)*")


def recase(text: str, world) -> str:
    """`@code_warntype` without colour prints a type it emphasizes (not a dispatch element) as
    `uppercase("::$T")` (`Base.emphasize`, every version; and pages that style its red spans with
    CSS `text-transform: uppercase`): `UNION{FLOAT64, INT64}`, `TUPLE{VARARG{T, 4}} WHERE T`.  The
    type Julia meant is spelled back with the reader's own rule (`World.fold_case`: the one known
    name that matches case-insensitively, else the one name the paste spells in mixed case, a
    symbol's too); `WHERE` is the keyword, one-letter names are type variables.  A capital name
    neither matches stays as written -- as irc reads it and prints it back (a package's type the
    paste never spells otherwise, `JULIABUGS.FLATTENEDGRAPHNODEDATA`).  A text with a lower-case
    letter is returned unchanged."""
    if re.search(r"[a-z]", text) or not re.search(r"[A-Z]{2}", text):
        return text

    def one(m: re.Match) -> str:
        name = m.group(0)
        if name == "WHERE":
            return "where"
        parts = tuple(name.split("."))
        if len(name) == 1:
            return name
        folded = world.fold_case(parts)
        if folded is None:
            return name
        return ".".join(folded[-len(parts):])  # `VARARG` is `Vararg`, as printed (not `Core.Vararg`)

    return _CAPITAL_NAME.sub(one, text)


def expectations(fn: ir.Function, text: str, world=None) -> dict:
    """Julia's printed types for one function of a typed paste (statement index -> type); with
    `world`, capitalised types are spelled back (`recase`)."""
    lines = text.split("\n")

    def printed(expr) -> str:
        return _raw(lines, expr) if world is None else recase(_raw(lines, expr), world)

    exp: dict = {"function": fn.name}
    if fn.julia_return is not None:
        exp["return_type"] = printed(fn.julia_return)
    names = [s.name for s in fn.slots]
    slots = {}
    for s in fn.slots:
        if s.julia_type is not None:
            key = s.name if names.count(s.name) == 1 else f"{s.name.split('@')[0]}@_{s.id}"
            slots[key] = printed(s.julia_type)
    if slots:
        exp["slots"] = slots
    stmts: dict = {}
    for i, st in enumerate(fn.stmts, start=1):
        if st.kind is ir.Kind.DEAD:
            stmts[str(i)] = None  # printed `Core.Const(:(…))::Union{}`: never reached
            continue
        ann = annotation_of(st)
        if ann is not None:
            stmts[str(i)] = printed(ann)
    if stmts:
        exp["statements"] = stmts
    return exp


def n_expectations(exp: dict) -> int:
    return ("return_type" in exp) + len(exp.get("slots") or {}) + len(exp.get("statements") or {})


def _stmt_key(fn: ir.Function, st: ir.Stmt) -> str:
    """A statement without Julia's `::T` (what a lowered and a typed output share)."""
    text = _live_text(fn, st)
    if st.kind is ir.Kind.DEAD and text.startswith("Core.Const(:(") and text.endswith("))"):
        text = text[len("Core.Const(:("):-2]
        if text.startswith("goto %"):  # a dead jump prints its target statement; compare only that it jumps
            text = "goto"
    elif st.kind in (ir.Kind.GOTO,):
        text = "goto"
    if text.startswith("(") and text.endswith(")"):
        text = text[1:-1]
    return re.sub(r"\s+", " ", text)


def corresponds(low: ir.Function, typed: ir.Function) -> str | None:
    """Why the lowered function's statements are not the typed one's, or None when they are."""
    if low.name != typed.name:
        return f"function {low.name} vs {typed.name}"
    if len(low.stmts) != len(typed.stmts):
        return f"{len(low.stmts)} statements vs {len(typed.stmts)}"
    for i, (a, b) in enumerate(zip(low.stmts, typed.stmts), start=1):
        ka, kb = _stmt_key(low, a), _stmt_key(typed, b)
        if ka != kb:
            return f"statement {i}: `{ka}` vs `{kb}`"
    return None


# ---------------------------------------------------------------- declarations


def _split_head(head: str) -> tuple[str, str]:
    """`declare Base.:+(::Int64, ::Int64)` -> ("Base.:+", "(::Int64, ::Int64)")."""
    body = head[len("declare "):]
    depth = 0
    for k in range(len(body) - 1, -1, -1):
        c = body[k]
        if c == ")":
            depth += 1
        elif c == "(":
            depth -= 1
            if depth == 0:
                return body[:k], body[k:]
    return body, ""


def _bare(name: str) -> str:
    last = re.findall(r'var"(?:[^"\\]|\\.)*"|:\(.*\)|:[^.]+|[^.]+', name)[-1]
    last = last[1:] if last.startswith(":") else last
    if last.startswith("(") and last.endswith(")"):
        last = last[1:-1]
    if last.startswith('var"'):
        last = last[4:-1]
    return last


def defines(source: str, name: str) -> bool:
    """Does this Julia text define `name` (a function, method, struct, constant or global)?"""
    n = re.escape(name)
    text = re.sub(r"(?m)^\s*julia>\s?", "", source)
    pats = [
        rf"\bfunction\s+(?:[\w.]+\.)?{n}\s*[({{]",
        rf"(?m)^\s*(?:@\w+\s+)*(?:[\w.]+\.)?{n}\s*(?:{{[^}}]*}}\s*)?\(.*\)\s*(?:::\s*[^=]+?)?\s*(?:where\s.*?)?=(?!=)",
        rf"\b(?:mutable\s+)?struct\s+{n}\b",
        rf"\babstract\s+type\s+{n}\b",
        rf"(?m)^\s*(?:const\s+|global\s+)?{n}\s*=(?!=)",
        rf"\bmacro\s+{n}\b",
    ]
    return any(re.search(p, text) for p in pats)


def declaration_stubs(path: str, text: str) -> Stubs:
    """What `irc stubs --all PATH` collects (every call Julia printed a type for)."""
    res = analyse(path, text, Options(use_printed="all"))
    stubs = Stubs()
    if not res.errors:
        collect(res, stubs)
    return stubs


# Base functions the corpus reaches through Main (`Main.supertype`) that irc's prelude lacks, so
# `irc stubs` names them Main.f: checked by hand against Julia's Base.  A Main name that is
# neither defined by the paste or its source nor listed here is taken as the user's (a page
# often shows a call of a function whose definition it leaves out); `summary.json` lists those
# (`main_names_assumed_user`): check new ones there.
BASE_VIA_MAIN = frozenset({"supertype"})


def _type_name_of(parts: tuple) -> str:
    return ".".join(parts[1:]) if parts and parts[0] == "Main" else ".".join(parts)


def _argument_heads(args: str) -> set[str]:
    """The outermost type name of each argument of `(::A{…}, ::B, ::Vector{C})` (`A`, `B`,
    `Vector`): the type a method is dispatched on, not the parameters of a Base container."""
    out, depth, cur = set(), 0, ""
    for c in args.strip()[1:-1] + ",":
        if c in "{(":
            depth += 1
        elif c in "})":
            depth -= 1
        if c == "," and depth == 0:
            t = cur.strip().lstrip(":").strip()
            out.add(re.split(r"[{(]", t, 1)[0].strip())
            cur = ""
        else:
            cur += c
    return out


def prelude_part(stubs: Stubs, sources: str) -> tuple[Stubs, list[str], list[str]]:
    """The declarations of functions that are not Base's or Core's, and of Base's or Core's on a
    type irc does not know (a package's method: `Base.values(::PhantomVector{…})`), and every
    unknown type;
    also the Main names left to the prelude (Base functions reached through Main) and the Main
    names kept without a definition in sight (assumed to be the user's)."""
    kept = replace(stubs, declarations={})  # the types (closures, fields) and globals are the user's
    left, assumed = [], []
    unknown = {_type_name_of(parts) for parts in stubs.types}
    for head, d in stubs.declarations.items():
        name, args = _split_head(head)
        root = name.split(".")[0]
        if name == "Core.kwcall":  # a keyword method of the function it is passed: that function's
            m = re.search(r"::typeof\((?:Main\.)?([^).]+)", args)
            root = m.group(1) if m and not re.search(r"::typeof\((Base|Core)\.", args) else "Core"
            root = "Base" if root in BASE_EXPORTED_FUNCTIONS else root
        if root in ("Base", "Core") and not (unknown & _argument_heads(args)):
            continue  # (a Base function's method on a type no prelude knows is its package's: kept)
        if root == "Main" and name.count(".") == 1 and not defines(sources, _bare(name)):
            if _bare(name) in BASE_VIA_MAIN:
                left.append(name)
                continue
            assumed.append(name)
        kept.declarations[head] = d
    return kept, left, assumed


def declarations_text(stubs: Stubs) -> str:
    """`irc stubs`' file without its two header lines (they name the paste as the file to run)."""
    if not stubs.declarations and not stubs.types and not stubs.globals:
        return ""  # (a prelude part holding only globals keeps them: they are the user's)
    lines = render(stubs).split("\n")
    return "\n".join(lines[2:]).strip("\n") + "\n"


# ---------------------------------------------------------------- making the cases


def _header(name: str, variant: str, entry: dict, partner: dict | None, label: str = "samples/real") -> str:
    out = [f"# case: {name}  (variant: {variant}; written by bench/make_corpus_cases.py, do not edit)",
           f"# paste: {label}/{entry['file']} ({entry['form']}; Julia {entry.get('julia_version', '?')})"]
    if entry.get("url"):
        out.append(f"# source: {entry['url']}")
    if partner is not None:
        out.append(f"# expectations: Julia's printed types in {label}/{partner['file']} ({partner['form']}),"
                   " whose statements are this paste's one for one")
    else:
        out.append("# expectations: Julia's printed types in the paste")
    if variant == "declared":
        out.append("# declared: every call Julia printed a type for, declared with it (`irc stubs --all`"
                   + (f" of {label}/{partner['file']})" if partner else ")"))
    else:
        out.append("# prelude: only functions of Main or a package, unknown types and globals are declared;"
                   " Base/Core come from irc's prelude")
    return "\n".join(out) + "\n"


def make(out_dir: Path = CASES, verbose: bool = True, src: Path = REAL, label: str = "samples/real") -> dict:
    """Write the cases of the pastes that `src/index.json` lists (by default samples/real's) into `out_dir`
    (`label` is how the cases' headers and the paths given to the reader name `src`; bench/holdout_measure.py
    builds its held-out cases with it).  Returns the summary."""
    entries = json.loads((src / "index.json").read_text(encoding="utf-8"))
    by_file = {e["file"]: e for e in entries}
    partners: dict[str, list[str]] = {}
    for e in entries:
        if e.get("pair"):
            partners.setdefault(e["file"], []).append(e["pair"])
            partners.setdefault(e["pair"], []).append(e["file"])
    for v in VARIANTS:
        if (out_dir / v).exists():
            shutil.rmtree(out_dir / v)
        (out_dir / v).mkdir(parents=True)
    summary: dict = {"typed_pastes": 0, "typed_pastes_with_cases": 0, "lowered_pastes": 0,
                     "lowered_with_pair_answers": 0, "cases": 0, "expectations": 0,
                     "main_names_left_to_prelude": {}, "main_names_assumed_user": {}, "cases_list": [], "skipped": []}

    def write_case(name: str, entry: dict, partner: dict | None, paste: str, stubs: Stubs, exp: dict):
        sources = paste + "\n" + (entry.get("julia_source") or "")
        if partner is not None:
            sources += "\n" + (src / partner["file"]).read_text(encoding="utf-8")
            sources += "\n" + (partner.get("julia_source") or "")
        pre, left, assumed = prelude_part(stubs, sources)
        if left:
            summary["main_names_left_to_prelude"][name] = sorted(left)
        if assumed:
            summary["main_names_assumed_user"][name] = sorted(assumed)
        for variant, st in (("declared", stubs), ("prelude", pre)):
            decl = declarations_text(st)
            body = _header(name, variant, entry, partner, label) + ("\n" + decl if decl else "") + "\n" + paste
            (out_dir / variant / f"{name}.ir").write_text(body, encoding="utf-8")
            (out_dir / variant / f"{name}.expect.json").write_text(json.dumps(exp, indent=2) + "\n",
                                                                  encoding="utf-8")
        summary["cases"] += 1
        summary["expectations"] += n_expectations(exp)
        summary["cases_list"].append(name)

    def skip(file: str, why: str):
        summary["skipped"].append({"file": file, "reason": why})
        if verbose:
            print(f"skip {file}: {why}")

    for e in entries:
        if e["expect"] != "reads":
            continue
        path = f"{label}/{e['file']}"
        text = (src / e["file"]).read_text(encoding="utf-8")
        stem = e["file"][:-3]
        if e["form"] in TYPED_FORMS:
            summary["typed_pastes"] += 1
            res = analyse(path, text)
            if res.errors:
                skip(e["file"], "does not read")
                continue
            stubs = declaration_stubs(path, text)
            fns = res.program.functions
            made = 0
            for k, fn in enumerate(fns, start=1):
                exp = expectations(fn, text, res.world)
                if n_expectations(exp) == 0:
                    skip(f"{e['file']} function {k} ({fn.name})", "Julia printed no type for it")
                    continue
                if any(g.name == fn.name for g in fns[:k - 1]):
                    skip(f"{e['file']} function {k} ({fn.name})",
                         "an earlier function of the paste has the same name (the runner selects by name)")
                    continue
                name = stem if len(fns) == 1 else f"{stem}_{k}"
                write_case(name, e, None, text, stubs, exp)
                made += 1
            summary["typed_pastes_with_cases"] += made > 0
        elif e["form"] in LOWERED_FORMS:
            summary["lowered_pastes"] += 1
            typed = [by_file[p] for p in partners.get(e["file"], [])
                     if by_file[p]["form"] in TYPED_FORMS and by_file[p]["expect"] == "reads"]
            if not typed:
                other = [by_file[p]["form"] + "/" + by_file[p]["expect"] for p in partners.get(e["file"], [])]
                skip(e["file"], "no typed output of the same call that irc reads"
                     + (f" (pair: {', '.join(other)})" if other else " (no pair)"))
                continue
            res = analyse(path, text)
            why = None
            for partner in typed:
                ptext = (src / partner["file"]).read_text(encoding="utf-8")
                pres = analyse(f"{label}/{partner['file']}", ptext)
                if res.errors or pres.errors:
                    why = "does not read"
                    continue
                lows, tys = res.program.functions, pres.program.functions
                if len(lows) != len(tys):
                    why = f"{len(lows)} functions vs {len(tys)} in {partner['file']}"
                    continue
                whys = [corresponds(lo, ty) for lo, ty in zip(lows, tys)]
                if any(whys):
                    why = f"statements differ from {partner['file']}: " + next(w for w in whys if w)
                    continue
                stubs = declaration_stubs(f"{label}/{partner['file']}", ptext)
                for k, (lo, ty) in enumerate(zip(lows, tys), start=1):
                    exp = expectations(ty, ptext, pres.world)
                    exp["function"] = lo.name
                    name = stem if len(lows) == 1 else f"{stem}_{k}"
                    write_case(name, e, partner, text, stubs, exp)
                summary["lowered_with_pair_answers"] += 1
                why = None
                break
            if why:
                skip(e["file"], why)
    SUMMARY.parent.mkdir(parents=True, exist_ok=True)
    (out_dir / "summary.json").write_text(json.dumps(summary, indent=1) + "\n", encoding="utf-8")
    return summary


# ---------------------------------------------------------------- the shared runner's comparison
# Copied from the shared conformance runner (tools/conformance.py) so that the measurement and the
# test need nothing outside the repository; keep in step with it.

TOKEN = re.compile(
    r'\s*(var"(?:[^"\\]|\\.)*"|"(?:[^"\\]|\\.)*"|\'(?:[^\'\\]|\\.)*\'|:[A-Za-z_][\w!]*'
    r'|[-+]?\d+(?:\.\d*)?(?:[eEf][-+]?\d+)?|[#@A-Za-z_][\w#@!]*|<:|::|\.:|[{}(),\[\].=])'
)


def tokenize(text: str) -> list[str]:
    out, pos, text = [], 0, text.strip()
    while pos < len(text):
        m = TOKEN.match(text, pos)
        if not m or m.end() == pos:
            out.append(text[pos])  # unknown character: keep it, comparison stays exact
            pos += 1
            continue
        out.append(m.group(1))
        pos = m.end()
    return out


class Node:
    """A parsed type expression: head plus optional {params} / (args) / [items]."""

    def __init__(self, head: str, kind: str = "", items: list | None = None, tail=None):
        self.head, self.kind, self.items, self.tail = head, kind, items or [], tail

    def render(self) -> str:
        s = self.head
        if self.kind:
            open_, close = {"{": "{}", "(": "()", "[": "[]"}[self.kind]
            s += open_ + ", ".join(i.render() for i in self.items) + close
        if self.tail is not None:
            s += self.tail[0] + self.tail[1].render()
        return s


def parse(tokens: list[str], i: int = 0) -> tuple[Node, int]:
    head = ""
    # a dotted name (Base.Math.sin, Main.:(+)) or a literal
    while i < len(tokens) and tokens[i] not in "{}(),[]" and tokens[i] not in ("<:", "::", "where"):
        head += tokens[i]
        i += 1
        if i < len(tokens) and tokens[i] in (".", ".:"):
            head += tokens[i]
            i += 1
        else:
            break
    node = Node(head)
    while i < len(tokens) and tokens[i] in "{([":
        kind = tokens[i]
        close = {"{": "}", "(": ")", "[": "]"}[kind]
        i += 1
        items = []
        while i < len(tokens) and tokens[i] != close:
            item, i = parse(tokens, i)
            items.append(item)
            if i < len(tokens) and tokens[i] == ",":
                i += 1
        i += 1
        node = Node(node.render() if node.kind else node.head, kind, items)
    if i < len(tokens) and tokens[i] in ("<:", "::"):
        op = tokens[i]
        rest, i = parse(tokens, i + 1)
        node.tail = (op, rest)
    if i < len(tokens) and tokens[i] == "where":
        rest, i = parse(tokens, i + 1)
        node = Node(node.render() + " where ", "", [], None)
        node.head += rest.render()
    return node, i


def short(name: str) -> str:
    """Drop module qualification (Main., Base.Math., Main.##Sandbox#12.): compare bare names."""
    if name in ("Core.Const", "Core.PartialStruct", "Core.Compiler.Const"):
        return name
    if name.startswith(("typeof(", "var\"", ":", '"', "'")) or "." not in name or name[:1].isdigit():
        return name
    parts = re.findall(r'var"(?:[^"\\]|\\.)*"|[^.]+', name)
    return parts[-1] if parts else name


def literal_type(lit: str) -> str:
    if re.fullmatch(r"[-+]?\d+", lit):
        return "Int64"
    if re.fullmatch(r"[-+]?\d+\.\d*(?:e[-+]?\d+)?|[-+]?\d+e[-+]?\d+", lit):
        return "Float64"
    if re.fullmatch(r"[-+]?\d+(?:\.\d*)?f[-+]?\d+", lit):
        return "Float32"
    if lit in ("true", "false"):
        return "Bool"
    if lit == "nothing":
        return "Nothing"
    if lit.startswith('"'):
        return "String"
    if lit.startswith("'"):
        return "Char"
    if lit.startswith(":"):
        return "Symbol"
    name = short(lit)
    last = name.split(".")[-1].lstrip("#")
    if last[:1].isupper():
        return "Type{%s}" % name
    return "typeof(%s)" % name


def normalize(node: Node, widen: bool) -> str:
    if " where " in node.head and not node.kind:
        collapsed = collapse_where(node.head)
        if collapsed != node.head:
            return normalize(parse(tokenize(collapsed))[0], widen)
    head = short(node.head)
    if head in ("Const", "Core.Const", "Core.Compiler.Const") and node.kind == "(":
        if node.items and " where " in node.items[0].head and not node.items[0].kind:
            node = Node(node.head, "(", [parse(tokenize(collapse_where(node.items[0].head)))[0]] + node.items[1:])
        if not widen:
            return "Const(%s)" % node.items[0].render() if node.items else "Const()"
        inner = node.items[0] if node.items else Node("nothing")
        if inner.kind == "{":  # Const(Vector{Int64}) is a type value
            return "Type{%s}" % normalize(inner, widen)
        if inner.kind == "(":  # Const(AssertionError("x")) is an instance of AssertionError
            return normalize(Node(inner.head), widen)
        return literal_type(inner.render())
    if head in ("PartialStruct", "Core.PartialStruct") and node.kind == "(":
        if widen and node.items:
            return normalize(node.items[0], widen)
        return "PartialStruct(%s)" % ", ".join(normalize(i, widen) for i in node.items)
    if head == "NTuple" and node.kind == "{" and len(node.items) == 2 and node.items[0].head.isdigit() and not node.items[0].kind:
        elem = normalize(node.items[1], widen)
        return "Tuple{%s}" % ", ".join([elem] * int(node.items[0].head))
    if head in ARRAY_ALIAS and node.kind == "{" and len(node.items) == 2 and node.items[1].head in ("1", "2") \
            and not node.items[1].kind:
        # Array{T, 1} is Vector{T}: Julia printed the long form before 1.6
        return "%s{%s}" % (ARRAY_ALIAS[head][node.items[1].head], normalize(node.items[0], widen))
    if head == "NamedTuple" and node.kind == "{" and len(node.items) == 2 and node.items[0].kind == "(" \
            and all(i.head.startswith(":") and not i.kind for i in node.items[0].items):
        # NamedTuple{(:a, :b), Tuple{A, B}} is @NamedTuple{a::A, b::B} (printed so since 1.10)
        names = [i.head[1:] for i in node.items[0].items]
        types = normalize(node.items[1], widen)
        tnode, _ = parse(tokenize(types))
        if short(tnode.head) == "Tuple" and tnode.kind == "{" and len(tnode.items) == len(names):
            return "@NamedTuple{%s}" % ", ".join("%s::%s" % (n, t.render()) for n, t in zip(names, tnode.items))
    if head == "Union" and node.kind == "{":
        members: set[str] = set()
        for item in node.items:
            m = normalize(item, widen)
            if m.startswith("Union{") and m.endswith("}"):
                inner, _ = parse(tokenize(m))
                members.update(normalize(i, widen) for i in inner.items)
            elif m != "Union{}":
                members.add(m)
        if len(members) == 1:
            return members.pop()
        return "Union{%s}" % ", ".join(sorted(members))
    out = head
    if node.kind:
        open_, close = {"{": "{}", "(": "()", "[": "[]"}[node.kind]
        out += open_ + ", ".join(normalize(i, widen) for i in node.items) + close
    if node.tail is not None:
        out += node.tail[0] + normalize(node.tail[1], widen)
    return out


ARRAY_ALIAS = {"Array": {"1": "Vector", "2": "Matrix"},
               "AbstractArray": {"1": "AbstractVector", "2": "AbstractMatrix"},
               "DenseArray": {"1": "DenseVector", "2": "DenseMatrix"}}


def split_where(text: str) -> tuple[str, list[str]]:
    """'B where X<:T where Y' -> ('B', ['X<:T', 'Y']) at bracket depth 0; '{A, B}' lists are flattened."""
    parts, depth, start, i = [], 0, 0, 0
    while i < len(text):
        ch = text[i]
        if ch in "({[":
            depth += 1
        elif ch in ")}]":
            depth -= 1
        elif depth == 0 and text.startswith(" where ", i):
            parts.append(text[start:i])
            i += 7
            start = i
            continue
        i += 1
    parts.append(text[start:])
    body, vars_ = parts[0], []
    for v in parts[1:]:
        v = v.strip()
        if v.startswith("{") and v.endswith("}"):
            node, _ = parse(tokenize(v[1:-1].join("()")))
            vars_.extend(i.render() for i in node.items)  # already outermost first
        else:
            vars_.insert(0, v)  # 'B where Y where X': X is the outermost
    return body, vars_


def collapse_where(text: str) -> str:
    """Julia >= 1.6 prints `T{a, X, Y} where Y where X` as `T{a}` when the trailing parameters are the
    bound variables in order; only unbounded variables (and NamedTuple's own `<:Tuple`) are dropped,
    since a bound other than the type's own changes the type. `Array{T,1} where T` is `Vector`."""
    body, vars_ = split_where(text)
    if not vars_:
        return text
    node, _ = parse(tokenize(body))
    head = short(node.head)
    if head in ARRAY_ALIAS and node.kind == "{" and len(node.items) == 2 and node.items[1].head in ("1", "2"):
        node = Node(ARRAY_ALIAS[head][node.items[1].head], "{", node.items[:1])
        head = node.head
    names, where = [], "".join(" where " + v for v in reversed(vars_))
    for v in vars_:
        name, _, bound = v.partition("<:")
        if bound and not (head == "NamedTuple" and bound.strip() in ("Tuple", "Core.Tuple")):
            return node.render() + where
        names.append(name.strip())
    if node.kind == "{" and len(node.items) >= len(names) and not node.tail:
        k = len(node.items) - len(names)
        if [i.render() for i in node.items[k:]] == names:
            return node.head + ("{%s}" % ", ".join(i.render() for i in node.items[:k]) if k else "")
    return node.render() + where


def canon(text: str | None, widen: bool = True) -> str | None:
    if text is None:
        return None
    node, _ = parse(tokenize(collapse_where(text.strip())))
    return normalize(node, widen)


def find_slot(slots: list[dict], key: str) -> dict | None:
    m = re.fullmatch(r"(?:.*@)?_(\d+)", key)
    if m:
        for s in slots:
            if s.get("id") == int(m.group(1)):
                return s
    named = [s for s in slots if s.get("name") == key]
    return named[0] if len(named) == 1 else None


def expectation_count(expect: dict) -> int:
    n = 1 if "return_type" in expect else 0
    n += len(expect.get("slots") or {}) + len(expect.get("statements") or {})
    n += sum(len(v) for v in (expect.get("flags") or {}).values())
    return max(n, 1)


def compare_function(func: dict | None, expect: dict, widen: bool = True) -> tuple[int, int, list[str]]:
    """(agree, total, problems) of one function object of `irc infer --format json` against a case."""
    if func is None:
        return 0, expectation_count(expect), ["function %r not in irc's output" % (expect.get("function") or "<first>")]
    problems, agree, total = [], 0, 0

    def cmp(what: str, julia: str | None, ours: str | None):
        nonlocal agree, total
        total += 1
        if canon(julia, widen) == canon(ours, widen):
            agree += 1
        else:
            problems.append("%s: Julia %s, irc %s" % (what, julia, ours))

    if "return_type" in expect:
        cmp("return type", expect["return_type"], func.get("return_type"))
    slots = func.get("slots") or []
    for name, typ in (expect.get("slots") or {}).items():
        s = find_slot(slots, name)
        cmp("slot %s" % name, typ, s.get("type") if s else None)
    stmts = {s.get("id"): s for s in func.get("statements") or []}
    for idx, typ in (expect.get("statements") or {}).items():
        s = stmts.get(int(idx))
        cmp("statement %s" % idx, typ, s.get("type") if s else None)
    for name, flags in (expect.get("flags") or {}).items():
        s = find_slot(slots, name)
        have = set(s.get("flag_names") or []) if s else set()
        for flag in flags:
            total += 1
            neg = flag.startswith("!")
            if (flag[1:] not in have) if neg else (flag in have):
                agree += 1
            else:
                problems.append("slot %s: flag %s expected %s" % (name, flag.lstrip("!"), "unset" if neg else "set"))
    return agree, total, problems


# ---------------------------------------------------------------- measuring


def check_case(ir_path: Path, julia: str | None = None) -> tuple[int, int, list[str], int]:
    """(agree, total, problems, errors) of one case, as `irc infer --format json` answers it
    (`julia`: as `--julia` does, else the rules of the version the paste shows)."""
    expect = json.loads(ir_path.with_suffix(".expect.json").read_text(encoding="utf-8"))
    text = ir_path.read_text(encoding="utf-8")
    opts = RenderOptions(format="json") if julia is None else RenderOptions(format="json", analysis=Options(julia=julia))
    out = process_file(str(ir_path), text, opts)
    if out.errors or out.functions_json is None:
        tail = out.messages.strip().splitlines()[-3:]
        return 0, expectation_count(expect), ["irc reported errors: " + " | ".join(tail)], out.errors or 1
    funcs = out.functions_json
    want = expect.get("function")
    func = next((f for f in funcs if f.get("name") == want), None) if want else (funcs[:1] or [None])[0]
    agree, total, problems = compare_function(func, expect)
    return agree, total, problems, 0


def measure(variant: str, cases: Path = CASES, julia: str | None = None) -> dict:
    """Agreement over one variant's cases: {"agree", "total", "cases", "passed", "errors", "problems",
    "by_case"} (by_case: case name -> (agree, total))."""
    res = {"agree": 0, "total": 0, "cases": 0, "passed": 0, "errors": [], "problems": {}, "by_case": {}}
    for ir_path in sorted((cases / variant).glob("*.ir")):
        if not ir_path.with_suffix(".expect.json").exists():
            continue
        agree, total, problems, errors = check_case(ir_path, julia)
        res["agree"] += agree
        res["total"] += total
        res["cases"] += 1
        res["passed"] += not problems
        res["by_case"][ir_path.stem] = (agree, total)
        if errors:
            res["errors"].append(ir_path.name)
        if problems:
            res["problems"][ir_path.name] = problems
    return res


# ---------------------------------------------------------------- breaking the measurement down


def paste_of(case: str, entries: list[dict]) -> dict:
    """The index entry a case was made from (a case is named after its paste, `_K` added for the
    K-th function of a paste with several)."""
    by_stem = {e["file"][:-3]: e for e in entries}
    if case in by_stem:
        return by_stem[case]
    stem, _, k = case.rpartition("_")
    if k.isdigit() and stem in by_stem:
        return by_stem[stem]
    raise KeyError(f"case {case} has no paste in samples/real/index.json")


def breakdown(m: dict, entries: list[dict], field: str) -> dict[str, list[int]]:
    """Agreement grouped by a field of the paste's index entry (`julia_version_band`, `form`):
    value -> [cases, agree, total]."""
    out: dict[str, list[int]] = {}
    for case, (agree, total) in m["by_case"].items():
        row = out.setdefault(str(paste_of(case, entries).get(field)), [0, 0, 0])
        row[0] += 1
        row[1] += agree
        row[2] += total
    return dict(sorted(out.items()))


def cause(problem: str) -> str:
    """The kind of one disagreement, from the comparison's own words (`statement 3: Julia T, irc U`)."""
    if problem.startswith("irc reported errors") or "not in irc's output" in problem:
        return "irc reported errors or lacks the function"
    if ": flag " in problem:
        return "a slot flag"
    julia, _, ours = problem.partition(": Julia ")[2].rpartition(", irc ")
    j = canon(julia) if julia != "None" else None
    o = canon(ours) if ours != "None" else None
    if j is None:
        return "Julia printed the statement dead, irc reaches it"
    if o is None:
        return "irc has no type (unreached, or no such slot/statement)"
    if j.upper() == o.upper():
        return "the same type in capitals (`UNION{FLOAT64, INT64}`: code_warntype without colour)"
    if o == "Any":
        return "irc Any where Julia has a type"
    if j == "Any":
        return "Julia Any where irc has a type"
    if "Union{}" in (j, o):
        return "one side Union{} (throws), the other a type"
    if j.startswith("Union{") or o.startswith("Union{"):
        return "the members of a Union differ"
    return "another type"


def causes(m: dict) -> dict[str, int]:
    """How many disagreements of one variant are of each kind (`cause`)."""
    out: dict[str, int] = {}
    for problems in m["problems"].values():
        for pr in problems:
            out[cause(pr)] = out.get(cause(pr), 0) + 1
    return dict(sorted(out.items(), key=lambda kv: (-kv[1], kv[0])))


def version_differences(variant: str, cases: Path = CASES) -> dict[str, int]:
    """Per case of one variant: how many of its functions `irc infer --compare-versions` finds
    answered differently by 1.10's, 1.11's and 1.12's rules (a statement's type or the return type)."""
    from irc.cli.compare import compare_inputs

    out: dict[str, int] = {}
    for ir_path in sorted((cases / variant).glob("*.ir")):
        if not ir_path.with_suffix(".expect.json").exists():
            continue
        doc, errors = compare_inputs([(str(ir_path), ir_path.read_text(encoding="utf-8"))], Options(), "json")
        files = json.loads(doc)["files"] if not errors else []
        out[ir_path.stem] = sum(len(f["functions"]) for f in files)
    return out


def markdown_tables(measured: dict[str, dict], entries: list[dict], differ: dict[str, int] | None = None) -> str:
    """docs/samples.md's tables: agreement per version band and per form (both variants), and causes;
    with `differ` (`version_differences` of the declared variant), a column of the functions whose
    answers differ between the versions' rules."""
    lines = []
    for field, title in (("julia_version_band", "band"), ("form", "form")):
        rows = {v: breakdown(measured[v], entries, field) for v in measured}
        keys = sorted(set().union(*rows.values()))
        extra = " functions differing by version |" if differ is not None else ""
        lines += [f"| {title} | cases | declared | prelude |{extra}", "|---|---|---|---|" + ("---|" if extra else "")]
        per_key: dict[str, int] = {}
        if differ is not None:
            for case, n in differ.items():
                k = str(paste_of(case, entries).get(field))
                per_key[k] = per_key.get(k, 0) + n
        for k in keys:
            cells = []
            for v in VARIANTS:
                n, a, t = rows[v].get(k, [0, 0, 0])
                cells.append(f"{a}/{t} ({100.0 * a / t:.1f}%)" if t else "–")
            tail = f" {per_key.get(k, 0)} |" if differ is not None else ""
            lines.append(f"| `{k}` | {rows[VARIANTS[0]].get(k, [0])[0]} | " + " | ".join(cells) + " |" + tail)
        lines.append("")
    per = {v: causes(measured[v]) for v in measured}
    lines += ["| disagreement | declared | prelude |", "|---|---|---|"]
    for k in sorted(set().union(*per.values()), key=lambda k: -per[VARIANTS[0]].get(k, 0)):
        lines.append(f"| {k} | {per[VARIANTS[0]].get(k, 0)} | {per[VARIANTS[1]].get(k, 0)} |")
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--measure", action="store_true", help="only measure the cases already written")
    ap.add_argument("--write-floor", action="store_true", help="record the measured counts in floor.json")
    ap.add_argument("-v", "--verbose", action="store_true", help="print every disagreement")
    ap.add_argument("--tables", action="store_true",
                    help="print agreement per version band and per form, and the disagreements by kind (Markdown)")
    ap.add_argument("--julia", choices=("1.10", "1.11", "1.12"), default=None,
                    help="measure with this version's rules for every paste (default: the version each paste shows)")
    args = ap.parse_args(argv)
    if args.julia and args.write_floor:
        ap.error("--write-floor records the default measurement: drop --julia")
    if not args.measure:
        s = make(verbose=args.verbose)
        print(f"typed pastes: {s['typed_pastes']}, with cases: {s['typed_pastes_with_cases']}; "
              f"lowered pastes: {s['lowered_pastes']}, with pair answers: {s['lowered_with_pair_answers']}; "
              f"cases: {s['cases']} per variant, {s['expectations']} expectations; skipped: {len(s['skipped'])}")
    floor, measured = {}, {}
    for v in VARIANTS:
        m = measured[v] = measure(v, julia=args.julia)
        share = 100.0 * m["agree"] / m["total"] if m["total"] else 0.0
        if args.verbose:
            for name, problems in m["problems"].items():
                print(f"FAIL {v}/{name}")
                for p in problems:
                    print("    " + p)
        print(f"{v}: expectations agreeing: {m['agree']}/{m['total']} ({share:.1f}%); "
              f"{m['passed']} passed, {m['cases'] - m['passed']} failed; errors: {len(m['errors'])}")
        floor[v] = {"agree": m["agree"], "total": m["total"], "percent": math.floor(share * 10) / 10}
    if args.tables:
        differ = version_differences(VARIANTS[0])
        print(markdown_tables(measured, json.loads((REAL / "index.json").read_text(encoding="utf-8")), differ), end="")
        print(f"\nfunctions whose answers differ between 1.10's, 1.11's and 1.12's rules (declared cases): "
              f"{sum(differ.values())} in {sum(1 for n in differ.values() if n)} of {len(differ)} cases")
    if args.write_floor:
        FLOOR.write_text(json.dumps(floor, indent=1) + "\n", encoding="utf-8")
        print(f"wrote {FLOOR.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
