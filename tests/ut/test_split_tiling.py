"""Split host tiling: hand-worked cases with exact fields, the core split's invariants, and every rejected input."""

import numpy as np
import pytest

from ascendops import AclnnError
from ascendops.ops.split import chunk_sections, sections_of, tiling

SOCS = ("ascend310p", "ascend910b", "ascend910_93")


def _tile(t):
    """The tile the contract promises: two buffers of whole 32-byte blocks from the usable UB."""
    return (t["ub_budget"] // 2 // 32 * 32) // t["elem_bytes"]


def test_aligned_rows_on_one_core_hand_worked():
    # 8 x 1024 fp16 = 16 KB: one core (16 KB minimum per core); granule = 16 KB / 16 = 1 KB = 512 elements;
    # each piece 8 rows x 512 = 4096 elements = 8 granules.
    t = tiling((8, 1024), np.float16, [512, 512], -1, soc="ascend310p")
    assert t["key"] == "ALIGNED" and t["tiling_key"] == 0
    assert (t["batch"], t["dim_len"], t["inner"], t["piece_num"], t["elem_bytes"]) == (8, 1024, 1, 2, 2)
    assert t["granule_elems"] == 512
    assert t["piece_len"] == [512, 512]
    assert t["piece_granule_start"] == [0, 8, 16]
    assert (t["granule_num"], t["block_dim"], t["granules_per_core"], t["big_cores"]) == (16, 1, 16, 0)
    assert t["tile_elems"] == _tile(t)
    assert t["ub_bytes"] == 2 * t["tile_elems"] * 2 <= t["ub_budget"]
    assert t["workspace_bytes"] == 0


@pytest.mark.parametrize("soc,key", [("ascend310p", "ALIGNED_WINDOW"), ("ascend910b", "PAD"), ("ascend910_93", "PAD")])
def test_one_kilobyte_stays_on_one_core(soc, key):
    # 512 fp16 = 1 KB: never spread over 48 cores. granule = AlignUp(1024 / 16, 32) = 64 B = 32 elements;
    # piece 0: 200 // 32 = 6 granules (the last takes the remainder), piece 1: 312 // 32 = 9.
    t = tiling((512,), np.float16, [200, 312], 0, soc=soc)
    assert t["key"] == key
    assert (t["batch"], t["dim_len"], t["inner"]) == (1, 512, 1)
    assert t["granule_elems"] == 32
    assert t["piece_granule_start"] == [0, 6, 15]
    assert (t["block_dim"], t["granules_per_core"], t["big_cores"]) == (1, 15, 0)


def test_one_huge_piece_spreads_over_every_core():
    # 4 x 262144 fp32 = 4 MB, one piece: 48 cores; granule = AlignUp(ceil(4 MB / 768), 32) = 5472 B = 1368
    # elements; 1048576 // 1368 = 766 granules = 15 x 48 + 46.
    t = tiling((4, 262144), np.float32, [262144], 1, soc="ascend910b")
    assert t["key"] == "ALIGNED"
    assert (t["granule_elems"], t["granule_num"]) == (1368, 766)
    assert (t["block_dim"], t["granules_per_core"], t["big_cores"]) == (48, 15, 46)
    assert t["core_granules"] == [16] * 46 + [15] * 2


def test_merged_axes_and_empty_pieces():
    # [2, 3, 10, 4, 5] split along dim 2 (-3): batch 6, inner 20; the zero piece owns no granule.
    t = tiling((2, 3, 10, 4, 5), np.int8, [3, 0, 7], -3, soc="ascend910b")
    assert (t["batch"], t["dim_len"], t["inner"]) == (6, 10, 20)
    assert t["piece_len"] == [3, 0, 7]
    starts = t["piece_granule_start"]
    assert starts[1] == starts[2]  # empty piece: no granule
    assert t["key"] == "PAD"  # rows of 60 and 140 bytes


@pytest.mark.parametrize("soc", SOCS)
@pytest.mark.parametrize("core_num", [1, 5, 0])
@pytest.mark.parametrize(
    "shape,dtype,split,dim",
    [
        ((64, 3000), np.float16, 1000, 1),
        ((1000, 3), np.int8, 1, -1),
        ((7, 33, 130), np.int64, [5, 0, 28], 1),
        ((300000,), np.float32, [299999, 1], 0),
    ],
)
def test_core_split_covers_every_granule_once(soc, core_num, shape, dtype, split, dim):
    t = tiling(shape, dtype, split, dim, soc=soc, core_num=core_num)
    cores = core_num or {"ascend310p": 8}.get(soc, 48)
    # 310P ALIGNED_WINDOW also launches the Vector Cores of the variant with that many AI cores (8 -> 7, else 0)
    cores += {8: 7, 10: 8}.get(cores, 0) if t["mix_vector_core"] else 0
    assert t["mix_vector_core"] == (soc == "ascend310p" and t["key"] == "ALIGNED_WINDOW")
    total = int(np.prod(shape)) * np.dtype(dtype).itemsize
    assert 1 <= t["block_dim"] <= min(cores, max(1, total // (16 * 1024)))
    assert sum(t["core_granules"]) == t["granule_num"] == t["piece_granule_start"][-1]
    assert max(t["core_granules"]) - min(t["core_granules"]) <= 1
    assert t["granule_elems"] * t["elem_bytes"] % 32 == 0


def test_window_key_on_ai_and_vector_cores_hand_worked():
    # 256 x 2046 int8 -> 3 pieces of 682 B per row (ragged): 523776 B; 310P3 8 AI + 7 Vector Cores = 15 cores
    # (523776 // 16 KB = 31 allows them); granule = AlignUp(ceil(523776 / (15 * 16)), 32) = AlignUp(2183, 32) = 2208 B;
    # each piece 256 x 682 = 174592 B -> 174592 // 2208 = 79 granules; 237 = 15 x 15 + 12.
    t = tiling((256, 2046), np.int8, 682, -1, soc="ascend310p")
    assert (t["key"], t["tiling_key"], t["mix_vector_core"]) == ("ALIGNED_WINDOW", 2, True)
    assert (t["granule_elems"], t["granule_num"]) == (2208, 237)
    assert t["piece_granule_start"] == [0, 79, 158, 237]
    assert (t["block_dim"], t["granules_per_core"], t["big_cores"]) == (15, 15, 12)
    assert t["core_granules"] == [16] * 12 + [15] * 3
    assert t["workspace_bytes"] == 2 * 1024 * 1024  # MIX_VECTOR_CORE needs a workspace: the 310P system reserve
    # each core's output bytes are whole granules (32-byte multiples): no two cores write the same bytes
    assert t["granule_elems"] * t["elem_bytes"] % 32 == 0 and sum(t["core_granules"]) == t["granule_num"]


@pytest.mark.parametrize("core_num,block_dim", [(0, 15), (8, 15), (10, 18), (5, 5), (1, 1)])
def test_window_key_core_num_override(core_num, block_dim):
    # the variant with core_num AI cores brings its Vector Cores (310P3 8 + 7, 310P1 10 + 8); 5 is no variant: none
    t = tiling((256, 2046), np.int8, 682, -1, soc="ascend310p", core_num=core_num)
    assert t["mix_vector_core"] and t["block_dim"] == block_dim


def test_window_key_core_num_still_bounded():
    with pytest.raises(AclnnError) as e:
        tiling((256, 2046), np.int8, 682, -1, soc="ascend310p", core_num=11)
    assert e.value.code == 161002 and "core_num 11 must be in [0, 10]" in e.value.message


@pytest.mark.parametrize(
    "soc,shape,split,key",
    [
        ("ascend310p", (256, 2048), 512, "ALIGNED"),
        ("ascend910b", (256, 2046), 682, "PAD"),
        ("ascend910_93", (256, 2048), 512, "ALIGNED"),
    ],
)
def test_other_keys_and_socs_stay_on_their_cores(soc, shape, split, key):
    t = tiling(shape, np.int8, split, -1, soc=soc)
    assert (t["key"], t["mix_vector_core"], t["workspace_bytes"]) == (key, False, 0)
    assert t["block_dim"] == min({"ascend310p": 8}.get(soc, 48), int(np.prod(shape)) // (16 * 1024))


@pytest.mark.parametrize(
    "shape,split,dim,fragment",
    [
        ((4, 6), [2, 2], 1, "sum to 4, but self.shape[1] is 6"),
        ((4, 6), [8, -2], 1, "negative section -2"),
        ((4, 6), [4], 2, "dim 2 is out of range [-2, 1]"),
        ((4, 6), [4], -3, "dim -3 is out of range"),
        ((), [1], 0, "rank 0"),
        ((1,) * 9, [1], 0, "rank 9 exceeds the maximum of 8"),
        ((200,), [1] * 200, 0, "at most 128 outputs"),
        ((4, 6), [], 0, "splitSections is empty"),
    ],
)
def test_invalid_shapes_and_sections(shape, split, dim, fragment):
    with pytest.raises(AclnnError) as e:
        tiling(shape, np.float32, split, dim, soc="ascend910b")
    assert e.value.code == 161002
    assert fragment in e.value.message


@pytest.mark.parametrize("dtype", [np.uint16, np.uint32, np.uint64, np.float64])
def test_unsupported_dtype(dtype):
    with pytest.raises(AclnnError) as e:
        tiling((4, 6), dtype, [3, 3], 1, soc="ascend310p")
    assert e.value.code == 161002 and f"dtype {np.dtype(dtype).name} is not supported by Split" in e.value.message


def test_sections_of_and_chunk_sections_follow_torch():
    assert sections_of(10, 3) == [3, 3, 3, 1]
    assert sections_of(9, 3) == [3, 3, 3]
    assert sections_of(2, 5) == [2]
    assert sections_of(0, 4) == [0]  # torch.split keeps one empty piece
    assert chunk_sections(10, 4) == [3, 3, 3, 1]
    assert chunk_sections(6, 4) == [2, 2, 2]  # fewer pieces than chunks
    assert chunk_sections(5, 5) == [1] * 5
    assert chunk_sections(3, 8) == [1, 1, 1]
    assert chunk_sections(0, 3) == [0, 0, 0]


@pytest.mark.parametrize(
    "call,fragment",
    [
        (lambda: sections_of(10, 0), "split_size 0 must be > 0"),
        (lambda: sections_of(10, -2), "split_size -2 must be > 0"),
        (lambda: chunk_sections(10, 0), "chunks 0 must be > 0"),
        (lambda: chunk_sections(10, -1), "chunks -1 must be > 0"),
    ],
)
def test_size_rules(call, fragment):
    with pytest.raises(AclnnError) as e:
        call()
    assert e.value.code == 161002 and fragment in e.value.message
