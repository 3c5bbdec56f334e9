"""Fuzz of ascendops.embedding_dense_grad over grad shapes and strides, index dtypes and values (out of range,
padding), attributes, SoCs and core counts: every outcome is documented (the golden within the spec's 1e-4, or
AclnnError 161002 for num_weights outside [1, 2^31 - 1], padding_idx >= num_weights or a core count beyond the
SoC's largest variant), bit-identical to the result on one core. ASCENDOPS_FUZZ_EXAMPLES raises the example count (scripts/fuzz.sh)."""

import os

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import ascendops
from ascendops.golden import embedding_dense_grad as golden
from ascendops.ops.embedding_dense_grad import TOLERANCE

EXAMPLES = int(os.environ.get("ASCENDOPS_FUZZ_EXAMPLES", "25"))
SOCS = {s["name"]: s["max_vector_kernel_cores"] for s in ascendops.socs()}


@st.composite
def call(draw):
    soc = draw(st.sampled_from(sorted(SOCS)))
    core_num = draw(st.one_of(st.just(0), st.integers(1, SOCS[soc] + 1)))
    lead = tuple(draw(st.lists(st.integers(0, 6), min_size=0, max_size=2)))
    dim = draw(st.integers(1, 40))
    num_weights = draw(st.one_of(st.integers(1, 30), st.sampled_from([0, -1, -(2**40), 2**31, 2**31 + 5])))
    padding_idx = draw(st.integers(-3, 32))
    scale = draw(st.booleans())
    rng = np.random.default_rng(draw(st.integers(0, 2**16)))
    grad = rng.standard_normal((*lead, dim * 2)).astype(np.float32)
    grad = grad[..., ::2] if draw(st.booleans()) else grad[..., :dim]  # strided or a contiguous prefix view
    hi = max(min(num_weights, 30), 1)
    idx_dtype = draw(st.sampled_from([np.int32, np.int64]))
    indices = rng.integers(-2, hi + 2, lead).astype(idx_dtype)
    return soc, core_num, grad, indices, num_weights, padding_idx, scale


@settings(max_examples=EXAMPLES)
@given(c=call())
def test_embedding_dense_grad_outcomes_are_documented(c):
    soc, core_num, grad, indices, num_weights, padding_idx, scale = c
    before = grad.copy(), indices.copy()
    valid = 1 <= num_weights <= 2**31 - 1 and padding_idx < num_weights and core_num <= SOCS[soc]
    try:
        out = ascendops.embedding_dense_grad(grad, indices, num_weights, padding_idx, scale, soc=soc, core_num=core_num)
    except ascendops.AclnnError as e:
        assert e.code == 161002 and not valid, e
        rule = (
            "core_num"
            if core_num > SOCS[soc]
            else "num_weights"
            if num_weights < 1 or num_weights >= 2**31
            else "padding_idx"
        )
        assert e.message.startswith(rule), e
    else:
        assert valid
        expected = golden.embedding_dense_grad(grad, indices, num_weights, padding_idx, scale)
        np.testing.assert_allclose(out, expected, rtol=TOLERANCE, atol=TOLERANCE)
        one_core = ascendops.embedding_dense_grad(grad, indices, num_weights, padding_idx, scale, soc=soc, core_num=1)
        np.testing.assert_array_equal(out, one_core)  # every core count gives the same bits
    np.testing.assert_array_equal(grad, before[0])
    np.testing.assert_array_equal(indices, before[1])


@pytest.mark.parametrize("num_weights", [2**31, -1, 0, -(2**40)])
def test_num_weights_is_checked_before_the_output_exists(num_weights):
    with pytest.raises(ascendops.AclnnError) as e:
        ascendops.embedding_dense_grad(np.ones((2, 8), np.float32), np.zeros(2, np.int32), num_weights)
    assert e.value.code == 161002
    assert e.value.message == f"num_weights {num_weights} must be in [1, 2^31 - 1]"


def test_out_bytes_overflow_is_161002():
    with pytest.raises(ascendops.AclnnError) as e:
        ascendops.tiling.embedding_dense_grad((1, 2**31 - 1), 2**31 - 1)
    assert (
        e.value.code == 161002
        and e.value.message == "out [num_weights, D] = [2147483647, 2147483647] overflows " "int64 bytes"
    )


BAD_ARGS = [
    (dict(num_weights=6.9), TypeError, "num_weights must be an int, got float 6.9"),
    (dict(num_weights=True), TypeError, "num_weights must be an int"),
    (dict(num_weights=2**64), ValueError, "num_weights 18446744073709551616 must be"),
    (dict(padding_idx="1"), TypeError, "padding_idx must be an int"),
    (dict(scale_grad_by_freq="no"), TypeError, "scale_grad_by_freq must be a bool, got str 'no'"),
    (dict(scale_grad_by_freq=1), TypeError, "scale_grad_by_freq must be a bool"),
    (dict(core_num=np.float64(2)), TypeError, "core_num must be an int"),
]


@pytest.mark.parametrize("kw, error, match", BAD_ARGS, ids=[str(b[0]) for b in BAD_ARGS])
def test_bad_arguments_name_the_parameter(kw, error, match):
    args = {"num_weights": 4, **kw}
    with pytest.raises(error, match=match):
        ascendops.embedding_dense_grad(np.ones((2, 8), np.float32), np.zeros(2, np.int32), **args)


def test_numpy_integers_are_accepted():
    out = ascendops.embedding_dense_grad(
        np.ones((2, 8), np.float32),
        np.array([1, 1], np.int32),
        np.int64(3),
        np.int32(-1),
        np.bool_(True),
        core_num=np.uint8(2),
    )
    np.testing.assert_array_equal(out[1], np.ones(8, np.float32))
