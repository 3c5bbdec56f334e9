"""FusedGdnDecode under the names its callers use, defined only on request (``register_caller_names``):

- ``torch.ops.custom.npu_fused_gdn_decode`` — CANN ops-transformer's torch extension (the seed's call): scale
  required, ``softplus_threshold`` keyword-only::

      out = torch.ops.custom.npu_fused_gdn_decode(mixed_qkv, a, b, a_log, dt_bias, state_ref, ssm_state_indices,
                                                  scale, softplus_threshold=20.0)

- ``torch.ops._C_ascend.npu_fused_gdn_decode`` — vllm-ascend's, every argument positional::

      out = torch.ops._C_ascend.npu_fused_gdn_decode(mixed_qkv, a, b, A_log, dt_bias, state, ssm_state_indices,
                                                     scale, softplus_threshold)

Both run ``torch.ops.ascendops.fused_gdn_decode`` (the state updated in place) on every device that op runs on.
Never defined at import: a later import of the real extension defines the same name and fails when it exists.
A name that already exists is left alone and reported (a warning and the returned status name its schema).
"""

import warnings
from typing import Dict, Iterable

import torch

__all__ = ["CALLER_SCHEMAS", "NAME", "register_caller_names"]

NAME = "npu_fused_gdn_decode"

# namespace -> the caller's schema of NAME
CALLER_SCHEMAS = {
    "custom": (
        "(Tensor mixed_qkv, Tensor a, Tensor b, Tensor a_log, Tensor dt_bias, Tensor(a!) state_ref, "
        "Tensor ssm_state_indices, float scale, *, float softplus_threshold=20.0) -> Tensor"
    ),
    "_C_ascend": (
        "(Tensor mixed_qkv, Tensor a, Tensor b, Tensor A_log, Tensor dt_bias, Tensor(a!) state, "
        "Tensor ssm_state_indices, float scale, float softplus_threshold) -> Tensor"
    ),
}
_MUTATED = {"custom": "state_ref", "_C_ascend": "state"}

_defined: Dict[str, object] = {}  # qualified name -> the op this module defined


def _run(mixed_qkv, a, b, a_log, dt_bias, state, ssm_state_indices, scale, softplus_threshold):
    return torch.ops.ascendops.fused_gdn_decode(
        mixed_qkv, a, b, a_log, dt_bias, state, ssm_state_indices, scale=scale, softplus_threshold=softplus_threshold
    )


def _custom(mixed_qkv, a, b, a_log, dt_bias, state_ref, ssm_state_indices, scale, *, softplus_threshold=20.0):
    return _run(mixed_qkv, a, b, a_log, dt_bias, state_ref, ssm_state_indices, scale, softplus_threshold)


def _c_ascend(mixed_qkv, a, b, A_log, dt_bias, state, ssm_state_indices, scale, softplus_threshold):  # noqa: N803
    return _run(mixed_qkv, a, b, A_log, dt_bias, state, ssm_state_indices, scale, softplus_threshold)


_FUNCTIONS = {"custom": _custom, "_C_ascend": _c_ascend}


def _existing_schemas(namespace):
    """The schemas of torch.ops.<namespace>.<NAME>'s overloads, or None when the op does not exist."""
    try:
        packet = getattr(getattr(torch.ops, namespace), NAME)
    except AttributeError:
        return None
    return [str(getattr(packet, overload)._schema) for overload in packet.overloads()]


def register_caller_names(namespaces: Iterable[str] = ("custom", "_C_ascend")) -> Dict[str, str]:
    """Defines ``torch.ops.<namespace>.npu_fused_gdn_decode`` for each namespace (``custom``: ops-transformer's
    schema; ``_C_ascend``: vllm-ascend's) over ``torch.ops.ascendops.fused_gdn_decode``. Returns
    ``{"<namespace>::npu_fused_gdn_decode": status}``: ``"defined"``, ``"defined earlier by ascendops"``, or
    ``"exists (not redefined): <schema>"`` for a name something else defined (also a warning). Call it only where
    the callers' own extension is not loaded: loading that later fails on the name this defines."""
    if isinstance(namespaces, str):
        raise TypeError("namespaces must be an iterable of namespace names, not a str")
    namespaces = tuple(namespaces)
    unknown = [n for n in namespaces if n not in CALLER_SCHEMAS]
    if unknown:
        raise ValueError(f"namespaces {unknown} must be among {sorted(CALLER_SCHEMAS)}")
    status = {}
    for namespace in namespaces:
        qualname = f"{namespace}::{NAME}"
        if qualname in _defined:
            status[qualname] = "defined earlier by ascendops"
            continue
        schemas = _existing_schemas(namespace)
        if schemas is not None:
            status[qualname] = "exists (not redefined): " + "; ".join(schemas)
            warnings.warn(f"ascendops: {qualname} {status[qualname]}", RuntimeWarning, stacklevel=2)
            continue
        function = _FUNCTIONS[namespace]
        op = torch.library.custom_op(
            qualname, function, mutates_args=(_MUTATED[namespace],), schema=CALLER_SCHEMAS[namespace]
        )
        op.register_fake(function)
        _defined[qualname] = op
        status[qualname] = "defined"
    return status
