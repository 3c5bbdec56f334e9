"""backend="npu" without an NPU: the exact unavailable messages, and the Python plumbing of python/ascendops/_npu.py
and _backend.py (device selection, SoC check, the library lookup, every public operator on _C_npu) over a stand-in for
ascendops._C_npu that records its calls, with the twin made unreachable. The stand-in computes nothing on a device:
what the real module does on an Atlas card has never run here (tests/ut/test_npu_fake_device.py runs op_api's NPU
build on a fake device)."""

import importlib.machinery
import sys
import types

import numpy as np
import pytest

import ascendops
from ascendops import BackendUnavailableError, _backend, _npu
from ascendops.ops.embedding_dense_grad import embedding_dense_grad_sorted


@pytest.fixture
def no_cann(monkeypatch):
    monkeypatch.delenv("ASCEND_HOME_PATH", raising=False)
    monkeypatch.delitem(sys.modules, "ascendops._C_npu", raising=False)


class FakeNpu(types.ModuleType):
    """Stands in for ascendops._C_npu: a device of `soc_name`, `devices` of them; records every call. Its operator
    functions have _C's signatures (the same bindings); their results are placeholders of the right arity."""

    RESULTS = {"fused_swiglu_grad": 5, "fused_swiglu_grad_b": 4, "fused_swiglu_grad_w": 2, "split": 2}

    def __init__(self, devices=1, soc_name="Ascend910B2"):
        super().__init__("ascendops._C_npu")
        self.__spec__ = importlib.machinery.ModuleSpec("ascendops._C_npu", None)
        self.devices, self.soc_name, self.calls = devices, soc_name, []

    def device_count(self):
        return self.devices

    def open_device(self, device_id):
        self.calls.append(("open_device", device_id))
        return self.soc_name

    def cast(self, x, dtype):
        self.calls.append(("cast", x.shape, np.dtype(dtype).name))
        return np.full(x.shape, 7, dtype)

    def __getattr__(self, name):  # every other operator: recorded with its arguments' shapes
        def record(*args):
            self.calls.append((name, *[_shapes(a) for a in args]))
            count = self.RESULTS.get(name)
            return np.zeros(1) if count is None else [np.zeros(1)] * count

        return record


def _shapes(value):
    if isinstance(value, np.ndarray):
        return value.shape
    if isinstance(value, list):
        return [_shapes(v) for v in value]
    return value


@pytest.fixture
def package(tmp_path, monkeypatch):
    """An installed package layout with op_api's library, found through ASCEND_CUSTOM_OPP_PATH."""
    lib = tmp_path / "vendors" / "ascendops" / "op_api" / "lib" / "libascendops_opapi.so"
    lib.parent.mkdir(parents=True)
    lib.write_bytes(b"")
    other = tmp_path / "vendors" / "other" / "op_api" / "lib" / "libascendops_opapi.so"  # another vendor's folder
    other.parent.mkdir(parents=True)
    other.write_bytes(b"")
    monkeypatch.setenv("ASCEND_CUSTOM_OPP_PATH", f"{other.parents[2]}:{lib.parents[2]}")
    monkeypatch.delenv("ASCEND_OPP_PATH", raising=False)
    return str(lib)


def fake(monkeypatch, **kw):
    module = FakeNpu(**kw)
    monkeypatch.setitem(sys.modules, "ascendops._C_npu", module)
    monkeypatch.setattr(_npu, "_state", {"ready": False})
    monkeypatch.setattr(_backend._C, "set_sim_device", _unreachable)  # no call may reach the twin
    return module


def _unreachable(*args):
    raise AssertionError("backend='npu' reached the CPU twin")


def test_without_cann_the_message_names_the_toolkit(no_cann):
    reason = _npu.unavailable_reason()
    assert reason == (
        "the CANN toolkit is missing: ascendops was built without it, so it has no NPU backend "
        "(ascendops._C_npu; ASCEND_HOME_PATH is unset); source <toolkit>/set_env.sh, then pip install "
        ". again"
    )
    with pytest.raises(BackendUnavailableError, match=r"^backend 'npu' is unavailable: the CANN toolkit is missing"):
        ascendops.cast(np.ones(4, np.float32), "float16", backend="npu")
    with pytest.raises(BackendUnavailableError, match="the CANN toolkit is missing"):
        _backend.select("npu")
    assert _backend.npu_unavailable_reason() == reason


X16 = np.ones((2, 4), np.float16)


