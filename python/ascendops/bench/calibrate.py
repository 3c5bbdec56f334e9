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
    asc-devkit ``.../04_memory_access/data_copy/README.md``: read-only GM -> UB copy streams on 48 AIV
    (``_calib_copy``).
launch
    The launch term (Task Duration minus the cores' mean time) of the published rows against the empty kernel's
    modeled time at their block count.

Target: every S1 / S2 row within 10 % with the fitted parameters (the SoC table's), and within 15 % with the
parameters fitted on the other source alone (``--cross``; ``_calib_fit``).
"""

from .. import _sim_bench
from . import _calib_copy, _calib_fit

__all__ = ["CASES", "PUBLISHED", "run", "NOTE", "SOCS", "rows", "add_args"]

SOCS = ()  # ascend910b only (the published hardware): no --soc

NOTE = (
    "(modeled: the twin's cost model on ascend910b; published: msprof on Atlas A2, asc-devkit add_high_performance "
    "(S1) and data_copy (S2) READMEs; target each within 10 %, within 15 % fitted on the other source)"
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
    return out


def launch_rows():
    """(row, blocks, published Task Duration - mean core time, us) of every published row that gives both."""
    out = [(f"S1 case {c}", CASES[c][1], _calib_fit.S1_TASK[c] - _calib_fit.S1_AIV_TIME[c]) for c in CASES]
    out += [
        (f"S2 scenario {c}", _calib_copy.BLOCKS, _calib_copy.ROWS[c][2] - _calib_copy.mean_core_us(c))
        for c in _calib_copy.ROWS
    ]
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
        return [
            {
                "row": name,
                "blocks": blocks,
                "modeled_launch_us": round(_calib_copy.modeled_launch(blocks), 2),
                "published_us": round(published, 2),
                "modeled/published": round(_calib_copy.modeled_launch(blocks) / published, 3),
            }
            for name, blocks, published in launch_rows()
        ]
    cross = getattr(args, "cross", False)
    fits = {s: _calib_fit.fit(_other(s)) for s in ("S1", "S2")} if cross else {}
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
            row["predicted/published"] = round(model(fits[source]) / published, 3)
        out.append(row)
    return out
