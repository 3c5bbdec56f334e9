"""The aclnn C API as a careless C caller uses it, through ctypes on libascendops_sim.so (the twin's ascend910b):
aclnnAscendopsCast on aclTensor views drawn at random (strides, negative strides, offsets and storages that may or
may not hold the view, negative dims, dtype enums outside the table), null pointers where the caller must pass one,
and the executor lifecycle misused (phase 2 twice, after destroy, destroy twice, a repeatable executor run again
on new data, executors never run). A status other than 0 is a refusal: 161001 / 161002 / 561103 with the recent
error message naming the parameter."""

import ctypes
from pathlib import Path

import ml_dtypes
import numpy as np

import ascendops
from ascendops.golden import cast as golden_cast
from ascendops.ops import cast as cast_op
from _judge import Case, Refused

SOC = "ascend910b"
_LIB = ctypes.CDLL(str(Path(ascendops.__file__).resolve().parent / "libascendops_sim.so"))
_P, _I64P = ctypes.c_void_p, ctypes.POINTER(ctypes.c_int64)
for name, restype, argtypes in [
    ("aclInit", ctypes.c_int, [ctypes.c_char_p]),
    ("aclrtSimDefineDevice", ctypes.c_int, [ctypes.c_char_p, ctypes.c_uint32, ctypes.POINTER(ctypes.c_int32)]),
    ("aclrtSetDevice", ctypes.c_int, [ctypes.c_int32]),
    ("aclrtMalloc", ctypes.c_int, [ctypes.POINTER(_P), ctypes.c_size_t, ctypes.c_int]),
    ("aclrtFree", ctypes.c_int, [_P]),
    ("aclrtMemcpy", ctypes.c_int, [_P, ctypes.c_size_t, _P, ctypes.c_size_t, ctypes.c_int]),
    ("aclrtSynchronizeStream", ctypes.c_int, [_P]),
    (
        "aclCreateTensor",
        _P,
        [_I64P, ctypes.c_uint64, ctypes.c_int, _I64P, ctypes.c_int64, ctypes.c_int, _I64P, ctypes.c_uint64, _P],
    ),
    ("aclDestroyTensor", ctypes.c_int, [_P]),
    ("aclGetRecentErrMsg", ctypes.c_char_p, []),
    ("aclSetAclOpExecutorRepeatable", ctypes.c_int, [_P]),
    ("aclDestroyAclOpExecutor", ctypes.c_int, [_P]),
    (
        "aclnnAscendopsCastGetWorkspaceSize",
        ctypes.c_int,
        [_P, ctypes.c_int, _P, ctypes.POINTER(ctypes.c_uint64), ctypes.POINTER(_P)],
    ),
    ("aclnnAscendopsCast", ctypes.c_int, [_P, ctypes.c_uint64, _P, _P]),
]:
    getattr(_LIB, name).restype, getattr(_LIB, name).argtypes = restype, argtypes

# aclDataType (acl/acl.h) of the NumPy dtypes Cast takes; enums outside the table for the abuse.
ACL_TYPES = {
    "float32": 0,
    "float16": 1,
    "int8": 2,
    "int32": 3,
    "uint8": 4,
    "int16": 6,
    "int64": 9,
    "bool": 12,
    "bfloat16": 27,
}
FOREIGN_ENUMS = (-1, 5, 13, 99, 2**31 - 1)
H2D, D2H = 1, 2


def _setup():
    device = ctypes.c_int32()
    _LIB.aclInit(None)
    if _LIB.aclrtSimDefineDevice(SOC.encode(), 0, ctypes.byref(device)) or _LIB.aclrtSetDevice(device.value):
        raise RuntimeError("device setup failed: " + (_LIB.aclGetRecentErrMsg() or b"").decode())


_setup()
PAIRS = cast_op.delivered_pairs(SOC)


def _np(name):
    return ml_dtypes.bfloat16 if name == "bfloat16" else np.dtype(name)


def _ints(values):
    return (ctypes.c_int64 * max(1, len(values)))(*values)


