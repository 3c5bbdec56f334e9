"""Each strictness rule of the twin, triggered by its own kernel; the message must name kernel, core, API and values."""

import re
import time
from pathlib import Path

import pytest

# The kernel source the messages' lines point into (the path a message prints is the compiler's: relative to the
# build directory under a compiler cache that rewrites paths).
SOURCE = (Path(__file__).parent / "kernels" / "strict_kernels.cpp").read_text().splitlines()

# Scenarios of tests/ut/sim/kernels/strict_kernels.cpp.
(
    UB_OVERFLOW,
    COPY_NOT_BLOCKS,
    DATA_COPY_PAD,
    SHIFT,
    HARD_SYNC_ALL,
    GM_OUT_OF_ALLOCATION,
    GM_BEYOND_SIZE,
    ATOMIC_TYPE,
    ALLOC_BEYOND_NUM,
    DEQUE_EMPTY,
    DOUBLE_FREE,
    USE_AFTER_FREE,
    LOCAL_BOUNDS,
    CROSS_CORE_RACE,
    WAIT_WITHOUT_SET,
    SPIN_DEADLOCK,
    SOFT_SYNC_DEADLOCK,
    FIRST_ERROR_STOPS_ALL,
    UNALIGNED_OPERAND,
    RAW_OVERRUN,
    CAST_TRIPLE,
    SOFT_SYNC_SMALL_WORKSPACE,
    HARD_SYNC_MISSING_CORE,
    DISJOINT_WRITES,
    VECTOR_BEYOND_TENSOR,
) = range(1, 26)

PREFIX = r"kernel 'simtest_strict' core 0/1 \("

CASES = [
    (
        UB_OVERFLOW,
        "ascend910b",
        dict(extra=196608 + 32),
        r"TPipe::InitBuffer: 1 x 196640 bytes .* beyond the 196608 bytes of UB TPipe may hand out on ascend910b",
    ),
    (
        UB_OVERFLOW,
        "ascend310p",
        dict(extra=262144 + 1),
        r"TPipe::InitBuffer: 1 x 262145 bytes \(262176 rounded to 32 B\) .* beyond the 262144 bytes of UB TPipe",
    ),
    (
        COPY_NOT_BLOCKS,
        "ascend910b",
        {},
        r"DataCopy: length 15 x 2 B = 30 bytes is not a whole number of 32-byte blocks",
    ),
    (DATA_COPY_PAD, "ascend310p", {}, r"DataCopyPad: not available on ascend310p"),
    (SHIFT, "ascend310p", {}, r"ShiftLeft: not available on ascend310p"),
    (HARD_SYNC_ALL, "ascend310p", {}, r"SyncAll: hardware SyncAll\(\) is not available on ascend310p"),
    (
        GM_OUT_OF_ALLOCATION,
        "ascend910b",
        {},
        r"DataCopy: GM read of bytes \[128, 160\) outside device allocation #\d+ " r"of 128 bytes",
    ),
    (ATOMIC_TYPE, "ascend310p", {}, r"SetAtomicAdd: atomic add of int32 is not supported on ascend310p"),
    (ALLOC_BEYOND_NUM, "ascend910b", {}, r"AllocTensor: all 1 buffers of the queue are in use"),
    (DEQUE_EMPTY, "ascend910b", {}, r"DeQue: queue is empty"),
    (DOUBLE_FREE, "ascend910b", {}, r"FreeTensor: double free"),
    (USE_AFTER_FREE, "ascend910b", {}, r"Adds: LocalTensor used after FreeTensor"),
    (LOCAL_BOUNDS, "ascend910b", {}, r"LocalTensor::GetValue: index 32 beyond tensor of 32 elements"),
    (WAIT_WITHOUT_SET, "ascend910b", {}, r"WaitFlag: HardEvent 7 id 1 waited without a prior SetFlag"),
    (UNALIGNED_OPERAND, "ascend910b", {}, r"Adds: dst UB address 2 is not 32-byte aligned"),
    (CAST_TRIPLE, "ascend310p", {}, r"Cast: float16 -> int16 with CAST_FLOOR is not a single vector instruction"),
    (VECTOR_BEYOND_TENSOR, "ascend910b", {}, r"Adds: dst covers 48 elements but the LocalTensor has 32"),
]


@pytest.mark.parametrize("scenario,soc,kwargs,message", CASES, ids=[f"{c[0]}-{c[1]}" for c in CASES])
def test_rule_is_enforced(simtest, scenario, soc, kwargs, message):
    with pytest.raises(RuntimeError, match=PREFIX + soc + r"\): " + message) as e:
        simtest.run_strict(scenario, soc=soc, **kwargs)
    # The error ends with the kernel line that called the API it names.
    text = str(e.value)
    api = re.search(r"\): ([\w:]+): ", text).group(1).split("::")[-1]
    at = re.search(r"\(at (.*strict_kernels\.cpp):(\d+)\)$", text)
    assert at, text
    assert api in SOURCE[int(at.group(2)) - 1], text


