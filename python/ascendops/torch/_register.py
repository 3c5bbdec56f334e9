"""Registers every ``OpSpec`` with torch.library under the namespace ``ascendops``: the CPU kernel and the fake
kernel from Python and, when torch_npu is present, the NPU kernels: the native extension's C++ kernels when it is
installed (``_npu_ext``), else the Python ones through ``_C_npu``."""

import torch

from . import _npu_ext, _npu_views

__all__ = ["NAMESPACE", "npu_kernels", "register"]

NAMESPACE = "ascendops"
_npu_kernels = ["not registered yet"]


def npu_kernels():
    """Which NPU kernels serve ``torch.ops.ascendops.*``: "native", "python", or the reason neither is registered."""
    return _npu_kernels[0]


def _mutated_args(qualified_name, schema):
    """The arguments the schema marks as written (``Tensor(a!)``): the one definition of what an op mutates."""
    parsed = torch._C.parse_schema(qualified_name + schema)
    return tuple(arg.name for arg in parsed.arguments if arg.alias_info is not None and arg.alias_info.is_write)


def register(specs):
    """Defines ``torch.ops.ascendops.<name>`` for each spec; returns {name: torch.library.CustomOpDef}."""
    native_reason = _npu_ext.unavailable_reason()
    with_python_npu = native_reason != "" and _npu_views.available()
    _npu_kernels[0] = "native" if not native_reason else "python" if with_python_npu else native_reason
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
        if with_python_npu:  # torch_npu names PrivateUse1 "npu"
            op.register_kernel("npu", spec.npu)
        ops[spec.name] = op
    if not native_reason:
        _npu_ext.load()
    return ops
