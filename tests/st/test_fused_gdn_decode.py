"""FusedGdnDecode on the CPU twin against the NumPy golden (and an independent recurrent reference): every dtype
combination, the vllm-ascend shapes, odd K and V, Hv/H ratios, invalid slots, several decode steps.

Tolerances are the spec's (vllm-ascend test): rtol 1e-2, atol 5e-2 on randn * 0.01 data; untouched slots and
invalid rows are compared bit-exactly.
"""

import ml_dtypes
import numpy as np
import pytest

from ascendops.golden.fused_gdn_decode import fused_gdn_decode as golden
from ascendops.golden.fused_gdn_decode import softplus
from ascendops.ops.fused_gdn_decode import fused_gdn_decode, make_inputs, tiling

RTOL, ATOL = 1e-2, 5e-2
COMBOS = [("bfloat16", "float32"), ("float16", "float32"), ("bfloat16", "bfloat16"), ("float16", "float16")]
SOCS = ["ascend910b", "ascend910_93"]


def np_dtype(name):
    return np.dtype(ml_dtypes.bfloat16) if name == "bfloat16" else np.dtype(name)


def close(actual, expected, **kw):
    """The spec's tolerance, and the same tolerance scaled to the data (randn * 0.01 values sit below atol 5e-2, so
    the unscaled check alone would accept an all-zero result)."""
    actual = np.asarray(actual, np.float32)
    np.testing.assert_allclose(actual, expected, rtol=RTOL, atol=ATOL, **kw)
    np.testing.assert_allclose(actual, expected, rtol=RTOL, atol=ATOL * float(np.abs(expected).max()), **kw)


def check(shape, dtype, state_dtype, indices=None, block_num=None, seed=0, **kw):
    args = make_inputs(
        *shape,
        dtype=np_dtype(dtype),
        state_dtype=np_dtype(state_dtype),
        indices=indices,
        block_num=block_num,
        seed=seed,
    )
    state = args[5]
    before = state.copy()
    expected_out, expected_state = golden(*args, **{k: v for k, v in kw.items() if k != "soc" and k != "core_num"})
    out = fused_gdn_decode(*args[:5], state, args[6], **kw)
    assert out.dtype == np_dtype(dtype) and out.shape == (shape[0], 1, shape[2], shape[4])
    close(out, expected_out)
    close(state, expected_state)
    blocks = state.shape[0]
    valid = {int(i) for i in args[6] if 0 < i < blocks}
    for slot in set(range(blocks)) - valid:  # untouched slots keep their exact bits
        assert state[slot].tobytes() == before[slot].tobytes(), f"slot {slot} was written"
    for row, slot in enumerate(args[6]):
        if not 0 < slot < blocks:
            assert not np.any(out[row].astype(np.float32)), f"row {row} (slot {slot}) must be zeros"
    return out, state


@pytest.mark.parametrize("dtype,state_dtype", COMBOS, ids=lambda c: c)
@pytest.mark.parametrize(
    "shape,indices",
    [
        ((1, 8, 16, 128, 128), None),
        ((4, 8, 16, 128, 128), [1, 0, 3, 4]),  # a zero (null-block) index
        ((8, 16, 32, 128, 128), None),
    ],
    ids=["1x8x16", "4x8x16-zero-index", "8x16x32"],
)
def test_vllm_shapes(shape, indices, dtype, state_dtype):
    check(shape, dtype, state_dtype, indices=indices)


@pytest.mark.parametrize("dtype,state_dtype", COMBOS, ids=lambda c: c)
@pytest.mark.parametrize(
    "shape",
    [
        (3, 1, 1, 64, 16),  # K 64, Hv/H 1
        (3, 2, 4, 64, 100),  # V 100: not a multiple of bv 64
        (2, 4, 16, 72, 40),  # Hv/H 4, K 72 (8 padding floats on an fp32 row)
        (5, 1, 2, 80, 5),  # V 5 < 8: bv falls back to V
        (2, 2, 4, 200, 72),  # K 200: a last 64-column chunk of 8 (16-bit state: masked MulAddDst products / update)
        (3, 2, 4, 136, 100),  # K 136, V 100: paired row dots over a 36-row tail tile (not a multiple of 8 rows)
    ],
    ids=lambda s: "x".join(map(str, s)),
)
def test_odd_sizes(shape, dtype, state_dtype):
    check(shape, dtype, state_dtype, seed=sum(shape))


@pytest.mark.parametrize("dtype", ["bfloat16", "float16"])
def test_k_129_16bit_state(dtype):
    check((3, 1, 4, 129, 40), dtype, dtype)


@pytest.mark.parametrize("dtype,state_dtype", COMBOS, ids=lambda c: c)
def test_largest_k_of_whole_rows(dtype, state_dtype):
    # K 672 at bv 16: 187040 bytes, within the 188416 TPipe may hand out on A2/A3 (K 688 would need 191392 and goes
    # in K tiles: tests/st/test_fused_gdn_decode_k_tiles.py).
    check((2, 1, 2, 672, 24), dtype, state_dtype)


