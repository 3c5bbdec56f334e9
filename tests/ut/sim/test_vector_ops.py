"""Every vector instruction of the twin against NumPy (count form, one core)."""

import numpy as np
import pytest

# Op codes of tests/ut/sim/kernels/vector_kernels.cpp.
(
    ADD,
    SUB,
    MUL,
    DIV,
    MAX,
    MIN,
    ADDS,
    MULS,
    MAXS,
    MINS,
    ABS,
    EXP,
    LN,
    SQRT,
    RSQRT,
    RECIPROCAL,
    RELU,
    DUPLICATE,
    AND,
    OR,
    NOT,
    SHIFT_LEFT,
    SHIFT_RIGHT,
    AXPY,
    SIGMOID,
    REDUCE_SUM,
    REDUCE_MAX,
    COMPARE,
    SELECT,
    SELECT_SCALAR,
    WHOLE_REDUCE_SUM,
    BRCB,
    COMPARE_SCALAR,
) = range(33)

RNG = np.random.default_rng(7)
N = 512


def _inputs(dtype, low=-4.0, high=4.0):
    x = RNG.uniform(low, high, N).astype(dtype)
    y = RNG.uniform(low, high, N).astype(dtype)
    return x, y


def _f32(a):
    return a.astype(np.float32)


BINARY = {
    ADD: np.add,
    SUB: np.subtract,
    MUL: np.multiply,
    MAX: np.maximum,
    MIN: np.minimum,
}


@pytest.mark.parametrize("dtype", [np.float16, np.float32])
@pytest.mark.parametrize("op", list(BINARY))
def test_binary_float(simtest, op, dtype):
    x, y = _inputs(dtype)
    z, _ = simtest.run_vec(op, x, y)
    expected = BINARY[op](_f32(x), _f32(y)).astype(dtype)  # computed in FP32, rounded once
    np.testing.assert_array_equal(z[:N], expected)


@pytest.mark.parametrize("dtype", [np.int16, np.int32])
@pytest.mark.parametrize("op", list(BINARY))
def test_binary_int_wraps(simtest, op, dtype):
    info = np.iinfo(dtype)
    x = RNG.integers(info.min, info.max, N, dtype=dtype)
    y = RNG.integers(info.min, info.max, N, dtype=dtype)
    z, _ = simtest.run_vec(op, x, y)
    with np.errstate(over="ignore"):
        np.testing.assert_array_equal(z[:N], BINARY[op](x, y))


def test_div(simtest):
    x, y = _inputs(np.float32, 1.0, 4.0)
    z, _ = simtest.run_vec(DIV, x, y)
    np.testing.assert_array_equal(z[:N], x / y)


@pytest.mark.parametrize("op,fn", [(ADDS, np.add), (MULS, np.multiply), (MAXS, np.maximum), (MINS, np.minimum)])
@pytest.mark.parametrize("dtype", [np.float16, np.float32])
def test_scalar_ops(simtest, op, fn, dtype):
    x, y = _inputs(dtype)
    z, _ = simtest.run_vec(op, x, y, scalar=1.5)
    np.testing.assert_array_equal(z[:N], fn(_f32(x), np.float32(1.5)).astype(dtype))


UNARY = {
    ABS: (np.abs, -4, 4),
    EXP: (np.exp, -4, 4),
    LN: (np.log, 0.1, 8),
    SQRT: (np.sqrt, 0, 9),
    RSQRT: (lambda a: 1 / np.sqrt(a), 0.1, 9),
    RECIPROCAL: (lambda a: 1 / a, 0.5, 4),
    RELU: (lambda a: np.maximum(a, 0), -4, 4),
    SIGMOID: (lambda a: 1 / (1 + np.exp(-a)), -6, 6),
}


@pytest.mark.parametrize("dtype", [np.float16, np.float32])
@pytest.mark.parametrize("op", list(UNARY))
def test_unary(simtest, op, dtype):
    fn, low, high = UNARY[op]
    x, y = _inputs(dtype, low, high)
    z, _ = simtest.run_vec(op, x, y)
    expected = fn(_f32(x).astype(np.float64)).astype(dtype)
    rtol = 1e-3 if dtype == np.float16 else 1e-6
    np.testing.assert_allclose(_f32(z[:N]), _f32(expected), rtol=rtol, atol=1e-7)


