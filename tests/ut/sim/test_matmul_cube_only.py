"""The Matmul high-level API in pure Cube mode (tests/ut/sim/matmul_cube_only): a `__cube__` kernel whose source
defines ASCENDC_CUBE_ONLY before lib/matmul_intf.h (Matmul usage docs) runs its Matmul on the AICs, with the tiling
of matmul_tiling::MultiCoreMatmulTiling over `dim` AICs: IterateAll, Iterate + GetTensorC, a MIX launch whose AIVs
leave at REGIST_MATMUL_OBJ, a full MatmulApiStaticTiling (MDL template, unit flag, L1 depths and steps set by the
kernel, no runtime tiling), C in ND_ALIGN, GetTensorC's enSequentialWrite and A as a VECTOR (GEMV, M = 1). The MIX
mode's async Iterate (Iterate<false>, SetWorkspace, GetTensorC<false>) runs on AIC:AIV 1:2 groups. The golden is
NumPy's product; misuses are refused by name (the async mode in pure Cube mode among them)."""

import os
import re
import subprocess
from pathlib import Path

import numpy as np
import pytest

import ascendops

_PACKAGE = Path(ascendops.__file__).resolve().parent
_NAME = "sim_matmul_cube_only"
BINARY = next(
    (p for p in (_PACKAGE / "sim_tests" / _NAME, _PACKAGE.parents[1] / "sim_tests" / _NAME) if p.exists()),
    _PACKAGE / "sim_tests" / _NAME,
)
# (matmul_cube_only_modes.h)
(
    ITERATE_ALL,
    ITERATE,
    ASYNC,
    MIX_LAUNCH,
    STATIC,
    STATIC_MISMATCH,
    PARTIAL_OUTPUT,
    VECTOR_LAUNCH,
    WITHOUT_CUBE_ONLY,
    MIX_ASYNC_ITERATE,
    ND_ALIGN,
    SEQUENTIAL,
    GEMV,
) = range(13)
STATIC_SHAPE = (64, 128, 48)  # m, k, n of kStatic


