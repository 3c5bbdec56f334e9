"""The cube data-movement APIs on a `__cube__` kernel (tests/ut/sim/cube_api): an AIC-only launch
(KernelMode::AIC_MODE) with static L1 / L0 / bias-table tensors (LocalMemAllocator, LocalTensor(TPosition::C2, ...)),
DataCopy GM -> L1 with Nd2NzParams (随路转换ND2NZ搬运.md: one ND matrix, or several with srcNdMatrixStride /
dstNzMatrixStride), LoadData to L0A (Zz) and, transposed, to L0B (Zn), LoadDataWithTranspose for half, Mmad with
MmadParams' (m, n, k, unitFlag, cmatrixSource, cmatrixInitVal) constructor and with a bias row (GM -> C1 -> C2 by
DataCopy), and Fixpipe to half (NZ2ND, NZ, relu) with FixpipeParamsV220's full constructor. The golden is NumPy's
matrix product; misuses are refused naming the rule."""

import os
import re
import subprocess
from pathlib import Path

import numpy as np
import pytest

import ascendops

_PACKAGE = Path(ascendops.__file__).resolve().parent
_NAME = "sim_cube_api"
# pip build: installed into the package; developer build: <build>/sim_tests beside <build>/pkg/ascendops.
BINARY = next(
    (p for p in (_PACKAGE / "sim_tests" / _NAME, _PACKAGE.parents[1] / "sim_tests" / _NAME) if p.exists()),
    _PACKAGE / "sim_tests" / _NAME,
)
(
    WHOLE,
    SLABS,
    ZERO_N_STRIDE,
    INTO_L0A,
    TRANSPOSE_API,
    SHORT_B,
    NZ_OUT,
    RELU,
    BIAS,
    TRANSPOSE_L0A,
    L1_OUT,
    L0A_OUT,
    QUANT_B8,
    CO12_ND,
    CO12_NO_ND_PARA,
) = range(15)
# (nd2nz_matmul_modes.h)


def _run(tmp_path, mode, m, k, n, soc="ascend910b", seed=0):
    rng = np.random.default_rng(seed)
    a = rng.integers(-4, 5, size=(m, k)).astype(np.float16)
    b = rng.integers(-4, 5, size=(k, n)).astype(np.float16)
    bias = rng.integers(-8, 9, size=n).astype(np.float32)
    a.tofile(tmp_path / "a.bin")
    b.tofile(tmp_path / "b.bin")
    bias.tofile(tmp_path / "bias.bin")
    out = tmp_path / "c.bin"
    files = [str(tmp_path / name) for name in ("a.bin", "b.bin", "bias.bin")]
    args = [str(BINARY), str(mode), str(m), str(k), str(n), *files, str(out)]
    result = subprocess.run(
        args, capture_output=True, text=True, timeout=120, env={**os.environ, "ASCENDC_SIM_SOC": soc}, check=False
    )
    c = np.fromfile(out, np.float16).reshape(m, n) if out.exists() and result.returncode == 0 else None
    return a, b, c, result, bias


# aligned; k and n not whole C0 blocks (the last block's tail is zero padding); m not whole fractals (rows of
# L0A and, transposed, columns of L0B that Mmad does not read stay undefined)
@pytest.mark.parametrize("m,k,n", [(32, 32, 48), (16, 64, 32), (32, 20, 40), (20, 48, 16), (20, 20, 20)])
def test_nd2nz_matmul_matches_numpy(tmp_path, m, k, n):
    a, b, c, result, _ = _run(tmp_path, WHOLE, m, k, n)
    assert result.returncode == 0, result.stderr
    # small integers: every product and partial sum is exact in float32 and the result exact in half
    want = (a.astype(np.float64) @ b.astype(np.float64)).astype(np.float16)
    np.testing.assert_array_equal(c, want)


@pytest.mark.parametrize("m,k,n", [(48, 32, 16), (32, 24, 32)])
def test_nd2nz_of_several_matrices_lands_as_one(tmp_path, m, k, n):
    a, b, c, result, _ = _run(tmp_path, SLABS, m, k, n, seed=1)
    assert result.returncode == 0, result.stderr
    np.testing.assert_array_equal(c, (a.astype(np.float64) @ b.astype(np.float64)).astype(np.float16))


@pytest.mark.parametrize("m,k,n", [(32, 32, 48), (20, 20, 20)])
def test_load_data_with_transpose_matches_numpy(tmp_path, m, k, n):
    a, b, c, result, _ = _run(tmp_path, TRANSPOSE_API, m, k, n, seed=2)
    assert result.returncode == 0, result.stderr
    np.testing.assert_array_equal(c, (a.astype(np.float64) @ b.astype(np.float64)).astype(np.float16))


