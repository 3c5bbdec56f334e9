"""EmbeddingDenseGrad on the CPU twin against the NumPy golden: every case family of the spec x both SoCs.

fp32 tolerances of the spec (rtol = atol = 1e-4). The twin checks every GM access against the launch's buffers
and their guard zones, and cross-core overlapping non-atomic writes, so an overrun or a race fails the call itself.
"""

import numpy as np
import pytest

from ascendops import _C, _C_test
from ascendops.golden.embedding_dense_grad import embedding_dense_grad as golden
from ascendops.ops.embedding_dense_grad import TOLERANCE, embedding_dense_grad, sample

SOCS = ["ascend310p", "ascend910b"]


def check(grad, indices, nw, pad=-1, scale=False, soc="ascend310p", **kw):
    actual = embedding_dense_grad(grad, indices, nw, pad, scale, soc=soc, **kw)
    expected = golden(grad, indices, nw, pad, scale)
    assert actual.dtype == np.float32 and actual.shape == expected.shape
    np.testing.assert_allclose(actual, expected, rtol=TOLERANCE, atol=TOLERANCE)
    return actual


def indices_of(kind, n, nw, rng):
    return {
        "uniform": lambda: rng.integers(0, nw, n),
        "distinct": lambda: rng.permutation(nw)[:n],
        "one_run": lambda: np.full(n, nw // 2),
        "crossing": lambda: np.concatenate([np.arange(3) % nw, np.full(n - 6, nw - 1), np.arange(3) % nw]),
    }[kind]().astype(np.int32)


@pytest.mark.parametrize("soc", SOCS)
@pytest.mark.parametrize("dim", [8, 128, 33, 1, 1000])
@pytest.mark.parametrize("kind", ["uniform", "distinct", "one_run", "crossing"])
def test_index_patterns(kind, dim, soc):
    rng = np.random.default_rng(dim)
    n, nw = 97, 131  # 97 rows: runs cross the 8-core (310P) and 48-core (910B) row boundaries
    grad = rng.standard_normal((n, dim)).astype(np.float32)
    check(grad, indices_of(kind, n, nw, rng), nw, soc=soc)


@pytest.mark.parametrize("soc", SOCS)
@pytest.mark.parametrize("dim", [16, 33])
def test_one_row(dim, soc):
    grad, idx = sample(1, dim, 4, seed=1)
    out = check(grad, idx, 4, soc=soc)
    np.testing.assert_array_equal(out[idx[0]], grad[0])


@pytest.mark.parametrize("soc", SOCS)
@pytest.mark.parametrize("dim", [24, 7])
@pytest.mark.parametrize("pad", ["none", "first", "middle", "last"])
def test_padding_idx(pad, dim, soc):
    nw = 23
    pad_idx = {"none": -1, "first": 0, "middle": 11, "last": nw - 1}[pad]
    grad, idx = sample(200, dim, nw, seed=dim)
    idx[:5] = max(pad_idx, 0)  # the padding row is really hit
    out = check(grad, idx, nw, pad_idx, soc=soc)
    if pad_idx >= 0:
        assert not out[pad_idx].any()


@pytest.mark.parametrize("soc", SOCS)
@pytest.mark.parametrize("dim", [64, 13])
@pytest.mark.parametrize("pad", [-1, 2])
def test_scale_grad_by_freq(pad, dim, soc):
    rng = np.random.default_rng(dim + pad)
    grad = rng.standard_normal((150, dim)).astype(np.float32)
    idx = np.concatenate([np.arange(40), rng.integers(40, 60, 110)]).astype(np.int32)  # counts 1 and >= 2
    rng.shuffle(idx)
    out = check(grad, idx, 70, pad, True, soc=soc)
    k = int(idx[0])
    if k != pad:
        rows = grad[idx == k]
        np.testing.assert_allclose(
            out[k], rows.sum(0) / max(len(rows), 1) if len(rows) >= 2 else rows[0], rtol=1e-4, atol=1e-4
        )


@pytest.mark.parametrize("soc", SOCS)
def test_sparse_output(soc):
    grad, idx = sample(60, 16, 100_000, seed=5)
    check(grad, idx, 100_000, soc=soc)
    check(grad, idx, 100_000, scale=True, soc=soc)


@pytest.mark.parametrize("soc", SOCS)
@pytest.mark.parametrize("lead", [(5, 7), (2, 3, 4), (2, 1, 3, 2)], ids=lambda s: f"rank{len(s) + 1}")
def test_higher_rank_grad(lead, soc):
    grad, idx = sample(0, 40, 9, seed=len(lead), lead=lead)
    check(grad, idx, 9, 4, soc=soc)


@pytest.mark.parametrize("soc", SOCS)
def test_empty_indices(soc):
    out = check(np.ones((0, 16), np.float32), np.zeros(0, np.int32), 5, soc=soc)
    assert not out.any()


@pytest.mark.parametrize("soc", SOCS)
@pytest.mark.parametrize("scale", [False, True])
def test_dim_larger_than_one_ub_chunk(scale, soc):
    grad, idx = sample(6, 40_000, 3, seed=7)  # two column chunks on both SoCs
    check(grad, idx, 3, scale=scale, soc=soc)


@pytest.mark.parametrize("soc,core_num", [("ascend310p", 10), ("ascend310p", 1), ("ascend910b", 40)])
@pytest.mark.parametrize("scale", [False, True])
def test_other_core_counts(soc, core_num, scale):
    grad, idx = sample(333, 32, 50, seed=core_num)
    check(grad, idx, 50, 3, scale, soc=soc, core_num=core_num)
    assert _C.last_launch_report()["block_dim"] == core_num


@pytest.mark.parametrize("soc", SOCS)
def test_large_uniform(soc):
    grad, idx = sample(20_000, 128, 5000, seed=11)
    check(grad, idx, 5000, soc=soc)
    check(grad, idx, 5000, 17, True, soc=soc)


@pytest.mark.parametrize("scale", [False, True])
def test_310p_unaligned_rows_move_in_windows_without_scalar_stores(scale):
    # D 127 on 310P (no DataCopyPad): 32-byte windows under atomic add; rows 47..49 end at the tensor's end, so
    # their windows are moved back to end there.
    grad, idx = sample(64, 127, 50, seed=3)
    idx[-6:] = [49, 49, 48, 47, 49, 0]
    check(grad, idx, 50, scale=scale, soc="ascend310p")
    report = _C.last_launch_report()
    assert all(c["scalar_gm_accesses"] == 0 for c in report["cores"])


@pytest.mark.parametrize("dim", [128, 127])  # block and window copy modes
@pytest.mark.parametrize("fill", [0x01, 0xFF])  # +16843009 / -1 as int32 slots, tiny / NaN as float counts
def test_310p_scale_on_a_garbage_workspace_matches_the_golden(dim, fill):
    # CANN's package flow zeroes only out (InitValue(0)), never the workspace: the scale path must not need it
    # zeroed. 64 rows on 8 cores (8 each): index 3 runs over rows 5..42, crossing five core boundaries, with two
    # pos_idx outside [0, 64) inside it (not counted); index 5 is one whole core (rows 48..55) plus a row either side.
    from ascendops._backend import select

    select("sim", "ascend310p")
    rng = np.random.default_rng(11)
    n, nw = 64, 9
    sort_idx = np.array([0] * 3 + [1] * 2 + [3] * 38 + [4] * 4 + [5] * 10 + [7] * 5 + [8] * 2, np.int32)
    pos = rng.permutation(n).astype(np.int32)
    pos[[9, 37]] = [n, -1]  # skipped rows, inside the run crossing cores
    grad = rng.standard_normal((n, dim)).astype(np.float32)
    actual = _C_test.embedding_dense_grad_on_filled_workspace(grad, sort_idx, pos, nw, -1, True, fill)
    live = (pos >= 0) & (pos < n)
    expected = golden(grad[pos[live]], sort_idx[live], nw, -1, True)  # the live rows, in sorted order
    np.testing.assert_allclose(actual, expected, rtol=TOLERANCE, atol=TOLERANCE)
    assert np.isclose(expected[3], grad[pos[live & (sort_idx == 3)]].sum(0) / 36, atol=1e-5).all()
