"""The advanced APIs' host tilings of the twin (tiling/tiling_api.h: Get*MaxMinTmpSize, SoftMaxTilingFunc) give
asc-devkit's values: tests/ut/sim/adv_tiling/main.cpp is built against the twin (sim_adv_tiling) and, here,
against asc-devkit's own headers and open tiling sources (impl/adv_api/tiling, the oracle, with stubs for its
logger and a dav-2201 platform); every line both print must agree. Bad arguments are refused by name."""

import os
import shutil
import subprocess
from pathlib import Path

import pytest

import ascendops

ROOT = Path(__file__).resolve().parents[3]
HERE = Path(__file__).resolve().parent / "adv_tiling"
DEVKIT = ROOT.parent / "shared" / "cann-open" / "asc-devkit"
CANN_INCLUDE = ROOT.parent / "shared" / "cann-8.1.RC1" / "aarch64-linux" / "include"  # graph/types.h
_PACKAGE = Path(ascendops.__file__).resolve().parent
_NAME = "sim_adv_tiling"
BINARY = next(
    (p for p in (_PACKAGE / "sim_tests" / _NAME, _PACKAGE.parents[1] / "sim_tests" / _NAME) if p.exists()),
    _PACKAGE / "sim_tests" / _NAME,
)
# the oracle's sources: one per API main.cpp calls
ORACLE_SOURCES = [
    "activation/gelu_tiling_impl.cpp",
    "activation/geglu_tiling.cpp",
    "activation/sigmoid_tiling_impl.cpp",
    "activation/silu_tiling.cpp",
    "activation/logsoftmax_tiling.cpp",
    "activation/softmax_tiling.cpp",
    "activation/swiglu_tiling.cpp",
    "activation/swish_tiling.cpp",
    "math/acosh_tiling.cpp",
    "math/axpy_tiling_impl.cpp",
    "math/clamp_tiling_impl.cpp",
    "math/fmod_tiling_impl.cpp",
    "math/power_tiling_impl.cpp",
    "math/trunc_tiling_impl.cpp",
    "math/xor_tiling.cpp",
    "math/ceil_tiling_impl.cpp",
    "math/exp_tiling_impl.cpp",
    "math/frac_tiling_impl.cpp",
    "reduce/sum_tiling.cpp",
    "quantization/ascend_quant_tiling_impl.cpp",
    "quantization/ascend_dequant_tiling_impl.cpp",
    "quantization/ascend_antiquant_tiling_impl.cpp",
    "filter/dropout_tiling_impl.cpp",
    "select/selectwithbytesmask_tiling_impl.cpp",
    "pad/pad_tiling_impl.cpp",
]
# main.cpp and the files it calls, built the same way against the twin and against the oracle
MAIN_SOURCES = ["main.cpp", "filter_quant.cpp", "pad.cpp"]


def _lines(text):
    return dict(line.split(" ", 1) for line in text.splitlines() if line)


@pytest.fixture(scope="module")
def twin():
    # the device of the oracle's platform stub (dav-2201), for the tilings that depend on it (Power)
    env = {**os.environ, "ASCENDC_SIM_SOC": "ascend910b"}
    result = subprocess.run([str(BINARY)], capture_output=True, text=True, timeout=120, check=False, env=env)
    assert result.returncode == 0, result.stderr
    return _lines(result.stdout)


@pytest.fixture(scope="module")
def oracle(tmp_path_factory):
    if not (DEVKIT / "impl" / "adv_api" / "tiling").is_dir() or not CANN_INCLUDE.is_dir():
        pytest.skip(f"asc-devkit's tiling sources or CANN's headers are not at {DEVKIT.parent.parent}: no oracle")
    if shutil.which("g++") is None:
        pytest.skip("no g++ to build asc-devkit's tiling sources as the oracle")
    exe = tmp_path_factory.mktemp("oracle") / "oracle"
    includes = [HERE / "stub", ROOT / "ascendc_sim" / "include", ROOT, DEVKIT, DEVKIT / "include", CANN_INCLUDE]
    sources = [DEVKIT / "impl" / "adv_api" / "tiling" / s for s in ORACLE_SOURCES]
    cmd = ["g++", "-std=c++17", "-O0", "-w", "-DADV_TILING_ORACLE", *[f"-I{p}" for p in includes]]
    cmd += [str(HERE / s) for s in MAIN_SOURCES] + [str(HERE / "oracle_stubs.cpp"), *map(str, sources)]
    cmd += ["-o", str(exe)]
    build = subprocess.run(cmd, capture_output=True, text=True, timeout=1200, check=False)
    assert build.returncode == 0, build.stderr[-3000:]
    result = subprocess.run([str(exe)], capture_output=True, text=True, timeout=120, check=False)
    assert result.returncode == 0, result.stderr
    return _lines(result.stdout)


