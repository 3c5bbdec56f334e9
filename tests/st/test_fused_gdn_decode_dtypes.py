"""FusedGdnDecode with the callers' wider dtypes: a float32 dt_bias and int64 ssm_state_indices (vllm-ascend passes
both), beside the seed's 16-bit dt_bias and int32 indices. The tiling's key and UB for each of the 16 combinations,
the rejected ones with their messages, and the twin against the NumPy golden at the index edges (0, negative,
>= BlockNum, int64 values whose low 32 bits name a valid slot), with the batch split and with K tiles.

Tolerances are the spec's (rtol 1e-2, atol 5e-2 on randn * 0.01 data, also scaled to the data); untouched slots and
invalid rows are compared bit-exactly.
"""

import itertools

import ml_dtypes
import numpy as np
import pytest

from ascendops import AclnnError
from ascendops.golden.fused_gdn_decode import fused_gdn_decode as golden
from ascendops.ops.fused_gdn_decode import fused_gdn_decode, tiling

RTOL, ATOL = 1e-2, 5e-2
BF16 = np.dtype(ml_dtypes.bfloat16)
INPUTS = {"bfloat16": BF16, "float16": np.dtype(np.float16)}

# (mixedQkv, stateRef, dtBias, ssmStateIndices) -> key name; "same" = mixedQkv's dtype
COMBOS = list(itertools.product(("bfloat16", "float16"), ("float32", "same"), ("same", "float32"), ("int32", "int64")))


SHORT = {"bfloat16": "BF16", "float16": "FP16", "float32": "FP32"}


def key_name(dtype, state, bias, index):
    name = f"{SHORT[dtype]}_{SHORT[resolve(dtype, state)]}_STATE"
    return name + ("_FP32_BIAS" if bias == "float32" else "") + ("_INT64_INDEX" if index == "int64" else "")


def resolve(dtype, name):
    return dtype if name == "same" else name


@pytest.mark.parametrize("dtype,state,bias,index", COMBOS, ids=lambda c: str(c))
def test_every_combination_has_its_key(dtype, state, bias, index):
    t = tiling(
        4,
        8,
        16,
        128,
        128,
        dtype=dtype,
        state_dtype=resolve(dtype, state),
        dtypes={"dtBias": resolve(dtype, bias), "ssmStateIndices": index},
    )
    assert t["key"] == key_name(dtype, state, bias, index)
    # int64 indices: 4 rows staged as read (one 32-byte block) after the 8 int32 slots
    assert t["index_buffer_elems"] == (8 + 8 if index == "int64" else 8)
    assert t["ub"]["index_bytes"] == 4 * t["index_buffer_elems"]


def test_keys_number_the_combinations_1_to_16():
    keys = {}
    for c in COMBOS:
        keys[key_name(*c)] = c
    from ascendops.ops.fused_gdn_decode import TILING_KEYS

    assert sorted(TILING_KEYS) == list(range(1, 17))
    assert set(TILING_KEYS.values()) == set(keys)
    # key = the seed's (mixedQkv, state) key + 4 for a float32 dtBias + 8 for int64 indices
    by_name = {v: k for k, v in TILING_KEYS.items()}
    for name, (dtype, state, bias, index) in keys.items():
        base = by_name[key_name(dtype, state, "same", "int32")]
        assert by_name[name] == base + 4 * (bias == "float32") + 8 * (index == "int64")


def test_fp32_bias_widens_the_gating_stage_only_where_it_is_the_largest():
    # K 64, one prep row: the stage is max(q/k rows 2*1*64*2 = 256, gating 2*4*16*2 + 16*bias + 64, v 1*16*2);
    # 16-bit dtBias 352, float32 dtBias 384.
    kw = dict(dtype="float16", state_dtype="float32")
    t16 = tiling(1, 1, 1, 64, 16, **kw)
    t32 = tiling(1, 1, 1, 64, 16, dtypes={"dtBias": "float32"}, **kw)
    assert t16["prep_rows"] == t32["prep_rows"] == 1
    assert (t16["ub"]["stage_bytes"], t32["ub"]["stage_bytes"]) == (352, 384)
    assert t32["ub_bytes"] - t16["ub_bytes"] == 32
    # K 128 and more: the q / k rows are the larger stage either way
    big16, big32 = tiling(8, 8, 16, 128, 128, **kw), tiling(8, 8, 16, 128, 128, dtypes={"dtBias": "float32"}, **kw)
    assert big16["ub"]["stage_bytes"] == big32["ub"]["stage_bytes"]


