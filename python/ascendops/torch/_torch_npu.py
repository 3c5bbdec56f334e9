"""Whether torch_npu can take NPU kernels here: it imports and is built for this torch's release line."""

import torch

__all__ = ["torch_npu_reason"]


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


def _release(version):
    """'2.13.0.post2+cpu' -> '2.13': the major.minor that pairs torch and torch_npu."""
    return ".".join(version.split("+")[0].split(".")[:2])
