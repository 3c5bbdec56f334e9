"""Fuzz of the ascendops command line: tiling and bench command lines drawn from edge counts (0, negatives, huge,
non-decimal spellings), shapes (empty, ragged, negative, huge dims) and dtype spellings (names, aliases in any case,
NumPy byte-order strings such as '>f4' / '<i2' / '|b1', structured / str / datetime codes). The CLI takes no array
from the user (its drivers build them), so byte orders reach it only as dtype spellings. Every run ends as documented:
exit 0 with output and nothing on stderr, or exit 2 with nothing on stdout and exactly one line on stderr
(``ascendops <command>: error: ...``), never a traceback. ASCENDOPS_FUZZ_EXAMPLES raises the example count."""

import contextlib
import io
import os

from hypothesis import given, settings
from hypothesis import strategies as st

from ascendops import cli

EXAMPLES = int(os.environ.get("ASCENDOPS_FUZZ_EXAMPLES", "25"))
INTS = ["0", "1", "-1", "2", "7", "48", "4096", "2147483647", "2147483648", "-9223372036854775808",
        "99999999999999999999", "4.0", "0x10", "1e3", "", " 3 ", "+5", "--1", "nan"]  # fmt: skip
SHAPES = ["", "0", "1", "7,9", "4,1024", "1,,2", "-3,4", "3,-4", "4294967296,4294967297", "x", "2,3,4,5,6,7,8,9,10",
          "64,8", "0,5", "1,1,1,64,8", "4,8,16,128,128", "4,64,128", "256,64,128"]  # fmt: skip
DTYPES = ["float32", "FP16", "bf16", "Half", "float", "double", "int8", "uint8", "bool", "int64", ">f4", "<f4",
          "=f2", "|i1", "<i2", ">i8", "V8", "U3", "M8[s]", "O", "complex64", "float128", "int4", "bfloat16"]  # fmt: skip
SOCS = ["ascend310p", "ascend910b", "ascend910_93", "ascend999", "ASCEND910B"]

OPTIONS = {  # command prefix -> {option: values}
    ("tiling", "cast"): {"--shape": SHAPES, "--src": DTYPES, "--dst": DTYPES},
    ("tiling", "split"): {
        "--shape": SHAPES,
        "--dtype": DTYPES,
        "--split": INTS + ["3,0,5", "0,0", "1,-1"],
        "--dim": INTS,
    },  # fmt: skip
    ("tiling", "embedding_dense_grad"): {"--shape": SHAPES, "--num-weights": INTS, "--padding-idx": INTS},
    ("tiling", "fused_gdn_decode"): {"--shape": SHAPES, "--dtype": DTYPES, "--state-dtype": DTYPES},
    ("tiling", "fused_swiglu_grad"): {"--shape": SHAPES},
    ("bench", "upload"): {"--repeats": ["0", "-1", "1", "2", "x", "1.5"], "--base-mb": ["0", "-5", "1", "2", "y"]},
    ("bench", "cast"): {"--n": ["0", "-8", "x"], "--pairs": ["fp32", "a:b", ">f4:<f2", "float32:int4"]},
    ("bench", "fused_gdn_decode"): {"--batches": ["0", "-1", ",", "1,,2"]},
    ("bench", "sim"): {"--n": ["0", "-1", "65537"], "--repeat": ["0", "-1", "1001"]},
}
SHARED = {"--soc": SOCS, "--core-num": INTS}


@st.composite
def command_line(draw):
    prefix = draw(st.sampled_from(sorted(OPTIONS)))
    choices = {**OPTIONS[prefix], **(SHARED if prefix[0] == "tiling" else {})}
    argv = list(prefix)
    for option in draw(st.lists(st.sampled_from(sorted(choices)), min_size=1, max_size=4)):
        value = draw(st.sampled_from(choices[option]))
        argv += [f"{option}={value}"] if draw(st.booleans()) else [option, value]
    return argv


def run(argv):
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = cli.main(argv)
    return code, out.getvalue(), err.getvalue()


@settings(max_examples=EXAMPLES)
@given(command_line())
def test_every_command_line_ends_as_documented(argv):
    code, out, err = run(argv)
    assert code in (0, 2), (argv, code, err)
    if code == 0:
        assert out and not err, (argv, err)
        return
    lines = err.splitlines()
    assert not out and len(lines) == 1, (argv, out, err)
    assert lines[0].startswith("ascendops") and ": error: " in lines[0], (argv, err)
    assert "Traceback" not in err
