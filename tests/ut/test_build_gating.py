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
