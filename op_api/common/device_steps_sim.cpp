// The twin's device steps (device_steps.h): device memory is host memory and a stream runs in call order, so each
// step is the CPU implementation of the built-in's documented semantics, run now.
#include <algorithm>
#include <limits>
#include <numeric>
#include <string>
#include <vector>

#include "aclnn_context.h"
#include "device_steps.h"

namespace ascendops::device {

std::optional<Error> MakeContiguous(const TensorView& view, uint8_t* dense, aclrtStream) {
    CopyToContiguous(view, dense);
    return std::nullopt;
}

std::optional<Error> SortIndices(const TensorView& indices, int32_t* sorted, int32_t* pos, aclrtStream) {
    const uint64_t n = indices.Numel();
    std::vector<int64_t> keys(n);
    if (indices.dtype == DataType::kInt64) {
        CopyToContiguous(indices, reinterpret_cast<uint8_t*>(keys.data()));
    } else {
        std::vector<int32_t> raw(n);
        CopyToContiguous(indices, reinterpret_cast<uint8_t*>(raw.data()));
        std::copy(raw.begin(), raw.end(), keys.begin());
    }
    std::vector<int32_t> order(n);
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](int32_t a, int32_t b) { return keys[a] < keys[b]; });
    constexpr int64_t kMin = std::numeric_limits<int32_t>::min();
    constexpr int64_t kMax = std::numeric_limits<int32_t>::max();
    for (uint64_t i = 0; i < n; ++i) {
        const int64_t k = keys[order[i]];
        sorted[i] = k < kMin || k > kMax ? -1 : static_cast<int32_t>(k);
        pos[i] = order[i];
    }
    NoteHostWrite(sorted, n * sizeof(int32_t));  // device writes, done on the host
    NoteHostWrite(pos, n * sizeof(int32_t));
    return std::nullopt;
}

std::optional<Error> Zero(void* dev, uint64_t bytes, aclrtStream stream) {
    if (aclrtMemsetAsync(dev, bytes, 0, bytes, stream) != ACL_SUCCESS) {
        return Error{Status::kRuntimeError, "aclrtMemsetAsync of " + std::to_string(bytes) + " bytes failed"};
    }
    return std::nullopt;
}

}  // namespace ascendops::device
