"""What the three checks share: a result row, the noise-derived bound and the table.

The bound is measured, not chosen: each check runs its reference path NOISE_RUNS more times, each differing from the
first only in ways that leave the math unchanged (the order of the batch rows, of the tokens, of the summed
dimension, the rounding points of the same derivative). The largest difference among those correct runs is the
noise; a correct implementation of ours is one more such run, so its difference must stay within NOISE_FACTOR times
the noise. The factor covers the tail a handful of runs can miss. A wrong derivative lands outside (the wrong
variants, ``--wrong`` and tests/st/test_model_level.py): by three orders of magnitude where the model trains in
float32; in BF16, whose rounding noise is large, a 5 % gradient scale by 1.1-1.6 x the bound.
"""

import time
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Callable, List, Sequence

import torch

__all__ = [
    "DEVICE",
    "NOISE_FACTOR",
    "NOISE_RUNS",
    "as_expected",
    "one_torch_thread",
    "Row",
    "max_curve_difference",
    "measure_bound",
    "format_table",
    "timed",
    "scale_grad",
]

NOISE_RUNS = 4
NOISE_FACTOR = 4.0

# Where our kernels run: the CPU twin starts one thread per simulated core per launch, so a launch on ascend910b's 48
# AIVs (core_num 0) costs more: on this 2-core machine 15-33 ms against 9-17 ms on 8 cores, and ~1 s against
# 5-25 ms while other builds loaded it. The kernels' results are the same for any core count (docs/torch.md; the
# three loops here gave bit-identical losses and states with core_num 0, 2 and 8).
DEVICE = {"soc": "ascend910b", "core_num": 8}


@contextmanager
def one_torch_thread():
    """torch on one thread for the duration: the runs are small, and torch's worker threads spin-wait, which on a
    loaded machine made a 25-step run 20 x slower (3.2 s against 0.16 s)."""
    before = torch.get_num_threads()
    torch.set_num_threads(1)
    try:
        yield
    finally:
        torch.set_num_threads(before)


@dataclass
class Row:
    """One line of the table: ``difference`` (ours vs the reference path) against ``bound`` (from ``noise``)."""

    model: str
    steps: int
    metric: str
    difference: float
    noise: float
    bound: float
    seconds: float

    @property
    def ok(self) -> bool:
        return self.difference <= self.bound

    @property
    def verdict(self) -> str:
        return "ok" if self.ok else "FAIL"


def as_expected(rows: List[Row]) -> bool:
    """Every row of ours within its bound, and every wrong variant (``[wrong: ...]`` in its model name) outside
    the bound in at least one of its rows."""
    verdicts = {}
    for row in rows:
        verdicts.setdefault(row.model, []).append(row.ok)
    return all(all(oks) != ("[wrong" in model) for model, oks in verdicts.items())


def max_curve_difference(a: Sequence[float], b: Sequence[float]) -> float:
    """The largest per-step difference of two equally long curves (losses or state errors)."""
    if len(a) != len(b):
        raise ValueError(f"curves of different lengths: {len(a)} and {len(b)}")
    return max(abs(float(x) - float(y)) for x, y in zip(a, b))


def measure_bound(differences: Sequence[float]) -> "tuple[float, float]":
    """(noise, bound): the largest difference among the correct reference runs and NOISE_FACTOR times it."""
    noise = max(differences)
    if noise <= 0.0:
        raise ValueError("the noise runs were bit-identical: they do not measure any noise (vary them more)")
    return noise, NOISE_FACTOR * noise


def timed(fn: Callable, *args, **kwargs):
    """(fn's result, wall seconds)."""
    start = time.perf_counter()
    result = fn(*args, **kwargs)
    return result, time.perf_counter() - start


COLUMNS = ("model", "steps", "metric", "ours vs reference", "noise", "bound", "verdict", "seconds")


def format_table(rows: List[Row]) -> str:
    """A Markdown table of the rows."""
    cells = [
        (
            r.model,
            str(r.steps),
            r.metric,
            f"{r.difference:.3g}",
            f"{r.noise:.3g}",
            f"{r.bound:.3g}",
            r.verdict,
            f"{r.seconds:.1f}",
        )
        for r in rows
    ]
    widths = [max(len(c[i]) for c in [COLUMNS, *cells]) for i in range(len(COLUMNS))]
    line = lambda cs: "| " + " | ".join(c.ljust(w) for c, w in zip(cs, widths)) + " |"
    return "\n".join([line(COLUMNS), line(["-" * w for w in widths]), *(line(c) for c in cells)])


class _ScaleGrad(torch.autograd.Function):
    """Identity forward; the gradient times ``factor``."""

    @staticmethod
    def forward(x, factor):
        return x.view_as(x)

    @staticmethod
    def setup_context(ctx, inputs, output):
        ctx.factor = inputs[1]

    @staticmethod
    def backward(ctx, grad):
        return grad * ctx.factor, None


def scale_grad(x, factor):
    """x in the forward; in the backward, x's gradient times ``factor`` (a wrong variant's derivative)."""
    return _ScaleGrad.apply(x, factor)


def sgd_step(loss, params, lr):
    """Backward of ``loss``, one plain SGD step on ``params`` (Adam would cancel a constant gradient scale), and the
    loss as a float."""
    loss.backward()
    with torch.no_grad():
        for p in params:
            p -= lr * p.grad
            p.grad = None
    return float(loss.detach())
