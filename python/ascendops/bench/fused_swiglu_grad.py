"""FusedSwigluGrad benchmark (modeled): the b kernel against the memory roofline.

Target (issue 15): modeled time <= 1.10 x roofline, roofline = (3 reads + 2 writes of [M, N] BF16 + db) at the
SoC's achievable bandwidth. Reference point: PyPTO's own A2 simulation models the seed's b kernel at about 100 us
for M = 4096, N = 1024. ``ratio`` includes the modeled launch overhead; ``kernel_ratio`` leaves it out.
"""

from .. import _C
from ..ops.fused_swiglu_grad import DEFAULT_SOC, fused_swiglu_grad_b, sample, tiling

__all__ = ["add_args", "run"]

TARGET = 1.10
PYPTO_REFERENCE_US = {(4096, 1024): 100.0}  # seed's PyPTO A2 simulation of the b kernel


def add_args(parser):
    parser.add_argument("--shapes", default="4096x1024,220000x1024", help="comma-separated MxN of dy (default "
                        "4096x1024,220000x1024)")
    parser.add_argument("--soc", default=DEFAULT_SOC)
    parser.add_argument("--core-num", type=int, default=0)


def run(args):
    rows = []
    for text in args.shapes.split(","):
        m, n = (int(v) for v in text.lower().split("x"))
        dy, g, fc = sample(m, n, seed=1)
        fused_swiglu_grad_b(dy, g, fc, soc=args.soc, core_num=args.core_num)
        del dy, g, fc
        r = _C.last_launch_report()
        t = tiling(m, n, soc=args.soc, core_num=args.core_num)
        kernel_us = r["modeled_device_us"] - r["modeled_launch_us"]
        ratio = r["modeled_device_us"] / r["roofline_us"]
        rows.append({
            "m": m,
            "n": n,
            "block_dim": r["block_dim"],
            "tile_rows": t["tile_rows"],
            "chunks": t["chunks"]["parts"],
            "modeled_us": round(r["modeled_device_us"], 1),
            "slowest_core_us": round(r["modeled_slowest_core_us"], 1),
            "bandwidth_us": round(r["modeled_bandwidth_us"], 1),
            "roofline_us": round(r["roofline_us"], 1),
            "ratio": round(ratio, 3),
            "kernel_ratio": round(kernel_us / r["roofline_us"], 3),
            "target": f"<= {TARGET}",
            "met": "yes" if ratio <= TARGET else "NO",
            "pypto_us": PYPTO_REFERENCE_US.get((m, n), ""),
        })
    return rows
