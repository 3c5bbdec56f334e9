"""The operator registry (python/ascendops/registry.json) is the one list of operators: every other place that
names them reads it (the build, the operator table, the package front, the tiling module, the torch schemas) or is
checked against it here (the SoC table's architectures, the C++ dtype tables, the OpDefs' SoCs, README, docs)."""

import pathlib
import re

import pytest

import ascendops
import ascendops.tiling
from ascendops import _C
from ascendops.ops import OPERATORS
from ascendops.registry import ARCHS, OPERATOR_NAMES, REGISTRY, functions, operator

ROOT = pathlib.Path(__file__).resolve().parents[2]
SOC_SHORT = {"310P": "ascend310p", "A2": "ascend910b", "A3": "ascend910_93", "950": "ascend950"}  # README's column


def test_every_arch_of_the_soc_table_is_in_the_registry_and_no_other():
    assert {row["name"]: row["arch"] for row in _C.socs()} == {
        "ascend310p": "dav-m200",
        "ascend910b": "dav-c220",
        "ascend910_93": "dav-c220",
        "ascend950": "dav-3510",
    }
    assert sorted(ARCHS) == sorted({row["arch"] for row in _C.socs()})


def test_the_soc_page_shows_each_socs_arch():
    rows = re.findall(r"^\| (ascend\w+) \| [^|]+ \| (dav-\w+) \|", (ROOT / "docs" / "socs.md").read_text(), re.M)
    assert dict(rows) == {row["name"]: row["arch"] for row in _C.socs()}


def test_arch_defines_follow_cann_arch_names():
    """__CCE_AICORE__ of dav-<letter><number> is the number (the kernels' #if __CCE_AICORE__ == 200 / 220); dav-3510
    builds define __NPU_ARCH__ 3510 and __DAV_C310__ (asc-devkit ascendc_compile_v220.py), no __CCE_AICORE__."""
    archs = {a["name"]: (a.get("aicore"), a.get("npu_arch"), a.get("defines", [])) for a in REGISTRY["archs"]}
    assert archs == {
        "dav-m200": (200, None, []),
        "dav-c220": (220, None, []),
        "dav-3510": (None, 3510, ["__DAV_C310__"]),
    }
    assert {row["arch"]: row["npu_arch"] for row in _C.socs()}["dav-3510"] == 3510


def test_the_operator_table_the_front_and_the_tiling_module_follow_the_registry():
    assert list(OPERATORS) == list(OPERATOR_NAMES)
    for op, name in functions():
        assert getattr(ascendops, name) is getattr(OPERATORS[op], name)
        assert name in ascendops.__all__
    assert ascendops.tiling.__all__ == list(OPERATOR_NAMES)
    assert all(getattr(ascendops.tiling, op) is OPERATORS[op].tiling for op in OPERATOR_NAMES)


def test_unknown_operator_is_named():
    with pytest.raises(ValueError, match="unknown operator 'add': expected one of 'cast', "):
        operator("add")


def test_every_operator_socs_are_socs_of_the_table_and_of_its_opdef():
    socs = {row["name"] for row in _C.socs()}
    for op in REGISTRY["operators"]:
        assert set(op["socs"]) <= socs, op["name"]
        opdef = (ROOT / "op_host" / op["name"] / f"{op['name']}_def.cpp").read_text()
        named = set(re.findall(r'"(ascend(?:310p|910b|910_93|950))"', opdef))
        assert named == set(op["socs"]), op["name"]


def test_cast_dtypes_are_the_plan_tables():
    rows = [r for soc in operator("cast")["socs"] for r in _C.cast_plan_table(soc) if r["path"] != "UNSUPPORTED"]
    assert sorted({r["src"] for r in rows}) == sorted(operator("cast")["inputs"][0]["dtypes"])
    assert sorted({r["dst"] for r in rows}) == sorted(operator("cast")["outputs"][0]["dtypes"])


def test_every_registry_kernel_has_its_source():
    for op in REGISTRY["operators"]:
        for kernel in op["kernels"]:
            assert (ROOT / "op_kernel" / op["name"] / kernel["source"]).is_file(), kernel
            if kernel.get("instances") == "sim_instances.cmake":
                assert (ROOT / "op_kernel" / op["name"] / "sim_instances.cmake").is_file()


def test_torch_schemas_are_the_registrys():
    specs = pytest.importorskip("ascendops.torch._specs", reason="torch is not installed")
    assert [s.name for s in specs.OP_SPECS] == [op["name"] for op in REGISTRY["operators"] if "torch" in op]
    for spec in specs.OP_SPECS:
        args, returns = operator(spec.name)["torch"].split(" -> ")
        assert spec.schema.startswith(args[:-1]) and spec.schema.endswith(f" -> {returns}")


def test_the_readme_table_lists_the_registry():
    text = (ROOT / "README.md").read_text()
    rows = re.findall(r"^\| (\w+) \| ([0-9A-Z, ]+) \| .* \| \[docs/ops/(\w+)\.md\]", text, re.M)
    assert [(title, doc) for title, _, doc in rows] == [(op["title"], op["name"]) for op in REGISTRY["operators"]]
    for _, socs, doc in rows:
        assert sorted(SOC_SHORT[s.strip()] for s in socs.split(",")) == sorted(operator(doc)["socs"])


def test_every_operator_has_its_folders_and_docs():
    for name in OPERATOR_NAMES:
        for path in (f"op_host/{name}", f"op_kernel/{name}", f"docs/ops/{name}.md", f"python/ascendops/ops/{name}.py"):
            assert (ROOT / path).exists(), path
