"""NumPy golden of FusedGdnDecode (spec: docs/ops/fused_gdn_decode.md).

One gated-delta-net decode step in float32 (inputs are quantised to their dtype by the caller and widened here):
q and k L2-normalised with eps 1e-6 inside the square root (q then times ``scale``), g = -exp(aLog) *
softplus(a + dtBias) with torch's threshold semantics, beta = sigmoid(b), and per value head j (q/k head
j // (Hv / H)): S = exp(g) S; S += beta (v - S k) k^T; out = S q. Slots <= 0 or >= BlockNum give a zero out row and
leave the state alone.
"""

import numpy as np

__all__ = ["EPS", "fused_gdn_decode", "softplus"]

EPS = 1e-6


def softplus(x, threshold):
    """torch.nn.functional.softplus(x, beta=1, threshold) in float32: x above the threshold, else log(1 + exp(x))."""
    x = np.asarray(x, np.float32)
    with np.errstate(over="ignore"):
        soft = np.log1p(np.exp(np.minimum(x, np.float32(threshold)))).astype(np.float32)
    return np.where(x > np.float32(threshold), x, soft).astype(np.float32)


def _l2_normalise(x):
    return x / np.sqrt(np.sum(x * x, axis=-1, keepdims=True) + np.float32(EPS))


def fused_gdn_decode(mixed_qkv, a, b, a_log, dt_bias, state, ssm_state_indices, *, scale=1.0, softplus_threshold=20.0):
    """Returns (out (B, 1, Hv, V) float32, new_state float32 copy of ``state`` with the touched slots updated).

    Rows are applied one after another in batch order: a row naming the slot of an earlier row sees that row's
    update (the operator's contract for duplicate indices)."""
    f32 = np.float32
    mixed = np.asarray(mixed_qkv).astype(f32)
    state_in = np.asarray(state)
    blocks, hv, v_dim, k_dim = state_in.shape
    batch = mixed.shape[0]
    h = (mixed.shape[1] - hv * v_dim) // (2 * k_dim)
    q = _l2_normalise(mixed[:, : h * k_dim].reshape(batch, h, k_dim)) * f32(scale)
    k = _l2_normalise(mixed[:, h * k_dim : 2 * h * k_dim].reshape(batch, h, k_dim))
    v = mixed[:, 2 * h * k_dim :].reshape(batch, hv, v_dim)
    x = np.asarray(a).astype(f32) + np.asarray(dt_bias).astype(f32)[None, :]
    g = -np.exp(np.asarray(a_log, f32))[None, :] * softplus(x, softplus_threshold)
    decay = np.exp(g).astype(f32)
    beta = (1.0 / (1.0 + np.exp(-np.asarray(b).astype(f32)))).astype(f32)
    heads = np.arange(hv) // (hv // h)

    new_state = state_in.astype(f32)
    out = np.zeros((batch, 1, hv, v_dim), f32)
    for row, slot in enumerate(np.asarray(ssm_state_indices).astype(np.int64)):
        if slot <= 0 or slot >= blocks:
            continue
        qh, kh = q[row, heads], k[row, heads]  # (Hv, K)
        s = new_state[slot] * decay[row][:, None, None]  # (Hv, V, K)
        delta = beta[row][:, None] * (v[row] - np.einsum("jvk,jk->jv", s, kh))
        s = s + delta[:, :, None] * kh[:, None, :]
        out[row, 0] = np.einsum("jvk,jk->jv", s, qh)
        new_state[slot] = s.astype(state_in.dtype).astype(f32)  # between rows the state lives in its own dtype
    return out, new_state


def fused_gdn_decode_row_by_row(mixed_qkv, a, b, a_log, dt_bias, state, ssm_state_indices, **attrs):
    """The batch-order contract put another way: one golden call per batch row, the state passed on in its own dtype
    between rows. Returns (out, state in its dtype)."""
    state = state.copy()
    outs = []
    for row in range(mixed_qkv.shape[0]):
        one = slice(row, row + 1)
        out, new_state = fused_gdn_decode(
            mixed_qkv[one], a[one], b[one], a_log, dt_bias, state, ssm_state_indices[one], **attrs
        )
        state = new_state.astype(state.dtype)
        outs.append(out)
    return np.concatenate(outs), state
