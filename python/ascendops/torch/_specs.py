"""The operator table of the torch front: one ``OpSpec`` per operator, registered by ``_register.py``.

Adding an operator is one entry: its schema (mutated inputs annotated ``Tensor(a!)``, list outputs ``Tensor[]``), a
CPU kernel that runs the NumPy API on views of the tensors' memory, a fake kernel (shapes and dtypes only, for
FakeTensor / meta / torch.compile); the NPU kernels are the native C++ ones of ``npu_ext/``, with the same schemas
(checked by tests/torch/test_torch_npu_ext.py). Every
schema ends with ``*, str? soc=None, int core_num=0``: the SoC the CPU twin plays (None: the package default of the
calling thread) and its core count; NPU kernels ignore both (the device is what it is).
"""

from dataclasses import dataclass
from typing import Callable

import torch

from .. import _C
from .._backend import DEFAULT_SOC, select
from ..registry import operator
from ..ops.cast import cast as numpy_cast
from ..ops.embedding_dense_grad import embedding_dense_grad as numpy_embedding_dense_grad
from ..ops.fused_gdn_decode import _out_shape as _gdn_out_shape
from ..ops.fused_gdn_decode import fused_gdn_decode as numpy_fused_gdn_decode
from ..ops.fused_swiglu_grad import OUTPUTS as _SWIGLU_OUTPUTS
from ..ops.fused_swiglu_grad import fused_swiglu_grad as numpy_fused_swiglu_grad
from ..ops.split import split as numpy_split
from ._convert import check_updatable, from_numpy, numpy_dtype, tensor_spec, to_numpy

__all__ = ["OpSpec", "OP_SPECS"]

_DEVICE_ARGS = "str? soc=None, int core_num=0"


@dataclass(frozen=True)
class OpSpec:
    name: str  # torch.ops.ascendops.<name>
    schema: str  # "(arguments) -> returns"
    cpu: Callable  # CPU tensors -> the NumPy API (the CPU twin)
    fake: Callable  # FakeTensor / meta: output shapes and dtypes


def _schema(name):
    """The registry's torch schema of operator ``name`` with the device arguments appended (keyword-only)."""
    args, returns = operator(name)["torch"].split(" -> ")
    return f"{args[:-1]}{', ' if '*' in args else ', *, '}{_DEVICE_ARGS}) -> {returns}"


def _device(soc, core_num):
    """The NumPy API's device arguments; soc=None keeps the operator's own default."""
    return {"core_num": core_num} if soc is None else {"soc": soc, "core_num": core_num}


def _twin_checks(tensors, soc, core_num, default_soc=None):
    """True when a fake kernel must apply the CPU kernel's rules (the twin's phase 1 on the tensors' metadata):
    CPU and meta tensors with concrete shapes. Selects the device the CPU kernel would (soc / core_num checked).
    NPU tensors are checked by the device's own aclnn call; symbolic shapes are left to the real call."""
    if any(t.device.type not in ("cpu", "meta") for t in tensors):
        return False
    select("sim", default_soc if soc is None else soc, core_num)  # the NumPy API's default when soc is None
    return all(isinstance(d, int) for t in tensors for d in (*t.shape, *t.stride()))


# Cast ------------------------------------------------------------------------------------------------------------
def _cast_cpu(x, dtype, *, soc=None, core_num=0):
    return from_numpy(numpy_cast(to_numpy(x, "x"), numpy_dtype(dtype), **_device(soc, core_num)))


def _cast_fake(x, dtype, *, soc=None, core_num=0):
    if _twin_checks((x,), soc, core_num):
        _C.cast_check(tensor_spec(x, "x"), numpy_dtype(dtype))
    return x.new_empty(x.shape, dtype=dtype)


# EmbeddingDenseGrad (raw indices; on the NPU sorted on the device, then the kernel-level aclnn) -------------------
def _edg_shape(grad, num_weights):
    return (num_weights, grad.shape[-1] if grad.dim() else 0)


def _edg_cpu(grad, indices, num_weights, padding_idx=-1, scale_grad_by_freq=False, *, soc=None, core_num=0):
    out = numpy_embedding_dense_grad(
        to_numpy(grad, "grad"),
        to_numpy(indices, "indices"),
        num_weights,
        padding_idx,
        scale_grad_by_freq,
        **_device(soc, core_num),
    )
    return from_numpy(out)


def _edg_fake(grad, indices, num_weights, padding_idx=-1, scale_grad_by_freq=False, *, soc=None, core_num=0):
    if _twin_checks((grad, indices), soc, core_num):
        _C.embedding_dense_backward_check(
            tensor_spec(grad, "grad"), tensor_spec(indices, "indices"), num_weights, padding_idx, scale_grad_by_freq
        )
    return grad.new_empty(_edg_shape(grad, num_weights), dtype=torch.float32)


