"""The twin's dav-3510 (Ascend 950) rules with a kernel built as a dav-3510 instance (tests/ut/sim/kernels/
arch3510_kernels.cpp): flush-to-zero of the transcendental instructions by default and their precision configs
(asc-devkit kernel_reg_compute_utils.h), the launch-architecture rule, and TPipe's TMP_UB_OFFSET limit."""

import numpy as np
import pytest

SOC = "ascend950"
EXP, LN, SQRT, RSQRT, RECIPROCAL, DIV = range(6)
COUNT, COUNT_KEEP, REPEAT = range(3)
UB_BYTES = 1  # the UB scenario of tests/ut/sim/kernels/rule_kernels.cpp

F32_MIN_NORMAL = np.float32(1.1754944e-38)
SUBNORMALS = np.array([1e-39, -3e-40, 1.4e-45, 5e-39], np.float32)


def _arch_input():
    x = np.linspace(0.5, 4.0, 128, dtype=np.float32)
    x[:4] = SUBNORMALS
    return x


@pytest.mark.parametrize("mode", [COUNT, REPEAT], ids=["count", "repeat"])
def test_transcendentals_flush_subnormals_by_default(simtest, mode):
    x = _arch_input()
    ln = simtest.run_arch3510(x, LN, mode)
    assert np.all(np.isneginf(ln[:4]))  # ln(0): the subnormal input read as zero
    np.testing.assert_allclose(ln[4:], np.log(x[4:]), rtol=1e-6)
    rec = simtest.run_arch3510(x, RECIPROCAL, mode)
    assert np.all(np.isinf(rec[:4])) and list(np.signbit(rec[:4])) == [False, True, False, False]
    quotient = simtest.run_arch3510(x, DIV, mode)  # x / 1: the subnormal read as zero
    assert quotient[:4].tobytes() == np.array([0.0, -0.0, 0.0, 0.0], np.float32).tobytes()
    exp = simtest.run_arch3510(np.full(128, -100.0, np.float32), EXP, mode)  # exp(-100) = 3.7e-44 written as 0
    assert not np.any(exp)


def test_precision_config_keeps_subnormals(simtest):
    x = _arch_input()
    ln = simtest.run_arch3510(x, LN, COUNT_KEEP)
    np.testing.assert_allclose(ln[:4][SUBNORMALS > 0], np.log(SUBNORMALS[SUBNORMALS > 0].astype(np.float64)), rtol=1e-6)
    assert np.isnan(ln[1])  # ln of a negative
    quotient = simtest.run_arch3510(x, DIV, COUNT_KEEP)
    assert quotient[:4].tobytes() == SUBNORMALS.tobytes()
    exp = simtest.run_arch3510(np.full(128, -100.0, np.float32), EXP, COUNT_KEEP)
    assert np.all(exp > 0) and np.all(exp < F32_MIN_NORMAL)  # exp(-100) = 3.7e-44 kept as a subnormal
    sqrt = simtest.run_arch3510(x, SQRT, COUNT_KEEP)
    assert sqrt[0] == np.sqrt(np.float32(1e-39)) and sqrt[0] > 0


def test_a_dav_3510_kernel_on_another_arch_is_rejected(simtest):
    with pytest.raises(RuntimeError) as e:
        simtest.run_arch3510(_arch_input(), EXP, soc="ascend910b")
    assert (
        "GET_TILING_DATA: the kernel was compiled for __NPU_ARCH__ 3510 (dav-3510) and launched on ascend910b "
        "(dav-c220, __NPU_ARCH__ 2201)" in str(e.value)
    )


def test_tpipe_stops_at_tmp_ub_offset_on_ascend950(simtest):
    x = np.zeros(64, np.float32)
    with pytest.raises(RuntimeError, match=r"beyond the 253952 bytes of UB TPipe may hand out on ascend950 "):
        simtest.run_rules(UB_BYTES, SOC, x=x, extra=248 * 1024 + 32)
    _, stats = simtest.run_rules(UB_BYTES, SOC, x=x, extra=248 * 1024)
    assert stats["cores"][0]["ub_bytes_allocated"] == 248 * 1024 and stats["notes"] == []
