"""``ascendops bench <target>``: benchmarks on the CPU twin, reported in modeled time.

Targets are ``sim`` (the twin itself), ``npu`` (device times on an Ascend NPU, also reached as
``bench --backend npu``), ``matmul`` (the twin's cube through the Matmul API), ``small`` (the seeds' small-shape
clauses with per-pipe times and a timeline chart) and every registered operator
(``ascendops.ops.OPERATORS``). A target's
module ``ascendops/bench/<target>.py`` provides:

``add_args(parser)`` (optional)
    Adds the target's options to its ``argparse`` sub-parser.
``run(args) -> list[dict]``
    Runs the benchmark and returns one row per measurement point; every row has the same keys, in display
    order. Times are the cost model's (keys say so: ``modeled_us``), never wall-clock claims about hardware.

``NOTE`` (optional)
    The line printed under the table; by default it says the times are modeled.

The driver only dispatches and prints; a target must not print its own table.
"""

import importlib

from ..ops import OPERATORS

__all__ = ["targets", "load"]


def targets():
    # npu: the seeds' acceptance on a device (bench/npu.py); small: the seeds' small-shape clauses (bench/small.py)
    return ["sim", "npu", "matmul", "calibrate", "copy", "small", "upload", *OPERATORS]


def load(target):
    """The bench module of ``target``; ValueError naming the valid targets if there is none."""
    if target not in targets():
        raise ValueError(f"unknown bench target {target!r}: expected one of {', '.join(map(repr, targets()))}")
    name = f"{__name__}.{target}"
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as e:
        if e.name != name:
            raise
        raise ValueError(f"bench target {target!r} has no benchmark yet (ascendops/bench/{target}.py)") from None
