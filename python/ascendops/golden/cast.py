"""NumPy golden for Cast: the Ascend conversion rules written out explicitly.

Never calls the package's kernels. The rules (docs/ops/cast.md and docs/twin.md):
- float -> integer: NaN -> 0, truncation toward zero, saturation at the INT32 range (the vector unit's
  conversion); INT64 destinations saturate at INT32 on ascend310p (32-bit result, then sign extension) and at INT64
  on ascend910b/_93 (a direct conversion);
- 8-bit integer destinations wrap mod 256 (not saturate); 16-bit destinations saturate;
- INT64 sources keep the low 32 bits (value mod 2^32, signed); BOOL from INT64 tests the whole value;
- INT64 -> float rounds half away from zero (the seed's CAST_ROUND) on ascend910b/_93, from the whole value (their
  direct int64 -> float conversion); ascend310p has no such instruction and converts the low 32 bits: to float16
  half away from zero, to float32 to nearest even (which agrees with CAST_ROUND for |x| <= 2^24);
- other integer -> float conversions round to nearest even (only INT32 and INT16 -> FLOAT16 and INT32 -> FLOAT
  can lose precision);
- -> BOOL is x != 0 (NaN is true); floats round to nearest even; BF16 inputs are BF16 values already;
- ascend310p runs in saturation mode (its only float overflow mode): a float16 result that overflows (or is Inf)
  becomes +-65504 and NaN becomes 0; ascend910b/_93 keep Inf and NaN. So on ascend310p a float16 NaN -> BOOL is
  False: the first half-precision vector step of ceil(min(|x|, 1)) already turns it into 0.
"""

from __future__ import annotations

import ml_dtypes
import numpy as np

BFLOAT16 = np.dtype(ml_dtypes.bfloat16)
_INT32 = np.iinfo(np.int32)
_INT16 = np.iinfo(np.int16)
_FLOATS = (np.dtype(np.float16), np.dtype(np.float32), BFLOAT16)


def _is_float(dtype: np.dtype) -> bool:
    return dtype in _FLOATS


def _float_to_int(v: np.ndarray, soc: str, dst: np.dtype) -> np.ndarray:
    """Truncate toward zero, NaN -> 0, saturate at the range the hardware's first integer step holds."""
    t = np.trunc(np.where(np.isnan(v), 0.0, v))
    if dst == np.int64 and soc != "ascend310p":
        inside = np.clip(t, -(2.0**63), 2.0**63 - 1024).astype(np.int64)  # the largest double below 2^63
        return np.where(t >= 2.0**63, np.iinfo(np.int64).max, inside)
    return np.clip(t, _INT32.min, _INT32.max).astype(np.int64)


def _low32(v: np.ndarray) -> np.ndarray:
    return ((v.astype(np.int64) & 0xFFFFFFFF) ^ 0x80000000) - 0x80000000


_PRECISION = {np.dtype(np.float32): 24, np.dtype(np.float16): 11}  # significand bits, the implicit one included


def round_int_to_float(v: np.ndarray, dst, mode: str) -> np.ndarray:
    """Integers to float32 / float16, exactly, from the top significant bits of |v|: mode "RINT" (ties to even),
    "ROUND" (ties away from zero) or "TRUNC"; beyond the format's largest finite value +-Inf (TRUNC: +-max)."""
    dst = np.dtype(dst)
    shape = np.shape(v)
    v = np.asarray(v, np.int64).reshape(-1)
    neg = v < 0
    a = v.view(np.uint64).copy()
    a[neg] = ~a[neg] + np.uint64(1)  # two's complement magnitude (|INT64_MIN| = 2^63)
    bits = np.zeros(v.shape, np.int64)
    for b in range(64):
        bits[(a >> np.uint64(b)) != 0] = b + 1
    shift = np.maximum(bits - _PRECISION[dst], 0).astype(np.uint64)
    q = a >> shift
    rest = a - (q << shift)
    half = np.where(shift > 0, np.uint64(1) << (np.maximum(shift, np.uint64(1)) - np.uint64(1)), np.uint64(1) << 63)
    up = rest > half
    if mode == "ROUND":
        up |= rest == half
    elif mode == "RINT":
        up |= (rest == half) & (q % np.uint64(2) == 1)
    elif mode == "TRUNC":
        up[:] = False
    else:
        raise ValueError(f"mode {mode!r} must be 'RINT', 'ROUND' or 'TRUNC'")
    q = q + up.astype(np.uint64)
    mag = np.ldexp(q.astype(np.float64), shift.astype(np.int64))  # q <= 2^p: exact
    top = float(np.finfo(dst).max)
    mag = np.where(mag > top, top if mode == "TRUNC" else np.inf, mag).astype(dst)
    return np.where(neg, -mag, mag).reshape(shape)


