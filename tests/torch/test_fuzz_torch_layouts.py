"""Fuzz of the torch front (CPU tensors) over the layouts torch tensors take: strided slices of a bigger tensor,
transposes, stride-0 expands, storage offsets, views of one storage passed as several arguments, inputs that share
FusedGdnDecode's state storage, and tensors that require grad. (Torch tensors have no byte order other than the
native one and no negative strides: the NumPy API's fuzz, tests/ut/test_fuzz_layouts.py, draws those.) Documented
outcomes: inputs in any layout give the result of the call on contiguous clones, bit for bit, and no storage
changes; the state is taken when contiguous, else a TypeError naming ``state`` before any kernel runs, nothing
changed; inputs aliasing the state are read before it is written.
ASCENDOPS_FUZZ_EXAMPLES raises the example count (scripts/fuzz.sh)."""

import os

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

torch = pytest.importorskip("torch", reason="PyTorch is not installed (pip install '.[torch]' for the torch front)")

import numpy as np  # noqa: E402

import ascendops  # noqa: E402
import ascendops.torch as at  # noqa: E402
from ascendops import _C  # noqa: E402
from ascendops.ops.fused_gdn_decode import make_inputs  # noqa: E402
from ascendops.torch._convert import from_numpy  # noqa: E402

EXAMPLES = int(os.environ.get("ASCENDOPS_FUZZ_EXAMPLES", "10"))
CAST_PAIRS = [
    (torch.float32, torch.float16),
    (torch.float16, torch.float32),
    (torch.bfloat16, torch.float32),
    (torch.int32, torch.float32),
    (torch.int64, torch.int32),
]
GDN = (2, 1, 2, 64, 8)  # B, H, Hv, K, V


# --- layouts: each returns a tensor with t's values over a storage laid out differently ---------------------------
def _contiguous(t, g):
    return t.clone()


def _strided(t, g):
    if t.dim() == 0:
        return t.clone()
    axis, step = int(torch.randint(0, t.dim(), (), generator=g)), int(torch.randint(2, 4, (), generator=g))
    shape = list(t.shape)
    shape[axis] *= step
    big = torch.zeros(shape, dtype=t.dtype)
    index = [slice(None)] * t.dim()
    index[axis] = slice(None, None, step)
    view = big[tuple(index)]
    view.copy_(t)
    return view


def _transposed(t, g):
    """Strides in the reverse order: the reversed-axes tensor made contiguous, reversed back."""
    axes = tuple(reversed(range(t.dim())))
    return t.permute(axes).contiguous().permute(axes)


def _expanded(t, g):
    """Stride 0 along the first axis: every row is t's first row."""
    if t.dim() == 0 or t.shape[0] == 0:
        return t.clone()
    return t[:1].clone().expand(t.shape)


def _offset(t, g):
    before = int(torch.randint(1, 9, (), generator=g))
    big = torch.zeros(t.numel() + before + 3, dtype=t.dtype)
    view = big[before : before + t.numel()].view(t.shape)
    view.copy_(t)
    return view


def _requires_grad(t, g):
    return t.clone().requires_grad_(t.is_floating_point())


LAYOUTS = {f.__name__[1:]: f for f in (_contiguous, _strided, _transposed, _expanded, _offset, _requires_grad)}


@st.composite
def laid_out(draw, t, layouts=tuple(sorted(LAYOUTS))):
    layout = draw(st.sampled_from(layouts))
    return LAYOUTS[layout](t, torch.Generator().manual_seed(draw(st.integers(0, 2**16))))


def storage_bytes(t):
    return bytes(t.untyped_storage())


def same(x, y):
    """Bit-identical tensors (NaN included), shapes and dtypes too."""
    if (x.shape, x.dtype) != (y.shape, y.dtype):
        return False
    return bytes(dense(x).untyped_storage()) == bytes(dense(y).untyped_storage())


def dense(t):
    """A contiguous copy over a storage of its own (exactly its elements)."""
    return t.detach().clone(memory_format=torch.contiguous_format)


