"""The native torch_npu kernels (``npu_ext/``: C++ PrivateUse1 kernels in the package ``ascendops_torch_npu``), loaded
when torch_npu is present and the extension is installed: the only NPU kernels of the torch front.

NEVER RUN in this project: no machine here has CANN, torch_npu or an Ascend device (the C++ is compile-checked
against torch-npu's headers by scripts/check_torch_npu.sh).
"""

import importlib
import importlib.util

from ._torch_npu import torch_npu_reason

__all__ = ["BUILD_COMMAND", "load", "unavailable_reason"]

BUILD_COMMAND = "pip install --no-build-isolation python/ascendops/torch/npu_ext"


def unavailable_reason():
    """ "" when the native kernels can be loaded, else one line saying why not and what still works."""
    reason = torch_npu_reason()
    if reason:
        return reason
    if importlib.util.find_spec("ascendops_torch_npu") is None:
        return (
            f"the native torch_npu extension ascendops_torch_npu is not installed (build it on the Atlas machine: "
            f"{BUILD_COMMAND}); the CPU kernels still work"
        )
    return ""


def load():
    """Loads the extension, which registers its PrivateUse1 kernels (after the front has defined the operators, so
    the dispatcher checks each kernel's signature against its schema as it registers)."""
    importlib.import_module("ascendops_torch_npu")
