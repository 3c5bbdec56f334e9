"""Split on the CPU twin: bit-exact against NumPy slicing (np.split / np.array_split cross-checked) for every
dtype, dims, split forms, ragged rows of 1..65 bytes, pieces below one block, a piece larger than UB, core counts
and non-contiguous inputs, on ascend310p and ascend910b (a few on ascend910_93); ascend310p's ALIGNED_WINDOW key on
AI + Vector Cores (KERNEL_TYPE_MIX_VECTOR_CORE): 15 blocks whose results equal the 8 AI cores' alone."""

import numpy as np
import pytest

import ascendops
from ascendops import _C
from ascendops.bench.split import point
from ascendops.golden import split as golden
from ascendops.ops.split import sample

DTYPES = ("bool", "int8", "uint8", "int16", "float16", "bfloat16", "int32", "float32", "int64")
SOCS = ("ascend310p", "ascend910b")


def _bits(a):
    a = np.ascontiguousarray(a)
    return a.view(np.uint8) if a.dtype != np.bool_ else a.astype(np.uint8)


def assert_bit_exact(actual, expected):
    assert len(actual) == len(expected)
    for a, e in zip(actual, expected):
        assert a.shape == e.shape and a.dtype == e.dtype
        assert np.array_equal(_bits(a), _bits(e))


def check(x, how, dim, soc, core_num=0):
    pieces = ascendops.split(x, how, dim, soc=soc, core_num=core_num)
    assert_bit_exact(pieces, golden.split(x, how, dim))
    return pieces


@pytest.mark.parametrize("soc", SOCS)
@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize(
    "shape,how,dim",
    [
        ((12, 5, 7), 4, 0),  # dim 0, split_size divides
        ((6, 37, 5), [10, 0, 27], 1),  # middle dim, sections with a zero
        ((4, 3, 45), 7, 2),  # last dim, split_size does not divide
        ((5, 2, 3, 19), [5, 14], -1),  # negative dim
    ],
)
def test_every_dtype_and_dim(soc, dtype, shape, how, dim):
    check(sample(shape, dtype, seed=len(shape)), how, dim, soc)


def test_golden_matches_numpy_split_and_array_split():
    x = sample((6, 37, 5), "int16")
    assert_bit_exact(golden.split(x, [10, 0, 27], 1), np.split(x, [10, 10], axis=1))
    assert_bit_exact(golden.chunk(x, 4, 1), np.array_split(x, [10, 20, 30], axis=1))


@pytest.mark.parametrize("soc", SOCS)
def test_rows_of_1_to_65_bytes(soc):
    x = sample((9, 66), "int8", seed=5)
    for row in range(1, 66):
        check(x, [row, 66 - row], 1, soc)


@pytest.mark.parametrize("soc", SOCS)
@pytest.mark.parametrize("dtype", ["int16", "float32", "int64"])
def test_ragged_rows_for_wider_elements(soc, dtype):
    x = sample((13, 41), dtype, seed=6)
    for how in (3, [1, 39, 1], [17, 24]):
        check(x, how, 1, soc)


@pytest.mark.parametrize("soc", SOCS + ("ascend910_93",))
def test_pieces_smaller_than_a_block(soc):
    check(sample((3,), "int8"), 1, 0, soc)
    check(sample((2, 5), "float16"), [1, 4], 1, soc)
    check(sample((5, 2), "int64"), [1, 1, 3], 0, soc)


@pytest.mark.parametrize("soc", SOCS)
@pytest.mark.parametrize("how", [[299999, 1], [1, 150000, 149999]])
def test_piece_larger_than_ub(soc, how):
    check(sample((2, 300000), "float32", seed=7), how, 1, soc)