@settings(max_examples=EXAMPLES)
@given(st.data())
def test_cast_and_split_take_every_layout(data):
    shape = tuple(data.draw(st.lists(st.integers(1, 9), min_size=1, max_size=3)))
    dtype, dst = data.draw(st.sampled_from(CAST_PAIRS))
    x = data.draw(laid_out((torch.randn(shape) * 100).to(dtype)))
    before = storage_bytes(x)
    assert same(at.cast(x, dst), at.cast(dense(x), dst))
    size, dim = data.draw(st.integers(1, 4)), data.draw(st.integers(-len(shape), len(shape) - 1))
    pieces, reference = at.split(x, size, dim), at.split(dense(x), size, dim)
    assert len(pieces) == len(reference) and all(same(p, r) for p, r in zip(pieces, reference))
    assert storage_bytes(x) == before


@settings(max_examples=EXAMPLES)
@given(st.data())
def test_embedding_dense_grad_takes_every_layout_and_one_storage_twice(data):
    n, d, num_weights = data.draw(st.integers(1, 30)), data.draw(st.integers(1, 16)), data.draw(st.integers(1, 9))
    grad = data.draw(laid_out(torch.randn(n, d)))
    if data.draw(st.booleans()):  # indices read from the grad's own storage (its bytes as int32 are garbage indices)
        indices = grad.detach().contiguous().view(torch.int32).reshape(-1)[:n].remainder(num_weights)
    else:
        indices = data.draw(laid_out(torch.randint(0, num_weights, (n,), dtype=torch.int64)))
    before = storage_bytes(grad), storage_bytes(indices)
    out = at.embedding_dense_grad(grad, indices, num_weights)
    assert same(out, at.embedding_dense_grad(dense(grad), dense(indices), num_weights))
    assert (storage_bytes(grad), storage_bytes(indices)) == before


@settings(max_examples=EXAMPLES)
@given(st.data())
def test_fused_gdn_decode_state_layouts_and_aliasing(data):
    dtype = data.draw(st.sampled_from(["float16", "bfloat16"]))
    state_dtype = data.draw(st.sampled_from(["float32", dtype]))
    arrays = make_inputs(*GDN, dtype=dtype, state_dtype=state_dtype, seed=data.draw(st.integers(0, 2**16)))
    tensors = [from_numpy(a.copy()) for a in arrays]
    inputs = [data.draw(laid_out(t)) for t in (*tensors[:5], tensors[6])]
    state = data.draw(laid_out(tensors[5], tuple(sorted(set(LAYOUTS) - {"requires_grad"}))))
    if state.is_contiguous() and state.dtype == torch.float32 and data.draw(st.booleans()):
        inputs[3] = state[0].reshape(-1)[: GDN[2]]  # a_log read from slot 0 of the state's own storage
    snapshots = [storage_bytes(t) for t in (*inputs, state)]
    reference_state = dense(state)
    ascendops.cast(np.zeros(4, np.float32), np.float16)  # a launch to recognise: a rejected call must not launch
    marker = _C.last_launch_report()["kernel"]
    if not state.is_contiguous():
        with pytest.raises(TypeError, match="^state must be C-contiguous"):
            at.fused_gdn_decode(*inputs[:5], state, inputs[5])
        assert _C.last_launch_report()["kernel"] == marker
        assert [storage_bytes(t) for t in (*inputs, state)] == snapshots
        return
    expected = at.fused_gdn_decode(*(dense(t) for t in inputs[:5]), reference_state, dense(inputs[5]))
    out = at.fused_gdn_decode(*inputs[:5], state, inputs[5])
    assert same(out, expected) and same(state, reference_state)
    assert [
        storage_bytes(t) for t in inputs if t.untyped_storage().data_ptr() != state.untyped_storage().data_ptr()
    ] == [s for t, s in zip(inputs, snapshots) if t.untyped_storage().data_ptr() != state.untyped_storage().data_ptr()]
