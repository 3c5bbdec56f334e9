"""Cast: the accepted (src, dst, mode) table per SoC, bit-exact fp16/bf16 conversions and every round mode."""

import ml_dtypes
import numpy as np
import pytest

MODES = ["CAST_NONE", "CAST_RINT", "CAST_FLOOR", "CAST_CEIL", "CAST_ROUND", "CAST_TRUNC", "CAST_ODD"]
NONE, RINT, FLOOR, CEIL, ROUND, TRUNC, ODD = range(7)
R5 = ["CAST_RINT", "CAST_FLOOR", "CAST_CEIL", "CAST_ROUND", "CAST_TRUNC"]

# Expected tables, written from the sources independently of the twin's table (docs/twin.md for ascend310p; the
# asc-devkit Cast doc tables for Atlas A2/A3).
EXPECTED_310P = {
    ("float16", "int32"): R5,
    ("float16", "int8"): ["CAST_NONE"] + R5[1:],
    ("float16", "uint8"): ["CAST_NONE"] + R5[1:],
    ("float16", "int16"): ["CAST_RINT"],
    ("float16", "float32"): ["CAST_NONE"],
    ("float32", "float16"): ["CAST_NONE", "CAST_ODD"],
    ("float32", "int32"): R5,
    ("int32", "float32"): ["CAST_NONE"],
    ("int8", "float16"): ["CAST_NONE"],
    ("uint8", "float16"): ["CAST_NONE"],
    ("int16", "float16"): ["CAST_NONE"],
    ("int32", "int16"): ["CAST_NONE"],
}
EXPECTED_910B = {
    ("int8", "float16"): ["CAST_NONE"],
    ("uint8", "float16"): ["CAST_NONE"],
    ("int16", "float16"): ["CAST_NONE"] + R5,
    ("int16", "float32"): ["CAST_NONE"],
    ("float16", "int8"): ["CAST_NONE"] + R5,
    ("float16", "uint8"): ["CAST_NONE"] + R5,
    ("float16", "int16"): R5,
    ("float16", "int32"): R5,
    ("float16", "float32"): ["CAST_NONE"],
    ("bfloat16", "int32"): R5,
    ("bfloat16", "float32"): ["CAST_NONE"],
    ("int32", "int16"): ["CAST_NONE"],
    ("int32", "float32"): ["CAST_NONE"] + R5,
    ("int32", "int64"): ["CAST_NONE"],
    ("float32", "int16"): R5,
    ("float32", "float16"): ["CAST_NONE"] + R5 + ["CAST_ODD"],
    ("float32", "bfloat16"): R5,
    ("float32", "int32"): R5,
    ("float32", "float32"): R5,
    ("float32", "int64"): R5,
    ("int64", "int32"): ["CAST_NONE"],
    ("int64", "float32"): R5,
}

# ascend950 (dav_3510): asc-devkit impl/basic_api/dav_3510/kernel_operator_vec_vconv_impl.h CastImpl, its tuple lists
# read as (dst, src): cast_round_all -> R5, cast_none -> NONE, using_cast_rint -> NONE (as RINT), cast_odd -> ODD;
# the pairs of the twin's dtypes (no int4 / fp8 / hifloat8 / fp4 / complex / double).
_ROUND_ALL = [
    ("float32", "float16"), ("float32", "int64"), ("float32", "int32"), ("float32", "int16"), ("float32", "bfloat16"),
    ("float16", "int32"), ("float16", "int16"), ("float16", "int8"), ("float16", "uint8"), ("float16", "bfloat16"),
    ("int16", "float16"), ("int32", "float32"), ("int64", "float32"), ("bfloat16", "int32"), ("bfloat16", "float16"),
    ("int32", "float16"), ("float32", "float32"),
]  # fmt: skip
_NONE = [
    ("int32", "float16"), ("float16", "float32"), ("bfloat16", "float32"), ("int8", "float16"), ("uint8", "float16"),
    ("uint8", "uint16"), ("uint8", "uint32"), ("int8", "int16"), ("int8", "int32"), ("uint16", "uint8"),
    ("uint16", "uint32"), ("int16", "float32"), ("int16", "uint8"), ("int16", "uint32"), ("int16", "int32"),
    ("uint32", "uint8"), ("uint32", "uint16"), ("uint32", "int16"), ("int32", "int64"), ("int32", "int16"),
    ("int32", "uint8"), ("int32", "uint16"), ("int64", "int32"),
    # using_cast_rint: NONE rounds as RINT
    ("float16", "int8"), ("float16", "uint8"), ("float32", "float16"), ("int16", "float16"), ("int32", "float32"),
]  # fmt: skip
EXPECTED_950 = {}
for pair in _ROUND_ALL:
    EXPECTED_950.setdefault(pair, []).extend(R5)
for pair in _NONE:
    EXPECTED_950.setdefault(pair, []).append("CAST_NONE")
