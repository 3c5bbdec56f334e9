"""Every operator with backend="npu" against its NumPy golden: the proof the CPU twin cannot give.

Marked ``npu``: tests/conftest.py runs them only where backend="npu" can run (ascendops built with CANN, an Ascend
device, the opp package installed) and skips them elsewhere with the exact missing piece printed (-ra). The SoC is
the device's own (one device per machine run, device 0). They have never run: no machine of this project has an NPU.
"""

import ml_dtypes
import numpy as np
import pytest

import ascendops
from ascendops import _npu
from ascendops.golden import cast as cast_golden
from ascendops.golden.embedding_dense_grad import embedding_dense_grad as edg_golden
from ascendops.golden.fused_gdn_decode import fused_gdn_decode as gdn_golden
from ascendops.ops.cast import _dtype, delivered_pairs
from ascendops.ops.cast import sample as cast_sample
from ascendops.ops.embedding_dense_grad import TOLERANCE as EDG_TOLERANCE
from ascendops.ops.embedding_dense_grad import embedding_dense_grad
from ascendops.ops.embedding_dense_grad import sample as edg_sample
from ascendops.ops.fused_gdn_decode import fused_gdn_decode, make_inputs

# Cast's float tolerances on the NPU (docs/ops/cast.md); the twin matches the golden bit for bit.
CAST_TOLERANCE = {"float32": 1e-4, "float16": 1e-3, "bfloat16": 4e-3}

pytestmark = pytest.mark.npu

GDN_SOCS = ("ascend910b", "ascend910_93")  # FusedGdnDecode exists on Atlas A2 / A3 only (spec)


@pytest.fixture(scope="module")
def soc():
    """The SoC of NPU device 0, as the device reports it (aclrtGetSocName)."""
    return _npu.select(device_id=0)


def np_dtype(name):
    return np.dtype(ml_dtypes.bfloat16) if name == "bfloat16" else np.dtype(name)


@pytest.mark.parametrize("src,dst", delivered_pairs("ascend310p"), ids=lambda p: p)
def test_cast(src, dst, soc):
    x = cast_sample(src, 4097, seed=7).reshape(17, 241)
    actual = ascendops.cast(x, _dtype(dst), soc=soc, backend="npu")
    expected = cast_golden.cast(x, _dtype(dst), soc)
    assert actual.dtype == expected.dtype and actual.shape == expected.shape
    tol = CAST_TOLERANCE.get(np.dtype(_dtype(dst)).name, 0.0)
    if tol:
        np.testing.assert_allclose(actual.astype(np.float64), expected.astype(np.float64), rtol=tol, atol=tol)
    else:  # integers and bools bit-exact
        np.testing.assert_array_equal(actual, expected)


@pytest.mark.parametrize("dim", [128, 33])
@pytest.mark.parametrize("scale", [False, True])
def test_embedding_dense_grad(dim, scale, soc):
    grad, indices = edg_sample(97, dim, 131, seed=dim)
    actual = embedding_dense_grad(grad, indices, 131, 5, scale, soc=soc, backend="npu")
    np.testing.assert_allclose(actual, edg_golden(grad, indices, 131, 5, scale), rtol=EDG_TOLERANCE, atol=EDG_TOLERANCE)


@pytest.mark.parametrize("dtype,state_dtype", [("bfloat16", "float32"), ("float16", "float16")])
def test_fused_gdn_decode(dtype, state_dtype, soc):
    if soc not in GDN_SOCS:
        pytest.skip(f"FusedGdnDecode is not built for {soc} (Atlas A2 / A3 only)")
    args = make_inputs(4, 2, 4, 128, 128, dtype=np_dtype(dtype), state_dtype=np_dtype(state_dtype), seed=3)
    state = args[5]
    expected_out, expected_state = gdn_golden(*args)
    out = fused_gdn_decode(*args[:5], state, args[6], soc=soc, backend="npu")
    np.testing.assert_allclose(np.asarray(out, np.float32), expected_out, rtol=1e-2, atol=5e-2)
    np.testing.assert_allclose(np.asarray(state, np.float32), expected_state, rtol=1e-2, atol=5e-2)
