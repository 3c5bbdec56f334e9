"""scripts/run_samples.py counts a sample's run per SoC as CMake would configure it: a scenario whose CMakeLists stops
at `message(FATAL_ERROR ...)` for the SoC's architecture, or switches the architecture away (cache FORCE), is no run
of that SoC. Checked with --list, which names the listed labels that are no run before anything is built."""

import subprocess
import sys
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "run_samples.py"

CMAKELISTS = """
set(CMAKE_ASC_ARCHITECTURES "dav-2201" CACHE STRING "NPU architecture: dav-2201, dav-3510")
set(SCENARIO_NUM "1" CACHE STRING "Scene number (1-3)")
if(NOT DEFINED SCENARIO_NUM)
    message(FATAL_ERROR "SCENARIO_NUM is not set")
endif()
set(VALID_SCENARIOS 1 2 3)
if(NOT SCENARIO_NUM IN_LIST VALID_SCENARIOS)
    message(FATAL_ERROR "SCENARIO_NUM must be 1, 2 or 3")
endif()
if(SCENARIO_NUM EQUAL 3 AND CMAKE_ASC_ARCHITECTURES STREQUAL "dav-2201")
    message(FATAL_ERROR "SCENARIO_NUM=3 only supports dav-3510")
endif()
if(SCENARIO_NUM STREQUAL "2")
    set(CMAKE_ASC_ARCHITECTURES "dav-3510" CACHE STRING "NPU architecture: dav-3510" FORCE)
endif()
add_executable(demo k.asc)
"""


def _not_runs(tmp_path, soc, labels):
    sample = tmp_path / "root" / "s"
    sample.mkdir(parents=True, exist_ok=True)
    (sample / "k.asc").write_text("// kernel\n")
    (sample / "CMakeLists.txt").write_text(CMAKELISTS)
    listed = tmp_path / "list.txt"
    listed.write_text("\n".join(labels) + "\n")
    cmd = [sys.executable, str(SCRIPT), str(tmp_path / "root"), str(tmp_path / "work"), ".", str(tmp_path / "b")]
    result = subprocess.run([*cmd, "--soc", soc, "--list", str(listed)], capture_output=True, text=True, check=False)
    prefix = f"run_samples: listed runs that are not samples for {soc}: "
    line = next((s for s in result.stderr.splitlines() if s.startswith(prefix)), None)
    assert result.returncode != 0 and line is not None, result.stderr
    return line[len(prefix) :].split(", ")


@pytest.mark.parametrize(
    ("soc", "not_runs"),
    [
        ("ascend910b", ["s [2]", "s [3]", "s [4]"]),  # [2] switches to dav-3510, [3] stops on dav-2201
        ("ascend950", ["s [4]"]),  # every valid scenario configures for dav-3510
    ],
)
def test_a_run_counts_where_cmake_configures_it(tmp_path, soc, not_runs):
    assert _not_runs(tmp_path, soc, ["s [1]", "s [2]", "s [3]", "s [4]"]) == not_runs
