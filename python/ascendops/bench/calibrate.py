"""``ascendops bench calibrate``: the cost model against published Atlas A2 measurements.

Every row is one published msprof Task Duration next to the twin's modeled time of its own kernel of the same
strategy, on ascend910b:

S1
    asc-devkit ``examples/01_simd_cpp_api/05_best_practices/00_vector_compute/add_high_performance/README.md``: one
    half Add (two 8192 x 8192 inputs) in seven versions (``python/bindings/bench/kernels/add_calibration_kernels.cpp``).
    The sample's static layout of cases 4-6 uses all 192 KB of UB, but TPipe may hand out only 184 KB
    (TOTAL_VEC_LOCAL_SIZE), so those cases copy 15360 (case 6: 15232) halves per tile instead of 16384 (16256), with
    the same bank-group pattern. Case 0 (a scalar loop over 67 M elements) runs its first tiles and is extrapolated.
S2
    asc-devkit ``.../04_memory_access/data_copy/README.md``: read-only GM -> UB copy streams on 48 AIV and GM -> L1
    ND2NZ streams on 24 AIC (cases "L1 1-3") (``_calib_copy``).
S5, S6
    asc-devkit's GELU (matmul_gelu_high_performance) and ND -> NZ (bank_conflict_nd2nz) samples on 48 AIV
    (``_calib_vector``): judged, not fitted on.
launch
    The launch term (Task Duration minus the cores' mean time) of the published rows against the empty kernel's
    modeled time at their block count and kernel type, then the empty kernel of each type at 1 / 24 / 48 blocks.

Target: every row within 10 % with the fitted parameters (the SoC table's), and S1 / S2 rows within 15 % with the
parameters fitted on the other source alone (``--cross``; ``_calib_fit``), except the rows a parameter only the other
source identifies decides (column ``single_source``: ``_calib_fit.SINGLE_SOURCE``).
"""

from .. import _sim_bench
from . import _calib_copy, _calib_fit, _calib_vector

__all__ = ["CASES", "PUBLISHED", "run", "NOTE", "SOCS", "rows", "add_args"]

SOCS = ()  # ascend910b only (the published hardware): no --soc

NOTE = (
    "(modeled: the twin's cost model on ascend910b; published: msprof on Atlas A2, asc-devkit add_high_performance "
    "(S1), data_copy (S2), matmul_gelu (S5) and bank_conflict_nd2nz (S6) READMEs; target each within 10 %, S1 / S2 "
    "within 15 % fitted on the other source unless single_source names the parameter only the other source fits)"
)

ROWS = COLS = 8192

# case -> (task duration, aiv_vec_time, aiv_scalar_time, aiv_mte2_time, aiv_mte3_time), us, as published.
PUBLISHED = {
    0: (1239689.1, 0.015, 1233742.494, 5916.341, 2485.465),
    1: (6909.6, 761.65, 231.166, 6208.762, 2613.205),
    2: (306.58, 15.885, 8.219, 215.485, 54.33),
    3: (268.5, 12.845, 2.833, 184.369, 57.354),
    4: (264.02, 12.846, 2.796, 250.528, 84.988),
    5: (187.68, 12.846, 4.479, 175.997, 160.291),
    6: (184.52, 6.954, 3.424, 171.611, 121.442),
}


def _packed(tile, buffers):
    """x, y, z of each buffer back to back (tiles of a multiple of 512 bytes: all start on bank group 0)."""
    b = tile * 2
    return [[3 * b * k, 3 * b * k + b, 3 * b * k + 2 * b] for k in range(buffers)]


# Case 6: x and y of a tile 256 B apart in bank group (groups 0 / 8), z in another 64 KB span than the x or y of
# its group, so no read-read, write-write or read-write conflict (避免bank冲突（NPU架构版本2201）.md).
_CONFLICT_FREE = [[0, 30464, 65536], [96000, 126464, 156928]]

# case -> (what, cores, tile, buffers, scalar, l2 bypass, UB offsets, tile limit)
CASES = {
    0: ("1 core, scalar loop", 1, 4096, 1, 1, 0, _packed(4096, 1), 8),
    1: ("1 core, vector Add", 1, 4096, 1, 0, 0, _packed(4096, 1), 0),
    2: ("48 cores, 8 KB copies", 48, 4096, 1, 0, 0, _packed(4096, 1), 0),
    3: ("48 cores, 32 KB copies", 48, 16384, 1, 0, 0, _packed(16384, 1), 0),
    4: ("+ double buffer", 48, 15360, 2, 0, 0, _packed(15360, 2), 0),
    5: ("+ L2 bypass of x, y", 48, 15360, 2, 0, 1, _packed(15360, 2), 0),
    6: ("+ no bank conflicts", 48, 15232, 2, 0, 1, _CONFLICT_FREE, 0),
}


