"""``backend="npu"``: the operators on an Ascend device, through the installed opp package's aclnn functions.

Needs three things, checked in this order and named exactly when missing (``unavailable_reason``):
1. ascendops built with the CANN toolkit: ``pip install .`` after ``source <toolkit>/set_env.sh`` builds the
   extension ``ascendops._C_npu`` beside ``_C`` (cmake/npu.cmake), linked with CANN's ACL runtime;
2. an Ascend device (``aclrtGetDeviceCount`` > 0);
3. the ascendops opp package installed (``custom_opp_<os>_<arch>.run``; with a custom --install-path, then
   ``source <path>/vendors/ascendops/bin/set_env.bash``): its ``op_api/lib/libascendops_opapi.so``, the package's
   whole aclnn API (the compositions, linked with the generated ``libcust_opapi.so``).
Every operator runs through ``ascendops._C_npu`` (the one NPU layer, which the torch front uses too): arrays are
copied to the device, the aclnn call runs there (strided inputs made contiguous and indices sorted on the device),
outputs are copied back.
The device is opened once per process (``device_id``, default 0, as aclrtSetDevice takes it) with one stream; the
SoC is the device's own (``soc=None``), and a different ``soc`` is an error. Never run in this project's CI.
"""

import functools
import importlib.util
import os
from pathlib import Path

import numpy as np

from . import _C
from ._args import as_array, as_inplace_array
from ._errors import AclnnError, BackendUnavailableError
from ._sections import chunk_sections, dim_length, sections_of

__all__ = [
    "unavailable_reason",
    "select",
    "dispatch",
    "cast",
    "embedding_dense_grad",
    "embedding_dense_grad_sorted",
    "fused_gdn_decode",
    "split",
    "chunk",
    "fused_swiglu_grad",
    "fused_swiglu_grad_b",
    "fused_swiglu_grad_w",
    "fused_swiglu_grad_x",
    "sort_indices",
    "package_library",
    "builtin_library",
    "soc_of_device_name",
]

VENDOR = "ascendops"  # the opp package's vendor name (cmake/npu.cmake: npu_op_package(ascendops ...))
LIBRARY = "libascendops_opapi.so"  # op_api's NPU build, installed beside libcust_opapi.so (cmake/npu.cmake)
# CANN SoC names (aclrtGetSocName) by prefix -> our SoC names.
_SOC_PREFIXES = (("Ascend310P", "ascend310p"), ("Ascend910B", "ascend910b"), ("Ascend910_93", "ascend910_93"))
_state = {"soc": None, "device_id": None, "loaded": False}


def _module():
    from . import _C_npu  # noqa: PLC0415  (exists only in builds with the CANN toolkit)

    return _C_npu


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
    if importlib.util.find_spec("ascendops._C_npu") is None:
        where = (
            "ASCEND_HOME_PATH is unset"
            if not os.environ.get("ASCEND_HOME_PATH")
            else "this build of ascendops predates it"
        )
        return (
            "the CANN toolkit is missing: ascendops was built without it, so it has no NPU backend "
            f"(ascendops._C_npu; {where}); source <toolkit>/set_env.sh, then pip install . again"
        )
    try:
        module = _module()
    except ImportError as e:
        return f"the CANN runtime libraries cannot be loaded ({e}); source <toolkit>/set_env.sh"
    if module.device_count() == 0:
        return "no Ascend device: the driver reports 0 NPU devices (aclrtGetDeviceCount)"
    if package_library() is None:
        return (
            f"the ascendops opp package is not installed: no vendors/{VENDOR}/op_api/lib/{LIBRARY} under "
            "ASCEND_CUSTOM_OPP_PATH or ASCEND_OPP_PATH (install custom_opp_*.run from scripts/build.sh; after a "
            f"custom --install-path, source <path>/vendors/{VENDOR}/bin/set_env.bash)"
        )
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
    reason = None if _state["loaded"] else unavailable_reason()  # checked until the package is loaded once
    if reason is not None:
        raise BackendUnavailableError(f"backend 'npu' is unavailable: {reason}")
    if isinstance(device_id, bool) or not isinstance(device_id, int) or device_id < 0:
        raise ValueError(f"device_id must be a non-negative int (aclrtSetDevice), got {device_id!r}")
    if core_num != 0:
        raise ValueError(
            f"core_num={core_num!r} is a CPU-twin setting; on the NPU the device's own cores run "
            "(core_num must be 0)"
        )
    module = _module()
    name = module.open_device(device_id)
    device_soc = soc_of_device_name(name)
    if soc is not None and soc != device_soc:
        raise ValueError(
            f"soc {soc!r} does not match NPU device {device_id}, a {name} ({device_soc!r}); "
            "omit soc= to use the device's own"
        )
    if not _state["loaded"]:
        module.load_package(package_library())
        _state["loaded"] = True
    _state.update(soc=device_soc, device_id=device_id)
    return device_soc


