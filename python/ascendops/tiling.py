"""The host tiling an operator chooses, without running it (also ``ascendops tiling <op>`` on the command line).

``ascendops.tiling.<op>(...)`` is ``ascendops.ops.<op>.tiling(...)``, e.g.
``ascendops.tiling.cast((1024, 1000), "bfloat16", "int8", soc="ascend310p")``. Each returns a dict: ``key`` (the
tiling key's name), ``tiling_key`` (its number), ``block_dim``, ``workspace_bytes``, ``ub_bytes`` and the
tiling-data fields (FusedSwigluGrad: one such dict per kernel, under ``b``, ``w`` and ``x``).
"""

from .ops.cast import tiling as cast
from .ops.embedding_dense_grad import tiling as embedding_dense_grad
from .ops.fused_gdn_decode import tiling as fused_gdn_decode
from .ops.fused_swiglu_grad import tiling as fused_swiglu_grad
from .ops.split import tiling as split

__all__ = ["cast", "embedding_dense_grad", "fused_gdn_decode", "fused_swiglu_grad", "split"]
