"""The function's name, module and header slots (spec §1.3), for `irc.ir.build`.

1. **Name and module** from the header (`function Main.f(…)`, the
   `MethodInstance` signature, or Julia 1.6's `#self#::Core.Const(f)`; a
   bare `CodeInfo(`: `irc.ir.signature`).
2. **Header slots.**  Slot 1 is `#self#`, then the arguments (plain header
   params; `Arguments` entries; for 1.6 `Variables`, the leading entries the
   body never assigns), then the locals a `Locals`/`Variables` section
   lists, in its order.  `Slot.declared` is the argument type from the
   header / MethodInstance signature (else the `Arguments`/`Variables`
   type), `Slot.julia_type` the printed section type.  The body's other
   locals are numbered after these by the walk (`irc.ir.walk`) and the rule
   (`irc.ir.slottable.allocate`).

`HeaderSlots` holds these steps as methods of the builder (`_Builder`
inherits them): they fill `self.slots` and `self.by_name` and report
through `self.error`.  Invariant: slot ids are 1..n in order; a section entry
pinned to another id is an error, never a silent renumbering.
"""
from __future__ import annotations

from irc.ir import model as ir
from irc.syntax import tree as S


class HeaderSlots:
    """The header steps of `_Builder` (see the module doc)."""

    def _name_module(self) -> tuple[str, tuple[str, ...]]:
        fd = self.fd
        name = fd.name
        if fd.form == "codeinfo":
            parts = self.codeinfo[0]
            return parts[-1], (tuple(parts[:-1]) or ("Main",))
        if fd.form == "variables":
            first = fd.variables[0] if fd.variables else None
            name = _self_name(first.type) if first is not None else None
            if name is not None and not _is_self(first) and not _visibly_callable(first.type):
                name = None  # `x::Int64` first: not the slot of a callable object, a header without `#self#`
            if name is None:
                self.error("cannot tell the function's name: expected `#self#::Core.Const(f)` (or the type of a callable "
                           "object) first in `Variables`", fd.line, fd.col, "header")
                return "?", ("Main",)
        assert name is not None
        parts = name.parts
        if len(parts) == 1:
            return parts[0], ("Main",)
        return parts[-1], tuple(parts[:-1])

    def _add_slot(self, name: str, argument: bool, line: int, col: int, declared=None, julia_type=None) -> ir.Slot:
        sid = len(self.slots) + 1
        slot = ir.Slot(sid, name, argument, declared, julia_type, line, col)
        self.slots.append(slot)
        if not name.startswith("@_") and name not in self.by_name:
            self.by_name[name] = sid
        return slot

    def _entry_name(self, e: S.VarEntry) -> tuple[str, int | None]:
        """Printed name and pinned id of a section entry."""
        n = e.name
        if isinstance(n, S.SlotRef):
            if n.name is None:
                return f"@_{n.id}", n.id
            return n.name, n.id
        return n.parts[0], None

    def _header_slots(self, assigned: set) -> None:
        fd = self.fd
        if fd.form == "codeinfo":
            self._add_slot("#self#", True, fd.line, fd.col)
            for nm, pinned, typ, line, col in self.codeinfo[1]:
                sid = len(self.slots) + 1
                self._add_slot(nm if nm else f"@_{sid}", True, line, col, declared=typ)
            return
        if fd.form == "plain":
            self._add_slot("#self#", True, fd.line, fd.col)
            for p in fd.params:
                sid = len(self.slots) + 1
                slot = self._add_slot(p.name if p.name else f"@_{sid}", True, p.line, p.col,
                                      declared=self._vararg_type(p))
                # `xs::Int64...`, or `xs::Vararg{Int64, 2}` (the same method)
                slot.vararg = p.vararg or (type(p.type) is S.Curly and type(p.type.head) is S.Name
                                           and p.type.head.parts[-1] == "Vararg")
            return
        if fd.form == "warntype":
            entries = fd.arguments
            sig_types = [self._vararg_type(p) for p in fd.params]
            if not entries:
                self._add_slot("#self#", True, fd.line, fd.col)
                for k, p in enumerate(fd.params):
                    sid = len(self.slots) + 1
                    self._add_slot(p.name if p.name else f"@_{sid}", True, p.line, p.col, declared=sig_types[k])
            else:
                # a vararg method (`from g(x, ys...)`): its last slot is the tuple of the trailing
                # signature types (`g(::Int64, ::Float64, ::String)`: `ys::Tuple{Float64, String}`)
                va = len(entries) > 1 and _from_is_vararg(fd.from_text)
                nfixed = len(entries) - 2 if va else len(entries) - 1
                for k, e in enumerate(entries):
                    name, pinned = self._entry_name(e)
                    sid = len(self.slots) + 1
                    if pinned is not None and pinned != sid:
                        self.error(f"`Arguments` entry `{name}@_{pinned}` is slot {sid}", e.line, e.col, "slot")
                    declared = sig_types[k - 1] if 1 <= k <= len(sig_types) else (None if k == 0 else e.type)
                    if va and k == len(entries) - 1 and len(sig_types) >= nfixed:
                        rest = sig_types[nfixed:]
                        declared = S.Curly(S.Name(("Core", "Tuple")), list(rest), e.line, e.col) \
                            if all(r is not None for r in rest) else e.type
                    slot = self._add_slot(name if name else f"@_{sid}", True, e.line, e.col, declared=declared,
                                          julia_type=e.type)
                    slot.vararg = va and k == len(entries) - 1
                if len(entries) - 1 != len(sig_types) and sig_types and not (va and len(sig_types) >= nfixed):
                    self.error(
                        f"`Arguments` lists {len(entries) - 1} arguments but the MethodInstance signature has {len(sig_types)}",
                        entries[0].line, entries[0].col, "header")
            self.has_locals_section = bool(fd.locals) or True
            for e in fd.locals:
                self._local_entry(e)
            return
        # Julia 1.6 `Variables`
        self.has_locals_section = True
        in_args = True
        for k, e in enumerate(fd.variables):
            name, pinned = self._entry_name(e)
            key = pinned if pinned is not None else name
            if k > 0 and (key in assigned or name in assigned):
                in_args = False
            if k == 0:
                in_args = True
            if in_args:
                sid = len(self.slots) + 1
                if pinned is not None and pinned != sid:
                    self.error(f"`Variables` entry `{name}` is slot {sid}, not {pinned}", e.line, e.col, "slot")
                self._add_slot(name, True, e.line, e.col, declared=(e.type if k > 0 else None), julia_type=e.type)
            else:
                self._local_entry(e)

    @staticmethod
    def _vararg_type(p: S.ArgDecl):
        if p.type is None:
            return None
        if p.vararg:
            return S.Curly(S.Name(("Vararg",)), [p.type], p.type.line if hasattr(p.type, "line") else 0, 0)
        return p.type

    def _local_entry(self, e: S.VarEntry) -> None:
        name, pinned = self._entry_name(e)
        sid = len(self.slots) + 1
        if pinned is not None and pinned != sid:
            self.error(f"local `{e.name.name if isinstance(e.name, S.SlotRef) and e.name.name else name}` is listed as slot {sid}, not {pinned}", e.line, e.col, "slot")
        self._add_slot(name, False, e.line, e.col, julia_type=e.type)


