"""The twin's aclrtMalloc fails past a device's memory (the platform configs' memory_size) with a clear error, so a
legal but huge output is an AclnnError, not a process the host's OOM killer ends."""

import numpy as np
import pytest

import ascendops
from ascendops import AclnnError

# [SoCInfo] memory_size: Ascend310P3.ini 24000000000, Ascend910B2.ini / Ascend910_9391.ini 68719476736.
DEVICE_MEMORY = {"ascend310p": 24_000_000_000, "ascend910b": 68_719_476_736, "ascend910_93": 68_719_476_736}


@pytest.mark.parametrize("soc, dim", [("ascend310p", 3), ("ascend910b", 9), ("ascend910_93", 9)])
def test_an_output_past_the_device_memory_is_a_runtime_error(soc, dim):
    num_weights = 2**31 - 1
    out_bytes = num_weights * dim * 4
    assert out_bytes > DEVICE_MEMORY[soc]
    grad = np.zeros((0, dim), np.float32)
    with pytest.raises(AclnnError) as info:
        ascendops.embedding_dense_grad(grad, np.zeros(0, np.int32), num_weights, soc=soc)
    assert info.value.code == AclnnError.RUNTIME_ERROR
    assert (
        f"aclrtMalloc: {out_bytes} bytes do not fit in the {DEVICE_MEMORY[soc]} bytes of device memory of {soc}"
        in info.value.message
    )


def test_the_device_memory_is_free_again_after_the_failure():
    out = ascendops.embedding_dense_grad(np.ones((2, 4), np.float32), np.array([1, 1], np.int32), 3, soc="ascend310p")
    np.testing.assert_array_equal(out, [[0] * 4, [2] * 4, [0] * 4])
