"""The kernel-API breadth of the twin (tests/ut/sim/kernels/api_kernels.cpp) against NumPy: static tensors, mask
control, the repeat-form reductions and their special registers, the high-level element-wise APIs, assertions,
the ccec scalar helpers and two TPipes in sequence. The kernel takes its case as a struct by value."""

import math

import numpy as np
import pytest

from ascendops import _C_test

# SimApiOp of tests/ut/sim/kernels/sim_api_case.h.
(
    STATIC_ADD,
    TWO_PIPES,
    MASK_COUNTER,
    MASK_NORMAL,
    BIT_MASK,
    REDUCE_MAX,
    REDUCE_MIN,
    REDUCE_SUM,
    REDUCE_MIN_COUNT,
    WHOLE_REDUCE_MAX,
    WHOLE_REDUCE_MIN,
    HIGH_LEVEL,
    SCALAR_HELPERS,
    ASSERT,
    REDUCE_DATA_BLOCK_MAX,
    REDUCE_PAIR_SUM,
    REDUCE_REPEAT_SUM,
    COMPOUND,
    PRINTF,
    OPERATORS,
    COUNTER_REDUCE,
) = range(21)

RNG = np.random.default_rng(26)
SOCS = ["ascend910b", "ascend310p"]


def _run(op, x, y=None, n=None, mode=0, scalar=0.0, soc="ascend910b"):
    x = np.asarray(x, np.float32)
    y = np.zeros_like(x) if y is None else np.asarray(y, np.float32)
    return _C_test.simapi.run(op, x, y, len(x) if n is None else n, mode=mode, scalar=scalar, soc=soc)


def _bits_as_float(index):
    return np.array([index], np.uint32).view(np.float32)[0]


@pytest.mark.parametrize("soc", SOCS)
def test_static_tensors_with_manual_flags_add(soc):
    x, y = RNG.uniform(-4, 4, 256), RNG.uniform(-4, 4, 256)
    np.testing.assert_array_equal(_run(STATIC_ADD, x, y, soc=soc), (x.astype(np.float32) + y.astype(np.float32)))


def test_two_tpipes_in_sequence_with_destroy():
    x, y = RNG.uniform(-4, 4, 64), RNG.uniform(-4, 4, 64)
    np.testing.assert_array_equal(_run(TWO_PIPES, x, y), x.astype(np.float32) + y.astype(np.float32))


@pytest.mark.parametrize("count", [64, 200, 520])
def test_counter_mode_mask_covers_count_elements(count):
    x, y = RNG.uniform(-4, 4, count).astype(np.float32), RNG.uniform(-4, 4, count).astype(np.float32)
    np.testing.assert_array_equal(_run(MASK_COUNTER, x, y), x + y)


@pytest.mark.parametrize("lanes", [1, 17, 64])
def test_normal_mode_mask_register_lanes(lanes):
    x, y = RNG.uniform(-4, 4, 128).astype(np.float32), RNG.uniform(-4, 4, 128).astype(np.float32)
    z = _run(MASK_NORMAL, x, y, mode=lanes)
    expected = np.zeros(128, np.float32)
    for r in range(2):
        expected[r * 64 : r * 64 + lanes] = (x * y)[r * 64 : r * 64 + lanes]
    np.testing.assert_array_equal(z, expected)


def test_mask_register_with_gaps_is_rejected_by_name():
    with pytest.raises(RuntimeError, match="Mul: mask register .* is not a run of lanes from lane 0"):
        _run(MASK_NORMAL, np.zeros(128), np.zeros(128), mode=-1)


def test_mask_longer_than_a_repeat_is_rejected():
    with pytest.raises(RuntimeError, match="SetVectorMask: len 65 exceeds the 64 lanes"):
        _run(MASK_NORMAL, np.zeros(128), np.zeros(128), mode=65)


@pytest.mark.parametrize("lanes", [64, 20])
def test_bit_mask_forms(lanes):
    x = RNG.uniform(-2, 2, 128).astype(np.float32)
    z = _run(BIT_MASK, x, mode=lanes, scalar=1.5)
    expected = np.zeros(128, np.float32)
    for r in range(2):
        part = slice(r * 64, r * 64 + lanes)
        expected[part] = np.maximum(np.exp(x[part]), np.float32(1.5))
    np.testing.assert_allclose(z, expected, rtol=1e-6)  # libm's expf against NumPy's float32 exp: an ulp apart


