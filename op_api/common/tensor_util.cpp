#include "tensor_util.h"

#include <algorithm>
#include <cstring>
#include <memory>
#include <optional>
#include <utility>

#include "aclnn_context.h"
#include "op_host/common/tiling_util.h"

namespace ascendops {

uint64_t TensorView::Numel() const {
    uint64_t n = 1;
    for (int64_t d : shape) n *= static_cast<uint64_t>(d);
    return n;
}

bool TensorView::IsContiguous() const {
    if (Numel() == 0) return true;  // no element to misplace
    int64_t expected = 1;
    for (size_t i = shape.size(); i-- > 0;) {
        if (shape[i] != 1 && strides[i] != expected) return false;
        expected *= shape[i];
    }
    return true;
}

std::string ShapeString(const std::vector<int64_t>& shape) {
    std::string s = "[";
    for (size_t i = 0; i < shape.size(); ++i) s += (i ? ", " : "") + std::to_string(shape[i]);
    return s + "]";
}

namespace {

// The lowest and highest storage element a view reaches; nullopt when one is beyond int64 (outside any storage).
std::optional<std::pair<int64_t, int64_t>> ViewReach(const TensorView& v) {
    int64_t lo = v.offset, hi = v.offset;
    for (size_t i = 0; i < v.shape.size(); ++i) {
        int64_t reach = 0;
        if (__builtin_mul_overflow(v.shape[i] - 1, v.strides[i], &reach)) return std::nullopt;
        int64_t& end = reach < 0 ? lo : hi;
        if (__builtin_add_overflow(end, reach, &end)) return std::nullopt;
    }
    return std::make_pair(lo, hi);
}

// 161002 unless every element of the view lies in the tensor's storage (aclCreateTensor's storage dims, elements
// [0, their product)): what the host gathers and the kernels read is the caller's storage and nothing beyond it.
std::optional<Error> CheckViewInStorage(const aclTensor* tensor, const TensorView& v) {
    if (v.strides.size() != v.shape.size()) {
        return InvalidParam(v.name + " has " + std::to_string(v.strides.size()) + " strides for rank " +
                            std::to_string(v.shape.size()));
    }
    if (v.Numel() == 0) return std::nullopt;  // no element to place
    int64_t* dims = nullptr;
    uint64_t rank = 0;
    aclGetStorageShape(tensor, &dims, &rank);
    std::unique_ptr<int64_t[]> ownDims(dims);
    std::vector<int64_t> storageShape(dims, dims + rank);
    uint64_t storage = 1;  // saturates: a storage beyond 2^64 elements holds every int64 offset
    for (int64_t d : storageShape) {
        if (d < 0) return InvalidParam(v.name + " storage shape " + ShapeString(storageShape) + " has a negative dim");
        if (__builtin_mul_overflow(storage, static_cast<uint64_t>(d), &storage)) storage = UINT64_MAX;
    }
    const auto reach = ViewReach(v);
    if (reach && reach->first >= 0 && static_cast<uint64_t>(reach->second) < storage) return std::nullopt;
    const std::string where =
        reach ? "elements [" + std::to_string(reach->first) + ", " + std::to_string(reach->second) + "]"
              : std::string("elements beyond 2^63");
    return InvalidParam(v.name + " view (shape " + ShapeString(v.shape) + ", strides " + ShapeString(v.strides) +
                        ", offset " + std::to_string(v.offset) + ") reaches " + where + ", outside its storage " +
                        ShapeString(storageShape) + " of " + std::to_string(storage) + " elements");
}

}  // namespace

Result<TensorView> ReadTensor(const aclTensor* tensor, const char* name) {
    if (tensor == nullptr) return NullPointer(std::string(name) + " is null");
    TensorView v;
    v.name = name;
    aclDataType dtype;
    aclGetDataType(tensor, &dtype);
    v.dtype = static_cast<DataType>(dtype);
    if (FindDataType(v.dtype) == nullptr) {
        return InvalidParam(std::string(name) + " dtype " + std::to_string(static_cast<int>(dtype)) +
                            " is not a data type ascendops knows");
    }
    int64_t* dims = nullptr;
    uint64_t rank = 0;
    aclGetViewShape(tensor, &dims, &rank);
    std::unique_ptr<int64_t[]> ownDims(dims);
    int64_t* strides = nullptr;
    uint64_t strideNum = 0;
    aclGetViewStrides(tensor, &strides, &strideNum);
    std::unique_ptr<int64_t[]> ownStrides(strides);
    v.shape.assign(dims, dims + rank);
    v.strides.assign(strides, strides + strideNum);
    if (rank > kMaxRank) {
        return InvalidParam(std::string(name) + " rank " + std::to_string(rank) + " exceeds the maximum of " +
                            std::to_string(kMaxRank));
    }
    for (int64_t d : v.shape) {
        if (d < 0) return InvalidParam(std::string(name) + " shape " + ShapeString(v.shape) + " has a negative dim");
    }
    if (!CheckedBytes(v.shape, DataTypeSize(v.dtype))) {
        return InvalidParam(std::string(name) + " shape " + ShapeString(v.shape) + " holds more than 2^63 - 1 bytes");
    }
    aclGetViewOffset(tensor, &v.offset);
    void* addr = nullptr;
    aclGetRawTensorAddr(tensor, &addr);
    v.data = static_cast<uint8_t*>(addr);
    if (v.data == nullptr && v.Numel() > 0) return NullPointer(std::string(name) + " has no device data");
    if (auto e = CheckViewInStorage(tensor, v)) return *e;
    return v;
}

Result<std::vector<TensorView>> ReadTensors(const aclTensor* const* tensors, const char* const* names, size_t count) {
    std::vector<TensorView> out;
    for (size_t i = 0; i < count; ++i) {
        auto t = ReadTensor(tensors[i], names[i]);
        if (!t) return t.error();
        out.push_back(*t);
    }
    return out;
}

std::optional<Error> CheckSameShape(const TensorView& a, const TensorView& b) {
    if (a.shape != b.shape) {
        return InvalidParam(b.name + " shape " + ShapeString(b.shape) + " must equal " + a.name + " shape " +
                            ShapeString(a.shape));
    }
    return std::nullopt;
}

std::optional<Error> CheckDtype(const TensorView& t, DataType expected) {
    if (t.dtype != expected) {
        return InvalidParam(t.name + " dtype " + DataTypeName(t.dtype) + " must be " + DataTypeName(expected));
    }
    return std::nullopt;
}

std::optional<Error> CheckContiguous(const TensorView& t) {
    if (!t.IsContiguous()) return InvalidParam(t.name + " must be contiguous (strides do not match its shape)");
    return std::nullopt;
}

OwnedTensor OwnedTensor::Dense(const std::vector<int64_t>& shape, DataType dtype, void* addr) {
    std::vector<int64_t> strides(shape.size(), 1);
    for (size_t i = shape.size(); i-- > 1;) strides[i - 1] = strides[i] * std::max<int64_t>(shape[i], 1);
    return OwnedTensor(aclCreateTensor(shape.data(), shape.size(), static_cast<aclDataType>(dtype), strides.data(), 0,
                                       ACL_FORMAT_ND, shape.data(), shape.size(), addr));
}

OwnedTensor OwnedTensor::Of(const TensorView& view) {
    int64_t span = view.Numel() == 0 ? 0 : view.offset + 1;  // storage elements the view reaches
    for (size_t i = 0; i < view.shape.size() && view.Numel() != 0; ++i) span += (view.shape[i] - 1) * view.strides[i];
    const std::vector<int64_t> storage{span};
    return OwnedTensor(aclCreateTensor(view.shape.data(), view.shape.size(), static_cast<aclDataType>(view.dtype),
                                       view.strides.data(), view.offset, ACL_FORMAT_ND, storage.data(), 1, view.data));
}

OwnedTensor::OwnedTensor(OwnedTensor&& other) noexcept : tensor_(other.tensor_) { other.tensor_ = nullptr; }

OwnedTensor::~OwnedTensor() {
    if (tensor_ != nullptr) aclDestroyTensor(tensor_);
}

void CopyToContiguous(const TensorView& view, uint8_t* dense) {
    const size_t elem = DataTypeSize(view.dtype);
    const uint64_t n = view.Numel();
    const size_t rank = view.shape.size();
    std::vector<int64_t> index(rank, 0);
    for (uint64_t i = 0; i < n; ++i) {
        int64_t src = view.offset;
        for (size_t d = 0; d < rank; ++d) src += index[d] * view.strides[d];
        std::memcpy(dense + i * elem, view.data + src * static_cast<int64_t>(elem), elem);
        for (size_t d = rank; d-- > 0;) {  // odometer increment, last dim fastest
            if (++index[d] < view.shape[d]) break;
            index[d] = 0;
        }
    }
    NoteHostWrite(dense, n * elem);
}

}  // namespace ascendops