def test_duplicate_and_count_limits_touch(simtest):
    x, y = _inputs(np.float32)
    z, _ = simtest.run_vec(DUPLICATE, x, y, scalar=2.5, count=100)
    assert (z[:100] == 2.5).all() and (z[100:N] == 0).all()  # only `count` elements written


@pytest.mark.parametrize("dtype", [np.int16, np.uint16])
def test_logic(simtest, dtype):
    info = np.iinfo(dtype)
    x = RNG.integers(info.min, info.max, N, dtype=dtype)
    y = RNG.integers(info.min, info.max, N, dtype=dtype)
    np.testing.assert_array_equal(simtest.run_vec(AND, x, y)[0][:N], x & y)
    np.testing.assert_array_equal(simtest.run_vec(OR, x, y)[0][:N], x | y)
    np.testing.assert_array_equal(simtest.run_vec(NOT, x, y)[0][:N], ~x)


@pytest.mark.parametrize("dtype", [np.int16, np.uint16, np.int32])
def test_shifts_910b(simtest, dtype):
    x = RNG.integers(-1000 if dtype != np.uint16 else 0, 1000, N).astype(dtype)
    np.testing.assert_array_equal(simtest.run_vec(SHIFT_LEFT, x, x, scalar=3)[0][:N], (x << 3).astype(dtype))
    np.testing.assert_array_equal(simtest.run_vec(SHIFT_RIGHT, x, x, scalar=2)[0][:N], x >> 2)


