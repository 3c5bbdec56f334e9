"""aclnnAscendopsSplitGetWorkspaceSize argument checks (phase 1 only) and the empty-input path."""

import numpy as np
import pytest

import ascendops
from ascendops import _C, AclnnError, _C_test
from ascendops._backend import select


@pytest.fixture(autouse=True)
def _device():
    select("sim", "ascend910b")


def _ws(x, sections, dim, out_shapes, dtype=np.float32):
    return _C_test.split_get_workspace(x, sections, dim, out_shapes, np.dtype(dtype))


X = np.arange(24, dtype=np.float32).reshape(4, 6)


def test_valid_call_needs_no_workspace():
    r = _ws(X, [2, 4], 1, [[4, 2], [4, 4]])
    assert (r["status"], r["message"], r["workspace_size"]) == (0, "", 0)


def test_non_contiguous_self_is_gathered_into_the_workspace():
    r = _ws(X[:, ::2], [1, 2], 1, [[4, 1], [4, 2]])
    assert r["status"] == 0 and r["workspace_size"] == 4 * 3 * 4


def test_window_key_on_310p_asks_for_the_system_workspace():
    # ALIGNED_WINDOW is MIX_VECTOR_CORE on 310P: the 2 MB reserve, a strided self gathered behind it
    select("sim", "ascend310p")
    r = _ws(X, [1, 5], 1, [[4, 1], [4, 5]])
    assert r["status"] == 0 and r["workspace_size"] == 2 * 1024 * 1024
    r = _ws(X[:, ::2], [1, 2], 1, [[4, 1], [4, 2]])
    assert r["status"] == 0 and r["workspace_size"] == 2 * 1024 * 1024 + 4 * 3 * 4


@pytest.mark.parametrize(
    "x,sections,outs,fragment",
    [
        (None, [2, 4], [[4, 2], [4, 4]], "self is null"),
        (X, None, [[4, 2], [4, 4]], "splitSections is null"),
        (X, [2, 4], None, "out is null"),
        (X, [2, 4], [[4, 2], None], "out[1] is null"),
    ],
)
def test_null_arguments(x, sections, outs, fragment):
    r = _ws(x, sections, 1, outs)
    assert r["status"] == 161001 and fragment in r["message"]


@pytest.mark.parametrize(
    "sections,dim,outs,dtype,fragment",
    [
        ([2, 4], 1, [[4, 2]], np.float32, "out holds 1 tensors, but splitSections has 2 pieces"),
        ([2, 4], 1, [[4, 2], [4, 5]], np.float32, "out[1] shape [4, 5] must be [4, 4]"),
        ([2, 4], 1, [[4, 2], [4, 4]], np.float16, "out[0] dtype float16 must be float32"),
        ([2, 3], 1, [[4, 2], [4, 3]], np.float32, "sum to 5, but self.shape[1] is 6"),
        ([7, -1], 1, [[4, 7], [4, 1]], np.float32, "negative section -1"),
        ([6], 2, [[4, 6]], np.float32, "dim 2 is out of range"),
    ],
)
def test_invalid_arguments(sections, dim, outs, dtype, fragment):
    r = _ws(X, sections, dim, outs, dtype)
    assert r["status"] == 161002 and fragment in r["message"]


def test_rank_zero_and_unsupported_dtype():
    r = _ws(np.float32(1.0), [1], 0, [[1]])
    assert r["status"] == 161002 and "rank 0" in r["message"]
    r = _ws(np.zeros((2, 2), np.float64), [1, 1], 0, [[1, 2], [1, 2]], np.float64)
    assert r["status"] == 161002 and "dtype float64 is not supported by Split" in r["message"]


@pytest.mark.parametrize(
    "call,fragment",
    [
        (lambda: ascendops.split(X, 0, 1), "split_size 0 must be > 0"),
        (lambda: ascendops.chunk(X, 0, 1), "chunks 0 must be > 0"),
        (lambda: ascendops.split(X, [3, 3], 5), "dim 5 is out of range [-2, 1] for rank 2"),
        (lambda: ascendops.split(np.float32(2.0), 1), "self is rank 0"),
        (lambda: ascendops.split(np.zeros(200, np.int8), 1), "at most 128 outputs"),
        (lambda: ascendops.split(np.zeros((1,) * 9, np.int8), 1), "rank 9 exceeds the maximum of 8"),
    ],
)
def test_user_functions_raise_the_rule(call, fragment):
    with pytest.raises(AclnnError) as e:
        call()
    assert e.value.code == 161002 and fragment in e.value.message


@pytest.mark.parametrize(
    "shape,how,dim,expected",
    [
        ((0, 5), 2, 1, [(0, 2), (0, 2), (0, 1)]),
        ((4, 0), 3, 1, [(4, 0)]),
        ((3, 0, 2), [0, 0], 1, [(3, 0, 2), (3, 0, 2)]),
    ],
)
def test_empty_input_gives_empty_pieces_without_launch(shape, how, dim, expected):
    pieces = ascendops.split(np.zeros(shape, np.float16), how, dim, soc="ascend310p")
    assert [p.shape for p in pieces] == expected
    assert all(p.dtype == np.float16 for p in pieces)
    assert _C.last_launch_report()["launched"] is False


def test_chunk_of_an_empty_dim_gives_chunks_empty_pieces():
    pieces = ascendops.chunk(np.zeros((2, 0), np.int32), 3, 1)
    assert [p.shape for p in pieces] == [(2, 0)] * 3
    assert _C.last_launch_report()["launched"] is False


def test_output_list_layout_is_cann_list_tensor_desc():
    # asc-devkit ListTensorDesc.md: [byte offset of the pointers][per tensor: dim | index << 32, dims...][pointers]
    words = _C_test.split_list_words([[4, 2], [4, 0], [4, 5]], [0x1000, 0, 0x2040])
    assert words == [8 * (1 + 3 * 3), 2, 4, 2, 2 | 1 << 32, 4, 0, 2 | 2 << 32, 4, 5, 0x1000, 0, 0x2040]
    # rank 0: the pointers-only form (count in the header's high half, 0xffffffff, pointers at byte 24)
    assert _C_test.split_list_words([[], []], [0x10, 0x20]) == [24, 2 << 32, 0xFFFFFFFF, 0x10, 0x20]
