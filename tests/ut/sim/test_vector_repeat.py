"""Repeat-parameter (high-dimensional) forms of the vector instructions against NumPy: strides in 32-byte blocks,
stride-0 broadcasts, MulAddDst, BlockReduceSum, one instruction per call, and the strict checks."""

import numpy as np
import pytest

# Op codes of tests/ut/sim/kernels/vector_kernels.cpp (after COMPARE_SCALAR = 32).
BINARY_REPEAT, MUL_ADD_DST, MUL_ADD_DST_REPEAT, SCALAR_REPEAT, BLOCK_REDUCE_SUM = range(33, 38)

RNG = np.random.default_rng(11)
DTYPES = [np.float16, np.float32]


def _inputs(dtype, n=1024):
    x = RNG.uniform(-4.0, 4.0, n).astype(dtype)
    y = RNG.uniform(-4.0, 4.0, n).astype(dtype)
    return x, y


def _geometry(dtype, n):
    size = np.dtype(dtype).itemsize
    return 256 // size, 32 // size, n * size // 256  # per repeat, per block, repeats


def _f32(a):
    return a.astype(np.float32)


def _one_instruction(stats, repeats, cls=0):
    core = stats["cores"][0]
    expected = [0, 0, 0, 0]
    expected[cls] = repeats
    assert core["vec_repeats"] == expected
    assert core["vec_instrs"] == 1


@pytest.mark.parametrize("dtype", DTYPES)
def test_default_strides_match_count_form(simtest, dtype):
    x, y = _inputs(dtype)
    z, stats = simtest.run_vec(BINARY_REPEAT, x, y, mode=0)
    np.testing.assert_array_equal(z, (_f32(x) + _f32(y)).astype(dtype))
    _one_instruction(stats, _geometry(dtype, x.size)[2])


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("mask", [0, 40])
def test_src1_rep_stride_zero_broadcasts_one_row(simtest, dtype, mask):
    x, y = _inputs(dtype)
    per, _, reps = _geometry(dtype, x.size)
    m = mask or per
    z, stats = simtest.run_vec(BINARY_REPEAT, x, y, mode=1, count=mask)
    expected = np.zeros((reps, per), dtype)
    expected[:, :m] = (_f32(x).reshape(reps, per)[:, :m] * _f32(y)[:m]).astype(dtype)
    np.testing.assert_array_equal(z.reshape(reps, per), expected)  # masked-out elements untouched (zeros)
    _one_instruction(stats, reps)


