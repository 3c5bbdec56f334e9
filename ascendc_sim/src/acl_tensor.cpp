#include "sim/acl_tensor.h"

namespace {

constexpr aclnnStatus kOk = 0;
constexpr aclnnStatus kNullPtr = 161001;

aclnnStatus CopyOut(const std::vector<int64_t>& v, int64_t** out, uint64_t* num) {
    if (out == nullptr || num == nullptr) return kNullPtr;
    *out = new int64_t[v.size() > 0 ? v.size() : 1];
    for (std::size_t i = 0; i < v.size(); ++i) (*out)[i] = v[i];
    *num = v.size();
    return kOk;
}

}  // namespace

extern "C" {

aclTensor* aclCreateTensor(const int64_t* viewDims, uint64_t viewDimsNum, aclDataType dataType, const int64_t* stride,
                           int64_t offset, aclFormat format, const int64_t* storageDims, uint64_t storageDimsNum,
                           void* tensorData) {
    if ((viewDimsNum > 0 && viewDims == nullptr) || (storageDimsNum > 0 && storageDims == nullptr)) return nullptr;
    auto* t = new aclTensor;
    t->viewShape.assign(viewDims, viewDims + viewDimsNum);
    if (stride != nullptr) {
        t->strides.assign(stride, stride + viewDimsNum);
    } else {  // contiguous when no strides are given
        t->strides.assign(viewDimsNum, 1);
        for (uint64_t i = viewDimsNum; i-- > 1;) t->strides[i - 1] = t->strides[i] * viewDims[i];
    }
    t->offset = offset;
    t->dataType = dataType;
    t->format = format;
    t->storageShape.assign(storageDims, storageDims + storageDimsNum);
    t->data = tensorData;
    return t;
}

aclnnStatus aclDestroyTensor(const aclTensor* tensor) {
    delete tensor;
    return kOk;
}

aclnnStatus aclGetViewShape(const aclTensor* t, int64_t** viewDims, uint64_t* n) {
    return t == nullptr ? kNullPtr : CopyOut(t->viewShape, viewDims, n);
}
aclnnStatus aclGetViewStrides(const aclTensor* t, int64_t** strides, uint64_t* n) {
    return t == nullptr ? kNullPtr : CopyOut(t->strides, strides, n);
}
aclnnStatus aclGetStorageShape(const aclTensor* t, int64_t** dims, uint64_t* n) {
    return t == nullptr ? kNullPtr : CopyOut(t->storageShape, dims, n);
}
aclnnStatus aclGetViewOffset(const aclTensor* t, int64_t* offset) {
    if (t == nullptr || offset == nullptr) return kNullPtr;
    *offset = t->offset;
    return kOk;
}
aclnnStatus aclGetDataType(const aclTensor* t, aclDataType* dataType) {
    if (t == nullptr || dataType == nullptr) return kNullPtr;
    *dataType = t->dataType;
    return kOk;
}
aclnnStatus aclGetFormat(const aclTensor* t, aclFormat* format) {
    if (t == nullptr || format == nullptr) return kNullPtr;
    *format = t->format;
    return kOk;
}

aclnnStatus aclGetRawTensorAddr(const aclTensor* t, void** addr) {
    if (t == nullptr || addr == nullptr) return kNullPtr;
    *addr = t->data;
    return kOk;
}
aclnnStatus aclSetRawTensorAddr(aclTensor* t, void* addr) {
    if (t == nullptr) return kNullPtr;
    t->data = addr;
    return kOk;
}

aclIntArray* aclCreateIntArray(const int64_t* value, uint64_t size) {
    if (size > 0 && value == nullptr) return nullptr;
    return new aclIntArray{std::vector<int64_t>(value, value + size)};
}
aclnnStatus aclDestroyIntArray(const aclIntArray* array) {
    delete array;
    return kOk;
}
aclnnStatus aclGetIntArraySize(const aclIntArray* array, uint64_t* size) {
    if (array == nullptr || size == nullptr) return kNullPtr;
    *size = array->values.size();
    return kOk;
}
aclBoolArray* aclCreateBoolArray(const bool* value, uint64_t size) {
    if (size > 0 && value == nullptr) return nullptr;
    return new aclBoolArray{std::vector<bool>(value, value + size)};
}
aclnnStatus aclDestroyBoolArray(const aclBoolArray* array) {
    delete array;
    return kOk;
}
aclFloatArray* aclCreateFloatArray(const float* value, uint64_t size) {
    if (size > 0 && value == nullptr) return nullptr;
    return new aclFloatArray{std::vector<float>(value, value + size)};
}
aclnnStatus aclDestroyFloatArray(const aclFloatArray* array) {
    delete array;
    return kOk;
}

aclTensorList* aclCreateTensorList(const aclTensor* const* value, uint64_t size) {
    if (size > 0 && value == nullptr) return nullptr;
    for (uint64_t i = 0; i < size; ++i) {
        if (value[i] == nullptr) return nullptr;
    }
    return new aclTensorList{std::vector<const aclTensor*>(value, value + size)};
}
aclnnStatus aclDestroyTensorList(const aclTensorList* array) {
    if (array == nullptr) return kOk;
    for (const aclTensor* t : array->tensors) delete t;
    delete array;
    return kOk;
}
aclnnStatus aclGetTensorListSize(const aclTensorList* tensorList, uint64_t* size) {
    if (tensorList == nullptr || size == nullptr) return kNullPtr;
    *size = tensorList->Size();
    return kOk;
}

}  // extern "C"
