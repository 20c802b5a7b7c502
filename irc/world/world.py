"""The world: declared types, methods, constants and globals plus the
package prelude; type evaluation, global lookup and `call`.

Building (`World.build(items, prelude=True, extra_preludes=())`): the
prelude's items, then each extra prelude, then the program's items are
processed in two passes (then the methods the file's functions show
inferred, `pasted`: `_declare_pasted`): first every `struct`/`abstract type` gets a
`TypeName` (so declarations may refer to each other in any order), then
supertypes and field types are evaluated, then constants, globals and
methods.  A method whose function and signature equal an earlier one's
replaces it (file declarations override the prelude); a file's own declaration of a
Base function with another signature is refined, never contradicted, by a constant the
prelude's methods give (`_refined_by_prelude`: `irc stubs` widens Julia's printed
constants to types).  Bad declarations
raise `IrcError` with every problem found; a struct the file defines twice
is a `duplicate-definition` warning.

Lazy prelude methods (`build(…, lazy=True)`, what the CLI builds): when the
program declares nothing (its items are all functions) and no extra prelude
is given, the shipped prelude's ~780 method declarations are not evaluated
at build time -- a run calls a handful of its functions -- nor even
unpickled (`irc.world.preludeindex`: one pickle per function).  Every declared
function still gets its (empty) method list and its modules at build time;
a function's declarations are evaluated the first time a call looks its
methods up (`_methods_of`, `_construct`: `_force`), in the prelude's order,
with the prelude as their origin and a resolution memo of their own (the
eager build clears its memo after declaring, too).  In that case the world's
declared names are exactly the prelude's whenever a declaration is
evaluated, and the shipped prelude's declarations are evaluated without
errors, notes or calls, so the forced methods equal the eager ones
(tests/cli/test_lazy_prelude_world.py checks every function of it, and the
output of whole runs both ways).

The prelude's snapshot (`_prelude_snapshot`, `_build_on`): a program that
declares something, or one given an extra prelude, gets the shipped prelude's
methods evaluated at build time (above) -- ~15 ms a world.  The prelude-only build (types, values, then
methods, as `build` orders them) is made once per process and Julia version,
a pure function of the prelude's text, recording every qualified name it
looks up in the world's tables; a program's world starts from that build's
tables (its struct's `TypeName` shared, never mutated after), processes the
types and values of the extra preludes and the program as `build` does, and
takes the prelude's methods, domains, modules and resolution memo as evaluated
without them (then their methods, in order) -- what the full build gives, since
none of the names the prelude's evaluation read is one they add or rebind.
When one is (a program defining
`Main.OffsetVector` or `Main.AbstractVector`), or the prelude-only build erred,
warned, called or met an unknown name, the world is built in full
(tests/world/test_prelude_snapshot.py compares both ways).

Name resolution (spec §1.1, `_candidates`): `M.x` is looked up as `M.x`,
then `x` in the function's module and each enclosing module up to `Main`
(likewise up the name's own `Main.…` path), then `Base.x`, `Core.x`, and
last `Main.x` (what the file declares unqualified also answers inside Base
or package declarations).  Each candidate is checked for a declared/built-in
type, a constant, a typed global, a function with declarations, a builtin
or intrinsic (Base/Core only), a module.  A name that resolves to nothing
where a type is expected is an unknown type (`_unknown_type`: an opaque
`TypeName`, one per written name, with one `unknown-type` warning).

`call(f, args, module, callee=None) -> CallResult`: builtins and intrinsics
go to `irc.builtins`; functions with declarations to `irc.dispatch`, closed
(Julia's rule: none applicable throws) for a function whose every method the
input file declares (`closed`), open otherwise (a gap is `Any`, with an
`unknown-method` note); `Base.getproperty`/`setproperty!` on a declared
struct act as `getfield`/`setfield!` (on a type object, its kind's fields)
unless a declaration for a receiver other than `Any` may apply to the
arguments as given (it then wins, through dispatch); `(:)` on integer constants keeps the constant
start as a `PartialStruct`, as Julia's constant propagation does; a type
callee constructs an instance (a declared constructor when one applies); a
function without any declaration gives `Any` and an `unknown-callee` note
with the `declare` line that would answer it.  Notes are
`irc.world.notes.Note`s in `CallResult.diagnostics`.

Invariants: after `build` the world is not mutated except for its private
call memos (the call memo and `_constant_prelude`: pure functions of the arguments; where a call's answer depends
only on its arguments' widened types -- dispatch over declarations that
cannot fold them -- also keyed by those), the lazy prelude methods it
evaluates on first use (each function's list then becomes what an eager
build holds; until then it is empty: read methods through `call` and
`_methods_of`, not `methods`) and its record of the unknown
type names met and their warnings (`unknown_types`, `notes_for`: each
warning made once, owned by the function being inferred when it was met);
no module-level mutable state.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, replace
from functools import lru_cache
from pathlib import Path

from irc.world import tfuncs as BI
from irc.world.baseexports import BASE_EXPORTED_FUNCTIONS
from irc.world import typetfuncs as TI
from irc.syntax import tree as S
from irc.syntax.capitals import spelled_names, spelling
from irc.syntax.names import format_name, is_generated_name
from irc.syntax.version import V1_10, JuliaVersion
from irc.lattice import typetable as TT
from irc.lattice import subtype as ST
from irc.world.tfuncs import CallResult, new_struct
from irc.world.apply import apply_iterate, precise_container_type
from irc.world import notes
from irc.world.dispatch import (MAX_UNION_SPLIT, Method, dispatch, invoke_method, may_apply, rewrap_free, split_args,
                                variable_bindings)
from irc.lattice.typelimits import tmerge_for
from irc.world.consteval import EVALUATED, const_eval
from irc.world.memorytfuncs import versioned_tfunc
from irc.world.returntype import is_return_type, return_type_call
from irc.world.fold import convert_number, fold_call
from irc.errors import Diagnostic, IrcError, Span, with_context
from irc.syntax.lines import AT_NAMEDTUPLE, namedtuple_longhand
from irc.lattice.typelattice import (
    ANY, BOOL, Conditional, Const, IrrationalValue, OpaqueValue, PartialStruct, StructValue, float32, lattice_getfield,
    singleton_instance, widenconst,
)
from irc.lattice.subtype import is_leaf_bound, issubtype, match_static_parameters, union
from irc.lattice.typelimits import tmerge
from irc.lattice.typejoin import promote_typejoin, tuple_eltype
from irc.lattice.types import (
    BOTTOM, DataType, FuncType, FunctionValue, JChar, ModuleValue, Sym, TypeName, TypeVar, UnionAllType, UnionType,
    VarargType, has_free_typevars, has_typevar, is_type, rewrap_unionall, union_members, unwrap_unionall,
)
from irc.lattice.typeprint import FUNCTION_ALIASES, show, show_function, sort_union_members

PRELUDE_PATH = Path(__file__).resolve().parent / "prelude.ir"

KNOWN_MODULES = frozenset({
    "Main", "Base", "Core", "Core.Intrinsics", "Core.Compiler", "Base.Math", "Base.Meta", "Base.Iterators",
    "Base.Broadcast", "Base.MPFR", "Base.GMP", "Base.Threads", "Base.Sys", "Base.Libc", "Base.Filesystem",
    "Base.Order", "Base.Checked", "Base.FastMath", "Base.Cartesian", "Base.Docs", "Base.Unicode",
    "Base.Ryu", "Base.MathConstants", "Base.Experimental", "Base.IteratorsMD", "Base.Sort", "Base.SimdLoop",
})

_LIT_TYPES = {
    "Int64": TT.INT64, "Int128": TT.INT128, "Int32": TT.INT32, "Int16": TT.INT16, "Int8": TT.INT8,
    "UInt8": TT.UINT8, "UInt16": TT.UINT16, "UInt32": TT.UINT32, "UInt64": TT.UINT64, "UInt128": TT.UINT128,
    "Float64": TT.FLOAT64, "Float32": TT.FLOAT32, "Float16": TT.FLOAT16, "Bool": TT.BOOL,
    "String": TT.STRING,
}

_BUILTIN_CONSTS = {
    "nothing": Const(None),
    "true": Const(True),
    "false": Const(False),
    "Inf": Const(math.inf),
    "NaN": Const(math.nan),
    "Inf64": Const(math.inf),
    "NaN64": Const(math.nan),
    "Inf32": Const(math.inf, TT.FLOAT32),
    "NaN32": Const(math.nan, TT.FLOAT32),
    "Inf16": Const(math.inf, TT.FLOAT16),
    "NaN16": Const(math.nan, TT.FLOAT16),
    "pi": Const(IrrationalValue("π", math.pi)),
    "π": Const(IrrationalValue("π", math.pi)),
    "ℯ": Const(IrrationalValue("ℯ", math.e)),
    "missing": Const(StructValue(TT.MISSING, ()), TT.MISSING),
    "undef": Const(StructValue(TT.UNDEFINITIALIZER, ()), TT.UNDEFINITIALIZER),
}

# Base's typed (non-constant) globals: reads give the declared type
_BUILTIN_GLOBALS = {"Base.stdout": TT.IO, "Base.stderr": TT.IO, "Base.stdin": TT.IO}


_PROPERTY_FUNCS = frozenset({"getproperty", "setproperty!"})  # typed without declarations
_CLOSURE_TYPE_NAME = __import__("re").compile(r"^#+\d+#\d+$")  # a closure's type (`#18#19`); `#f#3` is a keyword body


class TypeEvalError(Exception):
    """A type expression that does not denote a type (unknown name, bad arity)."""


def _qual(parts) -> str:
    return ".".join(parts)


def _lowercase(name: str) -> bool:
    return bool(name) and (name[0].islower() or name[0] == "_")


@lru_cache(maxsize=8)
def _parse_prelude(text: str, path: str):
    """The items of a prelude file; its syntax errors quote its own lines."""
    from irc.syntax.cache import parse_items

    try:
        return parse_items(text, path)
    except IrcError as e:
        raise IrcError(with_context(e.diagnostics, text), text) from None


def _read_prelude(path: str) -> str:
    """An extra prelude's text (UTF-8, a BOM dropped); an undecodable byte is
    an error quoting the prelude's own line."""
    from irc.syntax.parser import read_source

    try:
        return read_source(path)
    except IrcError as e:
        raise IrcError(with_context(e.diagnostics, e.source), e.source) from None


def prelude_text() -> str:
    return PRELUDE_PATH.read_text(encoding="utf-8")


