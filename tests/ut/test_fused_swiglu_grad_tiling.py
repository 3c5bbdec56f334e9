"""FusedSwigluGrad b-kernel host tiling: hand-worked fields, the UB budget, core-count independence of the row
chunks, and every rejection (exact code and message)."""

import pytest

from ascendops import AclnnError
from ascendops.ops.fused_swiglu_grad import b_tiling as tiling

MB16 = 16 * 1024 * 1024
UB_BUDGET = 184 * 1024  # 910B: the UB a TPipe may hand out (192 KB less the 8 KB scratch at TMP_UB_OFFSET)


def split(parts, per, big, unit, tail):
    return {"parts": parts, "per": per, "big": big, "unit": unit, "tail": tail}


def test_hand_worked_17x1000():
    t = tiling(17, 1000)
    # chunks: ceil(17 * 1000 / 4096) = 5 -> rows 4, 4, 3, 3, 3; one chunk per core.
    assert t["chunks"] == split(5, 3, 2, 1, 0)
    assert t["core_chunks"] == split(5, 1, 0, 1, 0)
    assert (t["key"], t["block_dim"], t["used_core_num"]) == ("B", 5, 5)
    assert (t["col_chunk"], t["col_chunk_num"], t["last_col_chunk"], t["partial_pitch"]) == (1000, 1, 1000, 1000)
    # 4 rows of 1008: each tile in its own bank group, every buffer a multiple of 512 B. In: 3 BF16 tiles of 8064 B
    # at pitch 8192 from group 0: 2 x 8192 + 2 x 32 + 8064 -> 24576. Out: 2 tiles from group 3: 8192 + 4 x 32 + 8064
    # -> 16384. Work: 5 FP32 tiles of 16128 B at pitch 16384 from group 5: 4 x 16384 + 9 x 32 + 16128 -> 82432.
    # Accumulators: 4 of 4032 B at pitch 4096 from group 10: 3 x 4096 + 13 x 32 + 4032 -> 16896.
    # 2 x (24576 + 16384) + 82432 + 16896 = 181248 <= 188416 (5 rows: 221696); the largest chunk has 4 rows.
    assert t["tile_rows"] == 4
    assert t["ub_bytes"] == 2 * (24576 + 16384) + 82432 + 16896 == 181248
    # final step: 1000 columns = 62 blocks of 16 + 8 over 5 cores -> 13, 13, 12, 12, 12 (+8) blocks.
    assert t["core_cols"] == split(5, 12, 2, 16, 8)
    assert t["workspace_bytes"] == MB16 + 2 * 5 * 1000 * 4


def test_hand_worked_4096x1024():
    t = tiling(4096, 1024)
    assert t["chunks"] == split(240, 17, 16, 1, 0)  # 4096 = 240 x 17 + 16
    assert t["core_chunks"] == split(48, 5, 0, 1, 0)
    assert t["tile_rows"] == 4  # 2 x (25088 + 16896) + 82432 + 16896 = 183296 fits, 5 rows do not
    assert t["core_cols"] == split(48, 1, 16, 16, 0)  # 64 blocks of 16 columns
    assert t["workspace_bytes"] == MB16 + 2 * 240 * 1024 * 4
    t40 = tiling(4096, 1024, core_num=40)
    assert t40["chunks"] == t["chunks"] and t40["core_chunks"] == split(40, 6, 0, 1, 0)


def test_hand_worked_column_chunks():
    t = tiling(9, 2100)
    # ceil(2100 / 2048) = 2 chunks of AlignUp(1050, 16) = 1056 columns, the last 1044.
    assert (t["col_chunk"], t["col_chunk_num"], t["last_col_chunk"], t["partial_pitch"]) == (1056, 2, 1044, 2104)
    assert t["chunks"] == split(5, 1, 4, 1, 0)  # ceil(18900 / 4096) = 5 chunks of 2, 2, 2, 2, 1 rows
    assert t["tile_rows"] == 2  # the UB allows 4, the largest chunk has 2


@pytest.mark.parametrize("core_num", [1, 7, 40, 48])
@pytest.mark.parametrize("m,n", [(1, 1), (45, 1000), (220000, 1024), (3, 100000)])
def test_chunks_do_not_depend_on_core_count(m, n, core_num):
    t, ref = tiling(m, n, core_num=core_num), tiling(m, n)
    for field in ("chunks", "tile_rows", "col_chunk", "col_chunk_num", "partial_pitch", "workspace_bytes"):
        assert t[field] == ref[field], field
    assert t["block_dim"] == min(core_num, t["chunks"]["parts"])


@pytest.mark.parametrize("n", [1, 15, 16, 17, 333, 1024, 2047, 2048, 2049, 4097, 100000])
def test_ub_within_budget(n):
    t = tiling(5000, n)
    assert 1 <= t["tile_rows"] <= 255
    assert t["ub_bytes"] <= UB_BUDGET
    assert t["col_chunk_num"] * t["col_chunk"] >= n > (t["col_chunk_num"] - 1) * t["col_chunk"]


def test_minimum_work_per_core():
    assert tiling(4, 1000)["block_dim"] == 1  # 4000 elements: one chunk
    assert tiling(5, 1000)["block_dim"] == 2
    assert tiling(0, 8)["block_dim"] == 1


@pytest.mark.parametrize(
    "kwargs,message",
    [
        (
            dict(soc="ascend310p"),
            "soc ascend310p is not supported by FusedSwigluGrad (needs ascend910b, ascend910_93 or ascend950)",
        ),
        (dict(dtypes={"fc": "float16"}), "fc dtype float16 must be bfloat16"),
        (dict(dtypes={"dy": "float32"}), "dy dtype float32 must be bfloat16"),
        (dict(shapes={"g": [2, 3, 4]}), "g rank 3 [2, 3, 4] must be 2 ([M, N])"),
        (dict(shapes={"dy": [8]}), "dy rank 1 [8] must be 2 ([M, N])"),
        (dict(shapes={"fc": [4, 9]}), "fc shape [4, 9] must equal dy shape [4, 8]"),
        (dict(shapes={"g": [5, 8]}), "g shape [5, 8] must equal dy shape [4, 8]"),
        (dict(shapes={"dy": [4, 0], "g": [4, 0], "fc": [4, 0]}), "dy N 0 must be in [1, 2^31 - 1]"),
    ],
)
def test_rejections(kwargs, message):
    with pytest.raises(AclnnError) as e:
        tiling(4, 8, **kwargs)
    assert e.value.code == 161002 and message in str(e.value)
