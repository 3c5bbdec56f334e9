// aclnnAscendopsEmbeddingDenseGrad (kernel-level: sorted indices + pos_idx) and aclnnAscendopsEmbeddingDenseBackward
// (user-level: raw indices, sorted stably on the device, then the kernel-level pair: docs/host_path.md; on the NPU in
// the package's libascendops_opapi.so). Both write out = scatter-add of grad rows into [numWeights, D],
// starting from zero; rows whose index is paddingIdx (>= 0) or outside [0, numWeights) are skipped. Two-stage aclnn
// API.
#pragma once
#include <cstdint>

#include "acl/acl.h"
#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

// grad: FLOAT, rank 1..8, merged to [N, D] (D = last dim >= 1), may be non-contiguous. sortIndices, posIdx: INT32,
// N elements each; sortIndices ascending (stable), posIdx[i] = the grad row of sorted position i. out: FLOAT,
// contiguous, [numWeights, D]. Errors: 161001 null argument; 161002 dtype, rank > 8, numel or shape mismatch,
// numWeights < 1, paddingIdx >= numWeights. N = 0: out is zeroed, nothing launched.
aclnnStatus aclnnAscendopsEmbeddingDenseGradGetWorkspaceSize(const aclTensor* grad, const aclTensor* sortIndices,
                                                             const aclTensor* posIdx, int64_t numWeights,
                                                             int64_t paddingIdx, bool scaleGradByFreq, aclTensor* out,
                                                             uint64_t* workspaceSize, aclOpExecutor** executor);
aclnnStatus aclnnAscendopsEmbeddingDenseGrad(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                                             aclrtStream stream);

// indices: INT32 or INT64, any rank <= 8, numel == grad rows (INT64 values outside INT32 are skipped like any
// index outside [0, numWeights)). Other arguments and errors as above.
aclnnStatus aclnnAscendopsEmbeddingDenseBackwardGetWorkspaceSize(const aclTensor* grad, const aclTensor* indices,
                                                                 int64_t numWeights, int64_t paddingIdx,
                                                                 bool scaleGradByFreq, aclTensor* out,
                                                                 uint64_t* workspaceSize, aclOpExecutor** executor);
aclnnStatus aclnnAscendopsEmbeddingDenseBackward(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
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
