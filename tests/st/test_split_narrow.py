"""Split's NARROW key on the CPU twin (short x rows, pieces of a few elements: whole rows in, GatherMask packs each
piece's columns): bit-exact against the independent NumPy slicing golden on ascend310p and ascend910b, for pieces of
1, 2 and 3 elements, 1- to 8-byte dtypes, tails past the last unit (shorter than a block too), several tiles per core,
uneven core shares and more pieces than cores."""

import numpy as np
import pytest

import ascendops
from ascendops import _C
from ascendops.golden import split as golden
from ascendops.ops.split import sample

SOCS = ("ascend310p", "ascend910b")
NARROW = 3  # SplitKey::kNarrow


def _bits(a):
    a = np.ascontiguousarray(a)
    return a.view(np.uint8) if a.dtype != np.bool_ else a.astype(np.uint8)


def check_narrow(x, how, dim, soc, core_num=0):
    pieces = ascendops.split(x, how, dim, soc=soc, core_num=core_num)
    report = _C.last_launch_report()
    assert report["tiling_key"] == NARROW
    expected = golden.split(x, how, dim)
    assert len(pieces) == len(expected)
    for a, e in zip(pieces, expected):
        assert a.shape == e.shape and a.dtype == e.dtype
        assert np.array_equal(_bits(a), _bits(e))
    return report


@pytest.mark.parametrize("soc", SOCS)
@pytest.mark.parametrize(
    "shape,dtype,how,dim",
    [
        ((4133, 4), "float16", 1, -1),  # 1-element pieces, 8-byte rows: 129 units of 32 rows + 5 tail rows (10 B)
        ((1001, 3), "float32", 1, 1),  # 12-byte rows: 48-lane repeats, 16-row units, 9 tail rows
        ((777, 6), "bfloat16", [2, 1, 3], -1),  # 2-, 1- and 3-element pieces
        ((2050, 8), "int16", [3, 5], 1),
        ((515, 3), "int64", 1, -1),  # 8-byte elements as two 4-byte lanes
        ((3001, 4), "int8", 2, -1),  # 1-byte elements in 2-byte lanes
        ((1000, 6), "uint8", [2, 4], -1),
        ((700, 3, 2), "float32", [1, 2], 1),  # inner 2: pieces of 2 and 4 elements per row
        ((901, 2, 3), "float16", [1, 1], 1),  # inner 3: 3-element pieces
    ],
)
def test_narrow_pieces_every_element_size(soc, shape, dtype, how, dim):
    check_narrow(sample(shape, dtype, seed=sum(shape)), how, dim, soc)


@pytest.mark.parametrize("soc", SOCS)
def test_several_tiles_per_core_and_a_tail(soc):
    # 20005 rows of 4 fp16 on one core: 625 units of 32 rows in tiles of 255 units (255 repeats), then 5 tail rows
    report = check_narrow(sample((20005, 4), "float16", seed=3), 1, -1, soc, core_num=1)
    assert report["block_dim"] == 1


@pytest.mark.parametrize("soc", SOCS)
def test_uneven_core_shares_and_more_pieces_than_cores(soc):
    # 64 one-element pieces of fp16 (128-byte rows) on 7 cores: 6007 rows = 375 units of 16 rows (54 on the first 4
    # cores, 53 on the rest) + 7 tail rows on the last
    x = sample((6007, 64), "float16", seed=4)
    report = check_narrow(x, 1, -1, soc, core_num=7)
    assert report["block_dim"] == 7
    # fp32 12-byte rows on 3 cores: 502 units of 16 rows (168, 167, 167), the last core with 1 tail row (4 bytes)
    report = check_narrow(sample((8033, 3), "float32", seed=5), [1, 1, 1], -1, soc, core_num=3)
    assert report["block_dim"] == 3


@pytest.mark.parametrize("soc", SOCS)
def test_empty_piece_between_narrow_ones(soc):
    check_narrow(sample((640, 5), "int32", seed=6), [2, 0, 3], -1, soc)
