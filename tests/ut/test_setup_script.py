"""scripts/_setup.sh, the setup of demo.sh and test.sh: what each installs, what it says first, when it reinstalls.
Run against a stand-in environment whose `python` records its command line (the pip install is not run), so only
the script's own decisions are checked; the installs themselves run in every scripts/test.sh."""

import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SNAPSHOT = ROOT.parent / "shared" / "cann-8.1.RC1"
pytestmark = pytest.mark.skipif(
    shutil.which("cmake") is None or shutil.which("git") is None, reason="cmake and git are needed on PATH"
)

RECORDING_PYTHON = """#!/bin/sh
echo "$* | cmake=$(command -v cmake) launcher=${CMAKE_CXX_COMPILER_LAUNCHER:-} basedir=${CCACHE_BASEDIR:-}" \\
    >> "$(dirname "$0")/calls"
"""


@pytest.fixture
def venv(tmp_path):
    """A virtual environment stand-in: bin/python records each call in bin/calls and succeeds."""
    bin_dir = tmp_path / "venv" / "bin"
    bin_dir.mkdir(parents=True)
    (bin_dir / "python").write_text(RECORDING_PYTHON)
    (bin_dir / "python").chmod(0o755)
    return tmp_path / "venv"


def setup(venv, setup_for=None, home=None, extra_path=()):
    env = {k: v for k, v in os.environ.items() if k not in ("CMAKE_CXX_COMPILER_LAUNCHER", "CCACHE_BASEDIR")}
    env.pop("ASCEND_HOME_PATH", None)
    env.update(VIRTUAL_ENV=str(venv), PATH=os.pathsep.join([str(venv / "bin"), *map(str, extra_path), env["PATH"]]))
    if home is not None:
        env["ASCEND_HOME_PATH"] = str(home)
    pre = f"ASCENDOPS_SETUP_FOR={setup_for}; " if setup_for else ""
    result = subprocess.run(
        ["bash", "-c", pre + f"source {ROOT}/scripts/_setup.sh"], env=env, capture_output=True, text=True, timeout=120
    )
    calls = (venv / "bin" / "calls").read_text().splitlines() if (venv / "bin" / "calls").exists() else []
    (venv / "bin" / "calls").unlink(missing_ok=True)
    installs = [c for c in calls if c.startswith("-m pip install")]
    return result, installs


def test_the_demo_installs_the_package_alone_and_says_what_it_builds(venv):
    result, installs = setup(venv, "demo")
    assert result.returncode == 0, result.stderr
    assert len(installs) == 1
    assert "cmake.define.ASCENDOPS_TEST_EXTENSION=OFF . |" in installs[0]  # `pip install .`: no extras
    # The build finds cmake's own executable first, not a wrapper script (a pyenv shim) that may be first on PATH.
    real_cmake = subprocess.run(
        ["cmake", "-P", str(ROOT / "cmake" / "probe_toolkit.cmake")], capture_output=True, text=True, check=True
    ).stdout.splitlines()[0]
    assert real_cmake.startswith("CMAKE=/") and f"| cmake={real_cmake[6:]} " in installs[0]
    lines = result.stderr.splitlines()
    assert lines[0] == "setup: no CANN toolkit (ASCEND_HOME_PATH unset); building the CPU path"
    assert lines[1] == (
        f"setup: installing ascendops for the demo into {venv}: the twin, op_api, every kernel instance and the "
        "modules _C and _sim_bench; no torch, no test module"
    )
    assert lines[2].startswith(("setup: first build: about ", "setup: rebuilding what changed"))
    cache = next((name for name in ("ccache", "sccache") if shutil.which(name)), None)  # this machine's own
    assert lines[2].endswith(
        f"; compiler cache: {cache}"
        if cache
        else "; no compiler cache (install ccache to keep compiles across fresh build directories)"
    )


