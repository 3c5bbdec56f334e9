"""Autograd functions whose backward is one of our kernels.

``embedding``: forward is the plain torch lookup ``weight[indices]``; backward is EmbeddingDenseGrad
(``torch.ops.ascendops.embedding_dense_grad``, FLOAT32 grads: other weight dtypes go through float32 and back).

``swiglu``: forward ``SiLU(x W_g + b_g) * (x W_fc + b_fc)`` in torch; backward is FusedSwigluGrad
(``torch.ops.ascendops.fused_swiglu_grad``, bfloat16: other dtypes go through bfloat16 and back, so the gradients
carry bfloat16 precision).
"""

import math
from typing import Optional

import torch

from .. import _C
from .._args import as_bool, as_int
from .._backend import DEFAULT_SOC, select
from ._convert import numpy_dtype

__all__ = ["embedding", "swiglu"]


def _spec(shape, dtype):
    """A C-contiguous (shape, strides, dtype) spec: a tensor the backward will build, for the twin's phase 1."""
    strides, step = [], 1
    for d in reversed(shape):
        strides.insert(0, step)
        step *= max(int(d), 1)
    return [int(d) for d in shape], strides, numpy_dtype(dtype)


def _backward_checked_here(tensors, soc, core_num, default_soc=None):
    """The backward's rules are applied at the call (not at backward): on the CPU twin for CPU tensors, whose
    device ``soc`` / ``core_num`` select (checked); NPU tensors are left to the device's aclnn call. Under
    torch.compile the backward's fake kernel applies them when the backward graph is traced, before any run."""
    if torch.compiler.is_compiling() or any(t.device.type != "cpu" for t in tensors):
        return False
    select("sim", default_soc if soc is None else soc, core_num)
    return True


class _Embedding(torch.autograd.Function):
    @staticmethod
    def forward(indices, weight, padding_idx, scale_grad_by_freq, soc, core_num):
        return torch.nn.functional.embedding(indices, weight)

    @staticmethod
    def setup_context(ctx, inputs, output):
        indices, weight, padding_idx, scale_grad_by_freq, soc, core_num = inputs
        ctx.save_for_backward(indices)
        ctx.num_weights = weight.shape[0]
        ctx.weight_dtype = weight.dtype
        ctx.options = (padding_idx, scale_grad_by_freq)
        ctx.device = {"soc": soc, "core_num": core_num}

    @staticmethod
    def backward(ctx, grad_output):
        (indices,) = ctx.saved_tensors
        grad = grad_output.to(torch.float32).contiguous()  # sum() hands over an expanded (stride-0) grad
        grad_weight = torch.ops.ascendops.embedding_dense_grad(
            grad, indices, ctx.num_weights, *ctx.options, **ctx.device
        )
        return None, grad_weight.to(ctx.weight_dtype), None, None, None, None


def embedding(
    indices: torch.Tensor,
    weight: torch.Tensor,
    padding_idx: Optional[int] = None,
    scale_grad_by_freq: bool = False,
    *,
    soc: Optional[str] = None,
    core_num: int = 0,
) -> torch.Tensor:
    """``torch.nn.functional.embedding(indices, weight, padding_idx, scale_grad_by_freq=...)`` whose weight
    gradient comes from the EmbeddingDenseGrad kernel (on the CPU twin playing ``soc`` for CPU tensors)."""
    scale_grad_by_freq = as_bool("scale_grad_by_freq", scale_grad_by_freq)
    core_num = as_int("core_num", core_num, min=0)
    if weight.dim() != 2:
        raise ValueError(f"weight must be 2-D [num_weights, embedding_dim], got shape {list(weight.shape)}")
    num_weights = weight.shape[0]
    if padding_idx is None:
        padding_idx = -1
    elif -num_weights <= as_int("padding_idx", padding_idx) < num_weights:
        padding_idx = padding_idx % num_weights  # torch's rule: a negative padding_idx counts from the end
    else:
        raise ValueError(
            f"padding_idx must be within [-{num_weights}, {num_weights}) (num_weights), " f"got {padding_idx}"
        )
    if _backward_checked_here((indices, weight), soc, core_num):
        grad_shape = (*indices.shape, weight.shape[1])
        _C.embedding_dense_backward_check(
            _spec(grad_shape, torch.float32),
            _spec(indices.shape, indices.dtype),
            num_weights,
            padding_idx,
            scale_grad_by_freq,
        )
    return _Embedding.apply(indices, weight, padding_idx, scale_grad_by_freq, soc, core_num)


