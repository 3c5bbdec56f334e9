// aclnn tensor and array handles (CANN names and signatures) for the CPU twin.
#pragma once
#include <cstdint>

#include "acl/acl.h"

typedef int32_t aclnnStatus;
typedef struct aclOpExecutor aclOpExecutor;
typedef struct aclTensor aclTensor;
typedef struct aclIntArray aclIntArray;
typedef struct aclBoolArray aclBoolArray;
typedef struct aclFloatArray aclFloatArray;
typedef struct aclTensorList aclTensorList;

#ifdef __cplusplus
extern "C" {
#endif

aclTensor* aclCreateTensor(const int64_t* viewDims, uint64_t viewDimsNum, aclDataType dataType, const int64_t* stride,
                           int64_t offset, aclFormat format, const int64_t* storageDims, uint64_t storageDimsNum,
                           void* tensorData);
aclnnStatus aclDestroyTensor(const aclTensor* tensor);
// Arrays returned through int64_t** are allocated with new[]; the caller frees them with delete[].
aclnnStatus aclGetViewShape(const aclTensor* tensor, int64_t** viewDims, uint64_t* viewDimsNum);
aclnnStatus aclGetViewStrides(const aclTensor* tensor, int64_t** stridesValue, uint64_t* stridesNum);
aclnnStatus aclGetViewOffset(const aclTensor* tensor, int64_t* offset);
aclnnStatus aclGetStorageShape(const aclTensor* tensor, int64_t** storageDims, uint64_t* storageDimsNum);
aclnnStatus aclGetDataType(const aclTensor* tensor, aclDataType* dataType);
aclnnStatus aclGetFormat(const aclTensor* tensor, aclFormat* format);
// The storage base address (tensorData of aclCreateTensor).
aclnnStatus aclGetRawTensorAddr(const aclTensor* tensor, void** addr);
aclnnStatus aclSetRawTensorAddr(aclTensor* tensor, void* addr);

aclIntArray* aclCreateIntArray(const int64_t* value, uint64_t size);
aclnnStatus aclDestroyIntArray(const aclIntArray* array);
aclnnStatus aclGetIntArraySize(const aclIntArray* array, uint64_t* size);
aclBoolArray* aclCreateBoolArray(const bool* value, uint64_t size);
aclnnStatus aclDestroyBoolArray(const aclBoolArray* array);
aclFloatArray* aclCreateFloatArray(const float* value, uint64_t size);
aclnnStatus aclDestroyFloatArray(const aclFloatArray* array);
// A list owns its tensors: aclDestroyTensorList destroys them too (opbase docs, aclDestroyTensorList.md).
aclTensorList* aclCreateTensorList(const aclTensor* const* value, uint64_t size);
aclnnStatus aclDestroyTensorList(const aclTensorList* array);
aclnnStatus aclGetTensorListSize(const aclTensorList* tensorList, uint64_t* size);

// The executor lifecycle (CANN 8.1.RC1 aclnn/acl_meta.h): phase 1 (aclnnXxxGetWorkspaceSize) creates an executor and
// phase 2 (aclnnXxx) releases it; aclSetAclOpExecutorRepeatable, right after phase 1, keeps it for more phase-2 calls
// until aclDestroyAclOpExecutor, which also releases an executor that never ran. The executors are the aclnn
// library's (op_api): the twin forwards both calls to the handlers it registered.
aclnnStatus aclSetAclOpExecutorRepeatable(aclOpExecutor* executor);
aclnnStatus aclDestroyAclOpExecutor(aclOpExecutor* executor);
// Twin only, no CANN equivalent: the aclnn library's handlers of the two calls above. Until one is registered, both
// return 161002 (no executor exists).
typedef aclnnStatus (*aclSimExecutorCall)(aclOpExecutor* executor);
void aclSimSetExecutorCalls(aclSimExecutorCall setRepeatable, aclSimExecutorCall destroy);

#ifdef __cplusplus
}
#endif
