// The NPU's device steps (device_steps.h): CANN's built-in aclnn operators (cann_builtins.h) queued on the call's
// stream. Their workspaces and the sort's scratch tensors are device buffers of this call; the stream is
// synchronised before they are freed (a host wait; no data leaves the device). NPU build only; never run here.
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "cann_builtins.h"
#include "device_steps.h"

namespace ascendops::device {
namespace {

// Device buffers of one step, freed after the stream has run them.
class Scratch {
public:
    explicit Scratch(aclrtStream stream) : stream_(stream) {}
    Scratch(const Scratch&) = delete;
    Scratch& operator=(const Scratch&) = delete;
    ~Scratch() {
        if (buffers_.empty()) return;
        aclrtSynchronizeStream(stream_);
        for (void* p : buffers_) aclrtFree(p);
    }
    uint8_t* Take(uint64_t bytes) {
        if (bytes == 0) return nullptr;
        void* p = nullptr;
        if (aclrtMalloc(&p, bytes, ACL_MEM_MALLOC_HUGE_FIRST) != ACL_SUCCESS) return nullptr;
        buffers_.push_back(p);
        return static_cast<uint8_t*>(p);
    }

private:
    aclrtStream stream_;
    std::vector<void*> buffers_;
};

std::optional<Error> Failed(const char* what) {
    const char* why = aclGetRecentErrMsg();
    return Error{Status::kRuntimeError, std::string(what) + " failed: " + (why != nullptr ? why : "")};
}

// A built-in's two phases with a workspace from `scratch`.
template <typename Phase1, typename Phase2>
std::optional<Error> Builtin(const char* name, Phase1&& phase1, Phase2 phase2, Scratch& scratch, aclrtStream stream) {
    uint64_t size = 0;
    aclOpExecutor* executor = nullptr;
    if (phase1(&size, &executor) != 0) return Failed(name);
    uint8_t* ws = scratch.Take(size);
    if (size > 0 && ws == nullptr) return Error{Status::kRuntimeError, std::string(name) + ": no device workspace"};
    if (phase2(ws, size, executor, stream) != 0) return Failed(name);
    return std::nullopt;
}

std::optional<Error> Copy(aclTensor* dst, const aclTensor* src, Scratch& scratch, aclrtStream stream) {
    return Builtin(
        "aclnnInplaceCopy",
        [&](uint64_t* size, aclOpExecutor** ex) { return aclnnInplaceCopyGetWorkspaceSize(dst, src, size, ex); },
        &aclnnInplaceCopy, scratch, stream);
}

}  // namespace

std::optional<Error> MakeContiguous(const TensorView& view, uint8_t* dense, aclrtStream stream) {
    Scratch scratch(stream);
    const OwnedTensor src = OwnedTensor::Of(view);
    const OwnedTensor dst = OwnedTensor::Dense(view.shape, view.dtype, dense);
    if (src.Get() == nullptr || dst.Get() == nullptr) return Failed("aclCreateTensor");
    return Copy(dst.Get(), src.Get(), scratch, stream);
}

std::optional<Error> SortIndices(const TensorView& indices, int32_t* sorted, int32_t* pos, aclrtStream stream) {
    Scratch scratch(stream);
    const int64_t n = static_cast<int64_t>(indices.Numel());
    const std::vector<int64_t> flat{n};
    const bool wide = indices.dtype == DataType::kInt64;
    const uint64_t elem = wide ? sizeof(int64_t) : sizeof(int32_t);
    // Keys: the raw indices densely, as one row of n (row-major order = each element's flat position).
    const bool dense = indices.IsContiguous();
    uint8_t* keys = dense ? indices.ElementAddress() : scratch.Take(n * elem);
    uint8_t* order = scratch.Take(n * sizeof(int64_t));         // aclnnSort's indicesOut is INT64
    uint8_t* values = wide ? scratch.Take(n * elem) : nullptr;  // INT64 sorted keys, before the narrowing
    if (keys == nullptr || order == nullptr || (wide && values == nullptr)) {
        return Error{Status::kRuntimeError, "SortIndices: cannot allocate device scratch"};
    }
    if (!dense) {
        const OwnedTensor src = OwnedTensor::Of(indices);
        const OwnedTensor keysNd = OwnedTensor::Dense(indices.shape, indices.dtype, keys);
        if (auto e = Copy(keysNd.Get(), src.Get(), scratch, stream)) return e;
    }
    const OwnedTensor keys1d = OwnedTensor::Dense(flat, indices.dtype, keys);
    const OwnedTensor valuesT =
        OwnedTensor::Dense(flat, indices.dtype, wide ? values : reinterpret_cast<uint8_t*>(sorted));
    const OwnedTensor orderT = OwnedTensor::Dense(flat, DataType::kInt64, order);
    if (auto e = Builtin(
            "aclnnSort",
            [&](uint64_t* size, aclOpExecutor** ex) {
                return aclnnSortGetWorkspaceSize(keys1d.Get(), true, 0, false, valuesT.Get(), orderT.Get(), size, ex);
            },
            &aclnnSort, scratch, stream)) {
        return e;
    }
    const OwnedTensor posT = OwnedTensor::Dense(flat, DataType::kInt32, pos);
    auto narrow = [&](const aclTensor* from, aclTensor* to) {
        return Builtin(
            "aclnnCast",
            [&](uint64_t* size, aclOpExecutor** ex) {
                return aclnnCastGetWorkspaceSize(from, ACL_INT32, to, size, ex);
            },
            &aclnnCast, scratch, stream);
    };
    if (auto e = narrow(orderT.Get(), posT.Get())) return e;  // positions < 2^31: exact
    if (!wide) return std::nullopt;
    // INT64 keys outside INT32: clamped to [-1, 2^31 - 1] (no row either way), then narrowed exactly.
    int64_t lo = -1;
    int64_t hi = std::numeric_limits<int32_t>::max();
    aclScalar* minS = aclCreateScalar(&lo, ACL_INT64);
    aclScalar* maxS = aclCreateScalar(&hi, ACL_INT64);
    auto clamp = Builtin(
        "aclnnClamp",
        [&](uint64_t* size, aclOpExecutor** ex) {
            return aclnnClampGetWorkspaceSize(valuesT.Get(), minS, maxS, valuesT.Get(), size, ex);
        },
        &aclnnClamp, scratch, stream);
    aclDestroyScalar(minS);
    aclDestroyScalar(maxS);
    if (clamp) return clamp;
    const OwnedTensor sortedT = OwnedTensor::Dense(flat, DataType::kInt32, sorted);
    return narrow(valuesT.Get(), sortedT.Get());
}

std::optional<Error> Zero(void* dev, uint64_t bytes, aclrtStream stream) {
    if (bytes == 0) return std::nullopt;
    if (aclrtMemsetAsync(dev, bytes, 0, bytes, stream) != ACL_SUCCESS) return Failed("aclrtMemsetAsync");
    return std::nullopt;
}

}  // namespace ascendops::device
