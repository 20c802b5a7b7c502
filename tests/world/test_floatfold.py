"""irc.world.floatfold and the float intrinsics that use it (issue 27, rule 27.18): Julia 1.10
folds a pure intrinsic by calling it (tfuncs.jl builtin_tfunction), so the answers are
src/runtime_intrinsics.c's IEEE-754 ones: NaN instead of Python's exceptions, signed zeros,
Inf on overflow, one rounding, and no fold where LLVM's answer is undefined."""
import math
import struct
from fractions import Fraction

import pytest

from irc.lattice import typetable as T
from irc.lattice.typelattice import Const, float32
from irc.lattice.typeprint import show
from irc.world import floatfold as FF
from irc.world.tfuncs import INTRINSICS

F64, F32, F16 = FF.float_format(T.FLOAT64), FF.float_format(T.FLOAT32), FF.float_format(T.FLOAT16)


def call(name, *args):
    return show(INTRINSICS[name](list(args), None))


def bits(x: float) -> bytes:
    return struct.pack("<d", x)


def test_sqrt_llvm_gives_nan_below_zero_and_fast_is_not_folded():
    assert math.isnan(FF.llvm_sqrt(-1.0)) and math.isnan(FF.llvm_sqrt(-math.inf))
    assert bits(FF.llvm_sqrt(-0.0)) == bits(-0.0) and FF.llvm_sqrt(2.25) == 1.5
    assert call("sqrt_llvm", Const(-1.0)) == "Core.Const(NaN)"
    assert call("sqrt_llvm", Const(-4.0, T.FLOAT32)) == "Core.Const(NaN32)"
    assert call("sqrt_llvm_fast", Const(4.0)) == "Float64"  # is_pure_intrinsic_infer excludes it
    assert call("sqrt_llvm_fast", Const(4.0, T.FLOAT32)) == "Float32"


@pytest.mark.parametrize("fn, x, want", [
    (FF.llvm_ceil, -0.5, -0.0), (FF.llvm_ceil, -0.0, -0.0), (FF.llvm_ceil, 0.5, 1.0),
    (FF.llvm_floor, -0.0, -0.0), (FF.llvm_floor, 0.25, 0.0), (FF.llvm_floor, -0.25, -1.0),
    (FF.llvm_trunc, -0.75, -0.0), (FF.llvm_trunc, 2.5, 2.0),
    (FF.llvm_rint, -0.5, -0.0), (FF.llvm_rint, 2.5, 2.0), (FF.llvm_rint, 3.5, 4.0), (FF.llvm_rint, -1.5, -2.0),
    (FF.llvm_floor, math.inf, math.inf), (FF.llvm_ceil, -math.inf, -math.inf),
])
def test_rounding_intrinsics_keep_the_sign_of_zero(fn, x, want):
    assert bits(fn(x)) == bits(want)


def test_rounding_intrinsics_nan_and_fold():
    assert math.isnan(FF.llvm_trunc(math.nan))
    assert call("ceil_llvm", Const(-0.5)) == "Core.Const(-0.0)"
    assert call("trunc_llvm", Const(-0.5, T.FLOAT32)) == "Core.Const(-0.0f0)"


def test_fpiseq_compares_bits():
    assert not FF.fpiseq(0.0, -0.0) and FF.fpiseq(math.nan, math.nan) and FF.fpiseq(1.5, 1.5)
    assert not FF.fpiseq(math.nan, 1.0)
    assert call("fpiseq", Const(0.0), Const(-0.0)) == "Core.Const(false)"
    assert call("fpiseq", Const(math.nan), Const(math.nan)) == "Core.Const(true)"


