"""The cube kernels' cost on the twin against hand-worked figures (modeled, never measured): L2 serves the panel
bytes beyond the launch's distinct footprint (A2A3.ini: ddr_read_rate 32, l2_read_rate 110 B/cycle), a K panel L1
holds whole is loaded once per row of blocks, the AIV's cast pass follows the cube (the AIC's epilogue) and reads
the FP32 slot its own Matmul just wrote from L2 (the cores' hits share the L2's aggregate bandwidth)."""

import pytest

from ascendops import _C
from ascendops.ops.fused_swiglu_grad import fused_swiglu_grad_w, fused_swiglu_grad_x, sample_all, w_tiling, x_tiling

FREQ_MHZ = 1850.0
COPY_ISSUE = 13.0  # cycles a copy holds MTE2 (SoC table, ascend910b; its latency overlaps)
L2_READ = 110.0  # B/cycle per core
L2_PEAK_GBPS = 5960.0  # the L2's aggregate read bandwidth the cores' hits share (soc.cpp L2PeakGBps)


def l2_rate(active_aivs):
    """A core's L2 read rate, B/cycle: the config's, within its share of the L2's aggregate bandwidth."""
    return min(L2_READ, L2_PEAK_GBPS * 1e3 / FREQ_MHZ / active_aivs)


def aics(report):
    return [c for c in report["cores"] if c["gm_to_l1_bytes"] > 0]


def test_w_panels_beyond_the_footprint_hit_l2():
    m, k, n = 512, 256, 352
    dy, g, fc, x, _, _ = sample_all(m, k, n, seed=1)
    fused_swiglu_grad_w(x, g, fc, core_num=4)
    report = _C.last_launch_report()
    t = w_tiling(m, k, n, core_num=4)
    # every unit streams its x^T panel (block_k columns) and its dg / dfc panel (block_n columns) over all M rows
    rows = [min(t["block_k"], k - i * t["block_k"]) for i in range(t["k_blocks"])]
    cols = [min(t["block_n"], n - j * t["block_n"]) for j in range(t["n_blocks"])]
    read = 2 * sum((a + b) * m * 2 for a in rows for b in cols)
    footprint = (m * k + 2 * m * n) * 2  # x, dg, dfc once
    assert sum(c["gm_to_l1_bytes"] for c in aics(report)) == read
    for c in aics(report):
        assert c["cube_l2_hit_share"] == pytest.approx((read - footprint) / read)
        assert c["cube_epilogue_us"] == 0  # the w kernel's AIV has nothing after its Matmul


def test_x_keeps_the_dg_panel_in_l1_and_reads_its_slot_from_l2():
    m, k, n = 352, 512, 1024
    _, g, fc, _, w_g, w_fc = sample_all(m, k, n, seed=2)
    t = x_tiling(m, k, n, core_num=4)
    assert (t["block_m"], t["m_blocks"], t["block_k"], t["cube"]["baseN"], t["cast_rows"]) == (176, 2, 512, 128, 30)
    fused_swiglu_grad_x(g, fc, w_g, w_fc, core_num=4)
    report = _C.last_launch_report()
    cube = aics(report)
    assert len(cube) == 2
    # two products a unit: dg's [176, 1024] panel once (it stays for the 4 N blocks of 128), all of w once
    for c in cube:
        assert c["gm_to_l1_bytes"] == 2 * (176 * n * 2 + k * n * 2)
    # the AIV with the unit casts its 176 x 512 FP32 slot in pieces of 30 rows (5 x 30 + 26), each a read of its own
    # Matmul's result: one issue plus the bytes at the L2 rate (8 AIVs: the config's 110 B/cycle)
    aiv = report["cores"][0]
    rate = l2_rate(8)
    want = 5 * (COPY_ISSUE + 30 * k * 4 / rate) + COPY_ISSUE + 26 * k * 4 / rate
    assert aiv["pipe_busy_us"]["mte2_us"] == pytest.approx(want / FREQ_MHZ, rel=1e-6)
    # that cast pass follows the cube: the AIC's time is its slowest cube pipe plus that epilogue
    for c in cube:
        pipes = c["pipe_busy_us"]
        assert c["cube_epilogue_us"] > 0.5 * aiv["pipe_busy_us"]["core_us"]
        slowest = max(pipes[p] for p in ("mte2_us", "mte1_us", "cube_us", "fixpipe_us"))
        assert pipes["core_us"] == pytest.approx(slowest + c["cube_epilogue_us"])


def test_x_splits_k_to_fill_the_aics_at_small_m():
    m, k, n = 512, 512, 1024
    t = x_tiling(m, k, n)
    # 24 AICs: blocks 96 x 128, 6 x 4 = 24 units, one per AIC. Each unit reads its dg and dfc panels [96, 1024] and
    # its w_g and w_fc panels [128, 1024] once: 2 x (96 + 128) x 1024 x 2 B = 917504 B, where K whole (blockK 512)
    # would leave 8 AICs idle and re-read all of w in each of 16 units.
    assert (t["block_m"], t["block_k"], t["m_blocks"], t["k_blocks"], t["units"], t["block_dim"]) == (
        96,
        128,
        6,
        4,
        24,
        24,
    )
    # the FP32 slots are [96, 128] per AIV; one cast piece covers a slot
    assert (t["cast_rows"], t["workspace_bytes"]) == (96, 16 * 1024 * 1024 + 48 * 96 * 128 * 4)
    _, g, fc, _, w_g, w_fc = sample_all(m, k, n, seed=3)
    fused_swiglu_grad_x(g, fc, w_g, w_fc)
    report = _C.last_launch_report()
    cube = aics(report)
    # 512 = 5 x 96 + 32: the 4 units of the last M block read panels of 32 rows
    assert sorted(c["gm_to_l1_bytes"] for c in cube) == [2 * (32 + 128) * n * 2] * 4 + [2 * (96 + 128) * n * 2] * 20
    # launch-wide: the distinct bytes (dg, dfc, w_g, w_fc) miss, every re-read hits: 1 - (512 + 512) / (4 x 512 + 6
    # x 512) of the 2 x N x 2 B per row of each panel
    for c in cube:
        assert c["cube_l2_hit_share"] == pytest.approx(1 - (m + k) / (4 * m + 6 * k))
    # the slot is contiguous, so the cast pass reads its own Matmul's result from L2: one copy of rows x 128 FP32
    worker = sorted(c["pipe_busy_us"]["mte2_us"] for c in report["cores"] if c["gm_to_ub_bytes"] > 0)
    want = [(COPY_ISSUE + rows * 128 * 4 / l2_rate(48)) / FREQ_MHZ for rows in [32] * 4 + [96] * 20]
    assert worker == pytest.approx(want, rel=1e-6)
