"""FusedSwigluGrad w and x kernels and the user-level call on the CPU twin: all five outputs against the NumPy
golden (``golden.assert_close``: relative error norm < 1e-2 and an RMS-scaled elementwise bound) and against a
float64 reference of the backward (relative error norm); bit-identical results for one AIC:AIV group and the full
SoC; a checker that rejects a backward missing a term of dg; M = 0, non-contiguous inputs, ascend910_93, the
rejected SoC and core_num; the user-level launch report.

Data at unit scale: dy, g, fc, x ~ N(0, 1), w ~ N(0, 1) / sqrt(K). tile_m = 128 (the seed's M tile); M in
{1, tile_m - 1, tile_m, tile_m + 1, 3 tile_m + 5}, each on one AIC:AIV group (the x kernel's blockM then covers M
in the fewest, largest blocks) and on the full SoC (blocks of 16 or 32 rows spread over the AICs): both leave
valid-shape tails. K = 131, N = 263 give the w kernel several K and N blocks and the x kernel, on the full SoC,
blocks across M and K (48 + 48 + 35 columns: the tail's FP32 and BF16 row paddings differ, 35 % 16 = 3, so its cast
goes row by row), on one group one K block of 131; K = 45, N = 40 one block each, paddings equal (one cast per
piece); K = 1100 on one group two x blocks across K (560 + 540), on the full SoC 23 of 48 columns.
"""

import ml_dtypes
import numpy as np
import pytest

import ascendops
from ascendops import AclnnError
from ascendops.golden import fused_swiglu_grad as golden
from ascendops.ops.fused_swiglu_grad import (
    OUTPUTS,
    fused_swiglu_grad,
    fused_swiglu_grad_w,
    fused_swiglu_grad_x,
    sample_all,
    tiling,
    w_tiling,
    x_tiling,
)
from ascendops.golden.fused_swiglu_grad import REL_NORM, assert_close

BF16 = ml_dtypes.bfloat16
TILE_M = 128


def float64_backward(dy, g, fc, x, w_g, w_fc):
    """The backward in float64 from the same bfloat16 inputs, no intermediate rounding (an independent reference)."""
    dy, g, fc, x, w_g, w_fc = (np.asarray(a, np.float64) for a in (dy, g, fc, x, w_g, w_fc))
    s = 1 / (1 + np.exp(-g))
    dg = dy * fc * s * (1 + g * (1 - s))
    dfc = dy * g * s
    return {
        "dx": dg @ w_g.T + dfc @ w_fc.T,
        "dw_g": x.T @ dg,
        "dw_fc": x.T @ dfc,
        "db_g": dg.sum(0, keepdims=True),
        "db_fc": dfc.sum(0, keepdims=True),
    }


def check(m, k, n, core_num=0, soc="ascend910b", seed=0):
    a = sample_all(m, k, n, seed=seed)
    out = fused_swiglu_grad(*a, soc=soc, core_num=core_num)
    ref = golden.fused_swiglu_grad(*a)
    exact = float64_backward(*a)
    for name in OUTPUTS:
        assert out[name].dtype == BF16, name
        assert_close(out[name], ref[name], name)
        # float64 has no bf16 rounding of dg / dfc: the relative norm only (elementwise, a sum of M terms each
        # rounded by 2^-9 can stray past 1e-2 RMS where it cancels)
        got, want = out[name].astype(np.float64), exact[name]
        assert np.linalg.norm(got - want) / np.linalg.norm(want) < REL_NORM, name + " vs float64"
    return out


# ---- the checker rejects a wrong backward ----


def backward_missing_a_dg_term(dy, g, fc, x, w_g, w_fc):
    """dg without the g (1 - s) term of SiLU'(g), propagated into dx, dw_g and db_g."""
    dy, g, fc = (np.asarray(v, np.float32) for v in (dy, g, fc))
    dg = (dy * fc * golden.sigmoid(g)).astype(BF16)
    dfc = golden.b_kernel(dy, g, fc)["dfc"]
    wrong = {**golden.x_kernel(dg, dfc, w_g, w_fc), **golden.w_kernel(x, dg, dfc)}
    wrong["db_g"] = dg.astype(np.float32).sum(0, keepdims=True).astype(BF16)
    return wrong


def test_checker_rejects_a_missing_dg_term():
    a = sample_all(TILE_M + 1, 24, 40, seed=3)
    out = fused_swiglu_grad(*a)
    wrong = backward_missing_a_dg_term(*a)
    for name in ("dx", "dw_g", "db_g"):
        with pytest.raises(AssertionError, match="relative error norm"):
            assert_close(out[name], wrong[name], name)


# ---- kernels vs golden ----


def assert_covers(t, m):
    """The x blocks cover the M rows exactly, the last one a tail when M is not a multiple."""
    bm, blocks = t["block_m"], t["m_blocks"]
    assert (blocks - 1) * bm < m <= blocks * bm and (bm % 16 == 0 or bm == m), (bm, blocks)


