"""The register-based vector API of dav-3510 (AscendC::Reg; asc-devkit include/basic_api/reg_compute) on a kernel
built as a dav-3510 instance (tests/ut/sim/reg_api) and run on the ascend950 profile, against NumPy: a case per
family (masks, loads and stores with their dist modes, arithmetic, compare / select, cast, reduce, gather), and the
rules the twin holds a VF to (LocalMemBar between a store and a load of the same UB bytes, 32 vector and 8 mask
registers, 32-byte aligned LoadAlign, the basic API's pipe order and definedness around the VF)."""

import os
import shutil
import subprocess
from pathlib import Path

import numpy as np
import pytest

import ascendops

ROOT = Path(__file__).resolve().parents[3]
_PACKAGE = Path(ascendops.__file__).resolve().parent
_NAME = "sim_reg_api"
BINARY = next(
    (p for p in (_PACKAGE / "sim_tests" / _NAME, _PACKAGE.parents[1] / "sim_tests" / _NAME) if p.exists()),
    _PACKAGE / "sim_tests" / _NAME,
)
(
    ADD_UPDATE_MASK,
    MUL_ADDS,
    DIV_EXP,
    COMPARE_SELECT,
    REDUCE_SUM_FIRST,
    CAST_PACK,
    GATHER_REVERSE,
    BROADCAST_ADD,
    DUPLICATE_MERGING,
    REDUCE_BLOCK_MAX,
    POST_UPDATE_ABS,
    STORE_LOAD_WITH_BAR,
    STORE_LOAD_NO_BAR,
    TOO_MANY_VECTOR_REGS,
    TOO_MANY_MASK_REGS,
    UNALIGNED_LOAD,
    UNDEFINED_UB,
    NO_V_MTE3_SYNC,
    SQUEEZE_UNALIGNED,
    INTERLEAVE,
    COMPARE_MASK_STORE,
    DIV_KEEP_SUBNORMAL,
) = range(22)  # reg_kernel.cpp cases
N, LANES = 256, 64


def _run(tmp_path, case, x, y, out):
    for name, a in (("x", x), ("y", y), ("out", out)):
        a.astype(np.float32).tofile(tmp_path / f"{name}.bin")
    args = [str(BINARY), str(case), *(str(tmp_path / f"{n}.bin") for n in ("x", "y", "out"))]
    env = {**os.environ, "ASCENDC_SIM_SOC": "ascend950"}
    result = subprocess.run(args, capture_output=True, text=True, timeout=120, check=False, env=env)
    return np.fromfile(tmp_path / "out.bin", np.float32), result


def _inputs(seed):
    rng = np.random.default_rng(seed)
    x = rng.uniform(-4, 4, N).astype(np.float32)
    y = rng.uniform(0.5, 3, N).astype(np.float32)
    out = np.full(N, -1.0, np.float32)
    return x, y, out


def _ok(tmp_path, case, seed=0):
    x, y, out = _inputs(seed)
    got, result = _run(tmp_path, case, x, y, out)
    assert result.returncode == 0, result.stderr
    return x, y, out, got


def test_update_mask_adds_the_counted_lanes_only(tmp_path):
    x, y, out, got = _ok(tmp_path, ADD_UPDATE_MASK)
    want = out.copy()
    want[:200] = x[:200] + y[:200]
    np.testing.assert_array_equal(got, want)


def test_mul_then_adds(tmp_path):
    x, y, _, got = _ok(tmp_path, MUL_ADDS)
    np.testing.assert_array_equal(got, x * y + np.float32(1.5))


def test_exp_then_div(tmp_path):
    x, y, _, got = _ok(tmp_path, DIV_EXP)
    want = np.exp(x.astype(np.float64)) / y.astype(np.float64)
    np.testing.assert_allclose(got, want, rtol=1e-6)


def test_compare_into_a_mask_then_select(tmp_path):
    x, y, _, got = _ok(tmp_path, COMPARE_SELECT)
    np.testing.assert_array_equal(got, np.where(x > y, x, y))


def test_reduce_sum_stored_as_the_first_element(tmp_path):
    x, _, out, got = _ok(tmp_path, REDUCE_SUM_FIRST)
    want = out.copy()
    want[0:32:8] = x.reshape(4, LANES).astype(np.float64).sum(axis=1)
    np.testing.assert_allclose(got, want, rtol=1e-6)


