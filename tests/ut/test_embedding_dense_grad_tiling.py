"""EmbeddingDenseGrad host tiling: hand-worked fields, workspace sizes, rejections, UB never exceeded.

Hand arithmetic (UB TPipe may hand out: 310P 8 cores and 950 248 KB = 253952; 910B 48 cores, 184 KB = 188416):
fixed UB = (2 * idxBatch + 3 * 8) * 4: sorted indices and pos_idx with 8 peek rows (the scale path adds nothing: no
counts, no barrier). Grad-row buffers (row_buffers): 4 when D <= AlignDown((budget - fixed) / 24, 8), the columns
of four one-row grad tiles and two one-row out tiles of 4-byte columns, else 2; maxCols = AlignDown((budget -
fixed) / ((row_buffers + 2) * 4), 8) (310P window mode: fixed + 2 * 32 tensor-end blocks); colChunkNum = ceil(D /
maxCols); colChunk = AlignUp(ceil(D / num), 8). groupRows (rows per tile) = 1 with several chunks or window
copies, else min(1 + (budget - UB with one-row tiles) / ((row_buffers + 2) * colChunk * 4), 32 KB / (colChunk *
4), formerRowNum, num_weights); the tiles take (row_buffers + 2) * groupRows * colChunk * 4. System workspace: 2 MB
310P, 16 MB A2/A3.
"""

import functools

import pytest
from hypothesis import given, settings, strategies as st

from ascendops import AclnnError
from ascendops.ops.embedding_dense_grad import tiling as _tiling

tiling = functools.partial(_tiling, soc="ascend310p")  # the hand-worked SoC unless a test names another

MB2 = 2 * 1024 * 1024
MB16 = 16 * 1024 * 1024


def test_rows_fewer_than_cores():
    t = tiling([3, 16], 10)
    assert (t["block_dim"], t["used_core_num"], t["former_core_num"], t["former_row_num"], t["tail_row_num"]) == (
        3,
        3,
        0,
        1,
        1,
    )
    assert (t["idx_batch"], t["col_chunk"], t["col_chunk_num"], t["last_col_chunk"]) == (8, 16, 1, 16)
    assert t["copy_mode"] == "BLOCK" and (t["key"], t["tiling_key"]) == ("DEFAULT", 0) and t["workspace_bytes"] == MB2


def test_rows_k_cores_plus_r():
    t = tiling([37, 128], 100)  # 37 = 4 * 8 + 5: five cores take 5 rows, three take 4
    assert (t["used_core_num"], t["former_core_num"], t["former_row_num"], t["tail_row_num"]) == (8, 5, 5, 4)
    assert t["core_row_starts"] == [0, 5, 10, 15, 20, 25, 29, 33]
    assert t["core_row_counts"] == [5, 5, 5, 5, 5, 4, 4, 4]
    assert (t["group_rows"], t["row_buffers"]) == (5, 4)  # formerRowNum; a 128-column row fits with four
    assert t["ub_bytes"] == (4 + 2) * 5 * 128 * 4 + (2 * 8 + 24) * 4  # 15520


def test_other_core_count():
    t = tiling([37, 128], 100, core_num=10)  # 37 = 3 * 10 + 7
    assert (t["used_core_num"], t["former_core_num"], t["former_row_num"], t["tail_row_num"]) == (10, 7, 4, 3)
    assert t["core_row_starts"] == [0, 4, 8, 12, 16, 20, 24, 28, 31, 34]


@pytest.mark.parametrize(
    "soc,mode,ub", [("ascend310p", "WINDOW", 6 * 40 * 4 + 160 + 64), ("ascend910b", "PAD", 6 * 40 * 4 + 160)]
)
def test_unaligned_dim(soc, mode, ub):
    t = tiling([4, 33], 10, soc=soc)
    assert t["copy_mode"] == mode and (t["col_chunk"], t["col_chunk_num"], t["last_col_chunk"]) == (40, 1, 33)
    assert t["ub_bytes"] == ub


@pytest.mark.parametrize(
    "soc,dim,num,chunk,last",
    [
        # D > AlignDown((budget - 160) / 24, 8) (10568 on 310P, 7840 on 910B): two grad-row buffers
        ("ascend310p", 40000, 3, 13336, 13328),  # maxCols = AlignDown((253952 - 160) / 16, 8) = 15856; 13334 -> 13336
        ("ascend310p", 70000, 5, 14000, 14000),  # ceil(70000 / 15856) = 5; 70000 / 5 = 14000
        (
            "ascend310p",
            63473,
            5,
            12696,
            12689,
        ),  # window mode: AlignDown((253952 - 224) / 16, 8) = 15856; 12695 -> 12696
        ("ascend910b", 40000, 4, 10000, 10000),  # maxCols = AlignDown((188416 - 160) / 16, 8) = 11760
        ("ascend910b", 11760, 1, 11760, 11760),
        ("ascend910b", 11768, 2, 5888, 5880),
    ],
)
def test_dim_larger_than_one_chunk(soc, dim, num, chunk, last):
    t = tiling([2, dim], 5, soc=soc)
    assert (t["col_chunk_num"], t["col_chunk"], t["last_col_chunk"]) == (num, chunk, last)
    assert t["group_rows"] == 1  # formerRowNum 1; and a chunk is not a whole row
    assert t["row_buffers"] == 2


