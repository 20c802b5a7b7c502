"""Constant folding of Julia's float intrinsics as the runtime computes them.

Julia 1.10's `builtin_tfunction` folds a pure intrinsic on constant
arguments by calling it (`Const(f(argvals...))`; a call that throws falls
back to the intrinsic's type).  The intrinsic is LLVM's / the C runtime's
IEEE-754 operation, which differs from Python's `math` module in four ways
this module covers:

- exceptions: Python raises where IEEE-754 gives a value (`math.sqrt(-1.0)`
  raises, `sqrt_llvm(-1.0)` is `NaN`; `struct.pack` refuses a Float32
  overflow, `fptrunc` gives `Inf32`);
- signed zero: `math.floor`/`ceil`/`trunc`/`round` return Python ints, so
  `ceil(-0.5)` loses the sign: LLVM's is `-0.0`;
- rounding: a value rounded once to a narrower format (`fma`, `sitofp` of a
  wide integer into Float32/Float16) must not be rounded through Float64
  first (double rounding); `round_exact` rounds an exact rational once;
- results Julia leaves undefined (`fptosi` of a value out of range, `NaN`
  or `Inf`) are not folded: the caller keeps the type.

All functions are pure, on Python floats (a Float32/Float16 value is the
Python float of the same value) and ints.
"""
from __future__ import annotations

import math
import struct
from fractions import Fraction

from irc.lattice import typetable as TT

# (precision in bits incl. the hidden bit, minimum normal exponent, maximum exponent)
_FORMATS = {16: (11, -14, 15), 32: (24, -126, 127), 64: (53, -1022, 1023)}


def float_format(t):
    """(precision, emin, emax) of Float16/32/64 `t`, or None."""
    if t == TT.FLOAT64:
        return _FORMATS[64]
    if t == TT.FLOAT32:
        return _FORMATS[32]
    if t == TT.FLOAT16:
        return _FORMATS[16]
    return None


def round_exact(q: Fraction, fmt) -> float:
    """The exact rational `q` rounded once (nearest, ties to even) to the
    format `fmt` = (p, emin, emax), subnormals included; `±Inf` past the
    largest finite value; a zero result keeps no sign (the caller knows)."""
    if q == 0:
        return 0.0
    p, emin, emax = fmt
    neg = q < 0
    n, d = abs(q.numerator), q.denominator
    e = n.bit_length() - d.bit_length()  # 2^e <= n/d < 2^(e+2)
    if (n << max(0, -e)) < (d << max(0, e)):
        e -= 1
    ulp = max(e, emin) - (p - 1)
    num, den = (n, d << ulp) if ulp >= 0 else (n << -ulp, d)
    m, r = divmod(num, den)
    if 2 * r > den or (2 * r == den and m & 1):
        m += 1
    if m >= 1 << p:  # rounding carried into the next binade
        m >>= 1
        ulp += 1
    if ulp + p - 1 > emax:
        v = math.inf
    else:
        v = math.ldexp(m, ulp)
    return -v if neg else v


def llvm_sqrt(x: float) -> float:
    """`sqrt_llvm`: `NaN` below zero (Python raises), `-0.0` for `-0.0`."""
    if math.isnan(x) or x < 0:
        return math.nan
    return math.sqrt(x)


def _integral(fn):
    """An LLVM rounding intrinsic: `fn` on finite values, the sign of a zero
    result taken from the argument (`ceil(-0.5) = -0.0`), Inf/NaN as is."""
    def g(x: float) -> float:
        if not math.isfinite(x):
            return x
        return math.copysign(float(fn(x)), x)
    return g


llvm_floor = _integral(math.floor)
llvm_ceil = _integral(math.ceil)
llvm_trunc = _integral(math.trunc)
llvm_rint = _integral(round)  # Python's round is to nearest, ties to even, as rint


def fpiseq(x: float, y: float) -> bool:
    """`fpiseq`: both NaN, or the same bits (`-0.0` and `0.0` differ)."""
    if math.isnan(x) or math.isnan(y):
        return math.isnan(x) and math.isnan(y)
    return struct.pack("<d", x) == struct.pack("<d", y)


def fma(a: float, b: float, c: float, fmt) -> float:
    """`fma_float`: `a * b + c` rounded once to `fmt` (Float16 as the C
    runtime does it: `fmaf` in Float32, then rounded to Float16)."""
    if fmt == _FORMATS[16]:
        return round_float(fma(a, b, c, _FORMATS[32]), fmt)
    if not (math.isfinite(a) and math.isfinite(b) and math.isfinite(c)):
        return a * b + c  # an Inf or NaN operand: IEEE-754's Inf/NaN arithmetic, as Python's
    prod = Fraction(a) * Fraction(b)
    exact = prod + Fraction(c)
    if exact == 0:
        # an exact zero sum is +0.0 (round to nearest) except (-0.0) + (-0.0)
        prod_neg = math.copysign(1.0, a) * math.copysign(1.0, b) < 0
        both_neg_zero = prod == 0 and c == 0 and prod_neg and math.copysign(1.0, c) < 0
        return -0.0 if both_neg_zero else 0.0
    return round_exact(exact, fmt)


def muladd(a: float, b: float, c: float, fmt) -> float:
    """`muladd_float` as the C runtime computes it (`a * b + c`, no fused
    operation): the product rounded to `fmt`, then the sum (Float16 in
    Float32, then rounded to Float16)."""
    if fmt == _FORMATS[16]:
        return round_float(muladd(a, b, c, _FORMATS[32]), fmt)
    p = round_float(a * b, fmt)  # a product of two <= 53-bit significands in Float64 is
    return round_float(p + c, fmt)  # correctly rounded for the narrower formats too


def round_float(v: float, fmt) -> float:
    """A Float64 `v` rounded to `fmt` (once: `v` is already exact or the
    operation's correctly rounded Float64 result, enough for +, -, *, /, sqrt
    of narrower operands); overflow gives `±Inf`."""
    if fmt == _FORMATS[64] or not math.isfinite(v):
        return v
    r = round_exact(Fraction(v), fmt)
    return math.copysign(r, v) if r == 0 else r


def int_to_float(v: int, fmt) -> float:
    """`sitofp`/`uitofp`: the integer rounded once to `fmt`."""
    return round_exact(Fraction(v), fmt)


def float_to_int(v: float, bits: int, signed: bool):
    """`fptosi`/`fptoui`: the value truncated, or None when it is NaN, Inf or
    out of the target's range (LLVM gives poison; not folded)."""
    if not math.isfinite(v):
        return None
    n = math.trunc(v)
    lo, hi = (-(1 << (bits - 1)), 1 << (bits - 1)) if signed else (0, 1 << bits)
    return n if lo <= n < hi else None
