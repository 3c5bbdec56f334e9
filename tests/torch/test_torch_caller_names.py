"""FusedGdnDecode under its callers' names (ascendops.torch.register_caller_names): never defined at import, defined
on request with each caller's schema, never over an existing definition (reported, not replaced). The import and the
clash run in a fresh interpreter: a name defined in this process stays defined."""

import json
import subprocess
import sys
import textwrap

import pytest

torch = pytest.importorskip("torch", reason="torch is not installed (pip install 'ascendops[torch]')")

import ascendops.torch  # noqa: E402
from ascendops.torch._caller_names import CALLER_SCHEMAS  # noqa: E402

B, H, HV, K, V = 2, 1, 2, 64, 8


def inputs(index_dtype=torch.int32, bias_dtype=torch.bfloat16):
    g = torch.Generator().manual_seed(0)
    mixed = (torch.randn(B, 2 * H * K + HV * V, generator=g) * 0.1).to(torch.bfloat16)
    a = torch.randn(B, HV, generator=g).to(torch.bfloat16)
    b = torch.randn(B, HV, generator=g).to(torch.bfloat16)
    a_log, dt_bias = torch.randn(HV, generator=g) * 0.1, (torch.randn(HV, generator=g) * 0.1).to(bias_dtype)
    state = torch.randn(3, HV, V, K, generator=g) * 0.1
    return mixed, a, b, a_log, dt_bias, state, torch.tensor([2, 1], dtype=index_dtype)


def run_fresh(code):
    result = subprocess.run([sys.executable, "-c", textwrap.dedent(code)], capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout.strip().splitlines()[-1])


def test_import_defines_no_caller_name_and_an_existing_one_is_reported_not_replaced():
    got = run_fresh(
        """
        import json, warnings
        import torch
        import ascendops.torch
        at_import = [hasattr(torch.ops.custom, "npu_fused_gdn_decode"),
                     hasattr(torch.ops._C_ascend, "npu_fused_gdn_decode")]
        # stands in for ops-transformer's extension, loaded first
        lib = torch.library.Library("custom", "DEF")
        lib.define("npu_fused_gdn_decode(Tensor x) -> Tensor")
        lib.impl("npu_fused_gdn_decode", lambda x: x + 1, "CompositeExplicitAutograd")
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            first = ascendops.torch.register_caller_names(("custom", "_C_ascend"))
        again = ascendops.torch.register_caller_names()
        still_theirs = torch.ops.custom.npu_fused_gdn_decode(torch.zeros(1)).tolist()
        print(json.dumps(dict(at_import=at_import, first=first, again=again, still_theirs=still_theirs,
                              warnings=[str(w.message) for w in caught])))
        """
    )
    assert got["at_import"] == [False, False]
    existing = "exists (not redefined): custom::npu_fused_gdn_decode(Tensor x) -> Tensor"
    assert got["first"] == {"custom::npu_fused_gdn_decode": existing, "_C_ascend::npu_fused_gdn_decode": "defined"}
    assert got["again"] == {
        "custom::npu_fused_gdn_decode": existing,
        "_C_ascend::npu_fused_gdn_decode": "defined earlier by ascendops",
    }
    assert got["still_theirs"] == [1.0]
    assert got["warnings"] == [f"ascendops: custom::npu_fused_gdn_decode {existing}"]


@pytest.fixture(scope="module")
def names():
    status = ascendops.torch.register_caller_names(("custom", "_C_ascend"))
    assert set(status.values()) <= {"defined", "defined earlier by ascendops"}, status
    return status


def test_schemas_are_the_callers(names):
    for namespace, schema in CALLER_SCHEMAS.items():
        packet = getattr(getattr(torch.ops, namespace), "npu_fused_gdn_decode")
        assert packet.default._schema == torch._C.parse_schema(f"{namespace}::npu_fused_gdn_decode{schema}")
    assert "float scale, *, float softplus_threshold=20.0" in CALLER_SCHEMAS["custom"]
    assert "float scale, float softplus_threshold)" in CALLER_SCHEMAS["_C_ascend"]


@pytest.mark.parametrize("index_dtype,bias_dtype", [(torch.int32, torch.bfloat16), (torch.int64, torch.float32)])
def test_both_names_run_the_op_bit_identically(names, index_dtype, bias_dtype):
    *args, state, idx = inputs(index_dtype, bias_dtype)
    ours_state, custom_state, vllm_state = state.clone(), state.clone(), state.clone()
    ours = torch.ops.ascendops.fused_gdn_decode(*args, ours_state, idx, scale=0.125, softplus_threshold=15.0)
    custom = torch.ops.custom.npu_fused_gdn_decode(*args, custom_state, idx, 0.125, softplus_threshold=15.0)
    vllm = torch.ops._C_ascend.npu_fused_gdn_decode(*args, vllm_state, idx, 0.125, 15.0)
    assert not torch.equal(ours_state, state)
    for out, new_state in ((custom, custom_state), (vllm, vllm_state)):
        assert torch.equal(out, ours) and torch.equal(new_state, ours_state)


def test_callers_argument_rules(names):
    *args, state, idx = inputs()
    with pytest.raises(RuntimeError, match="missing value for argument 'scale'"):  # ops-transformer: required
        torch.ops.custom.npu_fused_gdn_decode(*args, state, idx)
    with pytest.raises(RuntimeError, match="takes 8 positional argument"):  # ops-transformer: threshold keyword-only
        torch.ops.custom.npu_fused_gdn_decode(*args, state, idx, 0.125, 20.0)
    with pytest.raises(RuntimeError, match="missing value for argument 'softplus_threshold'"):  # vllm-ascend
        torch.ops._C_ascend.npu_fused_gdn_decode(*args, state, idx, 0.125)


def test_fake_kernel_gives_the_shape(names):
    from torch._subclasses.fake_tensor import FakeTensorMode

    with FakeTensorMode() as mode:
        *args, state, idx = (mode.from_tensor(t) for t in inputs(torch.int64, torch.float32))
        out = torch.ops._C_ascend.npu_fused_gdn_decode(*args, state, idx, 0.125, 20.0)
    assert out.shape == (B, 1, HV, V) and out.dtype == torch.bfloat16


def test_unknown_namespace_is_a_value_error():
    with pytest.raises(ValueError, match=r"namespaces \['vllm'\] must be among \['_C_ascend', 'custom'\]"):
        ascendops.torch.register_caller_names(("vllm",))
    with pytest.raises(TypeError, match="not a str"):
        ascendops.torch.register_caller_names("custom")
