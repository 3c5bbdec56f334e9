"""Bad input is rejected before any allocation or work, with the rule and the parameter named: zero-byte inputs
with huge dims, piece counts beyond 128 that would need a huge sections list, shape arithmetic that would wrap, and
arguments of the wrong kind on every public entry point."""

import time

import ml_dtypes
import numpy as np
import pytest

import ascendops
from ascendops import AclnnError, _C
from ascendops.ops import fused_swiglu_grad as fsg
from ascendops.ops import split as split_op

INT64_MAX = 2**63 - 1
BF16 = ml_dtypes.bfloat16


def rejected(call, *, seconds=2.0):
    """The AclnnError of `call`, which must come fast (no allocation of the outputs, no list of pieces)."""
    start = time.perf_counter()
    with pytest.raises(AclnnError) as info:
        call()
    assert time.perf_counter() - start < seconds
    return info.value


# Validation before allocation ---------------------------------------------------------------------------------
def test_fused_gdn_decode_zero_byte_inputs_with_huge_dims_are_rejected_before_out():
    # out would be [2^20, 1, 2^20, 2^10] float16 = 2 PiB: an allocation failure (361001) if it came first.
    f16 = np.float16
    mixed, a, b = np.zeros((1 << 20, 0), f16), np.zeros((0, 1 << 20), f16), np.zeros((0, 1 << 20), f16)
    a_log, dt_bias = np.zeros(0, np.float32), np.zeros(0, f16)
    state, idx = np.zeros((0, 1, 1 << 10, 0), np.float32), np.zeros(0, np.int32)
    error = rejected(lambda: ascendops.fused_gdn_decode(mixed, a, b, a_log, dt_bias, state, idx))
    assert error.code == 161002


@pytest.mark.parametrize("kernel", ["all", "b", "w", "x"])
def test_fused_swiglu_grad_zero_byte_inputs_with_huge_dims_are_rejected_before_outputs(kernel):
    big = 1 << 31
    wide, tall = np.zeros((0, big), BF16), np.zeros((big, 0), BF16)
    calls = {
        "all": lambda: ascendops.fused_swiglu_grad(tall, tall, tall, wide, wide, wide),
        "b": lambda: ascendops.fused_swiglu_grad_b(tall, wide, wide),
        "w": lambda: ascendops.fused_swiglu_grad_w(wide, tall, tall),
        "x": lambda: ascendops.fused_swiglu_grad_x(tall, tall, wide, wide),
    }
    assert rejected(calls[kernel]).code == 161002


def test_split_size_of_a_huge_zero_byte_dim_is_rejected_before_the_sections_list():
    x = np.zeros((1 << 40, 0), np.int8)
    error = rejected(lambda: ascendops.split(x, 1, 0))
    assert error.code == 161002 and "at most 128" in error.message


def test_chunk_count_beyond_128_is_rejected_before_the_sections_list():
    assert "at most 128" in rejected(lambda: ascendops.chunk(np.zeros(0, np.int8), 10**12)).message
    assert "chunks 1000" in rejected(lambda: ascendops.chunk(np.zeros(1000, np.int8), 1000)).message
    assert [len(p) for p in ascendops.chunk(np.zeros(1000, np.int8), 128)] == [8] * 125


def test_split_tiling_rejects_a_piece_count_beyond_128_before_building_it():
    assert "at most 128" in rejected(lambda: split_op.tiling((INT64_MAX,), "int8", 1, soc="ascend910b")).message


# Shape arithmetic that would wrap ------------------------------------------------------------------------------
def test_split_section_sum_that_wraps_int64_is_161002_naming_the_sum():
    error = rejected(lambda: ascendops.split(np.zeros(4, np.int8), [INT64_MAX, INT64_MAX, 6]))
    assert error.code == 161002 and "sum to more than self.shape[0]" in error.message


