"""EmbeddingDenseGrad: the backward of an embedding lookup (docs/ops/embedding_dense_grad.md), on the CPU twin.

``out[k] = sum of grad rows whose index is k`` over ``[num_weights, D]`` (grad merged to ``[N, D]``), starting from
zero; with ``scale_grad_by_freq`` a row whose index occurs count >= 2 times is divided by count. Rows whose index
is ``padding_idx`` (>= 0) are skipped; so are indices outside [0, num_weights) (documented behaviour: they never
touch memory, out keeps zeros there).
"""

import argparse
import math
from typing import Any, Dict, List, Optional, Sequence, Tuple

import numpy as np

from .. import _C
from .._args import INT32_MAX, INT64_MAX, INT64_MIN, as_array, as_bool, as_int, as_shape, cli_int
from .._backend import device, select
from ..golden import embedding_dense_grad as golden
from .._op_kit import DemoCase, parse_shape

__all__ = ["embedding_dense_grad", "embedding_dense_grad_sorted", "tiling", "KEYS", "TOLERANCE"]

# Tiling keys, in key order (op_kernel/embedding_dense_grad/embedding_dense_grad_tiling_data.h).
KEYS = tuple(_C.embedding_dense_grad_key_names.values())  # in key order (kEmbeddingDenseGradKeyNames)

# fp32 thresholds of the spec (rtol = atol).
TOLERANCE = 1e-4


def embedding_dense_grad(
    grad: Any,
    indices: Any,
    num_weights: int,
    padding_idx: int = -1,
    scale_grad_by_freq: bool = False,
    *,
    soc: Optional[str] = None,
    core_num: int = 0,
    backend: str = "sim",
    device_id: Optional[int] = None,
) -> np.ndarray:
    """User level: raw ``indices`` (int32/int64, any rank, numel == grad rows), sorted stably on the host.
    Returns a new float32 array ``[num_weights, grad.shape[-1]]``."""
    attrs = _attrs(num_weights, padding_idx, scale_grad_by_freq)
    grad, indices = as_array("grad", grad), as_array("indices", indices)
    return device(backend, soc, core_num, device_id).embedding_dense_backward(grad, indices, *attrs)


def embedding_dense_grad_sorted(
    grad: Any,
    sort_indices: Any,
    pos_idx: Any,
    num_weights: int,
    padding_idx: int = -1,
    scale_grad_by_freq: bool = False,
    *,
    soc: Optional[str] = None,
    core_num: int = 0,
    backend: str = "sim",
    device_id: Optional[int] = None,
) -> np.ndarray:
    """Kernel level: ``sort_indices`` ascending (int32) and ``pos_idx`` (int32, the grad row of each position)."""
    attrs = _attrs(num_weights, padding_idx, scale_grad_by_freq)
    arrays = [as_array(n, a) for n, a in (("grad", grad), ("sort_indices", sort_indices), ("pos_idx", pos_idx))]
    return device(backend, soc, core_num, device_id).embedding_dense_grad(*arrays, *attrs)


def _attrs(num_weights, padding_idx, scale_grad_by_freq):
    """The attributes in their C types; their ranges are the aclnn call's (161002 before anything is allocated)."""
    return (
        as_int("num_weights", num_weights),
        as_int("padding_idx", padding_idx),
        as_bool("scale_grad_by_freq", scale_grad_by_freq),
    )


def tiling(
    grad_shape: Sequence[int],
    num_weights: int,
    padding_idx: int = -1,
    scale_grad_by_freq: bool = False,
    *,
    indices_numel: Optional[int] = None,
    soc: Optional[str] = None,
    core_num: int = 0,
) -> Dict[str, Any]:
    """The host tiling for a grad of ``grad_shape`` (indices numel defaults to the merged rows), as a dict."""
    grad_shape = list(as_shape("grad_shape", grad_shape))
    attrs = _attrs(num_weights, padding_idx, scale_grad_by_freq)
    if indices_numel is None:
        indices_numel = min(math.prod(grad_shape[:-1]), INT64_MAX)  # the tiling rejects rows beyond int32
    indices_numel = as_int("indices_numel", indices_numel, min=0)
    soc = select("sim", soc, core_num)
    return _C.embedding_dense_grad_tiling(grad_shape, indices_numel, *attrs, soc, core_num)


def tiling_key_name(key: int) -> str:
    return _C.embedding_dense_grad_key_names.get(key, str(key))


def add_tiling_args(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--shape", type=parse_shape, required=True, help="grad shape, e.g. 65536,128")
    parser.add_argument(
        "--num-weights",
        type=cli_int(min=1, max=INT32_MAX),
        required=True,
        metavar="N",
        help="rows of the output gradient",
    )
    parser.add_argument(
        "--padding-idx",
        type=cli_int(min=INT64_MIN),
        default=-1,
        metavar="I",
        help="the index whose row stays zero (default -1: none)",
    )
    parser.add_argument("--scale-grad-by-freq", action="store_true", help="scale each row by 1 / its index count")


def tiling_from_args(args: argparse.Namespace) -> Dict[str, Any]:
    return tiling(
        args.shape, args.num_weights, args.padding_idx, args.scale_grad_by_freq, soc=args.soc, core_num=args.core_num
    )


def sample(
    n: int, dim: int, num_weights: int, seed: int = 0, lead: Optional[Sequence[int]] = None
) -> Tuple[np.ndarray, np.ndarray]:
    """grad of shape ``lead + (dim,)`` (default ``(n, dim)``) and uniform random int32 indices of the same rows."""
    rng = np.random.default_rng(seed)
    shape = (n,) if lead is None else tuple(lead)
    grad = rng.standard_normal((*shape, dim)).astype(np.float32)
    indices = rng.integers(0, num_weights, shape, dtype=np.int64).astype(np.int32)
    return grad, indices


def demo_cases() -> List[DemoCase]:
    cases = []
    for n, dim, nw, pad, scale in [
        (4099, 128, 1000, -1, False),
        (4099, 33, 1000, 7, False),
        (2000, 64, 50, 0, True),
        (37, 1000, 5, 4, True),
    ]:
        grad, idx = sample(n, dim, nw, seed=n + dim)
        cases.append(
            DemoCase(
                name=f"[{n}, {dim}] -> [{nw}, {dim}] pad {pad}{' scale' if scale else ''}",
                run=lambda soc, g=grad, i=idx, nw=nw, p=pad, s=scale: embedding_dense_grad(g, i, nw, p, s, soc=soc),
                golden=lambda g=grad, i=idx, nw=nw, p=pad, s=scale: golden.embedding_dense_grad(g, i, nw, p, s),
                atol=TOLERANCE,
                rtol=TOLERANCE,
            )
        )
    cases.append(
        DemoCase(
            name="padding_idx >= num_weights rejected",
            run=lambda soc: embedding_dense_grad(np.ones((2, 8), np.float32), np.zeros(2, np.int32), 4, 4, soc=soc),
            expect_code=161002,
        )
    )
    return cases
