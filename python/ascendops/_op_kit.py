"""What every operator module builds on: the demo case type and the argparse types of the ``tiling`` CLI hooks.

A leaf: it imports no driver (``demo``, ``tiling``, ``cli``) and no operator, so imports point one way:
drivers -> ``ops`` -> ``ops/<op>`` -> this module.
"""

import argparse
from dataclasses import dataclass, field
from typing import Any, Callable, Optional, Sequence

from . import _C
from ._args import INT64_MAX

__all__ = ["DemoCase", "parse_shape", "parse_dtype", "DTYPE_NAMES"]

# The dtypes of ascendc_sim/platform/dtype.h (kDataTypes), by NumPy name.
DTYPE_NAMES = tuple(row["name"] for row in _C.dtypes())


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
