"""Tiling-key names have one definition, the C++ table beside each host tiling (op_host/<op>/<op>_tiling.h): the
tiling dicts, the op modules and the demo all read it. Names are checked against the spec's key numbering."""

import pytest

from ascendops import _C
from ascendops.ops import cast, embedding_dense_grad, fused_gdn_decode, fused_swiglu_grad, split

SPEC_KEYS = {  # docs/ops/<op>.md, by hand
    "cast": {
        0: "DIRECT",
        1: "TWO_CAST",
        2: "DST_BOOL",
        3: "NARROW64",
        4: "WIDEN64",
        5: "BF16_TO_F32",
        6: "BF16_TO_OTHER",
        7: "SAMEWIDTH_8BIT",
        8: "NARROW8",
    },
    "split": {0: "ALIGNED", 1: "PAD", 2: "ALIGNED_WINDOW", 3: "NARROW"},
    "embedding_dense_grad": {0: "DEFAULT", 1: "SCALE_GRAD_BY_FREQ"},
    "fused_gdn_decode": {
        1: "BF16_FP32_STATE",
        2: "FP16_FP32_STATE",
        3: "BF16_BF16_STATE",
        4: "FP16_FP16_STATE",
        5: "BF16_FP32_STATE_FP32_BIAS",
        6: "FP16_FP32_STATE_FP32_BIAS",
        7: "BF16_BF16_STATE_FP32_BIAS",
        8: "FP16_FP16_STATE_FP32_BIAS",
        9: "BF16_FP32_STATE_INT64_INDEX",
        10: "FP16_FP32_STATE_INT64_INDEX",
        11: "BF16_BF16_STATE_INT64_INDEX",
        12: "FP16_FP16_STATE_INT64_INDEX",
        13: "BF16_FP32_STATE_FP32_BIAS_INT64_INDEX",
        14: "FP16_FP32_STATE_FP32_BIAS_INT64_INDEX",
        15: "BF16_BF16_STATE_FP32_BIAS_INT64_INDEX",
        16: "FP16_FP16_STATE_FP32_BIAS_INT64_INDEX",
    },
    "fused_swiglu_grad": {1: "B", 2: "W", 3: "X"},
}
MODULES = {
    "cast": cast,
    "split": split,
    "embedding_dense_grad": embedding_dense_grad,
    "fused_gdn_decode": fused_gdn_decode,
    "fused_swiglu_grad": fused_swiglu_grad,
}


@pytest.mark.parametrize("op", sorted(SPEC_KEYS))
def test_key_table_matches_the_spec_and_the_module_reads_it(op):
    table = getattr(_C, f"{op}_key_names")
    assert table == SPEC_KEYS[op]
    assert {k: MODULES[op].tiling_key_name(k) for k in table} == table
    assert MODULES[op].tiling_key_name(200) == "200"


def test_every_tiling_dict_has_a_named_key_and_its_number():
    rows = [
        cast.tiling((1000,), "float32", "float16", soc="ascend910b"),
        split.tiling((4, 6), "float32", [2, 4], dim=1, soc="ascend910b"),
        embedding_dense_grad.tiling((8, 16), 10, soc="ascend910b"),
        fused_gdn_decode.tiling(1, 8, 16, 128, 128, soc="ascend910b"),
        *fused_swiglu_grad.tiling(4, 8, 16, soc="ascend910b").values(),
    ]
    assert [(t["key"], t["tiling_key"]) for t in rows] == [
        ("DIRECT", 0),
        ("PAD", 1),
        ("DEFAULT", 0),
        ("BF16_FP32_STATE", 1),
        ("B", 1),
        ("W", 2),
        ("X", 3),
    ]