@pytest.mark.parametrize("core_num", [2, 0])
@pytest.mark.parametrize("m", [1, TILE_M - 1, TILE_M, TILE_M + 1, 3 * TILE_M + 5])
def test_m_around_the_tile(m, core_num):
    assert_covers(x_tiling(m, 45, 40, core_num=core_num), m)
    check(m, 45, 40, core_num=core_num, seed=m)


@pytest.mark.parametrize("m", [TILE_M + 1, 3 * TILE_M + 5])
def test_several_blocks_of_each_output(m):
    w, x = w_tiling(m, 131, 263), x_tiling(m, 131, 263)
    assert w["k_blocks"] >= 2 and w["n_blocks"] >= 2 and w["units"] == 2 * w["k_blocks"] * w["n_blocks"]
    assert x["m_blocks"] >= 2 and x["k_blocks"] == 3 and x["block_k"] == 48  # 131 = 48 + 48 + 35
    assert_covers(x, m)
    check(m, 131, 263, seed=m + 1)


def test_two_x_blocks_across_k():
    t = x_tiling(TILE_M + 1, 1100, 40, core_num=2)
    assert (t["k_blocks"], t["block_k"]) == (2, 560)  # ceil(1100 / 1024) = 2 blocks of AlignUp(550, 16)
    check(TILE_M + 1, 1100, 40, core_num=2, seed=2)
    # the full SoC: K is split further while AICs would idle: one M block of 129 rows, 23 K blocks of 48 (the
    # last 44), 23 units on 23 AICs
    t = x_tiling(TILE_M + 1, 1100, 40)
    assert (t["m_blocks"], t["block_k"], t["k_blocks"], t["block_dim"]) == (1, 48, 23, 23)
    check(TILE_M + 1, 1100, 40, seed=2)


def test_bit_identical_for_one_group_and_the_full_soc():
    a = sample_all(3 * TILE_M + 5, 131, 263, seed=7)
    one, full = (fused_swiglu_grad(*a, core_num=c) for c in (2, 0))
    t1, tf = tiling(3 * TILE_M + 5, 131, 263, core_num=2), tiling(3 * TILE_M + 5, 131, 263)
    assert (t1["w"]["block_dim"], t1["x"]["block_dim"]) == (1, 1)
    # full SoC: 24 w units on 24 AICs; x blocks 64 x 48 (7 x 3 = 21 units, tails of 5 rows and 35 columns) on 21
    # AICs; one group: x blocks 208 x 131
    assert (tf["w"]["block_dim"], tf["x"]["block_dim"]) == (24, 21)
    assert (t1["x"]["block_m"], t1["x"]["block_k"], tf["x"]["block_m"], tf["x"]["block_k"]) == (208, 131, 64, 48)
    for name in OUTPUTS:
        assert one[name].tobytes() == full[name].tobytes(), name


@pytest.mark.parametrize("m,k,n", [(300, 200, 96), (3 * TILE_M + 5, 131, 263), (256, 384, 512)])
def test_x_blocks_across_m_and_k_bit_identical_for_any_core_count(m, k, n):
    """The x kernel's blocks follow the core count (K split while AICs would idle, tails in M and K); dx does not."""
    dy, g, fc, _, w_g, w_fc = sample_all(m, k, n, seed=m + k)
    b = golden.b_kernel(dy, g, fc)
    want = golden.x_kernel(b["dg"], b["dfc"], w_g, w_fc)["dx"]
    shapes, runs = set(), []
    for core_num in (2, 4, 6, 10, 0):
        t = x_tiling(m, k, n, core_num=core_num)
        assert_covers(t, m)
        assert (t["k_blocks"] - 1) * t["block_k"] < k <= t["k_blocks"] * t["block_k"]
        shapes.add((t["block_m"], t["block_k"]))
        runs.append(fused_swiglu_grad_x(b["dg"], b["dfc"], w_g, w_fc, core_num=core_num)["dx"])
    assert len(shapes) >= 3, shapes  # several block shapes, among them K split into several blocks
    assert any(bk < k for _, bk in shapes), shapes
    assert_close(runs[0], want, "dx")
    for dx in runs[1:]:
        assert dx.tobytes() == runs[0].tobytes()


def test_w_and_x_kernels_alone():
    dy, g, fc, x, w_g, w_fc = sample_all(TILE_M + 1, 131, 263, seed=5)
    b = golden.b_kernel(dy, g, fc)
    w = fused_swiglu_grad_w(x, b["dg"], b["dfc"])
    ref_w = golden.w_kernel(x, b["dg"], b["dfc"])
    for name in ("dw_g", "dw_fc"):
        assert_close(w[name], ref_w[name], name)
    dx = fused_swiglu_grad_x(b["dg"], b["dfc"], w_g, w_fc)["dx"]
    assert_close(dx, golden.x_kernel(b["dg"], b["dfc"], w_g, w_fc)["dx"], "dx")


def test_ascend910_93():
    check(TILE_M + 1, 24, 40, soc="ascend910_93")


def test_non_contiguous_inputs():
    a = sample_all(20, 24, 40, seed=9)
    views = [np.asfortranarray(v)[:, :] for v in a]  # same values, column-major
    views[3] = np.repeat(a[3], 2, axis=1)[:, ::2]  # x strided
    assert not any(v.flags.c_contiguous for v in views)
    out = fused_swiglu_grad(*views)
    dense = fused_swiglu_grad(*a)
    for name in OUTPUTS:
        assert out[name].tobytes() == dense[name].tobytes(), name


