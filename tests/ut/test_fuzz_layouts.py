"""Fuzz of the NumPy API over the layouts of the arrays it takes: strides, negative strides, Fortran order, views
that start inside a bigger buffer, unaligned addresses, the other byte order, stride-0 broadcasts, read-only views,
and FusedGdnDecode inputs that alias the state they update. The documented outcome of every draw:
- an input the operator only reads may have any of these layouts: the result is bit-identical to the call on
  C-contiguous native copies, and no byte of any buffer passed changes;
- the in-place ``state`` is taken when it is writeable, C-contiguous and native (a dense view inside a bigger buffer
  too: only its own bytes change); any other state is a TypeError naming ``state`` and the rule, raised before any
  kernel runs, every buffer unchanged;
- inputs that alias the state are read before it is written (the result of the call on copies).
ASCENDOPS_FUZZ_EXAMPLES raises the example count (scripts/fuzz.sh)."""

import os

import ml_dtypes
import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

import ascendops
from ascendops import _C
from ascendops.ops.fused_gdn_decode import make_inputs

EXAMPLES = int(os.environ.get("ASCENDOPS_FUZZ_EXAMPLES", "12"))


# --- layouts: each keeps a's values and returns (owner: the buffer the view lives in, view) --------------------
def _contiguous(a, rng):
    owner = a.copy()
    return owner, owner


def _strided(a, rng):
    """Every step-th element along one axis of a bigger buffer."""
    if a.ndim == 0:
        return _contiguous(a, rng)
    axis, step = int(rng.integers(0, a.ndim)), int(rng.integers(2, 4))
    shape = list(a.shape)
    shape[axis] *= step
    owner = np.zeros(shape, a.dtype)
    index = [slice(None)] * a.ndim
    index[axis] = slice(None, None, step)
    view = owner[tuple(index)]
    view[...] = a
    return owner, view


def _negative(a, rng):
    if a.ndim == 0:
        return _contiguous(a, rng)
    axis = int(rng.integers(0, a.ndim))
    owner = np.ascontiguousarray(np.flip(a, axis))
    return owner, np.flip(owner, axis)


def _fortran(a, rng):
    owner = np.asfortranarray(a)
    return owner, owner


def _offset(a, rng):
    """C-contiguous, starting inside a bigger buffer (elements before and after it)."""
    before, after = int(rng.integers(1, 9)), int(rng.integers(0, 9))
    owner = np.zeros(a.size + before + after, a.dtype)
    view = owner[before : before + a.size].reshape(a.shape)
    view[...] = a
    return owner, view


def _unaligned(a, rng):
    """C-contiguous at an address one byte past an element boundary."""
    owner = np.zeros(a.nbytes + 1, np.uint8)
    view = owner[1:].view(a.dtype).reshape(a.shape)
    view[...] = a
    return owner, view


def _swapped(a, rng):
    """The other byte order (one-byte and ml_dtypes elements have only one)."""
    if a.dtype.itemsize == 1 or a.dtype.kind == "V":
        return _contiguous(a, rng)
    owner = a.astype(a.dtype.newbyteorder("S"))
    return owner, owner


def _broadcast(a, rng):
    """Stride 0 along the first axis: every row is a's first row (read-only, as NumPy makes it)."""
    if a.ndim == 0 or a.shape[0] == 0:
        return _contiguous(a, rng)
    owner = a[:1].copy()
    return owner, np.broadcast_to(owner, a.shape)


def _transposed(a, rng):
    owner = np.ascontiguousarray(a.T)
    return owner, owner.T


LAYOUTS = {
    f.__name__[1:]: f
    for f in (_contiguous, _strided, _negative, _fortran, _offset, _unaligned, _swapped, _broadcast, _transposed)
}


class Placed:
    """An array in a layout: ``view`` is passed, ``owner`` holds it; ``before`` is owner's bytes at placement."""

    def __init__(self, a, layout, seed, read_only=False):
        self.owner, self.view = LAYOUTS[layout](np.ascontiguousarray(a), np.random.default_rng(seed))
        if read_only and self.view.flags.writeable:
            self.view = self.view.view()
            self.view.flags.writeable = False
        self.name = layout + (" read-only" if read_only else "")
        self.before = self.owner.tobytes()

    def unchanged(self):
        return self.owner.tobytes() == self.before

    def dense(self):
        """A C-contiguous native copy of the view's values (never the view itself): the reference call's argument."""
        return np.array(self.view, self.view.dtype.newbyteorder("="), order="C", copy=True)


