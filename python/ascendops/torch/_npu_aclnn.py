"""NPU tensors (PrivateUse1 through torch_npu): the installed opp package's aclnn pairs on the current stream.

NEVER RUN in this project: no machine here has CANN, torch_npu or an Ascend device. Written to the public CANN 8.x
aclnn conventions (aclCreateTensor in libnnopbase, the two-stage GetWorkspaceSize / launch pair, the workspace
allocated by the caller, the stream from torch_npu) and registered only when torch_npu imports.

Libraries: ``libnnopbase.so`` from ``$ASCEND_HOME_PATH/lib64`` and the vendor's ``libcust_opapi.so`` from
``$ASCENDOPS_ACLNN_LIB`` or the first ``<vendor>/op_api/lib`` of ``$ASCEND_CUSTOM_OPP_PATH`` (set by the installed
package's set_env.bash).
"""

import ctypes
import functools
import os

import torch

from .._errors import AclnnError

__all__ = ["available", "unavailable_reason", "call"]

# aclDataType values (CANN acl_base.h, public) and ACL_FORMAT_ND.
ACL_DTYPE = {torch.float32: 0, torch.float16: 1, torch.int8: 2, torch.int32: 3, torch.uint8: 4, torch.int16: 6,
             torch.int64: 9, torch.bool: 12, torch.bfloat16: 27}
ACL_FORMAT_ND = 2


def unavailable_reason():
    """Why the NPU kernels are not registered ("" when they are)."""
    try:
        import torch_npu  # noqa: F401
    except ImportError:
        return "torch_npu is not installed"
    if not os.environ.get("ASCEND_HOME_PATH"):
        return "the CANN toolkit is not set up (ASCEND_HOME_PATH unset)"
    return ""


def available():
    return unavailable_reason() == ""


def _opapi_path():
    explicit = os.environ.get("ASCENDOPS_ACLNN_LIB")
    if explicit:
        return explicit
    for vendor in filter(None, os.environ.get("ASCEND_CUSTOM_OPP_PATH", "").split(":")):
        path = os.path.join(vendor, "op_api", "lib", "libcust_opapi.so")
        if os.path.isfile(path):
            return path
    raise RuntimeError("libcust_opapi.so of the ascendops opp package not found: source its set_env.bash "
                       "(ASCEND_CUSTOM_OPP_PATH) or set ASCENDOPS_ACLNN_LIB")


@functools.lru_cache(maxsize=None)
def _libs():
    home = os.environ["ASCEND_HOME_PATH"]
    nnopbase = ctypes.CDLL(os.path.join(home, "lib64", "libnnopbase.so"))
    ascendcl = ctypes.CDLL(os.path.join(home, "lib64", "libascendcl.so"))
    opapi = ctypes.CDLL(_opapi_path())
    nnopbase.aclCreateTensor.restype = ctypes.c_void_p
    nnopbase.aclCreateTensor.argtypes = [ctypes.POINTER(ctypes.c_int64), ctypes.c_uint64, ctypes.c_int,
                                         ctypes.POINTER(ctypes.c_int64), ctypes.c_int64, ctypes.c_int,
                                         ctypes.POINTER(ctypes.c_int64), ctypes.c_uint64, ctypes.c_void_p]
    nnopbase.aclCreateTensorList.restype = ctypes.c_void_p
    nnopbase.aclCreateTensorList.argtypes = [ctypes.POINTER(ctypes.c_void_p), ctypes.c_uint64]
    nnopbase.aclCreateIntArray.restype = ctypes.c_void_p
    nnopbase.aclCreateIntArray.argtypes = [ctypes.POINTER(ctypes.c_int64), ctypes.c_uint64]
    for destroy in ("aclDestroyTensor", "aclDestroyTensorList", "aclDestroyIntArray"):
        getattr(nnopbase, destroy).argtypes = [ctypes.c_void_p]
    ascendcl.aclGetRecentErrMsg.restype = ctypes.c_char_p
    return nnopbase, ascendcl, opapi