class World:
    """See module doc.  Build with `World.build`."""

    def __init__(self) -> None:
        self.types: dict = {k: v for k, v in TT.BUILTIN_BINDINGS.items() if "." in k}
        self.consts: dict = {}
        self.globals: dict = dict(_BUILTIN_GLOBALS)
        self.methods: dict[str, list] = {}
        self.modules: set = set(KNOWN_MODULES)
        self.errors: list = []
        self._memo: dict = {}
        self._dispatch_memo: dict = {}  # irc.world.dispatch's (methods, widened argument tuple) memo
        self._path = ""
        self._texts: dict[str, str] = {}  # extra prelude path -> text (context of its errors)
        # Functions whose every method the input file itself declares (closed world).
        self.closed: frozenset = frozenset()
        self.open_no_method: frozenset = frozenset()  # closed functions of a package: no method is not a throw
        # `declare @complete f(…)`: function -> the signatures every method of it falls under.
        self.domains: dict = {}
        # Names neither declared nor built in, met in type position: written name -> TypeName.
        self.unknown_types: dict[str, TypeName] = {}
        # Warnings about declarations and type names, one per cause, in the order
        # met; each belongs to a function's diagnostics (`notes_for`).
        self._notes: list = []
        self._note_keys: set = set()
        self._owners: list = []  # function each note belongs to (`notes_for`)
        self._own_types: dict[str, tuple] = {}  # types the file declares -> (line, shape) of the first
        # Lazy prelude methods (module doc): function -> its declarations not yet evaluated
        self._pending: dict[str, list] = {}
        self._pending_path = ""
        self._decl_memo: dict = {}  # the resolution memo used while evaluating them
        self.rules: JuliaVersion = V1_10  # the Julia version whose rules answer (`irc.syntax.version`)
        self._source = ""  # the input's text: the names it spells, for its capitals (`fold_case`)
        # bare names the paste prints as constants and never shows as functions (`irc.ir.pasted.bare_values`)
        self.bare_values: frozenset = frozenset()
        self.method_modules: frozenset = frozenset()  # the modules its `from` lines name (`irc.ir.pasted.method_modules`)
        self._constant_prelude: dict = {}  # function -> its prelude methods that may answer a constant (`_refined_by_prelude`)
        # those whose type the paste proves, where irc takes Julia's printed types: name -> (type as
        # printed, slot name, line) (`irc.ir.pasted.bare_value_types`)
        self.bare_types: dict = {}
        # globals the paste prints as `typeof(name)`: functions (`irc.ir.pasted.printed_functions`)
        self.printed_functions: frozenset = frozenset()

    # ------------------------------------------------------------ building
    @classmethod
    def build(cls, items, prelude: bool = True, extra_preludes=(), path: str = "<input>",
              source: str = "", lazy: bool = False, rules: JuliaVersion | None = None,
              pasted=(), bare_values=frozenset(), bare_types=None, printed_functions=frozenset(),
              method_modules=frozenset()) -> "World":
        """`path`/`source` locate errors in the program's own declarations;
        `lazy`: the prelude's methods evaluated on first use when the program
        declares nothing (module doc); `rules`: the Julia version (None: 1.10);
        `pasted`: `(MethodDecl, module)` of the functions the file shows inferred
        (`irc.ir.pasted`), declared last (`_declare_pasted`); `bare_values`: the
        bare names it prints as constants and never shows as functions
        (`irc.ir.pasted.bare_values`: `value_of_const` reads them as values); `bare_types`:
        the types the paste proves for some (`irc.ir.pasted.bare_value_types`); `printed_functions`:
        the globals it prints as `typeof(name)` (`irc.ir.pasted.printed_functions`: `value_of` reads
        one irc does not know as that function); `method_modules`: the modules other than `Main` its
        `from` lines name (`irc.ir.pasted.method_modules`: `_unknown_same_type`)."""
        bare = (frozenset(bare_values), dict(bare_types or {}), frozenset(printed_functions), frozenset(method_modules))
        return cls._build(items, prelude, extra_preludes, path, source, lazy, rules, pasted, bare)

    @classmethod
    def _build(cls, items, prelude, extra_preludes, path, source, lazy, rules, pasted, bare) -> "World":
        items = tuple(items)
        lazy = lazy and prelude and not extra_preludes and all(type(it) is S.FunctionDef for it in items)
        rest, texts = [], {}  # the groups after the shipped prelude: each extra prelude, the program
        for p in extra_preludes:
            if isinstance(p, (str, Path)) and Path(p).exists():
                text = _read_prelude(str(p))
                texts[str(p)] = text
                rest.append((str(p), _parse_prelude(text, str(p)), False))
            else:
                rest.append(("<prelude>", tuple(getattr(p, "items", p)), False))
        rest.append((path, items, True))
        if prelude and not lazy:
            snap = _prelude_snapshot(prelude_text(), str(PRELUDE_PATH), rules if rules is not None else V1_10)
            w = cls._build_on(snap, rest, texts, source, rules, pasted, bare) if snap is not None else None
            if w is not None:
                return w
        w = cls()
        w.bare_values, w.bare_types, w.printed_functions, w.method_modules = bare  # before any declaration's types are read
        w._source = source
        if rules is not None:
            w.rules = rules
        w._texts.update(texts)
        groups = []
        if lazy:  # the prelude's types now, its method declarations per function (irc.world.preludeindex)
            from irc.world.preludeindex import prelude_index

            prelude_items, prelude_names, prelude_blobs = prelude_index(prelude_text(), str(PRELUDE_PATH))
            groups.append((str(PRELUDE_PATH), prelude_items, False))
        elif prelude:
            groups.append((str(PRELUDE_PATH), _parse_prelude(prelude_text(), str(PRELUDE_PATH)), False))
        groups += rest
        w._declare_groups(groups)
        if lazy:
            for parts in prelude_names:
                w.methods.setdefault(_qual(w._parts_qual(parts)), [])
        for q in w._function_names(groups, pasted):  # every declared function is a name before any signature
            w.methods.setdefault(q, [])
        w._memo.clear()
        for g, (path, its, own) in enumerate(groups):
            w._path = path
            if lazy and g == 0:  # the shipped prelude
                w._defer_methods(prelude_names, prelude_blobs)
            else:
                w._declare_methods(its, own)
        if pasted:
            w._path = path
            w._declare_pasted(pasted)
        w._memo.clear()  # what was resolved while declaring, before every name was there
        w.closed, w.open_no_method = _closed_functions(w.methods)
        if w.errors:
            raise IrcError(w.errors, source)
        return w

    def _function_names(self, groups, pasted):
        """The functions `build` names before it reads any signature, in order: every declared
        one (a constructor of a type's instances, `declare Base.Ref{T}(…)`, as `Base.Ref{}`), then
        every one the file shows inferred that no name reaches yet (`typeof(f)` in a signature is
        that function)."""
        for _, its, _ in groups:
            for it in its:
                if isinstance(it, S.MethodDecl):
                    yield _qual(self._decl_qual(it.name)) + ("{}" if it.params is not None else
                                                             "()" if it.callable is not None else "")
        for it, module in pasted:
            parts = tuple(it.name.parts)
            if self._resolve(parts, module) is None:
                yield _qual(tuple(module) + parts if len(parts) == 1 else parts)

    def _declare_groups(self, groups) -> None:
        """`build`'s first passes over its groups (path, items, own), each pass over all of them:
        the types' names, their definitions, constants and globals."""
        for path, its, own in groups:
            self._path = path
            self._declare_types(its, own)
        for path, its, _ in groups:
            self._path = path
            self._define_types(its)
        for path, its, _ in groups:
            self._path = path
            self._declare_values(its)

    @classmethod
    def _build_on(cls, snap: "_PreludeSnapshot", groups: list, texts: dict, source: str, rules, pasted,
                  bare=(frozenset(), {}, frozenset(), frozenset())):
        """`build(…, prelude=True)` (not lazy) from the shipped prelude's snapshot
        (`_prelude_snapshot`, module doc): the prelude's types, values and memo as its own
        build leaves them, the `groups` after it (each extra prelude, then the program: path,
        items, own; `texts`: the extra preludes' texts) processed as `build` does, then the
        prelude's methods as evaluated without them and theirs -- or None, when a name the
        prelude's evaluation looked at is one they add or rebind (the caller then builds in
        full)."""
        w = cls()
        w.bare_values, w.bare_types, w.printed_functions, w.method_modules = bare  # before any declaration's types are read
        w._source = source
        if rules is not None:
            w.rules = rules
        w._texts.update(texts)
        w.types, w.consts, w.globals = dict(snap.types), dict(snap.consts), dict(snap.globals)
        w.modules = set(snap.modules)
        w._memo = dict(snap.typed_memo)
        w._declare_groups(groups)
        w.methods = dict.fromkeys(snap.names, None)
        for q in w._function_names(groups, pasted):
            w.methods.setdefault(q, None)
        probes = snap.probes
        for mine, theirs in ((w.types, snap.types), (w.consts, snap.consts), (w.globals, snap.globals)):
            for k, v in mine.items():
                if theirs.get(k, _MISSING) is not v and k in probes:
                    return None
        if not probes.isdisjoint(w.modules - snap.modules) or not probes.isdisjoint(w.methods.keys() - snap.names):
            return None
        for q in w.methods:
            ms = snap.methods.get(q)
            w.methods[q] = list(ms) if ms is not None else []
        w.domains = {q: list(sigs) for q, sigs in snap.domains.items()}
        w.modules |= snap.method_modules
        w._memo = dict(snap.memo)
        for path, its, own in groups:
            w._path = path
            w._declare_methods(its, own)
        if pasted:
            w._declare_pasted(pasted)
        w._memo.clear()
        w.closed, w.open_no_method = _closed_functions(w.methods)
        if w.errors:
            raise IrcError(w.errors, source)
        return w

    # ------------------------------------------------------------ errors and notes
    def _located(self, severity: str, node, message: str, code: str) -> Diagnostic:
        """A diagnostic at `node` in the file being read (its source line as
        context when that is a `--prelude` file, not the input)."""
        line = getattr(node, "line", 0) or 1
        col = getattr(node, "col", 0) or 1
        other = self._texts.get(self._path)
        context = other.split("\n")[line - 1].rstrip("\r") if other and line <= other.count("\n") + 1 else None
        return Diagnostic(severity, message, Span(self._path, line, col), code, context)

    def _err(self, node, msg: str) -> None:
        self.errors.append(self._located("error", node, msg, "declaration"))

    def _note(self, node, code: str, message: str, severity: str = "warning") -> None:
        """Record a warning about a declaration or a type name (once per message)."""
        if message not in self._note_keys:
            self._note_keys.add(message)
            self._notes.append(self._located(severity, node, message, code))

    def notes_for(self, fn) -> list:
        """The world's own warnings (unknown type names, duplicate definitions)
        that belong to function `fn`: each belongs to the first function asked
        for after it was met -- the one being inferred when an unknown name
        came up, the first function for the declarations' -- so each is
        reported once per file, and again only for the same function (as when
        one function is inferred in several stores)."""
        self._owners.extend([fn] * (len(self._notes) - len(self._owners)))
        return [d for d, owner in zip(self._notes, self._owners) if owner is fn]

    @staticmethod
    def _decl_qual(name: S.Name) -> tuple:
        parts = tuple(name.parts)
        if len(parts) == 1:
            parts = ("Main",) + parts
        return parts

    @staticmethod
    def _parts_qual(parts: tuple) -> tuple:
        """`_decl_qual` of a name given by its parts."""
        return ("Main",) + parts if len(parts) == 1 else parts

    def _declare_types(self, items, own: bool = False) -> None:
        for it in items:
            if isinstance(it, (S.StructDecl, S.AbstractTypeDecl)):
                parts = self._decl_qual(it.name)
                params = tuple(TypeVar(p.name) for p in it.params)
                tn = TypeName(parts[:-1], parts[-1], params, None, isinstance(it, S.AbstractTypeDecl),
                              bool(getattr(it, "mutable", False)), opaque=bool(getattr(it, "more", False)),
                              declared=True, super_unstated=it.supertype is None)
                if own:
                    q = _qual(parts)
                    first = self._own_types.get(q)
                    if first is None:
                        self._own_types[q] = (getattr(it, "line", 0) or 1, _shape(it))
                    elif first[1] == _shape(it):
                        self._note(it, "duplicate-definition",
                                   f"`{q}` is defined twice, the same way (first at line {first[0]}): "
                                   f"Julia accepts that; irc uses one", "note")
                    else:
                        self._note(it, "duplicate-definition",
                                   f"invalid redefinition of constant {q}: defined differently at line {first[0]} "
                                   f"(Julia refuses this definition); irc uses this one")
                self._register_type(parts, tn)
                for i in range(1, len(parts) - 1):
                    self.modules.add(_qual(parts[:i + 1]))

    def _register_type(self, parts, tn):
        self.types[_qual(parts)] = TT.wrapper(tn)

    def _define_types(self, items) -> None:
        for it in items:
            if not isinstance(it, (S.StructDecl, S.AbstractTypeDecl)):
                continue
            parts = self._decl_qual(it.name)
            w = self.types[_qual(parts)]
            tn = unwrap_unionall(w).name
            module = parts[:-1]
            env: dict = {}
            tvars = []
            for p, placeholder in zip(it.params, tn.params):
                try:
                    ub = self.eval_type(p.upper, env, module) if p.upper is not None else None
                    lb = self.eval_type(p.lower, env, module) if p.lower is not None else None
                except TypeEvalError as ex:
                    self._err(p, str(ex))
                    ub = lb = None
                tv = TypeVar(p.name, lb, ub)
                env[p.name] = tv
                tvars.append(tv)
            object.__setattr__(tn, "params", tuple(tvars))
            sup = TT.ANY
            if it.supertype is not None:
                try:
                    sup = self.eval_type(it.supertype, env, module)
                    sup = unwrap_unionall(sup) if type(sup) is UnionAllType else sup
                    if type(sup) is not DataType or not (sup.name.abstract or sup.name.unknown):
                        self._err(it.supertype, f"invalid subtyping in definition of {parts[-1]}: "
                                                f"supertype must be an abstract type")
                        sup = TT.ANY
                except TypeEvalError as ex:
                    self._err(it.supertype, str(ex))
            tn.set_super(sup)
            if isinstance(it, S.StructDecl):
                names, fts = [], []
                for f in it.fields:
                    names.append(f.name)
                    if f.type is None:
                        fts.append(TT.ANY)
                        continue
                    try:
                        fts.append(self.eval_type(f.type, env, module))
                    except TypeEvalError as ex:
                        self._err(f, str(ex))
                        fts.append(TT.ANY)
                tn.set_fields(tuple(names), tuple(fts))
            self.types[_qual(parts)] = TT.wrapper(tn)

    def _declare_values(self, items) -> None:
        for it in items:
            if isinstance(it, S.ConstDecl):
                parts = self._decl_qual(it.name)
                try:
                    v = self.value_of(it.value, parts[:-1])
                except TypeEvalError as ex:
                    self._err(it, str(ex))
                    continue
                if type(v) is Const and is_type(v.val):
                    self.types[_qual(parts)] = v.val
                self.consts[_qual(parts)] = v
            elif isinstance(it, S.GlobalDecl):
                parts = self._decl_qual(it.name)
                try:
                    t = self.eval_type(it.type, {}, parts[:-1]) if it.type is not None else TT.ANY
                except TypeEvalError as ex:
                    self._err(it, str(ex))
                    continue
                self.globals[_qual(parts)] = t

    def _declare_methods(self, items, own: bool = False) -> None:
        for it in items:
            if not isinstance(it, S.MethodDecl):
                continue
            parts = self._decl_qual(it.name)
            module = parts[:-1]
            fv = FunctionValue(module, parts[-1])
            q = _qual(parts)
            try:
                if it.params is not None:  # a constructor of the type's instances: its own list, `Base.Ref{}`
                    u = unwrap_unionall(self.eval_type(it.name, {}, module or ("Main",)))
                    if type(u) is not DataType:
                        raise TypeEvalError(f"`{_qual(parts)}{{…}}(…)` declares a constructor of a name that is no type")
                    q = _qual(parts) + "{}"
                if it.callable is not None:  # a method of the type's instances (a callable object): `Poly()`
                    u = unwrap_unionall(self.eval_type(it.name, {}, module or ("Main",)))
                    if type(u) is not DataType:
                        raise TypeEvalError(f"`(::{_qual(parts)})(…)` declares a method of a name that is no type")
                    q = u.name.qualname + "()"
                if it.complete:
                    self.domains.setdefault(q, []).append(self._signature(it, fv)[0])
                    continue
                m = self._method(it, fv, own)
            except TypeEvalError as ex:
                self._err(it, str(ex))
                continue
            lst = self.methods.setdefault(q, [])
            for i, old in enumerate(lst):
                if old.sig == m.sig:
                    lst[i] = m
                    break
            else:
                lst.append(m)
            for i in range(1, len(module)):
                self.modules.add(_qual(module[: i + 1]))

    def _declare_pasted(self, pasted) -> None:
        """The methods the file shows inferred (`irc.ir.pasted`: a function's
        MethodInstance signature and Body type), as open declarations of the
        function its name reaches from its module (`_resolve`, then
        `method_owner`: the module's own, else Base's or Core's it sees; a name
        irc knows nothing of is a new function of the module): a pasted
        `getproperty(::Foo, ::Symbol)` in `Main` is a method of
        `Base.getproperty`.  A name that is a builtin, a type or a constant is
        left to irc's rules.  A signature the
        function already has (the file's own `declare`, the prelude's) is kept;
        one irc cannot evaluate is left out (the function's own inference says
        what it does not know)."""
        for it, module in pasted:
            parts = tuple(it.name.parts)
            found = self._resolve(parts, module)
            if found is None:  # a function irc knows nothing of: the module's own
                fv = FunctionValue(tuple(module) if len(parts) == 1 else parts[:-1], parts[-1])
            elif found[0] == "function":
                fv = found[2]
            else:  # a builtin, a type (a constructor), a constant: irc's own rules type the call
                continue
            fv, ms = self._methods_of(fv)
            try:
                m = self._method(it, fv)
            except TypeEvalError:
                continue
            if ms is not None and any(old.sig == m.sig for old in ms):
                continue
            self.methods.setdefault(fv.qualname, []).append(m)

    def _defer_methods(self, names, blobs: dict) -> None:
        """`_declare_methods` of the shipped prelude, lazily: each function's
        declarations (`blobs[q]`, pickled: `irc.world.preludeindex`) wait in
        `_pending` for `_force`; the modules their `names` name are known now."""
        pending = self._pending
        for name in names:
            parts = self._parts_qual(name)
            q = _qual(parts)
            if q not in pending:
                pending[q] = blobs[q]
            module = parts[:-1]
            for i in range(1, len(module)):
                self.modules.add(_qual(module[: i + 1]))
        self._pending_path = self._path

    def _force(self, q: str) -> None:
        """Evaluate the waiting prelude declarations of function `q` (module doc)."""
        import pickle

        its = pickle.loads(self._pending.pop(q))
        path, memo, errors = self._path, self._memo, len(self.errors)
        self._path, self._memo = self._pending_path, self._decl_memo
        try:
            self._declare_methods(its)
        finally:
            self._path, self._memo = path, memo
        if len(self.errors) != errors:  # not for the shipped prelude (tested); never silently
            raise IrcError(self.errors[errors:], "")

    def _signature(self, it: S.MethodDecl, fv: FunctionValue):
        """(signature `Tuple{…}` wrapped in its `where`s, the variables, their
        environment, the argument names) of a declaration."""
        env: dict = {}
        tvars = []
        module = fv.module
        for p in it.where:
            ub = self.eval_type(p.upper, env, module) if p.upper is not None else None
            lb = self.eval_type(p.lower, env, module) if p.lower is not None else None
            tv = TypeVar(p.name, lb, ub)
            env[p.name] = tv
            tvars.append(tv)
        params = []
        argnames = []
        if it.params is not None:  # `Base.Ref{T}(…)`: called as `(::Type{Ref{T}})(…)`
            params.append(TT.type_of_type(self.eval_type(S.Curly(it.name, it.params, it.line, it.col), env, module)))
            argnames.append(None)
        if it.callable is not None:  # `(::Poly{T})(…)`: the instance called is the first argument
            params.append(self.eval_type(it.callable, env, module))
            argnames.append(None)
        for a in it.args:
            t = self.eval_type(a.type, env, module) if a.type is not None else TT.ANY
            if a.vararg:
                t = VarargType(t)
            params.append(t)
            argnames.append(a.name)
        sig = TT.tuple_type(params)
        for tv in reversed(tvars):
            sig = UnionAllType(tv, sig)
        return sig, tvars, env, argnames

    def _method(self, it: S.MethodDecl, fv: FunctionValue, own: bool = False) -> Method:
        module = fv.module
        sig, tvars, env, argnames = self._signature(it, fv)
        result = None
        if not tvars:
            result = self.eval_type_top(it.result, {}, module)
        else:
            self.eval_type(it.result, env, module)  # validate now
        ref = None
        if it.refinement is not None:
            r = it.refinement
            if r.arg not in argnames:
                raise TypeEvalError(f"refinement names `{r.arg}`, which is not an argument")
            ref = (argnames.index(r.arg), r.kind, self.eval_type(r.type, env, module))
        return Method(fv, sig, result, it.result, tuple(tvars), ref, bool(it.foldable), self._path, it.line, own)

    # ------------------------------------------------------------ resolution
    @staticmethod
    def _candidates(parts, module) -> list:
        """Where a name may be declared, in order (spec §1.1): `M.x` itself;
        `x` in the function's module and each enclosing module up to `Main`
        (a Weave or Pluto sandbox `Main.##WeaveSandBox#1908` sees `Main`'s
        declarations), likewise up the name's own `Main.…` path; `Base.x`,
        `Core.x`; last `Main.x`, so a type or function the file declares
        unqualified also answers inside Base or package declarations
        (`declare Base.iterate(::Vector{Foo})`)."""
        parts = tuple(parts)
        module = tuple(module) if module else ("Main",)
        x = parts[-1]
        out = []
        if len(parts) > 1:
            out.append(parts)
        for path in (module, parts[:-1]):
            if path and path[0] == "Main":
                out.extend(path[:k] + (x,) for k in range(len(path), 0, -1))
            elif path == module:
                out.append(module + (x,))
        out.append(("Base", x))
        out.append(("Core", x))
        out.append(("Main", x))
        return list(dict.fromkeys(out))

    def resolve(self, parts, module):
        """(kind, qualified parts, object) for a global name, or None.
        kind: "type" | "const" | "global" | "function" | "builtin" | "module"."""
        key = (tuple(parts), tuple(module) if module else ())
        memo = self._memo.get(("resolve",) + key, _MISSING)
        if memo is not _MISSING:
            return memo
        r = self._resolve(parts, module)
        self._memo[("resolve",) + key] = r
        return r

    def _resolve(self, parts, module):
        q_full = _qual(parts)
        if q_full in self.modules and len(parts) >= 1 and q_full not in self.types:
            return ("module", tuple(parts), ModuleValue(tuple(parts)))
        if len(parts) >= 2 and parts[0] == "Main" and _qual(parts[1:]) in self.modules and parts[1] != "Main":
            return ("module", tuple(parts[1:]), ModuleValue(tuple(parts[1:])))  # `Main.Base`: Main sees Base
        for c in self._candidates(parts, module):
            q = _qual(c)
            if q in self.consts:
                return ("const", c, self.consts[q])
            if q in self.types:
                return ("type", c, self.types[q])
            if q in self.globals:
                return ("global", c, self.globals[q])
            if q in self.methods:
                return ("function", c, FunctionValue(c[:-1], c[-1]))
            if c[0] in ("Base", "Core") and len(c) == 2:
                if c[1] in _BUILTIN_CONSTS:
                    return ("const", c, _BUILTIN_CONSTS[c[1]])
                bv = BI.builtin_value(c[1])
                if bv is None and versioned_tfunc(c[1], self.rules)[1] is not None:
                    bv = FunctionValue(("Core",), c[1])  # a builtin of this version (1.11's memory ones, …)
                if bv is not None:
                    return ("builtin", c, bv)
                if c[1] in _PROPERTY_FUNCS:
                    return ("function", ("Base", c[1]), FunctionValue(("Base",), c[1]))
                if c[0] == "Base" and c[1] in BASE_EXPORTED_FUNCTIONS:  # one the prelude does not declare
                    return ("function", c, FunctionValue(("Base",), c[1]))
            if len(c) >= 2 and c[:-1] == ("Core", "Intrinsics") and c[-1] in BI.INTRINSICS:
                return ("builtin", c, FunctionValue(("Core", "Intrinsics"), c[-1]))
            if q in self.modules:
                return ("module", c, ModuleValue(c))
        alias = FUNCTION_ALIASES.get(parts[-1])
        if alias is not None:  # `⊻` is Base's `xor` (`const ⊻ = xor`)
            return self._resolve(tuple(parts[:-1]) + (alias,), module)
        if len(parts) >= 3 and parts[0] in ("Base", "Core") and _qual(parts[:-1]) in self.modules and _lowercase(parts[-1]):
            # a binding irc does not know in a submodule of Base (`Base.FastMath.sin_fast`): by Base's naming
            # convention a function -- calling it is an unknown callee, printing it is Julia's `Core.Const(…)`
            return ("function", tuple(parts), FunctionValue(tuple(parts[:-1]), parts[-1]))
        return None

    def fold_case(self, parts) -> tuple[str, ...] | None:
        """`@code_warntype` without colour prints the types it emphasizes in
        capitals (`UNION{FLOAT64, INT64}`, `CORE.BOX`, `ANY`; `Base.emphasize`,
        every version): an all-capitals name that names nothing is the known
        type or module that matches it case-insensitively (in the name's own
        module, then Core and Base), if exactly one does; else the one name
        the input spells in mixed case that matches it (`ABSTRACTPPL.VARNAME`
        is the `AbstractPPL.VarName` of a `Core.PartialStruct(…)` Julia did not
        emphasize: `irc.syntax.capitals`); else None (the name stays unknown).
        A capital name the input also writes where Julia does not emphasize
        (the `MethodInstance` header) is that name: None, never another."""
        if not all(p.isupper() for p in parts):
            return None
        spelled = self._memo.get(("spelled",))
        if spelled is None:
            spelled = self._memo[("spelled",)] = spelled_names(self._source)
        if _qual(parts) in spelled.get(_qual(parts).lower(), ()):
            return None  # the input writes it so where Julia does not emphasize: that name, as written
        index = self._memo.get(("caseless",))
        if index is None:
            index = {}
            for q in list(self.types) + list(TT.BUILTIN_BINDINGS) + list(self.modules) + ["Core.Vararg"]:
                index.setdefault(q.lower(), set()).add(q)
            self._memo[("caseless",)] = index
        q = _qual(parts).lower()
        for key in (q, "core." + q, "base." + q):
            hits = index.get(key)
            if hits and len(hits) == 1:
                return tuple(next(iter(hits)).split("."))
        return spelling(spelled, tuple(parts))

    # ------------------------------------------------------------ values
    def value_of(self, expr, module=("Main",), diags: list | None = None):
        """The lattice element of a value expression: literals -> Const,
        global names -> Const(function/type/constant) or a typed global's
        type; an unknown global -> Any (and a message appended to `diags`)."""
        t = type(expr)
        if t is S.Lit:
            return self._lit(expr)
        if t is S.Name:
            r = self.resolve(expr.parts, module)
            if r is None:
                if len(expr.parts) == 1 and expr.parts[0] in _BUILTIN_CONSTS:
                    return _BUILTIN_CONSTS[expr.parts[0]]
                if _CLOSURE_TYPE_NAME.match(expr.parts[-1]):
                    # `var"#122#123"`: the type Julia lowers a closure to (`%new(var"#122#123", …)` makes
                    # it): a type irc does not know, opaque until declared (the `unknown-type` note)
                    return Const(self.eval_type(expr, {}, module))
                shown = self._display_parts(expr.parts, module)
                if shown in self.printed_functions:
                    # the paste prints `typeof(h)`: Julia prints so only a function's singleton type
                    # (base/show.jl `show_type_name`, `is_global_function`), so `h` is a function binding
                    return Const(FunctionValue(shown[:-1], shown[-1]))
                if diags is not None:
                    q = format_name(self._display_parts(expr.parts, module))
                    if is_generated_name(expr.parts[-1]):
                        diags.append(f"unknown {q}, a name Julia generates for a closure's type (or a keyword "
                                     f"method's body): irc takes it as Any; declare the closure's type: "
                                     f"`struct {format_name(expr.parts[-1:])} <: Function … end` with the captured "
                                     f"variables as fields (`irc stubs` writes it from the paste)")
                    else:
                        diags.append(f"unknown global {q}: irc takes it as a non-constant global (Any); if it is "
                                     f"not, declare it: `const {q} = value` or `global {q}::T`")
                return ANY
            kind, c, obj = r
            if kind == "type":
                return Const(obj)
            if kind == "const":
                return obj
            if kind == "global":
                return obj
            if kind in ("function", "builtin"):
                return Const(obj)
            if kind == "module":
                return Const(obj)
            return ANY
        if t is S.Quote:
            inner = expr.expr
            if type(inner) is S.Name and len(inner.parts) == 1:
                return Const(Sym(inner.parts[0]))
            if type(inner) is S.Lit:
                return self._lit(inner)
            return TT.EXPR
        if t is S.TupleLit:
            items = [self.value_of(x, module) for x in expr.items]
            return BI.tuple_tfunc(items)
        if t is S.Typed:
            return self.value_of(expr.expr, module, diags)
        if t in (S.Curly, S.Where):
            return Const(self.eval_type(expr, {}, module))
        if t is S.Call:
            f = expr.func
            if type(f) is S.Name and f.parts[-1] in ("Const", "PartialStruct", "typeof", "Union"):
                try:
                    r = self.eval_type(expr, {}, module)
                    return r if not is_type(r) else Const(r)
                except TypeEvalError:
                    pass
            fv = self.value_of(f, module)
            args = [self.value_of(a, module) for a in expr.args]
            return self.call(fv, args, module).rt
        return ANY

    def self_value(self, module, name: str):
        """The value of `#self#` for a function `name` defined in `module`:
        what the name resolves to, else the function itself (`Core.Const(f)`)."""
        module = tuple(module) if module else ("Main",)
        r = self.resolve(module + (name,), module)
        if r is not None and r[0] == "type" and r[1][:-1] == module:
            # a callable struct (a closure type `var"#3#4"`): #self# is an instance of it
            t = r[2]
            inst = singleton_instance(t) if type(t) is DataType else None
            return inst if inst is not None else t
        if r is not None and r[0] in ("function", "builtin", "const") and (r[1][:-1] == module or r[0] != "function"):
            return self.value_of(S.Name(module + (name,)), module)
        return Const(FunctionValue(module, name))

    @staticmethod
    def _display_parts(parts, module):
        parts = tuple(parts)
        if len(parts) == 1:
            return tuple(module or ("Main",)) + parts
        return parts

    def _lit(self, lit: S.Lit):
        k = lit.kind
        v = lit.value
        if k == "Symbol":
            return Const(Sym(v))
        if k == "Char":
            return Const(JChar(v))
        if k == "Nothing" or v is None and k != "String":
            return Const(None)
        if k == "Bool":
            return Const(bool(v))
        if k == "Float32":
            return Const(float32(float(v)), TT.FLOAT32)
        if k == "Float16":
            return BI.make_const(float(v), TT.FLOAT16)
        t = _LIT_TYPES.get(k)
        if t is None:
            return Const(v)
        if t is TT.STRING:
            return Const(str(v))
        if issubtype(t, TT.INTEGER):
            return BI.make_const(int(v), t)
        return Const(float(v), t)

    # ------------------------------------------------------------ types
    def parse_type(self, text: str, sparams=None, module=("Main",)):
        """Evaluate a type written as text (`Vector{Int64}`, `Core.Const(1)`)."""
        from irc.syntax.parser import parse_expr

        return self.eval_type(parse_expr(text), sparams or {}, module)

    def eval_type(self, expr, sparams=None, module=("Main",)):
        """The lattice element a type expression denotes.  `sparams` maps
        names to bound values (types, TypeVars, values)."""
        sparams = sparams or {}
        t = type(expr)
        if t is S.Name:
            if len(expr.parts) == 1 and expr.parts[0] in sparams:
                v = sparams[expr.parts[0]]
                if type(v) is Const and is_type(v.val):
                    return v.val
                return v
            r = self.resolve(expr.parts, module)
            if r is None:
                if len(expr.parts) == 1 and expr.parts[0] in _BUILTIN_CONSTS:
                    return _BUILTIN_CONSTS[expr.parts[0]].val
                if expr.parts in (("Vararg",), ("Core", "Vararg")):  # `Tuple{Int64, Vararg}`: of any length, of Any
                    return VarargType(TT.ANY, bare=True)
                folded = self.fold_case(expr.parts)
                if folded is not None:
                    return self.eval_type(S.Name(folded, expr.line, expr.col), sparams, module)
                return self._unknown_type(expr, module)
            kind, c, obj = r
            if kind == "type":
                return obj
            if kind == "const":
                return obj.val if type(obj) is Const else obj
            if kind == "function":
                behind = self.type_behind(expr.parts, module)
                return obj if behind is None else behind
            if kind == "builtin":
                return obj
            if kind == "module":
                return obj
            raise TypeEvalError(f"`{_qual(expr.parts)}` is not a type")
        if t is S.Curly:
            return self._eval_curly(expr, sparams, module)
        if t is S.Where:
            env = dict(sparams)
            tvars = []
            for p in expr.vars:
                ub = self.eval_type(p.upper, env, module) if p.upper is not None else None
                lb = self.eval_type(p.lower, env, module) if p.lower is not None else None
                tv = TypeVar(p.name, lb, ub)
                env[p.name] = tv
                tvars.append(tv)
            body = self.eval_type(expr.body, env, module)
            for tv in reversed(tvars):
                body = UnionAllType(tv, body)
            return body
        if t is S.Lit:
            c = self._lit(expr)
            return c.val
        if t is S.Quote:
            c = self.value_of(expr, module)
            return c.val if type(c) is Const else c
        if t is S.TupleLit:
            return tuple(self.eval_type(x, sparams, module) for x in expr.items)
        if t is S.Typed:
            return self.eval_type(expr.expr, sparams, module)
        if t is S.Call:
            return self._eval_type_call(expr, sparams, module)
        raise TypeEvalError("not a type expression")

    def type_behind(self, parts, module):
        """The type a name denotes in a type position when it first resolves to
        a function only the declarations make (`declare Main.##WeaveSandBox#1908.Float64(::Int64)`:
        a constructor called through the sandbox's binding of `Float64`): the
        next candidate (`_candidates`) that is a type, or a constant type;
        None when there is none."""
        for c in self._candidates(parts, module):
            q = _qual(c)
            if q in self.types:
                return self.types[q]
            v = self.consts.get(q)
            if type(v) is Const and is_type(v.val):
                return v.val
        return None

    def eval_type_top(self, expr, sparams=None, module=("Main",)):
        """`eval_type` where a whole type is expected (a declaration's result or
        argument, a `PartialStruct`'s type): a name that denotes a function and no
        type is a type irc does not know of that name (a function is never a
        type; Julia would not have printed it there), kept opaque."""
        v = self.eval_type(expr, sparams, module)
        if type(v) is FunctionValue and type(expr) is S.Name:
            return self._unknown_type(expr, module)
        return v

    def _unknown_type(self, name: S.Name, module=("Main",)):
        """A type name neither declared nor built in: an opaque type printed as
        written (spec §1.2, "Unknown types are kept"), one per written name per
        world (two spellings of one type one: `_unknown_same_type`), with one
        `unknown-type` warning saying how to declare it."""
        parts = tuple(name.parts)
        if len(parts) == 1:
            parts = ("Main",) + parts
        q = _qual(parts)
        tn = self.unknown_types.get(q)
        if tn is None and (tn := self._unknown_same_type(parts, module)) is not None:
            self.unknown_types[q] = tn
        if tn is None:
            tn = TypeName(parts[:-1], parts[-1], unknown=True)
            self.unknown_types[q] = tn
            shown = show(DataType(tn, ()))
            self._note(name, "unknown-type",
                       f"unknown type `{shown}`: irc keeps it as an opaque type (below Any, its other relations "
                       f"unknown); declare it (`struct {shown} … end` with its fields, or `abstract type "
                       f"{shown} end`, with its parameters and supertype) to let irc use what it is")
        return DataType(tn, ())

    def _unknown_same_type(self, parts: tuple[str, ...], module) -> TypeName | None:
        """The unknown type already met that `parts` also names.  Julia prints a type bare when
        `Main` sees it (`using Polynomials`: `#self#::Type{Polynomial}`), while the code of a method
        of module M names the binding with its module (`Core.apply_type(Polynomials.Polynomial, …)`
        under `from … in Polynomials at …`): so an unknown `X` and an unknown `M.X`, M the module of a
        method the input shows (`method_modules`, or the function's own), are one type.  For any
        other M a printed `M.X` says `Main` does not see it as `X`: two types.  None when the other
        spelling is not met yet."""
        mods = set(self.method_modules)
        if module and tuple(module) != ("Main",):
            mods.add(tuple(module))
        if parts[:-1] in mods:
            return self.unknown_types.get("Main." + parts[-1])
        if parts[:-1] == ("Main",):
            found = {tn for m in mods if (tn := self.unknown_types.get(_qual(m + parts[-1:]))) is not None}
            return found.pop() if len(found) == 1 else None
        return None

    def _eval_curly(self, expr: S.Curly, sparams, module):
        head = expr.head
        hname = head.parts if type(head) is S.Name else None
        if hname is not None and self.resolve(hname, module) is None:
            folded = self.fold_case(hname)
            if folded is not None:  # `UNION{FLOAT64, INT64}`
                hname = folded
                head = S.Name(folded, head.line, head.col)
        if hname == (AT_NAMEDTUPLE,):  # `@NamedTuple{a::T}`: evaluate what the macro expands to
            return self._eval_curly(namedtuple_longhand(expr), sparams, module)
        if hname is not None and hname[-1] == "Vararg" and (len(hname) == 1 or hname[0] == "Core"):
            ps = [self._param(p, sparams, module) for p in expr.params]
            if not ps:
                return VarargType(TT.ANY, bare=True)
            return VarargType(ps[0], ps[1] if len(ps) > 1 else None)
        h = self.eval_type(head, sparams, module)
        ps = [self._param(p, sparams, module) for p in expr.params]
        pending = [p for p in ps if type(p) is _PendingBound]
        if pending:  # `Vector{<:Real}`: each `<:ub` is a fresh where-variable
            tvs = []
            for i, p in enumerate(ps):
                if type(p) is _PendingBound:
                    tv = TypeVar(f"#s{len(tvs) + 1}", None, p.ub)  # a generated name, as Julia's lowering gives
                    tvs.append(tv)
                    ps[i] = tv
            body = self._apply(h, ps)
            for tv in reversed(tvs):
                body = UnionAllType(tv, body)
            return body
        return self._apply(h, ps)

    def _apply(self, h, ps):
        if h == TT.UNION_KIND:
            return ST.union(*ps)
        if h == TT.TUPLE_ANY:
            return TT.tuple_type(ps)
        if not is_type(h):
            raise TypeEvalError(f"`{show(h) if is_type(h) else h}` is not a parametric type")
        try:
            return ST.apply_type(h, ps)
        except TypeError:
            raise TypeEvalError(f"too many parameters for type {show(h)}") from None

    def _param(self, p, sparams, module):
        if type(p) is S.Call and p.infix == "<:" and len(p.args) == 1:
            ub = self.eval_type(p.args[0], sparams, module)
            return _PendingBound(ub)
        v = self.eval_type(p, sparams, module)
        if type(v) is Const:
            return v.val
        return v

    def _eval_type_call(self, expr: S.Call, sparams, module):
        f = expr.func
        fname = f.parts if type(f) is S.Name else None
        args = expr.args
        if fname and fname[-1] == "Const" and (len(args) == 1 or len(args) == 2 and _is_bool_lit(args[1])):
            # Julia <= 1.5 prints `Core.Compiler.Const(x, false)`: its second field (`actual`) is not
            # part of the lattice element
            return self.value_of_const(args[0], sparams, module)
        if fname and fname[-1] == "PartialStruct" and len(args) == 2:
            typ = self.eval_type_top(args[0], sparams, module)
            items = args[1].items if type(args[1]) in (S.TypedVect, S.TupleLit) else []
            fields = tuple(self._lattice_elem(x, sparams, module) for x in items)
            return PartialStruct(typ, fields)
        if fname and fname[-1] == "typeof" and len(args) == 1:
            a = args[0]
            if type(a) is S.Name and not (len(a.parts) == 1 and a.parts[0] in sparams) \
                    and self.resolve(a.parts, module) is None:
                # Julia prints `typeof(f)` for a function f: one irc has no declaration of.  A bare name is
                # Main's (`Core.kwcall(::NamedTuple, ::typeof(foo))`, `Zygote.jacobian(::typeof(f), …)`): Julia
                # prints names as Main sees them, another module's function qualified (`typeof(Zygote.g)`),
                # as `irc stubs` writes them too
                parts = self._display_parts(a.parts, ("Main",))
                return FuncType(FunctionValue(parts[:-1], parts[-1]))
            v = self.value_of_const(a, sparams, module)
            if type(v) is Const and is_type(v.val):
                return BI.typeof_tfunc(v).val
            a = args[0]
            if v == ANY and type(a) is S.Name and self.resolve(a.parts, module) is None:
                # `typeof(hey)` in a printed type: Julia prints `typeof(x)` only for a
                # function's singleton type, so `hey` is a function irc does not know
                parts = a.parts if len(a.parts) > 1 else ("Main",) + a.parts  # a bare name prints for Main's own
                return FuncType(FunctionValue(tuple(parts[:-1]), parts[-1]))
            return widenconst(v)
        if fname and fname[-1] == "Union" and not args:
            return BOTTOM
        if fname in (("Symbol",), ("Core", "Symbol"), ("Base", "Symbol")) and len(args) == 1 \
                and type(args[0]) is S.Lit and args[0].kind == "String":
            # Julia shows a Symbol that is no identifier or operator as `Symbol("…")` (base/show.jl
            # `show(io, ::Symbol)` -> `show_unquoted_quote_expr`): a type parameter so written is that symbol
            # (`DateFormat{Symbol("yyyy-mm-dd"), …}`), printed back the same way (`show_symbol`)
            return Sym(args[0].value)
        if fname and fname[-1] == "Conditional":
            return BOOL
        raise TypeEvalError("not a type expression")

    def _lattice_elem(self, e, sparams, module):
        v = self.eval_type(e, sparams, module)
        if is_type(v) or type(v) in (Const, PartialStruct):
            return v
        return Const(v)

    def _number_literal(self, e, module) -> Const | None:
        """`Int32(0)`, `Float16(1.0)`: a number of a bit type that has no literal of its own, written
        as its constructor on a literal it holds exactly (a declaration's `Core.Const(Int32(0))`;
        Julia shows it bare, `Core.Const(0)`) -- the constant itself, no call made; None for any
        other expression (a value the type cannot hold is the call's to answer: `InexactError`)."""
        if not (type(e) is S.Call and e.infix is None and len(e.args) == 1 and type(e.args[0]) is S.Lit
                and type(e.func) is S.Name):
            return None
        r = self.resolve(e.func.parts, module)
        t = r[2] if r is not None and r[0] == "type" else None
        if not (type(t) is DataType and t.name.primitive_bits and t != TT.BOOL and issubtype(t, TT.REAL)):
            return None
        x = self._lit(e.args[0]).val
        if type(x) is int and issubtype(t, TT.INTEGER):
            c = BI.make_const(x, t)
            return c if c.val == x else None
        if type(x) in (int, float) and issubtype(t, TT.ABSTRACTFLOAT):
            return BI.make_const(float(x), t)
        return None

    def value_of_const(self, e, sparams, module):
        """The Const a `Core.Const(…)` argument denotes."""
        if type(e) is S.Name and len(e.parts) == 1 and e.parts[0] in self.bare_values:
            r = self.bare_value(e.parts[0], module)
            if r is not None:
                return r
        if type(e) is S.Call and not e.args and type(e.func) is S.Name and e.func.parts in (("Colon",), ("Base", "Colon")):
            return Const(FunctionValue(("Base",), ":"))  # `(:)` is the instance `Colon()`
        if type(e) is S.TupleLit:
            return BI.tuple_tfunc([self.value_of_const(x, sparams, module) for x in e.items])
        if type(e) is S.Call and type(e.func) is S.Name and e.func.parts[-1] == "Const":
            return self.value_of_const(e.args[0], sparams, module)
        if type(e) is S.Call and e.infix is None and len(e.args) <= 1 and _names_namedtuple(e.func):
            nt = self._namedtuple_value(e, sparams, module)
            if nt is not None:
                return nt
        if type(e) is S.Call and e.infix == ":" and len(e.args) == 2:
            a = self.value_of_const(e.args[0], sparams, module)
            b = self.value_of_const(e.args[1], sparams, module)
            if type(a) is Const and type(b) is Const:
                return Const(StructValue(DataType(TT.UNITRANGE_NAME, (a.typ,)), (a, b)))
        if type(e) is S.Call and e.infix == "-" and len(e.args) == 1 and type(e.args[0]) is S.Lit:
            c = self._lit(e.args[0])
            if type(c.val) in (int, float):
                return BI.make_const(-c.val, c.typ)
        num = self._number_literal(e, module)
        if num is not None:
            return num
        v = self.value_of(e, module)
        if type(v) is not Const and type(e) is S.Call and not e.args and is_type(v):
            inst = singleton_instance(v)  # `Core.Const(Val{2}())`: the instance of a singleton type
            if inst is not None:
                return inst
        if type(v) is not Const:
            if type(e) is S.Name and not (len(e.parts) == 1 and e.parts[0] in (sparams or ())) \
                    and self.resolve(e.parts, module) is None:
                # `Core.Const(f)` of a name irc does not know: a value, not an unknown type;
                # Julia prints a constant binding, and a lowercase one is a function -- unless the
                # paste never shows it as one (`bare_value`, above)
                if _lowercase(e.parts[-1]):
                    parts = e.parts if len(e.parts) > 1 else ("Main",) + e.parts
                    return Const(FunctionValue(tuple(parts[:-1]), parts[-1]))
                return v
            try:
                tv = self.eval_type(e, sparams, module)
            except TypeEvalError:
                if type(e) is S.Call and e.infix is None and type(e.func) in (S.Name, S.Curly):
                    # `Core.Const(Thunk(var"#7#8"()))`: an instance of a type irc does not know, kept as
                    # printed (`LogNormal{Float64}(μ=-0.22, σ=0.5)`: a package's `show`, keywords included)
                    return self._opaque_value(e, sparams, module) or v
                return v
            if is_type(tv):
                return Const(tv)
            return v
        return v

    def bare_value(self, name: str, module) -> Const | None:
        """`Core.Const(α)` of a bare name the paste prints as a constant and never shows as a
        function (`bare_values`): a value a package's `show` prints as a bare name (DynamicPPL's
        `VarName{:α, typeof(identity)}()` prints `α`), kept as printed -- of unknown type (`Any`,
        with an `unknown-global` note), or of the type a `global α::T` declaration gives it, or,
        where irc takes Julia's printed types, the type the paste proves (`bare_types`; `irc stubs
        --all` writes it as `global α::T`).  None when the name is declared otherwise (a
        function, a type, a constant): that answers."""
        r = self.resolve((name,), module)
        if r is not None and r[0] != "global":
            return None
        typ = r[2] if r is not None and is_type(r[2]) else None
        if typ is None and name in self.bare_types:
            try:
                typ = self.eval_type_top(self.bare_types[name][0], None, module)
            except TypeEvalError:
                typ = None
        if typ is None or not is_type(typ):
            typ = TT.ANY
        return Const(OpaqueValue((name,), (), (), bare=True), typ)

    def _opaque_value(self, e, sparams, module):
        """`Core.Const(T(args…))` irc cannot evaluate: `OpaqueValue` of the callee (its name, or
        its type when it has parameters) and the constant arguments, `name=value` ones apart;
        None when an argument is no constant or a parametric callee is no type."""
        if type(e.func) is S.Name:
            callee = tuple(e.func.parts)
        else:
            try:
                callee = self.eval_type(e.func, sparams, module)
            except TypeEvalError:
                return None
            if not is_type(callee):
                return None
        args, kwargs = [], []
        for a in e.args:
            if type(a) is S.ExprNode and a.head == "kw":
                kwargs.append((a.args[0].parts[0], self.value_of_const(a.args[1], sparams, module)))
            else:
                args.append(self.value_of_const(a, sparams, module))
        if not all(type(a) is Const for a in args) or not all(type(a) is Const for _, a in kwargs):
            return None
        # a parametric callee is the instance's type (show.jl `show_default` prints `typeof(x)` then the
        # fields): `Zygote.var"#1630#back#159"{typeof(identity)}(identity)` is one of that type; a bare
        # name may be a function or a type's wrapper a package's `show` prints (`Thunk(…)`): unknown
        typ = callee if type(callee) is DataType and not has_free_typevars(callee) else TT.ANY
        return Const(OpaqueValue(callee, tuple(args), tuple(kwargs)), typ)

    def _namedtuple_value(self, e, sparams, module):
        """A named tuple as Julia shows it (`(a = 1, b = 2)`, which the parser
        reads as `Core.NamedTuple{(:a, :b)}((1, 2))`; `@NamedTuple{a::Any}((1,))`;
        `NamedTuple()`): the Const `NamedTuple{names}(t)` makes (`_splatnew`),
        None when it is not one."""
        try:
            T = self.eval_type(e.func, sparams, module)
        except TypeEvalError:
            return None
        u = unwrap_unionall(T) if is_type(T) else None
        if type(u) is not DataType or u.name is not TT.NAMEDTUPLE_NAME:
            return None
        if not e.args:
            empty = DataType(TT.NAMEDTUPLE_NAME, ((), TT.tuple_type([])))
            return Const(StructValue(empty, ()), empty)
        at = self.value_of_const(e.args[0], sparams, module)
        tt = widenconst(at)
        if type(u.params[0]) is not tuple or not TT.is_tuple(tt):
            return None
        r = _splatnew(T if type(T) is DataType else DataType(TT.NAMEDTUPLE_NAME, (u.params[0], tt)), at)
        return r if type(r) is Const else None

    # ------------------------------------------------------------ calls
    def call(self, f, args, module=("Main",), callee=None) -> CallResult:
        """Type a call of `f` on `args` (lattice elements).  Memoised by
        the arguments, and, when the answer provably depends on their
        widened types alone (`_widened_key`), by those: `getindex(u, 1)`,
        `getindex(u, 2)`, … dispatch once."""
        key = (f, tuple(args), tuple(module) if module else (), _callee_key(callee))
        memo = self._memo
        r = memo.get(key)
        if r is None:
            wkey = self._widened_key(f, args, key)
            r = memo.get(wkey) if wkey is not None else None
            if r is None:
                r = self._call(f, list(args), module, callee)
                if not isinstance(r, CallResult):
                    r = CallResult(r)
                if wkey is not None:
                    memo[wkey] = r
            memo[key] = r
        return r

    def _widened_key(self, f, args, key):
        """The memo key of a call whose answer depends on the widened types
        of its arguments alone, else None.  That holds for a function with
        declarations (`_call_function`'s dispatch; not a builtin's tfunc,
        which may fold constants, nor the functions it types by their
        constant arguments: `getproperty`, `setproperty!`, `:`, `vect`,
        `indexed_iterate`, `broadcasted`, `materialize`, `getindex` of a
        tuple, `haskey`/`structdiff` of a named tuple) when some argument
        is not a `Const` (a `@foldable` declaration folds only all-`Const`
        arguments) and none is a `PartialStruct` or `Conditional`:
        `irc.world.dispatch` reads the arguments only through `widenconst`
        but for that fold."""
        if type(f) is not Const or type(f.val) is not FunctionValue:
            return None
        plain = False
        for a in args:
            ta = type(a)
            if ta is not Const:
                if ta is PartialStruct or ta is Conditional:
                    return None
                plain = True
        if not plain:
            return None
        fv, ms = self._methods_of(f.val)
        if ms is None or fv.name in _CONST_READERS:
            return None
        if fv.name == "getindex" and args and type(args[0]) is not Const \
                and _is_tuple_or_namedtuple(widenconst(args[0])):
            return None  # a tuple's element is read by its constant index (`_tuple_getindex`)
        return ("widened", f, tuple(map(widenconst, args)), key[2], key[3])

    def _call(self, f, args, module, callee):
        if f == BOTTOM or any(a == BOTTOM for a in args):
            return CallResult(BOTTOM)  # an argument that never exists: the call is never made
        tf = type(f)
        if tf is Conditional:
            return CallResult(BOTTOM)
        if tf is Const:
            v = f.val
            if type(v) is FunctionValue:
                return self._call_function(v, args, module)
            if is_type(v):
                return _generic(self._construct(v, args, module))
            r = self._call_instance(f, widenconst(f), args, module)  # a constant callable object
            return r if r is not None else CallResult(ANY)
        if tf is FuncType:
            return self._call_function(f.func, args, module)
        w = widenconst(f)
        if TT.isType(w) and not has_free_typevars(w.params[0]):
            return _generic(self._construct(w.params[0], args, module))
        if type(w) is UnionAllType:
            r = self._construct_some(w, args, module)
            if r is not None:
                return r
        r = self._call_instance(f, w, args, module)
        if r is not None:
            return r
        if type(w) is UnionType and TT.NOTHING in w.members:
            r = self._call_split_nothing(w, args, module)
            if r is not None:
                return r
        if w == ANY and callee is not None and type(callee) is S.Name:
            r = self.resolve(callee.parts, module)
            if r is None:
                parts = self._display_parts(callee.parts, module)
                return CallResult(ANY, None, (notes.unknown_callee(FunctionValue(parts[:-1], parts[-1]), args),),
                                  gap=True, generic=True)
        if w == BOTTOM:
            return CallResult(BOTTOM)
        # a callee whose type is not concrete: dispatched at run time
        return CallResult(ANY, dynamic=not TT.isdispatchelem(w))

    def _construct_some(self, w, args, module) -> CallResult | None:
        """A call of a value of type `Type{X} where vars` (`apply_type(Vector, t)` of a `t::Union{Type{Int64},
        Type{Float64}}` is `Type{Vector{_A}} where _A`): some `X`, so the constructor answers as for `X` with
        its variables unknown, rewrapped where they stay (`Vector{_A} where _A`, which Julia prints `Vector`:
        `Array{T, 1}(::UndefInitializer, m)`'s `T` bound to nothing known, h952/h953).  None when `w` is no
        such type or irc's answer is no type of that family (left to the run-time dispatch rule)."""
        body, tvars = w, []
        while type(body) is UnionAllType:
            tvars.append(body.var)
            body = body.body
        if not TT.isType(body) or type(unwrap_unionall(body.params[0])) is not DataType:
            return None
        x = body.params[0]
        ux = unwrap_unionall(x)
        if ux.name is TT.ARRAY_NAME and (not args or widenconst(args[0]) == TT.UNDEFINITIALIZER) and \
                all(issubtype(widenconst(a), TT.INTEGER) for a in args[1:]):
            # boot.jl `Array{T, N}(::UndefInitializer, d::Int…)` (and `Array{T, N}()`): an `Array{T, N}`
            r, rt = CallResult(x), x
        else:
            r = self._construct(x, args, module)
            rt = widenconst(r.rt)
        if rt == ANY or rt == BOTTOM or not is_type(rt):
            return None
        u = unwrap_unionall(rt)
        if type(u) is not DataType or u.name is not unwrap_unionall(x).name:
            return None
        for v in reversed(tvars):  # the innermost `where` first, so the outermost ends outside
            if has_typevar(rt, v):
                rt = UnionAllType(v, rt)
        return CallResult(rt, None, r.diagnostics, True, None, r.gap, generic=True)

    def _call_split_nothing(self, w, args, module) -> CallResult | None:
        """A call of a value of type `Union{Nothing, T…}` (`(%15)(x)` with `%15::Union{Nothing, Mayer}`,
        h503): Julia splits the callee as any argument (`abstract_call` on `argtypes[1]`, up to
        `max_union_splitting`); `nothing` has no call method in Base, so that member throws (`Union{}`)
        and the call is the merge of the other members' calls of their instances (`_call_instance`).
        None where the union is too wide or a member is no callable object irc answers for."""
        others = [m for m in w.members if m != TT.NOTHING]
        if not others or len(w.members) > MAX_UNION_SPLIT:
            return None
        merge = tmerge_for(self.rules)
        rt, diags, gap = BOTTOM, (), False
        for m in others:
            r = self._call_instance(m, m, args, module) if type(m) is DataType else None
            if r is None:
                return None
            rt = merge(rt, r.rt)
            diags += tuple(r.diagnostics)
            gap = gap or r.gap
        return CallResult(rt, None, diags, gap=gap, generic=True)

    def _call_instance(self, f, w, args, module) -> CallResult | None:
        """A call of an instance of the data type `w` (a callable object, a closure): the
        `declare (::T)(…)` methods of its type (kept as `T()`, their signatures' first element
        the instance), dispatched on `(f, args…)` as Julia dispatches `f(args…)` on
        `Tuple{typeof(f), …}`.  A concrete declared `w`, or one irc does not know, without such a
        method is an unknown callee (`Any`, a gap, with the declaration to add); None for a type
        this does not apply to (abstract, a kind, one meeting `Builtin`), left to the caller."""
        if type(w) is not DataType or TT.isType(w) or TT.iskind(w) or issubtype(w, TT.BUILTIN) \
                or issubtype(TT.BUILTIN, w):  # `abstract_call_unknown`: a type meeting Builtin is Any
            return None
        q = w.name.qualname + "()"
        if q in self._pending:
            self._force(q)
        ms = self.methods.get(q)
        if not ms and w.name.qualname in ("Base.Fix1", "Base.Fix2") and len(args) == 1:
            r = self._call_fix(f, w, args[0], module)
            if r is not None:
                return r
        if not ms:
            if not (w.name.unknown or TT.isconcrete(w) and w.name.declared):
                return None  # an abstract type's instance: left to the caller (`Any`, dispatched at run time)
            return CallResult(ANY, None, (notes.unknown_callable(w, args, 0),), gap=True, generic=True)
        res = dispatch(ms, [f] + list(args), self._eval_result, self._fold, False, self._dispatch_memo,
                       tmerge_for(self.rules))
        diags = tuple(notes.unknown_callable(w, combo[1:], len(ms)) for combo in res.missing)
        return CallResult(res.rt, None, diags, res.dynamic, BI.CallInfo(q, tuple(ms), False, res), res.open_gap,
                          generic=True)

    def _call_fix(self, f, w, y, module) -> CallResult | None:
        """operators.jl `(f::Fix1)(y) = f.f(f.x, y)`, `(f::Fix2)(y) = f.f(y, f.x)` (what `==(x)`,
        `in(x)`, `Base.Fix2(getindex, i)` make): the call of the fixed function on the fixed argument and
        `y`, the fields read as Julia's `getfield` reads them (the constant's own, else the field types).
        None when the fixed function is no value irc can call (not a constant, not a singleton type's)."""
        if len(w.params) != 2:
            return None
        ff, fx = lattice_getfield(f, 1), lattice_getfield(f, 2)
        if ff == BOTTOM or fx == BOTTOM:
            return None
        if type(ff) is not Const:
            ff = singleton_instance(widenconst(ff))
            if ff is None:
                return None
        args = [fx, y] if w.name.name == "Fix1" else [y, fx]
        return self.call(ff, args, module)

    def method_owner(self, fv: FunctionValue) -> FunctionValue:
        """The function whose declarations a call of `fv` uses: itself, or for a
        `Main…` function without declarations of its own an enclosing module's
        (a sandbox sees Main's), then Base's, then Core's."""
        if fv.qualname in self.methods or not (fv.module and fv.module[0] == "Main" and fv.name):
            return fv
        path = tuple(fv.module)
        for alt in [path[:k] + (fv.name,) for k in range(len(path) - 1, 0, -1)] + [("Base", fv.name),
                                                                                   ("Core", fv.name)]:
            if _qual(alt) in self.methods:
                return FunctionValue(alt[:-1], alt[-1])
        return fv

    def _methods_of(self, fv: FunctionValue):
        """(the function value whose declarations answer a call of `fv`, those
        declarations or None): see `method_owner`."""
        fv = self.method_owner(fv)
        q = fv.qualname
        if q in self._pending:
            self._force(q)
        return fv, self.methods.get(q)

    def is_builtin(self, fv: FunctionValue) -> bool:
        """Is a call of `fv` typed by irc's own rules (a builtin, an intrinsic)?"""
        fv2, ms = self._methods_of(fv)
        return ms is None and self._builtin_tfunc(fv2) is not None

    def _builtin_tfunc(self, fv: FunctionValue):
        """The builtin or intrinsic a function value without declarations calls (its tfunc), or None.
        Which exist depends on the version: 1.11's memory builtins, 1.10's array ones (`memorytfuncs`)."""
        if fv.module in (("Core",), ("Base",), ("Core", "Intrinsics"), ("Main",)):
            known, tf = versioned_tfunc(fv.name, self.rules)
            if known:
                return tf
        tf = BI.lookup(fv)
        if tf is None:
            bv = BI.builtin_value(fv.name) if fv.module in (("Main",), ("Base",), ("Core",)) else None
            if bv is not None:
                tf = BI.lookup(bv)
        return tf

    def builtin_of(self, fv: FunctionValue) -> str | None:
        """The name of the builtin or intrinsic a call of `fv` is typed by
        (`"ifelse"` for `Core.ifelse`), None when declarations answer it."""
        fv2, ms = self._methods_of(fv)
        if ms is not None or self._builtin_tfunc(fv2) is None:
            return None
        return fv2.name

    def _call_function(self, fv: FunctionValue, args, module) -> CallResult:
        fv, ms = self._methods_of(fv)
        name = fv.name
        if name in ("getproperty", "setproperty!") and fv.module == ("Base",) and len(args) >= 2 \
                and not any(type(a) is VarargType for a in args):
            combos = split_args(args) if name == "getproperty" else None
            if combos is not None:
                return self._split_call(fv, combos, module)
            r = self._property(name, args, ms or ())
            if r is not None:
                return r
        if ms is None and is_return_type(fv):  # `Core.Compiler.return_type` (`Base._return_type`)
            return return_type_call(self, args, module)
        if ms is None and name == "|>" and fv.module == ("Base",) and len(args) == 2 \
                and not any(type(a) is VarargType for a in args):
            return self.call(args[1], [args[0]], module)  # operators.jl `|>(x, f) = f(x)`
        if ms is None and fv.module == ("Core",) and name == "kwcall":
            r = self._keyword_call(args, module)
            if r is not None:
                return r
        if ms is None and fv.module == ("Core",) and name == "_apply":
            # Julia <= 1.3's `Core._apply(f, xs...)`, which 1.4 renamed `_apply_iterate(iterate, f, xs...)`
            # (builtins.c): the same splat, read with the iterate it implies
            return apply_iterate([self.value_of(S.Name(("Base", "iterate")), ("Base",))] + list(args), self, module)
        tf = self._builtin_tfunc(fv) if ms is None else None
        if tf is not None:
            if tf is BI.tf_apply_iterate:
                return apply_iterate(args, self, module)
            if fv.name == "invoke" and fv.module == ("Core",):
                return self._invoke(args)
            if any(type(a) is VarargType for a in args) and tf not in (BI.tf_tuple, BI.tf_apply_type):
                return CallResult(ANY)  # a builtin given a splat of unknown length
            r = tf(args, self)
            if self.rules.builtin_const_eval and name in EVALUATED:  # 1.12 (`irc.world.consteval`)
                rt = const_eval(name, args, r.rt if isinstance(r, CallResult) else r)
                if rt is BOTTOM:
                    return CallResult(BOTTOM)
            return r if isinstance(r, CallResult) else CallResult(r)
        if ms is None and fv.module == ("Base",) and name in _REDUCERS:
            rt = self._reduction(name, args, module)  # reduce.jl's family, on the function's result
            if rt is not None:
                return CallResult(rt, generic=True)
        if ms is None:
            gone = versioned_tfunc(name, self.rules)[0]  # a builtin of another version (`memorytfuncs`)
            note = notes.not_in_version(fv, args, self.rules.name) if gone else notes.unknown_callee(fv, args)
            return CallResult(ANY, None, (note,), gap=True, generic=True)
        q = fv.qualname
        closed = q in self.closed
        semi = q in self.open_no_method
        res = dispatch(ms, args, self._eval_result, self._fold, closed, self._dispatch_memo,
                       tmerge_for(self.rules), self.domains.get(q), semi)
        rt = res.rt
        if type(rt) not in (Const, PartialStruct) and fv.module[:1] in (("Base",), ("Core",)) \
                and any(m.own for m in res.applied):
            rt = self._refined_by_prelude(q, ms, args, rt)
        diags = ()
        shut = closed and not semi  # (a package's: its notes are an open list's, never "no matching method")
        thrown = res.missing if shut else res.thrown if not res.open_gap else ()
        if thrown:
            declared = [notes.call_text(fv, unwrap_unionall(m.sig).params) for m in ms]
            domain = None if shut else [notes.call_text(fv, unwrap_unionall(d).params) for d in self.domains[q]]
            diags = tuple(notes.no_matching_method(fv, combo, declared, len(thrown), res.split, domain)
                          for combo in thrown[:1])
        elif not shut and res.missing:
            diags = tuple(notes.unknown_method(fv, combo, len(ms)) for combo in res.missing)
        if name == ":" and fv.module == ("Base",) and len(args) == 2:
            rt = _colon_constprop(rt, args)
        if name == "vect" and fv.module == ("Base",) and not any(m.own for m in res.applied):
            rt = _vect_promote(rt, args)
        if name in ("vcat", "hcat") and fv.module == ("Base",) and not any(m.own for m in res.applied):
            rt = _cat_promote(name, rt, args)
        if name == "indexed_iterate" and fv.module == ("Base",) and len(args) in (2, 3):
            rt = _indexed_iterate_constprop(rt, args)
        dynamic = res.dynamic
        gap = res.open_gap
        if name == "getindex" and fv.module == ("Base",) and len(args) == 2 and not any(m.own for m in res.applied):
            rt2 = _tuple_getindex(rt, args, tmerge_for(self.rules))
            if rt2 is not rt:  # one method in Julia (tuple.jl, namedtuple.jl), however many declarations irc has
                rt, dynamic, gap, diags = rt2, False, False, ()
        if name == "length" and fv.module == ("Base",) and len(args) == 1 and widenconst(rt) == TT.INT64:
            rt = _tuple_length(rt, args[0])
        if name == "eachindex" and fv.module == ("Base",) and len(args) == 1:
            # tuple.jl `eachindex(t::Tuple) = OneTo(length(t))`, one method in Julia however many declarations irc
            # has: a tuple of known length gives the constant range, another tuple a `Base.OneTo{Int64}`; a
            # declaration of the file's own (`irc stubs`' widened `Base.OneTo{Int64}`) is refined, never contradicted
            w0 = widenconst(args[0])
            if w0 != BOTTOM and type(w0) is DataType and TT.is_tuple(w0):
                n = TI.nfields_tfunc(args[0])
                r = self.call(self.value_of(S.Name(("Base", "OneTo")), ("Base",)), [n], ("Base",)).rt \
                    if type(n) is Const else DataType(TT.ONETO_NAME, (TT.INT64,))
                if not any(m.own for m in res.applied) or issubtype(widenconst(r), widenconst(rt)):
                    rt, dynamic, gap, diags = r, False, False, ()
        if fv.module == ("Base",) and name in ("keys", "isempty", "diff_names", "haskey", "structdiff"):
            rt2 = _names_consteval(name, args)
            if rt2 is not None:  # one method in Julia, evaluated on constants (namedtuple.jl, tuple.jl)
                rt, dynamic, gap, diags = rt2, False, False, ()
        if fv.module == ("Base",) and name in ("eltype", "promote_typejoin", "promote_typejoin_union", "collect") \
                and not any(m.own for m in res.applied):
            rt2 = _typejoin_consteval(name, args)
            if rt2 is not None:  # tuple.jl / promotion.jl, total: evaluated on the types (`irc.lattice.typejoin`)
                rt, dynamic, gap, diags = rt2, False, False, ()
        if name == "iterate" and fv.module == ("Base",) and len(args) in (1, 2) and not res.missing:
            rt = _range_iterate_consteval(rt, args)
        if name == "iterate" and fv.module == ("Base",) and len(args) in (1, 2):
            rt2 = self._enumerate_iterate(fv, args, module)
            if rt2 is None:
                rt2 = self._zip_iterate(fv, args, module)
            if rt2 is not None:  # one method in Julia (iterators.jl), on the inner iterator's `iterate`
                rt, dynamic, gap, diags = rt2, False, False, ()
        if fv.module == ("Base",) and name in _REDUCERS and not any(m.own for m in res.applied):
            rt2 = self._reduction(name, args, module)
            if rt2 is not None:  # reduce.jl's `mapreduce` family on the function's result (`_reduction`)
                rt, dynamic, gap, diags = rt2, False, False, ()
        if fv.module == ("Base",) and name in ("broadcasted", "materialize") and (gap or rt == ANY):
            ruled = _broadcasted(args) if name == "broadcasted" else self._materialize(args)
            if ruled is not None:  # Julia's broadcast rule answers where no declaration does
                rt, gap, diags = ruled, False, ()
        elif fv.module == ("Base",) and name == "broadcasted" and not any(m.own for m in res.applied):
            ruled = _broadcasted(args)
            if type(ruled) is UnionAllType:  # arguments that are no leaf (`Vector`): the prelude's array
                rt, gap, diags = ruled, False, ()  # methods model concrete ones; Julia's `Args<:Tuple{…}` stands
        if fv.module == ("Base",) and name in ("map", "pairs", "sum") and not any(m.own for m in res.applied):
            ruled = self._map_tuples(args, module) if name == "map" else self._pairs_namedtuple(args) \
                if name == "pairs" else self._sum_skipmissing(args, module)
            if ruled is None and name == "map":
                ruled = self._map_array(args, module)
            if ruled is not None:  # one method family in Julia (tuple.jl, iterators.jl, missing.jl)
                rt, dynamic, gap, diags = ruled.rt, ruled.dynamic, ruled.gap, ruled.diagnostics
        if fv.module == ("Base",) and name in ("collect", "collect_similar") and not any(m.own for m in res.applied):
            ruled = self._collect_generator(args[-1], args[0] if len(args) == 2 else args[-1], module) \
                if len(args) in (1, 2) else None
            if ruled is not None:  # array.jl `collect(itr::Generator)`, `collect_similar`: one method
                rt, dynamic, gap, diags = ruled.rt, ruled.dynamic, ruled.gap, ruled.diagnostics
        if fv.module == ("Base",) and name in ("in", "!=") and len(args) == 2 and res.applied \
                and all(_generic_two(m) for m in res.applied):
            ruled = self._in_generic(args, module) if name == "in" else self._not_equal(args, module)
            if ruled is not None:  # one generic method's body in Julia (operators.jl); a dispatch inside it is
                rt, gap, diags = ruled.rt, ruled.gap, ruled.diagnostics  # not one at this call
        if name == "kwcall" and fv.module == ("Core",) and (gap or rt == ANY) and not closed:
            r = self._keyword_call(args, module)  # a keyword call the input's `Core.kwcall` declarations do not cover
            if r is not None and not r.gap:
                return r
        return CallResult(rt, res.cond, diags, dynamic, BI.CallInfo(q, tuple(ms), closed, res), gap,
                          generic=True)

    def _map_tuples(self, args, module):
        """`map(f, t1::Tuple, ts::Tuple...)` (tuple.jl 1.10): below 32 elements the
        inlined methods build `(f(t1[1], ts[1]...), f(t1[2], …), …)` -- up to the
        shortest tuple's length (`map(f, t::Tuple, s::Tuple{}) = ()`, `anyempty`) --
        so the result is the tuple (`tuple_tfunc`) of `f` called on each index's
        elements (`getfield` of each argument at that constant index).  A call of
        `f` irc cannot type is `Any` in its place (`Tuple{Any, Any}`, with the
        call's note), as Julia infers it for a closure it cannot see into.  None
        when an argument is no tuple of known length or one has 32 or more
        elements (the `Any32` methods collect into a `Vector{Any}`)."""
        if len(args) < 2 or any(type(a) is VarargType for a in args):
            return None
        n = None
        for a in args[1:]:
            t = widenconst(a)
            if type(t) is not DataType or t.name is not TT.TUPLE_NAME or TT.is_vatuple(t):
                return None
            n = len(t.params) if n is None else min(n, len(t.params))
        if n >= 32:
            return None
        out, diags, dynamic, gap = [], [], False, False
        for i in range(1, n + 1):
            r = self.call(args[0], [lattice_getfield(a, i) for a in args[1:]], module)
            if r.rt == BOTTOM:
                return CallResult(BOTTOM)
            out.append(r.rt)
            diags.extend(d for d in r.diagnostics if d not in diags)
            dynamic |= r.dynamic
            gap |= r.gap
        return CallResult(BI.tuple_tfunc(out), None, tuple(diags), dynamic, None, gap, generic=True)

    def _map_array(self, args, module):
        """`map(f, A::AbstractArray) = collect_similar(A, Generator(f, A))` (abstractarray.jl 1.10):
        `_collect_generator` on A's element type.  None for another argument list."""
        if len(args) != 2:
            return None
        return self._collect_generator(DataType(TT.GENERATOR_NAME, (widenconst(args[1]), ANY)), args[1], module,
                                       f=args[0])

    def _collect_generator(self, g, shape, module, f=None):
        """`collect(g::Generator)` / `collect_similar(A, g)` (array.jl 1.10: `_collect(c, itr,
        ::EltypeUnknown, isz::HasShape)`): the first element's `typeof` makes the destination
        (`_similar_for(c, typeof(v1), itr, isz, shp)`), later ones widen it only when they are not
        of that type, so for `f` on the iterator's element type `E` giving a concrete `T` the
        answer is `Array{T, N}` (`N` the shape's dimensions: an `Array{E, N}`'s, 1 for a range),
        the empty case's `_array_for(et, …)` agreeing (`@default_eltype` is `T`).  The call is typed
        as irc types `f(::E)` (its notes kept).  None when the iterator is no array or range, or
        the call's type is not concrete (Julia's widening then builds unions irc does not model)."""
        gt = widenconst(g)
        if type(gt) is not DataType or gt.name is not TT.GENERATOR_NAME:
            return None
        it = unwrap_unionall(gt.params[0])
        sh = unwrap_unionall(widenconst(shape))
        if type(it) is not DataType or type(sh) is not DataType:
            return None
        def dims(t):  # an array's dimensions, a range's 1, else None
            return t.params[1] if t.name is TT.ARRAY_NAME and type(t.params[1]) is int else \
                1 if t.name in _RANGE_NAMES else None

        n = dims(it) if sh.name is TT.GENERATOR_NAME else dims(sh)  # `collect(g)`: the iterator's shape
        if dims(it) is None or n is None:
            return None
        elt = it.params[0]
        if not is_type(elt) or has_free_typevars(elt):
            return None
        if f is None:  # the generator's function: its type's instance, or a value of that type (a closure)
            ft = gt.params[1]
            if not is_type(ft) or ft == ANY:
                return None
            f = singleton_instance(ft) or ft
        r = self.call(f, [elt], module)
        t = widenconst(r.rt)
        if t == BOTTOM or not TT.isconcrete(t):
            return None
        return CallResult(DataType(TT.ARRAY_NAME, (t, n)), None, r.diagnostics, r.dynamic, None, r.gap, generic=True)

    def _pairs_namedtuple(self, args):
        """`pairs(nt::NamedTuple) = Pairs{Symbol}(nt, keys(nt))` (iterators.jl 1.10;
        essentials.jl `Pairs{K}(data::A, itr::I) = new{K, eltype(A), I, A}(data, itr)`):
        of the empty named tuple a keyword call's lowering passes when no keyword is
        given, Julia concrete-evaluates it to the constant
        `Base.Pairs{Symbol, Union{}, Tuple{}, @NamedTuple{}}()` (`eltype` of no field
        is `Union{}`, the keys `()`).  A named tuple of known names and field types is
        `Pairs{Symbol, V, NTuple{n, Symbol}, NT}`, `V` its `eltype` (`promote_typejoin` of
        the field types: `Real` of an `Int64` and a `Float64`, `irc.lattice.typejoin`).
        None otherwise or when the prelude's `Base.Pairs` is absent."""
        if len(args) != 1:
            return None
        nt = widenconst(args[0])
        if type(nt) is not DataType or nt.name is not TT.NAMEDTUPLE_NAME or len(nt.params) != 2 \
                or type(nt.params[0]) is not tuple or not TT.is_tuple(nt.params[1]) or TT.is_vatuple(nt.params[1]):
            return None
        pairs = self.types.get("Base.Pairs")
        if pairs is None or type(unwrap_unionall(pairs)) is not DataType or len(unwrap_unionall(pairs).params) != 4:
            return None
        fts = nt.params[1].params
        v = tuple_eltype(nt.params[1])  # namedtuple.jl `eltype` (`nteltype`): `promote_typejoin` of the field types
        if v is None:
            return None
        if self.rules.pairs_namedtuple_nothing:  # 1.12: `Pairs{Symbol}(nt, nothing)`
            t = ST.apply_type(pairs, [TT.SYMBOL, v, TT.NOTHING, nt])
            itr = Const(None)
        else:
            t = ST.apply_type(pairs, [TT.SYMBOL, v, TT.tuple_type([TT.SYMBOL] * len(fts)), nt])
            itr = Const((), TT.tuple_type([]))
        if not fts:
            return CallResult(Const(StructValue(t, (Const(StructValue(nt, ()), nt), itr)), t))
        return CallResult(t)

    def _in_generic(self, args, module):
        """`in(x, itr)` by its generic method (operators.jl 1.10): `v = (y == x)` for each element
        `y` (an array's element type, the `tmerge` of a tuple's element types as `iterate` reads them
        at an `Int` index), `missing` seen makes the answer `missing` unless a `true` comes
        (`anymissing ? missing : false`): `in_result` of `y == x`.  None when `itr` is neither."""
        x, itr = args
        t = widenconst(itr)
        if type(t) is DataType and t.name is TT.ARRAY_NAME and is_type(t.params[0]):
            elt = t.params[0]
        elif type(t) is DataType and TT.is_tuple(t) and t.params and not has_free_typevars(t):
            elt = widenconst(BI.getfield_tfunc(t, TT.INT64, tmerge_for(self.rules)))
        else:
            return None
        v = self.call(Const(FunctionValue(("Base",), "==")), [elt, x], module)
        return CallResult(in_result(v.rt), None, v.diagnostics, v.dynamic, None, v.gap, generic=True)

    def _not_equal(self, args, module):
        """`!=(x, y) = !(x == y)` (operators.jl 1.10): the type of `!` on the type of `x == y`."""
        eq = self.call(Const(FunctionValue(("Base",), "==")), list(args), module)
        if eq.rt == BOTTOM:
            return CallResult(BOTTOM)
        r = self.call(Const(FunctionValue(("Base",), "!")), [eq.rt], module)
        return CallResult(widenconst(r.rt) if type(r.rt) is not Const else r.rt, None,
                          tuple(dict.fromkeys(eq.diagnostics + r.diagnostics)), eq.dynamic or r.dynamic, None,
                          eq.gap or r.gap, generic=True)

    def _sum_skipmissing(self, args, module):
        """`sum(itr)` / `sum(f, itr)` of `itr::SkipMissing{<:Array}` (reduce.jl 1.10:
        `sum(a) = sum(identity, a)`, `sum(f, a) = mapreduce(f, add_sum, a)`; missing.jl:
        `mapreduce(f, op, itr::SkipMissing{<:AbstractArray})` reduces the non-missing
        elements, of type `E = nonmissingtype(eltype(A))` (`eltype(::Type{SkipMissing{T}})`)):
        its paths return `mapreduce_empty(f, add_sum, E)` (for `identity`,
        `reduce_empty(+, E) = zero(E)`; for another `f` an error), `mapreduce_first(f,
        add_sum, a1)` (`reduce_first(add_sum, f(a1))`: `f(a1)`, widened to `Int`/`UInt`
        for a `Bool` or a small integer, reduce.jl) and `add_sum(f(a1), f(a2))`, merged.
        None when the argument is not of that form or `E` is not concrete."""
        if len(args) not in (1, 2) or any(type(a) is VarargType for a in args):
            return None
        itr = widenconst(args[-1])
        if type(itr) is not DataType or itr.name.qualname != "Base.SkipMissing" or len(itr.params) != 1:
            return None
        a = itr.params[0]
        if type(a) is not DataType or a.name is not TT.ARRAY_NAME:
            return None
        e = ST.typesubtract(a.params[0], TT.MISSING) if is_type(a.params[0]) else None
        if e is None or not TT.isconcrete(e):
            return None
        x = CallResult(e) if len(args) == 1 else self.call(args[0], [e], module)
        r = widenconst(x.rt)
        if r == BOTTOM:
            return CallResult(BOTTOM)
        if not TT.isconcrete(r):
            return CallResult(ANY, None, x.diagnostics, x.dynamic, None, x.gap, generic=True)
        first = _add_sum_widened(r)
        plus = widenconst(self.call(Const(FunctionValue(("Base",), "+")), [first, r], module).rt)
        return CallResult(tmerge(first, plus) if plus != BOTTOM else first, None, x.diagnostics, x.dynamic,
                          None, x.gap, generic=True)

    def _enumerate_iterate(self, fv, args, module):
        """`iterate(e::Enumerate, state=(1,))` (iterators.jl): `n = iterate(e.itr, state[2:end]...)`,
        `nothing` when that is, else `((i, n[1]), (i+1, n[2]))` -- the inner iterator's element and
        state paired with an `Int64` index.  The inner iterator's type is `Enumerate{I}`'s `I`, its
        bound when `I` is a variable (`Enumerate{I} where I<:(Vector{<:X})`: the instance's
        `e.itr` is of a type below it).  None when the argument is no `Enumerate` or the inner
        `iterate` is not a union of `Nothing` and one 2-tuple."""
        w = widenconst(args[0])
        u = unwrap_unionall(w)
        if type(u) is not DataType or u.name.name != "Enumerate" or u.name.module != ("Base", "Iterators") \
                or len(u.params) != 1:
            return None
        inner = u.params[0]
        if type(inner) is TypeVar:
            inner = inner.ub if inner.ub is not None else ANY
        call = [inner]
        if len(args) == 2:
            st = widenconst(args[1])
            if type(st) is not DataType or not TT.is_tuple(st) or len(st.params) != 2 or TT.is_vatuple(st):
                return None
            call.append(st.params[1])
        r = widenconst(self.call(Const(fv), call, module).rt)
        pairs = [m for m in union_members(r) if m != TT.NOTHING]
        if len(pairs) != 1 or type(pairs[0]) is not DataType or not TT.is_tuple(pairs[0]) or len(pairs[0].params) != 2:
            return None
        elt, state = pairs[0].params
        out = TT.tuple_type([TT.tuple_type([TT.INT64, elt]), TT.tuple_type([TT.INT64, state])])
        return union(TT.NOTHING, out) if TT.NOTHING in union_members(r) else out

    def _refined_by_prelude(self, q, ms, args, rt):
        """A file's own declaration of a Base function is a type (`irc stubs` widens Julia's printed result:
        `simd_outer_range(::UnitRange{Int64})::UnitRange{Int64}` where Julia printed `Core.Const(0:0)`); the
        prelude's methods of it, from Base's source, may know the constant (`simd_outer_range(r) = 0:0`, a
        `@foldable` arithmetic on constants).  Their answer refines the file's when it is a constant or a
        `PartialStruct` of a type below the file's answer -- a refinement, never a contradiction; else `rt`.
        Only functions with such a prelude method are looked at (`_constant_prelude`)."""
        theirs = self._constant_prelude.get(q)
        if theirs is None:
            theirs = [m for m in ms if not m.own]  # one list per function: the dispatch memo keys it by identity
            if not any(m.foldable or type(m.result) in (Const, PartialStruct) for m in theirs):
                theirs = []
            self._constant_prelude[q] = theirs
        if not theirs:
            return rt
        rp = dispatch(theirs, args, self._eval_result, self._fold, False, self._dispatch_memo,
                      tmerge_for(self.rules)).rt
        if type(rp) in (Const, PartialStruct) and widenconst(rp) != BOTTOM \
                and issubtype(widenconst(rp), widenconst(rt)):
            return rp
        return rt

    def _zip_iterate(self, fv, args, module):
        """`iterate(z::Zip, ss...)` (iterators.jl `_zip_iterate_all`): each inner iterator's `iterate` (with its
        state, the k-th of the state tuple), `nothing` when one is, else `((x1, x2, …), (s1, s2, …))`.  None
        when the argument is no `Zip` of known iterators or an inner `iterate` is not a union of `Nothing`
        and one 2-tuple."""
        u = widenconst(args[0])
        if type(u) is not DataType or u.name.name != "Zip" or u.name.module != ("Base", "Iterators") \
                or len(u.params) != 1 or not TT.is_tuple(u.params[0]) or TT.is_vatuple(u.params[0]):
            return None
        inners = u.params[0].params
        states = None
        if len(args) == 2:
            st = widenconst(args[1])
            if type(st) is not DataType or not TT.is_tuple(st) or TT.is_vatuple(st) or len(st.params) != len(inners):
                return None
            states = st.params
        elts, sts = [], []
        for k, inner in enumerate(inners):
            call = [inner] if states is None else [inner, states[k]]
            r = widenconst(self.call(Const(fv), call, module).rt)
            pairs = [m for m in union_members(r) if m != TT.NOTHING]
            if len(pairs) != 1 or type(pairs[0]) is not DataType or not TT.is_tuple(pairs[0]) \
                    or len(pairs[0].params) != 2:
                return None
            elts.append(pairs[0].params[0])
            sts.append(pairs[0].params[1])
        return union(TT.NOTHING, TT.tuple_type([TT.tuple_type(elts), TT.tuple_type(sts)]))

    def _reduction(self, name, args, module):
        """reduce.jl's `mapreduce` family on a collection of known element type `T` (an array's, a range's, a
        set's; a generator's `f(T)`), from the type `R` of the function's value on an element:
        `sum(f, A) = mapreduce(f, add_sum, A)` -- `add_sum` makes small integers (and `Bool`) `Int64`/`UInt64`,
        else `R + R` when that is `R`; `maximum(f, A)`/`minimum(f, A)` (`max`/`min`) `R` of a `Real`;
        `sum(g::Generator)` as `sum(g.f, g.iter)`; `any(f, A)`/`all(f, A)` `Bool` of a `Bool` (`_any`:
        `anymissing ? missing : false`, `in_result`); `reduce(op, A)`/`foldl(op, A)` (`mapreduce(identity, op,
        A)`), `mapreduce(f, op, A)` and `accumulate(op, A)` (a `Vector` of it) when `op(R, R)` is `R`.  The
        empty collection's `reduce_empty` is of the same type.  None otherwise (irc's declarations answer)."""
        if name == "sum" and len(args) == 1:
            g = widenconst(args[0])
            if type(g) is not DataType or g.name is not TT.GENERATOR_NAME or len(g.params) != 2:
                return None
            fn = singleton_instance(g.params[1]) if is_type(g.params[1]) else None
            if fn is None:
                return None
            args = [fn, g.params[0]]
        if name in ("reduce", "foldl", "accumulate") and len(args) == 2:
            op, coll, fn = args[0], args[1], None
        elif name == "mapreduce" and len(args) == 3:
            fn, op, coll = args
        elif name in ("sum", "maximum", "minimum", "any", "all") and len(args) == 2:
            fn, coll, op = args[0], args[1], None
        else:
            return None
        elt = _collection_eltype(widenconst(coll))
        if elt is None or not TT.isconcrete(elt):
            return None
        r = widenconst(self.call(fn, [elt], module).rt) if fn is not None else elt
        if r == BOTTOM or r == ANY:
            return None
        if name in ("any", "all"):
            v = in_result(r)
            return (Const(True) if name == "all" else v) if type(v) is Const else v
        if not TT.isconcrete(r):
            return None
        if name in ("maximum", "minimum"):
            return r if issubtype(r, TT.REAL) else None
        if name == "sum":
            if r in _SMALL_SIGNED or r == TT.BOOL:
                return TT.INT64
            if r in _SMALL_UNSIGNED:
                return TT.UINT64
            op = self.value_of(S.Name(("Base", "+")), ("Base",))
        s = widenconst(self.call(op, [r, r], module).rt)
        if s != r:
            return None
        return TT.vector(r) if name == "accumulate" else r

    def _keyword_call(self, args, module) -> CallResult | None:
        """A keyword call without a declaration of `Core.kwcall` for it
        (reached directly or through `Core.kwfunc(f)`, the prelude's).
        boot.jl 1.10: `function kwcall end`, whose methods lowering writes,
        one keyword sorter per keyword
        method: `kwcall(kws::NamedTuple, ::typeof(f), x)` runs f's keyword body
        (Julia's inference has no rule of its own for it: generic dispatch).
        irc never sees that body, so the call is typed by f's positional
        declaration only when the input file declares f itself (the user's
        statement of what f returns; docs/decisions.md), widened (the keyword
        values may change the value); otherwise it is `Any` with a note naming
        the `Core.kwcall` declaration to add.  None: not a keyword call irc
        reads (the builtin table answers)."""
        if len(args) < 2 or any(type(a) is VarargType for a in args):
            return None
        kws = unwrap_unionall(widenconst(args[0]))
        if type(kws) is not DataType or kws.name is not TT.NAMEDTUPLE_NAME:
            return None
        f = args[1]
        if type(f) is Const and type(f.val) is FunctionValue:
            _, ms = self._methods_of(f.val)
            if ms and all(m.own for m in ms):
                r = self.call(f, list(args[2:]), module)
                if not r.gap:
                    return CallResult(widenconst(r.rt), None, r.diagnostics, r.dynamic, generic=True)
        note = notes.unknown_keyword_call(FunctionValue(("Core",), "kwcall"), args)
        return CallResult(ANY, None, (note,), gap=True, generic=True)

    def _invoke(self, args) -> CallResult:
        """`Core.invoke(f, types, args…)` (Julia's `abstract_invoke`): `types`
        must be an exact tuple type (else `Any`; `Union{}` when it is no
        tuple type), `f` a function with declarations; the method `types`
        names answers (`dispatch.invoke_method`); `Any` when none covers
        `types` or `f` is not a known function."""
        if len(args) < 2 or any(type(a) is VarargType for a in args):
            return CallResult(ANY)
        types, exact = TI.instanceof(args[1])
        if not exact:
            return CallResult(ANY)
        u = unwrap_unionall(types)
        if types == BOTTOM or type(u) is not DataType or u.name is not TT.TUPLE_NAME:
            return CallResult(BOTTOM)
        f = args[0]
        if type(f) is not Const or type(f.val) is not FunctionValue:
            return CallResult(ANY)
        fv, ms = self._methods_of(f.val)
        if ms is None:
            return CallResult(ANY, None, (notes.unknown_callee(fv, args[2:]),), gap=True)
        rt = invoke_method(ms, types, args[2:], self._eval_result, self._fold)
        if rt is None:
            return CallResult(ANY)
        return CallResult(rt)

    def _split_call(self, fv: FunctionValue, combos, module) -> CallResult:
        """A call split over the unions of its arguments (`split_args`), each
        combination typed on its own (`call`) and the results merged with
        `tmerge` in the split's order, as `abstract_call_gf_by_type` merges
        the matches of `find_matching_methods`' split: `x.f` of
        `x::Union{Nothing, A}` is `A`'s field type, `getfield(nothing, :f)`
        throwing.  The notes and flags of the combinations are kept, but a
        combination's `always-throws` only when every one throws (the call
        then does; JET reports a throwing split case no more than Julia
        types it)."""
        f = Const(fv)
        rt, diags, dynamic, gap = BOTTOM, [], False, False
        for combo in combos:
            r = self.call(f, combo, module)
            rt = tmerge(rt, r.rt)
            diags.extend(d for d in r.diagnostics if d not in diags)
            dynamic |= r.dynamic
            gap |= r.gap
        if rt != BOTTOM:
            diags = [d for d in diags if d.code != "always-throws"]
        return CallResult(rt, None, tuple(diags), dynamic, None, gap, generic=True)

    def _materialize(self, args):
        """`materialize(bc)` of a broadcast of `_broadcasted`'s form: over tuples
        `_materialize_tuple`; over arrays
        `Array{T, N}` where T is the call on the element types (Julia's
        `combine_eltypes`), when that is concrete; a non-concrete one is
        `Any`, as Julia infers it; None when `bc` is not of that form."""
        if len(args) != 1:
            return None
        bc = widenconst(args[0])
        if _tuple_style(bc):
            return self._materialize_const_tuple(args[0]) or self._materialize_tuple(bc)
        n = _array_style(bc)
        if n is None:
            return None
        t = self._bc_eltype(bc)
        if t is None:
            return None
        if not TT.isconcrete(t):
            return ANY
        if t == TT.BOOL and n > 0:  # `similar(::Broadcasted{DefaultArrayStyle{N}}, ::Type{Bool}, dims)` is a `BitArray`
            return DataType(TT.BITARRAY_NAME, (n,))
        return t if n == 0 else DataType(TT.ARRAY_NAME, (t, n))

    def _materialize_tuple(self, bc):
        """`materialize` of a `Broadcasted{Style{Tuple}, Nothing, F, Args}`
        (broadcast.jl 1.10: `copy(bc::Broadcasted{Style{Tuple}}) =
        ntuple(k -> _broadcast_getindex(bc, k), Val(N))`): an `N`-tuple whose every
        element is `f` called on what `_broadcast_getindex(arg, k)` reads at an
        index `k::Int` (`_tuple_bc_elements`); `NTuple{4, Any}` for `sum.(xs)` of
        `xs::Tuple{Bool, Int64, Vector{Bool}, Vector{Int64}}`, as Julia infers it
        (the element is the `tmerge` of the tuple's, `Union{Bool, Int64, Vector}`).
        None when a length is unknown or the lengths disagree."""
        r = self._tuple_bc_elements(bc)
        if r is None:
            return None
        n, elt = r
        return TT.tuple_type([elt] * n)

    def _materialize_const_tuple(self, bc):
        """`materialize` of a constant tuple broadcast (`(1, 2) .+ 3`): Julia
        concrete-evaluates the foldable `copy`, so the result is the constant tuple
        of `f` on the elements at each index, when every call folds
        (`Core.Const((4, 5))`); None otherwise (then `_materialize_tuple`)."""
        if type(bc) is not Const or type(bc.val) is not StructValue or len(bc.val.fields) != 4:
            return None
        f, targs = bc.val.fields[1], bc.val.fields[2]
        if type(targs) is not Const or type(targs.val) is not tuple:
            return None
        cols = []
        for a in targs.val:
            if type(a) is not Const or type(a.val) is not tuple and not issubtype(a.typ, TT.NUMBER):
                return None  # a nested broadcast or a non-scalar: left to `_materialize_tuple`
            cols.append(list(a.val) if type(a.val) is tuple else None)
        ns = {len(c) for c in cols if c is not None and len(c) != 1}
        if len(ns) > 1:
            return None
        n = ns.pop() if ns else 1
        out = []
        for k in range(n):
            elts = [a if c is None else c[0] if len(c) == 1 else c[k] for a, c in zip(targs.val, cols)]
            if not all(type(e) is Const for e in elts):
                return None
            r = self.call(f, elts, ("Main",)).rt
            if type(r) is not Const:
                return None
            out.append(r)
        return BI.tuple_tfunc(out)

    def _tuple_bc_elements(self, bc):
        """(N, the element type) of a tuple broadcast: N the common length of its
        tuple arguments (a length-1 tuple or a number broadcasts to any, broadcast.jl's
        `_bcs1`), the element `f` called on each argument's element at an unknown
        index (`_broadcast_getindex(A::Tuple, I) = A[I[1]]`: the `tmerge` of the
        element types; `A::Tuple{Any}`: its element; a number: itself; a nested
        tuple broadcast: its own element), widened.  None when irc cannot tell."""
        f, at = bc.params[2], bc.params[3]
        if not TT.is_tuple(at) or TT.is_vatuple(at):
            return None
        n = 1
        elts = []
        for a in at.params:
            if _tuple_style(a):
                r = self._tuple_bc_elements(a)
                if r is None:
                    return None
                k, e = r
            elif TT.is_tuple(a) and not TT.is_vatuple(a):
                k = len(a.params)
                e = a.params[0] if k == 1 else BI.getfield_tfunc(a, TT.INT64)
            elif TT.isconcrete(a) and issubtype(a, TT.NUMBER):
                k, e = 1, a
            else:
                return None
            if k != 1:
                if n not in (1, k):
                    return None  # Julia throws a DimensionMismatch
                n = k
            elts.append(e)
        fval = singleton_instance(f) if is_type(f) else None
        elt = widenconst(self.call(fval if fval is not None else f, elts, ("Main",)).rt)
        if elt == BOTTOM or TT.isType(elt):
            return None
        return n, elt

    def _bc_eltype(self, bc):
        """The element type of a broadcast of `_broadcasted`'s form: the call
        on its arguments' element types (an array's `T`, a number itself, a
        `RefValue{T}`'s `T`, a nested broadcast's own element type: Julia's `combine_eltypes`);
        None when an argument is of none of these forms."""
        f, at = bc.params[2], bc.params[3]
        if not TT.is_tuple(at) or TT.is_vatuple(at):
            return None
        elts = []
        for a in at.params:
            u = unwrap_unionall(a)
            if type(u) is DataType and (u.name is TT.ARRAY_NAME or u.name in _RANGE_NAMES):
                elts.append(u.params[0])  # an array's or a range's element type (`eltype`)
            elif type(u) is DataType and a is u and u.name is TT.REFVALUE_NAME:
                elts.append(u.params[0])  # `_broadcast_getindex(A::Ref, I) = A[]`; of a `Ref{Type{T}}`, `T`
            elif TT.isconcrete(a) and issubtype(a, TT.NUMBER):
                elts.append(a)
            elif _array_style(a) is not None:
                e = self._bc_eltype(a)
                if e is None or not TT.isconcrete(e):
                    return None
                elts.append(e)
            else:
                return None
        fval = singleton_instance(f) if is_type(f) else None
        return widenconst(self.call(fval if fval is not None else f, elts, ("Main",)).rt)

    def _property(self, name, args, ms):
        x = widenconst(args[0])
        m, s = args[0], args[1]
        if name == "getproperty" and type(m) is Const and type(m.val) is ModuleValue and type(s) is Const and type(s.val) is Sym:
            # `Base.getproperty(Base, :FastMath)` is the global `Base.FastMath`, as Julia 1.12 lowers it
            path = m.val.path
            return CallResult(self.value_of(S.Name(path + (s.val.name,)), path))
        if x == TT.MODULE or type(args[0]) is Const and type(args[0].val) is ModuleValue:
            return None
        # a declaration for the receiver's type wins over the default field access whenever it
        # may apply (Julia's `getproperty(x, f::Symbol) = getfield(x, f)` is only the fallback);
        # read on the arguments as given: a type object, a constant name, a non-Symbol name
        at = TT.tuple_type([widenconst(a) for a in args])
        for m in ms:
            body = unwrap_unionall(m.sig)
            if body.params and body.params[0] != TT.ANY and may_apply(at, m):
                return None
        if TT.isType(x) or type(x) is UnionAllType and TT.isType(unwrap_unionall(x)):
            # a type object's properties are its kind's fields (`getproperty(x::Type, f) = getfield(x, f)`)
            if name == "getproperty" and type(unwrap_unionall(x).params[0]) is TypeVar:
                # `Type{T} where T<:Function` (`typeof(x::Function)`): `_getfield_tfunc` finds no data
                # type in `T` (`isTypeDataType`), so `s` stays the abstract `Type`: `Any`
                return CallResult(ANY, generic=True)
            x = BI.typeof_tfunc(args[0])
            x = x.val if type(x) is Const else TT.DATATYPE
            args = [x] + list(args[1:])
        u = unwrap_unionall(x)
        if type(u) is not DataType or u.name.abstract or u == TT.ANY:
            return None
        # `Base.getproperty` is a generic function (its result is widened when unused)
        if name == "getproperty":
            return replace(BI.getfield_call(args[0], args[1], tmerge_for(self.rules)), generic=True)
        r = BI.tf_setfield(args, self)
        return replace(r, generic=True) if isinstance(r, CallResult) else CallResult(r, generic=True)

    def _eval_result(self, m: Method, bindings: dict):
        if m.result is not None:
            return m.result
        env = {}
        unbound = []
        made = []  # variables `_variable_bindings` made for a static parameter bound to a `where` type
        for v in m.vars:
            b = bindings.get(v)
            if b is None or (type(b) is TypeVar and b.name == v.name and b.ub == v.ub and b.lb == v.lb):
                env[v.name] = v
                unbound.append(v)
            else:
                env[v.name] = b
                if type(b) is TypeVar:
                    made.append(b)
        try:
            r = self.eval_type_top(m.result_expr, env, m.func.module)
        except TypeEvalError:
            return ANY
        if made:
            r = rewrap_free(r, tuple(made))
        if type(r) is TypeVar:
            return r.ub if r.ub is not None else ANY
        if is_type(r) and unbound:
            from irc.lattice.types import has_typevar

            for v in reversed(unbound):
                if has_typevar(r, v):
                    r = UnionAllType(v, r)
        if is_type(r) and has_free_typevars(r):
            return ANY
        if not (is_type(r) or type(r) in (Const, PartialStruct)):
            return Const(r)
        return r

    def _fold(self, m: Method, args, rt):
        return fold_call(m.func.name, args, widenconst(rt))

    def _construct(self, T, args, module) -> CallResult:
        """A call of a type: a declared constructor, else an instance of T."""
        u = unwrap_unionall(T)
        folded = _oneto_const(T, u, args)
        if folded is not None:
            return CallResult(folded)
        if type(u) is DataType and (type(T) is UnionAllType or not u.params):
            # declared constructors belong to the bare type name (`Dict()`, `Ref(x)`)
            for q in (u.name.qualname, "Base." + u.name.name, "Core." + u.name.name):
                if q in self._pending:
                    self._force(q)
                ms = self.methods.get(q)
                if ms:
                    res = dispatch(ms, args, self._eval_result, self._fold, q in self.closed, self._dispatch_memo,
                                   tmerge_for(self.rules))
                    if not res.no_method:
                        return CallResult(res.rt, res.cond, (), res.dynamic,
                                          BI.CallInfo(q, tuple(ms), q in self.closed, res), generic=True)
                    break  # no declared constructor applies: the type's own (default) constructor
        ut = unwrap_unionall(T)
        if type(ut) is DataType and ut.params:
            # `Ref{Int64}(x)`, `VarName{:y}(lens)`: a declared constructor of the type's instances
            for q in (ut.name.qualname + "{}", "Base." + ut.name.name + "{}"):
                if q in self._pending:
                    self._force(q)
                ms = self.methods.get(q)
                if ms:
                    res = dispatch(ms, [Const(T)] + list(args), self._eval_result, self._fold, False,
                                   self._dispatch_memo, tmerge_for(self.rules))
                    if not res.no_method:
                        return CallResult(res.rt, None, (), res.dynamic, BI.CallInfo(q, tuple(ms), False, res),
                                          generic=True)
                    break
        if any(type(a) is VarargType for a in args):  # a splat of unknown length: the type, when that is exact
            return CallResult(T if type(T) is DataType and TT.isconcrete(T) else ANY)
        if type(u) is DataType and u.name is TT.NAMEDTUPLE_NAME and len(args) == 1 and u.params \
                and type(u.params[0]) is tuple:
            # NamedTuple{names}(t::Tuple) -> NamedTuple{names, typeof(t)}
            tt = widenconst(args[0])
            if TT.is_tuple(tt) and len(tt.params) == len(u.params[0]) and not TT.is_vatuple(tt):
                if type(T) is DataType and len(u.params) == 2:  # NamedTuple{names, T}(args::T)
                    return CallResult(_splatnew(T, args[0]) if issubtype(tt, u.params[1]) else T)
                if not TT.isconcrete(tt):
                    # `typeof(args)` is `Type{<:tt}` (typeof_tfunc), so apply_type_tfunc gives
                    # `NamedTuple{names, <:tt}`, and the constructor that type: Julia prints
                    # `NamedTuple{(:a, :b), <:Tuple{Any, Any}}` (a held-out JuliaBUGS paste)
                    s1 = TypeVar("#s1", None, tt)
                    return CallResult(UnionAllType(s1, DataType(TT.NAMEDTUPLE_NAME, (u.params[0], s1))))
                return CallResult(_splatnew(DataType(TT.NAMEDTUPLE_NAME, (u.params[0], tt)), args[0]))
            return CallResult(T)
        if T == TT.TUPLE_ANY and len(args) == 1:
            return CallResult(self._totuple(args[0], module))
        if type(T) is DataType:
            if T.name.primitive_bits and len(args) == 1:
                a = args[0]
                if type(a) is Const and type(a.val) in (int, float, bool):
                    c = convert_number(a, T)  # Union{} when Julia throws InexactError (Int8(300))
                    if c is not None:
                        return CallResult(c)
                if type(a) is Const and type(a.val) is IrrationalValue and T == TT.FLOAT64:
                    # irrationals.jl `@irrational`: `Float64(::Irrational{:π}) = 3.141592653589793`, a constant
                    return CallResult(Const(a.val.value))
                if not _dispatch_leaf(widenconst(a)):
                    # `Float64(x::Any)`, `Int64(x::Real)`: a number type's constructors that may apply
                    # are more than `max_methods` (3), so Julia's `abstract_call_gf_by_type` answers
                    # `Any` (a Julia 1.12 `Dates.tons`, h847); one argument type picks one method
                    return CallResult(ANY)
                return CallResult(T)
            if TT.isconcrete(T):
                return CallResult(self._default_new(T, args))
            return CallResult(T if not T.name.abstract else ANY)
        if type(T) is UnionAllType and type(u) is DataType and not u.name.abstract:
            fts = ST.field_types(u)
            if len(fts) == len(args):
                sig = rewrap_unionall(TT.tuple_type(list(fts)), T)
                b = match_static_parameters(TT.tuple_type([widenconst(a) for a in args]), sig)
                if b is not None:
                    # a parameter matched to a type that is no leaf (a field `f::F` given a closure
                    # of a parametric type `var"#1#2"` with `_A` free) stays a variable below it, as
                    # for a declared method's static parameter (`dispatch.variable_bindings`): Julia
                    # prints `Generator{UnitRange{Int64}, F} where F<:var"#122#123"`; one given
                    # `Any` is a fresh `_A` (`Generator{_A, var"#9#10"{Int64}} where _A`)
                    b = variable_bindings(b)
                    ps = []
                    v = T
                    while type(v) is UnionAllType:
                        if v.var not in b:
                            return CallResult(T)
                        ps.append(b[v.var])
                        v = v.body
                    made = tuple(p for p in ps if type(p) is TypeVar)
                    try:
                        Tc = ST.apply_type(T, ps)
                    except TypeError:
                        return CallResult(T)
                    if made:
                        return CallResult(rewrap_free(Tc, made))
                    return CallResult(self._default_new(Tc, args) if type(Tc) is DataType else Tc)
            return CallResult(T)
        return CallResult(ANY)

    def _totuple(self, x, module):
        """`Tuple(itr)` (tuple.jl 1.10): `(::Type{T})(itr) where {T<:Tuple} = _totuple(T, itr)`;
        a tuple is itself (`(::Type{T})(x::Tuple) = x isa T ? x : convert(T, x)`), a number
        `(x,)` (`_totuple(::Type{Tuple}, x::Number)`), any other iterable
        `(collect(Iterators.rest(itr))...,)`: `Tuple{Vararg{E}}`, `E` the merge of the elements
        the iteration protocol gives (`precise_container_type`), a `Generator` of `identity`
        iterating its iterator's elements (`iterate(g::Generator)` is `(g.f(y[1]), y[2])`)."""
        w = widenconst(x)
        if w == BOTTOM:
            return BOTTOM
        if type(w) is UnionType:  # one union argument is split (`find_matching_methods`: cost 2)
            r = BOTTOM
            for m in sort_union_members(w.members):
                r = tmerge(r, self._totuple(m, module))
            return r
        if issubtype(w, TT.TUPLE_ANY):
            return x
        if issubtype(w, TT.NUMBER):
            return BI.tuple_tfunc([x])
        identity = FuncType(FunctionValue(("Base",), "identity"))
        while type(w) is DataType and w.name is TT.GENERATOR_NAME and w.params[1] == identity:
            w = w.params[0]
        itf = Const(FunctionValue(("Base",), "iterate"))
        e = BOTTOM
        for t in precise_container_type(itf, w, self, module):  # `collect`: the type's elements, not the constant's
            e = tmerge(e, widenconst(t.T if type(t) is VarargType else t))
        return TT.tuple_type([VarargType(e)]) if e != BOTTOM else TT.TUPLE_ANY

    def _default_new(self, T, args):
        """A call of the default constructor of a declared struct `T`
        (concrete): `T(args…) = new(convert(fieldtype(T, i), args[i])…)`, typed
        as Julia 1.10 does: the call is `:foldable` for an immutable struct, so
        all-constant arguments are evaluated (`concrete_eval_call`) and partly
        constant ones const-propagated (`semi_concrete_eval_call`,
        `const_prop_call`) through the `%new`, whose typing is `new`
        (`abstract_eval_statement_expr`, `:new`).  Each argument is converted
        to its field type first: one that is already a subtype is kept as is
        (`convert(::Type{T}, x::T) = x`), a number constant is converted
        (`convert_number`: `Union{}` when Julia throws `InexactError`), a
        non-constant number becomes the field's number type; any other
        argument (a conversion irc does not know) leaves the type `T`."""
        if not T.name.declared or T.name.mutable or T.name.opaque:
            return T  # (a struct declared with `...`: its constructor's arguments are not known)
        fts = ST.field_types(T)
        if len(fts) != len(args):
            return T
        conv = []
        for a, ft in zip(args, fts):
            w = widenconst(a)
            if issubtype(w, ft):
                conv.append(a)
                continue
            if type(ft) is not DataType or not ft.name.primitive_bits or not issubtype(ft, TT.NUMBER) \
                    or not issubtype(w, TT.NUMBER):
                return T
            c = convert_number(a, ft) if type(a) is Const else None
            if c == BOTTOM:
                return BOTTOM
            conv.append(c if c is not None else ft)
        return self.new(Const(T), conv)

    def new(self, tt, args):
        """`%new(T, args…)` (Julia's abstract_eval_new)."""
        if type(tt) is Const and is_type(tt.val):
            T = tt.val
        else:
            w = widenconst(tt)
            u = unwrap_unionall(w)
            if TT.isType(w):
                T = w.params[0]
            elif type(w) is UnionAllType and TT.isType(u) and is_type(u.params[0]):
                # `Type{var"#1#2"{_A}} where _A` (`apply_type` of a non-constant parameter):
                # `instanceof_tfunc` gives `var"#1#2"{_A} where _A`, not concrete, so the instance is of it
                T = rewrap_unionall(u.params[0], w)
            else:
                return ANY
        if type(T) is not DataType or not TT.isconcrete(T):
            return T if is_type(T) and not has_free_typevars(T) else ANY
        if T.name.mutable or T.name.opaque or T.name is TT.TUPLE_NAME:
            return T  # (an opaque type's fields are not all known: which argument is which field is not)
        return new_struct(T, args)


