"""Sort32, MrgSort and GetMrgSortResult (排序组合（ISASI）) on the twin against NumPy goldens: 8-byte (score, index)
entries sorted by score, largest first, the earlier entry first on a tie."""

import numpy as np
import pytest


def _entries(scores, indices):
    out = np.zeros((scores.size, 8), np.uint8)
    out[:, : scores.itemsize] = scores.view(np.uint8).reshape(scores.size, scores.itemsize)
    out[:, 4:] = indices.view(np.uint8).reshape(indices.size, 4)
    return out.reshape(-1)


def _sort32(scores, indices):
    order = np.concatenate(
        [
            r * 32 + np.argsort(-scores[r * 32 : r * 32 + 32].astype(np.float64), kind="stable")
            for r in range(scores.size // 32)
        ]
    )
    return scores[order], indices[order]


def _inputs(dtype, n, seed, ties=False):
    rng = np.random.default_rng(seed)
    scores = (rng.integers(-4, 4, n) if ties else rng.standard_normal(n) * 100).astype(dtype)
    return scores, rng.permutation(n).astype(np.uint32)


@pytest.mark.parametrize("dtype", ["float32", "float16"])
@pytest.mark.parametrize("n, ties", [(32, False), (256, False), (128, True)])
def test_sort32_sorts_each_repeat_of_32(simtest, dtype, n, ties):
    scores, indices = _inputs(dtype, n, 1, ties)
    entries, _ = simtest.sort(scores, indices)
    np.testing.assert_array_equal(entries, _entries(*_sort32(scores, indices)))


@pytest.mark.parametrize("dtype", ["float32", "float16"])
@pytest.mark.parametrize("queues", [2, 3, 4])
@pytest.mark.parametrize("ties", [False, True])
def test_mrg_sort_merges_the_valid_queues(simtest, dtype, queues, ties):
    scores, indices = _inputs(dtype, 128, 2, ties)
    s, i = _sort32(scores, indices)
    used = queues * 32
    order = np.argsort(-s[:used].astype(np.float64), kind="stable")  # stable: the earlier queue first on a tie
    entries, counts = simtest.sort(scores, indices, merge=True, queues=queues)
    want = np.full(128 * 8, 0, np.uint8)
    want.view(np.uint32)[:] = 7
    want[: used * 8] = _entries(s[:used][order], i[:used][order])
    np.testing.assert_array_equal(entries, want)
    np.testing.assert_array_equal(counts.view(np.uint32), [32 if q < queues else 0 for q in range(4)])


def test_mrg_sort_with_suspension_stops_at_the_first_empty_queue(simtest):
    scores, indices = _inputs("float32", 128, 3)
    s, i = _sort32(scores, indices)
    order = np.argsort(-s.astype(np.float64), kind="stable")
    queue = order // 32
    taken = np.zeros(4, int)
    for k, q in enumerate(queue):
        taken[q] += 1
        if taken[q] == 32:
            break
    entries, counts = simtest.sort(scores, indices, merge=True, queues=4, suspend=True)
    want = np.full(128 * 8, 0, np.uint8)
    want.view(np.uint32)[:] = 7
    want[: (k + 1) * 8] = _entries(s[order[: k + 1]], i[order[: k + 1]])
    np.testing.assert_array_equal(entries, want)
    np.testing.assert_array_equal(counts.view(np.uint32), taken)


def test_mrg_sort_refuses_repeats_without_four_chained_queues(simtest):
    scores, indices = _inputs("float32", 128, 4)
    with pytest.raises(RuntimeError, match=r"MrgSort: repeatTimes 2 needs 4 queues of one length"):
        simtest.sort(scores, indices, merge=True, queues=3, repeat_times=2)


def test_sort32_is_absent_on_310p(simtest):
    scores, indices = _inputs("float32", 32, 5)
    with pytest.raises(RuntimeError, match=r"Sort32: not available on ascend310p"):
        simtest.sort(scores, indices, soc="ascend310p")


# Region proposals (ProposalConcat, RpSort16, MrgSort4, ProposalExtract: Atlas 推理系列产品 AI Core only).
@pytest.mark.parametrize("dtype", ["float32", "float16"])
@pytest.mark.parametrize("ties", [False, True])
def test_region_proposals_sort_by_score_carrying_their_fields(simtest, dtype, ties):
    rng = np.random.default_rng(3)
    scores = (rng.integers(-3, 3, 64) if ties else rng.standard_normal(64) * 100).astype(dtype)
    labels = np.arange(64).astype(dtype)  # each proposal's own number, carried with it
    out = simtest.proposal_sort(scores, labels)
    # RpSort16 keeps the earlier proposal first on a tie, MrgSort4 the earlier queue: one stable sort of all 64.
    order = np.argsort(-scores.astype(np.float64), kind="stable")
    np.testing.assert_array_equal(out[:64], scores[order])
    np.testing.assert_array_equal(out[64:], labels[order])


@pytest.mark.parametrize(
    "soc, field, message",
    [
        ("ascend910b", 4, r"ProposalConcat: not available on ascend910b"),
        ("ascend310p", 6, r"ProposalConcat: modeNumber 6 outside \[0, 5\]"),
    ],
)
def test_region_proposals_refuse_another_soc_and_a_bad_field(simtest, soc, field, message):
    scores = np.zeros(64, np.float16)
    with pytest.raises(RuntimeError, match=message):
        simtest.proposal_sort(scores, scores, score_field=field, soc=soc)
