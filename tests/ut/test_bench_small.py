"""``ascendops bench small``: the seeds' small-shape clauses, per-pipe times and the timeline chart."""

import struct
import sys

import pytest

from ascendops import _C
from ascendops.bench import _chart, small
from ascendops.cli import main

ROW_KEYS = [
    "case",
    "op",
    "soc",
    "shape",
    "block_dim",
    "modeled_us",
    "target",
    "target_us",
    "clause",
    "hit",
    "slowest_core",
    "scalar_us",
    "vec_us",
    "mte2_us",
    "mte3_us",
    "core_us",
]
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def png_size(path):
    with open(path, "rb") as f:
        data = f.read(24)
    assert data[:8] == PNG_SIGNATURE and data[12:16] == b"IHDR"
    return struct.unpack(">II", data[16:24])


@pytest.fixture(scope="module")
def rows_910b():
    return small.run(small_args(["--soc", "ascend910b"]))


def small_args(argv):
    from ascendops.cli import build_parser

    return build_parser(small).parse_args(["bench", "small", *argv])


def test_rows_have_the_documented_keys_and_stay_under_the_clause_bounds(rows_910b):
    assert rows_910b and all(list(r) == ROW_KEYS for r in rows_910b)
    assert [r["case"] for r in rows_910b] == list(range(len(rows_910b)))
    assert {r["op"] for r in rows_910b} == {"Cast", "EmbeddingDenseGrad"}
    for r in rows_910b:
        bound = 10.0 if r["op"] == "Cast" else 100.0
        assert 0 < r["target_us"] < r["modeled_us"] < bound
        assert r["hit"] == small.clause_hit(r["op"], r["modeled_us"], r["target_us"])
        assert 0 < r["mte2_us"] <= r["core_us"] and r["mte3_us"] <= r["core_us"]


@pytest.mark.parametrize(
    "op, modeled, target, hit",
    [
        ("Cast", 9.0, 5.99, True),
        ("Cast", 9.0, 6.0, False),
        ("Cast", 4.0, 0.5, True),
        ("EmbeddingDenseGrad", 13.1, 10.0, True),
        ("EmbeddingDenseGrad", 12.9, 10.0, False),
    ],
)
def test_the_clause_flag_of_a_hand_made_case(op, modeled, target, hit):
    assert small.clause_hit(op, modeled, target) is hit
    core = {"scalar_us": 0.1, "vec_us": 0.2, "mte2_us": 0.3, "mte3_us": 0.4, "core_us": 1.0}
    report = {
        "modeled_device_us": modeled,
        "block_dim": 2,
        "cores": [{"pipe_busy_us": core}, {"pipe_busy_us": {**core, "core_us": 2.5}}],
    }
    row = small.row_of(op, "ascend910b", "x", report, target)
    assert row["hit"] is hit and row["slowest_core"] == 1 and row["core_us"] == 2.5 and row["mte3_us"] == 0.4


def test_the_chart_is_a_png_of_the_documented_size(tmp_path):
    trace = {
        "core": 0,
        "freq_mhz": 1000.0,
        "truncated": False,
        "max_spans": 50000,
        "spans": [
            ("S", 0, 10, "GetValue"),
            ("MTE2", 10, 900, "DataCopy"),
            ("V", 900, 950, "Cast"),
            ("MTE3", 950, 1500, "DataCopy"),
            ("ALL", 1500, 1600, "SyncAll"),
        ],
    }
    path = tmp_path / "t.png"
    _chart.write_timeline_png(trace, str(path), "hand-made")
    width, height = png_size(path)
    assert (width, height) == (_chart.FIGURE_INCHES[0] * _chart.DPI, _chart.FIGURE_INCHES[1] * _chart.DPI)


def test_bench_small_draws_the_slowest_core_of_a_case(tmp_path, capsys):
    path = tmp_path / "case.png"
    assert main(["bench", "small", "--soc", "ascend310p", "--chart", str(path), "--case", "0"]) == 0
    assert png_size(path) == (1200, 400)
    out = capsys.readouterr().out
    assert "EmbeddingDenseGrad" in out and "ascend310p" in out and "ascend910b" not in out


def test_a_case_outside_the_table_is_one_line_and_exit_2(tmp_path, capsys):
    assert main(["bench", "small", "--soc", "ascend310p", "--chart", str(tmp_path / "x.png"), "--case", "999"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("ascendops bench small: error: --case 999: the table has cases 0..") and err.count("\n") == 1


def test_without_matplotlib_the_chart_is_one_line_and_exit_2(tmp_path, capsys, monkeypatch):
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # import matplotlib now raises ImportError
    assert main(["bench", "small", "--soc", "ascend310p", "--chart", str(tmp_path / "x.png")]) == 2
    err = capsys.readouterr().err
    assert (
        err == "ascendops bench small: error: --chart needs matplotlib: pip install matplotlib (or ascendops[test])\n"
    )
    assert not (tmp_path / "x.png").exists()


def test_the_trace_request_is_off_after_a_chart(tmp_path):
    main(["bench", "small", "--soc", "ascend310p", "--chart", str(tmp_path / "y.png")])
    import numpy as np

    import ascendops

    ascendops.cast(np.zeros(4096, np.float32), np.float16, soc="ascend310p")
    assert _C.last_launch_report()["trace"] is None
