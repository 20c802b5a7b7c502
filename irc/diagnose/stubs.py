"""`irc stubs FILE…`: the declarations irc lacks, as a file ready to edit.

For every call irc could not type -- a callee with no declaration at all
(`unknown-callee`), a function irc only partly knows with no declaration for
these argument types (`unknown-method`) -- one `declare` line with the
argument types as inferred and, as its result, the type Julia printed on
that line when the paste has one and it belongs to that call (the
statement's own call, the whole call's argument types); otherwise `Any`
with a comment saying what to fill in.  For every type name irc did not
know, a `struct` with the fields the input reads from it when the paste
proves them (`_scan_fields`, `_struct_fields`: every field read from an
argument or `%k` of exactly that type, one printed type each -- for a
parametric type, the k-th parameter of every instance read, or one printed
type (`_parametric_fields`); a field read with no printed type is declared
`Any`, or with the listed type of the local it is stored in, a bound
(`_unshown_fields`): a struct without it would make its read throw --
and nothing the paste does to the type that a struct of those fields would
answer otherwise), else one `abstract type` line with as many parameters as
the input uses (named `T1, T2, …`), commented with the fields the input reads
from it and the types Julia printed for them (and why no struct).  For every
global irc did not know that Julia printed on its own (`%2 =
Main.var::Core.Const(10)`), `const var = 10` or `global var::T`
(`_scan_globals`; a type of another name is an alias, `const M.Qobj =
QuantumObject`; a Julia <= 1.5 constant array a `global g::Vector{T}`), and
for one passed to a call Cthulhu's call menu lists, the type the menu shows
(`_scan_menu_globals`).  An `isa` test Julia printed `Bool` between two unknown
types proves a supertype (`_scan_subtypes`).

Evidence, never a guess: a result is Julia's printed answer, widened to a
type (`Core.Const(1)` -> `Int64`: a declaration is for any argument of its
types, not for one constant); two statements that print different results
for one signature keep the first and say so in a comment.

With `--all` (the file inferred taking every printed type), every call Julia
printed a type for is declared with it -- builtins, fields and constructors
aside, which irc types by its own rules -- which is the paste's "declared
mode": what irc answers when it knows every callee as Julia did.  Julia <= 1.5
prints an assignment without a type (`(y = Main.pos(x))`, as 1.6-1.10 do too);
when it is the slot's only assignment, or the slot's listed type (Variables/
Locals) is concrete, that type is the call's result, and the declare line's
comment says so.

`collect(file, stubs)` gathers from one analysed file into a `Stubs`;
`render(stubs)` prints the declarations file (valid irc input: `irc infer
--prelude stubs.ir FILE`).  Pure functions of the analysis; no I/O.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from irc.infer.transfer import const_of_name
from irc.ir import model as ir
from irc.ir.pasted import nodes
from irc.lattice.layout import issingleton
from irc.lattice.typelattice import ANY, BOOL, Conditional, Const, OpaqueValue, PartialStruct, widenconst
from irc.lattice import typetable as TT
from irc.lattice.subtype import issubtype
from irc.lattice.typeprint import show
from irc.lattice.types import (BOTTOM, DataType, FuncType, FunctionValue, Sym, UnionAllType, UnionType, VarargType,
                               has_free_typevars, is_type, unwrap_unionall)
from irc.output.fmt import format_expr, format_lit
from irc.diagnose.cthulhu_menu import menu_argtypes
from irc.output.text import annotation_of, slot_display_names
from irc.syntax import tree as S
from irc.syntax.names import format_name, is_generated_name, julia_ident
from irc.syntax.parser import parse_expr
from irc.world.notes import argument_text, callable_declare_line, declare_line
from irc.world.returntype import inner_call, is_return_type, printed_result
from irc.world.typetfuncs import isconst_type
from irc.world.world import PRELUDE_PATH


@dataclass(slots=True)
class Declaration:
    """One `declare` line: its text without the result, the result (None:
    Julia printed none for this call), where it was seen, and notes."""

    head: str
    result: str | None
    where: str
    comments: list[str] = field(default_factory=list)


@dataclass(slots=True)
class GlobalStub:
    """A global Julia printed on its own (`%2 = Main.var::Core.Const(10)`): `const` with the
    literal's text, or `global` with the widened type; where it was seen, and notes."""

    kind: str  # "const" | "global"
    text: str  # the literal (const) or the type (global)
    where: str
    comments: list[str] = field(default_factory=list)


@dataclass(slots=True)
class Stubs:
    declarations: dict[str, Declaration] = field(default_factory=dict)  # head -> line
    types: dict[tuple, int] = field(default_factory=dict)  # unknown type (module…, name) -> parameters
    fields: dict[tuple, dict[str, str]] = field(default_factory=dict)  # unknown type -> field -> Julia's type
    closures: dict[tuple, list[tuple[str, str]]] = field(default_factory=dict)  # closure type -> (field, type)
    closures_printed: set = field(default_factory=set)  # those whose fields a printed instance and its reads show
    # unknown type -> field -> the widened types Julia printed for plain reads of it (`_scan_fields`)
    field_types: dict[tuple, dict[str, set[str]]] = field(default_factory=dict)
    no_struct: dict[tuple, str] = field(default_factory=dict)  # unknown type -> why it is not proposed as a struct
    # parametric unknown type -> field -> (Julia's widened type, the instance's parameters) of plain reads
    param_reads: dict[tuple, dict[str, set[tuple]]] = field(default_factory=dict)
    field_bounds: dict[tuple, dict[str, set[str]]] = field(default_factory=dict)  # T -> field -> listed slot types
    globals: dict[tuple, "GlobalStub"] = field(default_factory=dict)  # unknown global (module…, name) -> its line
    supers: dict[tuple, tuple] = field(default_factory=dict)  # unknown type -> the unknown supertype the paste proves
    concrete: dict[tuple, str] = field(default_factory=dict)  # unknown type -> where the paste proves it concrete
    constructed: set[tuple] = field(default_factory=set)  # unknown types the paste calls or `%new`s
    # unknown type -> where Julia printed an instance of it as `T()` (`_scan_instances`: a field-less struct)
    instances: dict[tuple, str] = field(default_factory=dict)
    # unknown bare name -> ("global" | "alias", why): an `isa` test the paste shows proves it no type a
    # declaration here can make (`_scan_isa_names`), so no `abstract type` line is proposed for it
    not_types: dict[tuple, tuple[str, str]] = field(default_factory=dict)
    files: list[str] = field(default_factory=list)
    differ: int = 0  # irc's answers that differ from the types Julia printed (`--check`'s count)
    first_difference: str | None = None  # the first of them, rendered as `--check` does


def collect(file: Any, stubs: Stubs) -> None:
    """Add what one analysed file (`irc.cli.driver.FileResult`) lacks to `stubs`.
    When it was inferred with every printed type taken (`Options(use_printed=
    "all")`), every call Julia printed a type for is declared, not only the
    ones irc could not type: the paste's "declared mode" (`irc stubs --all`)."""
    stubs.files.append(file.path)
    world = file.world
    for fn, result in file.results:
        tr = result._transfer
        every = getattr(tr, "calls_at", None)
        if every is not None:
            from_slot, bound = getattr(tr, "from_slot", ()), getattr(tr, "slot_bound", ())
            used = getattr(tr, "used", None)
            for pc in sorted(every):
                _add_call(stubs, world, fn, fn.stmt(pc), *every[pc], file.path, from_slot=pc in from_slot,
                          bound=pc in bound, unused=used is not None and not used[pc] and fn.stmt(pc).slot is None)
        else:
            for pc in sorted(getattr(tr, "call_notes", {})):
                st = fn.stmt(pc)
                for args, note, whole in tr.call_notes[pc]:
                    _add_declaration(stubs, world, fn, st, args, note, whole, file.path)
        _scan_fields(stubs, world, fn, result)
        _scan_constant_types(stubs, world, fn)
        _scan_constant_functions(stubs, world, fn, file.path)
        _scan_instances(stubs, world, fn, file.path)
        _scan_globals(stubs, world, fn, file.path)
        if len(file.results) == 1:
            _scan_menu_globals(stubs, world, fn, getattr(file, "text", "") or "", file.path)
        _scan_bare_values(stubs, world, fn, file.path)
        _scan_subtypes(stubs, world, fn, result)
        _scan_isa_names(stubs, world, fn, result, file.path)
        _scan_concrete(stubs, world, fn, file.path)
        _scan_closures(stubs, world, fn, result)
        _scan_closure_instances(stubs, world, fn)
        _count_differences(stubs, world, fn, result, file.path)
        for t in _result_types(fn, result):
            _scan_unknown(t, stubs.types)
            _scan_bounds(t, stubs.no_struct)
        for t in _printed_types(world, fn):  # (a type only Julia's answers name: `StructArray{…, N, C, I} where …`)
            _scan_unknown(t, stubs.types)
    for q, ms in world.methods.items():
        for m in ms:
            if m.origin != _shipped_prelude():
                _scan_unknown(m.sig, stubs.types)
                _scan_bounds(m.sig, stubs.no_struct)
                if q.rsplit(".", 1)[-1] == "getproperty":
                    overridden: dict = {}
                    _scan_unknown(m.sig, overridden)
                    for key in overridden:
                        stubs.no_struct.setdefault(key, "a declared `getproperty` method answers its field reads")
    for tn in world.unknown_types.values():
        stubs.types.setdefault(tn.module + (tn.name,), 0)


