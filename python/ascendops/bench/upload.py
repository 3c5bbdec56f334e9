"""``ascendops bench upload``: the host wall time of one Cast call whose input is a small view of a large array.

The tensor bridge uploads the bytes a NumPy view spans, from its first element to its last, never the rest of the
array it views, and packs a view spread thin (span beyond max(2 x its bytes, 1 MiB)) first: a 4-element slice or
a 4-element column of a 400 MB array costs what its own 4-element array costs. Each case is the median of
``--repeats`` calls (after one untimed) of ``ascendops.cast(x, "float16")`` on the twin (ascend910b);
``uploaded_bytes`` is the span the bridge copies. ``--base-mb`` sets the large array's size.
"""

import time

import numpy as np

from .._args import cli_int
from ..ops.cast import cast

__all__ = ["add_args", "run", "NOTE"]

NOTE = "(host wall time of the whole call on the CPU twin, median of the repeats; not a device time)"


def add_args(parser):
    parser.add_argument(
        "--base-mb",
        type=cli_int(min=1, max=1 << 20),
        default=400,
        metavar="MB",
        help="size of the large array in MB (default 400)",
    )
    parser.add_argument(
        "--repeats", type=cli_int(min=1, max=1 << 20), default=5, metavar="N", help="timed calls per case (default 5)"
    )


def _median_ms(x, repeats):
    cast(x, "float16", soc="ascend910b")  # warm-up: the first call of a process also starts the twin
    times = []
    for _ in range(repeats):
        t0 = time.perf_counter()
        cast(x, "float16", soc="ascend910b")
        times.append((time.perf_counter() - t0) * 1e3)
    return float(np.median(times))


def _uploaded_bytes(x):
    """What the bridge copies: the view's span, or its own bytes once packed (tensor_bridge.cpp)."""
    if x.size == 0:
        return 0
    span = x.itemsize + sum((n - 1) * abs(s) for n, s in zip(x.shape, x.strides))
    return x.nbytes if span > max(2 * x.nbytes, 1 << 20) else span


def run(args):
    base = np.zeros(args.base_mb * (1 << 20) // 4, np.float32)
    wide = base.reshape(-1, 1024)
    cases = (
        ("own 4-element array", np.ones(4, np.float32)),
        (f"4-element slice of a {args.base_mb} MB array", base[1000:1004]),
        (f"4 rows of column 3 of a {args.base_mb} MB [*, 1024] array", wide[:: wide.shape[0] // 4, 3]),
    )
    return [
        {"case": name, "uploaded_bytes": _uploaded_bytes(x), "wall_ms": round(_median_ms(x, args.repeats), 3)}
        for name, x in cases
    ]
