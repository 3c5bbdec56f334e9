"""The arrays the NumPy API takes, as users pass them (python/ascendops/_args.py: as_array, as_inplace_array,
as_dtype): inputs in any layout and byte order are taken and never modified; FusedGdnDecode's in-place state must
be writeable, C-contiguous and native, else a TypeError naming state and the rule before any kernel runs; arrays of
dtypes outside the package's table (structured, str, bytes, datetime, object, complex, ...) and masked arrays are
TypeErrors naming the parameter; dtype arguments take the command line's aliases."""

import ml_dtypes
import numpy as np
import pytest

import ascendops
from ascendops import _C
from ascendops._args import as_dtype
from ascendops.ops import fused_gdn_decode as fgd
from ascendops.ops import fused_swiglu_grad as fsg
from ascendops.ops import split as split_op
from ascendops.ops.fused_gdn_decode import make_inputs

GDN = (2, 1, 2, 64, 8)  # B, H, Hv, K, V


def gdn_inputs(state_dtype=np.float32):
    return list(make_inputs(*GDN, dtype=ml_dtypes.bfloat16, state_dtype=state_dtype))


def mark_a_launch():
    """A Cast launch to recognise afterwards (its kernel name): a call rejected before its kernel leaves it in place."""
    ascendops.cast(np.zeros(4, np.float32), np.float16)
    kernel = _C.last_launch_report()["kernel"]
    assert kernel.startswith("cast")
    return kernel


# --- FusedGdnDecode's state: the findings of a negative-strided, sparse, big-endian or read-only state ----------
def _negative(state):
    flipped = np.ascontiguousarray(state[::-1])
    return flipped, flipped[::-1]


def _sparse(state):
    """Every other slot of a buffer twice as big."""
    owner = np.zeros((2 * state.shape[0], *state.shape[1:]), state.dtype)
    owner[::2] = state
    return owner, owner[::2]


def _sparse_of_a_big_buffer(state):
    """A view spread over more than 1 MiB (the bridge would pack it to a contiguous copy)."""
    owner = np.zeros((state.shape[0], *state.shape[1:-1], 4096), state.dtype)
    owner[..., : state.shape[-1]] = state
    return owner, owner[..., : state.shape[-1]]


def _big_endian(state):
    owner = state.astype(">f4")
    return owner, owner


def _read_only(state):
    owner = state.copy()
    view = owner.view()
    view.flags.writeable = False
    return owner, view


def _fortran(state):
    owner = np.asfortranarray(state)
    return owner, owner


STATE_LAYOUTS = {
    "negative strides": (_negative, "C-contiguous"),
    "sparse view": (_sparse, "C-contiguous"),
    "sparse view of a big buffer": (_sparse_of_a_big_buffer, "C-contiguous"),
    "big-endian >f4": (_big_endian, "in native byte order (got '>f4')"),
    "read-only": (_read_only, "writeable"),
    "Fortran order": (_fortran, "C-contiguous"),
}


@pytest.mark.parametrize("layout", STATE_LAYOUTS)
def test_a_state_that_cannot_take_the_result_is_rejected_before_the_kernel(layout):
    make, rule = STATE_LAYOUTS[layout]
    arrays = gdn_inputs()
    owner, state = make(arrays[5])
    before = owner.tobytes()
    marker = mark_a_launch()
    with pytest.raises(TypeError, match=rf"^state must be {rule.replace('(', '[(]').replace(')', '[)]')}"):
        ascendops.fused_gdn_decode(*arrays[:5], state, arrays[6])
    assert _C.last_launch_report()["kernel"] == marker  # the kernel never ran
    assert owner.tobytes() == before


@pytest.mark.parametrize("layout", ["negative strides", "sparse view", "big-endian >f4", "read-only"])
def test_the_binding_checks_the_state_before_uploading(layout):
    """The compiled binding holds the same line when called directly (no Python check in front)."""
    arrays = gdn_inputs()
    owner, state = STATE_LAYOUTS[layout][0](arrays[5])
    before = owner.tobytes()
    marker = mark_a_launch()
    with pytest.raises(ValueError, match="^state must be a writeable, C-contiguous array in native byte order"):
        _C.fused_gdn_decode(*arrays[:5], state, arrays[6], fgd._out_shape(arrays[0], arrays[1], state), 1.0, 20.0)
    assert _C.last_launch_report()["kernel"] == marker and owner.tobytes() == before


