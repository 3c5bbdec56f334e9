"""``ascendops demo``: every registered operator (``ascendops.ops.OPERATORS``) against its NumPy golden.

An operator module contributes ``demo_cases() -> list[DemoCase]``. The driver runs each case on each of its SoCs
(on the CPU twin), compares the result with the golden, reads the launch report of the call and returns one row
per (case, SoC). The op module only states what to run; the comparison, the report and the status are here.

Row fields: op, case, soc, tiling_key, block_dim, max_error, modeled_us, vs_roofline, status, detail.
``modeled_us`` is the cost model's device time (modeled from counted work and the SoC table, never measured);
``vs_roofline`` is modeled time / achievable-bandwidth roofline time (>= 1.0; 1.0 = at the memory bound, the
same direction as every bench); None where that roofline is under ``MIN_ROOFLINE_US`` (a correctness case of a few
elements, whose time is the launch overhead: the ratio would say nothing about the kernel).
"""

from typing import Any, Dict, List, Optional, Sequence

from . import _C
from ._backend import select, soc_names
from ._errors import AclnnError
from ._op_kit import DemoCase
from .golden import max_error, mismatches
from .ops import OPERATORS

__all__ = ["DemoCase", "run", "COLUMNS"]

MIN_ROOFLINE_US = 1.0
COLUMNS = ("op", "case", "soc", "tiling_key", "block_dim", "max_error", "modeled_us", "vs_roofline", "status")


def _as_tuple(x):
    return tuple(x) if isinstance(x, (tuple, list)) else (x,)


def _key_name(module, key):
    namer = getattr(module, "tiling_key_name", None)
    return namer(key) if namer is not None else str(key)


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
                rows.append(
                    {
                        "op": name,
                        "case": case.name,
                        "soc": soc,
                        "tiling_key": _key_name(module, report["tiling_key"]) if launched else "-",
                        "block_dim": report["block_dim"] if launched else "-",
                        "max_error": err,
                        "modeled_us": modeled,
                        "vs_roofline": modeled / report["achievable_roofline_us"]
                        if launched and report["achievable_roofline_us"] >= MIN_ROOFLINE_US
                        else None,
                        "status": status,
                        "detail": detail,
                    }
                )
    return rows
