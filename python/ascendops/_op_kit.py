"""What every operator module builds on: the demo case type and the argparse types of the ``tiling`` CLI hooks.

A leaf: it imports no driver (``demo``, ``tiling``, ``cli``) and no operator, so imports point one way:
drivers -> ``ops`` -> ``ops/<op>`` -> this module.
"""

from dataclasses import dataclass, field
from typing import Any, Callable, Optional, Sequence

from ._args import DTYPE_NAMES, cli_dtype, cli_shape

__all__ = ["DemoCase", "parse_shape", "parse_dtype", "DTYPE_NAMES"]


@dataclass(frozen=True)
class DemoCase:
    """One demo case of an operator (run by ``ascendops.demo``).

    ``run(soc)`` calls the operator (with ``soc=soc``) and returns an array or a tuple of arrays;
    ``golden()`` returns the expected array(s). A case expecting a rejection sets ``expect_code`` (e.g. 161002)
    and no golden: it passes when ``run`` raises AclnnError with that code.
    The result passes when every element satisfies ``|actual - golden| <= atol + rtol * |golden|``.
    """

    name: str
    run: Callable[[str], Any]
    golden: Optional[Callable[[], Any]] = None
    atol: float = 0.0
    rtol: float = 0.0
    socs: Sequence[str] = field(default_factory=tuple)  # empty: every SoC of the table
    expect_code: Optional[int] = None


# The argparse types of every ``--shape`` and ``--dtype`` option: one syntax for every operator.
parse_shape = cli_shape()
parse_dtype = cli_dtype(DTYPE_NAMES)
