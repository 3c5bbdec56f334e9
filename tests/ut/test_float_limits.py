"""Results at the float limits against independent goldens: values near FLT_MAX, NaN and Inf in every input of
every operator whose math propagates them (Cast and Split keep every bit pattern: their fuzz tests cover these).

EmbeddingDenseGrad's scale path sums rows near FLT_MAX without overflowing and stays bit-identical to "float32 sum
in position order, times float32(1 / count)" for ordinary rows; FusedGdnDecode's softplus keeps a NaN gate NaN.
"""

import ml_dtypes
import numpy as np
import pytest

import ascendops
from ascendops.golden import embedding_dense_grad as edg_golden
from ascendops.golden import fused_swiglu_grad as swiglu_golden
from ascendops.golden.fused_gdn_decode import fused_gdn_decode as gdn_golden
from ascendops.ops.fused_gdn_decode import make_inputs

F32_MAX = float(np.finfo(np.float32).max)
BF16 = ml_dtypes.bfloat16


# EmbeddingDenseGrad --------------------------------------------------------------------------------------------
@pytest.mark.parametrize("dim", [1, 64, 300])  # 1: the scalar path (grad under one block); 64, 300: vector rows
def test_embedding_dense_grad_scaled_run_near_float_max_stays_finite(dim):
    grad = np.full((3, dim), 2e38, np.float32)
    out = ascendops.embedding_dense_grad(grad, np.zeros(3, np.int32), 2, scale_grad_by_freq=True)
    expected = edg_golden.embedding_dense_grad(grad, np.zeros(3, np.int32), 2, scale_grad_by_freq=True)
    assert np.all(np.isfinite(out))
    np.testing.assert_allclose(out, expected, rtol=1e-4, atol=0)
    assert expected[0, 0] == np.float32(2e38) and np.all(out[1] == 0)


@pytest.mark.parametrize("soc", ["ascend310p", "ascend910b"])
def test_embedding_dense_grad_scaled_runs_at_float_max_across_cores(soc):
    # Many rows of +-FLT_MAX on few indices: every run's unscaled sum is far beyond float; runs cross cores.
    rng = np.random.default_rng(3)
    n, dim = 4096, 40
    grad = (rng.choice([-1.0, 1.0], (n, dim)) * F32_MAX).astype(np.float32)
    grad[rng.random((n, dim)) < 0.5] = F32_MAX  # mostly one sign: the true means stay near FLT_MAX
    idx = np.sort(rng.integers(0, 3, n)).astype(np.int32)
    out = ascendops.embedding_dense_grad(grad, idx, 3, scale_grad_by_freq=True, soc=soc)
    expected = edg_golden.embedding_dense_grad(grad, idx, 3, scale_grad_by_freq=True)
    assert np.all(np.isfinite(out))
    np.testing.assert_allclose(out, expected, rtol=1e-4, atol=1e-4 * F32_MAX)


def test_embedding_dense_grad_scale_path_bits_equal_sum_then_scale():
    # One core: each run is a float32 sum in position order, then one multiply by float32(1 / count).
    rng = np.random.default_rng(7)
    n, dim, nw = 200, 24, 9
    grad = rng.standard_normal((n, dim)).astype(np.float32)
    idx = rng.integers(0, nw, n).astype(np.int32)
    out = ascendops.embedding_dense_grad(grad, idx, nw, scale_grad_by_freq=True, core_num=1)
    expected = np.zeros((nw, dim), np.float32)
    for k in range(nw):
        rows = np.flatnonzero(idx == k)
        acc = np.zeros(dim, np.float32)
        for r in rows:
            acc = acc + grad[r]
        expected[k] = acc * np.float32(1.0 / len(rows)) if len(rows) >= 2 else acc
    assert out.tobytes() == expected.tobytes()


@pytest.mark.parametrize("scale", [False, True])
@pytest.mark.parametrize("special", [np.nan, np.inf, -np.inf])
def test_embedding_dense_grad_propagates_nan_and_inf(scale, special):
    rng = np.random.default_rng(1)
    grad = rng.standard_normal((50, 33)).astype(np.float32)
    grad[4, 5] = grad[9, 0] = special
    idx = rng.integers(0, 6, 50).astype(np.int32)
    out = ascendops.embedding_dense_grad(grad, idx, 6, scale_grad_by_freq=scale)
    expected = edg_golden.embedding_dense_grad(grad, idx, 6, scale_grad_by_freq=scale)
    np.testing.assert_allclose(out, expected, rtol=1e-4, atol=1e-4)  # NaN / inf positions must match exactly


# FusedGdnDecode -------------------------------------------------------------------------------------------------
GDN_SHAPE = (3, 2, 4, 64, 32)  # B, H, Hv, K, V


