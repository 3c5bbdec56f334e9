"""The copy settings asc-devkit's samples use, on a vector kernel (tests/ut/sim/copy_pad) against NumPy:
SetPadValue(ISASI).md (the value DataCopyPad GM -> UB pads with when isPad is false; before it the pad is
unspecified, and a value of another type than the copy's is refused) and DisableDmaAtomic.md (after SetAtomicAdd,
copies to GM overwrite again)."""

import os
import subprocess
from pathlib import Path

import numpy as np
import pytest

import ascendops

_PACKAGE = Path(ascendops.__file__).resolve().parent
_NAME = "sim_copy_pad"
BINARY = next(
    (p for p in (_PACKAGE / "sim_tests" / _NAME, _PACKAGE.parents[1] / "sim_tests" / _NAME) if p.exists()),
    _PACKAGE / "sim_tests" / _NAME,
)
PADDED, UNSET, OTHER_TYPE, ATOMIC = range(4)  # copy_pad_kernel.cpp modes


def _run(tmp_path, mode, cols, pad):
    rng = np.random.default_rng(mode)
    src = rng.integers(-9, 10, size=cols).astype(np.float16)
    out = np.full((3, cols + pad), 5, np.float16)
    src.tofile(tmp_path / "src.bin")
    out.tofile(tmp_path / "out.bin")
    args = [str(BINARY), str(mode), str(cols), str(pad), str(tmp_path / "src.bin"), str(tmp_path / "out.bin")]
    env = {**os.environ, "ASCENDC_SIM_SOC": "ascend910b"}
    result = subprocess.run(args, capture_output=True, text=True, timeout=120, check=False, env=env)
    return src, np.fromfile(tmp_path / "out.bin", np.float16).reshape(3, cols + pad), result


@pytest.mark.parametrize("cols,pad", [(20, 12), (9, 7), (48, 0)])
def test_set_pad_value_fills_the_padding(tmp_path, cols, pad):
    src, out, result = _run(tmp_path, PADDED, cols, pad)
    assert result.returncode == 0, result.stderr
    np.testing.assert_array_equal(out[0], np.concatenate([src, np.full(pad, -2, np.float16)]))


def test_without_set_pad_value_the_padding_is_unspecified(tmp_path):
    _, out, result = _run(tmp_path, UNSET, 20, 12)
    assert result.returncode == 0, result.stderr
    # a raw launch declares no outputs: the store of undefined bytes is a note, not an error
    assert "[WARNING] ascendc_sim" in result.stderr and "no isPad" in result.stderr, result.stderr


def test_set_pad_value_of_another_type_is_refused(tmp_path):
    _, _, result = _run(tmp_path, OTHER_TYPE, 20, 12)
    assert result.returncode != 0
    assert "SetPadValue set a 4-byte value; DataCopyPad moves 2-byte elements" in result.stderr, result.stderr


def test_disable_dma_atomic_ends_the_atomic_add(tmp_path):
    src, out, result = _run(tmp_path, ATOMIC, 20, 12)
    assert result.returncode == 0, result.stderr
    row = np.concatenate([src, np.full(12, -2, np.float16)])
    np.testing.assert_array_equal(out[1], row + np.float16(5))  # added into the 5s
    np.testing.assert_array_equal(out[2], row)  # overwritten
