"""``ascendops bench launch``: the host wall time of a small operator call on the twin, and whether it stays
constant over the process's life.

``--calls`` calls (after one untimed, which starts the twin) of ``ascendops.cast(x, "float16")`` with ``x`` an
``--n``-element float32 array, each timed by the wall clock and by the calling thread's CPU clock (a one-core launch
runs on the calling thread; the CPU clock leaves out the time other processes held the CPU). Reported: the median
wall time of all calls, and the medians of the first and of the last ``--window`` calls with their ratios. A launch
costs the same at any age when the ratios stay near 1: the twin keeps no state that grows with the launches it ran
(its L2 model, device memory registry and worker threads are bounded).
"""

import time

import numpy as np

from .._args import cli_int
from ..ops.cast import cast

__all__ = ["add_args", "run", "NOTE", "DEFAULT_SOCS"]

DEFAULT_SOCS = ("ascend910b",)

NOTE = (
    "(host time of the whole call on the CPU twin, measured on this machine; windows are medians; cpu: the calling "
    "thread's CPU time; not a device time)"
)


def add_args(parser):
    parser.add_argument("--calls", type=cli_int(min=2, max=10**7), default=20000, help="timed calls (default 20000)")
    parser.add_argument(
        "--window",
        type=cli_int(min=1, max=10**6),
        default=1000,
        help="calls at the start and at the end whose medians are compared (default 1000; at most half of --calls)",
    )
    parser.add_argument("--n", type=cli_int(min=1, max=1 << 20), default=32, help="elements cast (default 32)")


def _call_times_us(x, soc, calls):
    """(wall, cpu) microseconds of each call."""
    cast(x, "float16", soc=soc)  # warm-up: the first call of a process also starts the twin
    wall, cpu = np.empty(calls), np.empty(calls)
    for i in range(calls):
        w0, c0 = time.perf_counter_ns(), time.thread_time_ns()
        cast(x, "float16", soc=soc)
        cpu[i], wall[i] = time.thread_time_ns() - c0, time.perf_counter_ns() - w0
    return wall / 1e3, cpu / 1e3


def run(args):
    if 2 * args.window > args.calls:
        raise ValueError(f"--window {args.window} must be at most half of --calls {args.calls}")
    x = np.linspace(-4, 4, args.n, dtype=np.float32)
    wall, cpu = _call_times_us(x, args.soc, args.calls)
    w = args.window
    first_wall, last_wall = np.median(wall[:w]), np.median(wall[-w:])
    first_cpu, last_cpu = np.median(cpu[:w]), np.median(cpu[-w:])
    return [
        {
            "case": f"Cast float32 -> float16, {args.n} elements",
            "calls": args.calls,
            "wall_us": round(float(np.median(wall)), 1),
            f"first_{w}_wall_us": round(float(first_wall), 1),
            f"last_{w}_wall_us": round(float(last_wall), 1),
            "wall_last_over_first": round(float(last_wall / first_wall), 3),
            f"first_{w}_cpu_us": round(float(first_cpu), 1),
            f"last_{w}_cpu_us": round(float(last_cpu), 1),
            "cpu_last_over_first": round(float(last_cpu / first_cpu), 3),
        }
    ]