def render(stubs: Stubs) -> str:
    """The declarations file."""
    out = ["# Declarations irc lacked for " + ", ".join(stubs.files) + " (written by `irc stubs`).",
           "# Edit them, then: irc infer --prelude THIS_FILE " + " ".join(stubs.files)]
    if stubs.types:
        out.append("")
        out.append("# types irc does not know: each is kept opaque until declared here; write what it is")
        out.append("# (`struct Name{…} <: Super` with its fields, or keep `abstract type` with its supertype)")
        for parts in sorted(stubs.types):
            n = stubs.types[parts]
            if parts in stubs.not_types and not n:
                kind, why = stubs.not_types[parts]
                if kind == "global":
                    out.append(f"global {_type_name(parts)}  # no constant type: {why}")
                else:
                    out.append(f"# const {_type_name(parts)} = …  # an alias irc cannot name: {why}; "
                               "write its value (left undeclared, irc answers `isa` with it `Bool`)")
                continue
            params = "{" + ", ".join(f"T{i}" for i in range(1, n + 1)) + "}" if n else ""
            name = _type_name(parts)
            if parts in stubs.closures:
                out.extend(_closure_struct(name, n, stubs.closures[parts], stubs.fields.get(parts, {}),
                                           printed=parts in stubs.closures_printed))
                continue
            sup = stubs.supers.get(parts) if not n else None
            fields, why = _struct_fields(stubs, parts)
            if fields is not None:
                if is_generated_name(parts[-1]):  # a closure's type, read through `#self#`
                    # with the parameters Julia printed: a field typed by one is declared with it
                    # (julia-syntax.scm `type-for-closure-parameterized`; irc.infer.closures)
                    out.append(f"struct {name}{params} <: Function  # a closure's type: the captured variables the "
                               "paste reads, as Julia typed them")
                else:
                    out.append(f"struct {name}{params}{f' <: {_type_name(sup)}' if sup else ''}  # the fields the "
                               "paste reads, as Julia typed them (or a getproperty method of its own did); `...`: "
                               "others it does not show (write them, in order)"
                               + ("; a field typed as one parameter of every instance read is declared with it" if n
                                  else ""))
                out += [f"    {julia_ident(f)}::{t}" + (f"  # {c}" if c else "") for f, t, c in fields]
                if not is_generated_name(parts[-1]):
                    out.append("    ...")
                out.append("end")
                continue
            read = stubs.fields.get(parts)
            if parts in stubs.concrete and not read and stubs.no_struct.get(parts, _BOUNDED).startswith(_BOUNDED):
                # (a bound irc's own answers put on it, `Type{<:T}` before it knew T concrete, is no evidence)
                sup = stubs.supers.get(parts)
                out.append(f"struct {name}{params}{f' <: {_type_name(sup)}' if sup else ''}  # concrete: Julia printed "
                           f"`typeof` of a value of it as a constant ({stubs.concrete[parts]}); its fields are not in "
                           "the paste (`...`): write them")
                out += ["    ...", "end"]
                continue
            note = ("  # fields read: " + ", ".join(f"{f} (Julia printed {t})" for f, t in sorted(read.items()))
                    if read else "")
            if read and why:
                note += f"; not proposed as a struct: {why}"
            if sup is not None:
                params = f" <: {_type_name(sup)}"
                note = note or f"  # the paste tests a `{_type_name(sup)}` with `isa` against it and Julia printed Bool"
            if parts in stubs.instances and not read and (n or sup is None) and parts not in stubs.no_struct \
                    and parts not in stubs.supers.values():
                out.append(f"struct {name}{params if n else ''} end  # Julia printed its instance `{name}"
                           f"{'{…}' if n else ''}()` ({stubs.instances[parts]}): the default `show` of a struct with "
                           "no fields (a singleton: its instance is a constant)")
                continue
            out.append(f"abstract type {name}{params} end{note}")
    if stubs.globals:
        out.append("")
        out.append("# globals irc does not know, as Julia printed them where the paste reads them on their own")
        for parts in sorted(stubs.globals):
            g = stubs.globals[parts]
            line = (f"const {_type_name(parts)} = {g.text}" if g.kind == "const"
                    else f"global {_type_name(parts)}::{g.text}")
            out.append(line + "  # " + "; ".join([g.where] + g.comments))
    if stubs.declarations:
        out.append("")
        out.append("# calls irc could not type: argument types as irc inferred them; the result is the type")
        out.append("# Julia printed for the call, or Any where the paste shows none (fill it in)")
        for d in sorted(stubs.declarations.values(), key=lambda d: d.head):
            unknown = ["Julia printed no type for this call: fill in the result"] if d.result is None else []
            text = f"{d.head}::{d.result or 'Any'}"
            out.append(text + "  # " + "; ".join([d.where] + unknown + d.comments))
    if not stubs.types and not stubs.declarations and not stubs.globals:
        out.append("")
        if stubs.differ:
            out += [f"# Nothing is missing: irc knew every callee and type, yet {stubs.differ} of its answers "
                    f"{'differs' if stubs.differ == 1 else 'differ'} from the types Julia printed",
                    f"# (first: {stubs.first_difference}).",
                    "# The cause is not a declaration but a rule: constant propagation irc did not do, a widening",
                    "# limit, or a Julia version other than the one irc follows; `irc explain FILE --stmt %N`",
                    "# shows how irc reached its answer."]
        else:
            out.append("# Nothing to declare: irc knew every callee and type these inputs use.")
    return "\n".join(out) + "\n"


# ---------------------------------------------------------------- declarations


def _add_declaration(stubs: Stubs, world: Any, fn: ir.Function, st: ir.Stmt, args: Any, note: Any,
                     whole: bool, path: str) -> None:
    head = note.declare
    own = type(st.value) is S.Call and st.value.args is args  # the statement's own call
    printed = _printed(world, fn, st) if own and whole else None
    where = f"{path}:{st.line}"
    old = stubs.declarations.get(head)
    if old is None:
        stubs.declarations[head] = Declaration(head, printed, where)
        if own and not whole and annotation_of(st) is not None:
            stubs.declarations[head].comments.append("Julia's type on that line is for the whole union-split call")
        return
    if printed is not None and old.result is None:
        old.result, old.where = printed, where
    elif printed is not None and printed != old.result:
        old.comments.append(f"{where}: Julia printed {printed} there")


# calls typed by irc's own rules even when they are not builtins (struct fields)
_OWN_RULES = frozenset({"getproperty", "setproperty!"})


def _add_call(stubs: Stubs, world: Any, fn: ir.Function, st: ir.Stmt, func: Any, f: Any, argtypes: list,
              julia: Any, path: str, from_slot: bool = False, bound: bool = False, unused: bool = False) -> None:
    """`--all`: declare the statement's call with the type Julia printed, unless
    irc types it by its own rules (a builtin, a field, a constructor).
    `from_slot`: Julia printed the assignment untyped (Julia <= 1.5) and the
    result is the listed type of the slot it assigns, its only assignment.
    `bound`: that slot is assigned elsewhere too and its listed type is not
    concrete, so the type is an upper bound on the call's result.
    `unused`: a call statement (no assignment) whose value no statement reads, so the `Any` Julia printed
    there is its widening (`abstract_call_gf_by_type`: `call_result_unused(si)`
    gives `Any`), no evidence of the method's result: the call is declared as one
    Julia printed no type for, and a statement that uses its value fills it in."""
    callee, inst = "", None
    if type(f) is Const and type(f.val) is FunctionValue and is_return_type(world.method_owner(f.val)):
        _add_return_type_call(stubs, world, fn, st, argtypes, julia, path)  # typed by irc's own rule
        return
    if type(f) is not Const and type(func) is S.SSA and (printed := _printed_type_constant(world, fn, func)):
        f = printed  # `(%9)(undef)`, `%9 = Core.apply_type(%6, …)::Core.Const(MVector{50, Float64})` irc could not apply
    elif type(f) is not Const and isconst_type(widenconst(f)):
        f = Const(widenconst(f).params[0])  # `(#self#)(sys, …)` with `#self#::Type{ODEFunction{true}}`: that type
    if type(f) is Const and type(f.val) is FunctionValue:
        fv = world.method_owner(f.val)
        if (world.is_builtin(fv) and not _untyped_keyword_call(world, fn, fv, argtypes)) or fv.name in _OWN_RULES:
            return
    elif type(func) is S.Name and not (type(f) is Const):
        fv = _named_function(fn, func)  # a name irc does not know: a function it does not know
    elif type(func) is S.SSA and not (type(f) is Const) and (parts := _constant_global(world, fn, func)):
        if _constructs_itself(fn, func.n, parts[-1]):
            # `%5 = M.Operator::Core.Const(Operator)`, `(%5)()::Core.Const(Operator())`: the constructor of the
            # type Julia printed (named as printed: a bare name is Main's, whatever module reads it)
            shown = tuple(fn.stmt(func.n).annotation.args[0].parts)
            parts = shown if len(shown) > 1 else ("Main",) + shown
            callee = f"the callee is %{func.n}, the type `{'.'.join(shown)}` Julia printed as a constant: its constructor"
        else:
            callee = f"the callee is %{func.n}, a name Julia printed as a constant"
        fv = FunctionValue(parts[:-1], parts[-1])  # `%1 = M.f::Core.Const(M.f)` … `(%1)(…)`: a function
    elif type(f) is Const and type(f.val) is DataType and (f.val.params or f.val.name.unknown) \
            and (f.val.name.unknown or f.val.name.abstract) and _untyped_construction(world, fn, f, argtypes, julia):
        # `(%4)(x)` with `%4::Core.Const(SVector{3, Float64})`, `(#self#)(c, :x)` with `#self#::Type{Polynomial}`:
        # a constructor irc has no rule for
        fv = None
    elif type(f) is Const and type(f.val) is OpaqueValue and f.val.bare:
        # `(g)(x)` with `g::Core.Compiler.Const(k, false)`: a name Julia printed as a constant, called -- a function
        fv = FunctionValue(tuple(fn.module or ("Main",)), f.val.callee[0])
        callee = f"the callee is `{f.val.callee[0]}`, a name Julia printed as a constant and the paste calls: a function"
    elif (inst := _callable_instance(world, fn, func, f, argtypes)) is not None:
        fv = None  # `(%17)()` with `%17::var"#bar#67"`: a callable object (a closure) irc has no method of
        callee = f"a method of {show(inst)}'s instances (a callable object), called on one"
    else:
        return
    wargs = [BOOL if type(a) is Conditional else a for a in argtypes]
    if fv is None and inst is not None:
        head = callable_declare_line(inst, wargs)
    elif fv is None:
        t = f.val
        params = f"{{{', '.join(show(p) for p in t.params)}}}" if t.params else ""
        head = f"declare {_type_name(t.name.module + (t.name.name,))}{params}({argument_text(wargs, t.name.module)})"
        callee = f"a constructor of `{show(t)}`, called on the type"
    else:
        head = declare_line(fv, wargs)
    printed = _declared_result(world, fn, julia, wargs)
    if unused and printed == "Any":
        printed = None  # Julia widened the unused call's result
    old = stubs.declarations.get(head)
    where = f"{path}:{st.line}"
    note = f"the type Julia listed for `{_slot_name(fn, st.slot)}`, " + (
        "which this call alone assigns" if _assignments(fn, st.slot) == 1
        else "a bound: the merge of every value stored there (narrow it if you know this call's)" if bound
        else "a concrete type: every value stored there has it")
    if old is None:
        stubs.declarations[head] = Declaration(head, printed, where, [note] if from_slot else [])
        if callee:
            stubs.declarations[head].comments.append(callee)
    elif printed is not None and old.result is None:
        old.result, old.where = printed, where
    elif printed is not None and old.result != printed:
        old.comments.append(f"{where}: Julia printed {printed} there" + (f" ({note})" if from_slot else ""))


