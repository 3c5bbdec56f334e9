"""GatherMask (比较与选择/GatherMask.md) and Gatherb (离散与聚合/Gatherb(ISASI).md) on the twin against NumPy
goldens, and their refusals by name."""

import numpy as np
import pytest

FILL = 7  # the kernel fills dst with uint16 7s before the instruction


def _filled(dtype, n):
    return np.full(n * np.dtype(dtype).itemsize // 2, FILL, np.uint16).view(dtype)


def _fixed_bits(pattern, lanes):
    i = np.arange(lanes)
    table = {1: i % 2 == 0, 2: i % 2 == 1, 7: np.ones(lanes, bool)}
    return table.get(pattern, i % 4 == pattern - 3)


def _golden(x, bits_of, lanes, repeats, blk, rep):
    per_block = 32 // x.dtype.itemsize
    picked = []
    for r in range(repeats):
        i = np.arange(lanes)
        at = (r * rep + (i // per_block) * blk) * per_block + i % per_block
        picked.append(x[at][bits_of(r, lanes)])
    return np.concatenate(picked)


def _check(out, count, x, picked):
    golden = _filled(x.dtype, x.size)
    golden[: picked.size] = picked
    assert count == picked.size
    np.testing.assert_array_equal(out, golden)


@pytest.mark.parametrize("dtype", ["float16", "uint16", "float32", "int32"])
@pytest.mark.parametrize("params", [(1, 2, 8, 1), (2, 2, 16, 2), (1, 3, 4, 0)])
def test_gather_mask_pattern_tensor_normal_mode(simtest, dtype, params):
    rng = np.random.default_rng(3)
    blk, repeats, rep, src1_rep = params
    lanes = 256 // np.dtype(dtype).itemsize
    n = 2048 // np.dtype(dtype).itemsize
    x = rng.integers(0, 1000, n).astype(dtype)
    pattern = rng.integers(0, 256, 256).astype(np.uint8)
    bits = np.unpackbits(pattern, bitorder="little").astype(bool)
    word = "uint16" if np.dtype(dtype).itemsize == 2 else "uint32"
    out, count = simtest.gather_mask(x, pattern.view(word), params=params)
    picked = _golden(x, lambda r, k: bits[r * src1_rep * 256 : r * src1_rep * 256 + k], lanes, repeats, blk, rep)
    _check(out, count, x, picked)


@pytest.mark.parametrize("fixed", range(1, 8))
@pytest.mark.parametrize("dtype", ["float16", "float32"])
def test_gather_mask_built_in_patterns(simtest, fixed, dtype):
    n = 1024 // np.dtype(dtype).itemsize
    x = np.arange(n).astype(dtype)
    out, count = simtest.gather_mask(x, np.zeros(16, np.uint16), fixed=fixed, params=(1, 4, 8, 0))
    lanes = 256 // np.dtype(dtype).itemsize
    _check(out, count, x, _golden(x, lambda r, k: _fixed_bits(fixed, k), lanes, 4, 1, 8))


def test_gather_mask_counter_mode_takes_mask_elements_per_repeat(simtest):
    # The sample's scenario 2: mask 70, repeatTimes 2, src0RepeatStride 4, src1RepeatStride 0 (配置方式一).
    rng = np.random.default_rng(5)
    x = rng.integers(0, 2**32, 256, dtype=np.uint64).astype(np.uint32)
    pattern = np.full(32, 0x7E7C00A5, np.uint32)
    bits = np.unpackbits(pattern.view(np.uint8), bitorder="little").astype(bool)
    out, count = simtest.gather_mask(x, pattern, counter=True, mask=70, params=(1, 2, 4, 0))
    _check(out, count, x, _golden(x, lambda r, k: bits[:k], 70, 2, 1, 4))


def test_gather_mask_in_place_packs_behind_what_it_reads(simtest):
    x = np.arange(1, 257).astype(np.uint32)
    out, count = simtest.gather_mask(x, np.zeros(8, np.uint32), fixed=2, params=(1, 4, 8, 0), in_place=True)
    assert count == 128
    np.testing.assert_array_equal(out[:128], np.arange(2, 257, 2))
    np.testing.assert_array_equal(out[128:], x[128:])


def test_gather_mask_refuses_a_pattern_outside_one_to_seven(simtest):
    with pytest.raises(RuntimeError, match=r"GatherMask: src1Pattern 8 outside the built-in patterns \[1, 7\]"):
        simtest.gather_mask(np.zeros(64, np.float32), np.zeros(8, np.uint32), fixed=8, params=(1, 1, 8, 0))


def test_gather_mask_refuses_pattern_seven_on_310p(simtest):
    with pytest.raises(RuntimeError, match=r"GatherMask: src1Pattern 7 outside the built-in patterns \[1, 6\]"):
        simtest.gather_mask(
            np.zeros(64, np.float32), np.zeros(8, np.uint32), fixed=7, params=(1, 1, 8, 0), soc="ascend310p"
        )


def test_gather_mask_refuses_a_dst_over_a_later_repeats_src(simtest):
    with pytest.raises(RuntimeError, match=r"GatherMask: dst written by repeat 0 overlaps the src0 of repeat 1"):
        simtest.gather_mask(
            np.zeros(128, np.float32), np.zeros(8, np.uint32), fixed=7, params=(1, 2, 0, 0), in_place=True
        )


def test_gather_mask_refuses_counter_mode_mask_zero(simtest):
    with pytest.raises(RuntimeError, match=r"GatherMask: mask 0 in Counter mode"):
        simtest.gather_mask(np.zeros(64, np.float32), np.zeros(8, np.uint32), counter=True, params=(1, 1, 8, 0))


def _gatherb_golden(x, offsets, blk, rep):
    per_block = 32 // x.dtype.itemsize
    golden = np.full(x.size, FILL, x.dtype)
    for b, off in enumerate(offsets):
        r, j = divmod(b, 8)
        at = (r * rep + j * blk) * per_block
        golden[at : at + per_block] = x[off // x.itemsize : off // x.itemsize + per_block]
    return golden


@pytest.mark.parametrize("dtype, blk, rep, repeats", [("uint16", 1, 8, 1), ("uint32", 2, 16, 2), ("uint16", 0, 8, 2)])
def test_gatherb_picks_blocks_by_byte_offset(simtest, dtype, blk, rep, repeats):
    rng = np.random.default_rng(9)
    n = 4096 // np.dtype(dtype).itemsize
    x = rng.integers(0, 60000, n).astype(dtype)
    offsets = (rng.permutation(64)[: 8 * repeats] * 32).astype(np.uint32)
    out = simtest.gatherb(x, offsets, dst_blk_stride=blk, dst_rep_stride=rep)
    np.testing.assert_array_equal(out, _gatherb_golden(x, offsets, blk or 1, rep))


def test_gatherb_refuses_float_on_a2(simtest):
    with pytest.raises(RuntimeError, match=r"Gatherb: dtype float32 is not supported"):
        simtest.gatherb(np.zeros(512, np.float32), np.zeros(8, np.uint32))


def test_gatherb_refuses_an_unaligned_offset(simtest):
    offsets = np.arange(8, dtype=np.uint32) * 32
    offsets[3] = 40
    with pytest.raises(RuntimeError, match=r"Gatherb: offset\[3\] = 40 is not 32-byte aligned"):
        simtest.gatherb(np.zeros(512, np.uint16), offsets)
