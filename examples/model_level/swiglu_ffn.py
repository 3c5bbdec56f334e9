"""(b) A LLaMA-style block (RMSNorm, SwiGLU FFN, residual, output head) trained in BF16; the FFN's backward is
FusedSwigluGrad.

Mixed precision as LLaMA trains: float32 master weights, forward and backward in bfloat16 (each weight cast to
bfloat16 at use, so its gradient comes back through the cast), the loss in float32. Data (made here, seeded):
next-token prediction on sequences of a fixed random Markov chain over VOCAB tokens (each token has a few likely
successors), so the loss falls. Plain SGD, so a gradient off by a factor moves the loss.

The FFN ``SiLU(x W_g) (x W_fc)`` (no biases, as in LLaMA) gets its backward from torch autograd in bfloat16 or from
our kernels (``ascendops.torch.swiglu``, zero biases). Noise runs: the batch rows shuffled each step (every sum over
the rows, the weight gradients' included, changes order), with torch's backward on even seeds and on odd seeds the
spec's backward written out in float32 and rounded once (``manual_ffn``: the same forward, other rounding points of
the same derivative). In BF16 the noise is large: any difference in the float32 master weights flips some of their
bfloat16 roundings, so the loss curves of correct runs part by ~1e-3 within a dozen steps.
"""

import torch
import torch.nn.functional as F

import ascendops.torch as at

from ._common import (
    DEVICE,
    NOISE_RUNS,
    one_torch_thread,
    Row,
    max_curve_difference,
    measure_bound,
    scale_grad,
    sgd_step,
    timed,
)

__all__ = ["FFNS", "FULL_STEPS", "SHORT_STEPS", "check", "train"]

VOCAB, DIM, HIDDEN, SEQ, BATCH = 64, 32, 88, 16, 8
SUCCESSORS = 3
LR = 1.0
# The loss of a wrong derivative parts from torch's within the first steps, while the BF16 rounding noise keeps
# growing (max over the noise runs: 2.3e-3 at 40 steps, 4.9e-3 at 60, 5.9e-3 at 150), so beyond ~40 steps the
# bound stops separating a 5 % gradient scale (loss off by 9.8e-3); the sign flip (3.3e-2) stays caught.
FULL_STEPS, SHORT_STEPS = 40, 12
BF16 = torch.bfloat16


def make_batches(steps, seed=0):
    """``steps`` token batches [BATCH, SEQ + 1] from one seeded Markov chain."""
    gen = torch.Generator().manual_seed(seed)
    successors = torch.randint(VOCAB, (VOCAB, SUCCESSORS), generator=gen)
    batches = []
    for _ in range(steps):
        tokens = [torch.randint(VOCAB, (BATCH,), generator=gen)]
        for _ in range(SEQ):
            pick = torch.randint(SUCCESSORS, (BATCH, 1), generator=gen)
            tokens.append(successors[tokens[-1]].gather(1, pick)[:, 0])
        batches.append(torch.stack(tokens, 1))
    return batches


def init_params(seed=1):
    gen = torch.Generator().manual_seed(seed)
    return [
        torch.randn(VOCAB, DIM, generator=gen),  # embedding
        torch.randn(DIM, HIDDEN, generator=gen) / DIM**0.5,  # w_g
        torch.randn(DIM, HIDDEN, generator=gen) / DIM**0.5,  # w_fc
        torch.randn(HIDDEN, DIM, generator=gen) / HIDDEN**0.5,  # w_down
        torch.randn(DIM, VOCAB, generator=gen) / DIM**0.5,  # w_out
    ]


def rms_norm(h):
    """LLaMA's RMSNorm (no gain): computed in float32, returned in h's dtype."""
    x = h.float()
    return (x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + 1e-6)).type_as(h)


def loss_of(params, tokens, ffn):
    emb, w_g, w_fc, w_down, w_out = params
    h = F.embedding(tokens[:, :-1], emb).to(BF16)
    h = h + ffn(rms_norm(h), w_g.to(BF16), w_fc.to(BF16)) @ w_down.to(BF16)
    logits = rms_norm(h) @ w_out.to(BF16)
    return F.cross_entropy(logits.float().flatten(0, 1), tokens[:, 1:].flatten())


