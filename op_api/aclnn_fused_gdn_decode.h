// aclnnAscendopsFusedGdnDecode: one gated-delta-net decode step; stateRef is updated in place. Two-stage aclnn API.
#pragma once
#include <cstdint>

#include "acl/acl.h"
#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

// mixedQkv (B, 2*H*K + Hv*V) BF16/FP16; a, b (B, Hv) same dtype; dtBias (Hv,) FP32 or mixedQkv's dtype; aLog (Hv,)
// FP32; stateRef (BlockNum, Hv, V, K) FP32 or mixedQkv's dtype, contiguous, updated in place; ssmStateIndices (B,)
// INT32 or INT64 (read as they are; BlockNum <= 2^31 with INT64); out (B, 1, Hv, V) mixedQkv's dtype. Inputs other
// than stateRef may be non-contiguous.
// scale, softplusThreshold: double, the type CANN's aclnn generator gives an OpDef Float attr (asc-devkit
// tools/build/opbuild/op_aclnn_generator.cpp), so this declaration also matches the opp package's generated function;
// the kernel computes in float, so a finite value outside float's range is rejected.
// Errors: 161001 null argument; 161002 any rule of the spec, any other dtype combination (message names parameter,
// value and rule).
aclnnStatus aclnnAscendopsFusedGdnDecodeGetWorkspaceSize(const aclTensor* mixedQkv, const aclTensor* a,
                                                         const aclTensor* b, const aclTensor* aLog,
                                                         const aclTensor* dtBias, aclTensor* stateRef,
                                                         const aclTensor* ssmStateIndices, double scale,
                                                         double softplusThreshold, aclTensor* out,
                                                         uint64_t* workspaceSize, aclOpExecutor** executor);
aclnnStatus aclnnAscendopsFusedGdnDecode(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                                         aclrtStream stream);

#ifdef __cplusplus
}
#endif
