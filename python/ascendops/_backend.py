"""Backend and device selection shared by every operator function.

Every operator function takes ``backend="sim"`` (the CPU twin, always available) and ``soc=`` (the SoC the twin
plays, default ``DEFAULT_SOC``) plus ``core_num=`` (0: the SoC's own core count; other values model e.g. 910B3
with 40 AIV). It calls ``select(backend, soc, core_num)`` before reaching ``_C``; that call validates the three
and configures the simulated device. ``backend="npu"`` runs on an Ascend device through the installed opp package
(``_npu.py``; never run in this project's CI) and raises ``BackendUnavailableError`` naming what is missing.
"""

from . import _C, _npu

__all__ = ["BACKENDS", "DEFAULT_BACKEND", "DEFAULT_SOC", "select", "npu_unavailable_reason", "soc_names"]

BACKENDS = ("sim", "npu")
DEFAULT_BACKEND = "sim"
DEFAULT_SOC = "ascend910b"  # every operator runs on it: soc=None means this SoC for all of them


_SOC_NAMES = tuple(row["name"] for row in _C.socs())  # the SoC table is fixed for the process: read it once


def soc_names():
    return list(_SOC_NAMES)


def npu_unavailable_reason():
    """Why ``backend="npu"`` cannot run here (the missing toolkit, device or opp package), or None (_npu.py)."""
    return _npu.unavailable_reason()


def select(backend=DEFAULT_BACKEND, soc=None, core_num=0):
    """Validates the backend and makes the simulated device ``soc`` with ``core_num`` cores (0 = default).

    Returns the SoC name in use. The device is the calling thread's (as aclrtSetDevice): threads calling with
    different SoCs never see each other's. ``core_num`` beyond the SoC's largest variant: AclnnError 161002.
    """
    from ._args import as_int

    if not isinstance(backend, str) or backend not in BACKENDS:
        raise ValueError(f"unknown backend {backend!r}: expected one of {', '.join(map(repr, BACKENDS))}")
    if backend == "npu":
        return _npu.select(soc, core_num)  # the device's SoC; raises BackendUnavailableError naming what is missing
    soc = DEFAULT_SOC if soc is None else soc
    if not isinstance(soc, str) or soc not in _SOC_NAMES:
        raise ValueError(f"unknown soc {soc!r}: expected one of {', '.join(map(repr, soc_names()))}")
    core_num = as_int("core_num", as_int("core_num", core_num, min=0, max=None), min=None)  # >= 0, then int64
    _C.set_sim_device(soc, core_num)
    return soc
