// aclnnAscendopsEmbeddingDenseBackward, the package's C API for EmbeddingDenseGrad (raw indices, sorted stably on the
// device, then the kernel-level pair: docs/host_path.md; on the NPU in the package's libascendops_opapi.so), and,
// internal, the kernel-level pair aclnnAscendopsEmbeddingDenseGrad (sorted indices + pos_idx). Both write out =
// scatter-add of grad rows into [numWeights, D], starting from zero; rows whose index is paddingIdx (>= 0) or outside
// [0, numWeights) are skipped. Two-stage aclnn API.
#pragma once
#include <cstdint>

#include "acl/acl.h"
#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

// grad: FLOAT, rank 1..8, merged to [N, D] (D = last dim >= 1), may be non-contiguous. indices: INT32 or INT64, any
// rank <= 8, numel == N (INT64 values outside INT32 are skipped like any index outside [0, numWeights)). out: FLOAT,
// contiguous, [numWeights, D]. Errors: 161001 null argument; 161002 dtype, rank > 8, numel or shape mismatch,
// numWeights < 1, paddingIdx >= numWeights. N = 0: out is zeroed, nothing launched.
aclnnStatus aclnnAscendopsEmbeddingDenseBackwardGetWorkspaceSize(const aclTensor* grad, const aclTensor* indices,
                                                                 int64_t numWeights, int64_t paddingIdx,
                                                                 bool scaleGradByFreq, aclTensor* out,
                                                                 uint64_t* workspaceSize, aclOpExecutor** executor);
aclnnStatus aclnnAscendopsEmbeddingDenseBackward(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                                                 aclrtStream stream);

// Internal, not part of the package's API (docs/ops/embedding_dense_grad.md): the kernel's own pair, the seam the
// composition above launches the kernel through (on the NPU, the pair CANN generates for the OpType). sortIndices,
// posIdx: INT32, N elements each; posIdx[i] = the grad row of sorted position i. Precondition, not checked:
// sortIndices ascending (stable); otherwise the result is undefined (the twin reports the conflicting writes). Other
// arguments and errors as above.
aclnnStatus aclnnAscendopsEmbeddingDenseGradGetWorkspaceSize(const aclTensor* grad, const aclTensor* sortIndices,
                                                             const aclTensor* posIdx, int64_t numWeights,
                                                             int64_t paddingIdx, bool scaleGradByFreq, aclTensor* out,
                                                             uint64_t* workspaceSize, aclOpExecutor** executor);
aclnnStatus aclnnAscendopsEmbeddingDenseGrad(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                                             aclrtStream stream);

#ifdef __cplusplus
}

#include <optional>

#include "op_host/common/platform.h"

namespace ascendops::embedding_dense_grad {

// Phase 1's checks that need no out tensor (posIdx null: the user level), so a caller validates before it
// allocates the [numWeights, D] output. The error to pass to Fail, or nullopt.
std::optional<Error> CheckBeforeOut(const aclTensor* grad, const aclTensor* indices, const aclTensor* posIdx,
                                    int64_t numWeights, int64_t paddingIdx, bool scaleGradByFreq);

}  // namespace ascendops::embedding_dense_grad
#endif
