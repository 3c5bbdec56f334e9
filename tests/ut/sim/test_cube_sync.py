"""Cube pipes MTE1, M and FIX in the twin's pipe model (sim/pipe_sync.h, sim/cube_ops.h): the cube side gets no
compiler auto-sync (核内同步/关键特性说明), so a hand-written GM -> L1 -> L0A/L0B -> Mmad -> Fixpipe sequence
(kernels/cube_sync_kernels.cpp) must order every pipe hand-off itself. With every sync it computes
[A0 B0 + A1 B1, 2 A1 B1]; leaving out any one is rejected with the pipes, buffer bytes and missing event named."""

import re
from pathlib import Path

import numpy as np
import pytest

(
    KEEP_ALL,
    NO_MTE2_MTE1,
    NO_MTE1_M,
    NO_M_BARRIER,
    NO_M_FIX,
    NO_FIX_M,
    NO_M_MTE1,
    NO_MTE1_MTE2,
    AIV_USES_L1,
    L1_OVERFLOW,
    VECTOR_ON_L1,
    L1_QUEUES,
    L1_NEVER_WRITTEN,
) = range(13)
PREFIX = r"kernel 'simtest_cube_sync' AIC core 0/1 \(ascend910b\): "
SOURCE = (Path(__file__).parent / "kernels" / "cube_sync_kernels.cpp").read_text().splitlines()
F = 16  # fractal edge of b16 inputs and of the float L0C


