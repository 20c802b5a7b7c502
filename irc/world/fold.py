"""Constant folding of `@foldable` declarations with Julia's semantics
(Julia 1.10's concrete evaluation, `concrete_eval_call`).

`fold_call(name, args, result_type)` computes the call on Python values and
answers one of three things:

- a `Const` -- the value Julia computes, coerced to the declaration's
  result type (integers wrap at their width, floats round to their width);
- `Union{}` -- Julia's evaluation throws, so the call never returns
  (`concrete_eval_call` catches the error and gives `Bottom`):
  `DivideError` (integer `div`/`rem`/`mod`/`fld`/`cld` by zero, `div`/`fld`/
  `cld` of `typemin` by `-1`), `DomainError` (an integer raised to a
  negative power other than for ±1; `sqrt`/`log`/… outside their domain; a
  negative float to a non-integer power; `sin`/`cos`/`tan` of an infinity),
  `InexactError` (`convert` or a constructor to an integer type of a value
  out of range or not integral);
- None -- irc cannot fold it (the declaration's type stands).

Python's own exceptions are never taken as Julia's: each throw above is an
explicit test, and IEEE results Python refuses (`exp(1000.0)`, `0.0^-1`,
`log(0.0)`) are computed as Julia gives them (`Inf`, `Inf`, `-Inf`).

Invariants: pure; only numeric and Bool constants are folded.
"""
from __future__ import annotations

import math
import operator

from irc.lattice import typetable as TT
from irc.lattice.subtype import issubtype
from irc.lattice.typelattice import Const
from irc.lattice.types import BOTTOM, DataType, is_type
from irc.world.tfuncs import _fdiv, _frem, _int_info, make_const


class _Throws(Exception):
    """Julia's evaluation throws (DivideError, DomainError, InexactError)."""


_NUM = (int, float, bool)


def _pyop(name):
    return {
        "+": operator.add, "-": operator.sub, "*": operator.mul,
        "<": operator.lt, "<=": operator.le, ">": operator.gt, ">=": operator.ge,
        "==": operator.eq, "!=": operator.ne, "&": operator.and_, "|": operator.or_, "xor": operator.xor,
        "⊻": operator.xor,
    }.get(name)


# ---------------------------------------------------------------- integer division (DivideError)


def _jdiv(a, b):  # truncation toward zero
    if b == 0:
        raise _Throws
    q = abs(a) // abs(b)
    return q if (a >= 0) == (b >= 0) else -q


def _jrem(a, b):
    return a - b * _jdiv(a, b)


def _jmod(a, b):
    if b == 0:
        raise _Throws
    return a % b  # Python's % takes the sign of the divisor, as Julia's mod


def _jfld(a, b):
    if b == 0:
        raise _Throws
    return a // b


