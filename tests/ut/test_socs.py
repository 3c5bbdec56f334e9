"""The SoC table (docs/socs.md), the simulated device and backend selection."""

import pytest

import ascendops
from ascendops import BackendUnavailableError, _backend, _C

KB = 1024

# Values of the SoC table in docs/socs.md.
EXPECTED = {
    "ascend310p": dict(
        vector_kernel_cores=8,
        mix_vector_cores=7,
        cube_cores=8,
        ub_bytes=256 * KB,
        has_data_copy_pad=False,
        has_vector_shift=False,
        has_sync_all=False,
        mem_bandwidth_gbps=204.8,
    ),
    "ascend910b": dict(
        vector_kernel_cores=48,
        mix_vector_cores=0,
        cube_cores=24,
        ub_bytes=192 * KB,
        has_data_copy_pad=True,
        has_vector_shift=True,
        has_sync_all=True,
        mem_bandwidth_gbps=1800.0,
    ),
    "ascend910_93": dict(
        vector_kernel_cores=48,
        mix_vector_cores=0,
        cube_cores=24,
        ub_bytes=192 * KB,
        has_data_copy_pad=True,
        has_vector_shift=True,
        has_sync_all=True,
        mem_bandwidth_gbps=1800.0,
    ),
    "ascend950": dict(
        vector_kernel_cores=72,
        mix_vector_cores=0,
        cube_cores=36,
        ub_bytes=256 * KB,
        has_data_copy_pad=True,
        has_vector_shift=True,
        has_sync_all=True,
        mem_bandwidth_gbps=2073.6,
    ),
}


def test_soc_names_in_order():
    assert [s["name"] for s in ascendops.socs()] == list(EXPECTED)


@pytest.mark.parametrize("name", list(EXPECTED))
def test_soc_values(name):
    row = next(s for s in ascendops.socs() if s["name"] == name)
    assert {k: row[k] for k in EXPECTED[name]} == EXPECTED[name]
    assert row["cost"]["mem_bandwidth_gbps"] == row["mem_bandwidth_gbps"]


# TOTAL_VEC_LOCAL_SIZE and RESERVED_WORKSPACE per arch (impl/basic_api); saturation: Atlas inference cards only.
# TPipe's limit (0: the whole UB) and the transcendental flush-to-zero default: dav-3510 only (docs/socs.md).
_NO_3510 = dict(ub_scratch_bytes=8 * KB, tpipe_bytes=0, transcendental_ftz=False)
RULES = {
    "ascend310p": dict(ub_usable_bytes=248 * KB, system_workspace_bytes=2 * KB * KB, saturation_only=True, **_NO_3510),
    "ascend910b": dict(
        ub_usable_bytes=184 * KB, system_workspace_bytes=16 * KB * KB, saturation_only=False, **_NO_3510
    ),
    "ascend910_93": dict(
        ub_usable_bytes=184 * KB, system_workspace_bytes=16 * KB * KB, saturation_only=False, **_NO_3510
    ),
    "ascend950": dict(
        ub_usable_bytes=248 * KB,
        system_workspace_bytes=16 * KB * KB,
        saturation_only=False,
        ub_scratch_bytes=8 * KB,
        tpipe_bytes=248 * KB,
        transcendental_ftz=True,
    ),
}


@pytest.mark.parametrize("name", list(RULES))
def test_soc_kernel_rules(name):
    assert next(s for s in ascendops.socs() if s["name"] == name)["rules"] == RULES[name]


def test_910b_cost_params_from_cann_platform_config():
    cost = next(s for s in ascendops.socs() if s["name"] == "ascend910b")["cost"]
    assert cost["freq_mhz"] == 1850.0
    assert cost["gm_to_ub_bytes_per_cycle"] == 32.0
    assert cost["ub_to_gm_bytes_per_cycle"] == 64.0  # Ascend910B1.ini ub_to_ddr_rate


def test_every_cost_param_is_positive():
    for s in ascendops.socs():
        assert all(v > 0 for v in s["cost"].values()), s["name"]


