"""``ascendops bench ratio``: the twin's wall time over NumPy doing the same math, per operator (target <= 2.0).

Each case times one call through the operator's Python front on the twin (every rule on, the SoC's default core
count) and the fastest vectorised NumPy of the same math written here (no Python loop over rows or heads; the
goldens stay independent), interleaved (twin, NumPy, twin, NumPy ...) so load from other processes hits both alike.
Reported: the medians of each side, the median and spread (min - max) of the paired wall ratios twin / NumPy, and
the median paired ratio of CPU time (every thread of the process): on a loaded machine the wall ratio swings with
what else runs (idle BLAS threads spin), the CPU ratio much less.
"""

import time

import ml_dtypes
import numpy as np

from .._args import cli_int
from ..ops.cast import cast
from ..ops.embedding_dense_grad import embedding_dense_grad
from ..ops.embedding_dense_grad import sample as edg_sample
from ..ops.fused_gdn_decode import fused_gdn_decode, make_inputs
from ..ops.fused_swiglu_grad import fused_swiglu_grad, sample_all
from ..ops.split import split

__all__ = ["add_args", "run", "NOTE", "SOCS", "TARGET", "cases"]

SOCS = ()  # each case runs on its operator's bench SoC

TARGET = 2.0

NOTE = (
    "(wall time of one call on the CPU twin and of vectorised NumPy doing the same math, measured on this machine, "
    "interleaved; ratio = twin / NumPy per pair: median and min - max; cpu_ratio: the same of the process's CPU "
    "time, all threads, which other processes' load disturbs less)"
)

_BF16 = ml_dtypes.bfloat16
_F32 = np.float32


def add_args(parser):
    parser.add_argument("--repeat", type=cli_int(min=1, max=1000), default=5, help="timed pairs per case (default 5)")
    parser.add_argument("--quick", action="store_true", help="1/16 of the rows of every case (for tests)")
    parser.add_argument("--only", default=None, help="only the cases whose operator or name contains this text")


# --- the NumPy side: the same math, vectorised -------------------------------------------------------------------


def _np_cast(x, dtype):
    return x.astype(dtype)


