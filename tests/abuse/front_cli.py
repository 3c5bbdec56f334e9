"""The command line as a careless user types it: commands that work with one option given a bad value (non-numbers,
0 and negative counts, malformed shapes, unknown dtypes and SoCs), an unknown option or subcommand, a required
option left out, and Ctrl-C during a long run. Documented outcomes (docs/cli.md): exit 0 with output; exit 2 with
one stderr line naming the option or word at fault; exit 130 with one "interrupted" line on Ctrl-C; never a
traceback, a signal death or a hang."""

import signal
import subprocess
import sys
import time

import numpy as np

from _judge import Case, Crashed, Hung, Refused

TIMEOUT = 120
COMMANDS = {
    "soc": ["soc"],
    "tiling cast": ["tiling", "cast", "--shape", "64,64", "--src", "fp32", "--dst", "fp16"],
    "tiling split": ["tiling", "split", "--shape", "8,6", "--dtype", "fp16", "--split", "2", "--dim", "1"],
    "tiling embedding_dense_grad": ["tiling", "embedding_dense_grad", "--shape", "16,8", "--num-weights", "10"],
    "tiling fused_gdn_decode": ["tiling", "fused_gdn_decode", "--shape", "1,2,4,64,8", "--dtype", "bf16"],
    "tiling fused_swiglu_grad": ["tiling", "fused_swiglu_grad", "--shape", "64,32,64"],
    "bench upload": ["bench", "upload", "--base-mb", "1", "--repeats", "1"],
}
# Option -> values a user may type by mistake (each refused naming the option, or taken).
BAD = {
    "--shape": ["x", "1,,2", "-1,4", "4.0", "", "99999999999999999999", "1,2,3,4,5,6,7,8,9", "0,4"],
    "--src": ["fp8", "float128", "", "int4", "bf16", "complex64"],
    "--dst": ["fp8", "float128", "", "bfloat16", "str"],
    "--dtype": ["fp8", "float128", "", "int4", "half", "object"],
    "--split": ["0", "-1", "1.5", "abc", "3,0,3", "2,-1", ""],
    "--dim": ["5", "-9", "x", "1.0"],
    "--num-weights": ["0", "-1", "1.5", "abc", "99999999999999999999"],
    "--base-mb": ["0", "-1", "1.5", "abc"],
    "--repeats": ["0", "-3", "1e3", "abc"],
}
EXTRA = [["--soc", "ascend999"], ["--soc", ""], ["--core-num", "-1"], ["--core-num", "100000"], ["--bogus"]]


def _run(argv):
    try:
        proc = subprocess.run(
            [sys.executable, "-m", "ascendops", *argv], capture_output=True, text=True, timeout=TIMEOUT, check=False
        )
    except subprocess.TimeoutExpired:
        raise Hung(f"no exit in {TIMEOUT} s") from None
    return proc.returncode, proc.stdout, proc.stderr


def _verdict(code, out, err):
    """stdout when the run succeeded; Refused for a clean exit 2; otherwise the exception the outcome is."""
    lines = err.strip().splitlines()
    if code < 0:
        raise Crashed(f"signal {-code}")
    if "Traceback" in err:
        raise RuntimeError(f"exit {code} with a traceback: {lines[-1] if lines else ''}")
    if code == 0:
        return out
    if code == 2 and len(lines) == 1 and lines[0].startswith("ascendops"):
        raise Refused(lines[0])
    raise RuntimeError(f"exit {code}, {len(lines)} stderr lines: {err[:200]!r}")


def _command_case(rng):
    name = sorted(COMMANDS)[int(rng.integers(0, len(COMMANDS)))]
    argv = list(COMMANDS[name])
    options = [i for i, a in enumerate(argv) if a in BAD]
    how = str(rng.choice(["bad value", "extra", "missing", "unknown word"] if options else ["extra", "unknown word"]))
    names = ()
    if how == "bad value":
        i = int(rng.choice(options))
        argv[i + 1] = str(rng.choice(BAD[argv[i]]))
        names = (argv[i], argv[i].lstrip("-"), argv[i].lstrip("-").replace("-", "_"))
    elif how == "extra":
        extra = EXTRA[int(rng.integers(0, len(EXTRA)))]
        argv += extra
        names = (extra[0], extra[0].lstrip("-"), extra[-1])
    elif how == "missing":
        i = int(rng.choice(options))
        names = (argv[i],)
        del argv[i : i + 2]
    else:
        i = int(rng.integers(0, min(2, len(argv))))
        argv[i] = argv[i][:-1] + "x"
        names = (argv[i],)
    return Case(
        "ascendops " + " ".join(repr(a) if not a or " " in a else a for a in argv),
        lambda: _verdict(*_run(argv)),
        "either",
        names,
        lambda: None,
        lambda result, expected: bool(result.strip()),
    )


def _interrupt_case(rng):
    """Ctrl-C during a long run, once it has printed its first line (Python's own import of the package comes before
    the command line's handler exists): exit 130, one line."""
    argv = ["demo"]

    def call():
        proc = subprocess.Popen(
            [sys.executable, "-m", "ascendops", *argv], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
        )
        proc.stdout.readline()
        time.sleep(rng.random() * 3)
        proc.send_signal(signal.SIGINT)
        try:
            _, err = proc.communicate(timeout=TIMEOUT)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.communicate()
            raise Hung("no exit after Ctrl-C") from None
        lines = err.strip().splitlines()
        if proc.returncode == 130 and len(lines) == 1 and lines[0].endswith("interrupted"):
            return lines[0]
        if proc.returncode == 0:  # finished before the signal: not an interrupt test
            return "finished"
        return _verdict(proc.returncode, "", err)

    return Case("ascendops " + " ".join(argv) + " + Ctrl-C", call, "accept", (), lambda: None, lambda r, e: bool(r))


def case(seed: int, index: int) -> Case:
    rng = np.random.default_rng([seed, index, 3])
    return _interrupt_case(rng) if rng.random() < 0.08 else _command_case(rng)
