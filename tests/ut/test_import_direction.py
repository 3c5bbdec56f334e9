"""Imports point one way: drivers (demo, tiling, cli, bench) -> ops -> ops/<op> -> the leaf ascendops._op_kit.
An op module that imported a driver would bring back the cycle (and the lazy lookups it forced)."""

import ast
import pathlib

import pytest

import ascendops
import ascendops._op_kit
import ascendops.demo
import ascendops.tiling
from ascendops.ops import OPERATORS

DRIVERS = {"demo", "tiling", "cli", "bench"}
PACKAGE = pathlib.Path(ascendops.__file__).parent


def relative_imports(path):
    """(level, module) of every `from .x import ...` and `from .. import x` in a file, at any depth."""
    found = []
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom) and node.level:
            names = [node.module] if node.module else [a.name for a in node.names]
            found += [(node.level, n.split(".")[0]) for n in names]
    return found


@pytest.mark.parametrize("op", sorted(OPERATORS))
def test_op_modules_import_no_driver(op):
    imported = {name for level, name in relative_imports(PACKAGE / "ops" / f"{op}.py") if level == 2}
    assert not imported & DRIVERS, f"ops/{op}.py imports {sorted(imported & DRIVERS)}"


def test_the_leaf_imports_no_driver_and_no_operator():
    imported = {name for _, name in relative_imports(PACKAGE / "_op_kit.py")}
    assert imported == {"_args"}


def test_drivers_read_the_same_names():
    assert ascendops.demo.DemoCase is ascendops._op_kit.DemoCase
    assert {name: getattr(ascendops.tiling, name) for name in OPERATORS} == {
        name: m.tiling for name, m in OPERATORS.items()
    }


def test_the_tiling_module_names_every_operator_of_the_registry():
    assert sorted(ascendops.tiling.__all__) == sorted(OPERATORS)