@pytest.mark.parametrize(
    "api",
    "gelu sigmoid ceil frac acosh axpy xor clamp fmod power power_scalar power_int exp exp_reuse swiglu geglu silu swish sum".split(),
)
def test_tmp_sizes_match_asc_devkit(twin, oracle, api):
    keys = sorted(k for k in oracle if k.rsplit("_", 1)[0] == api)
    assert len(keys) == 16  # 8 shapes x (half, float)
    assert {k: twin.get(k) for k in keys} == {k: oracle[k] for k in keys}


# shapes x types x (tmp range + 5 work-space sizes), SoftmaxGrad's each with isFront false and true; LogSoftMax's
# tiling only where the space holds a row (CANN divides by zero below, the twin refuses)
@pytest.mark.parametrize("api, count", [("softmax_", 72), ("logsoftmax_", 66), ("softmaxgrad_", 144)])
def test_softmax_tiling_matches_asc_devkit(twin, oracle, api, count):
    keys = sorted(k for k in oracle if k.startswith(api))
    assert len(keys) == count
    assert {k: twin.get(k) for k in keys} == {k: oracle[k] for k in keys}


# the quantisation and filter APIs (adv_tiling/filter_quant.cpp): shapes x types, AntiQuant's scale shapes x
# transpose x (int8, fp4) x (half, bfloat16) outputs, Select's shape cases x mask types x isReuseMask
@pytest.mark.parametrize(
    "api, count", [("quant_", 12), ("dequant_", 6), ("antiquant_", 40), ("dropout_", 14), ("select_", 48)]
)
def test_filter_and_quant_tmp_sizes_match_asc_devkit(twin, oracle, api, count):
    keys = sorted(k for k in oracle if k.startswith(api))
    assert len(keys) == count
    assert {k: twin.get(k) for k in keys} == {k: oracle[k] for k in keys}


# Pad / UnPad: 8 shapes x (half, float), the tmp range and the tiling at 4 buffer sizes (0: an aligned width's;
# for Pad the range's ends, equal for the 3 x 5 shape)
@pytest.mark.parametrize(
    "api, count", [("pad_tmp_", 16), ("pad_tiling_", 62), ("unpad_tmp_", 16), ("unpad_tiling_", 64)]
)
def test_pad_tilings_match_asc_devkit(twin, oracle, api, count):
    keys = sorted(k for k in oracle if k.startswith(api))
    assert len(keys) == count
    assert {k: twin.get(k) for k in keys} == {k: oracle[k] for k in keys}


def test_known_values(twin):
    # Gelu keeps 3 float buffers of the input (Gelu Tiling); SoftMax's minimum is one row's k + 8 + 64 floats
    assert twin["gelu_4096x4"] == f"{3 * 4096 * 4} 768"
    assert twin["softmax_tmp_8x64x4"] == f"{8 * (64 + 8 + 64) * 4} {(64 + 8 + 64) * 4}"
    assert twin["sum_1000x4"] == "64 64"  # 16 repeats of 64 floats: 16 partial sums, two 32-byte blocks
    # AscendQuant: two bytes an element, at least two 256-byte repeats; AscendDequant: one repeat of floats, the
    # [128, 32] rows (one row for the minimum) and the 32 + 8 scale floats
    assert twin["quant_1024_4"] == f"{1024 * 2} {2 * 256}"
    assert twin["dequant_128x32"] == f"{(64 + 128 * 32 + 40) * 4} {(64 + 32 + 40) * 4}"
    # DropOut: two floats an element, at least two repeats
    assert twin["dropout_4x256_4"] == f"{2 * 1024 * 4} 512"
    # Pad: 16 address lists of 32 bytes, twice, per 16 elements of the source; UnPad needs none on dav-2201
    assert twin["pad_tmp_16x31_31_4"] == f"{(16 * 31 + 15) // 16 * 1024} 1024"
    assert twin["unpad_tmp_16x31_31_4"] == "0 0"


@pytest.mark.parametrize(
    "key, message",
    [
        ("refuse_typesize", "GetGeluMaxMinTmpSize: typeSize 8 is not 2 or 4"),
        ("refuse_empty", "GetSigmoidMaxMinTmpSize: srcShape has 0 elements: must be greater than 0"),
        ("refuse_unaligned", "GetSoftMaxMinTmpSize: the last axis of srcShape (12 elements) must be 32-byte aligned"),
        (
            "refuse_quant_unaligned",
            "GetAscendQuantMaxMinTmpSize: srcShape of 17 elements of 2 bytes is not 32-byte aligned",
        ),
        ("refuse_dequant_dims", "GetAscendDequantMaxMinTmpSize: srcShape has 3 dims: must be 1 or 2"),
        ("refuse_select_mask", "GetSelectMaxMinTmpSize: maskTypeSize 3 is not 1, 2 or 4"),
        (
            "refuse_pad_space",
            "PadTilingFunc: stackBufferSize 1000 is below the 1024 bytes of one unit (GetPadMaxMinTmpSize's minimum)",
        ),
        (
            "refuse_small_space",
            "LogSoftMaxTilingFunc: localWorkSpaceSize 1024 holds no row (GetLogSoftMaxMinTmpSize: 8480)",
        ),
    ],
)
def test_bad_arguments_are_refused_by_name(twin, key, message):
    assert twin[key] == message
