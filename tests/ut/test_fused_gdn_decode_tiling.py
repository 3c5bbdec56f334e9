"""FusedGdnDecode host tiling: every validation rule with its own message, keys, BV selection and the index buffer,
against numbers worked by hand from the spec (docs/ops/fused_gdn_decode.md)."""

import pytest

from ascendops import AclnnError, _C, _C_test
from ascendops.ops.fused_gdn_decode import tiling

UB = 184 * 1024  # what TPipe may hand out on A2/A3: 192 KB minus the 8 KB TMP_UB_OFFSET scratch


def rejected(**kw):
    shape = kw.pop("shape", (4, 8, 16, 128, 128))
    with pytest.raises(AclnnError) as e:
        tiling(*shape, **kw)
    assert e.value.code == 161002
    return e.value.message


@pytest.mark.parametrize(
    "dtype,state,key",
    [
        ("bfloat16", "float32", "BF16_FP32_STATE"),
        ("float16", "float32", "FP16_FP32_STATE"),
        ("bfloat16", "bfloat16", "BF16_BF16_STATE"),
        ("float16", "float16", "FP16_FP16_STATE"),
    ],
)
def test_dtype_combo_selects_key(dtype, state, key):
    assert tiling(1, 8, 16, 128, 128, dtype=dtype, state_dtype=state)["key"] == key


def test_k_v_128_fp32_state_takes_bv_64():
    # Two state buffers always (the next batch row's tile is prefetched); index buffer 8 int32 for B 1.
    # bv 128: queue 2*128*2 + 8*4 + 2*2*(128*128*4 + 128*2) = 263712 alone is above 188416.
    assert _C.fused_gdn_decode_estimate_ub(128, 128, 128, 4, 8)["queue_bytes"] == 263712
    # bv 64: queue 544 + 4*(128*64*4 + 64*2) = 132128; compute (3*128 + 3*64 + 192)*4 + 64*32 (delta blocks)
    # + 9*256 = 7424; helper 64*4 + 256 = 512; total 140064.
    t = tiling(1, 8, 16, 128, 128, state_dtype="float32")
    assert (t["bv"], t["v_tiles"], t["state_buffer_num"]) == (64, 2, 2)
    assert (t["ub"]["queue_bytes"], t["ub"]["compute_bytes"], t["ub"]["helper_bytes"]) == (132128, 7424, 512)
    assert t["ub_rest_bytes"] == UB - 140064
    # What the kernel allocates: the estimate without its per-row prep buffers (q/k staging 2*256, q/k vectors 1536,
    # scalars 768, gating 2304, mask 256 = 5376) plus the prep area for B 1 (one row; gating rows rounded up to 4,
    # norm vectors to 8): staging max(2*128*2, 2*4*32 + 32 + 64, 128*2) = 512, out staging 128*2 = 256, q/k 3*128*4
    # = 1536, norms 5*8*4 + 8*32 = 416, gating 6*4*64 + 128 = 1664, mask 32, v and out rows 2*128*4 = 1024: 5440.
    assert (t["prep_rows"], t["ub"]["prep_bytes"]) == (1, 5440)
    assert t["ub_bytes"] == 140064 - 5376 + 5440


def test_k_v_128_bf16_state_takes_bv_64():
    # bv 128 would need (512 + 32 + 2*2*(128*128*2 + 128*2)) + (3840 + 2*128*128*4 + 2304) + 768 = 270624.
    assert _C.fused_gdn_decode_estimate_ub(128, 128, 128, 2, 8)["total_bytes"] == 270624
    # bv 64: queue 512 + 32 + 2*2*(128*64*2 + 64*2) = 66592; compute 3072 + 65536 + 2304.
    t = tiling(1, 8, 16, 128, 128, dtype="bfloat16", state_dtype="bfloat16")
    assert (t["bv"], t["v_tiles"], t["state_buffer_num"]) == (64, 2, 2)
    assert (t["ub"]["queue_bytes"], t["ub"]["compute_bytes"], t["ub"]["helper_bytes"]) == (66592, 70912, 512)
    assert t["ub_rest_bytes"] == UB - 138016