class Device:
    """Device buffers and aclTensors of one case, released by ``free``."""

    def __init__(self):
        self.buffers, self.tensors = [], []

    def upload(self, host):
        ptr = _P()
        _LIB.aclrtMalloc(ctypes.byref(ptr), max(1, host.nbytes), 0)
        if host.nbytes:
            _LIB.aclrtMemcpy(ptr, host.nbytes, host.ctypes.data, host.nbytes, H2D)
        self.buffers.append(ptr)
        return ptr

    def download(self, ptr, like):
        host = np.empty_like(like)
        if host.nbytes:
            _LIB.aclrtMemcpy(host.ctypes.data, host.nbytes, ptr, host.nbytes, D2H)
        return host

    def tensor(self, shape, dtype_enum, strides, offset, storage, ptr):
        t = _LIB.aclCreateTensor(
            _ints(shape), len(shape), dtype_enum, _ints(strides), offset, 2, _ints(storage), len(storage), ptr
        )
        self.tensors.append(t)
        return t

    def free(self):
        for t in self.tensors:
            if t:
                _LIB.aclDestroyTensor(t)
        for b in self.buffers:
            _LIB.aclrtFree(b)


def _check(status):
    if status != 0:
        raise Refused(f"{status}: {(_LIB.aclGetRecentErrMsg() or b'').decode()}")


def _phase1(x, dst_enum, y, executor=None, workspace=None):
    workspace = workspace if workspace is not None else ctypes.c_uint64()
    executor = executor if executor is not None else _P()
    _check(_LIB.aclnnAscendopsCastGetWorkspaceSize(x, dst_enum, y, ctypes.byref(workspace), ctypes.byref(executor)))
    return executor, workspace.value


def _phase2(dev, executor, workspace_size):
    workspace = _P()
    if workspace_size:
        _LIB.aclrtMalloc(ctypes.byref(workspace), workspace_size, 0)
        dev.buffers.append(workspace)
    _check(_LIB.aclnnAscendopsCast(workspace, workspace_size, executor, None))
    _LIB.aclrtSynchronizeStream(None)


def _view_values(storage, shape, strides, offset):
    item = storage.itemsize
    return np.lib.stride_tricks.as_strided(storage[offset:], shape, [s * item for s in strides]).copy()


def _reach(shape, strides, offset):
    lo = hi = offset
    for d, s in zip(shape, strides):
        lo, hi = lo + min(0, (d - 1) * s), hi + max(0, (d - 1) * s)
    return lo, hi


def _view_case(rng):
    """A strided view over a storage that may or may not hold it; contiguous output of the view's shape."""
    src, dst = PAIRS[int(rng.integers(0, len(PAIRS)))]
    rank = int(rng.integers(1, 4))
    shape = [int(d) for d in rng.integers(0 if rng.random() < 0.1 else 1, 12, rank)]
    if rng.random() < 0.05:
        shape[0] = -int(rng.integers(1, 5))
    strides = [int(s) for s in rng.integers(-20, 21, rank)]
    offset = int(rng.integers(-3, 200))
    storage_n = int(rng.integers(1, 400))
    host = cast_op.sample(src, storage_n, int(rng.integers(0, 2**16)))
    numel = int(np.prod(shape)) if min(shape) >= 0 else 0
    lo, hi = _reach(shape, strides, offset)
    inside = min(shape) >= 0 and (numel == 0 or (lo >= 0 and hi < storage_n))
    dst_enum = ACL_TYPES[dst]
    if rng.random() < 0.1:
        dst_enum, inside = int(rng.choice(FOREIGN_ENUMS)), False
    before = host.copy()
    out_host = np.full(max(numel, 1), 7, _np(dst)) if dst != "bool" else np.zeros(max(numel, 1), bool)

    def call():
        dev = Device()
        try:
            x = dev.tensor(shape, ACL_TYPES[src], strides, offset, [storage_n], dev.upload(host))
            y_ptr = dev.upload(out_host)
            y = dev.tensor(
                shape, dst_enum, [int(np.prod(shape[i + 1 :])) for i in range(rank)], 0, [max(numel, 1)], y_ptr
            )
            executor, size = _phase1(x, dst_enum, y)
            _phase2(dev, executor, size)
            result = dev.download(y_ptr, out_host)[:numel].reshape(shape)
            after = dev.download(dev.buffers[0], host)
            if after.tobytes() != before.tobytes():
                raise AssertionError("the input's device storage changed")
            return result
        finally:
            dev.free()

    def golden():
        return golden_cast.cast(_view_values(before, shape, strides, offset), _np(dst), SOC)

    return Case(
        f"view {src}->{dst} shape {shape} strides {strides} offset {offset} storage {storage_n}",
        call,
        "accept" if inside else "reject",
        ("self", "out", "dst", "dtype"),
        golden if inside else None,
        lambda r, e: r.dtype == e.dtype and r.tobytes() == e.tobytes(),
        [host],
    )


