"""FusedSwigluGrad (spec: docs/ops/fused_swiglu_grad.md): the SwiGLU backward, on the CPU twin.

``fused_swiglu_grad(dy, g, fc, x, w_g, w_fc, *, soc=None, core_num=0, backend="sim")`` -> the named tuple
``FusedSwigluGradResult(dx, dw_g, dw_fc, db_g, db_fc)``: dx [M, K], dw_g, dw_fc [K, N], db_g, db_fc [1, N], all
ml_dtypes.bfloat16 (``result.dx``, ``result[0]`` or ``result["dx"]``): the three kernels in order (b: dg, dfc, db;
w: dw = x^T dg / x^T dfc; x: dx = dg w_g^T + dfc w_fc^T), with

    s = sigmoid(g),  dg = dy * fc * s * (1 + g * (1 - s)),  dfc = dy * g * s

dg and dfc rounded to bfloat16 as the b kernel writes them; every sum in FP32 and cast once (results identical for
any core count). Inputs: bfloat16 array-likes, contiguous or not; dy, g, fc [M, N], x [M, K], w_g, w_fc [K, N]
(M >= 0, K, N >= 1). The kernels alone: ``fused_swiglu_grad_b(dy, g, fc)``, ``fused_swiglu_grad_w(x, dg, dfc)``,
``fused_swiglu_grad_x(dg, dfc, w_g, w_fc)``. The w and x kernels are MIX AIC:AIV 1:2 launches, so ``core_num``
(AIVs) must be 0 or >= 2; ascend310p is rejected (161002 naming the SoC).
"""

import argparse
from typing import Any, Dict, List, NamedTuple, Optional, Tuple

import ml_dtypes
import numpy as np

from .. import _C
from .._args import as_array, as_dtype, as_int, as_shape, cli_shape
from .._backend import device, select
from ..golden import fused_swiglu_grad as golden
from .._op_kit import DemoCase
from ..registry import operator

__all__ = [
    "fused_swiglu_grad",
    "fused_swiglu_grad_b",
    "fused_swiglu_grad_w",
    "fused_swiglu_grad_x",
    "tiling",
    "b_tiling",
    "w_tiling",
    "x_tiling",
    "tiling_key_name",
    "add_tiling_args",
    "tiling_from_args",
    "demo_cases",
    "TILING_KEYS",
    "SOCS",
    "OUTPUTS",
    "sample",
    "sample_all",
    "FusedSwigluGradResult",
    "FusedSwigluGradBResult",
    "FusedSwigluGradWResult",
    "FusedSwigluGradXResult",
]

# op_host/fused_swiglu_grad/fused_swiglu_grad_tiling.h kFusedSwigluGradKeyNames; 0: the user-level call's report
# (its three launches in sequence).
TILING_KEYS = {0: "B, W, X", **_C.fused_swiglu_grad_key_names}
SOCS = tuple(operator("fused_swiglu_grad")["socs"])  # ascend310p is rejected by the tiling (161002)
_BF16 = "bfloat16"


class _ByName:
    """Mixed into a named tuple of arrays: ``result["name"]`` reads a field by name, as a dict would."""

    __slots__ = ()

    def __getitem__(self, key):
        return getattr(self, key) if isinstance(key, str) else tuple.__getitem__(self, key)

    def keys(self):
        return self._fields

    def values(self):
        return tuple(self)

    def items(self):
        return zip(self._fields, self)


class _Grads(NamedTuple):
    dx: Any
    dw_g: Any
    dw_fc: Any
    db_g: Any
    db_fc: Any


class _BOutputs(NamedTuple):
    dg: Any
    dfc: Any
    db_g: Any
    db_fc: Any


class _WOutputs(NamedTuple):
    dw_g: Any
    dw_fc: Any


class _XOutputs(NamedTuple):
    dx: Any


class FusedSwigluGradResult(_ByName, _Grads):
    """The gradients of ``fused_swiglu_grad``: dx [M, K], dw_g, dw_fc [K, N], db_g, db_fc [1, N]."""

    __slots__ = ()


class FusedSwigluGradBResult(_ByName, _BOutputs):
    """The b kernel's outputs: dg, dfc [M, N] and db_g, db_fc [1, N]."""

    __slots__ = ()


class FusedSwigluGradWResult(_ByName, _WOutputs):
    """The w kernel's outputs: dw_g, dw_fc [K, N]."""

    __slots__ = ()


class FusedSwigluGradXResult(_ByName, _XOutputs):
    """The x kernel's output: dx [M, K]."""

    __slots__ = ()