def _public_calls():
    """Every public operator of the NumPy API, called with backend="npu" (name, call)."""
    import ml_dtypes

    bf = np.ones((4, 8), ml_dtypes.bfloat16)
    w = np.ones((6, 8), ml_dtypes.bfloat16)
    x = np.ones((4, 6), ml_dtypes.bfloat16)
    state = np.zeros((2, 1, 1, 1), np.float32)
    return [
        ("cast", lambda: ascendops.cast(np.ones(4, np.float32), "float16", backend="npu")),
        (
            "embedding_dense_grad",
            lambda: ascendops.embedding_dense_grad(np.ones((2, 4), np.float32), [0, 1], 3, backend="npu"),
        ),
        (
            "embedding_dense_grad_sorted",
            lambda: embedding_dense_grad_sorted(np.ones((2, 4), np.float32), [0, 1], [0, 1], 3, backend="npu"),
        ),
        (
            "fused_gdn_decode",
            lambda: ascendops.fused_gdn_decode(X16, X16, X16, X16, X16, state, [1], backend="npu", device_id=0),
        ),
        ("split", lambda: ascendops.split(np.ones((4, 2), np.float16), 3, backend="npu")),
        ("chunk", lambda: ascendops.chunk(np.ones((4, 2), np.float16), 2, dim=0, backend="npu")),
        ("fused_swiglu_grad", lambda: ascendops.fused_swiglu_grad(bf, bf, bf, x, w, w, backend="npu")),
        ("fused_swiglu_grad_b", lambda: ascendops.fused_swiglu_grad_b(bf, bf, bf, backend="npu")),
        ("fused_swiglu_grad_w", lambda: ascendops.fused_swiglu_grad_w(x, bf, bf, backend="npu")),
        ("fused_swiglu_grad_x", lambda: ascendops.fused_swiglu_grad_x(bf, bf, w, w, backend="npu")),
    ]


@pytest.mark.parametrize("name,call", _public_calls(), ids=[n for n, _ in _public_calls()])
def test_every_operator_on_npu_says_what_is_missing(no_cann, name, call):
    with pytest.raises(BackendUnavailableError, match="the CANN toolkit is missing"):
        call()


def test_every_operator_runs_through_c_npu_and_never_the_twin(monkeypatch, package):
    """The NPU module is called with _C's arguments: one argument path per operator on either backend."""
    module = fake(monkeypatch)
    for _, call in _public_calls():
        call()
    ran = [c[0] for c in module.calls if c[0] != "open_device"]
    assert ran == [
        "cast",
        "embedding_dense_backward",
        "embedding_dense_grad",
        "fused_gdn_decode",
        "split",
        "split",
        "fused_swiglu_grad",
        "fused_swiglu_grad_b",
        "fused_swiglu_grad_w",
        "fused_swiglu_grad_x",
    ]
    calls = {c[0]: c[1:] for c in module.calls}
    assert calls["fused_swiglu_grad"] == ([(4, 8), (4, 8), (4, 8), (4, 6), (6, 8), (6, 8)],)
    assert calls["split"] == ((4, 2), [2, 2], 0)  # the last split: chunk(2)
    assert calls["embedding_dense_backward"] == ((2, 4), (2,), 3, -1, False)
    assert calls["fused_gdn_decode"][5:] == ((2, 1, 1, 1), (1,), [2, 1, 4, 1], 1.0, 20.0)


def test_without_a_device_the_message_names_the_device(monkeypatch, package):
    fake(monkeypatch, devices=0)
    assert _npu.unavailable_reason() == "no Ascend device: the driver reports 0 NPU devices (aclrtGetDeviceCount)"


def test_without_the_package_the_message_names_the_package(monkeypatch):
    fake(monkeypatch)
    monkeypatch.setenv("ASCEND_CUSTOM_OPP_PATH", "/nonexistent/vendors/ascendops")
    monkeypatch.delenv("ASCEND_OPP_PATH", raising=False)
    reason = _npu.unavailable_reason()
    assert reason.startswith(
        "the ascendops opp package is not installed: no vendors/ascendops/op_api/lib/"
        "libascendops_opapi.so under ASCEND_CUSTOM_OPP_PATH or ASCEND_OPP_PATH"
    )


def test_device_id_needs_the_npu_backend():
    with pytest.raises(ValueError, match=r"device_id=1 selects an NPU device; it needs backend='npu'"):
        ascendops.cast(np.ones(4, np.float32), "float16", device_id=1)


def test_the_library_is_looked_up_where_cann_installs_a_vendor(monkeypatch, package, tmp_path):
    assert _npu.package_library() == package  # the ascendops vendor entry, not the other vendor listed first
    monkeypatch.delenv("ASCEND_CUSTOM_OPP_PATH")
    assert _npu.package_library() is None
    monkeypatch.setenv("ASCEND_OPP_PATH", str(tmp_path))  # the default install: $ASCEND_OPP_PATH/vendors/ascendops
    assert _npu.package_library() == package


def test_select_opens_the_device_once_and_takes_its_soc(monkeypatch, package):
    module = fake(monkeypatch, soc_name="Ascend910_9391")
    assert _backend.select("npu") == "ascend910_93"
    assert _npu.select(soc="ascend910_93", device_id=0) == "ascend910_93"
    assert module.calls == [("open_device", 0), ("open_device", 0)]


