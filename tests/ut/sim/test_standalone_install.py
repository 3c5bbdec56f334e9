"""ascendc_sim stands alone: built as its own CMake project and installed into a temporary prefix, it is found by
find_package(ascendc_sim CONFIG) from a kernel project (the README's example, ascendc_sim/examples/vector_add), which
builds, runs on the twin and matches; the installed headers name nothing of the operator package. The same install
is CANN's CPU-debug package: a project written for CANN's tikicpulib (ascendc_sim/examples/cpu_debug_add) builds
unchanged, with CANN's target names and compile definitions, and runs."""

import json
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
TWIN = ROOT / "ascendc_sim"
EXAMPLE = TWIN / "examples" / "vector_add"
CPU_DEBUG_EXAMPLE = TWIN / "examples" / "cpu_debug_add"
# The compile definitions CANN 8.1.RC1's tikicpulib targets set (tools/tikicpulib/lib/cmake/targets-tikicpulib.cmake).
CANN_DEFINES = ["_GLIBCXX_USE_CXX11_ABI=0", "__CCE_KT_TEST__=1", "ASCENDC_CPU_DEBUG=1", "ASCENDC_DEBUG=1"]
SERIES_DEFINES = {
    "Ascend910B1": ["__CCE_AICORE__=220", "__DAV_C220__"],
    "Ascend310P3": ["__CCE_AICORE__=200", "__DAV_M200__"],
}

pytestmark = pytest.mark.skipif(shutil.which("cmake") is None, reason="cmake is not on PATH")


def _build_env():
    env = dict(os.environ, CMAKE_BUILD_PARALLEL_LEVEL=str(os.cpu_count() or 2))
    launcher = []
    if shutil.which("ccache"):  # only the compile time changes (no CCACHE_BASEDIR: __FILE__ stays absolute)
        env.pop("CCACHE_BASEDIR", None)
        launcher = ["-DCMAKE_CXX_COMPILER_LAUNCHER=ccache"]
    return env, launcher


def _run(args, **kw):
    result = subprocess.run(args, capture_output=True, text=True, timeout=300, **kw)
    assert result.returncode == 0, f"{' '.join(map(str, args))}\n{result.stdout}\n{result.stderr}"
    return result


@pytest.fixture(scope="module")
def installed(tmp_path_factory):
    """(prefix, example binary): the twin built and installed alone, the example built against the install."""
    tmp = tmp_path_factory.mktemp("twin")
    env, launcher = _build_env()
    prefix = tmp / "prefix"
    _run(["cmake", "-S", TWIN, "-B", tmp / "twin", *launcher], env=env)
    _run(["cmake", "--build", tmp / "twin"], env=env)
    _run(["cmake", "--install", tmp / "twin", "--prefix", prefix], env=env)
    _run(["cmake", "-S", EXAMPLE, "-B", tmp / "example", f"-DCMAKE_PREFIX_PATH={prefix}", *launcher], env=env)
    _run(["cmake", "--build", tmp / "example"], env=env)
    return prefix, tmp / "example" / "vector_add"


def test_install_layout(installed):
    prefix, _ = installed
    lib = next((prefix / d for d in ("lib", "lib64") if (prefix / d / "libascendc_sim.a").is_file()), None)
    assert lib is not None, sorted(str(p.relative_to(prefix)) for p in prefix.rglob("*"))
    assert (lib / "cmake" / "ascendc_sim" / "ascendc_simConfig.cmake").is_file()
    assert (lib / "cmake" / "ascendc_sim" / "ascendc_simConfigVersion.cmake").is_file()
    include = prefix / "include" / "ascendc_sim"
    for header in ("kernel_operator.h", "acl/acl.h", "sim/launch.h", "platform/soc.h", "platform/matmul_tiling.h"):
        assert (include / header).is_file(), header