@pytest.mark.parametrize(
    "shape, sections, dim, rule",
    [
        ([-4, 8], [8], 1, "negative dim"),
        ([4, -8], [4], 0, "negative dim"),
        ([1 << 62, 4], [1 << 62], 0, "more than 2^63 - 1 elements"),  # 2^64 elements
        ([1 << 31, 1 << 31, 4], [4], 2, "more than 2^63 - 1 elements"),  # wraps to 0 in uint64
        ([1 << 61, 3], [3], 1, "holds more than 2^63 - 1 bytes"),  # 3 * 2^61 int64 elements
        ([8], [INT64_MAX, 2], 0, "sum to more than"),
    ],
)
def test_split_tiling_shape_arithmetic_is_checked(shape, sections, dim, rule):
    with pytest.raises(AclnnError) as info:
        _C.split_tiling(shape, np.dtype(np.int64), sections, dim, "ascend910b", 0)
    assert info.value.code == 161002 and rule in info.value.message


def test_split_tiling_python_rejects_negative_dims_before_the_binding():
    with pytest.raises(ValueError, match=r"shape\[0\] -4 must be in \[0, 2\^63 - 1\]"):
        split_op.tiling((-4, 8), "int8", 8, 1, soc="ascend910b")


# Argument kinds -------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("dim", [True, 1.0, "1", None, np.bool_(True)])
def test_split_and_chunk_dim_must_be_an_int(dim):
    x = np.zeros((4, 6), np.float32)
    for call in (
        lambda: ascendops.split(x, 3, dim),
        lambda: ascendops.chunk(x, 2, dim),
        lambda: split_op.tiling((4, 6), "float32", 3, dim),
    ):
        with pytest.raises(TypeError, match="dim must be an int"):
            call()


@pytest.mark.parametrize(
    "how, error",
    [
        (True, TypeError),
        (2.0, TypeError),
        ("2", TypeError),
        ([2, 2.0], TypeError),
        ([2, True], TypeError),
        ([2**64], ValueError),
    ],
)
def test_split_sections_must_be_ints(how, error):
    with pytest.raises(error, match="split_size"):
        ascendops.split(np.zeros((4, 6), np.float32), how, 1)


@pytest.mark.parametrize(
    "value, error", [("4", TypeError), (4.0, TypeError), (True, TypeError), (-4, ValueError), (None, TypeError)]
)
@pytest.mark.parametrize("name", ["m", "k", "n"])
def test_fused_swiglu_grad_tilings_take_ints_only(name, value, error):
    dims = {"m": 64, "k": 32, "n": 48, name: value}
    with pytest.raises(error, match=rf"^{name} "):
        fsg.tiling(dims["m"], dims["k"], dims["n"])
    if name != "k":
        with pytest.raises(error, match=rf"^{name} "):
            fsg.b_tiling(dims["m"], dims["n"])


def test_fused_swiglu_grad_tiling_overrides_are_checked():
    with pytest.raises(ValueError, match=r"shapes\[.x.\]\[0\] -1 must be in \[0"):
        fsg.w_tiling(4, 16, 16, shapes={"x": [-1, 16]})
    with pytest.raises(ValueError, match="shapes key 'y' is not an operand"):
        fsg.w_tiling(4, 16, 16, shapes={"y": [4, 16]})
    with pytest.raises(TypeError, match=r"dtypes\['dg'\]"):
        fsg.w_tiling(4, 16, 16, dtypes={"dg": 3.5})


@pytest.mark.parametrize("name", ["dy", "g", "fc", "x", "w_g", "w_fc"])
def test_fused_swiglu_grad_dtype_errors_name_the_input(name):
    inputs = dict(zip(("dy", "g", "fc", "x", "w_g", "w_fc"), fsg.sample_all(4, 16, 16)))
    inputs[name] = inputs[name].astype(np.complex64)
    with pytest.raises(TypeError, match=rf"^{name} dtype complex64"):
        ascendops.fused_swiglu_grad(*inputs.values())
