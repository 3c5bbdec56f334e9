"""``backend="npu"``: loading ``ascendops._C_npu``, the operators' bindings built against CANN, and opening a device.

The bindings are those of ``_C`` (python/bindings/bind_<op>.cpp), compiled a second time with CANN's headers and the
NPU's side of the backend seam (python/bindings/backend.h): one argument path and one result type per operator on
either backend; ``_backend.device`` chooses the module. Three things are needed, checked in this order and named
exactly when missing (``unavailable_reason``):
1. ascendops built with the CANN toolkit: ``pip install .`` after ``source <toolkit>/set_env.sh`` builds
   ``ascendops._C_npu`` beside ``_C`` (cmake/npu_module.cmake), linked with CANN's ACL runtime;
2. the ascendops opp package installed (``custom_opp_<os>_<arch>.run``; with a custom --install-path, then
   ``source <path>/vendors/ascendops/bin/set_env.bash``): its ``op_api/lib/libascendops_opapi.so``, the package's
   aclnn API, tilings and platform tables, which ``_C_npu`` calls: it is loaded (RTLD_GLOBAL) before ``_C_npu``;
3. an Ascend device (``aclrtGetDeviceCount`` > 0).
The device is opened once per process (``device_id``, default 0, as aclrtSetDevice takes it) with one stream; the
SoC is the device's own (``soc=None``), and a different ``soc`` is an error. Never run in this project's CI.
"""

import ctypes
import importlib.util
import os
import sys
from pathlib import Path

import numpy as np

from . import _C
from ._errors import BackendUnavailableError

__all__ = ["unavailable_reason", "select", "module", "package_library", "builtin_library", "soc_of_device_name"]

VENDOR = "ascendops"  # the opp package's vendor name (cmake/npu.cmake: npu_op_package(ascendops ...))
LIBRARY = "libascendops_opapi.so"  # op_api's NPU build, installed beside libcust_opapi.so (cmake/npu.cmake)
# CANN SoC names (aclrtGetSocName) by prefix -> our SoC names.
_SOC_PREFIXES = (("Ascend310P", "ascend310p"), ("Ascend910B", "ascend910b"), ("Ascend910_93", "ascend910_93"))
_MODULE = "ascendops._C_npu"
_state = {"ready": False}  # unavailable_reason() found nothing missing once: the device is opened next


def module():
    """``ascendops._C_npu``, imported once the package's library is loaded for it: ``_C_npu`` leaves the package's
    functions (the aclnn API, the tilings) to that library, as the package is installed after ascendops is built."""
    if _MODULE not in sys.modules:
        ctypes.CDLL(package_library(), mode=os.RTLD_NOW | os.RTLD_GLOBAL)
    from . import _C_npu  # noqa: PLC0415  (exists only in builds with the CANN toolkit)

    return _C_npu


_module = module  # the name the torch front and the NPU benchmark call


def package_library():
    """Path of the installed package's libascendops_opapi.so, or None, where CANN installs a vendor package: each
    ASCEND_CUSTOM_OPP_PATH entry (the vendor's set_env.bash adds <install-path>/vendors/ascendops after
    --install-path), then the default $ASCEND_OPP_PATH/vendors/ascendops; only a folder of our vendor counts."""
    roots = [Path(p) for p in os.environ.get("ASCEND_CUSTOM_OPP_PATH", "").split(":") if p]
    if os.environ.get("ASCEND_OPP_PATH"):
        roots.append(Path(os.environ["ASCEND_OPP_PATH"]) / "vendors" / VENDOR)
    for root in roots:
        lib = root / "op_api" / "lib" / LIBRARY
        if root.name == VENDOR and lib.is_file():
            return str(lib)
    return None


def builtin_library():
    """CANN's own aclnn library (aclnnCast, aclnnEmbeddingDenseBackward), or None."""
    home = os.environ.get("ASCEND_HOME_PATH", "")
    lib = Path(home) / "lib64" / "libopapi.so"
    return str(lib) if home and lib.is_file() else None


