"""NPU tensors (PrivateUse1 through torch_npu) on the one NPU layer, ``ascendops._C_npu``: the kernels hand it each
tensor's device view (data pointer, shape, strides, storage offset, dtype, storage size) and torch_npu's current
stream, and it runs the package's aclnn calls on that memory (no copy). The same module, library lookup and device
checks as ``backend="npu"`` of the NumPy API (``ascendops._npu``).

NEVER RUN in this project: no machine here has CANN, torch_npu or an Ascend device. Registered only when torch_npu
imports.
"""

import numpy as np
import torch

from .. import _npu
from ._convert import numpy_dtype

__all__ = ["available", "torch_npu_reason", "unavailable_reason", "view", "device_module", "stream_of"]


def torch_npu_reason():
    """Why torch_npu cannot take NPU kernels ("" when it imports and is built for this torch)."""
    try:
        import torch_npu  # noqa: F401, PLC0415
    except ImportError as error:  # absent, or built for another torch (its import names the mismatch)
        return f"torch_npu does not import ({error}); the CPU kernels still work"
    mismatch = _release(torch_npu.__version__) != _release(torch.__version__)
    if mismatch:  # each torch_npu release line is built for the torch of the same major.minor
        return (
            f"torch_npu {torch_npu.__version__} is built for torch {_release(torch_npu.__version__)}, this is "
            f"torch {torch.__version__}; the CPU kernels still work"
        )
    return ""


def unavailable_reason():
    """Why the Python NPU kernels (through ``_C_npu``) are not registered ("" when they are)."""
    return torch_npu_reason() or _npu.unavailable_reason() or ""


def _release(version):
    """'2.13.0.post2+cpu' -> '2.13': the major.minor that pairs torch and torch_npu."""
    return ".".join(version.split("+")[0].split(".")[:2])


def available():
    return unavailable_reason() == ""


def view(tensor):
    """The device view ``_C_npu`` takes for a tensor (npu_aclnn.h, Operand)."""
    return (
        tensor.untyped_storage().data_ptr(),
        list(tensor.shape),
        list(tensor.stride()),
        tensor.storage_offset(),
        np.dtype(numpy_dtype(tensor.dtype)).name,
        tensor.untyped_storage().nbytes() // tensor.element_size(),
    )


def device_module(tensor):
    """``_C_npu`` with the tensor's device opened (once per process, ``_npu.select``)."""
    _npu.select(device_id=tensor.device.index or 0)
    return _npu._module()


def stream_of(tensor):
    import torch_npu  # noqa: PLC0415

    return torch_npu.npu.current_stream(tensor.device).npu_stream
