"""aclnnAscendopsEmbeddingDenseGrad / aclnnAscendopsEmbeddingDenseBackward validation: exact codes and messages, empty indices,
workspace layout, strided inputs, int64 and out-of-range indices (skipped, as documented)."""

import re

import numpy as np
import pytest

from ascendops import AclnnError, _C, _C_test
from ascendops._backend import select
from ascendops.golden.embedding_dense_grad import embedding_dense_grad as golden
from ascendops.ops.embedding_dense_grad import embedding_dense_grad, embedding_dense_grad_sorted

SYS_WS = 2 * 1024 * 1024  # ascend310p system workspace (RESERVED_WORKSPACE of arch 2002)
GRAD = np.ones((4, 8), np.float32)
IDX = np.array([1, 0, 1, 3], np.int32)


@pytest.fixture(autouse=True)
def device():
    select("sim", "ascend310p")


def phase1(
    grad=GRAD, indices=IDX, pos=None, kernel=False, nw=5, pad=-1, scale=False, out_shape=(5, 8), out_dtype=np.float32
):
    return _C_test.embedding_dense_grad_get_workspace(
        grad, indices, pos, kernel, nw, pad, scale, None if out_shape is None else list(out_shape), np.dtype(out_dtype)
    )


@pytest.mark.parametrize(
    "kwargs,message",
    [
        (dict(grad=None), "grad is null"),
        (dict(indices=None), "indices is null"),
        (dict(out_shape=None), "out is null"),
        (dict(kernel=True, pos=None), "posIdx is null"),
    ],
)
def test_null_arguments(kwargs, message):
    r = phase1(**kwargs)
    assert r["status"] == 161001 and message in r["message"]


@pytest.mark.parametrize(
    "kwargs,message",
    [
        (dict(grad=GRAD.astype(np.float16)), "grad dtype float16 must be float32"),
        (dict(indices=IDX.astype(np.float32)), "indices dtype float32 must be int32 or int64"),
        (dict(kernel=True, indices=IDX.astype(np.int64), pos=IDX), "sortIndices dtype int64 must be int32"),
        (dict(kernel=True, pos=IDX.astype(np.int64)), "posIdx dtype int64 must be int32"),
        (dict(kernel=True, pos=IDX[:3]), "posIdx numel 3 must equal sortIndices numel 4"),
        (dict(out_dtype=np.float16), "out dtype float16 must be float32"),
        (dict(indices=np.zeros((1,) * 9, np.int32)), "indices rank 9 exceeds the maximum of 8"),
        (dict(grad=np.ones((1,) * 8 + (2,), np.float32)), "grad rank 9 exceeds the maximum of 8"),
        (dict(indices=IDX[:3]), "indices numel 3 must equal grad rows 4"),
        (dict(out_shape=(4, 8)), "out shape [4, 8] must be [num_weights, D] = [5, 8]"),
        (dict(out_shape=(5, 9)), "out shape [5, 9] must be [num_weights, D] = [5, 8]"),
        (dict(nw=0, out_shape=(0, 8)), "num_weights 0 must be in [1, 2^31 - 1]"),
        (dict(pad=5), "padding_idx 5 must be < num_weights 5"),
    ],
)
def test_invalid_parameters(kwargs, message):
    r = phase1(**kwargs)
    assert r["status"] == 161002 and message in r["message"]


def test_workspace_layout():
    # user level: kernel workspace + sorted indices + pos_idx (each 32-byte aligned)
    assert phase1()["workspace_size"] == SYS_WS + 32 + 32
    # kernel level, contiguous: the kernel's own workspace only, the system reserve (scale too: no counts, no slot)
    assert phase1(kernel=True, pos=IDX)["workspace_size"] == SYS_WS
    assert phase1(kernel=True, pos=IDX, scale=True)["workspace_size"] == SYS_WS
    # strided grad is gathered: + 4 * 8 * 4 bytes
    wide = np.ones((4, 16), np.float32)[:, ::2]
    assert phase1(grad=wide)["workspace_size"] == SYS_WS + 128 + 64