class _Swiglu(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, w_g, b_g, w_fc, b_fc, soc, core_num):
        g, fc = x @ w_g + b_g, x @ w_fc + b_fc
        ctx.save_for_backward(x, w_g, w_fc, g, fc)  # g and fc: what the b kernel takes
        ctx.dtypes = tuple(t.dtype for t in (x, w_g, b_g, w_fc, b_fc))
        ctx.bias_shapes = (b_g.shape, b_fc.shape)
        ctx.device = {"soc": soc, "core_num": core_num}
        return torch.nn.functional.silu(g) * fc

    @staticmethod
    def backward(ctx, grad_output):
        x, w_g, w_fc, g, fc = ctx.saved_tensors
        k, n = w_g.shape

        def rows(t, width):  # [..., width] -> [M, width], bfloat16, contiguous
            return t.reshape(-1, width).to(torch.bfloat16).contiguous()

        dx, dw_g, dw_fc, db_g, db_fc = torch.ops.ascendops.fused_swiglu_grad(
            rows(grad_output, n), rows(g, n), rows(fc, n), rows(x, k), rows(w_g, n), rows(w_fc, n), **ctx.device
        )
        grads = (
            dx.reshape(x.shape),
            dw_g,
            _bias_grad(db_g, ctx.bias_shapes[0]),
            dw_fc,
            _bias_grad(db_fc, ctx.bias_shapes[1]),
        )
        return (*(t.to(dtype) for t, dtype in zip(grads, ctx.dtypes)), None, None)


def _bias_grad(db, shape):
    """A bias's gradient from the kernel's column sums db [1, N]: the bias broadcasts over the rows (_check_bias),
    and a one-element bias also over the columns."""
    grad = db.reshape(-1)
    return (grad.sum() if math.prod(shape) == 1 else grad).reshape(shape)


def _check_bias(name, bias, n):
    """A bias the kernel's column sums give the gradient of: shape [N] or [1] after leading 1s, or a scalar."""
    shape = tuple(bias.shape)
    if any(d != 1 for d in shape[:-1]) or (shape and shape[-1] not in (1, n)):
        raise ValueError(
            f"{name} shape {list(shape)} must broadcast over the rows only: [{n}], [1] or a scalar "
            f"(leading dims of 1 allowed)"
        )


def swiglu(
    x: torch.Tensor,
    w_g: torch.Tensor,
    b_g: torch.Tensor,
    w_fc: torch.Tensor,
    b_fc: torch.Tensor,
    *,
    soc: Optional[str] = None,
    core_num: int = 0,
) -> torch.Tensor:
    """``SiLU(x @ w_g + b_g) * (x @ w_fc + b_fc)`` (x [..., K], w_g / w_fc [K, N], b_g / b_fc [N]) whose gradients
    come from the FusedSwigluGrad kernels (on the CPU twin playing ``soc`` for CPU tensors)."""
    core_num = as_int("core_num", core_num, min=0)
    for name, w in (("w_g", w_g), ("w_fc", w_fc)):
        if w.dim() != 2:
            raise ValueError(f"{name} must be 2-D [K, N], got shape {list(w.shape)}")
    if x.dim() < 1:
        raise ValueError("x must have at least one dim [..., K], got a 0-d tensor")
    k, n = w_g.shape
    _check_bias("b_g", b_g, n)
    _check_bias("b_fc", b_fc, n)
    if _backward_checked_here((x, w_g, b_g, w_fc, b_fc), soc, core_num, DEFAULT_SOC):
        m = math.prod(x.shape[:-1])
        rows_n = _spec((m, n), torch.bfloat16)
        _C.fused_swiglu_grad_check(
            [
                rows_n,
                rows_n,
                rows_n,
                _spec((m, x.shape[-1]), torch.bfloat16),
                _spec(tuple(w_g.shape), torch.bfloat16),
                _spec(tuple(w_fc.shape), torch.bfloat16),
            ]
        )
    return _Swiglu.apply(x, w_g, b_g, w_fc, b_fc, soc, core_num)
