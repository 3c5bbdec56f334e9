"""One front's calls in a process of their own, so a crash or a hang costs one call: prints one JSON line before
and one after each call; the runner (run_abuse.py) reads them, and restarts past a call that never answered.

    python _worker.py calls FRONT SEED START STOP      # cases START..STOP-1
    python _worker.py leak FRONT SEED CASES ROUNDS     # the first CASES cases ROUNDS times; RSS after each round
"""

import importlib
import json
import resource
import sys
import warnings
from pathlib import Path

sys.path[:0] = [str(Path(__file__).resolve().parent)]

from _judge import judge  # noqa: E402


def _emit(**record):
    print(json.dumps(record), flush=True)


def _rss_kib():
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * resource.getpagesize() // 1024


def calls(front, seed, start, stop):
    for index in range(start, stop):
        _emit(begin=index)
        case = front.case(seed, index)
        outcome, modified, detail = judge(case)
        _emit(end=index, name=case.name, outcome=outcome, modified=modified, detail=detail)


def leak(front, seed, cases, rounds):
    """RSS after each round of the same calls: a leak grows it every round, a cache only in the first ones."""
    built = [front.case(seed, i) for i in range(cases)]
    for r in range(rounds):
        for case in built:
            judge(case)
        _emit(round=r, calls=cases, rss_kib=_rss_kib())


def main(mode, front_name, seed, a, b):
    warnings.simplefilter("ignore")  # a careless user's values warn (overflow, casts); the verdicts are the point
    front = importlib.import_module(f"front_{front_name}")
    {"calls": calls, "leak": leak}[mode](front, int(seed), int(a), int(b))
    _emit(done=True)


if __name__ == "__main__":
    main(*sys.argv[1:])
