// aclnnAscendopsSplit: out[i] = self sliced along dim, piece i of splitSections. Two-stage aclnn API as in CANN.
#pragma once
#include <cstdint>

#include "acl/acl.h"
#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

// The signature CANN's aclnn generator derives from the OpDef AscendopsSplit (split_def.cpp): the input x (self),
// then the attributes in declaration order (split_sections as aclIntArray, dim as int64_t), then the dynamic
// output y as an aclTensorList, then the workspace size and executor. torch.split's int split_size and
// torch.chunk's chunks are resolved into sections by the caller (python/ascendops/ops/split.py), so one kernel
// contract serves all three forms.
// self: BOOL, INT8, UINT8, INT16, FLOAT16, BF16, INT32, FLOAT, INT64; rank 1..8; may be non-contiguous.
// splitSections: piece lengths along dim (each >= 0, summing to self.shape[dim]); at most 128 pieces.
// dim: in [-rank, rank). out: one contiguous tensor per piece, dtype of self, shape of self with
// shape[dim] = splitSections[i].
// Errors: 161001 null argument or null tensor in out; 161002 a rule above broken (the message names it).
aclnnStatus aclnnAscendopsSplitGetWorkspaceSize(const aclTensor* self, const aclIntArray* splitSections, int64_t dim,
                                                aclTensorList* out, uint64_t* workspaceSize, aclOpExecutor** executor);
aclnnStatus aclnnAscendopsSplit(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor, aclrtStream stream);

#ifdef __cplusplus
}
#endif
