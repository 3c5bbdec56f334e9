"""Every rejected argument or operator error of the ascendops command, in every subcommand: exit 2, nothing on
stdout, exactly one line on stderr naming the bad value (no usage block, no traceback, no raw Python message); a bug
in ascendops itself is not dressed as a user error."""

import os
import signal
import subprocess
import sys
import time

import pytest

from ascendops import cli

EDG = ["tiling", "embedding_dense_grad", "--shape", "64,8"]
CAST = ["tiling", "cast", "--src", "float32", "--dst", "float16"]
SWIGLU = ["tiling", "fused_swiglu_grad"]

# (argv, a fragment of the error line)
CASES = [
    # the command and the subcommands themselves
    ([], "the following arguments are required: command"),
    (["nope"], "invalid choice: 'nope'"),
    (["soc", "--cost", "extra"], "unrecognized arguments: extra"),
    (["tiling"], "the following arguments are required: op"),
    (["tiling", "no_such_op"], "invalid choice: 'no_such_op'"),
    (["bench"], "the following arguments are required: target"),
    (["bench", "no_such_target"], "invalid choice: 'no_such_target'"),
    (["demo", "--op", "nope"], "argument --op: invalid choice: 'nope'"),
    (["demo", "--soc", "ascend999"], "argument --soc: invalid choice: 'ascend999'"),
    # tiling: numbers and shapes parsed strictly
    (CAST + ["--shape", "8", "--core-num", "99999999999"], "core_num 99999999999 must be in [0, 48] on ascend910b"),
    (CAST + ["--shape", "8", "--core-num", "99999999999999999999"], "--core-num: 99999999999999999999 must be"),
    (CAST + ["--shape", "8", "--core-num", "-1"], "--core-num: -1 must be in [0, "),
    (CAST + ["--shape", "8", "--core-num", "4.0"], "--core-num: invalid int '4.0'"),
    (CAST + ["--shape", "8", "--core-num", "0x10"], "--core-num: invalid int '0x10'"),
    (CAST + ["--shape", "99999999999999999999"], "dimensions must be in [0, 2^63 - 1]"),
    (CAST + ["--shape=-4,-5"], "dimensions must be in [0, 2^63 - 1]"),
    (CAST + ["--shape", "4294967296,4294967297"], "self shape [4294967296, 4294967297] holds more than 2^63 - 1"),
    (CAST + ["--shape", "4,y"], "invalid shape '4,y'"),
    (CAST + ["--shape", "x"], "invalid shape 'x'"),
    (CAST + ["--shape", "1,,2"], "invalid shape '1,,2'"),
    (CAST + ["--shape", "4x1024"], "invalid shape '4x1024'"),
    (CAST + ["--shape", "8", "--soc", "ascend999"], "argument --soc: invalid choice: 'ascend999'"),
    (["tiling", "cast", "--shape", "8", "--src", "float32", "--dst", "int4"], "--dst: unknown dtype 'int4'"),
    (["tiling", "cast", "--shape", "8", "--src", "bf16", "--dst", "bf16"], "bfloat16"),
    (["tiling", "cast", "--shape", "8", "--src", "fp32"], "the following arguments are required: --dst"),
    (EDG + ["--num-weights", "99999999999"], "--num-weights: 99999999999 must be in [1, 2^31 - 1]"),
    (EDG + ["--num-weights", "0"], "--num-weights: 0 must be in [1, 2^31 - 1]"),
    (EDG + ["--num-weights", "ten"], "--num-weights: invalid int 'ten'"),
    (EDG + ["--num-weights", "10", "--padding-idx", "99999999999999999999"], "--padding-idx: 99999999999999999999"),
    (EDG + ["--num-weights", "10", "--padding-idx", "10"], "padding_idx 10 must be < num_weights 10"),
    (["tiling", "fused_gdn_decode", "--shape", "1,1,1,64,-8"], "dimensions must be in [0, 2^63 - 1]"),
    (["tiling", "fused_gdn_decode", "--shape", "1,1,1,64"], "expected 5 dims B,H,HV,K,V"),
    (["tiling", "fused_gdn_decode", "--soc", "ascend310p"], "ascend310p"),
    (SWIGLU + ["--shape", "4,4"], "expected 3 dims M,K,N"),
    (SWIGLU + ["--shape", "4,4,4", "--soc", "ascend310p"], "ascend310p"),
    (["tiling", "split", "--shape", "8,10", "--split", "x"], "--split: invalid int 'x'"),
    (["tiling", "split", "--shape", "8,10", "--split", "3,,5"], "--split: invalid list '3,,5'"),
    (["tiling", "split", "--shape", "8,10", "--split", "3", "--dim", "True"], "--dim: invalid int 'True'"),
    (["tiling", "split", "--shape", "8,10", "--split", "3,3", "--dim", "1"], "sum"),
    (["tiling", "split", "--shape", "8,10", "--split", "0"], "split_size 0 must be > 0"),
    (["tiling", "split", "--shape", "8,10", "--split", "-3"], "--split: -3 must be in [0, 2^63 - 1]"),
    # bench: every target's options
    (["bench", "cast", "--n", "0"], "--n: 0 must be in [1, 2^31 - 1]"),
    (["bench", "cast", "--n", "-8"], "--n: -8 must be in [1, 2^31 - 1]"),
    (["bench", "cast", "--n", "8", "--soc", "ascend999"], "argument --soc: invalid choice: 'ascend999'"),
    (["bench", "cast", "--n", "8", "--pairs", "float32"], "--pairs: invalid pair 'float32'"),
    (["bench", "cast", "--n", "8", "--pairs", "float32:int4"], "--pairs: unknown dtype 'int4'"),
    (
        ["bench", "cast", "--n", "8", "--pairs", "fp16:bf16"],
        "--pairs: Cast does not deliver float16:bfloat16 on " "ascend310p",
    ),
    (["bench", "--backend", "npu", "cast"], "bench cast --backend npu is not supported"),
    (["bench", "--backend", "gpu", "cast"], "argument --backend: invalid choice: 'gpu'"),
    (["bench", "embedding_dense_grad", "--dims", ","], "--dims: invalid list ','"),
    (["bench", "embedding_dense_grad", "--dims", "128,,8"], "--dims: invalid list"),
    (["bench", "embedding_dense_grad", "--dims", "1"], "--dims: 1 must be in [2, 2^31 - 1]"),
    (["bench", "embedding_dense_grad", "--n", "0"], "--n: 0 must be in [1, 2^31 - 1]"),
    (["bench", "fused_gdn_decode", "--batches", "0"], "--batches: 0 must be in [1, 65536]"),
    (["bench", "fused_gdn_decode", "--soc", "ascend310p"], "argument --soc: invalid choice: 'ascend310p'"),
    (["bench", "fused_swiglu_grad", "--shape", "0,0,0"], "dimensions must be in [1, 2^63 - 1]"),
    (["bench", "fused_swiglu_grad", "--shape", "4096x512x1024"], "invalid shape '4096x512x1024'"),
    (["bench", "fused_swiglu_grad", "--core-num", "x"], "--core-num: invalid int 'x'"),
    (["bench", "split", "--socs", "ascend310p"], "unrecognized arguments: --socs"),
    (["bench", "split", "--soc", "ascend999"], "argument --soc: invalid choice: 'ascend999'"),
    (["bench", "matmul", "--aivs", "0"], "--aivs: 0 must be in [2, 2^31 - 1]"),
    (["bench", "matmul", "--aivs", "96"], "--aivs 96: ascend910b has 48 AIVs"),
    (["bench", "matmul", "--soc", "ascend310p"], "argument --soc: invalid choice: 'ascend310p'"),
    (["bench", "copy", "--vector-cores", "--soc", "ascend910b"], "--vector-cores runs on ascend310p only"),
    (["bench", "sim", "--n", "0"], "--n: 0 must be in [65536, 2147483648]"),
    (["bench", "sim", "--n", "65537"], "n must be a multiple of block_dim * tile"),
    (["bench", "sim", "--repeat", "-1"], "--repeat: -1 must be in [1, 1000]"),
    (["bench", "sim", "--soc", "ascend310p"], "unrecognized arguments: --soc"),
    (["bench", "small", "--case", "x"], "--case: invalid int 'x'"),
    (["bench", "npu", "--device-id", "-1"], "--device-id: -1 must be in [0, 2^31 - 1]"),
    (["bench", "npu", "--pairs", "a:b"], "--pairs: unknown dtype 'a'"),
    (["bench", "npu", "--dims", "1"], "--dims: 1 must be in [2, 2^31 - 1]"),
    (["bench", "npu", "--repeats", "0"], "--repeats: 0 must be in [1, "),
    (["bench", "upload", "--repeats", "0"], "--repeats: 0 must be in [1, 1048576]"),
    (["bench", "upload", "--repeats", "-2"], "--repeats: -2 must be in [1, 1048576]"),
    (["bench", "upload", "--repeats", "2.5"], "--repeats: invalid int '2.5'"),
    (["bench", "upload", "--base-mb", "0"], "--base-mb: 0 must be in [1, 1048576]"),
    (["bench", "upload", "--base-mb", "-400"], "--base-mb: -400 must be in [1, 1048576]"),
]


