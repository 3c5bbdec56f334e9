"""Fill of GM (高阶API/张量变换/Fill-97.md) on the twin against NumPy, its refusals by name, and the compile-only
task synchronisation of Atlas A2 (WaitPreTaskEnd / SetNextTaskStart) around it."""

import numpy as np
import pytest


@pytest.mark.parametrize("dtype, size, value", [("float32", 1000, 2.5), ("int16", 64, -7), ("float32", 0, 1.0)])
@pytest.mark.parametrize("soc", ["ascend910b", "ascend310p"])
def test_fill_sets_the_first_size_elements(simtest, dtype, size, value, soc):
    out = simtest.gm_fill(dtype, 1024, size, value, soc=soc)
    want = np.zeros(1024, dtype)
    want[:size] = value
    np.testing.assert_array_equal(out, want)


def test_fill_refuses_a_dtype_it_lacks(simtest):
    with pytest.raises(RuntimeError, match=r"Fill: dtype uint8 is not supported"):
        simtest.gm_fill("uint8", 64, 64, 1.0)


def test_fill_refuses_a_call_after_init_buffer(simtest):
    with pytest.raises(RuntimeError, match=r"Fill: called after InitBuffer"):
        simtest.gm_fill("float32", 64, 64, 1.0, late=True)