def test_device_returns_the_module_of_the_backend(monkeypatch, package):
    """The one choice: the twin's calls go to _C, the NPU's to _C_npu (the same bindings built for CANN)."""
    assert _backend.device("sim", "ascend910b") is _backend._C
    module = fake(monkeypatch)
    assert _backend.device("npu", device_id=0) is module
    assert module.calls == [("open_device", 0)]


@pytest.mark.parametrize(
    "kwargs,message",
    [
        (
            {"soc": "ascend310p"},
            r"soc 'ascend310p' does not match NPU device 0, a Ascend910B2 \('ascend910b'\); "
            r"omit soc= to use the device's own",
        ),
        ({"core_num": 40}, r"core_num=40 is a CPU-twin setting; on the NPU the device's own cores run"),
        ({"device_id": -1}, r"device_id must be a non-negative int \(aclrtSetDevice\), got -1"),
        ({"device_id": True}, r"device_id must be a non-negative int \(aclrtSetDevice\), got True"),
    ],
)
def test_select_rejects_with_the_rule(monkeypatch, package, kwargs, message):
    fake(monkeypatch)
    with pytest.raises(ValueError, match=message):
        _npu.select(**kwargs)


def test_an_unsupported_device_is_named(monkeypatch, package):
    fake(monkeypatch, soc_name="Ascend310B1")
    with pytest.raises(ValueError, match=r"the NPU is a Ascend310B1, none of the SoCs ascendops supports"):
        _npu.select()


def test_cast_returns_the_modules_output(monkeypatch, package):
    module = fake(monkeypatch)
    y = ascendops.cast(np.ones((3, 5), np.float32)[:, ::2], "int8", backend="npu", device_id=0)
    assert y.dtype == np.int8 and y.shape == (3, 3) and (y == 7).all()
    assert module.calls[-1] == ("cast", (3, 3), "int8")


@pytest.mark.parametrize("argv", [["bench", "--backend", "npu"], ["bench", "npu", "--repeats", "3"]])
def test_bench_npu_without_a_device_says_what_is_missing(no_cann, capsys, argv):
    from ascendops import cli

    assert cli.main(argv) != 0
    err = capsys.readouterr().err
    assert err.startswith("ascendops bench npu: error: backend 'npu' is unavailable: the CANN toolkit is missing")
    assert err.count("\n") == 1


def test_bench_npu_applies_the_seed_criteria(monkeypatch, package, tmp_path):
    """The criteria arithmetic over stand-in device times (ours 10 us everywhere, bf16 sources 10.5 us)."""
    from ascendops.bench import npu as bench_npu
    from ascendops.cli import build_parser

    (tmp_path / "lib64").mkdir()
    (tmp_path / "lib64" / "libopapi.so").write_bytes(b"")
    monkeypatch.setenv("ASCEND_HOME_PATH", str(tmp_path))
    module = fake(monkeypatch)
    module.bench_cast = lambda x, s, out, d, lib, w, r: {
        "ours_us": 10.5 if x.dtype.name == "bfloat16" else 10.0,
        "builtin_us": 9.6,
    }
    module.bench_embedding_dense_grad = lambda *a: {"ours_us": 200.0, "builtin_us": 300.0}
    args = build_parser(bench_npu).parse_args(
        [
            "bench",
            "npu",
            "--pairs",
            "float32:int8,bfloat16:int8",
            "--cast-n",
            "64",
            "--edg-n",
            "8",
            "--num-weights",
            "5",
            "--dims",
            "8",
        ]
    )
    rows = bench_npu.run(args)
    by_case = {r["case"]: r for r in rows}
    assert by_case["float32->int8 [64]"]["ratio"] == 0.96 and by_case["float32->int8 [64]"]["met"] == "yes"
    bf16 = by_case["bfloat16->int8 [64]"]
    assert bf16["ratio"] == round(9.6 / 10.5, 3) and bf16["met"] == "NO"
    assert by_case["bfloat16->int8 vs float32->int8"]["ratio"] == round(10 / 10.5, 3)
    assert by_case["bfloat16->int8 vs float32->int8"]["met"] == "yes"
    main = by_case["main N=8 D=8"]
    theory_us = (8 * 8 * 4 + 8 * 4) * 2 / (204e9 * 0.5) * 1e6
    assert main["ratio"] == round(200.0 / theory_us, 3) and main["met"] == "NO" and main["builtin_us"] == 300.0
    assert [r["case"] for r in rows[-2:]] == ["scale N=8 D=8", "non-aligned N=8 D=7"]


def test_kernel_level_pair_on_npu_says_what_is_missing_before_its_checks(no_cann):
    """The sorted-index precondition is the binding's (bind_embedding_dense_grad.cpp, the same on both backends):
    without _C_npu the call stops at the backend, naming the toolkit."""
    with pytest.raises(BackendUnavailableError, match="the CANN toolkit is missing"):
        embedding_dense_grad_sorted(np.ones((3, 4), np.float32), [1, 4, 0], [0, 1, 2], 5, backend="npu")
