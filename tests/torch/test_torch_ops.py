"""ascendops.torch operators: torch.library.opcheck per op and dtype family, bit-for-bit equality with the NumPy API,
zero-copy views (bfloat16 both ways), FusedGdnDecode's in-place state, soc/core_num passed through, aclnn errors."""

import os
import subprocess
import sys

import ml_dtypes
import numpy as np
import pytest

torch = pytest.importorskip("torch", reason="PyTorch is not installed (pip install '.[torch]' for the torch front)")

import ascendops  # noqa: E402
import ascendops.torch as at  # noqa: E402
from ascendops.ops.cast import sample  # noqa: E402
from ascendops.ops.embedding_dense_grad import sample as edg_sample  # noqa: E402
from ascendops.ops.fused_gdn_decode import make_inputs  # noqa: E402
from ascendops.torch._convert import from_numpy, to_numpy  # noqa: E402

# (source, destination) per dtype family; the NumPy names of torch's dtypes.
CAST_PAIRS = [
    ("float32", "float16"),
    ("float16", "float32"),
    ("bfloat16", "float32"),
    ("bfloat16", "int8"),
    ("int32", "int8"),
    ("int64", "int32"),
    ("uint8", "int8"),
    ("int16", "float32"),
    ("float32", "bool"),
    ("bool", "float16"),
]
TORCH_DTYPE = {
    "float32": torch.float32,
    "float16": torch.float16,
    "bfloat16": torch.bfloat16,
    "int8": torch.int8,
    "int16": torch.int16,
    "int32": torch.int32,
    "int64": torch.int64,
    "uint8": torch.uint8,
    "bool": torch.bool,
}
GDN_SHAPE = (2, 2, 4, 64, 16)  # B, H, Hv, K, V
GDN_FAMILIES = [("bfloat16", "float32"), ("float16", "float16"), ("bfloat16", "bfloat16")]


def same_bytes(tensor, array):
    got = to_numpy(tensor)
    assert (got.dtype, got.shape) == (array.dtype, array.shape)
    assert np.ascontiguousarray(got).tobytes() == np.ascontiguousarray(array).tobytes()


def gdn_arrays(dtype, state_dtype):
    return make_inputs(*GDN_SHAPE, dtype=dtype, state_dtype=state_dtype)


def test_import_ascendops_does_not_import_torch():
    code = "import sys, ascendops; assert 'torch' not in sys.modules, 'torch was imported'"
    subprocess.run([sys.executable, "-c", code], check=True, env=dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path)))


def test_bfloat16_views_share_bytes_both_ways():
    t = torch.tensor([1.5, -2.0, float("nan"), 3.0e38], dtype=torch.bfloat16)
    a = to_numpy(t)
    assert a.dtype == ml_dtypes.bfloat16 and a.ctypes.data == t.data_ptr()
    assert a.view(np.uint16).tolist() == t.view(torch.int16).numpy().view(np.uint16).tolist()
    back = from_numpy(a)
    assert back.dtype == torch.bfloat16 and back.data_ptr() == t.data_ptr()


def test_strided_tensor_is_viewed_not_copied():
    t = torch.arange(12, dtype=torch.float32).reshape(3, 4).t()
    a = to_numpy(t)
    assert a.ctypes.data == t.data_ptr() and a.strides == (4, 16)


@pytest.mark.parametrize("src,dst", CAST_PAIRS, ids=[f"{s}-{d}" for s, d in CAST_PAIRS])
def test_cast_opcheck_and_bit_exact(src, dst):
    x = sample(src, 1000, seed=3)
    expected = ascendops.cast(x, ml_dtypes.bfloat16 if dst == "bfloat16" else dst, soc="ascend910b")
    got = at.cast(from_numpy(x), TORCH_DTYPE[dst], soc="ascend910b")
    same_bytes(got, expected)
    finite = x[1:65].reshape(8, 8)  # opcheck compares eager and traced outputs without equal_nan: skip the NaN
    torch.library.opcheck(at.cast, (from_numpy(finite), TORCH_DTYPE[dst]), {"soc": "ascend910b"})


