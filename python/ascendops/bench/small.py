"""``ascendops bench small``: the seeds' small-shape performance clauses with the modeled per-pipe breakdown.

The seeds ask for a per-pipe analysis of Cast under 10 us that misses its target by more than 3 us and of
EmbeddingDenseGrad under 100 us that is more than 30 % over its theory time. Each row is one such small case on one
SoC: the modeled time, the target, whether the clause is hit, and the busy time of each pipe of the slowest core
(the core with the longest critical path) with that critical path, all modeled.

Targets, as the operator benches use them: Cast's is its achievable roofline (input read + output written at the
achievable bandwidth; clause: modeled - target > 3 us); EmbeddingDenseGrad's theory time is its achievable
roofline plus its output memset's bytes at the achievable bandwidth (clause: modeled > 1.3 x theory). Both
modeled times are the whole call (EmbeddingDenseGrad: memset and kernel, each with its launch overhead). Only
cases whose modeled time is under the clause's bound (10 us, 100 us) are listed.

``--chart PATH`` writes a PNG: the per-pipe timeline (one row per pipe, a bar per instruction) of the slowest core
of the case numbered ``--case`` (the table's ``case`` column; default the first case hitting its clause).
"""

import numpy as np

from .. import _C
from .._args import cli_int
from ..ops.cast import _dtype, cast, delivered_pairs
from ..ops.embedding_dense_grad import embedding_dense_grad, sample

__all__ = [
    "add_args",
    "run",
    "row_of",
    "clause_hit",
    "cases",
    "traced_run",
    "NOTE",
    "SOCS",
    "CLAUSES",
    "RUNS_EVERY_SOC",
]

RUNS_EVERY_SOC = True  # run() takes the list of SoCs: the case numbers of --case count over all of them

NOTE = (
    "(modeled by the twin's cost model; scalar/vec/mte2/mte3_us: the slowest core's busy time per pipe, "
    "core_us: its critical path; pipes overlap, so their times do not add up to core_us)"
)

SOCS = ("ascend910b", "ascend310p")
CAST_PAIRS = (
    ("float32", "float16"),
    ("float16", "float32"),
    ("float16", "int8"),
    ("bfloat16", "float32"),
    ("int64", "int32"),
)
CAST_SIZES = (1 << 12, 1 << 15, 1 << 18)
EDG_CASES = ((1024, 128, 1000), (4096, 128, 4096), (16384, 128, 4096), (4096, 1024, 1024))  # (n, d, num_weights)

# Per operator: the bound below which the clause applies (us), the target's name, the clause and its test.
CLAUSES = {
    "Cast": (10.0, "achievable roofline", "modeled - target > 3 us", lambda modeled, target: modeled - target > 3.0),
    "EmbeddingDenseGrad": (100.0, "theory", "modeled > 1.3 x theory", lambda modeled, target: modeled > 1.3 * target),
}
PIPES = ("scalar_us", "vec_us", "mte2_us", "mte3_us")


def add_args(parser):
    parser.add_argument(
        "--chart",
        metavar="PATH",
        default="",
        help="write a PNG per-pipe timeline of the slowest core of case --case (needs matplotlib)",
    )
    parser.add_argument(
        "--case",
        type=cli_int(min=0, max=10000),
        default=None,
        help="the case (table column 'case') --chart draws; default the first hitting its clause",
    )


def clause_hit(op, modeled_us, target_us):
    """True if the seed clause of ``op`` holds for this modeled time and target."""
    return CLAUSES[op][3](modeled_us, target_us)


def _achievable_gbps(soc):
    return next(r["value"] for r in _C.cost.params() if r["soc"] == soc and r["param"] == "mem_achievable")


def cases(socs=SOCS):
    """(op, soc, label, run) per candidate case; ``run()`` makes the call and returns its target in us."""
    for soc in socs:
        delivered = set(delivered_pairs(soc))
        for src, dst in (p for p in CAST_PAIRS if p in delivered):
            for n in CAST_SIZES:

                def run_cast(soc=soc, src=src, dst=dst, n=n):
                    cast(np.zeros(n, dtype=_dtype(src)), _dtype(dst), soc=soc)
                    return _C.last_launch_report()["achievable_roofline_us"]

                yield "Cast", soc, f"{src}->{dst} [{n}]", run_cast
        for n, d, num_weights in EDG_CASES:

            def run_edg(soc=soc, n=n, d=d, num_weights=num_weights):
                grad, idx = sample(n, d, num_weights, seed=n + d)
                embedding_dense_grad(grad, idx, num_weights, soc=soc)
                memset_us = num_weights * d * 4 / (_achievable_gbps(soc) * 1e3)  # GB/s = 1e3 bytes per us
                return _C.last_launch_report()["achievable_roofline_us"] + memset_us

            yield "EmbeddingDenseGrad", soc, f"[{n}, {d}] -> [{num_weights}, {d}]", run_edg


def _slowest_core(report):
    cores = report["cores"]
    return max(range(len(cores)), key=lambda i: cores[i]["pipe_busy_us"]["core_us"])


def row_of(op, soc, label, report, target_us, case=0):
    """The table row of one modeled call (``report``: its ``_C.last_launch_report()``)."""
    bound, target_name, clause, _ = CLAUSES[op]
    modeled = report["modeled_device_us"]
    core = _slowest_core(report)
    pipes = report["cores"][core]["pipe_busy_us"]
    return {
        "case": case,
        "op": op,
        "soc": soc,
        "shape": label,
        "block_dim": report["block_dim"],
        "modeled_us": round(modeled, 2),
        "target": target_name,
        "target_us": round(target_us, 2),
        "clause": clause,
        "hit": clause_hit(op, modeled, target_us),
        "slowest_core": core,
        **{p: round(pipes[p], 2) for p in PIPES},
        "core_us": round(pipes["core_us"], 2),
    }


def traced_run(run, core):
    """Runs the case again with the span trace of ``core`` on; returns its launch report."""
    _C.request_span_trace(core)
    try:
        run()
    finally:
        _C.request_span_trace(-1)
    return _C.last_launch_report()


def _check_chart_path(path):
    """--chart names a PNG to write: its folder must exist and the path must not be a folder (before any work)."""
    import os

    folder = os.path.dirname(os.path.abspath(path))
    if os.path.isdir(path):
        raise ValueError(f"--chart {path!r} is a directory: name the PNG file to write")
    if not os.path.isdir(folder):
        raise ValueError(f"--chart {path!r}: the folder {folder!r} does not exist")


def run(args):
    socs = tuple(args.soc) if args.soc else SOCS
    if args.chart:
        _check_chart_path(args.chart)
    rows, runs = [], []
    for op, soc, label, call in cases(socs):
        target = call()
        report = _C.last_launch_report()
        if report["modeled_device_us"] >= CLAUSES[op][0]:
            continue
        rows.append(row_of(op, soc, label, report, target, case=len(rows)))
        runs.append(call)
    if args.chart:
        _write_chart(args, rows, runs)
    return rows


def _write_chart(args, rows, runs):
    from ._chart import write_timeline_png

    if not rows:
        raise ValueError("--chart: no small case to draw")
    case = args.case if args.case is not None else next((r["case"] for r in rows if r["hit"]), 0)
    if case >= len(rows):
        raise ValueError(f"--case {case}: the table has cases 0..{len(rows) - 1}")
    row = rows[case]
    report = traced_run(runs[case], row["slowest_core"])
    title = f"{row['op']} {row['shape']} on {row['soc']}, core {row['slowest_core']} (modeled)"
    write_timeline_png(report["trace"], args.chart, title)