def _callable_instance(world: Any, fn: ir.Function, func: Any, f: Any, argtypes: list) -> Any:
    """The data type of the callee when the call is of an instance of it (a callable object, a
    closure: `(%17)()` with `%17::var"#bar#67"`) that irc cannot type -- no function, type,
    kind or builtin -- else None: `--all` declares `(::T)(…)` with the type Julia printed.
    Where irc has only `Any` for the callee (its type unknown to irc when it built it), the type
    Julia printed for it (`%17`'s annotation, a slot's listed type) is the callee's."""
    w = widenconst(f)
    if w == ANY:
        printed = _julia_type_of(world, fn, func)
        if type(printed) is not DataType:
            return None
        f = w = printed
    if type(w) is UnionType and TT.NOTHING in w.members and len(w.members) == 2:
        # `(%15)(x)` with `%15::Union{Nothing, Mayer}` (h503): `nothing` has no call method, Julia's split
        # call is the other member's, so the method to declare is its instances'
        f = w = next(m for m in w.members if m != TT.NOTHING)
    if type(w) is not DataType or type(f) is Const and (type(f.val) is FunctionValue or is_type(f.val)):
        return None
    if TT.isType(w) or TT.iskind(w) or issubtype(w, TT.BUILTIN) or not (TT.isconcrete(w) or w.name.unknown):
        return None
    try:
        r = world.call(f, list(argtypes), tuple(fn.module or ("Main",)))
    except Exception:  # noqa: BLE001 - a call irc cannot evaluate here is one it cannot type
        return w
    return w if r.gap or r.rt == ANY else None


def _eval_annotation(world: Any, fn: ir.Function, ann: Any) -> Any:
    """A type Julia printed, as irc reads it in `fn`, or None (none printed, or one irc cannot
    read: no evidence it can use)."""
    if ann is None:
        return None
    try:
        return world.eval_type(ann, _sparams(world, fn), fn.module)
    except Exception:  # noqa: BLE001 - an annotation irc cannot read is not evidence it can use
        return None


def _add_return_type_call(stubs: Stubs, world: Any, fn: ir.Function, st: ir.Stmt, argtypes: list, julia: Any,
                          path: str) -> None:
    """`Core.Compiler.return_type(f, Tuple{A…})::Core.Const(T)` where irc cannot type `f(::A…)`:
    Julia's `return_type_tfunc` inferred that call as `T` (`Type{<:T}`: at most `T`), so the
    declaration that lets irc answer it is `f`'s, `declare f(::A…)::T` -- not one of
    `return_type`, which irc types by Julia's rule (`irc.world.returntype`)."""
    args = list(argtypes)
    named = _unknown_function_argument(fn, st, args)
    if named is not None:
        args[0] = Const(named)  # `return_type(only_ints, Tuple{Int})` of a global irc does not know
    got = inner_call(args)
    if got is None or type(got[1]) is not Const or type(got[1].val) is not FunctionValue:
        return
    _tt, aft, inner = got
    try:
        call = world.call(aft, list(inner), tuple(fn.module or ("Main",)))
    except Exception:  # noqa: BLE001 - a call irc cannot evaluate here is one it cannot type
        call = None
    res = printed_result(julia)
    if (call is not None and not call.gap) or res is None:
        return
    fv = world.method_owner(aft.val)
    head = declare_line(fv, [BOOL if type(a) is Conditional else a for a in inner])
    if head not in stubs.declarations:
        stubs.declarations[head] = Declaration(head, show(res), f"{path}:{st.line}", [
            f"the call `Core.Compiler.return_type` asks about: Julia printed {show(julia)} for it"])


def _unknown_function_argument(fn: ir.Function, st: ir.Stmt, args: list) -> Any:
    """The function a `return_type(f, Tuple{A…})` call names by a global irc does not know (its
    type `Any`): Julia printed a type for the call, so `f` is a function it knew; a
    `FunctionValue` of that name (module-qualified as `_add_call` qualifies an unknown callee), else
    None."""
    call = st.value
    if type(call) is not S.Call or len(call.args) != 2 or len(args) != 2 or args[0] != ANY:
        return None
    node = call.args[0]
    return _named_function(fn, node) if type(node) is S.Name else None


def _named_function(fn: ir.Function, name: Any) -> FunctionValue:
    """The function a name the paste uses denotes: qualified as written, else in the function's module."""
    parts = tuple(name.parts) if len(name.parts) > 1 else tuple(fn.module or ("Main",)) + tuple(name.parts)
    return FunctionValue(parts[:-1], parts[-1])


def _printed_type_constant(world: Any, fn: ir.Function, ssa: Any) -> Any:
    """The `Core.Const` of a parametric type Julia printed for `%k` (`Core.Const(MVector{50,
    Float64})`), else None."""
    if not (1 <= ssa.n <= len(fn.stmts)) or fn.stmt(ssa.n).annotation is None:
        return None
    try:
        t = world.eval_type(fn.stmt(ssa.n).annotation, _sparams(world, fn), fn.module)
    except Exception:  # noqa: BLE001 - an annotation irc cannot read is not evidence it can use
        return None
    return t if type(t) is Const and type(t.val) is DataType and t.val.params else None


def _declared_result(world: Any, fn: ir.Function, julia: Any, args: list) -> str:
    """The result a `--all` declaration gives: Julia's printed type, widened (a declaration is
    for any argument of its types, not for the constants of one call) -- but for a call whose
    every argument is of a type with one value (none: `VarName{:α}()::Core.Const(α)`; a singleton
    `Val{5}()`, `typeof(sin)`; a `Type{Int64}`) Julia's constant itself: the signature holds only
    the constants inference was given, so its constant is what every call of it gives
    (`buildt(::Val{5})::Core.Const((1, 2, 3, 4, 5))`).  Kept only when irc reads its text back
    as that constant."""
    if type(julia) is Const and all(_one_value(a) for a in args):
        text = show(julia)
        try:
            back = world.eval_type(parse_expr(text), _sparams(world, fn), fn.module)
        except Exception:  # noqa: BLE001 - a constant irc cannot read back is declared widened
            back = None
        if back == julia:
            return text
    return show(widenconst(julia))


def _one_value(a: Any) -> bool:
    """Whether an argument's declared type has one value: a singleton (`Val{5}`, a function's
    type; `issingletontype`) or a type constant, declared `::Type{T}`."""
    return (type(a) is Const and is_type(a.val)) or issingleton(widenconst(a))


def _untyped_keyword_call(world: Any, fn: ir.Function, fv: FunctionValue, argtypes: list) -> bool:
    """Whether `fv` is `Core.kwcall` and irc cannot type this keyword call (its function's keyword
    body is not in the input: `World._keyword_call`): `--all` declares the `Core.kwcall` method it
    calls with the type Julia printed (or listed for the slot it alone assigns)."""
    if fv.module != ("Core",) or fv.name != "kwcall":
        return False
    try:
        return bool(world.call(Const(fv), list(argtypes), tuple(fn.module or ("Main",))).gap)
    except Exception:  # noqa: BLE001 - a call irc cannot evaluate here is one it cannot type
        return True


