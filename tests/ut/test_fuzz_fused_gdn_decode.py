"""Fuzz of ascendops.fused_gdn_decode over shapes (B, H, Hv/H, K, V, BlockNum), dtypes, slot indices (padding
slots <= 0 and >= BlockNum included, valid slots repeated too: rows naming one slot update it in batch order),
scale, SoCs and core counts: every outcome is documented (the golden within the spec's rtol 1e-2 /
atol 5e-2, or AclnnError 161002 on ascend310p or beyond the SoC's largest variant).
ASCENDOPS_FUZZ_EXAMPLES raises the example count (scripts/fuzz.sh)."""

import os

import ml_dtypes
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import ascendops
from ascendops.golden.fused_gdn_decode import fused_gdn_decode as golden
from ascendops.ops.fused_gdn_decode import make_inputs

EXAMPLES = int(os.environ.get("ASCENDOPS_FUZZ_EXAMPLES", "15"))
SOCS = {s["name"]: s["max_vector_kernel_cores"] for s in ascendops.socs()}
RTOL, ATOL = 1e-2, 5e-2


@st.composite
def call(draw):
    soc = draw(st.sampled_from(sorted(SOCS)))
    core_num = draw(st.one_of(st.just(0), st.integers(1, SOCS[soc] + 1)))
    b, h = draw(st.integers(1, 4)), draw(st.integers(1, 2))
    hv = h * draw(st.integers(1, 2))
    k = draw(st.sampled_from([64, 128]))
    v = draw(st.sampled_from([8, 16, 24]))
    block_num = draw(st.integers(1, b + 2))
    dtype = draw(st.sampled_from([ml_dtypes.bfloat16, np.float16]))
    state_dtype = draw(st.sampled_from([np.float32, dtype]))
    # -1, 0 and block_num are padding; valid slots may repeat (applied in batch order, as the golden does)
    slots = draw(st.lists(st.integers(-1, block_num), min_size=b, max_size=b))
    scale = draw(st.sampled_from([1.0, 0.125, 2.0, -0.5]))
    args = make_inputs(
        b,
        h,
        hv,
        k,
        v,
        dtype=dtype,
        state_dtype=state_dtype,
        block_num=block_num,
        indices=slots,
        seed=draw(st.integers(0, 2**16)),
    )
    return soc, core_num, args, scale


@settings(max_examples=EXAMPLES)
@given(c=call())
def test_fused_gdn_decode_outcomes_are_documented(c):
    soc, core_num, args, scale = c
    state = args[5]
    before = [a.copy() for a in args]
    valid = soc != "ascend310p" and core_num <= SOCS[soc]
    try:
        out = ascendops.fused_gdn_decode(*args, scale=scale, soc=soc, core_num=core_num)
    except ascendops.AclnnError as e:
        assert e.code == 161002 and not valid, e
        np.testing.assert_array_equal(state, before[5])  # a rejected call writes nothing
    else:
        assert valid
        want_out, want_state = golden(*before, scale=scale)
        np.testing.assert_allclose(out.astype(np.float32), want_out, rtol=RTOL, atol=ATOL)
        np.testing.assert_allclose(state.astype(np.float32), want_state, rtol=RTOL, atol=ATOL)
    for got, was in zip(args[:5] + args[6:], before[:5] + before[6:]):
        np.testing.assert_array_equal(got, was)  # only the state is updated in place


BAD_ARGS = [
    (dict(scale="2"), TypeError, "scale must be a real number, got str '2'"),
    (dict(scale=True), TypeError, "scale must be a real number"),
    (dict(softplus_threshold=None), TypeError, "softplus_threshold must be a real number"),
    (dict(core_num=1.5), TypeError, "core_num must be an int"),
]


@pytest.mark.parametrize("kw, error, match", BAD_ARGS, ids=[str(b[0]) for b in BAD_ARGS])
def test_bad_arguments_name_the_parameter(kw, error, match):
    args = make_inputs(1, 1, 1, 64, 8, dtype=np.float16, state_dtype=np.float32)
    with pytest.raises(error, match=match):
        ascendops.fused_gdn_decode(*args, **kw)


@pytest.mark.parametrize("name", ["scale", "softplus_threshold"])
@pytest.mark.parametrize("value", [float("nan"), float("inf")])
def test_non_finite_floats_are_the_documented_161002(name, value):
    args = make_inputs(1, 1, 1, 64, 8, dtype=np.float16, state_dtype=np.float32)
    with pytest.raises(ascendops.AclnnError) as e:
        ascendops.fused_gdn_decode(*args, **{name: value})
    assert e.value.code == 161002 and "must be finite" in e.value.message