def zz(a):
    """A (m x k) in L0A order: 16 x 16 fractals row-major, rows inside each (Mmad.md: Zz)."""
    m, k = a.shape
    return a.reshape(m // F, F, k // F, F).transpose(0, 2, 1, 3).reshape(-1)


def zn(b):
    """B (k x n) in L0B order: 16 x 16 fractals row-major, columns inside each (Mmad.md: Zn)."""
    k, n = b.shape
    return b.reshape(k // F, F, n // F, F).transpose(0, 2, 3, 1).reshape(-1)


def _operands(m, k, n, seed=0):
    rng = np.random.default_rng(seed)
    a = [rng.integers(-4, 5, size=(m, k)).astype(np.float16) for _ in range(2)]
    b = [rng.integers(-4, 5, size=(k, n)).astype(np.float16) for _ in range(2)]
    return a, b


def _run(simtest, m, k, n, scenario, seed=0):
    a, b = _operands(m, k, n, seed)
    a_zz = np.concatenate([zz(x) for x in a])
    b_zn = np.concatenate([zn(x) for x in b])
    return a, b, simtest.run_cube_sync(a_zz, b_zn, m, k, n, scenario)


def _product(x, y):
    return x.astype(np.float64) @ y.astype(np.float64)


def test_layout_helpers_by_hand():
    a = np.arange(32 * 16).reshape(32, 16)
    assert zz(a)[256] == a[16, 0] and zz(a)[17] == a[1, 1]
    b = np.arange(16 * 32).reshape(16, 32)
    assert zn(b)[1] == b[1, 0] and zn(b)[16] == b[0, 1] and zn(b)[256] == b[0, 16]


@pytest.mark.parametrize("scenario", [KEEP_ALL, L1_QUEUES], ids=["flags", "l1-queues"])
@pytest.mark.parametrize("m,k,n", [(16, 16, 16), (32, 32, 48), (64, 32, 48)])
def test_synced_cube_sequence_computes(simtest, m, k, n, scenario):
    a, b, out = _run(simtest, m, k, n, scenario)
    want = np.concatenate(
        [(_product(a[0], b[0]) + _product(a[1], b[1])).reshape(-1), 2 * _product(a[1], b[1]).reshape(-1)]
    )
    np.testing.assert_array_equal(out, want.astype(np.float32))


L1 = r"L1 \[0x0, 0x400\)"  # A chunk of 32 x 16 halves
L0A = r"L0A \[0x0, 0x400\)"
L0C = r"L0C \[0x0, 0x1800\)"  # 32 x 48 floats
MISSING = [
    (
        NO_MTE2_MTE1,
        r"LoadData: MTE1 LoadData reads " + L1 + r" written by MTE2 DataCopy without MTE2->MTE1 sync "
        r"\(SetFlag/WaitFlag<HardEvent::MTE2_MTE1> or a TQue\)",
    ),
    (
        NO_MTE1_M,
        r"Mmad: M Mmad reads " + L0A + r" written by MTE1 LoadData without MTE1->M sync "
        r"\(SetFlag/WaitFlag<HardEvent::MTE1_M> or a TQue\)",
    ),
    (NO_M_BARRIER, r"Mmad: M Mmad writes " + L0C + r" written by M Mmad without PipeBarrier<PIPE_M>"),
    (
        NO_M_FIX,
        r"Fixpipe: FIX Fixpipe reads " + L0C + r" written by M Mmad without M->FIX sync "
        r"\(SetFlag/WaitFlag<HardEvent::M_FIX> or a TQue\)",
    ),
    (NO_FIX_M, r"Mmad: M Mmad writes " + L0C + r" read by FIX Fixpipe without FIX->M sync"),
    (NO_M_MTE1, r"LoadData: MTE1 LoadData writes " + L0A + r" read by M Mmad without M->MTE1 sync"),
    (NO_MTE1_MTE2, r"DataCopy: MTE2 DataCopy writes " + L1 + r" read by MTE1 LoadData without MTE1->MTE2 sync"),
]


@pytest.mark.parametrize("scenario,message", MISSING, ids=[str(s) for s, _ in MISSING])
def test_missing_cube_sync_is_an_error(simtest, scenario, message):
    with pytest.raises(RuntimeError, match=PREFIX + message):
        _run(simtest, 32, 16, 48, scenario)


def test_large_accumulating_mmads_need_no_barrier(simtest):
    # Mmad.md 同步优化说明: from (m/16)*(n/16) = 10 on the hardware orders the accumulation itself (64 x 48: 12).
    a, b, out = _run(simtest, 64, 16, 48, NO_M_BARRIER)
    np.testing.assert_array_equal(out[64 * 48 :], 2 * _product(a[1], b[1]).reshape(-1))


def test_cube_buffers_only_on_the_aic(simtest):
    with pytest.raises(
        RuntimeError,
        match=r"AIV core \d+/1 \(ascend910b\): TPipe::InitBuffer: the cube's buffers "
        r"\(L1/L0A/L0B/L0C\) are modeled on the AIC cores of A2/A3 only; this is "
        r"a vector core of ascend910b",
    ):
        _run(simtest, 16, 16, 16, AIV_USES_L1)


def test_l1_capacity(simtest):
    with pytest.raises(
        RuntimeError,
        match=PREFIX + r"TPipe::InitBuffer: 1 x 512 bytes brings L1 to 524800 bytes, "
        r"beyond its 524288 bytes on ascend910b",
    ):
        _run(simtest, 16, 16, 16, L1_OVERFLOW)


def test_vector_instruction_on_l1_is_an_error(simtest):
    with pytest.raises(RuntimeError, match=PREFIX + r"Adds: dst is a cube-buffer \(L1/L0\) tensor, not UB"):
        _run(simtest, 16, 16, 16, VECTOR_ON_L1)


def test_l1_bytes_never_written_reach_gm_through_mmad(simtest):
    """Definedness on the cube side as on UB: L1 -> L0B (LoadData) -> L0C (Mmad) -> GM (Fixpipe)."""
    with pytest.raises(RuntimeError) as e:
        _run(simtest, 32, 32, 48, L1_NEVER_WRITTEN)
    message = str(e.value)
    assert re.search(
        PREFIX + r"Fixpipe: writes L0C bytes \[0x0, 0x[0-9a-f]+\) hold no defined value \(never written since "
        r"TPipe::InitBuffer at .*cube_sync_kernels\.cpp:(\d+); carried on by Mmad at .*cube_sync_kernels\.cpp:(\d+)\)",
        message,
    ), message
    init, mmad = re.search(r"InitBuffer at .*?:(\d+);.*Mmad at .*?:(\d+)", message).groups()
    assert "InitBuffer(b1," in SOURCE[int(init) - 1] and "Mmad(" in SOURCE[int(mmad) - 1], message
