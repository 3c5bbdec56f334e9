"""Cast on the CPU twin against the NumPy golden: every delivered pair x shape class x SoC.

Every result, floats included, equals the golden bit for bit (the golden rounds as the spec says: round to nearest
even, truncation toward zero, ...); the spec's tolerances apply to NPU runs only (tests/st/test_npu.py). The twin
checks every GM access against the launch's buffers and the guard zones around them, so an overrun fails the call.
"""

import numpy as np
import pytest

import ascendops
from ascendops.golden import bit_mismatches
from ascendops.golden import cast as golden
from ascendops.ops.cast import _dtype, delivered_pairs, plan_table, sample, tiling

SHAPES = [(), (1,), (31,), (32,), (33,), (255,), (256,), (257,), (4095,), (3, 5, 7, 11), (2**20 + 17,)]
SOCS = ["ascend310p", "ascend910b"]
PAIRS = delivered_pairs("ascend310p")


def check(x, dst, soc, **kw):
    actual = ascendops.cast(x, dst, soc=soc, **kw)
    expected = golden.cast(x, dst, soc)
    assert actual.dtype == expected.dtype and actual.shape == expected.shape
    assert bit_mismatches(actual, expected) == 0


@pytest.mark.parametrize("soc", SOCS)
@pytest.mark.parametrize("shape", SHAPES, ids=lambda s: "x".join(map(str, s)) or "scalar")
@pytest.mark.parametrize("src,dst", PAIRS, ids=lambda p: p)
def test_pair_shape_soc(src, dst, shape, soc):
    n = int(np.prod(shape))
    x = sample(src, n, seed=n).reshape(shape)
    check(x, _dtype(dst), soc)


@pytest.mark.parametrize("soc", SOCS)
def test_wrap_and_window_edges(soc):
    x = np.array([-2049, -2048, -2047, 1919, 1920, 1921, 127, 128, 255, 256, -128, -129, 2**31 - 1, -(2**31)], np.int32)
    check(x, np.int8, soc)
    check(x, np.uint8, soc)
    expected = np.array([-1, 0, 1, 127, -128, -127, 127, -128, -1, 0, -128, 127, -1, 0], np.int8)
    np.testing.assert_array_equal(ascendops.cast(x, np.int8, soc=soc), expected)  # mod-256 wrap, by hand


@pytest.mark.parametrize("soc", SOCS)
def test_int64_limits_and_the_int32_window(soc):
    x = np.array([0, 1, -1, 2**31 - 1, -(2**31), 2**31, 2**32, 2**32 + 5, 2**63 - 1, -(2**63)], np.int64)
    for dst in (np.float32, np.int32, np.int16, np.int8, np.uint8, np.bool_, np.float16):
        check(x, dst, soc)
    np.testing.assert_array_equal(
        ascendops.cast(x, np.bool_, soc=soc), [False, True, True, True, True, True, True, True, True, True]
    )


# Ties of int64 -> float32 above 2^24 (seed: CAST_ROUND, half away from zero) and the INT64 extremes.
TIES = np.array([2**24 + 1, -(2**24 + 1), 2**24 + 3, 2**25 + 2, 2**31 - 1, -(2**31 - 1), 2**40 + 2**16], np.int64)


def test_int64_to_float_rounds_half_away_on_ascend910b():
    x = np.concatenate([TIES, np.array([2**63 - 1, -(2**63), 2**32 + 5], np.int64)])
    want = np.array(
        [2**24 + 2, -(2**24 + 2), 2**24 + 4, 2**25 + 4, 2**31, -(2**31), 2**40 + 2**17, 2.0**63, -(2.0**63), 2**32 + 5],
        np.float32,
    )  # by hand: ties away from zero, the whole 64-bit value
    want16 = np.copysign(np.float16(np.inf), want)  # every value is beyond float16's 65504: Inf on A2/A3
    for soc in ("ascend910b", "ascend910_93"):
        np.testing.assert_array_equal(ascendops.cast(x, np.float32, soc=soc), want)
        np.testing.assert_array_equal(golden.cast(x, np.float32, soc), want)
        np.testing.assert_array_equal(ascendops.cast(x, np.float16, soc=soc), want16)
    # float16 ties (spacing 2 from 2048, 4 from 4096, 32 from 32768) go away from zero too; 65520 -> Inf
    small = np.array([2049, -2049, 2051, 2050, 4098, 4102, 32784, 65519, 65520, -65520], np.int64)
    want_small = np.array([2050, -2050, 2052, 2050, 4100, 4104, 32800, 65504, np.inf, -np.inf], np.float16)
    for soc in ("ascend910b", "ascend910_93"):
        np.testing.assert_array_equal(ascendops.cast(small, np.float16, soc=soc), want_small)
    # on ascend310p too (the low 32 bits, saturating)
    want_310 = np.where(np.isinf(want_small), np.copysign(np.float16(65504), want_small), want_small)
    np.testing.assert_array_equal(ascendops.cast(small, np.float16, soc="ascend310p"), want_310)
    np.testing.assert_array_equal(ascendops.cast(small + 2**32, np.float16, soc="ascend310p"), want_310)


