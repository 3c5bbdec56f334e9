"""``ascendops bench launch``: the columns it prints and its argument checks (its times are the benchmark's to
report, never asserted here)."""

HEADER = [
    "soc",
    "case",
    "calls",
    "wall_us",
    "first_10_wall_us",
    "last_10_wall_us",
    "wall_last_over_first",
    "first_10_cpu_us",
    "last_10_cpu_us",
    "cpu_last_over_first",
]


def test_prints_one_row_per_soc_with_the_window_medians(cli_run):
    code, out, err = cli_run("bench", "launch", "--calls", "40", "--window", "10", "--soc", "ascend310p")
    assert code == 0, err
    lines = out.splitlines()
    assert lines[0].split() == HEADER
    row = lines[2].split()
    assert row[:2] == ["ascend310p", "Cast"] and row[row.index("elements") + 1] == "40"
    assert all(float(v) > 0 for v in row[row.index("elements") + 2 :])
    assert "host time of the whole call" in out


def test_a_window_beyond_half_the_calls_is_a_clean_error(cli_run):
    code, _, err = cli_run("bench", "launch", "--calls", "40", "--window", "21")
    assert code == 2 and "--window 21 must be at most half of --calls 40" in err and "Traceback" not in err
