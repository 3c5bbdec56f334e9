"""Host code written for CANN's host tiling library builds against the twin's headers and gives CANN's results
(tests/ut/sim/host_tiling/main.cpp): the tiling-data byte image of register/tilingdata_base.h (each field at an
offset aligned to its element size, a nested struct at 8 bytes, the whole padded to 8), the platform of a named SoC
variant (PlatformAscendC: its config's core counts and buffers), CalcTschBlockDim, and a Matmul tiling that the
twin's own TCubeTiling rules accept."""

import struct
import subprocess
from pathlib import Path

import numpy as np
import pytest

import ascendops

_PACKAGE = Path(ascendops.__file__).resolve().parent
_NAME = "sim_host_tiling"
# pip build: installed into the package; developer build: <build>/sim_tests beside <build>/pkg/ascendops.
BINARY = next(
    (p for p in (_PACKAGE / "sim_tests" / _NAME, _PACKAGE.parents[1] / "sim_tests" / _NAME) if p.exists()),
    _PACKAGE / "sim_tests" / _NAME,
)


def _run(variant):
    result = subprocess.run([str(BINARY), variant], capture_output=True, text=True, timeout=120, check=False)
    assert result.returncode == 0, result.stderr
    lines = {}
    for line in result.stdout.splitlines():
        key, _, rest = line.partition(" ")
        lines[key] = rest.split()
    return lines, result.stderr


def _mixed_image():
    """MixedTiling's fields at the offsets CANN's alignment rule gives, built independently with struct."""
    image = bytearray(40)  # last field ends at 34; the whole is padded to 8
    struct.pack_into("<B", image, 0, 7)  # flag
    struct.pack_into("<I", image, 4, 0x01020304)  # length: 4-byte aligned
    struct.pack_into("<3h", image, 8, -1, 2, 300)  # offsets
    struct.pack_into("<H", image, 16, 0xBEEF)  # inner (InnerTiling, 8 bytes): at an 8-byte boundary
    struct.pack_into("<q", image, 24, -5)  # total
    struct.pack_into("<H", image, 32, 9)  # last
    return bytes(image)


def test_tiling_data_image_follows_cann_layout():
    lines, _ = _run("Ascend910B1")
    assert bytes.fromhex(lines["mixed"][0]) == _mixed_image()
    assert bytes.fromhex(lines["mixed_copy"][0]) == _mixed_image()
    assert lines["get"] == ["7", str(0x01020304), "300", str(0xBEEF), "-5", "MixedTiling"]
    assert lines["registered"] == ["40", "1"]  # REGISTER_TILING_DATA_CLASS made it; an unknown op type is null
    assert " ".join(lines["small_capacity"]) == "MixedTiling::SaveToBuffer: capacity 8 < data size 40"


# variant: core num, AIC, AIV, Vector Cores, SocVersion enum, UB, L1, L0A, L0C bytes, system workspace
PLATFORMS = {
    "Ascend910B1": [48, 24, 48, 0, 1, 192 * 1024, 512 * 1024, 64 * 1024, 128 * 1024, 16 * 1024 * 1024],
    "Ascend910B3": [40, 20, 40, 0, 1, 192 * 1024, 512 * 1024, 64 * 1024, 128 * 1024, 16 * 1024 * 1024],
    "Ascend310P3": [8, 8, 8, 7, 2, 256 * 1024, 1024 * 1024, 64 * 1024, 256 * 1024, 2 * 1024 * 1024],
}


@pytest.mark.parametrize("variant", sorted(PLATFORMS))
def test_platform_of_a_named_variant(variant):
    lines, _ = _run(variant)
    assert lines["platform"] == [variant, *map(str, PLATFORMS[variant])]


