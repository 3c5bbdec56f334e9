"""Every kernel of the package stands without the compiler's auto-sync: it orders its own pipes, so building with
`--cce-auto-sync=off` changes nothing (the BiSheng doc's limits on auto-sync make relying on it fragile). On the
twin ASCENDC_SIM_AUTO_SYNC=off judges a kernel without it: each operator's cases (its demo cases, on every SoC they
name) and every delivered Cast pair on both SoCs, tiled with a tail, must still match their goldens."""

import pytest

import ascendops
from ascendops import demo
from ascendops.golden import bit_mismatches
from ascendops.golden import cast as cast_golden
from ascendops.ops import OPERATORS
from ascendops.ops.cast import _dtype, delivered_pairs, sample


@pytest.fixture(autouse=True)
def no_auto_sync(monkeypatch):
    monkeypatch.setenv("ASCENDC_SIM_AUTO_SYNC", "off")


@pytest.mark.parametrize("op", sorted(OPERATORS))
def test_operator_cases_without_auto_sync(op):
    rows = demo.run(ops=[op])
    assert rows, op
    assert [(r["case"], r["soc"], r["detail"]) for r in rows if r["status"] != "ok"] == []


@pytest.mark.parametrize("soc", ["ascend310p", "ascend910b"])
def test_every_cast_pair_without_auto_sync(soc):
    n = 3 * 8192 + 33  # several tiles on one core and a tail
    failures = []
    for src, dst in delivered_pairs(soc):
        x = sample(src, n, seed=7)
        try:
            y = ascendops.cast(x, _dtype(dst), soc=soc, core_num=1)
        except ascendops.AclnnError as e:
            failures.append((src, dst, e.message))
            continue
        if bit_mismatches(y, cast_golden.cast(x, _dtype(dst), soc)) != 0:
            failures.append((src, dst, "differs from the golden"))
    assert failures == []
