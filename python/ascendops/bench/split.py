"""Split benchmark: modeled device time against the roofline 2 * bytes / bandwidth.

Targets: <= 1.10x for 64 MB inputs split along the last dim into pieces of >= 512 bytes per row, on ascend310p and
ascend910b; the worst case (many tiny rows: pieces of one element per row) is reported with its ratio.
A key whose kernel runs on AI + Vector Cores (ascend310p ALIGNED_WINDOW) is also run on the AI cores
alone (``_C.limit_vector_cores(0)``): ``ai_cores_us`` and ``vector_core_gain`` (ai_cores_us / modeled_us).
"""

import numpy as np

from .. import _C
from .._backend import select
from ..ops.split import split

__all__ = ["add_args", "run", "point", "DEFAULT_SOCS", "label"]

DEFAULT_SOCS = ("ascend310p", "ascend910b")

# (case, shape, dtype, split_size along the last dim): 64 MB inputs.
_CASES = (
    ("64MB fp16 rows of 4096 B -> 8 pieces of 512 B", (16384, 2048), np.float16, 256),
    ("64MB fp32 rows of 8192 B -> 4 pieces of 2048 B", (8192, 2048), np.float32, 512),
    ("64MB int8 rows of 1536 B -> 3 pieces of 512 B", (43690, 1536), np.int8, 512),
    ("16MB int8 rows of 2046 B -> 3 pieces of 682 B", (8192, 2046), np.int8, 682),
    ("worst: 16MB fp16 rows of 8 B -> 4 pieces of 2 B", (2 << 20, 4), np.float16, 1),
)


def add_args(parser):
    parser.add_argument("--quick", action="store_true", help="1/16 of the rows of every case (for tests)")


def point(x, size, soc, vector_cores=True):
    """The launch report of splitting x along its last dim into pieces of ``size``; vector_cores=False runs a
    MIX_VECTOR_CORE key on the AI cores alone."""
    _C.limit_vector_cores(-1 if vector_cores else 0)
    try:
        split(x, size, -1, soc=soc)
    finally:
        _C.limit_vector_cores(-1)
    return _C.last_launch_report()


def label(name, shape, dtype, size):
    """The case's name with the sizes that ran: input MB (or KB), row bytes, pieces and their bytes."""
    item = np.dtype(dtype).itemsize
    total = shape[0] * shape[1] * item
    amount = f"{total / 2**20:g}MB" if total >= 2**20 else f"{total / 2**10:g}KB"
    head = "worst: " if name.startswith("worst") else ""
    return (
        f"{head}{amount} {np.dtype(dtype).name} rows of {shape[1] * item} B -> {shape[1] // size} pieces of "
        f"{size * item} B"
    )


def run(args):
    rows = []
    soc = args.soc
    select("sim", soc)
    for name, shape, dtype, size in _CASES:
        if args.quick:
            shape = (max(1, shape[0] // 16), shape[1])
        x = np.zeros(shape, dtype)
        report = point(x, size, soc)
        tiling = _C.split_tiling(list(shape), np.dtype(dtype), [size] * (shape[1] // size), -1, soc)
        ai_us = point(x, size, soc, vector_cores=False)["modeled_device_us"] if tiling["mix_vector_core"] else None
        rows.append(
            {
                "soc": soc,
                "case": label(name, shape, dtype, size),
                "key": tiling["key"],
                "block_dim": report["block_dim"],
                "bytes": x.nbytes,
                "modeled_us": round(report["modeled_device_us"], 1),
                "roofline_us": round(report["roofline_us"], 1),
                "achievable_roofline_us": round(report["achievable_roofline_us"], 1),
                "x achievable": round(report["modeled_device_us"] / report["achievable_roofline_us"], 3),
                "ratio": round(report["modeled_device_us"] / report["roofline_us"], 3),
                "ai_cores_us": "-" if ai_us is None else round(ai_us, 1),
                "vector_core_gain": "-" if ai_us is None else round(ai_us / report["modeled_device_us"], 2),
            }
        )
    return rows
