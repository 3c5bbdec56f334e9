"""The vector rows of ``ascendops bench calibrate`` beyond copies and Add (sources S5, S6): judged with the fitted
parameters, not fitted on (no parameter is identified by them alone).

S5: asc-devkit ``examples/01_simd_cpp_api/05_best_practices/03_fusion_compute/matmul_gelu_high_performance/
README.md`` (lines 289-297), msprof on Atlas A2: the GELU-only task over an 8192 x 8192 float tensor on 48 AIV
(``python/bindings/bench/kernels/gelu_calibration_kernels.cpp``).
S6: asc-devkit ``.../04_memory_access/bank_conflict_nd2nz/README.md``: an 8192 x 8192 half ND matrix to the global
compact NZ layout on 48 AIV, C0 columns 144 (one bank group) or 145 blocks apart in UB
(``nd2nz_calibration_kernels.cpp``: one UB -> UB DataCopy per C0 column where the sample has one vector Copy).
"""

from .. import _sim_bench

BLOCKS = 48

# row -> (source, what, tiling, published Task Duration us, aiv_time us, aiv_vec_time us)
ROWS = {
    # tiles of one 32 KB row: four in UB
    "S5": ("S5", "GELU, 8192 x 8192 float in place", dict(rows=8192, cols=8192, tile_rows=1), 369.827, 358.91, 236.506),
    "S6 1": (
        "S6",
        "ND -> NZ, C0 columns 144 blocks apart (bank conflicts)",
        dict(nz_c0_stride=144),
        151.42,
        138.00,
        47.790,
    ),
    "S6 2": ("S6", "ND -> NZ, C0 columns 145 blocks apart", dict(nz_c0_stride=145), 144.00, 131.44, 7.133),
}

_ND2NZ = dict(rows=8192, cols=8192, row_splits=6, col_splits=8, tile_rows=144, tile_cols=128)


def modeled(row, params=None):
    """The twin's modeled report of ``row`` on ascend910b (``params``: cost parameters replaced)."""
    source, _what, tiling, *_ = ROWS[row]
    if source == "S5":
        return _sim_bench.run_gelu_calibration(tiling, BLOCKS, params=params or {})
    return _sim_bench.run_nd2nz_calibration(dict(_ND2NZ, **tiling), params=params or {})
