"""In-core pipe synchronisation (sim/pipe_sync.h): each rule has a kernel that breaks it (message asserted) and the
same kernel with the missing sync, which must run and compute y = x + 1 (kernels/pipe_sync_kernels.cpp)."""

import re
from pathlib import Path

import numpy as np
import pytest

(
    MTE2_TO_V,
    V_TO_MTE3,
    V_TO_MTE2,
    MTE2_OVERLAP,
    MTE3_OVERLAP,
    MTE3_TO_MTE2,
    V_TO_V,
    V_TO_S,
    QUEUE_SKIPS_PIPE,
    RESERVED_ID,
    DOUBLE_SET,
    SET_NO_WAIT,
    BARRIER_S,
    EVENT_IDS,
    CROSS_CORE_EVENT,
    QUEUE_ROTATION,
    STRIDED_COLUMNS,
    STRIDED_OVERLAP,
) = range(1, 19)

SOCS = ["ascend910b", "ascend310p"]
PREFIX = r"kernel 'simtest_pipe_sync' core 0/1 \(\w+\): "
UB = r"UB \[0x0, 0x80\)"
UB2 = r"UB \[0x80, 0x100\)"
GM = r"GM bytes \[0, 128\) of device allocation #\d+"

# (scenario, auto-sync on, message of the breaking kernel, y of the obeying kernel: "x+1", "x" or "0")
RULES = [
    (
        MTE2_TO_V,
        True,
        r"Adds: V Adds reads " + UB + r" written by MTE2 DataCopy without MTE2->V sync "
        r"\(SetFlag/WaitFlag<HardEvent::MTE2_V> or a TQue\)",
        "x+1",
    ),
    (
        V_TO_MTE3,
        True,
        r"DataCopy: MTE3 DataCopy reads " + UB2 + r" written by V Adds without V->MTE3 sync "
        r"\(SetFlag/WaitFlag<HardEvent::V_MTE3> or a TQue\)",
        "x+1",
    ),
    (V_TO_MTE2, True, r"DataCopy: MTE2 DataCopy writes " + UB + r" read by V Adds without V->MTE2 sync", "x+1"),
    (
        MTE2_OVERLAP,
        True,
        r"DataCopy: MTE2 DataCopy writes " + UB + r" written by MTE2 DataCopy without " r"PipeBarrier<PIPE_MTE2>",
        "x+1",
    ),
    (
        MTE3_OVERLAP,
        True,
        r"DataCopy: MTE3 DataCopy writes " + GM + r" written by MTE3 DataCopy without " r"PipeBarrier<PIPE_MTE3>",
        "x+1",
    ),
    (
        MTE3_TO_MTE2,
        True,
        r"DataCopy: MTE2 DataCopy reads " + GM + r" written by MTE3 DataCopy without MTE3->MTE2 "
        r"sync \(SetFlag/WaitFlag<HardEvent::MTE3_MTE2> or a TQue\)",
        "x+1",
    ),
    (V_TO_V, False, r"Adds: V Adds writes " + UB + r" read by V Adds without PipeBarrier<PIPE_V>", "x+1"),
    (
        V_TO_S,
        False,
        r"LocalTensor::GetValue: S LocalTensor::GetValue reads UB \[0x0, 0x2\) written by V Adds "
        r"without V->S sync \(SetFlag/WaitFlag<HardEvent::V_S>\)",
        "x+1",
    ),
    (
        QUEUE_SKIPS_PIPE,
        True,
        r"DataCopy: MTE3 DataCopy reads " + UB + r" written by MTE2 DataCopy without " r"MTE2->MTE3 sync",
        "x",
    ),
    (
        RESERVED_ID,
        True,
        r"SetFlag: event id 7 of HardEvent::V_MTE3 is reserved \(ID 6 for the system, ID 7 for " r"TPipe's auto-sync\)",
        "0",
    ),
    (DOUBLE_SET, True, r"SetFlag: HardEvent::V_MTE3 id 1 set twice without a WaitFlag between", "0"),
    (
        SET_NO_WAIT,
        True,
        r"SetFlag: HardEvent::MTE2_V id 2 set at .*pipe_sync_kernels\.cpp:\d+ was never waited by the kernel's end",
        "0",
    ),
    (BARRIER_S, True, r"PipeBarrier: PIPE_S is not supported", "0"),
    (EVENT_IDS, True, r"TPipe::AllocEventID: no free event id for HardEvent::V_MTE3 among ids 0-5", "0"),
    # TQue hands out buffers round robin (kernel_tquebind_impl.h AllocBuffer): the second round's copy-out comes
    # from the other buffer, and only a PipeBarrier orders it after the first round's write of the same GM bytes.
    (
        QUEUE_ROTATION,
        True,
        r"DataCopy: MTE3 DataCopy writes " + GM + r" written by MTE3 DataCopy without " r"PipeBarrier<PIPE_MTE3>",
        "x",
    ),
]
IDS = [f"{r[0]}" for r in RULES]


