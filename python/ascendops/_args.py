"""Strict argument checks shared by every operator function, tiling function and the CLI.

Each check returns the value in its canonical Python type or raises ``TypeError`` (wrong kind) / ``ValueError``
(right kind, out of range) naming the parameter, the value and the rule::

    n = as_int("num_weights", num_weights, min=1, max=INT32_MAX)   # int or NumPy integer; bool and float rejected
    flag = as_bool("scale_grad_by_freq", scale_grad_by_freq)        # bool or np.bool_ only
    s = as_float("scale", scale)                                    # int/float/NumPy real; str and bool rejected
    s = as_finite_float("scale", scale)                             # the same, NaN and inf rejected too
    dt = as_dtype("dtype", dtype)                                   # a dtype of the package, or its CLI alias
    shape = as_shape("shape", shape)                                # a sequence of ints in [0, INT64_MAX]
    x = as_array("x", x)                                            # an array of a package dtype, any layout
    state = as_inplace_array("state", state)                        # the array an operator updates in place

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

from . import _C

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
    "as_inplace_array",
    "inplace_error",
    "cli_int",
    "cli_int_list",
    "cli_shape",
    "cli_dtype",
    "DTYPE_ALIASES",
    "DTYPE_NAMES",
]

INT32_MAX = 2**31 - 1
INT64_MAX = 2**63 - 1
INT64_MIN = -(2**63)


# The dtypes of ascendc_sim/platform/dtype.h (kDataTypes), by NumPy name.
DTYPE_NAMES = tuple(row["name"] for row in _C.dtypes())

# The short dtype names users type, and what they stand for: the CLI and the Python API read them alike (so "float"
# is float32, as in C and PyTorch; NumPy's own "float" is float64).
DTYPE_ALIASES = {
    "bf16": "bfloat16",
    "fp16": "float16",
    "half": "float16",
    "fp32": "float32",
    "float": "float32",
    "fp64": "float64",
    "double": "float64",
}
_SUPPORTED = ", ".join(DTYPE_NAMES)
# Words for the scalar types of dtypes outside the package's table, for the messages (others: "numeric").
_KIND_WORDS = {
    np.object_: "object",
    np.str_: "str",
    np.bytes_: "bytes",
    np.datetime64: "datetime64",
    np.timedelta64: "timedelta64",
    np.void: "void",
    np.complex64: "complex",
    np.complex128: "complex",
    np.clongdouble: "complex",
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
    """``value`` as one of the package's dtypes (DTYPE_NAMES): a NumPy dtype, its name or a ``DTYPE_ALIASES`` alias
    ("fp16", "bf16", ...; case and spaces ignored, as the CLI reads them). None, unknown names, dtypes outside the
    table and non-native byte orders (the results are native arrays) are TypeErrors naming the parameter."""
    if value is None:
        raise TypeError(f"{name} is required (got None)")
    if isinstance(value, str):
        value = DTYPE_ALIASES.get(value.strip().lower(), value.strip())
        if value == "bfloat16":
            import ml_dtypes  # noqa: F401  (registers bfloat16 with NumPy)
    try:
        dtype = np.dtype(value)
    except TypeError:
        raise TypeError(f"{name} {value!r} is not a dtype (expected one of {_SUPPORTED})") from None
    _check_dtype(name, dtype, subject=f"{name} {dtype}")
    if not dtype.isnative:
        raise TypeError(
            f"{name} {dtype.str!r} is not in native byte order: results are native arrays (pass {dtype.name!r})"
        )
    return dtype


def as_shape(name: str, value: Any) -> Tuple[int, ...]:
    """``value`` (a sequence of ints) as a tuple of dims, each in [0, INT64_MAX]."""
    if isinstance(value, (str, bytes)) or not hasattr(value, "__iter__"):
        raise TypeError(f"{name} must be a sequence of ints, got {type(value).__name__} {value!r}")
    return tuple(as_int(f"{name}[{i}]", d, min=0) for i, d in enumerate(value))


def _check_dtype(name, dtype, subject=None):
    """TypeError naming ``name`` (``subject``: how the message starts) unless ``dtype`` is one of the package's, in
    either byte order."""
    if dtype.names is None and dtype.name in DTYPE_NAMES:
        return
    kind = "structured" if dtype.names is not None else _KIND_WORDS.get(dtype.type, "numeric")
    subject = subject or f"{name} dtype {dtype}"
    raise TypeError(f"{subject} is not supported ({kind}): expected one of {_SUPPORTED}")


def as_array(name: str, value: Any) -> np.ndarray:
    """``value`` as a NumPy array of one of the package's dtypes, for an input the operator only reads: any layout
    (strided, negative strides, a view of a bigger array, overlapping another argument) and either byte order; the
    binding makes it contiguous and native where the operator needs it (the caller's array is never modified).
    Masked arrays (their mask would be ignored), ragged or non-numeric sequences and arrays of any other dtype
    (object, str, bytes, datetime, structured, complex, ...) are TypeErrors naming the parameter."""
    if isinstance(value, np.ma.MaskedArray):
        raise TypeError(f"{name} is a masked array: its mask would be ignored (pass {name}.filled(value))")
    try:
        array = np.asarray(value)
    except (TypeError, ValueError) as e:  # ragged sequences, objects NumPy cannot read as one array
        raise TypeError(f"{name} must be an array of numbers, got {type(value).__name__}: {e}") from None
    _check_dtype(name, array.dtype)
    return array


def as_inplace_array(name: str, value: Any) -> np.ndarray:
    """``value``, an array the operator updates in place: the device result is copied back into its memory, so it
    must be a NumPy array of one of the package's dtypes that is writeable, C-contiguous (no strides, negative
    strides or sparse view of a bigger array) and in native byte order: a copy made to fit would leave the caller's
    array unchanged. TypeError naming the parameter and the rule otherwise."""
    if not isinstance(value, np.ndarray):
        raise TypeError(f"{name} must be a numpy array: it is updated in place, got {type(value).__name__}")
    if isinstance(value, np.ma.MaskedArray):
        raise TypeError(f"{name} is a masked array: its mask would be ignored (pass {name}.filled(value))")
    _check_dtype(name, value.dtype)
    for holds, rule in (
        (value.flags.writeable, "writeable"),
        (value.dtype.isnative, f"in native byte order (got {value.dtype.str!r})"),
        (value.flags.c_contiguous, f"C-contiguous (got byte strides {value.strides} for shape {value.shape})"),
    ):
        if not holds:
            raise inplace_error(name, rule)
    return value


def inplace_error(name: str, rule: str) -> TypeError:
    """The error of an argument updated in place that breaks ``rule`` (``as_inplace_array``, the torch front)."""
    return TypeError(f"{name} must be {rule}: it is updated in place, in its own memory")


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
