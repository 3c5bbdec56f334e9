"""The cost model (issue 11): per-pipe timeline, bank conflicts, the parameter table, and the calibration against
the published Atlas A2 Add measurements (asc-devkit add_high_performance README)."""

import pytest

from ascendops import _C, _C_test, _sim_bench
from ascendops.bench import calibrate

# A small Add on 8 cores: 256 x 8192 halves, enough tiles per core for the pipes to overlap.
SMALL = dict(rows=256, cols=8192, scalar=0, l2_bypass=0, tile_limit=0)


def run_small(tile, buffers, offsets=None, **extra):
    offsets = offsets or calibrate._packed(tile, buffers)
    tiling = dict(
        SMALL,
        tile=tile,
        buffers=buffers,
        offsets=offsets,
        ub_bytes=max(o + tile * 2 for row in offsets for o in row),
        **extra,
    )
    return _sim_bench.run_add_calibration(tiling, 8)


# 避免bank冲突（NPU架构版本2201）.md, its own examples: 0x10000 is bank 16, 0x10020 bank 17, 0x10E20 bank 17,
# 0x20020 bank 33 (bank group = bank % 16).
@pytest.mark.parametrize(
    "operands, beats",
    [
        ([(0x10020, False), (0x10000, True)], 1),  # read-write, different banks: no conflict
        ([(0x10020, False), (0x10E20, True)], 2),  # read-write on one bank (17)
        ([(0x10020, False), (0x20020, False)], 2),  # read-read in one bank group (1)
        ([(0x10020, False), (0x10000, False)], 1),  # read-read in different groups
        ([(0x0, False), (0x100, False), (0x10000, True)], 1),  # x, y 256 B apart, z on another bank: case 6's layout
    ],
)
def test_bank_beats_follow_the_documented_examples(operands, beats):
    assert _C_test.simtest.bank_beats(operands) == beats
    assert _C_test.simtest.bank_beats(operands, soc="ascend310p") == 1  # no documented 310P layout: not modeled


def test_double_buffering_overlaps_copies_and_compute():
    single, double = run_small(4096, 1), run_small(4096, 2)
    assert double["modeled_slowest_core_us"] < single["modeled_slowest_core_us"]
    # the same work on every pipe; only the overlap differs
    for pipe in ("vec_us", "mte2_us", "mte3_us"):
        assert double["slowest_core"][pipe] == pytest.approx(single["slowest_core"][pipe], rel=1e-9)


def test_large_copies_beat_small_ones():
    small, large = run_small(1024, 2), run_small(8192, 2)
    # one issue per copy (13 cycles, data_copy README scenario 1): 2 KB copies spend 17 % of MTE2 on it, 16 KB ones 2 %
    assert large["slowest_core"]["mte2_us"] < 0.88 * small["slowest_core"]["mte2_us"]
    assert large["modeled_device_us"] < small["modeled_device_us"]


def test_an_idle_double_buffered_queue_does_not_make_a_serial_kernel_overlap():
    serial = run_small(4096, 1)
    with_idle_queue = run_small(4096, 1, idle_queue=1)
    assert with_idle_queue["modeled_slowest_core_us"] == serial["modeled_slowest_core_us"]
    assert with_idle_queue["modeled_slowest_core_us"] > run_small(4096, 2)["modeled_slowest_core_us"]


def test_bank_conflicts_double_the_vector_time():
    tile = 15232  # 119 repeats of 128 halves per Add; 22-cycle issue (SoC table)
    packed = run_small(tile, 1, [[0, 32768, 65536]])  # x and y both start in bank group 0: read-read
    spread = run_small(tile, 1, [[0, 30464, 65536]])  # y in group 8, z in group 0 of the next 64 KB
    tiles = 256 * 8192 // 8 // tile + 1  # per core, the last one partial
    last = 256 * 8192 // 8 - (tiles - 1) * tile
    repeats = (tiles - 1) * 119 + -(-last * 2 // 256)
    assert spread["slowest_core"]["vec_us"] == pytest.approx((tiles * 22 + repeats) / 1850)
    assert packed["slowest_core"]["vec_us"] == pytest.approx((tiles * 22 + 2 * repeats) / 1850)


def test_every_cost_parameter_has_a_label_and_a_source():
    rows = _C.cost.params()
    assert {r["soc"] for r in rows} == {"ascend310p", "ascend910b", "ascend910_93", "ascend950"}
    for r in rows:
        assert r["label"] in ("platform config", "verified", "derived", "assumed") and r["source"], r
    a2 = {r["param"]: r for r in rows if r["soc"] == "ascend910b"}
    assert a2["freq_mhz"]["value"] == 1850 and a2["freq_mhz"]["label"] == "platform config"
    assert a2["ub_bank_groups"]["value"] == 16


@pytest.fixture(scope="module")
def calibration():
    return {case: calibrate.modeled(case)[0] for case in calibrate.CASES}


def test_calibration_cases_within_25_percent_of_the_published_durations(calibration):
    for case, modeled in calibration.items():
        published = calibrate.PUBLISHED[case][0]
        assert 0.75 <= modeled / published <= 1.25, (case, modeled, published)


def test_calibration_ranks_the_cases_as_published(calibration):
    # Published steps: 0 > 1 > 2 > 3 > 4 > 5 > 6; 3 -> 4 and 5 -> 6 gain 1.7% each, below the model's resolution:
    # those two pairs must come out within 3% of each other, never reversed by more.
    order = sorted(calibration, key=lambda case: -calibrate.PUBLISHED[case][0])
    for a, b in zip(order, order[1:]):
        gap = calibrate.PUBLISHED[a][0] / calibrate.PUBLISHED[b][0]
        if gap > 1.05:
            assert calibration[a] > calibration[b], (a, b, calibration)
        else:
            assert calibration[b] <= calibration[a] * 1.03, (a, b, calibration)
