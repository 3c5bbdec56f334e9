// EmbeddingDenseGrad kernel entry: key 0 = scatter-add of sorted runs, key 1 = scale_grad_by_freq.
#include "kernel_operator.h"
#include "embedding_dense_grad.h"

using ascendops::embedding_dense_grad::EmbeddingDenseGradKernel;
using ascendops::embedding_dense_grad::EmbeddingDenseGradKey;
using ascendops::embedding_dense_grad::EmbeddingDenseGradTilingData;

extern "C" __global__ __aicore__ void embedding_dense_grad(GM_ADDR grad, GM_ADDR sortIndices, GM_ADDR posIdx,
                                                           GM_ADDR out, GM_ADDR workspace, GM_ADDR tiling) {
#if defined(__CCE_AICORE__) && __CCE_AICORE__ == 200
    KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_MIX_AIC_1_0);  // ascend310p: the soft barrier needs a MIX launch
#else
    KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_AIV_ONLY);
#endif
    REGISTER_TILING_DEFAULT(EmbeddingDenseGradTilingData);
    GET_TILING_DATA(td, tiling);
    AscendC::TPipe pipe;
    EmbeddingDenseGradKernel op;
    op.Init(grad, sortIndices, posIdx, out, workspace, td, &pipe);
    if (TILING_KEY_IS(EmbeddingDenseGradKey::kDefault)) {
        op.Process<false>();
    } else if (TILING_KEY_IS(EmbeddingDenseGradKey::kScaleGradByFreq)) {
        op.Process<true>();
    }
}
