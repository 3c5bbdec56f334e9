"""The twin's coverage of the Ascend C kernel APIs public code uses must not fall: scripts/api_coverage.py counts the
`AscendC::` names asc-devkit's examples use and the ones a kernel compiled against the twin can name;
docs/twin_api_coverage.md records the count (regenerate it with --write when the twin gains an API)."""

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
DEVKIT = ROOT.parent / "shared" / "cann-open" / "asc-devkit"
DOC = ROOT / "docs" / "twin_api_coverage.md"


def _check(devkit, doc):
    script = ROOT / "scripts" / "api_coverage.py"
    command = [sys.executable, str(script), str(devkit), "--check", str(doc)]
    return subprocess.run(command, capture_output=True, text=True, timeout=900, check=False)


@pytest.mark.skipif(shutil.which("g++") is None, reason="g++ is not on PATH")
@pytest.mark.skipif(not (DEVKIT / "examples").is_dir(), reason=f"no asc-devkit checkout at {DEVKIT}")
def test_api_coverage_does_not_fall():
    result = _check(DEVKIT, DOC)
    assert result.returncode == 0, result.stderr
    recorded = re.search(r"^provided: (\d+) of (\d+)", DOC.read_text(), re.M)
    now = re.search(r"(\d+) of (\d+) names", result.stdout)
    assert recorded and now
    assert int(now.group(2)) == int(recorded.group(2)), "asc-devkit's examples changed: regenerate the table"
    assert int(now.group(1)) >= int(recorded.group(1))


def test_check_fails_when_coverage_falls(tmp_path):
    # the recorded count above what any twin provides: --check must refuse (without compiling anything, an empty
    # examples tree has no names to count)
    (tmp_path / "examples").mkdir()
    doc = tmp_path / "coverage.md"
    doc.write_text("provided: 1 of 1 names; tested: 1\n")
    result = _check(tmp_path, doc)
    assert result.returncode == 1
    assert "0 names provided, fewer than the 1" in result.stderr