@pytest.mark.parametrize("dtype", [np.int16, np.uint16, np.int32])
def test_shifts_by_the_full_width(simtest, dtype):
    bits = np.dtype(dtype).itemsize * 8
    x = np.array([-5, 7] * (N // 2)).astype(dtype)
    np.testing.assert_array_equal(simtest.run_vec(SHIFT_LEFT, x, x, scalar=bits)[0][:N], np.zeros(N, dtype))
    expected = np.where(x < 0, -1, 0).astype(dtype) if np.issubdtype(dtype, np.signedinteger) else np.zeros(N, dtype)
    np.testing.assert_array_equal(simtest.run_vec(SHIFT_RIGHT, x, x, scalar=bits)[0][:N], expected)


@pytest.mark.parametrize("op, name", [(SHIFT_LEFT, "ShiftLeft"), (SHIFT_RIGHT, "ShiftRight")])
@pytest.mark.parametrize("scalar", [-1, 17])
def test_shift_count_outside_the_width_is_rejected(simtest, op, name, scalar):
    x = np.arange(N, dtype=np.int16)
    with pytest.raises(RuntimeError, match=rf"{name}: scalarValue {scalar} is outside \[0, 16\] for int16"):
        simtest.run_vec(op, x, x, scalar=scalar)


def test_logic_rejects_float_like_int32(simtest):
    x = np.arange(N, dtype=np.int32)
    with pytest.raises(RuntimeError, match=r"And: dtype int32 is not supported"):
        simtest.run_vec(AND, x, x)


def test_exp_rejects_integers(simtest):
    x = np.arange(N, dtype=np.int32)
    with pytest.raises(RuntimeError, match=r"Exp: dtype int32 is not supported"):
        simtest.run_vec(EXP, x, x)


def test_add_rejects_int8(simtest):
    x = np.arange(N, dtype=np.int8)
    with pytest.raises(RuntimeError, match=r"Add: dtype int8 is not supported"):
        simtest.run_vec(ADD, x, x)


@pytest.mark.parametrize("dtype", [np.float16, np.float32])
def test_axpy(simtest, dtype):
    x, y = _inputs(dtype)
    z, _ = simtest.run_vec(AXPY, x, y, scalar=0.5)
    np.testing.assert_array_equal(z[:N], (_f32(y) + _f32(x) * np.float32(0.5)).astype(dtype))


def _tree(values, dtype):
    """Binary tree of adjacent pairs, each partial sum rounded to dtype (ReduceDataBlock.md / ReduceSum.md)."""
    lanes = [dtype(v) for v in values]
    while len(lanes) > 1:
        lanes += [dtype(0)] * (len(lanes) % 2)
        lanes = [dtype(np.float32(lanes[2 * i]) + np.float32(lanes[2 * i + 1])) for i in range(len(lanes) // 2)]
    return lanes[0]


@pytest.mark.parametrize("dtype", [np.float16, np.float32])
def test_reduce_sum_tree_per_repeat_repeats_in_order(simtest, dtype):
    # ascend910b count form (ReduceSum.md way 1): a tree inside each 256-byte repeat, the repeat sums in order in T.
    x, y = _inputs(dtype)
    z, _ = simtest.run_vec(REDUCE_SUM, x, y)
    per = 256 // np.dtype(dtype).itemsize
    acc = dtype(0)
    for r in range(0, N, per):
        acc = dtype(np.float32(acc) + np.float32(_tree(x[r : r + per], dtype)))
    assert z[0] == acc


@pytest.mark.parametrize("dtype,bits", [(np.float16, np.uint16), (np.float32, np.uint32)])
def test_reduce_max_with_index(simtest, dtype, bits):
    x, y = _inputs(dtype)
    z, _ = simtest.run_vec(REDUCE_MAX, x, y)
    assert z[0] == x.max()
    assert z[1:2].view(bits)[0] == int(np.argmax(x))


@pytest.mark.parametrize(
    "mode,fn", list(enumerate([np.less, np.greater, np.equal, np.less_equal, np.greater_equal, np.not_equal]))
)
def test_compare_bitmask(simtest, mode, fn):
    x = RNG.integers(0, 4, N).astype(np.float32)
    y = RNG.integers(0, 4, N).astype(np.float32)
    z, _ = simtest.run_vec(COMPARE, x, y, mode=mode)
    np.testing.assert_array_equal(z.view(np.uint8)[: N // 8], np.packbits(fn(x, y), bitorder="little"))
    s, _ = simtest.run_vec(COMPARE_SCALAR, x, y, scalar=2.0, mode=mode)
    np.testing.assert_array_equal(s.view(np.uint8)[: N // 8], np.packbits(fn(x, np.float32(2)), bitorder="little"))


def test_compare_needs_whole_repeats(simtest):
    x = np.ones(N, np.float32)
    with pytest.raises(RuntimeError, match=r"Compare: count 100 x 4 B is not a whole number of 256-byte repeats"):
        simtest.run_vec(COMPARE, x, x, count=100)


@pytest.mark.parametrize("dtype", [np.float16, np.float32])
def test_select_tensor_modes(simtest, dtype):
    x, y = _inputs(dtype)
    z, _ = simtest.run_vec(SELECT, x, y, mode=2)  # VSEL_TENSOR_TENSOR_MODE: mask consumed continuously
    np.testing.assert_array_equal(z[:N], np.minimum(x, y))
    z, _ = simtest.run_vec(SELECT, x, y, mode=0)  # VSEL_CMPMASK_SPR: first repeat's bits reused
    per = 256 // np.dtype(dtype).itemsize
    sel = np.tile((x < y)[:per], N // per)
    np.testing.assert_array_equal(z[:N], np.where(sel, x, y))
    z, _ = simtest.run_vec(SELECT_SCALAR, x, y, scalar=9.0)
    np.testing.assert_array_equal(z[:N], np.where(x < y, x, dtype(9.0)))


@pytest.mark.parametrize("mask", [1, 37, 64])
def test_whole_reduce_sum(simtest, mask):
    x, y = _inputs(np.float32)
    z, _ = simtest.run_vec(WHOLE_REDUCE_SUM, x, y, mode=mask)
    rows = x.reshape(-1, 64)[:, :mask]
    np.testing.assert_array_equal(z[: rows.shape[0]], [_tree(r, np.float32) for r in rows])  # a tree per repeat


@pytest.mark.parametrize("dtype", [np.float16, np.float32, np.int32])
def test_brcb(simtest, dtype):
    x = np.arange(N).astype(dtype)
    z, _ = simtest.run_vec(BRCB, x, x)
    per_block = 32 // np.dtype(dtype).itemsize
    repeats = N * np.dtype(dtype).itemsize // 256
    np.testing.assert_array_equal(z[:N], np.repeat(x[: repeats * 8], per_block))


def test_cost_counts_repeats(simtest):
    x, y = _inputs(np.float16)
    _, stats = simtest.run_vec(ADD, x, y)
    core = stats["cores"][0]
    assert core["vec_repeats"] == [N * 2 // 256, 0, 0, 0]
    assert core["vec_instrs"] == 1
    assert core["gm_to_ub_bytes"] == 3 * N * 2 and core["ub_to_gm_bytes"] == N * 2
