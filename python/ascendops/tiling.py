"""``ascendops tiling <op>``: print the host tiling an operator chooses, without running it.

``ascendops.tiling.<op>(...)`` is the same as ``ascendops.ops.<op>.tiling(...)`` (e.g.
``ascendops.tiling.cast((1024, 1000), "bfloat16", "int8", soc="ascend310p")``).

The driver adds the platform options every operator shares (``--soc``, ``--core-num``) and calls the op
module's hooks (see ``ascendops.ops``): ``add_tiling_args(parser)`` for the op's own options and
``tiling_from_args(args) -> dict`` for the result. ``parse_shape`` and ``parse_dtype`` (``ascendops._op_kit``) are
the argparse types the hooks use, so every operator spells shapes and dtypes the same way.
"""

from ._args import cli_int
from ._backend import DEFAULT_SOC, soc_names
from ._op_kit import DTYPE_NAMES, parse_dtype, parse_shape
from .ops import OPERATORS

__all__ = ["add_platform_args", "parse_shape", "parse_dtype", "DTYPE_NAMES", *OPERATORS]


def add_platform_args(parser, default_soc=DEFAULT_SOC):
    parser.add_argument("--soc", choices=soc_names(), default=default_soc, help=f"SoC (default {default_soc})")
    parser.add_argument("--core-num", type=cli_int(min=0), default=0, metavar="N",
                        help="vector cores available (default 0: the SoC's own count)")


# ascendops.tiling.<op>: the tiling function of each registered operator.
globals().update({name: module.tiling for name, module in OPERATORS.items()})