def _names_namedtuple(func) -> bool:
    """Is `func` written as the `NamedTuple` type (`NamedTuple`, `NamedTuple{…}`, `@NamedTuple{…}`)?"""
    if type(func) is S.Curly:
        func = func.head
    return type(func) is S.Name and func.parts[-1] in ("NamedTuple", AT_NAMEDTUPLE)


def _splatnew(t, at):
    """`$(Expr(:splatnew, t, at))` of a named tuple type `t` (concrete,
    immutable) on the tuple `at` (Julia 1.10's `abstract_eval_statement_expr`,
    `:splatnew`): a constant tuple whose elements are instances of the field
    types is the `Const` of the instance, a `PartialStruct` tuple of as many
    fields, each ⊑ its field type, the `PartialStruct` of `t` over those
    fields; anything else is `t`.  `NamedTuple{names}(args::Tuple)` is that
    `splatnew` with `t = NamedTuple{names, typeof(args)}` (boot.jl)."""
    fts = ST.field_types(t)
    if type(at) is Const and type(at.val) is tuple and len(at.val) == len(fts) \
            and all(issubtype(widenconst(v), ft) for v, ft in zip(at.val, fts)):
        return Const(StructValue(t, at.val), t)
    if type(at) is PartialStruct and fts and len(at.fields) == len(fts) \
            and type(at.fields[-1]) is not VarargType and all(issubtype(widenconst(f), ft) for f, ft in zip(at.fields, fts)):
        return PartialStruct(t, tuple(at.fields))
    return t


