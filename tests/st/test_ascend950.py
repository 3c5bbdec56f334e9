"""The five operators on ascend950 (dav-3510 instances) against their NumPy goldens; its device memory.

Tolerances are each operator's own (its spec, as in its other tests): Cast and Split bit-exact, EmbeddingDenseGrad
1e-4, FusedGdnDecode rtol 1e-2 / atol 5e-2 (also scaled to the data), FusedSwigluGrad the golden's assert_close.
ascend950 flushes float subnormals in Exp / Ln / Div / Sqrt / Rsqrt / Reciprocal by default (docs/socs.md), so the
FusedGdnDecode and FusedSwigluGrad cases here run under flush-to-zero.
"""

import ml_dtypes
import numpy as np
import pytest

import ascendops
from ascendops import AclnnError
from ascendops.golden import bit_mismatches
from ascendops.golden import cast as cast_golden
from ascendops.golden import fused_swiglu_grad as swiglu_golden
from ascendops.golden import split as split_golden
from ascendops.golden.embedding_dense_grad import embedding_dense_grad as edg_golden
from ascendops.golden.fused_gdn_decode import fused_gdn_decode as gdn_golden
from ascendops.golden.fused_swiglu_grad import assert_close
from ascendops.ops.cast import _dtype, delivered_pairs
from ascendops.ops.cast import sample as cast_sample
from ascendops.ops.embedding_dense_grad import TOLERANCE, embedding_dense_grad
from ascendops.ops.fused_gdn_decode import fused_gdn_decode, make_inputs
from ascendops.ops.fused_swiglu_grad import OUTPUTS, fused_swiglu_grad, sample_all, x_tiling
from ascendops.ops.split import sample as split_sample

SOC = "ascend950"
BF16 = ml_dtypes.bfloat16


# ---- Cast: every delivered pair, bit-exact ----
@pytest.mark.parametrize("shape", [(33,), (4095,), (3, 5, 7, 11)], ids=lambda s: "x".join(map(str, s)))
@pytest.mark.parametrize("src,dst", delivered_pairs(SOC), ids=lambda p: p)
def test_cast_pair(src, dst, shape):
    x = cast_sample(src, int(np.prod(shape)), seed=len(shape)).reshape(shape)
    actual = ascendops.cast(x, _dtype(dst), soc=SOC)
    expected = cast_golden.cast(x, _dtype(dst), SOC)
    assert actual.dtype == expected.dtype and bit_mismatches(actual, expected) == 0


def test_cast_delivers_what_ascend910b_delivers():
    assert delivered_pairs(SOC) == delivered_pairs("ascend910b")


# ---- Split: every dtype, bit-exact ----
@pytest.mark.parametrize("dtype", ["bool", "int8", "float16", "bfloat16", "int32", "float32", "int64"])
@pytest.mark.parametrize("shape,how,dim", [((6, 37, 5), [10, 0, 27], 1), ((4, 3, 45), 7, 2)])
def test_split(dtype, shape, how, dim):
    x = split_sample(shape, dtype, seed=len(shape))
    pieces = ascendops.split(x, how, dim, soc=SOC)
    expected = split_golden.split(x, how, dim)
    assert len(pieces) == len(expected)
    for a, e in zip(pieces, expected):
        assert a.shape == e.shape and a.dtype == e.dtype and a.tobytes() == e.tobytes()


# ---- EmbeddingDenseGrad ----
@pytest.mark.parametrize("scale", [False, True])
@pytest.mark.parametrize("dim", [8, 33, 1000])
def test_embedding_dense_grad(dim, scale):
    rng = np.random.default_rng(dim)
    grad = rng.standard_normal((300, dim), dtype=np.float32)
    indices = rng.integers(0, 40, 300).astype(np.int32)
    actual = embedding_dense_grad(grad, indices, 40, 3, scale, soc=SOC)
    np.testing.assert_allclose(actual, edg_golden(grad, indices, 40, 3, scale), rtol=TOLERANCE, atol=TOLERANCE)


# ---- FusedGdnDecode (WholeReduceSum / BlockReduceSum as ReduceRepeat / ReduceDataBlock), under flush-to-zero ----
def _gdn_close(actual, expected):
    actual = np.asarray(actual, np.float32)
    np.testing.assert_allclose(actual, expected, rtol=1e-2, atol=5e-2)
    np.testing.assert_allclose(actual, expected, rtol=1e-2, atol=5e-2 * float(np.abs(expected).max()))


@pytest.mark.parametrize("dtype,state_dtype", [("bfloat16", "float32"), ("float16", "float16")], ids=lambda c: c)
@pytest.mark.parametrize("shape", [(4, 8, 16, 128, 128), (3, 2, 4, 136, 100), (2, 1, 2, 700, 24)])
def test_fused_gdn_decode(shape, dtype, state_dtype):
    np_dtype = {"bfloat16": np.dtype(BF16), "float16": np.dtype(np.float16), "float32": np.dtype(np.float32)}
    args = make_inputs(*shape, dtype=np_dtype[dtype], state_dtype=np_dtype[state_dtype], seed=sum(shape))
    expected_out, expected_state = gdn_golden(*args)
    state = args[5]
    out = fused_gdn_decode(*args[:5], state, args[6], soc=SOC)
    _gdn_close(out, expected_out)
    _gdn_close(state, expected_state)


# ---- FusedSwigluGrad: the 950 cube row (L0C 256 KB) and seed 000's DAV_3510 tile [128, 256] ----
def test_fused_swiglu_grad_x_base_block_is_256_wide_on_ascend950():
    # one group (2 AIVs): blockK takes all 1024 columns, so the base block's N is the SoC's
    assert x_tiling(256, 1024, 64, soc=SOC, core_num=2)["cube"]["baseN"] == 256
    assert x_tiling(256, 1024, 64, soc="ascend910b", core_num=2)["cube"]["baseN"] == 128


def test_fused_swiglu_grad_x_with_256_wide_blocks():
    a = sample_all(40, 1024, 64, seed=9)
    out = fused_swiglu_grad(*a, soc=SOC, core_num=2)
    ref = swiglu_golden.fused_swiglu_grad(*a)
    for name in OUTPUTS:
        assert_close(out[name], ref[name], name)


@pytest.mark.parametrize("m,k,n", [(130, 512, 96), (37, 300, 160), (1, 16, 16)])
def test_fused_swiglu_grad(m, k, n):
    a = sample_all(m, k, n, seed=m)
    out = fused_swiglu_grad(*a, soc=SOC)
    ref = swiglu_golden.fused_swiglu_grad(*a)
    for name in OUTPUTS:
        assert out[name].dtype == BF16, name
        assert_close(out[name], ref[name], name)


# ---- device memory: the variant's (Ascend950PR_9599 128 GiB at 72 AIV, Ascend950PR_950z 24 GiB at 8) ----
@pytest.mark.parametrize("core_num, dim, memory", [(0, 17, 137_438_953_472), (8, 4, 25_769_803_776)])
def test_an_output_past_the_variants_device_memory(core_num, dim, memory):
    num_weights = 2**31 - 1
    assert num_weights * dim * 4 > memory
    with pytest.raises(AclnnError) as info:
        embedding_dense_grad(
            np.zeros((0, dim), np.float32), np.zeros(0, np.int32), num_weights, soc=SOC, core_num=core_num
        )
    assert f"bytes do not fit in the {memory} bytes of device memory of {SOC}" in info.value.message
