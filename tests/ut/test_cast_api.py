"""aclnnAscendopsCast validation: exact error codes and messages, empty tensors, strided inputs."""

import numpy as np
import pytest

import ascendops
from ascendops import AclnnError, _C, _C_test
from ascendops._backend import select


@pytest.fixture(autouse=True)
def device():
    select("sim", "ascend310p")


def phase1(x, dtype, out_shape, out_dtype):
    return _C_test.cast_get_workspace(x, np.dtype(dtype), out_shape, np.dtype(out_dtype))


def test_null_self_and_null_out():
    r = phase1(None, np.float16, [4], np.float16)
    assert r["status"] == 161001 and "self is null" in r["message"]
    r = phase1(np.ones(4, np.float32), np.float16, None, np.float16)
    assert r["status"] == 161001 and "out is null" in r["message"]


def test_dst_type_must_equal_out_dtype():
    r = phase1(np.ones(4, np.float32), np.float16, [4], np.int32)
    assert r["status"] == 161002 and "dstType float16 must equal out dtype int32" in r["message"]


def test_shape_mismatch():
    r = phase1(np.ones((2, 3), np.float32), np.float16, [3, 2], np.float16)
    assert r["status"] == 161002 and "out shape [3, 2] must equal self shape [2, 3]" in r["message"]


def test_rank_above_eight():
    x = np.ones((1,) * 9, np.float32)
    r = phase1(x, np.float16, [1] * 9, np.float16)
    assert r["status"] == 161002 and "self rank 9 exceeds the maximum of 8" in r["message"]


def test_unsupported_pair_names_the_pair():
    r = phase1(np.ones(4, np.float32), np.float64, [4], np.float64)
    assert r["status"] == 161002 and "float32 -> float64 is not supported by Cast on ascend310p" in r["message"]
    with pytest.raises(AclnnError) as e:
        ascendops.cast(np.ones(4, np.float32), "bfloat16", soc="ascend310p")
    assert e.value.code == 161002


def test_good_call_needs_no_workspace():
    r = phase1(np.ones(100, np.float32), np.float16, [100], np.float16)
    assert r == {"status": 0, "message": "", "workspace_size": 0}


def test_strided_self_is_gathered_through_the_workspace():
    x = np.arange(64, dtype=np.float32).reshape(8, 8)[:, ::2]
    r = phase1(x, np.float16, [8, 4], np.float16)
    assert r["status"] == 0 and r["workspace_size"] == 8 * 4 * 4
    np.testing.assert_array_equal(ascendops.cast(x, np.float16), x.astype(np.float16))


@pytest.mark.parametrize("shape", [(0,), (3, 0, 5)])
def test_empty_tensor_launches_nothing(shape):
    r = phase1(np.ones(shape, np.float32), np.int8, list(shape), np.int8)
    assert r == {"status": 0, "message": "", "workspace_size": 0}
    out = ascendops.cast(np.ones(shape, np.float32), np.int8)
    assert out.shape == shape and out.dtype == np.int8
    assert _C.last_launch_report()["launched"] is False


def test_empty_tensor_of_an_undelivered_pair_is_still_rejected():
    r = phase1(np.ones(0, np.float32), np.float64, [0], np.float64)
    assert r["status"] == 161002


def test_input_is_not_modified():
    x = np.linspace(-300, 300, 1000).astype(np.float32)
    before = x.copy()
    ascendops.cast(x, np.int8)
    np.testing.assert_array_equal(x, before)