def _shape(node):
    """A syntax node without its positions (two declarations written alike compare equal)."""
    if isinstance(node, (list, tuple)):
        return tuple(_shape(x) for x in node)
    slots = getattr(type(node), "__slots__", None)
    if slots is None or not hasattr(node, "__dataclass_fields__"):
        return node
    return (type(node).__name__,) + tuple(_shape(getattr(node, f)) for f in node.__dataclass_fields__
                                          if f not in ("line", "col"))


class _PendingBound:
    __slots__ = ("ub",)

    def __init__(self, ub):
        self.ub = ub


_MISSING = object()


class _Probing:
    """Records every key looked up with `in` in `seen` (a mixin of `_Probed`, `_ProbedSet`)."""

    __slots__ = ()

    def __init__(self, items, seen: set):
        super().__init__(items)
        self.seen = seen

    def __contains__(self, k):
        self.seen.add(k)
        return super().__contains__(k)


class _Probed(_Probing, dict):
    """A dict that records every key looked up in it (`in`, `[]`, `get`) in `seen`."""

    __slots__ = ("seen",)

    def __getitem__(self, k):
        self.seen.add(k)
        return dict.__getitem__(self, k)

    def get(self, k, default=None):
        self.seen.add(k)
        return dict.get(self, k, default)