def _untyped_construction(world: Any, fn: ir.Function, f: Any, argtypes: list, julia: Any) -> bool:
    """Whether irc's own rules answer the call of the type constant `f` (an unknown or abstract
    type's instance) otherwise than Julia printed, an instance of that type: `Any` (no declared constructor of the
    instance; `Base.Ref{T}(x)` has one, the prelude's), or the instance itself where Julia's
    constructor gave more (`VarName{:y}(lens)` is a `VarName{:y, typeof(lens)}`)."""
    w = unwrap_unionall(widenconst(julia))
    if type(w) is not DataType or w.name is not f.val.name:
        return False  # a constructor gives an instance of its type (a printed `Core.Const(α)` read as a function is not)
    if f.val.name.unknown:
        return True  # the stubs declare the type abstract (`abstract type SVector{T1, T2} end`): its call is then `Any`
    try:
        rt = widenconst(world.call(f, list(argtypes), tuple(fn.module or ("Main",))).rt)
    except Exception:  # noqa: BLE001 - a call irc cannot evaluate here is one it cannot type
        return True
    return rt == ANY or rt != widenconst(julia)


def _assignments(fn: ir.Function, slot: int | None) -> int:
    return sum(1 for st in fn.stmts if st.kind is ir.Kind.ASSIGN and st.slot == slot)


def _slot_name(fn: ir.Function, slot: int | None) -> str:
    if slot is not None and 1 <= slot <= len(fn.slots):
        return fn.slots[slot - 1].name
    return "?"


def _printed(world: Any, fn: ir.Function, st: ir.Stmt) -> str | None:
    """Julia's printed type for the statement, widened, as irc prints it."""
    t = _eval_annotation(world, fn, annotation_of(st))
    if t is None:
        return None
    try:
        return show(widenconst(t))
    except Exception:  # noqa: BLE001
        return None


def _sparams(world: Any, fn: ir.Function) -> dict:
    env = {}
    for tv in fn.static_params:
        if tv.value is not None:
            try:
                env[tv.name] = world.eval_type(tv.value)
            except Exception:  # noqa: BLE001 - unbound
                pass
    return env


# ---------------------------------------------------------------- globals Julia printed as constants


def _unknown_const_global(world: Any, fn: ir.Function, st: ir.Stmt) -> tuple | None:
    """`%k = M.x::Core.Const(M.x)` (`Core.Compiler.Const(M.x, false)`) where irc knows no `M.x`:
    the qualified parts of the name Julia printed as a constant, else None."""
    v, ann = st.value, st.annotation
    if type(v) is not S.Name or len(v.parts) < 2 or type(ann) is not S.Call or not ann.args:
        return None
    if type(ann.func) is not S.Name or ann.func.parts[-1] != "Const" or type(ann.args[0]) is not S.Name:
        return None
    if ann.args[0].parts[-1] != v.parts[-1]:
        return None
    return None if _known(world, fn, v.parts) else tuple(v.parts)


def _known(world: Any, fn: ir.Function, parts: Any) -> bool:
    """Whether irc resolves the name (a name it cannot resolve is one it does not know)."""
    return _resolved(world, fn, parts) is not None


def _resolved(world: Any, fn: ir.Function, parts: Any) -> tuple | None:
    """`world.resolve`'s (kind, parts, object) for a global name, None when irc does not know it."""
    try:
        return world.resolve(parts, fn.module)
    except Exception:  # noqa: BLE001
        return None


def _constant_global(world: Any, fn: ir.Function, ssa: Any) -> tuple | None:
    if not (1 <= ssa.n <= len(fn.stmts)):
        return None
    return _unknown_const_global(world, fn, fn.stmt(ssa.n))


def _scan_constant_types(stubs: Stubs, world: Any, fn: ir.Function) -> None:
    """A name Julia printed as a constant (`%1 = Main.:(var"#18#19")::Core.Const(var"#18#19")`)
    that irc does not know, and that the paste shows is a type -- it heads a type Julia printed
    (`#18::var"#18#19"{Int64,Int64}`) or `Core.apply_type` applies it -- is an unknown type, with
    as many parameters as those printed types give it.  (One the paste calls, `(%1)(…)`, is a
    function: `--all` declares that call.)"""
    printed = [s.julia_type for s in fn.slots if s.julia_type is not None]
    printed += [st.annotation for st in fn.stmts if st.annotation is not None]
    for k, st in enumerate(fn.stmts, start=1):
        parts = _unknown_const_global(world, fn, st)
        if parts is None:
            continue
        n = max((len(c.params) for e in printed for c in _curlies(e, parts[-1])), default=None)
        # `Core.apply_type(%k, a, b)` gives it (at least) as many parameters as it applies
        applied = [len(s.value.args) - 1 for s in fn.stmts if type(s.value) is S.Call and type(s.value.func) is S.Name
                   and s.value.func.parts[-1] == "apply_type" and s.value.args
                   and type(s.value.args[0]) is S.SSA and s.value.args[0].n == k]
        if n is None and not applied:
            continue
        stubs.types[parts] = max(stubs.types.get(parts, 0), n or 0, *applied)


def _scan_constant_functions(stubs: Stubs, world: Any, fn: ir.Function, path: str) -> None:
    """A name Julia printed as a constant of itself (`%70 = BangBang.setindex!!::Core.Const(
    BangBang.setindex!!)`, `%1 = Main.foo::Core.Const(foo)`) that irc does not know and that is no
    type (`_scan_constant_types`) is a function: only a `const` binding reads as `Core.Const`
    (Julia's `abstract_eval_globalref`) and a value that prints as its own name is a function, a
    type or a module.  A capitalised name (Julia's convention for types) is taken for a function
    only where the paste calls it or prints `typeof(name)`.  Where no declaration names it already (a call Julia typed), `declare
    M.f(::Any...)::Any` makes the name that function and leaves its calls open; without it irc
    reads a non-constant global (`Any`), and every use of it after.  Names of modules irc knows
    resolve, so they never reach here."""
    declared = {h.split("(", 1)[0] for h in stubs.declarations}
    printed = [s.julia_type for s in fn.slots if s.julia_type is not None]
    printed += [st.annotation for st in fn.stmts if st.annotation is not None]
    for k, st in enumerate(fn.stmts, start=1):
        parts = _unknown_const_global(world, fn, st)
        if parts is None or parts in stubs.types or ".".join(parts) in world.unknown_types:
            continue
        called = any(type(c.func) is S.SSA and c.func.n == k for s in fn.stmts for c, _ in _calls_in(s.value))
        typed = any(type(a) is S.Name and a.parts[-1] == parts[-1]
                    for e in printed for c in _nodes_of(e, S.Call) if type(c.func) is S.Name
                    and c.func.parts[-1] == "typeof" for a in c.args)
        if not (called or typed or not parts[-1][:1].isupper()):
            continue  # a capitalised name the paste neither calls nor types as a function: a type, maybe
        if called and not typed and _constructs_itself(fn, k, parts[-1]):
            continue  # its calls give instances of the type of its name: a type (its stub is the type's)
        head = declare_line(FunctionValue(parts[:-1], parts[-1]), [])
        if head.split("(", 1)[0] in declared:
            continue
        declared.add(head.split("(", 1)[0])
        head = head[:-1] + "::Any...)"
        stubs.declarations[head] = Declaration(head, "Any", f"{path}:{st.line}", [
            "a name Julia printed as a constant of itself, and no type: a function; its methods are open "
            "(narrow the result if you know it)"])


def _scan_concrete(stubs: Stubs, world: Any, fn: ir.Function, path: str) -> None:
    """`%4 = Core.typeof(sc)::Core.Const(SimplicialComplex)` where irc does not know the type:
    Julia's `typeof_tfunc` gives a constant only for a concrete type (`isconcretetype`: else
    `Type{<:T}`), so the paste proves `SimplicialComplex` is a struct, not an abstract type -- as
    the lowering of a closure that captures a local prints it.  Its fields are not in the paste:
    the stub is a `struct` with `...` (fields it does not list), never an empty struct (that
    would be a singleton, every value a constant)."""
    for st in fn.stmts:
        v, ann = st.value, st.annotation
        while type(v) is S.Typed:
            v = v.expr
        if type(v) is not S.Call or type(v.func) is not S.Name or v.func.parts[-1] != "typeof" or ann is None:
            continue
        if type(ann) is not S.Call or type(ann.func) is not S.Name or ann.func.parts[-1] != "Const" or not ann.args:
            continue
        head = ann.args[0].head if type(ann.args[0]) is S.Curly else ann.args[0]
        if type(head) is not S.Name:
            continue
        parts = tuple(head.parts) if len(head.parts) > 1 else ("Main",) + tuple(head.parts)
        tn = world.unknown_types.get(".".join(parts))
        if tn is not None:
            stubs.concrete.setdefault(tn.module + (tn.name,), f"{path}:{st.line}")


def _scan_instances(stubs: Stubs, world: Any, fn: ir.Function, path: str) -> None:
    """An unknown type Julia printed called with no arguments inside a constant
    (`__context__::Core.Const(DefaultContext())`, `Core.Const((DefaultContext(),))`): the default
    `show` (base/show.jl `show_default`) prints an instance as its type, then its fields in
    parentheses, so `T()` is the instance of a struct with no fields -- a singleton, whose value
    Julia's `tuple_tfunc` and `most_general_argtypes` make a constant (`issingletontype(T) &&
    Const(T.instance)`).  Recorded with where it was seen; `render` declares `struct T end`
    unless the paste shows more of T (fields read, parameters, a subtype or bound)."""
    printed = [(s.julia_type, s.line) for s in fn.slots if s.julia_type is not None]
    printed += [(st.annotation, st.line) for st in fn.stmts if st.annotation is not None]
    for ann, line in printed:
        for c in _nodes_of(ann, S.Call):
            if type(c.func) is not S.Name or c.func.parts[-1] != "Const" or not c.args:
                continue
            for x in _nodes_of(c.args[0], S.Call):
                head = x.func.head if type(x.func) is S.Curly else x.func  # `Foo{4}()`: a parametric one's
                if x.args or x.infix is not None or type(head) is not S.Name or _known(world, fn, head.parts):
                    continue
                parts = tuple(head.parts) if len(head.parts) > 1 else ("Main",) + tuple(head.parts)
                if _lowercase_name(parts[-1]) or is_generated_name(parts[-1]):
                    continue  # `f()` of a function is a call, not an instance; a closure's type has captures
                stubs.instances.setdefault(parts, f"{path}:{line or fn.line}")
                if type(x.func) is S.Curly:
                    stubs.types[parts] = max(stubs.types.get(parts, 0), len(x.func.params))


