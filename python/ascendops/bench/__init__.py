"""``ascendops bench <target>``: benchmarks on the CPU twin, reported in modeled time.

Targets are ``sim`` (the twin itself), ``npu`` (device times on an Ascend NPU, also reached as
``bench --backend npu``), ``matmul`` (the twin's cube through the Matmul API), ``small`` (the seeds' small-shape
clauses with per-pipe times and a timeline chart) and every registered operator
(``ascendops.ops.OPERATORS``). A target's
module ``ascendops/bench/<target>.py`` provides:

``add_args(parser)`` (optional)
    Adds the target's options to its ``argparse`` sub-parser (every option with its help).
``SOCS`` / ``DEFAULT_SOCS`` / ``default_socs(args)`` (optional)
    The SoCs ``--soc`` may name (default every SoC of the table; empty: the target has no ``--soc``) and those run
    without ``--soc`` (default ``SOCS``; ``default_socs`` when they depend on other options). The driver calls
    ``run`` once per SoC with ``args.soc`` one name and puts a ``soc`` column first, unless ``RUNS_EVERY_SOC`` is
    true (then ``args.soc`` is the list).
``run(args) -> list[dict]``
    Runs the benchmark and returns one row per measurement point; every row has the same keys, in display
    order. Times are the cost model's (keys say so: ``modeled_us``), never wall-clock claims about hardware.

``NOTE`` (optional)
    The line printed under the table; by default it says the times are modeled.

The driver only dispatches and prints; a target must not print its own table.
"""

import importlib

from ..ops import OPERATORS

__all__ = ["targets", "load", "HELP", "cli_pairs"]

# The one-line help of each target in `ascendops bench --help` (an operator target without a line here is described
# as "benchmark of the operator <name>").
HELP = {
    "sim": "wall-clock throughput of the CPU twin next to NumPy (measured on this machine)",
    "npu": "device times of Cast and EmbeddingDenseGrad on an Ascend NPU against CANN's built-ins",
    "matmul": "a BF16 matmul through the twin's Matmul API against the cube and memory rooflines (modeled)",
    "calibrate": "the cost model against published Atlas A2 measurements of an Add and of copy streams (modeled)",
    "copy": "GM -> UB -> GM copies, single- and double-buffered, 128 B to 128 MB (modeled)",
    "small": "the seeds' small-shape clauses with the slowest core's per-pipe times (modeled)",
    "cast": "Cast, every delivered pair against its roofline, and host overhead (modeled)",
    "embedding_dense_grad": "EmbeddingDenseGrad against the seed's theory time and the roofline (modeled)",
    "fused_gdn_decode": "FusedGdnDecode against its roofline, FP32 and BF16 state (modeled)",
    "fused_swiglu_grad": "FusedSwigluGrad, each kernel and the whole backward against its roofline (modeled)",
    "split": "Split of 64 MB inputs against the roofline (modeled)",
    "launch": "host wall time of a small Cast call on the twin, first and last calls of a long run (measured)",
    "ratio": "wall time of each operator on the twin over vectorised NumPy doing the same math (measured)",
}


def cli_pairs(text):
    """An argparse ``type=`` for comma-separated src:dst dtype pairs (NumPy names or the CLI's aliases), e.g.
    ``float32:float16,bf16:int8``; whether a pair is delivered on a SoC is the benchmark's check."""
    import argparse

    from .._op_kit import parse_dtype

    pairs = []
    for item in text.split(","):
        src, sep, dst = item.strip().partition(":")
        if not sep or not src or not dst:
            raise argparse.ArgumentTypeError(
                f"invalid pair {item.strip()!r} in {text!r}: expected src:dst, " "e.g. float32:float16"
            )
        pairs.append((parse_dtype(src), parse_dtype(dst)))
    return pairs


def targets():
    # npu: the seeds' acceptance on a device (bench/npu.py); small: the seeds' small-shape clauses (bench/small.py)
    return ["sim", "npu", "matmul", "calibrate", "copy", "small", "upload", "launch", "ratio", *OPERATORS]


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
