"""The ascend950 (Ascend 950PR, dav-3510) row of the SoC table: each field's value, read here from its source.

The platform configs are read from the files themselves when the shared CANN material is present
(../shared/cann-open/platform_config, asc-devkit's headers); the values written out below are the same numbers, so
the test still checks the table where that material is absent (a plain checkout).
"""

import re
from pathlib import Path

import pytest

import ascendops
from ascendops import _C

KB = 1024
ROOT = Path(__file__).resolve().parents[2]
OPEN = ROOT.parent / "shared" / "cann-open"
CONFIGS = OPEN / "platform_config"
DEVKIT = OPEN / "asc-devkit"


def row(name="ascend950"):
    return next(s for s in ascendops.socs() if s["name"] == name)


def ini(variant):
    """{section: {key: value}} of a platform config; skips (with the reason) where the shared configs are absent."""
    path = CONFIGS / f"{variant}.ini"
    if not path.exists():
        pytest.skip(f"{path} is not present: the platform configs are read from ../shared/cann-open")
    out, section = {}, None
    for line in path.read_text().splitlines():
        if m := re.match(r"^\[(\w+)\]$", line):
            section = out.setdefault(m.group(1), {})
        elif "=" in line and section is not None and not line.startswith("#"):
            key, value = line.split("=", 1)
            section[key] = value
    return out


def test_row_is_the_950pr_9599_with_the_dav_3510_arch():
    r = row()
    assert (r["arch"], r["npu_arch"], r["product"]) == ("dav-3510", 3510, "Ascend 950PR (Ascend950PR_9599)")
    assert (r["vector_kernel_cores"], r["cube_cores"], r["mix_vector_cores"]) == (72, 36, 0)
    assert (r["has_data_copy_pad"], r["has_vector_shift"], r["has_sync_all"]) == (True, True, True)


def test_cores_and_ub_from_the_platform_config():
    cfg = ini("Ascend950PR_9599")
    r = row()
    assert cfg["version"]["NpuArch"] == "3510" and cfg["version"]["CCEC_AIV_version"] == "dav-c310-vec"
    assert int(cfg["SoCInfo"]["vector_core_cnt"]) == r["vector_kernel_cores"] == 72
    assert int(cfg["SoCInfo"]["cube_core_cnt"]) == r["cube_cores"] == 36
    # ub_size is the 248 KB usable part of the 256 KB UB (asc-devkit kernel_utils_constants.h: TOTAL_UB_SIZE)
    assert int(cfg["AICoreSpec"]["ub_size"]) == r["rules"]["ub_usable_bytes"] == 248 * KB
    assert r["ub_bytes"] == 256 * KB and r["rules"]["ub_scratch_bytes"] == 8 * KB
    for key in ("Intrinsic_data_move_pad", "Intrinsic_vshl", "Intrinsic_vshr"):
        assert any(v.startswith(key + "|") for v in cfg["VectorCoreintrinsicDtypeMap"].values()), key
    assert cfg["SoCInfo"]["hardware_sync_betweencore"] == "1" and cfg["SoCInfo"]["support_inf_nan"] == "1"
    assert row()["rules"]["saturation_only"] is False


def test_ub_constants_from_the_devkit_headers():
    path = DEVKIT / "impl/basic_api/utils/kernel_utils_constants.h"
    if not path.exists():
        pytest.skip(f"{path} is not present")
    text = path.read_text()
    block = text[text.index("#elif (__NPU_ARCH__ == 3510)") :]
    block = block[: block.index("#elif", 10) if "#elif" in block[10:] else len(block)]
    for name in ("TOTAL_VEC_LOCAL_SIZE", "TOTAL_UB_SIZE", "TMP_UB_OFFSET"):
        assert re.search(rf"{name} = 248 \* 1024;", block), name
    assert re.search(r"TOTAL_L0C_SIZE = 256 \* 1024;", block)
    r = row()["rules"]
    assert r["ub_usable_bytes"] == r["tpipe_bytes"] == 248 * KB
    assert r["system_workspace_bytes"] == 16 * KB * KB


def test_cube_row():
    info = _C_test_cube_info()
    assert (info["l1_bytes"], info["l0a_bytes"], info["l0b_bytes"], info["l0c_bytes"]) == (
        512 * KB,
        64 * KB,
        64 * KB,
        256 * KB,
    )
    assert (info["bias_table_bytes"], info["fixpipe_bytes"], info["aiv_per_aic"], info["cube_cores"]) == (
        4 * KB,
        4 * KB,
        2,
        36,
    )
    assert (info["gm_to_l1_bytes_per_cycle"], info["l2_to_l1_bytes_per_cycle"]) == (31, 100)
    assert (info["l1_to_l0a_bytes_per_cycle"], info["l1_to_l0b_bytes_per_cycle"]) == (256, 256)
    cfg = ini("Ascend950PR_9599")["AICoreSpec"]
    assert [int(cfg[k]) for k in ("l1_size", "l0_a_size", "l0_b_size", "l0_c_size", "bt_size", "fb0_size")] == [
        info["l1_bytes"],
        info["l0a_bytes"],
        info["l0b_bytes"],
        info["l0c_bytes"],
        info["bias_table_bytes"],
        info["fixpipe_bytes"],
    ]


