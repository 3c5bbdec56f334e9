"""NumPy golden of FusedSwigluGrad (spec: docs/ops/fused_swiglu_grad.md), all five outputs.

Everything in float32, rounded to bfloat16 (round to nearest even) only where the kernels round: dg and dfc when
they are written (the matmuls consume the rounded values), db_g / db_fc after an FP32 column sum, dw_* and dx after
an FP32 matmul. The element-wise chain follows the b kernel's order of operations so that the two differ only by
the last bit of exp / reciprocal:
    s = 1 / (1 + exp(-g)),  gs = g * s,  dfc = gs * dy,  dg = (fc * dy) * ((g - gs) * s + s)
"""

import ml_dtypes
import numpy as np

__all__ = ["b_kernel", "w_kernel", "x_kernel", "fused_swiglu_grad", "sigmoid", "assert_close", "REL_NORM"]

BF16 = ml_dtypes.bfloat16


def _f32(a):
    return np.asarray(a).astype(np.float32)


def sigmoid(g):
    """float32 sigmoid as the kernel computes it (exp of -g: no inf / inf for large g)."""
    with np.errstate(over="ignore"):
        return np.float32(1) / (np.float32(1) + np.exp(-g))


def b_kernel(dy, g, fc):
    """dict dg, dfc ([M, N]) and db_g, db_fc ([1, N]), bfloat16."""
    dy, g, fc = _f32(dy), _f32(g), _f32(fc)
    s = sigmoid(g)
    gs = g * s
    dfc = gs * dy
    dg = (fc * dy) * ((g - gs) * s + s)
    return {
        "dg": dg.astype(BF16),
        "dfc": dfc.astype(BF16),
        "db_g": dg.sum(axis=0, dtype=np.float32, keepdims=True).astype(BF16),
        "db_fc": dfc.sum(axis=0, dtype=np.float32, keepdims=True).astype(BF16),
    }


def w_kernel(x, dg, dfc):
    """dw_g = x^T dg, dw_fc = x^T dfc ([K, N]): FP32 matmul of the BF16 operands, one cast to bfloat16."""
    xt = _f32(x).T
    return {"dw_g": (xt @ _f32(dg)).astype(BF16), "dw_fc": (xt @ _f32(dfc)).astype(BF16)}


def x_kernel(dg, dfc, w_g, w_fc):
    """dx = dg w_g^T + dfc w_fc^T ([M, K]), FP32, one cast to bfloat16."""
    return {"dx": (_f32(dg) @ _f32(w_g).T + _f32(dfc) @ _f32(w_fc).T).astype(BF16)}


def fused_swiglu_grad(dy, g, fc, x, w_g, w_fc):
    """The whole backward: dict dx, dw_g, dw_fc, db_g, db_fc (and the intermediates dg, dfc), bfloat16."""
    b = b_kernel(dy, g, fc)
    return {**x_kernel(b["dg"], b["dfc"], w_g, w_fc), **w_kernel(x, b["dg"], b["dfc"]), **b}


# The check the tests apply to every output : relative error norm ||out - ref|| / ||ref|| < 1e-2 and,
# elementwise, |out - ref| <= |ref| / 128 (one bf16 ulp) + 1e-2 RMS(ref) (scaled by the output's size: a pure rtol is
# meaningless where a sum cancels to ~0).
REL_NORM = 1e-2


def assert_close(out, ref, name=""):
    out, ref = np.asarray(out, np.float64), np.asarray(ref, np.float64)
    assert out.shape == ref.shape, f"{name}: shape {out.shape} != {ref.shape}"
    norm = np.linalg.norm(ref)
    assert norm > 0, f"{name}: reference is all zeros (the data must be at unit scale)"
    rel = np.linalg.norm(out - ref) / norm
    assert rel < REL_NORM, f"{name}: relative error norm {rel:.3g} >= {REL_NORM}"
    rms = norm / np.sqrt(ref.size)
    bound = np.abs(ref) / 128 + 1e-2 * rms
    bad = np.abs(out - ref) > bound
    assert not bad.any(), f"{name}: {bad.sum()} elements beyond |ref| / 128 + 1e-2 RMS, first at {np.argwhere(bad)[0]}"