@pytest.mark.parametrize(
    "soc,deep_cols",
    [
        ("ascend310p", 10568),  # AlignDown((253952 - 160) / 24, 8)
        ("ascend950", 10568),  # the same 248 KB
        ("ascend910b", 7840),  # AlignDown((188416 - 160) / 24, 8)
    ],
)
def test_four_grad_row_buffers_while_the_row_fits_one_chunk_with_them(soc, deep_cols):
    deep = tiling([2, deep_cols], 5, soc=soc)
    assert (deep["row_buffers"], deep["col_chunk_num"], deep["group_rows"]) == (4, 1, 1)
    assert deep["ub_bytes"] == (4 + 2) * deep_cols * 4 + 160 <= deep["ub_capacity"]
    wider = tiling([2, deep_cols + 8], 5, soc=soc)  # four would split the row: two buffers keep it whole
    assert (wider["row_buffers"], wider["col_chunk_num"]) == (2, 1)
    assert wider["ub_bytes"] == (2 + 2) * (deep_cols + 8) * 4 + 160


@pytest.mark.parametrize("soc,reserve", [("ascend310p", MB2), ("ascend910b", MB16)])
def test_scale_path_needs_no_workspace_beyond_the_system_reserve(soc, reserve):
    # The owner of a run sees all its rows and scales the sum by its count: no counts array, no barrier slot.
    t = tiling([37, 128], 100, scale_grad_by_freq=True, soc=soc)
    assert (t["key"], t["tiling_key"]) == ("SCALE_GRAD_BY_FREQ", 1) and t["used_core_num"] == {
        "ascend310p": 8,
        "ascend910b": 37,
    }[soc]
    assert t["workspace_bytes"] == reserve
    assert t["ub_bytes"] == tiling([37, 128], 100, soc=soc)["ub_bytes"]  # as key 0


@pytest.mark.parametrize(
    "shape,nw,mode,used",
    [
        ([3, 5], 1, "SCALAR", 1),  # out holds 5 floats: no 32-byte window fits inside it, one core stores scalars
        ([1, 7], 4, "SCALAR", 1),  # grad holds 7 floats
        ([2, 5], 2, "WINDOW", 2),  # 10 floats each: windows fit
    ],
)
def test_310p_unaligned_modes(shape, nw, mode, used):
    t = tiling(shape, nw, soc="ascend310p")
    assert (t["copy_mode"], t["used_core_num"]) == (mode, used)


def test_bench_shape_batches_indices():
    t = tiling([65536, 128], 50000)
    assert (t["former_row_num"], t["tail_row_num"], t["idx_batch"]) == (8192, 8192, 2048)
    assert (t["group_rows"], t["row_buffers"]) == (64, 4)  # 32 KB / 512 B (UB would hold 77)
    assert t["ub_bytes"] == (4 + 2) * 64 * 128 * 4 + (2 * 2048 + 24) * 4  # 213088: grad and out tiles, indices
    t = tiling([65536, 128], 50000, soc="ascend910b")  # 1366 rows a core: idxBatch 1368, fixed 11040
    assert (t["idx_batch"], t["group_rows"], t["row_buffers"]) == (1368, 57, 4)  # 1 + (188416 - 14112) // 3072
    assert t["ub_bytes"] == (4 + 2) * 57 * 128 * 4 + (2 * 1368 + 24) * 4  # 186144


def test_empty_indices_and_padding_normalised():
    t = tiling([0, 8], 5)
    assert (t["used_core_num"], t["former_row_num"], t["tail_row_num"]) == (1, 0, 0)
    assert tiling([2, 3, 8], 5, padding_idx=-7)["padding_idx"] == -1
    assert tiling([2, 3, 8], 5, padding_idx=4)["num_rows"] == 6