def test_int64_indices_with_the_batch_split_stage_after_the_scan():
    # Hv 2 leaves most of 48 cores idle: the batch is cut into chunks, the index buffer holds the scan's buffers
    # (GdnScanLayout, 64 rows: 4 x 64 + 8 + 8 * 8 + 8 * 8 = 392) and then the 64 int64 indices (128 int32 elements).
    t32 = tiling(64, 1, 2, 64, 16)
    t64 = tiling(64, 1, 2, 64, 16, dtypes={"ssmStateIndices": "int64"})
    assert t32["batch_chunks"] == t64["batch_chunks"] > 1
    assert t64["index_buffer_elems"] - t32["index_buffer_elems"] == 128


@pytest.mark.parametrize(
    "kw,message",
    [
        (dict(dtype="float32"), "mixedQkv dtype float32 must be bfloat16 or float16"),
        (
            dict(dtypes={"ssmStateIndices": "int16"}),
            "ssmStateIndices dtype int16 must be int32 or int64",
        ),
        (dict(dtypes={"ssmStateIndices": "uint64"}), "ssmStateIndices dtype uint64 must be int32 or int64"),
        (dict(dtypes={"ssmStateIndices": "float32"}), "ssmStateIndices dtype float32 must be int32 or int64"),
        (dict(dtypes={"dtBias": "float16"}), "dtBias dtype float16 must be float32 or mixedQkv's dtype (bfloat16)"),
        (dict(dtypes={"dtBias": "float64"}), "dtBias dtype float64 must be float32 or mixedQkv's dtype (bfloat16)"),
        (
            dict(dtype="float16", dtypes={"dtBias": "bfloat16"}),
            "dtBias dtype bfloat16 must be float32 or mixedQkv's dtype (float16)",
        ),
        (dict(dtypes={"a": "float32"}), "a dtype float32 must equal mixedQkv's dtype (bfloat16)"),
        (
            dict(dtype="float16", state_dtype="bfloat16", dtypes={"dtBias": "float32"}),
            "stateRef dtype bfloat16 must be float32 or mixedQkv's dtype (float16)",
        ),
        (
            dict(block_num=2**31 + 1, shape=(1, 1, 1, 64, 1), dtypes={"ssmStateIndices": "int64"}),
            "stateRef dim 0 value 2147483649 must be <= 2147483648 with int64 ssmStateIndices (the kernel holds slots "
            "as int32)",
        ),
    ],
)
def test_other_combinations_are_rejected_naming_the_parameter(kw, message):
    with pytest.raises(AclnnError) as e:
        tiling(*kw.pop("shape", (4, 8, 16, 128, 128)), **kw)
    assert (e.value.code, e.value.message) == (161002, message)


def test_int32_indices_take_any_block_num():
    assert tiling(1, 1, 1, 64, 1, block_num=2**31 + 1)["block_num"] == 2**31


# --- the twin against the golden ------------------------------------------------------------------------------------


def make(b, h, hv, k, v, *, dtype, state_dtype, bias_dtype, indices, block_num, seed=0):
    """vllm-ascend's data: randn * 0.01 inputs, A_log and dt_bias, and state."""
    rng = np.random.default_rng(seed)
    dt = INPUTS[dtype]
    mixed = (rng.standard_normal((b, 2 * h * k + hv * v)) * 0.01).astype(dt)
    a = (rng.standard_normal((b, hv)) * 0.01).astype(dt)
    bb = (rng.standard_normal((b, hv)) * 0.01).astype(dt)
    a_log = (rng.standard_normal(hv) * 0.01).astype(np.float32)
    dt_bias = (rng.standard_normal(hv) * 0.01).astype(resolve(dt, bias_dtype))
    state = (rng.standard_normal((block_num, hv, v, k)) * 0.01).astype(resolve(dt, state_dtype))
    return mixed, a, bb, a_log, dt_bias, state, indices


def close(actual, expected):
    actual = np.asarray(actual, np.float32)
    np.testing.assert_allclose(actual, expected, rtol=RTOL, atol=ATOL)
    np.testing.assert_allclose(actual, expected, rtol=RTOL, atol=ATOL * float(np.abs(expected).max()))


def check(shape, indices, *, dtype="bfloat16", state_dtype="float32", bias_dtype="float32", block_num=6, **kw):
    args = make(
        *shape, dtype=dtype, state_dtype=state_dtype, bias_dtype=bias_dtype, indices=indices, block_num=block_num
    )
    state = args[5]
    before = state.copy()
    expected_out, expected_state = golden(*args, scale=shape[3] ** -0.5)
    out = fused_gdn_decode(*args[:5], state, indices, scale=shape[3] ** -0.5, **kw)
    close(out, expected_out)
    close(state, expected_state)
    valid = {int(i) for i in indices if 0 < i < block_num}
    assert valid, "the case must touch a slot"
    for slot in set(range(block_num)) - valid:
        assert state[slot].tobytes() == before[slot].tobytes(), f"slot {slot} was written"
    for slot in valid:
        assert state[slot].tobytes() != before[slot].tobytes(), f"slot {slot} was not written"
    for row, slot in enumerate(indices):
        if not 0 < slot < block_num:
            assert not np.any(out[row].astype(np.float32)), f"row {row} (slot {slot}) must be zeros"
    return out


