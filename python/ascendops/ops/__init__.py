"""The operator modules: the single list the package front, the demo, the benchmarks and the CLI read.

Each operator <op> has one module ``ascendops/ops/<op>.py`` providing:

``<op>(...)``
    The user function, e.g. ``cast(x, dtype, *, soc=None, core_num=0, backend="sim", device_id=None)``
    (``soc=None``: the package's ``DEFAULT_SOC``, the same for every operator): calls its binding on the module
    ``_backend.device(backend, soc, core_num, device_id)`` returns (``_C`` or ``_C_npu``, the same binding built
    for the twin or for CANN); returns NumPy arrays. It is exported
    from ``ascendops`` when the registry names it among the operator's "functions".
``tiling(...) -> dict``
    The host tiling of the given shapes/dtypes/attrs on a SoC: named tiling-data fields plus ``key`` (the
    tiling key's name, from the op's C++ key-name table), ``tiling_key`` (its number), ``block_dim``,
    ``workspace_bytes`` and ``ub_bytes``.
``add_tiling_args(parser)`` / ``tiling_from_args(args) -> dict``
    The ``ascendops tiling <op>`` hook: adds the op's own options (``--shape``, ``--src``, ...; ``--soc`` and
    ``--core-num`` are added by the driver, ``ascendops.cli``) and returns ``tiling(...)`` for them (one SoC).
``demo_cases() -> list[ascendops.demo.DemoCase]``
    The cases ``ascendops demo`` runs against the golden (``ascendops/golden/<op>.py``).
``tiling_key_name(key: int) -> str`` (optional)
    The name of a numeric tiling key, for the demo table (read from ``_C.<op>_key_names``, never written in Python).

Its benchmark lives in ``ascendops/bench/<op>.py`` (see ``ascendops.bench``).

An operator is registered by its entry in the registry (``ascendops/registry.json``): this table imports
``ascendops/ops/<name>.py`` for each, in registry order.
"""

import importlib
from types import ModuleType
from typing import Dict

from ..registry import OPERATOR_NAMES

__all__ = ["OPERATORS"]

# name -> module, in registry order.
OPERATORS: Dict[str, ModuleType] = {name: importlib.import_module(f"{__name__}.{name}") for name in OPERATOR_NAMES}
