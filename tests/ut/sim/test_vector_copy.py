"""Copy, UB -> UB in repeats under a mask (Memory矢量计算/数据搬运/Copy（UBToUB掩码式高维数据搬运）.md), on the
twin against NumPy goldens, and its refusals by name."""

import numpy as np
import pytest


def _golden(x, mask, repeats, params):
    dst_blk, src_blk, dst_rep, src_rep = params
    per_block = 32 // x.itemsize
    out = np.full(x.size, 7, x.dtype)
    i = np.arange(mask)
    for r in range(repeats):
        src = (r * src_rep + (i // per_block) * src_blk) * per_block + i % per_block
        dst = (r * dst_rep + (i // per_block) * dst_blk) * per_block + i % per_block
        out[dst] = x[src]
    return out


@pytest.mark.parametrize(
    "dtype, mask, repeats, params",
    [
        ("float16", 128, 4, (1, 1, 8, 8)),
        ("float16", 16, 8, (1, 1, 1, 4)),  # one block per repeat, ND rows into NZ columns (bank_conflict_nd2nz)
        ("float32", 40, 3, (2, 1, 16, 5)),
        ("int32", 64, 2, (1, 2, 8, 16)),
    ],
)
def test_copy_moves_the_masked_lanes_of_each_repeat(simtest, dtype, mask, repeats, params):
    x = np.arange(4096 // np.dtype(dtype).itemsize).astype(dtype)
    np.testing.assert_array_equal(simtest.copy(x, mask, repeats, params), _golden(x, mask, repeats, params))


@pytest.mark.parametrize("mask, repeats, params", [(20, 3, (1, 1, 8, 8)), (144, 1, (1, 8, 8, 8))])
def test_copy_counter_mode_counts_each_repeats_elements(simtest, mask, repeats, params):
    # 约束说明: in Counter mode Copy's mask is per repeat (ceil(mask * 4 / 32) blocks) and repeatTime stays in force.
    x = np.arange(1280).astype(np.int32)
    out = simtest.copy(x, mask, repeats, params, counter=True)
    np.testing.assert_array_equal(out, _golden(x, mask, repeats, params))


def test_copy_repeat_zero_is_a_nop(simtest):
    x = np.arange(256).astype(np.float32)
    np.testing.assert_array_equal(simtest.copy(x, 64, 0), np.full(256, 7, np.float32))


def test_copy_refuses_a_mask_past_a_repeat(simtest):
    with pytest.raises(RuntimeError, match=r"Copy: mask 65 outside \[1, 64\] \(Normal mode\)"):
        simtest.copy(np.zeros(256, np.float32), 65, 1)


def test_copy_refuses_a_dst_past_its_tensor(simtest):
    with pytest.raises(RuntimeError, match=r"Copy: dst covers \d+ elements but the LocalTensor has 256"):
        simtest.copy(np.zeros(256, np.float32), 64, 5)


def test_copy_is_absent_on_310p(simtest):
    with pytest.raises(RuntimeError, match=r"Copy: not available on ascend310p"):
        simtest.copy(np.zeros(256, np.float32), 64, 1, soc="ascend310p")
