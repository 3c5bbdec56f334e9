"""docs/ops/cast.md's round-mode table against the kernel, pair by pair, around each mode's 1-ulp boundaries.

The table is read from the page as written. For every delivered pair and SoC the test generates values where round
modes part: integers, one source ulp either side and the half-way points between them (float -> integer); the
half-way points between neighbouring destination values and one source ulp either side, in every binade the source
reaches, with both parities of the last kept bit (-> float); the source's range limits and specials. Every result
must equal the golden bit for bit; where the page's mode is the only rule in play (a finite result inside the
destination's range, an INT64 source inside INT32 on ascend310p) it must also equal that mode applied by a generic
NumPy rounding; a pair the table does not name must be exact there.
"""

import pathlib
import re

import numpy as np
import pytest

import ascendops
from ascendops.golden import bit_mismatches
from ascendops.golden import cast as golden
from ascendops.ops.cast import _dtype, delivered_pairs

PAGE = pathlib.Path(__file__).resolve().parents[2] / "docs" / "ops" / "cast.md"
SOCS = ["ascend310p", "ascend910b", "ascend910_93", "ascend950"]
PAGE_NAMES = {
    "FLOAT16": "float16",
    "FLOAT": "float32",
    "BF16": "bfloat16",
    "INT64": "int64",
    "INT32": "int32",
    "INT16": "int16",
    "INT8": "int8",
    "UINT8": "uint8",
    "BOOL": "bool",
}
MODES = ("TRUNC", "RINT", "ROUND")


def page_modes():
    """{(soc, src, dst): mode} from the page's table with the header `| source | destinations | <socs>... |`."""
    lines = PAGE.read_text().splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("| source | destinations | ascend"))
    header = [c.strip() for c in lines[start].strip("|").split("|")]
    modes = {}
    for line in lines[start + 2 :]:
        if not line.startswith("|"):
            break
        cells = [c.strip() for c in line.strip("|").split("|")]
        sources, dests = (re.split(r",\s*", cells[i]) for i in (0, 1))
        for column, mode in zip(header[2:], cells[2:]):
            assert mode in MODES, f"unknown mode {mode!r} in {line!r}"
            for soc in re.split(r",\s*", column):
                for s in sources:
                    for d in dests:
                        key = (soc, PAGE_NAMES[s], PAGE_NAMES[d])
                        assert key not in modes, f"{key} named twice"
                        modes[key] = mode
    return modes


MODE_OF = page_modes()


def test_the_table_names_every_soc_and_only_delivered_pairs():
    assert {soc for soc, _, _ in MODE_OF} == set(SOCS)
    for soc in SOCS:
        named = {(s, d) for t, s, d in MODE_OF if t == soc}
        assert named <= set(delivered_pairs(soc)), named - set(delivered_pairs(soc))


def _finite_in(values, dtype):
    with np.errstate(over="ignore", invalid="ignore"):
        x = np.asarray(values, np.float64).astype(dtype)
    x = x[np.isfinite(x.astype(np.float64))]
    return np.unique(x)


def _one_ulp_around(x):
    """Nonzero x and its two neighbours in its own dtype (bfloat16 too): sign-magnitude bits +- 1."""
    x = x[x != 0]
    width = np.uint16 if x.dtype.itemsize == 2 else np.uint32
    bits = x.view(width).astype(np.int64)
    return np.concatenate([x, (bits + 1).astype(width).view(x.dtype), (bits - 1).astype(width).view(x.dtype)])


def float_sources(src, dst):
    """Source floats where TRUNC / RINT / ROUND part, plus limits and specials."""
    src = _dtype(src)
    if dst == "float16":
        # half-way points between neighbouring halves with an even and an odd last bit, at the bottom and the top of
        # every binade (subnormals included), and the overflow boundary
        e = np.arange(-24, 16)
        ulp = np.ldexp(1.0, np.maximum(e - 10, -24))
        bottom, top = np.ldexp(1.0, e), np.ldexp(1.0, e + 1)
        halves = np.concatenate([bottom, bottom + ulp, top - 2 * ulp, top - ulp])
        points = np.concatenate([halves + np.tile(ulp, 4) / 2, [65504.0, 65520.0, 65536.0]])
    else:
        k = np.array([1, 2, 3, 127, 128, 129, 255, 256, 2047, 2048, 32767, 32768, 65535, 2**24, 2**31, 2**32])
        points = np.concatenate([k, k + 0.5, k - 0.5, [0.5, 2.0**40, 2.0**62, 2.0**63]])
    x = _finite_in(np.concatenate([points, -points]), src)
    specials = np.array([0.0, -0.0, np.nan, np.inf, -np.inf], np.float64).astype(src)
    return np.concatenate([_one_ulp_around(x), specials])


def int_sources(src, dst):
    """Source integers at the ties of the destination's precision (both parities, one either side) and limits."""
    src = _dtype(src)
    info = np.iinfo(src) if src != np.bool_ else None
    if info is None:
        return np.array([False, True])
    p = {"float16": 11, "float32": 24}.get(dst, 24)
    vals = [0, 1, -1, 127, 128, 255, 256, 32767, -32768, info.min, info.max, info.min + 1, info.max - 1]
    top = min(info.bits - (1 if info.min < 0 else 0), 62)
    for e in range(p, top):
        spacing = 1 << (e - p + 1)
        for j in (0, 1, 2, (1 << (p - 1)) - 2, (1 << (p - 1)) - 1):
            tie = (1 << e) + j * spacing + spacing // 2
            vals += [tie - 1, tie, tie + 1]
    if src == np.int64:
        vals += [2**31 - 1, 2**31, 2**32 + 2049, -(2**32) - 2049, 2**63 - 1, -(2**63)]
    v = np.array([x for x in vals if info.min <= x <= info.max], dtype=object)
    v = np.concatenate([v, -v[(v > info.min) & (v <= info.max)]]) if info.min < 0 else v
    return np.unique(v.astype(src))


