"""Split host tiling, NARROW key: when it is chosen, its hand-worked geometry (units, repeat lanes, tiles), its UB
budget and its core split (AI cores only: GatherMask is not on the 310P Vector Core)."""

import numpy as np
import pytest

from ascendops.ops.split import tiling

SOCS = ("ascend310p", "ascend910b", "ascend910_93")


def narrow_ub(t, x_row_bytes, widest_row_bytes):
    """The UB the contract promises: two x tiles plus a 256-byte repeat of read slack, two packed pieces, a 32-byte
    pattern per piece and the two tail buffers (split_tiling_data.h)."""
    rows = t["narrow_chunk_rows"]
    tail = t["tile_elems"] * t["elem_bytes"]
    return 2 * (rows * x_row_bytes + 256) + 2 * rows * widest_row_bytes + 32 * t["piece_num"] + 2 * tail


@pytest.mark.parametrize("soc,cores", [("ascend910b", 48), ("ascend310p", 8)])
def test_bench_case_hand_worked(soc, cores):
    # [2^21, 4] fp16 by 1: 8-byte rows = 4 lanes of 2 bytes; rows and blocks meet every 16 lanes, so a repeat takes
    # 128 lanes = 32 rows; 2-byte piece rows are whole blocks every 16 rows: a unit is lcm(16, 32) = 32 rows, one
    # repeat. 65536 units over the cores; a tile is 255 units (255 repeats), 8160 rows.
    t = tiling((1 << 21, 4), np.float16, 1, -1, soc=soc)
    assert (t["key"], t["tiling_key"], t["mix_vector_core"], t["workspace_bytes"]) == ("NARROW", 3, False, 0)
    assert (t["narrow_unit_rows"], t["narrow_repeat_lanes"], t["narrow_chunk_rows"]) == (32, 128, 8160)
    assert t["granule_num"] == 65536 and t["block_dim"] == cores
    assert (t["granules_per_core"], t["big_cores"]) == divmod(65536, cores)
    assert t["tile_elems"] * 2 == 32 * 32  # the tail's bound queue: one unit of block-padded 2-byte rows
    assert t["ub_bytes"] == narrow_ub(t, 8, 2) == 2 * 65536 + 2 * 16320 + 4 * 32 + 2 * 1024 <= t["ub_budget"]


def test_fp32_three_lane_rows_hand_worked():
    # [1001, 3] fp32: 3 lanes of 4 bytes; lcm(3, 8) = 24 lanes, two per 64-lane repeat: 48 lanes = 16 rows; 4-byte
    # piece rows are whole blocks every 8 rows: units of 16 rows, 62 of them on one core (12 KB), 9 tail rows.
    t = tiling((1001, 3), np.float32, 1, -1, soc="ascend910b")
    assert t["key"] == "NARROW"
    assert (t["narrow_unit_rows"], t["narrow_repeat_lanes"]) == (16, 48)
    assert (t["granule_num"], t["block_dim"], t["narrow_chunk_rows"]) == (62, 1, 62 * 16)


def test_eight_byte_elements_and_inner_blocks_hand_worked():
    # int64 [515, 3] by 1: 6 lanes of 4 bytes, lcm(6, 8) = 24, 48-lane repeats of 8 rows; 8-byte piece rows are
    # whole blocks every 4 rows: units of 8 rows.
    t = tiling((515, 3), np.int64, 1, -1, soc="ascend310p")
    assert (t["key"], t["narrow_unit_rows"], t["narrow_repeat_lanes"]) == ("NARROW", 8, 48)
    # fp32 [700, 3, 2] split [1, 2] along dim 1: x rows of 6 elements (24 bytes), piece rows of 8 and 16 bytes
    t = tiling((700, 3, 2), np.float32, [1, 2], 1, soc="ascend910b")
    assert (t["key"], t["narrow_unit_rows"], t["narrow_repeat_lanes"], t["granule_num"]) == ("NARROW", 8, 48, 87)


@pytest.mark.parametrize("soc", SOCS)
@pytest.mark.parametrize(
    "shape,dtype,split,key",
    [
        ((4096, 3), np.int8, 1, "ragged"),  # 1-byte pieces do not fill a 2-byte lane
        ((4096, 4), np.int8, [1, 3], "ragged"),
        ((4096, 9), np.float16, [4, 5], "ragged"),  # lcm(9, 16) = 144 lanes exceed a 128-lane repeat
        ((4096, 129), np.float32, [1, 128], "ragged"),  # rows over 256 bytes
        ((31, 4), np.float16, 1, "ragged"),  # fewer rows than one unit (32)
        ((4096, 32), np.float16, 16, "ALIGNED"),  # whole blocks already
    ],
)
def test_other_keys_where_narrow_does_not_fit(soc, shape, dtype, split, key):
    t = tiling(shape, dtype, split, -1, soc=soc)
    ragged = "ALIGNED_WINDOW" if soc == "ascend310p" else "PAD"
    assert t["key"] == (ragged if key == "ragged" else key)
    assert t["narrow_unit_rows"] == t["narrow_chunk_rows"] == 0


@pytest.mark.parametrize("soc", SOCS)
@pytest.mark.parametrize("core_num", [1, 5, 0])
@pytest.mark.parametrize(
    "shape,dtype,split",
    [
        ((6007, 64), np.float16, 1),  # 64 pieces, 128-byte rows
        ((8033, 3), np.float32, 1),
        ((300000, 2), np.int16, 1),
        ((100000, 6), np.uint8, [2, 4]),
    ],
)
def test_units_cover_the_batch_and_fit_the_ub(soc, core_num, shape, dtype, split):
    t = tiling(shape, dtype, split, -1, soc=soc, core_num=core_num)
    assert t["key"] == "NARROW" and not t["mix_vector_core"]
    unit, chunk = t["narrow_unit_rows"], t["narrow_chunk_rows"]
    item = np.dtype(dtype).itemsize
    x_row, rows = shape[1] * item, shape[0]
    pieces = [split] * (shape[1] // split) if isinstance(split, int) else split
    widest = max(pieces) * item
    # whole blocks: x rows and every piece's rows of one unit; one GatherMask covers whole x rows of whole repeats
    assert unit * x_row % 32 == 0 and all(unit * p * item % 32 == 0 for p in pieces)
    lanes = t["narrow_repeat_lanes"]
    lane = 4 if item >= 4 else 2
    assert lanes * lane <= 256 and lanes * lane % 32 == 0 and lanes % (x_row // lane) == 0
    assert chunk % unit == 0 and chunk * x_row // lane // lanes <= 255
    # every unit once, shares within one unit, on the AI cores only
    assert sum(t["core_granules"]) == t["granule_num"] == rows // unit
    assert max(t["core_granules"]) - min(t["core_granules"]) <= 1 and chunk <= max(t["core_granules"]) * unit
    cores = core_num or {"ascend310p": 8}.get(soc, 48)
    assert 1 <= t["block_dim"] <= min(cores, max(1, rows * x_row // (16 * 1024)))
    assert t["ub_bytes"] == narrow_ub(t, x_row, widest) <= t["ub_budget"]
