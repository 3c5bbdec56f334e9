"""FusedGdnDecode (spec: docs/ops/fused_gdn_decode.md): one gated-delta-net decode step.

``fused_gdn_decode(mixed_qkv, a, b, a_log, dt_bias, state, ssm_state_indices, *, scale=1.0,
softplus_threshold=20.0, soc="ascend910b", core_num=0, backend="sim") -> out`` of shape (B, 1, Hv, V); ``state``
(BlockNum, Hv, V, K) is updated in place, as the NPU operator updates stateRef. Inputs are float16 or
ml_dtypes.bfloat16 (a_log float32, dt_bias float32 or the input dtype, indices int32 or int64); the state is float32
or the input dtype.

``state`` must be a writeable, C-contiguous NumPy array in native byte order (the result goes back into its own
memory; anything else is a TypeError naming ``state`` and the rule, before any work); the other inputs may have any
layout and byte order (made contiguous and native at the binding) and may overlap ``state``: every input is read
before the state is written.

Slot indices <= 0 or >= BlockNum give zero out rows and leave the state alone. Rows naming the same positive slot
update it in batch order (each row sees the previous one's update), bit-identical for every ``core_num``.
"""

import argparse
from typing import Any, Dict, List, Optional

import numpy as np

from .. import _C
from .._args import as_array, as_dtype, as_float, as_inplace_array, as_int, as_shape
from .._backend import device, select
from .._args import cli_shape
from .._op_kit import DemoCase, parse_dtype
from ..golden.fused_gdn_decode import fused_gdn_decode as golden
from ..registry import operator

__all__ = [
    "fused_gdn_decode",
    "fused_gdn_decode_",
    "tiling",
    "tiling_key_name",
    "add_tiling_args",
    "tiling_from_args",
    "demo_cases",
    "TILING_KEYS",
    "SOCS",
    "make_inputs",
]

# op_kernel/fused_gdn_decode/fused_gdn_decode_tiling_data.h: FusedGdnDecodeTilingKey.
TILING_KEYS = dict(_C.fused_gdn_decode_key_names)  # op_host/fused_gdn_decode/fused_gdn_decode_tiling.h
SOCS = tuple(operator("fused_gdn_decode")["socs"])  # AIV kernels with DataCopyPad; ascend310p is rejected


def _out_shape(mixed_qkv, a, state):
    dim = lambda arr, i: int(arr.shape[i]) if arr.ndim > i else 1  # noqa: E731  (the tiling rejects bad ranks)
    return [dim(mixed_qkv, 0), 1, dim(a, 1), dim(state, 2)]


def fused_gdn_decode(
    mixed_qkv: Any,
    a: Any,
    b: Any,
    a_log: Any,
    dt_bias: Any,
    state: np.ndarray,
    ssm_state_indices: Any,
    *,
    scale: float = 1.0,
    softplus_threshold: float = 20.0,
    soc: Optional[str] = None,
    core_num: int = 0,
    backend: str = "sim",
    device_id: Optional[int] = None,
) -> np.ndarray:
    """Runs aclnnAscendopsFusedGdnDecode: returns ``out`` [B, 1, Hv, V] and updates ``state`` IN PLACE (a writeable
    NumPy array: the stateRef of the aclnn call). ``fused_gdn_decode_`` is the same function under the name that
    says so (the trailing underscore of NumPy / torch in-place methods)."""
    state = as_inplace_array("state", state)
    scale, threshold = as_float("scale", scale), as_float("softplus_threshold", softplus_threshold)
    names = ("mixed_qkv", "a", "b", "a_log", "dt_bias")
    arrays = [as_array(n, x) for n, x in zip(names, (mixed_qkv, a, b, a_log, dt_bias))]
    indices = as_array("ssm_state_indices", ssm_state_indices)
    return device(backend, soc, core_num, device_id).fused_gdn_decode(
        *arrays, state, indices, _out_shape(arrays[0], arrays[1], state), scale, threshold
    )


fused_gdn_decode_ = fused_gdn_decode  # the in-place name (numpy/torch style); the plain name stays as an alias


def tiling_key_name(key: int) -> str:
    return TILING_KEYS.get(key, str(key))


