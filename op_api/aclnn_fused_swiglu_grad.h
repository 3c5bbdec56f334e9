// aclnnAscendopsFusedSwigluGradB: the b kernel of FusedSwigluGrad (spec: shared/spec/fused_swiglu_grad.md).
// s = sigmoid(g); dg = dy * fc * s * (1 + g * (1 - s)); dfc = dy * g * s; db_g / db_fc = column sums of dg / dfc
// (FP32, deterministic for any core count, one cast to BF16). Two-stage aclnn API.
#pragma once
#include <cstdint>

#include "acl/acl.h"
#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

// dy, g, fc: BFLOAT16 [M, N] (M >= 0, N >= 1), may be non-contiguous. dg, dfc: BFLOAT16 [M, N], dbG, dbFc:
// BFLOAT16 [1, N], all contiguous. Errors: 161001 null argument; 161002 dtype, rank != 2, N = 0, shape mismatch,
// non-contiguous output, SoC ascend310p. M = 0: dbG and dbFc are zeroed, nothing launched.
aclnnStatus aclnnAscendopsFusedSwigluGradBGetWorkspaceSize(const aclTensor* dy, const aclTensor* g, const aclTensor* fc,
                                                           aclTensor* dg, aclTensor* dfc, aclTensor* dbG,
                                                           aclTensor* dbFc, uint64_t* workspaceSize,
                                                           aclOpExecutor** executor);
aclnnStatus aclnnAscendopsFusedSwigluGradB(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                                           aclrtStream stream);

#ifdef __cplusplus
}
#endif