def _lowercase_name(name: str) -> bool:
    return bool(name) and (name[0].islower() or name[0] == "_")


def _nodes_of(e: Any, kind: type):
    """The nodes of class `kind` inside a parsed expression, outermost first."""
    return (x for x in nodes(e) if type(x) is kind)


def _scan_bare_values(stubs: Stubs, world: Any, fn: ir.Function, path: str) -> None:
    """A bare name the paste prints as a constant and never shows as a function
    (`world.bare_values`: `Core.Const(α)`, a value a package's `show` prints so) whose type the
    paste proves (`world.bare_types`, `irc.ir.pasted.bare_value_types`: a slot assigned once,
    listed `T`, read as `Core.Const(α)`): `global α::T` says so, and `World.bare_value` then
    reads `Core.Const(α)` as that constant, of type `T`."""
    for name, (texpr, slot, line) in sorted(getattr(world, "bare_types", {}).items()):
        parts = ("Main", name)
        if parts in stubs.globals:
            continue
        try:
            t = show(world.eval_type_top(texpr, _sparams(world, fn), fn.module))
        except Exception:  # noqa: BLE001 - a listed type irc cannot read proves nothing it can use
            continue
        stubs.globals[parts] = GlobalStub("global", t, f"{path}:{line}", [
            f"not a global: the value Julia printed as `{name}` (never called, read as a global or printed as "
            f"`typeof({name})`: no function), stored once in `{slot}`, listed as `{t}`"])


def _isa_tests(world: Any, fn: ir.Function, result: Any):
    """The `%k = (x isa B)` statements with a printed type and `B` a name: (statement, Julia's
    printed type, x's type as irc inferred it widened, B's name)."""
    for i, st in enumerate(fn.stmts, start=1):
        v = st.value
        if type(v) is not S.Call or len(v.args) != 2 or type(v.func) is not S.Name or v.func.parts[-1] != "isa":
            continue
        if result.ssa_types[i] is None or type(v.args[1]) is not S.Name or annotation_of(st) is None:
            continue
        try:
            printed = world.eval_type(annotation_of(st), _sparams(world, fn), fn.module)
        except Exception:  # noqa: BLE001 - an annotation irc cannot read is not evidence it can use
            continue
        x = v.args[0]
        while type(x) is S.Typed:
            x = x.expr
        before = result.state_before(i) if type(x) is S.SlotRef else None
        if type(x) is S.SlotRef and before is not None and x.id in before:
            a = widenconst(before[x.id].type)
        elif type(x) is S.SSA and 1 <= x.n < len(result.ssa_types) and result.ssa_types[x.n] is not None:
            a = widenconst(result.ssa_types[x.n])
        else:
            continue
        yield st, printed, a, v.args[1]


def _scan_subtypes(stubs: Stubs, world: Any, fn: ir.Function, result: Any) -> None:
    """`%k = (x isa B)::Bool` where x is of the unknown type A and B is another unknown type,
    neither with parameters: Julia's `isa_tfunc` gives `Const(true)` when A <: B and
    `Const(false)` when A and B do not intersect, which for two data types under single
    inheritance is when neither is below the other; so a printed `Bool` proves B <: A (and A
    abstract: no struct).  The `abstract type B <: A end` line says so; without it irc, knowing
    A and B as unrelated, would fold the test to `false`."""
    for st, printed, a, b in _isa_tests(world, fn, result):
        if printed != BOOL:
            continue
        r = _resolved(world, fn, b.parts)
        parts = tuple(b.parts) if len(b.parts) > 1 else ("Main",) + tuple(b.parts)
        tn = world.unknown_types.get(".".join(parts)) if r is None else None
        if tn is None or type(a) is not DataType or a.params or not a.name.unknown or a.name is tn:
            continue
        sup = a.name.module + (a.name.name,)
        stubs.supers.setdefault(tn.module + (tn.name,), sup)
        stubs.no_struct.setdefault(sup, f"it has a subtype (`{_type_name(tn.module + (tn.name,))}`: Julia "
                                        "printed Bool for an `isa` test of it)")


def _scan_isa_names(stubs: Stubs, world: Any, fn: ir.Function, result: Any, path: str) -> None:
    """`%k = (x isa B)` where x is of a known concrete type A and B a bare name irc does not know:
    for a constant type B Julia's `isa_tfunc` folds the test (A is a dispatch element), so a printed
    `Bool` proves B is a non-constant global (`global B`); a printed `Core.Const(true)` proves B
    holds A, which no type a file declares can (A's supertypes are Julia's): B is an alias such as
    `const B = Union{A, …}` (julia ArrayLayouts#238, h805/h806).  Either way an `abstract type B`
    line would be false: irc would fold the test to `false`."""
    for st, printed, a, b in _isa_tests(world, fn, result):
        if type(a) is not DataType or a.name.unknown or not TT.isconcrete(a):
            continue
        parts = tuple(b.parts) if len(b.parts) > 1 else ("Main",) + tuple(b.parts)
        if _resolved(world, fn, b.parts) is not None or ".".join(parts) not in world.unknown_types:
            continue
        where = f"{path}:{st.line}"
        if printed == BOOL:
            stubs.not_types.setdefault(parts, ("global", f"{where}: Julia printed Bool for `x::{show(a)} isa "
                                               f"{_type_name(parts)}`, which it folds for a constant type"))
        elif printed == Const(True):
            stubs.not_types.setdefault(parts, ("alias", f"{where}: Julia printed Core.Const(true) for `x::{show(a)} isa "
                                               f"{_type_name(parts)}`: it holds {show(a)}, as no type declared here can"))


def _scan_globals(stubs: Stubs, world: Any, fn: ir.Function, path: str) -> None:
    """A global irc does not know that Julia printed on its own with a type (`%2 =
    Main.var::Core.Const(10)`, as Julia 1.10+ prints a global read; `%3 = Main.N::Int64`):
    `const var = 10` when Julia printed a constant whose text irc reads as that same constant
    (only a `const` binding infers as `Core.Const`: Julia's `abstract_eval_globalref`), else
    `global N::T` with the widened type (a typed global infers as its declared type).  An
    untyped global (`::Any`), a name Julia printed as itself (`Main.f::Core.Const(Main.f)`: a
    function or a type, see `_scan_constant_types`) and a generated name (a closure's type)
    give none."""
    for st in fn.stmts:
        v, ann = st.value, st.annotation
        if type(v) is not S.Name or len(v.parts) < 2 or ann is None or is_generated_name(v.parts[-1]):
            continue
        if _known(world, fn, v.parts) or ".".join(v.parts) in world.unknown_types:
            continue
        if const_of_name(ann):
            alias = _type_alias(world, fn, v, ann)
            if alias is not None:  # `M.Qobj::Core.Const(QuantumObject)`: a constant bound to a type of another name
                _add_global(stubs, tuple(v.parts), "const", alias, f"{path}:{st.line}", alias)
            continue  # `Core.Const(Main.f)`: a function or a type, never a literal
        vect = _constant_vector(ann)
        if vect is not None:  # `Core.Compiler.Const([0.68, 0.46, …], false)`: a `const` array (Julia <= 1.5)
            _add_global(stubs, tuple(v.parts), "global", vect, f"{path}:{st.line}", vect)
            stubs.globals[tuple(v.parts)].comments.append(
                "Julia printed a constant array (a `const` global; Julia <= 1.5 read it as `Core.Const`): its type")
            continue
        try:
            t = world.eval_type(ann, _sparams(world, fn), fn.module)
        except Exception:  # noqa: BLE001 - an annotation irc cannot read is not evidence it can use
            continue
        kind, text = "global", None
        if type(t) is Const:
            lit = ann.args[0] if type(ann) is S.Call and ann.args else None
            if type(lit) is S.Lit:
                try:
                    same = world.value_of(lit) == t
                except Exception:  # noqa: BLE001 - a literal irc cannot read: the type only
                    same = False
                if same:
                    kind, text = "const", format_lit(lit)
        elif not is_type(t) and type(t) is not PartialStruct:
            continue
        if text is None:
            w = widenconst(t)
            if w == ANY or w == BOTTOM:
                continue
            text = show(w)
        _add_global(stubs, tuple(v.parts), kind, text, f"{path}:{st.line}", show(t))


