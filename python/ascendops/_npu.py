"""``backend="npu"``: the operators on an Ascend device, through the installed opp package's aclnn functions.

Needs three things, checked in this order and named exactly when missing (``unavailable_reason``):
1. ascendops built with the CANN toolkit: ``pip install .`` after ``source <toolkit>/set_env.sh`` builds the
   extension ``ascendops._C_npu`` beside ``_C`` (cmake/npu.cmake), linked with CANN's ACL runtime;
2. an Ascend device (``aclrtGetDeviceCount`` > 0);
3. the ascendops opp package installed (``custom_opp_<os>_<arch>.run``, then ``source
   <path>/vendors/ascendops/bin/set_env.bash`` for a custom --install-path): its ``op_api/lib/libcust_opapi.so``.
The device is opened once per process (``device_id``, default 0, as aclrtSetDevice takes it) with one stream; the
SoC is the device's own (``soc=None``), and a different ``soc`` is an error. Never run in this project's CI.
"""

import functools
import importlib.util
import os
from pathlib import Path

import numpy as np

from . import _C
from ._errors import BackendUnavailableError

__all__ = ["unavailable_reason", "select", "dispatch", "cast", "embedding_dense_grad", "embedding_dense_grad_sorted",
           "fused_gdn_decode", "sort_indices", "package_library", "builtin_library", "soc_of_device_name"]

VENDOR = "ascendops"  # the opp package's vendor name (cmake/npu.cmake: npu_op_package(ascendops ...))
# CANN SoC names (aclrtGetSocName) by prefix -> our SoC names.
_SOC_PREFIXES = (("Ascend310P", "ascend310p"), ("Ascend910B", "ascend910b"), ("Ascend910_93", "ascend910_93"))
_state = {"soc": None, "device_id": None, "loaded": False}


def _module():
    from . import _C_npu  # noqa: PLC0415  (exists only in builds with the CANN toolkit)

    return _C_npu


def package_library():
    """Path of the installed package's libcust_opapi.so, or None: $ASCENDOPS_ACLNN_LIB if set (as the torch front
    reads it), else the ASCEND_CUSTOM_OPP_PATH entries (set by the vendor's set_env.bash after --install-path), then
    the default install under ASCEND_OPP_PATH/vendors."""
    explicit = os.environ.get("ASCENDOPS_ACLNN_LIB")
    if explicit:
        return explicit if Path(explicit).is_file() else None
    roots = [Path(p) for p in os.environ.get("ASCEND_CUSTOM_OPP_PATH", "").split(":") if p]
    if os.environ.get("ASCEND_OPP_PATH"):
        roots.append(Path(os.environ["ASCEND_OPP_PATH"]) / "vendors" / VENDOR)
    for root in roots:
        lib = root / "op_api" / "lib" / "libcust_opapi.so"
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
    if importlib.util.find_spec("ascendops._C_npu") is None:
        where = ("ASCEND_HOME_PATH is unset" if not os.environ.get("ASCEND_HOME_PATH")
                 else "this build of ascendops predates it")
        return ("the CANN toolkit is missing: ascendops was built without it, so it has no NPU backend "
                f"(ascendops._C_npu; {where}); source <toolkit>/set_env.sh, then pip install . again")
    try:
        module = _module()
    except ImportError as e:
        return f"the CANN runtime libraries cannot be loaded ({e}); source <toolkit>/set_env.sh"
    if module.device_count() == 0:
        return "no Ascend device: the driver reports 0 NPU devices (aclrtGetDeviceCount)"
    if package_library() is None:
        return (f"the ascendops opp package is not installed: no vendors/{VENDOR}/op_api/lib/libcust_opapi.so under "
                "ASCEND_CUSTOM_OPP_PATH or ASCEND_OPP_PATH (install custom_opp_*.run from scripts/build.sh, then "
                f"source <path>/vendors/{VENDOR}/bin/set_env.bash), nor a file at ASCENDOPS_ACLNN_LIB")
    return None


def soc_of_device_name(name):
    """Our SoC name for a CANN SoC name ("Ascend910B2" -> "ascend910b"); ValueError for any other device."""
    for prefix, soc in _SOC_PREFIXES:
        if name.startswith(prefix):
            return soc
    raise ValueError(f"the NPU is a {name}, none of the SoCs ascendops supports (Ascend310P*, Ascend910B*, "
                     "Ascend910_93*)")


def select(soc=None, core_num=0, device_id=0):
    """Opens NPU ``device_id`` (once per process) and returns its SoC name; ``soc`` must be None or that SoC."""
    reason = None if _state["loaded"] else unavailable_reason()  # checked until the package is loaded once
    if reason is not None:
        raise BackendUnavailableError(f"backend 'npu' is unavailable: {reason}")
    if isinstance(device_id, bool) or not isinstance(device_id, int) or device_id < 0:
        raise ValueError(f"device_id must be a non-negative int (aclrtSetDevice), got {device_id!r}")
    if core_num != 0:
        raise ValueError(f"core_num={core_num!r} is a CPU-twin setting; on the NPU the device's own cores run "
                         "(core_num must be 0)")
    module = _module()
    name = module.open_device(device_id)
    device_soc = soc_of_device_name(name)
    if soc is not None and soc != device_soc:
        raise ValueError(f"soc {soc!r} does not match NPU device {device_id}, a {name} ({device_soc!r}); "
                         "omit soc= to use the device's own")
    if not _state["loaded"]:
        module.load_package(package_library())
        _state["loaded"] = True
    _state.update(soc=device_soc, device_id=device_id)
    return device_soc


