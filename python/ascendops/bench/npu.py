"""``ascendops bench npu`` (also ``ascendops bench --backend npu``): the seeds' acceptance on an Ascend device.

Device time of phase 2 (device events around aclnnXxx on the stream; median of --repeats after --warmup), ours from
the installed opp package against CANN's built-ins from libopapi.so:
- Cast (spec cast.md, seed): with all cores busy (--cast-n elements, default 2^24), ours >= 95% of the built-in
  aclnnCast's throughput; a BF16-source pair >= 90% of the FP32-source pair with the same destination (bf16 -> fp32
  against fp16 -> fp32, the built-in having no fp32 -> fp32 cast to compare with).
- EmbeddingDenseGrad (spec embedding_dense_grad.md, seed 5.3): main path (D % 8 == 0, no scaling) <= 1.1 x
  input_bytes * 2 / (204 GB/s * 0.5), input_bytes = grad + indices; the built-in aclnnEmbeddingDenseBackward is
  timed beside it where it exists (ops-nn lists it for Atlas A2/A3 and training parts, not for Atlas inference
  parts such as 310P). Ours is timed on indices sorted on the host beforehand (the kernel-level op); the scale and
  non-aligned paths are reported without a target.
Without an NPU it stops with BackendUnavailableError naming what is missing. Never run: no NPU in this project's CI.
"""

import numpy as np

from .. import _npu
from .._args import INT32_MAX, cli_int, cli_int_list
from . import cli_pairs
from ..ops.cast import _dtype
from ..ops.embedding_dense_grad import sample
from .embedding_dense_grad import SEED_BANDWIDTH
from .embedding_dense_grad import TARGET as EDG_TARGET

__all__ = ["add_args", "run", "NOTE", "CAST_PAIRS", "CAST_TARGET", "BF16_TARGET", "EDG_TARGET"]

NOTE = (
    "(device times: median of phase 2 between device events on the stream; ours = the installed ascendops "
    "package, builtin = CANN's libopapi.so)"
)
CAST_TARGET = 0.95  # ours / builtin throughput
BF16_TARGET = 0.90  # BF16-source / FP32-source throughput, same destination
# Pairs timed by default: each BF16-source pair with its FP32-source reference (bf16->fp32 against fp16->fp32).
CAST_PAIRS = (
    "float32:float16",
    "bfloat16:float16",
    "float32:int8",
    "bfloat16:int8",
    "float16:float32",
    "bfloat16:float32",
)


SOCS = ()  # the device's own SoC: no --soc


def add_args(parser):
    parser.add_argument(
        "--device-id",
        type=cli_int(min=0, max=INT32_MAX),
        default=0,
        metavar="N",
        help="the NPU (aclrtSetDevice; default 0)",
    )
    parser.add_argument(
        "--cast-n",
        type=cli_int(min=1, max=INT32_MAX),
        default=1 << 24,
        metavar="N",
        help="Cast elements (default 2^24: all cores busy)",
    )
    parser.add_argument(
        "--pairs",
        type=cli_pairs,
        default=cli_pairs(",".join(CAST_PAIRS)),
        help=f"comma-separated src:dst Cast pairs (default {','.join(CAST_PAIRS)})",
    )
    parser.add_argument(
        "--edg-n",
        type=cli_int(min=1, max=INT32_MAX),
        default=1 << 16,
        metavar="N",
        help="EmbeddingDenseGrad grad rows (default 2^16)",
    )
    parser.add_argument(
        "--num-weights",
        type=cli_int(min=1, max=INT32_MAX),
        default=50000,
        metavar="N",
        help="EmbeddingDenseGrad output rows (default 50000)",
    )
    parser.add_argument(
        "--dims",
        type=cli_int_list(min=2, max=INT32_MAX),
        default=[128, 1024, 4096],
        help="EmbeddingDenseGrad D of the main path, each >= 2 (default 128,1024,4096)",
    )
    parser.add_argument(
        "--warmup", type=cli_int(min=0, max=1 << 20), default=5, metavar="N", help="untimed runs first (default 5)"
    )
    parser.add_argument(
        "--repeats",
        type=cli_int(min=1, max=1 << 20),
        default=50,
        metavar="N",
        help="timed runs; the median is reported (default 50)",
    )


def _met(ok):
    return "yes" if ok else "NO"


def cast_rows(module, args):
    builtin = _npu.builtin_library() or ""
    times = {}
    rows = []
    for src, dst in args.pairs:
        x = np.zeros(args.cast_n, _dtype(src))
        out = np.empty(args.cast_n, _dtype(dst))
        t = module.bench_cast(x, _npu._acl(x.dtype), out, _npu._acl(out.dtype), builtin, args.warmup, args.repeats)
        times[src, dst] = t["ours_us"]
        ratio = t["builtin_us"] / t["ours_us"] if "builtin_us" in t else None
        rows.append(
            {
                "op": "Cast",
                "case": f"{src}->{dst} [{args.cast_n}]",
                "ours_us": round(t["ours_us"], 2),
                "builtin_us": round(t["builtin_us"], 2) if "builtin_us" in t else None,
                "ratio": round(ratio, 3) if ratio is not None else None,
                "target": f">= {CAST_TARGET} x builtin",
                "met": _met(ratio >= CAST_TARGET) if ratio is not None else "no builtin library",
            }
        )
    for row, (src, dst) in zip(list(rows), list(times)):
        reference = ("float16" if dst == "float32" else "float32", dst)
        if src == "bfloat16" and reference in times:
            ratio = times[reference] / times[src, dst]
            rows.append(
                {
                    "op": "Cast",
                    "case": f"{src}->{dst} vs {reference[0]}->{dst}",
                    "ours_us": row["ours_us"],
                    "builtin_us": None,
                    "ratio": round(ratio, 3),
                    "target": f">= {BF16_TARGET} x fp32 source",
                    "met": _met(ratio >= BF16_TARGET),
                }
            )
    return rows


def edg_rows(module, args):
    builtin = _npu.builtin_library() or ""
    soc = _npu.select(device_id=args.device_id)
    if soc == "ascend310p":
        builtin = ""  # not provided for Atlas inference parts (hicann/ops-nn index/embedding_dense_grad/README.md)
    dims = args.dims
    cases = [("main", d, False) for d in dims] + [("scale", dims[0], True), ("non-aligned", dims[0] - 1, False)]
    rows = []
    for path, dim, scale in cases:
        grad, indices = sample(args.edg_n, dim, args.num_weights, seed=dim)
        sort, pos = _npu.sort_indices(indices, args.num_weights)
        out = np.zeros((args.num_weights, dim), np.float32)
        t = module.bench_embedding_dense_grad(
            grad, indices, sort, pos, out, args.num_weights, -1, scale, builtin, args.warmup, args.repeats
        )
        theory_us = (grad.nbytes + indices.nbytes) * 2 / SEED_BANDWIDTH * 1e6
        ratio = t["ours_us"] / theory_us
        rows.append(
            {
                "op": "EmbeddingDenseGrad",
                "case": f"{path} N={args.edg_n} D={dim}",
                "ours_us": round(t["ours_us"], 2),
                "builtin_us": round(t["builtin_us"], 2) if "builtin_us" in t else None,
                "ratio": round(ratio, 3),
                "target": f"<= {EDG_TARGET} x theory" if path == "main" else "",
                "met": _met(ratio <= EDG_TARGET) if path == "main" else "",
            }
        )
    return rows


def run(args):
    _npu.select(device_id=args.device_id)  # BackendUnavailableError naming what is missing, before any work
    module = _npu._module()
    return cast_rows(module, args) + edg_rows(module, args)