def _scan_menu_globals(stubs: Stubs, world: Any, fn: ir.Function, text: str, path: str) -> None:
    """A global irc does not know passed to a call Cthulhu's menu lists (`• %1 = getindex(
    ::Base.RefValue{Int64})::Int64` below `%1 = Base.getindex(Main.globalvar)::Int64`, h310): the menu
    gives the argument's type as Julia inferred it, so `global Main.globalvar::Base.RefValue{Int64}`
    (`irc.diagnose.cthulhu_menu`; a paste of one function, whose `%n` the menu's are)."""
    menu = menu_argtypes(text) if "Select a call" in text else {}
    for n, types in sorted(menu.items()):
        if not 1 <= n <= len(fn.stmts):
            continue
        st = fn.stmt(n)
        calls = [c for c, top in _calls_in(st.value) if top]
        if not calls or len(calls[0].args) != len(types):
            continue
        for a, ttext in zip(calls[0].args, types):
            if type(a) is not S.Name or len(a.parts) < 2 or _known(world, fn, a.parts):
                continue
            try:
                t = world.eval_type(parse_expr(ttext), _sparams(world, fn), fn.module)
            except Exception:  # noqa: BLE001 - a type irc cannot read is no evidence it can use
                continue
            if not is_type(t) or t == ANY:
                continue
            where = f"{path}:{st.line}"
            _add_global(stubs, tuple(a.parts), "global", show(t), where, show(t))
            note = f"Cthulhu's call menu lists %{n} as taking `::{show(t)}` there"
            if note not in stubs.globals[tuple(a.parts)].comments:
                stubs.globals[tuple(a.parts)].comments.append(note)


def _constant_vector(ann: Any) -> str | None:
    """`Vector{T}` for `Core.Const([a, b, …])` (`Core.Compiler.Const([…], false)`) whose items are
    literals of one number type `T` (`Float64`, `Int64`, `Bool`), else None."""
    v = _const_value(ann)
    if type(v) is not S.TypedVect or v.elt is not None or not v.items:
        return None
    kinds = {a.kind for a in v.items if type(a) is S.Lit}
    if len(kinds) != 1 or any(type(a) is not S.Lit for a in v.items):
        return None
    kind = kinds.pop()
    return f"Vector{{{kind}}}" if kind in ("Float64", "Int64", "Bool", "Float32") else None


def _add_global(stubs: Stubs, parts: tuple, kind: str, text: str, where: str, printed: str) -> None:
    old = stubs.globals.get(parts)
    if old is None:
        stubs.globals[parts] = GlobalStub(kind, text, where)
    elif (old.kind, old.text) != (kind, text):
        old.comments.append(f"{where}: Julia printed {printed} there")


def _type_alias(world: Any, fn: ir.Function, name: Any, ann: Any) -> str | None:
    """`%11 = M.Qobj::Core.Const(QuantumObject)`: Julia printed the global as a constant type of another
    name (only a `const` binding reads as `Core.Const`: Julia's `abstract_eval_globalref`), so the global
    is an alias of that type, `const M.Qobj = QuantumObject` -- the type's text, where irc reads it as a
    type (one it knows, or an unknown one the paste uses); None otherwise (the global's own name: a
    function or a type, `_scan_constant_types`)."""
    shown = ann.args[0]
    if shown.parts[-1] == name.parts[-1]:
        return None
    try:
        t = world.eval_type(shown, _sparams(world, fn), fn.module)
    except Exception:  # noqa: BLE001 - a name irc cannot read is no evidence it can use
        return None
    if type(t) is Const:
        t = t.val
    if not is_type(t) or type(t) is FuncType:
        return None
    return show(t)


def _curlies(e: Any, name: str):
    """The `name{…}` nodes inside a parsed type expression (a colourless `code_warntype` prints
    emphasized types in capitals: `SVECTOR{_A, FLOAT64}` is `SVector`'s)."""
    return (c for c in _nodes_of(e, S.Curly) if type(c.head) is S.Name and c.head.parts[-1] in (name, name.upper()))


def _count_differences(stubs: Stubs, world: Any, fn: ir.Function, result: Any, path: str) -> None:
    """`--check`'s disagreements in `fn` (widened), counted for the note a file with nothing
    to declare gets."""
    from irc.diagnose.check import check_function

    report = check_function(fn, result, world, path=path)
    stubs.differ += report.differ
    if report.mismatches and stubs.first_difference is None:
        stubs.first_difference = report.mismatches[0].render()


# ---------------------------------------------------------------- closures


def _scan_closures(stubs: Stubs, world: Any, fn: ir.Function, result: Any) -> None:
    """`%new(C, a, b)` where `C` is an unknown generated name (directly, through `%k = M.C`, or
    through `Core.apply_type(%k, …)`): a closure's type, whose fields are the captured values in
    order -- named after the slots passed (a closure's field is the captured variable), typed as
    irc inferred them (`Core.Box` for a variable assigned after capture)."""
    names = None
    for i, st in enumerate(fn.stmts, start=1):
        v = st.value
        while type(v) is S.Typed:
            v = v.expr
        if type(v) is not S.New or result.ssa_types[i] is None:
            continue
        parts = _closure_type_of(world, fn, v.type)
        if parts is None:
            continue
        table = result.state_before(i) or {}
        names = names or slot_display_names(fn)
        got = []
        for k, a in enumerate(v.args, start=1):
            x = a
            while type(x) is S.Typed:
                x = x.expr
            name = names[x.id].split("@")[0] if type(x) is S.SlotRef and x.id in names else f"f{k}"
            if type(x) is S.SlotRef and x.id in table:
                ft = table[x.id].type
            elif type(x) is S.SSA and 1 <= x.n < len(result.ssa_types):
                ft = result.ssa_types[x.n]
            else:
                ft = None
            got.append((name, show(widenconst(ft)) if ft is not None else "Any"))
        stubs.closures.setdefault(parts, got)
        stubs.types.setdefault(parts, 0)


_CONST_CALLS = (("Core", "Const"), ("Const",), ("Core", "Compiler", "Const"))


def _scan_closure_instances(stubs: Stubs, world: Any, fn: ir.Function) -> None:
    """A closure's constant instance as Julia printed it for a slot (`#self#::Core.Compiler.Const(M.var"#deriv#31"{F}(
    f), false)`: its type's default `show` lists every captured value, in field order) whose fields the code reads
    by name (`Core.getfield(#self#, :f)::Core.Const(…)`): each name read is the field whose printed value the read
    printed -- the only one, or the one value that equals the read's -- so when every field is named the closure's
    struct is proposed as `%new` would (`_closure_struct`: field k of type Tk).  Nothing when a name cannot be
    placed, or `%new` already showed the fields."""
    insts: dict[int, tuple] = {}
    for sl in fn.slots:
        c = sl.julia_type
        if type(c) is S.Call and type(c.func) is S.Name and tuple(c.func.parts) in _CONST_CALLS and c.args \
                and type(c.args[0]) is S.Call and c.args[0].func is not None:
            parts = _closure_type_of(world, fn, c.args[0].func.head if type(c.args[0].func) is S.Curly
                                     else c.args[0].func)
            if parts is not None and parts not in stubs.closures:
                insts[sl.id] = (parts, [format_expr(a, fn) for a in c.args[0].args])
    if not insts:
        return
    placed: dict[tuple, dict[int, str]] = {}
    for st in fn.stmts:
        v = st.value
        while type(v) is S.Typed:
            v = v.expr
        if type(v) is not S.Call or type(v.func) is not S.Name or v.func.parts[-1] not in ("getfield", "getproperty") \
                or len(v.args) != 2 or type(v.args[0]) is not S.SlotRef or v.args[0].id not in insts \
                or type(v.args[1]) is not S.Lit or v.args[1].kind != "Symbol":
            continue
        parts, printed = insts[v.args[0].id]
        field = v.args[1].value
        ann = st.annotation
        got = format_expr(ann.args[0], fn) if type(ann) is S.Call and type(ann.func) is S.Name \
            and tuple(ann.func.parts) in _CONST_CALLS and ann.args else None
        at = [k for k, t in enumerate(printed) if t == got] if len(printed) > 1 else [0] if printed else []
        if len(at) != 1:
            continue
        placed.setdefault(parts, {})[at[0]] = field
    for parts, names in placed.items():
        n = next(len(p) for q, p in insts.values() if q == parts)
        if len(names) == n and len(set(names.values())) == n and parts not in stubs.closures:
            stubs.closures[parts] = [(names[k], "Any") for k in range(n)]
            stubs.closures_printed.add(parts)
            stubs.types.setdefault(parts, 0)


def _closure_type_of(world: Any, fn: ir.Function, e: Any, depth: int = 0) -> tuple | None:
    """The parts of the unknown generated name `e` denotes (a name, `%k` holding one, or
    `Core.apply_type(%k, …)` of one), else None."""
    if depth > 4:
        return None
    if type(e) is S.Name:
        if not is_generated_name(e.parts[-1]) or _known(world, fn, e.parts):
            return None
        return tuple(e.parts) if len(e.parts) > 1 else ("Main",) + tuple(e.parts)
    if type(e) is S.SSA and 1 <= e.n <= len(fn.stmts):
        return _closure_type_of(world, fn, fn.stmt(e.n).value, depth + 1)
    if type(e) is S.Call and type(e.func) is S.Name and e.func.parts[-1] == "apply_type" and e.args:
        return _closure_type_of(world, fn, e.args[0], depth + 1)
    return None


def _closure_struct(name: str, n: int, fields: list[tuple[str, str]], read: dict[str, str],
                    printed: bool = False) -> list[str]:
    """`struct var"#18#19"{T1, T2} <: Function` with the captured fields: with as many parameters
    as fields, field k has type Tk (a closure's parameters are its captured variables' types)."""
    params = "{" + ", ".join(f"T{i}" for i in range(1, n + 1)) + "}" if n else ""
    typed = [(f, f"T{k}") for k, (f, _) in enumerate(fields, start=1)] if n and n == len(fields) else fields
    how = "as a printed instance lists them and the code reads them" if printed else "as the paste's %new passes them"
    out = [f"struct {name}{params} <: Function  # a closure's type: its fields are the captured variables, {how}"]
    out += [f"    {f}::{ft}" for f, ft in typed]
    out += [f"    # read: {f} (Julia printed {t})" for f, t in sorted(read.items()) if f not in dict(fields)]
    out.append("end")
    return out


