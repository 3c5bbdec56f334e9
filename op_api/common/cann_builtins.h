// The CANN built-in aclnn operators the NPU build's compositions call (device_steps_npu.cpp), declared with their
// documented prototypes (hicann/ops-math docs: math/sort/docs/aclnnSort.md, conversion/view_copy/docs/
// aclnnInplaceCopy.md, math/clamp/docs/aclnnClamp.md, math/cast/docs/aclnnCast.md); they live in CANN's
// libopapi.so. Where the toolkit's own headers are on the include path they are included too, so a prototype that
// drifts from CANN's is a compile error. NPU build only.
#pragma once
#include <cstdint>

#include "aclnn/aclnn_base.h"

#if __has_include("aclnnop/aclnn_copy.h")
#include "aclnnop/aclnn_copy.h"
#endif
#if __has_include("aclnnop/aclnn_sort.h")
#include "aclnnop/aclnn_sort.h"
#endif
#if __has_include("aclnnop/aclnn_clamp.h")
#include "aclnnop/aclnn_clamp.h"
#endif
#if __has_include("aclnnop/aclnn_cast.h")
#include "aclnnop/aclnn_cast.h"
#endif

extern "C" {

aclnnStatus aclnnInplaceCopyGetWorkspaceSize(aclTensor* selfRef, const aclTensor* src, uint64_t* workspaceSize,
                                             aclOpExecutor** executor);
aclnnStatus aclnnInplaceCopy(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor, aclrtStream stream);

aclnnStatus aclnnSortGetWorkspaceSize(const aclTensor* self, bool stable, int64_t dim, bool descending,
                                      aclTensor* valuesOut, aclTensor* indicesOut, uint64_t* workspaceSize,
                                      aclOpExecutor** executor);
aclnnStatus aclnnSort(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor, aclrtStream stream);

aclnnStatus aclnnClampGetWorkspaceSize(const aclTensor* self, const aclScalar* clipValueMin,
                                       const aclScalar* clipValueMax, aclTensor* out, uint64_t* workspaceSize,
                                       aclOpExecutor** executor);
aclnnStatus aclnnClamp(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor, aclrtStream stream);

aclnnStatus aclnnCastGetWorkspaceSize(const aclTensor* self, const aclDataType dtype, aclTensor* out,
                                      uint64_t* workspaceSize, aclOpExecutor** executor);
aclnnStatus aclnnCast(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor, aclrtStream stream);

}  // extern "C"
