"""FusedSwigluGrad b kernel on the CPU twin against the NumPy golden, and the golden against float64 finite
differences of the forward.

Data at unit scale (dy, g, fc ~ N(0, 1)), so every output is far above any atol. The check (``assert_close``):
relative error norm ||out - ref|| / ||ref|| < 1e-2 and, elementwise, |out - ref| <= |ref| / 128 (one bf16 ulp) +
1e-2 * RMS(ref) (scaled by the output's size: a pure rtol is meaningless where a column sum cancels to ~0). A golden
missing the g * (1 - s) term of dg fails the same check. Shapes: tile rows R = 4 at N = 1000, M in {1, R - 1, R,
R + 1, 3R + 5} and chunks holding a full tile plus a tail; odd N; two column chunks at N = 2100.
"""

import ml_dtypes
import numpy as np
import pytest

import ascendops
from ascendops import AclnnError
from ascendops.golden import fused_swiglu_grad as golden
from ascendops.ops.fused_swiglu_grad import b_tiling as tiling
from ascendops.ops.fused_swiglu_grad import fused_swiglu_grad_b, sample
from ascendops.golden.fused_swiglu_grad import assert_close

BF16 = ml_dtypes.bfloat16
OUTPUTS = ("dg", "dfc", "db_g", "db_fc")


def check_b(m, n, core_num=0, soc="ascend910b", seed=0):
    dy, g, fc = sample(m, n, seed=seed)
    out = fused_swiglu_grad_b(dy, g, fc, soc=soc, core_num=core_num)
    ref = golden.b_kernel(dy, g, fc)
    for name in OUTPUTS:
        assert out[name].dtype == BF16, name
        assert_close(out[name], ref[name], name)
    return out


# ---- the checker itself ----


def wrong_b_kernel(dy, g, fc):
    """The golden without the g * (1 - s) term of SiLU'(g): dg = dy * fc * s."""
    dy, g, fc = (np.asarray(a, np.float32) for a in (dy, g, fc))
    dg = dy * fc * golden.sigmoid(g)
    return {"dg": dg.astype(BF16), "db_g": dg.sum(0, keepdims=True).astype(BF16)}


def test_checker_rejects_a_missing_term():
    dy, g, fc = sample(64, 48, seed=3)
    out = fused_swiglu_grad_b(dy, g, fc)
    wrong = wrong_b_kernel(dy, g, fc)
    for name in ("dg", "db_g"):
        with pytest.raises(AssertionError, match="relative error norm"):
            assert_close(out[name], wrong[name], name)


def test_checker_rejects_zeros_and_one_bad_element():
    ref = golden.b_kernel(*sample(64, 100, seed=4))["dg"]
    with pytest.raises(AssertionError, match="relative error norm"):
        assert_close(np.zeros_like(ref), ref)
    bad = ref.astype(np.float32)
    bad[3, 5] += 0.5 * np.sqrt(np.mean(bad**2))  # one element off by half the RMS: the norm alone would pass
    with pytest.raises(AssertionError, match="elements beyond"):
        assert_close(bad, ref)


# ---- kernel vs golden ----


@pytest.mark.parametrize("m", [1, 3, 4, 5, 17, 45])
def test_m_around_the_tile(m):
    t = tiling(m, 1000)
    assert t["tile_rows"] == min(4, t["chunks"]["per"] + (t["chunks"]["big"] > 0))
    check_b(m, 1000, seed=m)


def test_chunks_with_full_tile_and_tail():
    t = tiling(45, 1000)
    assert (t["tile_rows"], t["chunks"]["parts"], t["chunks"]["per"], t["chunks"]["big"]) == (4, 11, 4, 1)
    check_b(45, 1000, core_num=3)


@pytest.mark.parametrize("m,n", [(37, 17), (47, 333), (9, 2100), (130, 64), (3, 1)])
def test_odd_shapes(m, n):
    check_b(m, n, seed=n)


def test_two_column_chunks():
    t = tiling(9, 2100)
    assert (t["col_chunk_num"], t["col_chunk"], t["last_col_chunk"]) == (2, 1056, 1044)


@pytest.mark.parametrize("m,n", [(17, 1000), (301, 130), (9, 2100)])
def test_bit_identical_across_core_counts(m, n):
    dy, g, fc = sample(m, n, seed=7)
    runs = [fused_swiglu_grad_b(dy, g, fc, core_num=c) for c in (1, 3, 0)]
    assert tiling(m, n, core_num=1)["block_dim"] == 1 and tiling(m, n)["block_dim"] > 3
    for other in runs[1:]:
        for name in OUTPUTS:
            assert other[name].tobytes() == runs[0][name].tobytes(), name


