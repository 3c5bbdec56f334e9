// Reading aclTensor arguments into plain views, the checks every operator shares, and contiguous copies.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "aclnn/acl_meta.h"
#include "op_host/common/platform.h"

namespace ascendops {

inline constexpr size_t kMaxRank = 8;

struct TensorView {
    std::string name;  // the parameter name, for messages
    DataType dtype;
    std::vector<int64_t> shape;
    std::vector<int64_t> strides;  // in elements
    int64_t offset = 0;            // in elements
    uint8_t* data = nullptr;       // device address of element 0 of the storage

    uint64_t Numel() const;
    bool IsContiguous() const;
    uint8_t* ElementAddress() const { return data + offset * static_cast<int64_t>(DataTypeSize(dtype)); }
};

// 161001 when the tensor is null; 161002 when its rank exceeds kMaxRank, its dtype is unknown or its view reaches
// outside its storage (negative or too large element offsets).
Result<TensorView> ReadTensor(const aclTensor* tensor, const char* name);

// ReadTensor of each of `count` tensors, in order; the first error.
Result<std::vector<TensorView>> ReadTensors(const aclTensor* const* tensors, const char* const* names, size_t count);

std::string ShapeString(const std::vector<int64_t>& shape);

// Each returns the error naming the parameter and the rule, or nullopt when the check passes.
std::optional<Error> CheckSameShape(const TensorView& a, const TensorView& b);
std::optional<Error> CheckDtype(const TensorView& t, DataType expected);
std::optional<Error> CheckContiguous(const TensorView& t);

// An aclTensor this code creates (aclCreateTensor) and destroys: how a composition hands device buffers to the
// aclnn pairs it calls. Move-only; Get() is null when aclCreateTensor failed.
class OwnedTensor {
public:
    // A contiguous ND tensor of `shape` at `addr`.
    static OwnedTensor Dense(const std::vector<int64_t>& shape, DataType dtype, void* addr);
    // The view as it is (shape, strides, offset over its storage).
    static OwnedTensor Of(const TensorView& view);
    OwnedTensor(OwnedTensor&& other) noexcept;
    OwnedTensor(const OwnedTensor&) = delete;
    OwnedTensor& operator=(const OwnedTensor&) = delete;
    OwnedTensor& operator=(OwnedTensor&&) = delete;
    ~OwnedTensor();
    aclTensor* Get() const { return tensor_; }

private:
    explicit OwnedTensor(aclTensor* tensor) : tensor_(tensor) {}
    aclTensor* tensor_ = nullptr;
};

// Copies a strided view into a dense buffer of Numel() elements (l0op Contiguous's role; on the twin the device
// memory is host memory, so this is a host-side gather).
void CopyToContiguous(const TensorView& view, uint8_t* dense);

}  // namespace ascendops
