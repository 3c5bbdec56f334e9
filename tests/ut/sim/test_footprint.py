"""A footprint's byte ranges (sim/definedness.h: what the pipe order and definedness checks walk) against a byte model:
every run's bytes marked in a NumPy array, the ranges read off as its maximal runs of marked bytes."""

import numpy as np

ROOM = 1 << 14  # bytes of the model: every footprint below lies inside


def _model(base, elem_bits, groups, group_pitch, runs, run_pitch, run_elems, last_run_elems):
    marks = np.zeros(ROOM, bool)
    for g in range(groups):
        for r in range(runs):
            n = last_run_elems if r + 1 == runs else run_elems
            b = base + g * group_pitch + r * run_pitch
            marks[b : b + (n * elem_bits + 7) // 8] = True
    edges = np.flatnonzero(np.diff(np.concatenate(([0], marks.astype(np.int8), [0]))))
    return [(int(lo), int(hi)) for lo, hi in zip(edges[::2], edges[1::2])]


def _footprints(rng, n):
    """Repeat-form shapes: block strides above, at and below the repeat stride (transposed walks), short last runs."""
    out = []
    for _ in range(n):
        elem_bits = int(rng.choice([8, 16, 32]))
        block = 32
        groups = int(rng.integers(1, 12))
        runs = int(rng.integers(1, 9))
        group_pitch = block * int(rng.choice([0, 1, 2, 3, 8, int(rng.integers(0, 20))]))
        run_pitch = block * int(rng.choice([0, 1, 2, 4, 8, int(rng.integers(0, 20))]))
        run_elems = int(rng.choice([block * 8 // elem_bits, int(rng.integers(1, 20))]))
        last = int(rng.integers(1, run_elems + 1))
        out.append((int(rng.integers(0, 64)), elem_bits, groups, group_pitch, runs, run_pitch, run_elems, last))
    return out


def test_byte_ranges_match_the_byte_model(simtest):
    for fp in _footprints(np.random.default_rng(7), 3000):
        assert [tuple(r) for r in simtest.footprint_byte_ranges(*fp)] == _model(*fp), fp


def test_a_transposed_walk_is_one_range(simtest):
    # 8 blocks per repeat, blockRows (16) blocks apart, 16 repeats one block apart: every block of the 16 x 8 tile
    base = 128
    got = simtest.footprint_byte_ranges(base, 32, 16, 32, 8, 16 * 32, 8, 8)
    assert [tuple(r) for r in got] == [(base, base + 16 * 8 * 32)]
    # 4 repeats only: the blocks of each run's first four rows, eight ranges in address order
    got = simtest.footprint_byte_ranges(base, 32, 4, 32, 8, 16 * 32, 8, 8)
    assert [tuple(r) for r in got] == [(base + r * 512, base + r * 512 + 128) for r in range(8)]