@pytest.fixture
def restore_device():
    before = _C.sim_device()
    yield
    _C.set_sim_device(before["soc"], before["core_num"])


@pytest.mark.parametrize(
    "soc, core_num, expected",
    [
        ("ascend310p", 0, 8),
        ("ascend310p", 10, 10),
        ("ascend910b", 0, 48),
        ("ascend910b", 40, 40),
        ("ascend910_93", 0, 48),
    ],
)
def test_core_override(restore_device, soc, core_num, expected):
    _C.set_sim_device(soc, core_num)
    assert _C.sim_device() == {"soc": soc, "core_num": expected}


def test_unknown_soc_is_rejected(restore_device):
    with pytest.raises(ValueError, match="unknown soc 'ascend999'"):
        _C.set_sim_device("ascend999")


def test_select_defaults_to_sim_on_the_default_soc(restore_device):
    assert _backend.select() == ascendops.DEFAULT_SOC == "ascend910b"
    assert _C.sim_device() == {"soc": "ascend910b", "core_num": 48}
    assert _backend.select("sim", "ascend910b", 40) == "ascend910b"
    assert _C.sim_device() == {"soc": "ascend910b", "core_num": 40}


def test_npu_backend_is_unavailable_with_reason(monkeypatch):
    monkeypatch.delenv("ASCEND_HOME_PATH", raising=False)
    with pytest.raises(
        BackendUnavailableError,
        match=r"backend 'npu' is unavailable: the CANN toolkit is missing: ascendops was built without it",
    ):
        _backend.select("npu")
    assert not issubclass(BackendUnavailableError, ascendops.AclnnError)


@pytest.mark.parametrize("backend", ["gpu", "", None, 3])
def test_unknown_backend_is_value_error(backend):
    with pytest.raises(ValueError, match="unknown backend"):
        _backend.select(backend)


@pytest.mark.parametrize(
    "soc, core_num, error, match",
    [
        ("ascend910", 0, ValueError, "unknown soc"),
        ("ascend310p", -1, ValueError, r"core_num -1 must be >= 0"),
        ("ascend310p", 2.0, TypeError, "core_num must be an int, got float 2.0"),
        ("ascend310p", True, TypeError, "core_num must be an int, got bool True"),
    ],
)
def test_select_rejects_bad_device(soc, core_num, error, match):
    with pytest.raises(error, match=match):
        _backend.select("sim", soc, core_num)


@pytest.mark.parametrize(
    "soc, core_num, most", [("ascend310p", 11, 10), ("ascend910b", 49, 48), ("ascend910_93", 100000, 48)]
)
def test_core_num_beyond_the_largest_variant_is_161002(restore_device, soc, core_num, most):
    with pytest.raises(ascendops.AclnnError) as e:
        _backend.select("sim", soc, core_num)
    assert e.value.code == 161002 and e.value.message.startswith(f"core_num {core_num} must be in [0, {most}] on {soc}")


def test_variants_bound_the_core_count():
    rows = {s["name"]: s for s in ascendops.socs()}
    assert rows["ascend310p"]["variants"] == [
        {"name": "Ascend310P1", "vector_kernel_cores": 10, "cube_cores": 10, "mix_vector_cores": 8, "memory_bytes": 0},
        {"name": "Ascend310P3", "vector_kernel_cores": 8, "cube_cores": 8, "mix_vector_cores": 7, "memory_bytes": 0},
    ]
    assert [
        (v["name"], v["vector_kernel_cores"], v["cube_cores"], v["mix_vector_cores"])
        for v in rows["ascend910b"]["variants"]
    ] == [
        ("Ascend910B1", 48, 24, 0),
        ("Ascend910B2", 48, 24, 0),
        ("Ascend910B3", 40, 20, 0),
        ("Ascend910B4", 40, 20, 0),
    ]
    assert [(r["max_vector_kernel_cores"], r["max_cube_cores"]) for r in rows.values()] == [
        (10, 10),
        (48, 24),
        (48, 24),
        (72, 36),
    ]