def _gdn_case(mutate, state_dtype="float32"):
    args = list(make_inputs(*GDN_SHAPE, dtype="float16", state_dtype=state_dtype, seed=5))
    with np.errstate(all="ignore"):  # 1e30 into a float16 state is inf; inf - inf in the golden is NaN
        mutate(args)
        expected_out, expected_state = gdn_golden(*[a.copy() for a in args])
    state = args[5]
    out = ascendops.fused_gdn_decode(*args[:5], state, args[6])
    with np.errstate(over="ignore"):  # the golden in float32, rounded to the operator's dtypes
        expected_out = np.asarray(expected_out).astype(out.dtype).astype(np.float32)
        expected_state = np.asarray(expected_state).astype(state.dtype).astype(np.float32)
    return out.astype(np.float32), state.astype(np.float32), expected_out, expected_state


def _set(index, position, value):
    def mutate(args):
        args[index][position] = value

    return mutate


GDN_SPECIALS = {
    "a NaN": _set(1, (1, 2), np.nan),
    "a +inf": _set(1, (0, 1), np.inf),
    "a -inf": _set(1, (2, 3), -np.inf),
    "dt_bias NaN": _set(4, 1, np.nan),
    "dt_bias +inf": _set(4, 0, np.inf),
    "a_log NaN": _set(3, 2, np.nan),
    "b NaN": _set(2, (1, 0), np.nan),
    "b -inf": _set(2, (0, 3), -np.inf),
    "mixed_qkv NaN in q": _set(0, (0, 3), np.nan),
    "mixed_qkv NaN in v": _set(0, (2, 2 * 2 * 64 + 5), np.nan),
    "mixed_qkv 65504 in v": _set(0, (1, 2 * 2 * 64 + 7), 65504.0),
    "state NaN": _set(5, (2, 1, 3, 7), np.nan),
    "state 1e30 (out overflows float16)": _set(5, (1, 0, 0, 0), 1e30),
    "state +inf": _set(5, (2, 3, 5, 9), np.inf),
    "state -inf": _set(5, (1, 2, 0, 40), -np.inf),
    "mixed_qkv +inf in v": _set(0, (0, 2 * 2 * 64 + 33), np.inf),
}


@pytest.mark.parametrize("state_dtype", ["float32", "float16"])
@pytest.mark.parametrize("case", sorted(GDN_SPECIALS))
def test_fused_gdn_decode_specials_follow_the_golden(case, state_dtype):
    out, state, expected_out, expected_state = _gdn_case(GDN_SPECIALS[case], state_dtype)
    for actual, expected in ((out, expected_out), (state, expected_state)):
        expected = np.asarray(expected, np.float32)
        np.testing.assert_array_equal(np.isnan(actual), np.isnan(expected))
        np.testing.assert_array_equal(np.isinf(actual), np.isinf(expected))
        finite = np.isfinite(expected)
        np.testing.assert_allclose(actual[finite], expected[finite], atol=5e-2, rtol=1e-2)


def test_fused_gdn_decode_nan_gate_gives_a_nan_row():
    out, _, _, _ = _gdn_case(GDN_SPECIALS["a NaN"])
    assert np.all(np.isnan(out[1, 0, 2])) and np.all(np.isfinite(np.delete(out[1, 0], 2, axis=0)))


# FusedSwigluGrad ------------------------------------------------------------------------------------------------
SWIGLU_SHAPE = (19, 40, 24)  # M, K, N


@pytest.mark.parametrize("name", ["dy", "g", "fc", "x", "w_g", "w_fc"])
@pytest.mark.parametrize("special", [np.nan, np.inf])
def test_fused_swiglu_grad_propagates_specials(name, special):
    m, k, n = SWIGLU_SHAPE
    inputs = dict(zip(("dy", "g", "fc", "x", "w_g", "w_fc"), ascendops.ops.fused_swiglu_grad.sample_all(m, k, n, 4)))
    where = {"dy": (3, 5), "g": (7, 1), "fc": (0, 20), "x": (11, 33), "w_g": (2, 9), "w_fc": (39, 0)}[name]
    inputs[name] = inputs[name].copy()
    inputs[name][where] = special
    out = ascendops.fused_swiglu_grad(*inputs.values())
    with np.errstate(invalid="ignore", over="ignore"):  # inf - inf and inf * 0 are the point here
        expected = swiglu_golden.fused_swiglu_grad(*inputs.values())
    for key, actual in out.items():
        actual, ref = actual.astype(np.float32), expected[key].astype(np.float32)
        np.testing.assert_array_equal(np.isnan(actual), np.isnan(ref), err_msg=key)
        np.testing.assert_array_equal(np.isinf(actual), np.isinf(ref), err_msg=key)
        finite = np.isfinite(ref)
        assert finite.sum() > 0 or key != "dx"
        np.testing.assert_allclose(actual[finite], ref[finite], atol=0.1, rtol=1 / 64, err_msg=key)
