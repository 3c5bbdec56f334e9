"""The twin's Matmul high-level API on MIX 1:2 launches: C = A B (+ bias) against a float64 NumPy reference of the
same (bfloat16/float16-rounded) inputs, over odd sizes (tails in M, N and K), transposes, bias, atomic accumulation
across cores, both input types and FP32 / 16-bit outputs; and the host tiling's fields for hand-worked cases."""

import ml_dtypes
import numpy as np
import pytest

BF16 = ml_dtypes.bfloat16
IN_TYPES = {"bfloat16": BF16, "float16": np.float16}
OUT_TYPES = {"float32": np.float32, "bfloat16": BF16, "float16": np.float16}
# Relative spacing of the output type: FP32 accumulation error is far below one bfloat16/float16 ulp.
OUT_EPS = {"float32": 2.0**-20, "bfloat16": 2.0**-8, "float16": 2.0**-11}


def _operands(rng, m, n, k, ab, trans_a, trans_b):
    a = rng.uniform(-1, 1, (m, k)).astype(IN_TYPES[ab])
    b = rng.uniform(-1, 1, (k, n)).astype(IN_TYPES[ab])
    a_stored = np.ascontiguousarray(a.T) if trans_a else a
    b_stored = np.ascontiguousarray(b.T) if trans_b else b
    return a, b, a_stored.ravel(), b_stored.ravel()


def _check(c, ref, bound, out):
    # |error| <= eps(out) * |ref| (output rounding) + 2^-20 * sum|a||b| (FP32 accumulation).
    tol = OUT_EPS[out] * np.abs(ref) + 2.0**-20 * bound + 1e-30
    err = np.abs(c.astype(np.float64) - ref)
    assert np.all(
        err <= tol
    ), f"max error {err.max()} above tolerance at {np.unravel_index(np.argmax(err - tol), err.shape)}"


def _run(
    simtest,
    m,
    n,
    k,
    ab="bfloat16",
    out="float32",
    trans_a=False,
    trans_b=False,
    bias=False,
    mode=0,
    dim=6,
    seed=0,
    **tiling_args,
):
    rng = np.random.default_rng(seed)
    a, b, a_flat, b_flat = _operands(rng, m, n, k, ab, trans_a, trans_b)
    bias_v = rng.uniform(-1, 1, n).astype(np.float32) if bias else None
    tiling = simtest.matmul_tiling(
        m, n, k, ab=ab, c=out, trans_a=trans_a, trans_b=trans_b, bias=bias, dim=dim, **tiling_args
    )
    groups = (tiling["usedCoreNum"] + 1) // 2
    c, stats = simtest.run_matmul(
        a_flat,
        b_flat,
        bias_v,
        np.zeros(m * n, OUT_TYPES[out]),
        tiling,
        trans_a=trans_a,
        trans_b=trans_b,
        mode=mode,
        groups=groups,
    )
    ref = a.astype(np.float64) @ b.astype(np.float64) + (bias_v.astype(np.float64) if bias else 0.0)
    bound = np.abs(a.astype(np.float64)) @ np.abs(b.astype(np.float64)) + (np.abs(bias_v) if bias else 0.0)
    _check(c.reshape(m, n), ref, bound, out)
    return tiling, stats


@pytest.mark.parametrize("m,n,k", [(16, 16, 16), (37, 45, 29), (70, 33, 100), (1, 300, 7)])
@pytest.mark.parametrize("ab", ["bfloat16", "float16"])
def test_odd_sizes_fp32_out(simtest, m, n, k, ab):
    _run(simtest, m, n, k, ab=ab)


@pytest.mark.parametrize("ab,out", [("bfloat16", "bfloat16"), ("float16", "float16")])
def test_16bit_out_rounded(simtest, ab, out):
    _run(simtest, 45, 50, 75, ab=ab, out=out)


@pytest.mark.parametrize("trans_a,trans_b", [(True, False), (False, True), (True, True)])
def test_transposes(simtest, trans_a, trans_b):
    _run(simtest, 37, 45, 29, trans_a=trans_a, trans_b=trans_b)


def test_bias_added_per_column(simtest):
    tiling, _ = _run(simtest, 37, 45, 29, bias=True)
    assert tiling["isBias"] == 1


def _grid(rng, shape, step, bound, dtype):
    """Multiples of `step` in [-bound, bound], held exactly by `dtype`."""
    return (rng.integers(-int(bound / step), int(bound / step) + 1, size=shape) * step).astype(dtype)


