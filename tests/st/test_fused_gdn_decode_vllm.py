"""vllm-ascend's e2e test of the fused GDN decode op, run against our op on the CPU twin: its three cases, its inputs
(16-bit mixed_qkv / a / b, float32 A_log and dt_bias, int64 indices from a random permutation of slots 1.., one case
with index 0), called as vllm-ascend calls it (``torch.ops._C_ascend.npu_fused_gdn_decode``, every argument
positional; defined here by the opt-in ``ascendops.torch.register_caller_names``), compared with a float32 torch
reference of the math that test's golden follows (written here from that description, not the package's golden),
at its tolerances (rtol 1e-2, atol 5e-2, NaN equal), plus the same tolerance scaled to the data (its randn * 0.01
values sit below atol, so the unscaled check alone would pass an all-zero result). Slots no index names stay
bit-identical; with a zero index, out[0] is all zero.

The reference normalises as torch.nn.functional.normalize does (x / max(||x||, 1e-12)); the kernel divides by
sqrt(sum x^2 + 1e-6). On this data ||x|| is about 0.01 * sqrt(128) = 0.11, where the two differ by about 4e-5
relative: ``test_normalisations_agree_on_this_data`` measures it.
"""

import pytest

torch = pytest.importorskip("torch", reason="the vllm-ascend reference runs in torch (pip install 'ascendops[torch]')")

import ascendops.torch  # noqa: E402
from ascendops import _C  # noqa: E402
from ascendops.ops.fused_gdn_decode import TILING_KEYS  # noqa: E402

RTOL, ATOL = 1e-2, 5e-2
# (batch, h, hv, k, v, mixed dtype, state dtype, zero index): the e2e test's cases
CASES = [
    (1, 8, 16, 128, 128, torch.bfloat16, torch.float32, False),
    (4, 8, 16, 128, 128, torch.bfloat16, torch.bfloat16, True),
    (8, 16, 32, 128, 128, torch.float16, torch.float32, False),
]
IDS = ["1x8x16-bf16-fp32state", "4x8x16-bf16-bf16state-zero-index", "8x16x32-fp16-fp32state"]
SOFTPLUS_THRESHOLD = 20.0


@pytest.fixture(scope="module")
def vllm_op():
    status = ascendops.torch.register_caller_names(("_C_ascend",))
    assert status["_C_ascend::npu_fused_gdn_decode"] in ("defined", "defined earlier by ascendops")
    return torch.ops._C_ascend.npu_fused_gdn_decode


def make_inputs(batch, h, hv, k, v, mixed_dtype, state_dtype, zero_index, seed=0):
    """As the e2e test's _make_inputs: randn * 0.01 everywhere, slots = batch + 2, int64 indices 1.. permuted."""
    g = torch.Generator().manual_seed(seed)
    slots = batch + 2
    mixed_qkv = (torch.randn(batch, 2 * h * k + hv * v, generator=g) * 0.01).to(mixed_dtype)
    a = (torch.randn(batch, hv, generator=g) * 0.01).to(mixed_dtype)
    b = (torch.randn(batch, hv, generator=g) * 0.01).to(mixed_dtype)
    a_log = torch.randn(hv, generator=g) * 0.01
    dt_bias = torch.randn(hv, generator=g) * 0.01
    state = (torch.randn(slots, hv, v, k, generator=g) * 0.01).to(state_dtype)
    indices = torch.randperm(slots - 1, generator=g)[:batch].to(torch.int64) + 1
    if zero_index:
        indices[0] = 0
    return mixed_qkv, a, b, a_log, dt_bias, state, indices


def softplus_thr(x, threshold):
    return torch.where(x <= threshold, torch.log1p(torch.exp(x)), x)


def reference(mixed_qkv, a, b, a_log, dt_bias, state, indices, scale, threshold, h, k, v):
    """The e2e golden's math in float32; out in mixed_qkv's dtype, state in its own."""
    batch, hv = a.shape
    q, kk, vv = torch.split(mixed_qkv.float(), [h * k, h * k, hv * v], dim=-1)
    q = torch.nn.functional.normalize(q.reshape(batch, h, k), p=2, dim=-1) * scale
    kk = torch.nn.functional.normalize(kk.reshape(batch, h, k), p=2, dim=-1)
    vv = vv.reshape(batch, hv, v)
    g = -torch.exp(a_log.float()) * softplus_thr(a.float() + dt_bias.float(), threshold)
    beta = torch.sigmoid(b.float())
    new_state = state.float().clone()
    out = torch.zeros(batch, 1, hv, v)
    for row, slot in enumerate(indices.tolist()):
        if slot <= 0:
            continue
        for j in range(hv):
            head = j // (hv // h)
            s = new_state[slot, j] * torch.exp(g[row, j])
            delta = (vv[row, j] - s @ kk[row, head]) * beta[row, j]
            s = s + torch.outer(delta, kk[row, head])
            out[row, 0, j] = s @ q[row, head]
            new_state[slot, j] = s
    return out.to(mixed_qkv.dtype), new_state.to(state.dtype)


