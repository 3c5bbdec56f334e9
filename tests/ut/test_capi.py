"""The aclnn C API called from C (tests/ut/capi/*.cpp, built with the package's test build).

executor_lifecycle: CANN 8.1.RC1's aclSetAclOpExecutorRepeatable / aclDestroyAclOpExecutor on aclnnAscendopsCast. A
second phase-2 call on a non-repeatable executor is 161002, never a crash; a repeatable one runs again on its
tensors' current data; a never-run executor is released by the destroy call, and 100,000 phase-1 calls each
destroyed unrun leave resident memory flat (while 20,000 kept ones show what a leak costs, so the measure can see one).
tensor_views: aclTensor views inside their storage (offsets, strides, negative strides) are taken and exact; views
reaching outside it are 161002 in phase 1, the output untouched.
device_handoff: the twin's one-write upload (aclrtSimMallocCopy) read by a Cast, the output's block handed to the
host (DetachToHost) with the values a C cast gives, and the upload held to the device memory as aclrtMalloc is."""

import subprocess
from pathlib import Path

import pytest

import ascendops

_PACKAGE = Path(ascendops.__file__).resolve().parent


def binary(name):
    """pip build: installed into the package; developer build: <build>/capi_tests beside <build>/pkg/ascendops."""
    places = (_PACKAGE / "capi_tests" / name, _PACKAGE.parents[1] / "capi_tests" / name)
    return next((p for p in places if p.exists()), places[0])


def run(name):
    """The program's "name: value" lines as a dict (numbers as ints)."""
    result = subprocess.run([str(binary(name))], capture_output=True, text=True, timeout=300, check=False)
    assert result.returncode == 0, result.stderr
    lines = (line.split(": ", 1) for line in result.stdout.splitlines())
    return {key: int(value) if value.lstrip("-").isdigit() else value for key, value in lines}


INVALID, NULL_EXECUTOR, NULL_PARAM = 161002, 561103, 161001
FLAT_KIB = 2048  # the 100,000-call loop's bound: about 1.6 KB per executor would be 160,000 KiB


@pytest.fixture(scope="module")
def r():
    """executor_lifecycle's results (one run for the tests of the lifecycle)."""
    return run("capi_executor_lifecycle")


def test_repeatable_executor_runs_again_on_current_data_until_destroyed(r):
    assert {k: v for k, v in r.items() if k.startswith("repeatable_")} == {
        "repeatable_phase1": 0,
        "repeatable_set": 0,
        "repeatable_run1": 0,
        "repeatable_run1_correct": "yes",
        "repeatable_run2": 0,
        "repeatable_run2_correct": "yes",
        "repeatable_destroy": 0,
        "repeatable_run_after_destroy": INVALID,
        "repeatable_destroy_again": INVALID,
    }


def test_second_run_of_a_non_repeatable_executor_is_an_error_code(r):
    assert {k: v for k, v in r.items() if k.startswith("once_")} == {
        "once_run1": 0,
        "once_run1_correct": "yes",
        "once_run2": INVALID,
        "once_out_kept": "yes",
        "once_destroy_after_run": INVALID,  # phase 2 released it
    }


def test_never_run_executor_is_released_by_destroy(r):
    assert (r["never_run_destroy"], r["never_run_run_after_destroy"]) == (0, INVALID)


def test_null_executor_codes_are_cann_s(r):
    assert (r["null_destroy"], r["null_set_repeatable"], r["null_run"]) == (NULL_EXECUTOR, NULL_EXECUTOR, NULL_PARAM)


def test_100000_never_run_executors_leave_memory_flat(r):
    assert (r["loop_calls"], r["loop_failed"], r["loop_live_executors"]) == (100000, 0, 0)
    assert r["loop_growth_kib"] < FLAT_KIB, r
    # The same measure sees a leak: 20,000 executors kept cost far more than the whole destroyed loop.
    assert (r["leak_calls"], r["leak_live_executors"]) == (20000, 20000)
    assert r["leak_growth_kib"] > 4 * FLAT_KIB, r
    assert (r["leak_destroy_failed"], r["leak_live_after_destroy"]) == (0, 0)


def test_views_inside_their_storage_are_taken_and_views_outside_are_refused():
    assert run("capi_tensor_views") == {
        "contiguous": "0 exact",
        "offset_inside": "0 exact",
        "stride2_inside": "0 exact",
        "negative_from_end": "0 exact",
        "stride2_past_the_end": f"{INVALID} untouched",
        "offset_past_the_end": f"{INVALID} untouched",
        "negative_from_start": f"{INVALID} untouched",
        "negative_offset": f"{INVALID} untouched",
    }


def test_device_handoff_uploads_once_and_hands_outputs_to_the_host():
    r = run("capi_device_handoff")
    assert (r["upload_status"], r["upload_equal"], r["upload_guards"]) == (0, 1, "intact")
    assert (r["cast_status"], r["live_during"]) == (0, 2)  # the upload read as defined input; x and y live
    assert (r["detached_block_before_data"], r["detached_wrong"]) == (1, 0)  # y's values, cast by hand in C
    assert (r["detach_again"], r["free_detached_as_device"], r["live_after"]) == (0, 100000, 0)
    assert (r["detached_block_reused"], r["reused_fresh"], r["large_block_kept"]) == (1, 1, 1)
    assert r["huge_status"] == 207001 and r["huge_message"].startswith("aclrtMalloc: 4611686018427387904 bytes")
