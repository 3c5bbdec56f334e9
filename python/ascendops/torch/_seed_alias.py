"""``torch.ops.custom.npu_fused_gdn_decode``: FusedGdnDecode under the name and positional signature of CANN
ops-transformer's torch extension (the seed's call), beside ``torch.ops.ascendops.fused_gdn_decode``::

    out = torch.ops.custom.npu_fused_gdn_decode(mixed_qkv, a, b, a_log, dt_bias, state_ref, ssm_state_indices, scale,
                                                softplus_threshold=20.0)

It runs ``torch.ops.ascendops.fused_gdn_decode`` (state_ref updated in place) on every device that op runs on.
Not registered when the namespace already has the op (the real extension is installed).
"""

import torch

__all__ = ["NAMESPACE", "NAME", "SCHEMA", "register"]

NAMESPACE = "custom"
NAME = "npu_fused_gdn_decode"
SCHEMA = (
    "(Tensor mixed_qkv, Tensor a, Tensor b, Tensor a_log, Tensor dt_bias, Tensor(a!) state_ref, "
    "Tensor ssm_state_indices, float scale=1.0, float softplus_threshold=20.0) -> Tensor"
)


def _fused_gdn_decode(
    mixed_qkv, a, b, a_log, dt_bias, state_ref, ssm_state_indices, scale=1.0, softplus_threshold=20.0
):
    return torch.ops.ascendops.fused_gdn_decode(
        mixed_qkv,
        a,
        b,
        a_log,
        dt_bias,
        state_ref,
        ssm_state_indices,
        scale=scale,
        softplus_threshold=softplus_threshold,
    )


def register():
    """Defines ``torch.ops.custom.npu_fused_gdn_decode`` unless it exists; returns the op or None."""
    if hasattr(getattr(torch.ops, NAMESPACE), NAME):
        return None
    op = torch.library.custom_op(f"{NAMESPACE}::{NAME}", _fused_gdn_decode, mutates_args=("state_ref",), schema=SCHEMA)
    op.register_fake(_fused_gdn_decode)
    return op
