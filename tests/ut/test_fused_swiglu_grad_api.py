"""aclnnAscendopsFusedSwigluGradB validation (phase 1): exact codes and messages for null, dtype, rank, shape and
layout errors of the seven tensors, the workspace layout, and M = 0."""

import ml_dtypes
import numpy as np
import pytest

from ascendops import _C_test
from ascendops._backend import select

BF16 = ml_dtypes.bfloat16
MB16 = 16 * 1024 * 1024
X = np.ones((4, 8), BF16)
DB = np.zeros((1, 8), BF16)


@pytest.fixture(autouse=True)
def device():
    select("sim", "ascend910b")


def phase1(dy=X, g=X, fc=X, dg=X, dfc=X, db_g=DB, db_fc=DB):
    return _C_test.fused_swiglu_grad_b_get_workspace(dy, g, fc, dg, dfc, db_g, db_fc)


@pytest.mark.parametrize("name", ["dy", "g", "fc", "dg", "dfc", "db_g", "db_fc"])
def test_null_arguments(name):
    r = phase1(**{name: None})
    expected = {"db_g": "dbG", "db_fc": "dbFc"}.get(name, name)
    assert r["status"] == 161001 and r["message"] == f"{expected} is null"


@pytest.mark.parametrize(
    "kwargs,message",
    [
        (dict(g=X.astype(np.float16)), "g dtype float16 must be bfloat16"),
        (dict(fc=np.ones((4, 8, 1), BF16)), "fc rank 3 [4, 8, 1] must be 2 ([M, N])"),
        (dict(dy=np.ones((4, 7), BF16)), "g shape [4, 8] must equal dy shape [4, 7]"),
        (
            dict(dy=np.ones((4, 0), BF16), g=np.ones((4, 0), BF16), fc=np.ones((4, 0), BF16)),
            "dy N 0 must be in [1, 2^31 - 1]",
        ),
        (dict(dg=np.ones((4, 9), BF16)), "dg shape [4, 9] must equal dy shape [4, 8]"),
        (dict(dfc=X.astype(np.float32)), "dfc dtype float32 must be bfloat16"),
        (dict(db_g=np.zeros(8, BF16)), "dbG shape [8] must be [1, N] = [1, 8]"),
        (dict(db_fc=np.zeros((1, 9), BF16)), "dbFc shape [1, 9] must be [1, N] = [1, 8]"),
        (dict(dg=np.ones((8, 4), BF16).T), "dg must be contiguous"),
    ],
)
def test_invalid_arguments(kwargs, message):
    r = phase1(**kwargs)
    assert r["status"] == 161002 and message in r["message"], r


def test_ascend310p_rejected():
    select("sim", "ascend310p")
    r = phase1()
    assert r["status"] == 161002 and "soc ascend310p is not supported" in r["message"]


def test_workspace_layout():
    # [4, 8]: one chunk, partials 2 x 1 x 8 floats; a strided input adds its dense copy (64 bytes).
    assert phase1() == {"status": 0, "message": "", "workspace_size": MB16 + 64}
    strided = np.ones((4, 16), BF16)[:, ::2]
    assert phase1(g=strided)["workspace_size"] == MB16 + 64 + 64


def test_empty_m_needs_no_workspace():
    e = np.ones((0, 8), BF16)
    assert phase1(dy=e, g=e, fc=e, dg=e, dfc=e) == {"status": 0, "message": "", "workspace_size": 0}
