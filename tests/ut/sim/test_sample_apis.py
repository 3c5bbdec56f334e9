"""APIs public samples call, on the twin against NumPy goldens, and their refusals by name: CreateVecIndex (count
form), Compare with its result in CmpMask and GetCmpMask / SetCmpMask, and the type utilities (AscendC::IsSameType,
Conditional, SupportType, AscendC::Std traits) a kernel branches on."""

import numpy as np
import pytest


@pytest.mark.parametrize(
    "dtype, first, count",
    [
        ("float16", 0, 128),
        ("float16", -40, 300),
        ("float32", 2.0, 200),
        ("int16", 0, 128),
        ("int16", -7, 1000),
        ("int32", 100, 520),
        ("float32", 5.0, 3),
    ],
)
@pytest.mark.parametrize("soc", ["ascend910b", "ascend310p"])
def test_create_vec_index_matches_arange(simtest, dtype, first, count, soc):
    room = 1024
    z = simtest.vec_index(dtype, first, count, room, soc=soc)
    golden = np.full(room, 7, dtype)
    golden[:count] = np.arange(first, first + count).astype(dtype)
    np.testing.assert_array_equal(z, golden)


def test_create_vec_index_at_an_offset_leaves_the_rest(simtest):
    z = simtest.vec_index("int32", 10, 16, 64, offset=24)
    golden = np.full(64, 7, np.int32)
    golden[24:40] = np.arange(10, 26)
    np.testing.assert_array_equal(z, golden)


def test_create_vec_index_count_zero_is_a_nop(simtest):
    np.testing.assert_array_equal(simtest.vec_index("float32", 3.0, 0, 64), np.full(64, 7, np.float32))


def test_create_vec_index_refuses_a_dtype_it_lacks(simtest):
    with pytest.raises(RuntimeError, match=r"CreateVecIndex: dtype uint16 is not supported"):
        simtest.vec_index("uint16", 0, 64, 64)


def test_create_vec_index_refuses_an_unaligned_dst(simtest):
    with pytest.raises(RuntimeError, match=r"CreateVecIndex: dst UB address \d+ is not 32-byte aligned"):
        simtest.vec_index("float32", 0, 16, 64, offset=3)


def test_create_vec_index_refuses_a_count_past_dst(simtest):
    with pytest.raises(RuntimeError, match=r"CreateVecIndex: dst covers 80 elements but the LocalTensor has 64"):
        simtest.vec_index("float32", 0, 80, 64)


CMP_MODES = {
    "LT": np.less,
    "GT": np.greater,
    "EQ": np.equal,
    "LE": np.less_equal,
    "GE": np.greater_equal,
    "NE": np.not_equal,
}


def _cmp_golden(x, y, fn, mask):
    bits = np.zeros(128, bool)
    bits[:mask] = fn(x[:mask], y[:mask])
    out = np.full(128, 0xEE, np.uint8)
    out[:16] = np.packbits(bits, bitorder="little")
    return out


@pytest.mark.parametrize("dtype, mask", [("float32", 64), ("float32", 20), ("float16", 128), ("float16", 100)])
@pytest.mark.parametrize("mode", list(CMP_MODES))
@pytest.mark.parametrize("soc", ["ascend910b", "ascend310p"])
def test_compare_into_cmp_mask_matches_numpy(simtest, dtype, mask, mode, soc):
    rng = np.random.default_rng(7)
    n = 256 // np.dtype(dtype).itemsize
    x = rng.integers(-4, 4, n).astype(dtype)
    y = rng.integers(-4, 4, n).astype(dtype)
    z = simtest.cmp_mask(x, y, mask, mode=list(CMP_MODES).index(mode), soc=soc)
    np.testing.assert_array_equal(z, _cmp_golden(x, y, CMP_MODES[mode], mask))


def test_set_cmp_mask_then_get_cmp_mask_round_trips(simtest):
    x = np.arange(64, dtype=np.float32) * np.float32(1.25)
    z = simtest.cmp_mask(x, x, 64, op=1)
    np.testing.assert_array_equal(z[:16], x.view(np.uint8)[:16])
    np.testing.assert_array_equal(z[16:], np.full(112, 0xEE, np.uint8))


def test_compare_into_cmp_mask_refuses_int32(simtest):
    x = np.zeros(64, np.int32)
    with pytest.raises(RuntimeError, match=r"Compare: dtype int32 is not supported"):
        simtest.cmp_mask(x, x, 64)


def test_compare_into_cmp_mask_refuses_a_mask_past_one_repeat(simtest):
    x = np.zeros(128, np.float32)
    with pytest.raises(RuntimeError, match=r"Compare: mask 65 outside \[1, 64\]"):
        simtest.cmp_mask(x, x, 65)


def test_get_cmp_mask_refuses_a_dst_under_128_bytes(simtest):
    x = np.zeros(64, np.float32)
    with pytest.raises(RuntimeError, match=r"GetCmpMask: dst holds 64 bytes, fewer than the 128 it needs"):
        simtest.cmp_mask(x, x, 64, room=64)


# (what the kernel asks, the answer of C++'s <type_traits> / <tuple>), in the kernel's order.
TYPE_ANSWERS = [
    ("IsSameType<half, half>", 1),
    ("IsSameType<half, float>", 0),
    ("IsSameType<const float, float>", 0),
    ("Conditional<false, half, float> is float", 1),
    ("SupportType<int16_t, half, float, int16_t>", 1),
    ("SupportType<uint8_t, half, float>", 0),
    ("is_same<int32_t, int32_t>", 1),
    ("is_same_v<uint8_t, int8_t>", 0),
    ("is_floating_point<float>", 1),
    ("is_floating_point_v<int32_t>", 0),
    ("is_integral<uint16_t>", 1),
    ("is_integral_v<float>", 0),
    ("is_pointer_v<float*>", 1),
    ("is_reference_v<float&>", 1),
    ("is_const_v<const int>", 1),
    ("is_void_v<void>", 1),
    ("is_array_v<int[4]>", 1),
    ("is_base_of_v<Plain, Derived>", 1),
    ("is_convertible_v<Derived*, Plain*>", 1),
    ("remove_cv_t<const volatile int> is int", 1),
    ("remove_pointer_t<float*> is float", 1),
    ("add_const_t<int> is const int", 1),
    ("conditional_t<true, half, float> is half", 1),
    ("Int<5>::value", 5),
    ("make_index_sequence<3>::size()", 3),
    ("get<1>(make_tuple(1, 9, 4))", 9),
]


def test_type_utilities_answer_as_the_standard_traits(simtest):
    got = simtest.type_traits(len(TYPE_ANSWERS))
    assert dict(zip((q for q, _ in TYPE_ANSWERS), got.tolist())) == dict(TYPE_ANSWERS)
