"""FusedGdnDecode benchmark: modeled device time against the roofline (state read + write of the touched slots,
inputs, out at the SoC's memory bandwidth) and host overhead.

Cases: the model family H 16, Hv 32, K = V = 128 at each of ``--batches``, then a decode batch with few value heads
(B 512, H 2, Hv 4, K 128, V 32: 8 heads x value-row groups, so every AIV is busy only if the batch is split too).
Targets: the family <= 1.20 x roofline for B >= 16; the few-heads batch <= 1.5 x the achievable roofline.
"""

import ml_dtypes
import numpy as np

from .. import _C, _sim_bench
from .._args import cli_int_list
from .._backend import select
from ..ops.fused_gdn_decode import SOCS, fused_gdn_decode, make_inputs, tiling

__all__ = ["add_args", "run", "SOCS", "DEFAULT_SOCS"]

DEFAULT_SOCS = ("ascend910b",)

STATE_DTYPES = {"float32": np.float32, "bfloat16": ml_dtypes.bfloat16}


def add_args(parser):
    parser.add_argument(
        "--batches",
        type=cli_int_list(min=1, max=1 << 16),
        default=[1, 16, 64],
        help="comma-separated B values (default 1,16,64)",
    )


FAMILY = (16, 32, 128, 128)  # h, hv, k, v of the --batches cases
FEW_HEADS = [(512, 2, 4, 128, 32)]  # b, h, hv, k, v


def cases(batches):
    """(b, h, hv, k, v) of every row, in print order."""
    return [(b, *FAMILY) for b in batches] + FEW_HEADS


def run(args):
    rows = []
    for state_name, state_dtype in STATE_DTYPES.items():
        for b, h, hv, k, v in cases(args.batches):
            select("sim", args.soc)
            inputs = make_inputs(b, h, hv, k, v, dtype=ml_dtypes.bfloat16, state_dtype=state_dtype)
            fused_gdn_decode(*inputs, soc=args.soc)
            report = _C.last_launch_report()
            t = tiling(b, h, hv, k, v, dtype="bfloat16", state_dtype=state_name, soc=args.soc)
            shapes = [list(x.shape) for x in inputs] + [[b, 1, hv, v]]  # kernel argument order, then out
            dtypes = ["bfloat16"] * 3 + ["float32", "bfloat16", state_name, "int32", "bfloat16"]
            rows.append(
                {
                    "state": state_name,
                    "b": b,
                    "h, hv, k, v": f"{h}, {hv}, {k}, {v}",
                    "block_dim": report["block_dim"],
                    "bv": t["bv"],
                    "v_tiles": t["v_tiles"],
                    "modeled_us": round(report["modeled_device_us"], 1),
                    "slowest_core_us": round(report["modeled_slowest_core_us"], 1),
                    "roofline_us": round(report["roofline_us"], 1),
                    "achievable_roofline_us": round(report["achievable_roofline_us"], 1),
                    "x achievable": round(report["modeled_device_us"] / report["achievable_roofline_us"], 3),
                    "ratio": round(report["modeled_device_us"] / report["roofline_us"], 3),
                    "host_us": round(_sim_bench.fused_gdn_decode_host_overhead_us(shapes, dtypes, 101), 2),
                }
            )
    return rows
