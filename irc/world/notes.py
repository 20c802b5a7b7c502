"""What the world says about a call or a declaration it could not take at face
value: one `Note` per cause, with a stable `code` and, where a declaration
would answer it, the `declare` line to add.

Codes made here (the full list, with the inference and syntax codes, is in
docs/semantics.md §10):

- `unknown-callee` (warning): a function irc has no declaration of at all;
- `unknown-method` (note): a function irc only partly knows (the prelude, a
  `--prelude` file, the builtin tables) with no declaration for these
  argument types -- the call is `Any`, never `Union{}`;
- `no-matching-method` (warning): a function the file itself declares, none
  of whose declarations applies, or a call outside the signatures of a
  function's `declare @complete` lines (Julia's `MethodError`: the call
  throws);
- `runtime-dispatch` (warning): a call whose callee is not a constant, or
  whose non-concrete arguments match two or more known methods;
- `always-throws` (warning): a builtin call that always throws (a field the
  declared struct does not have, `setfield!` on an immutable struct);
- `unknown-type` / `duplicate-definition` (warnings, from declarations and
  type expressions; see `World`).

`declare_line(f, argtypes)` writes the declaration that would answer a call
(argument types as inferred, widened), without its result: the messages
show it with `::T`, `irc stubs` with the type Julia printed.

Invariants: notes are frozen values (they are memoised with the call that
made them); `key` identifies the cause, so a caller can report a cause once.
"""
from __future__ import annotations

from dataclasses import dataclass

from irc.lattice.typelattice import widenconst
from irc.lattice.typeprint import show, show_function
from irc.lattice.types import FuncType, FunctionValue, type_parts
from irc.syntax.names import format_name


@dataclass(frozen=True, slots=True)
class Note:
    """One diagnostic about a call, before it has a place: `code`, `message`,
    `severity`, the `declare` line that would answer it (or None) and `key`
    (what identifies its cause: equal keys are one cause)."""

    code: str
    message: str
    severity: str = "warning"
    declare: str | None = None
    key: tuple = ()


def declaration_name(f: FunctionValue) -> str:
    """`f`'s name as a declaration writes it (`Base.:+`, `Main.g`)."""
    module = tuple(f.module) if f.module else ("Main",)
    return format_name(module + (f.name,))


def argument_text(argtypes, home: tuple | None = None) -> str:
    """`::Int64, ::Vector{Float64}`: the widened argument types of a call.  `home`: the module
    of the function a declaration declares, in which its argument types are read: the type of
    a function of Main is written `typeof(Main.f)` there (Julia prints it `typeof(f)`)."""
    return ", ".join("::" + _argument(widenconst(a), home) for a in argtypes)


def _argument(w, home) -> str:
    if home and tuple(home) != ("Main",) and type(w) is FuncType and tuple(w.func.module or ("Main",)) == ("Main",):
        return "typeof(Main." + show_function(w.func) + ")"
    text = show(w)
    if home and tuple(home) != ("Main",) and "typeof(" in text:
        for x in type_parts(w):  # a Main function's type inside a type too: `Model{typeof(Main.f), …}`
            if type(x) is FuncType and tuple(x.func.module or ("Main",)) == ("Main",):
                text = text.replace(f"typeof({show_function(x.func)})", f"typeof(Main.{show_function(x.func)})")
    return text


def declare_line(f: FunctionValue, argtypes) -> str:
    """The declaration that would type a call of `f` on `argtypes`, without
    its result (`::T`, what Julia infers, is for the user or `irc stubs`)."""
    return f"declare {declaration_name(f)}({argument_text(argtypes, tuple(f.module or ('Main',)))})"


def callable_declare_line(t, argtypes) -> str:
    """The declaration of a method of `t`'s instances (a callable object) that would type a call
    of one on `argtypes`: `declare (::Poly)(::Float64)`."""
    home = tuple(t.name.module) if hasattr(t, "name") and hasattr(t.name, "module") else None
    return f"declare (::{show(t)})({argument_text(argtypes, home)})"