def _jcld(a, b):
    if b == 0:
        raise _Throws
    return -((-a) // b)


_INT_DIV = {"div": _jdiv, "÷": _jdiv, "rem": _jrem, "%": _jrem, "mod": _jmod, "fld": _jfld, "cld": _jcld}
_OVERFLOW_THROWS = frozenset({"div", "÷", "fld", "cld"})  # typemin ÷ -1: the checked intrinsic throws


# ---------------------------------------------------------------- powers and float functions (DomainError)


def _jpow(a, b):
    if type(a) is int and type(b) is int:
        if b < 0:
            if a == 1:
                return 1
            if a == -1:
                return 1 if b % 2 == 0 else -1
            raise _Throws  # power_by_squaring: DomainError
        return pow(a, b, 1 << 128) if abs(a) > 1 else a ** b  # wraps at the type's width anyway
    x, y = float(a), float(b)
    if x < 0 and math.isfinite(y) and y != int(y):
        raise _Throws  # a complex result needs a complex argument
    odd = math.isfinite(y) and y == int(y) and int(y) % 2 == 1
    if x == 0 and y < 0:
        return math.copysign(math.inf, x) if odd else math.inf
    try:
        return math.pow(x, y)
    except OverflowError:
        return -math.inf if x < 0 and odd else math.inf


def _domain(lo=None, hi=None, lo_open=False):
    """A check raising `_Throws` outside [lo, hi] (NaN passes: NaN in, NaN out)."""
    def check(x):
        if math.isnan(x):
            return
        if lo is not None and (x < lo or (lo_open and x == lo)):
            raise _Throws
        if hi is not None and x > hi:
            raise _Throws
    return check


def _log(f, lo=0.0):
    chk = _domain(lo)

    def g(x):
        chk(x)
        if x == lo:
            return -math.inf
        if math.isinf(x) or math.isnan(x):
            return x
        return f(x)
    return g


def _finite_only(f):
    def g(x):
        if math.isinf(x):
            raise _Throws  # sin(Inf): DomainError
        return f(x) if not math.isnan(x) else x
    return g


def _overflowing(f, big=math.inf):
    def g(x):
        try:
            return f(x)
        except OverflowError:
            return big(x) if callable(big) else big
    return g


def _sqrt(x):
    if x < 0:
        raise _Throws  # sqrt(-1.0): DomainError (-0.0 is not below 0)
    return math.sqrt(x) if math.isfinite(x) else x


_MATH = {
    "sin": _finite_only(math.sin), "cos": _finite_only(math.cos), "tan": _finite_only(math.tan),
    "exp": _overflowing(math.exp), "exp2": _overflowing(lambda x: math.pow(2.0, x)),
    "expm1": _overflowing(math.expm1), "sinh": _overflowing(math.sinh, lambda x: math.copysign(math.inf, x)),
    "cosh": _overflowing(math.cosh),
    "log": _log(math.log), "log2": _log(math.log2), "log10": _log(math.log10),
    "log1p": _log(math.log1p, -1.0), "sqrt": _sqrt,
    "asin": lambda x: (_domain(-1.0, 1.0)(x), math.asin(x) if not math.isnan(x) else x)[1],
    "acos": lambda x: (_domain(-1.0, 1.0)(x), math.acos(x) if not math.isnan(x) else x)[1],
    "atan": math.atan, "tanh": math.tanh,
    "cbrt": lambda x: math.copysign(abs(x) ** (1 / 3), x) if math.isfinite(x) else x,
}


def _round_even(x):
    return float(round(x))


def _fminmax(name, x, y):
    """Julia's `min`/`max`: NaN wins, and -0.0 < 0.0."""
    if isinstance(x, float) or isinstance(y, float):
        x, y = float(x), float(y)
        if math.isnan(x) or math.isnan(y):
            return math.nan
        if x == y == 0:
            neg = math.copysign(1.0, x) < 0, math.copysign(1.0, y) < 0
            return (-0.0 if all(neg) else 0.0) if name == "max" else (-0.0 if any(neg) else 0.0)
    return max(x, y) if name == "max" else min(x, y)


def _isless(x, y) -> bool:
    """Julia's `isless`: NaN sorts last, -0.0 before 0.0."""
    if isinstance(x, float) or isinstance(y, float):
        x, y = float(x), float(y)
        if math.isnan(x) or math.isnan(y):
            return not math.isnan(x)
        if x == y:
            return math.copysign(1.0, x) < 0 <= math.copysign(1.0, y)
    return x < y


# ---------------------------------------------------------------- conversions (InexactError)


def convert_number(x: Const, t):
    """`convert(t, x)` / `t(x)` for a numeric constant and a primitive number
    type: the Const, `Union{}` when Julia throws `InexactError`, None when
    irc does not fold it."""
    v = x.val
    if type(v) not in _NUM or type(t) is not DataType or not t.name.primitive_bits:
        return None
    if issubtype(t, TT.ABSTRACTFLOAT):
        return make_const(float(v), t)
    if issubtype(t, TT.INTEGER):
        if isinstance(v, float):
            if not math.isfinite(v) or v != int(v):
                return BOTTOM
        v = int(v)
        info = _int_info(t)
        if info is None:
            return None
        bits, signed = info
        lo, hi = (-(1 << (bits - 1)), (1 << (bits - 1)) - 1) if signed else (0, (1 << bits) - 1)
        if t == TT.BOOL:
            lo, hi = 0, 1
        if not lo <= v <= hi:
            return BOTTOM
        return make_const(v, t)
    return None


def _int_fits(r: int, t) -> bool:
    info = _int_info(t) if type(t) is DataType else None
    if info is None:
        return True
    bits, signed = info
    lo, hi = (-(1 << (bits - 1)), (1 << (bits - 1)) - 1) if signed else (0, (1 << bits) - 1)
    return lo <= r <= hi


# ---------------------------------------------------------------- the fold


def fold_call(name: str, args: list, result_type):
    """See the module doc: a Const, `Union{}` (Julia throws) or None."""
    if name == "convert" and len(args) == 2 and all(type(a) is Const for a in args):
        if is_type(args[0].val):
            return convert_number(args[1], args[0].val)
        return None
    if not args or any(type(a) is not Const or type(a.val) not in _NUM for a in args):
        return None
    vals = [a.val for a in args]
    rt = result_type
    try:
        return _fold(name, vals, rt, args)
    except _Throws:
        return BOTTOM
    except (ZeroDivisionError, ValueError, OverflowError, TypeError):
        return None  # a Python limit, not a Julia throw: not folded


def _fold(name, vals, rt, args):
    if name in ("+", "-", "*"):
        if name == "-" and len(vals) == 1:
            return _coerce(-vals[0], rt, args)
        op = _pyop(name)
        r = vals[0]
        for v in vals[1:]:
            r = op(r, v)
        return _coerce(r, rt, args)
    if len(vals) == 2:
        x, y = vals
        if name in ("<", "<=", ">", ">=", "==", "!=", "≤", "≥", "≠"):
            op = _pyop({"≤": "<=", "≥": ">=", "≠": "!="}.get(name, name))
            return Const(bool(op(x, y)))
        if name in ("&", "|", "xor", "⊻") and all(type(v) in (int, bool) for v in vals):
            return _coerce(_pyop(name)(int(x), int(y)), rt, args)
        if name == "/":
            return _coerce(_fdiv(float(x), float(y)), rt, args)
        if name in _INT_DIV:
            if isinstance(x, float) or isinstance(y, float):
                if name in ("rem", "%"):
                    return _coerce(_frem(float(x), float(y)), rt, args)
                return None
            r = _INT_DIV[name](int(x), int(y))
            t = _result_int_type(rt, args)
            if name in _OVERFLOW_THROWS and not _int_fits(r, t):
                raise _Throws  # typemin ÷ -1
            return _coerce(r, rt, args)
        if name == "^":
            return _coerce(_jpow(x, y), rt, args)
        if name in ("max", "min"):
            return _coerce(_fminmax(name, x, y), rt, args)
        if name == "isless":
            return Const(_isless(x, y))
        return None
    if len(vals) == 1:
        x = vals[0]
        if name == "!" and type(x) is bool:
            return Const(not x)
        if name == "abs":
            return _coerce(abs(x), rt, args)
        if name in ("float", "Float64"):
            return _coerce(float(x), rt, args)
        if name == "inv":  # number.jl `inv(x::Number) = one(x)/x`: float division, `1/0` is `Inf`
            return _coerce(_fdiv(1.0, float(x)), rt, args)
        if name in ("zero", "one"):
            return _coerce(0 if name == "zero" else 1, rt, args)
        if name in ("isodd", "iseven") and type(x) is int:
            return Const((x % 2 == 1) == (name == "isodd"))
        if name in ("iszero", "isone"):
            return Const(x == (0 if name == "iszero" else 1))
        if name in ("isnan", "isinf", "isfinite"):
            fx = float(x)
            return Const({"isnan": math.isnan, "isinf": math.isinf, "isfinite": math.isfinite}[name](fx))
        if name == "sign":
            return _coerce((x > 0) - (x < 0), rt, args)
        if name in ("floor", "ceil", "round", "trunc") and isinstance(x, float):
            if not math.isfinite(x):
                return _coerce(x, rt, args)
            f = {"floor": math.floor, "ceil": math.ceil, "round": _round_even, "trunc": math.trunc}[name]
            return _coerce(float(f(x)), rt, args)
        if name in _MATH:
            return _coerce(_MATH[name](float(x)), rt, args)
    return None


def _result_int_type(rt, args):
    if type(rt) is DataType and rt.name.primitive_bits:
        return rt
    return args[0].typ


def _coerce(r, rt, args):
    t = rt
    if type(t) is not DataType or not t.name.primitive_bits:
        # result type unknown or abstract: use the promoted argument type
        ts = [a.typ for a in args]
        t = ts[0] if ts else TT.INT64
        if any(x == TT.FLOAT64 for x in ts) or isinstance(r, float):
            t = TT.FLOAT64
    if issubtype(t, TT.INTEGER) and isinstance(r, float):
        if not math.isfinite(r) or r != int(r):
            return None
        r = int(r)
    if t == TT.BOOL and type(r) is not bool:
        if r not in (0, 1):
            return None
    return make_const(r, t)
