"""FusedGdnDecode with duplicate positive ssm_state_indices: rows naming the same slot update it one after another in
batch order (row b + 1 sees row b's update), bit-identical for 1, 3 and all cores and across repeated runs.

The expected values come from the golden applied one batch row at a time, the state carried from call to call in
its own dtype (independent of the kernel). Tolerances are the spec's (rtol 1e-2, atol 5e-2); untouched slots and
invalid rows are compared bit-exactly.
"""

import ml_dtypes
import numpy as np
import pytest

from ascendops.golden.fused_gdn_decode import fused_gdn_decode as golden
from ascendops.golden.fused_gdn_decode import fused_gdn_decode_row_by_row
from ascendops.ops.fused_gdn_decode import fused_gdn_decode, make_inputs

RTOL, ATOL = 1e-2, 5e-2
SHAPE = (7, 2, 4, 64, 40)  # B, H, Hv, K, V: 3 tasks of 16 value rows per head, so 3 cores split heads mid-way
BLOCK_NUM = 6
# slot 3 three times, slot 1 twice, plus a zero, a negative and an out-of-range (>= BlockNum) row
INDICES = [3, 1, 3, 0, -2, 3, 9]
CORE_NUMS = [1, 3, 0]  # 0: every AIV core of the SoC


def sequential_golden(args):
    """Rows applied one after another: the golden on each single row, the state passed on in its dtype."""
    return fused_gdn_decode_row_by_row(*args, scale=0.5)


def run(args, core_num):
    state = args[5].copy()
    out = fused_gdn_decode(*args[:5], state, args[6], scale=0.5, core_num=core_num)
    return out, state


@pytest.mark.parametrize(
    "dtype,state_dtype",
    [(ml_dtypes.bfloat16, np.float32), (np.float16, np.float16)],
    ids=["bf16-fp32state", "fp16-fp16state"],
)
def test_duplicates_apply_in_batch_order_on_any_core_count(dtype, state_dtype):
    args = make_inputs(*SHAPE, dtype=dtype, state_dtype=state_dtype, block_num=BLOCK_NUM, indices=INDICES, seed=3)
    expected_out, expected_state = sequential_golden(args)
    results = [run(args, n) for n in CORE_NUMS] + [run(args, 0)]  # the last: a repeated run
    out, state = results[0]
    f32 = lambda x: np.asarray(x, np.float32)  # noqa: E731
    np.testing.assert_allclose(f32(out), expected_out, rtol=RTOL, atol=ATOL)
    np.testing.assert_allclose(f32(state), f32(expected_state), rtol=RTOL, atol=ATOL)
    # scaled to the data: randn * 0.01 values sit below atol, so this catches a zero or a once-applied slot
    scale = float(np.abs(f32(expected_state)[3]).max())
    np.testing.assert_allclose(f32(state)[3], f32(expected_state)[3], rtol=RTOL, atol=ATOL * scale)
    for n, (other_out, other_state) in zip(CORE_NUMS[1:] + ["repeat"], results[1:]):
        assert other_out.tobytes() == out.tobytes(), f"out differs with core_num {n}"
        assert other_state.tobytes() == state.tobytes(), f"state differs with core_num {n}"
    for slot in (0, 2, 4, 5):  # never named by a valid row
        assert state[slot].tobytes() == args[5][slot].tobytes(), f"slot {slot} was written"
    for row in (3, 4, 6):  # slot 0, negative, >= BlockNum: zero rows
        assert not np.any(f32(out[row])), f"row {row} must be zeros"


def test_duplicate_differs_from_a_single_application():
    """The second row naming slot 1 sees the first row's update: its out differs from the out it would give on the
    untouched state (a kernel that prefetched the stale state would match the latter)."""
    args = make_inputs(2, 1, 2, 64, 32, dtype=np.float16, state_dtype=np.float32, block_num=2, indices=[1, 1], seed=5)
    out, _ = run(args, 0)
    alone = tuple(x[1:2] if i in (0, 1, 2, 6) else x for i, x in enumerate(args))
    stale_out, _ = golden(*alone, scale=0.5)
    seq_out, _ = sequential_golden(args)
    np.testing.assert_allclose(np.asarray(out, np.float32), seq_out, rtol=RTOL, atol=ATOL * 1e-2)
    assert not np.allclose(np.asarray(out[1], np.float32), stale_out[0], rtol=RTOL, atol=ATOL * 1e-2)


@pytest.mark.parametrize("state_dtype", [np.float32, ml_dtypes.bfloat16], ids=["fp32state", "bf16state"])
def test_repeated_slot_many_tiles_apart_reads_the_update(state_dtype):
    # K 512 leaves room for small tiles only (fp32: bv 16; bf16: bv 32), so a head's 64 value rows are several tiles
    # per batch row and a repeated slot's first tile comes more than kStateBuffers + 1 tiles after the earlier row's
    # write of the same rows: prefetched, ordered only through the queues' events (the twin checks every GM access).
    shape, indices = (5, 1, 2, 512, 64), [2, 1, 2, 3, 2]
    dtype = ml_dtypes.bfloat16
    args = make_inputs(*shape, dtype=dtype, state_dtype=state_dtype, block_num=4, indices=indices, seed=5)
    expected_out, expected_state = sequential_golden(args)
    f32 = lambda x: np.asarray(x, np.float32)  # noqa: E731
    for core_num in (1, 0):
        out, state = run(args, core_num)
        np.testing.assert_allclose(f32(out), expected_out, rtol=RTOL, atol=ATOL)
        scale = float(np.abs(f32(expected_state)[2]).max())  # slot 2 updated three times, in batch order
        np.testing.assert_allclose(f32(state)[2], f32(expected_state)[2], rtol=RTOL, atol=ATOL * scale)
        np.testing.assert_allclose(f32(state), f32(expected_state), rtol=RTOL, atol=ATOL)


