"""Whole-call accounting (issue 11 item 5): the user-level EmbeddingDenseGrad's output memset is in its modeled time."""

import pytest

from ascendops import _C
from ascendops.ops.embedding_dense_grad import embedding_dense_grad, sample


def param(soc, name):
    return next(r["value"] for r in _C.cost.params() if r["soc"] == soc and r["param"] == name)


@pytest.mark.parametrize("soc", ["ascend910b", "ascend310p"])
def test_embedding_dense_grad_modeled_time_includes_the_output_memset(soc):
    num_weights, dim = 3000, 64
    grad, idx = sample(256, dim, num_weights, seed=1)
    embedding_dense_grad(grad, idx, num_weights, soc=soc)
    r = _C.last_launch_report()
    kernel_us = max(r["modeled_slowest_core_us"], r["modeled_bandwidth_us"]) + r["modeled_launch_us"]
    memset_us = param(soc, "launch") + num_weights * dim * 4 / (param(soc, "mem_achievable") * 1e3)
    assert r["modeled_device_us"] == pytest.approx(kernel_us + memset_us)
    assert r["modeled_device_us"] / r["achievable_roofline_us"] >= 1.0
