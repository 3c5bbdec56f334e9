"""(c) A gated-delta-net decode loop: FusedGdnDecode step after step against a float64 recurrence.

A batch of BATCH sequences, each with its state slot (one row points at the null slot 0: its output must stay zero
and no state moves), decodes ``steps`` tokens; each step's inputs (bfloat16 q/k/v, gates a and b) are seeded random,
the float32 state is updated in place by our kernel (``ascendops.torch.fused_gdn_decode``) and, independently, by
``recurrence`` below in float64 from the same bfloat16 inputs. The state is the model's memory, so its error is
what carries from step to step.

Metric: per step, max |S - S_64| / max |S_64| over the touched slots (and the same for the outputs); the curve's
maximum is compared. Noise runs: ``recurrence`` in float32 with the K axis (the axis every dot product sums over)
permuted by a seeded permutation (the math unchanged, the rounding different); their largest error against float64
is the noise of a correct float32 recurrence (its outputs rounded to bfloat16, the operator's out dtype).
"""

import numpy as np
import torch

import ascendops.torch as at

from ._common import DEVICE, NOISE_RUNS, one_torch_thread, Row, measure_bound, timed

__all__ = ["FULL_STEPS", "SHORT_STEPS", "VARIANTS", "check", "make_inputs", "recurrence", "run_ours"]

BATCH, H, HV, K, V = 4, 2, 4, 64, 16
SLOTS = [1, 3, 0, 2]  # slot 0 is the null block: that row's out is zero, its state untouched
BLOCKS = 4
SCALE, THRESHOLD, EPS = K**-0.5, 20.0, 1e-6
FULL_STEPS, SHORT_STEPS = 300, 40


def make_inputs(steps, seed=0):
    """Per-step bfloat16 (mixed_qkv [BATCH, 2 H K + HV V], a [BATCH, HV], b [BATCH, HV]) and the fixed a_log
    (float32), dt_bias (bfloat16) and initial float32 state [BLOCKS, HV, V, K]."""
    gen = torch.Generator().manual_seed(seed)
    bf16 = torch.bfloat16
    per_step = [
        (
            torch.randn(BATCH, 2 * H * K + HV * V, generator=gen).to(bf16),
            (torch.randn(BATCH, HV, generator=gen) * 0.5).to(bf16),
            torch.randn(BATCH, HV, generator=gen).to(bf16),
        )
        for _ in range(steps)
    ]
    a_log = torch.log(torch.rand(HV, generator=gen) * 0.45 + 0.05)  # decay exp(g) mostly 0.7..0.97: long memory
    dt_bias = (torch.randn(HV, generator=gen) * 0.1).to(bf16)
    state = torch.randn(BLOCKS, HV, V, K, generator=gen) * 0.1
    return per_step, a_log, dt_bias, state


def recurrence(inputs, dtype=np.float64, k_order=None):
    """The decode loop in NumPy ``dtype`` (written from the operator's math, docs/ops/fused_gdn_decode.md).
    ``k_order``: a permutation of the K axis applied to q, k and the state (undone on the results).
    Returns (states [steps, BLOCKS, HV, V, K], outs [steps, BATCH, HV, V])."""
    per_step, a_log, dt_bias, state = inputs
    order = np.arange(K) if k_order is None else np.asarray(k_order)
    undo = np.argsort(order)
    as_np = lambda t: t.double().numpy().astype(dtype)  # bfloat16 values are exact in both
    decay_rate = np.exp(as_np(a_log))
    state = as_np(state)[..., order]
    heads = np.arange(HV) // (HV // H)
    states, outs = [], []
    for mixed, a, b in per_step:
        mixed, a, b = as_np(mixed), as_np(a), as_np(b)
        q = mixed[:, : H * K].reshape(BATCH, H, K)[..., order]
        k = mixed[:, H * K : 2 * H * K].reshape(BATCH, H, K)[..., order]
        v = mixed[:, 2 * H * K :].reshape(BATCH, HV, V)
        q = q / np.sqrt((q * q).sum(-1, keepdims=True) + dtype(EPS)) * dtype(SCALE)
        k = k / np.sqrt((k * k).sum(-1, keepdims=True) + dtype(EPS))
        x = a + as_np(dt_bias)
        softplus = np.where(x > THRESHOLD, x, np.log1p(np.exp(np.minimum(x, THRESHOLD))))
        decay = np.exp(-decay_rate * softplus)
        beta = 1 / (1 + np.exp(-b))
        out = np.zeros((BATCH, HV, V), dtype)
        for row, slot in enumerate(SLOTS):
            if slot <= 0:
                continue
            kr, qr = k[row, heads], q[row, heads]  # [HV, K]
            s = state[slot] * decay[row][:, None, None]
            error = v[row] - np.einsum("jvk,jk->jv", s, kr)
            s = s + (beta[row][:, None] * error)[:, :, None] * kr[:, None, :]
            out[row] = np.einsum("jvk,jk->jv", s, qr)
            state[slot] = s
        states.append(state[..., undo].copy())
        outs.append(out)
    return np.stack(states), np.stack(outs)


def run_ours(inputs, a_log_shift=0.0):
    """The decode loop on our kernel. ``a_log_shift``: added to a_log (a wrong variant's gate)."""
    per_step, a_log, dt_bias, state = inputs
    state = state.clone()
    a_log = a_log + a_log_shift
    indices = torch.tensor(SLOTS, dtype=torch.int32)
    states, outs = [], []
    for mixed, a, b in per_step:
        out = at.fused_gdn_decode(
            mixed, a, b, a_log, dt_bias, state, indices, scale=SCALE, softplus_threshold=THRESHOLD, **DEVICE
        )
        states.append(state.double().numpy().copy())
        outs.append(out.double().numpy()[:, 0])
    return np.stack(states), np.stack(outs)


VARIANTS = {
    "ours": 0.0,
    "wrong: gate g x 1.01": float(np.log(1.01)),  # g = -exp(a_log) softplus(.): a_log + ln 1.01 scales g by 1.01
}


def relative_error(got, exact):
    """Per step: max |got - exact| / max |exact| over everything but the step axis."""
    axes = tuple(range(1, exact.ndim))
    return np.abs(got - exact).max(axis=axes) / np.abs(exact).max(axis=axes)


@one_torch_thread()
def check(steps=FULL_STEPS, variants=("ours",)):
    """Two Rows per variant (state, out): the largest per-step relative error against float64, against the bound
    from the float32 noise runs (measured once for all variants)."""
    inputs = make_inputs(steps)
    exact = recurrence(inputs)
    noise = [[], []]  # state, out
    for seed in range(NOISE_RUNS):
        states, outs = recurrence(inputs, np.float32, np.random.default_rng(seed).permutation(K))
        outs = torch.from_numpy(outs).to(torch.bfloat16).double().numpy()  # the operator's out is bfloat16
        for errors, got, want in zip(noise, (states, outs), exact):
            errors.append(float(relative_error(got, want).max()))
    bounds = [measure_bound(errors) for errors in noise]
    rows = []
    for variant in variants:
        run, seconds = timed(run_ours, inputs, VARIANTS[variant])
        name = "GDN decode, FP32 state" + ("" if variant == "ours" else f" [{variant}]")
        for what, got, want, (spread, bound) in zip(("state", "out"), run, exact, bounds):
            difference = float(relative_error(got, want).max())
            rows.append(Row(name, steps, f"max rel. {what} error vs float64", difference, spread, bound, seconds))
    return rows