for pair in [("float32", "float16"), ("int32", "float16")]:
    EXPECTED_950[pair].append("CAST_ODD")


def _table(expected):
    return sorted((s, d, m) for (s, d), modes in expected.items() for m in modes)


@pytest.mark.parametrize(
    "soc,expected",
    [
        ("ascend310p", EXPECTED_310P),
        ("ascend910b", EXPECTED_910B),
        ("ascend910_93", EXPECTED_910B),
        ("ascend950", EXPECTED_950),
    ],
)
def test_cast_table_is_exactly_the_documented_one(simtest, soc, expected):
    assert sorted(simtest.cast_table(soc)) == _table(expected)


def test_ascend950_takes_every_direct_pair_of_ascend910b():
    """The Cast plans of dav-c220 serve dav-3510 (op_host/cast/cast_tiling.cpp): every A2 triple is a 950 triple."""
    assert set(_table(EXPECTED_910B)) <= set(_table(EXPECTED_950))


def test_unsupported_triple_names_it(simtest):
    x = np.ones(256, np.float32)
    with pytest.raises(
        RuntimeError,
        match=r"Cast: float32 -> int16 with CAST_RINT is not a single vector " r"instruction on ascend310p",
    ):
        simtest.run_cast(x, "int16", RINT, soc="ascend310p")
    with pytest.raises(RuntimeError, match=r"float32 -> int32 with CAST_NONE"):
        simtest.run_cast(x, "int32", NONE, soc="ascend910b")


ALL16 = np.arange(65536, dtype=np.uint32).astype(np.uint16)


def test_half_to_float_all_bit_patterns(simtest):
    z, _ = simtest.run_cast(ALL16.view(np.float16), "float32", NONE)
    np.testing.assert_array_equal(z.view(np.uint32), ALL16.view(np.float16).astype(np.float32).view(np.uint32))


def test_bf16_to_float_all_bit_patterns(simtest):
    x = ALL16.view(ml_dtypes.bfloat16)
    z, _ = simtest.run_cast(x, "float32", NONE)
    np.testing.assert_array_equal(z.view(np.uint32), x.astype(np.float32).view(np.uint32))


def _float_probe():
    """Every half and bf16 value widened, their midpoints and neighbours, and random floats."""
    rng = np.random.default_rng(1)
    wide = [ALL16.view(np.float16).astype(np.float32), ALL16.view(ml_dtypes.bfloat16).astype(np.float32)]
    bits = np.concatenate([w.view(np.uint32) for w in wide])
    around = np.concatenate([bits, bits + 1, bits - 1, bits + 0x1000, bits + 0x8000, bits + 0x7FFF])
    rand = rng.integers(0, 2**32, 200000, dtype=np.uint64).astype(np.uint32)
    return np.concatenate([around, rand]).view(np.float32)


def _same(actual, expected):
    a, e = np.asarray(actual), np.asarray(expected)
    both_nan = np.isnan(a.astype(np.float32)) & np.isnan(e.astype(np.float32))
    return np.where(both_nan, True, a.view(np.uint16) == e.view(np.uint16))


def test_float_to_half_rne_bit_exact(simtest):
    x = _float_probe()
    z, _ = simtest.run_cast(x, "float16", NONE)
    with np.errstate(all="ignore"):  # the probe overflows half on purpose
        assert _same(z[: x.size], x.astype(np.float16)).all()


def test_float_to_bf16_rne_bit_exact(simtest):
    x = _float_probe()
    z, _ = simtest.run_cast(x, "bfloat16", RINT)
    with np.errstate(all="ignore"):
        assert _same(z[: x.size], x.astype(ml_dtypes.bfloat16)).all()


def _round(values, mode):
    v = np.asarray(values, np.float64)
    return {
        RINT: np.rint,
        NONE: np.rint,
        FLOOR: np.floor,
        CEIL: np.ceil,
        TRUNC: np.trunc,
        ROUND: lambda a: np.sign(a) * np.floor(np.abs(a) + 0.5),
    }[mode](v)


SPECIAL = np.array(
    [0.5, 1.5, 2.5, -0.5, -1.5, -2.5, 2.4, 2.6, -2.4, -2.6, 0.0, -0.0, 7.0, -7.0, 3.75, -3.25], np.float32
)


@pytest.mark.parametrize("mode", [RINT, FLOOR, CEIL, ROUND, TRUNC])
def test_float_to_int32_modes(simtest, mode):
    x = np.concatenate([SPECIAL, np.float32([np.nan, np.inf, -np.inf, 3e9, -3e9])])
    z, _ = simtest.run_cast(x, "int32", mode)
    expected = np.concatenate(
        [_round(SPECIAL, mode), [0, 2**31 - 1, -(2**31), 2**31 - 1, -(2**31)]]
    )  # NaN->0, saturate
    np.testing.assert_array_equal(z[: x.size], expected.astype(np.int64))


