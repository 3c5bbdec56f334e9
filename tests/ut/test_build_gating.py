"""The NPU path is gated on the CANN toolkit: a set ASCEND_HOME_PATH that is not a toolkit stops the CMake configure
at once with the reason (cmake/cann.cmake), instead of failing deep inside the NPU targets."""

import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.skipif(shutil.which("cmake") is None, reason="cmake is not on PATH")
def test_bogus_ascend_home_path_fails_the_configure_with_the_reason(tmp_path):
    fake = tmp_path / "not_a_toolkit"
    fake.mkdir()
    env = dict(os.environ, ASCEND_HOME_PATH=str(fake))
    result = subprocess.run(["cmake", "-S", str(ROOT), "-B", str(tmp_path / "build")], env=env,
                            capture_output=True, text=True, timeout=120)
    assert result.returncode != 0
    message = " ".join(result.stderr.split())  # CMake wraps long messages
    assert f"ASCEND_HOME_PATH is set to '{fake}', but that is not a CANN 8.x toolkit" in message
    assert "no asc-config.cmake (find_package(ASC), the custom-operator project functions) under lib64/cmake" in message
    assert "unset ASCEND_HOME_PATH to build the CPU path only" in message
    assert "CMake Error at cmake/cann.cmake" in result.stderr  # stopped at the detection, not deeper


@pytest.mark.parametrize("home,missing", [
    (None, "the CANN toolkit (ASCEND_HOME_PATH unset or not a directory: source <toolkit>/set_env.sh)"),
    ("dir", "asc-config.cmake under {home} (a CANN 8.x toolkit with the operator-project CMake functions)"),
])
def test_build_sh_names_what_is_missing_in_one_line(tmp_path, home, missing):
    env = {k: v for k, v in os.environ.items() if k != "ASCEND_HOME_PATH"}
    if home:
        env["ASCEND_HOME_PATH"] = str(tmp_path)
    result = subprocess.run(["bash", str(ROOT / "scripts" / "build.sh"), "Ascend910B2"], env=env, capture_output=True,
                            text=True, timeout=60)
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr.count("\n") == 1  # one line
    assert result.stderr.startswith("build.sh: missing: " + missing.format(home=tmp_path))


# Stand-in for CANN's asc-config.cmake (our own, not CANN's): each npu_op_* function records its call; a library
# function also creates the target, as the real one does.
FAKE_ASC_CONFIG = """
foreach(fn npu_op_package npu_op_code_gen npu_op_kernel_library npu_op_kernel_options npu_op_package_add)
    cmake_language(EVAL CODE "function(${fn})\\n message(STATUS \\"CALL ${fn} \\${ARGN}\\")\\nendfunction()")
endforeach()
function(npu_op_library name)
    message(STATUS "CALL npu_op_library ${name} ${ARGN}")
    file(WRITE ${CMAKE_BINARY_DIR}/${name}.cpp "")
    add_library(${name} STATIC ${CMAKE_BINARY_DIR}/${name}.cpp)
endfunction()
"""


@pytest.mark.skipif(shutil.which("cmake") is None, reason="cmake is not on PATH")
def test_the_opp_project_follows_the_documented_flow(tmp_path):
    """With a (stand-in) toolkit the configure generates the operator project: code generation, the ACLNN, TILING
    and GRAPH libraries, the kernels, the package; and the package target builds `binary` before `package`."""
    toolkit = tmp_path / "cann"
    (toolkit / "lib64" / "cmake").mkdir(parents=True)
    (toolkit / "lib64" / "cmake" / "asc-config.cmake").write_text(FAKE_ASC_CONFIG)
    build = tmp_path / "build"
    env = dict(os.environ, ASCEND_HOME_PATH=str(toolkit))
    top = subprocess.run(["cmake", "-S", str(ROOT), "-B", str(build), "-DASCENDOPS_PYTHON=OFF",
                          "-DASCENDOPS_NPU_SOCS=ascend310p;ascend910b"], env=env, capture_output=True, text=True,
                         timeout=120)
    assert top.returncode == 0, top.stderr
    assert sorted(p.name for p in (build / "opp_project" / "op_kernel").glob("*.cpp")) == [
        "cast.cpp", "embedding_dense_grad.cpp", "fused_gdn_decode.cpp", "fused_swiglu_grad_b.cpp",
        "fused_swiglu_grad_w.cpp", "fused_swiglu_grad_x.cpp", "split.cpp"]
    opp = subprocess.run(["cmake", "-S", str(build / "opp_project"), "-B", str(tmp_path / "opp_build")], env=env,
                         capture_output=True, text=True, timeout=120)
    assert opp.returncode == 0, opp.stderr
    calls = [line.split()[2:] + [""] for line in opp.stdout.splitlines() if line.startswith("-- CALL ")]
    assert [c[0] for c in calls] == ["npu_op_package", "npu_op_code_gen", "npu_op_library", "npu_op_library",
                                     "npu_op_library", "npu_op_kernel_options", "npu_op_kernel_library",
                                     "npu_op_package_add"]
    assert [(c[1], c[2].split(";")[0]) for c in calls[2:5]] == [("cust_opapi", "ACLNN"), ("cust_optiling", "TILING"),
                                                                ("cust_op_proto", "GRAPH")]
    assert "ascend310p;ascend910b" in (build / "opp_project" / "CMakeLists.txt").read_text()
    commands = (build / "CMakeFiles" / "ascendops_opp.dir" / "build.make").read_text()
    assert 0 < commands.index("--target binary") < commands.index("--target package")