def run(argv):
    try:
        code = cli.main(argv)
    except SystemExit as e:  # only --help and --version exit through argparse
        code = e.code
    return code


@pytest.mark.parametrize("argv, fragment", CASES, ids=[" ".join(c[0]) for c in CASES])
def test_rejected_arguments_exit_2_with_one_line(capsys, argv, fragment):
    code = run(argv)
    out, err = capsys.readouterr()
    assert code == 2 and out == "", (code, out)
    lines = err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("ascendops") and ": error: " in lines[0], err
    assert fragment in lines[0], err
    assert "Traceback" not in err and "usage:" not in err


@pytest.mark.parametrize("make", ["missing", "directory"])
def test_a_chart_path_that_cannot_be_written_is_a_user_error(capsys, tmp_path, make):
    path = tmp_path / "no_such_folder" / "x.png" if make == "missing" else tmp_path
    assert run(["bench", "small", "--soc", "ascend310p", "--chart", str(path)]) == 2
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 1 and ("does not exist" if make == "missing" else "is a directory") in err[0]


def test_a_bug_is_not_shown_as_a_user_error(monkeypatch):
    def broken():
        raise TypeError("a bug")

    monkeypatch.setattr(sys.modules["ascendops.socs"], "socs", broken)
    with pytest.raises(TypeError, match="a bug"):
        cli.main(["soc"])