def _int64s(values):
    return (ctypes.c_int64 * max(len(values), 1))(*values)


class _Arguments:
    """Turns Python arguments into ctypes values: tensors -> aclTensor, lists of tensors -> aclTensorList, lists of
    ints -> aclIntArray, torch dtypes -> aclDataType; remembers what to destroy after the call."""

    def __init__(self, nnopbase):
        self.lib = nnopbase
        self.owned = []  # (destroy function, handle)
        self.tensors = []

    def _tensor(self, tensor):
        self.tensors.append(tensor)
        storage_elems = tensor.untyped_storage().nbytes() // tensor.element_size()
        return self.lib.aclCreateTensor(_int64s(tensor.shape), tensor.dim(), ACL_DTYPE[tensor.dtype],
                                        _int64s(tensor.stride()), tensor.storage_offset(), ACL_FORMAT_ND,
                                        _int64s([storage_elems]), 1,
                                        ctypes.c_void_p(tensor.untyped_storage().data_ptr()))

    def _owned(self, destroy, handle):
        self.owned.append((destroy, handle))
        return ctypes.c_void_p(handle)

    def convert(self, value):
        if isinstance(value, torch.Tensor):
            return self._owned(self.lib.aclDestroyTensor, self._tensor(value))
        if isinstance(value, (list, tuple)) and value and all(isinstance(v, torch.Tensor) for v in value):
            handles = (ctypes.c_void_p * len(value))(*[self._tensor(v) for v in value])
            # aclDestroyTensorList also destroys the tensors it holds (CANN aclnn API reference).
            return self._owned(self.lib.aclDestroyTensorList, self.lib.aclCreateTensorList(handles, len(value)))
        if isinstance(value, (list, tuple)):
            ints = [int(v) for v in value]
            return self._owned(self.lib.aclDestroyIntArray, self.lib.aclCreateIntArray(_int64s(ints), len(ints)))
        if isinstance(value, torch.dtype):
            return ctypes.c_int64(ACL_DTYPE[value])  # an Int attr is int64_t in the generated aclnn
        if isinstance(value, bool):
            return ctypes.c_bool(value)
        if isinstance(value, int):
            return ctypes.c_int64(value)
        return ctypes.c_double(value)  # a Float attr is double in the generated aclnn

    def destroy(self):
        for destroy, handle in reversed(self.owned):
            destroy(ctypes.c_void_p(handle))


def _check(status, ascendcl, what):
    if status != 0:
        message = ascendcl.aclGetRecentErrMsg()
        raise AclnnError(status, f"{what}: {message.decode(errors='replace') if message else 'no message'}")


def call(op, *args):
    """Runs aclnnAscendops<op>GetWorkspaceSize(*args, &ws, &executor) then aclnnAscendops<op>(...) on torch_npu's
    current stream of the first tensor's device. Outputs are tensors (or lists of tensors) among ``args``,
    allocated by the caller."""
    import torch_npu

    nnopbase, ascendcl, opapi = _libs()
    arguments = _Arguments(nnopbase)
    try:
        converted = [arguments.convert(a) for a in args]
        workspace_size, executor = ctypes.c_uint64(0), ctypes.c_void_p()
        status = getattr(opapi, f"aclnnAscendops{op}GetWorkspaceSize")(*converted, ctypes.byref(workspace_size),
                                                                       ctypes.byref(executor))
        _check(status, ascendcl, f"aclnnAscendops{op}GetWorkspaceSize")
        device = arguments.tensors[0].device
        workspace = torch.empty(workspace_size.value, dtype=torch.uint8, device=device)
        stream = torch_npu.npu.current_stream(device).npu_stream
        status = getattr(opapi, f"aclnnAscendops{op}")(ctypes.c_void_p(workspace.data_ptr() or None),
                                                       workspace_size, executor, ctypes.c_void_p(stream))
        _check(status, ascendcl, f"aclnnAscendops{op}")
    finally:
        arguments.destroy()
