"""The SoC table (ascendc_sim/platform/soc.cpp, kSocTable), as the tiling, the CPU twin and the cost model see it."""

from typing import Any, Dict, List

from . import _C

__all__ = ["socs", "get_soc", "SOC_COLUMNS"]

# Columns of `ascendops soc`, in order.
SOC_COLUMNS = (
    "name",
    "product",
    "vector_kernel_cores",
    "mix_vector_cores",
    "cube_cores",
    "ub_bytes",
    "has_data_copy_pad",
    "has_vector_shift",
    "has_sync_all",
    "mem_bandwidth_gbps",
    "arch",
)


def socs() -> List[Dict[str, Any]]:
    """A list of dicts, one per SoC: the fields of SOC_COLUMNS plus the cost-model parameters (``cost``)."""
    return _C.socs()


def get_soc(name: str) -> Dict[str, Any]:
    for row in _C.socs():
        if row["name"] == name:
            return row
    raise ValueError(f"unknown soc {name!r}: expected one of {', '.join(repr(r['name']) for r in _C.socs())}")
