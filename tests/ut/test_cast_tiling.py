"""Cast host tiling: the delivered matrix, hand-worked tiling fields and invariants over random sizes."""

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

import ascendops
from ascendops import AclnnError
from ascendops.ops import cast as cast_op
from ascendops.ops.cast import tiling

# The delivered matrix of docs/ops/cast.md, written out independently of the plan table it checks.
DELIVERED = {
    "float16": ["float32", "int32", "int16", "int8", "uint8", "bool"],
    "float32": ["float16", "int32", "int16", "int8", "uint8", "bool", "int64"],
    "int32": ["float32", "float16", "int16", "int8", "uint8", "bool", "int64"],
    "int8": ["float16", "float32", "int32", "int16", "uint8", "bool", "int64"],
    "uint8": ["float16", "float32", "int32", "int8", "int16", "int64"],
    "int16": ["float16", "float32", "int32", "int8", "uint8", "int64"],
    "bool": ["float16", "float32", "int32", "int8", "uint8", "int64"],
    "int64": ["float16", "float32", "int32", "int8", "uint8", "int16", "bool"],
    "bfloat16": ["float32", "float16", "int32", "int16", "int8", "uint8", "bool", "int64"],
}
DELIVERED_PAIRS = sorted((s, d) for s, ds in DELIVERED.items() for d in ds)
SOCS = ("ascend310p", "ascend910b", "ascend910_93")
# What TPipe may hand out: UB minus the 8 KB TMP_UB_OFFSET scratch.
UB = {"ascend310p": 248 * 1024, "ascend910b": 184 * 1024, "ascend910_93": 184 * 1024}
CORES = {"ascend310p": 8, "ascend910b": 48, "ascend910_93": 48}


def _dtype(name):
    return cast_op._dtype(name)


@pytest.mark.parametrize("soc", SOCS)
def test_plan_table_delivers_exactly_the_spec_matrix(soc):
    table = cast_op.plan_table(soc)
    assert len(table) == 13 * 13  # every pair of the dtype table is decided
    delivered = {(r["src"], r["dst"]) for r in table if r["path"] != "UNSUPPORTED"}
    assert delivered == set(DELIVERED_PAIRS)


@pytest.mark.parametrize("soc", SOCS)
def test_path_classes_follow_the_spec(soc):
    path = {(r["src"], r["dst"]): r["path"] for r in cast_op.plan_table(soc)}
    assert path["bool", "int8"] == path["int8", "uint8"] == path["uint8", "int8"] == "SAMEWIDTH_8BIT"
    assert path["bfloat16", "float32"] == "BF16_TO_F32"
    assert {path["bfloat16", d] for d in DELIVERED["bfloat16"] if d != "float32"} == {"BF16_TO_OTHER"}
    to_float = ("float16", "float32") if soc != "ascend310p" else ()  # c220's direct int64 -> float (CAST_ROUND)
    assert {path["int64", d] for d in DELIVERED["int64"] if d not in to_float} == {"NARROW64"}
    assert {path[s, "bool"] for s in ("float16", "float32", "int32", "int8")} == {"DST_BOOL"}
    assert {path[s, "int8"] for s in ("float16", "float32", "int32", "int16")} == {"NARROW8"}
    assert path["float32", "float16"] == path["float16", "float32"] == path["int32", "float32"] == "DIRECT"


def test_ascend310p_uses_software_paths_where_it_lacks_instructions():
    p310 = {(r["src"], r["dst"]): r["path"] for r in cast_op.plan_table("ascend310p")}
    p910 = {(r["src"], r["dst"]): r["path"] for r in cast_op.plan_table("ascend910b")}
    assert p310["int32", "int64"] == "WIDEN64" and p910["int32", "int64"] == "DIRECT"
    assert p310["int16", "float32"] == "WIDEN64" and p910["int16", "float32"] == "DIRECT"
    assert p310["float32", "int16"] == "TWO_CAST" and p910["float32", "int16"] == "DIRECT"


