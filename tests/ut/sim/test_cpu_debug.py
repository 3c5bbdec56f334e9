"""A kernel test written for CANN's CPU-debug front runs on the twin unchanged (tests/ut/sim/cpu_debug): tikicpulib.h,
GmAlloc / GmFree, SetKernelMode, ICPU_SET_TILING_KEY and ICPU_RUN_KF on an `extern "C"` kernel named `atanh` that
takes a scalar by value. The golden is NumPy's: in the test binary, libm's atanh is the kernel."""

import os
import subprocess
from pathlib import Path

import numpy as np
import pytest

import ascendops

_PACKAGE = Path(ascendops.__file__).resolve().parent
_NAME = "sim_cpu_debug_atanh"
# pip build: installed into the package; developer build: <build>/sim_tests beside <build>/pkg/ascendops.
BINARY = next(
    (p for p in (_PACKAGE / "sim_tests" / _NAME, _PACKAGE.parents[1] / "sim_tests" / _NAME) if p.exists()),
    _PACKAGE / "sim_tests" / _NAME,
)


def _run(env=None):
    return subprocess.run([str(BINARY)], capture_output=True, text=True, timeout=120, env=env, check=False)


def test_cpu_debug_test_matches_numpy():
    result = _run()
    assert result.returncode == 0, result.stderr
    pairs = [line.split() for line in result.stdout.splitlines()]
    x = np.array([float.fromhex(a) for a, _ in pairs], np.float32)
    y = np.array([float.fromhex(b) for _, b in pairs], np.float32)
    assert len(x) == 4 * 2 * 512
    np.testing.assert_array_equal(
        x, np.float32(-0.9) + np.float32(1.8) * np.arange(len(x), dtype=np.float32) / np.float32(len(x))
    )
    # float steps (1 + x, 1 - x, divide, ln, halve) against float64 arctanh
    np.testing.assert_allclose(y, np.arctanh(x.astype(np.float64)), rtol=1e-5, atol=1e-6)


@pytest.mark.parametrize("soc", ["ascend910b", "ascend310p"])
def test_cpu_debug_soc_from_the_environment(soc):
    result = _run({**os.environ, "ASCENDC_SIM_SOC": soc})
    assert result.returncode == 0, result.stderr


def test_cpu_debug_unknown_soc_is_a_clear_error():
    result = _run({**os.environ, "ASCENDC_SIM_SOC": "ascend999"})
    assert result.returncode == 1
    assert "ICPU_RUN_KF(atanh): unknown SoC 'ascend999' (ASCENDC_SIM_SOC)" in result.stderr