# Batch split: Hv 2 x V 16 is 2 tasks, so 48 cores cut B 64 into 8 chunks of 8 rows (5 cores: 2 chunks of 32; 2
# cores: no split). Slot 5 is named in chunks 0, 2, 5, 6 and 7 (chunk 0's cores apply all five rows), slot 7 twice in
# chunk 3 and once in chunk 7; chunk 7 holds only rows of earlier chunks' slots and invalid rows.
SPLIT_SHAPE = (64, 1, 2, 64, 16)
SPLIT_INDICES = [10 + r for r in range(64)]
for _row, _slot in {
    3: 5,
    20: 5,
    41: 5,
    50: 5,
    30: 7,
    31: 7,
    56: 5,
    57: 7,
    58: 0,
    59: -1,
    60: 99,
    61: 1 + 10,
    62: 2 + 10,
    63: 0,
    9: -4,
    26: 0,
}.items():
    SPLIT_INDICES[_row] = _slot


@pytest.mark.parametrize(
    "dtype,state_dtype",
    [(ml_dtypes.bfloat16, np.float32), (np.float16, np.float16)],
    ids=["bf16-fp32state", "fp16-fp16state"],
)
def test_batch_split_applies_slots_across_chunks_in_batch_order(dtype, state_dtype):
    from ascendops.ops.fused_gdn_decode import tiling

    names = {np.float32: "float32", np.float16: "float16"}
    t = tiling(*SPLIT_SHAPE, dtype=names.get(dtype, "bfloat16"), state_dtype=names.get(state_dtype, "bfloat16"))
    assert (t["batch_chunks"], t["chunk_rows"], t["block_dim"]) == (8, 8, 16)
    args = make_inputs(*SPLIT_SHAPE, dtype=dtype, state_dtype=state_dtype, block_num=80, indices=SPLIT_INDICES, seed=7)
    expected_out, expected_state = sequential_golden(args)
    out, state = run(args, 0)
    f32 = lambda x: np.asarray(x, np.float32)  # noqa: E731
    np.testing.assert_allclose(f32(out), expected_out, rtol=RTOL, atol=ATOL)
    np.testing.assert_allclose(f32(state), f32(expected_state), rtol=RTOL, atol=ATOL)
    for slot in (5, 7):  # updated 5 and 3 times, scaled to the data
        scale = float(np.abs(f32(expected_state)[slot]).max())
        np.testing.assert_allclose(f32(state)[slot], f32(expected_state)[slot], rtol=RTOL, atol=ATOL * scale)
    for row in (58, 59, 60, 63, 9, 26):  # invalid rows: zeros
        assert not np.any(f32(out[row])), f"row {row} must be zeros"
    for core_num in (2, 5):  # no split; 2 chunks
        other_out, other_state = run(args, core_num)
        assert other_out.tobytes() == out.tobytes(), f"out differs with core_num {core_num}"
        assert other_state.tobytes() == state.tobytes(), f"state differs with core_num {core_num}"


def test_batch_split_at_unaligned_chunk_edges():
    # B 100 over Hv 4: 12 chunks of 9 rows (the last 1), so chunks start inside 32-byte blocks of the scan's row
    # weights; slot 4 is named in chunks 0, 1, 5 and 11, slot 9 at both edges of chunk 1 / 2.
    shape = (100, 1, 4, 64, 16)
    indices = [20 + r for r in range(100)]
    for row, slot in {0: 4, 9: 4, 50: 4, 99: 4, 17: 9, 18: 9, 26: 9, 8: -1, 27: 0}.items():
        indices[row] = slot
    from ascendops.ops.fused_gdn_decode import tiling

    assert tiling(*shape, dtype="bfloat16", state_dtype="float32")["chunk_rows"] == 9
    args = make_inputs(
        *shape, dtype=ml_dtypes.bfloat16, state_dtype=np.float32, block_num=130, indices=indices, seed=11
    )
    expected_out, expected_state = sequential_golden(args)
    out, state = run(args, 0)
    f32 = lambda x: np.asarray(x, np.float32)  # noqa: E731
    np.testing.assert_allclose(f32(out), expected_out, rtol=RTOL, atol=ATOL)
    for slot in (4, 9):
        scale = float(np.abs(f32(expected_state)[slot]).max())
        np.testing.assert_allclose(f32(state)[slot], f32(expected_state)[slot], rtol=RTOL, atol=ATOL * scale)
    other_out, other_state = run(args, 4)  # 4 tasks on 4 cores: no split
    assert other_out.tobytes() == out.tobytes() and other_state.tobytes() == state.tobytes()
