"""The pieces of scripts/cann_check's package-build flow that decide what is checked: how the ccec stand-in reads a
ccec command line, which opc calls compile, and how the op info is read back. The flow itself runs in CI
(scripts/check_cann.sh, docs/cann.md)."""

import importlib.util
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CHECK = ROOT / "scripts" / "cann_check"


def load(name):
    sys.path.insert(0, str(CHECK))
    try:
        spec = importlib.util.spec_from_file_location(f"cann_check_{name}", CHECK / f"{name}.py")
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        return module
    finally:
        sys.path.remove(str(CHECK))


def test_the_ccec_stand_in_keeps_the_preprocessor_options_and_reads_the_arch():
    ccec = load("ccec_standin")
    argv = [
        "-c",
        "-O3",
        "-DDTYPE_X=half",
        "-x",
        "cce",
        "-I/t/tikcfw",
        "-I",
        "/repo",
        "--cce-auto-sync",
        "-mllvm",
        "-api-deps-filter",
        "k.cpp",
        "--cce-aicore-arch=dav-c220-vec",
        "--cce-aicore-only",
        "-o",
        "k_0.o",
        "-include",
        "k_tiling_data.h",
        "-std=c++17",
        "-DTILING_KEY_VAR=0UL",
        "-includestdio.h",
    ]
    mode, arch, output, sources, kept = ccec.translate(argv)
    assert (mode, arch, output, sources) == ("compile", "dav-c220-vec", "k_0.o", ["k.cpp"])
    assert kept == [
        "-DDTYPE_X=half",
        "-I/t/tikcfw",
        "-I",
        "/repo",
        "-include",
        "k_tiling_data.h",
        "-std=c++17",
        "-DTILING_KEY_VAR=0UL",
        "-includestdio.h",
    ]
    assert ccec.translate(["-c", "-E", "a.cpp", "-o", "a.i"])[:3] == ("preprocess", None, "a.i")


def test_the_ccec_stand_in_drops_only_the_aicore_attribute(tmp_path):
    ccec = load("ccec_standin")
    header = tmp_path / "t.h"
    header.write_text('#define __aicore__ [aicore]\nextern "C" __global__ [aicore] void k();\n')
    plain = tmp_path / "p.h"
    plain.write_text("int x;\n")
    (tmp_path / "out").mkdir()
    copy = Path(ccec.without_aicore_attribute(str(header), tmp_path / "out"))
    assert copy.read_text() == '#define __aicore__ \nextern "C" __global__  void k();\n'
    assert ccec.without_aicore_attribute(str(plain), tmp_path / "out") == str(plain)


def test_opc_compiles_one_soc_per_family_and_with_first_only_one_combination(tmp_path, monkeypatch):
    opc = load("opc_standin")
    for name in ("Cast_b_param.json", "Cast_a_param.json", "Cast_c_param.json"):
        (tmp_path / name).write_text("{}")
    monkeypatch.setenv("ASCENDOPS_FLOW_SOCS", "ascend310p,ascend910b")
    assert opc.compiled_here(tmp_path / "Cast_b_param.json", "ascend910b")
    assert not opc.compiled_here(tmp_path / "Cast_b_param.json", "ascend910_93")
    monkeypatch.setenv("ASCENDOPS_FLOW_FIRST_ONLY", "1")
    assert [opc.compiled_here(tmp_path / f"Cast_{k}_param.json", "ascend310p") for k in "abc"] == [True, False, False]


def test_opc_names_each_parameter_after_the_entry_argument():
    opc = load("opc_standin")

    def entry(x_in__, y_out_, dst_type, kernel_name="cast", impl_mode=""):
        pass

    op = json.loads(
        '{"inputs": [{"name": "x", "dtype": "int32", "format": "ND", "shape": [-2]}],'
        ' "outputs": [{"name": "y", "dtype": "int16", "format": "ND", "shape": [-2]}],'
        ' "attrs": [{"name": "dst_type", "dtype": "int", "value": 0}]}'
    )
    params, attrs = opc.call_args(entry, op)
    assert [(p["param_name"], p["ori_shape"], p["ori_format"]) for p in params] == [
        ("x_in__", [-2], "ND"),
        ("y_out_", [-2], "ND"),
    ]
    assert attrs == {"dst_type": 0}


def test_the_op_info_reads_back_as_dtype_combinations(tmp_path):
    flow = load("flow_template")
    ini = tmp_path / "aic-ascend910b-ops-info.ini"
    ini.write_text(
        "[AscendopsCast]\ninput0.name=x\ninput0.dtype=float16,float32\noutput0.name=y\n"
        "output0.dtype=float32,bfloat16\nopFile.value=cast\n"
    )
    section = flow.read_ini(ini)["AscendopsCast"]
    cfg = {"float16": "DT_FLOAT16", "float32": "DT_FLOAT", "bfloat16": "DT_BF16"}
    assert flow.combos(section, cfg) == [{"X": "DT_FLOAT16", "Y": "DT_FLOAT"}, {"X": "DT_FLOAT", "Y": "DT_BF16"}]
