"""The house reads bottom-up: no file imports (Python) or includes (C++) a file of a higher layer, and no Python
modules import each other in a circle. LAYERS is the one table of the order, lowest first; a file belongs to the
layer of the longest prefix that names it. The tests (with the test module's hooks) are the top layer."""

import ast
import pathlib
import re

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]

# (layer name, path prefixes), lowest first. A Python module's prefix is its file path without ".py".
LAYERS = (
    ("twin platform", ("ascendc_sim/platform/",)),
    ("twin", ("ascendc_sim/include/", "ascendc_sim/src/")),
    ("twin examples", ("ascendc_sim/examples/",)),
    ("kernels", ("op_kernel/",)),
    ("host tiling", ("op_host/",)),
    ("aclnn API", ("op_api/",)),
    (
        "compiled modules and leaves",
        (
            "python/bindings/",
            "python/ascendops/_C",
            "python/ascendops/_sim_bench",
            "python/ascendops/_version",
            "python/ascendops/_errors",
        ),
    ),
    (
        "argument rules, tables and goldens",
        (
            "python/ascendops/_args",
            "python/ascendops/_sections",
            "python/ascendops/_op_kit",
            "python/ascendops/registry",
            "python/ascendops/socs",
            "python/ascendops/golden/",
        ),
    ),
    ("NPU layer", ("python/ascendops/_npu",)),
    ("backend choice", ("python/ascendops/_backend",)),
    ("operator fronts", ("python/ascendops/ops/",)),
    (
        "drivers",
        (
            "python/ascendops/__init__",
            "python/ascendops/__main__",
            "python/ascendops/cli",
            "python/ascendops/demo",
            "python/ascendops/tiling",
            "python/ascendops/bench/",
            "python/ascendops/torch/",
        ),
    ),
    ("tests", ("tests/", "python/bindings/test/", "python/ascendops/_C_test")),
)
CXX_ROOTS = ("op_api", "ascendc_sim/include", "python/bindings", "python/bindings/bench")  # CMake include dirs
CXX_SUFFIXES = {".h", ".cpp", ".inc"}


def layer_of(path):
    """(index, name) of the layer whose longest prefix names ``path`` (repo-relative, posix), or None."""
    best = None
    for index, (name, prefixes) in enumerate(LAYERS):
        for prefix in prefixes:
            if path.startswith(prefix) and (best is None or len(prefix) > best[0]):
                best = (len(prefix), index, name)
    return None if best is None else best[1:]


def python_files():
    return sorted((ROOT / "python" / "ascendops").rglob("*.py"))


def python_imports(path):
    """Repo-relative module paths (without .py) that ``path`` imports from the package."""
    rel = path.relative_to(ROOT).with_suffix("")
    package = rel.parent if rel.name != "__init__" else rel.parent
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom) and node.level:
            base = package
            for _ in range(node.level - 1):
                base = base.parent
            targets = [base / node.module.replace(".", "/")] if node.module else [base / a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[0] == "ascendops":
            targets = [ROOT / "python" / node.module.replace(".", "/")]
            targets = [t.relative_to(ROOT) for t in targets]
        else:
            continue
        for t in targets:
            t = pathlib.PurePosixPath(t)
            if (ROOT / t).is_dir():
                t = t / "__init__"
            found.add(str(t))
    return found


def cxx_files():
    return sorted(
        p
        for top in ("ascendc_sim", "op_kernel", "op_host", "op_api", "python/bindings")
        for p in (ROOT / top).rglob("*")
        if p.suffix in CXX_SUFFIXES
    )


def cxx_includes(path):
    """Repo files ``path`` includes with quotes, resolved as the build does (own folder, repo root, include dirs)."""
    found = set()
    for name in re.findall(r'^\s*#\s*include\s+"([^"]+)"', path.read_text(), re.M):
        for base in (path.parent, ROOT, *(ROOT / r for r in CXX_ROOTS)):
            if (base / name).is_file():
                found.add((base / name).resolve().relative_to(ROOT).as_posix())
                break
    return found


def arrows_up(files, imports_of):
    up = []
    for path in files:
        rel = (
            path.relative_to(ROOT).with_suffix("").as_posix()
            if path.suffix == ".py"
            else path.relative_to(ROOT).as_posix()
        )
        mine = layer_of(rel)
        assert mine is not None, f"{rel} is on no layer of LAYERS"
        for target in sorted(imports_of(path)):
            theirs = layer_of(target)
            if theirs is not None and theirs[0] > mine[0]:
                up.append(f"{rel} ({mine[1]}) -> {target} ({theirs[1]})")
    return up


def test_python_imports_run_down_only():
    assert arrows_up(python_files(), python_imports) == []


def test_cxx_includes_run_down_only():
    assert arrows_up(cxx_files(), cxx_includes) == []


def test_python_modules_import_in_no_circle():
    graph = {}
    for path in python_files():
        graph[path.relative_to(ROOT).with_suffix("").as_posix()] = python_imports(path)
    state, circle = {}, []

    def visit(node, trail):
        state[node] = "open"
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == "open":
                circle.append(trail[trail.index(nxt) :] + [nxt] if nxt in trail else [node, nxt])
            elif nxt not in state:
                visit(nxt, trail + [nxt])
        state[node] = "done"

    for node in sorted(graph):
        if node not in state:
            visit(node, [node])
    assert circle == []


@pytest.mark.parametrize(
    "path, layer",
    [
        ("ascendc_sim/platform/soc.h", "twin platform"),
        ("op_api/aclnn_cast.cpp", "aclnn API"),
        ("python/bindings/test/module.cpp", "tests"),
        ("python/ascendops/ops/cast", "operator fronts"),
    ],
)
def test_the_longest_prefix_places_a_file(path, layer):
    assert layer_of(path)[1] == layer


def test_an_arrow_up_is_found():
    """The checker itself: a kernel including op_api would be reported."""
    fake = ROOT / "op_kernel" / "cast" / "cast.h"
    assert arrows_up([fake], lambda _: {"op_api/aclnn_cast.h"}) == [
        "op_kernel/cast/cast.h (kernels) -> op_api/aclnn_cast.h (aclnn API)"
    ]
