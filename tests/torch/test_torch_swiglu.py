"""ascendops.torch.swiglu and torch.ops.ascendops.fused_swiglu_grad: opcheck, bit-for-bit equality with the NumPy
API, gradients against float64 torch autograd of the same forward (relative error norm < 1e-2 and an RMS-scaled
elementwise bound; a backward missing a term of dg fails them), torch.compile, errors, and a model step
(embedding -> SwiGLU FFN -> loss.backward())."""

import pytest

torch = pytest.importorskip("torch", reason="PyTorch is not installed (pip install '.[torch]' for the torch front)")

import ascendops  # noqa: E402
import ascendops.torch as at  # noqa: E402
from ascendops import AclnnError  # noqa: E402
from ascendops.ops.fused_swiglu_grad import OUTPUTS, sample_all  # noqa: E402
from ascendops.torch._convert import from_numpy, to_numpy  # noqa: E402

M, K, N = 37, 24, 40
REL_NORM = 1e-2
ELEMENTWISE = 5e-2  # max |got - ref| / RMS(ref): bfloat16 operands (8 bits) summed over K or M terms


def gradient_error(got, reference):
    """(||got - ref|| / ||ref||, max |got - ref| / rms(ref)) in float64."""
    diff = (got.double() - reference).abs()
    rms = reference.pow(2).mean().sqrt()
    return float(diff.norm() / reference.norm()), float(diff.max() / rms)


def params(seed, dtype=torch.float32, batch=(M,)):
    gen = torch.Generator().manual_seed(seed)
    x = torch.randn(*batch, K, generator=gen)
    w_g, w_fc = (torch.randn(K, N, generator=gen) / K**0.5 for _ in range(2))
    b_g, b_fc = (torch.randn(N, generator=gen) * 0.1 for _ in range(2))
    upstream = torch.randn(*batch, N, generator=gen)
    return [t.to(dtype) for t in (x, w_g, b_g, w_fc, b_fc)], upstream.to(dtype)


def grads(fn, tensors, upstream, **options):
    leaves = [t.detach().clone().requires_grad_() for t in tensors]
    (fn(*leaves, **options) * upstream).sum().backward()
    return [t.grad for t in leaves]


def reference(tensors, upstream, wrong=False):
    """float64 autograd of the same forward; ``wrong``: SiLU'(g) without its g s (1 - s) term."""

    def forward(x, w_g, b_g, w_fc, b_fc):
        g = x @ w_g + b_g
        s = torch.sigmoid(g).detach() if wrong else torch.sigmoid(g)
        return g * s * (x @ w_fc + b_fc)

    return grads(forward, [t.double() for t in tensors], upstream.double())


NAMES = ("x", "w_g", "b_g", "w_fc", "b_fc")


@pytest.mark.parametrize("dtype", [torch.float32, torch.bfloat16])
def test_gradients_match_float64_autograd(dtype):
    tensors, upstream = params(1, dtype)
    got = grads(at.swiglu, tensors, upstream, soc="ascend910b")
    for name, g, ref in zip(NAMES, got, reference(tensors, upstream)):
        assert g.dtype == dtype, name
        relative, elementwise = gradient_error(g, ref)
        assert relative < REL_NORM and elementwise < ELEMENTWISE, (name, relative, elementwise)


def test_the_metric_fails_on_a_backward_missing_a_dg_term():
    tensors, upstream = params(2)
    got = grads(at.swiglu, tensors, upstream)
    wrong = reference(tensors, upstream, wrong=True)
    for name in ("x", "w_g", "b_g"):
        i = NAMES.index(name)
        relative, elementwise = gradient_error(got[i], wrong[i])
        assert relative > 10 * REL_NORM and elementwise > ELEMENTWISE, (name, relative, elementwise)


def test_batch_dimensions_and_forward():
    tensors, upstream = params(3, batch=(3, 5))
    x, w_g, b_g, w_fc, b_fc = tensors
    assert torch.equal(at.swiglu(*tensors), torch.nn.functional.silu(x @ w_g + b_g) * (x @ w_fc + b_fc))
    got = grads(at.swiglu, tensors, upstream)
    for name, g, ref in zip(NAMES, got, reference(tensors, upstream)):
        assert g.shape == ref.shape, name
        assert gradient_error(g, ref)[0] < REL_NORM, name