def test_cast_strided_input():
    x = torch.linspace(-300, 300, 40).reshape(5, 8).t()
    same_bytes(at.cast(x, torch.int8), ascendops.cast(x.numpy(), "int8"))
    torch.library.opcheck(at.cast, (x, torch.float16))


@pytest.mark.parametrize("index_dtype", ["int32", "int64"])
@pytest.mark.parametrize("padding_idx,scale", [(-1, False), (3, True)])
def test_embedding_dense_grad_opcheck_and_bit_exact(index_dtype, padding_idx, scale):
    # One core: with several, atomic adds to a row land in a varying order (as on hardware), so the float sums of
    # two runs may differ in the last bit; one core makes them reproducible.
    device = {"soc": "ascend910b", "core_num": 1}
    grad, indices = edg_sample(0, 24, 10, seed=5, lead=(6, 7))
    indices = indices.astype(index_dtype)
    expected = ascendops.embedding_dense_grad(grad, indices, 10, padding_idx, scale, **device)
    args = (from_numpy(grad), from_numpy(indices), 10, padding_idx, scale)
    same_bytes(at.embedding_dense_grad(*args, **device), expected)
    torch.library.opcheck(at.embedding_dense_grad, args, device)


@pytest.mark.parametrize("dtype,state_dtype", GDN_FAMILIES, ids=[f"{d}-{s}state" for d, s in GDN_FAMILIES])
def test_fused_gdn_decode_opcheck_and_bit_exact(dtype, state_dtype):
    arrays = gdn_arrays(dtype, state_dtype)
    numpy_state = arrays[5].copy()
    expected = ascendops.fused_gdn_decode(*arrays[:5], numpy_state, arrays[6], scale=0.125)
    tensors = [from_numpy(a.copy()) for a in arrays]
    same_bytes(at.fused_gdn_decode(*tensors, scale=0.125), expected)
    same_bytes(tensors[5], numpy_state)
    torch.library.opcheck(at.fused_gdn_decode, tuple(from_numpy(a.copy()) for a in arrays), {"scale": 0.125})


def test_fused_gdn_decode_state_mutation_visible_through_the_tensor():
    tensors = [from_numpy(a) for a in gdn_arrays("bfloat16", "float32")]
    state, before, pointer = tensors[5], tensors[5].clone(), tensors[5].data_ptr()
    out = torch.ops.ascendops.fused_gdn_decode(*tensors)
    assert out.shape == (2, 1, 4, 16) and out.dtype == torch.bfloat16
    assert state.data_ptr() == pointer
    assert torch.equal(state[0], before[0])  # slot 0 is not in the indices (1, 2): untouched
    assert not torch.equal(state[1:], before[1:])


def test_fake_tensors_propagate_shapes():
    from torch._subclasses.fake_tensor import FakeTensorMode

    arrays = gdn_arrays("float16", "float32")
    with FakeTensorMode() as mode:
        fake = [mode.from_tensor(from_numpy(a)) for a in arrays]
        assert at.fused_gdn_decode(*fake).shape == (2, 1, 4, 16)
        grad, indices = torch.empty(3, 5, 24), torch.empty(3, 5, dtype=torch.int64)
        g = at.embedding_dense_grad(grad, indices, 11)
        assert (g.shape, g.dtype) == ((11, 24), torch.float32)
        assert at.cast(grad, torch.int8).dtype == torch.int8


def test_soc_is_passed_through():
    tensors = [from_numpy(a) for a in gdn_arrays("float16", "float32")]
    with pytest.raises(ascendops.AclnnError) as error:
        at.fused_gdn_decode(*tensors, soc="ascend310p")
    assert error.value.code == 161002 and "ascend310p" in error.value.message
    with pytest.raises(ValueError, match=r"core_num.*-1"):  # the message names the argument and the value
        at.cast(torch.ones(4), torch.float16, core_num=-1)
    with pytest.raises(ValueError, match="unknown soc 'ascend999'"):
        at.cast(torch.ones(4), torch.float16, soc="ascend999")


