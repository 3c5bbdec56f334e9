"""EmbeddingDenseGrad's run ownership and grouped writes on the twin (spec: docs/ops/embedding_dense_grad.md, Design).

Each run of equal sorted indices is summed by the one core where it starts, in sorted order, so every core count
gives the same bits, and without scaling they equal a float32 sum from 0.0 in sorted order. Runs of consecutive
indices share an accumulator tile of group_rows out rows, written with one copy.
"""

import numpy as np
import pytest

from ascendops import _C
from ascendops.golden.embedding_dense_grad import embedding_dense_grad as golden
from ascendops.ops.embedding_dense_grad import TOLERANCE, embedding_dense_grad, embedding_dense_grad_sorted, tiling

CORE_COUNTS = {"ascend310p": [1, 2, 3, 5, 8], "ascend910b": [1, 2, 7, 48]}
NUM_WEIGHTS = 160


def sequential_sum(grad, indices, num_weights, pad=-1):
    """float32 sum of each out row's grad rows from 0.0, in stable sorted order (one writer per row)."""
    out = np.zeros((num_weights, grad.shape[-1]), np.float32)
    for i in np.argsort(indices, kind="stable"):
        k = int(indices[i])
        if 0 <= k < num_weights and k != pad:
            out[k] += grad[i]
    return out