def test_the_tests_install_the_test_extras_and_module(venv):
    result, installs = setup(venv)  # test.sh and fuzz.sh set nothing
    assert result.returncode == 0, result.stderr
    assert len(installs) == 1 and "cmake.define.ASCENDOPS_TEST_EXTENSION=ON .[test,torch]" in installs[0]
    assert f"setup: installing ascendops for the test into {venv}: " in result.stderr


def test_an_install_is_reused_for_the_same_sources_and_a_test_install_serves_the_demo(venv):
    assert len(setup(venv, "demo")[1]) == 1
    result, installs = setup(venv, "demo")
    assert installs == [] and f"setup: ascendops is already installed from these sources in {venv} (for the demo)" in (
        result.stderr
    )
    assert len(setup(venv, "test")[1]) == 1  # the demo's install lacks what the tests run
    result, installs = setup(venv, "demo")
    assert installs == [] and "(for the test)" in result.stderr
    result, installs = setup(venv, "demo", home=venv / "elsewhere")  # another toolkit finding: a new build
    assert len(installs) == 1 and "ASCENDOPS_TEST_EXTENSION=ON .[test,torch]" in installs[0]  # stays a test install


def test_a_compiler_cache_on_path_is_used_and_keeps_source_paths_absolute(venv, tmp_path):
    cache_bin = tmp_path / "cache_bin"
    cache_bin.mkdir()
    (cache_bin / "ccache").write_text('#!/bin/sh\nexec "$@"\n')
    (cache_bin / "ccache").chmod(0o755)
    result, installs = setup(venv, "demo", extra_path=[cache_bin])
    assert result.returncode == 0, result.stderr
    assert installs[0].endswith(" launcher=ccache basedir=")  # __FILE__ stays absolute: the twin's errors name it
    assert result.stderr.splitlines()[2].endswith("; compiler cache: ccache")


@pytest.mark.parametrize(
    "home,line",
    [
        ("missing", "setup: ASCEND_HOME_PATH={home} is not a directory; building the CPU path"),
        (
            "asc",
            "setup: CANN (version unknown) at {home}: asc-config flow ({home}/lib64/cmake/asc-config.cmake); "
            "building the CPU path, the opp package target ascendops_opp (scripts/build.sh); no NPU backend: no "
            "include/acl/acl.h, include/aclnn/aclnn_base.h, lib64/libascendcl.so, lib64/libnnopbase.so",
        ),
        (
            "snapshot",
            "setup: CANN 8.1.RC1 at {home}: msopgen template flow (tools/op_project_templates/ascendc/"
            "customize); building the CPU path (the opp package: scripts/build.sh); no NPU backend: no "
            "include/acl/acl.h, include/aclnn/aclnn_base.h, lib64/libascendcl.so, lib64/libnnopbase.so",
        ),
    ],
)
def test_any_toolkit_path_is_named_in_one_line_and_the_cpu_path_installed(venv, tmp_path, home, line):
    if home == "snapshot" and not SNAPSHOT.is_dir():
        pytest.skip(f"no CANN 8.1.RC1 snapshot at {SNAPSHOT}")
    root = {"missing": tmp_path / "missing", "asc": tmp_path / "asc", "snapshot": SNAPSHOT}[home]
    if home == "asc":  # an 8.3+ layout: asc-config.cmake where asc-devkit installs it
        (root / "lib64" / "cmake").mkdir(parents=True)
        (root / "lib64" / "cmake" / "asc-config.cmake").write_text("")
    result, installs = setup(venv, "demo", home=root)
    assert result.returncode == 0, result.stderr
    assert result.stderr.splitlines()[0] == line.format(home=root)
    assert len(installs) == 1


def test_an_unknown_setup_is_one_line_before_anything_is_made(tmp_path):
    result = subprocess.run(
        ["bash", "-c", f"ASCENDOPS_SETUP_FOR=bench; source {ROOT}/scripts/_setup.sh"],
        env={k: v for k, v in os.environ.items() if k != "VIRTUAL_ENV"},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert (result.returncode, result.stderr) == (2, "setup: ASCENDOPS_SETUP_FOR must be demo or test, not 'bench'\n")
