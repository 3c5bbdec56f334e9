"""The PyTorch front: ``torch.ops.ascendops.*`` and autograd functions whose backward runs our kernels.

Importing this module needs PyTorch (``pip install 'ascendops[torch]'``, torch==2.13.0); ``import ascendops``
does not. Each operator is registered from Python with torch.library (table: ``_specs.OP_SPECS``):

- CPU tensors run on the CPU twin through the NumPy API, on views of the tensors' memory (bfloat16 included);
  ``soc=`` / ``core_num=`` choose the SoC it plays (None: the package default of the calling thread).
- NPU tensors (torch_npu) run the installed opp package's aclnn pairs on the current stream: registered only when
  torch_npu imports; never run in this project.
- Fake kernels give shapes and dtypes to FakeTensor and torch.compile.

Errors raise ``ascendops.AclnnError`` with the aclnn code, as in the NumPy API.
"""

try:
    import torch  # noqa: F401
except ImportError as error:  # pragma: no cover - exercised only without torch
    raise ImportError("ascendops.torch needs PyTorch: pip install 'ascendops[torch]' (torch==2.13.0)") from error

from ._autograd import embedding, swiglu
from ._register import NAMESPACE, register
from ._specs import OP_SPECS
from .._args import as_int
from .._errors import AclnnError
from ..ops.split import chunk_sections, sections_of

__all__ = ["NAMESPACE", "OPS", "OP_SPECS", "cast", "chunk", "embedding", "embedding_dense_grad", "fused_gdn_decode",
           "fused_swiglu_grad", "split", "swiglu"]

# name -> torch.library.CustomOpDef (callable; the same op as torch.ops.ascendops.<name>).
OPS = register(OP_SPECS)

cast = OPS["cast"]
embedding_dense_grad = OPS["embedding_dense_grad"]
fused_gdn_decode = OPS["fused_gdn_decode"]
fused_swiglu_grad = OPS["fused_swiglu_grad"]


def _dim_length(x, dim):
    """x.shape[dim] with the NumPy API's rules: dim an int naming an axis (161002 naming the rule otherwise)."""
    dim = as_int("dim", dim)
    rank = x.dim()
    if rank == 0:
        raise AclnnError(AclnnError.INVALID_PARAM, "self is rank 0: a scalar has no dim to split")
    if not -rank <= dim < rank:
        raise AclnnError(AclnnError.INVALID_PARAM, f"dim {dim} is out of range [{-rank}, {rank - 1}] for rank {rank}")
    return dim, x.shape[dim]


def split(x, split_size_or_sections, dim=0, *, soc=None, core_num=0):
    """torch.split on the operator: ``torch.ops.ascendops.split`` with the sections resolved here."""
    dim, length = _dim_length(x, dim)
    sections = sections_of(length, split_size_or_sections)
    return OPS["split"](x, sections, dim, soc=soc, core_num=core_num)


def chunk(x, chunks, dim=0, *, soc=None, core_num=0):
    """torch.chunk on the operator (possibly fewer than ``chunks`` pieces, as torch.chunk gives)."""
    dim, length = _dim_length(x, dim)
    return OPS["split"](x, chunk_sections(length, chunks), dim, soc=soc, core_num=core_num)
