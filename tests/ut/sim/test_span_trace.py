"""The cost model's optional span trace (issue 18): one core's pipe timeline, recorded only when requested."""

import numpy as np
import pytest

import ascendops
from ascendops import _C, _C_test, _sim_bench

TILE = 1024  # halves: 2 KB copies
BUSY_KEYS = {"S": "scalar_us", "V": "vec_us", "MTE2": "mte2_us", "MTE3": "mte3_us"}


@pytest.fixture
def trace_core():
    """Requests the span trace of a core for the test's launches; always switched off again."""

    def request(core, max_spans=50000):
        _C.request_span_trace(core, max_spans)

    yield request
    _C.request_span_trace(-1)


def traced_copy(trace_core, buffers, core=0, cores=1, tiles=6, max_spans=50000):
    trace_core(core, max_spans)
    x = np.arange(cores * tiles * TILE, dtype=np.float16)
    y, stats = _sim_bench.run_copy(x, cores, TILE, "ascend910b", buffers)
    np.testing.assert_array_equal(y, x)
    return stats


def by_pipe(trace):
    pipes = {}
    for pipe, start, end, api in trace["spans"]:
        pipes.setdefault(pipe, []).append((start, end, api))
    return pipes


def overlaps(a, b):
    return any(s1 < e2 and s2 < e1 for s1, e1, _ in a for s2, e2, _ in b)


@pytest.mark.parametrize("buffers", [1, 2])
def test_spans_lie_inside_the_critical_path_in_order_and_add_up_to_the_busy_times(trace_core, buffers):
    stats = traced_copy(trace_core, buffers, core=1, cores=2)
    trace, core = stats["trace"], stats["cores"][1]["pipe_busy_us"]
    assert trace["core"] == 1 and not trace["truncated"] and trace["freq_mhz"] == 1850
    critical = core["core_us"] * trace["freq_mhz"]
    pipes = by_pipe(trace)
    assert {"MTE2", "MTE3"} <= set(pipes)
    assert len(pipes["MTE2"]) == len(pipes["MTE3"]) == 6  # one copy in and one copy out per tile
    for pipe, spans in pipes.items():
        assert all(0 <= s <= e <= critical * (1 + 1e-12) for s, e, _ in spans)
        assert all(e1 <= s2 for (_, e1, _), (s2, _, _) in zip(spans, spans[1:]))  # in order, never overlapping
        assert sum(e - s for s, e, _ in spans) / trace["freq_mhz"] == pytest.approx(core[BUSY_KEYS[pipe]], rel=1e-12)
    # the core ends when its last copy's data land: the copy latency after the last span (a pipe's time)
    latency = next(r["value"] for r in _C.cost.params() if r["soc"] == "ascend910b" and r["param"] == "copy_latency")
    assert max(e for spans in pipes.values() for _, e, _ in spans) + latency == pytest.approx(critical, rel=1e-12)
    assert {api for _, _, api in pipes["MTE2"]} == {"DataCopy"}


def test_double_buffering_overlaps_copy_in_and_copy_out_single_buffering_does_not(trace_core):
    single = by_pipe(traced_copy(trace_core, 1)["trace"])
    double = by_pipe(traced_copy(trace_core, 2)["trace"])
    assert not overlaps(single["MTE2"], single["MTE3"]) and not overlaps(double["MTE2"], double["MTE3"])
    # spans are pipe times (a copy's data land a latency later): double-buffered, tile 1's read is issued before
    # tile 0's write, while that write's data are still on their way; single-buffered it waits for the write
    assert double["MTE2"][1][0] < double["MTE3"][0][0]
    assert single["MTE2"][1][0] > single["MTE3"][0][1]


def test_no_trace_unless_requested():
    x = np.zeros(4 * TILE, dtype=np.float16)
    _, stats = _sim_bench.run_copy(x, 1, TILE, "ascend910b", 2)
    assert stats["trace"] is None
    ascendops.cast(np.zeros(4096, np.float32), np.float16, soc="ascend910b")
    assert _C.last_launch_report()["trace"] is None


def test_a_trace_is_bounded_and_says_it_was_truncated(trace_core):
    short = traced_copy(trace_core, 2, max_spans=5)["trace"]
    assert short["max_spans"] == 5 and short["truncated"] and len(short["spans"]) == 5
    trace_core(0, 10**9)  # more than the twin keeps: capped
    _, stats = _sim_bench.run_copy(np.zeros(TILE, np.float16), 1, TILE, "ascend910b", 1)
    assert stats["trace"]["max_spans"] == 50000 and not stats["trace"]["truncated"]


def test_a_core_the_launch_does_not_have_records_nothing(trace_core):
    stats = traced_copy(trace_core, 2, core=7, cores=2)
    assert stats["trace"]["core"] == 7 and stats["trace"]["spans"] == [] and not stats["trace"]["truncated"]


def test_an_operator_launch_report_carries_the_trace_and_every_cores_pipe_times(trace_core):
    trace_core(0)
    ascendops.cast(np.zeros(1 << 15, np.float32), np.float16, soc="ascend310p")
    report = _C.last_launch_report()
    core = report["cores"][0]["pipe_busy_us"]
    assert set(core) == {"scalar_us", "vec_us", "mte2_us", "mte3_us", "mte1_us", "cube_us", "fixpipe_us", "core_us"}
    assert core["vec_us"] > 0 and core["mte1_us"] == core["cube_us"] == 0
    assert max(c["pipe_busy_us"]["core_us"] for c in report["cores"]) == pytest.approx(
        report["modeled_slowest_core_us"], rel=1e-12
    )
    pipes = by_pipe(report["trace"])
    freq = report["trace"]["freq_mhz"]
    for pipe, spans in pipes.items():
        assert sum(e - s for s, e, _ in spans) / freq == pytest.approx(core[BUSY_KEYS[pipe]], rel=1e-12)
    assert {api for _, _, api in pipes["V"]} == {"Cast"}


def test_a_barrier_is_one_span_on_every_pipe_outside_the_busy_times(trace_core):
    trace_core(0)
    _, stats = _C_test.simtest.run_sync(4, True, rounds=3, soc="ascend910b")
    trace, core = stats["trace"], stats["cores"][0]["pipe_busy_us"]
    barriers = by_pipe(trace)["ALL"]
    assert len(barriers) == stats["cores"][0]["barriers"] == 6
    assert {api for _, _, api in barriers} == {"SyncAll"}
    assert all(e - s == pytest.approx(2000) for s, e, _ in barriers)  # barrier_cycles on ascend910b
    assert barriers[-1][1] <= core["core_us"] * trace["freq_mhz"] * (1 + 1e-12)
    others = [(s, e) for pipe, spans in by_pipe(trace).items() if pipe != "ALL" for s, e, _ in spans]
    assert not any(s1 < e2 and s2 < e1 for s1, e1, _ in barriers for s2, e2 in others)  # every pipe waits
