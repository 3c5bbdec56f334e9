"""NumPy golden of EmbeddingDenseGrad (spec: docs/ops/embedding_dense_grad.md).

out[k, :] = sum of grad rows whose index is k (``np.add.at``), accumulated in float64; with
``scale_grad_by_freq`` a row whose index occurs count >= 2 times is divided by count. Rows whose index is
``padding_idx`` (when >= 0) or outside [0, num_weights) contribute nothing: the package skips them.
"""

import numpy as np

__all__ = ["embedding_dense_grad"]


def embedding_dense_grad(grad, indices, num_weights, padding_idx=-1, scale_grad_by_freq=False):
    grad = np.asarray(grad)
    dim = grad.shape[-1]
    rows = grad.reshape(-1, dim).astype(np.float64)
    idx = np.asarray(indices).reshape(-1).astype(np.int64)
    keep = (idx >= 0) & (idx < num_weights)
    if padding_idx >= 0:
        keep &= idx != padding_idx
    out = np.zeros((num_weights, dim), np.float64)
    np.add.at(out, idx[keep], rows[keep])
    if scale_grad_by_freq:
        counts = np.bincount(idx[keep], minlength=num_weights)
        scaled = counts >= 2
        out[scaled] /= counts[scaled, None]
    return out.astype(np.float32)
