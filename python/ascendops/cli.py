"""The ``ascendops`` command (also ``python -m ascendops``): soc, demo, tiling, bench.

Every sub-command returns rows (lists of dicts) from a driver module and prints them with ``format_table``;
the drivers (``demo``, ``tiling``, ``bench``) never print.

The options every sub-command spells the same way: ``--soc`` (repeatable: one run per SoC), ``--shape``
(comma-separated dims), ``--dtype`` (a NumPy name or bf16 / fp16 / fp32 / half / float), ``--core-num``.
A rejected argument or an operator error is one line on stderr and exit 2 (``ascendops <command>: error: ...``);
Ctrl-C is one line (``ascendops <command>: interrupted``) and exit 130, after the kernel in flight ends; a bug in
ascendops itself is a traceback and exit 1, never dressed as a user error.
"""

import argparse
import math
import os
import sys
from types import ModuleType
from typing import Any, List, Mapping, Optional, Sequence

from . import __version__
from ._errors import AclnnError, BackendUnavailableError, MissingDependencyError

__all__ = ["main", "format_table", "build_parser", "tiling_lines"]

EXIT_INTERRUPTED = 130  # 128 + SIGINT: what a shell reports for a command Ctrl-C ended

# What the user did wrong or what the machine lacks: one line, exit 2. ValueError is what every public function
# raises for a value it rejects; the CLI's own parsing is strict, so no Python-internal ValueError is reachable from
# a typed argument. OSError: a file the user named (--chart) cannot be written.
USER_ERRORS = (
    AclnnError,
    BackendUnavailableError,
    MissingDependencyError,
    ValueError,
    OverflowError,
    MemoryError,
    OSError,
)


class UsageError(Exception):
    """A rejected command line: the message is the one line printed."""


class _Parser(argparse.ArgumentParser):
    """argparse with its rejections as one line (no usage block): ``<prog>: error: <message>``."""

    def error(self, message):
        raise UsageError(f"{self.prog}: error: {message} (see {self.prog} --help)")


def _cell(value: Any) -> str:
    if value is None:
        return "-"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, float):
        if math.isnan(value) or math.isinf(value):
            return str(value)
        if value == 0:
            return "0"
        if value.is_integer() and abs(value) < 1e15:
            return str(int(value))
        return f"{value:.4g}" if abs(value) < 1e5 else f"{value:.6g}"
    return str(value)


def format_table(
    rows: Sequence[Mapping[str, Any]],
    columns: Optional[Sequence[str]] = None,
    headers: Optional[Mapping[str, str]] = None,
) -> str:
    """Plain-text table: one header line, a rule, one line per row; numbers right-aligned."""
    if columns is None:
        columns = list(rows[0]) if rows else []
    headers = headers or {}
    titles = [headers.get(c, c) for c in columns]
    cells = [[_cell(r.get(c)) for c in columns] for r in rows]
    widths = [max([len(t)] + [len(row[i]) for row in cells]) for i, t in enumerate(titles)]
    numeric = [
        all(isinstance(r.get(c), (int, float)) and not isinstance(r.get(c), bool) or r.get(c) is None for r in rows)
        for c in columns
    ]

    def line(values):
        return "  ".join(v.rjust(w) if n else v.ljust(w) for v, w, n in zip(values, widths, numeric)).rstrip()

    out = [line(titles), "  ".join("-" * w for w in widths)]
    out += [line(row) for row in cells]
    return "\n".join(out)


def _cmd_soc(args):
    from .socs import SOC_COLUMNS, socs

    print(format_table(socs(), SOC_COLUMNS, {"mem_bandwidth_gbps": "mem_bw_gbps (model)"}))
    if args.cost:
        from . import _C

        print()
        print("cost-model parameters (values: ascendc_sim/platform/soc.cpp; labels and sources: soc_cost_sources.cpp):")
        print(format_table(_C.cost.params()))
    return 0


_DEMO_HEADERS = {
    "tiling_key": "tiling key",
    "block_dim": "blockDim",
    "max_error": "max error",
    "status": "vs golden",
    "modeled_us": "modeled us",
    "bound_us": "bound us",
    "vs_bound": "x bound",
    "limited_by": "limited by",
}


