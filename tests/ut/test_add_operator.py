"""Adding an operator touches the registry and the operator's own folders only (docs/architecture.md, "Adding an
operator"). A dry run on a temporary copy of the tree adds a sixth operator, Scale, and then the copy is deleted:
the build's kernel instances and opp sources (CMake in script mode, no compile: a real build of a sixth kernel would
take minutes) and the Python side (the package front, the tiling module, the CLI and the demo, over the installed
compiled modules) pick it up from its registry entry and its files alone."""

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import ascendops

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = Path(ascendops.__file__).parent
SCALE = {
    "name": "scale",
    "title": "Scale",
    "op_types": ["AscendopsScale"],
    "socs": ["ascend910b"],
    "functions": ["scale"],
    "kernels": [{"entry": "scale", "source": "scale.cpp", "per_arch": True}],
    "inputs": [{"name": "x", "dtypes": ["float32"]}],
    "outputs": [{"name": "y", "dtypes": ["float32"]}],
    "attrs": [{"name": "factor", "type": "float", "default": 1.0}],
}
# The operator's Python module (python/ascendops/ops/scale.py): its front, tiling and demo case. The front computes
# in NumPy here: the dry run shows the wiring, not a kernel.
SCALE_MODULE = '''"""Scale: y = factor * x."""
import numpy as np

from .._backend import select
from .._op_kit import DemoCase, parse_shape


def scale(x, factor=1.0, *, soc=None, core_num=0, backend="sim"):
    select(backend, soc, core_num)
    return np.asarray(x, np.float32) * np.float32(factor)


def tiling(shape, *, soc=None, core_num=0):
    soc = select("sim", soc, core_num)
    return {"key": "DEFAULT", "tiling_key": 0, "block_dim": 1, "workspace_bytes": 0, "ub_bytes": 0,
            "elements": int(np.prod(shape)), "soc": soc}


def add_tiling_args(parser):
    parser.add_argument("--shape", type=parse_shape, required=True)


def tiling_from_args(args):
    return tiling(args.shape, soc=args.soc, core_num=args.core_num)


def demo_cases():
    x = np.arange(6, dtype=np.float32)
    return [DemoCase(name="fp32 [6] x2", run=lambda soc: scale(x, 2.0, soc=soc), golden=lambda: x * 2,
                     socs=("ascend910b",))]
'''
# Records what the registry asks of ascendops_sim_kernel (the real one compiles; this one prints).
CMAKE_DRY_RUN = """
set(CMAKE_SOURCE_DIR ${TREE})
function(ascendops_sim_kernel entry source)
    message(STATUS "kernel ${entry} ${source} ${ARGN}")
endfunction()
include(${TREE}/cmake/registry.cmake)
ascendops_registry_kernels(scale)
"""


@pytest.fixture
def tree(tmp_path):
    """A copy of what the build reads of the tree, with Scale added to the registry and its folders."""
    for folder in ("cmake", "op_kernel"):
        shutil.copytree(ROOT / folder, tmp_path / folder)
    registry = json.loads((ROOT / "python/ascendops/registry.json").read_text())
    registry["operators"].append(SCALE)
    (tmp_path / "python/ascendops").mkdir(parents=True)
    (tmp_path / "python/ascendops/registry.json").write_text(json.dumps(registry, indent=2))
    for rel in ("op_kernel/scale/scale.cpp", "op_kernel/scale/scale_tiling_data.h", "op_host/scale/scale_tiling.cpp"):
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text("// the operator's own files\n")
    return tmp_path


def cmake_script(tree, text):
    script = tree / "dry_run.cmake"
    script.write_text(text)
    run = subprocess.run(["cmake", f"-DTREE={tree}", "-P", str(script)], capture_output=True, text=True, check=True)
    return run.stdout + run.stderr


def test_the_build_takes_the_new_operators_kernel_instances_from_the_registry(tree):
    out = cmake_script(tree, CMAKE_DRY_RUN)
    kernel = f"kernel scale {tree}/op_kernel/scale/scale.cpp"
    assert f"{kernel} VARIANT;m200;DEFINES;__CCE_AICORE__=200;VARIANT;c220;DEFINES;__CCE_AICORE__=220" in out


def test_the_opp_package_takes_the_new_operators_host_and_kernel_sources(tree):
    out = subprocess.run(
        ["cmake", "-P", str(tree / "cmake/opp_sources.cmake")], capture_output=True, text=True, check=True
    ).stdout
    host = next(line for line in out.splitlines() if line.startswith("HOST=")).split("=", 1)[1].split(";")
    kernels = next(line for line in out.splitlines() if line.startswith("KERNELS=")).split("=", 1)[1].split(";")
    assert {
        f"{tree}/op_host/scale/scale_{part}.cpp" for part in ("def", "infershape", "tiling_context", "tiling")
    } <= set(host)
    assert {f"{tree}/op_kernel/scale/scale.cpp", f"{tree}/op_kernel/scale/scale_tiling_data.h"} <= set(kernels)


def test_the_python_front_tiling_cli_and_demo_take_the_new_operator(tmp_path):
    """A copy of the installed package (the compiled modules linked, not copied) with Scale's registry entry and
    module: nothing else of the package changes."""
    package = tmp_path / "ascendops"
    shutil.copytree(PACKAGE, package, symlinks=True, ignore=shutil.ignore_patterns("*.so", "__pycache__"))
    for lib in PACKAGE.glob("*.so"):
        (package / lib.name).symlink_to(lib)
    registry = json.loads((package / "registry.json").read_text())
    registry["operators"].append(SCALE)
    (package / "registry.json").write_text(json.dumps(registry))
    (package / "ops" / "scale.py").write_text(SCALE_MODULE)
    check = (
        "import numpy as np, ascendops, ascendops.tiling\n"
        "assert ascendops.scale(np.ones(3), 3.0).tolist() == [3.0, 3.0, 3.0]\n"
        "assert 'scale' in ascendops.__all__ and list(ascendops.OPERATORS)[-1] == 'scale'\n"
        "assert ascendops.tiling.scale((2, 3))['elements'] == 6\n"
    )
    env = dict(os.environ, PYTHONPATH=str(tmp_path))
    subprocess.run([sys.executable, "-c", check], env=env, check=True, cwd=tmp_path)
    tiling = subprocess.run(
        [sys.executable, "-m", "ascendops", "tiling", "scale", "--shape", "4,5"],
        env=env,
        capture_output=True,
        text=True,
        check=True,
        cwd=tmp_path,
    )
    assert "20" in tiling.stdout  # elements
    demo = subprocess.run(
        [sys.executable, "-m", "ascendops", "demo", "--op", "scale"],
        env=env,
        capture_output=True,
        text=True,
        check=True,
        cwd=tmp_path,
    )
    assert "fp32 [6] x2" in demo.stdout