@pytest.mark.parametrize("op,fn,arg", [(REDUCE_MAX, np.max, np.argmax), (REDUCE_MIN, np.min, np.argmin)])
def test_reduce_max_min_repeat_form_with_index_and_register(op, fn, arg):
    x = RNG.uniform(-8, 8, 256).astype(np.float32)
    z = _run(op, x)
    assert z[0] == fn(x)
    assert z[1] == _bits_as_float(arg(x))  # the index as raw bits of T's width
    assert z[2] == fn(x)
    assert z[3] == _bits_as_float(arg(x))


def _tree_sum_f32(row):
    lanes = [np.float32(v) for v in row]
    while len(lanes) > 1:
        if len(lanes) % 2:
            lanes.append(np.float32(0))
        lanes = [np.float32(lanes[2 * i] + lanes[2 * i + 1]) for i in range(len(lanes) // 2)]
    return lanes[0]


@pytest.mark.parametrize("mask", [64, 48, 1])
def test_reduce_sum_repeat_form_and_register(mask):
    x = RNG.uniform(-1, 1, 256).astype(np.float32)
    z = _run(REDUCE_SUM, x, mode=mask)
    total = np.float32(0)
    for r in range(4):
        total = np.float32(total + _tree_sum_f32(x[r * 64 : r * 64 + mask]))
    assert z[0] == total
    assert z[1] == total


def test_reduce_min_count_form():
    x = RNG.uniform(-8, 8, 304).astype(np.float32)
    z = _run(REDUCE_MIN_COUNT, x, mode=300)
    assert z[0] == x[:300].min()
    assert z[1] == _bits_as_float(np.argmin(x[:300]))


def test_whole_reduce_max_value_index_pairs():
    x = RNG.uniform(-8, 8, 256).astype(np.float32)
    z = _run(WHOLE_REDUCE_MAX, x)
    rows = x.reshape(4, 64)
    for r in range(4):
        assert z[2 * r] == rows[r].max()
        assert z[2 * r + 1] == _bits_as_float(rows[r].argmax())


def test_whole_reduce_min_index_only():
    x = RNG.uniform(-8, 8, 256).astype(np.float32)
    z = _run(WHOLE_REDUCE_MIN, x)
    for r, row in enumerate(x.reshape(4, 64)):
        assert z[r] == _bits_as_float(row.argmin())


def _gelu(v):
    return v / (1 + np.exp(-1.5957691216057308 * (v + 0.044715 * v**3)))


HIGH_LEVEL_CASES = [
    (0, lambda v, s: 1 / (1 + np.exp(-v))),
    (1, lambda v, s: np.tanh(v)),
    (2, lambda v, s: np.sin(v)),
    (3, lambda v, s: np.cos(v)),
    (4, lambda v, s: np.vectorize(math.erf)(v)),
    (5, lambda v, s: np.arctan(v)),
    (6, lambda v, s: v / (1 + np.exp(-v))),
    (7, lambda v, s: _gelu(v)),
    (8, lambda v, s: v / (1 + np.exp(-s * v))),
    (9, lambda v, s: np.floor(v)),
    (10, lambda v, s: np.sign(v)),
]


@pytest.mark.parametrize("mode,fn", HIGH_LEVEL_CASES)
def test_high_level_elementwise(mode, fn):
    x = RNG.uniform(-3, 3, 256).astype(np.float32)
    z = _run(HIGH_LEVEL, x, mode=mode, scalar=1.25)
    expected = fn(x.astype(np.float64), 1.25)
    np.testing.assert_allclose(z, expected, rtol=1e-5, atol=1e-6)  # float evaluation against float64


def test_scalar_helpers_and_utilities():
    x = np.zeros(104, np.float32)
    y = np.zeros(104, np.float32)
    x[:2], y[:2] = [1.5, -2.0], [-1.0, 3.0]
    z = _run(SCALAR_HELPERS, x, y)
    assert z[0] == 1.5 and z[1] == -2.0
    assert z[2] == 9.0  # max(3, 7) + min(2u, 5u)
    assert z[3] == 3 * 1000 + 144  # DivCeil(104, 48), AlignUp(104, 48)
    assert z[4] == 10  # block_idx 0 + block_num 1 * 10


def test_assert_passes_when_true():
    np.testing.assert_array_equal(_run(ASSERT, np.zeros(8)), np.zeros(8, np.float32))


@pytest.mark.parametrize("n,what", [(24, "count < 16"), (40, "count < 32")])
def test_failed_assert_stops_the_launch_naming_the_expression(n, what):
    with pytest.raises(RuntimeError, match=f"ascendc_assert: assertion '{what}' failed at .*api_kernels.cpp"):
        _run(ASSERT, np.zeros(n))


def test_static_tensor_beyond_ub_is_rejected():
    n = 64 * 1024  # 256 KB per tensor: the second cannot fit the UB of either SoC
    with pytest.raises(RuntimeError, match="LocalTensor: static tensor .* beyond the .*-byte UB"):
        _run(STATIC_ADD, np.zeros(n), np.zeros(n))


def test_reduce_data_block_max():
    x = RNG.uniform(-8, 8, 256).astype(np.float32)
    z = _run(REDUCE_DATA_BLOCK_MAX, x)
    np.testing.assert_array_equal(z[:32], x.reshape(32, 8).max(axis=1))


def test_reduce_pair_elem_sum():
    x = RNG.uniform(-8, 8, 256).astype(np.float32)
    z = _run(REDUCE_PAIR_SUM, x)
    np.testing.assert_array_equal(z[:128], x[0::2] + x[1::2])


def test_reduce_repeat_sum():
    x = RNG.uniform(-1, 1, 256).astype(np.float32)
    z = _run(REDUCE_REPEAT_SUM, x)
    np.testing.assert_array_equal(z[:4], [_tree_sum_f32(row) for row in x.reshape(4, 64)])


@pytest.mark.parametrize(
    "mode,fn",
    [
        (0, lambda a, b, s: np.maximum(a + b, 0)),
        (1, lambda a, b, s: np.maximum(a - b, 0)),
        (2, lambda a, b, s: np.where(a >= 0, a, a * s)),
        (3, lambda a, b, s: a * b + a),
        (4, lambda a, b, s: np.maximum(a * b + a, 0)),
    ],
)
def test_compound_elementwise(mode, fn):
    x, y = RNG.uniform(-4, 4, 128).astype(np.float32), RNG.uniform(-4, 4, 128).astype(np.float32)
    z = _run(COMPOUND, x, y, mode=mode, scalar=0.25)
    np.testing.assert_allclose(z, fn(x, y, np.float32(0.25)), rtol=1e-6, atol=1e-6)


def test_printf_and_dump_tensor(capfd):
    x = np.arange(8, dtype=np.float32)
    _run(PRINTF, x)
    out = capfd.readouterr().out
    assert "[core 0] simtest_api n=8 half=1.50" in out
    assert "[core 0] block 0 of 1" in out
    assert "DumpTensor: desc=7, core=0, size=4: 0 1 2 3" in out


@pytest.mark.parametrize("mode,fn", [(0, np.add), (1, np.subtract), (2, np.multiply), (3, np.divide)])
def test_tensor_operators(mode, fn):
    x, y = RNG.uniform(1, 4, 128).astype(np.float32), RNG.uniform(1, 4, 128).astype(np.float32)
    np.testing.assert_array_equal(_run(OPERATORS, x, y, mode=mode), fn(x, y))


@pytest.mark.parametrize("count", [192, 200])
def test_counter_mode_reductions_take_the_partial_last_repeat(count):
    x = RNG.uniform(-1, 1, count).astype(np.float32)
    rows = [x[r : r + 64] for r in range(0, count, 64)]
    per_repeat = _run(COUNTER_REDUCE, x, mode=0)
    np.testing.assert_array_equal(per_repeat[: len(rows)], [_tree_sum_f32(row) for row in rows])
    total = np.float32(0)
    for row in rows:
        total = np.float32(total + _tree_sum_f32(row))
    assert _run(COUNTER_REDUCE, x, mode=1)[0] == total
    z = _run(COUNTER_REDUCE, x, mode=2)
    assert z[0] == x.max() and z[1] == _bits_as_float(np.argmax(x))
