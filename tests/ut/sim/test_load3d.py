"""LoadData 3D v2 (LoadData_3D.md, img2col) on a `__cube__` kernel (tests/ut/sim/load3d): an NC1HWC0 feature map
(int8, half or float) in L1 goes into L0A (Zz), into L0A transposed, or into L0B (Zn); the kernel multiplies it by an
identity laid out here in L0's fractal order (Mmad.md: A 16 x C0 fractals row-major, B C0 x 16 fractals with columns
inside, C0 = 32 bytes of the type), so C is the image-to-column block itself. The golden is NumPy's im2col written
here from the documented definition: row m is the output position (m / Wout, m % Wout), column kk the channel block,
filter position and channel ((c1 * Hk + kh) * Wk + kw) * C0 + c; positions outside the map take the pad value.
Misuses are refused naming the rule."""

import os
import subprocess
from pathlib import Path

import numpy as np
import pytest

import ascendops

_PACKAGE = Path(ascendops.__file__).resolve().parent
_NAME = "sim_load3d"
BINARY = next(
    (p for p in (_PACKAGE / "sim_tests" / _NAME, _PACKAGE.parents[1] / "sim_tests" / _NAME) if p.exists()),
    _PACKAGE / "sim_tests" / _NAME,
)
L0A, L0A_TRANSPOSED, L0B, INTO_UB, UNSET_REGISTERS, TRANSPOSE_SQUARES = range(6)  # load3d_params.h Load3dTarget
WORDS = (
    "l1H l1W channelSize kExtension mExtension kStartPt mStartPt strideW strideH filterW filterH dilationW "
    "dilationH padLeft padRight padTop padBottom padValueBits target registers elemBytes startIndex repeatTimes "
    "srcStride dstGap dstFracGap"
).split()
OUT_TYPE = {np.int8: np.int32, np.float16: np.float32, np.float32: np.float32}


def im2col(fmap, filt=(1, 1), stride=(1, 1), dilation=(1, 1), pads=(0, 0, 0, 0), pad_value=0):
    """X[m, kk] of the documented image to column; fmap is (C1, H, W, C0)."""
    c1s, h, w, c0 = fmap.shape
    fh, fw = filt
    left, right, top, bottom = pads
    padded = np.full((c1s, h + top + bottom, w + left + right, c0), pad_value, fmap.dtype)
    padded[:, top : top + h, left : left + w, :] = fmap
    eh, ew = (fh - 1) * dilation[0] + 1, (fw - 1) * dilation[1] + 1
    hout = (h + top + bottom - eh) // stride[0] + 1
    wout = (w + left + right - ew) // stride[1] + 1
    x = np.empty((hout * wout, c1s * fh * fw * c0), fmap.dtype)
    for ho in range(hout):
        for wo in range(wout):
            blocks = [
                padded[c1, ho * stride[0] + kh * dilation[0], wo * stride[1] + kw * dilation[1]]
                for c1 in range(c1s)
                for kh in range(fh)
                for kw in range(fw)
            ]
            x[ho * wout + wo] = np.concatenate(blocks)
    return x