def unavailable_reason():
    """None when backend="npu" can run here; otherwise the one missing piece, named."""
    if importlib.util.find_spec(_MODULE) is None:
        where = (
            "ASCEND_HOME_PATH is unset"
            if not os.environ.get("ASCEND_HOME_PATH")
            else "this build of ascendops predates it"
        )
        return (
            "the CANN toolkit is missing: ascendops was built without it, so it has no NPU backend "
            f"(ascendops._C_npu; {where}); source <toolkit>/set_env.sh, then pip install . again"
        )
    if package_library() is None:
        return (
            f"the ascendops opp package is not installed: no vendors/{VENDOR}/op_api/lib/{LIBRARY} under "
            "ASCEND_CUSTOM_OPP_PATH or ASCEND_OPP_PATH (install custom_opp_*.run from scripts/build.sh; after a "
            f"custom --install-path, source <path>/vendors/{VENDOR}/bin/set_env.bash)"
        )
    try:
        loaded = module()
    except (ImportError, OSError) as e:  # an undefined aclnnAscendops* symbol: the package lacks that operator
        return (
            f"ascendops._C_npu cannot be loaded with {package_library()} ({e}); source <toolkit>/set_env.sh, and "
            "install an opp package built with every operator"
        )
    if loaded.device_count() == 0:
        return "no Ascend device: the driver reports 0 NPU devices (aclrtGetDeviceCount)"
    return None


def soc_of_device_name(name):
    """Our SoC name for a CANN SoC name ("Ascend910B2" -> "ascend910b"); ValueError for any other device."""
    for prefix, soc in _SOC_PREFIXES:
        if name.startswith(prefix):
            return soc
    raise ValueError(
        f"the NPU is a {name}, none of the SoCs ascendops supports (Ascend310P*, Ascend910B*, " "Ascend910_93*)"
    )


def select(soc=None, core_num=0, device_id=0):
    """Opens NPU ``device_id`` (once per process) and returns its SoC name; ``soc`` must be None or that SoC."""
    reason = None if _state["ready"] else unavailable_reason()
    if reason is not None:
        raise BackendUnavailableError(f"backend 'npu' is unavailable: {reason}")
    _state["ready"] = True
    if isinstance(device_id, bool) or not isinstance(device_id, int) or device_id < 0:
        raise ValueError(f"device_id must be a non-negative int (aclrtSetDevice), got {device_id!r}")
    if core_num != 0:
        raise ValueError(
            f"core_num={core_num!r} is a CPU-twin setting; on the NPU the device's own cores run "
            "(core_num must be 0)"
        )
    name = module().open_device(device_id)
    device_soc = soc_of_device_name(name)
    if soc is not None and soc != device_soc:
        raise ValueError(
            f"soc {soc!r} does not match NPU device {device_id}, a {name} ({device_soc!r}); "
            "omit soc= to use the device's own"
        )
    return device_soc


def _acl(dtype):
    """aclDataType number of a NumPy dtype (the dtype table, ascendc_sim/platform/dtype.h)."""
    name = np.dtype(dtype).name
    for row in _C.dtypes():
        if row["name"] == name:
            return row["acl_value"]
    raise TypeError(f"dtype {name} is not supported by ascendops")


def sort_indices(indices, num_weights):
    """Stable host sort of raw indices for the kernel-level op (the benchmark's preparation; the operators sort on
    the device): (sort_indices int32, pos_idx int32). Values outside int32 become -1, which the kernel skips."""
    flat = np.asarray(indices).reshape(-1).astype(np.int64)
    flat = np.where((flat < np.iinfo(np.int32).min) | (flat > np.iinfo(np.int32).max), -1, flat)
    pos = np.argsort(flat, kind="stable")
    return flat[pos].astype(np.int32), pos.astype(np.int32)
