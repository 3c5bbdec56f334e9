"""The cost model's fit to the published A2 rows: each fitted parameter in closed form from the rows that measure
it, so a fit on one source's rows can be judged on the other's.

Sources: S1 (asc-devkit add_high_performance README, ``calibrate.PUBLISHED``), S2 (asc-devkit data_copy README,
``_calib_copy.ROWS``). A parameter no row of the fit's sources identifies keeps its prior (``PRIORS``: the value the
model would have with no such term). ``fit(("S1", "S2"))`` is what the SoC table holds (ascendc_sim/platform/soc.cpp;
tests/ut/sim/test_cost_model_fit.py checks they agree).
"""

import numpy as np

from . import _calib_copy as s2

FREQ = s2.FREQ_MHZ
CORES = s2.BLOCKS
AICS = s2.AICS
GM_TO_UB = 32.0  # Ascend910B1.ini ddr_read_rate, B/cycle per core
GM_TO_L1 = 32.0  # Ascend910B1.ini ddr_read_rate of the AIC (soc_cube.cpp)
BURST = 512  # the GM burst an unaligned row pays one more of (timing.cpp)
MB = 12288 * 12288 * 2  # S2's matrix bytes

# The parameters a fit sets, with the value each has when no row of the fit identifies it.
PRIORS = {
    "mem_achievable": 1610.0,  # the previous fit (S1 cases 3-4 with a per-copy overhead)
    "copy_issue": 0.0,
    "copy_latency": 0.0,
    "copy_overhead": 0.0,
    "launch": 0.0,
    "launch_per_block": 0.0,
    "reread_cost": 0.0,
    "same_addr_cost": 0.0,
    "aic_copy": 0.0,
    "aic_unaligned": 1.0,  # no penalty
    "aic_launch_per_block": None,  # as launch_per_block: an AIC launch grows like an AIV launch
}

# The parameters only one source's rows identify, each with the rows of the other source it decides: fitted on that
# other source alone, the parameter keeps its prior and those rows miss (the cross-check cannot judge it).
SINGLE_SOURCE = {
    "copy_latency": ("S1", "case 1 (one AIV waits for each tile's copies; S2's copies only run back to back)"),
    "copy_issue": ("S2", "scenario 1 (128 B copies bound by their issue; S1 copies 8-32 KB)"),
    "reread_cost": ("S2", "scenario 8 (S1 reads each byte once)"),
    "same_addr_cost": ("S2", "scenario 7 (S1 reads each byte once)"),
    "aic_copy": ("S2", "GM->L1 scenario 1 (S1 has no AIC kernel)"),
    "aic_unaligned": ("S2", "GM->L1 scenario 3 (S1 has no AIC kernel)"),
}
# row (source, case) -> the single-source parameter that decides it
DECIDED_BY = {
    ("S1", 1): "copy_latency",
    ("S2", 1): "copy_issue",
    ("S2", 7): "same_addr_cost",
    ("S2", 8): "reread_cost",
    ("S2", "L1 1"): "aic_copy",
    ("S2", "L1 3"): "aic_unaligned",
}

# S1 (add_high_performance README): case -> (Task Duration, aiv_time) us; tiles per core, published vec time per tile.
S1_AIV_TIME = {0: 1239688.63, 1: 6909.14, 2: 297.14, 3: 261.5, 4: 257.56, 5: 185.15, 6: 178.49}
S1_TASK = {0: 1239689.1, 1: 6909.6, 2: 306.58, 3: 268.5, 4: 264.02, 5: 187.68, 6: 184.52}
S1_VEC_US = {1: 761.65}
S1_ADD_BYTES = 8192 * 8192 * 2  # one input


def _share(bw_gbps, cores=CORES):
    """One core's share of the achievable bandwidth, B/cycle."""
    return bw_gbps * 1e3 / FREQ / cores


