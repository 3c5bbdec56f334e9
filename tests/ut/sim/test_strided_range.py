"""The strided range records (sim/strided_range.h: one record per strided copy in the race log and the L2 read
stamps) against a byte model: every byte of each row marked in a NumPy array, the answers read off the arrays."""

import numpy as np
import pytest

ROOM = 256  # bytes of the model: every range below lies inside


def _bytes(rows):
    start, count, length, pitch = rows
    marks = np.zeros(ROOM, bool)
    for r in range(count):
        marks[start + r * pitch : start + r * pitch + length] = True
    return marks


def _ranges(rng, n):
    """Rows of every shape the records meet: single rows, touching rows, gaps, one pitch for both sides."""
    out = []
    for _ in range(n):
        pitch = int(rng.choice([7, 8, int(rng.integers(1, 20))]))
        length = int(rng.integers(1, 12))
        count = int(rng.integers(0, 6))
        start = int(rng.integers(0, 120))
        out.append((start, count, length, pitch))
    return out


@pytest.mark.parametrize("merged", [True, False], ids=["merged", "unmerged"])
def test_first_overlap_matches_the_byte_model(simtest, merged):
    rng = np.random.default_rng(41)
    ranges = _ranges(rng, 600)
    for a, b in zip(ranges[::2], ranges[1::2]):
        common = _bytes(a) & _bytes(b)
        lo, hi = simtest.strided_first_overlap(a, b, merged)
        if not common.any():
            assert lo == hi, (a, b)
            continue
        first = int(np.argmax(common))
        assert lo == first and hi > lo, (a, b, lo, hi)
        assert common[lo:hi].all(), (a, b, lo, hi)  # common bytes only, inside one run of them


@pytest.mark.parametrize(
    "a,b,want",
    [
        ((0, 4, 2, 8), (2, 4, 2, 8), (0, 0)),  # interleaved columns of one matrix: no common byte
        ((0, 4, 2, 8), (10, 1, 4, 4), (0, 0)),  # a span inside a gap
        ((0, 4, 2, 8), (1, 4, 2, 8), (1, 2)),  # shifted by one byte: the first row's second byte
        ((0, 4, 2, 8), (26, 1, 4, 4), (0, 0)),  # a span past the last row
        ((0, 4, 2, 8), (20, 1, 6, 6), (24, 26)),  # a span over a gap into the last row
        ((10, 3, 4, 16), (0, 5, 3, 12), (12, 14)),  # two pitches: row 1 of b meets row 0 of a
    ],
)
def test_hand_made_overlaps(simtest, a, b, want):
    assert tuple(simtest.strided_first_overlap(a, b)) == want
    common = _bytes(a) & _bytes(b)
    assert common.any() == (want[0] < want[1])


def test_bytes_in_a_window_match_the_byte_model(simtest):
    rng = np.random.default_rng(7)
    for rows in _ranges(rng, 400):
        lo = int(rng.integers(0, 200))
        hi = lo + int(rng.integers(0, 60))
        assert simtest.strided_bytes_in(rows, lo, hi) == int(_bytes(rows)[lo:hi].sum()), (rows, lo, hi)