def test_the_process_prints_one_line_and_exits_2():
    proc = subprocess.run(
        [sys.executable, "-m", "ascendops", "tiling", "cast", "--shape", "1,,2", "--src", "fp32", "--dst", "fp16"],
        capture_output=True,
        text=True,
        env=dict(os.environ),
        check=False,
    )
    assert proc.returncode == 2 and proc.stdout == ""
    assert proc.stderr.splitlines() == [
        "ascendops tiling cast: error: argument --shape: invalid shape '1,,2': "
        "expected comma-separated ints, e.g. 4,1024 (see ascendops tiling cast --help)"
    ]


def test_ctrl_c_is_one_line_and_exit_130(capsys, monkeypatch):
    def interrupted(args):
        raise KeyboardInterrupt

    monkeypatch.setattr(cli, "_cmd_tiling", interrupted)
    assert cli.main(CAST + ["--shape", "8"]) == 130
    out, err = capsys.readouterr()
    assert (out, err) == ("", "ascendops tiling cast: interrupted\n")


def test_sigint_during_a_kernel_ends_the_process_with_one_line_and_130():
    """A real SIGINT to a real run: sent once the command has started (the child says so), while the demo's kernels
    run on the twin; the line comes when the kernel in flight returns to Python."""
    code = (
        "import sys\nimport ascendops.cli as cli\nimport ascendops.demo as demo\nrun = demo.run\n\n"
        "def started(**kwargs):\n    print('started', flush=True)\n    return run(**kwargs)\n\n"
        "demo.run = started\nsys.exit(cli.main(['demo']))\n"
    )
    proc = subprocess.Popen(
        [sys.executable, "-c", code], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=dict(os.environ)
    )
    assert proc.stdout.readline() == "started\n"
    time.sleep(0.5)  # into the first cases' kernels
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=300)
    assert (proc.returncode, err) == (130, "ascendops demo: interrupted\n"), (out, err)


def test_valid_tiling_still_exits_0(capsys):
    assert cli.main(CAST + ["--shape", "1024"]) == 0
    assert "total_elements: 1024" in capsys.readouterr().out


def test_a_closed_output_pipe_is_not_an_error():
    code = (
        "import sys\nimport ascendops.cli as cli\n\ndef closed(args):\n    raise BrokenPipeError(32, 'Broken pipe')\n\n"
        "cli._cmd_soc = closed\nsys.exit(cli.main(['soc']))\n"
    )
    proc = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=dict(os.environ), check=False
    )
    assert (proc.returncode, proc.stderr) == (0, "")
