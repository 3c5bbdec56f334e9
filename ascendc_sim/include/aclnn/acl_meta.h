// aclnn tensor and array handles (CANN names and signatures) for the CPU twin.
#pragma once
#include <cstdint>

#include "acl/acl.h"

typedef int32_t aclnnStatus;
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

#ifdef __cplusplus
}
#endif
