"""FusedSwigluGrad w / x tilings and the user-level aclnnAscendopsFusedSwigluGrad phase 1: hand-worked tiling
fields (blocks, units, groups, the cast pass's UB, the TCubeTiling of one block), and exact codes and messages for
null, dtype, rank, dimension and output errors, the SoC and core_num, the workspace layout and M = 0."""

import ml_dtypes
import numpy as np
import pytest

from ascendops import AclnnError, _C_test
from ascendops._backend import select
from ascendops.ops.fused_swiglu_grad import tiling, w_tiling, x_tiling

BF16 = ml_dtypes.bfloat16
MB16 = 16 * 1024 * 1024  # system workspace (SoC table)
NAMES = ("dy", "g", "fc", "x", "w_g", "w_fc", "dx", "dw_g", "dw_fc", "db_g", "db_fc")
M, K, N = 4, 16, 8


def tensors(**override):
    shapes = {
        "dy": (M, N),
        "g": (M, N),
        "fc": (M, N),
        "x": (M, K),
        "w_g": (K, N),
        "w_fc": (K, N),
        "dx": (M, K),
        "dw_g": (K, N),
        "dw_fc": (K, N),
        "db_g": (1, N),
        "db_fc": (1, N),
    }
    t = {name: np.ones(shape, BF16) for name, shape in shapes.items()}
    t.update(override)
    return [t[name] for name in NAMES]


@pytest.fixture(autouse=True)
def device():
    select("sim", "ascend910b")


def phase1(**override):
    return _C_test.fused_swiglu_grad_get_workspace(tensors(**override))


# ---- tilings ----


def test_w_tiling_4096_512_1024():
    t = w_tiling(4096, 512, 1024)
    # dw [512, 1024]: the block whose busiest AIC streams the fewest panel rows. 128 x 256: 32 units, 8 AICs with 2
    # -> 2 x 384 rows; 128 x 176: 4 x 6 = 24 per output, 48 units, 2 per AIC -> 2 x 304 rows (the least).
    assert (t["block_k"], t["block_n"], t["k_blocks"], t["n_blocks"], t["units"]) == (128, 176, 4, 6, 48)
    assert (t["key"], t["groups"], t["block_dim"], t["workspace_bytes"]) == ("W", 24, 24, MB16)
    c = t["cube"]
    # one base block (SetFixSplit 128 x 176), reduction over all M rows; L0C 128 x 176 x 4 B = 88 KB: dbL0C 1;
    # L1: (128 + 176) x 64 x 2 B x 2 buffers x stepK <= 512 KB -> stepK 6; K never whole: M first.
    assert (c["M"], c["N"], c["Ka"], c["singleCoreK"]) == (128, 176, 4096, 4096)
    assert (c["baseM"], c["baseN"], c["baseK"], c["dbL0C"], c["stepKa"], c["depthA1"]) == (128, 176, 64, 1, 6, 12)
    assert c["iterateOrder"] == 0


def test_x_tiling_4096_512_1024():
    t = x_tiling(4096, 512, 1024)
    # dx [4096, 512]: blockK = K (<= 1024); blockM 176: 24 units on 24 AICs, a unit's MACs 2 x 176 x 512 x 1024 /
    # 4096 = 45056 cycles above its panel reads 2 x (176 x 1024 x 2 / 32 + 512 x 1024 x 2 / 110) = 41593 (128: 32
    # units, two on some AIC: 2 x 35449; 240: 61440); dg's [176, 1024] panel (352 KB) whole in L1 beside w's 32 KB step.
    assert (t["block_m"], t["block_k"], t["m_blocks"], t["k_blocks"], t["units"]) == (176, 512, 24, 1, 24)
    assert (t["groups"], t["block_dim"]) == (24, 24)
    # cast pass: 512 FP32 in + 512 BF16 out per row, double buffered: 6144 B; 188416 // 6144 = 30 rows.
    assert (t["cast_rows"], t["ub_bytes"]) == (30, 30 * 6144)
    # one FP32 slot [176, 512] per AIV: 48 x 352 KB.
    assert t["workspace_bytes"] == MB16 + 48 * 176 * 512 * 4
    c = t["cube"]
    assert (c["Ka"], c["singleCoreK"], c["baseM"], c["baseN"], c["baseK"]) == (1024, 1024, 176, 128, 64)
    # A (dg) K whole: 16 x 64 = 1024 (176 x 64 x 2 B x 16 = 352 KB), single-buffered; B streamed in steps of 5,
    # double-buffered (128 x 64 x 2 B x 10 = 160 KB): 512 KB. N first, so A stays while the 4 N blocks pass.
    assert (c["stepKa"], c["depthA1"], c["stepKb"], c["depthB1"], c["iterateOrder"]) == (16, 16, 5, 10, 1)


