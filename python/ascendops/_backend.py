"""Backend and device selection shared by every operator function: the one place a call's backend is chosen.

Every operator function takes ``backend="sim"`` (the CPU twin, always available) and ``soc=`` (the SoC the twin
plays, default ``DEFAULT_SOC``) plus ``core_num=`` (0: the SoC's own core count; other values model e.g. 910B3
with 40 AIV), or ``backend="npu"`` with ``device_id=`` (default 0) for an Ascend device. It calls
``device(backend, soc, core_num, device_id)``, which validates them, makes the device current (``select``) and
returns the compiled module that runs the call: ``_C`` (the bindings built for the twin) or ``_C_npu`` (the same
bindings built for CANN, ``_npu.py``; never run in this project's CI). The NPU backend raises
``BackendUnavailableError`` naming what is missing.
"""

from . import _C, _npu

__all__ = ["BACKENDS", "DEFAULT_BACKEND", "DEFAULT_SOC", "select", "device", "npu_unavailable_reason", "soc_names"]

BACKENDS = ("sim", "npu")
DEFAULT_BACKEND = "sim"
DEFAULT_SOC = "ascend910b"  # every operator runs on it: soc=None means this SoC for all of them


_SOC_NAMES = tuple(row["name"] for row in _C.socs())  # the SoC table is fixed for the process: read it once


def soc_names():
    return list(_SOC_NAMES)


def npu_unavailable_reason():
    """Why ``backend="npu"`` cannot run here (the missing toolkit, opp package or device), or None (_npu.py)."""
    return _npu.unavailable_reason()


def select(backend=DEFAULT_BACKEND, soc=None, core_num=0, device_id=None):
    """Validates the backend and makes its device current; returns the SoC name in use.

    ``sim``: the simulated device ``soc`` with ``core_num`` cores (0 = default), the calling thread's (as
    aclrtSetDevice): threads calling with different SoCs never see each other's. ``core_num`` beyond the SoC's
    largest variant: AclnnError 161002. ``npu``: NPU ``device_id`` (default 0), whose own SoC ``soc`` must be (or
    None); raises BackendUnavailableError naming what is missing.
    """
    from ._args import as_int

    if not isinstance(backend, str) or backend not in BACKENDS:
        raise ValueError(f"unknown backend {backend!r}: expected one of {', '.join(map(repr, BACKENDS))}")
    if backend == "npu":
        return _npu.select(soc, core_num, 0 if device_id is None else device_id)
    if device_id is not None:
        raise ValueError(f"device_id={device_id!r} selects an NPU device; it needs backend='npu'")
    soc = DEFAULT_SOC if soc is None else soc
    if not isinstance(soc, str) or soc not in _SOC_NAMES:
        raise ValueError(f"unknown soc {soc!r}: expected one of {', '.join(map(repr, soc_names()))}")
    core_num = as_int("core_num", as_int("core_num", core_num, min=0, max=None), min=None)  # >= 0, then int64
    _C.set_sim_device(soc, core_num)
    return soc


def device(backend=DEFAULT_BACKEND, soc=None, core_num=0, device_id=None):
    """``select(...)``, then the compiled module whose bindings run the call on that device: ``_C`` or ``_C_npu``."""
    select(backend, soc, core_num, device_id)
    return _npu.module() if backend == "npu" else _C
