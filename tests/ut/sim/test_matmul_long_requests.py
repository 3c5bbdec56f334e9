"""The twin's MIX deadlock timeout counts only time an AIC is idle: an AIV whose IterateAll (or the other AIV's,
queued first) computes for longer than the timeout is waiting on progress, not deadlocked (a K = 220000 reduction of
FusedSwigluGrad's w kernel takes minutes on the twin). The timeout still catches an AIC that never serves
(test_matmul_rules.py: the AIC returning before REGIST_MATMUL_OBJ)."""

import ml_dtypes
import numpy as np


def test_cube_work_longer_than_the_timeout_is_not_a_deadlock(simtest):
    m, n, k = 64, 64, 65536  # two AIVs of one group, 32 x 64 x 65536 MACs each: hundreds of ms on the twin
    rng = np.random.default_rng(0)
    a = rng.uniform(-1, 1, (m, k)).astype(ml_dtypes.bfloat16)
    b = rng.uniform(-1, 1, (k, n)).astype(ml_dtypes.bfloat16)
    tiling = simtest.matmul_tiling(m, n, k, dim=2)
    assert tiling["usedCoreNum"] == 2
    c, _ = simtest.run_matmul(
        a.ravel(), b.ravel(), None, np.zeros(m * n, np.float32), tiling, groups=1, timeout=0.05
    )  # far below the work, above a loaded machine's thread-start delays
    ref = a.astype(np.float64) @ b.astype(np.float64)
    bound = np.abs(a.astype(np.float64)) @ np.abs(b.astype(np.float64))
    assert np.all(np.abs(c.reshape(m, n) - ref) <= 2.0**-20 * bound + 1e-30)
