"""Registers every ``OpSpec`` with torch.library under the namespace ``ascendops``: the CPU kernel and the fake
kernel from Python and, when torch_npu is present and the native extension installed (``_npu_ext``), its C++ NPU
kernels."""

import torch

from . import _npu_ext

__all__ = ["NAMESPACE", "npu_kernels", "register"]

NAMESPACE = "ascendops"
_npu_kernels = ["not registered yet"]


def npu_kernels():
    """Which NPU kernels serve ``torch.ops.ascendops.*``: "native", or the reason none is registered."""
    return _npu_kernels[0]


def _mutated_args(qualified_name, schema):
    """The arguments the schema marks as written (``Tensor(a!)``): the one definition of what an op mutates."""
    parsed = torch._C.parse_schema(qualified_name + schema)
    return tuple(arg.name for arg in parsed.arguments if arg.alias_info is not None and arg.alias_info.is_write)


def register(specs):
    """Defines ``torch.ops.ascendops.<name>`` for each spec; returns {name: torch.library.CustomOpDef}."""
    native_reason = _npu_ext.unavailable_reason()
    _npu_kernels[0] = native_reason or "native"
    ops = {}
    for spec in specs:
        qualified_name = f"{NAMESPACE}::{spec.name}"
        op = torch.library.custom_op(
            qualified_name,
            spec.cpu,
            mutates_args=_mutated_args(qualified_name, spec.schema),
            device_types="cpu",
            schema=spec.schema,
        )
        op.register_fake(spec.fake)
        ops[spec.name] = op
    if not native_reason:
        _npu_ext.load()
    return ops
