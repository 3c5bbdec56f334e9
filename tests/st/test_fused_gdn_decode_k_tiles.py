"""FusedGdnDecode over the whole K range of the spec (64 <= K <= 2032) on A2/A3: above K 672 no V block of whole state
rows fits in UB and the rows go in K tiles, twice (pass 0 sums S k across the tiles, pass 1 updates them).

The K tiles' sums are the whole rows' sums in the same order, so the tiled path is checked bit for bit against the
path of whole rows: the same data with K widened by zero columns (q, k and state zero there) goes through K tiles,
and out and the state's first columns must keep every bit. Beside that: the golden at the spec's tolerances for
every dtype combination up to K 2032 (last tiles of every width class), bit-identical results for any core count,
rows naming one slot applied in batch order, and the batch split.
"""

import ml_dtypes
import numpy as np
import pytest

from ascendops import AclnnError, _C
from ascendops.golden.fused_gdn_decode import fused_gdn_decode as golden
from ascendops.golden.fused_gdn_decode import fused_gdn_decode_row_by_row
from ascendops.ops.fused_gdn_decode import fused_gdn_decode, make_inputs, tiling

RTOL, ATOL = 1e-2, 5e-2
COMBOS = [("bfloat16", "float32"), ("float16", "float32"), ("bfloat16", "bfloat16"), ("float16", "float16")]
UB = 184 * 1024  # what TPipe may hand out on A2/A3


def np_dtype(name):
    return np.dtype(ml_dtypes.bfloat16) if name == "bfloat16" else np.dtype(name)


def inputs(shape, dtype, state_dtype, **kw):
    return make_inputs(*shape, dtype=np_dtype(dtype), state_dtype=np_dtype(state_dtype), **kw)


def run(args, **kw):
    state = args[5].copy()
    out = fused_gdn_decode(*args[:5], state, args[6], **kw)
    return out, state


def close(actual, expected):
    actual = np.asarray(actual, np.float32)
    np.testing.assert_allclose(actual, expected, rtol=RTOL, atol=ATOL)
    np.testing.assert_allclose(actual, expected, rtol=RTOL, atol=ATOL * float(np.abs(expected).max()))


def widen_k(args, h, k, k_wide):
    """The same inputs with K widened to k_wide by zero columns of q, k and the state."""
    mixed, a, b, a_log, dt_bias, state, idx = args
    rows = mixed.shape[0]
    qk = mixed[:, : 2 * h * k].reshape(rows, 2 * h, k)
    wide = np.zeros((rows, 2 * h, k_wide), mixed.dtype)
    wide[:, :, :k] = qk
    mixed_wide = np.concatenate([wide.reshape(rows, -1), mixed[:, 2 * h * k :]], axis=1)
    state_wide = np.zeros((*state.shape[:3], k_wide), state.dtype)
    state_wide[..., :k] = state
    return [mixed_wide, a, b, a_log, dt_bias, state_wide, idx]


