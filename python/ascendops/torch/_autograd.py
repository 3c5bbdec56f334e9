"""Autograd functions whose backward is one of our kernels.

``embedding``: forward is the plain torch lookup ``weight[indices]``; backward is EmbeddingDenseGrad
(``torch.ops.ascendops.embedding_dense_grad``, FLOAT32 grads: other weight dtypes go through float32 and back).
"""

import torch

__all__ = ["embedding"]


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


def embedding(indices, weight, padding_idx=None, scale_grad_by_freq=False, *, soc=None, core_num=0):
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
