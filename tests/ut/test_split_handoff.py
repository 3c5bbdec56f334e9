"""Split's pieces come back without a copy (DeviceTensor::TakeArray): each is its own writable array, equal to a
NumPy slicing golden, the twin's device registry holds none of them after the call, and the input is never
modified."""

import gc

import numpy as np
import pytest

from ascendops import _C_test
from ascendops._backend import select
from ascendops.ops.split import split


@pytest.fixture(autouse=True)
def _device():
    select("sim", "ascend910b")


def _golden(x, size, dim):
    """Pieces by plain slicing (an independent golden: no NumPy split helper, no operator code)."""
    n = x.shape[dim]
    return [np.take(x, np.arange(s, min(s + size, n)), axis=dim) for s in range(0, n, size)]


@pytest.mark.parametrize(
    "shape,dtype,size,dim",
    [((64, 96), np.float16, 32, 1), ((40, 8), np.float32, 3, 0), ((3, 1000), np.int8, 250, 1)],
)
def test_pieces_equal_slicing_and_own_their_memory(shape, dtype, size, dim):
    rng = np.random.default_rng(7)
    x = rng.integers(-100, 100, shape).astype(dtype)
    x_before = x.copy()
    before = _C_test.simtest.live_allocations()
    pieces = split(x, size, dim)
    assert _C_test.simtest.live_allocations() == before  # handed to the host: nothing left registered
    expected = _golden(x_before, size, dim)
    assert len(pieces) == len(expected)
    for got, want in zip(pieces, expected):
        assert got.dtype == want.dtype and got.shape == want.shape
        np.testing.assert_array_equal(got, want)
        assert got.flags.c_contiguous and got.flags.writeable and got.flags.owndata is False
    np.testing.assert_array_equal(x, x_before)  # the input is never modified
    pieces[0][...] = 0  # each piece is its own memory: writing one changes neither x nor another piece
    np.testing.assert_array_equal(x, x_before)
    for got, want in zip(pieces[1:], expected[1:]):
        np.testing.assert_array_equal(got, want)


def test_pieces_outlive_later_calls_and_free_with_their_arrays():
    x = np.arange(4096, dtype=np.float32).reshape(64, 64)
    first = split(x, 16, 1)
    for _ in range(3):  # later calls allocate and free device memory around the handed-on blocks
        split(x[::-1].copy(), 16, 1)
    for i, piece in enumerate(first):
        np.testing.assert_array_equal(piece, x[:, 16 * i : 16 * (i + 1)])
    views = [p[1:3] for p in first]
    del first
    gc.collect()
    for i, v in enumerate(views):  # a view keeps its piece's block alive
        np.testing.assert_array_equal(v, x[1:3, 16 * i : 16 * (i + 1)])
