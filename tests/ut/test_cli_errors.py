"""The ascendops command never prints a traceback: every rejected argument or operator error is exit 2 and one line
on stderr (argparse's usage line plus its error line for parse failures)."""

import pytest

from ascendops import cli

EDG = ["tiling", "embedding_dense_grad", "--shape", "64,8"]
CAST = ["tiling", "cast", "--src", "float32", "--dst", "float16"]

# (argv, a fragment of the error line)
CASES = [
    (CAST + ["--shape", "8", "--core-num", "99999999999"], "core_num 99999999999 must be in [0, 10] on ascend310p"),
    (CAST + ["--shape", "8", "--core-num", "99999999999999999999"], "--core-num: 99999999999999999999 must be"),
    (CAST + ["--shape", "8", "--core-num", "-1"], "--core-num: -1 must be in [0, "),
    (CAST + ["--shape", "8", "--core-num", "4.0"], "--core-num: invalid int '4.0'"),
    (CAST + ["--shape", "99999999999999999999"], "dimensions must be in [0, 2^63 - 1]"),
    (CAST + ["--shape=-4,-5"], "dimensions must be in [0, 2^63 - 1]"),
    (CAST + ["--shape", "4294967296,4294967297"], "self shape [4294967296, 4294967297] holds more than 2^63 - 1"),
    (CAST + ["--shape", "4,y"], "invalid shape"),
    (EDG + ["--num-weights", "99999999999"], "--num-weights: 99999999999 must be in [1, 2^31 - 1]"),
    (EDG + ["--num-weights", "0"], "--num-weights: 0 must be in [1, 2^31 - 1]"),
    (EDG + ["--num-weights", "ten"], "--num-weights: invalid int 'ten'"),
    (EDG + ["--num-weights", "10", "--padding-idx", "99999999999999999999"], "--padding-idx: 99999999999999999999"),
    (EDG + ["--num-weights", "10", "--padding-idx", "10"], "padding_idx 10 must be < num_weights 10"),
    (["tiling", "fused_gdn_decode", "--shape", "1,1,1,64,-8"], "dimensions must be in [0, 2^63 - 1]"),
    (["bench", "cast", "--n", "0"], "--n: 0 must be in [1, 2^31 - 1]"),
    (["bench", "cast", "--n", "-8"], "--n: -8 must be in [1, 2^31 - 1]"),
    (["bench", "cast", "--n", "8", "--soc", "ascend999"], "unknown soc 'ascend999'"),
    (["bench", "embedding_dense_grad", "--dims", ","], "--dims: invalid list ','"),
    (["bench", "embedding_dense_grad", "--dims", "128,,8"], "--dims: invalid list"),
    (["bench", "embedding_dense_grad", "--dims", "1"], "--dims: 1 must be in [2, 2^31 - 1]"),
    (["bench", "embedding_dense_grad", "--n", "0"], "--n: 0 must be in [1, 2^31 - 1]"),
    (["bench", "fused_gdn_decode", "--batches", "0"], "--batches: 0 must be in [1, 65536]"),
    (["bench", "sim", "--n", "0"], "--n: 0 must be in [65536, 2147483648]"),
    (["bench", "sim", "--n", "65537"], "n must be a multiple of block_dim * tile"),
    (["bench", "sim", "--repeat", "-1"], "--repeat: -1 must be in [1, 1000]"),
]


@pytest.mark.parametrize("argv, fragment", CASES, ids=[" ".join(c[0][:2] + c[0][-2:]) for c in CASES])
def test_rejected_arguments_exit_2_with_one_line(capsys, argv, fragment):
    try:
        code = cli.main(argv)
    except SystemExit as e:
        code = e.code
    out, err = capsys.readouterr()
    assert code == 2 and "Traceback" not in err and out == ""
    lines = [line for line in err.splitlines() if not line.startswith("usage:") and line.startswith("ascendops")]
    assert len(lines) == 1 and fragment in lines[0], err


def test_valid_tiling_still_exits_0(capsys):
    assert cli.main(CAST + ["--shape", "1024"]) == 0
    assert "total_elements: 1024" in capsys.readouterr().out