@st.composite
def placed(draw, a):
    layout = draw(st.sampled_from(sorted(LAYOUTS)))
    return Placed(a, layout, draw(st.integers(0, 2**16)), read_only=draw(st.booleans()))


def same(x, y):
    """Bit-identical arrays (NaN included), shapes and dtypes too."""
    return x.shape == y.shape and x.dtype == y.dtype and x.tobytes() == y.tobytes()


def inputs_unchanged(*placements):
    return all(p.unchanged() for p in placements)


# --- read-only inputs: every layout is taken, the result is the contiguous call's --------------------------------
CAST_PAIRS = [
    (np.float32, "fp16"),
    (np.float16, "float32"),
    (np.int32, "float32"),
    (np.int16, "float32"),
    (ml_dtypes.bfloat16, "float"),
    (np.int64, "int32"),
    (np.uint8, "int8"),
]


@settings(max_examples=EXAMPLES)
@given(st.data())
def test_cast_takes_every_layout(data):
    rng = np.random.default_rng(data.draw(st.integers(0, 2**16)))
    src, dst = data.draw(st.sampled_from(CAST_PAIRS))
    shape = tuple(data.draw(st.lists(st.integers(1, 9), min_size=1, max_size=3)))
    x = data.draw(placed((rng.standard_normal(shape) * 100).astype(src)))
    out = ascendops.cast(x.view, dst)
    assert same(out, ascendops.cast(x.dense(), dst)), x.name
    assert inputs_unchanged(x), x.name


@settings(max_examples=EXAMPLES)
@given(st.data())
def test_split_takes_every_layout(data):
    rng = np.random.default_rng(data.draw(st.integers(0, 2**16)))
    shape = tuple(data.draw(st.lists(st.integers(1, 9), min_size=1, max_size=3)))
    dim = data.draw(st.integers(-len(shape), len(shape) - 1))
    x = data.draw(placed(rng.integers(-99, 99, shape).astype(data.draw(st.sampled_from([np.int8, np.float16])))))
    size = data.draw(st.integers(1, 4))
    pieces = ascendops.split(x.view, size, dim)
    reference = ascendops.split(x.dense(), size, dim)
    assert len(pieces) == len(reference) and all(same(p, r) for p, r in zip(pieces, reference)), x.name
    assert inputs_unchanged(x), x.name


@settings(max_examples=EXAMPLES)
@given(st.data())
def test_embedding_dense_grad_takes_every_layout(data):
    rng = np.random.default_rng(data.draw(st.integers(0, 2**16)))
    n, d, num_weights = data.draw(st.integers(1, 40)), data.draw(st.integers(1, 20)), data.draw(st.integers(1, 9))
    grad = data.draw(placed(rng.standard_normal((n, d)).astype(np.float32)))
    indices = data.draw(
        placed(rng.integers(0, num_weights, n).astype(data.draw(st.sampled_from([np.int32, np.int64]))))
    )
    out = ascendops.embedding_dense_grad(grad.view, indices.view, num_weights)
    assert same(out, ascendops.embedding_dense_grad(grad.dense(), indices.dense(), num_weights)), (
        grad.name,
        indices.name,
    )
    assert inputs_unchanged(grad, indices)


@settings(max_examples=EXAMPLES)
@given(st.data())
def test_fused_swiglu_grad_b_takes_every_layout(data):
    rng = np.random.default_rng(data.draw(st.integers(0, 2**16)))
    m, n = data.draw(st.integers(1, 24)), data.draw(st.integers(1, 40))
    arrays = [data.draw(placed(rng.standard_normal((m, n)).astype(ml_dtypes.bfloat16))) for _ in range(3)]
    result = ascendops.fused_swiglu_grad_b(*(p.view for p in arrays))
    reference = ascendops.fused_swiglu_grad_b(*(p.dense() for p in arrays))
    assert all(same(r, e) for r, e in zip(result, reference)), [p.name for p in arrays]
    assert inputs_unchanged(*arrays)