class _ProbedSet(_Probing, set):
    """A set that records every element looked up in it (`in`) in `seen`."""

    __slots__ = ("seen",)


@dataclass(frozen=True)
class _PreludeSnapshot:
    """The shipped prelude's build without a program (`_prelude_snapshot`): the world's
    tables after its types and values (`types`, `consts`, `globals`, `modules`, the memo
    `typed_memo`), its function names in order (`names`), its methods and `@complete`
    domains per function, the modules its methods add and the memo they leave (`memo`);
    `probes`: every qualified name looked up in those tables meanwhile.  Never mutated
    (`World._build_on` copies what it changes)."""

    types: dict
    consts: dict
    globals: dict
    modules: frozenset
    typed_memo: dict
    names: dict
    methods: dict
    domains: dict
    method_modules: frozenset
    memo: dict
    probes: frozenset


@lru_cache(maxsize=4)
def _prelude_snapshot(text: str, path: str, rules: JuliaVersion) -> _PreludeSnapshot | None:
    """The build of prelude `text` alone under `rules`, step by step as `World.build` makes it
    (a pure function of its arguments, computed once per process and version), or None when
    that build errs, warns, calls or meets a name it cannot resolve (then nothing is shared)."""
    w = World()
    w.rules = rules
    seen: set = set()
    w.types, w.consts, w.globals = _Probed(w.types, seen), _Probed(w.consts, seen), _Probed(w.globals, seen)
    w.methods, w.modules = _Probed(w.methods, seen), _ProbedSet(w.modules, seen)
    its = _parse_prelude(text, path)
    w._declare_groups([(path, its, False)])
    typed = (dict.copy(w.types), dict.copy(w.consts), dict.copy(w.globals), frozenset(w.modules), dict(w._memo))
    for q in w._function_names([(path, its, False)], ()):
        w.methods.setdefault(q, [])
    names = dict.fromkeys(dict.keys(w.methods))
    w._memo.clear()
    w._declare_methods(its)
    if w.errors or w._notes or w.unknown_types or w._dispatch_memo or w._pending \
            or any(type(k) is not tuple or k[0] != "resolve" for k in w._memo):
        return None
    return _PreludeSnapshot(*typed, names, {q: tuple(ms) for q, ms in dict.items(w.methods)},
                            {q: tuple(sigs) for q, sigs in w.domains.items()}, frozenset(w.modules) - typed[3],
                            dict(w._memo), frozenset(seen))