def _cmd_demo(args):
    from . import demo

    rows = demo.run(ops=args.op, socs=args.soc)
    if not rows:
        raise ValueError(
            f"no demo case of {', '.join(args.op or ['any operator'])} runs on " f"{', '.join(args.soc or ['any SoC'])}"
        )
    print(format_table(rows, demo.COLUMNS, _DEMO_HEADERS))
    failed = [r for r in rows if r["status"] != "ok"]
    for r in failed:
        print(f"FAIL {r['op']} / {r['case']} / {r['soc']}: {r['detail']}")
    print(
        f"\n{len(rows) - len(failed)} of {len(rows)} cases passed on the CPU twin "
        "(vs golden: the result against the NumPy golden; times are modeled by the cost model, not measured; bound: "
        "launch overhead + achievable memory roofline, the least any kernel takes; limited by: launch, bandwidth or "
        "the slowest core's busiest pipe)"
    )
    return 1 if failed else 0


# The head of every tiling printout, in this order; the tiling-data fields follow in the tiling's own order.
TILING_HEAD = ("key", "tiling_key", "block_dim", "workspace_bytes", "ub_bytes")


def tiling_lines(result: Mapping[str, Any], indent: str = "") -> List[str]:
    """``name: value`` lines of one tiling dict: TILING_HEAD first, then the other fields; a nested dict (a
    kernel's own tiling, a table of terms) is printed under its name, indented."""
    names = [n for n in TILING_HEAD if n in result] + [n for n in result if n not in TILING_HEAD]
    lines = []
    for name in names:
        value = result[name]
        if isinstance(value, Mapping):
            lines.append(f"{indent}{name}:")
            lines += tiling_lines(value, indent + "  ")
        else:
            lines.append(f"{indent}{name}: {_cell(value)}")
    return lines


def _cmd_tiling(args):
    blocks = []
    for soc in args.soc:
        result = args.op_module.tiling_from_args(argparse.Namespace(**{**vars(args), "soc": soc}))
        blocks.append("\n".join([f"op: {args.op}", f"soc: {soc}"] + tiling_lines(result)))
    print("\n\n".join(blocks))
    return 0


def _cmd_bench(args):
    module = args.bench_module
    if args.backend == "npu" and args.target != "npu":
        raise ValueError(
            f"bench {args.target} --backend npu is not supported: bench {args.target} models the "
            "CPU twin; device times are `ascendops bench npu`"
        )
    socs = getattr(args, "soc", None)
    if socs is None or getattr(module, "RUNS_EVERY_SOC", False):
        rows = module.run(args)
    else:  # one run per SoC, each row labelled with the SoC it ran on
        rows = []
        for soc in socs:
            part = module.run(argparse.Namespace(**{**vars(args), "soc": soc}))
            rows += [{"soc": soc, **{k: v for k, v in r.items() if k != "soc"}} for r in part]
    if not rows:
        raise ValueError(f"bench {args.target}: no benchmark case for this selection")
    print(format_table(rows))
    print("\n" + getattr(module, "NOTE", "(times are modeled by the CPU twin's cost model, not measured)"))
    return 0


def _add_soc(parser, choices, default, what):
    parser.add_argument(
        "--soc",
        action="append",
        choices=list(choices),
        metavar="SOC",
        help=f"{what} (repeatable: one run per SoC; one of {', '.join(choices)}; " f"default {','.join(default)})",
    )
    parser.set_defaults(soc=None, default_soc=tuple(default))


def _add_tiling_parsers(sub):
    from ._args import cli_int
    from ._backend import DEFAULT_SOC, soc_names
    from .ops import OPERATORS

    p = sub.add_parser(
        "tiling",
        help="print the host tiling an operator chooses (no kernel runs)",
        description="Print the host tiling of an operator: key, tiling key, block_dim, workspace, "
        "UB bytes, then the tiling-data fields.",
    )
    ops = p.add_subparsers(dest="op", metavar="op", parser_class=_Parser)
    ops.required = True
    for name, module in OPERATORS.items():
        q = ops.add_parser(name, help=f"the host tiling of {name}", description=(module.__doc__ or "").split("\n")[0])
        _add_soc(q, soc_names(), [DEFAULT_SOC], "the SoC the tiling is for")
        q.add_argument(
            "--core-num",
            type=cli_int(min=0),
            default=0,
            metavar="N",
            help="cores the kernel may launch on (default 0: every core of the SoC)",
        )
        module.add_tiling_args(q)
        q.set_defaults(func=_cmd_tiling, op_module=module)


