"""The advanced APIs asc-devkit's samples call, on a vector kernel (tests/ut/sim/adv_api) against NumPy: SoftMax
with the host's SoftMaxTilingFunc (SoftMax.md: each row's max and sum written to its 32-byte block), LogSoftMax
(log10 of the softmax, LogSoftMax.md), SoftmaxGrad / SoftmaxGradFront (sum = rowsum(grad * x); grad * x - sum * x),
Sum (Sum.md: per row, the first n of inner elements), AdjustSoftMaxRes, the advanced Exp; and the refusals by name
(a failed ASCENDC_ASSERT after its KERNEL_LOG, SoftmaxGrad's isFront, a Sum row not 32-byte aligned)."""

import os
import subprocess
from pathlib import Path

import numpy as np
import pytest

import ascendops

_PACKAGE = Path(ascendops.__file__).resolve().parent
_NAME = "sim_adv_api"
BINARY = next(
    (p for p in (_PACKAGE / "sim_tests" / _NAME, _PACKAGE.parents[1] / "sim_tests" / _NAME) if p.exists()),
    _PACKAGE / "sim_tests" / _NAME,
)
# adv_api/adv_api.h
SOFTMAX, LOGSOFTMAX, GRAD, GRAD_FRONT, SUM, ADJUST, EXP, ASSERT, GRAD_IS_FRONT, SUM_UNALIGNED = range(10)
RTOL = 1e-5  # float32 results: a few ulp of the row's exp and sum


def _run(tmp_path, mode, x, aux=None):
    rows, cols = x.shape
    aux = np.zeros_like(x) if aux is None else aux
    x.astype(np.float32).tofile(tmp_path / "src.bin")
    aux.astype(np.float32).tofile(tmp_path / "aux.bin")
    args = [
        str(BINARY),
        str(mode),
        str(rows),
        str(cols),
        *(str(tmp_path / f) for f in ("src.bin", "aux.bin", "out.bin")),
    ]
    env = {**os.environ, "ASCENDC_SIM_SOC": "ascend910b"}
    result = subprocess.run(args, capture_output=True, text=True, timeout=120, check=False, env=env)
    out = np.fromfile(tmp_path / "out.bin", np.float32) if result.returncode == 0 else None
    if out is None:
        return None, None, None, result
    n = rows * cols
    return (
        out[:n].reshape(rows, cols),
        out[n : n + rows * 8].reshape(rows, 8),
        out[n + rows * 8 :].reshape(rows, 8),
        result,
    )


def _softmax(x):
    m = x.astype(np.float64).max(axis=1, keepdims=True)
    e = np.exp(x - m)
    s = e.sum(axis=1, keepdims=True)
    return e / s, m, s


@pytest.mark.parametrize("rows, cols", [(4, 64), (8, 40), (3, 256)])
def test_softmax_rows_with_the_host_tiling(tmp_path, rows, cols):
    x = np.random.default_rng(rows).standard_normal((rows, cols)).astype(np.float32) * 3
    dst, sums, maxes, result = _run(tmp_path, SOFTMAX, x)
    assert result.returncode == 0, result.stderr
    y, m, s = _softmax(x)
    np.testing.assert_allclose(dst, y, rtol=RTOL, atol=1e-7)
    np.testing.assert_allclose(sums, np.repeat(s, 8, axis=1), rtol=RTOL)
    np.testing.assert_array_equal(maxes, np.repeat(m, 8, axis=1).astype(np.float32))


def test_log_softmax_is_log10_of_softmax(tmp_path):
    x = np.random.default_rng(5).standard_normal((6, 48)).astype(np.float32)
    dst, sums, maxes, result = _run(tmp_path, LOGSOFTMAX, x)
    assert result.returncode == 0, result.stderr
    y, m, s = _softmax(x)
    np.testing.assert_allclose(dst, np.log10(y), rtol=RTOL, atol=1e-6)
    np.testing.assert_allclose(sums, np.repeat(s, 8, axis=1), rtol=RTOL)


def test_softmax_grad_and_front(tmp_path):
    rng = np.random.default_rng(7)
    x = _softmax(rng.standard_normal((5, 32)).astype(np.float32))[0].astype(np.float32)
    grad = rng.standard_normal((5, 32)).astype(np.float32)
    total = (grad.astype(np.float64) * x).sum(axis=1, keepdims=True)
    dst, _, _, result = _run(tmp_path, GRAD, x, grad)
    assert result.returncode == 0, result.stderr
    np.testing.assert_allclose(dst, grad * x - total * x, rtol=1e-4, atol=1e-6)
    front, _, _, result = _run(tmp_path, GRAD_FRONT, x, grad)
    assert result.returncode == 0, result.stderr
    flat = front.reshape(-1)[: 5 * 8].reshape(5, 8)  # a block per row at dst's start
    np.testing.assert_allclose(flat, np.repeat(total, 8, axis=1), rtol=1e-5, atol=1e-6)


def test_sum_of_the_first_n_of_each_row(tmp_path):
    x = np.random.default_rng(3).integers(-100, 100, (3, 32)).astype(np.float32)
    dst, _, _, result = _run(tmp_path, SUM, x)
    assert result.returncode == 0, result.stderr
    got = dst.reshape(-1)
    np.testing.assert_array_equal(got[:3], x[:, :29].sum(axis=1))  # exact: integers
    np.testing.assert_array_equal(got[3:8], np.full(5, 7, np.float32))  # the rest untouched


def test_adjust_softmax_res_resets_rows_by_their_max(tmp_path):
    x = np.random.default_rng(9).uniform(-1, 1, (4, 16)).astype(np.float32)
    x[2, 5] = 3.0  # row 2's max is 3.0f, the value adjusted
    dst, _, _, result = _run(tmp_path, ADJUST, x)
    assert result.returncode == 0, result.stderr
    y = _softmax(x)[0]
    np.testing.assert_array_equal(dst[2], np.full(16, -1, np.float32))
    np.testing.assert_allclose(dst[[0, 1, 3]], y[[0, 1, 3]], rtol=RTOL, atol=1e-7)


def test_advanced_exp(tmp_path):
    x = np.linspace(-10, 10, 128, dtype=np.float32).reshape(2, 64)
    dst, _, _, result = _run(tmp_path, EXP, x)
    assert result.returncode == 0, result.stderr
    np.testing.assert_allclose(dst, np.exp(x.astype(np.float64)), rtol=2e-7)


@pytest.mark.parametrize(
    "mode, message",
    [
        (ASSERT, "rows > 1000"),
        (GRAD_IS_FRONT, "SoftmaxGrad: isFront = true is not modelled by the twin"),
        (SUM_UNALIGNED, "SumParams.inner 31 is not a multiple of 32 bytes"),
    ],
)
def test_refusals_name_the_rule(tmp_path, mode, message):
    x = np.ones((2, 32), np.float32)
    _, _, _, result = _run(tmp_path, mode, x)
    assert result.returncode != 0
    assert message in result.stderr + result.stdout, result.stderr
    if mode == ASSERT:
        assert "rows 2 too few" in result.stdout + result.stderr  # the behaviour block ran first
