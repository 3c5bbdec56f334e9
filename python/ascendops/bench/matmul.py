"""Matmul benchmark: a plain BF16 matmul (FP32 out) through the twin's Matmul API on a MIX 1:2 launch, with the
tiling chosen by the host API (SetDim = the SoC's AIVs), against the cube roofline (2 M K N FLOP at the SoC's peak
cube rate) and the memory roofline (A, B read once, C written once, at the memory bandwidth).

It runs the twin's Matmul kernel (python/bindings/bench/kernels/matmul_kernels.cpp): there is no matmul operator
yet.
"""

import ml_dtypes
import numpy as np

from .. import _sim_bench
from .._args import INT32_MAX, cli_int

__all__ = ["add_args", "run", "SOCS", "DEFAULT_SOCS"]

SOCS = ("ascend910b", "ascend910_93")  # the twin's Matmul API runs on the SoCs with AIC + AIV (MIX 1:2)
DEFAULT_SOCS = ("ascend910b",)

NOTE = "(modeled by the CPU twin's cost model, not measured; the cube's peak rate is derived - see docs/twin.md)"

# (M, K, N): C[M, N] = A[M, K] B[K, N]
SHAPES = [(4096, 512, 1024), (1024, 1024, 1024)]


def add_args(parser):
    parser.add_argument(
        "--aivs",
        type=cli_int(min=2, max=INT32_MAX),
        default=48,
        metavar="N",
        help="SetDim: AIVs the tiling may use, at most the SoC's (default 48)",
    )


def _bound(stats):
    """The resource that bounds the modeled time: memory bandwidth, or the slowest AIC's slowest cube pipe."""
    if stats["modeled_bandwidth_us"] >= stats["modeled_slowest_core_us"]:
        return "memory bandwidth"
    slowest = max(stats["cube_pipes_us"], key=lambda p: max(p.values()))
    return "cube " + max(slowest, key=slowest.get).upper()


def run(args):
    soc = _sim_bench.cube_info(args.soc)
    if args.aivs > 2 * soc["cube_cores"]:
        raise ValueError(f"--aivs {args.aivs}: {args.soc} has {2 * soc['cube_cores']} AIVs")
    peak_flop_per_us = soc["cube_cores"] * soc["macs_per_cycle_16"] * 2 * soc["freq_mhz"]
    rows = []
    for m, k, n in SHAPES:
        tiling = _sim_bench.matmul_tiling(m, n, k, ab="bfloat16", c="float32", dim=args.aivs, soc=args.soc)
        groups = (tiling["usedCoreNum"] + 1) // 2
        a = np.zeros(m * k, ml_dtypes.bfloat16)
        b = np.zeros(k * n, ml_dtypes.bfloat16)
        _, stats = _sim_bench.run_matmul(
            a, b, None, np.zeros(m * n, np.float32), tiling, groups=groups, soc=args.soc, timeout=600.0
        )
        cube_us = 2.0 * m * k * n / peak_flop_per_us
        mem_us = ((m * k + k * n) * 2 + m * n * 4) / (soc["mem_bandwidth_gbps"] * 1e3)
        modeled = stats["modeled_device_us"]
        rows.append(
            {
                "shape MxKxN": f"{m}x{k}x{n}",
                "groups": groups,
                "base MxNxK": f"{tiling['baseM']}x{tiling['baseN']}x{tiling['baseK']}",
                "single MxN": f"{tiling['singleCoreM']}x{tiling['singleCoreN']}",
                "modeled_us": round(modeled, 2),
                "cube_roofline_us": round(cube_us, 3),
                "mem_roofline_us": round(mem_us, 3),
                "ratio_vs_cube": round(modeled / cube_us, 2),
                "bound": _bound(stats),
            }
        )
    return rows