def _add_bench_parsers(sub, bench_module):
    from . import bench
    from ._backend import BACKENDS, soc_names

    p = sub.add_parser(
        "bench",
        help="benchmarks: modeled time on the CPU twin, or device time (target npu)",
        description="Benchmarks. Every target but sim (wall clock of the twin) and npu (device "
        "events on an Ascend NPU) reports the twin's modeled time, never a measurement.",
    )
    p.add_argument(
        "--backend",
        choices=BACKENDS,
        default="sim",
        help="sim: the CPU twin's cost model (default); npu: device times, the same as target npu",
    )
    targets = p.add_subparsers(dest="target", metavar="target", parser_class=_Parser)
    targets.required = True  # `bench --backend npu` alone has its target npu inserted before parsing
    for target in bench.targets():
        q = targets.add_parser(target, help=bench.HELP.get(target, f"benchmark of the operator {target}"))
        if bench_module is not None and bench_module.__name__.rsplit(".", 1)[1] == target:
            socs = getattr(bench_module, "SOCS", soc_names())
            if socs:
                _add_soc(q, socs, getattr(bench_module, "DEFAULT_SOCS", socs), "the SoC to benchmark")
            if hasattr(bench_module, "add_args"):
                bench_module.add_args(q)
            q.set_defaults(func=_cmd_bench, bench_module=bench_module)


def build_parser(bench_module: Optional[ModuleType] = None) -> argparse.ArgumentParser:
    """The argument parser; ``bench_module`` is the loaded module of the chosen bench target (its options)."""
    from ._backend import soc_names
    from .ops import OPERATORS

    parser = _Parser(
        prog="ascendops",
        description="Ascend C operators with a strict CPU twin: SoC table, demo, host tiling and " "benchmarks.",
    )
    parser.add_argument("--version", action="version", version=f"ascendops {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="command", parser_class=_Parser)
    sub.required = True

    p = sub.add_parser("soc", help="print the SoC table the tiling, the twin and the cost model use")
    p.add_argument("--cost", action="store_true", help="also print the cost-model parameters and their sources")
    p.set_defaults(func=_cmd_soc)

    p = sub.add_parser("demo", help="run every operator against its NumPy golden on the CPU twin")
    p.add_argument(
        "--op",
        action="append",
        choices=list(OPERATORS),
        metavar="OP",
        help=f"only this operator (repeatable; one of {', '.join(OPERATORS)})",
    )
    p.add_argument(
        "--soc",
        action="append",
        choices=soc_names(),
        metavar="SOC",
        help=f"only this SoC (repeatable; one of {', '.join(soc_names())}; default every SoC of a case)",
    )
    p.set_defaults(func=_cmd_demo)

    _add_tiling_parsers(sub)
    _add_bench_parsers(sub, bench_module)
    return parser


def _bench_target(argv):
    """(target, backend, implied) of ``bench [--backend B] [TARGET] ...``: target None if there is none, except
    that ``--backend npu`` with no target implies target npu (implied True)."""
    rest, backend = list(argv[1:]), None
    while rest and rest[0].startswith("--backend"):
        option = rest.pop(0)
        backend = option.split("=", 1)[1] if "=" in option else (rest.pop(0) if rest else None)
    if rest and not rest[0].startswith("-"):
        return rest[0], backend, False
    return ("npu", backend, True) if backend == "npu" else (None, backend, False)


def _parse(argv):
    from . import bench

    bench_module = None
    if argv[:1] == ["bench"]:
        target, _, implied = _bench_target(argv)
        if implied:  # `bench --backend npu [options]`: the device benchmark
            at = next(i for i, a in enumerate(argv) if a.startswith("--backend"))
            at += 1 if "=" in argv[at] else 2
            argv = argv[:at] + ["npu"] + argv[at:]
        if target in bench.targets():
            bench_module = bench.load(target)  # only the chosen target's module is loaded: its options join
    args = build_parser(bench_module).parse_args(argv)
    if getattr(args, "default_soc", None) is not None and args.soc is None:
        chooser = getattr(bench_module, "default_socs", None)
        args.soc = list(chooser(args) if chooser is not None else args.default_soc)
    return args


def main(argv: Optional[Sequence[str]] = None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    command = f"ascendops {argv[0]}" if argv and not argv[0].startswith("-") else "ascendops"
    try:
        args = _parse(argv)
        sub = {"tiling": getattr(args, "op", None), "bench": getattr(args, "target", None)}.get(args.command)
        command = " ".join(["ascendops", args.command] + ([sub] if sub else []))
        return args.func(args)
    except UsageError as e:
        print(e, file=sys.stderr)
    except KeyboardInterrupt:
        print(f"{command}: interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED
    except BrokenPipeError:  # the reader closed the pipe (`ascendops soc | head`): nothing went wrong here
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # no second error when Python flushes
        return 0
    except USER_ERRORS as e:
        text = " ".join(str(e).split()) or type(e).__name__
        print(f"{command}: error: {text}", file=sys.stderr)
    return 2