def test_a_masked_state_is_rejected_before_the_kernel():
    arrays = gdn_inputs()
    state = np.ma.masked_array(arrays[5].copy(), mask=False)
    before = state.data.tobytes()
    marker = mark_a_launch()
    with pytest.raises(TypeError, match=r"^state is a masked array: its mask would be ignored"):
        ascendops.fused_gdn_decode(*arrays[:5], state, arrays[6])
    assert _C.last_launch_report()["kernel"] == marker and state.data.tobytes() == before


def test_a_state_that_is_not_an_array_is_rejected():
    arrays = gdn_inputs()
    with pytest.raises(TypeError, match="^state must be a numpy array: it is updated in place, got list"):
        ascendops.fused_gdn_decode(*arrays[:5], arrays[5].tolist(), arrays[6])


def test_a_dense_state_inside_a_bigger_buffer_is_updated_there_only():
    arrays = gdn_inputs()
    owner = np.full(arrays[5].size + 40, 7.0, np.float32)
    state = owner[24 : 24 + arrays[5].size].reshape(arrays[5].shape)
    state[...] = arrays[5]
    expected_state = arrays[5].copy()
    expected = ascendops.fused_gdn_decode(*arrays[:5], expected_state, arrays[6])
    out = ascendops.fused_gdn_decode(*arrays[:5], state, arrays[6])
    assert out.tobytes() == expected.tobytes() and state.tobytes() == expected_state.tobytes()
    assert (owner[:24] == 7.0).all() and (owner[24 + arrays[5].size :] == 7.0).all()


def test_inputs_in_any_layout_and_byte_order_are_taken_and_kept():
    arrays = gdn_inputs()
    swapped_log = arrays[3].astype(">f4")
    flipped_mixed = np.ascontiguousarray(arrays[0][:, ::-1])[:, ::-1]
    state = arrays[5].copy()
    expected = ascendops.fused_gdn_decode(*arrays[:5], state.copy(), arrays[6])
    out = ascendops.fused_gdn_decode(flipped_mixed, arrays[1], arrays[2], swapped_log, arrays[4], state, arrays[6])
    assert out.tobytes() == expected.tobytes()
    assert swapped_log.dtype.str == ">f4" and np.array_equal(swapped_log, arrays[3])


def test_an_input_aliasing_the_state_is_read_before_the_state_is_written():
    arrays = gdn_inputs()
    state = arrays[5]
    a_log = state[1].reshape(-1)[:2]  # float32 values of slot 1, which row 0 updates
    reference = state.copy()
    expected = ascendops.fused_gdn_decode(*arrays[:3], a_log.copy(), arrays[4], reference, arrays[6])
    out = ascendops.fused_gdn_decode(*arrays[:3], a_log, arrays[4], state, arrays[6])
    assert out.tobytes() == expected.tobytes() and state.tobytes() == reference.tobytes()


# --- dtypes outside the table: TypeError naming the parameter ----------------------------------------------------
NOT_NUMERIC = {
    "structured": lambda shape: np.zeros(shape, [("a", "<f4"), ("b", "<i4")]),
    "str": lambda shape: np.full(shape, "x"),
    "bytes": lambda shape: np.full(shape, b"x"),
    "datetime": lambda shape: np.zeros(shape, "datetime64[s]"),
    "timedelta": lambda shape: np.zeros(shape, "timedelta64[s]"),
    "object": lambda shape: np.full(shape, None, object),
    "complex": lambda shape: np.zeros(shape, np.complex64),
    "void": lambda shape: np.zeros(shape, "V4"),
}


def _calls():
    """(operator, parameter, call with that parameter replaced): every array parameter of every operator."""
    g = np.ones((4, 8), np.float32)
    i = np.zeros(4, np.int32)
    bf = np.ones((4, 8), ml_dtypes.bfloat16)
    gdn = gdn_inputs()
    gdn_names = ("mixed_qkv", "a", "b", "a_log", "dt_bias", "state", "ssm_state_indices")
    calls = [
        ("cast", "x", lambda v: ascendops.cast(v, np.float16)),
        ("split", "x", lambda v: ascendops.split(v, 2)),
        ("chunk", "x", lambda v: ascendops.chunk(v, 2)),
        ("embedding_dense_grad", "grad", lambda v: ascendops.embedding_dense_grad(v, i, 4)),
        ("embedding_dense_grad", "indices", lambda v: ascendops.embedding_dense_grad(g, v, 4)),
        ("embedding_dense_grad_sorted", "pos_idx", lambda v: ascendops.embedding_dense_grad_sorted(g, i, v, 4)),
        ("fused_swiglu_grad_b", "fc", lambda v: ascendops.fused_swiglu_grad_b(bf, bf, v)),
    ]
    for k, name in enumerate(gdn_names):
        calls.append(("fused_gdn_decode", name, lambda v, k=k: ascendops.fused_gdn_decode(*gdn[:k], v, *gdn[k + 1 :])))
    return calls


