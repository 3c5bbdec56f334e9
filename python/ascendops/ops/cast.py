"""Cast: ``out = x.astype(dtype)`` with the Ascend conversion rules (docs/ops/cast.md), on the CPU twin.

Floats to integers truncate (NaN -> 0, saturating at the INT32 range first), 8-bit destinations wrap mod 256,
16-bit destinations saturate, INT64 sources keep their low 32 bits, BF16 is a source only.
"""

import argparse
from typing import Any, Dict, List, Optional, Sequence, Tuple

import numpy as np

from .. import _C
from .._args import as_array, as_dtype, as_shape
from .._backend import DEFAULT_SOC, device, select
from ..golden import cast as golden
from .._op_kit import DemoCase, parse_dtype, parse_shape

__all__ = ["cast", "tiling", "plan_table", "delivered_pairs", "PATHS"]

# Tiling key (path class) names, in key order: op_host/cast/cast_tiling.h kCastKeyNames, the one table.
PATHS = tuple(_C.cast_key_names.values())


def cast(
    x: Any,
    dtype: Any,
    *,
    soc: Optional[str] = None,
    core_num: int = 0,
    backend: str = "sim",
    device_id: Optional[int] = None,
) -> np.ndarray:
    """Casts ``x`` (any delivered source dtype, incl. ``ml_dtypes.bfloat16``) to ``dtype`` (a NumPy dtype or
    its name). Raises AclnnError 161002 for a pair Cast does not deliver on ``soc``."""
    dtype = as_dtype("dtype", dtype)
    x = as_array("x", x)
    return device(backend, soc, core_num, device_id).cast(x, dtype)


def tiling(shape: Sequence[int], src: Any, dst: Any, *, soc: Optional[str] = None, core_num: int = 0) -> Dict[str, Any]:
    """The host tiling for a tensor of ``shape`` cast from ``src`` to ``dst``, as a dict."""
    shape, src, dst = as_shape("shape", shape), as_dtype("src", src), as_dtype("dst", dst)
    soc = select("sim", soc, core_num)
    return _C.cast_tiling(list(shape), src, dst, soc, core_num)


def plan_table(soc: str) -> List[Dict[str, Any]]:
    """Every (src, dst) dtype pair with its path on ``soc`` ("UNSUPPORTED" where Cast does not deliver it)."""
    return _C.cast_plan_table(soc)


def delivered_pairs(soc: str = DEFAULT_SOC) -> List[Tuple[str, str]]:
    return [(r["src"], r["dst"]) for r in plan_table(soc) if r["path"] != "UNSUPPORTED"]


def tiling_key_name(key: int) -> str:
    return _C.cast_key_names.get(key, str(key))


def add_tiling_args(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--shape", type=parse_shape, required=True, help="the tensor's dims, e.g. 1024,1000")
    parser.add_argument("--src", type=parse_dtype, required=True, metavar="DTYPE", help="source dtype, e.g. bf16")
    parser.add_argument("--dst", type=parse_dtype, required=True, metavar="DTYPE", help="destination dtype, e.g. int8")


def tiling_from_args(args: argparse.Namespace) -> Dict[str, Any]:
    return tiling(args.shape, _dtype(args.src), _dtype(args.dst), soc=args.soc, core_num=args.core_num)


def _dtype(name):
    return golden.BFLOAT16 if name == "bfloat16" else np.dtype(name)


def sample(src: str, n: int, seed: int = 0) -> np.ndarray:
    """Values of dtype ``src`` that exercise the conversion rules: specials first, then random."""
    src = _dtype(src)
    rng = np.random.default_rng(seed)
    if src == np.bool_:
        return rng.integers(0, 2, n).astype(np.bool_)
    if src.kind == "f" or src == golden.BFLOAT16:
        special = np.array(
            [
                np.nan,
                np.inf,
                -np.inf,
                0.0,
                -0.0,
                1.5,
                -1.5,
                127.9,
                128.0,
                -128.5,
                255.9,
                256.0,
                -2049.0,
                1920.0,
                65504.0,
                3e9,
                -3e9,
            ],
            np.float64,
        )
        body = rng.normal(0, 300, n).astype(np.float64)
    else:
        info = np.iinfo(src)
        special = np.array([0, 1, -1, 127, 128, -128, -129, 255, 256, -2048, 1919, info.min, info.max], np.int64)
        special = special[(special >= info.min) & (special <= info.max)]
        body = rng.integers(info.min, info.max, n, dtype=np.int64, endpoint=True)
    values = np.concatenate([special, body])[:n] if n > 0 else body[:0]
    with np.errstate(over="ignore"):  # 3e9 becomes inf in half: a special value on purpose
        return values.astype(src)


def demo_cases() -> List[DemoCase]:
    cases = []
    for src, dst in [
        ("float32", "float16"),
        ("float16", "int8"),
        ("bfloat16", "float32"),
        ("bfloat16", "int8"),
        ("int32", "int8"),
        ("int64", "float32"),
        ("int32", "int64"),
        ("uint8", "int8"),
        ("float32", "bool"),
    ]:
        x = sample(src, (1 << 20) + 17, seed=1)
        cases.append(
            DemoCase(
                name=f"{src}->{dst} [2^20+17]",
                run=lambda soc, x=x, dst=dst: cast(x, dst, soc=soc),
                golden=lambda x=x, dst=dst: golden.cast(x, dst),
                socs=("ascend310p",),
            )
        )  # the twin equals the golden exactly: no tolerance
    cases.append(
        DemoCase(
            name="float32->bfloat16 rejected",
            run=lambda soc: cast(np.ones(4, np.float32), golden.BFLOAT16, soc=soc),
            expect_code=161002,
            socs=("ascend310p",),
        )
    )
    return cases
