"""``ascendops demo``: every registered operator (``ascendops.ops.OPERATORS``) against its NumPy golden.

An operator module contributes ``demo_cases() -> list[DemoCase]``. The driver runs each case on each of its SoCs
(on the CPU twin), compares the result with the golden, reads the launch report of the call and returns one row
per (case, SoC). The op module only states what to run; the comparison, the report and the status are here.

Row fields: op, case, soc, tiling_key, block_dim, max_error, status, modeled_us, bound_us, vs_bound, limited_by,
detail. ``status`` is the comparison with the golden (or the expected rejection), nothing else. ``modeled_us`` is
the cost model's device time (modeled from counted work and the SoC table, never measured); ``bound_us`` the least
the model gives any kernel for the call: the launch overhead of each launch plus the achievable-bandwidth roofline
of the bytes the operator must move; ``vs_bound`` = modeled / bound (>= 1.0, the direction of every bench);
``limited_by`` what the modeled time is made of: ``launch``, ``bandwidth`` (the device memory), or the busiest pipe
of the slowest core (``scalar``, ``mte2``, ``vec``, ...). A correct case far above its bound is a slow access
pattern of that SoC the model counts (e.g. 2-byte rows on a SoC without DataCopyPad), not a failure.
"""

from typing import Any, Dict, List, Optional, Sequence

from . import _C
from ._backend import select, soc_names
from ._errors import AclnnError
from ._op_kit import DemoCase
from .golden import max_error, mismatches
from .ops import OPERATORS

__all__ = ["DemoCase", "run", "COLUMNS"]

COLUMNS = (
    "op",
    "case",
    "soc",
    "tiling_key",
    "block_dim",
    "max_error",
    "status",
    "modeled_us",
    "bound_us",
    "vs_bound",
    "limited_by",
)


def _as_tuple(x):
    return tuple(x) if isinstance(x, (tuple, list)) else (x,)


def _key_name(module, key):
    namer = getattr(module, "tiling_key_name", None)
    return namer(key) if namer is not None else str(key)


def _bound_us(report):
    """Launch overhead of each launch plus the achievable roofline: the least the cost model gives any kernel."""
    return max(1, len(report["parts"])) * report["modeled_launch_us"] + report["achievable_roofline_us"]


def _limited_by(report):
    """What the modeled time is made of (a call of several launches: '-')."""
    if report["parts"]:
        return "-"
    core_us, bandwidth_us = report["modeled_slowest_core_us"], report["modeled_bandwidth_us"]
    if report["modeled_launch_us"] >= max(core_us, bandwidth_us):
        return "launch"
    if bandwidth_us > core_us:
        return "bandwidth"
    slowest = max(report["cores"], key=lambda c: c["pipe_busy_us"]["core_us"])
    pipes = {name.removesuffix("_us"): us for name, us in slowest["pipe_busy_us"].items() if name != "core_us"}
    return max(pipes, key=pipes.get)


def _check(case, soc):
    """(max_error, status, detail) of one case on one SoC."""
    try:
        actual = case.run(soc)
    except AclnnError as e:
        if case.expect_code is not None and e.code == case.expect_code:
            return None, "ok", f"rejected as expected: {e.message}"
        return None, "FAIL", str(e)
    if case.expect_code is not None:
        return None, "FAIL", f"expected aclnn error {case.expect_code}, the call succeeded"
    actual, expected = _as_tuple(actual), _as_tuple(case.golden())
    if len(actual) != len(expected):
        return None, "FAIL", f"{len(actual)} outputs, golden has {len(expected)}"
    err, bad = 0.0, 0
    for a, g in zip(actual, expected):
        if a.shape != g.shape or a.dtype != g.dtype:
            return None, "FAIL", f"output {a.dtype}{list(a.shape)}, golden {g.dtype}{list(g.shape)}"
        err = max(err, max_error(a, g))
        bad += mismatches(a, g, case.atol, case.rtol)
    if bad:
        return err, "FAIL", f"{bad} elements outside atol={case.atol} rtol={case.rtol}"
    return err, "ok", ""


def run(ops: Optional[Sequence[str]] = None, socs: Optional[Sequence[str]] = None) -> List[Dict[str, Any]]:
    """Runs the demo cases of ``ops`` (default: all registered) on ``socs`` (default: each case's own);
    returns the rows."""
    rows = []
    for name, module in OPERATORS.items():
        if ops and name not in ops:
            continue
        for case in module.demo_cases():
            for soc in case.socs or soc_names():
                if socs and soc not in socs:
                    continue
                select("sim", soc)
                err, status, detail = _check(case, soc)
                report = _C.last_launch_report()
                launched = err is not None and report["launched"]  # the call returned and launched a kernel
                modeled = report["modeled_device_us"] if launched else None
                bound = _bound_us(report) if launched else None
                rows.append(
                    {
                        "op": name,
                        "case": case.name,
                        "soc": soc,
                        "tiling_key": _key_name(module, report["tiling_key"]) if launched else "-",
                        "block_dim": report["block_dim"] if launched else "-",
                        "max_error": err,
                        "status": status,
                        "modeled_us": modeled,
                        "bound_us": bound,
                        "vs_bound": modeled / bound if launched else None,
                        "limited_by": _limited_by(report) if launched else "-",
                        "detail": detail,
                    }
                )
    return rows