def _unaligned_burst_bytes(n, tile_n, rows=12288):
    """Per AIC (their mean), the bytes of the GM -> L1 rows (``rows`` x ``n`` halves, ``tile_n`` columns per copy)
    that touch one more 512-byte burst than they need, each counted up to two bursts: what the AIC's unaligned rate
    applies to (timing.cpp UnalignedCycles)."""
    total = 0
    rows = np.arange(rows, dtype=np.int64)
    for c in range(0, n, tile_n):
        b = min(tile_n, n - c) * 2
        start = (rows * n + c) * 2
        touched = (start + b - 1) // BURST - start // BURST + 1
        total += min(b, 2 * BURST) * int(np.count_nonzero(touched > -(-b // BURST)))
    return total / AICS


def _fit_aic(p):
    """The AIC's per-copy cost (GM -> L1 scenario 1, 8 KB copies), its unaligned rate (scenario 3) and its launch
    growth (scenarios 1-3), from their aic_mte2_time / Task Duration - mean core time."""
    l1 = s2.L1_ROWS
    per_aic = MB / AICS
    copies = (12288 // AICS // 64) * (12288 // 64)
    p["aic_copy"] = (l1[1][3] * FREQ - per_aic / GM_TO_L1) / copies
    n = 12287
    copies = (12288 // AICS // 64) * -(-n // 256)
    base = 12288 * n * 2 / AICS / GM_TO_L1 + copies * p["aic_copy"]
    extra = (l1[3][3] * FREQ - base) / (_unaligned_burst_bytes(n, 256) / GM_TO_L1)
    p["aic_unaligned"] = 1.0 / (1.0 + extra)
    launch = sum(l1[c][2] - s2.l1_mean_core_us(c) for c in l1) / len(l1)
    p["aic_launch_per_block"] = (launch - p["launch"]) / (AICS - 1)


def fit(sources=("S1", "S2")):
    """The fitted parameters (``ascendops soc --cost`` names) from the published rows of ``sources``."""
    p = dict(PRIORS)
    use1, use2 = "S1" in sources, "S2" in sources
    # Achievable HBM: S2 scenario 3's read stream by its MTE2 time; S1 case 5's reads (writes land in L2) by aiv_time.
    if use2:
        p["mem_achievable"] = MB / (s2.ROWS[3][3] * 1e3)
    elif use1:
        p["mem_achievable"] = 2 * S1_ADD_BYTES / (S1_AIV_TIME[5] * 1e3)
    share = _share(p["mem_achievable"])
    if use2:
        # Scenario 1: 49152 back-to-back 128 B copies per AIV, bound by the cores: issue + 128 B at the share.
        copies = 12288 * 12288 // 64 // CORES
        p["copy_issue"] = s2.ROWS[1][3] * FREQ / copies - 128 / min(GM_TO_UB, share)
        # Scenario 2: the same rows of 128 B, 64 per copy, bound by memory: each row's burst overhead.
        rows = 12288 * 12288 // 64
        p["copy_overhead"] = (s2.ROWS[2][3] * p["mem_achievable"] * 1e3 - MB) / rows
    if use1:
        # Case 1 (1 AIV): per tile x and y back to back, then the Add: 2 x (issue + 8 KB at 32 B/cycle) + latency + vec.
        tiles = 8192 * 8192 // 4096
        per_tile = S1_AIV_TIME[1] * FREQ / tiles
        p["copy_latency"] = per_tile - S1_VEC_US[1] * FREQ / tiles - 2 * (p["copy_issue"] + 8192 / GM_TO_UB)
        p["launch"] = sum(S1_TASK[c] - S1_AIV_TIME[c] for c in (0, 1)) / 2
    # The launch term at 48 AIV: Task Duration - the cores' mean time (S2 scenario 7 left out: its cores end apart).
    many = []
    if use1:
        many += [S1_TASK[c] - S1_AIV_TIME[c] for c in (2, 3, 4, 5, 6)]
    if use2:
        many += [s2.ROWS[c][2] - s2.mean_core_us(c) for c in (1, 2, 3, 4, 5, 6, 8)]
    if many:
        p["launch_per_block"] = (sum(many) / len(many) - p["launch"]) / (CORES - 1)
    if use2:
        # Scenarios 8 / 7 (L2 off, every AIV reads the same 6 MB: 47 of 48 reads re-read), bound by memory.
        launch = p["launch"] + (CORES - 1) * p["launch_per_block"]
        reads, rows = CORES * 6144 * 512 * 2, CORES * 6144 * 8
        base = reads + rows * p["copy_overhead"]
        staggered = (s2.ROWS[8][2] - launch) * p["mem_achievable"] * 1e3
        same = (s2.ROWS[7][2] - launch) * p["mem_achievable"] * 1e3
        p["reread_cost"] = (staggered - base) / (reads * (CORES - 1) / CORES)
        p["same_addr_cost"] = (same - staggered) / reads
        _fit_aic(p)
    if p["aic_launch_per_block"] is None:
        p["aic_launch_per_block"] = p["launch_per_block"]
    return p


def l2_peak_gbps():
    """The L2's aggregate read bandwidth (soc.cpp L2PeakGBps): S2 scenario 6's 3 x 302 MB of L2 hits in its aiv_time
    less the 202.66 us its misses stream in (scenario 3's MTE2 time)."""
    return 3 * MB / ((s2.ROWS[6][3] - s2.ROWS[3][3]) * 1e3)