B_OUTPUTS = FusedSwigluGradBResult._fields
OUTPUTS = FusedSwigluGradResult._fields


def fused_swiglu_grad(
    dy: Any,
    g: Any,
    fc: Any,
    x: Any,
    w_g: Any,
    w_fc: Any,
    *,
    soc: Optional[str] = None,
    core_num: int = 0,
    backend: str = "sim",
    device_id: Optional[int] = None,
) -> FusedSwigluGradResult:
    """Runs aclnnAscendopsFusedSwigluGrad (b, w, x kernels); returns the new bfloat16 arrays."""
    inputs = _arrays(("dy", "g", "fc", "x", "w_g", "w_fc"), (dy, g, fc, x, w_g, w_fc))
    return FusedSwigluGradResult(*device(backend, soc, core_num, device_id).fused_swiglu_grad(inputs))


def fused_swiglu_grad_b(
    dy: Any,
    g: Any,
    fc: Any,
    *,
    soc: Optional[str] = None,
    core_num: int = 0,
    backend: str = "sim",
    device_id: Optional[int] = None,
) -> FusedSwigluGradBResult:
    """Runs aclnnAscendopsFusedSwigluGradB; returns dg, dfc, db_g, db_fc."""
    inputs = _arrays(("dy", "g", "fc"), (dy, g, fc))
    return FusedSwigluGradBResult(*device(backend, soc, core_num, device_id).fused_swiglu_grad_b(*inputs))


def fused_swiglu_grad_w(
    x: Any,
    dg: Any,
    dfc: Any,
    *,
    soc: Optional[str] = None,
    core_num: int = 0,
    backend: str = "sim",
    device_id: Optional[int] = None,
) -> FusedSwigluGradWResult:
    """Runs aclnnAscendopsFusedSwigluGradW; returns dw_g, dw_fc."""
    inputs = _arrays(("x", "dg", "dfc"), (x, dg, dfc))
    return FusedSwigluGradWResult(*device(backend, soc, core_num, device_id).fused_swiglu_grad_w(*inputs))


def fused_swiglu_grad_x(
    dg: Any,
    dfc: Any,
    w_g: Any,
    w_fc: Any,
    *,
    soc: Optional[str] = None,
    core_num: int = 0,
    backend: str = "sim",
    device_id: Optional[int] = None,
) -> FusedSwigluGradXResult:
    """Runs aclnnAscendopsFusedSwigluGradX; returns dx."""
    inputs = _arrays(("dg", "dfc", "w_g", "w_fc"), (dg, dfc, w_g, w_fc))
    return FusedSwigluGradXResult(device(backend, soc, core_num, device_id).fused_swiglu_grad_x(*inputs))


def tiling_key_name(key: int) -> str:
    return TILING_KEYS.get(key, str(key))


def _arrays(names, values):
    """The inputs as NumPy arrays, each a dtype of the package (the error names the input)."""
    return [as_array(name, value) for name, value in zip(names, values)]


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


def b_tiling(
    m: int,
    n: int,
    *,
    soc: Optional[str] = None,
    core_num: int = 0,
    shapes: Optional[Dict[str, Any]] = None,
    dtypes: Optional[Dict[str, Any]] = None,
) -> Dict[str, Any]:
    """Host tiling of the b kernel for dy, g, fc of [m, n]; ``shapes`` / ``dtypes`` (dicts by name) override one
    operand. Returns the tiling-data fields, ``key`` (its name), ``block_dim``, ``workspace_bytes`` and ``ub_bytes``."""
    names = ("dy", "g", "fc")
    m, n = _dims(m=m, n=n)
    return _kernel_tiling(
        _C.fused_swiglu_grad_b_tiling, names, {x: [m, n] for x in names}, soc, core_num, shapes, dtypes
    )


def w_tiling(
    m: int,
    k: int,
    n: int,
    *,
    soc: Optional[str] = None,
    core_num: int = 0,
    shapes: Optional[Dict[str, Any]] = None,
    dtypes: Optional[Dict[str, Any]] = None,
) -> Dict[str, Any]:
    """Host tiling of the w kernel for x [m, k], dg, dfc [m, n]: blocks, units, groups (blockDim) and ``cube``
    (the TCubeTiling of one block)."""
    m, k, n = _dims(m=m, k=k, n=n)
    shape = {"x": [m, k], "dg": [m, n], "dfc": [m, n]}
    return _kernel_tiling(_C.fused_swiglu_grad_w_tiling, ("x", "dg", "dfc"), shape, soc, core_num, shapes, dtypes)


