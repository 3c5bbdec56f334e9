"""The twin's coverage of the Ascend C kernel APIs must not fall: scripts/api_coverage.py reads the names CANN's
kernel-side headers declare, counts their uses, and finds the ones a kernel compiled against the twin can name;
docs/twin_api_coverage.md records the count (regenerate it with --write when the twin gains an API)."""

import re
import shutil
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
DEVKIT = ROOT.parent / "shared" / "cann-open" / "asc-devkit"
CANN = ROOT.parent / "shared" / "cann-8.1.RC1"
sys.path.insert(0, str(ROOT / "scripts"))
import api_declarations  # noqa: E402

DOC = ROOT / "docs" / "twin_api_coverage.md"


def _check(devkit, cann, doc):
    script = ROOT / "scripts" / "api_coverage.py"
    command = [sys.executable, str(script), str(devkit), "--cann", str(cann), "--check", str(doc)]
    return subprocess.run(command, capture_output=True, text=True, timeout=900, check=False)


@pytest.mark.skipif(shutil.which("g++") is None, reason="g++ is not on PATH")
@pytest.mark.skipif(not (DEVKIT / "examples").is_dir(), reason=f"no asc-devkit checkout at {DEVKIT}")
@pytest.mark.skipif(not (CANN / "aarch64-linux").is_dir(), reason=f"no CANN install's headers at {CANN}")
def test_api_coverage_does_not_fall():
    result = _check(DEVKIT, CANN, DOC)
    assert result.returncode == 0, result.stderr
    recorded = re.search(r"^provided: (\d+) of (\d+)", DOC.read_text(), re.M)
    now = re.search(r"(\d+) of (\d+) names", result.stdout)
    assert recorded and now
    assert int(now.group(2)) == int(recorded.group(2)), "the headers or examples changed: regenerate the table"
    assert int(now.group(1)) >= int(recorded.group(1))


def test_check_fails_when_coverage_falls(tmp_path):
    # the recorded count above what any twin provides: --check must refuse (empty header and example trees have no
    # names, so nothing is compiled)
    for folder in ("examples", "include/basic_api", "include/adv_api"):
        (tmp_path / "devkit" / folder).mkdir(parents=True)
    for folder in ("basic_api/interface", "highlevel_api/lib"):
        (tmp_path / "cann/aarch64-linux/ascendc/include" / folder).mkdir(parents=True)
    doc = tmp_path / "coverage.md"
    doc.write_text("provided: 1 of 1 names; tested: 1\n")
    result = _check(tmp_path / "devkit", tmp_path / "cann", doc)
    assert result.returncode == 1
    assert "0 names provided, fewer than the 1" in result.stderr


HEADER = """
namespace AscendC {
class Hidden;
template <typename T, class U = int> class TypeA { __aicore__ inline void Member(); };
struct Params { int x; };
enum class Mode { A, B };
using Alias = Params;
using Deprecated = using_deprecated_header_h;
template <typename T>
__aicore__ inline __inout_pipe__(V) void Vadd(const T& a);
template <typename T>
__aicore__ inline void TypeA<T>::Member() { int local; }
namespace Std { __aicore__ inline int min(int a, int b) { return a; } }
namespace Impl { __aicore__ inline void Internal(); }
}  // namespace AscendC
namespace Other { struct Outside; }
"""


def test_declarations_are_namespace_scope_kernel_names():
    found = api_declarations.declared_in(HEADER)
    assert found == {
        "Hidden": "type",
        "TypeA": "type",
        "Params": "type",
        "Mode": "type",
        "Alias": "alias",
        "Vadd": "function",
        "Std::min": "function",
    }


def test_uses_count_calls_types_and_qualified_chains():
    names = {"Vadd": "function", "Params": "type", "Std::min": "function", "TPosition": "spelled"}
    code = """
    using namespace AscendC;
    Params p;           // a type, bare
    Vadd(x);            // a call, bare
    AscendC::Vadd<half>(y);
    obj.Vadd(z);        // a member of something else: not ours
    other::Vadd(z);     // another namespace's: not ours
    int Vadd2 = Std::min(1, 2) + AscendC::TPosition::VECIN;
    // Vadd(comment) does not count
    """
    uses, files = Counter(), Counter()
    api_declarations.count_uses([code], names, uses, files)
    assert uses == Counter({"Vadd": 2, "Params": 1, "Std::min": 1, "TPosition": 1})
    assert files == Counter({"Vadd": 1, "Params": 1, "Std::min": 1, "TPosition": 1})