def unknown_callable(t, argtypes, known: int) -> Note:
    """A call of an instance of `t` (a callable object, a closure) that no `declare (::T)(…)`
    answers: `unknown-callee` when irc knows no method of `t`'s instances, else `unknown-method`."""
    sig = f"(::{show(t)})({argument_text(argtypes)})"
    line = callable_declare_line(t, argtypes)
    if not known:
        return Note("unknown-callee",
                    f"unknown callee {sig}: irc has no declaration of a method of {show(t)}'s instances (a "
                    f"callable object); add `{line}::T` with the type Julia infers for T", "warning", line,
                    ("callee", sig))
    return Note("unknown-method",
                f"no declaration of {sig} is known (irc knows {known} method{'s' if known != 1 else ''} of "
                f"{show(t)}'s instances, not all of Julia's): the call is Any; add `{line}::T` with the type "
                "Julia infers for T", "note", line, ("method", sig))


def call_text(f: FunctionValue, argtypes) -> str:
    return f"{declaration_name(f)}({argument_text(argtypes)})"


def unknown_callee(f: FunctionValue, argtypes) -> Note:
    sig = call_text(f, argtypes)
    line = declare_line(f, argtypes)
    return Note("unknown-callee",
                f"unknown callee {sig}: irc has no declaration of {declaration_name(f)}; "
                f"add `{line}::T` with the type Julia infers for T", "warning", line, ("callee", sig))


def not_in_version(f: FunctionValue, argtypes, version: str) -> Note:
    """An `unknown-callee` note for a builtin the chosen Julia version does not have (`--julia`):
    `Core.arrayref` under 1.11, `Core.memoryrefget` under 1.10."""
    sig = call_text(f, argtypes)
    line = declare_line(f, argtypes)
    return Note("unknown-callee",
                f"unknown callee {sig}: {declaration_name(f)} is not a builtin of Julia {version}, whose rules answer; "
                f"the call is Any; add `{line}::T` if the paste's Julia has it", "warning", line, ("callee", sig))


def unknown_method(f: FunctionValue, argtypes, known: int) -> Note:
    sig = call_text(f, argtypes)
    line = declare_line(f, argtypes)
    methods = f"{known} method{'s' if known != 1 else ''}"
    return Note("unknown-method",
                f"no declaration of {sig} is known (irc knows {methods} of {declaration_name(f)}, "
                f"not all of Julia's): the call is Any; add `{line}::T` with the type Julia infers for T",
                "note", line, ("method", sig))


def unknown_keyword_call(kwcall: FunctionValue, argtypes) -> Note:
    """An `unknown-method` note for `Core.kwcall(kws, f, args…)`: f's keyword body is not in the input."""
    sig = call_text(kwcall, argtypes)
    line = declare_line(kwcall, argtypes)
    return Note("unknown-method",
                f"no declaration of the keyword call {sig} is known (irc does not see the keyword body of "
                f"{show(widenconst(argtypes[1]))}): the call is Any; add `{line}::T` with the type Julia infers for T",
                "note", line, ("method", sig))


def no_matching_method(f: FunctionValue, argtypes, declared: list[str], cases: int = 1, split: int = 0,
                       domain: list[str] | None = None) -> Note:
    """JET's `no matching method found` for a function the file declares whole,
    or (`domain`: its `declare @complete` signatures) one whose methods all
    take other arguments."""
    sig = call_text(f, argtypes)
    shown = "; ".join(declared[:3]) + (f"; … ({len(declared)} in all)" if len(declared) > 3 else "")
    part = f" (for {cases} of {split} union split cases)" if split and cases < split else ""
    why = f"its methods all fall under {' or '.join(domain)}" if domain is not None else f"the file declares {shown}"
    return Note("no-matching-method",
                f"no matching method found `{sig}`{part}: the call throws a MethodError ({why})",
                "warning", None, ("no-method", sig))


def unknown_module_global(parts: tuple) -> Note:
    """`getfield(M, :x)` / `getglobal(M, :x)` of a global irc does not know: `Any` (code `unknown-global`)."""
    q = format_name(parts)
    return Note("unknown-global", f"unknown global {q}: irc takes it as a non-constant global (Any); if it is "
                f"not, declare it: `const {q} = value` or `global {q}::T`", "warning", None, ("global", parts))


def always_throws(message: str) -> Note:
    return Note("always-throws", message, "warning", None, ("throws", message))
