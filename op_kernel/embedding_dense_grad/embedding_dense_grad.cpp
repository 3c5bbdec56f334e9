// EmbeddingDenseGrad kernel entry: key 0 = scatter-add of sorted runs, key 1 = scale_grad_by_freq. Keys are
// numeric literals, one branch per key (CANN's key precompiler); the static_asserts tie them to the host's enum.
#include "kernel_operator.h"
// After kernel_operator.h (__aicore__).
#include "embedding_dense_grad.h"

using ascendops::embedding_dense_grad::EmbeddingDenseGradKernel;
using ascendops::embedding_dense_grad::EmbeddingDenseGradKey;
using ascendops::embedding_dense_grad::EmbeddingDenseGradTilingData;

static_assert(static_cast<uint64_t>(EmbeddingDenseGradKey::kDefault) == 0 &&
                  static_cast<uint64_t>(EmbeddingDenseGradKey::kScaleGradByFreq) == 1,
              "embedding_dense_grad.cpp's literal tiling keys must equal EmbeddingDenseGradKey");

extern "C" __global__ __aicore__ void embedding_dense_grad(GM_ADDR grad, GM_ADDR sortIndices, GM_ADDR posIdx,
                                                           GM_ADDR out, GM_ADDR workspace, GM_ADDR tiling) {
#if defined(__CCE_AICORE__) && __CCE_AICORE__ == 200
    KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_AICORE);  // ascend310p: AICORE / MIX_VECTOR_CORE only
#else
    KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_AIV_ONLY);
#endif
    REGISTER_TILING_DEFAULT(EmbeddingDenseGradTilingData);
    GET_TILING_DATA(td, tiling);
    AscendC::TPipe pipe;
    EmbeddingDenseGradKernel op;
    op.Init(grad, sortIndices, posIdx, out, td, &pipe);  // no workspace: no counts array, no barrier
    if (TILING_KEY_IS(0)) {
        op.Process<false>();
    } else if (TILING_KEY_IS(1)) {
        op.Process<true>();
    }
}