def test_int64_to_float_rounds_half_away_where_the_soc_can():
    """Seed roundModeMap: INT64 -> float is CAST_ROUND; ascend910b converts int64 -> float directly with it."""
    p910 = {(r["src"], r["dst"]): (r["path"], r["round_mode"]) for r in cast_op.plan_table("ascend910b")}
    assert p910["int64", "float32"] == ("DIRECT", "CAST_ROUND")
    assert p910["int64", "float16"] == ("TWO_CAST", "CAST_ROUND")  # int64 -> float32 (ROUND) -> float16 (ROUND)
    assert tiling((8,), np.int64, np.float16, soc="ascend910b")["mid_round_mode"] == "CAST_ROUND"
    p310 = {(r["src"], r["dst"]): (r["path"], r["round_mode"]) for r in cast_op.plan_table("ascend310p")}
    # no such instruction on dav_m200: the low lane; to float16 its ties go away from zero (CAST_ROUND), to float32
    # they round to nearest even (CAST_NONE)
    assert p310["int64", "float16"] == ("NARROW64", "CAST_ROUND")
    assert p310["int64", "float32"] == ("NARROW64", "CAST_NONE")


def test_round_modes():
    rm = {(r["src"], r["dst"]): r["round_mode"] for r in cast_op.plan_table("ascend310p")}
    assert rm["float32", "int32"] == rm["float16", "int32"] == "CAST_TRUNC"  # float -> int truncates
    assert rm["float16", "bool"] == "CAST_CEIL"
    assert rm["float32", "float16"] == rm["int32", "float32"] == "CAST_NONE"


@pytest.mark.parametrize(
    "src,dst",
    [
        ("float32", "bfloat16"),
        ("float64", "float32"),
        ("uint8", "bool"),
        ("int16", "bool"),
        ("float16", "float16"),
        ("uint16", "int32"),
    ],
)
def test_undelivered_pairs_are_rejected_with_the_pair_named(src, dst):
    with pytest.raises(AclnnError) as e:
        tiling((8,), _dtype(src), _dtype(dst), soc="ascend310p")
    assert e.value.code == 161002
    assert f"{src} -> {dst}" in e.value.message


def test_hand_worked_float32_to_float16_on_ascend310p():
    t = tiling((1024, 1000), np.float32, np.float16, soc="ascend310p")
    # 32-byte blocks of half: 16 elements; 1,024,000 / 16 = 64,000 blocks over 8 cores, no remainder.
    assert (t["key"], t["tiling_key"], t["path"], t["block_dim"]) == ("DIRECT", 0, "DIRECT", 8)
    assert (t["granule_elems"], t["granules_per_core"], t["big_cores"], t["tail_elems"]) == (16, 8000, 0, 0)
    # UB: 2 buffers x (4 + 2) bytes per element = 12; (253952 - 1024) / 12 = 21077 -> 20992 = 82 x 256.
    assert t["tile_elems"] == 20992 and t["scratch_bytes_per_elem"] == 0
    assert t["core_elems"] == [128000] * 8 and t["core_tiles"] == [7] * 8
    assert t["round_mode"] == "CAST_NONE" and t["use_pad"] is False


def test_hand_worked_bfloat16_to_int8_on_ascend310p():
    t = tiling((1024, 1000), _dtype("bfloat16"), np.int8, soc="ascend310p")
    # Gather tables: bf16 widening 8 + int8 masks 4 + 2; tiles: fp32 4 + int32 4 + int16 2 + half 2 = 26 bytes.
    assert t["path"] == "BF16_TO_OTHER" and t["scratch_bytes_per_elem"] == 26
    # 2 x (2 + 1) + 26 = 32 bytes per element: (253952 - 1024) / 32 = 7904 -> 7680 (30 x 256).
    assert t["tile_elems"] == 7680 and t["granule_elems"] == 32


