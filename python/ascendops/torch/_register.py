"""Registers every ``OpSpec`` with torch.library under the namespace ``ascendops`` (Python only, no C++ built
against torch): the CPU kernel, the fake kernel and, when torch_npu is present, the NPU kernel."""

import torch

from . import _npu_views

__all__ = ["NAMESPACE", "register"]

NAMESPACE = "ascendops"


def _mutated_args(qualified_name, schema):
    """The arguments the schema marks as written (``Tensor(a!)``): the one definition of what an op mutates."""
    parsed = torch._C.parse_schema(qualified_name + schema)
    return tuple(arg.name for arg in parsed.arguments if arg.alias_info is not None and arg.alias_info.is_write)


def register(specs):
    """Defines ``torch.ops.ascendops.<name>`` for each spec; returns {name: torch.library.CustomOpDef}."""
    with_npu = _npu_views.available()
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
        if with_npu:  # torch_npu names PrivateUse1 "npu"
            op.register_kernel("npu", spec.npu)
        ops[spec.name] = op
    return ops
