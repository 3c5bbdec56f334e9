"""The PyTorch front: ``torch.ops.ascendops.*`` and autograd functions whose backward runs our kernels.

Importing this module needs PyTorch 2.4 or later (``pip install 'ascendops[torch]'``; tested with 2.13.0);
``import ascendops`` does not. Each operator is registered from Python with torch.library (table: ``_specs.OP_SPECS``):

- CPU tensors run on the CPU twin through the NumPy API, on views of the tensors' memory (bfloat16 included);
  ``soc=`` / ``core_num=`` choose the SoC it plays (None: the package default of the calling thread).
- NPU tensors (torch_npu) run the installed opp package's aclnn pairs on the current stream through the native C++
  kernels of ``npu_ext/``, registered when torch_npu imports and that extension is installed (``npu_kernels()`` says
  "native" or why not); never run in this project.
- ``register_caller_names()``: FusedGdnDecode also as ``torch.ops.custom.npu_fused_gdn_decode`` (ops-transformer's
  schema) and ``torch.ops._C_ascend.npu_fused_gdn_decode`` (vllm-ascend's), on request only (``_caller_names``).
- Fake kernels give shapes and dtypes to FakeTensor and torch.compile.

Errors raise ``ascendops.AclnnError`` with the aclnn code, as in the NumPy API.
"""

from typing import List, Optional, Sequence, Union

try:
    import torch
except ImportError as error:  # pragma: no cover - exercised only without torch
    raise ImportError(
        "ascendops.torch needs PyTorch >= 2.4 (pip install 'ascendops[torch]'); the NumPy API and the CLI still work"
    ) from error
if not hasattr(torch.library, "custom_op"):  # torch.library.custom_op arrived in torch 2.4
    raise ImportError(
        f"ascendops.torch needs PyTorch >= 2.4 (torch.library.custom_op), this is {torch.__version__}; "
        "the NumPy API and the CLI still work"
    )

from ._autograd import embedding, swiglu
from ._register import NAMESPACE, npu_kernels, register
from ._specs import OP_SPECS
from ._caller_names import register_caller_names
from ..ops.fused_swiglu_grad import FusedSwigluGradResult
from .._args import as_int
from .._errors import AclnnError
from .._sections import chunk_sections, sections_of

__all__ = [
    "NAMESPACE",
    "OPS",
    "OP_SPECS",
    "cast",
    "chunk",
    "embedding",
    "embedding_dense_grad",
    "fused_gdn_decode",
    "fused_gdn_decode_",
    "fused_swiglu_grad",
    "npu_kernels",
    "register_caller_names",
    "split",
    "swiglu",
]

# name -> torch.library.CustomOpDef (callable; the same op as torch.ops.ascendops.<name>).
OPS = register(OP_SPECS)

cast = OPS["cast"]
embedding_dense_grad = OPS["embedding_dense_grad"]
fused_gdn_decode = OPS["fused_gdn_decode"]  # updates state in place (its schema marks it Tensor(a!))
fused_gdn_decode_ = fused_gdn_decode  # the in-place name, as torch spells in-place ops


def fused_swiglu_grad(
    dy: torch.Tensor,
    g: torch.Tensor,
    fc: torch.Tensor,
    x: torch.Tensor,
    w_g: torch.Tensor,
    w_fc: torch.Tensor,
    *,
    soc: Optional[str] = None,
    core_num: int = 0,
) -> FusedSwigluGradResult:
    """``torch.ops.ascendops.fused_swiglu_grad`` with its five gradients as the NumPy front's named tuple
    (dx, dw_g, dw_fc, db_g, db_fc)."""
    return FusedSwigluGradResult(*OPS["fused_swiglu_grad"](dy, g, fc, x, w_g, w_fc, soc=soc, core_num=core_num))


def _dim_length(x, dim):
    """x.shape[dim] with the NumPy API's rules: dim an int naming an axis (161002 naming the rule otherwise)."""
    if not isinstance(x, torch.Tensor):
        raise TypeError(f"x must be a torch.Tensor, got {type(x).__name__}")
    dim = as_int("dim", dim)
    rank = x.dim()
    if rank == 0:
        raise AclnnError(AclnnError.INVALID_PARAM, "self is rank 0: a scalar has no dim to split")
    if not -rank <= dim < rank:
        raise AclnnError(AclnnError.INVALID_PARAM, f"dim {dim} is out of range [{-rank}, {rank - 1}] for rank {rank}")
    return dim, x.shape[dim]


def split(
    x: torch.Tensor,
    split_size_or_sections: Union[int, Sequence[int]],
    dim: int = 0,
    *,
    soc: Optional[str] = None,
    core_num: int = 0,
) -> List[torch.Tensor]:
    """torch.split on the operator: ``torch.ops.ascendops.split`` with the sections resolved here."""
    dim, length = _dim_length(x, dim)
    sections = sections_of(length, split_size_or_sections)
    return OPS["split"](x, sections, dim, soc=soc, core_num=core_num)


def chunk(
    x: torch.Tensor, chunks: int, dim: int = 0, *, soc: Optional[str] = None, core_num: int = 0
) -> List[torch.Tensor]:
    """torch.chunk on the operator (possibly fewer than ``chunks`` pieces, as torch.chunk gives)."""
    dim, length = _dim_length(x, dim)
    return OPS["split"](x, chunk_sections(length, chunks), dim, soc=soc, core_num=core_num)