def test_installed_headers_include_nothing_of_the_package(installed):
    prefix, _ = installed
    headers = list((prefix / "include").rglob("*.h"))
    assert len(headers) > 30
    package = re.compile(r'#include\s+"(op_host|op_kernel|op_api|python|tests)/')
    assert [str(h) for h in headers if package.search(h.read_text())] == []
    assert [str(h) for h in headers if re.search(r"\bascendops::", h.read_text())] == []


def test_example_runs_and_matches(installed):
    _, binary = installed
    result = subprocess.run([binary], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stdout + result.stderr
    assert re.fullmatch(r"vector_add: 0 of 16384 values wrong, modeled \d+\.\d\d us\n", result.stdout), result.stdout
    assert float(result.stdout.split()[-2]) > 0


def test_example_with_a_short_output_is_rejected(installed):
    """z one 32-byte block short: the last core's copy-out leaves its allocation, and the launch says so."""
    _, binary = installed
    result = subprocess.run([binary, "short"], capture_output=True, text=True, timeout=60)
    assert result.returncode == 1, result.stdout + result.stderr
    assert result.stdout.startswith("vector_add rejected: ")
    assert "DataCopy" in result.stdout and "core 7" in result.stdout, result.stdout


def test_readme_shows_the_example_as_tested():
    readme = (TWIN / "README.md").read_text()
    for name in ("vector_add.cpp", "CMakeLists.txt"):
        assert (EXAMPLE / name).read_text() in readme, name


@pytest.fixture(scope="module", params=sorted(SERIES_DEFINES))
def cpu_debug_project(installed, tmp_path_factory, request):
    """(soc_version, build dir): the CANN CPU-debug example configured and built against the install."""
    prefix, _ = installed
    soc = request.param
    build = tmp_path_factory.mktemp(f"cpu_debug_{soc}")
    env, launcher = _build_env()
    _run(
        [
            "cmake",
            "-S",
            CPU_DEBUG_EXAMPLE,
            "-B",
            build,
            f"-DCMAKE_PREFIX_PATH={prefix}",
            f"-DSOC_VERSION={soc}",
            "-DCMAKE_EXPORT_COMPILE_COMMANDS=ON",
            *launcher,
        ],
        env=env,
    )
    _run(["cmake", "--build", build], env=env)
    return soc, build


def test_cpu_debug_project_gets_canns_defines(cpu_debug_project):
    soc, build = cpu_debug_project
    commands = json.loads((build / "compile_commands.json").read_text())
    kernel = next(c["command"] for c in commands if c["file"].endswith("add_custom.cpp"))
    for define in CANN_DEFINES + SERIES_DEFINES[soc]:
        assert f"-D{define}" in kernel.split(), (define, kernel)


def test_cpu_debug_project_runs_and_matches(cpu_debug_project):
    _, build = cpu_debug_project
    result = subprocess.run([build / "add_custom_cpu"], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout == "add_custom: 0 of 16384 values wrong\n"


def test_cpu_debug_project_error_names_the_kernel_line(cpu_debug_project):
    """One core more than the data: core 8's copy-in leaves x's allocation, and the error names the line."""
    soc, build = cpu_debug_project
    result = subprocess.run([build / "add_custom_cpu", "extra-core"], capture_output=True, text=True, timeout=60)
    assert result.returncode == 1, result.stdout + result.stderr
    series = "ascend910b" if soc == "Ascend910B1" else "ascend310p"
    match = re.search(
        rf"\[ERROR\] ascendc_sim: kernel 'add_custom' core 8/9 \({series}\): DataCopy: GM read of bytes \[32768, "
        r"33280\) outside device allocation #\d+ of 32768 bytes .*\(at (.*add_custom\.cpp):(\d+)\)",
        result.stderr,
    )
    assert match, result.stderr
    line = Path(match.group(1)).read_text().splitlines()[int(match.group(2)) - 1]
    assert "DataCopy(x, xGm_" in line, line