def sources(src, dst):
    return float_sources(src, dst) if src in ("float16", "float32", "bfloat16") else int_sources(src, dst)


def page_reference(x, src, dst, soc, mode):
    """(expected, in_play): the page's mode applied to x, and where it is the only rule in play."""
    dst_t = _dtype(dst)
    if src in ("float16", "float32", "bfloat16"):
        v = x.astype(np.float64)
        if dst_t.kind == "f":
            r = golden.round_float_to_float(v, dst_t, mode)
            return r, np.isfinite(v) & np.isfinite(r.astype(np.float64))
        a = np.abs(np.where(np.isfinite(v), v, 0.0))
        whole = {"TRUNC": np.floor(a), "ROUND": np.floor(a + 0.5), "RINT": np.rint(a)}[mode]  # a + 0.5: exact here
        t = np.copysign(whole, v)
        lo, hi = (-(2**31), 2**31 - 1) if dst_t == np.int64 and soc == "ascend310p" else _int_range(dst_t)
        return t, np.isfinite(v) & (t >= lo) & (t <= hi)
    v = x.astype(np.int64)
    r = golden.round_int_to_float(v, dst_t, mode)
    in_play = np.isfinite(r.astype(np.float64))
    if src == "int64" and soc == "ascend310p":
        in_play &= (v >= -(2**31)) & (v < 2**31)
    return r, in_play


def _int_range(dtype):
    info = np.iinfo(dtype)
    return max(info.min, -(2**62)), min(info.max, 2**62)  # float64 holds both ends exactly


def exact_in_play(x, src, dst, soc):
    """Where an unnamed pair must give x itself: x representable in dst (and inside INT32 for ascend310p's INT64)."""
    dst_t = _dtype(dst)
    if dst_t == np.bool_:
        return np.zeros(x.shape, bool)  # -> BOOL is x != 0, checked by the golden
    v = x.astype(np.float64) if x.dtype.kind == "f" or x.dtype == golden.BFLOAT16 else x.astype(np.int64)
    if dst_t.kind in "iu":
        lo, hi = _int_range(dst_t)
        ok = (v >= lo) & (v <= hi) & (np.trunc(v) == v)
    else:
        with np.errstate(over="ignore", invalid="ignore"):
            ok = v.astype(dst_t).astype(v.dtype) == v
    if src == "int64":
        ok &= (v >= -(2**31)) & (v < 2**31)
    return ok


def _equal(actual, expected, where):
    a = actual[where]
    e = np.asarray(expected)[where]
    if actual.dtype.kind == "f" or actual.dtype == golden.BFLOAT16:
        return bit_mismatches(a, e.astype(actual.dtype))
    return int(np.count_nonzero(a.astype(np.int64) != e.astype(np.int64)))


@pytest.mark.parametrize("soc", SOCS)
@pytest.mark.parametrize("src,dst", delivered_pairs("ascend310p"), ids=lambda p: p)
def test_every_pair_rounds_as_the_page_says(src, dst, soc):
    x = sources(src, dst)
    actual = ascendops.cast(x, _dtype(dst), soc=soc)
    assert bit_mismatches(actual, golden.cast(x, _dtype(dst), soc)) == 0
    mode = MODE_OF.get((soc, src, dst))
    if mode is None:
        where = exact_in_play(x, src, dst, soc)
        expected = x.astype(np.int64) if _dtype(dst).kind in "iu" else x.astype(np.float64)
    else:
        expected, where = page_reference(x, src, dst, soc, mode)
    assert _equal(actual, expected, where) == 0, f"{src} -> {dst} on {soc} is not {mode or 'exact'}"
    if mode is not None:  # the values reach the mode's boundaries: another mode would differ somewhere
        for other in (m for m in MODES if m != mode):
            wrong, _ = page_reference(x, src, dst, soc, other)
            assert _equal(actual, wrong, where) > 0, f"{src} -> {dst}: the values do not tell {mode} from {other}"


@pytest.mark.parametrize("soc", SOCS)
def test_float_to_int64_range_per_soc(soc):
    x = np.array([3e9, -3e9, 2.0**40, -(2.0**40), 2.0**63, -(2.0**63), 2147483520.0], np.float32)
    big = ascendops.cast(x, np.int64, soc=soc)
    if soc == "ascend310p":  # the 32-bit result, then the high word from its sign
        want = [2**31 - 1, -(2**31), 2**31 - 1, -(2**31), 2**31 - 1, -(2**31), 2147483520]
    else:
        want = [3000000000, -3000000000, 2**40, -(2**40), 2**63 - 1, -(2**63), 2147483520]
    assert big.tolist() == want
    b = x.astype(golden.BFLOAT16)  # 3e9 -> 3003121664 (179 x 2^24)
    bf = ascendops.cast(b, np.int64, soc=soc)
    assert bf[:2].tolist() == ([2**31 - 1, -(2**31)] if soc == "ascend310p" else [3003121664, -3003121664])
