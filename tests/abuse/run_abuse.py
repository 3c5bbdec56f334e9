"""A careless user's abuse run of ascendops on the CPU twin: the NumPy API, the torch front, the command line and the
C API (ctypes over libascendops_sim.so), each drawn from a seed, and a table of what happened.

    python tests/abuse/run_abuse.py                      # every front, the default counts (a few minutes)
    python tests/abuse/run_abuse.py --scale 10 --seed 7  # ten times the calls, another draw
    python tests/abuse/run_abuse.py --fronts numpy,capi --show 20

Per front it counts the calls and their outcomes (_judge.OUTCOMES: accepted and matching the golden, clean
rejections naming the parameter, wrong results, crashes, hangs, ...), calls that changed an input they must not,
and the resident memory growth over repeated rounds of the same calls (a leak grows it every round). Each front runs
in worker processes (_worker.py): a crash or hang is counted and the run goes on from the next call. Exit status 1
when any bad outcome, modified input or leak was seen. Not part of the test suite (docs/testing.md)."""

import argparse
import json
import os
import selectors
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE)]

from _judge import BAD, CRASH, HANG, OUTCOMES  # noqa: E402

# Front -> (calls at --scale 1, leak rounds' cases); the CLI's calls are processes, the C API's are cheap.
FRONTS = {"numpy": (1500, 60), "torch": (800, 40), "cli": (150, 0), "capi": (3000, 200)}
LEAK_ROUNDS = 12
LEAK_KIB_PER_ROUND = 64  # growth per round, after the first three, beyond which memory is counted as leaking
# One malloc arena: glibc gives each of the twin's core threads an arena of its own, whose fragmentation grows RSS
# for thousands of calls with no byte leaked; with one arena RSS follows what is live.
LEAK_ENV = {"MALLOC_ARENA_MAX": "1"}


def _worker(args, timeout, env=None):
    """Yields the worker's JSON records; a record {"silent": True} when it said nothing for ``timeout`` s (it is
    killed), {"exit": code} when it ended."""
    proc = subprocess.Popen(
        [sys.executable, str(HERE / "_worker.py"), *map(str, args)],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
        env={**os.environ, **(env or {})},
    )
    with selectors.DefaultSelector() as sel:
        sel.register(proc.stdout, selectors.EVENT_READ)
        while True:
            if not sel.select(timeout):
                proc.kill()
                proc.wait()
                yield {"silent": True}
                return
            line = proc.stdout.readline()
            if not line:
                yield {"exit": proc.wait()}
                return
            yield json.loads(line)


def run_calls(front, seed, count, timeout, findings):
    """Outcome counts of cases 0..count-1; a call that crashed or hung its worker is counted and skipped."""
    tally, start = Counter(), 0
    while start < count:
        current = None
        for record in _worker(("calls", front, seed, start, count), timeout):
            if "begin" in record:
                current = record["begin"]
            elif "end" in record:
                tally[record["outcome"]] += 1
                tally["modified input"] += record["modified"]
                if record["outcome"] in BAD or record["modified"]:
                    findings.append(
                        f"{front} #{record['end']} {record['name']}: {record['outcome']}"
                        f"{' + MODIFIED INPUT' if record['modified'] else ''} {record['detail']}"
                    )
                current = None
            elif "done" in record:
                return tally
            elif current is not None:  # silent or exited mid-call
                outcome = HANG if record.get("silent") else CRASH
                tally[outcome] += 1
                findings.append(f"{front} #{current}: {outcome} {record}")
        start = count if current is None else current + 1
    return tally


def run_leak(front, seed, cases, timeout):
    """(calls, growth KiB per round after the first three); None when the front has no leak round."""
    if cases == 0:
        return None
    records = _worker(("leak", front, seed, cases, LEAK_ROUNDS), timeout * cases, LEAK_ENV)
    rss = [r["rss_kib"] for r in records if "rss_kib" in r]
    if len(rss) < LEAK_ROUNDS:
        return cases * len(rss), float("nan")
    return cases * LEAK_ROUNDS, (rss[-1] - rss[2]) / (LEAK_ROUNDS - 3)


def report(results):
    fronts = list(results)
    rows = [("calls", lambda t, leak: sum(t[o] for o in OUTCOMES))]
    rows += [(o, lambda t, leak, o=o: t[o]) for o in OUTCOMES]
    rows.append(("modified input", lambda t, leak: t["modified input"]))
    rows.append(("leak-round calls", lambda t, leak: "-" if leak is None else leak[0]))
    rows.append(("RSS growth KiB/round", lambda t, leak: "-" if leak is None else f"{leak[1]:.1f}"))
    width = max(len(r[0]) for r in rows)
    print(f"{'':{width}}  " + "  ".join(f"{f:>8}" for f in fronts) + f"  {'total':>8}")
    for label, value in rows:
        cells = [value(*results[f]) for f in fronts]
        total = sum(c for c in cells if isinstance(c, int)) if label != "RSS growth KiB/round" else ""
        print(f"{label:{width}}  " + "  ".join(f"{c:>8}" for c in cells) + f"  {total:>8}")


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--fronts", default=",".join(FRONTS), help="comma-separated: " + ", ".join(FRONTS))
    parser.add_argument("--scale", type=float, default=1.0, help="multiplies every front's call count")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--timeout", type=float, default=120.0, help="seconds one call may take before it is a hang")
    parser.add_argument("--show", type=int, default=10, help="findings printed per front")
    args = parser.parse_args(argv)
    results, bad = {}, False
    for front in args.fronts.split(","):
        calls, leak_cases = FRONTS[front]
        findings, began = [], time.monotonic()
        tally = run_calls(front, args.seed, max(1, int(calls * args.scale)), args.timeout, findings)
        leak = run_leak(front, args.seed, leak_cases, args.timeout)
        results[front] = (tally, leak)
        print(f"{front}: {sum(tally[o] for o in OUTCOMES)} calls in {time.monotonic() - began:.0f} s", flush=True)
        for line in findings[: args.show]:
            print("  " + line)
        leaking = leak is not None and not leak[1] <= LEAK_KIB_PER_ROUND
        bad = bad or bool(findings) or leaking
    report(results)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
