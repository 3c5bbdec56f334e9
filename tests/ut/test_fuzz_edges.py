"""Fuzz of the edges every entry point must hold: huge and negative dims (zero-byte buffers), piece counts and
section sums that would wrap, float limits and NaN / Inf in every input. Every outcome is a documented one: the
golden's values (NaN and Inf where the golden has them), or AclnnError 161002 / TypeError / ValueError, and a
rejection is fast (no allocation, no list of pieces). ASCENDOPS_FUZZ_EXAMPLES raises the example count
(scripts/fuzz.sh)."""

import os
import time

import ml_dtypes
import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

import ascendops
from ascendops import AclnnError
from ascendops.golden import embedding_dense_grad as edg_golden
from ascendops.golden import fused_swiglu_grad as swiglu_golden
from ascendops.golden import split as split_golden
from ascendops.ops import embedding_dense_grad as edg_op
from ascendops.ops import fused_swiglu_grad as fsg
from ascendops.ops import split as split_op

EXAMPLES = int(os.environ.get("ASCENDOPS_FUZZ_EXAMPLES", "25"))
EDGE_INTS = [0, 1, 2, 3, 127, 128, 129, 2**31 - 1, 2**31, 2**32 - 1, 2**32, 2**62, 2**63 - 1]
BAD_INTS = [-1, -(2**31), -(2**63), 2**63, 2**64]
F32 = np.finfo(np.float32)
FLOAT_EDGES = [np.nan, np.inf, -np.inf, float(F32.max), -float(F32.max), float(F32.tiny), 1e-45, 0.0, -0.0]
SECONDS = 5.0  # a rejection's bound on 2 shared cores: far below what an allocation of its shape would take

edge_int = st.one_of(st.sampled_from(EDGE_INTS), st.integers(0, 300))
any_int = st.one_of(edge_int, st.sampled_from(BAD_INTS))
not_int = st.sampled_from([True, 1.0, "2", None, np.float32(2)])


def documented(call):
    """Runs call: its result, or None after a documented rejection that came fast."""
    start = time.perf_counter()
    try:
        return call()
    except AclnnError as e:
        assert e.code == 161002, e
    except (TypeError, ValueError) as e:
        assert str(e), "an error names the parameter and the rule"
    assert time.perf_counter() - start < SECONDS
    return None


@st.composite
def zero_byte_array(draw, dtype, rank):
    """An array of `rank` dims with one zero dim and one edge-sized dim: no bytes, huge dims."""
    dims = [draw(st.integers(0, 3)) for _ in range(rank)]
    dims[draw(st.integers(0, rank - 1))] = 0
    dims[draw(st.integers(0, rank - 1))] = draw(st.sampled_from([2**31, 2**40, 2**55]))
    if 0 not in dims:
        dims[0] = 0
    return np.zeros(dims, dtype)


@settings(max_examples=EXAMPLES)
@given(st.data())
def test_split_edges(data):
    x = data.draw(st.one_of(zero_byte_array(np.int8, 2), st.just(np.arange(12, dtype=np.int8).reshape(3, 4))))
    how = data.draw(st.one_of(any_int, st.lists(any_int, max_size=4), not_int))
    dim = data.draw(st.one_of(st.integers(-3, 2), not_int))
    pieces = documented(lambda: ascendops.split(x, how, dim))
    if pieces is not None:
        expected = split_golden.split(x, how, dim)
        assert [p.tobytes() for p in pieces] == [e.tobytes() for e in expected]
    documented(lambda: ascendops.chunk(x, how, dim))


@settings(max_examples=EXAMPLES)
@given(
    st.lists(any_int, min_size=0, max_size=4),
    st.one_of(any_int, st.lists(any_int, max_size=4)),
    st.integers(-4, 3),
    st.sampled_from(["int8", "float16", "int64"]),
)
def test_split_tiling_edges(shape, how, dim, dtype):
    d = documented(lambda: split_op.tiling(shape, dtype, how, dim, soc="ascend910b"))
    if d is not None:
        assert 1 <= d["block_dim"] and d["piece_num"] <= 128


@settings(max_examples=EXAMPLES)
@given(any_int, any_int, st.one_of(any_int, not_int), st.sampled_from(["ascend910b", "ascend910_93"]))
def test_fused_swiglu_grad_b_tiling_edges(m, n, extra, soc):
    d = documented(lambda: fsg.b_tiling(m, n, soc=soc))
    if d is not None:
        assert d["block_dim"] >= 1
    documented(lambda: fsg.b_tiling(extra, n, soc=soc))


