"""``ascendops bench ratio``: its NumPy side computes the operators' math (checked against the goldens, which it
never calls), and the command prints one row per case with its paired ratios (times are the benchmark's to report,
never asserted here)."""

import ml_dtypes
import numpy as np
import pytest

from ascendops.bench import ratio
from ascendops.golden import embedding_dense_grad as edg_golden
from ascendops.golden import fused_swiglu_grad as swiglu_golden
from ascendops.golden import split as split_golden
from ascendops.ops.embedding_dense_grad import sample as edg_sample
from ascendops.ops.fused_gdn_decode import fused_gdn_decode, make_inputs
from ascendops.ops.fused_swiglu_grad import sample_all


def test_numpy_split_is_the_pieces():
    x = np.arange(6 * 12, dtype=np.float16).reshape(6, 12)
    got = ratio._np_split(x, 4)
    want = split_golden.split(x, [4, 4, 4], 1)
    assert len(got) == 3 and all(g.flags.c_contiguous and np.array_equal(g, w) for g, w in zip(got, want))


def test_numpy_embedding_dense_grad_is_the_segment_sums():
    grad, idx = edg_sample(300, 16, 40, seed=3)
    want = edg_golden.embedding_dense_grad(grad, idx, 40)
    np.testing.assert_allclose(ratio._np_embedding_dense_grad(grad, idx, 40), want, rtol=1e-5, atol=1e-5)


def test_numpy_gdn_decode_matches_the_twin():
    b, h, hv, k, v = 3, 2, 4, 64, 16
    inputs = make_inputs(b, h, hv, k, v, dtype=ml_dtypes.bfloat16, state_dtype=np.float32)
    ours = [*inputs[:5], inputs[5].copy(), inputs[6]]
    out = ratio._np_gdn_decode(*ours, h, hv, k, v)
    twin = fused_gdn_decode(*inputs, soc="ascend910b")
    # out: one bfloat16 ulp (its rounding); the float32 state: the rounding of a K-term float32 sum (K x 2^-24)
    np.testing.assert_allclose(out.astype(np.float32), twin.astype(np.float32), rtol=2**-8, atol=0)
    np.testing.assert_allclose(ours[5], inputs[5], rtol=k * 2**-24, atol=1e-8)
    fresh = make_inputs(b, h, hv, k, v, dtype=ml_dtypes.bfloat16, state_dtype=np.float32)[5]
    assert np.abs(ours[5] - fresh).max() > 1e-3  # the step changed the state


def test_numpy_swiglu_grad_matches_the_golden():
    inputs = sample_all(37, 24, 40, seed=2)
    want = swiglu_golden.fused_swiglu_grad(*inputs)
    for name, got in zip(("dx", "dw_g", "dw_fc", "db_g", "db_fc"), ratio._np_swiglu_grad(*inputs)):
        swiglu_golden.assert_close(got, want[name], name)


@pytest.mark.parametrize("only", ["cast", "split"])
def test_prints_the_paired_ratios(cli_run, only):
    code, out, err = cli_run("bench", "ratio", "--quick", "--repeat", "2", "--only", only)
    assert code == 0, err
    lines = out.splitlines()
    assert lines[0].split()[:2] == ["op", "case"] and lines[0].split()[-5:] == [
        "ratio",
        "spread",
        "target",
        "met",
        "cpu_ratio",
    ]
    rows = [line for line in lines[2:] if line.startswith(only)]
    assert rows and all("<= 2.0" in line for line in rows)
    assert "interleaved" in out