@pytest.mark.parametrize(
    "kwargs,message",
    [
        (dict(grad_shape=[4, 8], num_weights=10, indices_numel=5), "indices numel 5 must equal grad rows 4"),
        (dict(grad_shape=[4, 8], num_weights=10, padding_idx=10), "padding_idx 10 must be < num_weights 10"),
        (dict(grad_shape=[4, 8], num_weights=0), "num_weights 0 must be in [1, 2^31 - 1]"),
        (dict(grad_shape=[1] * 9, num_weights=3), "grad rank 9 must be in [1, 8]"),
        (dict(grad_shape=[4, 0], num_weights=3), "grad last dim 0 must be >= 1"),
        (dict(grad_shape=[65536, 65536, 8], num_weights=3), "grad rows (all dims but the last) must be <= 2^31 - 1"),
    ],
)
def test_rejections(kwargs, message):
    with pytest.raises(AclnnError) as e:
        tiling(**kwargs)
    assert e.value.code == 161002 and message in str(e.value)


@settings(max_examples=150, deadline=None)
@given(
    rows=st.integers(0, 300000),
    dim=st.integers(1, 100000),
    nw=st.integers(1, 1 << 20),
    scale=st.booleans(),
    soc=st.sampled_from(["ascend310p", "ascend910b"]),
    cores=st.integers(0, 64),
)
def test_ub_never_exceeded_and_splits_cover(rows, dim, nw, scale, soc, cores):
    cores = min(cores, {"ascend310p": 10, "ascend910b": 48}[soc])  # the largest variants (Ascend310P1, 910B1/B2)
    t = tiling([rows, dim], nw, scale_grad_by_freq=scale, soc=soc, core_num=cores)
    assert t["ub_bytes"] <= t["ub_capacity"]
    assert t["col_chunk"] % 8 == 0 and t["idx_batch"] % 8 == 0
    assert (t["col_chunk_num"] - 1) * t["col_chunk"] + t["last_col_chunk"] == dim
    assert 0 < t["last_col_chunk"] <= t["col_chunk"]
    assert sum(t["core_row_counts"]) == rows and t["block_dim"] == t["used_core_num"]
    if t["copy_mode"] != "SCALAR":
        assert t["idx_batch"] >= min(2048, t["former_row_num"])
    assert 1 <= t["group_rows"] <= max(1, min(t["former_row_num"], nw, 32768 // (4 * t["col_chunk"])))
    assert t["row_buffers"] in (2, 4) and (t["row_buffers"] == 2 or t["col_chunk_num"] == 1)
    if t["copy_mode"] != "SCALAR":
        tiles = (t["row_buffers"] + 2) * t["group_rows"] * t["col_chunk"] * 4
        edge = 64 if t["copy_mode"] == "WINDOW" else 0
        assert t["ub_bytes"] == tiles + (2 * t["idx_batch"] + 24) * 4 + edge
    if t["col_chunk_num"] > 1 or t["copy_mode"] in ("WINDOW", "SCALAR"):
        assert t["group_rows"] == 1  # a tile's rows are one copy only when they are whole, contiguous rows


INT32_MAX = 2**31 - 1
INT32_INF = 2139095040  # the seed's index count beyond which performance is not promised (a float32 +inf bit pattern)


@pytest.mark.parametrize("soc", ["ascend310p", "ascend910b"])
def test_seed_limits_at_int32_max(soc):
    """Seed 3.4: grad rows and numWeights up to INT32_MAX are inputs; beyond, the call is rejected (161002)."""
    t = tiling([INT32_MAX, 8], INT32_MAX, padding_idx=INT32_MAX - 1, soc=soc)
    assert (t["num_rows"], t["num_weights"], t["padding_idx"]) == (INT32_MAX, INT32_MAX, INT32_MAX - 1)
    cores = {"ascend310p": 8, "ascend910b": 48}[soc]
    assert t["used_core_num"] == cores and t["former_row_num"] == -(-INT32_MAX // cores)
    for kwargs, message in [
        (dict(grad_shape=[INT32_MAX + 1, 8], num_weights=3), "must be in [0, 2^31 - 1]"),
        (dict(grad_shape=[65536, 32768, 8], num_weights=3), "grad rows (all dims but the last)"),
        (dict(grad_shape=[4, 8], num_weights=INT32_MAX + 1), "num_weights 2147483648 must be in"),
    ]:
        with pytest.raises(AclnnError) as e:
            tiling(**kwargs, soc=soc)
        assert e.value.code == 161002 and message in str(e.value)


def test_indices_beyond_int32_inf_are_accepted_without_a_performance_promise():
    """Seed 3.4: more than INT32_INF sorted indices still compute (no performance promise): same plan as below it."""
    below, above = (tiling([n, 64], 1000, soc="ascend910b") for n in (INT32_INF, INT32_INF + 1))
    assert above["num_rows"] == INT32_INF + 1
    plan = (
        "key",
        "block_dim",
        "workspace_bytes",
        "copy_mode",
        "used_core_num",
        "col_chunk",
        "col_chunk_num",
        "idx_batch",
        "ub_bytes",
    )
    assert {k: above[k] for k in plan} == {k: below[k] for k in plan}
