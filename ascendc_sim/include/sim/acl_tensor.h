// Definitions behind the aclnn handles, with accessors op_api code may use directly.
#pragma once
#include <cstdint>
#include <vector>

#include "aclnn/acl_meta.h"
#include "ascendc_sim/platform/dtype.h"

struct aclTensor {
    std::vector<int64_t> viewShape;
    std::vector<int64_t> strides;  // in elements
    int64_t offset = 0;            // in elements, from data
    aclDataType dataType = ACL_DT_UNDEFINED;
    aclFormat format = ACL_FORMAT_ND;
    std::vector<int64_t> storageShape;
    void* data = nullptr;  // device memory (storage base)

    ascendc_sim::DataType DType() const { return static_cast<ascendc_sim::DataType>(dataType); }
    int64_t Numel() const {
        int64_t n = 1;
        for (int64_t d : viewShape) n *= d;
        return n;
    }
    bool IsContiguous() const {
        int64_t expected = 1;
        for (std::size_t i = viewShape.size(); i-- > 0;) {
            if (viewShape[i] != 1 && strides[i] != expected) return false;
            expected *= viewShape[i];
        }
        return true;
    }
    // First element of the view.
    uint8_t* ViewData() const {
        return static_cast<uint8_t*>(data) + offset * static_cast<int64_t>(ascendc_sim::DataTypeSize(DType()));
    }
};

struct aclIntArray {
    std::vector<int64_t> values;
    uint64_t Size() const { return values.size(); }  // Size() and operator[] as CANN's op_api code reads it
    int64_t operator[](uint64_t i) const { return values[i]; }
};
struct aclBoolArray {
    std::vector<bool> values;
};
struct aclFloatArray {
    std::vector<float> values;
};
// Size() and operator[] as CANN's op_api code reads a list.
struct aclTensorList {
    std::vector<const aclTensor*> tensors;
    uint64_t Size() const { return tensors.size(); }
    const aclTensor* operator[](uint64_t i) const { return tensors[i]; }
};