def test_cube_call_is_the_block_the_twin_tiled():
    """The Matmul calls the CANN build passes to CANN's matmul_tiling (cube_call) are those behind the twin's cube
    tiling: one block, the reduction over M (w, A = x transposed) or N (x, B = w transposed), one core, the base
    block fixed by SetFixSplit."""
    w, x = w_tiling(4096, 512, 1024), x_tiling(4096, 512, 1024)
    assert w["cube_call"] == dict(
        m=128, n=176, k=4096, dim=1, trans_a=True, trans_b=False, fix_base_m=128, fix_base_n=176
    )
    assert x["cube_call"] == dict(
        m=176, n=512, k=1024, dim=1, trans_a=False, trans_b=True, fix_base_m=176, fix_base_n=128
    )
    for t in (w, x, w_tiling(37, 29, 45)):
        c = t["cube_call"]
        assert (c["m"], c["n"], c["k"]) == (t["cube"]["M"], t["cube"]["N"], t["cube"]["Ka"])
        assert (c["fix_base_m"], c["fix_base_n"]) == (t["cube"]["baseM"], t["cube"]["baseN"])
    assert w_tiling(0, 16, 8)["cube_call"] == dict(
        m=0, n=0, k=0, dim=1, trans_a=False, trans_b=False, fix_base_m=-1, fix_base_n=-1
    )


def test_groups_follow_core_num():
    # one group per unit at most: 48 w units fill every AIC the core count allows
    for core_num, groups in [(2, 1), (3, 1), (8, 4), (0, 24)]:
        assert w_tiling(4096, 512, 1024, core_num=core_num)["block_dim"] == groups
    assert x_tiling(4096, 512, 1024, core_num=8)["block_dim"] == 4


def test_user_tiling_has_the_three_kernels():
    t = tiling(4096, 512, 1024)
    assert (t["b"]["key"], t["w"]["key"], t["x"]["key"]) == ("B", "W", "X")


def test_small_shapes_one_block_per_output_on_one_group():
    # one AIC: the fewest streamed rows is one block per output (2 x (29 + 45)); 24 AICs: 16 x 16 blocks spread them
    t = w_tiling(37, 29, 45, core_num=2)
    assert (t["block_k"], t["block_n"], t["units"], t["block_dim"]) == (29, 45, 2, 1)
    assert (t["cube"]["baseM"], t["cube"]["baseN"], t["cube"]["baseK"]) == (32, 48, 48)
    t = w_tiling(37, 29, 45)
    assert (t["block_k"], t["block_n"], t["units"], t["block_dim"]) == (16, 16, 12, 12)


def test_empty_m_tiling_launches_nothing():
    assert (w_tiling(0, 16, 8)["block_dim"], x_tiling(0, 16, 8)["block_dim"]) == (0, 0)


@pytest.mark.parametrize(
    "kwargs,message",
    [
        (dict(soc="ascend310p"), "soc ascend310p is not supported by FusedSwigluGrad"),
        (dict(core_num=1), "core_num 1 must be >= 2: the w and x kernels run AIC:AIV 1:2 groups"),
        (dict(shapes={"dfc": [4, 9]}), "dfc shape [4, 9] must be [M, N] with N = 8 (from dg)"),
        (dict(dtypes={"x": "float16"}), "x dtype float16 must be bfloat16"),
    ],
)
def test_w_tiling_errors(kwargs, message):
    with pytest.raises(AclnnError) as e:
        w_tiling(4, 16, 8, **kwargs)
    assert e.value.code == 161002 and message in str(e.value)


def test_w_tiling_of_the_longest_reduction():
    # M = 2^31 - 1 rows of reduction: 33554432 base-K steps; L1 takes (16 + 16) x 64 x 2 B x 2 buffers x stepK <=
    # 512 KB -> stepK 64 (the tiling searches the step, it does not walk the reduction).
    c = w_tiling(2**31 - 1, 16, 8)["cube"]
    assert (c["Ka"], c["baseK"], c["stepKa"], c["depthA1"], c["stepKb"], c["depthB1"]) == (
        2**31 - 1,
        64,
        64,
        128,
        64,
        128,
    )


@pytest.mark.parametrize(
    "fn,shape,message",
    [
        (w_tiling, (4, 2**31 - 1, 2**31 - 1), "work units 2 x ceil(K 2147483647 / blockK "),
        (x_tiling, (2**31 - 1, 2**30 - 1, 8), "work units ceil(M 2147483647 / blockM "),
    ],
)
def test_work_units_that_would_wrap_uint32_are_rejected(fn, shape, message):
    with pytest.raises(AclnnError) as e:
        fn(*shape)
    assert e.value.code == 161002 and message in str(e.value) and "must be <= 2^31 - 1" in str(e.value)


