// Broadcast (asc-devkit include/adv_api/pad/broadcast.h): a dim-1 or dim-2 src whose extent on `axis` is 1 copied
// along that axis to dstShape (numpy's broadcast_to), with or without a sharedTmpBuffer (checked live). Each dst
// element is the src element it repeats, its definedness with it.
#pragma once
#include <cstdint>
#include <vector>

#include "sim/vector_core.h"

namespace ascendc_sim {

template <typename T, int32_t dim, int32_t axis>
void BroadcastAlong(const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<T>& src, const uint32_t* dstShape,
                    const uint32_t* srcShape, const AscendC::LocalTensor<uint8_t>* tmp) {
    static_assert(dim == 1 || dim == 2, "Broadcast: dim must be 1 or 2 (Broadcast.md)");
    static_assert(axis == 0 || axis == 1, "Broadcast: axis must be 0 or 1 (Broadcast.md)");
    const char* api = "Broadcast";
    CoreContext& c = Core();
    Poll(c);
    RequireType<T>(api, sizeof(T) == 1 || sizeof(T) == 2 || sizeof(T) == 4);
    if (tmp != nullptr) tmp->CheckLive(api);
    const uint32_t rows = dim == 2 ? dstShape[0] : 1, cols = dstShape[dim - 1];
    const uint32_t srcRows = dim == 2 ? srcShape[0] : 1, srcCols = srcShape[dim - 1];
    for (int32_t d = 0; d < dim; ++d) {
        const bool ok = d == axis ? srcShape[d] == 1 : srcShape[d] == dstShape[d];
        if (!ok) {
            Fail(api, Str("srcShape[", d, "] = ", srcShape[d], " with dstShape[", d, "] = ", dstShape[d],
                          ": src must be 1 on axis ", axis, " and equal to dst on the other axis"));
        }
    }
    const T* s = src.Operand(api, "src", uint64_t{srcRows} * srcCols);
    T* d = dst.Operand(api, "dst", uint64_t{rows} * cols);
    std::vector<uint32_t> offsets(uint64_t{rows} * cols);
    for (uint32_t i = 0; i < rows; ++i) {
        for (uint32_t j = 0; j < cols; ++j) {
            const uint32_t from = (srcRows == 1 ? 0 : i) * srcCols + (srcCols == 1 ? 0 : j);
            d[uint64_t{i} * cols + j] = s[from];
            offsets[uint64_t{i} * cols + j] = from * sizeof(T);
        }
    }
    if (!offsets.empty()) {
        PickFlow(c, api, dst.UbOffset(), offsets.data(), src.UbOffset(), static_cast<uint32_t>(offsets.size()),
                 sizeof(T), 0, uint64_t{srcRows} * srcCols * sizeof(T));
    }
    CountVector(c, VecClass::kSimple, offsets.size(), sizeof(T));
}

}  // namespace ascendc_sim

namespace AscendC {

template <typename T, int32_t dim, int32_t axis, bool isReuseSource = false>
__aicore__ inline void Broadcast(const LocalTensor<T>& dstLocal, const LocalTensor<T>& srcLocal,
                                 const uint32_t dstShape[dim], const uint32_t srcShape[dim],
                                 LocalTensor<uint8_t>& sharedTmpBuffer, ascendc_sim::CallSite = {}) {
    ascendc_sim::BroadcastAlong<T, dim, axis>(dstLocal, srcLocal, dstShape, srcShape, &sharedTmpBuffer);
}
template <typename T, int32_t dim, int32_t axis, bool isReuseSource = false>
__aicore__ inline void Broadcast(const LocalTensor<T>& dstLocal, const LocalTensor<T>& srcLocal,
                                 const uint32_t dstShape[dim], const uint32_t srcShape[dim],
                                 ascendc_sim::CallSite = {}) {
    ascendc_sim::BroadcastAlong<T, dim, axis>(dstLocal, srcLocal, dstShape, srcShape, nullptr);
}

}  // namespace AscendC
