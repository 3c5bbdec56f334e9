"""backend="npu" without an NPU: the exact unavailable messages, and the Python plumbing of python/ascendops/_npu.py
(device selection, SoC check, dtype numbers, host sort) over a stand-in for ascendops._C_npu that records its calls.
The stand-in computes nothing on a device: what the real module does on an Atlas card has never run here."""

import importlib.machinery
import sys
import types

import numpy as np
import pytest

import ascendops
from ascendops import BackendUnavailableError, _backend, _npu


@pytest.fixture
def no_cann(monkeypatch):
    monkeypatch.delenv("ASCEND_HOME_PATH", raising=False)
    monkeypatch.delitem(sys.modules, "ascendops._C_npu", raising=False)


class FakeNpu(types.ModuleType):
    """Stands in for ascendops._C_npu: a device of `soc_name`, `devices` of them; records every call."""

    def __init__(self, devices=1, soc_name="Ascend910B2"):
        super().__init__("ascendops._C_npu")
        self.__spec__ = importlib.machinery.ModuleSpec("ascendops._C_npu", None)
        self.devices, self.soc_name, self.calls = devices, soc_name, []

    def device_count(self):
        return self.devices

    def open_device(self, device_id):
        self.calls.append(("open_device", device_id))
        return self.soc_name

    def load_package(self, path):
        self.calls.append(("load_package", path))

    def cast(self, x, src_type, out, dst_type):
        self.calls.append(("cast", x.shape, src_type, out.dtype.name, dst_type))
        out[...] = 7

    def embedding_dense_grad(self, grad, sort, pos, out, num_weights, padding_idx, scale):
        self.calls.append(("edg", grad.shape, sort.tolist(), pos.tolist(), out.shape, num_weights, padding_idx, scale))


@pytest.fixture
def package(tmp_path, monkeypatch):
    """An installed package layout with a libcust_opapi.so file, found through ASCEND_CUSTOM_OPP_PATH."""
    lib = tmp_path / "vendors" / "ascendops" / "op_api" / "lib" / "libcust_opapi.so"
    lib.parent.mkdir(parents=True)
    lib.write_bytes(b"")
    monkeypatch.setenv("ASCEND_CUSTOM_OPP_PATH", f"{tmp_path / 'vendors' / 'other'}:{lib.parents[2]}")
    monkeypatch.delenv("ASCEND_OPP_PATH", raising=False)
    monkeypatch.delenv("ASCENDOPS_ACLNN_LIB", raising=False)
    return str(lib)


def fake(monkeypatch, **kw):
    module = FakeNpu(**kw)
    monkeypatch.setitem(sys.modules, "ascendops._C_npu", module)
    monkeypatch.setattr(_npu, "_state", {"soc": None, "device_id": None, "loaded": False})
    return module


def test_without_cann_the_message_names_the_toolkit(no_cann):
    reason = _npu.unavailable_reason()
    assert reason == ("the CANN toolkit is missing: ascendops was built without it, so it has no NPU backend "
                      "(ascendops._C_npu; ASCEND_HOME_PATH is unset); source <toolkit>/set_env.sh, then pip install "
                      ". again")
    with pytest.raises(BackendUnavailableError, match=r"^backend 'npu' is unavailable: the CANN toolkit is missing"):
        ascendops.cast(np.ones(4, np.float32), "float16", backend="npu")
    with pytest.raises(BackendUnavailableError, match="the CANN toolkit is missing"):
        _backend.select("npu")
    assert _backend.npu_unavailable_reason() == reason


def test_every_operator_dispatches_npu_to_the_backend(no_cann):
    x = np.ones((2, 4), np.float16)
    calls = [lambda: ascendops.embedding_dense_grad(np.ones((2, 4), np.float32), [0, 1], 3, backend="npu"),
             lambda: ascendops.fused_gdn_decode(x, x, x, x, x, np.zeros((2, 1, 1, 1), np.float32), [1],
                                                backend="npu", device_id=0)]
    for call in calls:
        with pytest.raises(BackendUnavailableError, match="the CANN toolkit is missing"):
            call()


def test_without_a_device_the_message_names_the_device(monkeypatch, package):
    fake(monkeypatch, devices=0)
    assert _npu.unavailable_reason() == "no Ascend device: the driver reports 0 NPU devices (aclrtGetDeviceCount)"