def test_cast_to_half_stored_packed(tmp_path):
    x, _, out, got = _ok(tmp_path, CAST_PACK)
    halves = got.view(np.float16)
    np.testing.assert_array_equal(halves[:N], x.astype(np.float16))
    np.testing.assert_array_equal(got[N // 2 :], out[N // 2 :])


def test_gather_by_a_reversed_index_register(tmp_path):
    x, _, _, got = _ok(tmp_path, GATHER_REVERSE)
    np.testing.assert_array_equal(got, x.reshape(4, LANES)[:, ::-1].reshape(-1))


def test_broadcast_load_then_add(tmp_path):
    x, y, _, got = _ok(tmp_path, BROADCAST_ADD)
    np.testing.assert_array_equal(got, np.repeat(x[::LANES], LANES) + y)


def test_duplicate_merging_keeps_the_other_lanes(tmp_path):
    x, _, _, got = _ok(tmp_path, DUPLICATE_MERGING)
    want = x.reshape(4, LANES).copy()
    want[:, :16] = 7
    np.testing.assert_array_equal(got, want.reshape(-1))


def test_reduce_data_block_max_zeroes_the_other_lanes(tmp_path):
    x, _, _, got = _ok(tmp_path, REDUCE_BLOCK_MAX)
    want = np.zeros((4, LANES), np.float32)
    want[:, :8] = x.reshape(4, 8, 8).max(axis=2)
    np.testing.assert_array_equal(got, want.reshape(-1))


def test_post_update_addressing_with_abs_sub(tmp_path):
    x, y, _, got = _ok(tmp_path, POST_UPDATE_ABS)
    np.testing.assert_array_equal(got, np.abs(x - y))


def test_store_then_load_ordered_by_local_mem_bar(tmp_path):
    x, _, _, got = _ok(tmp_path, STORE_LOAD_WITH_BAR)
    np.testing.assert_array_equal(got, x * 2)


def test_squeeze_then_unaligned_stores_of_the_ar_count(tmp_path):
    x, _, out, got = _ok(tmp_path, SQUEEZE_UNALIGNED)
    want = out.copy()
    want[:64] = x[::4]
    np.testing.assert_array_equal(got, want)


def test_interleave_of_two_registers(tmp_path):
    x, y, _, got = _ok(tmp_path, INTERLEAVE)
    want = np.stack([x[:128].reshape(2, LANES), y[:128].reshape(2, LANES)], axis=2).reshape(-1)
    np.testing.assert_array_equal(got, want)


def test_compare_mask_stored_to_ub(tmp_path):
    x, y, out, got = _ok(tmp_path, COMPARE_MASK_STORE)
    bits = np.repeat(x < y, 4).reshape(4, 256)  # a b32 element selects its four mask bits
    want = out.copy().view(np.uint8)
    want[:128] = np.packbits(bits, axis=1, bitorder="little").reshape(-1)
    np.testing.assert_array_equal(got.view(np.uint8), want)


def test_div_specific_mode_keeps_subnormals_the_default_flushes(tmp_path):
    x, y, out = _inputs(0)
    x[:4] = np.array([1e-39, -3e-40, 2.5e-39, 1e-38], np.float32)  # subnormal dividends
    y[:4] = 1
    kept, result = _run(tmp_path, DIV_KEEP_SUBNORMAL, x, y, out)
    assert result.returncode == 0, result.stderr
    np.testing.assert_array_equal(kept, x / y)
    # the default Div (ascend950: flush-to-zero) writes a subnormal quotient as 0: exp(0) / 2e38 = 5e-39
    flushed, result = _run(tmp_path, DIV_EXP, np.zeros(N, np.float32), np.full(N, 2e38, np.float32), out)
    assert result.returncode == 0, result.stderr
    assert np.float32(1) / np.float32(2e38) != 0 and not np.any(flushed)


@pytest.mark.parametrize(
    "case, message",
    [
        (
            STORE_LOAD_NO_BAR,
            "reg_kernel.cpp:145) wrote in this VF from another register, with no LocalMemBar<MemType::VEC_STORE, "
            "MemType::VEC_LOAD> between",
        ),
        (TOO_MANY_VECTOR_REGS, "RegTensor: a VF holds at most 32 vector registers and this one is number 33 live"),
        (TOO_MANY_MASK_REGS, "MaskReg: a VF holds at most 8 mask registers and this one is number 9 live"),
        (TOO_MANY_VECTOR_REGS, "<=32 RegTensor) (at "),
        (TOO_MANY_VECTOR_REGS, "reg_kernel.cpp:156)"),
        (UNALIGNED_LOAD, "LoadAlign: UB address 4 is not 32-byte aligned"),
        (NO_V_MTE3_SYNC, "DataCopy"),
    ],
    ids=[
        "store-load-without-bar",
        "33-vector-registers",
        "9-mask-registers",
        "register-rule",
        "register-line",
        "unaligned",
        "no-v-mte3",
    ],
)
def test_a_broken_rule_is_refused_with_it(tmp_path, case, message):
    x, y, out = _inputs(0)
    _, result = _run(tmp_path, case, x, y, out)
    assert result.returncode == 1, result.stderr
    assert message in result.stderr, result.stderr


def test_undefined_ub_bytes_stay_undefined_through_registers(tmp_path):
    x, y, out = _inputs(0)
    _, result = _run(tmp_path, UNDEFINED_UB, x, y, out)
    # a raw launch declares no outputs: storing undefined bytes to GM is a note naming them, not an error
    assert result.returncode == 0, result.stderr
    assert "[WARNING] ascendc_sim" in result.stderr and "hold no defined value" in result.stderr, result.stderr


@pytest.mark.skipif(shutil.which("g++") is None, reason="g++ is not on PATH")
@pytest.mark.parametrize("statement", ["AscendC::Reg::MaskReg m;", "AscendC::MicroAPI::RegTensor<half> r;"])
def test_the_register_api_in_a_build_for_another_arch_is_a_compile_error_naming_the_rule(tmp_path, statement):
    src = tmp_path / "kernel.cpp"
    src.write_text(
        f'#include "kernel_operator.h"\nextern "C" __global__ __aicore__ void k(GM_ADDR x) {{ {statement} }}\n'
    )
    args = ["g++", "-std=c++17", "-fsyntax-only", "-D__CCE_KT_TEST__=1", "-D__DAV_C220__", "-D__NPU_ARCH__=2201"]
    args += [f"-I{ROOT / 'ascendc_sim/include'}", f"-I{ROOT}", str(src)]
    env = {"PATH": "/usr/bin:/bin", "LC_ALL": "C"}
    result = subprocess.run(args, capture_output=True, text=True, timeout=300, env=env, check=False)
    assert result.returncode == 1, result.stderr
    first = next(line for line in result.stderr.splitlines() if "error:" in line)
    assert "'AscendC::Reg' (the register-based vector API) exists on dav-3510 only" in first, first