@pytest.mark.parametrize("kind", NOT_NUMERIC)
@pytest.mark.parametrize("op, name, call", _calls(), ids=[f"{c[0]}-{c[1]}" for c in _calls()])
def test_arrays_of_other_dtypes_are_type_errors_naming_the_parameter(op, name, call, kind):
    with pytest.raises(TypeError, match=rf"^{name} dtype .* is not supported \({kind if kind != 'void' else 'void'}"):
        call(NOT_NUMERIC[kind]((4, 8) if name in ("x", "grad", "fc") else (4,)))


@pytest.mark.parametrize(
    "value, fragment",
    [
        (np.ma.masked_array(np.ones(4, np.float32), mask=[0, 1, 0, 0]), "x is a masked array: its mask would be"),
        ([[1.0, 2.0], [3.0]], "x must be an array of numbers, got list"),
        ([1, "a"], "x dtype <U21 is not supported (str)"),
    ],
)
def test_masked_and_ragged_inputs_name_the_parameter(value, fragment):
    with pytest.raises(TypeError) as info:
        ascendops.cast(value, np.float16)
    assert str(info.value).startswith(fragment), info.value


# --- dtype arguments: NumPy dtypes, names and the command line's aliases -----------------------------------------
@pytest.mark.parametrize(
    "alias, name",
    [
        ("fp16", "float16"),
        ("half", "float16"),
        ("FP32", "float32"),
        ("float", "float32"),
        (" bf16 ", "bfloat16"),
        ("double", "float64"),
        ("int8", "int8"),
    ],  # fmt: skip
)
def test_the_python_api_takes_the_cli_dtype_aliases(alias, name):
    assert as_dtype("dtype", alias).name == name
    assert outcome(ascendops.tiling.cast, (8,), alias, "int32") == outcome(ascendops.tiling.cast, (8,), name, "int32")


def outcome(function, *args):
    """The result of a call, or its AclnnError's code and message."""
    try:
        return function(*args)
    except ascendops.AclnnError as e:
        return e.code, e.message


def test_operators_and_tilings_take_the_aliases():
    x = np.arange(-3, 5, dtype=np.int32)
    assert ascendops.cast(x, "fp16").dtype == np.float16 and ascendops.cast(x, "float").dtype == np.float32
    assert fgd.tiling(2, 1, 2, 64, 8, dtype="bf16", state_dtype="fp32") == fgd.tiling(
        2, 1, 2, 64, 8, dtype="bfloat16", state_dtype="float32"
    )
    assert split_op.tiling((8, 10), "half", 3) == split_op.tiling((8, 10), np.float16, 3)
    assert fsg.b_tiling(8, 16, dtypes={"dy": "bf16"}) == fsg.b_tiling(8, 16)
    x = make_inputs(*GDN, dtype="bf16", state_dtype="fp32")
    assert (x[0].dtype.name, x[5].dtype.name) == ("bfloat16", "float32")


@pytest.mark.parametrize(
    "value, fragment",
    [
        (">f4", "dtype '>f4' is not in native byte order: results are native arrays (pass 'float32')"),
        ("complex64", "dtype complex64 is not supported (complex)"),
        ("int3", "dtype 'int3' is not a dtype"),
        ("int4", "dtype int4 is not supported (numeric)"),  # ml_dtypes' int4: a dtype, not the package's
        (None, "dtype is required"),
    ],
)
def test_dtype_arguments_outside_the_table_name_the_parameter(value, fragment):
    with pytest.raises(TypeError) as info:
        ascendops.cast(np.ones(4, np.float32), value)
    assert str(info.value).startswith(fragment), info.value
    with pytest.raises(TypeError, match="^state_dtype"):
        fgd.tiling(2, 1, 2, 64, 8, state_dtype=value)