def test_prep_rows_take_what_the_estimate_leaves_spread_evenly():
    # B 64, BF16 state, K = V = 128: the estimate is 138240 (index buffer 64*4); without its 5376 bytes of per-row
    # prep buffers 55552 bytes remain for the prep area, which for R rows takes staging 512R, out staging 256R, q/k
    # 1536R, v and out rows 1024R, norms 52*align8(R), gating 384*align4(R) + 128, mask align32(2*align4(R)): R 14
    # needs 53728, R 15 57056. 64 rows in ceil(64 / 14) = 5 passes of 13 rows: 43264 + 832 + 6272 + 32 = 50400.
    t = tiling(64, 16, 32, 128, 128, dtype="bfloat16", state_dtype="bfloat16")
    assert t["ub"]["total_bytes"] == 138240
    assert (t["prep_rows"], t["ub"]["prep_bytes"]) == (13, 50400)
    # 16-bit state also pads the tile buffers into their bank groups (test_bf16_state_tiles_start_in_their_bank_groups):
    # 192 + 448 + 128 + 448 bytes of pads, and a matrix buffer of 32768 + 128 + 2*4*129*32 = 65920 instead of 65536.
    assert t["ub_bytes"] == 138240 - 5376 + 50400 + 1216 + 384 <= UB
    # at most kMaxPrepRows 64 a pass, and never more than B
    assert tiling(3, 2, 4, 64, 64, state_dtype="float32")["prep_rows"] == 3


def test_v_below_128_skips_larger_candidates():
    t = tiling(3, 2, 4, 64, 100, dtype="bfloat16", state_dtype="bfloat16")
    assert (t["bv"], t["v_tiles"]) == (64, 2)  # 100 is not a multiple of 64: the last tile has 36 rows


def test_v_below_8_falls_back_to_v():
    t = tiling(3, 2, 4, 64, 5, state_dtype="float32")
    assert (t["bv"], t["v_tiles"], t["state_buffer_num"]) == (5, 1, 2)


def test_large_k_only_small_bv_fits():
    # K 640 fp32: bv 16 needs 2560 + 32 + 4*(640*16*4 + 32) + (3*640 + 48 + 192)*4 + 16*32 + 2304 + 320 = 178336;
    # bv 32 would need 327936 in the state queues alone.
    t = tiling(2, 1, 4, 640, 128, state_dtype="float32")
    assert (t["bv"], t["v_tiles"], t["ub_rest_bytes"]) == (16, 8, UB - 178336)


def test_k_704_goes_in_k_tiles():
    # K 704 fp32: whole rows need 195744 bytes even at bv 16 (2816 + 32 + 4*(704*16*4 + 32) + (3*704 + 48 + 192)*4
    # + 16*32 + 2304 + 320), above the 188416 TPipe may hand out, so the rows go in K tiles of a multiple of 64
    # columns: the estimate is 2976 + 256 kTile (queues) + 8448 + 192 + 768 + 512 + 4096 (the 64-lane sums of 16
    # rows) + 2304 + 320 = 19616 + 256 kTile, so kTile 640 (183456; 704 would be the whole row). The kernel's
    # layout at one prep row: staging 2816 + 256, index 32, state 4*(640*64 + 32), 192 + 512 + 4096 + 64, prep work
    # 8448 + 416 + 1664 + 32 + 1024: 183520.
    assert _C.fused_gdn_decode_estimate_ub(704, 128, 16, 4, 8)["total_bytes"] == 195744
    t = tiling(1, 1, 4, 704, 128, state_dtype="float32")
    assert (t["bv"], t["v_tiles"], t["prep_rows"], t["ub_banked"]) == (16, 8, 1, 0)
    assert t["ub_bytes"] == 183520


