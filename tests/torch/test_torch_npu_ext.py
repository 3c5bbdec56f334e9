"""The native torch_npu extension (python/ascendops/torch/npu_ext): its kernel table (csrc/kernels.h, registered by
csrc/register.cpp) against the CPU front's schemas (ascendops.torch._specs, from registry.json), and the loader's
one-line reasons. The C++ is compile-checked by scripts/check_torch_npu.sh; it runs only on an Atlas machine."""

import importlib.util
import re
import sys
import types
from pathlib import Path

import pytest

torch = pytest.importorskip("torch", reason="PyTorch is not installed (pip install '.[torch]' for the torch front)")

from ascendops.torch import _npu_ext, npu_kernels  # noqa: E402
from ascendops.torch._torch_npu import torch_npu_reason  # noqa: E402
from ascendops.torch._specs import OP_SPECS  # noqa: E402

CSRC = Path(__file__).resolve().parents[2] / "python/ascendops/torch/npu_ext/csrc"

# C++ parameter type -> the schema type the dispatcher infers for it (c10 infer_schema), and whether it is a
# mutable reference (a schema argument annotated Tensor(a!)).
CPP_TYPES = {
    "const at::Tensor&": ("Tensor", False),
    "at::Tensor&": ("Tensor", True),
    "at::ScalarType": ("ScalarType", False),
    "c10::SymInt": ("SymInt", False),
    "c10::SymIntArrayRef": ("SymInt[]", False),
    "int64_t": ("int", False),
    "double": ("float", False),
    "bool": ("bool", False),
    "std::optional<c10::string_view>": ("str?", False),
}
CPP_RETURNS = {"at::Tensor": "Tensor", "std::vector<at::Tensor>": "Tensor[]"}


def snake(name):
    return re.sub(r"(?<!^)(?=[A-Z])", "_", name).lower()


def cpp_kernels(text):
    """{function name: (return type, [(type, name)])} of the declarations in kernels.h's text."""
    text = re.sub(r"//[^\n]*", "", text)
    found = re.finditer(r"((?:std::tuple<[^>]*>|std::vector<at::Tensor>|at::Tensor))\s+(\w+)\(([^)]*)\);", text)
    kernels = {}
    for m in found:
        params = [p.strip().rsplit(" ", 1) for p in re.sub(r"\s+", " ", m.group(3)).split(",")]
        kernels[m.group(2)] = (m.group(1), [(t.replace(" &", "&"), n) for t, n in params])
    return kernels


def cpp_schema(returns, params):
    """The schema a C++ kernel implements: [(type, name, mutable)] and its return types."""
    args = [(*CPP_TYPES[t], n) for t, n in params]
    if returns.startswith("std::tuple<"):
        outs = [CPP_RETURNS[r.strip()] for r in returns[len("std::tuple<") : -1].split(",")]
    else:
        outs = [CPP_RETURNS[returns]]
    return [(t, n, mutable) for t, mutable, n in args], outs


def front_schema(schema):
    """The same for a schema string of the front: "(Tensor x, Tensor(a!) s, *, str? soc=None) -> (Tensor, Tensor)"."""
    args_text, returns = schema.split(" -> ")
    args = []
    for arg in args_text[1:-1].split(", "):
        if arg == "*":
            continue
        kind, name = arg.split("=")[0].rsplit(" ", 1)
        args.append((kind.replace("(a!)", ""), name, "(a!)" in kind))
    outs = [r.strip() for r in returns.strip("()").split(",")]
    return args, outs


def differences(kernels_text, register_text):
    """Every way the C++ table differs from the front's schemas (empty when they agree)."""
    kernels = cpp_kernels(kernels_text)
    registered = dict(re.findall(r'm\.impl\("(\w+)", TORCH_FN\((\w+)\)\)', register_text))
    problems = []
    if sorted(registered) != sorted(spec.name for spec in OP_SPECS):
        problems.append(f"register.cpp registers {sorted(registered)}")
    for spec in OP_SPECS:
        function = registered.get(spec.name)
        if function not in kernels or snake(function) != spec.name:
            problems.append(f"{spec.name}: no kernel {function!r} in kernels.h")
            continue
        if cpp_schema(*kernels[function]) != front_schema(spec.schema):
            problems.append(f"{spec.name}: C++ {cpp_schema(*kernels[function])} != front {spec.schema}")
    return problems


def test_the_extensions_kernels_have_the_front_schemas():
    assert differences((CSRC / "kernels.h").read_text(), (CSRC / "register.cpp").read_text()) == []


def test_the_front_schemas_end_with_the_device_arguments():
    for spec in OP_SPECS:
        assert front_schema(spec.schema)[0][-2:] == [("str?", "soc", False), ("int", "core_num", False)]


