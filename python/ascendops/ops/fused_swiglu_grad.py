"""FusedSwigluGrad (spec: shared/spec/fused_swiglu_grad.md): the SwiGLU backward, on the CPU twin.

``fused_swiglu_grad(dy, g, fc, x, w_g, w_fc, *, soc="ascend910b", core_num=0, backend="sim")`` -> dict ``dx``
([M, K]), ``dw_g``, ``dw_fc`` ([K, N]), ``db_g``, ``db_fc`` ([1, N]), all ml_dtypes.bfloat16: the three kernels in
order (b: dg, dfc, db; w: dw = x^T dg / x^T dfc; x: dx = dg w_g^T + dfc w_fc^T), with

    s = sigmoid(g),  dg = dy * fc * s * (1 + g * (1 - s)),  dfc = dy * g * s

dg and dfc rounded to bfloat16 as the b kernel writes them; every sum in FP32 and cast once (results identical for
any core count). Inputs: bfloat16 array-likes, contiguous or not; dy, g, fc [M, N], x [M, K], w_g, w_fc [K, N]
(M >= 0, K, N >= 1). The kernels alone: ``fused_swiglu_grad_b(dy, g, fc)``, ``fused_swiglu_grad_w(x, dg, dfc)``,
``fused_swiglu_grad_x(dg, dfc, w_g, w_fc)``. The w and x kernels are MIX AIC:AIV 1:2 launches, so ``core_num``
(AIVs) must be 0 or >= 2; ascend310p is rejected (161002 naming the SoC).
"""

import ml_dtypes
import numpy as np

from .. import _C
from .._args import as_array, as_dtype, as_int, as_shape
from .._backend import select
from ..golden import fused_swiglu_grad as golden
from .._op_kit import DTYPE_NAMES, DemoCase, parse_shape

__all__ = ["fused_swiglu_grad", "fused_swiglu_grad_b", "fused_swiglu_grad_w", "fused_swiglu_grad_x", "tiling",
           "b_tiling", "w_tiling", "x_tiling", "tiling_key_name", "add_tiling_args", "tiling_from_args",
           "demo_cases", "TILING_KEYS", "SOCS", "DEFAULT_SOC", "OUTPUTS", "sample", "sample_all"]

# op_host/fused_swiglu_grad/fused_swiglu_grad_tiling.h kFusedSwigluGradKeyNames; 0: the user-level call's report
# (its three launches in sequence).
TILING_KEYS = {0: "B, W, X", **_C.fused_swiglu_grad_key_names}
SOCS = ("ascend910b", "ascend910_93")  # ascend310p is rejected by the tiling (161002 naming the SoC)
DEFAULT_SOC = "ascend910b"
B_OUTPUTS = ("dg", "dfc", "db_g", "db_fc")
OUTPUTS = ("dx", "dw_g", "dw_fc", "db_g", "db_fc")
_BF16 = "bfloat16"


def fused_swiglu_grad(dy, g, fc, x, w_g, w_fc, *, soc=DEFAULT_SOC, core_num=0, backend="sim"):
    """Runs aclnnAscendopsFusedSwigluGrad (b, w, x kernels); returns a dict of new bfloat16 arrays."""
    inputs = _arrays(("dy", "g", "fc", "x", "w_g", "w_fc"), (dy, g, fc, x, w_g, w_fc))
    select(backend, soc, core_num)
    return dict(zip(OUTPUTS, _C.fused_swiglu_grad(inputs)))


def fused_swiglu_grad_b(dy, g, fc, *, soc=DEFAULT_SOC, core_num=0, backend="sim"):
    """Runs aclnnAscendopsFusedSwigluGradB; returns dict dg, dfc, db_g, db_fc."""
    inputs = _arrays(("dy", "g", "fc"), (dy, g, fc))
    select(backend, soc, core_num)
    return dict(zip(B_OUTPUTS, _C.fused_swiglu_grad_b(*inputs)))


def fused_swiglu_grad_w(x, dg, dfc, *, soc=DEFAULT_SOC, core_num=0, backend="sim"):
    """Runs aclnnAscendopsFusedSwigluGradW; returns dict dw_g, dw_fc."""
    inputs = _arrays(("x", "dg", "dfc"), (x, dg, dfc))
    select(backend, soc, core_num)
    return dict(zip(("dw_g", "dw_fc"), _C.fused_swiglu_grad_w(*inputs)))


def fused_swiglu_grad_x(dg, dfc, w_g, w_fc, *, soc=DEFAULT_SOC, core_num=0, backend="sim"):
    """Runs aclnnAscendopsFusedSwigluGradX; returns dict dx."""
    inputs = _arrays(("dg", "dfc", "w_g", "w_fc"), (dg, dfc, w_g, w_fc))
    select(backend, soc, core_num)
    return {"dx": _C.fused_swiglu_grad_x(*inputs)}


def tiling_key_name(key):
    return TILING_KEYS.get(key, str(key))


def _arrays(names, values):
    """The inputs as NumPy arrays, each a dtype of the package (the error names the input)."""
    arrays = [as_array(name, value) for name, value in zip(names, values)]
    for name, array in zip(names, arrays):
        if array.dtype.name not in DTYPE_NAMES:
            raise TypeError(f"{name} dtype {array.dtype} is not supported: FusedSwigluGrad takes bfloat16")
    return arrays


def _dims(**dims):
    """The shape arguments as ints >= 0 (bool, float and str are TypeErrors naming the argument)."""
    return [as_int(name, value, min=0) for name, value in dims.items()]