def test_hand_worked_tail_and_remainder_on_ascend910b():
    t = tiling((2**20 + 17,), np.float32, np.float16, soc="ascend910b")
    # 65,537 whole blocks of 16 over 48 cores: 1365 each, the first 17 take one more; 1 ragged element.
    assert (t["block_dim"], t["granules_per_core"], t["big_cores"], t["tail_elems"]) == (48, 1365, 17, 1)
    assert t["core_elems"][0] == 1366 * 16 and t["core_elems"][17] == 1365 * 16
    assert t["core_elems"][-1] == 1365 * 16 + 1 and t["use_pad"] is True
    assert sum(t["core_elems"]) == 2**20 + 17


# A core gets at least 16 KB of source (4096 floats): small casts stay on few cores, large ones use every core.
@pytest.mark.parametrize(
    "n,expected", [(5, [5]), (33, [33]), (4096, [4096]), (12287, [6144, 6143]), (12288, [4096, 4096, 4096])]
)
def test_a_core_gets_at_least_16_kb_of_source(n, expected):
    assert tiling((n,), np.float32, np.float16, soc="ascend310p")["core_elems"] == expected


def test_768_floats_do_not_run_on_48_cores():
    assert tiling((768,), np.float32, np.float16, soc="ascend910b")["block_dim"] == 1


def test_core_count_override():
    assert tiling((10**6,), np.float32, np.float16, soc="ascend910b", core_num=40)["block_dim"] == 40
    assert tiling((10**6,), np.float32, np.float16, soc="ascend310p", core_num=10)["block_dim"] == 10


def test_empty_size_is_not_tiled():
    with pytest.raises(AclnnError) as e:
        tiling((0,), np.float32, np.float16, soc="ascend310p")
    assert e.value.code == 161002


MAX_CORES = {s["name"]: s["max_vector_kernel_cores"] for s in ascendops.socs()}


@settings(max_examples=400, deadline=None)
@given(
    n=st.integers(1, 10**8),
    pair=st.sampled_from(DELIVERED_PAIRS),
    soc=st.sampled_from(SOCS),
    cores=st.sampled_from([0, 1, 7, 10, 40]),
)
def test_tiling_invariants(n, pair, soc, cores):
    src, dst = (_dtype(p) for p in pair)
    cores = min(cores, MAX_CORES[soc])  # beyond the SoC's largest variant is a 161002 (test_fuzz_cast)
    t = tiling((n,), src, dst, soc=soc, core_num=cores)
    core_num = cores or CORES[soc]
    assert t["ub_bytes"] <= UB[soc]
    assert t["tile_elems"] > 0 and t["tile_elems"] % 256 == 0
    assert t["block_dim"] >= 1 and t["block_dim"] <= min(core_num, max(1, n // t["granule_elems"]))
    assert sum(t["core_elems"]) == n
    assert t["core_starts"] == list(np.cumsum([0] + t["core_elems"][:-1]))
    block_bytes = t["granule_elems"] * min(src.itemsize, dst.itemsize)
    assert block_bytes == 32 and t["granule_elems"] * max(src.itemsize, dst.itemsize) % 32 == 0
    for start, count in zip(t["core_starts"], t["core_elems"][:-1]):  # all but the last: whole blocks
        assert start % t["granule_elems"] == 0 and count % t["granule_elems"] == 0
    assert t["tail_elems"] < t["granule_elems"]


def test_front_and_cli_show_the_same_tiling(capsys):
    import ascendops
    from ascendops import cli

    t = ascendops.tiling.cast((1024, 1000), cast_op._dtype("bfloat16"), np.int8, soc="ascend310p")
    assert (t["path"], t["tile_elems"]) == ("BF16_TO_OTHER", 7680)
    assert (
        cli.main(
            ["tiling", "cast", "--shape", "1024,1000", "--src", "bfloat16", "--dst", "int8", "--soc", "ascend310p"]
        )
        == 0
    )
    out = capsys.readouterr().out
    assert "BF16_TO_OTHER" in out and "7680" in out