def round_float_to_float(x: np.ndarray, dst, mode: str) -> np.ndarray:
    """Floats (any of the package's float dtypes, exact in float64) to float16 / float32 with mode "RINT", "ROUND"
    or "TRUNC", exactly, subnormal results included; beyond the largest finite value +-Inf (TRUNC: +-max);
    NaN and +-Inf stay."""
    dst = np.dtype(dst)
    v = np.asarray(x).astype(np.float64)
    finite = np.isfinite(v)
    a = np.where(finite, np.abs(v), 0.0)
    e = np.frexp(a)[1]  # a in [2^(e-1), 2^e)
    info = np.finfo(dst)
    ulp_exp = np.maximum(e - _PRECISION[dst], int(np.log2(info.tiny)) - _PRECISION[dst] + 1)
    q = np.ldexp(a, -ulp_exp)  # exact: a power-of-two scaling
    whole = np.floor(q)
    frac = q - whole
    if mode == "RINT":
        up = (frac > 0.5) | ((frac == 0.5) & (np.fmod(whole, 2.0) == 1.0))
    elif mode == "ROUND":
        up = frac >= 0.5
    elif mode == "TRUNC":
        up = np.zeros(v.shape, bool)
    else:
        raise ValueError(f"mode {mode!r} must be 'RINT', 'ROUND' or 'TRUNC'")
    mag = np.ldexp(whole + up, ulp_exp)
    top = float(info.max)
    mag = np.where(mag > top, top if mode == "TRUNC" else np.inf, mag)
    with np.errstate(invalid="ignore"):
        out = np.where(finite, np.copysign(mag, v), v)
    return out.astype(dst)


def _int_to(v: np.ndarray, dst: np.dtype) -> np.ndarray:
    """Exact integers (int64 array) to an integer destination: 8-bit wraps, 16-bit saturates."""
    if dst == np.int16:
        return np.clip(v, _INT16.min, _INT16.max).astype(np.int16)
    if dst == np.uint8:
        return (v & 0xFF).astype(np.uint8)
    if dst == np.int8:
        return (v & 0xFF).astype(np.uint8).view(np.int8)
    return v.astype(dst)


def cast(x: np.ndarray, dst, soc: str = "ascend310p") -> np.ndarray:
    with np.errstate(over="ignore", invalid="ignore"):  # overflow to Inf is the rule, not an accident
        y = _cast(x, np.dtype(dst), soc)
        return _saturate(y) if soc == "ascend310p" and y.dtype == np.float16 else y


def _saturate(y: np.ndarray) -> np.ndarray:
    """Saturation mode: +-Inf -> +-max, NaN -> 0."""
    top = np.finfo(y.dtype).max
    return np.where(np.isnan(y), y.dtype.type(0), np.clip(y, -top, top)).astype(y.dtype)


def _cast(x: np.ndarray, dst: np.dtype, soc: str) -> np.ndarray:
    src = x.dtype
    if dst == np.bool_:
        if src == np.int64:
            return x != 0
        if src == np.float16 and soc == "ascend310p":  # saturation mode: |NaN| is computed as 0
            return (x != 0) & ~np.isnan(x)
        v = x.astype(np.float64) if _is_float(src) else x.astype(np.int64)
        return (v != 0) | (np.isnan(v) if _is_float(src) else False)
    if _is_float(src):
        v = x.astype(np.float64)  # exact for half, float and bfloat16
        if dst == np.float32:
            return v.astype(np.float32)
        if dst == np.float16:
            return x.astype(np.float32).astype(np.float16)  # float32 -> float16 rounds to nearest even
        return _int_to(_float_to_int(v, soc, dst), dst)
    v = x.astype(np.int64)  # bool -> 0/1
    if src == np.int64:
        if soc != "ascend310p" and dst in (np.float32, np.float16):
            return round_int_to_float(v, dst, "ROUND")
        v = _low32(v)
        if dst == np.float16:
            return round_int_to_float(v, dst, "ROUND")
    if dst in (np.float32, np.float16):
        return round_int_to_float(v, dst, "RINT")
    return _int_to(v, dst)