def x_tiling(
    m: int,
    k: int,
    n: int,
    *,
    soc: Optional[str] = None,
    core_num: int = 0,
    shapes: Optional[Dict[str, Any]] = None,
    dtypes: Optional[Dict[str, Any]] = None,
) -> Dict[str, Any]:
    """Host tiling of the x kernel for dg, dfc [m, n], w_g, w_fc [k, n]: blocks, units, groups, the cast pass's
    rows and ``cube``."""
    m, k, n = _dims(m=m, k=k, n=n)
    shape = {"dg": [m, n], "dfc": [m, n], "w_g": [k, n], "w_fc": [k, n]}
    return _kernel_tiling(
        _C.fused_swiglu_grad_x_tiling, ("dg", "dfc", "w_g", "w_fc"), shape, soc, core_num, shapes, dtypes
    )


def tiling(m: int, k: int, n: int, *, soc: Optional[str] = None, core_num: int = 0) -> Dict[str, Dict[str, Any]]:
    """The three kernels' host tilings for dy [m, n], x [m, k], w [k, n]: dict ``b``, ``w``, ``x``."""
    return {
        "b": b_tiling(m, n, soc=soc, core_num=core_num),
        "w": w_tiling(m, k, n, soc=soc, core_num=core_num),
        "x": x_tiling(m, k, n, soc=soc, core_num=core_num),
    }


def add_tiling_args(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--shape",
        type=cli_shape(ndim=3, names="M,K,N"),
        default=(4096, 512, 1024),
        metavar="M,K,N",
        help="dy [M, N], x [M, K], w_g / w_fc [K, N] (default 4096,512,1024)",
    )


def tiling_from_args(args: argparse.Namespace) -> Dict[str, Any]:
    m, k, n = args.shape
    return tiling(m, k, n, soc=args.soc, core_num=args.core_num)


def sample(m: int, n: int, seed: int = 0) -> Tuple[np.ndarray, np.ndarray, np.ndarray]:
    """dy, g, fc ~ N(0, 1) in bfloat16 (unit scale: every output far above any atol)."""
    rng = np.random.default_rng(seed)
    return tuple(rng.standard_normal((m, n), dtype=np.float32).astype(ml_dtypes.bfloat16) for _ in range(3))


def sample_all(m: int, k: int, n: int, seed: int = 0) -> Tuple[np.ndarray, ...]:
    """dy, g, fc [m, n] and x [m, k] ~ N(0, 1); w_g, w_fc [k, n] ~ N(0, 1) / sqrt(k); bfloat16."""
    rng = np.random.default_rng(seed)

    def draw(shape, scale=1.0):
        return (rng.standard_normal(shape, dtype=np.float32) * np.float32(scale)).astype(ml_dtypes.bfloat16)

    return (*(draw((m, n)) for _ in range(3)), draw((m, k)), draw((k, n), k**-0.5), draw((k, n), k**-0.5))


def demo_cases() -> List[DemoCase]:
    cases = []
    for m, n in [(4099, 1000), (37, 333), (1, 17)]:
        dy, g, fc = sample(m, n, seed=m + n)
        cases.append(
            DemoCase(
                name=f"b kernel [{m}, {n}]",
                socs=SOCS,
                run=lambda soc, a=(dy, g, fc): tuple(fused_swiglu_grad_b(*a, soc=soc)),
                golden=lambda a=(dy, g, fc): tuple(golden.b_kernel(*a).values()),
                # one bf16 ulp (1/128 relative) for dg / dfc; db: a column sum of m unit terms, summed in another order
                atol=0.05,
                rtol=1 / 128,
            )
        )
    for m, k, n in [(389, 131, 263), (1, 40, 24)]:
        a = sample_all(m, k, n, seed=m + k + n)
        cases.append(
            DemoCase(
                name=f"backward M={m} K={k} N={n}",
                socs=SOCS,
                run=lambda soc, a=a: tuple(fused_swiglu_grad(*a, soc=soc)),
                golden=lambda a=a: tuple(golden.fused_swiglu_grad(*a)[name] for name in OUTPUTS),
                # one bf16 ulp of the output plus FP32 sums of up to m unit terms in another order
                atol=0.05,
                rtol=1 / 128,
            )
        )
    cases.append(
        DemoCase(
            name="ascend310p rejected",
            socs=("ascend310p",),
            run=lambda soc: fused_swiglu_grad(*sample_all(2, 16, 16), soc=soc),
            expect_code=161002,
        )
    )
    return cases
