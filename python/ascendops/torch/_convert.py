"""torch <-> NumPy without copies where the layout allows.

``Tensor.numpy()`` shares memory for any strided CPU tensor, and ``torch.from_numpy`` for any array with
non-negative strides. bfloat16 has no NumPy dtype in torch, so both directions reinterpret the same bytes through a
16-bit integer view: torch.bfloat16 <-> int16 <-> ml_dtypes.bfloat16 (bit-exact, no conversion).

Every tensor the front takes is named: a dtype outside the package's table (complex, float8, ...) is a TypeError
naming the parameter, before any work. Torch tensors are always in native byte order and never have negative
strides; their other layouts (strided views, storage offsets, stride-0 expands, views of one another) reach the
NumPy API as views, which takes them as its ``as_array`` says.
"""

import functools

import ml_dtypes
import numpy as np
import torch

from .._args import DTYPE_NAMES, as_dtype, inplace_error

__all__ = ["to_numpy", "from_numpy", "numpy_dtype", "tensor_spec", "check_updatable"]

_BFLOAT16 = np.dtype(ml_dtypes.bfloat16)

# torch dtypes whose NumPy counterpart is not the one torch itself maps to.
_SPECIAL_NUMPY = {torch.bfloat16: _BFLOAT16}


@functools.lru_cache(maxsize=None)
def _numpy_counterpart(dtype):
    special = _SPECIAL_NUMPY.get(dtype)
    if special is not None:
        return special
    with torch.utils._python_dispatch._disable_current_modes():
        return torch.empty((), dtype=dtype).numpy().dtype


def numpy_dtype(dtype, what="dtype"):
    """The NumPy dtype of a torch dtype (bfloat16 -> ml_dtypes.bfloat16), one of the package's; also under
    FakeTensorMode, whose tensors have no NumPy view (the mapping is made outside every mode). Any other dtype is a
    TypeError starting with ``what`` ("dtype" for a dtype argument, "<name> dtype" for a tensor's)."""
    try:
        counterpart = _numpy_counterpart(dtype)
    except TypeError:  # float8, quantized, ...: NumPy has none
        raise TypeError(f"{what} {dtype} is not supported: expected one of {', '.join(DTYPE_NAMES)}") from None
    return as_dtype(what, counterpart)


def _require_tensor(name, value):
    """TypeError naming ``name`` unless ``value`` is a tensor: torch's dispatcher passes None (or any object) to a
    Python kernel when another argument is a tensor."""
    if not isinstance(value, torch.Tensor):
        raise TypeError(f"{name} must be a torch.Tensor, got {type(value).__name__}")


def check_updatable(name, tensor):
    """TypeError naming ``name`` unless ``tensor`` can take an in-place result in its own memory: contiguous (the
    NumPy API's ``as_inplace_array`` rule, on a tensor or its fake). A negative or conjugate view never gets here:
    torch's dispatcher resolves such views before any kernel, and refuses them for a mutated argument."""
    _require_tensor(name, tensor)
    numpy_dtype(tensor.dtype, f"{name} dtype")
    if not tensor.is_contiguous():
        raise inplace_error(
            name, f"C-contiguous (got strides {tuple(tensor.stride())} for shape {tuple(tensor.shape)})"
        )


def to_numpy(tensor, name="tensor"):
    """A NumPy view of a CPU tensor's memory (strides kept; writes through it reach the tensor)."""
    _require_tensor(name, tensor)
    numpy_dtype(tensor.dtype, f"{name} dtype")
    if tensor.requires_grad:
        tensor = tensor.detach()
    if tensor.dtype == torch.bfloat16:
        return tensor.view(torch.int16).numpy().view(_BFLOAT16)
    return tensor.numpy()


def from_numpy(array):
    """A CPU tensor over ``array``'s memory (bfloat16 arrays included)."""
    if array.dtype == _BFLOAT16:
        return torch.from_numpy(array.view(np.int16)).view(torch.bfloat16)
    return torch.from_numpy(array)


def tensor_spec(tensor, name="tensor"):
    """(shape, strides, NumPy dtype) of a (fake) tensor: what the twin's phase-1 checks take instead of memory."""
    _require_tensor(name, tensor)
    return list(tensor.shape), list(tensor.stride()), numpy_dtype(tensor.dtype, f"{name} dtype")