def _generic(r: CallResult) -> CallResult:
    """`r` marked as the result of a generic call (a type's constructor)."""
    return r if r.generic else replace(r, generic=True)


# functions `_call_function` types by their constant arguments (see `World._widened_key`)
_CONST_READERS = frozenset({"getproperty", "setproperty!", ":", "vect", "indexed_iterate", "broadcasted",
                            "materialize", "map", "pairs", "haskey", "structdiff"})


def _callee_key(callee):
    if callee is None:
        return None
    if type(callee) is S.Name:
        return callee.parts
    return id(type(callee))


_FLOAT_RANK = {"Float16": 1, "Float32": 2, "Float64": 3}


def promote_numeric(ts):
    """Julia's `promote_type` over Bool, the integer and the float types of the
    table (None when some type is not one of them)."""
    ts = list(ts)
    if not ts:
        return None
    if all(t == ts[0] for t in ts):
        return ts[0]
    floats = [t for t in ts if type(t) is DataType and t.name.name in _FLOAT_RANK and t.name.module == ("Core",)]
    ints = [t for t in ts if type(t) is DataType and t.name.primitive_bits and issubtype(t, TT.INTEGER)]
    if len(floats) + len(ints) != len(ts):
        return None
    if floats:
        return max(floats, key=lambda t: _FLOAT_RANK[t.name.name])
    nonbool = [t for t in ints if t != TT.BOOL]
    if not nonbool:
        return TT.BOOL
    signed = [t for t in nonbool if issubtype(t, TT.SIGNED)]
    unsigned = [t for t in nonbool if issubtype(t, TT.UNSIGNED)]
    width = max(t.name.primitive_bits for t in nonbool)
    if unsigned and (not signed or max(t.name.primitive_bits for t in unsigned) >= max(
            t.name.primitive_bits for t in signed)):
        return {8: TT.UINT8, 16: TT.UINT16, 32: TT.UINT32, 64: TT.UINT64, 128: TT.UINT128}[width]
    width = max(width, 64) if len(set(nonbool)) > 1 else width
    return {8: TT.INT8, 16: TT.INT16, 32: TT.INT32, 64: TT.INT64, 128: TT.INT128}[width]


