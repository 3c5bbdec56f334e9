"""Split: torch.split / torch.chunk semantics over any dim and dtype (docs/ops/split.md), on the CPU twin.

``split(x, split_size_or_sections, dim)``: an int is a piece length (the last piece may be shorter), a list gives
every piece's length (summing to ``x.shape[dim]``; zero-length pieces allowed). ``chunk(x, chunks, dim)`` takes
pieces of ceil(len / chunks) (possibly fewer than ``chunks`` pieces). Both resolve to sections here and call the
one aclnn pair (``aclnnAscendopsSplit``), which checks every rule and answers 161002 naming the one broken.
"""

import argparse
from typing import Any, Dict, List, Optional, Sequence, Union

import numpy as np

from .. import _C
from .._args import as_array, as_dtype, as_int, as_shape
from .._sections import MAX_PIECES, chunk_sections, dim_length, sections_of, split_arg
from .._backend import device, select
from ..golden import split as golden
from .._args import INT64_MIN, cli_int, cli_int_list
from .._op_kit import DemoCase, parse_dtype, parse_shape

__all__ = ["split", "chunk", "tiling", "sections_of", "chunk_sections", "KEYS", "MAX_PIECES"]

# Tiling keys, in key order (op_kernel/split/split_tiling_data.h: SplitKey).
KEYS = tuple(_C.split_key_names.values())  # in key order (op_host/split/split_tiling.h kSplitKeyNames)


def _run(x, sections_for, dim, soc, core_num, backend, device_id):
    dim = as_int("dim", dim)
    x = as_array("x", x)
    module = device(backend, soc, core_num, device_id)
    length = dim_length(x.shape, dim)
    sections = sections_for(length) if length is not None else [0]  # aclnn names the rank/dim rule
    return module.split(x, sections, dim)


def split(
    x: Any,
    split_size_or_sections: Union[int, Sequence[int]],
    dim: int = 0,
    *,
    soc: Optional[str] = None,
    core_num: int = 0,
    backend: str = "sim",
    device_id: Optional[int] = None,
) -> List[np.ndarray]:
    """Splits ``x`` along ``dim`` as torch.split does; returns a list of new arrays."""
    return _run(x, lambda n: sections_of(n, split_size_or_sections), dim, soc, core_num, backend, device_id)


def chunk(
    x: Any,
    chunks: int,
    dim: int = 0,
    *,
    soc: Optional[str] = None,
    core_num: int = 0,
    backend: str = "sim",
    device_id: Optional[int] = None,
) -> List[np.ndarray]:
    """Splits ``x`` along ``dim`` into ceil(len / chunks)-long pieces, as torch.chunk does."""
    return _run(x, lambda n: chunk_sections(n, chunks), dim, soc, core_num, backend, device_id)


def tiling(
    shape: Sequence[int],
    dtype: Any,
    split_size_or_sections: Union[int, Sequence[int]],
    dim: int = 0,
    *,
    soc: Optional[str] = None,
    core_num: int = 0,
) -> Dict[str, Any]:
    """The host tiling for splitting a tensor of ``shape`` and ``dtype``, as a dict."""
    shape, dtype, dim = as_shape("shape", shape), as_dtype("dtype", dtype), as_int("dim", dim)
    how = split_arg(split_size_or_sections)
    soc = select("sim", soc, core_num)
    length = dim_length(shape, dim)
    sections = sections_of(length, how) if length is not None else [0]
    return _C.split_tiling(list(shape), dtype, sections, dim, soc, core_num)


def tiling_key_name(key: int) -> str:
    return _C.split_key_names.get(key, str(key))


def add_tiling_args(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--shape", type=parse_shape, required=True, help="the input's dims, e.g. 8,1000")
    parser.add_argument("--dtype", type=parse_dtype, default="float16", help="the input's dtype (default float16)")
    parser.add_argument(
        "--split",
        type=cli_int_list(min=0),
        required=True,
        metavar="SIZE|S0,S1,...",
        help="one int: the split size; two or more comma-separated ints: the sections, e.g. 3,0,5",
    )
    parser.add_argument(
        "--dim",
        type=cli_int(min=INT64_MIN),
        default=0,
        metavar="D",
        help="the dim to split (negative counts from the end; default 0)",
    )


def tiling_from_args(args: argparse.Namespace) -> Dict[str, Any]:
    value = args.split[0] if len(args.split) == 1 else args.split
    return tiling(args.shape, args.dtype, value, args.dim, soc=args.soc, core_num=args.core_num)


def _dtype(name):
    return golden.BFLOAT16 if str(name) == "bfloat16" else np.dtype(name)


def sample(shape: Sequence[int], dtype: Any, seed: int = 0) -> np.ndarray:
    """Distinct values of ``dtype`` (every bit pattern matters: the result must be bit-exact)."""
    dtype = _dtype(dtype)
    rng = np.random.default_rng(seed)
    n = int(np.prod(shape, dtype=np.int64))
    if dtype == np.bool_:
        return rng.integers(0, 2, n).astype(np.bool_).reshape(shape)
    bits = rng.integers(0, 256, n * dtype.itemsize, dtype=np.uint8)
    return bits.view(dtype).reshape(shape)


def _demo_values(shape, dtype):
    """Finite, distinct-enough values (the demo's error columns read them as numbers; bit patterns are the tests')."""
    n = int(np.prod(shape, dtype=np.int64))
    v = np.arange(n, dtype=np.int64) % 251 - 125
    return (v % 2 == 0 if _dtype(dtype) == np.bool_ else v.astype(np.float64).astype(_dtype(dtype))).reshape(shape)


def demo_cases() -> List[DemoCase]:
    cases = []
    for name, shape, dtype, how, dim, socs in [
        ("fp16 [64,4096] last dim 4 pieces", (64, 4096), "float16", 1024, -1, ("ascend310p", "ascend910b")),
        ("int8 [33,7,50] sections 3,0,4 dim 1", (33, 7, 50), "int8", [3, 0, 4], 1, ("ascend310p", "ascend910b")),
        ("bf16 [1000,3] split 1 last dim", (1000, 3), "bfloat16", 1, -1, ("ascend310p", "ascend910b")),
        ("int64 [5,129] split 40 dim 1", (5, 129), "int64", 40, 1, ("ascend310p", "ascend910_93")),
    ]:
        x = _demo_values(shape, dtype)
        cases.append(
            DemoCase(
                name=name,
                run=lambda soc, x=x, how=how, dim=dim: split(x, how, dim, soc=soc),
                golden=lambda x=x, how=how, dim=dim: golden.split(x, how, dim),
                socs=socs,
            )
        )
    x = _demo_values((10, 17), "float32")
    cases.append(
        DemoCase(
            name="chunk fp32 [10,17] 4 chunks dim 1",
            run=lambda soc: chunk(x, 4, 1, soc=soc),
            golden=lambda: golden.chunk(x, 4, 1),
            socs=("ascend310p", "ascend910b"),
        )
    )
    cases.append(
        DemoCase(
            name="sections not summing rejected",
            run=lambda soc: split(np.ones((4, 6), np.float32), [2, 2], 1, soc=soc),
            expect_code=161002,
            socs=("ascend310p",),
        )
    )
    return cases
