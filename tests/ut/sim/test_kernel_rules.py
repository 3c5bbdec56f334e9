"""Kernel-wide rules of the twin, each with a kernel that breaks it (message asserted) and one that obeys it:
reserved UB, kernel types per SoC, cross-core barriers, rounds, system workspace, overflow mode, reduction order,
Compare dtypes, DataCopy / repeat / Gather / TPipe limits (tests/ut/sim/kernels/rule_kernels.cpp)."""

import os
import subprocess
import sys

import numpy as np
import pytest

(
    UB_BYTES,
    DECLARE_TYPE,
    HARD_SYNC,
    SOFT_SYNC,
    ROUNDS,
    USER_WORKSPACE,
    HALF_OVERFLOW,
    FLOAT_OVERFLOW,
    REDUCE_SUM_HALF,
    WHOLE_REDUCE_SUM_HALF,
    COMPARE_INT32,
    COPY_BLOCK_COUNT,
    REPEAT_DST_BLK_STRIDE,
    REPEAT_OVERLAP,
    GATHER_ALIAS,
    PIPE_BUFFERS,
    PER_KEY_TYPE,
    TYPED_BLOCKS,
    MIX_VECTOR_SOFT_SYNC,
    MIX_VECTOR_GATHER_MASK,
) = range(1, 21)
# KernelMetaType values in their documented order (Kernel-Tiling/设置Kernel类型.md).
(
    AIV_ONLY,
    AIC_ONLY,
    MIX_AIV_1_0,
    MIX_AIC_1_0,
    MIX_AIC_1_1,
    MIX_AIC_1_2,
    AICORE,
    VECTORCORE,
    MIX_AICORE,
    MIX_VECTOR_CORE,
) = range(10)

F32 = np.zeros(64, np.float32)
F16 = np.zeros(64, np.float16)


def _fails(simtest, soc, message, scenario, **kw):
    kw.setdefault("x", F32)
    with pytest.raises(RuntimeError, match=r"kernel 'simtest_rules' core \d+/\d+ \(" + soc + r"\): " + message):
        simtest.run_rules(scenario, soc, **kw)


# ---- 2. UB: TPipe hands out the whole UB, as CANN's CPU debug does (bufferInitLen); more is refused ----
@pytest.mark.parametrize(
    "soc,ub", [("ascend910b", 192 * 1024), ("ascend910_93", 192 * 1024), ("ascend310p", 256 * 1024)]
)
def test_ub_beyond_the_whole_ub_is_refused(simtest, soc, ub):
    _fails(
        simtest,
        soc,
        rf"TPipe::InitBuffer: 1 x {ub + 32} bytes .* beyond the {ub} bytes of UB TPipe may hand out on {soc} "
        r"\(kernel_tpipe_impl.h: curPoolAddr <= bufferInitLen\)",
        UB_BYTES,
        extra=ub + 32,
    )
    _, stats = simtest.run_rules(UB_BYTES, soc, x=F32, extra=ub)
    assert stats["cores"][0]["ub_bytes_allocated"] == ub
    assert stats["notes"] == [
        f"TPipe::InitBuffer: the TPipe total of {ub} bytes passes the {ub - 8192} bytes the guide calls usable on "
        f"{soc} (UB minus the 8192-byte TMP_UB_OFFSET scratch): fine unless a scratch-using API runs over live data "
        "there, which the twin reports"
    ]
    _, stats = simtest.run_rules(UB_BYTES, soc, x=F32, extra=ub - 8192)
    assert stats["notes"] == []


