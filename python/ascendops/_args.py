"""Strict argument checks shared by every operator function, tiling function and the CLI.

Each check returns the value in its canonical Python type or raises ``TypeError`` (wrong kind) / ``ValueError``
(right kind, out of range) naming the parameter, the value and the rule::

    n = as_int("num_weights", num_weights, min=1, max=INT32_MAX)   # int or NumPy integer; bool and float rejected
    flag = as_bool("scale_grad_by_freq", scale_grad_by_freq)        # bool or np.bool_ only
    s = as_float("scale", scale)                                    # int/float/NumPy real; str and bool rejected
    s = as_finite_float("scale", scale)                             # the same, NaN and inf rejected too
    dt = as_dtype("dtype", dtype)                                   # anything np.dtype() takes except None
    shape = as_shape("shape", shape)                                # a sequence of ints in [0, INT64_MAX]

For the CLI, ``cli_int``, ``cli_int_list``, ``cli_shape`` and ``cli_dtype`` make argparse ``type=`` functions that
raise ``argparse.ArgumentTypeError`` (the CLI turns it into one line on stderr and exit 2). Numbers are parsed
strictly: decimal digits with an optional sign, nothing else.
"""

import argparse
import math
import numbers
import re
from typing import Any, Callable, Iterable, List, Optional, Tuple

import numpy as np

__all__ = [
    "INT32_MAX",
    "INT64_MAX",
    "INT64_MIN",
    "as_int",
    "as_bool",
    "as_float",
    "as_finite_float",
    "as_dtype",
    "as_shape",
    "as_array",
    "cli_int",
    "cli_int_list",
    "cli_shape",
    "cli_dtype",
    "DTYPE_ALIASES",
]

INT32_MAX = 2**31 - 1
INT64_MAX = 2**63 - 1
INT64_MIN = -(2**63)


# The short dtype names users type, and what they stand for (the CLI only; the Python API takes NumPy dtypes).
DTYPE_ALIASES = {
    "bf16": "bfloat16",
    "fp16": "float16",
    "half": "float16",
    "fp32": "float32",
    "float": "float32",
    "fp64": "float64",
    "double": "float64",
}
_INT_TEXT = re.compile(r"[+-]?[0-9]+")


def _range_text(min, max):
    names = {INT64_MAX: "2^63 - 1", INT64_MIN: "-2^63", INT32_MAX: "2^31 - 1"}
    min, max = names.get(min, min), names.get(max, max)
    if min is not None and max is not None:
        return f"in [{min}, {max}]"
    return f">= {min}" if min is not None else f"<= {max}"


def as_int(name: str, value: Any, *, min: Optional[int] = INT64_MIN, max: Optional[int] = INT64_MAX) -> int:
    """``value`` as a Python int: ints and NumPy integers only (bool, float and str are TypeErrors)."""
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, (numbers.Integral, np.integer)):
        raise TypeError(f"{name} must be an int, got {type(value).__name__} {value!r}")
    value = int(value)
    if (min is not None and value < min) or (max is not None and value > max):
        raise ValueError(f"{name} {value} must be {_range_text(min, max)}")
    return value


def as_bool(name: str, value: Any) -> bool:
    """``value`` as a Python bool: bool or np.bool_ only (no truthiness of strings or numbers)."""
    if not isinstance(value, (bool, np.bool_)):
        raise TypeError(f"{name} must be a bool, got {type(value).__name__} {value!r}")
    return bool(value)


def as_float(name: str, value: Any) -> float:
    """``value`` as a Python float: int, float or a NumPy real (NaN and inf kept: for an API that documents its
    own error for them); bool and str are TypeErrors."""
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, (numbers.Real, np.integer, np.floating)):
        raise TypeError(f"{name} must be a real number, got {type(value).__name__} {value!r}")
    try:
        return float(value)
    except OverflowError:
        raise ValueError(f"{name} {value} does not fit a float") from None


def as_finite_float(name: str, value: Any) -> float:
    """``value`` as a finite Python float (as ``as_float``; NaN and inf are ValueErrors)."""
    result = as_float(name, value)
    if not math.isfinite(result):
        raise ValueError(f"{name} {result} must be finite")
    return result


