"""The torch front keeps the NumPy API's rules at call time: flags are bools, ints are ints, dims in range; fake
kernels accept exactly what the CPU kernels accept; errors come at the call, not at backward; broadcastable
biases get their gradients."""

import numpy as np
import pytest

torch = pytest.importorskip("torch", reason="PyTorch is not installed (pip install '.[torch]' for the torch front)")

from torch._subclasses.fake_tensor import FakeTensorMode  # noqa: E402

import ascendops.torch as at  # noqa: E402
from ascendops import AclnnError  # noqa: E402
from ascendops.ops.fused_gdn_decode import make_inputs  # noqa: E402
from ascendops.torch._convert import from_numpy  # noqa: E402


# split / chunk ---------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("fn", [lambda x, d: at.split(x, 2, d), lambda x, d: at.chunk(x, 2, d)])
def test_split_and_chunk_with_a_bad_dim_are_161002(fn):
    x = torch.zeros(4, 6)
    for dim in (2, -3):
        with pytest.raises(AclnnError, match=rf"dim {dim} is out of range \[-2, 1\]") as info:
            fn(x, dim)
        assert info.value.code == 161002
    with pytest.raises(AclnnError, match="rank 0"):
        fn(torch.zeros(()), 0)
    with pytest.raises(TypeError, match="dim must be an int"):
        fn(x, True)


# fake kernels ----------------------------------------------------------------------------------------------------
def _fake_and_real(call, tensors):
    """(real outcome, fake outcome): the exception type and aclnn code, or 'ok'."""

    def outcome(args):
        try:
            call(*args)
        except AclnnError as e:
            return "AclnnError", e.code
        except (TypeError, ValueError) as e:
            return type(e).__name__, None
        return "ok", None

    real = outcome(tensors)
    with FakeTensorMode() as mode:
        fake = outcome([mode.from_tensor(t) for t in tensors])
    return real, fake


SPLIT_CASES = {
    "ok": (torch.zeros(4, 6), [2, 4], 1),
    "sum": (torch.zeros(4, 6), [2, 2], 1),
    "negative": (torch.zeros(4, 6), [8, -2], 1),
    "dim": (torch.zeros(4, 6), [4], 2),
    "0-d": (torch.zeros(()), [0], 0),
    "too many": (torch.zeros(4, 200), [1] * 200, 1),
    "dtype": (torch.zeros(4, 6, dtype=torch.float64), [6], 1),
}


@pytest.mark.parametrize("case", sorted(SPLIT_CASES))
def test_split_fake_accepts_exactly_what_the_cpu_kernel_accepts(case):
    x, sections, dim = SPLIT_CASES[case]
    real, fake = _fake_and_real(lambda t: at.OPS["split"](t, sections, dim), [x])
    assert real == fake
    assert (real[0] == "ok") == (case == "ok")


def _gdn_tensors(**changes):
    arrays = list(make_inputs(2, 2, 4, 64, 16, dtype="float16", state_dtype="float32"))
    names = ("mixed_qkv", "a", "b", "a_log", "dt_bias", "state", "ssm_state_indices")
    for name, value in changes.items():
        arrays[names.index(name)] = value
    return [from_numpy(np.ascontiguousarray(a)) for a in arrays]


GDN_CASES = {
    "ok": {},
    "a rows": {"a": np.zeros((3, 4), np.float16)},
    "a_log dtype": {"a_log": np.zeros(4, np.float16)},
    "indices dtype": {"ssm_state_indices": np.zeros(2, np.int16)},
    "state rank": {"state": np.zeros((3, 4, 16), np.float32)},
    "zero-byte huge": {"mixed_qkv": np.zeros((1 << 20, 0), np.float16)},
}


@pytest.mark.parametrize("case", sorted(GDN_CASES))
def test_fused_gdn_decode_fake_accepts_exactly_what_the_cpu_kernel_accepts(case):
    real, fake = _fake_and_real(at.fused_gdn_decode, _gdn_tensors(**GDN_CASES[case]))
    assert real == fake and (real[0] == "ok") == (case == "ok")


def _swiglu_tensors(m=8, k=16, n=24, **shapes):
    dims = {"dy": (m, n), "g": (m, n), "fc": (m, n), "x": (m, k), "w_g": (k, n), "w_fc": (k, n), **shapes}
    return [torch.randn(*dims[name]).to(torch.bfloat16) for name in ("dy", "g", "fc", "x", "w_g", "w_fc")]


@pytest.mark.parametrize(
    "case, tensors, kwargs",
    [
        ("ok", _swiglu_tensors(), {}),
        ("dy rows", _swiglu_tensors(g=(9, 24)), {}),
        ("w_fc cols", _swiglu_tensors(w_fc=(16, 25)), {}),
        ("310p", _swiglu_tensors(), {"soc": "ascend310p"}),
        ("core_num 1", _swiglu_tensors(), {"core_num": 1}),
        ("x rank", _swiglu_tensors(x=(8, 16, 1)), {}),
    ],
)
def test_fused_swiglu_grad_fake_accepts_exactly_what_the_cpu_kernel_accepts(case, tensors, kwargs):
    real, fake = _fake_and_real(lambda *t: at.fused_swiglu_grad(*t, **kwargs), tensors)
    assert real == fake and (real[0] == "ok") == (case == "ok")