# ---- 3. kernel types per SoC ----
@pytest.mark.parametrize(
    "soc,kind,ok",
    [
        ("ascend310p", AICORE, True),
        ("ascend310p", MIX_VECTOR_CORE, True),
        ("ascend310p", AIV_ONLY, False),
        ("ascend310p", MIX_AIC_1_0, False),
        ("ascend310p", VECTORCORE, False),
        ("ascend910b", AIV_ONLY, True),
        ("ascend910b", MIX_AIV_1_0, True),
        ("ascend910b", AICORE, False),
        ("ascend910_93", MIX_VECTOR_CORE, False),
    ],
)
def test_only_documented_kernel_types(simtest, soc, kind, ok):
    if ok:  # the twin's launch states the Vector Cores a MIX_VECTOR_CORE binary starts
        simtest.run_rules(DECLARE_TYPE, soc, x=F32, extra=kind, ws_bytes=64, vector_cores=kind == MIX_VECTOR_CORE)
    else:
        _fails(
            simtest,
            soc,
            r"KERNEL_TASK_TYPE_DEFAULT: KERNEL_TYPE_\w+ is not a kernel type " + soc + " documents",
            DECLARE_TYPE,
            extra=kind,
            ws_bytes=64,
        )


def test_mix_type_needs_a_workspace(simtest):
    _fails(
        simtest,
        "ascend910b",
        r"KERNEL_TASK_TYPE_DEFAULT: KERNEL_TYPE_MIX_AIV_1_0 needs a non-zero workspace",
        DECLARE_TYPE,
        extra=MIX_AIV_1_0,
    )
    simtest.run_rules(DECLARE_TYPE, "ascend910b", x=F32, extra=MIX_AIV_1_0, ws_bytes=32)


def test_hardware_sync_all_needs_a_mix_type(simtest):
    _fails(
        simtest,
        "ascend910b",
        r"SyncAll: hardware SyncAll\(\) needs a MIX kernel type .* declared " r"KERNEL_TYPE_AIV_ONLY",
        HARD_SYNC,
        block_dim=4,
        extra=AIV_ONLY,
    )
    _, stats = simtest.run_rules(HARD_SYNC, "ascend910b", block_dim=4, x=F32, extra=MIX_AIV_1_0, ws_bytes=32)
    assert [c["barriers"] for c in stats["cores"]] == [1, 1, 1, 1]


def test_per_key_type_overrides_the_default(simtest):
    simtest.run_rules(PER_KEY_TYPE, "ascend910b", block_dim=2, x=F32, tiling_key=1, ws_bytes=32)
    _fails(
        simtest,
        "ascend910b",
        r"SyncAll: hardware SyncAll\(\) needs a MIX kernel type",
        PER_KEY_TYPE,
        block_dim=2,
        tiling_key=2,
        ws_bytes=32,
    )


def test_more_blocks_than_cores_run_in_rounds(simtest):
    y, stats = simtest.run_rules(ROUNDS, "ascend310p", block_dim=20, x=np.zeros(160, np.float32))
    np.testing.assert_array_equal(y, np.repeat(np.arange(20, dtype=np.float32), 8))
    assert stats["block_dim"] == 20


def test_cross_core_sync_with_more_blocks_than_cores_is_refused(simtest):
    _fails(
        simtest,
        "ascend910b",
        r"SyncAll: blockDim 50 exceeds the 48 cores of ascend910b: blocks run in rounds",
        HARD_SYNC,
        block_dim=50,
        x=np.zeros(400, np.float32),
        extra=MIX_AIV_1_0,
        ws_bytes=32,
    )


def test_soft_sync_workspaces_are_block_num_times_32_bytes(simtest):
    _fails(
        simtest,
        "ascend310p",
        r"SyncAll: ubWorkspace \(needs GetBlockNum\(\) x 32 bytes\) covers 16 elements but " r"the LocalTensor has 8",
        SOFT_SYNC,
        block_dim=2,
        extra=32,
        ws_bytes=64,
    )
    _fails(
        simtest,
        "ascend310p",
        r"SyncAll \(gmWorkspace needs GetBlockNum\(\) x 32 bytes\): GM atomic write of bytes "
        r"\[0, 64\) outside device allocation",
        SOFT_SYNC,
        block_dim=2,
        extra=64,
        ws_bytes=32,
    )
    simtest.run_rules(SOFT_SYNC, "ascend310p", block_dim=1, x=F32, extra=32, ws_bytes=32)