def _row_stride(mode, n):
    """C's row stride in floats (CRowStride of matmul_cube_only_modes.h)."""
    align = {ND_ALIGN: 8, SEQUENTIAL: 16}.get(mode, 1)
    return -(-n // align) * align


def _run(tmp_path, mode, m, k, n, dim, seed=0):
    rng = np.random.default_rng(seed)
    a = rng.integers(-4, 5, size=(m, k)).astype(np.float16)
    b = rng.integers(-4, 5, size=(k, n)).astype(np.float16)
    bias = rng.integers(-8, 9, size=n).astype(np.float32)
    files = [tmp_path / name for name in ("a.bin", "b.bin", "bias.bin")]
    for array, path in zip((a, b, bias), files):
        array.tofile(path)
    out = tmp_path / "c.bin"
    args = [str(BINARY), str(mode), str(m), str(k), str(n), str(dim), *map(str, files), str(out)]
    result = subprocess.run(
        args, capture_output=True, text=True, timeout=120, env={**os.environ, "ASCENDC_SIM_SOC": "ascend910b"}
    )
    ld = _row_stride(mode, n)
    c = np.fromfile(out, np.float32).reshape(m, ld) if out.exists() and result.returncode == 0 else None
    # small integers: every product and partial sum is exact in float32
    want = (a.astype(np.float64) @ b.astype(np.float64) + bias).astype(np.float32)
    return c, want, result


# one AIC, several with M and N tails (SetTail), N split only, K longer than one base block
@pytest.mark.parametrize("m,k,n,dim", [(32, 64, 48, 1), (70, 40, 90, 4), (16, 200, 100, 3), (48, 16, 33, 2)])
@pytest.mark.parametrize("mode", [ITERATE_ALL, ITERATE, MIX_LAUNCH])
def test_cube_only_matmul_matches_numpy(tmp_path, mode, m, k, n, dim):
    c, want, result = _run(tmp_path, mode, m, k, n, dim)
    assert result.returncode == 0, result.stderr
    np.testing.assert_array_equal(c, want)


# MIX mode (dim AIVs, two per AIC): each block by GetTensorC<false> after one Iterate<false>
@pytest.mark.parametrize("m,k,n,dim", [(32, 64, 48, 1), (70, 40, 300, 4), (48, 16, 33, 3)])
def test_async_iterate_matches_numpy(tmp_path, m, k, n, dim):
    c, want, result = _run(tmp_path, MIX_ASYNC_ITERATE, m, k, n, dim)
    assert result.returncode == 0, result.stderr
    np.testing.assert_array_equal(c, want)


# C in ND_ALIGN: each row padded to 32 bytes, the pad columns written 0 (the twin's assumption, the samples' golden)
@pytest.mark.parametrize("m,k,n,dim", [(32, 64, 45, 1), (70, 40, 91, 4), (16, 16, 7, 1)])
def test_nd_align_output_matches_numpy(tmp_path, m, k, n, dim):
    c, want, result = _run(tmp_path, ND_ALIGN, m, k, n, dim)
    assert result.returncode == 0, result.stderr
    np.testing.assert_array_equal(c[:, :n], want)
    assert not c[:, n:].any()


# GetTensorC's enSequentialWrite: the base block as baseM rows of baseN (n rounded up to 16) from the address given
@pytest.mark.parametrize("m,k,n", [(32, 64, 40), (20, 30, 16)])
def test_sequential_write_matches_numpy(tmp_path, m, k, n):
    c, want, result = _run(tmp_path, SEQUENTIAL, m, k, n, 1)
    assert result.returncode == 0, result.stderr
    np.testing.assert_array_equal(c[:, :n], want)


def test_static_tiling_without_runtime_tiling_matches_numpy(tmp_path):
    c, want, result = _run(tmp_path, STATIC, *STATIC_SHAPE, 1, seed=1)
    assert result.returncode == 0, result.stderr
    np.testing.assert_array_equal(c, want)


@pytest.mark.parametrize(
    "mode,message",
    [
        (ASYNC, r"Matmul::IterateAll: the async mode in ASCENDC_CUBE_ONLY mode: pure Cube has the sync mode only"),
        (STATIC_MISMATCH, r"Matmul::Init: TCubeTiling.stepKa = 4 differs from the constant 2 of the Matmul template"),
        (PARTIAL_OUTPUT, r"Matmul::Init: MatmulConfig.isPartialOutput is not modelled by the twin"),
        (VECTOR_LAUNCH, r"REGIST_MATMUL_OBJ: ASCENDC_CUBE_ONLY: the Matmul runs on the AIC, and this vector launch"),
        (WITHOUT_CUBE_ONLY, r"REGIST_MATMUL_OBJ: a __cube__ \(AIC-only\) kernel runs the Matmul in pure Cube mode: "),
    ],
)
def test_cube_only_misuse_is_refused(tmp_path, mode, message):
    c, _, result = _run(tmp_path, mode, *STATIC_SHAPE, 1)
    assert result.returncode != 0 and c is None
    assert any(re.search(message, line) for line in result.stderr.splitlines()), result.stderr


# A as CubeFormat::VECTOR (矩阵向量乘, GEMV): one row of A; N split over AICs, K past one base block
@pytest.mark.parametrize("k,n,dim", [(256, 32, 1), (100, 70, 2)])
def test_gemv_matches_numpy(tmp_path, k, n, dim):
    c, want, result = _run(tmp_path, GEMV, 1, k, n, dim)
    assert result.returncode == 0, result.stderr
    np.testing.assert_array_equal(c, want)


def test_gemv_needs_m_of_one(tmp_path):
    _, _, result = _run(tmp_path, GEMV, 2, 64, 32, 1)
    assert result.returncode != 0
    assert "needs the original M to be 1, not 2" in result.stderr
