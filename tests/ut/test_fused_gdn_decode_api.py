"""aclnnAscendopsFusedGdnDecode validation: null pointers, contiguity of stateRef, strided inputs, nothing written on a
rejected call."""

import ml_dtypes
import numpy as np
import pytest

from ascendops import AclnnError, _C, _C_test
from ascendops.golden.fused_gdn_decode import fused_gdn_decode as golden
from ascendops.ops.fused_gdn_decode import fused_gdn_decode, make_inputs

SHAPE = (3, 2, 4, 64, 16)  # B, H, Hv, K, V


@pytest.fixture
def inputs():
    return make_inputs(*SHAPE, dtype=ml_dtypes.bfloat16, state_dtype=np.float32)


def phase1(arrays, out_shape=(3, 1, 4, 16), out_dtype=ml_dtypes.bfloat16, **kw):
    _C.set_sim_device("ascend910b", 0)
    return _C_test.fused_gdn_decode_get_workspace(list(arrays), list(out_shape) if out_shape else None, out_dtype, **kw)


NAMES = ["mixedQkv", "a", "b", "aLog", "dtBias", "stateRef", "ssmStateIndices"]


@pytest.mark.parametrize("i", range(7), ids=NAMES)
def test_null_tensor(inputs, i):
    arrays = list(inputs)
    arrays[i] = None
    r = phase1(arrays)
    assert r["status"] == 161001 and f"{NAMES[i]} is null" in r["message"]


def test_null_out(inputs):
    r = phase1(inputs, out_shape=None)
    assert r["status"] == 161001 and "out is null" in r["message"]


def test_valid_call_needs_no_workspace(inputs):
    assert phase1(inputs) == {"status": 0, "message": "", "workspace_size": 0}


def test_strided_state_rejected(inputs):
    arrays = list(inputs)
    arrays[5] = np.asfortranarray(arrays[5])
    r = phase1(arrays)
    assert r["status"] == 161002 and "stateRef" in r["message"] and "contiguous" in r["message"]


def test_out_shape_checked(inputs):
    r = phase1(inputs, out_shape=(3, 1, 4, 8))
    assert r["status"] == 161002 and r["message"] == "out shape (3, 1, 4, 8) must be (3, 1, 4, 16)"


def test_strided_inputs_are_gathered(inputs):
    mixed, a, b, a_log, dt_bias, state, idx = inputs
    wide = np.zeros((mixed.shape[0], mixed.shape[1] * 2), mixed.dtype)
    wide[:, ::2] = mixed
    a_t = np.ascontiguousarray(a.T).T  # column-major (B, Hv)
    expected_out, expected_state = golden(mixed, a, b, a_log, dt_bias, state, idx)
    r = phase1([wide[:, ::2], a_t, b, a_log, dt_bias, state, idx])
    assert r["status"] == 0 and r["workspace_size"] > 0
    out = fused_gdn_decode(wide[:, ::2], a_t, b, a_log, dt_bias, state, idx)
    np.testing.assert_allclose(out.astype(np.float32), expected_out, rtol=1e-2, atol=5e-2)
    np.testing.assert_allclose(state, expected_state, rtol=1e-2, atol=5e-2)


def test_rejected_call_writes_nothing(inputs):
    mixed, a, b, a_log, dt_bias, state, idx = inputs
    before = state.copy()
    with pytest.raises(AclnnError) as e:
        fused_gdn_decode(mixed, a, b, a_log, dt_bias, state, idx, scale=float("nan"))
    assert e.value.code == 161002 and e.value.message == "scale nan must be finite"
    assert state.tobytes() == before.tobytes()


def test_310p_rejected_at_tiling(inputs):
    with pytest.raises(AclnnError) as e:
        fused_gdn_decode(*inputs[:6], inputs[6], soc="ascend310p")
    assert e.value.code == 161002 and e.value.message.startswith("soc ascend310p is not supported")


def test_state_must_be_writeable(inputs):
    state = inputs[5].copy()
    state.flags.writeable = False
    with pytest.raises(TypeError, match="^state must be writeable: it is updated in place, in its own memory"):
        fused_gdn_decode(*inputs[:5], state, inputs[6])
