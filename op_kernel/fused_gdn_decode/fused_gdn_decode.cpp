// Kernel entry of FusedGdnDecode: one template instance per (input dtype, state dtype) tiling key.
#include "kernel_operator.h"
#include "fused_gdn_decode.h"

template <typename InT, typename StateT>
__aicore__ inline void RunFusedGdnDecode(GM_ADDR mixedQkv, GM_ADDR a, GM_ADDR b, GM_ADDR aLog, GM_ADDR dtBias,
                                         GM_ADDR stateRef, GM_ADDR indices, GM_ADDR out,
                                         const FusedGdnDecodeTilingData& td) {
    gdn_kernel::KernelFusedGdnDecode<InT, StateT> op;
    op.Init(mixedQkv, a, b, aLog, dtBias, stateRef, indices, out, td);
    op.Process();
}

extern "C" __global__ __aicore__ void fused_gdn_decode(GM_ADDR mixedQkv, GM_ADDR a, GM_ADDR b, GM_ADDR aLog,
                                                       GM_ADDR dtBias, GM_ADDR stateRef, GM_ADDR ssmStateIndices,
                                                       GM_ADDR out, GM_ADDR workspace, GM_ADDR tiling) {
    REGISTER_TILING_DEFAULT(FusedGdnDecodeTilingData);
    KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_AIV_ONLY);
    GET_TILING_DATA(td, tiling);
    if (TILING_KEY_IS(kFusedGdnDecodeBf16Fp32State)) {
        RunFusedGdnDecode<bfloat16_t, float>(mixedQkv, a, b, aLog, dtBias, stateRef, ssmStateIndices, out, td);
    } else if (TILING_KEY_IS(kFusedGdnDecodeFp16Fp32State)) {
        RunFusedGdnDecode<half, float>(mixedQkv, a, b, aLog, dtBias, stateRef, ssmStateIndices, out, td);
    } else if (TILING_KEY_IS(kFusedGdnDecodeBf16Bf16State)) {
        RunFusedGdnDecode<bfloat16_t, bfloat16_t>(mixedQkv, a, b, aLog, dtBias, stateRef, ssmStateIndices, out, td);
    } else if (TILING_KEY_IS(kFusedGdnDecodeFp16Fp16State)) {
        RunFusedGdnDecode<half, half>(mixedQkv, a, b, aLog, dtBias, stateRef, ssmStateIndices, out, td);
    }
}