def dispatch(npu_function, result=None):
    """Decorates an operator function: ``backend="npu"`` calls ``npu_function`` (same arguments, plus ``device_id``,
    default 0); any other backend calls the operator as it is. ``device_id`` belongs to the NPU backend only.
    ``result``: the operator's named-tuple type, built from the dict of arrays ``npu_function`` returns."""

    def wrap(function):
        @functools.wraps(function)
        def call(*args, backend="sim", device_id=None, **kwargs):
            if backend == "npu":
                out = npu_function(*args, device_id=0 if device_id is None else device_id, **kwargs)
                return out if result is None else result(**out)
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


def _dense(name, value, dtype=None):
    """An input as the device copy takes it: C-contiguous, native byte order (``dtype``: converted to it too), after
    the NumPy API's checks (``as_array``)."""
    array = as_array(name, value)
    target = array.dtype if dtype is None else np.dtype(dtype)
    return np.ascontiguousarray(array, target if target.isnative else target.newbyteorder("="))


def _require_ascending(sort_indices):
    """The twin binding's check of the same precondition (bind_embedding_dense_grad.cpp): host memory, so before
    any device work."""
    flat = sort_indices.ravel()
    drops = np.flatnonzero(flat[1:] < flat[:-1])
    if drops.size:
        i = int(drops[0]) + 1
        raise AclnnError(
            AclnnError.INVALID_PARAM,
            f"sortIndices must be ascending: element {i} ({flat[i]}) is below element {i - 1} ({flat[i - 1]})",
        )


def cast(x, dtype, *, soc=None, core_num=0, device_id=0):
    x = _dense("x", x)
    select(soc, core_num, device_id)
    out = np.empty(x.shape, np.dtype(dtype))
    _module().cast(x, out)
    return out


def sort_indices(indices, num_weights):
    """Stable host sort of raw indices for the kernel-level op (the benchmark's preparation; the operators sort on
    the device): (sort_indices int32, pos_idx int32). Values outside int32 become -1, which the kernel skips."""
    flat = np.asarray(indices).reshape(-1).astype(np.int64)
    flat = np.where((flat < np.iinfo(np.int32).min) | (flat > np.iinfo(np.int32).max), -1, flat)
    pos = np.argsort(flat, kind="stable")
    return flat[pos].astype(np.int32), pos.astype(np.int32)


def _grad_and_out(grad, num_weights):
    grad = _dense("grad", grad, np.float32)
    return grad, np.empty((int(num_weights), grad.shape[-1] if grad.ndim else 1), np.float32)


def embedding_dense_grad(
    grad, indices, num_weights, padding_idx=-1, scale_grad_by_freq=False, *, soc=None, core_num=0, device_id=0
):
    """The user-level op: aclnnAscendopsEmbeddingDenseBackward (indices sorted on the device, then the kernel)."""
    indices = _dense("indices", indices)
    select(soc, core_num, device_id)
    grad, out = _grad_and_out(grad, num_weights)
    _module().embedding_dense_backward(grad, indices, out, int(num_weights), int(padding_idx), bool(scale_grad_by_freq))
    return out


def embedding_dense_grad_sorted(
    grad,
    sort_indices,
    pos_idx,
    num_weights,
    padding_idx=-1,
    scale_grad_by_freq=False,
    *,
    soc=None,
    core_num=0,
    device_id=0,
):
    """The kernel-level op: the package's aclnnAscendopsEmbeddingDenseGrad, its sorted-index precondition checked
    here (the aclnn pair leaves it unchecked, docs/ops/embedding_dense_grad.md)."""
    sort_indices, pos_idx = _dense("sort_indices", sort_indices, np.int32), _dense("pos_idx", pos_idx, np.int32)
    _require_ascending(sort_indices)
    select(soc, core_num, device_id)
    grad, out = _grad_and_out(grad, num_weights)
    _module().embedding_dense_grad(
        grad,
        sort_indices,
        pos_idx,
        out,
        int(num_weights),
        int(padding_idx),
        bool(scale_grad_by_freq),
    )
    return out