_CONST_HEADS = (("Core", "Const"), ("Const",), ("Core", "Compiler", "Const"))


def _self_name(t) -> S.Name | None:
    """The function's name from the type Julia printed for slot 1 in
    `Variables`: `Core.Const(f)` / `Core.Compiler.Const(f, false)` -> f;
    `typeof(f)` -> f; `Core.Const(var"#1#2"())` (a closure instance, or one with
    captures: `Core.Compiler.Const(M.var"#deriv#31"{F}(f), false)`) and a
    callable object's type (`var"#double_it_pullback#8"`, `f.var"#g#27"`,
    `Dense{…}`) -> the type's name."""
    if isinstance(t, S.Call) and isinstance(t.func, S.Name) and t.func.parts in _CONST_HEADS and t.args:
        arg = t.args[0]
        if isinstance(arg, S.Name):
            return arg
        if isinstance(arg, S.SlotRef):
            return S.Name((f"{arg.name}@_{arg.id}" if arg.name else f"_{arg.id}",), arg.line, arg.col)
        if isinstance(arg, S.Call):  # `var"#1#2"()`; with its captures, `var"#deriv#31"{F}(f)`
            return _type_name(arg.func)
        return None
    if isinstance(t, S.Call) and isinstance(t.func, S.Name) and t.func.parts == ("typeof",) and len(t.args) == 1 and isinstance(t.args[0], S.Name):
        return t.args[0]
    return _type_name(t)


def _is_self(e: S.VarEntry) -> bool:
    return isinstance(e.name, S.Name) and e.name.parts == ("#self#",)


def _visibly_callable(t) -> bool:
    """Does a first `Variables` entry not named `#self#` carry the type of a
    callable object (slot 1 of `(a::Dense)(x)`)?  Only when the type shows
    it: parametric (`Dense{…}`), qualified, a closure's (`var"#3#4"`), or a
    function's constant; a plain `x::Int64` is an argument of a header
    missing its `#self#`."""
    if isinstance(t, S.Call):
        return True
    if isinstance(t, (S.Curly, S.Where)):
        return True
    return isinstance(t, S.Name) and (len(t.parts) > 1 or "#" in t.parts[-1])


def _type_name(t) -> S.Name | None:
    while isinstance(t, (S.Curly, S.Where)):
        t = t.head if isinstance(t, S.Curly) else t.body
    if isinstance(t, S.Name):
        return S.Name((t.parts[-1],), t.line, t.col)
    return None


def _from_is_vararg(from_text: str) -> bool:
    """Does the `from f(x, ys...) @ M file:line` line's method take a vararg
    last (`ys...`)?  Its argument list -- the last parenthesised group before a
    ` where …` or (Julia ≤ 1.8) ` in M at file` -- ends `...)`; a callable
    object's method (`(::Type{SA})(x...) where SA<:StaticArray`) has two groups.
    Keyword arguments after a `;` are not positional: `A(pp::A; kws...)` takes no vararg."""
    head = from_text.split(" @ ", 1)[0].strip()
    depth, close, semi = 0, -1, -1
    for i, c in enumerate(head):
        if c in "({[":
            depth += 1
            if depth == 1:
                semi = -1
        elif c in ")}]":
            depth -= 1
            if depth == 0 and c == ")":
                close = semi if semi > 0 else i
        elif c == ";" and depth == 1:
            semi = i
        elif depth == 0 and c == " " and head.startswith((" where ", " in "), i):
            break
    return close > 0 and head[:close].rstrip().endswith("...")

