"""torch <-> NumPy without copies where the layout allows.

``Tensor.numpy()`` shares memory for any strided CPU tensor, and ``torch.from_numpy`` for any array with
non-negative strides. bfloat16 has no NumPy dtype in torch, so both directions reinterpret the same bytes through a
16-bit integer view: torch.bfloat16 <-> int16 <-> ml_dtypes.bfloat16 (bit-exact, no conversion).
"""

import functools

import ml_dtypes
import numpy as np
import torch

__all__ = ["to_numpy", "from_numpy", "numpy_dtype", "tensor_spec"]

_BFLOAT16 = np.dtype(ml_dtypes.bfloat16)

# torch dtypes whose NumPy counterpart is not the one torch itself maps to.
_SPECIAL_NUMPY = {torch.bfloat16: _BFLOAT16}


@functools.lru_cache(maxsize=None)
def numpy_dtype(dtype):
    """The NumPy dtype of a torch dtype (bfloat16 -> ml_dtypes.bfloat16); also under FakeTensorMode, whose tensors
    have no NumPy view (the mapping is made outside every mode)."""
    special = _SPECIAL_NUMPY.get(dtype)
    if special is not None:
        return special
    with torch.utils._python_dispatch._disable_current_modes():
        return torch.empty((), dtype=dtype).numpy().dtype


def to_numpy(tensor):
    """A NumPy view of a CPU tensor's memory (strides kept; writes through it reach the tensor)."""
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


def tensor_spec(tensor):
    """(shape, strides, NumPy dtype) of a (fake) tensor: what the twin's phase-1 checks take instead of memory."""
    return list(tensor.shape), list(tensor.stride()), numpy_dtype(tensor.dtype)
