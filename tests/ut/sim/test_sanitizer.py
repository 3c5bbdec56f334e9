"""The twin as CANN's CPU debug and as a sanitizer: each probe of tests/ut/sim/kernels/sanitizer_kernels.cpp once
breaking its rule (caught, with the kernel line of the offending call, the rule and a fix) and once obeying it
(runs). Definedness follows memcheck: bytes no instruction wrote are an error where they reach GM, a scalar read or
a register read; a cross-core read of GM another core wrote in the same launch needs a barrier between."""

import re
from pathlib import Path

import numpy as np
import pytest

(
    UNDEFINED_TO_GM,
    PARTIAL_BLOCK_STORE,
    SCALAR_READ,
    REDUCE_REGISTER,
    SCRATCH_CLOBBER,
    WHOLE_UB,
    MIX_FRAME,
    CROSS_CORE_RAW,
    BEYOND_DECLARED_SIZE,
    OUTPUT_PARTLY_WRITTEN,
    PAD_UNSPECIFIED,
) = range(1, 12)
OBEY = 1
NO_BARRIER, SYNC_ALL, IB_SET_WAIT = 0, 2, 4

SOURCE = (Path(__file__).parent / "kernels" / "sanitizer_kernels.cpp").read_text().splitlines()
X = np.arange(64, dtype=np.float16)


def _rejected(simtest, probe, **kw):
    with pytest.raises(RuntimeError) as e:
        simtest.run_sanitizer(probe, **kw)
    return str(e.value)


def _kernel_line(message, api):
    """The kernel line a message names holds the call of `api`."""
    lines = re.findall(r"sanitizer_kernels\.cpp:(\d+)", message)
    assert lines, message
    for n in lines:
        if api in SOURCE[int(n) - 1]:
            return int(n)
    raise AssertionError(f"no named line calls {api}: {message}")


@pytest.mark.parametrize("soc", ["ascend910b", "ascend310p"])
def test_undefined_bytes_reaching_a_declared_output_are_an_error(simtest, soc):
    message = _rejected(simtest, UNDEFINED_TO_GM, soc=soc, declare_output=True)
    assert re.search(
        r"DataCopy: writes UB bytes \[0x40, 0x80\) hold no defined value \(never written since "
        r"TPipe::InitBuffer at .*sanitizer_kernels\.cpp:\d+; carried on by Adds at ",
        message,
    ), message
    _kernel_line(message, "DataCopy(y, t, n)")
    _kernel_line(message, "Adds(")
    # The fix offered exists on the SoC: 310P has no DataCopyPad.
    assert ("DataCopyPad" in message) == (soc == "ascend910b"), message
    y, _ = simtest.run_sanitizer(UNDEFINED_TO_GM, soc=soc, extra=OBEY, declare_output=True)
    np.testing.assert_array_equal(y, X + np.float16(1))


def test_undefined_bytes_a_raw_launch_stores_are_a_note_and_stay_undefined(simtest):
    """A raw launch declares no outputs, so a whole-block store of a partly computed block runs (msSanitizer's
    initcheck leaves block transfers to the user); the note names the bytes and the line, and the stored bytes stay
    undefined: the valid half is the kernel's result."""
    y, stats = simtest.run_sanitizer(UNDEFINED_TO_GM)
    np.testing.assert_array_equal(y[:32], X[:32] + np.float16(1))
    notes = [n for n in stats["notes"] if "hold no defined value" in n]
    assert len(notes) == 1, stats["notes"]
    assert re.search(r"DataCopy at .*sanitizer_kernels\.cpp:\d+: writes UB bytes \[0x40, 0x80\)", notes[0]), notes
    _kernel_line(notes[0], "DataCopy(y, t, n)")
    _, stats = simtest.run_sanitizer(UNDEFINED_TO_GM, extra=OBEY)
    assert not [n for n in stats["notes"] if "hold no defined value" in n], stats["notes"]


def test_computing_a_whole_block_and_storing_its_valid_part_is_fine(simtest):
    y, _ = simtest.run_sanitizer(PARTIAL_BLOCK_STORE)
    np.testing.assert_array_equal(y[:10], X[:10] + np.float16(1))
    assert not y[10:].any()


def test_scalar_read_of_unwritten_ub(simtest):
    message = _rejected(simtest, SCALAR_READ)
    assert "LocalTensor::GetValue: scalar read of UB bytes [0x6, 0x8) hold no defined value" in message, message
    _kernel_line(message, "t.GetValue(3)")
    y, _ = simtest.run_sanitizer(SCALAR_READ, extra=OBEY)
    assert y[0] == 2