def test_calc_tsch_block_dim():
    # CalcTschBlockDim.md: 40 slices on 40 AIV + 20 AIC launch 20 groups of 2 AIV + 1 AIC; one kind of core: a slice each
    separated, _ = _run("Ascend910B1")
    assert separated["blockdim"] == ["20", "21", "40", "40"]
    coupled, _ = _run("Ascend310P3")  # cube and vector in one AI core: no groups
    assert coupled["blockdim"] == ["40", "41", "40", "40"]


def test_unknown_variant_is_null_with_its_name():
    lines, err = _run("Ascend999")
    assert lines["platform"] == ["Ascend999", "none"]
    assert "PlatformAscendCManager::GetInstance: unknown SoC version 'Ascend999'" in err


@pytest.mark.parametrize("variant", sorted(PLATFORMS))
def test_matmul_tiling_covers_the_shape(variant):
    lines, err = _run(variant)
    r1, r2, same, size, used, m, n, ka, scm, scn, sck, base_m, base_n, is_bias = map(int, lines["matmul"])
    assert (r1, r2, same) == (0, 0, 1)  # both GetTiling forms; the saved image is the kernel's TCubeTiling
    assert size % 8 == 0 and (m, n, ka, is_bias) == (512, 1024, 256, 1)
    assert 1 <= used <= PLATFORMS[variant][1]  # at most the AIC count handed to SetDim
    blocks = -(-m // scm) * -(-n // scn)
    assert blocks == used  # one singleCore block per core, the blocks covering M x N
    assert sck == ka and scm % 16 == 0 and base_m % 16 == 0 and base_n % 16 == 0
    assert lines["tscm"] == ["-1"]  # an operand in TSCM / NZ is refused by name, not tiled as if in GM
    assert "SetAType: the twin's Matmul takes operands from GM in ND only" in err


def test_matmul_tiling_calls():
    lines, err = _run("Ascend910B1")
    before, r, after, sm, sn, sk, tm, tn, tk, org_m = map(int, lines["single_shape"])
    # GetSingleShape.md: -1 before GetTiling, then the single-core shape it computed; SetShape's -1 takes the org M, N
    assert (before, r, after) == (-1, 0, 0) and (sm, sn, sk) == (tm, tn, tk) and (sk, org_m) == (256, 512)
    assert -(-512 // sm) * -(-1024 // sn) <= 24  # the org shape spread over at most the 24 AICs
    # SetTraverse.md: FIRSTM -> iterateOrder 0, FIRSTN -> 1 (here through SetMatmulConfigParams)
    assert lines["traverse"] == ["0", "0", "0", "1"]
    assert lines["c_places"] == ["0", "0"]  # C in VECIN or in ND_ALIGN tiles as C in GM, ND
    # SetFixSplit's baseK: a multiple of A's C0 (16 halves) is kept (asc-devkit's tiling), 24 is refused
    assert lines["fix_k"] == ["0", "128", "64", "128", "-1"]
    assert "SetFixSplit: baseK 24 is not -1 or a multiple of A's C0 (16)" in err
    assert lines["refused"] == ["-1", "-1", "-1", "-1"]
    for message in (
        "SetMadType: only MatrixMadType::NORMAL is modelled",
        "SetDequantType: the quantised Matmul output is not modelled",
        "EnableMultiCoreSplitK: splitting K over cores is not modelled",
        "SetMatmulConfigParams: enableL1CacheUB is not supported on this SoC",
    ):
        assert message in err


def test_acl_float16_conversions_match_numpy():
    lines, _ = _run("Ascend910B1")
    values = np.array([0.0, -1.5, 65504.0, 65520.0, 1e-7, 3.14159265, -2.0e-5, 1.0 / 3.0], np.float32)
    with np.errstate(over="ignore"):  # 65520 rounds to inf, as it must
        golden = values.astype(np.float16)
    assert [int(b, 16) for b in lines["float16"]] == golden.view(np.uint16).tolist()
    back = np.array([float.fromhex(v) for v in lines["float16_back"]], np.float32)
    np.testing.assert_array_equal(back, golden.astype(np.float32))
