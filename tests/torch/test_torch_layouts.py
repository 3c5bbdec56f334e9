"""The torch front's tensors as users pass them: a state that is not contiguous is a TypeError naming state in the
CPU and the fake kernels alike, before any work; inputs in any strided layout, negative views included, give the
contiguous call's result; dtypes outside the package's table (complex, float8) are TypeErrors
naming the parameter; the NPU kernel's aliasing guard (inputs sharing the state's memory are cloned first)."""

import pytest

torch = pytest.importorskip("torch", reason="PyTorch is not installed (pip install '.[torch]' for the torch front)")

import ascendops  # noqa: E402
import ascendops.torch as at  # noqa: E402
from ascendops import _C  # noqa: E402
from ascendops.ops.fused_gdn_decode import make_inputs  # noqa: E402
from ascendops.torch._convert import from_numpy  # noqa: E402

GDN = (2, 1, 2, 64, 8)  # B, H, Hv, K, V


def gdn_tensors():
    return [from_numpy(a) for a in make_inputs(*GDN, dtype="bfloat16", state_dtype="float32")]


def _strided(state):
    return torch.zeros(2 * state.shape[0], *state.shape[1:])[::2].copy_(state)


def _transposed(state):
    return state.transpose(-1, -2).contiguous().transpose(-1, -2)


def _expanded(state):
    return state[:1].clone().expand(state.shape)


@pytest.mark.parametrize("make", [_strided, _transposed, _expanded], ids=["strided", "transposed", "expanded"])
def test_a_state_that_is_not_contiguous_is_rejected_before_any_work(make):
    t = gdn_tensors()
    state = make(t[5])
    before = bytes(state.untyped_storage())
    ascendops.cast(t[3].numpy(), "float16")  # a launch to recognise: the rejected call must not launch
    marker = _C.last_launch_report()["kernel"]
    with pytest.raises(TypeError, match=r"^state must be C-contiguous \(got strides"):
        at.fused_gdn_decode(*t[:5], state, t[6])
    assert _C.last_launch_report()["kernel"] == marker and bytes(state.untyped_storage()) == before
    with torch._subclasses.fake_tensor.FakeTensorMode() as mode:  # the fake kernel: the same error
        fakes = [mode.from_tensor(x) for x in (*t[:5], state, t[6])]
        with pytest.raises(TypeError, match=r"^state must be C-contiguous \(got strides"):
            at.fused_gdn_decode(*fakes)


def test_negative_views_torch_resolves_an_input_and_refuses_a_state():
    """A negative view (the imaginary part of a conjugate, torch._neg_view) never reaches the kernels as it is:
    torch's dispatcher materialises one passed as an input; one passed as the state it runs on a resolved clone and
    then refuses (its own RuntimeError, torch's MathBitsFallback): the caller's state is left as it was."""
    t = gdn_tensors()
    state = torch._neg_view(-t[5])
    before = bytes(state.untyped_storage())
    with pytest.raises(RuntimeError, match="cloned_mutable_input"):
        at.fused_gdn_decode(*t[:5], state, t[6])
    assert bytes(state.untyped_storage()) == before
    negated = torch._neg_view(-t[3])  # the same values, through the negative bit
    assert negated.is_neg()
    expected_state, state = t[5].clone(), t[5].clone()
    expected = at.fused_gdn_decode(*t[:3], t[3], t[4], expected_state, t[6])
    out = at.fused_gdn_decode(*t[:3], negated, t[4], state, t[6])
    assert torch.equal(out, expected) and torch.equal(state, expected_state)


@pytest.mark.parametrize("dtype", [torch.complex64, torch.float8_e4m3fn])
def test_tensors_of_other_dtypes_are_type_errors_naming_the_parameter(dtype):
    x = torch.zeros(4, 8).to(dtype)
    with pytest.raises(TypeError, match=rf"^x dtype .*{str(dtype).split('.')[-1]}.* is not supported"):
        at.cast(x, torch.float16)
    with pytest.raises(TypeError, match="^grad dtype"):
        at.embedding_dense_grad(x, torch.zeros(4, dtype=torch.int32), 3)
    with pytest.raises(TypeError, match="^dtype "):
        at.cast(torch.zeros(4), dtype)


@pytest.mark.parametrize("call", [at.split, at.chunk])
def test_an_array_that_is_not_a_tensor_is_a_type_error_naming_x(call):
    with pytest.raises(TypeError, match="^x must be a torch.Tensor, got ndarray"):
        call(torch.zeros(4).numpy(), 2)


def test_none_for_a_tensor_beside_tensors_is_a_type_error_naming_it():
    """The dispatcher hands a Python kernel None for a Tensor argument when another argument is a tensor (other
    values are its RuntimeError naming the argument): the kernel names the argument."""
    arrays = make_inputs(*GDN, dtype="bfloat16", state_dtype="float32")
    tensors = [from_numpy(a) for a in arrays]
    with pytest.raises(TypeError, match="^grad must be a torch.Tensor, got NoneType"):
        at.embedding_dense_grad(None, torch.zeros(4, dtype=torch.int32), 3)
    with pytest.raises(TypeError, match="^dt_bias must be a torch.Tensor, got NoneType"):
        at.fused_gdn_decode(*tensors[:4], None, *tensors[5:])
    assert tensors[5].numpy().tobytes() == arrays[5].tobytes()


def test_the_dispatcher_names_the_argument_that_is_not_a_tensor():
    with pytest.raises(RuntimeError, match="argument 'x'"):
        at.cast(torch.zeros(4).numpy(), torch.float16)


@pytest.mark.parametrize(
    "make",
    [lambda t: t[:, ::2], lambda t: t.T, lambda t: t[:1].expand(4, 12), lambda t: t.view(-1)[3:27].view(4, 6)],
    ids=["step", "transposed", "expanded", "offset"],
)
def test_fake_kernels_take_the_strided_views_the_cpu_kernels_take(make):
    """The fake kernels describe a strided tensor to the twin's phase 1 by its view over the storage it reaches, so
    they accept what the CPU kernels accept."""
    x = make(torch.arange(48, dtype=torch.float32).view(4, 12))
    sections = [1, x.shape[1] - 1]
    real = (at.cast(x, torch.float16).shape, [p.shape for p in at.OPS["split"](x, sections, 1)])
    with torch._subclasses.fake_tensor.FakeTensorMode() as mode:
        fake_x = mode.from_tensor(x)
        fake = (at.cast(fake_x, torch.float16).shape, [p.shape for p in at.OPS["split"](fake_x, sections, 1)])
    assert fake == real