def test_soft_sync_gm_workspace_must_start_zeroed(simtest):
    _fails(
        simtest,
        "ascend310p",
        r"SyncAll: gmWorkspace slot of core 0 held 16843009 at the first barrier: it must " r"be zeroed",
        SOFT_SYNC,
        extra=32,
        ws_bytes=32,
        ws_fill=1,
    )


# ---- 3b. ascend310p Vector Cores (KERNEL_TYPE_MIX_VECTOR_CORE, 如何在矢量编程时启用Vector-Core.md) ----
AI_CORES, VECTOR_CORES = 8, 7  # Ascend310P3: ai_core_cnt, vector_core_cnt
OVERFLOW_IN = [40000, -40000, np.nan, 1.5]


def _typed_blocks(simtest, blocks, kind, **kw):
    x = np.zeros(32 * blocks, np.float16)
    x.reshape(blocks, 32)[:, :4] = OVERFLOW_IN
    y, stats = simtest.run_rules(TYPED_BLOCKS, "ascend310p", block_dim=blocks, x=x, extra=kind, ws_bytes=32, **kw)
    per_block = y.reshape(blocks, 32)
    seen = per_block[:, 16:].copy().view(np.float32)  # 8 floats of 1000 GetBlockNum() + GetBlockIdx() per block
    return per_block[:, :4], seen, stats


def test_mix_vector_core_runs_ai_and_vector_cores_at_once(simtest):
    _, seen, stats = _typed_blocks(simtest, AI_CORES + VECTOR_CORES, MIX_VECTOR_CORE, vector_cores=True)
    np.testing.assert_array_equal(seen, np.repeat(15000 + np.arange(15, dtype=np.float32), 8).reshape(15, 8))
    assert stats["rounds"] == 1  # all 15 blocks resident together
    assert [c["vector_core"] for c in stats["cores"]] == [False] * AI_CORES + [True] * VECTOR_CORES


def test_aicore_launch_keeps_the_ai_cores_alone(simtest):
    _, seen, stats = _typed_blocks(simtest, 15, AICORE)
    np.testing.assert_array_equal(seen[:, 0], 15000 + np.arange(15, dtype=np.float32))
    assert stats["rounds"] == 2 and not any(c["vector_core"] for c in stats["cores"])


def test_blocks_beyond_ai_and_vector_cores_run_in_rounds(simtest):
    _, seen, stats = _typed_blocks(simtest, 20, MIX_VECTOR_CORE, vector_cores=True)
    np.testing.assert_array_equal(seen[:, 0], 20000 + np.arange(20, dtype=np.float32))
    assert stats["rounds"] == 2  # 15, then 5: blocks 15-19 on AI cores again (slot = block mod 15)
    assert [c["vector_core"] for c in stats["cores"]] == ([False] * 8 + [True] * 7) + [False] * 5


def test_vector_core_blocks_overflow_to_inf_ai_core_blocks_saturate(simtest):
    out, _, _ = _typed_blocks(simtest, 15, MIX_VECTOR_CORE, vector_cores=True)
    for b in range(AI_CORES):
        np.testing.assert_array_equal(out[b], np.array([65504, -65504, 0, 3], np.float16))
    for b in range(AI_CORES, 15):
        np.testing.assert_array_equal(out[b], np.array([np.inf, -np.inf, np.nan, 3], np.float16))


def test_sync_all_under_mix_vector_core_is_refused(simtest):
    _fails(
        simtest,
        "ascend310p",
        r"SyncAll: inter-core sync \(IBSet/IBWait/SyncAll\) is not supported under "
        r"KERNEL_TYPE_MIX_VECTOR_CORE: AI Cores and Vector Cores run as separate tasks",
        MIX_VECTOR_SOFT_SYNC,
        block_dim=2,
        extra=64,
        ws_bytes=64,
        vector_cores=True,
    )


def test_gather_mask_is_refused_on_a_vector_core(simtest):
    # GatherMask.md 产品支持情况: the Atlas inference products' AI Core has it, their Vector Core does not
    kw = {"ws_bytes": 64, "vector_cores": True}
    simtest.run_rules(MIX_VECTOR_GATHER_MASK, "ascend310p", block_dim=AI_CORES, x=F32, **kw)  # AI cores only
    _fails(
        simtest,
        "ascend310p",
        r"GatherMask: not available on a Vector Core \(Atlas inference products\)",
        MIX_VECTOR_GATHER_MASK,
        block_dim=AI_CORES + 1,
        **kw,
    )


