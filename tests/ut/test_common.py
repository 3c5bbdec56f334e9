"""op_host/common: tiling helpers, the dtype table, the aclnn error path and the tensor bridge."""

import re
from pathlib import Path

import ml_dtypes
import numpy as np
import pytest
from hypothesis import given, strategies as st

import ascendops
from ascendops import AclnnError, _C, _C_test, _sim_bench

U64_MAX = 2**64 - 1
u64 = st.integers(min_value=0, max_value=U64_MAX)
positive_u64 = st.integers(min_value=1, max_value=U64_MAX)


# --- CeilDiv / AlignUp / AlignDown ---


@pytest.mark.parametrize(
    "a, b, expected",
    [
        (0, 32, 0),
        (1, 32, 1),
        (32, 32, 1),
        (33, 32, 2),
        (7, 0, 0),
        (U64_MAX, 1, U64_MAX),
        (U64_MAX, 2, 2**63),
        (U64_MAX, U64_MAX, 1),
        (U64_MAX - 1, U64_MAX, 1),
    ],
)
def test_ceil_div(a, b, expected):
    assert _C_test.ceil_div(a, b) == expected


@pytest.mark.parametrize(
    "a, b, up, down",
    [
        (0, 32, 0, 0),
        (1, 32, 32, 0),
        (32, 32, 32, 32),
        (33, 32, 64, 32),
        (5, 0, 5, 5),
        (U64_MAX, 32, U64_MAX - 31, U64_MAX - 31),  # saturates at the largest multiple instead of wrapping
        (2**64 - 32, 32, 2**64 - 32, 2**64 - 32),
        (2**63 + 1, 2**63, 2**63, 2**63),
    ],
)
def test_align(a, b, up, down):
    assert _C_test.align_up(a, b) == up
    assert _C_test.align_down(a, b) == down