def tiling(
    b: int,
    h: int,
    hv: int,
    k: int,
    v: int,
    *,
    block_num: Optional[int] = None,
    dtype: Any = "bfloat16",
    state_dtype: Any = "float32",
    scale: float = 1.0,
    softplus_threshold: float = 20.0,
    soc: Optional[str] = None,
    core_num: int = 0,
    shapes: Optional[Dict[str, Any]] = None,
    dtypes: Optional[Dict[str, Any]] = None,
) -> Dict[str, Any]:
    """Host tiling of FusedGdnDecode for consistent shapes of (B, H, Hv, K, V); ``shapes`` / ``dtypes`` (dicts by
    parameter name) override single operands. Returns the tiling-data fields, ``key`` (its name), ``block_dim``,
    ``workspace_bytes`` and ``ub`` (the UB estimate terms)."""
    b, h, hv, k, v = (as_int(n, x, min=0) for n, x in zip(("b", "h", "hv", "k", "v"), (b, h, hv, k, v)))
    block_num = b + 1 if block_num is None else as_int("block_num", block_num, min=0)
    names = ("mixedQkv", "a", "b", "aLog", "dtBias", "stateRef", "ssmStateIndices", "out")
    shape = {
        "mixedQkv": (b, 2 * h * k + hv * v),
        "a": (b, hv),
        "b": (b, hv),
        "aLog": (hv,),
        "dtBias": (hv,),
        "stateRef": (block_num, hv, v, k),
        "ssmStateIndices": (b,),
        "out": (b, 1, hv, v),
    }
    dtype_of = {n: as_dtype("dtype", dtype).name for n in names}
    dtype_of.update(aLog="float32", stateRef=as_dtype("state_dtype", state_dtype).name, ssmStateIndices="int32")
    shape.update(shapes or {})
    dtype_of.update({n: as_dtype(f"dtypes[{n!r}]", d).name for n, d in (dtypes or {}).items()})
    soc = select("sim", soc, core_num)
    shapes = [list(as_shape(n, shape[n])) for n in names]
    d = _C.fused_gdn_decode_tiling(
        shapes,
        [dtype_of[n] for n in names],
        as_float("scale", scale),
        as_float("softplus_threshold", softplus_threshold),
        soc,
        core_num,
    )
    return d


def add_tiling_args(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--shape",
        type=cli_shape(ndim=5, names="B,H,HV,K,V"),
        default=(4, 8, 16, 128, 128),
        metavar="B,H,HV,K,V",
        help="batch, q/k heads, value heads, key dim, value dim (default 4,8,16,128,128)",
    )
    parser.add_argument("--dtype", type=parse_dtype, default="bfloat16", help="mixedQkv dtype (default bfloat16)")
    parser.add_argument("--state-dtype", type=parse_dtype, default="float32", help="state dtype (default float32)")


def tiling_from_args(args: argparse.Namespace) -> Dict[str, Any]:
    b, h, hv, k, v = args.shape
    return tiling(b, h, hv, k, v, dtype=args.dtype, state_dtype=args.state_dtype, soc=args.soc, core_num=args.core_num)


def make_inputs(
    b: int,
    h: int,
    hv: int,
    k: int,
    v: int,
    *,
    dtype: Any,
    state_dtype: Any,
    block_num: Optional[int] = None,
    indices: Any = None,
    seed: int = 0,
) -> List[np.ndarray]:
    """The vllm-ascend test's data: randn * 0.01 inputs (gates randn), randn * 0.01 state; slots 1..B by default."""
    rng = np.random.default_rng(seed)
    block_num = b + 1 if block_num is None else block_num
    dt = as_dtype("dtype", dtype)
    mixed = (rng.standard_normal((b, 2 * h * k + hv * v)) * 0.01).astype(dt)
    a = rng.standard_normal((b, hv)).astype(dt)
    bb = rng.standard_normal((b, hv)).astype(dt)
    a_log = (rng.standard_normal(hv) * 0.5).astype(np.float32)
    dt_bias = rng.standard_normal(hv).astype(dt)
    state = (rng.standard_normal((block_num, hv, v, k)) * 0.01).astype(as_dtype("state_dtype", state_dtype))
    idx = np.arange(1, b + 1, dtype=np.int32) if indices is None else np.asarray(indices, np.int32)
    return mixed, a, bb, a_log, dt_bias, state, idx


def demo_cases() -> List[DemoCase]:
    def case(name, shape, dtype, state_dtype, indices=None):
        def run(soc):
            args = make_inputs(*shape, dtype=dtype, state_dtype=state_dtype, indices=indices)
            state = args[5]
            out = fused_gdn_decode(*args[:5], state, args[6], soc=soc)
            return out.astype(np.float32), state.astype(np.float32)

        def expected():
            return golden(*make_inputs(*shape, dtype=dtype, state_dtype=state_dtype, indices=indices))

        return DemoCase(name, run, expected, atol=5e-2, rtol=1e-2, socs=SOCS)

    return [
        case("bf16 fp32-state (1,8,16,128,128)", (1, 8, 16, 128, 128), "bfloat16", "float32"),
        case(
            "fp16 fp16-state zero index (4,8,16,128,128)",
            (4, 8, 16, 128, 128),
            "float16",
            "float16",
            indices=[1, 0, 3, 4],
        ),
        DemoCase(
            "ascend310p rejected",
            lambda soc: fused_gdn_decode(
                *make_inputs(1, 1, 1, 64, 8, dtype="float16", state_dtype="float32")[:5],
                make_inputs(1, 1, 1, 64, 8, dtype="float16", state_dtype="float32")[5],
                np.array([1], np.int32),
                soc=soc,
            ),
            socs=("ascend310p",),
            expect_code=161002,
        ),
    ]