def test_k_2032_bf16_state_goes_in_k_tiles_of_at_least_128_columns():
    # BF16 state, bv 16: 8128 + 32 + 4*(kTile*32 + 32) + 24384 + 192 + 768 + 2*kTile*16*4 + 2304 + 320 = 36256 +
    # 256 kTile, so kTile 576 (183712): tiles 576, 576, 576, 304. Kernel layout (V 24, one prep row): staging 8128
    # + 64, index 32, in and out 4*18464, 192, S 576*16*4 = 36864 and the products / S' 36864, 64, prep work
    # 24384 + 416 + 1664 + 32 + 256: 182816.
    t = tiling(1, 1, 2, 2032, 24, dtype="bfloat16", state_dtype="bfloat16")
    assert (t["bv"], t["v_tiles"], t["ub_bytes"]) == (16, 2, 182816)
    # fp32 state: 40864 + 256 kTile, kTile 576 again (188320); the layout with the lanes 187424.
    assert tiling(1, 1, 2, 2032, 24, state_dtype="float32")["ub_bytes"] == 187424


def test_k_tiles_cannot_hold_a_huge_index_buffer():
    # 60000 batch rows: 240000 bytes of slots alone, more than UB, whatever the tiles
    msg = rejected(shape=(60000, 1, 2, 128, 16), state_dtype="float32")
    assert msg.startswith("k 128 needs ") and msg.endswith(
        " bytes of UB even in tiles of 64 columns at bv 16, more than the 188416 bytes of ascend910b"
    )


def test_index_buffer_holds_every_row():
    # Every core walks all batch rows: B slots aligned to 8 (the kernel tells repeated slots apart by the tiles whose
    # writes may be in flight, with no per-row flag).
    assert _C_test.fused_gdn_decode_index_buffer_elems(31) == 32
    assert tiling(31, 1, 4, 64, 16, core_num=4)["index_buffer_elems"] == 32
    assert _C_test.fused_gdn_decode_index_buffer_elems(8) == 8


# Tasks are 16 value rows of one head over all batch rows: Hv 16 x V 128 / 16 = 128 tasks, whatever B is.
@pytest.mark.parametrize("core_num,block_dim,per,big", [(0, 48, 2, 32), (40, 40, 3, 8), (7, 7, 18, 2), (24, 24, 5, 8)])
def test_task_split(core_num, block_dim, per, big):
    t = tiling(4, 8, 16, 128, 128, core_num=core_num)
    assert (t["block_dim"], t["tasks_per_core"], t["big_cores"], t["total_tasks"]) == (block_dim, per, big, 128)


def test_task_count_rounds_v_up_to_whole_tasks():
    # V 100: ceil(100 / 16) = 7 tasks per head (the last has 4 rows), Hv 4 -> 28 tasks; B does not enter.
    assert tiling(3, 2, 4, 64, 100, core_num=5)["total_tasks"] == 28
    assert tiling(64, 2, 4, 64, 100, core_num=5)["total_tasks"] == 28


def test_strides_and_derived_h():
    t = tiling(2, 4, 8, 64, 32, block_num=5)
    assert (t["h"], t["mixed_stride"], t["state_slot_stride"], t["state_head_stride"], t["out_batch_stride"]) == (
        4,
        2 * 4 * 64 + 8 * 32,
        8 * 32 * 64,
        32 * 64,
        8 * 32,
    )
    assert t["block_num"] == 5 and t["workspace_bytes"] == 0


def test_310p_rejected():
    assert rejected(soc="ascend310p") == (
        "soc ascend310p is not supported: fused_gdn_decode runs on AIV cores with "
        "DataCopyPad (ascend910b, ascend910_93, ascend950)"
    )


def test_910_93_supported():
    assert tiling(1, 8, 16, 128, 128, soc="ascend910_93")["bv"] == 64