@pytest.mark.parametrize("dtype", DTYPES)
def test_src1_block_stride_zero_broadcasts_one_block(simtest, dtype):
    x, y = _inputs(dtype)
    per, blk, reps = _geometry(dtype, x.size)
    z, stats = simtest.run_vec(BINARY_REPEAT, x, y, mode=2)
    row_block = _f32(y)[: reps * blk].reshape(reps, 1, blk)  # block r of y for repeat r
    expected = (_f32(x).reshape(reps, per // blk, blk) * row_block).astype(dtype)
    np.testing.assert_array_equal(z, expected.reshape(-1))
    _one_instruction(stats, reps)


@pytest.mark.parametrize("dtype", DTYPES)
def test_dst_block_stride(simtest, dtype):
    x, y = _inputs(dtype)
    per, blk, reps = _geometry(dtype, x.size)
    z, stats = simtest.run_vec(BINARY_REPEAT, x, y, mode=3)
    diff = (_f32(x) - _f32(y)).astype(dtype)[: (reps // 2) * per].reshape(-1, blk)
    expected = np.zeros((x.size // blk, blk), dtype)
    expected[0::2] = diff  # block j of repeat r lands at block 16 r + 2 j
    np.testing.assert_array_equal(z.reshape(-1, blk), expected)
    _one_instruction(stats, reps // 2)


@pytest.mark.parametrize("dtype", DTYPES)
def test_src_block_stride_folds_block_pairs(simtest, dtype):
    x, y = _inputs(dtype)
    per, blk, reps = _geometry(dtype, x.size)
    z, stats = simtest.run_vec(BINARY_REPEAT, x, y, mode=8)
    blocks = _f32(x).reshape(-1, blk)
    folded = (blocks[0::2] + blocks[1::2]).astype(dtype)  # the last repeat reads the final pair
    np.testing.assert_array_equal(z[: folded.size], folded.reshape(-1))
    assert not z[folded.size :].any()
    _one_instruction(stats, reps // 2)


@pytest.mark.parametrize(
    "mode,message",
    [
        (4, r"Mul: src1 covers \d+ elements but the LocalTensor has 1024"),
        (5, r"Add: repeatTime 256 outside \[0, 255\]"),
        (6, r"BinaryRepeatParams: dstRepStride 256 outside \[0, 255\]"),
        (7, r"Add: src0 UB address \d+ is not 32-byte aligned"),
    ],
)
def test_binary_repeat_strict(simtest, mode, message):
    x, y = _inputs(np.float32)
    with pytest.raises(RuntimeError, match=message):
        simtest.run_vec(BINARY_REPEAT, x, y, mode=mode)


def test_mask_outside_repeat_fails(simtest):
    x, y = _inputs(np.float32)
    with pytest.raises(RuntimeError, match=r"Mul: mask 65 outside \[1, 64\]"):
        simtest.run_vec(BINARY_REPEAT, x, y, mode=1, count=65)


@pytest.mark.parametrize("dtype", DTYPES)
def test_muls_src_rep_stride_zero(simtest, dtype):
    x, y = _inputs(dtype)
    per, _, reps = _geometry(dtype, x.size)
    z, stats = simtest.run_vec(SCALAR_REPEAT, x, y, scalar=1.5, mode=0)
    row = (_f32(x)[:per] * np.float32(1.5)).astype(dtype)
    np.testing.assert_array_equal(z.reshape(reps, per), np.tile(row, (reps, 1)))
    _one_instruction(stats, reps)


@pytest.mark.parametrize("dtype", DTYPES)
def test_adds_partial_mask(simtest, dtype):
    x, y = _inputs(dtype)
    per, _, reps = _geometry(dtype, x.size)
    z, _ = simtest.run_vec(SCALAR_REPEAT, x, y, scalar=0.25, mode=1, count=per // 2)
    expected = np.zeros((reps, per), dtype)
    expected[:, : per // 2] = (_f32(x).reshape(reps, per)[:, : per // 2] + np.float32(0.25)).astype(dtype)
    np.testing.assert_array_equal(z.reshape(reps, per), expected)


def test_unary_params_stride_field_width(simtest):
    x, y = _inputs(np.float32)
    with pytest.raises(RuntimeError, match=r"UnaryRepeatParams: dstBlkStride 70000 outside \[0, 65535\]"):
        simtest.run_vec(SCALAR_REPEAT, x, y, scalar=1.0, mode=2)


@pytest.mark.parametrize("dtype", DTYPES)
def test_mul_add_dst_count_form(simtest, dtype):
    x, y = _inputs(dtype)
    z, stats = simtest.run_vec(MUL_ADD_DST, x, y)
    np.testing.assert_array_equal(z, (_f32(x) * _f32(x) + _f32(y)).astype(dtype))
    assert stats["cores"][0]["vec_repeats"][0] == _geometry(dtype, x.size)[2]


@pytest.mark.parametrize("dtype", DTYPES)
def test_mul_add_dst_rank_one_update(simtest, dtype):
    # The kernel's pattern: dst[r] += row (broadcast by src0RepStride 0) * scalar_r (block r, src1BlkStride 0).
    x, y = _inputs(dtype)
    per, blk, reps = _geometry(dtype, x.size)
    z, stats = simtest.run_vec(MUL_ADD_DST_REPEAT, x, y)
    row = _f32(x)[:per]
    scal = _f32(x)[: reps * blk].reshape(reps, 1, blk)
    expected = (row.reshape(1, per // blk, blk) * scal).reshape(reps, per) + _f32(y).reshape(reps, per)
    np.testing.assert_array_equal(z.reshape(reps, per), expected.astype(dtype))
    _one_instruction(stats, reps)


def _tree_block_sums(blocks, dtype):
    v = blocks.astype(dtype)
    while v.shape[1] > 1:
        v = (_f32(v[:, 0::2]) + _f32(v[:, 1::2])).astype(dtype)
    return v[:, 0]


@pytest.mark.parametrize("dtype", DTYPES)
def test_block_reduce_sum(simtest, dtype):
    x, y = _inputs(dtype)
    per, blk, reps = _geometry(dtype, x.size)
    z, stats = simtest.run_vec(BLOCK_REDUCE_SUM, x, y, mode=0)
    sums = _tree_block_sums(x.reshape(-1, blk), dtype)
    np.testing.assert_array_equal(z[: sums.size], sums)
    assert not z[sums.size :].any()
    _one_instruction(stats, reps, cls=3)


@pytest.mark.parametrize("dtype", DTYPES)
def test_block_reduce_sum_strided_and_masked(simtest, dtype):
    x, y = _inputs(dtype)
    per, blk, reps = _geometry(dtype, x.size)
    z, _ = simtest.run_vec(BLOCK_REDUCE_SUM, x, y, mode=1)  # every other block
    sums = _tree_block_sums(x.reshape(-1, blk)[0::2], dtype)
    np.testing.assert_array_equal(z[: sums.size], sums)
    mask = 2 * blk + 3  # two whole blocks and 3 elements of a third; the rest not written
    z, _ = simtest.run_vec(BLOCK_REDUCE_SUM, x, y, mode=0, count=mask)
    rows = x.reshape(reps, per)[:, : 3 * blk].copy()
    rows[:, mask:] = 0
    expected = np.zeros((reps, 8), dtype)
    expected[:, :3] = _tree_block_sums(rows.reshape(-1, blk), dtype).reshape(reps, 3)
    np.testing.assert_array_equal(z[: reps * 8].reshape(reps, 8), expected)


def test_block_reduce_sum_bounds(simtest):
    x, y = _inputs(np.float32)
    with pytest.raises(RuntimeError, match=r"BlockReduceSum: src covers 1088 elements but the LocalTensor has 1024"):
        simtest.run_vec(BLOCK_REDUCE_SUM, x, y, mode=2)
