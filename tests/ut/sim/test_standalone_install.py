"""ascendc_sim stands alone: built as its own CMake project and installed into a temporary prefix, it is found by
find_package(ascendc_sim CONFIG) from a kernel project (the README's example, ascendc_sim/examples/vector_add), which
builds, runs on the twin and matches; the installed headers name nothing of the operator package."""

import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
TWIN = ROOT / "ascendc_sim"
EXAMPLE = TWIN / "examples" / "vector_add"

pytestmark = pytest.mark.skipif(shutil.which("cmake") is None, reason="cmake is not on PATH")


def _run(args, **kw):
    result = subprocess.run(args, capture_output=True, text=True, timeout=300, **kw)
    assert result.returncode == 0, f"{' '.join(map(str, args))}\n{result.stdout}\n{result.stderr}"
    return result


@pytest.fixture(scope="module")
def installed(tmp_path_factory):
    """(prefix, example binary): the twin built and installed alone, the example built against the install."""
    tmp = tmp_path_factory.mktemp("twin")
    env = dict(os.environ, CMAKE_BUILD_PARALLEL_LEVEL=str(os.cpu_count() or 2))
    launcher = []
    if shutil.which("ccache"):  # only the compile time changes
        env.setdefault("CCACHE_BASEDIR", str(ROOT.parent))
        launcher = ["-DCMAKE_CXX_COMPILER_LAUNCHER=ccache"]
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