def k_tiled(shape, state_dtype):
    """Whether `shape` needs K tiles: whole rows do not fit even at the smallest V block (bv 8, padded to 16 rows)."""
    b, _, _, k, v = shape
    whole_rows = _C.fused_gdn_decode_estimate_ub(k, v, 8, np_dtype(state_dtype).itemsize, (b + 7) // 8 * 8)
    return whole_rows["total_bytes"] > UB


@pytest.mark.parametrize("dtype,state_dtype", COMBOS, ids=lambda c: c)
@pytest.mark.parametrize("k,k_wide", [(672, 704), (640, 2032)], ids=["672in704", "640in2032"])
def test_k_tiles_keep_the_bits_of_whole_rows(dtype, state_dtype, k, k_wide):
    # V 40: a 16-row tile and an 8-row tail per task; Hv 4 over H 2; slots with a repeat and an invalid row
    shape = (4, 2, 4, k, 40)
    assert not k_tiled(shape, state_dtype) and k_tiled((4, 2, 4, k_wide, 40), state_dtype)
    args = inputs(shape, dtype, state_dtype, indices=[2, 0, 2, 3], seed=k)
    out, state = run(args)
    out_wide, state_wide = run(widen_k(args, 2, k, k_wide))
    assert out_wide.tobytes() == out.tobytes()
    assert np.ascontiguousarray(state_wide[..., :k]).tobytes() == state.tobytes()
    assert not np.any(state_wide[..., k:].astype(np.float32))  # zero columns stay zero


@pytest.mark.parametrize("dtype,state_dtype", COMBOS, ids=lambda c: c)
@pytest.mark.parametrize("k,v", [(688, 16), (1001, 24), (1040, 8), (1544, 40), (2032, 24)], ids=str)
def test_k_tiles_against_the_golden(dtype, state_dtype, k, v):
    # the K range's top, and K whose last tile ends on a whole 64-column chunk, inside one, or 16 columns into one
    shape = (3, 1, 2, k, v)
    assert k_tiled(shape, state_dtype)
    args = inputs(shape, dtype, state_dtype, seed=k + v)
    expected_out, expected_state = golden(*args, scale=0.5)
    before = args[5].copy()
    out, state = run(args, scale=0.5)
    close(out, expected_out)
    close(state, expected_state)
    assert state[0].tobytes() == before[0].tobytes()  # slot 0 (the null block) is never written


@pytest.mark.parametrize("dtype,state_dtype", [("bfloat16", "float32"), ("float16", "float16")], ids=lambda c: c)
def test_k_tiles_apply_repeated_slots_in_batch_order_on_any_core_count(dtype, state_dtype):
    shape = (7, 2, 4, 1040, 40)  # 3 tasks of 16 value rows per head: 3 cores split heads mid-way
    args = inputs(shape, dtype, state_dtype, block_num=6, indices=[3, 1, 3, 0, -2, 3, 9], seed=5)
    expected_out, expected_state = fused_gdn_decode_row_by_row(*args)
    results = [run(args, core_num=n) for n in (1, 3, 0)]
    out, state = results[0]
    close(out, expected_out)
    close(state, expected_state)
    for n, (other_out, other_state) in zip((3, 0), results[1:]):
        assert other_out.tobytes() == out.tobytes(), f"out differs with core_num {n}"
        assert other_state.tobytes() == state.tobytes(), f"state differs with core_num {n}"
    for slot in (0, 2, 4, 5):
        assert state[slot].tobytes() == args[5][slot].tobytes(), f"slot {slot} was written"


def test_k_tiles_with_the_batch_split():
    # Hv 2, V 16: 2 tasks for 48 cores, so the batch is cut into chunks; slot 5 named in two chunks
    shape = (40, 1, 2, 704, 16)
    indices = [5 if i in (1, 30) else i + 1 for i in range(40)]
    t = tiling(*shape, dtype="bfloat16", state_dtype="float32")
    assert t["batch_chunks"] > 1 and k_tiled(shape, "float32")
    args = inputs(shape, "bfloat16", "float32", block_num=41, indices=indices, seed=9)
    expected_out, expected_state = fused_gdn_decode_row_by_row(*args)
    out, state = run(args)
    close(out, expected_out)
    close(state, expected_state)
    assert run(args, core_num=5)[1].tobytes() == state.tobytes()


# The K range's edges per state class on every SoC that runs FusedGdnDecode (ascend310p is rejected by the tiling:
# tests/ut/test_fused_gdn_decode_api.py): K 64; 672, the largest K of whole state rows (alignK 688 at bv 16 would need
# 191392 bytes of the 188416); the first K in K tiles (FP32 state 680, as 673..679 break the spec's 32-byte pad rule;
# 16-bit state 673, one column more); a K whose last tile ends inside a 64-column chunk; 2032, the spec's top.
# (k, k_tile, k_tiles) as the tiling chooses them for EDGE_SHAPE (bv 32 at K 64, else 16).
EDGE_SHAPE = (3, 1, 2, None, 40)  # V 40: a 16-row tile and an 8-row tail per task (bv 16), 6 tasks
K_EDGES = {
    "float32": [(64, 64, 1), (672, 672, 1), (680, 640, 2), (1224, 576, 3), (2032, 576, 4)],
    "16-bit": [(64, 64, 1), (672, 672, 1), (673, 640, 2), (1211, 640, 2), (2032, 576, 4)],
}
SOCS = ("ascend910b", "ascend910_93")


def edge_shape(k):
    return tuple(k if x is None else x for x in EDGE_SHAPE)


def state_class(state_dtype):
    return "float32" if state_dtype == "float32" else "16-bit"


@pytest.mark.parametrize("soc", SOCS)
@pytest.mark.parametrize("dtype,state_dtype", COMBOS, ids=lambda c: c)
def test_k_edges_tiling(soc, dtype, state_dtype):
    for k, k_tile, k_tiles in K_EDGES[state_class(state_dtype)]:
        t = tiling(*edge_shape(k), dtype=dtype, state_dtype=state_dtype, soc=soc)
        assert (t["k_tile"], t["k_tiles"]) == (k_tile, k_tiles), f"k {k}"
        assert t["ub_bytes"] <= t["ub"]["ub_bytes"] and t["ub"]["total_bytes"] <= t["ub"]["ub_bytes"], f"k {k}"
    if state_dtype == "float32":  # nothing between 672 and 680 runs: the pad rule rejects 673..679
        for k in range(673, 680):
            with pytest.raises(AclnnError) as e:
                tiling(*edge_shape(k), dtype=dtype, state_dtype=state_dtype, soc=soc)
            assert e.value.code == 161002 and "pad" in e.value.message, f"k {k}: {e.value.message}"


EDGE_CASES = [
    (soc, dtype, state_dtype, k)
    for soc in SOCS
    for dtype, state_dtype in COMBOS
    for k, _, _ in K_EDGES[state_class(state_dtype)]
]


@pytest.mark.parametrize("soc,dtype,state_dtype,k", EDGE_CASES, ids=lambda c: str(c))
def test_k_edges_against_the_golden_on_uneven_cores(soc, dtype, state_dtype, k):
    # 6 tasks on 4 cores (2, 2, 1, 1: core 1 starts mid-head) and on 6; an invalid row; slots 0 and 1 untouched
    args = inputs(edge_shape(k), dtype, state_dtype, block_num=4, indices=[2, 0, 3], seed=k)
    expected_out, expected_state = golden(*args, scale=0.75)
    out, state = run(args, scale=0.75, soc=soc, core_num=4)
    close(out, expected_out)
    close(state, expected_state)
    assert not np.any(out[1].astype(np.float32))  # the invalid row is zeros
    for slot in (0, 1):
        assert state[slot].tobytes() == args[5][slot].tobytes(), f"slot {slot} was written"
    other_out, other_state = run(args, scale=0.75, soc=soc)
    assert other_out.tobytes() == out.tobytes() and other_state.tobytes() == state.tobytes()


@pytest.mark.parametrize("soc", SOCS)
@pytest.mark.parametrize("dtype,state_dtype", COMBOS, ids=lambda c: c)
def test_first_tiled_k_keeps_the_bits_of_the_largest_whole_rows(soc, dtype, state_dtype):
    (_, _, _), (largest, _, _), (first, _, _) = K_EDGES[state_class(state_dtype)][:3]
    args = inputs(edge_shape(largest), dtype, state_dtype, block_num=4, indices=[2, 0, 3], seed=first)
    out, state = run(args, soc=soc)
    out_wide, state_wide = run(widen_k(args, 1, largest, first), soc=soc)
    assert out_wide.tobytes() == out.tobytes()
    assert np.ascontiguousarray(state_wide[..., :largest]).tobytes() == state.tobytes()
