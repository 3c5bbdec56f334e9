"""A kernel or host tiling that uses an Ascend C API the twin does not provide fails to compile, and the compiler's
message names CANN's API (the twin declares no catch-all that would defer the failure to a crash at run time)."""

import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
pytestmark = pytest.mark.skipif(shutil.which("g++") is None, reason="g++ is not on PATH")

# (what the source uses, the name the error must carry): the register-level API of dav-3510 (asc-devkit
# include/basic_api/reg_compute) in a dav-c220 build, where CANN declares none (docs/twin_samples.md), and a host
# tiling class of CANN's (8.1.RC1 lib/matmul/bmm_tiling.h) the twin does not have.
CASES = [
    ("AscendC::Reg::RegTensor<float> r;", "AscendC::Reg"),
    ("matmul_tiling::BatchMatmulTiling t;", "BatchMatmulTiling"),
]


@pytest.mark.parametrize("statement, name", CASES)
def test_missing_api_is_a_compile_error_naming_it(tmp_path, statement, name):
    src = tmp_path / "kernel.cpp"
    src.write_text(
        '#include "kernel_operator.h"\n#include "tiling/tiling_api.h"\n'
        f'extern "C" __global__ __aicore__ void k(GM_ADDR x) {{ {statement} }}\n'
    )
    result = subprocess.run(
        [
            "g++",
            "-std=c++17",
            "-fsyntax-only",
            "-D__CCE_KT_TEST__=1",
            "-D__DAV_C220__",
            f"-I{ROOT / 'ascendc_sim/include'}",
            f"-I{ROOT}",
            str(src),
        ],
        capture_output=True,
        text=True,
        timeout=300,
        env={"PATH": "/usr/bin:/bin", "LC_ALL": "C"},
        check=False,
    )
    assert result.returncode == 1, result.stderr  # a diagnosed error, not a compiler crash
    first = next(line for line in result.stderr.splitlines() if "error:" in line)
    assert f"'{name}'" in first, first
