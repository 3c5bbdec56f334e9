"""One binding per operator for both backends: the sources ascendops._C_npu is built from are _C's bindings and
bridge with the NPU's side of the seam (cmake/bindings_sources.cmake), and the shared sources name no backend: no
twin-only header and no backend test in the preprocessor; what differs lives in backend_twin.cpp / backend_npu.cpp."""

import pathlib
import re
import subprocess

ROOT = pathlib.Path(__file__).resolve().parents[2]
BINDINGS = ROOT / "python" / "bindings"
SHARED = ["module.cpp", *sorted(p.name for p in BINDINGS.glob("bind_*.cpp")), "tensor_bridge.cpp", "tensor_bridge.h"]
# Headers only the twin's build has: the twin's runtime and cost model (ascendc_sim/include/sim/) and their dicts.
TWIN_ONLY = re.compile(r'#include "(sim/[^"]+|cost_dicts\.h)"')
BACKEND_TEST = re.compile(r"#\s*(if|ifdef|ifndef|elif)\b.*\bASCENDOPS_(NPU|WITH_CANN)\b")


def npu_sources():
    out = subprocess.run(
        ["cmake", "-P", str(ROOT / "cmake" / "bindings_sources.cmake")], capture_output=True, text=True, check=True
    ).stdout
    line = next(x for x in out.splitlines() if x.startswith("NPU="))
    return [str(pathlib.Path(p).relative_to(BINDINGS)) for p in line[len("NPU=") :].split(";")]


def test_c_npu_is_built_from_the_bindings_of_c_and_the_npu_backend():
    assert npu_sources() == [*SHARED[:-1], "backend_npu.cpp", "npu_bench.cpp"]
    assert [p.name for p in BINDINGS.glob("bind_*.cpp")] and not (BINDINGS / "npu").exists()


def test_the_shared_sources_name_no_backend():
    found = []
    for name in SHARED:
        for number, line in enumerate((BINDINGS / name).read_text().splitlines(), 1):
            if TWIN_ONLY.search(line) or BACKEND_TEST.search(line):
                found.append(f"{name}:{number}: {line.strip()}")
    assert found == []


def test_the_twin_backend_is_the_only_one_with_the_simulated_device():
    twin = (BINDINGS / "backend_twin.cpp").read_text()
    npu = (BINDINGS / "backend_npu.cpp").read_text()
    for name in ("set_sim_device", "last_launch_report", "request_span_trace", "limit_vector_cores"):
        assert f'"{name}"' in twin and name not in npu
    assert '"open_device"' in npu and '"device_count"' in npu and "open_device" not in twin
