"""The operator registry (``registry.json`` beside this module): every operator's name, OpTypes, SoCs, Python
functions, kernels and their instances, inputs / outputs with dtypes, attributes and torch schema, and the core
architectures the kernels are compiled for. The build reads the same file (cmake/registry.cmake); the operator
table (``ascendops.ops``), the package front, the tiling module, the torch front and the docs read it or are
checked against it by the tests. A leaf: it imports nothing of the package."""

import json
from pathlib import Path
from typing import Any, Dict, List, Tuple

__all__ = ["REGISTRY", "OPERATOR_NAMES", "ARCHS", "operator", "functions"]

REGISTRY: Dict[str, Any] = json.loads((Path(__file__).parent / "registry.json").read_text())

# The operator names (their module ascendops/ops/<name>.py and folders op_host/<name>, op_kernel/<name>), in order.
OPERATOR_NAMES: Tuple[str, ...] = tuple(op["name"] for op in REGISTRY["operators"])
# The core architectures (CANN's dav-<arch>), as the SoC table names them.
ARCHS: Tuple[str, ...] = tuple(a["name"] for a in REGISTRY["archs"])


def operator(name: str) -> Dict[str, Any]:
    """The registry entry of operator ``name``; ValueError naming the operators for any other name."""
    for op in REGISTRY["operators"]:
        if op["name"] == name:
            return op
    raise ValueError(f"unknown operator {name!r}: expected one of {', '.join(map(repr, OPERATOR_NAMES))}")


def functions() -> List[Tuple[str, str]]:
    """(operator, function) of every public function the package front exports, in registry order."""
    return [(op["name"], f) for op in REGISTRY["operators"] for f in op["functions"]]