def test_inputs_unchanged():
    a = sample_all(17, 24, 40, seed=8)
    before = [v.copy() for v in a]
    fused_swiglu_grad(*a)
    assert all(v.tobytes() == b.tobytes() for v, b in zip(a, before))


def test_empty_m():
    out = fused_swiglu_grad(*sample_all(0, 24, 40))
    assert out["dx"].shape == (0, 24)
    shapes = {"dw_g": (24, 40), "dw_fc": (24, 40), "db_g": (1, 40), "db_fc": (1, 40)}
    for name, shape in shapes.items():
        assert out[name].shape == shape and not np.any(out[name].astype(np.float32)), name


def test_ascend310p_rejected():
    with pytest.raises(AclnnError) as e:
        fused_swiglu_grad(*sample_all(2, 16, 16), soc="ascend310p")
    assert e.value.code == 161002 and "soc ascend310p is not supported" in str(e.value)


def test_one_core_rejected_for_the_mix_kernels():
    with pytest.raises(AclnnError) as e:
        fused_swiglu_grad(*sample_all(2, 16, 16), core_num=1)
    assert e.value.code == 161002 and "core_num 1 must be >= 2" in str(e.value)


def test_exported():
    assert ascendops.fused_swiglu_grad is fused_swiglu_grad
    assert ascendops.tiling.fused_swiglu_grad is tiling


def test_bench_rows_against_the_rooflines():
    from argparse import Namespace

    from ascendops.bench import fused_swiglu_grad as bench

    rows = bench.run(Namespace(shape=[(64, 32, 128)], soc="ascend910b", core_num=0))
    assert [r["kernel"] for r in rows] == [
        "b",
        "w alone",
        "x alone",
        "w in the backward",
        "x in the backward",
        "backward (b + w + x)",
    ]
    b, w, x, w_in, x_in, total = rows
    assert b["roofline_us"] == round(b["modeled_us"] / b["ratio"], 1)  # the achievable memory roofline
    cube_us = 2 * 2 * 64 * 32 * 128 / (24 * 4096 * 2 * 1850)  # two products, 24 AIC x 4096 MAC/cycle x 1.85 GHz
    for r in (w, x, w_in, x_in):
        assert r["roofline_us"] == round(cube_us, 1) and r["ratio"] <= 1  # a fraction of the peak
    # in the backward dg and dfc are in L2 (written by b): never slower than alone
    assert w_in["modeled_us"] <= w["modeled_us"] and x_in["modeled_us"] <= x["modeled_us"]
    assert total["modeled_us"] == pytest.approx(b["modeled_us"] + w_in["modeled_us"] + x_in["modeled_us"], abs=0.2)


def test_user_level_report_is_the_three_launches_in_sequence():
    from ascendops import _C, fused_swiglu_grad_b

    dy, g, fc, x, w_g, w_fc = sample_all(TILE_M + 1, 131, 263, seed=6)
    b = fused_swiglu_grad_b(dy, g, fc)
    parts = [_C.last_launch_report()]
    fused_swiglu_grad_w(x, b["dg"], b["dfc"])
    parts.append(_C.last_launch_report())
    fused_swiglu_grad_x(b["dg"], b["dfc"], w_g, w_fc)
    parts.append(_C.last_launch_report())
    fused_swiglu_grad(dy, g, fc, x, w_g, w_fc)
    whole = _C.last_launch_report()
    assert [p["tiling_key"] for p in parts] == [1, 2, 3] and whole["tiling_key"] == 0
    assert [p["kernel"] for p in whole["parts"]] == [p["kernel"] for p in parts]
    assert whole["modeled_device_us"] == pytest.approx(sum(p["modeled_device_us"] for p in whole["parts"]))
    for field in ("modeled_launch_us", "roofline_bytes"):
        assert whole[field] == pytest.approx(sum(p[field] for p in parts)), field
    # the kernels alone read inputs fresh from the host; in the call, w and x read dg / dfc the b kernel left in L2
    alone = [p["modeled_device_us"] for p in parts]
    inside = [p["modeled_device_us"] for p in whole["parts"]]
    # (the copy terms that depend on GM addresses, burst alignment and the same-address term's 4 KB chunks, move a
    # little with where the buffers land)
    assert inside[0] == pytest.approx(alone[0], rel=1e-3) and inside[1] <= alone[1] and inside[2] <= alone[2]
    assert len(whole["cores"]) == sum(len(p["cores"]) for p in parts)
    first = len(parts[0]["cores"])
    for i, part in ((1, parts[1]), (2, parts[2])):
        cores = whole["cores"][first : first + len(part["cores"])]
        first += len(part["cores"])
        share = max(c["cube_l2_hit_share"] for c in cores)
        assert share > max(c["cube_l2_hit_share"] for c in part["cores"]) > 0, i
    assert whole["block_dim"] == max(p["block_dim"] for p in parts)
