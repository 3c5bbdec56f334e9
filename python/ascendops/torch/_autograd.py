"""Autograd functions whose backward is one of our kernels.

``embedding``: forward is the plain torch lookup ``weight[indices]``; backward is EmbeddingDenseGrad
(``torch.ops.ascendops.embedding_dense_grad``, FLOAT32 grads: other weight dtypes go through float32 and back).

``swiglu``: forward ``SiLU(x W_g + b_g) * (x W_fc + b_fc)`` in torch; backward is FusedSwigluGrad
(``torch.ops.ascendops.fused_swiglu_grad``, bfloat16: other dtypes go through bfloat16 and back, so the gradients
carry bfloat16 precision).
"""

from typing import Optional

import torch

__all__ = ["embedding", "swiglu"]


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
        grad_weight = torch.ops.ascendops.embedding_dense_grad(grad, indices, ctx.num_weights, *ctx.options,
                                                               **ctx.device)
        return None, grad_weight.to(ctx.weight_dtype), None, None, None, None


def embedding(indices: torch.Tensor, weight: torch.Tensor, padding_idx: Optional[int] = None,
              scale_grad_by_freq: bool = False, *, soc: Optional[str] = None, core_num: int = 0) -> torch.Tensor:
    """``torch.nn.functional.embedding(indices, weight, padding_idx, scale_grad_by_freq=...)`` whose weight
    gradient comes from the EmbeddingDenseGrad kernel (on the CPU twin playing ``soc`` for CPU tensors)."""
    num_weights = weight.shape[0]
    if padding_idx is None:
        padding_idx = -1
    elif -num_weights <= padding_idx < num_weights:
        padding_idx = padding_idx % num_weights  # torch's rule: a negative padding_idx counts from the end
    else:
        raise ValueError(f"padding_idx must be within [-{num_weights}, {num_weights}) (num_weights), "
                         f"got {padding_idx}")
    return _Embedding.apply(indices, weight, padding_idx, bool(scale_grad_by_freq), soc, core_num)


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
            rows(grad_output, n), rows(g, n), rows(fc, n), rows(x, k), rows(w_g, n), rows(w_fc, n), **ctx.device)
        grads = (dx.reshape(x.shape), dw_g, db_g.reshape(ctx.bias_shapes[0]), dw_fc, db_fc.reshape(ctx.bias_shapes[1]))
        return (*(t.to(dtype) for t, dtype in zip(grads, ctx.dtypes)), None, None)


def swiglu(x: torch.Tensor, w_g: torch.Tensor, b_g: torch.Tensor, w_fc: torch.Tensor, b_fc: torch.Tensor, *,
           soc: Optional[str] = None, core_num: int = 0) -> torch.Tensor:
    """``SiLU(x @ w_g + b_g) * (x @ w_fc + b_fc)`` (x [..., K], w_g / w_fc [K, N], b_g / b_fc [N]) whose gradients
    come from the FusedSwigluGrad kernels (on the CPU twin playing ``soc`` for CPU tensors)."""
    return _Swiglu.apply(x, w_g, b_g, w_fc, b_fc, soc, core_num)
