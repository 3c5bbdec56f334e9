"""Cross-core behaviour (atomics, barriers), DataCopyPad semantics and the cost counters."""

import numpy as np
import pytest

from ascendops import _C


@pytest.mark.parametrize("cores", [8, 16])
def test_atomic_int32_sums_exactly(simtest, cores):
    rng = np.random.default_rng(cores)
    x = rng.integers(-(2**24), 2**24, cores * 64, dtype=np.int32)
    y, _ = simtest.run_atomic(x, cores)
    np.testing.assert_array_equal(y, x.reshape(cores, 64).sum(axis=0, dtype=np.int64).astype(np.int32))


def test_atomic_float_sums_exactly(simtest):
    cores = 12
    x = (np.arange(cores * 64) % 17 - 8).astype(np.float32) * 0.25  # every partial sum exactly representable
    y, _ = simtest.run_atomic(x, cores)
    np.testing.assert_array_equal(y, x.reshape(cores, 64).sum(axis=0))


@pytest.mark.parametrize("op, reduce", [("max", np.maximum), ("min", np.minimum)])
@pytest.mark.parametrize("dtype", ["int32", "float32"])
def test_atomic_max_min_keep_the_extreme(simtest, op, reduce, dtype):
    # SetAtomicMax / SetAtomicMin: each core's copy keeps the larger / smaller of its value and GM's (GM starts 0).
    cores = 6
    x = np.random.default_rng(4).integers(-1000, 1000, cores * 64).astype(dtype)
    y, _ = simtest.run_atomic(x, cores, op=op)
    np.testing.assert_array_equal(y, reduce.reduce(np.vstack([np.zeros(64, dtype), x.reshape(cores, 64)])))


def test_atomic_max_absent_on_310p(simtest):
    with pytest.raises(RuntimeError, match=r"SetAtomicMax: not available on ascend310p"):
        simtest.run_atomic(np.ones(8 * 64, np.float32), 8, soc="ascend310p", op="max")


def test_atomic_int32_rejected_on_310p(simtest):
    with pytest.raises(RuntimeError, match=r"SetAtomicAdd: atomic add of int32 is not supported on ascend310p"):
        simtest.run_atomic(np.ones(8 * 64, np.int32), 8, soc="ascend310p")


@pytest.mark.parametrize("hardware,soc", [(False, "ascend310p"), (False, "ascend910b"), (True, "ascend910b")])
def test_barrier_orders_writes_across_8_cores(simtest, hardware, soc):
    cores, rounds = 8, 3
    z, stats = simtest.run_sync(cores, hardware, rounds=rounds, soc=soc)
    last = rounds - 1
    expected = sum(i + 1 + last for i in range(cores))
    np.testing.assert_array_equal(z.reshape(cores, 8), np.full((cores, 8), expected, np.float32))
    assert all(c["barriers"] == 2 * rounds for c in stats["cores"])


def test_hardware_sync_kernel_type_rejected_on_310p(simtest):
    # The MIX type hardware SyncAll needs does not exist on ascend310p (strict HARD_SYNC_ALL: SyncAll itself).
    with pytest.raises(
        RuntimeError,
        match=r"KERNEL_TASK_TYPE_DEFAULT: KERNEL_TYPE_MIX_AIV_1_0 is not a kernel type " r"ascend310p documents",
    ):
        simtest.run_sync(8, True, soc="ascend310p")


def test_data_copy_pad_round_trip(simtest):
    rows, row_bytes, gap = 5, 22, 6  # 11 halves per row, 3 halves of gap in GM
    x = np.arange(rows * 14, dtype=np.float16)
    y = simtest.run_copy_pad(x, rows, row_bytes, gap, pad=-1.0)
    src = x.reshape(rows, 14)[:, :11]
    ub = y[: rows * 16].reshape(rows, 16)
    np.testing.assert_array_equal(ub[:, :11], src)
    assert (ub[:, 11:] == -1).all()  # each row padded to 32 B with the padding value
    np.testing.assert_array_equal(y[rows * 16 : rows * 16 + rows * 11], src.reshape(-1))


def test_data_copy_pad_rejected_on_310p(simtest):
    with pytest.raises(RuntimeError, match=r"DataCopyPad: not available on ascend310p"):
        simtest.run_copy_pad(np.zeros(64, np.float16), 2, 22, 0, 0.0, soc="ascend310p")


def test_copy_counters_and_model(simtest):
    n, cores, tile = 8 * 4096, 8, 1024
    x = np.arange(n, dtype=np.float16)
    y, stats = simtest.run_copy(x, cores, tile)
    np.testing.assert_array_equal(y, x)
    per_core = n // cores * 2
    for c in stats["cores"]:
        assert c["gm_to_ub_bytes"] == per_core and c["ub_to_gm_bytes"] == per_core
        assert c["vec_repeats"] == [0, 0, 0, 0] and c["double_buffered"]
        assert c["ub_bytes_allocated"] == 2 * tile * 2
    assert stats["total_gm_bytes"] == 2 * n * 2
    # ascend910b timeline: a copy holds its pipe for the issue + bytes at 32 B/cycle (MTE2) or 64 B/cycle (MTE3); its
    # data land `latency` later, which the next DeQue / AllocTensor of its buffer waits for. Double-buffered, the two
    # buffers' reads run back to back, each write follows its read's data, each buffer's next read its write's
    # landing: a period of read + write + 2 latencies per pair of tiles.
    a2 = {r["param"]: r["value"] for r in _C.cost.params() if r["soc"] == "ascend910b"}
    issue, latency = a2["copy_issue"], a2["copy_latency"]
    tiles, copy = per_core // (tile * 2), tile * 2
    read, write = issue + copy / 32, issue + copy / 64
    period = read + write + 2 * latency
    core_us = ((tiles // 2 - 1) * period + 2 * read + write + 2 * latency) / 1850
    assert stats["modeled_slowest_core_us"] == pytest.approx(core_us)
    launch = a2["launch"] + (cores - 1) * a2["launch_per_block"]
    assert stats["modeled_device_us"] == pytest.approx(core_us + launch)  # far below the memory bound
    # Single-buffered, each read waits for the previous write's landing: the copies run in series.
    _, single = simtest.run_copy(x, cores, tile, buffers=1)
    assert single["modeled_slowest_core_us"] == pytest.approx(tiles * period / 1850)


def test_cast_add_counters_and_values(simtest):
    n, cores, tile = 4 * 2048, 4, 512
    rng = np.random.default_rng(5)
    x = rng.uniform(-8, 8, n).astype(np.float16)
    y = rng.uniform(-8, 8, n).astype(np.float32)
    z, stats = simtest.run_cast_add(x, y, cores, tile)
    np.testing.assert_array_equal(z, (x.astype(np.float32) + y).astype(np.float16))
    tiles = n // cores // tile
    repeats = tile * 4 // 256  # each instruction is counted on its wider (float) operand
    for c in stats["cores"]:
        assert c["vec_repeats"] == [tiles * repeats, 2 * tiles * repeats, 0, 0]  # simple (Add), cast (two Casts)
        assert c["vec_instrs"] == 3 * tiles
        assert c["gm_to_ub_bytes"] == n // cores * (2 + 4) and c["ub_to_gm_bytes"] == n // cores * 2
