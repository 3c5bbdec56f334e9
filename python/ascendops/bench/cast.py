"""Cast benchmark: modeled device time against the roofline for every delivered pair, and host overhead.

Targets: DIRECT and SAMEWIDTH_8BIT pairs <= 1.10 x roofline; BF16-source pairs >= 0.90 x the
throughput of the FP32-source pair with the same destination; aclnnAscendopsCastGetWorkspaceSize median <= 5 us.
"""

import numpy as np

from .. import _C, _sim_bench
from .._args import INT32_MAX, cli_int
from .._backend import select
from . import cli_pairs
from ..ops.cast import _dtype, cast, delivered_pairs, plan_table

__all__ = ["add_args", "run", "DEFAULT_SOCS"]

DEFAULT_SOCS = ("ascend310p",)


def add_args(parser):
    parser.add_argument(
        "--n", type=cli_int(min=1, max=INT32_MAX), default=1 << 24, help="elements per run (default 2^24)"
    )
    parser.add_argument(
        "--pairs",
        type=cli_pairs,
        default=None,
        help="only these comma-separated src:dst pairs, e.g. float32:float16,bf16:int8 "
        "(default every pair delivered on the SoC)",
    )


def run(args):
    select("sim", args.soc)
    paths = {(r["src"], r["dst"]): r["path"] for r in plan_table(args.soc)}
    delivered = delivered_pairs(args.soc)
    missing = [f"{s}:{d}" for s, d in args.pairs or () if (s, d) not in delivered]
    if missing:
        raise ValueError(f"--pairs: Cast does not deliver {', '.join(missing)} on {args.soc}")
    pairs = [p for p in delivered if not args.pairs or p in args.pairs]
    modeled = {}
    rows = []
    for src, dst in pairs:
        x = np.zeros(args.n, dtype=_dtype(src))
        cast(x, _dtype(dst), soc=args.soc)
        report = _C.last_launch_report()
        modeled[src, dst] = report["modeled_device_us"]
        tiling = _C.cast_tiling([args.n], _dtype(src), _dtype(dst), args.soc)
        rows.append(
            {
                "pair": f"{src}->{dst}",
                "path": paths[src, dst],
                "block_dim": report["block_dim"],
                "ub_bytes": tiling["ub_bytes"],
                "modeled_us": round(report["modeled_device_us"], 1),
                "roofline_us": round(report["roofline_us"], 1),
                "achievable_roofline_us": round(report["achievable_roofline_us"], 1),
                "x achievable": round(report["modeled_device_us"] / report["achievable_roofline_us"], 3),
                "ratio": round(report["modeled_device_us"] / report["roofline_us"], 3),
                "bf16_vs_fp32": "",
                "host_us": round(_sim_bench.cast_host_overhead_us([args.n], _dtype(src), _dtype(dst), 201), 2),
            }
        )
    for row in rows:  # throughput ratio of each BF16-source pair to the FP32-source pair with the same target
        src, dst = row["pair"].split("->")
        if src == "bfloat16" and ("float32", dst) in modeled and dst != "float32":
            row["bf16_vs_fp32"] = round(modeled["float32", dst] / modeled[src, dst], 3)
        elif src == "bfloat16" and dst == "float32":
            row["bf16_vs_fp32"] = (
                round(modeled["float16", "float32"] / modeled[src, dst], 3) if ("float16", "float32") in modeled else ""
            )
    return rows