_GDN_INPUTS = ("mixed_qkv", "a", "b", "a_log", "dt_bias")


# FusedGdnDecode (state updated in place) ---------------------------------------------------------------------------
def _gdn_cpu(
    mixed_qkv,
    a,
    b,
    a_log,
    dt_bias,
    state,
    ssm_state_indices,
    *,
    scale=1.0,
    softplus_threshold=20.0,
    soc=None,
    core_num=0,
):
    check_updatable("state", state)  # before to_numpy, which would resolve a negative view into a copy
    inputs = [to_numpy(t, n) for n, t in zip(_GDN_INPUTS, (mixed_qkv, a, b, a_log, dt_bias))]
    out = numpy_fused_gdn_decode(
        *inputs,
        to_numpy(state, "state"),
        to_numpy(ssm_state_indices, "ssm_state_indices"),
        scale=scale,
        softplus_threshold=softplus_threshold,
        **_device(soc, core_num),
    )
    return from_numpy(out)


def _gdn_fake(
    mixed_qkv,
    a,
    b,
    a_log,
    dt_bias,
    state,
    ssm_state_indices,
    *,
    scale=1.0,
    softplus_threshold=20.0,
    soc=None,
    core_num=0,
):
    tensors = (mixed_qkv, a, b, a_log, dt_bias, state, ssm_state_indices)
    check_updatable("state", state)
    if _twin_checks(tensors, soc, core_num, DEFAULT_SOC):
        specs = [tensor_spec(t, n) for n, t in zip((*_GDN_INPUTS, "state", "ssm_state_indices"), tensors)]
        _C.fused_gdn_decode_check(specs, _gdn_out_shape(mixed_qkv, a, state), scale, softplus_threshold)
    return mixed_qkv.new_empty(_gdn_out_shape(mixed_qkv, a, state))


_SWIGLU_INPUTS = ("dy", "g", "fc", "x", "w_g", "w_fc")


# FusedSwigluGrad (the user-level call: b, w, x kernels; bfloat16 in and out) ----------------------------------------
def _swiglu_shapes(dy, x):
    m, n, k = dy.shape[0], dy.shape[-1], x.shape[-1]
    return (m, k), (k, n), (k, n), (1, n), (1, n)


def _swiglu_cpu(dy, g, fc, x, w_g, w_fc, *, soc=None, core_num=0):
    tensors = zip(_SWIGLU_INPUTS, (dy, g, fc, x, w_g, w_fc))
    out = numpy_fused_swiglu_grad(*(to_numpy(t, n) for n, t in tensors), **_device(soc, core_num))
    return tuple(from_numpy(out[name]) for name in _SWIGLU_OUTPUTS)


def _swiglu_fake(dy, g, fc, x, w_g, w_fc, *, soc=None, core_num=0):
    if _twin_checks((dy, g, fc, x, w_g, w_fc), soc, core_num, DEFAULT_SOC):
        _C.fused_swiglu_grad_check([tensor_spec(t, n) for n, t in zip(_SWIGLU_INPUTS, (dy, g, fc, x, w_g, w_fc))])
    return tuple(dy.new_empty(shape) for shape in _swiglu_shapes(dy, x))


# Split (sections already resolved: the torch-style wrappers in __init__.py turn split_size / chunks into them) ----
def _split_cpu(x, split_sections, dim=0, *, soc=None, core_num=0):
    pieces = numpy_split(to_numpy(x, "x"), [int(s) for s in split_sections], dim, **_device(soc, core_num))
    return [from_numpy(p) for p in pieces]


def _split_fake(x, split_sections, dim=0, *, soc=None, core_num=0):
    if _twin_checks((x,), soc, core_num):
        _C.split_check(tensor_spec(x, "x"), [int(s) for s in split_sections], dim)
    d = dim % x.dim()
    return [x.new_empty((*x.shape[:d], s, *x.shape[d + 1 :])) for s in split_sections]


OP_SPECS = (
    OpSpec("cast", _schema("cast"), _cast_cpu, _cast_fake),
    OpSpec("embedding_dense_grad", _schema("embedding_dense_grad"), _edg_cpu, _edg_fake),
    OpSpec("fused_gdn_decode", _schema("fused_gdn_decode"), _gdn_cpu, _gdn_fake),
    OpSpec("fused_swiglu_grad", _schema("fused_swiglu_grad"), _swiglu_cpu, _swiglu_fake),
    OpSpec("split", _schema("split"), _split_cpu, _split_fake),
)