def test_ascend910_93():
    check_b(17, 1000, soc="ascend910_93")


def test_non_contiguous_inputs():
    rng = np.random.default_rng(5)
    big = [rng.standard_normal((12, 2 * 40), dtype=np.float32).astype(BF16) for _ in range(3)]
    dy, g, fc = big[0][:, ::2], big[1][:, 1::2], big[2].reshape(40, 24).T[:12]  # strided and transposed views
    assert not any(a.flags.c_contiguous for a in (dy, g, fc))
    out = fused_swiglu_grad_b(dy, g, fc)
    ref = golden.b_kernel(np.ascontiguousarray(dy), np.ascontiguousarray(g), np.ascontiguousarray(fc))
    for name in OUTPUTS:
        assert (
            out[name].tobytes() == fused_swiglu_grad_b(*(np.ascontiguousarray(a) for a in (dy, g, fc)))[name].tobytes()
        )
        assert_close(out[name], ref[name], name)


def test_inputs_unchanged():
    dy, g, fc = sample(17, 100, seed=8)
    before = [a.copy() for a in (dy, g, fc)]
    fused_swiglu_grad_b(dy, g, fc)
    assert all(a.tobytes() == b.tobytes() for a, b in zip((dy, g, fc), before))


def test_empty_m():
    dy, g, fc = sample(0, 19)
    out = fused_swiglu_grad_b(dy, g, fc)
    assert out["dg"].shape == (0, 19) and out["dfc"].shape == (0, 19)
    for name in ("db_g", "db_fc"):
        assert out[name].shape == (1, 19) and not np.any(out[name].astype(np.float32)), name


def test_large_g_saturates_without_nan():
    dy, g, fc = sample(4, 32, seed=9)
    g[0, :8] = BF16(200.0)
    g[1, :8] = BF16(-200.0)
    out = fused_swiglu_grad_b(dy, g, fc)
    ref = golden.b_kernel(dy, g, fc)
    for name in OUTPUTS:
        assert np.isfinite(out[name].astype(np.float32)).all(), name
        assert_close(out[name], ref[name], name)


def test_ascend310p_rejected():
    with pytest.raises(AclnnError) as e:
        fused_swiglu_grad_b(*sample(2, 16), soc="ascend310p")
    assert e.value.code == 161002 and "ascend310p" in str(e.value)


def test_exported():
    assert ascendops.fused_swiglu_grad_b is fused_swiglu_grad_b


# ---- the golden against float64 finite differences of the forward ----


def forward_loss(x, w_g, w_fc, b_g, b_fc, dy):
    """L = sum(dy * SiLU(x W_g + b_g) * (x W_fc + b_fc)), float64."""
    gate = x @ w_g + b_g
    return float(np.sum(dy * gate / (1 + np.exp(-gate)) * (x @ w_fc + b_fc)))


def numeric_grad(f, arrays, i, h=1e-5):
    grad = np.zeros_like(arrays[i])
    for idx in np.ndindex(arrays[i].shape):
        plus = [a.copy() for a in arrays]
        minus = [a.copy() for a in arrays]
        plus[i][idx] += h
        minus[i][idx] -= h
        grad[idx] = (f(*plus) - f(*minus)) / (2 * h)
    return grad


def test_golden_matches_finite_differences():
    rng = np.random.default_rng(11)
    m, k, n = 5, 2, 3
    # Dyadic values: gate and fc = x W + b are exact in bfloat16, so the golden sees the same point as float64.
    x = rng.integers(-2, 3, (m, k)) / 2
    w_g, w_fc = rng.integers(-4, 5, (k, n)) / 4, rng.integers(-4, 5, (k, n)) / 4
    b_g, b_fc = rng.integers(-4, 5, (1, n)) / 8, rng.integers(-4, 5, (1, n)) / 8
    dy = rng.standard_normal((m, n)).astype(BF16).astype(np.float64)
    gate, fc = x @ w_g + b_g, x @ w_fc + b_fc
    assert np.array_equal(gate.astype(BF16).astype(np.float64), gate)
    arrays = [x, w_g, w_fc, b_g, b_fc, dy]
    expected = {
        name: numeric_grad(forward_loss, arrays, i) for i, name in enumerate(("dx", "dw_g", "dw_fc", "db_g", "db_fc"))
    }
    got = golden.fused_swiglu_grad(*(a.astype(BF16) for a in (dy, gate, fc, x, w_g, w_fc)))
    for name, ref in expected.items():
        assert_close(got[name].astype(np.float64), ref, name)