@pytest.mark.parametrize(
    "kw,message",
    [
        (dict(shapes={"mixedQkv": (4, 1, 4096)}), "mixedQkv rank 3 must be 2"),
        (dict(shapes={"aLog": (16, 1)}), "aLog rank 2 must be 1"),
        (dict(shapes={"stateRef": (5, 16, 128)}), "stateRef rank 3 must be 4"),
        (dict(shapes={"out": (4, 16, 128)}), "out rank 3 must be 4"),
        (dict(shapes={"ssmStateIndices": (0,)}), "ssmStateIndices dim 0 value 0 must be > 0 (no empty tensors)"),
        (dict(dtype="float32"), "mixedQkv dtype float32 must be bfloat16 or float16"),
        (dict(dtypes={"a": "float16"}), "a dtype float16 must equal mixedQkv's dtype (bfloat16)"),
        (dict(dtypes={"b": "float32"}), "b dtype float32 must equal mixedQkv's dtype (bfloat16)"),
        (dict(dtypes={"dtBias": "float16"}), "dtBias dtype float16 must be float32 or mixedQkv's dtype (bfloat16)"),
        (dict(dtypes={"out": "float32"}), "out dtype float32 must equal mixedQkv's dtype (bfloat16)"),
        (dict(dtypes={"aLog": "bfloat16"}), "aLog dtype bfloat16 must be float32 (float32)"),
        (dict(dtypes={"ssmStateIndices": "int16"}), "ssmStateIndices dtype int16 must be int32 or int64"),
        (dict(state_dtype="float16"), "stateRef dtype float16 must be float32 or mixedQkv's dtype (bfloat16)"),
        (dict(scale=float("inf")), "scale inf must be finite"),
        (dict(softplus_threshold=float("nan")), "softplusThreshold nan must be finite"),
        (dict(shapes={"a": (4, 8)}), "b shape (4, 16) must be (4, 8)"),
        (dict(shapes={"dtBias": (15,)}), "dtBias shape (15,) must be (16,)"),
        (
            dict(shapes={"stateRef": (5, 16, 128, 96)}),
            "mixedQkv dim 1 value 4096 minus hv*v gives q/k width 2048 that " "must be a multiple of 2*k (192)",
        ),
        (dict(shapes={"ssmStateIndices": (3,)}), "ssmStateIndices shape (3,) must be (4,)"),
        (dict(shapes={"out": (4, 2, 16, 128)}), "out shape (4, 2, 16, 128) must be (4, 1, 16, 128)"),
        (dict(shape=(4, 8, 16, 63, 128), dtype="float16", state_dtype="float16"), "k 63 must be in [64, 2032]"),
        (dict(shape=(4, 1, 1, 2048, 8), dtype="float16", state_dtype="float16"), "k 2048 must be in [64, 2032]"),
        (dict(shapes={"mixedQkv": (4, 2048)}), "mixedQkv dim 1 value 2048 must be > hv*v (2048) to hold q and k"),
        (dict(shapes={"mixedQkv": (4, 2048 + 3 * 256)}), "hv 16 must be a multiple of the derived h 3"),
        (
            dict(shape=(4, 8, 16, 65, 128)),
            "k 65 with a float32 stateRef pads each row by 60 bytes, more than the " "DataCopyPad limit 32",
        ),
        (
            dict(shapes={"stateRef": (2**44, 16, 128, 128)}),
            "stateRef shape (17592186044416, 16, 128, 128) size in bytes " "must fit in int64",
        ),
    ],
)
def test_each_rule_has_its_message(kw, message):
    assert rejected(**kw) == message


def test_fp32_state_padding_rule_boundaries():
    assert tiling(1, 1, 2, 72, 16)["k"] == 72  # 8 padding floats = 32 bytes: allowed
    assert tiling(1, 1, 2, 79, 16)["k"] == 79  # 1 padding float
    assert rejected(shape=(1, 1, 2, 71, 16)).startswith("k 71 with a float32 stateRef pads each row by 36 bytes")
    assert tiling(1, 1, 2, 129, 16, dtype="float16", state_dtype="float16")["k"] == 129  # 16-bit: always fits