def test_kernel_type_and_vector_cores_must_agree(simtest):
    _fails(
        simtest,
        "ascend310p",
        r"KERNEL_TASK_TYPE_DEFAULT: KERNEL_TYPE_MIX_VECTOR_CORE in a launch without Vector " r"Cores",
        TYPED_BLOCKS,
        x=np.zeros(32, np.float16),
        extra=MIX_VECTOR_CORE,
        ws_bytes=32,
    )
    _fails(
        simtest,
        "ascend310p",
        r"KERNEL_TASK_TYPE_DEFAULT: KERNEL_TYPE_AICORE in a launch with Vector Cores",
        TYPED_BLOCKS,
        x=np.zeros(32, np.float16),
        extra=AICORE,
        ws_bytes=32,
        vector_cores=True,
    )
    with pytest.raises(
        RuntimeError,
        match=r"kernel 'simtest_rules': a MIX_VECTOR_CORE launch \(Vector Cores\) on "
        r"ascend910b, which documents no KERNEL_TYPE_MIX_VECTOR_CORE",
    ):
        simtest.run_rules(TYPED_BLOCKS, "ascend910b", x=F16, extra=MIX_VECTOR_CORE, ws_bytes=32, vector_cores=True)


# ---- 4. system workspace per SoC ----
@pytest.mark.parametrize(
    "soc,reserved", [("ascend310p", 2 << 20), ("ascend910b", 16 << 20), ("ascend910_93", 16 << 20)]
)
def test_user_workspace_skips_the_system_workspace(simtest, soc, reserved):
    y, _ = simtest.run_rules(USER_WORKSPACE, soc, x=F32, ws_bytes=64)
    assert y[0] == reserved


# ---- 6. float overflow mode ----
def test_half_results_saturate_on_310p_only(simtest):
    x = np.array([40000, -40000, np.nan, 1.5] + [0] * 12, np.float16)
    y310, _ = simtest.run_rules(HALF_OVERFLOW, "ascend310p", x=x)
    np.testing.assert_array_equal(y310[:4], np.array([65504, -65504, 0, 3], np.float16))
    y910, _ = simtest.run_rules(HALF_OVERFLOW, "ascend910b", x=x)
    np.testing.assert_array_equal(y910[:4], np.array([np.inf, -np.inf, np.nan, 3], np.float16))


def test_float_results_stay_ieee_on_310p(simtest):  # assumption (docs/twin.md): saturation covers half/bf16 only
    x = np.array([3e38, -3e38] + [0] * 6, np.float32)
    y, _ = simtest.run_rules(FLOAT_OVERFLOW, "ascend310p", x=x)
    np.testing.assert_array_equal(y[:2], np.array([np.inf, -np.inf], np.float32))