# The executor lifecycle misused: each returns the statuses of its steps; the last one's refusal is the case's.
N = 257


def _lifecycle_tensors(dev, scale):
    host = (np.arange(N, dtype=np.float32) - 128) * scale
    x_ptr, y_ptr = dev.upload(host), dev.upload(np.zeros(N, np.int32))
    x = dev.tensor([N], ACL_TYPES["float32"], [1], 0, [N], x_ptr)
    y = dev.tensor([N], ACL_TYPES["int32"], [1], 0, [N], y_ptr)
    return x, y, x_ptr, y_ptr


def _lifecycle(steps, scales=(1,)):
    def call():
        dev = Device()
        try:
            x, y, x_ptr, y_ptr = _lifecycle_tensors(dev, scales[0])
            executor, size = _phase1(x, ACL_TYPES["int32"], y)
            results = []
            for step in steps:
                if step == "run":
                    _phase2(dev, executor, size)
                    results.append(dev.download(y_ptr, np.zeros(N, np.int32)))
                elif step == "repeatable":
                    _check(_LIB.aclSetAclOpExecutorRepeatable(executor))
                elif step == "destroy":
                    _check(_LIB.aclDestroyAclOpExecutor(executor))
                elif step == "null run":
                    _phase2(dev, None, 0)
                elif step == "null destroy":
                    _check(_LIB.aclDestroyAclOpExecutor(None))
                elif step.startswith("upload"):
                    host = (np.arange(N, dtype=np.float32) - 128) * int(step.split()[1])
                    _LIB.aclrtMemcpy(x_ptr, host.nbytes, host.ctypes.data, host.nbytes, H2D)
            return results
        finally:
            dev.free()

    return call


def _expected_runs(steps):
    scale, runs = 1, []
    for step in steps:
        if step.startswith("upload"):
            scale = int(step.split()[1])
        elif step == "run":
            runs.append(((np.arange(N, dtype=np.int64) - 128) * scale).astype(np.int32))
    return runs


LIFECYCLES = {  # steps -> taken (every step 0) or refused at its last step
    ("run",): True,
    ("destroy",): True,
    ("repeatable", "run", "upload 3", "run", "upload -2", "run", "destroy"): True,
    ("run", "run"): False,
    ("run", "destroy"): False,
    ("destroy", "run"): False,
    ("destroy", "destroy"): False,
    ("repeatable", "run", "destroy", "run"): False,
    ("repeatable", "destroy", "repeatable"): False,
    ("null run",): False,
    ("null destroy",): False,
    ("destroy", "null run"): False,
}


def _lifecycle_case(rng):
    steps = list(LIFECYCLES)[int(rng.integers(0, len(LIFECYCLES)))]
    taken = LIFECYCLES[steps]
    runs = _expected_runs(steps)
    return Case(
        "lifecycle " + ", ".join(steps),
        _lifecycle(steps),
        "accept" if taken else "reject",
        ("executor",),
        (lambda: runs) if taken else None,
        lambda r, e: len(r) == len(e) and all(a.tobytes() == b.tobytes() for a, b in zip(r, e)),
    )


def _null_case(rng):
    """A null where aclnnAscendopsCastGetWorkspaceSize needs a pointer: 161001 naming it."""
    which = str(rng.choice(["self", "out", "workspaceSize", "executor"]))

    def call():
        dev = Device()
        try:
            x, y, _, _ = _lifecycle_tensors(dev, 1)
            size, executor = ctypes.c_uint64(), _P()
            status = _LIB.aclnnAscendopsCastGetWorkspaceSize(
                None if which == "self" else x,
                ACL_TYPES["int32"],
                None if which == "out" else y,
                None if which == "workspaceSize" else ctypes.byref(size),
                None if which == "executor" else ctypes.byref(executor),
            )
            if status == 0:
                _LIB.aclDestroyAclOpExecutor(executor)
            _check(status)
        finally:
            dev.free()

    return Case(f"null {which}", call, "reject", (which,))


KINDS = {"view": (_view_case, 6), "lifecycle": (_lifecycle_case, 3), "null": (_null_case, 1)}


def case(seed: int, index: int) -> Case:
    rng = np.random.default_rng([seed, index, 4])
    names = sorted(KINDS)
    weights = np.array([KINDS[n][1] for n in names], np.float64)
    return KINDS[str(rng.choice(names, p=weights / weights.sum()))][0](rng)