def _np_split(x, size):
    """Contiguous pieces of ``size`` along the last dim, as the operator returns them (copies, not views)."""
    pieces = np.empty((x.shape[1] // size, x.shape[0], size), x.dtype)
    pieces[...] = x.reshape(x.shape[0], -1, size).transpose(1, 0, 2)
    return list(pieces)


def _np_embedding_dense_grad(grad, idx, num_weights):
    """Sorted indices, then one fancy-index add per multiplicity level (the r-th row of every index at once): a loop
    over the largest count of one index (a handful), never over rows; np.add.reduceat along rows is 10x slower."""
    order = np.argsort(idx, kind="stable")
    keys = idx[order]
    starts = np.flatnonzero(np.r_[True, keys[1:] != keys[:-1]])
    rank = np.arange(keys.size) - np.repeat(starts, np.diff(np.r_[starts, keys.size]))
    out = np.zeros((num_weights, grad.shape[1]), grad.dtype)
    for level in range(int(rank.max()) + 1 if rank.size else 0):
        rows = order[rank == level]
        out[idx[rows]] += grad[rows]
    return out


def _np_gdn_decode(mixed, a, b, a_log, dt_bias, state, idx, h, hv, k, v):
    """One decode step of every row at once (slots distinct and valid, as the bench's inputs are)."""
    bsz = mixed.shape[0]
    m = mixed.astype(_F32)
    q = m[:, : h * k].reshape(bsz, h, k)
    kk = m[:, h * k : 2 * h * k].reshape(bsz, h, k)
    vv = m[:, 2 * h * k :].reshape(bsz, hv, v)
    q = q / np.sqrt(np.einsum("bhk,bhk->bh", q, q) + 1e-6)[..., None]
    kk = kk / np.sqrt(np.einsum("bhk,bhk->bh", kk, kk) + 1e-6)[..., None]
    rep = hv // h
    q, kk = np.repeat(q, rep, axis=1), np.repeat(kk, rep, axis=1)  # [B, Hv, K]
    x = a.astype(_F32) + dt_bias.astype(_F32)
    g = -np.exp(a_log) * np.where(x > 20.0, x, np.log1p(np.exp(np.minimum(x, 20.0))))
    beta = 1 / (1 + np.exp(-b.astype(_F32)))
    decay = np.exp(g)[..., None, None]
    s = state[idx].astype(_F32) * decay  # [B, Hv, V, K]
    delta = beta[..., None] * (vv - np.matmul(s, kk[..., None])[..., 0])
    s += delta[..., None] * kk[:, :, None, :]
    state[idx] = s.astype(state.dtype)
    return np.matmul(s, q[..., None])[..., 0].astype(mixed.dtype)[:, None]


def _np_swiglu_grad(dy, g, fc, x, w_g, w_fc):
    """The b kernel in FP32 (dg, dfc rounded to BF16), then the four products in FP32 BLAS, cast once."""
    dy, g, fc = dy.astype(_F32), g.astype(_F32), fc.astype(_F32)
    s = 1 / (1 + np.exp(-g))
    dg = (dy * fc * s * (1 + g * (1 - s))).astype(_BF16).astype(_F32)
    dfc = (dy * g * s).astype(_BF16).astype(_F32)
    xf = x.astype(_F32)
    dw_g, dw_fc = xf.T @ dg, xf.T @ dfc
    dx = dg @ w_g.astype(_F32).T + dfc @ w_fc.astype(_F32).T
    return [t.astype(_BF16) for t in (dx, dw_g, dw_fc, dg.sum(0, keepdims=True), dfc.sum(0, keepdims=True))]


# --- the cases: (operator, case, twin call, NumPy call), built lazily so only selected cases allocate ------------


def _cast_case(src, dst, n):
    def make():
        x = np.random.default_rng(0).normal(0, 300, n).astype(src)
        return (lambda: cast(x, dst, soc="ascend310p")), (lambda: _np_cast(x, dst))

    return "cast", f"{np.dtype(src).name} -> {np.dtype(dst).name}, n {n}", make


def _split_case(shape, dtype, size, soc):
    def make():
        x = np.random.default_rng(0).integers(0, 100, shape).astype(dtype)
        return (lambda: split(x, size, -1, soc=soc)), (lambda: _np_split(x, size))

    mb = shape[0] * shape[1] * np.dtype(dtype).itemsize / 2**20
    return "split", f"{soc} {mb:g}MB {np.dtype(dtype).name} [{shape[0]}, {shape[1]}] by {size}", make


def _edg_case(n, dim, num_weights):
    def make():
        grad, idx = edg_sample(n, dim, num_weights, seed=dim)
        return (
            (lambda: embedding_dense_grad(grad, idx, num_weights, soc="ascend310p")),
            (lambda: _np_embedding_dense_grad(grad, idx, num_weights)),
        )

    return "embedding_dense_grad", f"N {n}, D {dim}, num_weights {num_weights}", make


def _gdn_case(b, h, hv, k, v, state_dtype):
    def make():
        inputs = make_inputs(b, h, hv, k, v, dtype=_BF16, state_dtype=state_dtype)
        twin_state, np_state = inputs[5].copy(), inputs[5].copy()
        twin_in = [*inputs[:5], twin_state, inputs[6]]
        np_in = [*inputs[:5], np_state, inputs[6]]
        return (lambda: fused_gdn_decode(*twin_in, soc="ascend910b")), (lambda: _np_gdn_decode(*np_in, h, hv, k, v))

    name = np.dtype(state_dtype).name
    return "fused_gdn_decode", f"B {b}, H {h}, Hv {hv}, K {k}, V {v}, {name} state", make


def _swiglu_case(m, k, n):
    def make():
        inputs = sample_all(m, k, n, seed=1)
        return (lambda: fused_swiglu_grad(*inputs, soc="ascend910b")), (lambda: _np_swiglu_grad(*inputs))

    return "fused_swiglu_grad", f"M {m}, K {k}, N {n} (b, w, x kernels)", make


def cases(quick=False):
    """Every case at the operators' bench shapes (``quick``: 1/16 of the rows)."""
    r = 16 if quick else 1
    out = [_cast_case(src, dst, (1 << 24) // r) for src, dst in ((_F32, np.float16), (np.float16, _F32))]
    for soc in ("ascend310p", "ascend910b"):  # bench/split.py's 64 MB cases and its worst case
        for shape, dtype, size in (
            ((16384, 2048), np.float16, 256),
            ((8192, 2048), np.float32, 512),
            ((43690, 1536), np.int8, 512),
            ((2 << 20, 4), np.float16, 1),
        ):
            out.append(_split_case((shape[0] // r, shape[1]), dtype, size, soc))
    out += [_edg_case((1 << 16) // r, d, 50000) for d in (128, 1024, 4096)]
    for state in (_F32, _BF16):  # bench/fused_gdn_decode.py's family at B 16 and 64, and its few-heads batch
        out += [_gdn_case(b, 16, 32, 128, 128, state) for b in (16, 64)]
        out.append(_gdn_case(512 // r, 2, 4, 128, 32, state))
    out += [_swiglu_case(m // r, 512, 1024) for m in (512, 4096)]
    return out


def _time(fn):
    """(wall, CPU) seconds of one call; CPU is the process's, every thread's (the twin's cores, BLAS's threads)."""
    w0, c0 = time.perf_counter(), time.process_time()
    fn()
    return time.perf_counter() - w0, time.process_time() - c0


def run(args):
    rows = []
    for op, name, make in cases(args.quick):
        if args.only and args.only not in op and args.only not in name:
            continue
        twin, numpy = make()
        twin(), numpy()  # warm-up: first touches of the memory, the twin's first launch of the kernel
        pairs = np.array([(_time(twin), _time(numpy)) for _ in range(args.repeat)])  # [pair, side, wall/cpu]
        ratios = pairs[:, 0, 0] / pairs[:, 1, 0]
        cpu_ratio = np.median(pairs[:, 0, 1] / np.maximum(pairs[:, 1, 1], 1e-6))
        med = float(np.median(ratios))
        rows.append(
            {
                "op": op,
                "case": name,
                "twin_ms": round(float(np.median(pairs[:, 0, 0])) * 1e3, 2),
                "numpy_ms": round(float(np.median(pairs[:, 1, 0])) * 1e3, 2),
                "ratio": round(med, 2),
                "spread": f"{ratios.min():.2f} - {ratios.max():.2f}",
                "target": f"<= {TARGET}",
                "met": "yes" if med <= TARGET else "NO",
                "cpu_ratio": round(float(cpu_ratio), 2),
            }
        )
        del twin, numpy
    return rows