# int64 values whose low 32 bits are 1 and 2 (valid slots if narrowed), 2^31 (negative if narrowed), negative ones
EDGE_INT64 = np.array([0, 3, -1, 2**32 + 1, 6, -(2**40), 2**32 + 2, 2**31, 5, 1], dtype=np.int64)


@pytest.mark.parametrize("state_dtype", ["float32", "bfloat16"])
@pytest.mark.parametrize("core_num", [0, 3])
def test_int64_index_edges_fp32_bias(state_dtype, core_num):
    check((10, 2, 4, 64, 32), EDGE_INT64, state_dtype=state_dtype, core_num=core_num)


@pytest.mark.parametrize("dtype,state_dtype", [("float16", "float32"), ("float16", "float16")])
def test_int32_indices_fp32_bias(dtype, state_dtype):
    idx = np.array([0, 3, -1, 6, 5, 1, -(2**31), 2**31 - 1], dtype=np.int32)
    check((8, 1, 2, 128, 16), idx, dtype=dtype, state_dtype=state_dtype)


def test_int64_indices_16bit_bias():
    check((4, 2, 4, 64, 16), np.array([2, 0, 7, 4], dtype=np.int64), bias_dtype="same")


def test_int64_indices_with_the_batch_split():
    # 64 rows, Hv 2: chunks of rows on their own cores; repeated slots across chunks, int64 values that narrow to a
    # slot and invalid ones, through the ownership scan
    rng = np.random.default_rng(3)
    idx = rng.integers(1, 12, 64).astype(np.int64)
    idx[[0, 9, 30, 63]] = [0, 2**32 + 3, -7, 12]
    assert tiling(64, 1, 2, 64, 16, block_num=12, dtypes={"ssmStateIndices": "int64"})["batch_chunks"] > 1
    check((64, 1, 2, 64, 16), idx, block_num=12, bias_dtype="float32")


@pytest.mark.parametrize("state_dtype", ["float32", "bfloat16"])
def test_int64_indices_fp32_bias_in_k_tiles(state_dtype):
    assert tiling(3, 1, 2, 704, 16, state_dtype=state_dtype, dtypes={"ssmStateIndices": "int64"})["k_tiles"] == 2
    check((3, 1, 2, 704, 16), np.array([4, 2**32 + 1, 1], dtype=np.int64), state_dtype=state_dtype)


def test_fp32_bias_is_not_rounded_to_16_bit():
    # dt_bias values bfloat16 cannot hold (1 + 2^-9 rounds to 1): the gate must use them as they are. The float32
    # state shows the decay's 1e-3 relative difference far above the kernel's float32 rounding.
    args = list(
        make(
            2,
            1,
            2,
            64,
            8,
            dtype="bfloat16",
            state_dtype="float32",
            bias_dtype="float32",
            indices=np.array([1, 2], np.int64),
            block_num=3,
        )
    )
    args[1] = np.zeros_like(args[1])
    args[3] = np.zeros_like(args[3])
    args[4] = np.array([1.0 + 2**-9, -1.0 - 2**-8], np.float32)
    _, exact = golden(*args, scale=0.125)
    _, rounded = golden(*args[:4], args[4].astype(BF16), *args[5:], scale=0.125)
    state = args[5]
    fused_gdn_decode(*args[:5], state, args[6], scale=0.125)
    assert np.abs(state - exact).max() * 10 < np.abs(state - rounded).max()


# registry input name -> how a tiling call sets that input's dtype
REGISTRY_PARAMS = {
    "mixed_qkv": lambda d: dict(dtype=d),
    "state": lambda d: dict(dtype=d if d in INPUTS else "bfloat16", state_dtype=d),  # 16-bit: mixedQkv's dtype
    "dt_bias": lambda d: dict(dtype=d if d in INPUTS else "bfloat16", dtypes={"dtBias": d}),
    "ssm_state_indices": lambda d: dict(dtypes={"ssmStateIndices": d}),
}
CANDIDATES = ("bfloat16", "float16", "float32", "float64", "int8", "int16", "int32", "int64", "uint64")


def takes(**kw):
    try:
        tiling(4, 8, 16, 128, 128, **kw)
    except AclnnError:
        return False
    return True


@pytest.mark.parametrize("name", sorted(REGISTRY_PARAMS))
def test_the_registry_lists_exactly_the_dtypes_the_tiling_takes(name):
    """registry.json's dtypes of an input are exactly the ones the host tiling accepts for it."""
    from ascendops.registry import operator

    listed = next(i["dtypes"] for i in operator("fused_gdn_decode")["inputs"] if i["name"] == name)
    taken = [d for d in CANDIDATES if takes(**REGISTRY_PARAMS[name](d))]
    assert sorted(taken) == sorted(listed)
