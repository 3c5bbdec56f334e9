"""``ascendops bench copy``: GM -> UB -> GM copies on the cost model, single- and double-buffered (issue 11 item 4).

The twin's copy test kernel (``tests/ut/sim/kernels/copy_add_kernels.cpp``, a TQueBind of 1 or 2 buffers) copies
``bytes`` of half on each SoC, from 128 B to 128 MB in powers of 4. Copies are at most ``TILE_BYTES`` (>= 16 KB reach
near-best bandwidth per the data-movement best practices); a copy spreads over at most ``MAX_CORES[soc]`` cores, the
largest power of two within the SoC's vector cores (32 of 48 on ascend910b, all 8 on ascend310p), one tile a core
at least. The double-buffered kernel issues tile i+1's copy-in before tile i's copy-out. GB/s counts read + written bytes; ``x achievable`` / ``x nominal`` are modeled / roofline (>= 1).
"""

import numpy as np

from .. import _C

__all__ = ["SOCS", "SIZES", "run", "copy_point", "NOTE"]

NOTE = ("(modeled by the twin's cost model; GB/s = bytes read + written / modeled time; rooflines: the same bytes at "
        "the achievable and the nominal memory bandwidth)")

SOCS = ("ascend910b", "ascend310p")
SIZES = tuple(128 << (2 * k) for k in range(11))  # 128 B .. 128 MB
TILE_BYTES = 32 * 1024
MAX_CORES = {"ascend910b": 32, "ascend310p": 8}


def copy_point(soc, nbytes, buffers):
    """One modeled copy of ``nbytes``: the twin's launch stats plus the cores and tile it used."""
    per_core_floor = min(TILE_BYTES, nbytes)
    cores = max(1, min(MAX_CORES[soc], nbytes // per_core_floor))
    tile = min(TILE_BYTES, nbytes // cores) // 2  # elements of half
    x = np.zeros(nbytes // 2, dtype=np.float16)
    _, stats = _C.simtest.run_copy(x, cores, tile, soc, buffers)
    stats["tile_bytes"] = tile * 2
    return stats


def run(args):
    rows = []
    for soc in SOCS:
        for nbytes in SIZES:
            for buffers in (1, 2):
                s = copy_point(soc, nbytes, buffers)
                us = s["modeled_device_us"]
                rows.append({
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
                })
    return rows