def test_empty_indices_give_zeros_and_launch_nothing():
    r = phase1(grad=np.ones((0, 8), np.float32), indices=np.zeros(0, np.int32))
    assert r == {"status": 0, "message": "", "workspace_size": 0}
    out = embedding_dense_grad(np.ones((2, 0, 8), np.float32), np.zeros((2, 0), np.int64), 6)
    np.testing.assert_array_equal(out, np.zeros((6, 8), np.float32))
    assert not _C.last_launch_report()["launched"]


def test_rejected_call_raises_and_names_the_rule():
    with pytest.raises(AclnnError) as e:
        embedding_dense_grad(GRAD, IDX, 3, padding_idx=7)
    assert e.value.code == 161002 and "padding_idx 7 must be < num_weights 3" in str(e.value)


def test_out_of_range_and_int64_indices_are_skipped():
    grad = np.arange(6 * 8, dtype=np.float32).reshape(6, 8)
    idx = np.array([2, -1, 5, 2**40, -(2**40), 0], np.int64)  # only 2 and 0 are inside [0, 5)
    out = embedding_dense_grad(grad, idx, 5)
    expected = np.zeros((5, 8), np.float32)
    expected[2], expected[0] = grad[0], grad[5]
    np.testing.assert_array_equal(out, expected)


def test_strided_inputs_are_gathered():
    grad = np.arange(6 * 16, dtype=np.float32).reshape(6, 16)[:, ::2]
    idx = np.array([3, 1, 3, 0, 1, 3, 0, 2, 1, 1, 2, 0], np.int32)[::2]
    np.testing.assert_allclose(embedding_dense_grad(grad, idx, 4), golden(grad, idx, 4), rtol=1e-4, atol=1e-4)


def test_kernel_level_takes_sorted_indices_and_positions():
    grad = np.arange(5 * 8, dtype=np.float32).reshape(5, 8)
    idx = np.array([2, 0, 2, 2, 4], np.int32)
    pos = np.argsort(idx, kind="stable").astype(np.int32)
    out = embedding_dense_grad_sorted(grad, idx[pos], pos, 5)
    np.testing.assert_array_equal(out[2], grad[0] + grad[2] + grad[3])  # hand-worked: one run of three rows
    np.testing.assert_array_equal(out, golden(grad, idx, 5))


def test_kernel_level_skips_positions_outside_grad():
    grad = np.ones((3, 8), np.float32)
    out = embedding_dense_grad_sorted(grad, np.array([0, 1, 1], np.int32), np.array([0, 7, -1], np.int32), 2)
    np.testing.assert_array_equal(out, np.stack([np.ones(8), np.zeros(8)]).astype(np.float32))


def test_kernel_level_precondition_checked_by_python_not_by_the_c_pair():
    """sort_indices must ascend (docs/ops/embedding_dense_grad.md): the Python kernel-level function checks it on the
    host before anything is allocated (161002 naming sortIndices); the internal C pair does not, and on the twin the
    unsorted runs of one index meet at its out row, whose second write stops the launch (361001). The public pair
    sorts first, so the same indices are fine there."""
    n = 4096
    grad = np.ones((n, 8), np.float32)
    unsorted = np.tile(np.array([0, 1], np.int32), n // 2)
    pos = np.arange(n, dtype=np.int32)
    with pytest.raises(AclnnError) as e:
        embedding_dense_grad_sorted(grad, unsorted, pos, 2, soc="ascend910b")
    assert e.value.code == 161002
    assert e.value.message == "sortIndices must be ascending: element 2 (0) is below element 1 (1)"
    with pytest.raises(AclnnError) as e:  # one step down at the very end, a strided view
        embedding_dense_grad_sorted(grad[:3], np.array([0, 5, 1, 1, 0, 0], np.int32)[::2], pos[:3], 2)
    assert e.value.message == "sortIndices must be ascending: element 2 (0) is below element 1 (1)"
    select("sim", "ascend910b")
    with pytest.raises(AclnnError) as e:
        _C_test.embedding_dense_grad_on_filled_workspace(grad, unsorted, pos, 2, -1, False, 0)
    # Both out rows (bytes [0, 32) and [32, 64)) are written twice; which race the cores meet first is timing.
    assert e.value.code == 361001 and re.search(r"writes GM bytes \[(0|32), ", e.value.message), e.value.message
    assert " written by " in e.value.message
    out = embedding_dense_grad(grad, unsorted, 2, soc="ascend910b")
    np.testing.assert_array_equal(out, np.full((2, 8), n // 2, np.float32))