@pytest.mark.parametrize("soc", SOCS)
@pytest.mark.parametrize("core_num", [1, 5, 0])
def test_core_counts(soc, core_num):
    x = sample((64, 3001), "float16", seed=8)
    check(x, [1000, 1, 2000], 1, soc, core_num)
    full = {"ascend310p": 8 + 7, "ascend910b": 48}[soc]  # ragged rows: 310P's window key adds its Vector Cores
    expected = min(core_num or full, x.nbytes // (16 * 1024))
    assert _C.last_launch_report()["block_dim"] == expected


def _on_310p(x, how, dim, vector_cores=True):
    """Split on ascend310p with its Vector Cores, or (vector_cores=False) on the AI cores alone; pieces, report."""
    _C.limit_vector_cores(-1 if vector_cores else 0)
    try:
        pieces = check(x, how, dim, "ascend310p")
    finally:
        _C.limit_vector_cores(-1)
    return pieces, _C.last_launch_report()


@pytest.mark.parametrize(
    "shape,dtype,how,dim",
    [
        ((256, 2046), "int8", 682, -1),  # ragged 682-byte rows
        ((600, 3, 91), "float16", [40, 11, 40], 2),  # 80 / 22 / 80-byte rows, 1800 of them
        ((41, 1000), "int64", [1, 998, 1], 1),  # 8-byte pieces around a large one
    ],
)
def test_window_key_on_15_blocks_matches_8(shape, dtype, how, dim):
    x = sample(shape, dtype, seed=18)
    pieces, report = _on_310p(x, how, dim)
    assert report["tiling_key"] == 2 and report["block_dim"] == 15
    assert [c["vector_core"] for c in report["cores"]] == [False] * 8 + [True] * 7
    ai_pieces, ai_report = _on_310p(x, how, dim, vector_cores=False)
    assert ai_report["block_dim"] == 8 and not any(c["vector_core"] for c in ai_report["cores"])
    assert_bit_exact(pieces, ai_pieces)


def test_other_310p_keys_stay_on_the_ai_cores():
    _, report = _on_310p(sample((256, 2048), "int8", seed=19), 512, -1)  # 512-byte rows: ALIGNED
    assert report["tiling_key"] == 0 and report["block_dim"] == 8
    assert not any(c["vector_core"] for c in report["cores"])


def test_vector_cores_shorten_the_core_bound_window_key():
    # ragged 682-byte pieces, 2 MB: the window path is bound by its cores' scalar edge work, so 15 cores beat 8
    x = np.zeros((1024, 2046), np.int8)
    both = point(x, 682, "ascend310p")["modeled_device_us"]
    assert point(x, 682, "ascend310p", vector_cores=False)["modeled_device_us"] >= 1.3 * both


@pytest.mark.parametrize("soc", SOCS + ("ascend910_93",))
def test_non_contiguous_input(soc):
    base = sample((10, 40, 6), "float16", seed=9)
    check(base[:, ::3, :], [5, 0, 9], 1, soc)
    check(base.transpose(2, 0, 1), 3, -1, soc)


@pytest.mark.parametrize("soc", SOCS)
def test_chunk_follows_torch(soc):
    x = sample((6, 10), "int32", seed=10)
    pieces = ascendops.chunk(x, 4, 1, soc=soc)
    assert [p.shape[1] for p in pieces] == [3, 3, 3, 1]
    assert_bit_exact(pieces, golden.chunk(x, 4, 1))
    pieces = ascendops.chunk(x, 4, 0, soc=soc)
    assert [p.shape[0] for p in pieces] == [2, 2, 2]  # fewer pieces than chunks


@pytest.mark.parametrize("soc", ("ascend310p", "ascend910_93"))
def test_many_pieces_up_to_the_limit(soc):
    check(sample((3, 128), "uint8", seed=11), 1, 1, soc)


def test_input_is_not_modified():
    x = sample((8, 33), "float32", seed=12)
    before = x.copy()
    ascendops.split(x, 5, 1, soc="ascend310p")
    assert np.array_equal(x.view(np.uint8), before.view(np.uint8))