def assert_close(actual, expected):
    actual, expected = actual.float(), expected.float()
    torch.testing.assert_close(actual, expected, rtol=RTOL, atol=ATOL, equal_nan=True)
    scaled = ATOL * float(expected.abs().max())
    torch.testing.assert_close(actual, expected, rtol=RTOL, atol=scaled, equal_nan=True)


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_vllm_ascend_e2e_case(vllm_op, case):
    batch, h, hv, k, v, mixed_dtype, state_dtype, zero_index = case
    mixed_qkv, a, b, a_log, dt_bias, state, indices = make_inputs(*case)
    assert (dt_bias.dtype, a_log.dtype, indices.dtype) == (torch.float32, torch.float32, torch.int64)
    scale = k**-0.5
    expected_out, expected_state = reference(
        mixed_qkv, a, b, a_log, dt_bias, state, indices, scale, SOFTPLUS_THRESHOLD, h, k, v
    )
    before = state.clone()
    out = vllm_op(mixed_qkv, a, b, a_log, dt_bias, state, indices, scale, SOFTPLUS_THRESHOLD)
    report = _C.last_launch_report()
    assert TILING_KEYS[report["tiling_key"]].endswith("_FP32_BIAS_INT64_INDEX")  # read as passed, no conversion
    print(f"{TILING_KEYS[report['tiling_key']]}: modeled {report['modeled_device_us']:.2f} us")

    assert out.shape == (batch, 1, hv, v) and out.dtype == mixed_dtype and state.dtype == state_dtype
    assert_close(out, expected_out)
    assert_close(state, expected_state)
    touched = {i for i in indices.tolist() if i > 0}
    for slot in range(state.shape[0]):
        if slot in touched:
            assert not torch.equal(state[slot], before[slot]), f"slot {slot} was not updated"
        else:
            assert torch.equal(state[slot].view(torch.uint8), before[slot].view(torch.uint8)), f"slot {slot} written"
    if zero_index:
        assert not out[0].float().any(), "the zero index's out row must be all zero"


def test_normalisations_agree_on_this_data():
    worst = 0.0
    for case in CASES:
        batch, h, hv, k, v = case[:5]
        mixed_qkv = make_inputs(*case)[0].float()
        qk = mixed_qkv[:, : 2 * h * k].reshape(batch, 2 * h, k)
        torch_norm = torch.nn.functional.normalize(qk, p=2, dim=-1)
        kernel_norm = qk / torch.sqrt((qk * qk).sum(-1, keepdim=True) + 1e-6)
        worst = max(worst, float(((torch_norm - kernel_norm).abs() / torch_norm.abs().clamp_min(1e-30)).max()))
    print(f"largest relative difference of the two normalisations: {worst:.2e}")
    assert worst < 1e-3  # far below rtol 1e-2


def test_reference_follows_the_ops_math_on_one_row():
    # The reference itself, against a hand-written single head: out = S' q with S' = exp(g) S + beta (v - exp(g) S k) k^T
    h, k, v = 1, 4, 2
    mixed = torch.tensor([[1.0, 0, 0, 0, 0, 2.0, 0, 0, 3.0, 5.0]])
    a, b = torch.zeros(1, 1), torch.zeros(1, 1)
    a_log, dt_bias = torch.zeros(1), torch.zeros(1)
    state = torch.zeros(2, 1, v, k)
    state[1, 0] = torch.tensor([[1.0, 0, 0, 0], [0, 1.0, 0, 0]])
    out, new_state = reference(mixed, a, b, a_log, dt_bias, state, torch.tensor([1]), 1.0, 20.0, h, k, v)
    decay = torch.exp(-torch.log1p(torch.tensor(1.0)))  # g = -1 * softplus(0) = -ln 2: decay 1/2
    s = state[1, 0] * decay  # q = e0, k = e1 after normalising
    delta = (torch.tensor([3.0, 5.0]) - s[:, 1]) * 0.5
    s[:, 1] += delta
    torch.testing.assert_close(new_state[1, 0], s)
    torch.testing.assert_close(out[0, 0, 0], s[:, 0])