def test_register_of_a_reduction_over_unwritten_bytes(simtest):
    message = _rejected(simtest, REDUCE_REGISTER)
    assert "GetReduceRepeatSumSpr: reads a register the last reduction computed from bytes" in message, message
    _kernel_line(message, "GetAccVal")
    y, _ = simtest.run_sanitizer(REDUCE_REGISTER, extra=OBEY)
    assert y[0] == 128


@pytest.mark.parametrize("soc", ["ascend910b", "ascend310p"])
def test_live_data_in_the_scratch_of_select_is_clobbered(simtest, soc):
    message = _rejected(simtest, SCRATCH_CLOBBER, soc=soc)
    assert re.search(
        r"Adds reads UB \[0x[0-9a-f]+, 0x[0-9a-f]+\), live data that Select at .*overwrote with its "
        r"scratch at TMP_UB_OFFSET",
        message,
    ), message
    _kernel_line(message, "Select(")
    _kernel_line(message, "Adds(live")
    y, _ = simtest.run_sanitizer(SCRATCH_CLOBBER, soc=soc, extra=OBEY)
    np.testing.assert_array_equal(y[:16], np.full(16, 6, np.float16))


@pytest.mark.parametrize("soc,ub", [("ascend910b", 192 * 1024), ("ascend310p", 256 * 1024)])
def test_tpipe_hands_out_the_whole_ub_with_a_note(simtest, soc, ub):
    y, stats = simtest.run_sanitizer(WHOLE_UB, soc=soc)
    np.testing.assert_array_equal(y[:16], X[:16])
    assert stats["cores"][0]["ub_bytes_allocated"] == ub
    assert len(stats["notes"]) == 1 and f"passes the {ub - 8192} bytes the guide calls usable" in stats["notes"][0]


def test_mix_kernel_touching_the_framework_bytes(simtest):
    message = _rejected(simtest, MIX_FRAME)
    assert "inside the top 256 bytes of UB the framework keeps in a MIX kernel on ascend910b" in message, message
    _kernel_line(message, "Duplicate(top")
    y, _ = simtest.run_sanitizer(MIX_FRAME, extra=OBEY)  # the same kernel as AIV_ONLY
    assert (y[:16] == 3).all()


@pytest.mark.parametrize("soc", ["ascend910b", "ascend310p"])
def test_cross_core_read_after_write_needs_a_barrier(simtest, soc):
    message = _rejected(simtest, CROSS_CORE_RAW, soc=soc, block_dim=2, extra=NO_BARRIER)
    assert re.search(
        r"cross-core GM read-after-write race: core 1 reads bytes \[0, 32\) of device allocation #\d+ "
        r"\(DataCopy at .*\) that core 0 writes \(DataCopy at .*\) in the same launch with no SyncAll",
        message,
    ), message
    read, write = re.findall(r"sanitizer_kernels\.cpp:(\d+)", message)
    assert "DataCopy(t, y" in SOURCE[int(read) - 1] and "DataCopy(y, t" in SOURCE[int(write) - 1]
    for barrier in (SYNC_ALL, IB_SET_WAIT):
        y, _ = simtest.run_sanitizer(CROSS_CORE_RAW, soc=soc, block_dim=2, extra=barrier)
        np.testing.assert_array_equal(y[:32], np.concatenate([X[:16], X[:16]]))


def test_gm_bounds_are_the_allocation_not_the_declared_size(simtest):
    y, _ = simtest.run_sanitizer(BEYOND_DECLARED_SIZE)
    np.testing.assert_array_equal(y[:32], X[:32])


def test_every_output_byte_must_be_written(simtest):
    with pytest.raises(
        RuntimeError,
        match=r"output 0: output bytes \[64, 128\) .* were never written: never " r"written since aclrtMalloc",
    ):
        simtest.run_sanitizer(OUTPUT_PARTLY_WRITTEN, fresh_output=True, declare_output=True)
    y, _ = simtest.run_sanitizer(OUTPUT_PARTLY_WRITTEN, fresh_output=True, declare_output=True, extra=OBEY)
    np.testing.assert_array_equal(y, X)


def test_pad_bytes_without_is_pad_hold_no_value(simtest):
    message = _rejected(simtest, PAD_UNSPECIFIED, declare_output=True)
    assert re.search(
        r"DataCopy: writes UB bytes \[0x0, 0x4\) hold no defined value \(left unspecified \(no isPad\) "
        r"since DataCopyPad",
        message,
    ), message
    y, _ = simtest.run_sanitizer(PAD_UNSPECIFIED, extra=OBEY, declare_output=True)
    np.testing.assert_array_equal(y[:10], np.concatenate([np.zeros(2, np.float16), X[:8]]))
