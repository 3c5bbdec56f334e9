"""The NPU path is gated on the CANN toolkit: a set ASCEND_HOME_PATH that is not a toolkit stops the CMake configure
at once with the reason (cmake/cann.cmake), instead of failing deep inside the NPU targets."""

import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.skipif(shutil.which("cmake") is None, reason="cmake is not on PATH")
def test_bogus_ascend_home_path_fails_the_configure_with_the_reason(tmp_path):
    fake = tmp_path / "not_a_toolkit"
    fake.mkdir()
    env = dict(os.environ, ASCEND_HOME_PATH=str(fake))
    result = subprocess.run(
        ["cmake", "-S", str(ROOT), "-B", str(tmp_path / "build")], env=env, capture_output=True, text=True, timeout=120
    )
    assert result.returncode != 0
    message = " ".join(result.stderr.split())  # CMake wraps long messages
    assert f"ASCEND_HOME_PATH is set to '{fake}', but that is not a CANN 8.x toolkit" in message
    assert "no asc-config.cmake (find_package(ASC), the custom-operator project functions) under lib64/cmake" in message
    assert "unset ASCEND_HOME_PATH to build the CPU path only" in message
    assert "CMake Error at cmake/cann.cmake" in result.stderr  # stopped at the detection, not deeper


@pytest.mark.parametrize(
    "home,missing",
    [
        (None, "the CANN toolkit (ASCEND_HOME_PATH unset or not a directory: source <toolkit>/set_env.sh)"),
        ("dir", "asc-config.cmake under {home} (a CANN 8.x toolkit with the operator-project CMake functions)"),
    ],
)
def test_build_sh_names_what_is_missing_in_one_line(tmp_path, home, missing):
    env = {k: v for k, v in os.environ.items() if k != "ASCEND_HOME_PATH"}
    if home:
        env["ASCEND_HOME_PATH"] = str(tmp_path)
    result = subprocess.run(
        ["bash", str(ROOT / "scripts" / "build.sh"), "Ascend910B2"], env=env, capture_output=True, text=True, timeout=60
    )
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
    top = subprocess.run(
        [
            "cmake",
            "-S",
            str(ROOT),
            "-B",
            str(build),
            "-DASCENDOPS_PYTHON=OFF",
            "-DASCENDOPS_NPU_SOCS=ascend310p;ascend910b",
        ],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert top.returncode == 0, top.stderr
    assert sorted(p.name for p in (build / "opp_project" / "op_kernel").glob("*.cpp")) == [
        "cast.cpp",
        "embedding_dense_grad.cpp",
        "fused_gdn_decode.cpp",
        "fused_swiglu_grad_b.cpp",
        "fused_swiglu_grad_w.cpp",
        "fused_swiglu_grad_x.cpp",
        "split.cpp",
    ]
    opp = subprocess.run(
        ["cmake", "-S", str(build / "opp_project"), "-B", str(tmp_path / "opp_build")],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert opp.returncode == 0, opp.stderr
    calls = [line.split()[2:] + [""] for line in opp.stdout.splitlines() if line.startswith("-- CALL ")]
    assert [c[0] for c in calls] == [
        "npu_op_package",
        "npu_op_code_gen",
        "npu_op_library",
        "npu_op_library",
        "npu_op_library",
        "npu_op_kernel_options",
        "npu_op_kernel_library",
        "npu_op_package_add",
    ]
    assert [(c[1], c[2].split(";")[0]) for c in calls[2:5]] == [
        ("cust_opapi", "ACLNN"),
        ("cust_optiling", "TILING"),
        ("cust_op_proto", "GRAPH"),
    ]
    assert "ascend310p;ascend910b" in (build / "opp_project" / "CMakeLists.txt").read_text()
    # FusedSwigluGrad's w / x tilings and CANN's matmul_tiling behind their cube tiling are in both host libraries
    # (every named source exists), and everything the package compiles sees ASCENDOPS_WITH_CANN (CANN's TCubeTiling).
    for lib in calls[3:5]:
        sources = [Path(p) for p in lib[2].split(";")[1:] if p.endswith(".cpp")]
        assert all(p.is_file() for p in sources)
        names = {p.name for p in sources}
        assert {
            "fused_swiglu_grad_cube_tiling.cpp",
            "matmul_tiling_cann.cpp",
            "soc_cube.cpp",
            "fused_swiglu_grad_tiling_context.cpp",
            "fused_swiglu_grad_def.cpp",
        } <= names
    assert "-DASCENDOPS_WITH_CANN" in calls[1][1].split(";")  # code generation
    assert "-DASCENDOPS_WITH_CANN" in calls[5][1].split(";")  # kernels
    project = (build / "opp_project" / "CMakeLists.txt").read_text()
    for lib in ("cust_optiling", "cust_op_proto"):
        assert f"target_compile_definitions({lib} PRIVATE ASCENDOPS_WITH_CANN)" in project
    commands = (build / "CMakeFiles" / "ascendops_opp.dir" / "build.make").read_text()
    assert 0 < commands.index("--target binary") < commands.index("--target package")


def test_check_npu_host_lists_the_fused_swiglu_grad_units(tmp_path):
    """check_npu_host.sh lists and compiles FusedSwigluGrad's OpDef, InferShape and tiling-context units and CANN's matmul_tiling
    unit with ASCENDOPS_WITH_CANN (as the opp package does) and names the header each lacks. The wheel here is a
    stand-in holding only an empty acl/acl.h, so every unit needing more is listed as not checked."""
    wheel = tmp_path / "torch_npu-0-py3-none-any.whl"
    with zipfile.ZipFile(wheel, "w") as z:
        z.writestr("torch_npu/include/third_party/acl/inc/acl/acl.h", "// stand-in\n")
    env = dict(os.environ, TORCH_NPU_WHEEL=str(wheel), PYTHON=sys.executable)
    lacking = "which the torch-npu wheel does not ship"
    expected = {
        "op_host/fused_swiglu_grad/fused_swiglu_grad_def.cpp": "register/op_def_registry.h",
        "op_host/fused_swiglu_grad/fused_swiglu_grad_infershape.cpp": "register/op_def_registry.h",
        # With ASCENDOPS_WITH_CANN both include CANN's TCubeTiling first (without it, matmul_tiling_cann.cpp is empty
        # and would compile).
        "op_host/fused_swiglu_grad/fused_swiglu_grad_tiling_context.cpp": "kernel_tiling/kernel_tiling.h",
        "op_host/common/matmul_tiling_cann.cpp": "kernel_tiling/kernel_tiling.h",
    }
    script = str(ROOT / "scripts" / "check_npu_host.sh")
    result = subprocess.run(["bash", script, *expected], env=env, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stdout + result.stderr  # the script accepts only units of its own list
    assert result.stdout.splitlines()[1:] == [
        f"NOT CHECKED {unit}: needs {header}, {lacking}" for unit, header in expected.items()
    ] + ["check_npu_host.sh: 0 compiled, 0 failed, 4 not checked (headers missing)"]
    other = subprocess.run(
        ["bash", script, "ascendc_sim/platform/soc.cpp"], env=env, capture_output=True, text=True, timeout=60
    )
    assert other.returncode == 2 and "ascendc_sim/platform/soc.cpp is not an NPU-only host unit" in other.stderr