# --- FusedGdnDecode: inputs in every layout, the state only as it can be updated, aliasing read first ------------
GDN = (2, 1, 2, 64, 8)  # B, H, Hv, K, V
GDN_INPUTS = ("mixed_qkv", "a", "b", "a_log", "dt_bias", "ssm_state_indices")


def updatable(view):
    """What as_inplace_array takes: writeable, C-contiguous, native byte order."""
    return view.flags.writeable and view.flags.c_contiguous and view.dtype.isnative


@settings(max_examples=EXAMPLES)
@given(st.data())
def test_fused_gdn_decode_state_and_inputs_in_every_layout(data):
    dtype = data.draw(st.sampled_from([np.float16, ml_dtypes.bfloat16]))
    state_dtype = data.draw(st.sampled_from([np.float32, dtype]))
    arrays = make_inputs(*GDN, dtype=dtype, state_dtype=state_dtype, seed=data.draw(st.integers(0, 2**16)))
    inputs = [data.draw(placed(a)) for a in (*arrays[:5], arrays[6])]
    state = data.draw(placed(arrays[5]))
    ascendops.cast(np.zeros(4, np.float32), np.float16)  # a launch to recognise: a rejected call must not launch
    marker = _C.last_launch_report()["kernel"]
    if not updatable(state.view):
        try:
            ascendops.fused_gdn_decode(*(p.view for p in inputs[:5]), state.view, inputs[5].view)
        except TypeError as e:
            assert str(e).startswith("state must be "), e
        else:
            raise AssertionError(f"state {state.name} was taken")
        assert _C.last_launch_report()["kernel"] == marker  # nothing ran
        assert inputs_unchanged(state, *inputs), state.name
        return
    reference_state = state.dense()
    expected = ascendops.fused_gdn_decode(*(p.dense() for p in inputs[:5]), reference_state, inputs[5].dense())
    out = ascendops.fused_gdn_decode(*(p.view for p in inputs[:5]), state.view, inputs[5].view)
    assert same(out, expected) and same(state.view, reference_state), (state.name, [p.name for p in inputs])
    assert inputs_unchanged(*inputs), [p.name for p in inputs]
    # updated in its own bytes; the rest of the buffer it lives in (an offset view's neighbours) untouched
    start = state.view.ctypes.data - state.owner.ctypes.data
    after = state.owner.tobytes()
    assert (
        after[start : start + state.view.nbytes]
        == reference_state.tobytes()
        != state.before[start:][: state.view.nbytes]
    )
    assert (
        after[:start] + after[start + state.view.nbytes :]
        == state.before[:start] + state.before[start + state.view.nbytes :]
    )


@settings(max_examples=EXAMPLES)
@given(st.data())
def test_fused_gdn_decode_inputs_aliasing_the_state_are_read_first(data):
    """a_log (float32) and dt_bias / a / b (the input dtype) taken from the state's own memory: slot 0, which the
    call reads and leaves alone, or a slot the call updates."""
    dtype = data.draw(st.sampled_from([np.float16, ml_dtypes.bfloat16]))
    state_dtype = data.draw(st.sampled_from([np.float32, dtype]))
    b, h, hv, k, v = GDN
    arrays = list(make_inputs(*GDN, dtype=dtype, state_dtype=state_dtype, seed=data.draw(st.integers(0, 2**16))))
    state = arrays[5]
    slot = data.draw(st.sampled_from([0, 1]))  # 0: never written; 1: updated by row 0 (indices 1..B)
    flat = state[slot].reshape(-1)
    aliased = {}
    for i, name in ((3, "a_log"), (4, "dt_bias"), (1, "a"), (2, "b")):
        if flat.dtype == arrays[i].dtype and data.draw(st.booleans()):
            start = data.draw(st.integers(0, flat.size - arrays[i].size))
            view = flat[start : start + arrays[i].size].reshape(arrays[i].shape)
            arrays[i], aliased[name] = view, view.copy()
    copies = [aliased.get(n, a) for n, a in zip(("mixed_qkv", "a", "b", "a_log", "dt_bias"), arrays[:5])]
    reference_state = state.copy()
    expected = ascendops.fused_gdn_decode(*copies, reference_state, arrays[6])
    out = ascendops.fused_gdn_decode(*arrays[:5], state, arrays[6])
    assert same(out, expected) and same(state, reference_state), sorted(aliased)