@settings(max_examples=EXAMPLES)
@given(st.sampled_from([(3, 2), (4, 1)]), st.data())
def test_fused_swiglu_grad_zero_byte_inputs(shape, data):
    tall = data.draw(zero_byte_array(ml_dtypes.bfloat16, 2))
    wide = data.draw(zero_byte_array(ml_dtypes.bfloat16, 2))
    documented(lambda: ascendops.fused_swiglu_grad(tall, tall, tall, wide, wide, wide))
    documented(lambda: ascendops.fused_swiglu_grad_b(tall, tall, wide))
    documented(lambda: ascendops.fused_swiglu_grad_x(tall, tall, wide, wide))


@settings(max_examples=EXAMPLES)
@given(st.data())
def test_fused_gdn_decode_zero_byte_inputs(data):
    arrays = [
        data.draw(zero_byte_array(t, r))
        for t, r in [
            (np.float16, 2),
            (np.float16, 2),
            (np.float16, 2),
            (np.float32, 1),
            (np.float16, 1),
            (np.float32, 4),
            (np.int32, 1),
        ]
    ]
    documented(lambda: ascendops.fused_gdn_decode(*arrays))


@settings(max_examples=EXAMPLES)
@given(st.data())
def test_embedding_dense_grad_edges(data):
    n, dim, nw = data.draw(st.integers(1, 40)), data.draw(st.integers(1, 40)), data.draw(st.integers(1, 8))
    rng = np.random.default_rng(data.draw(st.integers(0, 2**16)))
    pad, scale = data.draw(st.integers(-1, nw - 1)), data.draw(st.booleans())
    tiling_args = ([data.draw(any_int), data.draw(any_int)], data.draw(any_int), data.draw(any_int))
    # Rows near FLT_MAX on the scale path (its sums stay finite); unscaled float32 sums of such rows may overflow
    # where the float64 golden does not, so the plain path takes magnitudes whose sums stay in range.
    magnitude = data.draw(st.sampled_from([1.0, 1e30, 1e38] if scale else [1.0, 1e30]))
    grad = np.clip(rng.standard_normal((n, dim)) * magnitude, -F32.max, F32.max).astype(np.float32)
    mask = rng.random((n, dim)) < 0.1
    edges = [v for v in FLOAT_EDGES if scale or abs(v) != float(F32.max)]
    grad[mask] = rng.choice(edges, int(mask.sum()))
    idx = rng.integers(-1, nw + 1, n).astype(data.draw(st.sampled_from([np.int32, np.int64])))
    out = ascendops.embedding_dense_grad(grad, idx, nw, pad, scale)
    with np.errstate(invalid="ignore", over="ignore"):  # inf - inf is NaN in the golden too
        expected = edg_golden.embedding_dense_grad(grad, idx, nw, pad, scale)
    with np.errstate(invalid="ignore"):
        np.testing.assert_allclose(
            out,
            expected,
            rtol=1e-4,
            atol=1e-4 * max(1.0, float(np.nanmax(np.abs(np.where(np.isfinite(expected), expected, 0))))),
        )
    documented(lambda: edg_op.tiling(*tiling_args, soc="ascend910b"))


@settings(max_examples=EXAMPLES)
@given(st.data())
def test_fused_swiglu_grad_specials(data):
    m, k, n = data.draw(st.integers(1, 20)), data.draw(st.integers(1, 40)), data.draw(st.integers(1, 40))
    inputs = list(fsg.sample_all(m, k, n, data.draw(st.integers(0, 2**16))))
    which = data.draw(st.integers(0, 5))
    target = inputs[which].copy()
    rows, cols = target.shape
    target[data.draw(st.integers(0, rows - 1)), data.draw(st.integers(0, cols - 1))] = data.draw(
        st.sampled_from([np.nan, np.inf, -np.inf])
    )
    inputs[which] = target
    out = ascendops.fused_swiglu_grad(*inputs)
    with np.errstate(invalid="ignore", over="ignore"):  # inf - inf and inf * 0 are the point here
        expected = swiglu_golden.fused_swiglu_grad(*inputs)
    for key, actual in out.items():
        actual, ref = actual.astype(np.float32), expected[key].astype(np.float32)
        np.testing.assert_array_equal(np.isnan(actual), np.isnan(ref), err_msg=key)
        np.testing.assert_array_equal(np.isinf(actual), np.isinf(ref), err_msg=key)