@pytest.mark.parametrize(
    "case, grad, indices, num_weights",
    [
        ("ok", torch.randn(5, 8), torch.zeros(5, dtype=torch.int64), 3),
        ("rows", torch.randn(5, 8), torch.zeros(4, dtype=torch.int64), 3),
        ("indices dtype", torch.randn(5, 8), torch.zeros(5, dtype=torch.int16), 3),
        ("grad dtype", torch.randn(5, 8, dtype=torch.float64), torch.zeros(5, dtype=torch.int64), 3),
        ("0-d grad", torch.randn(()), torch.zeros((), dtype=torch.int64), 3),
        ("num_weights", torch.randn(5, 8), torch.zeros(5, dtype=torch.int64), 0),
    ],
)
def test_embedding_dense_grad_fake_accepts_exactly_what_the_cpu_kernel_accepts(case, grad, indices, num_weights):
    real, fake = _fake_and_real(lambda g, i: at.embedding_dense_grad(g, i, num_weights), [grad, indices])
    assert real == fake and (real[0] == "ok") == (case == "ok")


def test_cast_fake_accepts_exactly_what_the_cpu_kernel_accepts():
    for x, dtype, ok in [
        (torch.zeros(3), torch.float16, True),
        (torch.zeros(3), torch.bfloat16, False),
        (torch.zeros(3, dtype=torch.float64), torch.float32, False),
    ]:
        real, fake = _fake_and_real(lambda t: at.cast(t, dtype, soc="ascend310p"), [x])
        assert real == fake and (real[0] == "ok") == ok


# embedding: errors at the call ---------------------------------------------------------------------------------
def _embedding_args():
    return torch.tensor([0, 2, 2]), torch.randn(4, 3, requires_grad=True)


@pytest.mark.parametrize(
    "kwargs, error, match",
    [
        ({"scale_grad_by_freq": "no"}, TypeError, "scale_grad_by_freq must be a bool"),
        ({"scale_grad_by_freq": 1}, TypeError, "scale_grad_by_freq must be a bool"),
        ({"padding_idx": 1.0}, TypeError, "padding_idx must be an int"),
        ({"padding_idx": 4}, ValueError, "padding_idx must be within"),
        ({"soc": "ascend999"}, ValueError, "unknown soc"),
        ({"core_num": -1}, ValueError, "core_num -1"),
        ({"core_num": 1.5}, TypeError, "core_num must be an int"),
    ],
)
def test_embedding_rejects_bad_arguments_at_the_call(kwargs, error, match):
    indices, weight = _embedding_args()
    with pytest.raises(error, match=match):
        at.embedding(indices, weight, **kwargs)


def test_embedding_backward_rules_apply_at_the_call():
    weight = torch.randn(4, 3, requires_grad=True)
    with pytest.raises(AclnnError) as info:  # int16 indices: the backward kernel's dtype rule, before any backward
        at.embedding(torch.tensor([0, 1], dtype=torch.int16), weight)
    assert info.value.code == 161002 and "indices" in info.value.message


# swiglu: errors at the call; broadcastable biases ----------------------------------------------------------------
def _swiglu_inputs(bias_shape, m=6, k=16, n=8):
    torch.manual_seed(0)
    x = torch.randn(m, k, requires_grad=True)
    w_g, w_fc = (torch.randn(k, n, requires_grad=True) for _ in range(2))
    b_g, b_fc = (torch.randn(bias_shape, requires_grad=True) for _ in range(2))
    return x, w_g, b_g, w_fc, b_fc


@pytest.mark.parametrize("bias_shape", [(8,), (1,), (), (1, 8), (1, 1)])
def test_swiglu_broadcast_biases_get_their_gradients(bias_shape):
    inputs = _swiglu_inputs(bias_shape)
    at.swiglu(*inputs).sum().backward()
    ours = [t.grad.clone() for t in (inputs[2], inputs[4])]
    ref = [t.detach().clone().requires_grad_() for t in inputs]
    x, w_g, b_g, w_fc, b_fc = ref
    (torch.nn.functional.silu(x @ w_g + b_g) * (x @ w_fc + b_fc)).sum().backward()
    for got, want in zip(ours, (b_g.grad, b_fc.grad)):
        assert got.shape == want.shape
        torch.testing.assert_close(got, want, atol=0.1, rtol=1 / 64)  # bfloat16 dg / dfc, FP32 column sums


@pytest.mark.parametrize("bias_shape", [(6, 8), (8, 1), (2,)])
def test_swiglu_rejects_biases_it_has_no_gradient_for_at_the_call(bias_shape):
    with pytest.raises(ValueError, match="b_g shape"):
        at.swiglu(*_swiglu_inputs(bias_shape))


def test_swiglu_backward_rules_apply_at_the_call():
    with pytest.raises(AclnnError) as info:
        at.swiglu(*_swiglu_inputs((8,)), soc="ascend310p")
    assert info.value.code == 161002
    with pytest.raises(ValueError, match="unknown soc"):
        at.swiglu(*_swiglu_inputs((8,)), soc="nope")
