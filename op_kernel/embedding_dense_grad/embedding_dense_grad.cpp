// EmbeddingDenseGrad kernel entry: key 0 = scatter-add of sorted runs, key 1 = scale_grad_by_freq. Keys are
// numeric literals, one branch per key (CANN's key precompiler); the static_asserts tie them to the host's enum.
#include "kernel_operator.h"
// After kernel_operator.h (__aicore__).
#include "embedding_dense_grad.h"
#include "op_kernel/common/kernel_type.h"

using ascendops::embedding_dense_grad::EmbeddingDenseGradKernel;
using ascendops::embedding_dense_grad::EmbeddingDenseGradKey;
using ascendops::embedding_dense_grad::EmbeddingDenseGradTilingData;

static_assert(static_cast<uint64_t>(EmbeddingDenseGradKey::kDefault) == 0 &&
                  static_cast<uint64_t>(EmbeddingDenseGradKey::kScaleGradByFreq) == 1,
              "embedding_dense_grad.cpp's literal tiling keys must equal EmbeddingDenseGradKey");

extern "C" __global__ __aicore__ void embedding_dense_grad(GM_ADDR grad, GM_ADDR sortIndices, GM_ADDR posIdx,
                                                           GM_ADDR out, GM_ADDR workspace, GM_ADDR tiling) {
    ASCENDOPS_VECTOR_KERNEL_TYPE();  // AICORE on ascend310p, AIV_ONLY on A2/A3
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