def test_fma_rounds_once_and_muladd_twice():
    assert FF.fma(0.1, 10.0, -1.0, F64) == 2.0 ** -54
    assert FF.muladd(0.1, 10.0, -1.0, F64) == 0.0
    assert bits(FF.fma(-0.0, 1.0, -0.0, F64)) == bits(-0.0)
    assert bits(FF.fma(1.0, 1.0, -1.0, F64)) == bits(0.0)
    assert FF.fma(math.inf, 2.0, 1.0, F64) == math.inf and math.isnan(FF.fma(math.inf, 0.0, 1.0, F64))
    # the product overflows Float64 but the fused result does not; muladd's does
    assert FF.fma(1.5e308, 2.0, -1.5e308, F64) == 1.5e308
    assert FF.muladd(1.5e308, 2.0, -1.5e308, F64) == math.inf
    assert FF.fma(1e308, 10.0, 0.0, F64) == math.inf
    # Float32: (1 + 2^-12)^2 - 1 = 2^-11 + 2^-24 exactly (14 bits: representable); muladd first
    # rounds the product 1 + 2^-11 + 2^-24 (a tie at 24 bits) to 1 + 2^-11
    a = 1.0 + 2.0 ** -12
    assert FF.fma(a, a, -1.0, F32) == 2.0 ** -11 + 2.0 ** -24
    assert FF.muladd(a, a, -1.0, F32) == 2.0 ** -11
    # Float16 as the C runtime computes it: in Float32, then rounded
    assert FF.fma(1.0 + 2.0 ** -10, 1.0 + 2.0 ** -10, -1.0, F16) == 2.0 ** -9
    assert call("fma_float", Const(0.1), Const(10.0), Const(-1.0)) == "Core.Const(5.551115123125783e-17)"
    assert call("muladd_float", Const(0.1), Const(10.0), Const(-1.0)) == "Core.Const(0.0)"
    assert call("fma_float", Const(0.1), Const(10.0), T.FLOAT64) == "Float64"


def test_round_exact_is_a_single_correct_rounding():
    # 2^60 + 2^36 + 1 into Float32: just above the half ulp (2^36), rounds up; through
    # Float64 it would first lose the +1 and then tie to even (down)
    n = 2 ** 60 + 2 ** 36 + 1
    assert FF.int_to_float(n, F32) == 2.0 ** 60 + 2.0 ** 37
    assert float32(float(n)) == 2.0 ** 60  # the double rounding it avoids
    assert FF.round_exact(Fraction(1, 3), F64) == 1 / 3
    assert FF.round_exact(Fraction(2 ** 24 + 1), F32) == 2.0 ** 24  # tie to even
    assert FF.round_exact(Fraction(2 ** 24 + 3), F32) == 2.0 ** 24 + 4
    assert FF.round_exact(Fraction(2 ** 128), F32) == math.inf
    assert FF.round_exact(Fraction(-(2 ** 16)), F16) == -math.inf  # 65536 > floatmax(Float16) = 65504
    assert FF.round_exact(Fraction(1, 2 ** 149), F32) == 2.0 ** -149  # the smallest subnormal
    assert FF.round_exact(Fraction(1, 2 ** 151), F32) == 0.0
    assert call("sitofp", Const(T.FLOAT32), Const(n, T.INT64)) == show(Const(2.0 ** 60 + 2.0 ** 37, T.FLOAT32))


def test_overflow_is_inf_not_an_exception():
    assert float32(1e300) == math.inf and float32(-1e300) == -math.inf
    assert call("add_float", Const(3.0e38, T.FLOAT32), Const(3.0e38, T.FLOAT32)) == "Core.Const(Inf32)"
    assert call("mul_float", Const(-1e300), Const(1e300)) == "Core.Const(-Inf)"
    assert call("fptrunc", Const(T.FLOAT32), Const(1e300)) == "Core.Const(Inf32)"


def test_float_to_int_out_of_range_is_not_folded():
    assert FF.float_to_int(-2.7, 64, True) == -2 and FF.float_to_int(255.9, 8, False) == 255
    assert FF.float_to_int(-1.0, 8, False) is None and FF.float_to_int(256.0, 8, False) is None
    assert FF.float_to_int(-0.5, 8, False) == 0
    assert FF.float_to_int(2.0 ** 63, 64, True) is None and FF.float_to_int(-(2.0 ** 63), 64, True) == -(2 ** 63)
    assert FF.float_to_int(math.nan, 64, True) is None and FF.float_to_int(math.inf, 32, False) is None
    assert call("fptosi", Const(T.INT64), Const(1e30)) == "Int64"
    assert call("fptoui", Const(T.UINT8), Const(-1.0)) == "UInt8"
    assert call("fptosi", Const(T.INT64), Const(-2.7)) == "Core.Const(-2)"
