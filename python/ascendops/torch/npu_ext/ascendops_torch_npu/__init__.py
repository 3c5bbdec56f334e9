"""ascendops' native torch_npu kernels: loading ``_kernels`` registers a PrivateUse1 kernel for each
``torch.ops.ascendops.*`` operator (csrc/register.cpp). ``import ascendops.torch`` imports this package when
torch_npu is present; built by ``pip install --no-build-isolation python/ascendops/torch/npu_ext`` (setup.py)."""

from pathlib import Path

import torch
import torch_npu  # noqa: F401  (libtorch_npu, whose symbols the kernels use, loaded first)

__all__ = ["LIBRARY"]

LIBRARY = str(next(Path(__file__).parent.glob("_kernels*.so")))
torch.ops.load_library(LIBRARY)
