"""The layouts the NumPy and torch fuzz tests draw (tests/ut/test_fuzz_layouts.py, tests/torch/
test_fuzz_torch_layouts.py), one definition for the fuzz and the abuse run."""

import sys
from pathlib import Path

_TESTS = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(_TESTS / "ut")]

from test_fuzz_layouts import LAYOUTS, Placed  # noqa: E402

READ_LAYOUTS = tuple(sorted(LAYOUTS))


def torch_layouts():
    """name -> f(tensor, generator) of the torch fuzz (imported on demand: torch is optional)."""
    sys.path[:0] = [str(_TESTS / "torch")]
    from test_fuzz_torch_layouts import LAYOUTS as TORCH_LAYOUTS

    return TORCH_LAYOUTS


__all__ = ["LAYOUTS", "Placed", "READ_LAYOUTS", "torch_layouts"]
