"""The twin rejects at compile time what CANN's headers reject: each kernel snippet compiles against
ascendc_sim/include exactly where it compiles against CANN 8.1.RC1 / asc-devkit (scripts/check_cann.sh checks the
kernels against CANN itself). A snippet is compiled with the C++ compiler the build uses, syntax only."""

import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
CXX = os.environ.get("CXX") or shutil.which("g++") or shutil.which("c++")


def compile_kernel(tmp_path, body, arch):
    src = tmp_path / "kernel.cpp"
    src.write_text(body)
    cmd = [
        CXX,
        "-std=c++17",
        "-fsyntax-only",
        f"-I{ROOT}",
        f"-I{ROOT / 'ascendc_sim/include'}",
        f"-D__CCE_AICORE__={arch}",
        str(src),
    ]
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    return p.returncode, p.stdout


needs_cxx = pytest.mark.skipif(CXX is None, reason="no C++ compiler on PATH to compile the twin's headers with")

BF16 = '#include "kernel_operator.h"\n__aicore__ void F() { AscendC::LocalTensor<bfloat16_t> t; (void)t; }\n'


@needs_cxx
def test_bfloat16_t_absent_in_m200_builds(tmp_path):
    # ccec's __clang_cce_types.h declares bfloat16_t for dav-c220 and newer only.
    rc, out = compile_kernel(tmp_path, BF16, 200)
    assert rc != 0 and "bfloat16_t" in out
    rc, out = compile_kernel(tmp_path, BF16, 220)
    assert rc == 0, out


LIST = "__aicore__ void F(GM_ADDR y) { AscendC::ListTensorDesc d; d.Init(reinterpret_cast<__gm__ void*>(y)); }\n"


@needs_cxx
def test_list_tensor_desc_only_through_its_header(tmp_path):
    # CANN declares ListTensorDesc in kernel_operator_list_tensor_intf.h, which kernel_operator.h does not include.
    rc, out = compile_kernel(tmp_path, '#include "kernel_operator.h"\n' + LIST, 220)
    assert rc != 0 and "ListTensorDesc" in out
    rc, out = compile_kernel(tmp_path, '#include "kernel_operator_list_tensor_intf.h"\n' + LIST, 220)
    assert rc == 0, out


CUBE = '#include "kernel_operator.h"\n#include "lib/matmul_intf.h"\n'


@needs_cxx
@pytest.mark.parametrize("name", ["::CubeFormat::ND", "::GetSysWorkSpacePtr()", "sizeof(::TCubeTiling)"])
def test_cann_global_names_exist(tmp_path, name):
    rc, out = compile_kernel(tmp_path, CUBE + f"__aicore__ void F() {{ (void)({name}); }}\n", 220)
    assert rc == 0, out


@needs_cxx
@pytest.mark.parametrize("name", ["AscendC::CubeFormat::ND", "AscendC::GetSysWorkSpacePtr()"])
def test_names_cann_does_not_have_in_ascendc(tmp_path, name):
    # 8.1.RC1 and asc-devkit declare CubeFormat (matmul_config.h) and GetSysWorkSpacePtr at global scope only.
    rc, out = compile_kernel(tmp_path, CUBE + f"__aicore__ void F() {{ (void)({name}); }}\n", 220)
    assert rc != 0 and name.split("::")[1].split("(")[0] in out
