"""The read-only copy rows of ``ascendops bench calibrate`` (source S2) and the launch rows.

S2: asc-devkit ``examples/01_simd_cpp_api/05_best_practices/04_memory_access/data_copy/README.md``, msprof on Atlas
A2: GM -> UB DataCopyPad streams over a half matrix on 48 AIV (scenarios 1-8) and GM -> L1 ND2NZ streams on 24 AIC
(its GM -> L1 scenarios 1-3). The twin runs its own kernels of the same walks
(``python/bindings/bench/kernels/copy_stream_kernels.cpp``, ``copy_stream_l1_kernels.cpp``; their copies rotate over
the UB's / L1's slots with a PipeBarrier<PIPE_MTE2> when they wrap, where the sample overwrites one buffer, which the
twin's rules forbid).

The launch term is defined as a launch's Task Duration minus its cores' mean time (msprof ``aiv_time``, or
``aiv_total_cycles`` / clock / blocks): the launch rows compare it with the empty kernel's modeled time at the same
block count.
"""

from .. import _sim_bench

FREQ_MHZ = 1850  # Ascend910B1.ini cube_freq: msprof cycles -> us
BLOCKS = 48
AICS = 24  # the GM -> L1 rows' Block Num

# The published matrices: (m, n); the tiling of each scenario adds its copy tile and walk.
FULL, UNALIGNED, SMALL = dict(m=12288, n=12288), dict(m=12288, n=12287), dict(m=6144, n=512)

# scenario -> (what, tiling, published Task Duration us, aiv_mte2_time (aiv_time for 5 / 6) us, aiv_total_cycles)
ROWS = {
    1: ("1 x 128 B per copy", dict(FULL, tile_m=1, tile_n=64, mode=0), 564.84, 548.161, 49222116),
    2: ("64 x 128 B per copy", dict(FULL, tile_m=64, tile_n=64, mode=0), 233.54, 220.772, 20167322),
    3: ("64 x 2 KB per copy", dict(FULL, tile_m=64, tile_n=1024, mode=0), 215.82, 202.657, 18563430),
    4: ("64 x 2046 B, unaligned rows", dict(UNALIGNED, tile_m=64, tile_n=1024, mode=0), 275.3, 259.047, 23648813),
    5: ("whole matrix 4 x (L2 misses)", dict(FULL, tile_m=64, tile_n=1024, mode=1), 828.06, 816.05, 72465129),
    6: ("each quarter 4 x (L2 hits)", dict(FULL, tile_m=64, tile_n=1024, mode=2), 365.74, 354.56, 31484525),
    7: (
        "all read 6 MB, same order",
        dict(SMALL, tile_m=128, tile_n=64, mode=3, l2_bypass=1),
        539.42,
        474.717,
        42823246,
    ),
    8: ("all read 6 MB, staggered", dict(SMALL, tile_m=128, tile_n=64, mode=4, l2_bypass=1), 328.88, 307.38, 28054500),
}


# GM -> L1 scenario -> (what, tiling, published Task Duration us, aic_mte2_time us, aic_total_cycles); the row keys
# of ``calibrate`` are "L1 <scenario>".
L1_ROWS = {
    1: ("AIC ND2NZ 64 x 64 (8 KB) per copy", dict(FULL, tile_m=64, tile_n=64, mode=0), 300.7, 283.508, 12870910),
    2: ("AIC ND2NZ 64 x 256 (32 KB) per copy", dict(FULL, tile_m=64, tile_n=256, mode=0), 230.24, 214.519, 9795512),
    3: (
        "AIC ND2NZ 64 x 256, unaligned rows",
        dict(UNALIGNED, tile_m=64, tile_n=256, mode=0),
        438.76,
        422.515,
        19020328,
    ),
}


def tiling(case):
    return dict({"l2_bypass": 0}, **ROWS[case][1])


def l1_mean_core_us(case):
    """The published AICs' mean time: aic_total_cycles over the clock and the blocks."""
    return L1_ROWS[case][4] / FREQ_MHZ / AICS


def l1_modeled(case, params=None):
    """The twin's modeled report of GM -> L1 scenario ``case`` on ascend910b."""
    return _sim_bench.run_copy_stream_l1(dict({"l2_bypass": 0}, **L1_ROWS[case][1]), AICS, params=params or {})


def mean_core_us(case):
    """The published cores' mean time: aiv_total_cycles over the clock and the blocks."""
    return ROWS[case][4] / FREQ_MHZ / BLOCKS


def modeled(case, params=None):
    """The twin's modeled report of scenario ``case`` on ascend910b (``params``: cost parameters replaced)."""
    return _sim_bench.run_copy_stream(tiling(case), BLOCKS, params=params or {})


def modeled_launch(blocks, params=None, kernel_type="aiv"):
    """The empty kernel's modeled time: ``kernel_type`` aiv (blocks AIVs), aic (AICs) or mix (1:2 groups)."""
    return _sim_bench.run_empty(blocks, params=params or {}, kernel_type=kernel_type)["modeled_device_us"]
