// aclnnAscendopsFusedSwigluGradB: the b kernel of FusedSwigluGrad (spec: docs/ops/fused_swiglu_grad.md).
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

// aclnnAscendopsFusedSwigluGradW: dw_g = x^T dg, dw_fc = x^T dfc (FP32 accumulation over all M rows, one cast).
// x: BFLOAT16 [M, K]; dg, dfc: BFLOAT16 [M, N] (as the b kernel writes them), may be non-contiguous (K, N >= 1,
// M >= 0). dwG, dwFc: BFLOAT16 [K, N], contiguous. Errors: 161001 null argument; 161002 dtype, rank != 2, K or
// N = 0, shape mismatch (naming the tensor and the dimension), non-contiguous output, SoC ascend310p, core_num < 2
// (AIC:AIV 1:2 groups). M = 0: dwG and dwFc are zeroed, nothing launched.
aclnnStatus aclnnAscendopsFusedSwigluGradWGetWorkspaceSize(const aclTensor* x, const aclTensor* dg,
                                                           const aclTensor* dfc, aclTensor* dwG, aclTensor* dwFc,
                                                           uint64_t* workspaceSize, aclOpExecutor** executor);
aclnnStatus aclnnAscendopsFusedSwigluGradW(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                                           aclrtStream stream);

// aclnnAscendopsFusedSwigluGradX: dx = dg w_g^T + dfc w_fc^T (FP32, one cast). dg, dfc: BFLOAT16 [M, N]; wG, wFc:
// BFLOAT16 [K, N], may be non-contiguous. dx: BFLOAT16 [M, K], contiguous. Errors as the W pair. M = 0: nothing
// launched (dx is empty).
aclnnStatus aclnnAscendopsFusedSwigluGradXGetWorkspaceSize(const aclTensor* dg, const aclTensor* dfc,
                                                           const aclTensor* wG, const aclTensor* wFc, aclTensor* dx,
                                                           uint64_t* workspaceSize, aclOpExecutor** executor);
aclnnStatus aclnnAscendopsFusedSwigluGradX(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                                           aclrtStream stream);

// aclnnAscendopsFusedSwigluGrad: the user-level call, the whole backward (b, then w, then x on the stream; dg and
// dfc live in the workspace). dy, g, fc: BFLOAT16 [M, N]; x: [M, K]; wG, wFc: [K, N] (inputs may be
// non-contiguous). Outputs BFLOAT16, contiguous: dx [M, K], dwG, dwFc [K, N], dbG, dbFc [1, N]. Nothing needs
// zeroing: every output element is written once. Errors: 161001 null argument; 161002 naming the tensor and the
// rule (dtype, rank != 2, K or N = 0, a dimension that differs from the first tensor fixing it, output shape or
// layout, SoC ascend310p, core_num < 2). M = 0: dx empty, dw and db zeroed, nothing launched.
// The same composition on both backends (aclnn_fused_swiglu_grad_user.cpp, docs/host_path.md): strided inputs made
// contiguous on the device, then the B, W and X pairs on the caller's stream, dg and dfc in the workspace. On the NPU
// it is in the package's libascendops_opapi.so, over the three pairs CANN generates from the OpDefs.
aclnnStatus aclnnAscendopsFusedSwigluGradGetWorkspaceSize(const aclTensor* dy, const aclTensor* g, const aclTensor* fc,
                                                          const aclTensor* x, const aclTensor* wG, const aclTensor* wFc,
                                                          aclTensor* dx, aclTensor* dwG, aclTensor* dwFc,
                                                          aclTensor* dbG, aclTensor* dbFc, uint64_t* workspaceSize,
                                                          aclOpExecutor** executor);
aclnnStatus aclnnAscendopsFusedSwigluGrad(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                                          aclrtStream stream);

#ifdef __cplusplus
}
#endif
