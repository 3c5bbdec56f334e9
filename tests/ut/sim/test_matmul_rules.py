"""Every limit the twin's cube enforces, triggered once with its message: the host tiling's capacity rules
(L0A/L0B/L0C/L1/BiasTable, alignment, SetDim, SetFixSplit, dtype table), the same rules at Matmul::Init on a
hand-edited TCubeTiling, MIX launch limits, REGIST_MATMUL_OBJ rules, End between objects, reserved cross-core flag
ids, and the synchronisation a cube result needs (async IterateAll read before WaitIterateAll)."""

import ml_dtypes
import numpy as np
import pytest

BF16 = ml_dtypes.bfloat16


@pytest.mark.parametrize(
    "kwargs,message",
    [
        (
            dict(fix_base_m=256, fix_base_n=256),
            r"base block C baseM 256 x baseN 256 x 4 B x dbL0C 1 = 262144 bytes exceeds L0C \(131072 bytes\)",
        ),
        (
            dict(fix_base_m=512, fix_base_n=16),
            r"base block A baseM 512 x baseK 64 x 2 B x dbL0A 2 = 131072 bytes exceeds L0A \(65536 bytes\)",
        ),
        (
            dict(fix_base_m=16, fix_base_n=512),
            r"base block B baseN 512 x baseK 64 x 2 B x dbL0B 2 = 131072 bytes exceeds L0B \(65536 bytes\)",
        ),
        (dict(fix_base_m=24), r"baseM 24 and baseN 256 must be multiples of 16"),
        (dict(l1=1024), r"L1 blocks A 32768 \+ B 65536 \+ bias 0 = 98304 bytes exceed L1 \(1024 bytes\)"),
        (dict(dim=49), r"SetDim: dim 49 outside \[1, 48\]"),
        (
            dict(soc="ascend310p"),
            r"\(A bfloat16, B bfloat16, Bias float32, C float32\) is not a supported Matmul type "
            r"combination on ascend310p",
        ),
    ],
)
def test_host_tiling_rejects(simtest, kwargs, message):
    with pytest.raises(RuntimeError, match=message):
        simtest.matmul_tiling(512, 512, 512, **kwargs)


def _run(simtest, tiling, mode=0, bias=None, groups=1, m=16, n=16, k=16, **kw):
    a = np.ones(m * k, BF16)
    b = np.ones(k * n, BF16)
    return simtest.run_matmul(a, b, bias, np.zeros(m * n, np.float32), tiling, mode=mode, groups=groups, **kw)


@pytest.mark.parametrize(
    "edit,message",
    [
        (
            dict(baseM=256, baseK=128),
            r"Matmul::Init: base block A baseM 256 x baseK 128 x 2 B x dbL0A 2 = 131072 bytes "
            r"exceeds L0A \(65536 bytes\)",
        ),
        (dict(baseN=1024, baseK=32), r"base block B baseN 1024 x baseK 32 x 2 B x dbL0B 2 = 131072 bytes exceeds L0B"),
        (dict(baseM=512, baseN=128, baseK=16), r"base block C baseM 512 x baseN 128 x 4 B x dbL0C 2 = 524288 bytes"),
        (
            dict(isBias=1, baseN=272, baseK=16),
            r"bias block baseN 272 x 4 B = 1088 bytes exceeds the BiasTable " r"\(1024 bytes\)",
        ),
        (dict(stepKa=600, depthA1=1200), r"L1 blocks A 614400 \+ B 1024 \+ bias 0 = 615424 bytes exceed L1"),
        (dict(usedCoreNum=49), r"TCubeTiling.usedCoreNum = 49 outside \[1, 48\]"),
        (dict(dbL0A=3), r"TCubeTiling.dbL0A = 3 must be 1 or 2"),
        (dict(depthA1=3), r"TCubeTiling.depthA1 = 3 must equal step \* stepK \* db = 1 x \(1 or 2\)"),
        (dict(iterateOrder=2), r"TCubeTiling.iterateOrder = 2 must be 0 or 1"),
        (dict(baseK=0), r"TCubeTiling.baseK = 0 must be > 0"),
    ],
)
def test_init_rejects_an_edited_tiling(simtest, edit, message):
    tiling = dict(simtest.matmul_tiling(16, 16, 16), **edit)
    with pytest.raises(RuntimeError, match=message):
        _run(simtest, tiling)


def test_l1_rule_counts_the_bias_block(simtest):
    tiling = dict(simtest.matmul_tiling(16, 16, 16), isBias=1, stepKa=1000, depthA1=2000, baseN=256, baseK=16)
    with pytest.raises(RuntimeError, match=r"\+ bias 1024 = "):
        _run(simtest, tiling, bias=np.zeros(16, np.float32))


@pytest.mark.parametrize(
    "mode,message",
    [
        (
            3,
            r"AIV core 0/1 \(ascend910b\): DataCopy: GM bytes the cube is still writing \(async IterateAll\) accessed "
            r"before WaitIterateAll",
        ),
        (
            4,
            r"Matmul::IterateAll: another Matmul object computed without End\(\): call End\(\) before switching objects",
        ),
        (5, r"REGIST_MATMUL_OBJ: more than 4 Matmul objects"),
        (6, r"REGIST_MATMUL_OBJ: called after TPipe::InitBuffer \(256 UB bytes already carved\)"),
        (7, r"CrossCoreSetFlag: flagId 1 is used by the Matmul API \(\[0, 1\] for 1 registered objects\)"),
        (10, r"Matmul::IterateAll: the AIC of group 0 (already left the kernel|left the kernel without serving)"),
    ],
)
def test_kernel_rules(simtest, mode, message):
    with pytest.raises(RuntimeError, match=message):
        _run(simtest, simtest.matmul_tiling(16, 16, 16), mode=mode)


def test_set_bias_needs_is_bias(simtest):
    with pytest.raises(RuntimeError, match=r"Matmul::SetBias: TCubeTiling.isBias is 0: bias not enabled"):
        _run(simtest, simtest.matmul_tiling(16, 16, 16), bias=np.zeros(16, np.float32))


def test_operand_outside_its_allocation_is_caught(simtest):
    tiling = dict(simtest.matmul_tiling(16, 16, 16), M=32, singleCoreM=32)
    with pytest.raises(
        RuntimeError, match=r"Matmul \(A\): GM read of bytes \[0, 1024\) outside device allocation #\d+ of 512"
    ):
        _run(simtest, tiling)


@pytest.mark.parametrize(
    "groups,soc,message",
    [
        (25, "ascend910b", r"MIX blockDim 25 \(AIC:AIV groups\) outside \[1, 24\] for ascend910b"),
        (1, "ascend310p", r"MIX AIC:AIV launch on ascend310p, which has no separate AIC and AIV cores"),
    ],
)
def test_mix_launch_limits(simtest, groups, soc, message):
    with pytest.raises(RuntimeError, match=message):
        simtest.run_cross_core(groups, soc=soc)


def test_cross_core_wait_without_a_setter_is_a_deadlock(simtest):
    with pytest.raises(
        RuntimeError, match=r"CrossCoreWaitFlag: deadlock: waited [0-9.]+ s for flag 6 that no core sets"
    ):
        simtest.run_cross_core(1, mode=1, timeout=0.2)