@given(a=u64, b=positive_u64)
def test_helpers_match_exact_integer_math(a, b):
    assert _C_test.ceil_div(a, b) == -(-a // b)
    assert _C_test.align_down(a, b) == a // b * b
    exact_up = -(-a // b) * b
    assert _C_test.align_up(a, b) == (exact_up if exact_up <= U64_MAX else a // b * b)


def test_helpers_reject_negative_and_overflowing_ints():
    with pytest.raises(TypeError):
        _C_test.ceil_div(-1, 2)
    with pytest.raises(TypeError):
        _C_test.align_up(2**64, 2)


# --- SplitEvenly ---


def test_split_hand_worked():
    # 1000 units in blocks of 32 over 8 cores: 31 blocks -> 7 cores take 4 blocks, 1 takes 3, plus an 8-unit tail.
    s = _C_test.split_evenly(1000, 8, 32)
    assert (s["parts"], s["blocks_per_part"], s["big_parts"], s["tail_units"]) == (8, 3, 7, 8)
    assert s["units"] == [128] * 7 + [96 + 8]
    assert s["starts"] == [0, 128, 256, 384, 512, 640, 768, 896]


def test_split_fewer_blocks_than_cores():
    s = _C_test.split_evenly(100, 48, 32)  # 3 whole blocks and a tail of 4
    assert s["parts"] == 3
    assert s["units"] == [32, 32, 36]


@pytest.mark.parametrize("total", [0, 1, 31])
def test_split_less_than_one_block(total):
    s = _C_test.split_evenly(total, 8, 32)
    assert s["parts"] == 1
    assert s["units"] == [total]
    assert s["starts"] == [0]


def test_split_zero_block_units_and_zero_parts_are_one():
    assert _C_test.split_evenly(10, 0, 0)["units"] == [10]


def test_split_huge_total():
    total = U64_MAX
    s = _C_test.split_evenly(total, 48, 16)
    assert s["parts"] == 48
    assert sum(s["units"]) == total
    assert s["starts"][-1] + s["units"][-1] == total


@given(total=st.integers(0, 2**40), max_parts=st.integers(0, 64), block=st.integers(0, 4096))
def test_split_properties(total, max_parts, block):
    s = _C_test.split_evenly(total, max_parts, block)
    block = block or 1
    blocks = total // block
    assert s["parts"] >= 1 and s["parts"] <= max(1, max_parts)
    assert s["parts"] <= max(1, blocks)  # never more parts than blocks
    assert s["big_parts"] < s["parts"] or s["parts"] == 1 and s["big_parts"] == 0
    assert sum(s["units"]) == total  # parts cover everything ...
    assert s["starts"][0] == 0
    for i in range(1, s["parts"]):  # ... contiguously, without overlap
        assert s["starts"][i] == s["starts"][i - 1] + s["units"][i - 1]
    whole = s["units"][:-1] + [s["units"][-1] - s["tail_units"]]
    assert all(u % block == 0 for u in whole)  # whole blocks; the tail belongs to the last part
    assert s["tail_units"] == total % block
    sizes = {u // block for u in whole}
    assert max(sizes) - min(sizes) <= 1  # even: parts differ by at most one block


# --- dtype table ---

# aclDataType values of CANN (acl/acl_base.h) and NumPy itemsizes.
EXPECTED_DTYPES = {
    "float32": (0, 4),
    "float16": (1, 2),
    "int8": (2, 1),
    "int32": (3, 4),
    "uint8": (4, 1),
    "int16": (6, 2),
    "uint16": (7, 2),
    "uint32": (8, 4),
    "int64": (9, 8),
    "uint64": (10, 8),
    "float64": (11, 8),
    "bool": (12, 1),
    "bfloat16": (27, 2),
}


def test_dtype_table():
    assert {d["name"]: (d["acl_value"], d["bytes"]) for d in _C.dtypes()} == EXPECTED_DTYPES
    for d in _C.dtypes():
        assert np.dtype(d["name"]).itemsize == d["bytes"]


# --- AclnnError ---


@pytest.mark.parametrize("code", [161001, 161002, 361001, 561002])
def test_aclnn_error_from_cpp_carries_code_and_message(code):
    with pytest.raises(AclnnError) as info:
        _C_test._raise_aclnn(code, f"x: value 3 breaks rule {code}")
    assert info.value.code == code
    assert info.value.message == f"x: value 3 breaks rule {code}"
    assert str(code) in str(info.value)
    assert _C_test._recent_error() == f"x: value 3 breaks rule {code}"


def test_aclnn_error_is_runtime_error_and_zero_is_success():
    assert issubclass(AclnnError, RuntimeError)
    assert _C_test._raise_aclnn(0, "") is None
    e = AclnnError(161002, "self: dtype complex64 is not supported")
    assert (e.code, e.message, e.code_name) == (
        161002,
        "self: dtype complex64 is not supported",
        "ACLNN_ERR_PARAM_INVALID",
    )
    assert ascendops.AclnnError is AclnnError


# --- tensor bridge (NumPy -> aclTensor on the device -> NumPy) ---

BRIDGE_DTYPES = [
    np.float32,
    np.float16,
    ml_dtypes.bfloat16,
    np.int8,
    np.uint8,
    np.int16,
    np.int32,
    np.int64,
    np.float64,
    np.bool_,
]


@pytest.mark.parametrize("dtype", BRIDGE_DTYPES, ids=lambda d: np.dtype(d).name)
def test_bridge_roundtrip_contiguous(dtype):
    a = (np.arange(3 * 17) % 7).astype(dtype).reshape(3, 17)
    back, info = _C_test._bridge_roundtrip(a)
    assert back.dtype == a.dtype and back.shape == a.shape
    np.testing.assert_array_equal(back.astype(np.float64), a.astype(np.float64))
    assert info == {
        "dtype": np.dtype(dtype).name,
        "shape": [3, 17],
        "strides": [17, 1],
        "offset": 0,
        "storage_elements": 51,
    }


def test_bridge_keeps_strides_and_uploads_only_the_span_of_a_view():
    base = np.arange(6 * 10, dtype=np.float16).reshape(6, 10)
    view = base[1:5:2, 2:9:3]
    back, info = _C_test._bridge_roundtrip(view)
    np.testing.assert_array_equal(back, view)
    # the storage is the span of the view (elements 12 .. 38 of base), not base
    assert info == {"dtype": "float16", "shape": [2, 3], "strides": [20, 3], "offset": 0, "storage_elements": 27}


def test_bridge_packs_a_view_spread_thin_over_a_large_array():
    base = np.arange(1024 * 1024, dtype=np.float32).reshape(1024, 1024)  # 4 MiB
    column = base[::256, 3]  # 4 elements spanning 3 MiB: a packed copy goes up, not the span
    back, info = _C_test._bridge_roundtrip(column)
    np.testing.assert_array_equal(back, column)
    assert info == {"dtype": "float32", "shape": [4], "strides": [1], "offset": 0, "storage_elements": 4}
    rows = base[:2, :3]  # span 4 KiB (< 1 MiB): uploaded as it is, strides kept
    assert _C_test._bridge_roundtrip(rows)[1]["strides"] == [1024, 1]


def test_bridge_transposed_bfloat16():
    a = np.arange(12, dtype=np.float32).astype(ml_dtypes.bfloat16).reshape(3, 4).T
    back, info = _C_test._bridge_roundtrip(a)
    np.testing.assert_array_equal(back.astype(np.float32), a.astype(np.float32))
    assert (info["shape"], info["strides"], info["offset"]) == ([4, 3], [1, 4], 0)


def test_bridge_negative_strides_and_byte_order_are_normalised():
    back, info = _C_test._bridge_roundtrip(np.arange(5, dtype=np.int32)[::-1])
    assert back.tolist() == [4, 3, 2, 1, 0] and info["strides"] == [1]
    back, _ = _C_test._bridge_roundtrip(np.arange(4, dtype=">i4"))
    assert back.dtype == np.int32 and back.tolist() == [0, 1, 2, 3]


def test_bridge_empty_and_scalar():
    back, info = _C_test._bridge_roundtrip(np.zeros((0, 3), np.int8))
    assert back.shape == (0, 3) and info["storage_elements"] == 0
    back, info = _C_test._bridge_roundtrip(np.array(2.5, np.float32))
    assert back.shape == () and float(back) == 2.5 and info["shape"] == []


def test_bridge_output_tensor_is_contiguous():
    assert _C_test._bridge_empty([2, 3, 4], "bfloat16") == {
        "dtype": "bfloat16",
        "shape": [2, 3, 4],
        "strides": [12, 4, 1],
        "offset": 0,
        "storage_elements": 24,
    }


def test_bridge_rejects_unsupported_dtypes():
    with pytest.raises(TypeError, match="complex64 is not supported"):
        _C_test._bridge_roundtrip(np.zeros(3, np.complex64))
    with pytest.raises(TypeError, match="not a dtype"):
        _C_test._bridge_empty([2], "nodtype")
    with pytest.raises(ValueError, match="negative"):
        _C_test._bridge_empty([-1], "int8")


# --- the modules: _C the product, _sim_bench what `ascendops bench` runs, _C_test the tests' hooks; one twin ---

TEST_HOOKS = {
    "_bridge_roundtrip",
    "_bridge_empty",
    "_raise_aclnn",
    "_recent_error",
    "cast_get_workspace",
    "embedding_dense_grad_get_workspace",
    "embedding_dense_grad_on_filled_workspace",
    "fused_gdn_decode_get_workspace",
    "fused_swiglu_grad_b_get_workspace",
    "fused_swiglu_grad_get_workspace",
    "split_get_workspace",
    "split_list_words",
    "simtest",
    "simapi",
}
TWIN_TEST_KERNELS = {
    "run_vec",
    "run_arch3510",
    "run_cast",
    "run_strict",
    "run_pipe_sync",
    "run_dcache",
    "run_rules",
    "run_atomic",
    "run_sync",
    "run_copy_pad",
    "run_copy_chain",
    "run_cast_add",
    "cast_table",
    "live_allocations",
    "twin_footprint",
    "run_sanitizer",
    "run_ub_as_found",
    "run_kernel_fault",
    "proposal_sort",
    "strided_bytes_in",
    "strided_first_overlap",
    "footprint_byte_ranges",
    "bank_beats",
    "run_cube_sync",
    "run_matmul_static",
    "run_cross_core",
    "vec_index",
    "cmp_mask",
    "type_traits",
    "gather_mask",
    "gatherb",
    "sort",
    "gm_fill",
    "copy",
}
BENCH_KERNELS = {
    "bench",
    "run_copy",
    "run_stream",
    "cube_info",
    "matmul_tiling",
    "run_matmul",
    "run_add_calibration",
    "run_copy_stream",
    "run_copy_stream_l1",
    "run_empty",
    "run_gelu_calibration",
    "run_nd2nz_calibration",
}
HOST_OVERHEAD = {"cast_host_overhead_us", "embedding_dense_grad_host_overhead_us", "fused_gdn_decode_host_overhead_us"}


def public(module):
    return {name for name in dir(module) if not name.startswith("__")}


def test_test_hooks_live_only_in_the_test_extension():
    assert TEST_HOOKS <= public(_C_test)
    assert TWIN_TEST_KERNELS == public(_C_test.simtest)
    assert not TEST_HOOKS & public(_C)
    assert not TEST_HOOKS & public(_sim_bench)


def test_bench_kernels_live_only_in_the_bench_module():
    assert public(_sim_bench) == BENCH_KERNELS | HOST_OVERHEAD
    assert not (BENCH_KERNELS | HOST_OVERHEAD | TWIN_TEST_KERNELS) & public(_C)
    assert public(_C.cost) == {"params"}


def test_the_product_module_has_no_test_or_bench_name():
    hook_like = [
        n
        for n in public(_C)
        if n.startswith(("_", "run_", "sim"))
        and n not in {"sim_device"}
        or n.endswith(("_get_workspace", "_on_filled_workspace", "_host_overhead_us", "_list_words"))
    ]
    assert hook_like == []


def test_all_modules_share_one_twin():
    """_C, _C_test and _sim_bench link one libascendops_sim.so: one recent error, one span-trace request per thread."""
    with pytest.raises(AclnnError):
        _C_test._raise_aclnn(161002, "x: recorded by _C_test")
    assert _C_test._recent_error() == "x: recorded by _C_test"
    with pytest.raises(AclnnError) as info:
        _C.set_sim_device("ascend910b", 10**6)
    assert _C_test._recent_error() == info.value.message != "x: recorded by _C_test"
    x = np.zeros(4096, np.float16)
    assert _sim_bench.run_copy(x, 1, 1024, "ascend910b", 2)[1]["trace"] is None
    _C.request_span_trace(0, 64)  # the twin's per-thread request, read by the bench module's launch
    try:
        trace = _sim_bench.run_copy(x, 1, 1024, "ascend910b", 2)[1]["trace"]
    finally:
        _C.request_span_trace(-1)
    assert trace is not None and trace["core"] == 0


ACL_DEFINITION = re.compile(r"^[A-Za-z_][\w:<>*& ]*?\b(acl(?!nn)[A-Za-z]\w*)\s*\([^;{]*\)\s*(?:const\s*)?\{", re.M)


def acl_definitions(folder):
    return {
        f"{p.relative_to(folder)}: {m.group(1)}"
        for p in sorted(folder.rglob("*.cpp")) + sorted(folder.rglob("*.h"))
        for m in ACL_DEFINITION.finditer(p.read_text())
    }


def test_op_api_defines_no_acl_runtime_function():
    """The twin alone stands in for CANN's runtime (acl*): op_api calls acl functions and defines none (its aclnn*
    entry points are its own)."""
    root = Path(__file__).resolve().parents[2]
    assert "src/acl_runtime.cpp: aclGetRecentErrMsg" in acl_definitions(root / "ascendc_sim")  # the scan finds them
    assert acl_definitions(root / "op_api") == set()
