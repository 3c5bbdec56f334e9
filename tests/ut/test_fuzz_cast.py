"""Fuzz of ascendops.cast over shapes, strides, dtype pairs, SoCs and core counts: every outcome is a documented one
(the golden's values, AclnnError 161002 for a pair the SoC does not deliver or a core count beyond the SoC's largest
variant, TypeError/ValueError for an argument of the wrong kind). ASCENDOPS_FUZZ_EXAMPLES raises the example count
(scripts/fuzz.sh)."""

import os

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import ascendops
from ascendops.golden import bit_mismatches
from ascendops.golden import cast as golden
from ascendops.ops.cast import _dtype, plan_table

EXAMPLES = int(os.environ.get("ASCENDOPS_FUZZ_EXAMPLES", "25"))
SOCS = {s["name"]: s["max_vector_kernel_cores"] for s in ascendops.socs()}
DTYPES = sorted({r["src"] for r in plan_table("ascend310p")})
DELIVERED = {soc: {(r["src"], r["dst"]) for r in plan_table(soc) if r["path"] != "UNSUPPORTED"} for soc in SOCS}


@st.composite
def device(draw):
    soc = draw(st.sampled_from(sorted(SOCS)))
    core_num = draw(st.one_of(st.just(0), st.integers(1, SOCS[soc] + 2), st.just(100000)))
    return soc, core_num


SPECIAL_FLOATS = [np.nan, np.inf, -np.inf, 0.0, -0.0, 1.5, -1.5, 127.9, 128.0, -128.5, 255.9, 256.0, 65504.0, 3e9]


def values(dtype, n, rng):
    """n values of `dtype`: the conversion rules' special values mixed into random ones over the dtype's range."""
    dt = _dtype(dtype)
    if dt == np.bool_:
        return rng.integers(0, 2, n).astype(np.bool_)
    if dt.kind == "f" or dtype == "bfloat16":
        x = rng.normal(0, 300, n)
        mask = rng.random(n) < 0.3
        x[mask] = rng.choice(SPECIAL_FLOATS, int(mask.sum()))
        with np.errstate(over="ignore", invalid="ignore"):
            return x.astype(dt)
    info = np.iinfo(dt)
    return rng.integers(info.min, info.max, n, dtype=dt, endpoint=True)


@st.composite
def array(draw, dtype):
    """An array of `dtype` with a random shape, possibly a strided view (step, transpose or offset)."""
    shape = tuple(draw(st.lists(st.integers(0, 9), min_size=0, max_size=3)))
    n = int(np.prod(shape))
    base = values(dtype, 2 * n + 3, np.random.default_rng(draw(st.integers(0, 2**16))))
    view = draw(st.sampled_from(["dense", "step", "transpose", "offset"]))
    if view == "step":
        return base[: 2 * n : 2].reshape(shape)
    if view == "offset":
        return base[3 : 3 + n].reshape(shape)
    x = base[:n].reshape(shape)
    return x.T if view == "transpose" else x


def check_value(actual, x, dst, soc):
    expected = golden.cast(x, _dtype(dst), soc)
    assert actual.dtype == expected.dtype and actual.shape == expected.shape
    assert bit_mismatches(actual, expected) == 0  # the twin rounds exactly as the golden: no tolerance


@settings(max_examples=EXAMPLES)
@given(data=st.data(), dev=device(), src=st.sampled_from(DTYPES), dst=st.sampled_from(DTYPES))
def test_cast_outcomes_are_documented(data, dev, src, dst):
    soc, core_num = dev
    x = data.draw(array(src))
    before = x.copy()
    try:
        actual = ascendops.cast(x, _dtype(dst), soc=soc, core_num=core_num)
    except ascendops.AclnnError as e:
        assert e.code == 161002, e
        assert (core_num > SOCS[soc] and "core_num" in e.message) or (src, dst) not in DELIVERED[soc], e
    else:
        assert core_num <= SOCS[soc] and (src, dst) in DELIVERED[soc]
        check_value(actual, x, dst, soc)
    assert x.tobytes() == before.tobytes()  # the input is never modified


BAD_ARGS = [
    (dict(dtype=None), TypeError, "dtype is required"),
    (dict(dtype="nodtype"), TypeError, "dtype 'nodtype' is not a dtype"),
    (dict(core_num=-1), ValueError, "core_num -1 must be"),
    (dict(core_num=2.0), TypeError, "core_num must be an int"),
    (dict(core_num=True), TypeError, "core_num must be an int"),
    (dict(core_num="4"), TypeError, "core_num must be an int"),
    (dict(core_num=2**70), ValueError, "core_num 1180591620717411303424 must be"),
    (dict(soc=3), ValueError, "unknown soc 3"),
]


@pytest.mark.parametrize("kw, error, match", BAD_ARGS, ids=[str(b[0]) for b in BAD_ARGS])
def test_bad_arguments_name_the_parameter(kw, error, match):
    kw = {"dtype": "float16", **kw}
    with pytest.raises(error, match=match):
        ascendops.cast(np.ones(4, np.float32), kw.pop("dtype"), **kw)


def test_numpy_integer_core_num_is_accepted():
    # 16384 floats: 16 KB of source for each of the 4 cores (the tiling's minimum per core)
    y = ascendops.cast(np.ones(16384, np.float32), "float16", soc="ascend910b", core_num=np.int64(4))
    assert ascendops._C.last_launch_report()["block_dim"] == 4 and y.dtype == np.float16


def test_huge_core_num_is_a_clean_161002():
    with pytest.raises(ascendops.AclnnError) as e:
        ascendops.cast(np.ones(10**6, np.float32), "float16", soc="ascend310p", core_num=100000)
    assert e.value.code == 161002
    assert e.value.message == (
        "core_num 100000 must be in [0, 10] on ascend310p (0: the SoC's own count; 10 is its " "largest variant's)"
    )