def test_bf16_state_tiles_start_in_their_bank_groups():
    # TPipe carves the buffers in Init order from offset 0 (fused_gdn_decode.h AllocateUb): staging, out staging,
    # index, in queue, out queue, v-tile vectors, matrix (S, then the products / S' at mat_p_offset), reduce, q / k.
    # Bank group = (offset / 32) % 16 (避免bank冲突（NPU架构版本2201）.md); the plan: S 0, products 4, q / k 2,
    # in 6 and 10, out 12 and 0 (fused_gdn_decode_tiling_data.h kGroup*).
    u = tiling(64, 16, 32, 128, 128, dtype="bfloat16", state_dtype="bfloat16")["ub"]
    group = lambda offset: offset // 32 % 16  # noqa: E731
    at = u["stage_bytes"] + u["out_stage_bytes"] + u["index_bytes"] + u["pad_in"]
    assert (u["pad_in"], u["state_in_len"]) == (192, 16512)  # 10240 is group 0; 16512 = 32 * 512 + 4 * 32
    assert [group(at), group(at + u["state_in_len"])] == [6, 10]
    at += 2 * u["state_in_len"] + u["pad_out"]
    assert [group(at), group(at + u["state_out_len"])] == [12, 0]
    at += 2 * u["state_out_len"] + u["vec_bv_bytes"] + u["pad_matrix"]
    assert (group(at), group(at + u["mat_p_offset"])) == (0, 4)
    at += u["matrix_bytes"] + u["delta_bytes"] + u["reduce_bytes"] + u["pad_qk"]
    assert group(at) == 2
    # FP32 state keeps the estimate's layout: no pads
    f = tiling(64, 16, 32, 128, 128, dtype="bfloat16", state_dtype="float32")["ub"]
    assert (f["pad_in"], f["pad_out"], f["pad_matrix"], f["pad_qk"], f["matrix_bytes"]) == (0, 0, 0, 0, 0)


@pytest.mark.parametrize("state", ["float32", "bfloat16"])
def test_kernel_ub_fits_or_the_shape_is_rejected(state):
    # What the kernel allocates (prep area, 16-bit folds, bank pads) never exceeds what TPipe may hand out: either it
    # fits, or the bv rule rejects the shape with 161002. Near the edge the bank pads give way first.
    seen_unbanked = False
    for k in (64, 128, 256, 512, 640, 672, 688, 1024, 1536):
        for v in (16, 64, 100, 128, 256):
            for b in (1, 7, 64, 300):
                try:
                    t = tiling(b, 1, 2, k, v, dtype="bfloat16", state_dtype=state)
                except AclnnError as e:
                    assert e.code == 161002 and f"k {k} needs" in e.message
                    continue
                assert t["ub_bytes"] <= UB and 1 <= t["prep_rows"] <= min(b, 64)
                seen_unbanked |= state == "bfloat16" and t["ub_banked"] == 0
    if state == "bfloat16":
        assert seen_unbanked  # the sweep reaches the edge where the pads do not fit


def test_batch_split_only_where_it_busies_more_cores():
    # Hv 4, V 128: 32 tasks of 16 value rows for 48 cores. B 16 cuts into 2 chunks of whole heads, 8 cores; B 64
    # into 8 chunks, 32 cores: neither beats the tasks, so every core walks all rows.
    assert [tiling(b, 2, 4, 128, 128)[f] for b in (16, 64) for f in ("batch_chunks", "block_dim")] == [1, 32, 1, 32]
    # V 32: 8 tasks; B 64 in 8 chunks of 8 rows, 4 heads each: 32 cores
    t = tiling(64, 2, 4, 128, 32)
    assert (t["batch_chunks"], t["chunk_rows"], t["block_dim"]) == (8, 8, 32)