def test_errors_are_aclnn_errors():
    with pytest.raises(ascendops.AclnnError) as error:
        at.cast(torch.ones(4), torch.bfloat16)
    assert error.value.code == 161002 and "float32 -> bfloat16" in error.value.message
    with pytest.raises(ascendops.AclnnError) as error:
        torch.ops.ascendops.embedding_dense_grad(torch.ones(2, 8), torch.zeros(2, dtype=torch.int32), 4, 4)
    assert error.value.code == 161002 and "padding_idx 4 must be < num_weights 4" in error.value.message
    with pytest.raises(ascendops.AclnnError) as error:
        at.embedding_dense_grad(torch.ones(2, 8, dtype=torch.float16), torch.zeros(2, dtype=torch.int32), 4)
    assert error.value.code == 161002 and "grad dtype float16 must be float32" in error.value.message


@pytest.mark.parametrize("dtype", ["float32", "bfloat16", "int8", "int64", "bool"])
def test_split_opcheck_and_bit_exact(dtype):
    x = (
        np.arange(6 * 37)
        .reshape(6, 37)
        .astype(np.float32)
        .astype(np.dtype(ml_dtypes.bfloat16) if dtype == "bfloat16" else dtype)
    )
    torch.library.opcheck(at.OPS["split"], (from_numpy(x), [3, 0, 34], 1), {"soc": "ascend310p"})
    for got, want in zip(at.split(from_numpy(x), [3, 0, 34], 1), ascendops.split(x, [3, 0, 34], 1)):
        same_bytes(got, want)
    pieces = at.chunk(from_numpy(x), 4, 0, soc="ascend910b")
    assert [tuple(p.shape) for p in pieces] == [(2, 37), (2, 37), (2, 37)]  # torch.chunk: fewer pieces than asked
    assert all(p.data_ptr() != from_numpy(x).data_ptr() for p in pieces)  # new tensors, not views


def test_schemas_state_mutation():
    schemas = {name: op._opoverload._schema for name, op in at.OPS.items()}
    written = {
        name: [a.name for a in s.arguments if a.alias_info is not None and a.alias_info.is_write]
        for name, s in schemas.items()
    }
    assert written == {
        "cast": [],
        "embedding_dense_grad": [],
        "fused_gdn_decode": ["state"],
        "fused_swiglu_grad": [],
        "split": [],
    }


def test_npu_kernels_absent_without_torch_npu():
    from ascendops.torch._torch_npu import torch_npu_reason

    if torch_npu_reason() == "":
        pytest.skip("torch_npu imports here: the NPU kernels are the native extension's (test_torch_npu_ext.py)")
    assert torch_npu_reason() == "torch_npu does not import (No module named 'torch_npu'); the CPU kernels still work"
    assert not torch._C._dispatch_has_kernel_for_dispatch_key("ascendops::cast", "PrivateUse1")


def test_a_torch_without_custom_op_is_one_line_naming_the_version_and_what_still_works():
    code = (
        "import torch; del torch.library.custom_op\n"
        "try:\n    import ascendops.torch\nexcept ImportError as e:\n    print(e)\n"
        "import ascendops; print(ascendops.cast.__name__)"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.splitlines() == [
        f"ascendops.torch needs PyTorch >= 2.4 (torch.library.custom_op), this is {torch.__version__}; "
        "the NumPy API and the CLI still work",
        "cast",
    ]


@pytest.mark.parametrize(("npu_version", "paired"), [("2.12.0.post2", False), (torch.__version__.split("+")[0], True)])
def test_a_torch_npu_of_another_torch_release_is_named_with_what_still_works(monkeypatch, npu_version, paired):
    import types

    from ascendops.torch._torch_npu import torch_npu_reason

    monkeypatch.setitem(sys.modules, "torch_npu", types.SimpleNamespace(__version__=npu_version))
    release = ".".join(npu_version.split(".")[:2])
    expected = (
        ""
        if paired
        else f"torch_npu {npu_version} is built for torch {release}, this is torch {torch.__version__}; "
        "the CPU kernels still work"
    )
    assert torch_npu_reason() == expected
