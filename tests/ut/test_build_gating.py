"""A sourced CANN toolkit never breaks the CPU path, and scripts/build.sh stops bad input with one line: the CMake
configure builds the CPU path whatever ASCEND_HOME_PATH names and says in one status line what it found and builds
(cmake/cann.cmake, cmake/cann_toolkit.cmake); build.sh names what is missing and what still works, exit 2."""

import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SNAPSHOT = ROOT.parent / "shared" / "cann-8.1.RC1"  # the CANN 8.1.RC1 header snapshot beside the repository (CI)
OPEN_SET = ROOT.parent / "shared" / "cann-open"
needs_cmake = pytest.mark.skipif(shutil.which("cmake") is None, reason="cmake is not on PATH")
needs_snapshot = pytest.mark.skipif(not SNAPSHOT.is_dir(), reason=f"no CANN 8.1.RC1 snapshot at {SNAPSHOT}")
CPU_STILL_WORKS = "what still works: the CPU path (bash scripts/test.sh, bash scripts/demo.sh)"


def configure(tmp_path, home):
    env = dict(os.environ, ASCEND_HOME_PATH=str(home))
    return subprocess.run(
        ["cmake", "-S", str(ROOT), "-B", str(tmp_path / "build"), "-DASCENDOPS_PYTHON=OFF"],
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )


def status_lines(result):
    return [line for line in result.stdout.splitlines() if line.startswith("-- ascendops: ")]


@needs_cmake
@needs_snapshot
def test_an_8_1_toolkit_keeps_the_cpu_configure_and_names_its_flow(tmp_path):
    result = configure(tmp_path, SNAPSHOT)
    assert result.returncode == 0, result.stderr
    assert status_lines(result) == [
        f"-- ascendops: CANN 8.1.RC1 at {SNAPSHOT}: msopgen template flow "
        "(tools/op_project_templates/ascendc/customize); building the CPU path (the opp package: scripts/build.sh); "
        "no NPU backend: no include/acl/acl.h, include/aclnn/aclnn_base.h, lib64/libascendcl.so, lib64/libnnopbase.so"
    ]
    assert not (tmp_path / "build" / "opp_project").exists()  # the asc-config project is not generated


@needs_cmake
def test_a_wrong_toolkit_path_keeps_the_cpu_configure(tmp_path):
    result = configure(tmp_path, tmp_path / "no_such_toolkit")
    assert result.returncode == 0, result.stderr
    assert status_lines(result) == [
        f"-- ascendops: ASCEND_HOME_PATH={tmp_path / 'no_such_toolkit'} is not a directory; building the CPU path"
    ]
    assert "CMake Error" not in result.stderr


def probe(home):
    out = subprocess.run(
        ["cmake", f"-DASCEND_HOME_PATH={home}", "-P", str(ROOT / "cmake" / "probe_toolkit.cmake")],
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    ).stdout
    return dict(line.split("=", 1) for line in out.splitlines())


TEMPLATE = "tools/op_project_templates/ascendc/customize"
TEMPLATE_NEEDS = [
    "include/register/op_def_registry.h",
    "toolkit/tools/opbuild/op_build",
    "lib64/libregister.so",
    "lib64/libexe_graph.so",
    "lib64/libtiling_api.so",
    "lib64/librt2_registry.a",
    "lib64/libnnopbase.so",
    "lib64/libascendcl.so",
    "compiler/ccec_compiler/bin/ccec",
]


def touch(root, *paths):
    for rel in paths:
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text("")


@needs_cmake
def test_the_toolkit_probe_tells_the_flows_apart(tmp_path):
    """Which flow a root offers, its version, and what that flow and the NPU backend need that it lacks."""
    template, asc, neither = tmp_path / "t", tmp_path / "a", tmp_path / "n"
    touch(template, f"{TEMPLATE}/cmake/func.cmake", "lib64/libregister.so")
    (template / "include" / "version").mkdir(parents=True)
    (template / "include" / "version" / "cann_version.h").write_text('#define CANN_VERSION_STR "8.0.0"\n')
    touch(asc, "lib64/cmake/asc-config.cmake", f"{TEMPLATE}/cmake/func.cmake", "include/acl/acl.h")
    touch(asc, "include/aclnn/aclnn_base.h", "lib64/libascendcl.so", "lib64/libnnopbase.so", "lib64/libopapi.so")
    neither.mkdir()
    found = probe(template)
    assert (found["FLOW"], found["VERSION"]) == ("template", "CANN 8.0.0")
    assert found["FLOW_MISSING"].split(";") == [n for n in TEMPLATE_NEEDS if n != "lib64/libregister.so"]
    assert found["TEMPLATE_DIR"] == f"{template}/{TEMPLATE}"
    found = probe(asc)  # both: the asc-config flow wins (8.3+ toolkits may ship the template too)
    assert (found["FLOW"], found["FLOW_MISSING"], found["RUNTIME_MISSING"]) == ("asc-config", "", "")
    assert found["SUMMARY"].endswith("and the NPU backend ascendops._C_npu")
    found = probe(neither)
    assert found["FLOW"] == "none" and "is no CANN toolkit this package builds with" in found["FOUND"]
    assert found["SUMMARY"].endswith("; building the CPU path")