# ---------------------------------------------------------------- unknown types


def _type_name(parts: tuple) -> str:
    return format_name(parts[1:] if parts[:1] == ("Main",) and len(parts) == 2 else parts)


def _shipped_prelude() -> str:
    return str(PRELUDE_PATH)


def _result_types(fn: ir.Function, result: Any):
    yield result.return_type
    yield from result.slot_types.values()
    yield from (t for t in result.ssa_types[1:] if t is not None)


def _printed_types(world: Any, fn: ir.Function):
    """The types Julia printed in the paste (`Body::T`, each statement's `::T`) that irc can read:
    an unknown type named only there is proposed with as many parameters as Julia used."""
    for ann in [fn.julia_return] + [annotation_of(st) for st in fn.stmts]:
        if ann is None:
            continue
        try:
            yield world.eval_type(ann, _sparams(world, fn), fn.module)
        except Exception:  # noqa: BLE001 - an annotation irc cannot read names nothing it can use
            continue


def _types_within(t: Any, depth: int = 0):
    """The data types and `where` wrappers inside `t` (a constant's or partial struct's type,
    a union's members, parameters, a `where` variable's bounds, a Vararg's element, a tuple of
    types), outermost first."""
    if depth > 64:
        return
    tt = type(t)
    if tt in (Const, PartialStruct):
        t = widenconst(t)
        tt = type(t)
    if tt is DataType:
        yield t
        for p in t.params:
            yield from _types_within(p, depth + 1)
    elif tt is UnionType:
        for m in t.members:
            yield from _types_within(m, depth + 1)
    elif tt is UnionAllType:
        yield t
        for b in (t.var.ub, t.var.lb):  # `where {_A, _C<:Operator{_A}}`: a bound uses types too
            if b is not None:
                yield from _types_within(b, depth + 1)
        yield from _types_within(t.body, depth + 1)
    elif tt is VarargType:
        yield from _types_within(t.T, depth + 1)
    elif tt is tuple:
        for p in t:
            yield from _types_within(p, depth + 1)


def _scan_unknown(t: Any, found: dict) -> None:
    """Record every unknown type name inside `t` with the most parameters it is used with."""
    for x in _types_within(t):
        if type(x) is DataType and x.name.unknown:
            key = x.name.module + (x.name.name,)
            found[key] = max(found.get(key, 0), len(x.params))


def _scan_fields(stubs: Stubs, world: Any, fn: ir.Function, result: Any) -> None:
    """Every `getproperty(x, :f)` / `getfield(x, :f)` (nested ones too) and `setproperty!` /
    `setfield!` whose object may be of an unknown type T (its type as irc inferred it or as
    Julia printed it, a union member or a `where` body included): the evidence for the
    `struct T` to propose.

    `fields[T][f]`: Julia's printed type of a read of f, for the comment.  `field_types[T][f]`:
    the widened types Julia printed for reads that prove f's declared type -- the object is
    exactly T and not a constant (an argument, or `%k` Julia printed as `T`): Julia's
    `getfield_tfunc` then gives the field's declared type (a constant or a `PartialStruct`
    object, e.g. a local built from constants, gives a narrower one).  A read Julia printed
    `Union{}` (the access throws: no such field), a field named by a computed value or a
    position, a store into a field, or a call of T (its constructor: the order and number of
    its fields are unknown) make T no struct (`no_struct`, with the reason)."""
    for i, st in enumerate(fn.stmts, start=1):
        if result.ssa_types[i] is None:
            continue
        for call, top in _calls_in(st.value):
            func = call.func
            op = func.parts[-1] if type(func) is S.Name else None
            if op in ("getproperty", "getfield", "setproperty!", "setfield!") and len(call.args) >= 2:
                _field_access(stubs, world, fn, result, i, st, call, top and op in ("getproperty", "getfield"))
            else:
                stubs.constructed.update(_unknown_keys(_constructed(world, fn, result, func)))
        v = st.value
        while type(v) is S.Typed:
            v = v.expr
        if type(v) is S.New:
            stubs.constructed.update(_unknown_keys(_constructed(world, fn, result, v.type)))


def _field_access(stubs: Stubs, world: Any, fn: ir.Function, result: Any, i: int, st: ir.Stmt, call: Any,
                  own: bool) -> None:
    """One field access (see `_scan_fields`); `own`: a read that is the statement's own value."""
    x = call.args[0]
    while type(x) is S.Typed:
        x = x.expr
    before = result.state_before(i) if type(x) is S.SlotRef else None
    if type(x) is S.SlotRef and before is not None and x.id in before:
        xt = before[x.id].type
    elif type(x) is S.SSA and 1 <= x.n < len(result.ssa_types) and result.ssa_types[x.n] is not None:
        xt = result.ssa_types[x.n]
    else:
        xt = None
    julia = _julia_type_of(world, fn, x)
    keys = _unknown_keys(xt) | _unknown_keys(julia)
    if not keys:
        return
    op = call.func.parts[-1]
    field_name = _symbol(call.args[1])
    for key in keys:
        if op in ("setproperty!", "setfield!"):
            stubs.no_struct.setdefault(key, "the paste stores into its fields: whether it is mutable, and the "
                                            "declared types of those fields, are unknown")
        elif field_name is None:
            stubs.no_struct.setdefault(key, "the paste reads a field by position or by a computed name")
    if op in ("setproperty!", "setfield!") or field_name is None:
        return
    printed = _printed(world, fn, st) if own else None
    u = unwrap_unionall(widenconst(xt)) if xt is not None else None
    listed = _listed_slot_type(world, fn, st, call) if printed is None else None
    for key in keys:
        if listed is not None:
            stubs.field_bounds.setdefault(key, {}).setdefault(field_name, set()).add(listed)
        if printed is not None and type(u) is DataType and u.name.module + (u.name.name,) == key:
            stubs.fields.setdefault(key, {}).setdefault(field_name, f"{printed} in {show(u)}")
        types = stubs.field_types.setdefault(key, {}).setdefault(field_name, set())
        if printed == "Union{}":
            stubs.no_struct.setdefault(key, f"Julia printed Union{{}} for a read of `{field_name}`: "
                                            "the access throws")
        elif printed is not None and _proves_field_type(world, fn, x, xt, julia, key):
            types.add(printed)
        elif printed is not None and _proves_parametric_read(world, fn, x, xt, julia, key):
            stubs.param_reads.setdefault(key, {}).setdefault(field_name, set()).add(
                (printed, tuple(show(p) for p in xt.params)))


def _listed_slot_type(world: Any, fn: ir.Function, st: ir.Stmt, call: Any) -> str | None:
    """For a read stored straight into a local (`(@_26 = Base.getproperty(m, :f))`, printed
    with no type): the type Julia listed for that local, widened -- the `tmerge` of every value
    stored there (`record_slot_assign!`), so an upper bound of this read's; None if none."""
    if st.kind is not ir.Kind.ASSIGN or st.slot is None or not (1 <= st.slot <= len(fn.slots)):
        return None
    v = st.value
    while type(v) is S.Typed:
        v = v.expr
    slot = fn.slots[st.slot - 1]
    if v is not call or slot.argument or slot.julia_type is None:
        return None
    try:
        t = widenconst(world.eval_type(slot.julia_type, _sparams(world, fn), fn.module))
    except Exception:  # noqa: BLE001 - a listed type irc cannot read bounds nothing
        return None
    return None if t == ANY or not is_type(t) else show(t)


def _proves_field_type(world: Any, fn: ir.Function, x: Any, xt: Any, julia: Any, key: tuple) -> bool:
    """Whether a read of `x` gives T's declared field type: `x` is exactly the non-parametric
    type T (never a constant or a `PartialStruct` of it), as an argument (a method's argument
    is its type) or as `%k` whose type Julia printed as T itself."""
    if type(xt) is not DataType or xt.params or xt.name.module + (xt.name.name,) != key:
        return False
    if type(x) is S.SlotRef:
        return x.id is not None and 1 <= x.id <= len(fn.slots) and fn.slots[x.id - 1].argument
    return type(x) is S.SSA and julia == xt


def _proves_parametric_read(world: Any, fn: ir.Function, x: Any, xt: Any, julia: Any, key: tuple) -> bool:
    """`_proves_field_type` for an instance `T{P1, …}` of a parametric unknown type whose
    parameters are all types or values (no variable: `OffsetArray{Float64, 1, Vector{Float64}}`): the
    read gives T's field type at those parameters."""
    if type(xt) is not DataType or not xt.params or xt.name.module + (xt.name.name,) != key:
        return False
    if not all(type(p) in (DataType, UnionType, int, bool, Sym) for p in xt.params) or has_free_typevars(xt):
        return False
    if type(x) is S.SlotRef:
        return x.id is not None and 1 <= x.id <= len(fn.slots) and fn.slots[x.id - 1].argument
    return type(x) is S.SSA and julia == xt