def test_without_the_package_the_message_names_the_package(monkeypatch):
    fake(monkeypatch)
    monkeypatch.setenv("ASCEND_CUSTOM_OPP_PATH", "/nonexistent/vendors/ascendops")
    monkeypatch.delenv("ASCEND_OPP_PATH", raising=False)
    monkeypatch.setenv("ASCENDOPS_ACLNN_LIB", "/nonexistent/libcust_opapi.so")
    reason = _npu.unavailable_reason()
    assert reason.endswith("nor a file at ASCENDOPS_ACLNN_LIB")
    assert reason.startswith("the ascendops opp package is not installed: no vendors/ascendops/op_api/lib/"
                             "libcust_opapi.so under ASCEND_CUSTOM_OPP_PATH or ASCEND_OPP_PATH")


def test_device_id_needs_the_npu_backend():
    with pytest.raises(ValueError, match=r"device_id=1 selects an NPU device; it needs backend='npu'"):
        ascendops.cast(np.ones(4, np.float32), "float16", device_id=1)


def test_an_explicit_library_path_wins(monkeypatch, package, tmp_path):
    explicit = tmp_path / "mine.so"
    explicit.write_bytes(b"")
    monkeypatch.setenv("ASCENDOPS_ACLNN_LIB", str(explicit))
    assert _npu.package_library() == str(explicit)
    monkeypatch.delenv("ASCENDOPS_ACLNN_LIB")
    assert _npu.package_library() == package  # the ascendops vendor entry, not the other vendor listed first


def test_select_opens_the_device_once_and_takes_its_soc(monkeypatch, package):
    module = fake(monkeypatch, soc_name="Ascend910_9391")
    assert _backend.select("npu") == "ascend910_93"
    assert _npu.select(soc="ascend910_93", device_id=0) == "ascend910_93"
    assert module.calls == [("open_device", 0), ("load_package", package), ("open_device", 0)]


@pytest.mark.parametrize("kwargs,message", [
    ({"soc": "ascend310p"}, r"soc 'ascend310p' does not match NPU device 0, a Ascend910B2 \('ascend910b'\); "
                            r"omit soc= to use the device's own"),
    ({"core_num": 40}, r"core_num=40 is a CPU-twin setting; on the NPU the device's own cores run"),
    ({"device_id": -1}, r"device_id must be a non-negative int \(aclrtSetDevice\), got -1"),
    ({"device_id": True}, r"device_id must be a non-negative int \(aclrtSetDevice\), got True"),
])
def test_select_rejects_with_the_rule(monkeypatch, package, kwargs, message):
    fake(monkeypatch)
    with pytest.raises(ValueError, match=message):
        _npu.select(**kwargs)


def test_an_unsupported_device_is_named(monkeypatch, package):
    fake(monkeypatch, soc_name="Ascend310B1")
    with pytest.raises(ValueError, match=r"the NPU is a Ascend310B1, none of the SoCs ascendops supports"):
        _npu.select()


def test_cast_passes_acl_dtype_numbers_and_returns_the_output(monkeypatch, package):
    module = fake(monkeypatch)
    y = ascendops.cast(np.ones((3, 5), np.float32)[:, ::2], "int8", backend="npu")
    assert y.dtype == np.int8 and y.shape == (3, 3) and (y == 7).all()
    assert module.calls[-1] == ("cast", (3, 3), 0, "int8", 2)  # ACL_FLOAT = 0, ACL_INT8 = 2 (acl_base.h)


def test_embedding_dense_grad_sorts_stably_on_the_host(monkeypatch, package):
    module = fake(monkeypatch)
    out = ascendops.embedding_dense_grad(np.ones((2, 3, 4), np.float32), np.array([[4, 1, 4], [1, 2**40, 0]]), 6, 2,
                                         True, backend="npu")
    assert out.shape == (6, 4) and out.dtype == np.float32 and not out.any()
    # Values outside int32 become -1 (skipped like any index outside [0, num_weights)); equal keys keep row order.
    assert module.calls[-1] == ("edg", (6, 4), [-1, 0, 1, 1, 4, 4], [4, 5, 1, 3, 0, 2], (6, 4), 6, 2, True)


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
    module.bench_cast = lambda x, s, out, d, lib, w, r: {"ours_us": 10.5 if x.dtype.name == "bfloat16" else 10.0,
                                                        "builtin_us": 9.6}
    module.bench_embedding_dense_grad = lambda *a: {"ours_us": 200.0, "builtin_us": 300.0}
    args = build_parser(bench_npu).parse_args(["bench", "npu", "--pairs", "float32:int8,bfloat16:int8", "--cast-n",
                                               "64", "--edg-n", "8", "--num-weights", "5", "--dims", "8"])
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
