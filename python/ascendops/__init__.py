"""ascendops: Ascend C operators (host tiling, aclnn API, Python bindings) with a strict CPU twin.

The compiled module ``ascendops._C`` is private; this front is the public API. Every operator function takes
``soc=`` (the SoC the CPU twin plays; None: ``DEFAULT_SOC``, ascend910b, for every operator), ``core_num=`` and
``backend="sim"``; failures raise ``AclnnError`` with the aclnn code and message.
"""

from ._version import __version__
from ._errors import AclnnError, BackendUnavailableError
from ._backend import BACKENDS, DEFAULT_SOC
from .socs import socs
from . import tiling
from .ops import OPERATORS
from .ops.cast import cast
from .ops.embedding_dense_grad import embedding_dense_grad, embedding_dense_grad_sorted
from .ops.fused_gdn_decode import fused_gdn_decode, fused_gdn_decode_
from .ops.fused_swiglu_grad import (
    FusedSwigluGradResult,
    fused_swiglu_grad,
    fused_swiglu_grad_b,
    fused_swiglu_grad_w,
    fused_swiglu_grad_x,
)
from .ops.split import split, chunk

__all__ = [
    "__version__",
    "AclnnError",
    "BackendUnavailableError",
    "BACKENDS",
    "DEFAULT_SOC",
    "OPERATORS",
    "socs",
    "tiling",
    "cast",
    "embedding_dense_grad",
    "embedding_dense_grad_sorted",
    "fused_gdn_decode",
    "fused_gdn_decode_",
    "FusedSwigluGradResult",
    "fused_swiglu_grad",
    "fused_swiglu_grad_b",
    "fused_swiglu_grad_w",
    "fused_swiglu_grad_x",
    "split",
    "chunk",
]
