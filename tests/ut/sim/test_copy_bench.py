"""``ascendops bench copy`` (issue 11 item 4): the cost model ranks GM -> UB -> GM copy designs."""

import numpy as np
import pytest

from ascendops import _C, _C_test, _sim_bench
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
    one = _sim_bench.run_copy(x, cores, tile, soc, 1, in_order=True)[1]["modeled_device_us"]
    two = _sim_bench.run_copy(x, cores, tile, soc, 2, in_order=True)[1]["modeled_device_us"]
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
    y, _ = _sim_bench.run_copy(x, 4, 1024, "ascend910b", buffers)
    np.testing.assert_array_equal(y, x)


def test_copy_buffers_other_than_one_or_two_are_rejected():
    with pytest.raises(ValueError, match="buffers must be 1 or 2, got 3"):
        _sim_bench.run_copy(np.zeros(1024, np.float16), 1, 1024, "ascend910b", 3)


# ---- --vector-cores (issue 18): ascend310p, 8 AI cores (AICORE) against 8 + 7 Vector Cores (MIX_VECTOR_CORE) ----
def _vector_core_rows(case):
    rows = [r for r in copy_bench.vector_core_rows([c for c in copy_bench.STREAM_CASES if c[0] == case])]
    assert [(r["kernel type"], r["blocks"]) for r in rows] == [("AICORE", 8), ("MIX_VECTOR_CORE", 15)]
    return rows


@pytest.mark.parametrize("case,x_achievable", [("split 64 MB copy", 1.003), ("cast 2^24 f32->f16", 1.003)])
def test_vector_cores_do_not_speed_up_split_or_cast_sized_streams(case, x_achievable):
    ai, mixed = _vector_core_rows(case)
    # 8 AI cores already stream at the achievable bandwidth: 7 more cores share it and move no more bytes; the 15-block
    # launch only adds 7 blocks of launch term (0.168 us each)
    assert ai["x achievable"] == x_achievable
    assert mixed["modeled_us"] - ai["modeled_us"] == pytest.approx(7 * 0.168, abs=0.1)
    assert mixed["bandwidth_us"] == ai["bandwidth_us"] > mixed["slowest_core_us"]


def test_vector_cores_speed_up_a_vector_bound_stream():
    ai, mixed = _vector_core_rows("cast + 8 Exp")
    assert ai["x achievable"] == 2.006 and mixed["x achievable"] == 1.149
    assert mixed["vs 8 blocks"] == 1.746  # the vector work spreads over 15 cores, 7 at the Vector Cores' 1000 MHz


def test_stream_kernel_casts_every_element_on_ai_and_vector_cores():
    x = np.arange(15 * 2 * 8192, dtype=np.float32) % 4096 * 0.5 - 1000  # 30 tiles over 15 blocks, float16-exact
    y, stats = _sim_bench.run_stream(x, 15, 8192, "ascend310p", 0, True)
    np.testing.assert_array_equal(y, x.astype(np.float16))
    assert stats["rounds"] == 1 and sum(c["vector_core"] for c in stats["cores"]) == 7


def _mte2_us(stats):
    return max(c["pipe_busy_us"]["mte2_us"] for c in stats["cores"])


def test_a_launch_reads_what_the_launch_before_wrote_from_l2():
    # 8 cores x 64 KB in tiles of 8 KB (8 copies each way per core): the second launch's reads of y hit L2 (110
    # B/cycle, not capped by the core's bandwidth share) unless the host wrote y in between
    x = np.arange(8 * 32768, dtype=np.float16)
    first, second = _C_test.simtest.run_copy_chain(x, 8, 4096)
    _, cold = _C_test.simtest.run_copy_chain(x, 8, 4096, host_write=True)
    issue = next(r["value"] for r in _C.cost.params() if r["soc"] == "ascend910b" and r["param"] == "copy_issue")
    per_copy = issue + 8192 / 110  # MTE2 cycles: the issue plus 8 KB at the L2 rate (the latency overlaps)
    assert _mte2_us(second) == pytest.approx(8 * per_copy / 1850, rel=1e-6)
    assert _mte2_us(cold) == pytest.approx(_mte2_us(first)) and _mte2_us(cold) > 1.5 * _mte2_us(second)