def _vect_promote(rt, args):
    """`[a, b, …]` is `Base.vect(a, b, …)` (array.jl 1.10): `vect(X::T...) where T` makes a `Vector{T}` of
    arguments of one type, `vect(X...)` one of `promote_typeof(X...)`.  The `T` of arguments of one type
    that is no leaf (`Real`, a `where` type) has no one value (a `Vararg`'s variable is diagonal:
    `match_static_parameters`): `rt`, dispatch's `Vector{T} where T<:Real` (a `where` type's variables
    are free in the bound, so `Vector{_A} where _A`)."""
    if not args:
        return rt
    ts = [widenconst(a) for a in args]
    if all(t == ts[0] for t in ts):
        if not is_leaf_bound(ts[0]) and type(unwrap_unionall(rt)) is DataType:
            return rt
        return TT.vector(ts[0])
    p = promote_numeric(ts)
    return TT.vector(p if p is not None else TT.ANY)


def _generic_two(m) -> bool:
    """A declaration of two arguments of type `Any` (a function's generic method)."""
    ps = unwrap_unionall(m.sig).params
    return len(ps) == 2 and all(p == TT.ANY for p in ps)


def in_result(v):
    """The result of operators.jl's `in(x, itr)` loop given the type `v` of `y == x`: `Bool` when `v`
    is a `Bool` (`ismissing(v)` is false, so `anymissing` stays `false`: `true` or `false`); `Const(false)`
    when `y == x` never returns (only the empty collection's `false`); else `Union{Missing, Bool}`
    (`missing` when one was seen, `true`, `false`; a non-Bool `v` in `elseif v` throws)."""
    w = widenconst(v)
    if w == BOTTOM:
        return Const(False)
    if issubtype(w, TT.BOOL):
        return TT.BOOL
    return ST.union(TT.MISSING, TT.BOOL)


def _cat_promote(name, rt, args):
    """`vcat`/`hcat` of numbers and vectors (abstractarray.jl 1.10: `vcat(X::Number...)` fills a
    `Vector{promote_typeof(X...)}`, `vcat(A::Union{AbstractArray,Number}...) = cat(A...; dims=Val(1))`,
    `_cat(dims, X...) = _cat_t(dims, promote_eltypeof(X...), X...)`; `hcat` the same into a `Matrix`):
    the element type is `promote_type` of each number's type and each vector's element type.  `rt`
    (the declaration's `Vector`/`Matrix`) when an argument is neither or the promotion is not one
    irc computes (`promote_numeric`)."""
    if not args or any(type(a) is VarargType for a in args):
        return rt
    elts = []
    for a in args:
        t = widenconst(a)
        if type(t) is DataType and t.name is TT.ARRAY_NAME and t.params[1] == 1:
            elts.append(t.params[0])
        elif type(t) is DataType and TT.isconcrete(t) and issubtype(t, TT.NUMBER):
            elts.append(t)
        else:
            return rt
    e = promote_numeric(elts)
    if e is None:
        return rt
    return TT.vector(e) if name == "vcat" else TT.matrix(e)


def _indexed_iterate_constprop(rt, args):
    """`Base.indexed_iterate(t, i[, state])` on a tuple (a `Vararg` one too),
    a pair or an array with a constant index: Julia's constant propagation
    through the `@inline` methods `(getfield(t, i), i + 1)` (tuple.jl, pair.jl)
    and `(a[i], i + 1)` (tuple.jl, `a::Array`) gives
    `Core.PartialStruct(Tuple{T_i, Int64}, Any[T_i, Core.Const(i + 1)])`:
    the state stays a constant, so the next `indexed_iterate` of a
    destructuring is const-propagated too.  An array's element is the
    declaration's (`a[i]` is `T` of `Array{T, N}`)."""
    t, i = args[0], args[1]
    if type(i) is not Const or type(i.val) is not int or isinstance(i.val, bool):
        return rt
    w = widenconst(t)
    u = unwrap_unionall(w)
    if type(u) is not DataType or has_free_typevars(w):
        return rt
    if u.name is TT.ARRAY_NAME:
        r = widenconst(rt)
        if type(w) is not DataType or not TT.is_tuple(r) or TT.is_vatuple(r) or len(r.params) != 2:
            return rt
        return BI.tuple_tfunc([r.params[0], Const(i.val + 1)])
    if not (TT.is_tuple(u) or u.name is TT.PAIR_NAME):
        return rt
    elem = BI.getfield_tfunc(t, i)
    if elem == BOTTOM:
        return BOTTOM
    return BI.tuple_tfunc([elem, Const(i.val + 1)])


def _is_tuple_or_namedtuple(w) -> bool:
    u = unwrap_unionall(w)
    return issubtype(w, TT.TUPLE_ANY) or type(u) is DataType and u.name is TT.NAMEDTUPLE_NAME


def _tuple_getindex(rt, args, merge=None):
    """`Base.getindex(t::Tuple, i::Int) = getfield(t, i, $(Expr(:boundscheck)))`
    (tuple.jl): Julia infers the call on `t`'s own type (`@nospecialize` does
    not limit inference) and const-propagates a constant index, so the result
    is `getfield_tfunc(t, i)`: the element's type for a constant index
    (`Union{}` out of bounds), the `tmerge` of the element types for an
    `Int64` one (`merge`: the rules version's `tmerge`).  `rt` when `t` is not a tuple or `i`
    not an `Int64`."""
    merge = merge or tmerge_for(None)
    t, i = args
    w = widenconst(t)
    if w == BOTTOM or has_free_typevars(w):
        return rt
    wi = widenconst(i)
    if wi == TT.INT64 and issubtype(w, TT.TUPLE_ANY):
        return BI.getfield_tfunc(t, i, merge)
    # namedtuple.jl: `getindex(t::NamedTuple, i::Int) = getfield(t, i)`, `getindex(t::NamedTuple, i::Symbol) =
    # getfield(t, i)`: `nt[:a]` is the field's type, `nt[i]` the tmerge of the field types
    u = unwrap_unionall(w)
    if (wi == TT.INT64 or wi == TT.SYMBOL) and type(u) is DataType and u is w and u.name is TT.NAMEDTUPLE_NAME:
        return BI.getfield_tfunc(t, i, merge)
    return rt


def _names_consteval(name, args):
    """The keyword-call checks Julia evaluates on constants (a keyword method's lowering):
    `keys(nt::NamedTuple{names}) where {names} = names` (namedtuple.jl) is `Core.Const(names)`
    for any named tuple of known names; `diff_names(an, bn)` (namedtuple.jl, foldable) of two
    constant tuples of Symbols the names of `an` not in `bn`; `isempty(t::Tuple) = t === ()`
    (tuple.jl) of a tuple of known length `Core.Const(n == 0)`.  None otherwise."""
    if name == "keys" and len(args) == 1:
        w = widenconst(args[0])
        if type(w) is DataType and w.name is TT.NAMEDTUPLE_NAME and w.params and type(w.params[0]) is tuple:
            return _symbol_tuple(w.params[0])
        return None
    if name == "diff_names" and len(args) == 2:
        a, b = (_symbols_of(x) for x in args)
        if a is not None and b is not None:
            return _symbol_tuple(tuple(e for e in a if e not in b))
        return None
    if name == "isempty" and len(args) == 1:
        w = widenconst(args[0])
        if w != BOTTOM and issubtype(w, TT.TUPLE_ANY):
            n = TI.nfields_tfunc(args[0])
            if type(n) is Const:
                return Const(n.val == 0)
        if type(w) is DataType and w.name.module == ("Base",) and w.name.name == "Pairs" and len(w.params) == 4 \
                and is_type(w.params[2]) and issubtype(w.params[2], TT.TUPLE_ANY):
            # abstractdict.jl `isempty(t::AbstractDict) = length(t) == 0`, iterators.jl `length(v::Pairs) =
            # length(getfield(v, :itr))`: a named tuple's keys, a tuple of known length
            n = TI.nfields_tfunc(w.params[2])
            if type(n) is Const:
                return Const(n.val == 0)
        return None
    if name == "haskey" and len(args) == 2:
        # namedtuple.jl `haskey(nt::NamedTuple, key::Union{Integer, Symbol}) = isdefined(nt, key)`
        names, k = _namedtuple_names(widenconst(args[0])), args[1]
        if names is None or type(k) is not Const:
            return None
        if type(k.val) is Sym:
            return Const(k.val in names)
        if type(k.val) is int and type(k.val) is not bool:
            return Const(1 <= k.val <= len(names))
        return None
    if name == "structdiff" and len(args) == 2:
        return _structdiff(widenconst(args[0]), args[1])
    return None


