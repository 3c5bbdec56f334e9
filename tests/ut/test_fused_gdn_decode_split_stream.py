"""FusedGdnDecode at the bench's few-heads shape (B 512, H 2, Hv 4, K 128, V 32): the batch is cut into 12 chunks of
43 rows and each core scans its rows' ownership in groups (the first row alone, then 8) ahead of its state stream.
Results against the golden; repeated slots adjacent, far apart, and at chunk and scan-group edges applied in batch
order; bit-identical for any core count and run. Tolerances are the spec's (rtol 1e-2, atol 5e-2).
"""

import ml_dtypes
import numpy as np
import pytest

from ascendops.golden.fused_gdn_decode import fused_gdn_decode as golden
from ascendops.golden.fused_gdn_decode import fused_gdn_decode_row_by_row
from ascendops.ops.fused_gdn_decode import fused_gdn_decode, make_inputs, tiling

RTOL, ATOL = 1e-2, 5e-2
SHAPE = (512, 2, 4, 128, 32)  # B, H, Hv, K, V
STATES = {"float32": np.float32, "bfloat16": ml_dtypes.bfloat16}
BLOCK_NUM = 64


def f32(x):
    return np.asarray(x, np.float32)


def run(args, core_num):
    state = args[5].copy()
    out = fused_gdn_decode(*args[:5], state, args[6], scale=0.5, core_num=core_num)
    return out, state


def sequential_golden(args):
    """Rows applied one after another: the golden on each single row, the state passed on in its dtype."""
    return fused_gdn_decode_row_by_row(*args, scale=0.5)


def repeated_indices():
    """Slot 1 + r % 60 for row r (each slot named by rows 60 apart, in several chunks), then pairs of adjacent rows
    on one slot: the first chunk row (a scan group of its own) and the next, the edge of two 8-row groups, the edge of
    two chunks; and invalid rows (0, negative, >= BLOCK_NUM)."""
    indices = [1 + r % 60 for r in range(SHAPE[0])]
    pairs = {61: (43, 44), 62: (51, 52), 63: (85, 86)}  # chunk 1 = rows 43..85: groups [43], [44, 52), [52, 60)
    for slot, rows in pairs.items():
        for row in rows:
            indices[row] = slot
    for row, slot in {0: 0, 100: -3, 300: BLOCK_NUM, 511: 0}.items():
        indices[row] = slot
    return indices


@pytest.mark.parametrize("state_name", list(STATES))
def test_bench_shape_is_split_and_matches_the_golden(state_name):
    t = tiling(*SHAPE, dtype="bfloat16", state_dtype=state_name)
    assert (t["batch_chunks"], t["chunk_rows"], t["block_dim"]) == (12, 43, 48)
    args = make_inputs(*SHAPE, dtype=ml_dtypes.bfloat16, state_dtype=STATES[state_name], seed=3)
    expected_out, expected_state = golden(*args, scale=0.5)  # distinct slots: one batched golden call
    out, state = run(args, 0)
    np.testing.assert_allclose(f32(out), f32(expected_out), rtol=RTOL, atol=ATOL)
    np.testing.assert_allclose(f32(state), f32(expected_state), rtol=RTOL, atol=ATOL)
    assert f32(state)[0].tobytes() == f32(args[5])[0].tobytes(), "slot 0 is never named: it must stay untouched"


@pytest.mark.parametrize("state_name", list(STATES))
def test_repeated_slots_apply_in_batch_order_on_any_core_count(state_name):
    indices = repeated_indices()
    args = make_inputs(
        *SHAPE, dtype=ml_dtypes.bfloat16, state_dtype=STATES[state_name], block_num=BLOCK_NUM, indices=indices, seed=5
    )
    expected_out, expected_state = sequential_golden(args)
    out, state = run(args, 0)
    np.testing.assert_allclose(f32(out), f32(expected_out), rtol=RTOL, atol=ATOL)
    for slot in (1, 30, 60, 61, 62, 63):  # named 8-9 times far apart, or twice in adjacent rows
        scale = max(1.0, float(np.abs(f32(expected_state)[slot]).max()))
        np.testing.assert_allclose(f32(state)[slot], f32(expected_state)[slot], rtol=RTOL, atol=ATOL * scale)
    for row in (0, 100, 300, 511):
        assert not np.any(f32(out[row])), f"invalid row {row} must be zeros"
    again_out, again_state = run(args, 0)
    assert again_out.tobytes() == out.tobytes() and again_state.tobytes() == state.tobytes(), "a rerun differs"
    for core_num in (1, 8, 20):  # one core; 8 tasks of 16 value rows on 8 cores (no split); 5 chunks
        other_out, other_state = run(args, core_num)
        assert other_out.tobytes() == out.tobytes(), f"out differs with core_num {core_num}"
        assert other_state.tobytes() == state.tobytes(), f"state differs with core_num {core_num}"
