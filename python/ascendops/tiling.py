"""The host tiling an operator chooses, without running it (also ``ascendops tiling <op>`` on the command line).

``ascendops.tiling.<op>(...)`` is ``ascendops.ops.<op>.tiling(...)``, e.g.
``ascendops.tiling.cast((1024, 1000), "bfloat16", "int8", soc="ascend310p")``. Each returns a dict: ``key`` (the
tiling key's name), ``tiling_key`` (its number), ``block_dim``, ``workspace_bytes``, ``ub_bytes`` and the
tiling-data fields (FusedSwigluGrad: one such dict per kernel, under ``b``, ``w`` and ``x``).
"""

from .ops import OPERATORS

# tiling.<op> for every operator of the registry.
globals().update({name: module.tiling for name, module in OPERATORS.items()})

__all__ = list(OPERATORS)