def _parametric_fields(stubs: Stubs, parts: tuple, n: int) -> tuple[list[tuple[str, str, str]] | None, str | None]:
    """The fields of a parametric unknown type `T{T1, …, Tn}` from its plain reads (see
    `_struct_fields`): a field whose printed type is, in every read, the instance's k-th
    parameter and no other is declared `Tk` (the usual `struct Point{T} x::T end`); one with
    the same printed type in every read that is no parameter of any is declared with it;
    either declaration answers the paste's reads as Julia did.  Anything else: no struct."""
    if parts in stubs.no_struct:
        return None, stubs.no_struct[parts]
    reads = stubs.param_reads.get(parts)
    if not reads or any(stubs.field_types.get(parts, {}).values()):
        return None, None
    out: list[tuple[str, str, str]] = []
    for f, obs in sorted(reads.items()):
        if any(len(ps) != n for _, ps in obs):
            return None, f"`{f}` is read through instances with other numbers of parameters"
        ks = [k for k in range(n) if all(t == ps[k] for t, ps in obs)]
        printed = {t for t, _ in obs}
        if len(ks) == 1 and all(sum(t == p for p in ps) == 1 for t, ps in obs):
            out.append((f, f"T{ks[0] + 1}", ""))
        elif not ks and len(printed) == 1 and all(t not in ps for t, ps in obs):
            out.append((f, next(iter(obs))[0], ""))
        elif len(printed) == 1:  # one printed type, equal to several parameters: it answers every read
            which = " or ".join(f"`T{k + 1}`" for k in ks) or "a parameter"
            out.append((f, next(iter(printed)), f"Julia printed it in every read; it may be {which}: the reads do not say"))
        else:
            return None, f"the reads of `{f}` do not say which parameter, if any, its type follows"
    if all(t == "Any" for _, t, _ in out):
        return None, "Julia printed every field read as Any, as it does for an abstract type"
    return out + _unshown_fields(stubs, parts, reads), None


def _unshown_fields(stubs: Stubs, parts: tuple, typed: Any) -> list[tuple[str, str, str]]:
    """The fields the paste reads with no printed type that proves theirs, declared `Any` with
    a comment: the struct needs them (a struct without a field makes its read throw), and `Any`
    is what irc knows of them -- an unknown, never a false `Union{}`.  Where every read of one
    is stored straight into a local Julia listed with one type, that type bounds the field's
    (`_listed_slot_type`) and is declared instead, with a comment saying it is a bound."""
    unshown = sorted(set(stubs.field_types.get(parts, {})) - set(typed))  # (every field read is a key there)
    out = []
    for f in unshown:
        bounds = stubs.field_bounds.get(parts, {}).get(f, set())
        if len(bounds) == 1:
            out.append((f, next(iter(bounds)), "a bound: the type Julia listed for the local its read is stored "
                                               "in (narrow it if you know the field's)"))
        else:
            out.append((f, "Any", "no read in the paste shows its type: fill it in"))
    return out


def _julia_type_of(world: Any, fn: ir.Function, x: Any) -> Any:
    """The type Julia printed for the object of a field access: a slot's listed type, `%k`'s
    annotation; None when the paste shows none or irc cannot read it."""
    if type(x) is S.SlotRef and x.id is not None and 1 <= x.id <= len(fn.slots):
        e = fn.slots[x.id - 1].julia_type
    elif type(x) is S.SSA and 1 <= x.n <= len(fn.stmts):
        e = annotation_of(fn.stmt(x.n))
    else:
        return None
    return _eval_annotation(world, fn, e)


def _constructed(world: Any, fn: ir.Function, result: Any, func: Any) -> Any:
    """The type a callee (or a `%new`'s type operand) denotes when it is a type: `T` (a name),
    `%k` holding `Core.Const(T)` / `Type{T}`; else None."""
    if type(func) is S.Name:  # (resolved, never evaluated: evaluating an unknown name makes it a type)
        r = _resolved(world, fn, func.parts)
        if r is not None and r[0] == "type":
            return r[2]
        parts = tuple(func.parts) if len(func.parts) > 1 else ("Main",) + tuple(func.parts)
        tn = world.unknown_types.get(".".join(parts)) if r is None else None
        return DataType(tn, ()) if tn is not None else None
    if type(func) is S.SSA and 1 <= func.n < len(result.ssa_types):
        t = result.ssa_types[func.n]
        if type(t) is Const:
            return t.val if type(t.val) in (DataType, UnionAllType) else None
        w = widenconst(t) if t is not None else None
        if type(w) is DataType and w.name.name == "Type" and w.params:
            return w.params[0]
    return None


def _unknown_keys(t: Any, depth: int = 0) -> set:
    """The unknown data types a value of type `t` may be an instance of (`t` itself, a union's
    members, a `where` body), by (module…, name)."""
    if t is None or depth > 16:
        return set()
    if type(t) in (Const, PartialStruct, Conditional):
        t = widenconst(t)
    t = unwrap_unionall(t)
    if type(t) is DataType:
        return {t.name.module + (t.name.name,)} if t.name.unknown else set()
    if type(t) is UnionType:
        out = set()
        for m in t.members:
            out |= _unknown_keys(m, depth + 1)
        return out
    return set()


def _constructs_itself(fn: ir.Function, k: int, name: str) -> bool:
    """Whether every call of `%k` (a global Julia printed as the constant `name`) is printed as an
    instance of the type `name` (`(%5)()::Core.Const(Operator())`, `(%3)(x)::Point{Int64}`): the global
    is that type, called as its constructor, not a function of that name; False where it is never
    called or one call gives something else."""
    seen = False
    for st in fn.stmts:
        for c, top in _calls_in(st.value):
            if type(c.func) is not S.SSA or c.func.n != k:
                continue
            if not top or not _instance_of(st.annotation, name):
                return False
            seen = True
    return seen


def _instance_of(ann: Any, name: str) -> bool:
    """`Core.Const(name(…))`, `name` or `name{…}`: a printed value or type of the type `name`."""
    v = _const_value(ann)
    if v is not None:
        return type(v) is S.Call and _head_name(v.func) == name
    return _head_name(ann) == name


def _const_value(ann: Any) -> Any:
    """The value node of a printed `Core.Const(v)` (`Core.Compiler.Const(v, false)`), else None."""
    if type(ann) is S.Call and type(ann.func) is S.Name and ann.func.parts[-1] == "Const" and ann.args:
        return ann.args[0]
    return None


def _head_name(e: Any) -> str | None:
    if type(e) is S.Curly:
        e = e.head
    return e.parts[-1] if type(e) is S.Name else None


def _calls_in(e: Any, top: bool = True, depth: int = 0):
    """The calls inside a statement's value, outermost first: (call, whether it is the value)."""
    while type(e) is S.Typed:
        e = e.expr
    if depth > 64:
        return
    if type(e) is S.Call:
        yield e, top
        for a in e.args:
            yield from _calls_in(a, False, depth + 1)
    elif type(e) is S.New:
        for a in e.args:
            yield from _calls_in(a, False, depth + 1)


def _struct_fields(stubs: Stubs, parts: tuple) -> tuple[list[tuple[str, str, str]] | None, str | None]:
    """The fields of the `struct` to propose for the unknown type `parts` (name, Julia's widened
    type), or None and why not (None when the type has no parameters-free evidence at all).

    Proposed only when everything the paste shows of the type is what a struct of the fields
    read answers the same way: no parameters (a field read through `Foo{Int64}` does not say
    which parameter, if any, the field's type is), no reason in `no_struct` (a bound or a
    subtype, a declared `getproperty`, a store, a construction, a computed or positional
    field, a read that throws), every field read proved by a plain read of the type with one
    printed type, and one of them more than `Any` (only a concrete type's fields have types
    other than `Any`: an abstract type's reads are all `Any`)."""
    if stubs.types.get(parts, 0):
        return _parametric_fields(stubs, parts, stubs.types[parts])
    if parts in stubs.no_struct:
        return None, stubs.no_struct[parts]
    types = stubs.field_types.get(parts)
    if not types:
        return None, None
    out: list[tuple[str, str, str]] = []
    for f, ts in sorted(types.items()):
        if len(ts) > 1:
            return None, f"Julia printed different types for `{f}`: " + ", ".join(sorted(ts))
        if ts:
            out.append((f, next(iter(ts)), ""))
    rest = _unshown_fields(stubs, parts, {f for f, _, _ in out})
    if not out and not (rest and all(t != "Any" for _, t, _ in rest)):
        # (a field stored straight into a local Julia listed is evidence too: `(sc = x.sc)`, `sc::SimplicialComplex`)
        return None, f"no read of `{min(types)}` shows its declared type (the object is a constant, a local or untyped)"
    if all(t == "Any" for _, t, _ in out + rest):
        return None, "Julia printed every field read as Any, as it does for an abstract type"
    return out + rest, None


_BOUNDED = "the paste bounds a type variable by it"


def _scan_bounds(t: Any, found: dict) -> None:
    """Every unknown type inside `t` that bounds a type variable (`Type{<:T}`, `S where S<:T`):
    the paste treats it as a supertype, so it is no struct (`found`: key -> reason)."""
    for x in _types_within(t):
        if type(x) is not UnionAllType:
            continue
        for b in (x.var.ub, x.var.lb):
            if type(b) is DataType and b.name.unknown:
                found.setdefault(b.name.module + (b.name.name,), f"{_BOUNDED} (`<:{show(b)}`): it has subtypes")


def _symbol(e: Any) -> str | None:
    """The name of a symbol literal (`:x`, `:(x)`), else None."""
    if type(e) is S.Lit and e.kind == "Symbol":
        return str(e.value)
    if type(e) is S.Quote and type(e.expr) is S.Name and len(e.expr.parts) == 1:
        return e.expr.parts[0]
    return None
