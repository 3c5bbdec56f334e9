"""The simulated device is per thread (aclrtSetDevice semantics): threads calling with different SoCs and core counts
get exactly the results, block dims and devices of the same calls made single-threaded."""

import threading

import ml_dtypes
import numpy as np
import pytest

import ascendops
from ascendops import _C
from ascendops.ops.cast import sample
from ascendops.ops.embedding_dense_grad import sample as edg_sample
from ascendops.ops.fused_gdn_decode import make_inputs

# (soc, core_num) per thread: every SoC, default and overridden counts.
DEVICES = [
    ("ascend310p", 0),
    ("ascend910b", 0),
    ("ascend910_93", 0),
    ("ascend310p", 10),
    ("ascend910b", 40),
    ("ascend910b", 3),
]
ROUNDS = 6


def _cast_call(soc, core_num):
    x = sample("float16", 4099, seed=3)
    return ascendops.cast(x, "int8", soc=soc, core_num=core_num)


def _edg_call(soc, core_num):
    grad, idx = edg_sample(300, 24, 17, seed=5)
    return ascendops.embedding_dense_grad(grad, idx, 17, 2, True, soc=soc, core_num=core_num)


def _fgd_call(soc, core_num):
    if soc == "ascend310p":  # FusedGdnDecode serves A2/A3 only: the 161002 is the result to compare
        soc_code = None
        try:
            args = make_inputs(2, 1, 2, 64, 8, dtype=ml_dtypes.bfloat16, state_dtype=np.float32)
            ascendops.fused_gdn_decode(*args, soc=soc, core_num=core_num)
        except ascendops.AclnnError as e:
            soc_code = e.code
        return np.array([soc_code])
    args = make_inputs(3, 2, 4, 64, 16, dtype=ml_dtypes.bfloat16, state_dtype=np.float32)
    out = ascendops.fused_gdn_decode(*args, soc=soc, core_num=core_num)
    return np.concatenate([out.astype(np.float32).ravel(), args[5].ravel()])


CALLS = {"cast": _cast_call, "embedding_dense_grad": _edg_call, "fused_gdn_decode": _fgd_call}
# Cast and FusedGdnDecode are bitwise deterministic; EmbeddingDenseGrad's cross-core atomic adds arrive in any
# order, so its sums agree to the spec's 1e-4 (the block dim and the device still compare exactly).
TOLERANCE = {"cast": 0.0, "embedding_dense_grad": 1e-4, "fused_gdn_decode": 0.0}


def _observe(call, soc, core_num):
    result = call(soc, core_num)
    launched = not (call is _fgd_call and soc == "ascend310p")  # a rejected call leaves the last report alone
    return result, _C.last_launch_report()["block_dim"] if launched else None, _C.sim_device()


@pytest.mark.parametrize("op", list(CALLS))
def test_threads_with_different_socs_match_single_threaded(op):
    call, tol = CALLS[op], TOLERANCE[op]
    expected = {dev: _observe(call, *dev) for dev in DEVICES}
    mismatches, errors = [], []
    start = threading.Barrier(len(DEVICES))

    def worker(dev):
        try:
            start.wait()
            for _ in range(ROUNDS):
                result, block_dim, device = _observe(call, *dev)
                want = expected[dev]
                same = np.allclose(result, want[0], rtol=tol, atol=tol, equal_nan=True)
                if not (same and block_dim == want[1] and device == want[2]):
                    mismatches.append((dev, block_dim, device))
        except Exception as e:  # noqa: BLE001  (reported below with the device)
            errors.append((dev, repr(e)))

    threads = [threading.Thread(target=worker, args=(dev,)) for dev in DEVICES]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == [] and mismatches == []


def test_a_thread_device_is_invisible_to_other_threads():
    _C.set_sim_device("ascend910b", 40)
    seen = {}

    def other():
        seen["before"] = _C.sim_device()  # a fresh thread starts on device 0
        _C.set_sim_device("ascend310p", 10)
        seen["after"] = _C.sim_device()

    t = threading.Thread(target=other)
    t.start()
    t.join()
    assert seen == {"before": {"soc": "ascend310p", "core_num": 8}, "after": {"soc": "ascend310p", "core_num": 10}}
    assert _C.sim_device() == {"soc": "ascend910b", "core_num": 40}