def modeled(case, params=None):
    """Modeled task duration and the slowest core's per-pipe times (us) of one Add case on ascend910b."""
    what, cores, tile, buffers, scalar, bypass, offsets, limit = CASES[case]
    tiling = {
        "rows": ROWS,
        "cols": COLS,
        "tile": tile,
        "buffers": buffers,
        "scalar": scalar,
        "l2_bypass": bypass,
        "tile_limit": limit,
        "ub_bytes": max(o + tile * 2 for row in offsets for o in row),
        "offsets": offsets,
    }
    r = _sim_bench.run_add_calibration(tiling, cores, params=params or {})
    pipes = dict(r["slowest_core"])
    device = r["modeled_device_us"]
    if limit:  # a uniform loop: scale the core's time from the tiles run to all of them
        scale = -(-ROWS * COLS // cores // tile) / limit
        pipes = {k: v * scale for k, v in pipes.items()}
        device = max(pipes["core_us"], r["modeled_bandwidth_us"]) + r["modeled_launch_us"]
    return device, pipes


def rows():
    """Every calibration row: (source, case, what, published us, modeled us as a function of the parameters)."""
    out = [("S1", c, CASES[c][0], PUBLISHED[c][0], lambda p, c=c: modeled(c, p)[0]) for c in CASES]
    for c, (what, _t, task, _mte2, _cycles) in _calib_copy.ROWS.items():
        out.append(("S2", c, what, task, lambda p, c=c: _calib_copy.modeled(c, p)["modeled_device_us"]))
    for c, (what, _t, task, _mte2, _cycles) in _calib_copy.L1_ROWS.items():
        out.append(("S2", f"L1 {c}", what, task, lambda p, c=c: _calib_copy.l1_modeled(c, p)["modeled_device_us"]))
    for key, (source, what, _t, task, _aiv, _vec) in _calib_vector.ROWS.items():
        case = key.partition(" ")[2] or 1
        out.append((source, case, what, task, lambda p, k=key: _calib_vector.modeled(k, p)["modeled_device_us"]))
    return out


EMPTY_BLOCKS = {"aiv": (1, 24, 48), "aic": (1, 24), "mix": (1, 24)}  # ascend910b: 48 AIV, 24 AIC


def launch_rows():
    """(row, kernel type, blocks, published Task Duration - mean core time in us, or None where nothing is
    published) of every published row that gives both, then the empty kernel of each type at 1 / 24 / 48 blocks."""
    out = [(f"S1 case {c}", "aiv", CASES[c][1], _calib_fit.S1_TASK[c] - _calib_fit.S1_AIV_TIME[c]) for c in CASES]
    out += [
        (f"S2 scenario {c}", "aiv", _calib_copy.BLOCKS, _calib_copy.ROWS[c][2] - _calib_copy.mean_core_us(c))
        for c in _calib_copy.ROWS
    ]
    out += [
        (f"S2 GM->L1 scenario {c}", "aic", _calib_copy.AICS, _calib_copy.L1_ROWS[c][2] - _calib_copy.l1_mean_core_us(c))
        for c in _calib_copy.L1_ROWS
    ]
    out += [(k, "aiv", _calib_vector.BLOCKS, r[3] - r[4]) for k, r in _calib_vector.ROWS.items()]
    # the empty kernels: AIV blocks, AICs, MIX 1:2 groups (no published empty-kernel row: S7 gives whole kernels)
    out += [(f"empty {t}", t, b, None) for t, counts in EMPTY_BLOCKS.items() for b in counts]
    return out


def add_args(parser):
    parser.add_argument(
        "--cross",
        action="store_true",
        help="also run each row with the parameters fitted on the other source alone (S1 rows with S2's fit and "
        "the reverse): the column predicted/published",
    )
    parser.add_argument("--launch", action="store_true", help="the launch-term rows instead of the task durations")


def _other(source):
    return ("S2",) if source == "S1" else ("S1",)


def run(args):
    if getattr(args, "launch", False):
        out = []
        for name, kind, blocks, published in launch_rows():
            m = _calib_copy.modeled_launch(blocks, kernel_type=kind)
            out.append(
                {
                    "row": name,
                    "kernel_type": kind,
                    "blocks": blocks,
                    "modeled_launch_us": round(m, 2),
                    "published_us": "-" if published is None else round(published, 2),
                    "modeled/published": "-" if published is None else round(m / published, 3),
                }
            )
        return out
    cross = getattr(args, "cross", False)
    fits = {s: _calib_fit.fit(_other(s)) for s in ("S1", "S2")} if cross else {}  # S5 / S6: judged only
    out = []
    for source, case, what, published, model in rows():
        m = model(None)
        row = {
            "source": source,
            "case": case,
            "what": what,
            "modeled_us": round(m, 2),
            "published_us": published,
            "modeled/published": round(m / published, 3),
        }
        if cross:
            judged = source in fits
            row["predicted/published"] = round(model(fits[source]) / published, 3) if judged else "-"
            row["single_source"] = _calib_fit.DECIDED_BY.get((source, case), "") if judged else "not fitted on"
        out.append(row)
    return out
