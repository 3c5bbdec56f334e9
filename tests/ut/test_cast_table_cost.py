"""Cast paths that Gather through an offset table build it with vector instructions (cast.h FillProgression), so a
small Cast is not dominated by the table: before, one scalar UB write per table entry put int64 -> int32 at 2^12
elements at 42.8 us modeled on ascend910b and bfloat16 -> float32 at ~280 us on ascend310p, 97-99 % scalar time."""

import ml_dtypes
import numpy as np
import pytest

import ascendops
from ascendops import _C

# (soc, source, destination): the pairs whose plan Gathers through a table on that SoC
TABLE_PAIRS = [
    ("ascend910b", "int64", "int32"),
    ("ascend310p", "int64", "int32"),
    ("ascend310p", "int64", "bool"),
    ("ascend310p", "bfloat16", "float32"),
    ("ascend310p", "int16", "int32"),
    ("ascend310p", "int32", "int64"),
]


@pytest.mark.parametrize("soc,src,dst", TABLE_PAIRS)
def test_small_gather_cast_is_not_scalar_bound(soc, src, dst):
    x = np.arange(-2048, 2048).astype(ml_dtypes.bfloat16 if src == "bfloat16" else src)
    ascendops.cast(x, dst, soc=soc)
    report = _C.last_launch_report()
    slowest = max(report["cores"], key=lambda c: c["pipe_busy_us"]["core_us"])["pipe_busy_us"]
    assert slowest["scalar_us"] < 0.5  # the first table block and the loop's own scalar work only
    assert report["modeled_device_us"] < 10.0