def fractal_identity(r, dtype, into_l0b):
    """The r x r identity in L0B's order (Zn: element (k, n) of C0 x 16 fractals, columns inside) or L0A's (Zz:
    element (i, k) of 16 x C0 fractals, rows inside)."""
    c0 = 32 // np.dtype(dtype).itemsize
    out = np.zeros(r * r, dtype)
    for d in range(r):
        if into_l0b:
            at = ((d // c0) * (r // 16) + d // 16) * 16 * c0 + (d % 16) * c0 + d % c0
        else:
            at = ((d // 16) * (r // c0) + d // c0) * 16 * c0 + (d % 16) * c0 + d % c0
        out[at] = 1
    return out


def _files(tmp_path, words, fmap, eye):
    np.array([words[n] for n in WORDS], np.uint32).tofile(tmp_path / "params.bin")
    fmap.tofile(tmp_path / "fmap.bin")
    eye.tofile(tmp_path / "eye.bin")
    out = tmp_path / "c.bin"
    out.unlink(missing_ok=True)
    args = [str(BINARY), *(str(tmp_path / f) for f in ("params.bin", "fmap.bin", "eye.bin")), str(out)]
    env = {**os.environ, "ASCENDC_SIM_SOC": "ascend910b"}
    result = subprocess.run(args, capture_output=True, text=True, timeout=120, check=False, env=env)
    return result, out


def _run(
    tmp_path,
    h,
    w,
    channels,
    k_ext,
    m_ext,
    *,
    dtype=np.float16,
    k_start=0,
    m_start=0,
    filt=(1, 1),
    stride=(1, 1),
    dilation=(1, 1),
    pads=(0, 0, 0, 0),
    pad_value=0,
    target=L0A,
    registers=False,
    seed=0,
    **override,
):
    rng = np.random.default_rng(seed)
    c0 = 32 // np.dtype(dtype).itemsize
    fmap = rng.integers(-8, 9, size=(channels // c0, h, w, c0)).astype(dtype)
    bits = np.array([pad_value], dtype).view(np.uint8)
    words = dict(
        l1H=h,
        l1W=w,
        channelSize=channels,
        kExtension=k_ext,
        mExtension=m_ext,
        kStartPt=k_start,
        mStartPt=m_start,
        strideW=stride[1],
        strideH=stride[0],
        filterW=filt[1],
        filterH=filt[0],
        dilationW=dilation[1],
        dilationH=dilation[0],
        padLeft=pads[0],
        padRight=pads[1],
        padTop=pads[2],
        padBottom=pads[3],
        padValueBits=int.from_bytes(bits.tobytes(), "little"),
        target=target,
        registers=int(registers),
        elemBytes=np.dtype(dtype).itemsize,
        startIndex=0,
        repeatTimes=0,
        srcStride=0,
        dstGap=0,
        dstFracGap=0,
    )
    words.update(override)  # a value the kernel must refuse, after the golden's
    r = k_ext if target == L0A else m_ext
    result, out = _files(tmp_path, words, fmap, fractal_identity(r, dtype, target != L0B))
    want = im2col(fmap, filt, stride, dilation, pads, pad_value)[m_start : m_start + m_ext, k_start : k_start + k_ext]
    want = want.astype(OUT_TYPE[dtype])
    got = None
    if result.returncode == 0 and out.exists():
        got = np.fromfile(out, OUT_TYPE[dtype])
        got = got.reshape(k_ext, m_ext).T if target == L0A_TRANSPOSED else got.reshape(m_ext, k_ext)
    return got, want, result


# the 2D-matrix use (H = 1, 1 x 1 filter: X is L1's Nz matrix), a window of it, and convolution windows
CASES = {
    "matrix": dict(h=1, w=48, channels=32, k_ext=32, m_ext=48),
    "window": dict(h=1, w=64, channels=64, k_ext=32, m_ext=16, k_start=16, m_start=32),
    "conv3x3": dict(h=6, w=6, channels=16, k_ext=144, m_ext=16, filt=(3, 3)),
    "stride_dilation": dict(h=9, w=8, channels=32, k_ext=64, m_ext=16, filt=(2, 2), stride=(2, 1), dilation=(2, 3)),
    "pads": dict(h=4, w=4, channels=16, k_ext=144, m_ext=16, filt=(3, 3), pads=(1, 1, 1, 1), pad_value=-3),
}


@pytest.mark.parametrize("target", [L0A, L0A_TRANSPOSED, L0B])
@pytest.mark.parametrize("case", sorted(CASES))
def test_load3d_half_matches_numpy_im2col(tmp_path, case, target):
    got, want, result = _run(tmp_path, **CASES[case], target=target)
    assert result.returncode == 0, result.stderr
    np.testing.assert_array_equal(got, want)


# float: 16 x 8 fractals; kExtension 40 leaves the last 16-row block of the transposed matrix partly unwritten (into
# L0A as is, the identity in L0B would need whole 16-column fractals: that case is left out)
FLOAT_CASES = {
    "matrix": dict(h=1, w=48, channels=48, k_ext=48, m_ext=48),
    "k40": dict(h=1, w=32, channels=40, k_ext=40, m_ext=32),
    "conv2x2_pads": dict(h=5, w=5, channels=8, k_ext=32, m_ext=16, filt=(2, 2), pads=(0, 1, 0, 1), pad_value=2),
}


@pytest.mark.parametrize(
    "case,target",
    [(c, t) for c in sorted(FLOAT_CASES) for t in (L0A, L0A_TRANSPOSED, L0B) if (c, t) != ("k40", L0A)],
)
def test_load3d_float_matches_numpy_im2col(tmp_path, case, target):
    got, want, result = _run(tmp_path, **FLOAT_CASES[case], dtype=np.float32, target=target)
    assert result.returncode == 0, result.stderr
    np.testing.assert_array_equal(got, want)


@pytest.mark.parametrize(
    "case",
    [
        dict(h=1, w=32, channels=64, k_ext=64, m_ext=32),
        dict(h=4, w=4, channels=32, k_ext=96, m_ext=16, filt=(3, 1), pads=(0, 0, 1, 1), pad_value=5),
    ],
)
def test_load3d_int8_into_l0a_matches_numpy_im2col(tmp_path, case):
    got, want, result = _run(tmp_path, **case, dtype=np.int8, target=L0A)
    assert result.returncode == 0, result.stderr
    np.testing.assert_array_equal(got, want)


@pytest.mark.parametrize("target", [L0A, L0B])
def test_load3d_reads_the_registers_set_fmatrix_and_padding_set(tmp_path, target):
    got, want, result = _run(tmp_path, **CASES["pads"], target=target, registers=True)
    assert result.returncode == 0, result.stderr
    np.testing.assert_array_equal(got, want)


@pytest.mark.parametrize(
    "kwargs,message",
    [
        (dict(target=UNSET_REGISTERS), "no SetFmatrix"),
        (dict(target=INTO_UB), "dst is in L1, not in L0A or L0B"),
        (dict(m_start=48), "beyond the 48 rows"),
        (dict(channelSize=24), "channelSize 24 is not a multiple of C0 = 16"),
        (dict(m_ext=24), "mExtension 24 is not a multiple of 16"),
        (dict(dtype=np.int8, channels=64, k_ext=64, m_ext=32, target=L0B), "L1 -> L0B does not move b8 data"),
        (dict(dtype=np.int8, channels=64, k_ext=64, m_ext=32, target=L0A_TRANSPOSED), "does not take b8 data"),
    ],
)
def test_load3d_misuse_is_refused(tmp_path, kwargs, message):
    got, _, result = _run(tmp_path, **{**CASES["matrix"], **kwargs})
    assert result.returncode != 0 and got is None
    assert message in result.stderr, result.stderr


def transposed_squares(src, elem_bytes, start, repeats, src_stride, dst_gap, dst_frac_gap, dst_elems):
    """L0A after LoadDataWithTranspose (LoadDataWithTranspose.md, 分形转置): a b8 square is two 16 x 32 fractals one
    above the other (a 32 x 32 matrix), a b32 square two 16 x 8 side by side (16 x 16); square start + i *
    src_stride is transposed and split the same way, its fractals at i * (1 + dst_gap) and that + 1 + dst_frac_gap
    (fractals of 512 bytes)."""
    frac = 512 // elem_bytes
    dst = np.zeros(dst_elems, src.dtype)
    for i in range(repeats):
        square = src[(start + i * src_stride) * 2 * frac :][: 2 * frac]
        if elem_bytes == 1:
            t = square.reshape(32, 32).T
            parts = [t[:16], t[16:]]
        else:
            s = np.concatenate([square[:frac].reshape(16, 8), square[frac:].reshape(16, 8)], axis=1).T
            parts = [s[:, :8], s[:, 8:]]
        first = i * (1 + dst_gap)
        for j, at in enumerate((first, first + 1 + dst_frac_gap)):
            dst[at * frac : (at + 1) * frac] = parts[j].reshape(-1)
    return dst


def zz_to_matrix(zz, m, k, c0):
    """The m x k matrix of a Zz buffer (16 x C0 fractals row-major, rows inside)."""
    return zz[: m * k].reshape(m // 16, k // c0, 16, c0).transpose(0, 2, 1, 3).reshape(m, k)


# int8: one row of 32 x 32 squares into the Zz A (the samples' dstFracGap = k blocks - 1); float: 16 x 16 squares
# whose two halves land side by side; every other square from the second (startIndex, srcStride)
@pytest.mark.parametrize(
    "dtype,m,k,start,repeats,src_stride,dst_gap,dst_frac_gap,squares",
    [
        (np.int8, 32, 64, 0, 2, 1, 0, 1, 2),
        (np.float32, 16, 32, 0, 2, 1, 1, 0, 2),
        (np.float32, 16, 32, 1, 2, 2, 1, 0, 4),
    ],
)
def test_load_data_with_transpose_b8_b32_matches_numpy(
    tmp_path, dtype, m, k, start, repeats, src_stride, dst_gap, dst_frac_gap, squares
):
    e = np.dtype(dtype).itemsize
    rng = np.random.default_rng(7)
    src = rng.integers(-8, 9, size=squares * 1024 // e).astype(dtype)
    words = {name: 0 for name in WORDS}
    words.update(
        l1H=1,
        l1W=src.size,
        channelSize=1,
        kExtension=k,
        mExtension=m,
        target=TRANSPOSE_SQUARES,
        elemBytes=e,
        startIndex=start,
        repeatTimes=repeats,
        srcStride=src_stride,
        dstGap=dst_gap,
        dstFracGap=dst_frac_gap,
    )
    result, out = _files(tmp_path, words, src, fractal_identity(k, dtype, True))
    assert result.returncode == 0, result.stderr
    zz = transposed_squares(src, e, start, repeats, src_stride, dst_gap, dst_frac_gap, m * k)
    want = zz_to_matrix(zz, m, k, 32 // e).astype(OUT_TYPE[dtype])
    np.testing.assert_array_equal(np.fromfile(out, OUT_TYPE[dtype]).reshape(m, k), want)