@pytest.mark.parametrize(
    ("old", "new", "problem"),
    [
        ("double scale", "int64_t scale", "fused_gdn_decode: C++"),  # a type
        ("at::Tensor& state", "const at::Tensor& state", "fused_gdn_decode: C++"),  # the in-place mark
        ("int64_t padding_idx", "int64_t padding", "embedding_dense_grad: C++"),  # a name
        ("int64_t dim,", "", "split: C++"),  # a missing argument
    ],
)
def test_a_kernel_that_drifts_from_its_schema_is_named(old, new, problem):
    text = (CSRC / "kernels.h").read_text()
    assert old in text
    found = differences(text.replace(old, new), (CSRC / "register.cpp").read_text())
    assert len(found) == 1 and found[0].startswith(problem)


def test_an_operator_missing_from_register_cpp_is_named():
    text = (CSRC / "register.cpp").read_text().replace('m.impl("split", TORCH_FN(Split));', "")
    found = differences((CSRC / "kernels.h").read_text(), text)
    assert found[0].startswith("register.cpp registers") and "split: no kernel None in kernels.h" in found


def test_every_extension_source_is_one_the_check_and_the_build_compile():
    """setup.py and scripts/check_torch_npu.sh both take csrc/*.cpp, so no unit escapes the compile check."""
    root = CSRC.parents[4]
    assert 'csrc").glob("*.cpp")' in (CSRC.parent / "setup.py").read_text().replace("'", '"')
    assert "units=(python/ascendops/torch/npu_ext/csrc/*.cpp)" in (root / "scripts/check_torch_npu.sh").read_text()
    assert {p.suffix for p in CSRC.iterdir()} == {".cpp", ".h"}  # headers are checked through the units


def test_without_torch_npu_the_native_kernels_are_one_line_naming_what_still_works():
    if "torch_npu" in sys.modules or torch_npu_reason() == "":
        pytest.skip("torch_npu imports here: the native path is tested on the Atlas machine")
    reason = "torch_npu does not import (No module named 'torch_npu'); the CPU kernels still work"
    assert _npu_ext.unavailable_reason() == reason
    assert npu_kernels() == reason
    assert not torch._C._dispatch_has_kernel_for_dispatch_key("ascendops::cast", "PrivateUse1")


def test_a_paired_torch_npu_without_the_extension_names_the_build_command(monkeypatch):
    if importlib.util.find_spec("ascendops_torch_npu") is not None:
        pytest.skip("the native extension is installed here")
    monkeypatch.setitem(sys.modules, "torch_npu", types.SimpleNamespace(__version__=torch.__version__))
    assert _npu_ext.unavailable_reason() == (
        "the native torch_npu extension ascendops_torch_npu is not installed (build it on the Atlas machine: "
        "pip install --no-build-isolation python/ascendops/torch/npu_ext); the CPU kernels still work"
    )


def test_the_native_kernels_run_on_the_npu():
    if npu_kernels() != "native":
        pytest.skip(f"the native torch_npu kernels are not loaded: {npu_kernels()}")
    x = torch.arange(12, dtype=torch.float32).reshape(3, 4).t().to("npu")
    assert torch.equal(torch.ops.ascendops.cast(x, torch.float16).cpu(), x.cpu().half())


# ATen's ScalarType constants (c10/core/ScalarType.h) and CANN's aclDataType numbers (CANN 8.1.RC1 acl/acl_base.h:141):
# the facts the C++ dtype table pairs, held here to check it against the package's own table (acl_value).
ATEN_DTYPES = {
    "kFloat": torch.float32,
    "kHalf": torch.float16,
    "kBFloat16": torch.bfloat16,
    "kDouble": torch.float64,
    "kInt": torch.int32,
    "kLong": torch.int64,
    "kShort": torch.int16,
    "kChar": torch.int8,
    "kByte": torch.uint8,
    "kBool": torch.bool,
}
ACL_NUMBERS = {"ACL_FLOAT": 0, "ACL_FLOAT16": 1, "ACL_INT8": 2, "ACL_INT32": 3, "ACL_UINT8": 4, "ACL_INT16": 6,
               "ACL_INT64": 9, "ACL_DOUBLE": 11, "ACL_BOOL": 12, "ACL_BF16": 27}  # fmt: skip


def test_the_extensions_dtype_table_agrees_with_the_package_and_covers_every_operator():
    from ascendops import _C
    from ascendops.registry import REGISTRY
    from ascendops.torch._convert import numpy_dtype

    rows = re.findall(r"\{at::(k\w+), (ACL_\w+)\}", (CSRC / "aclnn_call.cpp").read_text())
    acl_value = {row["name"]: row["acl_value"] for row in _C.dtypes()}
    paired = {str(numpy_dtype(ATEN_DTYPES[aten])): ACL_NUMBERS[acl] for aten, acl in rows}
    assert len(rows) == len(paired) == 10
    assert paired == {name: acl_value[name] for name in paired}
    used = {d for op in REGISTRY["operators"] for t in op["inputs"] + op["outputs"] for d in t["dtypes"]}
    assert used <= set(paired)
