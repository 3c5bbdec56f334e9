"""The cube's CPU arithmetic (sim/matmul_gemm.h: GemmAccumulate, under Mmad and the Matmul API) against NumPy: half
inputs summed in double (Mmad) and in float (the Matmul API's L0C), int8 inputs in int32 that wraps, onto C's
starting values, over shapes that leave partial tiles (4 rows x 8 / 16 columns), one element, and depths past one
k block (256). The values are chosen so every sum is exact: NumPy's product is the golden whatever its order."""

import subprocess
from pathlib import Path

import numpy as np
import pytest

import ascendops

_PACKAGE = Path(ascendops.__file__).resolve().parent
_NAME = "sim_matmul_gemm"
# pip build: installed into the package; developer build: <build>/sim_tests beside <build>/pkg/ascendops.
BINARY = next(
    (p for p in (_PACKAGE / "sim_tests" / _NAME, _PACKAGE.parents[1] / "sim_tests" / _NAME) if p.exists()),
    _PACKAGE / "sim_tests" / _NAME,
)
SHAPES = [(1, 1, 1), (4, 16, 16), (8, 32, 32), (5, 7, 3), (3, 300, 9), (37, 257, 53), (64, 513, 40), (17, 64, 1)]


def _run(tmp_path, mode, a, b, c):
    m, k = a.shape
    n = b.shape[1]
    files = []
    for name, array in (("a", a), ("b", b), ("c", c)):
        files.append(str(tmp_path / f"{name}.bin"))
        array.tofile(files[-1])
    out = tmp_path / "out.bin"
    result = subprocess.run(
        [str(BINARY), mode, str(m), str(k), str(n), *files, str(out)],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    return np.fromfile(out, c.dtype).reshape(m, n)


def _grid(rng, shape, step, bound):
    """Multiples of `step` in [-bound, bound]: half holds them exactly."""
    return (rng.integers(-int(bound / step), int(bound / step) + 1, size=shape) * step).astype(np.float16)


@pytest.mark.parametrize("mode", ["double", "float"])
@pytest.mark.parametrize("m,k,n", SHAPES)
def test_half_sums_match_numpy(tmp_path, mode, m, k, n):
    rng = np.random.default_rng(m * 1000 + k + n)
    # products are multiples of 2^-12 below 4 in size; with C's start below 8, every partial sum of up to 513
    # products needs under 24 significant bits: exact in float and in double
    a, b = _grid(rng, (m, k), 2.0**-6, 2.0), _grid(rng, (k, n), 2.0**-6, 2.0)
    c = _grid(rng, (m, n), 2.0**-12, 8.0).astype(np.float32)
    got = _run(tmp_path, mode, a, b, c)
    want = (c.astype(np.float64) + a.astype(np.float64) @ b.astype(np.float64)).astype(np.float32)
    np.testing.assert_array_equal(got, want)


@pytest.mark.parametrize("m,k,n", SHAPES)
def test_int8_sums_match_numpy(tmp_path, m, k, n):
    rng = np.random.default_rng(m * 1000 + k + n + 1)
    a = rng.integers(-128, 128, size=(m, k)).astype(np.int8)
    b = rng.integers(-128, 128, size=(k, n)).astype(np.int8)
    c = rng.integers(-(2**31), 2**31, size=(m, n)).astype(np.int32)
    got = _run(tmp_path, "int8", a, b, c)
    want = c.astype(np.int64) + a.astype(np.int64) @ b.astype(np.int64)
    np.testing.assert_array_equal(got, want.astype(np.int32))  # int32 wraps: the low 32 bits


def test_int8_sum_wraps_past_int32(tmp_path):
    a = np.full((4, 64), 127, np.int8)
    b = np.full((64, 16), 127, np.int8)
    c = np.full((4, 16), 2**31 - 1000, np.int32)
    got = _run(tmp_path, "int8", a, b, c)
    assert got[0, 0] == (2**31 - 1000 + 64 * 127 * 127) - 2**32
    np.testing.assert_array_equal(got, np.full((4, 16), got[0, 0], np.int32))


def test_half_infinity_and_nan_propagate(tmp_path):
    a = np.ones((5, 20), np.float16)
    b = np.ones((20, 9), np.float16)
    a[1, 3] = np.inf
    b[7, 2] = np.nan
    c = np.zeros((5, 9), np.float32)
    for mode in ("double", "float"):
        got = _run(tmp_path, mode, a, b, c)
        want = a.astype(np.float64) @ b.astype(np.float64)
        np.testing.assert_array_equal(np.isnan(got), np.isnan(want))
        np.testing.assert_array_equal(got[~np.isnan(want)], want[~np.isnan(want)].astype(np.float32))