def test_op_equals_the_numpy_api_bit_for_bit_and_passes_opcheck():
    arrays = sample_all(M, K, N, seed=4)
    expected = ascendops.fused_swiglu_grad(*arrays, soc="ascend910_93")
    got = at.fused_swiglu_grad(*(from_numpy(a) for a in arrays), soc="ascend910_93")
    for name, t in zip(OUTPUTS, got):
        assert t.dtype == torch.bfloat16 and to_numpy(t).tobytes() == expected[name].tobytes(), name
    assert isinstance(got, ascendops.FusedSwigluGradResult) and got.dx is got[0]
    torch.library.opcheck(
        torch.ops.ascendops.fused_swiglu_grad.default, tuple(from_numpy(a) for a in arrays), {"soc": "ascend910b"}
    )


def test_errors_surface_as_aclnn_errors():
    arrays = [from_numpy(a) for a in sample_all(4, 16, 8)]
    with pytest.raises(AclnnError) as e:
        at.fused_swiglu_grad(*arrays, soc="ascend310p")
    assert e.value.code == 161002 and "ascend310p" in str(e.value)
    arrays[4] = arrays[4][:, :7]
    with pytest.raises(AclnnError) as e:
        at.fused_swiglu_grad(*arrays)
    assert e.value.code == 161002 and "w_g shape [16, 7] must be [K, N] with N = 8 (from dy)" in str(e.value)


# Dynamo itself instantiates autograd.Function classes while tracing them (torch 2.13 warns about that).
@pytest.mark.filterwarnings("ignore:.*should not be instantiated:DeprecationWarning")
def test_swiglu_under_torch_compile():
    tensors, upstream = params(5)

    def loss(*ts):
        return (at.swiglu(*ts) * upstream).sum()

    compiled = torch.compile(loss, backend="aot_eager", fullgraph=True)
    leaves = [t.clone().requires_grad_() for t in tensors]
    compiled(*leaves).backward()
    eager = grads(at.swiglu, tensors, upstream)
    for name, leaf, g in zip(NAMES, leaves, eager):
        assert torch.equal(leaf.grad, g), name


class SwigluModel(torch.nn.Module):
    """embedding (gradient from EmbeddingDenseGrad) -> SwiGLU FFN (gradients from FusedSwigluGrad) -> logits."""

    def __init__(self, vocab=64, dim=32, hidden=48):
        super().__init__()
        self.embedding = torch.nn.Parameter(torch.randn(vocab, dim) * 0.5)
        self.w_g = torch.nn.Parameter(torch.randn(dim, hidden) / dim**0.5)
        self.w_fc = torch.nn.Parameter(torch.randn(dim, hidden) / dim**0.5)
        self.b_g = torch.nn.Parameter(torch.zeros(hidden))
        self.b_fc = torch.nn.Parameter(torch.zeros(hidden))
        self.out = torch.nn.Linear(hidden, vocab)

    def forward(self, tokens):
        h = at.embedding(tokens, self.embedding, padding_idx=0)
        return self.out(at.swiglu(h, self.w_g, self.b_g, self.w_fc, self.b_fc))


def test_model_step_end_to_end_on_cpu():
    torch.manual_seed(0)
    model = SwigluModel()
    optimizer = torch.optim.SGD(model.parameters(), lr=0.5)
    tokens = torch.randint(1, 64, (8, 16))
    targets = torch.roll(tokens, -1, dims=1)
    losses = []
    for _ in range(3):
        optimizer.zero_grad()
        loss = torch.nn.functional.cross_entropy(model(tokens).flatten(0, 1), targets.flatten())
        loss.backward()
        optimizer.step()
        losses.append(loss.item())
    for name in ("w_g", "w_fc", "b_g", "b_fc", "embedding"):
        grad = getattr(model, name).grad
        assert grad is not None and torch.isfinite(grad).all() and grad.abs().sum() > 0, name
    assert losses[2] < losses[0], losses