def test_dcci_without_progress_is_a_deadlock(simtest):
    with pytest.raises(
        RuntimeError, match=r"GlobalTensor::GetValue: deadlock: polled GM address .* without the value " r"changing"
    ):
        simtest.run_strict(SPIN_DEADLOCK, timeout=0.3)


def test_soft_sync_missing_core_times_out(simtest):
    start = time.monotonic()
    with pytest.raises(RuntimeError, match=r"SyncAll: deadlock: soft barrier #1: core 0 slot holds 0 after 0.3 s"):
        simtest.run_strict(SOFT_SYNC_DEADLOCK, block_dim=4, timeout=0.3)
    assert time.monotonic() - start < 5


def test_soft_sync_workspace_too_small(simtest):
    with pytest.raises(
        RuntimeError,
        match=r"SyncAll \(gmWorkspace needs GetBlockNum\(\) x 32 bytes\): GM atomic write of "
        r"bytes \[0, 32\) outside device allocation #\d+ of 16 bytes",
    ):
        simtest.run_strict(SOFT_SYNC_SMALL_WORKSPACE, ws_bytes=16)


def test_hard_sync_with_a_core_that_returned(simtest):
    with pytest.raises(RuntimeError, match=r"SyncAll: deadlock: \d of 4 cores arrived; 1 already returned"):
        simtest.run_strict(HARD_SYNC_MISSING_CORE, block_dim=4, timeout=5)


def test_first_error_stops_every_core_quickly(simtest):
    start = time.monotonic()
    with pytest.raises(RuntimeError, match=r"core 0/8 .*LocalTensor::GetValue: index 1000 beyond tensor of 32"):
        simtest.run_strict(FIRST_ERROR_STOPS_ALL, block_dim=8, timeout=30)
    assert time.monotonic() - start < 5  # the spinning cores were stopped, not timed out


def test_cross_core_overlapping_writes_are_a_race(simtest):
    with pytest.raises(
        RuntimeError,
        match=r"cross-core GM write race: core \d \(DataCopy at .*strict_kernels\.cpp:\d+\) and core \d "
        r"\(DataCopy at .*strict_kernels\.cpp:\d+\) both write bytes \[\d+, \d+\) of device allocation #\d+",
    ):
        simtest.run_strict(CROSS_CORE_RACE, block_dim=4, n=128)


def test_disjoint_writes_pass(simtest):
    stats = simtest.run_strict(DISJOINT_WRITES, block_dim=4, n=128)
    assert [c["ub_to_gm_bytes"] for c in stats["cores"]] == [64] * 4


def test_overrun_through_raw_pointer_caught_by_guard(simtest):
    with pytest.raises(
        RuntimeError,
        match=r"GM overrun caught by a guard zone after the launch: guard zone after "
        r"device allocation #\d+ \(128 bytes\) overwritten at byte 134",
    ):
        simtest.run_strict(RAW_OVERRUN)


# More blocks than cores is legal (rounds; test_kernel_rules.py); SetBlockDim documents [1, 65535].
@pytest.mark.parametrize(
    "block_dim,message", [(0, r"blockDim 0 outside \[1, 65535\]"), (65536, r"blockDim 65536 outside \[1, 65535\]")]
)
def test_block_dim_limits(simtest, block_dim, message):
    with pytest.raises(RuntimeError, match=message):
        simtest.run_strict(0, block_dim=block_dim)


def test_no_device_memory_leaks(simtest):
    before = simtest.live_allocations()
    with pytest.raises(RuntimeError):
        simtest.run_strict(LOCAL_BOUNDS)
    assert simtest.live_allocations() == before


@pytest.mark.parametrize("soc,fix", [("ascend910b", "use DataCopyPad"), ("ascend310p", "copy whole blocks")])
def test_misaligned_copy_offers_a_fix_the_soc_has(simtest, soc, fix):
    """The hint names a fix that exists on the SoC (ascend310p has no DataCopyPad) and the kernel line."""
    with pytest.raises(RuntimeError) as e:
        simtest.run_strict(COPY_NOT_BLOCKS, soc=soc)
    message = str(e.value)
    assert fix in message and ("use DataCopyPad" in message) == (soc == "ascend910b"), message
    line = re.search(r"\(at (.*strict_kernels\.cpp):(\d+)\)$", message)
    assert line, message
    assert "DataCopy(buf.Get<half>(), xGm, 15)" in SOURCE[int(line.group(2)) - 1]
