// aclnnAscendopsCast: out = (dstType) self, element-wise, same shape. Two-stage aclnn API as in CANN.
#pragma once
#include <cstdint>

#include "acl/acl.h"
#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

// self: any delivered source dtype (FLOAT16, FLOAT, INT32, INT8, UINT8, INT16, BOOL, INT64, BF16), rank <= 8,
// may be non-contiguous. out: contiguous, dtype == dstType, same shape as self.
// dstType: the aclDataType number of out's dtype, as int64_t: the type CANN's aclnn generator gives the OpDef's Int
// attr dst_type (asc-devkit tools/build/opbuild/op_aclnn_generator.cpp), so this declaration also matches the opp
// package's generated aclnnAscendopsCastGetWorkspaceSize.
// Errors: 161001 null argument; 161002 unsupported pair, dstType != out dtype, shape mismatch, rank > 8.
aclnnStatus aclnnAscendopsCastGetWorkspaceSize(const aclTensor* self, int64_t dstType, aclTensor* out,
                                               uint64_t* workspaceSize, aclOpExecutor** executor);
aclnnStatus aclnnAscendopsCast(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor, aclrtStream stream);

#ifdef __cplusplus
}
#endif