def as_dtype(name: str, value: Any) -> np.dtype:
    """``value`` as a NumPy dtype; None (which np.dtype reads as float64) and unknown names are errors."""
    if value is None:
        raise TypeError(f"{name} is required (got None)")
    if isinstance(value, str) and value == "bfloat16":
        import ml_dtypes  # noqa: F401  (registers bfloat16 with NumPy)
    try:
        return np.dtype(value)
    except TypeError:
        raise TypeError(f"{name} {value!r} is not a dtype") from None


def as_shape(name: str, value: Any) -> Tuple[int, ...]:
    """``value`` (a sequence of ints) as a tuple of dims, each in [0, INT64_MAX]."""
    if isinstance(value, (str, bytes)) or not hasattr(value, "__iter__"):
        raise TypeError(f"{name} must be a sequence of ints, got {type(value).__name__} {value!r}")
    return tuple(as_int(f"{name}[{i}]", d, min=0) for i, d in enumerate(value))


def as_array(name: str, value: Any) -> np.ndarray:
    """``value`` as a NumPy array; objects NumPy cannot turn into a numeric array are TypeErrors."""
    array = np.asarray(value)
    if array.dtype == object:
        raise TypeError(f"{name} must be a numeric array, got {type(value).__name__}")
    return array


def cli_int(*, min: Optional[int] = None, max: Optional[int] = INT64_MAX) -> Callable[[str], int]:
    """An argparse ``type=`` for an int option bounded by ``min`` / ``max``."""

    def parse(text):
        if not _INT_TEXT.fullmatch(text.strip()):
            raise argparse.ArgumentTypeError(f"invalid int {text!r}")
        value = int(text, 10)
        if (min is not None and value < min) or (max is not None and value > max):
            raise argparse.ArgumentTypeError(f"{text.strip()} must be {_range_text(min, max)}")
        return value

    parse.__name__ = "int"
    return parse


def _items(text, what, example):
    items = [t.strip() for t in text.split(",")]
    if not text.strip() or any(not t for t in items):
        raise argparse.ArgumentTypeError(f"invalid {what} {text!r}: expected comma-separated ints, e.g. {example}")
    return items


def cli_int_list(*, min: Optional[int] = None, max: Optional[int] = INT64_MAX) -> Callable[[str], List[int]]:
    """An argparse ``type=`` for a non-empty comma-separated list of bounded ints, e.g. ``128,1024``."""
    one = cli_int(min=min, max=max)

    def parse(text):
        return [one(t) for t in _items(text, "list", "128,1024")]

    parse.__name__ = "int list"
    return parse


def cli_shape(*, ndim: Optional[int] = None, min: int = 0, names: str = "") -> Callable[[str], Tuple[int, ...]]:
    """An argparse ``type=`` for a shape: comma-separated dims in [min, 2^63 - 1], e.g. ``4,1024`` (``ndim`` of
    them if given; ``names`` spells them in the message, e.g. "M,K,N"). An empty string is a 0-d shape."""

    def parse(text):
        if not text.strip() and ndim in (None, 0):
            return ()
        example = names or "4,1024"
        items = _items(text, "shape", example)
        if any(not _INT_TEXT.fullmatch(t) for t in items):
            raise argparse.ArgumentTypeError(f"invalid shape {text!r}: expected comma-separated ints, e.g. {example}")
        dims = tuple(int(t) for t in items)
        if ndim is not None and len(dims) != ndim:
            raise argparse.ArgumentTypeError(f"invalid shape {text!r}: expected {ndim} dims {names}".rstrip())
        if any(d < min or d > INT64_MAX for d in dims):
            rule = _range_text(min, INT64_MAX)
            raise argparse.ArgumentTypeError(f"invalid shape {text!r}: dimensions must be {rule}")
        return dims

    parse.__name__ = "shape"
    return parse


def cli_dtype(names: Iterable[str]) -> Callable[[str], str]:
    """An argparse ``type=`` for a dtype name among ``names`` (NumPy names) or one of ``DTYPE_ALIASES``."""
    names = tuple(names)

    def parse(text):
        name = DTYPE_ALIASES.get(text.strip().lower(), text.strip())
        if name not in names:
            aliases = ", ".join(f"{a}={n}" for a, n in DTYPE_ALIASES.items() if n in names)
            raise argparse.ArgumentTypeError(
                f"unknown dtype {text!r}: expected one of {', '.join(names)} " f"(aliases {aliases})"
            )
        return name

    parse.__name__ = "dtype"
    return parse