def test_x_tiling_k_bound():
    assert x_tiling(4, 2**30 - 1, 8)["k"] == 2**30 - 1
    with pytest.raises(AclnnError) as e:
        x_tiling(4, 2**30, 8)
    assert e.value.code == 161002 and "w_g K 1073741824 must be <= 1073741823" in str(e.value)


# ---- user-level phase 1 ----


@pytest.mark.parametrize("name", NAMES)
def test_null_arguments(name):
    args = tensors()
    args[NAMES.index(name)] = None
    r = _C_test.fused_swiglu_grad_get_workspace(args)
    assert r["status"] == 161001 and r["message"] == f"{name} is null"


@pytest.mark.parametrize(
    "override,message",
    [
        (dict(g=np.ones((M, N), np.float16)), "g dtype float16 must be bfloat16"),
        (dict(w_fc=np.ones((K, N), np.float32)), "w_fc dtype float32 must be bfloat16"),
        (dict(x=np.ones((M, K, 1), BF16)), "x rank 3 [4, 16, 1] must be 2 ([M, K])"),
        (dict(w_g=np.ones(K, BF16)), "w_g rank 1 [16] must be 2 ([K, N])"),
        (dict(g=np.ones((M, 7), BF16)), "g shape [4, 7] must be [M, N] with N = 8 (from dy)"),
        (dict(fc=np.ones((5, N), BF16)), "fc shape [5, 8] must be [M, N] with M = 4 (from dy)"),
        (dict(x=np.ones((5, K), BF16)), "x shape [5, 16] must be [M, K] with M = 4 (from dy)"),
        (dict(w_g=np.ones((15, N), BF16)), "w_g shape [15, 8] must be [K, N] with K = 16 (from x)"),
        (dict(w_fc=np.ones((K, 9), BF16)), "w_fc shape [16, 9] must be [K, N] with N = 8 (from dy)"),
        (dict(x=np.ones((M, 0), BF16)), "x K 0 (shape [4, 0]) must be in [1, 2^31 - 1]"),
        (dict(dy=np.ones((M, 0), BF16)), "dy N 0 (shape [4, 0]) must be in [1, 2^31 - 1]"),
        (dict(dx=np.ones((M, 15), BF16)), "dx shape [4, 15] must be [4, 16]"),
        (dict(dw_g=np.ones((K, N), np.float32)), "dw_g dtype float32 must be bfloat16"),
        (dict(db_fc=np.ones((N, 1), BF16)), "db_fc shape [8, 1] must be [1, 8]"),
        (dict(dw_fc=np.ones((N, K), BF16).T), "dw_fc must be contiguous"),
    ],
)
def test_invalid_arguments(override, message):
    r = phase1(**override)
    assert r["status"] == 161002 and message in r["message"], r


def test_workspace_layout():
    # [dg 64 B][dfc 64 B][kernel workspace: the largest of b (MB16 + 2 x 8 floats), w (MB16), x (MB16 + one
    # group's two [4, 16] FP32 slots = 512 B)]; a strided input adds its dense copy (x: 128 B).
    assert phase1() == {"status": 0, "message": "", "workspace_size": 128 + MB16 + 512}
    strided = np.ones((M, 2 * K), BF16)[:, ::2]
    assert phase1(x=strided)["workspace_size"] == 128 + MB16 + 512 + 128


def test_empty_m_needs_no_workspace():
    e = {
        "dy": np.ones((0, N), BF16),
        "g": np.ones((0, N), BF16),
        "fc": np.ones((0, N), BF16),
        "x": np.ones((0, K), BF16),
        "dx": np.ones((0, K), BF16),
    }
    assert phase1(**e) == {"status": 0, "message": "", "workspace_size": 0}


# ---- the w and x pairs ----


def test_w_pair_errors_and_empty_m():
    from ascendops import fused_swiglu_grad_w

    with pytest.raises(AclnnError) as e:
        fused_swiglu_grad_w(np.ones((4, 16), BF16), np.ones((5, 8), BF16), np.ones((5, 8), BF16))
    assert e.value.code == 161002 and "dg shape [5, 8] must be [M, N] with M = 4 (from x)" in str(e.value)
    out = fused_swiglu_grad_w(np.ones((0, 16), BF16), np.ones((0, 8), BF16), np.ones((0, 8), BF16))
    assert all(v.shape == (16, 8) and not np.any(v.astype(np.float32)) for v in out.values())


def test_x_pair_errors_and_empty_m():
    from ascendops import fused_swiglu_grad_x

    d, w = np.ones((4, 8), BF16), np.ones((16, 8), BF16)
    with pytest.raises(AclnnError) as e:
        fused_swiglu_grad_x(d, d, w, np.ones((16, 9), BF16))
    assert e.value.code == 161002 and "w_fc shape [16, 9] must be [K, N] with N = 8 (from dg)" in str(e.value)
    assert fused_swiglu_grad_x(d[:0], d[:0], w, w)["dx"].shape == (0, 16)