def _C_test_cube_info():
    from ascendops import _sim_bench

    return _sim_bench.cube_info("ascend950")


# Variant -> (vector cores, cube cores, device memory), as the SoC table lists them.
VARIANTS = {
    "Ascend950PR_9599": (72, 36, 137438953472),
    "Ascend950PR_9589": (64, 32, 137438953472),
    "Ascend950PR_958b": (64, 32, 120259084288),
    "Ascend950PR_9579": (56, 28, 137438953472),
    "Ascend950PR_957b": (56, 28, 120259084288),
    "Ascend950PR_957bx": (56, 28, 120259084288),
    "Ascend950PR_957c": (56, 28, 90194313216),
    "Ascend950PR_957d": (56, 28, 103079215104),
    "Ascend950PR_950z": (8, 4, 25769803776),
    "Ascend950DT_9591": (72, 36, 154618822656),
    "Ascend950DT_9581": (64, 32, 154618822656),
    "Ascend950DT_9571": (56, 28, 154618822656),
    "Ascend950DT_950x": (16, 8, 25769803776),
}


def test_variants_and_their_device_memory():
    got = {v["name"]: (v["vector_kernel_cores"], v["cube_cores"], v["memory_bytes"]) for v in row()["variants"]}
    assert got == VARIANTS
    assert (row()["max_vector_kernel_cores"], row()["max_cube_cores"]) == (72, 36)


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_each_variant_from_its_config(variant):
    cfg = ini(variant)["SoCInfo"]
    cores, cubes, memory = VARIANTS[variant]
    assert (int(cfg["vector_core_cnt"]), int(cfg["cube_core_cnt"]), int(cfg["memory_size"])) == (cores, cubes, memory)


# The cost row: value and label per parameter (ascendc_sim/platform/soc_cost_sources_950.cpp).
COST = {
    "freq_mhz": (1800.0, "platform config"),
    "gm_to_ub": (16.0, "platform config"),
    "ub_to_gm": (40.0, "platform config"),
    "l2": (128.0 * KB * KB, "platform config"),
    "ub_bank_groups": (8.0, "platform config"),
    "ub_bank_span": (32768.0, "platform config"),
    "l2_read": (100.0, "platform config"),
    "mem_nominal": (2073.6, "derived"),
    "mem_achievable": (1716.0, "assumed"),
}


def test_cost_row_values_and_labels():
    rows = {r["param"]: r for r in _C.cost.params() if r["soc"] == "ascend950"}
    assert len(rows) == 25 and all(r["source"] for r in rows.values())
    assert {p: (rows[p]["value"], rows[p]["label"]) for p in COST} == COST
    assert rows["mem_nominal"]["value"] == pytest.approx(72 * 16 * 1.8)  # cores x B/cycle x GHz
    cfg = ini("Ascend950PR_9599")
    assert int(cfg["VectorCoreSpec"]["vec_freq"]) == COST["freq_mhz"][0]
    assert int(cfg["VectorCoreMemoryRates"]["ddr_read_rate"]) == COST["gm_to_ub"][0]
    assert int(cfg["VectorCoreMemoryRates"]["ub_to_ddr_rate"]) == COST["ub_to_gm"][0]
    assert int(cfg["VectorCoreMemoryRates"]["l2_read_rate"]) == COST["l2_read"][0]
    assert int(cfg["SoCInfo"]["l2_size"]) == COST["l2"][0]
    assert int(cfg["VectorCoreSpec"]["ubbank_group_num"]) == COST["ub_bank_groups"][0]
    assert int(cfg["VectorCoreSpec"]["ubbank_group_num"]) * int(cfg["VectorCoreSpec"]["ubbank_size"]) == 32768


def test_transcendental_flush_to_zero_default_from_the_headers():
    path = DEVKIT / "include/basic_api/reg_compute/kernel_reg_compute_utils.h"
    if not path.exists():
        pytest.skip(f"{path} is not present")
    text = path.read_text()
    for api in ("EXP", "LN", "RECIPROCAL", "DIV", "SQRT", "RSQRT"):
        assert re.search(rf"constexpr \w+Config DEFAULT_{api}_CONFIG = {{\w+Algo::INTRINSIC}};", text), api
    impl = (DEVKIT / "impl/basic_api/dav_3510/kernel_operator_vec_unary_impl.h").read_text()
    assert "config.algo == ExpAlgo::INTRINSIC || config.algo == ExpAlgo::PRECISION_1ULP_FTZ_TRUE" in impl
    assert row()["rules"]["transcendental_ftz"] is True
    assert not any(row(n)["rules"]["transcendental_ftz"] for n in ("ascend310p", "ascend910b", "ascend910_93"))