def indices_of(kind, rng):
    nw = NUM_WEIGHTS
    return np.asarray(
        {
            # runs of length 1 with gaps between them: every group is one row
            "singles": lambda: 2 * rng.permutation(nw // 2)[:70] + 1,
            # few long runs of one index, each crossing several cores' rows
            "long_runs": lambda: np.repeat([5, 6, 7, 40, 41], [90, 1, 70, 2, 60]),
            # every out row hit (1 to 3 times): one run of consecutive rows longer than a tile
            "consecutive": lambda: np.concatenate([np.arange(nw), rng.integers(0, nw, 60)]),
            # uniform: runs of 1 to a few rows, groups of a few rows
            "uniform": lambda: rng.integers(0, nw, 230),
        }[kind](),
        np.int32,
    )


@pytest.mark.parametrize("soc", sorted(CORE_COUNTS))
@pytest.mark.parametrize("dim", [128, 33, 8])  # whole blocks; 310P windows / 910B exact bytes; one block
@pytest.mark.parametrize("kind", ["singles", "long_runs", "consecutive", "uniform"])
@pytest.mark.parametrize("scale,pad", [(False, -1), (False, 6), (True, 41)], ids=["plain", "pad", "scale_pad"])
def test_every_core_count_gives_the_same_bits(kind, dim, soc, scale, pad):
    rng = np.random.default_rng(dim)
    idx = indices_of(kind, rng)
    rng.shuffle(idx)
    grad = rng.standard_normal((idx.size, dim)).astype(np.float32)
    results = [embedding_dense_grad(grad, idx, NUM_WEIGHTS, pad, scale, soc=soc, core_num=c) for c in CORE_COUNTS[soc]]
    for c, r in zip(CORE_COUNTS[soc][1:], results[1:]):
        np.testing.assert_array_equal(r, results[0], err_msg=f"core_num {c} differs from core_num 1")
    if scale:
        np.testing.assert_allclose(
            results[0], golden(grad, idx, NUM_WEIGHTS, pad, True), rtol=TOLERANCE, atol=TOLERANCE
        )
    else:
        np.testing.assert_array_equal(results[0], sequential_sum(grad, idx, NUM_WEIGHTS, pad))
    if pad >= 0:
        assert not results[0][pad].any()


@pytest.mark.parametrize("soc", sorted(CORE_COUNTS))
def test_padding_row_inside_a_group_stays_zero(soc):
    # rows 10..30 all hit, the padding row 20 too: its slot in the group writes the zero out already holds
    idx = np.repeat(np.arange(10, 31, dtype=np.int32), 3)
    grad = np.random.default_rng(3).standard_normal((idx.size, 16)).astype(np.float32)
    out = embedding_dense_grad(grad, idx, 40, 20, soc=soc, core_num=1)
    np.testing.assert_array_equal(out, sequential_sum(grad, idx, 40, 20))
    assert not out[20].any() and out[19].any() and out[21].any()


def out_copies(grad, idx, nw, soc, **kw):
    """UB -> GM copies of core 0 in one call (its span trace)."""
    _C.request_span_trace(0, 1 << 20)
    embedding_dense_grad(grad, idx, nw, soc=soc, core_num=1, **kw)
    trace = _C.last_launch_report()["trace"]
    assert not trace["truncated"]
    return sum(1 for pipe, _, _, _ in trace["spans"] if pipe == "MTE3")


@pytest.mark.parametrize(
    "soc,dim,tile_rows",
    # one core: idxBatch 608, fixed UB 4960; six tiles of a row (4 grad-row buffers, 2 out tiles): 310P 32 KB /
    # 512 B; 910B 1 + (188416 - 4960 - 6 * 512) // (6 * 512) = 59 and 1 + (188416 - 4960 - 6 * 160) // (6 * 160)
    [("ascend310p", 128, 64), ("ascend910b", 128, 59), ("ascend910b", 33, 191)],
)
def test_one_copy_per_group_of_consecutive_rows(soc, dim, tile_rows):
    # out rows 0..299 each hit twice, then rows 400, 402 and 403..405: groups are tiles of the long run, and the
    # gaps end a group
    rng = np.random.default_rng(dim)
    idx = np.concatenate([np.repeat(np.arange(300), 2), [400, 402, 403, 404, 405]]).astype(np.int32)
    rng.shuffle(idx)
    grad = rng.standard_normal((idx.size, dim)).astype(np.float32)
    t = tiling(grad.shape, 500, soc=soc, core_num=1)
    assert t["group_rows"] == tile_rows
    expected = -(-300 // tile_rows) + 2  # the long run in tiles, then {400} and {402..405}
    assert out_copies(grad, idx, 500, soc) == expected
    np.testing.assert_array_equal(
        embedding_dense_grad(grad, idx, 500, soc=soc, core_num=1), sequential_sum(grad, idx, 500)
    )


def test_310p_window_rows_go_out_one_by_one():
    # D 33 on 310P: a window copy covers one row (group_rows 1); the tensor's last row takes two copies
    idx = np.array([0, 1, 1, 2, 5, 9], np.int32)
    grad = np.random.default_rng(1).standard_normal((idx.size, 33)).astype(np.float32)
    assert tiling(grad.shape, 10, soc="ascend310p", core_num=1)["group_rows"] == 1
    assert out_copies(grad, idx, 10, "ascend310p") == 5 + 1
    np.testing.assert_array_equal(
        embedding_dense_grad(grad, idx, 10, soc="ascend310p", core_num=1), sequential_sum(grad, idx, 10)
    )


def grad_reads(grad, idx, pos, nw, soc, scale=False):
    """GM -> UB copies of core 0 in one kernel-level call, and its result."""
    _C.request_span_trace(0, 1 << 20)
    out = embedding_dense_grad_sorted(grad, idx, pos, nw, -1, scale, soc=soc, core_num=1)
    trace = _C.last_launch_report()["trace"]
    assert not trace["truncated"]
    return sum(1 for pipe, _, _, _ in trace["spans"] if pipe == "MTE2"), out


# One core, idxBatch 200, fixed UB 1696: 310P 32 KB / 512 B; 910B 1 + (188416 - 1696 - 6 * 512) // (6 * 512).
@pytest.mark.parametrize("soc,block_rows", [("ascend310p", 64), ("ascend910b", 60)])
def test_grad_rows_at_consecutive_positions_load_with_one_copy(soc, block_rows):
    # 200 sorted rows whose positions run 0..199 (indices already sorted): blocks of group_rows grad rows, plus the
    # one index batch (sorted indices and pos_idx); scattered positions take one copy per row
    rng = np.random.default_rng(5)
    idx = np.sort(rng.integers(0, 90, 200)).astype(np.int32)
    grad = rng.standard_normal((200, 128)).astype(np.float32)
    assert tiling(grad.shape, 90, soc=soc, core_num=1)["group_rows"] == block_rows
    pos = np.arange(200, dtype=np.int32)
    copies, out = grad_reads(grad, idx, pos, 90, soc)
    assert copies == -(-200 // block_rows) + 2
    np.testing.assert_array_equal(out, sequential_sum(grad, idx, 90))
    shuffled = rng.permutation(200).astype(np.int32)
    copies, out = grad_reads(grad, idx, shuffled, 90, soc)
    assert copies > 150  # scattered positions: consecutive only by chance
    np.testing.assert_array_equal(out, sequential_sum(grad[shuffled], idx, 90))


@pytest.mark.parametrize("soc", sorted(CORE_COUNTS))
def test_a_position_repeated_at_the_kernel_level_is_scaled_once_per_use(soc):
    # pos_idx 0..3 twice for one index: two blocks of the same grad rows (plus the index batch), each row scaled as
    # it is used
    idx = np.full(8, 3, np.int32)
    pos = np.array([0, 1, 2, 3, 0, 1, 2, 3], np.int32)
    grad = np.random.default_rng(9).standard_normal((8, 16)).astype(np.float32)
    copies, out = grad_reads(grad, idx, pos, 5, soc, scale=True)
    assert copies == 2 + 2
    np.testing.assert_allclose(out[3], grad[:4].mean(0), rtol=TOLERANCE, atol=TOLERANCE)
    assert not np.delete(out, 3, axis=0).any()
