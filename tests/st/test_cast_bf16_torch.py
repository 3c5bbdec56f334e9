"""Cast from BF16 against PyTorch's CPU `tensor.to()` (the seed's self-test benchmark for BF16 sources), on every
BF16 pair and both SoC families, beside the NumPy golden of test_cast.py.

Compared where `tensor.to()` is defined: float destinations everywhere (NaN == NaN), except float16 NaN and overflow
on ascend310p, which saturate there (NaN -> 0, docs/ops/cast.md); integer destinations where the truncated value fits the destination
(C++ leaves out-of-range float -> int undefined, so torch has no answer there) and, for INT64 on ascend310p, the
INT32 range its 32-bit step holds. Each pair must compare at least a quarter of its values."""

import numpy as np
import pytest

import ascendops
from ascendops.ops.cast import _dtype, delivered_pairs, sample

torch = pytest.importorskip("torch", reason="torch is not installed (pip install torch==2.13.0, see scripts/test.sh)")

BF16_PAIRS = [dst for src, dst in delivered_pairs("ascend310p") if src == "bfloat16"]
TORCH_DTYPES = {
    "float32": torch.float32,
    "float16": torch.float16,
    "int32": torch.int32,
    "int16": torch.int16,
    "int8": torch.int8,
    "uint8": torch.uint8,
    "bool": torch.bool,
    "int64": torch.int64,
}
INT_RANGES = {
    "int32": (-(2.0**31), 2.0**31 - 1),
    "int16": (-32768, 32767),
    "int8": (-128, 127),
    "uint8": (0, 255),
    "int64": (-(2.0**63), 2.0**63 - 1024),
}


def _torch_to(x, dst):
    bits = torch.from_numpy(x.view(np.int16).copy()).view(torch.bfloat16)
    return bits.to(TORCH_DTYPES[dst]).numpy()


def _defined(x, dst, soc):
    v = x.astype(np.float64)
    if dst in INT_RANGES:
        low, high = INT_RANGES["int32"] if dst == "int64" and soc == "ascend310p" else INT_RANGES[dst]
        t = np.trunc(v)
        return np.isfinite(v) & (t >= low) & (t <= high)
    if dst == "float16" and soc == "ascend310p":
        return np.isfinite(v) & (np.abs(np.nan_to_num(v)) <= 65504)
    return np.ones(x.shape, bool)


def test_every_bf16_pair_is_covered():
    assert sorted(BF16_PAIRS) == sorted(TORCH_DTYPES)


@pytest.mark.parametrize("soc", ["ascend310p", "ascend910b"])
@pytest.mark.parametrize("dst", BF16_PAIRS)
def test_bf16_source_matches_torch(dst, soc):
    x = sample("bfloat16", 4099, seed=11)
    mask = _defined(x, dst, soc)
    assert mask.sum() >= x.size // 4
    actual = ascendops.cast(x, _dtype(dst), soc=soc)
    np.testing.assert_array_equal(actual[mask], _torch_to(x, dst)[mask])
