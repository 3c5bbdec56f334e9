"""FusedSwigluGrad (spec: shared/spec/fused_swiglu_grad.md): the SwiGLU backward, on the CPU twin.

This round: the b kernel, ``fused_swiglu_grad_b(dy, g, fc, *, soc="ascend910b", core_num=0, backend="sim")`` ->
dict ``dg``, ``dfc`` ([M, N]) and ``db_g``, ``db_fc`` ([1, N]), all ml_dtypes.bfloat16, with
``s = sigmoid(g)``, ``dg = dy * fc * s * (1 + g * (1 - s))``, ``dfc = dy * g * s`` and column sums accumulated in
FP32 (identical for any core count). Inputs: bfloat16 [M, N] array-likes (M >= 0, N >= 1), contiguous or not.
The w / x kernels and the user-level ``fused_swiglu_grad`` come with the cube.
"""

import ml_dtypes
import numpy as np

from .. import _C
from .._backend import select
from ..golden import fused_swiglu_grad as golden
from .._op_kit import DemoCase, parse_shape

__all__ = ["fused_swiglu_grad_b", "tiling", "tiling_key_name", "add_tiling_args", "tiling_from_args", "demo_cases",
           "TILING_KEYS", "SOCS", "DEFAULT_SOC", "sample"]

# op_kernel/fused_swiglu_grad/fused_swiglu_grad_tiling_data.h: FusedSwigluGradKey.
TILING_KEYS = {1: "B", 2: "W", 3: "X"}
SOCS = ("ascend910b", "ascend910_93")  # ascend310p is rejected by the tiling (161002 naming the SoC)
DEFAULT_SOC = "ascend910b"
B_OUTPUTS = ("dg", "dfc", "db_g", "db_fc")


def fused_swiglu_grad_b(dy, g, fc, *, soc=DEFAULT_SOC, core_num=0, backend="sim"):
    """Runs aclnnAscendopsFusedSwigluGradB; returns a dict of new bfloat16 arrays."""
    select(backend, soc, core_num)
    return dict(zip(B_OUTPUTS, _C.fused_swiglu_grad_b(np.asarray(dy), np.asarray(g), np.asarray(fc))))


def tiling_key_name(key):
    return TILING_KEYS.get(key, str(key))


def tiling(m, n, *, soc=DEFAULT_SOC, core_num=0, shapes=None, dtypes=None):
    """Host tiling of the b kernel for dy, g, fc of [m, n]; ``shapes`` / ``dtypes`` (dicts by name) override one
    operand. Returns the tiling-data fields, ``key`` (its name), ``block_dim``, ``workspace_bytes`` and ``ub_bytes``."""
    names = ("dy", "g", "fc")
    shape = {name: [int(m), int(n)] for name in names}
    dtype = {name: "bfloat16" for name in names}
    shape.update({k: [int(d) for d in v] for k, v in (shapes or {}).items()})
    dtype.update(dtypes or {})
    d = _C.fused_swiglu_grad_b_tiling([shape[x] for x in names], [dtype[x] for x in names], soc, core_num)
    d["key"] = tiling_key_name(d["key"])
    return d


def add_tiling_args(parser):
    parser.add_argument("--shape", type=parse_shape, default=(4096, 1024), metavar="M,N",
                        help="dy / g / fc shape (default 4096,1024)")


def tiling_from_args(args):
    m, n = args.shape
    return tiling(m, n, soc=args.soc, core_num=args.core_num)


def sample(m, n, seed=0):
    """dy, g, fc ~ N(0, 1) in bfloat16 (unit scale: every output far above any atol)."""
    rng = np.random.default_rng(seed)
    return tuple(rng.standard_normal((m, n), dtype=np.float32).astype(ml_dtypes.bfloat16) for _ in range(3))


def demo_cases():
    cases = []
    for m, n in [(4099, 1000), (37, 333), (1, 17)]:
        dy, g, fc = sample(m, n, seed=m + n)
        cases.append(DemoCase(
            name=f"b kernel [{m}, {n}]", socs=SOCS,
            run=lambda soc, a=(dy, g, fc): tuple(fused_swiglu_grad_b(*a, soc=soc).values()),
            golden=lambda a=(dy, g, fc): tuple(golden.b_kernel(*a).values()),
            # one bf16 ulp (1/128 relative) for dg / dfc; db: a column sum of m unit terms, summed in another order
            atol=0.05, rtol=1 / 128))
    cases.append(DemoCase(name="ascend310p rejected", socs=("ascend310p",),
                          run=lambda soc: fused_swiglu_grad_b(*sample(2, 16), soc=soc), expect_code=161002))
    return cases
