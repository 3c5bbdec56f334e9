// Kernel entry of FusedGdnDecode: one template instance per (input dtype, state dtype) tiling key. Keys are
// numeric literals, one branch per key (CANN's key precompiler); the static_assert ties them to FusedGdnDecodeKey.
#include "fused_gdn_decode.h"

#include "kernel_operator.h"

namespace ascendops::fused_gdn_decode {

template <typename InT, typename StateT>
__aicore__ inline void Run(GM_ADDR mixedQkv, GM_ADDR a, GM_ADDR b, GM_ADDR aLog, GM_ADDR dtBias, GM_ADDR stateRef,
                           GM_ADDR indices, GM_ADDR out, const FusedGdnDecodeTilingData& td) {
    KernelFusedGdnDecode<InT, StateT> op;
    op.Init(mixedQkv, a, b, aLog, dtBias, stateRef, indices, out, td);
    op.Process();
}

static_assert(static_cast<uint64_t>(FusedGdnDecodeKey::kBf16Fp32State) == 1 &&
                  static_cast<uint64_t>(FusedGdnDecodeKey::kFp16Fp32State) == 2 &&
                  static_cast<uint64_t>(FusedGdnDecodeKey::kBf16Bf16State) == 3 &&
                  static_cast<uint64_t>(FusedGdnDecodeKey::kFp16Fp16State) == 4,
              "fused_gdn_decode.cpp's literal tiling keys must equal FusedGdnDecodeKey");

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
        Run<bfloat16_t, float>(mixedQkv, a, b, aLog, dtBias, stateRef, ssmStateIndices, out, td);
    } else if (TILING_KEY_IS(2)) {
        Run<half, float>(mixedQkv, a, b, aLog, dtBias, stateRef, ssmStateIndices, out, td);
    } else if (TILING_KEY_IS(3)) {
        Run<bfloat16_t, bfloat16_t>(mixedQkv, a, b, aLog, dtBias, stateRef, ssmStateIndices, out, td);
    } else if (TILING_KEY_IS(4)) {
        Run<half, half>(mixedQkv, a, b, aLog, dtBias, stateRef, ssmStateIndices, out, td);
    }
}
