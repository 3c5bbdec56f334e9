"""Launch after launch: the twin keeps nothing per launch (its L2 model, worker threads and device memory come back
to the same size), and a core reused by a later block or launch finds UB undefined, as a fresh core does."""

import re

import numpy as np
import pytest

import ascendops
from ascendops import _C

L2_AND_MEMORY = ("l2_launches", "l2_spans", "l2_bytes", "live_allocations")
BLOCK_FLOATS = 32  # floats each block of simtest_ub_as_found copies (tests/ut/sim/kernels/lifetime_kernels.cpp)


def _vector_cores(soc):
    return next(row["vector_kernel_cores"] for row in _C.socs() if row["name"] == soc)


@pytest.mark.parametrize("soc", ["ascend910b", "ascend310p"])
def test_calls_leave_the_twin_as_they_found_it(simtest, soc):
    x = np.linspace(-3, 3, 32, dtype=np.float32)
    ascendops.cast(x, "float16", soc=soc)  # the first call may start the workers the others reuse
    before = simtest.twin_footprint()
    for _ in range(300):
        ascendops.cast(x, "float16", soc=soc)
    assert simtest.twin_footprint() == before


def test_what_a_launch_wrote_stays_in_l2_only_while_its_memory_lives(simtest):
    before = simtest.twin_footprint()
    x = np.arange(8 * 32768, dtype=np.float16)
    first, second = simtest.run_copy_chain(x, 8, 4096)  # the second launch reads what the first wrote
    mte2_us = [max(c["pipe_busy_us"]["mte2_us"] for c in s["cores"]) for s in (first, second)]
    assert mte2_us[1] < 0.7 * mte2_us[0]  # L2 hits (test_copy_bench.py has the exact figures)
    after = simtest.twin_footprint()  # the chain's buffers were freed: nothing of them is held
    assert [after[k] for k in L2_AND_MEMORY] == [before[k] for k in L2_AND_MEMORY]


@pytest.mark.parametrize("soc", ["ascend910b", "ascend310p"])
def test_blocks_of_a_later_round_find_ub_undefined(simtest, soc):
    cores = _vector_cores(soc)
    blocks = 2 * cores  # two rounds: the second round's blocks run on the workers the first round's used
    x = np.arange(1, blocks * BLOCK_FLOATS + 1, dtype=np.float32)
    np.testing.assert_array_equal(simtest.run_ub_as_found(x, soc, blocks, writers=blocks), x)
    # What the first round left in UB is no defined value to a block of the second: its copy-out is an error.
    with pytest.raises(RuntimeError, match=r"core (\d+)/\d+ .*hold no defined value") as e:
        simtest.run_ub_as_found(x, soc, blocks, writers=cores)
    assert int(re.search(r"core (\d+)/", str(e.value)).group(1)) >= cores


def test_a_later_launch_finds_ub_undefined(simtest):
    x = np.arange(1, BLOCK_FLOATS + 1, dtype=np.float32)
    np.testing.assert_array_equal(simtest.run_ub_as_found(x, "ascend910b", 1, writers=1), x)
    idle = simtest.twin_footprint()["idle_workers"]
    with pytest.raises(RuntimeError, match="hold no defined value"):  # on the worker the launch before used
        simtest.run_ub_as_found(x, "ascend910b", 1, writers=0)
    assert simtest.twin_footprint()["idle_workers"] == idle


def test_a_gm_argument_is_checked_where_it_is_accessed(simtest):
    """A kernel argument is only a value until the kernel accesses it, as on the card: a host address the kernel
    never reads launches (the launch fails later, on the undefined UB its blocks copy out), one it reads fails there."""
    x = np.arange(1, BLOCK_FLOATS + 1, dtype=np.float32)
    with pytest.raises(RuntimeError, match="hold no defined value"):  # the kernel ran: x was not refused at launch
        simtest.run_ub_as_found(x, "ascend910b", 1, writers=0, host_x=True)
    with pytest.raises(RuntimeError, match=r"DataCopy.*GM read of 128 bytes at 0x[0-9a-f]+ is not in any device"):
        simtest.run_ub_as_found(x, "ascend910b", 1, writers=1, host_x=True)


# (mode of simtest_kernel_fault, what the launch's error names)
KERNEL_FAULTS = [
    (0, r"accessed address 0x[0-9a-f]+ through a raw pointer: an address where the NPU's local memories are"),
    (1, r"divided an integer by zero"),
]


@pytest.mark.parametrize("mode, message", KERNEL_FAULTS)
@pytest.mark.parametrize("block_dim", [1, 4])
def test_a_kernel_fault_ends_its_launch_not_the_process(simtest, mode, message, block_dim):
    idle = simtest.twin_footprint()["idle_workers"]
    with pytest.raises(RuntimeError, match=r"core \d+: the kernel's scalar code " + message):
        simtest.run_kernel_fault(mode, "ascend910b", block_dim)
    # The next launch runs on the same workers, as any launch after a failed one.
    x = np.arange(32, dtype=np.float32)
    np.testing.assert_array_equal(simtest.run_ub_as_found(x, "ascend910b", 1, writers=1), x)
    assert simtest.twin_footprint()["idle_workers"] >= idle
