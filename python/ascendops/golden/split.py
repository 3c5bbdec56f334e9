"""NumPy golden for Split: plain slicing along the axis (never calls the package's kernels).

torch.split / torch.chunk rules written out: an int split_size gives pieces of that length (the last shorter),
a list gives the lengths; chunk uses ceil(len / chunks). The result is bit-identical slices of ``x``.
"""

import ml_dtypes
import numpy as np

BFLOAT16 = np.dtype(ml_dtypes.bfloat16)


def _bounds(length, split_size_or_sections):
    if isinstance(split_size_or_sections, (int, np.integer)):
        size = int(split_size_or_sections)
        starts = list(range(0, length, size)) or [0]
        return [(s, min(s + size, length)) for s in starts]
    bounds, start = [], 0
    for s in split_size_or_sections:
        bounds.append((start, start + int(s)))
        start += int(s)
    return bounds


def split(x, split_size_or_sections, dim=0):
    x = np.asarray(x)
    axis = dim % x.ndim
    index = [slice(None)] * x.ndim
    pieces = []
    for lo, hi in _bounds(x.shape[axis], split_size_or_sections):
        index[axis] = slice(lo, hi)
        pieces.append(np.ascontiguousarray(x[tuple(index)]))
    return pieces


def chunk(x, chunks, dim=0):
    length = np.asarray(x).shape[dim % np.asarray(x).ndim]
    if length == 0:
        return split(x, [0] * chunks, dim)
    return split(x, -(-length // chunks), dim)