@pytest.mark.parametrize("out", ["float32", "16-bit"])
@pytest.mark.parametrize("trans_a,trans_b", [(False, False), (True, False), (False, True), (True, True)])
@pytest.mark.parametrize("ab", ["bfloat16", "float16"])
def test_every_operand_layout_bit_exact(simtest, ab, trans_a, trans_b, out):
    """Inputs on a grid whose every FP32 partial sum is exact (products: multiples of 2^-12 below 4; 100 of them and a
    bias below 8 stay under 2^24 units), so C is NumPy's float64 product rounded once to C's type, bit for bit: each
    input type and transpose (how A's and B's panels are read) and each C type (FIX's conversion), with a bias."""
    m, n, k = 37, 45, 100
    out = "float32" if out == "float32" else ab
    rng = np.random.default_rng(k + trans_a + 2 * trans_b)
    a = _grid(rng, (m, k), 2.0**-6, 2.0, IN_TYPES[ab])
    b = _grid(rng, (k, n), 2.0**-6, 2.0, IN_TYPES[ab])
    bias = _grid(rng, n, 2.0**-12, 8.0, np.float32)
    a_stored = np.ascontiguousarray(a.T) if trans_a else a
    b_stored = np.ascontiguousarray(b.T) if trans_b else b
    tiling = simtest.matmul_tiling(m, n, k, ab=ab, c=out, trans_a=trans_a, trans_b=trans_b, bias=True, dim=6)
    c, _ = simtest.run_matmul(
        a_stored.ravel(),
        b_stored.ravel(),
        bias,
        np.zeros(m * n, OUT_TYPES[out]),
        tiling,
        trans_a=trans_a,
        trans_b=trans_b,
        groups=(tiling["usedCoreNum"] + 1) // 2,
    )
    want = (a.astype(np.float64) @ b.astype(np.float64) + bias).astype(OUT_TYPES[out])
    np.testing.assert_array_equal(c.reshape(m, n).view(np.uint8), want.view(np.uint8))


@pytest.mark.parametrize("out", ["float32", "bfloat16"])
def test_atomic_add_rounds_once_in_c_type(simtest, out):
    """Atomic accumulation onto C's values, in C's precision: exact sums, so old + product rounded once, bit for bit."""
    m, n, k = 20, 24, 40
    rng = np.random.default_rng(5)
    a, b = _grid(rng, (m, k), 2.0**-6, 2.0, BF16), _grid(rng, (k, n), 2.0**-6, 2.0, BF16)
    c0 = _grid(rng, m * n, 2.0**-4, 8.0, OUT_TYPES[out])
    tiling = simtest.matmul_tiling(m, n, k, c=out, dim=1)
    c, _ = simtest.run_matmul(a.ravel(), b.ravel(), None, c0, tiling, atomic=1, groups=1)
    want = (c0.astype(np.float64).reshape(m, n) + a.astype(np.float64) @ b.astype(np.float64)).astype(OUT_TYPES[out])
    np.testing.assert_array_equal(c.reshape(m, n).view(np.uint8), want.view(np.uint8))


@pytest.mark.parametrize("mode", [1, 2])  # Iterate + GetTensorC(GM); IterateAll<false> + WaitIterateAll
def test_iterate_and_async_modes(simtest, mode):
    _run(simtest, 70, 33, 100, mode=mode, fix_base_m=32, fix_base_n=16)


def test_iterate_to_ub_then_copy_out(simtest):
    _run(simtest, 64, 64, 48, mode=8, dim=2, fix_base_m=16, fix_base_n=32)


