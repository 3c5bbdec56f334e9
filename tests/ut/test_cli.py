"""The ascendops command: help, soc, demo, tiling and bench dispatch, clean usage errors."""

import os
import subprocess
import sys


import ascendops
from ascendops import cli
from ascendops.ops import OPERATORS


def test_python_dash_m_help():
    proc = subprocess.run(
        [sys.executable, "-m", "ascendops", "--help"], capture_output=True, text=True, env=dict(os.environ), check=False
    )
    assert proc.returncode == 0
    for command in ("soc", "demo", "tiling", "bench"):
        assert command in proc.stdout


def test_version(cli_run):
    code, out, _ = cli_run("--version")
    assert code == 0 and out.strip() == f"ascendops {ascendops.__version__}"


def test_no_command_is_a_usage_error(cli_run):
    code, _, err = cli_run()
    assert code == 2 and err.startswith("ascendops: error: the following arguments are required: command")


def test_soc_lists_every_soc(cli_run):
    code, out, _ = cli_run("soc")
    assert code == 0
    lines = out.splitlines()
    assert lines[0].split()[:3] == ["name", "product", "vector_kernel_cores"]
    for s in ascendops.socs():
        row = next(line for line in lines if line.startswith(s["name"] + " "))
        assert str(s["vector_kernel_cores"]) in row.split()


def test_soc_cost(cli_run):
    code, out, _ = cli_run("soc", "--cost")
    assert code == 0 and "freq_mhz" in out and "1850" in out


def test_demo(cli_run):
    code, out, _ = cli_run("demo")
    if not OPERATORS:
        assert code == 0 and "no operator is built yet" in out
        return
    assert code == 0, out
    header = out.splitlines()[0]
    columns = ("op", "case", "soc", "tiling key", "blockDim", "max error", "vs golden", "modeled us", "bound us")
    for column in (*columns, "x bound", "limited by"):
        assert column in header
    assert "modeled" in out.splitlines()[-1]


def test_demo_rows_put_the_modeled_time_next_to_its_bound():
    from ascendops import demo

    rows = [r for r in demo.run(ops=["split"]) if r["modeled_us"] is not None]
    assert rows and all(r["status"] == "ok" for r in rows)
    for r in rows:  # the bound is the least the model gives any kernel: launch + achievable roofline
        assert 0 < r["bound_us"] <= r["modeled_us"] and r["vs_bound"] == r["modeled_us"] / r["bound_us"]
    # ragged 150- and 200-byte rows on the 310P (no DataCopyPad, the window key): correct, far above the bound, and
    # the row says why
    slow = next(r for r in rows if r["case"] == "int8 [33,7,50] sections 3,0,4 dim 1" and r["soc"] == "ascend310p")
    assert slow["vs_bound"] > 100 and slow["limited_by"] == "scalar"
    # ascend910b: the launch term bounds the many-block case; the small cases (0.47 us of launch at one block) their
    # scalar work
    assert {r["limited_by"] for r in rows if r["soc"] == "ascend910b"} == {"launch", "scalar"}


def test_tiling_usage_errors_are_clean(cli_run):
    code, _, err = cli_run("tiling")
    assert code == 2 and "Traceback" not in err
    code, _, err = cli_run("tiling", "no_such_op")
    assert code == 2 and "Traceback" not in err


def test_bench_usage_errors_are_clean(cli_run):
    code, _, err = cli_run("bench")
    assert code == 2 and "the following arguments are required: target" in err
    code, _, err = cli_run("bench", "no_such_target")
    assert code == 2 and "invalid choice" in err


def test_format_table_aligns_numbers_right_and_marks_missing():
    table = cli.format_table([{"a": "x", "n": 1.5}, {"a": "long", "n": None}])
    assert table.splitlines() == ["a       n", "----  ---", "x     1.5", "long    -"]
