"""EmbeddingDenseGrad benchmark: modeled device time against the seed's theory time and the roofline.

Target: main path (D % 8 == 0, no scaling) at N = 2^16 rows, D in {128, 1024, 4096}, numWeights 50000,
uniform random indices: modeled time <= 1.10 x theory, theory = input_bytes * 2 / (204 GB/s * 0.5) with
input_bytes = grad + indices. The scale path and the non-aligned-D path are reported without a target, with the
median host time of aclnnAscendopsEmbeddingDenseBackwardGetWorkspaceSize. Modeled time is the whole call: the output
memset and the kernel; ``x achievable`` = modeled / achievable roofline.
"""

from .. import _C, _sim_bench
from .._args import INT32_MAX, cli_int, cli_int_list
from .._backend import select
from ..ops.embedding_dense_grad import embedding_dense_grad, sample, tiling

__all__ = ["add_args", "run", "DEFAULT_SOCS"]

DEFAULT_SOCS = ("ascend310p",)

SEED_BANDWIDTH = 204e9 * 0.5  # bytes/s: one read + one write at half of 204 GB/s (seed 5.3)
TARGET = 1.10


def add_args(parser):
    parser.add_argument("--n", type=cli_int(min=1, max=INT32_MAX), default=1 << 16, help="grad rows (default 2^16)")
    parser.add_argument(
        "--num-weights", type=cli_int(min=1, max=INT32_MAX), default=50000, help="rows of the output (default 50000)"
    )
    parser.add_argument(
        "--dims",
        type=cli_int_list(min=2, max=INT32_MAX),
        default=[128, 1024, 4096],
        help="comma-separated D of the main path, each >= 2 (default 128,1024,4096)",
    )


def _cases(args):
    dims = args.dims
    yield from (("main", d, False) for d in dims)
    yield "scale", dims[0], True
    yield "non-aligned", dims[0] - 1, False


def run(args):
    select("sim", args.soc)
    rows = []
    for path, dim, scale in _cases(args):
        grad, idx = sample(args.n, dim, args.num_weights, seed=dim)
        embedding_dense_grad(grad, idx, args.num_weights, scale_grad_by_freq=scale, soc=args.soc)
        report = _C.last_launch_report()
        t = tiling(grad.shape, args.num_weights, scale_grad_by_freq=scale, soc=args.soc)
        theory_us = (grad.nbytes + idx.nbytes) * 2 / SEED_BANDWIDTH * 1e6
        ratio = report["modeled_device_us"] / theory_us
        del grad, idx
        rows.append(
            {
                "path": path,
                "n": args.n,
                "d": dim,
                "copy_mode": t["copy_mode"],
                "block_dim": report["block_dim"],
                "col_chunks": t["col_chunk_num"],
                "group_rows": t["group_rows"],  # out rows per write copy at most
                "row_buffers": t["row_buffers"],  # grad-row copies in flight at most
                "ub_bytes": t["ub_bytes"],
                "modeled_us": round(report["modeled_device_us"], 1),
                "theory_us": round(theory_us, 1),
                "ratio": round(ratio, 3),
                "target": f"<= {TARGET}" if path == "main" else "",
                "met": ("yes" if ratio <= TARGET else "NO") if path == "main" else "",
                "roofline_us": round(report["roofline_us"], 1),
                "achievable_roofline_us": round(report["achievable_roofline_us"], 1),
                "x achievable": round(report["modeled_device_us"] / report["achievable_roofline_us"], 3),
                "host_us": round(
                    _sim_bench.embedding_dense_grad_host_overhead_us([args.n, dim], args.num_weights, scale, 201), 2
                ),
            }
        )
    return rows
