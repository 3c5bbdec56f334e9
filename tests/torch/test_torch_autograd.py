"""ascendops.torch.embedding: the weight gradient from EmbeddingDenseGrad against float64 torch autograd of the same
forward (relative error norm and an RMS-scaled elementwise bound), under torch.compile, and a model step."""

import numpy as np
import pytest

torch = pytest.importorskip("torch", reason="PyTorch is not installed (pip install '.[torch]' for the torch front)")

import ascendops.torch as at  # noqa: E402
from ascendops.ops.embedding_dense_grad import TOLERANCE  # noqa: E402  (the spec's fp32 threshold)

NUM_WEIGHTS, DIM = 50, 24


def gradient_error(got, reference):
    """(||got - ref|| / ||ref||, max |got - ref| / rms(ref)) in float64."""
    diff = (got.double() - reference).abs()
    rms = reference.pow(2).mean().sqrt()
    return float(diff.norm() / reference.norm()), float(diff.max() / rms)


def assert_close_gradient(got, reference):
    relative, elementwise = gradient_error(got, reference)
    assert relative <= TOLERANCE and elementwise <= TOLERANCE, (relative, elementwise)


def inputs(seed, index_dtype=torch.int64):
    gen = torch.Generator().manual_seed(seed)
    weight = torch.randn(NUM_WEIGHTS, DIM, generator=gen)
    indices = torch.randint(0, NUM_WEIGHTS, (4, 33), generator=gen).to(index_dtype)
    indices[0, :5] = 7  # repeated rows: what scale_grad_by_freq divides by
    upstream = torch.randn(4, 33, DIM, generator=gen)
    return weight, indices, upstream


def weight_grad(embed, weight, indices, upstream, **options):
    weight = weight.detach().clone().requires_grad_()
    (embed(indices, weight, **options) * upstream).sum().backward()
    return weight.grad


def reference_grad(weight, indices, upstream, padding_idx=None, scale_grad_by_freq=False):
    return weight_grad(
        torch.nn.functional.embedding,
        weight.double(),
        indices,
        upstream.double(),
        padding_idx=padding_idx,
        scale_grad_by_freq=scale_grad_by_freq,
    )


OPTIONS = [dict(), dict(padding_idx=7), dict(padding_idx=-3, scale_grad_by_freq=True), dict(scale_grad_by_freq=True)]


@pytest.mark.parametrize("options", OPTIONS, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()) or "plain")
@pytest.mark.parametrize("index_dtype", [torch.int32, torch.int64])
def test_embedding_gradient_matches_float64_autograd(options, index_dtype):
    weight, indices, upstream = inputs(1, index_dtype)
    got = weight_grad(at.embedding, weight, indices, upstream, soc="ascend910b", **options)
    assert got.dtype == torch.float32
    assert_close_gradient(got, reference_grad(weight, indices.long(), upstream, **options))


def test_the_metric_fails_on_a_wrong_backward():
    weight, indices, upstream = inputs(2)
    got = weight_grad(at.embedding, weight, indices, upstream, padding_idx=7, scale_grad_by_freq=True)
    for wrong in (dict(padding_idx=7), dict(scale_grad_by_freq=True), dict(padding_idx=8, scale_grad_by_freq=True)):
        relative, elementwise = gradient_error(got, reference_grad(weight, indices, upstream, **wrong))
        assert relative > 100 * TOLERANCE and elementwise > 100 * TOLERANCE, wrong


def test_embedding_forward_is_the_lookup_and_bfloat16_weights_get_bfloat16_grads():
    weight, indices, upstream = inputs(3)
    weight = weight.bfloat16()
    assert torch.equal(at.embedding(indices, weight), weight[indices])
    got = weight_grad(at.embedding, weight, indices, upstream.bfloat16(), soc="ascend310p")
    assert got.dtype == torch.bfloat16
    relative, _ = gradient_error(got, reference_grad(weight.float(), indices, upstream.bfloat16().float()))
    assert relative <= 1e-2  # bf16 storage of the result: 8 mantissa bits


def test_padding_idx_out_of_range_rejected():
    weight, indices, _ = inputs(4)
    with pytest.raises(ValueError, match=r"padding_idx must be within \[-50, 50\) \(num_weights\), got 50"):
        at.embedding(indices, weight, padding_idx=NUM_WEIGHTS)


# Dynamo itself instantiates autograd.Function classes while tracing them (torch 2.13 warns about that).
@pytest.mark.filterwarnings("ignore:.*should not be instantiated:DeprecationWarning")
def test_embedding_under_torch_compile():
    weight, indices, upstream = inputs(5)

    def loss(w, i, u):
        return (at.embedding(i, w, padding_idx=7, scale_grad_by_freq=True) * u).sum()

    compiled = torch.compile(loss, backend="aot_eager", fullgraph=True)
    w = weight.clone().requires_grad_()
    compiled(w, indices, upstream).backward()
    assert_close_gradient(w.grad, reference_grad(weight, indices, upstream, padding_idx=7, scale_grad_by_freq=True))


class TinyModel(torch.nn.Module):
    """embedding (gradient from EmbeddingDenseGrad) -> a SiLU FFN in plain torch -> logits over the vocabulary."""

    def __init__(self, vocab=64, dim=32, hidden=64):
        super().__init__()
        self.embedding = torch.nn.Parameter(torch.randn(vocab, dim) * 0.1)
        self.ffn = torch.nn.Sequential(torch.nn.Linear(dim, hidden), torch.nn.SiLU(), torch.nn.Linear(hidden, vocab))

    def forward(self, tokens):
        return self.ffn(at.embedding(tokens, self.embedding, padding_idx=0))


def test_model_step_end_to_end_on_cpu():
    torch.manual_seed(0)
    model = TinyModel()
    optimizer = torch.optim.SGD(model.parameters(), lr=0.5)
    tokens = torch.randint(1, 64, (8, 16))
    tokens[:, -2:] = 0  # padding
    targets = torch.roll(tokens, -1, dims=1)
    losses = []
    for _ in range(3):
        optimizer.zero_grad()
        loss = torch.nn.functional.cross_entropy(model(tokens).flatten(0, 1), targets.flatten())
        loss.backward()
        optimizer.step()
        losses.append(loss.item())
    grad = model.embedding.grad
    assert torch.count_nonzero(grad[0]) == 0  # the padding row gets no gradient
    unused = np.setdiff1d(np.arange(64), tokens.unique().numpy())
    assert torch.count_nonzero(grad[torch.from_numpy(unused)]) == 0
    assert losses[2] < losses[0], losses
