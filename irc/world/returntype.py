"""`Core.Compiler.return_type(f, Tuple{A…})` (and `return_type(Tuple{typeof(f), A…})`):
the type inference gives the call `f(::A…)`, as a constant where it is exact.

Julia's `return_type_tfunc` (base/compiler/tfuncs.jl v1.10.0; the same in 1.11 and 1.12's
Compiler/src/tfuncs.jl), with `abstract_call` replaced by irc's own typing of the call
(`World.call`, the machinery a plain call uses):

- the last argument must be a constant tuple type (`Const(T)` or `Type{T}` without free
  variables, `T <: Tuple` a DataType), else the answer is `Type` (Julia's UNKNOWN);
- the callee is the first argument (three-argument form) or the tuple's first element, and
  must be a constant, a `Type{T}` without free variables, or a concrete type that is no
  builtin and no kind, else `Type`;
- a `Union{}` argument type: `Const(Union{})`;
- the call's result `rt`: a constant gives `Const(typeof(rt.val))`; `Union{}` or a concrete
  non-kind type `Const(rt)`; otherwise, arguments known exactly (a constant tuple type)
  `Const(rt)`, a `Type{…}` `Type{rt}`, else `Type{<:rt}`.

Unknown is not impossible: where irc could not type the inner call (an unknown callee or
method: its `gap`), the answer is Julia's UNKNOWN `Type` -- never `Const(Any)`, which would
claim Julia inferred `Any` -- with the inner call's notes, so the user learns what to declare.
Pure: reads the world through `World.call`.
"""
from __future__ import annotations

from typing import Any

from irc.lattice import typetable as TT
from irc.lattice.typelattice import Conditional, Const, singleton_instance, typeof_value, widenconst
from irc.lattice.types import BOTTOM, DataType, UnionAllType, VarargType, has_free_typevars, is_type
from irc.lattice.subtype import issubtype
from irc.world.tfuncs import CallResult
from irc.world.typetfuncs import TYPE, isconst_type, type_leq

RETURN_TYPE = (("Core", "Compiler"), "return_type")  # the function `Base._return_type` names


def is_return_type(fv: Any) -> bool:
    return (tuple(fv.module), fv.name) == RETURN_TYPE


def _widen_slot(x):
    return TT.BOOL if type(x) is Conditional else x


def inner_call(args: list):
    """`(tt, callee, argument types)` of the call `return_type(args…)` asks about, or None where
    `return_type_tfunc` answers UNKNOWN before making it."""
    if not (1 <= len(args) <= 2) or any(type(a) is VarargType for a in args):
        return None
    tt = _widen_slot(args[-1])
    if type(tt) is Const and is_type(tt.val):
        af_argtype = tt.val
    elif TT.isType(tt) and not has_free_typevars(tt):
        af_argtype = tt.params[0]
    else:
        return None
    if type(af_argtype) is not DataType or not issubtype(af_argtype, TT.TUPLE_ANY):
        return None
    if len(args) == 2:
        aft = _widen_slot(args[0])
        argtypes = [aft, *af_argtype.params]
    else:
        argtypes = list(af_argtype.params) or [BOTTOM]
        aft = argtypes[0]
        if is_type(aft) and TT.isconcrete(aft):
            aft = _instance(aft)
    if not (type(aft) is Const or (TT.isType(aft) and not has_free_typevars(aft))
            or (is_type(aft) and TT.isconcrete(aft) and not issubtype(aft, TT.BUILTIN) and not TT.iskind(aft))):
        return None
    return tt, aft, argtypes[1:]


def return_type_call(world: Any, args: list, module) -> CallResult:
    """`return_type_tfunc` on the call's arguments (the function itself not among them)."""
    got = inner_call(args)
    if got is None:
        return CallResult(TYPE)
    tt, aft, argtypes = got
    if aft == BOTTOM or any(a == BOTTOM for a in argtypes):
        return CallResult(Const(BOTTOM))
    call = world.call(aft, argtypes, module)
    if call.gap or (call.rt == TT.ANY and not call.generic):
        # irc could not type the call (a gap, or a callable object it has no method for): not
        # Julia's `Any`, which would be `Const(Any)`
        return CallResult(TYPE, diagnostics=call.diagnostics, gap=True)
    rt = _widen_slot(call.rt)
    if type(rt) is Const:
        return CallResult(Const(typeof_value(rt.val) if is_type(rt.val) else rt.typ))
    rt = widenconst(rt)
    if rt == BOTTOM or (TT.isconcrete(rt) and not TT.iskind(rt)):
        return CallResult(Const(rt))
    if type(tt) is Const or isconst_type(tt):
        return CallResult(Const(rt))
    if TT.isType(rt):
        return CallResult(TT.type_of_type(rt))
    return CallResult(type_leq(rt))


def _instance(t):
    """The callee a concrete tuple element stands for: a singleton's value (`typeof(sin)`), else
    the type itself (an instance of it, `World._call` dispatches on its widened type)."""
    inst = singleton_instance(t)
    return inst if inst is not None else t


def printed_result(julia):
    """The inner call's result a printed answer of `return_type` states: `Core.Const(T)` and
    `Type{T}` say `T`, `Type{<:T}` says at most `T`; None for anything else."""
    if type(julia) is Const and is_type(julia.val):
        return julia.val
    if TT.isType(julia) and not has_free_typevars(julia):
        return julia.params[0]
    if type(julia) is UnionAllType and TT.isType(julia.body) and julia.body.params[0] is julia.var:
        return julia.var.ub if julia.var.ub is not None else TT.ANY
    return None