def _overrides(names, shapes, dtypes):
    """The ``shapes`` / ``dtypes`` overrides, keyed by the kernel's operand names and checked like the dims."""
    for arg, table in (("shapes", shapes), ("dtypes", dtypes)):
        if table is not None and not isinstance(table, dict):
            raise TypeError(f"{arg} must be a dict keyed by operand name, got {type(table).__name__}")
        for key in table or {}:
            if key not in names:
                raise ValueError(f"{arg} key {key!r} is not an operand of this kernel ({', '.join(names)})")
    shape = {k: list(as_shape(f"shapes[{k!r}]", v)) for k, v in (shapes or {}).items()}
    dtype = {k: as_dtype(f"dtypes[{k!r}]", v).name for k, v in (dtypes or {}).items()}
    return shape, dtype


def _kernel_tiling(binding, names, shape, soc, core_num, shapes, dtypes):
    override_shape, override_dtype = _overrides(names, shapes, dtypes)
    shape = dict(shape, **override_shape)
    dtype = dict({name: _BF16 for name in names}, **override_dtype)
    soc = select("sim", soc, core_num)
    return binding([shape[x] for x in names], [dtype[x] for x in names], soc, core_num)


def b_tiling(m, n, *, soc=DEFAULT_SOC, core_num=0, shapes=None, dtypes=None):
    """Host tiling of the b kernel for dy, g, fc of [m, n]; ``shapes`` / ``dtypes`` (dicts by name) override one
    operand. Returns the tiling-data fields, ``key`` (its name), ``block_dim``, ``workspace_bytes`` and ``ub_bytes``."""
    names = ("dy", "g", "fc")
    m, n = _dims(m=m, n=n)
    return _kernel_tiling(_C.fused_swiglu_grad_b_tiling, names, {x: [m, n] for x in names}, soc, core_num, shapes,
                          dtypes)


def w_tiling(m, k, n, *, soc=DEFAULT_SOC, core_num=0, shapes=None, dtypes=None):
    """Host tiling of the w kernel for x [m, k], dg, dfc [m, n]: blocks, units, groups (blockDim) and ``cube``
    (the TCubeTiling of one block)."""
    m, k, n = _dims(m=m, k=k, n=n)
    shape = {"x": [m, k], "dg": [m, n], "dfc": [m, n]}
    return _kernel_tiling(_C.fused_swiglu_grad_w_tiling, ("x", "dg", "dfc"), shape, soc, core_num, shapes, dtypes)


def x_tiling(m, k, n, *, soc=DEFAULT_SOC, core_num=0, shapes=None, dtypes=None):
    """Host tiling of the x kernel for dg, dfc [m, n], w_g, w_fc [k, n]: blocks, units, groups, the cast pass's
    rows and ``cube``."""
    m, k, n = _dims(m=m, k=k, n=n)
    shape = {"dg": [m, n], "dfc": [m, n], "w_g": [k, n], "w_fc": [k, n]}
    return _kernel_tiling(_C.fused_swiglu_grad_x_tiling, ("dg", "dfc", "w_g", "w_fc"), shape, soc, core_num, shapes,
                          dtypes)


def tiling(m, k, n, *, soc=DEFAULT_SOC, core_num=0):
    """The three kernels' host tilings for dy [m, n], x [m, k], w [k, n]: dict ``b``, ``w``, ``x``."""
    return {"b": b_tiling(m, n, soc=soc, core_num=core_num), "w": w_tiling(m, k, n, soc=soc, core_num=core_num),
            "x": x_tiling(m, k, n, soc=soc, core_num=core_num)}


def add_tiling_args(parser):
    parser.add_argument("--shape", type=parse_shape, default=(4096, 512, 1024), metavar="M,K,N",
                        help="dy [M, N], x [M, K], w_g / w_fc [K, N] (default 4096,512,1024)")


def tiling_from_args(args):
    if len(args.shape) != 3:
        raise SystemExit(f"fused_swiglu_grad --shape takes M,K,N (got {len(args.shape)} numbers)")
    m, k, n = args.shape
    return tiling(m, k, n, soc=args.soc, core_num=args.core_num)


def sample(m, n, seed=0):
    """dy, g, fc ~ N(0, 1) in bfloat16 (unit scale: every output far above any atol)."""
    rng = np.random.default_rng(seed)
    return tuple(rng.standard_normal((m, n), dtype=np.float32).astype(ml_dtypes.bfloat16) for _ in range(3))


def sample_all(m, k, n, seed=0):
    """dy, g, fc [m, n] and x [m, k] ~ N(0, 1); w_g, w_fc [k, n] ~ N(0, 1) / sqrt(k); bfloat16."""
    rng = np.random.default_rng(seed)

    def draw(shape, scale=1.0):
        return (rng.standard_normal(shape, dtype=np.float32) * np.float32(scale)).astype(ml_dtypes.bfloat16)

    return (*(draw((m, n)) for _ in range(3)), draw((m, k)), draw((k, n), k ** -0.5), draw((k, n), k ** -0.5))


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
    for m, k, n in [(389, 131, 263), (1, 40, 24)]:
        a = sample_all(m, k, n, seed=m + k + n)
        cases.append(DemoCase(
            name=f"backward M={m} K={k} N={n}", socs=SOCS,
            run=lambda soc, a=a: tuple(fused_swiglu_grad(*a, soc=soc).values()),
            golden=lambda a=a: tuple(golden.fused_swiglu_grad(*a)[name] for name in OUTPUTS),
            # one bf16 ulp of the output plus FP32 sums of up to m unit terms in another order
            atol=0.05, rtol=1 / 128))
    cases.append(DemoCase(name="ascend310p rejected", socs=("ascend310p",),
                          run=lambda soc: fused_swiglu_grad(*sample_all(2, 16, 16), soc=soc), expect_code=161002))
    return cases