def fused_gdn_decode(
    mixed_qkv,
    a,
    b,
    a_log,
    dt_bias,
    state,
    ssm_state_indices,
    *,
    scale=1.0,
    softplus_threshold=20.0,
    soc=None,
    core_num=0,
    device_id=0,
):
    """Returns out (B, 1, Hv, V); ``state`` (a C-contiguous, writeable NumPy array) is updated in place."""
    state = as_inplace_array("state", state)
    names = ("mixed_qkv", "a", "b", "a_log", "dt_bias")
    inputs = [_dense(n, x) for n, x in zip(names, (mixed_qkv, a, b, a_log, dt_bias))]
    inputs += [state, _dense("ssm_state_indices", ssm_state_indices)]
    select(soc, core_num, device_id)
    out = np.empty((inputs[0].shape[0], 1, inputs[1].shape[1], state.shape[2]), inputs[0].dtype)
    _module().fused_gdn_decode(inputs, out, float(scale), float(softplus_threshold))
    return out


def _split(x, sections_for, dim, soc, core_num, device_id):
    x = _dense("x", x)
    select(soc, core_num, device_id)
    length = dim_length(x.shape, dim)
    sections = sections_for(length) if length is not None else [0]
    axis = int(dim) % x.ndim if x.ndim else 0
    outs = [np.empty(x.shape[:axis] + (s,) + x.shape[axis + 1 :], x.dtype) for s in sections]
    _module().split(x, [int(s) for s in sections], int(dim), outs)
    return outs


def split(x, split_size_or_sections, dim=0, *, soc=None, core_num=0, device_id=0):
    return _split(x, lambda n: sections_of(n, split_size_or_sections), dim, soc, core_num, device_id)


def chunk(x, chunks, dim=0, *, soc=None, core_num=0, device_id=0):
    return _split(x, lambda n: chunk_sections(n, chunks), dim, soc, core_num, device_id)


def _bf16(names, *arrays):
    """The FusedSwigluGrad inputs, dense; each must be 2-D (the output shapes are read from them)."""
    out = [_dense(name, a) for name, a in zip(names, arrays)]
    for name, a in zip(names, out):
        if a.ndim != 2:
            raise ValueError(f"{name} must be 2-D, got shape {a.shape}")
    return out


def _outputs(shapes):
    import ml_dtypes  # noqa: PLC0415

    return [np.empty(s, ml_dtypes.bfloat16) for s in shapes]


def fused_swiglu_grad(dy, g, fc, x, w_g, w_fc, *, soc=None, core_num=0, device_id=0):
    """aclnnAscendopsFusedSwigluGrad (b, w, x on one stream); dict dx, dw_g, dw_fc, db_g, db_fc."""
    inputs = _bf16(("dy", "g", "fc", "x", "w_g", "w_fc"), dy, g, fc, x, w_g, w_fc)
    select(soc, core_num, device_id)
    (m, n), k = inputs[0].shape, inputs[3].shape[1]
    outs = _outputs([(m, k), (k, n), (k, n), (1, n), (1, n)])
    _module().fused_swiglu_grad(inputs, outs)
    return dict(zip(("dx", "dw_g", "dw_fc", "db_g", "db_fc"), outs))


def fused_swiglu_grad_b(dy, g, fc, *, soc=None, core_num=0, device_id=0):
    inputs = _bf16(("dy", "g", "fc"), dy, g, fc)
    select(soc, core_num, device_id)
    n = inputs[0].shape[1]
    outs = _outputs([inputs[0].shape, inputs[0].shape, (1, n), (1, n)])
    _module().fused_swiglu_grad_b(inputs, outs)
    return dict(zip(("dg", "dfc", "db_g", "db_fc"), outs))


def fused_swiglu_grad_w(x, dg, dfc, *, soc=None, core_num=0, device_id=0):
    inputs = _bf16(("x", "dg", "dfc"), x, dg, dfc)
    select(soc, core_num, device_id)
    outs = _outputs([(inputs[0].shape[1], inputs[1].shape[1])] * 2)
    _module().fused_swiglu_grad_w(inputs, outs)
    return dict(zip(("dw_g", "dw_fc"), outs))


def fused_swiglu_grad_x(dg, dfc, w_g, w_fc, *, soc=None, core_num=0, device_id=0):
    inputs = _bf16(("dg", "dfc", "w_g", "w_fc"), dg, dfc, w_g, w_fc)
    select(soc, core_num, device_id)
    outs = _outputs([(inputs[0].shape[0], inputs[2].shape[0])])
    _module().fused_swiglu_grad_x(inputs, outs)
    return {"dx": outs[0]}