@pytest.mark.parametrize("dtype,state_dtype", COMBOS[::2], ids=lambda c: c)
def test_invalid_and_out_of_range_slots(dtype, state_dtype):
    # slots: valid, null block, negative, == BlockNum, far beyond, valid
    check((6, 2, 4, 64, 16), dtype, state_dtype, indices=[2, 0, -3, 7, 1 << 30, 5], block_num=7)


@pytest.mark.parametrize("soc", SOCS)
@pytest.mark.parametrize("core_num", [1, 5, 7, 40])
def test_core_counts(core_num, soc):
    # 5 and 7 cores start task ranges mid-batch (index buffer spanning one more row).
    check((5, 2, 6, 64, 24), "bfloat16", "float32", indices=[3, 0, 1, 5, 2], soc=soc, core_num=core_num)


@pytest.mark.parametrize("threshold", [20.0, 0.5, -1.0])
def test_softplus_threshold_and_scale(threshold):
    check((2, 2, 4, 64, 16), "float16", "float32", scale=0.125, softplus_threshold=threshold)


def test_softplus_follows_torch_definition():
    x = np.array([-30.0, -1.0, 0.0, 0.4, 0.6, 25.0], np.float32)
    np.testing.assert_allclose(
        softplus(x, 0.5),
        [np.log1p(np.exp(-30.0)), np.log1p(np.exp(-1.0)), np.log(2.0), np.log1p(np.exp(0.4)), 0.6, 25.0],
        rtol=1e-6,
    )


def recurrent_reference(q, k, v, g, beta, h0):
    """flash-linear-attention's naive recurrent gated delta rule for one token; state layout [K, V]."""
    h = h0 * np.exp(g)[..., None, None]
    v_new = (v - np.einsum("jkv,jk->jv", h, k)) * beta[..., None]
    h = h + np.einsum("jk,jv->jkv", k, v_new)
    return np.einsum("jkv,jk->jv", h, q), h


@pytest.mark.parametrize("dtype,state_dtype", COMBOS, ids=lambda c: c)
def test_decode_steps_match_recurrence(dtype, state_dtype):
    b, h, hv, k_dim, v_dim = 2, 2, 4, 64, 32
    rng = np.random.default_rng(7)
    mixed, a, bb, a_log, dt_bias, state, idx = make_inputs(
        b, h, hv, k_dim, v_dim, dtype=np_dtype(dtype), state_dtype=np_dtype(state_dtype)
    )
    ref = {int(s): np.swapaxes(state[s].astype(np.float32), -1, -2) for s in idx}  # [Hv, K, V] per slot
    groups = np.arange(hv) // (hv // h)
    for step in range(3):
        mixed = (rng.standard_normal(mixed.shape) * 0.01).astype(mixed.dtype)
        out = fused_gdn_decode(mixed, a, bb, a_log, dt_bias, state, idx, scale=0.5)
        m = mixed.astype(np.float32)
        for row, slot in enumerate(idx):
            q = m[row, : h * k_dim].reshape(h, k_dim)
            kk = m[row, h * k_dim : 2 * h * k_dim].reshape(h, k_dim)
            q = 0.5 * q / np.sqrt((q * q).sum(-1, keepdims=True) + 1e-6)
            kk = kk / np.sqrt((kk * kk).sum(-1, keepdims=True) + 1e-6)
            v = m[row, 2 * h * k_dim :].reshape(hv, v_dim)
            g = -np.exp(a_log) * np.log1p(np.exp(a[row].astype(np.float32) + dt_bias.astype(np.float32)))
            beta = 1 / (1 + np.exp(-bb[row].astype(np.float32)))
            o, ref[int(slot)] = recurrent_reference(q[groups], kk[groups], v, g, beta, ref[int(slot)])
            ref[int(slot)] = ref[int(slot)].astype(np_dtype(state_dtype)).astype(np.float32)  # stored precision
            close(out[row, 0], o, err_msg=f"step {step}")
            close(np.swapaxes(state[slot].astype(np.float32), -1, -2), ref[int(slot)], err_msg=f"step {step}")


@pytest.mark.parametrize("dtype", ["bfloat16", "float16"])
def test_16bit_state_without_bank_pads(dtype):
    # K 672, V 256: the estimate leaves too little UB for the bank pads (tiling ub_banked 0), so the 16-bit tile
    # runs in the unpadded layout: same results, only bank conflicts in the cost.
    shape = (7, 1, 2, 672, 256)
    assert tiling(*shape, dtype=dtype, state_dtype=dtype)["ub_banked"] == 0
    check(shape, dtype, dtype, indices=[3, 0, 1, 5, -1, 2, 6], block_num=7, core_num=3)


def test_prep_block_without_a_valid_row_writes_zero_rows():
    # B 70 runs in two prep blocks of 35 rows; the second has no valid slot, so no tile enters it and its out rows
    # come from the zero-row pass (the first block's invalid rows from its staged out rows).
    shape = (70, 1, 2, 64, 32)
    assert tiling(*shape, dtype="bfloat16", state_dtype="float32", core_num=2)["prep_rows"] == 35
    indices = [i + 1 if i % 5 else 0 for i in range(35)] + [0] * 20 + [-3] * 15  # distinct valid slots
    check(shape, "bfloat16", "float32", indices=indices, block_num=36, core_num=2)
