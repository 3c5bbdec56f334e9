"""The CANN 8.0 / 8.1 flow of scripts/build.sh: cmake/template_project.cmake generates a project of msopgen's template
from the toolkit at build time (the template's own files, never kept in the repository) around our sources. Checked
here against the CANN 8.1.RC1 snapshot's template; scripts/check_cann.sh then runs the project's build as far as the
snapshot allows (CI)."""

import json
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SNAPSHOT = ROOT.parent / "shared" / "cann-8.1.RC1"
TEMPLATE = SNAPSHOT / "tools" / "op_project_templates" / "ascendc" / "customize"
pytestmark = [
    pytest.mark.skipif(shutil.which("cmake") is None, reason="cmake is not on PATH"),
    pytest.mark.skipif(not TEMPLATE.is_dir(), reason=f"no msopgen template in a CANN 8.1.RC1 snapshot at {SNAPSHOT}"),
]


def generate(tmp_path, socs, ops):
    project = tmp_path / "project"
    result = subprocess.run(
        [
            "cmake",
            f"-DASCEND_HOME_PATH={SNAPSHOT}",
            f"-DPROJECT_DIR={project}",
            f"-DSOCS={';'.join(socs)}",
            f"-DOPS={';'.join(ops)}",
            "-P",
            str(ROOT / "cmake" / "template_project.cmake"),
        ],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    return project


def test_the_project_is_the_toolkits_template_around_our_sources(tmp_path):
    project = generate(tmp_path, ["ascend310p", "ascend910b"], ["cast", "fused_swiglu_grad"])
    # The template's own files, byte for byte from the toolkit.
    copied = ["CMakeLists.txt", "build.sh", "op_kernel/CMakeLists.txt", "framework/CMakeLists.txt"]
    copied += [str(p.relative_to(TEMPLATE)) for p in (TEMPLATE / "cmake").rglob("*") if p.is_file()]
    copied += [str(p.relative_to(TEMPLATE)) for p in (TEMPLATE / "scripts").rglob("*") if p.is_file()]
    for rel in copied:
        assert (project / rel).read_bytes() == (TEMPLATE / rel).read_bytes(), rel
    # Its presets with our SoCs, vendor and toolkit; the binary package only.
    values = {
        k: v["value"]
        for k, v in json.loads((project / "CMakePresets.json").read_text())["configurePresets"][0][
            "cacheVariables"
        ].items()
    }
    assert values["ASCEND_COMPUTE_UNIT"] == "ascend310p;ascend910b"
    assert values["vendor_name"] == "ascendops"  # the vendor folder python/ascendops/_npu.py looks for
    assert values["ASCEND_CANN_PACKAGE_PATH"] == str(SNAPSHOT)
    assert (values["ENABLE_SOURCE_PACKAGE"], values["ENABLE_BINARY_PACKAGE"]) == ("False", "True")
    # op_kernel/<opFile>.cpp (the names the OpDefs give) and the headers beside them: links to the repository.
    links = {p.name: os.readlink(p) for p in (project / "op_kernel").iterdir() if p.is_symlink()}
    expected = [p for op in ("cast", "fused_swiglu_grad") for p in (ROOT / "op_kernel" / op).iterdir()]
    assert links == {p.name: str(p) for p in expected if p.suffix in (".cpp", ".h")}
    # op_host/CMakeLists.txt: the operators' host units and the platform table, C++17, the kernels' options.
    host = (project / "op_host" / "CMakeLists.txt").read_text()
    listed = re.search(r"set\(ascendops_host_srcs(.*?)\)", host, re.S).group(1).split()
    assert sorted(Path(p).relative_to(ROOT).as_posix() for p in listed) == sorted(
        [
            f"op_host/{op}/{op}_{part}.cpp"
            for op in ("cast", "fused_swiglu_grad")
            for part in ("def", "infershape", "tiling_context", "tiling")
        ]
        + [
            "ascendc_sim/platform/soc.cpp",
            "op_host/fused_swiglu_grad/fused_swiglu_grad_cube_tiling.cpp",
            "ascendc_sim/platform/soc_cube.cpp",
            "op_host/common/matmul_tiling_cann.cpp",
        ]
    )
    assert f"opbuild(OPS_SRC -std=c++17 -I{ROOT} -DASCENDOPS_WITH_CANN ${{ascendops_host_srcs}}" in host
    assert f"add_ops_compile_options(ALL OPTIONS -I{ROOT} -DASCENDOPS_WITH_CANN)" in host
    for target, name in (("cust_op_proto", "cust_opsproto_rt2.0"), ("cust_optiling", "cust_opmaster_rt2.0")):
        assert f"set_target_properties({target} PROPERTIES OUTPUT_NAME {name})" in host
    assert "install(TARGETS cust_opapi ascendops_opapi LIBRARY DESTINATION ${vendor}/op_api/lib)" in host
    # No template code in the repository: every file the project takes from the template is generated.
    tracked = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True).stdout.split()
    assert not any(Path(t).name in ("func.cmake", "intf.cmake", "ascendc_impl_build.py") for t in tracked)


def test_generating_again_replaces_the_project(tmp_path):
    generate(tmp_path, ["ascend910b"], ["cast", "split"])
    project = generate(tmp_path, ["ascend910b"], ["split"])
    assert sorted(p.name for p in (project / "op_kernel").glob("*.cpp")) == ["split.cpp"]
