"""The operator modules: the single list the package front, the demo, the benchmarks and the CLI read.

Each operator <op> has one module ``ascendops/ops/<op>.py`` providing:

``<op>(...)``
    The user function, e.g. ``cast(x, dtype, *, soc=None, core_num=0, backend="sim")`` (``soc=None``: the
    package's ``DEFAULT_SOC``, the same for every operator): calls
    ``_backend.select(backend, soc, core_num)``, then the ``_C`` binding; returns NumPy arrays. It is exported
    from ``ascendops`` (the lead adds it to ``ascendops/__init__.py``).
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

To register an operator: import its module here and add it to ``_MODULES`` (one line each, in spec order).
"""

from types import ModuleType
from typing import Dict

from . import cast, embedding_dense_grad, fused_gdn_decode, fused_swiglu_grad, split

__all__ = ["OPERATORS"]

_MODULES = (cast, embedding_dense_grad, fused_gdn_decode, fused_swiglu_grad, split)

# name -> module, in registration order.
OPERATORS: Dict[str, ModuleType] = {m.__name__.rsplit(".", 1)[1]: m for m in _MODULES}
