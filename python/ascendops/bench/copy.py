"""``ascendops bench copy``: GM -> UB -> GM copies on the cost model, single- and double-buffered.

The twin's copy kernel (``python/bindings/bench/kernels/copy_add_kernels.cpp``, a TQueBind of 1 or 2 buffers) copies
``bytes`` of half on each SoC, from 128 B to 128 MB in powers of 4. Copies are at most ``TILE_BYTES`` (>= 16 KB reach
near-best bandwidth per the data-movement best practices); a copy spreads over at most ``MAX_CORES[soc]`` cores, the
largest power of two within the SoC's vector cores (32 of 48 on ascend910b, all 8 on ascend310p), one tile a core
at least. The double-buffered kernel issues tile i+1's copy-in before tile i's copy-out. GB/s counts read + written
bytes; ``x achievable`` / ``x nominal`` are modeled / roofline (>= 1).

``--vector-cores``: on ascend310p, the same streaming work on the 8 AI cores (KERNEL_TYPE_AICORE, 8 blocks)
against the AI cores plus the 7 Vector Cores (KERNEL_TYPE_MIX_VECTOR_CORE, 15 blocks), at Split's size (a 64 MB half
copy) and Cast's (2^24 float32 -> float16: 64 MB read, 32 MB written), the cast also with 2 / 4 / 8 Exp passes per
tile before it: a vector-heavier kernel (``python/bindings/bench/kernels/stream_kernels.cpp``, 32 KB input tiles).
"""

import numpy as np

from .. import _sim_bench

__all__ = ["SOCS", "SIZES", "add_args", "run", "copy_point", "stream_point", "vector_core_rows", "NOTE", "default_socs"]

VECTOR_CORE_SOC = "ascend310p"  # the SoC of the table with Vector Cores beside its AI cores

NOTE = (
    "(modeled by the twin's cost model; GB/s = bytes read + written / modeled time; rooflines: the same bytes at "
    "the achievable and the nominal memory bandwidth)"
)

SOCS = ("ascend910b", "ascend310p")
SIZES = tuple(128 << (2 * k) for k in range(11))  # 128 B .. 128 MB
TILE_BYTES = 32 * 1024
MAX_CORES = {"ascend910b": 32, "ascend310p": 8}
# --vector-cores: (case, elements, dtype, Exp passes per tile); blocks: AI cores alone, AI + Vector Cores (310P3).
STREAM_CASES = (
    ("split 64 MB copy", 1 << 25, np.float16, 0),
    ("cast 2^24 f32->f16", 1 << 24, np.float32, 0),
    ("cast + 2 Exp", 1 << 24, np.float32, 2),
    ("cast + 4 Exp", 1 << 24, np.float32, 4),
    ("cast + 8 Exp", 1 << 24, np.float32, 8),
)
STREAM_BLOCKS = ((8, False), (15, True))


def add_args(parser):
    parser.add_argument(
        "--vector-cores",
        action="store_true",
        help="ascend310p only: 8 AI cores (AICORE) against 8 + 7 Vector Cores (MIX_VECTOR_CORE)",
    )


def default_socs(args):
    """The SoCs run when no --soc is given: both, or the one with Vector Cores for --vector-cores."""
    return (VECTOR_CORE_SOC,) if args.vector_cores else SOCS


def copy_point(soc, nbytes, buffers):
    """One modeled copy of ``nbytes``: the twin's launch stats plus the cores and tile it used."""
    per_core_floor = min(TILE_BYTES, nbytes)
    cores = max(1, min(MAX_CORES[soc], nbytes // per_core_floor))
    tile = min(TILE_BYTES, nbytes // cores) // 2  # elements of half
    x = np.zeros(nbytes // 2, dtype=np.float16)
    _, stats = _sim_bench.run_copy(x, cores, tile, soc, buffers)
    stats["tile_bytes"] = tile * 2
    return stats


def stream_point(n, dtype, passes, block_dim, vector_cores, soc="ascend310p"):
    """One modeled streaming launch of ``n`` elements (float16: a copy; float32: Exp passes + a cast to float16)."""
    tile = TILE_BYTES // np.dtype(dtype).itemsize
    _, stats = _sim_bench.run_stream(np.zeros(n, dtype), block_dim, tile, soc, passes, vector_cores)
    return stats


def vector_core_rows(cases=STREAM_CASES):
    rows = []
    for case, n, dtype, passes in cases:
        base = None
        for blocks, vector_cores in STREAM_BLOCKS:
            s = stream_point(n, dtype, passes, blocks, vector_cores)
            us = s["modeled_device_us"]
            base = base or us
            rows.append(
                {
                    "case": case,
                    "kernel type": "MIX_VECTOR_CORE" if vector_cores else "AICORE",
                    "blocks": blocks,
                    "modeled_us": round(us, 1),
                    "slowest_core_us": round(s["modeled_slowest_core_us"], 1),
                    "bandwidth_us": round(s["modeled_bandwidth_us"], 1),
                    "achievable_roofline_us": round(s["achievable_roofline_us"], 1),
                    "x achievable": round(us / s["achievable_roofline_us"], 3),
                    "vs 8 blocks": round(base / us, 3),
                }
            )
    return rows


def run(args):
    if getattr(args, "vector_cores", False):
        if args.soc != VECTOR_CORE_SOC:
            raise ValueError(
                f"--vector-cores runs on {VECTOR_CORE_SOC} only: {args.soc} has no Vector Cores "
                f"(use --soc {VECTOR_CORE_SOC})"
            )
        return vector_core_rows()
    rows = []
    soc = args.soc
    for nbytes in SIZES:
        for buffers in (1, 2):
            s = copy_point(soc, nbytes, buffers)
            us = s["modeled_device_us"]
            rows.append(
                {
                    "soc": soc,
                    "bytes": nbytes,
                    "cores": s["block_dim"],
                    "tile_bytes": s["tile_bytes"],
                    "buffers": buffers,
                    "modeled_us": round(us, 2),
                    "GB/s": round(s["total_gm_bytes"] / us / 1e3, 1),
                    "achievable_roofline_us": round(s["achievable_roofline_us"], 3),
                    "roofline_us": round(s["roofline_us"], 3),
                    "x achievable": round(us / s["achievable_roofline_us"], 1),
                    "x nominal": round(us / s["roofline_us"], 1),
                }
            )
    return rows