def build_sh(*args, home=None):
    env = {k: v for k, v in os.environ.items() if k != "ASCEND_HOME_PATH"}
    if home is not None:
        env["ASCEND_HOME_PATH"] = str(home)
    return subprocess.run(
        ["bash", str(ROOT / "scripts" / "build.sh"), *args], env=env, capture_output=True, text=True, timeout=60
    )


@needs_cmake
@pytest.mark.parametrize(
    "args,home,message",
    [
        ((), None, "no CANN toolkit: ASCEND_HOME_PATH is unset (source <toolkit>/set_env.sh"),
        (("--soc=Ascend999",), None, "unsupported SoC 'Ascend999' (expected Ascend310P*, Ascend910B*, Ascend910_93*"),
        (("--ops", "cast,nope"), None, "unknown operator 'nope' (the package has: cast, embedding_dense_grad,"),
        (("-j", "0"), None, "-j needs a positive number, not '0'"),
        (("--frobnicate",), None, "unknown option --frobnicate (bash scripts/build.sh --help)"),
        ((), "missing", "ASCEND_HOME_PATH={home} is not a directory"),
        ((), "empty", "ASCEND_HOME_PATH={home} is no CANN toolkit this package builds with: neither asc-config.cmake"),
    ],
)
def test_build_sh_stops_bad_input_with_one_line(tmp_path, args, home, message):
    root = {None: None, "missing": tmp_path / "missing", "empty": tmp_path}[home]
    result = build_sh(*args, home=root)
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr.count("\n") == 1  # one line
    assert result.stderr.startswith("build.sh: " + message.format(home=root))
    assert CPU_STILL_WORKS in result.stderr


@needs_snapshot
@needs_cmake
def test_build_sh_names_the_binaries_an_8_1_snapshot_lacks(tmp_path):
    result = build_sh("--soc", "Ascend910B2", "--install-path", str(tmp_path / "opp"), home=SNAPSHOT)
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr == (
        f"build.sh: CANN 8.1.RC1 at {SNAPSHOT} (template flow) lacks {', '.join(TEMPLATE_NEEDS)}; {CPU_STILL_WORKS}, "
        f"and the header check (bash scripts/check_cann.sh {SNAPSHOT})\n"
    )
    assert not (tmp_path / "opp").exists()  # nothing done before the stop


def test_build_sh_help_lists_the_options():
    result = build_sh("--help")
    assert result.returncode == 0 and result.stderr == ""
    for option in ("--soc=<SoCs>", "--ops=<operators>", "-j <N>", "--install-path=<dir>", "--help"):
        assert option in result.stdout


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


@pytest.mark.parametrize(
    "args,message",
    [
        (("{tmp}/missing",), "{tmp}/missing has no <arch>-linux/ascendc/include/basic_api: not a CANN 8.x toolkit"),
        (("--open", "{tmp}"), "--open {tmp} has no asc-devkit/include/kernel_operator.h: not the open header set"),
    ],
)
def test_check_cann_stops_a_root_that_is_no_header_set_with_one_line(tmp_path, args, message):
    env = {k: v for k, v in os.environ.items() if k != "ASCEND_HOME_PATH"}
    result = subprocess.run(
        ["bash", str(ROOT / "scripts" / "check_cann.sh"), *(a.format(tmp=tmp_path) for a in args)],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert (result.returncode, result.stdout) == (2, "")
    assert result.stderr == (
        f"check_cann: {message.format(tmp=tmp_path)}; nothing was checked (the CPU path needs neither: "
        "bash scripts/test.sh)\n"
    )
