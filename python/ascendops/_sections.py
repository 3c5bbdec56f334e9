"""torch.split / torch.chunk arithmetic: the section lengths of one dim, shared by the Split front (``ops/split.py``),
the NPU layer (``_npu.py``) and the torch front. A leaf: it imports only ``_args`` and ``_errors``."""

import numbers
from typing import List, Sequence, Union

import numpy as np

from ._args import as_int
from ._errors import AclnnError

__all__ = ["MAX_PIECES", "dim_length", "split_arg", "sections_of", "chunk_sections"]

MAX_PIECES = 128  # kSplitMaxPieces: outputs of one call


def _invalid(message):
    return AclnnError(AclnnError.INVALID_PARAM, message)


def _is_int(v):
    return isinstance(v, numbers.Integral) and not isinstance(v, (bool, np.bool_))


def dim_length(shape, dim):
    """shape[dim], or None when dim does not name an axis (aclnn then reports the rule)."""
    rank = len(shape)
    return shape[dim] if _is_int(dim) and -rank <= dim < rank else None


def _too_many(count, how):
    return _invalid(f"{how} gives {count} pieces: one call supports at most {MAX_PIECES} outputs")


def split_arg(split_size_or_sections):
    """An int split_size, or the sections as a list of ints (each in int64), checked before any list is built."""
    if _is_int(split_size_or_sections):
        return as_int("split_size", split_size_or_sections)
    if isinstance(split_size_or_sections, (str, bytes)) or not hasattr(split_size_or_sections, "__iter__"):
        raise TypeError(
            f"split_size_or_sections must be an int or a list of ints, got {type(split_size_or_sections).__name__}"
        )
    sections = list(split_size_or_sections)
    return [as_int(f"split_size_or_sections[{i}]", v) for i, v in enumerate(sections)]


def sections_of(length: int, split_size_or_sections: Union[int, Sequence[int]]) -> List[int]:
    """torch.split's pieces: an int split_size (> 0) -> [size, ..., rest]; a list is taken as given."""
    how = split_arg(split_size_or_sections)
    if isinstance(how, list):
        return how
    if how <= 0:
        raise _invalid(f"split_size {how} must be > 0")
    count = max(1, -(-length // how))
    if count > MAX_PIECES:  # the aclnn rule, before a list of count pieces exists
        raise _too_many(count, f"split_size {how} over a dim of {length}")
    return [how] * (count - 1) + [length - how * (count - 1)]


def chunk_sections(length: int, chunks: int) -> List[int]:
    """torch.chunk's pieces: ceil(length / chunks) each, the last shorter, possibly fewer than ``chunks``;
    an empty dim gives ``chunks`` empty pieces."""
    chunks = as_int("chunks", chunks)
    if chunks <= 0:
        raise _invalid(f"chunks {chunks} must be > 0")
    if length == 0:
        if chunks > MAX_PIECES:
            raise _too_many(chunks, f"chunks {chunks} over an empty dim")
        return [0] * chunks
    size = -(-length // chunks)
    if -(-length // size) > MAX_PIECES:
        raise _too_many(-(-length // size), f"chunks {chunks} over a dim of {length}")
    return sections_of(length, size)
