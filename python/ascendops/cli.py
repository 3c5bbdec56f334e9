"""The ``ascendops`` command (also ``python -m ascendops``): soc, demo, tiling, bench.

Every sub-command returns rows (lists of dicts) from a driver module and prints them with ``format_table``;
the drivers (``demo``, ``tiling``, ``bench``) never print.
"""

import argparse
import math
import sys

from . import __version__
from ._errors import AclnnError, BackendUnavailableError, MissingDependencyError

__all__ = ["main", "format_table"]


def _cell(value):
    if value is None:
        return "-"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, float):
        if math.isnan(value) or math.isinf(value):
            return str(value)
        if value == 0:
            return "0"
        return f"{value:.4g}" if abs(value) < 1e5 else f"{value:.6g}"
    return str(value)


def format_table(rows, columns=None, headers=None):
    """Plain-text table: one header line, a rule, one line per row; numbers right-aligned."""
    if columns is None:
        columns = list(rows[0]) if rows else []
    headers = headers or {}
    titles = [headers.get(c, c) for c in columns]
    cells = [[_cell(r.get(c)) for c in columns] for r in rows]
    widths = [max([len(t)] + [len(row[i]) for row in cells]) for i, t in enumerate(titles)]
    numeric = [all(isinstance(r.get(c), (int, float)) and not isinstance(r.get(c), bool) or r.get(c) is None
                   for r in rows) for c in columns]

    def line(values):
        return "  ".join(v.rjust(w) if n else v.ljust(w) for v, w, n in zip(values, widths, numeric)).rstrip()

    out = [line(titles), "  ".join("-" * w for w in widths)]
    out += [line(row) for row in cells]
    return "\n".join(out)


def _cmd_soc(args):
    from .socs import SOC_COLUMNS, socs

    rows = socs()
    print(format_table(rows, SOC_COLUMNS, {"ub_bytes": "ub_bytes", "mem_bandwidth_gbps": "mem_bw_gbps (model)"}))
    if args.cost:
        from . import _C

        print()
        print("cost-model parameters (values: ascendc_sim/platform/soc.cpp; labels and sources: soc_cost_sources.cpp):")
        print(format_table(_C.cost.params()))
    return 0


_DEMO_HEADERS = {"tiling_key": "tiling key", "block_dim": "blockDim", "max_error": "max error",
                 "modeled_us": "modeled us", "vs_roofline": "x roofline"}


def _cmd_demo(args):
    from . import demo
    from .ops import OPERATORS

    if not OPERATORS:
        print("no operator is built yet: nothing to demo")
        return 0
    rows = demo.run(ops=args.op, socs=args.soc)
    if not rows:
        print("no demo case matches the selection")
        return 1
    print(format_table(rows, demo.COLUMNS, _DEMO_HEADERS))
    failed = [r for r in rows if r["status"] != "ok"]
    for r in failed:
        print(f"FAIL {r['op']} / {r['case']} / {r['soc']}: {r['detail']}")
    print(f"\n{len(rows) - len(failed)} of {len(rows)} cases passed on the CPU twin "
          "(times are modeled by the cost model, not measured)")
    return 1 if failed else 0


def _cmd_no_operator(args):
    print(f"ascendops {args.command}: no operator is built yet", file=sys.stderr)
    return 2


def _cmd_tiling(args):
    result = args.op_module.tiling_from_args(args)
    for key, value in result.items():
        print(f"{key}: {_cell(value)}")
    return 0


def _cmd_bench(args):
    rows = args.bench_module.run(args)
    if not rows:
        print("no benchmark rows")
        return 1
    print(format_table(rows))
    print("\n" + getattr(args.bench_module, "NOTE", "(times are modeled by the CPU twin's cost model, not measured)"))
    return 0


def build_parser(bench_module=None):
    """The argument parser; ``bench_module`` is the loaded module of the chosen bench target (its options)."""
    from . import bench
    from ._backend import DEFAULT_SOC, soc_names
    from .ops import OPERATORS
    from .tiling import add_platform_args

    parser = argparse.ArgumentParser(
        prog="ascendops",
        description="Ascend C operators with a strict CPU twin: SoC table, demo, host tiling and benchmarks.")
    parser.add_argument("--version", action="version", version=f"ascendops {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="command")
    sub.required = True

    p = sub.add_parser("soc", help="print the SoC table")
    p.add_argument("--cost", action="store_true", help="also print the cost-model parameters")
    p.set_defaults(func=_cmd_soc)

    p = sub.add_parser("demo", help="run every operator against its NumPy golden on the CPU twin")
    p.add_argument("--op", action="append", choices=list(OPERATORS) or None, help="only this operator (repeatable)")
    p.add_argument("--soc", action="append", choices=soc_names(), help="only this SoC (repeatable)")
    p.set_defaults(func=_cmd_demo)

    p = sub.add_parser("tiling", help="print the host tiling of an operator")
    ops = p.add_subparsers(dest="op", metavar="op")
    ops.required = bool(OPERATORS)
    p.set_defaults(func=_cmd_no_operator)
    for name, module in OPERATORS.items():
        q = ops.add_parser(name, help=f"tiling of {name}")
        add_platform_args(q, getattr(module, "DEFAULT_SOC", DEFAULT_SOC))  # an op's own default SoC, if it has one
        module.add_tiling_args(q)
        q.set_defaults(func=_cmd_tiling, op_module=module)

    p = sub.add_parser("bench", help="benchmark on the CPU twin (modeled time)")
    targets = p.add_subparsers(dest="target", metavar="target")
    targets.required = True
    for target in bench.targets():
        q = targets.add_parser(target, help=f"benchmark {target}")
        if bench_module is not None and bench_module.__name__.rsplit(".", 1)[1] == target:
            if hasattr(bench_module, "add_args"):
                bench_module.add_args(q)
            q.set_defaults(func=_cmd_bench, bench_module=bench_module)
    return parser


def main(argv=None):
    from . import bench

    argv = sys.argv[1:] if argv is None else list(argv)
    if argv[:3] == ["bench", "--backend", "npu"]:  # the device benchmark's documented spelling: target npu
        argv = ["bench", "npu", *argv[3:]]
    # Only the chosen bench target's module is loaded (its options join the parser); the others stay unloaded.
    bench_module = None
    if len(argv) >= 2 and argv[0] == "bench" and argv[1] in bench.targets():
        try:
            bench_module = bench.load(argv[1])
        except ValueError as e:
            print(f"ascendops bench: error: {e}", file=sys.stderr)
            return 2
    args = build_parser(bench_module).parse_args(argv)
    try:
        return args.func(args)
    except (AclnnError, BackendUnavailableError, MissingDependencyError, ValueError, TypeError, OverflowError,
            MemoryError) as e:
        # a rejected argument or an operator error: one line, never a traceback (exit 2 like a usage error)
        print(f"ascendops {args.command}: error: {str(e).splitlines()[0] if str(e) else type(e).__name__}",
              file=sys.stderr)
        return 2
