"""NumPy goldens: ``golden/<op>.py`` computes each operator's reference result with NumPy (and ml_dtypes for
bfloat16), never calling the code under test. This module holds the comparison shared by the demo and the tests.
"""

import numpy as np

__all__ = ["max_error", "mismatches", "bit_mismatches"]


def _as_float64(a):
    return np.asarray(a).astype(np.float64)  # exact for every dtype of the package except (u)int64 beyond 2^53


def max_error(actual, expected):
    """Largest absolute difference, in float64; NaN where expected is NaN counts as equal. 0.0 for empty arrays."""
    actual, expected = np.asarray(actual), np.asarray(expected)
    if actual.shape != expected.shape:
        raise ValueError(f"shape mismatch: actual {actual.shape}, expected {expected.shape}")
    if actual.size == 0:
        return 0.0
    a, e = _as_float64(actual), _as_float64(expected)
    both_nan = np.isnan(a) & np.isnan(e)
    with np.errstate(invalid="ignore"):
        diff = np.where(both_nan | (a == e), 0.0, np.abs(a - e))  # a == e also covers equal infinities
    return float(np.max(diff))  # NaN if one side only is NaN


def mismatches(actual, expected, atol=0.0, rtol=0.0):
    """Number of elements outside ``|actual - expected| <= atol + rtol * |expected|`` (NaN must match NaN)."""
    actual, expected = np.asarray(actual), np.asarray(expected)
    if actual.shape != expected.shape:
        raise ValueError(f"shape mismatch: actual {actual.shape}, expected {expected.shape}")
    a, e = _as_float64(actual), _as_float64(expected)
    both_nan = np.isnan(a) & np.isnan(e)
    with np.errstate(invalid="ignore"):
        ok = both_nan | (a == e) | (np.abs(a - e) <= atol + rtol * np.abs(e))
    return int(np.count_nonzero(~ok))


def bit_mismatches(actual, expected):
    """Number of elements whose bytes differ (-0.0 is not 0.0; a NaN matches only the same NaN): the twin's
    comparison for results the golden rounds exactly as the hardware does."""
    actual, expected = np.asarray(actual), np.asarray(expected)
    if actual.shape != expected.shape or actual.dtype != expected.dtype:
        raise ValueError(f"actual {actual.dtype}{actual.shape}, expected {expected.dtype}{expected.shape}")
    width = actual.dtype.itemsize
    a = np.ascontiguousarray(actual).reshape(-1).view(np.uint8).reshape(-1, width)
    e = np.ascontiguousarray(expected).reshape(-1).view(np.uint8).reshape(-1, width)
    return int(np.count_nonzero((a != e).any(axis=1)))