@pytest.mark.parametrize("m,k,n", [(32, 32, 48), (16, 20, 32)])
def test_fixpipe_nz_output_matches_numpy(tmp_path, m, k, n):
    a, b, c, result, _ = _run(tmp_path, NZ_OUT, m, k, n, seed=3)
    assert result.returncode == 0, result.stderr
    # NZ: column block j / 16 holds all m rows of 16 elements, one block after another
    nd = c.reshape(n // 16, m, 16).transpose(1, 0, 2).reshape(m, n)
    np.testing.assert_array_equal(nd, (a.astype(np.float64) @ b.astype(np.float64)).astype(np.float16))


def test_fixpipe_relu_matches_numpy(tmp_path):
    a, b, c, result, _ = _run(tmp_path, RELU, 32, 48, 32, seed=4)
    assert result.returncode == 0, result.stderr
    product = a.astype(np.float64) @ b.astype(np.float64)
    assert (product < 0).any() and (product > 0).any()
    np.testing.assert_array_equal(c, np.maximum(product, 0).astype(np.float16))


@pytest.mark.parametrize("m,k,n", [(32, 32, 48), (20, 20, 20)])
def test_mmad_with_bias_matches_numpy(tmp_path, m, k, n):
    a, b, c, result, bias = _run(tmp_path, BIAS, m, k, n, seed=5)
    assert result.returncode == 0, result.stderr
    want = a.astype(np.float64) @ b.astype(np.float64) + bias.astype(np.float64)[None, :]
    np.testing.assert_array_equal(c, want.astype(np.float16))


def test_uncopied_row_of_b_reaches_no_output(tmp_path):
    # B's last row stays undefined in L1; transposed into L0B it is a k position every column of C reads
    # A CPU-debug launch declares no outputs: the store is a note naming the bytes and the line, not an error
    _, _, _, result, _ = _run(tmp_path, SHORT_B, 32, 20, 32)
    assert result.returncode == 0, result.stderr
    assert re.search(
        r"\[WARNING\] ascendc_sim: kernel '\w+': Fixpipe at \S+:\d+: writes L0C bytes \[0x0, 0x800\) hold "
        r"no defined value",
        result.stderr,
    ), result.stderr


def test_nd2nz_zero_row_stride_is_refused(tmp_path):
    _, _, _, result, _ = _run(tmp_path, ZERO_N_STRIDE, 32, 32, 32)
    assert result.returncode == 1
    assert "DataCopy: Nd2NzParams dstNzC0Stride and dstNzNStride must be at least 1" in result.stderr


def test_nd2nz_into_l0a_is_refused(tmp_path):
    _, _, _, result, _ = _run(tmp_path, INTO_L0A, 32, 32, 32)
    assert result.returncode == 1
    assert "DataCopy: dst is in L0A, not in L1" in result.stderr


def test_ascend950_keeps_the_transposing_load_into_l0b(tmp_path):
    a, b, c, result, _ = _run(tmp_path, TRANSPOSE_API, 32, 32, 48, soc="ascend950", seed=2)
    assert result.returncode == 0, result.stderr
    np.testing.assert_array_equal(c, (a.astype(np.float64) @ b.astype(np.float64)).astype(np.float16))


def test_ascend950_refuses_the_transposing_load_into_l0a(tmp_path):
    # dav_3510 kernel_operator_mm_impl.h:455: LoadDataWithTranspose A1 -> A2 "is not supported on current device"
    _, _, _, result, _ = _run(tmp_path, TRANSPOSE_L0A, 32, 32, 32, soc="ascend950")
    assert result.returncode == 1
    assert (
        "LoadDataWithTranspose: L1 (A1) -> L0A (A2) is not available on ascend950 (dav_3510 kernel_operator_mm_impl.h:455)"
        in result.stderr
    )
    _, _, _, result, _ = _run(tmp_path, TRANSPOSE_L0A, 32, 32, 32)
    assert result.returncode == 0, result.stderr  # A2 / A3 have it


def test_fixpipe_into_l1_then_l1_to_gm_matches_numpy(tmp_path):
    # CO1 -> C1 in NZ (the only layout into L1), then DataCopy L1 -> GM moves the NZ bytes unchanged
    m, k, n = 32, 48, 32
    a, b, c, result, _ = _run(tmp_path, L1_OUT, m, k, n, seed=6)
    assert result.returncode == 0, result.stderr
    nd = c.reshape(n // 16, m, 16).transpose(1, 0, 2).reshape(m, n)
    np.testing.assert_array_equal(nd, (a.astype(np.float64) @ b.astype(np.float64)).astype(np.float16))


# (a misuse of Fixpipe / DataCopy CO1 -> GM, the refusal naming its rule)
FIX_REFUSALS = [
    (L0A_OUT, "Fixpipe: dst is in L0A, not in L1"),  # CO1 -> GM or C1 only
    (CO12_NO_ND_PARA, "DataCopy: nz2ndEn reads the ND split no SetFixpipeNz2ndFlag set on this core"),
]


@pytest.mark.parametrize("mode, message", FIX_REFUSALS)
def test_fixpipe_misuse_is_refused(tmp_path, mode, message):
    _, _, _, result, _ = _run(tmp_path, mode, 32, 32, 32)
    assert result.returncode == 1
    assert message in result.stderr


def test_fixpipe_b8_quantisation_matches_numpy(tmp_path):
    # QF322B8_PRE with the scale 1.5 and bit 46 set: C x 1.5, rounded to nearest even, saturated to int8
    m, k, n = 32, 64, 48
    a, b, _, result, _ = _run(tmp_path, QUANT_B8, m, k, n, seed=7)
    assert result.returncode == 0, result.stderr
    got = np.fromfile(tmp_path / "c.bin", np.int8)[: m * n].reshape(m, n)
    scaled = (a.astype(np.float64) @ b.astype(np.float64)) * 1.5
    assert (np.abs(scaled) > 127).any() and (scaled % 1 == 0.5).any()  # saturation and ties both exercised
    np.testing.assert_array_equal(got, np.clip(np.rint(scaled), -128, 127).astype(np.int8))


def test_data_copy_co1_to_gm_nd_matches_numpy(tmp_path):
    a, b, c, result, _ = _run(tmp_path, CO12_ND, 32, 32, 48, seed=8)
    assert result.returncode == 0, result.stderr
    np.testing.assert_array_equal(c, (a.astype(np.float64) @ b.astype(np.float64)).astype(np.float16))


def test_cube_buffers_need_an_aic(tmp_path):
    # 310P couples cube and vector in one AI core: the twin models the cube buffers on A2/A3 AICs only
    _, _, _, result, _ = _run(tmp_path, WHOLE, 32, 32, 32, soc="ascend310p")
    assert result.returncode == 1
    assert "the cube's buffers (L1/L0A/L0B/L0C) are modeled on the AIC cores of A2/A3 only" in result.stderr


ROOT = Path(__file__).resolve().parents[3]
# (a cube form the twin does not model, the compile error naming it)
UNMODELED = [
    ("AscendC::LocalTensor<AscendC::int4b_t> t;", "int4b_t tensors (two elements a byte) are not modeled"),
    (
        "AscendC::LocalTensor<int64_t> a, b; AscendC::LoadDataWithTranspose(a, b, AscendC::LoadData2dTransposeParams());",
        "LoadDataWithTranspose: b8, b16 or b32 data",
    ),
    ("AscendC::LoadData3DParamsV2Pro p;", "'LoadData3DParamsV2Pro' is not a member of 'AscendC'"),
    (
        "AscendC::GlobalTensor<float> g; AscendC::LocalTensor<float> c; "
        "AscendC::Fixpipe<float, float, AscendC::CFG_COLUMN_MAJOR>(g, c, AscendC::FixpipeParamsV220());",
        "'CFG_COLUMN_MAJOR' is not a member of 'AscendC'",  # DN output: dav-3510 only (fixpipe_l0c2gm sample)
    ),
]


@pytest.mark.parametrize("statement, message", UNMODELED)
def test_unmodeled_cube_form_is_a_compile_error_naming_it(tmp_path, statement, message):
    src = tmp_path / "kernel.cpp"
    src.write_text(
        f'#include "kernel_operator.h"\nextern "C" __global__ __cube__ void k(GM_ADDR x) {{ {statement} }}\n'
    )
    include = [f"-I{ROOT / 'ascendc_sim/include'}", f"-I{ROOT}"]
    result = subprocess.run(
        ["g++", "-std=c++17", "-fsyntax-only", "-D__CCE_KT_TEST__=1", "-D__DAV_C220__", *include, str(src)],
        capture_output=True,
        text=True,
        timeout=300,
        env={"PATH": "/usr/bin:/bin", "LC_ALL": "C"},
        check=False,
    )
    assert result.returncode == 1, result.stderr
    assert message in result.stderr
