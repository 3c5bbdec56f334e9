"""FusedGdnDecode's seed contract (docs/ops/fused_gdn_decode.md): positive ssm_state_indices are distinct, and results are deterministic by
default - bit-identical out and state for every core count and every repeated run, on A2 and A3, and
within the spec's tolerance (rtol 1e-2, atol 5e-2) of the golden. Duplicates: test_fused_gdn_decode_duplicates.py."""

import ml_dtypes
import numpy as np
import pytest

from ascendops.golden.fused_gdn_decode import fused_gdn_decode as golden
from ascendops.ops.fused_gdn_decode import fused_gdn_decode, make_inputs

RTOL, ATOL = 1e-2, 5e-2
SHAPE = (5, 2, 4, 64, 48)  # B, H, Hv, K, V: 3 tasks of 16 value rows per head
INDICES = [4, 1, 7, 2, 5]  # distinct positive slots, BlockNum 8
CORE_NUMS = [1, 2, 5, 0]  # 0: every core of the SoC


def run(args, soc, core_num):
    state = args[5].copy()
    out = fused_gdn_decode(*args[:5], state, args[6], scale=0.5, soc=soc, core_num=core_num)
    return out.tobytes(), state.tobytes(), out, state


@pytest.mark.parametrize("soc", ["ascend910b", "ascend910_93"])
@pytest.mark.parametrize(
    "dtype,state_dtype",
    [(ml_dtypes.bfloat16, np.float32), (np.float16, np.float16)],
    ids=["bf16-fp32state", "fp16-fp16state"],
)
def test_distinct_indices_bit_identical_on_any_core_count_and_run(soc, dtype, state_dtype):
    args = make_inputs(*SHAPE, dtype=dtype, state_dtype=state_dtype, block_num=8, indices=INDICES, seed=9)
    runs = [run(args, soc, n) for n in CORE_NUMS + [0, 0]]  # two repeats on all cores
    for n, (out_bytes, state_bytes, _, _) in zip(CORE_NUMS[1:] + ["repeat", "repeat"], runs[1:]):
        assert out_bytes == runs[0][0], f"out differs with core_num {n}"
        assert state_bytes == runs[0][1], f"state differs with core_num {n}"
    out, state = runs[0][2], runs[0][3]
    want_out, want_state = golden(*args[:6], args[6], scale=0.5)
    np.testing.assert_allclose(np.asarray(out, np.float32), want_out, rtol=RTOL, atol=ATOL)
    np.testing.assert_allclose(np.asarray(state, np.float32), np.asarray(want_state, np.float32), rtol=RTOL, atol=ATOL)