# ---- 7. reductions in the documented order ----
def _tree_half(values):
    lanes = [np.float16(v) for v in values]
    while len(lanes) > 1:
        if len(lanes) % 2:
            lanes.append(np.float16(0))
        lanes = [np.float16(np.float32(lanes[2 * i]) + np.float32(lanes[2 * i + 1])) for i in range(len(lanes) // 2)]
    return lanes[0]


def _reduce_input():
    x = np.ones(256, np.float16)
    x[0] = 2048  # a sequential FP32 sum gives 2303; pairs in half lose the odd ones next to 2048
    return x


@pytest.mark.parametrize("soc", ["ascend310p", "ascend910b"])
def test_reduce_sum_is_a_tree_per_repeat(simtest, soc):
    x = _reduce_input()
    repeats = [_tree_half(x[:128]), _tree_half(x[128:])]
    # 310P (way 2) trees the repeat sums too; A2/A3 count form (way 1) adds them in order, in half.
    expected = (
        _tree_half(repeats) if soc == "ascend310p" else np.float16(np.float32(repeats[0]) + np.float32(repeats[1]))
    )
    y, _ = simtest.run_rules(REDUCE_SUM_HALF, soc, x=x)
    assert y[0] == expected
    assert y[0] != np.float16(x.astype(np.float32).sum())


def test_whole_reduce_sum_is_a_tree_per_repeat(simtest):
    x = _reduce_input()
    y, _ = simtest.run_rules(WHOLE_REDUCE_SUM_HALF, "ascend910b", x=x, extra=2)
    np.testing.assert_array_equal(y[:2], [_tree_half(x[:128]), _tree_half(x[128:])])


# ---- 7. Compare dtypes, DataCopy, repeat forms, Gather, TPipe ----
def test_compare_int32_only_on_a2_a3(simtest):
    simtest.run_rules(COMPARE_INT32, "ascend910b", x=F32)
    _fails(simtest, "ascend310p", r"Compare: dtype int32 is not supported by this instruction", COMPARE_INT32)


def test_data_copy_block_count_at_most_4095(simtest):
    x = np.zeros(4096 * 16, np.float16)
    _fails(simtest, "ascend310p", r"DataCopy: blockCount 4096 outside \[1, 4095\]", COPY_BLOCK_COUNT, x=x, extra=4096)
    simtest.run_rules(COPY_BLOCK_COUNT, "ascend310p", x=x, extra=4095)


def test_repeat_dst_block_stride_zero_is_undefined(simtest):
    _fails(simtest, "ascend910b", r"Adds: dstBlkStride 0 with mask 128 is undefined", REPEAT_DST_BLK_STRIDE, extra=0)
    simtest.run_rules(REPEAT_DST_BLK_STRIDE, "ascend910b", x=F32, extra=1)


def test_repeat_dst_overlapping_a_later_src_is_refused(simtest):
    _fails(simtest, "ascend910b", r"Adds: dst of repeat 0 overlaps the src of repeat 1", REPEAT_OVERLAP, extra=4)
    simtest.run_rules(REPEAT_OVERLAP, "ascend910b", x=F32, extra=0)  # in place: each repeat reads what it writes


def test_gather_aliasing_is_refused(simtest):
    _fails(simtest, "ascend910b", r"Gather: dst overlaps the src elements it gathers", GATHER_ALIAS, extra=1)
    simtest.run_rules(GATHER_ALIAS, "ascend910b", x=F32, extra=0)


def test_at_most_64_buffers_per_pipe(simtest):
    _fails(
        simtest,
        "ascend910b",
        r"TPipe::InitBuffer: 65 more buffers bring the TPipe to 65, beyond the 64",
        PIPE_BUFFERS,
        extra=65,
    )
    simtest.run_rules(PIPE_BUFFERS, "ascend910b", x=F32, extra=64)


# ---- 8. TILING_KEY_IS takes numeric literals (or macros expanding to them), as CANN's key precompiler does ----
KEY_SOURCE = """
#include "kernel_operator.h"
enum class Key : uint64_t {{ kA = 1 }};
#define KEY_B 2
extern "C" __global__ __aicore__ void k(GM_ADDR tiling) {{
    if (TILING_KEY_IS({key})) {{ }}
}}
"""


def _compile(tmp_path, key):
    root = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", ".."))
    src = tmp_path / "key.cpp"
    src.write_text(KEY_SOURCE.format(key=key))
    cmd = [
        "g++",
        "-std=c++17",
        "-fsyntax-only",
        "-I",
        root,
        "-I",
        os.path.join(root, "ascendc_sim", "include"),
        str(src),
    ]
    return subprocess.run(cmd, capture_output=True, text=True)


@pytest.mark.skipif(sys.platform != "linux", reason="needs g++ on Linux")
@pytest.mark.parametrize(
    "key,ok",
    [("1", True), ("KEY_B", True), ("0x10", True), ("Key::kA", False), ("static_cast<uint64_t>(Key::kA)", False)],
)
def test_tiling_key_is_takes_literals(tmp_path, key, ok):
    r = _compile(tmp_path, key)
    assert (r.returncode == 0) == ok, r.stderr[-2000:]
