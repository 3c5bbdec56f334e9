"""Validation before work: every argument checked before any allocation or launch, messages that belong to their
call, shape products checked for overflow, negative dims rejected by the tiling functions."""

import numpy as np
import pytest

import ascendops
from ascendops import _C_test
from ascendops.ops.embedding_dense_grad import embedding_dense_grad_sorted


def test_the_recent_error_belongs_to_its_call():
    with pytest.raises(ascendops.AclnnError):
        ascendops.cast(np.ones(4, np.float32), "bfloat16")  # a pair Cast does not deliver
    assert _C_test._recent_error().startswith("dtype pair")
    ascendops.cast(np.ones(4, np.float32), "float16")
    assert _C_test._recent_error() == ""
    r = _C_test.cast_get_workspace(np.ones(4, np.float32), "float16", [4], "float16")
    assert r["status"] == 0 and _C_test._recent_error() == ""


def test_phase1_of_another_op_does_not_carry_the_previous_message():
    _C_test.cast_get_workspace(None, "float16", [4], "float16")
    assert _C_test._recent_error() == "self is null"
    r = _C_test.embedding_dense_grad_get_workspace(
        np.ones((2, 8), np.float32), np.zeros(2, np.int32), None, False, 4, -1, False, [4, 8], np.float32
    )
    assert r["status"] == 0 and _C_test._recent_error() == ""


@pytest.mark.parametrize(
    "shape, message",
    [
        ((2**32, 2**32 + 1), "self shape [4294967296, 4294967297] holds more than 2^63 - 1 bytes"),
        ((2**31, 2**31, 2), "self shape [2147483648, 2147483648, 2] holds more than 2^63 - 1 bytes"),
    ],
)
def test_cast_tiling_shape_overflow_is_161002(shape, message):
    with pytest.raises(ascendops.AclnnError) as e:
        ascendops.tiling.cast(shape, np.float32, np.float16)
    assert e.value.code == 161002 and e.value.message == message


@pytest.mark.parametrize(
    "call, match",
    [
        (lambda: ascendops.tiling.cast((-4, -5), np.float32, np.float16), r"shape\[0\] -4 must be in \[0, "),
        (lambda: ascendops.tiling.cast((4, 2**64), np.float32, np.float16), r"shape\[1\] 18446744073709551616 must be"),
        (lambda: ascendops.tiling.embedding_dense_grad((4, -8), 10), r"grad_shape\[1\] -8 must be in \[0, "),
        (lambda: ascendops.tiling.fused_gdn_decode(1, 1, 1, 64, -8), r"v -8 must be in \[0, "),
        (
            lambda: ascendops.tiling.fused_gdn_decode(1, 1, 1, 64, 8, shapes={"a": (1, -1)}),
            r"a\[1\] -1 must be in \[0, ",
        ),
    ],
)
def test_tiling_rejects_negative_and_oversized_dims(call, match):
    with pytest.raises(ValueError, match=match):
        call()


def test_cast_requires_a_dtype():
    with pytest.raises(TypeError, match="dtype is required"):
        ascendops.cast(np.ones(4, np.float32), None)


@pytest.mark.parametrize("num_weights", [2**31, 0, -1])
def test_sorted_level_checks_num_weights_before_allocating(num_weights):
    with pytest.raises(ascendops.AclnnError) as e:
        embedding_dense_grad_sorted(
            np.ones((2, 8), np.float32), np.zeros(2, np.int32), np.arange(2, dtype=np.int32), num_weights
        )
    assert e.value.code == 161002 and e.value.message == f"num_weights {num_weights} must be in [1, 2^31 - 1]"


def test_rows_mismatch_is_checked_before_a_large_output_exists():
    # [2^28, 1] floats would be 1 GB: the numel mismatch is found first, nothing is allocated or written
    with pytest.raises(ascendops.AclnnError) as e:
        ascendops.embedding_dense_grad(np.ones((3, 1), np.float32), np.zeros(2, np.int32), 2**28)
    assert e.value.code == 161002 and e.value.message == "indices numel 2 must equal grad rows 3"


def test_tiling_core_num_bound():
    with pytest.raises(ascendops.AclnnError) as e:
        ascendops.tiling.fused_gdn_decode(1, 1, 1, 64, 8, core_num=49)
    assert e.value.code == 161002 and e.value.message.startswith("core_num 49 must be in [0, 48] on ascend910b")