def _typejoin_consteval(name, args):
    """Base's rules over `typejoin` (`irc.lattice.typejoin`), total functions Julia evaluates on the
    types: `eltype` of a tuple type or instance (tuple.jl `eltype(::Type{T}) where T<:Tuple =
    _compute_eltype(T)`, `eltype(x) = eltype(typeof(x))`) and of a named tuple (namedtuple.jl `nteltype`:
    its tuple's), `Core.Const` of the element type; `collect` of a tuple instance a `Vector` of it
    (array.jl `_collect(…, ::HasEltype, ::HasLength) = copyto!(_array_for(eltype(itr), …), itr)`);
    `promote_typejoin(A, B)` and `promote_typejoin_union(T)` of constant types (promotion.jl; a tuple
    or `UnionAll` member of the union aside).  None otherwise."""
    if name in ("eltype", "collect") and len(args) == 1:
        a = args[0]
        w = widenconst(a)
        if name == "eltype" and type(a) is Const and is_type(a.val):
            t = a.val
        elif name == "eltype" and TT.isType(w):
            t = w.params[0]
        else:
            t = w
        t = unwrap_unionall(t) if type(t) is UnionAllType else t
        if type(t) is DataType and t.name is TT.NAMEDTUPLE_NAME and len(t.params) == 2 and TT.is_tuple(t.params[1]):
            t = t.params[1]
        if type(t) is not DataType or not TT.is_tuple(t) or has_free_typevars(t):
            return None
        e = tuple_eltype(t)
        if e is None:
            return None
        if name == "collect":
            return DataType(TT.ARRAY_NAME, (e, 1)) if type(a) is not Const or not is_type(a.val) else None
        return Const(e)
    if name == "promote_typejoin" and len(args) == 2 and all(type(x) is Const and is_type(x.val) for x in args):
        return Const(promote_typejoin(args[0].val, args[1].val))
    if name == "promote_typejoin_union" and len(args) == 1 and type(args[0]) is Const and is_type(args[0].val):
        r = _promote_typejoin_union(args[0].val)
        return Const(r) if r is not None else None
    return None


def _promote_typejoin_union(t):
    """promotion.jl `promote_typejoin_union(::Type{T})`: `Union{}` of `Union{}`, `Any` of a `UnionAll`,
    a union's members joined by `promote_typejoin`, a data type itself; None for a tuple type
    (`typejoin_union_tuple`, not modelled)."""
    if t is BOTTOM:
        return BOTTOM
    if type(t) is UnionAllType:
        return ANY
    if type(t) is UnionType:
        ms = union_members(t)
        r = _promote_typejoin_union(ms[-1])
        for m in reversed(ms[:-1]):
            e = _promote_typejoin_union(m)
            if r is None or e is None:
                return None
            r = promote_typejoin(e, r)
        return r
    if type(t) is DataType and TT.is_tuple(t):
        return None
    return t


def _namedtuple_names(t):
    """The names of a `NamedTuple{names, T}` type (a tuple of Symbols), else None."""
    if type(t) is DataType and t.name is TT.NAMEDTUPLE_NAME and t.params and type(t.params[0]) is tuple \
            and all(type(n) is Sym for n in t.params[0]):
        return t.params[0]
    return None


def _structdiff(a, b):
    """namedtuple.jl `structdiff(a::NamedTuple{an}, b::Union{NamedTuple{bn}, Type{NamedTuple{bn}}})`
    (the keyword sorter's rest: `@generated`, `diff_names(an, bn)`): the fields of `a` whose names `b`
    lacks, with `a`'s field types, or the constant `(;)` (`NamedTuple()`) when none is left.  None when
    either's names are unknown."""
    an = _namedtuple_names(a)
    bt = b.val if type(b) is Const and is_type(b.val) else widenconst(b)
    bn = _namedtuple_names(unwrap_unionall(bt)) if is_type(bt) else None
    if an is None or bn is None or not TT.is_tuple(a.params[1]) or TT.is_vatuple(a.params[1]):
        return None
    keep = [i for i, n in enumerate(an) if n not in bn]
    if not keep:
        empty = DataType(TT.NAMEDTUPLE_NAME, ((), TT.tuple_type([])))
        return Const(StructValue(empty, ()), empty)
    return DataType(TT.NAMEDTUPLE_NAME, (tuple(an[i] for i in keep), TT.tuple_type([a.params[1].params[i] for i in keep])))


def _symbols_of(x):
    """The Symbols of a constant tuple of Symbols (its elements as values or as constants), else None."""
    if type(x) is not Const or type(x.val) is not tuple:
        return None
    out = tuple(e.val if type(e) is Const else e for e in x.val)
    return out if all(type(e) is Sym for e in out) else None


def _symbol_tuple(names):
    """`Core.Const((:a, :b))`, built by `tuple_tfunc` as any constant tuple."""
    return BI.tuple_tfunc([Const(n) if type(n) is Sym else n for n in names])


def _tuple_length(rt, t):
    """`length(@nospecialize t::Tuple) = nfields(t)` (tuple.jl): the method's inferred
    result is `nfields_tfunc`'s, `Core.Const(n)` for a tuple of a fixed length `n`; `rt`
    (a declaration's `Int64`, which the constant refines) for any other argument."""
    w = widenconst(t)
    if w == BOTTOM or not issubtype(w, TT.TUPLE_ANY):
        return rt
    n = TI.nfields_tfunc(t)
    return n if type(n) is Const else rt


def _int_range(v):
    """(T, first, last, step, empty) of a constant integer `UnitRange`, `OneTo` or
    `StepRange` (Julia's `first`, `last`, `step`, `isempty` for them), else None."""
    if type(v) is not StructValue or type(v.typ) is not DataType:
        return None
    tn, fs = v.typ.name, v.fields
    if not all(type(f) is Const and type(f.val) is int and not isinstance(f.val, bool) for f in fs):
        return None
    T = v.typ.params[0]
    if tn is TT.UNITRANGE_NAME and len(fs) == 2:
        a, b = fs[0].val, fs[1].val
        return T, a, b, 1, a > b
    if tn is TT.ONETO_NAME and len(fs) == 1:
        return T, 1, fs[0].val, 1, fs[0].val < 1
    if tn is TT.STEPRANGE_NAME and len(fs) == 3 and v.typ.params[1] == T:
        a, st, b = (f.val for f in fs)
        return T, a, b, st, (a != b) and ((st > 0) != (b > a))
    return None


def _range_iterate_consteval(rt, args):
    """`Base.iterate` of a constant number (number.jl's `iterate(x::Number) = (x, nothing)`:
    `Core.Const((x, nothing))`) or of a constant integer range, all arguments constant: Julia
    concrete-evaluates it (`concrete_eval_eligible`: the methods are foldable),
    range.jl's `iterate(r::OrdinalRange) = isempty(r) ? nothing : (first(r), first(r))`
    and `iterate(r::OrdinalRange{T}, i) = i == last(r) ? nothing : (next, next)` with
    `next = convert(T, i + step(r))`.  A non-constant state is left to the
    declaration (`Union{Nothing, Tuple{T, T}}`), as Julia's inference leaves it."""
    if not all(type(a) is Const for a in args):
        return rt
    if len(args) == 1 and issubtype(widenconst(args[0]), TT.NUMBER):
        return BI.tuple_tfunc([args[0], Const(None)])  # number.jl: `iterate(x::Number) = (x, nothing)`
    r = _int_range(args[0].val)
    if r is None:
        return rt
    T, first, last, step, empty = r
    if len(args) == 1:
        if empty:
            return Const(None)
        c = BI.make_const(first, T)
        return BI.tuple_tfunc([c, c])
    i = args[1]
    if type(i.val) is not int or isinstance(i.val, bool) or widenconst(i) != T:
        return rt
    if i.val == last:
        return Const(None)
    c = BI.make_const(i.val + step, T)
    return BI.tuple_tfunc([c, c])


def _add_sum_widened(t):
    """reduce.jl 1.10 (64-bit): `reduce_first(::typeof(add_sum), x::SmallSigned) = Int(x)`
    (`Int8`, `Int16`, `Int32`), `SmallUnsigned` to `UInt`; any other type is itself."""
    if t in (TT.INT8, TT.INT16, TT.INT32):
        return TT.INT64
    if t in (TT.UINT8, TT.UINT16, TT.UINT32):
        return TT.UINT64
    return t


def _broadcasted(args):
    """`Base.broadcasted(f, xs…)` (broadcast.jl 1.10: `broadcasted(f, args…) =
    broadcasted(combine_styles(args…), f, args…)`, then `Broadcasted(style, f,
    args)`) on arrays, ranges, numbers, tuples and nested broadcasts:
    `Broadcasted{S, Nothing, typeof(f), Tuple{xs…}}` with S the combined style
    (`_combine_styles`); every argument a constant gives the constant
    `Broadcasted(f, (xs…,))` (Julia concrete-evaluates the foldable call:
    `broadcasted(identity, 1:3)` is `Core.Const(Broadcasted(identity, (1:3,)))`).
    None for other arguments."""
    if len(args) < 2:
        return None
    f = widenconst(args[0])
    if not TT.isconcrete(f) and type(f) is not FuncType:
        return None
    styles = []
    params = []
    wrapped = False
    for a in args[1:]:
        t = widenconst(a)
        r = _broadcastable(t)
        if r is not t:
            t, wrapped = r, True
        st = _arg_style(t, f)
        if st is None:
            return None
        styles.append(st)
        params.append(t)
    style = _combine_styles(styles)
    tup = TT.tuple_type(params)
    if not is_leaf_bound(tup):
        # `Broadcasted{Style}(f::F, args::Args, …) where {…, Args<:Tuple}` (broadcast.jl): `Args` seen only
        # covariantly, matched to a tuple that is no leaf (`Tuple{Int64, Vector}`), is a variable below it
        # (subtype.c `is_leaf_bound`, 27.2.AN); Julia 1.11 prints it in place, `Broadcasted{…, <:Tuple{Int64,
        # Vector}}` (h684), as show.jl prints a variable of a generated name used once
        v = TypeVar("#s1", None, tup)
        return UnionAllType(v, DataType(TT.BROADCASTED_NAME, (style, TT.NOTHING, f, v)))
    bt = DataType(TT.BROADCASTED_NAME, (style, TT.NOTHING, f, tup))
    if not wrapped and all(type(a) is Const for a in args):
        inst = singleton_instance(style)
        if inst is not None:
            return Const(StructValue(bt, (inst, args[0], BI.tuple_tfunc(list(args[1:])), Const(None))), bt)
    return bt


_REF_WRAPPED = ("Symbol", "String", "SubString", "Nothing", "Missing", "Val", "Pair", "UndefInitializer")


def _broadcastable(t):
    """broadcast.jl 1.10's `broadcastable(x)`, which `broadcasted(f, args…)` maps over
    its arguments: `broadcastable(::Type{T}) = Ref{Type{T}}(T)` (a `RefValue{Type{T}}`),
    `broadcastable(x::Union{Symbol, AbstractString, Function, Nothing, Missing, Val,
    Pair, …}) = Ref(x)` (a `RefValue{typeof(x)}`), and an array, number, character,
    `Ref`, tuple or broadcast itself (`t`, the same object).  Any other argument is
    `t` too (irc leaves it to `_arg_style`)."""
    if TT.isType(t) and not has_free_typevars(t.params[0]):
        return DataType(TT.REFVALUE_NAME, (t,))
    if type(t) is FuncType or type(t) is DataType and TT.isconcrete(t) and (
            t.name.name in _REF_WRAPPED and t.name.module in (("Core",), ("Base",)) or issubtype(t, TT.FUNCTION)):
        return DataType(TT.REFVALUE_NAME, (t,))
    return t


def _arg_style(t, f):
    """Julia's `BroadcastStyle(typeof(x))` of a broadcast argument: N for
    `DefaultArrayStyle{N}` (an `Array{T, N}`, a range: 1, a number: 0, a nested
    array broadcast: its own), `TUPLE_STYLE` for a tuple (`Style{Tuple}`) or a
    nested tuple broadcast; None for an argument irc has no style for."""
    u = unwrap_unionall(t)
    if type(u) is DataType and u.name is TT.ARRAY_NAME and type(u.params[1]) is int:
        return u.params[1]  # `Vector` too: `BroadcastStyle(::Type{<:Array{T, N}})` reads N alone
    if _array_style(t) is not None:  # a nested broadcast (`max.(1 .+ 3, 5)`): its own style
        return _array_style(t)
    if _tuple_style(t):
        return TT.TUPLE_STYLE
    if type(u) is DataType and t is u and u.name in _RANGE_NAMES and type(f) is FuncType \
            and f.func.name not in _RANGE_BROADCAST_OPS:
        # a range is an AbstractVector: DefaultArrayStyle{1} (`identity.(1:3)`); the operators
        # broadcast.jl gives range methods (`broadcasted(::DefaultArrayStyle{1}, ::typeof(+), r)`)
        # return ranges, left to the declarations
        return 1
    if type(u) is DataType and t is u and u.name is TT.TUPLE_NAME:
        return TT.TUPLE_STYLE
    if TT.isconcrete(t) and issubtype(t, TT.NUMBER):
        return 0
    if type(u) is DataType and t is u and u.name is TT.REFVALUE_NAME:
        return 0  # refpointer.jl `ndims(::Type{<:Ref}) = 0`: `BroadcastStyle(::Type{T}) = DefaultArrayStyle{ndims(T)}()`
    return None


def _combine_styles(styles):
    """broadcast.jl's `result_style` over the arguments' styles:
    `BroadcastStyle(::AbstractArrayStyle{0}, b::Style{Tuple}) = b`,
    `BroadcastStyle(a::AbstractArrayStyle, ::Style{Tuple}) = a`, two
    `DefaultArrayStyle`s the larger N."""
    ns = [s for s in styles if type(s) is int]
    if len(ns) < len(styles) and not any(ns):
        return TT.TUPLE_STYLE
    return DataType(TT.DEFAULTARRAYSTYLE_NAME, (max(ns),))


def _tuple_style(t) -> bool:
    """Is `t` a `Broadcasted{Style{Tuple}, Nothing, F, Args}` (a broadcast over tuples)?"""
    return type(t) is DataType and t.name is TT.BROADCASTED_NAME and len(t.params) == 4 \
        and t.params[0] == TT.TUPLE_STYLE and t.params[1] == TT.NOTHING


_RANGE_NAMES = frozenset({TT.UNITRANGE_NAME, TT.ONETO_NAME, TT.STEPRANGE_NAME})
_REDUCERS = frozenset({"sum", "maximum", "minimum", "any", "all", "reduce", "foldl", "mapreduce", "accumulate"})
_SMALL_SIGNED = frozenset({TT.INT8, TT.INT16, TT.INT32})
_SMALL_UNSIGNED = frozenset({TT.UINT8, TT.UINT16, TT.UINT32})


def _collection_eltype(t):
    """The element type of an array, a range (`UnitRange{T}`, `StepRange{T, S}`, `Base.OneTo{T}`) or a `Set{T}`;
    None for another collection."""
    if type(t) is not DataType or not t.params:
        return None
    if t.name is TT.ARRAY_NAME or t.name in _RANGE_NAMES or (t.name.name == "Set" and t.name.module == ("Base",)):
        return t.params[0] if is_type(t.params[0]) else None
    return None
_RANGE_BROADCAST_OPS = frozenset({"+", "-", "*", "/", "\\", "big"})  # broadcast.jl 1.10, DefaultArrayStyle{1} methods


def _array_style(t):
    """N of a `Broadcasted{DefaultArrayStyle{N}, Nothing, F, Args}` (Julia's
    `BroadcastStyle(::Type{<:Broadcasted{S}}) = S()`), else None."""
    if type(t) is not DataType or t.name is not TT.BROADCASTED_NAME or len(t.params) != 4:
        return None
    style, axes = t.params[0], t.params[1]
    if type(style) is not DataType or style.name is not TT.DEFAULTARRAYSTYLE_NAME or axes != TT.NOTHING \
            or type(style.params[0]) is not int:
        return None
    return style.params[0]


def _dispatch_leaf(t) -> bool:
    """Does dispatch on an argument of type `t` pick one method per case: `t` concrete or
    `Union{}`, or a union of at most `max_union_splitting` (4) concrete members, split
    (`find_matching_methods`)?  An abstract type or `Any` may match every method."""
    if t == BOTTOM or TT.isconcrete(t):
        return True
    return type(t) is UnionType and len(t.members) <= 4 and all(TT.isconcrete(m) for m in t.members)


def _closed_functions(methods) -> tuple[frozenset, frozenset]:
    """(closed, open_no_method): the functions whose every method the file declares itself and that are
    not Base's or Core's (docs/semantics.md §10: their declarations are all irc merges over), and among
    them those that are not Main's -- a package's function a file declares (often `irc stubs` output,
    for the argument types one paste showed) may have methods it does not show, so no applicable
    declaration is `Any` there, never `Union{}` (h404, h611: a keyword body stubbed with Julia 1.4's
    `Pairs{Union{}, …}` spelling)."""
    closed = frozenset(q for q, ms in methods.items()
                       if ms and all(m.own for m in ms) and q.split(".", 1)[0] not in ("Base", "Core"))
    return closed, frozenset(q for q in closed if q.split(".", 1)[0] != "Main")


def _oneto_const(T, u, args):
    """`Base.OneTo(n)` / `Base.OneTo{T}(n)` of a constant bit integer n (not a Bool): the constant
    `OneTo(max(zero(T), n))` that Julia's concrete evaluation gives (range.jl 1.10: `OneTo(stop::T) =
    OneTo{T}(stop)`, whose inner constructor is `new(max(zero(T), stop))`); of a Bool, `Union{}` (the
    inner constructor's `T === Bool && throwbool(stop)`); None otherwise."""
    if type(u) is not DataType or u.name is not TT.ONETO_NAME or len(args) != 1:
        return None
    if widenconst(args[0]) == TT.BOOL and (type(T) is UnionAllType or not u.params or u.params[0] == TT.BOOL):
        return BOTTOM  # `T === Bool && throwbool(stop)`: an ArgumentError, whatever the Bool
    if type(args[0]) is not Const:
        return None
    n, t = args[0].val, widenconst(args[0])
    if type(n) is not int or t == TT.BOOL or type(t) is not DataType or not t.name.primitive_bits \
            or not (issubtype(t, TT.SIGNED) or issubtype(t, TT.UNSIGNED)):
        return None
    if type(T) is not UnionAllType and u.params and u.params[0] != t:
        return None  # `OneTo{Int32}(1)` converts: left to the declarations
    w = DataType(TT.ONETO_NAME, (t,))
    return Const(StructValue(w, (BI.make_const(max(0, n), t),)), w)


def _colon_constprop(rt, args):
    """`a:b` on integers: Julia's constant propagation through `UnitRange(a, b)`
    keeps a constant start (and folds two constants)."""
    w = widenconst(rt)
    if type(w) is not DataType or w.name is not TT.UNITRANGE_NAME:
        return rt
    a, b = args
    T = w.params[0]
    if type(a) is Const and widenconst(a) == T and type(a.val) is int:
        if type(b) is Const and widenconst(b) == T and type(b.val) is int:
            stop = b.val if b.val >= a.val else BI.wrap_int(a.val - 1, T)
            return Const(StructValue(w, (a, BI.make_const(stop, T))), w)
        return PartialStruct(w, (a, T))
    return rt


def _is_bool_lit(e) -> bool:
    return type(e) is S.Lit and type(e.value) is bool
