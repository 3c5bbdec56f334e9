"""``ascendops tiling <op>``: print the host tiling an operator chooses, without running it.

``ascendops.tiling.<op>(...)`` is the same as ``ascendops.ops.<op>.tiling(...)`` (e.g.
``ascendops.tiling.cast((1024, 1000), "bfloat16", "int8", soc="ascend310p")``).

The driver adds the platform options every operator shares (``--soc``, ``--core-num``) and calls the op
module's hooks (see ``ascendops.ops``): ``add_tiling_args(parser)`` for the op's own options and
``tiling_from_args(args) -> dict`` for the result. ``parse_shape`` and ``parse_dtype`` are the argparse types
the hooks use, so every operator spells shapes and dtypes the same way.
"""

import argparse

from . import _C
from ._args import INT64_MAX, cli_int
from ._backend import DEFAULT_SOC, soc_names

__all__ = ["add_platform_args", "parse_shape", "parse_dtype", "DTYPE_NAMES"]

# The dtypes of op_host/common/dtype.h (kDataTypes), by NumPy name.
DTYPE_NAMES = tuple(row["name"] for row in _C.dtypes())


def parse_shape(text):
    """'4,1024' or '4x1024' or '[4, 1024]' -> (4, 1024); '' or '()' -> () (a scalar)."""
    body = text.strip().strip("()[]").replace("x", ",")
    try:
        dims = tuple(int(d) for d in body.split(",") if d.strip())
    except ValueError:
        raise argparse.ArgumentTypeError(f"invalid shape {text!r}: expected comma-separated ints, e.g. 4,1024")
    if any(d < 0 or d > INT64_MAX for d in dims):
        raise argparse.ArgumentTypeError(f"invalid shape {text!r}: dimensions must be in [0, 2^63 - 1]")
    return dims


def parse_dtype(text):
    """A dtype name of the package ('float16', 'bfloat16', 'int8', ...), checked against kDataTypes."""
    name = "float32" if text == "float" else "float16" if text == "half" else text
    if name not in DTYPE_NAMES:
        raise argparse.ArgumentTypeError(f"unknown dtype {text!r}: expected one of {', '.join(DTYPE_NAMES)}")
    return name


def add_platform_args(parser, default_soc=DEFAULT_SOC):
    parser.add_argument("--soc", choices=soc_names(), default=default_soc, help=f"SoC (default {default_soc})")
    parser.add_argument("--core-num", type=cli_int(min=0), default=0, metavar="N",
                        help="vector cores available (default 0: the SoC's own count)")


def __getattr__(name):
    """``ascendops.tiling.<op>``: the tiling function of a registered operator."""
    if name.startswith("__"):  # import machinery probes (__path__, ...): never an operator
        raise AttributeError(name)
    from .ops import OPERATORS  # the op modules import this module: resolve at call time

    if name in OPERATORS:
        return OPERATORS[name].tiling
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