def _x():
    return np.arange(64, dtype=np.float16)


@pytest.fixture
def auto_sync(monkeypatch):
    def set_auto(on):
        if on:
            monkeypatch.delenv("ASCENDC_SIM_AUTO_SYNC", raising=False)
        else:
            monkeypatch.setenv("ASCENDC_SIM_AUTO_SYNC", "off")

    return set_auto


@pytest.mark.parametrize("soc", SOCS)
@pytest.mark.parametrize("scenario,auto,message,expect", RULES, ids=IDS)
def test_missing_sync_is_an_error(simtest, auto_sync, scenario, auto, message, expect, soc):
    auto_sync(auto)
    with pytest.raises(RuntimeError, match=PREFIX + message) as e:
        simtest.run_pipe_sync(_x(), scenario, obey=False, soc=soc)
    # An unordered pair names both calls' kernel lines; every other rule the offending call's.
    lines = re.findall(r"pipe_sync_kernels\.cpp:\d+", str(e.value))
    assert len(lines) == (2 if "关键特性说明" in str(e.value) else 1), str(e.value)


@pytest.mark.parametrize("soc", SOCS)
@pytest.mark.parametrize("scenario,auto,message,expect", RULES, ids=IDS)
def test_kernel_with_the_sync_runs(simtest, auto_sync, scenario, auto, message, expect, soc):
    auto_sync(auto)
    x = _x()
    want = {"x+1": x + np.float16(1), "x": x, "0": np.zeros_like(x)}[expect]
    np.testing.assert_array_equal(simtest.run_pipe_sync(x, scenario, obey=True, soc=soc), want)


def test_event_across_aic_and_aiv_is_an_error(simtest):
    with pytest.raises(
        RuntimeError,
        match=PREFIX + r"SetFlag: HardEvent::M_V names pipe M, which is not on this AIV "
        r"core of ascend910b: AIC<->AIV synchronisation needs "
        r"CrossCoreSetFlag/CrossCoreWaitFlag",
    ):
        simtest.run_pipe_sync(_x(), CROSS_CORE_EVENT, obey=False, soc="ascend910b")
    np.testing.assert_array_equal(simtest.run_pipe_sync(_x(), CROSS_CORE_EVENT, obey=True, soc="ascend910b"), 0)
    # ascend310p couples cube and vector in one AI core: the same event is an in-core one there.
    np.testing.assert_array_equal(simtest.run_pipe_sync(_x(), CROSS_CORE_EVENT, obey=False, soc="ascend310p"), 0)


@pytest.mark.parametrize("scenario", [V_TO_V, V_TO_S])
def test_auto_sync_covers_vector_and_scalar_order(simtest, auto_sync, scenario):
    auto_sync(True)  # the compiler inserts PipeBarrier<PIPE_V> and V<->S flags (关键特性说明 表1)
    x = _x()
    np.testing.assert_array_equal(simtest.run_pipe_sync(x, scenario, obey=False), x + np.float16(1))


# PipeBarrier(ISASI) doc: same-pipe instructions "with a data dependence" need the barrier; a strided operand touches
# its blocks, not the span between them, so interleaved column chunks of a matrix are independent.
STRIDED_X = (np.arange(4 * 256) % 512).astype(np.float16)


@pytest.mark.parametrize("soc", SOCS)
def test_interleaved_strided_operands_need_no_barrier(simtest, auto_sync, soc):
    auto_sync(False)
    y = simtest.run_pipe_sync(STRIDED_X, STRIDED_COLUMNS, obey=False, soc=soc)
    np.testing.assert_array_equal(y, STRIDED_X + np.float16(1))


@pytest.mark.parametrize("soc", SOCS)
def test_overlapping_strided_operands_need_the_barrier(simtest, auto_sync, soc):
    auto_sync(False)
    # Columns 64-127 of row 0 (bytes 0x80-0x100) are the first bytes both the first Adds and the Muls touch.
    with pytest.raises(
        RuntimeError,
        match=PREFIX + r"Muls: V Muls writes UB \[0x80, 0x100\) read by V Adds without PipeBarrier<PIPE_V>",
    ) as e:
        simtest.run_pipe_sync(STRIDED_X, STRIDED_OVERLAP, obey=False, soc=soc)
    muls, adds = re.findall(r"pipe_sync_kernels\.cpp:(\d+)", str(e.value))
    source = (Path(__file__).parent / "kernels" / "pipe_sync_kernels.cpp").read_text().splitlines()
    assert "Muls(" in source[int(muls) - 1] and "Adds(a, a," in source[int(adds) - 1], str(e.value)
    y = simtest.run_pipe_sync(STRIDED_X, STRIDED_OVERLAP, obey=True, soc=soc)
    np.testing.assert_array_equal(y, STRIDED_X + np.float16(1))
