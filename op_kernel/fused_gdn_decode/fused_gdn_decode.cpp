// Kernel entry of FusedGdnDecode: one template instance per (input, state, dtBias, index dtype) tiling key. Keys are
// numeric literals, one branch per key (CANN's key precompiler); the static_asserts tie them to FusedGdnDecodeKey.
#include "fused_gdn_decode.h"

#include "kernel_operator.h"

namespace ascendops::fused_gdn_decode {
namespace ASCENDOPS_KERNEL_FAMILY {

template <typename InT, typename StateT, typename BiasT, typename IndexT>
__aicore__ inline void Run(GM_ADDR mixedQkv, GM_ADDR a, GM_ADDR b, GM_ADDR aLog, GM_ADDR dtBias, GM_ADDR stateRef,
                           GM_ADDR indices, GM_ADDR out, const FusedGdnDecodeTilingData& td) {
    KernelFusedGdnDecode<InT, StateT, BiasT, IndexT> op;
    op.Init(mixedQkv, a, b, aLog, dtBias, stateRef, indices, out, td);
    op.Process();
}

static_assert(static_cast<uint64_t>(FusedGdnDecodeKey::kBf16Fp32State) == 1 &&
                  static_cast<uint64_t>(FusedGdnDecodeKey::kFp16Fp32State) == 2 &&
                  static_cast<uint64_t>(FusedGdnDecodeKey::kBf16Bf16State) == 3 &&
                  static_cast<uint64_t>(FusedGdnDecodeKey::kFp16Fp16State) == 4,
              "fused_gdn_decode.cpp's literal tiling keys must equal FusedGdnDecodeKey");
static_assert(kFp32BiasKeyStep == 4 && kInt64IndexKeyStep == 8 &&
                  static_cast<uint64_t>(FusedGdnDecodeKey::kFp16Fp16StateFp32BiasInt64Index) == 16,
              "fused_gdn_decode.cpp's literal tiling keys 5..16 add 4 for a float32 dtBias, 8 for int64 indices");

}  // namespace ASCENDOPS_KERNEL_FAMILY
}  // namespace ascendops::fused_gdn_decode

extern "C" __global__ __aicore__ void fused_gdn_decode(GM_ADDR mixedQkv, GM_ADDR a, GM_ADDR b, GM_ADDR aLog,
                                                       GM_ADDR dtBias, GM_ADDR stateRef, GM_ADDR ssmStateIndices,
                                                       GM_ADDR out, GM_ADDR stateOut, GM_ADDR workspace,
                                                       GM_ADDR tiling) {
    // stateOut: the ref output "state" the op package passes after `out` (OpDef Input + Output "state"); it is the
    // same memory as stateRef, which the kernel updates in place.
    static_cast<void>(stateOut);
    using namespace ascendops::fused_gdn_decode;
    // Qualified: the op compiler's generated wrapper names this struct as written, outside this function.
    REGISTER_TILING_DEFAULT(ascendops::fused_gdn_decode::FusedGdnDecodeTilingData);
    KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_AIV_ONLY);
    GET_TILING_DATA(td, tiling);
    if (TILING_KEY_IS(1)) {
        Run<bfloat16_t, float, bfloat16_t, int32_t>(mixedQkv, a, b, aLog, dtBias, stateRef, ssmStateIndices, out, td);
    } else if (TILING_KEY_IS(2)) {
        Run<half, float, half, int32_t>(mixedQkv, a, b, aLog, dtBias, stateRef, ssmStateIndices, out, td);
    } else if (TILING_KEY_IS(3)) {
        Run<bfloat16_t, bfloat16_t, bfloat16_t, int32_t>(mixedQkv, a, b, aLog, dtBias, stateRef, ssmStateIndices, out,
                                                         td);
    } else if (TILING_KEY_IS(4)) {
        Run<half, half, half, int32_t>(mixedQkv, a, b, aLog, dtBias, stateRef, ssmStateIndices, out, td);
    } else if (TILING_KEY_IS(5)) {
        Run<bfloat16_t, float, float, int32_t>(mixedQkv, a, b, aLog, dtBias, stateRef, ssmStateIndices, out, td);
    } else if (TILING_KEY_IS(6)) {
        Run<half, float, float, int32_t>(mixedQkv, a, b, aLog, dtBias, stateRef, ssmStateIndices, out, td);
    } else if (TILING_KEY_IS(7)) {
        Run<bfloat16_t, bfloat16_t, float, int32_t>(mixedQkv, a, b, aLog, dtBias, stateRef, ssmStateIndices, out, td);
    } else if (TILING_KEY_IS(8)) {
        Run<half, half, float, int32_t>(mixedQkv, a, b, aLog, dtBias, stateRef, ssmStateIndices, out, td);
    } else if (TILING_KEY_IS(9)) {
        Run<bfloat16_t, float, bfloat16_t, int64_t>(mixedQkv, a, b, aLog, dtBias, stateRef, ssmStateIndices, out, td);
    } else if (TILING_KEY_IS(10)) {
        Run<half, float, half, int64_t>(mixedQkv, a, b, aLog, dtBias, stateRef, ssmStateIndices, out, td);
    } else if (TILING_KEY_IS(11)) {
        Run<bfloat16_t, bfloat16_t, bfloat16_t, int64_t>(mixedQkv, a, b, aLog, dtBias, stateRef, ssmStateIndices, out,
                                                         td);
    } else if (TILING_KEY_IS(12)) {
        Run<half, half, half, int64_t>(mixedQkv, a, b, aLog, dtBias, stateRef, ssmStateIndices, out, td);
    } else if (TILING_KEY_IS(13)) {
        Run<bfloat16_t, float, float, int64_t>(mixedQkv, a, b, aLog, dtBias, stateRef, ssmStateIndices, out, td);
    } else if (TILING_KEY_IS(14)) {
        Run<half, float, float, int64_t>(mixedQkv, a, b, aLog, dtBias, stateRef, ssmStateIndices, out, td);
    } else if (TILING_KEY_IS(15)) {
        Run<bfloat16_t, bfloat16_t, float, int64_t>(mixedQkv, a, b, aLog, dtBias, stateRef, ssmStateIndices, out, td);
    } else if (TILING_KEY_IS(16)) {
        Run<half, half, float, int64_t>(mixedQkv, a, b, aLog, dtBias, stateRef, ssmStateIndices, out, td);
    }
}
