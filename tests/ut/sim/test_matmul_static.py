"""Constant (static) Matmul tiling (GetMatmulApiTiling.md, GetMMConfig.md): a template whose MatmulConfig fixes the
base shape (partial) or the base and single-core shapes (full). A full constant may replace the runtime tiling
(nullptr to REGIST_MATMUL_OBJ); a partial one may not; a runtime tiling must equal the constants
(kernels/matmul_kernels.cpp simtest_matmul_static: 64 x 64 x 48 bfloat16 -> float32, base 32 x 16 x 64)."""

import ml_dtypes
import numpy as np
import pytest

FULL_NULL, PARTIAL_TILING, PARTIAL_NULL, FULL_TILING, SMALL_L1_NULL, CONFIG_TILING = range(6)
PREFIX = r"kernel 'simtest_matmul_static' AIV core \d+/1 \(ascend910b\): Matmul::Init: "


def _operands():
    rng = np.random.default_rng(3)
    a = rng.integers(-3, 4, size=(64, 64)).astype(ml_dtypes.bfloat16)
    b = rng.integers(-3, 4, size=(64, 48)).astype(ml_dtypes.bfloat16)
    return a, b


def _tiling(simtest, **edit):
    """The runtime tiling an operator's host computes for the constant base shape (SetFixSplit(32, 16))."""
    return dict(simtest.matmul_tiling(64, 48, 64, fix_base_m=32, fix_base_n=16), **edit)


def test_host_tiling_matches_the_kernel_constants(simtest):
    t = _tiling(simtest)
    assert (t["singleCoreM"], t["singleCoreN"], t["singleCoreK"], t["baseM"], t["baseN"], t["baseK"]) == (
        64,
        48,
        64,
        32,
        16,
        64,
    )


@pytest.mark.parametrize("mode", [FULL_NULL, PARTIAL_TILING, FULL_TILING, CONFIG_TILING])
def test_constant_tiling_computes(simtest, mode):
    a, b = _operands()
    c = simtest.run_matmul_static(a.reshape(-1), b.reshape(-1), _tiling(simtest), mode)
    want = a.astype(np.float64) @ b.astype(np.float64)
    np.testing.assert_array_equal(c.reshape(64, 48), want.astype(np.float32))


@pytest.mark.parametrize(
    "mode,edit,message",
    [
        (
            PARTIAL_NULL,
            {},
            r"tiling is null: only a full constant tiling \(GetMatmulApiTiling of a MatmulConfig with "
            r"single-core and base shapes\) may stand in for it",
        ),
        (PARTIAL_TILING, dict(baseM=64), r"TCubeTiling.baseM = 64 differs from the constant 32 of the Matmul template"),
        (FULL_TILING, dict(singleCoreN=32), r"TCubeTiling.singleCoreN = 32 differs from the constant 48"),
        (CONFIG_TILING, dict(baseN=32), r"TCubeTiling.baseN = 32 differs from the constant 16"),
        (SMALL_L1_NULL, {}, r"constant tiling: .*exceed L1 \(4096 bytes\)"),
    ],
)
def test_constant_tiling_rules(simtest, mode, edit, message):
    a, b = _operands()
    with pytest.raises(RuntimeError, match=PREFIX + message):
        simtest.run_matmul_static(a.reshape(-1), b.reshape(-1), _tiling(simtest, **edit), mode)
