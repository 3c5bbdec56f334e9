"""op_api's NPU build on a fake device: the compositions aclnnAscendopsFusedSwigluGrad and
aclnnAscendopsEmbeddingDenseBackward compiled as the opp package ships them (-DASCENDOPS_NPU, CANN's own headers),
linked with tests/ut/npu_fake/fake_cann.cpp instead of CANN's libraries: a recorder of every runtime and aclnn call,
which computes nothing. No twin code is linked, so no call can reach the twin; the test checks the calls, their
arguments and their order (B, W, X on the caller's stream; the device sort before the kernel). What a real device
does with those calls has never run here.

Needs g++ and CANN's host headers: $ASCENDOPS_CANN_INCLUDE, else the 8.1.RC1 snapshot beside the repository
(../shared/cann-8.1.RC1/aarch64-linux/include)."""

import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SOURCES = [
    "op_api/aclnn_embedding_dense_backward.cpp",
    "op_api/aclnn_fused_swiglu_grad_user.cpp",
    "op_api/embedding_dense_grad_args.cpp",
    "op_api/common/aclnn_context.cpp",
    "op_api/common/tensor_util.cpp",
    "op_api/common/backend_npu.cpp",
    "op_api/common/device_steps_npu.cpp",
    "ascendc_sim/platform/soc.cpp",
    "ascendc_sim/platform/soc_cube.cpp",
    "ascendc_sim/platform/soc_cost_sources.cpp",
    "ascendc_sim/platform/matmul_tiling.cpp",
    "op_host/embedding_dense_grad/embedding_dense_grad_tiling.cpp",
    "op_host/fused_swiglu_grad/fused_swiglu_grad_tiling.cpp",
    "op_host/fused_swiglu_grad/fused_swiglu_grad_cube_tiling.cpp",
    "tests/ut/npu_fake/fake_cann.cpp",
    "tests/ut/npu_fake/driver.cpp",
]
STREAM = "stream=0x5a"  # the driver's stream


def cann_include():
    path = os.environ.get("ASCENDOPS_CANN_INCLUDE") or str(ROOT.parent / "shared/cann-8.1.RC1/aarch64-linux/include")
    return path if Path(path, "aclnn", "aclnn_base.h").is_file() else None


@pytest.fixture(scope="module")
def driver(tmp_path_factory):
    include = cann_include()
    if include is None or shutil.which("g++") is None:
        pytest.skip(
            "needs g++ and CANN's host headers (ASCENDOPS_CANN_INCLUDE or ../shared/cann-8.1.RC1): "
            f"g++ {'found' if shutil.which('g++') else 'missing'}, headers {include or 'missing'}"
        )
    exe = tmp_path_factory.mktemp("npu_fake") / "driver"
    compiler = ["ccache", "g++"] if shutil.which("ccache") else ["g++"]
    cmd = [
        *compiler,
        "-std=c++17",
        "-O0",
        "-DASCENDOPS_NPU",
        f"-I{include}",
        f"-I{ROOT}",
        f"-I{ROOT / 'op_api'}",
        *[str(ROOT / s) for s in SOURCES],
        "-o",
        str(exe),
    ]
    subprocess.run(cmd, check=True, capture_output=True, text=True)
    return exe


def calls(driver, scenario):
    lines = subprocess.run([str(driver), scenario], check=True, capture_output=True, text=True).stdout.splitlines()
    assert lines[-1] == "status 0 0"
    return lines[:-1]


def test_swiglu_is_b_then_w_then_x_on_the_callers_stream(driver):
    assert calls(driver, "swiglu") == [
        "aclnnAscendopsFusedSwigluGradBGetWorkspaceSize dt27[4,64] dt27[4,64] dt27[4,64] -> dt27[4,64] dt27[4,64] "
        "dt27[1,64] dt27[1,64]",
        f"aclnnAscendopsFusedSwigluGradB {STREAM}",
        "aclnnAscendopsFusedSwigluGradWGetWorkspaceSize dt27[4,32] dt27[4,64] dt27[4,64] -> dt27[32,64] dt27[32,64]",
        f"aclnnAscendopsFusedSwigluGradW {STREAM}",
        "aclnnAscendopsFusedSwigluGradXGetWorkspaceSize dt27[4,64] dt27[4,64] dt27[32,64] dt27[32,64] -> dt27[4,32]",
        f"aclnnAscendopsFusedSwigluGradX {STREAM}",
    ]


def test_a_strided_input_is_made_contiguous_on_the_device_first(driver):
    seen = calls(driver, "swiglu-strided")
    assert seen[:2] == [
        "aclnnInplaceCopyGetWorkspaceSize dt27[32,64]strided -> dt27[32,64]",
        f"aclnnInplaceCopy {STREAM}",
    ]
    assert [line.split()[0] for line in seen[2:]] == [
        "aclnnAscendopsFusedSwigluGradBGetWorkspaceSize",
        "aclnnAscendopsFusedSwigluGradB",
        "aclnnAscendopsFusedSwigluGradWGetWorkspaceSize",
        "aclnnAscendopsFusedSwigluGradW",
        "aclnnAscendopsFusedSwigluGradXGetWorkspaceSize",
        "aclnnAscendopsFusedSwigluGradX",
    ]
    assert "strided" not in " ".join(seen[2:])  # every kernel reads dense memory


def test_embedding_backward_sorts_on_the_device_then_runs_the_kernel(driver):
    assert calls(driver, "edb-int32") == [
        "aclnnSortGetWorkspaceSize dt3[6] stable=1 dim=0 descending=0 -> dt3[6] dt9[6]",
        f"aclnnSort {STREAM}",
        "aclnnCastGetWorkspaceSize dt9[6] to=3 -> dt3[6]",
        f"aclnnCast {STREAM}",
        "aclnnAscendopsEmbeddingDenseGradGetWorkspaceSize dt0[6,16] dt3[6] dt3[6] nw=10 pad=-1 scale=0 -> dt0[10,16]",
        f"aclnnAscendopsEmbeddingDenseGrad {STREAM}",
    ]


def test_int64_indices_are_clamped_and_narrowed_on_the_device(driver):
    assert [line for line in calls(driver, "edb-int64") if "GetWorkspaceSize" in line] == [
        "aclnnSortGetWorkspaceSize dt9[6] stable=1 dim=0 descending=0 -> dt9[6] dt9[6]",
        "aclnnCastGetWorkspaceSize dt9[6] to=3 -> dt3[6]",
        "aclnnClampGetWorkspaceSize dt9[6] min=-1 max=2147483647 -> dt9[6]",
        "aclnnCastGetWorkspaceSize dt9[6] to=3 -> dt3[6]",
        "aclnnAscendopsEmbeddingDenseGradGetWorkspaceSize dt0[6,16] dt3[6] dt3[6] nw=10 pad=-1 scale=0 -> dt0[10,16]",
    ]


def test_no_indices_zero_out_with_one_memset_and_launch_nothing(driver):
    assert calls(driver, "edb-empty") == [f"aclrtMemsetAsync {STREAM} bytes=640"]


def test_an_unknown_soc_is_named(driver):
    out = subprocess.run(
        [str(driver), "swiglu"], capture_output=True, text=True, env={**os.environ, "FAKE_SOC": "Ascend310B1"}
    )
    assert out.stdout.splitlines() == ["status 361001 -1"]
    assert "the current device is Ascend310B1, none of the SoC variants ascendops supports" in out.stderr