def test_int64_to_float_on_ascend310p_is_exact_in_its_window():
    """dav_m200 has no CAST_ROUND int -> float: low 32 bits, nearest even to FLOAT; equal to CAST_ROUND for
    |x| <= 2^24."""
    window = np.array([0, 1, -1, 2**24, -(2**24), 2**24 - 1, 12345678, -7654321], np.int64)
    np.testing.assert_array_equal(ascendops.cast(window, np.float32, soc="ascend310p"), window.astype(np.float32))
    np.testing.assert_array_equal(
        ascendops.cast(TIES[:2], np.float32, soc="ascend310p"), [2**24, -(2**24)]
    )  # ties to even there (docs/ops/cast.md)


@pytest.mark.parametrize("soc", SOCS)
def test_float_specials(soc):
    x = np.array([np.nan, np.inf, -np.inf, 0.0, -0.0, 0.5, -0.5, 1e-30, 3e9, -3e9], np.float32)
    for dst in (np.int32, np.int8, np.uint8, np.int16, np.int64, np.bool_, np.float16):
        check(x, dst, soc)
    np.testing.assert_array_equal(
        ascendops.cast(x, np.int32, soc=soc), [0, 2**31 - 1, -(2**31), 0, 0, 0, 0, 0, 2**31 - 1, -(2**31)]
    )
    np.testing.assert_array_equal(
        ascendops.cast(x, np.bool_, soc=soc), [True, True, True, False, False, True, True, True, True, True]
    )


@pytest.mark.parametrize("soc", SOCS)
def test_bfloat16_is_quantised_first(soc):
    x = np.array([1.00390625, 300.5, -129.75, np.nan, np.inf], np.float32).astype(golden.BFLOAT16)
    for dst in (np.float32, np.float16, np.int32, np.int8, np.int64, np.bool_):
        check(x, dst, soc)


@pytest.mark.parametrize("soc,core_num", [("ascend310p", 10), ("ascend310p", 1), ("ascend910b", 40)])
def test_other_core_counts(soc, core_num):
    x = sample("float32", 200_003, seed=3)  # >= 16 KB of source for each of 40 cores
    check(x, np.int8, soc, core_num=core_num)
    assert ascendops._C.last_launch_report()["block_dim"] == core_num


@pytest.mark.parametrize("soc", SOCS)
def test_non_contiguous_input(soc):
    base = sample("int32", 2 * 3 * 40 * 7, seed=5).reshape(2, 3, 40, 7)
    x = base[:, ::2, 3:37, ::3].transpose(2, 0, 1, 3)
    assert not x.flags.c_contiguous
    check(x, np.float16, soc)
    check(x, np.int8, soc)


@pytest.mark.parametrize("src,dst", PAIRS, ids=lambda p: p)
def test_ascend910_93(src, dst):
    """Atlas A3 runs the dav-c220 instances with its own platform (48 AIV, DataCopyPad): a ragged tail."""
    x = sample(src, 4099, seed=7)
    check(x, _dtype(dst), "ascend910_93")


@pytest.mark.parametrize("soc", SOCS)
def test_float16_results_round_half_to_even(soc):
    # float32 values exactly halfway between float16 neighbours (spacing 2^-10 in [1, 2)): ties go to the even
    # mantissa, never away from zero, so 1 + 2^-11 -> 1 and 1 + 3 * 2^-11 -> 1 + 2^-9. Expected values by hand.
    x = np.array([1 + 2**-11, 1 + 3 * 2**-11, -(1 + 2**-11), -(1 + 3 * 2**-11), 2048 + 1, 2048 + 3], np.float32)
    expected = np.array([1.0, 1 + 2**-9, -1.0, -(1 + 2**-9), 2048, 2052], np.float16)
    assert bit_mismatches(ascendops.cast(x, np.float16, soc=soc), expected) == 0


def test_bit_mismatches_tells_signed_zeros_and_nans_apart():
    assert bit_mismatches(np.array([0.0, 1.0], np.float32), np.array([-0.0, 1.0], np.float32)) == 1
    assert bit_mismatches(np.array([np.nan], np.float32), np.array([np.nan], np.float32)) == 0
    assert bit_mismatches(np.array([1, 2], np.int8), np.array([1, 3], np.int8)) == 1


def _one_pair_per_path(soc):
    first = {}
    for r in plan_table(soc):
        if r["path"] != "UNSUPPORTED":
            first.setdefault(r["path"], (r["src"], r["dst"]))
    return sorted(first.values())


@pytest.mark.parametrize(
    "soc,src,dst",
    [(soc, s, d) for soc in SOCS for s, d in _one_pair_per_path(soc)],
    ids=lambda x: str(x),
)
def test_tile_and_core_edges_of_every_path(soc, src, dst):
    """Two cores, sizes on either side of their tile and granule edges: whole tiles each (at least the 16 KB of source a
    core takes), one granule more, one element more (a ragged tail), and one more tile one element short."""
    t = tiling((1 << 22,), _dtype(src), _dtype(dst), soc=soc, core_num=2)
    tile, granule = t["tile_elems"], t["granule_elems"]
    whole = 2 * tile * -(-16384 // (tile * _dtype(src).itemsize))
    for n in (whole, whole + granule, whole + 1, whole + 2 * tile - 1):
        assert tiling((n,), _dtype(src), _dtype(dst), soc=soc, core_num=2)["block_dim"] == 2
        check(sample(src, n, seed=n), _dtype(dst), soc, core_num=2)