def dispatch(npu_function):
    """Decorates an operator function: ``backend="npu"`` calls ``npu_function`` (same arguments, plus ``device_id``,
    default 0); any other backend calls the operator as it is. ``device_id`` belongs to the NPU backend only."""

    def wrap(function):
        @functools.wraps(function)
        def call(*args, backend="sim", device_id=None, **kwargs):
            if backend == "npu":
                return npu_function(*args, device_id=0 if device_id is None else device_id, **kwargs)
            if device_id is not None:
                raise ValueError(f"device_id={device_id!r} selects an NPU device; it needs backend='npu'")
            return function(*args, backend=backend, **kwargs)

        return call

    return wrap


def _acl(dtype):
    """aclDataType number of a NumPy dtype (the dtype table, ascendc_sim/platform/dtype.h)."""
    name = np.dtype(dtype).name
    for row in _C.dtypes():
        if row["name"] == name:
            return row["acl_value"]
    raise TypeError(f"dtype {name} is not supported by ascendops")


def cast(x, dtype, *, soc=None, core_num=0, device_id=0):
    select(soc, core_num, device_id)
    x = np.ascontiguousarray(x)
    out = np.empty(x.shape, np.dtype(dtype))
    _module().cast(x, _acl(x.dtype), out, _acl(out.dtype))
    return out


def sort_indices(indices, num_weights):
    """Stable host sort of raw indices for the kernel-level op: (sort_indices int32, pos_idx int32). Values outside
    int32 become -1, which the kernel skips like any index outside [0, num_weights)."""
    flat = np.asarray(indices).reshape(-1).astype(np.int64)
    flat = np.where((flat < np.iinfo(np.int32).min) | (flat > np.iinfo(np.int32).max), -1, flat)
    pos = np.argsort(flat, kind="stable")
    return flat[pos].astype(np.int32), pos.astype(np.int32)


def embedding_dense_grad(grad, indices, num_weights, padding_idx=-1, scale_grad_by_freq=False, *, soc=None,
                         core_num=0, device_id=0):
    """The user-level op on the NPU: indices sorted on the host, then the package's aclnnAscendopsEmbeddingDenseGrad."""
    select(soc, core_num, device_id)
    grad = np.ascontiguousarray(grad, np.float32)
    grad2d = grad.reshape(-1, grad.shape[-1]) if grad.ndim else grad.reshape(1, 1)
    sort, pos = sort_indices(indices, num_weights)
    out = np.zeros((int(num_weights), grad2d.shape[1]), np.float32)
    _module().embedding_dense_grad(grad2d, sort, pos, out, int(num_weights), int(padding_idx),
                                   bool(scale_grad_by_freq))
    return out


def embedding_dense_grad_sorted(grad, sort_indices, pos_idx, num_weights, padding_idx=-1, scale_grad_by_freq=False,
                                *, soc=None, core_num=0, device_id=0):
    """The kernel-level op on the NPU: the package's aclnnAscendopsEmbeddingDenseGrad as it is."""
    select(soc, core_num, device_id)
    grad = np.ascontiguousarray(grad, np.float32)
    grad2d = grad.reshape(-1, grad.shape[-1]) if grad.ndim else grad.reshape(1, 1)
    out = np.zeros((int(num_weights), grad2d.shape[1]), np.float32)
    _module().embedding_dense_grad(grad2d, np.ascontiguousarray(sort_indices, np.int32),
                                   np.ascontiguousarray(pos_idx, np.int32), out, int(num_weights), int(padding_idx),
                                   bool(scale_grad_by_freq))
    return out


def fused_gdn_decode(mixed_qkv, a, b, a_log, dt_bias, state, ssm_state_indices, *, scale=1.0,
                     softplus_threshold=20.0, soc=None, core_num=0, device_id=0):
    """Returns out (B, 1, Hv, V); ``state`` (a C-contiguous, writeable NumPy array) is updated in place."""
    select(soc, core_num, device_id)
    if not isinstance(state, np.ndarray) or not state.flags.writeable or not state.flags.c_contiguous:
        raise TypeError("state must be a writeable, C-contiguous numpy array: it is updated in place (stateRef)")
    inputs = [np.ascontiguousarray(x) for x in (mixed_qkv, a, b, a_log, dt_bias)]
    inputs += [state, np.ascontiguousarray(ssm_state_indices)]
    out_shape = (inputs[0].shape[0], 1, inputs[1].shape[1], state.shape[2])
    out = np.empty(out_shape, inputs[0].dtype)
    _module().fused_gdn_decode(inputs, [_acl(a.dtype) for a in inputs], state, out, _acl(out.dtype), float(scale),
                               float(softplus_threshold))
    return out