@pytest.mark.parametrize("mode", [NONE, FLOOR, CEIL, ROUND, TRUNC])
def test_half_to_int8_saturates(simtest, mode):
    x = np.concatenate([SPECIAL, np.float32([300, -300, 127.5, -128.5])]).astype(np.float16)
    z, _ = simtest.run_cast(x, "int8", mode, soc="ascend310p")
    np.testing.assert_array_equal(z[: x.size], np.clip(_round(x, mode), -128, 127).astype(np.int8))


@pytest.mark.parametrize("mode", [RINT, FLOOR, CEIL, ROUND, TRUNC])
def test_float_to_float_rounds_to_integral(simtest, mode):
    z, _ = simtest.run_cast(SPECIAL, "float32", mode)
    np.testing.assert_array_equal(z[: SPECIAL.size], _round(SPECIAL, mode).astype(np.float32))


def _half_neighbours(x):
    """The half values just below and above float x (x not representable)."""
    h = np.float16(x)
    lo = h if np.float32(h) <= x else np.nextafter(h, np.float16(-np.inf))
    hi = h if np.float32(h) >= x else np.nextafter(h, np.float16(np.inf))
    return lo, hi


@pytest.mark.parametrize("mode", [FLOOR, CEIL, TRUNC, ROUND, ODD])
def test_float_to_half_directed_modes(simtest, mode):
    rng = np.random.default_rng(3)
    x = rng.uniform(-100, 100, 1024).astype(np.float32)
    x = x[x.astype(np.float16).astype(np.float32) != x]  # inexact ones only
    z, _ = simtest.run_cast(x, "float16", mode)
    for v, got in zip(x, z[: x.size]):
        lo, hi = _half_neighbours(v)
        if mode == FLOOR:
            want = lo
        elif mode == CEIL:
            want = hi
        elif mode == TRUNC:
            want = lo if v > 0 else hi
        elif mode == ODD:
            want = lo if lo.view(np.uint16) & 1 else hi
        else:  # ROUND: ties away from zero, else nearest
            d_lo, d_hi = v - np.float64(lo), np.float64(hi) - v
            want = (hi if v > 0 else lo) if d_lo == d_hi else (lo if d_lo < d_hi else hi)
        assert got.view(np.uint16) == np.float16(want).view(np.uint16), (v, mode)


def test_float_to_half_overflow_by_mode(simtest):
    x = np.float32([70000, -70000])
    assert np.isinf(simtest.run_cast(x, "float16", NONE)[0][:2]).all()
    np.testing.assert_array_equal(simtest.run_cast(x, "float16", TRUNC)[0][:2], np.float16([65504, -65504]))


@pytest.mark.parametrize("mode", [RINT, FLOOR, CEIL, ROUND, TRUNC])
def test_int64_to_float_modes(simtest, mode):
    x = np.array([2**53 + 1, -(2**53 + 1), 2**62 + 2**38 + 1, 16777217, -16777217, 7], np.int64)
    z, _ = simtest.run_cast(x, "float32", mode)
    for v, got in zip(x, z[: x.size]):
        f = np.float32(float(v))  # RNE via double: exact enough for these probes' direction checks
        below = f if int(f) <= v else np.nextafter(f, np.float32(-np.inf))
        above = f if int(f) >= v else np.nextafter(f, np.float32(np.inf))
        d_below, d_above = v - int(below), int(above) - v
        nearest_away = (above if v > 0 else below) if d_below == d_above else (below if d_below < d_above else above)
        want = {RINT: np.float32(v), FLOOR: below, CEIL: above, TRUNC: below if v >= 0 else above, ROUND: nearest_away}[
            mode
        ]
        assert got == want, (v, mode)


def test_widening_and_narrowing_integers(simtest):
    x = np.array([1, -1, 40000, -40000, 2**31 - 1, -(2**31)], np.int32)
    np.testing.assert_array_equal(simtest.run_cast(x, "int64", NONE)[0][: x.size], x.astype(np.int64))
    np.testing.assert_array_equal(simtest.run_cast(x, "int16", NONE)[0][: x.size], np.clip(x, -32768, 32767))
    y = np.array([2**40, -(2**40), 5], np.int64)
    np.testing.assert_array_equal(simtest.run_cast(y, "int32", NONE)[0][:3], [2**31 - 1, -(2**31), 5])


def test_small_ints_to_half(simtest):
    for dtype in (np.int8, np.uint8, np.int16):
        info = np.iinfo(dtype)
        x = np.arange(max(info.min, -3000), min(info.max, 3000) + 1).astype(dtype)
        z, _ = simtest.run_cast(x, "float16", NONE, soc="ascend310p")
        np.testing.assert_array_equal(z[: x.size], x.astype(np.float16))
