"""CPU-twin throughput next to NumPy doing the same work (target: twin >= 1/5 of NumPy).

Two kernels of the twin's own tests over n elements: a Cast + Add chain (half -> float, + float, -> half, tiled and
double-buffered) and a plain DataCopy GM -> UB -> GM. Wall-clock seconds on this machine, best of ``--repeat``.
"""

from .. import _sim_bench
from .._args import cli_int

__all__ = ["add_args", "run", "NOTE", "SOCS"]

SOCS = ()  # the twin's own speed on this machine: no SoC to choose

NOTE = "(wall-clock throughput of the twin and of NumPy on this machine: measured, not modeled)"


def add_args(parser):
    parser.add_argument(
        "--n",
        type=cli_int(min=1 << 16, max=1 << 31),
        default=1 << 24,
        help="elements (default 2^24; a multiple of 8 x 8192)",
    )
    parser.add_argument(
        "--repeat", type=cli_int(min=1, max=1000), default=3, help="runs per measurement; the best is kept"
    )


def run(args):
    best = {}
    for _ in range(max(1, args.repeat)):
        for key, eps in _sim_bench.bench(args.n).items():
            best[key] = max(best.get(key, 0), eps)
    rows = []
    for work in ("cast_add", "copy"):
        twin, numpy = best[f"{work}_twin_eps"], best[f"{work}_numpy_eps"]
        rows.append(
            {
                "work": work.replace("_", "+"),
                "n": args.n,
                "twin_Melem_per_s": round(twin / 1e6, 1),
                "numpy_Melem_per_s": round(numpy / 1e6, 1),
                "twin_over_numpy": round(twin / numpy, 2),
                "target": ">= 0.20",
            }
        )
    return rows