def test_atomic_accumulation_across_cores(simtest):
    m, n, k, cores = 20, 24, 40, 4
    rng = np.random.default_rng(3)
    a, b, a_flat, b_flat = _operands(rng, m, n, k, "bfloat16", False, False)
    tiling = simtest.matmul_tiling(m, n, k, dim=1)
    tiling["usedCoreNum"] = cores  # every core adds its whole product into C
    c0 = rng.uniform(-1, 1, m * n).astype(np.float32)
    c, _ = simtest.run_matmul(a_flat, b_flat, None, c0, tiling, atomic=1, groups=cores // 2)
    prod = a.astype(np.float64) @ b.astype(np.float64)
    bound = np.abs(a.astype(np.float64)) @ np.abs(b.astype(np.float64))
    _check(c.reshape(m, n), c0.reshape(m, n) + cores * prod, cores * bound + 1.0, "float32")


def test_without_atomic_a_shared_output_is_a_race(simtest):
    tiling = simtest.matmul_tiling(16, 16, 16, dim=1)
    tiling["usedCoreNum"] = 2
    x = np.ones(256, BF16)
    with pytest.raises(
        RuntimeError,
        match=r"cross-core GM write race: AIV [01] \(Matmul \(C\) at .*\) and AIV [01] \(Matmul \(C\) at .*\) both write "
        r"bytes \[0, 1024\)",
    ):
        simtest.run_matmul(x, x, None, np.zeros(256, np.float32), tiling, mode=9, groups=1)


def test_aiv_identity_in_mix_launch(simtest):
    out = simtest.run_cross_core(3)[::16][:6]
    # 100 * GetSubBlockIdx + 10 * GetTaskRation + GetBlockIdx (AIVs numbered 0..5 over 3 groups)
    np.testing.assert_array_equal(out, [20, 121, 22, 123, 24, 125])


def test_cube_cost_counted_on_the_aic(simtest):
    m, n, k = 64, 64, 64
    _, stats = _run(simtest, m, n, k, dim=2)
    cores = stats["cores"]
    # threads: AIV 0, AIV 1, then the AIC; one AIC does both AIVs' blocks (32 x 64 each), padded fractals
    assert [c["cube_macs"] for c in cores] == [0, 0, m * n * k]
    assert cores[2]["l0c_to_gm_bytes"] == m * n * 4
    assert cores[2]["gm_to_l1_bytes"] == (m * k + 2 * k * n) * 2  # A once; B once per AIV block
    pipes = stats["cube_pipes_us"][2]
    assert pipes["m"] == pytest.approx(m * n * k / 4096 / 1850)  # 4096 MACs per cycle at 1850 MHz
    assert pipes["fix"] == pytest.approx(m * n * 4 / 64 / 1850)


def test_host_tiling_hand_worked(simtest):
    # 37 x 45 over 4 cores: grids (1x3) 48x16 and (3x1) 16x48 tie on block area 768 and on 48 + 16, the first wins;
    # N splits in 3 blocks of 16 -> 3 cores; base = the block aligned to 16, K 29 -> baseK 32, one K step in L1.
    t = simtest.matmul_tiling(37, 45, 29, dim=4)
    assert t == dict(
        usedCoreNum=3,
        M=37,
        N=45,
        Ka=29,
        Kb=29,
        singleCoreM=37,
        singleCoreN=16,
        singleCoreK=29,
        baseM=48,
        baseN=16,
        baseK=32,
        depthA1=2,
        depthB1=2,
        stepM=1,
        stepN=1,
        isBias=0,
        transLength=0,
        iterateOrder=0,
        stepKa=1,
        stepKb=1,
        dbL0A=2,
        dbL0B=2,
        dbL0C=2,
    )


def test_host_tiling_bench_shape(simtest):
    # 1024^3 on 48 AIVs: 6 x 8 grid of 176 x 128 blocks; the docs' recommended base cut to N's 128. K = 16 steps of
    # 64 do not fit double-buffered; 8 steps x 2 buffers of A and B (128 x 64 x 2 B each) fill L1's 512 KB exactly.
    t = simtest.matmul_tiling(1024, 1024, 1024, dim=48)
    assert (t["usedCoreNum"], t["singleCoreM"], t["singleCoreN"]) == (48, 176, 128)
    assert (t["baseM"], t["baseN"], t["baseK"], t["stepKa"], t["depthA1"], t["dbL0C"]) == (128, 128, 64, 8, 16, 2)


def test_host_tiling_loads_k_whole_for_the_panel_that_is_reused(simtest):
    # TCubeTiling docs: load K whole first. A [176, 1024] over 4 N blocks of 128: A whole (16 steps of 64, 352 KB, one
    # buffer) beside B in double-buffered steps of 5 (160 KB), N first, so A stays in L1 while the N blocks pass.
    t = simtest.matmul_tiling(176, 512, 1024, fix_base_m=176, fix_base_n=128)
    assert (t["stepKa"], t["depthA1"], t["stepKb"], t["depthB1"], t["iterateOrder"]) == (16, 16, 5, 10, 1)
    # B [1024, 128] over 4 M blocks of 128: B whole, M first.
    t = simtest.matmul_tiling(512, 128, 1024, fix_base_m=128, fix_base_n=128)
    assert (t["stepKb"], t["depthB1"], t["iterateOrder"]) == (16, 16, 0)
    assert t["stepKa"] * 2 == t["depthA1"] and t["stepKa"] < 16
    # one block: nothing to keep, equal double-buffered steps as before
    t = simtest.matmul_tiling(128, 256, 4096, fix_base_m=128, fix_base_n=256)
    assert (t["stepKa"], t["stepKb"], t["depthA1"], t["iterateOrder"]) == (5, 5, 10, 0)


def test_cube_row_of_910b(simtest):
    info = simtest.cube_info("ascend910b")
    assert (info["l1_bytes"], info["l0a_bytes"], info["l0b_bytes"], info["l0c_bytes"]) == (
        512 * 1024,
        64 * 1024,
        64 * 1024,
        128 * 1024,
    )
    assert (info["cube_cores"], info["aiv_per_aic"], info["freq_mhz"]) == (24, 2, 1850.0)


def test_bench_matmul_reports_ratio_and_bound(monkeypatch):
    from argparse import Namespace

    from ascendops.bench import matmul

    monkeypatch.setattr(matmul, "SHAPES", [(512, 256, 512)])
    (row,) = matmul.run(Namespace(soc="ascend910b", aivs=4))
    assert row["shape MxKxN"] == "512x256x512"
    assert row["ratio_vs_cube"] == pytest.approx(row["modeled_us"] / row["cube_roofline_us"], rel=0.02)
    assert row["bound"] in {"memory bandwidth", "cube M", "cube MTE2", "cube MTE1", "cube FIX"}