def torch_ffn(x, w_g, w_fc):
    return F.silu(x @ w_g) * (x @ w_fc)


def our_ffn(x, w_g, w_fc):
    zero = torch.zeros(w_g.shape[1], dtype=x.dtype)
    return at.swiglu(x, w_g, zero, w_fc, zero, **DEVICE)


def wrong_scaled_ffn(x, w_g, w_fc):
    """Ours with every gradient times 1.05 (the upstream gradient scaled: the kernels are linear in it). A 1 %
    scale moves this BF16 model's loss by 2.5e-3 in 12 steps, within 4 x its rounding noise (1.5e-3)."""
    return scale_grad(our_ffn(x, w_g, w_fc), 1.05)


class _ManualSwiglu(torch.autograd.Function):
    """SiLU(g) fc (torch's forward) with the spec's backward written out in float32 from the bfloat16 operands,
    rounded to bfloat16 once, like the kernels: SiLU'(g) = s (1 + sign g (1 - s)); sign -1 is the wrong variant."""

    @staticmethod
    def forward(x, w_g, w_fc, sign):
        return torch_ffn(x, w_g, w_fc)

    @staticmethod
    def setup_context(ctx, inputs, output):
        ctx.save_for_backward(*inputs[:3])
        ctx.sign = inputs[3]

    @staticmethod
    def backward(ctx, dy):
        x, w_g, w_fc = (t.float() for t in ctx.saved_tensors)
        dy = dy.float()
        g, fc = x @ w_g, x @ w_fc
        s = torch.sigmoid(g)
        dg = dy * fc * s * (1 + ctx.sign * g * (1 - s))
        dfc = dy * g * s
        rows = lambda t: t.reshape(-1, t.shape[-1])
        dw_g, dw_fc = rows(x).T @ rows(dg), rows(x).T @ rows(dfc)
        dx = dg @ w_g.T + dfc @ w_fc.T
        return dx.to(BF16), dw_g.to(BF16), dw_fc.to(BF16), None


def manual_ffn(x, w_g, w_fc):
    return _ManualSwiglu.apply(x, w_g, w_fc, 1.0)


def wrong_sign_ffn(x, w_g, w_fc):
    return _ManualSwiglu.apply(x, w_g, w_fc, -1.0)


FFNS = {
    "torch": torch_ffn,
    "ours": our_ffn,
    "wrong: grad x 1.05": wrong_scaled_ffn,
    "wrong: silu' sign flip": wrong_sign_ffn,
}


def train(ffn, steps, order_seed=None):
    """The loss of each SGD step. ``order_seed``: shuffle the batch rows each step."""
    params = [p.requires_grad_() for p in init_params()]
    shuffle = None if order_seed is None else torch.Generator().manual_seed(order_seed)
    losses = []
    for tokens in make_batches(steps):
        if shuffle is not None:
            tokens = tokens[torch.randperm(BATCH, generator=shuffle)]
        losses.append(sgd_step(loss_of(params, tokens, ffn), params, LR))
    return losses


@one_torch_thread()
def check(steps=FULL_STEPS, variants=("ours",)):
    """One Row per variant: max |loss(variant) - loss(torch)| over the steps, against the bound from the noise
    runs (measured once for all variants)."""
    reference = train(torch_ffn, steps)
    noise_ffns = (torch_ffn, manual_ffn)
    noise, bound = measure_bound(
        [max_curve_difference(train(noise_ffns[seed % 2], steps, seed), reference) for seed in range(NOISE_RUNS)]
    )
    rows = []
    for variant in variants:
        losses, seconds = timed(train, FFNS[variant], steps)
        name = "LLaMA SwiGLU FFN, BF16" + ("" if variant == "ours" else f" [{variant}]")
        difference = max_curve_difference(losses, reference)
        rows.append(Row(name, steps, "max |loss diff|", difference, noise, bound, seconds))
    return rows
