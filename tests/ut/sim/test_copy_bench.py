"""``ascendops bench copy`` (issue 11 item 4): the cost model ranks GM -> UB -> GM copy designs."""

import numpy as np
import pytest

from ascendops import _C
from ascendops.bench import copy as copy_bench

SMALL, LARGE = 8 * 1024, 8 * 1024 * 1024


def gbps(stats):
    return stats["total_gm_bytes"] / stats["modeled_device_us"] / 1e3


@pytest.mark.parametrize("soc", copy_bench.SOCS)
def test_double_buffering_beats_single_buffering_on_large_copies(soc):
    single = copy_bench.copy_point(soc, LARGE, 1)
    double = copy_bench.copy_point(soc, LARGE, 2)
    assert double["total_gm_bytes"] == single["total_gm_bytes"] == 2 * LARGE
    assert double["modeled_device_us"] < single["modeled_device_us"]


@pytest.mark.parametrize("soc", copy_bench.SOCS)
def test_two_buffer_queue_overlaps_even_when_each_tile_is_freed_before_the_next_alloc(soc):
    # AllocTensor's cursor rotates (kernel_tquebind_impl.h AllocBuffer): tile i+1 lands in the other buffer, so its
    # copy-in waits only for tile i-1's copy-out. 8 MB in 32 KB tiles over the bench's cores.
    x = np.zeros(LARGE // 2, dtype=np.float16)
    cores = copy_bench.MAX_CORES[soc]
    tile = copy_bench.TILE_BYTES // 2
    one = _C.simtest.run_copy(x, cores, tile, soc, 1, in_order=True)[1]["modeled_device_us"]
    two = _C.simtest.run_copy(x, cores, tile, soc, 2, in_order=True)[1]["modeled_device_us"]
    prefetched = copy_bench.copy_point(soc, LARGE, 2)["modeled_device_us"]
    assert two < 0.9 * one if soc == "ascend910b" else two < one
    assert two == pytest.approx(prefetched, rel=0.02)  # the same overlap as issuing tile i+1's copy-in first


@pytest.mark.parametrize("soc", copy_bench.SOCS)
def test_small_copies_reach_less_bandwidth(soc):
    small, large = copy_bench.copy_point(soc, SMALL, 2), copy_bench.copy_point(soc, LARGE, 2)
    assert gbps(small) < gbps(large) / 10  # the fixed launch and copy latency dominate 8 KB


@pytest.mark.parametrize("soc", copy_bench.SOCS)
@pytest.mark.parametrize("nbytes", [SMALL, LARGE])
def test_modeled_copy_time_is_at_least_the_achievable_roofline(soc, nbytes):
    s = copy_bench.copy_point(soc, nbytes, 2)
    assert s["achievable_roofline_us"] > 0
    assert s["modeled_device_us"] / s["achievable_roofline_us"] >= 1.0


@pytest.mark.parametrize("buffers", [1, 2])
def test_both_copy_kernels_copy_every_element(buffers):
    x = np.arange(3 * 4 * 1024, dtype=np.float16)  # 4 cores x 3 tiles of 1024
    y, _ = _C.simtest.run_copy(x, 4, 1024, "ascend910b", buffers)
    np.testing.assert_array_equal(y, x)


def test_copy_buffers_other_than_one_or_two_are_rejected():
    with pytest.raises(ValueError, match="buffers must be 1 or 2, got 3"):
        _C.simtest.run_copy(np.zeros(1024, np.float16), 1, 1024, "ascend910b", 3)
